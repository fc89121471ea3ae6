//! Writing baselines: `snapshot` (record what the scripts draw now), and the review of
//! pending results: `accept` (promote `.new` files) and `reject` (delete them).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use super::check::{pending_files, remove_if_exists};
use super::error::{Error, Result, io};
use super::manifest::{
    Manifest, Pending, ScriptRecord, Versions, sha256, write_atomic, write_json,
};
use super::scripts::{Corpus, relative, slash};
use plotgrade_exec::{Outcome, Status};

/// What `snapshot` wrote.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SnapshotReport {
    pub scripts: usize,
    /// Scripts per status.
    pub statuses: BTreeMap<String, usize>,
    pub figures: usize,
    /// Recorded scripts under a snapshotted folder that no longer exist (dropped).
    pub dropped: Vec<String>,
}

/// Records `outcomes` (one per script of `corpus`, in order) as the baseline in `dir`.
///
/// Scripts already recorded are replaced (that is the command's job); recorded scripts
/// that the arguments do not cover are kept; recorded scripts under a given folder that no
/// longer exist are dropped. Pending results of the snapshotted scripts are removed.
pub fn snapshot(
    dir: &Path,
    existing: Option<Manifest>,
    corpus: &Corpus,
    outcomes: &[Outcome],
    versions: &Versions,
) -> Result<SnapshotReport> {
    assert_eq!(
        corpus.scripts.len(),
        outcomes.len(),
        "one outcome per script"
    );
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let canonical = dir.canonicalize().map_err(io(dir))?;
    let mut manifest = existing.unwrap_or_else(|| {
        Manifest::new(slash(&relative(&canonical, &corpus.root)), Versions::new())
    });
    manifest.versions = versions.clone();
    let mut report = SnapshotReport {
        scripts: corpus.scripts.len(),
        statuses: BTreeMap::new(),
        figures: 0,
        dropped: Vec::new(),
    };
    for (script, outcome) in corpus.scripts.iter().zip(outcomes) {
        let rel = slash(
            script
                .path
                .strip_prefix(&corpus.root)
                .unwrap_or(&script.path),
        );
        let record = ScriptRecord::of(&rel, outcome, |i| script.figure_name(i));
        let old = manifest.scripts.remove(&script.name);
        forget(dir, &script.name, old.as_ref(), &record)?;
        for (i, fig) in record.figures.iter().enumerate() {
            write_atomic(&dir.join(format!("{}.png", fig.name)), &outcome.pngs[i])?;
            let scene = outcome.scene.figures.get(i).cloned().unwrap_or_default();
            write_json(&dir.join(format!("{}.scene.json", fig.name)), &scene)?;
        }
        *report
            .statuses
            .entry(outcome.status.to_string())
            .or_default() += 1;
        report.figures += record.figures.len();
        manifest.scripts.insert(script.name.clone(), record);
    }
    let gone: Vec<String> = manifest
        .scripts
        .keys()
        .filter(|n| corpus.covers(n) && !corpus.scripts.iter().any(|s| &s.name == *n))
        .cloned()
        .collect();
    for name in gone {
        let old = manifest.scripts.remove(&name).expect("listed");
        forget(dir, &name, Some(&old), &old)?;
        for f in &old.figures {
            remove_figure(dir, &f.name)?;
        }
        report.dropped.push(name);
    }
    manifest.save(dir)?;
    Ok(report)
}

/// Removes a script's pending files and the baseline files of figures it no longer draws.
fn forget(dir: &Path, script: &str, old: Option<&ScriptRecord>, new: &ScriptRecord) -> Result<()> {
    let pending = Pending::path(dir, script);
    if let Ok(p) = Pending::load(&pending) {
        for n in &p.changed {
            for f in pending_files(n) {
                remove_if_exists(&dir.join(f))?;
            }
        }
    }
    remove_if_exists(&pending)?;
    for f in old.map_or(&[][..], |o| &o.figures) {
        for p in pending_files(&f.name) {
            remove_if_exists(&dir.join(p))?;
        }
        if !new.figures.iter().any(|n| n.name == f.name) {
            remove_figure(dir, &f.name)?;
        }
    }
    Ok(())
}

fn remove_figure(dir: &Path, name: &str) -> Result<()> {
    remove_if_exists(&dir.join(format!("{name}.png")))?;
    remove_if_exists(&dir.join(format!("{name}.scene.json")))
}

/// One script's pending result, as accepted or rejected.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reviewed {
    pub script: String,
    /// Figures whose new render was promoted (accept) or deleted (reject).
    pub figures: Vec<String>,
    /// Recorded figures dropped from the baseline (accept of a script that draws fewer).
    pub dropped: Vec<String>,
    /// The script's status in the accepted result (`None`: the script was removed).
    pub status: Option<Status>,
}

/// The pending results named by `names` (script or figure names; all when empty).
fn select(dir: &Path, names: &[String]) -> Result<Vec<Pending>> {
    let all = Pending::list(dir)?;
    if names.is_empty() {
        return Ok(all);
    }
    let matches = |p: &Pending, n: &str| {
        p.script == n
            || p.changed.iter().any(|c| c == n)
            || p.record
                .as_ref()
                .is_some_and(|r| r.figures.iter().any(|f| f.name == n))
    };
    let unknown: Vec<&String> = names
        .iter()
        .filter(|n| !all.iter().any(|p| matches(p, n)))
        .collect();
    if !unknown.is_empty() {
        let pending: Vec<String> = all
            .iter()
            .flat_map(|p| {
                if p.changed.is_empty() {
                    vec![p.script.clone()]
                } else {
                    p.changed.clone()
                }
            })
            .collect();
        return Err(Error::NotPending {
            dir: dir.to_path_buf(),
            names: unknown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            pending: if pending.is_empty() {
                "nothing".into()
            } else {
                pending.join(", ")
            },
        });
    }
    Ok(all
        .into_iter()
        .filter(|p| names.iter().any(|n| matches(p, n)))
        .collect())
}

/// Promotes the pending results named by `names` (all when empty) to baseline. A figure
/// name selects its script's whole result: a script's figures are one baseline.
pub fn accept(dir: &Path, names: &[String]) -> Result<Vec<Reviewed>> {
    let mut manifest = Manifest::load_required(dir)?;
    let chosen = select(dir, names)?;
    let mut out = Vec::new();
    // Check every pending file first, so that a bad one changes nothing.
    for p in &chosen {
        for name in &p.changed {
            let png = dir.join(format!("{name}.new.png"));
            let bytes = std::fs::read(&png).map_err(io(&png))?;
            let recorded = p
                .record
                .as_ref()
                .and_then(|r| r.figures.iter().find(|f| &f.name == name));
            if recorded.is_none_or(|f| f.sha256 != sha256(&bytes)) {
                return Err(Error::BadPending {
                    path: png,
                    message: "does not match its pending record".into(),
                });
            }
        }
    }
    for p in chosen {
        for name in &p.changed {
            std::fs::rename(
                dir.join(format!("{name}.new.png")),
                dir.join(format!("{name}.png")),
            )
            .map_err(io(dir.join(format!("{name}.png"))))?;
            let scene = dir.join(format!("{name}.new.scene.json"));
            std::fs::rename(&scene, dir.join(format!("{name}.scene.json"))).map_err(io(&scene))?;
            remove_if_exists(&dir.join(format!("{name}.diff.png")))?;
        }
        let old = manifest.scripts.remove(&p.script);
        let keep: Vec<&str> = p
            .record
            .as_ref()
            .map(|r| r.figures.iter().map(|f| f.name.as_str()).collect())
            .unwrap_or_default();
        let mut dropped = Vec::new();
        for f in old.iter().flat_map(|o| &o.figures) {
            if !keep.contains(&f.name.as_str()) {
                remove_figure(dir, &f.name)?;
                dropped.push(f.name.clone());
            }
        }
        if let Some(r) = &p.record {
            manifest.scripts.insert(p.script.clone(), r.clone());
        }
        manifest.versions = p.versions.clone();
        remove_if_exists(&Pending::path(dir, &p.script))?;
        out.push(Reviewed {
            script: p.script.clone(),
            figures: p.changed.clone(),
            dropped,
            status: p.record.as_ref().map(|r| r.status),
        });
    }
    if !out.is_empty() {
        manifest.save(dir)?;
    }
    Ok(out)
}

/// Deletes the pending results named by `names` (all when empty); the baseline stays.
pub fn reject(dir: &Path, names: &[String]) -> Result<Vec<Reviewed>> {
    let chosen = select(dir, names)?;
    let mut out = Vec::new();
    for p in chosen {
        for name in &p.changed {
            for f in pending_files(name) {
                remove_if_exists(&dir.join(f))?;
            }
        }
        remove_if_exists(&Pending::path(dir, &p.script))?;
        out.push(Reviewed {
            script: p.script.clone(),
            figures: p.changed.clone(),
            dropped: Vec::new(),
            status: p.record.as_ref().map(|r| r.status),
        });
    }
    Ok(out)
}
