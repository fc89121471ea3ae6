//! `--shard i/n`: which part of a run one process grades.
//!
//! The partition is by task id, so every model's submission for a task lands in the same
//! shard (its reference runs once per shard), and it is computed from SHA-256 rather than
//! Rust's randomised hasher, so every machine of a cluster agrees on it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Which of `n` shards (0-based) the task `id` belongs to: the first 8 bytes of
/// SHA-256(`id`) as a big-endian integer, modulo `n`.
///
/// # Panics
/// When `n` is 0 (a [`Shard`] always has a count of at least 1).
pub fn shard_of(id: &str, n: u32) -> u32 {
    assert!(n > 0, "shard_of: the number of shards must be at least 1");
    let digest = Sha256::digest(id.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    (u64::from_be_bytes(first) % u64::from(n)) as u32
}

/// One shard of a run: `index` of `count`, 1-based as typed (`--shard 2/8`). Serialised
/// as that text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Shard {
    /// 1..=count.
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Whether the task `id` is graded by this shard.
    pub fn contains(&self, id: &str) -> bool {
        shard_of(id, self.count) + 1 == self.index
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` value that does not parse; the message quotes it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--shard {text}: {reason}")]
pub struct ShardError {
    pub text: String,
    pub reason: String,
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

impl TryFrom<String> for Shard {
    type Error = ShardError;

    fn try_from(text: String) -> Result<Shard, ShardError> {
        text.parse()
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = |reason: String| ShardError {
            text: text.to_string(),
            reason,
        };
        let (i, n) = text
            .trim()
            .split_once('/')
            .ok_or_else(|| bad("expected INDEX/COUNT, e.g. 2/8".to_string()))?;
        let number = |s: &str, what: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| bad(format!("{what} `{s}` is not a whole number")))
        };
        let (index, count) = (number(i, "index")?, number(n, "count")?);
        if count == 0 {
            return Err(bad("count must be at least 1".to_string()));
        }
        if index == 0 || index > count {
            return Err(bad(format!("index must be between 1 and {count}")));
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_index_and_count() {
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(" 1/1 ".parse::<Shard>(), Ok(Shard { index: 1, count: 1 }));
        assert_eq!(Shard { index: 3, count: 4 }.to_string(), "3/4");
        let json = serde_json::to_string(&Shard { index: 3, count: 4 }).unwrap();
        assert_eq!(json, r#""3/4""#);
        assert_eq!(
            serde_json::from_str::<Shard>(&json).unwrap(),
            Shard { index: 3, count: 4 }
        );
        assert!(serde_json::from_str::<Shard>(r#""5/4""#).is_err());
    }

    #[test]
    fn bad_shards_quote_the_text() {
        let msg = |s: &str| s.parse::<Shard>().unwrap_err().to_string();
        assert_eq!(msg("3/2"), "--shard 3/2: index must be between 1 and 2");
        assert_eq!(msg("0/2"), "--shard 0/2: index must be between 1 and 2");
        assert_eq!(msg("1/0"), "--shard 1/0: count must be at least 1");
        assert_eq!(msg("2"), "--shard 2: expected INDEX/COUNT, e.g. 2/8");
        assert_eq!(msg("a/4"), "--shard a/4: index `a` is not a whole number");
        assert_eq!(
            msg("1/-4"),
            "--shard 1/-4: count `-4` is not a whole number"
        );
    }

    #[test]
    fn one_shard_holds_everything() {
        let all = Shard { index: 1, count: 1 };
        assert!(["", "a", "gen-bar-001"].iter().all(|id| all.contains(id)));
    }
}
