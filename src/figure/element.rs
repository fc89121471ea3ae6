//! The figure channel's elements: what a scene draws, as comparable key elements.
//!
//! An [`Element`] is one thing a reader would name (a bar, a wedge, a curve, a segment, a
//! label) with its attributes as typed [`Value`]s. The type of a value says how it is
//! compared (a [`Value::Measure`] relatively, a [`Value::Curve`] by sampled distance, a
//! [`Value::Place`] within the text tolerance), so one `same` covers every attribute.
//! [`role`] says how much each attribute matters when an element is scored.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::geometry::{curve_distance, polygon_distance, segment_distance};
use super::tolerance::{Frame, Tolerances, same_text, unit_distance};

/// What kind of key element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Per-axes settings: scales, axis on/off, projection, order of bars and wedges.
    Axes,
    Title,
    Xlabel,
    Ylabel,
    Suptitle,
    Legend,
    Bar,
    Wedge,
    /// A curve: a `Line2D` with three or more points that is not closed.
    Line,
    /// A straight stroke between two points (a two-point line, or one piece of a
    /// `LineCollection`).
    Segment,
    /// A single marker: a scatter offset, a one-point line, a vertex of a marker-only line.
    Point,
    /// A polygon patch, a rectangle that is not a bar, or a closed polyline.
    Polygon,
    /// A circle or ellipse patch.
    Circle,
    Arc,
    Text,
    Image,
}

impl Kind {
    /// The word people use for it in an op ("bar 'Q3': height 5 → 7").
    pub fn word(self) -> &'static str {
        match self {
            Kind::Axes => "axes",
            Kind::Title => "title",
            Kind::Xlabel => "xlabel",
            Kind::Ylabel => "ylabel",
            Kind::Suptitle => "suptitle",
            Kind::Legend => "legend",
            Kind::Bar => "bar",
            Kind::Wedge => "wedge",
            Kind::Line => "line",
            Kind::Segment => "segment",
            Kind::Point => "point",
            Kind::Polygon => "polygon",
            Kind::Circle => "circle",
            Kind::Arc => "arc",
            Kind::Text => "text",
            Kind::Image => "image",
        }
    }

    /// At most one per axes (or figure): always paired with its counterpart.
    pub fn singleton(self) -> bool {
        matches!(
            self,
            Kind::Axes | Kind::Title | Kind::Xlabel | Kind::Ylabel | Kind::Suptitle | Kind::Legend
        )
    }

    /// Whether an element may pair with one of a different key. Bars and wedges are
    /// *identified* by their category or label (a different label is a different slice);
    /// a curve, shape or text may be relabelled and still be the same thing drawn.
    pub fn relabel(self) -> bool {
        !matches!(self, Kind::Bar | Kind::Wedge)
    }

    /// Counted as a key element when a generation is scored. The per-axes settings are
    /// not: every figure has them, so they would reward drawing an empty axes.
    pub fn counts_in_generation(self) -> bool {
        self != Kind::Axes
    }
}

/// The data of a curve, thinned to at most [`MAX_CURVE_POINTS`] points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    #[serde(with = "nan_vec")]
    pub x: Vec<f64>,
    #[serde(with = "nan_vec")]
    pub y: Vec<f64>,
}

/// Curves are kept to this many points (evenly by index, gaps kept): enough for the
/// curve tolerance on any smooth function, and small enough to store in every result.
pub const MAX_CURVE_POINTS: usize = 1000;

/// One attribute value. The variant decides the comparison (see [`Value::same`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum Value {
    /// Bar height, bottom, width: relative tolerance.
    Measure(f64),
    /// A pie fraction in 0–1: relative tolerance with a small absolute floor.
    Share(f64),
    /// Degrees.
    Angle(f64),
    /// A data length (a radius), compared in unit space.
    Length(f64),
    /// Words a reader reads (labels, titles): compared as canonical text.
    Text(String),
    /// Colours, styles, scales: equal strings only.
    Exact(String),
    Count(usize),
    Flag(bool),
    /// Legend entries: the same texts in the same order.
    Entries(Vec<String>),
    /// Categories in drawing order along an axis: the same when the categories both lists
    /// have keep their relative order (adding or removing a bar is not a reorder).
    Order(Vec<String>),
    /// A data point, compared in unit space.
    Point([f64; 2]),
    /// Where a text is: its centre in data units and in axes fractions. Near when either
    /// is within the text tolerance (a text placed in axes coordinates stays put when the
    /// data limits change; one placed in data coordinates moves with its data).
    Place {
        data: [f64; 2],
        axes: [f64; 2],
    },
    /// Two ends, compared in either direction.
    Segment([[f64; 2]; 2]),
    /// Vertices, compared up to rotation and reversal.
    Polygon(Vec<[f64; 2]>),
    Curve(Curve),
}

/// How much an attribute matters when an element is scored (see [`role`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// What the element *is*: if it differs, the element earns nothing.
    Primary,
    /// Part of the key element (the paper's rubric names it): mismatches share half the credit.
    Secondary,
    /// How it looks but not what it says (colour of a geometry stroke): 0.1 off each.
    Cosmetic,
}

/// `(kind, attribute, role)`. Attributes not listed are secondary.
const ROLES: &[(Kind, &str, Role)] = &[
    (Kind::Bar, "height", Role::Primary),   // the value a bar shows
    (Kind::Bar, "category", Role::Primary), // which bar it is
    (Kind::Bar, "color", Role::Secondary),  // the paper lists bar colours
    (Kind::Bar, "width", Role::Cosmetic),   // rarely asked for, often defaulted
    (Kind::Wedge, "fraction", Role::Primary), // the slice proportion
    (Kind::Wedge, "label", Role::Primary),  // which slice it is
    (Kind::Wedge, "color", Role::Cosmetic), // not in the paper's pie rubric; cycles shift
    (Kind::Line, "curve", Role::Primary),   // the function or the data
    (Kind::Line, "color", Role::Cosmetic),  // colour cycles shift when lines are added
    (Kind::Segment, "ends", Role::Primary),
    (Kind::Segment, "color", Role::Cosmetic),
    (Kind::Point, "position", Role::Primary),
    (Kind::Point, "color", Role::Cosmetic),
    (Kind::Polygon, "vertices", Role::Primary),
    (Kind::Polygon, "edgecolor", Role::Cosmetic),
    (Kind::Polygon, "facecolor", Role::Cosmetic),
    (Kind::Circle, "center", Role::Primary),
    (Kind::Circle, "radius", Role::Primary),
    (Kind::Circle, "edgecolor", Role::Cosmetic),
    (Kind::Circle, "facecolor", Role::Cosmetic),
    (Kind::Arc, "center", Role::Primary),
    (Kind::Arc, "radius", Role::Primary),
    (Kind::Arc, "theta1", Role::Primary),
    (Kind::Arc, "theta2", Role::Primary),
    (Kind::Arc, "edgecolor", Role::Cosmetic),
    (Kind::Text, "text", Role::Primary), // the right value ...
    (Kind::Text, "position", Role::Primary), // ... at the right place
    (Kind::Text, "color", Role::Cosmetic),
    (Kind::Title, "text", Role::Primary),
    (Kind::Xlabel, "text", Role::Primary),
    (Kind::Ylabel, "text", Role::Primary),
    (Kind::Suptitle, "text", Role::Primary),
    (Kind::Legend, "entries", Role::Primary),
    (Kind::Image, "shape", Role::Primary),
];

pub fn role(kind: Kind, attr: &str) -> Role {
    ROLES
        .iter()
        .find(|(k, a, _)| *k == kind && *a == attr)
        .map_or(Role::Secondary, |r| r.2)
}

/// One key element of a scene.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Element {
    /// Index in its [`Inventory`](super::Inventory): identifies it within one scene.
    pub id: usize,
    pub kind: Kind,
    /// 1-based figure number.
    pub figure: usize,
    /// 0-based axes index; `None` for figure-level elements (suptitle, `fig.text`).
    pub axes: Option<usize>,
    /// Position among the elements of its kind in its axes, in drawing order.
    pub ordinal: usize,
    /// The label that identifies it (bar category, wedge label, line label, text string).
    pub key: Option<String>,
    /// Where it is, in data units: bar centre and bottom, text centre, first point …
    /// Used to pair unlabelled bars and to name elements, not compared as an attribute.
    pub at: [f64; 2],
    pub attrs: BTreeMap<String, Value>,
}

/// What a comparison needs besides the two values.
#[derive(Debug, Clone, Copy)]
pub struct Ctx<'a> {
    pub tol: &'a Tolerances,
    /// The frame of the scene compared *from*.
    pub frame: &'a Frame,
}

impl Value {
    /// The two values read the same within tolerance.
    pub fn same(&self, other: &Value, cx: Ctx) -> bool {
        let t = cx.tol;
        let f = cx.frame;
        match (self, other) {
            (Value::Measure(a), Value::Measure(b)) => t.same_measure(*a, *b),
            (Value::Share(a), Value::Share(b)) => t.same_share(*a, *b),
            (Value::Angle(a), Value::Angle(b)) => (a - b).abs() <= t.angle,
            (Value::Length(a), Value::Length(b)) => f.unit_length((a - b).abs()) <= t.position,
            (Value::Text(a), Value::Text(b)) => same_text(a, b),
            (Value::Exact(a), Value::Exact(b)) => a == b,
            (Value::Count(a), Value::Count(b)) => a == b,
            (Value::Flag(a), Value::Flag(b)) => a == b,
            (Value::Entries(a), Value::Entries(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_text(x, y))
            }
            (Value::Order(a), Value::Order(b)) => same_order(a, b),
            (Value::Point(a), Value::Point(b)) => f.distance(*a, *b) <= t.position,
            (Value::Place { .. }, Value::Place { .. }) => {
                place_distance(f, self, other) <= t.text_position
            }
            (Value::Segment(a), Value::Segment(b)) => segment_distance(f, *a, *b) <= t.position,
            (Value::Polygon(a), Value::Polygon(b)) => {
                a.len() == b.len() && polygon_distance(f, a, b) <= t.position
            }
            (Value::Curve(a), Value::Curve(b)) => {
                let d = curve_distance(f, (&a.x, &a.y), (&b.x, &b.y), t.curve_samples);
                d.max_unit <= t.curve && d.domain_gap <= t.domain && d.gap_share <= t.gaps
            }
            _ => false,
        }
    }
}

/// Distance between two [`Value::Place`]s: the nearer of the data reading (in `frame`'s
/// unit space) and the axes-fraction reading. Infinite for other values.
pub fn place_distance(frame: &Frame, a: &Value, b: &Value) -> f64 {
    match (a, b) {
        (Value::Place { data: da, axes: aa }, Value::Place { data: db, axes: ab }) => {
            frame.distance(*da, *db).min(unit_distance(*aa, *ab))
        }
        _ => f64::INFINITY,
    }
}

/// The categories both lists have appear in the same relative order.
fn same_order(a: &[String], b: &[String]) -> bool {
    let common = |x: &[String], y: &[String]| -> Vec<String> {
        x.iter()
            .filter(|s| y.iter().any(|t| same_text(s, t)))
            .map(|s| super::tolerance::canonical_text(s))
            .collect()
    };
    common(a, b) == common(b, a)
}

/// Serde for float vectors that may hold NaN: JSON has none, so NaN travels as `null`.
mod nan_vec {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[f64], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|x| x.is_finite().then_some(*x)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f64>, D::Error> {
        let raw: Vec<Option<f64>> = Vec::deserialize(d)?;
        Ok(raw.into_iter().map(|x| x.unwrap_or(f64::NAN)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx<'a>(tol: &'a Tolerances, frame: &'a Frame) -> Ctx<'a> {
        Ctx { tol, frame }
    }

    #[test]
    fn values_compare_by_their_type() {
        let tol = Tolerances::default();
        let frame = Frame {
            xlim: [0.0, 8.0],
            ylim: [0.0, 6.0],
            xlog: false,
            ylog: false,
        };
        let c = cx(&tol, &frame);
        assert!(Value::Measure(5.0).same(&Value::Measure(5.02), c));
        assert!(!Value::Measure(5.0).same(&Value::Measure(7.0), c));
        assert!(
            !Value::Measure(5.0).same(&Value::Share(5.0), c),
            "different types never match"
        );
        assert!(Value::Point([1.0, 4.0]).same(&Value::Point([1.05, 4.0]), c));
        assert!(!Value::Point([1.0, 4.0]).same(&Value::Point([1.2, 4.0]), c));
        let seg = Value::Segment([[1.0, 4.0], [3.0, 0.0]]);
        assert!(seg.same(&Value::Segment([[3.0, 0.0], [1.0, 4.0]]), c));
        assert!(!seg.same(&Value::Segment([[1.0, 4.0], [1.0, 0.0]]), c));
        let order = |v: &[&str]| Value::Order(v.iter().map(|s| s.to_string()).collect());
        assert!(
            order(&["Q1", "Q2", "Q3"]).same(&order(&["Q1", "Q3"]), c),
            "a removal is not a reorder"
        );
        assert!(!order(&["Q1", "Q2", "Q3"]).same(&order(&["Q3", "Q1", "Q2"]), c));
    }

    #[test]
    fn text_places_use_the_nearer_reading() {
        let tol = Tolerances::default();
        let frame = Frame {
            xlim: [0.0, 8.0],
            ylim: [0.0, 6.0],
            xlog: false,
            ylog: false,
        };
        let c = cx(&tol, &frame);
        let at = |d: [f64; 2], a: [f64; 2]| Value::Place { data: d, axes: a };
        let p = at([4.0, 3.0], [0.5, 0.5]);
        // Nudged by 0.2 data units (0.025 of the width): the same place.
        assert!(p.same(&at([4.2, 3.0], [0.525, 0.5]), c));
        // Two units away: another place.
        assert!(!p.same(&at([6.0, 3.0], [0.75, 0.5]), c));
        // Same axes fraction, data moved because the limits changed: the same place.
        assert!(p.same(&at([9.0, 3.0], [0.5, 0.5]), c));
    }

    #[test]
    fn roles_default_to_secondary() {
        assert_eq!(role(Kind::Bar, "height"), Role::Primary);
        assert_eq!(role(Kind::Bar, "bottom"), Role::Secondary);
        assert_eq!(role(Kind::Segment, "color"), Role::Cosmetic);
    }

    #[test]
    fn curves_round_trip_with_gaps() {
        let c = Curve {
            x: vec![0.0, 1.0, 2.0],
            y: vec![1.0, f64::NAN, 3.0],
        };
        let json = serde_json::to_string(&Value::Curve(c)).unwrap();
        let back: Value = serde_json::from_str(&json).unwrap();
        let Value::Curve(b) = back else {
            panic!("{json}")
        };
        assert!(b.y[1].is_nan() && b.x == vec![0.0, 1.0, 2.0]);
    }
}
