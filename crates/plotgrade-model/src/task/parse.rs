//! One JSONL line of each format, read field by field.
//!
//! Each line is parsed to a JSON value first and its fields are then read by hand, not by
//! `serde` derive: derive stops at the first fault and speaks of "variants" and columns,
//! while a person fixing a suite wants every fault of the line, named in the suite's words
//! (unknown kind, bad answer letter, path outside the root).

use std::path::{Component, Path, PathBuf};

use serde_json::{Map, Value};

use super::problem::{Problem, Reason};
use super::{
    AidQuestion, Answer, ChoiceQuestion, Expected, FigureType, Kind, LabelledSubmission,
    Submission, Tag, Task,
};

// ---------------------------------------------------------------------------------------
// Lines

/// A non-blank line: its 1-based number and its JSON value, or why it has none.
pub(super) type JsonLine = (usize, Result<Value, Reason>);

/// The non-blank lines of a file as JSON values, or the reason each could not be read.
/// A file that cannot be read at all gives one problem on line 0.
pub(super) fn json_lines(path: &Path) -> Result<Vec<JsonLine>, Problem> {
    let bytes = std::fs::read(path).map_err(|e| Problem {
        file: path.to_path_buf(),
        line: 0,
        reason: Reason::Unreadable(e.to_string()),
    })?;
    Ok(parse_lines(&bytes))
}

pub(super) fn parse_lines(bytes: &[u8]) -> Vec<JsonLine> {
    let mut out = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let mut raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        if i == 0 {
            raw = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
        }
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let parsed = match std::str::from_utf8(raw) {
            Err(e) => Err(Reason::NotUtf8 {
                column: e.valid_up_to() + 1,
            }),
            Ok(text) => {
                serde_json::from_str::<Value>(text).map_err(|e| Reason::Json(json_message(&e)))
            }
        };
        out.push((i + 1, parsed));
    }
    out
}

/// serde_json's message without its "at line 1 column N" tail, with the column kept.
fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let bare = text.split(" at line ").next().unwrap_or(&text);
    format!("{bare} (column {})", e.column())
}

pub(super) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Reads the fields of one JSON object, collecting a reason for every fault.
struct Fields<'a> {
    obj: &'a Map<String, Value>,
    reasons: Vec<Reason>,
}

impl<'a> Fields<'a> {
    /// `known` lists the fields of the format; with `strict`, any other field is a fault.
    fn new(value: &'a Value, known: &[&str], strict: bool) -> Result<Self, Vec<Reason>> {
        let Value::Object(obj) = value else {
            return Err(vec![Reason::NotAnObject(type_name(value))]);
        };
        let mut reasons = Vec::new();
        if strict {
            for key in obj.keys() {
                if !known.contains(&key.as_str()) {
                    reasons.push(Reason::UnknownField {
                        field: key.clone(),
                        known: known.join(", "),
                    });
                }
            }
        }
        Ok(Fields { obj, reasons })
    }

    fn present(&mut self, name: &'static str) -> Option<&'a Value> {
        let value = self.obj.get(name);
        if value.is_none() {
            self.reasons.push(Reason::MissingField(name));
        }
        value
    }

    fn wrong(&mut self, field: &'static str, expected: &'static str, found: &Value) {
        self.reasons.push(Reason::WrongType {
            field,
            expected,
            found: type_name(found),
        });
    }

    /// A required string; `non_empty` makes "" a fault too.
    fn string(&mut self, name: &'static str, non_empty: bool) -> Option<String> {
        match self.present(name)? {
            Value::String(s) if non_empty && s.trim().is_empty() => {
                self.reasons.push(Reason::Empty(name));
                None
            }
            Value::String(s) => Some(s.clone()),
            other => {
                self.wrong(name, "a string", other);
                None
            }
        }
    }

    /// A string that may be missing or null. `Err` when it has another type.
    fn opt_string(&mut self, name: &'static str) -> Result<Option<String>, ()> {
        match self.obj.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => {
                self.reasons.push(Reason::Empty(name));
                Err(())
            }
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => {
                self.wrong(name, "a string or null", other);
                Err(())
            }
        }
    }

    /// The optional `tags` array: every tag `key:value` ([`Tag`]), none twice.
    fn tags(&mut self) -> Result<Vec<Tag>, ()> {
        let items = match self.obj.get("tags") {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(Value::Array(items)) => items.clone(),
            Some(other) => {
                self.wrong("tags", "an array of strings", other);
                return Err(());
            }
        };
        let mut tags: Vec<Tag> = Vec::new();
        for item in &items {
            let Value::String(s) = item else {
                self.wrong("tags", "an array of strings", item);
                return Err(());
            };
            match Tag::try_from(s.clone()) {
                Ok(t) if tags.contains(&t) => {
                    self.reasons
                        .push(Reason::BadTag(format!("{s:?} is listed twice")));
                    return Err(());
                }
                Ok(t) => tags.push(t),
                Err(why) => {
                    self.reasons.push(Reason::BadTag(why));
                    return Err(());
                }
            }
        }
        Ok(tags)
    }

    /// `variant_of`: absent, or the id of the sample a variant varies.
    fn variant_of(&mut self) -> Result<Option<String>, ()> {
        let v = self.opt_string("variant_of");
        if let Ok(Some(id)) = &v
            && !is_id(id)
        {
            self.reasons.push(Reason::BadId {
                field: "variant_of",
                value: id.clone(),
            });
        }
        v
    }

    fn opt_u64(&mut self, name: &'static str) -> Result<Option<u64>, ()> {
        match self.obj.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) => Ok(Some(n)),
                None => {
                    self.wrong(name, "a non-negative integer or null", v);
                    Err(())
                }
            },
        }
    }

    fn id(&mut self, name: &'static str) -> Option<String> {
        let value = self.string(name, true)?;
        if !is_id(&value) {
            self.reasons.push(Reason::BadId { field: name, value });
            return None;
        }
        Some(value)
    }

    fn kind(&mut self) -> Option<Kind> {
        let s = self.string("kind", false)?;
        s.parse().map_err(|r| self.reasons.push(r)).ok()
    }

    fn figure(&mut self) -> Option<FigureType> {
        let s = self.string("figure", false)?;
        s.parse().map_err(|r| self.reasons.push(r)).ok()
    }

    fn path(&mut self, name: &'static str, value: Option<String>) -> Option<PathBuf> {
        let value = value?;
        let path = PathBuf::from(&value);
        let inside = path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if !inside || value.is_empty() {
            self.reasons.push(Reason::BadPath {
                field: name,
                path: value,
            });
            return None;
        }
        Some(path)
    }

    fn finish<T>(self, value: Option<T>) -> Result<T, Vec<Reason>> {
        match value {
            Some(v) if self.reasons.is_empty() => Ok(v),
            _ => Err(self.reasons),
        }
    }
}

/// Ids are stable, readable names: `bar-03-deletion`.
pub(super) fn is_id(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-".contains(c))
}

// ---------------------------------------------------------------------------------------
// One line of each format

const TASK_FIELDS: &[&str] = &[
    "id",
    "sample",
    "kind",
    "figure",
    "instruction",
    "original",
    "reference",
    "variant_of",
    "seed",
    "source",
    "tags",
    "question",
];
const CHOICE_FIELDS: &[&str] = &[
    "id",
    "sample",
    "kind",
    "figure",
    "question",
    "choices",
    "answer",
    "variant_of",
    "seed",
    "tags",
];
const SUBMISSION_FIELDS: &[&str] = &["id", "response", "model", "setting", "repeat"];
const LABELLED_FIELDS: &[&str] = &["id", "model", "response", "expected", "case", "reason"];

pub(super) fn task_from(value: &Value) -> Result<Task, Vec<Reason>> {
    let mut f = Fields::new(value, TASK_FIELDS, true)?;
    let id = f.id("id");
    let sample = f.id("sample");
    let kind = f.kind();
    let figure = f.figure();
    let instruction = f.string("instruction", true);
    let original_field = f.present("original").map(|_| ());
    let original = f.opt_string("original");
    // `reference` may be left out (or null) only by a generation task with a question.
    let reference = match f.obj.get("reference") {
        None | Some(Value::Null) => Ok(None),
        Some(_) => f
            .string("reference", true)
            .and_then(|r| f.path("reference", Some(r)))
            .map(Some)
            .ok_or(()),
    };
    let variant_of = f.variant_of();
    let seed = f.opt_u64("seed");
    let source = f.opt_string("source");
    let tags = f.tags();
    let question = match f.obj.get("question") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => AidQuestion::from_json(v).map(Some).map_err(|faults| {
            f.reasons
                .extend(faults.into_iter().map(Reason::BadQuestion));
        }),
    };
    let reference = match (reference, kind, &question) {
        (Ok(None), Some(Kind::Generation), Ok(Some(_))) => Ok(None),
        (Ok(None), _, Err(())) => Err(()),
        (Ok(None), _, _) => {
            f.reasons.push(Reason::MissingReference);
            Err(())
        }
        (r, ..) => r,
    };
    let original = match (kind, original) {
        (Some(Kind::Generation), Ok(Some(_))) => {
            f.reasons.push(Reason::OriginalForGeneration);
            None
        }
        (Some(k), Ok(None)) if k.is_edit() && original_field.is_some() => {
            f.reasons.push(Reason::MissingOriginal(k));
            None
        }
        (_, Ok(o)) => Some(o),
        (_, Err(())) => None,
    };
    let original = match original {
        Some(Some(o)) => f.path("original", Some(o)).map(Some),
        Some(None) => Some(None),
        None => None,
    };
    let task = (|| {
        Some(Task {
            id: id?,
            sample: sample?,
            kind: kind?,
            figure: figure?,
            instruction: instruction?,
            original: original?,
            reference: reference.ok()?,
            variant_of: variant_of.ok()?,
            seed: seed.ok()?,
            source: source.ok()?,
            tags: tags.ok()?,
            question: question.ok()?,
        })
    })();
    f.finish(task)
}

pub(super) fn choice_from(value: &Value) -> Result<ChoiceQuestion, Vec<Reason>> {
    let mut f = Fields::new(value, CHOICE_FIELDS, true)?;
    let id = f.id("id");
    let sample = f.id("sample");
    let kind = f.kind();
    let figure = f.figure();
    let question = f.string("question", true);
    let choices = match f.present("choices") {
        Some(Value::Array(items)) => {
            let texts: Vec<Option<String>> = items
                .iter()
                .map(|v| match v {
                    Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
                    Value::String(_) => {
                        f.reasons.push(Reason::Empty("choices"));
                        None
                    }
                    other => {
                        f.wrong("choices", "an array of strings", other);
                        None
                    }
                })
                .collect();
            if texts.len() != 4 {
                f.reasons.push(Reason::ChoiceCount(texts.len()));
                None
            } else {
                let texts: Option<Vec<String>> = texts.into_iter().collect();
                texts.and_then(|t| {
                    for i in 0..4 {
                        for j in i + 1..4 {
                            if t[i] == t[j] {
                                f.reasons.push(Reason::SameChoices(
                                    Answer::ALL[i].letter(),
                                    Answer::ALL[j].letter(),
                                ));
                            }
                        }
                    }
                    <[String; 4]>::try_from(t).ok()
                })
            }
        }
        Some(other) => {
            f.wrong("choices", "an array of 4 strings", other);
            None
        }
        None => None,
    };
    let variant_of = f.variant_of();
    let seed = f.opt_u64("seed");
    let tags = f.tags();
    let answer = f
        .string("answer", false)
        .and_then(|s| s.parse::<Answer>().map_err(|r| f.reasons.push(r)).ok());
    let question = (|| {
        Some(ChoiceQuestion {
            id: id?,
            sample: sample?,
            kind: kind?,
            figure: figure?,
            question: question?,
            choices: choices?,
            answer: answer?,
            variant_of: variant_of.ok()?,
            seed: seed.ok()?,
            tags: tags.ok()?,
        })
    })();
    f.finish(question)
}

/// Submissions come from model runs that may carry extra fields (usage, latency): those
/// are ignored, not faults.
pub(super) fn submission_from(value: &Value) -> Result<Submission, Vec<Reason>> {
    let mut f = Fields::new(value, SUBMISSION_FIELDS, false)?;
    let id = f.string("id", true);
    let response = f.string("response", false);
    let model = f.opt_string("model");
    // A prompting setting (Direct, CoT, …) makes its own row of every table, as the
    // paper's Table II has one per model and setting: it joins the model's name.
    let setting = f.opt_string("setting");
    // A repetition of the same question (DynaMath's repetition consistency, an RL group):
    // `m #k`, as lm-eval's repeats are named; 1 is the original answer.
    let repeat = match f.opt_u64("repeat") {
        Ok(Some(0)) => {
            f.reasons.push(Reason::WrongType {
                field: "repeat",
                expected: "an integer from 1 (the original answer)",
                found: "0",
            });
            Err(())
        }
        other => other,
    };
    let submission = (|| {
        let model = match (model.ok()?, setting.ok()?) {
            (m, Some(s)) => Some(format!(
                "{} ({})",
                m.unwrap_or_else(|| "model".to_string()),
                s.trim()
            )),
            (m, None) => m,
        };
        let model = match repeat.ok()? {
            Some(k) => Some(format!(
                "{} #{k}",
                model.unwrap_or_else(|| "model".to_string())
            )),
            None => model,
        };
        Some(Submission {
            id: id?,
            response: response?,
            model,
        })
    })();
    // A missing field says which flag maps it from the file's own field names.
    f.finish(submission).map_err(|reasons| {
        reasons
            .into_iter()
            .map(|r| match r {
                Reason::MissingField(name @ ("id" | "response")) => Reason::MissingMapped {
                    tried: format!("`{name}`"),
                    flag: if name == "id" {
                        "--id-field"
                    } else {
                        "--response-field"
                    },
                },
                other => other,
            })
            .collect()
    })
}

pub(super) fn labelled_from(value: &Value) -> Result<LabelledSubmission, Vec<Reason>> {
    let mut f = Fields::new(value, LABELLED_FIELDS, true)?;
    let id = f.string("id", true);
    let model = f.string("model", true);
    let response = f.string("response", false);
    let expected = f.string("expected", false).and_then(|s| match s.as_str() {
        "pass" => Some(Expected::Pass),
        "fail" => Some(Expected::Fail),
        _ => {
            f.reasons.push(Reason::BadExpected(s));
            None
        }
    });
    let case = f.string("case", true).and_then(|c| {
        let ok = c
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
            && !c.starts_with('-');
        if ok {
            Some(c)
        } else {
            f.reasons.push(Reason::BadCase(c));
            None
        }
    });
    let reason = f.opt_string("reason");
    let labelled = (|| {
        Some(LabelledSubmission {
            id: id?,
            model: model?,
            response: response?,
            expected: expected?,
            case: case?,
            reason: reason.ok()?,
        })
    })();
    f.finish(labelled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn task_json() -> Value {
        json!({
            "id": "bar-01-deletion", "sample": "bar-01", "kind": "deletion", "figure": "bar",
            "instruction": "Delete the tallest bar.",
            "original": "references/s/bar-01/original.py",
            "reference": "references/s/bar-01/deletion.py"
        })
    }

    fn reasons_of(value: Value) -> Vec<Reason> {
        task_from(&value).err().unwrap_or_default()
    }

    #[test]
    fn a_good_task_parses_and_serialises_back_to_the_same_json() {
        let task = task_from(&task_json()).expect("good task");
        assert_eq!(task.kind, Kind::Deletion);
        assert_eq!(task.base_sample(), "bar-01");
        assert_eq!(serde_json::to_value(&task).unwrap(), task_json());
    }

    #[test]
    fn every_fault_of_a_line_is_reported() {
        let mut v = task_json();
        v["kind"] = json!("deletions");
        v["figure"] = json!("Scatter Plot");
        v["refrence"] = json!("x.py");
        v.as_object_mut().unwrap().remove("instruction");
        let reasons = reasons_of(v);
        assert!(
            reasons.contains(&Reason::UnknownKind("deletions".into())),
            "{reasons:?}"
        );
        assert!(
            reasons.contains(&Reason::UnknownFigure("Scatter Plot".into())),
            "{reasons:?}"
        );
        assert!(
            reasons.contains(&Reason::MissingField("instruction")),
            "{reasons:?}"
        );
        assert!(
            reasons
                .iter()
                .any(|r| matches!(r, Reason::UnknownField { field, .. } if field == "refrence"))
        );
    }

    #[test]
    fn original_must_match_the_kind() {
        let mut v = task_json();
        v["original"] = Value::Null;
        assert_eq!(reasons_of(v), vec![Reason::MissingOriginal(Kind::Deletion)]);
        let mut v = task_json();
        v["kind"] = json!("generation");
        assert_eq!(reasons_of(v), vec![Reason::OriginalForGeneration]);
    }

    #[test]
    fn only_a_generation_task_with_a_question_may_leave_out_its_reference() {
        let mut v = task_json();
        v.as_object_mut().expect("object").remove("reference");
        assert_eq!(reasons_of(v.clone()), vec![Reason::MissingReference]);
        v["kind"] = json!("generation");
        v["original"] = Value::Null;
        assert_eq!(reasons_of(v.clone()), vec![Reason::MissingReference]);
        v["question"] = json!({"text": "At what x do the lines meet?", "answer": 3});
        let task = task_from(&v).expect("a question's aid needs no reference");
        assert_eq!(task.reference, None);
        v["reference"] = Value::Null;
        assert_eq!(task_from(&v).expect("null too").reference, None);
    }

    #[test]
    fn paths_stay_inside_the_root() {
        let mut v = task_json();
        v["reference"] = json!("../secret.py");
        assert!(matches!(
            reasons_of(v)[..],
            [Reason::BadPath {
                field: "reference",
                ..
            }]
        ));
        let mut v = task_json();
        v["original"] = json!("/etc/passwd");
        assert!(matches!(
            reasons_of(v)[..],
            [Reason::BadPath {
                field: "original",
                ..
            }]
        ));
    }

    #[test]
    fn ids_are_readable_names() {
        assert!(is_id("bar-03-deletion") && is_id("line-02-v1.b_2"));
        assert!(!is_id("Bar-03") && !is_id("-bar") && !is_id("bar 03") && !is_id(""));
    }

    #[test]
    fn choices_need_four_distinct_texts_and_a_letter() {
        let v = json!({
            "id": "q", "sample": "s", "kind": "annotation", "figure": "pie", "question": "?",
            "choices": ["a", "b", "a"], "answer": "E"
        });
        let reasons = choice_from(&v).unwrap_err();
        assert!(reasons.contains(&Reason::ChoiceCount(3)));
        assert!(reasons.contains(&Reason::BadAnswer("E".into())));
        let v = json!({
            "id": "q", "sample": "s", "kind": "annotation", "figure": "pie", "question": "?",
            "choices": ["a", "b", "a", "d"], "answer": "C"
        });
        assert_eq!(
            choice_from(&v).unwrap_err(),
            vec![Reason::SameChoices('A', 'C')]
        );
        let v = json!({
            "id": "q", "sample": "s", "kind": "annotation", "figure": "pie", "question": "?",
            "choices": ["a", "b", "c", "d"], "answer": "C"
        });
        assert_eq!(choice_from(&v).unwrap().correct(), "c");
    }

    #[test]
    fn submissions_ignore_extra_fields_but_labelled_lines_do_not() {
        let v = json!({"id": "t", "response": "```python\n```", "usage": {"tokens": 3}});
        assert_eq!(submission_from(&v).unwrap().model, None);
        let v = json!({"id": "t", "model": "m", "response": "", "expected": "maybe", "case": "Bad Case", "x": 1});
        let reasons = labelled_from(&v).unwrap_err();
        assert!(reasons.contains(&Reason::BadExpected("maybe".into())));
        assert!(reasons.contains(&Reason::BadCase("Bad Case".into())));
        assert!(
            reasons
                .iter()
                .any(|r| matches!(r, Reason::UnknownField { .. }))
        );
    }

    #[test]
    fn lines_report_utf8_and_json_faults_with_their_line_numbers() {
        let bytes = b"\xEF\xBB\xBF{\"a\": 1}\r\n\n  \n{\"a\": \xff}\n{\"a\": \n[1]\n";
        let lines = parse_lines(bytes);
        let numbers: Vec<usize> = lines.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, vec![1, 4, 5, 6]);
        assert!(lines[0].1.is_ok(), "BOM and CRLF are tolerated");
        assert_eq!(lines[1].1, Err(Reason::NotUtf8 { column: 7 }));
        assert!(
            matches!(&lines[2].1, Err(Reason::Json(m)) if m.contains("column")),
            "{:?}",
            lines[2].1
        );
        assert!(lines[3].1.is_ok());
        assert_eq!(
            task_from(lines[3].1.as_ref().unwrap()).unwrap_err(),
            vec![Reason::NotAnObject("an array")]
        );
    }
}
