//! A long-lived grader: one pool of warm workers and the references it has run, kept
//! across calls, so grading one submission costs one job (a training loop's reward, a
//! notebook cell) rather than a pool start and a run directory.
//!
//! It grades exactly as [`super::pipeline`] does (same extraction, same
//! [`super::score::grade`]), but keeps results in memory: no store, no artifacts, no
//! report. The Python package's `plotgrade.Grader` is this type.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, anyhow, bail};

use plotgrade_exec::{ExecConfig, Job, Outcome, Pool, Status};
use plotgrade_model::task::{self, Task};
use plotgrade_store::{CachedRun, RefCache};

use super::response::extract_code;
use super::result::{ExtractionMode, GradeResult};
use super::score::{self, Ran};

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

    pub fn task(&self, id: &str) -> Option<&Task> {
        self.tasks.get(id)
    }

    /// Grade one response to task `id`.
    pub fn grade_one(&self, id: &str, response: &str, model: &str) -> Result<GradeResult> {
        let task = self.tasks.get(id).ok_or_else(|| {
            anyhow!(
                "unknown task id `{id}` (not in {})",
                self.tasks_file.display()
            )
        })?;
        let reference = self.reference(&task.reference)?;
        let original = task
            .original
            .as_deref()
            .map(|o| self.reference(o))
            .transpose()?;
        let (generated, extraction) = match extract_code(response) {
            Some(e) => {
                let out = self
                    .pool
                    .run_one(Job::new("submission.py", e.code.as_bytes()));
                (Some(Ran::new(e.code, out)), e.mode)
            }
            None => (None, ExtractionMode::None),
        };
        Ok(score::grade(
            task,
            model,
            extraction,
            generated.as_ref(),
            original.as_deref(),
            &reference,
        ))
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
