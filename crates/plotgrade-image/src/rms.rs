//! RMS on the 0–255 scale, as `matplotlib.testing.compare.compare_images` computes it.
//!
//! matplotlib loads each PNG with Pillow, keeps the alpha channel only for an RGBA file
//! whose smallest alpha is below 255 (anything else becomes RGB; alpha is never
//! composited), casts to int16 and returns `sqrt(mean((expected - actual) ** 2))` over
//! every channel value as float64. The squared differences are integers, so their sum is
//! exact in u64; numpy's float64 sum of them is exact too (far below 2^53), and both
//! sides then do one float division and one square root: the results are bit-identical.
//!
//! Where matplotlib raises, this module still answers (and documents how):
//! - different sizes: compared on the common canvas (see `canvas`), padding white;
//! - one file with alpha kept and one without: the other gets opaque alpha and the RMS
//!   runs over four channels.

use std::borrow::Cow;

use ::image::{Rgb, RgbImage, Rgba, RgbaImage};

use super::canvas::pad;
use super::error::Result;
use super::raster::{Input, MatplotlibPixels, Raster, opaque_rgba};

/// RMS between two renders on the 0–255 scale; 0 means pixel-identical.
///
/// Agrees with `matplotlib.testing.compare.calculate_rms` (as called by
/// `compare_images`) wherever matplotlib accepts the pair: same size, and both or
/// neither keeping alpha.
pub fn rms<'a, 'b>(a: impl Into<Input<'a>>, b: impl Into<Input<'b>>) -> Result<f64> {
    let (a, b) = (a.into().load()?, b.into().load()?);
    Ok(rms_of(&a, &b).value)
}

/// An RMS value and how many channels per pixel it was taken over (3 or 4).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rms {
    pub value: f64,
    pub channels: u8,
}

pub(crate) fn rms_of(a: &Raster, b: &Raster) -> Rms {
    let canvas = a.size().union(b.size());
    if let (Some(x), Some(y)) = (rgb(a), rgb(b)) {
        let white = Rgb([u8::MAX; 3]);
        let (x, y) = (pad(x, canvas, white), pad(y, canvas, white));
        return Rms {
            value: root_mean_square(x.as_raw(), y.as_raw()),
            channels: 3,
        };
    }
    let (x, y) = (rgba(a), rgba(b));
    let white = Rgba([u8::MAX; 4]);
    let (x, y) = (pad(&x, canvas, white), pad(&y, canvas, white));
    Rms {
        value: root_mean_square(x.as_raw(), y.as_raw()),
        channels: 4,
    }
}

/// matplotlib's three-channel view, unless it keeps alpha.
fn rgb(r: &Raster) -> Option<&RgbImage> {
    match r.matplotlib() {
        MatplotlibPixels::Page => Some(r.page()),
        MatplotlibPixels::Rgb(rgb) => Some(rgb),
        MatplotlibPixels::Rgba(_) => None,
    }
}

/// matplotlib's view with four channels, alpha 255 where the file has none.
fn rgba(r: &Raster) -> Cow<'_, RgbaImage> {
    match r.matplotlib() {
        MatplotlibPixels::Rgba(rgba) => Cow::Borrowed(rgba),
        MatplotlibPixels::Page => Cow::Owned(opaque_rgba(r.page())),
        MatplotlibPixels::Rgb(rgb) => Cow::Owned(opaque_rgba(rgb)),
    }
}

/// `sqrt(mean((a - b)²))` over equal-length channel values.
fn root_mean_square(a: &[u8], b: &[u8]) -> f64 {
    debug_assert_eq!(a.len(), b.len());
    if a.is_empty() {
        return 0.0;
    }
    let sum: u64 = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| {
            let d = u32::from(x.abs_diff(y));
            u64::from(d * d)
        })
        .sum();
    (sum as f64 / a.len() as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_mean_square_on_the_0_255_scale() {
        assert_eq!(root_mean_square(&[0, 0, 0], &[0, 0, 0]), 0.0);
        assert_eq!(root_mean_square(&[0, 0], &[255, 255]), 255.0);
        // sqrt((9 + 16) / 2)
        assert_eq!(root_mean_square(&[0, 10], &[3, 6]), (12.5f64).sqrt());
    }
}
