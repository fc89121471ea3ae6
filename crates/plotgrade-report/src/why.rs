//! The reason of a verdict in words, one line: what a person reads first on a report row
//! and in results.csv's `reason` column.
//!
//! Read from the result only (its status, flags and the figure channel's evidence): the
//! words say why the figure channel, which decides a verdict, saw what it saw
//! (docs/scoring.md). The first few differences are named; the row's details have all.

use plotgrade_model::details::{FigureDetails, RecordedOp};
use plotgrade_model::matching::MatchMode;
use plotgrade_model::record::{Flag, GradeResult};
use plotgrade_model::status::Status;
use serde_json::Value;

use crate::text::describe_op;

/// Differences named in a reason; the rest are counted.
const NAMED: usize = 2;
/// The longest reason, in characters (the row has the whole evidence).
const LONGEST: usize = 300;

/// Why `r` got its verdict, in one line.
pub fn reason(r: &GradeResult) -> String {
    let text = words(r);
    if text.chars().count() > LONGEST {
        let cut: String = text.chars().take(LONGEST - 1).collect();
        format!("{cut}…")
    } else {
        text
    }
}

fn words(r: &GradeResult) -> String {
    if let Some(said) = not_compared(r) {
        return said;
    }
    let figure = &r.channels.figure;
    let Some(d) = &figure.details else {
        let why = figure.reason.as_deref().unwrap_or("no evidence");
        return format!("the figure channel could not compare: {why}");
    };
    let generated: Vec<&str> = d.ops.lines().filter(|l| !l.trim().is_empty()).collect();
    if d.matched.mode == MatchMode::Generation {
        generation_words(r, d, &generated)
    } else {
        edit_words(r, d, &generated)
    }
}

/// The reason when the figure's evidence is not what decided: no code, no figure, or a
/// flag that fails the answer whatever it drew.
fn not_compared(r: &GradeResult) -> Option<String> {
    if r.status == Status::NoCode {
        return Some("no code in the response".to_string());
    }
    if r.status != Status::Ok {
        let error = r
            .error
            .as_deref()
            .and_then(|e| e.lines().find(|l| !l.trim().is_empty()))
            .map(|e| format!(": {}", e.trim()))
            .unwrap_or_default();
        return Some(format!(
            "the code did not draw a figure ({}){error}",
            r.status.as_str()
        ));
    }
    for flag in &r.flags {
        let said = match flag {
            Flag::Noop => "the original figure, unchanged: no edit was made",
            Flag::Shortcut => "shows an image file instead of drawing the figure",
            Flag::UnexplainedInk => {
                "the picture shows ink the grader cannot account for, so what it would credit is not what is drawn"
            }
            Flag::Rewrite | Flag::SizeChanged => continue,
        };
        if !r.pass {
            return Some(said.to_string());
        }
    }
    None
}

/// Generation: every operation is a difference from the figure asked for.
fn generation_words(r: &GradeResult, d: &FigureDetails, generated: &[&str]) -> String {
    if r.pass {
        let mut s = "draws the figure asked for".to_string();
        if !d.style.is_empty() {
            s.push_str(&format!("; free differences: {}", named(&d.style)));
        }
        s
    } else if generated.is_empty() {
        format!("score {}/10 is below the pass mark", r.score)
    } else {
        let all: Vec<String> = generated.iter().map(|s| s.to_string()).collect();
        format!("differs from the figure asked for: {}", named(&all))
    }
}

/// An edit: the asked-for steps not made, made not as asked, and the answer's own extras.
fn edit_words(r: &GradeResult, d: &FigureDetails, generated: &[&str]) -> String {
    if r.pass {
        let mut parts = vec!["makes the edit the task asks for".to_string()];
        if !d.style.is_empty() {
            parts.push(format!("free differences: {}", named(&d.style)));
        }
        return parts.join("; ");
    }
    let m = &d.matched;
    let matched_gen: Vec<usize> = m.matches.iter().map(|x| x.generated).collect();
    let matched_ref: Vec<usize> = m.matches.iter().map(|x| x.reference).collect();
    let mut partly: Vec<String> = m
        .matches
        .iter()
        .filter(|x| x.credit < 1.0)
        .filter_map(|x| generated.get(x.generated).map(|s| s.to_string()))
        .collect();
    let mut extra: Vec<String> = generated
        .iter()
        .enumerate()
        .filter(|(i, _)| !matched_gen.contains(i))
        .map(|(_, s)| s.to_string())
        .collect();
    let mut missed: Vec<String> = m
        .reference_ops
        .iter()
        .enumerate()
        .filter(|(i, _)| !matched_ref.contains(i))
        .map(|(_, op)| describe(op))
        .collect();
    // The asked-for step done, but not as asked (`text '68°' added`, at the wrong place):
    // one difference, said once.
    missed.retain(
        |want| match extra.iter().position(|did| did.starts_with(want.as_str())) {
            Some(k) => {
                partly.push(extra.remove(k));
                false
            }
            None => true,
        },
    );
    let mut parts = Vec::new();
    if !missed.is_empty() {
        parts.push(format!("missing: {}", named(&missed)));
    }
    if !partly.is_empty() {
        parts.push(format!("not as asked: {}", named(&partly)));
    }
    if !extra.is_empty() {
        parts.push(format!("also did: {}", named(&extra)));
    }
    if parts.is_empty() {
        return format!("score {}/10 is below the pass mark", r.score);
    }
    parts.join("; ")
}

/// A reference operation in a few words: `text '68°' added`, `segment (0, 0)–(4.5, 2.5)
/// removed`, `bar 'C' height: 3 → 5`. An operation of another shape falls back to the
/// report's generic wording.
fn describe(op: &RecordedOp) -> String {
    let v = op.json();
    let verb = v.get("op").and_then(Value::as_str).unwrap_or("changed");
    if let Some(e) = v.get("element") {
        let kind = e.get("kind").and_then(Value::as_str).unwrap_or("element");
        let what = match e.get("key").and_then(Value::as_str) {
            Some(k) => format!("{kind} '{k}'"),
            None => match e.pointer("/attrs/ends/value").and_then(Value::as_array) {
                Some(ends) if ends.len() == 2 => {
                    format!("{kind} {}–{}", point(&ends[0]), point(&ends[1]))
                }
                _ => match e.get("at") {
                    Some(at) if at.as_array().is_some_and(|a| a.len() == 2) => {
                        format!("{kind} at {}", point(at))
                    }
                    _ => kind.to_string(),
                },
            },
        };
        return format!("{what} {verb}");
    }
    if let (Some(name), Some(attr)) = (
        v.get("name").and_then(Value::as_str),
        v.get("attr").and_then(Value::as_str),
    ) {
        return format!("{name} {attr} {verb}");
    }
    describe_op(v)
}

/// `(x, y)` with at most two decimals, from `[x, y]`.
fn point(v: &Value) -> String {
    let n = |i: usize| {
        v.get(i)
            .and_then(Value::as_f64)
            .map_or("?".to_string(), |x| {
                let s = format!("{x:.2}");
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            })
    };
    format!("({}, {})", n(0), n(1))
}

/// The first [`NAMED`] items, then how many more.
fn named(items: &[String]) -> String {
    let mut s = items
        .iter()
        .take(NAMED)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > NAMED {
        s.push_str(&format!(" (+{} more)", items.len() - NAMED));
    }
    s
}
