//! Decoding PNG renders into [`Raster`]s, and the [`Input`] every public function takes.
//!
//! A raster keeps two views of the same file:
//! - the **page view**: RGB with any alpha composited over white, which is what a reader
//!   sees and what SSIM, edit masks and heatmaps compare;
//! - the **matplotlib view**: the pixels `matplotlib.testing.compare._load_image` would
//!   produce, which RMS compares. For the usual Agg render (RGBA, every alpha 255) both
//!   are the same buffer and only one is stored.

use std::borrow::Cow;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ::image::codecs::png::PngDecoder;
use ::image::{DynamicImage, GrayImage, ImageBuffer, Limits, RgbImage, RgbaImage};

use super::MAX_PIXELS;
use super::error::{Error, Result};

/// The first eight bytes of every PNG file.
const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// PNG colour type 6 (truecolour with alpha), the only one whose alpha matplotlib keeps:
/// Pillow opens it as mode "RGBA"; greyscale+alpha ("LA") and palette or truecolour with a
/// tRNS chunk open in other modes, which `_load_image` converts to "RGB", dropping alpha.
const COLOUR_TYPE_RGBA: u8 = 6;

// A render's size is the model's: records hold it (`pixels::ImageComparison`).
pub use plotgrade_model::pixels::Size;

/// A figure render to compare: a PNG file, PNG bytes, or an already decoded [`Raster`].
///
/// Passing a `&Raster` costs nothing (no decode, no copy), so a caller that compares the
/// same render several times (original against generated and reference) decodes it once.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    /// A PNG file on disk.
    File(&'a Path),
    /// PNG bytes in memory; `name` is used in error messages.
    Png { name: &'a str, bytes: &'a [u8] },
    /// A decoded render.
    Raster(&'a Raster),
}

impl<'a> Input<'a> {
    /// PNG bytes with a name for error messages (e.g. "figure 1 of sample 42").
    pub fn png(name: &'a str, bytes: &'a [u8]) -> Self {
        Input::Png { name, bytes }
    }

    /// Decodes the input unless it is already a raster.
    pub fn load(self) -> Result<Cow<'a, Raster>> {
        match self {
            Input::File(path) => Raster::open(path).map(Cow::Owned),
            Input::Png { name, bytes } => Raster::decode(name, bytes).map(Cow::Owned),
            Input::Raster(raster) => Ok(Cow::Borrowed(raster)),
        }
    }
}

impl<'a> From<&'a Path> for Input<'a> {
    fn from(path: &'a Path) -> Self {
        Input::File(path)
    }
}

impl<'a> From<&'a PathBuf> for Input<'a> {
    fn from(path: &'a PathBuf) -> Self {
        Input::File(path)
    }
}

impl<'a> From<&'a [u8]> for Input<'a> {
    fn from(bytes: &'a [u8]) -> Self {
        Input::Png {
            name: "<PNG bytes>",
            bytes,
        }
    }
}

impl<'a> From<&'a Vec<u8>> for Input<'a> {
    fn from(bytes: &'a Vec<u8>) -> Self {
        Input::from(bytes.as_slice())
    }
}

impl<'a> From<&'a Raster> for Input<'a> {
    fn from(raster: &'a Raster) -> Self {
        Input::Raster(raster)
    }
}

/// One decoded figure render (see the module docs for its two views).
#[derive(Debug, Clone)]
pub struct Raster {
    name: String,
    page: RgbImage,
    matplotlib: MatplotlibPixels,
    /// Luma of the page view, computed on first use by SSIM and kept, since the same
    /// render is usually compared more than once.
    grey: OnceLock<GrayImage>,
}

/// What matplotlib's `_load_image` makes of the file, when it differs from the page view.
#[derive(Debug, Clone)]
pub(crate) enum MatplotlibPixels {
    /// Opaque image: matplotlib sees the page view's RGB.
    Page,
    /// Alpha below 255 somewhere, but not a colour-type-6 PNG: RGB with alpha dropped.
    Rgb(RgbImage),
    /// Colour-type-6 PNG with alpha below 255 somewhere: raw RGBA, alpha not applied.
    Rgba(RgbaImage),
}

impl Raster {
    /// Reads and decodes a PNG file.
    pub fn open(path: &Path) -> Result<Raster> {
        let bytes = std::fs::read(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Raster::decode(&path.display().to_string(), &bytes)
    }

    /// Decodes PNG bytes; `name` identifies them in errors.
    pub fn decode(name: &str, bytes: &[u8]) -> Result<Raster> {
        if !bytes.starts_with(PNG_SIGNATURE) {
            return Err(Error::NotPng { name: name.into() });
        }
        let decode_error = |source| Error::Decode {
            name: name.into(),
            source,
        };
        let decoder =
            PngDecoder::with_limits(Cursor::new(bytes), Limits::default()).map_err(decode_error)?;
        let (width, height) = ::image::ImageDecoder::dimensions(&decoder);
        check_size(name, width, height)?;
        let keeps_alpha = ihdr_colour_type(bytes) == Some(COLOUR_TYPE_RGBA);
        let image = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
        let (page, matplotlib) = split_views(image, keeps_alpha);
        Ok(Raster {
            name: name.into(),
            page,
            matplotlib,
            grey: OnceLock::new(),
        })
    }

    /// The file name or label given when decoding.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Width and height in pixels.
    pub fn size(&self) -> Size {
        Size {
            width: self.page.width(),
            height: self.page.height(),
        }
    }

    /// The render as it looks on a white page (alpha composited over white).
    pub fn page(&self) -> &RgbImage {
        &self.page
    }

    /// True when matplotlib's loader keeps an alpha channel for this file (RGBA PNG with
    /// some alpha below 255), so its RMS is taken over four channels.
    pub fn has_alpha(&self) -> bool {
        matches!(self.matplotlib, MatplotlibPixels::Rgba(_))
    }

    pub(crate) fn matplotlib(&self) -> &MatplotlibPixels {
        &self.matplotlib
    }

    /// Luma of the page view, with the weights and rounding image-compare's hybrid uses
    /// for its Y channel (ITU-T T.871, truncated), so grey and hybrid SSIM see the same
    /// structure.
    pub(crate) fn grey(&self) -> &GrayImage {
        self.grey.get_or_init(|| {
            let (w, h) = self.page.dimensions();
            let luma = self.page.pixels().map(|p| luma(p.0)).collect();
            GrayImage::from_raw(w, h, luma).expect("one luma byte per pixel")
        })
    }
}

/// Luma as image-compare computes its Y channel (`rgb_to_yuv`, clamped, truncated).
#[inline]
pub(crate) fn luma([r, g, b]: [u8; 3]) -> u8 {
    let y = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
    y.clamp(0.0, 255.0) as u8
}

/// Refuses renders over [`MAX_PIXELS`] before their pixels are allocated.
fn check_size(name: &str, width: u32, height: u32) -> Result<()> {
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Error::TooLarge {
            name: name.into(),
            width,
            height,
        });
    }
    Ok(())
}

/// The colour type byte of the IHDR chunk, which PNG requires to come first.
fn ihdr_colour_type(bytes: &[u8]) -> Option<u8> {
    (bytes.get(12..16)? == b"IHDR").then(|| bytes.get(25).copied())?
}

/// Splits a decoded PNG into the page view and matplotlib's view.
fn split_views(image: DynamicImage, keeps_alpha: bool) -> (RgbImage, MatplotlibPixels) {
    // 16-bit samples keep their high byte, as Pillow's "RGB;16B"/"RGBA;16B" unpackers do.
    let rgba = match image {
        DynamicImage::ImageRgb8(rgb) => return (rgb, MatplotlibPixels::Page),
        DynamicImage::ImageLuma8(l) => return (grey_to_rgb(&l), MatplotlibPixels::Page),
        DynamicImage::ImageRgba8(rgba) => rgba,
        DynamicImage::ImageLumaA8(la) => {
            let (w, h) = la.dimensions();
            let raw = la.pixels().flat_map(|p| [p[0], p[0], p[0], p[1]]).collect();
            RgbaImage::from_raw(w, h, raw).expect("four bytes per pixel")
        }
        DynamicImage::ImageRgb16(rgb) => {
            let (w, h) = rgb.dimensions();
            let raw = rgb.as_raw().iter().map(|&v| (v >> 8) as u8).collect();
            return (
                RgbImage::from_raw(w, h, raw).expect("three bytes per pixel"),
                MatplotlibPixels::Page,
            );
        }
        DynamicImage::ImageLuma16(l) => {
            let (w, h) = l.dimensions();
            let raw = l.as_raw().iter().map(|&v| (v >> 8) as u8).collect();
            let l = GrayImage::from_raw(w, h, raw).expect("one byte per pixel");
            return (grey_to_rgb(&l), MatplotlibPixels::Page);
        }
        DynamicImage::ImageLumaA16(la) => {
            let (w, h) = la.dimensions();
            let raw = la
                .pixels()
                .flat_map(|p| {
                    let (l, a) = ((p[0] >> 8) as u8, (p[1] >> 8) as u8);
                    [l, l, l, a]
                })
                .collect();
            RgbaImage::from_raw(w, h, raw).expect("four bytes per pixel")
        }
        DynamicImage::ImageRgba16(rgba) => {
            let (w, h) = rgba.dimensions();
            let raw = rgba.as_raw().iter().map(|&v| (v >> 8) as u8).collect();
            RgbaImage::from_raw(w, h, raw).expect("four bytes per pixel")
        }
        // The PNG decoder produces none of the other variants (float images); convert
        // rather than panic should a future version do so.
        other => other.into_rgba8(),
    };
    let opaque = rgba.pixels().all(|p| p[3] == u8::MAX);
    if opaque {
        return (drop_alpha(&rgba), MatplotlibPixels::Page);
    }
    let page = over_white(&rgba);
    let matplotlib = if keeps_alpha {
        MatplotlibPixels::Rgba(rgba)
    } else {
        MatplotlibPixels::Rgb(drop_alpha(&rgba))
    };
    (page, matplotlib)
}

fn grey_to_rgb(l: &GrayImage) -> RgbImage {
    let (w, h) = l.dimensions();
    let raw = l.as_raw().iter().flat_map(|&v| [v, v, v]).collect();
    RgbImage::from_raw(w, h, raw).expect("three bytes per pixel")
}

fn drop_alpha(rgba: &RgbaImage) -> RgbImage {
    let (w, h) = rgba.dimensions();
    let raw = rgba
        .as_raw()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    RgbImage::from_raw(w, h, raw).expect("three bytes per pixel")
}

/// Straight-alpha "over" onto white, rounded to nearest: c·a/255 + 255·(1 − a/255).
fn over_white(rgba: &RgbaImage) -> RgbImage {
    let (w, h) = rgba.dimensions();
    let raw = rgba
        .as_raw()
        .chunks_exact(4)
        .flat_map(|p| {
            let a = u32::from(p[3]);
            let over = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
            [over(p[0]), over(p[1]), over(p[2])]
        })
        .collect();
    RgbImage::from_raw(w, h, raw).expect("three bytes per pixel")
}

/// Promotes an RGB image to RGBA with opaque alpha (for RMS against an RGBA file).
pub(crate) fn opaque_rgba(rgb: &RgbImage) -> RgbaImage {
    let (w, h) = rgb.dimensions();
    let raw = rgb
        .as_raw()
        .chunks_exact(3)
        .flat_map(|p| [p[0], p[1], p[2], u8::MAX])
        .collect();
    ImageBuffer::from_raw(w, h, raw).expect("four bytes per pixel")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::image::{ImageEncoder, Rgba, codecs::png::PngEncoder};

    fn png(img: &DynamicImage) -> Vec<u8> {
        let mut out = Vec::new();
        let encoder = PngEncoder::new(&mut out);
        encoder
            .write_image(
                img.as_bytes(),
                img.width(),
                img.height(),
                img.color().into(),
            )
            .unwrap();
        out
    }

    #[test]
    fn opaque_rgba_render_keeps_one_buffer() {
        let img = RgbaImage::from_pixel(3, 2, Rgba([10, 20, 30, 255]));
        let r = Raster::decode("t", &png(&DynamicImage::ImageRgba8(img))).unwrap();
        assert!(matches!(r.matplotlib(), MatplotlibPixels::Page));
        assert!(!r.has_alpha());
        assert_eq!(r.page().get_pixel(2, 1).0, [10, 20, 30]);
        assert_eq!(
            r.size(),
            Size {
                width: 3,
                height: 2
            }
        );
    }

    #[test]
    fn transparent_rgba_keeps_raw_pixels_for_matplotlib_and_composites_the_page() {
        let img = RgbaImage::from_pixel(2, 2, Rgba([0, 0, 0, 0]));
        let r = Raster::decode("t", &png(&DynamicImage::ImageRgba8(img))).unwrap();
        assert!(r.has_alpha());
        assert_eq!(r.page().get_pixel(0, 0).0, [255, 255, 255]);
        let MatplotlibPixels::Rgba(raw) = r.matplotlib() else {
            panic!("expected raw RGBA")
        };
        assert_eq!(raw.get_pixel(0, 0).0, [0, 0, 0, 0]);
    }

    #[test]
    fn grey_alpha_drops_alpha_for_matplotlib_like_pillow() {
        let img = ::image::GrayAlphaImage::from_pixel(1, 1, ::image::LumaA([0, 128]));
        let r = Raster::decode("t", &png(&DynamicImage::ImageLumaA8(img))).unwrap();
        let MatplotlibPixels::Rgb(raw) = r.matplotlib() else {
            panic!("expected RGB with alpha dropped")
        };
        assert_eq!(raw.get_pixel(0, 0).0, [0, 0, 0]);
        // 0·128/255 + 255·127/255 = 127
        assert_eq!(r.page().get_pixel(0, 0).0, [127, 127, 127]);
    }

    #[test]
    fn not_a_png_names_the_input() {
        let err = Raster::decode("plot.jpg", b"\xff\xd8\xff\xe0 jpeg").unwrap_err();
        assert!(matches!(err, Error::NotPng { .. }));
        assert!(err.to_string().contains("not a PNG: plot.jpg"), "{err}");
    }

    #[test]
    fn truncated_png_is_a_decode_error_naming_the_input() {
        let mut bytes = png(&DynamicImage::ImageLuma8(GrayImage::from_pixel(
            4,
            4,
            ::image::Luma([9]),
        )));
        bytes.truncate(40);
        let err = Raster::decode("cut.png", &bytes).unwrap_err();
        assert!(matches!(err, Error::Decode { .. }), "{err:?}");
        assert!(err.to_string().contains("cut.png"), "{err}");
    }

    #[test]
    fn oversized_render_is_refused_with_its_size() {
        assert!(check_size("big.png", 5000, 5000).is_ok());
        let err = check_size("big.png", 5000, 5001).unwrap_err();
        assert!(
            err.to_string().contains("big.png is 5000x5001 pixels"),
            "{err}"
        );
    }

    #[test]
    fn grey_is_cached_and_matches_image_compare_luma() {
        let img = RgbImage::from_pixel(2, 1, ::image::Rgb([255, 0, 0]));
        let r = Raster::decode("t", &png(&DynamicImage::ImageRgb8(img))).unwrap();
        assert_eq!(r.grey().get_pixel(0, 0).0, [76]); // 0.299·255 = 76.2
        assert!(std::ptr::eq(r.grey(), r.grey()));
    }
}
