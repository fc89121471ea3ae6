//! Grading: one submission through every channel to a verdict.
//!
//! The only module that knows all channels; each channel knows none of the others.

pub mod combine;
pub mod extract;
pub mod judge;
pub mod pipeline;
pub mod result;
pub mod score;
pub mod validate;

pub use result::{
    AnswerMethod, ChannelScore, Channels, ChoiceResult, ExtractionMode, Flag, Funnel, GradeResult,
    Rejected,
};
