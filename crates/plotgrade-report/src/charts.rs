//! The charts of report.html, as inline SVG: the pass rate by kind × figure type (all
//! models), and how often each pair of channels agrees.
//!
//! Written by hand: two small charts (a grid of coloured cells and a list of bars) need
//! rectangles and text, not a plotting library, and inline SVG needs no script, no
//! network and no file beside the page. The numbers are the summary's; the tables under
//! each chart hold the same numbers with their intervals.

use std::fmt::Write;

use super::agreement::Agreement;
use super::summary::{ScoreCell, Summary};
use super::text::esc;
use plotgrade_model::task::Kind;

const CELL_W: usize = 78;
const CELL_H: usize = 40;
const LABEL_W: usize = 110;
const HEAD_H: usize = 34;

/// A colour for a rate in 0–1, red through yellow to green (ColorBrewer RdYlGn ends and
/// middle, linear in between); grey for no value.
fn colour(rate: Option<f64>) -> String {
    let Some(r) = rate else {
        return "#eeeeee".to_string();
    };
    let (lo, mid, hi) = (
        [215.0, 48.0, 39.0],
        [254.0, 224.0, 139.0],
        [26.0, 152.0, 80.0],
    );
    let r = r.clamp(0.0, 1.0);
    let (a, b, t) = if r < 0.5 {
        (lo, mid, r / 0.5)
    } else {
        (mid, hi, (r - 0.5) / 0.5)
    };
    let c: Vec<u8> = (0..3)
        .map(|i| (a[i] + (b[i] - a[i]) * t).round() as u8)
        .collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

fn percent(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

/// One cell of the grid: coloured by pass rate, the rate and `n` written in it, the
/// interval in its tooltip.
fn cell(out: &mut String, x: usize, y: usize, c: &ScoreCell, what: &str) {
    let tip = match (c.pass_rate, c.pass_ci) {
        (Some(p), Some([lo, hi])) => format!(
            "{what}: {} passed of {} ({}; 95% interval {}–{})",
            (p * c.n as f64).round(),
            c.n,
            percent(p),
            percent(lo),
            percent(hi)
        ),
        _ => format!("{what}: no submissions"),
    };
    let _ = write!(
        out,
        "<g><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#ffffff\"/>",
        esc(&tip),
        CELL_W,
        CELL_H,
        colour(c.pass_rate)
    );
    if let Some(p) = c.pass_rate {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\">{}</text><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#333333\">n={}</text>",
            x + CELL_W / 2,
            y + 17,
            percent(p),
            x + CELL_W / 2,
            y + 32,
            c.n
        );
    }
    out.push_str("</g>");
}

/// Pass rate of all models, kind (rows, then all kinds) × figure type (columns, then all
/// types).
pub fn pass_rate_grid(summary: &Summary) -> String {
    let table = &summary.scores;
    let all = &table.all;
    let figures = &table.figures;
    let (cols, rows) = (figures.len() + 1, Kind::ALL.len() + 1);
    let (w, h) = (LABEL_W + cols * CELL_W, HEAD_H + rows * CELL_H);
    let mut out = String::new();
    let _ = write!(
        out,
        "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"Pass rate by kind and figure type, all models\" font-family=\"sans-serif\">"
    );
    let heads = figures
        .iter()
        .map(|f| f.as_str().to_string())
        .chain(["all".to_string()]);
    for (i, name) in heads.enumerate() {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
            LABEL_W + i * CELL_W + CELL_W / 2,
            HEAD_H - 10,
            esc(&name)
        );
    }
    for (j, kind) in Kind::ALL.iter().map(Some).chain([None]).enumerate() {
        let y = HEAD_H + j * CELL_H;
        let label = kind.map_or("all kinds", |k| k.as_str());
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"12\">{}</text>",
            LABEL_W - 8,
            y + CELL_H / 2 + 4,
            esc(label)
        );
        for (i, figure) in figures.iter().map(Some).chain([None]).enumerate() {
            let x = LABEL_W + i * CELL_W;
            let c = match (kind, figure) {
                (Some(k), Some(f)) => all.cells.get(k).and_then(|m| m.get(f)).copied(),
                (Some(k), None) => all.by_kind.get(k).copied(),
                (None, None) => Some(all.overall),
                // All kinds of one figure type: summed over the kinds' cells.
                (None, Some(f)) => Some(column_total(all, f)),
            };
            if let Some(c) = c {
                let what = format!(
                    "{} / {}",
                    label,
                    figure.map_or("all figure types", |f| f.as_str())
                );
                cell(&mut out, x, y, &c, &what);
            }
        }
    }
    out.push_str("</svg><figcaption>Pass rate, all models: kind × figure type (hover a cell for its count and 95% interval).</figcaption></figure>\n");
    out
}

/// The cell of one figure type over every kind: counts summed, the rate and interval
/// recomputed from them.
fn column_total(
    row: &super::summary::Row<ScoreCell>,
    figure: &plotgrade_model::task::FigureType,
) -> ScoreCell {
    let (mut n, mut passed, mut score_sum) = (0usize, 0.0, 0.0);
    for by_figure in row.cells.values() {
        if let Some(c) = by_figure.get(figure) {
            n += c.n;
            passed += c.pass_rate.unwrap_or(0.0) * c.n as f64;
            score_sum += c.mean_score.unwrap_or(0.0) * c.n as f64;
        }
    }
    let passed = passed.round() as usize;
    ScoreCell {
        n,
        mean_score: (n > 0).then(|| score_sum / n as f64),
        pass_rate: (n > 0).then(|| passed as f64 / n as f64),
        pass_ci: super::stats::wilson(passed, n),
    }
}

/// How often each pair of channels gives the same verdict (over submissions both
/// scored), one bar per pair, with Cohen's kappa beside it.
pub fn agreement_bars(agreement: &Agreement) -> String {
    let pairs = &agreement.overall.pairs;
    if pairs.iter().all(|p| p.n == 0) {
        return String::new();
    }
    const BAR_W: f64 = 320.0;
    const ROW_H: usize = 26;
    let (w, h) = (LABEL_W + BAR_W as usize + 190, 10 + pairs.len() * ROW_H);
    let mut out = String::new();
    let _ = write!(
        out,
        "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"Agreement of the channels' verdicts, by pair\" font-family=\"sans-serif\">"
    );
    for (i, p) in pairs.iter().enumerate() {
        let y = 5 + i * ROW_H;
        let name = format!("{}–{}", p.a.as_str(), p.b.as_str());
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"12\">{}</text><rect x=\"{LABEL_W}\" y=\"{y}\" width=\"{BAR_W}\" height=\"18\" fill=\"#eeeeee\"/>",
            LABEL_W - 8,
            y + 13,
            esc(&name)
        );
        let text = match p.agreement {
            Some(a) => {
                let _ = write!(
                    out,
                    "<rect x=\"{LABEL_W}\" y=\"{y}\" width=\"{:.1}\" height=\"18\" fill=\"{}\"/>",
                    BAR_W * a,
                    colour(Some(a))
                );
                let kappa = p.kappa.map_or("κ –".to_string(), |k| format!("κ {k:.2}"));
                format!("{} agree, {kappa}, n={}", percent(a), p.n)
            }
            None => format!("not enough pairs (n={})", p.n),
        };
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>",
            LABEL_W + BAR_W as usize + 8,
            y + 13,
            esc(&text)
        );
    }
    out.push_str("</svg><figcaption>Agreement of the channels' pass/fail verdicts (at their thresholds), all submissions.</figcaption></figure>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_red_to_green_and_grey_for_nothing() {
        assert_eq!(colour(Some(0.0)), "#d73027");
        assert_eq!(colour(Some(0.5)), "#fee08b");
        assert_eq!(colour(Some(1.0)), "#1a9850");
        assert_eq!(colour(None), "#eeeeee");
    }

    #[test]
    fn the_grid_has_a_cell_per_kind_and_figure_and_escapes_text() {
        let results = crate::tests::sample_results();
        let summary = crate::summarize(&results, &[], &[]);
        let svg = pass_rate_grid(&summary);
        // Kinds + all, times figure types present + all.
        let cols = summary.scores.figures.len() + 1;
        assert_eq!(svg.matches("<rect").count(), 5 * cols, "{svg}");
        assert!(
            svg.contains("generation / pie: 1 passed of 1 (100%"),
            "{svg}"
        );
        assert!(!svg.contains("\"q\""), "ids never reach the SVG unescaped");
    }
}
