//! Where a grading run's time goes, stage by stage: what `bench --pipeline` reports per
//! submission, so the parent's own work can be weighed against a job's.

use std::time::Instant;

use serde::Serialize;

/// Milliseconds spent in each stage, summed over the submissions graded now.
///
/// `exec` is the workers' time (job sent → figures read, as each slot saw it); it runs
/// beside the parent's. Every other stage is the parent's own work, done on one thread
/// as each outcome arrives: with `--jobs N` it must stay well under `exec / N` or the
/// parent, not the workers, sets the pace.
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

/// Run `f`, adding its wall time to `slot` (milliseconds).
pub fn timed<T>(slot: &mut f64, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = f();
    *slot += started.elapsed().as_secs_f64() * 1000.0;
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
    fn timed_adds_up() {
        let mut slot = 1.0;
        let v = timed(&mut slot, || {
            std::thread::sleep(std::time::Duration::from_millis(5));
            7
        });
        assert_eq!(v, 7);
        assert!(slot >= 6.0, "{slot}");
    }
}
