//! The reader's errors. Few things can fail here: the reader reads any text, and a broken
//! script is counted in [`super::Parsed`], not an error. What remains is the parser itself
//! refusing to work.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum ParseError {
    /// The linked tree-sitter runtime cannot load the Python grammar.
    #[error(
        "tree-sitter cannot load the Python grammar ({0}); the tree-sitter and \
         tree-sitter-python crate versions must agree on the ABI"
    )]
    Grammar(String),
    /// tree-sitter returned no tree (it only does so when cancelled or without a language).
    #[error("the Python parser returned no tree for {bytes} bytes starting {head:?}")]
    NoTree { bytes: usize, head: String },
}
