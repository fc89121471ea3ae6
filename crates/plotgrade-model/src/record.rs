//! What grading one submission produces: the record written to the run store,
//! `results.jsonl`, and everything reports are made from.
//!
//! Reports only format these values; they never recompute a grade. The module sits at
//! the bottom of the crate graph, like `scene`: grading writes these records, and the
//! store and the reports read them without depending on grading (`grade::result`
//! re-exports it). Each channel's evidence is typed too ([`crate::details`]), so a
//! reader finds a field by name, not by a key in a JSON value.

use serde::{Deserialize, Serialize, Serializer};

use crate::details::{CodeDetails, FigureDetails, ImageDetails, JudgeDetails, ProcessJudgement};
use crate::status::Status;
use crate::task::{Answer, FigureType, Kind, Tag};

/// How the code was taken out of a model's response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExtractionMode {
    /// A fenced ```python block (the last one when there are several).
    Strict,
    /// No python fence: code salvaged from prose or an unlabelled fence.
    Soft,
    /// Nothing that looks like code.
    None,
}

/// Signals that explain a verdict beyond the scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    /// An edit task answered with the original figure, unchanged.
    Noop,
    /// An edit task answered by code written from scratch rather than by editing.
    Rewrite,
    /// The figure was shown from an image file (`imread`/`imshow`) instead of drawn.
    Shortcut,
    /// The generated figure's pixel size differs from the reference's.
    SizeChanged,
    /// The picture shows ink the scene cannot account for (`Figure::ink`): what the
    /// grader would credit is not what is drawn, so the answer cannot pass.
    UnexplainedInk,
}

/// One channel's verdict: a 0–1 score, or `None` with the reason it could not run, and
/// the channel's evidence `D` ([`crate::details`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "D: Serialize", deserialize = "D: Deserialize<'de>"))]
pub struct ChannelScore<D> {
    /// 0–1; `None` when the channel could not score this submission.
    pub score: Option<f64>,
    /// Why there is no score (or a caveat on the score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The channel's evidence: edit operations, RMS, SSIM, edit IoU, judge answers…
    /// `None` (written `null`) when the channel did not run.
    ///
    /// Written with its keys in alphabetical order at every depth, whatever order the
    /// fields are declared in: details were built as untyped JSON values (whose maps are
    /// sorted) until they were typed, and keeping their order keeps `results.jsonl` and
    /// the run store byte for byte what they were, so runs from before and after compare
    /// with `cmp`, and `merge` finds a shard rerun to be the same result.
    #[serde(serialize_with = "sorted_keys")]
    pub details: Option<D>,
}

impl<D> ChannelScore<D> {
    /// A channel that could not score, and why.
    pub fn unavailable(why: &str) -> Self {
        ChannelScore {
            score: None,
            reason: Some(why.to_string()),
            details: None,
        }
    }
}

impl<D> Default for ChannelScore<D> {
    fn default() -> Self {
        ChannelScore {
            score: None,
            reason: None,
            details: None,
        }
    }
}

/// Serialises `value` with every object's keys sorted (see [`ChannelScore::details`]).
fn sorted_keys<T: Serialize, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    serde_json::to_value(value)
        .map_err(serde::ser::Error::custom)?
        .serialize(s)
}

/// The four channels of one submission.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Channels {
    pub code: ChannelScore<CodeDetails>,
    pub figure: ChannelScore<FigureDetails>,
    pub image: ChannelScore<ImageDetails>,
    pub judge: ChannelScore<JudgeDetails>,
}

impl Channels {
    /// `(name, score, reason)` of every channel, in a fixed order.
    pub fn each(&self) -> [(&'static str, Option<f64>, Option<&str>); 4] {
        [
            ("code", self.code.score, self.code.reason.as_deref()),
            ("figure", self.figure.score, self.figure.reason.as_deref()),
            ("image", self.image.score, self.image.reason.as_deref()),
            ("judge", self.judge.score, self.judge.reason.as_deref()),
        ]
    }
}

/// Where a submission got to on the way to passing (the execution funnel).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Funnel {
    /// Code was found in the response.
    pub extracted: bool,
    /// It ran without an error (statuses `ok` or `no_figure`).
    pub ran: bool,
    /// It drew at least one figure.
    pub drew: bool,
    /// The edit landed where the reference's did (generation: the figure matched).
    pub located: bool,
    pub passed: bool,
}

/// The graded record of one code submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GradeResult {
    /// The task id.
    pub id: String,
    pub model: String,
    pub kind: Kind,
    pub figure: FigureType,
    pub sample: String,
    /// The sample this one is a variant of (for average and worst case over variants).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_of: Option<String>,
    /// The task's tags, for the tables by tag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    /// Execution status of the generated code.
    pub status: Status,
    pub extraction: ExtractionMode,
    /// The paper's 1–10 scale (see docs/scoring.md).
    pub score: u8,
    pub pass: bool,
    pub flags: Vec<Flag>,
    pub channels: Channels,
    pub funnel: Funnel,
    /// Files in the run directory for the report (figures, heatmap), relative paths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<String>,
    /// Error message of the generated code, when it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The answer to the task's question, for a task that asks one (the figure is then the
    /// visual aid the answer came with).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<KeyedAnswer>,
    /// The process judge's answer about how the question was solved (`--judge-*` runs,
    /// tasks with a question only; absent until asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process: Option<ProcessJudgement>,
}

/// The answer to a task's question, read both ways and each checked against the key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeyedAnswer {
    /// The key as the task file writes it (`B`, `2`, `3/4`, `true`).
    pub key: String,
    /// The run's primary reading (`--answer-reading`; under `soft_llm` the soft reading,
    /// which the LLM reader fills where no rule read an answer, `method: llm`).
    pub reading: AnswerReading,
    /// Only a declared format: VAMPS's `<<FINAL>>` JSON block, `\boxed{…}`, a line
    /// `Answer: …`; the last one wins.
    pub strict: KeyedRead,
    /// The strict reading, else the intended answer in free text (see docs/formats.md).
    pub soft: KeyedRead,
}

/// One reading of a keyed answer: what was read, how, and whether it is the key.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct KeyedRead {
    /// The answer as read (an option's name, a number as written, `true`/`false`, the text
    /// of an expression), at most 200 bytes.
    pub answer: Option<String>,
    pub method: AnswerMethod,
    pub correct: bool,
}

impl KeyedAnswer {
    /// The primary reading.
    pub fn primary(&self) -> &KeyedRead {
        match self.reading {
            AnswerReading::Strict => &self.strict,
            AnswerReading::Soft | AnswerReading::SoftLlm => &self.soft,
        }
    }
}

/// How a multiple-choice answer letter was found in a response.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerMethod {
    /// `\boxed{B}` (a declared format).
    Boxed,
    /// A line opening with `Answer: B` (a declared format).
    Declared,
    /// A JSON field, `"answer": "B"` (a declared format).
    Json,
    /// VAMPS's final block: `<<FINAL>>` and a JSON object whose `selected_option` (or
    /// `answer`) holds the answer (a declared format).
    Final,
    /// A phrase of free text: "the correct answer is B", "I choose (B)", "B is correct".
    Phrase,
    /// The response (or one line of it) is just the letter.
    Letter,
    /// The reply opens with the letter: "B. The second program …".
    Leading,
    /// The text of exactly one choice appears.
    ChoiceText,
    /// Read by the LLM judge, when no rule read an answer.
    Llm,
    /// No answer found.
    #[default]
    None,
}

/// Which reading of a multiple-choice response a run counts as its answer.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum AnswerReading {
    /// Only a declared format (`\boxed{X}`, `Answer: X`, a JSON field, the bare letter).
    Strict,
    /// The intended final choice in free text (the last decision wins).
    #[default]
    Soft,
    /// The soft reading, and where no rule reads an answer, the judge's model asked which
    /// option the reply chose (`method: llm`, counted apart).
    SoftLlm,
}

impl AnswerReading {
    /// Every reading with its name, as `--answer-reading` and `answer_reading=` spell it.
    pub const ALL: [(&'static str, AnswerReading); 3] = [
        ("strict", AnswerReading::Strict),
        ("soft", AnswerReading::Soft),
        ("soft-llm", AnswerReading::SoftLlm),
    ];
}

impl std::str::FromStr for AnswerReading {
    type Err = String;

    fn from_str(s: &str) -> Result<AnswerReading, String> {
        crate::named::parse(&AnswerReading::ALL, s, "answer reading")
    }
}

/// One reading of a response: the letter found (if any) and how.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerRead {
    pub answer: Option<Answer>,
    pub method: AnswerMethod,
}

/// The graded record of one multiple-choice submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoiceResult {
    pub id: String,
    pub model: String,
    pub kind: Kind,
    pub figure: FigureType,
    pub sample: String,
    /// The answer of the run's primary reading (`reading`), falling back to the LLM's
    /// reading when the rules read none and an LLM reader was asked for.
    pub extracted: Option<Answer>,
    pub method: AnswerMethod,
    pub answer: Answer,
    pub correct: bool,
    /// The run's primary reading.
    #[serde(default)]
    pub reading: AnswerReading,
    /// Both rule readings, whichever is primary (absent in records written before them).
    #[serde(default)]
    pub strict: AnswerRead,
    #[serde(default)]
    pub soft: AnswerRead,
    /// The question's tags, for the tables by tag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    /// For a question on a generated variant: its seed sample (robustness over variants).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_of: Option<String>,
}

impl ChoiceResult {
    /// Whether a reading's answer is the key.
    pub fn right(&self, read: &AnswerRead) -> bool {
        read.answer == Some(self.answer)
    }
}

/// A submission line that could not be graded (unknown task, duplicate, bad JSON…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    /// `file:line`.
    pub at: String,
    pub id: Option<String>,
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::details::{JudgeReply, JudgeState};

    /// Real lines of `results.jsonl` written before the details were typed, when each
    /// channel's details were an untyped JSON value: an annotation edit judged `scored`
    /// with a free style difference and an edit region, a generation judged
    /// `unparseable`, a crash whose judging `failed`, a response without code, a dry
    /// run, and a generation graded without a judge.
    const BEFORE: &str = include_str!("../fixtures/results-before-typed-details.jsonl");

    fn before() -> Vec<GradeResult> {
        BEFORE
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }

    #[test]
    fn records_from_before_typed_details_load_and_write_back_byte_for_byte() {
        for (line, r) in BEFORE.lines().zip(before()) {
            assert_eq!(serde_json::to_string(&r).unwrap(), line);
        }
    }

    #[test]
    fn records_from_before_typed_details_read_as_typed_fields() {
        let [edit, unparseable, failed, no_code, dry_run, unjudged] = &before()[..] else {
            panic!("six fixture lines");
        };
        let code = edit.channels.code.details.as_ref().unwrap();
        assert!(code.text_diff.starts_with("--- reference\n+++ generated\n"));
        assert_eq!(code.ops.len(), code.matched.generated_ops.len());
        let figure = edit.channels.figure.details.as_ref().unwrap();
        assert!(figure.style[0].contains("free: the task does not fix it"));
        assert!(
            figure
                .matched
                .generated_ops
                .iter()
                .all(|op| op.action().is_some()),
            "every op says what it does"
        );
        let image = edit.channels.image.details.as_ref().unwrap();
        assert_eq!(
            image.edit.as_ref().and_then(|e| e.iou),
            edit.channels.image.score
        );
        let judge = edit.channels.judge.details.as_ref().unwrap();
        assert_eq!(judge.state(), JudgeState::Scored);
        let judged = judge.judged().unwrap();
        assert_eq!(judged.repeats.len(), 2);
        assert!(judged.score_1_10.is_some());
        let state = |r: &GradeResult| r.channels.judge.details.as_ref().map(|d| d.state());
        assert_eq!(state(unparseable), Some(JudgeState::Unparseable));
        assert_eq!(state(failed), Some(JudgeState::Failed));
        let replies = &failed
            .channels
            .judge
            .details
            .as_ref()
            .unwrap()
            .judged()
            .unwrap()
            .repeats;
        assert!(
            replies
                .iter()
                .any(|r| matches!(r, JudgeReply::Failed { .. }))
        );
        assert_eq!(state(no_code), Some(JudgeState::NoCode));
        assert_eq!(no_code.channels.code.details, None);
        let Some(JudgeDetails::DryRun(d)) = &dry_run.channels.judge.details else {
            panic!("a dry run");
        };
        assert!(d.prompt.starts_with("judge-prompts/"));
        assert_eq!(state(unjudged), None);
        assert!(
            unjudged
                .channels
                .image
                .details
                .as_ref()
                .unwrap()
                .edit
                .is_none()
        );
    }

    #[test]
    fn a_record_round_trips_through_json_unchanged() {
        let mut records = before();
        // States no fixture line has: judging not started, and no details at all.
        let mut pending = records[0].clone();
        pending.channels.judge = ChannelScore {
            score: None,
            reason: Some("judge not asked yet".into()),
            details: Some(JudgeDetails::Pending),
        };
        records.push(pending);
        let mut bare = records[0].clone();
        bare.channels = Channels::default();
        records.push(bare);
        for r in records {
            let json = serde_json::to_string(&r).unwrap();
            let back: GradeResult = serde_json::from_str(&json).unwrap();
            assert_eq!(back, r);
            assert_eq!(serde_json::to_string(&back).unwrap(), json);
        }
    }

    #[test]
    fn details_are_written_with_sorted_keys() {
        let r = &before()[0];
        let json = serde_json::to_string(&r.channels).unwrap();
        assert!(json.starts_with(r#"{"code":{"score":"#), "{json}");
        assert!(json.contains(r#""details":{"f1":"#), "{json}");
        assert!(
            json.contains(r#""details":{"mode":"hybrid","model":"#),
            "{json}"
        );
    }
}
