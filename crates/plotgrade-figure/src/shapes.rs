//! Strokes and patches as a reader sees them: which `Line2D` is a curve, a segment, a
//! polygon or a set of points, and which patch is a circle, an arc or a polygon.
//!
//! A two-point line is a segment; a closed polyline is a polygon, the same as a `Polygon`
//! patch through the same vertices; a marker-only line is a set of points, the same as a
//! scatter; a line without markers whose points all lie in order on one straight line is
//! the segment it draws; any other line of three or more points is a curve, kept to
//! [`MAX_CURVE_POINTS`].

use super::canonical::Edge;
use super::element::{Curve, Element, ElementKind, MAX_CURVE_POINTS, Value, alpha};
use super::geometry::{centroid, finite};
use super::inventory::Builder;
use super::tolerance::Frame;
use plotgrade_model::scene::{Line, Patch, PatchKind};

fn no_marker(m: &str) -> bool {
    matches!(m, "" | "None" | "none" | " ")
}

fn no_line(style: &str) -> bool {
    matches!(style, "" | "None" | "none" | " ")
}

/// How far (unit space) the points of a polyline may stray from the line through its
/// ends and still draw one straight stroke: a tenth of a pixel on a 500 px axes.
const STRAIGHT: f64 = 2e-4;

/// The ends of the one segment a polyline draws, when every point lies on the line
/// through its first and last point and between them, in order: a tangent sampled with
/// `linspace(-1.5, 1.5, 100)` shows the same stroke as the two-point segment
/// `plot([-1.5, 1.5], …)`, so a reader sees a segment either way. A polyline that turns
/// back along itself, or bends by more than [`STRAIGHT`], is not one.
fn straight(pts: &[[f64; 2]], frame: &Frame) -> Option<[[f64; 2]; 2]> {
    let u: Vec<[f64; 2]> = pts.iter().map(|&p| frame.unit(p)).collect();
    let (a, b) = (*u.first()?, *u.last()?);
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = d[0].hypot(d[1]);
    if !(len.is_finite() && len > STRAIGHT) {
        return None;
    }
    let dir = [d[0] / len, d[1] / len];
    let mut along = 0.0_f64;
    for p in &u {
        let (x, y) = (p[0] - a[0], p[1] - a[1]);
        let t = x * dir[0] + y * dir[1];
        if (x * dir[1] - y * dir[0]).abs() > STRAIGHT || t < along - STRAIGHT || t > len + STRAIGHT
        {
            return None;
        }
        along = along.max(t);
    }
    Some([pts[0], pts[pts.len() - 1]])
}

/// A geometry stroke of at most this many points is a chain of edges; a longer one is a
/// sampled curve (a circle drawn with `plot`), read as usual.
const EDGE_CHAIN_POINTS: usize = 12;

/// On a function plot, a polyline of at most this many points, without markers and not
/// closed, is a piecewise-linear graph ("from (0, 0) to (4, 3), then to (7, 3)…"): read as
/// its segments, as the same graph drawn one segment per `plot` call is (realsrc-h,
/// round 11). A sampled curve has many more points.
const PIECEWISE_POINTS: usize = 6;

impl Builder {
    /// A piecewise-linear graph on a function plot ([`PIECEWISE_POINTS`]): one segment per
    /// piece.
    fn piecewise(
        &mut self,
        f: usize,
        a: Option<usize>,
        line: &Line,
        pts: &[[f64; 2]],
        style: &[(&'static str, Value); 2],
    ) {
        for w in pts.windows(2) {
            let [c, s] = style.clone();
            let id = self
                .push(
                    ElementKind::Segment,
                    f,
                    a,
                    line.label.clone(),
                    w[0],
                    [
                        ("ends", Value::Segment([w[0], w[1]])),
                        c,
                        s,
                        ("linewidth", Value::Measure(line.linewidth)),
                    ],
                )
                .id;
            self.zorders.insert(id, line.zorder);
        }
    }

    /// A geometry patch of few vertices: its outline as edges and, filled, its region.
    fn patch_edges(&mut self, f: usize, a: Option<usize>, p: &Patch) {
        // The outline as edges; a filled shape is also its filled region.
        let v = &p.vertices;
        if alpha(&p.edgecolor) > 0.0 {
            for k in 0..v.len() {
                let (s, t) = (v[k], v[(k + 1) % v.len()]);
                if finite(s) && finite(t) && s != t {
                    self.edges.push(Edge {
                        ends: [s, t],
                        color: p.edgecolor.clone(),
                        linestyle: outline_style(p),
                        linewidth: f64::NAN,
                        label: p.label.clone(),
                        stroke: p.linewidth,
                        zorder: p.zorder,
                    });
                }
            }
        }
        if p.fill && alpha(&p.facecolor) > 0.0 {
            self.push(
                ElementKind::Polygon,
                f,
                a,
                p.label.clone(),
                v[0],
                [
                    ("vertices", Value::Polygon(v.clone())),
                    ("facecolor", Value::Exact(p.facecolor.clone())),
                ],
            );
        }
    }

    /// A line read as a curve: its thinned points, style, marker count (`points`, where
    /// it has markers) and stroke width.
    fn curve(
        &mut self,
        f: usize,
        a: Option<usize>,
        line: &Line,
        first: [f64; 2],
        style: [(&'static str, Value); 2],
        points: Option<usize>,
    ) -> &mut Element {
        let n = line.x.len().min(line.y.len());
        let [c, s] = style;
        let e = self.push(
            ElementKind::Line,
            f,
            a,
            line.label.clone(),
            first,
            [
                (
                    "curve",
                    Value::Curve(Curve {
                        view: line.view.map(Box::new),
                        ..thin(&line.x[..n], &line.y[..n])
                    }),
                ),
                c,
                s,
            ],
        );
        if let Some(points) = points {
            e.attrs.insert("points".into(), Value::Count(points));
        }
        // The stroke's width, where there is a stroke (issue #25: a line redrawn thicker
        // in an edit that did not ask for it passed).
        if !no_line(&line.linestyle) && line.linewidth > 0.0 {
            e.attrs
                .insert("linewidth".into(), Value::Measure(line.linewidth));
        }
        e
    }

    pub(super) fn line(&mut self, f: usize, a: Option<usize>, line: &Line) {
        let n = line.x.len().min(line.y.len());
        let pts: Vec<[f64; 2]> = (0..n).map(|i| [line.x[i], line.y[i]]).collect();
        let drawn: Vec<[f64; 2]> = pts.iter().copied().filter(|&p| finite(p)).collect();
        let Some(&first) = drawn.first() else { return };
        let markers = !no_marker(&line.marker);
        if self.geometry && n <= EDGE_CHAIN_POINTS {
            self.edge_chain(f, a, line, &pts, &drawn, markers);
            return;
        }
        if no_line(&line.linestyle) || drawn.len() == 1 {
            // Only markers are visible (a one-point line without a marker draws nothing).
            if markers {
                self.markers(f, a, line, &drawn);
            }
            return;
        }
        let style = [
            ("color", Value::Exact(line.color.clone())),
            ("linestyle", Value::Exact(line.linestyle.clone())),
        ];
        let close = |p: [f64; 2], q: [f64; 2]| {
            (0..2).all(|k| (p[k] - q[k]).abs() <= 1e-9 * (1.0 + p[k].abs()))
        };
        if self.function
            && (3..=PIECEWISE_POINTS).contains(&n)
            && !markers
            && drawn.len() == n
            && !close(pts[0], pts[n - 1])
            && straight(&pts, &self.inv.frame(f, a).unwrap_or(Frame::UNIT)).is_none()
        {
            self.piecewise(f, a, line, &pts, &style);
            return;
        }
        let frame = self.inv.frame(f, a).unwrap_or(Frame::UNIT);
        let straight = if n == 2 && drawn.len() == 2 {
            Some([pts[0], pts[1]])
        } else if !markers && drawn.len() == n {
            straight(&pts, &frame)
        } else {
            None
        };
        let e = if let Some(ends) = straight {
            let [c, s] = style;
            self.push(
                ElementKind::Segment,
                f,
                a,
                line.label.clone(),
                ends[0],
                [
                    ("ends", Value::Segment(ends)),
                    c,
                    s,
                    ("linewidth", Value::Measure(line.linewidth)),
                ],
            )
        } else if n >= 4 && drawn.len() == n && close(pts[0], pts[n - 1]) {
            self.closed(f, a, line, &pts[..n - 1], style)
        } else {
            let points = markers.then_some(drawn.len());
            self.curve(f, a, line, first, style, points)
        };
        marker_and_label(e, line, markers);
        let id = e.id;
        self.zorders.insert(id, line.zorder);
    }

    /// A closed polyline (its vertices, the last, repeating the first, left out): the
    /// circle it samples, else the polygon it draws. A circle sampled with `plot`
    /// (`r·cos t, r·sin t`) is the circle a `Circle` patch draws, as a reader sees it
    /// (realsrc-r, round 22: read as a polygon of 399 vertices, it was "circle removed,
    /// polygon added").
    fn closed(
        &mut self,
        f: usize,
        a: Option<usize>,
        line: &Line,
        vertices: &[[f64; 2]],
        style: [(&'static str, Value); 2],
    ) -> &mut Element {
        let [(_, c), s] = style;
        let Some((centre, radius)) = round_loop(vertices) else {
            return self.push(
                ElementKind::Polygon,
                f,
                a,
                line.label.clone(),
                vertices[0],
                [
                    ("vertices", Value::Polygon(vertices.to_vec())),
                    ("edgecolor", c),
                    s,
                ],
            );
        };
        let e = self.push(
            ElementKind::Circle,
            f,
            a,
            line.label.clone(),
            centre,
            [
                ("center", Value::Point(centre)),
                ("radius", Value::Length(radius)),
                ("edgecolor", c),
                s,
            ],
        );
        if line.linewidth > 0.0 {
            e.attrs
                .insert("linewidth".into(), Value::Measure(line.linewidth));
        }
        e
    }

    /// A short stroke of a geometry figure: its edges (merged with the figure's other
    /// edges later) and its markers.
    fn edge_chain(
        &mut self,
        f: usize,
        a: Option<usize>,
        line: &Line,
        pts: &[[f64; 2]],
        drawn: &[[f64; 2]],
        markers: bool,
    ) {
        if !no_line(&line.linestyle) {
            for w in pts.windows(2) {
                if finite(w[0]) && finite(w[1]) && w[0] != w[1] {
                    self.edges.push(Edge {
                        ends: [w[0], w[1]],
                        color: line.color.clone(),
                        linestyle: line.linestyle.clone(),
                        linewidth: line.linewidth,
                        label: line.label.clone(),
                        stroke: line.linewidth,
                        zorder: line.zorder,
                    });
                }
            }
        }
        if markers || (no_line(&line.linestyle) && drawn.len() == 1) {
            for &p in drawn {
                self.point(f, a, line.label.clone(), p, line.color.clone());
            }
        }
    }

    /// A line that shows only its markers: one point per marker, with its shape.
    fn markers(&mut self, f: usize, a: Option<usize>, line: &Line, drawn: &[[f64; 2]]) {
        // A point is the colour of its marker's face, as a scatter's is.
        let colour = if line.marker_color.is_empty() {
            &line.color
        } else {
            &line.marker_color
        };
        for &p in drawn {
            let e = self.point(f, a, line.label.clone(), p, colour.clone());
            let id = e.id;
            if !line.marker_shape.is_empty() {
                e.attrs
                    .insert("marker".into(), Value::Exact(line.marker_shape.clone()));
            }
            e.attrs
                .insert("glyph".into(), Value::Exact(line.marker.clone()));
            self.zorders.insert(id, line.zorder);
        }
    }

    pub(super) fn patch(&mut self, f: usize, a: Option<usize>, p: &Patch) {
        let colours = |e: &mut Element| {
            // An outline in the colour of its own face shows no outline: `fill(color=c)`
            // strokes its edge in c, `fill_between(color=c)` draws none, and the two
            // pictures are one.
            let edge = if p.fill && p.edgecolor == p.facecolor {
                String::new()
            } else {
                p.edgecolor.clone()
            };
            e.attrs.insert("edgecolor".into(), Value::Exact(edge));
            if p.fill {
                e.attrs
                    .insert("facecolor".into(), Value::Exact(p.facecolor.clone()));
            }
            if let Some(l) = &p.label {
                e.attrs.insert("label".into(), Value::Text(l.clone()));
            }
        };
        // The width of a round outline that shows (issue #25: a circle drawn at the default
        // width where the task asks for the segments' width passed).
        // And its style: a circle drawn dashed instead of solid is the edit
        // (realsrc-r, round 22: the scene did not read a patch's style, so the answer
        // that made it was graded as changing nothing).
        let outline_width = |e: &mut Element| {
            let shows = matches!(e.attrs.get("edgecolor"), Some(Value::Exact(c)) if !c.is_empty() && alpha(c) > 0.0);
            if shows && p.linewidth > 0.0 {
                e.attrs
                    .insert("linewidth".into(), Value::Measure(p.linewidth));
                e.attrs
                    .insert("linestyle".into(), Value::Exact(outline_style(p)));
            }
        };
        match (p.kind, p.center, p.radius) {
            (PatchKind::Circle | PatchKind::Ellipse, Some(c), Some(r)) => {
                let e = self.push(
                    ElementKind::Circle,
                    f,
                    a,
                    p.label.clone(),
                    c,
                    [("center", Value::Point(c)), ("radius", Value::Length(r))],
                );
                colours(e);
                outline_width(e);
            }
            (PatchKind::Arc, Some(c), Some(r)) => {
                let e = self.push(
                    ElementKind::Arc,
                    f,
                    a,
                    p.label.clone(),
                    c,
                    [
                        ("center", Value::Point(c)),
                        ("radius", Value::Length(r)),
                        ("theta1", Value::Angle(p.theta1.unwrap_or(f64::NAN))),
                        ("theta2", Value::Angle(p.theta2.unwrap_or(f64::NAN))),
                    ],
                );
                colours(e);
                outline_width(e);
                e.attrs.remove("facecolor"); // an arc is a stroke
            }
            _ if self.geometry
                && !p.vertices.is_empty()
                && p.vertices.len() <= EDGE_CHAIN_POINTS =>
            {
                self.patch_edges(f, a, p);
            }
            _ if !p.vertices.is_empty() => {
                let e = self.push(
                    ElementKind::Polygon,
                    f,
                    a,
                    p.label.clone(),
                    p.vertices[0],
                    [("vertices", Value::Polygon(p.vertices.clone()))],
                );
                colours(e);
            }
            _ => {}
        }
    }
}

/// A closed polyline of at least this many vertices may be a sampled circle; fewer are a
/// polygon (a regular 12-gon is drawn as one).
const ROUND_LOOP_POINTS: usize = 24;

/// The centre and radius (data units) of a closed polyline that samples a circle: at
/// least [`ROUND_LOOP_POINTS`] vertices, every one at the mean distance from their
/// centroid within a thousandth of it, going round once in order with no turn of more
/// than 45° between neighbours.
fn round_loop(v: &[[f64; 2]]) -> Option<([f64; 2], f64)> {
    if v.len() < ROUND_LOOP_POINTS {
        return None;
    }
    let k = v.len() as f64;
    let c = centroid(v);
    let r = v
        .iter()
        .map(|p| (p[0] - c[0]).hypot(p[1] - c[1]))
        .sum::<f64>()
        / k;
    if !(r.is_finite() && r > 0.0) {
        return None;
    }
    let round = v
        .iter()
        .all(|p| ((p[0] - c[0]).hypot(p[1] - c[1]) - r).abs() <= 1e-3 * r);
    // Signed turns between neighbours, all one way, adding up to one full turn.
    let angle = |p: &[f64; 2]| (p[1] - c[1]).atan2(p[0] - c[0]);
    let steps: Vec<f64> = (0..v.len())
        .map(|i| {
            let d = angle(&v[(i + 1) % v.len()]) - angle(&v[i]);
            (d + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU) - std::f64::consts::PI
        })
        .collect();
    let one_way = steps.iter().all(|d| *d > 0.0) || steps.iter().all(|d| *d < 0.0);
    let small = steps.iter().all(|d| d.abs() <= std::f64::consts::FRAC_PI_4);
    let total = steps.iter().sum::<f64>().abs();
    (round && one_way && small && (total - std::f64::consts::TAU).abs() < 1e-6).then_some((c, r))
}

/// A patch's outline style, solid where a scene of an older shim does not say.
fn outline_style(p: &Patch) -> String {
    if p.linestyle.is_empty() {
        "-".into()
    } else {
        p.linestyle.clone()
    }
}

/// A curve thinned to [`MAX_CURVE_POINTS`], evenly by index, keeping every gap (NaN).
fn thin(x: &[f64], y: &[f64]) -> Curve {
    thin_to(x, y, MAX_CURVE_POINTS)
}

/// A curve thinned to `max` points (at least 2), evenly by index, keeping both ends and
/// every gap (NaN).
pub(crate) fn thin_to(x: &[f64], y: &[f64], max: usize) -> Curve {
    let n = x.len().min(y.len());
    let max = max.max(2);
    if n <= max {
        return Curve {
            x: x[..n].to_vec(),
            y: y[..n].to_vec(),
            view: None,
        };
    }
    let mut keep: Vec<usize> = (0..max).map(|k| k * (n - 1) / (max - 1)).collect();
    keep.extend((0..n).filter(|&i| !(x[i].is_finite() && y[i].is_finite())));
    keep.sort_unstable();
    keep.dedup();
    Curve {
        x: keep.iter().map(|&i| x[i]).collect(),
        y: keep.iter().map(|&i| y[i]).collect(),
        view: None,
    }
}

/// A line's marker and legend label on its element. A segment without markers carries no
/// marker, as a piece of a polyline does (realsrc-n, round 17: the same stroke drawn as
/// five lines and as one polyline differed by "marker None → none").
///
/// So for a closed outline without markers: a circle or a polygon drawn with `plot` is the
/// one a patch draws, which has no marker (realsrc-r, round 22: "marker none → None").
fn marker_and_label(e: &mut Element, line: &Line, markers: bool) {
    let outline = matches!(
        e.kind,
        ElementKind::Segment | ElementKind::Circle | ElementKind::Polygon
    );
    if markers || !outline {
        e.attrs.insert(
            "marker".into(),
            Value::Exact(if markers {
                line.marker.clone()
            } else {
                "None".into()
            }),
        );
    }
    if let Some(l) = &line.label {
        e.attrs.insert("label".into(), Value::Text(l.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Inventory;
    use plotgrade_model::scene::{Axes, Figure, Scene};

    fn scene(ax: Axes) -> Scene {
        Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![ax],
                ..Figure::default()
            }],
        }
    }

    fn line(x: &[f64], y: &[f64], style: &str, marker: &str) -> Line {
        Line {
            x: x.to_vec(),
            y: y.to_vec(),
            linestyle: style.into(),
            marker: marker.into(),
            color: "#000000ff".into(),
            ..Line::default()
        }
    }

    fn kinds(inv: &Inventory) -> Vec<ElementKind> {
        inv.elements.iter().map(|e| e.kind).collect()
    }

    #[test]
    fn lines_are_read_as_what_a_reader_sees() {
        let ax = Axes {
            lines: vec![
                line(&[0.0, 1.0], &[0.0, 1.0], "-", "None"), // segment
                line(&[1.0, 0.0, 6.0, 1.0], &[4.0, 0.0, 0.0, 4.0], "-", "None"), // triangle
                line(&[0.0, 1.0, 2.0], &[0.0, 1.0, 4.0], "-", "o"), // curve
                line(&[1.0, 2.0], &[1.0, 2.0], "None", "o"), // two points
                line(&[3.0], &[3.0], "-", "None"),           // draws nothing
            ],
            ..Axes::default()
        };
        let inv = Inventory::of(&scene(ax));
        assert_eq!(
            kinds(&inv),
            vec![
                ElementKind::Axes,
                ElementKind::Segment,
                ElementKind::Polygon,
                ElementKind::Line,
                ElementKind::Point,
                ElementKind::Point
            ]
        );
        assert_eq!(
            inv.elements[2].attrs["vertices"],
            Value::Polygon(vec![[1.0, 4.0], [0.0, 0.0], [6.0, 0.0]])
        );
        assert_eq!(inv.elements[3].attrs["points"], Value::Count(3));
        assert_eq!(inv.elements[5].ordinal, 1);
    }

    /// realsrc-r, round 22: a circle drawn with `plot` is the circle a patch draws.
    #[test]
    fn a_sampled_circle_is_a_circle_and_a_polygon_or_an_arc_is_not() {
        let ring = |n: u32, turn: f64, r: f64| -> (Vec<f64>, Vec<f64>) {
            (0..n)
                .map(|i| {
                    let t = turn * f64::from(i) / f64::from(n - 1);
                    (1.0 + r * t.cos(), 2.0 + r * t.sin())
                })
                .unzip()
        };
        let tau = std::f64::consts::TAU;
        let (cx, cy) = ring(400, tau, 5.0);
        let (gx, gy) = ring(13, tau, 5.0); // a 12-gon
        let (ax_, ay) = ring(100, 0.8 * tau, 5.0); // an arc
        let (ex, ey): (Vec<f64>, Vec<f64>) = cx
            .iter()
            .zip(&cy)
            .map(|(x, y)| (*x, 2.0 + 0.8 * (y - 2.0)))
            .unzip(); // an ellipse
        let ax = Axes {
            xlim: [-8.0, 8.0],
            ylim: [-8.0, 8.0],
            lines: vec![
                line(&cx, &cy, "--", "None"),
                line(&gx, &gy, "-", "None"),
                line(&ax_, &ay, "-", "None"),
                line(&ex, &ey, "-", "None"),
            ],
            ..Axes::default()
        };
        let inv = Inventory::of(&scene(ax));
        assert_eq!(
            kinds(&inv)[1..],
            [
                ElementKind::Circle,
                ElementKind::Polygon,
                ElementKind::Line,
                ElementKind::Polygon
            ]
        );
        let c = &inv.elements[1].attrs;
        assert!(
            matches!(c["center"], Value::Point(p) if (p[0] - 1.0).abs() < 1e-9 && (p[1] - 2.0).abs() < 1e-9)
        );
        assert!(matches!(c["radius"], Value::Length(r) if (r - 5.0).abs() < 1e-9));
        assert_eq!(c["linestyle"], Value::Exact("--".into()));
        // No marker: a Circle patch has none, and the two pictures are one.
        assert!(!c.contains_key("marker"), "{c:?}");
    }

    #[test]
    fn a_straight_polyline_is_the_segment_it_draws() {
        let x: Vec<f64> = (0..100).map(|i| -1.5 + 3.0 * f64::from(i) / 99.0).collect();
        let y: Vec<f64> = x.iter().map(|v| 2.0 * v).collect();
        let ax = Axes {
            xlim: [-5.0, 5.0],
            ylim: [-4.0, 4.0],
            lines: vec![
                line(&x, &y, "--", "None"),                            // a sampled tangent
                line(&[0.0, 1.0, 2.0], &[0.0, 1.0, 2.1], "-", "None"), // bends
                line(&[0.0, 2.0, 1.0], &[0.0, 2.0, 1.0], "-", "None"), // turns back
                line(&[0.0, 1.0, 2.0], &[0.0, 1.0, 2.0], "-", "o"),    // its points show
            ],
            ..Axes::default()
        };
        let inv = Inventory::of(&scene(ax));
        assert_eq!(
            kinds(&inv)[1..],
            [
                ElementKind::Segment,
                ElementKind::Line,
                ElementKind::Line,
                ElementKind::Line
            ]
        );
        assert_eq!(
            inv.elements[1].attrs["ends"],
            Value::Segment([[-1.5, -3.0], [1.5, 3.0]])
        );
    }

    #[test]
    fn a_marker_only_line_s_points_are_the_colour_of_their_faces() {
        // `ax.plot(1, 2, marker='o', markerfacecolor='white')`: a white point on the
        // default blue line colour, as `scatter([1], [2], color='white')` draws it.
        let mut hollow = line(&[1.0], &[2.0], "-", "o");
        hollow.color = "#1f77b4ff".into();
        hollow.marker_color = "#ffffffff".into();
        let ax = Axes {
            lines: vec![hollow],
            ..Axes::default()
        };
        let inv = Inventory::of(&scene(ax));
        assert_eq!(
            inv.elements[1].attrs["color"],
            Value::Exact("#ffffffff".into())
        );
    }

    #[test]
    fn long_curves_are_thinned_but_keep_their_gaps() {
        let x: Vec<f64> = (0..5000).map(f64::from).collect();
        let mut y = x.clone();
        y[2501] = f64::NAN;
        let c = thin(&x, &y);
        assert!(c.x.len() <= MAX_CURVE_POINTS + 1 && c.y.iter().any(|v| v.is_nan()));
        assert_eq!((c.x[0], *c.x.last().unwrap()), (0.0, 4999.0));
    }
}
