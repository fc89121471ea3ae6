//! `plotgrade validate`: how often the grader's verdict agrees with the labelled set.
//!
//! The labelled set is a submissions file whose lines also say `expected` (pass/fail) and
//! `case` (why). After grading it, this compares `pass` with `expected`: a confusion
//! matrix, agreement per case, kind and figure type, and each channel's own agreement
//! (a channel "passes" a submission when its score is at least [`CHANNEL_PASS`]).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use serde::Serialize;

use plotgrade_model::task::{Expected, LabelledSubmission};

use super::result::GradeResult;

/// A channel's own verdict: its score at or above this.
pub const CHANNEL_PASS: f64 = 0.999;

/// The judge's own verdict: the upper half of its rubric, 6 and above on 1–10 (0.5 on the
/// channel's (s − 1) / 9 scale; the agreement report's default threshold). A judge is not
/// asked to reproduce the reference exactly, so the deterministic channels' bar would
/// count only a 10 as a pass.
pub const JUDGE_PASS: f64 = 0.5;

/// The pass threshold of a channel by name.
fn pass_at(channel: &str) -> f64 {
    if channel == "judge" {
        JUDGE_PASS
    } else {
        CHANNEL_PASS
    }
}

/// Where the judge and another channel reach different verdicts on a labelled
/// submission, which of the two the label backs.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct JudgeVersus {
    /// `figure` or `image`.
    pub channel: String,
    /// Submissions both scored.
    pub both: usize,
    /// …of which their verdicts differ.
    pub disagree: usize,
    /// Disagreements the label decides for the judge.
    pub judge_right: usize,
    /// Disagreements the label decides for the other channel.
    pub channel_right: usize,
}

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
    /// The judge against the figure and image channels where they disagree (only when
    /// a judge scored something).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub judge_vs: Vec<JudgeVersus>,
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
    let mut versus = [
        JudgeVersus {
            channel: "figure".into(),
            ..JudgeVersus::default()
        },
        JudgeVersus {
            channel: "image".into(),
            ..JudgeVersus::default()
        },
    ];
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
        for (name, score, _) in r.channels.each() {
            if let Some(s) = score {
                v.by_channel
                    .entry(name.to_string())
                    .or_default()
                    .add((s >= pass_at(name)) == want);
            }
        }
        if let Some(j) = r.channels.judge.score {
            let judge_pass = j >= JUDGE_PASS;
            for (vs, other) in versus
                .iter_mut()
                .zip([r.channels.figure.score, r.channels.image.score])
            {
                let Some(o) = other else { continue };
                vs.both += 1;
                let other_pass = o >= CHANNEL_PASS;
                if judge_pass != other_pass {
                    vs.disagree += 1;
                    if judge_pass == want {
                        vs.judge_right += 1;
                    } else {
                        vs.channel_right += 1;
                    }
                }
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
    if versus.iter().any(|vs| vs.both > 0) {
        v.judge_vs = versus.to_vec();
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
    if !v.judge_vs.is_empty() {
        let _ = writeln!(
            s,
            "## The judge against the figure and image channels\n\n\
             Where the judge (pass: score ≥ 6) and the channel (pass: score ≥ {CHANNEL_PASS}) reach \
             different verdicts, which one the label backs.\n\n\
             | channel | both scored | disagree | label backs the judge | label backs the channel |\n\
             |---|---:|---:|---:|---:|"
        );
        for vs in &v.judge_vs {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} |",
                vs.channel, vs.both, vs.disagree, vs.judge_right, vs.channel_right
            );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChannelScore, Channels, ExtractionMode, Funnel};
    use plotgrade_exec::Status;
    use plotgrade_model::task::{FigureType, Kind};

    fn graded(id: &str, pass: bool, figure: f64, image: Option<f64>, judge: f64) -> GradeResult {
        fn ch<D>(score: Option<f64>) -> ChannelScore<D> {
            ChannelScore {
                score,
                ..ChannelScore::default()
            }
        }
        GradeResult {
            id: id.into(),
            model: "labelled/x".into(),
            kind: Kind::Deletion,
            figure: FigureType::Bar,
            sample: "bar-01".into(),
            variant_of: None,
            tags: Vec::new(),
            status: Status::Ok,
            extraction: ExtractionMode::Strict,
            score: if pass { 9 } else { 4 },
            pass,
            flags: vec![],
            channels: Channels {
                code: ch(Some(figure)),
                figure: ch(Some(figure)),
                image: ch(image),
                judge: ch(Some(judge)),
            },
            funnel: Funnel::default(),
            artifacts: vec![],
            error: None,
            answer: None,
            process: None,
        }
    }

    fn label(id: &str, expected: Expected) -> LabelledSubmission {
        LabelledSubmission {
            id: id.into(),
            model: "labelled/x".into(),
            response: String::new(),
            expected,
            case: "c".into(),
            reason: None,
        }
    }

    #[test]
    fn the_label_decides_between_judge_and_channel() {
        let results = [
            // The figure passes, the judge (score 3 → 0.22) fails it; the label says pass.
            graded("a", true, 1.0, Some(1.0), 2.0 / 9.0),
            // The figure fails, the judge passes (8 → 0.78); the label says fail.
            graded("b", false, 0.5, Some(0.2), 7.0 / 9.0),
            // The figure fails, the judge fails too; no disagreement. No image score.
            graded("c", false, 0.0, None, 0.0),
            // The judge at 6 (0.56) passes, and the label agrees against the image.
            graded("d", true, 1.0, Some(0.9), 5.0 / 9.0),
        ];
        let labels = [
            label("a", Expected::Pass),
            label("b", Expected::Fail),
            label("c", Expected::Fail),
            label("d", Expected::Pass),
        ];
        let v = validate(&labels, &results);
        let figure = &v.judge_vs[0];
        assert_eq!(
            (
                figure.both,
                figure.disagree,
                figure.judge_right,
                figure.channel_right
            ),
            (4, 2, 0, 2)
        );
        let image = &v.judge_vs[1];
        assert_eq!(
            (
                image.both,
                image.disagree,
                image.judge_right,
                image.channel_right
            ),
            (3, 3, 1, 2)
        );
        assert_eq!(v.by_channel["judge"], Agreement { n: 4, agree: 2 });
        assert!(render_markdown(&v).contains("| image | 3 | 3 | 1 | 2 |"));
    }

    #[test]
    fn without_a_judge_there_is_no_table() {
        let mut r = graded("a", true, 1.0, Some(1.0), 0.0);
        r.channels.judge.score = None;
        let v = validate(&[label("a", Expected::Pass)], &[r]);
        assert!(v.judge_vs.is_empty());
        assert!(!render_markdown(&v).contains("The judge against"));
    }
}
