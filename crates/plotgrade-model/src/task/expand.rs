//! `tasks expand`: turn generator programs into a suite of variants (DynaMath's idea).
//!
//! A generator program (`gen_*.py` in the generators directory) is trusted project code,
//! run as a subprocess with the project venv's Python (only the executor's workers embed
//! Python). Called as `python gen_bar.py --seed S --variants K` it prints one *sample
//! document* per line: a sample id, the catalog sample it varies, its four scripts, four
//! instructions and four questions (docs/formats.md). This module lays those out as a
//! suite: reference scripts, `tasks.jsonl`, `choice.jsonl`, and `expand.json` recording
//! how the suite was made, then loads the result back to prove it valid.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::parse::{is_id, parse_lines};
use super::problem::{Problem, Problems, Reason};
use super::suite::{CHOICE_FILE, Suite, TASKS_FILE, suite_root};
use super::{Answer, ChoiceQuestion, FigureType, Kind, Tag, Task, TaskError};

/// The record `expand` leaves in the suite directory. Its presence marks the suite as
/// generated, so a later `expand` may replace it; a hand-made suite has none and is never
/// overwritten.
pub const EXPAND_RECORD: &str = "expand.json";

/// What to expand, and where to.
#[derive(Debug, Clone)]
pub struct ExpandOptions {
    /// Directory holding the `gen_*.py` programs (`tasks/generators`).
    pub generators: PathBuf,
    /// The suite to write: `<root>/tasks/<name>`; references go to `<root>/references/<name>`.
    pub out: PathBuf,
    /// Variants per catalog sample.
    pub variants: u32,
    pub seed: u64,
    /// The interpreter that runs the generators (the project venv's).
    pub python: PathBuf,
}

impl ExpandOptions {
    pub fn new(
        generators: impl Into<PathBuf>,
        out: impl Into<PathBuf>,
        variants: u32,
        seed: u64,
    ) -> Self {
        ExpandOptions {
            generators: generators.into(),
            out: out.into(),
            variants,
            seed,
            python: default_python(),
        }
    }
}

/// The venv interpreter the crate was built against, else `.venv/bin/python`.
pub fn default_python() -> PathBuf {
    PathBuf::from(option_env!("PLOTGRADE_BUILD_PYTHON").unwrap_or(".venv/bin/python"))
}

/// What `expand` wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpandReport {
    pub suite: String,
    pub dir: PathBuf,
    pub references: PathBuf,
    pub generators: Vec<PathBuf>,
    pub samples: usize,
    pub tasks: usize,
    pub choices: usize,
}

// The sample document a generator prints (docs/schema/sample.schema.json).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SampleDoc {
    sample: String,
    figure: FigureType,
    variant_of: Option<String>,
    seed: Option<u64>,
    scripts: Scripts,
    instructions: PerKind<String>,
    choices: PerKind<Question>,
    /// Each kind's tags (`subtype:extreme`), copied to its task and its question.
    #[serde(default)]
    tags: Option<PerKind<Vec<Tag>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Scripts {
    original: String,
    deletion: String,
    modification: String,
    annotation: String,
}

impl Scripts {
    fn by_state(&self) -> [(&'static str, &str); 4] {
        [
            ("original", &self.original),
            ("deletion", &self.deletion),
            ("modification", &self.modification),
            ("annotation", &self.annotation),
        ]
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PerKind<T> {
    generation: T,
    deletion: T,
    modification: T,
    annotation: T,
}

impl<T> PerKind<T> {
    fn get(&self, kind: Kind) -> &T {
        match kind {
            Kind::Generation => &self.generation,
            Kind::Deletion => &self.deletion,
            Kind::Modification => &self.modification,
            Kind::Annotation => &self.annotation,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Question {
    question: String,
    choices: [String; 4],
    answer: Answer,
}

/// Run every generator and write the suite `opts.out`. An existing suite there is replaced
/// only if an earlier `expand` wrote it.
pub fn expand(opts: &ExpandOptions) -> Result<ExpandReport, TaskError> {
    if opts.variants == 0 {
        return Err(TaskError::NoVariants);
    }
    let root = suite_root(&opts.out)?;
    let name = opts
        .out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let references = root.join("references").join(&name);
    let programs = generator_programs(&opts.generators)?;

    let mut docs = Vec::new();
    let mut problems = Vec::new();
    for program in &programs {
        let stdout = run_generator(opts, program)?;
        read_documents(program, &stdout, &mut docs, &mut problems);
    }
    check_documents(&docs, &mut problems);
    if !problems.is_empty() {
        return Err(TaskError::Invalid(Problems(problems)));
    }

    claim(&opts.out, &references)?;
    write(
        &opts.out.join(EXPAND_RECORD),
        &record(opts, &programs, docs.len())?,
    )?;
    let (mut tasks, mut choices) = (String::new(), String::new());
    for (_, _, doc) in &docs {
        let dir = references.join(&doc.sample);
        for (state, script) in doc.scripts.by_state() {
            write(&dir.join(format!("{state}.py")), script)?;
        }
        let rel = Path::new("references").join(&name).join(&doc.sample);
        for kind in Kind::ALL {
            let (task, question) = task_and_question(doc, kind, &rel);
            tasks.push_str(&json_line(&task));
            choices.push_str(&json_line(&question));
        }
    }
    write(&opts.out.join(TASKS_FILE), &tasks)?;
    write(&opts.out.join(CHOICE_FILE), &choices)?;

    let suite = Suite::load(&opts.out)?;
    Ok(ExpandReport {
        suite: name,
        dir: opts.out.clone(),
        references,
        generators: programs,
        samples: docs.len(),
        tasks: suite.tasks.len(),
        choices: suite.choices.len(),
    })
}

/// The task of `kind` for the sample `doc` describes, and its multiple-choice question;
/// `rel` is the sample's reference folder.
fn task_and_question(doc: &SampleDoc, kind: Kind, rel: &Path) -> (Task, ChoiceQuestion) {
    let id = format!("{}-{kind}", doc.sample);
    let tags = doc
        .tags
        .as_ref()
        .map(|t| t.get(kind).clone())
        .unwrap_or_default();
    let task = Task {
        id: id.clone(),
        sample: doc.sample.clone(),
        kind,
        figure: doc.figure.clone(),
        instruction: doc.instructions.get(kind).clone(),
        original: kind.is_edit().then(|| rel.join("original.py")),
        reference: Some(rel.join(format!("{}.py", kind.reference_state()))),
        variant_of: doc.variant_of.clone(),
        seed: doc.seed,
        source: None,
        tags: tags.clone(),
        question: None,
    };
    let q = doc.choices.get(kind);
    let question = ChoiceQuestion {
        id,
        sample: doc.sample.clone(),
        kind,
        figure: doc.figure.clone(),
        question: q.question.clone(),
        choices: q.choices.clone(),
        answer: q.answer,
        variant_of: doc.variant_of.clone(),
        seed: doc.seed,
        tags,
    };
    (task, question)
}

fn json_line<T: serde::Serialize>(value: &T) -> String {
    let mut line = serde_json::to_string(value).expect("task types serialise");
    line.push('\n');
    line
}

fn generator_programs(dir: &Path) -> Result<Vec<PathBuf>, TaskError> {
    let entries = std::fs::read_dir(dir).map_err(|_| TaskError::NoGenerators {
        dir: dir.to_path_buf(),
    })?;
    let mut programs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            name.starts_with("gen_") && name.ends_with(".py") && p.is_file()
        })
        .collect();
    programs.sort();
    if programs.is_empty() {
        return Err(TaskError::NoGenerators {
            dir: dir.to_path_buf(),
        });
    }
    Ok(programs)
}

fn run_generator(opts: &ExpandOptions, program: &Path) -> Result<Vec<u8>, TaskError> {
    let out = Command::new(&opts.python)
        .arg(program)
        .args([
            "--seed",
            &opts.seed.to_string(),
            "--variants",
            &opts.variants.to_string(),
        ])
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .map_err(|source| TaskError::Spawn {
            python: opts.python.clone(),
            program: program.to_path_buf(),
            source,
        })?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        // the end of a traceback says what went wrong
        let tail: String = {
            let chars: Vec<char> = stderr.trim_end().chars().collect();
            chars[chars.len().saturating_sub(2000)..].iter().collect()
        };
        return Err(TaskError::Generator {
            program: program.to_path_buf(),
            status: out.status.to_string(),
            stderr: tail,
        });
    }
    Ok(out.stdout)
}

type Doc = (PathBuf, usize, SampleDoc);

fn read_documents(program: &Path, stdout: &[u8], docs: &mut Vec<Doc>, problems: &mut Vec<Problem>) {
    for (line, value) in parse_lines(stdout) {
        let parsed = value.and_then(|v| {
            serde_json::from_value::<SampleDoc>(v).map_err(|e| Reason::NotASample(e.to_string()))
        });
        match parsed {
            Ok(doc) => docs.push((program.to_path_buf(), line, doc)),
            Err(reason) => problems.push(Problem {
                file: program.to_path_buf(),
                line,
                reason,
            }),
        }
    }
}

/// Sample ids are valid and unique across all generators.
fn check_documents(docs: &[Doc], problems: &mut Vec<Problem>) {
    let mut first: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (program, line, doc) in docs {
        let problem = |reason| Problem {
            file: program.clone(),
            line: *line,
            reason,
        };
        if !is_id(&doc.sample) {
            problems.push(problem(Reason::BadId {
                field: "sample",
                value: doc.sample.clone(),
            }));
        }
        if let Some(v) = doc.variant_of.as_ref().filter(|v| !is_id(v)) {
            problems.push(problem(Reason::BadId {
                field: "variant_of",
                value: v.clone(),
            }));
        }
        match first.get(doc.sample.as_str()) {
            Some(&at) => problems.push(problem(Reason::DuplicateId {
                id: doc.sample.clone(),
                first: at,
            })),
            None => {
                first.insert(&doc.sample, *line);
            }
        }
    }
}

/// Make the output ours: refuse a suite or reference tree that `expand` did not write,
/// and clear the one it did.
fn claim(out: &Path, references: &Path) -> Result<(), TaskError> {
    let ours = out.join(EXPAND_RECORD).is_file();
    let occupied = out.join(TASKS_FILE).exists() || references.exists();
    if occupied && !ours {
        return Err(TaskError::NotExpanded {
            dir: out.to_path_buf(),
        });
    }
    if references.exists() {
        std::fs::remove_dir_all(references).map_err(|source| TaskError::Write {
            path: references.to_path_buf(),
            source,
        })?;
    }
    Ok(())
}

fn record(opts: &ExpandOptions, programs: &[PathBuf], samples: usize) -> Result<String, TaskError> {
    let mut generators = Vec::new();
    for program in programs {
        let bytes = std::fs::read(program).map_err(|source| TaskError::Spawn {
            python: opts.python.clone(),
            program: program.clone(),
            source,
        })?;
        let digest = Sha256::digest(&bytes);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        let name = program
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        generators.push(serde_json::json!({"program": name, "sha256": hex}));
    }
    let value = serde_json::json!({
        "seed": opts.seed,
        "variants": opts.variants,
        "samples": samples,
        "generators": generators,
    });
    let mut text = serde_json::to_string_pretty(&value).expect("json value serialises");
    text.push('\n');
    Ok(text)
}

fn write(path: &Path, text: &str) -> Result<(), TaskError> {
    let io = |source| TaskError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    std::fs::write(path, text).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_document_parses() {
        let script = "import matplotlib.pyplot as plt\nplt.plot([1], [2])\nplt.show()\n";
        let q =
            serde_json::json!({"question": "?", "choices": ["a", "b", "c", "d"], "answer": "B"});
        let doc = serde_json::json!({
            "sample": "bar-01-v1", "figure": "bar", "variant_of": "bar-01", "seed": 3,
            "scripts": {"original": script, "deletion": script, "modification": script, "annotation": script},
            "instructions": {"generation": "g", "deletion": "d", "modification": "m", "annotation": "a"},
            "choices": {"generation": q, "deletion": q, "modification": q, "annotation": q}
        });
        let mut docs = Vec::new();
        let mut problems = Vec::new();
        let text = format!("{doc}\n{{\"sample\": 1}}\n");
        read_documents(
            Path::new("gen_x.py"),
            text.as_bytes(),
            &mut docs,
            &mut problems,
        );
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0].2.choices.get(Kind::Deletion).answer, Answer::B);
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0]
                .to_string()
                .starts_with("gen_x.py:2: not a sample document"),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn zero_variants_is_refused_before_anything_runs() {
        let opts = ExpandOptions::new("/nonexistent", "/tmp/tasks/x", 0, 1);
        assert!(matches!(expand(&opts), Err(TaskError::NoVariants)));
    }
}
