//! Edit regions: where an edit changed the figure, and whether two edits changed the same
//! place.
//!
//! For an edit task the channel never scores generated against reference directly (a
//! model that returns the original unchanged would look "close"). It builds two masks on
//! the common canvas of all three renders:
//!
//! - edit_gen: pixels changed from the original to the generated render,
//! - edit_ref: pixels changed from the original to the reference render,
//!
//! and reports their intersection over union. Each mask is made in two steps:
//!
//! 1. **Threshold** ([`CHANGE_THRESHOLD`] = 64 on 0–255): a pixel is changed when its
//!    largest per-channel difference (page view, alpha over white) exceeds 64. A line
//!    shifted by δ pixels changes its anti-aliased edge pixels by at most about δ × 255,
//!    so sub-quarter-pixel wobble (the same element computed by another formula) is
//!    ignored, while every element with more than 25% contrast against what it covers
//!    counts: all of matplotlib's default colour cycle, black text, the default grid
//!    (#b0b0b0, contrast 79). Measured on a rendered curve: shifted by 0.27 px its pixels
//!    change by at most 64 (none counted); by 0.55 px, 643 pixels exceed 64.
//! 2. **Dilation** ([`DILATION_RADIUS`] = 2): each changed pixel grows into a 5×5 square
//!    (Chebyshev radius 2, 0.02 in at dpi 100). Plot edits are mostly thin strokes (a
//!    1.5 pt line is 2 px); without dilation the same stroke drawn 1 px apart would share
//!    almost no pixels. With radius 2, two 1-px strokes 1 px apart have IoU 4/6, 2 px
//!    apart 3/7, and strokes that merely share an endpoint (a median and a perpendicular
//!    from one vertex) still overlap only near that endpoint.
//!
//! A no-op edit (generated equals original up to the threshold) has an empty mask, so
//! its IoU with any non-empty reference edit is 0. When both masks are empty the IoU is
//! undefined and reported as `None` with [`IouUndefined::BothEditsEmpty`].

use ::image::{Rgb, RgbImage};
// What an edit region is, as data, is the model's: a graded record holds it.
pub use plotgrade_model::pixels::{EditRegion, IouUndefined, PixelBox};

use super::canvas::pad;
use super::error::Result;
use super::raster::Input;

/// A pixel counts as changed when its largest channel difference exceeds this (0–255).
pub const CHANGE_THRESHOLD: u8 = 64;

/// Changed pixels are dilated by this Chebyshev radius (a (2r+1)² square) before IoU.
pub const DILATION_RADIUS: u32 = 2;

/// Compares the edit original → generated with the edit original → reference.
pub fn edit_region<'a, 'b, 'c>(
    original: impl Into<Input<'a>>,
    generated: impl Into<Input<'b>>,
    reference: impl Into<Input<'c>>,
) -> Result<EditRegion> {
    let original = original.into().load()?;
    let generated = generated.into().load()?;
    let reference = reference.into().load()?;
    let sizes = [original.size(), generated.size(), reference.size()];
    let canvas = sizes[0].union(sizes[1]).union(sizes[2]);
    let white = Rgb([u8::MAX; 3]);
    let o = pad(original.page(), canvas, white);
    let g = pad(generated.page(), canvas, white);
    let r = pad(reference.page(), canvas, white);

    let changed_g = changed_pixels(&o, &g, CHANGE_THRESHOLD);
    let changed_r = changed_pixels(&o, &r, CHANGE_THRESHOLD);
    let (w, h) = (canvas.width as usize, canvas.height as usize);
    let radius = DILATION_RADIUS as usize;
    let mask_g = dilate(&changed_g, w, h, radius);
    let mask_r = dilate(&changed_r, w, h, radius);

    let count = |m: &[u8]| m.iter().map(|&v| u64::from(v)).sum::<u64>();
    let (mask_generated, mask_reference) = (count(&mask_g), count(&mask_r));
    let (mut intersection, mut union) = (0u64, 0u64);
    for (&a, &b) in mask_g.iter().zip(&mask_r) {
        intersection += u64::from(a & b);
        union += u64::from(a | b);
    }
    let ratio = |num: u64, den: u64| (den > 0).then(|| num as f64 / den as f64);
    let iou = ratio(intersection, union);
    let changed_generated = count(&changed_g);
    Ok(EditRegion {
        canvas,
        size_mismatch: sizes.iter().any(|&s| s != canvas),
        change_threshold: CHANGE_THRESHOLD,
        dilation_radius: DILATION_RADIUS,
        changed_generated,
        changed_reference: count(&changed_r),
        bbox_generated: bounding_box(&changed_g, w),
        bbox_reference: bounding_box(&changed_r, w),
        mask_generated,
        mask_reference,
        intersection,
        union,
        iou,
        iou_undefined: iou.is_none().then_some(IouUndefined::BothEditsEmpty),
        precision: ratio(intersection, mask_generated),
        recall: ratio(intersection, mask_reference),
        generated_is_noop: changed_generated == 0,
    })
}

/// 1 where the largest channel difference exceeds `threshold`, else 0 (row-major).
pub(crate) fn changed_pixels(a: &RgbImage, b: &RgbImage, threshold: u8) -> Vec<u8> {
    a.as_raw()
        .chunks_exact(3)
        .zip(b.as_raw().chunks_exact(3))
        .map(|(p, q)| u8::from(max_channel_difference(p, q) > threshold))
        .collect()
}

/// Largest absolute difference over the three channels of one pixel.
#[inline]
pub(crate) fn max_channel_difference(p: &[u8], q: &[u8]) -> u8 {
    p[0].abs_diff(q[0])
        .max(p[1].abs_diff(q[1]))
        .max(p[2].abs_diff(q[2]))
}

/// Square (Chebyshev) dilation of a 0/1 mask, done as a row pass then a column pass.
fn dilate(mask: &[u8], w: usize, h: usize, r: usize) -> Vec<u8> {
    let mut rows = vec![0u8; mask.len()];
    for (src, dst) in mask.chunks_exact(w).zip(rows.chunks_exact_mut(w)) {
        for x in src
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0)
            .map(|(x, _)| x)
        {
            dst[x.saturating_sub(r)..(x + r + 1).min(w)].fill(1);
        }
    }
    let mut out = vec![0u8; mask.len()];
    for y in 0..h {
        let src = &rows[y * w..(y + 1) * w];
        if !src.contains(&1) {
            continue;
        }
        for yy in y.saturating_sub(r)..(y + r + 1).min(h) {
            for (d, s) in out[yy * w..(yy + 1) * w].iter_mut().zip(src) {
                *d |= s;
            }
        }
    }
    out
}

fn bounding_box(mask: &[u8], w: usize) -> Option<PixelBox> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, row) in mask.chunks_exact(w).enumerate() {
        let Some(first) = row.iter().position(|&v| v != 0) else {
            continue;
        };
        let last = row.iter().rposition(|&v| v != 0).unwrap_or(first);
        (x0, x1) = (x0.min(first), x1.max(last));
        (y0, y1) = (y0.min(y), y);
    }
    (x0 != usize::MAX).then(|| PixelBox {
        x: x0 as u32,
        y: y0 as u32,
        width: (x1 - x0 + 1) as u32,
        height: (y1 - y0 + 1) as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(rows: &[&str]) -> Vec<u8> {
        rows.iter()
            .flat_map(|r| r.bytes().map(|b| u8::from(b == b'#')))
            .collect()
    }

    #[test]
    fn dilation_grows_a_pixel_into_a_square_clipped_at_the_border() {
        let m = mask(&["#....", ".....", ".....", "....."]);
        let d = dilate(&m, 5, 4, 1);
        assert_eq!(d, mask(&["##...", "##...", ".....", "....."]));
        let m = mask(&[".....", ".....", "..#..", "....."]);
        let d = dilate(&m, 5, 4, 1);
        assert_eq!(d, mask(&[".....", ".###.", ".###.", ".###."]));
    }

    #[test]
    fn dilation_radius_zero_is_identity() {
        let m = mask(&["#..#", ".##."]);
        assert_eq!(dilate(&m, 4, 2, 0), m);
    }

    #[test]
    fn bounding_box_spans_all_changed_pixels() {
        let m = mask(&["....", ".#..", "...#", "...."]);
        assert_eq!(
            bounding_box(&m, 4),
            Some(PixelBox {
                x: 1,
                y: 1,
                width: 3,
                height: 2
            })
        );
        assert_eq!(bounding_box(&mask(&["...."]), 4), None);
    }

    #[test]
    fn threshold_ignores_small_differences() {
        let a = RgbImage::from_raw(3, 1, vec![255; 9]).unwrap();
        let b =
            RgbImage::from_raw(3, 1, vec![255, 255, 255, 191, 255, 255, 190, 255, 255]).unwrap();
        // 64 is not over the threshold, 65 is.
        assert_eq!(changed_pixels(&a, &b, CHANGE_THRESHOLD), vec![0, 0, 1]);
    }
}
