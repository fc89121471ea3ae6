//! Scores: how well a generated figure answers the task, from scenes alone.
//!
//! **Edit** (deletion, modification, annotation): the generated edit is original →
//! generated, the reference edit is original → reference, both as [`EditOp`]s measured in
//! the original's frames. A generated op agrees with a reference op when it is the same
//! action on the same target: a removal of the same original element; a change of the same
//! attribute of the same original element to a new value within tolerance; an addition
//! of an element that pairs with the reference's added element (as elements of two scenes
//! pair), worth that pair's [`element_credit`]. Precision and recall are the credit over
//! the generated and the reference op counts. A generated figure that draws what the
//! original drew has no ops and scores 0.
//!
//! **Generation**: generated elements pair with reference elements; each pair is worth its
//! [`element_credit`]; precision and recall are the credit over the generated and the
//! reference element counts (per-axes settings excluded, see [`Kind::counts_in_generation`]).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::diff::{EditOp, diff_inventories};
use super::element::{Ctx, Element, Role, role};
use super::extract::Inventory;
use super::pairing::{pair, pair_elements};
use super::tolerance::{Frame, Tolerances};
use crate::scene::Scene;

/// Which task an [`FigureScore`] graded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Edit,
    Generation,
}

/// One agreement found while scoring, worth `credit` in 0–1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpMatch {
    /// Edit: index into `generated_ops`. Generation: element id in the generated scene.
    pub generated: usize,
    /// Edit: index into `reference_ops`. Generation: element id in the reference scene.
    pub reference: usize,
    pub credit: f64,
}

/// The figure channel's verdict on one submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureScore {
    pub mode: Mode,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    /// The channel's score in 0–1 (the F1).
    pub score: f64,
    /// Edit: original → generated. Generation: reference → generated (every difference).
    pub generated_ops: Vec<EditOp>,
    /// Edit: original → reference. Generation: empty.
    pub reference_ops: Vec<EditOp>,
    pub matches: Vec<OpMatch>,
    /// Why a score is what it is when that is not obvious (no-op edit, nothing drawn).
    pub notes: Vec<String>,
}

/// How much of reference element `r` the element `g` delivers, in 0–1: 0 when they are of
/// different kinds or a primary attribute differs (a bar of the wrong height is not the
/// bar); otherwise 1, less half the share of secondary attributes that differ, less 0.1
/// for each cosmetic one (see [`role`]).
pub fn element_credit(r: &Element, g: &Element, cx: Ctx) -> f64 {
    if r.kind != g.kind {
        return 0.0;
    }
    let mut attrs: Vec<&String> = r.attrs.keys().chain(g.attrs.keys()).collect();
    attrs.sort();
    attrs.dedup();
    let (mut secondary, mut secondary_off, mut cosmetic_off) = (0usize, 0usize, 0usize);
    for attr in attrs {
        let (a, b) = (r.attrs.get(attr), g.attrs.get(attr));
        // A secondary or cosmetic reading only one side has (the arrow target of an
        // `annotate` against a plain `text` at the same place) is not a difference: the
        // drawing says nothing about it on the other side. A missing primary one is.
        if (a.is_none() || b.is_none()) && role(r.kind, attr) != Role::Primary {
            continue;
        }
        let same = matches!((a, b), (Some(a), Some(b)) if a.same(b, cx));
        match role(r.kind, attr) {
            Role::Primary if !same => return 0.0,
            Role::Primary => {}
            Role::Secondary => {
                secondary += 1;
                secondary_off += usize::from(!same);
            }
            Role::Cosmetic => cosmetic_off += usize::from(!same),
        }
    }
    let off = if secondary == 0 {
        0.0
    } else {
        0.5 * secondary_off as f64 / secondary as f64
    };
    (1.0 - off - 0.1 * cosmetic_off as f64).max(0.0)
}

/// Sum of credits (`Iterator::sum` of nothing is -0.0, which prints as "-0").
fn total(matches: &[OpMatch]) -> f64 {
    matches.iter().fold(0.0, |acc, m| acc + m.credit)
}

fn prf(credit: f64, generated: usize, reference: usize) -> (f64, f64, f64) {
    let ratio = |n: usize| if n == 0 { 0.0 } else { credit / n as f64 };
    let (p, r) = (ratio(generated), ratio(reference));
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
}

/// Score an edit with the default [`Tolerances`].
pub fn compare_edit(original: &Scene, generated: &Scene, reference: &Scene) -> FigureScore {
    compare_edit_with(original, generated, reference, &Tolerances::default())
}

/// Score an edit: how well original → generated agrees with original → reference.
pub fn compare_edit_with(
    original: &Scene,
    generated: &Scene,
    reference: &Scene,
    tol: &Tolerances,
) -> FigureScore {
    let (o, g, r) = (
        Inventory::of(original),
        Inventory::of(generated),
        Inventory::of(reference),
    );
    let generated_ops = diff_inventories(&o, &g, tol);
    let reference_ops = diff_inventories(&o, &r, tol);
    let matches = match_ops(&o, &r, &generated_ops, &reference_ops, tol);
    let credit = total(&matches);
    let (precision, recall, f1) = prf(credit, generated_ops.len(), reference_ops.len());
    let mut notes = Vec::new();
    if generated.figures.is_empty() {
        notes.push("the generated script drew no figure".into());
    }
    if generated_ops.is_empty() {
        notes.push("the generated figure draws the same key elements as the original: a no-op edit scores 0".into());
    }
    if reference_ops.is_empty() {
        notes.push("the reference draws the same key elements as the original: the figure channel cannot grade this edit".into());
    }
    FigureScore {
        mode: Mode::Edit,
        precision,
        recall,
        f1,
        score: f1,
        generated_ops,
        reference_ops,
        matches,
        notes,
    }
}

/// Agreements between generated and reference ops (see the module doc).
fn match_ops(
    o: &Inventory,
    r: &Inventory,
    gen_ops: &[EditOp],
    ref_ops: &[EditOp],
    tol: &Tolerances,
) -> Vec<OpMatch> {
    let frame_of = |e: &Element| {
        o.frame(e.figure, e.axes)
            .or_else(|| r.frame(e.figure, e.axes))
            .unwrap_or(Frame::UNIT)
    };
    let mut matches = Vec::new();
    // Removals and changes name their target in the original: at most one op per
    // (target, attribute) on each side, so agreement is a lookup.
    let mut by_target: HashMap<(usize, Option<&str>), usize> = HashMap::new();
    for (k, op) in ref_ops.iter().enumerate() {
        match op {
            EditOp::Removed { element } => by_target.insert((element.id, None), k),
            EditOp::Changed { target, attr, .. } => {
                by_target.insert((*target, Some(attr.as_str())), k)
            }
            EditOp::Added { .. } => None,
        };
    }
    for (k, op) in gen_ops.iter().enumerate() {
        let agree = match op {
            EditOp::Removed { element } => by_target.get(&(element.id, None)).copied(),
            EditOp::Changed {
                target, attr, new, ..
            } => by_target
                .get(&(*target, Some(attr.as_str())))
                .copied()
                .filter(|&j| {
                    let EditOp::Changed { new: want, .. } = &ref_ops[j] else {
                        return false;
                    };
                    let frame = frame_of(o.get(*target));
                    match (new, want) {
                        (Some(a), Some(b)) => a.same(b, Ctx { tol, frame: &frame }),
                        (None, None) => true,
                        _ => false,
                    }
                }),
            EditOp::Added { .. } => None,
        };
        if let Some(j) = agree {
            matches.push(OpMatch {
                generated: k,
                reference: j,
                credit: 1.0,
            });
        }
    }
    // Additions have no target: pair the added elements as elements, then judge each pair.
    let added = |ops: &[EditOp]| -> (Vec<usize>, Vec<Element>) {
        ops.iter()
            .enumerate()
            .filter_map(|(k, op)| {
                if let EditOp::Added { element } = op {
                    Some((k, element.clone()))
                } else {
                    None
                }
            })
            .unzip()
    };
    let (ref_idx, ref_added) = added(ref_ops);
    let (gen_idx, gen_added) = added(gen_ops);
    for (p, q) in pair_elements(&ref_added, &gen_added, &frame_of, tol) {
        let frame = frame_of(&ref_added[p]);
        let credit = element_credit(&ref_added[p], &gen_added[q], Ctx { tol, frame: &frame });
        if credit > 0.0 {
            matches.push(OpMatch {
                generated: gen_idx[q],
                reference: ref_idx[p],
                credit,
            });
        }
    }
    matches.sort_by_key(|m| m.generated);
    matches
}

/// Score a generation with the default [`Tolerances`].
pub fn compare_generation(generated: &Scene, reference: &Scene) -> FigureScore {
    compare_generation_with(generated, reference, &Tolerances::default())
}

/// Score a generation: generated key elements against reference key elements.
pub fn compare_generation_with(
    generated: &Scene,
    reference: &Scene,
    tol: &Tolerances,
) -> FigureScore {
    let (g, r) = (Inventory::of(generated), Inventory::of(reference));
    let counted = |inv: &Inventory| {
        inv.elements
            .iter()
            .filter(|e| e.kind.counts_in_generation())
            .count()
    };
    let matches: Vec<OpMatch> = pair(&r, &g, tol)
        .into_iter()
        .filter(|&(ri, _)| r.get(ri).kind.counts_in_generation())
        .filter_map(|(ri, gi)| {
            let (re, ge) = (r.get(ri), g.get(gi));
            let frame = r.frame(re.figure, re.axes).unwrap_or(Frame::UNIT);
            let credit = element_credit(re, ge, Ctx { tol, frame: &frame });
            (credit > 0.0).then_some(OpMatch {
                generated: gi,
                reference: ri,
                credit,
            })
        })
        .collect();
    let credit = total(&matches);
    let (precision, recall, f1) = prf(credit, counted(&g), counted(&r));
    let mut notes = Vec::new();
    if generated.figures.is_empty() {
        notes.push("the generated script drew no figure".into());
    }
    if counted(&r) == 0 {
        notes.push("the reference draws no key element the figure channel reads".into());
    }
    FigureScore {
        mode: Mode::Generation,
        precision,
        recall,
        f1,
        score: f1,
        generated_ops: diff_inventories(&r, &g, tol),
        reference_ops: Vec::new(),
        matches,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::diff;
    use crate::scene::{Axes, Bar, Figure, Line, Text};

    fn scene(ax: Axes) -> Scene {
        let ax = Axes {
            xlim: [-1.0, 7.0],
            ylim: [-1.0, 5.0],
            xscale: "linear".into(),
            yscale: "linear".into(),
            ..ax
        };
        Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![ax],
                ..Figure::default()
            }],
        }
    }

    fn bars(heights: &[f64], colour: &str) -> Scene {
        let bars = heights
            .iter()
            .enumerate()
            .map(|(i, &h)| Bar {
                x: i as f64,
                height: h,
                width: 0.8,
                category: Some(format!("Q{}", i + 1)),
                color: colour.into(),
                ..Bar::default()
            })
            .collect();
        scene(Axes {
            bars,
            ..Axes::default()
        })
    }

    fn segment(p: [f64; 2], q: [f64; 2], colour: &str) -> Line {
        Line {
            x: vec![p[0], q[0]],
            y: vec![p[1], q[1]],
            linestyle: "-".into(),
            marker: "None".into(),
            color: colour.into(),
            ..Line::default()
        }
    }

    fn label(s: &str, x: f64, y: f64) -> Text {
        // Axes fractions of (x, y) in the frame [-1, 7] × [-1, 5].
        Text {
            text: s.into(),
            x,
            y,
            ax_x: (x + 1.0) / 8.0,
            ax_y: (y + 1.0) / 6.0,
            ..Text::default()
        }
    }

    #[test]
    fn bar_heights_within_one_percent_are_the_same() {
        assert!(diff(&bars(&[3.0, 5.0], "b"), &bars(&[3.0, 5.04], "b")).is_empty());
        assert_eq!(
            diff(&bars(&[3.0, 5.0], "b"), &bars(&[3.0, 5.2], "b")).len(),
            1
        );
    }

    #[test]
    fn a_change_agrees_when_its_new_value_is_within_tolerance() {
        let original = bars(&[3.0, 5.0], "b");
        let reference = bars(&[3.0, 7.0], "b");
        assert_eq!(
            compare_edit(&original, &bars(&[3.0, 7.03], "b"), &reference).f1,
            1.0
        );
        assert_eq!(
            compare_edit(&original, &bars(&[3.0, 6.0], "b"), &reference).f1,
            0.0
        );
        // The right bar changed, and another one too: precision halves.
        let s = compare_edit(&original, &bars(&[4.0, 7.0], "b"), &reference);
        assert_eq!((s.precision, s.recall), (0.5, 1.0));
    }

    #[test]
    fn a_removal_agrees_only_on_the_same_element() {
        let original = bars(&[3.0, 5.0, 2.0], "b");
        let reference = scene(Axes {
            bars: bars(&[3.0, 5.0, 2.0], "b").figures[0].axes[0].bars[..2].to_vec(),
            ..Axes::default()
        });
        let wrong = scene(Axes {
            bars: bars(&[3.0, 5.0, 2.0], "b").figures[0].axes[0].bars[1..].to_vec(),
            ..Axes::default()
        });
        assert_eq!(compare_edit(&original, &reference, &reference).f1, 1.0);
        assert_eq!(compare_edit(&original, &wrong, &reference).f1, 0.0);
    }

    #[test]
    fn added_labels_agree_by_text_and_place() {
        let tri = vec![Line {
            x: vec![1.0, 0.0, 6.0, 1.0],
            y: vec![4.0, 0.0, 0.0, 4.0],
            linestyle: "-".into(),
            marker: "None".into(),
            ..Line::default()
        }];
        let with = |texts: Vec<Text>| {
            scene(Axes {
                lines: tri.clone(),
                texts,
                ..Axes::default()
            })
        };
        let original = with(vec![]);
        let reference = with(vec![label("$60^\\circ$", 0.5, 0.3)]);
        // Written another way, a few pixels away: the same label.
        assert_eq!(
            compare_edit(&original, &with(vec![label("60°", 0.6, 0.35)]), &reference).f1,
            1.0
        );
        // At another vertex, or with another value: not the label asked for.
        assert_eq!(
            compare_edit(&original, &with(vec![label("60°", 5.0, 0.3)]), &reference).f1,
            0.0
        );
        assert_eq!(
            compare_edit(&original, &with(vec![label("45°", 0.5, 0.3)]), &reference).f1,
            0.0
        );
    }

    #[test]
    fn credit_follows_the_roles_of_what_differs() {
        let tol = Tolerances::default();
        let frame = Frame::UNIT;
        let cx = Ctx {
            tol: &tol,
            frame: &frame,
        };
        let one = |s: &Scene, kind| {
            Inventory::of(s)
                .elements
                .into_iter()
                .find(|e| e.kind == kind)
                .unwrap()
        };
        let bar = |h: f64, c: &str| one(&bars(&[h], c), crate::figure::Kind::Bar);
        assert_eq!(element_credit(&bar(5.0, "b"), &bar(5.0, "b"), cx), 1.0);
        // Bar colour is secondary (one of bottom, orientation, colour).
        assert!(
            (element_credit(&bar(5.0, "b"), &bar(5.0, "r"), cx) - (1.0 - 0.5 / 3.0)).abs() < 1e-12
        );
        assert_eq!(element_credit(&bar(5.0, "b"), &bar(6.0, "b"), cx), 0.0);
        // A geometry stroke's colour is cosmetic.
        let seg = |c: &str| {
            one(
                &scene(Axes {
                    lines: vec![segment([1.0, 4.0], [3.0, 0.0], c)],
                    ..Axes::default()
                }),
                crate::figure::Kind::Segment,
            )
        };
        assert!((element_credit(&seg("k"), &seg("r"), cx) - 0.9).abs() < 1e-12);
    }

    #[test]
    fn generation_counts_key_elements_not_axes_settings() {
        let s = compare_generation(&scene(Axes::default()), &bars(&[3.0, 5.0], "b"));
        assert_eq!((s.precision, s.recall, s.f1), (0.0, 0.0, 0.0));
        let s = compare_generation(&bars(&[3.0, 5.0], "b"), &bars(&[3.0, 5.0], "b"));
        assert_eq!(s.f1, 1.0);
        let s = compare_generation(&Scene::default(), &Scene::default());
        assert_eq!(s.score, 0.0);
        assert!(s.notes.iter().any(|n| n.contains("drew no figure")));
        assert!(!s.precision.is_sign_negative(), "no -0 in reports");
    }
}
