//! `snapshot`, `check`, `accept`, `reject`: regression tests for plotting scripts.
//!
//! The library (`crate::regress`) decides and writes; this file runs the scripts in the
//! executor, draws the progress bar and prints one line per figure that did not pass.

use super::ExitCode;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use super::{ExecArgs, job_for, progress_bar};
use crate::exec::Outcome;
use crate::regress::{self, CheckMode, Corpus, Manifest, Options, SummaryFormat, Verdict};

/// `--mode`: one of the library's [`CheckMode::ALL`], by name.
fn mode_parser() -> impl clap::builder::TypedValueParser<Value = CheckMode> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(CheckMode::ALL.map(CheckMode::as_str))
        .map(|s| s.parse::<CheckMode>().expect("one of CheckMode::ALL"))
}

/// `--summary`: the library's [`SummaryFormat::ALL`], by name.
fn summary_parser() -> impl clap::builder::TypedValueParser<Value = SummaryFormat> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(SummaryFormat::ALL.map(|(name, _)| name)).map(|s| {
        s.parse::<SummaryFormat>()
            .expect("one of SummaryFormat::ALL")
    })
}

#[derive(Debug, Args)]
pub(super) struct SnapshotArgs {
    /// Scripts: .py files, folders (every *.py below, sorted) or globs.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The baseline folder (created; recorded scripts are replaced).
    #[arg(long, value_name = "DIR")]
    baseline: PathBuf,
    /// Worker processes (the bytes written do not depend on it).
    #[arg(long, default_value_t = crate::exec::config::default_jobs(), value_parser = crate::cli::jobs_at_least_one)]
    jobs: usize,
    #[command(flatten)]
    exec: ExecArgs,
}

#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    /// Scripts: .py files, folders (every *.py below, sorted) or globs.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The baseline folder written by `plotgrade snapshot`.
    #[arg(long, value_name = "DIR")]
    baseline: PathBuf,
    /// Largest RMS (0–255, as pytest-mpl's tolerance) of a pixel-only change that passes.
    #[arg(long, default_value_t = regress::DEFAULT_TOLERANCE, value_name = "RMS")]
    tolerance: f64,
    /// What decides a figure that is not byte-identical: hybrid (scene changes fail,
    /// pixel drift within the tolerance passes), hash, image (RMS only), scene.
    #[arg(long, default_value = "hybrid", value_parser = mode_parser())]
    mode: CheckMode,
    /// Also write check-summary.json and/or check-report.html (e.g. `--summary html,json`).
    #[arg(long, value_parser = summary_parser(), value_delimiter = ',', value_name = "FORMATS")]
    summary: Vec<SummaryFormat>,
    /// Folder for the summary files (default: the baseline folder).
    #[arg(long, value_name = "DIR")]
    summary_dir: Option<PathBuf>,
    #[arg(long, default_value_t = crate::exec::config::default_jobs(), value_parser = crate::cli::jobs_at_least_one)]
    jobs: usize,
    #[command(flatten)]
    exec: ExecArgs,
}

#[derive(Debug, Args)]
pub(super) struct ReviewArgs {
    /// Script or figure names as `check` printed them (default: every pending result).
    names: Vec<String>,
    /// The baseline folder.
    #[arg(long, value_name = "DIR")]
    baseline: PathBuf,
}

/// Runs every script of the corpus, with a progress bar on a terminal.
fn run_all(
    corpus: &Corpus,
    exec: &ExecArgs,
    jobs: usize,
) -> Result<(Vec<Outcome>, regress::Versions)> {
    let jobs_list = corpus
        .scripts
        .iter()
        .map(|s| job_for(&s.path, exec))
        .collect::<Result<Vec<_>>>()?;
    let pool = exec.pool(jobs.clamp(1, jobs_list.len().max(1)))?;
    let versions = regress::versions(&pool.info().versions);
    let bar = progress_bar(jobs_list.len() as u64, "scripts");
    if !std::io::stderr().is_terminal() || jobs_list.len() < 10 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let outcomes = pool.run(jobs_list, |_, _| bar.inc(1));
    bar.finish_and_clear();
    Ok((outcomes, versions))
}

/// The corpus, named relative to the manifest's root when there is a manifest.
fn corpus(paths: &[PathBuf], manifest: Option<&Manifest>, dir: &Path) -> Result<Corpus> {
    let root = manifest.map(|m| m.root_in(dir)).transpose()?;
    Ok(regress::collect(paths, root.as_deref())?)
}

pub(super) fn snapshot(args: &SnapshotArgs) -> Result<ExitCode> {
    let existing = Manifest::load(&args.baseline)?;
    let corpus = corpus(&args.paths, existing.as_ref(), &args.baseline)?;
    let (outcomes, versions) = run_all(&corpus, &args.exec, args.jobs)?;
    for (s, o) in corpus.scripts.iter().zip(&outcomes) {
        if o.status != crate::exec::Status::Ok {
            println!("{}: {} (recorded, no baseline figure)", s.name, o.summary());
        }
    }
    let report = regress::snapshot(&args.baseline, existing, &corpus, &outcomes, &versions)
        .with_context(|| format!("cannot write the baseline in {}", args.baseline.display()))?;
    for d in &report.dropped {
        println!("{d}: no longer exists (dropped from the baseline)");
    }
    let statuses: Vec<String> = report
        .statuses
        .iter()
        .map(|(s, n)| format!("{n} {s}"))
        .collect();
    println!(
        "snapshot: {} script(s) ({}), {} figure(s) in {}",
        report.scripts,
        statuses.join(", "),
        report.figures,
        args.baseline.display()
    );
    Ok(ExitCode::SUCCESS)
}

pub(super) fn check(args: &CheckArgs) -> Result<ExitCode> {
    if !(args.tolerance.is_finite() && args.tolerance >= 0.0) {
        bail!(
            "--tolerance must be a non-negative RMS, got {}",
            args.tolerance
        );
    }
    let manifest = Manifest::load_required(&args.baseline)?;
    let corpus = corpus(&args.paths, Some(&manifest), &args.baseline)?;
    let (outcomes, versions) = run_all(&corpus, &args.exec, args.jobs)?;
    let opts = Options {
        mode: args.mode,
        tolerance: args.tolerance,
    };
    let report = regress::check(
        &args.baseline,
        &manifest,
        &corpus,
        &outcomes,
        &versions,
        &opts,
    )?;
    if !report.version_changes.is_empty() {
        println!(
            "versions differ from the baseline's: {}",
            report.version_changes.join(", ")
        );
    }
    for e in &report.entries {
        if e.verdict == Verdict::Pass || e.verdict == Verdict::FailsAsRecorded {
            continue;
        }
        let mut line = format!(
            "{:<9} {}: {}",
            e.verdict.as_str().to_uppercase(),
            e.name,
            e.reason
        );
        if let Some(rms) = e.rms
            && e.verdict == Verdict::Fail
            && !e.reason.contains("RMS")
        {
            line += &format!(" (RMS {})", regress::check::fmt_rms(rms));
        }
        println!("{line}");
    }
    if !args.summary.is_empty() {
        let out = args.summary_dir.as_deref().unwrap_or(&args.baseline);
        for p in regress::write_summary(&report, &args.baseline, out, &args.summary)? {
            println!("wrote {}", p.display());
        }
    }
    println!("{}", report.summary_line());
    if report.failed() {
        println!(
            "review: plotgrade accept --baseline {0} [NAMES…]  |  plotgrade reject --baseline {0} [NAMES…]",
            args.baseline.display()
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn accept(args: &ReviewArgs) -> Result<ExitCode> {
    let done = regress::accept(&args.baseline, &args.names)?;
    for r in &done {
        let status = r.status.map_or("removed".to_string(), |s| s.to_string());
        let mut line = format!("accepted {} ({status})", r.script);
        if !r.figures.is_empty() {
            line += &format!(": {}", r.figures.join(", "));
        }
        if !r.dropped.is_empty() {
            line += &format!("; dropped {}", r.dropped.join(", "));
        }
        println!("{line}");
    }
    println!("{} pending result(s) accepted", done.len());
    Ok(ExitCode::SUCCESS)
}

pub(super) fn reject(args: &ReviewArgs) -> Result<ExitCode> {
    let done = regress::reject(&args.baseline, &args.names)?;
    for r in &done {
        let mut line = format!("rejected {}", r.script);
        if !r.figures.is_empty() {
            line += &format!(": deleted {}", r.figures.join(", "));
        }
        println!("{line}");
    }
    println!("{} pending result(s) rejected", done.len());
    Ok(ExitCode::SUCCESS)
}
