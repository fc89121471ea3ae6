//! Summary numbers on hand-built results: Table III means, the funnel, variants,
//! multiple choice, rejected lines and channel agreement, each worked out by hand.

use super::*;
use plotgrade_model::record::{
    AnswerMethod, AnswerRead, AnswerReading, ChannelScore, Channels, ExtractionMode, Flag,
    Funnel as Reached,
};
use plotgrade_model::status::Status;
use plotgrade_model::task::{Answer, FigureType, Kind};

pub(crate) fn result(
    model: &str,
    id: &str,
    kind: Kind,
    figure: FigureType,
    score: u8,
    pass: bool,
) -> GradeResult {
    GradeResult {
        id: id.to_string(),
        model: model.to_string(),
        kind,
        figure,
        sample: id.to_string(),
        variant_of: None,
        tags: Vec::new(),
        status: Status::Ok,
        extraction: ExtractionMode::Strict,
        score,
        pass,
        flags: Vec::new(),
        channels: Channels::default(),
        funnel: Reached {
            extracted: true,
            ran: true,
            drew: true,
            located: pass,
            passed: pass,
        },
        artifacts: Vec::new(),
        error: None,
        answer: None,
        process: None,
    }
}

fn scored(
    mut r: GradeResult,
    code: Option<f64>,
    figure: Option<f64>,
    image: Option<f64>,
) -> GradeResult {
    fn ch<D>(score: Option<f64>) -> ChannelScore<D> {
        ChannelScore {
            score,
            ..ChannelScore::default()
        }
    }
    r.channels.code = ch(code);
    r.channels.figure = ch(figure);
    r.channels.image = ch(image);
    r
}

/// A few varied results (channels missing, flags, failures), for writers' tests.
pub(crate) fn sample_results() -> Vec<GradeResult> {
    let mut flagged = scored(
        result("m,1", "b \"q\"", Kind::Deletion, FigureType::Bar, 3, false),
        Some(0.5),
        None,
        Some(0.25),
    );
    flagged.flags = vec![Flag::Noop];
    vec![
        scored(
            result("m,1", "a", Kind::Generation, FigureType::Pie, 9, true),
            Some(1.0),
            Some(1.0),
            Some(0.99),
        ),
        flagged,
        result("m2", "c", Kind::Annotation, FigureType::Geometry, 1, false),
    ]
}

fn close(got: Option<f64>, want: f64) {
    let got = got.expect("a value");
    assert!((got - want).abs() < 1e-12, "got {got}, want {want}");
}

use FigureType::{Bar, Line, Pie};
use Kind::{Deletion, Generation};

#[test]
fn table_iii_means_per_cell_kind_and_overall() {
    let results = [
        result("m1", "bar-1-generation", Generation, Bar, 8, true),
        result("m1", "bar-2-generation", Generation, Bar, 5, false),
        result("m1", "pie-1-generation", Generation, Pie, 9, true),
        result("m1", "bar-1-deletion", Deletion, Bar, 2, false),
        result("m2", "bar-1-generation", Generation, Bar, 10, true),
    ];
    let s = summarize(&results, &[], &[]);
    assert_eq!(s.submissions, 5);
    assert_eq!(s.models, ["m1", "m2"]);
    let m1 = &s.scores.models[0];
    assert_eq!(m1.model, "m1");
    let cell = m1.cells[&Generation][&Bar];
    assert_eq!(cell.n, 2);
    close(cell.mean_score, 6.5);
    close(cell.pass_rate, 0.5);
    // Generation over its figure types: (8 + 5 + 9) / 3, weighted by submissions.
    close(m1.by_kind[&Generation].mean_score, 22.0 / 3.0);
    close(m1.overall.mean_score, 24.0 / 4.0);
    close(m1.overall.pass_rate, 0.5);
    // Empty cells are there, with nothing in them.
    assert_eq!(
        m1.cells[&Generation][&Line],
        ScoreCell {
            n: 0,
            mean_score: None,
            pass_rate: None,
            pass_ci: None
        }
    );
    assert_eq!(m1.by_kind[&Kind::Annotation].n, 0);
    assert_eq!(m1.cells.len(), 4);
    assert!(m1.cells.values().all(|f| f.len() == 5));
    // All models together.
    assert_eq!(s.scores.all.model, ALL_MODELS);
    close(s.scores.all.cells[&Generation][&Bar].mean_score, 23.0 / 3.0);
    close(s.scores.all.overall.mean_score, 34.0 / 5.0);
}

#[test]
fn funnel_counts_and_rates() {
    let mut rs = vec![
        result("m", "a", Generation, Bar, 9, true),
        result("m", "b", Generation, Bar, 3, false),
        result("m", "c", Generation, Bar, 1, false),
        result("m", "d", Generation, Bar, 1, false),
    ];
    // c drew nothing; d had no code at all.
    rs[2].funnel = Reached {
        extracted: true,
        ran: true,
        drew: false,
        located: false,
        passed: false,
    };
    rs[2].status = Status::NoFigure;
    rs[3].funnel = Reached::default();
    rs[3].status = Status::NoCode;
    rs[3].extraction = ExtractionMode::None;
    let s = summarize(&rs, &[], &[]);
    let f = &s.funnel.all;
    assert_eq!(f.submitted, 4);
    assert_eq!(
        [
            f.extracted.count,
            f.ran.count,
            f.drew.count,
            f.located.count,
            f.passed.count
        ],
        [3, 3, 2, 1, 1]
    );
    close(f.extracted.rate, 0.75);
    close(f.drew.rate, 0.5);
    close(f.drew.of_previous, 2.0 / 3.0);
    close(f.passed.of_previous, 1.0);
    assert_eq!(s.funnel.models.len(), 1);
    assert_eq!(
        s.funnel.models[0],
        FunnelRow {
            model: "m".into(),
            ..f.clone()
        }
    );
    let status = |name: &str| s.statuses.iter().find(|c| c.name == name).unwrap().count;
    assert_eq!(
        (
            status("ok"),
            status("no_figure"),
            status("no_code"),
            status("timeout")
        ),
        (2, 1, 1, 0)
    );
    assert_eq!(s.statuses.len(), Status::ALL.len());
}

#[test]
fn nothing_submitted_gives_empty_cells_not_nans() {
    let s = summarize(&[], &[], &[]);
    assert_eq!(s.funnel.all.extracted.rate, None);
    assert_eq!(s.scores.all.overall.mean_score, None);
    assert_eq!(s.agreement.overall.pairs.len(), 6);
    assert!(
        s.agreement
            .overall
            .pairs
            .iter()
            .all(|p| p.n == 0 && p.kappa.is_none())
    );
    let md = render_markdown(&s);
    assert!(!md.contains("NaN"), "{md}");
}

#[test]
fn variants_average_and_worst_case_per_base() {
    let variant = |id: &str, score, pass| {
        let mut r = result("m", id, Deletion, Bar, score, pass);
        r.sample = id.trim_end_matches("-deletion").to_string();
        r.variant_of = Some("bar-1".to_string());
        r
    };
    let mut base = result("m", "bar-1-deletion", Deletion, Bar, 8, true);
    base.sample = "bar-1".to_string();
    let results = [
        base,
        variant("bar-1-v2-deletion", 6, true),
        variant("bar-1-v1-deletion", 4, false),
        // No variants: not a group.
        result("m", "pie-1-deletion", Deletion, Pie, 2, false),
        // Another model's variant forms its own group.
        variant("bar-1-v1-deletion", 10, true),
    ];
    let mut other = results[4].clone();
    other.model = "n".to_string();
    let results = [&results[..4], &[other]].concat();
    let s = summarize(&results, &[], &[]);
    assert_eq!(s.variants.groups.len(), 2);
    let g = &s.variants.groups[0];
    assert_eq!(
        (g.model.as_str(), g.kind, g.figure.clone(), g.base.as_str()),
        ("m", Deletion, Bar, "bar-1")
    );
    assert_eq!(
        g.ids,
        ["bar-1-deletion", "bar-1-v1-deletion", "bar-1-v2-deletion"]
    );
    assert!((g.mean_score - 6.0).abs() < 1e-12);
    assert_eq!(
        (g.worst_score, g.worst_id.as_str()),
        (4, "bar-1-v1-deletion")
    );
    assert!((g.pass_rate - 2.0 / 3.0).abs() < 1e-12);
    assert!(!g.all_passed);
    let n = &s.variants.groups[1];
    assert_eq!(
        (n.model.as_str(), n.ids.len(), n.worst_score, n.all_passed),
        ("n", 1, 10, true)
    );
    let m = &s.variants.models[0];
    assert_eq!((m.model.as_str(), m.groups), ("m", 1));
    assert!((m.mean_worst_score - 4.0).abs() < 1e-12);
    assert_eq!(m.all_passed_rate, 0.0);
}

#[test]
fn choice_accuracy_and_extraction_methods() {
    let q = |model: &str, id: &str, kind, method, correct| ChoiceResult {
        id: id.to_string(),
        model: model.to_string(),
        kind,
        figure: Bar,
        sample: id.to_string(),
        extracted: (method != AnswerMethod::None).then_some(Answer::B),
        method,
        answer: if correct { Answer::B } else { Answer::C },
        correct,
        reading: AnswerReading::Soft,
        soft: AnswerRead {
            answer: (method != AnswerMethod::None).then_some(Answer::B),
            method,
        },
        // The strict reading found only the boxed answers.
        strict: AnswerRead {
            answer: (method == AnswerMethod::Boxed).then_some(Answer::B),
            method: if method == AnswerMethod::Boxed {
                method
            } else {
                AnswerMethod::None
            },
        },
        tags: Vec::new(),
        variant_of: None,
    };
    let choices = [
        q("m", "a", Generation, AnswerMethod::Boxed, true),
        q("m", "b", Generation, AnswerMethod::Phrase, false),
        q("m", "c", Generation, AnswerMethod::Boxed, true),
        q("m", "d", Deletion, AnswerMethod::None, false),
    ];
    let s = summarize(&[], &choices, &[]);
    assert_eq!((s.submissions, s.choice_submissions), (0, 4));
    assert_eq!(s.models, ["m"]);
    assert!(
        s.scores.models.is_empty(),
        "no code submissions, no Table III rows"
    );
    let row = &s.choice.accuracy.models[0];
    assert_eq!(
        row.cells[&Generation][&Bar],
        AccuracyCell {
            n: 3,
            correct: 2,
            accuracy: Some(2.0 / 3.0),
            accuracy_ci: crate::stats::wilson(2, 3)
        }
    );
    close(row.overall.accuracy, 0.5);
    let m = &s.choice.methods[0];
    assert_eq!(
        (m.boxed, m.phrase, m.letter, m.choice_text, m.none),
        (2, 1, 0, 0, 1)
    );
    assert_eq!(s.choice.all_methods.boxed, 2);
    assert_eq!(s.choice.primary, Some(AnswerReading::Soft));
    let r = &s.choice.readings[0];
    assert_eq!(
        (
            r.n,
            r.strict_found,
            r.strict_correct,
            r.soft_found,
            r.soft_correct,
            r.differ
        ),
        (4, 2, 2, 3, 2, 0)
    );
    // The paper's averages: generation 2/3, deletion 0/1, so the row AVG over its two
    // cells is 1/3 where the pooled figure is 2/4.
    let m = &s.choice.accuracy_macro.models[0];
    close(m.overall, 1.0 / 3.0);
    assert_eq!(m.cells_averaged, 2);
}

#[test]
fn rejected_lines_by_reason_most_frequent_first() {
    let rej = |line, reason: &str| Rejected {
        at: format!("subs.jsonl:{line}"),
        id: None,
        reason: reason.to_string(),
    };
    let rejected = [
        rej(1, "unknown task id"),
        rej(2, "duplicate id"),
        rej(3, "unknown task id"),
        rej(4, "bad JSON"),
    ];
    let s = summarize(&[], &[], &rejected);
    assert_eq!(s.rejected.total, 4);
    let by: Vec<(&str, usize)> = s
        .rejected
        .by_reason
        .iter()
        .map(|c| (c.name.as_str(), c.count))
        .collect();
    assert_eq!(
        by,
        [("unknown task id", 2), ("bad JSON", 1), ("duplicate id", 1)]
    );
}

#[test]
fn agreement_of_channel_pairs() {
    // Code and figure: the tied scores of the stats test (rho and tau-b known), plus a
    // submission where the figure channel could not run (left out of the pair).
    let code = [0.9, 0.7, 0.7, 0.2, 0.5, 0.5, 1.0];
    let figure = [1.0, 0.6, 0.8, 0.1, 0.5, 0.3, 0.8];
    let mut results: Vec<GradeResult> = code
        .iter()
        .zip(figure)
        .enumerate()
        .map(|(i, (&c, f))| {
            scored(
                result("m", &format!("s{i}"), Generation, Bar, 5, false),
                Some(c),
                Some(f),
                None,
            )
        })
        .collect();
    results.push(scored(
        result("m", "s7", Deletion, Line, 5, false),
        Some(0.3),
        None,
        Some(0.9),
    ));
    let s = summarize(&results, &[], &[]);
    let a = &s.agreement;
    assert_eq!(a.thresholds, Thresholds::default());
    let code_figure = &a.overall.pairs[0];
    assert_eq!(
        (code_figure.a, code_figure.b, code_figure.n),
        (Channel::Code, Channel::Figure, 7)
    );
    close(code_figure.spearman, 0.9082951062292475);
    close(code_figure.kendall, 0.8207826816681233);
    // Verdicts at 0.5: code [T T T F T T T], figure [T T T F T F T]: 6 of 7 agree.
    // p_e = (6/7)(5/7) + (1/7)(2/7) = 32/49; kappa = (6/7 − 32/49) / (1 − 32/49) = 10/17.
    close(code_figure.agreement, 6.0 / 7.0);
    close(code_figure.kappa, 10.0 / 17.0);
    // code–image: one submission only.
    let code_image = &a.overall.pairs[1];
    assert_eq!(
        (code_image.a, code_image.b, code_image.n),
        (Channel::Code, Channel::Image, 1)
    );
    assert_eq!(
        (
            code_image.spearman,
            code_image.kendall,
            code_image.agreement,
            code_image.kappa
        ),
        (None, None, None, None)
    );
    // The judge never scored: every pair with it is empty.
    assert!(
        a.overall
            .pairs
            .iter()
            .filter(|p| p.b == Channel::Judge)
            .all(|p| p.n == 0)
    );
    // Per kind and figure type: the deletion/line submission is alone there.
    assert_eq!(a.by_kind[&Generation].pairs[0].n, 7);
    assert_eq!(a.by_kind[&Deletion].pairs[0].n, 0);
    assert_eq!(a.by_figure[&Line].n, 1);
    assert_eq!(a.by_kind.len(), 4);
    assert_eq!(a.by_figure.len(), 5);
    // Each channel on its own.
    let code_alone = &a.overall.channels[0];
    assert_eq!((code_alone.channel, code_alone.n), (Channel::Code, 8));
    close(code_alone.pass_rate, 6.0 / 8.0);
}

#[test]
fn agreement_is_null_against_a_constant_channel() {
    let results: Vec<GradeResult> = (0..5)
        .map(|i| {
            scored(
                result("m", &format!("s{i}"), Generation, Bar, 5, false),
                Some(i as f64 / 4.0),
                Some(1.0),
                None,
            )
        })
        .collect();
    let s = summarize(&results, &[], &[]);
    let p = &s.agreement.overall.pairs[0];
    assert_eq!(p.n, 5);
    assert_eq!((p.spearman, p.kendall, p.kappa), (None, None, None));
    // Raw agreement is still a fact: code passes 3 of 5 (0.5, 0.75, 1.0), figure all.
    close(p.agreement, 3.0 / 5.0);
}

#[test]
fn thresholds_are_a_parameter() {
    let results: Vec<GradeResult> = [0.2, 0.4, 0.6, 0.8]
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            scored(
                result("m", &format!("s{i}"), Generation, Bar, 5, false),
                Some(c),
                Some(c),
                None,
            )
        })
        .collect();
    let strict = Thresholds {
        code: 0.7,
        ..Thresholds::default()
    };
    let s = summarize_with(&results, &[], &[], &strict);
    assert_eq!(s.agreement.thresholds.code, 0.7);
    close(s.agreement.overall.channels[0].pass_rate, 0.25);
    // code passes [F F F T], figure [F F T T]: 3 of 4 agree.
    close(s.agreement.overall.pairs[0].agreement, 0.75);
}

#[test]
fn summary_does_not_depend_on_grading_order() {
    let mut results: Vec<GradeResult> = (0..9)
        .map(|i| {
            let r = result(
                ["a", "b"][i % 2],
                &format!("s{i}"),
                Kind::ALL[i % 4],
                FigureType::KNOWN[i % 5].clone(),
                (i % 10) as u8 + 1,
                i % 3 == 0,
            );
            scored(
                r,
                Some(0.1 * i as f64),
                Some(0.37 * (i % 4) as f64),
                Some(1.0 / (i + 1) as f64),
            )
        })
        .collect();
    let forward = summarize(&results, &[], &[]);
    results.reverse();
    let backward = summarize(&results, &[], &[]);
    let json = |s: &Summary| serde_json::to_string_pretty(s).unwrap();
    assert_eq!(json(&forward), json(&backward));
    assert_eq!(render_markdown(&forward), render_markdown(&backward));
    assert_eq!(
        render_html(&results, &forward),
        render_html(
            &results[..].iter().rev().cloned().collect::<Vec<_>>(),
            &backward
        )
    );
}

#[test]
fn summary_round_trips_through_json() {
    let mut r = result("m", "a", Generation, Bar, 7, true);
    r.flags = vec![Flag::SizeChanged, Flag::Noop];
    let s = summarize(&[r], &[], &[]);
    let text = serde_json::to_string_pretty(&s).unwrap();
    let back: Summary = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
    // Keys in a fixed, readable order: kinds and figure types in the paper's order.
    let generation = text.find("\"generation\"").unwrap();
    let deletion = text.find("\"deletion\"").unwrap();
    assert!(generation < deletion);
    assert!(text.contains("\"size_changed\": 1"), "{text}");
}

#[test]
fn markdown_tables_have_fixed_decimals_and_dashes() {
    let results = [
        result("m|1", "a", Generation, Bar, 7, true),
        result("m|1", "b", Generation, Bar, 8, false),
    ];
    let md = render_markdown(&summarize(&results, &[], &[]));
    // Model names cannot break a table.
    assert!(
        md.contains("| m\\|1 | – | – | 7.50 | – | – | 7.50 |"),
        "{md}"
    );
    // A pass rate with its 95% Wilson interval (1 of 2: 9.5% to 90.5%).
    assert!(md.contains("| 50.0 (9–91) |"), "{md}");
    // Every table row has as many cells as its header.
    for table in md.split("\n\n").filter(|b| b.starts_with('|')) {
        let widths: Vec<usize> = table.lines().map(|l| l.matches(" |").count()).collect();
        assert!(
            widths.iter().all(|&w| w == widths[0]),
            "ragged table:\n{table}"
        );
    }
}

/// The tables by tag (the paper's Tables IV–VI): a task with two values of one key counts
/// under both, a task without the key is in no cell, and each key has its own table.
#[test]
fn results_by_tag_count_each_value_a_task_carries() {
    use plotgrade_model::task::Tag;
    let tagged = |id: &str, score: u8, pass: bool, tags: &[&str]| GradeResult {
        tags: tags
            .iter()
            .map(|t| Tag::try_from(t.to_string()).unwrap())
            .collect(),
        ..result("m", id, Kind::Annotation, FigureType::Function, score, pass)
    };
    let rs = [
        tagged("a", 9, true, &["subtype:x-intercept", "subtype:extreme"]),
        tagged("b", 3, false, &["subtype:extreme"]),
        tagged("c", 7, true, &["subtype:y-intercept", "label:angle"]),
        tagged("d", 5, false, &[]),
    ];
    let s = summarize(&rs, &[], &[]);
    let keys: Vec<&str> = s.by_tag.iter().map(|t| t.key.as_str()).collect();
    assert_eq!(keys, ["label", "subtype"]);
    let subtype = &s.by_tag[1];
    assert_eq!(subtype.values, ["extreme", "x-intercept", "y-intercept"]);
    let m = &subtype.scores[0];
    assert_eq!(m.model, "m");
    let extreme = m.cells["extreme"];
    assert_eq!((extreme.n, extreme.pass_rate), (2, Some(0.5)));
    close(extreme.mean_score, 6.0);
    assert_eq!(m.cells["x-intercept"].n, 1);
    assert_eq!(subtype.scores.last().unwrap().model, ALL_MODELS);
    assert!(subtype.accuracy.is_empty(), "no multiple-choice answers");
    let label = &s.by_tag[0];
    assert_eq!(
        (label.values.len(), label.scores[0].cells["angle"].n),
        (1, 1)
    );
    let md = super::markdown::render(&s);
    assert!(md.contains("subtype:x-intercept"), "{md}");
}

/// Issue #29: a verdict's reason in words, from the figure channel's evidence: the asked
/// step done elsewhere is said once ("not as asked"), a step not done is "missing", an
/// unasked change "also did"; a generation names its differences; a run that failed says
/// so with the error's first line.
#[test]
fn reasons_say_in_words_what_the_figure_channel_saw() {
    use plotgrade_model::details::{FigureDetails, MatchDetails, RecordedOp};
    use plotgrade_model::matching::{MatchMode, OpMatch};
    let added = |key: &str, at: [f64; 2]| {
        RecordedOp::of(
            &serde_json::json!({"op": "added", "element": {"kind": "text", "key": key, "at": at}}),
        )
    };
    let details = |mode,
                   generated: Vec<RecordedOp>,
                   reference: Vec<RecordedOp>,
                   ops: &str,
                   matches: Vec<OpMatch>| {
        FigureDetails {
            matched: MatchDetails {
                mode,
                precision: 0.0,
                recall: 0.0,
                f1: 0.0,
                score: 0.0,
                generated_ops: generated,
                reference_ops: reference,
                matches,
                notes: vec![],
            },
            ops: ops.to_string(),
            style: vec![],
        }
    };
    let mut r = result(
        "m",
        "t-annotation",
        Kind::Annotation,
        FigureType::Geometry,
        6,
        false,
    );
    r.channels.figure.details = Some(details(
        MatchMode::Edit,
        vec![added("68°", [0.8, 0.19]), added("B", [1.0, 2.0])],
        vec![added("68°", [0.3, 0.4]), added("5", [1.0, 1.0])],
        "text '68°' added at (0.80, 0.19)\ntext 'B' added at (1, 2)\n",
        vec![],
    ));
    assert_eq!(
        reason(&r),
        "missing: text '5' added; not as asked: text '68°' added at (0.80, 0.19); also did: text 'B' added at (1, 2)"
    );
    r.pass = true;
    r.score = 10;
    r.channels.figure.details.as_mut().unwrap().matched.matches = vec![
        OpMatch {
            generated: 0,
            reference: 0,
            credit: 1.0,
        },
        OpMatch {
            generated: 1,
            reference: 1,
            credit: 1.0,
        },
    ];
    assert_eq!(reason(&r), "makes the edit the task asks for");

    let mut g = result(
        "m",
        "t-generation",
        Kind::Generation,
        FigureType::Bar,
        7,
        false,
    );
    g.channels.figure.details = Some(details(
        MatchMode::Generation,
        vec![],
        vec![],
        "bar 'C': height 3 → 5\nbar 'D' removed\ntitle changed\n",
        vec![],
    ));
    assert_eq!(
        reason(&g),
        "differs from the figure asked for: bar 'C': height 3 → 5, bar 'D' removed (+1 more)"
    );

    let mut crashed = result("m", "t-deletion", Kind::Deletion, FigureType::Bar, 2, false);
    crashed.status = Status::RuntimeError;
    crashed.error = Some("\nNameError: name 'x' is not defined (line 3)\nmore".to_string());
    assert_eq!(
        reason(&crashed),
        "the code did not draw a figure (runtime_error): NameError: name 'x' is not defined (line 3)"
    );
    let mut noop = result("m", "t-deletion", Kind::Deletion, FigureType::Bar, 2, false);
    noop.flags = vec![Flag::Noop];
    assert!(reason(&noop).starts_with("the original figure, unchanged"));
}
