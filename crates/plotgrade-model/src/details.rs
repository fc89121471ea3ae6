//! What each channel recorded about one submission: the `details` of its
//! [`ChannelScore`](crate::record::ChannelScore), one type per channel.
//!
//! - [`CodeDetails`], [`FigureDetails`]: the edit operations a comparing channel found,
//!   how they matched the reference's ([`MatchDetails`], the part both share), and the
//!   operations rendered as the channel writes them for people.
//! - [`ImageDetails`]: the pixel comparison, and for an edit the edit region
//!   ([`crate::pixels`]).
//! - [`JudgeDetails`]: where judging stands ([`JudgeState`]) and what the judge said.
//!
//! An edit operation stays the channel's own type (`plotgrade_code::EditOp`,
//! `plotgrade_figure::EditOp`): its elements and values carry each channel's vocabulary
//! and comparison rules, which the model must not know. A record holds each operation as
//! the channel serialised it ([`RecordedOp`]); a reader that needs it typed reads it back
//! with the channel's type ([`RecordedOp::read`]).
//!
//! How these are written to `results.jsonl` and the run store (keys in alphabetical
//! order, as they always were) is `record`'s business: see `ChannelScore::details`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
// The one JSON value left in a record: an op as its channel wrote it (see RecordedOp).
use serde_json::Value;

use crate::matching::Matched;
use crate::pixels::{EditRegion, ImageComparison};

/// One edit operation as its channel serialised it: `{"op": "removed", "element": …}`,
/// `{"op": "changed", "attr": …, "old": …, "new": …}`.
///
/// The JSON is the channel's (see the module doc): the model keeps it without reading it,
/// so a record loads and writes back the same bytes whatever the channel put in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RecordedOp(Value);

impl RecordedOp {
    /// Records a channel's operation. Operations are plain serde data with string keys,
    /// which always serialise; one that did not would be recorded as `null`.
    pub fn of<T: Serialize>(op: &T) -> RecordedOp {
        RecordedOp(serde_json::to_value(op).unwrap_or(Value::Null))
    }

    /// Records every operation of a list.
    pub fn all<T: Serialize>(ops: &[T]) -> Vec<RecordedOp> {
        ops.iter().map(RecordedOp::of).collect()
    }

    /// The operation as the channel's type, `None` when it is not one (a record written
    /// by a version whose operations had another shape).
    pub fn read<T: DeserializeOwned>(&self) -> Option<T> {
        T::deserialize(&self.0).ok()
    }

    /// What it does: `removed`, `added` or `changed`.
    pub fn action(&self) -> Option<&str> {
        self.0.get("op").and_then(Value::as_str)
    }

    /// The operation as JSON, for a page that shows it.
    pub fn json(&self) -> &Value {
        &self.0
    }
}

/// What both comparing channels (code and figure) record: which task they graded, their
/// operations as recorded, and how the generated ones matched the reference's.
pub type MatchDetails = Matched<RecordedOp>;

/// The code channel's details: key elements read from the source, diffed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CodeDetails {
    #[serde(flatten)]
    pub matched: MatchDetails,
    /// `generated_ops`, one line each (`plotgrade_code::render_op`).
    pub ops: Vec<String>,
    /// Unified diff of the scripts, reference → generated.
    pub text_diff: String,
}

/// The figure channel's details: key elements of the scenes as drawn, diffed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureDetails {
    #[serde(flatten)]
    pub matched: MatchDetails,
    /// `generated_ops` as one text, a line each (`plotgrade_figure::render_ops`).
    pub ops: String,
    /// Differences the task leaves free (a style it never fixed, a grid added, an
    /// ornament): reported, not counted. They cost a pass its 10.
    #[serde(default)]
    pub style: Vec<String>,
}

impl FigureDetails {
    /// Only the measures (mode, precision, recall, F1, score): what the tables read, kept
    /// when a run's results are held for its reports without their evidence.
    pub fn measures_only(&mut self) {
        let m = &mut self.matched;
        m.generated_ops = Vec::new();
        m.reference_ops = Vec::new();
        m.matches = Vec::new();
        m.notes = Vec::new();
        self.ops = String::new();
        self.style = Vec::new();
    }
}

/// The image channel's details.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImageDetails {
    /// Generated against reference, pixel by pixel.
    pub compare: ImageComparison,
    /// Edit tasks: where the generated and the reference edits changed the original.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit: Option<EditRegion>,
}

/// What the judge is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JudgeMode {
    /// The rubric, the instruction and the code, as MathOPEval's judge.
    Rubric,
    /// The same, plus the code and figure channels' element diffs as evidence to weigh.
    Hybrid,
}

impl JudgeMode {
    /// Every mode with its name, as `--judge-mode` and the judge settings spell it.
    pub const ALL: [(&'static str, JudgeMode); 2] =
        [("rubric", JudgeMode::Rubric), ("hybrid", JudgeMode::Hybrid)];

    pub fn as_str(self) -> &'static str {
        match self {
            JudgeMode::Rubric => "rubric",
            JudgeMode::Hybrid => "hybrid",
        }
    }
}

impl std::str::FromStr for JudgeMode {
    type Err = String;

    fn from_str(s: &str) -> Result<JudgeMode, String> {
        crate::named::parse(&JudgeMode::ALL, s, "judge mode")
    }
}

/// Where a submission's judging stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JudgeState {
    /// Every answer arrived and at least one had a score.
    Scored,
    /// Every answer arrived and none had a readable score.
    Unparseable,
    /// A request failed after its retries (a rerun asks again).
    Failed,
    /// `--judge-dry-run`: the prompt was written, not sent.
    DryRun,
    /// Nothing to show the judge (no code in the response).
    NoCode,
    /// The judge is configured but has not been asked yet.
    Pending,
}

impl JudgeState {
    pub fn as_str(self) -> &'static str {
        match self {
            JudgeState::Scored => "scored",
            JudgeState::Unparseable => "unparseable",
            JudgeState::Failed => "failed",
            JudgeState::DryRun => "dry_run",
            JudgeState::NoCode => "no_code",
            JudgeState::Pending => "pending",
        }
    }

    /// Whether a run with `dry_run` leaves this state alone on resume.
    pub fn is_final(self, dry_run: bool) -> bool {
        match self {
            JudgeState::Scored | JudgeState::Unparseable | JudgeState::NoCode => true,
            JudgeState::DryRun => dry_run,
            JudgeState::Failed | JudgeState::Pending => false,
        }
    }
}

/// The judge channel's details: its state, and what goes with it. Written as
/// `{"state": "scored", …}`, the state beside the fields of its variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum JudgeDetails {
    Scored(Judged),
    Unparseable(Judged),
    Failed(Judged),
    DryRun(DryRun),
    NoCode,
    Pending,
}

impl JudgeDetails {
    pub fn state(&self) -> JudgeState {
        match self {
            JudgeDetails::Scored(_) => JudgeState::Scored,
            JudgeDetails::Unparseable(_) => JudgeState::Unparseable,
            JudgeDetails::Failed(_) => JudgeState::Failed,
            JudgeDetails::DryRun(_) => JudgeState::DryRun,
            JudgeDetails::NoCode => JudgeState::NoCode,
            JudgeDetails::Pending => JudgeState::Pending,
        }
    }

    /// What the judge said, once it was asked.
    pub fn judged(&self) -> Option<&Judged> {
        match self {
            JudgeDetails::Scored(j) | JudgeDetails::Unparseable(j) | JudgeDetails::Failed(j) => {
                Some(j)
            }
            JudgeDetails::DryRun(_) | JudgeDetails::NoCode | JudgeDetails::Pending => None,
        }
    }
}

/// `--judge-dry-run`: the prompt that would have been sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DryRun {
    pub mode: JudgeMode,
    /// The rubric template (`deletion-bar`).
    pub template: String,
    /// `rubric-<hash>` of every template's text.
    pub template_version: String,
    /// The prompt's file, relative to the run directory.
    pub prompt: String,
}

/// What the judge said about one submission, over its K answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// Mean of the readable 1–10 scores; `None` when none was readable.
    pub score_1_10: Option<f64>,
    /// The judge model.
    pub model: String,
    pub mode: JudgeMode,
    pub template: String,
    pub template_version: String,
    /// Tokens of the answers received (asked or cached), summed over the answers.
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// Each asking, in repeat order.
    pub repeats: Vec<JudgeReply>,
}

/// One asking of the judge: an answer, or why there is none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum JudgeReply {
    Answered {
        /// The 1–10 score read from the answer.
        score: Option<f64>,
        /// Why no score could be read.
        unparseable: Option<String>,
        /// The answer, cut to its head and tail (the whole answer is in the cache).
        answer: String,
        tokens_in: u64,
        tokens_out: u64,
        /// Taken from the cache, not asked.
        cached: bool,
        /// HTTP requests made for it (0 when cached).
        requests: u32,
    },
    /// A request failed after its retries.
    Failed { error: String, requests: u32 },
}

impl JudgeReply {
    /// HTTP requests made for this answer, retries included.
    pub fn requests(&self) -> u32 {
        match self {
            JudgeReply::Answered { requests, .. } | JudgeReply::Failed { requests, .. } => {
                *requests
            }
        }
    }

    /// The score read from the answer, if there was an answer and it had one.
    pub fn score(&self) -> Option<f64> {
        match self {
            JudgeReply::Answered { score, .. } => *score,
            JudgeReply::Failed { .. } => None,
        }
    }

    /// Whether the answer came from the cache.
    pub fn cached(&self) -> bool {
        matches!(self, JudgeReply::Answered { cached: true, .. })
    }

    /// Tokens in and out of the answer; none for a failed request.
    pub fn tokens(&self) -> (u64, u64) {
        match self {
            JudgeReply::Answered {
                tokens_in,
                tokens_out,
                ..
            } => (*tokens_in, *tokens_out),
            JudgeReply::Failed { .. } => (0, 0),
        }
    }
}

/// The process rubric's values for one answer to a question (VisAidMath's four
/// dimension scores, each 0–10, its holistic verdict, VAMPS's "reached with the aid", and
/// MathExplain's four 1–5 ratings).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ProcessScores {
    /// Logical reasoning.
    pub logir: f64,
    /// Tool fidelity: the aid drawn is the construction the reasoning uses.
    pub toolf: f64,
    /// Information transfer: what the reasoning reads from the aid is there.
    pub infot: f64,
    /// General reasoning.
    pub gener: f64,
    /// The whole process is sound (VisAidMath's V_j, as its judge gives it).
    pub valid: bool,
    /// The answer was reached with the aid's help (VAMPS's judge filter).
    pub used_aid: bool,
    /// MathExplain's four 1–5 ratings of the response as an explanation; `None` only in
    /// a judgement stored before the rubric asked for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub likert: Option<Likert>,
}

/// MathExplain's Likert ratings of one response as an explanation, each 1–5, read from
/// the judge's `Rating: [[c, f, r, o]]` line in this order.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Likert {
    /// The mathematics and the final answer are right.
    pub correctness: f64,
    /// What the explanation says the figure shows is what it shows.
    pub fidelity: f64,
    /// The explanation points the reader to the figure's elements where they help.
    pub referencing: f64,
    /// The explanation as a whole, as a student would learn from it.
    pub overall: f64,
}

impl Likert {
    /// The lowest rating on every scale: what an answer with no explanation to rate
    /// (no code, no aid) counts.
    pub const LOWEST: Likert = Likert {
        correctness: 1.0,
        fidelity: 1.0,
        referencing: 1.0,
        overall: 1.0,
    };

    /// The four in the reply's order.
    pub fn values(&self) -> [f64; 4] {
        [
            self.correctness,
            self.fidelity,
            self.referencing,
            self.overall,
        ]
    }
}

impl ProcessScores {
    /// Π over the four dimensions of (S / 10): the factor SPRS weighs a right answer by.
    pub fn product(&self) -> f64 {
        [self.logir, self.toolf, self.infot, self.gener]
            .iter()
            .map(|s| s / 10.0)
            .product()
    }
}

/// The process judge's answer about one answer to a question, or where asking stands.
/// Written as `{"state": "scored", …}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ProcessJudgement {
    Scored {
        scores: ProcessScores,
        #[serde(flatten)]
        reply: ProcessReply,
    },
    /// The answer did not hold the seven lines; `error` says which was missing or wrong.
    Unparseable {
        error: String,
        #[serde(flatten)]
        reply: ProcessReply,
    },
    /// The request failed after its retries (a rerun asks again).
    Failed { error: String, requests: u32 },
    /// `--judge-dry-run`: the prompt's file, relative to the run directory.
    DryRun { prompt: String },
    /// The response held no code: there is no aid and no process to judge.
    NoCode,
}

impl ProcessJudgement {
    pub fn state(&self) -> JudgeState {
        match self {
            ProcessJudgement::Scored { .. } => JudgeState::Scored,
            ProcessJudgement::Unparseable { .. } => JudgeState::Unparseable,
            ProcessJudgement::Failed { .. } => JudgeState::Failed,
            ProcessJudgement::DryRun { .. } => JudgeState::DryRun,
            ProcessJudgement::NoCode => JudgeState::NoCode,
        }
    }

    /// The values, when the judge gave them.
    pub fn scores(&self) -> Option<&ProcessScores> {
        match self {
            ProcessJudgement::Scored { scores, .. } => Some(scores),
            _ => None,
        }
    }
}

/// One answer of the process judge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProcessReply {
    /// The judge model.
    pub model: String,
    /// `process-<hash>` of the process rubric's text.
    pub template_version: String,
    /// The answer, cut to its head and tail (the whole answer is in the cache).
    pub answer: String,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub cached: bool,
    pub requests: u32,
}
