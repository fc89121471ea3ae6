//! Reports of a graded run: the summary (`summary.json`, `summary.md`: the paper's
//! Table III and Table II layouts, the execution funnel, variants, rejected lines), the
//! agreement between channels, and the HTML report (`report.html`).
//!
//! Reports only format what grading produced ([`GradeResult`], [`ChoiceResult`],
//! [`Rejected`]); they never recompute a grade. Every output is deterministic: the same
//! results give the same bytes.

mod agreement;
pub mod aid;
mod averages;
mod cells;
mod charts;
pub mod consistency;
mod flat;
mod html;
mod judge;
pub mod keypoints;
mod markdown;
pub mod robustness;
pub mod stats;
mod summary;
mod tables;
mod tags;
mod text;
mod why;
pub use flat::write_flat;
pub use html::Whole;
pub use text::esc;
pub use why::reason;
#[cfg(test)]
#[allow(clippy::too_many_lines)] // a test reads as one scenario
mod tests;

use std::io;
use std::path::{Path, PathBuf};

pub use agreement::{
    Agreement, AgreementGroup, Channel, ChannelStats, MIN_N, PairStats, Thresholds,
};
pub use averages::{Macro, MacroRow, macro_averages, macro_row};
pub use judge::{Consistency, JudgeCell, JudgeSummary, JudgeTable};
pub use summary::{
    ALL_MODELS, AccuracyCell, Choice, Funnel, FunnelRow, MethodCounts, NamedCount, ReadingRow,
    RejectedCounts, Row, ScoreCell, ScoreMacro, Stage, Summary, Table, VariantGroup, VariantModel,
    Variants, summarize, summarize_with,
};
pub use tags::{TagRow, TagTable};

use plotgrade_model::record::{ChoiceResult, GradeResult, Rejected};

/// The file names written into a run directory.
pub const SUMMARY_JSON: &str = "summary.json";
pub const SUMMARY_MD: &str = "summary.md";
pub const REPORT_HTML: &str = "report.html";

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot write {}: {source} (does the run directory exist and is it writable?)", path.display())]
    Write { path: PathBuf, source: io::Error },
    #[error("cannot serialise the summary to JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("cannot write the report's rows: {0}")]
    Rows(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `summary.md` as text.
pub fn render_markdown(summary: &Summary) -> String {
    markdown::render(summary)
}

/// `report.html` as text, taking every artifact to exist.
pub fn render_html(results: &[GradeResult], summary: &Summary) -> String {
    html::render(results, summary)
}

/// Writes `summary.json` (pretty; keys in a fixed order) and `summary.md` into `run_dir`.
pub fn write_summary(run_dir: &Path, summary: &Summary) -> Result<()> {
    let mut json = serde_json::to_string_pretty(summary)?;
    json.push('\n');
    write_file(&run_dir.join(SUMMARY_JSON), json.as_bytes())?;
    write_file(
        &run_dir.join(SUMMARY_MD),
        render_markdown(summary).as_bytes(),
    )
}

/// Writes `report.html` into `run_dir`. Artifacts missing from `run_dir` are named as
/// missing in the page rather than shown as broken images.
pub fn write_html(run_dir: &Path, results: &[GradeResult], summary: &Summary) -> Result<()> {
    write_html_with(run_dir, results, summary, html::INLINE_ROWS)
}

/// [`write_html`], every row inline up to `inline_rows` submissions; beyond, the row
/// bodies go to `report-rows/*.js`, which the page loads after it opens. Row files of an
/// earlier report are removed first.
pub fn write_html_with(
    run_dir: &Path,
    results: &[GradeResult],
    summary: &Summary,
    inline_rows: usize,
) -> Result<()> {
    write_html_streamed(run_dir, results, None, summary, inline_rows)
}

/// [`write_html_with`] from results that may lack their code, figure and image
/// details, with `whole` giving each row's whole result in (model, id) order (the run
/// store read a chunk at a time); each row file is written as it is made.
pub fn write_html_streamed(
    run_dir: &Path,
    results: &[GradeResult],
    whole: Option<html::Whole<'_>>,
    summary: &Summary,
    inline_rows: usize,
) -> Result<()> {
    let exists = |artifact: &str| run_dir.join(artifact.trim_start_matches('/')).is_file();
    let dir = run_dir.join(html::CHUNK_DIR);
    let err = |source| Error::Write {
        path: dir.clone(),
        source,
    };
    match std::fs::remove_dir_all(&dir) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(err(e)),
        _ => {}
    }
    let mut failed = None;
    let mut emit = |i: usize, chunk: String| {
        let written = std::fs::create_dir_all(&dir)
            .map_err(err)
            .and_then(|()| write_file(&dir.join(format!("{i:04}.js")), chunk.as_bytes()));
        written.map_err(|e| {
            let text = e.to_string();
            failed = Some(e);
            text
        })
    };
    let page = html::render_streamed(results, whole, summary, &exists, inline_rows, &mut emit);
    if let Some(e) = failed {
        return Err(e);
    }
    let page = page.map_err(Error::Rows)?;
    write_file(&run_dir.join(REPORT_HTML), page.as_bytes())
}

/// Summarises and writes all three reports; returns the summary.
pub fn write_all(
    run_dir: &Path,
    results: &[GradeResult],
    choices: &[ChoiceResult],
    rejected: &[Rejected],
) -> Result<Summary> {
    write_all_streamed(run_dir, results, None, choices, rejected, &[])
}

/// [`write_all`] from results that may lack their code, figure and image details (the
/// summary reads only scores, verdicts and the judge's details), with `whole` giving the
/// whole results for the page's rows ([`write_html_streamed`]), and robustness measured
/// over `suite` (every task of the run's suite; empty: over what was answered).
pub fn write_all_streamed(
    run_dir: &Path,
    results: &[GradeResult],
    whole: Option<html::Whole<'_>>,
    choices: &[ChoiceResult],
    rejected: &[Rejected],
    suite: &[robustness::SuiteMember],
) -> Result<Summary> {
    let mut summary = summarize(results, choices, rejected);
    // Over the suite's variants, where the suite is known: an answer not given counts.
    if !suite.is_empty() {
        let results: Vec<&GradeResult> = results.iter().collect();
        let choices: Vec<&ChoiceResult> = choices.iter().collect();
        summary.robustness = robustness::robustness(&results, &choices, suite);
    }
    write_summary(run_dir, &summary)?;
    write_html_streamed(run_dir, results, whole, &summary, html::INLINE_ROWS)?;
    Ok(summary)
}

/// Writes through a temporary file and a rename, so a reader (or a run stopped
/// half-way) never sees a half-written report.
fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    let err = |source| Error::Write {
        path: path.to_path_buf(),
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    // Created 0666 less the umask, as any file a person writes: tempfile's default (0600)
    // would keep a report from the people the run directory is shared with.
    let mut tmp = tempfile::Builder::new()
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666))
        .tempfile_in(dir)
        .map_err(err)?;
    io::Write::write_all(&mut tmp, bytes).map_err(err)?;
    tmp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}
