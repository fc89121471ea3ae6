//! Tick labels left behind for removed points and bars, and ticks an edit moved.
//!
//! A number under a point at its own position (`2018` under the point at x = 2018) is not
//! an element: on most axes it follows the data (limits, a locator), and an edit that
//! moves the data moves it. On an axis whose ticks are exactly its data positions (a line
//! chart with `plt.xticks(years)`), each such tick names a point as a category label does;
//! deleting the point deletes what the tick names. Where the reference removes those
//! ticks with their points and an answer keeps one, the answer draws a label of nothing
//! that the reference does not: an op of its own, which nothing in the reference agrees
//! with. Where the reference keeps them too, keeping them is not counted.
//!
//! Written by hand: a set comparison over one axes' tick and data positions.

use std::collections::BTreeMap;

use super::element::{Element, ElementKind, Value};
use super::inventory::numeric_at;
use plotgrade_model::scene::{Axes, Orientation, Scene};

/// An axis with at least this many ticks, all at data positions, labels its points.
const LABELLED_POINTS: usize = 3;

/// Tick labels of `edited` at data positions of `original` where `edited` draws no point
/// any more, on axes whose ticks in `original` are exactly their data positions, and
/// category labels under no bar any more (see [`orphan_categories`]). Each is a `tick`
/// element (text and position) for the op that records it.
pub(super) fn orphan_ticks(original: &Scene, edited: &Scene) -> Vec<Element> {
    let mut out = Vec::new();
    for (fig, ax) in axes(original) {
        let Some(e) = find(edited, fig, ax.index) else {
            continue;
        };
        for axis in ['x', 'y'] {
            out.extend(orphan_categories(fig, ax, e, axis, out.len()));
            let data = positions(ax, axis);
            let ticks = ticks(ax, axis);
            let at: Vec<f64> = ticks.iter().map(|t| t.0).collect();
            if ticks.len() < LABELLED_POINTS || !same_positions(&at, &data) {
                continue;
            }
            let kept = positions(e, axis);
            for (at, label) in self::ticks(e, axis) {
                let was_a_point = data.iter().any(|&d| close(d, at));
                if was_a_point && !kept.iter().any(|&d| close(d, at)) {
                    let mut attrs = BTreeMap::new();
                    attrs.insert("text".into(), Value::Text(label.clone()));
                    attrs.insert("at".into(), Value::Coord { axis, at });
                    out.push(Element {
                        id: usize::MAX,
                        kind: ElementKind::Tick,
                        figure: fig,
                        axes: Some(e.index),
                        ordinal: out.len(),
                        key: Some(label),
                        at: if axis == 'x' {
                            [at, f64::NAN]
                        } else {
                            [f64::NAN, at]
                        },
                        attrs,
                    });
                }
            }
        }
    }
    out
}

/// Category labels of `edited` under no bar any more, on the bar axis `axis`: a tick label
/// that named bars of `original` ("Item 3") where `edited` draws none of that category
/// (realsrc-m: a group's three bars deleted and its label left under empty space). Each
/// is a `tick` element, numbered from `ordinal`.
fn orphan_categories(
    fig: usize,
    original: &Axes,
    edited: &Axes,
    axis: char,
    ordinal: usize,
) -> Vec<Element> {
    let orientation = if axis == 'x' {
        Orientation::Vertical
    } else {
        Orientation::Horizontal
    };
    let categories = |a: &Axes| -> Vec<String> {
        a.bars
            .iter()
            .filter(|b| b.orientation == orientation)
            .filter_map(|b| b.category.clone())
            .collect()
    };
    let (was, now) = (categories(original), categories(edited));
    if was.is_empty() || !edited.axis_on {
        return Vec::new();
    }
    let (locs, labels, lim) = if axis == 'x' {
        (&edited.xticks, &edited.xticklabels, edited.xlim)
    } else {
        (&edited.yticks, &edited.yticklabels, edited.ylim)
    };
    let (lo, hi) = (lim[0].min(lim[1]), lim[0].max(lim[1]));
    let mut out = Vec::new();
    for (&at, label) in locs.iter().zip(labels) {
        let shown = at.is_finite() && at >= lo && at <= hi && !label.trim().is_empty();
        // A number at its own position (a histogram's `3.5` at 3.5) follows the data.
        if !shown || numeric_at(label, at) || !was.contains(label) || now.contains(label) {
            continue;
        }
        let mut attrs = BTreeMap::new();
        attrs.insert("text".into(), Value::Text(label.clone()));
        attrs.insert("at".into(), Value::Coord { axis, at });
        out.push(Element {
            id: usize::MAX,
            kind: ElementKind::Tick,
            figure: fig,
            axes: Some(edited.index),
            ordinal: ordinal + out.len(),
            key: Some(label.clone()),
            at: if axis == 'x' {
                [at, f64::NAN]
            } else {
                [f64::NAN, at]
            },
            attrs,
        });
    }
    out
}

/// Category labels the reference keeps under no bar that `generated` does not show, on
/// a bar axis of `original`: "delete the bar of task D; its row and the letter D stay",
/// answered by dropping D from the data, which drops the letter and moves the bars above
/// it down a row (realsrc-y, round 28). Counted only where the task says such labels stay
/// ([`super::brief::Brief::keeps_labels`]); elsewhere dropping an emptied category is as
/// good as keeping it. Each is a `tick` element where the reference shows it.
pub(super) fn dropped_categories(
    original: &Scene,
    reference: &Scene,
    generated: &Scene,
) -> Vec<Element> {
    let mut out = Vec::new();
    for (fig, o) in axes(original) {
        let (Some(r), Some(g)) = (find(reference, fig, o.index), find(generated, fig, o.index))
        else {
            continue;
        };
        for axis in ['x', 'y'] {
            let (locs, labels, lo, hi) = axis_of(g, axis);
            let shown: Vec<&String> = locs
                .iter()
                .zip(labels)
                .filter(|(at, _)| g.axis_on && at.is_finite() && **at >= lo && **at <= hi)
                .map(|(_, l)| l)
                .collect();
            for mut e in orphan_categories(fig, o, r, axis, out.len()) {
                let Some(Value::Text(label)) = e.attrs.get("text") else {
                    continue;
                };
                if !shown.contains(&label) {
                    e.ordinal = out.len();
                    out.push(e);
                }
            }
        }
    }
    out
}

/// Number ticks an edit moved that the reference keeps: on an axis whose limits the
/// answer keeps as the original drew them, where the reference's ticks are the original's
/// and the answer's are not (`plt.yticks(range(-5, 6))` dropped: ticks every 2 where they
/// were every 1, and the grid with them). Where the limits moved, ticks follow the data
/// and are not compared. Each is a `tick` element naming the axis and its new ticks.
pub(super) fn moved_ticks(original: &Scene, reference: &Scene, generated: &Scene) -> Vec<Element> {
    let mut out = Vec::new();
    for (fig, o) in axes(original) {
        let (Some(r), Some(g)) = (find(reference, fig, o.index), find(generated, fig, o.index))
        else {
            continue;
        };
        for axis in ['x', 'y'] {
            let lim = |a: &Axes| if axis == 'x' { a.xlim } else { a.ylim };
            // The ticks of points the answer deleted are the rule above's to judge.
            let (drawn, kept) = (positions(o, axis), positions(g, axis));
            let deleted =
                |t: f64| drawn.iter().any(|&d| close(d, t)) && !kept.iter().any(|&d| close(d, t));
            let at = |a: &Axes| -> Vec<f64> {
                ticks(a, axis)
                    .into_iter()
                    .map(|t| t.0)
                    .filter(|&t| !deleted(t))
                    .collect()
            };
            // A tick whose label the reference leaves unread (covered, "" in the scene)
            // may show its number in the answer (realsrc-v: "−1" under the crossing axes).
            let tg = unless_blank(at(g), &blank_positions(r, axis));
            let (to, tr) = (at(o), at(r));
            if to.len() < 2 || !same_positions(&to, &tr) || same_positions(&to, &tg) {
                continue;
            }
            let (lo, lg) = (lim(o), lim(g));
            let span = (lo[1] - lo[0]).abs().max(1e-300);
            if (lo[0] - lg[0]).abs() > 1e-6 * span || (lo[1] - lg[1]).abs() > 1e-6 * span {
                continue;
            }
            let labels: Vec<String> = ticks(g, axis).into_iter().map(|t| t.1).collect();
            let mut attrs = BTreeMap::new();
            attrs.insert("text".into(), Value::Text(labels.join(", ")));
            out.push(Element {
                id: usize::MAX,
                kind: ElementKind::Tick,
                figure: fig,
                axes: Some(g.index),
                ordinal: out.len(),
                key: Some(format!("{axis}-axis ticks")),
                at: [f64::NAN, f64::NAN],
                attrs,
            });
        }
    }
    out
}

/// Number ticks a generation draws where the task states them and the reference has
/// others: on each axis of `stated` ("ticks 1 to 10", "ticks at every integer except
/// 0"), the visible labelled ticks of each axes both figures have, compared as sets.
/// Each difference is a `tick` element naming the axis and the answer's ticks.
pub(super) fn stated_ticks(
    reference: &Scene,
    generated: &Scene,
    stated: &std::collections::BTreeSet<char>,
) -> Vec<Element> {
    let mut out = Vec::new();
    for (fig, r) in axes(reference) {
        let Some(g) = find(generated, fig, r.index) else {
            continue;
        };
        for &axis in stated {
            let (tr, tg) = (ticks(r, axis), ticks(g, axis));
            let at = |t: &[(f64, String)]| -> Vec<f64> { t.iter().map(|p| p.0).collect() };
            let shown = unless_blank(at(&tg), &blank_positions(r, axis));
            if tr.is_empty() || same_positions(&at(&tr), &shown) {
                continue;
            }
            let labels: Vec<String> = tg.into_iter().map(|t| t.1).collect();
            let mut attrs = BTreeMap::new();
            attrs.insert("text".into(), Value::Text(labels.join(", ")));
            out.push(Element {
                id: usize::MAX,
                kind: ElementKind::Tick,
                figure: fig,
                axes: Some(g.index),
                ordinal: out.len(),
                key: Some(format!("{axis}-axis ticks")),
                at: [f64::NAN, f64::NAN],
                attrs,
            });
        }
    }
    out
}

/// A generation's figure drawn at another size than the one the task states (`stated`,
/// in inches), when the reference is drawn at the stated size (so the instruction was read
/// right): one element naming the size drawn. Sizes within 0.05 inch are one size.
pub(super) fn stated_size(
    reference: &Scene,
    generated: &Scene,
    stated: Option<[f64; 2]>,
) -> Option<Element> {
    let stated = stated?;
    let (r, g) = (reference.figures.first()?, generated.figures.first()?);
    let near =
        |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() <= 0.05 && (a[1] - b[1]).abs() <= 0.05;
    if !near(r.size_inches, stated) || near(g.size_inches, stated) {
        return None;
    }
    let mut attrs = BTreeMap::new();
    let [w, h] = g.size_inches;
    let [sw, sh] = stated;
    attrs.insert(
        "text".into(),
        Value::Text(format!("{w} × {h} inches where {sw} × {sh} are asked")),
    );
    Some(Element {
        id: usize::MAX,
        kind: ElementKind::Axes,
        figure: g.index,
        axes: None,
        ordinal: 0,
        key: Some("figure size".into()),
        at: [f64::NAN, f64::NAN],
        attrs,
    })
}

fn find(scene: &Scene, fig: usize, index: usize) -> Option<&Axes> {
    axes(scene)
        .find(|(f, a)| *f == fig && a.index == index)
        .map(|p| p.1)
}

fn same_positions(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(p, q)| close(*p, *q))
}

fn axes(scene: &Scene) -> impl Iterator<Item = (usize, &Axes)> {
    scene
        .figures
        .iter()
        .flat_map(|f| f.axes.iter().map(move |a| (f.index, a)))
}

/// The positions on `axis` of the points an axes draws (lines and scatters).
fn positions(ax: &Axes, axis: char) -> Vec<f64> {
    let pick = |p: [f64; 2]| if axis == 'x' { p[0] } else { p[1] };
    let mut out: Vec<f64> = ax
        .lines
        .iter()
        .flat_map(|l| l.x.iter().zip(&l.y).map(|(&x, &y)| [x, y]))
        .chain(ax.scatters.iter().flat_map(|s| s.offsets.iter().copied()))
        .filter(|p| p[0].is_finite() && p[1].is_finite())
        .map(pick)
        .collect();
    out.sort_by(f64::total_cmp);
    out.dedup_by(|a, b| close(*a, *b));
    out
}

/// `positions` less those in `blank`.
fn unless_blank(positions: Vec<f64>, blank: &[f64]) -> Vec<f64> {
    positions
        .into_iter()
        .filter(|&p| !blank.iter().any(|&b| close(b, p)))
        .collect()
}

/// An axis's tick locations, their labels (parallel) and its view, low to high.
fn axis_of(ax: &Axes, axis: char) -> (&[f64], &[String], f64, f64) {
    let (locs, labels, lim) = if axis == 'x' {
        (&ax.xticks, &ax.xticklabels, ax.xlim)
    } else {
        (&ax.yticks, &ax.yticklabels, ax.ylim)
    };
    (locs, labels, lim[0].min(lim[1]), lim[0].max(lim[1]))
}

/// The positions in view on `axis` of ticks whose label is empty: hidden by the script,
/// or left unread by the reader because it does not show (covered, cut).
fn blank_positions(ax: &Axes, axis: char) -> Vec<f64> {
    let (locs, labels, lo, hi) = axis_of(ax, axis);
    locs.iter()
        .zip(labels)
        .filter(|(at, l)| at.is_finite() && **at >= lo && **at <= hi && l.trim().is_empty())
        .map(|(&at, _)| at)
        .collect()
}

/// The visible number ticks of `axis` that stand at their own value, by position.
fn ticks(ax: &Axes, axis: char) -> Vec<(f64, String)> {
    let (locs, labels, lo, hi) = axis_of(ax, axis);
    if !ax.axis_on {
        return Vec::new();
    }
    let mut out: Vec<(f64, String)> = locs
        .iter()
        .zip(labels)
        .filter(|(at, l)| {
            at.is_finite()
                && **at >= lo
                && **at <= hi
                && !l.trim().is_empty()
                && numeric_at(l, **at)
        })
        .map(|(&at, l)| (at, l.clone()))
        .collect();
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out.dedup_by(|a, b| close(a.0, b.0));
    out
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

#[cfg(test)]
mod tests {
    use super::super::brief::Brief;
    use super::super::score::compare_edit_in;
    use super::super::tolerance::Tolerances;
    use plotgrade_model::scene::{Axes, Figure, Line, Scene};

    /// A line chart of `years` with its ticks at `ticks`, as `plt.xticks(ticks)` draws it.
    fn chart(years: &[f64], ticks: &[f64]) -> Scene {
        let (lo, hi) = (
            years
                .iter()
                .chain(ticks)
                .copied()
                .fold(f64::INFINITY, f64::min)
                - 0.25,
            years
                .iter()
                .chain(ticks)
                .copied()
                .fold(f64::NEG_INFINITY, f64::max)
                + 0.25,
        );
        Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![Axes {
                    xlim: [lo, hi],
                    ylim: [0.0, 10.0],
                    xscale: "linear".into(),
                    yscale: "linear".into(),
                    axis_on: true,
                    xticks: ticks.to_vec(),
                    xticklabels: ticks.iter().map(|t| format!("{t}")).collect(),
                    lines: vec![Line {
                        x: years.to_vec(),
                        y: years.iter().map(|y| (y - 2010.0) / 2.0).collect(),
                        color: "#1f77b4ff".into(),
                        linestyle: "-".into(),
                        marker: "o".into(),
                        ..Line::default()
                    }],
                    ..Axes::default()
                }],
                ..Figure::default()
            }],
        }
    }

    #[test]
    fn a_tick_kept_for_a_deleted_point_is_an_op_where_the_reference_removes_it() {
        let all = [2015.0, 2016.0, 2017.0, 2018.0, 2019.0];
        let rest = [2015.0, 2016.0, 2017.0, 2019.0];
        let original = chart(&all, &all);
        let reference = chart(&rest, &rest);
        let kept = chart(&rest, &all);
        left_under_nothing(
            [&original, &reference, &kept],
            (
                "Delete the point for 2018; the rest stays as it is.",
                "line",
            ),
        );
    }

    /// An edit that removes what labels name, where the reference removes the labels too
    /// and `kept` leaves one: keeping it is an op nothing agrees with; where the
    /// reference keeps it as well, neither keeping nor removing it counts.
    fn left_under_nothing(
        [original, reference, kept]: [&Scene; 3],
        (instruction, figure): (&str, &str),
    ) {
        let f1 = |generated: &Scene, reference: &Scene| {
            compare_edit_in(
                original,
                generated,
                reference,
                &Brief::of(instruction, figure),
                &Tolerances::default(),
            )
            .f1
        };
        assert_eq!(f1(reference, reference), 1.0);
        assert!(f1(kept, reference) < 1.0, "a label is left under nothing");
        assert_eq!(f1(kept, kept), 1.0);
        assert_eq!(f1(reference, kept), 1.0);
    }

    #[test]
    fn ticks_an_edit_moves_on_an_axis_it_keeps_are_an_op_where_the_reference_keeps_them() {
        let years = [2015.0, 2016.0, 2017.0, 2018.0, 2019.0];
        let every = |step: f64| -> Vec<f64> { (0..=10).map(|i| f64::from(i) * step).collect() };
        let with = |yticks: Vec<f64>, style: &str| {
            let mut s = chart(&years, &years);
            let ax = &mut s.figures[0].axes[0];
            ax.ylim = [0.0, 10.0];
            ax.yticklabels = yticks.iter().map(|t| format!("{t}")).collect();
            ax.yticks = yticks;
            ax.lines[0].linestyle = style.into();
            s
        };
        let original = with(every(1.0), "-");
        let reference = with(every(1.0), "--");
        let f1 = |generated: &Scene| {
            compare_edit_in(
                &original,
                generated,
                &reference,
                &Brief::of(
                    "Draw the line dashed; everything else stays as it is.",
                    "line",
                ),
                &Tolerances::default(),
            )
            .f1
        };
        assert_eq!(f1(&reference), 1.0);
        assert!(
            f1(&with(every(2.0), "--")) < 1.0,
            "y ticks every 2 where they were every 1"
        );
    }

    /// realsrc-v, round 26: the parabola's axes cross at the origin and the reference's
    /// "−1" is lost under the y axis's labels (read as ""); an answer whose "−1" shows,
    /// at a larger size where the task does not fix it, keeps the ticks as they were.
    /// Where the answer's label is the one that does not show, the tick is gone.
    #[test]
    fn a_tick_label_the_reference_leaves_unread_may_show_in_the_answer() {
        let ticks = [-3.0, -2.0, -1.0, 1.0, 2.0, 3.0];
        let parabola = |labels: [&str; 6], size: f64, dot: bool| {
            let mut s = chart(&[], &ticks);
            let ax = &mut s.figures[0].axes[0];
            ax.lines = vec![Line {
                x: (-30..=30).map(|i| f64::from(i) / 10.0).collect(),
                y: (-30..=30).map(|i| (f64::from(i) / 10.0).powi(2)).collect(),
                color: "#0000ffff".into(),
                linestyle: "-".into(),
                ..Line::default()
            }];
            if dot {
                ax.scatters.push(plotgrade_model::scene::Scatter {
                    offsets: vec![[-1.0, 1.0]],
                    colors: vec!["#808080ff".into()],
                    ..Default::default()
                });
            }
            ax.xticklabels = labels.iter().map(|l| (*l).to_string()).collect();
            ax.xtick_size = size;
            s
        };
        let hidden = ["−3", "−2", "", "1", "2", "3"];
        let shown = ["−3", "−2", "−1", "1", "2", "3"];
        let lost = ["−3", "", "−1", "1", "2", "3"];
        let original = parabola(hidden, 10.0, true);
        let reference = parabola(hidden, 10.0, false);
        let f1 = |generated: &Scene| {
            compare_edit_in(
                &original,
                generated,
                &reference,
                &Brief::of(
                    "Delete the grey dot; the parabola, the axes, the ticks and the grid stay as they are.",
                    "function",
                ),
                &Tolerances::default(),
            )
        };
        assert_eq!(f1(&reference).f1, 1.0);
        let larger = f1(&parabola(shown, 12.0, false));
        assert_eq!(larger.f1, 1.0, "{:?}", larger.generated_ops);
        assert!(!larger.style.is_empty(), "the size is free, and noted");
        assert!(
            f1(&parabola(lost, 10.0, false)).f1 < 1.0,
            "−2 no longer shows"
        );
    }

    /// realsrc-v, round 26: the task states tick labels of font size 12 and the
    /// reference draws 10 (matplotlib drops the size when a spine's move rebuilds the
    /// ticks): an answer drawing 12 draws what was asked; another size does not.
    #[test]
    fn a_tick_size_the_task_states_is_met_by_that_size_whatever_the_reference_draws() {
        let years = [2015.0, 2016.0, 2017.0];
        let sized = |size: f64| {
            let mut s = chart(&years, &years);
            s.figures[0].axes[0].xtick_size = size;
            s.figures[0].axes[0].ytick_size = size;
            s
        };
        let brief = Brief::of(
            "A blue line with markers over 2015 to 2017, tick labels of font size 12.",
            "line",
        );
        let f1 = |generated: &Scene| {
            super::super::score::compare_generation_in(
                generated,
                &sized(10.0),
                &brief,
                &Tolerances::default(),
            )
            .f1
        };
        assert_eq!(f1(&sized(12.0)), 1.0);
        assert_eq!(f1(&sized(10.0)), 1.0);
        assert!(f1(&sized(14.0)) < 1.0);
    }

    /// A grouped bar chart: for each category, a blue bar on its tick and a green one
    /// right of it; tick labels at `labels` (positions 0, 1, 2…).
    fn bars(categories: &[&str], labels: &[&str]) -> Scene {
        use plotgrade_model::scene::{Bar, Orientation};
        let mut bars = Vec::new();
        for (i, c) in categories.iter().enumerate() {
            let x = i as f64;
            for (dx, series, color) in [(0.0, "Cat 1", "#0000ffff"), (0.2, "Cat 2", "#008000ff")] {
                bars.push(Bar {
                    x: x + dx,
                    width: 0.2,
                    height: 2.0 + x,
                    orientation: Orientation::Vertical,
                    category: (dx == 0.0).then(|| (*c).to_string()),
                    series: Some(series.into()),
                    color: color.into(),
                    ..Bar::default()
                });
            }
        }
        Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![Axes {
                    xlim: [-0.25, 2.65],
                    ylim: [0.0, 9.0],
                    xscale: "linear".into(),
                    yscale: "linear".into(),
                    axis_on: true,
                    xticks: (0..labels.len()).map(|i| i as f64).collect(),
                    xticklabels: labels.iter().map(|l| (*l).to_string()).collect(),
                    bars,
                    ..Axes::default()
                }],
                ..Figure::default()
            }],
        }
    }

    /// realsrc-m (round 16): a group's bars deleted and its tick label left under empty
    /// space passed, for a bar axis's labels were never elements (the bars carry them).
    #[test]
    fn a_category_label_kept_under_deleted_bars_is_an_op_where_the_reference_removes_it() {
        let all = ["Item 1", "Item 2", "Item 3"];
        let original = bars(&all, &all);
        let reference = bars(&all[..2], &all[..2]);
        let kept = bars(&all[..2], &all);
        left_under_nothing(
            [&original, &reference, &kept],
            (
                "Delete the whole Item 3 group: its bars and its tick label; the rest stays.",
                "bar",
            ),
        );
    }
}
