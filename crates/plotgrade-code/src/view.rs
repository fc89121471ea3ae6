//! Human-readable views of what the code channel saw, for `plotgrade dump elements` and
//! `plotgrade diff`: the element list, an element-level diff or an edit comparison, each
//! followed by a unified text diff (the `similar` crate), or all of it as JSON.

use std::fmt::Write as _;

use serde_json::json;
use similar::TextDiff;

use super::diff::{CodeScore, EditOp, compare_edit, edit_ops};
use super::extract::{Elements, MAX_SOURCE_BYTES, extract};
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
    unified_text_diff(old, new, 3, (a, b))
}

/// Most lines of a source the text diff reads. A plotting script has a few hundred; the
/// diff's time grows faster than its length (two sources of a million similar lines took
/// 8 s, 20,000 take 0.1 s).
pub const MAX_DIFF_LINES: usize = 20_000;

/// Why two sources are not diffed line by line, if they are not: either is longer than
/// [`MAX_SOURCE_BYTES`] (what the code channel reads at all) or [`MAX_DIFF_LINES`].
pub fn too_large_to_diff(old: &str, new: &str) -> Option<String> {
    for (side, text) in [("old", old), ("new", new)] {
        let lines = text.lines().count();
        if text.len() > MAX_SOURCE_BYTES || lines > MAX_DIFF_LINES {
            return Some(format!(
                "no text diff: the {side} source has {lines} lines and {} bytes, over the \
                 {MAX_DIFF_LINES} lines or {MAX_SOURCE_BYTES} bytes a diff reads",
                text.len()
            ));
        }
    }
    None
}

/// A unified diff of two sources with `context` lines around each change and `headers`
/// for the two sides, or, for sources too large to diff ([`too_large_to_diff`]), the
/// line that says so.
pub fn unified_text_diff(old: &str, new: &str, context: usize, headers: (&str, &str)) -> String {
    if let Some(why) = too_large_to_diff(old, new) {
        return format!("({why})\n");
    }
    TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(context)
        .header(headers.0, headers.1)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_of_two_million_line_sources_is_a_note_not_seconds() {
        // Two sources of a million similar lines took the diff 8 s; a submission's text
        // is diffed in the grader's own process.
        let old: String = (0..1_000_000)
            .map(|i| format!("y = {}\n", i % 1000))
            .collect();
        let new: String = (0..1_000_000)
            .map(|i| format!("y = {}\n", (i * 7) % 1000))
            .collect();
        let text = unified_text_diff(&old, &new, 3, ("old", "new"));
        assert!(
            text.starts_with("(no text diff: the old source has 1000000 lines"),
            "{text}"
        );
        // A script's diff is as it was.
        let text = unified_text_diff("a = 1\nb = 2\n", "a = 1\nb = 3\n", 3, ("old", "new"));
        assert_eq!(
            text,
            "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a = 1\n-b = 2\n+b = 3\n"
        );
    }
}
