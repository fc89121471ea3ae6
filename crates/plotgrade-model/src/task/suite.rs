//! A suite directory as one value: its tasks, questions and labelled set, checked together.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::load::{load_choices, load_labelled, load_tasks};
use super::problem::{Problem, Problems};
use super::{ChoiceQuestion, LabelledSubmission, Task, TaskError};

pub const TASKS_FILE: &str = "tasks.jsonl";
pub const CHOICE_FILE: &str = "choice.jsonl";
pub const LABELLED_FILE: &str = "labelled.jsonl";

/// A loaded suite `<root>/tasks/<name>`.
#[derive(Debug, Clone)]
pub struct Suite {
    pub name: String,
    /// The directory paths in the task files are relative to.
    pub root: PathBuf,
    /// `<root>/tasks/<name>`.
    pub dir: PathBuf,
    pub tasks: Vec<Task>,
    /// Empty when the suite has no `choice.jsonl`.
    pub choices: Vec<ChoiceQuestion>,
    /// Empty when the suite has no `labelled.jsonl`.
    pub labelled: Vec<LabelledSubmission>,
    index: HashMap<String, usize>,
}

/// The root of the suite in `dir`, which must be `<root>/tasks/<name>`.
pub fn suite_root(dir: &Path) -> Result<PathBuf, TaskError> {
    let parent = dir
        .parent()
        .filter(|p| p.file_name().is_some_and(|n| n == "tasks"));
    let Some(parent) = parent else {
        return Err(TaskError::NotASuite {
            dir: dir.to_path_buf(),
        });
    };
    let root = parent.parent().unwrap_or(Path::new(""));
    Ok(if root.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        root.to_path_buf()
    })
}

impl Suite {
    /// Load every file of the suite in `dir` and return it with all problems found. The
    /// suite holds the good lines; `tasks.jsonl` is required, `choice.jsonl` and
    /// `labelled.jsonl` are checked when present. Questions and labelled lines are checked
    /// against the good tasks.
    pub fn check(dir: &Path) -> Result<(Suite, Vec<Problem>), TaskError> {
        let root = suite_root(dir)?;
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tasks = load_tasks(&dir.join(TASKS_FILE), &root);
        let mut problems = tasks.problems;
        let tasks = tasks.items;
        let choice_path = dir.join(CHOICE_FILE);
        let choices = if choice_path.exists() {
            let loaded = load_choices(&choice_path, Some(&tasks));
            problems.extend(loaded.problems);
            loaded.items
        } else {
            Vec::new()
        };
        let labelled_path = dir.join(LABELLED_FILE);
        let labelled = if labelled_path.exists() {
            let loaded = load_labelled(&labelled_path, Some(&tasks));
            problems.extend(loaded.problems);
            loaded.items
        } else {
            Vec::new()
        };
        let index = tasks
            .iter()
            .enumerate()
            .map(|(i, t)| (t.id.clone(), i))
            .collect();
        let suite = Suite {
            name,
            root,
            dir: dir.to_path_buf(),
            tasks,
            choices,
            labelled,
            index,
        };
        Ok((suite, problems))
    }

    /// Load the suite in `dir`; any problem in any of its files is an error listing all.
    pub fn load(dir: &Path) -> Result<Suite, TaskError> {
        let (suite, problems) = Suite::check(dir)?;
        if problems.is_empty() {
            Ok(suite)
        } else {
            Err(TaskError::Invalid(Problems(problems)))
        }
    }

    pub fn task(&self, id: &str) -> Option<&Task> {
        self.index.get(id).map(|&i| &self.tasks[i])
    }

    /// A path from a task file, resolved against the suite root.
    pub fn path(&self, rel: &Path) -> PathBuf {
        self.root.join(rel)
    }

    /// The reference script's path; `None` for an aid graded by whether it ran and drew.
    pub fn reference_path(&self, task: &Task) -> Option<PathBuf> {
        task.reference.as_deref().map(|p| self.path(p))
    }

    pub fn original_path(&self, task: &Task) -> Option<PathBuf> {
        task.original.as_deref().map(|p| self.path(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_is_two_levels_above_the_suite() {
        assert_eq!(
            suite_root(Path::new("/r/tasks/mini")).unwrap(),
            PathBuf::from("/r")
        );
        assert_eq!(
            suite_root(Path::new("tasks/mini")).unwrap(),
            PathBuf::from(".")
        );
        assert!(matches!(
            suite_root(Path::new("/r/suites/mini")),
            Err(TaskError::NotASuite { .. })
        ));
    }
}
