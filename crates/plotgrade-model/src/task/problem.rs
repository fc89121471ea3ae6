//! What is wrong with a task file: one `Problem` (file, line, reason) per fault.

use std::fmt;
use std::path::PathBuf;

use super::{FigureType, Kind};

/// One fault in a task file. `line` is 1-based; 0 means the whole file.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub file: PathBuf,
    pub line: usize,
    pub reason: Reason,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.reason)
        } else {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.reason)
        }
    }
}

/// Why a line (or a file) is bad. Messages quote the bad input and say what is expected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Reason {
    #[error("cannot read the file: {0}")]
    Unreadable(String),
    #[error("not valid UTF-8 (first bad byte at column {column}); save the file as UTF-8")]
    NotUtf8 { column: usize },
    #[error("malformed JSON: {0}")]
    Json(String),
    #[error("not a sample document: {0}")]
    NotASample(String),
    #[error("expected a JSON object, found {0}")]
    NotAnObject(&'static str),
    #[error("missing field `{0}`")]
    MissingField(&'static str),
    /// A field looked for under the input mapping (`--id-field`, `--response-field`).
    #[error("no field {tried} (set the field with {flag})")]
    MissingMapped { tried: String, flag: &'static str },
    #[error("unknown field `{field}` (known fields: {known})")]
    UnknownField { field: String, known: String },
    #[error("field `{field}` must be {expected}, found {found}")]
    WrongType {
        field: &'static str,
        expected: &'static str,
        found: &'static str,
    },
    #[error("field `{0}` is empty")]
    Empty(&'static str),
    #[error("unknown kind `{0}`; expected generation, deletion, modification or annotation")]
    UnknownKind(String),
    #[error(
        "figure type `{0}` is not a name: use lowercase letters, digits and `-` (geometry, function, bar, line, pie, or a name of your own such as `scatter`)"
    )]
    UnknownFigure(String),
    #[error("answer `{0}` is not one of the letters A, B, C, D")]
    BadAnswer(String),
    #[error("expected `{0}` is neither `pass` nor `fail`")]
    BadExpected(String),
    #[error("{0} choices; a question has exactly 4")]
    ChoiceCount(usize),
    #[error("choices {0} and {1} are the same text; the four choices must differ")]
    SameChoices(char, char),
    #[error(
        "{field} `{value}` may hold only lowercase letters, digits, '.', '_' and '-', starting with a letter or digit"
    )]
    BadId { field: &'static str, value: String },
    #[error("field `question`: {0}")]
    BadQuestion(String),
    #[error("field `tags`: {0}")]
    BadTag(String),
    #[error("case `{0}` may hold only lowercase letters, digits and '-'")]
    BadCase(String),
    #[error("duplicate id `{id}` (first on line {first})")]
    DuplicateId { id: String, first: usize },
    #[error(
        "a second submission for task `{id}` by model `{model}` (first on line {first}); a run keeps one answer per task and model: give repeats their own model name, or grade groups with Grader.grade_batch or `plotgrade serve`"
    )]
    DuplicateSubmission {
        id: String,
        model: String,
        first: usize,
    },
    #[error(
        "{field} `{path}` must be a relative path inside the suite root (no leading '/', no '..')"
    )]
    BadPath { field: &'static str, path: String },
    #[error("{field} `{path}` does not exist under the suite root `{root}`")]
    MissingFile {
        field: &'static str,
        path: String,
        root: PathBuf,
    },
    #[error("a generation task has no original script; set `original` to null")]
    OriginalForGeneration,
    #[error("a {0} task needs `original`, the path of the sample's original.py")]
    MissingOriginal(Kind),
    #[error(
        "missing field `reference`: only a generation task with a `question` may leave it out (its visual aid is then graded by whether it ran and drew)"
    )]
    MissingReference,
    #[error("no task `{0}` in the suite{hint}", hint = numeric_id_hint(.0))]
    UnknownTask(String),
    #[error("no sample `{0}` in the suite")]
    UnknownSample(String),
    #[error("sample `{sample}` is a {found} figure here but a {first} figure on line {line}")]
    FigureMismatch {
        sample: String,
        found: FigureType,
        first: FigureType,
        line: usize,
    },
    #[error("{field} `{found}` differs from task `{id}`, whose {field} is `{expected}`")]
    TaskMismatch {
        id: String,
        field: &'static str,
        found: String,
        expected: String,
    },
}

/// Every problem found while loading, as one error.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct Problems(pub Vec<Problem>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        write!(
            f,
            "{n} problem{} in task files:",
            if n == 1 { "" } else { "s" }
        )?;
        for p in &self.0 {
            write!(f, "\n  {p}")?;
        }
        Ok(())
    }
}

impl Reason {
    /// The id of the line this reason is about, when the reason knows it.
    pub fn id(&self) -> Option<&str> {
        match self {
            Reason::UnknownTask(id)
            | Reason::DuplicateId { id, .. }
            | Reason::DuplicateSubmission { id, .. } => Some(id),
            _ => None,
        }
    }
}

/// A number where a task id belongs is a tool's row number: lm-eval's `doc_id`,
/// VLMEvalKit's `index`. Say which flag reads the real id.
fn numeric_id_hint(id: &str) -> &'static str {
    if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
        " (a row number, as lm-eval's doc_id or VLMEvalKit's index: name the field holding the task id with --id-field, e.g. --id-field doc.id)"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_display_as_file_colon_line() {
        let p = Problem {
            file: "tasks/s/tasks.jsonl".into(),
            line: 7,
            reason: Reason::UnknownKind("x".into()),
        };
        assert_eq!(
            p.to_string(),
            "tasks/s/tasks.jsonl:7: unknown kind `x`; expected generation, deletion, modification or annotation"
        );
        let all = Problems(vec![p.clone(), p]);
        assert!(
            all.to_string()
                .starts_with("2 problems in task files:\n  tasks/s/tasks.jsonl:7: ")
        );
    }
}
