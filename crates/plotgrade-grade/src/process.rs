//! The process phase of `grade`: for every answer to a task's question, ask the judge how
//! the question was solved ([`plotgrade_judge::process`]), and record its values in
//! the result's `process`.
//!
//! It runs after the judge phase, from the run store, exactly as that phase does: it
//! picks the answers whose process judgement is missing or not final, asks, and
//! re-commits each result as its answer arrives, so a killed run resumes and a rerun
//! asks nothing twice (answers are cached). One answer per submission (the judge's
//! `--judge-repeat` is for the 1–10 rubric). The process judgement never moves the
//! verdict or the score: it feeds the VisAidMath and VAMPS tables only.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};

use plotgrade_judge::process::{self, ProcessInput};
use plotgrade_judge::{JudgeConfig, JudgeState, Prompt, Repeat};
use plotgrade_model::details::{ProcessJudgement, ProcessReply};
use plotgrade_model::task::{self, Task};
use plotgrade_store::RunStore;

use super::asking;
use super::judge::{JudgeRun, answer_excerpt, evidence};
use super::options::{GradeOptions, Progress};
use super::response::extract_code;
use super::result::{ExtractionMode, GradeResult};

/// Where `--judge-dry-run` writes these prompts, under the run directory.
pub const PROMPTS_DIR: &str = "judge-prompts/process";

/// Whether a result still needs the process judge: it answers a question (`asks`) and
/// has no final process judgement.
fn needs_asking(asks: bool, process: Option<&ProcessJudgement>, dry_run: bool) -> bool {
    asks && process.is_none_or(|p| !p.state().is_final(dry_run))
}

/// Ask the process judge about every answer of the run that needs it; requests, cache
/// hits and failures are added to `run`.
pub(super) fn process_phase(
    opts: &GradeOptions,
    config: &JudgeConfig,
    root: &Path,
    store: &RunStore,
    cancel: &AtomicBool,
    progress: &mut dyn Progress,
    run: &mut JudgeRun,
) -> Result<()> {
    let todo: Vec<GradeResult> = store
        .results()?
        .into_iter()
        .filter(|r| needs_asking(r.answer.is_some(), r.process.as_ref(), config.dry_run))
        .collect();
    if todo.is_empty() {
        return Ok(());
    }
    let tasks = task::load_tasks(&opts.tasks, root);
    let by_id: HashMap<&str, &Task> = tasks.items.iter().map(|t| (t.id.as_str(), t)).collect();
    // The judge is shown the whole response (the reasoning), so the submissions are read.
    let responses = asking::responses(opts, &tasks.items);
    let mut asking_now: Vec<GradeResult> = Vec::new();
    let mut prompts: Vec<Prompt> = Vec::new();
    for mut r in todo {
        let key = (r.model.clone(), r.id.clone());
        let (Some(task), Some(response)) = (by_id.get(r.id.as_str()), responses.get(&key)) else {
            continue; // the run's files are checked by hash on resume
        };
        let Some(question) = &task.question else {
            continue;
        };
        let code = match store.code(&r.model, &r.id)? {
            Some(code) => Some(code),
            None if r.extraction == ExtractionMode::None => None,
            None => extract_code(response).map(|e| e.code),
        };
        let Some(code) = code else {
            r.process = Some(ProcessJudgement::NoCode);
            store.put_result(&r)?;
            continue;
        };
        let prompt = process::build(&ProcessInput {
            question: question.text.clone(),
            options: question
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{}. {o}", question.numbering.label(i)))
                .collect(),
            key: question.key_text(),
            response: response.clone(),
            code,
            drawn: evidence(&r),
        });
        if config.dry_run {
            let rel = asking::write_prompt(&opts.out, PROMPTS_DIR, &r.model, &r.id, &prompt)?;
            r.process = Some(ProcessJudgement::DryRun { prompt: rel });
            store.put_result(&r)?;
            run.dry_run += 1;
            continue;
        }
        asking_now.push(r);
        prompts.push(prompt);
    }
    let mut store_error = None;
    let (mut answered, mut unread) = (0, 0);
    asking::Asker {
        config,
        cache_path: &opts.ref_cache,
        cancel,
    }
    .ask_once(&prompts, "process judge", progress, run, |i, rep| {
        let r = &mut asking_now[i];
        let judged = judgement(&config.model, rep);
        answered += usize::from(rep.answer.is_ok());
        unread += usize::from(judged.state() == JudgeState::Unparseable);
        r.process = Some(judged);
        if let Err(e) = store.put_result(r) {
            store_error.get_or_insert(e);
        }
    })?;
    run.processes += answered;
    run.unparseable += unread;
    if let Some(e) = store_error {
        return Err(e).context("cannot write to the run store");
    }
    Ok(())
}

/// What one answer of the process judge says.
fn judgement(model: &str, rep: &Repeat) -> ProcessJudgement {
    match &rep.answer {
        Ok(a) => {
            let reply = ProcessReply {
                model: model.to_string(),
                template_version: process::template_version().to_string(),
                answer: answer_excerpt(&a.text),
                tokens_in: a.tokens_in,
                tokens_out: a.tokens_out,
                cached: a.cached,
                requests: rep.requests,
            };
            match process::parse(&a.text) {
                Ok(scores) => ProcessJudgement::Scored { scores, reply },
                Err(e) => ProcessJudgement::Unparseable {
                    error: e.to_string(),
                    reply,
                },
            }
        }
        Err(e) => ProcessJudgement::Failed {
            error: e.clone(),
            requests: rep.requests,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_model::details::ProcessScores;

    #[test]
    fn only_answers_without_a_final_process_judgement_are_asked() {
        let asked = |p: Option<&ProcessJudgement>, dry_run| needs_asking(true, p, dry_run);
        assert!(
            !needs_asking(false, None, false),
            "a task without a question"
        );
        assert!(asked(None, false));
        let failed = ProcessJudgement::Failed {
            error: "timeout".into(),
            requests: 3,
        };
        assert!(asked(Some(&failed), false));
        let dry = ProcessJudgement::DryRun { prompt: "p".into() };
        assert!(asked(Some(&dry), false));
        assert!(!asked(Some(&dry), true));
        assert!(!asked(Some(&ProcessJudgement::NoCode), false));
        let scored = ProcessJudgement::Scored {
            scores: ProcessScores {
                logir: 1.0,
                toolf: 1.0,
                infot: 1.0,
                gener: 1.0,
                valid: false,
                used_aid: false,
                likert: None,
            },
            reply: ProcessReply {
                model: "m".into(),
                template_version: "process-0".into(),
                answer: String::new(),
                tokens_in: 0,
                tokens_out: 0,
                cached: true,
                requests: 0,
            },
        };
        assert!(!asked(Some(&scored), false));
    }
}
