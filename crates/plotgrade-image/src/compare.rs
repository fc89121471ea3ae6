//! [`compare`]: RMS, both SSIMs and the sizes of two renders in one serialisable value;
//! [`compare_luma`] the same without the colour hybrid, for the grader, whose verdict
//! reads grey SSIM only.

// What a comparison is, as data, is the model's: a graded record holds it.
pub use plotgrade_model::pixels::ImageComparison;

use super::error::Result;
use super::raster::{Input, Raster};
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
    Ok(ImageComparison {
        ssim_hybrid: Some(hybrid_of(&a, &b)),
        ..luma_of(&a, &b)
    })
}

/// [`compare`] without the colour hybrid: RMS, grey SSIM and the sizes. The grader uses
/// this: no verdict reads the hybrid, and it costs four times what grey SSIM does
/// (docs/image-channel.md, "Cost").
pub fn compare_luma<'a, 'b>(
    a: impl Into<Input<'a>>,
    b: impl Into<Input<'b>>,
) -> Result<ImageComparison> {
    let (a, b) = (a.into().load()?, b.into().load()?);
    Ok(luma_of(&a, &b))
}

fn luma_of(a: &Raster, b: &Raster) -> ImageComparison {
    let rms = rms_of(a, b);
    let (size_a, size_b) = (a.size(), b.size());
    ImageComparison {
        rms: rms.value,
        rms_channels: rms.channels,
        ssim_grey: grey_of(a, b),
        ssim_hybrid: None,
        size_a,
        size_b,
        canvas: size_a.union(size_b),
        size_mismatch: size_a != size_b,
    }
}
