//! How a job ended: the executor sets it, the records keep it, reports count it.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How a job ended. Exactly one per job; the grader never fails because of a submission.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The script ran and drew at least one figure.
    Ok,
    /// Nothing to run: an empty file, or only comments.
    NoCode,
    /// The script does not compile (includes source that is not valid UTF-8).
    SyntaxError,
    /// The script raised an exception (or exited with a non-zero code).
    RuntimeError,
    /// Past the wall-clock or CPU deadline; the job's process was killed.
    Timeout,
    /// Ran out of the memory allotted to a job.
    Memory,
    /// Ran to the end without drawing any figure.
    NoFigure,
    /// Tried to start a process, use the network, signal another process, or touch files
    /// outside its directory.
    Forbidden,
    /// Drew a figure that cannot be handed over to the reader (an object of the
    /// submission's own in it, or data that is not figure content).
    Unportable,
    /// The job's process died (a signal, `os._exit`, an interpreter fault).
    #[default]
    Crashed,
}

impl Status {
    pub const ALL: [Status; 10] = [
        Status::Ok,
        Status::NoCode,
        Status::SyntaxError,
        Status::RuntimeError,
        Status::Timeout,
        Status::Memory,
        Status::NoFigure,
        Status::Forbidden,
        Status::Unportable,
        Status::Crashed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::NoCode => "no_code",
            Status::SyntaxError => "syntax_error",
            Status::RuntimeError => "runtime_error",
            Status::Timeout => "timeout",
            Status::Memory => "memory",
            Status::NoFigure => "no_figure",
            Status::Forbidden => "forbidden",
            Status::Unportable => "unportable",
            Status::Crashed => "crashed",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
