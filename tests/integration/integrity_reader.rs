//! Integrity of the grader's own process against what a submission's text makes it do
//! (issue #24, goal 2): the code channel reads a submission's source in the grader's
//! parent process, where no sandbox limits it. Each test grades an attack through the
//! real `plotgrade grade` and asserts that the grade finishes with a stored, graded
//! result, and that the grader's peak resident memory stayed under [`MAX_PARENT_MIB`].
//!
//! The grader runs with a soft address-space limit of 4 GiB (its workers may raise
//! theirs), so that on a reader without the byte budget the grade aborts in seconds
//! instead of eating the machine: against the reader before the budget, every test here
//! fails with an aborted grade (exit by signal 6, nothing stored).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::util::{BIN, repo, tempdir};

/// Most the grader's own process may hold resident while grading one hostile submission.
const MAX_PARENT_MIB: u64 = 1024;
/// The grader's soft address-space limit: a reader without a budget aborts at it.
const ADDRESS_SPACE: u64 = 4 << 30;

/// What one grade did: its exit, its output, and the grader's peak resident memory.
struct Graded {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    peak_mib: u64,
}

fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// `plotgrade grade` of `submissions` on the bundled suite, watching the grader's peak
/// memory (`VmHWM` only grows, so the last reading before it exits is its peak).
fn grade_watched(dir: &Path, submissions: &str) -> Graded {
    let subs = dir.join("subs.jsonl");
    std::fs::write(&subs, submissions).unwrap();
    let tasks = repo().join("tasks/mathopeval-mini/tasks.jsonl");
    let (out_log, err_log) = (dir.join("stdout"), dir.join("stderr"));
    let mut cmd = Command::new(BIN);
    cmd.args(["grade", "--jobs", "1", "--tasks"])
        .arg(&tasks)
        .arg("--submissions")
        .arg(&subs)
        .arg("--out")
        .arg(dir.join("run"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_log).unwrap())
        .stderr(std::fs::File::create(&err_log).unwrap());
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE,
                rlim_max: libc::RLIM_INFINITY,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("spawn plotgrade grade");
    let pid = child.id();
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut peak = 0;
    let status = loop {
        if let Some(kib) = peak_kib(pid) {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("plotgrade grade did not finish in 300 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Graded {
        status,
        stdout: std::fs::read_to_string(out_log).unwrap_or_default(),
        stderr: std::fs::read_to_string(err_log).unwrap_or_default(),
        peak_mib: peak >> 10,
    }
}

/// A submission to the bar chart generation task whose code first runs `attack`, then
/// draws the chart.
fn submission(model: &str, attack: &str) -> String {
    let code = format!(
        "{attack}\nimport matplotlib.pyplot as plt\nplt.bar(['North', 'South', 'East', 'West'], [42, 35, 51, 28], color='#4C72B0')\nplt.title('Quarterly revenue by region')\n"
    );
    let response = format!("Here it is:\n```python\n{code}```\n");
    serde_json::json!({"id": "bar-01-generation", "model": model, "response": response}).to_string()
        + "\n"
}

/// Grade the attacks (model name, code) and check that each is graded and stored, with
/// the grader's memory bounded.
fn assert_graded_within_memory(attacks: &[(&str, &str)]) {
    let dir = tempdir();
    let subs: String = attacks.iter().map(|(m, a)| submission(m, a)).collect();
    let g = grade_watched(dir.path(), &subs);
    let context = format!(
        "exit {:?}, grader peak {} MiB\n--- stdout\n{}\n--- stderr\n{}",
        g.status, g.peak_mib, g.stdout, g.stderr
    );
    assert!(
        matches!(g.status.code(), Some(0 | 1)),
        "the grade did not finish: {context}"
    );
    let results = std::fs::read_to_string(dir.path().join("run/results.jsonl")).unwrap();
    for (model, _) in attacks {
        let row = results
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|r| r["model"] == *model)
            .unwrap_or_else(|| panic!("no result stored for {model}: {context}"));
        assert!(
            row["channels"]["code"]["score"].is_number(),
            "{model}: the code channel gave no score: {row}"
        );
    }
    assert!(
        g.peak_mib < MAX_PARENT_MIB,
        "the grader held {} MiB: {context}",
        g.peak_mib
    );
    eprintln!("grader peak: {} MiB", g.peak_mib);
}

#[test]
fn a_string_repeated_into_a_list_does_not_exhaust_the_grader() {
    // One line made the grader's own reader copy a 1 MiB string 100,000 times: 100 GB,
    // and the whole grade aborted with nothing stored (a rerun died again).
    assert_graded_within_memory(&[(
        "attack/list-repeat",
        "s = 'x' * 1000000\nbig = [s] * 100000",
    )]);
}

#[test]
fn nested_repeats_joins_and_doubling_formulas_do_not_exhaust_the_grader() {
    // Variants of the same hole: a repeat of a repeat, a join of the repeat (a MemoryError
    // in the sandbox, 100 GB in the grader), and a formula whose text doubles per step.
    assert_graded_within_memory(&[
        (
            "attack/nested-repeat",
            "s = 'x' * 1000000\nbig = [[s] * 1000] * 1000",
        ),
        (
            "attack/join",
            "s = 'x' * 1000000\ntry:\n    t = ''.join([s] * 100000)\nexcept MemoryError:\n    pass",
        ),
        (
            "attack/doubling-formula",
            "import numpy as np\nx = np.linspace(1, 1.0001, 10)\ny = x\nfor i in range(60):\n    y = y * y",
        ),
    ]);
}
