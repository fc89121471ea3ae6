//! The summary as sections of plain tables of text: made once here, written as
//! markdown (`summary.md`) and as HTML (`report.html`), so both always show the same
//! numbers with the same decimals.

use super::agreement::{Agreement, AgreementGroup, Channel};
use super::aid::AidRow;
use super::averages::{Macro, MacroRow};
use super::summary::{Choice, FunnelRow, Row, Stage, Summary, Table};
use plotgrade_model::details::Likert;
use plotgrade_model::record::AnswerReading;
use plotgrade_model::task::{FigureType, Kind};

/// What an empty cell shows.
pub const EMPTY: &str = "–";

/// One titled part of the summary.
pub struct Section {
    /// The HTML anchor.
    pub id: &'static str,
    pub title: &'static str,
    /// Sentences shown before the tables.
    pub notes: Vec<String>,
    pub tables: Vec<TextTable>,
}

pub struct TextTable {
    pub caption: Option<String>,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// For HTML, a two-level header instead of `header` (the paper's Table II/III heads).
    pub grouped: Option<GroupedHeader>,
}

impl TextTable {
    /// A table with a plain header and one row per item.
    fn of<T>(
        caption: Option<&str>,
        header: &[&str],
        items: &[T],
        row: impl Fn(&T) -> Vec<String>,
    ) -> TextTable {
        TextTable {
            caption: caption.map(str::to_string),
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: items.iter().map(row).collect(),
            grouped: None,
        }
    }
}

/// Column groups with their widths over the short column names.
pub struct GroupedHeader {
    pub groups: Vec<(String, usize)>,
    pub names: Vec<String>,
}

/// `v` with `decimals` fixed decimals, never "-0.00"; [`EMPTY`] for none.
pub fn fixed(v: Option<f64>, decimals: usize) -> String {
    match v {
        Some(v) if v.is_finite() => {
            let s = format!("{v:.decimals$}");
            if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
                s[1..].to_string()
            } else {
                s
            }
        }
        _ => EMPTY.to_string(),
    }
}

/// A 0–1 rate as a percentage with one decimal.
pub fn percent(v: Option<f64>) -> String {
    fixed(v.map(|r| r * 100.0), 1)
}

/// A rate with its 95% interval in whole percent: `62.5 (41–80)`.
pub fn percent_ci(v: Option<f64>, ci: Option<[f64; 2]>) -> String {
    match ci {
        Some([lo, hi]) => format!(
            "{} ({:.0}–{:.0})",
            percent(v),
            (lo * 100.0).floor(),
            (hi * 100.0).ceil()
        ),
        None => percent(v),
    }
}

/// A mean 1–10 score.
pub fn score(v: Option<f64>) -> String {
    fixed(v, 2)
}

/// A correlation, kappa or 0–1 channel score.
pub fn coefficient(v: Option<f64>) -> String {
    fixed(v, 3)
}

/// All sections, in the order the reports show them.
pub fn sections(s: &Summary) -> Vec<Section> {
    let mut all = vec![scores(s)];
    all.extend(judge_scores(s));
    all.extend([funnel(s), variants(s)]);
    all.extend(robustness(s));
    all.extend(consistency(s));
    all.extend(aid(s));
    all.extend(keypoints(s));
    all.extend(by_tag(s));
    all.extend([choice(s), agreement(s)]);
    all.extend(judge(s));
    all.push(rejected(s));
    all
}

/// The LLM judge's costs and failures, and its consistency with itself (only when a
/// judge was configured).
fn judge(s: &Summary) -> Option<Section> {
    let j = s.judge.as_ref()?;
    let rows = [
        ("submissions", j.submissions.to_string()),
        ("scored", j.scored.to_string()),
        ("unparseable answer", j.unparseable.to_string()),
        ("failed (a rerun asks again)", j.failed.to_string()),
        ("no code to judge", j.no_code.to_string()),
        ("dry run (prompt written)", j.dry_run.to_string()),
        ("not asked yet", j.pending.to_string()),
        ("requests sent", j.requests.to_string()),
        ("answers from the cache", j.cache_hits.to_string()),
        ("tokens in", j.tokens_in.to_string()),
        ("tokens out", j.tokens_out.to_string()),
        ("mean score (1–10)", score(j.mean_score)),
    ];
    let mut tables = vec![TextTable {
        grouped: None,
        caption: None,
        header: vec!["".to_string(), "count".to_string()],
        rows: rows
            .into_iter()
            .map(|(k, v)| vec![k.to_string(), v])
            .collect(),
    }];
    if let Some(c) = &j.consistency {
        tables.push(TextTable {
            grouped: None,
            caption: Some(format!(
                "Consistency of the judge with itself ({} answers per submission)",
                c.repeat
            )),
            header: [
                "n",
                "mean spread (points)",
                "all answers equal (%)",
                "same band (%)",
                "pairs equal (%)",
            ]
            .map(str::to_string)
            .to_vec(),
            rows: vec![vec![
                c.n.to_string(),
                score(c.mean_spread),
                percent(c.all_agree),
                percent(c.same_band),
                percent(c.pairwise_agree),
            ]],
        });
    }
    Some(Section {
        id: "judge",
        title: "LLM judge",
        notes: vec![
            "The rubric channel: reported and compared with the other channels, never part of the verdict. Requests and cache hits count how each answer was obtained when its submission was judged in this run directory.".to_string(),
        ],
        tables,
    })
}

/// Column headers of a model × kind × figure table: each kind's figure types, then the
/// kind over all its figure types, then overall and n.
fn grid_header(figures: &[FigureType]) -> Vec<String> {
    let mut h = vec!["Model".to_string()];
    for kind in Kind::ALL {
        for figure in figures {
            h.push(format!("{}/{}", kind.as_str(), figure.as_str()));
        }
        h.push(format!("{}/all", kind.as_str()));
    }
    h.push("overall".to_string());
    h.push("n".to_string());
    h
}

/// The two-level form of [`grid_header`]: kinds spanning their figure types and "all".
fn grid_groups(figures: &[FigureType]) -> GroupedHeader {
    let mut groups = vec![(String::new(), 1)];
    let mut names = vec!["Model".to_string()];
    for kind in Kind::ALL {
        groups.push((kind.as_str().to_string(), figures.len() + 1));
        names.extend(figures.iter().map(|f| f.as_str().to_string()));
        names.push("all".to_string());
    }
    groups.push((String::new(), 2));
    names.extend(["overall".to_string(), "n".to_string()]);
    GroupedHeader { groups, names }
}

fn grid_rows<C>(
    t: &Table<C>,
    value: impl Fn(&C) -> String,
    n: impl Fn(&C) -> usize,
) -> Vec<Vec<String>> {
    let row = |r: &Row<C>| {
        let mut cells = vec![r.model.clone()];
        for kind in Kind::ALL {
            for figure in &t.figures {
                cells.push(value(&r.cells[&kind][figure]));
            }
            cells.push(value(&r.by_kind[&kind]));
        }
        cells.push(value(&r.overall));
        cells.push(n(&r.overall).to_string());
        cells
    };
    t.models
        .iter()
        .chain(std::iter::once(&t.all))
        .map(row)
        .collect()
}

/// A [`Macro`] table in the grid's layout: the kinds' "all" columns are the paper's task
/// AVGs, the last two its AVG column and the number of cells averaged.
fn macro_table(
    caption: String,
    figures: &[FigureType],
    m: &Macro,
    value: fn(Option<f64>) -> String,
) -> TextTable {
    let row = |r: &MacroRow| {
        let mut cells = vec![r.model.clone()];
        for kind in Kind::ALL {
            for figure in figures {
                cells.push(value(
                    r.cells
                        .get(&kind)
                        .and_then(|c| c.get(figure))
                        .copied()
                        .flatten(),
                ));
            }
            cells.push(value(r.by_kind.get(&kind).copied().flatten()));
        }
        cells.push(value(r.overall));
        cells.push(r.cells_averaged.to_string());
        cells
    };
    let mut header = grid_header(figures);
    let mut grouped = grid_groups(figures);
    for names in [&mut header, &mut grouped.names] {
        let n = names.len();
        names[n - 2] = "AVG".to_string();
        names[n - 1] = "cells".to_string();
    }
    for name in grouped.names.iter_mut().chain(header.iter_mut()) {
        if name == "all" {
            *name = "AVG".to_string();
        } else if let Some(kind) = name.strip_suffix("/all") {
            *name = format!("{kind}/AVG");
        }
    }
    TextTable {
        caption: Some(caption),
        header,
        grouped: Some(grouped),
        rows: m
            .models
            .iter()
            .chain(std::iter::once(&m.avg))
            .map(row)
            .collect(),
    }
}

fn scores(s: &Summary) -> Section {
    let mut notes = vec![format!(
        "{} code submissions from {} model(s). Means are over submissions; {EMPTY} marks a cell with none.",
        s.submissions,
        s.scores.models.len()
    )];
    let flags: Vec<String> = s
        .flags
        .iter()
        .map(|(f, n)| format!("{} {n}", flag_name(*f)))
        .collect();
    if !flags.is_empty() {
        notes.push(format!("Flags raised: {}.", flags.join(", ")));
    }
    Section {
        id: "scores",
        title: "Scores (Table III)",
        notes,
        tables: vec![
            TextTable {
                caption: Some("Mean score (1–10)".to_string()),
                header: grid_header(&s.scores.figures),
                grouped: Some(grid_groups(&s.scores.figures)),
                rows: grid_rows(&s.scores, |c| score(c.mean_score), |c| c.n),
            },
            TextTable {
                caption: Some("Pass rate (%, with its 95% Wilson interval)".to_string()),
                header: grid_header(&s.scores.figures),
                grouped: Some(grid_groups(&s.scores.figures)),
                rows: grid_rows(&s.scores, |c| percent_ci(c.pass_rate, c.pass_ci), |c| c.n),
            },
            macro_table(
                "Mean score (1–10), averaged as the paper averages: every AVG is the plain mean of its cells".to_string(),
                &s.scores.figures,
                &s.scores_macro.mean_score,
                score,
            ),
            macro_table(
                "Pass rate (%), averaged as the paper averages".to_string(),
                &s.scores.figures,
                &s.scores_macro.pass_rate,
                percent,
            ),
        ],
    }
}

/// The paper's Table III by its own instrument, the LLM judge's 1–10, with its agreement
/// with plotgrade's deterministic score per cell.
fn judge_scores(s: &Summary) -> Option<Section> {
    let j = s.judge_scores.as_ref()?;
    let unscored: usize = j.scores.all.overall.unscored;
    let mut notes = vec![
        "The paper's Table III: the LLM judge's 1–10 by the paper's rubric (plotgrade's own score is the table above). An answer without code scores 1, the rubric's lowest band.".to_string(),
    ];
    if unscored > 0 {
        notes.push(format!("{unscored} judged submission(s) have no judge score (failed, unreadable or not asked) and are left out of the means."));
    }
    Some(Section {
        id: "judge-scores",
        title: "Table III by the LLM judge (the paper's instrument)",
        notes,
        tables: vec![
            TextTable {
                caption: Some("Judge's mean score (1–10), pooled over submissions".to_string()),
                header: grid_header(&j.scores.figures),
                grouped: Some(grid_groups(&j.scores.figures)),
                rows: grid_rows(&j.scores, |c| score(c.mean_score), |c| c.n),
            },
            macro_table(
                "Judge's mean score (1–10), averaged as the paper averages".to_string(),
                &j.scores.figures,
                &j.mean_macro,
                score,
            ),
            TextTable {
                caption: Some("Agreement of plotgrade's score with the judge's per cell: Spearman ρ / Kendall τ-b (n)".to_string()),
                header: grid_header(&j.scores.figures),
                grouped: Some(grid_groups(&j.scores.figures)),
                rows: grid_rows(
                    &j.scores,
                    |c| {
                        if c.n == 0 {
                            EMPTY.to_string()
                        } else {
                            format!("{} / {} ({})", coefficient(c.spearman), coefficient(c.kendall), c.n)
                        }
                    },
                    |c| c.n,
                ),
            },
        ],
    })
}

fn flag_name(f: plotgrade_model::record::Flag) -> String {
    serde_json::to_value(f)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{f:?}"))
}

fn funnel(s: &Summary) -> Section {
    let stage = |st: &Stage| format!("{} ({})", st.count, percent_ci(st.rate, st.ci));
    let row = |r: &FunnelRow| {
        vec![
            r.model.clone(),
            r.submitted.to_string(),
            stage(&r.extracted),
            stage(&r.ran),
            stage(&r.drew),
            stage(&r.located),
            stage(&r.passed),
        ]
    };
    let statuses = TextTable {
        grouped: None,
        caption: Some("How the generated code ended".to_string()),
        header: vec!["status".to_string(), "count".to_string()],
        rows: s
            .statuses
            .iter()
            .map(|c| vec![c.name.clone(), c.count.to_string()])
            .collect(),
    };
    Section {
        id: "funnel",
        title: "Execution funnel",
        notes: vec![
            "Count (% of submitted) that reached each stage: code extracted, ran without error, drew a figure, edit in the right place (generation: figure matched), passed.".to_string(),
        ],
        tables: vec![
            TextTable {
 grouped: None,
                caption: None,
                header: ["Model", "submitted", "extracted", "ran", "drew a figure", "located", "passed"]
                    .map(str::to_string)
                    .to_vec(),
                rows: s.funnel.models.iter().chain(std::iter::once(&s.funnel.all)).map(row).collect(),
            },
            statuses,
        ],
    }
}

/// DynaMath's robustness measures, when the suite has variants.
fn robustness(s: &Summary) -> Option<Section> {
    if s.robustness.is_empty() {
        return None;
    }
    Some(Section {
        id: "robustness",
        title: "Robustness over variants (DynaMath)",
        notes: vec![
            "A question is one kind of task on one seed sample that has variants; N counts every question of the suite. A_avg = (1/N) Σ_i (1/M_i) Σ_j 𝕀[right], A_wst = (1/N) Σ_i min_j 𝕀[right], RR = A_wst / A_avg; a variant not answered counts as wrong. Right is `pass` for code tasks, `correct` for multiple choice.".to_string(),
        ],
        tables: vec![TextTable::of(
            None,
            &["Model", "of", "questions", "variants", "answered", "A_avg (%)", "A_wst (%)", "RR"],
            &s.robustness,
            |r| {
                vec![
                    r.model.clone(),
                    r.of.clone(),
                    r.questions.to_string(),
                    r.variants.to_string(),
                    r.answered.to_string(),
                    percent(Some(r.a_avg)),
                    percent(Some(r.a_wst)),
                    coefficient(r.rr),
                ]
            },
        )],
    })
}

/// DynaMath's repetition consistency, when the run holds repetitions.
fn consistency(s: &Summary) -> Option<Section> {
    if s.consistency.is_empty() {
        return None;
    }
    Some(Section {
        id: "consistency",
        title: "Repetition consistency (DynaMath)",
        notes: vec![
            "Repetitions are the models named `m #1`, `m #2`, … (lm-eval repeats, or submissions with `repeat`); `m #1` is the original. RC = mean over the questions the original answered of (1/K) Σ_k 𝕀[Ans_k = Ans], K the other repetitions; a repetition that did not answer counts as a different answer. The answer is the primary reading (any right one is the key) for tasks with a question, the letter read for multiple choice, the verdict for code tasks.".to_string(),
        ],
        tables: vec![TextTable::of(
            None,
            &["Model", "of", "K", "questions", "RC (%)"],
            &s.consistency,
            |r| {
                vec![
                    r.model.clone(),
                    r.of.clone(),
                    r.repeats.to_string(),
                    r.questions.to_string(),
                    percent(Some(r.rc)),
                ]
            },
        )],
    })
}

/// Answers that came with a visual aid, when a task asked a question.
fn aid(s: &Summary) -> Option<Section> {
    if s.aid.is_empty() {
        return None;
    }
    let mut tables = vec![TextTable::of(
        None,
        &[
            "Model",
            "category",
            "N",
            "ACCU (%)",
            "strict (%)",
            "soft (%)",
            "aid valid (%)",
            "PVA aid (%)",
            "ACCU − PVA aid (%)",
        ],
        &s.aid,
        |r| {
            vec![
                r.model.clone(),
                r.category.clone(),
                r.answers.to_string(),
                percent(Some(r.accu)),
                percent(Some(r.strict)),
                percent(Some(r.soft)),
                percent(Some(r.aid_valid)),
                percent(Some(r.pva)),
                percent(Some(r.gap)),
            ]
        },
    )];
    if s.aid.iter().any(|r| r.process_judged > 0) {
        tables.extend(judged_aid(&s.aid));
    }
    Some(Section {
        id: "aid",
        title: "Answers with a visual aid (VisAidMath, VAMPS, MathExplain)",
        notes: vec![
            "Over a model's answers to tasks that ask a question (N), a_j = 1 when the run's primary reading of the answer is the key, A_j = 1 when the aid passed (the figure channel against the reference aid). ACCU = (1/N) Σ a_j; PVA (aid) = (1/N) Σ a_j·A_j, plotgrade's own; gap = ACCU − PVA (aid). Strict and soft are VAMPS's raw accuracy under strict (a declared format: `<<FINAL>>`, `\\boxed`, `Answer:`) and soft (free text) extraction.".to_string(),
            "By the process judge (a run with a judge): V_j its verdict that the whole process is valid, S_ij its LogiR, ToolF, InfoT and GeneR scores (0–10), U_j its verdict that the answer was reached with the aid. VisAidMath's PVA = (1/N) Σ a_j·V_j·A_j and SPRS = (1/N) Σ a_j·Π_i S_ij/10; VAMPS's judge-filtered accuracy = (1/N) Σ c_j·U_j, c_j right under strict (soft) extraction. An answer without code counts 0; so does one whose judge reply was unreadable (counted). A measure is blank while any answer of its row is unjudged.".to_string(),
            "MathExplain's ratings (a run with a judge): the same judge rates each response as an explanation from 1 to 5 for correctness, fidelity (what it says of the figure is there), visual referencing and overall, read from its `Rating: [[c, f, r, o]]` line; each is the mean over N, an answer without code or with an unreadable reply counting 1.".to_string(),
        ],
        tables,
    })
}

/// The process judge's tables: VisAidMath's and VAMPS's judged measures, and
/// MathExplain's ratings.
fn judged_aid(rows: &[AidRow]) -> [TextTable; 2] {
    let rating = |r: &AidRow, f: fn(&Likert) -> f64| score(r.likert.as_ref().map(f));
    [
        TextTable::of(
            Some(
                "By the process judge (VisAidMath's PVA and SPRS, VAMPS's judge-filtered accuracy)",
            ),
            &[
                "Model",
                "category",
                "N",
                "judged",
                "unreadable",
                "PVA (%)",
                "ACCU − PVA (%)",
                "SPRS (%)",
                "ACCU − SPRS (%)",
                "strict filtered (%)",
                "soft filtered (%)",
            ],
            rows,
            |r| {
                vec![
                    r.model.clone(),
                    r.category.clone(),
                    r.answers.to_string(),
                    r.process_judged.to_string(),
                    r.process_unread.to_string(),
                    percent(r.pva_judged),
                    percent(r.gap_judged),
                    percent(r.sprs),
                    percent(r.gap_sprs),
                    percent(r.strict_filtered),
                    percent(r.soft_filtered),
                ]
            },
        ),
        TextTable::of(
            Some(
                "MathExplain's ratings by the process judge (1–5; no code or an unreadable reply counts 1)",
            ),
            &[
                "Model",
                "category",
                "N",
                "correctness",
                "fidelity",
                "visual referencing",
                "overall",
            ],
            rows,
            |r| {
                vec![
                    r.model.clone(),
                    r.category.clone(),
                    r.answers.to_string(),
                    rating(r, |l| l.correctness),
                    rating(r, |l| l.fidelity),
                    rating(r, |l| l.referencing),
                    rating(r, |l| l.overall),
                ]
            },
        ),
    ]
}

/// MathExplain's keypoint means.
fn keypoints(s: &Summary) -> Option<Section> {
    if s.keypoints.is_empty() {
        return None;
    }
    Some(Section {
        id: "keypoints",
        title: "Keypoints (MathExplain)",
        notes: vec![
            "A keypoint is a key element of the figure (an edit's operation, a generated figure's element); each instance's precision |Match|/|Model|, recall |Match|/|GT| and F1 are the figure channel's. EM_P, EM_R and EM_F1 are their means over every code submission (N); one the figure channel could not score counts 0 and is counted in `unscorable`.".to_string(),
        ],
        tables: vec![TextTable::of(
            None,
            &["Model", "kind", "N", "unscorable", "EM_P (%)", "EM_R (%)", "EM_F1 (%)"],
            &s.keypoints,
            |r| {
                vec![
                    r.model.clone(),
                    r.kind.clone(),
                    r.instances.to_string(),
                    r.unscorable.to_string(),
                    percent(Some(r.em_p)),
                    percent(Some(r.em_r)),
                    percent(Some(r.em_f1)),
                ]
            },
        )],
    })
}

fn variants(s: &Summary) -> Section {
    let v = &s.variants;
    if v.groups.is_empty() {
        return Section {
            id: "variants",
            title: "Variants",
            notes: vec!["No graded sample has variants.".to_string()],
            tables: Vec::new(),
        };
    }
    Section {
        id: "variants",
        title: "Variants",
        notes: vec![
            "A group is one model's tasks of one kind on a base sample and its variants. Per model: means over groups of the group's mean score, worst score and pass rate, and the share of groups where every variant passed.".to_string(),
        ],
        tables: vec![
            TextTable::of(
                None,
                &["Model", "groups", "mean score", "mean worst score", "pass rate (%)", "all variants pass (%)"],
                &v.models,
                |m| {
                    vec![
                        m.model.clone(),
                        m.groups.to_string(),
                        score(Some(m.mean_score)),
                        score(Some(m.mean_worst_score)),
                        percent(Some(m.pass_rate)),
                        percent(Some(m.all_passed_rate)),
                    ]
                },
            ),
            TextTable::of(
                Some("Groups"),
                &["Model", "kind", "figure", "base", "n", "mean score", "worst score", "worst id", "pass rate (%)", "all pass"],
                &v.groups,
                |g| {
                    vec![
                        g.model.clone(),
                        g.kind.as_str().to_string(),
                        g.figure.as_str().to_string(),
                        g.base.clone(),
                        g.ids.len().to_string(),
                        score(Some(g.mean_score)),
                        g.worst_score.to_string(),
                        g.worst_id.clone(),
                        percent(Some(g.pass_rate)),
                        if g.all_passed { "yes" } else { "no" }.to_string(),
                    ]
                },
            ),
        ],
    }
}

/// Results by every tag key: the paper's Tables IV–VI come out of a tagged suite.
fn by_tag(s: &Summary) -> Option<Section> {
    if s.by_tag.is_empty() {
        return None;
    }
    let mut tables = Vec::new();
    for t in &s.by_tag {
        let header = |first: &str| {
            std::iter::once(first.to_string())
                .chain(t.values.iter().map(|v| format!("{}:{v}", t.key)))
                .collect::<Vec<_>>()
        };
        if !t.scores.is_empty() {
            tables.push(TextTable {
                caption: Some(format!(
                    "`{}`: mean score (1–10) · pass rate (%) (n)",
                    t.key
                )),
                header: header("Model"),
                grouped: None,
                rows: t
                    .scores
                    .iter()
                    .map(|r| {
                        std::iter::once(r.model.clone())
                            .chain(t.values.iter().map(|v| match r.cells.get(v) {
                                Some(c) if c.n > 0 => format!(
                                    "{} · {} ({})",
                                    score(c.mean_score),
                                    percent(c.pass_rate),
                                    c.n
                                ),
                                _ => EMPTY.to_string(),
                            }))
                            .collect()
                    })
                    .collect(),
            });
        }
        if !t.accuracy.is_empty() {
            tables.push(TextTable {
                caption: Some(format!("`{}`: multiple-choice accuracy (%) (n)", t.key)),
                header: header("Model"),
                grouped: None,
                rows: t
                    .accuracy
                    .iter()
                    .map(|r| {
                        std::iter::once(r.model.clone())
                            .chain(t.values.iter().map(|v| match r.cells.get(v) {
                                Some(c) if c.n > 0 => {
                                    format!("{} ({})", percent(c.accuracy), c.n)
                                }
                                _ => EMPTY.to_string(),
                            }))
                            .collect()
                    })
                    .collect(),
            });
        }
    }
    Some(Section {
        id: "by-tag",
        title: "By tag (the paper's Tables IV–VI)",
        notes: vec![
            "Tasks and questions grouped by each tag key they carry; a task with several values of a key counts under each.".to_string(),
        ],
        tables,
    })
}

fn choice(s: &Summary) -> Section {
    if s.choice_submissions == 0 {
        return Section {
            id: "choice",
            title: "Multiple choice (Table II)",
            notes: vec!["No multiple-choice submissions.".to_string()],
            tables: Vec::new(),
        };
    }
    let c = &s.choice;
    let primary = match c.primary {
        Some(AnswerReading::Strict) => "strict (a declared format only)",
        Some(AnswerReading::Soft) => "soft (the final decision in free text)",
        Some(AnswerReading::SoftLlm) => {
            "soft, then the judge's model for replies no rule reads (`llm` below)"
        }
        None => "mixed (resumed with another --answer-reading)",
    };
    Section {
        id: "choice",
        title: "Multiple choice (Table II)",
        notes: vec![format!(
            "{} multiple-choice submissions. Accuracy counts the {primary} reading of each answer; both readings are below.",
            s.choice_submissions
        )],
        tables: vec![
            TextTable {
                caption: Some("Accuracy (%, with its 95% Wilson interval), pooled over submissions".to_string()),
                header: grid_header(&c.accuracy.figures),
                grouped: Some(grid_groups(&c.accuracy.figures)),
                rows: grid_rows(
                    &c.accuracy,
                    |c| percent_ci(c.accuracy, c.accuracy_ci),
                    |c| c.n,
                ),
            },
            macro_table(
                "Accuracy (%), averaged as the paper averages (its Table II: every AVG is the plain mean of its cells)".to_string(),
                &c.accuracy.figures,
                &c.accuracy_macro,
                percent,
            ),
            readings_table(c),
            methods_table(c),
        ],
    }
}

/// Each model's answers read strictly and softly: found and accuracy by each reading.
fn readings_table(c: &Choice) -> TextTable {
    let ratio = |part: usize, n: usize| percent((n > 0).then(|| part as f64 / n as f64));
    TextTable {
        grouped: None,
        caption: Some("Answers read both ways: found and accuracy (%) by each reading".to_string()),
        header: [
            "Model",
            "n",
            "strict found",
            "strict accuracy",
            "soft found",
            "soft accuracy",
            "readings differ",
        ]
        .map(str::to_string)
        .to_vec(),
        rows: c
            .readings
            .iter()
            .map(|r| {
                vec![
                    r.model.clone(),
                    r.n.to_string(),
                    r.strict_found.to_string(),
                    ratio(r.strict_correct, r.n),
                    r.soft_found.to_string(),
                    ratio(r.soft_correct, r.n),
                    r.differ.to_string(),
                ]
            })
            .collect(),
    }
}

/// How the counted reading found each answer, per model and over all.
fn methods_table(c: &Choice) -> TextTable {
    TextTable {
        grouped: None,
        caption: Some("How the counted reading found the answer".to_string()),
        header: [
            "Model",
            "\\boxed{}",
            "\"Answer: X\" line",
            "JSON field",
            "phrase",
            "letter alone",
            "opening letter",
            "choice text",
            "LLM",
            "none",
        ]
        .map(str::to_string)
        .to_vec(),
        rows: c
            .methods
            .iter()
            .chain(std::iter::once(&c.all_methods))
            .map(|m| {
                [
                    m.boxed,
                    m.declared,
                    m.json,
                    m.phrase,
                    m.letter,
                    m.leading,
                    m.choice_text,
                    m.llm,
                    m.none,
                ]
                .iter()
                .fold(vec![m.model.clone()], |mut row, n| {
                    row.push(n.to_string());
                    row
                })
            })
            .collect(),
    }
}

fn agreement(s: &Summary) -> Section {
    let a = &s.agreement;
    let t = &a.thresholds;
    let pair_rows = |label: &str, g: &AgreementGroup, keep_empty: bool| -> Vec<Vec<String>> {
        g.pairs
            .iter()
            .filter(|p| keep_empty || p.n > 0)
            .map(|p| {
                vec![
                    label.to_string(),
                    format!("{} – {}", p.a.as_str(), p.b.as_str()),
                    p.n.to_string(),
                    coefficient(p.spearman),
                    coefficient(p.kendall),
                    percent(p.agreement),
                    coefficient(p.kappa),
                ]
            })
            .collect()
    };
    let pair_header = [
        "Group",
        "channels",
        "n",
        "Spearman ρ",
        "Kendall τ-b",
        "verdicts agree (%)",
        "Cohen κ",
    ]
    .map(str::to_string)
    .to_vec();
    // Groups without a pair scored add only dashes: the overall table shows every pair.
    let mut by_kind = Vec::new();
    for (k, g) in &a.by_kind {
        by_kind.extend(pair_rows(k.as_str(), g, false));
    }
    let mut by_figure = Vec::new();
    for (f, g) in &a.by_figure {
        by_figure.extend(pair_rows(f.as_str(), g, false));
    }
    let thresholds = Channel::ALL
        .map(|c| format!("{} ≥ {}", c.as_str(), fixed(Some(t.of(c)), 2)))
        .join(", ");
    Section {
        id: "agreement",
        title: "Channel agreement",
        notes: vec![format!(
            "Over submissions both channels scored (n). A channel's own pass: {thresholds}. {EMPTY}: n < {} or one side constant.",
            a.min_n
        )],
        tables: vec![
            TextTable {
                grouped: None,
                caption: Some("Overall".to_string()),
                header: pair_header.clone(),
                rows: pair_rows("overall", &a.overall, true),
            },
            TextTable {
                grouped: None,
                caption: Some("By kind".to_string()),
                header: pair_header.clone(),
                rows: by_kind,
            },
            TextTable {
                grouped: None,
                caption: Some("By figure type".to_string()),
                header: pair_header,
                rows: by_figure,
            },
            channels_table(a),
        ],
    }
}

/// Each channel on its own: how many it scored, its mean and its own pass rate, overall,
/// by kind and by figure type.
fn channels_table(a: &Agreement) -> TextTable {
    let channel_row = |label: &str, g: &AgreementGroup| -> Vec<String> {
        let mut row = vec![label.to_string(), g.n.to_string()];
        for c in &g.channels {
            row.extend([c.n.to_string(), coefficient(c.mean), percent(c.pass_rate)]);
        }
        row
    };
    let mut channels = vec![channel_row("overall", &a.overall)];
    channels.extend(a.by_kind.iter().map(|(k, g)| channel_row(k.as_str(), g)));
    channels.extend(a.by_figure.iter().map(|(f, g)| channel_row(f.as_str(), g)));
    let mut channel_header = vec!["Group".to_string(), "submissions".to_string()];
    for c in Channel::ALL {
        let c = c.as_str();
        channel_header.extend([
            format!("{c} n"),
            format!("{c} mean"),
            format!("{c} pass (%)"),
        ]);
    }
    TextTable {
        grouped: None,
        caption: Some("Each channel on its own".to_string()),
        header: channel_header,
        rows: channels,
    }
}

fn rejected(s: &Summary) -> Section {
    if s.rejected.total == 0 {
        return Section {
            id: "rejected",
            title: "Rejected lines",
            notes: vec!["No submission line was rejected.".to_string()],
            tables: Vec::new(),
        };
    }
    Section {
        id: "rejected",
        title: "Rejected lines",
        notes: vec![format!(
            "{} submission line(s) could not be graded.",
            s.rejected.total
        )],
        tables: vec![
            TextTable {
                grouped: None,
                caption: None,
                header: vec!["reason".to_string(), "count".to_string()],
                rows: s
                    .rejected
                    .by_reason
                    .iter()
                    .map(|c| vec![c.name.clone(), c.count.to_string()])
                    .collect(),
            },
            TextTable {
                grouped: None,
                caption: Some(if s.rejected.total > s.rejected.lines.len() {
                    format!(
                        "The first {} rejected lines, in file order.",
                        s.rejected.lines.len()
                    )
                } else {
                    "Each rejected line.".to_string()
                }),
                header: vec!["line".to_string(), "id".to_string(), "reason".to_string()],
                rows: s
                    .rejected
                    .lines
                    .iter()
                    .map(|r| {
                        vec![
                            r.at.clone(),
                            r.id.clone().unwrap_or_else(|| EMPTY.to_string()),
                            r.reason.clone(),
                        ]
                    })
                    .collect(),
            },
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_never_shows_negative_zero() {
        assert_eq!(fixed(Some(-0.0001), 3), "0.000");
        assert_eq!(fixed(Some(-0.5), 2), "-0.50");
        assert_eq!(fixed(Some(f64::NAN), 2), EMPTY);
        assert_eq!(fixed(None, 2), EMPTY);
        assert_eq!(percent(Some(0.625)), "62.5");
    }
}
