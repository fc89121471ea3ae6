//! Regression tests for plotting code: record what scripts draw as a baseline, then check
//! later runs against it, as pytest-mpl or matplotlib's `image_comparison` do, but saying
//! *what* changed ("bar 'Q3': height 5 → 7") instead of only "RMS 13.2".
//!
//! - [`collect`]: which scripts (files, folders, globs) and their stable names;
//! - [`snapshot`]: write `NAME.png`, `NAME.scene.json` and `manifest.json` (hashes,
//!   versions, per-script status) into the baseline folder;
//! - [`check()`]: compare new outcomes with the baseline by [`CheckMode`]; failures leave
//!   `NAME.new.png`, `NAME.new.scene.json`, `NAME.diff.png` and `SCRIPT.new.json` beside
//!   the baseline, which is never written;
//! - [`accept`] / [`reject`]: promote or delete pending results (`cargo insta review`'s
//!   convention, non-interactive);
//! - [`write_summary`]: `check-summary.json` and `check-report.html`.
//!
//! Nothing here runs code or prints: the CLI (`src/cli/regress.rs`) runs the scripts in
//! the executor and hands the outcomes in. Formats and rules: `docs/regression.md`.

mod baseline;
pub mod check;
mod error;
pub mod manifest;
mod scripts;
mod summary;

pub use baseline::{Reviewed, SnapshotReport, accept, reject, snapshot};
pub use check::{CheckMode, CheckReport, DEFAULT_TOLERANCE, Entry, Options, Verdict, check};
pub use error::{Error, Result};
pub use manifest::{MANIFEST, Manifest, Pending, Versions, version_changes, versions};
pub use scripts::{Corpus, Script, collect, figure_name};
pub use summary::{REPORT_HTML, SUMMARY_JSON, SummaryFormat, write_summary};
