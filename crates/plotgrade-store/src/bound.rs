//! What one stored record may hold (issue #24): every text and list a submission can fill
//! is capped as the record enters the run store, with a marker saying how much was cut,
//! and a result's JSON stays under [`MAX_RECORD_BYTES`].
//!
//! The store is the one boundary every output crosses: `results.jsonl`, `results.csv`,
//! `results.parquet`, `report.html` and its row files, the summaries and merged runs are
//! all written from the stored records, so bounding a record here bounds them all. Before
//! this, 2,000 lines labelled with 30 kB each gave a 182 MB `results.jsonl` line and a
//! 728 MB run directory for three submissions.
//!
//! The caps are far above what honest answers record (the labelled run of `scripts/demo`:
//! largest record 37.6 KB, longest text 8.3 KB, longest list 401 entries), so an honest
//! record is stored byte for byte as grading built it. A capped record reads like any
//! other: a cut text ends in `…[truncated 29,872 bytes]`, a cut list ends in one entry
//! saying `…[truncated 1,953 entries]` (`{"truncated": 1953}` in a list of edit
//! operations), and a channel whose details had to go says so in its `reason`. Capping a
//! capped record changes nothing, so a resumed, judged or merged run stores the same bytes.
//!
//! Not cut: `model` and `id`, the record's key (the ids are the task suite's; a model name
//! is the submissions file's, and a record over the limit by its name alone stays over
//! it), `artifacts` (paths plotgrade chose, at most three, each file name under 120
//! bytes), and the fixed-size numbers and flags.

use std::borrow::Cow;

use serde_json::Value;

use plotgrade_model::details::{
    CodeDetails, FigureDetails, JudgeDetails, JudgeReply, MatchDetails, RecordedOp,
};
use plotgrade_model::record::{GradeResult, Rejected};

/// The most one result's JSON (one `results.jsonl` line, less its newline) may hold.
/// Seven times the largest honest record: room for a long script's diff and element
/// lists, and a 2,000-submission run stays under 512 MB of records even at the limit.
pub const MAX_RECORD_BYTES: usize = 256 * 1024;

/// The most one text of a record may hold: an error, a reason, a label inside an edit
/// operation, a rendered operation, a diff, a judge's answer. Four times the longest
/// honest one (a code operation listing 401 data values).
pub const MAX_TEXT_BYTES: usize = 32 * 1024;

/// The most entries one list of a record may hold (operations, matches, notes, values
/// inside an operation), the marker entry included. Five times the longest honest one.
pub const MAX_LIST_ENTRIES: usize = 2048;

/// The most of a response's code the run store keeps (the `code` table). The judge shows
/// at most `judge::rubric::MAX_CODE_CHARS` (20,000) characters of it, which 256 KiB
/// always holds, so the cut never changes a prompt.
pub const MAX_CODE_BYTES: usize = 256 * 1024;

/// What texts are cut to when a record is still over [`MAX_RECORD_BYTES`] once its code,
/// figure and image details are gone (its errors and reasons were each at the full cap).
const LAST_RESORT_TEXT_BYTES: usize = 4 * 1024;

/// Room left at the end of a cut text for its marker (`…[truncated N bytes]` is at most
/// 47 bytes), so that the cut text with its marker is within the cap and capping it again
/// leaves it alone.
const MARKER_ROOM: usize = 64;

/// `result` as the run store records it: capped (see the module doc), as JSON.
pub(crate) fn result_json(result: &GradeResult) -> serde_json::Result<String> {
    let mut r = Cow::Borrowed(result);
    if needs_caps(result) {
        cap_result(r.to_mut(), MAX_TEXT_BYTES);
    }
    let mut json = serde_json::to_string(&r)?;
    if json.len() <= MAX_RECORD_BYTES {
        return Ok(json);
    }
    // Still too large: the largest evidence goes first, with a marker in its channel's
    // reason; the scores, the verdict and the judge's state stay. The judge's details are
    // kept: the judge phase reads their state to resume.
    let r = r.to_mut();
    while json.len() > MAX_RECORD_BYTES {
        let sizes = [
            size_of(&r.channels.code.details)?,
            size_of(&r.channels.figure.details)?,
            size_of(&r.channels.image.details)?,
        ];
        let (largest, &bytes) = sizes
            .iter()
            .enumerate()
            .max_by_key(|&(i, bytes)| (bytes, std::cmp::Reverse(i)))
            .expect("three channels");
        if bytes == 0 {
            cap_result(r, LAST_RESORT_TEXT_BYTES);
            json = serde_json::to_string(&r)?;
            break;
        }
        let marker = format!(
            "…[details truncated: {} bytes, over the {}-byte limit of a record]",
            thousands(bytes),
            thousands(MAX_RECORD_BYTES)
        );
        let reason = match largest {
            0 => {
                r.channels.code.details = None;
                &mut r.channels.code.reason
            }
            1 => {
                r.channels.figure.details = None;
                &mut r.channels.figure.reason
            }
            _ => {
                r.channels.image.details = None;
                &mut r.channels.image.reason
            }
        };
        append_marker(reason, &marker);
        json = serde_json::to_string(&r)?;
    }
    Ok(json)
}

/// A rejected line as the run store records it: its reason and task id capped (an
/// unknown id is the submission's, quoted in the reason).
pub(crate) fn rejected(r: &Rejected) -> Cow<'_, Rejected> {
    let long = |s: &str| s.len() > MAX_TEXT_BYTES;
    if !long(&r.reason) && !r.id.as_deref().is_some_and(long) {
        return Cow::Borrowed(r);
    }
    let mut r = r.clone();
    text(&mut r.reason, MAX_TEXT_BYTES);
    if let Some(id) = &mut r.id {
        text(id, MAX_TEXT_BYTES);
    }
    Cow::Owned(r)
}

/// A response's code as the run store keeps it (see [`MAX_CODE_BYTES`]).
pub(crate) fn code(code: &str) -> Cow<'_, str> {
    if code.len() <= MAX_CODE_BYTES {
        return Cow::Borrowed(code);
    }
    let mut code = code.to_string();
    text(&mut code, MAX_CODE_BYTES);
    Cow::Owned(code)
}

fn size_of<T: serde::Serialize>(details: &Option<T>) -> serde_json::Result<usize> {
    Ok(match details {
        Some(d) => serde_json::to_string(d)?.len(),
        None => 0,
    })
}

/// `reason` with `marker` at its end, the reason cut first so that both fit in a text.
fn append_marker(reason: &mut Option<String>, marker: &str) {
    match reason {
        Some(r) => {
            text(r, MAX_TEXT_BYTES - marker.len() - 1);
            r.push(' ');
            r.push_str(marker);
        }
        None => *reason = Some(marker.to_string()),
    }
}

/// Whether anything in `r` is over a cap (most records: no, and they are not copied).
fn needs_caps(r: &GradeResult) -> bool {
    let long = |s: &str| s.len() > MAX_TEXT_BYTES;
    let many = |n: usize| n > MAX_LIST_ENTRIES;
    let matched = |m: &MatchDetails| {
        many(m.generated_ops.len())
            || many(m.reference_ops.len())
            || many(m.matches.len())
            || many(m.notes.len())
            || m.notes.iter().any(|n| long(n))
            || m.generated_ops
                .iter()
                .chain(&m.reference_ops)
                .any(|op| value_over(op.json(), MAX_TEXT_BYTES))
    };
    let c = &r.channels;
    long(&r.sample)
        || r.variant_of.as_deref().is_some_and(long)
        || r.error.as_deref().is_some_and(long)
        || c.each()
            .iter()
            .any(|(_, _, reason)| reason.is_some_and(long))
        || c.code.details.as_ref().is_some_and(|d| {
            matched(&d.matched)
                || many(d.ops.len())
                || d.ops.iter().any(|o| long(o))
                || long(&d.text_diff)
        })
        || c.figure.details.as_ref().is_some_and(|d| {
            matched(&d.matched)
                || long(&d.ops)
                || many(d.style.len())
                || d.style.iter().any(|s| long(s))
        })
        || c.judge.details.as_ref().is_some_and(judge_over)
}

fn judge_over(d: &JudgeDetails) -> bool {
    let long = |s: &str| s.len() > MAX_TEXT_BYTES;
    match d {
        JudgeDetails::Scored(j) | JudgeDetails::Unparseable(j) | JudgeDetails::Failed(j) => {
            long(&j.model)
                || long(&j.template)
                || long(&j.template_version)
                || j.repeats.len() > MAX_LIST_ENTRIES
                || j.repeats.iter().any(|rep| match rep {
                    JudgeReply::Answered {
                        unparseable,
                        answer,
                        ..
                    } => long(answer) || unparseable.as_deref().is_some_and(long),
                    JudgeReply::Failed { error, .. } => long(error),
                })
        }
        JudgeDetails::DryRun(d) => {
            long(&d.template) || long(&d.template_version) || long(&d.prompt)
        }
        JudgeDetails::NoCode | JudgeDetails::Pending => false,
    }
}

/// Cut every text of `r` to `max` bytes and every list to [`MAX_LIST_ENTRIES`].
fn cap_result(r: &mut GradeResult, max: usize) {
    text(&mut r.sample, max);
    for s in r.variant_of.iter_mut().chain(&mut r.error) {
        text(s, max);
    }
    let c = &mut r.channels;
    for reason in [
        &mut c.code.reason,
        &mut c.figure.reason,
        &mut c.image.reason,
        &mut c.judge.reason,
    ]
    .into_iter()
    .flatten()
    {
        text(reason, max);
    }
    if let Some(d) = &mut c.code.details {
        cap_code(d, max);
    }
    if let Some(d) = &mut c.figure.details {
        cap_figure(d, max);
    }
    if let Some(d) = &mut c.judge.details {
        cap_judge(d, max);
    }
}

fn cap_code(d: &mut CodeDetails, max: usize) {
    cap_matched(&mut d.matched, max);
    texts(&mut d.ops, max);
    text(&mut d.text_diff, max);
}

fn cap_figure(d: &mut FigureDetails, max: usize) {
    cap_matched(&mut d.matched, max);
    text(&mut d.ops, max);
    texts(&mut d.style, max);
}

fn cap_matched(m: &mut MatchDetails, max: usize) {
    for ops in [&mut m.generated_ops, &mut m.reference_ops] {
        // The marker is an operation of its own, `{"truncated": N}`: it reads as no
        // channel's operation, so readers that type operations skip it, and the report
        // lists it as it lists any operation.
        list(ops, |n| {
            RecordedOp::of(&serde_json::json!({ "truncated": n }))
        });
        for op in ops.iter_mut() {
            if value_over(op.json(), max) {
                let mut v = op.json().clone();
                value(&mut v, max);
                *op = RecordedOp::of(&v);
            }
        }
    }
    // A match is a pair of indices and a credit, with no room for a marker: the cut is
    // said in the notes.
    if m.matches.len() > MAX_LIST_ENTRIES {
        let cut = m.matches.len() - MAX_LIST_ENTRIES;
        m.matches.truncate(MAX_LIST_ENTRIES);
        m.notes
            .push(format!("matches …[truncated {} entries]", thousands(cut)));
    }
    texts(&mut m.notes, max);
}

fn cap_judge(d: &mut JudgeDetails, max: usize) {
    match d {
        JudgeDetails::Scored(j) | JudgeDetails::Unparseable(j) | JudgeDetails::Failed(j) => {
            for s in [&mut j.model, &mut j.template, &mut j.template_version] {
                text(s, max);
            }
            // Every asking is kept or cut as a whole: a marker would not be an answer.
            if j.repeats.len() > MAX_LIST_ENTRIES {
                j.repeats.truncate(MAX_LIST_ENTRIES);
            }
            for rep in &mut j.repeats {
                match rep {
                    JudgeReply::Answered {
                        unparseable,
                        answer,
                        ..
                    } => {
                        text(answer, max);
                        if let Some(u) = unparseable {
                            text(u, max);
                        }
                    }
                    JudgeReply::Failed { error, .. } => text(error, max),
                }
            }
        }
        JudgeDetails::DryRun(d) => {
            for s in [&mut d.template, &mut d.template_version, &mut d.prompt] {
                text(s, max);
            }
        }
        JudgeDetails::NoCode | JudgeDetails::Pending => {}
    }
}

/// Whether a text of `v` is over `max` or a list or map of it over [`MAX_LIST_ENTRIES`].
fn value_over(v: &Value, max: usize) -> bool {
    match v {
        Value::String(s) => s.len() > max,
        Value::Array(a) => a.len() > MAX_LIST_ENTRIES || a.iter().any(|v| value_over(v, max)),
        Value::Object(m) => {
            m.len() > MAX_LIST_ENTRIES || m.iter().any(|(k, v)| k.len() > max || value_over(v, max))
        }
        _ => false,
    }
}

/// Cap a JSON value as a record is capped: texts (keys too), lists and maps.
fn value(v: &mut Value, max: usize) {
    match v {
        Value::String(s) => text(s, max),
        Value::Array(a) => {
            list(a, |n| Value::String(list_marker(n)));
            a.iter_mut().for_each(|v| value(v, max));
        }
        Value::Object(m) => {
            if m.len() > MAX_LIST_ENTRIES || m.keys().any(|k| k.len() > max) {
                let entries = std::mem::take(m);
                let over = entries.len() > MAX_LIST_ENTRIES;
                let cut = entries.len().saturating_sub(MAX_LIST_ENTRIES - 1);
                let keep = if over {
                    MAX_LIST_ENTRIES - 1
                } else {
                    entries.len()
                };
                for (mut k, v) in entries.into_iter().take(keep) {
                    text(&mut k, max);
                    m.insert(k, v);
                }
                if over {
                    m.insert(list_marker(cut), Value::Null);
                }
            }
            m.values_mut().for_each(|v| value(v, max));
        }
        _ => {}
    }
}

/// Cut `s` to at most `max` bytes (at a character boundary), marker included.
fn text(s: &mut String, max: usize) {
    if s.len() <= max {
        return;
    }
    let mut keep = max.saturating_sub(MARKER_ROOM);
    while !s.is_char_boundary(keep) {
        keep -= 1;
    }
    let cut = s.len() - keep;
    s.truncate(keep);
    s.push_str(&format!("…[truncated {} bytes]", thousands(cut)));
}

fn texts(v: &mut Vec<String>, max: usize) {
    list(v, list_marker);
    v.iter_mut().for_each(|s| text(s, max));
}

/// Cut `v` to [`MAX_LIST_ENTRIES`], its last entry `marker(entries cut)`.
fn list<T>(v: &mut Vec<T>, marker: impl FnOnce(usize) -> T) {
    if v.len() <= MAX_LIST_ENTRIES {
        return;
    }
    let cut = v.len() - (MAX_LIST_ENTRIES - 1);
    v.truncate(MAX_LIST_ENTRIES - 1);
    v.push(marker(cut));
}

fn list_marker(cut: usize) -> String {
    format!("…[truncated {} entries]", thousands(cut))
}

/// `29872` → `29,872`: a marker a person reads.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_model::details::MatchDetails;
    use plotgrade_model::matching::{MatchMode, OpMatch};

    /// Real records of a graded run (the model crate's fixture), details and all.
    fn honest() -> Vec<GradeResult> {
        include_str!("../../plotgrade-model/fixtures/results-before-typed-details.jsonl")
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    fn matched(ops: Vec<RecordedOp>, matches: usize) -> MatchDetails {
        MatchDetails {
            mode: MatchMode::Generation,
            precision: 0.5,
            recall: 0.5,
            f1: 0.5,
            score: 0.5,
            generated_ops: ops,
            reference_ops: vec![],
            matches: (0..matches)
                .map(|i| OpMatch {
                    generated: i,
                    reference: i,
                    credit: 1.0,
                })
                .collect(),
            notes: vec![],
        }
    }

    /// A record as a flood of labels leaves it: 5,000 added lines with a 40 kB label
    /// each, their rendering, a 1 MB error and a 1 MB diff.
    fn flooded() -> GradeResult {
        let mut r = honest().remove(0);
        let label = "x".repeat(40_000);
        let ops: Vec<RecordedOp> = (0..5000)
            .map(|i| {
                RecordedOp::of(&serde_json::json!({
                    "op": "added",
                    "element": {"kind": "line", "key": i, "attrs": {"label": label}},
                }))
            })
            .collect();
        let figure = r.channels.figure.details.as_mut().unwrap();
        figure.matched = matched(ops.clone(), 3000);
        figure.ops = format!("added line {label}\n").repeat(5000);
        figure.style = vec!["free".into(); 3000];
        let code = r.channels.code.details.as_mut().unwrap();
        code.text_diff = "+".repeat(1 << 20);
        r.error = Some("e".repeat(1 << 20));
        r
    }

    #[test]
    fn honest_records_are_stored_byte_for_byte() {
        for r in honest() {
            assert!(!needs_caps(&r));
            assert_eq!(result_json(&r).unwrap(), serde_json::to_string(&r).unwrap());
        }
    }

    /// Issue #24: labels were copied uncapped, 182 MB into one results line.
    #[test]
    fn a_flooded_record_is_cut_to_the_limit_with_markers_and_stays_cut() {
        let json = result_json(&flooded()).unwrap();
        assert!(json.len() <= MAX_RECORD_BYTES, "{}", json.len());
        let back: GradeResult = serde_json::from_str(&json).unwrap();
        let error = back.error.as_deref().unwrap();
        assert!(error.len() <= MAX_TEXT_BYTES);
        assert!(
            error.ends_with("…[truncated 1,015,872 bytes]"),
            "{error:.80}"
        );
        // The figure's evidence was the largest: gone, and its reason says so.
        assert_eq!(back.channels.figure.details, None);
        let reason = back.channels.figure.reason.as_deref().unwrap();
        assert!(
            reason.contains("…[details truncated: ")
                && reason.ends_with("bytes, over the 262,144-byte limit of a record]"),
            "{reason}"
        );
        // The code channel's evidence fits once cut, so it stays.
        let code = back.channels.code.details.as_ref().unwrap();
        assert!(code.text_diff.ends_with(" bytes]"));
        assert_eq!(back.channels.figure.score, flooded().channels.figure.score);
        // A resumed, judged or merged run stores the same bytes again.
        assert_eq!(result_json(&back).unwrap(), json);
    }

    #[test]
    fn long_lists_end_in_a_marker_entry() {
        let mut r = honest().remove(0);
        let op = |i: usize| RecordedOp::of(&serde_json::json!({"op": "added", "key": i}));
        let mut ops: Vec<RecordedOp> = (0..2049).map(op).collect();
        let code = r.channels.code.details.as_mut().unwrap();
        let values = RecordedOp::of(&serde_json::json!({"op": "added", "values": vec![0; 2500]}));
        code.matched = matched(vec![values], 2100);
        code.ops = vec!["op".into(); 2100];
        let figure = r.channels.figure.details.as_mut().unwrap();
        figure.matched = matched(std::mem::take(&mut ops), 0);
        let json = result_json(&r).unwrap();
        let back: GradeResult = serde_json::from_str(&json).unwrap();
        let code = back.channels.code.details.as_ref().unwrap();
        assert_eq!(code.ops.len(), MAX_LIST_ENTRIES);
        assert_eq!(code.ops.last().unwrap(), "…[truncated 53 entries]");
        assert_eq!(code.matched.matches.len(), MAX_LIST_ENTRIES);
        assert_eq!(
            code.matched.notes.last().unwrap(),
            "matches …[truncated 52 entries]"
        );
        let values = code.matched.generated_ops[0].json()["values"]
            .as_array()
            .unwrap();
        assert_eq!(values.len(), MAX_LIST_ENTRIES);
        assert_eq!(values.last().unwrap(), "…[truncated 453 entries]");
        let ops = &back
            .channels
            .figure
            .details
            .as_ref()
            .unwrap()
            .matched
            .generated_ops;
        assert_eq!(ops.len(), MAX_LIST_ENTRIES);
        assert_eq!(
            ops.last().unwrap().json(),
            &serde_json::json!({"truncated": 2})
        );
        assert_eq!(result_json(&back).unwrap(), json);
    }

    #[test]
    fn code_and_rejected_lines_are_capped_too() {
        let long = "é".repeat(MAX_CODE_BYTES);
        let cut = code(&long);
        assert!(cut.len() <= MAX_CODE_BYTES && cut.ends_with(" bytes]"));
        assert_eq!(code(&cut), cut);
        assert!(matches!(code("plt.plot([1])"), Cow::Borrowed(_)));
        let r = Rejected {
            at: "s.jsonl:3".into(),
            id: Some("t".repeat(100_000)),
            reason: format!("unknown task id `{}`", "t".repeat(100_000)),
        };
        let capped = rejected(&r);
        assert!(capped.reason.len() <= MAX_TEXT_BYTES);
        assert!(
            capped
                .id
                .as_ref()
                .unwrap()
                .ends_with("…[truncated 67,296 bytes]")
        );
    }

    #[test]
    fn markers_count_with_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(29_872), "29,872");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
