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
//!
//! Each anchored text also gets its **side** ([`Side`]): at a point, the angle it sits in
//! between the lines that leave the point (the sides meeting at a vertex, a data series
//! through its point) and whether it is above, below, left or right of it; at a segment,
//! which side of the segment's line. Where the task places texts in words ("inside angle
//! ABC", "below each point", "outside, next to side AB"), the side is part of the place:
//! the same anchor on the other side is another place.

use super::element::{
    Anchor, COVER, DATA_SERIES_POINTS, Element, ElementKind, MARK, ON_IT, POLYGON_CORNERS, Side,
    Value,
};
use super::geometry::point_segment;
use super::hungarian::assign_capped;
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

/// The points and segments of one axes that texts may label.
/// What texts of one axes may label: points, segments, and the drawn polylines through
/// points (data series, polygon rings: closed) that give a point its sides.
struct Candidates {
    points: Vec<[f64; 2]>,
    segments: Vec<[[f64; 2]; 2]>,
    polylines: Vec<(Vec<[f64; 2]>, bool)>,
    /// Every drawn curve (data series and sampled functions), for the side of a text
    /// that is next to no point or segment.
    curves: Vec<Vec<[f64; 2]>>,
    /// Bar ends with their half widths (data) and whether the bar is vertical.
    bar_ends: Vec<([f64; 2], f64, bool)>,
    /// Where drawn lines meet or cross: the ends of segments and the crossings of two. A
    /// joint inside a segment divides it into parts that are labelled apart ("6 beside
    /// BD, 4 beside DC" on the side BC, D the foot of a height).
    joints: Vec<[f64; 2]>,
}

impl Candidates {
    /// What element `e` offers: its points, segments, polylines, curves or bar ends.
    fn add(&mut self, e: &Element, frame: &Frame) {
        match e.kind {
            ElementKind::Point => {
                if let Some(Value::Point(p)) = e.attrs.get("position") {
                    self.points.push(*p);
                }
            }
            ElementKind::Segment => {
                if let Some(Value::Segment(s)) = e.attrs.get("ends")
                    && frame.distance(s[0], s[1]) >= MARK
                {
                    self.segments.push(*s);
                    self.points.extend(s);
                }
            }
            ElementKind::Bar => {
                let end = bar_end(e);
                self.points.push(end);
                if let Some(Value::Measure(w)) = e.attrs.get("width") {
                    let vertical = !matches!(e.attrs.get("orientation"), Some(Value::Exact(o)) if o == "horizontal");
                    self.bar_ends.push((end, w.abs() / 2.0, vertical));
                }
            }
            ElementKind::Wedge => self.points.extend(wedge_middle(e)),
            // A horizontal reference line (`axhline`): a curve across the axes, for the
            // side of a label written above or below it.
            ElementKind::Reference => {
                if let Some(Value::Coord { axis: 'y', at }) = e.attrs.get("at") {
                    let (lo, hi) = (
                        frame.xlim[0].min(frame.xlim[1]),
                        frame.xlim[0].max(frame.xlim[1]),
                    );
                    self.curves.push(vec![[lo, *at], [hi, *at]]);
                }
            }
            ElementKind::Line => {
                if let Some(Value::Curve(c)) = e.attrs.get("curve") {
                    self.curves
                        .push(c.x.iter().zip(&c.y).map(|(x, y)| [*x, *y]).collect());
                }
                if let Some(Value::Curve(c)) = e.attrs.get("curve")
                    && c.x.len() <= DATA_SERIES_POINTS
                {
                    let series: Vec<[f64; 2]> =
                        c.x.iter().zip(&c.y).map(|(x, y)| [*x, *y]).collect();
                    self.points.extend(
                        series
                            .iter()
                            .filter(|p| p[0].is_finite() && p[1].is_finite()),
                    );
                    self.polylines.push((series, false));
                }
            }
            ElementKind::Polygon => {
                // A polygon's corners (a triangle's, a parallelogram's); a shaded region's
                // hundreds of vertices are its outline, not points anyone labels.
                if let Some(Value::Polygon(v)) = e.attrs.get("vertices")
                    && v.len() <= POLYGON_CORNERS
                {
                    self.points.extend(v);
                    self.polylines.push((v.clone(), true));
                }
            }
            ElementKind::Circle => {
                if let (Some(Value::Point(c)), Some(Value::Length(r))) =
                    (e.attrs.get("center"), e.attrs.get("radius"))
                    && frame.unit_length(*r) >= MARK / 2.0
                {
                    self.points.push(*c);
                }
            }
            _ => {}
        }
    }
}

fn candidates(
    elements: &[Element],
    figure: usize,
    axes: Option<usize>,
    frame: &Frame,
) -> Candidates {
    let mut c = Candidates {
        points: Vec::new(),
        segments: Vec::new(),
        polylines: Vec::new(),
        curves: Vec::new(),
        bar_ends: Vec::new(),
        joints: Vec::new(),
    };
    for e in elements
        .iter()
        .filter(|e| e.figure == figure && e.axes == axes)
    {
        c.add(e, frame);
    }
    let Candidates {
        mut points,
        segments,
        polylines,
        curves,
        bar_ends,
        ..
    } = c;
    let mut joints: Vec<[f64; 2]> = segments.iter().flatten().copied().collect();
    // Where two segments cross inside both (the intersection of two diagonals).
    for i in 0..segments.len() {
        for j in i + 1..segments.len() {
            if let Some(p) = crossing(&segments[i], &segments[j]) {
                points.push(p);
                joints.push(p);
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
    Candidates {
        points: unique,
        segments,
        polylines,
        curves,
        bar_ends,
        joints,
    }
}

/// The part of segment `s` a text with box `b` (unit space) is beside: `s` divided at the
/// joints inside it (at least [`MARK`] from its ends and from each other), the part the
/// text's centre projects onto. Without a joint inside, `s` itself.
fn part_of(c: &Candidates, s: [[f64; 2]; 2], b: &[f64; 4], frame: &Frame) -> [[f64; 2]; 2] {
    let (a, z) = (frame.unit(s[0]), frame.unit(s[1]));
    let d = [z[0] - a[0], z[1] - a[1]];
    let len = d[0].hypot(d[1]);
    if len < 2.0 * MARK {
        return s;
    }
    let along = |q: [f64; 2]| ((q[0] - a[0]) * d[0] + (q[1] - a[1]) * d[1]) / (len * len);
    let mut cuts: Vec<(f64, [f64; 2])> = c
        .joints
        .iter()
        .filter(|p| point_segment(frame, **p, s) <= ON_IT)
        .map(|p| (along(frame.unit(*p)), *p))
        .filter(|(t, _)| *t * len >= MARK && (1.0 - *t) * len >= MARK)
        .collect();
    if cuts.is_empty() {
        return s;
    }
    cuts.sort_by(|x, y| x.0.total_cmp(&y.0));
    cuts.dedup_by(|x, y| (x.0 - y.0) * len < MARK);
    let centre = along([(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0]);
    let mut from = (0.0, s[0]);
    for cut in cuts {
        if centre < cut.0 {
            return [from.1, cut.1];
        }
        from = cut;
    }
    [from.1, s[1]]
}

/// Which side of the nearest curve a text with box `b` (unit space) is on: the curve
/// whose height at the text's centre x is nearest, within [`ATTACH`].
fn curve_side(c: &Candidates, b: &[f64; 4], frame: &Frame) -> Option<Side> {
    let centre = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
    let mut best: Option<(f64, [[f64; 2]; 2])> = None;
    for curve in &c.curves {
        let u: Vec<[f64; 2]> = curve.iter().map(|p| frame.unit(*p)).collect();
        for (k, w) in u.windows(2).enumerate() {
            let (p, q) = (w[0], w[1]);
            let (lo, hi) = (p[0].min(q[0]), p[0].max(q[0]));
            if !(lo <= centre[0] && centre[0] <= hi) || hi - lo <= 0.0 {
                continue;
            }
            let y = p[1] + (q[1] - p[1]) * (centre[0] - p[0]) / (q[0] - p[0]);
            let dy = centre[1] - y;
            if dy.is_finite()
                && dy.abs() <= ATTACH
                && best.is_none_or(|(d, _): (f64, _)| dy.abs() < d.abs())
            {
                best = Some((dy, [curve[k], curve[k + 1]]));
            }
        }
    }
    best.map(|(dy, piece)| Side::Curve {
        piece: Some(piece),
        sign: if dy.abs() < ON_IT {
            0
        } else if dy > 0.0 {
            1
        } else {
            -1
        },
    })
}

/// The directions (radians in unit space, sorted) of the lines that leave point `p`:
/// segments ending at it or passing through it, and the neighbours of `p` on a polyline.
fn rays(c: &Candidates, p: [f64; 2], frame: &Frame) -> Vec<f64> {
    let q = frame.unit(p);
    let mut out: Vec<f64> = Vec::new();
    let mut toward = |r: [f64; 2]| {
        let u = frame.unit(r);
        let (dx, dy) = (u[0] - q[0], u[1] - q[1]);
        if dx.is_finite() && dy.is_finite() && dx.hypot(dy) > ON_POINT {
            out.push(dy.atan2(dx));
        }
    };
    // A point on a side is on it as a reader sees it: within ON_IT (coordinates rounded
    // to two decimals put L a hair off JM), not only exactly.
    for s in &c.segments {
        let (d0, d1) = (frame.distance(s[0], p), frame.distance(s[1], p));
        if d0.min(d1) <= ON_IT {
            toward(if d0 > d1 { s[0] } else { s[1] });
        } else if point_segment(frame, p, *s) <= ON_IT {
            toward(s[0]);
            toward(s[1]);
        }
    }
    for (line, closed) in &c.polylines {
        let n = line.len();
        for (k, v) in line.iter().enumerate() {
            if frame.distance(*v, p) > ON_POINT {
                continue;
            }
            if k > 0 || *closed {
                toward(line[(k + n - 1) % n]);
            }
            if k + 1 < n || *closed {
                toward(line[(k + 1) % n]);
            }
        }
    }
    out.sort_by(f64::total_cmp);
    // One direction per line leaving the point (a side drawn twice, a polygon and its
    // segments).
    out.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    out
}

/// A point on a line: nearer than this (unit space).
const ON_POINT: f64 = 1e-6;

/// Whether the segment from `a` along `d` (length `len`, unit space) runs through box `b`
/// more than [`COVER`] deep on the side away from the text's centre (`sign`), where the
/// segment itself is (not its line's extension). An upright text's box is its glyphs'
/// (ascent to descent), so a line that deep into it strikes them.
fn runs_through(a: [f64; 2], d: [f64; 2], len: f64, b: &[f64; 4], sign: f64) -> bool {
    let corners = [[b[0], b[1]], [b[2], b[1]], [b[0], b[3]], [b[2], b[3]]];
    let cross = |q: [f64; 2]| (d[0] * (q[1] - a[1]) - d[1] * (q[0] - a[0])) / len.max(1e-12);
    let along =
        |q: [f64; 2]| ((q[0] - a[0]) * d[0] + (q[1] - a[1]) * d[1]) / (len * len).max(1e-24);
    let deep = corners
        .iter()
        .map(|q| -sign * cross(*q))
        .fold(f64::MIN, f64::max);
    let (lo, hi) = corners
        .iter()
        .map(|q| along(*q))
        .fold((f64::MAX, f64::MIN), |(l, h), t| (l.min(t), h.max(t)));
    deep > COVER && hi > 0.0 && lo < 1.0
}

/// Which side of what it labels a text with box `b` (unit space) sits on; `upright`, a
/// text drawn level (its box is its glyphs').
fn side_of(c: &Candidates, anchor: &Anchor, b: &[f64; 4], upright: bool, frame: &Frame) -> Side {
    let centre = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
    match anchor {
        Anchor::Point(p) | Anchor::Vertex(p) => {
            let q = frame.unit(*p);
            let wholly = |lo: f64, hi: f64, at: f64| {
                if lo > at {
                    1
                } else if hi < at {
                    -1
                } else {
                    0
                }
            };
            // At a bar's end: the box's reach across the bar, against the bar's own
            // half width, in unit space (the other way for a horizontal bar).
            let across = c
                .bar_ends
                .iter()
                .find(|(e, _, _)| frame.distance(*e, *p) <= ON_POINT)
                .map(|(_, hw, vertical)| {
                    if *vertical {
                        let h = (frame.ux(p[0] + hw) - frame.ux(p[0] - hw)).abs() / 2.0;
                        [b[0] - q[0], b[2] - q[0], h]
                    } else {
                        let h = (frame.uy(p[1] + hw) - frame.uy(p[1] - hw)).abs() / 2.0;
                        [b[1] - q[1], b[3] - q[1], h]
                    }
                })
                .map(Box::new);
            Side::Point {
                dx: centre[0] - q[0],
                dy: centre[1] - q[1],
                rays: rays(c, *p, frame),
                vertical: wholly(b[1], b[3], q[1]),
                horizontal: wholly(b[0], b[2], q[0]),
                across,
                vertex: matches!(anchor, Anchor::Vertex(_)),
                curve: None,
                span: Some(Box::new([
                    b[0] - q[0],
                    b[1] - q[1],
                    b[2] - q[0],
                    b[3] - q[1],
                ])),
            }
        }
        Anchor::Segment(s) => {
            let (mut a, mut z) = (frame.unit(s[0]), frame.unit(s[1]));
            if (z[0], z[1]) < (a[0], a[1]) {
                std::mem::swap(&mut a, &mut z);
            }
            let d = [z[0] - a[0], z[1] - a[1]];
            let len = d[0].hypot(d[1]);
            let cross = (d[0] * (centre[1] - a[1]) - d[1] * (centre[0] - a[0])) / len.max(1e-12);
            let sign = if cross.abs() < ON_IT {
                0
            } else if cross > 0.0 {
                1
            } else {
                -1
            };
            let across = upright && sign != 0 && runs_through(a, d, len, b, f64::from(sign));
            Side::Segment { sign, across }
        }
    }
}

/// How far (unit space) from a vertex a text may stand and still be read as written in
/// one of its angles: about a fifth of the axes.
const CORNER_REACH: f64 = 0.2;

/// The angle a text with box `b` stands in at its nearest vertex (a point two or more
/// drawn lines leave), within [`CORNER_REACH`]: the vertex and the directions of the two
/// lines that bound the angle, in unit space. "39° inside angle EDF" and a 39° written
/// in angle FDC are at one vertex in two angles, however near each other they are.
fn corner_of(c: &Candidates, b: &[f64; 4], frame: &Frame) -> Option<Value> {
    let centre = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
    let mut best: Option<([f64; 2], Vec<f64>, f64)> = None;
    for p in &c.points {
        let q = frame.unit(*p);
        let d = (centre[0] - q[0]).hypot(centre[1] - q[1]);
        if !(ON_IT..=CORNER_REACH).contains(&d) || best.as_ref().is_some_and(|(_, _, bd)| *bd <= d)
        {
            continue;
        }
        let r = rays(c, *p, frame);
        if r.len() >= 2 {
            best = Some((*p, r, d));
        }
    }
    let (p, rays, _) = best?;
    if frame.xlog || frame.ylog {
        return None;
    }
    let q = frame.unit(p);
    let a = (centre[1] - q[1]).atan2(centre[0] - q[0]);
    let i = rays.iter().position(|&t| t > a).unwrap_or(0);
    // In data directions: axes limits scale each axis by a positive factor, which keeps
    // every direction in its angle, so two scenes framed differently compare.
    let (xs, ys) = (frame.xlim[1] - frame.xlim[0], frame.ylim[1] - frame.ylim[0]);
    let data = |t: f64| (t.sin() * ys).atan2(t.cos() * xs);
    Some(Value::Corner {
        at: p,
        from: data(rays[(i + rays.len() - 1) % rays.len()]),
        to: data(rays[i]),
    })
}

/// The angle a text beside a side sits in: at the side's end nearer the text, between the
/// two lines leaving that vertex (every drawn line, a diagonal included) that enclose the
/// text, when that angle is under [`SECTOR_MAX`] (a text beside the middle of a straight
/// run, or outside a figure's corner, is in no angle). Encoded as [`corner_of`]'s value.
fn sector_of(c: &Candidates, side: &[[f64; 2]; 2], b: &[f64; 4], frame: &Frame) -> Option<Value> {
    if frame.xlog || frame.ylog {
        return None;
    }
    let centre = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
    let dist = |p: [f64; 2]| {
        let q = frame.unit(p);
        (centre[0] - q[0]).hypot(centre[1] - q[1])
    };
    let v = if dist(side[0]) <= dist(side[1]) {
        side[0]
    } else {
        side[1]
    };
    let rays = rays(c, v, frame);
    if rays.len() < 2 {
        return None;
    }
    let q = frame.unit(v);
    let a = (centre[1] - q[1]).atan2(centre[0] - q[0]);
    let i = rays.iter().position(|&t| t > a).unwrap_or(0);
    let (from, to) = (rays[(i + rays.len() - 1) % rays.len()], rays[i]);
    if (to - from).rem_euclid(std::f64::consts::TAU) >= SECTOR_MAX {
        return None;
    }
    let (xs, ys) = (frame.xlim[1] - frame.xlim[0], frame.ylim[1] - frame.ylim[0]);
    let data = |t: f64| (t.sin() * ys).atan2(t.cos() * xs);
    Some(Value::Corner {
        at: v,
        from: data(from),
        to: data(to),
    })
}

/// The widest angle [`sector_of`] reads (170°, in unit space).
const SECTOR_MAX: f64 = 170.0 * std::f64::consts::PI / 180.0;

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

/// Whether text `id` is drawn level (no rotation): its box is its glyphs'.
fn upright(elements: &[Element], id: usize) -> bool {
    elements
        .iter()
        .find(|e| e.id == id)
        .is_some_and(|e| match e.attrs.get("rotation") {
            Some(Value::Angle(r)) => r.abs() < 1e-9,
            _ => true,
        })
}

/// Give every text of the inventory its `anchor` attribute, where it has one, and in a
/// geometry figure its `corner` (the angle it stands in at its nearest vertex).
pub fn anchor_texts(
    elements: &mut [Element],
    frame_of: impl Fn(usize, Option<usize>) -> Option<Frame>,
    geometry: bool,
) {
    let mut groups: Vec<(usize, Option<usize>)> = elements
        .iter()
        .filter(|e| e.kind == ElementKind::Text && e.axes.is_some())
        .map(|e| (e.figure, e.axes))
        .collect();
    groups.sort();
    groups.dedup();
    let mut found = Vec::new();
    let mut beside = Vec::new();
    let mut corners = Vec::new();
    let mut sectors = Vec::new();
    let mut by_lines = Vec::new();
    for (figure, axes) in groups {
        let frame = frame_of(figure, axes).unwrap_or(Frame::UNIT);
        let c = candidates(elements, figure, axes, &frame);
        let texts = text_boxes(elements, figure, axes, &frame);
        let named = named_points(elements, &texts);
        let start = found.len();
        let anchored = to_points(&texts, &named, &c.points, &frame, &mut found);
        let rest: Vec<&(usize, [f64; 4])> = texts
            .iter()
            .enumerate()
            .filter(|(k, _)| !anchored[*k])
            .map(|(_, t)| t)
            .collect();
        to_segments(&rest, &c.segments, &frame, &mut found);
        for (id, anchor, side) in &mut found[start..] {
            if let Some((_, b)) = texts.iter().find(|(t, _)| t == id) {
                *side = Some(side_of(&c, anchor, b, upright(elements, *id), &frame));
            }
        }
        if geometry {
            angles(
                &c,
                &texts,
                &found[start..],
                &frame,
                &mut corners,
                &mut sectors,
            );
        }
        // A text beside a side that another line meets or crosses labels its part.
        for (id, anchor, _) in &mut found[start..] {
            if let Anchor::Segment(s) = anchor
                && let Some((_, b)) = texts.iter().find(|(t, _)| t == id)
            {
                *s = part_of(&c, *s, b, &frame);
            }
        }
        curve_sides(
            &c,
            &texts,
            &mut found[start..],
            &frame,
            &mut beside,
            &mut by_lines,
        );
    }
    for (id, corner) in corners {
        elements[id].attrs.insert("corner".into(), corner);
    }
    for (id, sector) in sectors {
        elements[id].attrs.insert("sector".into(), sector);
    }
    for (id, side) in beside {
        elements[id].attrs.insert("side".into(), Value::Side(side));
    }
    for (id, side) in by_lines {
        elements[id]
            .attrs
            .insert("by_line".into(), Value::Side(side));
    }
    for (id, anchor, side) in found {
        let attrs = &mut elements[id].attrs;
        attrs.insert("anchor".into(), Value::Anchor(anchor));
        if let Some(side) = side {
            attrs.insert("side".into(), Value::Side(side));
        }
    }
}

/// Each text's side of the curves near it: a text at a point, its side of the nearest
/// curve as well (a label written under a mean line, near a data point, is still under
/// the line); a text next to nothing that is labelled, its side of the nearest curve, if
/// any (`beside`); and a text standing by a line across the axes, its side of that line
/// (`by_lines`, [`by_line`]).
fn curve_sides(
    c: &Candidates,
    texts: &[(usize, [f64; 4])],
    found: &mut [(usize, Anchor, Option<Side>)],
    frame: &Frame,
    beside: &mut Vec<(usize, Side)>,
    by_lines: &mut Vec<(usize, Side)>,
) {
    for (id, anchor, side) in found.iter_mut() {
        if let (Anchor::Point(_), Some(Side::Point { curve, .. })) = (anchor, side.as_mut())
            && let Some((_, b)) = texts.iter().find(|(t, _)| t == id)
            && let Some(Side::Curve { sign, .. }) = curve_side(c, b, frame)
        {
            *curve = Some(sign);
        }
    }
    for (id, b) in texts {
        let anchored = found.iter().find(|(t, _, _)| t == id).map(|(_, a, _)| a);
        // Read once: both the side of a text next to nothing and its line come from it.
        let Some(side) = curve_side(c, b, frame) else {
            continue;
        };
        if by_line(c, b, &side, anchored, frame) {
            by_lines.push((*id, side.clone()));
        }
        if anchored.is_none() {
            beside.push((*id, side));
        }
    }
}

/// In a geometry figure, the angle each text stands in at its nearest vertex
/// ([`corner_of`]) and, for a text beside a side, at that side's nearer end
/// ([`sector_of`]).
fn angles(
    c: &Candidates,
    texts: &[(usize, [f64; 4])],
    found: &[(usize, Anchor, Option<Side>)],
    frame: &Frame,
    corners: &mut Vec<(usize, Value)>,
    sectors: &mut Vec<(usize, Value)>,
) {
    for (id, b) in texts {
        if let Some(corner) = corner_of(c, b, frame) {
            corners.push((*id, corner));
        }
    }
    for (id, anchor, _) in found {
        if let Anchor::Segment(s) = anchor
            && let Some((_, b)) = texts.iter().find(|(t, _)| t == id)
            && let Some(sector) = sector_of(c, s, b, frame)
        {
            sectors.push((*id, sector));
        }
    }
}

/// Each text of one axes as a box in unit space (its centre alone when the box is
/// unknown), with its element id.
fn text_boxes(
    elements: &[Element],
    figure: usize,
    axes: Option<usize>,
    frame: &Frame,
) -> Vec<(usize, [f64; 4])> {
    elements
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

/// How near (unit space) a marked point may come to a text's box before the text covers
/// it: a dot's radius at matplotlib's default marker size on a 640-pixel-wide axes.
const OVER_POINT: f64 = 0.006;

/// The share of the axes' width a horizontal line spans to be a line across them.
const ACROSS_AXES: f64 = 0.9;

/// Whether a text with box `b`, on `side` of the nearest curve at its centre, stands by
/// a horizontal line across the axes (a mean line): that curve is such a line, the text is
/// off it, covers no marked point (a data point, a bar's end), and, where it is anchored
/// to a point, is nearer the line than that point (a value written at its data point
/// names the point, not the line). Then `side` is its `by_line`, read by
/// `element::along_one_line`: such a text may stand anywhere along its line.
fn by_line(
    c: &Candidates,
    b: &[f64; 4],
    side: &Side,
    anchored: Option<&Anchor>,
    frame: &Frame,
) -> bool {
    let Side::Curve {
        sign,
        piece: Some(piece),
    } = *side
    else {
        return false;
    };
    let (u, v) = (frame.unit(piece[0]), frame.unit(piece[1]));
    let across = piece[0][1] == piece[1][1] && (v[0] - u[0]).abs() >= ACROSS_AXES;
    if sign == 0 || !across || c.points.iter().any(|p| to_box(frame, b, *p) <= OVER_POINT) {
        return false;
    }
    let gap = (b[1] - u[1]).max(u[1] - b[3]).max(0.0);
    if let Some(Anchor::Point(p) | Anchor::Vertex(p)) = anchored
        && to_box(frame, b, *p) <= gap
    {
        return false;
    }
    true
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
///
/// A text that writes a point's coordinates ("(0, 8.2)") labels the point it names,
/// where that point is within reach: of a highlighted y-intercept among a hundred data
/// points, the label "just above and to the right of the dot" is held to the dot, not to
/// the data point its box happens to be nearest (realsrc-r, round 22: a label centred
/// above the dot was read against a data point under its left end, and passed).
fn to_points(
    texts: &[(usize, [f64; 4])],
    named: &[Option<Named>],
    points: &[[f64; 2]],
    frame: &Frame,
    found: &mut Vec<(usize, Anchor, Option<Side>)>,
) -> Vec<bool> {
    let mut anchored = vec![false; texts.len()];
    if points.is_empty() || 2 * texts.len() * points.len() > super::hungarian::ASSIGNMENT_LIMIT {
        return anchored;
    }
    let cost: Vec<Vec<f64>> = texts
        .iter()
        .zip(named)
        .map(|((_, b), named)| {
            let mut d: Vec<f64> = points.iter().map(|p| to_box(frame, b, *p)).collect();
            // Of the points within reach that it names, the ones it names most exactly
            // ("(3, 2)" names (3, 2) before (2.6, 2.08), both within half a unit).
            if let Some(n) = named {
                let best = points
                    .iter()
                    .zip(&d)
                    .filter(|(_, x)| **x <= ATTACH_POINT)
                    .filter_map(|(p, _)| n.error(*p))
                    .min_by(f64::total_cmp);
                if let Some(best) = best {
                    for (x, p) in d.iter_mut().zip(points) {
                        if n.error(*p).is_none_or(|e| e > best + NAMED_SLACK) {
                            *x = f64::INFINITY;
                        }
                    }
                }
            }
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
        found.push((texts[t].0, Anchor::Point(points[c % points.len()]), None));
    }
    anchored
}

/// A point a text writes as coordinates, and how exactly (see [`named_point`]).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Named {
    at: [f64; 2],
    within: [f64; 2],
}

/// Points named about equally exactly (errors within this of the best) are one choice.
const NAMED_SLACK: f64 = 0.01;

impl Named {
    /// How far `p` is from the written coordinates, in units of what the writing allows
    /// (the larger of the two); `None` beyond it: `p` is not the point named.
    fn error(&self, p: [f64; 2]) -> Option<f64> {
        let e = (0..2)
            .map(|k| {
                (p[k] - self.at[k]).abs() / (self.within[k] + 1e-9 * self.at[k].abs().max(1.0))
            })
            .fold(0.0, f64::max);
        (e <= 1.0).then_some(e)
    }

    #[cfg(test)]
    fn names(&self, p: [f64; 2]) -> bool {
        self.error(p).is_some()
    }
}

/// [`named_point`] of each text.
fn named_points(elements: &[Element], texts: &[(usize, [f64; 4])]) -> Vec<Option<Named>> {
    texts
        .iter()
        .map(|(id, _)| match elements[*id].attrs.get("text") {
            Some(Value::Text(t)) => named_point(t),
            _ => None,
        })
        .collect()
}

/// The point a text writes as coordinates, `(x, y)` anywhere in it ("A(2, −1)", "max
/// (1.5, 4.25)"), and how exactly: half a unit of each number's last written digit, so
/// that "(1.41, 0)" names (√2, 0). Written by hand: a scan for one parenthesised pair,
/// which no parsing crate of ours does in fewer lines.
fn named_point(text: &str) -> Option<Named> {
    let t = super::tolerance::as_written(text);
    let open = t.find('(')?;
    let close = open + t[open..].find(')')?;
    let parts: Vec<&str> = t[open + 1..close].split(',').map(str::trim).collect();
    let [x, y] = parts.as_slice() else {
        return None;
    };
    let number = |s: &str| -> Option<(f64, f64)> {
        let ok = !s.is_empty()
            && s.chars()
                .enumerate()
                .all(|(i, c)| c.is_ascii_digit() || c == '.' || (i == 0 && c == '-'));
        let v: f64 = s.parse().ok().filter(|_| ok)?;
        let decimals = s.split_once('.').map_or(0, |(_, f)| f.len());
        let decimals = i32::try_from(decimals).ok()?;
        Some((v, 0.5 * 10f64.powi(-decimals)))
    };
    let ((ax, wx), (ay, wy)) = (number(x)?, number(y)?);
    Some(Named {
        at: [ax, ay],
        within: [wx, wy],
    })
}

/// Step 2, the rest to the nearest segment: the box's centre to the segment, less half
/// the box's diagonal, so that a box is near when it comes within reach of the segment.
fn to_segments(
    texts: &[&(usize, [f64; 4])],
    segments: &[[[f64; 2]; 2]],
    frame: &Frame,
    found: &mut Vec<(usize, Anchor, Option<Side>)>,
) {
    for (id, b) in texts {
        let centre = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
        let half = ((b[2] - b[0]).hypot(b[3] - b[1])) / 2.0;
        let nearest = segments
            .iter()
            .map(|s| {
                (
                    (point_segment(&Frame::UNIT, centre, [frame.unit(s[0]), frame.unit(s[1])])
                        - half)
                        .max(0.0),
                    *s,
                )
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((d, s)) = nearest
            && d <= ATTACH
        {
            found.push((*id, Anchor::Segment(s), None));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_names_the_point_whose_coordinates_it_writes() {
        let n = named_point("(0, 8.2)").unwrap();
        assert!(n.names([0.0, 8.2]) && n.names([0.04, 8.24]));
        assert!(!n.names([0.2, 8.12]) && !n.names([0.0, 8.3]));
        // Rounded as written: (√2, 0) is "(1.41, 0)" and "(1.4, 0)", not "(1.5, 0)".
        let root2 = [std::f64::consts::SQRT_2, 0.0];
        assert!(named_point("(1.41, 0)").unwrap().names(root2));
        assert!(named_point("(1.4, 0)").unwrap().names(root2));
        assert!(!named_point("(1.5, 0)").unwrap().names(root2));
        // Unicode minus, mathtext and a name before it.
        assert!(named_point("A(\u{2212}2, 3)").unwrap().names([-2.0, 3.0]));
        assert!(named_point("$(-2.00, 3)$").unwrap().names([-2.0, 3.0]));
        // Not coordinates.
        for t in [
            "f(x)",
            "(a, b)",
            "(1, 2, 3)",
            "y = 2x + 1",
            "(2)",
            "(1e3, 2)",
        ] {
            assert_eq!(named_point(t), None, "{t}");
        }
    }
}
