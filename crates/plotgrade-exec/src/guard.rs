//! The job's audit hook, in Rust: names what a submission tried that it may not do.
//!
//! A C-level hook (`PySys_AddAuditHook`) holds its rules and its record in this
//! process's Rust memory: no Python frame, object or `gc` walk reaches them, and Python
//! has no call that removes a hook. Each forbidden act is recorded, then refused by
//! raising the shim's `Forbidden` (a `BaseException`); catching it changes nothing, the
//! record stands. The kernel walls (`sandbox.rs`, `seccomp.rs`) are what stop the acts;
//! this gives the report its words and the job its `forbidden` status.
//!
//! Only job children install it (after the fork, before the job arrives); the template
//! and readers never run submission code.

use std::ffi::{CStr, c_char, c_int, c_void};
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple, PyType};

unsafe extern "C" {
    // In the stable C API since 3.8; pyo3-ffi does not declare it.
    fn PySys_AddAuditHook(
        hook: unsafe extern "C" fn(*const c_char, *mut ffi::PyObject, *mut c_void) -> c_int,
        user_data: *mut c_void,
    ) -> c_int;
}

/// Where the job may write and read (real paths, resolved in the child itself, so that
/// `/proc/self` is its own).
struct Rules {
    workdir: PathBuf,
    read_roots: Vec<PathBuf>,
    forbidden: Py<PyType>,
}

static RULES: OnceLock<Rules> = OnceLock::new();
static ACTIVE: AtomicBool = AtomicBool::new(false);
static ATTEMPTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

thread_local! {
    /// Set while the hook itself runs Python (reading a path), so it does not recurse.
    static BUSY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Events that start a process.
const PROCESS_EVENTS: &[&str] = &[
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.fork",
    "os.forkpty",
    "subprocess.Popen",
    "pty.spawn",
];
const NETWORK_PREFIXES: &[&str] = &[
    "socket.",
    "urllib.",
    "http.",
    "ftplib.",
    "smtplib.",
    "telnetlib.",
    "imaplib.",
    "poplib.",
    "nntplib.",
];
/// Path-taking events and the positions of the paths they change.
const WRITE_EVENTS: &[(&str, &[usize])] = &[
    ("os.remove", &[0]),
    ("os.rmdir", &[0]),
    ("os.rename", &[0, 1]),
    ("os.mkdir", &[0]),
    ("os.chmod", &[0]),
    ("os.chown", &[0]),
    ("os.truncate", &[0]),
    ("os.link", &[0, 1]),
    ("os.symlink", &[0, 1]),
    ("os.utime", &[0]),
    ("os.chflags", &[0]),
    ("os.setxattr", &[0]),
    ("os.removexattr", &[0]),
    ("shutil.rmtree", &[0]),
    ("shutil.move", &[0, 1]),
    ("shutil.copyfile", &[1]),
    ("shutil.copytree", &[1]),
];
const READ_EVENTS: &[(&str, &[usize])] = &[
    ("os.listdir", &[0]),
    ("os.scandir", &[0]),
    ("os.walk", &[0]),
    ("glob.glob", &[0]),
];
/// Frequent events that are never a concern, answered before anything else (matplotlib
/// alone raises thousands of `object.__getattr__` per figure).
const HOT_EVENTS: &[&str] = &[
    "builtins.id",
    "object.__getattr__",
    "object.__setattr__",
    "object.__delattr__",
    "sys._getframe",
    "compile",
    "exec",
    "code.__new__",
    "function.__new__",
    "marshal.loads",
    "import",
    "sys.excepthook",
];

const O_WRITE: i64 =
    (libc::O_WRONLY | libc::O_RDWR | libc::O_CREAT | libc::O_APPEND | libc::O_TRUNC) as i64;

/// Install the hook in this (job) process, inactive. `forbidden` is the exception class.
pub fn install(
    py: Python<'_>,
    workdir: &Path,
    read_roots: &[PathBuf],
    forbidden: Bound<'_, PyType>,
) -> Result<(), String> {
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let rules = Rules {
        workdir: real(workdir),
        read_roots: read_roots.iter().map(|p| real(p)).collect(),
        forbidden: forbidden.unbind(),
    };
    if RULES.set(rules).is_err() {
        return Ok(()); // already installed in this process
    }
    let _ = py;
    // SAFETY: a valid `extern "C"` hook that never unwinds; called with the GIL held.
    if unsafe { PySys_AddAuditHook(hook, std::ptr::null_mut()) } != 0 {
        return Err("cannot add the audit hook".into());
    }
    Ok(())
}

/// From now on every audited act of this process is checked.
pub fn activate() {
    ACTIVE.store(true, Ordering::SeqCst);
}

/// What the job tried that it may not do, in order.
pub fn attempts() -> Vec<String> {
    ATTEMPTS.lock().map(|a| a.clone()).unwrap_or_default()
}

unsafe extern "C" fn hook(event: *const c_char, args: *mut ffi::PyObject, _: *mut c_void) -> c_int {
    if !ACTIVE.load(Ordering::Relaxed) || event.is_null() {
        return 0;
    }
    // SAFETY: CPython passes a NUL-terminated event name.
    let Ok(event) = unsafe { CStr::from_ptr(event) }.to_str() else {
        return 0;
    };
    if HOT_EVENTS.contains(&event) || BUSY.with(|b| b.get()) {
        return 0;
    }
    let Some(rules) = RULES.get() else { return 0 };
    BUSY.with(|b| b.set(true));
    // SAFETY: the hook runs with the GIL held; `args` is a borrowed tuple.
    let verdict = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| unsafe {
        let py = Python::assume_attached();
        let args = Bound::from_borrowed_ptr(py, args);
        check(py, rules, event, &args)
    }));
    BUSY.with(|b| b.set(false));
    let Ok(Some(what)) = verdict else { return 0 };
    if let Ok(mut a) = ATTEMPTS.lock() {
        a.push(what.clone());
    }
    // SAFETY: GIL held (see above).
    unsafe {
        let py = Python::assume_attached();
        PyErr::from_type(rules.forbidden.bind(py).clone(), what).restore(py);
    }
    -1
}

/// The forbidden act an event is, if it is one.
fn check(py: Python<'_>, rules: &Rules, event: &str, args: &Bound<'_, PyAny>) -> Option<String> {
    let arg =
        |i: usize| -> Option<Bound<'_, PyAny>> { args.cast::<PyTuple>().ok()?.get_item(i).ok() };
    if PROCESS_EVENTS.contains(&event) {
        return Some(format!("start a process ({event})"));
    }
    if NETWORK_PREFIXES.iter().any(|p| event.starts_with(p)) {
        return Some(format!("use the network ({event})"));
    }
    match event {
        "open" => {
            let path = arg(0).filter(|p| !p.is_none())?;
            let mode = arg(1).and_then(|m| m.extract::<String>().ok());
            let flags = arg(2).and_then(|f| f.extract::<i64>().ok());
            let writing = mode.is_some_and(|m| m.contains(['w', 'a', 'x', '+']))
                || flags.is_some_and(|f| f & O_WRITE != 0);
            let p = path_of(py, &path)?;
            if writing && !may_write(rules, &p) {
                return Some(format!("write outside its directory ({})", show(&p)));
            }
            if !writing && !may_read(rules, &p) {
                return Some(format!("read outside its directory ({})", show(&p)));
            }
            None
        }
        "os.kill" | "os.killpg" => {
            let pid = arg(0).and_then(|p| p.extract::<i64>().ok());
            // SAFETY: getpid has no preconditions.
            let me = unsafe { libc::getpid() } as i64;
            (event == "os.killpg" || pid != Some(me))
                .then(|| format!("signal another process ({event} {})", pid.unwrap_or(-1)))
        }
        _ => {
            if let Some((_, idx)) = WRITE_EVENTS.iter().find(|(e, _)| *e == event) {
                for &i in *idx {
                    if let Some(p) = arg(i).and_then(|a| path_of(py, &a))
                        && !may_write(rules, &p)
                    {
                        return Some(format!(
                            "change a file outside its directory ({event} {})",
                            show(&p)
                        ));
                    }
                }
            }
            if let Some((_, idx)) = READ_EVENTS.iter().find(|(e, _)| *e == event) {
                for &i in *idx {
                    if let Some(p) = arg(i).and_then(|a| path_of(py, &a))
                        && !may_read(rules, &p)
                    {
                        return Some(format!(
                            "list a directory outside its own ({event} {})",
                            show(&p)
                        ));
                    }
                }
            }
            None
        }
    }
}

/// A path argument as a real path; `None` for an open descriptor (checked when opened).
fn path_of(_py: Python<'_>, value: &Bound<'_, PyAny>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    if value.extract::<i64>().is_ok() {
        return None;
    }
    let raw: PathBuf = if let Ok(s) = value.cast::<PyString>() {
        PathBuf::from(s.to_cow().ok()?.as_ref())
    } else if let Ok(b) = value.cast::<PyBytes>() {
        PathBuf::from(std::ffi::OsStr::from_bytes(b.as_bytes()))
    } else {
        // A path-like object: its __fspath__, read without trusting its type further.
        let p = value.call_method0("__fspath__").ok()?;
        if let Ok(s) = p.cast::<PyString>() {
            PathBuf::from(s.to_cow().ok()?.as_ref())
        } else {
            PathBuf::from(std::ffi::OsStr::from_bytes(
                p.cast::<PyBytes>().ok()?.as_bytes(),
            ))
        }
    };
    Some(resolve(&raw))
}

/// `realpath` of a path that may not exist yet: the longest existing prefix resolved by
/// the kernel, the rest appended with `.` and `..` applied.
pub fn resolve(path: &Path) -> PathBuf {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut rest = Vec::new();
    let mut head = absolute.as_path();
    loop {
        if let Ok(real) = std::fs::canonicalize(head) {
            let mut out = real;
            for part in rest.iter().rev() {
                match part {
                    Component::ParentDir => {
                        out.pop();
                    }
                    Component::Normal(n) => out.push(n),
                    _ => {}
                }
            }
            return out;
        }
        match (head.parent(), head.components().next_back()) {
            (Some(parent), Some(last)) => {
                rest.push(last);
                head = parent;
            }
            _ => return absolute,
        }
    }
}

fn inside(path: &Path, root: &Path) -> bool {
    path.starts_with(root)
}

fn may_write(rules: &Rules, p: &Path) -> bool {
    inside(p, &rules.workdir) || p == Path::new("/dev/null")
}

fn may_read(rules: &Rules, p: &Path) -> bool {
    may_write(rules, p) || rules.read_roots.iter().any(|r| inside(p, r))
}

fn show(p: &Path) -> String {
    let s = p.display().to_string();
    if s.chars().count() < 200 {
        s
    } else {
        s.chars().take(200).collect::<String>() + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_handles_paths_that_do_not_exist_yet() {
        let dir = tempfile::tempdir().unwrap();
        let real = std::fs::canonicalize(dir.path()).unwrap();
        assert_eq!(
            resolve(&dir.path().join("new/file.txt")),
            real.join("new/file.txt")
        );
        assert_eq!(resolve(&dir.path().join("new/../x")), real.join("x"));
        // A symlink inside points outside: the real path is outside.
        std::os::unix::fs::symlink("/etc", dir.path().join("link")).unwrap();
        assert_eq!(
            resolve(&dir.path().join("link/passwd")),
            PathBuf::from("/etc/passwd")
        );
    }
}
