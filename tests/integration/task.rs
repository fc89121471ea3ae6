//! Task suites: loading reports every bad line and keeps the good ones; the committed
//! mathopeval-mini suite loads clean and has the promised shape; `expand` turns the
//! generator programs into a valid, reproducible variant suite and refuses to clobber.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use plotgrade::task::{
    self, ExpandOptions, Expected, FigureType, Kind, Problem, Reason, Suite, TaskError,
};

use crate::util::{repo, tempdir};

fn fixtures() -> PathBuf {
    repo().join("tests/fixtures/task")
}

fn broken_suite() -> PathBuf {
    fixtures().join("broken/tasks/broken")
}

/// `(line, reason)` of each problem, for comparing with what a fixture is known to hold.
fn by_line(problems: &[Problem]) -> Vec<(usize, Reason)> {
    problems
        .iter()
        .map(|p| (p.line, p.reason.clone()))
        .collect()
}

/// All problems, one per line, for assertion messages.
fn show(problems: &[Problem]) -> String {
    problems.iter().map(|p| format!("\n  {p}")).collect()
}

fn good_tasks() -> Vec<task::Task> {
    let root = fixtures().join("broken");
    task::load_tasks(&broken_suite().join("tasks.jsonl"), &root).items
}

#[test]
fn every_bad_task_line_is_reported_with_its_line_and_reason() {
    let root = fixtures().join("broken");
    let path = broken_suite().join("tasks.jsonl");
    let loaded = task::load_tasks(&path, &root);
    let got = by_line(&loaded.problems);
    let show = show(&loaded.problems);
    let expect_at = |line: usize, pred: &dyn Fn(&Reason) -> bool, what: &str| {
        assert!(
            got.iter().any(|(l, r)| *l == line && pred(r)),
            "line {line}: {what} expected in{show}"
        );
    };
    expect_at(
        3,
        &|r| *r == Reason::UnknownKind("deletions".into()),
        "unknown kind",
    );
    expect_at(
        4,
        &|r| *r == Reason::UnknownFigure("Scatter Plot".into()),
        "unknown figure",
    );
    expect_at(5, &|r| matches!(r, Reason::Json(_)), "malformed JSON");
    expect_at(
        6,
        &|r| {
            *r == Reason::DuplicateId {
                id: "s-01-generation".into(),
                first: 1,
            }
        },
        "duplicate id",
    );
    expect_at(
        7,
        &|r| {
            matches!(
                r,
                Reason::MissingFile {
                    field: "reference",
                    ..
                }
            )
        },
        "missing file",
    );
    expect_at(
        8,
        &|r| *r == Reason::OriginalForGeneration,
        "original on a generation task",
    );
    expect_at(
        11,
        &|r| *r == Reason::NotAnObject("an array"),
        "not an object",
    );
    expect_at(
        12,
        &|r| matches!(r, Reason::UnknownField { field, .. } if field == "refrence"),
        "unknown field",
    );
    expect_at(12, &|r| *r == Reason::MissingReference, "missing field");
    expect_at(
        13,
        &|r| matches!(r, Reason::FigureMismatch { line: 1, .. }),
        "figure mismatch",
    );
    expect_at(
        14,
        &|r| {
            matches!(
                r,
                Reason::BadPath {
                    field: "reference",
                    ..
                }
            )
        },
        "path outside the root",
    );
    let lines: BTreeSet<usize> = got.iter().map(|(l, _)| *l).collect();
    assert_eq!(
        lines,
        BTreeSet::from([3, 4, 5, 6, 7, 8, 11, 12, 13, 14]),
        "bad lines{show}"
    );
    // every message names the file and the line
    for p in &loaded.problems {
        let text = p.to_string();
        assert!(
            text.starts_with(&format!("{}:{}: ", path.display(), p.line)),
            "{text}"
        );
    }
    // the good lines still load, in file order, with their line numbers
    let ids: Vec<&str> = loaded.items.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "s-01-generation",
            "s-01-deletion",
            "s-01-modification",
            "s-01-annotation"
        ]
    );
    assert_eq!(loaded.lines, [1, 2, 10, 15]);
}

#[test]
fn every_bad_choice_line_is_reported_and_checked_against_the_tasks() {
    let tasks = good_tasks();
    let loaded = task::load_choices(&broken_suite().join("choice.jsonl"), Some(&tasks));
    let got = by_line(&loaded.problems);
    let want = vec![
        (2, Reason::BadAnswer("E".into())),
        (3, Reason::ChoiceCount(3)),
        (
            4,
            Reason::DuplicateId {
                id: "s-01-deletion".into(),
                first: 1,
            },
        ),
        (5, Reason::UnknownSample("s-99".into())),
        (
            6,
            Reason::TaskMismatch {
                id: "s-01-generation".into(),
                field: "kind",
                found: "deletion".into(),
                expected: "generation".into(),
            },
        ),
    ];
    assert_eq!(got, want, "{}", show(&loaded.problems));
    let ids: Vec<&str> = loaded.items.iter().map(|q| q.id.as_str()).collect();
    assert_eq!(ids, ["s-01-deletion", "s-01-generation-2"]);
    assert_eq!(loaded.items[0].correct(), "B()");
}

#[test]
fn every_bad_labelled_line_is_reported() {
    let tasks = good_tasks();
    let loaded = task::load_labelled(&broken_suite().join("labelled.jsonl"), Some(&tasks));
    let got = by_line(&loaded.problems);
    let want = vec![
        (2, Reason::BadExpected("maybe".into())),
        (3, Reason::UnknownTask("s-42-deletion".into())),
        (
            4,
            Reason::DuplicateSubmission {
                id: "s-01-deletion".into(),
                model: "labelled/reference".into(),
                first: 1,
            },
        ),
        (5, Reason::MissingField("case")),
    ];
    assert_eq!(got, want, "{}", show(&loaded.problems));
    assert_eq!(loaded.items.len(), 2);
}

#[test]
fn every_bad_submission_line_is_reported_and_extra_fields_are_ignored() {
    let tasks = good_tasks();
    let loaded = task::load_submissions(&fixtures().join("submissions_bad.jsonl"), Some(&tasks));
    let got = by_line(&loaded.problems);
    let want = vec![
        (
            2,
            Reason::MissingMapped {
                tried: "`id`".to_string(),
                flag: "--id-field",
            },
        ),
        (
            3,
            Reason::WrongType {
                field: "response",
                expected: "a string",
                found: "a number",
            },
        ),
        (4, Reason::UnknownTask("s-77-deletion".into())),
        (
            6,
            Reason::DuplicateSubmission {
                id: "s-01-annotation".into(),
                model: "(none)".into(),
                first: 5,
            },
        ),
    ];
    assert_eq!(got, want, "{}", show(&loaded.problems));
    assert_eq!(loaded.lines, [1, 5]);
    assert_eq!(loaded.items[0].model.as_deref(), Some("m1"));
    // without a suite, ids are not checked against tasks
    let free = task::load_submissions(&fixtures().join("submissions_bad.jsonl"), None);
    assert_eq!(free.problems.len(), 3, "{}", show(&free.problems));
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_its_neighbours_load() {
    let loaded = task::load_submissions(&fixtures().join("not_utf8.jsonl"), None);
    assert_eq!(loaded.lines, [1, 3]);
    assert!(
        matches!(
            by_line(&loaded.problems)[..],
            [(2, Reason::NotUtf8 { column: 45 })]
        ),
        "{}",
        show(&loaded.problems)
    );
}

#[test]
fn a_missing_file_is_one_problem_on_line_zero() {
    let loaded = task::load_submissions(Path::new("/nonexistent/subs.jsonl"), None);
    assert!(loaded.items.is_empty());
    assert!(matches!(
        by_line(&loaded.problems)[..],
        [(0, Reason::Unreadable(_))]
    ));
    assert!(
        loaded.problems[0]
            .to_string()
            .starts_with("/nonexistent/subs.jsonl: cannot read")
    );
}

#[test]
fn a_broken_suite_fails_to_load_with_all_its_problems_listed() {
    let (suite, problems) = Suite::check(&broken_suite()).expect("a suite directory");
    assert_eq!(suite.name, "broken");
    assert_eq!(suite.tasks.len(), 4);
    let files: BTreeSet<String> = problems
        .iter()
        .map(|p| p.file.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        files,
        BTreeSet::from([
            "tasks.jsonl".into(),
            "choice.jsonl".into(),
            "labelled.jsonl".into()
        ])
    );
    let err = Suite::load(&broken_suite()).expect_err("problems are an error");
    let TaskError::Invalid(all) = &err else {
        panic!("{err}")
    };
    assert_eq!(all.0.len(), problems.len());
    let text = err.to_string();
    assert!(
        text.starts_with(&format!("{} problems in task files:", problems.len())),
        "{text}"
    );
    assert!(
        text.contains("tasks.jsonl:3: unknown kind `deletions`"),
        "{text}"
    );
    assert!(text.contains("choice.jsonl:2: answer `E`"), "{text}");
    assert!(
        text.contains("labelled.jsonl:5: missing field `case`"),
        "{text}"
    );
}

#[test]
fn a_directory_outside_tasks_is_not_a_suite() {
    let err = Suite::load(&fixtures()).expect_err("not <root>/tasks/<name>");
    assert!(matches!(err, TaskError::NotASuite { .. }), "{err}");
}

// ---------------------------------------------------------------------------------------
// The committed suite

fn mini() -> Suite {
    Suite::load(&repo().join("tasks/mathopeval-mini")).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn mathopeval_mini_loads_clean_and_has_the_promised_shape() {
    let suite = mini();
    let mut samples: BTreeMap<FigureType, BTreeSet<&str>> = BTreeMap::new();
    let mut kinds: BTreeMap<&str, BTreeSet<Kind>> = BTreeMap::new();
    for t in &suite.tasks {
        samples
            .entry(t.figure.clone())
            .or_default()
            .insert(&t.sample);
        kinds.entry(&t.sample).or_default().insert(t.kind);
        assert_eq!(
            t.id,
            format!("{}-{}", t.sample, t.kind),
            "ids are <sample>-<kind>"
        );
    }
    for figure in FigureType::KNOWN {
        let n = samples.get(&figure).map_or(0, BTreeSet::len);
        assert!(n >= 12, "{figure}: {n} samples");
    }
    assert!(
        kinds.values().all(|k| k.len() == 4),
        "every sample has all four kinds"
    );
    assert!(suite.tasks.len() >= 240 && suite.choices.len() >= 240);
    assert!(suite.labelled.len() >= 400);
}

#[test]
fn mathopeval_mini_answers_are_the_reference_scripts() {
    let suite = mini();
    for q in &suite.choices {
        let task = suite.task(&q.id).expect("a question per task");
        let reference = std::fs::read_to_string(suite.reference_path(task).expect("a reference"))
            .expect("reference");
        assert_eq!(q.correct(), reference, "{}", q.id);
        if let Some(original) = suite.original_path(task) {
            assert!(
                original.ends_with("original.py") && original.is_file(),
                "{}",
                original.display()
            );
        }
    }
}

#[test]
fn mathopeval_mini_labelled_set_covers_every_figure_kind_and_verdict() {
    let suite = mini();
    let mut cover: BTreeMap<Expected, BTreeSet<(FigureType, Kind)>> = BTreeMap::new();
    let mut per_case: BTreeMap<&str, usize> = BTreeMap::new();
    for line in &suite.labelled {
        let task = suite
            .task(&line.id)
            .expect("labelled lines name suite tasks");
        cover
            .entry(line.expected)
            .or_default()
            .insert((task.figure.clone(), task.kind));
        *per_case.entry(&line.case).or_default() += 1;
        assert_eq!(
            line.submission().model.as_deref(),
            Some(line.model.as_str())
        );
    }
    for expected in [Expected::Pass, Expected::Fail] {
        assert_eq!(
            cover[&expected].len(),
            20,
            "{expected}: {:?}",
            cover[&expected]
        );
    }
    assert!(
        per_case.len() >= 20 && per_case.values().all(|&n| n >= 7),
        "{per_case:?}"
    );
}

// ---------------------------------------------------------------------------------------
// expand

fn expand_into(
    root: &Path,
    name: &str,
    variants: u32,
    seed: u64,
) -> Result<task::ExpandReport, TaskError> {
    let opts = ExpandOptions::new(
        repo().join("tasks/generators"),
        root.join("tasks").join(name),
        variants,
        seed,
    );
    task::expand(&opts)
}

#[test]
fn expand_writes_a_valid_variant_suite_from_the_generators() {
    let dir = tempdir();
    let report = expand_into(dir.path(), "var", 1, 42).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.generators.len(), 5, "{:?}", report.generators);
    assert!(
        report.samples >= 60
            && report.tasks == 4 * report.samples
            && report.choices == report.tasks
    );
    let suite = Suite::load(&report.dir).unwrap_or_else(|e| panic!("{e}"));
    let catalog: BTreeSet<String> = mini().tasks.iter().map(|t| t.sample.clone()).collect();
    for t in &suite.tasks {
        let base = t
            .variant_of
            .as_deref()
            .expect("variants name their catalog sample");
        assert!(catalog.contains(base), "{base}");
        assert_eq!(t.seed, Some(42));
        assert_eq!(t.base_sample(), base);
        assert!(t.sample.starts_with(&format!("{base}-v")), "{}", t.sample);
        assert!(suite.reference_path(t).is_some_and(|p| p.is_file()));
    }
    assert!(
        report
            .references
            .join(format!("{}/modification.py", suite.tasks[0].sample))
            .is_file()
    );
    assert!(report.dir.join(task::EXPAND_RECORD).is_file());
    // The generators tag what they make: function annotations by the points they mark,
    // geometry annotations by what they write (the paper's Tables IV and VI).
    let tags_of = |figure: &str| -> BTreeSet<String> {
        suite
            .tasks
            .iter()
            .filter(|t| t.figure.as_str() == figure && t.kind == Kind::Annotation)
            .flat_map(|t| t.tags.iter().map(|g| g.as_str().to_string()))
            .collect()
    };
    let function = tags_of("function");
    assert!(
        [
            "subtype:x-intercept",
            "subtype:y-intercept",
            "subtype:extreme"
        ]
        .iter()
        .all(|t| function.contains(*t)),
        "{function:?}"
    );
    assert!(
        tags_of("geometry").contains("label:angle"),
        "{:?}",
        tags_of("geometry")
    );
    assert!(
        suite
            .tasks
            .iter()
            .filter(|t| t.kind != Kind::Annotation)
            .all(|t| t.tags.is_empty())
    );
    let questions = task::load_choices(&report.dir.join("choice.jsonl"), None);
    assert!(questions.problems.is_empty(), "{:?}", questions.problems);
    assert!(questions.items.iter().any(|q| !q.tags.is_empty()));
}

#[test]
fn a_tag_that_is_not_key_value_is_reported_by_line() {
    let dir = tempdir();
    let good = std::fs::read_to_string(repo().join("tasks/mathopeval-mini/tasks.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(good.lines().next().unwrap()).unwrap();
    let mut lines = Vec::new();
    for (i, tags) in [
        serde_json::json!(["subtype:extreme", "label:angle"]),
        serde_json::json!(["subtype"]),
        serde_json::json!(["subtype: extreme"]),
        serde_json::json!(["label:angle", "label:angle"]),
        serde_json::json!("label:angle"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut t = first.clone();
        t["id"] = serde_json::json!(format!("t{i}"));
        t["tags"] = tags;
        lines.push(t.to_string());
    }
    let path = dir.path().join("tasks.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let loaded = task::load_tasks(&path, &repo());
    assert_eq!(
        loaded.items.len(),
        1,
        "only the first line's tags are good: {:?}",
        loaded.problems
    );
    assert_eq!(loaded.items[0].tags.len(), 2);
    let text: Vec<String> = loaded.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(text.len(), 4, "{text:#?}");
    assert!(
        text[0].contains(":2:") && text[0].contains("\"subtype\" is not `key:value`"),
        "{}",
        text[0]
    );
    assert!(
        text[1].contains(":3:") && text[1].contains("no spaces"),
        "{}",
        text[1]
    );
    assert!(
        text[2].contains(":4:") && text[2].contains("listed twice"),
        "{}",
        text[2]
    );
    assert!(
        text[3].contains(":5:") && text[3].contains("tags"),
        "{}",
        text[3]
    );
}

#[test]
fn expand_is_reproducible_and_the_seed_matters() {
    let (a, b, c) = (tempdir(), tempdir(), tempdir());
    for (d, seed) in [(&a, 9), (&b, 9), (&c, 10)] {
        expand_into(d.path(), "v", 1, seed).unwrap_or_else(|e| panic!("{e}"));
    }
    let read =
        |d: &tempfile::TempDir, f: &str| std::fs::read(d.path().join("tasks/v").join(f)).unwrap();
    for f in ["tasks.jsonl", "choice.jsonl", task::EXPAND_RECORD] {
        assert!(
            read(&a, f) == read(&b, f),
            "{f} differs between two runs with one seed"
        );
    }
    assert!(
        read(&a, "choice.jsonl") != read(&c, "choice.jsonl"),
        "another seed, other variants"
    );
}

#[test]
fn expand_replaces_its_own_suite_but_never_a_hand_made_one() {
    let dir = tempdir();
    expand_into(dir.path(), "v", 1, 1).unwrap_or_else(|e| panic!("{e}"));
    let stale = dir.path().join("references/v/stale-sample/original.py");
    std::fs::create_dir_all(stale.parent().unwrap()).unwrap();
    std::fs::write(&stale, "").unwrap();
    expand_into(dir.path(), "v", 1, 2).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !stale.exists(),
        "a second expand clears the references it wrote"
    );

    let hand = dir.path().join("tasks/hand");
    std::fs::create_dir_all(&hand).unwrap();
    std::fs::write(hand.join("tasks.jsonl"), "").unwrap();
    let err = expand_into(dir.path(), "hand", 1, 1).expect_err("a suite expand did not write");
    assert!(matches!(err, TaskError::NotExpanded { .. }), "{err}");
    assert!(hand.join("tasks.jsonl").is_file());
}

#[test]
fn a_crashing_generator_is_an_error_that_shows_its_traceback() {
    let dir = tempdir();
    let opts = ExpandOptions::new(
        fixtures().join("generators_broken"),
        dir.path().join("tasks/x"),
        1,
        1,
    );
    let err = task::expand(&opts).expect_err("the generator divides by zero");
    assert!(matches!(err, TaskError::Generator { .. }), "{err}");
    assert!(err.to_string().contains("ZeroDivisionError"), "{err}");
    assert!(
        !dir.path().join("tasks/x").exists(),
        "nothing is written when a generator fails"
    );
}

#[test]
fn generator_output_that_is_not_sample_documents_is_reported_by_line() {
    let dir = tempdir();
    let opts = ExpandOptions::new(
        fixtures().join("generators_garbage"),
        dir.path().join("tasks/x"),
        1,
        1,
    );
    let err = task::expand(&opts).expect_err("garbage output");
    let TaskError::Invalid(problems) = &err else {
        panic!("{err}")
    };
    let got: Vec<(usize, bool)> = problems
        .0
        .iter()
        .map(|p| (p.line, p.file.ends_with("gen_garbage.py")))
        .collect();
    assert_eq!(got, [(1, true), (2, true)], "{err}");
    assert!(
        matches!(problems.0[0].reason, Reason::NotASample(_)),
        "{err}"
    );
    assert!(matches!(problems.0[1].reason, Reason::Json(_)), "{err}");
}

#[test]
fn expand_needs_generators_and_a_suite_path() {
    let dir = tempdir();
    let none = ExpandOptions::new(dir.path(), dir.path().join("tasks/x"), 1, 1);
    assert!(matches!(
        task::expand(&none),
        Err(TaskError::NoGenerators { .. })
    ));
    let bad_out = ExpandOptions::new(repo().join("tasks/generators"), dir.path().join("x"), 1, 1);
    assert!(matches!(
        task::expand(&bad_out),
        Err(TaskError::NotASuite { .. })
    ));
    let mut no_python = ExpandOptions::new(
        repo().join("tasks/generators"),
        dir.path().join("tasks/x"),
        1,
        1,
    );
    no_python.python = PathBuf::from("/nonexistent/python");
    let err = task::expand(&no_python).expect_err("no interpreter");
    assert!(matches!(err, TaskError::Spawn { .. }), "{err}");
}

/// Guards the committed reference images: each must be what its script renders now
/// (a script edited without re-rendering, or a drifted library, fails here).
#[test]
fn committed_reference_images_match_their_code() {
    for (suite, scripts) in [
        ("mathopeval-mini", 252),
        ("mathopeval-heldout", 252),
        ("gallery", 154),
    ] {
        let dir = crate::util::repo().join("references").join(suite);
        let out = crate::util::plotgrade(&["tasks", "render", dir.to_str().unwrap(), "--check"], 0);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!(
                "{scripts} reference scripts: 0 failed, 0 mismatched"
            )),
            "{suite}: {text}"
        );
    }
}
