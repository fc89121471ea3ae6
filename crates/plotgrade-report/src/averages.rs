//! The paper's averages: every AVG of MathOPEval's tables is a plain mean of cells.
//!
//! Its Table II prints, per model, an AVG per task (the mean of the five figure-type
//! cells) and an AVG column (the mean of all 20 cells), and an AVG row whose cells are the
//! means over models. plotgrade's own tables pool submissions instead (a kind's rate
//! weighs each figure type by its number of submissions); both are reported, each named.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::cells::{Row, Table};
use super::stats::mean;
use plotgrade_model::task::{FigureType, Kind};

/// A table's values averaged the way MathOPEval averages them: every AVG is the plain
/// mean of the cells it covers, whatever their numbers of submissions. A model's task AVG
/// is the mean of its figure-type cells, its row AVG the mean of all its cells (20 in a
/// complete MathOPEval row); the AVG row's cells are the means over models of their
/// cells, and its AVGs are the means of those. Empty cells are left out of every mean.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Macro {
    pub models: Vec<MacroRow>,
    /// The AVG row.
    pub avg: MacroRow,
}

/// One row of a [`Macro`] table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MacroRow {
    pub model: String,
    pub cells: BTreeMap<Kind, BTreeMap<FigureType, Option<f64>>>,
    /// Per kind: the mean of its cells (the paper's per-task AVG).
    pub by_kind: BTreeMap<Kind, Option<f64>>,
    /// The mean of all cells (the paper's AVG column).
    pub overall: Option<f64>,
    /// Cells with a value, averaged into `overall`.
    pub cells_averaged: usize,
}

/// The row of plain means over `cells` (a kind → figure → value grid).
pub fn macro_row(
    model: &str,
    figures: &[FigureType],
    cells: BTreeMap<Kind, BTreeMap<FigureType, Option<f64>>>,
) -> MacroRow {
    let by_kind = Kind::ALL
        .into_iter()
        .map(|k| {
            let of_kind = figures
                .iter()
                .filter_map(|f| cells.get(&k)?.get(f).copied()?);
            (k, mean(of_kind))
        })
        .collect();
    let all: Vec<f64> = Kind::ALL
        .into_iter()
        .flat_map(|k| figures.iter().map(move |f| (k, f)))
        .filter_map(|(k, f)| cells.get(&k)?.get(f).copied()?)
        .collect();
    MacroRow {
        model: model.to_string(),
        cells,
        by_kind,
        overall: mean(all.iter().copied()),
        cells_averaged: all.len(),
    }
}

/// The paper's averages of a table, its cells read by `value`.
pub fn macro_averages<C>(t: &Table<C>, value: impl Fn(&C) -> Option<f64>) -> Macro {
    let grid = |r: &Row<C>| -> BTreeMap<Kind, BTreeMap<FigureType, Option<f64>>> {
        r.cells
            .iter()
            .map(|(k, fs)| (*k, fs.iter().map(|(f, c)| (f.clone(), value(c))).collect()))
            .collect()
    };
    let models: Vec<MacroRow> = t
        .models
        .iter()
        .map(|r| macro_row(&r.model, &t.figures, grid(r)))
        .collect();
    let avg_cells = Kind::ALL
        .into_iter()
        .map(|k| {
            let row = t
                .figures
                .iter()
                .map(|f| {
                    let values = models
                        .iter()
                        .filter_map(|m| m.cells.get(&k)?.get(f).copied()?);
                    (f.clone(), mean(values))
                })
                .collect();
            (k, row)
        })
        .collect();
    Macro {
        avg: macro_row("AVG", &t.figures, avg_cells),
        models,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(
        figures: &[FigureType],
        value: impl Fn(Kind, usize) -> Option<f64>,
    ) -> BTreeMap<Kind, BTreeMap<FigureType, Option<f64>>> {
        Kind::ALL
            .into_iter()
            .map(|k| {
                let row = figures
                    .iter()
                    .enumerate()
                    .map(|(i, f)| (f.clone(), value(k, i)))
                    .collect();
                (k, row)
            })
            .collect()
    }

    /// MathOPEval's Table II prints, in its AVG row, the per-task AVGs 43.15 (MCG), 48.33
    /// (deletion), 42.15 (modification) and 48.51 (annotation), and 45.54 as the AVG of
    /// all. Its 20 cells are not available offline (the stored paper pages end before the
    /// table), so the row is rebuilt from the printed task AVGs, each task's five cells
    /// spread around its AVG as printed tables are: the per-task means come back, and the
    /// AVG of the 20 cells is the printed 45.54 (to its two decimals), not a
    /// submission-weighted figure.
    #[test]
    fn the_paper_s_table_ii_avg_row_is_the_plain_mean_of_its_cells() {
        let figures = FigureType::columns(std::iter::empty());
        assert_eq!(figures.len(), 5, "MathOPEval's five figure types");
        let printed = [43.15, 48.33, 42.15, 48.51];
        let spread = [-6.0, 3.5, -1.25, 2.75, 1.0]; // sums to 0
        let row = macro_row(
            "AVG",
            &figures,
            grid(&figures, |k, i| Some(printed[k as usize] + spread[i])),
        );
        for (k, want) in Kind::ALL.into_iter().zip(printed) {
            let got = row.by_kind[&k].expect("every cell is present");
            assert!((got - want).abs() < 1e-9, "{k:?}: {got} vs {want}");
        }
        let overall = row.overall.expect("20 cells");
        assert_eq!(row.cells_averaged, 20);
        // Within the printed precision: the task AVGs are themselves rounded.
        assert!((overall - 45.54).abs() <= 0.005 + 1e-9, "{overall}");
        // Pooling with unequal cell sizes (here: geometry cells 4× the others) moves it.
        let sizes = [4.0, 1.0, 1.0, 1.0, 1.0];
        let (mut num, mut den) = (0.0, 0.0);
        for (k, p) in Kind::ALL.into_iter().zip(printed) {
            for i in 0..5 {
                num += sizes[i] * (p + spread[i]);
                den += sizes[i];
            }
            let _ = k;
        }
        assert!((num / den - 45.54).abs() > 0.005, "{}", num / den);
    }

    /// The AVG row's cells are means over models; an empty cell is left out of a mean
    /// rather than counted as 0.
    #[test]
    fn the_avg_row_averages_models_and_skips_empty_cells() {
        let figures = FigureType::columns(std::iter::empty());
        let row = |model: &str, v: f64| {
            let cells = figures
                .iter()
                .map(|f| {
                    let cell = AccuracyLike {
                        value: (model != "b" || *f != figures[0]).then_some(v),
                    };
                    (f.clone(), cell)
                })
                .collect::<BTreeMap<_, _>>();
            Row {
                model: model.to_string(),
                cells: Kind::ALL.into_iter().map(|k| (k, cells.clone())).collect(),
                by_kind: Kind::ALL
                    .into_iter()
                    .map(|k| (k, AccuracyLike { value: None }))
                    .collect(),
                overall: AccuracyLike { value: None },
            }
        };
        let t = Table {
            figures: figures.clone(),
            models: vec![row("a", 0.2), row("b", 0.6)],
            all: row("all", 0.0),
        };
        let m = macro_averages(&t, |c| c.value);
        assert_eq!(
            m.models[1].cells_averaged, 16,
            "b has no first-figure cells"
        );
        assert_eq!(m.avg.cells[&Kind::Generation][&figures[0]], Some(0.2));
        assert_eq!(m.avg.cells[&Kind::Generation][&figures[1]], Some(0.4));
        let avg = m.avg.overall.expect("cells");
        assert!((avg - (0.2 * 4.0 + 0.4 * 16.0) / 20.0).abs() < 1e-12);
    }

    #[derive(Clone)]
    struct AccuracyLike {
        value: Option<f64>,
    }
}
