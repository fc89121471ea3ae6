//! Errors of the run store and the caches. Each names the file it is about and says what to
//! do next; causes (SQLite, I/O, JSON) are chained as `source()` rather than repeated, so
//! `{err:#}` at the CLI prints each link once.

use std::fmt;
use std::path::PathBuf;

/// What can go wrong opening, writing, reading or merging run stores and caches.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite could not open the file at all (permissions, a directory in the way…).
    #[error("cannot open {what} {}", path.display())]
    Open {
        what: &'static str,
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    /// The file exists but was not written by plotgrade (or not as this kind of file).
    #[error(
        "{} is not a plotgrade {what}: {found}; give plotgrade a new directory (or move the file away)",
        path.display()
    )]
    NotAStore {
        what: &'static str,
        path: PathBuf,
        found: String,
    },
    /// A newer plotgrade wrote the file; this one cannot read it safely.
    #[error(
        "{} is a {what} with schema version {found}, newer than this plotgrade understands \
         ({supported}); use the plotgrade that wrote it, or a new directory",
        path.display()
    )]
    NewerSchema {
        what: &'static str,
        path: PathBuf,
        found: i64,
        supported: i64,
    },
    /// A directory given as a run directory has no run store.
    #[error(
        "no run store in {}: expected {}; is it a RUN_DIR written by `plotgrade grade`?",
        dir.display(),
        path.display()
    )]
    NoRun { dir: PathBuf, path: PathBuf },
    /// Another process holds the run directory's lock.
    #[error(
        "{} is in use by another plotgrade process; wait for it to finish, or give this run its \
         own --out directory",
        dir.display()
    )]
    Locked { dir: PathBuf },
    /// The run was started with other arguments than the ones it is resumed with.
    #[error(
        "{} belongs to a different run: {}; run the same command to resume it, or start fresh \
         with a new --out directory",
        path.display(),
        MetaDifference::list(differences)
    )]
    MetaMismatch {
        path: PathBuf,
        differences: Vec<MetaDifference>,
    },
    /// An SQLite statement failed (disk full, I/O error, lock held past the busy timeout…).
    #[error("SQLite error on {}", path.display())]
    Sqlite {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    /// A stored record does not deserialise into the current types.
    #[error(
        "{}: {what} {key} does not read as this plotgrade's record; was it written by another \
         version? grade into a new directory",
        path.display()
    )]
    Corrupt {
        path: PathBuf,
        what: &'static str,
        key: String,
        #[source]
        source: serde_json::Error,
    },
    /// A record could not be serialised (cannot happen for the plotgrade types; kept so a
    /// library caller never sees a panic).
    #[error("cannot serialise {what} {key} for {}", path.display())]
    Encode {
        path: PathBuf,
        what: &'static str,
        key: String,
        #[source]
        source: serde_json::Error,
    },
    /// Reading or writing a file beside the store (directory, lock, artifact) failed.
    #[error("cannot {action} {}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// `merge` without inputs.
    #[error("nothing to merge: give at least one RUN_DIR")]
    NoInputs,
    /// A shard store whose run never recorded its arguments.
    #[error(
        "cannot merge {}: it records no run arguments (the run stopped before grading \
         anything?); leave it out or run it again",
        path.display()
    )]
    NoMeta { path: PathBuf },
    /// Two shards of different runs.
    #[error(
        "cannot merge {} and {}: {field} differs (`{first_value}` vs `{second_value}`); merge only \
         shards of one run (same tasks file, judge and versions)",
        first.display(),
        second.display()
    )]
    MergeMeta {
        first: PathBuf,
        second: PathBuf,
        field: &'static str,
        first_value: String,
        second_value: String,
    },
    /// One submission graded differently in two shards.
    #[error(
        "{what} (model `{model}`, id `{id}`) is in both {} and {} with different results; keep \
         one of the two shards' rows: grade it again in one shard, or leave one shard out",
        first.display(),
        second.display()
    )]
    Conflict {
        what: &'static str,
        model: String,
        id: String,
        first: PathBuf,
        second: PathBuf,
    },
    /// An artifact path that would leave the run directory.
    #[error(
        "{}: artifact `{artifact}` of (model `{model}`, id `{id}`) is not a relative path inside \
         the run directory; the store is damaged or was edited by hand",
        store.display()
    )]
    UnsafeArtifact {
        store: PathBuf,
        model: String,
        id: String,
        artifact: String,
    },
    /// The same artifact path with different bytes in two shards.
    #[error(
        "artifact `{artifact}` differs between {} and {}; the shards disagree about a file they \
         both wrote",
        first.display(),
        second.display()
    )]
    ArtifactConflict {
        artifact: String,
        first: PathBuf,
        second: PathBuf,
    },
    /// `merge` into a directory that already holds a run.
    #[error(
        "{} already holds a run store with rows; merge into a new directory",
        path.display()
    )]
    OutNotEmpty { path: PathBuf },
}

/// Result of the store's fallible functions.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// One run argument that differs between a stored run and the command resuming it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetaDifference {
    /// The [`RunMeta`](super::RunMeta) field.
    pub field: &'static str,
    /// What the store recorded (`None`: not set).
    pub stored: Option<String>,
    /// What the command gives now.
    pub given: Option<String>,
}

impl MetaDifference {
    fn list(differences: &[MetaDifference]) -> String {
        differences
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl fmt::Display for MetaDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<String>| {
            v.as_deref()
                .map_or("(none)".to_string(), |v| format!("`{v}`"))
        };
        write!(
            f,
            "{} was {}, now {}",
            self.field,
            show(&self.stored),
            show(&self.given)
        )?;
        if self.field == "submissions_sha256" {
            // The digest covers the file and how it is read: a new field mapping reads
            // other submissions from the same bytes.
            f.write_str(
                " (the submissions file changed, or how it is read: --input-format, --id-field, --response-field, --model, --strip-think; to grade it another way, give that run its own --out)",
            )?;
        }
        Ok(())
    }
}
