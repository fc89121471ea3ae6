//! What the code and figure channels share when they score: which task they graded
//! ([`MatchMode`]), the matches they found between generated and reference ops or elements
//! ([`OpMatch`]), and the precision, recall and F1 of those matches ([`Prf`]).
//!
//! One definition for both channels (they had a copy each): a score read from either
//! channel's details means the same thing.

use serde::{Deserialize, Serialize};

/// Which task a channel graded: an edit (ops against ops) or a generation (elements
/// against elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchMode {
    Edit,
    Generation,
}

/// One agreement found while scoring, worth `credit` in 0–1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpMatch {
    /// Edit: index into the generated ops. Generation: the generated element.
    pub generated: usize,
    /// Edit: index into the reference ops. Generation: the reference element.
    pub reference: usize,
    pub credit: f64,
}

/// What a comparing channel found, with its operations as `Op`: the channel's own type
/// while it scores (`code::EditOp`, `figure::EditOp`), a [`crate::details::RecordedOp`]
/// in a record. One shape for both channels and the record (they had a copy each, copied
/// field by field into the record); [`Matched::map_ops`] turns one into another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Matched<Op> {
    pub mode: MatchMode,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    /// The channel's score in 0–1 (the F1).
    pub score: f64,
    /// Edit: original → generated. Generation: reference → generated (every difference).
    pub generated_ops: Vec<Op>,
    /// Edit: original → reference. Generation: empty.
    pub reference_ops: Vec<Op>,
    pub matches: Vec<OpMatch>,
    /// Why a score is what it is when that is not obvious (no-op edit, syntax errors,
    /// nothing drawn).
    pub notes: Vec<String>,
}

impl<Op> Matched<Op> {
    /// The findings of a channel that matched `matches` between `counted` generated and
    /// reference items (ops of an edit, elements of a generation): precision, recall and
    /// F1 of their credit, the F1 as the score.
    pub fn scored(
        mode: MatchMode,
        generated_ops: Vec<Op>,
        reference_ops: Vec<Op>,
        matches: Vec<OpMatch>,
        counted: (usize, usize),
        notes: Vec<String>,
    ) -> Matched<Op> {
        let Prf {
            precision,
            recall,
            f1,
        } = Prf::of(&matches, counted.0, counted.1);
        Matched {
            mode,
            precision,
            recall,
            f1,
            score: f1,
            generated_ops,
            reference_ops,
            matches,
            notes,
        }
    }

    /// The same findings with the operations turned into another type, list by list.
    pub fn map_ops<T>(self, f: impl Fn(&[Op]) -> Vec<T>) -> Matched<T> {
        Matched {
            mode: self.mode,
            precision: self.precision,
            recall: self.recall,
            f1: self.f1,
            score: self.score,
            generated_ops: f(&self.generated_ops),
            reference_ops: f(&self.reference_ops),
            matches: self.matches,
            notes: self.notes,
        }
    }
}

/// Precision, recall and F1 of matched credit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prf {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

impl Prf {
    /// The credit of `matches` over `generated` and `reference` items; 0 where a side
    /// has none (an empty edit earns nothing, and cannot divide by zero).
    pub fn of(matches: &[OpMatch], generated: usize, reference: usize) -> Prf {
        // A fold from 0.0: `Iterator::sum` of nothing is -0.0, which prints as "-0".
        let credit = matches.iter().fold(0.0, |acc, m| acc + m.credit);
        let ratio = |n: usize| if n == 0 { 0.0 } else { credit / n as f64 };
        let (precision, recall) = (ratio(generated), ratio(reference));
        let f1 = if precision + recall == 0.0 {
            0.0
        } else {
            2.0 * precision * recall / (precision + recall)
        };
        Prf {
            precision,
            recall,
            f1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(credit: f64) -> OpMatch {
        OpMatch {
            generated: 0,
            reference: 0,
            credit,
        }
    }

    #[test]
    fn precision_recall_and_f1_of_credit() {
        let p = Prf::of(&[m(1.0), m(0.5)], 3, 2);
        assert_eq!((p.precision, p.recall), (0.5, 0.75));
        assert!((p.f1 - 0.6).abs() < 1e-12);
        let none = Prf::of(&[], 0, 0);
        assert_eq!((none.precision, none.recall, none.f1), (0.0, 0.0, 0.0));
        assert!(none.f1.is_sign_positive(), "no -0 in reports");
    }
}
