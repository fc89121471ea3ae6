//! What the reader asks of the library a script calls beyond Python, `math` and numpy
//! (for plotgrade: matplotlib, in `plotgrade-mplmodel`).
//!
//! The reader resolves names, imports, arithmetic and its own library functions; a call it
//! cannot resolve itself, a method called on one of the library's objects (or on a value
//! the reader lost track of), and a name bound at statement level are offered to the
//! library, which may draw, track figures, and return its own [`Object`]s.
//!
//! The library is called inside the reader's byte budget ([`super::budget`]): the copies
//! it makes of the values it is handed (`Val::clone`, broadcasting a colour over a
//! hundred thousand bars; [`Val::to_value`](super::Val::to_value)) are charged like the
//! reader's own, and once the budget is spent they are unknown values. What a library
//! keeps beyond those copies should stay in proportion to the calls it is handed (the
//! model of matplotlib keeps at most 5,000 elements).
//!
//! [`Object`]: super::Object

use super::builtins::Args;
use super::value::Val;

pub trait Library {
    /// Something the reader skipped or bounded, for the diagnostics (in reading order,
    /// among the library's own notes).
    fn note(&mut self, note: String);

    /// `path(args)` for a function by its full dotted name (`matplotlib.pyplot.bar`), asked
    /// before the reader's own library functions. `None`: not the library's, or not
    /// resolved; the reader then reads the call itself or keeps it symbolic.
    fn call(&mut self, path: &str, args: &Args, line: usize) -> Option<Val>;

    /// `recv.name(args)` where `recv` is one of the library's objects or unresolved
    /// (`Val::Sym`: an axes the reader lost track of). `None`: the reader reads it as a
    /// method of a plain value, which keeps it symbolic.
    fn method(&mut self, recv: &Val, name: &str, args: &Args, line: usize) -> Option<Val>;

    /// Whether `name` is one of the library's functions, for names that a
    /// `from module import *` may have brought in.
    fn provides(&self, name: &str) -> bool;

    /// The value of a bare name the library makes available without an import, if any
    /// (the patch constructors: `Circle` alone is `matplotlib.patches.Circle`).
    fn global(&self, name: &str) -> Option<Val>;

    /// `name = value` by an assignment statement (also through unpacking or an element
    /// assignment, not as a loop, `with` or comprehension target): a library may read a
    /// binding as something drawn (`A = (0, 0)`, a point).
    fn assigned(&mut self, name: &str, value: &Val, line: usize);
}
