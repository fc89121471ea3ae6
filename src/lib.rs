//! plotgrade: grades model-written Matplotlib code.
//!
//! The library runs untrusted plotting code in sandboxed, pre-warmed Python workers
//! ([`exec`]), reads back what it drew ([`scene`]), and compares generated, original and
//! reference figures on independent channels: the code itself ([`code`]), the drawn
//! elements ([`figure`]) and the pixels ([`image`]). The binary (`src/main.rs`) is thin glue
//! over [`cli`].
//!
//! The model, the channels and the executor are crates of their own (see the workspace
//! `Cargo.toml`), re-exported here under the names the rest of the code uses, so the
//! boundaries between them are the compiler's to check.

pub use plotgrade_code as code;
pub use plotgrade_exec as exec;
pub use plotgrade_figure as figure;
pub use plotgrade_grade as grade;
pub use plotgrade_image as image;
pub use plotgrade_judge as judge;
pub use plotgrade_model::{details, matching, pixels, record, scene, status};
pub use plotgrade_regress as regress;
pub use plotgrade_report as report;
pub use plotgrade_store as store;

pub mod bench;
pub mod cli;
pub mod task;
