//! The one integration-test binary; each module covers one part of plotgrade.
// A test reads as one scenario from top to bottom; splitting it to fit a screen would
// scatter what it proves.
#![allow(clippy::too_many_lines)]

mod util;

mod aid;
mod architecture;
mod code;
mod contract;
mod exec;
mod figure;
mod grade;
mod hostile;
mod image;
mod integrity;
mod integrity_outputs;
mod integrity_reader;
mod judge;
mod regress;
mod report;
mod serve;
mod store;
mod task;
