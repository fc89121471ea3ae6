//! Loading JSONL task files: every line parsed, every bad line reported with its reason,
//! the good lines kept.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;

use serde_json::Value;

use super::input::InputSpec;
use super::parse::{choice_from, json_lines, labelled_from, submission_from, task_from};
use super::problem::{Problem, Problems, Reason};
use super::{ChoiceQuestion, FigureType, LabelledSubmission, Submission, Task};

/// The good items of a file and the problems of its bad lines.
#[derive(Debug)]
pub struct Loaded<T> {
    /// Items of the lines without problems, in file order.
    pub items: Vec<T>,
    /// Line numbers of `items` (1-based), for messages about them later.
    pub lines: Vec<usize>,
    pub problems: Vec<Problem>,
}

impl<T> Loaded<T> {
    fn new() -> Self {
        Loaded {
            items: Vec::new(),
            lines: Vec::new(),
            problems: Vec::new(),
        }
    }

    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// The items if every line was good, else all the problems.
    pub fn into_result(self) -> Result<Vec<T>, Problems> {
        if self.problems.is_empty() {
            Ok(self.items)
        } else {
            Err(Problems(self.problems))
        }
    }
}

// ---------------------------------------------------------------------------------------
// Files

/// Parse every line with `parse`, then run `check` (cross-line and cross-file rules) on
/// each good item; an item is kept only when both found nothing wrong.
fn load_with<T>(
    path: &Path,
    parse: impl Fn(&Value) -> Result<T, Vec<Reason>>,
    check: impl FnMut(usize, &T) -> Vec<Reason>,
) -> Loaded<T> {
    load_rows(path, json_lines(path), parse, check)
}

/// [`load_with`] over rows already read (`Err`: the file could not be read at all).
fn load_rows<T>(
    path: &Path,
    rows: Result<Vec<super::parse::JsonLine>, Problem>,
    parse: impl Fn(&Value) -> Result<T, Vec<Reason>>,
    mut check: impl FnMut(usize, &T) -> Vec<Reason>,
) -> Loaded<T> {
    let mut loaded = Loaded::new();
    let lines = match rows {
        Ok(lines) => lines,
        Err(problem) => {
            loaded.problems.push(problem);
            return loaded;
        }
    };
    for (line, value) in lines {
        let reasons = match value.map_err(|r| vec![r]).and_then(|v| parse(&v)) {
            Ok(item) => {
                let reasons = check(line, &item);
                if reasons.is_empty() {
                    loaded.items.push(item);
                    loaded.lines.push(line);
                }
                reasons
            }
            Err(reasons) => reasons,
        };
        loaded
            .problems
            .extend(reasons.into_iter().map(|reason| Problem {
                file: path.to_path_buf(),
                line,
                reason,
            }));
    }
    loaded
}

/// Remembers where each key was first seen.
#[derive(Default)]
struct FirstSeen<K>(HashMap<K, usize>);

impl<K: std::hash::Hash + Eq> FirstSeen<K> {
    /// `Some(first line)` when `key` was already seen.
    fn seen(&mut self, key: K, line: usize) -> Option<usize> {
        match self.0.entry(key) {
            Entry::Occupied(e) => Some(*e.get()),
            Entry::Vacant(e) => {
                e.insert(line);
                None
            }
        }
    }
}

/// Load `tasks.jsonl`: every field checked, ids unique, one figure type per sample, and
/// `original`/`reference` files present under `root` (the suite root).
pub fn load_tasks(path: &Path, root: &Path) -> Loaded<Task> {
    let mut ids = FirstSeen::default();
    let mut figures: HashMap<String, (FigureType, usize)> = HashMap::new();
    load_with(path, task_from, |line, task: &Task| {
        let mut reasons = Vec::new();
        if let Some(first) = ids.seen(task.id.clone(), line) {
            reasons.push(Reason::DuplicateId {
                id: task.id.clone(),
                first,
            });
        }
        match figures.entry(task.sample.clone()) {
            Entry::Occupied(e) if e.get().0 != task.figure => {
                reasons.push(Reason::FigureMismatch {
                    sample: task.sample.clone(),
                    found: task.figure.clone(),
                    first: e.get().0.clone(),
                    line: e.get().1,
                })
            }
            Entry::Occupied(_) => {}
            Entry::Vacant(e) => {
                e.insert((task.figure.clone(), line));
            }
        }
        let files = [
            ("original", task.original.as_ref()),
            ("reference", task.reference.as_ref()),
        ];
        for (field, rel) in files {
            if let Some(rel) = rel
                && !root.join(rel).is_file()
            {
                reasons.push(Reason::MissingFile {
                    field,
                    path: rel.display().to_string(),
                    root: root.to_path_buf(),
                });
            }
        }
        reasons
    })
}

/// Load `choice.jsonl`. With `tasks`, each question's sample must be in the suite and a
/// question that shares a task's id must agree with it on kind, sample and figure.
pub fn load_choices(path: &Path, tasks: Option<&[Task]>) -> Loaded<ChoiceQuestion> {
    let mut ids = FirstSeen::default();
    let by_id: HashMap<&str, &Task> = tasks
        .unwrap_or(&[])
        .iter()
        .map(|t| (t.id.as_str(), t))
        .collect();
    let samples: std::collections::HashSet<&str> = tasks
        .unwrap_or(&[])
        .iter()
        .map(|t| t.sample.as_str())
        .collect();
    load_with(path, choice_from, |line, q: &ChoiceQuestion| {
        let mut reasons = Vec::new();
        if let Some(first) = ids.seen(q.id.clone(), line) {
            reasons.push(Reason::DuplicateId {
                id: q.id.clone(),
                first,
            });
        }
        if tasks.is_some() && !samples.contains(q.sample.as_str()) {
            reasons.push(Reason::UnknownSample(q.sample.clone()));
        }
        if let Some(task) = by_id.get(q.id.as_str()) {
            let pairs = [
                ("kind", q.kind.to_string(), task.kind.to_string()),
                ("sample", q.sample.clone(), task.sample.clone()),
                ("figure", q.figure.to_string(), task.figure.to_string()),
            ];
            for (field, found, expected) in pairs {
                if found != expected {
                    reasons.push(Reason::TaskMismatch {
                        id: task.id.clone(),
                        field,
                        found,
                        expected,
                    });
                }
            }
        }
        reasons
    })
}

/// Load a submissions file. Each (id, model) appears once; with `tasks`, each id must be
/// a task of the suite.
pub fn load_submissions(path: &Path, tasks: Option<&[Task]>) -> Loaded<Submission> {
    load_submissions_as(path, &InputSpec::default(), tasks)
}

/// [`load_submissions`] of a file read under `spec` (another format, other field names,
/// reasoning stripped). Row numbers in problems are the file's own (a table's header is
/// row 1).
pub fn load_submissions_as(
    path: &Path,
    spec: &InputSpec,
    tasks: Option<&[Task]>,
) -> Loaded<Submission> {
    let known: Option<std::collections::HashSet<&str>> =
        tasks.map(|ts| ts.iter().map(|t| t.id.as_str()).collect());
    let mut seen = FirstSeen::default();
    let rows = super::input::rows(path, spec);
    load_rows(path, rows, submission_from, |line, s: &Submission| {
        let mut reasons = Vec::new();
        if let Some(first) = seen.seen((s.id.clone(), s.model.clone()), line) {
            let model = s.model.clone().unwrap_or_else(|| "(none)".to_string());
            reasons.push(Reason::DuplicateSubmission {
                id: s.id.clone(),
                model,
                first,
            });
        }
        if known.as_ref().is_some_and(|k| !k.contains(s.id.as_str())) {
            reasons.push(Reason::UnknownTask(s.id.clone()));
        }
        reasons
    })
}

/// Load `labelled.jsonl`: like submissions, with a verdict and a case on every line.
pub fn load_labelled(path: &Path, tasks: Option<&[Task]>) -> Loaded<LabelledSubmission> {
    let known: Option<std::collections::HashSet<&str>> =
        tasks.map(|ts| ts.iter().map(|t| t.id.as_str()).collect());
    let mut seen = FirstSeen::default();
    load_with(path, labelled_from, |line, s: &LabelledSubmission| {
        let mut reasons = Vec::new();
        if let Some(first) = seen.seen((s.id.clone(), s.model.clone()), line) {
            reasons.push(Reason::DuplicateSubmission {
                id: s.id.clone(),
                model: s.model.clone(),
                first,
            });
        }
        if known.as_ref().is_some_and(|k| !k.contains(s.id.as_str())) {
            reasons.push(Reason::UnknownTask(s.id.clone()));
        }
        reasons
    })
}
