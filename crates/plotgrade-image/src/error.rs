//! Errors of the image channel. Each names the file (or byte source) it is about.
//!
//! Causes (I/O, PNG decoding) are chained as `source()` rather than repeated in the
//! message, so `{err:#}` at the CLI prints each link once.

use std::path::PathBuf;

use super::MAX_PIXELS;

/// What can go wrong reading, comparing or writing figure renders.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read at all.
    #[error("cannot read image {}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The bytes do not start with the PNG signature.
    #[error(
        "not a PNG: {name} (the image channel reads PNG renders only; save the figure with \
         savefig(..., format=\"png\"))"
    )]
    NotPng { name: String },
    /// The bytes start like a PNG but do not decode.
    #[error("cannot decode PNG {name}")]
    Decode {
        name: String,
        #[source]
        source: ::image::ImageError,
    },
    /// The PNG is larger than the channel is willing to hold in memory.
    #[error(
        "PNG {name} is {width}x{height} pixels, over the limit of {MAX_PIXELS} pixels; \
         render it at a lower dpi or figsize"
    )]
    TooLarge {
        name: String,
        width: u32,
        height: u32,
    },
    /// A heatmap could not be encoded.
    #[error("cannot encode the diff heatmap as PNG")]
    Encode {
        #[source]
        source: ::image::ImageError,
    },
    /// A heatmap could not be written.
    #[error("cannot write diff heatmap {}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Result of the image channel's fallible functions.
pub type Result<T, E = Error> = std::result::Result<T, E>;
