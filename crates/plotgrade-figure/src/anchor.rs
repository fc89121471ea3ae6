//! What each text labels: the drawn element it sits next to.
//!
//! A label is right when it says the right thing next to the right element, whichever
//! side of it it sits on and whichever artist wrote it: "(−3, 0)" to the left of its
//! point or above it, "7" below side BC or above it, "35%" anywhere in its slice.
//!
//! Texts are anchored per axes, in two steps:
//! 1. to **points** — markers, data points, bar ends, wedge middles, shape vertices, the
//!    ends of segments and where segments cross — one text to one point, by an optimal
//!    assignment on distance within [`ATTACH_POINT`]: a label placed a little nearer a
//!    neighbour's point than its own still belongs to its own when the neighbour has a
//!    label of its own (crowded labels on a parabola, on bars);
//! 2. the rest to the nearest **segment** within [`ATTACH`] (a side's length).
//!
//! Small marks (a right-angle mark, an arc in an angle) are not anchors: they mark, they
//! are not what is labelled. Two texts with equal words and equal anchors are at the same
//! place ([`same_place`](super::element::same_place)).

use super::element::{Anchor, DATA_SERIES_POINTS, Element, ElementKind, Value};
use super::hungarian::assign_capped;
use super::inventory::Inventory;
use super::tolerance::Frame;

/// How far (unit space) a text's box may be from the point it labels: about 36 px on a
/// 400 px axes, farther than labels are put from their points, nearer than most
/// neighbours. Measured from the box, not its centre, so a long label is not farther.
pub const ATTACH_POINT: f64 = 0.09;
/// What a second text at the same point costs (unit space): more than two crowded
/// labels' distances differ, less than the reach of a label.
const SECOND_LABEL: f64 = 0.05;
/// How far a text's box may be from the segment it labels (a side's length beside it).
pub const ATTACH: f64 = 0.1;
/// Segments shorter than this (unit space) are marks, not things that are labelled.
const MARK: f64 = 0.08;

/// The points and segments of one axes that texts may label.
fn candidates(
    inv: &Inventory,
    figure: usize,
    axes: Option<usize>,
    frame: &Frame,
) -> (Vec<[f64; 2]>, Vec<[[f64; 2]; 2]>) {
    let (mut points, mut segments) = (Vec::new(), Vec::new());
    for e in inv
        .elements
        .iter()
        .filter(|e| e.figure == figure && e.axes == axes)
    {
        match e.kind {
            ElementKind::Point => {
                if let Some(Value::Point(p)) = e.attrs.get("position") {
                    points.push(*p);
                }
            }
            ElementKind::Segment => {
                if let Some(Value::Segment(s)) = e.attrs.get("ends")
                    && frame.distance(s[0], s[1]) >= MARK
                {
                    segments.push(*s);
                    points.extend(s);
                }
            }
            ElementKind::Bar => points.push(bar_end(e)),
            ElementKind::Wedge => points.extend(wedge_middle(e)),
            ElementKind::Line => {
                if let Some(Value::Curve(c)) = e.attrs.get("curve")
                    && c.x.len() <= DATA_SERIES_POINTS
                {
                    points.extend(
                        c.x.iter()
                            .zip(&c.y)
                            .filter(|(x, y)| x.is_finite() && y.is_finite())
                            .map(|(x, y)| [*x, *y]),
                    );
                }
            }
            ElementKind::Polygon => {
                if let Some(Value::Polygon(v)) = e.attrs.get("vertices") {
                    points.extend(v);
                }
            }
            ElementKind::Circle => {
                if let (Some(Value::Point(c)), Some(Value::Length(r))) =
                    (e.attrs.get("center"), e.attrs.get("radius"))
                    && frame.unit_length(*r) >= MARK / 2.0
                {
                    points.push(*c);
                }
            }
            _ => {}
        }
    }
    // Where two segments cross inside both (the intersection of two diagonals).
    for i in 0..segments.len() {
        for j in i + 1..segments.len() {
            if let Some(p) = crossing(&segments[i], &segments[j]) {
                points.push(p);
            }
        }
    }
    // One candidate per place.
    let mut unique: Vec<[f64; 2]> = Vec::new();
    for p in points {
        if p[0].is_finite()
            && p[1].is_finite()
            && !unique.iter().any(|q| frame.distance(p, *q) <= 1e-9)
        {
            unique.push(p);
        }
    }
    (unique, segments)
}

/// The point where two segments cross, strictly inside both.
fn crossing(a: &[[f64; 2]; 2], b: &[[f64; 2]; 2]) -> Option<[f64; 2]> {
    let (p, r) = (a[0], [a[1][0] - a[0][0], a[1][1] - a[0][1]]);
    let (q, s) = (b[0], [b[1][0] - b[0][0], b[1][1] - b[0][1]]);
    let cross = r[0] * s[1] - r[1] * s[0];
    if cross.abs() < 1e-12 {
        return None;
    }
    let qp = [q[0] - p[0], q[1] - p[1]];
    let t = (qp[0] * s[1] - qp[1] * s[0]) / cross;
    let u = (qp[0] * r[1] - qp[1] * r[0]) / cross;
    let inside = |v: f64| v > 1e-6 && v < 1.0 - 1e-6;
    (inside(t) && inside(u)).then(|| [p[0] + t * r[0], p[1] + t * r[1]])
}

/// Where a bar ends: the top of a vertical bar, the right end of a horizontal one.
fn bar_end(e: &Element) -> [f64; 2] {
    let get = |k: &str| match e.attrs.get(k) {
        Some(Value::Measure(v)) => *v,
        _ => f64::NAN,
    };
    let end = get("bottom") + get("height");
    match e.attrs.get("orientation") {
        Some(Value::Exact(o)) if o == "horizontal" => [end, e.at[0]],
        _ => [e.at[0], end],
    }
}

/// The middle of a wedge, where a percentage is written (0.6 of its radius).
fn wedge_middle(e: &Element) -> Option<[f64; 2]> {
    let (Some(Value::Angle(mid)), Some(Value::Point(c))) =
        (e.attrs.get("angle"), e.attrs.get("center"))
    else {
        return None;
    };
    let r = match e.attrs.get("radius") {
        Some(Value::Length(r)) => *r,
        _ => 1.0,
    };
    let t = mid.to_radians();
    Some([c[0] + 0.6 * r * t.cos(), c[1] + 0.6 * r * t.sin()])
}

fn point_segment(frame: &Frame, p: [f64; 2], s: &[[f64; 2]; 2]) -> f64 {
    let (a, b, q) = (frame.unit(s[0]), frame.unit(s[1]), frame.unit(p));
    let d = [b[0] - a[0], b[1] - a[1]];
    let len2 = d[0] * d[0] + d[1] * d[1];
    let t = if len2 > 0.0 {
        (((q[0] - a[0]) * d[0] + (q[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let foot = [a[0] + t * d[0], a[1] + t * d[1]];
    (q[0] - foot[0]).hypot(q[1] - foot[1])
}

/// Give every text of the inventory its `anchor` attribute, where it has one.
pub fn anchor_texts(inv: &mut Inventory) {
    let mut groups: Vec<(usize, Option<usize>)> = inv
        .elements
        .iter()
        .filter(|e| e.kind == ElementKind::Text && e.axes.is_some())
        .map(|e| (e.figure, e.axes))
        .collect();
    groups.sort();
    groups.dedup();
    let mut found = Vec::new();
    for (figure, axes) in groups {
        let frame = inv.frame(figure, axes).unwrap_or(Frame::UNIT);
        let (points, segments) = candidates(inv, figure, axes, &frame);
        let texts = text_boxes(inv, figure, axes, &frame);
        let anchored = to_points(&texts, &points, &frame, &mut found);
        let rest: Vec<&(usize, [f64; 4])> = texts
            .iter()
            .enumerate()
            .filter(|(k, _)| !anchored[*k])
            .map(|(_, t)| t)
            .collect();
        to_segments(&rest, &segments, &frame, &mut found);
    }
    for (id, anchor) in found {
        inv.elements[id]
            .attrs
            .insert("anchor".into(), Value::Anchor(anchor));
    }
}

/// Each text of one axes as a box in unit space (its centre alone when the box is
/// unknown), with its element id.
fn text_boxes(
    inv: &Inventory,
    figure: usize,
    axes: Option<usize>,
    frame: &Frame,
) -> Vec<(usize, [f64; 4])> {
    inv.elements
        .iter()
        .filter(|e| e.kind == ElementKind::Text && e.figure == figure && e.axes == axes)
        .filter_map(|e| match (e.attrs.get("box"), e.attrs.get("position")) {
            (Some(Value::Box(b)), _) => {
                let (p, q) = (frame.unit([b[0], b[1]]), frame.unit([b[2], b[3]]));
                Some((
                    e.id,
                    [
                        p[0].min(q[0]),
                        p[1].min(q[1]),
                        p[0].max(q[0]),
                        p[1].max(q[1]),
                    ],
                ))
            }
            (None, Some(Value::Place { data, .. })) => {
                let p = frame.unit(*data);
                Some((e.id, [p[0], p[1], p[0], p[1]]))
            }
            _ => None,
        })
        .collect()
}

/// Distance (unit space) from a text's box to a point in data space.
fn to_box(frame: &Frame, b: &[f64; 4], p: [f64; 2]) -> f64 {
    let q = frame.unit(p);
    let dx = (b[0] - q[0]).max(0.0).max(q[0] - b[2]);
    let dy = (b[1] - q[1]).max(0.0).max(q[1] - b[3]);
    let d = dx.hypot(dy);
    if d.is_nan() { f64::INFINITY } else { d }
}

/// Step 1, texts to points: each point takes one text, and a second one (a vertex's name
/// and the angle at it) only at a price, so that of two crowded labels each goes to its
/// own point rather than both to the nearer one. Which texts were anchored.
fn to_points(
    texts: &[(usize, [f64; 4])],
    points: &[[f64; 2]],
    frame: &Frame,
    found: &mut Vec<(usize, Anchor)>,
) -> Vec<bool> {
    let mut anchored = vec![false; texts.len()];
    if points.is_empty() || 2 * texts.len() * points.len() > super::pairing::ASSIGNMENT_LIMIT {
        return anchored;
    }
    let cost: Vec<Vec<f64>> = texts
        .iter()
        .map(|(_, b)| {
            let d: Vec<f64> = points.iter().map(|p| to_box(frame, b, *p)).collect();
            let within = |x: f64, extra: f64| {
                if x <= ATTACH_POINT {
                    x + extra
                } else {
                    f64::INFINITY
                }
            };
            d.iter()
                .map(|&x| within(x, 0.0))
                .chain(d.iter().map(|&x| within(x, SECOND_LABEL)))
                .collect()
        })
        .collect();
    for (t, c) in assign_capped(&cost, ATTACH_POINT + SECOND_LABEL) {
        anchored[t] = true;
        found.push((texts[t].0, Anchor::Point(points[c % points.len()])));
    }
    anchored
}

/// Step 2, the rest to the nearest segment: the box's centre to the segment, less half
/// the box's diagonal, so that a box is near when it comes within reach of the segment.
fn to_segments(
    texts: &[&(usize, [f64; 4])],
    segments: &[[[f64; 2]; 2]],
    frame: &Frame,
    found: &mut Vec<(usize, Anchor)>,
) {
    for (id, b) in texts {
        let centre = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
        let half = ((b[2] - b[0]).hypot(b[3] - b[1])) / 2.0;
        let nearest = segments
            .iter()
            .map(|s| {
                (
                    (point_segment(&Frame::UNIT, centre, &[frame.unit(s[0]), frame.unit(s[1])])
                        - half)
                        .max(0.0),
                    *s,
                )
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((d, s)) = nearest
            && d <= ATTACH
        {
            found.push((*id, Anchor::Segment(s)));
        }
    }
}
