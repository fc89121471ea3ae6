//! Edit operations as text for a person, one line each:
//!
//! ```text
//! bar 'Q3': height 5 → 7
//! wedge 'food' removed
//! text '60°' added at (0.41, 0.52)
//! line 'f' changed: max distance 1.2 on [-5, 5]
//! ```
//!
//! Elements outside the first axes of the first figure say where they are
//! (`bar 'Q3' (axes 1)`). Positions of texts are axes fractions; everything else is in
//! data units.

use super::element::{Anchor, Element, ElementKind, Side, Value};
use super::op::EditOp;
use plotgrade_model::scene::fmt_num;

/// A number for people, to three significant digits (`1.2`, `0.0417`, `12300`).
pub(crate) fn num(v: f64) -> String {
    if !v.is_finite() || v == 0.0 {
        return fmt_num(v);
    }
    let digits = 2 - v.abs().log10().floor() as i32;
    let r = if digits > 0 {
        let p = 10f64.powi(digits);
        (v * p).round() / p
    } else {
        let p = 10f64.powi(-digits);
        (v / p).round() * p
    };
    let s = format!("{:.*}", digits.max(0) as usize, r);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

fn pt(p: [f64; 2]) -> String {
    format!("({}, {})", fmt_num(p[0]), fmt_num(p[1]))
}

fn quote(s: &str) -> String {
    format!("'{s}'")
}

/// Where an element is, when it is not in the first axes of the first figure.
fn location(e_figure: usize, axes: Option<usize>) -> String {
    match (e_figure, axes) {
        (1, Some(0)) | (1, None) => String::new(),
        (f, None) => format!(" (figure {f})"),
        (1, Some(a)) => format!(" (axes {a})"),
        (f, Some(a)) => format!(" (figure {f}, axes {a})"),
    }
}

/// How a person names an element: `bar 'Q3'`, `line #1`, `segment (1, 4)–(3, 0)`.
pub(crate) fn name(e: &Element) -> String {
    let key = e.key.as_deref().map(quote);
    let attr = |k: &str| e.attrs.get(k).map(show);
    let base = match e.kind {
        ElementKind::Bar => match (&key, attr("series")) {
            (Some(k), Some(s)) => format!("bar {k} of {s}"),
            (Some(k), None) => format!("bar {k}"),
            (None, _) => format!("bar at {}", fmt_num(e.at[0])),
        },
        ElementKind::Wedge | ElementKind::Line | ElementKind::Image => key.map_or_else(
            || format!("{} #{}", e.kind.word(), e.ordinal),
            |k| format!("{} {k}", e.kind.word()),
        ),
        ElementKind::Segment => format!("segment {}", attr("ends").unwrap_or_default()),
        ElementKind::Point => format!("point {}", attr("position").unwrap_or_default()),
        ElementKind::Polygon => key.map_or_else(
            || format!("polygon {}", attr("vertices").unwrap_or_default()),
            |k| format!("polygon {k}"),
        ),
        ElementKind::Circle | ElementKind::Arc => format!(
            "{} at {} r {}",
            e.kind.word(),
            attr("center").unwrap_or_default(),
            attr("radius").unwrap_or_default()
        ),
        ElementKind::Text if e.axes.is_none() => format!("figure text {}", key.unwrap_or_default()),
        ElementKind::Text => format!("text {}", key.unwrap_or_default()),
        ElementKind::Reference => format!(
            "{} line at {}",
            match attr("orientation").as_deref() {
                Some("h") => "horizontal",
                Some("v") => "vertical",
                _ => "reference",
            },
            attr("at").unwrap_or_default()
        ),
        ElementKind::Tick => format!("tick label {}", key.unwrap_or_default()),
        ElementKind::Artist => format!(
            "{} {}",
            e.key.as_deref().unwrap_or("artist"),
            attr("box").unwrap_or_default()
        ),
        _ => e.kind.word().to_string(),
    };
    format!("{base}{}", location(e.figure, e.axes))
}

/// A value as a person reads it.
pub(crate) fn show(v: &Value) -> String {
    match v {
        Value::Measure(x) | Value::Length(x) => fmt_num(*x),
        Value::Share(x) => format!("{}%", fmt_num((x * 10000.0).round() / 100.0)),
        Value::Angle(x) => format!("{}°", fmt_num(*x)),
        Value::Text(s) => quote(s),
        Value::Exact(s) => s.clone(),
        Value::Count(n) => n.to_string(),
        Value::Flag(b) => (if *b { "on" } else { "off" }).to_string(),
        Value::Entries(l) | Value::Order(l) => format!("[{}]", l.join(", ")),
        Value::Point(p) => pt(*p),
        Value::Place { axes, .. } => format!("({:.2}, {:.2})", axes[0], axes[1]),
        Value::Segment([p, q]) => format!("{}–{}", pt(*p), pt(*q)),
        Value::Polygon(vs) => {
            let mut s: Vec<String> = vs.iter().take(6).map(|p| pt(*p)).collect();
            if vs.len() > 6 {
                s.push(format!("… {} vertices", vs.len()));
            }
            s.join(" ")
        }
        Value::Curve(c) => {
            let xs = c.x.iter().copied().filter(|x| x.is_finite());
            let lo = xs.clone().fold(f64::INFINITY, f64::min);
            let hi = xs.fold(f64::NEG_INFINITY, f64::max);
            format!("{} points on [{}, {}]", c.x.len(), num(lo), num(hi))
        }
        Value::Anchor(Anchor::Point(p) | Anchor::Vertex(p)) => format!("next to {}", pt(*p)),
        Value::Anchor(Anchor::Segment([p, q])) => format!("next to {}–{}", pt(*p), pt(*q)),
        Value::Side(Side::Point {
            vertical,
            horizontal,
            ..
        }) => match (*vertical, *horizontal) {
            (1, _) => "above".into(),
            (-1, _) => "below".into(),
            (_, 1) => "right".into(),
            (_, -1) => "left".into(),
            _ => "at its point".into(),
        },
        Value::Corner { at, .. } => format!("in an angle at {}", pt(*at)),
        Value::Side(Side::Segment { sign, across }) => {
            format!(
                "side {sign:+}{}",
                if *across { ", across the line" } else { "" }
            )
        }
        Value::Side(Side::Curve { sign, .. }) => (if *sign > 0 {
            "above the curve"
        } else if *sign < 0 {
            "below the curve"
        } else {
            "on the curve"
        })
        .into(),
        Value::Range([lo, hi]) => format!("[{}, {}]", num(*lo), num(*hi)),
        Value::Box(b) => format!(
            "({:.2}, {:.2})–({:.2}, {:.2}) of the figure",
            b[0], b[1], b[2], b[3]
        ),
        Value::Coord { axis, at } => format!("{axis} = {}", fmt_num(*at)),
        Value::Spot { place, best } => {
            if *best {
                format!("{place} (best)")
            } else {
                place.clone()
            }
        }
    }
}

fn shown(v: &Option<Value>) -> String {
    v.as_ref().map_or_else(|| "none".to_string(), show)
}

/// What an added element says, after "added": the value a reader checks first.
fn summary(e: &Element) -> String {
    let get = |k: &str| e.attrs.get(k).map(show).unwrap_or_default();
    match e.kind {
        ElementKind::Text => format!(" at {}", get("position")),
        ElementKind::Bar => format!(": height {}", get("height")),
        ElementKind::Wedge => format!(": fraction {}", get("fraction")),
        ElementKind::Line => format!(": {}", get("curve")),
        ElementKind::Title | ElementKind::Xlabel | ElementKind::Ylabel | ElementKind::Suptitle => {
            format!(" {}", get("text"))
        }
        ElementKind::Legend => format!(" {}", get("entries")),
        _ => String::new(),
    }
}

/// One op as one line.
pub fn render_op(op: &EditOp) -> String {
    match op {
        EditOp::Removed { element } => match element.kind {
            ElementKind::Title
            | ElementKind::Xlabel
            | ElementKind::Ylabel
            | ElementKind::Suptitle => {
                format!("{}{} removed", name(element), summary(element))
            }
            _ => format!("{} removed", name(element)),
        },
        EditOp::Added { element } => format!("{} added{}", name(element), summary(element)),
        EditOp::Changed {
            kind,
            name,
            attr,
            old,
            new,
            detail,
            ..
        } => {
            if let Some(d) = detail {
                return format!("{name} changed: {d}");
            }
            match (kind, attr.as_str()) {
                (ElementKind::Text, "position") => {
                    format!("{name} moved {} → {}", shown(old), shown(new))
                }
                (
                    ElementKind::Title
                    | ElementKind::Xlabel
                    | ElementKind::Ylabel
                    | ElementKind::Suptitle,
                    "text",
                )
                | (ElementKind::Legend, "entries") => {
                    format!("{name}: {} → {}", shown(old), shown(new))
                }
                _ => format!("{name}: {attr} {} → {}", shown(old), shown(new)),
            }
        }
    }
}

/// Ops as text, one line each (empty for no ops).
pub fn render_ops(ops: &[EditOp]) -> String {
    ops.iter().map(|op| render_op(op) + "\n").collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_to_three_significant_digits() {
        assert_eq!(num(1.2), "1.2");
        assert_eq!(num(1.23456), "1.23");
        assert_eq!(num(0.041666), "0.0417");
        assert_eq!(num(12345.0), "12300");
        assert_eq!(num(-5.0), "-5");
        assert_eq!(num(0.0), "0");
    }

    #[test]
    fn values_read_as_people_write_them() {
        assert_eq!(show(&Value::Share(0.25)), "25%");
        assert_eq!(show(&Value::Share(2.0 / 7.0)), "28.57%");
        assert_eq!(
            show(&Value::Segment([[1.0, 4.0], [3.0, 0.0]])),
            "(1, 4)–(3, 0)"
        );
        assert_eq!(
            show(&Value::Place {
                data: [0.0, 0.0],
                axes: [0.4111, 0.5177]
            }),
            "(0.41, 0.52)"
        );
        assert_eq!(location(2, Some(1)), " (figure 2, axes 1)");
    }
}
