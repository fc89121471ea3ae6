//! The common canvas: how figures of different sizes are put side by side.
//!
//! Rule: the canvas is the largest width by the largest height; each image is anchored at
//! the top-left corner and padded on the right and bottom with opaque white (the colour of
//! a figure's background). An image already at canvas size is borrowed, not copied, so
//! the usual case (same figsize and dpi) costs nothing.

use std::borrow::Cow;

use ::image::{ImageBuffer, Pixel};

use super::raster::Size;

/// `img` on a `canvas`-sized buffer filled with `fill`, top-left anchored.
pub(crate) fn pad<P: Pixel>(
    img: &ImageBuffer<P, Vec<P::Subpixel>>,
    canvas: Size,
    fill: P,
) -> Cow<'_, ImageBuffer<P, Vec<P::Subpixel>>> {
    let (w, h) = img.dimensions();
    if (w, h) == (canvas.width, canvas.height) {
        return Cow::Borrowed(img);
    }
    debug_assert!(w <= canvas.width && h <= canvas.height, "canvas too small");
    let mut out = ImageBuffer::from_pixel(canvas.width, canvas.height, fill);
    let channels = usize::from(P::CHANNEL_COUNT);
    let (src_row, dst_row) = (w as usize * channels, canvas.width as usize * channels);
    let src = img.as_raw();
    let dst: &mut [P::Subpixel] = &mut out;
    for y in 0..h as usize {
        dst[y * dst_row..y * dst_row + src_row]
            .copy_from_slice(&src[y * src_row..(y + 1) * src_row]);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::image::{GrayImage, Luma};

    #[test]
    fn same_size_is_borrowed() {
        let img = GrayImage::from_pixel(3, 2, Luma([7]));
        let padded = pad(
            &img,
            Size {
                width: 3,
                height: 2,
            },
            Luma([255]),
        );
        assert!(matches!(padded, Cow::Borrowed(_)));
    }

    #[test]
    fn smaller_image_is_anchored_top_left_on_white() {
        let img = GrayImage::from_pixel(2, 1, Luma([7]));
        let padded = pad(
            &img,
            Size {
                width: 3,
                height: 2,
            },
            Luma([255]),
        );
        assert_eq!(padded.as_raw(), &[7, 7, 255, 255, 255, 255]);
    }
}
