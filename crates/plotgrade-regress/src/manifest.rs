//! The baseline folder's records: `manifest.json` (what the baseline is) and the pending
//! results `SCRIPT.new.json` that `check` leaves for `accept`/`reject`.
//!
//! Both are written deterministically (sorted maps, pretty JSON, no times), so a baseline
//! taken twice on the same versions is byte-identical whatever `--jobs` was.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::error::{Error, Result, io};
use plotgrade_exec::{Outcome, Status};

/// The manifest's file name inside the baseline folder.
pub const MANIFEST: &str = "manifest.json";
/// Format of manifest and pending files; bumped on incompatible changes.
pub const FORMAT: u32 = 1;

/// Library and interpreter versions a baseline was rendered with (`matplotlib`, `numpy`,
/// `freetype`, `python`, `plotgrade`).
pub type Versions = BTreeMap<String, String>;

/// The versions the workers report, plus plotgrade's own.
pub fn versions(worker: &serde_json::Value) -> Versions {
    let mut v: Versions = worker
        .as_object()
        .map(|o| {
            o.iter()
                .map(|(k, v)| (k.clone(), v.as_str().map_or(v.to_string(), str::to_string)))
                .collect()
        })
        .unwrap_or_default();
    v.insert("plotgrade".into(), env!("CARGO_PKG_VERSION").into());
    v
}

/// `name old → new` for every version that differs (a key missing on one side counts).
pub fn version_changes(baseline: &Versions, now: &Versions) -> Vec<String> {
    let keys: std::collections::BTreeSet<&String> = baseline.keys().chain(now.keys()).collect();
    keys.into_iter()
        .filter_map(|k| {
            let (a, b) = (baseline.get(k), now.get(k));
            (a != b).then(|| {
                format!(
                    "{k} {} → {}",
                    a.map_or("(none)", String::as_str),
                    b.map_or("(none)", String::as_str)
                )
            })
        })
        .collect()
}

/// What a baseline folder holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    /// The script root, relative to the baseline folder (names are relative to it).
    pub root: String,
    pub versions: Versions,
    /// By script name.
    pub scripts: BTreeMap<String, ScriptRecord>,
}

/// One script as recorded: how it ended and the figures it drew.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScriptRecord {
    /// The file, relative to the script root.
    pub path: String,
    pub status: Status,
    /// Why it did not run (`Outcome::summary`), when it did not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub figures: Vec<FigureRecord>,
}

/// One stored figure: `NAME.png` and `NAME.scene.json` in the baseline folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureRecord {
    pub name: String,
    /// SHA-256 of the PNG bytes (lowercase hex).
    pub sha256: String,
    pub size_px: [u32; 2],
}

impl ScriptRecord {
    /// The record of a script's outcome; figure `i` is named `figure_name(i + 1)`.
    pub fn of(path: &str, outcome: &Outcome, figure_name: impl Fn(usize) -> String) -> Self {
        let ok = outcome.status == Status::Ok;
        ScriptRecord {
            path: path.to_string(),
            status: outcome.status,
            error: (!ok).then(|| outcome.summary()),
            figures: if ok {
                outcome
                    .pngs
                    .iter()
                    .enumerate()
                    .map(|(i, png)| FigureRecord {
                        name: figure_name(i + 1),
                        sha256: sha256(png),
                        size_px: outcome.scene.figures.get(i).map_or([0, 0], |f| f.size_px),
                    })
                    .collect()
            } else {
                Vec::new()
            },
        }
    }
}

/// Lowercase hex SHA-256.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Manifest {
    pub fn new(root: String, versions: Versions) -> Self {
        Manifest {
            format: FORMAT,
            root,
            versions,
            scripts: BTreeMap::new(),
        }
    }

    pub fn path(dir: &Path) -> PathBuf {
        dir.join(MANIFEST)
    }

    /// The manifest of `dir`, or `None` when there is none yet.
    pub fn load(dir: &Path) -> Result<Option<Manifest>> {
        let path = Self::path(dir);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(&path)(e)),
        };
        let m: Manifest = serde_json::from_str(&text).map_err(|e| Error::BadManifest {
            path: path.clone(),
            message: e.to_string(),
        })?;
        if m.format > FORMAT {
            return Err(Error::ManifestFormat {
                path,
                found: m.format,
                supported: FORMAT,
            });
        }
        Ok(Some(m))
    }

    /// Like [`Manifest::load`], but a missing manifest is an error.
    pub fn load_required(dir: &Path) -> Result<Manifest> {
        Self::load(dir)?.ok_or_else(|| Error::NoManifest {
            path: Self::path(dir),
        })
    }

    pub fn save(&self, dir: &Path) -> Result<()> {
        write_json(&Self::path(dir), self)
    }

    /// The canonical script root, resolved from the baseline folder.
    pub fn root_in(&self, dir: &Path) -> Result<PathBuf> {
        let root = dir.join(&self.root);
        root.canonicalize().map_err(io(root))
    }

    /// The script that drew the figure named `figure`, if any.
    pub fn script_of_figure(&self, figure: &str) -> Option<&str> {
        self.scripts
            .iter()
            .find(|(_, r)| r.figures.iter().any(|f| f.name == figure))
            .map(|(name, _)| name.as_str())
    }
}

/// A script's result that differs from its baseline, waiting for `accept` or `reject`:
/// `SCRIPT.new.json`, beside the `FIGURE.new.png` / `.new.scene.json` of its changed figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub format: u32,
    pub script: String,
    /// What the manifest entry becomes on accept (`None`: the script is removed): figures
    /// that passed keep their baseline record; changed and new ones have the hash of their
    /// `.new.png`.
    pub record: Option<ScriptRecord>,
    /// Figures whose `.new` files hold the new render.
    pub changed: Vec<String>,
    /// Versions the result was rendered with.
    pub versions: Versions,
}

impl Pending {
    pub fn path(dir: &Path, script: &str) -> PathBuf {
        dir.join(format!("{script}.new.json"))
    }

    pub fn save(&self, dir: &Path) -> Result<()> {
        write_json(&Self::path(dir, &self.script), self)
    }

    pub fn load(path: &Path) -> Result<Pending> {
        let text = std::fs::read_to_string(path).map_err(io(path))?;
        serde_json::from_str(&text).map_err(|e| Error::BadPending {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    }

    /// Every pending result under `dir`, sorted by script name.
    pub fn list(dir: &Path) -> Result<Vec<Pending>> {
        let mut found = Vec::new();
        find_pending(dir, &mut found)?;
        found.sort();
        let mut out = found
            .iter()
            .map(|p| Pending::load(p))
            .collect::<Result<Vec<_>>>()?;
        out.sort_by(|a, b| a.script.cmp(&b.script));
        Ok(out)
    }
}

fn find_pending(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let p = entry.map_err(io(dir))?.path();
        if p.is_dir() {
            find_pending(&p, out)?;
        } else if p.to_string_lossy().ends_with(".new.json") {
            out.push(p);
        }
    }
    Ok(())
}

/// Pretty JSON with a final newline, written to a temporary file and renamed into place
/// (a reader never sees half a manifest).
pub(crate) fn write_json(path: &Path, value: &impl Serialize) -> Result<()> {
    let text = serde_json::to_string_pretty(value).expect("records serialise") + "\n";
    write_atomic(path, text.as_bytes())
}

pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io(parent))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp~");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(io(&tmp))?;
    std::fs::rename(&tmp, path).map_err(io(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_changes_name_each_difference() {
        let a: Versions = [("matplotlib", "3.10.9"), ("numpy", "2.2.6")]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into();
        let mut b = a.clone();
        b.insert("matplotlib".into(), "3.11.0".into());
        b.insert("freetype".into(), "2.6.1".into());
        assert_eq!(
            version_changes(&a, &b),
            ["freetype (none) → 2.6.1", "matplotlib 3.10.9 → 3.11.0"]
        );
        assert!(version_changes(&a, &a).is_empty());
    }

    #[test]
    fn sha256_is_lowercase_hex() {
        assert_eq!(
            sha256(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
