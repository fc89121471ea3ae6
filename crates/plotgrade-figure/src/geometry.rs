//! Distances between drawn shapes, in unit (axes-fraction) space.
//!
//! Curves are compared the way a reader compares two plots of a function: on the x-range
//! both cover, by the largest vertical gap between them ([`curve_distance`]), plus how far
//! apart their domains end. Two formulas for one function are then the same curve however
//! they were sampled, and a curve restricted to part of the domain is not. Curves that
//! are not functions of x (a circle drawn with `plot`, a zig-zag path) fall back to a
//! symmetric Hausdorff distance between the two polylines. Segments are compared by their
//! ends in either direction, polygons by their vertices up to rotation and reversal of
//! the vertex list.

use serde::{Deserialize, Serialize};

use super::tolerance::{Frame, unit_distance};

/// Non-function paths are thinned to this many vertices before the O(n·m) Hausdorff
/// distance, which keeps one comparison well under a millisecond.
const PATH_POINTS: usize = 256;

/// How two curves differ.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CurveDistance {
    /// Both curves are functions of x (x strictly monotone), compared on the shared domain.
    pub function: bool,
    /// Largest vertical gap on the shared domain (function) or Hausdorff distance (path),
    /// in unit space.
    pub max_unit: f64,
    /// The shared x-domain in data units (function curves; NaN otherwise).
    pub shared: [f64; 2],
    /// How far apart the domains' ends are, in unit x (0 for paths).
    pub domain_gap: f64,
    /// Share of samples where exactly one of the curves is drawn.
    pub gap_share: f64,
}

impl CurveDistance {
    /// One number for pairing: distance, domain mismatch and gaps added.
    pub fn cost(&self) -> f64 {
        self.max_unit + self.domain_gap + self.gap_share
    }
}

/// `(x, y)` pairs with a finite x, in drawing order; y may be NaN (a gap in the line).
fn with_finite_x(x: &[f64], y: &[f64]) -> Vec<[f64; 2]> {
    x.iter()
        .zip(y)
        .filter(|(x, _)| x.is_finite())
        .map(|(&x, &y)| [x, y])
        .collect()
}

/// The curve as a function of x, ascending, when its x is strictly monotone.
fn as_function(pts: &[[f64; 2]]) -> Option<Vec<[f64; 2]>> {
    let finite = pts.iter().filter(|p| p[1].is_finite()).count();
    if finite < 2 {
        return None;
    }
    if pts.windows(2).all(|w| w[0][0] < w[1][0]) {
        Some(pts.to_vec())
    } else if pts.windows(2).all(|w| w[0][0] > w[1][0]) {
        Some(pts.iter().rev().copied().collect())
    } else {
        None
    }
}

/// Linear interpolation of an ascending function at `t`; `None` outside its domain or in a
/// gap (a NaN y at either end of the enclosing piece).
fn interpolate(f: &[[f64; 2]], t: f64) -> Option<f64> {
    let i = f.partition_point(|p| p[0] < t);
    if i == f.len() {
        return None;
    }
    if f[i][0] == t {
        return f[i][1].is_finite().then_some(f[i][1]);
    }
    if i == 0 {
        return None;
    }
    let (a, b) = (f[i - 1], f[i]);
    if !(a[1].is_finite() && b[1].is_finite()) {
        return None;
    }
    Some(a[1] + (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]))
}

/// The x-range on which a function is drawn (ends of its finite points).
fn domain(f: &[[f64; 2]]) -> [f64; 2] {
    let xs = f.iter().filter(|p| p[1].is_finite()).map(|p| p[0]);
    let lo = xs.clone().fold(f64::INFINITY, f64::min);
    let hi = xs.fold(f64::NEG_INFINITY, f64::max);
    [lo, hi]
}

/// A curve's points in `frame`'s unit space, in drawing order: finite x only, a y that
/// is not finite kept as a gap (NaN).
fn in_unit(frame: &Frame, x: &[f64], y: &[f64]) -> Vec<[f64; 2]> {
    with_finite_x(x, y)
        .into_iter()
        .map(|p| [frame.ux(p[0]), frame.uy(p[1])])
        .map(|p| [p[0], if p[1].is_finite() { p[1] } else { f64::NAN }])
        .filter(|p| p[0].is_finite())
        .collect()
}

/// Unit x back to data x.
fn unit_x_to_data(frame: &Frame, u: f64) -> f64 {
    if frame.xlog {
        10f64.powf(u_to_log(frame, u))
    } else {
        frame.xlim[0] + u * (frame.xlim[1] - frame.xlim[0])
    }
}

/// How far beyond its view (unit space) a curve clipped to the axes still shows: half a
/// thick line's width.
const VIEW_MARGIN: f64 = 0.02;

/// [`curve_distance`] for two curves clipped to one view (`[x0, x1, y0, y1]`, data
/// units; matplotlib clips what an axes draws to its view), which show only inside it:
/// compared where either shows. Beyond the view a curve is not drawn, so two that part
/// only there (`1/x²` from x = 0.01, whose first points lie a thousand times above the
/// view, and the same curve from x = 0.03) draw one picture (realsrc-x, round 27).
/// Their domains are where each shows, found on a grid four times finer than the
/// samples; a sample where neither shows counts for nothing, and one where a curve shows
/// and the other is drawn beyond the view counts the other at the view's edge. Curves
/// that are not both functions of x, or that show on no common stretch, are compared as
/// [`curve_distance`] compares them. The view must be both curves' own: two figures with
/// different views show different stretches of one curve.
pub fn curve_distance_seen(
    frame: &Frame,
    a: (&[f64], &[f64]),
    b: (&[f64], &[f64]),
    samples: usize,
    view: [f64; 4],
) -> CurveDistance {
    let whole = || curve_distance(frame, a, b, samples);
    let to_unit = |x: &[f64], y: &[f64]| in_unit(frame, x, y);
    let ends = |p: f64, q: f64| {
        let (p, q) = (p.min(q), p.max(q));
        [p - VIEW_MARGIN, q + VIEW_MARGIN]
    };
    let [x_lo, x_hi] = ends(frame.ux(view[0]), frame.ux(view[1]));
    let [lo_v, hi_v] = ends(frame.uy(view[2]), frame.uy(view[3]));
    if ![x_lo, x_hi, lo_v, hi_v].iter().all(|v| v.is_finite()) {
        return whole();
    }
    let (Some(fa), Some(fb)) = (
        as_function(&to_unit(a.0, a.1)),
        as_function(&to_unit(b.0, b.1)),
    ) else {
        return whole();
    };
    let in_view = |y: f64| (lo_v..=hi_v).contains(&y);
    let shows = |f: &[[f64; 2]], t: f64| interpolate(f, t).filter(|&y| in_view(y));
    let n = samples.max(2);
    let fine = 4 * n;
    let seen_domain = |f: &[[f64; 2]]| {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for k in 0..fine {
            let t = x_lo + (x_hi - x_lo) * k as f64 / (fine - 1) as f64;
            if shows(f, t).is_some() {
                lo = lo.min(t);
                hi = hi.max(t);
            }
        }
        [lo, hi]
    };
    let (da, db) = (seen_domain(&fa), seen_domain(&fb));
    let (lo, hi) = (da[0].max(db[0]), da[1].min(db[1]));
    if lo > hi {
        return whole();
    }
    let (mut max_unit, mut one_sided) = (0.0f64, 0usize);
    for k in 0..n {
        let t = if lo == hi {
            lo
        } else {
            lo + (hi - lo) * k as f64 / (n - 1) as f64
        };
        match (interpolate(&fa, t), interpolate(&fb, t)) {
            // Where either shows: each as far as the view shows it (one drawn beyond the
            // view is at its edge, as near as it can be to the other).
            (Some(ya), Some(yb)) if in_view(ya) || in_view(yb) => {
                max_unit = max_unit.max((ya.clamp(lo_v, hi_v) - yb.clamp(lo_v, hi_v)).abs());
            }
            (Some(y), None) | (None, Some(y)) if in_view(y) => one_sided += 1,
            _ => {}
        }
    }
    let data = |u: f64| unit_x_to_data(frame, u);
    CurveDistance {
        function: true,
        max_unit,
        shared: [data(lo), data(hi)],
        domain_gap: (da[0] - db[0]).abs().max((da[1] - db[1]).abs()),
        gap_share: one_sided as f64 / n as f64,
    }
}

/// Compare two curves given as data-unit x/y arrays, in `frame`'s unit space.
pub fn curve_distance(
    frame: &Frame,
    a: (&[f64], &[f64]),
    b: (&[f64], &[f64]),
    samples: usize,
) -> CurveDistance {
    let to_unit = |x: &[f64], y: &[f64]| in_unit(frame, x, y);
    let (pa, pb) = (to_unit(a.0, a.1), to_unit(b.0, b.1));
    if let (Some(fa), Some(fb)) = (as_function(&pa), as_function(&pb)) {
        let (da, db) = (domain(&fa), domain(&fb));
        let (lo, hi) = (da[0].max(db[0]), da[1].min(db[1]));
        if lo <= hi {
            let domain_gap = (da[0] - db[0]).abs().max((da[1] - db[1]).abs());
            let n = samples.max(2);
            let (mut max_unit, mut one_sided, mut both) = (0.0f64, 0usize, 0usize);
            for k in 0..n {
                let t = if lo == hi {
                    lo
                } else {
                    lo + (hi - lo) * k as f64 / (n - 1) as f64
                };
                match (interpolate(&fa, t), interpolate(&fb, t)) {
                    (Some(ya), Some(yb)) => {
                        both += 1;
                        max_unit = max_unit.max((ya - yb).abs());
                    }
                    (None, None) => {}
                    _ => one_sided += 1,
                }
            }
            let data = |u: f64| unit_x_to_data(frame, u);
            return CurveDistance {
                function: true,
                max_unit: if both == 0 { f64::INFINITY } else { max_unit },
                shared: [data(lo), data(hi)],
                domain_gap,
                gap_share: one_sided as f64 / n as f64,
            };
        }
    }
    CurveDistance {
        function: false,
        max_unit: hausdorff(&thin(&pa), &thin(&pb)),
        shared: [f64::NAN, f64::NAN],
        domain_gap: 0.0,
        gap_share: 0.0,
    }
}

/// Unit x back to log10 of data x on a log axis.
fn u_to_log(frame: &Frame, u: f64) -> f64 {
    let (a, b) = (frame.xlim[0].log10(), frame.xlim[1].log10());
    a + u * (b - a)
}

fn thin(p: &[[f64; 2]]) -> Vec<[f64; 2]> {
    if p.len() <= PATH_POINTS {
        return p.to_vec();
    }
    (0..PATH_POINTS)
        .map(|k| p[k * (p.len() - 1) / (PATH_POINTS - 1)])
        .collect()
}

/// Distance from point `p` to the segment `a–b` (all in unit space).
fn to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    unit_distance(p, [a[0] + t * dx, a[1] + t * dy])
}

pub(super) fn finite(p: [f64; 2]) -> bool {
    p[0].is_finite() && p[1].is_finite()
}

/// The mean of `pts` (NaN for none).
pub(super) fn centroid(pts: &[[f64; 2]]) -> [f64; 2] {
    let n = pts.len() as f64;
    [
        pts.iter().map(|p| p[0]).sum::<f64>() / n,
        pts.iter().map(|p| p[1]).sum::<f64>() / n,
    ]
}

/// Largest distance from a vertex (or piece midpoint) of `a` to the polyline `b`.
fn directed(a: &[[f64; 2]], b: &[[f64; 2]]) -> f64 {
    let finite = |p: &[f64; 2]| p[0].is_finite() && p[1].is_finite();
    let pieces: Vec<([f64; 2], [f64; 2])> = b
        .windows(2)
        .filter(|w| finite(&w[0]) && finite(&w[1]))
        .map(|w| (w[0], w[1]))
        .collect();
    let lone: Vec<[f64; 2]> = b.iter().copied().filter(finite).collect();
    let near = |p: [f64; 2]| -> f64 {
        if pieces.is_empty() {
            lone.iter()
                .map(|&q| unit_distance(p, q))
                .fold(f64::INFINITY, f64::min)
        } else {
            pieces
                .iter()
                .map(|&(s, e)| to_segment(p, s, e))
                .fold(f64::INFINITY, f64::min)
        }
    };
    let mut probes: Vec<[f64; 2]> = a.iter().copied().filter(finite).collect();
    probes.extend(
        a.windows(2)
            .filter(|w| finite(&w[0]) && finite(&w[1]))
            .map(|w| [(w[0][0] + w[1][0]) / 2.0, (w[0][1] + w[1][1]) / 2.0]),
    );
    probes.into_iter().map(near).fold(0.0, f64::max)
}

/// Symmetric Hausdorff distance between two polylines in unit space (approximated on
/// vertices and piece midpoints). Infinite when either has no finite point.
pub fn hausdorff(a: &[[f64; 2]], b: &[[f64; 2]]) -> f64 {
    let finite = |p: &&[f64; 2]| p[0].is_finite() && p[1].is_finite();
    if !a.iter().any(|p| finite(&p)) || !b.iter().any(|p| finite(&p)) {
        return f64::INFINITY;
    }
    directed(a, b).max(directed(b, a))
}

/// Two segments by their ends, in either direction: the larger end distance of the better
/// direction, in unit space.
/// Distance (unit space) from point `p` to segment `s` (data); infinity where either is
/// not drawn (NaN).
pub(crate) fn point_segment(frame: &Frame, p: [f64; 2], s: [[f64; 2]; 2]) -> f64 {
    let (q, a, b) = (frame.unit(p), frame.unit(s[0]), frame.unit(s[1]));
    let d = [b[0] - a[0], b[1] - a[1]];
    let len2 = d[0] * d[0] + d[1] * d[1];
    let t = if len2 > 0.0 {
        (((q[0] - a[0]) * d[0] + (q[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    super::tolerance::unit_distance(q, [a[0] + t * d[0], a[1] + t * d[1]])
}

pub fn segment_distance(frame: &Frame, a: [[f64; 2]; 2], b: [[f64; 2]; 2]) -> f64 {
    let d = |p, q| frame.distance(p, q);
    let forward = d(a[0], b[0]).max(d(a[1], b[1]));
    let backward = d(a[0], b[1]).max(d(a[1], b[0]));
    forward.min(backward)
}

/// Two polygons by their vertices, in unit space. With equal vertex counts: the least,
/// over rotations and reversal of `b`'s list, of the largest vertex distance. Otherwise the
/// Hausdorff distance of the outlines (such polygons are never the same; this only says
/// how near they are, for pairing).
pub fn polygon_distance(frame: &Frame, a: &[[f64; 2]], b: &[[f64; 2]]) -> f64 {
    let ua: Vec<[f64; 2]> = corners(a).iter().map(|&p| frame.unit(p)).collect();
    let ub: Vec<[f64; 2]> = corners(b).iter().map(|&p| frame.unit(p)).collect();
    let n = ua.len();
    if n == 0 || n != ub.len() {
        let close = |v: &[[f64; 2]]| -> Vec<[f64; 2]> {
            let mut v = v.to_vec();
            if let Some(&f) = v.first() {
                v.push(f);
            }
            v
        };
        return hausdorff(&close(&ua), &close(&ub));
    }
    let mut best = f64::INFINITY;
    for reversed in [false, true] {
        for r in 0..n {
            let mut worst = 0.0f64;
            for (i, &p) in ua.iter().enumerate() {
                let j = if reversed {
                    (r + n - i) % n
                } else {
                    (r + i) % n
                };
                worst = worst.max(unit_distance(p, ub[j]));
                if worst >= best {
                    break;
                }
            }
            best = best.min(worst);
        }
    }
    best
}

/// A polygon's corners: its vertices without repeats of the one before (wrapping round),
/// as `fill_between` and `fill` write them (a rectangle as 7 vertices, its first again
/// at the end): the same outline drawn from another vertex compares equal.
pub fn corners(v: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let mut out: Vec<[f64; 2]> = Vec::with_capacity(v.len());
    for &p in v {
        if out.last() != Some(&p) {
            out.push(p);
        }
    }
    while out.len() > 1 && out.first() == out.last() {
        out.pop();
    }
    out
}

/// The angle between two directions in degrees, 0–180: -148° and 212° are one (an arc
/// drawn with atan2's angles).
pub(crate) fn turn(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(360.0);
    d.min(360.0 - d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_drawn_from_another_vertex_with_repeats_is_the_same_polygon() {
        // fill_between's rectangle and a hand-drawn one, the other way round.
        let a = [
            [0.0, 6.0],
            [0.0, 0.0],
            [8.0, 0.0],
            [8.0, 6.0],
            [8.0, 6.0],
            [0.0, 6.0],
            [0.0, 6.0],
        ];
        let b = [
            [0.0, 0.0],
            [0.0, 6.0],
            [8.0, 6.0],
            [8.0, 0.0],
            [8.0, 0.0],
            [0.0, 0.0],
            [0.0, 0.0],
        ];
        let f = frame([-1.0, 11.0], [-11.0, 11.0]);
        assert!(polygon_distance(&f, &a, &b) < 1e-12);
        assert_eq!(corners(&a).len(), 4);
    }

    /// realsrc-x, round 27: `1/x²` for x > 0 drawn from x = 0.01 (200 points) and from
    /// x = 0.0316 (100 points) in a view of ±3.3: their first points lie hundreds of
    /// views above it, where neither is drawn, so they draw one picture. Compared
    /// wherever they lie they part by more than a hundred views.
    #[test]
    fn clipped_curves_that_part_only_beyond_the_view_are_one_curve() {
        let f = frame([-3.3, 3.3], [-3.3, 3.3]);
        let curve = |lo: f64, n: usize| {
            let x: Vec<f64> = (0..n)
                .map(|i| lo + (std::f64::consts::TAU - lo) * i as f64 / (n - 1) as f64)
                .collect();
            let y: Vec<f64> = x.iter().map(|x| 1.0 / (x * x)).collect();
            (x, y)
        };
        let ((x1, y1), (x2, y2)) = (curve(0.01, 200), curve(0.0316, 100));
        let whole = curve_distance(&f, (&x1, &y1), (&x2, &y2), 256);
        assert!(whole.max_unit > 100.0, "{whole:?}");
        let view = [-3.3, 3.3, -3.3, 3.3];
        let seen = curve_distance_seen(&f, (&x1, &y1), (&x2, &y2), 256, view);
        assert!(
            seen.max_unit < 0.01 && seen.domain_gap < 0.01 && seen.gap_share == 0.0,
            "{seen:?}"
        );
        // Inside the view a difference still counts: the same curve shifted down by 1.
        let y3: Vec<f64> = y2.iter().map(|y| y - 1.0).collect();
        let moved = curve_distance_seen(&f, (&x1, &y1), (&x2, &y3), 256, view);
        assert!(moved.max_unit > 0.1, "{moved:?}");
        // And a stretch only one of them draws inside the view: the left branch kept.
        let (mut x4, mut y4) = curve(0.0316, 100);
        x4.splice(0..0, x4.iter().rev().map(|x| -x).collect::<Vec<_>>());
        y4.splice(0..0, y4.iter().rev().copied().collect::<Vec<_>>());
        let both = curve_distance_seen(&f, (&x4, &y4), (&x2, &y2), 256, view);
        assert!(both.domain_gap > 0.3, "{both:?}");
    }

    fn frame(x: [f64; 2], y: [f64; 2]) -> Frame {
        Frame {
            xlim: x,
            ylim: y,
            xlog: false,
            ylog: false,
        }
    }

    fn lin(a: f64, b: f64, n: usize) -> Vec<f64> {
        (0..n)
            .map(|i| a + (b - a) * i as f64 / (n - 1) as f64)
            .collect()
    }

    #[test]
    fn one_function_sampled_two_ways_is_one_curve() {
        let f = frame([-5.0, 5.0], [-2.0, 25.0]);
        let (x1, x2) = (lin(-5.0, 5.0, 200), lin(-5.0, 5.0, 77));
        let y1: Vec<f64> = x1.iter().map(|x| x * x - 1.0).collect();
        let y2: Vec<f64> = x2.iter().map(|x| (x - 1.0) * (x + 1.0)).collect();
        let d = curve_distance(&f, (&x1, &y1), (&x2, &y2), 256);
        assert!(
            d.function && d.max_unit < 0.01 && d.domain_gap < 1e-12,
            "{d:?}"
        );
        // Reversed drawing order is the same function.
        let (xr, yr): (Vec<f64>, Vec<f64>) = (
            x2.iter().rev().copied().collect(),
            y2.iter().rev().copied().collect(),
        );
        assert!(curve_distance(&f, (&x1, &y1), (&xr, &yr), 256).max_unit < 0.01);
    }

    #[test]
    fn another_function_or_a_part_of_the_domain_differs() {
        let f = frame([-5.0, 5.0], [-2.0, 25.0]);
        let x = lin(-5.0, 5.0, 200);
        let y: Vec<f64> = x.iter().map(|x| x * x - 1.0).collect();
        let y2: Vec<f64> = x.iter().map(|x| x * x + 1.0).collect();
        let d = curve_distance(&f, (&x, &y), (&x, &y2), 256);
        assert!((d.max_unit - 2.0 / 27.0).abs() < 1e-9, "{d:?}");
        let half = lin(0.0, 5.0, 100);
        let yh: Vec<f64> = half.iter().map(|x| x * x - 1.0).collect();
        let d = curve_distance(&f, (&x, &y), (&half, &yh), 256);
        assert!(d.max_unit < 0.01, "same values where both are drawn");
        assert!((d.domain_gap - 0.5).abs() < 1e-9, "{d:?}");
        assert_eq!(d.shared, [0.0, 5.0]);
    }

    #[test]
    fn gaps_count_where_only_one_curve_is_drawn() {
        let f = frame([0.0, 10.0], [0.0, 10.0]);
        let x = lin(0.0, 10.0, 101);
        let y: Vec<f64> = x.clone();
        let holed: Vec<f64> = x
            .iter()
            .map(|&v| if (4.0..6.0).contains(&v) { f64::NAN } else { v })
            .collect();
        let d = curve_distance(&f, (&x, &y), (&x, &holed), 256);
        assert!(d.max_unit < 1e-9 && d.gap_share > 0.15, "{d:?}");
    }

    #[test]
    fn paths_that_are_not_functions_use_hausdorff() {
        let f = frame([-2.0, 2.0], [-2.0, 2.0]);
        let t = lin(0.0, std::f64::consts::TAU, 100);
        let (cx, cy): (Vec<f64>, Vec<f64>) = (
            t.iter().map(|t| t.cos()).collect(),
            t.iter().map(|t| t.sin()).collect(),
        );
        let t2 = lin(0.0, std::f64::consts::TAU, 60);
        let (dx, dy): (Vec<f64>, Vec<f64>) = (
            t2.iter().map(|t| t.cos()).collect(),
            t2.iter().map(|t| t.sin()).collect(),
        );
        let d = curve_distance(&f, (&cx, &cy), (&dx, &dy), 256);
        assert!(!d.function && d.max_unit < 0.01, "{d:?}");
        let (ex, ey): (Vec<f64>, Vec<f64>) = (
            dx.iter().map(|v| v * 1.5).collect(),
            dy.iter().map(|v| v * 1.5).collect(),
        );
        let d = curve_distance(&f, (&cx, &cy), (&ex, &ey), 256);
        assert!((d.max_unit - 0.125).abs() < 0.01, "{d:?}");
    }

    #[test]
    fn segments_either_direction() {
        let f = frame([0.0, 10.0], [0.0, 10.0]);
        let s = [[1.0, 4.0], [3.0, 0.0]];
        assert_eq!(segment_distance(&f, s, [[3.0, 0.0], [1.0, 4.0]]), 0.0);
        assert!((segment_distance(&f, s, [[1.0, 4.0], [1.0, 0.0]]) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn polygons_up_to_rotation_and_reversal() {
        let f = frame([0.0, 10.0], [0.0, 10.0]);
        let tri = [[0.0, 0.0], [6.0, 0.0], [1.0, 4.0]];
        assert_eq!(
            polygon_distance(&f, &tri, &[[6.0, 0.0], [1.0, 4.0], [0.0, 0.0]]),
            0.0
        );
        assert_eq!(
            polygon_distance(&f, &tri, &[[1.0, 4.0], [6.0, 0.0], [0.0, 0.0]]),
            0.0
        );
        assert!(
            (polygon_distance(&f, &tri, &[[0.0, 0.0], [6.0, 0.0], [2.0, 4.0]]) - 0.1).abs() < 1e-12
        );
        let quad = [[0.0, 0.0], [6.0, 0.0], [6.0, 4.0], [0.0, 4.0]];
        assert!(polygon_distance(&f, &tri, &quad) > 0.1);
    }
}
