//! What is sent: the two messages of a chat-completions request, for every rubric.

/// The two messages of a chat-completions request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    pub system: String,
    pub user: String,
}

impl Prompt {
    /// Both messages as one text, as written by `--judge-dry-run`.
    pub fn to_text(&self) -> String {
        format!(
            "=== system ===\n{}\n=== user ===\n{}",
            self.system.trim_end(),
            self.user
        )
    }
}

/// `<prefix>-<first 12 hex of SHA-256 over the parts, each length-prefixed>`: the
/// version of a set of template texts, which changes whenever any of them does.
pub(crate) fn text_version<'a>(prefix: &str, parts: impl IntoIterator<Item = &'a str>) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    let hex: String = h.finalize()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{prefix}-{hex}")
}
