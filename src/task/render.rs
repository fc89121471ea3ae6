//! Reference images: every script under `references/<suite>/` rendered through the
//! executor (pinned), written beside it as `<state>.png`, and checked for drift.
//!
//! `--check` renders again and compares bytes with what is committed, so a reference whose
//! code changed without its image being rendered again (or a rendering that drifted with a
//! library version) is caught by the test suite.

use std::path::{Path, PathBuf};

use crate::exec::{Job, Pool, Status};

/// What rendering (or checking) the references of a suite found.
#[derive(Debug, Clone, Default)]
pub struct RenderReport {
    pub scripts: usize,
    pub written: usize,
    /// Scripts whose image differs from the committed one (check mode), or is missing.
    pub mismatched: Vec<PathBuf>,
    /// Scripts that did not run to a figure: path and the executor's summary.
    pub failed: Vec<(PathBuf, String)>,
}

/// Every `*.py` under `dir`, sorted.
pub fn reference_scripts(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let p = entry?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "py") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Render each script's first figure to `<script>.png`; with `check`, compare instead of
/// writing. `progress()` is called once per finished script.
pub fn render_references(
    pool: &Pool,
    dir: &Path,
    check: bool,
    mut progress: impl FnMut(),
) -> std::io::Result<RenderReport> {
    let scripts = reference_scripts(dir)?;
    let mut jobs = Vec::with_capacity(scripts.len());
    for s in &scripts {
        let name = s
            .file_name()
            .map_or("script.py".into(), |n| n.to_string_lossy().into_owned());
        jobs.push(Job::new(name, std::fs::read(s)?));
    }
    let outs = pool.run(jobs, |_, _| progress());
    let mut report = RenderReport {
        scripts: scripts.len(),
        ..RenderReport::default()
    };
    for (script, out) in scripts.iter().zip(outs) {
        let png_path = script.with_extension("png");
        let Some(png) = out.pngs.first().filter(|_| out.status == Status::Ok) else {
            report.failed.push((script.clone(), out.summary()));
            continue;
        };
        if check {
            if std::fs::read(&png_path).ok().as_deref() != Some(png.as_slice()) {
                report.mismatched.push(script.clone());
            }
        } else if std::fs::read(&png_path).ok().as_deref() != Some(png.as_slice()) {
            std::fs::write(&png_path, png)?;
            report.written += 1;
        }
    }
    Ok(report)
}
