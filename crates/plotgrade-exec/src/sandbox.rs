//! The walls around a forked child (a job or a reader), raised before any of its input
//! arrives. Each layer covers what the one above cannot:
//!
//! 1. descriptors: the child keeps its two pipes (moved to 3 and 4) and /dev/null on
//!    0–2; every other descriptor it inherited is closed (`close_range`);
//! 2. a private mount namespace with a tmpfs of fixed size as the job's directory: the
//!    quota on what a job may write, gone with the job;
//! 3. rlimits: address space, CPU seconds, file size, open files, no core dumps;
//! 4. credentials: when plotgrade runs as root, the child becomes an unprivileged uid of
//!    its own (keeping only `CAP_DAC_READ_SEARCH`, so the interpreter's files under a
//!    private home stay readable; Landlock decides which);
//! 5. Landlock: read only the interpreter's trees, write only the job's directory, no
//!    TCP, and (ABI 6) no signals or abstract sockets outside its own domain;
//! 6. seccomp (`seccomp.rs`): an allow-list of system calls; the escapes are killed.
//!
//! The Rust audit hook (`guard.rs`) names the acts for the report; these layers are what
//! actually stop them.

use std::ffi::CString;
use std::io;
use std::os::fd::RawFd;
use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};

use super::Limits;

/// The descriptor numbers a child finds its input and output pipes on.
pub const INPUT_FD: RawFd = 3;
pub const OUTPUT_FD: RawFd = 4;

/// What the sandbox could enforce on this kernel, reported once per worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enforcement {
    Full,
    /// Landlock is missing or partial on this kernel: file access is guarded only by the
    /// audit hook and the job's own directory.
    NoLandlock,
}

fn os_err(what: &str) -> io::Error {
    let e = io::Error::last_os_error();
    io::Error::new(e.kind(), format!("{what}: {e}"))
}

/// Keep only `input` and `output` (as [`INPUT_FD`] and [`OUTPUT_FD`]) and /dev/null on
/// the standard descriptors; close everything else this process inherited.
pub fn isolate_fds(input: RawFd, output: RawFd) -> io::Result<()> {
    // SAFETY: descriptor syscalls on descriptors this process owns; the child is single-
    // threaded, so no other thread can be using a descriptor closed here.
    unsafe {
        // Out of the way first, so that moving one to 3 or 4 cannot clobber the other.
        let i = libc::fcntl(input, libc::F_DUPFD_CLOEXEC, 10);
        let o = libc::fcntl(output, libc::F_DUPFD_CLOEXEC, 10);
        if i < 0 || o < 0 {
            return Err(os_err("dup"));
        }
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR | libc::O_CLOEXEC);
        if null < 0 {
            return Err(os_err("open /dev/null"));
        }
        for (from, to) in [
            (null, 0),
            (null, 1),
            (null, 2),
            (i, INPUT_FD),
            (o, OUTPUT_FD),
        ] {
            if libc::dup2(from, to) < 0 {
                return Err(os_err("dup2"));
            }
        }
        if libc::syscall(libc::SYS_close_range, OUTPUT_FD as u32 + 1, u32::MAX, 0) != 0 {
            // Kernels before 5.9: close one by one up to the limit.
            let max = libc::sysconf(libc::_SC_OPEN_MAX).clamp(64, 1 << 16) as RawFd;
            for fd in OUTPUT_FD + 1..max {
                libc::close(fd);
            }
        }
    }
    Ok(())
}

/// How a job's directory is provided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobDir {
    /// A tmpfs of the quota's size in the child's own mount namespace.
    Quota,
    /// A plain directory (no namespace could be made): no quota.
    Plain,
}

/// Give this process a private mount namespace with a `quota_mb` tmpfs on `dir`, owned by
/// `owner`. Root makes the namespace directly; anyone else through a user namespace in
/// which it is root. `Ok(JobDir::Plain)` when neither is allowed here.
pub fn mount_job_dir(dir: &Path, quota_mb: u64, owner: Option<u32>) -> io::Result<JobDir> {
    // SAFETY: namespace and mount syscalls with valid C strings; single-threaded child.
    unsafe {
        let root = libc::geteuid() == 0;
        if root {
            if libc::unshare(libc::CLONE_NEWNS) != 0 {
                return Ok(JobDir::Plain);
            }
        } else {
            let (uid, gid) = (libc::geteuid(), libc::getegid());
            if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS) != 0 {
                return Ok(JobDir::Plain);
            }
            // Inside, this process is root and maps to its own uid outside.
            std::fs::write("/proc/self/setgroups", "deny")?;
            std::fs::write("/proc/self/uid_map", format!("0 {uid} 1"))?;
            std::fs::write("/proc/self/gid_map", format!("0 {gid} 1"))?;
        }
        // Nothing mounted here may propagate back to the machine's namespace.
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            return Err(os_err("make mounts private"));
        }
        let owner = if root { owner.unwrap_or(0) } else { 0 };
        let data = CString::new(format!(
            "size={quota_mb}m,nr_inodes=4096,mode=0700,uid={owner},gid={owner}"
        ))
        .expect("no NUL");
        let target = CString::new(dir.as_os_str().as_encoded_bytes()).map_err(io::Error::other)?;
        if libc::mount(
            c"plotgrade-job".as_ptr(),
            target.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
            data.as_ptr().cast(),
        ) != 0
        {
            return Err(os_err("mount the job directory"));
        }
    }
    Ok(JobDir::Quota)
}

/// Apply the resource limits. Memory is counted on top of `base_as`, what the warm
/// interpreter already maps ([`address_space`], read by the worker before it forks), so
/// the allowance does not depend on how big numpy and matplotlib are.
pub fn set_rlimits(limits: &Limits, base_as: u64) -> io::Result<()> {
    let mem = base_as.saturating_add(limits.memory_mb.saturating_mul(1 << 20));
    let cpu = limits.timeout.as_secs().saturating_add(2);
    let fsize = limits.file_size_mb.saturating_mul(1 << 20);
    let set = |res, soft: u64, hard: u64, name: &str| -> io::Result<()> {
        let rl = libc::rlimit {
            rlim_cur: soft,
            rlim_max: hard,
        };
        // SAFETY: setrlimit with a valid struct.
        if unsafe { libc::setrlimit(res, &rl) } != 0 {
            return Err(os_err(&format!("setrlimit {name}")));
        }
        Ok(())
    };
    set(libc::RLIMIT_AS, mem, mem, "AS")?;
    set(libc::RLIMIT_CPU, cpu, cpu + 1, "CPU")?;
    set(libc::RLIMIT_FSIZE, fsize, fsize, "FSIZE")?;
    set(libc::RLIMIT_CORE, 0, 0, "CORE")?;
    set(libc::RLIMIT_NOFILE, 256, 256, "NOFILE")?;
    // Threads count as processes of the (job's own) uid; new processes are stopped by
    // seccomp, this bounds how many threads a job may start.
    set(libc::RLIMIT_NPROC, 64, 64, "NPROC").ok();
    Ok(())
}

/// The size of this process's address space, in bytes (0 if unknown).
pub fn address_space() -> u64 {
    let read = || -> Option<u64> {
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().next()?.parse().ok()?;
        // SAFETY: sysconf with a constant.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64;
        Some(pages * page)
    };
    read().unwrap_or(0)
}

/// `CAP_DAC_READ_SEARCH`: read any file the permission bits would refuse (Landlock still
/// decides which files may be read at all).
const CAP_DAC_READ_SEARCH: u32 = 2;
/// The highest capability number to drop from the bounding set.
const CAP_LAST: u32 = 63;

/// Become `uid` (and gid `uid`), no supplementary groups, keeping only
/// `CAP_DAC_READ_SEARCH`. Only for a process that runs as root.
pub fn drop_privileges(uid: u32) -> io::Result<()> {
    #[repr(C)]
    struct CapHeader {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct CapData {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const LINUX_CAPABILITY_VERSION_3: u32 = 0x2008_0522;
    // SAFETY: credential syscalls on this (single-threaded) process with valid arguments.
    unsafe {
        for cap in 0..=CAP_LAST {
            if cap != CAP_DAC_READ_SEARCH {
                // EINVAL past the kernel's last capability: nothing to drop.
                libc::prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong, 0, 0, 0);
            }
        }
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
        if libc::prctl(libc::PR_SET_KEEPCAPS, 1, 0, 0, 0) != 0 {
            return Err(os_err("keep capabilities"));
        }
        if libc::setgroups(0, std::ptr::null()) != 0 {
            return Err(os_err("setgroups"));
        }
        if libc::setresgid(uid, uid, uid) != 0 {
            return Err(os_err("setresgid"));
        }
        if libc::setresuid(uid, uid, uid) != 0 {
            return Err(os_err("setresuid"));
        }
        let header = CapHeader {
            version: LINUX_CAPABILITY_VERSION_3,
            pid: 0,
        };
        let keep = 1u32 << CAP_DAC_READ_SEARCH;
        let data = [
            CapData {
                effective: keep,
                permitted: keep,
                inheritable: 0,
            },
            CapData {
                effective: 0,
                permitted: 0,
                inheritable: 0,
            },
        ];
        if libc::syscall(libc::SYS_capset, &header, data.as_ptr()) != 0 {
            return Err(os_err("capset"));
        }
        libc::prctl(libc::PR_SET_KEEPCAPS, 0, 0, 0, 0);
        if libc::getuid() != uid || libc::geteuid() != uid || libc::setresuid(0, 0, 0) == 0 {
            return Err(io::Error::other("the uid change did not hold"));
        }
    }
    Ok(())
}

/// What any child sets once its credentials are final: readable `/proc/self` (a uid
/// change makes it root's), and death with its worker.
pub fn finish_credentials() -> io::Result<()> {
    // SAFETY: prctl with constant arguments.
    unsafe {
        libc::prctl(libc::PR_SET_DUMPABLE, 1, 0, 0, 0);
        // Cleared by a credential change, so set after it.
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
            return Err(os_err("PR_SET_PDEATHSIG"));
        }
        if libc::getppid() == 1 {
            // The worker died before we could ask to die with it.
            libc::_exit(1);
        }
    }
    Ok(())
}

/// Landlock: read under `read_roots`, read and write under `write` (a job's directory;
/// none for a reader), no TCP, and no signals or abstract sockets outside this domain.
pub fn restrict_files(write: Option<&Path>, read_roots: &[PathBuf]) -> Result<Enforcement, String> {
    let abi = ABI::V6;
    let ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))
        .and_then(|r| r.handle_access(AccessNet::from_all(abi)))
        .and_then(|r| r.scope(Scope::AbstractUnixSocket | Scope::Signal))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(read_roots, AccessFs::from_read(abi))))
        .and_then(|r| r.add_rules(path_beneath_rules(["/dev/null"], AccessFs::from_all(abi))))
        .map_err(|e| format!("landlock: {e}"))?;
    let ruleset = match write {
        Some(dir) => ruleset
            .add_rules(path_beneath_rules([dir], AccessFs::from_all(abi)))
            .map_err(|e| format!("landlock: {e}"))?,
        None => ruleset,
    };
    let status = ruleset
        .restrict_self()
        .map_err(|e| format!("landlock: {e}"))?;
    // Partial: an older kernel without the newer rights (TCP, scopes, truncate); the
    // file rules that matter most (read and write outside the roots) hold from ABI 1.
    Ok(match status.ruleset {
        RulesetStatus::FullyEnforced | RulesetStatus::PartiallyEnforced => Enforcement::Full,
        RulesetStatus::NotEnforced => Enforcement::NoLandlock,
    })
}
