//! The scene: a typed inventory of what each figure draws, read back from matplotlib.
//!
//! The Python shim (`python_shim/plotgrade_shim/scene.py`) walks the artists of every open
//! figure after it has been drawn and emits this structure as JSON; these types are its
//! Rust mirror, shared by the executor (which carries it) and the figure channel (which
//! compares two of them). Field names are matplotlib's words. Coordinates are in data
//! units unless the name says otherwise (`ax_x`/`ax_y` are axes fractions, 0–1 inside the
//! axes). Colours are `#rrggbbaa` hex strings so that equal colours compare equal as text.
//!
//! Every field has a default so that a scene written by an older shim still loads.

use serde::{Deserialize, Serialize};

/// Everything one script drew: its figures, in the order matplotlib numbered them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Scene {
    pub figures: Vec<Figure>,
}

/// One matplotlib figure.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Figure {
    /// 1-based position among the script's figures (the `figure-N.png` it was rendered to).
    pub index: usize,
    /// `fig.get_size_inches()`.
    pub size_inches: [f64; 2],
    /// Size of the rendered PNG in pixels (width, height).
    pub size_px: [u32; 2],
    /// `fig.suptitle(...)`, if any.
    pub suptitle: Option<String>,
    pub axes: Vec<Axes>,
    /// Texts placed on the figure itself (`fig.text`), positions in figure fractions.
    pub texts: Vec<Text>,
}

/// One `Axes` of a figure, with everything drawn in it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Axes {
    /// 0-based position in `fig.axes`.
    pub index: usize,
    /// `[x0, y0, width, height]` of the axes box in figure fractions.
    pub position: [f64; 4],
    pub title: String,
    pub xlabel: String,
    pub ylabel: String,
    pub xlim: [f64; 2],
    pub ylim: [f64; 2],
    /// `"linear"`, `"log"`, `"symlog"`, …
    pub xscale: String,
    pub yscale: String,
    pub xticks: Vec<f64>,
    pub yticks: Vec<f64>,
    pub xticklabels: Vec<String>,
    pub yticklabels: Vec<String>,
    /// `"auto"`, `"equal"`, or the numeric aspect as text.
    pub aspect: String,
    /// `False` after `ax.axis('off')`.
    pub axis_on: bool,
    /// `"rectilinear"`, `"polar"`, `"3d"`, …
    pub projection: String,
    pub lines: Vec<Line>,
    pub bars: Vec<Bar>,
    pub wedges: Vec<Wedge>,
    pub patches: Vec<Patch>,
    pub texts: Vec<Text>,
    pub scatters: Vec<Scatter>,
    /// Images shown with `imshow` (their presence matters: a figure that is only an image
    /// was not drawn, it was copied).
    pub images: Vec<Image>,
    /// Legend entry texts in order, empty when there is no legend.
    pub legend: Vec<String>,
}

/// A `Line2D` (from `plot`, `axhline`, `vlines` are collections and not here).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Line {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub color: String,
    /// matplotlib's short form: `"-"`, `"--"`, `"-."`, `":"`, `"None"`.
    pub linestyle: String,
    pub linewidth: f64,
    /// `"None"` when there is no marker, else matplotlib's marker code (`"o"`, `"s"`, …).
    pub marker: String,
    /// The legend label; `None` for matplotlib's private `_child` labels.
    pub label: Option<String>,
}

/// Which way a bar grows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    #[default]
    Vertical,
    Horizontal,
}

/// One bar of a `BarContainer` (from `bar`/`barh`, and `hist`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Bar {
    /// Centre of the bar along the category axis (x for vertical bars, y for horizontal).
    pub x: f64,
    /// Extent along the category axis.
    pub width: f64,
    /// Signed length along the value axis (`datavalues` of the container).
    pub height: f64,
    /// Where the bar starts on the value axis (stacked bars have a non-zero bottom).
    pub bottom: f64,
    pub orientation: Orientation,
    /// The category tick label under the bar's centre, when there is one.
    pub category: Option<String>,
    /// The container's legend label (the series), when it has a public one.
    pub series: Option<String>,
    pub color: String,
    /// Index of the container in the axes (bars of one `bar` call share it).
    pub container: usize,
}

/// One pie wedge.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Wedge {
    /// Start and end angle in degrees, counter-clockwise from the positive x axis.
    pub theta1: f64,
    pub theta2: f64,
    /// `(theta2 - theta1) / 360`: the share of the pie this wedge shows.
    pub fraction: f64,
    pub radius: f64,
    pub center: [f64; 2],
    /// The label text drawn beside the wedge, if any.
    pub label: Option<String>,
    /// The autopct text drawn on the wedge, if any.
    pub pct_text: Option<String>,
    pub color: String,
}

/// What kind of patch a [`Patch`] is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PatchKind {
    Polygon,
    Circle,
    Ellipse,
    Arc,
    Rectangle,
    Arrow,
    #[default]
    Other,
}

/// A patch that is not a bar or a wedge: polygons, circles, arcs, rectangles, arrows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Patch {
    pub kind: PatchKind,
    /// Outline vertices in data coordinates (closed polygons do not repeat the first).
    pub vertices: Vec<[f64; 2]>,
    /// Centre and radius for circles, ellipses (mean radius) and arcs.
    pub center: Option<[f64; 2]>,
    pub radius: Option<f64>,
    /// Arc angles in degrees, for arcs.
    pub theta1: Option<f64>,
    pub theta2: Option<f64>,
    pub facecolor: String,
    pub edgecolor: String,
    pub fill: bool,
    pub label: Option<String>,
}

/// A text or an annotation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Text {
    pub text: String,
    /// Position in data coordinates (figure fractions for figure texts).
    pub x: f64,
    pub y: f64,
    /// Position in axes fractions (0–1 inside the axes).
    pub ax_x: f64,
    pub ax_y: f64,
    pub color: String,
    pub size: f64,
    /// For annotations: the point annotated (`xy`) in data coordinates.
    pub xy: Option<[f64; 2]>,
    /// True for `Annotation` artists.
    pub annotation: bool,
}

/// A `PathCollection` from `scatter`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Scatter {
    pub offsets: Vec<[f64; 2]>,
    pub colors: Vec<String>,
    pub sizes: Vec<f64>,
    pub label: Option<String>,
}

/// An `AxesImage` from `imshow`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Image {
    /// Shape of the image array: rows, columns (and channels when present).
    pub shape: Vec<usize>,
    /// `[left, right, bottom, top]` in data coordinates.
    pub extent: [f64; 4],
}

impl Scene {
    /// All axes of all figures, in order.
    pub fn axes(&self) -> impl Iterator<Item = &Axes> {
        self.figures.iter().flat_map(|f| f.axes.iter())
    }
}
