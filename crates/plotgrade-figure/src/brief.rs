//! What the figure channel knows of a task besides its scenes: whether it is a geometry
//! figure (read as edges and points), and which style families its instruction fixes.
//!
//! The rule (docs/scoring.md, "Strict where the task is strict"): a style attribute (a
//! colour, a line style, a marker, a width, a font size, a rotation, an arrow, a grid,
//! the axis limits) counts against an element only where the task fixes it — the
//! instruction names it for that kind of element ("a red dashed line", "bars in colour
//! #4C72B0", "a light grid"), or, in an edit, the element is one the original already
//! draws. Otherwise a difference is a note with a small effect on the 1–10 score.
//!
//! Reading the instruction is a small keyword reader, written by hand: the instructions
//! are one or two sentences, and what matters is which words name a style and which
//! name an element in the same clause. Over-reading is harmless (the reference follows
//! the instruction, so a fixed attribute compares equal for a correct answer);
//! under-reading lets a style the task asked for go unchecked, so the word lists are
//! generous.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::element::{ElementKind, Family};
use super::tolerance::{Tolerances, as_written, canonical_text, hue};

/// What the figure channel knows of one task.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Brief {
    /// A geometry figure: polylines and polygons are read as their edges (see
    /// `canonical.rs`), so a triangle is its three sides however it was stroked.
    pub geometry: bool,
    /// A function plot: a short polyline without markers is read as its pieces, as a
    /// piecewise graph drawn segment by segment is (see `shapes.rs`).
    #[serde(default)]
    pub function: bool,
    /// The style families the instruction fixes, per kind of element.
    pub fixed: BTreeSet<(ElementKind, Family)>,
    /// Where the instruction first describes the figure and then asks for the edit, the
    /// families its request alone fixes: an element the edit adds is held to these, not
    /// to the styles the description gives the original's elements ("a blue dashed
    /// line with round dots … Draw a horizontal line at the yearly mean": the mean line's
    /// style is free; realsrc-z, round 29). `None`: no description before the request.
    #[serde(default)]
    pub added_fixed: Option<BTreeSet<(ElementKind, Family)>>,
    /// Widths the instruction fixes in words only ("a thin black line", "thick"), per
    /// kind: any thin (or thick) width is that width (see [`Brief::same_width`]).
    #[serde(default)]
    pub widths_in_words: BTreeSet<(ElementKind, Thickness)>,
    /// Texts the instruction places by number in a frame the scene measures ("right-
    /// aligned at 95% of the axes width", "1 unit above the cap", "1.1 × radius"), as
    /// canonical texts: their place is compared within the placed-text tolerance, not
    /// the label tolerance, and being next to the same element is not enough. Offsets in
    /// points ("about 8 points to the right") are not among them: a text's place is read
    /// in data units and axes fractions, which a free layout choice (`tight_layout`, the
    /// figure size) moves a points offset in by more than the tolerance.
    pub placed: BTreeSet<String>,
    /// Such a sentence quotes no text ("each value 0.5 units above its bar"): every text
    /// is placed by number.
    pub placed_all: bool,
    /// The instruction fixes how numbers are written ("rounded to two decimal places",
    /// "whole-number percentages", a quoted label with a number in it): texts compare
    /// their numbers as written. Otherwise `2`, `2.0` and `2.00` are one number.
    #[serde(default)]
    pub formats: bool,
    /// Texts the instruction quotes with a digit in them, as written: each such text
    /// compares its numbers as written even where the format of the others is free
    /// (`Tolerances::written`).
    #[serde(default)]
    pub written: BTreeSet<String>,
    /// The instruction places texts in words ("inside angle ABC", "just below the
    /// point", "outside, next to side AB"): a text's side of what it labels is part of
    /// its place (`anchor.rs`). Otherwise a label may sit on any side of its element.
    #[serde(default)]
    pub sides: bool,
    /// Of those words, "above"/"below" (`.0`) and "left"/"right" (`.1`).
    #[serde(default)]
    pub directions: (bool, bool),
    /// The directions each text is given on its own, where the instruction lists them
    /// ("A above and to the left of its corner, B just right of its corner, C just below
    /// its corner"): B's height and C's left or right are free, whatever the others say
    /// (realsrc-o, round 18). Keyed by canonical text; other texts take `directions`.
    #[serde(default)]
    pub directions_of: BTreeMap<String, (bool, bool)>,
    /// Colour families the instruction names by a plain word ("a grey dashed line", "in
    /// red"), in a sentence that gives no exact colour (a hex code, a `tab:` name, a
    /// quoted name): any clear member of the family is that colour (`tolerance::hue`).
    #[serde(default)]
    pub hues: BTreeSet<String>,
    /// Basic colour names the instruction quotes ('gray', 'orange'), as the `#rrggbbff`
    /// matplotlib draws them: a recolour to one of them is done by any clear shade of its
    /// family ([`Brief::recoloured_as_named`]).
    #[serde(default)]
    pub quoted_basic: BTreeSet<String>,
    /// Axes (`'x'`, `'y'`) whose tick positions the instruction states ("ticks 1 to 10",
    /// "ticks at every integer except 0"): a generation's ticks there must be the
    /// reference's.
    #[serde(default)]
    pub tick_axes: BTreeSet<char>,
    /// The figure size the instruction states, in inches ("on a 6.4 × 4.8 inch figure",
    /// "figsize=(8, 5)"): a generation drawn at another size draws another picture
    /// (realsrc-q: 8 × 6 where 6.4 × 4.8 was asked, failed by both labellers).
    #[serde(default)]
    pub size_inches: Option<[f64; 2]>,
    /// The tick-label font sizes the instruction states, in points, per axis family
    /// ("tick labels of font size 12"): an answer drawing that size meets the task even
    /// where the reference draws another (realsrc-v: matplotlib drops a size set before
    /// a spine's move rebuilds the ticks, so the reference draws 10 where its task says 12).
    #[serde(default)]
    pub tick_sizes: Vec<(Family, f64)>,
    /// The instruction says labels of the axis stay ("its row and the letter D stay on
    /// the axis", "the category labels remain"): a category label the reference keeps
    /// under an emptied slot is kept by the answer too (`orphans::dropped_categories`).
    #[serde(default)]
    pub keeps_labels: bool,
    /// The instruction speaks of where elements stand ("the other bars stay where they
    /// are, leaving an empty place", "close the gap"): a bar's place along its axis
    /// (`slot`) is compared as the reference has it; elsewhere closing the gap a deleted
    /// bar leaves is as good as keeping it.
    #[serde(default)]
    pub keeps_places: bool,
    /// A sentence about texts says where along something they go ("at its left end,
    /// starting at 0 minutes", "in the middle", "between the bars"): a text by a line
    /// across the axes is held near its place along it (`element::along_one_line`).
    #[serde(default)]
    pub along: bool,
    /// The instruction asks for a slice to be pulled out without saying how far ("pull
    /// the orange slice out a little (explode it)"): any explode of that slice along its
    /// middle, within a factor of [`EXPLODE_RATIO`] of the reference's, is the edit.
    #[serde(default)]
    pub explode_free: bool,
}

/// How much more or less than the reference's an explode the task leaves free may pull
/// its slice out ([`Brief::explode_free`]).
pub const EXPLODE_RATIO: f64 = 3.0;

/// Words that name kinds of elements (each entry: a word stem, the kinds it names).
const NOUNS: &[(&str, &[ElementKind])] = &[
    ("bar", &[ElementKind::Bar]),
    ("column", &[ElementKind::Bar]),
    ("histogram", &[ElementKind::Bar]),
    ("slice", &[ElementKind::Wedge]),
    ("wedge", &[ElementKind::Wedge]),
    ("sector", &[ElementKind::Wedge]),
    ("pie", &[ElementKind::Wedge]),
    ("donut", &[ElementKind::Wedge]),
    (
        "line",
        &[
            ElementKind::Line,
            ElementKind::Segment,
            ElementKind::Reference,
            ElementKind::Polygon,
        ],
    ),
    ("curve", &[ElementKind::Line]),
    ("graph", &[ElementKind::Line]),
    // A series is a line's points or a bar chart's bars ("the 'Water Freight' series (its
    // four bars …)").
    (
        "series",
        &[ElementKind::Line, ElementKind::Point, ElementKind::Bar],
    ),
    ("plot", &[ElementKind::Line]),
    ("stem", &[ElementKind::Line, ElementKind::Segment]),
    ("step", &[ElementKind::Line]),
    ("segment", &[ElementKind::Segment]),
    ("side", &[ElementKind::Segment]),
    ("median", &[ElementKind::Segment]),
    ("altitude", &[ElementKind::Segment]),
    ("bisector", &[ElementKind::Segment]),
    ("diagonal", &[ElementKind::Segment]),
    ("midline", &[ElementKind::Segment]),
    ("parallel", &[ElementKind::Segment]),
    ("perpendicular", &[ElementKind::Segment]),
    ("chord", &[ElementKind::Segment]),
    ("edge", &[ElementKind::Segment, ElementKind::Polygon]),
    ("whisker", &[ElementKind::Segment, ElementKind::Line]),
    ("error", &[ElementKind::Segment, ElementKind::Line]),
    ("point", &[ElementKind::Point, ElementKind::Line]),
    ("marker", &[ElementKind::Point, ElementKind::Line]),
    ("dot", &[ElementKind::Point]),
    ("scatter", &[ElementKind::Point]),
    ("vertex", &[ElementKind::Point]),
    ("vertices", &[ElementKind::Point]),
    // Before "label": "axis labels 'x' and 'y' (font size 14)" names the axis labels.
    ("axis label", &[ElementKind::Xlabel, ElementKind::Ylabel]),
    ("x-axis label", &[ElementKind::Xlabel]),
    ("x label", &[ElementKind::Xlabel]),
    ("y label", &[ElementKind::Ylabel]),
    ("y-axis label", &[ElementKind::Ylabel]),
    ("label", &[ElementKind::Text]),
    ("write", &[ElementKind::Text]),
    ("written", &[ElementKind::Text]),
    ("mark", &[ElementKind::Point]),
    ("text", &[ElementKind::Text]),
    ("annotat", &[ElementKind::Text]),
    ("value", &[ElementKind::Text]),
    ("percent", &[ElementKind::Text]),
    ("number", &[ElementKind::Text]),
    ("letter", &[ElementKind::Text]),
    ("coordinate", &[ElementKind::Text]),
    ("note", &[ElementKind::Text]),
    ("measure", &[ElementKind::Text]),
    ("length", &[ElementKind::Text]),
    ("equation", &[ElementKind::Text]),
    ("title", &[ElementKind::Title, ElementKind::Suptitle]),
    ("legend", &[ElementKind::Legend]),
    ("background", &[ElementKind::Axes]),
    ("tick", &[ElementKind::Tick, ElementKind::Axes]),
    ("axis", &[ElementKind::Reference, ElementKind::Axes]),
    ("axes", &[ElementKind::Reference, ElementKind::Axes]),
    ("origin", &[ElementKind::Reference]),
    ("circle", &[ElementKind::Circle]),
    ("arc", &[ElementKind::Arc]),
    ("polygon", &[ElementKind::Polygon, ElementKind::Segment]),
    ("triangle", &[ElementKind::Polygon, ElementKind::Segment]),
    ("rectangle", &[ElementKind::Polygon, ElementKind::Segment]),
    ("square", &[ElementKind::Polygon, ElementKind::Segment]),
    (
        "quadrilateral",
        &[ElementKind::Polygon, ElementKind::Segment],
    ),
    ("region", &[ElementKind::Polygon]),
    ("area", &[ElementKind::Polygon]),
    ("fill", &[ElementKind::Polygon]),
    (
        "layer",
        &[ElementKind::Polygon, ElementKind::Bar, ElementKind::Line],
    ),
    ("stack", &[ElementKind::Polygon, ElementKind::Bar]),
    ("band", &[ElementKind::Polygon]),
    ("box", &[ElementKind::Polygon, ElementKind::Segment]),
    ("violin", &[ElementKind::Polygon]),
    ("cell", &[ElementKind::Text, ElementKind::Artist]),
];

/// Named colours people write (and matplotlib knows), besides `#rrggbb` and `tab:…`.
const COLOURS: &[&str] = &[
    "red",
    "blue",
    "green",
    "black",
    "white",
    "gray",
    "grey",
    "orange",
    "purple",
    "yellow",
    "pink",
    "brown",
    "cyan",
    "magenta",
    "navy",
    "teal",
    "olive",
    "maroon",
    "gold",
    "violet",
    "indigo",
    "crimson",
    "coral",
    "salmon",
    "turquoise",
    "lime",
    "silver",
    "darkred",
    "darkblue",
    "darkgreen",
    "lightblue",
    "lightgreen",
    "lightgray",
    "lightgrey",
    "skyblue",
    "steelblue",
    "tomato",
    "orchid",
    "khaki",
    "beige",
    "tan",
    "colour",
    "color",
    "colored",
    "coloured",
];

/// Words that fix a family (matched as word stems), and the families they fix.
const STYLES: &[(&str, Family)] = &[
    ("dash", Family::Linestyle),
    ("dotted", Family::Linestyle),
    ("solid", Family::Linestyle),
    ("linestyle", Family::Linestyle),
    ("marker", Family::Marker),
    ("'o'", Family::Marker),
    ("'s'", Family::Marker),
    ("'^'", Family::Marker),
    ("'x'", Family::Marker),
    ("'d'", Family::Marker),
    ("width", Family::Width),
    ("thick", Family::Width),
    ("thin", Family::Width),
    ("font size", Family::Size),
    ("fontsize", Family::Size),
    ("bold", Family::Weight),
    ("italic", Family::Weight),
    ("rotat", Family::Rotation),
    ("vertical text", Family::Rotation),
    ("arrow", Family::Arrow),
    ("grid", Family::Grid),
    ("upper", Family::Placement),
    // "a legend outside the plot, to the right of it and centred vertically": where a
    // legend (or a bar) sits, not only which corner.
    ("outside", Family::Placement),
    ("centred", Family::Placement),
    ("centered", Family::Placement),
    ("lower", Family::Placement),
    ("corner", Family::Placement),
    ("loc", Family::Placement),
    ("column", Family::Placement),
    ("ncol", Family::Placement),
    // The box around a text ("in a light grey box with rounded corners"): its style and
    // its fill; a background only its fill ("on a small white background").
    ("box", Family::TextBox),
    ("box", Family::TextFill),
    ("background", Family::TextFill),
    ("tick", Family::Ticks),
    ("spine", Family::Frame),
    ("edge", Family::Edge),
    ("outline", Family::Edge),
    ("border", Family::Edge),
    ("inward", Family::Ticks),
    ("outward", Family::Ticks),
    ("xlim", Family::XLimits),
    ("ylim", Family::YLimits),
    ("on top", Family::Layer),
    ("in front", Family::Layer),
    ("zorder", Family::Layer),
];

/// Grid and limits are about the axes whatever else a clause names; "a point drawn on top
/// of the curve" names the curve it is over: the layer is the points'.
fn axes_and_layer(families: &[Family]) -> Vec<(ElementKind, Family)> {
    let mut out = Vec::new();
    for f in families {
        if matches!(
            f,
            Family::Grid | Family::Ticks | Family::Frame | Family::XLimits | Family::YLimits
        ) {
            out.push((ElementKind::Axes, *f));
        }
        if *f == Family::Layer {
            out.push((ElementKind::Point, *f));
        }
    }
    out
}

/// Each family a clause names fixed for each kind it is about. A colour word right before
/// a noun ("the red curve", "a grey label") describes that noun's elements, not the
/// clause's others: "write the peak value of the red curve" fixes the curve's colour, not
/// the value's. "thin"/"thick" with no number and no "width" is a kind of width, not one.
fn fix_styles(
    kinds: &[ElementKind],
    families: &[Family],
    words: &[&str],
    fixed: &mut BTreeSet<(ElementKind, Family)>,
    widths_in_words: &mut BTreeSet<(ElementKind, Thickness)>,
) {
    let colour_of = colour_targets(words);
    let in_words = thickness_word(words);
    for k in kinds {
        for f in families {
            if *f == Family::Width
                && let Some(t) = in_words
            {
                widths_in_words.insert((*k, t));
                continue;
            }
            if *f == Family::Color
                && let Some(targets) = &colour_of
                && !targets.contains(k)
            {
                continue;
            }
            fixed.insert((*k, *f));
        }
    }
}

/// Style families fixed per kind of element.
type Fixed = BTreeSet<(ElementKind, Family)>;

/// The style families `text` (lower case) fixes per kind of element, and the widths it
/// names in words: clause by clause (see [`Brief::fixed`]).
fn fixed_by(text: &str) -> (Fixed, BTreeSet<(ElementKind, Thickness)>) {
    let mut fixed: BTreeSet<(ElementKind, Family)> = stated_tick_sizes(text)
        .iter()
        .map(|&(f, _)| (ElementKind::Axes, f))
        .collect();
    let mut widths_in_words = BTreeSet::new();
    let mut last_kinds: Vec<ElementKind> = Vec::new();
    let mut recent: std::collections::VecDeque<Vec<ElementKind>> = Default::default();
    // The kinds named by a run of clauses joined by " and " ("the x label 'Time' and
    // the title 'Gantt Chart'"), for a style in parentheses after it: "(font size 20)"
    // is both's (realsrc-y, round 28).
    let mut listed: Vec<ElementKind> = Vec::new();
    for (clause, joined) in clauses_joined(text) {
        let words = words(&clause);
        // The elements a clause is about: its nouns, less those that only say where
        // ("in blue just above its point": the point is where the value goes).
        let subjects = without_landmarks(&words);
        let mut kinds: Vec<ElementKind> = NOUNS
            .iter()
            .filter(|(stem, _)| mentions(&clause, &subjects, stem))
            .flat_map(|(_, k)| k.iter().copied())
            .collect();
        let families = families(&clause, &words);
        // The elements the last few clauses named, for a style compared with another
        // element's (below).
        let named_here = kinds.clone();
        list(&mut listed, &kinds, joined);
        // "Write the total …, in a light grey box with rounded corners": the box is
        // the text's (its style and fill are the text's box's).
        if (families.contains(&Family::TextBox) || families.contains(&Family::TextFill))
            && last_kinds.contains(&ElementKind::Text)
        {
            kinds.push(ElementKind::Text);
        }
        if families.is_empty() {
            if !kinds.is_empty() {
                last_kinds = kinds;
            }
            remember(&mut recent, named_here);
            continue;
        }
        // A style named without its element ("…, dashed") belongs to the element of
        // the clause before it; one compared with another's ("…, of the same width as
        // the segments") to both (issue #25: a circle "of the same width as the
        // segments", drawn thinner, passed).
        if kinds.is_empty() {
            kinds = unnamed(&families, &listed, &last_kinds);
        } else if words.contains(&"same") && words.contains(&"as") {
            kinds.extend(recent.iter().flatten().copied());
        }
        fixed.extend(axes_and_layer(&families));
        if kinds.is_empty() {
            // No element named anywhere near: the style is fixed for every element.
            kinds = ALL_KINDS.to_vec();
        }
        fix_styles(&kinds, &families, &words, &mut fixed, &mut widths_in_words);
        last_kinds = kinds;
        remember(&mut recent, named_here);
    }
    (fixed, widths_in_words)
}

impl Brief {
    /// Read what `instruction` fixes; `figure_type` names the task's kind of figure.
    pub fn of(instruction: &str, figure_type: &str) -> Brief {
        let text = instruction.to_lowercase();
        let tick_sizes = stated_tick_sizes(&text);
        let (fixed, widths_in_words) = fixed_by(&text);
        // What the request fixes of the elements an edit adds, where the instruction
        // first describes the original ("… drawn as a blue dashed line …. Draw a
        // horizontal line at the mean …"): the description's styles are the original's.
        let added_fixed = request_part(instruction).map(|(before, request)| {
            let request = without_named_colours(&request.to_lowercase(), &before.to_lowercase());
            fixed_by(&request).0
        });
        let (placed, placed_all) = placed_texts(instruction);
        Brief {
            geometry: figure_type == "geometry",
            function: figure_type == "function",
            fixed,
            added_fixed,
            widths_in_words,
            placed,
            placed_all,
            formats: fixes_number_format(instruction),
            written: sentences(instruction)
                .iter()
                .flat_map(|s| quoted(s))
                .filter(|q| q.chars().any(|c| c.is_ascii_digit()))
                .map(|q| as_written(&q))
                .collect(),
            sides: places_in_words(instruction),
            directions: directions_in_words(instruction),
            directions_of: directions_per_text(instruction),
            hues: named_hues(instruction),
            quoted_basic: quoted_basic_colours(instruction),
            tick_axes: stated_tick_axes(&text),
            size_inches: stated_size(instruction),
            tick_sizes: tick_sizes
                .into_iter()
                .filter_map(|(f, size)| Some((f, size?)))
                .collect(),
            keeps_labels: keeps_labels(&text),
            keeps_places: keeps_places(&text),
            along: places_along(instruction),
            explode_free: explode_free(instruction),
        }
    }

    /// Whether the instruction states `size` points for the tick labels of `family`'s axis.
    pub fn states_tick_size(&self, family: Family, size: f64) -> bool {
        self.tick_sizes
            .iter()
            .any(|&(f, s)| f == family && (s - size).abs() < 0.05)
    }

    /// Whether colours `a` and `b` (`#rrggbbaa`) are both clear members of a family the
    /// instruction names.
    pub fn same_hue(&self, a: &str, b: &str) -> bool {
        match (hue(a), hue(b)) {
            (Some(x), Some(y)) => x == y && self.hues.contains(x),
            _ => false,
        }
    }

    /// Whether a recolour from `old` to `new` does what a reference recolour to `want`
    /// does: `want` is a basic colour the instruction quotes ('gray') or of a family it
    /// names in words ("to grey"), `new` a clear shade of that family ('darkgray') and `old`
    /// not of that family. Two sets' labellers passed
    /// 'darkgray' for 'gray' and 'darkorange' for 'orange' (realsrc-k, realsrc-l); a
    /// change to a named shade ('darkgray') stays exact, and an element that was already
    /// of the family must still be given the colour asked.
    pub fn recoloured_as_named(&self, old: &str, new: &str, want: &str) -> bool {
        let want = want.to_ascii_lowercase();
        hue(new).is_some_and(|f| {
            (self.quoted_basic.contains(&want) || self.hues.contains(f))
                && hue(&want) == Some(f)
                && hue(old) != Some(f)
        })
    }

    /// `tol` as this task compares: numbers as written where it fixes their format, sides
    /// held where it places texts in words.
    pub fn tolerances(&self, tol: &Tolerances) -> Tolerances {
        Tolerances {
            numbers_as_written: tol.numbers_as_written || self.formats,
            sides_fixed: tol.sides_fixed || self.sides,
            vertical_fixed: tol.vertical_fixed || self.directions.0,
            horizontal_fixed: tol.horizontal_fixed || self.directions.1,
            along_fixed: tol.along_fixed || self.along,
            directions_of: self.directions_of.clone(),
            written: tol.written.union(&self.written).cloned().collect(),
            ..tol.clone()
        }
    }

    /// Whether widths `a` and `b` (points) are both what the instruction asks of `kind` in
    /// words: both thin (at most [`THIN`]) for "a thin line", both thick (at least
    /// [`THICK`]) for "thick".
    pub fn same_width(&self, kind: ElementKind, a: f64, b: f64) -> bool {
        let both = |ok: &dyn Fn(f64) -> bool| ok(a) && ok(b);
        (self.widths_in_words.contains(&(kind, Thickness::Thin)) && both(&|w| w <= THIN))
            || (self.widths_in_words.contains(&(kind, Thickness::Thick)) && both(&|w| w >= THICK))
    }

    /// Whether the task names in words the kind of width a reference element of `kind`
    /// drawn `width` points wide has: "thin black lines" are about the lines the
    /// reference draws thin, not a curve it draws 2 points wide in the same figure
    /// (issue #25, round 13: the axes' "thin" fixed the curve's width too).
    pub fn names_width_of(&self, kind: ElementKind, width: f64) -> bool {
        (self.widths_in_words.contains(&(kind, Thickness::Thin)) && width <= THIN)
            || (self.widths_in_words.contains(&(kind, Thickness::Thick)) && width >= THICK)
    }

    /// Whether the task fixes `family` for elements of `kind`.
    /// This brief as it holds an element the edit adds ([`Brief::added_fixed`]).
    pub fn for_added(&self) -> std::borrow::Cow<'_, Brief> {
        match &self.added_fixed {
            Some(fixed) => std::borrow::Cow::Owned(Brief {
                fixed: fixed.clone(),
                ..self.clone()
            }),
            None => std::borrow::Cow::Borrowed(self),
        }
    }

    pub fn fixes(&self, kind: ElementKind, family: Family) -> bool {
        self.fixed.contains(&(kind, family))
    }

    /// Whether the instruction places the text `text` by number.
    pub fn places(&self, text: &str) -> bool {
        self.placed_all || self.placed.contains(&canonical_text(text))
    }
}

/// The words of a clause, keeping what colours and quotes are written with.
/// Keep the elements the last four clauses named.
fn remember(recent: &mut std::collections::VecDeque<Vec<ElementKind>>, named: Vec<ElementKind>) {
    if !named.is_empty() {
        recent.push_back(named);
        if recent.len() > 4 {
            recent.pop_front();
        }
    }
}

/// The run of kinds named by clauses joined by " and ": `kinds` starts one, or, after
/// " and ", adds to it.
fn list(listed: &mut Vec<ElementKind>, kinds: &[ElementKind], joined: bool) {
    if kinds.is_empty() {
        return;
    }
    if !joined {
        listed.clear();
    }
    listed.extend(kinds.iter().copied());
}

/// The kinds a style named without its element belongs to: the last clause's, or a
/// font size's after a list, everything listed ("… and the title 'Gantt Chart' (font
/// size 20)").
fn unnamed(families: &[Family], listed: &[ElementKind], last: &[ElementKind]) -> Vec<ElementKind> {
    if families == [Family::Size] && listed.len() > last.len() {
        listed.to_vec()
    } else {
        last.to_vec()
    }
}

/// Whether a (lower-case) instruction speaks of where elements stand: "stay where they
/// are", "in place", a gap or an empty place left or closed.
fn keeps_places(text: &str) -> bool {
    const PLACE: &[&str] = &[
        "where they are",
        "where it is",
        "where they were",
        "in place",
        "in their place",
        "in its place",
        "empty place",
        "empty slot",
        "a gap",
        "the gap",
    ];
    PLACE.iter().any(|p| text.contains(p))
}

/// Whether a (lower-case) instruction says an axis' labels stay: a sentence or clause
/// between semicolons with a verb of staying and a word for a category label.
fn keeps_labels(text: &str) -> bool {
    const STAY: &[&str] = &[
        "stay", "stays", "remain", "remains", "keep", "keeps", "kept",
    ];
    const LABEL: &[&str] = &[
        "row",
        "rows",
        "letter",
        "letters",
        "label",
        "labels",
        "tick",
        "ticks",
        "category",
        "categories",
    ];
    text.split(['.', ';']).any(|part| {
        let w = words(part);
        w.iter().any(|x| STAY.contains(x)) && w.iter().any(|x| LABEL.contains(x))
    })
}

fn words(clause: &str) -> Vec<&str> {
    clause
        .split(|c: char| !(c.is_alphanumeric() || c == '#' || c == '\'' || c == ':' || c == '^'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The tick-label font sizes a (lower-case) instruction states: "month names as x-axis
/// tick labels (font size 13)", "tick labels of font size 12". A clause about tick labels
/// that gives a font size, or is followed by one that does (a parenthesis is a clause of
/// its own); of the axis it names, else of both. Each with the size in points, where a
/// number follows the word "size" in that clause or the next.
fn stated_tick_sizes(text: &str) -> Vec<(Family, Option<f64>)> {
    let all = clauses(text);
    let sized = |c: &str| c.contains("font") || c.contains("size");
    let mut out = Vec::new();
    for (i, clause) in all.iter().enumerate() {
        let about = ["tick label", "ticklabel", "tick font", "labelsize"]
            .iter()
            .any(|w| clause.contains(w));
        let next_sizes = all.get(i + 1).is_some_and(|n| {
            sized(n) && n.chars().any(|c| c.is_ascii_digit()) && !n.contains("label")
        });
        if !about || !(sized(clause) || next_sizes) {
            continue;
        }
        let x = ["x-axis", "x axis", "x tick", "horizontal axis"]
            .iter()
            .any(|w| clause.contains(w));
        let y = ["y-axis", "y axis", "y tick", "vertical axis"]
            .iter()
            .any(|w| clause.contains(w));
        let points = size_after(clause).or_else(|| all.get(i + 1).and_then(|n| size_after(n)));
        if x || !y {
            out.push((Family::XTickSize, points));
        }
        if y || !x {
            out.push((Family::YTickSize, points));
        }
    }
    out
}

/// The number right after the word "size" in `clause` ("font size 12", "size: 13 pt",
/// "a size of 11").
fn size_after(clause: &str) -> Option<f64> {
    let rest = &clause[clause.find("size")? + "size".len()..];
    let rest = rest.trim_start_matches([' ', ':', '=']);
    let rest = rest.strip_prefix("of ").unwrap_or(rest).trim_start();
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    digits.trim_end_matches('.').parse().ok()
}

/// The figure size an instruction states, in inches: "a 6.4 × 4.8 inch figure", "8 by 5
/// inches", "an 8x5-inch canvas", "figsize=(8, 5)". The first one stated.
fn stated_size(instruction: &str) -> Option<[f64; 2]> {
    let text = instruction
        .to_lowercase()
        .replace('×', " x ")
        .replace("-inch", " inch")
        .replace(['(', ')', ',', '='], " ");
    let tokens: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_end_matches(['.', ';', ':']))
        .collect();
    let number = |w: &str| w.parse::<f64>().ok().filter(|v| *v > 0.0 && v.is_finite());
    // "8x5" as one word.
    let pair = |w: &str| {
        let (a, b) = w.split_once('x')?;
        Some([number(a)?, number(b)?])
    };
    for (k, w) in tokens.iter().enumerate() {
        if w.starts_with("figsize") {
            if let (Some(a), Some(b)) = (
                tokens.get(k + 1).and_then(|w| number(w)),
                tokens.get(k + 2).and_then(|w| number(w)),
            ) {
                return Some([a, b]);
            }
            continue;
        }
        if !(w.starts_with("inch") || *w == "in") || k == 0 {
            continue;
        }
        if let Some(p) = pair(tokens[k - 1]) {
            return Some(p);
        }
        if k >= 3
            && matches!(tokens[k - 2], "x" | "by" | "*")
            && let (Some(a), Some(b)) = (number(tokens[k - 3]), number(tokens[k - 1]))
        {
            return Some([a, b]);
        }
    }
    None
}

/// The axes whose tick positions a (lower-case) instruction states: a clause about ticks
/// that gives numbers or "every integer" ("with ticks 1 to 10", "ticks at every integer
/// except 0"), not one about their look (rotation, size, direction). The clause's axis,
/// else both.
fn stated_tick_axes(text: &str) -> BTreeSet<char> {
    const LOOK: &[&str] = &[
        "rotat",
        "font",
        "size",
        "inward",
        "outward",
        "length",
        "direction",
        "degree",
        "°",
        "no tick",
        "without tick",
        "hide",
        "hidden",
    ];
    let mut out = BTreeSet::new();
    for clause in clauses(text) {
        let positions = clause.chars().any(|c| c.is_ascii_digit()) || clause.contains("integer");
        if !clause.contains("tick") || !positions || LOOK.iter().any(|w| clause.contains(w)) {
            continue;
        }
        let x = ["x-axis", "x axis", "horizontal axis"]
            .iter()
            .any(|w| clause.contains(w));
        let y = ["y-axis", "y axis", "vertical axis"]
            .iter()
            .any(|w| clause.contains(w));
        if x || !y {
            out.insert('x');
        }
        if y || !x {
            out.insert('y');
        }
    }
    out
}

/// A clause's words without the nouns a placement word introduces ("above its point",
/// "inside each slice", "next to side AB"): those name where something goes, not what
/// the clause's style is about. Multi-word nouns (`mentions` finds them in the clause)
/// are not affected.
fn without_landmarks<'a>(words: &[&'a str]) -> Vec<&'a str> {
    const PLACES: &[&str] = &[
        "above", "below", "under", "beneath", "over", "beside", "near", "inside", "outside",
        "within",
    ];
    // "left of", "right of", "next to": a place only with their preposition ("a right
    // angle" is an element).
    const PLACES_WITH: &[&str] = &["left", "right", "next"];
    const SKIP: &[&str] = &[
        "to", "of", "its", "the", "each", "every", "their", "a", "an", "that", "this", "his", "her",
    ];
    let mut out = Vec::with_capacity(words.len());
    let mut after_place = false;
    for (i, &w) in words.iter().enumerate() {
        let next = words.get(i + 1).copied();
        if PLACES.contains(&w) || (PLACES_WITH.contains(&w) && matches!(next, Some("of" | "to"))) {
            after_place = true;
            out.push(w);
        } else if after_place && SKIP.contains(&w) {
            out.push(w);
        } else if after_place {
            after_place = false; // the landmark itself: left out
        } else {
            out.push(w);
        }
    }
    out
}

/// Whether a clause mentions `stem`: a word starting with it, or the phrase (or quoted
/// text) anywhere in the clause.
fn mentions(clause: &str, words: &[&str], stem: &str) -> bool {
    if stem.contains(' ') || stem.starts_with('\'') {
        clause.contains(stem)
    } else {
        words.iter().any(|w| w.starts_with(stem))
    }
}

/// The style families a clause names: the words of [`STYLES`], limits of the axis it
/// names ("x-axis limits", else of both), and colours.
fn families(clause: &str, words: &[&str]) -> Vec<Family> {
    let has = |stem: &str| mentions(clause, words, stem);
    let mut families: Vec<Family> = STYLES
        .iter()
        .filter(|(stem, _)| has(stem))
        .map(|(_, f)| *f)
        .collect();
    // "x-axis limits -5 to 5", "a y range of 0–850", "the y-axis running from 0 to 850".
    let runs = [
        "running from",
        "runs from",
        "run from",
        "going from",
        "goes from",
        "spanning",
        "extending from",
    ]
    .iter()
    .any(|w| clause.contains(w));
    // "each 0.6 wide": a number then "wide" sizes the elements named (a figure "8 inches
    // wide" puts a unit between them, and sizes nothing a reader compares).
    let wide = words
        .windows(2)
        .any(|w| w[1] == "wide" && w[0].parse::<f64>().is_ok());
    if wide && !families.contains(&Family::Width) {
        families.push(Family::Width);
    }
    // "12 pt", "14pt": a size in points. "pt" alone is no unit: "between PT and PQ" names
    // the segment PT (realsrc-o, round 18: it fixed every text's font size).
    let number = |w: &str| w.parse::<f64>().is_ok();
    let points = words
        .windows(2)
        .any(|w| matches!(w[1], "pt" | "pts") && number(w[0]))
        || words
            .iter()
            .any(|w| w.strip_suffix("pt").is_some_and(number));
    if points && !families.contains(&Family::Size) {
        families.push(Family::Size);
    }
    // "the axes have equal scales and run from −1.45 to 1.45 both ways": the clause after
    // " and " names no axis, "both ways" names both.
    let axes_named = has("axis") || has("axes") || clause.contains("both ways");
    if has("limit") || (has("range") || runs) && axes_named {
        let x =
            clause.contains("x-axis") || clause.contains("x axis") || clause.contains("x-limit");
        let y =
            clause.contains("y-axis") || clause.contains("y axis") || clause.contains("y-limit");
        if x || !y {
            families.push(Family::XLimits);
        }
        if y || !x {
            families.push(Family::YLimits);
        }
    }
    let colour = words.iter().any(|w| {
        (w.starts_with('#') && w.len() >= 4)
            || w.starts_with("tab:")
            || COLOURS.contains(w)
            // "colour", "colors", "coloured"; not "Colombia" (mathopeval-mini's pie-12).
            || w.starts_with("colour")
            || w.starts_with("color")
    });
    if colour {
        families.push(Family::Color);
    }
    families
}

/// A width named by a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Thickness {
    Thin,
    Thick,
}

/// The widest line (points) "thin" covers: matplotlib's default line is 1.5, its axis
/// lines and grid 0.8.
pub const THIN: f64 = 1.2;
/// The narrowest line (points) "thick" covers.
pub const THICK: f64 = 2.0;

/// "thin" or "thick" as a clause's only word for a width (no number, no "width", no
/// "… wide"): the kind of width it names.
fn thickness_word(words: &[&str]) -> Option<Thickness> {
    let has = |w: &str| words.contains(&w);
    let numbered = words
        .windows(2)
        .any(|p| p[1] == "wide" && p[0].parse::<f64>().is_ok());
    if words
        .iter()
        .any(|w| w.starts_with("width") || w.starts_with("linewidth"))
        || numbered
    {
        return None;
    }
    match (has("thin"), has("thick")) {
        (true, false) => Some(Thickness::Thin),
        (false, true) => Some(Thickness::Thick),
        _ => None,
    }
}

/// The kinds of elements the colour words of a clause describe, where each colour word
/// stands right before a noun of [`NOUNS`] ("red curve", "grey dashed line": one style
/// word may come between). `None` where any colour word stands elsewhere ("in red",
/// "colour #1f77b4"): the colour then belongs to the clause's elements.
fn colour_targets(words: &[&str]) -> Option<Vec<ElementKind>> {
    const BETWEEN: &[&str] = &[
        "dashed", "dotted", "solid", "thin", "thick", "light", "dark",
    ];
    let is_colour = |w: &str| COLOURS.contains(&w) || w.starts_with("tab:");
    let noun = |w: &str| -> Option<&'static [ElementKind]> {
        NOUNS
            .iter()
            .find(|(stem, _)| !stem.contains(' ') && w.starts_with(stem))
            .map(|(_, k)| *k)
    };
    let mut targets = Vec::new();
    let mut any = false;
    for (i, w) in words.iter().enumerate() {
        if !is_colour(w) {
            continue;
        }
        any = true;
        let next = |j: usize| words.get(j).copied();
        let kinds = match next(i + 1) {
            Some(n) if noun(n).is_some() => noun(n),
            Some(b) if BETWEEN.contains(&b) => next(i + 2).and_then(noun),
            _ => None,
        }?;
        targets.extend_from_slice(kinds);
    }
    any.then_some(targets)
}

/// Whether a sentence is about texts written on the figure (labels, values, annotations).
fn names_text(lower: &str) -> bool {
    [
        "label",
        "text",
        "write",
        "annotat",
        "mark",
        "value",
        "percentage",
        "coordinates",
        "measure",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Whether an instruction fixes how numbers are written: format words in a sentence about
/// texts, or a quoted text with a digit that is not a title or axis label (those are
/// compared as written anyway, being copied).
fn fixes_number_format(instruction: &str) -> bool {
    const FORMAT: &[&str] = &[
        "decimal",
        "whole number",
        "whole-number",
        "integer",
        "rounded",
        "round to",
        "significant",
        "percent sign",
        "% sign",
        "format",
        "as written",
        "exactly as",
        "the exact text",
    ];
    sentences(instruction).iter().any(|sentence| {
        let lower = sentence.to_lowercase();
        if !names_text(&lower) {
            return false;
        }
        FORMAT.iter().any(|w| lower.contains(w))
            || (!["title", "axis label", "xlabel", "ylabel", "legend"]
                .iter()
                .any(|w| lower.contains(w))
                && quoted(sentence)
                    .iter()
                    .any(|q| q.chars().any(|c| c.is_ascii_digit())))
    })
}

/// The colour families an instruction names by plain words, in sentences that give no
/// exact colour.
fn named_hues(instruction: &str) -> BTreeSet<String> {
    const FAMILIES: &[(&str, &str)] = &[
        ("grey", "grey"),
        ("gray", "grey"),
        ("red", "red"),
        ("crimson", "red"),
        ("maroon", "red"),
        ("orange", "orange"),
        ("yellow", "yellow"),
        ("gold", "yellow"),
        ("green", "green"),
        ("olive", "green"),
        ("cyan", "cyan"),
        ("teal", "cyan"),
        ("turquoise", "cyan"),
        ("blue", "blue"),
        ("navy", "blue"),
        ("purple", "purple"),
        ("violet", "purple"),
        ("indigo", "purple"),
        ("pink", "pink"),
        ("magenta", "pink"),
        ("brown", "brown"),
        ("black", "black"),
        ("white", "white"),
    ];
    let mut out = BTreeSet::new();
    for sentence in sentences(instruction) {
        let lower = sentence.to_lowercase();
        let exact = lower.contains('#') || lower.contains("tab:") || !quoted(&sentence).is_empty();
        if exact {
            continue;
        }
        for w in lower.split(|c: char| !c.is_alphanumeric()) {
            if let Some((_, f)) = FAMILIES.iter().find(|(word, _)| *word == w) {
                out.insert((*f).to_string());
            }
        }
    }
    out
}

/// The basic colour names quoted in an instruction, as matplotlib draws them
/// (`#rrggbbff`, its CSS4 values).
fn quoted_basic_colours(instruction: &str) -> BTreeSet<String> {
    const BASIC: &[(&str, &str)] = &[
        ("gray", "#808080ff"),
        ("grey", "#808080ff"),
        ("red", "#ff0000ff"),
        ("orange", "#ffa500ff"),
        ("yellow", "#ffff00ff"),
        ("green", "#008000ff"),
        ("blue", "#0000ffff"),
        ("purple", "#800080ff"),
        ("pink", "#ffc0cbff"),
        ("brown", "#a52a2aff"),
    ];
    sentences(instruction)
        .iter()
        .flat_map(|s| quoted(s))
        .filter_map(|q| {
            let q = q.trim().to_ascii_lowercase();
            BASIC
                .iter()
                .find(|(n, _)| *n == q)
                .map(|(_, hex)| (*hex).to_string())
        })
        .collect()
}

/// Whether an instruction places texts above or below, and left or right, of what they
/// label, in a sentence about texts.
fn directions_in_words(instruction: &str) -> (bool, bool) {
    const VERTICAL: &[&str] = &["above", "below", "under ", "underneath", "beneath", "over "];
    const HORIZONTAL: &[&str] = &["left of", "right of", "to the left", "to the right"];
    let mut out = (false, false);
    for sentence in sentences(instruction) {
        let lower = sentence.to_lowercase();
        if !names_text(&lower) {
            continue;
        }
        out.0 |= VERTICAL.iter().any(|w| lower.contains(w));
        out.1 |= HORIZONTAL.iter().any(|w| lower.contains(w));
    }
    out
}

/// Whether the instruction asks for an explode and says nowhere how far: no sentence
/// about an explode holds a number or a share ("by 0.1", "by about a tenth of the
/// radius").
fn explode_free(instruction: &str) -> bool {
    // Not "percent": "the percentages … stay as they are" measures no explode.
    const AMOUNT: &[&str] = &["tenth", "fifth", "quarter", "third", "half", "radius"];
    let about: Vec<String> = sentences(instruction)
        .into_iter()
        .map(|s| s.to_lowercase())
        .filter(|s| s.contains("explode"))
        .collect();
    !about.is_empty()
        && about.iter().all(|s| {
            !s.chars().any(|c| c.is_ascii_digit()) && !AMOUNT.iter().any(|w| s.contains(w))
        })
}

/// Whether a sentence about texts says where along something a text goes: any word of
/// place along a line (realsrc-k: "write 'mean = 105.8' just below the line at its left
/// end, starting at 0 minutes"), read broadly, since a text the task places along its
/// line is held near the reference's place.
fn places_along(instruction: &str) -> bool {
    const ALONG: &[&str] = &[
        "left",
        "right",
        " end",
        "start",
        "middle",
        "centre",
        "center",
        "between",
        "beginning",
        "corner",
        "x =",
        "x=",
    ];
    sentences(instruction).iter().any(|s| {
        let lower = s.to_lowercase();
        names_text(&lower) && ALONG.iter().any(|w| lower.contains(w))
    })
}

/// Words that soften a direction without changing it ("just above", "a little left").
const SOFT: &[&str] = &["just", "directly", "slightly", "a", "little", "bit", "well"];

/// Words a direction opens with, after [`SOFT`] ones ("above", "to the left of").
const DIRECTION_OPENS: &[&str] = &[
    "above", "below", "under", "beneath", "over", "left", "right", "to",
];

/// Whether a word is a single capital letter: a point's name.
fn a_letter(word: &str) -> bool {
    word.len() == 1 && word.chars().all(|c| c.is_ascii_uppercase())
}

/// The directions of texts listed one by one, each an item of a list (cut at commas and
/// before an "and" that opens another letter's item, [`items_joined_by_and`]; an
/// opening "and" dropped) that opens with the text, a capital letter or a quoted string,
/// and then a direction: "A above and to the left of its corner" is above and left, "B
/// just right of its corner" right only. Items in no such shape say nothing.
fn directions_per_text(instruction: &str) -> BTreeMap<String, (bool, bool)> {
    let mut out = BTreeMap::new();
    for sentence in sentences(instruction) {
        if !names_text(&sentence.to_lowercase()) {
            continue;
        }
        for item in sentence
            .split([',', ';', ':', '(', ')'])
            .flat_map(items_joined_by_and)
        {
            let item = item.trim();
            let item = item.strip_prefix("and ").unwrap_or(item).trim();
            let mut words = item.split_whitespace();
            let Some(first) = words.next() else { continue };
            let text = if a_letter(first) {
                first.to_string()
            } else if let Some(q) = quoted(item).first()
                && item.starts_with(&format!("'{q}'"))
            {
                q.clone()
            } else {
                continue;
            };
            let rest: Vec<String> = words
                .map(str::to_lowercase)
                .skip_while(|w| SOFT.contains(&w.as_str()))
                .collect();
            let opens = rest
                .first()
                .is_some_and(|w| DIRECTION_OPENS.contains(&w.as_str()));
            if !opens {
                continue;
            }
            let has = |w: &str| rest.iter().any(|r| r == w);
            let vertical = ["above", "below", "under", "beneath", "over"]
                .iter()
                .any(|w| has(w));
            let horizontal = has("left") || has("right");
            if vertical || horizontal {
                out.insert(canonical_text(&text), (vertical, horizontal));
            }
        }
    }
    out
}

/// `part` cut before each "and" that opens another item of a list of placed texts: a
/// capital letter, then a direction ("G above and to the right of G and C just above C"
/// is two items, G's and C's; the "and" of "above and to the right" stays).
fn items_joined_by_and(part: &str) -> Vec<&str> {
    let mut cuts = vec![0];
    for (at, _) in part.match_indices(" and ") {
        let mut rest = part[at + " and ".len()..].split_whitespace();
        let opens_item = rest.next().is_some_and(a_letter)
            && rest
                .map(str::to_lowercase)
                .find(|w| !SOFT.contains(&w.as_str()))
                .is_some_and(|w| DIRECTION_OPENS.contains(&w.as_str()));
        if opens_item {
            cuts.push(at + 1);
        }
    }
    cuts.push(part.len());
    cuts.windows(2).map(|c| &part[c[0]..c[1]]).collect()
}

/// Whether an instruction places texts in words: a side, an angle, above or below, in a
/// sentence about texts.
fn places_in_words(instruction: &str) -> bool {
    const WHERE: &[&str] = &[
        "inside",
        "outside",
        "above",
        "below",
        "under ",
        "underneath",
        "beneath",
        "over ",
        "left of",
        "right of",
        "to the left",
        "to the right",
        "on the side",
        "side facing",
        "facing",
        "interior",
        "exterior",
        "within",
    ];
    sentences(instruction).iter().any(|sentence| {
        let lower = sentence.to_lowercase();
        names_text(&lower) && WHERE.iter().any(|w| lower.contains(w))
    })
}

/// The texts an instruction places by number (canonical), and whether it places texts
/// by number without saying which. Read per part of a sentence (cut at `;`), so that "write
/// 103° beside arc SQ; write 30° 1.4 units to the right of R" places only 30°: a part
/// names its text by quoting it or as the word after "write" (`write 30°`); a part that
/// names none places every text.
fn placed_texts(instruction: &str) -> (BTreeSet<String>, bool) {
    let mut placed = BTreeSet::new();
    let mut placed_all = false;
    for sentence in sentences(instruction) {
        for part in sentence.split(';') {
            let lower = part.to_lowercase();
            let names_text = ["label", "text", "write", "annotat", "equation"]
                .iter()
                .any(|w| lower.contains(w));
            if !names_text || !places_by_number(&lower) {
                continue;
            }
            let quoted = quoted(part);
            if !quoted.is_empty() {
                placed.extend(quoted.iter().map(|q| canonical_text(q)));
            } else if let Some(written) = written_text(part) {
                placed.insert(canonical_text(&written));
            } else {
                placed_all = true;
            }
        }
    }
    (placed, placed_all)
}

/// The text a part of an instruction writes unquoted: the word after "write" when it
/// holds a digit (`write 30° inside angle URT` → `30°`), not a description (`write each
/// bar's value`).
fn written_text(part: &str) -> Option<String> {
    let mut words = part.split_whitespace();
    words.find(|w| w.eq_ignore_ascii_case("write"))?;
    let word = words.next()?.trim_end_matches([',', ';', ':', ')']);
    word.chars()
        .any(|c| c.is_ascii_digit())
        .then(|| word.to_string())
}

/// Verbs a request starts with ("Delete the side AC; …", "Label each bar with its
/// value"), lower case.
const REQUESTS: &[&str] = &[
    "add",
    "annotate",
    "change",
    "colour",
    "color",
    "connect",
    "delete",
    "double",
    "draw",
    "erase",
    "extend",
    "fill",
    "halve",
    "highlight",
    "increase",
    "decrease",
    "insert",
    "label",
    "make",
    "mark",
    "move",
    "put",
    "place",
    "recolour",
    "recolor",
    "reduce",
    "remove",
    "replace",
    "set",
    "shade",
    "show",
    "swap",
    "turn",
    "write",
    "use",
];

/// The request of an instruction that first describes its figure: from the first
/// sentence that starts with a verb of [`REQUESTS`], where at least one sentence comes
/// before it. `None` where the instruction starts with its request or has none.
fn request_part(instruction: &str) -> Option<(String, String)> {
    let all = sentences(instruction);
    let first_word = |s: &str| {
        s.split_whitespace()
            .next()
            .map(|w| w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase())
    };
    let at = all
        .iter()
        .position(|s| first_word(s).is_some_and(|w| REQUESTS.contains(&w.as_str())))?;
    (at > 0).then(|| (all[..at].concat(), all[at..].concat()))
}

/// `request` less the colour words that only point at an element of the original: "write
/// the coordinates of the orange dot above it", where `description` (the sentences before
/// the request) has "an orange dot", names the dot that is there; it fixes no colour of
/// what the edit adds (realsrc-aa: a new dot drawn blue beside "the orange dot" failed).
/// A colour the description does not give its noun still fixes: "draw the red line at
/// the mean" asks for a red line.
fn without_named_colours(request: &str, description: &str) -> String {
    let toks: Vec<&str> = request.split(' ').collect();
    let bare = |t: &str| {
        t.trim_matches(|c: char| !c.is_alphanumeric() && c != ':')
            .to_string()
    };
    let described = words(description);
    let named =
        |colour: &str, noun: &str| described.windows(2).any(|w| w[0] == colour && w[1] == noun);
    let mut out = Vec::with_capacity(toks.len());
    for (i, t) in toks.iter().enumerate() {
        let w = bare(t);
        let pointer = i > 0
            && bare(toks[i - 1]) == "the"
            && (COLOURS.contains(&w.as_str()) || w.starts_with("tab:"))
            && toks.get(i + 1).is_some_and(|n| named(&w, &bare(n)));
        if !pointer {
            out.push(*t);
        }
    }
    out.join(" ")
}

/// The sentences of an instruction: cut at a full stop followed by a space and a capital
/// letter, so decimals (`2.5`) and `e.g.` stay inside their sentence.
fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        cur.push(c);
        let next = chars.get(i + 1).copied();
        let after = chars.get(i + 2).copied();
        if c == '.' && next == Some(' ') && after.is_some_and(char::is_uppercase) {
            out.push(std::mem::take(&mut cur));
        }
    }
    out.push(cur);
    out
}

/// The strings a sentence quotes in single quotes (`'r = 0.82'`), not apostrophes
/// (`bar's`): a quote opens after a non-letter.
fn quoted(sentence: &str) -> Vec<String> {
    let chars: Vec<char> = sentence.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let opens = chars[i] == '\''
            && (i == 0 || !chars[i - 1].is_alphanumeric())
            && chars.get(i + 1).is_some_and(|c| !c.is_whitespace());
        if opens {
            // The closing quote is one not followed by a letter (`'Q3'`, not `bar's`).
            let close = (i + 1..chars.len()).find(|&j| {
                chars[j] == '\'' && chars.get(j + 1).is_none_or(|c| !c.is_alphanumeric())
            });
            if let Some(j) = close {
                out.push(chars[i + 1..j].iter().collect());
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Whether a (lower-case) sentence gives a place by number: a share of the axes ("at 95%
/// of the axes width"), a distance in data units with a direction ("1 unit above"), or a
/// share of a radius ("1.1 × radius", "80% of its radius", "at radius 1.1").
fn places_by_number(s: &str) -> bool {
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ';'))
        .filter(|w| !w.is_empty())
        .collect();
    // A number the instruction gives as approximate ("about 1.4 units to the right",
    // "~2 units") places nothing exactly: the text is held like any text placed in words.
    const APPROXIMATE: &[&str] = &["about", "around", "roughly", "approximately", "approx."];
    let number = |w: &str| {
        let w = w.trim_start_matches(['+', '-']);
        !w.is_empty()
            && w.chars().next().is_some_and(|c| c.is_ascii_digit())
            && w.trim_end_matches('%').parse::<f64>().is_ok()
    };
    const DIRECTIONS: &[&str] = &[
        "to", "above", "below", "left", "right", "up", "down", "from", "offset", "inside",
        "outside", "away",
    ];
    words.iter().enumerate().any(|(i, w)| {
        let next = |k: usize| words.get(i + k).copied().unwrap_or("");
        if i > 0 && APPROXIMATE.contains(&words[i - 1]) {
            return false;
        }
        let percent_of = w.ends_with('%') && number(w) && next(1) == "of";
        let distance =
            number(w) && ["unit", "units"].contains(&next(1)) && DIRECTIONS.contains(&next(2));
        let radius =
            (number(w) && ["×", "x", "times"].contains(&next(1)) && next(2).starts_with("radius"))
                || (*w == "radius" && number(next(1)) && i > 0 && words[i - 1] == "at");
        percent_of || distance || radius
    })
}

const ALL_KINDS: &[ElementKind] = &[
    ElementKind::Bar,
    ElementKind::Wedge,
    ElementKind::Line,
    ElementKind::Segment,
    ElementKind::Point,
    ElementKind::Polygon,
    ElementKind::Circle,
    ElementKind::Arc,
    ElementKind::Text,
    ElementKind::Reference,
];

/// The clauses of an instruction: split at sentence and clause punctuation and before
/// the words that start a new clause, keeping decimals (`2.5`), hex colours and quoted
/// texts whole: "write 'Mean: 115.4 mm' in red" is one clause, whose colour is the
/// text's (a cut at the quoted colon left "in red" with the line after it).
fn clauses_joined(text: &str) -> Vec<(String, bool)> {
    /// Stands for a space inside a quoted text while clauses split at " and "/" then ".
    const QUOTED_SPACE: char = '\u{1}';
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut quote: Option<char> = None;
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let word_char = |x: Option<char>| x.is_some_and(char::is_alphanumeric);
        match quote {
            // A closing quote is followed by no letter or digit ("'Q3'," but not "Oct's").
            Some(q) if c == q && !word_char(after) => quote = None,
            Some(_) => {
                cur.push(if c == ' ' { QUOTED_SPACE } else { c });
                continue;
            }
            // An opening quote follows no letter or digit.
            None if matches!(c, '\'' | '"') && !word_char(before) && after.is_some() => {
                quote = Some(c);
            }
            None => {}
        }
        let next_digit = after.is_some_and(|x| x.is_ascii_digit());
        let prev_digit = before.is_some_and(|x| x.is_ascii_digit());
        let cut = quote.is_none()
            && (matches!(c, ';' | ',' | '(' | ')' | ':')
                || (c == '.' && !(prev_digit && next_digit)));
        if cut {
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    out.push(cur);
    // "… as a dashed line and label its endpoint M": two clauses. Each is marked when it
    // follows another of the same piece after " and " (see `clauses_joined`).
    out.iter()
        .flat_map(|c| {
            c.split(" and ")
                .enumerate()
                .map(|(k, p)| (p.to_string(), k > 0))
                .collect::<Vec<_>>()
        })
        .flat_map(|(c, joined)| {
            c.split(" then ")
                .enumerate()
                .map(|(k, p)| (p.to_string(), joined && k == 0))
                .collect::<Vec<_>>()
        })
        .map(|(c, joined)| (c.replace(QUOTED_SPACE, " ").trim().to_string(), joined))
        .filter(|(c, _)| !c.is_empty())
        .collect()
}

/// [`clauses`] without the marks.
fn clauses(text: &str) -> Vec<String> {
    clauses_joined(text).into_iter().map(|c| c.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(instruction: &str) -> Vec<(ElementKind, Family)> {
        Brief::of(instruction, "geometry")
            .fixed
            .into_iter()
            .collect()
    }

    /// realsrc-y (round 28): a font size in parentheses after a list joined by "and" is
    /// the size of everything listed; a clause of its own keeps its element.
    #[test]
    fn an_added_element_is_held_to_what_the_request_fixes() {
        let b = Brief::of(
            "The figure is a line chart: the rainfall drawn as a blue dashed line with round \
             dots. Draw a horizontal line at the yearly mean and label it 'Mean = 99.4'.",
            "line",
        );
        assert!(b.fixes(ElementKind::Reference, Family::Linestyle));
        assert!(
            !b.for_added()
                .fixes(ElementKind::Reference, Family::Linestyle)
        );
        assert!(!b.for_added().fixes(ElementKind::Line, Family::Color));
        let asked = Brief::of(
            "The figure is a line chart drawn in blue. Draw a dotted red horizontal line at 99.4.",
            "line",
        );
        assert!(
            asked
                .for_added()
                .fixes(ElementKind::Reference, Family::Linestyle)
        );
        assert!(
            asked
                .for_added()
                .fixes(ElementKind::Reference, Family::Color)
        );
        // "The orange dot" of the request is the description's: it fixes no colour of
        // the new dot; a colour whose noun the description does not have still fixes.
        let pointed = Brief::of(
            "The figure is a green line with an orange dot where it crosses the x-axis. Mark \
             the y-intercept with a dot; write the coordinates of the orange dot above it.",
            "function",
        );
        assert!(!pointed.for_added().fixes(ElementKind::Point, Family::Color));
        assert!(pointed.fixes(ElementKind::Point, Family::Color));
        let new = Brief::of(
            "The figure is a green line with an orange dot where it crosses the x-axis. Mark \
             the y-intercept with the red dot of the legend.",
            "function",
        );
        assert!(new.for_added().fixes(ElementKind::Point, Family::Color));
        // No description before the request: the whole instruction is the request.
        let only = Brief::of("Draw a dashed horizontal line at y = 3.", "line");
        assert_eq!(only.added_fixed, None);
        assert!(
            only.for_added()
                .fixes(ElementKind::Reference, Family::Linestyle)
        );
    }

    #[test]
    fn an_explode_the_task_does_not_measure_is_free() {
        let b = |t: &str| Brief::of(t, "pie").explode_free;
        assert!(b(
            "Pull the orange slice out a little from the centre of the pie (explode it); the \
             sizes, the percentages, the colours and the legend stay as they are."
        ));
        assert!(!b(
            "Pull the Birds slice out (explode it by about a tenth of the radius)."
        ));
        assert!(!b(
            "Pull the Dark Magenta slice out of the pie: explode it by 0.1."
        ));
        assert!(!b("Remove the Blue slice."));
    }

    #[test]
    fn a_size_in_parentheses_after_a_list_is_each_listed_elements() {
        let f = fixed("The x label 'Time' and the title 'Gantt Chart' (font size 20).");
        assert!(f.contains(&(ElementKind::Xlabel, Family::Size)), "{f:?}");
        assert!(f.contains(&(ElementKind::Title, Family::Size)), "{f:?}");
        let f = fixed("The x label 'Time'; the title 'Gantt Chart' (font size 20).");
        assert!(!f.contains(&(ElementKind::Xlabel, Family::Size)), "{f:?}");
        assert!(f.contains(&(ElementKind::Title, Family::Size)), "{f:?}");
    }

    /// realsrc-g (round 10): "write 'Mean: 115.4 mm' in red just below the line" fixes
    /// the text's colour; the colon inside the quoted text had cut the clause, leaving
    /// "in red" with the line.
    #[test]
    fn quoted_texts_do_not_cut_their_clause() {
        let i = "Draw the mean, 115.4 mm, as a red dotted horizontal line across the plot and write 'Mean: 115.4 mm' in red just below the line, starting at Jul; also mark Oct's point.";
        let f = fixed(i);
        assert!(f.contains(&(ElementKind::Text, Family::Color)), "{f:?}");
        assert_eq!(
            clauses("write 'a, b and c: d' in red, then stop; oct's value"),
            ["write 'a, b and c: d' in red", "stop", "oct's value"]
        );
        // Decimals and possessives stay as they were.
        assert_eq!(
            clauses("at 2.5. label oct's bar"),
            ["at 2.5", "label oct's bar"]
        );
        // A quoted series name no longer cuts "the colour of the … series": a bar
        // chart's series is its bars (realsrc-a's recolour, right answers, failed).
        let f = fixed(
            "Change the colour of the 'Water Freight(tons)' series (its four bars and its legend entry) from #2ca02c to #9467bd.",
        );
        assert!(f.contains(&(ElementKind::Bar, Family::Color)), "{f:?}");
    }

    /// realsrc-u (round 25): a list of placed letters joined by "and" is one item per
    /// letter; C, "just above C", was read with G's "to the right" and failed directly
    /// above its point.
    #[test]
    fn letters_joined_by_and_keep_their_own_directions() {
        let d = directions_per_text(
            "Label the points with their letters: A above A, B to the left of B, F above and to the left of F, G above and to the right of G and C just above C.",
        );
        assert_eq!(d.get("C"), Some(&(true, false)), "{d:?}");
        assert_eq!(d.get("G"), Some(&(true, true)));
        assert_eq!(d.get("F"), Some(&(true, true)));
        assert_eq!(d.get("B"), Some(&(false, true)));
        assert_eq!(
            items_joined_by_and("G above and to the right of G and C just above C"),
            ["G above and to the right of G ", "and C just above C"]
        );
        assert_eq!(
            items_joined_by_and("above and to the right"),
            ["above and to the right"]
        );
    }

    /// realsrc-j (round 13): "a circle …, drawn as a black outline of the same width as
    /// the segments" fixes the circle's width as well as the segments'.
    #[test]
    fn a_style_compared_with_another_elements_fixes_both() {
        let f = fixed(
            "A circle with centre E(0, 0) and radius 3, drawn as a black outline (no fill) of the same width as the segments, with the centre marked by a small black dot.",
        );
        assert!(f.contains(&(ElementKind::Circle, Family::Width)), "{f:?}");
        assert!(f.contains(&(ElementKind::Segment, Family::Width)), "{f:?}");
        // Without a comparison, the width stays the segments' alone.
        let f = fixed(
            "A circle with centre E and radius 3, drawn as a black outline; the segments are 2 points wide.",
        );
        assert!(!f.contains(&(ElementKind::Circle, Family::Width)), "{f:?}");
    }

    /// realsrc-h (round 11): "in a light grey box with rounded corners" fixes the text's
    /// box (a square one failed both labellers).
    #[test]
    fn a_text_box_the_task_describes_is_fixed() {
        let f = fixed(
            "The figure shows a pie chart of the artworks sold by nine artists, each slice labelled with the artist's name outside and its percentage inside. Write the total, 'Total sold: 905 thousand', centred just below the pie, in a light grey box with rounded corners; the pie, names and percentages stay as they are.",
        );
        assert!(f.contains(&(ElementKind::Text, Family::TextBox)), "{f:?}");
        assert!(f.contains(&(ElementKind::Text, Family::TextFill)), "{f:?}");
        // realsrc-l: a white background behind each value fixes the fill, not the style.
        let f = fixed(
            "A dashed line with round markers, and each value written just above its marker (centred, on a small white background so that the dashed line does not run through it).",
        );
        assert!(f.contains(&(ElementKind::Text, Family::TextFill)), "{f:?}");
        assert!(!f.contains(&(ElementKind::Text, Family::TextBox)), "{f:?}");
        assert!(
            !fixed("Write 'A' in red above the bar.")
                .contains(&(ElementKind::Text, Family::TextBox))
        );
    }

    /// realsrc-h (round 11): a generation's ticks where the task states them.
    #[test]
    fn tick_positions_are_stated_per_axis() {
        let axes = |s: &str| {
            Brief::of(s, "function")
                .tick_axes
                .into_iter()
                .collect::<String>()
        };
        assert_eq!(
            axes(
                "The x-axis runs from 0 to 10 with ticks 1 to 10, the y-axis from -7 to 7 with ticks at every integer except 0; a grid."
            ),
            "xy"
        );
        assert_eq!(axes("The y-axis from 0 to 50 with ticks every 10."), "y");
        assert_eq!(axes("Ticks at 0, 2 and 4."), "xy");
        assert_eq!(axes("The x tick labels are rotated 45 degrees."), "");
        assert_eq!(axes("Ticks point inward on all four sides."), "");
        assert_eq!(axes("A grid and a legend."), "");
    }

    /// A country is not a colour: "Colombia 12%" fixes no colour (it did, by its first
    /// four letters, until round 16).
    #[test]
    fn a_word_that_starts_like_colour_is_not_one() {
        assert!(
            !fixed("Write each slice's percentage inside the slice: Brazil 37%, Colombia 12%.")
                .iter()
                .any(|(_, f)| *f == Family::Color)
        );
        assert!(
            fixed("Write the percentages inside the slices in the slices' colours.")
                .contains(&(ElementKind::Text, Family::Color))
        );
    }

    /// realsrc-h (round 11): "write Research's highest value, 30, in blue just above its
    /// point at Physics" fixes the value's colour; the point it sits above had taken it.
    #[test]
    fn a_noun_that_only_says_where_does_not_take_the_clause_s_style() {
        let f = fixed(
            "Draw the mean as a black dashed horizontal line; and write Research's highest value, 30, in blue just above its point at Physics.",
        );
        assert!(f.contains(&(ElementKind::Text, Family::Color)), "{f:?}");
        assert!(!f.contains(&(ElementKind::Point, Family::Color)), "{f:?}");
        assert_eq!(
            without_landmarks(&["red", "dot", "to", "the", "right", "of", "each", "bar"]),
            ["red", "dot", "to", "the", "right", "of", "each"]
        );
        // "a right angle" is an element, not a place.
        assert_eq!(
            without_landmarks(&["a", "right", "angle"]),
            ["a", "right", "angle"]
        );
    }

    #[test]
    fn a_recolour_to_a_quoted_basic_name_is_done_by_a_shade_of_it() {
        let b = Brief::of(
            "Change the colour of the Grade 3 slice from green to gray ('gray'); the rest stays.",
            "pie",
        );
        let (green, gray, darkgray, silver) = ("#008000ff", "#808080ff", "#a9a9a9ff", "#c0c0c0ff");
        assert!(b.recoloured_as_named(green, darkgray, gray));
        assert!(b.recoloured_as_named(green, silver, gray));
        assert!(
            !b.recoloured_as_named(green, "#0000ffff", gray),
            "blue is no grey"
        );
        // An element already grey must be given the grey asked.
        assert!(!b.recoloured_as_named(darkgray, silver, gray));
        // A named shade stays exact.
        let shade = Brief::of("Change the slice to dark gray ('darkgray').", "pie");
        assert!(!shade.recoloured_as_named(green, gray, darkgray));
        // Named in words: any clear member of the family, as for any element.
        let plain = Brief::of("Change the slice to gray.", "pie");
        assert!(plain.recoloured_as_named(green, darkgray, gray));
        assert!(!plain.recoloured_as_named(gray, darkgray, gray));
    }

    #[test]
    fn a_quoted_text_keeps_its_numbers_as_written_and_only_it() {
        // realsrc-l: the legend entries were quoted, and "(43.0)" passed for "(43)".
        let brief = Brief::of(
            "Draw a red dashed line at y = 43 and add it to the legend as 'Player 1 mean (43)'; label the point with its coordinates.",
            "line",
        );
        let tol = brief.tolerances(&Tolerances::default());
        assert!(!tol.same_text("Player 1 mean (43)", "Player 1 mean (43.0)"));
        assert!(tol.same_text("Player 1 mean (43)", "$Player 1 mean (43)$"));
        assert!(
            tol.same_text("(2, 0)", "(2.0, 0)"),
            "other texts keep numbers as numbers"
        );
    }

    #[test]
    fn number_formats_and_sides_are_read_from_sentences_about_texts() {
        let b = |s: &str| Brief::of(s, "function");
        assert!(b("Write the coordinates rounded to two decimal places above each point.").formats);
        assert!(b("Write whole-number percentages inside every slice.").formats);
        assert!(b("Label the vertex with the text '(0.25, 1.125)' to its right.").formats);
        assert!(!b("Mark the vertex (-1, 9) and label each point with its coordinates.").formats);
        assert!(!b("Draw the graph of y = 2x + 1 with the title 'y = 2x + 1'.").formats);
        assert!(b("Write the measure 84° inside angle ACB.").sides);
        assert!(b("Write each value just below its point.").sides);
        let sizes = b(
            "Title 'Normal Distribution' (font size 16), axis labels 'x' and 'Probability Density' (font size 14).",
        );
        assert!(sizes.fixes(ElementKind::Title, Family::Size));
        assert!(sizes.fixes(ElementKind::Xlabel, Family::Size));
        assert!(sizes.fixes(ElementKind::Ylabel, Family::Size));
        // Tick labels' font size, per axis (realsrc-i): the axis a clause names, else both;
        // an axis label's font size fixes no tick label's.
        let x_ticks = b("The month names Jan to Dec as x-axis tick labels (font size 13).");
        assert!(x_ticks.fixes(ElementKind::Axes, Family::XTickSize));
        assert!(!x_ticks.fixes(ElementKind::Axes, Family::YTickSize));
        let both = b(
            "Both axes run from -11 to 11, with ticks at ±2 and ±4 and tick labels of font size 12.",
        );
        assert!(both.fixes(ElementKind::Axes, Family::XTickSize));
        assert!(both.fixes(ElementKind::Axes, Family::YTickSize));
        assert!(!sizes.fixes(ElementKind::Axes, Family::XTickSize));
        // The size stated, in points (realsrc-v: the reference drew 10 where 12 was asked).
        assert!(x_ticks.states_tick_size(Family::XTickSize, 13.0));
        assert!(!x_ticks.states_tick_size(Family::XTickSize, 12.0));
        assert!(!x_ticks.states_tick_size(Family::YTickSize, 13.0));
        assert!(both.states_tick_size(Family::YTickSize, 12.0));
        assert!(b("Tick labels with a font size of 11.").states_tick_size(Family::XTickSize, 11.0));
        assert!(!b("Tick labels in a larger font size.").states_tick_size(Family::XTickSize, 12.0));
        let legend = b(
            "Five lines named in a legend outside the plot, to the right of it and centred vertically.",
        );
        assert!(legend.fixes(ElementKind::Legend, Family::Placement));
        // "thin" names a kind of width: any thin width is it, a thick one is not.
        let thin = b("The time axis F = 0 is drawn as a thin black line.");
        assert!(!thin.fixes(ElementKind::Line, Family::Width));
        assert!(thin.same_width(ElementKind::Line, 0.5, 0.8));
        assert!(!thin.same_width(ElementKind::Line, 0.8, 2.5));
        assert!(b("A thin line of width 0.8.").fixes(ElementKind::Line, Family::Width));
        // A colour before its noun describes that noun: the value's colour is free.
        let red_curve = b("Also write the peak value of the red curve, 0.56, just above its peak.");
        assert!(!red_curve.fixes(ElementKind::Text, Family::Color));
        assert!(red_curve.fixes(ElementKind::Line, Family::Color));
        let red_label = b("Write the value 0.56 as a red label above the peak.");
        assert!(red_label.fixes(ElementKind::Text, Family::Color));
        assert!(
            b("Write the value 0.56 in red above the peak.")
                .fixes(ElementKind::Text, Family::Color)
        );
        assert!(b("Write the length 9 outside the parallelogram next to side AD.").sides);
        assert!(!b("Write the length 6.4 next to side AC.").sides);
        assert!(
            !b("Draw the bars in colour #4C72B0 above the x axis.").sides,
            "not about texts"
        );
        let t = b("Write each value just below its point, with one decimal place.")
            .tolerances(&Tolerances::default());
        assert!(t.sides_fixed && t.numbers_as_written);
    }

    #[test]
    fn a_dashed_median_fixes_its_line_style_not_its_colour_nor_the_labels() {
        let b = Brief::of(
            "The figure shows triangle ABC. Draw the median from vertex B to side AC as a \
             dashed line, and label its endpoint on AC (the midpoint of AC) as M.",
            "geometry",
        );
        assert!(b.fixes(ElementKind::Segment, Family::Linestyle));
        assert!(!b.fixes(ElementKind::Segment, Family::Color));
        assert!(!b.fixes(ElementKind::Text, Family::Color));
        assert!(b.geometry);
    }

    #[test]
    fn an_axis_running_from_one_value_to_another_fixes_its_limits() {
        let b = Brief::of(
            "Write Python code with matplotlib that draws the following figure. A grouped \
             vertical bar chart titled 'Law and Legal Affairs - An Analysis of Regional \
             Variability', with x-axis label 'Region' and y-axis label 'Value', and the \
             y-axis running from 0 to 850. For each region on the x-axis (North, South, East, \
             West, in this order) there are three bars side by side.",
            "bar",
        );
        assert!(b.fixes(ElementKind::Axes, Family::YLimits));
        assert!(!b.fixes(ElementKind::Axes, Family::XLimits));
        // A function's domain is not an axis' range.
        let f = Brief::of(
            "The graph of y = x^2 for x from -5 to 5, in red.",
            "function",
        );
        assert!(!f.fixes(ElementKind::Axes, Family::XLimits));
        // realsrc-u, round 24: a pie whose axes "run from" −1.45 to 1.45 drawn at the
        // default limits, so larger, under its legend, passed.
        let pie = Brief::of(
            "Write Python code with matplotlib that draws the following figure. A pie chart \
             'Types of Pets in City A' of four slices, starting at the top (start angle 90°) \
             and going counter-clockwise: Dogs 36.7% (gold), Cats 34.1% (sky blue); a legend \
             naming Dogs and Cats at the upper left; the axes have equal scales and run from \
             −1.45 to 1.45 both ways (hidden, as for any pie); figure 6 × 6 inches.",
            "pie",
        );
        assert!(pie.fixes(ElementKind::Axes, Family::XLimits));
        assert!(pie.fixes(ElementKind::Axes, Family::YLimits));
    }

    #[test]
    fn bars_each_a_number_wide_fix_their_width_and_a_figure_s_width_fixes_nothing() {
        let b = Brief::of(
            "A vertical bar chart. One bar per grade level, each 0.6 wide, all in colour #1f77b4.",
            "bar",
        );
        assert!(b.fixes(ElementKind::Bar, Family::Width));
        let f = Brief::of("A bar chart, the figure 8 inches wide.", "bar");
        assert!(!f.fixes(ElementKind::Bar, Family::Width));
    }

    #[test]
    fn generation_descriptions_fix_what_they_name() {
        let b = Brief::of(
            "Write Python code with matplotlib that draws the following figure. The graph of \
             f(x) = x^2 - 4 for x from -5 to 5 (x-axis limits -5 to 5), drawn as a solid line \
             in colour #4C72B0, with the x- and y-axes as thin black lines through the origin, \
             axis labels 'x' and 'y', and a light grid.",
            "function",
        );
        assert!(b.fixes(ElementKind::Line, Family::Color));
        assert!(b.fixes(ElementKind::Line, Family::Linestyle));
        assert!(b.fixes(ElementKind::Reference, Family::Color));
        assert!(b.fixes(ElementKind::Axes, Family::Grid));
        assert!(b.fixes(ElementKind::Axes, Family::XLimits));
        assert!(
            !b.fixes(ElementKind::Axes, Family::YLimits),
            "only the x axis' limits are named"
        );
        assert!(!b.fixes(ElementKind::Text, Family::Color));
        assert!(!b.geometry);
        let bars = Brief::of(
            "A vertical bar chart titled 'Sales'. The bars, in this order and all in colour \
             #4C72B0, have the values North 42, South 35.",
            "bar",
        );
        assert!(bars.fixes(ElementKind::Bar, Family::Color));
        assert!(
            !bars.fixes(ElementKind::Bar, Family::Width),
            "the width is free"
        );
    }

    #[test]
    fn an_instruction_without_style_fixes_nothing() {
        assert!(
            fixed("Write each bar's value just above each bar as a text label: North 42.")
                .is_empty()
        );
        assert!(
            fixed("Change the height of the 'Thu' bar from 4.1 to 6.5; the other bars stay.")
                .is_empty()
        );
    }

    #[test]
    fn texts_placed_by_number_are_read_with_their_quotes() {
        let b = Brief::of(
            "Add the text 'r = 0.82' (the correlation coefficient of x and y, two decimals) \
             in the lower right corner inside the axes, right-aligned at 95% of the axes \
             width and 7% of its height. Nothing else changes.",
            "scatter",
        );
        assert!(b.places("r = 0.82") && !b.placed_all);
        assert!(!b.places("r = 0.80"));
        let stems = Brief::of(
            "Label the tallest stem (at x ≈ 1.65, y ≈ 2.71) with the text 'max = 2.71', \
             placed just to the right of its marker (about 8 points to the right).",
            "step",
        );
        assert!(
            !stems.places("max = 2.71"),
            "points are not a frame the scene measures texts in"
        );
        let pie = Brief::of(
            "Label the wedges 'A' and 'B', each just outside the ring (1.1 × radius).",
            "pie",
        );
        assert!(pie.places("A") && pie.places("B"));
        let every = Brief::of("Write each bar's value 0.5 units above the bar.", "bar");
        assert!(every.placed_all, "no quoted text: every text");
        // realsrc-k's geometry-g3k-1614-annotation: the number places the text of its own
        // part of the sentence only, and an approximate number places none.
        let parts = Brief::of(
            "Annotate the data: write 103° just outside the circle beside arc SQ; write \
             30° inside angle URT, 1.4 units to the right of R.",
            "geometry",
        );
        assert!(parts.places("30°") && !parts.places("103°") && !parts.placed_all);
        let about = Brief::of(
            "Annotate the data: write 103° just outside the circle beside arc SQ; write \
             30° inside angle URT near R (about 1.4 units to the right of R).",
            "geometry",
        );
        assert!(about.placed.is_empty() && !about.placed_all);
        for loose in [
            "Write each bar's value just above the bar, e.g. '7.0'.",
            "Pull the 'Hogs' slice out by 0.1 of the radius and write its percentage '15.0%'.",
            "Label the point 'P' with 50% opacity.",
        ] {
            let b = Brief::of(loose, "bar");
            assert!(b.placed.is_empty() && !b.placed_all, "{loose}");
        }
    }

    #[test]
    fn named_and_hex_colours_and_fonts() {
        let b = Brief::of(
            "Add a red horizontal line at y = 0.5, and write 'max' in bold, font size 14.",
            "line",
        );
        assert!(b.fixes(ElementKind::Reference, Family::Color));
        assert!(b.fixes(ElementKind::Text, Family::Weight));
        assert!(b.fixes(ElementKind::Text, Family::Size));
        assert!(!b.fixes(ElementKind::Text, Family::Color));
    }

    /// realsrc-o, round 18: "write 112° inside the angle TPQ (between PT and PQ …)" fixed
    /// every text's font size: "PT", lowercased, read as the unit "pt".
    #[test]
    fn points_are_a_size_after_a_number_and_a_segment_s_name_otherwise() {
        let named = Brief::of(
            "Write 112° inside the angle TPQ (between PT and PQ).",
            "geometry",
        );
        assert!(!named.fixes(ElementKind::Text, Family::Size));
        for sized in ["Write 'max' in 12 pt type.", "Write 'max' at 14pt."] {
            assert!(
                Brief::of(sized, "line").fixes(ElementKind::Text, Family::Size),
                "{sized}"
            );
        }
    }
}
