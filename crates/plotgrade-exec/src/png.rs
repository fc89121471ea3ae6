//! PNG encoding of a job's figures, in the job's child.
//!
//! The shim hands over Agg's RGBA buffer; the `png` crate (through `image`) encodes it
//! with its fast deflate, several times faster than the zlib level PIL uses under
//! `savefig`, and as deterministic: equal pixels give equal bytes. The PNG carries no
//! metadata (no software name, no time, no resolution chunk).
//! `runner.PNG_ENCODER` names this encoder in the versions caches and baselines key on.

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

/// Encode `width × height` RGBA8 pixels, row-major from the top.
pub fn encode_rgba(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, String> {
    let expected = width as usize * height as usize * 4;
    if rgba.len() != expected {
        return Err(format!(
            "a {width}×{height} RGBA image needs {expected} bytes, got {}",
            rgba.len()
        ));
    }
    let mut out = Vec::with_capacity(expected / 8);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(rgba, width, height, image::ExtendedColorType::Rgba8)
        .map_err(|e| format!("cannot encode the figure as PNG: {e}"))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_pixels_and_is_deterministic() {
        let (w, h) = (37u32, 11u32);
        let rgba: Vec<u8> = (0..w * h * 4).map(|i| (i * 7 % 251) as u8).collect();
        let a = encode_rgba(w, h, &rgba).unwrap();
        assert_eq!(a, encode_rgba(w, h, &rgba).unwrap());
        assert_eq!(&a[..8], b"\x89PNG\r\n\x1a\n");
        let back = image::load_from_memory(&a).unwrap().to_rgba8();
        assert_eq!(back.dimensions(), (w, h));
        assert_eq!(back.into_raw(), rgba);
    }

    #[test]
    fn a_buffer_of_the_wrong_size_is_refused() {
        let err = encode_rgba(4, 4, &[0; 63]).unwrap_err();
        assert!(err.contains("needs 64 bytes, got 63"), "{err}");
    }
}
