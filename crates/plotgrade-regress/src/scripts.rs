//! Which scripts a command covers, and the stable names their figures are stored under.
//!
//! Arguments are files, folders (every `*.py` below, recursively, sorted) or globs. A
//! script's name is its path relative to the *script root* with `/` separators and no
//! `.py` (`lines/simple_plot`); figure N of it is `lines/simple_plot-N`. The root is the
//! common folder of the arguments when a baseline is first written, and is then kept in
//! the manifest (relative to the baseline folder), so that checking a subset of the
//! scripts, or from another working directory, gives the same names.

use std::path::{Component, Path, PathBuf};

use super::error::{Error, Result, io};

/// One script to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    /// Path relative to the root, `/`-separated, without `.py`.
    pub name: String,
    /// The file itself (canonical).
    pub path: PathBuf,
}

impl Script {
    /// The stored name of the script's figure `index` (1-based).
    pub fn figure_name(&self, index: usize) -> String {
        figure_name(&self.name, index)
    }
}

/// The stored name of figure `index` (1-based) of the script named `script`.
pub fn figure_name(script: &str, index: usize) -> String {
    format!("{script}-{index}")
}

/// The scripts an invocation covers.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// Canonical script root: names are relative to it.
    pub root: PathBuf,
    /// Sorted by name, each once.
    pub scripts: Vec<Script>,
    /// What the arguments cover, as names relative to the root: a folder covers every name
    /// under it (`Some(prefix)`, `""` for the root itself); files and glob matches cover
    /// exactly their scripts. A baseline script that is covered but was not found has
    /// been removed; one that is not covered was simply not asked about.
    pub folders: Vec<String>,
}

impl Corpus {
    /// Whether a baseline script named `name` lies under one of the folder arguments.
    pub fn covers(&self, name: &str) -> bool {
        self.folders
            .iter()
            .any(|f| f.is_empty() || name.starts_with(&format!("{f}/")))
            || self.scripts.iter().any(|s| s.name == name)
    }
}

/// Collects the scripts named by `args`; names are relative to `root` when given (the
/// manifest's), else to the common folder of the arguments.
pub fn collect(args: &[PathBuf], root: Option<&Path>) -> Result<Corpus> {
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for arg in args {
        if arg.exists() {
            add(arg, &mut files, &mut folders)?;
            continue;
        }
        let pattern = arg.to_string_lossy();
        if !pattern.contains(['*', '?', '[']) {
            return Err(Error::NoSuchPath { path: arg.clone() });
        }
        let matches = glob::glob(&pattern).map_err(|e| Error::BadGlob {
            pattern: pattern.to_string(),
            message: e.to_string(),
        })?;
        let mut any = false;
        for m in matches {
            let m = m.map_err(|e| Error::BadGlob {
                pattern: pattern.to_string(),
                message: e.to_string(),
            })?;
            if m.is_dir() || is_script(&m) {
                add(&m, &mut files, &mut folders)?;
                any = true;
            }
        }
        if !any {
            return Err(Error::NoSuchPath { path: arg.clone() });
        }
    }
    if files.is_empty() {
        return Err(Error::NoScripts {
            paths: args
                .iter()
                .map(|a| a.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let root = match root {
        Some(r) => r.canonicalize().map_err(io(r))?,
        None => common_folder(
            files
                .iter()
                .filter_map(|f: &PathBuf| f.parent())
                .chain(folders.iter().map(PathBuf::as_path)),
        ),
    };
    let name_of = |path: &Path| -> Result<String> {
        let rel = path.strip_prefix(&root).map_err(|_| Error::OutsideRoot {
            path: path.to_path_buf(),
            root: root.clone(),
        })?;
        Ok(slash(rel))
    };
    let mut scripts = files
        .iter()
        .map(|path| {
            let name = name_of(path)?;
            let name = name.strip_suffix(".py").unwrap_or(&name).to_string();
            Ok(Script {
                name,
                path: path.clone(),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    scripts.sort_by(|a, b| a.name.cmp(&b.name));
    scripts.dedup_by(|a, b| a.name == b.name);
    let mut folder_names = folders
        .iter()
        .map(|f| name_of(f))
        .collect::<Result<Vec<_>>>()?;
    folder_names.sort();
    folder_names.dedup();
    Ok(Corpus {
        root,
        scripts,
        folders: folder_names,
    })
}

fn is_script(path: &Path) -> bool {
    path.is_file() && path.extension().is_some_and(|e| e == "py")
}

/// Adds a file, or every script below a folder (canonical paths).
fn add(path: &Path, files: &mut Vec<PathBuf>, folders: &mut Vec<PathBuf>) -> Result<()> {
    let canonical = path.canonicalize().map_err(io(path))?;
    if canonical.is_dir() {
        walk(&canonical, files)?;
        folders.push(canonical);
    } else {
        files.push(canonical);
    }
    Ok(())
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let mut entries = std::fs::read_dir(dir)
        .map_err(io(dir))?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<Vec<_>>>()
        .map_err(io(dir))?;
    entries.sort();
    for p in entries {
        let hidden = p
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.') || n == "__pycache__");
        if hidden {
            continue;
        }
        if p.is_dir() {
            walk(&p, files)?;
        } else if is_script(&p) {
            files.push(p);
        }
    }
    Ok(())
}

/// The deepest folder containing every path (all canonical, so absolute).
fn common_folder<'a>(paths: impl Iterator<Item = &'a Path>) -> PathBuf {
    let mut common: Option<PathBuf> = None;
    for p in paths {
        common = Some(match common {
            None => p.to_path_buf(),
            Some(c) => c
                .components()
                .zip(p.components())
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| a)
                .collect(),
        });
    }
    common.unwrap_or_else(|| PathBuf::from("/"))
}

/// A relative path as `a/b/c`.
pub(crate) fn slash(rel: &Path) -> String {
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The path that leads from folder `from` to `to` (both canonical), e.g. `../scripts`.
pub(crate) fn relative(from: &Path, to: &Path) -> PathBuf {
    let (f, t): (Vec<Component>, Vec<Component>) =
        (from.components().collect(), to.components().collect());
    let shared = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in shared..f.len() {
        out.push("..");
    }
    for c in &t[shared..] {
        out.push(c.as_os_str());
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_between_folders() {
        let r = |a: &str, b: &str| slash(&relative(Path::new(a), Path::new(b)));
        assert_eq!(r("/a/b/base", "/a/b/scripts"), "../scripts");
        assert_eq!(r("/a/b", "/a/b"), ".");
        assert_eq!(r("/a/b", "/a/b/c"), "c");
        assert_eq!(r("/x/y/z", "/a"), "../../../a");
    }

    #[test]
    fn common_folder_of_siblings_and_nested() {
        let c = |ps: &[&str]| common_folder(ps.iter().map(Path::new));
        assert_eq!(c(&["/a/b/c", "/a/b/d/e"]), PathBuf::from("/a/b"));
        assert_eq!(c(&["/a/b"]), PathBuf::from("/a/b"));
        assert_eq!(c(&["/a", "/b"]), PathBuf::from("/"));
    }

    #[test]
    fn figure_names_end_in_their_index() {
        assert_eq!(figure_name("lines/simple_plot", 2), "lines/simple_plot-2");
    }
}
