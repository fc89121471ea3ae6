//! The system calls a job or reader may make: an allow-list, everything else refused.
//!
//! Two filters, stacked (the kernel applies the strictest answer of all filters):
//! - [`escapes`]: the calls that only an escape or an attack makes — processes, sockets,
//!   io_uring, ptrace, signals to anyone but itself (every signalling call, with its
//!   target checked), `fcntl` signal ownership, namespaces, BPF — kill the process
//!   (SIGSYS), which the worker reports as `forbidden`;
//! - [`allowed`]: what Python, numpy, matplotlib and the child's own Rust use (the list was
//!   read with `strace -f -c` over the suite and the Matplotlib gallery); any other call
//!   fails with ENOSYS, so an honest library that probes a newer call falls back (glibc
//!   does for `clone3`, `faccessat2`, `statx`) and nothing unlisted ever runs.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

type Rules = BTreeMap<i64, Vec<SeccompRule>>;

fn err(e: impl std::fmt::Display) -> String {
    format!("seccomp: {e}")
}

fn cond(
    arg: u8,
    len: SeccompCmpArgLen,
    op: SeccompCmpOp,
    v: u64,
) -> Result<SeccompCondition, String> {
    SeccompCondition::new(arg, len, op, v).map_err(err)
}

fn rule(conds: Vec<SeccompCondition>) -> Result<SeccompRule, String> {
    SeccompRule::new(conds).map_err(err)
}

/// Install both filters. Must be the last wall: after it, this process cannot start a
/// process, open a socket or signal anyone but itself.
pub fn restrict_syscalls() -> Result<(), String> {
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(err)?;
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() } as u64;
    // The escapes first: installing a filter is itself a call the allow-list refuses.
    for filter in [escapes(arch, me)?, allowed(arch)?] {
        let prog: BpfProgram = filter.try_into().map_err(err)?;
        seccompiler::apply_filter(&prog).map_err(err)?;
    }
    Ok(())
}

/// Calls that kill the process. `me` is this process's id (= its thread group id).
fn escapes(arch: TargetArch, me: u64) -> Result<SeccompFilter, String> {
    use SeccompCmpArgLen::{Dword, Qword};
    use SeccompCmpOp::{Eq, MaskedEq, Ne};
    let mut kill = Rules::new();
    let always = [
        // New processes and programs.
        libc::SYS_vfork,
        libc::SYS_execve,
        libc::SYS_execveat,
        // Reaching into other processes.
        libc::SYS_ptrace,
        libc::SYS_process_vm_writev,
        libc::SYS_process_vm_readv,
        libc::SYS_kcmp,
        libc::SYS_pidfd_open,
        libc::SYS_pidfd_send_signal,
        libc::SYS_pidfd_getfd,
        // The network, and io_uring, which can open and use sockets with no socket(2).
        libc::SYS_socket,
        libc::SYS_socketpair,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        // The machine and its namespaces.
        libc::SYS_kexec_load,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_reboot,
        libc::SYS_setns,
        libc::SYS_unshare,
        libc::SYS_bpf,
        libc::SYS_perf_event_open,
        libc::SYS_userfaultfd,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_open_by_handle_at,
        libc::SYS_name_to_handle_at,
        libc::SYS_init_module,
        libc::SYS_finit_module,
        libc::SYS_delete_module,
    ];
    for sc in always {
        kill.insert(sc, vec![]);
    }
    #[cfg(target_arch = "x86_64")]
    kill.insert(libc::SYS_fork, vec![]);
    // clone without CLONE_THREAD makes a process; with it, a thread (allowed). clone3
    // hides its flags in memory where seccomp cannot look: it is not on the allow-list,
    // so libc gets ENOSYS and falls back to clone, which this rule can inspect.
    kill.insert(
        libc::SYS_clone,
        vec![rule(vec![cond(
            0,
            Qword,
            MaskedEq(libc::CLONE_THREAD as u64),
            0,
        )?])?],
    );
    // Every way to signal: only this process itself. (kill(0, …) and kill(-1, …) name a
    // group or everyone, so they are not `me` either.)
    let only_me = |arg: u8| -> Result<Vec<SeccompRule>, String> {
        Ok(vec![rule(vec![cond(arg, Dword, Ne, me)?])?])
    };
    kill.insert(libc::SYS_kill, only_me(0)?);
    kill.insert(libc::SYS_tgkill, only_me(0)?);
    kill.insert(libc::SYS_rt_sigqueueinfo, only_me(0)?);
    kill.insert(libc::SYS_rt_tgsigqueueinfo, only_me(0)?);
    // tkill names a thread id, which may be another process's: never needed (glibc's
    // pthread_kill and raise use tgkill).
    kill.insert(libc::SYS_tkill, vec![]);
    // Signal ownership of a descriptor (SIGIO/SIGURG sent to any process or group):
    // F_SETOWN, F_SETSIG (10), F_SETOWN_EX (15), F_SETLEASE. (The libc crate names only
    // some of them; the numbers are the kernel's, the same on every architecture.)
    const F_SETSIG: i32 = 10;
    const F_SETOWN_EX: i32 = 15;
    kill.insert(
        libc::SYS_fcntl,
        [libc::F_SETOWN, F_SETSIG, F_SETOWN_EX, libc::F_SETLEASE]
            .into_iter()
            .map(|cmd| rule(vec![cond(1, Dword, Eq, cmd as u64)?]))
            .collect::<Result<_, _>>()?,
    );
    // Faking keyboard input on a terminal.
    #[allow(clippy::unnecessary_cast)] // ioctl numbers are c_ulong on glibc, c_int on musl
    kill.insert(
        libc::SYS_ioctl,
        vec![rule(vec![cond(1, Dword, Eq, libc::TIOCSTI as u64)?])?],
    );
    // Resource limits of another process.
    kill.insert(
        libc::SYS_prlimit64,
        vec![rule(vec![cond(0, Dword, Ne, 0)?, cond(0, Dword, Ne, me)?])?],
    );
    SeccompFilter::new(kill, SeccompAction::Allow, SeccompAction::KillProcess, arch).map_err(err)
}

/// The allow-list; anything else is ENOSYS.
#[allow(clippy::too_many_lines)] // a table of data: one entry per system call
fn allowed(arch: TargetArch) -> Result<SeccompFilter, String> {
    use SeccompCmpArgLen::Dword;
    use SeccompCmpOp::Eq;
    let mut allow = Rules::new();
    let plain = [
        // Files and descriptors (Landlock decides which paths).
        libc::SYS_read,
        libc::SYS_write,
        libc::SYS_readv,
        libc::SYS_writev,
        libc::SYS_pread64,
        libc::SYS_pwrite64,
        libc::SYS_preadv,
        libc::SYS_pwritev,
        libc::SYS_preadv2,
        libc::SYS_pwritev2,
        libc::SYS_lseek,
        libc::SYS_openat,
        libc::SYS_close,
        libc::SYS_close_range,
        libc::SYS_fstat,
        libc::SYS_newfstatat,
        libc::SYS_statx,
        libc::SYS_statfs,
        libc::SYS_fstatfs,
        libc::SYS_faccessat,
        libc::SYS_faccessat2,
        libc::SYS_readlinkat,
        libc::SYS_getdents64,
        libc::SYS_getcwd,
        libc::SYS_chdir,
        libc::SYS_fchdir,
        libc::SYS_mkdirat,
        libc::SYS_unlinkat,
        libc::SYS_renameat,
        libc::SYS_renameat2,
        libc::SYS_linkat,
        libc::SYS_symlinkat,
        libc::SYS_fchmod,
        libc::SYS_fchmodat,
        libc::SYS_utimensat,
        libc::SYS_truncate,
        libc::SYS_ftruncate,
        libc::SYS_fallocate,
        libc::SYS_fsync,
        libc::SYS_fdatasync,
        libc::SYS_flock,
        libc::SYS_fadvise64,
        libc::SYS_sendfile,
        libc::SYS_copy_file_range,
        libc::SYS_dup,
        libc::SYS_dup3,
        libc::SYS_fcntl,
        libc::SYS_pipe2,
        libc::SYS_memfd_create,
        // Memory.
        libc::SYS_brk,
        libc::SYS_mmap,
        libc::SYS_munmap,
        libc::SYS_mremap,
        libc::SYS_mprotect,
        libc::SYS_madvise,
        libc::SYS_msync,
        libc::SYS_mincore,
        libc::SYS_membarrier,
        // Threads (clone only with CLONE_THREAD: see the escapes filter) and time.
        libc::SYS_clone,
        libc::SYS_exit,
        libc::SYS_exit_group,
        libc::SYS_set_tid_address,
        libc::SYS_set_robust_list,
        libc::SYS_get_robust_list,
        libc::SYS_rseq,
        libc::SYS_futex,
        libc::SYS_sched_yield,
        libc::SYS_sched_getaffinity,
        libc::SYS_getcpu,
        libc::SYS_nanosleep,
        libc::SYS_clock_nanosleep,
        libc::SYS_clock_gettime,
        libc::SYS_clock_getres,
        libc::SYS_gettimeofday,
        libc::SYS_times,
        libc::SYS_getrusage,
        libc::SYS_getrandom,
        // Who and where it is.
        libc::SYS_gettid,
        libc::SYS_getpid,
        libc::SYS_getppid,
        libc::SYS_getuid,
        libc::SYS_geteuid,
        libc::SYS_getgid,
        libc::SYS_getegid,
        libc::SYS_getgroups,
        libc::SYS_getresuid,
        libc::SYS_getresgid,
        libc::SYS_getpgid,
        libc::SYS_getsid,
        libc::SYS_uname,
        libc::SYS_sysinfo,
        libc::SYS_prlimit64,
        libc::SYS_setrlimit,
        libc::SYS_getrlimit,
        libc::SYS_capget,
        // Signals to itself (the escapes filter checks every target).
        libc::SYS_rt_sigaction,
        libc::SYS_rt_sigprocmask,
        libc::SYS_rt_sigreturn,
        libc::SYS_rt_sigpending,
        libc::SYS_rt_sigtimedwait,
        libc::SYS_rt_sigsuspend,
        libc::SYS_sigaltstack,
        libc::SYS_restart_syscall,
        libc::SYS_kill,
        libc::SYS_tgkill,
        libc::SYS_rt_sigqueueinfo,
        libc::SYS_rt_tgsigqueueinfo,
        libc::SYS_setitimer,
        libc::SYS_getitimer,
        libc::SYS_timer_create,
        libc::SYS_timer_settime,
        libc::SYS_timer_gettime,
        libc::SYS_timer_getoverrun,
        libc::SYS_timer_delete,
        // Waiting on descriptors.
        libc::SYS_ppoll,
        libc::SYS_pselect6,
        libc::SYS_epoll_create1,
        libc::SYS_epoll_ctl,
        libc::SYS_epoll_pwait,
        libc::SYS_epoll_pwait2,
        libc::SYS_eventfd2,
        libc::SYS_timerfd_create,
        libc::SYS_timerfd_settime,
        libc::SYS_timerfd_gettime,
        libc::SYS_signalfd4,
    ];
    for sc in plain {
        allow.insert(sc, vec![]);
    }
    #[cfg(target_arch = "x86_64")]
    for sc in [
        libc::SYS_open,
        libc::SYS_stat,
        libc::SYS_lstat,
        libc::SYS_access,
        libc::SYS_readlink,
        libc::SYS_getdents,
        libc::SYS_mkdir,
        libc::SYS_rmdir,
        libc::SYS_unlink,
        libc::SYS_rename,
        libc::SYS_link,
        libc::SYS_symlink,
        libc::SYS_chmod,
        libc::SYS_dup2,
        libc::SYS_pipe,
        libc::SYS_poll,
        libc::SYS_select,
        libc::SYS_epoll_create,
        libc::SYS_epoll_wait,
        libc::SYS_eventfd,
        libc::SYS_alarm,
        libc::SYS_pause,
        libc::SYS_time,
        libc::SYS_arch_prctl,
    ] {
        allow.insert(sc, vec![]);
    }
    // ioctl: what isatty, non-blocking I/O and close-on-exec ask; not terminal control.
    #[allow(clippy::unnecessary_cast)] // ioctl numbers are c_ulong on glibc, c_int on musl
    allow.insert(
        libc::SYS_ioctl,
        [
            libc::TCGETS,
            libc::TIOCGWINSZ,
            libc::FIONREAD,
            libc::FIONBIO,
            libc::FIOCLEX,
            libc::FIONCLEX,
        ]
        .into_iter()
        .map(|req| rule(vec![cond(1, Dword, Eq, req as u64)?]))
        .collect::<Result<_, _>>()?,
    );
    // prctl: naming threads and reading its own state.
    allow.insert(
        libc::SYS_prctl,
        [
            libc::PR_SET_NAME,
            libc::PR_GET_NAME,
            libc::PR_GET_DUMPABLE,
            libc::PR_GET_SECCOMP,
            libc::PR_CAPBSET_READ,
            libc::PR_GET_NO_NEW_PRIVS,
            libc::PR_SET_VMA,
        ]
        .into_iter()
        .map(|op| rule(vec![cond(0, Dword, Eq, op as u64)?]))
        .collect::<Result<_, _>>()?,
    );
    SeccompFilter::new(
        allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        SeccompAction::Allow,
        arch,
    )
    .map_err(err)
}
