//! Command-line interface: what the user typed, resolved into calls to the library.
//!
//! Exit codes (documented in `--help`): 0 done and passed, 1 done but something failed
//! (a script did not run, a check failed), 2 usage or infrastructure error.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};

use crate::exec::{self, ExecConfig, Job, Limits, Outcome, Pool, Status};

const AFTER_HELP: &str = "\
Exit status: 0 done (and passed), 1 done but something failed, 2 usage or infrastructure error.

Environment: PLOTGRADE_VENV (Python venv to run code with; default: the one plotgrade was built
against), PLOTGRADE_CACHE (cache directory), PLOTGRADE_SHIM_DIR (use a checkout's python_shim/).";

#[derive(Debug, Parser)]
#[command(name = "plotgrade", version, about = "Grade model-written Matplotlib code by running it and reading back what it drew.", after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Grade a file of model submissions against a task suite.
    ///
    /// Runs original, reference (cached across runs) and generated code in the sandbox,
    /// scores the code, figure and image channels, and writes RUN_DIR/results.jsonl,
    /// summary.json, summary.md and report.html. Running the same command again resumes:
    /// finished submissions are kept and not graded twice. With a choice.jsonl as --tasks,
    /// grades multiple-choice answers instead. Exit 0 when every line was graded, 1 when
    /// some were rejected (listed in the summary) or the run was interrupted.
    Grade(GradeArgs),
    /// Grade a labelled set and report agreement of the verdicts with the labels.
    ///
    /// Prints the confusion matrix of pass against expected, and agreement per case, kind,
    /// figure type and channel; writes validation.json and validation.md in the run dir.
    Validate(ValidateArgs),
    /// Join the run directories of shards (--shard i/n) into one run directory.
    Merge {
        /// The merged run directory to write.
        #[arg(long)]
        out: PathBuf,
        /// Shard run directories.
        #[arg(required = true)]
        runs: Vec<PathBuf>,
    },
    /// Run one script in the sandbox and write its figures, scene and result.
    ///
    /// Writes DIR/figure-N.png (every figure the script left open, showed or saved),
    /// DIR/scene.json (what each figure draws) and DIR/result.json (status, error,
    /// output, timings). Exits 0 when the script ran and drew a figure, 1 otherwise.
    Run(RunArgs),
    /// Print what plotgrade extracted from a script (debug views).
    #[command(subcommand)]
    Dump(DumpCommand),
    /// Compare two plotting scripts element by element.
    ///
    /// Without --base: the key elements (bars, wedges, lines, points, texts, titles…) that
    /// differ from OLD to NEW, then a unified text diff. With --base ORIGINAL: treats OLD
    /// as the reference edit of ORIGINAL and NEW as the generated one, and scores how well
    /// the generated edit matches (precision, recall, F1 over edit operations).
    Diff(DiffArgs),
    /// Task suites: expand variant generators into a suite, render reference images.
    #[command(subcommand)]
    Tasks(TasksCommand),
    /// Measure throughput against baselines taken in the same run.
    ///
    /// Renders a fixed corpus of small bar, line, pie, geometry and function figures with
    /// plotgrade (--jobs 1 and 2), with one `python script.py` process per script, and with
    /// a plain in-process Python loop (the floor), and prints rates and ratios.
    Bench(BenchArgs),
    /// Internal: serve jobs as a warm worker (started by plotgrade itself).
    #[command(name = "__worker", hide = true)]
    Worker,
}

#[derive(Debug, Subcommand)]
enum DumpCommand {
    /// Print the key elements the code channel reads from a script (no code is run).
    Elements {
        script: PathBuf,
        /// Print the elements as JSON instead.
        #[arg(long)]
        json: bool,
    },
    /// Run a script and print the scene of each figure as readable text.
    Scene {
        script: PathBuf,
        /// Print the scene as JSON instead.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        exec: ExecArgs,
    },
}

#[derive(Debug, Args)]
struct RunArgs {
    /// The Python script to run.
    script: PathBuf,
    /// Directory to write figures, scene.json and result.json into (created if missing).
    #[arg(long, short)]
    out: PathBuf,
    #[command(flatten)]
    exec: ExecArgs,
}

#[derive(Debug, Subcommand)]
enum TasksCommand {
    /// Write a suite from the variant generators: K variants per generator from seed S.
    ///
    /// Each generator (tasks/generators/gen_*.py) writes concrete samples with all four
    /// states; the suite gets references/<name>/…, tasks.jsonl and choice.jsonl, with
    /// `variant_of` naming the sample each task varies.
    Expand {
        /// The suite directory to write: <root>/tasks/<name>.
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 3)]
        variants: u32,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Where the generator programs are.
        #[arg(long, default_value = "tasks/generators")]
        generators: PathBuf,
    },
    /// Render every reference script of a suite to <state>.png beside it (pinned).
    ///
    /// With --check, render and compare with the committed images instead of writing:
    /// exit 1 listing every reference whose image no longer matches its code.
    Render {
        /// The references directory, e.g. references/mathopeval-mini.
        dir: PathBuf,
        #[arg(long)]
        check: bool,
        #[arg(long, default_value_t = crate::exec::config::default_jobs())]
        jobs: usize,
    },
    /// Check a suite: every line of tasks, choice and labelled files, every path.
    Check {
        /// The suite directory, e.g. tasks/mathopeval-mini.
        dir: PathBuf,
    },
}

#[derive(Debug, Args)]
struct GradeArgs {
    /// tasks.jsonl (code tasks) or choice.jsonl (multiple-choice questions) of a suite.
    #[arg(long)]
    tasks: PathBuf,
    /// The model's answers: JSONL lines {"id", "response", "model"?}.
    #[arg(long)]
    submissions: PathBuf,
    /// Run directory (created; an existing one is resumed).
    #[arg(long)]
    out: PathBuf,
    /// Worker processes.
    #[arg(long, default_value_t = crate::exec::config::default_jobs())]
    jobs: usize,
    /// Grade only the submissions of shard i of n (by task id), e.g. 2/4.
    #[arg(long, value_name = "i/n")]
    shard: Option<String>,
    #[command(flatten)]
    exec: ExecArgs,
}

#[derive(Debug, Args)]
struct ValidateArgs {
    /// tasks.jsonl of the suite.
    #[arg(long)]
    tasks: PathBuf,
    /// The labelled set (lines with "expected" and "case").
    #[arg(long)]
    labelled: PathBuf,
    /// Run directory (default: runs/validate).
    #[arg(long, default_value = "runs/validate")]
    out: PathBuf,
    #[arg(long, default_value_t = crate::exec::config::default_jobs())]
    jobs: usize,
    #[command(flatten)]
    exec: ExecArgs,
}

#[derive(Debug, Args)]
struct DiffArgs {
    /// The old script (with --base: the reference edit).
    old: PathBuf,
    /// The new script (with --base: the generated edit).
    new: PathBuf,
    /// The original script both edits start from.
    #[arg(long, value_name = "ORIGINAL")]
    base: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Compare what the scripts draw (run them in the sandbox and diff their scenes)
    /// instead of their source: "bar 'Q3': height 5 → 7", "text '60°' added at …".
    #[arg(long)]
    figure: bool,
    #[command(flatten)]
    exec: ExecArgs,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Number of corpus scripts (cycling the five figure types).
    #[arg(long, default_value_t = 200)]
    scripts: usize,
    /// Scripts run as one process each (slow; the rate is what is compared).
    #[arg(long, default_value_t = 30)]
    process_sample: usize,
    /// Also write the measurements as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Suite whose labelled set the whole-pipeline measurement grades.
    #[arg(long, default_value = "tasks/mathopeval-mini")]
    suite: PathBuf,
    /// Submissions graded in the whole-pipeline measurement (0 skips it).
    #[arg(long, default_value_t = 120)]
    pipeline: usize,
}

/// Limits shared by every command that runs code.
#[derive(Debug, Clone, Args)]
pub struct ExecArgs {
    /// Wall-clock seconds a script may run before it is killed.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    timeout: f64,
    /// Memory (MiB) a script may allocate beyond the warm interpreter.
    #[arg(long, default_value_t = 2048, value_name = "MIB")]
    memory: u64,
    /// Seed for `random` and `numpy.random`.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl ExecArgs {
    fn limits(&self) -> Result<Limits> {
        if !(self.timeout.is_finite() && self.timeout > 0.0 && self.timeout <= 3600.0) {
            bail!(
                "--timeout must be between 0 and 3600 seconds, got {}",
                self.timeout
            );
        }
        if self.memory < 64 {
            bail!("--memory must be at least 64 MiB, got {}", self.memory);
        }
        Ok(Limits {
            timeout: Duration::from_secs_f64(self.timeout),
            memory_mb: self.memory,
            ..Limits::default()
        })
    }

    fn pool(&self, jobs: usize) -> Result<Pool> {
        let config = ExecConfig::from_env(jobs, self.limits()?)?;
        Ok(Pool::start(config)?)
    }
}

/// Run the CLI and map the outcome to an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Worker = cli.command {
        return match exec::worker::main() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plotgrade worker: {e}");
                ExitCode::from(2)
            }
        };
    }
    match dispatch(cli.command) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("plotgrade: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(command: Command) -> Result<ExitCode> {
    match command {
        Command::Run(args) => run(&args),
        Command::Dump(DumpCommand::Scene { script, json, exec }) => {
            dump_scene(&script, json, &exec)
        }
        Command::Dump(DumpCommand::Elements { script, json }) => {
            let elements = crate::code::extract(&read_source(&script)?);
            if json {
                println!("{}", serde_json::to_string_pretty(&elements)?);
            } else {
                print!("{}", crate::code::render_elements(&elements));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Diff(args) => diff(&args),
        Command::Bench(args) => bench(&args),
        Command::Tasks(cmd) => tasks(cmd),
        Command::Grade(args) => grade(&args),
        Command::Validate(args) => validate(&args),
        Command::Merge { out, runs } => {
            let report = crate::store::merge(&out, &runs)?;
            let store = crate::store::RunStore::open_existing(&out)?;
            crate::grade::pipeline::write_outputs(&out, &store)?;
            for shard in &report.missing_shards {
                eprintln!("warning: shard {shard} is not among the merged runs");
            }
            for a in &report.missing_artifacts {
                eprintln!(
                    "warning: artifact {} is missing from its shard",
                    a.display()
                );
            }
            println!(
                "merged {} run(s) into {}: {} result(s), {} choice result(s), {} rejected line(s), {} duplicate(s) kept once",
                runs.len(),
                out.display(),
                report.results,
                report.choices,
                report.rejected,
                report.duplicates
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Worker => unreachable!("handled in main"),
    }
}

fn read_script(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read script {}", path.display()))
}

/// A script as text for the code channel, which reads source and does not run it.
fn read_source(path: &Path) -> Result<String> {
    let bytes = read_script(path)?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{} is not valid UTF-8 (first bad byte at offset {}); the code channel reads UTF-8 source",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

fn diff(args: &DiffArgs) -> Result<ExitCode> {
    if args.figure {
        return diff_figures(args);
    }
    let old = read_source(&args.old)?;
    let new = read_source(&args.new)?;
    let base = args.base.as_deref().map(read_source).transpose()?;
    let text = crate::code::render_diff(&old, &new, base.as_deref(), args.json);
    print!("{text}");
    if !text.ends_with('\n') {
        println!();
    }
    Ok(ExitCode::SUCCESS)
}

/// `diff --figure`: run the scripts, then diff (or, with --base, score the edit on) their scenes.
fn diff_figures(args: &DiffArgs) -> Result<ExitCode> {
    let mut paths = vec![args.old.as_path(), args.new.as_path()];
    paths.extend(args.base.as_deref());
    let jobs = paths
        .iter()
        .map(|p| job_for(p, &args.exec))
        .collect::<Result<Vec<_>>>()?;
    let outs = args.exec.pool(1)?.run(jobs, |_, _| {});
    for (p, o) in paths.iter().zip(&outs) {
        if o.status != Status::Ok {
            bail!("{} did not draw a figure: {}", p.display(), o.summary());
        }
    }
    let (old, new) = (&outs[0].scene, &outs[1].scene);
    match outs.get(2) {
        None => {
            let ops = crate::figure::diff(old, new);
            if args.json {
                println!("{}", serde_json::to_string_pretty(&ops)?);
            } else if ops.is_empty() {
                println!("the two figures draw the same elements (within tolerance)");
            } else {
                println!("figure diff: {} operation(s)", ops.len());
                for op in &ops {
                    println!("  {}", crate::figure::render_op(op));
                }
            }
        }
        Some(base) => {
            // As for the code diff: OLD is the reference edit, NEW the generated one.
            let score = crate::figure::compare_edit(&base.scene, new, old);
            if args.json {
                println!("{}", serde_json::to_string_pretty(&score)?);
            } else {
                println!(
                    "edit agreement on the figures: precision {:.3}, recall {:.3}, F1 {:.3}",
                    score.precision, score.recall, score.f1
                );
                println!("reference edit (base → OLD):");
                for op in &score.reference_ops {
                    println!("  {}", crate::figure::render_op(op));
                }
                println!("generated edit (base → NEW):");
                for op in &score.generated_ops {
                    println!("  {}", crate::figure::render_op(op));
                }
                for note in &score.notes {
                    println!("note: {note}");
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn job_for(path: &Path, exec: &ExecArgs) -> Result<Job> {
    let name = path
        .file_name()
        .map_or("script.py".into(), |n| n.to_string_lossy().into_owned());
    Ok(Job {
        seed: exec.seed,
        ..Job::new(name, read_script(path)?)
    })
}

fn run(args: &RunArgs) -> Result<ExitCode> {
    let job = job_for(&args.script, &args.exec)?;
    let pool = args.exec.pool(1)?;
    let outcome = pool.run_one(job);
    write_run_dir(&args.out, &outcome)?;
    println!("{}: {}", args.script.display(), outcome.summary());
    Ok(if outcome.status == Status::Ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Write `figure-N.png`, `scene.json` and `result.json` for one outcome.
pub fn write_run_dir(dir: &Path, outcome: &Outcome) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (i, png) in outcome.pngs.iter().enumerate() {
        let p = dir.join(format!("figure-{}.png", i + 1));
        std::fs::write(&p, png).with_context(|| format!("cannot write {}", p.display()))?;
    }
    let scene = serde_json::to_string_pretty(&outcome.scene)?;
    std::fs::write(dir.join("scene.json"), scene + "\n")?;
    let mut result = serde_json::to_value(outcome)?;
    if let Some(obj) = result.as_object_mut() {
        obj.remove("scene"); // in scene.json
    }
    std::fs::write(
        dir.join("result.json"),
        serde_json::to_string_pretty(&result)? + "\n",
    )?;
    Ok(())
}

fn dump_scene(script: &Path, json: bool, exec: &ExecArgs) -> Result<ExitCode> {
    let job = job_for(script, exec)?;
    let outcome = exec.pool(1)?.run_one(job);
    if json {
        println!("{}", serde_json::to_string_pretty(&outcome.scene)?);
    } else {
        print!("{}", crate::scene::render_text(&outcome.scene));
    }
    if outcome.status != Status::Ok {
        eprintln!("{}: {}", script.display(), outcome.summary());
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn bench(args: &BenchArgs) -> Result<ExitCode> {
    if args.scripts < 5 {
        bail!(
            "--scripts must be at least 5 (one per figure type), got {}",
            args.scripts
        );
    }
    let config = ExecConfig::from_env(1, Limits::default())?;
    let b = crate::bench::exec_bench(&config, args.scripts, args.process_sample, |msg| {
        eprintln!("bench: {msg}")
    })?;
    println!(
        "executor: {} scripts, {} figures (bar, line, pie, geometry, function)",
        b.scripts, b.figures
    );
    println!(
        "  plotgrade --jobs 1        {:8.1} figures/s   (pool start {:.2} s, not counted)",
        b.jobs1_fps, b.pool_start_s
    );
    println!("  plotgrade --jobs 2        {:8.1} figures/s", b.jobs2_fps);
    println!(
        "  python per script         {:8.1} figures/s   ({} scripts)",
        b.process_fps, b.process_sample
    );
    println!("  in-process loop (floor)   {:8.1} figures/s", b.floor_fps);
    let p = b.phases_ms;
    println!(
        "  per job (--jobs 1, ms): exec {:.1}, render {:.1}, scene {:.1}, in child {:.1}, worker wall {:.1}",
        p[0], p[1], p[2], p[3], p[4]
    );
    println!(
        "  --jobs 1 time / floor time     {:6.2}x   (target <= 1.5)",
        b.jobs1_over_floor()
    );
    println!(
        "  --jobs 1 vs process-per-script {:6.1}x faster (target >= 10)",
        b.jobs1_vs_process()
    );
    println!(
        "  --jobs 2 vs --jobs 1           {:6.2}x",
        b.jobs2_vs_jobs1()
    );
    // Channel timings on three 600×400 bar charts: original, one bar changed, reference.
    let pool = Pool::start(ExecConfig::from_env(1, Limits::default())?)?;
    let bar = |h: u32| {
        Job::new(
            "b.py",
            format!(
                "import matplotlib.pyplot as plt\nplt.figure(figsize=(6, 4))\nplt.bar(['a', 'b', 'c', 'd'], [3, {h}, 5, 2])\n"
            ),
        )
    };
    let outs = pool.run(vec![bar(4), bar(6), bar(7)], |_, _| {});
    if let Some(o) = outs.iter().find(|o| o.status != Status::Ok) {
        bail!("bench figure did not render: {}", o.summary());
    }
    let fig = |i: usize| (outs[i].pngs[0].as_slice(), &outs[i].scene);
    let c = crate::bench::channel_bench([fig(0), fig(1), fig(2)])?;
    println!("channels (ms per call):");
    println!(
        "  code: extract {} lines          {:7.2}",
        c.code_lines, c.code_extract_ms
    );
    println!("  image: decode a 600x400 PNG       {:7.2}", c.decode_ms);
    println!("  image: RMS 600x400                {:7.2}", c.rms_ms);
    println!("  image: SSIM grey 600x400          {:7.2}", c.ssim_grey_ms);
    println!(
        "  image: SSIM colour hybrid 600x400 {:7.2}",
        c.ssim_hybrid_ms
    );
    println!(
        "  image: edit region (3 figures)    {:7.2}",
        c.edit_region_ms
    );
    println!(
        "  figure: match + diff two scenes   {:7.3}",
        c.figure_diff_ms
    );
    println!(
        "  figure: edit comparison           {:7.3}",
        c.figure_edit_ms
    );
    let p = if args.pipeline > 0 {
        eprintln!(
            "bench: whole pipeline, {} submissions, --jobs 1 and 2",
            args.pipeline
        );
        let p = crate::bench::pipeline_bench(&config, &args.suite, args.pipeline)?;
        println!(
            "pipeline: {} labelled submissions, cold reference cache",
            p.submissions
        );
        println!(
            "  plotgrade grade --jobs 1 {:8.1} submissions/s",
            p.jobs1_sps
        );
        println!(
            "  plotgrade grade --jobs 2 {:8.1} submissions/s",
            p.jobs2_sps
        );
        println!(
            "  executor floor            {:8.1} figures/s (a submission runs 1 script, plus its task's references once)",
            b.floor_fps
        );
        Some(p)
    } else {
        None
    };
    if let Some(path) = &args.json {
        let all = serde_json::json!({ "executor": b, "channels": c, "pipeline": p });
        std::fs::write(path, serde_json::to_string_pretty(&all)? + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn tasks(cmd: TasksCommand) -> Result<ExitCode> {
    use crate::task;
    match cmd {
        TasksCommand::Expand {
            out,
            variants,
            seed,
            generators,
        } => {
            let report = task::expand(&task::ExpandOptions::new(generators, out, variants, seed))?;
            println!(
                "suite {}: {} samples, {} tasks, {} questions from {} generator(s) → {}",
                report.suite,
                report.samples,
                report.tasks,
                report.choices,
                report.generators.len(),
                report.dir.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        TasksCommand::Check { dir } => {
            let (suite, problems) = task::Suite::check(&dir)?;
            for p in &problems {
                eprintln!("{p}");
            }
            println!(
                "{}: {} tasks, {} questions, {} labelled; {} problem(s)",
                dir.display(),
                suite.tasks.len(),
                suite.choices.len(),
                suite.labelled.len(),
                problems.len()
            );
            Ok(if problems.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        TasksCommand::Render { dir, check, jobs } => {
            if !dir.is_dir() {
                bail!("{} is not a directory of reference scripts", dir.display());
            }
            let pool = Pool::start(ExecConfig::from_env(jobs, Limits::default())?)?;
            let total = task::render::reference_scripts(&dir)?.len() as u64;
            let bar = progress_bar(total, if check { "checking" } else { "rendering" });
            let report = task::render::render_references(&pool, &dir, check, || bar.inc(1))?;
            bar.finish_and_clear();
            for (p, why) in &report.failed {
                eprintln!("{}: {why}", p.display());
            }
            for p in &report.mismatched {
                eprintln!(
                    "{}: image does not match the code (run `plotgrade tasks render {}`)",
                    p.display(),
                    dir.display()
                );
            }
            println!(
                "{} reference scripts: {} failed, {} {}",
                report.scripts,
                report.failed.len(),
                if check {
                    report.mismatched.len()
                } else {
                    report.written
                },
                if check { "mismatched" } else { "written" }
            );
            let bad = !report.failed.is_empty() || !report.mismatched.is_empty();
            Ok(if bad {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}

/// A progress bar on stderr with rate and ETA (hidden when stderr is not a terminal).
pub fn progress_bar(total: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg:>10} [{bar:30}] {pos}/{len} {per_sec} ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Set by SIGINT: stop handing out work, finish what runs, write the outputs.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    // Async-signal-safe: one atomic store. A second Ctrl-C gets the default action.
    INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
    // SAFETY: restoring the default disposition is async-signal-safe.
    unsafe { libc::signal(libc::SIGINT, libc::SIG_DFL) };
}

fn catch_ctrl_c() {
    // SAFETY: installing a handler that only stores to an atomic.
    unsafe { libc::signal(libc::SIGINT, on_sigint as *const () as libc::sighandler_t) };
}

/// indicatif behind the pipeline's progress callbacks.
struct Bar(Option<indicatif::ProgressBar>);

impl crate::grade::pipeline::Progress for Bar {
    fn phase(&mut self, what: &str, total: u64) {
        if let Some(b) = self.0.take() {
            b.finish_and_clear();
        }
        if total > 0 {
            self.0 = Some(progress_bar(total, what));
        }
    }
    fn advance(&mut self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }
    fn warn(&mut self, msg: &str) {
        match &self.0 {
            Some(b) => b.println(msg),
            None => eprintln!("{msg}"),
        }
    }
}

fn grade_options(
    tasks: &Path,
    submissions: &Path,
    out: &Path,
    jobs: usize,
    shard: Option<&str>,
    exec: &ExecArgs,
) -> Result<crate::grade::pipeline::GradeOptions> {
    let shard = shard
        .map(|s| s.parse::<crate::store::Shard>())
        .transpose()?;
    Ok(crate::grade::pipeline::GradeOptions {
        tasks: tasks.to_path_buf(),
        submissions: submissions.to_path_buf(),
        out: out.to_path_buf(),
        shard,
        exec: ExecConfig::from_env(jobs, exec.limits()?)?,
        ref_cache: crate::exec::config::cache_dir().join(crate::store::REF_CACHE_FILE),
    })
}

fn run_grade(
    opts: &crate::grade::pipeline::GradeOptions,
) -> Result<crate::grade::pipeline::GradeReport> {
    catch_ctrl_c();
    let mut bar = Bar(None);
    let report = crate::grade::pipeline::grade(opts, &INTERRUPTED, &mut bar)?;
    if let Some(b) = bar.0.take() {
        b.finish_and_clear();
    }
    Ok(report)
}

fn grade(args: &GradeArgs) -> Result<ExitCode> {
    let opts = grade_options(
        &args.tasks,
        &args.submissions,
        &args.out,
        args.jobs,
        args.shard.as_deref(),
        &args.exec,
    )?;
    let r = run_grade(&opts)?;
    println!(
        "{} graded now, {} already done; {} result(s), {} passed, {} line(s) rejected{}",
        r.graded_now,
        r.already_done,
        r.results,
        r.passed,
        r.rejected,
        if r.cancelled {
            "; interrupted (run the same command to resume)"
        } else {
            ""
        }
    );
    println!("report: {}", args.out.join("report.html").display());
    Ok(if r.rejected > 0 || r.cancelled {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn validate(args: &ValidateArgs) -> Result<ExitCode> {
    let labelled = crate::task::load_labelled(&args.labelled, None);
    for p in &labelled.problems {
        eprintln!("{p}");
    }
    let opts = grade_options(
        &args.tasks,
        &args.labelled,
        &args.out,
        args.jobs,
        None,
        &args.exec,
    )?;
    let r = run_grade(&opts)?;
    if r.cancelled {
        bail!("interrupted; run the same command to resume");
    }
    let store = crate::store::RunStore::open_existing(&args.out)?;
    let v = crate::grade::validate::validate(&labelled.items, &store.results()?);
    let md = crate::grade::validate::render_markdown(&v);
    std::fs::write(args.out.join("validation.md"), &md)?;
    std::fs::write(
        args.out.join("validation.json"),
        serde_json::to_string_pretty(&v)? + "\n",
    )?;
    print!("{md}");
    Ok(ExitCode::SUCCESS)
}
