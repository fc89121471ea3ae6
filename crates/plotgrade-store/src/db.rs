//! Opening plotgrade's SQLite files: pragmas, the `meta` table that says what a file is,
//! and the schema version check. Shared by the run store and the cache.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};

use super::error::{Result, StoreError};

/// How long a statement waits for another connection's lock before failing. Writers hold
/// locks for one short transaction, so only a stalled process makes anyone wait this long.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

/// One kind of plotgrade SQLite file.
pub(crate) struct FileKind {
    /// Stored under `meta.format`; tells plotgrade's files apart from each other and from
    /// any other SQLite database.
    pub format: &'static str,
    /// For messages: "run store", "cache".
    pub what: &'static str,
    /// The schema this plotgrade writes (and the newest it reads).
    pub version: i64,
    /// `CREATE TABLE` statements of that version, run once on a new file.
    pub schema: &'static str,
    /// `migrations[i]` upgrades a file from schema version `i + 1` to `i + 2`; so
    /// `version == migrations.len() + 1`.
    pub migrations: &'static [&'static str],
}

/// Open (or with `create`, create) a plotgrade SQLite file of `kind`, check what it is, and
/// set the pragmas every connection uses: WAL (readers never block the writer, a killed
/// writer loses only its open transaction), `synchronous=NORMAL` (durable against a
/// process crash; an OS crash may lose the last commits, never corrupt the file) and a busy
/// timeout (several processes share the cache).
pub(crate) fn open(path: &Path, kind: &FileKind, create: bool) -> Result<Connection> {
    let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    if create {
        flags |= OpenFlags::SQLITE_OPEN_CREATE;
    }
    let mut conn = Connection::open_with_flags(path, flags).map_err(|source| StoreError::Open {
        what: kind.what,
        path: path.to_path_buf(),
        source,
    })?;
    let err = |source| classify(path, kind, source);
    conn.busy_timeout(BUSY_TIMEOUT).map_err(err)?;
    // The first statement that reads the file: a file that is not SQLite fails here.
    conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0))
        .map_err(err)?;
    conn.pragma_update(None, "synchronous", "NORMAL")
        .map_err(err)?;

    if !has_tables(&conn).map_err(err)? {
        if !create {
            return Err(not_a_store(path, kind, "an empty database"));
        }
        // IMMEDIATE: two processes creating the same cache at once serialise here, and the
        // second finds the first one's tables below.
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(err)?;
        if !has_tables(&tx).map_err(err)? {
            tx.execute_batch(META_SCHEMA).map_err(err)?;
            tx.execute_batch(kind.schema).map_err(err)?;
            tx.execute(
                "INSERT INTO meta (key, value) VALUES ('format', ?1), ('schema_version', ?2)",
                (kind.format, kind.version.to_string()),
            )
            .map_err(err)?;
        }
        tx.commit().map_err(err)?;
    }
    if check_kind(&conn, path, kind)? < kind.version {
        migrate(&mut conn, path, kind)?;
    }
    Ok(conn)
}

/// Bring an older file up to `kind.version`, in one transaction (a process that finds the
/// file migrated by another meanwhile does nothing).
fn migrate(conn: &mut Connection, path: &Path, kind: &FileKind) -> Result<()> {
    let err = |source| classify(path, kind, source);
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(err)?;
    let from = check_kind(&tx, path, kind)?;
    for step in &kind.migrations[(from - 1) as usize..] {
        tx.execute_batch(step).map_err(err)?;
    }
    tx.execute(
        "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
        [kind.version.to_string()],
    )
    .map_err(err)?;
    tx.commit().map_err(err)
}

const META_SCHEMA: &str = "
CREATE TABLE meta (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;
";

fn has_tables(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table')",
        [],
        |r| r.get(0),
    )
}

/// The file is plotgrade's, of this kind, and of a schema this plotgrade reads; returns
/// its schema version.
fn check_kind(conn: &Connection, path: &Path, kind: &FileKind) -> Result<i64> {
    let err = |source| classify(path, kind, source);
    let has_meta: bool = conn
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta')",
            [],
            |r| r.get(0),
        )
        .map_err(err)?;
    if !has_meta {
        return Err(not_a_store(
            path,
            kind,
            "an SQLite database without plotgrade's meta table",
        ));
    }
    let get = |key: &str| -> Result<Option<String>> {
        conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map_err(err)
    };
    match get("format")? {
        Some(f) if f == kind.format => {}
        Some(f) => return Err(not_a_store(path, kind, &format!("its format is `{f}`"))),
        None => {
            return Err(not_a_store(
                path,
                kind,
                "no format recorded in its meta table",
            ));
        }
    }
    let version = get("schema_version")?;
    match version.as_deref().map(str::parse::<i64>) {
        Some(Ok(v)) if v > kind.version => Err(StoreError::NewerSchema {
            what: kind.what,
            path: path.to_path_buf(),
            found: v,
            supported: kind.version,
        }),
        Some(Ok(v)) if v >= 1 => Ok(v),
        _ => Err(not_a_store(
            path,
            kind,
            &format!("its schema_version is {version:?}"),
        )),
    }
}

fn not_a_store(path: &Path, kind: &FileKind, found: &str) -> StoreError {
    StoreError::NotAStore {
        what: kind.what,
        path: path.to_path_buf(),
        found: found.to_string(),
    }
}

/// SQLite's "not a database" becomes [`StoreError::NotAStore`]; anything else stays an
/// SQLite error on the file.
fn classify(path: &Path, kind: &FileKind, source: rusqlite::Error) -> StoreError {
    match source.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => not_a_store(path, kind, "not an SQLite database"),
        _ => StoreError::Sqlite {
            path: path.to_path_buf(),
            source,
        },
    }
}

/// Map an SQLite error on `path` (the closure form used with `map_err`).
pub(crate) fn sql(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |source| StoreError::Sqlite {
        path: path.to_path_buf(),
        source,
    }
}
