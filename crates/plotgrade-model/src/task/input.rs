//! Submissions as evaluation tools write them: plotgrade's own JSONL, lm-evaluation-harness
//! `--log_samples` JSONL, VLMEvalKit prediction files (xlsx, tsv, csv), or any JSONL with
//! other field names. Each row becomes a plain `{id, response, model}` line, then goes
//! through the same checks as plotgrade's own format, so a bad row is reported with its
//! file and row number and the good rows are kept.
//!
//! Hand-written here: only the mapping. Spreadsheets are read by `calamine`, delimited text
//! by `csv`.

use std::path::Path;

use serde::Serialize;
use serde_json::{Map, Value};

use super::parse::JsonLine;
use super::problem::{Problem, Reason};

/// The layout of a submissions file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum InputFormat {
    /// From the extension (`.xlsx`, `.tsv`, `.csv`), else JSONL: lm-eval's when the first
    /// line has `doc_id` and `resps`, else plain.
    #[default]
    Auto,
    /// One JSON object per line.
    Jsonl,
    /// lm-evaluation-harness `--log_samples` output: `doc_id`, `doc`, `resps`,
    /// `filtered_resps`.
    LmEval,
    /// A spreadsheet's first sheet, a header row then one row per answer (VLMEvalKit).
    Xlsx,
    /// Tab-separated values with a header row (VLMEvalKit).
    Tsv,
    /// Comma-separated values with a header row.
    Csv,
}

impl InputFormat {
    /// Every format with its name, as `--input-format` and `input_format=` spell it.
    pub const ALL: [(&'static str, InputFormat); 6] = [
        ("auto", InputFormat::Auto),
        ("jsonl", InputFormat::Jsonl),
        ("lm-eval", InputFormat::LmEval),
        ("xlsx", InputFormat::Xlsx),
        ("tsv", InputFormat::Tsv),
        ("csv", InputFormat::Csv),
    ];
}

impl std::str::FromStr for InputFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<InputFormat, String> {
        crate::named::parse(&InputFormat::ALL, s, "input format")
    }
}

/// How to read a submissions file: its format, which fields hold the task id and the
/// response, the model's name, and whether to drop reasoning blocks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct InputSpec {
    pub format: InputFormat,
    /// Field (or column) of the task id; dotted for nested JSON (`doc.id`). Defaults: `id`;
    /// lm-eval `doc.id`, else `doc_id`; tables `id`, else `index`.
    pub id_field: Option<String>,
    /// Field (or column) of the model's text. Defaults: `response`; lm-eval
    /// `filtered_resps`, else `resps`; tables `prediction`, else `response`.
    pub response_field: Option<String>,
    /// The model's name for every row (else each row's `model` field, if any).
    pub model: Option<String>,
    /// Drop `<think>…</think>` blocks from each response before the code is looked for.
    pub strip_think: bool,
}

impl InputSpec {
    /// plotgrade's own format, read strictly (unknown fields are errors).
    pub fn is_plain(&self) -> bool {
        *self == InputSpec::default()
    }

    /// The format of `path` under this spec.
    pub fn format_of(&self, path: &Path) -> InputFormat {
        if self.format != InputFormat::Auto {
            return self.format;
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "xlsx" | "xlsm" | "xls" => InputFormat::Xlsx,
            "tsv" => InputFormat::Tsv,
            "csv" => InputFormat::Csv,
            _ => InputFormat::Jsonl,
        }
    }
}

/// The rows of a submissions file as plain `{id, response, model}` objects, with their
/// 1-based line (JSONL) or row (tables, the header being row 1) numbers. plotgrade's own
/// JSONL read without a mapping comes back as it is.
pub(super) fn rows(path: &Path, spec: &InputSpec) -> Result<Vec<JsonLine>, Problem> {
    let problem = |reason| Problem {
        file: path.to_path_buf(),
        line: 0,
        reason,
    };
    let format = spec.format_of(path);
    let table = matches!(
        format,
        InputFormat::Xlsx | InputFormat::Tsv | InputFormat::Csv
    );
    let raw: Vec<JsonLine> = match format {
        InputFormat::Xlsx => {
            table_rows(read_xlsx(path).map_err(|e| problem(Reason::Unreadable(e)))?)
        }
        InputFormat::Tsv | InputFormat::Csv => {
            let delimiter = if format == InputFormat::Tsv {
                b'\t'
            } else {
                b','
            };
            table_rows(read_delimited(path, delimiter).map_err(|e| problem(Reason::Unreadable(e)))?)
        }
        InputFormat::Jsonl | InputFormat::LmEval | InputFormat::Auto => {
            super::parse::json_lines(path)?
        }
    };
    // lm-eval's samples: asked for, or recognised by their first line.
    let lm_eval = format == InputFormat::LmEval
        || (spec.format == InputFormat::Auto
            && !table
            && raw
                .iter()
                .find_map(|(_, v)| v.as_ref().ok())
                .is_some_and(|v| {
                    v.get("doc_id").is_some()
                        && (v.get("resps").is_some() || v.get("filtered_resps").is_some())
                }));
    let mapped = spec.id_field.is_some()
        || spec.response_field.is_some()
        || spec.model.is_some()
        || spec.strip_think;
    if !(lm_eval || table || mapped) {
        // plotgrade's own JSONL: the lines as they are, checked field by field.
        return Ok(raw);
    }
    let layout = if lm_eval {
        // A task with several filters logs each document once per filter: each is
        // graded, under the model's name with the filter's.
        let filters: std::collections::BTreeSet<&str> = raw
            .iter()
            .filter_map(|(_, v)| v.as_ref().ok()?.get("filter")?.as_str())
            .collect();
        Layout::LmEval {
            per_filter: filters.len() > 1,
        }
    } else if table {
        Layout::Table
    } else {
        Layout::Own
    };
    Ok(raw
        .into_iter()
        .flat_map(
            |(line, value)| match value.and_then(|v| map_row(&v, spec, layout)) {
                Ok(rows) => rows.into_iter().map(|r| (line, Ok(r))).collect(),
                Err(e) => vec![(line, Err(e))],
            },
        )
        .collect())
}

/// Where a file's rows come from, which decides the default field names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// plotgrade's own JSONL, read under a field mapping.
    Own,
    /// lm-eval `--log_samples` lines; `per_filter` when the file holds several filters.
    LmEval { per_filter: bool },
    /// A VLMEvalKit table.
    Table,
}

/// The value of the field `given` names (the flag `flag` sets it), else of the first of
/// `defaults` the row has, not null.
fn pick_field(
    row: &Value,
    flag: &'static str,
    given: &Option<String>,
    defaults: &[&str],
) -> Result<Value, Reason> {
    let names: Vec<&str> = match given {
        Some(g) => vec![g.as_str()],
        None => defaults.to_vec(),
    };
    names
        .iter()
        .find_map(|n| lookup(row, n).filter(|v| !v.is_null()))
        .cloned()
        .ok_or_else(|| Reason::MissingMapped {
            tried: names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", "),
            flag,
        })
}

/// One row → `{id, response, model}`; an lm-eval line whose response holds several
/// repeats (`resps: [["a", "b"]]`, the task's `repeats`) → one per repeat, the model
/// named `m #2` for the second; a line of a file with several filters → its model named
/// `m [filter]`.
fn map_row(row: &Value, spec: &InputSpec, layout: Layout) -> Result<Vec<Value>, Reason> {
    if !row.is_object() {
        return Err(Reason::NotAnObject(super::parse::type_name(row)));
    }
    let (id_defaults, response_defaults): (&[&str], &[&str]) = match layout {
        Layout::LmEval { .. } => (&["doc.id", "doc_id"], &["filtered_resps", "resps"]),
        Layout::Table => (&["id", "index"], &["prediction", "response"]),
        Layout::Own => (&["id"], &["response"]),
    };
    let pick = |flag, given: &Option<String>, defaults| pick_field(row, flag, given, defaults);
    let id = match pick("--id-field", &spec.id_field, id_defaults)? {
        Value::String(s) => s,
        Value::Number(n) => n.to_string(),
        other => {
            return Err(Reason::WrongType {
                field: "id",
                expected: "a string or a number",
                found: super::parse::type_name(&other),
            });
        }
    };
    let picked = pick("--response-field", &spec.response_field, response_defaults)?;
    let responses = match (layout, repeats(&picked)) {
        (Layout::LmEval { .. }, Some(all)) => all,
        _ => vec![first_text(&picked).ok_or(Reason::WrongType {
            field: "response",
            expected: "a string (or a list whose first item is one)",
            found: "something else",
        })?],
    };
    let model = spec
        .model
        .clone()
        .or_else(|| row.get("model").and_then(Value::as_str).map(str::to_string));
    let filter = match layout {
        Layout::LmEval { per_filter: true } => row.get("filter").and_then(Value::as_str),
        _ => None,
    };
    let n = responses.len();
    Ok(responses
        .into_iter()
        .enumerate()
        .map(|(k, response)| {
            let response = if spec.strip_think {
                strip_think(&response)
            } else {
                response
            };
            let mut out = Map::new();
            out.insert("id".into(), Value::String(id.clone()));
            out.insert("response".into(), Value::String(response));
            let mut name = model.clone();
            if filter.is_some() || n > 1 {
                let mut m = name.unwrap_or_else(|| "model".to_string());
                if let Some(f) = filter {
                    m = format!("{m} [{f}]");
                }
                if n > 1 {
                    m = format!("{m} #{}", k + 1);
                }
                name = Some(m);
            }
            if let Some(m) = name {
                out.insert("model".into(), Value::String(m));
            }
            Value::Object(out)
        })
        .collect())
}

/// lm-eval's repeats: `[["a", "b", …]]`, one request answered several times (two or
/// more strings); `None` for one answer.
fn repeats(v: &Value) -> Option<Vec<String>> {
    let inner = v.as_array()?.first()?.as_array()?;
    let texts: Vec<String> = inner
        .iter()
        .map(|t| t.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    (texts.len() > 1).then_some(texts)
}

/// `a.b.c` in nested objects; a name with dots that is itself a key wins.
fn lookup<'a>(row: &'a Value, path: &str) -> Option<&'a Value> {
    if let Some(v) = row.get(path) {
        return Some(v);
    }
    let mut cur = row;
    for part in path.split('.') {
        cur = cur.get(part)?;
    }
    Some(cur)
}

/// A string, or the first string inside nested lists (lm-eval's `resps` is `[["text"]]`,
/// `filtered_resps` is `["text"]`).
fn first_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Array(items) => items.first().and_then(first_text),
        _ => None,
    }
}

/// The response without its reasoning: every `<think>…</think>` block removed; text before
/// a lone `</think>` (a template that ate the opening tag) removed; an unclosed `<think>`
/// (reasoning cut off) removes the rest.
pub fn strip_think(text: &str) -> String {
    const OPEN: &str = "<think>";
    const CLOSE: &str = "</think>";
    let mut rest = text;
    if let Some(close) = rest.find(CLOSE)
        && !rest[..close].contains(OPEN)
    {
        rest = &rest[close + CLOSE.len()..];
    }
    let mut out = String::new();
    while let Some(open) = rest.find(OPEN) {
        out.push_str(&rest[..open]);
        match rest[open..].find(CLOSE) {
            Some(close) => rest = &rest[open + close + CLOSE.len()..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out.trim_start().to_string()
}

/// A header row and data rows of cells, as text.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// Table rows as JSON objects keyed by the header; row numbers count the header as 1.
fn table_rows(t: Table) -> Vec<JsonLine> {
    t.rows
        .into_iter()
        .enumerate()
        .filter(|(_, r)| r.iter().any(|c| !c.trim().is_empty()))
        .map(|(i, r)| {
            let obj: Map<String, Value> = t
                .header
                .iter()
                .zip(r)
                .filter(|(h, _)| !h.is_empty())
                .map(|(h, c)| (h.clone(), Value::String(c)))
                .collect();
            (i + 2, Ok(Value::Object(obj)))
        })
        .collect()
}

fn read_delimited(path: &Path, delimiter: u8) -> Result<Table, String> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        // VLMEvalKit writes TSV with pandas, which quotes fields holding tabs or newlines.
        .quoting(true)
        .from_path(path)
        .map_err(|e| e.to_string())?;
    let header = reader
        .headers()
        .map_err(|e| e.to_string())?
        .iter()
        .map(|h| h.trim().to_string())
        .collect();
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("row {}: {e}", i + 2))?;
        rows.push(record.iter().map(str::to_string).collect());
    }
    Ok(Table { header, rows })
}

fn read_xlsx(path: &Path) -> Result<Table, String> {
    use calamine::{Data, Reader, open_workbook_auto};
    let mut book = open_workbook_auto(path).map_err(|e| e.to_string())?;
    let sheet = book
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| "the workbook has no sheet".to_string())?;
    let range = book.worksheet_range(&sheet).map_err(|e| e.to_string())?;
    let cell = |c: &Data| match c {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        // Integral ids (pandas writes `index` as a number) without a trailing `.0`.
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string(),
    };
    let mut rows = range.rows();
    let header = rows
        .next()
        .ok_or_else(|| format!("sheet `{sheet}` is empty"))?
        .iter()
        .map(|c| cell(c).trim().to_string())
        .collect();
    Ok(Table {
        header,
        rows: rows.map(|r| r.iter().map(cell).collect()).collect(),
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_input_format_name_is_its_serialised_name_and_parses_back() {
        for (name, format) in InputFormat::ALL {
            assert_eq!(serde_json::to_value(format).unwrap(), name);
            assert_eq!(name.parse::<InputFormat>(), Ok(format));
        }
        let e = "parquet".parse::<InputFormat>().unwrap_err();
        assert!(e.contains("lm-eval") && e.contains("parquet"), "{e}");
    }

    use super::*;

    #[test]
    fn reasoning_blocks_are_dropped() {
        assert_eq!(
            strip_think("<think>hmm</think>\nHere:\n```python\nx\n```"),
            "Here:\n```python\nx\n```"
        );
        assert_eq!(
            strip_think("a <think>1</think>b<think>2</think> c"),
            "a b c"
        );
        assert_eq!(
            strip_think("reasoning without its opening tag</think>Answer"),
            "Answer"
        );
        assert_eq!(strip_think("Answer <think>cut off"), "Answer ");
        assert_eq!(strip_think("no reasoning"), "no reasoning");
    }

    #[test]
    fn lm_eval_rows_map_to_submissions() {
        let row: Value = serde_json::json!({
            "doc_id": 3, "doc": {"id": "bar-01-deletion"},
            "resps": [["raw"]], "filtered_resps": ["```python\nx\n```"]
        });
        let spec = InputSpec {
            model: Some("m".into()),
            ..InputSpec::default()
        };
        let lm = Layout::LmEval { per_filter: false };
        let v = map_row(&row, &spec, lm).unwrap();
        assert_eq!(
            v,
            [
                serde_json::json!({"id": "bar-01-deletion", "response": "```python\nx\n```", "model": "m"})
            ]
        );
        let bare: Value = serde_json::json!({"doc_id": 3, "doc": {}, "resps": [["raw"]]});
        let v = map_row(&bare, &InputSpec::default(), lm).unwrap();
        assert_eq!(v, [serde_json::json!({"id": "3", "response": "raw"})]);
    }

    /// Issue #29: lm-eval `repeats` are each graded (the model named `m #k`), and a file
    /// with several filters grades each filter's answer under `m [filter]`.
    #[test]
    fn lm_eval_repeats_and_filters_are_each_a_submission() {
        let row: Value = serde_json::json!({
            "doc_id": 0, "doc": {"id": "t"}, "filter": "strict",
            "resps": [["a", "b", "c"]], "filtered_resps": [["a", "b", "c"]]
        });
        let spec = InputSpec {
            model: Some("m".into()),
            ..InputSpec::default()
        };
        let got = map_row(&row, &spec, Layout::LmEval { per_filter: true }).unwrap();
        let names: Vec<(&str, &str)> = got
            .iter()
            .map(|v| {
                (
                    v["model"].as_str().unwrap(),
                    v["response"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            names,
            [
                ("m [strict] #1", "a"),
                ("m [strict] #2", "b"),
                ("m [strict] #3", "c")
            ]
        );
        // A take-first filter left one answer: one submission, the filter named only when
        // the file has several.
        let row: Value = serde_json::json!({
            "doc_id": 0, "doc": {"id": "t"}, "filter": "take-first",
            "resps": [["a", "b"]], "filtered_resps": ["a"]
        });
        let got = map_row(&row, &spec, Layout::LmEval { per_filter: false }).unwrap();
        assert_eq!(
            got,
            [serde_json::json!({"id": "t", "response": "a", "model": "m"})]
        );
    }

    #[test]
    fn a_missing_mapped_field_names_the_flag() {
        let row: Value = serde_json::json!({"question_id": "a", "answer": "x"});
        let spec = InputSpec {
            id_field: Some("question_id".into()),
            ..InputSpec::default()
        };
        let err = map_row(&row, &spec, Layout::Own).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no field `response` (set the field with --response-field)"
        );
    }
}
