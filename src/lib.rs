//! plotgrade: grades model-written Matplotlib code.
//!
//! The library runs untrusted plotting code in sandboxed, pre-warmed Python workers
//! ([`exec`]), reads back what it drew ([`scene`]), and compares generated, original and
//! reference figures on independent channels: the code itself ([`code`]), the drawn
//! elements ([`figure`]) and the pixels ([`image`]). The binary (`src/main.rs`) is thin glue
//! over [`cli`].

pub mod bench;
pub mod cli;
pub mod code;
pub mod exec;
pub mod figure;
pub mod grade;
pub mod image;
pub mod judge;
pub mod matching;
pub mod record;
pub mod regress;
pub mod report;
pub mod scene;
pub mod store;
pub mod task;
