//! The code channel: key elements read from plotting code, without running it, and the
//! scores of edits and generations computed on them.
//!
//! [`extract`] parses a script with tree-sitter (into the channel's own tree; no
//! `tree_sitter::Node` leaves this module), walks it resolving the values it can
//! (literals, variables, element assignment, `np.array`/`linspace`/`arange`, f-strings,
//! arithmetic, loops over known lists) and records what each matplotlib call draws:
//! bars, wedges, lines, function curves, points, segments, polygons, circles, texts,
//! titles… What it cannot resolve stays the source text that computes it.
//!
//! [`edit_ops`] diffs two element lists; [`compare_edit`] scores an edit task by the
//! agreement of original → generated with original → reference; [`compare_generation`]
//! scores generated elements against reference elements. [`render_elements`] and
//! [`render_diff`] are the human views behind `plotgrade dump elements` and
//! `plotgrade diff`. `docs/code-channel.md` describes all of it per figure type.
//!
//! Layout: `syntax` (tree-sitter → `ast`), `interp`/`eval`/`methods` (the reader),
//! `value`/`ops`/`builtins`/`pyfmt` (what it computes with; one-line tests of all of it
//! in `reader_tests`), `calls` (matplotlib calls as data), `canvas`/`draw`/`shapes`
//! (elements per call), `elements` (public types), `diff` (ops and scores), `view` (text
//! views).

mod ast;
mod builtins;
mod canvas;
mod charts;
mod diff;
mod draw;
mod elements;
mod error;
mod eval;
mod interp;
mod methods;
mod ops;
mod pyfmt;
mod pyplot;
mod recover;
// One line per behaviour, as ast-grep's language tests read: kept out of rustfmt.
#[cfg(test)]
#[rustfmt::skip]
mod reader_tests;
mod calls;
mod shapes;
mod syntax;
mod syntax_expr;
mod value;
mod view;

pub use diff::{CodeScore, EditOp, MatchMode, OpMatch, compare_edit, compare_generation, edit_ops};
pub use elements::{Diagnostics, Element, ElementKind, Elements, Position, Shortcut, Value};
pub use error::CodeError;
pub use view::{render_diff, render_elements, render_op};

/// Largest source the channel reads (a plotting script is a few kilobytes).
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// Read the key elements of a script. Never fails: a syntax error is counted in the
/// diagnostics and what could be read is still returned; a source the parser cannot take
/// at all gives no elements and the error in `diagnostics.error`.
pub fn extract(source: &str) -> Elements {
    try_extract(source).unwrap_or_else(|e| Elements {
        diagnostics: Diagnostics {
            error: Some(e.to_string()),
            ..Diagnostics::default()
        },
        ..Elements::default()
    })
}

/// [`extract`], with the errors that leave nothing to read returned as such.
pub fn try_extract(source: &str) -> Result<Elements, CodeError> {
    if source.len() > MAX_SOURCE_BYTES {
        return Err(CodeError::TooLarge {
            bytes: source.len(),
            limit: MAX_SOURCE_BYTES,
            head: syntax::head(source),
        });
    }
    let parsed = syntax::parse(source)?;
    let (elements, shortcuts, mut notes) = interp::read(source, &parsed.stmts);
    if parsed.too_deep {
        notes.push(format!(
            "expressions nested deeper than {} levels read as symbolic text",
            syntax::MAX_NEST
        ));
    }
    let symbolic = elements
        .iter()
        .flat_map(|e| e.attrs.values())
        .filter(|v| v.is_symbolic())
        .count();
    Ok(Elements {
        elements,
        shortcuts,
        diagnostics: Diagnostics {
            syntax_errors: parsed.syntax_errors,
            first_error: parsed.first_error.map(|p| Position {
                line: p.line,
                column: p.column,
            }),
            repaired_lines: parsed.repaired,
            symbolic,
            notes,
            error: None,
        },
    })
}

/// The tree-sitter S-expression of a source, for test failure messages.
pub fn syntax_tree(source: &str) -> String {
    syntax::sexp(source)
}
