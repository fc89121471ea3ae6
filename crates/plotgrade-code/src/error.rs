//! The code channel's errors. Few things can fail here: the channel reads any text, and a
//! broken script is a diagnostic in [`super::Elements`], not an error. What remains is
//! the parser itself refusing to work, and inputs past the channel's size limit.

use plotgrade_pyreader::ParseError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum CodeError {
    /// The parser cannot work at all (see [`ParseError`]).
    #[error(transparent)]
    Parse(#[from] ParseError),
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
