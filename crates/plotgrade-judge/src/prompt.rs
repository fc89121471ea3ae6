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
