//! Tasks, multiple-choice questions and submissions: the suite's types, how suites load and
//! validate, and how generator programs expand into variant suites.
//!
//! A suite lives at `<root>/tasks/<name>/` (`tasks.jsonl`, `choice.jsonl`,
//! `labelled.jsonl`) with its reference scripts at
//! `<root>/references/<name>/<sample>/<state>.py`; paths inside the JSONL files are relative
//! to `<root>` (the repository root for committed suites). The formats are documented in
//! `docs/formats.md`, with JSON Schemas in `docs/schema/`.
//!
//! Loading never stops at the first bad line: every loader returns the good lines together
//! with one [`Problem`] (`file:line: reason`) per fault, so a person fixes a file in one
//! pass. [`Loaded::into_result`] and [`Suite::load`] turn any problem into an error that
//! lists them all.

mod expand;
mod input;
mod load;
mod parse;
mod problem;
mod prompt;
mod question;
mod suite;

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use expand::{EXPAND_RECORD, ExpandOptions, ExpandReport, default_python, expand};
pub use input::{InputFormat, InputSpec, strip_think};
pub use load::{
    Loaded, load_choices, load_labelled, load_submissions, load_submissions_as, load_tasks,
};
pub use problem::{Problem, Problems, Reason};
pub use prompt::{ImageRole, Prompt, PromptImage, picture_of, prompt, suite_prompts};
pub use question::{
    AidQuestion, AnswerKey, KeyValue, MAX_OPTIONS, Numbering, normal_expression, parse_number,
};
pub use suite::{CHOICE_FILE, LABELLED_FILE, Suite, TASKS_FILE, suite_root};

/// Errors of suite handling: invalid files, and what can go wrong while expanding.
#[derive(Debug, thiserror::Error)]
pub enum TaskError {
    #[error("{0}")]
    Invalid(Problems),
    #[error("`{}` is not a suite directory: a suite lives at <root>/tasks/<name>", dir.display())]
    NotASuite { dir: PathBuf },
    #[error("no generator programs (gen_*.py) in `{}`", dir.display())]
    NoGenerators { dir: PathBuf },
    #[error("--variants must be at least 1")]
    NoVariants,
    #[error("cannot run `{} {}`: {source} (is the venv set up? see scripts/)", python.display(), program.display())]
    Spawn {
        python: PathBuf,
        program: PathBuf,
        source: io::Error,
    },
    #[error("generator `{}` failed ({status}):\n{stderr}", program.display())]
    Generator {
        program: PathBuf,
        status: String,
        stderr: String,
    },
    #[error(
        "refusing to overwrite `{}`: it was not written by `tasks expand` (no {EXPAND_RECORD}); choose another output suite",
        dir.display()
    )]
    NotExpanded { dir: PathBuf },
    #[error("cannot write `{}`: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
}

/// The four MathOPEval operations. The reference of a task is the sample's script of the
/// same name, except generation, whose reference is `original.py`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Code generation (MCG): draw the figure from its image or description.
    Generation,
    /// Code editing (MCE): remove elements.
    Deletion,
    /// Code editing (MCE): change or add elements.
    Modification,
    /// Code editing (MCE): add labels with values, without a target image.
    Annotation,
}

impl Kind {
    pub const ALL: [Kind; 4] = [
        Kind::Generation,
        Kind::Deletion,
        Kind::Modification,
        Kind::Annotation,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Generation => "generation",
            Kind::Deletion => "deletion",
            Kind::Modification => "modification",
            Kind::Annotation => "annotation",
        }
    }

    /// The sample state (script file stem) that is the reference of this kind of task.
    pub fn reference_state(self) -> &'static str {
        match self {
            Kind::Generation => "original",
            other => other.as_str(),
        }
    }

    /// Edit tasks start from the original script; generation starts from nothing.
    pub fn is_edit(self) -> bool {
        self != Kind::Generation
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Kind {
    type Err = Reason;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Kind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| Reason::UnknownKind(s.to_string()))
    }
}

/// The type of figure a task is about. MathOPEval's five keep their criteria (a
/// geometry figure is read as its edges, each has a rubric); any other name (`scatter`,
/// `heatmap`, `multi-panel`, …) is accepted and graded on the generic scene. Reports
/// group by whatever types appear. (`Figure` is the scene's word for a drawn figure.)
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum FigureType {
    Geometry,
    Function,
    Bar,
    Line,
    Pie,
    /// Any other type, by its name (lowercase letters, digits and `-`).
    Other(String),
}

impl FigureType {
    /// MathOPEval's five, in the paper's order.
    pub const KNOWN: [FigureType; 5] = [
        FigureType::Geometry,
        FigureType::Function,
        FigureType::Bar,
        FigureType::Line,
        FigureType::Pie,
    ];

    pub fn as_str(&self) -> &str {
        match self {
            FigureType::Geometry => "geometry",
            FigureType::Function => "function",
            FigureType::Bar => "bar",
            FigureType::Line => "line",
            FigureType::Pie => "pie",
            FigureType::Other(s) => s,
        }
    }

    /// One of MathOPEval's five.
    pub fn is_known(&self) -> bool {
        !matches!(self, FigureType::Other(_))
    }

    /// The types to show in a table: the five known ones, then the others present, in
    /// name order.
    pub fn columns<'a>(present: impl IntoIterator<Item = &'a FigureType>) -> Vec<FigureType> {
        let mut others: Vec<FigureType> = present
            .into_iter()
            .filter(|f| !f.is_known())
            .cloned()
            .collect();
        others.sort();
        others.dedup();
        FigureType::KNOWN.iter().cloned().chain(others).collect()
    }
}

impl fmt::Display for FigureType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for FigureType {
    type Err = Reason;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(k) = FigureType::KNOWN.iter().find(|k| k.as_str() == s) {
            return Ok(k.clone());
        }
        let ok = s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && s.len() <= 40;
        if ok {
            Ok(FigureType::Other(s.to_string()))
        } else {
            Err(Reason::UnknownFigure(s.to_string()))
        }
    }
}

impl From<FigureType> for String {
    fn from(f: FigureType) -> String {
        f.as_str().to_string()
    }
}

impl TryFrom<String> for FigureType {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse().map_err(|e: Reason| e.to_string())
    }
}

/// One task: a line of `tasks.jsonl`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Task {
    /// Unique in the suite; `<sample>-<kind>` by convention (`bar-03-deletion`).
    pub id: String,
    /// The sample (one figure in four states) the task is about.
    pub sample: String,
    pub kind: Kind,
    pub figure: FigureType,
    /// What the model is told: a description (generation), a hint of the edit
    /// (deletion, modification) or the exact labels and values (annotation).
    pub instruction: String,
    /// `original.py` of the sample, relative to the suite root; `None` for generation.
    pub original: Option<PathBuf>,
    /// The reference script, relative to the suite root. Absent only for a generation
    /// task with a [`question`](Task::question): a visual aid with no reference aid is
    /// graded by whether it ran and drew (issue #28).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<PathBuf>,
    /// For a generated variant: the catalog sample it varies (reports group by it for
    /// average and worst case over variants).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_of: Option<String>,
    /// For a generated variant: the seed given to `tasks expand`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Where the reference scripts came from (a gallery file, a paper's figure): kept
    /// for the reader, unused by grading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// What kind of task this is within its kind (`subtype:extreme`, `label:angle`): the
    /// reports tabulate results by every tag key (the paper's Tables IV–VI).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    /// A question the model answers beside the figure it draws (the figure is then its
    /// visual aid): VisAidMath's and VAMPS's task shape. See [`AidQuestion`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<AidQuestion>,
}

/// A tag of a task or question: `key:value`, both non-empty, no spaces around either
/// (`subtype:x-intercept`, `direction:backward`, `label:angle`). A task may carry several
/// values of one key (an annotation of an x-intercept and an extreme point counts under
/// both).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Tag(String);

impl Tag {
    /// Longest tag accepted (a key and a value, not a description).
    pub const MAX_LEN: usize = 100;

    pub fn key(&self) -> &str {
        self.0.split_once(':').map_or("", |(k, _)| k)
    }

    pub fn value(&self) -> &str {
        self.0.split_once(':').map_or("", |(_, v)| v)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Tag {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        let ok = s.len() <= Tag::MAX_LEN
            && s.split_once(':').is_some_and(|(k, v)| {
                !k.is_empty() && !v.is_empty() && k.trim() == k && v.trim() == v && !k.contains(':')
            })
            && !s.chars().any(char::is_control);
        if ok {
            Ok(Tag(s))
        } else {
            Err(format!(
                "tag {s:?} is not `key:value` (both non-empty, no spaces around them, at most {} bytes), e.g. \"subtype:extreme\"",
                Tag::MAX_LEN
            ))
        }
    }
}

impl From<Tag> for String {
    fn from(t: Tag) -> String {
        t.0
    }
}

impl Task {
    /// The scripts grading this task runs besides the submission: its reference (if it
    /// has one), then its original (edit tasks).
    pub fn scripts(&self) -> impl Iterator<Item = &Path> {
        self.reference
            .as_deref()
            .into_iter()
            .chain(self.original.as_deref())
    }

    /// The sample this task stands for when results are grouped over variants: the sample
    /// it varies, or its own sample.
    pub fn base_sample(&self) -> &str {
        self.variant_of.as_deref().unwrap_or(&self.sample)
    }
}

/// The letter of a multiple-choice answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Answer {
    A,
    B,
    C,
    D,
}

impl Answer {
    pub const ALL: [Answer; 4] = [Answer::A, Answer::B, Answer::C, Answer::D];

    /// Position of the answer among the four choices (A = 0).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }
}

impl FromStr for Answer {
    type Err = Reason;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Answer::ALL
            .into_iter()
            .find(|a| s.len() == 1 && s.starts_with(a.letter()))
            .ok_or_else(|| Reason::BadAnswer(s.to_string()))
    }
}

/// One multiple-choice question: a line of `choice.jsonl`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoiceQuestion {
    /// Unique in the file; the id of the task the question is about.
    pub id: String,
    pub sample: String,
    pub kind: Kind,
    pub figure: FigureType,
    pub question: String,
    /// Four distinct programs (or other texts); exactly one is right.
    pub choices: [String; 4],
    pub answer: Answer,
    /// As a task's: the catalog sample a generated variant varies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_of: Option<String>,
    /// As a task's: the seed given to `tasks expand`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// As a task's tags.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
}

impl ChoiceQuestion {
    /// The text of the right choice.
    pub fn correct(&self) -> &str {
        &self.choices[self.answer.index()]
    }
}

/// One model answer to a task: a line of a submissions file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Submission {
    /// The task id.
    pub id: String,
    /// The model's raw text; the code is usually in a markdown fence.
    pub response: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
}

/// What a careful human grader says about a labelled submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Expected {
    Pass,
    Fail,
}

impl Expected {
    pub fn as_str(self) -> &'static str {
        match self {
            Expected::Pass => "pass",
            Expected::Fail => "fail",
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A submission with the verdict it deserves: a line of `labelled.jsonl`, the yardstick
/// the grader's agreement is measured against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LabelledSubmission {
    pub id: String,
    /// `labelled/<case>` in the committed set, so (id, model) is unique.
    pub model: String,
    pub response: String,
    pub expected: Expected,
    /// Why the verdict is what it is (`rewrite-names`, `value-off`, ...; see docs/formats.md).
    pub case: String,
    /// The labeller's words for the verdict (what is right or wrong in the figure).
    pub reason: Option<String>,
}

impl LabelledSubmission {
    /// The plain submission, as a model run would have produced it.
    pub fn submission(&self) -> Submission {
        Submission {
            id: self.id.clone(),
            response: self.response.clone(),
            model: Some(self.model.clone()),
        }
    }
}
