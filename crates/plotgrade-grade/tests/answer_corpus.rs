//! The answer readers against hand-labelled multiple-choice replies written the way chat
//! models write them (`fixtures/mc-answers/`; how they were made and what each set
//! measured when first read: docs/validity.md, "Answer reading"). Each set was written
//! and labelled by a separate agent playing several chat models, who never saw the
//! reader. `dev.jsonl` is the set the soft reader was written against; `heldout.jsonl`,
//! `heldout2.jsonl` … `heldout13.jsonl` were each read once by the reader as it then
//! stood (90.9%, 91.4%, 91.0%, 84.0%, 92.5%, 90.0%, 86.5%, 86.0%, 89.0%, 95.5%, 85.5%,
//! 93.5% and 93.5% right), and the reader was then corrected on them, so all fourteen are
//! tuned on now. The test holds every set at what it reads today: a change that loses an answer
//! fails here.
//!
//! Two claims per set: the soft reader's misses are exactly the listed ones (three, all
//! in the twelfth set), and the strict reader never reads a wrong letter (it may read none).

use plotgrade_grade::answer::{read_soft, read_strict};
use plotgrade_model::task::Answer;

#[derive(serde::Deserialize)]
struct Case {
    id: String,
    choices: [String; 4],
    response: String,
    label: Option<String>,
}

fn cases(name: &str) -> Vec<Case> {
    let path = format!(
        "{}/tests/fixtures/mc-answers/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

fn letter(a: Option<Answer>) -> Option<String> {
    a.map(|a| a.letter().to_string())
}

/// Misses of the soft reader: (id, label, read, how it was read).
fn soft_misses(
    cases: &[Case],
) -> Vec<(
    String,
    Option<String>,
    Option<String>,
    plotgrade_grade::AnswerMethod,
)> {
    cases
        .iter()
        .filter_map(|c| {
            let r = read_soft(&c.response, &c.choices);
            let read = letter(r.answer);
            (read != c.label).then(|| (c.id.clone(), c.label.clone(), read, r.method))
        })
        .collect()
}

fn check(name: &str, allowed_misses: &[&str]) {
    let cases = cases(name);
    let misses = soft_misses(&cases);
    for (id, label, read, method) in &misses {
        eprintln!("{name} soft miss {id}: label {label:?}, read {read:?} ({method:?})");
    }
    let strict_wrong = cases
        .iter()
        .filter(|c| {
            let read = letter(read_strict(&c.response).answer);
            let wrong = read.is_some() && read != c.label;
            if wrong {
                eprintln!(
                    "{name} strict wrong {}: label {:?}, read {read:?}",
                    c.id, c.label
                );
            }
            wrong
        })
        .count();
    eprintln!(
        "{name}: soft {}/{} right; strict reads a wrong letter {strict_wrong} times",
        cases.len() - misses.len(),
        cases.len()
    );
    let ids: Vec<&str> = misses.iter().map(|(id, ..)| id.as_str()).collect();
    assert_eq!(
        ids, allowed_misses,
        "{name}: the soft reader's misses changed"
    );
    // A declared format is never misread: strict finds fewer answers, never wrong ones.
    assert_eq!(strict_wrong, 0, "{name}: strict read a wrong letter");
}

#[test]
fn dev_corpus() {
    check("dev.jsonl", &[]);
}

#[test]
fn heldout_corpus() {
    check("heldout.jsonl", &[]);
}

#[test]
fn heldout2_corpus() {
    check("heldout2.jsonl", &[]);
}

#[test]
fn heldout3_corpus() {
    check("heldout3.jsonl", &[]);
}

/// Read once at 168/200 (84.0%: 29 unread, 3 misread), then corrected on; the one miss
/// left, "Option C marks D at exactly that location" (a description, no word of choosing),
/// stays a miss rather than a rule for one sentence.
#[test]
fn heldout4_corpus() {
    check("heldout4.jsonl", &["h4-186"]);
}

/// Read once at 185/200 (92.5%: 12 unread, 3 misread; strict never wrong), then
/// corrected on. The miss left is a reply cut off mid-sentence ("…so the values") that
/// mentions one choice's text: read as that choice, where a reader sees no decision yet
/// (the sixth set's cut-off rule, a reply ending on "which", fixed its twin h5-020).
#[test]
fn heldout5_corpus() {
    check("heldout5.jsonl", &["h5-135"]);
}

/// Read once at 180/200 (90.0%: 17 unread, 3 misread; strict never wrong), then
/// corrected on. The miss left describes the choice without naming it: a Japanese
/// description of the altitude (垂線（高さ）) for "Draw the altitude from A to BC". ("The
/// added line is the diameter." for "Diameter through O", a miss until the ninth set, is
/// read since that set's "… is X." rule.)
#[test]
fn heldout6_corpus() {
    check("heldout6.jsonl", &["h6-155"]);
}

/// Read once at 173/200 (86.5%: 22 unread, 5 misread; strict never wrong), then
/// corrected on: Hebrew, Greek (Δ for D), Persian, Swahili, Thai, Dutch and Swedish
/// answers; 【A】; `\fbox{D}`; a ticked checklist item; "Correct option: #3"; "A
/// stands"; "Not A, not B, not C."; a value or words only one choice holds after
/// "Answer:" or "is"; replies cut off on a short sentence ("This looks") or undecided
/// ("cannot read … clearly enough to decide").
#[test]
fn heldout7_corpus() {
    check("heldout7.jsonl", &[]);
}

/// Read once at 172/200 (86.0%: 24 unread, 4 misread), and the strict reader read one
/// wrong letter, its first: "Answer: A." overruled by the reply's own "So the correct
/// answer is D, not A." Then corrected on: Cyrillic look-alike letters, Czech, Turkish,
/// Portuguese, Indonesian, Japanese and Arabic answers; `<final>`; `[[A]]`; LaTeX-wrapped
/// letters and `\therefore`; a boxed value that is one choice's text; a table's one row
/// marked ✓; "the option describing …"; "i.e. 75%"; a `<think>` never closed, a reply cut
/// off on "at", a box holding two letters (no answer); a declared answer overruled later
/// (strict reads none).
#[test]
fn heldout8_corpus() {
    check("heldout8.jsonl", &[]);
}

/// Read once at 178/200 (89.0%: 21 unread, 1 misread; strict never wrong), then
/// corrected on: "**Final:** B"; `["C"]`; "答案是（C）" (full-width brackets); "답은 ④"
/// (circled numbers); "option number 3"; "option III."; "✅ B" on its own line; "So C:
/// (-1, 1)."; "… is Cherries — **C**."; Malay "jawapannya ialah A"; a last line "… is X."
/// naming one choice by its own words ("So the added line is CE." after talking about
/// "Line AC", the misread); a last sentence naming one choice's words and no other's,
/// with no negation or hedge ("… switched the color map to viridis.", German "gelb
/// eingefärbt" for "Balken in Gelb", Swedish "kvadrater" for "Kvadrat", "the one
/// describing a side-by-side (horizontal) arrangement", "… the connecting line … is gone"
/// for "Line removed").
#[test]
fn heldout9_corpus() {
    check("heldout9.jsonl", &[]);
}

/// Read once at 191/200 (95.5%: 7 unread, 2 misread; strict never wrong), then corrected
/// on: options lettered А Б В Г in Russian and Ukrainian replies ("Ответ: Б"), where "В"
/// is C only when the reply says so by other letters or by the choice's text (it read as
/// the Latin B it looks like: the two misreads); "I lean A"; options ticked and crossed
/// one to a line; "Correct option: `D`"; "正确选项是"增加了网格线"".
#[test]
fn heldout10_corpus() {
    check("heldout10.jsonl", &[]);
}

/// Read once at 171/200 (85.5%: 22 unread, 7 misread; strict never wrong), then corrected
/// on: options lettered in the reply's own alphabet (Hebrew, Thai, Persian, Hindi) when it
/// lists at least three; Greek "η (Δ)"; Hindi "उत्तर: विकल्प A"; German, Polish, Hungarian,
/// Spanish and Thai ordinals, "second-to-last", "the second candidate", "So #3."; "B or C,
/// probably C"; `<option>`, GLM's answer box, `<!-- final: A -->`, `print("Answer:", "D")`;
/// "settle on"; "the one you want"; a last lone "a"; "정답: 3개"; two words side by side
/// that one choice alone has. Read as none now: two answers to two sub-questions ("Answers:
/// 1 → D, 2 → C"); "**B** or **D**"; "none of A–D is correct" after a decision; a JSON
/// reply cut off inside its string; "…, so the answer" (which the relaxed last-sentence rule
/// would otherwise have read in heldout3).
#[test]
fn heldout11_corpus() {
    check("heldout11.jsonl", &[]);
}

/// Read once at 187/200 (93.5%: 11 unread, 2 misread; strict never wrong), then corrected
/// on: options lettered in Japanese iroha (イ ロ ハ ニ, "答えはハです") and Bengali (ক খ গ ঘ);
/// circled and squared letters ("🅑"); a GSM8K "#### C" line; "the answer is
/// \(\mathrm{B}\)"; a last line "\textbf{(C)}"; "… Choice D." ending the reply; "if I had to
/// pick, B"; a reply that is only a number equal to one choice ("15" for "15.0"). Left: two
/// replies that quote another's answer ("The correct choice is A.", "(A)") and reject it
/// before choosing, read as the quoted letter (misreads), and "Answer: π" for the choice
/// "Global minimum at x = π" (unread).
#[test]
fn heldout12_corpus() {
    check("heldout12.jsonl", &["h12-153", "h12-154", "h12-182"]);
}

/// Read once at 187/200 (93.5%: 12 unread, 1 misread; strict never wrong), then corrected
/// on: "the answer is" in Tagalog, Catalan, Danish, Lithuanian, Serbian and Kazakh (with
/// Cyrillic letters); "… so the chart now has 8 bars."; a reply of one word that one
/// choice alone has ("rotated", "scatter"); and a reply cut off mid-sentence, whose open
/// last sentence named one choice's words, now reads as none (it was read as that choice).
#[test]
fn heldout13_corpus() {
    check("heldout13.jsonl", &[]);
}
