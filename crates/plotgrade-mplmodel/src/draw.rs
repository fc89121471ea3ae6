//! One drawing call → key elements, per figure type: bars and bar labels, pie wedges,
//! lines (with format strings) and functions, scatter, texts and annotations, titles,
//! labels, ticks, legends and auxiliary lines. Patches and geometry are in
//! [`super::shapes`]. Which call is which comes from [`super::calls`].

use std::collections::BTreeMap;
use std::rc::Rc;

use plotgrade_pyreader::value::{Probe, seq_len};
use plotgrade_pyreader::{Args, Val, Value};

use super::calls::{Draw, DrawCall, normalise_linestyle, parse_fmt};
use super::canvas::Canvas;
use super::charts;
use super::elements::{Element, ElementKind};
use super::objects::{MplObject, artist};
use super::shapes::{self, colour, colours, element};

/// A `plot` of more points than this, computed from a sampled variable, is a function
/// curve (compared by values at the probes); fewer points are a line chart's data.
const CURVE_MIN_POINTS: usize = 20;

/// Positional parameter `name` of `call` (by its place in the table), or the keyword.
pub(super) fn param<'a>(call: &DrawCall, args: &'a Args, name: &str) -> Option<&'a Val> {
    match call.params.iter().position(|p| *p == name) {
        Some(i) => args.get(i, name),
        None => args.kw(name),
    }
}

pub(super) fn kw_any<'a>(args: &'a Args, names: &[&str]) -> Option<&'a Val> {
    names.iter().find_map(|n| args.kw(n))
}

/// The text matplotlib shows for a value passed as a label (`str(value)`).
pub(super) fn text_value(v: &Val) -> Value {
    match v {
        Val::Str(s) => Value::Str(s.clone()),
        other => match other.py_str() {
            Some(s) if !other.is_sym() => Value::Str(s),
            _ => other.to_value(),
        },
    }
}

/// Draw one call on `axes`; returns what the call returns in matplotlib, as far as the
/// reader tracks it (a bar container, for `bar_label` and loops over bars).
pub(crate) fn draw(
    canvas: &mut Canvas,
    axes: usize,
    call: &DrawCall,
    args: &Args,
    line: usize,
) -> Val {
    match call.draws {
        Draw::Title | Draw::Suptitle | Draw::XLabel | Draw::YLabel => {
            label(canvas, axes, call, args, line)
        }
        Draw::Legend => legend(canvas, axes, args, line),
        Draw::XTicks | Draw::YTicks | Draw::XTickLabels | Draw::YTickLabels => {
            ticks(canvas, axes, call, args, line)
        }
        Draw::Bar | Draw::Barh => charts::bars(canvas, axes, call, args, line),
        Draw::BarLabel => charts::bar_labels(canvas, axes, args, line),
        Draw::Pie => charts::pie(canvas, axes, call, args, line),
        Draw::Plot | Draw::Fill => lines(canvas, axes, call, args, line),
        Draw::Errorbar => errorbar(canvas, axes, call, args, line),
        Draw::Scatter => scatter(canvas, axes, call, args, line),
        Draw::Text => text(canvas, axes, call, args, line),
        Draw::Annotate => annotate(canvas, axes, call, args, line),
        Draw::AxHLine | Draw::AxVLine => axis_line(canvas, axes, call, args, line),
        Draw::AxLine => oblique_line(canvas, axes, call, args, line),
        Draw::HLines | Draw::VLines => {
            for e in shapes::hvlines(axes, call, args, line) {
                canvas.push(e);
            }
            artist()
        }
        Draw::FillBetween => {
            canvas.push(shapes::region(axes, call, args, line));
            artist()
        }
        Draw::Arrow => {
            if let Some(e) = shapes::arrow(axes, call, args, line) {
                canvas.push(e);
            }
            artist()
        }
        Draw::Imshow => {
            let data = param(call, args, "X").map_or(Value::Null, Val::to_value);
            simple(
                canvas,
                axes,
                line,
                ElementKind::Image,
                "",
                vec![("data", data)],
            )
        }
        Draw::AddPatch => {
            if let Some(MplObject::Patch(p)) = args.pos.first().and_then(MplObject::of) {
                let mut e = p.clone();
                e.axes = axes;
                canvas.push(e);
            }
            artist()
        }
        Draw::Set => set(canvas, axes, args, line),
    }
}

/// One element of `kind` with a key and attributes, as the call gives them.
fn simple(
    canvas: &mut Canvas,
    axes: usize,
    line: usize,
    kind: ElementKind,
    key: &str,
    attrs: Vec<(&str, Value)>,
) -> Val {
    let mut e = element(kind, axes, line);
    e.key = key.to_string();
    for (k, v) in attrs {
        e.attrs.insert(k.to_string(), v);
    }
    canvas.push(e);
    artist()
}

/// Titles and axis labels, keyed by their role.
fn label(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    let Some(text) = args
        .pos
        .first()
        .or_else(|| param(call, args, call.params[0]))
    else {
        return artist();
    };
    let (kind, key) = match call.draws {
        Draw::Title => (ElementKind::Title, "title"),
        Draw::Suptitle => (ElementKind::Suptitle, "suptitle"),
        Draw::XLabel => (ElementKind::XLabel, "xlabel"),
        _ => (ElementKind::YLabel, "ylabel"),
    };
    simple(
        canvas,
        axes,
        line,
        kind,
        key,
        vec![("text", text_value(text))],
    )
}

/// `legend()`, `legend(labels)` or `legend(handles, labels)`.
fn legend(canvas: &mut Canvas, axes: usize, args: &Args, line: usize) -> Val {
    let labels = match args.pos.as_slice() {
        [labels] => Some(labels),
        [_, labels] => Some(labels),
        _ => args.kw("labels"),
    };
    let attrs = labels
        .map(|l| ("labels", l.to_value()))
        .into_iter()
        .collect();
    simple(canvas, axes, line, ElementKind::Legend, "legend", attrs)
}

/// `plot` and `fill`: one element per group of their arguments.
fn lines(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    for (x, y, fmt) in plot_groups(&args.pos) {
        let e = if call.draws == Draw::Fill {
            shapes::fill(axes, x.as_ref(), &y, fmt.as_deref(), args, line)
        } else {
            curve(axes, x.as_ref(), &y, fmt.as_deref(), args, line)
        };
        canvas.push(e);
    }
    artist()
}

/// `errorbar`: its line, read as a `plot` with its `fmt`.
fn errorbar(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    let (Some(x), Some(y)) = (param(call, args, "x"), param(call, args, "y")) else {
        return artist();
    };
    let fmt = param(call, args, "fmt").and_then(Val::str);
    let e = curve(axes, Some(x), y, fmt, args, line);
    canvas.push(e);
    artist()
}

fn scatter(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    let mut e = element(ElementKind::Scatter, axes, line);
    for (name, attr) in [("x", "x"), ("y", "y")] {
        if let Some(v) = param(call, args, name) {
            e.attrs.insert(attr.into(), v.to_value());
        }
    }
    if let Some(c) = param(call, args, "c").or_else(|| args.kw("color")) {
        e.attrs.insert(
            "color".into(),
            colours(c).map(Value::List).unwrap_or_else(|| colour(c)),
        );
    }
    if let Some(m) = param(call, args, "marker") {
        e.attrs.insert("marker".into(), m.to_value());
    }
    if let Some(l) = args.kw("label") {
        e.attrs.insert("label".into(), text_value(l));
    }
    canvas.push(e);
    artist()
}

fn text(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    let (Some(x), Some(y), Some(s)) = (
        param(call, args, "x"),
        param(call, args, "y"),
        param(call, args, "s"),
    ) else {
        return artist();
    };
    simple(
        canvas,
        axes,
        line,
        ElementKind::Text,
        "",
        vec![
            ("text", text_value(s)),
            ("xy", Value::List(vec![x.to_value(), y.to_value()])),
        ],
    )
}

fn annotate(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    let Some(text) = param(call, args, "text").or_else(|| args.kw("s")) else {
        return artist();
    };
    let mut attrs = vec![("text", text_value(text))];
    if let Some(xy) = param(call, args, "xy") {
        attrs.push(("xy", xy.to_value()));
    }
    if let Some(xy) = param(call, args, "xytext") {
        attrs.push(("xytext", xy.to_value()));
    }
    attrs.push(("arrow", Value::Bool(args.kw("arrowprops").is_some())));
    simple(canvas, axes, line, ElementKind::Annotation, "", attrs)
}

/// `axhline` and `axvline`: where they cross their axis.
fn axis_line(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    let (name, orientation) = if call.draws == Draw::AxHLine {
        ("y", "horizontal")
    } else {
        ("x", "vertical")
    };
    let value = param(call, args, name).map_or(Value::Num(0.0), Val::to_value);
    let mut e = element(ElementKind::AuxLine, axes, line);
    e.attrs
        .insert("orientation".into(), Value::Str(orientation.into()));
    e.attrs.insert("at".into(), value);
    shapes::stroke(&mut e, args);
    canvas.push(e);
    artist()
}

/// `axline`: the points it runs through, or a point and a slope.
fn oblique_line(
    canvas: &mut Canvas,
    axes: usize,
    call: &DrawCall,
    args: &Args,
    line: usize,
) -> Val {
    let mut e = element(ElementKind::AuxLine, axes, line);
    e.attrs
        .insert("orientation".into(), Value::Str("oblique".into()));
    let through: Vec<Value> = ["xy1", "xy2"]
        .iter()
        .filter_map(|n| param(call, args, n))
        .map(Val::to_value)
        .collect();
    e.attrs
        .insert("through".into(), shapes::canonical_points(through));
    if let Some(s) = args.kw("slope") {
        e.attrs.insert("slope".into(), s.to_value());
    }
    shapes::stroke(&mut e, args);
    canvas.push(e);
    artist()
}

/// `ax.set(title=…, xlabel=…)`: each keyword drawn as the setter it stands for.
fn set(canvas: &mut Canvas, axes: usize, args: &Args, line: usize) -> Val {
    for (k, v) in &args.kw {
        let name = match k.as_str() {
            "title" => "set_title",
            "xlabel" => "set_xlabel",
            "ylabel" => "set_ylabel",
            "xticks" => "set_xticks",
            "yticks" => "set_yticks",
            "xticklabels" => "set_xticklabels",
            "yticklabels" => "set_yticklabels",
            _ => continue,
        };
        if let Some(c) = super::calls::draw_call(name) {
            let one = Args {
                pos: vec![v.clone()],
                kw: Vec::new(),
            };
            draw(canvas, axes, c, &one, line);
        }
    }
    Val::None
}

fn strings(v: &Val) -> Option<Vec<String>> {
    v.items()?
        .iter()
        .map(|i| match i {
            Val::Str(s) => Some(s.clone()),
            other if !other.is_sym() => other.py_str(),
            _ => None,
        })
        .collect()
}

fn ticks(canvas: &mut Canvas, axes: usize, call: &DrawCall, args: &Args, line: usize) -> Val {
    let y = matches!(call.draws, Draw::YTicks | Draw::YTickLabels);
    let labels_only = matches!(call.draws, Draw::XTickLabels | Draw::YTickLabels);
    let ticks = if labels_only {
        None
    } else {
        param(call, args, "ticks")
    };
    let labels = param(call, args, "labels");
    if ticks.is_none() && labels.is_none() {
        return artist();
    }
    canvas.set_ticks(
        axes,
        y,
        ticks.and_then(Val::numbers),
        labels.and_then(strings),
    );
    let kind = if y {
        ElementKind::YTicks
    } else {
        ElementKind::XTicks
    };
    if labels_only && let (Some(l), Some(existing)) = (labels, canvas.last_mut(kind, axes)) {
        existing.attrs.insert("labels".into(), l.to_value());
        return artist();
    }
    let mut e = element(kind, axes, line);
    e.key = if y { "yticks" } else { "xticks" }.into();
    if let Some(t) = ticks {
        e.attrs.insert("ticks".into(), t.to_value());
    }
    if let Some(l) = labels {
        e.attrs.insert("labels".into(), l.to_value());
    }
    canvas.push(e);
    artist()
}

/// matplotlib's grouping of `plot` arguments: `(x, y, fmt)`, `(y, fmt)`, `(x, y)`, `(y)`.
pub(crate) fn plot_groups(pos: &[Val]) -> Vec<(Option<Val>, Val, Option<String>)> {
    let mut out = Vec::new();
    let mut rest = pos;
    while !rest.is_empty() {
        let take = rest.len().min(2);
        let mut this: Vec<&Val> = rest[..take].iter().collect();
        rest = &rest[take..];
        if let Some(v @ Val::Str(_)) = rest.first() {
            this.push(v);
            rest = &rest[1..];
        }
        let fmt = match this.last() {
            Some(Val::Str(s)) => {
                let s = s.clone();
                this.pop();
                Some(s)
            }
            _ => None,
        };
        match this.as_slice() {
            [y] => out.push((None, (*y).clone(), fmt)),
            [x, y] => out.push((Some((*x).clone()), (*y).clone(), fmt)),
            _ => {}
        }
    }
    out
}

/// Colour, line style and marker of a line: the format string, then keywords over it.
pub(crate) fn line_style(args: &Args, fmt: Option<&str>) -> BTreeMap<String, Value> {
    let mut attrs = BTreeMap::new();
    let (mut c, mut marker, mut style) = (None, None, None);
    if let Some(f) = fmt {
        match parse_fmt(f) {
            Some((fc, fm, fs)) => {
                c = fc.map(Value::Str);
                marker = fm.map(Value::Str);
                style = fs.map(Value::Str);
            }
            None => {
                attrs.insert("fmt".into(), Value::Str(f.into()));
            }
        }
    }
    if let Some(v) = kw_any(args, &["color", "c"]) {
        c = Some(colour(v));
    }
    if let Some(v) = kw_any(args, &["linestyle", "ls"]) {
        style = Some(match v {
            Val::Str(s) => Value::Str(normalise_linestyle(s)),
            other => other.to_value(),
        });
    }
    if let Some(v) = args.kw("marker") {
        marker = Some(match v {
            Val::Str(s) if s.is_empty() || s == "None" || s == "none" => Value::Str("None".into()),
            other => other.to_value(),
        });
    }
    // matplotlib: a format with a marker and no line style draws markers only.
    let style = style.unwrap_or_else(|| {
        Value::Str(
            if marker.is_some() && fmt.is_some() {
                "None"
            } else {
                "-"
            }
            .into(),
        )
    });
    attrs.insert("linestyle".into(), style);
    attrs.insert(
        "marker".into(),
        marker.unwrap_or_else(|| Value::Str("None".into())),
    );
    if let Some(c) = c {
        attrs.insert("color".into(), c);
    }
    if let Some(l) = args.kw("label") {
        attrs.insert("label".into(), text_value(l));
    }
    attrs
}

fn probe_of(v: &Val) -> Option<&Rc<Probe>> {
    match v {
        Val::Array(a) => a.probe.as_ref(),
        _ => None,
    }
}

fn samples(p: &Probe) -> Value {
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

/// One `plot` group: a function curve, a segment, a closed polygon or a data line.
pub(crate) fn curve(
    axes: usize,
    x: Option<&Val>,
    y: &Val,
    fmt: Option<&str>,
    args: &Args,
    line: usize,
) -> Element {
    let style = line_style(args, fmt);
    // matplotlib reads a scalar as a one-point array: `plot(2, 3, 'o')`.
    let as_list = |v: &Val| {
        if v.num().is_some() {
            Val::List(vec![v.clone()])
        } else {
            v.clone()
        }
    };
    let y = &as_list(y);
    let x_list = x.map(as_list);
    let x = x_list.as_ref();
    let y_len = y.numbers().map(|v| v.len()).or_else(|| seq_len(y));
    if let Some(py) = probe_of(y).filter(|_| y_len.is_some_and(|n| n > CURVE_MIN_POINTS)) {
        let mut e = element(ElementKind::Function, axes, line);
        e.attrs = style;
        let px = x.and_then(probe_of);
        let domain = px.map_or(py.domain, |p| p.domain);
        e.attrs.insert(
            "domain".into(),
            Value::List(vec![Value::Num(domain.0), Value::Num(domain.1)]),
        );
        e.attrs.insert("samples".into(), samples(py));
        if let Some(px) = px.filter(|p| !p.identity) {
            e.attrs.insert("samples_x".into(), samples(px));
            e.info.insert("x_expr".into(), px.expr.clone());
        }
        e.info.insert("expr".into(), py.expr.clone());
        return e;
    }
    let xs: Option<Val> = match x {
        Some(x) => Some(x.clone()),
        None => y_len.map(|n| Val::List((0..n as i64).map(Val::Int).collect())),
    };
    let solid = style.get("linestyle") != Some(&Value::Str("None".into()));
    let points = xs
        .as_ref()
        .filter(|_| solid)
        .and_then(|xs| shapes::points_of(xs, y));
    if let Some(points) = points {
        if points.len() == 2 {
            let mut e = element(ElementKind::Segment, axes, line);
            e.attrs = style;
            e.attrs.remove("marker");
            e.attrs
                .insert("endpoints".into(), shapes::canonical_points(points));
            return e;
        }
        if points.len() >= 4
            && points
                .first()
                .zip(points.last())
                .is_some_and(|(a, b)| a.same(b))
        {
            let mut e = element(ElementKind::Polygon, axes, line);
            e.attrs = style;
            e.attrs.remove("marker");
            e.attrs.insert("fill".into(), Value::Bool(false));
            e.attrs.insert(
                "vertices".into(),
                shapes::canonical_polygon(points[..points.len() - 1].to_vec()),
            );
            return e;
        }
    }
    let mut e = element(ElementKind::Line, axes, line);
    e.attrs = style;
    e.attrs
        .insert("x".into(), xs.map_or(Value::Null, |v| v.to_value()));
    e.attrs.insert("y".into(), y.to_value());
    if let Some(p) = probe_of(y) {
        e.info.insert("expr".into(), p.expr.clone());
    }
    e
}
