//! The shape every model × kind × figure-type table shares ([`Table`] of [`Row`]s), the
//! two cells of the paper's tables ([`ScoreCell`], [`AccuracyCell`]) and the builder of a
//! table from results: used by the summary and by the tables beside it (the paper's
//! averages, the judge's Table III, the tables by tag), which need them without the
//! summary.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::stats::mean;
use plotgrade_model::record::{ChoiceResult, GradeResult};
use plotgrade_model::task::{FigureType, Kind};

/// One model's row (or the row of all models) of a model × kind × figure-type table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row<C> {
    pub model: String,
    /// Every kind and figure type, empty cells included (`n` = 0).
    pub cells: BTreeMap<Kind, BTreeMap<FigureType, C>>,
    /// Per kind, over its figure types.
    pub by_kind: BTreeMap<Kind, C>,
    pub overall: C,
}

/// A model × kind × figure-type table: one row per model, then all models together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table<C> {
    /// The figure types of its columns: MathOPEval's five, then the others present.
    pub figures: Vec<FigureType>,
    pub models: Vec<Row<C>>,
    pub all: Row<C>,
}

/// A cell of Table III.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ScoreCell {
    pub n: usize,
    /// Mean of the 1–10 scores; `None` when `n` = 0.
    pub mean_score: Option<f64>,
    /// Fraction that passed; `None` when `n` = 0.
    pub pass_rate: Option<f64>,
    /// Its 95% Wilson interval; `None` when `n` = 0.
    #[serde(default)]
    pub pass_ci: Option<[f64; 2]>,
}

/// A cell of Table II.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AccuracyCell {
    pub n: usize,
    pub correct: usize,
    /// `correct / n`; `None` when `n` = 0.
    pub accuracy: Option<f64>,
    /// Its 95% Wilson interval; `None` when `n` = 0.
    #[serde(default)]
    pub accuracy_ci: Option<[f64; 2]>,
}

/// The label of the row over all models.
pub const ALL_MODELS: &str = "all models";

/// Builds a model × kind × figure table: `cell` turns the items of one cell into a value.
pub fn table<T, C>(
    models: &[String],
    items: &[T],
    key: impl Fn(&T) -> (&String, Kind, &FigureType),
    cell: impl Fn(&[&T]) -> C,
) -> Table<C> {
    let columns = FigureType::columns(items.iter().map(|t| key(t).2));
    let row = |model: &str, items: Vec<&T>| {
        let mut cells = BTreeMap::new();
        let mut by_kind = BTreeMap::new();
        for kind in Kind::ALL {
            let of_kind: Vec<&T> = items.iter().copied().filter(|t| key(t).1 == kind).collect();
            let mut figures = BTreeMap::new();
            for figure in &columns {
                let here: Vec<&T> = of_kind
                    .iter()
                    .copied()
                    .filter(|t| key(t).2 == figure)
                    .collect();
                figures.insert(figure.clone(), cell(&here));
            }
            cells.insert(kind, figures);
            by_kind.insert(kind, cell(&of_kind));
        }
        Row {
            model: model.to_string(),
            cells,
            by_kind,
            overall: cell(&items),
        }
    };
    Table {
        figures: columns.clone(),
        models: models
            .iter()
            .map(|m| row(m, items.iter().filter(|t| key(t).0 == m).collect()))
            .collect(),
        all: row(ALL_MODELS, items.iter().collect()),
    }
}

pub fn score_cell(results: &[&&GradeResult]) -> ScoreCell {
    let n = results.len();
    let passed = results.iter().filter(|r| r.pass).count();
    ScoreCell {
        n,
        mean_score: mean(results.iter().map(|r| f64::from(r.score))),
        pass_rate: ratio(passed, n),
        pass_ci: super::stats::wilson(passed, n),
    }
}

pub fn accuracy_cell(choices: &[&&ChoiceResult]) -> AccuracyCell {
    let correct = choices.iter().filter(|c| c.correct).count();
    AccuracyCell {
        n: choices.len(),
        correct,
        accuracy: ratio(correct, choices.len()),
        accuracy_ci: super::stats::wilson(correct, choices.len()),
    }
}

/// `part / whole`; `None` when `whole` is 0.
pub(crate) fn ratio(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}
