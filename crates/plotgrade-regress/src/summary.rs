//! `check --summary html,json`: `check-summary.json` (the [`CheckReport`] as data) and
//! `check-report.html` (a page a reviewer opens: version changes at the top, then every
//! figure that did not pass as baseline | new | diff, with the changes spelled out).

use std::path::{Path, PathBuf};

use super::check::{CheckReport, Entry, Verdict, fmt_rms};
use super::error::{Result, io};
use super::manifest::{write_atomic, write_json};
use super::scripts::{relative, slash};

/// The summary files `check` can write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryFormat {
    Html,
    Json,
}

impl SummaryFormat {
    /// Every format with its name, as `--summary` spells it.
    pub const ALL: [(&'static str, SummaryFormat); 2] =
        [("html", SummaryFormat::Html), ("json", SummaryFormat::Json)];
}

impl std::str::FromStr for SummaryFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<SummaryFormat, String> {
        plotgrade_model::named::parse(&SummaryFormat::ALL, s, "summary format")
    }
}

pub const SUMMARY_JSON: &str = "check-summary.json";
pub const REPORT_HTML: &str = "check-report.html";

/// Writes the requested summaries into `out`; image links point into `baseline`.
pub fn write_summary(
    report: &CheckReport,
    baseline: &Path,
    out: &Path,
    formats: &[SummaryFormat],
) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out).map_err(io(out))?;
    let mut written = Vec::new();
    if formats.contains(&SummaryFormat::Json) {
        let p = out.join(SUMMARY_JSON);
        write_json(&p, report)?;
        written.push(p);
    }
    if formats.contains(&SummaryFormat::Html) {
        let b = baseline.canonicalize().map_err(io(baseline))?;
        let o = out.canonicalize().map_err(io(out))?;
        let prefix = slash(&relative(&o, &b));
        let p = out.join(REPORT_HTML);
        write_atomic(&p, html(report, &prefix).as_bytes())?;
        written.push(p);
    }
    Ok(written)
}

use plotgrade_report::esc;

/// The page. `prefix` leads from the page's folder to the baseline folder.
pub fn html(report: &CheckReport, prefix: &str) -> String {
    let link = |file: &str| {
        let path = if prefix == "." {
            file.to_string()
        } else {
            format!("{prefix}/{file}")
        };
        // Names may hold characters that are special in URLs.
        path.replace('%', "%25")
            .replace('#', "%23")
            .replace('?', "%3F")
            .replace(' ', "%20")
    };
    let mut h = String::new();
    h.push_str(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>plotgrade check</title>\n<style>\n\
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}\n\
.warn{background:#fff3cd;border:1px solid #e0c060;padding:.6em 1em;margin-bottom:1em}\n\
.entry{border-top:1px solid #ddd;padding:.8em 0}\n\
.v{display:inline-block;min-width:7em;font-weight:bold}\n\
.fail,.new,.vanished,.missing_baseline,.script_failing,.removed{color:#b00020}\n\
.drift{color:#a06000}.pass,.fails_as_recorded{color:#1b7a1b}\n\
.imgs{display:flex;gap:1em;flex-wrap:wrap;margin-top:.5em}\n\
figure{margin:0}img{max-width:420px;border:1px solid #ccc}\n\
ul.changes{margin:.3em 0}\n</style></head><body>\n<h1>plotgrade check</h1>\n",
    );
    if !report.version_changes.is_empty() {
        h.push_str(&format!(
            "<div class=\"warn\" id=\"versions\"><b>Versions differ from the baseline's:</b> {}. \
             Pixel drift is expected; scene changes still mean the figure changed.</div>\n",
            esc(&report.version_changes.join(", "))
        ));
    }
    h.push_str(&format!(
        "<p id=\"summary\">{}</p>\n",
        esc(&report.summary_line())
    ));
    let shown = |v: Verdict| v != Verdict::Pass && v != Verdict::FailsAsRecorded;
    for e in report.entries.iter().filter(|e| shown(e.verdict)) {
        entry(&mut h, e, &link);
    }
    let passed: Vec<&str> = report
        .entries
        .iter()
        .filter(|e| !shown(e.verdict))
        .map(|e| e.name.as_str())
        .collect();
    h.push_str(&format!(
        "<details><summary>{} passed</summary><p>{}</p></details>\n</body></html>\n",
        passed.len(),
        esc(&passed.join(", "))
    ));
    h
}

/// One entry that did not pass: its verdict, reason, changes and pictures.
fn entry(h: &mut String, e: &Entry, link: &dyn Fn(&str) -> String) {
    h.push_str(&format!(
        "<div class=\"entry\" id=\"{}\"><span class=\"v {}\">{}</span> <b>{}</b> — {}",
        esc(&e.name),
        e.verdict.as_str(),
        e.verdict.as_str().replace('_', " "),
        esc(&e.name),
        esc(&e.reason)
    ));
    if let Some(rms) = e.rms.filter(|_| !e.reason.contains("RMS")) {
        h.push_str(&format!(" <small>(RMS {})</small>", fmt_rms(rms)));
    }
    if e.changes.len() > 1 {
        h.push_str("<ul class=\"changes\">");
        for c in &e.changes {
            h.push_str(&format!("<li>{}</li>", esc(c)));
        }
        h.push_str("</ul>");
    }
    let imgs: Vec<(&str, &String)> = [
        ("baseline", e.baseline.as_ref()),
        ("new", e.new.as_ref()),
        ("diff", e.diff.as_ref()),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.map(|v| (k, v)))
    .collect();
    if !imgs.is_empty() {
        h.push_str("<div class=\"imgs\">");
        for (label, file) in imgs {
            h.push_str(&format!(
                "<figure><a href=\"{0}\"><img loading=\"lazy\" src=\"{0}\" alt=\"{1} {2}\"></a><figcaption>{1}</figcaption></figure>",
                esc(&link(file)),
                label,
                esc(&e.name)
            ));
        }
        h.push_str("</div>");
    }
    h.push_str("</div>\n");
}
