//! The run store: `RUN_DIR/run.sqlite`, one row per graded submission.
//!
//! Every row is committed on its own (or in a small batch), so rerunning the same command
//! resumes: [`RunStore::done_keys`] says what is finished, and a run killed with SIGKILL
//! loses at most the submissions in flight. A lock file (`RUN_DIR/run.lock`) keeps two
//! processes from grading into one directory at once.

use std::collections::HashSet;
use std::fs::File;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use rusqlite::{Connection, TransactionBehavior, params};
use serde::de::DeserializeOwned;

use super::db::{self, FileKind, sql};
use super::error::{Result, StoreError};
use super::meta::{RUN_STORE, RunMeta, read_meta, write_meta};
use plotgrade_model::record::{ChoiceResult, GradeResult, Rejected};

/// The store's file name inside a run directory.
pub const RUN_FILE: &str = "run.sqlite";
/// The lock file beside it, held while a process writes the run.
pub const LOCK_FILE: &str = "run.lock";

pub(crate) const RUN_KIND: FileKind = FileKind {
    format: "plotgrade-run",
    what: RUN_STORE,
    version: 4,
    schema: RUN_SCHEMA,
    migrations: &[REJECTED_BY_ID_AND_REASON, CODE_TABLE, DEFLATED_RESULTS],
};

/// The schema as of version 4 (older runs are migrated by `migrations`). Columns beside `json` are copies of its fields for indexing and for
/// people querying with `sqlite3`; `json` is the record itself.
const RUN_SCHEMA: &str = "
CREATE TABLE results (
    model  TEXT NOT NULL,
    id     TEXT NOT NULL,
    kind   TEXT NOT NULL,
    figure TEXT NOT NULL,
    sample TEXT NOT NULL,
    status TEXT NOT NULL,
    score  INTEGER NOT NULL,
    pass   INTEGER NOT NULL,
    json   TEXT NOT NULL,
    PRIMARY KEY (model, id)
) WITHOUT ROWID;
CREATE TABLE choices (
    model   TEXT NOT NULL,
    id      TEXT NOT NULL,
    kind    TEXT NOT NULL,
    figure  TEXT NOT NULL,
    sample  TEXT NOT NULL,
    correct INTEGER NOT NULL,
    json    TEXT NOT NULL,
    PRIMARY KEY (model, id)
) WITHOUT ROWID;
CREATE TABLE rejected (
    at     TEXT NOT NULL,
    id     TEXT NOT NULL,
    reason TEXT NOT NULL,
    file   TEXT NOT NULL,
    line   INTEGER NOT NULL,
    json   TEXT NOT NULL,
    PRIMARY KEY (at, id, reason)
) WITHOUT ROWID;
CREATE TABLE code (
    model TEXT NOT NULL,
    id    TEXT NOT NULL,
    code  TEXT NOT NULL,
    PRIMARY KEY (model, id)
) WITHOUT ROWID;
";

/// Version 3: the code extracted from each response, stored with its result so the judge
/// phase reads what the executor ran instead of reading and extracting the responses again.
const CODE_TABLE: &str = "
CREATE TABLE code (
    model TEXT NOT NULL,
    id    TEXT NOT NULL,
    code  TEXT NOT NULL,
    PRIMARY KEY (model, id)
) WITHOUT ROWID;
";

/// Version 4: `results.json` holds the record deflated (a BLOB) rather than as text; a
/// record is about 9 KB of JSON (the figure channel's element lists) and a tenth of that
/// deflated. Rows written as text before stay text and read as before, so nothing is
/// rewritten; the version says that older plotgrade cannot read the new rows.
const DEFLATED_RESULTS: &str = "SELECT 1;";

/// Version 1 keyed rejected lines by `file:line` alone, but one line can have several
/// faults, and a task whose reference fails is rejected at the submissions file without a
/// line: those rows replaced each other. Version 2 keys by (`at`, `id` or '', `reason`).
const REJECTED_BY_ID_AND_REASON: &str = "
CREATE TABLE rejected_v2 (
    at     TEXT NOT NULL,
    id     TEXT NOT NULL,
    reason TEXT NOT NULL,
    file   TEXT NOT NULL,
    line   INTEGER NOT NULL,
    json   TEXT NOT NULL,
    PRIMARY KEY (at, id, reason)
) WITHOUT ROWID;
INSERT INTO rejected_v2 (at, id, reason, file, line, json)
    SELECT at, coalesce(json_extract(json, '$.id'), ''), coalesce(json_extract(json, '$.reason'), ''),
           file, line, json
    FROM rejected;
DROP TABLE rejected;
ALTER TABLE rejected_v2 RENAME TO rejected;
";

/// A run directory's store. Methods take `&self`: the connection sits behind a mutex, so
/// one store can be shared by the threads of a pipeline.
pub struct RunStore {
    dir: PathBuf,
    path: PathBuf,
    conn: Mutex<Connection>,
    /// Held for the store's lifetime by a writer; `None` for [`RunStore::open_existing`].
    _lock: Option<File>,
}

impl std::fmt::Debug for RunStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunStore")
            .field("path", &self.path)
            .field("writer", &self._lock.is_some())
            .finish()
    }
}

impl RunStore {
    /// Open `RUN_DIR/run.sqlite` to write a run, creating the directory and the store when
    /// they do not exist. Fails when another process has the run open for writing
    /// ([`StoreError::Locked`]), or when the file is not a plotgrade run store or has a
    /// newer schema.
    pub fn open(run_dir: &Path) -> Result<RunStore> {
        std::fs::create_dir_all(run_dir).map_err(|source| StoreError::Io {
            action: "create run directory",
            path: run_dir.to_path_buf(),
            source,
        })?;
        let lock = lock(run_dir)?;
        let path = run_dir.join(RUN_FILE);
        let conn = db::open(&path, &RUN_KIND, true)?;
        Ok(RunStore {
            dir: run_dir.to_path_buf(),
            path,
            conn: Mutex::new(conn),
            _lock: Some(lock),
        })
    }

    /// Open an existing run to read it (reports, `merge`), also while a grader is still
    /// writing it. Takes no lock and never creates anything; writes through it fail.
    pub fn open_existing(run_dir: &Path) -> Result<RunStore> {
        let path = run_dir.join(RUN_FILE);
        if !path.is_file() {
            return Err(StoreError::NoRun {
                dir: run_dir.to_path_buf(),
                path,
            });
        }
        let conn = db::open(&path, &RUN_KIND, false)?;
        // Read-write at the file level so SQLite can recover the WAL of a killed writer;
        // read-only for this connection's statements.
        conn.pragma_update(None, "query_only", true)
            .map_err(sql(&path))?;
        Ok(RunStore {
            dir: run_dir.to_path_buf(),
            path,
            conn: Mutex::new(conn),
            _lock: None,
        })
    }

    /// The run directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The SQLite file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves no half-written state: an open transaction
        // rolls back when it is dropped.
        self.conn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Record the run's arguments when the store is new; when it already has some, check
    /// they are the same run's ([`StoreError::MetaMismatch`] lists what differs).
    pub fn check_or_set_meta(&self, meta: &RunMeta) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(sql(&self.path))?;
        match read_meta(&tx, &self.path)? {
            Some(stored) => {
                let differences = stored.differences(meta, false);
                if !differences.is_empty() {
                    return Err(StoreError::MetaMismatch {
                        path: self.path.clone(),
                        differences,
                    });
                }
            }
            None => write_meta(&tx, &self.path, meta)?,
        }
        tx.commit().map_err(sql(&self.path))
    }

    /// The run's arguments, `None` before [`check_or_set_meta`](Self::check_or_set_meta).
    pub fn meta(&self) -> Result<Option<RunMeta>> {
        read_meta(&self.conn(), &self.path)
    }

    /// `(model, id)` of every finished submission, code and multiple-choice alike.
    pub fn done_keys(&self) -> Result<HashSet<(String, String)>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT model, id FROM results UNION ALL SELECT model, id FROM choices")
            .map_err(sql(&self.path))?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(sql(&self.path))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(sql(&self.path))
    }

    /// Store one graded submission, committed before this returns. The same `(model, id)`
    /// again replaces the row.
    pub fn put_result(&self, result: &GradeResult) -> Result<()> {
        self.put_results(std::slice::from_ref(result))
    }

    /// Store one graded submission with the code extracted from its response (`None`:
    /// the response had none), in one transaction.
    pub fn put_result_with_code(&self, result: &GradeResult, code: Option<&str>) -> Result<()> {
        self.write(|tx, path| {
            if let Some(code) = code {
                insert_codes(
                    tx,
                    path,
                    &[(result.model.clone(), result.id.clone(), code.to_string())],
                )?;
            }
            insert_results(tx, path, std::slice::from_ref(result))
        })
    }

    /// Store extracted code rows `(model, id, code)` (`merge` copies a shard's).
    pub fn put_codes(&self, codes: &[(String, String, String)]) -> Result<()> {
        self.write(|tx, path| insert_codes(tx, path, codes))
    }

    /// The code extracted from the response of `(model, id)`, when it was stored (runs
    /// before schema version 3 have none).
    pub fn code(&self, model: &str, id: &str) -> Result<Option<String>> {
        use rusqlite::OptionalExtension;
        let conn = self.conn();
        conn.query_row(
            "SELECT code FROM code WHERE model = ?1 AND id = ?2",
            params![model, id],
            |r| r.get(0),
        )
        .optional()
        .map_err(sql(&self.path))
    }

    /// Every stored code row `(model, id, code)`, ordered by model, then id.
    pub fn codes(&self) -> Result<Vec<(String, String, String)>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT model, id, code FROM code ORDER BY model, id")
            .map_err(sql(&self.path))?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(sql(&self.path))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(sql(&self.path))
    }

    /// Store several graded submissions in one transaction (all or none).
    pub fn put_results(&self, results: &[GradeResult]) -> Result<()> {
        self.write(|tx, path| insert_results(tx, path, results))
    }

    /// Store one graded multiple-choice submission (same rules as [`put_result`](Self::put_result)).
    pub fn put_choice(&self, choice: &ChoiceResult) -> Result<()> {
        self.put_choices(std::slice::from_ref(choice))
    }

    /// Store several multiple-choice results in one transaction.
    pub fn put_choices(&self, choices: &[ChoiceResult]) -> Result<()> {
        self.write(|tx, path| insert_choices(tx, path, choices))
    }

    /// Store a submission line that could not be graded, keyed by its `file:line`, task id
    /// and reason: rejecting the same line for the same reason again (a resumed run)
    /// replaces the row, two faults of one line are two rows.
    pub fn put_rejected(&self, rejected: &Rejected) -> Result<()> {
        self.write(|tx, path| insert_rejected(tx, path, rejected))
    }

    /// Every code result, ordered by model, then id (byte order).
    pub fn results(&self) -> Result<Vec<GradeResult>> {
        self.read_all(
            "result",
            "SELECT '(' || model || ', ' || id || ')', json FROM results ORDER BY model, id",
        )
    }

    /// Every code result, ordered by model, then id, read `chunk` rows at a time (keyset
    /// pages): a reader of a large run holds one chunk, not the run (`write_outputs`).
    pub fn results_chunked(&self, chunk: usize) -> ResultChunks<'_> {
        ResultChunks {
            store: self,
            chunk: chunk.max(1),
            after: None,
            buffer: std::collections::VecDeque::new(),
            done: false,
        }
    }

    /// One page of results after `after` (a `(model, id)` key), in key order.
    fn results_page(
        &self,
        after: Option<&Key>,
        limit: usize,
    ) -> Result<(Vec<GradeResult>, Option<Key>)> {
        let conn = self.conn();
        let (model, id) = after
            .map(|(m, i)| (m.as_str(), i.as_str()))
            .unwrap_or(("", ""));
        let mut stmt = conn
            .prepare(
                "SELECT model, id, json FROM results WHERE ?1 = 0 OR (model, id) > (?2, ?3) \
                 ORDER BY model, id LIMIT ?4",
            )
            .map_err(sql(&self.path))?;
        let rows: Vec<(String, String, String)> = stmt
            .query_map(params![after.is_some(), model, id, limit as i64], |r| {
                Ok((r.get(0)?, r.get(1)?, json_column(r, 2)?))
            })
            .map_err(sql(&self.path))?
            .collect::<rusqlite::Result<_>>()
            .map_err(sql(&self.path))?;
        let last = rows.last().map(|(m, i, _)| (m.clone(), i.clone()));
        let page = rows
            .into_iter()
            .map(|(model, id, json)| {
                serde_json::from_str(&json).map_err(|source| StoreError::Corrupt {
                    path: self.path.clone(),
                    what: "result",
                    key: format!("({model}, {id})"),
                    source,
                })
            })
            .collect::<Result<_>>()?;
        Ok((page, last))
    }

    /// Every multiple-choice result, ordered by model, then id.
    pub fn choices(&self) -> Result<Vec<ChoiceResult>> {
        self.read_all(
            "choice",
            "SELECT '(' || model || ', ' || id || ')', json FROM choices ORDER BY model, id",
        )
    }

    /// Every rejected line, ordered by file, then line number.
    pub fn rejected(&self) -> Result<Vec<Rejected>> {
        self.read_all(
            "rejected line",
            "SELECT at, json FROM rejected ORDER BY file, line, at, id, reason",
        )
    }

    fn read_all<T: DeserializeOwned>(&self, what: &'static str, query: &str) -> Result<Vec<T>> {
        let rows: Vec<(String, String)> = {
            let conn = self.conn();
            let mut stmt = conn.prepare(query).map_err(sql(&self.path))?;
            let rows = stmt
                .query_map([], |r| Ok((r.get(0)?, json_column(r, 1)?)))
                .map_err(sql(&self.path))?;
            rows.collect::<rusqlite::Result<_>>()
                .map_err(sql(&self.path))?
        };
        rows.into_iter()
            .map(|(key, json)| {
                serde_json::from_str(&json).map_err(|source| StoreError::Corrupt {
                    path: self.path.clone(),
                    what,
                    key,
                    source,
                })
            })
            .collect()
    }

    /// Rows of one table as stored, for `merge`: `(model, id, json)` in key order (rejected
    /// lines: `(at, "id\nreason", json)`).
    pub(crate) fn raw_rows(&self, table: Table) -> Result<Vec<(String, String, String)>> {
        let query = match table {
            Table::Results => "SELECT model, id, json FROM results ORDER BY model, id",
            Table::Choices => "SELECT model, id, json FROM choices ORDER BY model, id",
            Table::Rejected => {
                "SELECT at, id || char(10) || reason, json FROM rejected ORDER BY file, line, at, id, reason"
            }
        };
        let conn = self.conn();
        let mut stmt = conn.prepare(query).map_err(sql(&self.path))?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, json_column(r, 2)?)))
            .map_err(sql(&self.path))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(sql(&self.path))
    }

    /// Whether the store holds neither run arguments nor rows.
    pub(crate) fn is_empty(&self) -> Result<bool> {
        let conn = self.conn();
        conn.query_row(
            "SELECT NOT EXISTS (SELECT 1 FROM results) AND NOT EXISTS (SELECT 1 FROM choices)
                AND NOT EXISTS (SELECT 1 FROM rejected) AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'tasks')",
            [],
            |r| r.get(0),
        )
        .map_err(sql(&self.path))
    }

    /// Write a merged run in one transaction (a failed merge leaves an empty store, which a
    /// retry may reuse): its arguments and every row, already decoded and checked.
    pub(crate) fn write_merged(
        &self,
        meta: &RunMeta,
        results: &[GradeResult],
        choices: &[ChoiceResult],
        rejected: &[Rejected],
    ) -> Result<()> {
        self.write(|tx, path| {
            write_meta(tx, path, meta)?;
            insert_results(tx, path, results)?;
            insert_choices(tx, path, choices)?;
            rejected
                .iter()
                .try_for_each(|r| insert_rejected(tx, path, r))
        })
    }

    /// Run `f` in one IMMEDIATE transaction and commit it.
    fn write(&self, f: impl FnOnce(&rusqlite::Transaction<'_>, &Path) -> Result<()>) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(sql(&self.path))?;
        f(&tx, &self.path)?;
        tx.commit().map_err(sql(&self.path))
    }
}

/// The three tables of records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Table {
    Results,
    Choices,
    Rejected,
}

fn insert_results(tx: &Connection, path: &Path, results: &[GradeResult]) -> Result<()> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT OR REPLACE INTO results (model, id, kind, figure, sample, status, score, pass, json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )
        .map_err(sql(path))?;
    for r in results {
        // Capped here, the one door into the store, so every output is bounded (bound.rs).
        let json = super::bound::result_json(r).map_err(|source| StoreError::Encode {
            path: path.to_path_buf(),
            what: "result",
            key: format!("({}, {})", r.model, r.id),
            source,
        })?;
        let json = deflate(&json);
        let (kind, figure, status) = (r.kind.as_str(), r.figure.as_str(), r.status.as_str());
        stmt.execute(params![
            r.model, r.id, kind, figure, r.sample, status, r.score, r.pass, json
        ])
        .map_err(sql(path))?;
    }
    Ok(())
}

fn insert_codes(tx: &Connection, path: &Path, codes: &[(String, String, String)]) -> Result<()> {
    let mut stmt = tx
        .prepare_cached("INSERT OR REPLACE INTO code (model, id, code) VALUES (?1, ?2, ?3)")
        .map_err(sql(path))?;
    for (model, id, code) in codes {
        let code = super::bound::code(code);
        stmt.execute(params![model, id, code.as_ref()])
            .map_err(sql(path))?;
    }
    Ok(())
}

fn insert_choices(tx: &Connection, path: &Path, choices: &[ChoiceResult]) -> Result<()> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT OR REPLACE INTO choices (model, id, kind, figure, sample, correct, json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )
        .map_err(sql(path))?;
    for c in choices {
        let json = encode(path, "choice", &c.model, &c.id, c)?;
        stmt.execute(params![
            c.model,
            c.id,
            c.kind.as_str(),
            c.figure.as_str(),
            c.sample,
            c.correct,
            json
        ])
        .map_err(sql(path))?;
    }
    Ok(())
}

fn insert_rejected(tx: &Connection, path: &Path, r: &Rejected) -> Result<()> {
    let r = &*super::bound::rejected(r);
    let json = encode(path, "rejected line", &r.at, "", r)?;
    // `file:line` → (file, line) so that line 10 sorts after line 9.
    let (file, line) = match r.at.rsplit_once(':').map(|(f, l)| (f, l.parse::<i64>())) {
        Some((f, Ok(l))) => (f, l),
        _ => (r.at.as_str(), 0),
    };
    let id = r.id.as_deref().unwrap_or("");
    tx.prepare_cached(
        "INSERT OR REPLACE INTO rejected (at, id, reason, file, line, json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .and_then(|mut s| s.execute(params![r.at, id, r.reason, file, line, json]))
    .map_err(sql(path))?;
    Ok(())
}

fn encode<T: serde::Serialize>(
    path: &Path,
    what: &'static str,
    model: &str,
    id: &str,
    value: &T,
) -> Result<String> {
    serde_json::to_string(value).map_err(|source| StoreError::Encode {
        path: path.to_path_buf(),
        what,
        key: format!("({model}, {id})"),
        source,
    })
}

/// A record's JSON deflated for `results.json` (schema 4). Level 6, flate2's default:
/// level 9 saves under 3% more and costs twice the time.
fn deflate(json: &str) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(json.as_bytes())
        .and_then(|()| z.finish())
        .expect("deflating into memory cannot fail")
}

/// A `json` column as text: a deflated BLOB (results since schema 4) or plain text (every
/// other row, and results written before).
/// A result's key in the store: `(model, id)`.
type Key = (String, String);

/// The code results of a run in key order, a page at a time ([`RunStore::results_chunked`]).
pub struct ResultChunks<'a> {
    store: &'a RunStore,
    chunk: usize,
    after: Option<Key>,
    buffer: std::collections::VecDeque<GradeResult>,
    done: bool,
}

impl Iterator for ResultChunks<'_> {
    type Item = Result<GradeResult>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.buffer.is_empty() && !self.done {
            match self.store.results_page(self.after.as_ref(), self.chunk) {
                Ok((page, last)) => {
                    self.done = page.len() < self.chunk;
                    self.after = last.or(self.after.take());
                    self.buffer.extend(page);
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        self.buffer.pop_front().map(Ok)
    }
}

fn json_column(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<String> {
    use rusqlite::types::{FromSqlError, ValueRef};
    use std::io::Read;
    match row.get_ref(i)? {
        ValueRef::Blob(bytes) => {
            let mut text = String::new();
            flate2::read::DeflateDecoder::new(bytes)
                .read_to_string(&mut text)
                .map_err(|e| {
                    rusqlite::Error::FromSqlConversionFailure(
                        i,
                        rusqlite::types::Type::Blob,
                        Box::new(FromSqlError::Other(Box::new(e))),
                    )
                })?;
            Ok(text)
        }
        _ => row.get(i),
    }
}

/// Take `RUN_DIR/run.lock` for this process. `flock` rather than SQLite's own locks: it
/// is held for the whole run, not a transaction, and the kernel drops it when the process
/// dies, even by SIGKILL, so a killed run never leaves a stale lock.
fn lock(run_dir: &Path) -> Result<File> {
    let path = run_dir.join(LOCK_FILE);
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|source| StoreError::Io {
            action: "create lock file",
            path: path.clone(),
            source,
        })?;
    // SAFETY: flock on a file descriptor we own; no memory is passed.
    let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if rc != 0 {
        let err = std::io::Error::last_os_error();
        if err.raw_os_error() == Some(libc::EWOULDBLOCK) {
            return Err(StoreError::Locked {
                dir: run_dir.to_path_buf(),
            });
        }
        return Err(StoreError::Io {
            action: "lock",
            path,
            source: err,
        });
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shard;
    use plotgrade_exec::Status;
    use plotgrade_model::record::{Channels, ExtractionMode, Funnel};
    use plotgrade_model::task::{FigureType, Kind};

    fn result(model: &str, id: &str) -> GradeResult {
        GradeResult {
            id: id.into(),
            model: model.into(),
            kind: Kind::Deletion,
            figure: FigureType::Bar,
            sample: "bar-01".into(),
            variant_of: None,
            tags: Vec::new(),
            status: Status::Ok,
            extraction: ExtractionMode::Strict,
            score: 7,
            pass: true,
            flags: vec![],
            channels: Channels::default(),
            funnel: Funnel::default(),
            artifacts: vec![],
            error: None,
            answer: None,
            process: None,
        }
    }

    fn tempdir() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("plotgrade-store-")
            .tempdir()
            .unwrap()
    }

    #[test]
    fn a_file_that_is_not_sqlite_is_named_in_the_error() {
        let dir = tempdir();
        std::fs::write(
            dir.path().join(RUN_FILE),
            b"model,id,score\nm,t,7\n".repeat(100),
        )
        .unwrap();
        let msg = RunStore::open(dir.path()).unwrap_err().to_string();
        assert!(
            msg.contains(&dir.path().join(RUN_FILE).display().to_string()),
            "{msg}"
        );
        assert!(
            msg.contains("is not a plotgrade run store: not an SQLite database"),
            "{msg}"
        );
    }

    #[test]
    fn another_programs_sqlite_database_is_refused() {
        let dir = tempdir();
        let conn = Connection::open(dir.path().join(RUN_FILE)).unwrap();
        conn.execute_batch("CREATE TABLE photos (id INTEGER PRIMARY KEY);")
            .unwrap();
        drop(conn);
        let msg = RunStore::open(dir.path()).unwrap_err().to_string();
        assert!(
            msg.contains("an SQLite database without plotgrade's meta table"),
            "{msg}"
        );
    }

    #[test]
    fn the_cache_is_not_a_run_store() {
        let dir = tempdir();
        crate::RefCache::open(&dir.path().join(RUN_FILE)).unwrap();
        let msg = RunStore::open(dir.path()).unwrap_err().to_string();
        assert!(msg.contains("its format is `plotgrade-cache`"), "{msg}");
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempdir();
        drop(RunStore::open(dir.path()).unwrap());
        let conn = Connection::open(dir.path().join(RUN_FILE)).unwrap();
        conn.execute(
            "UPDATE meta SET value = '99' WHERE key = 'schema_version'",
            [],
        )
        .unwrap();
        drop(conn);
        let err = RunStore::open(dir.path()).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::NewerSchema {
                    found: 99,
                    supported: 4,
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string()
                .contains("schema version 99, newer than this plotgrade understands (4)"),
            "{err}"
        );
    }

    #[test]
    fn one_writer_per_run_dir() {
        let dir = tempdir();
        let first = RunStore::open(dir.path()).unwrap();
        let err = RunStore::open(dir.path()).unwrap_err();
        assert!(matches!(err, StoreError::Locked { .. }), "{err}");
        // Readers do not need the lock.
        first.put_result(&result("m", "t1")).unwrap();
        assert_eq!(
            RunStore::open_existing(dir.path())
                .unwrap()
                .results()
                .unwrap()
                .len(),
            1
        );
        drop(first);
        RunStore::open(dir.path()).unwrap();
    }

    #[test]
    fn open_existing_reads_but_never_writes_or_creates() {
        let dir = tempdir();
        let err = RunStore::open_existing(dir.path()).unwrap_err();
        assert!(err.to_string().starts_with("no run store in "), "{err}");
        assert!(!dir.path().join(RUN_FILE).exists());

        drop(RunStore::open(dir.path()).unwrap());
        let reader = RunStore::open_existing(dir.path()).unwrap();
        assert!(matches!(
            reader.put_result(&result("m", "t")),
            Err(StoreError::Sqlite { .. })
        ));
    }

    #[test]
    fn meta_round_trips_with_shard_and_without_judge() {
        let dir = tempdir();
        let store = RunStore::open(dir.path()).unwrap();
        assert_eq!(store.meta().unwrap(), None);
        let meta = RunMeta {
            tasks: "tasks.jsonl".into(),
            shard: Some(Shard { index: 2, count: 3 }),
            numpy_version: "2.1.0".into(),
            ..RunMeta::default()
        };
        store.check_or_set_meta(&meta).unwrap();
        assert_eq!(store.meta().unwrap(), Some(meta));
    }

    #[test]
    fn rejected_lines_sort_by_line_number() {
        let dir = tempdir();
        let store = RunStore::open(dir.path()).unwrap();
        for at in ["s.jsonl:10", "s.jsonl:9", "a.jsonl:2", "s.jsonl:9"] {
            store
                .put_rejected(&Rejected {
                    at: at.into(),
                    id: None,
                    reason: "unknown task".into(),
                })
                .unwrap();
        }
        let at: Vec<String> = store
            .rejected()
            .unwrap()
            .into_iter()
            .map(|r| r.at)
            .collect();
        assert_eq!(at, ["a.jsonl:2", "s.jsonl:9", "s.jsonl:10"]);
    }

    #[test]
    fn rejections_at_the_same_place_for_different_tasks_are_all_kept() {
        let dir = tempdir();
        let store = RunStore::open(dir.path()).unwrap();
        let reject = |id: &str, reason: &str| Rejected {
            at: "subs.jsonl".into(),
            id: Some(id.into()),
            reason: reason.into(),
        };
        for r in [
            reject("t2", "reference fails"),
            reject("t1", "reference fails"),
            reject("t1", "reference fails"),
        ] {
            store.put_rejected(&r).unwrap();
        }
        assert_eq!(
            store.rejected().unwrap(),
            [
                reject("t1", "reference fails"),
                reject("t2", "reference fails")
            ]
        );
    }

    /// Regression: version 1 keyed rejected lines by `at` alone, so rejections without a
    /// line number replaced each other; its files are migrated with their rows.
    #[test]
    fn a_version_1_store_is_migrated() {
        let dir = tempdir();
        let conn = Connection::open(dir.path().join(RUN_FILE)).unwrap();
        conn.execute_batch(
            "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
             INSERT INTO meta VALUES ('format', 'plotgrade-run'), ('schema_version', '1');
             CREATE TABLE results (model TEXT NOT NULL, id TEXT NOT NULL, kind TEXT NOT NULL,
                 figure TEXT NOT NULL, sample TEXT NOT NULL, status TEXT NOT NULL,
                 score INTEGER NOT NULL, pass INTEGER NOT NULL, json TEXT NOT NULL,
                 PRIMARY KEY (model, id)) WITHOUT ROWID;
             CREATE TABLE choices (model TEXT NOT NULL, id TEXT NOT NULL, kind TEXT NOT NULL,
                 figure TEXT NOT NULL, sample TEXT NOT NULL, correct INTEGER NOT NULL,
                 json TEXT NOT NULL, PRIMARY KEY (model, id)) WITHOUT ROWID;
             CREATE TABLE rejected (at TEXT PRIMARY KEY NOT NULL, file TEXT NOT NULL,
                 line INTEGER NOT NULL, json TEXT NOT NULL) WITHOUT ROWID;
             INSERT INTO rejected VALUES ('s.jsonl:3', 's.jsonl', 3,
                 '{\"at\":\"s.jsonl:3\",\"id\":null,\"reason\":\"not JSON\"}');",
        )
        .unwrap();
        drop(conn);

        let store = RunStore::open(dir.path()).unwrap();
        let old = Rejected {
            at: "s.jsonl:3".into(),
            id: None,
            reason: "not JSON".into(),
        };
        let second = Rejected {
            reason: "unknown kind".into(),
            ..old.clone()
        };
        store.put_rejected(&second).unwrap();
        assert_eq!(store.rejected().unwrap(), [old, second]);
        let version: String = store
            .conn()
            .query_row(
                "SELECT value FROM meta WHERE key = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(version, "4");
    }

    #[test]
    fn a_row_that_no_longer_deserialises_is_reported_with_its_key() {
        let dir = tempdir();
        let store = RunStore::open(dir.path()).unwrap();
        store.put_result(&result("m", "t1")).unwrap();
        store
            .conn()
            .execute("UPDATE results SET json = '{\"id\": 1}'", [])
            .unwrap();
        let msg = store.results().unwrap_err().to_string();
        assert!(
            msg.contains("result (m, t1) does not read as this plotgrade's record"),
            "{msg}"
        );
    }

    #[test]
    fn a_version_2_run_gains_the_code_table_and_keeps_its_rows() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = RunStore::open(dir.path()).unwrap();
            store.put_result(&result("m", "a")).unwrap();
            // Back to what schema version 2 was: no code table.
            let conn = store.conn();
            conn.execute_batch(
                "DROP TABLE code; UPDATE meta SET value = '2' WHERE key = 'schema_version';",
            )
            .unwrap();
        }
        let store = RunStore::open(dir.path()).unwrap();
        assert_eq!(store.results().unwrap().len(), 1);
        assert_eq!(store.code("m", "a").unwrap(), None);
        store
            .put_result_with_code(&result("m", "b"), Some("import matplotlib"))
            .unwrap();
        assert_eq!(
            store.code("m", "b").unwrap().as_deref(),
            Some("import matplotlib")
        );
    }

    /// Schema 4 deflates results; rows a version 3 run wrote as text are read as they are,
    /// beside new deflated rows, by the reports and by `merge`.
    #[test]
    fn results_are_deflated_and_old_text_rows_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let old = result("m", "a");
        {
            let store = RunStore::open(dir.path()).unwrap();
            let conn = store.conn();
            let json = serde_json::to_string(&old).unwrap();
            conn.execute(
                "INSERT INTO results (model, id, kind, figure, sample, status, score, pass, json)
                 VALUES ('m', 'a', 'generation', 'bar', 's', 'ok', 1, 0, ?1)",
                [&json],
            )
            .unwrap();
            conn.execute(
                "UPDATE meta SET value = '3' WHERE key = 'schema_version'",
                [],
            )
            .unwrap();
        }
        let store = RunStore::open(dir.path()).unwrap();
        let new = result("m", "b");
        store.put_result(&new).unwrap();
        let (kinds, stored): (Vec<String>, Vec<i64>) = {
            let conn = store.conn();
            let mut stmt = conn
                .prepare("SELECT typeof(json), length(json) FROM results ORDER BY id")
                .unwrap();
            stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))
                .unwrap()
                .map(Result::unwrap)
                .unzip()
        };
        assert_eq!(kinds, ["text", "blob"]);
        let text = serde_json::to_string(&new).unwrap();
        assert!(
            (stored[1] as usize) < text.len(),
            "{stored:?} vs {}",
            text.len()
        );
        assert_eq!(store.results().unwrap(), [old.clone(), new.clone()]);
        let raw = store.raw_rows(Table::Results).unwrap();
        assert_eq!(raw[1].2, text);
        assert_eq!(raw[0].2, serde_json::to_string(&old).unwrap());

        // A damaged blob is named by its key, not a panic.
        store
            .conn()
            .execute("UPDATE results SET json = x'00ff00ff' WHERE id = 'b'", [])
            .unwrap();
        let msg = format!("{:#}", store.results().unwrap_err());
        assert!(msg.contains("run.sqlite"), "{msg}");
    }
}
