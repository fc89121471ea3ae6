//! The judge phase of `grade`: after the deterministic channels, show each graded
//! submission to the LLM judge and fill in its `judge` channel.
//!
//! The phase works from the run store, not from memory: it picks every result whose
//! judge channel is not final yet (pending, failed, or a dry run when not dry-running),
//! rebuilds the judge's inputs (the task's instruction and scripts, the code extracted
//! again from the submission, and in hybrid mode the code and figure channels' edit
//! operations), asks, and re-commits each result as its answers arrive. A run killed
//! half-way resumes with the submissions not yet judged; answers already received are in
//! the cache, so nothing is asked twice. The judge never moves the verdict.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};

use plotgrade_judge::{self as judge, JudgeConfig, JudgeInput, JudgeState, Judgement, Prompt};
use plotgrade_model::details::{
    DryRun, JudgeDetails, JudgeReply, Judged, MatchDetails, RecordedOp,
};
use plotgrade_model::task::{self, Task};
use plotgrade_store::{RefCache, RunStore};

use super::asking;
use super::options::{GradeOptions, Progress};
use super::response::extract_code;
use super::result::ExtractionMode;
use super::result::{ChannelScore, GradeResult};

/// Where the prompts of `--judge-dry-run` go, inside the run directory.
pub const PROMPTS_DIR: &str = "judge-prompts";

pub use super::asking::JudgeRun;

/// The judge channel of a submission the judge has not been asked about yet.
pub fn pending() -> ChannelScore<JudgeDetails> {
    ChannelScore {
        score: None,
        reason: Some("judge not asked yet".to_string()),
        details: Some(JudgeDetails::Pending),
    }
}

/// The state recorded in a judge channel (`Pending` when it records none).
pub fn state_of(channel: &ChannelScore<JudgeDetails>) -> JudgeState {
    channel
        .details
        .as_ref()
        .map_or(JudgeState::Pending, JudgeDetails::state)
}

/// Judge every result of the run that needs it.
pub(super) fn judge_phase(
    opts: &GradeOptions,
    config: &JudgeConfig,
    root: &Path,
    store: &RunStore,
    cancel: &AtomicBool,
    progress: &mut dyn Progress,
) -> Result<JudgeRun> {
    let mut run = JudgeRun::default();
    let todo: Vec<GradeResult> = store
        .results()?
        .into_iter()
        .filter(|r| !state_of(&r.channels.judge).is_final(config.dry_run))
        .collect();
    if todo.is_empty() {
        return Ok(run);
    }
    let tasks = task::load_tasks(&opts.tasks, root);
    let by_id: HashMap<&str, &Task> = tasks.items.iter().map(|t| (t.id.as_str(), t)).collect();
    let (mut stored, responses) = codes(opts, store, &todo, &tasks.items)?;
    let mut sources = Sources {
        root,
        read: BTreeMap::new(),
    };

    let mut asking: Vec<GradeResult> = Vec::new();
    let mut prompts: Vec<Prompt> = Vec::new();
    for mut r in todo {
        let Some(task) = by_id.get(r.id.as_str()).copied() else {
            continue; // the tasks file is the run's (its hash is checked on resume)
        };
        let key = (r.model.clone(), r.id.clone());
        let code = match stored.remove(&key).flatten() {
            Some(code) => Some(code),
            None if r.extraction == ExtractionMode::None => None,
            None => responses
                .get(&key)
                .and_then(|resp| extract_code(resp))
                .map(|e| e.code),
        };
        let prompt = match prepare(&mut r, task, code, config, opts, &mut sources)? {
            Prepared::Ask(prompt) => prompt,
            done => {
                store.put_result(&r)?;
                run.judged += 1;
                run.dry_run += usize::from(matches!(done, Prepared::DryRun));
                continue;
            }
        };
        asking.push(r);
        prompts.push(prompt);
    }
    if prompts.is_empty() {
        return Ok(run);
    }

    progress.phase("judge", prompts.len() as u64);
    let cache = RefCache::open(&opts.ref_cache)?;
    let client = config.client();
    let mut store_error = None;
    let asked_now = run.judged;
    run.refused = judge::judge_all(config, &client, &cache, &prompts, cancel, |i, j| {
        let r = &mut asking[i];
        r.channels.judge = channel(config, r, &j);
        match state_of(&r.channels.judge) {
            JudgeState::Failed => run.failed += 1,
            JudgeState::Unparseable => run.unparseable += 1,
            _ => {}
        }
        run.judged += 1;
        for rep in &j.repeats {
            run.requests += u64::from(rep.requests);
            run.cache_hits += u64::from(rep.answer.as_ref().is_ok_and(|a| a.cached));
        }
        if let Err(e) = store.put_result(r) {
            store_error.get_or_insert(e);
        }
        progress.advance(1);
    });
    if run.refused.is_some() {
        run.not_asked = prompts.len() - (run.judged - asked_now);
    }
    if let Some(e) = store_error {
        return Err(e).context("cannot write to the run store");
    }
    Ok(run)
}

/// A value per answer, keyed by (model, task id).
type ByAnswer<T> = HashMap<(String, String), T>;

/// The code each result's executor ran, from the store (schema 3), and the responses read
/// again only for results stored before that.
fn codes(
    opts: &GradeOptions,
    store: &RunStore,
    todo: &[GradeResult],
    tasks: &[Task],
) -> Result<(ByAnswer<Option<String>>, ByAnswer<String>)> {
    let mut stored: ByAnswer<Option<String>> = HashMap::new();
    for r in todo {
        let code = store.code(&r.model, &r.id)?;
        stored.insert((r.model.clone(), r.id.clone()), code);
    }
    let needs_responses = todo.iter().any(|r| {
        r.extraction != ExtractionMode::None
            && stored
                .get(&(r.model.clone(), r.id.clone()))
                .is_none_or(Option::is_none)
    });
    let responses = if needs_responses {
        asking::responses(opts, tasks)
    } else {
        HashMap::new()
    };
    Ok((stored, responses))
}

/// What the judge phase does with one result.
enum Prepared {
    /// Ask the judge this prompt.
    Ask(Prompt),
    /// Recorded without asking: no code to judge.
    NoCode,
    /// Recorded without asking: a dry run, its prompt written to the run directory.
    DryRun,
}

/// The judge's prompt for `r`, or the judge channel `r` gets without asking.
fn prepare(
    r: &mut GradeResult,
    task: &Task,
    code: Option<String>,
    config: &JudgeConfig,
    opts: &GradeOptions,
    sources: &mut Sources<'_>,
) -> Result<Prepared> {
    let Some(code) = code else {
        r.channels.judge = ChannelScore {
            score: None,
            reason: Some("no code in the response".to_string()),
            details: Some(JudgeDetails::NoCode),
        };
        return Ok(Prepared::NoCode);
    };
    let input = JudgeInput {
        kind: task.kind,
        figure: task.figure.clone(),
        instruction: task.instruction.clone(),
        original: task.original.as_deref().map(|p| sources.get(p)),
        reference: task.reference.as_deref().map(|p| sources.get(p)),
        generated: code,
        evidence: Some(evidence(r)),
    };
    let prompt = judge::build(&input, config.mode);
    if !config.dry_run {
        return Ok(Prepared::Ask(prompt));
    }
    let rel = asking::write_prompt(&opts.out, PROMPTS_DIR, &r.model, &r.id, &prompt)?;
    r.channels.judge = ChannelScore {
        score: None,
        reason: Some("dry run".to_string()),
        details: Some(JudgeDetails::DryRun(DryRun {
            mode: config.mode,
            template: judge::template_name(r.kind, &r.figure),
            template_version: judge::template_version().to_string(),
            prompt: rel,
        })),
    };
    Ok(Prepared::DryRun)
}

/// Task scripts, each read once.
struct Sources<'a> {
    root: &'a Path,
    read: BTreeMap<PathBuf, String>,
}

impl Sources<'_> {
    fn get(&mut self, rel: &Path) -> String {
        let root = self.root;
        self.read
            .entry(rel.to_path_buf())
            .or_insert_with(|| {
                // The deterministic phase already rejected tasks whose scripts cannot be
                // read, so this only fails if a file vanished since.
                std::fs::read_to_string(root.join(rel)).unwrap_or_default()
            })
            .clone()
    }
}

/// The most of an answer a result keeps (the whole answer is in the cache).
const ANSWER_EXCERPT: usize = 1500;

/// An answer cut to its head and tail, where the reasoning starts and the score is.
pub(super) fn answer_excerpt(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= ANSWER_EXCERPT {
        return text.to_string();
    }
    let head: String = text.chars().take(ANSWER_EXCERPT / 3).collect();
    let tail: String = text.chars().skip(chars - ANSWER_EXCERPT * 2 / 3).collect();
    format!("{head}\n[…]\n{tail}")
}

/// The judge channel of a judgement.
fn channel(config: &JudgeConfig, r: &GradeResult, j: &Judgement) -> ChannelScore<JudgeDetails> {
    let (state, score, reason) = j.verdict();
    let repeats: Vec<JudgeReply> = j
        .repeats
        .iter()
        .map(|rep| match &rep.answer {
            Ok(a) => JudgeReply::Answered {
                score: a.score.as_ref().ok().copied(),
                unparseable: a.score.as_ref().err().map(ToString::to_string),
                answer: answer_excerpt(&a.text),
                tokens_in: a.tokens_in,
                tokens_out: a.tokens_out,
                cached: a.cached,
                requests: rep.requests,
            },
            Err(e) => JudgeReply::Failed {
                error: e.clone(),
                requests: rep.requests,
            },
        })
        .collect();
    let sum = |f: fn(&judge::Answer) -> u64| -> u64 {
        j.repeats
            .iter()
            .filter_map(|rep| rep.answer.as_ref().ok())
            .map(f)
            .sum()
    };
    let judged = Judged {
        score_1_10: score,
        model: config.model.clone(),
        mode: config.mode,
        template: judge::template_name(r.kind, &r.figure),
        template_version: judge::template_version().to_string(),
        tokens_in: sum(|a| a.tokens_in),
        tokens_out: sum(|a| a.tokens_out),
        repeats,
    };
    let details = match state {
        JudgeState::Scored => JudgeDetails::Scored(judged),
        JudgeState::Unparseable => JudgeDetails::Unparseable(judged),
        JudgeState::Failed => JudgeDetails::Failed(judged),
        // A judgement without answers (zero repeats): nothing was asked.
        JudgeState::Pending | JudgeState::DryRun | JudgeState::NoCode => JudgeDetails::Pending,
    };
    ChannelScore {
        score: score.map(judge::normalise),
        reason,
        details: Some(details),
    }
}

/// One edit operation as a channel recorded it, read back with the channel's own type and
/// rendered as one line of text.
type RenderOp = fn(&RecordedOp) -> Option<String>;

/// A comparing channel as the evidence shows it: its title, score, reason and details.
type Section<'a> = (
    &'static str,
    Option<f64>,
    Option<&'a str>,
    Option<&'a MatchDetails>,
    RenderOp,
);

/// What the deterministic channels measured, as text for the hybrid prompt.
pub fn evidence(r: &GradeResult) -> String {
    let mut s = String::new();
    let _ = write!(s, "Execution of the generated code: {}", r.status);
    if let Some(e) = &r.error {
        let _ = write!(s, " ({e})");
    }
    s.push('\n');
    if !r.flags.is_empty() {
        let flags: Vec<String> = r
            .flags
            .iter()
            .filter_map(|f| Some(serde_json::to_value(f).ok()?.as_str()?.to_string()))
            .collect();
        let _ = writeln!(s, "Flags: {}", flags.join(", "));
    }
    let edit = r.kind.is_edit();
    let (code, figure) = (&r.channels.code, &r.channels.figure);
    let sections: [Section; 2] = [
        (
            "Code elements (read from the source)",
            code.score,
            code.reason.as_deref(),
            code.details.as_ref().map(|d| &d.matched),
            |op| op.read().map(|op| plotgrade_code::render_op(&op)),
        ),
        (
            "Figure elements (as drawn, read back from the rendered figure)",
            figure.score,
            figure.reason.as_deref(),
            figure.details.as_ref().map(|d| &d.matched),
            |op| op.read().map(|op| plotgrade_figure::render_op(&op)),
        ),
    ];
    for (title, score, reason, details, render) in sections {
        s.push('\n');
        let Some(score) = score else {
            let why = reason.unwrap_or("no score");
            let _ = writeln!(s, "{title}: not measured ({why}).");
            continue;
        };
        let _ = writeln!(
            s,
            "{title}: F1 {score:.3} of the generated {} against the reference's.",
            if edit { "edit" } else { "figure" }
        );
        let lines = |ops: fn(&MatchDetails) -> &[RecordedOp]| -> Vec<String> {
            details
                .map(|d| ops(d).iter().filter_map(render).collect())
                .unwrap_or_default()
        };
        let mut list = |label: &str, lines: Vec<String>| {
            let _ = writeln!(s, "{label}:");
            if lines.is_empty() {
                s.push_str("  (none)\n");
            }
            for l in lines {
                let _ = writeln!(s, "  {l}");
            }
        };
        if edit {
            list(
                "- the reference's edit (original → reference)",
                lines(|d| &d.reference_ops),
            );
            list(
                "- the generated edit (original → generated)",
                lines(|d| &d.generated_ops),
            );
        } else {
            list(
                "- differences from the reference (reference → generated)",
                lines(|d| &d.generated_ops),
            );
        }
    }
    s
}
