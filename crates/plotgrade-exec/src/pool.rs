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
    fn work_slot(
        &self,
        slot: &Mutex<Option<Template>>,
        index: usize,
        mut next: impl FnMut() -> Option<(usize, Job)>,
        done: impl FnMut(usize, Outcome) -> bool,
    ) {
        let mut guard = slot.lock().expect("worker slot");
        // Each collecting thread sends its ticket here when its child's reply is in.
        let (tx, rx) = mpsc::channel::<u64>();
        let mut run = SlotRun {
            pool: self,
            index,
            guard: &mut guard,
            tx,
            rx,
            tickets: 0,
            reading: None,
            done,
        };
        while let Some((i, job)) = next() {
            if !run.job(i, job) {
                return;
            }
        }
        if let Some(t) = run.reading_ticket() {
            run.wait(t);
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

/// One slot's share of a run (see [`Pool::work_slot`]): its template, the tickets its
/// collecting threads send back, and the reader at work on the previous job's figures.
/// Every method that hands an outcome over returns false when `done` says to stop.
struct SlotRun<'a, D: FnMut(usize, Outcome) -> bool> {
    pool: &'a Pool,
    index: usize,
    guard: &'a mut Option<Template>,
    tx: mpsc::Sender<u64>,
    rx: mpsc::Receiver<u64>,
    tickets: u64,
    reading: Option<(usize, Job, slot::Reading)>,
    done: D,
}

impl<D: FnMut(usize, Outcome) -> bool> SlotRun<'_, D> {
    fn next_ticket(&mut self) -> u64 {
        self.tickets += 1;
        self.tickets
    }

    fn reading_ticket(&self) -> Option<u64> {
        self.reading.as_ref().map(|r| r.2.ticket())
    }

    /// Wait for `ticket`; a reader that ends meanwhile is finished and handed over.
    fn wait(&mut self, ticket: u64) -> bool {
        loop {
            let t = self.rx.recv().expect("the slot holds a sender");
            if self.reading_ticket() == Some(t) {
                let (k, earlier, r) = self.reading.take().expect("a reader");
                let outcome = self.pool.finish(self.guard, self.index, earlier, r);
                if !(self.done)(k, outcome) {
                    return false;
                }
            }
            if t == ticket {
                return true;
            }
            // Else a ticket of a collector given up with its template: stale.
        }
    }

    /// Run job `i`: its outcome is handed over, or its figures go to a reader.
    fn job(&mut self, i: usize, job: Job) -> bool {
        match self.execute(&job) {
            None => false,
            Some(Err(why)) => self.replace(i, job, &why),
            Some(Ok(slot::Ran::Done(outcome))) => (self.done)(i, outcome),
            Some(Ok(slot::Ran::Figures(figures))) => self.read(i, job, figures),
        }
    }

    /// The job's child, run on the slot's template; `None` when `done` said to stop while
    /// the earlier job's reader was handed over, `Err` when the template was lost.
    fn execute(&mut self, job: &Job) -> Option<Result<slot::Ran, String>> {
        let ticket = self.next_ticket();
        let config = &self.pool.config;
        let tx = self.tx.clone();
        let started = self
            .pool
            .template(self.guard, self.index)
            .and_then(|t| slot::start_job(t, config, job.clone(), ticket, tx).map_err(|l| l.0));
        // The template this job runs on: the earlier job's reader, finished while this job
        // runs, may lose it and start another.
        let pid = self.pool.pids[self.index].load(Ordering::SeqCst);
        let running = match started {
            Ok(running) => running,
            Err(why) => return Some(Err(why)),
        };
        if !self.wait(running.ticket()) {
            running.abandon();
            return None;
        }
        if self.pool.pids[self.index].load(Ordering::SeqCst) != pid {
            // The earlier job's template died while this job ran on it.
            running.abandon();
            return Some(Err("the worker was replaced while the job ran".to_string()));
        }
        Some(
            self.pool
                .template(self.guard, self.index)
                .and_then(|t| slot::finish_job(t, running).map_err(|l| l.0)),
        )
    }

    /// The template was lost under job `i` (`why`): it and the job whose reader was at
    /// work on it are run once more on a fresh one.
    fn replace(&mut self, i: usize, job: Job, why: &str) -> bool {
        self.pool.lose(self.guard, self.index);
        if let Some((k, earlier, r)) = self.reading.take() {
            r.abandon();
            let outcome = self.pool.retry(self.guard, self.index, earlier, why);
            if !(self.done)(k, outcome) {
                return false;
            }
        }
        let outcome = self.pool.retry(self.guard, self.index, job, why);
        (self.done)(i, outcome)
    }

    /// Hand job `i`'s figures to a reader; at most one reader at work, so the earlier one
    /// ends first.
    fn read(&mut self, i: usize, job: Job, figures: slot::Figures) -> bool {
        if let Some(t) = self.reading_ticket()
            && !self.wait(t)
        {
            return false;
        }
        let ticket = self.next_ticket();
        let config = &self.pool.config;
        let tx = self.tx.clone();
        let started = self
            .pool
            .template(self.guard, self.index)
            .and_then(|t| slot::start_read(t, config, figures, ticket, tx).map_err(|l| l.0));
        match started {
            Ok(r) => {
                self.reading = Some((i, job, r));
                true
            }
            Err(why) => {
                self.pool.lose(self.guard, self.index);
                let outcome = self.pool.retry(self.guard, self.index, job, &why);
                (self.done)(i, outcome)
            }
        }
    }
}
