//! What can go wrong in regression mode: bad paths, a baseline that cannot be read or
//! written, names that are not pending. Each message quotes the input and says the fix.

use std::path::PathBuf;

/// An error of the regression commands (not of a script: a script's failure is an outcome).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: no such file, directory or glob match (give .py files, folders or globs)")]
    NoSuchPath { path: PathBuf },
    #[error("bad glob {pattern:?}: {message}")]
    BadGlob { pattern: String, message: String },
    #[error("no Python scripts found in {paths}")]
    NoScripts { paths: String },
    #[error(
        "{path} is outside the baseline's script root {root} (recorded in the manifest); \
         check scripts under that root, or snapshot into another --baseline"
    )]
    OutsideRoot { path: PathBuf, root: PathBuf },
    #[error("{path}: no manifest.json (run `plotgrade snapshot … --baseline {dir}` first)", dir = .path.parent().map(|p| p.display().to_string()).unwrap_or_default())]
    NoManifest { path: PathBuf },
    #[error("{path}: not a plotgrade manifest: {message}")]
    BadManifest { path: PathBuf, message: String },
    #[error("{path}: manifest format {found} is newer than this plotgrade reads ({supported})")]
    ManifestFormat {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("{path}: a pending result that cannot be read: {message} (delete it and check again)")]
    BadPending { path: PathBuf, message: String },
    #[error("not pending in {dir}: {names} (pending: {pending})")]
    NotPending {
        dir: PathBuf,
        names: String,
        pending: String,
    },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Image(#[from] plotgrade_image::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Attach a path to an I/O error.
pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
    let path = path.into();
    move |source| Error::Io { path, source }
}
