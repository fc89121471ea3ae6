//! `grade`, `validate`: the pipeline with a progress bar and Ctrl-C.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, bail};

use super::{ExecArgs, GradeArgs, ValidateArgs, progress_bar};
use crate::exec::ExecConfig;

/// Set by SIGINT: stop handing out work, finish what runs, write the outputs.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    // Async-signal-safe: one atomic store. A second Ctrl-C gets the default action.
    INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
    // SAFETY: restoring the default disposition is async-signal-safe.
    unsafe { libc::signal(libc::SIGINT, libc::SIG_DFL) };
}

fn catch_ctrl_c() {
    // SAFETY: installing a handler that only stores to an atomic.
    unsafe { libc::signal(libc::SIGINT, on_sigint as *const () as libc::sighandler_t) };
}

/// indicatif behind the pipeline's progress callbacks.
struct Bar(Option<indicatif::ProgressBar>);

impl crate::grade::pipeline::Progress for Bar {
    fn phase(&mut self, what: &str, total: u64) {
        if let Some(b) = self.0.take() {
            b.finish_and_clear();
        }
        if total > 0 {
            self.0 = Some(progress_bar(total, what));
        }
    }
    fn advance(&mut self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }
    fn warn(&mut self, msg: &str) {
        match &self.0 {
            Some(b) => b.println(msg),
            None => eprintln!("{msg}"),
        }
    }
}

fn grade_options(
    tasks: &Path,
    submissions: &Path,
    out: &Path,
    jobs: usize,
    shard: Option<&str>,
    exec: &ExecArgs,
) -> Result<crate::grade::pipeline::GradeOptions> {
    let shard = shard
        .map(|s| s.parse::<crate::store::Shard>())
        .transpose()?;
    Ok(crate::grade::pipeline::GradeOptions {
        tasks: tasks.to_path_buf(),
        submissions: submissions.to_path_buf(),
        out: out.to_path_buf(),
        shard,
        exec: ExecConfig::from_env(jobs, exec.limits()?)?,
        ref_cache: crate::exec::config::cache_dir().join(crate::store::REF_CACHE_FILE),
    })
}

fn run_grade(
    opts: &crate::grade::pipeline::GradeOptions,
) -> Result<crate::grade::pipeline::GradeReport> {
    catch_ctrl_c();
    let mut bar = Bar(None);
    let report = crate::grade::pipeline::grade(opts, &INTERRUPTED, &mut bar)?;
    if let Some(b) = bar.0.take() {
        b.finish_and_clear();
    }
    Ok(report)
}

pub(super) fn grade(args: &GradeArgs) -> Result<ExitCode> {
    let opts = grade_options(
        &args.tasks,
        &args.submissions,
        &args.out,
        args.jobs,
        args.shard.as_deref(),
        &args.exec,
    )?;
    let r = run_grade(&opts)?;
    println!(
        "{} graded now, {} already done; {} result(s), {} passed, {} line(s) rejected{}",
        r.graded_now,
        r.already_done,
        r.results,
        r.passed,
        r.rejected,
        if r.cancelled {
            "; interrupted (run the same command to resume)"
        } else {
            ""
        }
    );
    println!("report: {}", args.out.join("report.html").display());
    Ok(if r.rejected > 0 || r.cancelled {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

pub(super) fn validate(args: &ValidateArgs) -> Result<ExitCode> {
    let labelled = crate::task::load_labelled(&args.labelled, None);
    for p in &labelled.problems {
        eprintln!("{p}");
    }
    let opts = grade_options(
        &args.tasks,
        &args.labelled,
        &args.out,
        args.jobs,
        None,
        &args.exec,
    )?;
    let r = run_grade(&opts)?;
    if r.cancelled {
        bail!("interrupted; run the same command to resume");
    }
    let store = crate::store::RunStore::open_existing(&args.out)?;
    let v = crate::grade::validate::validate(&labelled.items, &store.results()?);
    let md = crate::grade::validate::render_markdown(&v);
    std::fs::write(args.out.join("validation.md"), &md)?;
    std::fs::write(
        args.out.join("validation.json"),
        serde_json::to_string_pretty(&v)? + "\n",
    )?;
    print!("{md}");
    Ok(ExitCode::SUCCESS)
}
