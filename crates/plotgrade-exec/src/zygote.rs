//! The template process (`plotgrade __worker`): one warm interpreter that only forks.
//!
//! It initialises Python once (numpy, matplotlib, the shim, a warm-up figure), then
//! serves a handful of commands from its slot in the parent over a Unix socket: *spawn*
//! a job's or a reader's child (the two pipe ends of the child arrive with the command,
//! as descriptors) and *reap* one. It never reads a job's code, a figure or a result:
//! those travel between the parent and the child directly. So every child starts from
//! memory in which no job ever ran and no job's bytes were ever held — a marker of an
//! earlier job cannot be found by a later one scanning its own memory.

use std::collections::BTreeSet;
use std::io;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::child::{self, Role, Setup};
use super::sandbox::{self, Enforcement, JobDir};
use super::{Limits, fdpass, python};

/// Parent → template.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Command {
    /// Fork a child of `role`; its input and output pipe ends come as two descriptors.
    Spawn {
        role: Role,
        limits: Limits,
        warm: bool,
    },
    /// Wait for a child (killing it past `deadline_ms`) and say how it ended.
    Reap { pid: i32, deadline_ms: u64 },
}

/// Template → parent.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Reply {
    Hello(Hello),
    Spawned {
        pid: i32,
    },
    /// How a child ended: its exit code, or the signal that killed it.
    Reaped {
        pid: i32,
        exited: Option<i32>,
        signal: Option<i32>,
    },
    Failed {
        error: String,
    },
}

/// The template's first message: warm (or why not), and what its walls can enforce.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Hello {
    pub ok: bool,
    pub error: Option<String>,
    pub pid: u32,
    pub versions: serde_json::Value,
    /// False when this kernel lacks Landlock (file access then rests on the audit hook).
    pub landlock: bool,
    /// False when no mount namespace can be made: job directories have no size quota.
    pub quota: bool,
    /// The uid jobs run as, when the template runs as root.
    pub uid: Option<u32>,
}

#[derive(Deserialize)]
struct Prepared {
    read_roots: Vec<PathBuf>,
    versions: serde_json::Value,
}

/// The directory prefix of a template's job mount points, in the temp dir.
pub const JOBS_DIR_PREFIX: &str = "plotgrade-jobs-";

/// Entry point of `plotgrade __worker`. Configuration comes from the environment the pool
/// set (and nothing else of the parent's): `PLOTGRADE_SITE`, optional
/// `PLOTGRADE_SHIM_DIR`, `MPLCONFIGDIR`, `PLOTGRADE_TMP`, `PLOTGRADE_JOB_UID`,
/// `PLOTGRADE_PREWARM`, optional `PLOTGRADE_HUGE_PAGES`. Descriptor 0 is the command
/// socket.
pub fn main() -> io::Result<()> {
    // SAFETY: descriptor syscalls on this process's own descriptors, before any thread.
    unsafe {
        // Nothing the parent (or its parent) left open reaches the template or its
        // children: keep 0 (the socket) and 2 (stderr, for diagnostics).
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 0) != 0 {
            for fd in 3..1024 {
                libc::close(fd);
            }
        }
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        if null >= 0 {
            libc::dup2(null, 1);
            libc::close(null);
        }
    }
    // SAFETY: descriptor 0 is the socket the pool passed as stdin; owned from here on.
    let socket = unsafe { OwnedFd::from_raw_fd(0) };
    let env = |k: &str| std::env::var_os(k).map(PathBuf::from);
    let site = env("PLOTGRADE_SITE").unwrap_or_default();
    let shim = env("PLOTGRADE_SHIM_DIR");
    let prepared = python::initialize(&site, shim.as_deref()).and_then(|json| {
        serde_json::from_str::<Prepared>(&json).map_err(|e| format!("bad prepare() answer: {e}"))
    });
    let prepared = match prepared {
        Ok(mut p) => {
            // What else decides an outcome: this plotgrade and the shim it runs.
            if let Some(v) = p.versions.as_object_mut() {
                v.insert("plotgrade".into(), env!("CARGO_PKG_VERSION").into());
                v.insert("shim".into(), python::shim_digest(shim.as_deref()).into());
            }
            p
        }
        Err(e) => {
            let hello = Hello {
                ok: false,
                error: Some(e),
                pid: std::process::id(),
                versions: serde_json::Value::Null,
                landlock: false,
                quota: false,
                uid: None,
            };
            return send(&socket, &Reply::Hello(hello), &[]);
        }
    };
    // Warm and frozen: from here on the template only forks, so its memory is as it will
    // be shared with every child. `PLOTGRADE_HUGE_PAGES=0` leaves it in 4 KiB pages (to
    // measure what the huge pages buy).
    if std::env::var_os("PLOTGRADE_HUGE_PAGES").is_none_or(|v| v != "0") {
        crate::populate::collapse();
    }
    let tmp = env("PLOTGRADE_TMP").unwrap_or_else(std::env::temp_dir);
    let base = JobsDir::create(&tmp)?;
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let uid = root
        .then(|| std::env::var("PLOTGRADE_JOB_UID").ok()?.parse::<u32>().ok())
        .flatten();
    let (landlock, quota) = probe(&base.mount_point, &prepared.read_roots, uid);
    let hello = Hello {
        ok: true,
        error: None,
        pid: std::process::id(),
        versions: prepared.versions.clone(),
        landlock,
        quota,
        uid,
    };
    send(&socket, &Reply::Hello(hello), &[])?;

    let prewarm = std::env::var_os("PLOTGRADE_PREWARM").is_some_and(|v| v == "1");
    let mut children = BTreeSet::new();
    let result = serve(
        &socket,
        &base,
        &prepared.read_roots,
        uid,
        prewarm,
        &mut children,
    );
    for pid in std::mem::take(&mut children) {
        kill(pid);
        reap(pid, Instant::now());
        let _ = std::fs::remove_dir_all(child_dir(&base.mount_point, pid));
    }
    result
}

fn serve(
    socket: &OwnedFd,
    base: &JobsDir,
    read_roots: &[PathBuf],
    uid: Option<u32>,
    prewarm: bool,
    children: &mut BTreeSet<i32>,
) -> io::Result<()> {
    // The parent closing its end (at once, or while a reply is on its way) ends the run.
    let gone = |e: &io::Error| {
        matches!(
            e.kind(),
            io::ErrorKind::ConnectionReset | io::ErrorKind::BrokenPipe
        )
    };
    loop {
        let (bytes, fds) = match fdpass::recv(socket) {
            Ok(Some(m)) => m,
            Ok(None) => return Ok(()),
            Err(e) if gone(&e) => return Ok(()),
            Err(e) => return Err(e),
        };
        let reply = match serde_json::from_slice::<Command>(&bytes) {
            Err(e) => Reply::Failed {
                error: format!("bad command: {e}"),
            },
            Ok(Command::Spawn { role, limits, warm }) => {
                let [input, output]: [OwnedFd; 2] = match fds.try_into() {
                    Ok(pair) => pair,
                    Err(_) => {
                        send(
                            socket,
                            &Reply::Failed {
                                error: "spawn needs two descriptors".into(),
                            },
                            &[],
                        )?;
                        continue;
                    }
                };
                let setup = Setup {
                    role,
                    limits: &limits,
                    base_as: sandbox::address_space(),
                    workdir: &base.mount_point,
                    read_roots,
                    uid,
                    warm: warm && prewarm,
                };
                // SAFETY: the template is single-threaded; the child runs only its role
                // and `_exit`s.
                let pid = unsafe { python::fork_interpreter() };
                if pid == 0 {
                    child::main(&setup, input, output);
                }
                drop((input, output));
                if pid < 0 {
                    Reply::Failed {
                        error: format!("fork: {}", io::Error::last_os_error()),
                    }
                } else {
                    children.insert(pid);
                    Reply::Spawned { pid }
                }
            }
            Ok(Command::Reap { pid, deadline_ms }) => {
                if !children.remove(&pid) {
                    Reply::Failed {
                        error: format!("no child {pid}"),
                    }
                } else {
                    let (exited, signal) =
                        reap(pid, Instant::now() + Duration::from_millis(deadline_ms));
                    let _ = std::fs::remove_dir_all(child_dir(&base.mount_point, pid));
                    Reply::Reaped {
                        pid,
                        exited,
                        signal,
                    }
                }
            }
        };
        match send(socket, &reply, &[]) {
            Err(e) if gone(&e) => return Ok(()),
            other => other?,
        }
    }
}

fn send(socket: &OwnedFd, reply: &Reply, fds: &[std::os::fd::BorrowedFd<'_>]) -> io::Result<()> {
    let bytes = serde_json::to_vec(reply).map_err(io::Error::other)?;
    fdpass::send(socket, &bytes, fds)
}

/// The job directory of a child that could not have a mount namespace.
fn child_dir(mount_point: &Path, pid: i32) -> PathBuf {
    mount_point.with_file_name(format!("job-{pid}"))
}

/// `$TMP/plotgrade-jobs-<pid>/job`: the mount point every job's tmpfs goes on (in its own
/// namespace, so they never meet). Removed when the template ends; a template killed
/// outright leaves it for the next pool to sweep ([`sweep_stale`]).
struct JobsDir {
    dir: PathBuf,
    mount_point: PathBuf,
}

impl JobsDir {
    fn create(tmp: &Path) -> io::Result<JobsDir> {
        let dir = tmp.join(format!("{JOBS_DIR_PREFIX}{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        let mount_point = dir.join("job");
        std::fs::create_dir(&mount_point)?;
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o711))?;
        std::fs::set_permissions(&mount_point, std::fs::Permissions::from_mode(0o755))?;
        Ok(JobsDir { dir, mount_point })
    }
}

impl Drop for JobsDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Remove the job directories of templates that no longer run (killed without a chance
/// to clean up). A directory whose process is alive belongs to a running pool.
pub fn sweep_stale(tmp: &Path) {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(JOBS_DIR_PREFIX))
            .and_then(|p| p.parse::<i32>().ok())
        else {
            continue;
        };
        // SAFETY: kill with signal 0 only asks whether the process exists.
        let alive = unsafe { libc::kill(pid, 0) } == 0
            || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
        if !alive {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Check once, in a throwaway child, what the walls enforce here: Landlock, and a quota
/// mount for job directories.
fn probe(mount_point: &Path, roots: &[PathBuf], uid: Option<u32>) -> (bool, bool) {
    // SAFETY: the child only makes the namespace and the Landlock calls, then exits.
    let pid = unsafe { python::fork_interpreter() };
    if pid == 0 {
        let quota = matches!(
            sandbox::mount_job_dir(mount_point, 1, uid),
            Ok(JobDir::Quota)
        );
        let landlock = matches!(sandbox::restrict_files(None, roots), Ok(Enforcement::Full));
        // SAFETY: leave at once.
        unsafe { libc::_exit(i32::from(landlock) | (i32::from(quota) << 1)) };
    }
    match reap(pid, Instant::now() + Duration::from_secs(10)) {
        (Some(code), _) => (code & 1 != 0, code & 2 != 0),
        _ => (false, false),
    }
}

fn kill(pid: i32) {
    // SAFETY: signalling our own child (not yet reaped, so the pid is still ours).
    unsafe { libc::kill(pid, libc::SIGKILL) };
}

/// Wait for a child; past `deadline` kill it. Its exit code or its killing signal.
fn reap(pid: i32, deadline: Instant) -> (Option<i32>, Option<i32>) {
    loop {
        let mut status = 0;
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if r == pid {
            if libc::WIFSIGNALED(status) {
                return (None, Some(libc::WTERMSIG(status)));
            }
            return (Some(libc::WEXITSTATUS(status)), None);
        }
        if r < 0 {
            return (None, None);
        }
        if Instant::now() >= deadline {
            kill(pid);
            // SAFETY: as above; the child is dead or dying.
            let r = unsafe { libc::waitpid(pid, &mut status, 0) };
            if r == pid && libc::WIFSIGNALED(status) {
                return (None, Some(libc::WTERMSIG(status)));
            }
            return (None, Some(libc::SIGKILL));
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}
