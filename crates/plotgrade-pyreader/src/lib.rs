//! The Python reader: the room of the code channel that reads Python without running it.
//!
//! [`parse`] turns a script into the reader's own syntax tree with tree-sitter (no
//! `tree_sitter::Node` leaves this crate), recording syntax errors and re-reading broken
//! statements. [`read`] walks the statements in order, resolving the values it can
//! (literals, variables, element assignment, `np.array`/`linspace`/`arange`, f-strings,
//! arithmetic, loops over known lists, the script's own functions); what it cannot
//! resolve stays the source text that computes it ([`Val::Sym`]).
//!
//! The reader knows Python, its builtins, `math` and the parts of numpy that plotting
//! scripts compute with. Every other library the script calls is a [`Library`] given to
//! [`read`]: the reader hands it the calls and method calls it cannot resolve itself and
//! holds the library's objects as opaque [`Object`]s. For plotgrade that library is
//! matplotlib (`plotgrade-mplmodel`).
//!
//! What it may depend on: no plotgrade crate. The model of matplotlib and the code
//! channel build on it; it knows neither.
//!
//! Layout: `syntax`/`syntax_expr`/`recover` (tree-sitter → `ast`), `interp`/`eval`/
//! `methods` (the walk), `value`/`ops`/`builtins`/`pyfmt` (what it computes with),
//! `budget` (the bytes its values may cost), `library` (what it asks of the library it
//! hosts); one-line tests of all of it in `reader_tests`.

mod ast;
pub mod budget;
pub mod builtins;
mod error;
mod eval;
mod interp;
mod library;
mod methods;
pub mod ops;
pub mod pyfmt;
// One line per behaviour, as ast-grep's language tests read: kept out of rustfmt.
#[cfg(test)]
#[rustfmt::skip]
mod reader_tests;
mod recover;
mod syntax;
mod syntax_expr;
pub mod value;

pub use builtins::Args;
pub use error::ParseError;
pub use interp::read;
pub use library::Library;
pub use syntax::{MAX_NEST, Parsed, Pos, head, parse, sexp, without_comments};
pub use value::{Object, Val, Value};
