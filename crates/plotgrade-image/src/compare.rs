//! [`compare`]: RMS, both SSIMs and the sizes of two renders in one serialisable value.

// What a comparison is, as data, is the model's: a graded record holds it.
pub use plotgrade_model::pixels::ImageComparison;

use super::error::Result;
use super::raster::Input;
use super::rms::rms_of;
use super::ssim::{grey_of, hybrid_of};

/// Compares two renders: RMS, grey and hybrid SSIM, and their sizes.
///
/// Different sizes are not an error: both are compared on the common canvas and
/// `size_mismatch` says so. Only unreadable inputs are errors.
pub fn compare<'a, 'b>(
    a: impl Into<Input<'a>>,
    b: impl Into<Input<'b>>,
) -> Result<ImageComparison> {
    let (a, b) = (a.into().load()?, b.into().load()?);
    let rms = rms_of(&a, &b);
    let (size_a, size_b) = (a.size(), b.size());
    Ok(ImageComparison {
        rms: rms.value,
        rms_channels: rms.channels,
        ssim_grey: grey_of(&a, &b),
        ssim_hybrid: hybrid_of(&a, &b),
        size_a,
        size_b,
        canvas: size_a.union(size_b),
        size_mismatch: size_a != size_b,
    })
}
