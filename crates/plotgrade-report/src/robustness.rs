//! DynaMath's robustness over variants (Zou et al., 2024, §3.3), exactly as defined:
//!
//! ```text
//! A_avg = (1/N) Σ_i (1/M_i) Σ_j 𝕀[Ans(i, j) = GT(i, j)]
//! A_wst = (1/N) Σ_i min_j 𝕀[Ans(i, j) = GT(i, j)]
//! RR    = A_wst / A_avg
//! ```
//!
//! A question i is one kind of task on one seed sample that has variants in the suite
//! (the seed itself, when the suite has it, and every sample whose `variant_of` names
//! it); j runs over all M_i of them. The suite says what the variants are, so an answer
//! a model did not give counts as wrong (`𝕀 = 0`), and so does a whole question it did
//! not answer: N is every question of the suite. For code tasks the indicator is the
//! verdict (`pass`), for multiple choice the answer read (`correct`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use plotgrade_model::record::{ChoiceResult, GradeResult};
use plotgrade_model::task::Kind;
use serde::{Deserialize, Serialize};

/// One task (or question) of the suite, as robustness needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteMember {
    pub id: String,
    pub kind: Kind,
    /// The seed sample: `variant_of`, else the sample itself.
    pub base: String,
    /// Whether it is a variant (has `variant_of`).
    pub variant: bool,
}

/// One model's robustness on one instrument.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RobustnessRow {
    pub model: String,
    /// `code` (the indicator is `pass`) or `choice` (`correct`).
    pub of: String,
    /// N: questions (kind × seed with variants) in the suite.
    pub questions: usize,
    /// Σ M_i: their variants (the seeds included).
    pub variants: usize,
    /// Of those, how many the model answered (the rest count as wrong).
    pub answered: usize,
    pub a_avg: f64,
    pub a_wst: f64,
    /// A_wst / A_avg; `None` when A_avg is 0.
    pub rr: Option<f64>,
}

/// The questions: (kind, base) → member ids, for bases with at least one variant.
fn questions(members: &[SuiteMember]) -> BTreeMap<(Kind, &str), BTreeSet<&str>> {
    let varied: BTreeSet<(Kind, &str)> = members
        .iter()
        .filter(|m| m.variant)
        .map(|m| (m.kind, m.base.as_str()))
        .collect();
    let mut q: BTreeMap<(Kind, &str), BTreeSet<&str>> = BTreeMap::new();
    for m in members {
        let key = (m.kind, m.base.as_str());
        if varied.contains(&key) {
            q.entry(key).or_default().insert(m.id.as_str());
        }
    }
    q
}

fn rows(
    of: &str,
    members: &[SuiteMember],
    answers: &BTreeMap<&str, HashMap<&str, bool>>,
) -> Vec<RobustnessRow> {
    let qs = questions(members);
    if qs.is_empty() {
        return Vec::new();
    }
    let variants: usize = qs.values().map(BTreeSet::len).sum();
    answers
        .iter()
        .map(|(model, got)| {
            let (mut avg, mut wst, mut answered) = (0.0, 0.0, 0);
            for ids in qs.values() {
                let right = ids.iter().filter(|id| got.get(*id) == Some(&true)).count();
                answered += ids.iter().filter(|id| got.contains_key(*id)).count();
                avg += right as f64 / ids.len() as f64;
                wst += f64::from(u8::from(right == ids.len()));
            }
            let n = qs.len() as f64;
            let (a_avg, a_wst) = (avg / n, wst / n);
            RobustnessRow {
                model: model.to_string(),
                of: of.to_string(),
                questions: qs.len(),
                variants,
                answered,
                a_avg,
                a_wst,
                rr: (a_avg > 0.0).then(|| a_wst / a_avg),
            }
        })
        .collect()
}

/// The suite's members as the submissions show them, when the suite itself is unknown
/// (every id any model answered).
fn members_of<'a>(items: impl Iterator<Item = (&'a str, Kind, &'a str, bool)>) -> Vec<SuiteMember> {
    let mut seen = BTreeMap::new();
    for (id, kind, base, variant) in items {
        seen.entry(id).or_insert(SuiteMember {
            id: id.to_string(),
            kind,
            base: base.to_string(),
            variant,
        });
    }
    seen.into_values().collect()
}

/// Robustness per model, code results then multiple-choice ones, over `suite` (or, when
/// it is empty, over the ids the submissions answered).
pub fn robustness(
    results: &[&GradeResult],
    choices: &[&ChoiceResult],
    suite: &[SuiteMember],
) -> Vec<RobustnessRow> {
    let mut code: BTreeMap<&str, HashMap<&str, bool>> = BTreeMap::new();
    for r in results {
        code.entry(&r.model).or_default().insert(&r.id, r.pass);
    }
    let mut choice: BTreeMap<&str, HashMap<&str, bool>> = BTreeMap::new();
    for c in choices {
        choice.entry(&c.model).or_default().insert(&c.id, c.correct);
    }
    let code_members = if suite.is_empty() {
        members_of(results.iter().map(|r| {
            (
                r.id.as_str(),
                r.kind,
                r.variant_of.as_deref().unwrap_or(&r.sample),
                r.variant_of.is_some(),
            )
        }))
    } else {
        suite.to_vec()
    };
    let choice_members = if suite.is_empty() {
        members_of(choices.iter().map(|c| {
            (
                c.id.as_str(),
                c.kind,
                c.variant_of.as_deref().unwrap_or(&c.sample),
                c.variant_of.is_some(),
            )
        }))
    } else {
        suite.to_vec()
    };
    let mut out = rows("code", &code_members, &code);
    out.extend(rows("choice", &choice_members, &choice));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: &str, base: &str, variant: bool) -> SuiteMember {
        SuiteMember {
            id: id.into(),
            kind: Kind::Generation,
            base: base.into(),
            variant,
        }
    }

    /// Worked by hand from the definitions: two questions, q1 with 3 variants (the seed
    /// and two), q2 with 2; a third seed without variants is no question.
    #[test]
    fn averages_and_worst_case_count_a_missing_variant_as_wrong() {
        let suite = [
            member("q1", "q1", false),
            member("q1-v1", "q1", true),
            member("q1-v2", "q1", true),
            member("q2-v1", "q2", true),
            member("q2-v2", "q2", true),
            member("q3", "q3", false),
        ];
        let mut answers: BTreeMap<&str, HashMap<&str, bool>> = BTreeMap::new();
        // m: q1 all right; q2 one right, one not answered; q3 right (not a question).
        answers.insert(
            "m",
            HashMap::from([
                ("q1", true),
                ("q1-v1", true),
                ("q1-v2", true),
                ("q2-v1", true),
                ("q3", true),
            ]),
        );
        // n: answered only q2-v1, wrong.
        answers.insert("n", HashMap::from([("q2-v1", false)]));
        let rows = rows("code", &suite, &answers);
        let m = &rows[0];
        // A_avg = (3/3 + 1/2) / 2 = 0.75; A_wst = (1 + 0) / 2 = 0.5; RR = 2/3.
        assert_eq!((m.questions, m.variants, m.answered), (2, 5, 4));
        assert_eq!((m.a_avg, m.a_wst), (0.75, 0.5));
        assert!((m.rr.unwrap() - 2.0 / 3.0).abs() < 1e-12);
        // Had the missing variant been left out, q2 would count as all right: A_wst 1.
        let n = &rows[1];
        assert_eq!((n.answered, n.a_avg, n.a_wst, n.rr), (1, 0.0, 0.0, None));
    }

    #[test]
    fn no_variants_no_rows() {
        let suite = [member("a", "a", false), member("b", "b", false)];
        let answers = BTreeMap::from([("m", HashMap::from([("a", true)]))]);
        assert!(rows("code", &suite, &answers).is_empty());
    }
}
