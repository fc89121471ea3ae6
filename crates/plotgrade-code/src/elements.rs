//! The key elements of a plotting script as the code channel reads them: the public,
//! serialisable result of [`super::extract`].
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

use serde::{Deserialize, Serialize};

/// A value read from the code: resolved to a literal, or left as the expression text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    List(Vec<Value>),
    /// Not resolvable without running the code: the source text that computes it.
    Symbolic {
        expr: String,
    },
}

/// Relative tolerance for numbers: code-level values are exact up to float noise
/// (`0.1 + 0.2`), and sampled function values up to evaluation order.
const REL_TOL: f64 = 1e-6;
const ABS_TOL: f64 = 1e-9;

impl Value {
    /// Equal up to the numeric tolerance; symbolic values compare by their text with
    /// whitespace removed.
    pub fn same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Num(a), Value::Num(b)) => {
                (a - b).abs() <= ABS_TOL.max(REL_TOL * a.abs().max(b.abs()))
            }
            (Value::List(a), Value::List(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            (Value::Symbolic { expr: a }, Value::Symbolic { expr: b }) => {
                let squash = |s: &str| s.split_whitespace().collect::<String>();
                squash(a) == squash(b)
            }
            _ => self == other,
        }
    }

    /// Does this value (or any part of it) stay symbolic?
    pub fn is_symbolic(&self) -> bool {
        match self {
            Value::Symbolic { .. } => true,
            Value::List(items) => items.iter().any(Value::is_symbolic),
            _ => false,
        }
    }

    pub fn as_num(&self) -> Option<f64> {
        match self {
            Value::Num(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("None"),
            Value::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            // Ten significant digits: `93.09`, not the float noise `93.08999999999999`.
            Value::Num(n) => f.write_str(&super::pyfmt::short_num(*n)),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
            Value::Symbolic { expr } => write!(f, "`{expr}`"),
        }
    }
}

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

/// 1-based line and column (in bytes) of a syntax error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// How well the code could be read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Diagnostics {
    /// Syntax errors in the whole-file parse (0 for valid Python).
    pub syntax_errors: usize,
    pub first_error: Option<Position>,
    /// Lines of statements re-read with their unclosed brackets closed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub repaired_lines: Vec<usize>,
    /// Attributes that stayed symbolic.
    pub symbolic: usize,
    /// What the reader skipped or bounded: unrolled-loop limits, unresolved branches.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Set when nothing could be read at all (see [`super::CodeError`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
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

/// Everything the code channel read from one script.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Elements {
    pub elements: Vec<Element>,
    pub shortcuts: Vec<Shortcut>,
    pub diagnostics: Diagnostics,
}

impl Elements {
    pub fn of_kind(&self, kind: ElementKind) -> impl Iterator<Item = &Element> {
        self.elements.iter().filter(move |e| e.kind == kind)
    }

    pub fn get(&self, kind: ElementKind, axes: usize, key: &str) -> Option<&Element> {
        self.elements
            .iter()
            .find(|e| e.kind == kind && e.axes == axes && e.key == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_json() {
        let v = Value::List(vec![
            Value::Null,
            Value::Bool(true),
            Value::Num(1.5),
            Value::Str("a".into()),
            Value::Symbolic {
                expr: "f(x)".into(),
            },
        ]);
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, r#"[null,true,1.5,"a",{"expr":"f(x)"}]"#);
        assert_eq!(serde_json::from_str::<Value>(&json).unwrap(), v);
    }

    #[test]
    fn numbers_compare_with_tolerance() {
        assert!(Value::Num(0.1 + 0.2).same(&Value::Num(0.3)));
        assert!(!Value::Num(30.0).same(&Value::Num(30.1)));
        assert!(
            Value::Symbolic {
                expr: "f( x )".into()
            }
            .same(&Value::Symbolic {
                expr: "f(x)".into()
            })
        );
    }
}
