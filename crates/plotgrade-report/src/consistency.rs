//! DynaMath's repetition consistency (Zou et al., 2024, §3.3): how often a model gives
//! the same answer when asked the same question again.
//!
//! ```text
//! RC(i, j) = (1/K) Σ_k 𝕀[Ans_k(i, j) = Ans(i, j)]
//! RC       = mean over the (i, j) the original answered
//! ```
//!
//! A run holds repetitions as models named `m #1`, `m #2`, … (lm-eval's `repeats`, or
//! submissions that carry `repeat`: docs/formats.md). `m #1` is the original Ans; the
//! other K are Ans_k. A repetition that did not answer a question counts as a different
//! answer (𝕀 = 0): the run says which repetitions exist. The answer compared is what the
//! grader read: for a task with a question its primary reading (any reading of the key
//! is the same answer; no answer read is one answer too), for multiple choice the letter read, for a code task its verdict.

use std::collections::{BTreeMap, HashMap};

use plotgrade_model::record::{ChoiceResult, GradeResult};
use serde::{Deserialize, Serialize};

/// One model's consistency over its repetitions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConsistencyRow {
    /// The model, without its ` #k`.
    pub model: String,
    /// `code`, `question` (code tasks that ask one) or `choice`.
    pub of: String,
    /// K: repetitions besides the original.
    pub repeats: usize,
    /// Questions the original answered.
    pub questions: usize,
    pub rc: f64,
}

/// `m #3` → (`m`, 3).
fn repetition(model: &str) -> Option<(&str, usize)> {
    let (base, text) = model.rsplit_once(" #")?;
    let k: usize = text.parse().ok().filter(|&k| k >= 1)?;
    (!base.is_empty() && text == k.to_string()).then_some((base, k))
}

/// Answers by (base model, instrument) → repetition k → id → answer.
type Answers<'a> = BTreeMap<(&'a str, &'static str), BTreeMap<usize, HashMap<&'a str, String>>>;

fn rows(answers: Answers) -> Vec<ConsistencyRow> {
    answers
        .into_iter()
        .filter_map(|((model, of), by_k)| {
            let original = by_k.get(&1)?;
            let others: Vec<&HashMap<&str, String>> = by_k
                .iter()
                .filter(|(k, _)| **k != 1)
                .map(|(_, a)| a)
                .collect();
            if others.is_empty() || original.is_empty() {
                return None;
            }
            let k = others.len() as f64;
            let sum: f64 = original
                .iter()
                .map(|(id, ans)| {
                    let same = others.iter().filter(|o| o.get(id) == Some(ans)).count();
                    same as f64 / k
                })
                .sum();
            Some(ConsistencyRow {
                model: model.to_string(),
                of: of.to_string(),
                repeats: others.len(),
                questions: original.len(),
                rc: sum / original.len() as f64,
            })
        })
        .collect()
}

/// Repetition consistency per model that has repetitions, per instrument.
pub fn consistency(results: &[&GradeResult], choices: &[&ChoiceResult]) -> Vec<ConsistencyRow> {
    let mut answers: Answers = BTreeMap::new();
    for r in results {
        let Some((base, k)) = repetition(&r.model) else {
            continue;
        };
        let (of, answer) = match &r.answer {
            // Two right answers are the same answer however each was written.
            Some(a) if a.primary().correct => ("question", "the key".to_string()),
            Some(a) => ("question", format!("{:?}", a.primary().answer)),
            None => ("code", r.pass.to_string()),
        };
        answers
            .entry((base, of))
            .or_default()
            .entry(k)
            .or_default()
            .insert(&r.id, answer);
    }
    for c in choices {
        let Some((base, k)) = repetition(&c.model) else {
            continue;
        };
        answers
            .entry((base, "choice"))
            .or_default()
            .entry(k)
            .or_default()
            .insert(&c.id, format!("{:?}", c.extracted));
    }
    rows(answers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_model::task::{FigureType, Kind};

    fn verdict(model: &str, id: &str, pass: bool) -> GradeResult {
        crate::tests::result(model, id, Kind::Generation, FigureType::Bar, 9, pass)
    }

    #[test]
    fn repetitions_are_named_m_hash_k() {
        assert_eq!(repetition("m #2"), Some(("m", 2)));
        assert_eq!(repetition("org/m (CoT) #10"), Some(("org/m (CoT)", 10)));
        for not in ["m", "m #0", "m #02", "#1", "m #x", "m#1"] {
            assert_eq!(repetition(not), None, "{not}");
        }
    }

    /// Worked by hand: m answers q1, q2, q3 in its original (#1) and is asked twice more.
    ///   q1: pass, #2 pass, #3 pass  → 2/2
    ///   q2: pass, #2 fail, #3 pass  → 1/2
    ///   q3: fail, #2 fail, #3 (none) → 1/2 (a missing repetition is a different answer)
    /// RC = (1 + 0.5 + 0.5) / 3 = 2/3. A question only a repetition answered (q4) is not
    /// one of the original's. A model without repetitions has no row.
    #[test]
    fn rc_worked_by_hand() {
        let rs = [
            verdict("m #1", "q1", true),
            verdict("m #1", "q2", true),
            verdict("m #1", "q3", false),
            verdict("m #2", "q1", true),
            verdict("m #2", "q2", false),
            verdict("m #2", "q3", false),
            verdict("m #3", "q1", true),
            verdict("m #3", "q2", true),
            verdict("m #3", "q4", true),
            verdict("other", "q1", true),
        ];
        let refs: Vec<&GradeResult> = rs.iter().collect();
        let rows = consistency(&refs, &[]);
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!(
            (r.model.as_str(), r.of.as_str(), r.repeats, r.questions),
            ("m", "code", 2, 3)
        );
        assert!((r.rc - 2.0 / 3.0).abs() < 1e-12, "{}", r.rc);
        // Only an original: no repetition to compare, no row.
        assert!(consistency(&refs[..3], &[]).is_empty());
    }
}
