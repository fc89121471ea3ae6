//! A long-lived grader: one pool of warm workers and the references it has run, kept
//! across calls, so grading one submission costs one job (a training loop's reward, a
//! notebook cell) rather than a pool start and a run directory.
//!
//! It grades exactly as [`super::pipeline`] does (same extraction, same
//! [`super::score::grade`]), but keeps results in memory: no store, no artifacts, no
//! report. The Python package's `plotgrade.Grader` is this type.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, anyhow, bail};

use plotgrade_exec::{ExecConfig, Job, Outcome, Pool, Status};
use plotgrade_model::task::{self, Task};
use plotgrade_store::{CachedRun, RefCache};

use super::keyed;
use super::response::extract_code;
use super::result::{AnswerReading, ExtractionMode, GradeResult};
use super::score::{self, Ran};

/// A task ready to grade answers against.
struct Prepared<'a> {
    task: &'a Task,
    /// `None` for a question's aid with no reference aid.
    reference: Option<Arc<Ran>>,
    original: Option<Arc<Ran>>,
}

pub struct Grader {
    pool: Pool,
    /// SQLite connections are not shared between threads: one at a time.
    cache: Mutex<RefCache>,
    versions: String,
    root: PathBuf,
    tasks_file: PathBuf,
    tasks: HashMap<String, Task>,
    /// References and originals already run in this grader, by suite-relative path.
    refs: Mutex<HashMap<PathBuf, Arc<Ran>>>,
}

impl Grader {
    /// Load the suite (every bad task line is an error naming `FILE:LINE`) and start the
    /// workers.
    pub fn new(tasks_file: &Path, exec: ExecConfig, ref_cache: &Path) -> Result<Grader> {
        let suite_dir = tasks_file.parent().unwrap_or(Path::new("."));
        let root = task::suite_root(suite_dir).unwrap_or_else(|_| PathBuf::from("."));
        let loaded = task::load_tasks(tasks_file, &root);
        if let Some(p) = loaded.problems.first() {
            bail!("{p}");
        }
        if loaded.items.is_empty() {
            bail!("no task in {}", tasks_file.display());
        }
        let tasks = loaded
            .items
            .into_iter()
            .map(|t| (t.id.clone(), t))
            .collect();
        let limits = exec.limits;
        let pool = Pool::start(exec)?;
        let versions = RefCache::versions(&pool.info().versions, &limits);
        let cache = RefCache::open(ref_cache)?;
        Ok(Grader {
            pool,
            cache: Mutex::new(cache),
            versions,
            root,
            tasks_file: tasks_file.to_path_buf(),
            tasks,
            refs: Mutex::new(HashMap::new()),
        })
    }

    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    pub fn tasks_file(&self) -> &Path {
        &self.tasks_file
    }

    pub fn task_count(&self) -> usize {
        self.tasks.len()
    }

    pub fn task(&self, id: &str) -> Option<&Task> {
        self.tasks.get(id)
    }

    /// Grade one response to task `id`.
    pub fn grade_one(&self, id: &str, response: &str, model: &str) -> Result<GradeResult> {
        let never = AtomicBool::new(false);
        self.grade_batch(&[(id, response)], model, &never)
            .pop()
            .expect("one answer, one result")
    }

    /// Grade a batch of `(task id, response)` answers, any number per task (a GRPO group,
    /// repeats), their code spread over every slot. The results line up with `answers`,
    /// one per answer, each as [`Grader::grade_one`] would give it: an unknown id or a
    /// reference that does not run is that answer's error, not the batch's. Once `cancel`
    /// is set no more code is started, and answers whose code never ran are errors saying
    /// so; none is dropped.
    pub fn grade_batch(
        &self,
        answers: &[(&str, &str)],
        model: &str,
        cancel: &AtomicBool,
    ) -> Vec<Result<GradeResult>> {
        let mut results: Vec<Option<Result<GradeResult>>> = answers.iter().map(|_| None).collect();
        // Each answer's task and its scripts, run once per grader.
        let mut prepared = Vec::with_capacity(answers.len());
        for (i, (id, _)) in answers.iter().enumerate() {
            match self.prepare(id) {
                Ok(p) => prepared.push(Some(p)),
                Err(e) => {
                    results[i] = Some(Err(e));
                    prepared.push(None);
                }
            }
        }
        // The code of every answer that has some, as one list of jobs for the pool.
        let mut jobs = Vec::new();
        let mut of_job = Vec::new();
        let mut extraction = vec![ExtractionMode::None; answers.len()];
        let mut codes: Vec<Option<String>> = answers.iter().map(|_| None).collect();
        for (i, (_, response)) in answers.iter().enumerate() {
            let Some(p) = &prepared[i] else { continue };
            match extract_code(response) {
                Some(e) => {
                    jobs.push(Job::new("submission.py", e.code.as_bytes()));
                    of_job.push(i);
                    extraction[i] = e.mode;
                    codes[i] = Some(e.code);
                }
                None => {
                    results[i] = Some(Ok(score::grade(
                        p.task,
                        model,
                        ExtractionMode::None,
                        None,
                        p.original.as_deref(),
                        p.reference.as_deref(),
                    )));
                }
            }
        }
        // Scored on this thread as each job ends, while the slots run the next ones.
        self.pool.each_until(jobs, cancel, |j, outcome| {
            let i = of_job[j];
            let p = prepared[i]
                .as_ref()
                .expect("a job only for a prepared answer");
            let code = codes[i].take().expect("each job ends once");
            let generated = Ran::new(code, outcome);
            results[i] = Some(Ok(score::grade(
                p.task,
                model,
                extraction[i],
                Some(&generated),
                p.original.as_deref(),
                p.reference.as_deref(),
            )));
        });
        results
            .into_iter()
            .zip(answers)
            .zip(&prepared)
            .map(|((r, (id, response)), p)| {
                let mut r = r.unwrap_or_else(|| {
                    Err(anyhow!("the answer to `{id}` was not graded: cancelled"))
                })?;
                // A task that asks a question: the answer beside the aid, read the default way.
                if let Some(q) = p.as_ref().and_then(|p| p.task.question.as_ref()) {
                    r.answer = Some(keyed::read(response, q, AnswerReading::default()));
                }
                Ok(r)
            })
            .collect()
    }

    /// Task `id` with its reference and original, run.
    fn prepare(&self, id: &str) -> Result<Prepared<'_>> {
        let task = self.tasks.get(id).ok_or_else(|| {
            anyhow!(
                "unknown task id `{id}` (not in {})",
                self.tasks_file.display()
            )
        })?;
        let reference = task
            .reference
            .as_deref()
            .map(|r| self.reference(r))
            .transpose()?;
        let original = task
            .original
            .as_deref()
            .map(|o| self.reference(o))
            .transpose()?;
        Ok(Prepared {
            task,
            reference,
            original,
        })
    }

    /// A task's reference (or original) script, run once per grader: from memory, the
    /// reference cache, or the pool (and then cached).
    fn reference(&self, rel: &Path) -> Result<Arc<Ran>> {
        if let Some(r) = self.refs.lock().expect("refs lock").get(rel) {
            return Ok(r.clone());
        }
        let path = self.root.join(rel);
        let src = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let key = RefCache::key(src.as_bytes(), &self.versions);
        let cache = self.cache.lock().expect("cache lock");
        let outcome: Outcome = match cache.get(&key)? {
            Some(hit) => hit.to_outcome()?,
            None => {
                let name = rel
                    .file_name()
                    .map_or("script.py".into(), |n| n.to_string_lossy().into_owned());
                let out = self.pool.run_one(Job::new(name, src.as_bytes()));
                if out.status == Status::Ok {
                    cache.put(&key, &CachedRun::from_outcome(&out)?)?;
                }
                out
            }
        };
        drop(cache);
        if outcome.status != Status::Ok {
            bail!("{} does not run: {}", rel.display(), outcome.summary());
        }
        let ran = Arc::new(Ran::new(src, outcome));
        self.refs
            .lock()
            .expect("refs lock")
            .insert(rel.to_path_buf(), ran.clone());
        Ok(ran)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn is_sync<T: Sync + Send>() {}
    #[test]
    fn a_grader_can_be_shared_between_threads() {
        // The Python binding releases the GIL while it grades, which needs `Sync`.
        is_sync::<Grader>();
    }
}
