//! The key elements of a plotting script as the model of matplotlib draws them: what the
//! code channel serialises and compares. Their values are the reader's public [`Value`]s.
//!
//! An [`Element`] is one thing the script draws or sets (a bar, a wedge, a line, a point,
//! a title…), identified by its [`ElementKind`], the axes it belongs to and a key, and described
//! by named attributes. Attributes are compared (with a numeric tolerance); `info` is shown
//! to people and never compared (the text of a function's expression, the names of a
//! segment's endpoints).
//!
//! Keys: elements with a natural name are keyed by it (a bar by its category, a wedge by
//! its label, a point by its variable name, a title by its role). Everything else is keyed
//! by its order among elements of the same kind on the same axes (`#0`, `#1`, …), and the
//! edit diff pairs such elements by content rather than by that number.

use std::collections::BTreeMap;
use std::fmt;

use plotgrade_pyreader::Value;
use serde::{Deserialize, Serialize};

/// What an element is. The names are matplotlib's (and the paper's) words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ElementKind {
    /// `title` / `set_title`; key `title`.
    Title,
    /// `suptitle`; key `suptitle`.
    Suptitle,
    /// `xlabel` / `set_xlabel`; key `xlabel`.
    #[serde(rename = "xlabel")]
    XLabel,
    /// `ylabel` / `set_ylabel`; key `ylabel`.
    #[serde(rename = "ylabel")]
    YLabel,
    /// Explicit x ticks and tick labels; key `xticks`.
    #[serde(rename = "xticks")]
    XTicks,
    /// Explicit y ticks and tick labels; key `yticks`.
    #[serde(rename = "yticks")]
    YTicks,
    /// A legend was asked for; key `legend`.
    Legend,
    /// One `bar`/`barh` call: order of categories, orientation; key is the call's ordinal.
    Bars,
    /// One bar; key is its category (`s1/C` for the second series on an axes).
    Bar,
    /// One `pie` call: order of labels, autopct; key is the call's ordinal.
    Pie,
    /// One slice of a pie; key is its label, or `#i` without labels.
    Wedge,
    /// A `plot` line with literal data.
    Line,
    /// A `plot` of values computed from `linspace`/`arange`: compared by sampled values.
    Function,
    /// `scatter` markers.
    Scatter,
    /// A named point (`A = (0, 0)`); key is its name.
    Point,
    /// A two-point `plot`, or `hlines`/`vlines`.
    Segment,
    /// `Polygon`, `Rectangle`, `fill`, or a closed `plot` path.
    Polygon,
    Circle,
    /// `Arc` and `Ellipse` patches (angle marks and the like).
    Arc,
    /// `axhline`, `axvline`, `axline`.
    #[serde(rename = "auxline")]
    AuxLine,
    /// `arrow` and `FancyArrowPatch`.
    Arrow,
    /// `fill_between`.
    Region,
    /// `text`, `fig.text`, and bar labels.
    Text,
    /// `annotate`.
    Annotation,
    /// `imshow`: the figure shows an image instead of drawing it.
    Image,
}

impl ElementKind {
    /// Keyed kinds are matched by key across scripts; the others by content.
    pub fn keyed(self) -> bool {
        matches!(
            self,
            ElementKind::Title
                | ElementKind::Suptitle
                | ElementKind::XLabel
                | ElementKind::YLabel
                | ElementKind::XTicks
                | ElementKind::YTicks
                | ElementKind::Legend
                | ElementKind::Bars
                | ElementKind::Bar
                | ElementKind::Pie
                | ElementKind::Wedge
                | ElementKind::Point
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            ElementKind::Title => "title",
            ElementKind::Suptitle => "suptitle",
            ElementKind::XLabel => "xlabel",
            ElementKind::YLabel => "ylabel",
            ElementKind::XTicks => "xticks",
            ElementKind::YTicks => "yticks",
            ElementKind::Legend => "legend",
            ElementKind::Bars => "bars",
            ElementKind::Bar => "bar",
            ElementKind::Pie => "pie",
            ElementKind::Wedge => "wedge",
            ElementKind::Line => "line",
            ElementKind::Function => "function",
            ElementKind::Scatter => "scatter",
            ElementKind::Point => "point",
            ElementKind::Segment => "segment",
            ElementKind::Polygon => "polygon",
            ElementKind::Circle => "circle",
            ElementKind::Arc => "arc",
            ElementKind::AuxLine => "auxline",
            ElementKind::Arrow => "arrow",
            ElementKind::Region => "region",
            ElementKind::Text => "text",
            ElementKind::Annotation => "annotation",
            ElementKind::Image => "image",
        }
    }
}

impl fmt::Display for ElementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One key element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Element {
    pub kind: ElementKind,
    /// 0-based axes in creation order; pyplot calls go to the current axes, so
    /// `plt.bar` and `fig, ax = plt.subplots(); ax.bar` both draw on axes 0.
    pub axes: usize,
    pub key: String,
    /// Compared attributes.
    pub attrs: BTreeMap<String, Value>,
    /// Shown, never compared.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub info: BTreeMap<String, String>,
    /// 1-based source line of the call (or binding) that made it.
    pub line: usize,
}

impl Element {
    pub fn attr(&self, name: &str) -> Option<&Value> {
        self.attrs.get(name)
    }

    /// Fraction of attributes that agree, in 0–1. For keyed kinds the key counts as one
    /// attribute (a bar in the right category with the wrong height is half right).
    pub fn similarity(&self, other: &Element) -> f64 {
        if self.kind != other.kind || self.axes != other.axes {
            return 0.0;
        }
        let keyed = self.kind.keyed();
        if keyed && self.key != other.key {
            return 0.0;
        }
        let names: std::collections::BTreeSet<&String> =
            self.attrs.keys().chain(other.attrs.keys()).collect();
        let equal = names
            .iter()
            .filter(|n| match (self.attrs.get(**n), other.attrs.get(**n)) {
                (Some(a), Some(b)) => a.same(b),
                _ => false,
            })
            .count();
        let (num, den) = if keyed {
            (equal + 1, names.len() + 1)
        } else {
            (equal, names.len())
        };
        if den == 0 {
            1.0
        } else {
            num as f64 / den as f64
        }
    }

    /// A short name for reports: `bar "C" (axes 0)`, `function y = x**2 - 1`.
    pub fn describe(&self) -> String {
        let k = self.kind;
        let what = match (self.info.get("expr"), self.info.get("names")) {
            (Some(expr), _) => format!("{k} y = {expr}"),
            (_, Some(names)) => format!("{k} {names}"),
            // Singular settings are keyed by their own name: `title`, not `title "title"`.
            _ if self.key == k.name() => k.name().to_string(),
            // Positional (`#2`) and ordinal (`0`) keys read as they are.
            _ if self.key.starts_with('#') || self.key.bytes().all(|b| b.is_ascii_digit()) => {
                format!("{k} {}", self.key)
            }
            _ => format!("{k} {:?}", self.key),
        };
        if self.axes > 0 {
            format!("{what} (axes {})", self.axes)
        } else {
            what
        }
    }
}

/// A call that copies a picture instead of drawing one (`imread`, `imshow`, `Image.open`):
/// a signal for the grader that the figure may be the input image shown back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shortcut {
    /// The call as matplotlib/PIL names it: `matplotlib.pyplot.imread`.
    pub call: String,
    pub line: usize,
    /// The file it reads, when that is a literal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}
