//! What a grading run is told (its [`GradeOptions`]), whom it tells how it goes
//! ([`Progress`]), and how names become file names in its directory ([`slug`]): shared by
//! the pipeline and its phases (judge, process, LLM readers, references), so none of them
//! reaches back into the pipeline.

use std::path::{Path, PathBuf};

use plotgrade_exec::ExecConfig;
use plotgrade_judge::JudgeConfig;
use plotgrade_model::task;
use plotgrade_store::Shard;

use super::result::AnswerReading;

/// What to grade and where to write.
#[derive(Debug, Clone)]
pub struct GradeOptions {
    pub tasks: PathBuf,
    pub submissions: PathBuf,
    pub out: PathBuf,
    pub shard: Option<Shard>,
    /// How the submissions file is read (format, field names, `--strip-think`).
    pub input: task::InputSpec,
    pub exec: ExecConfig,
    /// The reference cache file (shared across runs).
    pub ref_cache: PathBuf,
    /// Which reading of a multiple-choice answer counts (both are recorded).
    pub answer_reading: AnswerReading,
    /// The LLM judge to ask after grading (its `judge` channel), if any.
    pub judge: Option<JudgeConfig>,
}

impl GradeOptions {
    /// A run of `submissions` on the suite `tasks` into `out`, on workers set up as
    /// `exec` says, with the shared reference cache; every other option at its default
    /// (all shards, submissions read by their extension, the soft answer reading, no
    /// judge). Callers set the fields they need.
    pub fn new(tasks: &Path, submissions: &Path, out: &Path, exec: ExecConfig) -> GradeOptions {
        GradeOptions {
            tasks: tasks.to_path_buf(),
            submissions: submissions.to_path_buf(),
            out: out.to_path_buf(),
            shard: None,
            input: task::InputSpec::default(),
            exec,
            ref_cache: plotgrade_exec::config::cache_dir().join(plotgrade_store::REF_CACHE_FILE),
            answer_reading: AnswerReading::default(),
            judge: None,
        }
    }
}

/// Callbacks for a person watching (the CLI draws a progress bar with them).
pub trait Progress {
    fn phase(&mut self, _what: &str, _total: u64) {}
    fn advance(&mut self, _n: u64) {}
    fn warn(&mut self, _msg: &str) {}
}

/// A progress that shows nothing (tests, library use).
pub struct Quiet;
impl Progress for Quiet {}

/// A model name or task id as one file-name component of the run directory, one to one:
/// two names never share a file (issue #24: `org/model` and `org_model` both became
/// `org_model`, and the report showed one model's figure beside the other's verdict).
///
/// - ASCII letters, digits, `-` and `.` stay, and `/` becomes `_`, as it always did: a name
///   of that alphabet (`labelled/reference` → `labelled_reference`) keeps the file names
///   of runs before issue #24.
/// - Every other byte, `_` and `~` included, is written `~XX` (its hex), and so is a
///   leading `.` (never `.`, `..` or hidden): `org_model` → `org~5Fmodel`, `gpt 4o` →
///   `gpt~204o`; the empty name is `~`. A `~` always starts an escape, so the name reads
///   back from its spelling and no two names share one.
/// - A spelling over [`NAME_BYTES`] (a component may have 255 bytes, and the figure's
///   role follows the id) keeps its first 64 bytes, whole escapes only, then `~~` and 32
///   hex digits of the SHA-256 of the name. `~~` is in no shorter spelling, and 128 bits
///   are too many to find two names that share one.
pub fn slug(s: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(s.len());
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'.' if i == 0 => out.push_str("~2E"),
            b'/' => out.push('_'),
            b if b.is_ascii_alphanumeric() || b == b'-' || b == b'.' => out.push(b as char),
            b => {
                let _ = write!(out, "~{b:02X}");
            }
        }
    }
    if s.is_empty() {
        out.push('~');
    }
    if out.len() <= NAME_BYTES {
        return out;
    }
    use sha2::Digest;
    let mut keep = 64;
    // Not inside an escape: `~` is at most two bytes back.
    if let Some(at) = out[keep - 2..keep].find('~') {
        keep = keep - 2 + at;
    }
    let hash = sha2::Sha256::digest(s.as_bytes());
    out.truncate(keep);
    out.push_str("~~");
    for b in &hash[..16] {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The longest spelling [`slug`] writes out in full.
const NAME_BYTES: usize = 96;

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_stay_one_visible_path_component() {
        assert_eq!(slug("gpt-4o/mini v2"), "gpt-4o_mini~20v2");
        assert_eq!(slug("bar-01.v1"), "bar-01.v1");
        assert_eq!(slug("labelled/reference"), "labelled_reference");
        assert_eq!(slug(".."), "~2E.");
        assert_eq!(slug("."), "~2E");
        assert_eq!(slug(".hidden"), "~2Ehidden");
        assert_eq!(slug(""), "~");
        assert_eq!(slug("a/../b"), "a_.._b");
    }

    /// The inverse of a spelling that was written out in full.
    fn unslug(s: &str) -> Vec<u8> {
        if s == "~" {
            return vec![];
        }
        let mut out = Vec::new();
        let mut bytes = s.bytes();
        while let Some(b) = bytes.next() {
            match b {
                b'_' => out.push(b'/'),
                b'~' => {
                    let hex: String = bytes.by_ref().take(2).map(char::from).collect();
                    out.push(u8::from_str_radix(&hex, 16).unwrap());
                }
                b => out.push(b),
            }
        }
        out
    }

    /// Issue #24: `a/b` and `a_b` shared figure files; now no two names share a spelling.
    #[test]
    fn slugs_are_one_to_one() {
        let long = "m".repeat(300);
        let names = [
            "a/b",
            "a_b",
            "a~5Fb",
            "a~b",
            "a b",
            "a\\b",
            "a:b",
            "a/b/",
            "a__b",
            "ä/b",
            "",
            "~",
            "_",
            ".",
            "~2E",
            "org/model",
            "org_model",
            &long,
            &format!("{long}x"),
            &format!("{long}/"),
            &format!("{long}_"),
        ];
        let mut seen = std::collections::HashMap::new();
        for n in names {
            let s = slug(n);
            assert!(s.len() <= 98, "{s}");
            assert!(
                s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b)),
                "{s}"
            );
            assert!(!s.starts_with('.'), "{s}");
            if let Some(other) = seen.insert(s.clone(), n) {
                panic!("{n:?} and {other:?} are both {s}");
            }
            if s.len() <= super::NAME_BYTES {
                assert_eq!(unslug(&s), n.as_bytes(), "{s}");
            } else {
                assert!(s.contains("~~"), "{s}");
            }
        }
        // Cut at a whole escape, never inside one.
        let escapes = "~".repeat(40);
        let s = slug(&escapes);
        assert!(s.starts_with(&"~7E".repeat(21)), "{s}");
        assert_eq!(&s[63..65], "~~", "{s}");
    }
}
