//! `plotgrade grade`: a submissions file against a task suite, end to end.
//!
//! 1. Load tasks and submissions; every bad line becomes a [`Rejected`] record with its
//!    `file:line` and the run goes on.
//! 2. Open the run store; submissions already graded there are skipped (resume).
//! 3. Run every original and reference script once, through the reference cache (content
//!    hash of code, library versions and limits, shared across runs).
//! 4. Run the generated code on the pool; grade each submission as its outcome arrives
//!    and commit it to the store at once, so a killed run loses only what was in flight.
//! 5. Write `results.jsonl`, the summaries and `report.html` from the store.
//!
//! Results do not depend on `--jobs` or on scheduling: each grade is a pure function of
//! the runs, and every output is written in (model, id) order from the store.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};

use plotgrade_exec::{Job, Pool};
use plotgrade_judge::JudgeConfig;
use plotgrade_model::task::{self, ChoiceQuestion, Submission, Task};
use plotgrade_store::{RefCache, RunMeta, RunStore};

use super::answer;
use super::answer_llm;
use super::costs::{StageCosts, timed};
use super::judge::{JudgeRun, judge_phase};
use super::keyed;
use super::keyed_llm;
use super::options::slug;
pub use super::options::{GradeOptions, Progress, Quiet};
use super::process::process_phase;
use super::references::References;
use super::response::extract_code;
use super::result::{
    AnswerReading, ChoiceResult, ExtractionMode, GradeResult, KeyedAnswer, Rejected,
};
use super::score::{self, Ran};

/// What a run did, for the closing message.
#[derive(Debug, Clone, Default)]
pub struct GradeReport {
    pub graded_now: usize,
    pub already_done: usize,
    pub rejected: usize,
    /// The first rejected lines, `FILE:LINE` and reason, in file order.
    pub first_rejected: Vec<Rejected>,
    pub results: usize,
    pub passed: usize,
    pub cancelled: bool,
    /// Submissions left ungraded because their worker died under them twice (killed
    /// from outside); a rerun grades them.
    pub lost: usize,
    pub choice: bool,
    /// What the judge phase did (when a judge is configured).
    pub judge: Option<JudgeRun>,
    /// Where the time went, over the submissions graded now (code tasks).
    pub costs: StageCosts,
}

/// Grade a submissions file, then, with a judge in `opts`, the judge phase: every graded
/// submission not yet judged is shown to the LLM judge and its `judge` channel filled
/// (see `grade::judge`). `pool`: workers that are already running (a long-lived
/// [`super::grader::Grader`]'s); `None` starts a pool for the run and stops it after.
/// `cancel` (Ctrl-C) stops handing out new work.
pub fn grade(
    opts: &GradeOptions,
    pool: Option<&Pool>,
    cancel: &AtomicBool,
    progress: &mut dyn Progress,
) -> Result<GradeReport> {
    let judge = opts.judge.as_ref();
    if opts.answer_reading == AnswerReading::SoftLlm && judge.is_none() {
        bail!(
            "--answer-reading soft-llm asks the judge's model to read the answers no rule reads: give it one with --judge-url and --judge-model"
        );
    }
    std::fs::create_dir_all(&opts.out)
        .with_context(|| format!("cannot create run directory {}", opts.out.display()))?;
    let suite_dir = opts.tasks.parent().unwrap_or(Path::new("."));
    let root = task::suite_root(suite_dir).unwrap_or_else(|_| PathBuf::from("."));
    let choice = is_choice_file(&opts.tasks)?;
    let store = RunStore::open(&opts.out)?;
    store.check_or_set_meta(&run_meta(opts, judge)?)?;

    let mut report = GradeReport {
        choice,
        ..GradeReport::default()
    };
    if choice {
        grade_choices(opts, &store, &mut report, cancel, progress)?;
    } else {
        let run = CodeRun {
            opts,
            root: &root,
            store: &store,
            judged: judge.is_some(),
            cancel,
        };
        grade_code(&run, pool, &mut report, progress)?;
        if let Some(config) = judge
            && !report.cancelled
        {
            let mut run = judge_phase(opts, config, &root, &store, cancel, progress)?;
            if opts.answer_reading == AnswerReading::SoftLlm
                && run.refused.is_none()
                && !cancel.load(Ordering::SeqCst)
            {
                keyed_llm::read_phase(opts, config, &root, &store, cancel, progress, &mut run)?;
            }
            if run.refused.is_none() && !cancel.load(Ordering::SeqCst) {
                process_phase(opts, config, &root, &store, cancel, progress, &mut run)?;
            }
            report.cancelled = cancel.load(Ordering::SeqCst);
            report.judge = Some(run);
        }
    }
    let written = timed(&mut report.costs.report_ms, || {
        write_outputs(&opts.out, &store)
    })?;
    report.results = written.results + written.choices;
    report.passed = written.passed;
    report.rejected = written.rejected;
    report.first_rejected = written.first_rejected;
    Ok(report)
}

/// What the run's submissions are: the file's SHA-256, and with a non-default input
/// spec the spec too (other field names read other submissions from the same bytes), so
/// a resume with another mapping is refused rather than mixed.
fn submissions_identity(opts: &GradeOptions) -> Result<String> {
    let file = plotgrade_store::sha256_file(&opts.submissions).with_context(|| {
        format!(
            "cannot read submissions file {}",
            opts.submissions.display()
        )
    })?;
    if opts.input.is_plain() {
        return Ok(file);
    }
    use sha2::Digest;
    let spec = serde_json::to_string(&opts.input)?;
    Ok(format!(
        "{:x}",
        sha2::Sha256::digest(format!("{file}\n{spec}").as_bytes())
    ))
}

fn run_meta(opts: &GradeOptions, judge: Option<&JudgeConfig>) -> Result<RunMeta> {
    let version = |p| opts.exec.package_version(p).unwrap_or_default();
    Ok(RunMeta {
        tasks: opts.tasks.display().to_string(),
        tasks_sha256: plotgrade_store::sha256_file(&opts.tasks)?,
        submissions: opts.submissions.display().to_string(),
        submissions_sha256: submissions_identity(opts)?,
        judge: judge.map(JudgeConfig::meta_line),
        shard: opts.shard,
        plotgrade_version: env!("CARGO_PKG_VERSION").to_string(),
        matplotlib_version: version("matplotlib"),
        numpy_version: version("numpy"),
    })
}

/// A choice file has `choices` on its lines; a task file does not.
fn is_choice_file(path: &Path) -> Result<bool> {
    let text = std::fs::read(path)
        .with_context(|| format!("cannot read tasks file {}", path.display()))?;
    let first = text
        .split(|&b| b == b'\n')
        .find(|l| !l.iter().all(u8::is_ascii_whitespace));
    Ok(first.is_some_and(|l| {
        serde_json::from_slice::<serde_json::Value>(l).is_ok_and(|v| v.get("choices").is_some())
    }))
}

fn reject_problems(store: &RunStore, problems: &[task::Problem]) -> Result<usize> {
    for p in problems {
        store.put_rejected(&Rejected {
            at: format!("{}:{}", p.file.display(), p.line),
            id: p.reason.id().map(str::to_string),
            reason: p.reason.to_string(),
        })?;
    }
    Ok(problems.len())
}

fn in_shard(opts: &GradeOptions, id: &str) -> bool {
    opts.shard.is_none_or(|s| s.contains(id))
}

fn grade_choices(
    opts: &GradeOptions,
    store: &RunStore,
    report: &mut GradeReport,
    cancel: &AtomicBool,
    progress: &mut dyn Progress,
) -> Result<()> {
    let questions = task::load_choices(&opts.tasks, None);
    reject_problems(store, &questions.problems)?;
    let by_id: HashMap<&str, &ChoiceQuestion> =
        questions.items.iter().map(|q| (q.id.as_str(), q)).collect();
    let subs = task::load_submissions_as(&opts.submissions, &opts.input, None);
    reject_problems(store, &subs.problems)?;
    let done = store.done_keys()?;
    let mut unread = Vec::new();
    progress.phase("answers", subs.items.len() as u64);
    for (sub, line) in subs.items.iter().zip(&subs.lines) {
        progress.advance(1);
        if !in_shard(opts, &sub.id) {
            continue;
        }
        let model = model_of(sub);
        let Some(q) = by_id.get(sub.id.as_str()) else {
            store.put_rejected(&Rejected {
                at: format!("{}:{line}", opts.submissions.display()),
                id: Some(sub.id.clone()),
                reason: format!(
                    "unknown question id `{}` (not in {})",
                    sub.id,
                    opts.tasks.display()
                ),
            })?;
            continue;
        };
        if done.contains(&(model.clone(), sub.id.clone())) {
            report.already_done += 1;
            continue;
        }
        let read = answer::read(&sub.response, &q.choices);
        let primary = match opts.answer_reading {
            AnswerReading::Strict => read.strict,
            AnswerReading::Soft | AnswerReading::SoftLlm => read.soft,
        };
        let result = ChoiceResult {
            id: q.id.clone(),
            model,
            kind: q.kind,
            figure: q.figure.clone(),
            sample: q.sample.clone(),
            extracted: primary.answer,
            method: primary.method,
            answer: q.answer,
            correct: primary.answer == Some(q.answer),
            reading: opts.answer_reading,
            strict: read.strict,
            soft: read.soft,
            tags: q.tags.clone(),
            variant_of: q.variant_of.clone(),
        };
        if opts.answer_reading == AnswerReading::SoftLlm && primary.answer.is_none() {
            unread.push((result, *q, sub.response.as_str()));
            continue;
        }
        store.put_choice(&result)?;
        report.graded_now += 1;
    }
    read_by_llm(opts, store, unread, report, cancel, progress)
}

/// `--answer-reading soft-llm`: the answers no rule read, read by the judge's model
/// ([`super::answer_llm`]); one whose request failed is left for a rerun.
fn read_by_llm(
    opts: &GradeOptions,
    store: &RunStore,
    mut unread: Vec<(ChoiceResult, &ChoiceQuestion, &str)>,
    report: &mut GradeReport,
    cancel: &AtomicBool,
    progress: &mut dyn Progress,
) -> Result<()> {
    let Some(config) = &opts.judge else {
        return Ok(()); // refused before grading began (`grade`)
    };
    let mut run = JudgeRun::default();
    let asked: Vec<(&ChoiceQuestion, &str, &str)> = unread
        .iter()
        .map(|(r, q, reply)| (*q, *reply, r.model.as_str()))
        .collect();
    let reads = answer_llm::read_all(
        config,
        &opts.ref_cache,
        &opts.out,
        &asked,
        cancel,
        progress,
        &mut run,
    )?;
    drop(asked);
    for ((r, _, _), read) in unread.iter_mut().zip(reads) {
        match read {
            Some(answer_llm::Read::Done(read)) => {
                r.extracted = read.answer;
                r.method = read.method;
                r.correct = read.answer == Some(r.answer);
            }
            // Prompts written, nothing asked: the rules' (empty) reading is the record.
            None if config.dry_run => {}
            // Failed, or not asked: a rerun asks.
            _ => continue,
        }
        store.put_choice(r)?;
        report.graded_now += 1;
    }
    report.judge = Some(run);
    Ok(())
}

fn model_of(sub: &Submission) -> String {
    sub.model.clone().unwrap_or_else(|| "model".to_string())
}

/// A submission waiting for its generated code to run.
struct Pending<'a> {
    task: &'a Task,
    model: String,
    extraction: ExtractionMode,
    code: Option<String>,
    /// The answer to the task's question, read from the response.
    answer: Option<KeyedAnswer>,
}

/// What a code run's stages share: its options, the suite root, the store, whether a
/// judge follows, and the flag that cancels it.
struct CodeRun<'a> {
    opts: &'a GradeOptions,
    root: &'a Path,
    store: &'a RunStore,
    judged: bool,
    cancel: &'a AtomicBool,
}

/// The submissions of this run (its shard) not graded yet, each with its code taken out
/// of the response; a submission for an unknown task is stored as rejected.
fn pending<'t>(
    run: &CodeRun<'_>,
    tasks: &'t [Task],
    report: &mut GradeReport,
) -> Result<Vec<Pending<'t>>> {
    let (opts, store) = (run.opts, run.store);
    let by_id: HashMap<&str, &Task> = tasks.iter().map(|t| (t.id.as_str(), t)).collect();
    let subs = task::load_submissions_as(&opts.submissions, &opts.input, Some(tasks));
    reject_problems(store, &subs.problems)?;
    let done = store.done_keys()?;

    let mut pending = Vec::new();
    for (sub, line) in subs.items.iter().zip(&subs.lines) {
        if !in_shard(opts, &sub.id) {
            continue;
        }
        let model = model_of(sub);
        let Some(task) = by_id.get(sub.id.as_str()).copied() else {
            store.put_rejected(&Rejected {
                at: format!("{}:{line}", opts.submissions.display()),
                id: Some(sub.id.clone()),
                reason: format!("unknown task id `{}`", sub.id),
            })?;
            continue;
        };
        if done.contains(&(model.clone(), sub.id.clone())) {
            report.already_done += 1;
            continue;
        }
        let (code, extraction) = timed(&mut report.costs.extract_ms, || {
            match extract_code(&sub.response) {
                Some(e) => (Some(e.code), e.mode),
                None => (None, ExtractionMode::None),
            }
        });
        let answer = task
            .question
            .as_ref()
            .map(|q| keyed::read(&sub.response, q, opts.answer_reading));
        pending.push(Pending {
            task,
            model,
            extraction,
            code,
            answer,
        });
    }
    Ok(pending)
}

/// Grade a suite's code submissions: the pending ones, their tasks' originals and
/// references (run once each, or read from the cache), then each submission's code,
/// scored and stored as its outcome arrives.
fn grade_code(
    run: &CodeRun<'_>,
    pool: Option<&Pool>,
    report: &mut GradeReport,
    progress: &mut dyn Progress,
) -> Result<()> {
    let CodeRun {
        opts,
        root,
        store,
        judged,
        cancel,
    } = *run;
    let tasks = task::load_tasks(&opts.tasks, root);
    reject_problems(store, &tasks.problems)?;
    if tasks.items.is_empty() {
        bail!(
            "no usable task in {} ({} bad line(s))",
            opts.tasks.display(),
            tasks.problems.len()
        );
    }
    let pending = pending(run, &tasks.items, report)?;
    if pending.is_empty() {
        return Ok(());
    }

    let started;
    let pool = match pool {
        Some(p) => p,
        None => {
            started = Pool::start(opts.exec.clone())?;
            &started
        }
    };
    if !pool.info().landlock {
        progress.warn(plotgrade_exec::pool::NO_LANDLOCK);
    }
    let versions = RefCache::versions(&pool.info().versions, &opts.exec.limits);
    let cache = RefCache::open(&opts.ref_cache)?;

    // Originals and references: each distinct script run once (unless cached), then
    // read back from the cache by the submissions that need it.
    let scripts: BTreeSet<&Path> = pending.iter().flat_map(|p| p.task.scripts()).collect();
    let mut refs = References::prepare(root, scripts, &cache, &versions, pool, progress)?;

    let mut runnable = usable(pending, &mut refs, store, opts)?;

    // Generated code: graded and stored as each outcome arrives.
    progress.phase("submissions", runnable.len() as u64);
    // Task by task, so each task's scripts are held only while its submissions run.
    runnable.sort_by(|a, b| {
        (&a.task.reference, &a.task.original).cmp(&(&b.task.reference, &b.task.original))
    });
    let (with_code, without): (Vec<&Pending>, Vec<&Pending>) =
        runnable.iter().partition(|p| p.code.is_some());
    let mut finish = Finish {
        opts,
        store,
        judged,
        refs: &mut refs,
        costs: &mut report.costs,
        progress,
        store_error: None,
        refs_error: None,
        lost: 0,
    };
    for p in &without {
        finish.one(p, None);
    }
    let jobs: Vec<Job> = with_code
        .iter()
        .map(|p| Job::new("submission.py", p.code.as_deref().unwrap_or("").as_bytes()))
        .collect();
    // Each outcome is scored, stored and dropped as it arrives: the run holds one at a
    // time, so its memory stays flat however many submissions there are.
    let answered = pool.each_until(jobs, cancel, |i, out| {
        let p = with_code[i];
        finish.one(p, Some((p.code.clone().unwrap_or_default(), out)));
    });
    let Finish {
        store_error,
        refs_error,
        lost,
        ..
    } = finish;
    if let Some(e) = refs_error {
        return Err(e).context("cannot read a task script's run back from the reference cache");
    }
    report.graded_now += without.len() + answered.iter().filter(|a| **a).count() - lost;
    report.lost = lost;
    report.cancelled = cancel.load(Ordering::SeqCst) && answered.iter().any(|a| !a);
    if let Some(e) = store_error {
        return Err(e).context("cannot write to the run store");
    }
    Ok(())
}

/// The submissions whose task's scripts can be used, each script marked as wanted by
/// them; the others are stored as rejected, not graded.
fn usable<'t>(
    pending: Vec<Pending<'t>>,
    refs: &mut References<'_>,
    store: &RunStore,
    opts: &GradeOptions,
) -> Result<Vec<Pending<'t>>> {
    let mut runnable = Vec::new();
    for p in pending {
        match p.task.scripts().try_for_each(|s| refs.check(s)) {
            Ok(()) => {
                for s in p.task.scripts() {
                    refs.will_use(s);
                }
                runnable.push(p);
            }
            Err(why) => store.put_rejected(&Rejected {
                at: opts.submissions.display().to_string(),
                id: Some(p.task.id.clone()),
                reason: format!("task {} cannot be graded: {why}", p.task.id),
            })?,
        }
    }
    Ok(runnable)
}

/// What scoring each submission's outcome needs, and what it leaves behind: the first
/// store or cache error, and the submissions whose worker was lost.
struct Finish<'a, 'c> {
    opts: &'a GradeOptions,
    store: &'a RunStore,
    judged: bool,
    refs: &'a mut References<'c>,
    costs: &'a mut StageCosts,
    progress: &'a mut dyn Progress,
    store_error: Option<plotgrade_store::StoreError>,
    refs_error: Option<anyhow::Error>,
    lost: usize,
}

impl Finish<'_, '_> {
    /// Score one submission against its task's scripts, write its figures and store it.
    fn one(&mut self, p: &Pending, generated: Option<(String, plotgrade_exec::Outcome)>) {
        let held = (|| -> Result<_> {
            let reference = p
                .task
                .reference
                .as_deref()
                .map(|r| self.refs.get(r))
                .transpose()?;
            let original = p
                .task
                .original
                .as_deref()
                .map(|o| self.refs.get(o))
                .transpose()?;
            Ok((reference, original))
        })();
        for s in p.task.scripts() {
            self.refs.done_with(s);
        }
        let (reference, original) = match held {
            Ok(held) => held,
            Err(e) => {
                self.refs_error.get_or_insert(e);
                return;
            }
        };
        if generated.as_ref().is_some_and(|(_, out)| out.worker_lost) {
            // Not the submission's doing: left ungraded, so a resumed run tries it again.
            self.lost += 1;
            self.progress.advance(1);
            return;
        }
        let costs = &mut *self.costs;
        let generated = generated.map(|(src, out)| {
            costs.exec_ms += out.timings.wall.unwrap_or(0.0);
            Ran::new_costed(src, out, costs)
        });
        let (reference, original) = (reference.as_deref(), original.as_deref());
        let original_at = p.task.original.as_deref().zip(original);
        let mut result = score::grade_costed(
            p.task,
            &p.model,
            p.extraction,
            generated.as_ref(),
            original,
            reference,
            costs,
        );
        result.answer = p.answer.clone();
        if self.judged {
            result.channels.judge = super::judge::pending();
        }
        result.artifacts = timed(&mut costs.artifacts_ms, || {
            write_artifacts(
                &self.opts.out,
                &result,
                generated.as_ref(),
                original_at,
                p.task.reference.as_deref().zip(reference),
            )
        });
        let code = generated.as_ref().map(|g| g.source.as_str());
        let put = timed(&mut costs.store_ms, || {
            self.store.put_result_with_code(&result, code)
        });
        if let Err(e) = put {
            self.store_error.get_or_insert(e);
        }
        costs.submissions += 1;
        self.progress.advance(1);
    }
}

/// Where each distinct artifact is stored once, named by its content.
const OBJECTS: &str = "figures/objects";

/// Write `bytes` at `path`, storing each distinct content once: the file is a hard link
/// to `figures/objects/<sha256>.png`, so the many submissions that draw the same figure
/// (or the same all-zero heatmap) share one copy on disk while every path the report and
/// `merge` use stays as it was. Where hard links fail (a filesystem without them), the
/// bytes are written at `path`.
fn store_once(run_dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use sha2::Digest;
    let objects = run_dir.join(OBJECTS);
    std::fs::create_dir_all(&objects)?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("bin");
    let object = objects.join(format!("{:x}.{ext}", sha2::Sha256::digest(bytes)));
    if !object.is_file() {
        // Through a temporary name: two workers storing the same content both end with
        // the whole file.
        // 0666 less the umask, as the run's other files (tempfile's default is 0600).
        let tmp = tempfile::Builder::new()
            .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666))
            .tempfile_in(&objects)?;
        std::fs::write(tmp.path(), bytes)?;
        tmp.persist(&object).map_err(|e| e.error)?;
    }
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    if std::fs::hard_link(&object, path).is_err() {
        std::fs::write(path, bytes)?;
    }
    Ok(())
}

/// Write the figures a person compares in the report; returns their run-relative paths.
/// A task's original and reference figures are written once per script, beside the
/// script's other figures (`figures/refs/<script's directory>/<script>.<role>-1.png`),
/// not once per submission that points at them; a submission's own figure is
/// `figures/<model>/<id>.generated-1.png`. No directory per submission: on ext4 each
/// costs a 4 KB block, 4.3 KB a submission of a 7,552-submission run (issue #15).
fn write_artifacts(
    run_dir: &Path,
    result: &GradeResult,
    generated: Option<&Ran>,
    original: Option<(&Path, &Ran)>,
    reference: Option<(&Path, &Ran)>,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut put = |rel_dir: &str, name: &str, bytes: &[u8], once: bool| {
        let rel = format!("{rel_dir}/{name}");
        let path = run_dir.join(&rel);
        let written = (once && path.is_file())
            || (std::fs::create_dir_all(run_dir.join(rel_dir)).is_ok()
                && store_once(run_dir, &path, bytes).is_ok());
        if written {
            out.push(rel);
        }
    };
    // Task paths are validated relative paths inside the suite (no `..`, no root).
    let script_place = |script: &Path| {
        let dir = script.parent().unwrap_or(Path::new(""));
        let stem = script.file_stem().unwrap_or_default().to_string_lossy();
        (
            format!("figures/refs/{}", dir.display())
                .trim_end_matches('/')
                .to_string(),
            stem.into_owned(),
        )
    };
    if let Some((path, o)) = original
        && let Some(png) = o.outcome.pngs.first()
    {
        let (dir, stem) = script_place(path);
        put(&dir, &format!("{stem}.original-1.png"), png, true);
    }
    if let Some((ref_path, reference)) = reference
        && let Some(png) = reference.outcome.pngs.first()
    {
        let (dir, stem) = script_place(ref_path);
        put(&dir, &format!("{stem}.reference-1.png"), png, true);
    }
    if let Some(g) = generated
        && let Some(png) = g.outcome.pngs.first()
    {
        let dir = format!("figures/{}", slug(&result.model));
        // No heatmap: report.html draws the difference on demand from these two
        // pictures (it cost 17 KB and 15 ms a submission; `report::html::difference`).
        put(
            &dir,
            &format!("{}.generated-1.png", slug(&result.id)),
            png,
            false,
        );
    }
    out
}

/// `results.jsonl`, `results.csv`, `results.parquet`, `summary.json`, `summary.md` and
/// `report.html` from the store.
/// What [`write_outputs`] wrote: code results, how many passed, multiple-choice
/// results, rejected lines (and the first few, for the console).
#[derive(Debug, Clone, Default)]
pub struct Written {
    pub results: usize,
    pub passed: usize,
    pub choices: usize,
    pub rejected: usize,
    pub first_rejected: Vec<Rejected>,
}

/// Rejected lines a closing message shows one by one; summary.md lists more.
pub const REJECTED_SHOWN: usize = 5;

pub fn write_outputs(out: &Path, store: &RunStore) -> Result<Written> {
    use std::io::Write;
    let choices = store.choices()?;
    let rejected = store.rejected()?;
    // One pass writes results.jsonl and keeps each result without its code and image
    // details and with only the figure channel's measures (what the tables read); a second pass gives the
    // report's rows their whole results. Either holds one chunk of whole results, so
    // writing the outputs of a large run does not hold the run.
    let path = out.join("results.jsonl");
    let file =
        std::fs::File::create(&path).with_context(|| format!("cannot write {}", path.display()))?;
    let mut jsonl = std::io::BufWriter::new(file);
    let mut light = Vec::new();
    // Each verdict's reason in words, read while the result still has its evidence.
    let mut reasons = Vec::new();
    for r in store.results_chunked(OUTPUT_CHUNK) {
        let mut r = r?;
        serde_json::to_writer(&mut jsonl, &r)?;
        jsonl.write_all(b"\n")?;
        reasons.push(plotgrade_report::reason(&r));
        r.channels.code.details = None;
        // The keypoint measures (precision, recall) stay: the tables average them.
        if let Some(d) = &mut r.channels.figure.details {
            d.measures_only();
        }
        r.channels.image.details = None;
        light.push(r);
    }
    for c in &choices {
        serde_json::to_writer(&mut jsonl, c)?;
        jsonl.write_all(b"\n")?;
    }
    jsonl
        .flush()
        .with_context(|| format!("cannot write {}", path.display()))?;
    plotgrade_report::write_flat(out, &light, Some(&reasons))?;
    let mut whole = store
        .results_chunked(OUTPUT_CHUNK)
        .map(|r| r.map_err(|e| e.to_string()));
    let suite = suite_members(store);
    plotgrade_report::write_all_streamed(
        out,
        &light,
        Some(&mut whole),
        &choices,
        &rejected,
        &suite,
    )?;
    Ok(Written {
        results: light.len(),
        passed: light.iter().filter(|r| r.pass).count(),
        choices: choices.len(),
        rejected: rejected.len(),
        first_rejected: rejected.iter().take(REJECTED_SHOWN).cloned().collect(),
    })
}

/// The run's suite, as robustness over variants needs it (ids, kinds, seed samples): read
/// from the tasks file the run records. Empty when it cannot be read now (moved since):
/// robustness is then measured over what was answered.
fn suite_members(store: &RunStore) -> Vec<plotgrade_report::robustness::SuiteMember> {
    use plotgrade_report::robustness::SuiteMember;
    let Ok(Some(meta)) = store.meta() else {
        return Vec::new();
    };
    let path = PathBuf::from(&meta.tasks);
    let member = |id: &str, kind, sample: &str, variant_of: Option<&String>| SuiteMember {
        id: id.to_string(),
        kind,
        base: variant_of.map_or(sample, String::as_str).to_string(),
        variant: variant_of.is_some(),
    };
    match is_choice_file(&path) {
        Ok(true) => task::load_choices(&path, None)
            .items
            .iter()
            .map(|q| member(&q.id, q.kind, &q.sample, q.variant_of.as_ref()))
            .collect(),
        Ok(false) => {
            let dir = path.parent().unwrap_or(Path::new("."));
            let root = task::suite_root(dir).unwrap_or_else(|_| PathBuf::from("."));
            task::load_tasks(&path, &root)
                .items
                .iter()
                .map(|t| member(&t.id, t.kind, &t.sample, t.variant_of.as_ref()))
                .collect()
        }
        Err(_) => Vec::new(),
    }
}

/// Whole results read from the store at a time when the outputs are written.
const OUTPUT_CHUNK: usize = 200;
