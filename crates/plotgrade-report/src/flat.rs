//! `results.csv` and `results.parquet`: one flat row per code submission, for pandas, R,
//! DuckDB or a spreadsheet, beside the nested `results.jsonl`.
//!
//! Columns: `id, model, kind, figure, sample, status, extraction, score, pass,
//! code_score, figure_score, image_score, judge_score, flags, reason, answer_key,
//! answer, answer_correct` (flags joined by `;`, a channel score empty/null where the
//! channel could not score; the last three empty/null unless the task asks a question:
//! its key, the answer the run's primary reading read, and whether it is the key). Rows come in the store's
//! order (model, then id), so the files are byte-identical for identical runs. Written by
//! the `csv` and `parquet` crates; only the column list is ours. Text cells of the CSV that
//! a spreadsheet would run as a formula are written as text ([`spreadsheet_text`]).

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, Result};

use plotgrade_model::record::GradeResult;

/// The column names, in order.
pub const COLUMNS: [&str; 18] = [
    "id",
    "model",
    "kind",
    "figure",
    "sample",
    "status",
    "extraction",
    "score",
    "pass",
    "code_score",
    "figure_score",
    "image_score",
    "judge_score",
    "flags",
    "reason",
    "answer_key",
    "answer",
    "answer_correct",
];

/// One result as flat values.
struct Row {
    text: [String; 7],
    score: i32,
    pass: bool,
    channels: [Option<f64>; 4],
    flags: String,
    /// The verdict's reason in words ([`crate::why::reason`]).
    reason: String,
    /// For a task that asks a question: its key, the primary reading's answer, and
    /// whether it is the key.
    answer: Option<(String, Option<String>, bool)>,
}

/// The name serde gives an enum value (`"timeout"`, `"strict"`).
fn name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn row(r: &GradeResult, reason: String) -> Row {
    Row {
        text: [
            r.id.clone(),
            r.model.clone(),
            r.kind.as_str().to_string(),
            r.figure.as_str().to_string(),
            r.sample.clone(),
            name(&r.status),
            name(&r.extraction),
        ],
        score: i32::from(r.score),
        pass: r.pass,
        channels: r.channels.each().map(|(_, score, _)| score),
        flags: r.flags.iter().map(name).collect::<Vec<_>>().join(";"),
        reason,
        answer: r.answer.as_ref().map(|a| {
            let read = a.primary();
            (a.key.clone(), read.answer.clone(), read.correct)
        }),
    }
}

/// Write both files into `dir`, each through a temporary file and a rename (a reader
/// never sees half a file).
///
/// `reasons` are the verdicts' reasons, one per result, when `results` have lost the
/// evidence they are read from (a grading run keeps its results light); `None` reads
/// them from `results`.
pub fn write_flat(dir: &Path, results: &[GradeResult], reasons: Option<&[String]>) -> Result<()> {
    let rows: Vec<Row> = results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let why = reasons
                .and_then(|w| w.get(i).cloned())
                .unwrap_or_else(|| crate::why::reason(r));
            row(r, why)
        })
        .collect();
    for (name, write) in [
        ("results.csv", write_csv as fn(&Path, &[Row]) -> Result<()>),
        ("results.parquet", write_parquet),
    ] {
        let tmp = dir.join(format!(".{name}.tmp"));
        write(&tmp, &rows)?;
        std::fs::rename(&tmp, dir.join(name))
            .with_context(|| format!("writing {}", dir.join(name).display()))?;
    }
    Ok(())
}

/// A text cell as a spreadsheet must show it: OWASP's rule against CSV injection (issue
/// #24). A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula
/// to Excel, LibreOffice and Google Sheets (`=HYPERLINK(…)` as a model name became a
/// link), so it gets a leading `'`, which they read as "text" and do not show. Only text
/// columns pass through here: a score such as `-0.5` stays a number. `results.jsonl` and
/// `results.parquet` (typed) keep the text as it was.
fn spreadsheet_text(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

fn write_csv(path: &Path, rows: &[Row]) -> Result<()> {
    let mut w = csv::Writer::from_path(path).with_context(|| format!("{}", path.display()))?;
    w.write_record(COLUMNS)?;
    for r in rows {
        let mut rec: Vec<String> = r
            .text
            .iter()
            .map(|t| spreadsheet_text(t).into_owned())
            .collect();
        rec.push(r.score.to_string());
        rec.push(r.pass.to_string());
        rec.extend(
            r.channels
                .iter()
                .map(|c| c.map_or(String::new(), |v| v.to_string())),
        );
        rec.push(spreadsheet_text(&r.flags).into_owned());
        rec.push(spreadsheet_text(&r.reason).into_owned());
        let (key, answer, correct) = match &r.answer {
            Some((k, a, c)) => (k.clone(), a.clone().unwrap_or_default(), c.to_string()),
            None => Default::default(),
        };
        rec.push(spreadsheet_text(&key).into_owned());
        rec.push(spreadsheet_text(&answer).into_owned());
        rec.push(correct);
        w.write_record(&rec)?;
    }
    w.flush()?;
    Ok(())
}

/// results.parquet's columns, in the order [`fill_column`] writes them.
const PARQUET_SCHEMA: &str = "message results {
    REQUIRED BYTE_ARRAY id (UTF8);
    REQUIRED BYTE_ARRAY model (UTF8);
    REQUIRED BYTE_ARRAY kind (UTF8);
    REQUIRED BYTE_ARRAY figure (UTF8);
    REQUIRED BYTE_ARRAY sample (UTF8);
    REQUIRED BYTE_ARRAY status (UTF8);
    REQUIRED BYTE_ARRAY extraction (UTF8);
    REQUIRED INT32 score;
    REQUIRED BOOLEAN pass;
    OPTIONAL DOUBLE code_score;
    OPTIONAL DOUBLE figure_score;
    OPTIONAL DOUBLE image_score;
    OPTIONAL DOUBLE judge_score;
    REQUIRED BYTE_ARRAY flags (UTF8);
    REQUIRED BYTE_ARRAY reason (UTF8);
    OPTIONAL BYTE_ARRAY answer_key (UTF8);
    OPTIONAL BYTE_ARRAY answer (UTF8);
    OPTIONAL BOOLEAN answer_correct;
}";

fn write_parquet(path: &Path, rows: &[Row]) -> Result<()> {
    use parquet::file::properties::WriterProperties;
    use parquet::file::writer::SerializedFileWriter;
    use parquet::schema::parser::parse_message_type;

    let schema = Arc::new(parse_message_type(PARQUET_SCHEMA)?);
    // No `created_by` with a version in it: identical runs give identical bytes.
    let props = Arc::new(
        WriterProperties::builder()
            .set_created_by("plotgrade".to_string())
            .build(),
    );
    let file = std::fs::File::create(path).with_context(|| format!("{}", path.display()))?;
    let mut writer = SerializedFileWriter::new(file, schema, props)?;
    let mut group = writer.next_row_group()?;
    let mut column = 0;
    while let Some(mut col) = group.next_column()? {
        fill_column(&mut col, column, rows)?;
        col.close()?;
        column += 1;
    }
    group.close()?;
    writer.close()?;
    Ok(())
}

/// Writes column number `column` of [`PARQUET_SCHEMA`] for every row; an optional
/// column's absent cells are its definition levels of 0.
fn fill_column(
    col: &mut parquet::file::writer::SerializedColumnWriter<'_>,
    column: usize,
    rows: &[Row],
) -> Result<()> {
    use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int32Type};

    let texts = |cell: &dyn Fn(&Row) -> Option<String>| {
        let values: Vec<ByteArray> = rows
            .iter()
            .filter_map(cell)
            .map(|s| ByteArray::from(s.as_str()))
            .collect();
        let defined: Vec<i16> = rows.iter().map(|r| i16::from(cell(r).is_some())).collect();
        (values, defined)
    };
    match column {
        0..=6 | 13 | 14 => {
            let (v, _) = texts(&|r: &Row| {
                Some(match column {
                    13 => r.flags.clone(),
                    14 => r.reason.clone(),
                    _ => r.text[column].clone(),
                })
            });
            col.typed::<ByteArrayType>().write_batch(&v, None, None)?;
        }
        7 => {
            let v: Vec<i32> = rows.iter().map(|r| r.score).collect();
            col.typed::<Int32Type>().write_batch(&v, None, None)?;
        }
        8 => {
            let v: Vec<bool> = rows.iter().map(|r| r.pass).collect();
            col.typed::<BoolType>().write_batch(&v, None, None)?;
        }
        9..=12 => {
            let c = column - 9;
            let values: Vec<f64> = rows.iter().filter_map(|r| r.channels[c]).collect();
            let defined: Vec<i16> = rows
                .iter()
                .map(|r| i16::from(r.channels[c].is_some()))
                .collect();
            col.typed::<DoubleType>()
                .write_batch(&values, Some(&defined), None)?;
        }
        15 | 16 => {
            let (values, defined) = texts(&|r: &Row| {
                r.answer.as_ref().and_then(|(k, a, _)| {
                    if column == 15 {
                        Some(k.clone())
                    } else {
                        a.clone()
                    }
                })
            });
            col.typed::<ByteArrayType>()
                .write_batch(&values, Some(&defined), None)?;
        }
        _ => {
            let values: Vec<bool> = rows
                .iter()
                .filter_map(|r| r.answer.as_ref().map(|(_, _, c)| *c))
                .collect();
            let defined: Vec<i16> = rows.iter().map(|r| i16::from(r.answer.is_some())).collect();
            col.typed::<BoolType>()
                .write_batch(&values, Some(&defined), None)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use parquet::file::reader::{FileReader, SerializedFileReader};
    use parquet::record::RowAccessor;

    /// Issue #24: a model named `=HYPERLINK(…)` reached results.csv as a formula.
    #[test]
    fn text_cells_that_a_spreadsheet_would_run_are_quoted_and_numbers_stay() {
        for (cell, want) in [
            (
                "=HYPERLINK(\"http://x\",\"y\")",
                "'=HYPERLINK(\"http://x\",\"y\")",
            ),
            ("+cmd", "'+cmd"),
            ("-2+3", "'-2+3"),
            ("@SUM(1)", "'@SUM(1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("labelled/reference", "labelled/reference"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(spreadsheet_text(cell), want);
        }
        let mut results = crate::tests::sample_results();
        results[0].model = "-m".into();
        results[0].channels.code.score = Some(-0.5);
        let dir = tempfile::tempdir().unwrap();
        write_flat(dir.path(), &results, None).unwrap();
        let csv = std::fs::read_to_string(dir.path().join("results.csv")).unwrap();
        let first = csv.lines().find(|l| l.contains(",'-m,")).unwrap();
        assert!(first.contains(",-0.5,"), "{first}");
        let file = std::fs::File::open(dir.path().join("results.parquet")).unwrap();
        let reader = SerializedFileReader::new(file).unwrap();
        let row = reader.get_row_iter(None).unwrap().next().unwrap().unwrap();
        assert_eq!(
            row.get_string(1).unwrap(),
            "-m",
            "Parquet is typed: kept as it was"
        );
    }

    #[test]
    fn parquet_and_csv_hold_the_same_rows() {
        let results = crate::tests::sample_results();
        let dir = tempfile::tempdir().unwrap();
        write_flat(dir.path(), &results, None).unwrap();
        let csv = std::fs::read_to_string(dir.path().join("results.csv")).unwrap();
        assert_eq!(csv.lines().count(), results.len() + 1, "{csv}");
        assert_eq!(csv.lines().next().unwrap(), COLUMNS.join(","));
        let file = std::fs::File::open(dir.path().join("results.parquet")).unwrap();
        let reader = SerializedFileReader::new(file).unwrap();
        assert_eq!(
            reader.metadata().file_metadata().num_rows() as usize,
            results.len()
        );
        let fields: Vec<String> = reader
            .metadata()
            .file_metadata()
            .schema_descr()
            .columns()
            .iter()
            .map(|c| c.name().to_string())
            .collect();
        assert_eq!(fields, COLUMNS);
        for (row, r) in reader.get_row_iter(None).unwrap().zip(&results) {
            let row = row.unwrap();
            assert_eq!(row.get_string(0).unwrap(), &r.id);
            assert_eq!(row.get_int(7).unwrap(), i32::from(r.score));
            assert_eq!(row.get_bool(8).unwrap(), r.pass);
        }
        // Identical runs, identical bytes.
        let first = std::fs::read(dir.path().join("results.parquet")).unwrap();
        write_flat(dir.path(), &results, None).unwrap();
        assert_eq!(
            first,
            std::fs::read(dir.path().join("results.parquet")).unwrap()
        );
    }
}
