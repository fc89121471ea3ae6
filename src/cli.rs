//! Command-line interface (being written).
use std::process::ExitCode;

pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
