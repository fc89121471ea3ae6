//! The executor: runs untrusted Matplotlib code and brings back what it drew.
//!
//! ```text
//! parent (never initialises Python, never forks)
//!   └─ Pool ── N slots, each a template: `plotgrade __worker`, a warm interpreter
//!                │  (numpy, matplotlib, shim, one figure drawn) that only forks
//!                ├─ job child (one per job, forked ahead, walled in): exec, then hand
//!                │  the figures over as bytes → parent
//!                └─ reader child (one per job, forked ahead, walled in, never ran a
//!                   job): bytes → draw, scene, PNG → parent
//! ```
//!
//! A job costs two `fork`s of a warm interpreter, not an interpreter start; whatever the
//! submission does (hang, crash, change global state, lie about its figure) dies with its
//! child, and what is graded was drawn where no submission code ran. The trust boundary
//! and the walls are in docs/security.md. This is the only module that uses pyo3 (in
//! [`python`] and [`guard`], called from [`zygote`] and [`child`]).

mod child;
pub mod config;
mod fdpass;
mod guard;
mod png;
pub mod pool;
mod populate;
pub mod protocol;
mod python;
mod sandbox;
mod seccomp;
mod slot;
pub mod zygote;

use std::time::Duration;

use serde::{Deserialize, Serialize};

use plotgrade_model::scene::Scene;

pub use config::ExecConfig;
pub use png::encode_rgba;
pub use pool::Pool;
pub use python::shim_sources;

/// How a job ended: defined with the records that hold it (`plotgrade_model::status`).
pub use plotgrade_model::status::Status;

/// Resource limits of one job.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// Wall-clock deadline; CPU time is capped one second past it.
    #[serde(with = "duration_ms")]
    pub timeout: Duration,
    /// Address space a job may add to the warm interpreter, in MiB.
    pub memory_mb: u64,
    /// Largest file a job may write in its directory, in MiB.
    pub file_size_mb: u64,
    /// Characters of stdout and of stderr kept (the rest is counted, not kept).
    pub output_cap: usize,
}

impl Limits {
    /// The limits a caller asked for, checked: a timeout in (0, 3600] seconds and at
    /// least 64 MiB (the command line's `--timeout`/`--memory` and the Python package's
    /// `timeout=`/`memory_mb=` both come here); the rest are the defaults.
    pub fn checked(timeout_secs: f64, memory_mb: u64) -> Result<Limits, config::ConfigError> {
        if !(timeout_secs.is_finite() && timeout_secs > 0.0 && timeout_secs <= 3600.0) {
            return Err(config::ConfigError::Timeout(timeout_secs));
        }
        if memory_mb < 64 {
            return Err(config::ConfigError::Memory(memory_mb));
        }
        Ok(Limits {
            timeout: Duration::from_secs_f64(timeout_secs),
            memory_mb,
            ..Limits::default()
        })
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout: Duration::from_secs(10),
            memory_mb: 2048,
            file_size_mb: 64,
            output_cap: 64 * 1024,
        }
    }
}

mod duration_ms {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(d.as_millis() as u64)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        Ok(Duration::from_millis(u64::deserialize(d)?))
    }
}

/// One script to run.
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    /// The file name shown in tracebacks (`script.py`), not a path that is opened.
    pub name: String,
    /// The source, as bytes: Python decides the encoding (PEP 263), as it would for a file.
    pub code: Vec<u8>,
    /// Seed of `random` and `numpy.random`.
    pub seed: u64,
}

impl Job {
    pub fn new(name: impl Into<String>, code: impl Into<Vec<u8>>) -> Job {
        Job {
            name: name.into(),
            code: code.into(),
            seed: 0,
        }
    }
}

/// The exception a script raised, or why it did not compile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JobError {
    /// Exception type name (`ZeroDivisionError`, `SyntaxError`, `Forbidden`, …).
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
    /// Line in the submission where it happened (the innermost of its own frames).
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// Traceback starting at the submission's frames, with its own line numbers.
    pub traceback: String,
}

/// Milliseconds spent in each phase of a job.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Timings {
    /// Running the submission (the job's own report).
    pub exec: Option<f64>,
    /// Pickling its figures for the reader (the job's own report).
    pub pack: Option<f64>,
    /// Inside the job's process, compile to the last figure handed over.
    pub total: Option<f64>,
    /// Minor page faults in the job's process over `total` (a count, not ms):
    /// copy-on-write copies and first touches of new memory.
    pub page_faults: Option<f64>,
    /// In the reader: unpickling and checking the figures.
    pub unpack: Option<f64>,
    /// In the reader: drawing the figures.
    pub render: Option<f64>,
    /// In the reader: reading the scene back from the drawn figures.
    pub scene: Option<f64>,
    /// The reader's whole work.
    pub read: Option<f64>,
    /// Minor page faults in the reader's process over `read`.
    pub read_page_faults: Option<f64>,
    /// As the parent saw it: job sent to figures read.
    pub wall: Option<f64>,
}

/// Everything a job produced.
/// `Default` is what a frame from the shim starts from (it always sets the status).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Outcome {
    pub status: Status,
    pub error: Option<JobError>,
    /// Why the worker decided the status when the child could not say (signal, deadline).
    pub detail: Option<String>,
    pub stdout: String,
    pub stderr: String,
    /// Characters printed past the cap and not kept.
    pub stdout_dropped: u64,
    pub stderr_dropped: u64,
    /// What the script tried that it may not do, in order.
    pub forbidden: Vec<String>,
    /// Paths given to `savefig` (nothing is written there; the figure is captured).
    pub saved_paths: Vec<String>,
    pub show_calls: u32,
    /// Backends asked for with `matplotlib.use` (ignored: rendering is always Agg).
    pub backend_requests: Vec<String>,
    pub figures: usize,
    pub scene: Scene,
    #[serde(rename = "timings_ms")]
    pub timings: Timings,
    /// One PNG per figure, in scene order. Carried as frame blobs, not JSON.
    #[serde(skip)]
    pub pngs: Vec<Vec<u8>>,
    /// The job's worker died under it twice (killed from outside): not the submission's
    /// doing, so a resumed run tries it again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub worker_lost: bool,
}

impl Outcome {
    /// An outcome decided outside the script (by the worker or the pool).
    pub fn failed(status: Status, detail: impl Into<String>) -> Outcome {
        Outcome {
            status,
            error: None,
            detail: Some(detail.into()),
            stdout: String::new(),
            stderr: String::new(),
            stdout_dropped: 0,
            stderr_dropped: 0,
            forbidden: Vec::new(),
            saved_paths: Vec::new(),
            show_calls: 0,
            backend_requests: Vec::new(),
            figures: 0,
            scene: Scene::default(),
            timings: Timings::default(),
            pngs: Vec::new(),
            worker_lost: false,
        }
    }

    /// One line for a person: the status and what explains it.
    pub fn summary(&self) -> String {
        let mut s = self.status.to_string();
        match self.status {
            Status::Ok => s += &format!(": {} figure(s)", self.figures),
            _ => {
                if let Some(e) = &self.error {
                    s += &format!(": {}: {}", e.kind, e.message);
                    if let Some(line) = e.line {
                        s += &format!(" (line {line})");
                    }
                } else if let Some(d) = &self.detail {
                    s += &format!(": {d}");
                }
            }
        }
        s
    }
}
