//! Element-level diffs and their scores.
//!
//! [`edit_ops`] turns two element lists into edit operations: keyed elements (bars,
//! wedges, points, titles) are paired by key; the others (lines, texts, segments…) are
//! paired by content, most similar first, so deleting the first of three lines reads as
//! one removal, not three changes. Paired elements give one `Changed` per differing
//! attribute.
//!
//! An edit task is scored by how well the generated edit (original → generated) agrees
//! with the reference edit (original → reference): removals and changes agree when they
//! touch the same element (and a change lands on the same value); additions agree by the
//! similarity of what was added. A generated script equal to the original has no
//! operations and scores 0. Generation is scored by pairing generated with reference
//! elements directly, each pair worth its attribute similarity.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use super::extract::Elements;
use super::{Element, ElementKind, Value};

/// One difference between two element lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum EditOp {
    Removed {
        element: Element,
    },
    Added {
        element: Element,
    },
    /// One attribute of a paired element; `None` where the attribute is absent.
    Changed {
        kind: ElementKind,
        axes: usize,
        /// The key in the `from` list (for positional kinds: its `#n` there).
        key: String,
        /// How a person names the element (`bar "C"`), not compared.
        what: String,
        attr: String,
        old: Option<Value>,
        new: Option<Value>,
    },
}

impl EditOp {
    /// The element an op is about (for `Changed`, its identity).
    pub fn identity(&self) -> (ElementKind, usize, &str) {
        match self {
            EditOp::Removed { element } | EditOp::Added { element } => {
                (element.kind, element.axes, &element.key)
            }
            EditOp::Changed {
                kind, axes, key, ..
            } => (*kind, *axes, key),
        }
    }
}

pub use plotgrade_model::matching::{MatchMode, OpMatch};

/// The code channel's verdict on one submission.
pub type CodeScore = plotgrade_model::matching::Matched<EditOp>;

/// Pairs `(from index, to index)` of elements that are the same element in both lists.
fn align(from: &[Element], to: &[Element]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut to_keyed: HashMap<(ElementKind, usize, &str), usize> = HashMap::new();
    for (j, e) in to.iter().enumerate().filter(|(_, e)| e.kind.keyed()) {
        to_keyed.insert((e.kind, e.axes, &e.key), j);
    }
    for (i, e) in from.iter().enumerate().filter(|(_, e)| e.kind.keyed()) {
        if let Some(&j) = to_keyed.get(&(e.kind, e.axes, e.key.as_str())) {
            pairs.push((i, j));
        }
    }
    // Positional kinds: by similarity, then by closeness of order.
    let mut groups: HashMap<(ElementKind, usize), (Vec<usize>, Vec<usize>)> = HashMap::new();
    for (i, e) in from.iter().enumerate().filter(|(_, e)| !e.kind.keyed()) {
        groups.entry((e.kind, e.axes)).or_default().0.push(i);
    }
    for (j, e) in to.iter().enumerate().filter(|(_, e)| !e.kind.keyed()) {
        groups.entry((e.kind, e.axes)).or_default().1.push(j);
    }
    let mut keys: Vec<_> = groups.keys().copied().collect();
    keys.sort();
    for k in keys {
        let (a, b) = &groups[&k];
        pairs.extend(greedy(a, b, |i, j| from[i].similarity(&to[j])));
    }
    pairs.sort();
    pairs
}

/// One-to-one pairs of `a × b` with positive weight, heaviest first; ties go to the pair
/// closest in order. Indices returned are the values of `a` and `b`.
fn greedy(a: &[usize], b: &[usize], weight: impl Fn(usize, usize) -> f64) -> Vec<(usize, usize)> {
    let mut cands = Vec::new();
    for (p, &i) in a.iter().enumerate() {
        for (q, &j) in b.iter().enumerate() {
            let w = weight(i, j);
            if w > 0.0 {
                cands.push((w, p.abs_diff(q), i, j));
            }
        }
    }
    cands.sort_by(|x, y| {
        y.0.partial_cmp(&x.0)
            .unwrap_or(Ordering::Equal)
            .then(x.1.cmp(&y.1))
            .then(x.2.cmp(&y.2))
            .then(x.3.cmp(&y.3))
    });
    let (mut used_a, mut used_b) = (BTreeSet::new(), BTreeSet::new());
    let mut out = Vec::new();
    for (_, _, i, j) in cands {
        if !used_a.contains(&i) && !used_b.contains(&j) {
            used_a.insert(i);
            used_b.insert(j);
            out.push((i, j));
        }
    }
    out
}

/// The edit operations that turn `from` into `to`.
pub fn edit_ops(from: &Elements, to: &Elements) -> Vec<EditOp> {
    let (a, b) = (&from.elements, &to.elements);
    let pairs = align(a, b);
    let partner: HashMap<usize, usize> = pairs.iter().copied().collect();
    let paired_to: BTreeSet<usize> = pairs.iter().map(|p| p.1).collect();
    let mut ops = Vec::new();
    for (i, e) in a.iter().enumerate() {
        let Some(&j) = partner.get(&i) else {
            ops.push(EditOp::Removed { element: e.clone() });
            continue;
        };
        let t = &b[j];
        let (was, now) = (e.describe(), t.describe());
        let what = if was == now {
            was
        } else {
            format!("{was} (now {now})")
        };
        let names: BTreeSet<&String> = e.attrs.keys().chain(t.attrs.keys()).collect();
        for name in names {
            let (old, new) = (e.attrs.get(name), t.attrs.get(name));
            let same = matches!((old, new), (Some(x), Some(y)) if x.same(y));
            if !same {
                ops.push(EditOp::Changed {
                    kind: e.kind,
                    axes: e.axes,
                    key: e.key.clone(),
                    what: what.clone(),
                    attr: name.clone(),
                    old: old.cloned(),
                    new: new.cloned(),
                });
            }
        }
    }
    for (j, e) in b.iter().enumerate() {
        if !paired_to.contains(&j) {
            ops.push(EditOp::Added { element: e.clone() });
        }
    }
    ops
}

/// Credit for a generated op against a reference op, in 0–1.
fn agreement(g: &EditOp, r: &EditOp) -> f64 {
    match (g, r) {
        (EditOp::Removed { element: x }, EditOp::Removed { element: y }) => f64::from(u8::from(
            x.kind == y.kind && x.axes == y.axes && x.key == y.key,
        )),
        (
            EditOp::Changed {
                kind,
                axes,
                key,
                attr,
                new,
                ..
            },
            EditOp::Changed {
                kind: k2,
                axes: a2,
                key: key2,
                attr: attr2,
                new: new2,
                ..
            },
        ) => {
            let same_target = kind == k2 && axes == a2 && key == key2 && attr == attr2;
            let same_value = match (new, new2) {
                (Some(x), Some(y)) => x.same(y),
                (None, None) => true,
                _ => false,
            };
            f64::from(u8::from(same_target && same_value))
        }
        (EditOp::Added { element: x }, EditOp::Added { element: y }) => x.similarity(y),
        _ => 0.0,
    }
}

fn syntax_notes(notes: &mut Vec<String>, named: &[(&str, &Elements)]) {
    for (name, e) in named {
        let d = &e.diagnostics;
        if let Some(err) = &d.error {
            notes.push(format!("{name} could not be read: {err}"));
        } else if d.syntax_errors > 0 {
            let at = d.first_error.map_or(String::new(), |p| {
                format!(", first at {}:{}", p.line, p.column)
            });
            notes.push(format!(
                "{name} has {} syntax error(s){at}; scored on what could be read",
                d.syntax_errors
            ));
        }
    }
}

/// Score an edit: how well original → generated agrees with original → reference.
pub fn compare_edit(original: &Elements, generated: &Elements, reference: &Elements) -> CodeScore {
    let generated_ops = edit_ops(original, generated);
    let reference_ops = edit_ops(original, reference);
    let g: Vec<usize> = (0..generated_ops.len()).collect();
    let r: Vec<usize> = (0..reference_ops.len()).collect();
    let matches: Vec<OpMatch> = greedy(&g, &r, |i, j| {
        agreement(&generated_ops[i], &reference_ops[j])
    })
    .into_iter()
    .map(|(i, j)| OpMatch {
        generated: i,
        reference: j,
        credit: agreement(&generated_ops[i], &reference_ops[j]),
    })
    .collect();
    let mut notes = Vec::new();
    if generated_ops.is_empty() {
        notes.push(
            "the generated code changes no key element of the original: a no-op edit scores 0"
                .into(),
        );
    }
    if reference_ops.is_empty() {
        notes.push("the reference changes no key element the code channel reads: this channel cannot grade the edit".into());
    }
    syntax_notes(
        &mut notes,
        &[
            ("original", original),
            ("generated", generated),
            ("reference", reference),
        ],
    );
    let counted = (generated_ops.len(), reference_ops.len());
    CodeScore::scored(
        MatchMode::Edit,
        generated_ops,
        reference_ops,
        matches,
        counted,
        notes,
    )
}

/// Score a generation: generated elements against reference elements.
pub fn compare_generation(generated: &Elements, reference: &Elements) -> CodeScore {
    let (g, r) = (&generated.elements, &reference.elements);
    let matches: Vec<OpMatch> = align(r, g)
        .into_iter()
        .map(|(ri, gi)| OpMatch {
            generated: gi,
            reference: ri,
            credit: r[ri].similarity(&g[gi]),
        })
        .filter(|m| m.credit > 0.0)
        .collect();
    let mut notes = Vec::new();
    if g.is_empty() && r.is_empty() {
        notes.push("neither script has a key element the code channel reads".into());
    }
    syntax_notes(
        &mut notes,
        &[("generated", generated), ("reference", reference)],
    );
    CodeScore::scored(
        MatchMode::Generation,
        edit_ops(reference, generated),
        Vec::new(),
        matches,
        (g.len(), r.len()),
        notes,
    )
}
