//! The cache shared by every run on a machine: `refs.sqlite` in
//! [`cache_dir`](plotgrade_exec::config::cache_dir).
//!
//! Reference runs are content-addressed: the key is a hash of the code and of everything
//! else that decides the outcome, so an entry is never stale, only unused. Judge responses
//! live in the same file. Several processes may read and write it at once (WAL and a busy
//! timeout); every write is one short transaction.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use sha2::{Digest, Sha256};

use super::db::{self, FileKind, sql};
use super::error::{Result, StoreError};
use plotgrade_exec::{Limits, Outcome, Status};

/// The cache's file name inside the cache directory.
pub const REF_CACHE_FILE: &str = "refs.sqlite";

const CACHE_KIND: FileKind = FileKind {
    format: "plotgrade-cache",
    what: "cache",
    version: 1,
    schema: CACHE_SCHEMA,
    migrations: &[],
};

const CACHE_SCHEMA: &str = "
CREATE TABLE refs (
    key     TEXT PRIMARY KEY NOT NULL,
    status  TEXT NOT NULL,
    outcome TEXT NOT NULL,
    pngs    INTEGER NOT NULL,
    created INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE ref_pngs (
    key TEXT NOT NULL,
    idx INTEGER NOT NULL,
    png BLOB NOT NULL,
    PRIMARY KEY (key, idx)
) WITHOUT ROWID;
CREATE TABLE judge (
    key        TEXT PRIMARY KEY NOT NULL,
    response   TEXT NOT NULL,
    tokens_in  INTEGER NOT NULL,
    tokens_out INTEGER NOT NULL,
    created    INTEGER NOT NULL
) WITHOUT ROWID;
";

/// What a cached reference run keeps of its [`Outcome`].
#[derive(Debug, Clone, PartialEq)]
pub struct CachedRun {
    pub status: Status,
    /// The outcome as JSON (everything but the PNGs, which serde skips).
    pub outcome: String,
    /// One PNG per figure, in scene order.
    pub pngs: Vec<Vec<u8>>,
}

impl CachedRun {
    /// What to cache of `outcome`.
    pub fn from_outcome(outcome: &Outcome) -> Result<CachedRun, serde_json::Error> {
        Ok(CachedRun {
            status: outcome.status,
            outcome: serde_json::to_string(outcome)?,
            pngs: outcome.pngs.clone(),
        })
    }

    /// The outcome back, PNGs included.
    pub fn to_outcome(&self) -> Result<Outcome, serde_json::Error> {
        let mut outcome: Outcome = serde_json::from_str(&self.outcome)?;
        outcome.pngs = self.pngs.clone();
        Ok(outcome)
    }
}

/// The cross-run cache of reference runs and judge responses.
pub struct RefCache {
    path: PathBuf,
    conn: Mutex<Connection>,
}

impl std::fmt::Debug for RefCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RefCache")
            .field("path", &self.path)
            .finish()
    }
}

impl RefCache {
    /// Open the cache file, creating it (and its directory) when missing.
    pub fn open(path: &Path) -> Result<RefCache> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                action: "create cache directory",
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let conn = db::open(path, &CACHE_KIND, true)?;
        Ok(RefCache {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
        })
    }

    /// Open `refs.sqlite` in the default cache directory (`PLOTGRADE_CACHE`, XDG, `~/.cache`).
    pub fn open_default() -> Result<RefCache> {
        RefCache::open(&plotgrade_exec::config::cache_dir().join(REF_CACHE_FILE))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The key of a reference run: hex SHA-256 over the code and `versions`, each
    /// length-prefixed so no two different pairs hash the same input. `versions` must
    /// name everything besides the code that decides the outcome; build it with
    /// [`RefCache::versions`].
    pub fn key(code: &[u8], versions: &str) -> String {
        let mut h = Sha256::new();
        h.update(b"plotgrade-ref-v1\0");
        for part in [code, versions.as_bytes()] {
            h.update((part.len() as u64).to_be_bytes());
            h.update(part);
        }
        hex(&h.finalize())
    }

    /// The `versions` text of [`RefCache::key`]: everything besides the code that decides
    /// an outcome. `worker` is what the pool's workers report (plotgrade's version, the
    /// shim's digest, Python, matplotlib, numpy, FreeType, the PNG encoder); `limits` the
    /// job limits (a reference that timed out under 3 s may draw under 10 s). Jobs are
    /// assumed to run with the default seed; a caller that changes it adds it here.
    pub fn versions(worker: &serde_json::Value, limits: &Limits) -> String {
        // serde_json keeps object keys sorted, so equal versions give equal text.
        format!(
            "{worker}; timeout {}ms; memory {}MiB; file {}MiB; output {}",
            limits.timeout.as_millis(),
            limits.memory_mb,
            limits.file_size_mb,
            limits.output_cap
        )
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// How many reference runs are cached.
    pub fn len(&self) -> Result<usize> {
        let n: i64 = self
            .conn()
            .query_row("SELECT count(*) FROM refs", [], |r| r.get(0))
            .map_err(sql(&self.path))?;
        Ok(n as usize)
    }

    /// Whether no reference run is cached.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// Whether a run is cached under `key`, without reading it.
    pub fn contains(&self, key: &str) -> Result<bool> {
        let conn = self.conn();
        conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM refs WHERE key = ?1)",
            [key],
            |r| r.get(0),
        )
        .map_err(sql(&self.path))
    }

    /// The cached run under `key`, if any.
    pub fn get(&self, key: &str) -> Result<Option<CachedRun>> {
        let err = sql(&self.path);
        let mut conn = self.conn();
        // One read transaction: the row and its PNGs come from the same snapshot even
        // while another process replaces them.
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Deferred)
            .map_err(&err)?;
        let row: Option<(String, String, i64)> = tx
            .query_row(
                "SELECT status, outcome, pngs FROM refs WHERE key = ?1",
                [key],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(&err)?;
        let Some((status, outcome, count)) = row else {
            return Ok(None);
        };
        let pngs: Vec<Vec<u8>> = {
            let mut stmt = tx
                .prepare_cached("SELECT png FROM ref_pngs WHERE key = ?1 ORDER BY idx")
                .map_err(&err)?;
            let rows = stmt.query_map([key], |r| r.get(0)).map_err(&err)?;
            rows.collect::<rusqlite::Result<_>>().map_err(&err)?
        };
        let status = serde_json::from_value::<Status>(serde_json::Value::String(status.clone()));
        match status {
            // A row whose PNGs went missing, or a status this version does not know, is a
            // miss: the reference runs again and the row is replaced.
            Ok(status) if pngs.len() as i64 == count => Ok(Some(CachedRun {
                status,
                outcome,
                pngs,
            })),
            _ => Ok(None),
        }
    }

    /// Store a run under `key`, replacing what was there.
    pub fn put(&self, key: &str, run: &CachedRun) -> Result<()> {
        let err = sql(&self.path);
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(&err)?;
        tx.execute(
            "INSERT OR REPLACE INTO refs (key, status, outcome, pngs, created) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![key, run.status.as_str(), run.outcome, run.pngs.len() as i64, now()],
        )
        .map_err(&err)?;
        tx.execute("DELETE FROM ref_pngs WHERE key = ?1", [key])
            .map_err(&err)?;
        {
            let mut stmt = tx
                .prepare_cached("INSERT INTO ref_pngs (key, idx, png) VALUES (?1, ?2, ?3)")
                .map_err(&err)?;
            for (idx, png) in run.pngs.iter().enumerate() {
                stmt.execute(params![key, idx as i64, png]).map_err(&err)?;
            }
        }
        tx.commit().map_err(&err)
    }

    /// The judge's cached response (JSON) under `key`, if any.
    pub fn judge_get(&self, key: &str) -> Result<Option<String>> {
        self.conn()
            .query_row("SELECT response FROM judge WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()
            .map_err(sql(&self.path))
    }

    /// Store a judge response with the tokens it cost, replacing what was there.
    pub fn judge_put(
        &self,
        key: &str,
        response_json: &str,
        tokens_in: u64,
        tokens_out: u64,
    ) -> Result<()> {
        let clamp = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        self.conn()
            .execute(
                "INSERT OR REPLACE INTO judge (key, response, tokens_in, tokens_out, created)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    key,
                    response_json,
                    clamp(tokens_in),
                    clamp(tokens_out),
                    now()
                ],
            )
            .map(drop)
            .map_err(sql(&self.path))
    }
}

/// Seconds since the epoch, for a later eviction policy (0 if the clock is before 1970).
fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_is_stable_and_separates_code_from_versions() {
        let k = RefCache::key(b"import matplotlib", "mpl 3.9");
        assert_eq!(k.len(), 64);
        assert_eq!(k, RefCache::key(b"import matplotlib", "mpl 3.9"));
        // Moving bytes between the two parts changes the key (length prefixes).
        assert_ne!(RefCache::key(b"ab", "c"), RefCache::key(b"a", "bc"));
        assert_ne!(k, RefCache::key(b"import matplotlib", "mpl 3.10"));
    }

    #[test]
    fn key_is_sha256_of_the_framed_input() {
        // Pinned (computed with Python's hashlib) so that a change of framing, which
        // orphans every cached entry, is deliberate.
        assert_eq!(
            RefCache::key(b"plt.plot([1, 2])", "matplotlib 3.9"),
            "8fd47e90e61775de1afc56715ef697ce54e2c6e9e112691658c9bdd10b6d34e6"
        );
    }

    #[test]
    fn versions_include_the_limits() {
        let limits = Limits::default();
        let short = Limits {
            timeout: std::time::Duration::from_secs(3),
            ..limits
        };
        assert_ne!(
            RefCache::versions(&serde_json::json!({"plotgrade": "0.1.0"}), &limits),
            RefCache::versions(&serde_json::json!({"plotgrade": "0.1.0"}), &short)
        );
    }

    #[test]
    fn judge_cache_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let cache = RefCache::open(&dir.path().join("nested/refs.sqlite")).unwrap();
        assert_eq!(cache.judge_get("k").unwrap(), None);
        cache.judge_put("k", r#"{"score": 7}"#, 1200, 80).unwrap();
        cache
            .judge_put("k", r#"{"score": 8}"#, u64::MAX, 0)
            .unwrap();
        assert_eq!(
            cache.judge_get("k").unwrap().as_deref(),
            Some(r#"{"score": 8}"#)
        );
    }
}
