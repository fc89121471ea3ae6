//! One script → its [`Elements`]: the reader parses it, the model of matplotlib reads it
//! and draws, and the diagnostics say how well that went.

use plotgrade_mplmodel::{Element, ElementKind, Shortcut};
use plotgrade_pyreader::budget;
use serde::{Deserialize, Serialize};

use super::error::CodeError;

/// Largest source the channel reads (a plotting script is a few kilobytes).
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// 1-based line and column (in bytes) of a syntax error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// How well the code could be read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Diagnostics {
    /// Syntax errors in the whole-file parse (0 for valid Python).
    pub syntax_errors: usize,
    pub first_error: Option<Position>,
    /// Lines of statements re-read with their unclosed brackets closed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub repaired_lines: Vec<usize>,
    /// Attributes that stayed symbolic.
    pub symbolic: usize,
    /// What the reader skipped or bounded: unrolled-loop limits, unresolved branches.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Set when nothing could be read at all (see [`super::CodeError`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Everything the code channel read from one script.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Elements {
    pub elements: Vec<Element>,
    pub shortcuts: Vec<Shortcut>,
    pub diagnostics: Diagnostics,
}

impl Elements {
    pub fn of_kind(&self, kind: ElementKind) -> impl Iterator<Item = &Element> {
        self.elements.iter().filter(move |e| e.kind == kind)
    }

    pub fn get(&self, kind: ElementKind, axes: usize, key: &str) -> Option<&Element> {
        self.elements
            .iter()
            .find(|e| e.kind == kind && e.axes == axes && e.key == key)
    }
}

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
            head: plotgrade_pyreader::head(source),
        });
    }
    let parsed = plotgrade_pyreader::parse(source)?;
    // One byte budget for the reading and the model's finishing pass alike: whatever
    // the submission's values cost this process is charged to it.
    let (drawing, usage) =
        budget::scope(budget::BYTES, || plotgrade_mplmodel::read(source, &parsed));
    let mut notes = drawing.notes;
    if usage.spent && !notes.iter().any(|n| n == budget::NOTE) {
        notes.push(budget::NOTE.to_string());
    }
    if parsed.too_deep {
        notes.push(format!(
            "expressions nested deeper than {} levels read as symbolic text",
            plotgrade_pyreader::MAX_NEST
        ));
    }
    let elements = drawing.elements;
    let symbolic = elements
        .iter()
        .flat_map(|e| e.attrs.values())
        .filter(|v| v.is_symbolic())
        .count();
    Ok(Elements {
        elements,
        shortcuts: drawing.shortcuts,
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
    plotgrade_pyreader::sexp(source)
}
