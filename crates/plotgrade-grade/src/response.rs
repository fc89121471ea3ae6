//! Taking the code (or the answer letter) out of a model's raw response.
//!
//! Code: *strict* takes the last fenced block labelled python (```python, ```py,
//! ```python3); *soft* salvages code when there is none: the last unlabelled fence that
//! looks like Python, else the longest run of lines that look like code. The mode used is
//! recorded with the result so a report can tell "wrote bad code" from "wrote no fence".
//!
//! The answer letter of a multiple-choice response is read in `answer.rs`.

use super::result::ExtractionMode;

/// Code found in a response, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractedCode {
    pub code: String,
    pub mode: ExtractionMode,
}

/// A fenced block: its info string (language) and body.
struct Fence {
    lang: String,
    body: String,
}

/// Most of a response read for its code. A response is the submission's own text, read
/// in the grader's process: a plotting answer is a few kilobytes, and the Markdown parser
/// holds about 60 times the text it reads (a 50 MB response of brackets took 3 GB).
pub const MAX_RESPONSE_BYTES: usize = 4 << 20;

/// Levels of fences around fences read (each level is parsed again): an answer given as
/// markdown inside a markdown fence is two.
const MAX_FENCE_NESTING: usize = 4;

/// The code blocks of a response, read by a CommonMark parser (pulldown-cmark): fences of
/// three or more backticks or tildes, closed by a fence at least as long (so a ````
/// block may hold ``` lines), indented inside list items, unclosed at the end of a
/// truncated response. A block labelled markdown (or unlabelled) that itself holds
/// fences is a fence around fences ("here is the answer as markdown: ````md …"): its
/// inner blocks are read too, after it, down to [`MAX_FENCE_NESTING`] levels (`depth`
/// is this text's level).
fn fences(text: &str, depth: usize) -> Vec<Fence> {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
    let mut out = Vec::new();
    let mut current: Option<Fence> = None;
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => info.trim().to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                current = Some(Fence {
                    lang,
                    body: String::new(),
                });
            }
            Event::Text(t) => {
                if let Some(f) = current.as_mut() {
                    f.body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(f) = current.take() {
                    let inner = if depth + 1 < MAX_FENCE_NESTING
                        && is_markdown_lang(&f.lang)
                        && has_fence(&f.body)
                    {
                        fences(&f.body, depth + 1)
                    } else {
                        Vec::new()
                    };
                    out.push(f);
                    out.extend(inner);
                }
            }
            _ => {}
        }
    }
    out
}

fn is_markdown_lang(lang: &str) -> bool {
    let first = lang.split_whitespace().next().unwrap_or("");
    matches!(
        first.to_ascii_lowercase().as_str(),
        "" | "markdown" | "md" | "text"
    )
}

fn has_fence(body: &str) -> bool {
    body.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("```") || t.starts_with("~~~")
    })
}

fn is_python_lang(lang: &str) -> bool {
    let first = lang
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        first.as_str(),
        "python" | "py" | "python3" | "py3" | "{python}" | "{.python}"
    )
}

/// Signals that a piece of text is plotting Python.
fn looks_like_python(code: &str) -> bool {
    code.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("import ")
            || t.starts_with("from ")
            || t.contains("plt.")
            || t.contains("ax.")
    })
}

/// Extract the code of a response (strict, then soft). `None` when there is no code.
/// Only the first [`MAX_RESPONSE_BYTES`] are read (up to the last line break before
/// them), as if the answer had been cut there.
pub fn extract_code(response: &str) -> Option<ExtractedCode> {
    let response = head_of(response, MAX_RESPONSE_BYTES);
    let all = fences(response, 0);
    if let Some(f) = all
        .iter()
        .rev()
        .find(|f| is_python_lang(&f.lang) && !f.body.trim().is_empty())
    {
        return Some(ExtractedCode {
            code: f.body.clone(),
            mode: ExtractionMode::Strict,
        });
    }
    if let Some(f) = all.iter().rev().find(|f| {
        (f.lang.is_empty() || !is_other_language(&f.lang))
            && !has_fence(&f.body)
            && looks_like_python(&f.body)
    }) {
        return Some(ExtractedCode {
            code: f.body.clone(),
            mode: ExtractionMode::Soft,
        });
    }
    if all.is_empty() {
        return salvage(response).map(|code| ExtractedCode {
            code,
            mode: ExtractionMode::Soft,
        });
    }
    None
}

/// The first `limit` bytes of `text`, cut after its last line break within them (or at a
/// character boundary when there is none).
fn head_of(text: &str, limit: usize) -> &str {
    if text.len() <= limit {
        return text;
    }
    let cut = super::answer::first_bytes(text, limit);
    match cut.rfind('\n') {
        Some(i) => &text[..=i],
        None => cut,
    }
}

fn is_other_language(lang: &str) -> bool {
    let first = lang
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        first.as_str(),
        "bash"
            | "sh"
            | "shell"
            | "console"
            | "text"
            | "json"
            | "javascript"
            | "js"
            | "r"
            | "c"
            | "cpp"
            | "rust"
            | "yaml"
    )
}

/// Whether a line of prose is plainly not Python (a sentence, a list item, a heading).
fn is_prose(line: &str) -> bool {
    let t = line.trim();
    if t.is_empty() || line.starts_with(' ') || line.starts_with('\t') || t.starts_with('#') {
        return false;
    }
    if t.starts_with("- ") || t.starts_with("* ") || t.starts_with("**") {
        return true;
    }
    let words = t.split_whitespace().count();
    let codeish = t.contains('(') || t.contains('=') || t.contains('[') || t.ends_with(':');
    let starts_keyword = [
        "import ", "from ", "for ", "if ", "else", "elif ", "while ", "def ", "class ", "return",
        "with ", "try", "except", "plt.", "ax.", "fig", "print(",
    ]
    .iter()
    .any(|k| t.starts_with(k));
    !starts_keyword && !codeish && words >= 3
}

/// The longest run of code-looking lines of a response without fences, if it has an import.
fn salvage(response: &str) -> Option<String> {
    let lines: Vec<&str> = response.lines().collect();
    let mut best: Option<(usize, usize)> = None;
    let mut start = None;
    for (i, line) in lines
        .iter()
        .enumerate()
        .chain(std::iter::once((lines.len(), &"")))
    {
        let ends = i == lines.len() || is_prose(line);
        match (start, ends) {
            (None, false) if !line.trim().is_empty() => start = Some(i),
            (Some(s), true) => {
                let code = lines[s..i].join("\n");
                if looks_like_python(&code) && best.is_none_or(|(a, b)| i - s > b - a) {
                    best = Some((s, i));
                }
                start = None;
            }
            _ => {}
        }
    }
    best.map(|(a, b)| lines[a..b].join("\n").trim_end().to_string() + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_takes_the_last_python_fence() {
        let r = "First try:\n```python\nprint(1)\n```\nBetter:\n```python\nimport matplotlib.pyplot as plt\nplt.plot([1])\n```\nDone.";
        let e = extract_code(r).unwrap();
        assert_eq!(e.mode, ExtractionMode::Strict);
        assert_eq!(e.code, "import matplotlib.pyplot as plt\nplt.plot([1])\n");
    }

    #[test]
    fn indented_and_unclosed_fences() {
        let r = "1. Code:\n   ```py\n   import numpy as np\n   x = 1\n   ```\n";
        assert_eq!(extract_code(r).unwrap().code, "import numpy as np\nx = 1\n");
        let truncated = "```python\nimport matplotlib.pyplot as plt\nplt.plot([1])";
        assert_eq!(
            extract_code(truncated).unwrap().mode,
            ExtractionMode::Strict
        );
    }

    #[test]
    fn soft_from_unlabelled_fence_but_not_from_bash() {
        let r = "```bash\npip install matplotlib\n```\n```\nimport matplotlib.pyplot as plt\nplt.bar([1], [2])\n```";
        let e = extract_code(r).unwrap();
        assert_eq!(
            (e.mode, e.code.as_str()),
            (
                ExtractionMode::Soft,
                "import matplotlib.pyplot as plt\nplt.bar([1], [2])\n"
            )
        );
        assert!(extract_code("```bash\npip install x\n```").is_none());
    }

    #[test]
    fn soft_salvages_code_from_prose() {
        let r = "Here is the code you asked for.\nimport matplotlib.pyplot as plt\nx = [1, 2]\nfor v in x:\n    plt.plot([v])\nplt.show()\nThis draws two lines as requested.";
        let e = extract_code(r).unwrap();
        assert_eq!(e.mode, ExtractionMode::Soft);
        assert_eq!(
            e.code,
            "import matplotlib.pyplot as plt\nx = [1, 2]\nfor v in x:\n    plt.plot([v])\nplt.show()\n"
        );
    }

    #[test]
    fn long_fences_and_fences_inside_fences() {
        // A four-backtick fence holds a three-backtick line: one block, read whole.
        let r =
            "````python\nimport matplotlib.pyplot as plt\ns = '''\n```\n'''\nplt.plot([1])\n````\n";
        assert_eq!(
            extract_code(r).unwrap().code,
            "import matplotlib.pyplot as plt\ns = '''\n```\n'''\nplt.plot([1])\n"
        );
        // An answer given as markdown inside a markdown fence: the python block inside.
        let r = "Answer:\n````markdown\nHere you go:\n```python\nimport matplotlib.pyplot as plt\nplt.bar([1], [2])\n```\n````\n";
        let e = extract_code(r).unwrap();
        assert_eq!(
            (e.mode, e.code.as_str()),
            (
                ExtractionMode::Strict,
                "import matplotlib.pyplot as plt\nplt.bar([1], [2])\n"
            )
        );
        // Tildes, and a closing fence shorter than the opening one does not close it.
        let r = "~~~~py\nimport numpy as np\n~~~\nx = 1\n~~~~\n";
        assert_eq!(
            extract_code(r).unwrap().code,
            "import numpy as np\n~~~\nx = 1\n"
        );
    }

    #[test]
    fn no_code_at_all() {
        assert!(extract_code("I cannot draw this figure, sorry.").is_none());
        assert!(extract_code("").is_none());
    }

    /// Peak resident memory of this process, in MiB (`VmHWM`).
    fn peak_mib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
            .unwrap_or(0)
            >> 10
    }

    #[test]
    fn a_fifty_megabyte_response_of_a_million_fences_is_read_up_to_the_cap() {
        // A response is the submission's own text, read in the grader's process.
        let fence = "```python\nimport matplotlib.pyplot as plt\nplt.plot([1])\n```\n";
        let r = fence.repeat(50_000_000 / fence.len());
        let e = extract_code(&r).unwrap();
        assert_eq!(e.mode, ExtractionMode::Strict);
        assert_eq!(e.code, "import matplotlib.pyplot as plt\nplt.plot([1])\n");
    }

    #[test]
    fn fences_nested_thousands_deep_are_read_a_few_levels_deep() {
        // Markdown fences inside markdown fences, each read again: 2,000 levels were
        // 2,000 nested parses of most of the text (and as deep a recursion).
        let depth = 2_000;
        let mut r = String::new();
        for level in (0..depth).rev() {
            r.push_str(&"`".repeat(level + 3));
            r.push_str("md\n");
        }
        r.push_str("```python\nimport matplotlib.pyplot as plt\n```\n");
        for level in 0..depth {
            r.push_str(&"`".repeat(level + 3));
            r.push('\n');
        }
        let _ = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || extract_code(&r))
            .unwrap()
            .join()
            .expect("no stack overflow");
        // Two levels, as an answer given as markdown inside markdown has, still work.
        let r = "````md\n```md\n```python\nx = 1\n```\n```\n````\n";
        assert!(fences(r, 0).iter().any(|f| f.body == "x = 1\n"));
    }

    #[test]
    fn indented_blocks_nested_a_million_spaces_deep_are_read_a_few_levels_deep() {
        // An indented code block holding a fence line is read again (a fence around
        // fences); a line of a million spaces before a fence was 250,000 such levels.
        let r = format!("{}```\n", " ".repeat(1_000_000));
        let _ = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || extract_code(&r))
            .unwrap()
            .join()
            .expect("no stack overflow");
    }

    #[test]
    fn a_response_past_the_cap_is_read_up_to_it() {
        let code = "```python\nimport matplotlib.pyplot as plt\n```\n";
        let filler = "word ".repeat(MAX_RESPONSE_BYTES / 5 + 10);
        // The code before the cap is found; what comes after it is not read.
        let r = format!("{code}{filler}```python\nlate = 1\n```\n");
        let e = extract_code(&r).unwrap();
        assert_eq!(e.code, "import matplotlib.pyplot as plt\n");
    }

    #[test]
    fn markdown_that_builds_large_trees_stays_within_memory() {
        // Measured in a process of its own (this test binary, running this test alone):
        // the peak of a test process is shared with every test running beside it.
        const NAME: &str = "response::tests::markdown_that_builds_large_trees_stays_within_memory";
        if std::env::var_os("PLOTGRADE_MEMORY_PROBE").is_some() {
            let before = peak_mib();
            for unit in ["[", "*a ", ">", "<a ", "`a"] {
                let r = unit.repeat(50_000_000 / unit.len());
                let _ = extract_code(&r);
            }
            println!("grew {} MiB", peak_mib().saturating_sub(before));
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", NAME, "--nocapture", "--test-threads=1"])
            .env("PLOTGRADE_MEMORY_PROBE", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let grown: u64 = stdout
            .split("grew ")
            .nth(1)
            .and_then(|t| t.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("no measure: {stdout}"));
        assert!(grown < 1024, "grew {grown} MiB");
    }
}
