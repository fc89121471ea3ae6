//! Diff heatmaps for the report: where two renders differ, and by how much.
//!
//! The picture is the reference render in faded grey (luma pulled two thirds of the way
//! to white, so it reads as context), with every pixel that differs at all painted on a
//! yellow → orange → red → dark-red ramp by its largest channel difference (1 → 255).
//! Anti-aliasing noise thus shows as pale yellow and real changes as red. Both renders
//! are compared on the common canvas (page view, alpha over white).
//!
//! The bytes are deterministic: the same inputs and crate versions give the same PNG
//! (fixed compression and filter, no text chunks, no timestamps).

use std::path::Path;

use ::image::codecs::png::{CompressionType, FilterType, PngEncoder};
use ::image::{ExtendedColorType, ImageEncoder, Rgb, RgbImage};
use serde::{Deserialize, Serialize};

use super::canvas::pad;
use super::edit::{CHANGE_THRESHOLD, max_channel_difference};
use super::error::{Error, Result};
use super::raster::{Input, Size, luma};

/// What a heatmap shows, as numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Heatmap {
    /// Size of the picture (the common canvas).
    pub canvas: Size,
    /// Pixels that differ at all (painted on the ramp).
    pub differing_pixels: u64,
    /// Pixels whose difference exceeds [`CHANGE_THRESHOLD`] (counted as changed by
    /// [`super::edit_region`]).
    pub changed_pixels: u64,
    /// The largest channel difference anywhere, 0–255.
    pub max_difference: u8,
}

/// Ramp stops (difference, colour), after ColorBrewer's YlOrRd.
const RAMP: [(u8, [u8; 3]); 4] = [
    (1, [255, 237, 160]),
    (64, [254, 178, 76]),
    (128, [240, 59, 32]),
    (255, [128, 0, 38]),
];

/// Writes the heatmap of `reference` vs `generated` to `out` as PNG.
pub fn heatmap<'a, 'b>(
    reference: impl Into<Input<'a>>,
    generated: impl Into<Input<'b>>,
    out: &Path,
) -> Result<Heatmap> {
    let (png, summary) = render(reference.into(), generated.into())?;
    std::fs::write(out, png).map_err(|source| Error::Write {
        path: out.to_path_buf(),
        source,
    })?;
    Ok(summary)
}

/// The heatmap of `reference` vs `generated` as PNG bytes (e.g. to embed in HTML).
pub fn heatmap_png<'a, 'b>(
    reference: impl Into<Input<'a>>,
    generated: impl Into<Input<'b>>,
) -> Result<(Vec<u8>, Heatmap)> {
    render(reference.into(), generated.into())
}

fn render(reference: Input<'_>, generated: Input<'_>) -> Result<(Vec<u8>, Heatmap)> {
    let (reference, generated) = (reference.load()?, generated.load()?);
    let canvas = reference.size().union(generated.size());
    let white = Rgb([u8::MAX; 3]);
    let r = pad(reference.page(), canvas, white);
    let g = pad(generated.page(), canvas, white);

    let mut picture = RgbImage::new(canvas.width, canvas.height);
    let mut summary = Heatmap {
        canvas,
        differing_pixels: 0,
        changed_pixels: 0,
        max_difference: 0,
    };
    let pixels = r.as_raw().chunks_exact(3).zip(g.as_raw().chunks_exact(3));
    for (out, (p, q)) in picture.as_mut().chunks_exact_mut(3).zip(pixels) {
        let d = max_channel_difference(p, q);
        if d == 0 {
            let faded = 255 - (255 - luma([p[0], p[1], p[2]])) / 3;
            out.copy_from_slice(&[faded; 3]);
            continue;
        }
        summary.differing_pixels += 1;
        summary.changed_pixels += u64::from(d > CHANGE_THRESHOLD);
        summary.max_difference = summary.max_difference.max(d);
        out.copy_from_slice(&ramp(d));
    }

    let mut png = Vec::new();
    PngEncoder::new_with_quality(&mut png, CompressionType::Default, FilterType::Adaptive)
        .write_image(
            picture.as_raw(),
            canvas.width,
            canvas.height,
            ExtendedColorType::Rgb8,
        )
        .map_err(|source| Error::Encode { source })?;
    Ok((png, summary))
}

/// Colour for a difference of `d` (1–255), linear between the ramp stops.
fn ramp(d: u8) -> [u8; 3] {
    let upper = RAMP
        .iter()
        .position(|&(at, _)| d <= at)
        .unwrap_or(RAMP.len() - 1);
    if upper == 0 {
        return RAMP[0].1;
    }
    let ((d0, c0), (d1, c1)) = (RAMP[upper - 1], RAMP[upper]);
    let (t, span) = (i32::from(d - d0), i32::from(d1 - d0));
    std::array::from_fn(|i| {
        let (a, b) = (i32::from(c0[i]), i32::from(c1[i]));
        (a + (b - a) * t / span) as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramp_hits_its_stops_and_stays_between_them() {
        for (d, c) in RAMP {
            assert_eq!(ramp(d), c, "stop {d}");
        }
        let mid = ramp(96);
        assert!(mid[1] < 178 && mid[1] > 59, "{mid:?}");
    }
}
