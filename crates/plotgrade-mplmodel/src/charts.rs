//! Bar charts and pie charts: one element per bar (keyed by its category, settled once
//! tick labels are known) and per wedge (keyed by its label), plus the series element
//! that keeps their order, and `bar_label` texts. Called from [`super::draw`].

use plotgrade_pyreader::{Args, Val, Value, ops, pyfmt};

use super::calls::{Draw, DrawCall};
use super::canvas::{Canvas, PendingBar};
use super::draw::{kw_any, param, text_value};
use super::elements::{Element, ElementKind};
use super::objects::{BarGeom, MplObject, artist};
use super::shapes::{colour, colours, element};

/// Broadcast a scalar or sequence argument to `n` items.
fn spread(v: Option<&Val>, n: usize) -> Option<Vec<Val>> {
    match v? {
        Val::Str(s) => Some(vec![Val::Str(s.clone()); n]),
        v => match v.items() {
            Some(items) if items.len() == n => Some(items),
            Some(items) if items.len() == 1 => Some(vec![items[0].clone(); n]),
            Some(_) => None,
            None => Some(vec![v.clone(); n]),
        },
    }
}

/// Bars that cannot be enumerated: the series keeps what the call says, symbolically.
fn symbolic(canvas: &mut Canvas, mut series_el: Element, categories: Value, values: Value) -> Val {
    series_el.attrs.insert("categories".into(), categories);
    series_el.attrs.insert("values".into(), values);
    canvas.push(series_el);
    artist()
}

pub(super) fn bars(
    canvas: &mut Canvas,
    axes: usize,
    call: &DrawCall,
    args: &Args,
    line: usize,
) -> Val {
    let horizontal = call.draws == Draw::Barh;
    let (pos_name, value_name, thick_name, base_name) = if horizontal {
        ("y", "width", "height", "left")
    } else {
        ("x", "height", "width", "bottom")
    };
    let (series, series_el) = series_element(canvas, axes, horizontal, args, line);
    let (pos, value) = (param(call, args, pos_name), param(call, args, value_name));
    let n = [pos, value]
        .iter()
        .flatten()
        .filter_map(|v| v.items().map(|i| i.len()))
        .max();
    let (Some(n), Some(positions), Some(values)) = (n, pos, value) else {
        let [p, v] = [pos, value].map(|x| x.map_or(Value::Null, Val::to_value));
        return symbolic(canvas, series_el, p, v);
    };
    let (Some(positions), Some(values)) = (spread(Some(positions), n), spread(Some(values), n))
    else {
        return symbolic(canvas, series_el, positions.to_value(), values.to_value());
    };
    let Some(series_index) = canvas.push(series_el) else {
        return artist();
    };
    let thick = spread(param(call, args, thick_name), n);
    let base = spread(param(call, args, base_name), n);
    let colour_arg = kw_any(args, &["color", "facecolor", "fc"]);
    let bar_colours = colour_arg.map(|c| match colours(c) {
        Some(list) if !list.is_empty() => (0..n).map(|i| list[i % list.len()].clone()).collect(),
        _ => vec![colour(c); n],
    });
    let align_edge = args.kw("align").and_then(Val::str) == Some("edge");
    let value_is_int = values.iter().all(Val::is_int);
    let mut geoms = Vec::with_capacity(n);
    for i in 0..n {
        let mut e = element(ElementKind::Bar, axes, line);
        e.attrs.insert("height".into(), values[i].to_value());
        if let Some(b) = &base {
            e.attrs.insert(base_name.into(), b[i].to_value());
        }
        if let Some(c) = &bar_colours {
            e.attrs.insert("color".into(), c[i].clone());
        }
        let width = thick.as_ref().and_then(|t| t[i].num()).unwrap_or(0.8);
        let (category, pos) = match &positions[i] {
            Val::Str(s) => (Some(s.clone()), Some(canvas.category(axes, horizontal, s))),
            v => (None, v.num()),
        };
        let start = base.as_ref().map_or(Some(0.0), |b| b[i].num());
        if let (Some(p), Some(v), Some(s)) = (pos, values[i].num(), start) {
            let lo = if align_edge { p } else { p - width / 2.0 };
            geoms.push(BarGeom::new(horizontal, lo, width, s, v, value_is_int));
        }
        let Some(element) = canvas.push(e) else { break };
        canvas.pending_bar(PendingBar {
            element,
            series_element: series_index,
            series,
            category,
            pos,
            width,
            horizontal,
            index: i,
        });
    }
    if geoms.len() == n {
        MplObject::Bars(geoms).val()
    } else {
        artist()
    }
}

/// The element of one `bar`/`barh` call (the series: orientation, label, and later the
/// order of its categories), with the series' number on its axes.
fn series_element(
    canvas: &mut Canvas,
    axes: usize,
    horizontal: bool,
    args: &Args,
    line: usize,
) -> (usize, Element) {
    let series = canvas.next_bar_series(axes);
    let mut series_el = element(ElementKind::Bars, axes, line);
    series_el.key = series.to_string();
    series_el.attrs.insert(
        "orientation".into(),
        Value::Str(if horizontal { "horizontal" } else { "vertical" }.into()),
    );
    if let Some(l) = args.kw("label") {
        series_el.attrs.insert("label".into(), text_value(l));
    }
    (series, series_el)
}

/// `bar_label(container, labels=None, fmt='%g', label_type='edge')`: one text per bar.
pub(super) fn bar_labels(canvas: &mut Canvas, axes: usize, args: &Args, line: usize) -> Val {
    let Some(MplObject::Bars(geoms)) = args.get(0, "container").and_then(MplObject::of) else {
        return artist();
    };
    let labels = args.get(1, "labels").and_then(Val::items);
    let fmt = args.kw("fmt").and_then(Val::str).unwrap_or("%g");
    let centre = args.kw("label_type").and_then(Val::str) == Some("center");
    for (i, g) in geoms.iter().enumerate() {
        let value = if g.horizontal { g.width } else { g.height };
        let text = match &labels {
            Some(l) => l.get(i).map_or(Value::Null, text_value),
            None if fmt.contains('{') => fmt
                .strip_prefix("{:")
                .and_then(|s| s.strip_suffix('}'))
                .and_then(|spec| pyfmt::format_num(value, false, spec))
                .map_or(Value::Symbolic { expr: fmt.into() }, Value::Str),
            None => ops::percent(fmt, &Val::Float(value))
                .map_or(Value::Symbolic { expr: fmt.into() }, Value::Str),
        };
        let (x, y) = match (g.horizontal, centre) {
            (false, false) => (g.x + g.width / 2.0, g.y + g.height),
            (true, false) => (g.x + g.width, g.y + g.height / 2.0),
            (_, true) => (g.x + g.width / 2.0, g.y + g.height / 2.0),
        };
        let mut e = element(ElementKind::Text, axes, line);
        e.attrs.insert("text".into(), text);
        e.attrs
            .insert("xy".into(), Value::List(vec![Value::Num(x), Value::Num(y)]));
        e.info.insert("from".into(), "bar_label".into());
        canvas.push(e);
    }
    artist()
}

pub(super) fn pie(
    canvas: &mut Canvas,
    axes: usize,
    call: &DrawCall,
    args: &Args,
    line: usize,
) -> Val {
    let index = canvas.next_pie(axes);
    let mut pie = element(ElementKind::Pie, axes, line);
    pie.key = index.to_string();
    let values = param(call, args, "x");
    let labels = param(call, args, "labels");
    if let Some(a) = param(call, args, "autopct") {
        let v = match a {
            Val::Str(s) => Value::Str(s.clone()),
            // A function formats the percentages: what it prints is not read here.
            other => Value::Symbolic {
                expr: match other.to_value() {
                    Value::Symbolic { expr } => expr,
                    v => v.to_string(),
                },
            },
        };
        pie.attrs.insert("autopct".into(), v);
    }
    if let Some(s) = param(call, args, "startangle") {
        pie.attrs.insert("startangle".into(), s.to_value());
    }
    let items = values.and_then(Val::items);
    let Some(items) = items else {
        pie.attrs
            .insert("values".into(), values.map_or(Value::Null, Val::to_value));
        if let Some(l) = labels {
            pie.attrs.insert("labels".into(), l.to_value());
        }
        canvas.push(pie);
        return artist();
    };
    let n = items.len();
    let label_items = labels.and_then(|l| spread(Some(l), n));
    let nums: Option<Vec<f64>> = items.iter().map(Val::num).collect();
    let total: Option<f64> = nums.as_ref().map(|v| v.iter().sum());
    let pie_colours = param(call, args, "colors").and_then(colours);
    let explode = param(call, args, "explode").and_then(|e| spread(Some(e), n));
    let keys: Vec<String> = (0..n)
        .map(|i| match label_items.as_ref().map(|l| text_value(&l[i])) {
            Some(Value::Str(s)) => s,
            _ => format!("#{i}"),
        })
        .collect();
    pie.attrs.insert(
        "labels".into(),
        match labels {
            Some(l) if label_items.is_none() => l.to_value(),
            _ => Value::List(keys.iter().map(|k| Value::Str(k.clone())).collect()),
        },
    );
    canvas.push(pie);
    for (i, v) in items.iter().enumerate() {
        let mut w = element(ElementKind::Wedge, axes, line);
        w.key = keys[i].clone();
        w.attrs.insert("value".into(), v.to_value());
        if let (Some(nums), Some(total)) = (&nums, total.filter(|t| *t > 0.0)) {
            w.attrs
                .insert("fraction".into(), Value::Num(nums[i] / total));
        }
        if let Some(c) = pie_colours.as_ref().filter(|c| !c.is_empty()) {
            w.attrs.insert("color".into(), c[i % c.len()].clone());
        }
        if let Some(e) = &explode {
            w.attrs.insert("explode".into(), e[i].to_value());
        }
        canvas.push(w);
    }
    artist()
}
