//! `plotgrade validate`: how often the grader's verdict agrees with the labelled set.
//!
//! The labelled set is a submissions file whose lines also say `expected` (pass/fail) and
//! `case` (why). After grading it, this compares `pass` with `expected`: a confusion
//! matrix, agreement per case, kind and figure type, and each channel's own agreement
//! (a channel "passes" a submission when its score is at least [`CHANNEL_PASS`]).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use serde::Serialize;

use crate::task::{Expected, LabelledSubmission};

use super::result::GradeResult;

/// A channel's own verdict: its score at or above this.
pub const CHANNEL_PASS: f64 = 0.999;

/// Agreement counts of one group.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Agreement {
    pub n: usize,
    pub agree: usize,
}

impl Agreement {
    pub fn rate(&self) -> Option<f64> {
        (self.n > 0).then(|| self.agree as f64 / self.n as f64)
    }
    fn add(&mut self, ok: bool) {
        self.n += 1;
        self.agree += usize::from(ok);
    }
}

/// Expected × graded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Confusion {
    /// expected pass, graded pass
    pub pass_pass: usize,
    /// expected pass, graded fail (the grader is too strict)
    pub pass_fail: usize,
    /// expected fail, graded pass (the grader is too lenient)
    pub fail_pass: usize,
    pub fail_fail: usize,
}

/// One submission where grader and label disagree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Disagreement {
    pub id: String,
    pub case: String,
    pub expected: Expected,
    pub score: u8,
    pub figure: Option<f64>,
    pub code: Option<f64>,
    pub image: Option<f64>,
}

/// The validation of a grader against a labelled set.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Validation {
    pub overall: Agreement,
    pub confusion: Confusion,
    pub by_case: BTreeMap<String, Agreement>,
    pub by_kind: BTreeMap<String, Agreement>,
    pub by_figure: BTreeMap<String, Agreement>,
    /// Each channel judged alone (only submissions it could score).
    pub by_channel: BTreeMap<String, Agreement>,
    /// Labelled lines without a graded result (rejected or not run).
    pub missing: usize,
    pub disagreements: Vec<Disagreement>,
}

/// Compare graded results with the labels. Results are matched by (model, id).
pub fn validate(labelled: &[LabelledSubmission], results: &[GradeResult]) -> Validation {
    let graded: HashMap<(&str, &str), &GradeResult> = results
        .iter()
        .map(|r| ((r.model.as_str(), r.id.as_str()), r))
        .collect();
    let mut v = Validation::default();
    for l in labelled {
        let Some(r) = graded.get(&(l.model.as_str(), l.id.as_str())) else {
            v.missing += 1;
            continue;
        };
        let want = l.expected == Expected::Pass;
        let ok = r.pass == want;
        v.overall.add(ok);
        match (want, r.pass) {
            (true, true) => v.confusion.pass_pass += 1,
            (true, false) => v.confusion.pass_fail += 1,
            (false, true) => v.confusion.fail_pass += 1,
            (false, false) => v.confusion.fail_fail += 1,
        }
        v.by_case.entry(l.case.clone()).or_default().add(ok);
        v.by_kind.entry(r.kind.to_string()).or_default().add(ok);
        v.by_figure
            .entry(r.figure.as_str().to_string())
            .or_default()
            .add(ok);
        for (name, ch) in r.channels.each() {
            if let Some(s) = ch.score {
                v.by_channel
                    .entry(name.to_string())
                    .or_default()
                    .add((s >= CHANNEL_PASS) == want);
            }
        }
        if !ok {
            v.disagreements.push(Disagreement {
                id: l.id.clone(),
                case: l.case.clone(),
                expected: l.expected,
                score: r.score,
                figure: r.channels.figure.score,
                code: r.channels.code.score,
                image: r.channels.image.score,
            });
        }
    }
    v
}

fn pct(a: &Agreement) -> String {
    a.rate()
        .map_or("–".into(), |r| format!("{:.1}%", r * 100.0))
}

/// The validation as markdown tables.
pub fn render_markdown(v: &Validation) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Validation against the labelled set\n");
    let _ = writeln!(
        s,
        "Agreement: **{}** ({} of {}); {} labelled line(s) without a result.\n",
        pct(&v.overall),
        v.overall.agree,
        v.overall.n,
        v.missing
    );
    let c = &v.confusion;
    let _ = writeln!(s, "| expected \\ graded | pass | fail |\n|---|---:|---:|");
    let _ = writeln!(
        s,
        "| pass | {} | {} |\n| fail | {} | {} |\n",
        c.pass_pass, c.pass_fail, c.fail_pass, c.fail_fail
    );
    for (title, map) in [
        ("case", &v.by_case),
        ("kind", &v.by_kind),
        ("figure type", &v.by_figure),
        ("channel alone", &v.by_channel),
    ] {
        let _ = writeln!(s, "| {title} | n | agreement |\n|---|---:|---:|");
        for (k, a) in map {
            let _ = writeln!(s, "| {k} | {} | {} |", a.n, pct(a));
        }
        s.push('\n');
    }
    if !v.disagreements.is_empty() {
        let _ = writeln!(
            s,
            "## Disagreements\n\n| id | case | expected | score | figure | code | image |\n|---|---|---|---:|---:|---:|---:|"
        );
        let f = |x: Option<f64>| x.map_or("–".into(), |x| format!("{x:.3}"));
        for d in &v.disagreements {
            let _ = writeln!(
                s,
                "| {} | {} | {:?} | {} | {} | {} | {} |",
                d.id,
                d.case,
                d.expected,
                d.score,
                f(d.figure),
                f(d.code),
                f(d.image)
            );
        }
    }
    s
}
