//! The figure channel (`plotgrade::figure`) on real renders of tests/fixtures/figure/:
//! scene diffs within their tolerances (a bar changed, a wedge removed, one curve from two
//! formulas, an annotation nudged and moved), edit scores (a median against a
//! perpendicular, a no-op edit) and generation scores (a missing bar, bars drawn in
//! another order). Failure messages show the scenes as text and the ops found.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use plotgrade::exec::Status;
use plotgrade::figure::{self, EditOp, ElementKind, FigureScore};
use plotgrade::scene::{Scene, render_text};

use crate::util::{run_code, show};

/// The scene of a fixture script, rendered once per test binary.
fn scene(name: &str) -> Scene {
    static SCENES: Mutex<Option<HashMap<String, Scene>>> = Mutex::new(None);
    if let Some(s) = SCENES
        .lock()
        .unwrap()
        .get_or_insert_with(HashMap::new)
        .get(name)
    {
        return s.clone();
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/figure")
        .join(format!("{name}.py"));
    let code = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let out = run_code(&code);
    assert_eq!(out.status, Status::Ok, "{name}: {}", show(&out));
    SCENES
        .lock()
        .unwrap()
        .get_or_insert_with(HashMap::new)
        .insert(name.into(), out.scene.clone());
    out.scene
}

/// The scenes and the ops, for a failure message.
fn explain(names: &[&str], ops: &[EditOp]) -> String {
    let mut s = String::new();
    for n in names {
        s += &format!("--- scene of {n}:\n{}", render_text(&scene(n)));
    }
    s + &format!("--- ops:\n{}", figure::render_ops(ops))
}

fn diff(a: &str, b: &str) -> (Vec<EditOp>, String) {
    let ops = figure::diff(&scene(a), &scene(b));
    let why = explain(&[a, b], &ops);
    (ops, why)
}

fn edit(original: &str, generated: &str, reference: &str) -> (FigureScore, String) {
    let s = figure::compare_edit(&scene(original), &scene(generated), &scene(reference));
    let why = format!(
        "{}--- reference ops:\n{}--- score: p {} r {} f1 {} notes {:?}",
        explain(&[original, generated, reference], &s.generated_ops),
        figure::render_ops(&s.reference_ops),
        s.precision,
        s.recall,
        s.f1,
        s.notes
    );
    (s, why)
}

#[test]
fn one_bar_changed_is_one_op_with_the_exact_heights() {
    let (ops, why) = diff("bar_original", "bar_q3_seven");
    // The y limits and ticks followed the data; they are not reported.
    assert_eq!(
        figure::render_ops(&ops),
        "bar 'Q3': height 5 → 7\n",
        "{why}"
    );
    let EditOp::Changed { kind, attr, .. } = &ops[0] else {
        panic!("{why}")
    };
    assert_eq!((*kind, attr.as_str()), (ElementKind::Bar, "height"));
}

/// Issue #12, item 4: what is drawn decides. A figure-level patch that paints over part of
/// a bar changes the picture, so it is an element of the scene: an extra one, and a
/// generation that draws it does not pass.
#[test]
fn a_figure_level_patch_over_a_bar_is_an_extra_element() {
    let (ops, why) = diff("bar_original", "bar_figure_patch");
    assert_eq!(ops.len(), 1, "{why}");
    let EditOp::Added { element } = &ops[0] else {
        panic!("{why}")
    };
    assert_eq!(element.kind, ElementKind::Artist, "{why}");
    assert_eq!(element.axes, None, "a figure-level artist: {why}");
    let s = figure::compare_generation(&scene("bar_figure_patch"), &scene("bar_original"));
    assert!(s.score < 0.999, "the patched figure passes: {s:?}");
}

/// What a reader sees of the axes and legend besides the data: the legend's place (a
/// 'best' one wherever it landed), the background, which sides show ticks and which way.
#[test]
fn legend_place_background_and_ticks_are_read() {
    let (ops, why) = diff("look_original", "look_restyled");
    let changed: Vec<(ElementKind, &str)> = ops
        .iter()
        .filter_map(|o| match o {
            EditOp::Changed { kind, attr, .. } => Some((*kind, attr.as_str())),
            _ => None,
        })
        .collect();
    for want in [
        (ElementKind::Legend, "place"),
        (ElementKind::Axes, "facecolor"),
        (ElementKind::Axes, "ticks"),
    ] {
        assert!(changed.contains(&want), "{want:?} not read: {why}");
    }
    // A legend placed 'best' moves with the data: not a change of its own.
    let (ops, why) = diff("look_best", "look_best_moved");
    assert!(
        !ops.iter().any(
            |o| matches!(o, EditOp::Changed { kind: ElementKind::Legend, attr, .. } if attr == "place")
        ),
        "{why}"
    );
}

/// A legend placed 'best' is where matplotlib put it: where the original chose the same
/// corner it is unchanged, elsewhere it moved (gallery round 3: an answer that wrote
/// `loc='best'` for an original's `'upper right'` drew the same figure).
#[test]
fn a_best_legend_is_where_it_landed() {
    let place_changed = |ops: &[EditOp]| {
        ops.iter().any(
            |o| matches!(o, EditOp::Changed { kind: ElementKind::Legend, attr, .. } if attr == "place"),
        )
    };
    let (ops, why) = diff("look_upper_right", "look_best");
    assert!(!place_changed(&ops), "best landed upper right: {why}");
    let (ops, why) = diff("look_original", "look_best");
    assert!(
        place_changed(&ops),
        "upper left → best (upper right): {why}"
    );
}

/// The legend's columns are read whatever their number: one column where two were asked
/// fails (gallery round 3 read a one-column legend as "no columns", which nothing could
/// be compared with, so the answer passed).
#[test]
fn a_legend_in_one_column_is_not_one_in_two() {
    let (ops, why) = diff("look_two_columns", "look_one_column");
    assert!(
        ops.iter().any(
            |o| matches!(o, EditOp::Changed { kind: ElementKind::Legend, attr, .. } if attr == "columns")
        ),
        "{why}"
    );
    let tol = figure::Tolerances::default();
    let asked = figure::Brief::of("Add a legend with two columns.", "line");
    let (g, r) = (scene("look_one_column"), scene("look_two_columns"));
    let s = figure::compare_generation_in(&g, &r, &asked, &tol);
    assert!(s.score < 0.999, "one column where two were asked: {s:?}");
    let free = figure::Brief::of("Plot the runs and the fit.", "line");
    let s = figure::compare_generation_in(&g, &r, &free, &tol);
    assert!(s.score >= 0.999, "columns never asked: {s:?}");
}

/// A bar's outline (colour and width) is read: "a thick outline (line width 3)" is
/// checked, and only where the task fixes outlines does a difference fail.
#[test]
fn bar_outlines_are_read_and_count_where_the_task_fixes_them() {
    let (ops, why) = diff("bar_original", "bar_outlined");
    for attr in ["edgecolor", "edgewidth"] {
        assert!(
            ops.iter().any(
                |o| matches!(o, EditOp::Changed { kind: ElementKind::Bar, attr: a, .. } if a == attr)
            ),
            "{attr}: {why}"
        );
    }
    let tol = figure::Tolerances::default();
    let fixed = figure::Brief::of(
        "Four bars with a thick black outline (line width 3).",
        "bar",
    );
    let free = figure::Brief::of("Four bars Q1 to Q4 with the values 3, 4, 5, 2.", "bar");
    let (g, r) = (scene("bar_original"), scene("bar_outlined"));
    let strict = figure::compare_generation_in(&g, &r, &fixed, &tol);
    assert!(strict.score < 0.999, "outline asked, not drawn: {strict:?}");
    let loose = figure::compare_generation_in(&g, &r, &free, &tol);
    assert!(loose.score >= 0.999, "outline never asked: {loose:?}");
}

/// Issue #13: a text the instruction places by number ("0.5 units to the right of B")
/// is held to it: nudged by a few pixels it is elsewhere, although it is still next to
/// the same vertex. Placed by words ("inside the angle at B") the same nudge is fine.
#[test]
fn a_text_placed_by_number_is_held_to_the_number() {
    let tol = figure::Tolerances::default();
    let by_number = figure::Brief::of(
        "Write '60°' inside the angle at B, 0.5 units to the right of B and 0.3 above it.",
        "geometry",
    );
    assert!(by_number.places("60°"));
    let by_words = figure::Brief::of("Write '60°' inside the angle at B.", "geometry");
    let (g, r) = (scene("annot_nudged"), scene("annot_original"));
    let strict = figure::compare_generation_in(&g, &r, &by_number, &tol);
    assert!(strict.score < 0.999, "{strict:?}");
    let loose = figure::compare_generation_in(&g, &r, &by_words, &tol);
    assert!(loose.score >= 0.999, "{loose:?}");
}

/// Caps on error bars are part of the error bars, not an ornament beside them: a
/// generation that adds caps the reference does not draw does not pass.
#[test]
fn error_bar_caps_are_not_ornaments() {
    let s = figure::compare_generation(&scene("look_caps"), &scene("look_original"));
    assert!(s.score < 0.999, "caps passed as ornaments: {s:?}");
    let same = figure::compare_generation(&scene("look_original"), &scene("look_original"));
    assert!(same.score >= 0.999, "{same:?}");
}

#[test]
fn one_wedge_removed_reads_as_a_removal_not_a_relabelling() {
    let (ops, why) = diff("pie_original", "pie_no_food");
    let removed: Vec<&EditOp> = ops
        .iter()
        .filter(|o| matches!(o, EditOp::Removed { .. }))
        .collect();
    assert_eq!(removed.len(), 1, "{why}");
    assert_eq!(
        figure::render_op(removed[0]),
        "wedge 'food' removed",
        "{why}"
    );
    assert!(
        !ops.iter().any(|o| matches!(o, EditOp::Added { .. })),
        "{why}"
    );
    // The other slices grew to fill the pie: that is drawn, so it is reported.
    assert!(
        figure::render_ops(&ops).contains("wedge 'rent': fraction 40% → 57.14%"),
        "{why}"
    );
}

#[test]
fn one_curve_from_two_formulas_has_no_ops() {
    // x**2 - 1 on 200 samples against (x - 1)*(x + 1) on 101 samples.
    let (ops, why) = diff("curve_expanded", "curve_factored");
    assert!(ops.is_empty(), "{why}");
}

#[test]
fn another_curve_or_a_part_of_the_domain_is_a_change() {
    let (ops, why) = diff("curve_expanded", "curve_shifted");
    assert_eq!(
        figure::render_ops(&ops),
        "line 'f' changed: max distance 2 on [-5, 5]\n",
        "{why}"
    );
    let (ops, why) = diff("curve_expanded", "curve_half_domain");
    assert_eq!(ops.len(), 1, "{why}");
    assert!(
        figure::render_op(&ops[0]).starts_with("line 'f' changed: domain [-5, 5] → [0, 5]"),
        "{why}"
    );
}

#[test]
fn an_annotation_nudged_within_tolerance_is_the_same_annotation() {
    let (ops, why) = diff("annot_original", "annot_nudged");
    assert!(ops.is_empty(), "{why}");
}

#[test]
fn an_annotation_moved_beyond_tolerance_is_a_move() {
    let (ops, why) = diff("annot_original", "annot_far");
    assert_eq!(ops.len(), 1, "{why}");
    let line = figure::render_op(&ops[0]);
    assert!(line.starts_with("text '60°' moved ("), "{why}");
    // And as an edit: moving the label is not what a reference that keeps it in place did.
    let (s, why) = edit("tri_original", "annot_far", "annot_original");
    assert_eq!(s.f1, 0.0, "{why}");
}

#[test]
fn a_median_is_not_a_perpendicular() {
    let (s, why) = edit("tri_original", "tri_median", "tri_median");
    assert_eq!((s.precision, s.recall, s.f1), (1.0, 1.0, 1.0), "{why}");
    assert_eq!(
        figure::render_ops(&s.reference_ops),
        "segment (1, 4)–(3, 0) added\n",
        "{why}"
    );
    // The same median computed another way, drawn from the other end.
    let (s, why) = edit("tri_original", "tri_median_other_code", "tri_median");
    assert_eq!(s.f1, 1.0, "{why}");
    // From the same vertex, but to the foot of the altitude: a different edit.
    let (s, why) = edit("tri_original", "tri_perpendicular", "tri_median");
    assert!(s.f1 < 0.5, "{why}");
    assert_eq!(
        figure::render_ops(&s.generated_ops),
        "segment (1, 4)–(1, 0) added\n",
        "{why}"
    );
}

#[test]
fn a_no_op_edit_scores_zero() {
    let (s, why) = edit("bar_original", "bar_original", "bar_q3_seven");
    assert!(s.generated_ops.is_empty(), "{why}");
    assert_eq!((s.score, s.reference_ops.len()), (0.0, 1), "{why}");
    assert!(s.notes.iter().any(|n| n.contains("no-op")), "{why}");
    // The right edit scores 1.
    let (s, why) = edit("bar_original", "bar_q3_seven", "bar_q3_seven");
    assert_eq!(s.score, 1.0, "{why}");
}

#[test]
fn a_generation_missing_a_bar_has_recall_below_one() {
    let s = figure::compare_generation(&scene("bar_no_q4"), &scene("bar_original"));
    let why = explain(&["bar_no_q4", "bar_original"], &s.generated_ops);
    assert!(
        s.recall < 1.0 && s.precision == 1.0,
        "p {} r {}\n{why}",
        s.precision,
        s.recall
    );
    assert_eq!(
        figure::render_ops(&s.generated_ops),
        "bar 'Q4' removed\n",
        "{why}"
    );
}

#[test]
fn bars_drawn_in_another_order_at_the_same_places_are_equal() {
    let (ops, why) = diff("bar_original", "bar_drawn_backwards");
    assert!(ops.is_empty(), "{why}");
    let s = figure::compare_generation(&scene("bar_drawn_backwards"), &scene("bar_original"));
    assert_eq!(s.f1, 1.0, "{why}");
    // Shown in another order, the same bars are still the same bars (no height changes);
    // only their order is reported.
    let (ops, why) = diff("bar_original", "bar_visibly_reordered");
    assert_eq!(
        figure::render_ops(&ops),
        "axes: bar_order [Q1, Q2, Q3, Q4] → [Q3, Q1, Q2, Q4]\n",
        "{why}"
    );
}

#[test]
fn scores_survive_a_json_round_trip() {
    let s = figure::compare_edit(
        &scene("curve_expanded"),
        &scene("curve_half_domain"),
        &scene("curve_shifted"),
    );
    let json = serde_json::to_string(&s).expect("serialise");
    let back: FigureScore = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(back.generated_ops.len(), s.generated_ops.len());
    assert_eq!(
        figure::render_ops(&back.generated_ops),
        figure::render_ops(&s.generated_ops)
    );
}

#[test]
fn a_disc_under_an_outlined_circle_is_the_circle_filled() {
    // realsrc-k's geometry-g3k-1614-modification: "fill the circle light blue" done by a
    // light-blue disc drawn under the outline is the reference's filled circle.
    let (ops, why) = diff("circle_filled", "circle_disc_under");
    assert!(ops.is_empty(), "{why}");
    let (s, why) = edit("circle_outline", "circle_disc_under", "circle_filled");
    assert!((s.f1 - 1.0).abs() < 1e-9, "{why}");
    // The outline alone against the filled circle is one change: its fill.
    let (ops, why) = diff("circle_outline", "circle_filled");
    assert_eq!(ops.len(), 1, "{why}");
}
