//! The figure channel: compares what two scripts drew, element by element.
//!
//! It works on [`Scene`]s (what the executor read back from matplotlib) and knows nothing
//! about code or pixels. The steps:
//!
//! 1. **Read** each scene as key elements ([`Inventory::of`]): bars, wedges, curves,
//!    segments, points, polygons, circles, arcs, texts, titles, axis labels, legends.
//!    Limits and ticks are not elements (they follow the data). Where the figures
//!    compared disagree on how a label was drawn, a text standing in an axis label's
//!    place is read as that label (`stand_in`), and a title that states the
//!    reference's facts in other words is read as the reference's title (`restated`),
//!    an arc marking the angle a reference arc marks takes its radius (`angle_mark`),
//!    and an axis label cut off by the figure's edge where the reference's is whole is
//!    not read (`cut_off`).
//! 2. **Pair** the elements of two scenes ([`pair`]): bars by category, else position;
//!    wedges by label, else order; curves by label, else by curve distance; texts by
//!    string, then position; geometry by coordinates (segments either direction, polygons
//!    up to rotation and reversal). Ambiguities go to an optimal assignment
//!    ([Hungarian](hungarian)), never a permutation search.
//! 3. **Diff** ([`diff`]): removed, added and changed elements as [`EditOp`]s, values
//!    compared within [`Tolerances`] that fit the figure type (relative for bar heights
//!    and pie fractions, sampled distance on the shared domain for curves, axes fractions
//!    for text placement).
//! 4. **Score** an edit ([`compare_edit`]: original → generated against original →
//!    reference, precision/recall/F1 over ops; a no-op scores 0) or a generation
//!    ([`compare_generation`]: precision/recall/F1 over key elements).
//!
//! [`render_ops`] prints ops for people (`bar 'Q3': height 5 → 7`). The rules, tolerances
//! and their reasons are in `docs/figure-channel.md`.

mod anchor;
mod angle_mark;
mod brief;
mod canonical;
mod cut_off;
mod diff;
mod element;
mod geometry;
pub mod hungarian;
mod inventory;
mod op;
mod orphans;
mod pairing;
mod restated;
mod score;
mod shapes;
mod stand_in;
mod tolerance;
mod view;

pub use brief::Brief;
pub use diff::{EditOp, RECORD_CURVE_POINTS, diff_framed, diff_inventories};
pub use element::{
    Anchor, Curve, Element, ElementKind, Family, MAX_CURVE_POINTS, Role, Side, Value, role,
    same_side, same_side_as,
};
pub use geometry::{CurveDistance, curve_distance};
pub use inventory::{AxesFrame, Inventory};
pub use pairing::{ASSIGNMENT_LIMIT, pair};
pub use score::{
    FigureScore, MatchMode, OpMatch, compare_edit, compare_edit_in, compare_edit_with,
    compare_generation, compare_generation_in, compare_generation_with, element_credit,
};
pub use tolerance::{Frame, Tolerances, canonical_text, hue, same_text};
pub use view::{render_op, render_ops};

pub use element::Ctx;

use plotgrade_model::scene::Scene;

/// The edit operations that turn scene `a` into scene `b`, with the default tolerances.
pub fn diff(a: &Scene, b: &Scene) -> Vec<EditOp> {
    diff_with(a, b, &Tolerances::default())
}

/// The edit operations that turn scene `a` into scene `b`, measured in `a`'s frames.
pub fn diff_with(a: &Scene, b: &Scene, tol: &Tolerances) -> Vec<EditOp> {
    diff_inventories(&Inventory::of(a), &Inventory::of(b), tol)
}
