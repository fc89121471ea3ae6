//! Reading the answer to a task's question (an answer that comes with a visual aid) and
//! checking it against the key: a choice among N options, a number, a fraction, a truth
//! value or an expression.
//!
//! - **Strict** reads only a declared format, the last one in the response: VAMPS's final
//!   block (`<<FINAL>>` followed by a JSON object, fenced or not, whose `selected_option`
//!   or `answer` holds the answer), `\boxed{…}`, or a line `Answer: …` /
//!   `Final answer: …`. A final block whose JSON does not parse is no declaration.
//! - **Soft** is the strict reading when there is one; otherwise the intended answer in the
//!   prose (code blocks left out, a reasoning model's `<think>` block read only when the
//!   text after it says nothing): the last "the answer is …" phrase; failing that, for a
//!   choice among four lettered options the multiple-choice reader (`answer::read_soft`),
//!   for a number the last number in the prose (lm-eval's `flexible-extract`), for a truth
//!   value the last true/false/yes/no. The last decision wins, so a retracted answer is not
//!   read.
//!
//! A declared answer holding two numbers (`3 or 4`) reads as no number: an answer is one
//! value. Numbers are checked with the tolerance the key was written with (docs/formats.md,
//! "Questions"). Written here by hand: VAMPS and VisAidMath publish prompts and an LLM
//! extractor, not a reader; the patterns use the `regex` crate.

use std::sync::LazyLock;

use plotgrade_model::task::{AidQuestion, AnswerKey, Numbering, normal_expression, parse_number};
use regex::Regex;
use serde_json::Value;

use super::answer::{self, first_bytes};
use super::result::{AnswerMethod, AnswerReading, KeyedAnswer, KeyedRead};

/// Most of a response read for its answer.
const MAX_BYTES: usize = 1 << 20;
/// Longest answer kept in a record.
const MAX_KEPT: usize = 200;

static BOXED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\\boxed\s*\{").expect("regex"));
static DECLARED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?im)^[ \t>*_#-]*(?:final\s+)?answer\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?(.+)$")
        .expect("regex")
});
static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:the\s+)?(?:final\s+|correct\s+)?answer\s+(?:is|=|would\s+be|should\s+be)\s*[:：]?\s*([^\n]{1,120}?)(?:[.;!?…](?:\s|$)|\n|$)",
    )
    .expect("regex")
});
static NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|[^\w.])(-?\d+(?:\.\d+)?(?:\s*/\s*\d+)?)").expect("regex"));
static FRAC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\\d?frac\s*\{\s*(-?\d+)\s*\}\s*\{\s*(\d+)\s*\}").expect("regex"));
static TRUTH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(true|false|yes|no)\b").expect("regex"));
static FENCE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?s)```.*?(?:```|$)").expect("regex"));

/// Read a response's answer to `question` both ways and check each.
pub fn read(response: &str, question: &AidQuestion, reading: AnswerReading) -> KeyedAnswer {
    let text = first_bytes(response, MAX_BYTES);
    let key = question.key();
    let strict = match declared(text) {
        Some((raw, method)) => checked(interpret(&raw, question, &key), method, &key),
        None => KeyedRead::default(),
    };
    let soft = if strict.answer.is_some() {
        strict.clone()
    } else {
        let after_think = text
            .rfind("</think>")
            .map(|end| &text[end + "</think>".len()..]);
        after_think
            .and_then(|t| free_text(t, question, &key))
            .or_else(|| free_text(text, question, &key))
            .map(|(a, m)| checked(Some(a), m, &key))
            .unwrap_or_default()
    };
    KeyedAnswer {
        key: question.key_text(),
        reading,
        strict,
        soft,
    }
}

pub(super) fn checked(answer: Option<String>, method: AnswerMethod, key: &AnswerKey) -> KeyedRead {
    match answer {
        None => KeyedRead::default(),
        Some(a) => KeyedRead {
            correct: is_right(&a, key),
            answer: Some(first_bytes(&a, MAX_KEPT).to_string()),
            method,
        },
    }
}

/// The last declaration in the text, as written, and its format.
fn declared(text: &str) -> Option<(String, AnswerMethod)> {
    let mut found: Vec<(usize, String, AnswerMethod)> = Vec::new();
    for (at, _) in text.match_indices("<<FINAL>>") {
        if let Some(raw) = final_block(&text[at + "<<FINAL>>".len()..]) {
            found.push((at, raw, AnswerMethod::Final));
        }
    }
    for m in BOXED.find_iter(text) {
        if let Some(inner) = balanced(&text[m.end()..]) {
            found.push((m.start(), unlatex(inner), AnswerMethod::Boxed));
        }
    }
    for c in DECLARED.captures_iter(text) {
        let (whole, raw) = (c.get(0)?, c.get(1)?);
        found.push((whole.start(), tidy(raw.as_str()), AnswerMethod::Declared));
    }
    found
        .into_iter()
        .filter(|(_, raw, _)| !raw.is_empty())
        .max_by_key(|(at, _, _)| *at)
        .map(|(_, raw, m)| (raw, m))
}

/// The answer in the JSON object after a `<<FINAL>>` marker (a ```json fence allowed).
fn final_block(after: &str) -> Option<String> {
    let rest = after.trim_start();
    let rest = rest
        .strip_prefix("```json")
        .or_else(|| rest.strip_prefix("```"))
        .unwrap_or(rest)
        .trim_start();
    let value: Value = serde_json::Deserializer::from_str(rest)
        .into_iter::<Value>()
        .next()?
        .ok()?;
    let obj = value.as_object()?;
    let field = ["selected_option", "answer", "final_answer"]
        .iter()
        .find_map(|k| obj.get(*k))?;
    match field {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The text inside braces whose opening one was just passed, braces balanced.
fn balanced(s: &str) -> Option<&str> {
    let mut depth = 1usize;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&s[..i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// `\text{B}`, `\textbf{(B)}`, `\mathrm{x}` as their text; `\frac{3}{4}` as `3/4`.
fn unlatex(s: &str) -> String {
    let s = FRAC.replace_all(s, "$1/$2");
    let mut out = s.to_string();
    for w in ["\\textbf{", "\\text{", "\\mathrm{", "\\mathbf{"] {
        out = out.replace(w, "");
    }
    tidy(&out.replace(['{', '}'], ""))
}

/// A declared answer without its markdown, trailing full stop and surrounding space.
fn tidy(s: &str) -> String {
    s.trim()
        .trim_matches(|c| c == '*' || c == '_' || c == '`' || c == '$')
        .trim()
        .trim_end_matches(['.', '。'])
        .trim()
        .to_string()
}

/// The response without its code blocks (each replaced by a line break): the prose a
/// reader looks for the answer in.
pub(super) fn prose(text: &str) -> std::borrow::Cow<'_, str> {
    FENCE.replace_all(text, "\n")
}

/// The intended answer in free text, when no format declares one.
fn free_text(
    text: &str,
    question: &AidQuestion,
    key: &AnswerKey,
) -> Option<(String, AnswerMethod)> {
    let prose = prose(text);
    // The last "the answer is …" that reads as an answer of the key's kind.
    let phrased = PHRASE
        .captures_iter(&prose)
        .filter_map(|c| interpret(&tidy(c.get(1)?.as_str()), question, key))
        .last();
    if let Some(a) = phrased {
        return Some((a, AnswerMethod::Phrase));
    }
    match key {
        AnswerKey::Choice {
            count: 4,
            numbering: Numbering::Letters,
            ..
        } => {
            let choices: [String; 4] = question.options.clone().try_into().ok()?;
            let read = answer::read_soft(&prose, &choices);
            read.answer.map(|a| (a.letter().to_string(), read.method))
        }
        AnswerKey::Number { .. } => NUMBER
            .captures_iter(&FRAC.replace_all(&prose, "$1/$2"))
            .last()
            .map(|c| (c[1].replace(' ', ""), AnswerMethod::Phrase)),
        AnswerKey::Truth(_) => TRUTH
            .captures_iter(&prose)
            .last()
            .and_then(|c| truth(&c[1]).map(|t| (t.to_string(), AnswerMethod::Phrase))),
        _ => None,
    }
}

fn truth(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "true" | "yes" => Some(true),
        "false" | "no" => Some(false),
        _ => None,
    }
}

/// A declared or phrased answer as an answer of the key's kind (an option's name, one
/// number as written, `true`/`false`, an expression's text), or none.
pub(super) fn interpret(raw: &str, question: &AidQuestion, key: &AnswerKey) -> Option<String> {
    let raw = raw.trim();
    match key {
        AnswerKey::Choice {
            count, numbering, ..
        } => {
            let label = option_label(raw, *count, *numbering);
            label.or_else(|| {
                let norm = normal_expression(raw);
                let hits: Vec<usize> = (0..*count)
                    .filter(|&i| normal_expression(&question.options[i]) == norm)
                    .collect();
                (hits.len() == 1).then(|| numbering.label(hits[0]))
            })
        }
        AnswerKey::Number { .. } => {
            let raw = FRAC.replace_all(raw, "$1/$2");
            let numbers: Vec<String> = NUMBER
                .captures_iter(&raw)
                .map(|c| c[1].replace(' ', ""))
                .collect();
            match numbers.as_slice() {
                [one] => Some(one.clone()),
                _ => None,
            }
        }
        AnswerKey::Truth(_) => {
            let words: Vec<bool> = TRUTH
                .captures_iter(raw)
                .filter_map(|c| truth(&c[1]))
                .collect();
            match words.as_slice() {
                [one] => Some(one.to_string()),
                _ => None,
            }
        }
        AnswerKey::Expression(_) => {
            let e = raw
                .split_once('=')
                .filter(|(lhs, _)| lhs.trim().len() <= 6)
                .map_or(raw, |(_, rhs)| rhs);
            let e = tidy(e);
            (!e.is_empty()).then_some(e)
        }
    }
}

/// `B`, `(B)`, `B.`, `B) 45°`, `option B` (or `2`, `(2)`, `option 2` when numbered).
fn option_label(raw: &str, count: usize, numbering: Numbering) -> Option<String> {
    let lower = raw.to_ascii_lowercase();
    let named = lower
        .strip_prefix("option")
        .or_else(|| lower.strip_prefix("choice"))
        .map(str::trim_start);
    let rest = named.unwrap_or(&lower);
    let paren = rest.strip_prefix('(');
    let rest = paren.unwrap_or(rest);
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    let (token, after) = rest.split_at(end);
    let after_ok = after.is_empty() || after.starts_with([')', '.', ':', ' ', ',']);
    // "a right angle" is the article, not option A: a lowercase letter followed by more
    // text is read only when named ("option a", "(a)").
    let article = numbering == Numbering::Letters
        && named.is_none()
        && paren.is_none()
        && !after.is_empty()
        && raw
            .trim_start()
            .starts_with(|c: char| c.is_ascii_lowercase());
    if !after_ok || article {
        return None;
    }
    (0..count)
        .map(|i| numbering.label(i))
        .find(|l| l.eq_ignore_ascii_case(token))
}

/// Whether an answer (as [`interpret`] gives it) is the key.
pub fn is_right(answer: &str, key: &AnswerKey) -> bool {
    match key {
        AnswerKey::Choice {
            numbering,
            answer: a,
            ..
        } => numbering.label(*a).eq_ignore_ascii_case(answer),
        AnswerKey::Truth(t) => truth(answer) == Some(*t),
        AnswerKey::Expression(e) => normal_expression(answer) == *e,
        AnswerKey::Number {
            value,
            exact,
            decimals,
            tolerance,
        } => {
            let Some((a, a_exact, a_decimals)) = parse_number(answer) else {
                return false;
            };
            let eps = 1e-9 * value.abs().max(1.0);
            let off = (a - value).abs();
            if let Some(t) = tolerance {
                return off <= t + eps;
            }
            if off <= eps {
                return true;
            }
            let half_unit = |d: u32| 0.5 * 10f64.powi(-(d as i32)) + eps;
            if *exact {
                // An integer or a fraction: a decimal answer of two places or more that
                // rounds to it (0.33 for 1/3); never an integer rounding (3 for 2.9).
                !a_exact && a_decimals >= 2 && off <= half_unit(a_decimals)
            } else {
                // A decimal written with d places: an answer at least as precise, within
                // half a unit of the key's last place (2.828 for 2.83, not 2.8).
                (a_exact || a_decimals >= *decimals) && off <= half_unit(*decimals)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn q(v: Value) -> AidQuestion {
        AidQuestion::from_json(&v).unwrap()
    }

    fn soft(response: &str, question: &AidQuestion) -> (Option<String>, bool) {
        let a = read(response, question, AnswerReading::Soft);
        (a.soft.answer, a.soft.correct)
    }

    fn strict(response: &str, question: &AidQuestion) -> (Option<String>, bool) {
        let a = read(response, question, AnswerReading::Strict);
        (a.strict.answer, a.strict.correct)
    }

    fn some(s: &str, right: bool) -> (Option<String>, bool) {
        (Some(s.to_string()), right)
    }

    const CODE: &str =
        "```python\nimport matplotlib.pyplot as plt\nplt.plot([0, 1, 2], [5, 6, 7])\n```\n";

    #[test]
    fn vamps_final_blocks_are_read_strictly_and_the_last_one_wins() {
        let numbered = q(
            json!({"text": "q", "options": ["1", "2", "3", "4"], "numbering": "numbers", "answer": 3}),
        );
        // Three well-formed final blocks: the last is the answer.
        let three = format!(
            "{CODE}<<FINAL>> {{\"selected_option\": 1}}\nno…\n<<FINAL>>\n```json\n{{\"selected_option\": 2}}\n```\nfinally\n<<FINAL>>{{\"selected_option\": \"3\"}}"
        );
        assert_eq!(strict(&three, &numbered), some("3", true));
        // A malformed block declares nothing: the earlier well-formed one stands.
        let broken = "<<FINAL>> {\"selected_option\": 3}\n<<FINAL>> {\"selected_option\": 4";
        assert_eq!(strict(broken, &numbered), some("3", true));
        // An answer in prose is no declaration: strict reads none, soft reads it.
        let prose = format!("{CODE}The answer is 3.");
        assert_eq!(strict(&prose, &numbered), (None, false));
        assert_eq!(soft(&prose, &numbered), some("3", true));
        // The numbers in the code are never read as the answer.
        assert_eq!(soft(CODE, &numbered), (None, false));
        // A number past the options is no option.
        assert_eq!(
            strict("<<FINAL>> {\"selected_option\": 7}", &numbered),
            (None, false)
        );
    }

    #[test]
    fn a_retracted_answer_is_not_read() {
        let n = q(json!({"text": "q", "answer": 4}));
        assert_eq!(
            soft(
                "The answer is 3. Wait, I misread the graph: the answer is 4.",
                &n
            ),
            some("4", true)
        );
        assert_eq!(
            strict("Answer: 3\n\nOn reflection:\nFinal answer: 4", &n),
            some("4", true)
        );
        let c = q(json!({"text": "q", "options": ["30°", "45°", "60°", "90°"], "answer": "B"}));
        assert_eq!(
            soft("The answer is A. Wait… the correct answer is B.", &c),
            some("B", true)
        );
    }

    #[test]
    fn options_are_read_by_name_or_by_their_text() {
        let c = q(json!({"text": "q", "options": ["30°", "45°", "60°", "90°"], "answer": "B"}));
        assert_eq!(strict("\\boxed{\\textbf{(B)}}", &c), some("B", true));
        assert_eq!(strict("Answer: 45°", &c), some("B", true));
        assert_eq!(strict("Answer: **C) 60°**", &c), some("C", false));
        assert_eq!(strict("Answer: E", &c), (None, false));
        assert_eq!(
            soft("I choose (B) because the line bisects it.", &c),
            some("B", true)
        );
        assert_eq!(soft("The answer is a right angle", &c), (None, false));
    }

    #[test]
    fn numbers_are_right_within_the_precision_the_key_was_written_with() {
        let int = q(json!({"text": "q", "answer": 3}));
        for (a, right) in [
            ("3", true),
            ("3.0", true),
            ("x = 3", true),
            ("2.9", false),
            ("3.4", false),
        ] {
            assert_eq!(strict(&format!("Answer: {a}"), &int).1, right, "{a}");
        }
        // Two numbers declared are no answer.
        assert_eq!(strict("Answer: 3 or 4", &int), (None, false));
        let third = q(json!({"text": "q", "answer": "1/3"}));
        for (a, right) in [
            ("1/3", true),
            ("2/6", true),
            ("\\frac{1}{3}", true),
            ("0.33", true),
            ("0.333", true),
            ("0.3", false),
            ("0.34", false),
        ] {
            assert_eq!(strict(&format!("\\boxed{{{a}}}"), &third).1, right, "{a}");
        }
        let dec = q(json!({"text": "q", "answer": "2.83"}));
        for (a, right) in [
            ("2.83", true),
            ("2.828", true),
            ("17/6", true),
            ("2.8", false),
            ("3", false),
            ("2.84", false),
        ] {
            assert_eq!(strict(&format!("Answer: {a}"), &dec).1, right, "{a}");
        }
        let tol = q(json!({"text": "q", "answer": 2.5, "tolerance": 0.2}));
        assert!(strict("Answer: 2.4", &tol).1);
        assert!(!strict("Answer: 2.8", &tol).1);
        // Soft: the last number of the prose, as lm-eval's flexible extract.
        assert_eq!(
            soft(
                &format!("{CODE}The graphs meet at x = 1 and at x = 3"),
                &int
            ),
            some("3", true)
        );
    }

    #[test]
    fn truth_values_and_expressions() {
        let t = q(json!({"text": "q", "answer": true}));
        assert_eq!(strict("Answer: Yes", &t), some("true", true));
        assert_eq!(strict("Answer: yes or no", &t), (None, false));
        assert_eq!(soft("So the statement is false.", &t), some("false", false));
        let e = q(json!({"text": "q", "answer": "x^2 - 1"}));
        assert_eq!(strict("Answer: $y = x**2 - 1$", &e), some("x**2 - 1", true));
        assert!(!strict("Answer: (x-1)(x+1)", &e).1);
    }

    #[test]
    fn the_primary_reading_is_the_runs() {
        let n = q(json!({"text": "q", "answer": 4}));
        let a = read("The answer is 4.", &n, AnswerReading::Strict);
        assert!(!a.primary().correct && a.soft.correct);
        let a = read("The answer is 4.", &n, AnswerReading::Soft);
        assert!(a.primary().correct);
    }
}
