//! What the image channel measures, as plain data: how two renders compare pixel by
//! pixel ([`ImageComparison`]) and where two edits changed an original render
//! ([`EditRegion`]).
//!
//! The measuring is `plotgrade-image`'s (it re-exports these types under their old
//! paths); the types live here because a graded record holds them (`record`,
//! `details::ImageDetails`), and the store and the reports read records without the
//! image crate.

use serde::{Deserialize, Serialize};

/// Width and height of a render in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

impl Size {
    /// The smallest size that holds both: the common canvas of two figures.
    pub fn union(self, other: Size) -> Size {
        Size {
            width: self.width.max(other.width),
            height: self.height.max(other.height),
        }
    }

    /// Number of pixels.
    pub fn area(self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// How two renders compare, pixel by pixel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImageComparison {
    /// RMS on the 0–255 scale, matplotlib's `compare_images` value (see
    /// `plotgrade_image::rms`).
    pub rms: f64,
    /// Channels per pixel the RMS was taken over: 3, or 4 when a file kept its alpha.
    pub rms_channels: u8,
    /// Mean SSIM on luma, 0–1.
    pub ssim_grey: f64,
    /// image-compare's colour-aware hybrid similarity, 0–1; `None` from the image
    /// channel's `compare_luma` (what the grader calls), which does not compute it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ssim_hybrid: Option<f64>,
    /// Size of the first render.
    pub size_a: Size,
    /// Size of the second render.
    pub size_b: Size,
    /// The canvas both were compared on (the larger width by the larger height).
    pub canvas: Size,
    /// The renders differ in size; they were padded with white, top-left anchored.
    pub size_mismatch: bool,
}

/// Why an IoU could not be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum IouUndefined {
    /// Neither the generated nor the reference render differs from the original.
    #[error("neither the generated nor the reference figure differs from the original")]
    BothEditsEmpty,
}

/// An axis-aligned pixel rectangle: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PixelBox {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// Where the generated and the reference edits changed the original, and how well they
/// coincide.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EditRegion {
    /// The canvas the three renders were compared on.
    pub canvas: Size,
    /// The renders were not all the same size.
    pub size_mismatch: bool,
    /// The per-pixel threshold used (`plotgrade_image::CHANGE_THRESHOLD`).
    pub change_threshold: u8,
    /// The dilation radius used (`plotgrade_image::DILATION_RADIUS`).
    pub dilation_radius: u32,
    /// Pixels over the threshold, original → generated (before dilation).
    pub changed_generated: u64,
    /// Pixels over the threshold, original → reference (before dilation).
    pub changed_reference: u64,
    /// Bounding box of the changed pixels, original → generated.
    pub bbox_generated: Option<PixelBox>,
    /// Bounding box of the changed pixels, original → reference.
    pub bbox_reference: Option<PixelBox>,
    /// Pixels in the dilated generated mask.
    pub mask_generated: u64,
    /// Pixels in the dilated reference mask.
    pub mask_reference: u64,
    /// Pixels in both dilated masks.
    pub intersection: u64,
    /// Pixels in either dilated mask.
    pub union: u64,
    /// intersection / union; `None` only when both masks are empty.
    pub iou: Option<f64>,
    /// Why `iou` is `None`.
    pub iou_undefined: Option<IouUndefined>,
    /// intersection / generated mask: how much of the model's edit is where the
    /// reference edited. `None` when the generated mask is empty.
    pub precision: Option<f64>,
    /// intersection / reference mask: how much of the reference edit the model
    /// covered. `None` when the reference mask is empty.
    pub recall: Option<f64>,
    /// The generated render changes nothing over the threshold: a no-op edit.
    pub generated_is_noop: bool,
}
