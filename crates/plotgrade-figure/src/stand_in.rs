//! A text standing where an axis label stands, read as that label.
//!
//! `plt.text(-1, 5, 'Pressure (Pa)', rotation=90)` left of the axes shows the y-axis
//! label that `ylabel('Pressure (Pa)')` draws there (issue #25, round 23: an answer
//! drawing `xlabel`/`ylabel` where the reference wrote texts failed). Where one of the
//! figures compared draws a title or axis label and another has none but a text in its
//! place, that text is read as the label: its string, size, colour and weight, compared
//! as the label's. Its place is not compared (it is where the label is).
//!
//! Only as far as that stays safe, so that no difference the task cares about is read
//! away:
//! - only where the task does not put its texts in a box or on a fill (a label has
//!   none), and, for each of colour, size and weight the task fixes for texts, only a
//!   text that has the very colour, size or weight of every label it stands in for: the
//!   words about the text are held to, whichever way it was drawn;
//! - only in an axes that draws its axis, a text without an arrow or a box, turned as
//!   the label is (0°, 90° for the y axis), whose box lies wholly outside the axes on
//!   that side within a quarter of the axes' size, centred within 5% of the middle of
//!   that side;
//! - only where one text stands there, and only where another figure compared draws
//!   the label itself: two texts below a pie stay texts, compared by place and box.
//!
//! Written by hand: a rule of this grader's reading, no library's.

use super::brief::Brief;
use super::element::{Element, ElementKind, Family, Value};
use super::inventory::{Inventory, NOWHERE};
use super::tolerance::Frame;

/// How far off the middle of its side, and how far out, in axes fractions.
const MIDDLE: f64 = 0.05;
const REACH: f64 = 0.25;

/// The labels that can have a stand-in, each with the turn its text has.
const LABELS: [(ElementKind, f64); 3] = [
    (ElementKind::Title, 0.0),
    (ElementKind::Xlabel, 0.0),
    (ElementKind::Ylabel, 90.0),
];

/// Read, in each of `invs`, the text that stands in for a label another of them draws
/// as that label (see the module's documentation).
pub(crate) fn adopt(invs: &mut [&mut Inventory], brief: &Brief) {
    let fixes = |f| brief.fixes(ElementKind::Text, f);
    if fixes(Family::TextBox) || fixes(Family::TextFill) {
        return;
    }
    let held: Vec<&str> = [
        ("color", Family::Color),
        ("size", Family::Size),
        ("weight", Family::Weight),
    ]
    .into_iter()
    .filter(|&(_, f)| fixes(f))
    .map(|(attr, _)| attr)
    .collect();
    let drawn: Vec<Element> = invs
        .iter()
        .flat_map(|inv| inv.elements.iter())
        .filter(|e| LABELS.iter().any(|&(k, _)| k == e.kind))
        .cloned()
        .collect();
    for inv in invs.iter_mut() {
        for label in &drawn {
            let place = (label.figure, label.axes, label.kind);
            let own = inv
                .elements
                .iter()
                .any(|e| (e.figure, e.axes, e.kind) == place);
            let Some(i) = (!own)
                .then(|| stand_in(inv, label.figure, label.axes, label.kind))
                .flatten()
            else {
                continue;
            };
            let agrees = drawn
                .iter()
                .filter(|l| (l.figure, l.axes, l.kind) == place)
                .all(|l| held.iter().all(|attr| alike(&inv.elements[i], l, attr)));
            if agrees {
                become_label(&mut inv.elements[i], label.kind);
            }
        }
    }
}

/// Whether `a` and `b` agree on `attr` (a size within half a point).
fn alike(a: &Element, b: &Element, attr: &str) -> bool {
    match (a.attrs.get(attr), b.attrs.get(attr)) {
        (Some(Value::Measure(x)), Some(Value::Measure(y))) => (x - y).abs() <= 0.5,
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// The one text of `inv` standing where the `kind` label of that axes stands.
fn stand_in(
    inv: &Inventory,
    figure: usize,
    axes: Option<usize>,
    kind: ElementKind,
) -> Option<usize> {
    let axis_on = inv.elements.iter().any(|e| {
        e.kind == ElementKind::Axes
            && (e.figure, e.axes) == (figure, axes)
            && matches!(e.attrs.get("axis_on"), Some(Value::Flag(true)))
    });
    let frame = inv
        .frame(figure, axes)
        .filter(|_| axis_on && axes.is_some())?;
    let turn = LABELS.iter().find(|&&(k, _)| k == kind)?.1;
    let mut hits = inv.elements.iter().filter(|e| {
        e.kind == ElementKind::Text
            && (e.figure, e.axes) == (figure, axes)
            && stands_as(e, kind, turn, &frame)
    });
    match (hits.next(), hits.next()) {
        (Some(e), None) => Some(e.id),
        _ => None,
    }
}

/// Whether the text `e` stands where the `kind` label (turned `turn`°) stands.
fn stands_as(e: &Element, kind: ElementKind, turn: f64, frame: &Frame) -> bool {
    let Some(Value::Text(text)) = e.attrs.get("text") else {
        return false;
    };
    let Some(Value::Box(b)) = e.attrs.get("box") else {
        return false;
    };
    let rotation = match e.attrs.get("rotation") {
        Some(Value::Angle(r)) => *r,
        _ => 0.0,
    };
    let off = super::geometry::turn(rotation, turn);
    let plain = !matches!(e.attrs.get("arrow"), Some(Value::Flag(true)))
        && !e.attrs.contains_key("frame")
        && !e.attrs.contains_key("frame_color");
    if !plain || text.trim().is_empty() || off > 1.0 {
        return false;
    }
    let [x0, y0] = frame.unit([b[0], b[1]]);
    let [x1, y1] = frame.unit([b[2], b[3]]);
    let (x0, x1, y0, y1) = (x0.min(x1), x0.max(x1), y0.min(y1), y0.max(y1));
    let centred = |lo: f64, hi: f64| ((lo + hi) / 2.0 - 0.5).abs() <= MIDDLE;
    match kind {
        ElementKind::Title => centred(x0, x1) && (1.0..=1.0 + REACH).contains(&y0),
        ElementKind::Xlabel => centred(x0, x1) && (-REACH..=0.0).contains(&y1),
        ElementKind::Ylabel => centred(y0, y1) && (-REACH..=0.0).contains(&x1),
        _ => false,
    }
}

/// The text `e` as the `kind` label: what a label is read for, no place.
fn become_label(e: &mut Element, kind: ElementKind) {
    e.kind = kind;
    e.key = None;
    e.at = NOWHERE;
    e.ordinal = 0;
    e.attrs
        .retain(|k, _| matches!(k.as_str(), "text" | "size" | "color" | "weight"));
}

#[cfg(test)]
mod tests {
    use crate::brief::Brief;
    use crate::element::{ElementKind, Family};
    use crate::score::compare_generation_in;
    use crate::tolerance::Tolerances;
    use plotgrade_model::scene::{Axes, Figure, Scene, Text};

    fn text(s: &str, at: [f64; 2], half: [f64; 2], rotation: f64) -> Text {
        Text {
            text: s.into(),
            x: at[0],
            y: at[1],
            r#box: [
                at[0] - half[0],
                at[1] - half[1],
                at[0] + half[0],
                at[1] + half[1],
            ],
            color: "#000000ff".into(),
            size: 12.0,
            rotation,
            weight: "normal".into(),
            ..Text::default()
        }
    }

    fn volume() -> Text {
        text("Volume (m^3)", [5.0, -1.0], [1.2, 0.25], 0.0)
    }

    fn pressure() -> Text {
        text("Pressure (Pa)", [-1.0, 5.0], [0.2, 1.5], 90.0)
    }

    /// One axes on [0, 10]², its axis drawn, with these texts and axis labels.
    fn axes(texts: Vec<Text>, xlabel: &str, ylabel: &str) -> Scene {
        let look = |s: &str, v: &str| {
            if s.is_empty() {
                String::new()
            } else {
                v.into()
            }
        };
        let ax = Axes {
            axis_on: true,
            xlim: [0.0, 10.0],
            ylim: [0.0, 10.0],
            xscale: "linear".into(),
            yscale: "linear".into(),
            xlabel: xlabel.into(),
            ylabel: ylabel.into(),
            xlabel_size: 12.0,
            ylabel_size: 12.0,
            xlabel_color: look(xlabel, "#000000ff"),
            ylabel_color: look(ylabel, "#000000ff"),
            xlabel_weight: look(xlabel, "normal"),
            ylabel_weight: look(ylabel, "normal"),
            texts,
            ..Axes::default()
        };
        Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![ax],
                ..Figure::default()
            }],
        }
    }

    fn f1(generated: &Scene, reference: &Scene, brief: &Brief) -> f64 {
        compare_generation_in(generated, reference, brief, &Tolerances::default()).f1
    }

    fn brief() -> Brief {
        Brief::of(
            "A pressure-volume diagram with its axis titles.",
            "function",
        )
    }

    /// realsrc-s, round 23: axis titles written as texts left of and below the axes
    /// (the reference) are the axis labels `ylabel` and `xlabel` draw there (an honest
    /// answer failed).
    #[test]
    fn a_text_standing_where_an_axis_label_stands_is_that_label() {
        let texts = axes(vec![volume(), pressure()], "", "");
        let labels = axes(vec![], "Volume (m^3)", "Pressure (Pa)");
        assert_eq!(f1(&labels, &texts, &brief()), 1.0);
        assert_eq!(f1(&texts, &labels, &brief()), 1.0);
        let other = axes(vec![], "Volume (m^3)", "Pressure");
        assert!(f1(&other, &texts, &brief()) < 1.0, "another title");
    }

    /// Low on the left, lying flat, or beside another text: a text, not the label.
    #[test]
    fn a_text_elsewhere_or_not_alone_stays_a_text() {
        let labels = axes(vec![], "Volume (m^3)", "Pressure (Pa)");
        let low = text("Pressure (Pa)", [-1.0, 2.0], [0.2, 1.5], 90.0);
        let flat = text("Pressure (Pa)", [-1.0, 5.0], [1.5, 0.2], 0.0);
        for moved in [low, flat] {
            let f = f1(&axes(vec![volume(), moved], "", ""), &labels, &brief());
            assert!(f < 1.0, "{f}");
        }
        let beside = text("(kPa)", [-1.8, 5.0], [0.2, 0.5], 90.0);
        let two = axes(vec![volume(), pressure(), beside], "", "");
        assert!(f1(&two, &labels, &brief()) < 1.0);
    }

    /// What the task says of its texts holds, drawn either way: a box (a label has
    /// none) and a size.
    #[test]
    fn the_task_s_words_about_its_texts_hold_for_their_stand_ins() {
        let labels = axes(vec![], "Volume (m^3)", "Pressure (Pa)");
        let texts = axes(vec![volume(), pressure()], "", "");
        let boxed = Brief::of(
            "Write the axis titles in a light grey box with rounded corners.",
            "function",
        );
        assert!(f1(&texts, &labels, &boxed) < 1.0);
        let sized = Brief::of(
            "Write the axis titles as plain text at (5, -1) and (-1, 5), in font size 12.",
            "function",
        );
        assert!(sized.fixes(ElementKind::Text, Family::Size));
        assert_eq!(f1(&texts, &labels, &sized), 1.0);
        let mut small = texts.clone();
        small.figures[0].axes[0].texts[1].size = 9.0;
        assert!(f1(&small, &labels, &sized) < 1.0);
    }
}
