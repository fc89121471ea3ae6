//! The image channel: compares rendered figures by their pixels.
//!
//! Everything here works on PNG renders (the executor's output, or files on disk) and
//! knows nothing about scenes or code. It answers four questions:
//!
//! - **How far apart are two renders?** [`rms`] on the 0–255 scale, computed exactly as
//!   `matplotlib.testing.compare.compare_images` does, so a number here means the same as
//!   a `tol` in a matplotlib image test.
//! - **Do they look alike?** [`ssim_grey`] (mean SSIM over 8×8 windows on luma) and
//!   [`ssim_hybrid`] (image-compare's colour-aware hybrid), both on 0–1.
//! - **Did an edit land in the right place?** [`edit_region`]: the pixels changed from the
//!   original to the generated render and to the reference render, as dilated masks, and
//!   their intersection over union. A generated figure identical to the original scores 0.
//! - **Where do they differ?** [`heatmap`] writes a diff picture for the report.
//!
//! [`compare`] bundles RMS and both SSIMs with the sizes of the two figures.
//!
//! Conventions shared by every function (details in `docs/image-channel.md`):
//! - Inputs are anything that converts into [`Input`]: a path, PNG bytes, or an already
//!   decoded [`Raster`] (decode once, compare many times; the benchmark does this).
//! - Figures of different sizes are compared on a common canvas: each is padded on the
//!   right and bottom with opaque white to the largest width and height (anchored top-left).
//!   The size mismatch is reported as data ([`ImageComparison::size_mismatch`]), never
//!   an error.
//! - RMS follows matplotlib's alpha rule (see [`rms`]); every other measure looks at the
//!   figure as it appears on a white page (alpha composited over white).

mod canvas;
mod compare;
mod edit;
mod error;
mod heatmap;
mod raster;
mod rms;
mod ssim;

pub use compare::{ImageComparison, compare, compare_luma};
pub use edit::{
    CHANGE_THRESHOLD, DILATION_RADIUS, EditRegion, IouUndefined, PixelBox, edit_region,
};
pub use error::{Error, Result};
pub use heatmap::{Heatmap, heatmap, heatmap_png};
pub use raster::{Input, Raster, Size};

/// The largest render (width × height) the channel decodes. A 6.4×4.8 in figure at
/// dpi 100 is 0.3 M pixels; this allows 25 M (e.g. 5000×5000) and refuses larger files
/// before allocating, since SSIM holds several float buffers of the same size.
pub const MAX_PIXELS: u64 = 25_000_000;
pub use rms::rms;
pub use ssim::{ssim_grey, ssim_hybrid};
