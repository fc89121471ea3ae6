//! Where grading results live: the run store of one run directory, the cache shared by
//! all runs, and the joining of shards.
//!
//! - [`RunStore`]: `RUN_DIR/run.sqlite`, one row per graded submission (code, multiple
//!   choice, rejected line), committed as each one finishes; running the same command
//!   again resumes from it.
//! - [`RefCache`]: `refs.sqlite` in the cache directory, reference runs keyed by a hash of
//!   their code and environment, and judge responses.
//! - [`merge`] and [`Shard`]: `--shard i/n` splits a run by task id, `merge` joins the
//!   shards' stores and artifacts.
//! - `bound`: what one stored record may hold ([`MAX_RECORD_BYTES`] and the caps of its
//!   texts and lists), applied as each record enters the run store.
//!
//! The layout of both files, and how resume and merge behave, is in `docs/run-store.md`.

mod bound;
mod cache;
mod db;
mod error;
mod merge;
mod meta;
mod run;
mod shard;

use std::io::Read;
use std::path::Path;

use sha2::{Digest, Sha256};

pub use bound::{MAX_CODE_BYTES, MAX_LIST_ENTRIES, MAX_RECORD_BYTES, MAX_TEXT_BYTES};
pub use cache::{CachedRun, REF_CACHE_FILE, RefCache};
pub use error::{MetaDifference, Result, StoreError};
pub use merge::{MergeReport, merge};
pub use meta::RunMeta;
pub use run::{LOCK_FILE, RUN_FILE, ResultChunks, RunStore};
pub use shard::{Shard, ShardError, shard_of};

/// Hex SHA-256 of a file, read in chunks (for [`RunMeta::tasks_sha256`] and
/// [`RunMeta::submissions_sha256`]).
pub fn sha256_file(path: &Path) -> Result<String> {
    let io = |source| StoreError::Io {
        action: "read",
        path: path.to_path_buf(),
        source,
    };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf).map_err(io)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(cache::hex(&hasher.finalize()))
}
