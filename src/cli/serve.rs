//! `plotgrade serve`: the reward server (crate `plotgrade-serve`) on a suite.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;

use super::{ExecArgs, ExitCode};
use crate::exec::ExecConfig;
use plotgrade_serve::{Config, RewardKind, Server};

#[derive(Debug, Args)]
pub(super) struct ServeArgs {
    /// tasks.jsonl of the suite the answers are to; a request's ids (OpenRLHF: its
    /// labels) name its tasks.
    #[arg(long)]
    tasks: PathBuf,
    /// Address to listen on. The default takes requests from this machine only; give
    /// 0.0.0.0 to take them from anywhere (there is no authentication).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port (0: any free port; the one taken is printed).
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// Worker processes: every request's answers are spread over all of them.
    #[arg(long, default_value_t = crate::exec::config::default_jobs(), value_parser = crate::cli::jobs_at_least_one)]
    jobs: usize,
    /// Requests graded at once (each over all workers; 2 lets one request's scoring
    /// overlap another's code).
    #[arg(long, default_value_t = 2, value_parser = crate::cli::jobs_at_least_one)]
    handlers: usize,
    /// Requests that may wait beyond those being graded; more are answered 503 with
    /// Retry-After.
    #[arg(long, default_value_t = 64)]
    queue: usize,
    /// Seconds from a request's arrival to its answer; a request not graded by then is
    /// answered 504 and no more of its code is started.
    #[arg(long, default_value_t = 600.0, value_name = "SECONDS")]
    request_timeout: f64,
    /// Seconds a request's body may take to arrive once it is read; a client that sends
    /// its headers and then withholds the body is answered 408 instead of holding a
    /// handler.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    read_timeout: f64,
    /// The largest request body, in MiB (413 beyond).
    #[arg(long, default_value_t = 64, value_name = "MIB")]
    max_body: usize,
    /// What /reward returns per answer: scaled (the 1–10 score mapped to 0–1: no code 0,
    /// perfect 1), score (1–10), pass (1 or 0).
    #[arg(long, default_value = "scaled", value_parser = reward_parser())]
    reward: RewardKind,
    /// The model name result records carry (a /grade request may give its own).
    #[arg(long, default_value = "policy")]
    model: String,
    /// The reference cache (default: the shared one under PLOTGRADE_CACHE).
    #[arg(long)]
    ref_cache: Option<PathBuf>,
    #[command(flatten)]
    exec: ExecArgs,
}

/// `--reward`: one of the library's [`RewardKind::ALL`], by name.
fn reward_parser() -> impl clap::builder::TypedValueParser<Value = RewardKind> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(RewardKind::ALL.map(|(name, _)| name))
        .map(|s| s.parse::<RewardKind>().expect("one of RewardKind::ALL"))
}

/// Set by SIGINT or SIGTERM: stop accepting, answer what was accepted, exit 0.
static STOP: AtomicBool = AtomicBool::new(false);

extern "C" fn on_stop(_: libc::c_int) {
    // Async-signal-safe: one atomic store.
    STOP.store(true, Ordering::SeqCst);
}

pub(super) fn serve(args: &ServeArgs) -> Result<ExitCode> {
    if !(args.request_timeout.is_finite() && args.request_timeout > 0.0) {
        bail!(
            "--request-timeout must be a positive number of seconds, got {}",
            args.request_timeout
        );
    }
    if !(args.read_timeout.is_finite() && args.read_timeout > 0.0) {
        bail!(
            "--read-timeout must be a positive number of seconds, got {}",
            args.read_timeout
        );
    }
    let config = ExecConfig::from_env(args.jobs, args.exec.limits()?)?;
    let ref_cache = args
        .ref_cache
        .clone()
        .unwrap_or_else(|| crate::exec::config::cache_dir().join(crate::store::REF_CACHE_FILE));
    let grader = crate::grade::grader::Grader::new(&args.tasks, config, &ref_cache)?;
    for w in grader.pool().warnings() {
        eprintln!("{w}");
    }
    let server = Server::bind(
        Arc::new(grader),
        Config {
            addr: format!("{}:{}", args.host, args.port),
            handlers: args.handlers,
            queue: args.queue,
            deadline: Duration::from_secs_f64(args.request_timeout),
            max_body: args.max_body.saturating_mul(1 << 20),
            read_timeout: Duration::from_secs_f64(args.read_timeout),
            reward: args.reward,
            model: args.model.clone(),
        },
    )?;
    // SAFETY: installing handlers that only store to an atomic.
    unsafe {
        libc::signal(libc::SIGINT, on_stop as *const () as libc::sighandler_t);
        libc::signal(libc::SIGTERM, on_stop as *const () as libc::sighandler_t);
    }
    let addr = server
        .local_addr()
        .map_or_else(|| format!("{}:{}", args.host, args.port), |a| a.to_string());
    eprintln!(
        "plotgrade serve: listening on http://{addr} ({} tasks, {} workers): POST /reward (OpenRLHF), POST /grade, GET /health, GET /metrics; Ctrl-C stops",
        server.task_count(),
        args.jobs
    );
    server.run(&STOP)?;
    eprintln!("plotgrade serve: stopped; every accepted request was answered");
    Ok(ExitCode::SUCCESS)
}
