//! The `plotgrade` binary: parse arguments, call the library, map the outcome to an exit code.

use std::process::ExitCode;

fn main() -> ExitCode {
    plotgrade::cli::main()
}
