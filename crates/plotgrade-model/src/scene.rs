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
    #[serde(deserialize_with = "nan::de")]
    pub size_inches: [f64; 2],
    /// Size of the rendered PNG in pixels (width, height).
    pub size_px: [u32; 2],
    /// `fig.suptitle(...)`, if any.
    pub suptitle: Option<String>,
    /// Every visible axes: the figure's own, its subfigures', and their insets.
    pub axes: Vec<Axes>,
    /// Texts placed on the figure itself (`fig.text`, `supxlabel`), positions in figure
    /// fractions. The suptitle is not among them.
    pub texts: Vec<Text>,
    /// Entries of figure-level legends (`fig.legend`).
    pub legend: Vec<String>,
    /// Artists on the figure itself that the scene cannot describe (a patch, a line, an
    /// image placed in figure coordinates): they still count.
    pub unknown: Vec<Unknown>,
    /// What the reader found in the figure but the picture does not show (covered by
    /// later ink, clipped away, off the canvas, in the colour of what surrounds it): left
    /// out of the scene above and listed here (`python_shim/plotgrade_shim/ink.py`).
    pub unseen: Vec<Unseen>,
    /// Ink the scene cannot account for: drawn where no element of the scene says it is
    /// (a path effect, a patch's angle, a clip path), inside an axes where no element
    /// explains it (a frame spine or tick marks reaching into the data), or past a cap of
    /// the reader. A figure with any can never pass (docs/security.md, "What passes is
    /// visible").
    pub ink: Vec<String>,
}

/// An element the reader read but the picture does not show.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Unseen {
    /// The element, in words (`bar 'Q3'`, `text '(2, 0)'`, `title 'Sales'`).
    pub what: String,
    /// Why it does not show.
    pub why: String,
}

/// One `Axes` of a figure, with everything drawn in it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Axes {
    /// 0-based position among the figure's axes (its own, then subfigures', insets after
    /// the axes they belong to).
    pub index: usize,
    /// For an inset (`inset_axes`), the index of the axes it is drawn in.
    pub parent: Option<usize>,
    /// `[x0, y0, width, height]` of the axes box in figure fractions.
    #[serde(deserialize_with = "nan::de")]
    pub position: [f64; 4],
    pub title: String,
    pub xlabel: String,
    pub ylabel: String,
    /// The spines drawn, by name, sorted and comma-separated (`bottom,left,right,top`).
    pub spines: String,
    /// Font sizes (points) of the title and the axis labels.
    #[serde(deserialize_with = "nan::de")]
    pub title_size: f64,
    #[serde(deserialize_with = "nan::de")]
    pub xlabel_size: f64,
    #[serde(deserialize_with = "nan::de")]
    pub ylabel_size: f64,
    /// Colours (`#rrggbbaa`) and weights (`"normal"`, `"bold"`, a number) of the title
    /// and the axis labels; empty where none is shown.
    pub title_color: String,
    pub xlabel_color: String,
    pub ylabel_color: String,
    pub title_weight: String,
    pub xlabel_weight: String,
    pub ylabel_weight: String,
    /// Font size (points) of the tick labels as drawn (the first drawn label of each
    /// axis); NaN when the axis draws none.
    #[serde(deserialize_with = "nan::de")]
    pub xtick_size: f64,
    #[serde(deserialize_with = "nan::de")]
    pub ytick_size: f64,
    #[serde(deserialize_with = "nan::de")]
    pub xlim: [f64; 2],
    /// The x limits were set by the script (`set_xlim`, `axis([...])`), not autoscaled.
    pub xlim_set: bool,
    #[serde(deserialize_with = "nan::de")]
    pub ylim: [f64; 2],
    /// The y limits were set by the script, not autoscaled.
    pub ylim_set: bool,
    /// `"linear"`, `"log"`, `"symlog"`, …
    pub xscale: String,
    pub yscale: String,
    #[serde(deserialize_with = "nan::de")]
    pub xticks: Vec<f64>,
    #[serde(deserialize_with = "nan::de")]
    pub yticks: Vec<f64>,
    pub xticklabels: Vec<String>,
    pub yticklabels: Vec<String>,
    /// Major grid lines drawn along each axis.
    pub xgrid: bool,
    pub ygrid: bool,
    /// `"auto"`, `"equal"`, or the numeric aspect as text.
    pub aspect: String,
    /// `False` after `ax.axis('off')`.
    pub axis_on: bool,
    /// `"rectilinear"`, `"polar"`, `"3d"`, …
    pub projection: String,
    pub lines: Vec<Line>,
    /// Straight lines across the whole axes: `axhline`/`axvline`, an axis drawn through
    /// the data, a spine moved off the edge.
    pub references: Vec<Reference>,
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
    pub legend_title: Option<String>,
    /// The legend frame's face colour (`#rrggbbaa`), empty without a legend.
    pub legend_color: String,
    /// The colour of the legend's title, empty without a title.
    pub legend_title_color: String,
    /// Where the legend sits in the axes (`upper left`, …, `center`), from its drawn box.
    pub legend_place: String,
    /// The axes background colour.
    pub facecolor: String,
    /// The major grid lines' colour, empty without a grid.
    pub grid_color: String,
    /// The major grid lines' line style and alpha ("-- 0.6"; "- 1" for matplotlib's
    /// default), empty without a grid: a grid an edit redraws dashed and faint is another
    /// grid.
    pub grid_look: String,
    /// The legend's number of columns (0 without a legend).
    pub legend_columns: u32,
    /// The legend was placed `'best'` by matplotlib, not by the script: `legend_place`
    /// then follows the data.
    pub legend_best: bool,
    /// The title runs past the figure's edge (cut off in the picture).
    pub title_cut: bool,
    /// More than a tenth of the x-axis label's box lies past the figure's edge: cut in
    /// the picture (`figure::cut_off` reads it against the reference's).
    pub xlabel_cut: bool,
    /// The same of the y-axis label.
    pub ylabel_cut: bool,
    /// Which sides show major ticks and their direction (`"in: bottom left right top"`).
    pub ticks: String,
    /// Artists of the axes the scene cannot describe (an offset box, a table, a mesh):
    /// they still count.
    pub unknown: Vec<Unknown>,
}

/// A horizontal or vertical line across the whole axes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Reference {
    /// `"h"` or `"v"`.
    pub orientation: String,
    /// Where it crosses the other axis, in data units.
    #[serde(deserialize_with = "nan::de")]
    pub at: f64,
    pub color: String,
    pub linestyle: String,
    #[serde(deserialize_with = "nan::de")]
    pub linewidth: f64,
    /// `"line"` (`axhline`, a line across the axes) or `"spine"`.
    pub kind: String,
}

/// An artist the scene cannot describe: what it is and where it is drawn.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Unknown {
    /// The artist's class name.
    #[serde(rename = "type")]
    pub kind: String,
    /// `[x0, y0, x1, y1]` of its drawn box, in figure fractions.
    #[serde(deserialize_with = "nan::de")]
    pub bbox: [f64; 4],
    #[serde(deserialize_with = "nan::de")]
    pub zorder: f64,
    /// Its face (or else edge) colour, when it has one.
    pub color: String,
}

/// A `Line2D` (from `plot`, `axhline`, `vlines` are collections and not here).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Line {
    #[serde(deserialize_with = "nan::de")]
    pub x: Vec<f64>,
    #[serde(deserialize_with = "nan::de")]
    pub y: Vec<f64>,
    pub color: String,
    /// matplotlib's short form: `"-"`, `"--"`, `"-."`, `":"`, `"None"`.
    pub linestyle: String,
    #[serde(deserialize_with = "nan::de")]
    pub linewidth: f64,
    /// `"None"` when there is no marker, else matplotlib's marker code (`"o"`, `"s"`, …).
    pub marker: String,
    /// The marker's drawn shape, a digest equal to a scatter's for the same marker.
    pub marker_shape: String,
    /// The marker's face colour (`#rrggbbaa`; matplotlib's `auto` resolves to the line's
    /// colour); empty without a marker.
    pub marker_color: String,
    /// Its `zorder`: what is drawn over what (a point on a curve of higher zorder is
    /// drawn under it).
    #[serde(deserialize_with = "nan::de")]
    pub zorder: f64,
    /// The legend label; `None` for matplotlib's private `_child` labels.
    pub label: Option<String>,
    /// The axes' view `[x0, x1, y0, y1]` (data units) when the line is clipped to the
    /// axes (matplotlib's default): it shows only inside that view, so two such lines
    /// that part only outside it look the same. `None` when it may be drawn beyond the
    /// axes (clipping off, a clip box larger than the axes).
    pub view: Option<[f64; 4]>,
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
    #[serde(deserialize_with = "nan::de")]
    pub x: f64,
    /// Extent along the category axis.
    #[serde(deserialize_with = "nan::de")]
    pub width: f64,
    /// Signed length along the value axis (`datavalues` of the container).
    #[serde(deserialize_with = "nan::de")]
    pub height: f64,
    /// Where the bar starts on the value axis (stacked bars have a non-zero bottom).
    #[serde(deserialize_with = "nan::de")]
    pub bottom: f64,
    pub orientation: Orientation,
    /// The category tick label under the bar's centre, when there is one.
    pub category: Option<String>,
    /// The container's legend label (the series), when it has a public one.
    pub series: Option<String>,
    pub color: String,
    /// The outline's colour (`#rrggbbaa`), empty when no outline is drawn.
    pub edgecolor: String,
    /// The outline's line width in points, 0 when no outline is drawn.
    #[serde(deserialize_with = "nan::de")]
    pub edgewidth: f64,
    /// Index of the container in the axes (bars of one `bar` call share it).
    pub container: usize,
}

/// One pie wedge.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Wedge {
    /// Start and end angle in degrees, counter-clockwise from the positive x axis.
    #[serde(deserialize_with = "nan::de")]
    pub theta1: f64,
    #[serde(deserialize_with = "nan::de")]
    pub theta2: f64,
    /// `(theta2 - theta1) / 360`: the share of the pie this wedge shows.
    #[serde(deserialize_with = "nan::de")]
    pub fraction: f64,
    #[serde(deserialize_with = "nan::de")]
    pub radius: f64,
    /// The ring's width for a donut (`wedgeprops=dict(width=…)`); NaN for a full wedge.
    #[serde(deserialize_with = "nan::de")]
    pub width: f64,
    #[serde(deserialize_with = "nan::de")]
    pub center: [f64; 2],
    /// The text drawn just outside the wedge (`pie(labels=…)` or `ax.text`), if any.
    pub label: Option<String>,
    /// Kept for scenes of older shims; percentages are read as texts now.
    pub pct_text: Option<String>,
    pub color: String,
    /// The wedge's edge colour, empty when its edge is not drawn.
    pub edgecolor: String,
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
    #[serde(deserialize_with = "nan::de")]
    pub vertices: Vec<[f64; 2]>,
    /// Centre and radius for circles, ellipses (mean radius) and arcs.
    #[serde(deserialize_with = "nan::de")]
    pub center: Option<[f64; 2]>,
    #[serde(deserialize_with = "nan::de")]
    pub radius: Option<f64>,
    /// Arc angles in degrees, for arcs.
    #[serde(deserialize_with = "nan::de")]
    pub theta1: Option<f64>,
    #[serde(deserialize_with = "nan::de")]
    pub theta2: Option<f64>,
    pub facecolor: String,
    pub edgecolor: String,
    pub fill: bool,
    pub label: Option<String>,
    /// Its outline's width in points.
    #[serde(deserialize_with = "nan::de")]
    pub linewidth: f64,
    /// Its outline's style in [`Line::linestyle`]'s short form (`"--"` for a dashed
    /// circle); empty in a scene of an older shim, read as solid.
    pub linestyle: String,
    /// Its `zorder` (see [`Line::zorder`]): an outline under a wider line on the same
    /// side is not seen.
    #[serde(deserialize_with = "nan::de")]
    pub zorder: f64,
}

/// A text or an annotation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Text {
    pub text: String,
    /// Position in data coordinates (figure fractions for figure texts).
    #[serde(deserialize_with = "nan::de")]
    pub x: f64,
    #[serde(deserialize_with = "nan::de")]
    pub y: f64,
    /// Position in axes fractions (0–1 inside the axes).
    #[serde(deserialize_with = "nan::de")]
    pub ax_x: f64,
    #[serde(deserialize_with = "nan::de")]
    pub ax_y: f64,
    /// Its rendered box `[x0, y0, x1, y1]`, in the same coordinates as `x`, `y`.
    #[serde(deserialize_with = "nan::de")]
    pub r#box: [f64; 4],
    pub color: String,
    #[serde(deserialize_with = "nan::de")]
    pub size: f64,
    /// For annotations: the point annotated (`xy`) in data coordinates.
    #[serde(deserialize_with = "nan::de")]
    pub xy: Option<[f64; 2]>,
    /// True for `Annotation` artists.
    pub annotation: bool,
    /// Degrees, counter-clockwise.
    #[serde(deserialize_with = "nan::de")]
    pub rotation: f64,
    /// `"normal"`, `"bold"`, or a number.
    pub weight: String,
    /// An annotation drawn with an arrow to its point.
    pub arrow: bool,
    /// The box drawn around it (`bbox=dict(boxstyle=…)`): the style's name (`round`,
    /// `square`, `round4`, …), empty without one.
    pub frame: String,
    /// That box's face colour (`#rrggbbaa`), empty without a filled box.
    pub frame_color: String,
}

/// A `PathCollection` from `scatter`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Scatter {
    #[serde(deserialize_with = "nan::de")]
    pub offsets: Vec<[f64; 2]>,
    pub colors: Vec<String>,
    #[serde(deserialize_with = "nan::de")]
    pub sizes: Vec<f64>,
    pub label: Option<String>,
    /// The marker's shape: a short digest of its path (a circle and a triangle differ).
    pub marker: String,
    /// Its `zorder` (see [`Line::zorder`]).
    #[serde(deserialize_with = "nan::de")]
    pub zorder: f64,
}

/// An `AxesImage` from `imshow`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Image {
    /// Shape of the image array: rows, columns (and channels when present).
    pub shape: Vec<usize>,
    /// `[left, right, bottom, top]` in data coordinates.
    #[serde(deserialize_with = "nan::de")]
    pub extent: [f64; 4],
    /// A digest of the values drawn, the colour map and its limits: one changed cell
    /// changes it.
    pub digest: String,
}

impl Wedge {
    /// The width of a donut's ring; `None` for a full wedge (no width, or one that
    /// reaches the centre).
    pub fn ring(&self) -> Option<f64> {
        (self.width.is_finite() && self.width > 0.0 && self.width < self.radius)
            .then_some(self.width)
    }
}

impl Scene {
    /// All axes of all figures, in order.
    pub fn axes(&self) -> impl Iterator<Item = &Axes> {
        self.figures.iter().flat_map(|f| f.axes.iter())
    }
}

/// JSON has no NaN: the shim writes non-finite numbers as `null` (so does serde_json),
/// and these read them back as NaN wherever the Rust type is a plain `f64`.
mod nan {
    use serde::{Deserialize, Deserializer};

    pub trait NanDe: Sized {
        type Raw: for<'de> Deserialize<'de>;
        fn from_raw(raw: Self::Raw) -> Self;
    }

    fn f(v: Option<f64>) -> f64 {
        v.unwrap_or(f64::NAN)
    }

    impl NanDe for f64 {
        type Raw = Option<f64>;
        fn from_raw(raw: Self::Raw) -> Self {
            f(raw)
        }
    }
    impl NanDe for Option<f64> {
        type Raw = Option<f64>;
        fn from_raw(raw: Self::Raw) -> Self {
            raw
        }
    }
    impl<const N: usize> NanDe for [f64; N]
    where
        [Option<f64>; N]: for<'de> Deserialize<'de>,
    {
        type Raw = [Option<f64>; N];
        fn from_raw(raw: Self::Raw) -> Self {
            raw.map(f)
        }
    }
    impl NanDe for Vec<f64> {
        type Raw = Vec<Option<f64>>;
        fn from_raw(raw: Self::Raw) -> Self {
            raw.into_iter().map(f).collect()
        }
    }
    impl NanDe for Vec<[f64; 2]> {
        type Raw = Vec<[Option<f64>; 2]>;
        fn from_raw(raw: Self::Raw) -> Self {
            raw.into_iter().map(|p| p.map(f)).collect()
        }
    }
    impl NanDe for Option<[f64; 2]> {
        type Raw = Option<[Option<f64>; 2]>;
        fn from_raw(raw: Self::Raw) -> Self {
            raw.map(|p| p.map(f))
        }
    }

    pub fn de<'de, D: Deserializer<'de>, T: NanDe>(d: D) -> Result<T, D::Error> {
        Ok(T::from_raw(T::Raw::deserialize(d)?))
    }
}

/// The scene as text for a person (`plotgrade dump scene`): one line per element.
pub fn render_text(scene: &Scene) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let n = |v: f64| fmt_num(v);
    for fig in &scene.figures {
        let _ = writeln!(
            s,
            "figure {} ({}x{} px, {}x{} in){}",
            fig.index,
            fig.size_px[0],
            fig.size_px[1],
            n(fig.size_inches[0]),
            n(fig.size_inches[1]),
            fig.suptitle
                .as_deref()
                .map_or(String::new(), |t| format!(" suptitle {t:?}"))
        );
        for t in &fig.texts {
            let _ = writeln!(s, "  text {:?} at figure ({}, {})", t.text, n(t.x), n(t.y));
        }
        for ax in &fig.axes {
            render_axes_frame(&mut s, ax);
            render_marks(&mut s, ax);
            render_other_artists(&mut s, ax);
        }
    }
    s
}

/// An axes' header line, its limits and its tick labels.
fn render_axes_frame(s: &mut String, ax: &Axes) {
    use std::fmt::Write;
    let n = |v: f64| fmt_num(v);
    let _ = writeln!(
        s,
        "  axes {} [{}]{}{}{}{}",
        ax.index,
        ax.projection,
        if ax.title.is_empty() {
            String::new()
        } else {
            format!(" title {:?}", ax.title)
        },
        if ax.xlabel.is_empty() {
            String::new()
        } else {
            format!(" xlabel {:?}", ax.xlabel)
        },
        if ax.ylabel.is_empty() {
            String::new()
        } else {
            format!(" ylabel {:?}", ax.ylabel)
        },
        if ax.axis_on { "" } else { " axis off" },
    );
    let _ = writeln!(
        s,
        "    xlim ({}, {}) {}  ylim ({}, {}) {}  aspect {}",
        n(ax.xlim[0]),
        n(ax.xlim[1]),
        ax.xscale,
        n(ax.ylim[0]),
        n(ax.ylim[1]),
        ax.yscale,
        ax.aspect
    );
    let labels = |l: &[String]| {
        l.iter()
            .filter(|t| !t.is_empty())
            .cloned()
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !labels(&ax.xticklabels).is_empty() {
        let _ = writeln!(s, "    xticklabels [{}]", labels(&ax.xticklabels));
    }
    if !labels(&ax.yticklabels).is_empty() {
        let _ = writeln!(s, "    yticklabels [{}]", labels(&ax.yticklabels));
    }
}

/// An axes' bars, wedges and lines.
fn render_marks(s: &mut String, ax: &Axes) {
    use std::fmt::Write;
    let opt = |o: &Option<String>| o.as_deref().map_or(String::new(), |v| format!(" {v:?}"));
    let n = |v: f64| fmt_num(v);
    for b in &ax.bars {
        let _ = writeln!(
            s,
            "    bar{} at {} height {} width {} bottom {} {:?} {}{}",
            opt(&b.category),
            n(b.x),
            n(b.height),
            n(b.width),
            n(b.bottom),
            b.orientation,
            b.color,
            b.series
                .as_deref()
                .map_or(String::new(), |v| format!(" series {v:?}"))
        );
    }
    for w in &ax.wedges {
        let _ = writeln!(
            s,
            "    wedge{} {}° → {}° ({:.2}%){} {}",
            opt(&w.label),
            n(w.theta1),
            n(w.theta2),
            w.fraction * 100.0,
            w.pct_text
                .as_deref()
                .map_or(String::new(), |p| format!(" pct {p:?}")),
            w.color
        );
    }
    for l in &ax.lines {
        let pts: Vec<String> =
            l.x.iter()
                .zip(&l.y)
                .take(6)
                .map(|(x, y)| format!("({}, {})", n(*x), n(*y)))
                .collect();
        let more = if l.x.len() > 6 {
            format!(" … {} points", l.x.len())
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "    line{} {} style {} marker {} [{}{}]",
            opt(&l.label),
            l.color,
            l.linestyle,
            l.marker,
            pts.join(" "),
            more
        );
    }
}

/// An axes' patches, texts, scatters, images and legend.
fn render_other_artists(s: &mut String, ax: &Axes) {
    use std::fmt::Write;
    let opt = |o: &Option<String>| o.as_deref().map_or(String::new(), |v| format!(" {v:?}"));
    let n = |v: f64| fmt_num(v);
    for p in &ax.patches {
        let shape = match (p.center, p.radius) {
            (Some(c), Some(r)) => {
                format!("centre ({}, {}) radius {}", n(c[0]), n(c[1]), n(r))
            }
            _ => p
                .vertices
                .iter()
                .take(8)
                .map(|v| format!("({}, {})", n(v[0]), n(v[1])))
                .collect::<Vec<_>>()
                .join(" "),
        };
        let _ = writeln!(
            s,
            "    {:?} {} face {} edge {}",
            p.kind, shape, p.facecolor, p.edgecolor
        );
    }
    for t in &ax.texts {
        let _ = writeln!(
            s,
            "    {} {:?} at ({}, {}) axes ({:.3}, {:.3}){}",
            if t.annotation { "annotation" } else { "text" },
            t.text,
            n(t.x),
            n(t.y),
            t.ax_x,
            t.ax_y,
            t.xy.map_or(String::new(), |p| format!(" → ({}, {})", n(p[0]), n(p[1])))
        );
    }
    for sc in &ax.scatters {
        let _ = writeln!(
            s,
            "    scatter{} {} points",
            opt(&sc.label),
            sc.offsets.len()
        );
    }
    for im in &ax.images {
        let _ = writeln!(s, "    image {:?}", im.shape);
    }
    if !ax.legend.is_empty() {
        let _ = writeln!(s, "    legend [{}]", ax.legend.join(", "));
    }
}

/// A number for people: integers without a fraction, others to 4 significant decimals.
pub fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return "nan".into();
    }
    if v.abs() < 5e-5 {
        return "0".into();
    }
    if v == v.round() && v.abs() < 1e15 {
        return format!("{}", v as i64);
    }
    let s = format!("{v:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
