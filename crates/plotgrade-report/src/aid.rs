//! Answers that come with a visual aid (tasks with a `question`): the measures of VisAidMath
//! (Ma et al., 2024) and VAMPS, from what plotgrade itself measures.
//!
//! For each answer j of N (a model's answers, or those of one figure type, the paper's
//! category), a_j is 1 when the run's primary reading of the answer is the key, and V_j
//! is 1 when the aid passed (the figure channel's verdict against the reference aid):
//!
//! ```text
//! ACCU = (1/N) Σ_j a_j
//! PVA  = (1/N) Σ_j a_j · V_j       (an answer right with a valid aid)
//! gap  = ACCU − PVA                (right answers whose aid was not valid)
//! ```
//!
//! VisAidMath's V_j is a judge's holistic verdict on the whole process; here it is the aid's
//! own verdict, and the table says so. Its SPRS (the judge's four 0–10 dimension scores)
//! needs a judge rubric not built yet, and is not reported rather than approximated.
//! VAMPS's raw accuracy is reported under both extractions, strict (a declared format:
//! its `<<FINAL>>` block) and soft (free text).

use std::collections::BTreeMap;

use plotgrade_model::record::GradeResult;
use serde::{Deserialize, Serialize};

/// One row: a model, over all its answers or one figure type's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AidRow {
    pub model: String,
    /// `all`, or a figure type.
    pub category: String,
    /// N: answers to questions.
    pub answers: usize,
    /// ACCU: the primary reading right.
    pub accu: f64,
    /// VAMPS raw accuracy under strict and under soft extraction.
    pub strict: f64,
    pub soft: f64,
    /// Share of answers whose aid passed (V_j = 1).
    pub aid_valid: f64,
    /// PVA: the answer right and its aid valid.
    pub pva: f64,
    /// ACCU − PVA.
    pub gap: f64,
}

#[derive(Default)]
struct Sums {
    n: usize,
    accu: usize,
    strict: usize,
    soft: usize,
    valid: usize,
    pva: usize,
}

impl Sums {
    fn add(&mut self, r: &GradeResult) {
        let Some(a) = &r.answer else { return };
        let right = a.primary().correct;
        self.n += 1;
        self.accu += usize::from(right);
        self.strict += usize::from(a.strict.correct);
        self.soft += usize::from(a.soft.correct);
        self.valid += usize::from(r.pass);
        self.pva += usize::from(right && r.pass);
    }

    fn row(&self, model: &str, category: &str) -> AidRow {
        let share = |k: usize| k as f64 / self.n as f64;
        AidRow {
            model: model.to_string(),
            category: category.to_string(),
            answers: self.n,
            accu: share(self.accu),
            strict: share(self.strict),
            soft: share(self.soft),
            aid_valid: share(self.valid),
            pva: share(self.pva),
            gap: share(self.accu) - share(self.pva),
        }
    }
}

/// Per model, over all its answers to questions and then per figure type; empty when no
/// task asked a question.
pub fn aid_rows(results: &[&GradeResult]) -> Vec<AidRow> {
    let mut by: BTreeMap<&str, (Sums, BTreeMap<&str, Sums>)> = BTreeMap::new();
    for r in results.iter().filter(|r| r.answer.is_some()) {
        let (all, per) = by.entry(r.model.as_str()).or_default();
        all.add(r);
        per.entry(r.figure.as_str()).or_default().add(r);
    }
    by.iter()
        .flat_map(|(model, (all, per))| {
            std::iter::once(all.row(model, "all"))
                .chain(per.iter().map(|(figure, s)| s.row(model, figure)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_model::record::{AnswerReading, KeyedAnswer, KeyedRead};
    use plotgrade_model::task::{FigureType, Kind};

    fn answered(model: &str, figure: &str, strict: bool, soft: bool, pass: bool) -> GradeResult {
        let mut r = crate::tests::result(
            model,
            "id",
            Kind::Generation,
            figure.parse().unwrap(),
            9,
            pass,
        );
        let read = |correct| KeyedRead {
            answer: Some("x".into()),
            correct,
            ..KeyedRead::default()
        };
        r.answer = Some(KeyedAnswer {
            key: "3".into(),
            reading: AnswerReading::Soft,
            strict: read(strict),
            soft: read(soft),
        });
        r
    }

    /// Worked by hand: model m answers four questions (two function, two geometry):
    /// soft right, strict right, aid pass =
    ///   f1: 1 1 1 · f2: 1 0 0 · g1: 0 0 1 · g2: 1 1 1
    /// ACCU (soft, primary) = 3/4; strict = 2/4; valid = 3/4; PVA = (f1, g2) 2/4; gap 1/4.
    /// function: ACCU 2/2, PVA 1/2, gap 1/2; geometry: ACCU 1/2, PVA 1/2, gap 0.
    /// A result without an answer (a plain task) counts nowhere.
    #[test]
    fn accu_pva_and_the_gap_worked_by_hand() {
        let rs = [
            answered("m", "function", true, true, true),
            answered("m", "function", false, true, false),
            answered("m", "geometry", false, false, true),
            answered("m", "geometry", true, true, true),
            crate::tests::result("m", "plain", Kind::Generation, FigureType::Bar, 10, true),
        ];
        let refs: Vec<&GradeResult> = rs.iter().collect();
        let row =
            |category: &str, answers, [accu, strict, soft, aid_valid, pva, gap]: [f64; 6]| AidRow {
                model: "m".into(),
                category: category.into(),
                answers,
                accu,
                strict,
                soft,
                aid_valid,
                pva,
                gap,
            };
        assert_eq!(
            aid_rows(&refs),
            [
                row("all", 4, [0.75, 0.5, 0.75, 0.75, 0.5, 0.25]),
                row("function", 2, [1.0, 0.5, 1.0, 0.5, 0.5, 0.5]),
                row("geometry", 2, [0.5, 0.5, 0.5, 1.0, 0.5, 0.0]),
            ]
        );
        assert!(aid_rows(&[&rs[4]]).is_empty());
    }
}
