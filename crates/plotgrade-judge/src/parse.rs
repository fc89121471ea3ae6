//! Reading the 1–10 score out of a judge's answer.
//!
//! The rubric asks for a last line `Score: N`; judges decorate it (`**Score:** 7/10`,
//! `Final score: 8`, `### Score: 6`) or put the number on the next line, and some answer
//! in a sentence ("I would give this a 7 out of 10"). The rules:
//!
//! 1. A *score line* is a line that, after markdown and list marks, starts with `score`,
//!    optionally after `final`, `overall` or `total`, followed by `:` or `=`. The last
//!    score line wins; its number is the first one after the label (or the next line's,
//!    when the label stands alone).
//! 2. Without a score line, the last `N/10`, `N out of 10` or `score of N` anywhere wins.
//! 3. A number must be 1–10 (decimals allowed: `7.5`); `N/M` with M ≠ 10 and ranges
//!    (`7-8`) are ambiguous. Anything else is *unparseable*, with the reason — never
//!    a number guessed from the text.

/// Why no score could be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("no `Score: N` line and no score in the text")]
    NoScore,
    #[error("the score line has no number: {0:?}")]
    NoNumber(String),
    #[error("score {0} is outside 1–10")]
    OutOfRange(String),
    #[error("ambiguous score {0:?} (a range, or not out of 10)")]
    Ambiguous(String),
}

/// The 1–10 score of `answer`.
pub fn parse_score(answer: &str) -> Result<f64, ParseError> {
    let lines: Vec<&str> = answer.lines().collect();
    let last_label = lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, l)| score_label(l).map(|rest| (i, rest)));
    if let Some((i, rest)) = last_label {
        let rest = if strip_marks(rest).is_empty() {
            // `**Score:**` alone: the number is on the next non-empty line.
            lines[i + 1..]
                .iter()
                .find(|l| !strip_marks(l).is_empty())
                .copied()
                .unwrap_or("")
        } else {
            rest
        };
        return number_at_start(rest);
    }
    sentence_score(answer)
}

/// Markdown and list decoration around a label or number.
fn is_mark(c: char) -> bool {
    matches!(
        c,
        '*' | '_' | '#' | '`' | '>' | '-' | '•' | '[' | ']' | '(' | ')'
    ) || c.is_whitespace()
}

fn strip_marks(s: &str) -> &str {
    s.trim_matches(is_mark)
}

/// The text after `score:` when `line` is a score line.
fn score_label(line: &str) -> Option<&str> {
    let s = line.trim_start_matches(is_mark);
    let lower = s.to_ascii_lowercase();
    let mut at = 0;
    for prefix in ["final ", "overall ", "total "] {
        if lower.starts_with(prefix) {
            at = prefix.len();
            break;
        }
    }
    if !lower[at..].starts_with("score") {
        return None;
    }
    let after = &s[at + "score".len()..];
    let after = after.trim_start_matches(is_mark);
    let rest = after
        .strip_prefix(':')
        .or_else(|| after.strip_prefix('='))?;
    Some(rest)
}

/// A decimal number at the start of `s` (after marks): `(value, rest)`.
fn leading_number(s: &str) -> Option<(f64, &str, &str)> {
    let s = s.trim_start_matches(is_mark);
    let end = s
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (c == '.' && i > 0)))
        .map_or(s.len(), |(i, _)| i);
    let text = s[..end].trim_end_matches('.');
    let value: f64 = text.parse().ok()?;
    Some((value, text, &s[text.len()..]))
}

/// The score at the start of `rest`: a number, optionally `/10` or `out of 10`.
fn number_at_start(rest: &str) -> Result<f64, ParseError> {
    let shown = rest.trim().to_string();
    let Some((value, text, after)) = leading_number(rest) else {
        return Err(ParseError::NoNumber(shown));
    };
    let after = after.trim_start_matches(|c: char| c == '*' || c == '_' || c.is_whitespace());
    let lower = after.to_ascii_lowercase();
    let scale = if let Some(d) = after.strip_prefix('/') {
        Some(d)
    } else {
        lower
            .strip_prefix("out of")
            .map(|_| &after["out of".len()..])
    };
    if let Some(d) = scale {
        if !leading_number(d).is_some_and(|(d, _, _)| d == 10.0) {
            return Err(ParseError::Ambiguous(shown));
        }
    } else if (after.starts_with(['-', '–', '—']) || lower.starts_with("to "))
        && leading_number(
            after
                .trim_start_matches(['-', '–', '—'])
                .trim_start_matches("to "),
        )
        .is_some()
    {
        return Err(ParseError::Ambiguous(shown));
    }
    in_range(value, text)
}

fn in_range(value: f64, text: &str) -> Result<f64, ParseError> {
    if (1.0..=10.0).contains(&value) {
        Ok(value)
    } else {
        Err(ParseError::OutOfRange(text.to_string()))
    }
}

/// The last `N/10`, `N out of 10` or `score of N` in free text.
fn sentence_score(answer: &str) -> Result<f64, ParseError> {
    let lower = answer.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut found: Option<(f64, String)> = None;
    let mut i = 0;
    while i < bytes.len() {
        let starts_number =
            bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        if !starts_number {
            i += 1;
            continue;
        }
        let Some((value, text, after)) = leading_number(&lower[i..]) else {
            i += 1;
            continue;
        };
        let before = lower[..i].trim_end();
        let out_of_ten = {
            let a = after.trim_start();
            let d = a
                .strip_prefix('/')
                .or_else(|| a.strip_prefix("out of"))
                .map(str::trim_start);
            d.is_some_and(|d| {
                d.starts_with("10") && !d[2..].starts_with(|c: char| c.is_ascii_digit())
            })
        };
        let score_of = before.ends_with("score of") || before.ends_with("score of a");
        if out_of_ten || score_of {
            found = Some((value, text.to_string()));
        }
        i += text.len().max(1);
    }
    match found {
        Some((value, text)) => in_range(value, &text),
        None => Err(ParseError::NoScore),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_lines_in_their_many_forms() {
        let cases: &[(&str, f64)] = &[
            ("Score: 7", 7.0),
            ("score: 7", 7.0),
            ("SCORE:7", 7.0),
            ("**Score:** 7/10", 7.0),
            ("**Score: 7**", 7.0),
            ("Score: **8** / 10", 8.0),
            ("### Score: 6", 6.0),
            ("- Final score: 9", 9.0),
            ("Overall Score = 4", 4.0),
            ("Total score: 3 out of 10", 3.0),
            ("Score: 7.5", 7.5),
            ("Score: 10", 10.0),
            ("Score: 1.", 1.0),
            ("Score: 7 (band 7–8: one secondary detail differs)", 7.0),
            ("`Score: 5`", 5.0),
            ("> Score: 2", 2.0),
            ("Step 1 ...\nStep 2 ...\nBand 5–6.\n\nScore: 6\n", 6.0),
            ("**Score:**\n\n8", 8.0),
        ];
        for (text, want) in cases {
            assert_eq!(parse_score(text), Ok(*want), "{text:?}");
        }
    }

    #[test]
    fn the_last_score_line_wins() {
        let text = "Score: 3 would be too harsh.\nReconsidering the labels...\nScore: 7";
        assert_eq!(parse_score(text), Ok(7.0));
        // A dimension line that merely contains "score:" is not a score line.
        let text = "Content accuracy score: 4\nCode correctness score: 9\nScore: 6";
        assert_eq!(parse_score(text), Ok(6.0));
        // The last score line decides even when it is unreadable.
        assert_eq!(
            parse_score("Score: 6\nScore: N/A"),
            Err(ParseError::NoNumber("N/A".into()))
        );
    }

    #[test]
    fn scores_in_a_sentence() {
        let cases: &[(&str, f64)] = &[
            ("I would give this a 7 out of 10.", 7.0),
            ("Overall this deserves 8/10.", 8.0),
            ("It earns a score of 6 because the labels are off.", 6.0),
            ("First I thought 4/10, but on reflection 6/10.", 6.0),
            ("Rating: 9 / 10", 9.0),
        ];
        for (text, want) in cases {
            assert_eq!(parse_score(text), Ok(*want), "{text:?}");
        }
    }

    #[test]
    fn unparseable_answers_are_never_a_number() {
        assert_eq!(
            parse_score("The code draws the right bars."),
            Err(ParseError::NoScore)
        );
        assert_eq!(parse_score(""), Err(ParseError::NoScore));
        assert_eq!(
            parse_score("Score: 11"),
            Err(ParseError::OutOfRange("11".into()))
        );
        assert_eq!(
            parse_score("Score: 0"),
            Err(ParseError::OutOfRange("0".into()))
        );
        assert_eq!(
            parse_score("Score: 4/5"),
            Err(ParseError::Ambiguous("4/5".into()))
        );
        assert_eq!(
            parse_score("Score: 7-8"),
            Err(ParseError::Ambiguous("7-8".into()))
        );
        assert_eq!(
            parse_score("Score: 7 to 8"),
            Err(ParseError::Ambiguous("7 to 8".into()))
        );
        assert_eq!(
            parse_score("Score: seven"),
            Err(ParseError::NoNumber("seven".into()))
        );
        assert_eq!(
            parse_score("I'd say 12 out of 10!"),
            Err(ParseError::OutOfRange("12".into()))
        );
        // Numbers that are not out of ten are not scores.
        assert_eq!(
            parse_score("The bars are 3, 5 and 7 high; 2/3 are right."),
            Err(ParseError::NoScore)
        );
        assert_eq!(
            parse_score("100/10"),
            Err(ParseError::OutOfRange("100".into()))
        );
    }

    #[test]
    fn a_score_line_beats_an_earlier_sentence() {
        let text = "At first glance 3/10.\nAfter Step 2:\nScore: 8";
        assert_eq!(parse_score(text), Ok(8.0));
    }
}
