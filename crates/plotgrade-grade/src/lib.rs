//! Grading: one submission through every channel to a verdict.
//!
//! The only module that knows all channels; each channel knows none of the others.

pub mod answer;
pub mod answer_llm;
mod asking;
pub mod combine;
pub mod costs;
pub mod grader;
pub mod judge;
pub mod keyed;
pub mod keyed_llm;
pub mod options;
pub mod pipeline;
pub mod process;
mod references;
pub mod response;
/// The graded records, kept at the bottom of the crate (`plotgrade_model::record`) so the store and
/// the reports read them without depending on grading.
pub use plotgrade_model::record as result;
pub mod score;
pub mod validate;

pub use result::{
    AnswerMethod, AnswerRead, AnswerReading, ChannelScore, Channels, ChoiceResult, ExtractionMode,
    Flag, Funnel, GradeResult, KeyedAnswer, KeyedRead, Rejected,
};
