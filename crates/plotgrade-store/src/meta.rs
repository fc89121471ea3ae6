//! The arguments a run records when it starts ([`RunMeta`]), and which of them must agree
//! to resume the run or to merge it with another shard.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use super::Shard;
use super::db::sql;
use super::error::{MetaDifference, Result, StoreError};

/// What a run's store is called in messages (its `FileKind::what`).
pub(crate) const RUN_STORE: &str = "run store";

/// The arguments of a run: what it grades and with what. Recorded when a run starts;
/// resuming with other values is refused (see
/// [`RunStore::check_or_set_meta`](super::RunStore::check_or_set_meta)).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunMeta {
    /// The tasks file as given to `--tasks`.
    pub tasks: String,
    /// Hex SHA-256 of the tasks file ([`sha256_file`](super::sha256_file)).
    pub tasks_sha256: String,
    /// The submissions file as given to `--submissions`.
    pub submissions: String,
    /// Hex SHA-256 of the submissions file.
    pub submissions_sha256: String,
    /// Judge settings (model, endpoint, template…) in one line; `None` without a judge.
    pub judge: Option<String>,
    /// `--shard`; `None` for a whole run.
    pub shard: Option<Shard>,
    pub plotgrade_version: String,
    pub matplotlib_version: String,
    pub numpy_version: String,
}

/// Whether a field must be equal to resume a run or to merge it with another shard.
struct FieldRule {
    name: &'static str,
    /// Resuming with a different value would mix two runs' rows in one store.
    resume: bool,
    /// Shards of one run agree on it (the submissions file may differ: runs of several
    /// models' files merge into one comparison; the shard differs by design).
    merge: bool,
}

/// The fields in the order they are stored, shown and compared.
const FIELDS: [FieldRule; 9] = [
    FieldRule {
        name: "tasks",
        resume: true,
        merge: false,
    },
    FieldRule {
        name: "tasks_sha256",
        resume: true,
        merge: true,
    },
    // The path may move; its content (sha256) is what must not change.
    FieldRule {
        name: "submissions",
        resume: false,
        merge: false,
    },
    FieldRule {
        name: "submissions_sha256",
        resume: true,
        merge: false,
    },
    FieldRule {
        name: "judge",
        resume: true,
        merge: true,
    },
    FieldRule {
        name: "shard",
        resume: true,
        merge: false,
    },
    FieldRule {
        name: "plotgrade_version",
        resume: true,
        merge: true,
    },
    FieldRule {
        name: "matplotlib_version",
        resume: true,
        merge: true,
    },
    FieldRule {
        name: "numpy_version",
        resume: true,
        merge: true,
    },
];

impl RunMeta {
    /// The values in [`FIELDS`] order, as stored (`None`: no row).
    fn values(&self) -> [Option<String>; 9] {
        [
            Some(self.tasks.clone()),
            Some(self.tasks_sha256.clone()),
            Some(self.submissions.clone()),
            Some(self.submissions_sha256.clone()),
            self.judge.clone(),
            self.shard.map(|s| s.to_string()),
            Some(self.plotgrade_version.clone()),
            Some(self.matplotlib_version.clone()),
            Some(self.numpy_version.clone()),
        ]
    }

    fn from_values(path: &Path, get: impl Fn(&str) -> Option<String>) -> Result<RunMeta> {
        let shard = match get("shard") {
            None => None,
            Some(s) => Some(s.parse::<Shard>().map_err(|e| StoreError::NotAStore {
                what: RUN_STORE,
                path: path.to_path_buf(),
                found: format!("its recorded shard does not parse ({e})"),
            })?),
        };
        let text = |k: &str| get(k).unwrap_or_default();
        Ok(RunMeta {
            tasks: text("tasks"),
            tasks_sha256: text("tasks_sha256"),
            submissions: text("submissions"),
            submissions_sha256: text("submissions_sha256"),
            judge: get("judge"),
            shard,
            plotgrade_version: text("plotgrade_version"),
            matplotlib_version: text("matplotlib_version"),
            numpy_version: text("numpy_version"),
        })
    }

    /// The fields where `other` differs from `self`, among those `rule` selects.
    pub(crate) fn differences(&self, other: &RunMeta, merge: bool) -> Vec<MetaDifference> {
        FIELDS
            .iter()
            .zip(self.values().into_iter().zip(other.values()))
            .filter(|(rule, (a, b))| (if merge { rule.merge } else { rule.resume }) && a != b)
            .map(|(rule, (stored, given))| MetaDifference {
                field: rule.name,
                stored,
                given,
            })
            .collect()
    }
}

pub(crate) fn read_meta(conn: &Connection, path: &Path) -> Result<Option<RunMeta>> {
    let mut stmt = conn
        .prepare("SELECT key, value FROM meta")
        .map_err(sql(path))?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .map_err(sql(path))?;
    let map: BTreeMap<String, String> = rows.collect::<rusqlite::Result<_>>().map_err(sql(path))?;
    // `tasks` is always written with the rest; without it the run has not started.
    if !map.contains_key("tasks") {
        return Ok(None);
    }
    RunMeta::from_values(path, |k| map.get(k).cloned()).map(Some)
}

pub(crate) fn write_meta(conn: &Connection, path: &Path, meta: &RunMeta) -> Result<()> {
    let mut stmt = conn
        .prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")
        .map_err(sql(path))?;
    for (rule, value) in FIELDS.iter().zip(meta.values()) {
        if let Some(value) = value {
            stmt.execute((rule.name, value)).map_err(sql(path))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_differences_name_field_and_both_values() {
        let stored = RunMeta {
            tasks: "a.jsonl".into(),
            submissions: "s.jsonl".into(),
            ..RunMeta::default()
        };
        let given = RunMeta {
            tasks: "b.jsonl".into(),
            submissions: "moved/s.jsonl".into(),
            judge: Some("gpt".into()),
            ..RunMeta::default()
        };
        let d: Vec<String> = stored
            .differences(&given, false)
            .iter()
            .map(ToString::to_string)
            .collect();
        // The submissions path may move: only its sha256 must match.
        assert_eq!(
            d,
            [
                "tasks was `a.jsonl`, now `b.jsonl`",
                "judge was (none), now `gpt`"
            ]
        );
    }
}
