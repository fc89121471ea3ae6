//! A question asked beside a task's figure: the model draws a visual aid in code (the
//! task's script, graded like any other) and answers the question (read against the key).
//! This is the task shape of VisAidMath, VAMPS and DynaMath's drawn variants: an answer
//! that comes with the aid the model made to reach it.
//!
//! In `tasks.jsonl` a task's optional `question` field:
//!
//! ```json
//! {"text": "Where do y = 2x and y = x + 3 meet? Give x.", "answer": 3}
//! {"text": "…", "answer": "2.83", "tolerance": 0.01}
//! {"text": "…", "answer": "3/4"}
//! {"text": "…", "answer": true}
//! {"text": "…", "answer": "x^2 - 1"}
//! {"text": "…", "options": ["30°", "45°", "60°", "90°"], "answer": "B"}
//! {"text": "…", "options": ["30°", "45°", "60°", "90°"], "numbering": "numbers", "answer": 2}
//! ```
//!
//! The key's kind follows the answer: options make a choice (lettered A, B, … or numbered
//! 1, 2, … as VAMPS numbers them); a JSON number or a numeric string a number (a string
//! keeps the decimals it was written with, which set the tolerance); `p/q` a fraction;
//! `true`/`false` a truth value; any other string an expression, compared as normalised
//! text.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How a question's options are named in the prompt and in answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Numbering {
    /// A, B, C, …
    #[default]
    Letters,
    /// 1, 2, 3, … (VAMPS's `selected_option`).
    Numbers,
}

impl Numbering {
    /// The name of option `i` (0-based).
    pub fn label(self, i: usize) -> String {
        match self {
            Numbering::Letters => char::from(b'A' + i as u8).to_string(),
            Numbering::Numbers => (i + 1).to_string(),
        }
    }

    fn is_letters(&self) -> bool {
        *self == Numbering::Letters
    }
}

/// Most options a question may have (A–J, 1–10).
pub const MAX_OPTIONS: usize = 10;

/// The key as written in the task file: a truth value, a number or a string.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeyValue {
    Bool(bool),
    Number(serde_json::Number),
    Text(String),
}

/// A task's question: its text and its key. Built only through [`AidQuestion::from_json`]
/// (or deserialised from a checked task file), so [`AidQuestion::key`] always reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AidQuestion {
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    #[serde(default, skip_serializing_if = "Numbering::is_letters")]
    pub numbering: Numbering,
    pub answer: KeyValue,
    /// For a numeric key: the largest accepted distance from it (instead of the default,
    /// half a unit of the key's last written decimal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
}

/// What a right answer is, read from the task file's key.
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerKey {
    /// Option `answer` (0-based) of `count`.
    Choice {
        count: usize,
        numbering: Numbering,
        answer: usize,
    },
    /// A number. `exact`: an integer or a fraction (any decimal answer must round to it);
    /// otherwise a decimal written with `decimals` places.
    Number {
        value: f64,
        exact: bool,
        decimals: u32,
        tolerance: Option<f64>,
    },
    Truth(bool),
    /// Normalised text (see [`normal_expression`]).
    Expression(String),
}

const QUESTION_FIELDS: &[&str] = &["text", "options", "numbering", "answer", "tolerance"];

/// The question's text; a fault where it is missing, empty or not a string.
fn text_field(value: Option<&Value>, faults: &mut Vec<String>) -> String {
    match value {
        Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
        Some(Value::String(_)) => {
            faults.push("`text` is empty".into());
            String::new()
        }
        Some(_) => {
            faults.push("`text` must be a string".into());
            String::new()
        }
        None => {
            faults.push("missing field `text`".into());
            String::new()
        }
    }
}

/// The options (none for an open question): 2 to [`MAX_OPTIONS`] distinct non-empty
/// strings.
fn options_field(value: Option<&Value>, faults: &mut Vec<String>) -> Vec<String> {
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            let texts: Vec<String> = items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            if texts.len() != items.len() || texts.iter().any(|t| t.trim().is_empty()) {
                faults.push("`options` must be non-empty strings".into());
            } else if !(2..=MAX_OPTIONS).contains(&texts.len()) {
                faults.push(format!(
                    "{} options; a question has 2 to {MAX_OPTIONS}",
                    texts.len()
                ));
            } else {
                for (i, a) in texts.iter().enumerate() {
                    if texts[..i].contains(a) {
                        faults.push(format!("option {a:?} is written twice"));
                    }
                }
            }
            texts
        }
        Some(_) => {
            faults.push("`options` must be an array of strings".into());
            Vec::new()
        }
    }
}

/// The answer key as written: a number, a non-empty string or true/false.
fn answer_field(value: Option<&Value>, faults: &mut Vec<String>) -> Option<KeyValue> {
    match value {
        Some(Value::Bool(b)) => Some(KeyValue::Bool(*b)),
        Some(Value::Number(n)) => Some(KeyValue::Number(n.clone())),
        Some(Value::String(s)) if !s.trim().is_empty() => Some(KeyValue::Text(s.clone())),
        Some(other) => {
            faults.push(format!(
                "`answer` is {other}; expected a number, a string or true/false"
            ));
            None
        }
        None => {
            faults.push("missing field `answer`".into());
            None
        }
    }
}

impl AidQuestion {
    /// Read and check a `question` field; every fault is one message.
    pub fn from_json(value: &Value) -> Result<AidQuestion, Vec<String>> {
        let Value::Object(obj) = value else {
            return Err(vec![
                "must be an object {\"text\": …, \"answer\": …}".into(),
            ]);
        };
        let mut faults = Vec::new();
        for k in obj.keys() {
            if !QUESTION_FIELDS.contains(&k.as_str()) {
                faults.push(format!(
                    "unknown field `{k}` (known fields: {})",
                    QUESTION_FIELDS.join(", ")
                ));
            }
        }
        let text = text_field(obj.get("text"), &mut faults);
        let options = options_field(obj.get("options"), &mut faults);
        let numbering = match obj.get("numbering") {
            None | Some(Value::Null) => Numbering::Letters,
            Some(Value::String(s)) if s == "letters" => Numbering::Letters,
            Some(Value::String(s)) if s == "numbers" => Numbering::Numbers,
            Some(other) => {
                faults.push(format!(
                    "`numbering` is {other}; expected \"letters\" (A, B, …) or \"numbers\" (1, 2, …)"
                ));
                Numbering::Letters
            }
        };
        let tolerance = match obj.get("tolerance") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_f64() {
                Some(t) if t.is_finite() && t >= 0.0 => Some(t),
                _ => {
                    faults.push(format!("`tolerance` is {v}; expected a number ≥ 0"));
                    None
                }
            },
        };
        let answer = answer_field(obj.get("answer"), &mut faults);
        let Some(answer) = answer else {
            return Err(faults);
        };
        let q = AidQuestion {
            text,
            options,
            numbering,
            answer,
            tolerance,
        };
        match q.read_key() {
            Ok(key) => {
                if tolerance.is_some() && !matches!(key, AnswerKey::Number { .. }) {
                    faults.push("`tolerance` is only for a numeric answer".into());
                }
            }
            Err(e) => faults.push(e),
        }
        if faults.is_empty() {
            Ok(q)
        } else {
            Err(faults)
        }
    }

    /// The key. A question read by [`AidQuestion::from_json`] always has one; a
    /// hand-built one with a bad key reads as an expression of its text.
    pub fn key(&self) -> AnswerKey {
        self.read_key()
            .unwrap_or_else(|_| AnswerKey::Expression(normal_expression(&key_text(&self.answer))))
    }

    /// The key as a person reads it: `B`, `2`, `3/4`, `true`, `x^2-1`.
    pub fn key_text(&self) -> String {
        key_text(&self.answer)
    }

    fn read_key(&self) -> Result<AnswerKey, String> {
        if !self.options.is_empty() {
            let count = self.options.len();
            let wanted = key_text(&self.answer);
            let answer = (0..count)
                .find(|&i| self.numbering.label(i).eq_ignore_ascii_case(wanted.trim()))
                .ok_or_else(|| {
                    format!(
                        "`answer` {wanted:?} names none of the {count} options ({} to {})",
                        self.numbering.label(0),
                        self.numbering.label(count - 1)
                    )
                })?;
            return Ok(AnswerKey::Choice {
                count,
                numbering: self.numbering,
                answer,
            });
        }
        if self.numbering != Numbering::Letters {
            return Err("`numbering` is only for a question with `options`".into());
        }
        Ok(match &self.answer {
            KeyValue::Bool(b) => AnswerKey::Truth(*b),
            KeyValue::Number(n) => number_key(&n.to_string(), self.tolerance)
                .ok_or_else(|| format!("`answer` {n} is not a finite number"))?,
            KeyValue::Text(s) => match number_key(s.trim(), self.tolerance) {
                Some(k) => k,
                None => AnswerKey::Expression(normal_expression(s)),
            },
        })
    }
}

fn key_text(v: &KeyValue) -> String {
    match v {
        KeyValue::Bool(b) => b.to_string(),
        KeyValue::Number(n) => n.to_string(),
        KeyValue::Text(s) => s.trim().to_string(),
    }
}

/// A number as written (`3`, `-2.50`, `3/4`, `1e-3`): its value, whether it is exact
/// (an integer or a fraction) and how many decimals it was written with.
pub fn parse_number(text: &str) -> Option<(f64, bool, u32)> {
    let t = text.trim();
    if let Some((p, q)) = t.split_once('/') {
        let (p, q) = (p.trim(), q.trim());
        let int = |s: &str| {
            let digits = s.strip_prefix('-').unwrap_or(s);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        };
        if !int(p) || !int(q) || q.starts_with('-') {
            return None;
        }
        let (p, q): (f64, f64) = (p.parse().ok()?, q.parse().ok()?);
        return (q != 0.0).then(|| (p / q, true, 0));
    }
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    if body.is_empty() || !body.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let ok = body
        .bytes()
        .all(|b| b.is_ascii_digit() || b"._eE-+".contains(&b));
    if !ok {
        return None;
    }
    let value: f64 = t.replace('_', "").parse().ok()?;
    if !value.is_finite() {
        return None;
    }
    let mantissa = body.split(['e', 'E']).next().unwrap_or(body);
    let decimals = mantissa.split_once('.').map_or(0, |(_, d)| d.len() as u32);
    let exact = decimals == 0 && !body.contains(['e', 'E']);
    Some((value, exact, decimals))
}

fn number_key(text: &str, tolerance: Option<f64>) -> Option<AnswerKey> {
    let (value, exact, decimals) = parse_number(text)?;
    Some(AnswerKey::Number {
        value,
        exact,
        decimals,
        tolerance,
    })
}

/// An expression as compared: lowercase, no white space, `**` written `^`, `·` and a
/// multiplication `*` dropped. Two forms of one expression that differ otherwise
/// (`2(x+1)` and `2x+2`) are not recognised as equal.
pub fn normal_expression(s: &str) -> String {
    s.to_lowercase()
        .replace("**", "^")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '*' && *c != '·' && *c != '$')
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key(v: Value) -> AnswerKey {
        AidQuestion::from_json(&v).unwrap().key()
    }

    #[test]
    fn the_key_kind_follows_the_answer() {
        assert_eq!(
            key(json!({"text": "q", "answer": 3})),
            AnswerKey::Number {
                value: 3.0,
                exact: true,
                decimals: 0,
                tolerance: None
            }
        );
        assert_eq!(
            key(json!({"text": "q", "answer": "2.50"})),
            AnswerKey::Number {
                value: 2.5,
                exact: false,
                decimals: 2,
                tolerance: None
            }
        );
        assert!(matches!(
            key(json!({"text": "q", "answer": "3/4"})),
            AnswerKey::Number { value, exact: true, .. } if value == 0.75
        ));
        assert_eq!(
            key(json!({"text": "q", "answer": false})),
            AnswerKey::Truth(false)
        );
        assert_eq!(
            key(json!({"text": "q", "answer": "X ** 2 - 1"})),
            AnswerKey::Expression("x^2-1".into())
        );
        assert_eq!(
            key(
                json!({"text": "q", "options": ["a", "b", "c"], "numbering": "numbers", "answer": 3})
            ),
            AnswerKey::Choice {
                count: 3,
                numbering: Numbering::Numbers,
                answer: 2
            }
        );
    }

    #[test]
    fn every_fault_of_a_question_is_named() {
        let faults = AidQuestion::from_json(&json!({
            "text": "", "options": ["a", "a"], "answer": "C", "colour": 1, "tolerance": -1
        }))
        .unwrap_err();
        let all = faults.join("\n");
        for want in [
            "unknown field `colour`",
            "`text` is empty",
            "option \"a\" is written twice",
            "`tolerance` is -1",
            "names none of the 2 options (A to B)",
        ] {
            assert!(all.contains(want), "{want} not in {all}");
        }
        let faults =
            AidQuestion::from_json(&json!({"text": "q", "answer": "x", "numbering": "numbers"}))
                .unwrap_err();
        assert_eq!(
            faults,
            ["`numbering` is only for a question with `options`"]
        );
        let faults =
            AidQuestion::from_json(&json!({"text": "q", "answer": true, "tolerance": 0.1}))
                .unwrap_err();
        assert_eq!(faults, ["`tolerance` is only for a numeric answer"]);
    }

    #[test]
    fn numbers_are_read_as_written() {
        assert_eq!(parse_number("-3/4"), Some((-0.75, true, 0)));
        assert_eq!(parse_number("1e-3"), Some((0.001, false, 0)));
        assert_eq!(parse_number("0.250"), Some((0.25, false, 3)));
        for bad in ["3/0", "x", "", "1/-2", "inf", "NaN", "3 or 4", "--2"] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_question_writes_back_as_it_was_read() {
        let v = json!({"text": "q", "options": ["a", "b"], "numbering": "numbers", "answer": 2});
        let q = AidQuestion::from_json(&v).unwrap();
        assert_eq!(serde_json::to_value(&q).unwrap(), v);
        let back: AidQuestion = serde_json::from_value(v).unwrap();
        assert_eq!(back, q);
    }
}
