//! `summary.md`: the summary tables as GitHub-flavoured markdown, to paste into a paper
//! or an issue.

use std::fmt::Write;

use super::summary::Summary;
use super::tables::{Section, TextTable, sections};

/// The whole `summary.md`.
pub fn render(summary: &Summary) -> String {
    let mut out = String::from("# plotgrade summary\n");
    for section in sections(summary) {
        write_section(&mut out, &section);
    }
    out
}

fn write_section(out: &mut String, s: &Section) {
    let _ = write!(out, "\n## {}\n", s.title);
    for note in &s.notes {
        let _ = write!(out, "\n{note}\n");
    }
    for t in &s.tables {
        write_table(out, t);
    }
}

fn write_table(out: &mut String, t: &TextTable) {
    if let Some(c) = &t.caption {
        let _ = write!(out, "\n**{}**\n", cell(c));
    }
    out.push('\n');
    line(out, t.header.iter().map(|h| cell(h)));
    // Text columns left, numbers right: the first column names the row.
    line(
        out,
        (0..t.header.len()).map(|i| {
            if i == 0 {
                ":--".to_string()
            } else {
                "--:".to_string()
            }
        }),
    );
    for row in &t.rows {
        line(out, row.iter().map(|c| cell(c)));
    }
}

fn line(out: &mut String, cells: impl Iterator<Item = String>) {
    out.push('|');
    for c in cells {
        let _ = write!(out, " {c} |");
    }
    out.push('\n');
}

/// Text safe inside a table cell: a `|` would end the cell, a newline the row, and a
/// `<` in a model's name could open an HTML tag where the markdown is rendered.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace('<', "&lt;")
        .replace(['\n', '\r'], " ")
}
