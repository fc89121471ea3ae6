//! Reading the chosen option out of a multiple-choice response, two ways.
//!
//! - **Strict** reads only a declared format: `\boxed{X}`, a line that starts with
//!   `Answer: X` (or `Final answer: X`), a JSON field (`"answer": "X"`), or a response that
//!   is nothing but the letter. The last declaration in the text wins.
//! - **Soft** reads the model's intended final choice from free text: every declaration
//!   strict reads, and the phrases models decide with ("the correct answer is C", "I choose
//!   (C)", "B is correct", "the right choice is D", a reply that opens with "B. …", a line
//!   that is only the letter, "答案是 C"). The *last* decision in the text wins, so a stated
//!   answer followed by "Wait… the correct answer is C" reads C. Mentions are not decisions:
//!   "option B …, unlike option C" is no choice of C; "C is incorrect", "not A", "is the
//!   answer B?", "if the answer is B" and "A, B or C" are never read. A letter inside a word
//!   is never read, nor the article: "the answer is a program" is no answer A. When no
//!   decision is found, a response quoting the text of exactly one choice (or boxing it)
//!   chose that one.
//!
//! A reasoning model's `<think>` block is read only when the text after it decides nothing.
//!
//! Written here by hand: the readers of lm-eval (`regex` filters), VLMEvalKit
//! (`can_infer_option`) and OpenCompass (`first_option_postprocess`) are Python, and each is
//! a list of patterns tried in order, which is the failure this reader avoids (the first
//! pattern to match wins wherever it stands). The patterns themselves use the `regex` crate.
//! The hand-labelled corpus in `tests/fixtures/mc-answers/` measures both readers
//! (docs/validity.md, "Answer reading").

use std::sync::LazyLock;

use plotgrade_model::task::Answer;
use regex::Regex;

use super::result::{AnswerMethod, AnswerRead};

/// Most of a response read for its answer (a reply is a few kilobytes).
const MAX_ANSWER_BYTES: usize = 1 << 20;

/// The letter of an option, as the patterns capture it in group `l`: `B`, `(B)`, `[B]`,
/// `**B**`, `option B`, `"D"`, `«C»`, `【C】`, `` `D` ``, `$\mathbf{(D)}$`. Lowercase letters are read
/// too (`(b)`, `answer: c`); see [`accept`] for the article "a".
const LETTER: &str = r#"(?:\*\*|__)?\s*(?:option\s+|choice\s+)?(?:\*\*|__)?(?:\$+\s*(?:\\(?:mathbf|textbf|mathrm|text|boldsymbol)\s*\{\s*)?)?[(\[«"“'‘「【（`]?\s*(?P<l>[A-Da-d])\s*[)\]»"”'’」】）`]?(?:\s*\}?\s*\$+)?(?:\*\*|__)?"#;

/// [`LETTER`] in a Cyrillic reply, which may type the Latin letters A, B, C as their
/// look-alikes А, В, С (and D as Д): "Ответ: С", or letter the options in its own
/// alphabet, А, Б, В, Г: "Ответ: Б". "В" is B by its look and C by its place; see
/// [`cyrillic_ve`]. Only in Russian and Ukrainian patterns, where "В" is not the
/// preposition.
fn cyrillic_letter() -> String {
    LETTER.replace("[A-Da-d]", "[A-Da-dАБВГСД]")
}

/// Which option a Cyrillic "В" names: C when the reply letters options in the Cyrillic
/// order elsewhere (a "Б" or "Г" standing alone), else it is undecided between B (the
/// Latin look-alike) and C ([`Decision::by_look`], settled by [`conclude`]).
fn cyrillic_ve(text: &str) -> Option<Answer> {
    static ORDER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?:^|[^\p{L}\p{N}])[БГ](?:$|[^\p{L}\p{N}])").expect("Cyrillic order pattern")
    });
    ORDER.is_match(text).then_some(Answer::ALL[2])
}

/// Which reader a pattern belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tier {
    /// A declared format: read by both readers.
    Format,
    /// A phrase of free text: read by the soft reader only.
    FreeText,
}

struct Pattern {
    re: Regex,
    method: AnswerMethod,
    tier: Tier,
}

fn pattern(re: &str, method: AnswerMethod, tier: Tier) -> Pattern {
    let re = re
        .replace("CYR_LETTER", &cyrillic_letter())
        .replace("LETTER", LETTER);
    Pattern {
        re: Regex::new(&re).unwrap_or_else(|e| panic!("answer pattern {re}: {e}")),
        method,
        tier,
    }
}

/// "The answer is" in other languages models answer in: Chinese, Spanish, French,
/// German, Portuguese, Italian, Turkish, Korean, Japanese, Russian, Arabic (its option
/// letters أ ب ج د are A–D), Hindi, Vietnamese, Indonesian, Hebrew and Persian (their own option letter, given
/// before the Latin one as in "ב׳ (B)", is skipped), Greek (Α Β Γ Δ are A–D), Swahili,
/// Thai, Dutch, Czech, Ukrainian, Malay, Tagalog, Catalan, Danish, Lithuanian, Serbian
/// (Cyrillic and Latin) and Kazakh (a letter after a
/// negation such as "A değil, B", "A가 아니라 C가", "B ではなく C", "не A, а C" is the
/// one after it).
const OTHER_LANGUAGES: [&str; 45] = [
    r"(?:答案|正确答案|正確答案)\s*(?:应该|應該)?\s*(?:是|为|為|[:：])?\s*(?:选项\s*)?LETTER",
    r"(?:选择|选)\s*LETTER",
    r"(?m)(?:选项|選択肢|الخيار)\s*LETTER\s*[。.!！]?\s*$",
    r"選択肢\s*LETTER\s*(?:が|は)?\s*(?:正しい|正解)",
    r"(?:所以|因此|故)\s*(?:是|选)?\s*(?:选项\s*)?LETTER",
    r"(?i)respuesta(?:\s+correcta)?\s+es\s*[:：]?\s*(?:la\s+)?(?:opci[oó]n\s+)?LETTER",
    r"(?i)r[ée]ponse\s*(?:correcte\s*)?(?:est\s*[:：]?|[:：])\s*(?:l'option\s+|la\s+)?LETTER",
    r"(?i)\bc[’']est\s+(?:la\s+|l[’'])?(?:r[ée]ponse\s+|option\s+)?LETTER",
    r"(?i)Antwort\s+ist\s*[:：]?\s*(?:Option\s+)?LETTER",
    r"(?i)resposta(?:\s+correta)?\s+[ée]\s*[:：]?\s*(?:a\s+)?(?:op[cç][aã]o\s+|alternativa\s+)?LETTER",
    r"(?i)\b(?:ou\s+seja|portanto|logo)\s*,?\s+(?:a\s+)?(?:alternativa|op[cç][aã]o)\s+LETTER",
    r"(?i)(?:alternativa|op[cç][aã]o|resposta)\s+corret[ao]\s+[ée]\s*[:：]?\s*(?:a\s+|o\s+)?(?:alternativa\s+|op[cç][aã]o\s+|letra\s+)?LETTER",
    r"(?i)risposta(?:\s+corretta)?\s+è\s*[:：]?\s*(?:la\s+|l'\s*)?(?:opzione\s+)?LETTER",
    r"(?i)corrett[oa]\s+è\s+(?:quell[oa]\s+dell'\s*|l'\s*|la\s+)?(?:opzione\s+)?LETTER",
    r"(?i)(?:doğru\s+)?(?:cevap|yanıt)\s*[:：]?\s*LETTER\s*(?:[.,;!]|$|\s+(?:\(|yani|çünkü))",
    r"(?i)değil\s*,\s*LETTER",
    r"(?i)(?:doğru\s+)?(?:seçenek|şık|cevap)\s+LETTER\s*['’]?\s*(?:dır|dir|dur|dür|tır|tir|tur|tür)\b",
    r"(?:정답은|답은|코드는|것은)\s*LETTER\s*(?:입니다|이다|[.。]|$)",
    r"LETTER\s*(?:가|이)\s*(?:맞습니다|맞다|정답)",
    r"(?:答え|正解)\s*は\s*(?:選択肢\s*)?LETTER",
    r"ではなく\s*[、,]?\s*LETTER\s*(?:です|が)",
    r"(?i)(?:правильн(?:ый|а)\s+)?(?:ответ|відповідь|одговор|жауабы?)\s*(?:[:：—–-]|это|це|је)?\s*(?:вариант\s+|варіант\s+)?CYR_LETTER",
    r"(?i)(?:это|значит|це)\s+(?:вариант|варіант)\s+CYR_LETTER",
    r"(?:الخيار|الإجابة|الجواب)(?:\s+(?:الصحيح|الصحيحة))?\s+(?:هو|هي)\s*(?:الخيار\s*)?[(\[]?\s*(?P<l>[A-Da-dأبجد])",
    r"(?:सही\s+)?उत्तर\s+(?:विकल्प\s+)?LETTER\s*(?:है|हैं)",
    r"(?:सही\s+)?उत्तर\s*[:：]\s*(?:विकल्प\s+)?LETTER",
    r"(?i)(?:chọn|đáp\s+án(?:\s+đúng)?\s+là)\s*[:：]?\s*LETTER",
    r"(?i)\bjawaban(?:nya)?(?:\s+(?:yang\s+)?(?:benar|tepat))?\s*(?:adalah\s*[:：]?|[:：])\s*(?:pilihan\s+|opsi\s+)?LETTER",
    r"(?i)\bjawaban(?:nya)?\s+(?:pilihan\s+|opsi\s+)?LETTER\s*(?:[.!]|$)",
    r"(?i)\bjawapan(?:nya)?(?:\s+(?:yang\s+)?(?:betul|tepat))?\s*(?:ialah|adalah|[:：])\s*(?:pilihan\s+)?LETTER",
    r"(?im)\balternativa\s+LETTER\s*[.!]?\s*$",
    r"(?:התשובה|תשובה)(?:\s+(?:הנכונה|הסופית|סופית))?\s*(?:היא|[:：])\s*(?:[אבגד][׳']?\s*)?LETTER",
    r"پاسخ(?:\s+(?:صحیح|درست|نهایی))?\s*(?:[:：]|است)\s*(?:گزینه\s*)?(?:[بجد]\s*)?LETTER",
    r"(?:Απάντηση|απάντηση|ΑΠΑΝΤΗΣΗ)(?:\s+(?:είναι|σωστή))?(?:\s+η)?\s*[:：]?\s*[(\[]?(?P<l>[A-DΑΒΓΔ])\s*[)\]]?\s*(?:[.;]|$)",
    r"(?i)\bjibu(?:\s+(?:sahihi|sahi|ni\s+la))?\s*(?:ni|[:：])\s*(?:chaguo\s+)?LETTER",
    r"(?:คำตอบ(?:คือ)?|ตอบ)\s*[:：]?\s*(?:ข้อ\s*)?LETTER",
    r"(?i)\b(?:dus|daarom|het\s+(?:juiste\s+)?antwoord\s+is|antwoord\s*[:：])\s*[:：]?\s*(?:optie\s+)?LETTER\s*(?:[.!]|$)",
    r"(?im)\boptie\s+LETTER\s*[.!]?\s*$",
    r"(?i)(?:správná\s+)?odpověď\s*(?:je|[:：])\s*(?:možnost\s+)?LETTER",
    r"(?i)\bsprávně\s+je\s+(?:možnost\s+)?LETTER",
    r"(?i)\b(?:tamang\s+)?sagot\s*(?:ay|[:：])\s*(?:ang\s+)?(?:opsyon\s+|titik\s+)?LETTER",
    r"(?i)\bresposta(?:\s+correcta)?\s+és\s*[:：]?\s*(?:la\s+|l['’]\s*)?(?:opció\s+)?LETTER",
    r"(?i)\bsvar(?:et)?\s*(?:er\s*(?:derfor\s+|altså\s+|dermed\s+)?|[:：])\s*(?:mulighed\s+|valgmulighed\s+)?LETTER",
    r"(?i)\b(?:teisingas\s+)?atsakymas\s*(?:yra\s*|[:：–—-]\s*)(?:variantas\s+)?LETTER",
    r"(?i)\bodgovor\s*(?:je|[:：–—-])\s*(?:opcija\s+)?LETTER",
];

static PATTERNS: LazyLock<Vec<Pattern>> = LazyLock::new(|| {
    use AnswerMethod as M;
    let free = |re: &str| pattern(re, M::Phrase, Tier::FreeText);
    let mut patterns = vec![
        // \boxed{B}, \boxed{\text{B}}, \boxed{\textbf{(B)}}, \boxed{B. 15}, \fbox{D}.
        pattern(
            r"(?i)\\(?:boxed|fbox)\s*\{\s*(?:\\(?:text|textbf|mathrm|mathbf|mathbb)\s*\{\s*)?(?:option\s*)?[(\[]?\s*(?P<l>[A-D])\s*[)\]]?\s*(?:[.:,\s][^{}]*)?\}",
            M::Boxed,
            Tier::Format,
        ),
        // A line that opens with "Answer: X" / "**Final answer:** (X)" / "### Answer: X" /
        // "**Final:** B".
        pattern(
            r"(?im)^[\s#>*_-]*(?:(?:the\s+)?(?:final\s+|correct\s+)?answer|final)\s*(?:\*\*|__)?\s*(?:[:：]|\s[-–—])\s*(?:is\s+)?LETTER",
            M::Declared,
            Tier::Format,
        ),
        // A markdown section headed "Answer" that opens with the letter: "## Answer\n**D** —".
        pattern(
            r"(?im)^#+\s*(?:final\s+)?answer\s*$\s*^\s*(?:\*\*|__)?\s*(?:option\s+)?[(\[]?(?P<l>[A-D])[)\]]?(?:\*\*|__)?(?:[\s.:,—–-]|$)",
            M::Declared,
            Tier::Format,
        ),
        // A JSON field: {"answer": "C"}, {"choice": "(B)", …}; <answer>B</answer>,
        // <final>C</final>.
        pattern(
            r#"(?i)"(?:final_answer|final|answer|choice|selected_option|selection|option)"\s*:\s*"\s*[(\[]?\s*(?:option\s+)?(?P<l>[A-D])\s*[)\]]?\s*(?:[.:)][^"]*)?""#,
            M::Json,
            Tier::Format,
        ),
        // A JSON-mode reply that is an array of one letter: `["C"]`.
        pattern(
            r#"(?m)^\s*\[\s*"(?P<l>[A-D])"\s*\]\s*$"#,
            M::Json,
            Tier::Format,
        ),
        pattern(
            r"(?i)<(?:answer|final|final_answer|choice|option)>\s*[(\[]?\s*(?P<l>[A-D])\s*[)\]]?\s*</(?:answer|final|final_answer|choice|option)>",
            M::Json,
            Tier::Format,
        ),
        // GLM-4.1V's answer box: `<|begin_of_box|>A<|end_of_box|>`.
        pattern(
            r"<\|begin_of_box\|>\s*(?:\\boxed\s*\{\s*)?[(\[]?\s*(?P<l>[A-D])\s*[)\]]?\s*\}?\s*<\|end_of_box\|>",
            M::Boxed,
            Tier::Format,
        ),
        // An answer in a comment or a printout: `<!-- final: A -->`, `print("Answer:", "D")`.
        free(r"(?i)<!--\s*(?:final(?:\s+answer)?|answer)\s*[:：=]\s*LETTER\s*-->"),
        free(
            r#"(?i)\bprint\s*\(\s*f?["'](?:final\s+)?answer\s*[:：=]?\s*(?:["']\s*,\s*["'])?\s*(?P<l>[A-D])["']\s*\)"#,
        ),
        // "the (correct|final|…) answer is (option) C", "my pick: A", "Verdict: option C".
        free(
            r#"(?i)\b(?:answer|choice|pick|selection|verdict)(?:\s+to\s+(?:this|the)\s+question)?"?(?:\s+(?:is|would\s+be|should\s+be|must\s+be|will\s+be|remains|here\s+is)\s*[:：]?|\s*(?:\*\*|__)?\s*[:：=])\s*(?:therefore\s+|thus\s+|clearly\s+|definitely\s+|actually\s+|indeed\s+|still\s+)?LETTER"#,
        ),
        // "answer (a)", "… so answer B" ending its line.
        free(r"(?i)\banswer\s*[(\[]\s*(?P<l>[A-Da-d])\s*[)\]]"),
        free(r"(?im)\b(?:answer|so)\s+LETTER\s*[.!]?\s*$"),
        // "the correct option is B", "Correct option: A", "the right program is (C)".
        free(
            r"(?i)\b(?:correct|right|best|matching|appropriate|final|only\s+correct)\s+(?:option|program|code|one|script|snippet|response)(?:\s+(?:is|would\s+be|should\s+be|must\s+be)\s*[:：]?|\s*(?:\*\*|__)?\s*[:：=])\s*LETTER",
        ),
        // "corresponds to option C", "described by option B", "that is option D", "should
        // be program C", "agrees with Option A".
        free(
            r"(?i)\b(?:corresponds?\s+to|described\s+by|is\s+given\s+by|agrees\s+with|matches|that\s+is|that's|this\s+is|should\s+be|must\s+be|would\s+be|has\s+to\s+be)\s+(?:the\s+)?(?:option|program|choice|answer|code|snippet)\s+LETTER",
        ),
        // "I choose (C)", "I'll say B", "I would pick option D", "stick with A", "I lean A".
        free(
            r"(?i)\b(?:I\s*(?:'ll|'d|\s+will|\s+would|\s+must|\s+have\s+to)?\s*(?:choose|pick|select|say|keep|go\s+with|go\s+for|opt\s+for|settle\s+(?:on|for)|answer)|(?:stay|stick|keep|remain|going)\s+with|go\s+with|I\s*(?:'m|\s+am)?\s*lean(?:ing)?(?:\s+(?:towards?|to))?)\s+(?:the\s+)?LETTER",
        ),
        // "B is correct", "Option C is the right answer", "D: correct", "B ✅", "**D** is my
        // answer", "So B stays", "A stands".
        free(
            r"(?i)(?:^|[^A-Za-z0-9])LETTER\s*(?:is\s+(?:the\s+)?(?:correct|right|true|best)\b|is\s+my\s+(?:final\s+)?(?:answer|choice|pick)|is\s+(?:the\s+)?(?:final\s+|correct\s+|right\s+)?answer\b|it\s+is\b|[:\-–—]\s*(?:correct|right)\b|✅|✔|(?:stays|stands|remains|holds)\b)",
        ),
        // "… is **C**." ending its sentence (a bold letter is an option, not a point);
        // "Option D is the one."
        free(r"(?im)\bis\s+\*\*\s*(?:option\s+)?[(\[]?(?P<l>[A-D])[)\]]?\s*\*\*\s*[.!]?\s*$"),
        free(
            r"(?i)(?:^|[^A-Za-z0-9])LETTER\s+is\s+the\s+one(?:\s+(?:you\s+want|you'?re\s+(?:after|looking\s+for)|we\s+want))?\s*[.!]",
        ),
        // "the program is A", "the program that draws this figure is D".
        free(
            r"(?i)\bthe\s+(?:program|code|option|choice|script|snippet|one)\b(?:\s+(?:that|which|with|where)\s+[^?!\n]{0,120}?)?\s+is\s+(?:therefore\s+|thus\s+|clearly\s+)?LETTER",
        ),
        // "→ C", "=> B", "∴ (C)", "$\therefore$ (C)"; "[[A]]" (a judge's verdict format).
        free(r"(?:→|=>|->|⇒|∴|\\therefore\s*\$?)\s*LETTER"),
        free(r"(?:^|[^\w\[])\[\[\s*(?P<l>[A-D])\s*\]\]"),
        // "Only A matches."
        free(
            r"(?i)\bonly\s+(?:option\s+)?(?:\*\*|__)?(?P<l>[A-D])(?:\*\*|__)?\s+(?:matches|fits|works|remains|is\s+(?:correct|consistent|left|right))",
        ),
        // "Option B is the one that …", "D is the match", "Option A fits that description",
        // "Option A is the only program where …", "Option A does this cleanly".
        free(
            r"(?i)(?:^|[^A-Za-z0-9])LETTER\s+(?:is\s+the\s+(?:one\s+(?:that|which)|(?:best\s+|closest\s+)?match)\b|is\s+the\s+only\s+(?:one|program|option|choice|code|snippet)\b|fits\s+(?:that|this|the\s+(?:description|figure|edit))\b|does\s+(?:this|that|exactly\s+that)\b)",
        ),
        // "That leaves D as the correct program", "the remaining choice, A, …", "the best
        // match is option B", "the statement that fits is option B".
        free(r"(?i)\b(?:that|which|this)\s+leaves\s+(?:only\s+)?LETTER"),
        free(
            r"(?i)\bthe\s+(?:only\s+)?remaining\s+(?:choice|option|one|program)\s*,?\s*(?:is\s+)?LETTER",
        ),
        free(
            r"(?i)\bthe\s+(?:(?:best|closest|only)\s+match|(?:statement|description)\s+(?:that|which)\s+fits)\s+is\s+LETTER",
        ),
        // "I think is C", "i think C".
        free(r"(?i)\bI\s+think\s+(?:it\s+is\s+|it'?s\s+|is\s+)?(?:option\s+)?LETTER"),
        // "A it is."
        free(r"(?i)(?:^|[^A-Za-z0-9])LETTER\s+it\s+is\s*[.!]"),
        // "… is A" ending the whole reply ("a program color AB red is B").
        free(r"(?i)\bis\s+LETTER\s*[.!]?\s*\z"),
        // "Option B 正确", "选项 A：…，正确".
        free(r"(?i)(?:option\s+|选项\s*)LETTER\s*(?:是)?\s*(?:正确|对)"),
        free(r"(?:选项\s*)LETTER\s*[:：][^\n]{0,80}?[，,]\s*正确"),
        // "so it must be C", "actually, it's D".
        free(
            r"(?i)\b(?:it'?s|it\s+is|it\s+must\s+be|it\s+has\s+to\s+be|it\s+should\s+be|that'?s|that\s+is|this\s+is)\s+(?:definitely\s+|clearly\s+|probably\s+|likely\s+)?LETTER",
        ),
        // "So B.", "Probably D.", "Thus, (C)" ending a sentence; "Option B—no, C."
        free(
            r"(?i)\b(?:so|thus|therefore|hence|then|okay|ok|yes|final(?:ly)?|verdict|probably|likely|definitely|clearly|no)\s*[,:：]?\s+LETTER\s*(?:[.!。]|$)",
        ),
        // "B or C, probably C", "B o C, probablemente B": the hedge resolved.
        free(
            r"(?i)\b[A-D]\s+(?:or|o|ou|oder)\s+[A-D]\s*[,;:—–-]\s*(?:but\s+|pero\s+|mais\s+|aber\s+)?(?:probably|likely|most\s+likely|more\s+likely|I'?d\s+say|leaning(?:\s+towards?)?|probablemente|seguramente|probablement|wahrscheinlich)\s+LETTER",
        ),
        // A reply ending on its letter as a sentence of its own, in lower case: "… 100
        // now. a" (the article never ends a reply).
        free(r"[.!?]\s+(?P<l>[a-d])\s*[.!]?\s*\z"),
        // "So C: (-1, 1)." (a gloss after the concluding letter; a gloss naming another
        // choice's text reads as none, see `glossed_as_another`).
        free(r"(?i)\b(?:so|thus|therefore|hence)\s*,?\s+LETTER\s*[:：]\s"),
        // "… is Cherries — **C**." ending its line; a line "✅ B".
        free(r"(?m)[—–]\s*\*\*\s*(?:option\s+)?(?P<l>[A-D])\s*\*\*\s*[.!]?\s*$"),
        free(r"(?m)^\s*(?:✅|✔️?|☑️?)\s*LETTER\s*[.!]?\s*$"),
        // The letter as a sentence of its own: "A is wrong. B.", "…unchanged: D."
        pattern(
            r"(?m)(?:^|[.!?:;,]\s+|[。，：；！？]\s*)[(\[]?(?:\*\*|__)?(?P<l>[A-D])(?:\*\*|__)?[)\]]?\s*[.!。]?\s*$",
            M::Letter,
            Tier::FreeText,
        ),
        // A line that is only the letter: "**B**", "(C).", "Option B.", "Answer (c)".
        pattern(
            r"(?im)^[\s>]*(?:\*\*|__)?\s*(?:(?:final\s+)?answer\s*[:：]?\s*|option\s+|choice\s+|program\s+)?[(\[【]?\s*(?P<l>[A-Da-d])\s*[)\]】]?\s*(?:\*\*|__)?\s*\.?\s*$",
            M::Letter,
            Tier::FreeText,
        ),
        // A reply that ends with "…, option B."
        free(r"(?i)\boption\s+LETTER\s*[.!]?\s*\z"),
        // An answer in code: `answer = 'B'`, `const answer = "D";`, `return 'C'`.
        free(
            r#"(?i)\b(?:final_)?(?:answer|choice|selected_option|selection)\s*(?::\s*[A-Za-z_]+\s*)?=\s*["'](?P<l>[A-D])["']"#,
        ),
        free(r#"(?m)^\s*return\s+["'](?P<l>[A-D])["']\s*;?\s*$"#),
        // LaTeX: "option $\mathrm{(B)}$", "$$\text{Answer: } \mathbf{D}$$".
        free(
            r"(?i)\b(?:option|answer\s*[:：]?\s*\}?)\s*\$*\s*\\(?:mathrm|mathbf|textbf|text|boldsymbol)\s*\{\s*[(\[]?\s*(?P<l>[A-D])\s*[)\]]?\s*\}",
        ),
        // "C is the better fit", "B is the best choice".
        free(
            r"(?i)(?:^|[^A-Za-z0-9])LETTER\s+is\s+(?:the\s+)?(?:better|best)\s+(?:fit|match|choice|option)\b",
        ),
        // "… is **B**: BE perpendicular to AC." (a gloss after the bold letter).
        free(r"(?im)\bis\s+\*\*\s*(?:option\s+)?[(\[]?(?P<l>[A-D])[)\]]?\s*\*\*\s*:"),
        // A table whose last row names the pick: "| **Selected** | **C** |".
        free(
            r"(?im)^\s*\|\s*(?:\*\*|__)?\s*(?:selected|chosen|choice|answer|final(?:\s+answer)?|pick|s[ée]lectionn[ée]e?|choix|r[ée]ponse|seleccionad[ao]|respuesta|ausgew[äa]hlt|antwort|selezionat[ao]|risposta|escolhid[ao]|resposta)\s*(?:\*\*|__)?\s*\|\s*(?:\*\*|__)?\s*[(\[]?(?P<l>[A-D])[)\]]?\s*(?:\*\*|__)?\s*\|",
        ),
        // "So the edit corresponds to D." ending its sentence.
        free(r"(?i)\bcorresponds?\s+to\s+[(\[]?(?P<l>[A-D])[)\]]?\s*[.!]"),
        // A ticked checklist item: "- [x] B. Dashed red line".
        free(r"(?im)^\s*[-*+]\s*\[[xX✓✔]\]\s*(?:\*\*|__)?(?:option\s+)?(?P<l>[A-D])\b"),
        // "**Option 3** matches the edited code" (numbers read as letters first).
        free(r"(?i)(?:^|[^A-Za-z0-9])(?:\*\*|__)?option\s+(?P<l>[A-D])(?:\*\*|__)?\s+matches\b"),
        // "Answer: hexagon (D)." (the choice's text, then its letter).
        free(
            r"(?im)\banswer\s*(?:\*\*|__)?\s*[:：]\s*[^\n()\[\].:]{1,60}?\s*\((?P<l>[A-D])\)\s*[.!]?\s*$",
        ),
        // A GSM8K-style last line: "#### C".
        free(r"(?m)^\s*####\s*(?:\*\*|__)?[(\[]?(?P<l>[A-D])[)\]]?(?:\*\*|__)?\s*[.!]?\s*$"),
        // LaTeX inline math around the letter: "the answer is \(\mathrm{B}\)".
        free(
            r"(?i)\b(?:answer|choice|option)\s+is\s+\\\(\s*(?:\\(?:mathrm|mathbf|textbf|text)\s*)?\{?\s*[(\[]?(?P<l>[A-D])[)\]]?\s*\}?\s*\\\)",
        ),
        // A last line that is only the bold or roman letter: "\textbf{(C)}".
        free(
            r"(?m)^\s*\\(?:textbf|mathbf|mathrm|text)\s*\{\s*[(\[]?(?P<l>[A-D])[)\]]?\s*\}\s*[.!]?\s*\z",
        ),
        // "… its midpoint. Choice D." ending the reply.
        free(r"(?i)(?:^|[.!?]\s+)choice\s+(?P<l>[A-D])\s*[.!]?\s*\z"),
        // "None of these seem right, but if I had to pick, B."
        free(
            r"(?i)\bif\s+I\s+(?:had|have)\s+to\s+(?:pick|choose|guess)(?:\s+one)?\s*,\s*(?:I'd\s+(?:pick|choose|say|go\s+with)\s+)?(?:option\s+)?(?:\*\*|__)?[(\[]?(?P<l>[A-D])\b",
        ),
    ];
    patterns.extend(OTHER_LANGUAGES.iter().map(|re| free(re)));
    patterns
});

/// A reply that opens with the letter: "B. The second program …", "(C) because", "D —
/// the line is dashed", "C remove East" (B–D before a word; "A program" is the article),
/// "D) plt.scatter(…)".
static LEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"^\s*(?:\*\*|__)?\s*(?:(?i:option|program|choice)\s+)?(?:[(\[]\s*(?P<b>[A-Da-d])\s*[)\]]",
        r"|(?P<l>[A-D])(?:\*\*|__)?(?:[.:,](?:\*\*|__)?(?:\s|$)|[。，：]|\s*[—–]|\s+-\s|\s*$)",
        r"|(?P<w>[B-D])\s+\S|(?P<p>[A-D])\)(?:\s|$))",
    ))
    .expect("leading pattern")
});

/// A line that lists an option ("B. import …"): when several do, the reply echoes the
/// options and its first letter is no decision.
static LISTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)^\s*(?:\*\*)?[(\[]?(?P<l>[A-D])[)\].:]").expect("listed pattern")
});

/// Words that make a clause hypothetical or a question about a letter, not a decision.
static HYPOTHETICAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)\b(?:not|never|initially|originally|at\s+first)\b",
        r"|n't\b|\bI\s+(?:\w+\s+)?thought\b",
        r"|\b(?:wrong|incorrect|false|tempting)\s+(?:answer|option|choice|one|program)",
    ))
    .expect("hypothetical pattern")
});

/// A decision taken back: after the last decision it leaves the reply undecided ("The
/// answer is B. Wait, let me recheck C: …" cut off); between two declared answers it is
/// what makes the second a correction rather than a contradiction.
static RETRACTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)\b(?:wait|hold\s+on|scratch\s+that|on\s+second\s+thought|correction|I\s+was\s+wrong",
        r"|I\s+made\s+a\s+mistake|actually,?\s+no|let\s+me\s+reconsider)\b|(?:^|[.!?\n]\s*)no[,.!]\s",
    ))
    .expect("retraction pattern")
});

/// The reply ends undecided after its last decision: "I keep going back and forth … It's
/// either A or D".
static UNDECIDED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)\b(?:back\s+and\s+forth|stuck\s+between|torn\s+between",
        r"|(?:can't|cannot|can\s+not)\s+(?:decide|tell|resolve|determine|select|choose|pick|commit)",
        r"|(?:can't|cannot|can\s+not)\s+[^.!?\n]{0,60}?\benough\s+to\s+(?:decide|tell|choose|be\s+sure)",
        r"|none\s+of\s+the\s+(?:listed\s+|given\s+)?options\s+(?:is|are)\s+(?:exactly\s+)?(?:correct|right)",
        r"|none\s+of\s+(?:the\s+(?:options\s+|choices\s+)?)?(?:[A-D]\s*(?:[–—-]|to)\s*[A-D]|them|these)\s+(?:is|are|match(?:es)?|fits?)",
        r"|(?:is|are)(?:n't|\s+not)\s+(?:one\s+of|among)\s+the\s+(?:options|choices)",
        r"|not\s+sure\s+(?:whether|if|between|which))\b|无法确定|不确定",
        r"|\b(?:could|might)\s+both\b|\bboth\s+(?:could|might)\b",
        r"|\bboth\s+(?:option\s+)?[A-D]\s+and\s+(?:option\s+)?[A-D]\s+(?:are|seem|look)\s+(?:defensible|possible|plausible|valid|reasonable|correct)",
        r"|(?:doesn't|does\s+not|don't|do\s+not)\s+settle\s+it",
        // The decision read is the first of two: "the answer is **B** or **D**."
        r"|\A\s*(?:\*\*|__)?\s*(?:or|o|ou|oder)\s+(?:option\s+)?(?:\*\*|__)?[(\[]?[A-D]\b(?:\*\*|__)?[)\]]?\s*(?:[.!]|\z)",
        r"|\beither\s+(?:option\s+)?(?:\*\*)?[(\[]?[A-D][)\]]?(?:\*\*)?\s+or\s+(?:option\s+)?(?:\*\*)?[(\[]?[A-D]\b",
        // A box holding two letters: "\boxed{A \text{ or } B}".
        r"|\\boxed\s*\{\s*[(\[]?[A-D][)\]]?\s*(?:\\text\s*\{\s*)?(?:or|and|,|/)",
    ))
    .expect("undecided pattern")
});

/// A line giving several answers, one per sub-question: "Answers: 1 → D, 2 → C",
/// "Antworten: B, C". A reply that ends on one answers no single question.
static SEVERAL_ANSWERS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?im)^[\s#>*_-]*(?:answers|antworten|respuestas|r[ée]ponses|risposte|respostas|ответы)\s*(?:\*\*|__)?\s*[:：]",
    )
    .expect("several answers pattern")
});

/// Options named by number or ordinal ("option 2", "option number 3", "option two", "the
/// second program", "the third image", "la quarta opzione", "Correct option: #3", "Rätt
/// alternativ är det tredje"), by a Roman numeral ending its phrase ("option III."; "option
/// I" only so, as "the option I chose" is a pronoun) or a circled number ("답은 ④"),
/// rewritten as letters before the patterns read the text.
static NUMBERED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)\b(?:(?P<kw>option|choice|program|snippet)(?P<sep>\s*[:：]\s*#|\s+(?:#|no\.?\s*|number\s+)?)(?P<n>[1-4])\b",
        r"|(?P<kw_r>option|choice)\s+(?P<roman>(?-i:IV|III|II|I))(?P<rend>\s*(?:[.!;,)]|$))",
        r"|option\s+(?P<word>one|two|three|four)\b",
        r"|the\s+(?P<ord>first|second|third|fourth|last|second[\s-]to[\s-]last|penultimate)\s+(?:option|choice|program|snippet|one|image|picture|figure|plot|graph|alternative|candidate)\b",
        r"|(?:la\s+)?(?P<ord_it>prima|seconda|terza|quarta)\s+opzione\b",
        r"|(?:la\s+)?(?P<ord_es>primera|segunda|tercera|cuarta)\s+opci[oó]n\b",
        r"|la\s+(?P<ord_es2>primera|segunda|tercera|cuarta)(?P<es2_end>\s*[.!]?\s*)$",
        r"|(?:die\s+)?(?P<ord_de>erste|zweite|dritte|vierte|letzte)\s+(?:Option|Antwort|Möglichkeit|Auswahl|Alternative)\b",
        r"|(?P<ord_pl>pierwsz[aey]|drug[aie]|trzeci[aey]?|czwart[aey]|ostatni[aey]?)\s+(?:odpowied[źz]|opcj[aię]|możliwoś[ćc])",
        r"|(?:az\s+)?(?P<ord_hu>első|második|harmadik|negyedik|utolsó)\s+(?:lehetőség|opció|válasz)",
        r"|(?P<hash_so>\bso,?\s+)#(?P<hash_n>[1-4])(?P<hash_end>\s*[.!]?\s*$)",
        r"|(?:la\s+)?(?P<ord_fr>premi[eè]re|deuxi[eè]me|troisi[eè]me|quatri[eè]me)\s+option\b",
        r"|(?P<ord_pt>primeira|segunda|terceira|quarta)\s+(?:op[cç][aã]o|alternativa)\b",
        r"|alternativ(?:et)?\s+är\s+det\s+(?P<ord_sv>första|andra|tredje|fjärde)(?:\s+alternativet)?\b)",
        r"|(?P<circ>[①②③④])",
        r"|ตัวเลือก\s*(?:ที่\s*)?(?P<ord_th>แรก|หนึ่ง|สอง|สาม|สี่|สุดท้าย)",
    ))
    .expect("numbered pattern")
});

/// An option numbered in the reply's own list: "1. x = π/4", "(2) removed", `"3) 35%"`.
static NUMBER_LISTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?m)(?:^\s*|["\s])(?:\((?P<a>[1-4])\)|(?P<b>[1-4])[.)、：:])\s"#)
        .expect("number listed pattern")
});

/// An answer given as the option's number: "答え：1", `"answer": 3`, "the correct one is 2".
/// Read only when the reply numbers the options itself and no choice is that number.
static ANSWER_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?i)(?P<kw>\b(?:answer|correct\s+one|right\s+one|correct\s+option|selected_option|choice)\b"?|答え|答案|正解|정답은|ответ|\bjawaban)"#,
        r#"(?P<mid>\s*(?:is|[:：=]|は|是|adalah)?\s*(?:option\s+)?)(?P<n>[1-4])(?P<after>[.,]?\d?)"#,
    ))
    .expect("answer number pattern")
});

/// A response's reading: strict and soft.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    pub strict: AnswerRead,
    pub soft: AnswerRead,
}

/// Read a response both ways.
pub fn read(response: &str, choices: &[String; 4]) -> Readings {
    let text = head(response);
    Readings {
        strict: read_strict(text),
        soft: read_soft(text, choices),
    }
}

fn head(text: &str) -> &str {
    first_bytes(text, MAX_ANSWER_BYTES)
}

/// The first `max` bytes of `text` at most, cut at a character boundary.
/// (`str::floor_char_boundary` does this from Rust 1.91; the workspace supports 1.88.)
pub(crate) fn first_bytes(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Only a declared format, the last one in the text, and none when the free text after it
/// decides for another letter ("Answer: A. Hmm, let me double-check … So the correct
/// answer is D, not A.").
pub fn read_strict(response: &str) -> AnswerRead {
    if let Some(a) = bare_letter(response) {
        return found(a, AnswerMethod::Letter);
    }
    let declared = decisions(response, Tier::Format);
    let Some(last) = declared.last() else {
        return AnswerRead::default();
    };
    let overruled = decisions(response, Tier::FreeText)
        .iter()
        .any(|d| d.at > last.at && d.answer != last.answer);
    if overruled {
        return AnswerRead::default();
    }
    conclude(response, &declared, None).unwrap_or_default()
}

/// The model's final decision in free text; see the module documentation.
pub fn read_soft(response: &str, choices: &[String; 4]) -> AnswerRead {
    if let Some(a) = bare_letter(response) {
        return found(a, AnswerMethod::Letter);
    }
    if let Some(a) = bare_number(response, choices).or_else(|| lone_word(response, choices)) {
        return found(a, AnswerMethod::ChoiceText);
    }
    // A reasoning model's final text first; its thinking only when that decides nothing.
    // Thinking that never ends was cut off before any answer was given.
    if response.contains("<think>") && !response.contains("</think>") {
        return AnswerRead::default();
    }
    if let Some(end) = response.rfind("</think>") {
        let after = &response[end + "</think>".len()..];
        if let Some(read) = decide(after, choices) {
            return read;
        }
    }
    decide(response, choices).unwrap_or_default()
}

fn decide(text: &str, choices: &[String; 4]) -> Option<AnswerRead> {
    let own = own_letters_as_latin(text);
    let named = numbered_as_letters(&own);
    let named = answers_by_number(&named, choices);
    let ds = decisions(&named, Tier::FreeText);
    if ds.is_empty() {
        if UNDECIDED.is_match(&named) {
            return None;
        }
        return leading(&named)
            .or_else(|| eliminated(&named))
            .or_else(|| marked_row(&named))
            .or_else(|| {
                (!cut_off(text, choices))
                    .then(|| choice_text(text, choices))
                    .flatten()
            });
    }
    conclude(&named, &ds, Some(choices))
}

/// "答え：1" → "答え：A" when the reply numbers the options 1–4 itself (at least three of
/// them) and no choice is such a number (then "the answer is 2" is a value).
fn answers_by_number<'a>(text: &'a str, choices: &[String; 4]) -> std::borrow::Cow<'a, str> {
    // A numbered item is an option when what follows its number (to the next number or
    // the line's end) is part of a choice or holds one: "(1) upper left" for "Legend moved
    // to upper left"; "1. Read the bars." is a step, not an option.
    let lowered: Vec<String> = choices.iter().map(|c| c.trim().to_lowercase()).collect();
    let names_a_choice = |item: &str| {
        let item = item
            .trim()
            .trim_matches(|c: char| c.is_whitespace() || ",;\"".contains(c))
            .to_lowercase();
        item.chars().count() >= 2
            && lowered
                .iter()
                .any(|c| !c.is_empty() && (c.contains(item.as_str()) || item.contains(c.as_str())))
    };
    let marks: Vec<regex::Captures> = NUMBER_LISTED.captures_iter(text).collect();
    let listed: std::collections::BTreeSet<&str> = marks
        .iter()
        .enumerate()
        .filter_map(|(k, c)| {
            let n = c.name("a").or(c.name("b"))?;
            let from = c.get(0)?.end();
            let line_end = text[from..].find('\n').map_or(text.len(), |e| from + e);
            let to = marks
                .get(k + 1)
                .and_then(|m| m.get(0))
                .map_or(line_end, |m| m.start().min(line_end).max(from));
            names_a_choice(&text[from..to]).then_some(n.as_str())
        })
        .collect();
    let numeric = choices
        .iter()
        .any(|c| matches!(c.trim(), "1" | "2" | "3" | "4"));
    if listed.len() < 3 || numeric {
        return std::borrow::Cow::Borrowed(text);
    }
    ANSWER_NUMBER.replace_all(text, |caps: &regex::Captures| {
        let whole = &caps[0];
        // "answer: 2.5" or "answer: 12" is a number, not an option's.
        if caps["after"].chars().any(|c| c.is_ascii_digit()) {
            return whole.to_string();
        }
        let index = caps["n"].parse::<usize>().map_or(0, |n| n - 1);
        let letter = Answer::ALL[index.min(3)].letter();
        format!("{}{}{letter}{}", &caps["kw"], &caps["mid"], &caps["after"])
    })
}

/// "A, B and D can all be ruled out", "Not A, not B, not C.": the fourth option is what
/// is left.
fn eliminated(text: &str) -> Option<AnswerRead> {
    static RULED: LazyLock<[Regex; 2]> = LazyLock::new(|| {
        [
            concat!(
                r"(?i)(?:^|[^A-Za-z0-9])(?P<a>[A-D])\s*,\s*(?P<b>[A-D])\s*,?\s*(?:and|&)\s*(?P<c>[A-D])\b",
                r"[^.!?\n]{0,30}?\b(?:ruled\s+out|eliminated|excluded|wrong|incorrect)\b",
            ),
            concat!(
                r"(?i)\bnot\s+(?:option\s+)?(?P<a>[A-D])\s*[,;]\s*not\s+(?:option\s+)?(?P<b>[A-D])\s*[,;]?",
                r"\s*(?:and\s+|nor\s+)?not\s+(?:option\s+)?(?P<c>[A-D])\s*[.!]?\s*$",
            ),
        ]
        .map(|re| Regex::new(re).expect("eliminated pattern"))
    });
    let caps = RULED
        .iter()
        .filter_map(|re| re.captures_iter(text).last())
        .max_by_key(|c| c.get(0).map_or(0, |m| m.start()))?;
    let out: std::collections::BTreeSet<char> = ["a", "b", "c"]
        .iter()
        .filter_map(|g| caps[*g].chars().next())
        .collect();
    let mut left = Answer::ALL
        .into_iter()
        .filter(|a| !out.contains(&a.letter()));
    match (out.len(), left.next(), left.next()) {
        (3, Some(a), None) => Some(found(a, AnswerMethod::Phrase)),
        _ => None,
    }
}

/// A markdown table of the options with one row marked as the one that holds ("| **C** |
/// Asymmetric | **Yes ✓** |") and no other marked; or the options one to a line, each
/// ticked or crossed ("A ✗ — …", "C ✓ — …"), one ticked.
fn marked_row(text: &str) -> Option<AnswerRead> {
    let rows: Vec<(Answer, &str)> = text
        .lines()
        .filter_map(|line| {
            if let Some(row) = ticked_line(line) {
                return Some(row);
            }
            let row = line.trim().strip_prefix('|')?;
            let first = row
                .split('|')
                .next()?
                .trim()
                .trim_matches(|c: char| "*_()[] ".contains(c));
            let mut chars = first.chars();
            let c = chars.next().filter(|c| ('A'..='D').contains(c))?;
            if chars.next().is_some() {
                return None;
            }
            Some((letter_of(c)?, row))
        })
        .collect();
    if rows.len() < 2 {
        return None;
    }
    let marked = |row: &str| {
        row.contains(['✓', '✔', '✅', '☑'])
            || row.split('|').any(|cell| {
                cell.trim()
                    .trim_start_matches(['*', '_'])
                    .to_lowercase()
                    .starts_with("yes")
            })
    };
    only_one(|a| rows.iter().any(|(l, row)| *l == a && marked(row)))
        .map(|a| found(a, AnswerMethod::Phrase))
}

/// A line of an option ticked or crossed: "C ✓ — alternating dash and dot", "**A** ✗".
fn ticked_line(line: &str) -> Option<(Answer, &str)> {
    let row = line
        .trim()
        .trim_start_matches(['*', '_', '(', '[', '-', ' ']);
    let mut chars = row.chars();
    let answer = chars
        .next()
        .filter(|c| ('A'..='D').contains(c))
        .and_then(letter_of)?;
    let rest = chars
        .as_str()
        .trim_start_matches(['*', '_', ')', ']', ' ', ':', '.']);
    rest.starts_with(['✓', '✔', '✅', '☑', '✗', '✘', '❌'])
        .then_some((answer, rest))
}

/// A reply cut off mid-sentence: it ends without a full stop on a word no sentence ends
/// with ("…, which", "…the values are"), on a short sentence opening with a determiner
/// ("This looks"), or on a list item shorter than the one before it ("- Q1 stays at
/// 40\n- Q3"). What it quotes of a choice is no decision yet.
fn cut_off(text: &str, choices: &[String; 4]) -> bool {
    const DANGLING: &[&str] = &[
        "which", "that", "so", "the", "a", "an", "and", "or", "of", "to", "is", "are", "was",
        "were", "be", "been", "with", "for", "because", "since", "then", "but", "as", "if", "by",
        "from", "into", "at", "in", "on", "than", "about", "around", "between", "near", "its",
        "their", "this", "these", "those", "whether", "while", "where", "when", "would", "should",
        "could", "will", "can", "must", "has", "have", "had", "not",
    ];
    let text = text.trim_end();
    // A JSON-mode reply whose object never closes: `{"reasoning": "… the label reads`.
    if text.trim_start().starts_with('{') && !text.ends_with('}') {
        return true;
    }
    if text.ends_with([
        '.', '!', '?', '。', '！', '？', ')', ']', '}', '`', '*', '"', '”',
    ]) {
        return false;
    }
    if text.ends_with([',', ':', ';', '—', '–']) {
        return true;
    }
    let last_word = text
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    // "…, so the answer", "…and my final choice": the reply stops before its letter.
    let mut last_two = text
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty());
    if let (Some(w), Some(before)) = (last_two.next(), last_two.next())
        && matches!(w.to_lowercase().as_str(), "answer" | "option" | "choice")
        && matches!(
            before.to_lowercase().as_str(),
            "the" | "my" | "final" | "correct"
        )
    {
        return true;
    }
    // "Point A" ends on a name, not on the article.
    if last_word != "A" && DANGLING.contains(&last_word.to_lowercase().as_str()) {
        return true;
    }
    // "…a line. This looks", "…= 70`. The bar height": a short last sentence that
    // opens on a determiner and never reaches its end.
    let last_sentence = text
        .rsplit(['.', '!', '?', '\n', '`', '。'])
        .next()
        .unwrap_or("")
        .trim();
    let words: Vec<&str> = last_sentence.split_whitespace().collect();
    let is_a_choice = choices.iter().any(|c| normal(c) == normal(last_sentence));
    if (2..=4).contains(&words.len())
        && !is_a_choice
        && matches!(
            words[0].to_lowercase().as_str(),
            "the" | "this" | "that" | "these" | "those" | "its" | "it"
        )
        && !last_sentence.chars().any(|c| c.is_ascii_digit())
    {
        return true;
    }
    let items: Vec<&str> = text
        .lines()
        .rev()
        .take(2)
        .map(str::trim)
        .filter_map(|l| l.strip_prefix(['-', '*', '•']))
        .collect();
    matches!(items.as_slice(), [last, before]
        if last.split_whitespace().count() * 2 <= before.split_whitespace().count())
}

/// Option letters of other alphabets, in their order: Hebrew, Thai, Persian and Hindi
/// replies letter options א ב ג ד, ก ข ค ง, الف ب ج د and क ख ग घ.
const OWN_ALPHABETS: [[&str; 4]; 6] = [
    ["א", "ב", "ג", "ד"],
    ["ก", "ข", "ค", "ง"],
    ["الف", "ب", "ج", "د"],
    ["क", "ख", "ग", "घ"],
    ["ক", "খ", "গ", "ঘ"],
    // Japanese iroha order, in katakana.
    ["イ", "ロ", "ハ", "ニ"],
];

/// Katakana: Japanese writes no spaces, so a katakana letter stands alone when no other
/// katakana touches it ("答えはハです"), where "ハンバーガー" is a word.
fn katakana(c: char) -> bool {
    ('\u{30A0}'..='\u{30FF}').contains(&c)
}

/// A reply that lists the options in its own alphabet ("ג) המרווח … גדל", "ข. การเติบโต…",
/// at least three of them, one to a line) answers in it too ("תשובה: ג", "คำตอบ: ข"): each
/// of those letters standing alone is read as its Latin letter.
fn own_letters_as_latin(text: &str) -> std::borrow::Cow<'_, str> {
    let alone = |t: &str, at: usize, len: usize| {
        let joins: fn(char) -> bool = if t[at..].starts_with(katakana) {
            katakana
        } else {
            char::is_alphabetic
        };
        !t[..at].chars().next_back().is_some_and(joins)
            && !t[at + len..].chars().next().is_some_and(joins)
    };
    for alphabet in OWN_ALPHABETS {
        let listed = alphabet
            .iter()
            .filter(|l| {
                text.lines().any(|line| {
                    let item = line
                        .trim_start()
                        .trim_start_matches(['-', '*', '•', '(', ' ']);
                    item.strip_prefix(*l).is_some_and(|rest| {
                        rest.starts_with([')', '.', ':', '-', '–', '—', '׳', '\''])
                            && alone(item, 0, l.len())
                    })
                })
            })
            .count();
        if listed < 3 {
            continue;
        }
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        'scan: while i < text.len() {
            for (k, l) in alphabet.iter().enumerate() {
                if text[i..].starts_with(l) && alone(text, i, l.len()) {
                    out.push(Answer::ALL[k].letter());
                    i += l.len();
                    continue 'scan;
                }
            }
            let c = text[i..].chars().next().expect("a character at a boundary");
            out.push(c);
            i += c.len_utf8();
        }
        return std::borrow::Cow::Owned(out);
    }
    std::borrow::Cow::Borrowed(text)
}

/// "option 2" → "option B", "the second program" → "option B".
fn numbered_as_letters(text: &str) -> std::borrow::Cow<'_, str> {
    NUMBERED.replace_all(text, |caps: &regex::Captures| {
        if let Some(c) = caps.name("circ") {
            let index = "①②③④".chars().position(|d| c.as_str().starts_with(d));
            return Answer::ALL[index.unwrap_or(0)].letter().to_string();
        }
        if let Some(r) = caps.name("roman") {
            let index = ["I", "II", "III", "IV"]
                .iter()
                .position(|n| *n == r.as_str());
            let letter = Answer::ALL[index.unwrap_or(0)].letter();
            return format!("{} {letter}{}", &caps["kw_r"], &caps["rend"]);
        }
        let index = if let Some(n) = caps.name("n").or(caps.name("hash_n")) {
            n.as_str().parse::<usize>().map_or(0, |n| n - 1)
        } else {
            let word = [
                "word", "ord", "ord_it", "ord_es", "ord_es2", "ord_fr", "ord_sv", "ord_pt",
                "ord_de", "ord_pl", "ord_hu", "ord_th",
            ]
            .into_iter()
            .find_map(|g| caps.name(g))
            .map_or(String::new(), |m| m.as_str().to_lowercase());
            ordinal_index(&word)
        };
        let letter = Answer::ALL[index.min(3)].letter();
        if let Some(so) = caps.name("hash_so") {
            // "So #3." → "So option C."
            return format!("{}option {letter}{}", so.as_str(), &caps["hash_end"]);
        }
        if let Some(end) = caps.name("es2_end") {
            return format!("option {letter}{}", end.as_str());
        }
        if caps.name("ord_th").is_some() {
            // Thai writes no space between words; the rewrite stands apart.
            return format!(" option {letter}");
        }
        match caps.name("kw") {
            // "Correct option: #3" keeps its colon: "Correct option: C".
            Some(kw) if caps["sep"].contains([':', '：']) => format!("{}: {letter}", kw.as_str()),
            Some(kw) => format!("{} {letter}", kw.as_str()),
            None => format!("option {letter}"),
        }
    })
}

/// The option an ordinal word names, of four (lowercase): "third", "dritte", "harmadik",
/// "สาม" → 2; "last" and anything unknown → 3.
fn ordinal_index(word: &str) -> usize {
    let stem = |w: &str, stems: &[&str]| stems.iter().any(|s| w.starts_with(s));
    match word {
        "one" | "first" | "prima" | "primera" | "primeira" | "première" | "premiere" | "första"
        | "erste" | "első" | "แรก" | "หนึ่ง" => 0,
        "two" | "second" | "seconda" | "segunda" | "deuxième" | "deuxieme" | "andra" | "zweite"
        | "második" | "สอง" => 1,
        "three" | "third" | "terza" | "tercera" | "terceira" | "troisième" | "troisieme"
        | "tredje" | "dritte" | "harmadik" | "สาม" | "penultimate" => 2,
        w if w.starts_with("second") && w.ends_with("last") => 2,
        w if stem(w, &["pierwsz"]) => 0,
        w if stem(w, &["drug"]) => 1,
        w if stem(w, &["trzeci"]) => 2,
        _ => 3,
    }
}

/// The decision a reply ends on: the last one, unless a retraction or a statement of
/// indecision follows it, or it
/// contradicts an earlier declared answer with nothing correcting that one ("Answer: A",
/// then "Answer: C"), or its letter is glossed with another choice's text ("C: 15" where
/// 15 is B).
fn conclude(text: &str, ds: &[Decision], choices: Option<&[String; 4]>) -> Option<AnswerRead> {
    let last = ds.last()?;
    let after = &text[last.end..];
    let line_start = text[..last.at].rfind('\n').map_or(0, |i| i + 1);
    if RETRACTION.is_match(after)
        || UNDECIDED.is_match(after)
        || SEVERAL_ANSWERS.is_match(&text[line_start..])
    {
        return None;
    }
    let agreeing = |from: usize| {
        ds.iter()
            .any(|d| d.at >= from && d.at < last.at && d.answer == last.answer)
    };
    if let Some(prev) = ds.iter().rev().find(|d| d.answer != last.answer)
        && prev.tier == Tier::Format
        && last.tier == Tier::Format
        && !RETRACTION.is_match(&text[prev.end..last.at])
        && !agreeing(prev.end)
    {
        return None;
    }
    if let Some(choices) = choices
        && glossed_as_another(&text[last.end..], last.answer, choices)
    {
        return None;
    }
    if last.by_look {
        // "Ответ: В": B or C; the choice the reply names by its text decides.
        let answer = choices.and_then(|c| b_or_c_named(&text[last.end..], text, c))?;
        return Some(found(answer, last.method));
    }
    Some(found(last.answer, last.method))
}

/// B or C, whichever of the two the rest of the answer's line names by its text ("В
/// (24)" for B = "24"), else whichever of the two the reply names anywhere (and not the
/// other).
fn b_or_c_named(after: &str, text: &str, choices: &[String; 4]) -> Option<Answer> {
    let line = normal(after.lines().next().unwrap_or(""));
    let text = normal(text);
    let choices = choices.each_ref().map(|c| normal(c));
    let named = |t: &str| {
        let hits: Vec<Answer> = [Answer::ALL[1], Answer::ALL[2]]
            .into_iter()
            .filter(|a| !choices[a.index()].is_empty() && contains_as_unit(t, &choices[a.index()]))
            .collect();
        match hits.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    };
    named(&line).or_else(|| named(&text))
}

/// "C: 15" where 15 is the text of another choice than C.
fn glossed_as_another(after: &str, answer: Answer, choices: &[String; 4]) -> bool {
    let line = after.lines().next().unwrap_or("");
    let Some(gloss) = line
        .trim_start_matches([')', ']', '*', '_'])
        .trim_start()
        .strip_prefix([':', '=', '—', '–', '-', '.'])
    else {
        return false;
    };
    let gloss = gloss.trim().trim_end_matches(['.', '!', '*']).trim();
    let is = |a: Answer| choices[a.index()].trim() == gloss;
    !gloss.is_empty() && !is(answer) && Answer::ALL.into_iter().any(is)
}

fn found(answer: Answer, method: AnswerMethod) -> AnswerRead {
    AnswerRead {
        answer: Some(answer),
        method,
    }
}

fn letter_of(c: char) -> Option<Answer> {
    // Arabic replies letter their options أ ب ج د, Greek ones Α Β Γ Δ; Cyrillic ones
    // type A, C, D as А, С, Д or letter them А, Б, В, Г (see [`cyrillic_letter`]; "В",
    // which is either B or C, is read by [`cyrillic_ve`]). Circled and squared letters
    // ("🅑", "Ⓒ") are the letter.
    let c = match c {
        'أ' | 'Α' | 'А' | 'Ⓐ' | 'ⓐ' | '🅐' | '🅰' | '🄰' => 'A',
        'ب' | 'Β' | 'Б' | 'Ⓑ' | 'ⓑ' | '🅑' | '🅱' | '🄱' => 'B',
        'ج' | 'Γ' | 'С' | 'Ⓒ' | 'ⓒ' | '🅒' | '🅲' | '🄲' => 'C',
        'د' | 'Δ' | 'Д' | 'Г' | 'Ⓓ' | 'ⓓ' | '🅓' | '🅳' | '🄳' => 'D',
        c => c,
    };
    Answer::ALL
        .into_iter()
        .find(|a| a.letter() == c.to_ascii_uppercase())
}

/// The response is nothing but the letter: "B", "(c)", "**D**.", "Answer B" is not.
fn bare_letter(response: &str) -> Option<Answer> {
    let bare = response
        .trim()
        .trim_matches(|c: char| "()[]【】*_.: \n\t`".contains(c));
    let mut chars = bare.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    letter_of(c)
}

/// The response is nothing but a number, equal to exactly one choice that is a number
/// written another way: "15" for "15.0", "0.50" for "0.5".
fn bare_number(response: &str, choices: &[String; 4]) -> Option<Answer> {
    let value = |t: &str| -> Option<f64> {
        let t = t.trim().trim_end_matches('.').trim();
        if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit() || "+-.".contains(c)) {
            return None;
        }
        t.parse::<f64>().ok().filter(|v| v.is_finite())
    };
    let v = value(response)?;
    let equal: Vec<Answer> = Answer::ALL
        .into_iter()
        .filter(|a| value(&choices[a.index()]) == Some(v))
        .collect();
    match equal.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The response is one word (three letters or more) that exactly one of four worded
/// choices has as a word: "rotated" for "Triangle ABC was rotated 90° about A", "scatter" for
/// "ax.scatter(x, y, c='r')" (a terse model's whole reply; heldout13).
fn lone_word(response: &str, choices: &[String; 4]) -> Option<Answer> {
    let word = response
        .trim()
        .trim_end_matches(['.', '!'])
        .trim()
        .to_lowercase();
    // Among choices that are all worded: "units" does not name "18 units" of 12, 15,
    // "18 units" and 20, whose choices differ by their numbers.
    let worded = choices.iter().all(|c| {
        c.split(|ch: char| !ch.is_alphabetic())
            .any(|w| w.chars().count() >= 3)
    });
    if !worded || word.chars().count() < 3 || !word.chars().all(char::is_alphabetic) {
        return None;
    }
    let has = |c: &str| {
        c.to_lowercase()
            .split(|ch: char| !ch.is_alphanumeric())
            .any(|w| w == word)
    };
    let holders: Vec<Answer> = Answer::ALL
        .into_iter()
        .filter(|a| has(&choices[a.index()]))
        .collect();
    match holders.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// One decision found in the text.
struct Decision {
    /// Where its letter starts and ends.
    at: usize,
    end: usize,
    answer: Answer,
    method: AnswerMethod,
    tier: Tier,
    /// A Cyrillic "В" read as B by its look alone: it may be C ([`cyrillic_ve`]).
    by_look: bool,
}

/// Every decision of `tier` (Format: declared formats only; FreeText: everything), in the
/// order of their letters in the text (one per letter position).
fn decisions(text: &str, tier: Tier) -> Vec<Decision> {
    let mut found: std::collections::BTreeMap<usize, Decision> = Default::default();
    for p in PATTERNS.iter() {
        if tier == Tier::Format && p.tier != Tier::Format {
            continue;
        }
        for caps in p.re.captures_iter(text) {
            let (Some(whole), Some(l)) = (caps.get(0), caps.name("l")) else {
                continue;
            };
            if !accept(text, l.start(), l.end()) {
                continue;
            }
            // A pattern may open on the punctuation before its phrase.
            let opening = whole.as_str().len()
                - whole
                    .as_str()
                    .trim_start_matches(|c: char| c.is_whitespace() || ".!?:;".contains(c))
                    .len();
            let phrase_start = (whole.start() + opening).min(l.start());
            if p.tier == Tier::FreeText && hypothetical(text, phrase_start, l.end()) {
                continue;
            }
            let first = l.as_str().chars().next();
            let (answer, by_look) = match first {
                Some('В') => cyrillic_ve(text).map_or((Answer::ALL[1], true), |a| (a, false)),
                c => match c.and_then(letter_of) {
                    Some(a) => (a, false),
                    None => continue,
                },
            };
            // The first pattern (the most declared) names a position's method.
            found.entry(l.start()).or_insert(Decision {
                at: l.start(),
                end: l.end(),
                answer,
                method: p.method,
                tier: p.tier,
                by_look,
            });
        }
    }
    found.into_values().collect()
}

/// Whether the letter at `start..end` is an option and not a word, an article or one of
/// a list: inside a word ("Because") never; the lowercase article ("is a program") only
/// when bracketed or ending its sentence; never followed by ", C", "/C", "or C" or "?".
fn accept(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = &text[end..];
    let next = after.chars().next();
    // Only ASCII letters and digits make a word around a letter: "答案是A" reads A.
    if before.is_some_and(|c| c.is_ascii_alphanumeric())
        || next.is_some_and(|c| c.is_ascii_alphanumeric())
    {
        return false;
    }
    let bracketed =
        before.is_some_and(|c| c == '(' || c == '[') || next.is_some_and(|c| c == ')' || c == ']');
    let rest = after.trim_start_matches([')', ']', '*', '_']);
    let rest_trim = rest.trim_start();
    if &text[start..end] == "a" && !bracketed {
        // The article is followed by a word; the answer by punctuation or the end.
        let ends = rest_trim.is_empty()
            || rest.starts_with(['.', '!', '\n', ',', ';', '"', '\'', '”', '’'])
            || rest_trim.starts_with(['\n']);
        if !ends {
            return false;
        }
    }
    if rest_trim.starts_with('?') || rest_trim.starts_with('/') {
        return false;
    }
    // "none of A–D": a range of options is none of them.
    static RANGE: LazyLock<[Regex; 2]> = LazyLock::new(|| {
        [
            r"(?i)\b[A-D]\s*(?:[–—-]|\bto\b)\s*$",
            r"(?i)^\s*(?:[–—-]|to\b)\s*[A-D]\b",
        ]
        .map(|re| Regex::new(re).expect("range pattern"))
    });
    if RANGE[0].is_match(&text[..start]) || RANGE[1].is_match(after) {
        return false;
    }
    // "所以 D 不对", "D is wrong": the letter is ruled out, not chosen.
    static RULED_OUT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^(?:不|错|is\s+(?:not|wrong|incorrect|false|out)\b|isn't|was\s+wrong)")
            .expect("ruled-out pattern")
    });
    if RULED_OUT.is_match(rest_trim) {
        return false;
    }
    // "A, B, C, D" ending a line: the last of a list; not "Between A and C, C is …", where
    // the letter repeats the one before it.
    static LISTED_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?P<l>[A-D])\s*(?:,|/|\bor|\band|或|和)\s*[(\[]?\s*$")
            .expect("list before")
    });
    if let Some(caps) = LISTED_BEFORE.captures(&text[..start])
        && !caps["l"].eq_ignore_ascii_case(&text[start..end])
    {
        return false;
    }
    // "A, B or C", "B and C": a list of options is no decision.
    static LIST: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:,|or\b|and\b|vs\.?|versus\b|&|或|和)\s*(?:option\s+)?[(\[]?[A-D]\b")
            .expect("list pattern")
    });
    !LIST.is_match(rest)
}

/// Whether the clause holding a phrase makes it no decision: "if the answer is B", "I
/// initially thought the answer is A", "not C" ("the answer is not C" never matches).
/// Negations count within the phrase's own clause (up to a comma); conditions within its
/// sentence ("If the vertex is at (1, −1), the answer is B"), unless a conclusion follows
/// them ("if we check C it fails, so the answer is B").
fn hypothetical(text: &str, phrase_start: usize, letter_end: usize) -> bool {
    let start_after = |stops: &str| {
        text[..phrase_start]
            .char_indices()
            .rev()
            .find(|(_, c)| stops.contains(*c))
            .map_or(0, |(i, c)| i + c.len_utf8())
    };
    let clause = &text[start_after(".!?\n;:,—")..letter_end];
    if HYPOTHETICAL.is_match(clause) {
        return true;
    }
    let sentence = &text[start_after(".!?\n;")..letter_end];
    CONDITION
        .find_iter(sentence)
        .last()
        .is_some_and(|c| !CONCLUSION.is_match(&sentence[c.end()..]))
}

/// Words that make the rest of a sentence conditional.
static CONDITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:if|whether|suppose|supposing|assuming|unless)\b").expect("condition")
});

/// Words that conclude after a condition; "if I had to pick, B" is a pick, not a condition.
static CONCLUSION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:so|therefore|thus|hence|which\s+means|(?:had|have)\s+to\s+(?:pick|choose|guess))\b")
        .expect("conclusion")
});

/// A reply that opens with its letter, unless it opens by listing the options.
fn leading(text: &str) -> Option<AnswerRead> {
    let caps = LEADING.captures(text)?;
    let listed: std::collections::BTreeSet<&str> = LISTED
        .captures_iter(text)
        .filter_map(|c| c.name("l").map(|l| l.as_str()))
        .collect();
    if listed.len() >= 2 {
        return None;
    }
    let l = caps
        .name("l")
        .or(caps.name("b"))
        .or(caps.name("w"))
        .or(caps.name("p"))?;
    // "B or D — I can't tell" opens with a list and ends undecided.
    if !accept(text, l.start(), l.end()) || UNDECIDED.is_match(text) {
        return None;
    }
    let answer = l.as_str().chars().next().and_then(letter_of)?;
    Some(found(answer, AnswerMethod::Leading))
}

/// The choice the reply names by its text: the choice quoted on its last line if exactly
/// one is there ("So the length of AB is 15."), else the only one quoted anywhere, else the
/// only choice holding what the reply's lines say ("The x-axis label", a line of one
/// program's code, "60" for "60°").
fn choice_text(text: &str, choices: &[String; 4]) -> Option<AnswerRead> {
    if let Some(a) = boxed_choice(text, choices) {
        return Some(found(a, AnswerMethod::Boxed));
    }
    let choices = choices.each_ref().map(|c| normal(c));
    let text = normal(text);
    if let Some(a) = json_choice(&text, &choices) {
        return Some(found(a, AnswerMethod::Json));
    }
    let last_line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    if concludes_elsewhere(last_line, &choices) {
        return None;
    }
    if let Some(a) = concluded_value(last_line, &choices)
        .or_else(|| named_as_answer(&text, &choices))
        .or_else(|| described_option(last_line, &choices))
        .or_else(|| concluded_is(last_line, &choices))
    {
        return Some(found(a, AnswerMethod::ChoiceText));
    }
    quoted_choice(last_line, &choices)
        .or_else(|| last_sentence_names_one(last_line, &choices))
        .or_else(|| quoted_choice(&text, &choices))
        .or_else(|| fragment_of_one(&text, &choices))
        .map(|a| found(a, AnswerMethod::ChoiceText))
}

/// A JSON answer field holding a choice's whole text: `{"selected_option": "negative
/// correlation"}` (text and choices already [`normal`]).
fn json_choice(text: &str, choices: &[String; 4]) -> Option<Answer> {
    static FIELD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#""(?:final_answer|final|answer|choice|selected_option|selection|option)"\s*:\s*"(?P<v>[^"]{2,})""#)
            .expect("json field pattern")
    });
    let value = FIELD
        .captures_iter(text)
        .last()?
        .name("v")?
        .as_str()
        .trim()
        .to_string();
    Answer::ALL
        .into_iter()
        .find(|a| choices[a.index()] == value)
}

/// The value a line concludes with: "… so the new bar height is 35.", "Final answer:
/// 28.6%", "… three quarters of the pie, i.e. 75%." (the last "is", "gives", "equals",
/// "makes", "=", "i.e." or "answer:" before a number).
static VALUE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(?:is|gives|equals|makes|=|i\.e\.,?|answer\s*[:：])\s*(?P<n>[-−]?\d+(?:[.,]\d+)?)",
    )
    .expect("value pattern")
});

/// The last line concludes with a number no choice holds: "Adding 5 to the original 12
/// gives 17." chose none of 12, 15, 18, 21, though it quotes 12. Code it quotes
/// (`` `linewidth=3` ``) concludes nothing.
fn concludes_elsewhere(last_line: &str, choices: &[String; 4]) -> bool {
    let prose: String = last_line
        .split('`')
        .enumerate()
        .map(|(k, part)| if k % 2 == 0 { part } else { " " })
        .collect();
    VALUE.captures_iter(&prose).last().is_some_and(|c| {
        let n = &c["n"];
        !choices.iter().any(|choice| contains_as_unit(choice, n))
    })
}

/// The last line's last sentence, ended, concludes with a number exactly one choice
/// holds: "Dana's score was 25, so the new bar height is 35." names 35 of 20, 25, 30, 35,
/// though it quotes 25 ("… the area is 8. Let me verify with the figure" names none).
fn concluded_value(last_line: &str, choices: &[String; 4]) -> Option<Answer> {
    let line = last_line.trim_end();
    let body = line.strip_suffix(['.', '!', '。'])?;
    let sentence = body.rsplit(['.', '!', '?', '。']).next().unwrap_or(body);
    // "0.5" is a number, not two sentences: a stop before a digit does not end one (nor
    // the stop of "i.e. 75").
    let sentence = if sentence
        .trim_start()
        .starts_with(|c: char| c.is_ascii_digit())
    {
        body
    } else {
        sentence
    };
    // "… so the chart now has 8 bars.": a count concluded, after "so" (heldout13).
    static CONCLUDED_HAS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:so|therefore|thus|hence)\b[^.!?;]*?\b(?:has|have|gets|contains)\s+(?P<n>[-−]?\d+(?:[.,]\d+)?)\b")
            .expect("concluded count pattern")
    });
    let c = VALUE
        .captures_iter(sentence)
        .last()
        .or_else(|| CONCLUDED_HAS.captures_iter(sentence).last())?;
    let n = &c["n"];
    only_one(|a| contains_as_unit(&choices[a.index()], n))
}

/// The last `\boxed{…}` holds one choice's value, once both are read as plain text
/// (`\boxed{\frac{\pi}{3}}` is "π/3"; `$\frac{3}{2}$` is "3/2").
fn boxed_choice(text: &str, choices: &[String; 4]) -> Option<Answer> {
    let start = text.rfind("\\boxed")?;
    let body = text[start + "\\boxed".len()..]
        .trim_start()
        .strip_prefix('{')?;
    let mut depth = 1;
    let end = body.char_indices().find_map(|(i, c)| {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        (depth == 0).then_some(i)
    })?;
    let value = latex_plain(&body[..end]);
    if value.is_empty() {
        return None;
    }
    only_one(|a| latex_plain(&choices[a.index()]) == value)
}

/// A little LaTeX as the plain text it shows, for comparing values: fractions, roots,
/// `\pi`, degrees, `\text{…}`, spacing and `$` dropped, lowercase. Written here: the
/// LaTeX crates render to MathML or check documents; none reads a formula as text.
fn latex_plain(t: &str) -> String {
    static FRAC: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}").expect("frac pattern")
    });
    static WRAP: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\\(?:text|mathrm|mathbf|textbf|operatorname)\s*\{([^{}]*)\}")
            .expect("wrap pattern")
    });
    static SQRT: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\\sqrt\s*\{([^{}]*)\}").expect("sqrt pattern"));
    let mut t = t.to_string();
    loop {
        let next = FRAC.replace_all(&t, "($1)/($2)");
        let next = WRAP.replace_all(&next, "$1");
        let next = SQRT.replace_all(&next, "√($1)").into_owned();
        if next == t {
            break;
        }
        t = next;
    }
    for (from, to) in [
        ("^{\\circ}", "°"),
        ("^\\circ", "°"),
        ("\\circ", "°"),
        ("\\pi", "π"),
        ("\\%", "%"),
        ("\\cdot", "·"),
        ("\\times", "×"),
        ("\\left", ""),
        ("\\right", ""),
        ("\\displaystyle", ""),
        ("\\,", ""),
        ("\\;", ""),
        ("\\!", ""),
        ("−", "-"),
        ("$", ""),
    ] {
        t = t.replace(from, to);
    }
    let t: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    // "(1)/(2)" is "1/2": brackets around a lone number or symbol say nothing.
    static LONE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\(([0-9.]+|π|[a-z])\)").expect("lone pattern"));
    LONE.replace_all(&t, "$1").to_lowercase()
}

/// "That's the option describing a thicker line." for "Line is thicker": the words of the
/// description that only one choice has all point to that choice (text and choices
/// already [`normal`]).
fn described_option(last_line: &str, choices: &[String; 4]) -> Option<Answer> {
    static DESCRIBED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(concat!(
            r"\b(?:that'?s|that\s+is|it'?s|this\s+is|so|hence|thus|pick|choose|select)\s+the\s+",
            r"(?:option|choice|one|answer)\s+(?:describing|that\s+describes|which\s+describes",
            r"|showing|that\s+shows|which\s+shows|saying|that\s+says|stating|that\s+states)",
            r"\s+(?P<t>[^\n.!?]+)",
        ))
        .expect("described pattern")
    });
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let description = words(&DESCRIBED.captures_iter(last_line).last()?["t"]);
    let per_choice: Vec<Vec<String>> = choices.iter().map(|c| words(c)).collect();
    let votes: Vec<usize> = description
        .iter()
        .filter_map(|w| {
            let mut holders = (0..4).filter(|&k| per_choice[k].contains(w));
            match (holders.next(), holders.next()) {
                (Some(k), None) => Some(k),
                _ => None,
            }
        })
        .collect();
    let first = *votes.first()?;
    votes
        .iter()
        .all(|&k| k == first)
        .then(|| Answer::ALL[first])
}

/// The one option `holds`, if exactly one does.
fn only_one(holds: impl Fn(Answer) -> bool) -> Option<Answer> {
    let mut holders = Answer::ALL.into_iter().filter(|a| holds(*a));
    match (holders.next(), holders.next()) {
        (Some(a), None) => Some(a),
        _ => None,
    }
}

/// The last "Answer: …" (or "the correct option: …", "Réponse : …", "正确选项是…") line
/// names one choice by words only it has: "The correct option: MN." for "Midline MN",
/// "Réponse : losange" for "Un losange", "正确选项是“增加了网格线”" (text and choices already [`normal`]). Every word given must
/// be a word of that choice and of no other, once the words every choice shares are set
/// aside.
fn named_as_answer(text: &str, choices: &[String; 4]) -> Option<Answer> {
    static NAMED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(concat!(
            r"(?m)(?:\b(?:(?:final\s+|correct\s+)?answer|(?:correct|right)\s+(?:option|choice)",
            r"|r[ée]ponse|respuesta|antwort|risposta|resposta)\s*[:：]|(?:正确)?(?:选项|答案)\s*(?:是|为|[:：])",
            r"|(?:정답|답|答え|正解)\s*(?:은|は)?\s*[:：])",
            r"\s*(?P<t>[^\n]+)$",
        ))
        .expect("named pattern")
    });
    // "정답: 3개", "答え：3つ": a count's counter word is no part of its number.
    static COUNTER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?P<n>\d)\s*(?:개|번째|번|つ|個|个|本|枚)").expect("counter pattern")
    });
    let given = &NAMED.captures_iter(text).last()?["t"];
    names_by_words(&COUNTER.replace_all(given, "$n"), choices)
}

/// The one choice that has every word of `given` not shared by all choices (at least one
/// such word): "MN" names "midline mn" among "midline xy", "median mn"… only when no
/// other choice has MN.
fn names_by_words(given: &str, choices: &[String; 4]) -> Option<Answer> {
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric() && c != '.' && c != '%')
            .map(|w| w.trim_matches('.').to_string())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let given = words(given);
    let per_choice: Vec<Vec<String>> = choices.iter().map(|c| words(c)).collect();
    let shared = |w: &String| per_choice.iter().all(|c| c.contains(w));
    let telling: Vec<&String> = given.iter().filter(|w| !shared(w)).collect();
    if telling.is_empty() {
        return None;
    }
    only_one(|a| telling.iter().all(|w| per_choice[a.index()].contains(*w)))
}

/// The last line ends on "… is X." and X names one choice by its own words: "So the added
/// line is CE." for "Line CE" (though the reply talked about "Line AC" before), "So the
/// answer is Figure 1." (text and choices already [`normal`]). X is a few words, and
/// every word of it not shared by all choices must be that choice's ("is CE, not BD"
/// names none).
fn concluded_is(last_line: &str, choices: &[String; 4]) -> Option<Answer> {
    static IS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\b(?:is|are|was)\s+(?P<t>[^\n.!?;:]{1,40}?)\s*[.!]?\s*$").expect("is pattern")
    });
    let t = IS.captures(last_line.trim_end())?.name("t")?.as_str();
    (t.split_whitespace().count() <= 4).then(|| names_by_words(t, choices))?
}

/// A last sentence left open (a reply cut off) before it concluded: it names no choice.
/// "So it is the altitude from A to B" had concluded; "… the hyperbola has a new line at
/// x = 2, and its branches" (heldout13, Tagalog) had not.
fn left_open(line: &str, sentence: &str) -> bool {
    !line.ends_with(['.', '!', '。', ')']) && !CONCLUSION.is_match(sentence)
}

/// Words that make a last sentence name no choice: a negation or a hedge.
const HEDGES: [&str; 24] = [
    "not",
    "no",
    "never",
    "neither",
    "nor",
    "cannot",
    "unsure",
    "unclear",
    "maybe",
    "perhaps",
    "either",
    "or",
    "whether",
    "if",
    "might",
    "could",
    "rather",
    "instead",
    "unlike",
    "except",
    "wrong",
    "incorrect",
    "none",
    "nicht",
];

/// The reply's last sentence names one choice by words no other choice has, and no word
/// that only another has, without a negation or a hedge: "So the edit switched the color map to
/// viridis." for "The colormap is changed to 'viridis'"; "Die Balken sind … gelb
/// eingefärbt." for "Balken in Gelb"; "… är kvadrater." for "Kvadrat" (a word and a
/// choice's word of five letters or more, one beginning the other, are the same word).
/// Text and choices are already [`normal`].
fn last_sentence_names_one(last_line: &str, choices: &[String; 4]) -> Option<Answer> {
    const COMMON: [&str; 16] = [
        "the", "and", "for", "with", "are", "was", "has", "have", "its", "this", "that", "from",
        "into", "each", "all", "now",
    ];
    let trimmed = last_line.trim_end();
    if trimmed.ends_with('?') {
        return None;
    }
    let body = trimmed.trim_end_matches(['.', '!', '。']);
    let sentence = body.rsplit(['.', '!', '?', '。']).next().unwrap_or(body);
    if left_open(trimmed, sentence) {
        return None;
    }
    let all_words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphabetic() && c != '\'')
            .map(|w| w.trim_matches('\'').to_string())
            .filter(|w| !w.is_empty())
            .collect()
    };
    // Short words ("in", "to") name nothing; a two-letter name does ("CE", lowercased).
    let words = |t: &str| -> Vec<String> {
        all_words(t)
            .into_iter()
            .filter(|w| w.chars().count() >= 3)
            .collect()
    };
    let every = all_words(sentence);
    // A statement, not a fragment: "units" alone names nothing.
    if every.len() < 3
        || every
            .iter()
            .any(|w| HEDGES.contains(&w.as_str()) || w.ends_with("n't"))
    {
        return None;
    }
    let said = words(sentence);
    let same = |a: &str, b: &str| {
        let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
        short == long || short.chars().count() >= 5 && long.starts_with(short)
    };
    let per_choice: Vec<Vec<String>> = choices.iter().map(|c| words(c)).collect();
    let holders = |w: &str| -> Vec<usize> {
        (0..4)
            .filter(|&k| per_choice[k].iter().any(|c| same(c, w)))
            .collect()
    };
    // A word of several choices ("standard" of "standard deviation" and "standard
    // error") tells none apart; the words of one choice alone must all name the same.
    let mut named = None;
    for w in said.iter().filter(|w| !COMMON.contains(&w.as_str())) {
        match holders(w).as_slice() {
            [k] if named.is_none_or(|n| n == *k) => named = Some(*k),
            [_] => return None,
            _ => {}
        }
    }
    named
        .map(|k| Answer::ALL[k])
        .or_else(|| pair_names_one(sentence, choices))
}

/// Two words side by side that only one choice has side by side name it, when every such
/// pair in the sentence names the same: "… show the standard error." for "The error bars
/// show standard error" beside "… standard deviation" (each word alone is in several
/// choices).
fn pair_names_one(sentence: &str, choices: &[String; 4]) -> Option<Answer> {
    let pairs = |t: &str| -> Vec<(String, String)> {
        let words: Vec<String> = t
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '%'))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        words
            .windows(2)
            .map(|p| (p[0].clone(), p[1].clone()))
            .collect()
    };
    let per_choice: Vec<Vec<(String, String)>> = choices.iter().map(|c| pairs(c)).collect();
    let mut named = None;
    for pair in pairs(sentence) {
        let mut holders = (0..4).filter(|&k| per_choice[k].contains(&pair));
        if let (Some(k), None) = (holders.next(), holders.next()) {
            if named.is_some_and(|n| n != k) {
                return None;
            }
            named = Some(k);
        }
    }
    named.map(|k| Answer::ALL[k])
}

/// Lowercase, spaces collapsed within lines, and an opening article dropped ("a legend"
/// names "the legend").
fn normal(text: &str) -> String {
    text.lines()
        .map(|l| {
            let l = l
                .trim()
                .trim_matches(|c: char| "`*_".contains(c))
                .to_lowercase();
            let words: Vec<&str> = l.split_whitespace().collect();
            let words = match words.first() {
                Some(&("a" | "an" | "the")) if words.len() > 1 => &words[1..],
                _ => &words[..],
            };
            words.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The one choice whose text appears in `text`; when several do and one of them holds
/// the others wherever they appear ("slope is -1/2" names "-1/2", not "1/2" or "2"; "2 or
/// -2" names none), that one.
fn quoted_choice(text: &str, choices: &[String; 4]) -> Option<Answer> {
    let hits = |text: &str| -> Vec<Answer> {
        Answer::ALL
            .into_iter()
            .filter(|a| {
                let c = choices[a.index()].as_str();
                !c.is_empty() && contains_unquoted(text, c)
            })
            .collect()
    };
    let all = hits(text);
    match all.as_slice() {
        [one] => Some(*one),
        [] => None,
        _ => all.iter().copied().find(|a| {
            let own = choices[a.index()].as_str();
            let holds = all
                .iter()
                .all(|b| own.contains(choices[b.index()].as_str()));
            holds && hits(&text.replace(own, " ")).is_empty()
        }),
    }
}

/// The one choice holding every line (or `code span`) of the reply that is found in
/// exactly one choice (lines found in none or in several say nothing). A line of words must be the whole
/// choice ("units" does not name "18 units"); a line with digits or code may be part of
/// it (a line of one program, "60" of "60°"). Spaces and line breaks are compared as one
/// space, so a reply may join a choice's lines.
fn fragment_of_one(text: &str, choices: &[String; 4]) -> Option<Answer> {
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let choices = choices.each_ref().map(|c| flat(c));
    let mut named: Vec<Answer> = Vec::new();
    // Each line, and each `code span` of a line of prose.
    let spans = text.split('`').skip(1).step_by(2);
    for line in text.lines().chain(spans) {
        let line = flat(
            line.trim()
                .trim_start_matches(['-', '•'])
                .trim_end_matches('.'),
        );
        if line.chars().filter(|c| !c.is_whitespace()).count() < 2 {
            continue;
        }
        let words_only = line.chars().all(|c| c.is_alphabetic() || c.is_whitespace());
        let holders: Vec<Answer> = Answer::ALL
            .into_iter()
            .filter(|a| {
                let c = &choices[a.index()];
                if words_only {
                    *c == line
                } else {
                    contains_as_unit(c, &line)
                }
            })
            .collect();
        if let [one] = holders.as_slice()
            && !named.contains(one)
        {
            named.push(*one);
        }
    }
    match named.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// `needle` occurs in `text` as a unit and not in quotation marks: a choice quoted is
/// talked about ("they give \"first increasing, then decreasing\" as a distractor").
fn contains_unquoted(text: &str, needle: &str) -> bool {
    const QUOTES: &str = "\"'“”‘’«»「」";
    units(text, needle).any(|i| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        !(before.is_some_and(|c| QUOTES.contains(c)) && after.is_some_and(|c| QUOTES.contains(c)))
    })
}

/// Where `needle` occurs in `text` as a unit (see [`contains_as_unit`]).
fn units<'a>(text: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(needle)
        .map(|(i, _)| i)
        .filter(move |&i| {
            let before = text[..i].chars().next_back();
            let after = text[i + needle.len()..].chars().next();
            let edge = |c: Option<char>, inner: Option<char>| {
                !(c.is_some_and(char::is_alphanumeric) && inner.is_some_and(char::is_alphanumeric))
            };
            // "0" is not in "0.5", nor "5" in "0.5" or "1,5".
            let decimal = |sep: Option<char>, beyond: Option<char>, inner: Option<char>| {
                sep.is_some_and(|c| c == '.' || c == ',')
                    && beyond.is_some_and(|c| c.is_ascii_digit())
                    && inner.is_some_and(|c| c.is_ascii_digit())
            };
            let mut rest = text[i + needle.len()..].chars();
            let (after2, after1) = (rest.next(), rest.next());
            let mut back = text[..i].chars().rev();
            let (before1, before2) = (back.next(), back.next());
            edge(before, needle.chars().next())
                && edge(after, needle.chars().next_back())
                && !decimal(after2, after1, needle.chars().next_back())
                && !decimal(before1, before2, needle.chars().next())
        })
}

/// `needle` occurs in `text` not as part of a longer number or word ("15" is not in "150").
fn contains_as_unit(text: &str, needle: &str) -> bool {
    units(text, needle).next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> [String; 4] {
        ["12".into(), "15".into(), "18 units".into(), "20".into()]
    }

    fn soft(r: &str) -> Option<char> {
        read_soft(r, &choices()).answer.map(Answer::letter)
    }

    fn strict(r: &str) -> Option<char> {
        read_strict(r).answer.map(Answer::letter)
    }

    /// Every pattern named in issue #27, and the rules of the module documentation.
    #[test]
    fn the_patterns_of_issue_27() {
        let cases: &[(&str, Option<char>)] = &[
            ("the answer is a program that draws the bars in red.", None),
            (
                "The answer is B. Wait… looking again at the colours, the correct answer is C.",
                Some('C'),
            ),
            (
                "The answer is option B: unlike option C, it keeps the title.",
                Some('B'),
            ),
            ("B. The second program keeps every bar but East.", Some('B')),
            ("B is correct, because it removes the line.", Some('B')),
            ("So \\boxed{\\textbf{B}}", Some('B')),
            ("After checking each one, I choose (C).", Some('C')),
            ("Therefore the right choice is D.", Some('D')),
            ("A is wrong. C is incorrect. Not D either. So B.", Some('B')),
            ("Is the answer B? It could be C. I cannot tell.", None),
            ("Options A, B or C look similar.", None),
            (
                "If the answer were B the bar would be red; the answer is C.",
                Some('C'),
            ),
            (
                "I initially thought the answer is A, but actually it's C.",
                Some('C'),
            ),
            (
                "<think>The answer is A… no.</think>\nThe answer is D.",
                Some('D'),
            ),
            ("答案是 C", Some('C')),
            ("It is 18 units long.", Some('C')),
            ("the answer is about 15", Some('B')),
            ("**Answer:** (b)", Some('B')),
            (
                "{\"reason\": \"keeps the title\", \"answer\": \"D\"}",
                Some('D'),
            ),
        ];
        for (response, want) in cases {
            assert_eq!(soft(response), *want, "soft: {response:?}");
        }
    }

    #[test]
    fn strict_reads_only_declared_formats() {
        let cases: &[(&str, Option<char>)] = &[
            ("\\boxed{C}", Some('C')),
            ("Some thoughts.\nAnswer: B", Some('B')),
            ("**Final answer:** (d)", Some('D')),
            ("{\"answer\": \"A\"}", Some('A')),
            (" (b) ", Some('B')),
            ("The answer is B.", None),
            ("I choose C", None),
            (
                "Answer: B\n\nWait, no. On reflection:\nAnswer: C",
                Some('C'),
            ),
            // Two declared answers, nothing taking the first back: no answer.
            ("Answer: A\nAnswer: C", None),
            // A declared answer taken back and not replaced.
            ("Answer: A\n\nWait, the label sits near D…", None),
        ];
        for (response, want) in cases {
            assert_eq!(strict(response), *want, "strict: {response:?}");
        }
    }

    /// The sixth held-out set's shapes, each with the near miss it must not read.
    #[test]
    fn numbers_ordinals_tables_and_cut_off_replies() {
        let numbered = "Options:\n1. 12\n2. 15\n3. 18 units\n4. 20\n\n答え：2";
        assert_eq!(soft(numbered), Some('B'));
        let json = "{\"question_options\": [\"1) 12\", \"2) 15\", \"3) 18 units\", \"4) 20\"], \"answer\": 4}";
        assert_eq!(soft(json), Some('D'));
        // Choices that are numbers: "answer: 2" is a value, not the second option.
        let digits: [String; 4] = ["1".into(), "2".into(), "3".into(), "4".into()];
        let r = read_soft("1. one\n2. two\n3. three\n\nAnswer is 3", &digits);
        assert_eq!(r.answer.map(Answer::letter), Some('C'));
        // Numbered steps are not options: "The answer is 3." names no option here.
        assert_eq!(
            soft("1. Read the bars.\n2. Add them.\n3. Compare.\nThe answer is 3."),
            None
        );
        assert_eq!(soft("Option two."), Some('B'));
        assert_eq!(soft("Answer: The third image."), Some('C'));
        assert_eq!(
            soft("| Option | ok |\n|---|---|\n| **Selected** | **D** | |"),
            Some('D')
        );
        assert_eq!(soft("So the answer is \"D\"."), Some('D'));
        assert_eq!(soft("A, B and D can all be ruled out."), Some('C'));
        assert_eq!(soft("A and D can be ruled out."), None);
        // A number inside a decimal is not a choice; a conclusion no choice holds is none.
        assert_eq!(soft("The answer is 12.5."), None);
        assert_eq!(soft("Adding 3 to the original 12 gives 17."), None);
        assert_eq!(soft("So the length of AB is 15."), Some('B'));
        // Cut off before choosing.
        assert_eq!(soft("Let me check. The value 15, which"), None);
        assert_eq!(soft("- 12 stays at 12 after the edit\n- 15"), None);
        assert_eq!(soft("The answer is 15"), Some('B'));
    }

    #[test]
    fn a_letter_inside_a_word_or_a_number_inside_a_number_is_not_read() {
        assert_eq!(soft("Because the bars differ."), None);
        assert_eq!(soft("The value is 150."), None);
        assert_eq!(soft("Answer: Because B keeps it"), None);
    }

    /// The eighth held-out set's rules, one case each.
    #[test]
    fn overruled_declarations_unclosed_thinking_and_marked_rows() {
        // A declared answer the reply overrules later: strict reads none, soft the last.
        let overruled = "Answer: A.\n\nHmm, the value is 21, so the correct answer is D, not A.";
        assert_eq!(strict(overruled), None);
        assert_eq!(soft(overruled), Some('D'));
        assert_eq!(strict("Answer: D.\n\nThe correct answer is D."), Some('D'));
        // Thinking cut off before it ended decides nothing, whatever it mentions.
        assert_eq!(soft("<think>\nThe value is 15, so maybe"), None);
        assert_eq!(soft("<think>15?</think>\nThe answer is 15."), Some('B'));
        // Cyrillic look-alikes in a Russian answer; "В" elsewhere is a preposition.
        assert_eq!(soft("Значение выросло.\nОтвет: С"), Some('C'));
        assert_eq!(soft("В графике ничего не изменилось."), None);
        assert_eq!(soft("<final>C</final>"), Some('C'));
        assert_eq!(strict("<final>C</final>"), Some('C'));
        assert_eq!(soft("The mean is 0.5. [[A]]"), Some('A'));
        assert_eq!(soft("Therefore the answer is $\\mathbf{(D)}$."), Some('D'));
        assert_eq!(soft("$\\therefore$ (C)"), Some('C'));
        assert_eq!(soft("$$\\boxed{15}$$"), Some('B'));
        assert_eq!(soft("$$\\boxed{A \\text{ or } B}$$"), None);
        assert_eq!(
            soft("| Option | Holds? |\n|---|---|\n| A | No |\n| **B** | **Yes ✓** |\n| C | No |"),
            Some('B')
        );
        assert_eq!(
            soft("| Option | Holds? |\n|---|---|\n| A | Yes |\n| B | Yes ✓ |"),
            None
        );
        assert_eq!(soft("It reads 18 units, i.e. 18 units."), Some('C'));
        assert_eq!(soft("In the modified chart it appears to be at"), None);
    }

    /// The ninth held-out set's rules, one case each, and what each must not read.
    #[test]
    fn final_lines_numbered_options_and_choices_named_by_their_words() {
        assert_eq!(strict("The legend moved.\n\n**Final:** B"), Some('B'));
        assert_eq!(strict("[\"C\"]"), Some('C'));
        assert_eq!(soft("所以正确答案是（C）。"), Some('C'));
        assert_eq!(soft("막대 위에 숫자가 있습니다.\n\n답은 ④"), Some('D'));
        assert_eq!(soft("The answer is option number 3."), Some('C'));
        assert_eq!(soft("So it's option III."), Some('C'));
        // "the option I chose" is a pronoun, not option I.
        assert_eq!(
            soft("The option I chose first was wrong; I cannot decide."),
            None
        );
        assert_eq!(soft("A: ❌\nB: ✅ 15\nC: ❌\n\n✅ B"), Some('B'));
        assert_eq!(soft("So C: 18 units."), Some('C'));
        // The gloss names another choice's text: no reading.
        assert_eq!(soft("So C: 15."), None);
        assert_eq!(
            soft("So the bar that reads 20 is the last one — **D**."),
            Some('D')
        );
        assert_eq!(soft("Jadi jawapannya ialah A."), Some('A'));
        let lines: [String; 4] = ["Line AC", "Line BD", "Line AE", "Line CE"].map(String::from);
        let on = |r: &str, c: &[String; 4]| read_soft(r, c).answer.map(Answer::letter);
        assert_eq!(
            on(
                "Line AC is a side, not auxiliary. So the added line is CE.",
                &lines
            ),
            Some('D')
        );
        assert_eq!(on("So the added line is CE, not BD.", &lines), None);
        let maps: [String; 4] = ["viridis", "plasma", "gray", "jet"]
            .map(|m| format!("The colormap is changed to '{m}'"));
        assert_eq!(
            on(
                "Plasma has pink.\n\nSo the edit switched the map to viridis.",
                &maps
            ),
            Some('A')
        );
        // A negation, a hedge or a question names nothing; nor does a fragment.
        assert_eq!(
            on("So the edit did not switch the map to viridis.", &maps),
            None
        );
        assert_eq!(on("It could be viridis or plasma.", &maps), None);
        assert_eq!(on("Is the map viridis?", &maps), None);
        // A whole reply of one word is the one choice that has it (a terse model's reply,
        // heldout13: "rotated", "scatter"); a word two choices have names neither.
        assert_eq!(on("viridis", &maps), Some('A'));
        assert_eq!(on("changed", &maps), None);
        assert_eq!(
            on(
                "So the chart now has 8 bars.",
                &["5", "6", "7", "8"].map(String::from)
            ),
            Some('D')
        );
        assert_eq!(soft("units"), None);
        let shapes: [String; 4] = ["Cirkel", "Kvadrat", "Triangel", "Stjärna"].map(String::from);
        assert_eq!(
            on("Markörerna i den redigerade figuren är kvadrater.", &shapes),
            Some('B')
        );
    }

    /// The tenth held-out set's rules, one case each, and what each must not read.
    #[test]
    fn cyrillic_order_leaning_ticked_lines_and_code_spans() {
        // Cyrillic replies letter options А, Б, В, Г; "В" is B by its look and C by its
        // place, so only the reply's own words decide it.
        assert_eq!(soft("Ответ: Б"), Some('B'));
        assert_eq!(soft("Відповідь: Г"), Some('D'));
        assert_eq!(soft("Ответ: В"), None);
        assert_eq!(strict("Ответ: В"), None);
        assert_eq!(soft("Не Б и не Г.\nОтвет: В"), Some('C'));
        assert_eq!(soft("Было 12, стало 15.\nОтвет: В (15)"), Some('B'));
        assert_eq!(soft("Відповідь: (В) 18 units"), Some('C'));
        assert_eq!(soft("Ответ: С"), Some('C'));
        assert_eq!(
            soft("Between A and B it is hard to say, so I lean A."),
            Some('A')
        );
        assert_eq!(soft("I'm leaning towards D."), Some('D'));
        assert_eq!(
            soft("A ✗ — too low\nB ✗ — too low\nC ✓ — matches\nD ✗ — too high"),
            Some('C')
        );
        assert_eq!(soft("A ✓ — plausible\nB ✓ — plausible\nC ✗\nD ✗"), None);
        assert_eq!(soft("Correct option: `D`"), Some('D'));
        let edits: [String; 4] =
            ["增加了网格线", "删除了图例", "改变了标题", "改变了坐标范围"].map(String::from);
        assert_eq!(
            read_soft("网格线出现了。因此正确选项是\"增加了网格线\"。", &edits)
                .answer
                .map(Answer::letter),
            Some('A')
        );
    }

    #[test]
    fn iroha_bengali_circled_letters_latex_and_numbers_written_another_way() {
        let jp = "イ. 青い線\nロ. 赤い線\nハ. 点線\nニ. 太い線\n\n答えはハです。";
        assert_eq!(soft(jp), Some('C'));
        // A katakana word is not a letter.
        assert_eq!(
            soft("イ. a\nロ. b\nハ. c\nニ. d\n\nハンバーガーです。"),
            None
        );
        let bn = "ক) bins=5\nখ) bins=10\nগ) bins=20\nঘ) bins=40\n\nউত্তর: গ";
        assert_eq!(soft(bn), Some('C'));
        assert_eq!(soft("🅑"), Some('B'));
        assert_eq!(soft("Ⓓ"), Some('D'));
        assert_eq!(soft("The markers are triangles.\n\n#### C"), Some('C'));
        assert_eq!(
            soft("The new height is $36$. Therefore the answer is \\(\\mathrm{B}\\)."),
            Some('B')
        );
        assert_eq!(
            soft("So $CD$ bisects the angle.\n\n\\textbf{(C)}"),
            Some('C')
        );
        assert_eq!(soft("It passes through the midpoint. Choice D."), Some('D'));
        assert_eq!(
            soft("None of these seem right, but if I had to pick, B."),
            Some('B')
        );
        // A condition is still a condition: "if the bar were 40, A".
        assert_eq!(soft("If the bar were 40, the answer would be A."), None);
        let numbers = ["12.5", "15.0", "17.5", "20.0"].map(String::from);
        assert_eq!(
            read_soft(" 15", &numbers).answer.map(Answer::letter),
            Some('B')
        );
        assert_eq!(read_soft("16", &numbers).answer, None);
    }

    #[test]
    fn own_alphabets_ordinals_hedges_resolved_and_several_answers() {
        // Options lettered in the reply's own alphabet, then answered in it.
        assert_eq!(
            soft("א) צרות — לא\nב) רחבות — לא\nג) המרווח גדל — כן\nד) פינות — לא\n\nתשובה: ג"),
            Some('C')
        );
        assert_eq!(
            soft("ก. ไม่ใช่\nข. ตรงกัน\nค. ไม่ใช่\nง. ไม่ใช่\n\nคำตอบ: ข"),
            Some('B')
        );
        // Without the list, a lone Hebrew letter is no option.
        assert_eq!(soft("תשובה: ג"), None);
        assert_eq!(soft("Η σωστή απάντηση είναι η (Δ)."), Some('D'));
        assert_eq!(soft("उत्तर: विकल्प A"), Some('A'));
        // Ordinals in more languages and words.
        assert_eq!(soft("Also die dritte Option."), Some('C'));
        assert_eq!(soft("Pasuje druga odpowiedź."), Some('B'));
        assert_eq!(soft("Ez az első lehetőség."), Some('A'));
        assert_eq!(soft("ดังนั้นคำตอบคือตัวเลือกแรก"), Some('A'));
        assert_eq!(soft("Opción correcta: la tercera."), Some('C'));
        assert_eq!(soft("That matches the second-to-last option."), Some('C'));
        assert_eq!(
            soft("It can only come from the second candidate."),
            Some('B')
        );
        assert_eq!(soft("The tick numbers are still there. So #3."), Some('C'));
        // Hedges: resolved, or left open.
        assert_eq!(
            soft("So B or C, probably C — the dashes are long."),
            Some('C')
        );
        assert_eq!(soft("B o C, probablemente B."), Some('B'));
        assert_eq!(
            soft("Depending on the spread, the answer is **B** or **D**."),
            None
        );
        assert_eq!(
            soft("so Answer: C.\n\nLooking again, it has slope 2, so none of A–D is correct."),
            None
        );
        // One letter per sub-question answers no single question.
        assert_eq!(soft("(1) so D.\n(2) so C.\n\nAnswers: 1 → D, 2 → C"), None);
        assert_eq!(soft("Teil 1 → B.\nTeil 2 → C.\n\nAntworten: B, C"), None);
        // Formats: tags, a printout, a comment, "settle on", "the one you want".
        assert_eq!(soft("<option>D</option>"), Some('D'));
        assert_eq!(strict("<|begin_of_box|>A<|end_of_box|>"), Some('A'));
        assert_eq!(soft("All sizes equal.\n\n<!-- final: A -->"), Some('A'));
        assert_eq!(soft("```python\nprint(\"Answer:\", \"D\")\n```"), Some('D'));
        assert_eq!(
            soft("So C. No — so D. Hmm, it is the legend. I'll settle on C."),
            Some('C')
        );
        assert_eq!(
            soft("That's a cumulative one. B is the one you want."),
            Some('B')
        );
        assert_eq!(soft("The y axis goes from 0 to 100 now. a"), Some('A'));
        // A reply cut off before its letter or inside its JSON reads none.
        assert_eq!(soft("the chart has an exploded piece, so the answer"), None);
        let values: [String; 4] = ["20", "25", "30", "35"].map(String::from);
        let cut = "{\"reasoning\": \"The bar reaches just above 30, but the label reads";
        assert_eq!(read_soft(cut, &values).answer, None);
        // A counter after a number ("3개"), and two words side by side that one choice has.
        let counts: [String; 4] = ["1", "2", "3", "4"].map(String::from);
        let korean = "x = -2, 0, 2 세 곳입니다.\n\n정답: 3개";
        assert_eq!(
            read_soft(korean, &counts).answer.map(Answer::letter),
            Some('C')
        );
        let bars: [String; 4] = [
            "The error bars show standard deviation",
            "The error bars show standard error",
            "The error bars show 95% CI",
            "The error bars are removed",
        ]
        .map(String::from);
        let said = "A 95% CI would be longer. So the bars now show the standard error.";
        assert_eq!(read_soft(said, &bars).answer.map(Answer::letter), Some('B'));
    }
}
