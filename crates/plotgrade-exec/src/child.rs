//! A child forked from the template: walled in, then one job or one read, then `_exit`.
//!
//! Both roles are forked *ahead* of their input and raise every wall before it arrives,
//! so a job (or a figure to read) finds its process ready. Input comes on
//! [`INPUT_FD`](super::sandbox::INPUT_FD), the one reply goes out on
//! [`OUTPUT_FD`](super::sandbox::OUTPUT_FD); no other descriptor survives the walls.
//!
//! - A **job** runs the submission and hands each figure over as bytes. Nothing it
//!   reports is trusted, not even by this code: it runs after the submission did.
//! - A **reader** draws the bytes a job handed over and reads the scene. It runs no
//!   submission code, holds nothing of the task but those bytes, and its own walls are
//!   stricter (no writable directory at all).

use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::protocol::Frame;
use super::sandbox::{self, INPUT_FD, JobDir, OUTPUT_FD};
use super::{Limits, Outcome, Status, python, seccomp};

/// Which kind of child to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Job,
    Reader,
}

/// What a job's child is told with its code (its limits were applied at the fork).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobOrder {
    pub name: String,
    pub seed: u64,
    pub output_cap: usize,
}

/// Everything a child needs to raise its walls; all of it decided by the template.
pub struct Setup<'a> {
    pub role: Role,
    pub limits: &'a Limits,
    /// The template's address space at the fork; the memory limit is counted on top.
    pub base_as: u64,
    /// A job's directory (a mount point for its quota tmpfs, or a plain directory).
    pub workdir: &'a Path,
    pub read_roots: &'a [PathBuf],
    /// The uid to become (when the template runs as root).
    pub uid: Option<u32>,
    /// Copy shared pages ahead of the input (a core is free for it).
    pub warm: bool,
}

/// The child's side of the fork. Never returns.
pub fn main(setup: &Setup<'_>, input: OwnedFd, output: OwnedFd) -> ! {
    let walls = raise_walls(setup, input.as_raw_fd(), output.as_raw_fd());
    // The originals were duplicated to their fixed numbers (and the rest closed).
    std::mem::forget(input);
    std::mem::forget(output);
    // SAFETY: the descriptors were placed by `isolate_fds` and are owned by this process.
    let (input, output) = unsafe {
        (
            OwnedFd::from_raw_fd(INPUT_FD),
            OwnedFd::from_raw_fd(OUTPUT_FD),
        )
    };
    if setup.warm && walls.is_ok() {
        // Copy the shared pages the work would otherwise fault in one by one, stopping as
        // soon as the input is there. A kernel without MADV_POPULATE_WRITE (< 5.14) gets
        // the older way: draw the warm-up figure again. A failure costs only speed.
        let fd = input.as_raw_fd();
        if super::populate::populate(|| readable(fd)).is_err() {
            let _ = python::prefault(|| readable(fd));
        }
    }
    let mut input = File::from(input);
    let frame = match Frame::read_from(&mut input) {
        Ok(Some(f)) => f,
        // Discarded as a spare, or the parent went away.
        _ => exit(0),
    };
    drop(input);
    let reply = match walls {
        Err(e) => Frame::new(
            &Outcome::failed(Status::Crashed, format!("sandbox setup failed: {e}")),
            vec![],
        ),
        Ok(()) => match setup.role {
            Role::Job => run_job(frame),
            Role::Reader => read(frame),
        },
    };
    let mut output = File::from(output);
    let code = match reply.and_then(|f| f.write_to(&mut output)) {
        Ok(()) => 0,
        Err(_) => 3,
    };
    // Closed now, not at exit: the parent answers as soon as it sees the end of the reply.
    drop(output);
    exit(code)
}

fn exit(code: i32) -> ! {
    // SAFETY: leave without atexit handlers or Python finalisation.
    unsafe { libc::_exit(code) }
}

/// Every wall, in the order the kernel allows them: descriptors, the quota mount (needs
/// privileges), settings, rlimits, credentials, Landlock, and seccomp last.
fn raise_walls(setup: &Setup<'_>, input: i32, output: i32) -> Result<(), String> {
    sandbox::isolate_fds(input, output).map_err(|e| e.to_string())?;
    let write = match setup.role {
        Role::Job => {
            let dir = sandbox::mount_job_dir(setup.workdir, setup.limits.file_size_mb, setup.uid)
                .map_err(|e| e.to_string())?;
            if dir == JobDir::Plain {
                // No namespace here: a directory of this child's own, removed when the
                // template reaps it.
                let own = own_dir(setup.workdir);
                std::fs::create_dir_all(&own).map_err(|e| format!("job directory: {e}"))?;
                if let Some(uid) = setup.uid {
                    let path = std::ffi::CString::new(own.as_os_str().as_encoded_bytes())
                        .map_err(|e| e.to_string())?;
                    // SAFETY: a valid path.
                    unsafe { libc::chown(path.as_ptr(), uid, uid) };
                }
                Some(own)
            } else {
                Some(setup.workdir.to_path_buf())
            }
        }
        Role::Reader => None,
    };
    python::ready(write.as_deref())?;
    if let Some(dir) = &write {
        python::install_guard(dir, setup.read_roots)?;
    } else {
        std::env::set_current_dir("/").map_err(|e| e.to_string())?;
    }
    sandbox::set_rlimits(setup.limits, setup.base_as).map_err(|e| e.to_string())?;
    if let Some(uid) = setup.uid {
        sandbox::drop_privileges(uid).map_err(|e| e.to_string())?;
    }
    sandbox::finish_credentials().map_err(|e| e.to_string())?;
    sandbox::restrict_files(write.as_deref(), setup.read_roots)?;
    seccomp::restrict_syscalls()
}

/// A job's own directory when no mount namespace could be made.
pub fn own_dir(workdir: &Path) -> PathBuf {
    // SAFETY: getpid has no preconditions.
    workdir.with_file_name(format!("job-{}", unsafe { libc::getpid() }))
}

fn run_job(frame: Frame) -> std::io::Result<Frame> {
    let order: JobOrder = match frame.header() {
        Ok(o) => o,
        Err(e) => {
            return Frame::new(
                &Outcome::failed(Status::Crashed, format!("bad job order: {e}")),
                vec![],
            );
        }
    };
    let code = frame.blobs.into_iter().next().unwrap_or_default();
    let options =
        serde_json::json!({ "seed": order.seed, "output_cap": order.output_cap }).to_string();
    match python::run_job(&code, &order.name, &options) {
        Ok((header, payloads)) => Ok(Frame {
            header: with_attempts(header),
            blobs: payloads,
        }),
        Err(e) => Frame::new(
            &Outcome::failed(Status::Crashed, format!("the shim failed: {e}")),
            vec![],
        ),
    }
}

/// The job's header with what the audit hook recorded: the attempts, and `forbidden`
/// as the status when there were any, caught or not.
fn with_attempts(header: String) -> Vec<u8> {
    let attempts = super::guard::attempts();
    let Ok(mut value) = serde_json::from_str::<serde_json::Value>(&header) else {
        return header.into_bytes();
    };
    if !attempts.is_empty() {
        value["status"] = "forbidden".into();
        if value["error"].is_null() || value["error"]["type"] != "Forbidden" {
            value["error"] = serde_json::json!({
                "type": "Forbidden", "message": attempts[0], "line": null,
                "column": null, "traceback": "",
            });
        }
    }
    value["forbidden"] = attempts.into();
    serde_json::to_vec(&value).unwrap_or_else(|_| header.into_bytes())
}

fn read(frame: Frame) -> std::io::Result<Frame> {
    match python::read_figures(frame.blobs) {
        Ok((header, pngs)) => Ok(Frame {
            header: header.into_bytes(),
            blobs: pngs,
        }),
        Err(e) => Frame::new(
            &Outcome::failed(Status::Crashed, format!("the reader failed: {e}")),
            vec![],
        ),
    }
}

/// Whether `fd` has data (or EOF) waiting, without blocking.
fn readable(fd: i32) -> bool {
    let mut pfd = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, zero timeout.
    unsafe { libc::poll(&mut pfd, 1, 0) > 0 }
}
