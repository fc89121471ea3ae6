//! The one narrow boundary to the embedded interpreter (pyo3 is used nowhere else).
//!
//! Rust calls a few named things: [`initialize`] (start Python, import the shim, warm up)
//! in the template; [`ready`], [`install_guard`] and [`run_job`] in a job's child;
//! [`read_figures`] in a reader's child; and the fork hooks. Values cross as bytes and
//! JSON text.

use std::ffi::CString;
use std::path::Path;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

/// The shim, embedded so an installed binary does not depend on the checkout.
const SHIM: &[(&str, &str)] = &[
    (
        "plotgrade_shim",
        include_str!("../../../python_shim/plotgrade_shim/__init__.py"),
    ),
    (
        "plotgrade_shim.guard",
        include_str!("../../../python_shim/plotgrade_shim/guard.py"),
    ),
    (
        "plotgrade_shim.ink",
        include_str!("../../../python_shim/plotgrade_shim/ink.py"),
    ),
    (
        "plotgrade_shim.scene",
        include_str!("../../../python_shim/plotgrade_shim/scene.py"),
    ),
    (
        "plotgrade_shim.runner",
        include_str!("../../../python_shim/plotgrade_shim/runner.py"),
    ),
    (
        "plotgrade_shim.handover",
        include_str!("../../../python_shim/plotgrade_shim/handover.py"),
    ),
    (
        "plotgrade_shim.allowlist",
        include_str!("../../../python_shim/plotgrade_shim/allowlist.py"),
    ),
    (
        "plotgrade_shim._allowlist_data",
        include_str!("../../../python_shim/plotgrade_shim/_allowlist_data.py"),
    ),
];

/// The embedded shim's modules, `(name, source)`, and the loader that imports them
/// (run with `_sources` bound to them as a dict): the Python package imports the same
/// scene reader in-process (its pytest plugin reads the figures a test draws).
pub fn shim_sources() -> (&'static [(&'static str, &'static str)], &'static str) {
    (SHIM, LOADER)
}

/// A digest of the shim this process runs: the embedded sources, or the `.py` files of
/// `shim_dir` (a checkout's, during development). Caches and baselines key on it, so a
/// changed shim (a new scene reader) never reuses what an older one read.
pub fn shim_digest(shim_dir: Option<&Path>) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    match shim_dir {
        None => {
            for (name, src) in SHIM {
                h.update(name.as_bytes());
                h.update([0]);
                h.update(src.as_bytes());
                h.update([0]);
            }
        }
        Some(dir) => {
            let pkg = dir.join("plotgrade_shim");
            let mut files: Vec<_> = std::fs::read_dir(&pkg)
                .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
                .unwrap_or_default();
            files.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|e| e == "py"));
            files.sort();
            for f in files {
                h.update(f.file_name().unwrap_or_default().as_encoded_bytes());
                h.update([0]);
                h.update(std::fs::read(&f).unwrap_or_default());
                h.update([0]);
            }
        }
    }
    let d = h.finalize();
    d.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Imports the embedded shim through a meta-path finder (a dozen lines of Python).
const LOADER: &str = r#"
import importlib.abc, importlib.util, sys
class _EmbeddedShim(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, sources):
        self.sources = sources
    def find_spec(self, name, path=None, target=None):
        if name in self.sources:
            return importlib.util.spec_from_loader(name, self, is_package=(name == "plotgrade_shim"))
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        name = module.__spec__.name
        code = compile(self.sources[name], "<plotgrade_shim>/" + name.replace(".", "/") + ("/__init__.py" if name == "plotgrade_shim" else ".py"), "exec")
        exec(code, module.__dict__)
sys.meta_path.insert(0, _EmbeddedShim(_sources))
"#;

/// Start the interpreter, import the shim and warm up. Returns `prepare()`'s JSON.
pub fn initialize(site_packages: &Path, shim_dir: Option<&Path>) -> Result<String, String> {
    Python::initialize();
    Python::attach(|py| {
        let sys = py.import("sys").map_err(|e| describe(py, e))?;
        // The embedded interpreter ignores pyvenv.cfg: add the venv's packages first.
        py.import("site")
            .and_then(|site| {
                site.call_method1("addsitedir", (site_packages.to_string_lossy().as_ref(),))
            })
            .map_err(|e| describe(py, e))?;
        match shim_dir {
            Some(dir) => {
                let path = sys.getattr("path").map_err(|e| describe(py, e))?;
                let path = path.cast::<PyList>().map_err(|e| e.to_string())?;
                path.insert(0, dir.to_string_lossy().as_ref())
                    .map_err(|e| describe(py, e))?;
            }
            None => {
                let globals = PyDict::new(py);
                let sources = PyDict::new(py);
                for (name, src) in SHIM {
                    sources.set_item(name, src).map_err(|e| describe(py, e))?;
                }
                globals
                    .set_item("_sources", sources)
                    .map_err(|e| describe(py, e))?;
                let code = CString::new(LOADER).expect("loader has no NUL");
                py.run(&code, Some(&globals), None)
                    .map_err(|e| describe(py, e))?;
            }
        }
        let runner = py
            .import("plotgrade_shim.runner")
            .map_err(|e| describe(py, e))?;
        let out = runner
            .call_method0("prepare")
            .map_err(|e| describe(py, e))?;
        out.extract::<String>().map_err(|e: PyErr| describe(py, e))
    })
}

/// Warm a spare child in steps (see `runner.prefault`) until `stop()` says its job is
/// there, then clear the warm-up away.
pub fn prefault(mut stop: impl FnMut() -> bool) -> Result<(), String> {
    Python::attach(|py| {
        let runner = py
            .import("plotgrade_shim.runner")
            .map_err(|e| describe(py, e))?;
        let mut step = 0u32;
        while !stop() {
            let more = runner
                .call_method1("prefault", (step,))
                .and_then(|r| r.extract::<bool>())
                .map_err(|e| describe(py, e))?;
            if !more {
                break;
            }
            step += 1;
        }
        runner
            .call_method0("prefault_end")
            .map(|_| ())
            .map_err(|e| describe(py, e))
    })
}

/// Get a spare child ready for its input (`runner.ready`: working directory, pinned
/// settings) before the input arrives.
pub fn ready(workdir: Option<&Path>) -> Result<(), String> {
    Python::attach(|py| {
        let dir = workdir.map(|d| d.to_string_lossy().into_owned());
        py.import("plotgrade_shim.runner")
            .and_then(|r| r.call_method1("ready", (dir,)))
            .map(|_| ())
            .map_err(|e| describe(py, e))
    })
}

/// Install the job's audit hook (inactive until [`run_job`]).
pub fn install_guard(workdir: &Path, read_roots: &[std::path::PathBuf]) -> Result<(), String> {
    Python::attach(|py| {
        let forbidden = py
            .import("plotgrade_shim.guard")
            .and_then(|g| g.getattr("Forbidden"))
            .map_err(|e| describe(py, e))?;
        let forbidden = forbidden
            .cast_into::<pyo3::types::PyType>()
            .map_err(|e| e.to_string())?;
        super::guard::install(py, workdir, read_roots, forbidden)
    })
}

/// Run one job in this (forked, walled) process: the header JSON and one hand-over
/// payload per figure. The audit hook is switched on first and never off.
pub fn run_job(
    code: &[u8],
    name: &str,
    options_json: &str,
) -> Result<(String, Vec<Vec<u8>>), String> {
    Python::attach(|py| {
        let runner = py
            .import("plotgrade_shim.runner")
            .map_err(|e| describe(py, e))?;
        let options = py
            .import("json")
            .and_then(|j| j.call_method1("loads", (options_json,)))
            .map_err(|e| describe(py, e))?;
        super::guard::activate();
        let result = runner
            .call_method1("run_job", (PyBytes::new(py, code), name, options))
            .map_err(|e| describe(py, e))?;
        let (header, payloads): (String, Vec<Vec<u8>>) =
            result.extract().map_err(|e: PyErr| describe(py, e))?;
        Ok((header, payloads))
    })
}

/// Draw the figures a job handed over (`runner.read`, in a reader's process): the header
/// JSON and one PNG per figure.
pub fn read_figures(payloads: Vec<Vec<u8>>) -> Result<(String, Vec<Vec<u8>>), String> {
    Python::attach(|py| {
        let runner = py
            .import("plotgrade_shim.runner")
            .map_err(|e| describe(py, e))?;
        let list: Vec<Bound<'_, PyBytes>> = payloads.iter().map(|p| PyBytes::new(py, p)).collect();
        drop(payloads);
        let result = runner
            .call_method1("read", (list,))
            .map_err(|e| describe(py, e))?;
        let (header, images): (String, Vec<Bound<'_, PyAny>>) =
            result.extract().map_err(|e: PyErr| describe(py, e))?;
        // Each image is PNG bytes, or `(width, height, rgba)` for this side to encode.
        let mut pngs = Vec::with_capacity(images.len());
        for image in images {
            if let Ok(png) = image.cast::<PyBytes>() {
                pngs.push(png.as_bytes().to_vec());
                continue;
            }
            let (w, h, rgba): (u32, u32, Bound<'_, PyBytes>) =
                image.extract().map_err(|e: PyErr| describe(py, e))?;
            pngs.push(super::png::encode_rgba(w, h, rgba.as_bytes())?);
        }
        Ok((header, pngs))
    })
}

/// Fork the process the way CPython's own `os.fork` does, so the child's interpreter is
/// consistent (import lock, thread state). Returns `fork()`'s result.
///
/// # Safety
/// The calling process must be single-threaded apart from Python's own bookkeeping, and
/// the child must only run Python and then `_exit`.
pub unsafe fn fork_interpreter() -> libc::pid_t {
    Python::attach(|_py| unsafe {
        pyo3::ffi::PyOS_BeforeFork();
        let pid = libc::fork();
        if pid == 0 {
            pyo3::ffi::PyOS_AfterFork_Child();
        } else {
            pyo3::ffi::PyOS_AfterFork_Parent();
        }
        pid
    })
}

fn describe(py: Python<'_>, e: PyErr) -> String {
    let tb = e
        .traceback(py)
        .and_then(|t| t.format().ok())
        .unwrap_or_default();
    format!("{tb}{e}")
}
