//! A run's task scripts (originals and references): each distinct script run once, kept
//! in the reference cache, and read back when a submission needs it.
//!
//! Memory stays flat however large the suite: a script's run (its scene, PNG and decoded
//! raster, about 1 MB) is loaded when the first submission that needs it is scored and
//! dropped after the last, and submissions are handed out task by task. Holding every
//! reference of a 1,888-task suite for the whole run took 2.2 GB (issue #15).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};

use plotgrade_exec::{Job, Pool, Status};
use plotgrade_store::{CachedRun, RefCache};

use super::options::Progress;
use super::score::Ran;

pub(super) struct References<'c> {
    cache: &'c RefCache,
    /// Source and cache key of every script that can be used.
    usable: BTreeMap<PathBuf, (String, String)>,
    /// Why each other script cannot be used.
    unusable: BTreeMap<PathBuf, String>,
    /// Submissions still to be scored against each script.
    uses: HashMap<PathBuf, usize>,
    /// The runs of the scripts in use now.
    live: HashMap<PathBuf, Rc<Ran>>,
}

impl<'c> References<'c> {
    /// Read `scripts` (paths relative to `root`), run those the cache lacks on `pool`,
    /// caching each clean run as it finishes (a run killed in this phase keeps every one
    /// already run), and keep none of the outcomes. Only clean runs are cached: a timeout
    /// or a crash may come from load, not the code.
    pub(super) fn prepare<'s>(
        root: &Path,
        scripts: impl IntoIterator<Item = &'s Path>,
        cache: &'c RefCache,
        versions: &str,
        pool: &Pool,
        progress: &mut dyn Progress,
    ) -> Result<References<'c>> {
        let mut refs = References {
            cache,
            usable: BTreeMap::new(),
            unusable: BTreeMap::new(),
            uses: HashMap::new(),
            live: HashMap::new(),
        };
        let mut to_run: Vec<(PathBuf, String, String)> = Vec::new();
        for rel in scripts {
            let path = root.join(rel);
            match std::fs::read_to_string(&path) {
                Err(e) => {
                    let why = format!("cannot read {}: {e}", path.display());
                    refs.unusable.insert(rel.to_path_buf(), why);
                }
                Ok(src) => {
                    let key = RefCache::key(src.as_bytes(), versions);
                    if cache.contains(&key)? {
                        refs.usable.insert(rel.to_path_buf(), (src, key));
                    } else {
                        to_run.push((rel.to_path_buf(), src, key));
                    }
                }
            }
        }
        progress.phase("references", to_run.len() as u64);
        let jobs: Vec<Job> = to_run
            .iter()
            .map(|(rel, src, _)| Job::new(file_name(rel), src.as_bytes()))
            .collect();
        let mut cache_error: Option<anyhow::Error> = None;
        let mut failed: Vec<(usize, String)> = Vec::new();
        let never = AtomicBool::new(false);
        pool.each_until(jobs, &never, |i, out| {
            if out.status == Status::Ok {
                let put = CachedRun::from_outcome(&out)
                    .map_err(anyhow::Error::from)
                    .and_then(|c| cache.put(&to_run[i].2, &c).map_err(anyhow::Error::from));
                if let Err(e) = put {
                    cache_error.get_or_insert(e);
                }
            } else {
                failed.push((i, out.summary()));
            }
            progress.advance(1);
        });
        if let Some(e) = cache_error {
            return Err(e).context("cannot write to the reference cache");
        }
        let failed: HashMap<usize, String> = failed.into_iter().collect();
        for (i, (rel, src, key)) in to_run.into_iter().enumerate() {
            match failed.get(&i) {
                Some(summary) => {
                    let why = format!("{} does not run: {summary}", rel.display());
                    refs.unusable.insert(rel, why);
                }
                None => {
                    refs.usable.insert(rel, (src, key));
                }
            }
        }
        Ok(refs)
    }

    /// Whether `rel` can be used, or why not.
    pub(super) fn check(&self, rel: &Path) -> Result<(), String> {
        if self.usable.contains_key(rel) {
            return Ok(());
        }
        Err(self
            .unusable
            .get(rel)
            .cloned()
            .unwrap_or_else(|| format!("{} was not run", rel.display())))
    }

    /// One more submission will be scored against `rel`.
    pub(super) fn will_use(&mut self, rel: &Path) {
        *self.uses.entry(rel.to_path_buf()).or_default() += 1;
    }

    /// The run of `rel` (checked usable), read from the cache on first use.
    pub(super) fn get(&mut self, rel: &Path) -> Result<Rc<Ran>> {
        if let Some(r) = self.live.get(rel) {
            return Ok(Rc::clone(r));
        }
        let (src, key) = self
            .usable
            .get(rel)
            .with_context(|| format!("{} is not a usable task script", rel.display()))?;
        let hit = self.cache.get(key)?.with_context(|| {
            format!(
                "the reference cache lost the run of {} while grading",
                rel.display()
            )
        })?;
        let ran = Rc::new(Ran::new(src.clone(), hit.to_outcome()?));
        self.live.insert(rel.to_path_buf(), Rc::clone(&ran));
        Ok(ran)
    }

    /// A submission scored against `rel` is done; after the last, its run is dropped.
    pub(super) fn done_with(&mut self, rel: &Path) {
        if let Some(n) = self.uses.get_mut(rel) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.uses.remove(rel);
                self.live.remove(rel);
            }
        }
    }

    /// Scripts whose runs are held now (for tests: it stays small).
    #[cfg(test)]
    pub(super) fn live(&self) -> usize {
        self.live.len()
    }
}

/// The file name a task script runs as (what its tracebacks name).
fn file_name(rel: &Path) -> String {
    rel.file_name()
        .map_or("script.py".into(), |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_exec::Outcome;

    /// Two cached scripts, used by three submissions: each run is read on first use and
    /// dropped after its last, so no more than the scripts in use are held.
    #[test]
    fn a_script_is_held_from_its_first_use_to_its_last() {
        let dir = tempfile::tempdir().unwrap();
        let cache = RefCache::open(&dir.path().join("refs.sqlite")).unwrap();
        let mut refs = References {
            cache: &cache,
            usable: BTreeMap::new(),
            unusable: BTreeMap::new(),
            uses: HashMap::new(),
            live: HashMap::new(),
        };
        for name in ["a.py", "b.py"] {
            let src = format!("# {name}\n");
            let key = RefCache::key(src.as_bytes(), "v");
            let run = CachedRun::from_outcome(&Outcome::failed(Status::Ok, "ran")).unwrap();
            cache.put(&key, &run).unwrap();
            refs.usable.insert(PathBuf::from(name), (src, key));
        }
        refs.unusable
            .insert(PathBuf::from("c.py"), "c.py does not run: timeout".into());
        let (a, b) = (Path::new("a.py"), Path::new("b.py"));
        assert_eq!(refs.check(a), Ok(()));
        assert_eq!(
            refs.check(Path::new("c.py")).unwrap_err(),
            "c.py does not run: timeout"
        );
        assert!(
            refs.check(Path::new("d.py"))
                .unwrap_err()
                .contains("was not run")
        );

        refs.will_use(a);
        refs.will_use(a);
        refs.will_use(b);
        assert_eq!(refs.live(), 0, "nothing is read before it is needed");
        assert_eq!(refs.get(a).unwrap().source, "# a.py\n");
        refs.done_with(a);
        assert_eq!(refs.live(), 1, "a is still needed once more");
        refs.get(a).unwrap();
        refs.done_with(a);
        assert_eq!(refs.live(), 0, "a's last submission let it go");
        refs.get(b).unwrap();
        refs.done_with(b);
        assert_eq!(refs.live(), 0);
    }
}
