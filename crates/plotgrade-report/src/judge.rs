//! The LLM judge in the summary: what it cost (requests, cache hits, tokens), how often
//! it failed or gave no readable score, and, with `--judge-repeat K`, how consistent it
//! is with itself.
//!
//! Counted from what the judge phase recorded in each result's judge channel details
//! (`state`, `score_1_10`, `repeats[]`); nothing is asked or recomputed here. `requests`
//! and `cache_hits` say how the answers were obtained when each submission was judged in
//! this run directory: a fresh run directory over a warm cache shows 0 requests.

use serde::{Deserialize, Serialize};

use super::averages::{Macro, macro_averages};
use super::cells::{Table, table};
use super::stats::{kendall_tau_b, mean, spearman};
use plotgrade_judge::{JudgeState, band};
use plotgrade_model::details::{JudgeDetails, JudgeReply};
use plotgrade_model::record::GradeResult;

/// The judge over a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JudgeSummary {
    /// Submissions whose judge channel records a judging state (all, when configured).
    pub submissions: usize,
    pub scored: usize,
    pub unparseable: usize,
    pub failed: usize,
    pub dry_run: usize,
    /// No code in the response: nothing to show the judge.
    pub no_code: usize,
    /// Not asked yet (an interrupted run).
    pub pending: usize,
    /// HTTP requests sent, retries included.
    pub requests: u64,
    /// Answers found in the cache instead of asked.
    pub cache_hits: u64,
    /// Tokens of the answers received (asked or cached): what the judgements cost.
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// Mean 1–10 score over scored submissions.
    pub mean_score: Option<f64>,
    /// The judge against itself, when it was asked more than once per submission.
    pub consistency: Option<Consistency>,
}

/// How the K answers about one submission agree, over submissions whose K answers all
/// had a score (as DynaMath reports a model's consistency over variants).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Consistency {
    /// Answers per submission (the largest K seen).
    pub repeat: usize,
    /// Submissions with K ≥ 2 readable scores.
    pub n: usize,
    /// Mean of (highest − lowest) of a submission's scores, in 1–10 points.
    pub mean_spread: Option<f64>,
    /// Share of submissions whose answers all gave the same score.
    pub all_agree: Option<f64>,
    /// Share of submissions whose answers all fell in the same band (1–2 … 9–10).
    pub same_band: Option<f64>,
    /// Share of pairs of answers about the same submission that gave the same score.
    pub pairwise_agree: Option<f64>,
}

/// `None` when no result carries a judging state (no judge was configured).
pub(super) fn summarize(results: &[&GradeResult]) -> Option<JudgeSummary> {
    let judged: Vec<&JudgeDetails> = results
        .iter()
        .filter_map(|r| r.channels.judge.details.as_ref())
        .collect();
    if judged.is_empty() {
        return None;
    }
    let count = |s: JudgeState| judged.iter().filter(|d| d.state() == s).count();
    fn repeats(d: &JudgeDetails) -> &[JudgeReply] {
        d.judged().map_or(&[], |j| j.repeats.as_slice())
    }
    let total = |f: &dyn Fn(&JudgeReply) -> u64| -> u64 {
        judged.iter().flat_map(|d| repeats(d)).map(f).sum()
    };
    let scores: Vec<Vec<f64>> = judged
        .iter()
        .map(|d| repeats(d).iter().filter_map(JudgeReply::score).collect())
        .collect();
    let k = judged.iter().map(|d| repeats(d).len()).max().unwrap_or(0);
    let full: Vec<&Vec<f64>> = judged
        .iter()
        .zip(&scores)
        .filter(|(d, s)| s.len() >= 2 && s.len() == repeats(d).len())
        .map(|(_, s)| s)
        .collect();
    let share =
        |f: &dyn Fn(&[f64]) -> bool| mean(full.iter().map(|s| if f(s) { 1.0 } else { 0.0 }));
    let (mut pairs, mut equal) = (0usize, 0usize);
    for s in &full {
        for i in 0..s.len() {
            for j in i + 1..s.len() {
                pairs += 1;
                equal += usize::from(s[i] == s[j]);
            }
        }
    }
    Some(JudgeSummary {
        submissions: judged.len(),
        scored: count(JudgeState::Scored),
        unparseable: count(JudgeState::Unparseable),
        failed: count(JudgeState::Failed),
        dry_run: count(JudgeState::DryRun),
        no_code: count(JudgeState::NoCode),
        pending: count(JudgeState::Pending),
        requests: total(&|r| u64::from(r.requests())),
        cache_hits: total(&|r| u64::from(r.cached())),
        tokens_in: total(&|r| r.tokens().0),
        tokens_out: total(&|r| r.tokens().1),
        mean_score: mean(
            judged
                .iter()
                .filter_map(|d| d.judged().and_then(|j| j.score_1_10)),
        ),
        consistency: (k >= 2).then(|| Consistency {
            repeat: k,
            n: full.len(),
            mean_spread: mean(full.iter().map(|s| {
                let hi = s.iter().copied().fold(f64::MIN, f64::max);
                let lo = s.iter().copied().fold(f64::MAX, f64::min);
                hi - lo
            })),
            all_agree: share(&|s| s.iter().all(|&x| x == s[0])),
            same_band: share(&|s| s.iter().all(|&x| band(x) == band(s[0]))),
            pairwise_agree: (pairs > 0).then(|| equal as f64 / pairs as f64),
        }),
    })
}

/// The paper's Table III by its own instrument: the judge's 1–10, model × kind × figure
/// type, beside plotgrade's deterministic score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JudgeTable {
    pub scores: Table<JudgeCell>,
    /// Its means averaged as the paper averages (plain means of cells).
    pub mean_macro: Macro,
}

/// A cell of the judge's Table III.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct JudgeCell {
    /// Submissions with a judge's score. An answer without code scores 1, the rubric's
    /// lowest band ("no code, or code unrelated to the task"), rather than dropping out.
    pub n: usize,
    /// Mean of the judge's 1–10 (the mean over `--judge-repeat` answers, per submission).
    pub mean_score: Option<f64>,
    /// Submissions the judge gave no score (failed, unreadable, not asked yet, dry run):
    /// left out of the mean.
    pub unscored: usize,
    /// plotgrade's 1–10 against the judge's over the cell's `n` submissions.
    pub spearman: Option<f64>,
    pub kendall: Option<f64>,
}

/// The score the judge's Table III counts for a result: its 1–10, 1 for an answer
/// without code, `None` when it has none (or no judge ran).
pub fn judge_score(r: &GradeResult) -> Option<f64> {
    match r.channels.judge.details.as_ref()? {
        JudgeDetails::NoCode => Some(1.0),
        d => d.judged().and_then(|j| j.score_1_10),
    }
}

fn judge_cell(results: &[&&GradeResult]) -> JudgeCell {
    let pairs: Vec<(f64, f64)> = results
        .iter()
        .filter_map(|r| Some((f64::from(r.score), judge_score(r)?)))
        .collect();
    let (ours, judge): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
    JudgeCell {
        n: pairs.len(),
        mean_score: mean(judge.iter().copied()),
        unscored: results.len() - pairs.len(),
        spearman: spearman(&ours, &judge),
        kendall: kendall_tau_b(&ours, &judge),
    }
}

/// `None` when no result carries a judging state (no judge was configured).
pub(super) fn judge_table(models: &[String], results: &[&GradeResult]) -> Option<JudgeTable> {
    if results.iter().all(|r| r.channels.judge.details.is_none()) {
        return None;
    }
    let scores = table(
        models,
        results,
        |r| (&r.model, r.kind, &r.figure),
        judge_cell,
    );
    Some(JudgeTable {
        mean_macro: macro_averages(&scores, |c| c.mean_score),
        scores,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_model::details::{JudgeMode, Judged};
    use plotgrade_model::record::{ChannelScore, Channels, ExtractionMode, Funnel};
    use plotgrade_model::status::Status;
    use plotgrade_model::task::{FigureType, Kind};

    fn result(judge: Option<JudgeDetails>) -> GradeResult {
        GradeResult {
            id: "t".into(),
            model: "m".into(),
            kind: Kind::Generation,
            figure: FigureType::Bar,
            sample: "s".into(),
            variant_of: None,
            tags: Vec::new(),
            status: Status::Ok,
            extraction: ExtractionMode::Strict,
            score: 5,
            pass: false,
            flags: vec![],
            channels: Channels {
                judge: ChannelScore {
                    score: None,
                    reason: None,
                    details: judge,
                },
                ..Channels::default()
            },
            funnel: Funnel::default(),
            artifacts: vec![],
            error: None,
            answer: None,
            process: None,
        }
    }

    fn judged(score_1_10: Option<f64>, repeats: Vec<JudgeReply>) -> Judged {
        Judged {
            score_1_10,
            model: "judge".into(),
            mode: JudgeMode::Rubric,
            template: "generation-bar".into(),
            template_version: "rubric-000000000000".into(),
            tokens_in: 0,
            tokens_out: 0,
            repeats,
        }
    }

    fn rep(score: Option<f64>, cached: bool) -> JudgeReply {
        JudgeReply::Answered {
            score,
            unparseable: score.is_none().then(|| "no score".to_string()),
            answer: String::new(),
            tokens_in: 100,
            tokens_out: 10,
            cached,
            requests: u32::from(!cached),
        }
    }

    #[test]
    fn no_judge_no_section() {
        let r = result(None);
        assert_eq!(summarize(&[&r]), None);
    }

    #[test]
    fn counts_costs_and_consistency() {
        let scored = |s, reps| Some(JudgeDetails::Scored(judged(Some(s), reps)));
        let rs = [
            result(scored(
                7.0,
                vec![
                    rep(Some(6.0), false),
                    rep(Some(8.0), false),
                    rep(Some(7.0), true),
                ],
            )),
            result(scored(
                3.0,
                vec![
                    rep(Some(3.0), true),
                    rep(Some(3.0), true),
                    rep(Some(3.0), true),
                ],
            )),
            // One unreadable answer of three: not in the consistency figures.
            result(scored(
                5.0,
                vec![
                    rep(Some(5.0), false),
                    rep(None, false),
                    rep(Some(5.0), false),
                ],
            )),
            result(Some(JudgeDetails::Failed(judged(
                None,
                vec![JudgeReply::Failed {
                    error: "HTTP 500".into(),
                    requests: 4,
                }],
            )))),
            result(Some(JudgeDetails::NoCode)),
        ];
        let refs: Vec<&GradeResult> = rs.iter().collect();
        let s = summarize(&refs).unwrap();
        assert_eq!(
            (s.submissions, s.scored, s.failed, s.no_code, s.unparseable),
            (5, 3, 1, 1, 0)
        );
        assert_eq!((s.requests, s.cache_hits), (2 + 3 + 4, 4));
        assert_eq!((s.tokens_in, s.tokens_out), (900, 90));
        assert_eq!(s.mean_score, Some(5.0));
        let c = s.consistency.unwrap();
        assert_eq!((c.repeat, c.n), (3, 2));
        assert_eq!(c.mean_spread, Some(1.0), "(2 + 0) / 2");
        assert_eq!(c.all_agree, Some(0.5));
        assert_eq!(c.same_band, Some(0.5), "6 is in 5–6, 8 in 7–8");
        assert_eq!(c.pairwise_agree, Some(3.0 / 6.0));
    }

    /// Table III by the judge: an answer without code counts 1 (the rubric's lowest band)
    /// instead of dropping out; a failed judgement is left out and counted; plotgrade's
    /// score and the judge's are ranked against each other per cell.
    #[test]
    fn the_judge_s_table_iii_counts_no_code_as_the_lowest_band() {
        let with = |ours: u8, judge: Option<JudgeDetails>| GradeResult {
            score: ours,
            ..result(judge)
        };
        let scored = |s: f64| {
            Some(JudgeDetails::Scored(judged(
                Some(s),
                vec![rep(Some(s), false)],
            )))
        };
        let rs = [
            with(9, scored(8.0)),
            with(6, scored(5.0)),
            with(3, scored(4.0)),
            with(1, Some(JudgeDetails::NoCode)),
            with(5, Some(JudgeDetails::Failed(judged(None, vec![])))),
        ];
        let refs: Vec<&GradeResult> = rs.iter().collect();
        let t = judge_table(&["m".to_string()], &refs).expect("a judge ran");
        let cell = t.scores.models[0].cells[&Kind::Generation][&FigureType::Bar];
        assert_eq!((cell.n, cell.unscored), (4, 1));
        assert!((cell.mean_score.unwrap() - (8.0 + 5.0 + 4.0 + 1.0) / 4.0).abs() < 1e-12);
        // Same order on both sides: perfect rank agreement.
        assert_eq!((cell.spearman, cell.kendall), (Some(1.0), Some(1.0)));
        assert!(judge_table(&["m".to_string()], &[&result(None)]).is_none());
    }
}
