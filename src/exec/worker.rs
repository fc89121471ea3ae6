//! The worker process (`plotgrade __worker`): one warm interpreter serving jobs.
//!
//! It reads [`Request`] frames on stdin and answers each with a [`Response`] frame on its
//! original stdout (moved to another descriptor at start, so nothing a job prints can
//! corrupt the stream). Each job runs in a child forked from this warm process; the
//! worker watches the deadline, kills the child when it passes, and turns how the child
//! ended into a [`Status`].

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::protocol::Frame;
use super::sandbox::{self, Enforcement};
use super::{Limits, Outcome, Status, python};

/// Parent → worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    pub job: u64,
    pub name: String,
    pub seed: u64,
    pub limits: Limits,
}

/// Worker → parent, first message: the worker is warm (or could not start).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Hello {
    pub ok: bool,
    pub error: Option<String>,
    pub pid: u32,
    pub versions: serde_json::Value,
    /// False when this kernel lacks Landlock (file access then rests on the audit hook).
    pub landlock: bool,
}

/// Worker → parent, one per request; the PNGs follow as blobs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Response {
    pub job: u64,
    pub outcome: Outcome,
}

#[derive(Deserialize)]
struct Prepared {
    read_roots: Vec<PathBuf>,
    versions: serde_json::Value,
}

/// Entry point of `plotgrade __worker`. Configuration comes from the environment the pool
/// set: `PLOTGRADE_SITE`, optional `PLOTGRADE_SHIM_DIR`, `MPLCONFIGDIR`.
pub fn main() -> io::Result<()> {
    // Keep the protocol on a private descriptor; fd 1 becomes stderr for stray prints.
    // SAFETY: dup/dup2 on the process's own standard descriptors.
    let proto_out = unsafe {
        let fd = libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 10);
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        libc::dup2(2, 1);
        OwnedFd::from_raw_fd(fd)
    };
    let mut out = BufWriter::new(File::from(proto_out));
    let mut input = BufReader::new(io::stdin().lock());

    let site = std::env::var_os("PLOTGRADE_SITE")
        .map(PathBuf::from)
        .unwrap_or_default();
    let shim = std::env::var_os("PLOTGRADE_SHIM_DIR").map(PathBuf::from);
    let prepared = python::initialize(&site, shim.as_deref()).and_then(|json| {
        serde_json::from_str::<Prepared>(&json).map_err(|e| format!("bad prepare() answer: {e}"))
    });
    let prepared = match prepared {
        Ok(p) => p,
        Err(e) => {
            let hello = Hello {
                ok: false,
                error: Some(e),
                pid: std::process::id(),
                versions: serde_json::Value::Null,
                landlock: false,
            };
            Frame::new(&hello, vec![])?.write_to(&mut out)?;
            return Ok(());
        }
    };
    let base = tempfile::Builder::new()
        .prefix("plotgrade-jobs-")
        .tempdir()?;
    let landlock = probe_landlock(base.path(), &prepared.read_roots);
    let hello = Hello {
        ok: true,
        error: None,
        pid: std::process::id(),
        versions: prepared.versions.clone(),
        landlock,
    };
    Frame::new(&hello, vec![])?.write_to(&mut out)?;

    let protocol_fds = [0, out.get_ref().as_raw_fd()];
    let prewarm = std::env::var_os("PLOTGRADE_PREWARM").is_some_and(|v| v == "1");
    let mut jobs = Jobs {
        base: base.path(),
        read_roots: &prepared.read_roots,
        protocol_fds,
        counter: 0,
    };
    let mut spare: Option<Spare> = None;
    let mut exiting: Option<Exiting> = None;
    while let Some(frame) = Frame::read_from(&mut input)? {
        let req: Request = frame.header()?;
        let code = frame.blobs.into_iter().next().unwrap_or_default();
        // The spare forked during the previous job is ready (and warm); one made for other
        // limits is discarded.
        let child = match spare.take() {
            Some(s) if s.limits == req.limits => Ok(s),
            other => {
                if let Some(s) = other {
                    s.discard();
                }
                jobs.fork_spare(&req.limits, false, None)
            }
        };
        let mut outcome = match child {
            Ok(child) => {
                let started = Instant::now();
                let sent = child.send(&req, code);
                // While the job runs, make the next child: forked and sandboxed now, and
                // warmed (its copy-on-write done) when a core is free for it.
                spare = jobs
                    .fork_spare(&req.limits, prewarm, Some(child.result.as_raw_fd()))
                    .ok();
                // The previous job's child finishes exiting while this one runs.
                if let Some(e) = exiting.take() {
                    e.reap();
                }
                let mut o = match sent {
                    Ok(()) => {
                        let (o, e) = child.finish(req.limits.timeout);
                        exiting = e;
                        o
                    }
                    Err(e) => {
                        kill(child.pid);
                        let _ = reap(child.pid, Instant::now());
                        let _ = std::fs::remove_dir_all(&child.workdir);
                        Outcome::failed(
                            Status::Crashed,
                            format!("cannot send the job to its process: {e}"),
                        )
                    }
                };
                o.timings.wall = Some(started.elapsed().as_secs_f64() * 1000.0);
                o
            }
            Err(e) => Outcome::failed(
                Status::Crashed,
                format!("cannot start the job's process: {e}"),
            ),
        };
        let pngs = std::mem::take(&mut outcome.pngs);
        Frame::new(
            &Response {
                job: req.job,
                outcome,
            },
            pngs,
        )?
        .write_to(&mut out)?;
    }
    if let Some(s) = spare {
        s.discard();
    }
    if let Some(e) = exiting {
        e.reap();
    }
    Ok(())
}

/// What the job sends its child (the limits were applied when the child was forked).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct JobOrder {
    name: String,
    seed: u64,
    output_cap: usize,
}

/// Where jobs run: directories, the paths they may read, descriptors they must not see.
struct Jobs<'a> {
    base: &'a Path,
    read_roots: &'a [PathBuf],
    protocol_fds: [i32; 2],
    counter: u64,
}

/// A child forked ahead of its job, sandboxed, waiting on its job pipe.
struct Spare {
    pid: libc::pid_t,
    job: File,
    result: OwnedFd,
    workdir: PathBuf,
    limits: Limits,
}

impl Jobs<'_> {
    /// Fork a child that (optionally) prefaults, raises its sandbox, then waits for a job.
    /// `busy` is the result pipe of a job still running, which the new child must not hold.
    fn fork_spare(&mut self, limits: &Limits, warm: bool, busy: Option<i32>) -> io::Result<Spare> {
        self.counter += 1;
        let workdir = self.base.join(format!("job-{}", self.counter));
        std::fs::create_dir(&workdir)?;
        let (job_rx, job_tx) = pipe()?;
        let (result_rx, result_tx) = pipe()?;
        // Read here, not in the child: the same number, without costing the child.
        let base_as = sandbox::address_space();
        // SAFETY: the worker is single-threaded; the child runs only the job and `_exit`s.
        let pid = unsafe { python::fork_interpreter() };
        if pid < 0 {
            return Err(io::Error::last_os_error());
        }
        if pid == 0 {
            drop(job_tx);
            drop(result_rx);
            let mut close = self.protocol_fds.to_vec();
            close.extend(busy);
            let walls = Walls {
                limits,
                base_as,
                workdir: &workdir,
                read_roots: self.read_roots,
                close: &close,
            };
            child(&walls, warm, job_rx, result_tx);
        }
        Ok(Spare {
            pid,
            job: File::from(job_tx),
            result: result_rx,
            workdir,
            limits: *limits,
        })
    }
}

impl Spare {
    /// Hand the child its job; closing the pipe after it tells the child there is no more.
    fn send(&self, req: &Request, code: Vec<u8>) -> io::Result<()> {
        let order = JobOrder {
            name: req.name.clone(),
            seed: req.seed,
            output_cap: req.limits.output_cap,
        };
        Frame::new(&order, vec![code])?.write_to(&self.job)
    }

    /// Wait for the result (killing the child at the deadline) and decide the status.
    ///
    /// A child that delivered a whole result has nothing left to do but exit, and exiting
    /// (freeing its copy of the interpreter's memory) takes milliseconds: it is killed —
    /// a thread the submission left running dies with it — and returned to be reaped
    /// while the next job runs, instead of delaying this answer.
    fn finish(self, timeout: Duration) -> (Outcome, Option<Exiting>) {
        drop(self.job);
        let started = Instant::now();
        let (bytes, killed_at_deadline) = collect(self.pid, self.result, timeout);
        let reply = read_reply(&bytes);
        if !killed_at_deadline && let Ok(outcome) = reply {
            kill(self.pid);
            let exiting = Exiting {
                pid: self.pid,
                workdir: self.workdir,
            };
            return (outcome, Some(exiting));
        }
        let wait = reap(self.pid, started + timeout + Duration::from_secs(1));
        let _ = std::fs::remove_dir_all(&self.workdir);
        let no_reply = reply.err().unwrap_or(NoReply::Empty);
        (classify(no_reply, wait, killed_at_deadline, timeout), None)
    }

    /// A spare that will not be used: closing its job pipe makes it exit.
    fn discard(self) {
        drop(self.job);
        drop(self.result);
        let _ = reap(self.pid, Instant::now() + Duration::from_secs(2));
        let _ = std::fs::remove_dir_all(&self.workdir);
    }
}

/// A child that has answered and been killed, not yet reaped.
struct Exiting {
    pid: libc::pid_t,
    workdir: PathBuf,
}

impl Exiting {
    fn reap(self) {
        let _ = reap(self.pid, Instant::now() + Duration::from_secs(2));
        let _ = std::fs::remove_dir_all(&self.workdir);
    }
}

/// Check once, in a throwaway child, whether this kernel enforces Landlock.
fn probe_landlock(base: &Path, roots: &[PathBuf]) -> bool {
    // SAFETY: the child only calls the Landlock syscalls and exits.
    let pid = unsafe { python::fork_interpreter() };
    if pid == 0 {
        let code = match sandbox::restrict_files(base, roots) {
            Ok(Enforcement::Full) => 0,
            _ => 1,
        };
        unsafe { libc::_exit(code) };
    }
    wait_exit(pid) == Some(0)
}

fn wait_exit(pid: libc::pid_t) -> Option<i32> {
    let mut status = 0;
    // SAFETY: waiting for our own child.
    let r = unsafe { libc::waitpid(pid, &mut status, 0) };
    (r == pid && libc::WIFEXITED(status)).then(|| libc::WEXITSTATUS(status))
}

/// What a job's child is confined to.
struct Walls<'a> {
    limits: &'a Limits,
    /// The worker's address space at the fork; the memory limit is counted on top.
    base_as: u64,
    workdir: &'a Path,
    read_roots: &'a [PathBuf],
    /// Descriptors of the worker the child must not keep.
    close: &'a [i32],
}

/// The job's side of the fork. Never returns.
fn child(walls: &Walls<'_>, warm: bool, job_rx: OwnedFd, result_tx: OwnedFd) -> ! {
    let Walls {
        limits,
        base_as,
        workdir,
        read_roots,
        close,
    } = *walls;
    let keep = [job_rx.as_raw_fd(), result_tx.as_raw_fd()];
    // Everything up to the wait for the job is done ahead of it, while the previous job
    // runs: with a core to spare, a job finds its process ready, walls up and warm.
    let setup = sandbox::isolate_fds(&keep, close).and_then(|()| {
        // Trusted code, before the walls go up; if it fails, run_job does it again.
        let _ = python::ready(workdir);
        sandbox::set_rlimits(limits, base_as)?;
        sandbox::restrict_files(workdir, read_roots)?;
        sandbox::restrict_syscalls()
    });
    if warm && setup.is_ok() {
        // Copy the shared pages the job would otherwise fault in one by one, stopping as
        // soon as the job is there (a job waits at most one chunk). A kernel without
        // MADV_POPULATE_WRITE (< 5.14) gets the older way: draw the warm-up figure
        // again, which touches most of the same pages. A failure only costs the speed-up.
        let fd = job_rx.as_raw_fd();
        if super::populate::populate(|| readable(fd)).is_err() {
            let _ = python::prefault(|| readable(fd));
        }
    }
    let mut job = File::from(job_rx);
    let order = match Frame::read_from(&mut job) {
        Ok(Some(f)) => f,
        // The worker discarded this spare, or went away.
        _ => unsafe { libc::_exit(0) },
    };
    drop(job);
    let mut pipe = File::from(result_tx);
    let frame = match (setup, order.header::<JobOrder>()) {
        (Err(e), _) => Frame::new(
            &Outcome::failed(Status::Crashed, format!("sandbox setup failed: {e}")),
            vec![],
        ),
        (_, Err(e)) => Frame::new(
            &Outcome::failed(Status::Crashed, format!("bad job order: {e}")),
            vec![],
        ),
        (Ok(()), Ok(o)) => {
            let options =
                serde_json::json!({ "seed": o.seed, "output_cap": o.output_cap }).to_string();
            let code = order.blobs.first().map_or(&[][..], |c| c.as_slice());
            match python::run_job(code, &o.name, workdir, &options) {
                Ok((header, pngs)) => Ok(Frame {
                    header: header.into_bytes(),
                    blobs: pngs,
                }),
                Err(e) => Frame::new(
                    &Outcome::failed(Status::Crashed, format!("the shim failed: {e}")),
                    vec![],
                ),
            }
        }
    };
    let code = match frame.and_then(|f| f.write_to(&mut pipe)) {
        Ok(()) => 0,
        Err(_) => 3,
    };
    // Closed now, not at exit: the worker answers as soon as it sees the end of the result.
    drop(pipe);
    // SAFETY: leave without running atexit handlers or Python finalisation.
    unsafe { libc::_exit(code) }
}

/// Whether `fd` has data (or EOF) waiting, without blocking.
fn readable(fd: i32) -> bool {
    let mut pfd = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, zero timeout.
    unsafe { libc::poll(&mut pfd, 1, 0) > 0 }
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills two descriptors we then own.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Most bytes a child may send back (scene + PNGs) before it is stopped.
const MAX_REPLY: usize = 512 << 20;

/// Read the child's reply until it closes the pipe or the deadline passes (then kill it).
fn collect(pid: libc::pid_t, rx: OwnedFd, timeout: Duration) -> (Vec<u8>, bool) {
    let deadline = Instant::now() + timeout;
    let mut file = File::from(rx);
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            kill(pid);
            return (bytes, true);
        }
        let mut pfd = libc::pollfd {
            fd: file.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd.
        let r = unsafe { libc::poll(&mut pfd, 1, ms) };
        if r < 0 {
            if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            kill(pid);
            return (bytes, false);
        }
        if r == 0 {
            continue;
        }
        match file.read(&mut chunk) {
            Ok(0) => return (bytes, false),
            Ok(n) => {
                bytes.extend_from_slice(&chunk[..n]);
                if bytes.len() > MAX_REPLY {
                    kill(pid);
                    return (Vec::new(), false);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return (bytes, false),
        }
    }
}

fn kill(pid: libc::pid_t) {
    // SAFETY: signalling our own child.
    unsafe { libc::kill(pid, libc::SIGKILL) };
}

/// How the child ended.
#[derive(Debug, Clone, Copy)]
enum Wait {
    Exited(i32),
    Signaled(i32),
}

/// Wait for the child; if it lingers past `deadline` (it closed its pipe but kept
/// running), kill it.
fn reap(pid: libc::pid_t, deadline: Instant) -> Wait {
    loop {
        let mut status = 0;
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if r == pid {
            if libc::WIFSIGNALED(status) {
                return Wait::Signaled(libc::WTERMSIG(status));
            }
            return Wait::Exited(libc::WEXITSTATUS(status));
        }
        if r < 0 {
            return Wait::Exited(-1);
        }
        if Instant::now() >= deadline {
            kill(pid);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Why the bytes a child sent are not a result.
#[derive(Debug)]
enum NoReply {
    /// Nothing at all.
    Empty,
    /// A frame cut short.
    Truncated(String),
    /// A whole frame whose header is not an outcome.
    Unreadable(String),
}

/// The outcome in a whole, well-formed result frame, or why there is none.
fn read_reply(bytes: &[u8]) -> Result<Outcome, NoReply> {
    let frame = Frame::parse(bytes).map_err(|e| {
        if bytes.is_empty() {
            NoReply::Empty
        } else {
            NoReply::Truncated(e.to_string())
        }
    })?;
    let mut outcome: Outcome = frame
        .header()
        .map_err(|e| NoReply::Unreadable(e.to_string()))?;
    outcome.pngs = frame.blobs;
    Ok(outcome)
}

/// The status of a child that sent no result: killed at the deadline, killed by a
/// signal, or exited without (or with a broken) reply.
fn classify(no_reply: NoReply, wait: Wait, killed_at_deadline: bool, timeout: Duration) -> Outcome {
    if killed_at_deadline {
        return Outcome::failed(
            Status::Timeout,
            format!("still running after {:.1} s; killed", timeout.as_secs_f64()),
        );
    }
    match wait {
        Wait::Signaled(sig) => {
            let (status, what) = match sig {
                libc::SIGSYS => (Status::Forbidden, "killed for a forbidden system call (a process, a socket, ptrace or a signal to another process)".to_string()),
                libc::SIGXCPU => (Status::Timeout, "CPU time limit exceeded".to_string()),
                libc::SIGXFSZ => (Status::Crashed, "file size limit exceeded".to_string()),
                s => (Status::Crashed, format!("killed by signal {} ({})", s, signal_name(s))),
            };
            Outcome::failed(status, what)
        }
        Wait::Exited(code) => Outcome::failed(
            Status::Crashed,
            match no_reply {
                NoReply::Empty => format!(
                    "the process exited with code {code} before reporting (os._exit or a fatal error)"
                ),
                NoReply::Truncated(e) => {
                    format!("truncated result from the job (exit code {code}): {e}")
                }
                NoReply::Unreadable(e) => format!("unreadable result from the job: {e}"),
            },
        ),
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGKILL => "SIGKILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGTERM => "SIGTERM",
        _ => "signal",
    }
}
