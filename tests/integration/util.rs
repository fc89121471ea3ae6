//! Shared test helpers: a warm pool for library-level tests, the CLI runner, temp dirs.

#![allow(dead_code)] // each test module uses a different subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::Duration;

use plotgrade::exec::{ExecConfig, Job, Limits, Outcome, Pool};

pub const BIN: &str = env!("CARGO_BIN_EXE_plotgrade");

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Limits for tests: short deadlines so hostile cases finish quickly.
pub fn test_limits() -> Limits {
    Limits {
        timeout: Duration::from_secs(3),
        memory_mb: 512,
        ..Limits::default()
    }
}

pub fn config(jobs: usize) -> ExecConfig {
    let mut c = ExecConfig::from_env(jobs, test_limits()).expect("exec config (run scripts/setup)");
    c.worker_exe = PathBuf::from(BIN);
    c
}

/// One pool of two warm workers shared by every test in the binary.
pub fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool::start(config(2)).expect("start pool"))
}

pub fn run_code(code: &str) -> Outcome {
    pool().run_one(Job::new("script.py", code))
}

pub fn run_bytes(code: &[u8]) -> Outcome {
    pool().run_one(Job::new("script.py", code.to_vec()))
}

/// A fresh directory that is removed when the value is dropped.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("plotgrade-test-")
        .tempdir()
        .expect("tempdir")
}

/// Run the plotgrade binary; on an unexpected exit code, show the command and its output.
pub fn plotgrade(args: &[&str], expect_code: i32) -> Output {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("spawn plotgrade");
    let code = out.status.code().unwrap_or(-1);
    assert_eq!(
        code,
        expect_code,
        "plotgrade {}\nexit {code}\n--- stdout\n{}\n--- stderr\n{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `plotgrade grade --tasks TASKS --submissions SUBS --out OUT EXTRA…`, expected to exit
/// with `expect_code`.
pub fn grade_into(
    tasks: &Path,
    subs: &Path,
    out: &Path,
    extra: &[&str],
    expect_code: i32,
) -> Output {
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
    plotgrade(&args, expect_code)
}

/// Describe an outcome for assertion messages.
pub fn show(o: &Outcome) -> String {
    format!(
        "status {} | detail {:?} | error {:?} | forbidden {:?} | stdout {:?}",
        o.status,
        o.detail,
        o.error.as_ref().map(|e| format!(
            "{}: {} (line {:?})\n{}",
            e.kind, e.message, e.line, e.traceback
        )),
        o.forbidden,
        o.stdout.chars().take(300).collect::<String>()
    )
}

pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write fixture");
    p
}

/// A small script whose rendering every isolation test compares against.
pub const PLAIN_BAR: &str = "\
import matplotlib.pyplot as plt
plt.bar(['a', 'b', 'c'], [3, 1, 2])
plt.title('plain')
";
