//! `grade`, `validate`: the pipeline with a progress bar and Ctrl-C.

use super::ExitCode;
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;

use super::{GradeArgs, ValidateArgs, progress_bar};
use crate::exec::ExecConfig;
use crate::judge::{JudgeConfig, JudgeMode, JudgeSettings};

/// The LLM judge (the rubric channel); without a URL and a model it is not asked.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "LLM judge (rubric channel)")]
pub(super) struct JudgeArgs {
    /// Base URL of an OpenAI-compatible API, e.g. https://api.deepseek.com/v1
    /// [env: PLOTGRADE_JUDGE_URL, else OPENAI_BASE_URL]
    #[arg(long, value_name = "URL")]
    judge_url: Option<String>,
    /// The judge model, e.g. deepseek-chat [env: PLOTGRADE_JUDGE_MODEL]
    #[arg(long, value_name = "NAME")]
    judge_model: Option<String>,
    /// API key, sent as a bearer token; prefer the environment, which keeps it out of
    /// the process list [env: PLOTGRADE_JUDGE_API_KEY, else OPENAI_API_KEY]
    #[arg(long, value_name = "KEY")]
    judge_api_key: Option<String>,
    /// rubric: MathOPEval's rubric and the code; hybrid: also the code and figure
    /// channels' measured element diffs, as evidence the judge must weigh.
    #[arg(long, default_value = "rubric", value_parser = judge_mode_parser())]
    judge_mode: JudgeMode,
    /// Ask K times per submission (distinct cache keys); the summary reports how
    /// consistent the judge is with itself.
    #[arg(long, default_value_t = 1, value_name = "K")]
    judge_repeat: u32,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 4, value_name = "N")]
    judge_concurrency: usize,
    /// Seconds one request may take (connect, wait and read) before it is retried.
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    judge_timeout: f64,
    /// Retries of a request after 429, 5xx, a timeout or a broken connection.
    #[arg(long, default_value_t = 3, value_name = "N")]
    judge_retries: u32,
    /// Seconds before the first retry; doubles each time (a Retry-After header wins).
    #[arg(long, default_value_t = 1.0, value_name = "SECONDS")]
    judge_backoff: f64,
    /// Write the prompts to RUN_DIR/judge-prompts/MODEL/ID.txt and send nothing.
    #[arg(long)]
    judge_dry_run: bool,
    /// A request parameter besides model and messages, KEY=VALUE; repeat for more. VALUE
    /// is JSON when it parses (2048, true, null, {"type": "text"}), else a string; `null`
    /// removes a default. The defaults are temperature=0 and max_tokens=2048; newer
    /// OpenAI models want `--judge-param max_completion_tokens=2048 --judge-param
    /// max_tokens=null`. Parameters are part of the judge cache key.
    #[arg(long = "judge-param", value_name = "KEY=VALUE")]
    judge_params: Vec<String>,
}

/// `--judge-mode`: one of the library's [`JudgeMode::ALL`], by name (no mirror enum: the
/// names are the library's).
fn judge_mode_parser() -> impl clap::builder::TypedValueParser<Value = JudgeMode> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(JudgeMode::ALL.map(|(name, _)| name))
        .map(|s| s.parse().expect("one of JudgeMode::ALL"))
}

/// `KEY=VALUE` of `--judge-param`, the value as JSON when it parses, else as a string
/// (the key is checked with the other settings).
fn judge_param(arg: &str) -> Result<(String, serde_json::Value)> {
    let Some((key, value)) = arg.split_once('=') else {
        bail!("--judge-param {arg:?}: expected KEY=VALUE, e.g. max_completion_tokens=2048");
    };
    let value = serde_json::from_str(value.trim())
        .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
    Ok((key.trim().to_string(), value))
}

impl JudgeArgs {
    /// The flags as the judge library's settings (the Python package fills the same).
    fn settings(&self) -> Result<JudgeSettings> {
        Ok(JudgeSettings {
            url: self.judge_url.clone(),
            model: self.judge_model.clone(),
            api_key: self.judge_api_key.clone(),
            mode: self.judge_mode,
            repeat: self.judge_repeat,
            concurrency: self.judge_concurrency,
            timeout: self.judge_timeout,
            retries: self.judge_retries,
            backoff: self.judge_backoff,
            dry_run: self.judge_dry_run,
            params: self
                .judge_params
                .iter()
                .map(|a| judge_param(a))
                .collect::<Result<_>>()?,
        })
    }

    /// The judge to ask, or `None` when no URL and model are given (flags or environment).
    fn resolve(&self) -> Result<Option<JudgeConfig>> {
        Ok(self.settings()?.resolve()?)
    }
}

/// Set by SIGINT: stop handing out work, finish what runs, write the outputs.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    // Async-signal-safe: one atomic store. A second Ctrl-C gets the default action.
    INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
    // SAFETY: restoring the default disposition is async-signal-safe.
    unsafe { libc::signal(libc::SIGINT, libc::SIG_DFL) };
}

fn catch_ctrl_c() {
    // SAFETY: installing a handler that only stores to an atomic.
    unsafe { libc::signal(libc::SIGINT, on_sigint as *const () as libc::sighandler_t) };
}

/// The pipeline's progress, shown to whoever watches: a bar on a terminal; in a log (a
/// batch job, `nohup`, CI) a line every 10 s and one when a phase ends, which a bar
/// cannot give since it draws nothing off a terminal.
enum Bar {
    Terminal(Option<indicatif::ProgressBar>),
    Log(Option<LogLines>),
}

/// One phase's progress as log lines.
struct LogLines {
    what: String,
    total: u64,
    done: u64,
    start: std::time::Instant,
    last: std::time::Instant,
    every: Duration,
}

impl LogLines {
    fn line(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            self.done as f64 / secs
        } else {
            0.0
        };
        let left = if rate > 0.0 {
            format!(
                ", about {} left",
                human_secs((self.total - self.done.min(self.total)) as f64 / rate)
            )
        } else {
            String::new()
        };
        format!(
            "{}: {}/{} ({:.0}%), {rate:.1}/s{left}",
            self.what,
            self.done,
            self.total,
            100.0 * self.done as f64 / self.total.max(1) as f64
        )
    }
}

fn human_secs(s: f64) -> String {
    let s = s.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

impl Bar {
    fn new() -> Bar {
        use std::io::IsTerminal;
        if std::io::stderr().is_terminal() {
            Bar::Terminal(None)
        } else {
            Bar::Log(None)
        }
    }

    fn finish(&mut self) {
        match self {
            Bar::Terminal(b) => {
                if let Some(b) = b.take() {
                    b.finish_and_clear();
                }
            }
            Bar::Log(l) => {
                if let Some(l) = l.take() {
                    eprintln!(
                        "{}: {}/{} done in {}",
                        l.what,
                        l.done,
                        l.total,
                        human_secs(l.start.elapsed().as_secs_f64())
                    );
                }
            }
        }
    }
}

/// Seconds between progress lines in a log: `PLOTGRADE_PROGRESS_SECS`, default 10.
fn log_every() -> Duration {
    std::env::var("PLOTGRADE_PROGRESS_SECS")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v >= 0.0)
        .map_or(Duration::from_secs(10), Duration::from_secs_f64)
}

impl crate::grade::pipeline::Progress for Bar {
    fn phase(&mut self, what: &str, total: u64) {
        self.finish();
        if total == 0 {
            return;
        }
        match self {
            Bar::Terminal(b) => *b = Some(progress_bar(total, what)),
            Bar::Log(l) => {
                let now = std::time::Instant::now();
                eprintln!("{what}: 0/{total}");
                *l = Some(LogLines {
                    what: what.to_string(),
                    total,
                    done: 0,
                    start: now,
                    last: now,
                    every: log_every(),
                });
            }
        }
    }
    fn advance(&mut self, n: u64) {
        match self {
            Bar::Terminal(Some(b)) => b.inc(n),
            Bar::Log(Some(l)) => {
                l.done += n;
                if l.last.elapsed() >= l.every && l.done < l.total {
                    l.last = std::time::Instant::now();
                    eprintln!("{}", l.line());
                }
            }
            _ => {}
        }
    }
    fn warn(&mut self, msg: &str) {
        match self {
            Bar::Terminal(Some(b)) => b.println(msg),
            _ => eprintln!("{msg}"),
        }
    }
}

impl GradeArgs {
    /// What `grade` runs with: these arguments, the environment's worker settings, the
    /// shared reference cache and the judge the flags (or the environment) name.
    fn options(&self) -> Result<crate::grade::pipeline::GradeOptions> {
        let exec = ExecConfig::from_env(self.jobs, self.exec.limits()?)?;
        let mut opts = crate::grade::pipeline::GradeOptions::new(
            &self.tasks,
            &self.submissions,
            &self.out,
            exec,
        );
        opts.shard = self.shard.as_deref().map(str::parse).transpose()?;
        opts.input = self.input.spec();
        opts.answer_reading = self.answer_reading;
        opts.judge = self.judge.resolve()?;
        Ok(opts)
    }
}

fn run_grade(
    opts: &crate::grade::pipeline::GradeOptions,
) -> Result<crate::grade::pipeline::GradeReport> {
    catch_ctrl_c();
    let mut bar = Bar::new();
    let report = crate::grade::pipeline::grade(opts, None, &INTERRUPTED, &mut bar)?;
    bar.finish();
    if let Some(j) = &report.judge {
        println!(
            "judge: {} submission(s) judged now{}: {} request(s) sent, {} answer(s) from the cache, {} failed{}, {} unparseable{}",
            j.judged,
            [
                (j.processes, "answer process(es)"),
                (j.answers_read, "answer(s) read by the LLM")
            ]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!(" and {n} {what}"))
            .collect::<String>(),
            j.requests,
            j.cache_hits,
            j.failed,
            if j.failed > 0 {
                " (run the same command to ask again)"
            } else {
                ""
            },
            j.unparseable,
            if j.dry_run > 0 {
                format!("; {} prompt(s) written (dry run)", j.dry_run)
            } else {
                String::new()
            }
        );
        if let Some(why) = &j.refused {
            println!(
                "judge: stopped asking: the judge refused a request as it would refuse every one ({why}); \
                 {} submission(s) not asked — fix --judge-url/--judge-model/the API key and run the same command",
                j.not_asked
            );
        }
    }
    Ok(report)
}

pub(super) fn grade(args: &GradeArgs) -> Result<ExitCode> {
    let opts = args.options()?;
    let r = run_grade(&opts)?;
    println!(
        "{} graded now, {} already done; {} result(s), {} passed, {} line(s) rejected{}",
        r.graded_now,
        r.already_done,
        r.results,
        r.passed,
        r.rejected,
        if r.cancelled {
            "; interrupted (run the same command to resume)"
        } else {
            ""
        }
    );
    for rej in &r.first_rejected {
        println!("  rejected {}: {}", rej.at, rej.reason);
    }
    if r.rejected > r.first_rejected.len() {
        println!(
            "  … and {} more rejected line(s): {}",
            r.rejected - r.first_rejected.len(),
            args.out.join("summary.md").display()
        );
    }
    println!("report: {}", args.out.join("report.html").display());
    if r.results == 0 && r.rejected == 0 && r.lost == 0 && !r.cancelled && opts.shard.is_none() {
        eprintln!(
            "plotgrade: nothing graded: {} holds no submission",
            args.submissions.display()
        );
        return Ok(ExitCode::FAILURE);
    }
    if r.lost > 0 {
        eprintln!(
            "plotgrade: {} submission(s) not graded: their worker was killed from outside, twice \
             (out of memory?); run the same command to grade them",
            r.lost
        );
        return Ok(ExitCode::from(2));
    }
    let judge_failed = r.judge.is_some_and(|j| j.failed > 0 || j.refused.is_some());
    Ok(if r.rejected > 0 || r.cancelled || judge_failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

pub(super) fn validate(args: &ValidateArgs) -> Result<ExitCode> {
    let labelled = crate::task::load_labelled(&args.labelled, None);
    for p in &labelled.problems {
        eprintln!("{p}");
    }
    let exec = ExecConfig::from_env(args.jobs, args.exec.limits()?)?;
    let mut opts =
        crate::grade::pipeline::GradeOptions::new(&args.tasks, &args.labelled, &args.out, exec);
    opts.judge = args.judge.resolve()?;
    let r = run_grade(&opts)?;
    if r.cancelled {
        bail!("interrupted; run the same command to resume");
    }
    let store = crate::store::RunStore::open_existing(&args.out)?;
    let mut v = crate::grade::validate::validate(&labelled.items, &store.results()?);
    // A labelled line the loader rejected (named on stderr above) has no result either:
    // counted, so that a bad label never shrinks the set unseen.
    v.missing += labelled.problems.len();
    let md = crate::grade::validate::render_markdown(&v);
    std::fs::write(args.out.join("validation.md"), &md)?;
    std::fs::write(
        args.out.join("validation.json"),
        serde_json::to_string_pretty(&v)? + "\n",
    )?;
    print!("{md}");
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::judge_param;
    use serde_json::json;

    #[test]
    fn judge_params_are_json_when_they_parse_and_name_their_error_otherwise() {
        assert_eq!(
            judge_param("max_completion_tokens=2048").unwrap(),
            ("max_completion_tokens".into(), json!(2048))
        );
        assert_eq!(
            judge_param("max_tokens=null").unwrap(),
            ("max_tokens".into(), json!(null))
        );
        assert_eq!(
            judge_param("reasoning_effort=low").unwrap(),
            ("reasoning_effort".into(), json!("low"))
        );
        let e = judge_param("max_tokens").unwrap_err().to_string();
        assert!(e.contains("KEY=VALUE"), "{e}");
        // The key is checked with the other settings, by the judge library.
        let settings = crate::judge::JudgeSettings {
            url: Some("http://127.0.0.1:9/v1".into()),
            model: Some("m".into()),
            params: vec![judge_param("model=x").unwrap()],
            ..Default::default()
        };
        let e = settings.resolve().unwrap_err().to_string();
        assert!(e.contains("--judge-model"), "{e}");
    }
}
