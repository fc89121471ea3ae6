//! Results by tag: for every tag key the tasks and questions carry (`subtype`,
//! `direction`, `label`…), plotgrade's score and pass rate and Table II's accuracy per
//! model × value. MathOPEval's Tables IV–VI are such tables (function annotations by the
//! point they mark, geometry annotations by direction and by what they label). A task
//! with several values of one key counts under each; a task without the key is not in
//! that key's table.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::cells::{ALL_MODELS, AccuracyCell, ScoreCell, accuracy_cell, score_cell};
use plotgrade_model::record::{ChoiceResult, GradeResult};
use plotgrade_model::task::Tag;

/// One tag key's tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TagTable {
    pub key: String,
    /// Its values, sorted.
    pub values: Vec<String>,
    /// Code tasks: one row per model, then all models.
    pub scores: Vec<TagRow<ScoreCell>>,
    /// Multiple-choice questions: one row per model, then all models.
    pub accuracy: Vec<TagRow<AccuracyCell>>,
}

/// A model's cells by tag value (an empty cell has `n` = 0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TagRow<C> {
    pub model: String,
    pub cells: BTreeMap<String, C>,
}

/// Every tag key's table, by key.
pub(super) fn by_tag(
    code_models: &[String],
    results: &[&GradeResult],
    choice_models: &[String],
    choices: &[&ChoiceResult],
) -> Vec<TagTable> {
    let keys: BTreeSet<&str> = results
        .iter()
        .flat_map(|r| r.tags.iter())
        .chain(choices.iter().flat_map(|c| c.tags.iter()))
        .map(Tag::key)
        .collect();
    keys.into_iter()
        .map(|key| {
            let values: BTreeSet<&str> = results
                .iter()
                .flat_map(|r| r.tags.iter())
                .chain(choices.iter().flat_map(|c| c.tags.iter()))
                .filter(|t| t.key() == key)
                .map(Tag::value)
                .collect();
            let values: Vec<String> = values.into_iter().map(str::to_string).collect();
            TagTable {
                key: key.to_string(),
                scores: rows(
                    code_models,
                    results,
                    key,
                    &values,
                    |r| (&r.model, &r.tags),
                    score_cell,
                ),
                accuracy: rows(
                    choice_models,
                    choices,
                    key,
                    &values,
                    |c| (&c.model, &c.tags),
                    accuracy_cell,
                ),
                values,
            }
        })
        .collect()
}

fn rows<T, C>(
    models: &[String],
    items: &[&T],
    key: &str,
    values: &[String],
    of: impl Fn(&T) -> (&String, &Vec<Tag>),
    cell: impl Fn(&[&&T]) -> C,
) -> Vec<TagRow<C>> {
    let has = |t: &T, value: &str| of(t).1.iter().any(|g| g.key() == key && g.value() == value);
    if !items.iter().any(|t| of(t).1.iter().any(|g| g.key() == key)) {
        return Vec::new();
    }
    let row = |model: &str, mine: &dyn Fn(&T) -> bool| TagRow {
        model: model.to_string(),
        cells: values
            .iter()
            .map(|v| {
                let here: Vec<&&T> = items.iter().filter(|t| mine(t) && has(t, v)).collect();
                (v.clone(), cell(&here))
            })
            .collect(),
    };
    models
        .iter()
        .map(|m| row(m, &|t: &T| of(t).0 == m))
        .chain(std::iter::once(row(ALL_MODELS, &|_: &T| true)))
        .collect()
}
