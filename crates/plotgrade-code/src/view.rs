//! Human-readable views of what the code channel saw, for `plotgrade dump elements` and
//! `plotgrade diff`: the element list, an element-level diff or an edit comparison, each
//! followed by a unified text diff (the `similar` crate), or all of it as JSON.

use std::fmt::Write as _;

use serde_json::json;
use similar::TextDiff;

use super::diff::{CodeScore, EditOp, compare_edit, edit_ops};
use super::extract::{Elements, extract};
use super::{Element, Value};

fn attrs_line(e: &Element) -> String {
    let mut parts: Vec<String> = e.attrs.iter().map(|(k, v)| format!("{k}={v}")).collect();
    for (k, v) in &e.info {
        parts.push(format!("# {k}: {v}"));
    }
    parts.join("  ")
}

/// The elements one per line, grouped by axes, then shortcuts and diagnostics.
pub fn render_elements(elements: &Elements) -> String {
    let mut out = String::new();
    let d = &elements.diagnostics;
    let _ = write!(out, "{} elements", elements.elements.len());
    if d.syntax_errors > 0 {
        let at = d.first_error.map_or(String::new(), |p| {
            format!(", first at {}:{}", p.line, p.column)
        });
        let _ = write!(out, "; {} syntax error(s){at}", d.syntax_errors);
    }
    if d.symbolic > 0 {
        let _ = write!(out, "; {} symbolic value(s)", d.symbolic);
    }
    out.push('\n');
    if let Some(err) = &d.error {
        let _ = writeln!(out, "error: {err}");
    }
    let mut axes: Vec<usize> = elements.elements.iter().map(|e| e.axes).collect();
    axes.sort_unstable();
    axes.dedup();
    for a in axes {
        let _ = writeln!(out, "axes {a}:");
        for e in elements.elements.iter().filter(|e| e.axes == a) {
            let _ = writeln!(
                out,
                "  {:<10} {:<12} {}  (line {})",
                e.kind.name(),
                e.key,
                attrs_line(e),
                e.line
            );
        }
    }
    if !elements.shortcuts.is_empty() {
        out.push_str("shortcuts:\n");
        for s in &elements.shortcuts {
            let src = s
                .source
                .as_ref()
                .map_or(String::new(), |p| format!(" {p:?}"));
            let _ = writeln!(out, "  {}{src} (line {})", s.call, s.line);
        }
    }
    if !d.repaired_lines.is_empty() {
        let _ = writeln!(
            out,
            "repaired (unclosed brackets closed): lines {:?}",
            d.repaired_lines
        );
    }
    for n in &d.notes {
        let _ = writeln!(out, "note: {n}");
    }
    out
}

/// One op as a line: `- removed`, `+ added`, `~ changed`.
pub fn render_op(op: &EditOp) -> String {
    let show = |v: &Option<Value>| v.as_ref().map_or("(absent)".to_string(), |v| v.to_string());
    match op {
        EditOp::Removed { element } => format!("- {}: {}", element.describe(), attrs_line(element)),
        EditOp::Added { element } => format!("+ {}: {}", element.describe(), attrs_line(element)),
        EditOp::Changed {
            what,
            attr,
            old,
            new,
            ..
        } => {
            format!("~ {what} {attr}: {} -> {}", show(old), show(new))
        }
    }
}

fn text_diff(old: &str, new: &str, a: &str, b: &str) -> String {
    TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(a, b)
        .to_string()
}

fn render_score(score: &CodeScore) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "edit agreement: precision {:.3}  recall {:.3}  F1 {:.3}",
        score.precision, score.recall, score.f1
    );
    let credit_of = |i: usize, generated: bool| {
        score
            .matches
            .iter()
            .find(|m| {
                if generated {
                    m.generated == i
                } else {
                    m.reference == i
                }
            })
            .map(|m| m.credit)
    };
    for (title, ops, generated) in [
        (
            "generated edit (original -> generated)",
            &score.generated_ops,
            true,
        ),
        (
            "reference edit (original -> reference)",
            &score.reference_ops,
            false,
        ),
    ] {
        let _ = writeln!(out, "{title}: {} operation(s)", ops.len());
        for (i, op) in ops.iter().enumerate() {
            let mark = match credit_of(i, generated) {
                Some(c) if c >= 1.0 => "[match] ".to_string(),
                Some(c) => format!("[{c:.2}] "),
                None => "[miss]  ".to_string(),
            };
            let _ = writeln!(out, "  {mark}{}", render_op(op));
        }
    }
    for n in &score.notes {
        let _ = writeln!(out, "note: {n}");
    }
    out
}

/// Without `base_src`: the element-level diff `old_src` → `new_src` and the text diff.
/// With it: the edit comparison, reading `old_src` as the reference and `new_src` as the
/// generated script (the direction of a generation diff, reference → generated), both
/// edits of `base_src`, and the two text diffs from the base. `json` gives the same
/// content as one JSON object.
pub fn render_diff(old_src: &str, new_src: &str, base_src: Option<&str>, json: bool) -> String {
    let (old, new) = (extract(old_src), extract(new_src));
    match base_src {
        None => {
            let ops = edit_ops(&old, &new);
            let text = text_diff(old_src, new_src, "old", "new");
            if json {
                return json!({ "ops": ops, "text_diff": text }).to_string();
            }
            let mut out = format!("element diff: {} operation(s)\n", ops.len());
            for op in &ops {
                let _ = writeln!(out, "  {}", render_op(op));
            }
            out.push_str("text diff:\n");
            out.push_str(&text);
            out
        }
        Some(base_src) => {
            let (reference, generated) = (old, new);
            let score = compare_edit(&extract(base_src), &generated, &reference);
            let gen_text = text_diff(base_src, new_src, "original", "generated");
            let ref_text = text_diff(base_src, old_src, "original", "reference");
            if json {
                return json!({
                    "score": score,
                    "text_diff_generated": gen_text,
                    "text_diff_reference": ref_text,
                })
                .to_string();
            }
            let mut out = render_score(&score);
            out.push_str("text diff, original -> generated:\n");
            out.push_str(&gen_text);
            out.push_str("text diff, original -> reference:\n");
            out.push_str(&ref_text);
            out
        }
    }
}
