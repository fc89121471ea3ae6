//! Command-line interface: what the user typed, resolved into calls to the library.
//!
//! Exit codes (documented in `--help`): 0 done and passed, 1 done but something failed
//! (a script did not run, a check failed), 2 usage or infrastructure error.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};

use crate::exec::{self, ExecConfig, Job, Limits, Pool};

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
    /// scores the code, figure and image channels, and writes RUN_DIR/results.jsonl (and
    /// flat: results.csv, results.parquet), summary.json, summary.md and report.html. Running the same command again resumes:
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
    /// Record what scripts draw as a regression baseline (PNG, scene and hash per figure).
    ///
    /// Writes DIR/NAME.png and DIR/NAME.scene.json per figure (NAME: the script's path
    /// relative to the script root, without .py, then -N) and DIR/manifest.json (hashes,
    /// matplotlib/FreeType/numpy/Python versions, each script's status). Scripts that fail
    /// are recorded with their status. Recorded scripts are replaced.
    Snapshot(regress::SnapshotArgs),
    /// Compare what scripts draw now with the baseline; exit 1 when anything failed.
    ///
    /// hybrid (default): equal bytes pass; a scene change (bar height, label, line data,
    /// colour) fails with the change spelled out; a pixel-only change within --tolerance
    /// passes as drift. Failures write NAME.new.png, NAME.new.scene.json and NAME.diff.png
    /// beside the baseline (never overwriting it) for `accept` / `reject`.
    Check(regress::CheckArgs),
    /// Promote pending results of `check` to baseline (all, or the NAMES given).
    Accept(regress::ReviewArgs),
    /// Delete pending results of `check` (all, or the NAMES given); the baseline stays.
    Reject(regress::ReviewArgs),
    /// Serve rewards over HTTP: one warm grader for a trainer's reward calls.
    ///
    /// POST /reward takes OpenRLHF's remote reward request ({"query", "prompts", "labels"},
    /// each label a task id) and answers {"rewards", "scores", "extra_logs"}; POST /grade
    /// takes {"answers": [{"id", "response"}]} and answers a result record per answer. A
    /// request's answers, any number per task (a GRPO group), are graded together over
    /// every worker and come back in order. GET /health and GET /metrics (Prometheus)
    /// answer at once. A full queue answers 503, a late request 504; Ctrl-C or SIGTERM
    /// stops taking requests, answers those taken, and exits 0. See docs/integrations.md.
    Serve(serve::ServeArgs),
    /// Write a suite's prompts for the tools that ask models: prompts.jsonl, an lm-eval
    /// task (for --include_path) and a VLMEvalKit TSV dataset.
    ///
    /// Each prompt is what MathOPEval shows a model: the instruction, and for edits the
    /// original script and its picture (and the edited picture for deletion and
    /// modification); never the reference script. What the tools write back maps to the
    /// task ids with no flag: lm-eval samples keep their doc (doc.id), VLMEvalKit keeps
    /// the id column.
    Prompts(prompts::PromptsArgs),
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
        #[arg(long, default_value_t = crate::exec::config::default_jobs(), value_parser = crate::cli::jobs_at_least_one)]
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
    /// The model's answers: JSONL lines {"id", "response", "model"?}, or what an evaluation
    /// tool wrote (lm-eval --log_samples JSONL, VLMEvalKit xlsx/tsv; see "Input").
    #[arg(long)]
    submissions: PathBuf,
    /// Run directory (created; an existing one is resumed).
    #[arg(long)]
    out: PathBuf,
    /// Worker processes.
    #[arg(long, default_value_t = crate::exec::config::default_jobs(), value_parser = crate::cli::jobs_at_least_one)]
    jobs: usize,
    /// Grade only the submissions of shard i of n (by task id), e.g. 2/4.
    #[arg(long, value_name = "i/n")]
    shard: Option<String>,
    #[command(flatten)]
    input: InputArgs,
    /// Multiple choice, and tasks that ask a question: which reading of an answer counts
    /// (both are recorded). strict: only a declared format
    /// (\boxed{X}, a line "Answer: X", a JSON field "answer", or the bare letter). soft:
    /// the model's final decision in free text too ("the correct answer is C", "I choose
    /// (C)"; the last decision wins over a retracted one). soft-llm: soft, and for a reply
    /// no rule reads, the judge's model (--judge-url, --judge-model) says which option it
    /// chose (or, for a question, its final answer), taken only if the reply writes it;
    /// counted apart as `llm`, cached.
    /// Both rule readings are recorded and reported; this picks the one Table II counts.
    #[arg(long, default_value = "soft", value_parser = answer_reading_parser(), help_heading = "Input")]
    answer_reading: crate::grade::AnswerReading,
    #[command(flatten)]
    exec: ExecArgs,
    #[command(flatten)]
    judge: grade::JudgeArgs,
}

/// `--answer-reading`: one of the library's [`crate::grade::AnswerReading::ALL`], by name.
fn answer_reading_parser()
-> impl clap::builder::TypedValueParser<Value = crate::grade::AnswerReading> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(crate::grade::AnswerReading::ALL.map(|(name, _)| name))
        .map(|s| s.parse().expect("one of AnswerReading::ALL"))
}

/// How the submissions file is read.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Input")]
struct InputArgs {
    /// auto: by extension (.xlsx, .tsv, .csv), else JSONL, read as lm-eval samples when
    /// lines have `doc_id` and `resps`.
    #[arg(long, default_value = "auto", value_parser = input_format_parser())]
    input_format: crate::task::InputFormat,
    /// Field (column) holding the task id; dotted for nested JSON, e.g. doc.task_id.
    /// [default: id; lm-eval: doc.id, else doc_id; tables: id, else index]
    #[arg(long, value_name = "NAME")]
    id_field: Option<String>,
    /// Field (column) holding the model's text; a list's first string is taken.
    /// [default: response; lm-eval: filtered_resps, else resps; tables: prediction, else
    /// response]
    #[arg(long, value_name = "NAME")]
    response_field: Option<String>,
    /// The model's name for every submission (else each line's `model`, else "model").
    #[arg(long, value_name = "NAME")]
    model: Option<String>,
    /// Drop <think>…</think> reasoning from each response before looking for code (a
    /// fenced block inside the reasoning is then never graded).
    #[arg(long)]
    strip_think: bool,
}

/// `--input-format`: one of the library's [`crate::task::InputFormat::ALL`], by name.
fn input_format_parser() -> impl clap::builder::TypedValueParser<Value = crate::task::InputFormat> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(crate::task::InputFormat::ALL.map(|(name, _)| name))
        .map(|s| s.parse().expect("one of InputFormat::ALL"))
}

impl InputArgs {
    fn spec(&self) -> crate::task::InputSpec {
        crate::task::InputSpec {
            format: self.input_format,
            id_field: self.id_field.clone(),
            response_field: self.response_field.clone(),
            model: self.model.clone(),
            strip_think: self.strip_think,
        }
    }
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
    #[arg(long, default_value_t = crate::exec::config::default_jobs(), value_parser = crate::cli::jobs_at_least_one)]
    jobs: usize,
    #[command(flatten)]
    exec: ExecArgs,
    #[command(flatten)]
    judge: grade::JudgeArgs,
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
    /// Scripts run as one process each, per round (slow; the rate is what is compared).
    #[arg(long, default_value_t = 15)]
    process_sample: usize,
    /// Rounds: each way of running the corpus takes a turn per round, and each ratio is
    /// the median over rounds of the ratio within a round (robust to a drifting machine).
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Also write the measurements as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Suite whose labelled set the whole-pipeline measurement grades.
    #[arg(long, default_value = "tasks/mathopeval-mini")]
    suite: PathBuf,
    /// Submissions graded in the whole-pipeline measurement (0 skips it).
    #[arg(long, default_value_t = 120)]
    pipeline: usize,
    /// Answers in the GRPO-style group graded as one batch (with the whole pipeline).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..=1024))]
    group: u16,
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
        Ok(Limits::checked(self.timeout, self.memory)?)
    }

    fn pool(&self, jobs: usize) -> Result<Pool> {
        let config = ExecConfig::from_env(jobs, self.limits()?)?;
        let pool = Pool::start(config)?;
        if !pool.info().landlock {
            eprintln!("{}", crate::exec::pool::NO_LANDLOCK);
        }
        Ok(pool)
    }
}

/// A command's exit status. Unlike `std::process::ExitCode` its number can be read, so the
/// Python package's console script returns it to Python rather than ending the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExitCode(pub u8);

impl ExitCode {
    pub const SUCCESS: ExitCode = ExitCode(0);
    pub const FAILURE: ExitCode = ExitCode(1);
}

impl From<u8> for ExitCode {
    fn from(code: u8) -> ExitCode {
        ExitCode(code)
    }
}

impl From<ExitCode> for std::process::ExitCode {
    fn from(code: ExitCode) -> std::process::ExitCode {
        std::process::ExitCode::from(code.0)
    }
}

/// Run the CLI and map the outcome to an exit code.
pub fn main() -> std::process::ExitCode {
    main_from(std::env::args_os()).into()
}

/// [`main`] on the given words (the first is the program name): the Python package's
/// `plotgrade` console script.
pub fn main_from<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = Cli::parse_from(args);
    if let Command::Worker = cli.command {
        return match exec::zygote::main() {
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
        Command::Run(args) => run::run(&args),
        Command::Dump(DumpCommand::Scene { script, json, exec }) => {
            run::dump_scene(&script, json, &exec)
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
        Command::Diff(args) => run::diff(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Snapshot(args) => regress::snapshot(&args),
        Command::Check(args) => regress::check(&args),
        Command::Accept(args) => regress::accept(&args),
        Command::Reject(args) => regress::reject(&args),
        Command::Tasks(cmd) => tasks::tasks(cmd),
        Command::Grade(args) => grade::grade(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Prompts(args) => prompts::prompts(&args),
        Command::Validate(args) => grade::validate(&args),
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

mod bench;
mod grade;
mod prompts;
mod regress;
mod run;
mod serve;
mod tasks;

pub use run::write_run_dir;

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

fn job_for(path: &Path, exec: &ExecArgs) -> Result<Job> {
    let name = path
        .file_name()
        .map_or("script.py".into(), |n| n.to_string_lossy().into_owned());
    Ok(Job {
        seed: exec.seed,
        ..Job::new(name, read_script(path)?)
    })
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

/// `--jobs N`: a number of worker processes, at least one (0 would grade nothing).
pub(crate) fn jobs_at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("0 workers would grade nothing: give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{s}' is not a number of workers (1, 2, …)")),
    }
}
