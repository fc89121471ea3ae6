//! `tasks expand | check | render`.

use super::ExitCode;

use anyhow::{Result, bail};

use super::{TasksCommand, progress_bar};
use crate::exec::{ExecConfig, Limits, Pool};

pub(super) fn tasks(cmd: TasksCommand) -> Result<ExitCode> {
    use crate::task;
    match cmd {
        TasksCommand::Expand {
            out,
            variants,
            seed,
            generators,
        } => {
            let report = task::expand(&task::ExpandOptions::new(generators, out, variants, seed))?;
            println!(
                "suite {}: {} samples, {} tasks, {} questions from {} generator(s) → {}",
                report.suite,
                report.samples,
                report.tasks,
                report.choices,
                report.generators.len(),
                report.dir.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        TasksCommand::Check { dir } => {
            let (suite, problems) = task::Suite::check(&dir)?;
            for p in &problems {
                eprintln!("{p}");
            }
            println!(
                "{}: {} tasks, {} questions, {} labelled; {} problem(s)",
                dir.display(),
                suite.tasks.len(),
                suite.choices.len(),
                suite.labelled.len(),
                problems.len()
            );
            Ok(if problems.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        TasksCommand::Render { dir, check, jobs } => {
            if !dir.is_dir() {
                bail!("{} is not a directory of reference scripts", dir.display());
            }
            let pool = Pool::start(ExecConfig::from_env(jobs, Limits::default())?)?;
            let total = task::render::reference_scripts(&dir)?.len() as u64;
            let bar = progress_bar(total, if check { "checking" } else { "rendering" });
            let report = task::render::render_references(&pool, &dir, check, || bar.inc(1))?;
            bar.finish_and_clear();
            for (p, why) in &report.failed {
                eprintln!("{}: {why}", p.display());
            }
            for p in &report.mismatched {
                eprintln!(
                    "{}: image does not match the code (run `plotgrade tasks render {}`)",
                    p.display(),
                    dir.display()
                );
            }
            println!(
                "{} reference scripts: {} failed, {} {}",
                report.scripts,
                report.failed.len(),
                if check {
                    report.mismatched.len()
                } else {
                    report.written
                },
                if check { "mismatched" } else { "written" }
            );
            let bad = !report.failed.is_empty() || !report.mismatched.is_empty();
            Ok(if bad {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}
