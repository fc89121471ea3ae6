//! MathExplain's keypoint measures, averaged over instances as its paper averages them:
//!
//! ```text
//! EM_P = (1/N) Σ_i |Match_i| / |Model_i|      EM_R = (1/N) Σ_i |Match_i| / |GT_i|
//! EM_F1 = (1/N) Σ_i F1_i
//! ```
//!
//! A keypoint is one key element of the figure (an edit's operation, a generated figure's
//! element) and |Match| the credit of the matches the figure channel found, so each
//! instance's P, R and F1 are the figure channel's own (`Matched::scored`). N is every code
//! submission of the model (of the kind): one the figure channel could not score (no code,
//! a crash, nothing drawn) counts 0 in each mean, and `unscorable` says how many did.

use std::collections::BTreeMap;

use plotgrade_model::record::GradeResult;
use plotgrade_model::task::Kind;
use serde::{Deserialize, Serialize};

/// One model's keypoint means, over all its code submissions or one kind's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeypointRow {
    pub model: String,
    /// `all`, or a kind.
    pub kind: String,
    /// N: instances (code submissions).
    pub instances: usize,
    /// Of those, how many the figure channel could not score (each counted 0).
    pub unscorable: usize,
    pub em_p: f64,
    pub em_r: f64,
    pub em_f1: f64,
}

#[derive(Default)]
struct Sums {
    n: usize,
    unscorable: usize,
    p: f64,
    r: f64,
    f1: f64,
}

impl Sums {
    fn add(&mut self, r: &GradeResult) {
        self.n += 1;
        let measured = r
            .channels
            .figure
            .details
            .as_ref()
            .filter(|_| r.channels.figure.score.is_some());
        match measured {
            Some(d) => {
                self.p += d.matched.precision;
                self.r += d.matched.recall;
                self.f1 += d.matched.f1;
            }
            None => self.unscorable += 1,
        }
    }

    fn row(&self, model: &str, kind: &str) -> KeypointRow {
        let n = self.n as f64;
        KeypointRow {
            model: model.to_string(),
            kind: kind.to_string(),
            instances: self.n,
            unscorable: self.unscorable,
            em_p: self.p / n,
            em_r: self.r / n,
            em_f1: self.f1 / n,
        }
    }
}

/// Per model over all its code submissions, then per kind. `results` in a fixed order
/// (the summary sorts them), so the sums do not depend on grading order.
pub fn keypoint_rows(results: &[&GradeResult]) -> Vec<KeypointRow> {
    let mut by: BTreeMap<&str, (Sums, BTreeMap<Kind, Sums>)> = BTreeMap::new();
    for r in results {
        let (all, per) = by.entry(r.model.as_str()).or_default();
        all.add(r);
        per.entry(r.kind).or_default().add(r);
    }
    by.iter()
        .flat_map(|(model, (all, per))| {
            std::iter::once(all.row(model, "all"))
                .chain(per.iter().map(|(kind, s)| s.row(model, kind.as_str())))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_model::details::{FigureDetails, MatchDetails};
    use plotgrade_model::matching::MatchMode;
    use plotgrade_model::task::FigureType;

    fn measured(kind: Kind, p: f64, r: f64) -> GradeResult {
        let mut g = crate::tests::result("m", "id", kind, FigureType::Bar, 5, false);
        let f1 = if p + r > 0.0 {
            2.0 * p * r / (p + r)
        } else {
            0.0
        };
        let mut matched =
            MatchDetails::scored(MatchMode::Edit, vec![], vec![], vec![], (0, 0), vec![]);
        (matched.precision, matched.recall, matched.f1, matched.score) = (p, r, f1, f1);
        g.channels.figure.score = Some(f1);
        g.channels.figure.details = Some(FigureDetails {
            matched,
            ops: String::new(),
            style: Vec::new(),
        });
        g
    }

    /// Worked by hand: three annotations with (P, R) = (1, 1/2), (1/2, 1/2) and one the
    /// figure channel could not score, one deletion (1, 1). F1s: 2/3, 1/2, 0, 1.
    /// all: N 4, unscorable 1, EM_P (1 + 1/2 + 0 + 1)/4 = 0.625, EM_R (1/2 + 1/2 + 0 + 1)/4
    /// = 0.5, EM_F1 (2/3 + 1/2 + 0 + 1)/4 = 13/24. annotation: N 3, EM_P 1/2, EM_R 1/3,
    /// EM_F1 7/18. Dropping the unscorable one instead would give annotation EM_P 3/4.
    #[test]
    fn keypoint_means_count_the_unscorable_as_zero() {
        let mut crashed =
            crate::tests::result("m", "id", Kind::Annotation, FigureType::Bar, 1, false);
        crashed.channels.figure.score = None;
        let rs = [
            measured(Kind::Annotation, 1.0, 0.5),
            measured(Kind::Annotation, 0.5, 0.5),
            crashed,
            measured(Kind::Deletion, 1.0, 1.0),
        ];
        let refs: Vec<&GradeResult> = rs.iter().collect();
        let rows = keypoint_rows(&refs);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        let all = &rows[0];
        assert_eq!(
            (all.kind.as_str(), all.instances, all.unscorable),
            ("all", 4, 1)
        );
        assert!(
            close(all.em_p, 0.625) && close(all.em_r, 0.5) && close(all.em_f1, 13.0 / 24.0),
            "{all:?}"
        );
        let ann = rows.iter().find(|r| r.kind == "annotation").unwrap();
        assert_eq!((ann.instances, ann.unscorable), (3, 1));
        assert!(
            close(ann.em_p, 0.5) && close(ann.em_r, 1.0 / 3.0) && close(ann.em_f1, 7.0 / 18.0),
            "{ann:?}"
        );
        let del = rows.iter().find(|r| r.kind == "deletion").unwrap();
        assert!(close(del.em_p, 1.0) && close(del.em_r, 1.0) && close(del.em_f1, 1.0));
    }
}
