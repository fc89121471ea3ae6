//! What grading one submission produces: the record written to the run store,
//! `results.jsonl`, and everything reports are made from.
//!
//! Reports only format these values; they never recompute a grade. The module sits at
//! the bottom of the crate, like `scene`: grading writes these records, and the store
//! and the reports read them without depending on grading (`grade::result` re-exports
//! it). One dependency still points up: `Status` is the executor's.

use serde::{Deserialize, Serialize};

use crate::status::Status;
use crate::task::{Answer, FigureType, Kind};

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
}

/// One channel's verdict: a 0–1 score, or `None` with the reason it could not run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ChannelScore {
    /// 0–1; `None` when the channel could not score this submission.
    pub score: Option<f64>,
    /// Why there is no score (or a caveat on the score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The channel's evidence: edit operations, RMS, SSIM, edit IoU, judge rationale…
    pub details: serde_json::Value,
}

/// The four channels of one submission.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Channels {
    pub code: ChannelScore,
    pub figure: ChannelScore,
    pub image: ChannelScore,
    pub judge: ChannelScore,
}

impl Channels {
    /// `(name, score)` of every channel, in a fixed order.
    pub fn each(&self) -> [(&'static str, &ChannelScore); 4] {
        [
            ("code", &self.code),
            ("figure", &self.figure),
            ("image", &self.image),
            ("judge", &self.judge),
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
}

/// How a multiple-choice answer letter was found in a response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerMethod {
    /// `\boxed{B}`.
    Boxed,
    /// "the answer is B", "Answer: B".
    Phrase,
    /// The response is (essentially) just the letter.
    Letter,
    /// The text of exactly one choice appears.
    ChoiceText,
    /// No answer found.
    None,
}

/// The graded record of one multiple-choice submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoiceResult {
    pub id: String,
    pub model: String,
    pub kind: Kind,
    pub figure: FigureType,
    pub sample: String,
    pub extracted: Option<Answer>,
    pub method: AnswerMethod,
    pub answer: Answer,
    pub correct: bool,
}

/// A submission line that could not be graded (unknown task, duplicate, bad JSON…).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rejected {
    /// `file:line`.
    pub at: String,
    pub id: Option<String>,
    pub reason: String,
}
