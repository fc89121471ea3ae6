//! The `plotgrade` binary: parse arguments, call the library, map the outcome to an exit code.

use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    plotgrade::cli::main()
}

/// `plotgrade … | head` ends like any Unix filter whose reader went away: quietly, with
/// the status of a SIGPIPE death (141), instead of a panic message from `println!`.
///
/// Rust ignores SIGPIPE so that a write to a closed pipe is an error, not a death; the
/// parent relies on that to notice a dead worker (its stdin pipe breaks), so SIGPIPE is
/// not restored. Only the panic `println!` raises on a closed stdout is recognised here.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.starts_with("failed printing to stdout") && msg.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info)
    }));
}
