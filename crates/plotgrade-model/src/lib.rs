//! plotgrade's data model, shared by every other crate: what a figure draws ([`scene`]),
//! the suites ([`task`]), how a job ended ([`status`]), the graded records ([`record`]),
//! what each channel records in them ([`details`], [`pixels`]) and the matching both
//! comparing channels score with ([`matching`]).
//!
//! It sits at the bottom of the crate graph (docs/design.md): it depends on no other
//! plotgrade crate, and on no Python.

pub mod details;
pub mod matching;
pub mod named;
pub mod pixels;
pub mod record;
pub mod scene;
pub mod status;
pub mod task;
