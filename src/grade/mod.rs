//! Grading: one submission through every channel to a verdict.
//!
//! The only module that knows all channels; each channel knows none of the others.

pub mod combine;
pub mod extract;
pub mod result;

pub use result::{
    AnswerMethod, ChannelScore, Channels, ChoiceResult, ExtractionMode, Flag, Funnel, GradeResult,
    Rejected,
};
