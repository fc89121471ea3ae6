//! The figures and axes a script builds, and the elements drawn on them, as the reader
//! walks the code: which axes is current (so `plt.bar` and `ax.bar` land on the same one),
//! category axes, tick labels, and the finishing pass that gives every element its key.
//!
//! Per-call element construction is in [`super::draw`]; this file owns the bookkeeping.

use std::collections::{BTreeMap, HashMap};

use plotgrade_pyreader::Value;
use plotgrade_pyreader::pyfmt::short_num;

use super::Drawing;
use super::elements::{Element, ElementKind, Shortcut};

#[derive(Debug, Default)]
struct AxesState {
    figure: usize,
    /// `(nrows, ncols, index)` of `subplot`/`add_subplot`, so asking again returns it.
    spec: Option<(i64, i64, i64)>,
    /// String categories seen on each axis, in first-seen order (their positions).
    xcats: Vec<String>,
    ycats: Vec<String>,
    /// Explicit ticks and labels, for naming bars drawn at numeric positions.
    xticks: Option<(Vec<f64>, Option<Vec<String>>)>,
    yticks: Option<(Vec<f64>, Option<Vec<String>>)>,
    bar_series: usize,
    pies: usize,
}

/// A bar whose key is settled in the finishing pass (its tick label may come later).
#[derive(Debug)]
pub(crate) struct PendingBar {
    pub element: usize,
    pub series_element: usize,
    pub series: usize,
    pub category: Option<String>,
    pub pos: Option<f64>,
    pub width: f64,
    pub horizontal: bool,
    pub index: usize,
}

#[derive(Debug, Default)]
pub(crate) struct Canvas {
    elements: Vec<Element>,
    axes: Vec<AxesState>,
    figures: usize,
    current_figure: Option<usize>,
    current_axes: Option<usize>,
    pending_bars: Vec<PendingBar>,
    pub shortcuts: Vec<Shortcut>,
    pub notes: Vec<String>,
}

/// Elements of one script at most; past it the reader stops adding (and says so).
const MAX_ELEMENTS: usize = 5_000;

impl Canvas {
    pub fn note(&mut self, note: String) {
        if !self.notes.contains(&note) && self.notes.len() < 50 {
            self.notes.push(note);
        }
    }

    // ---- figures and axes ----

    pub fn new_figure(&mut self) -> usize {
        self.figures += 1;
        let f = self.figures - 1;
        self.current_figure = Some(f);
        f
    }

    pub fn current_figure(&mut self) -> usize {
        match self.current_figure {
            Some(f) => f,
            None => self.new_figure(),
        }
    }

    /// A new axes in `figure` (or the existing one with the same subplot spec).
    pub fn new_axes(&mut self, figure: usize, spec: Option<(i64, i64, i64)>) -> usize {
        let existing = spec.and_then(|spec| {
            self.axes
                .iter()
                .position(|a| a.figure == figure && a.spec == Some(spec))
        });
        if let Some(i) = existing {
            self.current_axes = Some(i);
            return i;
        }
        self.axes.push(AxesState {
            figure,
            spec,
            ..AxesState::default()
        });
        let i = self.axes.len() - 1;
        self.current_axes = Some(i);
        self.current_figure = Some(figure);
        i
    }

    /// `plt.gca()`: the current axes, created on first use like pyplot does.
    pub fn gca(&mut self) -> usize {
        if let Some(a) = self
            .current_axes
            .filter(|&a| Some(self.axes[a].figure) == self.current_figure)
        {
            return a;
        }
        let f = self.current_figure();
        match self.axes.iter().rposition(|a| a.figure == f) {
            Some(a) => {
                self.current_axes = Some(a);
                a
            }
            None => self.new_axes(f, None),
        }
    }

    pub fn set_current(&mut self, axes: usize) {
        if axes < self.axes.len() {
            self.current_axes = Some(axes);
            self.current_figure = Some(self.axes[axes].figure);
        }
    }

    /// The first axes of `figure`, where figure-level elements (`suptitle`, `fig.text`)
    /// are filed; created if the figure has none yet.
    pub fn figure_axes(&mut self, figure: usize) -> usize {
        match self.axes.iter().position(|a| a.figure == figure) {
            Some(a) => a,
            None => {
                let current = self.current_axes;
                let a = self.new_axes(figure, None);
                self.current_axes = current.or(Some(a));
                a
            }
        }
    }

    pub fn set_figure(&mut self, figure: usize) {
        if figure < self.figures {
            self.current_figure = Some(figure);
        }
    }

    /// `fig.text(...)` was just drawn: its position is in figure fractions.
    pub fn mark_last_on_figure(&mut self) {
        if let Some(e) = self
            .elements
            .last_mut()
            .filter(|e| e.kind == ElementKind::Text)
        {
            e.info.insert("coords".into(), "figure".into());
        }
    }

    pub fn figure_of(&self, axes: usize) -> usize {
        self.axes.get(axes).map_or(0, |a| a.figure)
    }

    /// Position of a string category on an axis (matplotlib's category units).
    pub fn category(&mut self, axes: usize, horizontal: bool, name: &str) -> f64 {
        let state = &mut self.axes[axes];
        let cats = if horizontal {
            &mut state.ycats
        } else {
            &mut state.xcats
        };
        match cats.iter().position(|c| c == name) {
            Some(i) => i as f64,
            None => {
                cats.push(name.to_string());
                (cats.len() - 1) as f64
            }
        }
    }

    pub fn next_bar_series(&mut self, axes: usize) -> usize {
        self.axes[axes].bar_series += 1;
        self.axes[axes].bar_series - 1
    }

    pub fn next_pie(&mut self, axes: usize) -> usize {
        self.axes[axes].pies += 1;
        self.axes[axes].pies - 1
    }

    pub fn set_ticks(
        &mut self,
        axes: usize,
        y: bool,
        ticks: Option<Vec<f64>>,
        labels: Option<Vec<String>>,
    ) {
        let slot = if y {
            &mut self.axes[axes].yticks
        } else {
            &mut self.axes[axes].xticks
        };
        match (ticks, slot.as_mut()) {
            (Some(t), _) => *slot = Some((t, labels)),
            (None, Some(existing)) => existing.1 = labels,
            (None, None) => {}
        }
    }

    // ---- elements ----

    pub fn push(&mut self, element: Element) -> Option<usize> {
        if self.elements.len() >= MAX_ELEMENTS {
            self.note(format!("stopped after {MAX_ELEMENTS} elements"));
            return None;
        }
        self.elements.push(element);
        Some(self.elements.len() - 1)
    }

    /// The last element of `kind` on `axes`, to amend (`set_xticklabels` after `set_xticks`).
    pub fn last_mut(&mut self, kind: ElementKind, axes: usize) -> Option<&mut Element> {
        self.elements
            .iter_mut()
            .rev()
            .find(|e| e.kind == kind && e.axes == axes)
    }

    pub fn pending_bar(&mut self, bar: PendingBar) {
        self.pending_bars.push(bar);
    }

    /// Settle keys, drop superseded settings, name segments by their points.
    pub fn finish(mut self) -> Drawing {
        self.settle_bars();
        let mut elements = self.elements;
        elements = last_setting_wins(elements);
        dedupe_keys(&mut elements);
        number_positional(&mut elements);
        name_by_points(&mut elements);
        Drawing {
            elements,
            shortcuts: self.shortcuts,
            notes: self.notes,
        }
    }

    fn settle_bars(&mut self) {
        let mut categories: BTreeMap<usize, Vec<Value>> = BTreeMap::new();
        for bar in &self.pending_bars {
            let state = &self.axes[self.elements[bar.element].axes];
            let ticks = if bar.horizontal {
                &state.yticks
            } else {
                &state.xticks
            };
            let category = bar
                .category
                .clone()
                .or_else(|| tick_label(ticks.as_ref(), bar.pos?, bar.width))
                .or_else(|| bar.pos.map(short_num))
                .unwrap_or_else(|| format!("#{}", bar.index));
            categories
                .entry(bar.series_element)
                .or_default()
                .push(Value::Str(category.clone()));
            self.elements[bar.element].key = if bar.series == 0 {
                category
            } else {
                format!("s{}/{category}", bar.series)
            };
        }
        for (series, cats) in categories {
            self.elements[series]
                .attrs
                .insert("categories".into(), Value::List(cats));
        }
    }
}

/// The label of the tick a bar at `pos` belongs to: the nearest one, if it is nearer than
/// half the tick spacing (grouped bars sit around their tick), or within half the bar's
/// width when there is a single tick.
fn tick_label(
    ticks: Option<&(Vec<f64>, Option<Vec<String>>)>,
    pos: f64,
    width: f64,
) -> Option<String> {
    let (positions, labels) = ticks?;
    let labels = labels.as_ref()?;
    let (i, d) = positions
        .iter()
        .enumerate()
        .map(|(i, t)| (i, (t - pos).abs()))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    let mut sorted = positions.clone();
    sorted.sort_by(f64::total_cmp);
    let spacing = sorted
        .windows(2)
        .map(|w| w[1] - w[0])
        .filter(|g| *g > 0.0)
        .fold(f64::INFINITY, f64::min);
    let reach = if spacing.is_finite() {
        spacing / 2.0 - 1e-9
    } else {
        width.abs() / 2.0 + 1e-9
    };
    (d < reach).then(|| labels.get(i).cloned())?
}

/// A title, label, tick setting, legend or point set twice: the last one is what shows.
fn last_setting_wins(elements: Vec<Element>) -> Vec<Element> {
    let singular = |k: ElementKind| {
        matches!(
            k,
            ElementKind::Title
                | ElementKind::Suptitle
                | ElementKind::XLabel
                | ElementKind::YLabel
                | ElementKind::XTicks
                | ElementKind::YTicks
                | ElementKind::Legend
                | ElementKind::Point
        )
    };
    let mut last: HashMap<(ElementKind, usize, String), usize> = HashMap::new();
    for (i, e) in elements.iter().enumerate() {
        if singular(e.kind) {
            last.insert((e.kind, e.axes, e.key.clone()), i);
        }
    }
    let mut out = Vec::with_capacity(elements.len());
    for (i, e) in elements.into_iter().enumerate() {
        if !singular(e.kind) || last.get(&(e.kind, e.axes, e.key.clone())) == Some(&i) {
            out.push(e);
        }
    }
    out
}

/// Two bars with one category, two wedges with one label: keep both, as `B` and `B~2`.
fn dedupe_keys(elements: &mut [Element]) {
    let mut seen: HashMap<(ElementKind, usize, String), usize> = HashMap::new();
    for e in elements.iter_mut().filter(|e| e.kind.keyed()) {
        let n = seen.entry((e.kind, e.axes, e.key.clone())).or_insert(0);
        *n += 1;
        if *n > 1 {
            e.key = format!("{}~{n}", e.key);
        }
    }
}

fn number_positional(elements: &mut [Element]) {
    let mut counts: HashMap<(ElementKind, usize), usize> = HashMap::new();
    for e in elements.iter_mut().filter(|e| !e.kind.keyed()) {
        let n = counts.entry((e.kind, e.axes)).or_insert(0);
        e.key = format!("#{n}");
        *n += 1;
    }
}

/// Segments, polygons and circles whose vertices are named points get those names in
/// `info` (`segment AB`), for people reading a diff.
fn name_by_points(elements: &mut [Element]) {
    let points: Vec<(String, Value)> = elements
        .iter()
        .filter(|e| e.kind == ElementKind::Point)
        .filter_map(|e| Some((e.key.clone(), e.attrs.get("xy")?.clone())))
        .collect();
    if points.is_empty() {
        return;
    }
    let name_of = |v: &Value| -> Option<&str> {
        points
            .iter()
            .find(|(_, xy)| xy.same(v))
            .map(|(n, _)| n.as_str())
    };
    let mut used_on: HashMap<String, Vec<usize>> = HashMap::new();
    for e in elements.iter_mut() {
        let (attr, sep) = match e.kind {
            ElementKind::Segment => ("endpoints", ""),
            ElementKind::Polygon => ("vertices", ""),
            ElementKind::Circle => ("center", ""),
            _ => continue,
        };
        let found: Option<Vec<&str>> = match e.attrs.get(attr) {
            Some(Value::List(items)) if e.kind != ElementKind::Circle => {
                items.iter().map(name_of).collect()
            }
            Some(v @ Value::List(_)) => name_of(v).map(|n| vec![n]),
            _ => None,
        };
        let Some(found) = found else { continue };
        for n in &found {
            used_on.entry(n.to_string()).or_default().push(e.axes);
        }
        let names = match e.kind {
            ElementKind::Circle => format!("centred at {}", found.join(sep)),
            _ => found.join(sep),
        };
        e.info.insert("names".into(), names);
    }
    // Points are bound, not drawn: file each on the one axes whose shapes use it.
    for p in elements.iter_mut().filter(|e| e.kind == ElementKind::Point) {
        if let Some(axes) = used_on
            .get(&p.key)
            .filter(|axes| axes.iter().all(|a| *a == axes[0]))
        {
            p.axes = axes[0];
        }
    }
}
