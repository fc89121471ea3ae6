//! A title that states what the reference's title states, in its own words, read as it.
//!
//! "Add a title naming the largest bar and its value" has many right answers:
//! `Largest bar: acre = 8` (the reference) and `Largest bar: acre (8)` (an answer)
//! state one fact (issue #25, round 24: three writers of realsrc-u wrote the second and
//! failed). Where the task does not quote the title, an answer's title is read as the
//! reference's when the two state the same facts:
//! - the same numbers, as numbers (`8`, `150°`, `-0.5`, `2π`), and at least one;
//! - the same names: words the figures themselves write elsewhere (a bar's category, a
//!   legend entry, an axis title; a run of point letters, `AC`, where each letter is a
//!   point's name);
//! - the same words of sense (`not`, `largest`, `minimum`, `below` …: [`SENSE`]);
//! - no single letter the reference's title lacks (`y = -0.5` is not `x = -0.5`), and no
//!   other word it lacks except words that carry nothing ([`FILLER`]): `Frequency =
//!   2π/3` is not `Period = 2π/3`.
//!
//! So a title may say less around its facts (`mArc AC = 180° − 30° = 150°` for
//! `mArc AC = x = 180° − 30° = 150°`), never another fact, another quantity or the
//! opposite. Not where the task quotes the title or fixes how its numbers are written:
//! there the words are the task's, compared as written. Only titles: a label written
//! beside a point is its value and is compared as one.
//!
//! Written by hand: a rule of this grader's reading, no library's.

use std::collections::BTreeSet;

use super::brief::Brief;
use super::element::{ElementKind, Value};
use super::inventory::Inventory;
use super::tolerance::{as_written, canonical_text};

/// Words that decide what a statement says: negations, extremes, directions, order.
const SENSE: &[&str] = &[
    "not",
    "no",
    "non",
    "never",
    "none",
    "neither",
    "nor",
    "without",
    "isn't",
    "largest",
    "smallest",
    "greatest",
    "least",
    "most",
    "fewest",
    "max",
    "min",
    "maximum",
    "minimum",
    "maxima",
    "minima",
    "highest",
    "lowest",
    "tallest",
    "shortest",
    "biggest",
    "longest",
    "top",
    "bottom",
    "first",
    "last",
    "increasing",
    "decreasing",
    "increase",
    "decrease",
    "rising",
    "falling",
    "positive",
    "negative",
    "above",
    "below",
    "left",
    "right",
    "up",
    "down",
    "upper",
    "lower",
    "inside",
    "outside",
    "before",
    "after",
    "more",
    "less",
    "greater",
    "fewer",
    "larger",
    "smaller",
    "higher",
    "monotonic",
    "monotone",
    "even",
    "odd",
    "local",
    "global",
    "only",
    "all",
    "every",
    "both",
    "each",
    "same",
    "different",
    "equal",
    "unequal",
    "parallel",
    "perpendicular",
    "acute",
    "obtuse",
    "right-angled",
];

/// Words that carry nothing a title could get wrong.
const FILLER: &[&str] = &[
    "a",
    "an",
    "the",
    "is",
    "are",
    "was",
    "were",
    "be",
    "of",
    "at",
    "in",
    "on",
    "to",
    "for",
    "by",
    "with",
    "and",
    "its",
    "it",
    "this",
    "that",
    "has",
    "have",
    "value",
    "values",
    "equals",
    "which",
    "so",
    "as",
    "here",
    "there",
    "then",
    "thus",
    "therefore",
    "hence",
];

/// In `generated`, the titles that restate the `reference`'s take its text (see the
/// module's documentation). `others` are further figures compared (the original of an
/// edit), read for names only.
pub(crate) fn adopt(
    generated: &mut Inventory,
    reference: &Inventory,
    others: &[&Inventory],
    brief: &Brief,
) {
    if brief.formats {
        return;
    }
    // Read only when a title differs: most comparisons have none that does.
    let mut names: Option<Names> = None;
    let titles = |inv: &Inventory| -> Vec<(usize, Option<usize>, ElementKind, usize, String)> {
        inv.elements
            .iter()
            .filter(|e| matches!(e.kind, ElementKind::Title | ElementKind::Suptitle))
            .filter_map(|e| match e.attrs.get("text") {
                Some(Value::Text(t)) => Some((e.figure, e.axes, e.kind, e.id, t.clone())),
                _ => None,
            })
            .collect()
    };
    let theirs = titles(reference);
    for (figure, axes, kind, id, text) in titles(generated) {
        let Some((.., wanted)) = theirs
            .iter()
            .find(|t| (t.0, t.1, t.2) == (figure, axes, kind))
        else {
            continue;
        };
        if brief.written.contains(&as_written(wanted)) {
            continue;
        }
        if canonical_text(&text) == canonical_text(wanted) {
            continue;
        }
        let names = names.get_or_insert_with(|| {
            Names::of(
                [&*generated, reference]
                    .into_iter()
                    .chain(others.iter().copied()),
            )
        });
        if restates(&text, wanted, names)
            && let Some(e) = generated.elements.iter_mut().find(|e| e.id == id)
        {
            e.attrs.insert("text".into(), Value::Text(wanted.clone()));
        }
    }
}

/// What the figures write besides their titles: single letters (points) as written,
/// longer words lower-cased.
#[derive(Default)]
struct Names {
    letters: BTreeSet<char>,
    words: BTreeSet<String>,
}

impl Names {
    fn of<'a>(invs: impl Iterator<Item = &'a Inventory>) -> Names {
        let mut names = Names::default();
        let mut add = |s: &str| {
            for t in tokens(s) {
                let mut chars = t.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_alphabetic() => {
                        names.letters.insert(c);
                    }
                    (Some(_), Some(_)) if !t.chars().any(|c| c.is_ascii_digit()) => {
                        names.words.insert(t.to_lowercase());
                    }
                    _ => {}
                }
            }
        };
        for inv in invs {
            for e in &inv.elements {
                if matches!(e.kind, ElementKind::Title | ElementKind::Suptitle) {
                    continue;
                }
                if let Some(k) = &e.key {
                    add(k);
                }
                for v in e.attrs.values() {
                    match v {
                        Value::Text(t) => add(t),
                        Value::Entries(list) => list.iter().for_each(|t| add(t)),
                        _ => {}
                    }
                }
            }
        }
        names
    }
}

/// What a title says, sorted by how its words are held (see the module's documentation).
#[derive(Default, PartialEq, Debug)]
struct Statement {
    facts: BTreeSet<String>,
    letters: BTreeSet<String>,
    words: BTreeSet<String>,
}

fn statement(text: &str, names: &Names) -> Statement {
    let mut s = Statement::default();
    // As written, not canonical: `-4/8` stays working to be read as such, not `-0.5`.
    let text = as_written(text);
    let sides: Vec<&str> = text.split(['=', '≈']).collect();
    for side in &sides {
        if sides.len() > 1
            && let Some(value) = arithmetic(side)
        {
            s.facts.insert(value);
            continue;
        }
        words(side, names, &mut s);
    }
    s
}

/// The tokens of one side of a title's equation into `s`, each where it is held.
fn words(side: &str, names: &Names, s: &mut Statement) {
    for t in tokens(side) {
        let lower = t.to_lowercase();
        let letters = t.chars().count() == 1 && t.chars().all(char::is_alphabetic);
        let points = t
            .chars()
            .all(|c| c.is_ascii_uppercase() && names.letters.contains(&c));
        if t.chars().any(|c| c.is_ascii_digit()) || SENSE.contains(&lower.as_str()) {
            s.facts.insert(lower);
        } else if points || (!letters && names.words.contains(&lower)) {
            s.facts.insert(if points { t } else { lower });
        } else if letters {
            s.letters.insert(t);
        } else {
            s.words.insert(lower);
        }
    }
}

/// The letters `generated` gives as a symbol for a word the reference's equation also
/// names: `Period T = 2π/3` for `Period = 2π/3` names the period `T`, a name, not a
/// fact. Never `x`, `y` or `z`, the coordinates a title could state a wrong one of
/// (`Vertex y = -0.5` is not `Vertex x = -0.5`), nor a point's name (checked by the
/// caller).
fn symbols_named(generated: &str, reference: &str) -> Vec<char> {
    let (g, r) = (canonical_text(generated), canonical_text(reference));
    let words: Vec<&str> = g.split(' ').collect();
    let mut out = Vec::new();
    for pair in words.windows(2) {
        // The word the symbol follows: the last run of letters before the space.
        let word = pair[0]
            .rsplit(|c: char| !c.is_alphabetic())
            .next()
            .unwrap_or_default();
        let mut rest = pair[1].chars();
        let (Some(symbol), Some(sign)) = (rest.next(), rest.next()) else {
            continue;
        };
        if word.chars().count() < 2
            || !symbol.is_alphabetic()
            || matches!(symbol.to_ascii_lowercase(), 'x' | 'y' | 'z')
            || !matches!(sign, '=' | '≈')
        {
            continue;
        }
        let named = r.match_indices(word).any(|(at, _)| {
            let before = r[..at].chars().next_back();
            let after = r[at + word.len()..].chars().next();
            before.is_none_or(|b| !b.is_alphabetic())
                && after.is_some_and(|a| matches!(a, '=' | '≈'))
        });
        if named {
            out.push(symbol);
        }
    }
    out
}

/// The value of `side` when it is arithmetic on numbers (`-4/8`, `-4/(2⋅4)`,
/// `180° - 30°`: at least one operator between two numbers, nothing but numbers, their
/// units, operators and parentheses), as a fact of its own (`=-0.5`, `=150°`): one side
/// of a title's equation that works a value out is read by the value, however the
/// working is written, and is still one more fact than the value alone (`150°` does not
/// restate `180° − 30° = 150°`). Evaluated by `exmex`; `None` for anything else.
fn arithmetic(side: &str) -> Option<String> {
    const OPERATORS: &[char] = &['+', '-', '*', '/', '×', '÷', '·', '⋅'];
    let side = side.trim();
    let allowed = |c: char| {
        c.is_ascii_digit()
            || OPERATORS.contains(&c)
            || matches!(c, '.' | '(' | ')' | ' ' | '°' | '%')
    };
    if side.chars().count() > 64 || !side.chars().all(allowed) {
        return None;
    }
    let c: Vec<char> = side.chars().filter(|&c| c != ' ').collect();
    let binary = (1..c.len()).any(|i| {
        OPERATORS.contains(&c[i])
            && (c[i - 1].is_ascii_digit() || matches!(c[i - 1], ')' | '°' | '%'))
    });
    if !binary {
        return None;
    }
    let unit = c.iter().find(|&&ch| matches!(ch, '°' | '%'));
    let expr: String = c
        .iter()
        .filter(|&&ch| !matches!(ch, '°' | '%'))
        .map(|&ch| match ch {
            '×' | '·' | '⋅' => '*',
            '÷' => '/',
            ch => ch,
        })
        .collect();
    let value = exmex::eval_str::<f64>(&expr)
        .ok()
        .filter(|v| v.is_finite())?;
    // Nine decimals: the same value however it was worked out (`0.1 + 0.2` is `0.3`).
    let value = (value * 1e9).round() / 1e9 + 0.0;
    Some(format!(
        "={value}{}",
        unit.map(char::to_string).unwrap_or_default()
    ))
}

/// Whether the title `generated` states what `reference` states.
fn restates(generated: &str, reference: &str, names: &Names) -> bool {
    let (mut g, r) = (statement(generated, names), statement(reference, names));
    for symbol in symbols_named(generated, reference) {
        if !names.letters.contains(&symbol) && !r.letters.contains(&symbol.to_string()) {
            g.letters.remove(&symbol.to_string());
        }
    }
    r.facts
        .iter()
        .any(|f| f.chars().any(|c| c.is_ascii_digit()))
        && g.facts == r.facts
        && g.letters.is_subset(&r.letters)
        && g.words
            .iter()
            .all(|w| r.words.contains(w) || FILLER.contains(&w.as_str()))
}

/// The words and numbers of a text as compared ([`canonical_text`]): runs of letters,
/// digits and the signs a number carries (`°`, `%`, a decimal point, a leading minus).
fn tokens(text: &str) -> Vec<String> {
    let c: Vec<char> = canonical_text(text).chars().collect();
    let digit = |k: usize| c.get(k).is_some_and(char::is_ascii_digit);
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &ch) in c.iter().enumerate() {
        let part = ch.is_alphanumeric()
            || matches!(ch, '°' | '%' | '\'')
            || (ch == '.' && !cur.is_empty() && digit(i + 1))
            || (ch == '-' && cur.is_empty() && digit(i + 1));
        if part {
            cur.push(ch);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(letters: &str, words: &[&str]) -> Names {
        Names {
            letters: letters.chars().collect(),
            words: words.iter().map(|w| w.to_string()).collect(),
        }
    }

    /// realsrc-u, round 24: "add a title naming the largest bar and its value".
    #[test]
    fn a_title_in_other_words_with_the_same_facts_restates_it() {
        let bars = names(
            "",
            &["ration", "posse", "permit", "acre", "ego", "nerve", "value"],
        );
        let r = "Largest bar: acre = 8";
        assert!(restates("Largest bar: acre (8)", r, &bars));
        assert!(restates("The largest bar is acre with 8", r, &bars));
        assert!(!restates("Largest bar: ego (8)", r, &bars), "another bar");
        assert!(
            !restates("Largest bar: acre (7)", r, &bars),
            "another value"
        );
        assert!(
            !restates("Smallest bar: acre (8)", r, &bars),
            "the opposite"
        );
        assert!(
            !restates("Largest bar: acre", r, &bars),
            "its value left out"
        );
        assert!(
            !restates("Widest bar: acre (8)", r, &bars),
            "another quantity"
        );
    }

    /// The instruction's own answer, without the reference's `x =`, restates it; another
    /// arc, another letter or another quantity does not.
    #[test]
    fn a_title_may_say_less_around_its_facts_never_another_fact() {
        let points = names("ABCD", &[]);
        let r = "mArc AC = x = 180° − 30° = 150°";
        assert!(restates("mArc AC = 180° - 30° = 150°", r, &points));
        assert!(!restates("mArc AB = 180° - 30° = 150°", r, &points));
        assert!(!restates("mArc AC = 180° - 30° = 160°", r, &points));
        assert!(!restates(
            "y = 180° - 30° = 150°",
            "x = 180° - 30° = 150°",
            &points
        ));
        let fns = names("", &[]);
        assert!(!restates("Frequency = 2π/3", "Period = 2π/3", &fns));
        assert!(!restates(
            "The function is not monotonic",
            "Not monotonic: local min (0, 0), local max (1.33, 1.19)",
            &fns
        ));
        assert!(
            !restates("A line", "A parabola", &fns),
            "no number: words compared"
        );
    }

    /// realsrc-u, round 25: the working of a value written another way is the same
    /// working; a symbol for the quantity the reference names is a name.
    #[test]
    fn equal_arithmetic_is_one_fact_and_a_named_symbol_is_no_fact() {
        let fns = names("", &[]);
        let r = "Vertex at x = −b/(2a) = −4/8 = −0.5";
        assert!(restates("x = -b/(2a) = -4/(2*4) = -0.5", r, &fns));
        assert!(restates("Vertex: x = -b/(2a) = -4/(2*4) = -0.5", r, &fns));
        assert!(restates(
            "Vertex: $x = -\\frac{b}{2a} = -\\frac{4}{2 \\cdot 4} = -0.5$",
            r,
            &fns
        ));
        assert!(
            !restates("x = -b/(2a) = -4/(2*4) = -1", r, &fns),
            "another value"
        );
        assert!(
            !restates("x = -b/(2a) = -4/(2*3) = -0.5", r, &fns),
            "wrong working"
        );
        assert!(
            !restates("x = -b/(2a) = -0.5", r, &fns),
            "the working left out"
        );
        assert!(!restates("y = -b/(2a) = -4/(2*4) = -0.5", r, &fns));
        let points = names("ABC", &[]);
        assert!(restates(
            "m∠B = 180° - 30° = 150°",
            "m∠B = 180° − 30° = 150°",
            &points
        ));
        assert!(!restates("m∠B = 150°", "m∠B = 180° − 30° = 150°", &points));
        // A symbol for the quantity the reference's equation names.
        let r = "Period = 2π/3 ≈ 2.0944";
        assert!(restates("Period $T = 2\\pi/3 \\approx$ 2.0944", r, &fns));
        assert!(restates("Period T = 2π/3 ≈ 2.0944", r, &fns));
        assert!(
            !restates("Period x = 2π/3 ≈ 2.0944", r, &fns),
            "a coordinate"
        );
        assert!(
            !restates("Period B = 2π/3", "Period = 2π/3", &points),
            "a point"
        );
        assert!(
            !restates("Frequency f = 2π/3 ≈ 2.0944", r, &fns),
            "a word the reference does not name"
        );
        assert!(!restates("Period T = 2π/3 ≈ 2.0945", r, &fns));
    }
}
