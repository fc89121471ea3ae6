//! What matplotlib calls mean, as data: which calls draw which key element, their
//! positional parameters (matplotlib's own signatures), the patch constructors, colour
//! names, line styles and markers. The extractor looks calls up here; adding a drawing
//! call is adding a row.

use super::elements::ElementKind;

/// What a drawing call adds to an axes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Draw {
    Bar,
    Barh,
    Plot,
    Errorbar,
    Scatter,
    Pie,
    Text,
    Annotate,
    Title,
    Suptitle,
    XLabel,
    YLabel,
    XTicks,
    YTicks,
    XTickLabels,
    YTickLabels,
    Legend,
    AxHLine,
    AxVLine,
    AxLine,
    HLines,
    VLines,
    Fill,
    FillBetween,
    Arrow,
    Imshow,
    AddPatch,
    BarLabel,
    /// `ax.set(title=…, xlabel=…)`: keyword arguments dispatched to the rows above.
    Set,
}

/// One drawing call: its name (the same for `plt.NAME` and `ax.NAME` unless noted), what it
/// draws, and its positional parameters in order.
pub(crate) struct DrawCall {
    pub name: &'static str,
    pub draws: Draw,
    pub params: &'static [&'static str],
}

const fn call(name: &'static str, draws: Draw, params: &'static [&'static str]) -> DrawCall {
    DrawCall {
        name,
        draws,
        params,
    }
}

pub(crate) static DRAW_CALLS: &[DrawCall] = &[
    // Vertical bars: `height` is each bar's value; `x` is a category or a position.
    call("bar", Draw::Bar, &["x", "height", "width", "bottom"]),
    // Horizontal bars: `width` is each bar's value, `y` its category.
    call("barh", Draw::Barh, &["y", "width", "height", "left"]),
    // Lines: `plot([x], y, [fmt], [x2], y2, [fmt2], …)`, grouped like matplotlib does.
    call("plot", Draw::Plot, &[]),
    // A line with error bars; its `fmt` is a plot format string.
    call(
        "errorbar",
        Draw::Errorbar,
        &["x", "y", "yerr", "xerr", "fmt"],
    ),
    // Markers at (x, y); `c` may be one colour or one per point.
    call("scatter", Draw::Scatter, &["x", "y", "s", "c", "marker"]),
    // A pie: `x` are the wedge values, in drawing order.
    call(
        "pie",
        Draw::Pie,
        &[
            "x",
            "explode",
            "labels",
            "colors",
            "autopct",
            "pctdistance",
            "shadow",
            "labeldistance",
            "startangle",
        ],
    ),
    // Text at data coordinates (`fig.text`: figure fractions).
    call("text", Draw::Text, &["x", "y", "s"]),
    // Text pointing at `xy`, placed at `xytext`, with an arrow if `arrowprops` is given.
    call("annotate", Draw::Annotate, &["text", "xy", "xytext"]),
    // Axes title: pyplot form.
    call("title", Draw::Title, &["label"]),
    // Axes title: Axes form.
    call("set_title", Draw::Title, &["label"]),
    // Figure title (pyplot and Figure).
    call("suptitle", Draw::Suptitle, &["t"]),
    call("xlabel", Draw::XLabel, &["xlabel"]),
    call("set_xlabel", Draw::XLabel, &["xlabel"]),
    call("ylabel", Draw::YLabel, &["ylabel"]),
    call("set_ylabel", Draw::YLabel, &["ylabel"]),
    // Tick positions and optional labels: how numeric bar positions get category names.
    call("xticks", Draw::XTicks, &["ticks", "labels"]),
    call("set_xticks", Draw::XTicks, &["ticks", "labels"]),
    call("yticks", Draw::YTicks, &["ticks", "labels"]),
    call("set_yticks", Draw::YTicks, &["ticks", "labels"]),
    // Labels for ticks set before.
    call("set_xticklabels", Draw::XTickLabels, &["labels"]),
    call("set_yticklabels", Draw::YTickLabels, &["labels"]),
    // `legend()`, `legend(labels)` or `legend(handles, labels)`: sorted out in the handler.
    call("legend", Draw::Legend, &[]),
    // Auxiliary lines across the axes.
    call("axhline", Draw::AxHLine, &["y", "xmin", "xmax"]),
    call("axvline", Draw::AxVLine, &["x", "ymin", "ymax"]),
    // An infinite line through two points (or a point and `slope`).
    call("axline", Draw::AxLine, &["xy1", "xy2"]),
    // Horizontal/vertical segments, one per value of `y`/`x`.
    call("hlines", Draw::HLines, &["y", "xmin", "xmax"]),
    call("vlines", Draw::VLines, &["x", "ymin", "ymax"]),
    // A filled polygon: `fill(x, y, [color])`.
    call("fill", Draw::Fill, &[]),
    // The region between two curves.
    call("fill_between", Draw::FillBetween, &["x", "y1", "y2"]),
    // An arrow from (x, y) by (dx, dy).
    call("arrow", Draw::Arrow, &["x", "y", "dx", "dy"]),
    // Shows an image: the figure is copied, not drawn.
    call("imshow", Draw::Imshow, &["X"]),
    // Adds a patch built with a constructor from `PATCHES`.
    call("add_patch", Draw::AddPatch, &["p"]),
    call("add_artist", Draw::AddPatch, &["a"]),
    call("add_line", Draw::AddPatch, &["line"]),
    // Value labels on the bars of a container.
    call("bar_label", Draw::BarLabel, &["container", "labels"]),
    // Property setter taking keywords.
    call("set", Draw::Set, &[]),
];

pub(crate) fn draw_call(name: &str) -> Option<&'static DrawCall> {
    DRAW_CALLS.iter().find(|c| c.name == name)
}

/// What a patch constructor makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Polygon,
    Rectangle,
    RegularPolygon,
    Circle,
    Ellipse,
    Arc,
    Wedge,
    Arrow,
    FancyArrow,
    Line2D,
}

pub(crate) struct PatchCall {
    pub name: &'static str,
    pub shape: Shape,
    pub kind: ElementKind,
    pub params: &'static [&'static str],
}

const fn patch(
    name: &'static str,
    shape: Shape,
    kind: ElementKind,
    params: &'static [&'static str],
) -> PatchCall {
    PatchCall {
        name,
        shape,
        kind,
        params,
    }
}

/// Patch constructors, reached as `Polygon`, `patches.Polygon`, `plt.Polygon`, ….
pub(crate) static PATCHES: &[PatchCall] = &[
    // Vertices `xy` (N×2); triangles, quadrilaterals.
    patch(
        "Polygon",
        Shape::Polygon,
        ElementKind::Polygon,
        &["xy", "closed"],
    ),
    // Lower-left corner, width, height: read as its four vertices.
    patch(
        "Rectangle",
        Shape::Rectangle,
        ElementKind::Polygon,
        &["xy", "width", "height", "angle"],
    ),
    // Regular n-gon: read as its vertices (matplotlib puts the first at the top).
    patch(
        "RegularPolygon",
        Shape::RegularPolygon,
        ElementKind::Polygon,
        &["xy", "numVertices", "radius", "orientation"],
    ),
    patch(
        "Circle",
        Shape::Circle,
        ElementKind::Circle,
        &["xy", "radius"],
    ),
    // A full ellipse is an arc from 0 to 360 degrees.
    patch(
        "Ellipse",
        Shape::Ellipse,
        ElementKind::Arc,
        &["xy", "width", "height", "angle"],
    ),
    // Angle marks.
    patch(
        "Arc",
        Shape::Arc,
        ElementKind::Arc,
        &["xy", "width", "height", "angle", "theta1", "theta2"],
    ),
    // A pie-slice patch, also used for angle marks.
    patch(
        "Wedge",
        Shape::Wedge,
        ElementKind::Arc,
        &["center", "r", "theta1", "theta2"],
    ),
    patch(
        "FancyArrowPatch",
        Shape::Arrow,
        ElementKind::Arrow,
        &["posA", "posB"],
    ),
    patch(
        "FancyArrow",
        Shape::FancyArrow,
        ElementKind::Arrow,
        &["x", "y", "dx", "dy"],
    ),
    // `matplotlib.lines.Line2D`, added with `add_line`.
    patch(
        "Line2D",
        Shape::Line2D,
        ElementKind::Line,
        &["xdata", "ydata"],
    ),
];

pub(crate) fn patch_call(name: &str) -> Option<&'static PatchCall> {
    PATCHES.iter().find(|p| p.name == name)
}

/// Calls that read a picture from disk (the "shortcut" of showing the input image back).
pub(crate) static IMAGE_READS: &[&str] = &[
    "matplotlib.pyplot.imread",
    "matplotlib.image.imread",
    "PIL.Image.open",
    "cv2.imread",
    "imageio.imread",
    "imageio.v2.imread",
    "imageio.v3.imread",
    "skimage.io.imread",
];

/// Colour names → `#rrggbb`. Single letters are matplotlib's base colours (not CSS's),
/// `C0`–`C9` and `tab:*` the default cycle; the CSS names are the ones plotting code uses.
pub(crate) static COLOURS: &[(&str, &str)] = &[
    ("b", "#0000ff"),
    ("g", "#008000"),
    ("r", "#ff0000"),
    ("c", "#00bfbf"),
    ("m", "#bf00bf"),
    ("y", "#bfbf00"),
    ("k", "#000000"),
    ("w", "#ffffff"),
    ("c0", "#1f77b4"),
    ("c1", "#ff7f0e"),
    ("c2", "#2ca02c"),
    ("c3", "#d62728"),
    ("c4", "#9467bd"),
    ("c5", "#8c564b"),
    ("c6", "#e377c2"),
    ("c7", "#7f7f7f"),
    ("c8", "#bcbd22"),
    ("c9", "#17becf"),
    ("tab:blue", "#1f77b4"),
    ("tab:orange", "#ff7f0e"),
    ("tab:green", "#2ca02c"),
    ("tab:red", "#d62728"),
    ("tab:purple", "#9467bd"),
    ("tab:brown", "#8c564b"),
    ("tab:pink", "#e377c2"),
    ("tab:gray", "#7f7f7f"),
    ("tab:grey", "#7f7f7f"),
    ("tab:olive", "#bcbd22"),
    ("tab:cyan", "#17becf"),
    ("black", "#000000"),
    ("white", "#ffffff"),
    ("red", "#ff0000"),
    ("green", "#008000"),
    ("blue", "#0000ff"),
    ("yellow", "#ffff00"),
    ("orange", "#ffa500"),
    ("purple", "#800080"),
    ("pink", "#ffc0cb"),
    ("brown", "#a52a2a"),
    ("gray", "#808080"),
    ("grey", "#808080"),
    ("cyan", "#00ffff"),
    ("magenta", "#ff00ff"),
    ("navy", "#000080"),
    ("teal", "#008080"),
    ("olive", "#808000"),
    ("maroon", "#800000"),
    ("lime", "#00ff00"),
    ("gold", "#ffd700"),
    ("silver", "#c0c0c0"),
    ("violet", "#ee82ee"),
    ("indigo", "#4b0082"),
    ("coral", "#ff7f50"),
    ("salmon", "#fa8072"),
    ("tomato", "#ff6347"),
    ("crimson", "#dc143c"),
    ("skyblue", "#87ceeb"),
    ("lightblue", "#add8e6"),
    ("darkblue", "#00008b"),
    ("royalblue", "#4169e1"),
    ("steelblue", "#4682b4"),
    ("dodgerblue", "#1e90ff"),
    ("deepskyblue", "#00bfff"),
    ("lightgreen", "#90ee90"),
    ("darkgreen", "#006400"),
    ("forestgreen", "#228b22"),
    ("seagreen", "#2e8b57"),
    ("limegreen", "#32cd32"),
    ("darkred", "#8b0000"),
    ("firebrick", "#b22222"),
    ("darkorange", "#ff8c00"),
    ("lightgray", "#d3d3d3"),
    ("lightgrey", "#d3d3d3"),
    ("darkgray", "#a9a9a9"),
    ("darkgrey", "#a9a9a9"),
    ("lightcoral", "#f08080"),
    ("hotpink", "#ff69b4"),
    ("orchid", "#da70d6"),
    ("plum", "#dda0dd"),
    ("mediumpurple", "#9370db"),
    ("turquoise", "#40e0d0"),
    ("khaki", "#f0e68c"),
    ("tan", "#d2b48c"),
    ("beige", "#f5f5dc"),
    ("chocolate", "#d2691e"),
    ("lavender", "#e6e6fa"),
    ("lightyellow", "#ffffe0"),
];

/// A colour in one spelling: `#rrggbb` (`#rrggbbaa` with alpha) for anything matplotlib
/// would resolve the same way, the lower-cased text otherwise.
pub(crate) fn normalise_colour(text: &str) -> String {
    let t = text.trim().to_ascii_lowercase();
    if let Some((_, hex)) = COLOURS.iter().find(|(n, _)| *n == t) {
        return hex.to_string();
    }
    if let Some(hex) = t.strip_prefix('#') {
        match hex.len() {
            3 => return format!("#{}", hex.chars().flat_map(|c| [c, c]).collect::<String>()),
            8 if hex.ends_with("ff") => return format!("#{}", &hex[..6]),
            _ => return t,
        }
    }
    // A grey level: '0.5'.
    if let Some(level) = t.parse::<f64>().ok().filter(|l| (0.0..=1.0).contains(l)) {
        return rgb_hex(&[level, level, level]);
    }
    t
}

/// `(r, g, b[, a])` with components in 0–1 → `#rrggbb[aa]`.
pub(crate) fn rgb_hex(c: &[f64]) -> String {
    let byte = |v: f64| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let mut s = format!("#{:02x}{:02x}{:02x}", byte(c[0]), byte(c[1]), byte(c[2]));
    if let Some(&a) = c.get(3).filter(|a| **a < 1.0) {
        s.push_str(&format!("{:02x}", byte(a)));
    }
    s
}

/// Line style spellings → matplotlib's short form.
pub(crate) fn normalise_linestyle(text: &str) -> String {
    match text {
        "-" | "solid" => "-",
        "--" | "dashed" => "--",
        ":" | "dotted" => ":",
        "-." | "dashdot" => "-.",
        "" | " " | "none" | "None" => "None",
        other => other,
    }
    .to_string()
}

/// Marker characters of a plot format string.
pub(crate) const MARKERS: &str = ".,ov^<>12348spP*hH+xXDd|_";

/// Colour letters of a plot format string.
pub(crate) const FMT_COLOURS: &str = "bgrcmykw";

/// A plot format string like `'ro--'`: (colour, marker, linestyle). `None` when the text
/// is not a format string (matplotlib would raise).
pub(crate) fn parse_fmt(fmt: &str) -> Option<(Option<String>, Option<String>, Option<String>)> {
    // A whole colour name is a valid format (`plot(x, y, 'red')`).
    let whole = normalise_colour(fmt);
    if whole.starts_with('#') && fmt.len() > 1 && !fmt.starts_with('C') {
        return Some((Some(whole), None, None));
    }
    let (mut colour, mut marker, mut style) = (None, None, None);
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let two: String = chars[i..chars.len().min(i + 2)].iter().collect();
        let c = chars[i];
        if two == "--" || two == "-." {
            style.replace(two).map_or(Some(()), |_| None)?;
            i += 2;
        } else if c == '-' || c == ':' {
            style.replace(c.to_string()).map_or(Some(()), |_| None)?;
            i += 1;
        } else if MARKERS.contains(c) {
            marker.replace(c.to_string()).map_or(Some(()), |_| None)?;
            i += 1;
        } else if FMT_COLOURS.contains(c) {
            colour
                .replace(normalise_colour(&c.to_string()))
                .map_or(Some(()), |_| None)?;
            i += 1;
        } else if c == 'C' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
            colour
                .replace(normalise_colour(&two))
                .map_or(Some(()), |_| None)?;
            i += 2;
        } else {
            return None;
        }
    }
    Some((colour, marker, style))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fmt_strings_split_like_matplotlib() {
        assert_eq!(
            parse_fmt("ro--"),
            Some((Some("#ff0000".into()), Some("o".into()), Some("--".into())))
        );
        assert_eq!(
            parse_fmt("k-"),
            Some((Some("#000000".into()), None, Some("-".into())))
        );
        assert_eq!(
            parse_fmt("C1:"),
            Some((Some("#ff7f0e".into()), None, Some(":".into())))
        );
        assert_eq!(parse_fmt("red"), Some((Some("#ff0000".into()), None, None)));
        assert_eq!(
            parse_fmt("--o"),
            Some((None, Some("o".into()), Some("--".into())))
        );
        assert_eq!(parse_fmt("hello"), None);
    }

    #[test]
    fn colours_have_one_spelling() {
        assert_eq!(normalise_colour("Red"), normalise_colour("#FF0000"));
        assert_eq!(normalise_colour("C0"), normalise_colour("tab:blue"));
        assert_eq!(normalise_colour("#f00"), "#ff0000");
        assert_eq!(normalise_colour("0.5"), "#808080");
        assert_eq!(normalise_colour("cornflowerblue"), "cornflowerblue");
    }

    #[test]
    fn every_table_row_is_unique() {
        for (i, c) in DRAW_CALLS.iter().enumerate() {
            assert!(
                DRAW_CALLS[..i].iter().all(|d| d.name != c.name),
                "{}",
                c.name
            );
        }
        for (i, c) in COLOURS.iter().enumerate() {
            assert!(COLOURS[..i].iter().all(|d| d.0 != c.0), "{}", c.0);
        }
    }
}
