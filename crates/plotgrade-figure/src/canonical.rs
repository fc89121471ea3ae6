//! Geometry read as a reader reads it: the set of drawn edges.
//!
//! A triangle drawn as three `plot` calls, as one closed polyline, or as a `Polygon`
//! patch shows the same three sides; a side drawn as two pieces that meet on a line
//! (`AD` and `DC` with D on AC) shows one side. In a geometry figure every straight
//! stroke is split into its edges, and edges that lie on one line, touch or overlap and
//! look the same (colour, line style) are merged into one. What stays apart is what a
//! reader sees apart: a dashed median next to a solid side, two separate segments with a
//! gap between them.
//!
//! Written by hand: a few dozen edges per figure, compared with the figure channel's own
//! unit-space tolerances; no geometry crate is needed for collinearity and overlap.

use super::tolerance::Frame;

/// One straight stroke of a geometry figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    pub ends: [[f64; 2]; 2],
    pub color: String,
    pub linestyle: String,
    /// Line width in points; NaN where the drawing does not say (a patch's outline).
    pub linewidth: f64,
    pub label: Option<String>,
    /// The stroke's drawn width in points (a patch's outline too); NaN when unknown.
    pub stroke: f64,
    /// Its artist's `zorder`; NaN when unknown.
    pub zorder: f64,
}

/// Drop the edges no reader sees: an edge lying along a solid edge that is drawn over it
/// (a higher zorder) at least as wide. `ax.fill(…, color='lightgrey', zorder=0)` outlines
/// a triangle in grey under its black sides: the picture shows black sides only.
pub fn drop_covered(edges: Vec<Edge>, frame: &Frame) -> Vec<Edge> {
    let covered = |e: &Edge| {
        edges.iter().any(|o| {
            o.linestyle == "-"
                && o.zorder > e.zorder
                && o.stroke >= e.stroke
                && join(&o.ends, &e.ends, frame).is_some_and(|u| same_ends(&u, &o.ends, frame))
        })
    };
    let keep: Vec<bool> = edges.iter().map(|e| !covered(e)).collect();
    edges
        .into_iter()
        .zip(keep)
        .filter_map(|(e, k)| k.then_some(e))
        .collect()
}

/// Whether two segments have the same ends (either way round), in unit space.
fn same_ends(a: &[[f64; 2]; 2], b: &[[f64; 2]; 2], frame: &Frame) -> bool {
    let near = |p: [f64; 2], q: [f64; 2]| frame.distance(p, q) <= ON_LINE;
    (near(a[0], b[0]) && near(a[1], b[1])) || (near(a[0], b[1]) && near(a[1], b[0]))
}

/// Edges closer than this (unit space) to lying on one line, or to touching, are one.
const ON_LINE: f64 = 1e-6;

/// Merge collinear edges that touch or overlap and look the same; drop exact repeats.
pub fn merge(mut edges: Vec<Edge>, frame: &Frame) -> Vec<Edge> {
    loop {
        let mut merged = false;
        'outer: for i in 0..edges.len() {
            for j in i + 1..edges.len() {
                let (wi, wj) = (edges[i].linewidth, edges[j].linewidth);
                if edges[i].color != edges[j].color
                    || edges[i].linestyle != edges[j].linestyle
                    || (wi.is_finite() && wj.is_finite() && (wi - wj).abs() > 1e-9)
                {
                    continue;
                }
                if wi.is_nan() {
                    edges[i].linewidth = wj;
                }
                if let Some(ends) = join(&edges[i].ends, &edges[j].ends, frame) {
                    edges[i].ends = ends;
                    if edges[i].label.is_none() {
                        edges[i].label = edges[j].label.take();
                    }
                    edges.remove(j);
                    merged = true;
                    break 'outer;
                }
            }
        }
        if !merged {
            return edges;
        }
    }
}

/// The one segment two collinear, touching segments make; `None` otherwise.
fn join(a: &[[f64; 2]; 2], b: &[[f64; 2]; 2], frame: &Frame) -> Option<[[f64; 2]; 2]> {
    let u = |p: [f64; 2]| frame.unit(p);
    let (a0, a1, b0, b1) = (u(a[0]), u(a[1]), u(b[0]), u(b[1]));
    let d = [a1[0] - a0[0], a1[1] - a0[1]];
    let len = d[0].hypot(d[1]);
    if len.is_nan() || len <= ON_LINE || !len.is_finite() {
        return None;
    }
    let dir = [d[0] / len, d[1] / len];
    // Both ends of b on a's line.
    let off = |p: [f64; 2]| ((p[0] - a0[0]) * dir[1] - (p[1] - a0[1]) * dir[0]).abs();
    if off(b0) > ON_LINE || off(b1) > ON_LINE {
        return None;
    }
    // Positions along the line: a spans [0, len]; b must touch or overlap it.
    let t = |p: [f64; 2]| (p[0] - a0[0]) * dir[0] + (p[1] - a0[1]) * dir[1];
    let (tb0, tb1) = (t(b0), t(b1));
    let (lo_b, hi_b) = (tb0.min(tb1), tb0.max(tb1));
    if hi_b < -ON_LINE || lo_b > len + ON_LINE {
        return None;
    }
    // The union, back in data units: the extreme ends among the four.
    let mut ends = [(0.0, a[0]), (len, a[1]), (tb0, b[0]), (tb1, b[1])];
    ends.sort_by(|p, q| p.0.total_cmp(&q.0));
    Some([ends[0].1, ends[3].1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(p: [f64; 2], q: [f64; 2], style: &str) -> Edge {
        Edge {
            ends: [p, q],
            color: "#000000ff".into(),
            linestyle: style.into(),
            linewidth: f64::NAN,
            label: None,
            stroke: 1.0,
            zorder: 2.0,
        }
    }

    #[test]
    fn an_outline_under_a_wider_side_is_not_seen() {
        let under = |p, q| Edge {
            color: "#d3d3d3ff".into(),
            zorder: 0.0,
            ..edge(p, q, "-")
        };
        let side = |p, q| Edge {
            stroke: 1.5,
            ..edge(p, q, "-")
        };
        let e = drop_covered(
            vec![
                under([0.0, 0.0], [4.0, 0.0]),
                side([0.0, 0.0], [4.0, 0.0]),
                // Over the side (higher zorder) it shows; past its end it shows.
                Edge {
                    zorder: 3.0,
                    ..under([0.0, 0.0], [2.0, 0.0])
                },
                under([0.0, 0.0], [6.0, 0.0]),
                // Under a thinner or dashed side it shows.
                under([0.0, 0.0], [0.0, 3.0]),
                Edge {
                    stroke: 0.5,
                    ..side([0.0, 0.0], [0.0, 3.0])
                },
            ],
            &F,
        );
        assert_eq!(e.len(), 5, "{e:#?}");
        assert!(
            !e.iter()
                .any(|x| x.zorder == 0.0 && x.ends == [[0.0, 0.0], [4.0, 0.0]])
        );
    }

    const F: Frame = Frame {
        xlim: [-1.0, 8.0],
        ylim: [-1.0, 6.0],
        xlog: false,
        ylog: false,
    };

    #[test]
    fn pieces_on_one_line_that_touch_are_one_side() {
        // AC drawn as AD + DC, D on AC; and AB drawn twice.
        let e = merge(
            vec![
                edge([0.0, 0.0], [2.0, 2.5], "-"),
                edge([2.0, 2.5], [4.0, 5.0], "-"),
                edge([0.0, 0.0], [7.0, 0.0], "-"),
                edge([7.0, 0.0], [0.0, 0.0], "-"),
            ],
            &F,
        );
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].ends, [[0.0, 0.0], [4.0, 5.0]]);
    }

    #[test]
    fn what_a_reader_sees_apart_stays_apart() {
        let e = merge(
            vec![
                edge([0.0, 0.0], [2.0, 2.5], "-"),
                edge([2.0, 2.5], [4.0, 5.0], "--"), // another style
                edge([0.0, 0.0], [1.0, 0.0], "-"),
                edge([2.0, 0.0], [3.0, 0.0], "-"), // a gap
                edge([0.0, 0.0], [0.0, 3.0], "-"), // another direction
            ],
            &F,
        );
        assert_eq!(e.len(), 5);
    }
}
