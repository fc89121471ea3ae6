//! The model of matplotlib: the room of the code channel that knows what a plotting call
//! draws.
//!
//! [`read`] runs the Python reader over a parsed script with matplotlib as its
//! [`Library`](plotgrade_pyreader::Library): pyplot functions, Axes and Figure methods,
//! patch constructors and the image readers that mark a shortcut. Figures and axes are
//! tracked on a canvas so that pyplot's "current axes" is known, and each drawing call
//! records the key elements it draws: bars, wedges, lines, function curves, points,
//! segments, polygons, circles, texts, titles… Which call draws what is data
//! (`calls.rs`), one row per call.
//!
//! What it may depend on: the Python reader (`plotgrade-pyreader`), whose values it takes
//! and whose objects it makes; no other plotgrade crate. The code channel builds on it.
//!
//! Layout: `pyplot` (matplotlib as the reader's library), `calls` (matplotlib calls as
//! data), `canvas` (figures, axes, and the finishing pass that keys elements), `draw`/
//! `charts`/`shapes` (elements per call), `objects` (matplotlib objects in the reader's
//! variables), `elements` (the public types).

mod calls;
mod canvas;
mod charts;
mod draw;
mod elements;
mod objects;
mod pyplot;
mod shapes;

pub use elements::{Element, ElementKind, Shortcut};
pub use plotgrade_pyreader::Value;

use plotgrade_pyreader::Parsed;

/// What a script draws: its elements (keys settled), the image shortcuts it takes, and
/// what the reader and the model skipped or bounded.
#[derive(Debug, Default)]
pub struct Drawing {
    pub elements: Vec<Element>,
    pub shortcuts: Vec<Shortcut>,
    pub notes: Vec<String>,
}

/// Read a parsed script (`source` is its text) with matplotlib behind the reader.
pub fn read(source: &str, parsed: &Parsed) -> Drawing {
    let mut canvas = canvas::Canvas::default();
    plotgrade_pyreader::read(source, parsed, &mut canvas);
    canvas.finish()
}
