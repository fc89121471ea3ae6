//! Issue #28: tasks that ask a question beside the figure (the figure is the answer's
//! visual aid), graded end to end on the bundled `aid-mini` suite: the aid by the figure
//! channel, the answer read strictly and softly and checked against the key, and the
//! funnel ACCU → PVA with VAMPS's strict and soft accuracy, worked out by hand.

use std::path::Path;

use serde_json::Value;

use crate::util::{grade_into, plotgrade, repo, tempdir, write};

/// Per task: (id, right answer as a final block field, the same in prose, a wrong one).
const ANSWERS: &[(&str, &str, &str, &str)] = &[
    (
        "function-meet-generation",
        r#""answer": 3"#,
        "x = 3",
        r#""answer": 4"#,
    ),
    (
        "function-max-generation",
        r#""answer": "5""#,
        "5",
        r#""answer": 6"#,
    ),
    (
        "function-roots-generation",
        r#""selected_option": 4"#,
        "option 4",
        r#""selected_option": 2"#,
    ),
    (
        "geometry-altitude-annotation",
        r#""answer": 4.0"#,
        "4",
        r#""answer": "5""#,
    ),
    (
        "geometry-median-generation",
        r#""answer": "1/2""#,
        "\\frac{1}{2}",
        r#""answer": "1/3""#,
    ),
    (
        "bar-mean-generation",
        r#""answer": "yes""#,
        "yes",
        r#""answer": false"#,
    ),
];

fn reference_code(id: &str) -> String {
    let tasks = std::fs::read_to_string(repo().join("tasks/aid-mini/tasks.jsonl")).unwrap();
    let task: Value = tasks
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|t| t["id"] == id)
        .unwrap();
    std::fs::read_to_string(repo().join(task["reference"].as_str().unwrap())).unwrap()
}

fn line(id: &str, model: &str, response: String) -> String {
    serde_json::json!({"id": id, "model": model, "response": response}).to_string() + "\n"
}

/// Four models: `right` (the reference aid and a right final block), `prose` (the aid and
/// the right answer in free text only: strict reads none), `no-aid` (a right final block
/// and no code) and `wrong` (the aid and a wrong final block, after a right answer it
/// retracts).
fn submissions(dir: &Path) -> std::path::PathBuf {
    let mut text = String::new();
    for (id, right, prose, wrong) in ANSWERS {
        let code = format!("```python\n{}\n```\n", reference_code(id));
        text += &line(id, "right", format!("{code}<<FINAL>> {{{right}}}"));
        text += &line(
            id,
            "prose",
            format!("{code}Reading the plot, the answer is {prose}."),
        );
        text += &line(id, "no-aid", format!("<<FINAL>> {{{right}}}"));
        text += &line(
            id,
            "wrong",
            format!("{code}<<FINAL>> {{{right}}}\nOn second thought:\n<<FINAL>> {{{wrong}}}"),
        );
    }
    write(dir, "subs.jsonl", &text)
}

fn grade(subs: &Path, out: &Path, extra: &[&str]) -> Value {
    let tasks = repo().join("tasks/aid-mini/tasks.jsonl");
    grade_into(&tasks, subs, out, extra, 0);
    serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap()
}

/// (model, N, ACCU, strict, soft, aid valid, PVA) of the `all` rows.
fn rows(summary: &Value) -> Vec<(String, u64, f64, f64, f64, f64, f64)> {
    summary["aid"]
        .as_array()
        .expect("an aid section")
        .iter()
        .filter(|r| r["category"] == "all")
        .map(|r| {
            let f = |k: &str| r[k].as_f64().unwrap();
            (
                r["model"].as_str().unwrap().to_string(),
                r["answers"].as_u64().unwrap(),
                f("accu"),
                f("strict"),
                f("soft"),
                f("aid_valid"),
                f("pva"),
            )
        })
        .collect()
}

#[test]
fn answers_with_an_aid_are_read_checked_and_tabulated() {
    let dir = tempdir();
    let subs = submissions(dir.path());
    let soft = grade(&subs, &dir.path().join("soft"), &[]);
    let row = |m: &str, accu, strict, soft, valid, pva| {
        (m.to_string(), 6, accu, strict, soft, valid, pva)
    };
    // Worked by hand: every answer of `right`, `prose` and `no-aid` is the key (`prose` only
    // softly); every aid drawn is the reference's and passes, `no-aid` draws none; `wrong`'s
    // last final block is wrong everywhere.
    assert_eq!(
        rows(&soft),
        [
            row("no-aid", 1.0, 1.0, 1.0, 0.0, 0.0),
            row("prose", 1.0, 0.0, 1.0, 1.0, 1.0),
            row("right", 1.0, 1.0, 1.0, 1.0, 1.0),
            row("wrong", 0.0, 0.0, 0.0, 1.0, 0.0),
        ]
    );
    // The run's primary reading decides ACCU and PVA: strictly, `prose` answered nothing.
    let strict = grade(
        &subs,
        &dir.path().join("strict"),
        &["--answer-reading", "strict"],
    );
    assert_eq!(rows(&strict)[1], row("prose", 0.0, 0.0, 1.0, 1.0, 0.0));
    // Each record carries both readings and the key.
    let results = std::fs::read_to_string(dir.path().join("soft/results.jsonl")).unwrap();
    let r: Value = results
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["model"] == "prose" && r["id"] == "geometry-median-generation")
        .unwrap();
    assert_eq!(r["answer"]["key"], "1/2");
    assert_eq!(r["answer"]["soft"]["answer"], "1/2");
    assert_eq!(r["answer"]["soft"]["correct"], true);
    assert_eq!(r["answer"]["strict"]["answer"], Value::Null);
    // The flat table carries the key, the answer read and whether it is right.
    let csv = std::fs::read_to_string(dir.path().join("soft/results.csv")).unwrap();
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",reason,answer_key,answer,answer_correct"),
        "{csv}"
    );
    let row = csv
        .lines()
        .find(|l| l.starts_with("geometry-median-generation,prose,"))
        .unwrap();
    assert!(row.ends_with(",1/2,1/2,true"), "{row}");
    let md = std::fs::read_to_string(dir.path().join("soft/summary.md")).unwrap();
    assert!(
        md.contains("Answers with a visual aid (VisAidMath, VAMPS, MathExplain)"),
        "{md}"
    );
}

/// A question whose key names no option is refused with the line and the reason.
#[test]
fn a_bad_question_is_named_in_the_task_file() {
    let dir = tempdir();
    let suite = dir.path().join("tasks/s");
    std::fs::create_dir_all(&suite).unwrap();
    std::fs::create_dir_all(dir.path().join("references/s/a")).unwrap();
    write(
        &dir.path().join("references/s/a"),
        "original.py",
        "import matplotlib.pyplot as plt\nplt.plot([1, 2])\n",
    );
    let tasks = write(
        &suite,
        "tasks.jsonl",
        r#"{"id": "a-generation", "sample": "a", "kind": "generation", "figure": "function", "instruction": "i", "original": null, "reference": "references/s/a/original.py", "question": {"text": "q", "options": ["1", "2"], "answer": "C"}}
"#,
    );
    let out = plotgrade(&["tasks", "check", suite.to_str().unwrap()], 1);
    let err =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(
        err.contains(
            "tasks.jsonl:1: field `question`: `answer` \"C\" names none of the 2 options (A to B)"
        ),
        "{err}"
    );
    drop(tasks);
}

/// DynaMath's repetition consistency (issue #28): answers carrying `repeat` are the
/// model's repetitions (`m #1`, `m #2`, …), and RC compares each with the original, a
/// repetition that did not answer counting as a different answer. Worked by hand.
#[test]
fn repeated_answers_give_repetition_consistency() {
    let dir = tempdir();
    let mut text = String::new();
    let with_repeat = |id: &str, k: u64, last: &str| {
        let code = format!("```python\n{}\n```\n", reference_code(id));
        serde_json::json!({"id": id, "model": "m", "repeat": k,
                           "response": format!("{code}<<FINAL>> {{{last}}}")})
        .to_string()
            + "\n"
    };
    for (i, (id, right, _, wrong)) in ANSWERS.iter().enumerate() {
        text += &with_repeat(id, 1, right);
        text += &with_repeat(id, 2, right);
        // The third repetition answers the first two wrong and skips the last question.
        match i {
            0 | 1 => text += &with_repeat(id, 3, wrong),
            5 => {}
            _ => text += &with_repeat(id, 3, right),
        }
    }
    // A repeat of 0 names no repetition: refused with its line.
    text += &serde_json::json!({"id": ANSWERS[0].0, "model": "m", "repeat": 0, "response": "x"})
        .to_string();
    text.push('\n');
    let subs = write(dir.path(), "subs.jsonl", &text);
    // The refused line makes the run exit 1, as any rejected input does.
    let out = dir.path().join("run");
    let run = grade_into(
        &repo().join("tasks/aid-mini/tasks.jsonl"),
        &subs,
        &out,
        &[],
        1,
    );
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        said.contains("field `repeat` must be an integer from 1"),
        "{said}"
    );
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(
        summary["models"],
        serde_json::json!(["m #1", "m #2", "m #3"])
    );
    let rc = summary["consistency"]
        .as_array()
        .expect("a consistency section");
    assert_eq!(rc.len(), 1, "{rc:?}");
    let q = rc.iter().find(|r| r["of"] == "question").unwrap();
    assert_eq!(
        (
            q["model"].as_str(),
            q["repeats"].as_u64(),
            q["questions"].as_u64()
        ),
        (Some("m"), Some(2), Some(6))
    );
    // (½ + ½ + 1 + 1 + 1 + ½) / 6: the first two and the skipped last one agree once in two.
    assert!((q["rc"].as_f64().unwrap() - 0.75).abs() < 1e-12, "{q}");
    // Every aid is the reference's, so the verdicts agree wherever a repetition answered.
    let code = rc.iter().find(|r| r["of"] == "code");
    assert!(
        code.is_none(),
        "a task with a question is compared by its answer: {rc:?}"
    );
    let md = std::fs::read_to_string(dir.path().join("run/summary.md")).unwrap();
    assert!(md.contains("Repetition consistency (DynaMath)"), "{md}");
}

/// Issue #28: a question whose aid has no reference aid. The task leaves out `reference`;
/// its aid is graded by whether it ran and drew (a pass scores 9, never 10: nothing was
/// compared), and the answer is checked against the key as any other. An empty axes is
/// no aid; no code is no aid; a task of another shape may not leave its reference out.
#[test]
fn an_aid_with_no_reference_is_graded_by_whether_it_ran_and_drew() {
    let dir = tempdir();
    let suite = dir.path().join("tasks/s");
    std::fs::create_dir_all(&suite).unwrap();
    let tasks = write(
        &suite,
        "tasks.jsonl",
        r#"{"id": "meet-generation", "sample": "meet", "kind": "generation", "figure": "function", "instruction": "Plot y = 2x and y = x + 3 and mark where they meet.", "original": null, "question": {"text": "At what x do the lines meet?", "answer": 3}}
"#,
    );
    let aid = "import matplotlib.pyplot as plt\nplt.plot([0, 5], [0, 10])\nplt.plot([0, 5], [3, 8])\nplt.scatter([3], [6])\nplt.show()\n";
    let empty = "import matplotlib.pyplot as plt\nplt.subplots()\nplt.show()\n";
    let mut text = String::new();
    text += &line(
        "meet-generation",
        "aid",
        format!("```python\n{aid}```\n<<FINAL>> {{\"answer\": 3}}"),
    );
    text += &line(
        "meet-generation",
        "empty",
        format!("```python\n{empty}```\n<<FINAL>> {{\"answer\": 3}}"),
    );
    text += &line(
        "meet-generation",
        "no-code",
        "<<FINAL>> {\"answer\": 3}".into(),
    );
    let subs = write(dir.path(), "subs.jsonl", &text);
    let out = dir.path().join("run");
    grade_into(&tasks, &subs, &out, &[], 0);
    let results: Vec<Value> = std::fs::read_to_string(out.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let of = |model: &str| {
        results
            .iter()
            .find(|r| r["model"] == model)
            .unwrap_or_else(|| panic!("no result for {model}"))
    };
    let verdict = |model: &str| {
        let r = of(model);
        (
            r["pass"].as_bool().unwrap(),
            r["score"].as_u64().unwrap(),
            r["answer"]["soft"]["correct"].as_bool(),
        )
    };
    assert_eq!(verdict("aid"), (true, 9, Some(true)), "{}", of("aid"));
    assert!(!verdict("empty").0);
    assert_eq!(verdict("empty").1, 2, "{}", of("empty"));
    assert_eq!(verdict("no-code").1, 1);
    assert!(
        of("aid")["channels"]["figure"]["reason"]
            .as_str()
            .unwrap()
            .contains("ran and drew"),
        "{}",
        of("aid")
    );
    // Only a generation task with a question may leave its reference out.
    write(
        &suite,
        "tasks.jsonl",
        r#"{"id": "meet-generation", "sample": "meet", "kind": "generation", "figure": "function", "instruction": "i", "original": null}
"#,
    );
    let out = plotgrade(&["tasks", "check", suite.to_str().unwrap()], 1);
    let err =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(
        err.contains("tasks.jsonl:1: missing field `reference`: only a generation task with a `question` may leave it out"),
        "{err}"
    );
}
