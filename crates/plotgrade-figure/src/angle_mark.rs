//! An arc that marks an angle, read by the angle it marks, not by its radius.
//!
//! "Write 15° inside the angle EAB, with a small arc marking the angle": the arc says
//! which angle, by where it is centred and where its two ends point; how far out it is
//! drawn is the drawer's taste (issue #25, round 24: three writers of realsrc-u drew the
//! arc at E with radius 1 or 1.2 where the reference drew 1.5, and failed). An answer's
//! arc is read with the reference's radius when:
//! - both are centred on the same point and turn through the same angles (as compared
//!   anywhere: within the position and angle tolerances);
//! - in each figure, that point is a corner where two drawn strokes (segments, sides of
//!   polygons, short polylines) meet or pass, and the arc's two ends lie along two of
//!   them ([`ALONG`]): it marks the angle between them;
//! - in each figure, the arc stays inside that corner: its radius is shorter than both
//!   strokes, so it is a mark and not another circle's arc;
//! - the answer's arc runs through no text's box: drawn through the label it marks
//!   (realsrc-u: "74°" cut by its arc), it is not read as the reference's arc, which
//!   left the label clear.
//!
//! An arc that marks another angle, or none (a compass arc, an arc of the figure's own
//! circle), keeps its radius and is compared by it.
//!
//! Written by hand: a rule of this grader's reading, no library's.

use super::element::{ElementKind, Value};
use super::geometry::{point_segment, turn};
use super::inventory::Inventory;
use super::tolerance::{Frame, Tolerances};

/// How far (degrees) an arc's end may be from a stroke's direction.
const ALONG: f64 = 2.0;

/// In `generated`, the arcs that mark the angle a `reference` arc marks take its radius
/// (see the module's documentation).
pub(crate) fn adopt(generated: &mut Inventory, reference: &Inventory, tol: &Tolerances) {
    // First, with the arcs as drawn.
    drop_crossed_labels(generated, reference);
    let arcs = |inv: &Inventory| -> Vec<(usize, usize, Option<usize>, Arc)> {
        inv.elements
            .iter()
            .filter(|e| e.kind == ElementKind::Arc)
            .filter_map(|e| Arc::of(&e.attrs).map(|a| (e.id, e.figure, e.axes, a)))
            .collect()
    };
    let theirs = arcs(reference);
    let mut taken = Vec::new();
    for (id, figure, axes, g) in arcs(generated) {
        let (Some(frame), Some(their_frame)) =
            (generated.frame(figure, axes), reference.frame(figure, axes))
        else {
            continue;
        };
        let same = theirs.iter().find(|(_, f, a, r)| {
            (*f, *a) == (figure, axes)
                && frame.distance(g.center, r.center) <= tol.position
                && turn(g.theta1, r.theta1) <= tol.angle
                && turn(g.theta2, r.theta2) <= tol.angle
                && (g.radius - r.radius).abs() > f64::EPSILON
        });
        let Some((_, _, _, r)) = same else {
            continue;
        };
        let marks = |inv: &Inventory, frame: &Frame, a: &Arc| {
            reach(inv, figure, axes, frame, a).is_some_and(|limit| a.radius < limit)
        };
        if marks(generated, &frame, &g)
            && marks(reference, &their_frame, r)
            && !through_a_text(generated, figure, axes, &g)
        {
            taken.push((id, r.radius));
        }
    }
    for (id, radius) in taken {
        if let Some(e) = generated.elements.iter_mut().find(|e| e.id == id) {
            e.attrs.insert("radius".into(), Value::Length(radius));
        }
    }
}

/// A text of `generated` that an arc runs through, well inside its box, is not read
/// (it cannot be, and the figure channel credits what can): realsrc-u, round 24, "74°"
/// written where its angle's arc cuts through the 7 passed once the arc at the other
/// vertex was read by its angle. Only where the `reference` writes that text clear of
/// every arc: a figure whose every reading crosses it is judged as it is drawn.
fn drop_crossed_labels(generated: &mut Inventory, reference: &Inventory) {
    let crossed = |inv: &Inventory| -> Vec<(usize, String)> {
        let arcs: Vec<(usize, Option<usize>, Arc)> = inv
            .elements
            .iter()
            .filter(|e| e.kind == ElementKind::Arc)
            .filter_map(|e| Arc::of(&e.attrs).map(|a| (e.figure, e.axes, a)))
            .collect();
        inv.elements
            .iter()
            .filter(|e| e.kind == ElementKind::Text)
            .filter_map(|e| match (e.attrs.get("box"), e.attrs.get("text")) {
                (Some(Value::Box(b)), Some(Value::Text(t))) => Some((e, *b, t.clone())),
                _ => None,
            })
            .filter(|(e, b, _)| {
                let inner = well_inside(b);
                arcs.iter().any(|(f, a, arc)| {
                    (*f, *a) == (e.figure, e.axes)
                        && arc_points(arc).iter().any(|p| inside(p, &inner))
                })
            })
            .map(|(e, _, t)| (e.id, t))
            .collect()
    };
    let theirs: Vec<String> = crossed(reference).into_iter().map(|(_, t)| t).collect();
    let drop: Vec<usize> = crossed(generated)
        .into_iter()
        .filter(|(_, t)| !theirs.contains(t))
        .map(|(id, _)| id)
        .collect();
    generated.remove(&drop);
}

/// How far inside a text's box (a share of its width and height) an arc must pass to
/// run through it rather than graze it.
const CLEAR: f64 = 0.1;

/// The part of a text's box an arc must reach to run through the text: the box less
/// CLEAR of its width and height on each side.
fn well_inside(b: &[f64; 4]) -> [f64; 4] {
    let (w, h) = (b[2] - b[0], b[3] - b[1]);
    [
        b[0] + CLEAR * w,
        b[1] + CLEAR * h,
        b[2] - CLEAR * w,
        b[3] - CLEAR * h,
    ]
}

fn inside(p: &[f64; 2], b: &[f64; 4]) -> bool {
    p[0] > b[0] && p[0] < b[2] && p[1] > b[1] && p[1] < b[3]
}

/// Points along `arc`, one a degree.
fn arc_points(arc: &Arc) -> Vec<[f64; 2]> {
    let span = (arc.theta2 - arc.theta1).rem_euclid(360.0);
    let steps = span.ceil().max(1.0) as usize;
    (0..=steps)
        .map(|k| {
            let t = (arc.theta1 + span * k as f64 / steps as f64).to_radians();
            [
                arc.center[0] + arc.radius * t.cos(),
                arc.center[1] + arc.radius * t.sin(),
            ]
        })
        .collect()
}

#[derive(Debug, Clone, Copy)]
struct Arc {
    center: [f64; 2],
    radius: f64,
    theta1: f64,
    theta2: f64,
}

impl Arc {
    fn of(attrs: &std::collections::BTreeMap<String, Value>) -> Option<Arc> {
        match (
            attrs.get("center"),
            attrs.get("radius"),
            attrs.get("theta1"),
            attrs.get("theta2"),
        ) {
            (
                Some(Value::Point(c)),
                Some(Value::Length(r)),
                Some(Value::Angle(t1)),
                Some(Value::Angle(t2)),
            ) => Some(Arc {
                center: *c,
                radius: *r,
                theta1: *t1,
                theta2: *t2,
            }),
            _ => None,
        }
    }
}

/// Whether `arc` runs through a text of that axes, well inside its box (sampled every
/// degree): an arc that grazes the corner of a label's box passes by it (realsrc-v,
/// round 26: "60°" written just outside its arc, whose box's corner the arc clipped).
fn through_a_text(inv: &Inventory, figure: usize, axes: Option<usize>, arc: &Arc) -> bool {
    let on_arc = arc_points(arc);
    inv.elements
        .iter()
        .filter(|e| e.kind == ElementKind::Text && (e.figure, e.axes) == (figure, axes))
        .filter_map(|e| match e.attrs.get("box") {
            Some(Value::Box(b)) => Some(well_inside(b)),
            _ => None,
        })
        .any(|b| on_arc.iter().any(|p| inside(p, &b)))
}

/// The straight strokes of one axes: segments, sides of polygons, pieces of short
/// polylines (data units).
fn strokes(inv: &Inventory, figure: usize, axes: Option<usize>) -> Vec<[[f64; 2]; 2]> {
    let mut out = Vec::new();
    for e in inv
        .elements
        .iter()
        .filter(|e| (e.figure, e.axes) == (figure, axes))
    {
        match (
            e.kind,
            e.attrs.get("ends"),
            e.attrs.get("vertices"),
            e.attrs.get("curve"),
        ) {
            (ElementKind::Segment, Some(Value::Segment(s)), _, _) => out.push(*s),
            (ElementKind::Polygon, _, Some(Value::Polygon(v)), _) if v.len() >= 3 => {
                for k in 0..v.len() {
                    out.push([v[k], v[(k + 1) % v.len()]]);
                }
            }
            (ElementKind::Line, _, _, Some(Value::Curve(c))) if c.x.len() <= 6 => {
                for k in 1..c.x.len() {
                    out.push([[c.x[k - 1], c.y[k - 1]], [c.x[k], c.y[k]]]);
                }
            }
            _ => {}
        }
    }
    out
}

/// Where `arc` marks the corner between two strokes: the shorter of the two arms'
/// lengths (data units); `None` where it marks no corner.
fn reach(
    inv: &Inventory,
    figure: usize,
    axes: Option<usize>,
    frame: &Frame,
    arc: &Arc,
) -> Option<f64> {
    // Each arm: a direction out of the centre along a stroke, and its length.
    let mut arms: Vec<(f64, f64)> = Vec::new();
    let tol = 1e-3;
    for s in strokes(inv, figure, axes) {
        if point_segment(frame, arc.center, s) > tol {
            continue;
        }
        for end in s {
            let (dx, dy) = (end[0] - arc.center[0], end[1] - arc.center[1]);
            let len = dx.hypot(dy);
            if frame.distance(end, arc.center) > tol && len.is_finite() {
                arms.push((dy.atan2(dx).to_degrees(), len));
            }
        }
    }
    let arm = |theta: f64| {
        arms.iter()
            .filter(|(d, _)| turn(*d, theta) <= ALONG)
            .map(|&(_, len)| len)
            .fold(None, |m: Option<f64>, l| Some(m.map_or(l, |m| m.max(l))))
    };
    match (arm(arc.theta1), arm(arc.theta2)) {
        (Some(a), Some(b)) if turn(arc.theta1, arc.theta2) > ALONG => Some(a.min(b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::brief::Brief;
    use super::super::score::compare_edit_in;
    use super::*;
    use plotgrade_model::scene::{Axes, Figure, Line, Patch, PatchKind, Scene, Text};

    /// Triangle C(0, 0), A(6, 0), B(0, 4) on equal axes, with the arcs given.
    fn triangle(arcs: Vec<Patch>) -> Scene {
        let side = |p: [f64; 2], q: [f64; 2]| Line {
            x: vec![p[0], q[0]],
            y: vec![p[1], q[1]],
            color: "#000000ff".into(),
            linewidth: 1.5,
            linestyle: "-".into(),
            ..Line::default()
        };
        let ax = Axes {
            xlim: [-1.0, 7.0],
            ylim: [-1.0, 5.0],
            xscale: "linear".into(),
            yscale: "linear".into(),
            lines: vec![
                side([0.0, 0.0], [6.0, 0.0]),
                side([6.0, 0.0], [0.0, 4.0]),
                side([0.0, 4.0], [0.0, 0.0]),
            ],
            patches: arcs,
            ..Axes::default()
        };
        Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![ax],
                ..Figure::default()
            }],
        }
    }

    /// The arc at A between AC (180°) and AB (146.31°).
    fn at_a(radius: f64, theta1: f64, theta2: f64) -> Patch {
        Patch {
            kind: PatchKind::Arc,
            center: Some([6.0, 0.0]),
            radius: Some(radius),
            theta1: Some(theta1),
            theta2: Some(theta2),
            facecolor: "none".into(),
            edgecolor: "#000000ff".into(),
            linewidth: 1.0,
            linestyle: "-".into(),
            ..Patch::default()
        }
    }

    fn f1(generated: &Scene, reference: &Scene) -> f64 {
        let brief = Brief::of(
            "Mark the angle at A with a small arc and write its measure inside it.",
            "geometry",
        );
        compare_edit_in(
            &triangle(vec![]),
            generated,
            reference,
            &brief,
            &Tolerances::default(),
        )
        .f1
    }

    /// realsrc-u, round 24: an arc marking the angle at A, drawn a little smaller than the
    /// reference's, marks the same angle.
    #[test]
    fn an_arc_marking_the_same_angle_at_another_radius_marks_it() {
        let reference = triangle(vec![at_a(1.5, 146.31, 180.0)]);
        assert_eq!(
            f1(&triangle(vec![at_a(1.0, 146.31, 180.0)]), &reference),
            1.0
        );
        assert_eq!(
            f1(&triangle(vec![at_a(1.0, -213.69, -180.0)]), &reference),
            1.0
        );
    }

    /// Another angle (the reflex side), an arc reaching past the sides, or an arc whose
    /// ends follow no side is compared by its radius as before.
    #[test]
    fn an_arc_that_marks_no_corner_keeps_its_radius() {
        let reference = triangle(vec![at_a(1.5, 146.31, 180.0)]);
        assert!(f1(&triangle(vec![at_a(1.0, 180.0, 146.31)]), &reference) < 1.0);
        assert!(f1(&triangle(vec![at_a(7.5, 146.31, 180.0)]), &reference) < 1.0);
        let loose = |r| triangle(vec![at_a(r, 150.0, 175.0)]);
        assert!(f1(&loose(1.0), &loose(1.5)) < 1.0);
    }

    /// realsrc-u, round 24: an arc drawn through the label of its angle ("74°" cut by
    /// its arc) is not read as the reference's, which left the label clear.
    #[test]
    fn an_arc_drawn_through_its_angle_s_label_keeps_its_radius() {
        let label = |at: [f64; 2]| Text {
            text: "34°".into(),
            x: at[0],
            y: at[1],
            r#box: [at[0] - 0.3, at[1] - 0.15, at[0] + 0.3, at[1] + 0.15],
            color: "#000000ff".into(),
            size: 10.0,
            weight: "normal".into(),
            ..Text::default()
        };
        let with = |radius: f64, at: [f64; 2]| {
            let mut s = triangle(vec![at_a(radius, 146.31, 180.0)]);
            s.figures[0].axes[0].texts.push(label(at));
            s
        };
        let reference = with(1.5, [4.2, 0.3]);
        assert_eq!(f1(&with(2.5, [4.2, 0.3]), &reference), 1.0, "clear of it");
        assert!(f1(&with(1.8, [4.2, 0.3]), &reference) < 1.0, "through it");
        // realsrc-v, round 26: an arc that only clips the corner of the label's box
        // (within a tenth of its width of the edge) passes by the label.
        assert_eq!(
            f1(&with(1.52, [4.2, 0.3]), &with(1.0, [4.2, 0.3])),
            1.0,
            "grazing its box"
        );
    }
}
