//! Where a grading run's time goes, stage by stage: what `bench --pipeline` reports per
//! submission, so the parent's own work can be weighed against a job's.

use serde::Serialize;

/// Milliseconds spent in each stage, summed over the submissions graded now.
///
/// `exec` is the workers' time (job sent → figures read, as each slot saw it, wall
/// clock); it runs beside the parent's. Every other stage is the parent's own work, done
/// on one thread as each outcome arrives, and counted in that thread's CPU time
/// ([`Stopwatch`]): on a machine whose cores the workers keep busy the thread also waits
/// for a core, and that wait is the workers' cost, not the stage's. With `--jobs N` the
/// parent's work must stay well under `exec / N` or the parent, not the workers, sets
/// the pace.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct StageCosts {
    /// Submissions these costs are summed over.
    pub submissions: usize,
    /// Taking the code out of each response.
    pub extract_ms: f64,
    /// The workers: running the code, rendering and reading the scene, from the job sent
    /// to its figures read. A job's reader overlaps the next job's child, so these
    /// overlap too: their sum is more than the time they took.
    pub exec_ms: f64,
    /// The code channel's reader over the generated code, and decoding its first PNG.
    pub read_ms: f64,
    /// The code channel: key elements and edit diffs against the reference's.
    pub code_ms: f64,
    /// The figure channel: the scenes compared.
    pub figure_ms: f64,
    /// The image channel: RMS, SSIM, edit regions.
    pub image_ms: f64,
    /// Flags and the verdict.
    pub verdict_ms: f64,
    /// Writing the figures and heatmap into the run directory.
    pub artifacts_ms: f64,
    /// Writing the record and its code to the run store.
    pub store_ms: f64,
    /// results.jsonl, the tables and report.html, once at the end.
    pub report_ms: f64,
}

impl StageCosts {
    /// The stages in a fixed order, as `(name, total ms)`.
    pub fn stages(&self) -> [(&'static str, f64); 10] {
        [
            ("extract", self.extract_ms),
            ("exec", self.exec_ms),
            ("read", self.read_ms),
            ("code", self.code_ms),
            ("figure", self.figure_ms),
            ("image", self.image_ms),
            ("verdict", self.verdict_ms),
            ("artifacts", self.artifacts_ms),
            ("store", self.store_ms),
            ("report", self.report_ms),
        ]
    }

    /// The parent's own work: every stage but `exec`.
    pub fn parent_ms(&self) -> f64 {
        self.stages()
            .iter()
            .filter(|(name, _)| *name != "exec")
            .map(|(_, ms)| ms)
            .sum()
    }
}

/// The calling thread's CPU time (user + system), started when made.
///
/// Not wall time: a stage that waits for a core while the workers run is not costing
/// anything, and its wall time would charge it the workers' share of the machine.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch(f64);

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch(thread_cpu_ms())
    }

    /// Milliseconds of this thread's CPU since [`Stopwatch::start`].
    pub fn elapsed_ms(&self) -> f64 {
        (thread_cpu_ms() - self.0).max(0.0)
    }
}

/// `CLOCK_THREAD_CPUTIME_ID` in milliseconds (0 where the clock cannot be read).
fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one struct timespec.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } != 0 {
        return 0.0;
    }
    t.tv_sec as f64 * 1000.0 + t.tv_nsec as f64 / 1e6
}

/// Run `f`, adding the CPU time it took this thread to `slot` (milliseconds).
pub fn timed<T>(slot: &mut f64, f: impl FnOnce() -> T) -> T {
    let started = Stopwatch::start();
    let out = f();
    *slot += started.elapsed_ms();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parent_work_is_every_stage_but_exec() {
        let c = StageCosts {
            submissions: 2,
            extract_ms: 1.0,
            exec_ms: 100.0,
            read_ms: 2.0,
            code_ms: 3.0,
            figure_ms: 4.0,
            image_ms: 5.0,
            verdict_ms: 6.0,
            artifacts_ms: 7.0,
            store_ms: 8.0,
            report_ms: 9.0,
        };
        assert_eq!(c.parent_ms(), 45.0);
        assert_eq!(c.stages().len(), 10);
    }

    #[test]
    fn timed_adds_the_cpu_the_work_took() {
        let mut slot = 1.0;
        let v = timed(&mut slot, || {
            // Work until this thread has burnt 5 ms of CPU, however slow the machine.
            let s = Stopwatch::start();
            let mut x = 0u64;
            while s.elapsed_ms() < 5.0 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
            7
        });
        assert_eq!(v, 7);
        assert!(slot >= 6.0, "{slot}");
    }

    #[test]
    fn waiting_costs_a_stage_nothing() {
        let mut slot = 0.0;
        timed(&mut slot, || {
            std::thread::sleep(std::time::Duration::from_millis(50))
        });
        // Wall time would be at least 50 ms; the thread's CPU while asleep is next to none.
        assert!(slot < 25.0, "{slot}");
    }
}
