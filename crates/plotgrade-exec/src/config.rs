//! Where the executor finds its Python: the venv's site-packages, the shim, the caches.
//!
//! Resolved once in the parent (no I/O beyond checking that paths exist) and handed to
//! each worker through its environment, so a worker never guesses.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::Limits;

/// The interpreter pyo3 was built against (`PYO3_PYTHON`, set in `.cargo/config.toml`).
const BUILD_PYTHON: Option<&str> = option_env!("PLOTGRADE_BUILD_PYTHON");

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error(
        "no Python venv with site-packages at {0}: run `scripts/setup`, or set PLOTGRADE_VENV to a venv made with the same Python plotgrade was built against"
    )]
    NoVenv(PathBuf),
    #[error(
        "cannot tell where the project venv is: plotgrade was built without PYO3_PYTHON; set PLOTGRADE_VENV"
    )]
    UnknownVenv,
    #[error("PLOTGRADE_SHIM_DIR={0} does not contain plotgrade_shim/__init__.py")]
    BadShimDir(PathBuf),
    #[error("cannot find the plotgrade executable to start workers: {0}")]
    NoExe(std::io::Error),
    #[error("--timeout must be between 0 and 3600 seconds, got {0}")]
    Timeout(f64),
    #[error("--memory must be at least 64 MiB, got {0}")]
    Memory(u64),
}

/// Everything needed to start workers.
#[derive(Debug, Clone)]
pub struct ExecConfig {
    /// Number of worker processes.
    pub jobs: usize,
    pub limits: Limits,
    /// The venv's site-packages, added with `site.addsitedir` in each worker.
    pub site_packages: PathBuf,
    /// A checkout's `python_shim/` to use instead of the copy embedded in the binary.
    pub shim_dir: Option<PathBuf>,
    /// matplotlib's config and font cache (MPLCONFIGDIR).
    pub mpl_config_dir: PathBuf,
    /// The program started as each slot's template, and its arguments: this binary with
    /// `__worker`, or (from the Python package) the environment's interpreter running the
    /// same worker loop through the extension module.
    pub worker_exe: PathBuf,
    pub worker_args: Vec<std::ffi::OsString>,
    /// Where templates make their job mount points (`plotgrade-jobs-<pid>`).
    pub tmp_dir: PathBuf,
    /// The base installation of the venv's Python (`home` in its `pyvenv.cfg`, up one),
    /// given to templates as PYTHONHOME: without it the embedded interpreter guesses its
    /// prefix from `PATH`, and a machine's other `python3` would win.
    pub python_home: Option<PathBuf>,
    /// Copy the memory a spare child shares with its template before its job arrives
    /// (`PLOTGRADE_PREWARM=1`; off by default). It made `--jobs 1` slower, not faster
    /// (bench, 2026-11-25, quiet: 16.2 against 18.2 figures/s without it): the copy costs
    /// more CPU than the page faults it saves, and since a job's reader draws while the
    /// next job runs, no core is left idle for it.
    pub prewarm: bool,
}

/// `PLOTGRADE_PREWARM=1` asks for [`ExecConfig::prewarm`].
fn prewarm_from_env() -> bool {
    std::env::var("PLOTGRADE_PREWARM").as_deref() == Ok("1")
}

impl ExecConfig {
    /// Resolve from the environment: `PLOTGRADE_VENV`, `PLOTGRADE_SHIM_DIR`,
    /// `PLOTGRADE_CACHE`, `PLOTGRADE_WORKER_EXE`. Inside the Python package (see
    /// [`use_interpreter`]) and without `PLOTGRADE_VENV`, workers run in that interpreter.
    pub fn from_env(jobs: usize, limits: Limits) -> Result<ExecConfig, ConfigError> {
        if std::env::var_os("PLOTGRADE_VENV").is_none()
            && let Some(i) = INTERPRETER.get()
        {
            return Ok(ExecConfig::for_interpreter(
                jobs,
                limits,
                i.python.clone(),
                i.site_packages.clone(),
                &i.worker_code,
            ));
        }
        let venv = match std::env::var_os("PLOTGRADE_VENV") {
            Some(v) => PathBuf::from(v),
            None => {
                let python = BUILD_PYTHON.ok_or(ConfigError::UnknownVenv)?;
                // .../venv/bin/python → .../venv
                Path::new(python)
                    .parent()
                    .and_then(Path::parent)
                    .ok_or(ConfigError::UnknownVenv)?
                    .to_path_buf()
            }
        };
        let site_packages =
            find_site_packages(&venv).ok_or_else(|| ConfigError::NoVenv(venv.clone()))?;
        let shim_dir = match std::env::var_os("PLOTGRADE_SHIM_DIR") {
            Some(d) => {
                let d = PathBuf::from(d);
                if !d.join("plotgrade_shim/__init__.py").is_file() {
                    return Err(ConfigError::BadShimDir(d));
                }
                Some(d)
            }
            None => None,
        };
        let worker_exe = match std::env::var_os("PLOTGRADE_WORKER_EXE") {
            Some(p) => PathBuf::from(p),
            None => std::env::current_exe().map_err(ConfigError::NoExe)?,
        };
        Ok(ExecConfig {
            jobs: jobs.max(1),
            limits,
            site_packages,
            shim_dir,
            mpl_config_dir: cache_dir().join("matplotlib"),
            worker_exe,
            worker_args: vec!["__worker".into()],
            tmp_dir: std::env::temp_dir(),
            python_home: python_home(&venv),
            prewarm: prewarm_from_env(),
        })
    }

    /// Workers in a running interpreter's own environment (the Python package): each
    /// template is `python -I -c "<worker_code>"`, which must call the extension's worker
    /// loop. `site_packages` is that environment's; no PYTHONHOME is set, because the
    /// interpreter finds its own prefix.
    pub fn for_interpreter(
        jobs: usize,
        limits: Limits,
        python: PathBuf,
        site_packages: PathBuf,
        worker_code: &str,
    ) -> ExecConfig {
        ExecConfig {
            jobs: jobs.max(1),
            limits,
            site_packages,
            shim_dir: None,
            mpl_config_dir: cache_dir().join("matplotlib"),
            worker_exe: python,
            worker_args: vec!["-I".into(), "-c".into(), worker_code.into()],
            tmp_dir: std::env::temp_dir(),
            python_home: None,
            prewarm: prewarm_from_env(),
        }
    }
}

impl ExecConfig {
    /// Whether spares are warmed ahead ([`ExecConfig::prewarm`]).
    pub fn prewarm(&self) -> bool {
        self.prewarm
    }

    /// The installed version of a package in the venv, read from its `.dist-info`
    /// directory name (no Python needed): `package_version("matplotlib")` → `3.10.9`.
    pub fn package_version(&self, package: &str) -> Option<String> {
        let prefix = format!("{package}-");
        let mut found: Vec<String> = std::fs::read_dir(&self.site_packages)
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter_map(|n| {
                n.strip_prefix(&prefix)
                    .and_then(|rest| rest.strip_suffix(".dist-info"))
                    .map(str::to_string)
            })
            .collect();
        found.sort();
        found.pop()
    }

    /// The venv's own `python` executable (for baselines that run Python directly).
    pub fn python(&self) -> PathBuf {
        if self.worker_args.first().is_some_and(|a| a == "-I") {
            return self.worker_exe.clone();
        }
        // .../venv/lib/python3.X/site-packages → .../venv/bin/python
        self.site_packages
            .ancestors()
            .nth(3)
            .map_or_else(|| PathBuf::from("python3"), |venv| venv.join("bin/python"))
    }
}

/// The interpreter this process runs in, when it is the Python package's host.
#[derive(Debug, Clone)]
pub struct Interpreter {
    /// `sys.executable`.
    pub python: PathBuf,
    /// The environment's site-packages (`sysconfig.get_path("purelib")`).
    pub site_packages: PathBuf,
    /// Python source that enters the worker loop (`python -I -c <code>`).
    pub worker_code: String,
}

static INTERPRETER: std::sync::OnceLock<Interpreter> = std::sync::OnceLock::new();

/// Called once by the extension module at import: from then on [`ExecConfig::from_env`]
/// starts workers with this interpreter, so they grade with its environment's matplotlib.
/// A second call is ignored (one process hosts one interpreter).
pub fn use_interpreter(interpreter: Interpreter) {
    let _ = INTERPRETER.set(interpreter);
}

/// `PLOTGRADE_CACHE`, else `$XDG_CACHE_HOME/plotgrade`, else `~/.cache/plotgrade`. An
/// empty variable counts as unset (it would otherwise put the cache in the working
/// directory).
pub fn cache_dir() -> PathBuf {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(d) = set("PLOTGRADE_CACHE") {
        return PathBuf::from(d);
    }
    if let Some(d) = set("XDG_CACHE_HOME") {
        return PathBuf::from(d).join("plotgrade");
    }
    match std::env::var_os("HOME") {
        Some(h) => PathBuf::from(h).join(".cache/plotgrade"),
        None => std::env::temp_dir().join("plotgrade-cache"),
    }
}

/// `home = /…/bin` in `<venv>/pyvenv.cfg` → `/…`.
fn python_home(venv: &Path) -> Option<PathBuf> {
    let cfg = std::fs::read_to_string(venv.join("pyvenv.cfg")).ok()?;
    let home = cfg.lines().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == "home").then(|| PathBuf::from(v.trim()))
    })?;
    let base = if home.ends_with("bin") {
        home.parent()?.to_path_buf()
    } else {
        home
    };
    base.join("lib").is_dir().then_some(base)
}

fn find_site_packages(venv: &Path) -> Option<PathBuf> {
    let lib = venv.join("lib");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&lib)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("site-packages"))
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found.pop()
}

/// Default number of workers: the machine's cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
