//! Geometry elements: named points, segments, polygons (from `Polygon`, `Rectangle`,
//! `RegularPolygon`, `fill`), circles, arcs, arrows, `hlines`/`vlines` and `fill_between`,
//! plus the colour and stroke attributes every element shares.
//!
//! Shapes are stored in one canonical form so that equal figures compare equal however
//! the code wrote them: a segment's endpoints sorted, a polygon's vertices starting at the
//! smallest and turning towards its smaller neighbour.

use std::cmp::Ordering;

use plotgrade_pyreader::{Args, Val, Value};

use super::calls::{DrawCall, PatchCall, Shape, normalise_colour, normalise_linestyle, rgb_hex};
use super::elements::{Element, ElementKind};

pub(crate) fn element(kind: ElementKind, axes: usize, line: usize) -> Element {
    Element {
        kind,
        axes,
        key: String::new(),
        attrs: Default::default(),
        info: Default::default(),
        line,
    }
}

/// One colour argument in its normal spelling.
pub(crate) fn colour(v: &Val) -> Value {
    match v {
        Val::Str(s) => Value::Str(normalise_colour(s)),
        other => match rgb(other) {
            Some(c) => Value::Str(rgb_hex(&c)),
            None => other.to_value(),
        },
    }
}

/// An `(r, g, b[, a])` tuple with components in 0–1.
fn rgb(v: &Val) -> Option<Vec<f64>> {
    let c = v.numbers()?;
    ((c.len() == 3 || c.len() == 4) && c.iter().all(|x| (0.0..=1.0).contains(x))).then_some(c)
}

/// A per-item colour list (`color=['r', 'g']`), or `None` for one colour.
pub(crate) fn colours(v: &Val) -> Option<Vec<Value>> {
    if matches!(v, Val::Str(_)) || rgb(v).is_some() {
        return None;
    }
    Some(v.items()?.iter().map(colour).collect())
}

/// Colour and line style keywords of a stroked element.
/// (`colors`/`linestyles` are the plural spellings of `hlines`/`vlines`.)
pub(crate) fn stroke(e: &mut Element, args: &Args) {
    if let Some(c) = ["color", "c", "colors", "edgecolor", "ec"]
        .iter()
        .find_map(|n| args.kw(n))
    {
        e.attrs.insert("color".into(), colour(c));
    }
    if let Some(v) = ["linestyle", "ls", "linestyles"]
        .iter()
        .find_map(|n| args.kw(n))
    {
        let style = match v {
            Val::Str(s) => Value::Str(normalise_linestyle(s)),
            other => other.to_value(),
        };
        e.attrs.insert("linestyle".into(), style);
    }
}

/// Face colour, edge colour and fill of a patch.
fn paint(e: &mut Element, args: &Args, filled_by_default: bool) {
    if let Some(c) = ["facecolor", "fc", "color"].iter().find_map(|n| args.kw(n)) {
        e.attrs.insert("color".into(), colour(c));
    }
    if let Some(c) = args.kw("edgecolor").or_else(|| args.kw("ec")) {
        e.attrs.insert("edgecolor".into(), colour(c));
    }
    let fill = match args.kw("fill") {
        Some(v) => v.truth().map_or_else(|| v.to_value(), Value::Bool),
        None => Value::Bool(filled_by_default),
    };
    e.attrs.insert("fill".into(), fill);
    if let Some(Val::Str(s)) = args.kw("linestyle").or_else(|| args.kw("ls")) {
        e.attrs
            .insert("linestyle".into(), Value::Str(normalise_linestyle(s)));
    }
}

fn pt(x: f64, y: f64) -> Value {
    Value::List(vec![Value::Num(x), Value::Num(y)])
}

fn cmp_points(a: &Value, b: &Value) -> Ordering {
    let key = |v: &Value| -> (f64, f64) {
        match v {
            Value::List(c) if c.len() == 2 => (
                c[0].as_num().unwrap_or(f64::INFINITY),
                c[1].as_num().unwrap_or(f64::INFINITY),
            ),
            _ => (f64::INFINITY, f64::INFINITY),
        }
    };
    let (ka, kb) = (key(a), key(b));
    ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
}

/// Endpoints in sorted order: a segment from A to B is the segment from B to A.
pub(crate) fn canonical_points(mut points: Vec<Value>) -> Value {
    points.sort_by(cmp_points);
    Value::List(points)
}

/// Vertices rotated to start at the smallest, in the direction of its smaller neighbour.
pub(crate) fn canonical_polygon(mut v: Vec<Value>) -> Value {
    let n = v.len();
    if n < 3 {
        return Value::List(v);
    }
    let start = (0..n)
        .min_by(|&a, &b| cmp_points(&v[a], &v[b]))
        .unwrap_or(0);
    v.rotate_left(start);
    if cmp_points(&v[n - 1], &v[1]) == Ordering::Less {
        v[1..].reverse();
    }
    Value::List(v)
}

/// Points `(x_i, y_i)` of two equal-length numeric sequences.
pub(crate) fn points_of(x: &Val, y: &Val) -> Option<Vec<Value>> {
    let (xs, ys) = (x.numbers()?, y.numbers()?);
    (xs.len() == ys.len()).then(|| xs.iter().zip(&ys).map(|(a, b)| pt(*a, *b)).collect())
}

/// Vertices of an `N×2` argument (`[A, B, C]`, `np.array([[0, 0], …])`).
fn vertices(v: &Val) -> Option<Vec<Value>> {
    v.items()?
        .iter()
        .map(|p| p.pair().map(|(x, y)| pt(x, y)))
        .collect()
}

/// `fill(x, y, [color])`.
pub(crate) fn fill(
    axes: usize,
    x: Option<&Val>,
    y: &Val,
    fmt: Option<&str>,
    args: &Args,
    line: usize,
) -> Element {
    let mut e = element(ElementKind::Polygon, axes, line);
    let vertices = x.and_then(|x| points_of(x, y));
    e.attrs.insert(
        "vertices".into(),
        match vertices {
            Some(v) => canonical_polygon(v),
            None => Value::List(vec![x.map_or(Value::Null, Val::to_value), y.to_value()]),
        },
    );
    paint(&mut e, args, true);
    if let Some(f) = fmt.filter(|_| !e.attrs.contains_key("color")) {
        e.attrs
            .insert("color".into(), Value::Str(normalise_colour(f)));
    }
    e
}

/// `hlines(y, xmin, xmax)` / `vlines(x, ymin, ymax)`: one segment per value.
pub(crate) fn hvlines(axes: usize, call: &DrawCall, args: &Args, line: usize) -> Vec<Element> {
    let get = |i: usize| args.get(i, call.params[i]);
    let (Some(at), Some(lo), Some(hi)) = (get(0), get(1), get(2)) else {
        return Vec::new();
    };
    let horizontal = call.params[0] == "y";
    let ats = at.items().unwrap_or_else(|| vec![at.clone()]);
    let mut out = Vec::new();
    for a in &ats {
        let mut e = element(ElementKind::Segment, axes, line);
        let ends = match (a.num(), lo.num(), hi.num()) {
            (Some(a), Some(lo), Some(hi)) if horizontal => {
                canonical_points(vec![pt(lo, a), pt(hi, a)])
            }
            (Some(a), Some(lo), Some(hi)) => canonical_points(vec![pt(a, lo), pt(a, hi)]),
            _ => Value::List(vec![a.to_value(), lo.to_value(), hi.to_value()]),
        };
        e.attrs.insert("endpoints".into(), ends);
        stroke(&mut e, args);
        out.push(e);
    }
    out
}

/// `fill_between(x, y1, y2=0)`: by probe values when the curves are functions.
pub(crate) fn region(axes: usize, call: &DrawCall, args: &Args, line: usize) -> Element {
    let mut e = element(ElementKind::Region, axes, line);
    for name in ["x", "y1", "y2"] {
        let v = match args.get(
            call.params.iter().position(|p| *p == name).unwrap_or(0),
            name,
        ) {
            Some(Val::Array(a)) if a.probe.is_some() && a.values.len() > 20 => {
                let p = a.probe.as_ref().expect("checked");
                if name == "x" {
                    Value::List(vec![Value::Num(p.domain.0), Value::Num(p.domain.1)])
                } else {
                    e.info.insert(format!("{name}_expr"), p.expr.clone());
                    Value::List(
                        p.at.iter()
                            .map(|&v| {
                                if v.is_finite() {
                                    Value::Num(v)
                                } else {
                                    Value::Null
                                }
                            })
                            .collect(),
                    )
                }
            }
            Some(v) => v.to_value(),
            None if name == "y2" => Value::Num(0.0),
            None => Value::Null,
        };
        e.attrs.insert(name.into(), v);
    }
    if let Some(c) = ["color", "facecolor", "fc"].iter().find_map(|n| args.kw(n)) {
        e.attrs.insert("color".into(), colour(c));
    }
    e.attrs
        .insert("where".into(), Value::Bool(args.kw("where").is_some()));
    e
}

/// `arrow(x, y, dx, dy)`: from (x, y) to (x + dx, y + dy).
pub(crate) fn arrow(axes: usize, call: &DrawCall, args: &Args, line: usize) -> Option<Element> {
    let get = |i: usize| args.get(i, call.params[i]);
    let (x, y, dx, dy) = (get(0)?, get(1)?, get(2)?, get(3)?);
    let mut e = element(ElementKind::Arrow, axes, line);
    set_arrow(&mut e, x, y, dx, dy);
    stroke(&mut e, args);
    Some(e)
}

fn set_arrow(e: &mut Element, x: &Val, y: &Val, dx: &Val, dy: &Val) {
    match (x.num(), y.num(), dx.num(), dy.num()) {
        (Some(x), Some(y), Some(dx), Some(dy)) => {
            e.attrs.insert("from".into(), pt(x, y));
            e.attrs.insert("to".into(), pt(x + dx, y + dy));
        }
        _ => {
            e.attrs
                .insert("from".into(), Value::List(vec![x.to_value(), y.to_value()]));
            e.attrs
                .insert("by".into(), Value::List(vec![dx.to_value(), dy.to_value()]));
        }
    }
}

/// A patch constructor call (`Polygon(...)`, `Circle(...)`) → the element it will draw
/// once added to an axes.
pub(crate) fn build_patch(pc: &PatchCall, args: &Args, line: usize) -> Element {
    let p = PatchArgs { pc, args };
    let mut e = element(pc.kind, 0, line);
    match pc.shape {
        Shape::Polygon => {
            let xy = p.get("xy");
            let v = xy.and_then(vertices);
            e.attrs.insert(
                "vertices".into(),
                v.map_or_else(|| xy.map_or(Value::Null, Val::to_value), canonical_polygon),
            );
            paint(&mut e, args, true);
        }
        Shape::Rectangle => {
            e.attrs.insert("vertices".into(), rectangle(&p));
            paint(&mut e, args, true);
        }
        Shape::RegularPolygon => {
            e.attrs.insert("vertices".into(), regular_polygon(&p));
            paint(&mut e, args, true);
        }
        Shape::Circle => {
            e.attrs.insert(
                "center".into(),
                p.get("xy").map_or(Value::Null, Val::to_value),
            );
            // matplotlib's default radius is 5.
            e.attrs.insert(
                "radius".into(),
                p.get("radius").map_or(Value::Num(5.0), Val::to_value),
            );
            paint(&mut e, args, true);
        }
        Shape::Ellipse | Shape::Arc | Shape::Wedge => {
            ellipse_arc(&p, &mut e);
            paint(&mut e, args, pc.shape != Shape::Arc);
        }
        Shape::Arrow => {
            e.attrs.insert(
                "from".into(),
                p.get("posA").map_or(Value::Null, Val::to_value),
            );
            e.attrs.insert(
                "to".into(),
                p.get("posB").map_or(Value::Null, Val::to_value),
            );
            stroke(&mut e, args);
        }
        Shape::FancyArrow => {
            if let (Some(x), Some(y), Some(dx), Some(dy)) =
                (p.get("x"), p.get("y"), p.get("dx"), p.get("dy"))
            {
                set_arrow(&mut e, x, y, dx, dy);
            }
            stroke(&mut e, args);
        }
        Shape::Line2D => {
            let (x, y) = (p.get("xdata"), p.get("ydata"));
            if let Some(y) = y {
                return super::draw::curve(0, x, y, None, args, line);
            }
        }
    }
    e
}

/// The arguments of a patch constructor by parameter name, positional or keyword.
struct PatchArgs<'a> {
    pc: &'a PatchCall,
    args: &'a Args,
}

impl<'a> PatchArgs<'a> {
    fn get(&self, name: &str) -> Option<&'a Val> {
        let i = self
            .pc
            .params
            .iter()
            .position(|p| *p == name)
            .unwrap_or(usize::MAX);
        self.args.get(i, name)
    }

    /// A number, `default` when absent, `None` when given but not a number.
    fn num(&self, name: &str, default: f64) -> Option<f64> {
        self.get(name).map_or(Some(default), Val::num)
    }
}

/// `Rectangle(xy, width, height, angle)`: its four corners, or its arguments as given.
fn rectangle(p: &PatchArgs) -> Value {
    match (
        p.get("xy").and_then(Val::pair),
        p.num("width", f64::NAN),
        p.num("height", f64::NAN),
        p.num("angle", 0.0),
    ) {
        (Some((x, y)), Some(w), Some(h), Some(angle)) if w.is_finite() && h.is_finite() => {
            let (s, c) = angle.to_radians().sin_cos();
            let corner = |dx: f64, dy: f64| pt(x + dx * c - dy * s, y + dx * s + dy * c);
            canonical_polygon(vec![
                corner(0.0, 0.0),
                corner(w, 0.0),
                corner(w, h),
                corner(0.0, h),
            ])
        }
        _ => Value::List(
            ["xy", "width", "height"]
                .iter()
                .map(|n| p.get(n).map_or(Value::Null, Val::to_value))
                .collect(),
        ),
    }
}

/// `RegularPolygon(xy, numVertices, radius, orientation)`: its vertices.
fn regular_polygon(p: &PatchArgs) -> Value {
    let n = p.get("numVertices").and_then(Val::int);
    match (
        p.get("xy").and_then(Val::pair),
        n,
        p.num("radius", 1.0),
        p.num("orientation", 0.0),
    ) {
        (Some((x, y)), Some(n), Some(r), Some(o)) if (3..=1000).contains(&n) => {
            // matplotlib's unit_regular_polygon starts at the top (pi/2).
            let step = std::f64::consts::TAU / n as f64;
            let pts = (0..n)
                .map(|k| {
                    let t = step * k as f64 + std::f64::consts::FRAC_PI_2 + o;
                    pt(x + r * t.cos(), y + r * t.sin())
                })
                .collect();
            canonical_polygon(pts)
        }
        _ => Value::Symbolic {
            expr: "RegularPolygon(...)".into(),
        },
    }
}

/// `Ellipse`, `Arc` and `Wedge`: centre, width and height (a wedge's from its radius),
/// and the angles.
fn ellipse_arc(p: &PatchArgs, e: &mut Element) {
    let wedge = p.pc.shape == Shape::Wedge;
    let (centre, w, h) = if wedge {
        let r = p.get("r").map(|r| match r.num() {
            Some(r) => Value::Num(2.0 * r),
            None => r.to_value(),
        });
        (p.get("center"), r.clone(), r)
    } else {
        (
            p.get("xy"),
            p.get("width").map(Val::to_value),
            p.get("height").map(Val::to_value),
        )
    };
    e.attrs
        .insert("center".into(), centre.map_or(Value::Null, Val::to_value));
    e.attrs.insert("width".into(), w.unwrap_or(Value::Null));
    e.attrs.insert("height".into(), h.unwrap_or(Value::Null));
    for (name, default) in [("angle", 0.0), ("theta1", 0.0), ("theta2", 360.0)] {
        if wedge && name == "angle" {
            continue;
        }
        e.attrs.insert(
            name.into(),
            p.get(name).map_or(Value::Num(default), Val::to_value),
        );
    }
}

/// Point-like names: `A`, `B1`, `P_2`, `A_prime` — one capital letter, then digits or an
/// underscore suffix. `AB` is not one (it is a segment or a vector by convention).
pub(crate) fn is_point_name(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let rest = chars.as_str();
    first.is_ascii_uppercase()
        && (rest.is_empty()
            || rest.chars().all(|c| c.is_ascii_digit())
            || (rest.starts_with('_')
                && rest.len() <= 7
                && rest[1..].chars().all(|c| c.is_ascii_alphanumeric())))
}

/// A named point from a binding (`A = (0, 0)`), or `None` when the value is not a pair.
pub(crate) fn point(name: &str, v: &Val, line: usize) -> Option<Element> {
    let items = match v {
        Val::Tuple(i) | Val::List(i) if i.len() == 2 => i.clone(),
        Val::Array(a) if a.cols.is_none() && a.values.len() == 2 => {
            a.values.iter().map(|&x| Val::Float(x)).collect()
        }
        _ => return None,
    };
    if !items.iter().all(|i| i.num().is_some() || i.is_sym()) || items.iter().all(Val::is_sym) {
        return None;
    }
    let mut e = element(ElementKind::Point, 0, line);
    e.key = name.to_string();
    e.attrs.insert(
        "xy".into(),
        Value::List(items.iter().map(Val::to_value).collect()),
    );
    Some(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygons_have_one_vertex_order() {
        let a = canonical_polygon(vec![pt(4.0, 0.0), pt(2.0, 3.0), pt(0.0, 0.0)]);
        let b = canonical_polygon(vec![pt(0.0, 0.0), pt(4.0, 0.0), pt(2.0, 3.0)]);
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "[[0, 0], [2, 3], [4, 0]]");
    }

    #[test]
    fn point_names_are_capital_letters() {
        for ok in ["A", "B1", "P_2", "A_prime"] {
            assert!(is_point_name(ok), "{ok}");
        }
        for no in ["AB", "a", "Ax", "DATA", ""] {
            assert!(!is_point_name(no), "{no}");
        }
    }
}
