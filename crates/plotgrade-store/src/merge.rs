//! `plotgrade merge`: join the run stores of shards into one run directory.
//!
//! Everything is read and checked before anything is written, so a refused merge leaves
//! the output untouched: the shards must be of one run (same tasks file, judge and
//! versions), a submission in two shards must have the same record in both, and artifact
//! paths must stay inside their run directory. Artifacts are copied first and the store
//! written last, in one transaction, so a merged store is only there once it is complete.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::path::{Component, Path, PathBuf};

use serde::de::DeserializeOwned;

use super::error::{Result, StoreError};
use super::meta::RunMeta;
use super::run::{RUN_FILE, RunStore, Table};
use super::shard::Shard;
use plotgrade_model::record::{ChoiceResult, GradeResult, Rejected};

/// What a merge did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MergeReport {
    /// The run directories merged, in the order given.
    pub inputs: Vec<PathBuf>,
    /// Rows in the merged store.
    pub results: usize,
    pub choices: usize,
    pub rejected: usize,
    /// Rows found, identical, in more than one input and kept once.
    pub duplicates: usize,
    /// Artifact files copied into the output.
    pub artifacts: usize,
    /// Artifacts a result names but its shard's directory lacks, as `RUN_DIR/path`.
    pub missing_artifacts: Vec<PathBuf>,
    /// The distinct `--shard` values of the inputs (inputs without one are whole runs).
    pub shards: Vec<Shard>,
    /// Shards of the same count that were not among the inputs (only computed when every
    /// input is a shard of one count): a merge of 1/4, 2/4 and 4/4 lists 3/4.
    pub missing_shards: Vec<Shard>,
}

/// Merge the run stores in `inputs` into `out_dir` (created when missing; it must not
/// already hold a run with rows). Rows are keyed by `(model, id)` and come out in that
/// order whatever the order of the inputs.
pub fn merge(out_dir: &Path, inputs: &[PathBuf]) -> Result<MergeReport> {
    if inputs.is_empty() {
        return Err(StoreError::NoInputs);
    }
    if out_dir.join(RUN_FILE).exists() && !RunStore::open_existing(out_dir)?.is_empty()? {
        return Err(StoreError::OutNotEmpty {
            path: out_dir.join(RUN_FILE),
        });
    }

    let mut report = MergeReport {
        inputs: inputs.to_vec(),
        ..MergeReport::default()
    };
    let Read {
        metas,
        results,
        choices,
        rejected,
    } = read_inputs(inputs, &mut report.duplicates)?;

    let results: Vec<(GradeResult, usize)> = results.decode("result", inputs)?;
    let choices: Vec<ChoiceResult> = choices
        .decode("choice", inputs)?
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    let rejected: Vec<Rejected> = rejected
        .decode("rejected line", inputs)?
        .into_iter()
        .map(|(r, _)| r)
        .collect();

    let copies = plan_artifacts(&results, inputs, &mut report.missing_artifacts)?;
    copy_artifacts(out_dir, inputs, &copies)?;
    report.artifacts = copies.len();

    let (merged_meta, shards) = merged_meta(&metas);
    let results: Vec<GradeResult> = results.into_iter().map(|(r, _)| r).collect();
    let out = RunStore::open(out_dir)?;
    out.write_merged(&merged_meta, &results, &choices, &rejected)?;
    // The extracted code of each shard, for a judge phase run on the merged directory.
    for input in inputs {
        out.put_codes(&RunStore::open_existing(input)?.codes()?)?;
    }

    report.results = results.len();
    report.choices = choices.len();
    report.rejected = rejected.len();
    report.missing_shards = missing_shards(&shards, metas.iter().any(|m| m.shard.is_none()));
    report.shards = shards;
    Ok(report)
}

/// The rows of every input store, not yet decoded, with each one's metadata.
struct Read {
    metas: Vec<RunMeta>,
    results: Rows,
    choices: Rows,
    rejected: Rows,
}

/// Reads every input's metadata and rows; inputs whose metadata differ (other than by
/// shard) cannot merge.
fn read_inputs(inputs: &[PathBuf], duplicates: &mut usize) -> Result<Read> {
    let mut metas: Vec<RunMeta> = Vec::new();
    let mut results = Rows::default();
    let mut choices = Rows::default();
    let mut rejected = Rows::default();
    for (source, dir) in inputs.iter().enumerate() {
        let store = RunStore::open_existing(dir)?;
        let meta = store.meta()?.ok_or_else(|| StoreError::NoMeta {
            path: store.path().to_path_buf(),
        })?;
        if let Some(first) = metas.first()
            && let Some(d) = first.differences(&meta, true).into_iter().next()
        {
            return Err(StoreError::MergeMeta {
                first: inputs[0].clone(),
                second: dir.clone(),
                field: d.field,
                first_value: d.stored.unwrap_or_else(|| "(none)".into()),
                second_value: d.given.unwrap_or_else(|| "(none)".into()),
            });
        }
        metas.push(meta);
        results.add(
            "result",
            store.raw_rows(Table::Results)?,
            source,
            inputs,
            duplicates,
        )?;
        choices.add(
            "choice",
            store.raw_rows(Table::Choices)?,
            source,
            inputs,
            duplicates,
        )?;
        rejected.add(
            "rejected line",
            store.raw_rows(Table::Rejected)?,
            source,
            inputs,
            duplicates,
        )?;
    }
    Ok(Read {
        metas,
        results,
        choices,
        rejected,
    })
}

/// Copies each planned artifact from the input that holds it.
fn copy_artifacts(
    out_dir: &Path,
    inputs: &[PathBuf],
    copies: &BTreeMap<String, usize>,
) -> Result<()> {
    for (artifact, source) in copies {
        let (from, to) = (inputs[*source].join(artifact), out_dir.join(artifact));
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io("create directory", parent, e))?;
        }
        std::fs::copy(&from, &to).map_err(|e| io("copy artifact to", &to, e))?;
    }
    Ok(())
}

/// Rows of one table across inputs: key → (JSON, index of the input it came from).
#[derive(Default)]
struct Rows(BTreeMap<(String, String), (String, usize)>);

impl Rows {
    fn add(
        &mut self,
        what: &'static str,
        rows: Vec<(String, String, String)>,
        source: usize,
        inputs: &[PathBuf],
        duplicates: &mut usize,
    ) -> Result<()> {
        for (model, id, json) in rows {
            match self.0.entry((model, id)) {
                Entry::Vacant(v) => {
                    v.insert((json, source));
                }
                Entry::Occupied(o) if o.get().0 == json => *duplicates += 1,
                Entry::Occupied(o) => {
                    let ((model, id), (_, first)) = o.remove_entry();
                    return Err(StoreError::Conflict {
                        what,
                        model,
                        id,
                        first: inputs[first].clone(),
                        second: inputs[source].clone(),
                    });
                }
            }
        }
        Ok(())
    }

    fn decode<T: DeserializeOwned>(
        self,
        what: &'static str,
        inputs: &[PathBuf],
    ) -> Result<Vec<(T, usize)>> {
        self.0
            .into_iter()
            .map(|((model, id), (json, source))| {
                let value =
                    serde_json::from_str(&json).map_err(|source_err| StoreError::Corrupt {
                        path: inputs[source].join(RUN_FILE),
                        what,
                        key: format!("({model}, {id})"),
                        source: source_err,
                    })?;
                Ok((value, source))
            })
            .collect()
    }
}

/// Which input each artifact is copied from; artifacts named by several inputs must have
/// the same bytes in each.
fn plan_artifacts(
    results: &[(GradeResult, usize)],
    inputs: &[PathBuf],
    missing: &mut Vec<PathBuf>,
) -> Result<BTreeMap<String, usize>> {
    let mut plan: BTreeMap<String, usize> = BTreeMap::new();
    for (r, source) in results {
        for artifact in &r.artifacts {
            if !is_inside(artifact) {
                return Err(StoreError::UnsafeArtifact {
                    store: inputs[*source].join(RUN_FILE),
                    model: r.model.clone(),
                    id: r.id.clone(),
                    artifact: artifact.clone(),
                });
            }
            let from = inputs[*source].join(artifact);
            if !from.is_file() {
                missing.push(from);
                continue;
            }
            match plan.entry(artifact.clone()) {
                Entry::Vacant(v) => {
                    v.insert(*source);
                }
                Entry::Occupied(o) if *o.get() == *source => {}
                Entry::Occupied(o) => {
                    let other = inputs[*o.get()].join(artifact);
                    let read = |p: &Path| std::fs::read(p).map_err(|e| io("read artifact", p, e));
                    if read(&other)? != read(&from)? {
                        return Err(StoreError::ArtifactConflict {
                            artifact: artifact.clone(),
                            first: inputs[*o.get()].clone(),
                            second: inputs[*source].clone(),
                        });
                    }
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    Ok(plan)
}

/// A relative path of plain names (no `..`, no root) naming a file: it stays in its run dir.
fn is_inside(artifact: &str) -> bool {
    let mut components = Path::new(artifact).components().peekable();
    components.peek().is_some()
        && components.all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        && Path::new(artifact).file_name().is_some()
}

/// The merged run's arguments: the shared ones, no shard, and the submissions files of
/// every input (one when they agree, else all of them, comma-separated). Also returns the
/// inputs' distinct shards.
fn merged_meta(metas: &[RunMeta]) -> (RunMeta, Vec<Shard>) {
    let distinct = |f: fn(&RunMeta) -> &String| {
        let mut v: Vec<&str> = metas.iter().map(|m| f(m).as_str()).collect();
        v.sort_unstable();
        v.dedup();
        v.join(", ")
    };
    let mut shards: Vec<Shard> = metas.iter().filter_map(|m| m.shard).collect();
    shards.sort_unstable();
    shards.dedup();
    let meta = RunMeta {
        submissions: distinct(|m| &m.submissions),
        submissions_sha256: distinct(|m| &m.submissions_sha256),
        shard: None,
        ..metas[0].clone()
    };
    (meta, shards)
}

fn missing_shards(shards: &[Shard], any_whole_run: bool) -> Vec<Shard> {
    let Some(count) = shards.first().map(|s| s.count) else {
        return Vec::new();
    };
    if any_whole_run || shards.iter().any(|s| s.count != count) {
        return Vec::new();
    }
    (1..=count)
        .map(|index| Shard { index, count })
        .filter(|s| !shards.contains(s))
        .collect()
}

fn io(action: &'static str, path: &Path, source: std::io::Error) -> StoreError {
    StoreError::Io {
        action,
        path: path.to_path_buf(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn artifacts_must_stay_inside_the_run_dir() {
        assert!(is_inside("figures/a.png"));
        assert!(is_inside("a.png"));
        assert!(is_inside("./a.png"));
        for bad in [
            "",
            ".",
            "/etc/passwd",
            "../x.png",
            "figures/../../x.png",
            "figures/..",
        ] {
            assert!(!is_inside(bad), "{bad:?} should be refused");
        }
    }

    #[test]
    fn missing_shards_only_for_one_count() {
        let s = |index, count| Shard { index, count };
        assert_eq!(
            missing_shards(&[s(1, 4), s(2, 4), s(4, 4)], false),
            vec![s(3, 4)]
        );
        assert_eq!(missing_shards(&[s(1, 2), s(2, 2)], false), vec![]);
        assert_eq!(missing_shards(&[s(1, 2), s(1, 3)], false), vec![]);
        assert_eq!(missing_shards(&[s(1, 2)], true), vec![]);
        assert_eq!(missing_shards(&[], false), vec![]);
    }
}
