//! What every phase that asks the judge's model shares: the responses of the run's
//! submissions, a dry run's prompt files, and asking once per prompt through the cache
//! with the counts a run reports. The judge phase (K answers per prompt), the process
//! judge and the two LLM answer readers (one answer each) are built on it.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};

use plotgrade_judge::{self as judge, JudgeConfig, Prompt, Repeat};
use plotgrade_model::task::{self, Task};
use plotgrade_store::RefCache;

use super::options::{GradeOptions, Progress, slug};

/// What the phases that ask the judge's model did in this invocation (for the closing
/// message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JudgeRun {
    /// Submissions whose judge channel was (re)filled now.
    pub judged: usize,
    /// HTTP requests sent, retries included.
    pub requests: u64,
    /// Answers taken from the cache.
    pub cache_hits: u64,
    pub failed: usize,
    pub unparseable: usize,
    /// Prompts written by `--judge-dry-run`.
    pub dry_run: usize,
    /// Why the asking stopped early: the judge refused a request as it would refuse
    /// every one (HTTP 401/403/404). The submissions not asked stay pending.
    pub refused: Option<String>,
    /// Submissions left pending by that stop.
    pub not_asked: usize,
    /// Answers to questions whose process the judge was asked about now (or read from
    /// the cache).
    pub processes: usize,
    /// Answers to questions no rule read, read by the LLM now (`--answer-reading soft-llm`).
    pub answers_read: usize,
}

/// Each submission's response by (model, id), the first where a pair repeats (later
/// ones were rejected when graded).
pub(super) fn responses(opts: &GradeOptions, tasks: &[Task]) -> HashMap<(String, String), String> {
    let subs = task::load_submissions_as(&opts.submissions, &opts.input, Some(tasks));
    let mut out = HashMap::new();
    for s in subs.items {
        let model = s.model.unwrap_or_else(|| "model".to_string());
        out.entry((model, s.id)).or_insert(s.response);
    }
    out
}

/// Write a dry run's prompt for (model, id) under `dir` of the run directory; its path
/// relative to the run directory.
pub(super) fn write_prompt(
    out: &Path,
    dir: &str,
    model: &str,
    id: &str,
    prompt: &Prompt,
) -> Result<String> {
    let rel = format!("{dir}/{}/{}.txt", slug(model), slug(id));
    let path = out.join(&rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    std::fs::write(&path, prompt.to_text())
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(rel)
}

/// Where and how the judge's model is asked, and the flag that stops the asking.
pub(super) struct Asker<'a> {
    pub config: &'a JudgeConfig,
    /// The answers' cache (the reference cache file, shared across runs).
    pub cache_path: &'a Path,
    pub cancel: &'a AtomicBool,
}

impl Asker<'_> {
    /// Ask each prompt once (a lookup or a reading, not a grade to average), through the
    /// cache, on the judge's threads; `on_answer(i, answer)` as each comes, in any order.
    /// Requests, cache hits and failed requests are counted in `run`; when the judge
    /// refuses (a wrong key or model), the prompts not asked are counted and the reason
    /// kept.
    pub fn ask_once(
        &self,
        prompts: &[Prompt],
        phase: &str,
        progress: &mut dyn Progress,
        run: &mut JudgeRun,
        mut on_answer: impl FnMut(usize, &Repeat),
    ) -> Result<()> {
        if prompts.is_empty() {
            return Ok(());
        }
        let config = JudgeConfig {
            repeat: 1,
            ..self.config.clone()
        };
        progress.phase(phase, prompts.len() as u64);
        let cache = RefCache::open(self.cache_path)?;
        let client = config.client();
        let mut answered = 0;
        let refused = judge::judge_all(&config, &client, &cache, prompts, self.cancel, |i, j| {
            let Some(rep) = j.repeats.first() else {
                return;
            };
            answered += 1;
            run.requests += u64::from(rep.requests);
            match &rep.answer {
                Ok(a) => run.cache_hits += u64::from(a.cached),
                Err(_) => run.failed += 1,
            }
            on_answer(i, rep);
            progress.advance(1);
        });
        if refused.is_some() {
            run.not_asked += prompts.len() - answered;
            run.refused = run.refused.take().or(refused);
        }
        Ok(())
    }
}
