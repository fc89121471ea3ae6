//! The code channel's errors. Few things can fail here: the channel reads any text, and a
//! broken script is a diagnostic in [`super::Elements`], not an error. What remains is
//! the parser itself refusing to work, and inputs past the channel's size limit.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum CodeError {
    /// The linked tree-sitter runtime cannot load the Python grammar.
    #[error(
        "tree-sitter cannot load the Python grammar ({0}); the tree-sitter and \
         tree-sitter-python crate versions must agree on the ABI"
    )]
    Grammar(String),
    /// tree-sitter returned no tree (it only does so when cancelled or without a language).
    #[error("the Python parser returned no tree for {bytes} bytes starting {head:?}")]
    NoTree { bytes: usize, head: String },
    /// The source is larger than a plotting script could reasonably be.
    #[error(
        "source of {bytes} bytes starting {head:?} is over the code channel's limit of \
         {limit} bytes; pass only the extracted code block, not a whole transcript"
    )]
    TooLarge {
        bytes: usize,
        limit: usize,
        head: String,
    },
}
