//! `run`, `dump scene`, `diff`: one script (or two) at a time.

use super::ExitCode;
use std::path::Path;

use anyhow::{Context, Result, bail};

use super::{DiffArgs, ExecArgs, RunArgs, job_for, read_source};
use crate::exec::{Outcome, Status};

pub(super) fn run(args: &RunArgs) -> Result<ExitCode> {
    let job = job_for(&args.script, &args.exec)?;
    let pool = args.exec.pool(1)?;
    let outcome = pool.run_one(job);
    write_run_dir(&args.out, &outcome)?;
    println!("{}: {}", args.script.display(), outcome.summary());
    Ok(if outcome.status == Status::Ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Write `figure-N.png`, `scene.json` and `result.json` for one outcome.
pub fn write_run_dir(dir: &Path, outcome: &Outcome) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (i, png) in outcome.pngs.iter().enumerate() {
        let p = dir.join(format!("figure-{}.png", i + 1));
        std::fs::write(&p, png).with_context(|| format!("cannot write {}", p.display()))?;
    }
    let scene = serde_json::to_string_pretty(&outcome.scene)?;
    std::fs::write(dir.join("scene.json"), scene + "\n")?;
    let mut result = serde_json::to_value(outcome)?;
    if let Some(obj) = result.as_object_mut() {
        obj.remove("scene"); // in scene.json
    }
    std::fs::write(
        dir.join("result.json"),
        serde_json::to_string_pretty(&result)? + "\n",
    )?;
    Ok(())
}

pub(super) fn dump_scene(script: &Path, json: bool, exec: &ExecArgs) -> Result<ExitCode> {
    let job = job_for(script, exec)?;
    let outcome = exec.pool(1)?.run_one(job);
    if json {
        println!("{}", serde_json::to_string_pretty(&outcome.scene)?);
    } else {
        print!("{}", crate::scene::render_text(&outcome.scene));
    }
    if outcome.status != Status::Ok {
        eprintln!("{}: {}", script.display(), outcome.summary());
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn diff(args: &DiffArgs) -> Result<ExitCode> {
    if args.figure {
        return diff_figures(args);
    }
    let old = read_source(&args.old)?;
    let new = read_source(&args.new)?;
    let base = args.base.as_deref().map(read_source).transpose()?;
    let text = crate::code::render_diff(&old, &new, base.as_deref(), args.json);
    print!("{text}");
    if !text.ends_with('\n') {
        println!();
    }
    Ok(ExitCode::SUCCESS)
}

/// `diff --figure`: run the scripts, then diff (or, with --base, score the edit on) their scenes.
fn diff_figures(args: &DiffArgs) -> Result<ExitCode> {
    let mut paths = vec![args.old.as_path(), args.new.as_path()];
    paths.extend(args.base.as_deref());
    let jobs = paths
        .iter()
        .map(|p| job_for(p, &args.exec))
        .collect::<Result<Vec<_>>>()?;
    let outs = args.exec.pool(1)?.run(jobs, |_, _| {});
    for (p, o) in paths.iter().zip(&outs) {
        if o.status != Status::Ok {
            bail!("{} did not draw a figure: {}", p.display(), o.summary());
        }
    }
    let (old, new) = (&outs[0].scene, &outs[1].scene);
    match outs.get(2) {
        None => {
            let ops = crate::figure::diff(old, new);
            if args.json {
                println!("{}", serde_json::to_string_pretty(&ops)?);
            } else if ops.is_empty() {
                println!("the two figures draw the same elements (within tolerance)");
            } else {
                println!("figure diff: {} operation(s)", ops.len());
                for op in &ops {
                    println!("  {}", crate::figure::render_op(op));
                }
            }
        }
        Some(base) => {
            // As for the code diff: OLD is the reference edit, NEW the generated one.
            let score = crate::figure::compare_edit(&base.scene, new, old);
            if args.json {
                println!("{}", serde_json::to_string_pretty(&score)?);
            } else {
                println!(
                    "edit agreement on the figures: precision {:.3}, recall {:.3}, F1 {:.3}",
                    score.precision, score.recall, score.f1
                );
                println!("reference edit (base → OLD):");
                for op in &score.reference_ops {
                    println!("  {}", crate::figure::render_op(op));
                }
                println!("generated edit (base → NEW):");
                for op in &score.generated_ops {
                    println!("  {}", crate::figure::render_op(op));
                }
                for note in &score.notes {
                    println!("note: {note}");
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
