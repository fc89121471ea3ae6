//! The rubric templates and how a prompt is built from them.
//!
//! One template per task kind × figure type (`rubrics/<kind>-<figure>.txt`, 20 files),
//! written by the project in the structure of MathOPEval's judge: what the task was, the
//! inputs (`{{inputs}}`: instruction, original code for edits, reference code, generated
//! code), step 1 key-element extraction with that figure type's criteria, step 2 the four
//! dimensions (content accuracy, positional consistency, code correctness, completeness),
//! the five bands 1–2 … 9–10 with their criteria. Every prompt ends with the shared
//! answer format (`rubrics/output.txt`), whose last rule is the fixed line `Score: N`.
//! In hybrid mode the measured evidence (`rubrics/evidence.txt`) comes before it.
//!
//! The templates are compiled in (`include_str!`), so the binary does not depend on the
//! checkout, and [`template_version`] hashes them all: editing a rubric changes the
//! version recorded in the run, and a run started with the old text refuses to resume.

use std::sync::OnceLock;

pub use super::prompt::Prompt;

use super::JudgeMode;
use plotgrade_model::task::{FigureType, Kind};

/// The system message of every request.
pub const SYSTEM: &str = include_str!("rubrics/system.txt");
/// How the judge must answer; the last part of every prompt.
pub const OUTPUT: &str = include_str!("rubrics/output.txt");
/// The frame of the hybrid mode's evidence (`{{evidence}}` is replaced).
pub const EVIDENCE: &str = include_str!("rubrics/evidence.txt");

/// `(kind, figure, text)` of every rubric, in the paper's order.
const RUBRICS: [(Kind, FigureType, &str); 20] = [
    (
        Kind::Generation,
        FigureType::Geometry,
        include_str!("rubrics/generation-geometry.txt"),
    ),
    (
        Kind::Generation,
        FigureType::Function,
        include_str!("rubrics/generation-function.txt"),
    ),
    (
        Kind::Generation,
        FigureType::Bar,
        include_str!("rubrics/generation-bar.txt"),
    ),
    (
        Kind::Generation,
        FigureType::Line,
        include_str!("rubrics/generation-line.txt"),
    ),
    (
        Kind::Generation,
        FigureType::Pie,
        include_str!("rubrics/generation-pie.txt"),
    ),
    (
        Kind::Deletion,
        FigureType::Geometry,
        include_str!("rubrics/deletion-geometry.txt"),
    ),
    (
        Kind::Deletion,
        FigureType::Function,
        include_str!("rubrics/deletion-function.txt"),
    ),
    (
        Kind::Deletion,
        FigureType::Bar,
        include_str!("rubrics/deletion-bar.txt"),
    ),
    (
        Kind::Deletion,
        FigureType::Line,
        include_str!("rubrics/deletion-line.txt"),
    ),
    (
        Kind::Deletion,
        FigureType::Pie,
        include_str!("rubrics/deletion-pie.txt"),
    ),
    (
        Kind::Modification,
        FigureType::Geometry,
        include_str!("rubrics/modification-geometry.txt"),
    ),
    (
        Kind::Modification,
        FigureType::Function,
        include_str!("rubrics/modification-function.txt"),
    ),
    (
        Kind::Modification,
        FigureType::Bar,
        include_str!("rubrics/modification-bar.txt"),
    ),
    (
        Kind::Modification,
        FigureType::Line,
        include_str!("rubrics/modification-line.txt"),
    ),
    (
        Kind::Modification,
        FigureType::Pie,
        include_str!("rubrics/modification-pie.txt"),
    ),
    (
        Kind::Annotation,
        FigureType::Geometry,
        include_str!("rubrics/annotation-geometry.txt"),
    ),
    (
        Kind::Annotation,
        FigureType::Function,
        include_str!("rubrics/annotation-function.txt"),
    ),
    (
        Kind::Annotation,
        FigureType::Bar,
        include_str!("rubrics/annotation-bar.txt"),
    ),
    (
        Kind::Annotation,
        FigureType::Line,
        include_str!("rubrics/annotation-line.txt"),
    ),
    (
        Kind::Annotation,
        FigureType::Pie,
        include_str!("rubrics/annotation-pie.txt"),
    ),
];

/// Where the inputs go in a rubric.
const INPUTS: &str = "{{inputs}}";

/// Code longer than this (characters) is cut in the prompt, with a note saying so: a
/// runaway answer must not cost a fortune or overflow the judge's context.
pub const MAX_CODE_CHARS: usize = 20_000;

/// The generic rubric of each kind, for figure types other than MathOPEval's five
/// (`{{figure}}` names the type).
const GENERIC: [(Kind, &str); 4] = [
    (
        Kind::Generation,
        include_str!("rubrics/generation-other.txt"),
    ),
    (Kind::Deletion, include_str!("rubrics/deletion-other.txt")),
    (
        Kind::Modification,
        include_str!("rubrics/modification-other.txt"),
    ),
    (
        Kind::Annotation,
        include_str!("rubrics/annotation-other.txt"),
    ),
];

/// The rubric of a kind × figure type: the paper's for its five types, a generic one
/// naming the type for any other.
pub fn rubric(kind: Kind, figure: &FigureType) -> std::borrow::Cow<'static, str> {
    if let Some((_, _, text)) = RUBRICS.iter().find(|(k, f, _)| *k == kind && f == figure) {
        return std::borrow::Cow::Borrowed(text);
    }
    let generic = GENERIC
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, t)| *t)
        .expect("a generic rubric for every kind");
    std::borrow::Cow::Owned(generic.replace("{{figure}}", figure.as_str()))
}

/// The template's name as recorded in a result: `<kind>-<figure>`.
pub fn template_name(kind: Kind, figure: &FigureType) -> String {
    format!("{}-{}", kind.as_str(), figure.as_str())
}

/// `rubric-<first 12 hex of SHA-256 over every template>`: changes whenever any text a
/// prompt is made of changes, the process rubric's ([`crate::process`]) included, so a
/// run resumed with other templates is refused.
pub fn template_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let parts = [SYSTEM, OUTPUT, EVIDENCE]
            .into_iter()
            .chain(RUBRICS.iter().map(|r| r.2))
            .chain(GENERIC.iter().map(|r| r.1))
            .chain(crate::process::texts());
        super::prompt::text_version("rubric", parts)
    })
}

/// What the judge is shown about one submission.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgeInput {
    pub kind: Kind,
    pub figure: FigureType,
    /// What the model was told.
    pub instruction: String,
    /// The original code (edit tasks).
    pub original: Option<String>,
    /// The reference code; `None` for a visual aid with no reference aid.
    pub reference: Option<String>,
    pub generated: String,
    /// The deterministic channels' findings as text (hybrid mode; ignored in rubric mode).
    pub evidence: Option<String>,
}

/// The prompt for one submission in `mode`.
pub fn build(input: &JudgeInput, mode: JudgeMode) -> Prompt {
    let mut inputs = String::from("## Inputs\n\n### The instruction given to the model\n\n");
    inputs.push_str(input.instruction.trim());
    inputs.push_str("\n\n");
    if input.kind.is_edit() {
        let original = input.original.as_deref().unwrap_or("");
        code_block(
            &mut inputs,
            "The original code (the figure before the edit)",
            original,
        );
    }
    if let Some(reference) = &input.reference {
        code_block(
            &mut inputs,
            "The reference code (a correct answer)",
            reference,
        );
    }
    code_block(
        &mut inputs,
        "The generated code (the answer to grade)",
        &input.generated,
    );
    let rubric = rubric(input.kind, &input.figure);
    let mut user = rubric.replacen(INPUTS, inputs.trim_end(), 1);
    if !user.ends_with('\n') {
        user.push('\n');
    }
    if mode == JudgeMode::Hybrid {
        let evidence = input
            .evidence
            .as_deref()
            .unwrap_or("(no measurement is available for this submission)");
        user.push('\n');
        user.push_str(&EVIDENCE.replacen("{{evidence}}", evidence.trim_end(), 1));
    }
    user.push('\n');
    user.push_str(OUTPUT);
    Prompt {
        system: SYSTEM.trim_end().to_string(),
        user,
    }
}

/// `### title` and the code in a fence longer than any run of backticks inside it, so
/// model output cannot close the fence early.
fn code_block(out: &mut String, title: &str, code: &str) {
    let (code, cut) = match code.char_indices().nth(MAX_CODE_CHARS) {
        Some((at, _)) => (&code[..at], true),
        None => (code, false),
    };
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    out.push_str(&format!("### {title}\n\n{fence}python\n"));
    out.push_str(code.trim_end());
    out.push_str(&format!("\n{fence}\n"));
    if cut {
        out.push_str(&format!(
            "(cut after {MAX_CODE_CHARS} characters; the rest is not shown)\n"
        ));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(kind: Kind, figure: FigureType) -> JudgeInput {
        JudgeInput {
            kind,
            figure,
            instruction: "Delete the bar for Q3.".into(),
            original: Some(
                "import matplotlib.pyplot as plt\nplt.bar(['Q1','Q3'], [1, 3])\n".into(),
            ),
            reference: Some("import matplotlib.pyplot as plt\nplt.bar(['Q1'], [1])\n".into()),
            generated: "import matplotlib.pyplot as plt\nplt.bar(['Q1'], [2])\n".into(),
            evidence: Some("bar 'Q1': height 1 → 2".into()),
        }
    }

    #[test]
    fn every_rubric_has_the_papers_structure() {
        for kind in Kind::ALL {
            for figure in FigureType::KNOWN
                .into_iter()
                .chain([FigureType::Other("heatmap".into())])
            {
                let r = rubric(kind, &figure);
                let name = template_name(kind, &figure);
                assert_eq!(r.matches(INPUTS).count(), 1, "{name}: one {{{{inputs}}}}");
                for needle in [
                    "## Step 1",
                    "## Step 2",
                    "Content accuracy",
                    "Positional consistency",
                    "Code correctness",
                    "Completeness",
                    "- 9–10:",
                    "- 7–8:",
                    "- 5–6:",
                    "- 3–4:",
                    "- 1–2:",
                ] {
                    assert!(r.contains(needle), "{name} lacks {needle:?}");
                }
                assert!(
                    r.to_lowercase().contains(figure.as_str()),
                    "{name} does not name its figure type"
                );
            }
        }
    }

    #[test]
    fn the_twenty_rubrics_are_distinct() {
        let mut texts: Vec<&str> = RUBRICS.iter().map(|r| r.2).collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), 20);
    }

    #[test]
    fn an_edit_prompt_shows_original_reference_and_generated_in_order() {
        let p = build(&input(Kind::Deletion, FigureType::Bar), JudgeMode::Rubric);
        let at = |s: &str| p.user.find(s).unwrap_or_else(|| panic!("{s} missing"));
        assert!(at("Delete the bar for Q3.") < at("### The original code"));
        assert!(at("### The original code") < at("### The reference code"));
        assert!(at("### The reference code") < at("### The generated code"));
        assert!(at("### The generated code") < at("## Step 1"));
        assert!(!p.user.contains("{{"), "a placeholder was left");
        assert!(
            !p.user.contains("Evidence measured"),
            "rubric mode has no evidence"
        );
        assert!(p.user.trim_end().ends_with("and nothing after it."));
        assert!(p.system.contains("Score: N"));
    }

    #[test]
    fn generation_prompts_have_no_original_and_hybrid_adds_the_evidence() {
        let p = build(&input(Kind::Generation, FigureType::Pie), JudgeMode::Hybrid);
        assert!(!p.user.contains("### The original code"));
        let ev = p.user.find("## Evidence measured").expect("evidence");
        assert!(p.user.contains("bar 'Q1': height 1 → 2"));
        assert!(ev < p.user.find("## Your answer").unwrap());
        let mut no_evidence = input(Kind::Generation, FigureType::Pie);
        no_evidence.evidence = None;
        let p = build(&no_evidence, JudgeMode::Hybrid);
        assert!(p.user.contains("(no measurement is available"));
    }

    #[test]
    fn fences_outlast_backticks_in_the_code_and_long_code_is_cut() {
        let mut i = input(Kind::Generation, FigureType::Bar);
        i.generated = "s = '````'\n".into();
        let p = build(&i, JudgeMode::Rubric);
        assert!(
            p.user.contains("`````python\ns = '````'\n`````"),
            "{}",
            p.user
        );
        i.generated = "x".repeat(MAX_CODE_CHARS + 10);
        let p = build(&i, JudgeMode::Rubric);
        assert!(p.user.contains("(cut after 20000 characters"));
        assert!(!p.user.contains(&"x".repeat(MAX_CODE_CHARS + 1)));
    }

    #[test]
    fn the_template_version_is_stable_within_a_build() {
        assert_eq!(template_version(), template_version());
        assert!(template_version().starts_with("rubric-"));
        assert_eq!(template_version().len(), "rubric-".len() + 12);
    }
}
