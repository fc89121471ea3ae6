//! The parent's side: a pool of slots, jobs dispatched to whichever is free.
//!
//! Each slot is a template process (this binary re-executed as `plotgrade __worker`, see
//! `zygote.rs`) driven by one thread of the parent (`slot.rs`). Results come back indexed
//! by job, so their order never depends on scheduling. A job whose template dies under it
//! (killed from outside: the OOM killer, a person) is run again once on a fresh template;
//! if that one dies too, the job is reported `crashed` with `worker_lost` set, which a
//! grade does not count as done, so a resumed run retries it.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;

use super::slot::{self, Template};
use super::{ExecConfig, Job, Outcome, Status};

pub use super::slot::PoolError;

/// Said to the user when the kernel does not enforce Landlock.
pub const NO_LANDLOCK: &str = "warning: this kernel does not enforce Landlock: file access of submissions is guarded only by the Python audit hook (ctypes can bypass it); seccomp and rlimits still apply";
/// Said to the user when job directories cannot have a size quota.
pub const NO_QUOTA: &str = "warning: no mount namespace can be made here (neither root nor user namespaces): job directories have no size quota; files are still limited to --file-size each";

/// What the workers run: interpreter and library versions, and sandbox coverage.
#[derive(Debug, Clone)]
pub struct WorkerInfo {
    pub versions: serde_json::Value,
    pub landlock: bool,
    pub quota: bool,
    /// The uid jobs run as, when plotgrade runs as root (slot 0's; slot i adds i).
    pub uid: Option<u32>,
}

/// Warm templates ready to run jobs.
pub struct Pool {
    config: ExecConfig,
    slots: Vec<Mutex<Option<Template>>>,
    /// Each slot's template pid (0 while it has none), readable while a job runs.
    pids: Vec<AtomicU32>,
    info: WorkerInfo,
}

impl Pool {
    /// Start `config.jobs` templates (in parallel) and wait until all are warm. Job
    /// directories left by templates of runs that were killed are removed first.
    pub fn start(config: ExecConfig) -> Result<Pool, PoolError> {
        super::zygote::sweep_stale(&config.tmp_dir);
        let started: Vec<Result<Template, PoolError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..config.jobs)
                .map(|i| {
                    let config = &config;
                    s.spawn(move || Template::start(config, i))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("worker start thread"))
                .collect()
        });
        let mut slots = Vec::new();
        let mut pids = Vec::new();
        let mut info = None;
        for r in started {
            let t = r?;
            pids.push(AtomicU32::new(t.pid()));
            info.get_or_insert(WorkerInfo {
                versions: t.hello.versions.clone(),
                landlock: t.hello.landlock,
                quota: t.hello.quota,
                uid: t.hello.uid,
            });
            slots.push(Mutex::new(Some(t)));
        }
        Ok(Pool {
            config,
            slots,
            pids,
            info: info.expect("at least one worker"),
        })
    }

    pub fn info(&self) -> &WorkerInfo {
        &self.info
    }

    /// The warnings a person should see about walls this machine cannot raise.
    pub fn warnings(&self) -> Vec<&'static str> {
        let mut w = Vec::new();
        if !self.info.landlock {
            w.push(NO_LANDLOCK);
        }
        if !self.info.quota {
            w.push(NO_QUOTA);
        }
        w
    }

    pub fn jobs(&self) -> usize {
        self.slots.len()
    }

    /// Process ids of the live templates (for diagnostics and tests); does not wait for
    /// running jobs.
    pub fn worker_pids(&self) -> Vec<u32> {
        self.pids
            .iter()
            .map(|p| p.load(Ordering::SeqCst))
            .filter(|&p| p != 0)
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
        let mut results: Vec<Option<Outcome>> = (0..jobs.len()).map(|_| None).collect();
        self.each_until(jobs, cancel, |i, outcome| {
            on_done(i, &outcome);
            results[i] = Some(outcome);
        });
        results
    }

    /// Like [`Pool::run_until`], but hands each outcome over and keeps none: a caller
    /// that stores outcomes as they come (a grading run) holds one at a time, so its
    /// memory stays flat however many jobs there are. Returns which jobs were answered.
    pub fn each_until(
        &self,
        jobs: Vec<Job>,
        cancel: &AtomicBool,
        mut on_done: impl FnMut(usize, Outcome),
    ) -> Vec<bool> {
        let n = jobs.len();
        let queue: Mutex<VecDeque<(usize, Job)>> =
            Mutex::new(jobs.into_iter().enumerate().collect());
        // Bounded: when the caller's handling is slower than the workers, a finished
        // outcome waits in its slot rather than piling up here.
        let (tx, rx) = mpsc::sync_channel::<(usize, Outcome)>(self.slots.len());
        let mut answered = vec![false; n];
        std::thread::scope(|s| {
            for (index, slot) in self.slots.iter().enumerate() {
                let tx = tx.clone();
                let queue = &queue;
                s.spawn(move || {
                    let next = || {
                        if cancel.load(Ordering::SeqCst) {
                            return None;
                        }
                        queue.lock().expect("queue").pop_front()
                    };
                    self.work_slot(slot, index, next, |i, o| tx.send((i, o)).is_ok());
                });
            }
            drop(tx);
            for (i, outcome) in rx {
                answered[i] = true;
                on_done(i, outcome);
            }
        });
        answered
    }

    /// Run a slot's share of the jobs, each job's reader drawing while the next job's
    /// child runs. `next` hands out jobs; `done` takes each outcome and says whether to go
    /// on. An outcome is handed over as soon as its reader is done, not when the next
    /// job's child is: a job that runs to its timeout does not hold back the one before.
    /// A template lost under a job is replaced and the job run once more (alone, not
    /// overlapped); a job whose reader was at work on the lost template is run again too.
    // Over 80 lines: splitting it into a struct of methods (c19188f) measured slower in
    // the bench (warm grade 1.45-1.83x the fork loop against 1.33x, same hour), so it
    // stays one function until a split is shown to cost nothing.
    #[allow(clippy::too_many_lines)]
    fn work_slot(
        &self,
        slot: &Mutex<Option<Template>>,
        index: usize,
        mut next: impl FnMut() -> Option<(usize, Job)>,
        mut done: impl FnMut(usize, Outcome) -> bool,
    ) {
        let mut guard = slot.lock().expect("worker slot");
        // Each collecting thread sends its ticket here when its child's reply is in.
        let (tx, rx) = mpsc::channel::<u64>();
        let mut tickets = 0u64;
        let mut reading: Option<(usize, Job, slot::Reading)> = None;
        // Wait for `ticket`; a reader that ends meanwhile is finished and handed over.
        // False when `done` says to stop.
        let wait = |ticket: u64,
                    guard: &mut Option<Template>,
                    reading: &mut Option<(usize, Job, slot::Reading)>,
                    done: &mut dyn FnMut(usize, Outcome) -> bool|
         -> bool {
            loop {
                let t = rx.recv().expect("the slot holds a sender");
                if reading.as_ref().is_some_and(|r| r.2.ticket() == t) {
                    let (k, earlier, r) = reading.take().expect("a reader");
                    if !done(k, self.finish(guard, index, earlier, r)) {
                        return false;
                    }
                }
                if t == ticket {
                    return true;
                }
                // Else a ticket of a collector given up with its template: stale.
            }
        };
        while let Some((i, job)) = next() {
            tickets += 1;
            let started = self.template(&mut guard, index).and_then(|t| {
                slot::start_job(t, &self.config, job.clone(), tickets, tx.clone()).map_err(|l| l.0)
            });
            // The template this job runs on: the earlier job's reader, finished while
            // this job runs, may lose it and start another.
            let pid = self.pids[index].load(Ordering::SeqCst);
            let ran = match started {
                Ok(running) => {
                    let go_on = wait(running.ticket(), &mut guard, &mut reading, &mut done);
                    if !go_on {
                        running.abandon();
                        return;
                    }
                    if self.pids[index].load(Ordering::SeqCst) != pid {
                        // The earlier job's template died while this job ran on it.
                        running.abandon();
                        Err("the worker was replaced while the job ran".to_string())
                    } else {
                        self.template(&mut guard, index)
                            .and_then(|t| slot::finish_job(t, running).map_err(|l| l.0))
                    }
                }
                Err(why) => Err(why),
            };
            let ran = match ran {
                Ok(ran) => ran,
                Err(why) => {
                    self.lose(&mut guard, index);
                    if let Some((k, earlier, r)) = reading.take() {
                        r.abandon();
                        if !done(k, self.retry(&mut guard, index, earlier, &why)) {
                            return;
                        }
                    }
                    if !done(i, self.retry(&mut guard, index, job, &why)) {
                        return;
                    }
                    continue;
                }
            };
            match ran {
                slot::Ran::Done(outcome) => {
                    if !done(i, outcome) {
                        return;
                    }
                }
                slot::Ran::Figures(figures) => {
                    // At most one reader at work: the earlier one ends first.
                    if let Some(t) = reading.as_ref().map(|r| r.2.ticket())
                        && !wait(t, &mut guard, &mut reading, &mut done)
                    {
                        return;
                    }
                    tickets += 1;
                    let started = self.template(&mut guard, index).and_then(|t| {
                        slot::start_read(t, &self.config, figures, tickets, tx.clone())
                            .map_err(|l| l.0)
                    });
                    match started {
                        Ok(r) => reading = Some((i, job, r)),
                        Err(why) => {
                            self.lose(&mut guard, index);
                            if !done(i, self.retry(&mut guard, index, job, &why)) {
                                return;
                            }
                        }
                    }
                }
            }
        }
        if let Some(t) = reading.as_ref().map(|r| r.2.ticket()) {
            wait(t, &mut guard, &mut reading, &mut done);
        }
    }

    /// The slot's template, started anew when it has none.
    fn template<'a>(
        &self,
        guard: &'a mut Option<Template>,
        index: usize,
    ) -> Result<&'a mut Template, String> {
        if guard.is_none() {
            let t = Template::start(&self.config, index)
                .map_err(|e| format!("no worker available: {e}"))?;
            self.pids[index].store(t.pid(), Ordering::SeqCst);
            *guard = Some(t);
        }
        Ok(guard.as_mut().expect("template present"))
    }

    /// Drop a slot's template: dropping it kills what is left of it and its children.
    fn lose(&self, guard: &mut Option<Template>, index: usize) {
        self.pids[index].store(0, Ordering::SeqCst);
        *guard = None;
    }

    /// Take a reader's drawing; a template lost meanwhile runs the job once more.
    fn finish(
        &self,
        guard: &mut Option<Template>,
        index: usize,
        job: Job,
        reading: slot::Reading,
    ) -> Outcome {
        let Some(template) = guard.as_mut() else {
            reading.abandon();
            return self.retry(guard, index, job, "the worker was replaced");
        };
        match slot::finish_read(template, reading) {
            Ok(outcome) => outcome,
            Err(lost) => {
                self.lose(guard, index);
                self.retry(guard, index, job, &lost.0)
            }
        }
    }

    /// The second and last attempt of a job whose template died under it (`why`).
    fn retry(&self, guard: &mut Option<Template>, index: usize, job: Job, why: &str) -> Outcome {
        let mut why = format!("{why} (attempt 1 of 2; the worker was replaced)");
        match self.template(guard, index) {
            Ok(template) => match slot::run(template, &self.config, job) {
                Ok(outcome) => return outcome,
                Err(lost) => {
                    self.lose(guard, index);
                    why = format!("{} (attempt 2 of 2; the worker was replaced)", lost.0);
                }
            },
            Err(e) => why = e,
        }
        let mut o = Outcome::failed(
            Status::Crashed,
            format!("the worker died while running this job: {why}"),
        );
        o.worker_lost = true;
        o
    }
}
