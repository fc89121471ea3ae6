//! `plotgrade._native`: the Python package's view of the plotgrade library.
//!
//! Thin: every function here converts arguments, releases the GIL around the library call
//! and converts the answer back; the Python layer (`python/plotgrade/`) shapes it for
//! people (dataclasses, DataFrames, the pytest plugin). Values cross as JSON text and
//! bytes, as they do between the grader and its workers.
//!
//! Workers: [`init`] tells the library which interpreter hosts it, and each worker is that
//! interpreter running [`worker_main`], the same loop as `plotgrade __worker` (see
//! docs/design.md, "The Python package").

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use plotgrade::exec::{ExecConfig, Job, Limits, Outcome, Pool};
use plotgrade::grade::AnswerReading;
use plotgrade::grade::pipeline::{GradeOptions, GradeReport, Progress};
use plotgrade::judge::JudgeSettings;
use plotgrade::regress::check::{CheckMode, Options};
use plotgrade::scene::{Figure, Scene};
use plotgrade::task::InputSpec;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

create_exception!(
    _native,
    UsageError,
    PyValueError,
    "A bad input: a file, a line, an argument. The message names it."
);

fn usage(e: anyhow::Error) -> PyErr {
    UsageError::new_err(format!("{e:#}"))
}

fn json_err(e: serde_json::Error) -> PyErr {
    PyValueError::new_err(format!("bad JSON from the Python side: {e}"))
}

/// Which interpreter hosts the library, so workers run in the same environment.
#[pyfunction]
fn init(python: PathBuf, site_packages: PathBuf, worker_code: String) {
    plotgrade::exec::config::use_interpreter(plotgrade::exec::config::Interpreter {
        python,
        site_packages,
        worker_code,
    });
}

/// The worker loop (`plotgrade __worker`), entered by `python -I -c …` in a worker.
#[pyfunction]
fn worker_main() -> PyResult<()> {
    plotgrade::exec::zygote::main().map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The command line, as `plotgrade ARGS…` would run it; returns the exit status.
#[pyfunction]
fn cli(py: Python<'_>, argv: Vec<String>) -> i32 {
    i32::from(py.detach(|| plotgrade::cli::main_from(argv)).0)
}

/// The limits asked for, checked as the command line checks `--timeout` and `--memory`.
fn limits(timeout: Option<f64>, memory_mb: Option<u64>) -> PyResult<Limits> {
    let d = Limits::default();
    Limits::checked(
        timeout.unwrap_or(d.timeout.as_secs_f64()),
        memory_mb.unwrap_or(d.memory_mb),
    )
    .map_err(|e| usage(e.into()))
}

fn outcome_to_py(py: Python<'_>, out: &Outcome) -> PyResult<(String, Vec<Py<PyBytes>>)> {
    let header = serde_json::to_string(out).map_err(json_err)?;
    let pngs = out
        .pngs
        .iter()
        .map(|p| PyBytes::new(py, p).unbind())
        .collect();
    Ok((header, pngs))
}

fn start_pool(jobs: usize, limits: Limits) -> PyResult<Pool> {
    let config = ExecConfig::from_env(jobs, limits).map_err(|e| usage(e.into()))?;
    Pool::start(config).map_err(|e| PyRuntimeError::new_err(format!("cannot start workers: {e}")))
}

/// Workers kept warm between calls.
#[pyclass(frozen)]
struct Executor {
    pool: Pool,
}

#[pymethods]
impl Executor {
    #[new]
    #[pyo3(signature = (jobs=1, timeout=None, memory_mb=None))]
    fn new(
        py: Python<'_>,
        jobs: usize,
        timeout: Option<f64>,
        memory_mb: Option<u64>,
    ) -> PyResult<Executor> {
        let limits = limits(timeout, memory_mb)?;
        let pool = py.detach(|| start_pool(jobs, limits))?;
        Ok(Executor { pool })
    }

    /// Run one script; returns (outcome JSON, PNG bytes per figure).
    fn run(&self, py: Python<'_>, code: &str, name: &str) -> PyResult<(String, Vec<Py<PyBytes>>)> {
        let job = Job::new(name, code.as_bytes());
        let out = py.detach(|| self.pool.run_one(job));
        outcome_to_py(py, &out)
    }

    /// The worker's versions (python, matplotlib, numpy, freetype, png) as JSON.
    fn versions(&self) -> String {
        self.pool.info().versions.to_string()
    }

    fn landlock(&self) -> bool {
        self.pool.info().landlock
    }
}

/// A suite loaded once, with warm workers and its references run once.
#[pyclass(frozen)]
struct Grader {
    inner: plotgrade::grade::grader::Grader,
}

#[pymethods]
impl Grader {
    #[new]
    #[pyo3(signature = (tasks, jobs=1, timeout=None, memory_mb=None, ref_cache=None))]
    fn new(
        py: Python<'_>,
        tasks: PathBuf,
        jobs: usize,
        timeout: Option<f64>,
        memory_mb: Option<u64>,
        ref_cache: Option<PathBuf>,
    ) -> PyResult<Grader> {
        let limits = limits(timeout, memory_mb)?;
        let ref_cache = ref_cache.unwrap_or_else(|| {
            plotgrade::exec::config::cache_dir().join(plotgrade::store::REF_CACHE_FILE)
        });
        let inner = py.detach(|| {
            let config = ExecConfig::from_env(jobs, limits)?;
            plotgrade::grade::grader::Grader::new(&tasks, config, &ref_cache)
        });
        Ok(Grader {
            inner: inner.map_err(usage)?,
        })
    }

    /// Grade one response; returns the result record as JSON (a results.jsonl line).
    #[pyo3(signature = (id, response, model="model"))]
    fn grade_one(&self, py: Python<'_>, id: &str, response: &str, model: &str) -> PyResult<String> {
        let result = py
            .detach(|| self.inner.grade_one(id, response, model))
            .map_err(usage)?;
        serde_json::to_string(&result).map_err(json_err)
    }

    /// Grade `(id, response)` answers, any number per task, over every slot; one
    /// `(result JSON, None)` or `(None, error)` per answer, in the order given.
    #[pyo3(signature = (answers, model="model"))]
    fn grade_batch(
        &self,
        py: Python<'_>,
        answers: Vec<(String, String)>,
        model: &str,
    ) -> PyResult<Vec<(Option<String>, Option<String>)>> {
        let refs: Vec<(&str, &str)> = answers
            .iter()
            .map(|(i, r)| (i.as_str(), r.as_str()))
            .collect();
        let never = AtomicBool::new(false);
        let results = py.detach(|| self.inner.grade_batch(&refs, model, &never));
        results
            .into_iter()
            .map(|r| match r {
                Ok(g) => Ok((Some(serde_json::to_string(&g).map_err(json_err)?), None)),
                Err(e) => Ok((None, Some(format!("{e:#}")))),
            })
            .collect()
    }

    fn run(&self, py: Python<'_>, code: &str, name: &str) -> PyResult<(String, Vec<Py<PyBytes>>)> {
        let job = Job::new(name, code.as_bytes());
        let out = py.detach(|| self.inner.pool().run_one(job));
        outcome_to_py(py, &out)
    }

    fn versions(&self) -> String {
        self.inner.pool().info().versions.to_string()
    }
}

/// Progress to a Python callable `(phase, done, total)`; a Ctrl-C seen there cancels.
struct PyProgress<'a> {
    callback: Option<Py<PyAny>>,
    phase: String,
    done: u64,
    total: u64,
    cancel: &'a AtomicBool,
    error: Option<PyErr>,
}

impl PyProgress<'_> {
    fn tell(&mut self, warning: Option<&str>) {
        Python::attach(|py| {
            if let Err(e) = py.check_signals() {
                self.cancel.store(true, Ordering::SeqCst);
                self.error.get_or_insert(e);
                return;
            }
            let Some(cb) = &self.callback else { return };
            let args = (self.phase.as_str(), self.done, self.total, warning);
            if let Err(e) = cb.call1(py, args) {
                self.cancel.store(true, Ordering::SeqCst);
                self.error.get_or_insert(e);
            }
        });
    }
}

impl Progress for PyProgress<'_> {
    fn phase(&mut self, what: &str, total: u64) {
        self.phase = what.to_string();
        self.done = 0;
        self.total = total;
        self.tell(None);
    }
    fn advance(&mut self, n: u64) {
        self.done += n;
        self.tell(None);
    }
    fn warn(&mut self, msg: &str) {
        self.tell(Some(msg));
    }
}

fn report_to_py<'py>(py: Python<'py>, r: &GradeReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("graded_now", r.graded_now)?;
    d.set_item("already_done", r.already_done)?;
    d.set_item("rejected", r.rejected)?;
    d.set_item("results", r.results)?;
    d.set_item("passed", r.passed)?;
    d.set_item("cancelled", r.cancelled)?;
    d.set_item("lost", r.lost)?;
    Ok(d)
}

/// What [`grade`] is asked to do: the library's options, filled from keyword arguments.
#[allow(clippy::too_many_arguments)]
fn grade_options(
    tasks: PathBuf,
    submissions: PathBuf,
    out: PathBuf,
    jobs: Option<usize>,
    input: InputSpec,
    shard: Option<&str>,
    limits: Limits,
    judge: Option<&str>,
) -> anyhow::Result<GradeOptions> {
    let jobs = jobs.unwrap_or_else(plotgrade::exec::config::default_jobs);
    if jobs == 0 {
        anyhow::bail!("jobs must be at least 1");
    }
    let exec = ExecConfig::from_env(jobs, limits)?;
    let mut opts = GradeOptions::new(&tasks, &submissions, &out, exec);
    opts.shard = shard.map(str::parse).transpose()?;
    opts.input = input;
    if let Some(json) = judge {
        let settings: JudgeSettings =
            serde_json::from_str(json).map_err(|e| anyhow::anyhow!("judge: {e}"))?;
        opts.judge = settings.resolve()?;
    }
    Ok(opts)
}

/// Every record of a graded run in results.jsonl's order (code results, then
/// multiple-choice ones), each as its JSON line.
fn run_records(out: &std::path::Path) -> anyhow::Result<Vec<String>> {
    let store = plotgrade::store::RunStore::open_existing(out)?;
    let mut lines = Vec::new();
    for r in store.results_chunked(256) {
        lines.push(serde_json::to_string(&r?)?);
    }
    for c in store.choices()? {
        lines.push(serde_json::to_string(&c)?);
    }
    Ok(lines)
}

/// Grade a submissions file into the run directory `out`, as `plotgrade grade` does,
/// with progress to `progress` and on the workers of `grader` when given. Returns the
/// run's counts and every record of the run (a resumed run's earlier ones too).
#[pyfunction]
#[pyo3(signature = (
    tasks, submissions, out, *, jobs=None, model=None, id_field=None, response_field=None,
    input_format=None, strip_think=false, shard=None, timeout=None, memory_mb=None,
    answer_reading=None, judge=None, progress=None, grader=None,
))]
#[allow(clippy::too_many_arguments)]
fn grade<'py>(
    py: Python<'py>,
    tasks: PathBuf,
    submissions: PathBuf,
    out: PathBuf,
    jobs: Option<usize>,
    model: Option<String>,
    id_field: Option<String>,
    response_field: Option<String>,
    input_format: Option<&str>,
    strip_think: bool,
    shard: Option<&str>,
    timeout: Option<f64>,
    memory_mb: Option<u64>,
    answer_reading: Option<&str>,
    judge: Option<&str>,
    progress: Option<Py<PyAny>>,
    grader: Option<PyRef<'py, Grader>>,
) -> PyResult<(Bound<'py, PyDict>, Vec<String>)> {
    let reading: AnswerReading = answer_reading
        .map(str::parse)
        .transpose()
        .map_err(UsageError::new_err)?
        .unwrap_or_default();
    let input = InputSpec {
        format: input_format
            .map(str::parse)
            .transpose()
            .map_err(UsageError::new_err)?
            .unwrap_or_default(),
        id_field,
        response_field,
        model,
        strip_think,
    };
    let limits = limits(timeout, memory_mb)?;
    let mut opts = py
        .detach(|| grade_options(tasks, submissions, out, jobs, input, shard, limits, judge))
        .map_err(usage)?;
    opts.answer_reading = reading;
    let cancel = AtomicBool::new(false);
    let mut p = PyProgress {
        callback: progress,
        phase: String::new(),
        done: 0,
        total: 0,
        cancel: &cancel,
        error: None,
    };
    let pool = grader.as_ref().map(|g| g.inner.pool());
    let report = py.detach(|| plotgrade::grade::pipeline::grade(&opts, pool, &cancel, &mut p));
    if let Some(e) = p.error.take() {
        return Err(e);
    }
    let report = report.map_err(usage)?;
    if report.cancelled {
        return Err(PyKeyboardInterrupt::new_err(
            "grading interrupted; grade again with the same out= to resume",
        ));
    }
    let records = py.detach(|| run_records(&opts.out)).map_err(usage)?;
    Ok((report_to_py(py, &report)?, records))
}

/// The prompts of a suite's tasks (what a model is shown), as a JSON list: index, id,
/// kind, figure, prompt, and the pictures with absolute paths and their roles.
#[pyfunction]
fn prompts(tasks: PathBuf) -> PyResult<String> {
    let prompts = plotgrade::task::suite_prompts(&tasks).map_err(UsageError::new_err)?;
    let lines: Vec<serde_json::Value> = prompts.iter().map(|p| p.line()).collect();
    serde_json::to_string(&lines).map_err(json_err)
}

/// The code channel's diff of two sources (`base`: the original both edited), as text or
/// JSON.
#[pyfunction]
#[pyo3(signature = (old, new, base=None, json=false))]
fn code_diff(old: &str, new: &str, base: Option<&str>, json: bool) -> String {
    plotgrade::code::render_diff(old, new, base, json)
}

fn scene_of(json: &str) -> PyResult<Scene> {
    serde_json::from_str(json).map_err(|e| UsageError::new_err(format!("not a scene: {e}")))
}

fn figure_of(json: &str) -> PyResult<Figure> {
    serde_json::from_str(json)
        .map_err(|e| UsageError::new_err(format!("not a figure's scene: {e}")))
}

/// The figure channel's diff of two scenes, one line per operation (`bar 'Q3': height
/// 5 → 7`).
#[pyfunction]
fn figure_diff(old: &str, new: &str) -> PyResult<Vec<String>> {
    let (old, new) = (scene_of(old)?, scene_of(new)?);
    Ok(plotgrade::figure::diff(&old, &new)
        .iter()
        .map(plotgrade::figure::render_op)
        .collect())
}

/// The edit NEW makes to BASE scored against the edit OLD (the reference) makes: JSON.
#[pyfunction]
fn figure_edit(base: &str, old: &str, new: &str) -> PyResult<String> {
    let score = plotgrade::figure::compare_edit(&scene_of(base)?, &scene_of(new)?, &scene_of(old)?);
    serde_json::to_string(&score).map_err(json_err)
}

/// One figure against another: PNG bytes and a figure's scene JSON each; `mode` is
/// hybrid, hash, image or scene. Returns (verdict, reason, changes, rms).
#[pyfunction]
#[pyo3(signature = (png_a, scene_a, png_b, scene_b, mode="hybrid", tolerance=2.0))]
fn compare(
    py: Python<'_>,
    png_a: &[u8],
    scene_a: &str,
    png_b: &[u8],
    scene_b: &str,
    mode: &str,
    tolerance: f64,
) -> PyResult<(String, String, Vec<String>, Option<f64>)> {
    let mode: CheckMode = mode.parse().map_err(UsageError::new_err)?;
    if !(tolerance >= 0.0 && tolerance.is_finite()) {
        return Err(UsageError::new_err(format!(
            "tolerance is an RMS on the 0–255 scale, ≥ 0; got {tolerance}"
        )));
    }
    let (a, b) = (figure_of(scene_a)?, figure_of(scene_b)?);
    let opts = Options { mode, tolerance };
    let e = py.detach(|| plotgrade::regress::check::compare_pictures(png_a, &a, png_b, &b, &opts));
    Ok((e.verdict.as_str().to_string(), e.reason, e.changes, e.rms))
}

/// Encode RGBA pixels as the workers do (equal pixels, equal bytes).
#[pyfunction]
fn encode_png<'py>(
    py: Python<'py>,
    width: u32,
    height: u32,
    rgba: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    let png = plotgrade::exec::encode_rgba(width, height, rgba).map_err(PyValueError::new_err)?;
    Ok(PyBytes::new(py, &png))
}

/// The scene as text, as `plotgrade dump scene` prints it.
#[pyfunction]
fn scene_text(scene: &str) -> PyResult<String> {
    Ok(plotgrade::scene::render_text(&scene_of(scene)?))
}

/// The embedded shim's sources by module name (the workers' scene reader), and the
/// loader the workers import them with.
#[pyfunction]
fn shim_sources() -> (Vec<(&'static str, &'static str)>, &'static str) {
    let (sources, loader) = plotgrade::exec::shim_sources();
    (sources.to_vec(), loader)
}

/// The pinned packages (requirements.txt) this plotgrade's baselines were made with.
#[pyfunction]
fn pinned_requirements() -> &'static str {
    include_str!("../../../requirements.txt")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("UsageError", m.py().get_type::<UsageError>())?;
    // The names Python spells as Literal types; the package test checks they agree.
    m.add(
        "CHECK_MODES",
        CheckMode::ALL.map(CheckMode::as_str).to_vec(),
    )?;
    m.add(
        "STATUSES",
        plotgrade::status::Status::ALL
            .map(plotgrade::status::Status::as_str)
            .to_vec(),
    )?;
    m.add_function(wrap_pyfunction!(init, m)?)?;
    m.add_function(wrap_pyfunction!(worker_main, m)?)?;
    m.add_function(wrap_pyfunction!(cli, m)?)?;
    m.add_function(wrap_pyfunction!(grade, m)?)?;
    m.add_function(wrap_pyfunction!(prompts, m)?)?;
    m.add_function(wrap_pyfunction!(code_diff, m)?)?;
    m.add_function(wrap_pyfunction!(figure_diff, m)?)?;
    m.add_function(wrap_pyfunction!(figure_edit, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(encode_png, m)?)?;
    m.add_function(wrap_pyfunction!(scene_text, m)?)?;
    m.add_function(wrap_pyfunction!(shim_sources, m)?)?;
    m.add_function(wrap_pyfunction!(pinned_requirements, m)?)?;
    m.add_class::<Executor>()?;
    m.add_class::<Grader>()?;
    Ok(())
}
