//! The one integration-test binary; each module covers one part of plotgrade.

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
