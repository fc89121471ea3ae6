//! Which element of one scene is which element of the other.
//!
//! Elements pair only within the same figure, axes and kind. Within such a group:
//!
//! 1. **By key.** Elements with the same label (bar category, wedge label, line label,
//!    text string; compared as canonical text) pair with each other. When a key repeats
//!    (grouped bars share categories, a label "5" sits over two bars) the optimal
//!    assignment on the kind's cost decides which is which.
//! 2. **By what is drawn.** The rest pair by an optimal assignment on the kind's cost
//!    (bar position, wedge order, curve distance, segment ends, polygon vertices, text
//!    position …), where a pair dearer than the kind's radius is not taken: those elements
//!    are removed and added. Bars and wedges with two different labels never pair (a
//!    different category is a different bar); curves, shapes and texts may.
//!
//! Groups too large for an O(n³) assignment (scatters of thousands of points) first pair
//! identical elements exactly, then pair the remainder by drawing order.

use std::collections::{BTreeMap, HashMap, VecDeque};

use super::element::{Element, ElementKind, Value, place_distance};
use super::geometry::{polygon_distance, segment_distance};
use super::hungarian::{FORBIDDEN, assign, assign_capped};
use super::inventory::Inventory;
use super::tolerance::{Frame, Tolerances, canonical_text};

pub use super::hungarian::ASSIGNMENT_LIMIT;

/// Tie-breaker added when a secondary look (colour, style, series) differs: small enough
/// never to decide whether elements pair, large enough to decide which pair when shapes tie.
const NUDGE: f64 = 1e-3;

/// Pairs `(id in a, id in b)` of elements that are the same element in both scenes,
/// measured in `a`'s frames. This is the figure channel's matching step, exposed for the
/// benchmark; [`diff_inventories`](super::diff_inventories) builds on it.
pub fn pair(a: &Inventory, b: &Inventory, tol: &Tolerances) -> Vec<(usize, usize)> {
    let frame = |e: &Element| a.frame(e.figure, e.axes).unwrap_or(Frame::UNIT);
    pair_elements(&a.elements, &b.elements, &frame, tol)
        .into_iter()
        .map(|(i, j)| (a.elements[i].id, b.elements[j].id))
        .collect()
}

/// Pairs of positions `(i in a, j in b)`; `frame` gives the frame to measure an element
/// of `a` in.
pub(crate) fn pair_elements(
    a: &[Element],
    b: &[Element],
    frame: &dyn Fn(&Element) -> Frame,
    tol: &Tolerances,
) -> Vec<(usize, usize)> {
    type Group = (Vec<usize>, Vec<usize>);
    let mut groups: BTreeMap<(usize, Option<usize>, ElementKind), Group> = BTreeMap::new();
    for (i, e) in a.iter().enumerate() {
        groups
            .entry((e.figure, e.axes, e.kind))
            .or_default()
            .0
            .push(i);
    }
    for (j, e) in b.iter().enumerate() {
        groups
            .entry((e.figure, e.axes, e.kind))
            .or_default()
            .1
            .push(j);
    }
    let mut pairs = Vec::new();
    for ((_, _, kind), (ga, gb)) in groups {
        if ga.is_empty() || gb.is_empty() {
            continue;
        }
        if kind.singleton() {
            pairs.extend(ga.iter().copied().zip(gb.iter().copied()));
            continue;
        }
        pair_group(a, b, &ga, &gb, frame, tol, &mut pairs);
    }
    pairs.sort_unstable();
    pairs
}

fn pair_group(
    a: &[Element],
    b: &[Element],
    ga: &[usize],
    gb: &[usize],
    frame: &dyn Fn(&Element) -> Frame,
    tol: &Tolerances,
    out: &mut Vec<(usize, usize)>,
) {
    let mut left_a: Vec<usize> = ga.to_vec();
    let mut left_b: Vec<usize> = gb.to_vec();
    let take = |left_a: &mut Vec<usize>, left_b: &mut Vec<usize>, found: &[(usize, usize)]| {
        left_a.retain(|i| !found.iter().any(|p| p.0 == *i));
        left_b.retain(|j| !found.iter().any(|p| p.1 == *j));
    };
    if left_a.len() * left_b.len() > ASSIGNMENT_LIMIT {
        let found = identical(a, b, &left_a, &left_b);
        take(&mut left_a, &mut left_b, &found);
        out.extend(found);
    }
    let cost = |i: usize, j: usize| cost(&a[i], &b[j], &frame(&a[i]), tol);
    // 1. By key.
    let mut keyed_a: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut keyed_b: HashMap<String, Vec<usize>> = HashMap::new();
    for &i in &left_a {
        if let Some(k) = &a[i].key {
            keyed_a.entry(canonical_text(k)).or_default().push(i);
        }
    }
    for &j in &left_b {
        if let Some(k) = &b[j].key {
            keyed_b.entry(canonical_text(k)).or_default().push(j);
        }
    }
    let mut found = Vec::new();
    for (k, rows) in &keyed_a {
        if let Some(cols) = keyed_b.get(k) {
            found.extend(best(rows, cols, &cost, None));
        }
    }
    take(&mut left_a, &mut left_b, &found);
    out.extend(found);
    // 2. By what is drawn, within the kind's radius.
    let kind = a[ga[0]].kind;
    let pairable = |i: usize, j: usize| a[i].key.is_none() || b[j].key.is_none() || kind.relabel();
    let capped = |i: usize, j: usize| {
        if pairable(i, j) {
            cost(i, j)
        } else {
            FORBIDDEN
        }
    };
    out.extend(best(&left_a, &left_b, &capped, Some(radius(kind, tol))));
}

/// The optimal assignment of `rows` to `cols` (all of the smaller side, or only pairs
/// within `cap`), or pairs by drawing order when the problem is too large.
fn best(
    rows: &[usize],
    cols: &[usize],
    cost: &dyn Fn(usize, usize) -> f64,
    cap: Option<f64>,
) -> Vec<(usize, usize)> {
    if rows.is_empty() || cols.is_empty() {
        return Vec::new();
    }
    let limit = cap.unwrap_or(FORBIDDEN / 2.0);
    if rows.len() * cols.len() > ASSIGNMENT_LIMIT {
        return rows
            .iter()
            .zip(cols)
            .map(|(&i, &j)| (i, j))
            .filter(|&(i, j)| cost(i, j) <= limit)
            .collect();
    }
    let m: Vec<Vec<f64>> = rows
        .iter()
        .map(|&i| cols.iter().map(|&j| cost(i, j)).collect())
        .collect();
    let chosen = match cap {
        Some(c) => assign_capped(&m, c),
        None => assign(&m)
            .into_iter()
            .filter(|&(p, q)| m[p][q] < limit)
            .collect(),
    };
    chosen
        .into_iter()
        .map(|(p, q)| (rows[p], cols[q]))
        .collect()
}

/// Identical elements (same key and attributes, bit for bit), paired in drawing order.
fn identical(a: &[Element], b: &[Element], ga: &[usize], gb: &[usize]) -> Vec<(usize, usize)> {
    let print = |e: &Element| format!("{:?}|{:?}", e.key, e.attrs);
    let mut waiting: HashMap<String, VecDeque<usize>> = HashMap::new();
    for &j in gb {
        waiting.entry(print(&b[j])).or_default().push_back(j);
    }
    ga.iter()
        .filter_map(|&i| {
            waiting
                .get_mut(&print(&a[i]))
                .and_then(VecDeque::pop_front)
                .map(|j| (i, j))
        })
        .collect()
}

/// Largest cost at which two elements of a kind still pair (see [`Tolerances`]).
fn radius(kind: ElementKind, tol: &Tolerances) -> f64 {
    match kind {
        // Centres within half a bar width.
        ElementKind::Bar => 0.5,
        // Up to about three places apart in the pie, less when the fractions differ.
        ElementKind::Wedge => 0.35,
        ElementKind::Line => tol.pair_curve,
        ElementKind::Point => tol.pair_point,
        ElementKind::Segment | ElementKind::Polygon | ElementKind::Circle | ElementKind::Arc => {
            tol.pair_shape
        }
        // A text whose words changed pairs only when it stayed where it was.
        ElementKind::Text => tol.text_position,
        ElementKind::Image => 1.0,
        ElementKind::Reference => tol.pair_shape,
        ElementKind::Tick => tol.pair_point,
        ElementKind::Artist => tol.pair_shape,
        _ => f64::INFINITY,
    }
}

fn differs(x: &Element, y: &Element, attr: &str) -> bool {
    x.attrs.get(attr) != y.attrs.get(attr)
}

fn num(e: &Element, attr: &str) -> f64 {
    match e.attrs.get(attr) {
        Some(Value::Measure(v) | Value::Share(v) | Value::Length(v) | Value::Angle(v)) => *v,
        _ => f64::NAN,
    }
}

fn nudge(x: &Element, y: &Element, attrs: &[&str]) -> f64 {
    attrs.iter().filter(|a| differs(x, y, a)).count() as f64 * NUDGE
}

/// How far apart two elements of one kind are, in the kind's own terms (mostly unit
/// distance). Not finite when they cannot be compared.
fn cost(x: &Element, y: &Element, frame: &Frame, tol: &Tolerances) -> f64 {
    let c = match x.kind {
        ElementKind::Bar => bar_cost(x, y, tol),
        ElementKind::Wedge => {
            0.1 * x.ordinal.abs_diff(y.ordinal) as f64
                + (num(x, "fraction") - num(y, "fraction")).abs()
                + nudge(x, y, &["color"])
        }
        ElementKind::Line => match (attr(x, "curve"), attr(y, "curve")) {
            (Some(Value::Curve(p)), Some(Value::Curve(q))) => {
                let d = p.apart(&q, frame, tol.curve_samples);
                // The same function where both are drawn, over a shared stretch: the
                // same curve cut or extended. It pairs however much of the domain went
                // (half of it cost exactly the pairing radius, so one sampling paired
                // and another did not).
                let cut = d.function
                    && d.max_unit <= tol.curve
                    && d.shared[1] - d.shared[0] > 0.0
                    && d.gap_share <= tol.gaps;
                let c = if cut {
                    d.cost().min(tol.pair_curve / 2.0)
                } else {
                    d.cost()
                };
                c + nudge(x, y, &["color", "linestyle", "marker"])
            }
            _ => f64::INFINITY,
        },
        ElementKind::Segment => match (attr(x, "ends"), attr(y, "ends")) {
            (Some(Value::Segment(p)), Some(Value::Segment(q))) => {
                segment_distance(frame, p, q) + nudge(x, y, &["color", "linestyle"])
            }
            _ => f64::INFINITY,
        },
        ElementKind::Point => match (attr(x, "position"), attr(y, "position")) {
            (Some(Value::Point(p)), Some(Value::Point(q))) => {
                frame.distance(p, q) + nudge(x, y, &["color"])
            }
            _ => f64::INFINITY,
        },
        ElementKind::Polygon => match (attr(x, "vertices"), attr(y, "vertices")) {
            (Some(Value::Polygon(p)), Some(Value::Polygon(q))) => {
                polygon_distance(frame, &p, &q) + nudge(x, y, &["edgecolor", "facecolor"])
            }
            _ => f64::INFINITY,
        },
        ElementKind::Circle | ElementKind::Arc => round_cost(x, y, frame),
        ElementKind::Text => text_cost(x, y, frame, tol),
        ElementKind::Reference => reference_cost(x, y, frame),
        ElementKind::Tick => match (attr(x, "at"), attr(y, "at")) {
            (Some(Value::Coord { axis: p, at: a }), Some(Value::Coord { axis: q, at: b }))
                if p == q =>
            {
                if p == 'x' {
                    (frame.ux(a) - frame.ux(b)).abs()
                } else {
                    (frame.uy(a) - frame.uy(b)).abs()
                }
            }
            _ => f64::INFINITY,
        },
        ElementKind::Artist => match (attr(x, "box"), attr(y, "box")) {
            (Some(Value::Box(p)), Some(Value::Box(q))) if x.key == y.key => p
                .iter()
                .zip(&q)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max),
            _ => f64::INFINITY,
        },
        ElementKind::Image => 0.1 * x.ordinal.abs_diff(y.ordinal) as f64 + nudge(x, y, &["shape"]),
        _ => 0.0,
    };
    if c.is_nan() { f64::INFINITY } else { c }
}

fn attr(e: &Element, k: &str) -> Option<Value> {
    e.attrs.get(k).cloned()
}

/// Bars: along the category axis in bar widths, a little for a different stack level,
/// and far for another series, orientation or colour.
fn bar_cost(x: &Element, y: &Element, tol: &Tolerances) -> f64 {
    let w = num(x, "width").abs().max(num(y, "width").abs()).max(1e-12);
    let apart = (x.at[0] - y.at[0]).abs() / w;
    let stacked = if tol.same_measure(x.at[1], y.at[1]) {
        0.0
    } else {
        0.05
    };
    apart + stacked + 100.0 * nudge(x, y, &["series", "orientation", "color"])
}

/// Circles and arcs: centre, radius, and for arcs the turn between their angles.
fn round_cost(x: &Element, y: &Element, frame: &Frame) -> f64 {
    match (attr(x, "center"), attr(y, "center")) {
        (Some(Value::Point(p)), Some(Value::Point(q))) => {
            // Directions: -148° is 212° (an arc drawn with atan2's angles).
            let turn = |k: &str| super::geometry::turn(num(x, k), num(y, k)) / 360.0;
            let arc = if x.kind == ElementKind::Arc {
                turn("theta1") + turn("theta2")
            } else {
                0.0
            };
            frame.distance(p, q)
                + frame.unit_length((num(x, "radius") - num(y, "radius")).abs())
                + arc
                + nudge(x, y, &["edgecolor"])
        }
        _ => f64::INFINITY,
    }
}

/// Texts: by place, or next to nothing when both sit next to the same element.
fn text_cost(x: &Element, y: &Element, frame: &Frame, tol: &Tolerances) -> f64 {
    match (attr(x, "position"), attr(y, "position")) {
        (Some(p), Some(q)) => {
            // Next to the same element: as near as a text can be.
            let by_anchor = match (attr(x, "anchor"), attr(y, "anchor")) {
                (Some(a @ Value::Anchor(_)), Some(b))
                    if a.same(&b, super::element::Ctx { tol, frame }) =>
                {
                    0.01
                }
                _ => f64::INFINITY,
            };
            place_distance(frame, &p, &q).min(by_anchor) + nudge(x, y, &["color"])
        }
        _ => f64::INFINITY,
    }
}

/// Reference lines of one orientation: how far apart they cross their axis.
fn reference_cost(x: &Element, y: &Element, frame: &Frame) -> f64 {
    match (
        attr(x, "orientation"),
        attr(y, "orientation"),
        attr(x, "at"),
        attr(y, "at"),
    ) {
        (
            Some(o),
            Some(p),
            Some(Value::Coord { axis, at: a }),
            Some(Value::Coord { at: b, .. }),
        ) if o == p => {
            let d = if axis == 'x' {
                (frame.ux(a) - frame.ux(b)).abs()
            } else {
                (frame.uy(a) - frame.uy(b)).abs()
            };
            d + nudge(x, y, &["color", "linestyle"])
        }
        _ => f64::INFINITY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotgrade_model::scene::{Axes, Bar, Figure, Line, Scene, Text};

    fn scene(ax: Axes) -> Inventory {
        let ax = Axes {
            xlim: [-5.0, 5.0],
            ylim: [-5.0, 30.0],
            xscale: "linear".into(),
            yscale: "linear".into(),
            ..ax
        };
        Inventory::of(&Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![ax],
                ..Figure::default()
            }],
        })
    }

    fn curve(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> Line {
        let x: Vec<f64> = (0..100)
            .map(|i| lo + (hi - lo) * f64::from(i) / 99.0)
            .collect();
        Line {
            y: x.iter().map(|&v| f(v)).collect(),
            x,
            linestyle: "-".into(),
            marker: "None".into(),
            ..Line::default()
        }
    }

    fn kinds(inv: &Inventory, pairs: &[(usize, usize)]) -> Vec<(ElementKind, usize, usize)> {
        pairs
            .iter()
            .map(|&(i, j)| (inv.get(i).kind, inv.get(i).ordinal, j))
            .filter(|p| p.0 != ElementKind::Axes)
            .collect()
    }

    #[test]
    fn unlabelled_curves_pair_by_shape_not_order() {
        let a = scene(Axes {
            // Bent lines: a straight one is a segment (`shapes.rs`).
            lines: vec![
                curve(|x| x * x, -5.0, 5.0),
                curve(|x| 2.0 * x + 0.05 * x.powi(3), -5.0, 5.0),
            ],
            ..Axes::default()
        });
        let b = scene(Axes {
            lines: vec![
                curve(|x| 2.0 * x + 0.05 * x.powi(3) + 0.5, -5.0, 5.0),
                curve(|x| x * x, -5.0, 5.0),
            ],
            ..Axes::default()
        });
        let p = pair(&a, &b, &Tolerances::default());
        let lines: Vec<(usize, usize)> = p
            .iter()
            .filter(|&&(i, _)| a.get(i).kind == ElementKind::Line)
            .map(|&(i, j)| (a.get(i).ordinal, b.get(j).ordinal))
            .collect();
        assert_eq!(lines, vec![(0, 1), (1, 0)]);
    }

    #[test]
    fn labelled_curves_pair_by_label_however_far() {
        let a = scene(Axes {
            lines: vec![Line {
                label: Some("f".into()),
                ..curve(|x| x + 0.05 * x.powi(3), -5.0, 5.0)
            }],
            ..Axes::default()
        });
        let b = scene(Axes {
            lines: vec![Line {
                label: Some("f".into()),
                ..curve(|x| x + 0.05 * x.powi(3) + 20.0, -5.0, 5.0)
            }],
            ..Axes::default()
        });
        assert_eq!(
            kinds(&a, &pair(&a, &b, &Tolerances::default())),
            vec![(ElementKind::Line, 0, 1)]
        );
    }

    #[test]
    fn bars_pair_by_category_and_never_across_categories() {
        let bar = |x: f64, h: f64, c: &str| Bar {
            x,
            height: h,
            width: 0.8,
            category: Some(c.into()),
            ..Bar::default()
        };
        let a = scene(Axes {
            bars: vec![bar(0.0, 3.0, "Q1"), bar(1.0, 4.0, "Q2")],
            ..Axes::default()
        });
        let b = scene(Axes {
            bars: vec![bar(1.0, 4.0, "Q1"), bar(0.0, 3.0, "Q3")],
            ..Axes::default()
        });
        // Q1 moved but is still Q1; Q2 and Q3 share a position but not a category.
        assert_eq!(
            kinds(&a, &pair(&a, &b, &Tolerances::default())),
            vec![(ElementKind::Bar, 0, 1)]
        );
        let unlabelled = |x: f64| Bar {
            x,
            height: 1.0,
            width: 0.8,
            ..Bar::default()
        };
        let a = scene(Axes {
            bars: vec![unlabelled(0.0), unlabelled(1.0)],
            ..Axes::default()
        });
        let b = scene(Axes {
            bars: vec![unlabelled(1.1), unlabelled(5.0)],
            ..Axes::default()
        });
        assert_eq!(
            kinds(&a, &pair(&a, &b, &Tolerances::default())),
            vec![(ElementKind::Bar, 1, 1)]
        );
    }

    #[test]
    fn texts_pair_by_string_then_by_place() {
        let t = |s: &str, x: f64, ax: f64| Text {
            text: s.into(),
            x,
            y: 0.0,
            ax_x: ax,
            ax_y: 0.5,
            ..Text::default()
        };
        let a = scene(Axes {
            texts: vec![t("A", 0.0, 0.5), t("60°", 1.0, 0.6), t("old", -4.0, 0.1)],
            ..Axes::default()
        });
        let b = scene(Axes {
            texts: vec![t("45°", 1.05, 0.605), t("A", 4.0, 0.9), t("new", 4.0, 0.9)],
            ..Axes::default()
        });
        // "A" moved far: still "A". "60°" → "45°" in place: paired. "old" and "new": apart.
        assert_eq!(
            kinds(&a, &pair(&a, &b, &Tolerances::default())),
            vec![(ElementKind::Text, 0, 2), (ElementKind::Text, 1, 1)]
        );
    }

    #[test]
    fn huge_groups_pair_identical_elements_without_the_assignment() {
        let pts: Vec<[f64; 2]> = (0..700).map(|i| [f64::from(i) / 100.0, 1.0]).collect();
        let mut moved = pts.clone();
        moved.reverse();
        moved[0] = [6.99, 1.05]; // was [6.99, 1.0]: nudged, so no longer identical
        let sc = |p: Vec<[f64; 2]>| plotgrade_model::scene::Scatter {
            offsets: p,
            ..Default::default()
        };
        let a = scene(Axes {
            scatters: vec![sc(pts)],
            ..Axes::default()
        });
        let b = scene(Axes {
            scatters: vec![sc(moved)],
            ..Axes::default()
        });
        let p = pair(&a, &b, &Tolerances::default());
        let points: Vec<&(usize, usize)> = p
            .iter()
            .filter(|(i, _)| a.get(*i).kind == ElementKind::Point)
            .collect();
        assert_eq!(
            points.len(),
            700,
            "699 identical + the nudged one, paired within its radius"
        );
        assert!(
            points
                .iter()
                .all(|&&(i, j)| a.get(i).attrs == b.get(j).attrs || a.get(i).ordinal == 699)
        );
    }
}
