//! The framed protocol between the parent, its workers and their job children.
//!
//! A frame is a JSON header followed by zero or more binary blobs (the script's source
//! going in, the rendered PNGs coming back), so images never pass through JSON:
//!
//! ```text
//! "PGF1" | u32 header_len | header (JSON) | u32 blob_count | (u32 len | bytes)*
//! ```
//!
//! All integers are little-endian. Lengths are bounded so that a corrupted or hostile
//! stream produces an error, not an allocation of gigabytes.

use std::io::{self, Read, Write};

use serde::Serialize;
use serde::de::DeserializeOwned;

const MAGIC: &[u8; 4] = b"PGF1";
/// Largest header accepted (a scene with thousands of points is a few MB).
pub const MAX_HEADER: usize = 64 << 20;
/// Largest blob accepted (a PNG or a script).
pub const MAX_BLOB: usize = 256 << 20;
/// Most blobs in one frame (figures of one script, and then some).
pub const MAX_BLOBS: usize = 1024;

/// One message: a JSON header and its binary attachments.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Frame {
    pub header: Vec<u8>,
    pub blobs: Vec<Vec<u8>>,
}

impl Frame {
    pub fn new(header: &impl Serialize, blobs: Vec<Vec<u8>>) -> io::Result<Frame> {
        let header = serde_json::to_vec(header).map_err(io::Error::other)?;
        Ok(Frame { header, blobs })
    }

    /// Decode the header as `T`.
    pub fn header<T: DeserializeOwned>(&self) -> io::Result<T> {
        serde_json::from_slice(&self.header).map_err(|e| {
            io::Error::new(io::ErrorKind::InvalidData, format!("bad frame header: {e}"))
        })
    }

    pub fn write_to(&self, mut w: impl Write) -> io::Result<()> {
        let mut head = Vec::with_capacity(12 + self.header.len());
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&len_u32(self.header.len())?.to_le_bytes());
        head.extend_from_slice(&self.header);
        head.extend_from_slice(&len_u32(self.blobs.len())?.to_le_bytes());
        w.write_all(&head)?;
        for blob in &self.blobs {
            w.write_all(&len_u32(blob.len())?.to_le_bytes())?;
            w.write_all(blob)?;
        }
        w.flush()
    }

    /// Read one frame. `Ok(None)` means the stream ended cleanly before a frame began.
    pub fn read_from(mut r: impl Read) -> io::Result<Option<Frame>> {
        let mut magic = [0u8; 4];
        match read_exact_or_eof(&mut r, &mut magic)? {
            false => return Ok(None),
            true if &magic != MAGIC => {
                return Err(invalid(format!("bad frame magic {magic:?}")));
            }
            true => {}
        }
        let header = read_sized(&mut r, MAX_HEADER, "header")?;
        let count = read_u32(&mut r)? as usize;
        if count > MAX_BLOBS {
            return Err(invalid(format!(
                "{count} blobs in one frame (max {MAX_BLOBS})"
            )));
        }
        let mut blobs = Vec::with_capacity(count);
        for _ in 0..count {
            blobs.push(read_sized(&mut r, MAX_BLOB, "blob")?);
        }
        Ok(Some(Frame { header, blobs }))
    }

    /// Parse a frame that must fill `bytes` exactly.
    pub fn parse(bytes: &[u8]) -> io::Result<Frame> {
        let mut cursor = io::Cursor::new(bytes);
        let frame = Frame::read_from(&mut cursor)?.ok_or_else(|| invalid("empty stream"))?;
        if cursor.position() as usize != bytes.len() {
            return Err(invalid("trailing bytes after frame"));
        }
        Ok(frame)
    }
}

fn len_u32(n: usize) -> io::Result<u32> {
    u32::try_from(n).map_err(|_| invalid(format!("length {n} does not fit a frame")))
}

fn invalid(msg: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg.into())
}

fn read_u32(r: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn read_sized(r: &mut impl Read, max: usize, what: &str) -> io::Result<Vec<u8>> {
    let n = read_u32(r)? as usize;
    if n > max {
        return Err(invalid(format!(
            "{what} of {n} bytes exceeds the limit of {max}"
        )));
    }
    let mut buf = vec![0u8; n];
    r.read_exact(&mut buf)?;
    Ok(buf)
}

/// Fill `buf`, or report a clean end of stream if nothing at all could be read.
fn read_exact_or_eof(r: &mut impl Read, buf: &mut [u8]) -> io::Result<bool> {
    let mut filled = 0;
    while filled < buf.len() {
        match r.read(&mut buf[filled..]) {
            Ok(0) if filled == 0 => return Ok(false),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_blobs() {
        let f = Frame::new(&serde_json::json!({"a": 1}), vec![vec![1, 2, 3], vec![]]).unwrap();
        let mut buf = Vec::new();
        f.write_to(&mut buf).unwrap();
        assert_eq!(Frame::parse(&buf).unwrap(), f);
        let v: serde_json::Value = f.header().unwrap();
        assert_eq!(v["a"], 1);
    }

    #[test]
    fn clean_eof_is_none_and_truncation_is_an_error() {
        assert!(Frame::read_from(&[][..]).unwrap().is_none());
        let f = Frame::new(&1, vec![vec![9; 10]]).unwrap();
        let mut buf = Vec::new();
        f.write_to(&mut buf).unwrap();
        let cut = &buf[..buf.len() - 3];
        assert_eq!(
            Frame::read_from(cut).unwrap_err().kind(),
            io::ErrorKind::UnexpectedEof
        );
    }

    #[test]
    fn oversized_lengths_are_refused_before_allocating() {
        let mut buf = b"PGF1".to_vec();
        buf.extend_from_slice(&u32::MAX.to_le_bytes());
        let err = Frame::read_from(&buf[..]).unwrap_err();
        assert!(err.to_string().contains("exceeds the limit"), "{err}");
        assert!(
            Frame::read_from(&b"XXXX"[..])
                .unwrap_err()
                .to_string()
                .contains("magic")
        );
    }
}
