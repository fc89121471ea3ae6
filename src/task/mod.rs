//! The suite's types and loaders ([`plotgrade_model::task`]), and rendering a suite's
//! reference images with the executor ([`render`]), which the model crate cannot do.

pub use plotgrade_model::task::*;

pub mod render;
