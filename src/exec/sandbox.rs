//! The walls around one job's child process, raised right after `fork`, before any of the
//! submission runs.
//!
//! Layers, each covering what the one above cannot:
//! 1. file descriptors: stdin/stdout/stderr go to `/dev/null` and the worker's protocol
//!    pipes are closed, so the child can only talk through its own result pipe;
//! 2. rlimits: address space, CPU seconds, file size, open files, no core dumps;
//! 3. Landlock: read only the interpreter's own trees, read and write only the job's
//!    directory (holds against ctypes and raw syscalls; the kernel checks paths);
//! 4. seccomp: no fork/exec, no sockets, no signals to other processes, no ptrace; a
//!    child that tries is killed with SIGSYS, which the worker reports as `forbidden`.
//!
//! The shim's audit hook, installed later in Python, names these acts for the report; these
//! layers are what actually stop them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, Ruleset, RulesetAttr, RulesetCreatedAttr, RulesetStatus,
    path_beneath_rules,
};
use seccompiler::{
    SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule,
    TargetArch,
};

use super::Limits;

/// What the sandbox could enforce on this kernel, reported once per worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enforcement {
    Full,
    /// Landlock is missing or partial on this kernel: file access is guarded only by the
    /// audit hook and the job's own directory.
    NoLandlock,
}

/// Point the standard streams at /dev/null and close the descriptors the job must not
/// reach (the worker's protocol, another job's pipe). `keep` are the job's own pipes.
pub fn isolate_fds(keep: &[i32], close: &[i32]) -> Result<(), String> {
    // SAFETY: plain descriptor syscalls on descriptors this process owns.
    unsafe {
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        if null < 0 {
            return Err(format!(
                "open /dev/null: {}",
                std::io::Error::last_os_error()
            ));
        }
        for fd in 0..3 {
            if !keep.contains(&fd) && libc::dup2(null, fd) < 0 {
                return Err(format!("dup2: {}", std::io::Error::last_os_error()));
            }
        }
        if null > 2 && !keep.contains(&null) {
            libc::close(null);
        }
        for &fd in close {
            if !keep.contains(&fd) && fd > 2 {
                libc::close(fd);
            }
        }
    }
    Ok(())
}

/// Apply the resource limits. Memory is counted on top of `base_as`, what the warm
/// interpreter already maps ([`address_space`], read by the worker before it forks), so
/// the allowance does not depend on how big numpy and matplotlib are.
pub fn set_rlimits(limits: &Limits, base_as: u64) -> Result<(), String> {
    let mem = base_as.saturating_add(limits.memory_mb.saturating_mul(1 << 20));
    let cpu = limits.timeout.as_secs().saturating_add(2);
    let fsize = limits.file_size_mb.saturating_mul(1 << 20);
    let set = |res, soft: u64, hard: u64, name: &str| -> Result<(), String> {
        let rl = libc::rlimit {
            rlim_cur: soft,
            rlim_max: hard,
        };
        // SAFETY: setrlimit with a valid struct.
        if unsafe { libc::setrlimit(res, &rl) } != 0 {
            return Err(format!(
                "setrlimit {name}: {}",
                std::io::Error::last_os_error()
            ));
        }
        Ok(())
    };
    set(libc::RLIMIT_AS, mem, mem, "AS")?;
    set(libc::RLIMIT_CPU, cpu, cpu + 1, "CPU")?;
    set(libc::RLIMIT_FSIZE, fsize, fsize, "FSIZE")?;
    set(libc::RLIMIT_CORE, 0, 0, "CORE")?;
    set(libc::RLIMIT_NOFILE, 256, 256, "NOFILE")?;
    // Not enforced for root (seccomp is what stops forks there), but right for others.
    set(libc::RLIMIT_NPROC, 0, 0, "NPROC").ok();
    // If the worker dies, its job dies with it.
    // SAFETY: prctl with constant arguments.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    Ok(())
}

/// The size of this process's address space, in bytes (0 if unknown).
pub fn address_space() -> u64 {
    current_address_space().unwrap_or(0)
}

fn current_address_space() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().next()?.parse().ok()?;
    // SAFETY: sysconf with a constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64;
    Some(pages * page)
}

/// Restrict the filesystem: read under `read_roots`, read and write under `workdir`.
pub fn restrict_files(workdir: &Path, read_roots: &[PathBuf]) -> Result<Enforcement, String> {
    let abi = ABI::V3;
    let status = Ruleset::default()
        .handle_access(AccessFs::from_all(abi))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(read_roots, AccessFs::from_read(abi))))
        .and_then(|r| r.add_rules(path_beneath_rules([workdir], AccessFs::from_all(abi))))
        .and_then(|r| r.add_rules(path_beneath_rules(["/dev/null"], AccessFs::from_all(abi))))
        .and_then(|r| r.restrict_self())
        .map_err(|e| format!("landlock: {e}"))?;
    Ok(match status.ruleset {
        RulesetStatus::FullyEnforced => Enforcement::Full,
        _ => Enforcement::NoLandlock,
    })
}

/// Install the syscall filters. Must be the last step: after it, this process cannot
/// fork, exec, open sockets or signal anyone but itself.
pub fn restrict_syscalls() -> Result<(), String> {
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| format!("seccomp: {e}"))?;
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() } as u64;
    let ne =
        |arg: u8, v: u64| SeccompCondition::new(arg, SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, v);
    let rule = |conds: Vec<SeccompCondition>| SeccompRule::new(conds);
    let err = |e: seccompiler::BackendError| format!("seccomp: {e}");

    // Killed on the spot: a child that does these is `forbidden` (the worker sees SIGSYS).
    let clone_thread = libc::CLONE_THREAD as u64;
    let mut kill: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for sc in [
        libc::SYS_fork,
        libc::SYS_vfork,
        libc::SYS_execve,
        libc::SYS_execveat,
        libc::SYS_ptrace,
        libc::SYS_process_vm_writev,
        libc::SYS_process_vm_readv,
        libc::SYS_tkill,
        libc::SYS_kexec_load,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_reboot,
        libc::SYS_setns,
        libc::SYS_unshare,
    ] {
        kill.insert(sc, vec![]);
    }
    // clone without CLONE_THREAD makes a process; with it, a thread (allowed).
    let no_thread = SeccompCondition::new(
        0,
        SeccompCmpArgLen::Qword,
        SeccompCmpOp::MaskedEq(clone_thread),
        0,
    )
    .map_err(err)?;
    kill.insert(libc::SYS_clone, vec![rule(vec![no_thread]).map_err(err)?]);
    // Signals only to itself.
    kill.insert(
        libc::SYS_kill,
        vec![rule(vec![ne(0, me).map_err(err)?]).map_err(err)?],
    );
    kill.insert(
        libc::SYS_tgkill,
        vec![rule(vec![ne(0, me).map_err(err)?]).map_err(err)?],
    );
    // No sockets at all: nothing a figure needs, and even a local (AF_UNIX) socket could
    // reach a daemon on this machine. Python's own socket module is stopped earlier, by
    // the audit hook, with a readable message; this catches ctypes and the like.
    kill.insert(libc::SYS_socket, vec![]);
    kill.insert(libc::SYS_socketpair, vec![]);
    let kill = SeccompFilter::new(kill, SeccompAction::Allow, SeccompAction::KillProcess, arch)
        .map_err(err)?;

    // clone3 hides its flags in memory where seccomp cannot look: make libc fall back to
    // clone, which the filter above can inspect.
    let mut nosys: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    nosys.insert(libc::SYS_clone3, vec![]);
    let nosys = SeccompFilter::new(
        nosys,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .map_err(err)?;

    for filter in [nosys, kill] {
        let prog: seccompiler::BpfProgram = filter.try_into().map_err(err)?;
        seccompiler::apply_filter(&prog).map_err(|e| format!("seccomp: {e}"))?;
    }
    Ok(())
}
