//! One slot of the pool, in the parent: a template process (`zygote.rs`), the spare
//! children it forked ahead, and one job at a time.
//!
//! A job goes through two children, both forked from the template and walled in before
//! their input arrives:
//!
//! ```text
//! parent ── code ──▶ job child ── figure bytes ──▶ parent ── figure bytes ──▶ reader child
//!        ◀── status, output (untrusted) ──┘                ◀── PNGs, scene ───────┘
//! ```
//!
//! The job's own report counts only for what the job can say against itself (it failed,
//! it printed this); the figures graded are the ones the reader drew. The parent never
//! forks, and the template never holds a job's bytes, so no child can find another job's.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Deserialize;

use super::child::{JobOrder, Role};
use super::protocol::Frame;
use super::zygote::{self, Hello, Reply};
use super::{ExecConfig, Job, JobError, Limits, Outcome, Status, Timings, fdpass};

/// Why a worker could not be started.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    #[error("cannot start worker {exe}: {source}")]
    Spawn { exe: String, source: std::io::Error },
    #[error("worker failed to start Python: {0}")]
    Python(String),
    #[error("worker ended before it was ready (see its stderr above): {0}")]
    NoHello(std::io::Error),
}

/// The first uid of jobs when plotgrade runs as root: slot `i` runs its children as
/// `JOB_UID_BASE + i`, a uid no account on the machine has.
pub const JOB_UID_BASE: u32 = 0x7F00_0000;

/// Why a slot could not run a job: its template is gone.
#[derive(Debug)]
pub struct Lost(pub String);

/// A child forked ahead of its input.
struct Spare {
    pid: i32,
    role: Role,
    input: File,
    output: OwnedFd,
}

/// A command sent to the template whose reply has not been read yet.
enum Expect {
    Spawn {
        role: Role,
        input: File,
        output: OwnedFd,
    },
    Reap {
        pid: i32,
    },
}

/// The template of a slot and the bookkeeping of its replies.
pub struct Template {
    process: Child,
    socket: OwnedFd,
    pub hello: Hello,
    expect: VecDeque<Expect>,
    ready: Vec<Spare>,
    /// Exit statuses read while waiting for something else.
    reaped: Vec<(i32, Option<i32>, Option<i32>)>,
}

impl Drop for Template {
    fn drop(&mut self) {
        // Closing the socket ends the template's loop (it kills and reaps its children
        // and removes its job directory); kill covers a template that is stuck.
        let deadline = Instant::now() + Duration::from_secs(5);
        drop(std::mem::replace(&mut self.socket, dev_null()));
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.process.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

fn dev_null() -> OwnedFd {
    File::open("/dev/null").expect("/dev/null").into()
}

/// The environment a template gets: these variables and nothing else of the parent's
/// (no API keys, no PYTHON* of the caller's).
fn template_env(config: &ExecConfig, slot: usize) -> Vec<(String, std::ffi::OsString)> {
    let mut env: Vec<(String, std::ffi::OsString)> = vec![
        ("PLOTGRADE_SITE".into(), config.site_packages.clone().into()),
        ("MPLCONFIGDIR".into(), config.mpl_config_dir.clone().into()),
        ("MPLBACKEND".into(), "Agg".into()),
        // One BLAS thread: deterministic sums, and no thread pool to break across fork.
        ("OPENBLAS_NUM_THREADS".into(), "1".into()),
        ("OMP_NUM_THREADS".into(), "1".into()),
        ("MKL_NUM_THREADS".into(), "1".into()),
        ("PYTHONHASHSEED".into(), "0".into()),
        ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
        ("PYTHONNOUSERSITE".into(), "1".into()),
        ("PYTHONIOENCODING".into(), "utf-8".into()),
        ("LANG".into(), "C.UTF-8".into()),
        ("PATH".into(), "/usr/bin:/bin".into()),
        ("PLOTGRADE_TMP".into(), config.tmp_dir.clone().into()),
        (
            "PLOTGRADE_JOB_UID".into(),
            (JOB_UID_BASE + slot as u32).to_string().into(),
        ),
        // Warm each child's memory ahead only when a core is left idle for it.
        (
            "PLOTGRADE_PREWARM".into(),
            if config.prewarm() { "1" } else { "0" }.into(),
        ),
    ];
    if let Some(v) = std::env::var_os("PLOTGRADE_HUGE_PAGES") {
        env.push(("PLOTGRADE_HUGE_PAGES".into(), v));
    }
    if let Some(d) = &config.shim_dir {
        env.push(("PLOTGRADE_SHIM_DIR".into(), d.clone().into()));
    }
    if let Some(home) = &config.python_home {
        env.push(("PYTHONHOME".into(), home.clone().into()));
    }
    env
}

impl Template {
    /// Start the template of slot `slot` and wait until it is warm.
    pub fn start(config: &ExecConfig, slot: usize) -> Result<Template, PoolError> {
        use std::os::unix::process::CommandExt;
        let (ours, theirs) = fdpass::pair().map_err(|source| PoolError::Spawn {
            exe: config.worker_exe.display().to_string(),
            source,
        })?;
        let _ = std::fs::create_dir_all(&config.mpl_config_dir);
        let mut cmd = Command::new(&config.worker_exe);
        cmd.args(&config.worker_args)
            .stdin(Stdio::from(theirs))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .env_clear()
            .envs(template_env(config, slot))
            // Its own process group: a signal to the grader's group does not reach it.
            .process_group(0);
        let process = cmd.spawn().map_err(|source| PoolError::Spawn {
            exe: config.worker_exe.display().to_string(),
            source,
        })?;
        // The command holds the template's end of the socket until dropped: drop it now,
        // or a template that dies before its hello would never be seen to end.
        drop(cmd);
        let hello = match fdpass::recv(&ours) {
            Ok(Some((bytes, _))) => match serde_json::from_slice::<Reply>(&bytes) {
                Ok(Reply::Hello(h)) => h,
                Ok(other) => {
                    return Err(PoolError::Python(format!(
                        "unexpected first message {other:?}"
                    )));
                }
                Err(e) => return Err(PoolError::Python(format!("bad hello: {e}"))),
            },
            Ok(None) => {
                return Err(PoolError::NoHello(io::ErrorKind::UnexpectedEof.into()));
            }
            Err(e) => return Err(PoolError::NoHello(e)),
        };
        if !hello.ok {
            return Err(PoolError::Python(hello.error.clone().unwrap_or_default()));
        }
        Ok(Template {
            process,
            socket: ours,
            hello,
            expect: VecDeque::new(),
            ready: Vec::new(),
            reaped: Vec::new(),
        })
    }

    pub fn pid(&self) -> u32 {
        self.process.id()
    }

    fn send(
        &self,
        command: &zygote::Command,
        fds: &[std::os::fd::BorrowedFd<'_>],
    ) -> Result<(), Lost> {
        let bytes = serde_json::to_vec(command).map_err(|e| Lost(e.to_string()))?;
        fdpass::send(&self.socket, &bytes, fds)
            .map_err(|e| Lost(format!("cannot reach the worker: {e}")))
    }

    /// Ask for a child of `role`, to be ready when [`Template::take`] wants it.
    fn request(&mut self, role: Role, limits: &Limits, warm: bool) -> Result<(), Lost> {
        let (in_r, in_w) = pipe().map_err(|e| Lost(e.to_string()))?;
        let (out_r, out_w) = pipe().map_err(|e| Lost(e.to_string()))?;
        let command = zygote::Command::Spawn {
            role,
            limits: *limits,
            warm,
        };
        self.send(&command, &[in_r.as_fd(), out_w.as_fd()])?;
        // The child's ends now live in the template (and then the child) only.
        drop((in_r, out_w));
        self.expect.push_back(Expect::Spawn {
            role,
            input: File::from(in_w),
            output: out_r,
        });
        Ok(())
    }

    /// Read the next reply and settle what it answers.
    fn settle_one(&mut self) -> Result<(), Lost> {
        let Some(expect) = self.expect.pop_front() else {
            return Err(Lost("no reply expected".into()));
        };
        let reply = match fdpass::recv(&self.socket) {
            Ok(Some((bytes, _))) => serde_json::from_slice::<Reply>(&bytes)
                .map_err(|e| Lost(format!("bad reply from the worker: {e}")))?,
            Ok(None) => return Err(Lost("the worker ended".into())),
            Err(e) => return Err(Lost(format!("the worker's socket failed: {e}"))),
        };
        match (expect, reply) {
            (
                Expect::Spawn {
                    role,
                    input,
                    output,
                },
                Reply::Spawned { pid },
            ) => {
                self.ready.push(Spare {
                    pid,
                    role,
                    input,
                    output,
                });
                Ok(())
            }
            (
                Expect::Reap { pid: want },
                Reply::Reaped {
                    pid,
                    exited,
                    signal,
                },
            ) if want == pid => {
                self.reaped.push((pid, exited, signal));
                Ok(())
            }
            (_, Reply::Failed { error }) => Err(Lost(format!("the worker failed: {error}"))),
            (_, other) => Err(Lost(format!("the worker answered out of turn: {other:?}"))),
        }
    }

    /// A ready child of `role`: forked ahead, or asked for now.
    fn take(&mut self, role: Role, limits: &Limits, warm: bool) -> Result<Spare, Lost> {
        loop {
            if let Some(i) = self.ready.iter().position(|s| s.role == role) {
                return Ok(self.ready.swap_remove(i));
            }
            if !self
                .expect
                .iter()
                .any(|e| matches!(e, Expect::Spawn { role: r, .. } if *r == role))
            {
                self.request(role, limits, warm)?;
            }
            self.settle_one()?;
        }
    }

    /// Have the template reap `pid` (already killed, or about to end); the reply is read
    /// later, while other work goes on.
    fn reap_later(&mut self, pid: i32) -> Result<(), Lost> {
        self.send(
            &zygote::Command::Reap {
                pid,
                deadline_ms: 2000,
            },
            &[],
        )?;
        self.expect.push_back(Expect::Reap { pid });
        Ok(())
    }

    /// How `pid` ended, waiting for it (killing it past `deadline_ms`).
    fn reap_now(&mut self, pid: i32, deadline_ms: u64) -> Result<(Option<i32>, Option<i32>), Lost> {
        self.send(&zygote::Command::Reap { pid, deadline_ms }, &[])?;
        self.expect.push_back(Expect::Reap { pid });
        loop {
            if let Some(i) = self.reaped.iter().position(|r| r.0 == pid) {
                let (_, exited, signal) = self.reaped.swap_remove(i);
                return Ok((exited, signal));
            }
            self.settle_one()?;
        }
    }

    /// Settle replies already on their way (reaps of finished children), keeping the
    /// list of statuses short.
    fn tidy(&mut self) {
        self.reaped.clear();
    }
}

/// Run one job through a slot's template: a job child, then (for its figures) a reader.
pub fn run(template: &mut Template, config: &ExecConfig, job: Job) -> Result<Outcome, Lost> {
    // Nobody waits for the tickets here: finishing joins the collector.
    let (done, _) = mpsc::channel();
    let running = start_job(template, config, job, 0, done.clone())?;
    match finish_job(template, running)? {
        Ran::Done(outcome) => Ok(outcome),
        Ran::Figures(figures) => {
            let reading = start_read(template, config, figures, 1, done)?;
            finish_read(template, reading)
        }
    }
}

/// Where a child's reply is collected: a thread of the parent's, which sends its ticket
/// on the slot's channel when the reply is in (or the deadline passed). The slot waits
/// on that channel, so it can take whichever of its two children (a job and the earlier
/// job's reader) ends first.
struct Collecting {
    pid: i32,
    ticket: u64,
    handle: std::thread::JoinHandle<(Vec<u8>, bool, Instant)>,
}

impl Collecting {
    fn start(
        pid: i32,
        output: OwnedFd,
        timeout: Duration,
        ticket: u64,
        done: mpsc::Sender<u64>,
    ) -> Result<Collecting, Lost> {
        let handle = std::thread::Builder::new()
            .name("plotgrade-collect".into())
            .spawn(move || {
                let (bytes, timed_out) = collect(pid, output, timeout);
                let ended = Instant::now();
                kill(pid);
                let _ = done.send(ticket);
                (bytes, timed_out, ended)
            })
            .map_err(|e| Lost(format!("cannot start a thread to collect a reply: {e}")))?;
        Ok(Collecting {
            pid,
            ticket,
            handle,
        })
    }

    /// The reply, waiting for it if it is not in yet.
    fn join(self) -> Result<(Vec<u8>, bool, Instant), Lost> {
        self.handle
            .join()
            .map_err(|_| Lost("a reply's collecting thread panicked".into()))
    }
}

/// A job's child at work.
pub struct Running {
    sent: Result<(), String>,
    output_cap: usize,
    timeout: Duration,
    started: Instant,
    collecting: Collecting,
}

/// A job whose child has ended: decided already, or with figures a reader must draw.
pub enum Ran {
    Done(Outcome),
    Figures(Figures),
}

/// A job's figure bytes, not yet drawn, and what its child said.
pub struct Figures {
    outcome: Outcome,
    payloads: Vec<Vec<u8>>,
    started: Instant,
}

/// A reader at work on a job's figures, while the slot runs the next job's child (two
/// processes of one slot at work: on two cores a job costs the longer of the two, not
/// their sum).
pub struct Reading {
    outcome: Outcome,
    sent: Result<(), String>,
    started: Instant,
    timeout: Duration,
    collecting: Collecting,
}

impl Running {
    /// The ticket its collector sends when the child's reply is in.
    pub fn ticket(&self) -> u64 {
        self.collecting.ticket
    }

    /// Give up on a job whose template is gone (its children with it).
    pub fn abandon(self) {
        let _ = self.collecting.join();
    }
}

impl Reading {
    /// The ticket its collector sends when the reader's reply is in.
    pub fn ticket(&self) -> u64 {
        self.collecting.ticket
    }

    /// Give up on a reader whose template is gone (its children with it): wait for the
    /// collecting thread, which sees the pipe close. No signal is sent: the pid may
    /// already be reaped, and so be another process's.
    pub fn abandon(self) {
        let _ = self.collecting.join();
    }
}

/// Send a spare child its input (one frame; its input pipe then closes) and collect its
/// reply in the background. A send that failed is kept to explain a missing reply.
fn hand_over<H: serde::Serialize>(
    spare: Spare,
    header: &H,
    blobs: Vec<Vec<u8>>,
    timeout: Duration,
    ticket: u64,
    done: mpsc::Sender<u64>,
) -> Result<(Result<(), String>, Collecting), Lost> {
    let sent = Frame::new(header, blobs)
        .and_then(|f| f.write_to(&spare.input))
        .map_err(|e| e.to_string());
    drop(spare.input);
    let collecting = Collecting::start(spare.pid, spare.output, timeout, ticket, done)?;
    Ok((sent, collecting))
}

/// Hand a job to a spare job child; its reply is collected in the background and
/// `ticket` sent on `done` when it is in.
pub fn start_job(
    template: &mut Template,
    config: &ExecConfig,
    job: Job,
    ticket: u64,
    done: mpsc::Sender<u64>,
) -> Result<Running, Lost> {
    let limits = config.limits;
    let warm = config.prewarm();
    let started = Instant::now();
    template.tidy();
    let spare = template.take(Role::Job, &limits, warm)?;
    let order = JobOrder {
        name: job.name,
        seed: job.seed,
        output_cap: limits.output_cap,
    };
    let (sent, collecting) =
        hand_over(spare, &order, vec![job.code], limits.timeout, ticket, done)?;
    // The next job's child is forked while this one runs, and a reader is made ready.
    template.request(Role::Job, &limits, warm)?;
    if !template.ready.iter().any(|s| s.role == Role::Reader)
        && !template.expect.iter().any(|e| {
            matches!(
                e,
                Expect::Spawn {
                    role: Role::Reader,
                    ..
                }
            )
        })
    {
        template.request(Role::Reader, &limits, warm)?;
    }
    Ok(Running {
        sent,
        output_cap: limits.output_cap,
        timeout: limits.timeout,
        started,
        collecting,
    })
}

/// Take a job child's reply (waiting for it if it is not in yet).
pub fn finish_job(template: &mut Template, running: Running) -> Result<Ran, Lost> {
    let Running {
        sent,
        output_cap,
        timeout,
        started,
        collecting,
    } = running;
    let pid = collecting.pid;
    let (bytes, timed_out, _) = collecting.join()?;
    let reply = match sent {
        Ok(()) => read_job_reply(&bytes, output_cap),
        Err(e) => Err(NoReply::Unreadable(format!("cannot send the job: {e}"))),
    };
    let (mut outcome, payloads) = match reply {
        Ok(r) if !timed_out => {
            template.reap_later(pid)?;
            r
        }
        other => {
            let wait = template.reap_now(pid, 1000)?;
            let no_reply = other.err().unwrap_or(NoReply::Empty);
            let mut o = classify(no_reply, wait, timed_out, timeout, "job");
            o.timings.wall = Some(ms(started.elapsed()));
            return Ok(Ran::Done(o));
        }
    };
    if outcome.status == Status::Ok {
        if payloads.is_empty() {
            outcome.status = Status::NoFigure;
        } else {
            return Ok(Ran::Figures(Figures {
                outcome,
                payloads,
                started,
            }));
        }
    }
    outcome.timings.wall = Some(ms(started.elapsed()));
    Ok(Ran::Done(outcome))
}

/// Hand a job's figures to a reader; its reply is collected in the background and
/// `ticket` sent on `done` when it is in.
pub fn start_read(
    template: &mut Template,
    config: &ExecConfig,
    figures: Figures,
    ticket: u64,
    done: mpsc::Sender<u64>,
) -> Result<Reading, Lost> {
    let limits = config.limits;
    let warm = config.prewarm();
    let reader = template.take(Role::Reader, &limits, warm)?;
    let header = serde_json::json!({});
    let (sent, collecting) = hand_over(
        reader,
        &header,
        figures.payloads,
        limits.timeout,
        ticket,
        done,
    )?;
    template.request(Role::Reader, &limits, warm)?;
    Ok(Reading {
        outcome: figures.outcome,
        sent,
        started: figures.started,
        timeout: limits.timeout,
        collecting,
    })
}

/// Take what a reader drew as the job's figures (waiting for it if it is not done).
pub fn finish_read(template: &mut Template, reading: Reading) -> Result<Outcome, Lost> {
    let Reading {
        mut outcome,
        sent,
        started,
        timeout,
        collecting,
    } = reading;
    let pid = collecting.pid;
    let (bytes, timed_out, ended) = collecting.join()?;
    let reply = match sent {
        Ok(()) => read_reader_reply(&bytes),
        Err(e) => Err(NoReply::Unreadable(format!("cannot send the figures: {e}"))),
    };
    match reply {
        Ok((report, pngs)) if !timed_out => {
            template.reap_later(pid)?;
            report.apply(&mut outcome, pngs);
        }
        other => {
            let wait = template.reap_now(pid, 1000)?;
            let no_reply = other.err().unwrap_or(NoReply::Empty);
            let decided = classify(no_reply, wait, timed_out, timeout, "reader");
            outcome.status = decided.status;
            outcome.detail = decided.detail;
            outcome.figures = 0;
        }
    }
    outcome.timings.wall = Some(ms(ended.duration_since(started)));
    Ok(outcome)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC).map_err(io::Error::from)
}

/// Most bytes a child may send back before it is stopped.
const MAX_REPLY: usize = 512 << 20;

/// Read a child's reply until it closes the pipe or the deadline passes (then kill it).
fn collect(pid: i32, rx: OwnedFd, timeout: Duration) -> (Vec<u8>, bool) {
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
        let wait = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd.
        let r = unsafe { libc::poll(&mut pfd, 1, wait) };
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

fn kill(pid: i32) {
    // SAFETY: a child of this slot's template, not yet reaped (so the pid is still it).
    unsafe { libc::kill(pid, libc::SIGKILL) };
}

/// Why the bytes a child sent are not a reply.
#[derive(Debug)]
enum NoReply {
    /// Nothing at all.
    Empty,
    /// A frame cut short.
    Truncated(String),
    /// A whole frame whose header is not a report.
    Unreadable(String),
}

fn parse(bytes: &[u8]) -> Result<Frame, NoReply> {
    Frame::parse(bytes).map_err(|e| {
        if bytes.is_empty() {
            NoReply::Empty
        } else {
            NoReply::Truncated(e.to_string())
        }
    })
}

/// What a job says of itself. Untrusted: it can only cost the job (a failure it
/// reports, output it printed); every field is bounded on the way in.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct JobReport {
    status: Option<Status>,
    error: Option<JobError>,
    stdout: String,
    stderr: String,
    stdout_dropped: u64,
    stderr_dropped: u64,
    forbidden: Vec<String>,
    saved_paths: Vec<String>,
    show_calls: u32,
    backend_requests: Vec<String>,
    #[serde(rename = "timings_ms")]
    timings: Timings,
    detail: Option<String>,
}

/// Most entries kept of a job's lists, and characters of each entry.
const MAX_ENTRIES: usize = 100;
const MAX_ENTRY_CHARS: usize = 500;

fn bounded(s: &mut String, max: usize) -> u64 {
    match s.char_indices().nth(max) {
        Some((at, _)) => {
            let dropped = s[at..].chars().count() as u64;
            s.truncate(at);
            dropped
        }
        None => 0,
    }
}

fn bounded_list(v: &mut Vec<String>) {
    v.truncate(MAX_ENTRIES);
    for s in v {
        bounded(s, MAX_ENTRY_CHARS);
    }
}

fn read_job_reply(bytes: &[u8], cap: usize) -> Result<(Outcome, Vec<Vec<u8>>), NoReply> {
    let frame = parse(bytes)?;
    let mut r: JobReport = frame
        .header()
        .map_err(|e| NoReply::Unreadable(e.to_string()))?;
    let status = r
        .status
        .ok_or_else(|| NoReply::Unreadable("no status".into()))?;
    r.stdout_dropped = r.stdout_dropped.saturating_add(bounded(&mut r.stdout, cap));
    r.stderr_dropped = r.stderr_dropped.saturating_add(bounded(&mut r.stderr, cap));
    bounded_list(&mut r.forbidden);
    bounded_list(&mut r.saved_paths);
    bounded_list(&mut r.backend_requests);
    if let Some(e) = &mut r.error {
        bounded(&mut e.kind, MAX_ENTRY_CHARS);
        bounded(&mut e.message, 4 * MAX_ENTRY_CHARS);
        bounded(&mut e.traceback, cap);
    }
    let outcome = Outcome {
        status,
        error: r.error,
        detail: r.detail.map(|mut d| {
            bounded(&mut d, MAX_ENTRY_CHARS);
            d
        }),
        stdout: r.stdout,
        stderr: r.stderr,
        stdout_dropped: r.stdout_dropped,
        stderr_dropped: r.stderr_dropped,
        forbidden: r.forbidden,
        saved_paths: r.saved_paths,
        show_calls: r.show_calls,
        backend_requests: r.backend_requests,
        figures: 0,
        scene: Default::default(),
        timings: Timings {
            exec: r.timings.exec,
            pack: r.timings.pack,
            total: r.timings.total,
            page_faults: r.timings.page_faults,
            ..Timings::default()
        },
        pngs: Vec::new(),
        worker_lost: false,
    };
    // Figures count only from a job that says it ran to the end; a reader draws them.
    let payloads = if status == Status::Ok {
        frame.blobs
    } else {
        Vec::new()
    };
    Ok((outcome, payloads))
}

/// What a reader reports: the figures as drawn.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReaderReport {
    status: Status,
    error: Option<JobError>,
    figures: usize,
    #[serde(default)]
    scene: plotgrade_model::scene::Scene,
    #[serde(rename = "timings_ms", default)]
    timings: Timings,
    #[serde(default)]
    detail: Option<String>,
}

impl ReaderReport {
    fn apply(self, outcome: &mut Outcome, pngs: Vec<Vec<u8>>) {
        outcome.status = self.status;
        if self.status == Status::Ok {
            outcome.figures = self.figures;
            outcome.scene = self.scene;
            outcome.pngs = pngs;
        } else {
            outcome.error = self.error;
            outcome.detail = self.detail;
        }
        outcome.timings.unpack = self.timings.unpack;
        outcome.timings.render = self.timings.render;
        outcome.timings.scene = self.timings.scene;
        outcome.timings.read = self.timings.read;
        outcome.timings.read_page_faults = self.timings.read_page_faults;
    }
}

fn read_reader_reply(bytes: &[u8]) -> Result<(ReaderReport, Vec<Vec<u8>>), NoReply> {
    let frame = parse(bytes)?;
    let report: ReaderReport = frame
        .header()
        .map_err(|e| NoReply::Unreadable(e.to_string()))?;
    Ok((report, frame.blobs))
}

/// The status of a child that sent no reply: killed at the deadline, killed by a
/// signal, or exited without (or with a broken) reply. `who`: "job" or "reader".
fn classify(
    no_reply: NoReply,
    (exited, signal): (Option<i32>, Option<i32>),
    killed_at_deadline: bool,
    timeout: Duration,
    who: &str,
) -> Outcome {
    let drawing = if who == "reader" {
        " drawing the figure"
    } else {
        ""
    };
    if killed_at_deadline {
        return Outcome::failed(
            Status::Timeout,
            format!(
                "still running{drawing} after {:.1} s; killed",
                timeout.as_secs_f64()
            ),
        );
    }
    if let Some(sig) = signal {
        let (status, what) = match sig {
            libc::SIGSYS => (
                Status::Forbidden,
                format!(
                    "killed{drawing} for a forbidden system call (a process, a socket, io_uring, ptrace or a signal to another process)"
                ),
            ),
            libc::SIGXCPU => (Status::Timeout, format!("CPU time limit exceeded{drawing}")),
            libc::SIGXFSZ => (Status::Crashed, "file size limit exceeded".to_string()),
            s => (
                Status::Crashed,
                format!(
                    "the {who} process was killed by signal {s} ({})",
                    signal_name(s)
                ),
            ),
        };
        return Outcome::failed(status, what);
    }
    let code = exited.unwrap_or(-1);
    Outcome::failed(
        Status::Crashed,
        match no_reply {
            NoReply::Empty => format!(
                "the {who} process exited with code {code} before reporting (os._exit or a fatal error)"
            ),
            NoReply::Truncated(e) => {
                format!("truncated reply from the {who} (exit code {code}): {e}")
            }
            NoReply::Unreadable(e) => format!("unreadable reply from the {who}: {e}"),
        },
    )
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
