//! Structural similarity, through image-compare 0.5, reported on 0–1.
//!
//! - **Grey**: image-compare's `MSSIMSimple` (SSIM with K1 = 0.01, K2 = 0.03 on 8×8
//!   non-overlapping windows, averaged by window area) on the luma of the page view.
//!   SSIM can go below 0 for anti-correlated windows; the mean is clamped to 0–1.
//! - **Hybrid**: `rgb_hybrid_compare`, which runs the same SSIM on Y and a per-pixel
//!   RMS on U and V (ITU-T T.871), takes per pixel the minimum of structure and colour
//!   similarity, and averages. A recoloured bar keeps a high grey SSIM but loses hybrid.
//!
//! Both look at the page view (alpha composited over white). `rgba_hybrid_compare`
//! was considered for transparent renders and not used: it scores alpha as a channel
//! of its own and divides by mean alpha, so a `transparent=True` figure would score
//! differently from an identical-looking opaque one.
//!
//! Pixel-identical pages short-circuit to 1.0, the value SSIM gives them anyway
//! (every window's numerator and denominator are then the same float expression).

use ::image::{Luma, Rgb};
use image_compare::Algorithm;

use super::canvas::pad;
use super::error::Result;
use super::raster::{Input, Raster};

/// Mean SSIM on luma, 0–1 (1 = identical).
pub fn ssim_grey<'a, 'b>(a: impl Into<Input<'a>>, b: impl Into<Input<'b>>) -> Result<f64> {
    let (a, b) = (a.into().load()?, b.into().load()?);
    Ok(grey_of(&a, &b))
}

/// image-compare's colour-aware hybrid similarity, 0–1 (1 = identical).
pub fn ssim_hybrid<'a, 'b>(a: impl Into<Input<'a>>, b: impl Into<Input<'b>>) -> Result<f64> {
    let (a, b) = (a.into().load()?, b.into().load()?);
    Ok(hybrid_of(&a, &b))
}

pub(crate) fn grey_of(a: &Raster, b: &Raster) -> f64 {
    if a.page() == b.page() {
        return 1.0;
    }
    let canvas = a.size().union(b.size());
    let white = Luma([u8::MAX]);
    let (x, y) = (pad(a.grey(), canvas, white), pad(b.grey(), canvas, white));
    image_compare::gray_similarity_structure(&Algorithm::MSSIMSimple, &x, &y)
        .expect("both padded to one canvas")
        .score
        .clamp(0.0, 1.0)
}

pub(crate) fn hybrid_of(a: &Raster, b: &Raster) -> f64 {
    if a.page() == b.page() {
        return 1.0;
    }
    let canvas = a.size().union(b.size());
    let white = Rgb([u8::MAX; 3]);
    let (x, y) = (pad(a.page(), canvas, white), pad(b.page(), canvas, white));
    image_compare::rgb_hybrid_compare(&x, &y)
        .expect("both padded to one canvas")
        .score
        .clamp(0.0, 1.0)
}
