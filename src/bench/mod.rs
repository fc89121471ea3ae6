//! `plotgrade bench`: throughput measured against baselines taken in the same run.
//!
//! Executor section: the fixed corpus of [`corpus`] rendered by
//! - plotgrade with 1 and with 2 workers (warm pool; start-up reported apart),
//! - one `python script.py` process per script, as most evaluators run code (on a sample,
//!   since it is slow; its rate is what counts),
//! - a plain in-process Python loop of exec + draw + PNG (the floor no sandbox can beat).
//!
//! The report states each rate and the ratios the project's targets are stated in.

pub mod corpus;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use serde::Serialize;

use crate::exec::{ExecConfig, Job, Outcome, Pool, Status};
use crate::grade::costs::StageCosts;

/// Figures per second of each way of running the corpus, in one round.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Round {
    pub jobs1_fps: f64,
    pub jobs2_fps: f64,
    /// `--jobs 1` with the pool and the parent held to one core; `None` on a machine
    /// (or an affinity mask) of one core.
    pub one_core_fps: Option<f64>,
    pub process_fps: f64,
    pub floor_fps: f64,
}

impl Round {
    /// Time per figure of plotgrade `--jobs 1` over the in-process floor (target ≤ 1.5).
    pub fn jobs1_over_floor(&self) -> f64 {
        self.floor_fps / self.jobs1_fps
    }
    /// How many times faster `--jobs 1` is than a process per script (target ≥ 10).
    pub fn jobs1_vs_process(&self) -> f64 {
        self.jobs1_fps / self.process_fps
    }
    pub fn jobs2_vs_jobs1(&self) -> f64 {
        self.jobs2_fps / self.jobs1_fps
    }
    /// What a second core buys: the fastest on two cores (`--jobs 1` or `2`) over
    /// `--jobs 1` held to one core. Scaling with cores, measured by cores: a slot's job
    /// child and the previous job's reader already run side by side, so one slot keeps
    /// two cores busy and `--jobs 2 / --jobs 1` no longer says how the design scales.
    pub fn two_cores_vs_one(&self) -> Option<f64> {
        Some(self.jobs1_fps.max(self.jobs2_fps) / self.one_core_fps?)
    }
}

/// Run `f` with this thread, and every thread and process it starts, held to the first
/// core of its affinity mask; the mask is restored afterwards. `None` when the mask has
/// one core: there is nothing to compare with.
pub fn on_one_core<T>(f: impl FnOnce() -> T) -> Option<T> {
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: cpu_set_t is plain bits, and the CPU_* helpers index inside it.
    let (mut all, mut one): (libc::cpu_set_t, libc::cpu_set_t) =
        unsafe { (std::mem::zeroed(), std::mem::zeroed()) };
    // SAFETY: reads this thread's mask (pid 0) into a cpu_set_t of `size` bytes; CPU_COUNT
    // counts its bits.
    if unsafe { libc::sched_getaffinity(0, size, &mut all) } != 0
        || unsafe { libc::CPU_COUNT(&all) } < 2
    {
        return None;
    }
    // SAFETY: CPU_ISSET and CPU_SET index below CPU_SETSIZE, inside the set.
    let first = (0..libc::CPU_SETSIZE as usize).find(|&c| unsafe { libc::CPU_ISSET(c, &all) })?;
    unsafe { libc::CPU_SET(first, &mut one) };
    // SAFETY: sets this thread's mask; threads and processes it makes inherit it.
    if unsafe { libc::sched_setaffinity(0, size, &one) } != 0 {
        return None;
    }
    let out = f();
    // SAFETY: as above, back to the mask it had.
    unsafe { libc::sched_setaffinity(0, size, &all) };
    Some(out)
}

/// The executor measurements: every way of running the corpus, once per round.
///
/// The ways take turns within a round, and ratios are taken within a round before the
/// median over rounds: on a shared machine the speed drifts by ±15% over a minute, and
/// a ratio of two rates measured a minute apart would carry that drift.
#[derive(Debug, Clone, Serialize)]
pub struct ExecBench {
    pub scripts: usize,
    pub figures: usize,
    pub pool_start_s: f64,
    pub process_sample: usize,
    pub rounds: Vec<Round>,
    /// Mean milliseconds per job of `--jobs 1` over all rounds, by phase (exec, render,
    /// scene, child total, worker wall time including waiting for the child).
    pub phases_ms: [f64; 5],
    /// Mean minor page faults per job (its child and its reader) at `--jobs 1` and
    /// `--jobs 2`; `PLOTGRADE_PREWARM=1` moves them ahead of the job (`ExecConfig::prewarm`).
    pub faults_jobs1: f64,
    pub faults_jobs2: f64,
}

impl ExecBench {
    /// The median over rounds of `f`, with the smallest and largest value.
    pub fn median(&self, f: impl Fn(&Round) -> f64) -> (f64, f64, f64) {
        let mut v: Vec<f64> = self.rounds.iter().map(f).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let mid = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        (mid, v[0], v[n - 1])
    }
}

/// One round's share of a mean over all rounds: the sum of `value` over `outs` (a missing
/// value counting 0), divided by the outcomes of all `rounds`.
fn per_round_mean(outs: &[Outcome], rounds: usize, value: impl Fn(&Outcome) -> Option<f64>) -> f64 {
    let n = (outs.len() * rounds) as f64;
    outs.iter().map(|o| value(o).unwrap_or(0.0) / n).sum()
}

/// Figures per second of `pool` over the whole corpus, and the outcomes; every script must
/// run.
fn corpus_rate(pool: &Pool, corpus: &[(String, String)]) -> Result<(f64, Vec<Outcome>)> {
    let jobs: Vec<Job> = corpus
        .iter()
        .map(|(n, c)| Job::new(n.clone(), c.as_bytes()))
        .collect();
    let t = Instant::now();
    let outs = pool.run(jobs, |_, _| {});
    let secs = t.elapsed().as_secs_f64();
    if let Some((o, (name, _))) = outs
        .iter()
        .zip(corpus)
        .find(|(o, _)| o.status != Status::Ok)
    {
        bail!("bench script {name} did not run: {}", o.summary());
    }
    let figures: usize = outs.iter().map(|o| o.figures).sum();
    Ok((figures as f64 / secs, outs))
}

/// The executor section's pools: `--jobs 1` (and how long it took to start), `--jobs 2`,
/// and `--jobs 1` held to one core where the machine allows it.
struct Pools {
    pool1: Pool,
    pool_start_s: f64,
    pool2: Pool,
    pool_one: Option<Pool>,
}

impl Pools {
    fn start(config: &ExecConfig) -> Result<Pools> {
        let with_jobs = |jobs| ExecConfig {
            jobs,
            ..config.clone()
        };
        let t = Instant::now();
        let pool1 = Pool::start(with_jobs(1))?;
        let pool_start_s = t.elapsed().as_secs_f64();
        let pool2 = Pool::start(with_jobs(2))?;
        // Its template, children and threads are held to one core for the pool's life.
        let pool_one = on_one_core(|| Pool::start(with_jobs(1))).transpose()?;
        Ok(Pools {
            pool1,
            pool_start_s,
            pool2,
            pool_one,
        })
    }
}

/// Add a round's mean exec, render, scene, total and wall times (ms a job, over
/// `rounds`) to `phases_ms`.
fn add_phases(phases_ms: &mut [f64; 5], outs: &[Outcome], rounds: usize) {
    let phases = [
        |o: &Outcome| o.timings.exec,
        |o: &Outcome| o.timings.render,
        |o: &Outcome| o.timings.scene,
        |o: &Outcome| o.timings.total,
        |o: &Outcome| o.timings.wall,
    ];
    for (slot, phase) in phases_ms.iter_mut().zip(phases) {
        *slot += per_round_mean(outs, rounds, phase);
    }
}

/// Run the executor section: `rounds` rounds of plotgrade `--jobs 1`, `--jobs 2`, a
/// process per script (the first `process_sample` scripts) and the in-process floor.
/// `progress(msg)` is told what is being measured.
pub fn exec_bench(
    config: &ExecConfig,
    scripts: usize,
    process_sample: usize,
    rounds: usize,
    mut progress: impl FnMut(&str),
) -> Result<ExecBench> {
    let corpus = corpus::corpus(scripts);
    let dir = tempfile::Builder::new()
        .prefix("plotgrade-bench-")
        .tempdir()?;
    for (name, code) in &corpus {
        std::fs::write(dir.path().join(name), code)?;
    }
    let Pools {
        pool1,
        pool_start_s,
        pool2,
        pool_one,
    } = Pools::start(config)?;
    let rate = |pool: &Pool| corpus_rate(pool, &corpus);

    let python = config.python();
    let sample = &corpus[..process_sample.clamp(1, corpus.len())];
    let rounds = rounds.max(1);
    let mut measured = Vec::with_capacity(rounds);
    let mut phases_ms = [0.0; 5];
    let (mut faults_jobs1, mut faults_jobs2) = (0.0, 0.0);
    let mean_faults = |outs: &[Outcome]| per_round_mean(outs, rounds, |o| o.timings.page_faults);
    let mut figures = 0;
    for r in 1..=rounds {
        progress(&format!(
            "round {r}/{rounds}: plotgrade --jobs 1, {scripts} scripts"
        ));
        let (jobs1_fps, outs) = rate(&pool1)?;
        figures = outs.iter().map(|o| o.figures).sum();
        add_phases(&mut phases_ms, &outs, rounds);
        faults_jobs1 += mean_faults(&outs);
        progress(&format!("round {r}/{rounds}: plotgrade --jobs 2"));
        let (jobs2_fps, outs2) = rate(&pool2)?;
        faults_jobs2 += mean_faults(&outs2);
        progress(&format!(
            "round {r}/{rounds}: python script.py, one process each, {} scripts",
            sample.len()
        ));
        let process_fps = process_per_script(&python, dir.path(), sample, config)?;
        progress(&format!(
            "round {r}/{rounds}: in-process Python loop (floor)"
        ));
        let floor_fps = floor(&python, dir.path(), &corpus, config)?;
        // Last in the round, so the measures it joined keep the order they were taken in.
        let one_core_fps = match &pool_one {
            Some(pool) => {
                progress(&format!(
                    "round {r}/{rounds}: plotgrade --jobs 1 on one core"
                ));
                on_one_core(|| rate(pool)).transpose()?.map(|(fps, _)| fps)
            }
            None => None,
        };
        measured.push(Round {
            jobs1_fps,
            jobs2_fps,
            one_core_fps,
            process_fps,
            floor_fps,
        });
    }
    Ok(ExecBench {
        scripts,
        figures,
        pool_start_s,
        process_sample: sample.len(),
        rounds: measured,
        phases_ms,
        faults_jobs1,
        faults_jobs2,
    })
}

/// What a process-per-script evaluator does: start Python, run the script, save figures.
const PROCESS_WRAPPER: &str = "\
import sys, matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
plt.show = lambda *a, **k: None
path = sys.argv[1]
exec(compile(open(path).read(), path, 'exec'), {'__name__': '__main__'})
for i, n in enumerate(plt.get_fignums()):
    plt.figure(n).savefig(path + f'.{i}.png', dpi=100)
";

fn python_cmd(python: &Path, config: &ExecConfig) -> Command {
    let mut cmd = Command::new(python);
    cmd.env("MPLCONFIGDIR", &config.mpl_config_dir)
        .env("MPLBACKEND", "Agg");
    cmd
}

fn process_per_script(
    python: &Path,
    dir: &Path,
    scripts: &[(String, String)],
    config: &ExecConfig,
) -> Result<f64> {
    let t = Instant::now();
    for (name, _) in scripts {
        let status = python_cmd(python, config)
            .arg("-c")
            .arg(PROCESS_WRAPPER)
            .arg(dir.join(name))
            .status()
            .with_context(|| format!("cannot run {}", python.display()))?;
        if !status.success() {
            bail!("python {name} failed in the process-per-script baseline");
        }
    }
    Ok(scripts.len() as f64 / t.elapsed().as_secs_f64())
}

/// One interpreter, a loop of exec + draw to PNG in memory; prints figures per second.
const FLOOR: &str = "\
import io, os, sys, time, matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt, numpy
plt.show = lambda *a, **k: None
d = sys.argv[1]
names = sys.argv[2:]
sources = [(n, open(os.path.join(d, n)).read()) for n in names]
t = time.perf_counter()
figs = 0
for n, src in sources:
    exec(compile(src, n, 'exec'), {'__name__': '__main__'})
    for num in plt.get_fignums():
        plt.figure(num).savefig(io.BytesIO(), format='png', dpi=100)
        figs += 1
    plt.close('all')
print(figs / (time.perf_counter() - t))
";

fn floor(
    python: &Path,
    dir: &Path,
    scripts: &[(String, String)],
    config: &ExecConfig,
) -> Result<f64> {
    run_floor(FLOOR, &[], python, dir, scripts, config)
}

/// Run a floor loop (`FLOOR`, or `FLOOR_SUBMISSIONS` with its mode in `args`) over
/// `scripts` in `dir`, as cwd, and
/// read the number it prints last (code a script printed may come before it).
fn run_floor(
    program: &str,
    args: &[&str],
    python: &Path,
    dir: &Path,
    scripts: &[(String, String)],
    config: &ExecConfig,
) -> Result<f64> {
    let out = python_cmd(python, config)
        .current_dir(dir)
        .arg("-c")
        .arg(program)
        .args(args)
        .arg(dir)
        .args(scripts.iter().map(|(n, _)| n))
        .output()
        .with_context(|| format!("cannot run {}", python.display()))?;
    if !out.status.success() {
        bail!(
            "floor loop failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim()
        .lines()
        .last()
        .unwrap_or("")
        .parse()
        .with_context(|| format!("floor loop printed {text:?}"))
}

/// Channel timings: milliseconds per call, averaged over repeated runs in this process.
#[derive(Debug, Clone, Serialize)]
pub struct ChannelBench {
    /// tree-sitter parse + key-element extraction of a 200-line plotting script.
    pub code_extract_ms: f64,
    pub code_lines: usize,
    /// Decoding one 600×400 PNG.
    pub decode_ms: f64,
    /// matplotlib-compatible RMS of two decoded 600×400 figures.
    pub rms_ms: f64,
    /// SSIM (grey and colour-aware) of two 600×400 figures.
    pub ssim_grey_ms: f64,
    pub ssim_hybrid_ms: f64,
    /// Edit region (masks, dilation, IoU) of three 600×400 figures.
    pub edit_region_ms: f64,
    /// Figure channel: matching and diffing the scenes of two of those figures.
    pub figure_diff_ms: f64,
    /// Figure channel: the whole edit comparison (two diffs and their agreement).
    pub figure_edit_ms: f64,
}

/// A 200-line plotting script the code channel is timed on (a committed fixture).
const BENCH_SCRIPT: &str = include_str!("../../tests/fixtures/code/bench_200.py");

fn mean_ms(reps: usize, mut f: impl FnMut()) -> f64 {
    f(); // warm-up
    let t = Instant::now();
    for _ in 0..reps {
        f();
    }
    t.elapsed().as_secs_f64() * 1000.0 / reps as f64
}

/// Time the deterministic channels on fixed inputs. `figures` are three rendered figures
/// of the same size (PNG and scene): original, generated, reference.
pub fn channel_bench(figures: [(&[u8], &crate::scene::Scene); 3]) -> Result<ChannelBench> {
    let code_extract_ms = mean_ms(50, || {
        std::hint::black_box(crate::code::extract(BENCH_SCRIPT));
    });
    let [(o_png, o_scene), (_, g_scene), (_, r_scene)] = figures;
    let decode_ms = mean_ms(20, || {
        std::hint::black_box(crate::image::Raster::decode("bench", o_png).ok());
    });
    let [o, g, r] = figures.map(|(b, _)| crate::image::Raster::decode("bench", b));
    let (o, g, r) = (o?, g?, r?);
    let rms_ms = mean_ms(20, || {
        std::hint::black_box(crate::image::rms(&g, &r).ok());
    });
    let ssim_grey_ms = mean_ms(20, || {
        std::hint::black_box(crate::image::ssim_grey(&g, &r).ok());
    });
    let ssim_hybrid_ms = mean_ms(10, || {
        std::hint::black_box(crate::image::ssim_hybrid(&g, &r).ok());
    });
    let edit_region_ms = mean_ms(20, || {
        std::hint::black_box(crate::image::edit_region(&o, &g, &r).ok());
    });
    let figure_diff_ms = mean_ms(50, || {
        std::hint::black_box(crate::figure::diff(g_scene, r_scene));
    });
    let figure_edit_ms = mean_ms(50, || {
        std::hint::black_box(crate::figure::compare_edit(o_scene, g_scene, r_scene));
    });
    Ok(ChannelBench {
        code_extract_ms,
        code_lines: BENCH_SCRIPT.lines().count(),
        decode_ms,
        rms_ms,
        ssim_grey_ms,
        ssim_hybrid_ms,
        edit_region_ms,
        figure_diff_ms,
        figure_edit_ms,
    })
}

/// Whole-pipeline throughput: submissions graded per second (extraction, original,
/// reference and generated runs, all channels, store, reports) with 1 and 2 workers,
/// first from a cold reference cache, then again with the references warm; and the
/// in-process floor on the same submissions' code, measured in the same run.
#[derive(Debug, Clone, Serialize)]
pub struct PipelineBench {
    pub submissions: usize,
    pub jobs1_sps: f64,
    pub jobs2_sps: f64,
    /// References warm: only the submissions' own code runs.
    pub jobs1_warm_sps: f64,
    pub jobs2_warm_sps: f64,
    /// `--jobs 1`, references warm, the whole run held to one core (`None` on one core).
    pub one_core_warm_sps: Option<f64>,
    /// One interpreter, a loop of exec + PNG over the same submissions' code.
    pub floor_sps: f64,
    /// The same loop, each script in a child forked from the warmed, frozen
    /// interpreter and waited for: what a fresh process per job costs before any wall,
    /// second process or grading is added.
    pub fork_floor_sps: f64,
    /// Where the warm runs' time went (summed over their submissions).
    pub jobs1_costs: StageCosts,
    pub jobs2_costs: StageCosts,
    /// CPU time (every process of the run) over wall time, references warm: how many
    /// cores the run kept busy.
    pub jobs1_cores: f64,
    pub jobs2_cores: f64,
    /// CPU milliseconds a submission of the parent process alone, every thread (the
    /// grading stages, the slots' threads, the threads reading the children's pipes),
    /// references warm.
    pub jobs1_parent_cpu_ms: f64,
    pub jobs2_parent_cpu_ms: f64,
}

impl PipelineBench {
    /// Time per submission of `grade --jobs 1`, references warm, over the floor's on the
    /// same code (target ≤ 1.1).
    pub fn jobs1_over_floor(&self) -> f64 {
        self.floor_sps / self.jobs1_warm_sps
    }
    /// The fork-per-script loop's time over the floor's: the price of a fresh process
    /// per job alone, on the same code.
    pub fn fork_floor_over_floor(&self) -> f64 {
        self.floor_sps / self.fork_floor_sps
    }
    /// `grade --jobs 1`'s time, references warm, over the fork-per-script loop's: what
    /// the walls, the reader and the grading add to a fresh process per job.
    pub fn jobs1_over_fork_floor(&self) -> f64 {
        self.fork_floor_sps / self.jobs1_warm_sps
    }
    /// References warm (target ≥ 1.7 on 2 cores).
    pub fn jobs2_vs_jobs1(&self) -> f64 {
        self.jobs2_warm_sps / self.jobs1_warm_sps
    }
    /// References warm: the fastest on two cores over `--jobs 1` on one core (see
    /// [`Round::two_cores_vs_one`]).
    pub fn two_cores_vs_one(&self) -> Option<f64> {
        Some(self.jobs1_warm_sps.max(self.jobs2_warm_sps) / self.one_core_warm_sps?)
    }
}

/// The parent's own work (extraction, reading, channels, verdict, artifacts, store,
/// report) per submission over the CPU time a submission costs all processes of the run
/// (`cores` busy at `sps` submissions a second; target ≤ 10%). Not over `exec_ms`: a
/// job's exec time overlaps the reader of the job before it, so it is no job's cost.
pub fn parent_share(costs: &StageCosts, sps: f64, cores: f64) -> f64 {
    let n = costs.submissions.max(1) as f64;
    let cpu_ms = 1000.0 * cores / sps.max(f64::MIN_POSITIVE);
    (costs.parent_ms() / n) / cpu_ms.max(f64::MIN_POSITIVE)
}

/// CPU seconds (user + system) of this process, and of every child it has reaped.
fn cpu_seconds() -> (f64, f64) {
    let of = |who| {
        // SAFETY: getrusage writes one struct rusage.
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut u) } != 0 {
            return 0.0;
        }
        [u.ru_utime, u.ru_stime]
            .iter()
            .map(|t| t.tv_sec as f64 + t.tv_usec as f64 / 1e6)
            .sum()
    };
    (of(libc::RUSAGE_SELF), of(libc::RUSAGE_CHILDREN))
}

/// Grade `n` lines of the suite's labelled set, spread over its cases, at `--jobs 1` and
/// `--jobs 2`, each cold then warm; then the floor on the same code.
/// `n` lines of the suite's labelled set, spread over its cases: every k-th line, so all
/// kinds and figure types are in.
fn pick_submissions(suite: &Path, n: usize) -> Result<Vec<String>> {
    let labelled = suite.join("labelled.jsonl");
    let text = std::fs::read_to_string(&labelled).with_context(|| {
        format!(
            "cannot read {} (run the bench from the repository root, or pass --suite)",
            labelled.display()
        )
    })?;
    let lines: Vec<&str> = text.lines().collect();
    let step = (lines.len() / n.max(1)).max(1);
    Ok(lines
        .iter()
        .step_by(step)
        .take(n)
        .map(|l| (*l).to_string())
        .collect())
}

/// The code each picked submission's response holds, written to `code_dir` as the
/// floor's scripts (a response with no code costs the floor nothing).
fn floor_scripts(picked: &[String], code_dir: &Path) -> Result<Vec<(String, String)>> {
    std::fs::create_dir_all(code_dir)?;
    let mut scripts = Vec::new();
    for (i, line) in picked.iter().enumerate() {
        let sub: serde_json::Value = serde_json::from_str(line)?;
        let response = sub["response"].as_str().unwrap_or("");
        if let Some(e) = crate::grade::response::extract_code(response) {
            let name = format!("s{i:04}.py");
            std::fs::write(code_dir.join(&name), &e.code)?;
            scripts.push((name, e.code));
        }
    }
    Ok(scripts)
}

pub fn pipeline_bench(config: &ExecConfig, suite: &Path, n: usize) -> Result<PipelineBench> {
    use crate::grade::pipeline::{GradeOptions, GradeReport, Quiet, grade};
    let picked = pick_submissions(suite, n)?;
    let dir = tempfile::Builder::new()
        .prefix("plotgrade-bench-")
        .tempdir()?;
    let subs = dir.path().join("subs.jsonl");
    std::fs::write(&subs, picked.join("\n") + "\n")?;
    // (submissions a second, the report, cores busy, the parent's CPU ms a submission)
    let run = |jobs: usize, pass: &str| -> Result<(f64, GradeReport, f64, f64)> {
        let exec = ExecConfig {
            jobs,
            ..config.clone()
        };
        let out = dir.path().join(format!("run-{jobs}-{pass}"));
        let mut opts = GradeOptions::new(&suite.join("tasks.jsonl"), &subs, &out, exec);
        opts.ref_cache = dir.path().join(format!("refs-{jobs}.sqlite"));
        let t = Instant::now();
        let (own, reaped) = cpu_seconds();
        let report = grade(
            &opts,
            None,
            &std::sync::atomic::AtomicBool::new(false),
            &mut Quiet,
        )?;
        let secs = t.elapsed().as_secs_f64();
        // The pool is gone by now: its templates, and the children they reaped, count.
        let (own_after, reaped_after) = cpu_seconds();
        let cores = (own_after - own + reaped_after - reaped) / secs;
        let parent_ms = 1000.0 * (own_after - own) / picked.len().max(1) as f64;
        if report.graded_now != picked.len() {
            bail!(
                "bench graded {} of {} submissions",
                report.graded_now,
                picked.len()
            );
        }
        Ok((picked.len() as f64 / secs, report, cores, parent_ms))
    };
    let (jobs1_sps, ..) = run(1, "cold")?;
    let (jobs2_sps, ..) = run(2, "cold")?;
    let (jobs1_warm_sps, warm1, jobs1_cores, jobs1_parent_cpu_ms) = run(1, "warm")?;
    let (jobs2_warm_sps, warm2, jobs2_cores, jobs2_parent_cpu_ms) = run(2, "warm")?;
    let one_core_warm_sps = on_one_core(|| run(1, "warm-one-core"))
        .transpose()?
        .map(|(sps, ..)| sps);
    // The floor runs the same code the grade ran: what extraction took out of each
    // response (a response with no code costs the floor nothing).
    let code_dir = dir.path().join("code");
    let scripts = floor_scripts(&picked, &code_dir)?;
    let python = config.python();
    let floor = |mode: &str| {
        run_floor(
            FLOOR_SUBMISSIONS,
            &[mode],
            &python,
            &code_dir,
            &scripts,
            config,
        )
    };
    let floor_secs = floor("loop")?;
    let fork_floor_secs = floor("fork")?;
    Ok(PipelineBench {
        submissions: picked.len(),
        jobs1_sps,
        jobs2_sps,
        jobs1_warm_sps,
        jobs2_warm_sps,
        one_core_warm_sps,
        floor_sps: picked.len() as f64 / floor_secs,
        fork_floor_sps: picked.len() as f64 / fork_floor_secs,
        jobs1_costs: warm1.costs,
        jobs2_costs: warm2.costs,
        jobs1_cores,
        jobs2_cores,
        jobs1_parent_cpu_ms,
        jobs2_parent_cpu_ms,
    })
}

/// The floor over submissions: like [`FLOOR`], but code that raises is part of the set,
/// so each script's error is caught (its time counts, as the grade's does); prints the
/// total seconds.
const FLOOR_SUBMISSIONS: &str = "\
import gc, io, os, sys, time, matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt, numpy
plt.show = lambda *a, **k: None
fork = sys.argv[1] == 'fork'
d = sys.argv[2]
sources = [(n, open(os.path.join(d, n)).read()) for n in sys.argv[3:]]
def one(n, src):
    try:
        exec(compile(src, n, 'exec'), {'__name__': '__main__'})
        for num in plt.get_fignums():
            plt.figure(num).savefig(io.BytesIO(), format='png', dpi=100)
    except BaseException:
        pass
    plt.close('all')
if fork:
    # What a fork server does before it forks: draw once, freeze the heap.
    fig, ax = plt.subplots()
    ax.bar([1, 2], [3, 4]); ax.plot([1, 2], [2, 1]); ax.set_title('warm')
    fig.savefig(io.BytesIO(), format='png', dpi=100)
    plt.close('all'); gc.collect(); gc.freeze()
t = time.perf_counter()
for n, src in sources:
    if not fork:
        one(n, src)
        continue
    pid = os.fork()
    if pid == 0:
        one(n, src)
        os._exit(0)
    os.waitpid(pid, 0)
print(time.perf_counter() - t)
";

#[derive(Debug, Clone, Serialize)]
pub struct OneAtATimeBench {
    pub submissions: usize,
    /// Starting a pool of one worker: what every CLI call pays, and a `Grader` once.
    pub pool_start_ms: f64,
    /// `Grader::grade_one` with the task's references already run (mean).
    pub grade_one_ms: f64,
    /// The same submissions' code as bare jobs on the same pool (mean).
    pub job_ms: f64,
}

impl OneAtATimeBench {
    pub fn grade_one_over_job(&self) -> f64 {
        self.grade_one_ms / self.job_ms
    }
}

/// A reward loop's cost: one submission at a time on a long-lived grader (the Python
/// package's `plotgrade.Grader`), against one job of the same code on the same workers.
/// The first pass runs each task's references; the measured passes find them warm.
pub fn one_at_a_time_bench(config: &ExecConfig, suite: &Path, n: usize) -> Result<OneAtATimeBench> {
    use crate::grade::grader::Grader;
    use crate::grade::response::extract_code;
    let labelled = suite.join("labelled.jsonl");
    let text = std::fs::read_to_string(&labelled)
        .with_context(|| format!("cannot read {}", labelled.display()))?;
    let lines: Vec<serde_json::Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let step = (lines.len() / n.max(1)).max(1);
    let picked: Vec<(String, String)> = lines
        .iter()
        .step_by(step)
        .take(n)
        .filter_map(|v| {
            Some((
                v["id"].as_str()?.to_string(),
                v["response"].as_str()?.to_string(),
            ))
        })
        .collect();
    let dir = tempfile::Builder::new()
        .prefix("plotgrade-bench-")
        .tempdir()?;
    let one = ExecConfig {
        jobs: 1,
        ..config.clone()
    };
    let t = Instant::now();
    drop(Pool::start(one.clone())?);
    let pool_start_ms = t.elapsed().as_secs_f64() * 1000.0;
    let grader = Grader::new(
        &suite.join("tasks.jsonl"),
        one,
        &dir.path().join("refs.sqlite"),
    )?;
    for (id, response) in &picked {
        grader.grade_one(id, response, "bench")?;
    }
    let codes: Vec<String> = picked
        .iter()
        .map(|(_, r)| extract_code(r).map(|e| e.code).unwrap_or_default())
        .collect();
    let (mut graded, mut jobs) = (0.0, 0.0);
    // Interleaved, so load on the machine falls on both alike.
    for ((id, response), code) in picked.iter().zip(&codes) {
        let t = Instant::now();
        grader.grade_one(id, response, "bench")?;
        graded += t.elapsed().as_secs_f64();
        let t = Instant::now();
        grader
            .pool()
            .run_one(Job::new("submission.py", code.as_bytes()));
        jobs += t.elapsed().as_secs_f64();
    }
    let k = picked.len().max(1) as f64;
    Ok(OneAtATimeBench {
        submissions: picked.len(),
        pool_start_ms,
        grade_one_ms: graded / k * 1000.0,
        job_ms: jobs / k * 1000.0,
    })
}

/// A GRPO group's reward: `size` answers to one task graded as one batch on a grader of
/// `config.jobs` workers, against the same answers' code as bare jobs spread over the
/// same workers (the floor: the code must run). Per round both are timed, interleaved;
/// the ratio reported is the median of the rounds' ratios.
#[derive(Debug, Clone, Serialize)]
pub struct GroupBench {
    pub task: String,
    pub answers: usize,
    pub workers: usize,
    pub rounds: usize,
    /// Mean time of one batch, `Grader::grade_batch`.
    pub batch_ms: f64,
    /// Mean time of the same code as bare jobs (`Pool::run`).
    pub bare_ms: f64,
    /// Median over rounds of batch time / bare time.
    pub ratio: f64,
}

pub fn group_bench(
    config: &ExecConfig,
    suite: &Path,
    size: usize,
    rounds: usize,
) -> Result<GroupBench> {
    use crate::grade::grader::Grader;
    use crate::grade::response::extract_code;
    use std::collections::BTreeMap;
    use std::sync::atomic::AtomicBool;
    let labelled = suite.join("labelled.jsonl");
    let text = std::fs::read_to_string(&labelled)
        .with_context(|| format!("cannot read {}", labelled.display()))?;
    // The task with the most answers that carry code; its answers, cycled to `size`.
    let mut by_task: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for v in text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
    {
        let (Some(id), Some(r)) = (v["id"].as_str(), v["response"].as_str()) else {
            continue;
        };
        if extract_code(r).is_some() {
            by_task
                .entry(id.to_string())
                .or_default()
                .push(r.to_string());
        }
    }
    let (task, responses) = by_task
        .into_iter()
        .max_by_key(|(id, rs)| (rs.len(), std::cmp::Reverse(id.clone())))
        .with_context(|| format!("no answer with code in {}", labelled.display()))?;
    let group: Vec<&str> = responses
        .iter()
        .cycle()
        .take(size)
        .map(String::as_str)
        .collect();
    let answers: Vec<(&str, &str)> = group.iter().map(|r| (task.as_str(), *r)).collect();
    let codes: Vec<String> = group
        .iter()
        .map(|r| extract_code(r).map(|e| e.code).unwrap_or_default())
        .collect();
    let dir = tempfile::Builder::new()
        .prefix("plotgrade-bench-")
        .tempdir()?;
    let grader = Grader::new(
        &suite.join("tasks.jsonl"),
        config.clone(),
        &dir.path().join("refs.sqlite"),
    )?;
    let never = AtomicBool::new(false);
    // Warm: the task's references run, every worker has run this code once.
    for r in grader.grade_batch(&answers, "bench", &never) {
        r?;
    }
    let (mut batch, mut bare, mut ratios) = (0.0, 0.0, Vec::new());
    for _ in 0..rounds.max(1) {
        let t = Instant::now();
        let graded = grader.grade_batch(&answers, "bench", &never);
        let b = t.elapsed().as_secs_f64();
        if let Some(Err(e)) = graded.into_iter().find(Result::is_err) {
            return Err(e);
        }
        let jobs: Vec<Job> = codes
            .iter()
            .map(|c| Job::new("submission.py", c.as_bytes()))
            .collect();
        let t = Instant::now();
        grader.pool().run(jobs, |_, _| {});
        let j = t.elapsed().as_secs_f64();
        batch += b;
        bare += j;
        ratios.push(b / j);
    }
    ratios.sort_by(f64::total_cmp);
    let k = ratios.len() as f64;
    Ok(GroupBench {
        answers: answers.len(),
        task: task.clone(),
        workers: grader.pool().jobs(),
        rounds: ratios.len(),
        batch_ms: batch / k * 1000.0,
        bare_ms: bare / k * 1000.0,
        ratio: ratios[ratios.len() / 2],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cores_of_this_thread() -> i32 {
        // SAFETY: as in `on_one_core`.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            assert_eq!(
                libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set),
                0
            );
            libc::CPU_COUNT(&set)
        }
    }

    #[test]
    fn one_core_holds_the_work_and_what_it_starts_then_lets_go() {
        let before = cores_of_this_thread();
        let inside = on_one_core(|| {
            // A thread started inside inherits the mask.
            let spawned = std::thread::spawn(cores_of_this_thread).join().unwrap();
            (cores_of_this_thread(), spawned)
        });
        match inside {
            Some(counts) => assert_eq!(counts, (1, 1)),
            None => assert_eq!(before, 1, "refused with {before} cores to choose from"),
        }
        assert_eq!(cores_of_this_thread(), before);
    }

    #[test]
    fn two_cores_against_one_takes_the_faster_of_both_widths() {
        let mut r = Round {
            jobs1_fps: 24.0,
            jobs2_fps: 26.0,
            one_core_fps: Some(13.0),
            process_fps: 2.0,
            floor_fps: 32.0,
        };
        assert_eq!(r.two_cores_vs_one(), Some(2.0));
        r.jobs2_fps = 20.0;
        assert_eq!(r.two_cores_vs_one(), Some(24.0 / 13.0));
        r.one_core_fps = None;
        assert_eq!(r.two_cores_vs_one(), None);
    }
}
