//! The parent's side: a pool of warm workers, jobs dispatched to whichever is free.
//!
//! Each worker is this binary re-executed as `plotgrade __worker`, talking frames over its
//! stdin/stdout. One thread per worker feeds it jobs from a shared queue. A worker that
//! dies mid-job (it should not: jobs run in its children) has that job reported as
//! `crashed` and is replaced, so no job is ever lost. Results come back indexed by job, so
//! their order never depends on scheduling.

use std::collections::VecDeque;
use std::io::{BufReader, BufWriter};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use thiserror::Error;

use super::protocol::Frame;
use super::worker::{Hello, Request, Response};
use super::{ExecConfig, Job, Outcome, Status};

#[derive(Debug, Error)]
pub enum PoolError {
    #[error("cannot start worker {exe}: {source}")]
    Spawn { exe: String, source: std::io::Error },
    #[error("worker failed to start Python: {0}")]
    Python(String),
    #[error("worker ended before it was ready (see its stderr above): {0}")]
    NoHello(std::io::Error),
}

/// Said to the user when the kernel does not enforce Landlock.
pub const NO_LANDLOCK: &str = "warning: this kernel does not enforce Landlock: file access of submissions is guarded only by the Python audit hook (ctypes can bypass it); seccomp and rlimits still apply";

/// What the workers run: interpreter and library versions, and sandbox coverage.
#[derive(Debug, Clone)]
pub struct WorkerInfo {
    pub versions: serde_json::Value,
    pub landlock: bool,
}

struct Worker {
    child: Child,
    input: BufWriter<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing stdin ends the worker's loop; kill covers a worker that is stuck.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Warm workers ready to run jobs.
pub struct Pool {
    config: ExecConfig,
    workers: Vec<Mutex<Option<Worker>>>,
    info: WorkerInfo,
    next_job: Mutex<u64>,
}

impl Pool {
    /// Start `config.jobs` workers (in parallel) and wait until all are warm.
    pub fn start(config: ExecConfig) -> Result<Pool, PoolError> {
        let started: Vec<Result<(Worker, Hello), PoolError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..config.jobs)
                .map(|_| s.spawn(|| spawn(&config)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("worker start thread"))
                .collect()
        });
        let mut workers = Vec::new();
        let mut info = None;
        for r in started {
            let (w, hello) = r?;
            info.get_or_insert(WorkerInfo {
                versions: hello.versions,
                landlock: hello.landlock,
            });
            workers.push(Mutex::new(Some(w)));
        }
        Ok(Pool {
            config,
            workers,
            info: info.expect("at least one worker"),
            next_job: Mutex::new(0),
        })
    }

    pub fn info(&self) -> &WorkerInfo {
        &self.info
    }

    pub fn jobs(&self) -> usize {
        self.workers.len()
    }

    /// Process ids of the live workers (for diagnostics and tests).
    pub fn worker_pids(&self) -> Vec<u32> {
        self.workers
            .iter()
            .filter_map(|w| {
                w.lock()
                    .expect("worker slot")
                    .as_ref()
                    .map(|w| w.child.id())
            })
            .collect()
    }

    pub fn config(&self) -> &ExecConfig {
        &self.config
    }

    /// Run one job.
    pub fn run_one(&self, job: Job) -> Outcome {
        self.run(vec![job], |_, _| {}).pop().expect("one outcome")
    }

    /// Run all jobs; `on_done(index, outcome)` is called as each finishes (in completion
    /// order, from the calling thread). Returns outcomes in the order of `jobs`.
    pub fn run(&self, jobs: Vec<Job>, mut on_done: impl FnMut(usize, &Outcome)) -> Vec<Outcome> {
        let never = AtomicBool::new(false);
        self.run_until(jobs, &never, |i, o| on_done(i, o))
            .into_iter()
            .map(|o| o.expect("every job answered when not cancelled"))
            .collect()
    }

    /// Like [`Pool::run`], but stops handing out jobs once `cancel` is set (jobs already
    /// running finish and are reported); jobs never started are `None`.
    pub fn run_until(
        &self,
        jobs: Vec<Job>,
        cancel: &AtomicBool,
        mut on_done: impl FnMut(usize, &Outcome),
    ) -> Vec<Option<Outcome>> {
        let n = jobs.len();
        let queue: Mutex<VecDeque<(usize, Job)>> =
            Mutex::new(jobs.into_iter().enumerate().collect());
        let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
        let mut results: Vec<Option<Outcome>> = (0..n).map(|_| None).collect();
        std::thread::scope(|s| {
            for slot in &self.workers {
                let tx = tx.clone();
                let queue = &queue;
                s.spawn(move || {
                    loop {
                        if cancel.load(Ordering::SeqCst) {
                            break;
                        }
                        let Some((i, job)) = queue.lock().expect("queue").pop_front() else {
                            break;
                        };
                        let outcome = self.dispatch(slot, job);
                        if tx.send((i, outcome)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            for (i, outcome) in rx {
                on_done(i, &outcome);
                results[i] = Some(outcome);
            }
        });
        results
    }

    /// Send one job to a worker and wait for its answer; replace the worker if it died.
    fn dispatch(&self, slot: &Mutex<Option<Worker>>, job: Job) -> Outcome {
        let id = {
            let mut n = self.next_job.lock().expect("job counter");
            *n += 1;
            *n
        };
        let mut guard = slot.lock().expect("worker slot");
        if guard.is_none() {
            match spawn(&self.config) {
                Ok((w, _)) => *guard = Some(w),
                Err(e) => {
                    return Outcome::failed(Status::Crashed, format!("no worker available: {e}"));
                }
            }
        }
        let worker = guard.as_mut().expect("worker present");
        let req = Request {
            job: id,
            name: job.name,
            seed: job.seed,
            limits: self.config.limits,
        };
        let answer = Frame::new(&req, vec![job.code])
            .and_then(|f| f.write_to(&mut worker.input))
            .and_then(|()| Frame::read_from(&mut worker.output))
            .and_then(|f| f.ok_or_else(|| std::io::ErrorKind::UnexpectedEof.into()))
            .and_then(|f| {
                let resp: Response = f.header()?;
                Ok((resp, f.blobs))
            });
        match answer {
            Ok((resp, blobs)) if resp.job == id => {
                let mut o = resp.outcome;
                o.pngs = blobs;
                o
            }
            Ok((resp, _)) => {
                *guard = None;
                Outcome::failed(
                    Status::Crashed,
                    format!(
                        "worker answered job {} for job {id}; worker replaced",
                        resp.job
                    ),
                )
            }
            Err(e) => {
                // The worker is gone or confused: report the job, replace the worker.
                *guard = None;
                Outcome::failed(
                    Status::Crashed,
                    format!("the worker died while running this job ({e}); it was replaced"),
                )
            }
        }
    }
}

fn spawn(config: &ExecConfig) -> Result<(Worker, Hello), PoolError> {
    let mut cmd = Command::new(&config.worker_exe);
    cmd.arg("__worker")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .env("PLOTGRADE_SITE", &config.site_packages)
        .env("MPLCONFIGDIR", &config.mpl_config_dir)
        .env("MPLBACKEND", "Agg")
        // One BLAS thread: deterministic sums, and no thread pool to break across fork.
        .env("OPENBLAS_NUM_THREADS", "1")
        .env("OMP_NUM_THREADS", "1")
        .env("MKL_NUM_THREADS", "1")
        .env("PYTHONHASHSEED", "0")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONNOUSERSITE", "1")
        .env("PYTHONIOENCODING", "utf-8")
        // Warm each job's process ahead of time only when a core is left idle for it.
        .env(
            "PLOTGRADE_PREWARM",
            if config.prewarm() { "1" } else { "0" },
        )
        .env_remove("PYTHONHOME")
        .env_remove("PYTHONPATH")
        .env_remove("PYTHONSTARTUP");
    match &config.shim_dir {
        Some(d) => cmd.env("PLOTGRADE_SHIM_DIR", d),
        None => cmd.env_remove("PLOTGRADE_SHIM_DIR"),
    };
    let _ = std::fs::create_dir_all(&config.mpl_config_dir);
    let mut child = cmd.spawn().map_err(|source| PoolError::Spawn {
        exe: config.worker_exe.display().to_string(),
        source,
    })?;
    let input = BufWriter::new(child.stdin.take().expect("piped stdin"));
    let mut output = BufReader::new(child.stdout.take().expect("piped stdout"));
    let hello = Frame::read_from(&mut output)
        .and_then(|f| f.ok_or_else(|| std::io::ErrorKind::UnexpectedEof.into()))
        .and_then(|f| f.header::<Hello>());
    let worker = Worker {
        child,
        input,
        output,
    };
    match hello {
        Ok(h) if h.ok => Ok((worker, h)),
        Ok(h) => Err(PoolError::Python(h.error.unwrap_or_default())),
        Err(e) => Err(PoolError::NoHello(e)),
    }
}
