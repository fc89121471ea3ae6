//! Answers that come with a visual aid (tasks with a `question`): the measures of VisAidMath
//! (Ma et al., 2024) and VAMPS, from what plotgrade measures and what the process judge
//! says.
//!
//! For each answer j of N (a model's answers, or those of one figure type, the paper's
//! category), a_j is 1 when the run's primary reading of the answer is the key, and A_j
//! is 1 when the aid passed (the figure channel's verdict against the reference aid):
//!
//! ```text
//! ACCU        = (1/N) Σ_j a_j
//! PVA (aid)   = (1/N) Σ_j a_j · A_j                 plotgrade's own: the aid holds
//! PVA         = (1/N) Σ_j a_j · V_j · A_j           V_j: the judge's holistic verdict
//! SPRS        = (1/N) Σ_j a_j · Π_{i ∈ D} S_ij / 10  D = LogiR, ToolF, InfoT, GeneR (0–10)
//! filtered    = (1/N) Σ_j c_j · U_j                 VAMPS: c_j right under strict (soft)
//!                                                   extraction, U_j the judge says the
//!                                                   answer was reached with the aid
//! ```
//!
//! MathExplain's four Likert ratings (correctness, fidelity, visual referencing, overall;
//! each 1–5) come from the same judge's reply; each is the plain mean over the N answers,
//! an answer with no code or with an unreadable reply counting 1, the lowest rating.
//!
//! V_j, S_ij and U_j come from the process judge (`plotgrade_judge::process`). VisAidMath's
//! V_j is the judge's verdict on the whole process; here a valid process also needs an aid
//! that holds where the task has a reference aid (every task with a question has one
//! today), which the issue asks for. An answer with no code has no aid and no process:
//! V_j = S_ij = U_j = 0. An answer the judge gave an unreadable reply about counts 0 too,
//! and is counted (`process_unread`). The judged measures are `None` while any answer of
//! the row is still unjudged (no judge, a dry run, a failed request), never a mean over
//! the judged ones only.

use std::collections::BTreeMap;

use plotgrade_model::details::{Likert, ProcessJudgement};
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
    /// Share of answers whose aid passed (A_j = 1).
    pub aid_valid: f64,
    /// plotgrade's PVA: the answer right and its aid valid.
    pub pva: f64,
    /// ACCU − PVA (aid).
    pub gap: f64,
    /// Answers with a final process judgement (scored, unreadable, or no code).
    pub process_judged: usize,
    /// Answers whose judge reply could not be read (counted 0).
    pub process_unread: usize,
    /// VisAidMath's PVA: right, a valid process by the judge, and an aid that holds.
    pub pva_judged: Option<f64>,
    /// ACCU − PVA (judged).
    pub gap_judged: Option<f64>,
    /// VisAidMath's SPRS.
    pub sprs: Option<f64>,
    /// ACCU − SPRS.
    pub gap_sprs: Option<f64>,
    /// VAMPS's judge-filtered accuracy under strict and under soft extraction.
    pub strict_filtered: Option<f64>,
    pub soft_filtered: Option<f64>,
    /// MathExplain's ratings, each the mean over the N answers (1–5); `None` while any
    /// answer is unjudged or was judged before the rubric asked for them.
    pub likert: Option<Likert>,
}

#[derive(Default)]
struct Sums {
    n: usize,
    accu: usize,
    strict: usize,
    soft: usize,
    valid: usize,
    pva: usize,
    judged: usize,
    unread: usize,
    pva_judged: usize,
    sprs: f64,
    strict_filtered: usize,
    soft_filtered: usize,
    likert: [f64; 4],
    /// A scored judgement without ratings (stored before the rubric asked for them).
    likert_missing: bool,
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
        let Some(p) = &r.process else { return };
        match p {
            ProcessJudgement::Scored { scores, .. } => {
                self.judged += 1;
                self.pva_judged += usize::from(right && scores.valid && r.pass);
                if right {
                    self.sprs += scores.product();
                }
                self.strict_filtered += usize::from(a.strict.correct && scores.used_aid);
                self.soft_filtered += usize::from(a.soft.correct && scores.used_aid);
                match scores.likert {
                    Some(l) => self.add_likert(l),
                    None => self.likert_missing = true,
                }
            }
            ProcessJudgement::Unparseable { .. } => {
                self.judged += 1;
                self.unread += 1;
                self.add_likert(Likert::LOWEST);
            }
            ProcessJudgement::NoCode => {
                self.judged += 1;
                self.add_likert(Likert::LOWEST);
            }
            ProcessJudgement::Failed { .. } | ProcessJudgement::DryRun { .. } => {}
        }
    }

    fn add_likert(&mut self, l: Likert) {
        for (sum, v) in self.likert.iter_mut().zip(l.values()) {
            *sum += v;
        }
    }

    fn row(&self, model: &str, category: &str) -> AidRow {
        let share = |k: usize| k as f64 / self.n as f64;
        let all_judged = self.judged == self.n;
        let judged = |v: f64| all_judged.then_some(v);
        let accu = share(self.accu);
        let pva_judged = judged(share(self.pva_judged));
        let sprs = judged(self.sprs / self.n as f64);
        AidRow {
            model: model.to_string(),
            category: category.to_string(),
            answers: self.n,
            accu,
            strict: share(self.strict),
            soft: share(self.soft),
            aid_valid: share(self.valid),
            pva: share(self.pva),
            gap: accu - share(self.pva),
            process_judged: self.judged,
            process_unread: self.unread,
            pva_judged,
            gap_judged: pva_judged.map(|p| accu - p),
            sprs,
            gap_sprs: sprs.map(|p| accu - p),
            strict_filtered: judged(share(self.strict_filtered)),
            soft_filtered: judged(share(self.soft_filtered)),
            likert: (all_judged && !self.likert_missing).then(|| {
                let [correctness, fidelity, referencing, overall] =
                    self.likert.map(|sum| sum / self.n as f64);
                Likert {
                    correctness,
                    fidelity,
                    referencing,
                    overall,
                }
            }),
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
                // No judge was asked: no judged measure, not a mean over nothing.
                process_judged: 0,
                process_unread: 0,
                pva_judged: None,
                gap_judged: None,
                sprs: None,
                gap_sprs: None,
                strict_filtered: None,
                soft_filtered: None,
                likert: None,
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

    fn judged(mut r: GradeResult, p: ProcessJudgement) -> GradeResult {
        r.process = Some(p);
        r
    }

    fn scored(s: [f64; 4], valid: bool, used_aid: bool) -> ProcessJudgement {
        rated(s, valid, used_aid, [5.0; 4])
    }

    fn rated(s: [f64; 4], valid: bool, used_aid: bool, l: [f64; 4]) -> ProcessJudgement {
        use plotgrade_model::details::{ProcessReply, ProcessScores};
        ProcessJudgement::Scored {
            scores: ProcessScores {
                logir: s[0],
                toolf: s[1],
                infot: s[2],
                gener: s[3],
                valid,
                used_aid,
                likert: Some(Likert {
                    correctness: l[0],
                    fidelity: l[1],
                    referencing: l[2],
                    overall: l[3],
                }),
            },
            reply: ProcessReply {
                model: "judge".into(),
                template_version: "process-0".into(),
                answer: String::new(),
                tokens_in: 0,
                tokens_out: 0,
                cached: false,
                requests: 1,
            },
        }
    }

    /// Worked by hand from the formulas in the module's doc. Five answers of m (soft
    /// primary); columns: soft right, strict right, aid passed, the judge's
    /// (LogiR, ToolF, InfoT, GeneR) valid used-aid:
    ///   j1: 1 1 1  (10,10,10,10) yes yes   Π = 1
    ///   j2: 1 0 0  (10, 5, 8,10) yes no    Π = 0.4
    ///   j3: 0 0 1  ( 2, 2, 2, 2) no  yes   (a wrong answer adds nothing)
    ///   j4: 1 1 1  (10,10, 5,10) no  yes   Π = 0.5
    ///   j5: 1 1 0  no code: V = S = U = 0
    /// ACCU 4/5; PVA (aid) = j1, j4 = 2/5; PVA (judged) = right, valid and aid passed = j1
    /// = 1/5, gap 3/5; SPRS = (1 + 0.4 + 0.5 + 0)/5 = 0.38, gap 0.42; filtered strict =
    /// strict right and used = j1, j4 = 2/5; soft = j1, j4 (j2 did not use its aid) = 2/5.
    #[test]
    fn sprs_judged_pva_and_vamps_filtered_accuracy_worked_by_hand() {
        let rs = [
            judged(
                answered("m", "function", true, true, true),
                scored([10.0; 4], true, true),
            ),
            judged(
                answered("m", "function", false, true, false),
                scored([10.0, 5.0, 8.0, 10.0], true, false),
            ),
            judged(
                answered("m", "geometry", false, false, true),
                scored([2.0; 4], false, true),
            ),
            judged(
                answered("m", "geometry", true, true, true),
                scored([10.0, 10.0, 5.0, 10.0], false, true),
            ),
            judged(
                answered("m", "geometry", true, true, false),
                ProcessJudgement::NoCode,
            ),
        ];
        let refs: Vec<&GradeResult> = rs.iter().collect();
        let rows = aid_rows(&refs);
        let all = &rows[0];
        let close = |a: Option<f64>, b: f64| a.is_some_and(|a| (a - b).abs() < 1e-12);
        assert_eq!(
            (all.answers, all.process_judged, all.process_unread),
            (5, 5, 0)
        );
        assert!((all.accu - 0.8).abs() < 1e-12 && (all.pva - 0.4).abs() < 1e-12);
        assert!(close(all.pva_judged, 0.2) && close(all.gap_judged, 0.6));
        assert!(close(all.sprs, 0.38) && close(all.gap_sprs, 0.42));
        assert!(close(all.strict_filtered, 0.4) && close(all.soft_filtered, 0.4));
        // function: j1, j2: SPRS (1 + 0.4)/2; filtered soft 1/2; geometry: SPRS 0.5/3.
        assert!(close(rows[1].sprs, 0.7) && close(rows[1].soft_filtered, 0.5));
        assert!(close(rows[2].sprs, 0.5 / 3.0) && close(rows[2].pva_judged, 0.0));

        // A failed request leaves the judged measures unknown for its rows only.
        let mut failed = rs.clone();
        failed[0].process = Some(ProcessJudgement::Failed {
            error: "timeout".into(),
            requests: 3,
        });
        let refs: Vec<&GradeResult> = failed.iter().collect();
        let rows = aid_rows(&refs);
        assert_eq!(rows[0].process_judged, 4);
        assert_eq!(
            (rows[0].sprs, rows[1].sprs, rows[1].strict_filtered),
            (None, None, None)
        );
        assert!(close(rows[2].sprs, 0.5 / 3.0), "geometry is fully judged");

        // An unreadable reply counts 0 and is counted.
        let mut unread = rs.clone();
        unread[0].process = Some(ProcessJudgement::Unparseable {
            error: "no `GeneR:` line".into(),
            reply: match scored([0.0; 4], false, false) {
                ProcessJudgement::Scored { reply, .. } => reply,
                _ => unreachable!(),
            },
        });
        let refs: Vec<&GradeResult> = unread.iter().collect();
        let all = &aid_rows(&refs)[0];
        assert_eq!((all.process_judged, all.process_unread), (5, 1));
        assert!(close(all.sprs, 0.18) && close(all.pva_judged, 0.0));
        assert!(close(all.strict_filtered, 0.2));
    }

    /// Worked by hand: MathExplain's ratings are plain means over every answer, an answer
    /// with no code or an unreadable reply counting 1 on each scale:
    ///   j1 (5, 4, 3, 5) · j2 (3, 3, 1, 2) · j3 no code (1, 1, 1, 1) · j4 unreadable (1, 1, 1, 1)
    ///   correctness (5 + 3 + 1 + 1)/4 = 2.5; fidelity 9/4 = 2.25; referencing 6/4 = 1.5;
    ///   overall 9/4 = 2.25.
    /// A row with a judgement stored before the ratings were asked for has none.
    #[test]
    fn mathexplain_likert_means_worked_by_hand() {
        let rs = [
            judged(
                answered("m", "function", true, true, true),
                rated([9.0; 4], true, true, [5.0, 4.0, 3.0, 5.0]),
            ),
            judged(
                answered("m", "function", false, false, false),
                rated([3.0; 4], false, true, [3.0, 3.0, 1.0, 2.0]),
            ),
            judged(
                answered("m", "geometry", true, true, false),
                ProcessJudgement::NoCode,
            ),
            judged(
                answered("m", "geometry", false, true, true),
                ProcessJudgement::Unparseable {
                    error: "no `Rating:` line".into(),
                    reply: match scored([0.0; 4], false, false) {
                        ProcessJudgement::Scored { reply, .. } => reply,
                        _ => unreachable!(),
                    },
                },
            ),
        ];
        let refs: Vec<&GradeResult> = rs.iter().collect();
        let rows = aid_rows(&refs);
        assert_eq!(
            rows[0].likert,
            Some(Likert {
                correctness: 2.5,
                fidelity: 2.25,
                referencing: 1.5,
                overall: 2.25,
            })
        );
        assert_eq!(
            rows[2].likert,
            Some(Likert::LOWEST),
            "geometry: no code, unread"
        );

        let mut old = rs.clone();
        if let Some(ProcessJudgement::Scored { scores, .. }) = &mut old[0].process {
            scores.likert = None;
        }
        let refs: Vec<&GradeResult> = old.iter().collect();
        let rows = aid_rows(&refs);
        assert_eq!((rows[0].likert, rows[1].likert), (None, None));
        assert!(rows[0].sprs.is_some(), "the other judged measures stand");
        assert_eq!(rows[2].likert, Some(Likert::LOWEST));
    }
}
