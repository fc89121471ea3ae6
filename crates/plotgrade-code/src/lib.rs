//! The code channel: key elements read from plotting code, without running it, and the
//! scores of edits and generations computed on them.
//!
//! [`extract`] reads a script in two rooms below this crate. `plotgrade-pyreader` parses
//! it with tree-sitter (into its own tree; no `tree_sitter::Node` leaves that crate) and
//! walks it resolving the values it can (literals, variables, element assignment,
//! `np.array`/`linspace`/`arange`, f-strings, arithmetic, loops over known lists).
//! `plotgrade-mplmodel` is the matplotlib that walk calls: it records what each call draws
//! (bars, wedges, lines, function curves, points, segments, polygons, circles, texts,
//! titles…). What cannot be resolved stays the source text that computes it.
//!
//! [`edit_ops`] diffs two element lists; [`compare_edit`] scores an edit task by the
//! agreement of original → generated with original → reference; [`compare_generation`]
//! scores generated elements against reference elements. [`render_elements`] and
//! [`render_diff`] are the human views behind `plotgrade dump elements` and
//! `plotgrade diff`. `docs/code-channel.md` describes all of it per figure type.
//!
//! What it may depend on: the shared model (`plotgrade-model`) and its own two rooms,
//! the reader and the model of matplotlib; no other channel.
//!
//! Layout: `extract` (one script → [`Elements`]), `diff` (ops and scores), `view` (text
//! views), `error`. The element types are the model of matplotlib's and are re-exported
//! here, so that `plotgrade::code::Element` reads as it always did.

mod diff;
mod error;
mod extract;
mod view;

pub use diff::{CodeScore, EditOp, MatchMode, OpMatch, compare_edit, compare_generation, edit_ops};
pub use error::CodeError;
pub use extract::{
    Diagnostics, Elements, MAX_SOURCE_BYTES, Position, extract, syntax_tree, try_extract,
};
pub use plotgrade_mplmodel::{Element, ElementKind, Shortcut, Value};
/// A script without its comments (tree-sitter finds them; a `#` in a string stays).
pub use plotgrade_pyreader::without_comments;
pub use view::{
    MAX_DIFF_LINES, render_diff, render_elements, render_op, too_large_to_diff, unified_text_diff,
};
