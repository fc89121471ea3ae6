//! Integrity of the run directory's outputs (issue #24, goal 3): whatever a submission
//! draws or raises, its results line and the run directory stay bounded; two model names
//! never share a figure file; no model name reaches `results.csv` as a spreadsheet
//! formula. Each test is the attack as the red team wrote it, graded end to end.

use std::collections::HashSet;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::util::{plotgrade, repo, tempdir};

/// The most one `results.jsonl` line may hold (docs/run-store.md, "Bounded records";
/// `plotgrade::store::MAX_RECORD_BYTES`), written out so the test reads the same on a
/// version without the constant.
const MAX_RECORD_BYTES: usize = 256 * 1024;

fn tasks() -> PathBuf {
    repo().join("tasks/mathopeval-mini/tasks.jsonl")
}

/// `plotgrade grade` of `lines` (one submission each) into `dir/run` with `extra`
/// arguments; returns the run.
fn grade(dir: &Path, lines: &[serde_json::Value], extra: &[&str]) -> PathBuf {
    let subs = dir.join("subs.jsonl");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&subs, text).unwrap();
    let (out, tasks) = (dir.join("run"), tasks());
    let mut args = vec![
        "grade",
        "--tasks",
        tasks.to_str().unwrap(),
        "--submissions",
        subs.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    plotgrade(&args, 0);
    out
}

fn submission(id: &str, model: &str, response: &str) -> serde_json::Value {
    serde_json::json!({"id": id, "model": model, "response": response})
}

fn fenced(code: &str) -> String {
    format!("```python\n{code}```\n")
}

fn results(run: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(run.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Bytes on disk under `dir`, each file once however many hard links it has.
fn disk_bytes(dir: &Path) -> u64 {
    fn walk(dir: &Path, seen: &mut HashSet<u64>, total: &mut u64) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let m = std::fs::symlink_metadata(e.path()).unwrap();
            if m.is_dir() {
                walk(&e.path(), seen, total);
            } else if seen.insert(m.ino()) {
                *total += m.len();
            }
        }
    }
    let (mut seen, mut total) = (HashSet::new(), 0);
    walk(dir, &mut seen, &mut total);
    total
}

/// The start of a long text, for a failure message.
fn head(text: &str) -> String {
    text.chars().take(300).collect()
}

/// 2,000 lines labelled with 30 kB each: 60 MB of scene, every label read back as drawn.
/// Labels rather than placed texts: Agg takes about a second to draw each 30 kB text,
/// against a 10 s limit, and both reach the record as strings of the scene.
const LABEL_FLOOD: &str = "\
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
for i in range(2000):
    ax.plot([0, 1], [i, i + 1], label=f'{i:04d}' + 'x' * 30000)
";

#[test]
fn labels_of_any_size_leave_results_lines_and_the_run_directory_bounded() {
    // Broke: labels were copied uncapped into every output, 201 MB in one results line.
    let dir = tempdir();
    let run = grade(
        dir.path(),
        &[
            submission("line-01-generation", "flood", &fenced(LABEL_FLOOD)),
            submission("line-01-deletion", "flood", &fenced(LABEL_FLOOD)),
            submission(
                "bar-01-generation",
                "flood",
                &fenced(&format!(
                    "note = '{}'\nraise ValueError(note)\n",
                    "e".repeat(100_000)
                )),
            ),
        ],
        // One at a time: a flood takes about 3 s of its 10 s limit to draw and read back.
        &["--jobs", "1"],
    );
    let jsonl = std::fs::read_to_string(run.join("results.jsonl")).unwrap();
    assert_eq!(jsonl.lines().count(), 3);
    for line in jsonl.lines() {
        assert!(
            line.len() < MAX_RECORD_BYTES,
            "a results line of {} bytes: {}…",
            line.len(),
            head(line)
        );
    }
    let rs = results(&run);
    // A 100 kB line of code: its diff is cut, with the marker.
    let crash = rs.iter().find(|r| r["id"] == "bar-01-generation").unwrap();
    let diff = crash["channels"]["code"]["details"]["text_diff"]
        .as_str()
        .unwrap();
    assert!(
        diff.ends_with(" bytes]") && diff.contains("…[truncated "),
        "{}",
        head(diff)
    );
    // The floods are still graded (drawn, scored); evidence over the limit is dropped,
    // and the channel's reason says so.
    for r in rs.iter().filter(|r| r["id"] != "bar-01-generation") {
        assert_eq!(r["status"], "ok", "{}", head(&r.to_string()));
        let reasons = r["channels"].to_string();
        assert!(
            reasons.contains("…[details truncated: "),
            "no marker: {}",
            head(&reasons)
        );
    }
    let bytes = disk_bytes(&run);
    assert!(
        bytes < 20_000_000,
        "run directory of {bytes} bytes: {:?}",
        std::fs::read_dir(&run)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (e.file_name(), e.metadata().unwrap().len())
            })
            .collect::<Vec<_>>()
    );
}

/// The labelled set's answers of `case` for task `id`.
fn labelled(case: &str, id: &str) -> String {
    let text =
        std::fs::read_to_string(repo().join("tasks/mathopeval-mini/labelled.jsonl")).unwrap();
    text.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["model"] == format!("labelled/{case}") && v["id"] == id)
        .and_then(|v| v["response"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no {case} answer for {id}"))
}

/// The artifact of `r` whose file name says it is `role`.
fn artifact(r: &serde_json::Value, role: &str) -> String {
    r["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a.as_str())
        .find(|a| a.ends_with(&format!(".{role}-1.png")))
        .unwrap_or_else(|| panic!("no {role} artifact: {}", r["artifacts"]))
        .to_string()
}

#[test]
fn model_names_that_slug_alike_keep_their_own_figures() {
    // Broke: `a/b` and `a_b` both wrote figures/a_b/<id>.generated-1.png, so the report
    // showed one model's picture beside the other's verdict.
    let id = "geometry-01-generation";
    let dir = tempdir();
    let run = grade(
        dir.path(),
        &[
            submission(id, "a/b", &labelled("reference", id)),
            submission(id, "a_b", &labelled("value-off", id)),
        ],
        &[],
    );
    let rs = results(&run);
    let of = |model: &str| rs.iter().find(|r| r["model"] == model).unwrap();
    let (right, wrong) = (of("a/b"), of("a_b"));
    assert_eq!(right["pass"], true, "{right}");
    assert_eq!(wrong["pass"], false, "{wrong}");
    let (right_png, wrong_png) = (artifact(right, "generated"), artifact(wrong, "generated"));
    assert_ne!(right_png, wrong_png, "two models, one figure file");
    let bytes = |rel: &str| std::fs::read(run.join(rel)).unwrap();
    // The right answer draws the reference's figure (rendering is pinned); the wrong one
    // draws another.
    let reference = bytes(&artifact(right, "reference"));
    assert!(
        bytes(&right_png) == reference,
        "{right_png} is not a/b's figure"
    );
    assert!(
        bytes(&wrong_png) != reference,
        "{wrong_png} is not a_b's figure"
    );
    // The report's row of each model shows that model's picture, and only it.
    let html = std::fs::read_to_string(run.join("report.html")).unwrap();
    for (model, own, other) in [
        ("a/b", &right_png, &wrong_png),
        ("a_b", &wrong_png, &right_png),
    ] {
        let row = html
            .split("<article ")
            .find(|a| a.contains(&format!("data-model=\"{model}\"")))
            .unwrap_or_else(|| panic!("no row for {model}"));
        assert!(
            row.contains(&format!("src=\"{own}\"")),
            "{model}'s row lacks {own}"
        );
        assert!(
            !row.contains(&format!("src=\"{other}\"")),
            "{model}'s row shows {other}"
        );
    }
}

#[test]
fn model_names_that_are_formulas_reach_results_csv_as_text() {
    // Broke: `=HYPERLINK(…)` and `@SUM(1)` went verbatim into results.csv, where a
    // spreadsheet runs them as formulas.
    let formulas = [
        "=HYPERLINK(\"http://x\",\"y\")",
        "@SUM(1)",
        "+cmd",
        "-2+3",
        "\tTAB",
        "\rCR",
    ];
    let dir = tempdir();
    let no_code = "I cannot draw this.";
    let mut lines: Vec<serde_json::Value> = formulas
        .iter()
        .map(|m| submission("bar-01-generation", m, no_code))
        .collect();
    lines.push(submission("bar-01-generation", "plain", no_code));
    let run = grade(dir.path(), &lines, &[]);
    let mut csv = csv::Reader::from_path(run.join("results.csv")).unwrap();
    let head = csv.headers().unwrap().clone();
    let col = |name: &str| head.iter().position(|h| h == name).unwrap();
    let (model, score) = (col("model"), col("score"));
    let mut seen = Vec::new();
    for rec in csv.records() {
        let rec = rec.unwrap();
        let cell = &rec[model];
        assert_eq!(&rec[score], "1", "a number stays a number: {rec:?}");
        if cell == "plain" {
            continue;
        }
        let name = cell
            .strip_prefix('\'')
            .unwrap_or_else(|| panic!("{cell:?} reaches the spreadsheet as a formula"));
        seen.push(name.to_string());
    }
    seen.sort();
    let mut want: Vec<String> = formulas.iter().map(|f| f.to_string()).collect();
    want.sort();
    assert_eq!(seen, want);
    // results.jsonl keeps the names as they were.
    let names: HashSet<String> = results(&run)
        .iter()
        .map(|r| r["model"].as_str().unwrap().to_string())
        .collect();
    assert!(formulas.iter().all(|f| names.contains(*f)), "{names:?}");
}
