//! `report.html`: one self-contained page (inline CSS and JS, no network) with the
//! summary tables, then one row per submission: its figures side by side, the diff
//! heatmap, the element diff and the code diff, with filters by model, kind, figure type
//! and verdict.
//!
//! Images are referenced by their relative path in the run directory, beside the page,
//! and load lazily so a run of a thousand submissions opens at once. Every string from a
//! run (model output, error messages, ids, model names) is escaped; the data the filters
//! need lives in escaped `data-` attributes, never inside the script. Rows are sorted by
//! model and id, so the same results give the same bytes in whatever order they were
//! graded.

use std::fmt::Write;

use super::text::{abbreviated, describe_op, esc, esc_text};
use serde::Serialize;
use serde_json::Value;

use super::summary::Summary;
use super::tables::{self, Section, TextTable};
use plotgrade_model::details::{MatchDetails, RecordedOp};
use plotgrade_model::matching::{MatchMode, OpMatch};
use plotgrade_model::record::{Flag, GradeResult};
use plotgrade_model::task::{FigureType, Kind};

const CSS: &str = include_str!("assets/report.css");
const JS: &str = include_str!("assets/report.js");

/// The page, with every artifact taken to exist.
pub fn render(results: &[GradeResult], summary: &Summary) -> String {
    render_checked(results, summary, &|_| true)
}

/// The page; artifacts for which `exists` says no are named as missing instead of
/// shown as broken images. Every row's body is inline.
pub fn render_checked(
    results: &[GradeResult],
    summary: &Summary,
    exists: &dyn Fn(&str) -> bool,
) -> String {
    render_streamed(results, None, summary, exists, usize::MAX, &mut |_, _| {
        Ok(())
    })
    .expect("rows given whole, all inline")
}

/// Rows per file of [`Pages::chunks`].
pub const CHUNK_ROWS: usize = 100;

/// Up to this many submissions, report.html holds every row whole, one file to pass
/// around. Beyond, each row's body (channels, pictures, diffs) is in
/// `report-rows/NNNN.js`, loaded by the page after it opens: the page itself holds the
/// summary and one header line per row, so a 7,552-submission run opens in seconds.
pub const INLINE_ROWS: usize = 500;

/// The directory of the row files, beside report.html.
pub const CHUNK_DIR: &str = "report-rows";

/// The whole results of the rows, in (model, id) order, when the rows a page is made
/// from lack their channel details: the run store read a chunk at a time, so writing
/// the report of a large run holds one chunk of whole results, not the run.
pub type Whole<'a> = &'a mut dyn Iterator<Item = Result<GradeResult, String>>;

/// The page, its row files handed to `emit(index, text)` as each is made. `results`
/// may lack code, figure and image details when `whole` gives them.
pub fn render_streamed(
    results: &[GradeResult],
    whole: Option<Whole<'_>>,
    summary: &Summary,
    exists: &dyn Fn(&str) -> bool,
    inline_rows: usize,
    emit: &mut dyn FnMut(usize, String) -> Result<(), String>,
) -> Result<String, String> {
    let lazy = results.len() > inline_rows;
    let mut rows: Vec<&GradeResult> = results.iter().collect();
    rows.sort_by(|a, b| (&a.model, &a.id).cmp(&(&b.model, &b.id)));

    let mut out = String::with_capacity(4096 + rows.len() * 2048);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<title>plotgrade report</title>\n<style>\n");
    out.push_str(CSS);
    out.push_str("</style>\n</head>\n<body>\n<header class=\"page\">\n<h1>plotgrade report</h1>\n");
    let passed = rows.iter().filter(|r| r.pass).count();
    let _ = writeln!(
        out,
        "<p>{} code submissions, {} passed; {} multiple-choice submissions; models: {}.</p>",
        rows.len(),
        passed,
        summary.choice_submissions,
        esc(&summary.models.join(", "))
    );
    let sections = tables::sections(summary);
    out.push_str("<nav><a href=\"#overview\">Overview</a> ");
    for s in &sections {
        let _ = write!(out, "<a href=\"#{}\">{}</a> ", s.id, esc(s.title));
    }
    out.push_str("<a href=\"#submissions\">Submissions</a></nav>\n</header>\n<main>\n");
    overview(&mut out, &rows, summary);
    for s in &sections {
        let chart = match s.id {
            "scores" => super::charts::pass_rate_grid(summary),
            "agreement" => super::charts::agreement_bars(&summary.agreement),
            _ => String::new(),
        };
        section(&mut out, s, &chart);
    }
    let chunks = submissions(&mut out, &rows, whole, exists, lazy, emit)?;
    out.push_str("</main>\n<script>\n");
    let _ = writeln!(
        out,
        "var PLOTGRADE_CHUNKS = {};",
        if lazy { chunks } else { 0 }
    );
    out.push_str(JS);
    out.push_str("</script>\n</body>\n</html>\n");
    Ok(out)
}

/// The page's first section: per model, how many passed and the mean score, with links
/// to its failures; the paper's wide tables follow.
fn overview(out: &mut String, rows: &[&GradeResult], summary: &Summary) {
    out.push_str("<section id=\"overview\">\n<h2>Overview</h2>\n<div class=\"scroll\"><table class=\"summary\"><thead><tr><th>model</th><th>submissions</th><th>passed</th><th>pass rate</th><th>mean score</th><th></th></tr></thead><tbody>\n");
    let mut models: Vec<&str> = rows.iter().map(|r| r.model.as_str()).collect();
    models.dedup(); // rows are sorted by model
    for m in models {
        let mine: Vec<&&GradeResult> = rows.iter().filter(|r| r.model == m).collect();
        let n = mine.len();
        let passed = mine.iter().filter(|r| r.pass).count();
        let mean = mine.iter().map(|r| f64::from(r.score)).sum::<f64>() / n.max(1) as f64;
        let link = format!("#model={}&verdict=fail&sort=score", esc(&percent_encode(m)));
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{n}</td><td>{passed}</td><td>{:.1}%</td><td>{mean:.2}</td><td><a href=\"{link}\">its {} failures, lowest score first</a></td></tr>",
            esc(m),
            100.0 * passed as f64 / n.max(1) as f64,
            n - passed
        );
    }
    out.push_str("</tbody></table></div>\n");
    if summary.rejected.total > 0 {
        let _ = writeln!(
            out,
            "<p>{} submission line(s) were rejected and not graded: <a href=\"#rejected\">which, and why</a>.</p>",
            summary.rejected.total
        );
    }
    out.push_str("</section>\n");
}

/// A URL-hash value: what `encodeURIComponent` leaves, else `%XX` per byte.
fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// A relative URL for a run-directory path: every byte but unreserved ones and `/`
/// percent-encoded, so a name with spaces works and no path can become a `javascript:`
/// or other scheme; leading slashes dropped so it stays beside the page.
fn href(path: &str) -> String {
    let mut out = String::new();
    for b in path.trim_start_matches('/').bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// A section: its heading, notes, `chart` (inline SVG, may be empty) and tables.
fn section(out: &mut String, s: &Section, chart: &str) {
    let _ = writeln!(out, "<section id=\"{}\">\n<h2>{}</h2>", s.id, esc(s.title));
    for note in &s.notes {
        let _ = writeln!(out, "<p>{}</p>", esc(note));
    }
    out.push_str(chart);
    for t in &s.tables {
        table(out, t);
    }
    out.push_str("</section>\n");
}

fn table(out: &mut String, t: &TextTable) {
    out.push_str("<div class=\"scroll\"><table class=\"summary\">");
    if let Some(c) = &t.caption {
        let _ = write!(out, "<caption>{}</caption>", esc(c));
    }
    out.push_str("<thead><tr>");
    match &t.grouped {
        Some(grouped) => {
            for (group, span) in &grouped.groups {
                let _ = write!(out, "<th colspan=\"{span}\">{}</th>", esc(group));
            }
            out.push_str("</tr>\n<tr>");
            for h in &grouped.names {
                let _ = write!(out, "<th>{}</th>", esc(h));
            }
        }
        None => {
            for h in &t.header {
                let _ = write!(out, "<th>{}</th>", esc(h));
            }
        }
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for (i, c) in row.iter().enumerate() {
            let (open, close) = if i == 0 {
                ("<th>", "</th>")
            } else {
                ("<td>", "</td>")
            };
            let _ = write!(out, "{open}{}{close}", esc(c));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div>\n");
}

/// One `<select>` of the filter bar: `values` are (value, label) in display order.
fn filter(
    out: &mut String,
    name: &str,
    values: &[(String, String)],
    counts: impl Fn(&str) -> usize,
    total: usize,
) {
    let _ = write!(out, "<label>{name} <select data-filter=\"{name}\">");
    let _ = write!(
        out,
        "<option value=\"\" data-label=\"all\">all ({total})</option>"
    );
    for (value, label) in values {
        let _ = write!(
            out,
            "<option value=\"{}\" data-label=\"{}\">{} ({})</option>",
            esc(value),
            esc(label),
            esc(label),
            counts(value)
        );
    }
    out.push_str("</select></label>\n");
}

/// The submissions section; with `lazy`, the row bodies go to row files handed to
/// `emit` (`plotgradeRows({"sub-0": "<html>", …});`, [`CHUNK_ROWS`] rows each), whose
/// number is returned. Bodies are made from `whole` when given (rows sorted as it is).
fn submissions(
    out: &mut String,
    rows: &[&GradeResult],
    mut whole: Option<Whole<'_>>,
    exists: &dyn Fn(&str) -> bool,
    lazy: bool,
    emit: &mut dyn FnMut(usize, String) -> Result<(), String>,
) -> Result<usize, String> {
    out.push_str("<section id=\"submissions\">\n<h2>Submissions</h2>\n");
    filters(out, rows);
    out.push_str("<div id=\"rows\">\n");
    let mut chunks = 0;
    let mut bodies = serde_json::Map::new();
    for (i, r) in rows.iter().enumerate() {
        let mut body = String::new();
        match whole.as_mut() {
            Some(next) => {
                let w = next
                    .next()
                    .unwrap_or_else(|| Err("fewer whole results than rows".into()))?;
                if (&w.model, &w.id) != (&r.model, &r.id) {
                    return Err(format!(
                        "row {i} is ({}, {}) but its whole result is ({}, {})",
                        r.model, r.id, w.model, w.id
                    ));
                }
                header(out, i, r, &super::why::reason(&w));
                row_body(&mut body, &w, exists);
            }
            None => {
                header(out, i, r, &super::why::reason(r));
                row_body(&mut body, r, exists);
            }
        }
        if lazy {
            let _ = writeln!(
                out,
                "<div class=\"body\" data-chunk=\"{}\"><p class=\"loading\">loading…</p></div>",
                i / CHUNK_ROWS
            );
            bodies.insert(format!("sub-{i}"), Value::String(body));
            if bodies.len() == CHUNK_ROWS || i + 1 == rows.len() {
                let map = Value::Object(std::mem::take(&mut bodies));
                emit(chunks, format!("plotgradeRows({map});\n"))?;
                chunks += 1;
            }
        } else {
            let _ = writeln!(out, "<div class=\"body\">{body}</div>");
        }
        out.push_str("</article>\n");
    }
    out.push_str("</div>\n</section>\n");
    Ok(chunks)
}

/// The form above the rows: a select per model, kind, figure, verdict and flag (each
/// option with its count), the id search, the sort and the visible count.
fn filters(out: &mut String, rows: &[&GradeResult]) {
    let total = rows.len();
    out.push_str("<form id=\"filters\" class=\"filters\">\n");
    let mut models: Vec<&str> = rows.iter().map(|r| r.model.as_str()).collect();
    models.dedup(); // rows are sorted by model
    let pairs = |v: Vec<&str>| {
        v.into_iter()
            .map(|s| (s.to_string(), s.to_string()))
            .collect::<Vec<_>>()
    };
    filter(
        out,
        "model",
        &pairs(models),
        |v| rows.iter().filter(|r| r.model == v).count(),
        total,
    );
    let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
    filter(
        out,
        "kind",
        &pairs(kinds),
        |v| rows.iter().filter(|r| r.kind.as_str() == v).count(),
        total,
    );
    let columns = FigureType::columns(rows.iter().map(|r| &r.figure));
    let figures: Vec<&str> = columns.iter().map(|f| f.as_str()).collect();
    filter(
        out,
        "figure",
        &pairs(figures),
        |v| rows.iter().filter(|r| r.figure.as_str() == v).count(),
        total,
    );
    filter(
        out,
        "verdict",
        &pairs(vec!["pass", "fail"]),
        |v| rows.iter().filter(|r| verdict(r) == v).count(),
        total,
    );
    let mut flags: Vec<String> = rows.iter().flat_map(|r| flag_values(r)).collect();
    flags.sort();
    flags.dedup();
    filter(
        out,
        "flag",
        &flags
            .iter()
            .map(|f| (f.clone(), f.clone()))
            .collect::<Vec<_>>(),
        |v| {
            rows.iter()
                .filter(|r| flag_values(r).iter().any(|f| f == v))
                .count()
        },
        total,
    );
    out.push_str("<label>id <input type=\"search\" id=\"search\" placeholder=\"part of an id\" autocomplete=\"off\"></label>\n");
    out.push_str("<label>sort <select id=\"sort\"><option value=\"\">model, id</option><option value=\"score\">score, lowest first</option><option value=\"-score\">score, highest first</option></select></label>\n");
    let _ = writeln!(
        out,
        "<span class=\"count\">showing <span id=\"visible-count\">{total}</span> of <span id=\"total-count\">{total}</span></span>\n</form>"
    );
}

fn verdict(r: &GradeResult) -> &'static str {
    if r.pass { "pass" } else { "fail" }
}

/// A row's opening, header line and reason: what the filters, the search and the sort
/// read, always in the page.
fn header(out: &mut String, index: usize, r: &GradeResult, why: &str) {
    let v = verdict(r);
    let _ = writeln!(
        out,
        "<article class=\"sub {v}\" id=\"sub-{index}\" data-model=\"{}\" data-kind=\"{}\" data-figure=\"{}\" data-verdict=\"{v}\" data-flag=\"{}\" data-id=\"{}\" data-score=\"{}\" data-order=\"{index}\">",
        esc(&r.model),
        r.kind.as_str(),
        r.figure.as_str(),
        flag_values(r).join(" "),
        esc(&r.id),
        r.score
    );
    let _ = write!(
        out,
        "<header><span class=\"verdict {v}\">{v}</span> <span class=\"score\">{}/10</span> <code class=\"id\">{}</code> <span class=\"model\">{}</span> <span class=\"tag\">{}</span> <span class=\"tag\">{}</span> <span class=\"tag\">status {}</span> <span class=\"tag\">extraction {}</span>",
        r.score,
        esc(&r.id),
        esc(&r.model),
        r.kind.as_str(),
        r.figure.as_str(),
        r.status.as_str(),
        json_name(&r.extraction)
    );
    if let Some(base) = &r.variant_of {
        let _ = write!(out, " <span class=\"tag\">variant of {}</span>", esc(base));
    }
    if let Some(a) = &r.answer {
        // The question's answer beside the aid's verdict: a passing aid with a wrong
        // answer must not read as a right answer.
        let read = a.primary();
        let (class, word) = if read.correct {
            ("pass", "right")
        } else {
            ("fail", "wrong")
        };
        let _ = write!(
            out,
            " <span class=\"tag answer {class}\">answer {} (key {}): {word}</span>",
            esc(read.answer.as_deref().unwrap_or("none read")),
            esc(&a.key)
        );
    }
    for f in &r.flags {
        let _ = write!(out, " <span class=\"flag\">{}</span>", esc(&json_name(f)));
    }
    out.push_str("</header>\n");
    let _ = writeln!(out, "<p class=\"why {v}\">{}</p>", esc_text(why));
}

/// A row's flags as the flag filter reads them (`none` when it has none).
fn flag_values(r: &GradeResult) -> Vec<String> {
    if r.flags.is_empty() {
        vec!["none".to_string()]
    } else {
        r.flags.iter().map(json_name).collect()
    }
}

/// A row's body: channels, error, pictures and diffs.
fn row_body(out: &mut String, r: &GradeResult, exists: &dyn Fn(&str) -> bool) {
    channels(out, r);
    if let Some(e) = &r.error {
        let _ = writeln!(out, "<pre class=\"error\">{}</pre>", esc_text(e));
    }
    let same_size = !r.flags.contains(&Flag::SizeChanged);
    figures(out, &r.artifacts, same_size, exists);
    let (code, figure) = (&r.channels.code.details, &r.channels.figure.details);
    if let Some(d) = code {
        element_diff(
            out,
            "code",
            &d.matched,
            d.ops.iter().map(String::as_str),
            None,
        );
    }
    if let Some(d) = figure {
        element_diff(out, "figure", &d.matched, d.ops.lines(), Some(&d.style));
    }
    if let Some(d) = code {
        out.push_str("<details><summary>code diff</summary>");
        code_diff(out, &d.text_diff);
        out.push_str("</details>\n");
    }
    let image = r.channels.image.details.as_ref().map(json);
    let judge = r.channels.judge.details.as_ref().map(json);
    for (name, details) in [("image", image), ("judge", judge)] {
        if let Some(details) = details {
            let _ = writeln!(
                out,
                "<details><summary>{name} details</summary>{}</details>",
                pretty(&details)
            );
        }
    }
}

/// Typed details as the JSON the page prints (keys sorted, as in `results.jsonl`).
fn json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// The serde name of a unit enum value (`strict`, `size_changed`).
fn json_name<T: serde::Serialize + std::fmt::Debug>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        _ => format!("{v:?}"),
    }
}

fn channels(out: &mut String, r: &GradeResult) {
    out.push_str("<table class=\"channels\"><tr>");
    for (name, score, _) in r.channels.each() {
        let _ = write!(
            out,
            "<th>{name}</th><td>{}</td>",
            tables::coefficient(score)
        );
    }
    out.push_str("</tr></table>\n");
    let reasons: Vec<String> = r
        .channels
        .each()
        .iter()
        .filter_map(|(name, _, reason)| reason.map(|why| format!("<b>{name}</b>: {}", esc(why))))
        .collect();
    if !reasons.is_empty() {
        let _ = writeln!(out, "<p class=\"reasons\">{}</p>", reasons.join("; "));
    }
}

/// Which picture an artifact is, from its file name.
/// What a figure is called under its picture: its file name less the submission's or
/// script's name before the role (`bar-01.generated-1.png` → `generated-1.png`).
fn caption(path: &str) -> &str {
    let file = path.rsplit('/').next().unwrap_or(path);
    let stem_len = file.rfind('.').unwrap_or(file.len());
    match file[..stem_len].rfind('.') {
        Some(i) => &file[i + 1..],
        None => file,
    }
}

/// A figure's role from its file name: `generated-1.png` (runs before issue #15's
/// flat layout) or `<id>.generated-1.png`, `<script>.reference-1.png`.
fn role(path: &str) -> &'static str {
    let file = path.rsplit('/').next().unwrap_or(path);
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    let name = stem.rsplit('.').next().unwrap_or(stem);
    for role in ["original", "reference", "generated", "heatmap"] {
        if name.starts_with(role) {
            return role;
        }
    }
    "other"
}

fn is_image(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".png", ".jpg", ".jpeg", ".svg", ".gif", ".webp"]
        .iter()
        .any(|e| lower.ends_with(e))
}

/// The pictures of one submission. When the run wrote no heatmap (runs since the
/// run-directory diet, issue #15: a heatmap cost 17 KB and 15 ms a submission), the
/// browser draws the difference on demand: the generated figure over the reference with
/// `mix-blend-mode: difference`, inverted, shows white where they agree and what differs
/// in its own colours. Only for figures of one size: scaled to one width, two sizes
/// would not line up.
fn figures(out: &mut String, artifacts: &[String], same_size: bool, exists: &dyn Fn(&str) -> bool) {
    if artifacts.is_empty() {
        return;
    }
    out.push_str("<div class=\"figures\">");
    // Original, reference, generated, heatmap, then the rest, each in the given order.
    for want in ["original", "reference", "generated", "heatmap", "other"] {
        for a in artifacts.iter().filter(|a| role(a) == want) {
            let name = caption(a);
            if !exists(a) {
                let _ = write!(
                    out,
                    "<figure class=\"missing\"><div>missing</div><figcaption>{}</figcaption></figure>",
                    esc(name)
                );
            } else if is_image(a) {
                let _ = write!(
                    out,
                    "<figure><a href=\"{0}\"><img loading=\"lazy\" src=\"{0}\" alt=\"{1}\"></a><figcaption>{1}</figcaption></figure>",
                    href(a),
                    esc(name)
                );
            } else {
                let _ = write!(
                    out,
                    "<figure class=\"file\"><a href=\"{}\">{}</a></figure>",
                    href(a),
                    esc(name)
                );
            }
        }
        if want == "heatmap" && same_size {
            difference(out, artifacts, exists);
        }
    }
    out.push_str("</div>\n");
}

/// The on-demand difference of the reference and the generated figure, when both are
/// there and no heatmap was written.
fn difference(out: &mut String, artifacts: &[String], exists: &dyn Fn(&str) -> bool) {
    let first = |want: &str| {
        artifacts
            .iter()
            .find(|a| role(a) == want && is_image(a) && exists(a))
    };
    if first("heatmap").is_some() {
        return;
    }
    if let (Some(r), Some(g)) = (first("reference"), first("generated")) {
        let _ = write!(
            out,
            "<figure class=\"difference\"><div class=\"blend\"><img loading=\"lazy\" src=\"{}\" alt=\"\"><img loading=\"lazy\" src=\"{}\" alt=\"\"></div><figcaption>difference (white: the same)</figcaption></figure>",
            href(r),
            href(g)
        );
    }
}

/// JSON for a person, written compact: the page indents it as a row is shown
/// (`report.js`, `indentJson`). Indented here, it was half of a row's bytes.
fn pretty(v: &Value) -> String {
    format!(
        "<pre class=\"json\">{}</pre>",
        esc_text(&serde_json::to_string(&abbreviated(v)).unwrap_or_default())
    )
}

/// A comparing channel's element diff: its generated and reference edit operations one
/// per line, the generated ones as the channel words them (`ops`), then its scores,
/// matches and notes (and the figure channel's free style differences) as JSON.
fn element_diff<'a>(
    out: &mut String,
    name: &str,
    d: &MatchDetails,
    worded: impl Iterator<Item = &'a str>,
    style: Option<&[String]>,
) {
    let _ = write!(out, "<details><summary>element diff ({name})</summary>");
    op_list(out, "generated_ops", &d.generated_ops);
    let worded: Vec<&str> = worded.collect();
    let _ = write!(out, "<h4>ops ({})</h4>", worded.len());
    if worded.is_empty() {
        out.push_str("<p class=\"none\">none</p>");
    } else {
        out.push_str("<ul class=\"ops\">");
        for line in worded {
            let _ = write!(out, "<li>{}</li>", esc_text(line));
        }
        out.push_str("</ul>");
    }
    op_list(out, "reference_ops", &d.reference_ops);
    /// What the page shows of a channel's details besides its operations.
    #[derive(Serialize)]
    struct Rest<'a> {
        mode: MatchMode,
        precision: f64,
        recall: f64,
        f1: f64,
        score: f64,
        matches: &'a [OpMatch],
        notes: &'a [String],
        #[serde(skip_serializing_if = "Option::is_none")]
        style: Option<&'a [String]>,
    }
    let rest = Rest {
        mode: d.mode,
        precision: d.precision,
        recall: d.recall,
        f1: d.f1,
        score: d.score,
        matches: &d.matches,
        notes: &d.notes,
        style,
    };
    out.push_str(&pretty(&json(&rest)));
    out.push_str("</details>\n");
}

/// One list of edit operations, a line each.
fn op_list(out: &mut String, title: &str, ops: &[RecordedOp]) {
    let _ = write!(out, "<h4>{title} ({})</h4>", ops.len());
    if ops.is_empty() {
        out.push_str("<p class=\"none\">none</p>");
        return;
    }
    out.push_str("<ul class=\"ops\">");
    for op in ops {
        let tag = op.action().unwrap_or("op");
        let _ = write!(
            out,
            "<li class=\"op-{}\"><span class=\"op-tag\">{}</span> {}</li>",
            esc(&tag.replace(|c: char| !c.is_ascii_alphanumeric(), "_")),
            esc(tag),
            esc_text(&describe_op(op.json()))
        );
    }
    out.push_str("</ul>");
}

/// A unified diff, its lines coloured by their first character.
fn code_diff(out: &mut String, diff: &str) {
    out.push_str("<pre class=\"diff\">");
    for line in diff.lines() {
        let class = if line.starts_with("+++") || line.starts_with("---") {
            "file"
        } else if line.starts_with('+') {
            "add"
        } else if line.starts_with('-') {
            "del"
        } else if line.starts_with("@@") {
            "hunk"
        } else {
            "ctx"
        };
        let _ = writeln!(out, "<span class=\"{class}\">{}</span>", esc_text(line));
    }
    out.push_str("</pre>");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A task that asks a question shows the answer read and the key in its row's
    /// header, next to the aid's verdict (a passing aid with a wrong answer reads
    /// "wrong"); a plain task shows none.
    #[test]
    fn a_row_shows_its_answer_beside_the_aid_verdict() {
        use plotgrade_model::record::{AnswerReading, KeyedAnswer, KeyedRead};
        use plotgrade_model::task::{FigureType, Kind};
        let mut r =
            crate::tests::result("m", "meet", Kind::Generation, FigureType::Function, 9, true);
        let read = |answer: &str, correct| KeyedRead {
            answer: Some(answer.into()),
            correct,
            ..KeyedRead::default()
        };
        r.answer = Some(KeyedAnswer {
            key: "3".into(),
            reading: AnswerReading::Soft,
            strict: read("3", true),
            soft: read("<4>", false),
        });
        let mut out = String::new();
        header(&mut out, 0, &r, "");
        assert!(out.contains("answer &lt;4&gt; (key 3): wrong"), "{out}");
        let plain = crate::tests::result("m", "bar", Kind::Generation, FigureType::Bar, 9, true);
        let mut out = String::new();
        header(&mut out, 0, &plain, "");
        assert!(!out.contains("answer"), "{out}");
    }

    #[test]
    fn hrefs_stay_relative_and_plain() {
        assert_eq!(
            href("figures/m 1/a-1/generated-1.png"),
            "figures/m%201/a-1/generated-1.png"
        );
        assert_eq!(href("javascript:alert(1)"), "javascript%3Aalert%281%29");
        assert_eq!(href("/etc/x.png"), "etc/x.png");
        assert_eq!(href("f/\"><script>.png"), "f/%22%3E%3Cscript%3E.png");
    }

    #[test]
    fn artifacts_by_file_name() {
        assert_eq!(role("figures/m/id/original-1.png"), "original");
        assert_eq!(role("figures/m/id/reference-1.png"), "reference");
        assert_eq!(role("figures/m/id/generated-2.png"), "generated");
        assert_eq!(role("figures/m/id/heatmap.png"), "heatmap");
        assert_eq!(role("figures/m/id/stdout.txt"), "other");
        assert_eq!(role("figures/m/bar-01.generated-1.png"), "generated");
        assert_eq!(
            caption("figures/m/bar-01.v2.generated-1.png"),
            "generated-1.png"
        );
        assert_eq!(caption("figures/m/id/generated-1.png"), "generated-1.png");
        assert_eq!(caption("stdout.txt"), "stdout.txt");
        assert_eq!(
            role("figures/refs/s/bar-01/deletion.reference-1.png"),
            "reference"
        );
        assert_eq!(
            role("figures/refs/s/bar-01/original.original-1.png"),
            "original"
        );
        assert_eq!(role("figures/m/generated.v2.other.png"), "other");
    }
}
