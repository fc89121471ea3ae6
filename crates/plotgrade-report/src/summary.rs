//! The summary of a run: what `summary.json` holds and every table is made from.
//!
//! Only counts and means of what grading produced; no grade is recomputed here. Means
//! are over submissions (a kind's mean weighs each figure type by its number of
//! submissions), and every cell carries its `n` so a reader can tell a mean of 2 from a
//! mean of 200. Rates are fractions in 0–1; the tables turn them into percentages.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::agreement::{self, Agreement, Thresholds};
use super::averages::{Macro, macro_averages};
use super::cells::ratio;
pub use super::cells::{
    ALL_MODELS, AccuracyCell, Row, ScoreCell, Table, accuracy_cell, score_cell, table,
};
use super::judge::{self, JudgeSummary, JudgeTable};
use super::stats::mean;
use super::tags::{self, TagTable};
use plotgrade_model::record::{
    AnswerMethod, AnswerReading, ChoiceResult, Flag, GradeResult, Rejected,
};
use plotgrade_model::status::Status;
use plotgrade_model::task::{FigureType, Kind};

/// Everything the reports show about one run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Code submissions graded.
    pub submissions: usize,
    /// Multiple-choice submissions graded.
    pub choice_submissions: usize,
    /// Every model seen, sorted.
    pub models: Vec<String>,
    /// plotgrade's Table III: its deterministic 1–10 score and pass rate, model × kind ×
    /// figure type, pooled over submissions.
    pub scores: Table<ScoreCell>,
    /// The same, averaged as the paper averages (plain means of cells).
    #[serde(default)]
    pub scores_macro: ScoreMacro,
    /// The paper's Table III by its own instrument, the LLM judge's 1–10, with its
    /// agreement with plotgrade's score per cell (absent without a judge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge_scores: Option<JudgeTable>,
    /// extracted → ran → drew → located → passed.
    pub funnel: Funnel,
    /// How the generated code ended, over all code submissions (every status, in the
    /// executor's order, zeros included).
    pub statuses: Vec<NamedCount>,
    /// How often each flag was raised (only flags that were).
    pub flags: BTreeMap<Flag, usize>,
    /// Average and worst case over the variants of a sample.
    pub variants: Variants,
    /// DynaMath's A_avg, A_wst and RR per model over the suite's variants, a missing
    /// answer counting as wrong (`robustness.rs`); absent when the suite has no variants.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub robustness: Vec<crate::robustness::RobustnessRow>,
    /// DynaMath's repetition consistency, per model asked the same questions more than
    /// once (`m #1`, `m #2`, …; `consistency.rs`); absent without repetitions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub consistency: Vec<crate::consistency::ConsistencyRow>,
    /// Answers that came with a visual aid (tasks with a question): ACCU, PVA, the gap,
    /// and VAMPS's strict and soft accuracy, per model and figure type (`aid.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aid: Vec<crate::aid::AidRow>,
    /// MathExplain's keypoint precision, recall and F1, averaged over instances, the
    /// unscorable counted 0 (`keypoints.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keypoints: Vec<crate::keypoints::KeypointRow>,
    /// Score, pass rate and accuracy by every tag key (the paper's Tables IV–VI).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_tag: Vec<TagTable>,
    /// The paper's Table II and how answers were found.
    pub choice: Choice,
    /// Submission lines that could not be graded.
    pub rejected: RejectedCounts,
    /// How the channels agree with each other.
    pub agreement: Agreement,
    /// The LLM judge: requests, cache hits, tokens, failures, consistency with itself
    /// (absent when no judge was configured).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge: Option<JudgeSummary>,
}

/// A count with its name (a status, a rejection reason).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedCount {
    pub name: String,
    pub count: usize,
}

/// plotgrade's Table III averaged as the paper averages.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScoreMacro {
    pub mean_score: Macro,
    pub pass_rate: Macro,
}

/// The execution funnel, per model and for all models.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Funnel {
    pub models: Vec<FunnelRow>,
    pub all: FunnelRow,
}

/// How many submissions reached each stage, as grading recorded it in `funnel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FunnelRow {
    pub model: String,
    pub submitted: usize,
    pub extracted: Stage,
    pub ran: Stage,
    pub drew: Stage,
    /// The edit landed where the reference's did (generation: the figure matched).
    pub located: Stage,
    pub passed: Stage,
}

/// One stage of the funnel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Stage {
    pub count: usize,
    /// Of all submitted; `None` when nothing was submitted.
    pub rate: Option<f64>,
    /// Of those that reached the stage before; `None` when none did.
    pub of_previous: Option<f64>,
    /// The 95% Wilson interval of `rate`; `None` when nothing was submitted.
    #[serde(default)]
    pub ci: Option<[f64; 2]>,
}

/// Robustness over variants.
///
/// A group is one model's submissions for one kind of task on one base sample: the base
/// sample itself (when graded) and every sample whose `variant_of` names it. Only bases
/// that have at least one graded variant form a group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Variants {
    pub groups: Vec<VariantGroup>,
    /// Per model, the means over its groups.
    pub models: Vec<VariantModel>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantGroup {
    pub model: String,
    pub kind: Kind,
    pub figure: FigureType,
    pub base: String,
    /// Task ids in the group, sorted.
    pub ids: Vec<String>,
    pub mean_score: f64,
    /// The lowest 1–10 score in the group.
    pub worst_score: u8,
    /// The id that scored lowest (the first in id order on a tie).
    pub worst_id: String,
    pub pass_rate: f64,
    /// Whether every member passed (the worst case of `pass`).
    pub all_passed: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantModel {
    pub model: String,
    pub groups: usize,
    /// Mean over groups of the group's mean score.
    pub mean_score: f64,
    /// Mean over groups of the group's worst score.
    pub mean_worst_score: f64,
    /// Mean over groups of the group's pass rate.
    pub pass_rate: f64,
    /// Fraction of groups where every member passed.
    pub all_passed_rate: f64,
}

/// Multiple choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// The paper's Table II: accuracy by the run's primary reading, model × kind × figure
    /// type. Its "all" cells and its all-models row are pooled over submissions.
    pub accuracy: Table<AccuracyCell>,
    /// The same accuracy averaged as the paper averages (plain means of cells).
    #[serde(default)]
    pub accuracy_macro: Macro,
    /// The primary reading of the records (`None` when resumed records differ).
    #[serde(default)]
    pub primary: Option<AnswerReading>,
    /// Accuracy by each reading, per model then over all models.
    #[serde(default)]
    pub readings: Vec<ReadingRow>,
    /// How the primary reading found the answer letter, per model.
    pub methods: Vec<MethodCounts>,
    pub all_methods: MethodCounts,
}

/// One model's answers read both ways.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadingRow {
    pub model: String,
    pub n: usize,
    /// Answers found, and right, by the strict reading (a declared format only).
    pub strict_found: usize,
    pub strict_correct: usize,
    /// Answers found, and right, by the soft reading (free text too).
    pub soft_found: usize,
    pub soft_correct: usize,
    /// Submissions where both found an answer and the answers differ.
    pub differ: usize,
}

/// Answer-extraction methods, one field per [`AnswerMethod`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodCounts {
    pub model: String,
    pub boxed: usize,
    #[serde(default)]
    pub declared: usize,
    #[serde(default)]
    pub json: usize,
    pub phrase: usize,
    pub letter: usize,
    #[serde(default)]
    pub leading: usize,
    pub choice_text: usize,
    #[serde(default)]
    pub llm: usize,
    pub none: usize,
}

impl MethodCounts {
    fn add(&mut self, method: AnswerMethod) {
        let slot = match method {
            AnswerMethod::Boxed => &mut self.boxed,
            AnswerMethod::Declared => &mut self.declared,
            // A final block is a JSON field after a marker.
            AnswerMethod::Json | AnswerMethod::Final => &mut self.json,
            AnswerMethod::Phrase => &mut self.phrase,
            AnswerMethod::Letter => &mut self.letter,
            AnswerMethod::Leading => &mut self.leading,
            AnswerMethod::ChoiceText => &mut self.choice_text,
            AnswerMethod::Llm => &mut self.llm,
            AnswerMethod::None => &mut self.none,
        };
        *slot += 1;
    }
}

/// Rejected lines by reason, most frequent first (then by reason), and the first
/// [`REJECTED_LISTED`] of them one by one (`FILE:LINE`, id, reason), in file order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejectedCounts {
    pub total: usize,
    pub by_reason: Vec<NamedCount>,
    #[serde(default)]
    pub lines: Vec<Rejected>,
}

/// Rejected lines listed one by one in summaries (the rest are counted by reason): a
/// file of garbage must not make a summary as large as itself.
pub const REJECTED_LISTED: usize = 100;

/// The summary with the default channel thresholds ([`Thresholds::default`]).
pub fn summarize(
    results: &[GradeResult],
    choices: &[ChoiceResult],
    rejected: &[Rejected],
) -> Summary {
    summarize_with(results, choices, rejected, &Thresholds::default())
}

/// The summary, with each channel's pass counted at `thresholds`.
pub fn summarize_with(
    results: &[GradeResult],
    choices: &[ChoiceResult],
    rejected: &[Rejected],
    thresholds: &Thresholds,
) -> Summary {
    let models: Vec<String> = results
        .iter()
        .map(|r| r.model.clone())
        .chain(choices.iter().map(|c| c.model.clone()))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let code_models: Vec<String> = sorted_models(results.iter().map(|r| r.model.as_str()));
    let choice_models: Vec<String> = sorted_models(choices.iter().map(|c| c.model.as_str()));
    // In a fixed order, so that sums (and so the last digit of a mean) do not depend on
    // the order in which submissions were graded.
    let mut results: Vec<&GradeResult> = results.iter().collect();
    results.sort_by(|a, b| (&a.model, &a.id).cmp(&(&b.model, &b.id)));
    let mut choices: Vec<&ChoiceResult> = choices.iter().collect();
    choices.sort_by(|a, b| (&a.model, &a.id).cmp(&(&b.model, &b.id)));

    let scores = table(
        &code_models,
        &results,
        |r| (&r.model, r.kind, &r.figure),
        score_cell,
    );
    Summary {
        submissions: results.len(),
        choice_submissions: choices.len(),
        models,
        scores_macro: ScoreMacro {
            mean_score: macro_averages(&scores, |c| c.mean_score),
            pass_rate: macro_averages(&scores, |c| c.pass_rate),
        },
        judge_scores: judge::judge_table(&code_models, &results),
        by_tag: tags::by_tag(&code_models, &results, &choice_models, &choices),
        scores,
        funnel: funnel(&code_models, &results),
        statuses: statuses(&results),
        flags: flags(&results),
        variants: variants(&results),
        robustness: crate::robustness::robustness(&results, &choices, &[]),
        consistency: crate::consistency::consistency(&results, &choices),
        aid: crate::aid::aid_rows(&results),
        keypoints: crate::keypoints::keypoint_rows(&results),
        choice: choice(&choice_models, &choices),
        rejected: rejected_counts(rejected),
        agreement: agreement::agreement(&results, thresholds),
        judge: judge::summarize(&results),
    }
}

fn sorted_models<'a>(models: impl Iterator<Item = &'a str>) -> Vec<String> {
    models
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(str::to_string)
        .collect()
}

fn funnel(models: &[String], results: &[&GradeResult]) -> Funnel {
    let row = |model: &str, results: Vec<&GradeResult>| {
        let submitted = results.len();
        let count = |f: fn(&GradeResult) -> bool| results.iter().filter(|r| f(r)).count();
        let counts = [
            count(|r| r.funnel.extracted),
            count(|r| r.funnel.ran),
            count(|r| r.funnel.drew),
            count(|r| r.funnel.located),
            count(|r| r.funnel.passed),
        ];
        let mut previous = submitted;
        let stages = counts.map(|c| {
            let stage = Stage {
                count: c,
                rate: ratio(c, submitted),
                of_previous: ratio(c, previous),
                ci: super::stats::wilson(c, submitted),
            };
            previous = c;
            stage
        });
        let [extracted, ran, drew, located, passed] = stages;
        FunnelRow {
            model: model.to_string(),
            submitted,
            extracted,
            ran,
            drew,
            located,
            passed,
        }
    };
    Funnel {
        models: models
            .iter()
            .map(|m| {
                row(
                    m,
                    results.iter().copied().filter(|r| &r.model == m).collect(),
                )
            })
            .collect(),
        all: row(ALL_MODELS, results.to_vec()),
    }
}

fn statuses(results: &[&GradeResult]) -> Vec<NamedCount> {
    Status::ALL
        .into_iter()
        .map(|s| NamedCount {
            name: s.as_str().to_string(),
            count: results.iter().filter(|r| r.status == s).count(),
        })
        .collect()
}

fn flags(results: &[&GradeResult]) -> BTreeMap<Flag, usize> {
    let mut counts = BTreeMap::new();
    for flag in results.iter().flat_map(|r| r.flags.iter()) {
        *counts.entry(*flag).or_insert(0) += 1;
    }
    counts
}

fn variants(results: &[&GradeResult]) -> Variants {
    // (model, kind, base) → members; a base with no variant graded is not a group.
    let mut members: BTreeMap<(&str, Kind, &str), Vec<&GradeResult>> = BTreeMap::new();
    let mut has_variant: BTreeSet<(&str, Kind, &str)> = BTreeSet::new();
    for &r in results {
        let base = r.variant_of.as_deref().unwrap_or(&r.sample);
        let key = (r.model.as_str(), r.kind, base);
        members.entry(key).or_default().push(r);
        if r.variant_of.is_some() {
            has_variant.insert(key);
        }
    }
    let groups: Vec<VariantGroup> = members
        .into_iter()
        .filter(|(key, _)| has_variant.contains(key))
        .map(|((model, kind, base), mut rs)| {
            rs.sort_by(|a, b| a.id.cmp(&b.id));
            let worst = rs
                .iter()
                .min_by_key(|r| r.score)
                .expect("a group has members");
            VariantGroup {
                model: model.to_string(),
                kind,
                // The base's figure type; variants keep the figure type of their base.
                figure: rs
                    .iter()
                    .find(|r| r.variant_of.is_none())
                    .unwrap_or(&rs[0])
                    .figure
                    .clone(),
                base: base.to_string(),
                ids: rs.iter().map(|r| r.id.clone()).collect(),
                mean_score: mean(rs.iter().map(|r| f64::from(r.score))).unwrap_or(0.0),
                worst_score: worst.score,
                worst_id: worst.id.clone(),
                pass_rate: mean(rs.iter().map(|r| if r.pass { 1.0 } else { 0.0 })).unwrap_or(0.0),
                all_passed: rs.iter().all(|r| r.pass),
            }
        })
        .collect();
    let models = sorted_models(groups.iter().map(|g| g.model.as_str()))
        .into_iter()
        .map(|model| {
            let of: Vec<&VariantGroup> = groups.iter().filter(|g| g.model == model).collect();
            let avg = |f: fn(&VariantGroup) -> f64| mean(of.iter().map(|g| f(g))).unwrap_or(0.0);
            VariantModel {
                groups: of.len(),
                mean_score: avg(|g| g.mean_score),
                mean_worst_score: avg(|g| f64::from(g.worst_score)),
                pass_rate: avg(|g| g.pass_rate),
                all_passed_rate: avg(|g| if g.all_passed { 1.0 } else { 0.0 }),
                model,
            }
        })
        .collect();
    Variants { groups, models }
}

fn choice(models: &[String], choices: &[&ChoiceResult]) -> Choice {
    let counts = |model: &str, of: &mut dyn Iterator<Item = &&ChoiceResult>| {
        let mut m = MethodCounts {
            model: model.to_string(),
            ..MethodCounts::default()
        };
        of.for_each(|c| m.add(c.method));
        m
    };
    let readings = |model: &str, of: &mut dyn Iterator<Item = &&ChoiceResult>| {
        let mut r = ReadingRow {
            model: model.to_string(),
            ..ReadingRow::default()
        };
        for c in of {
            r.n += 1;
            r.strict_found += usize::from(c.strict.answer.is_some());
            r.strict_correct += usize::from(c.right(&c.strict));
            r.soft_found += usize::from(c.soft.answer.is_some());
            r.soft_correct += usize::from(c.right(&c.soft));
            r.differ += usize::from(
                c.strict.answer.is_some() && c.soft.answer.is_some() && c.strict != c.soft,
            );
        }
        r
    };
    let primaries: BTreeSet<AnswerReading> = choices.iter().map(|c| c.reading).collect();
    let accuracy = table(
        models,
        choices,
        |c| (&c.model, c.kind, &c.figure),
        accuracy_cell,
    );
    Choice {
        accuracy_macro: macro_averages(&accuracy, |c| c.accuracy),
        accuracy,
        primary: match primaries.len() {
            1 => primaries.into_iter().next(),
            _ => None,
        },
        readings: models
            .iter()
            .map(|m| readings(m, &mut choices.iter().filter(|c| &c.model == m)))
            .chain(std::iter::once(readings(ALL_MODELS, &mut choices.iter())))
            .collect(),
        methods: models
            .iter()
            .map(|m| counts(m, &mut choices.iter().filter(|c| &c.model == m)))
            .collect(),
        all_methods: counts(ALL_MODELS, &mut choices.iter()),
    }
}

fn rejected_counts(rejected: &[Rejected]) -> RejectedCounts {
    let mut by: BTreeMap<&str, usize> = BTreeMap::new();
    for r in rejected {
        *by.entry(r.reason.as_str()).or_insert(0) += 1;
    }
    let mut by_reason: Vec<NamedCount> = by
        .into_iter()
        .map(|(name, count)| NamedCount {
            name: name.to_string(),
            count,
        })
        .collect();
    // Stable sort: equal counts stay in reason order.
    by_reason.sort_by_key(|c| std::cmp::Reverse(c.count));
    RejectedCounts {
        total: rejected.len(),
        by_reason,
        lines: rejected.iter().take(REJECTED_LISTED).cloned().collect(),
    }
}
