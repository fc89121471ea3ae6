//! Copy a spare child's shared memory ahead of its job.
//!
//! A child forked from the warm worker shares all its pages copy-on-write. The first write
//! to each (and CPython writes to nearly every object it touches, if only to count a
//! reference) costs a page fault and a 4 KiB copy, thousands of times per job. A spare
//! waiting for its job has a core to spare, so it breaks the sharing itself beforehand:
//! it finds its private writable mappings in `/proc/self/maps`, asks `/proc/self/pagemap`
//! which of their pages are present and still shared, and has the kernel copy those runs
//! with `madvise(MADV_POPULATE_WRITE)` (Linux ≥ 5.14) — one system call per run instead
//! of one fault per page, and no Python. It stops between chunks as soon as the job is
//! there, so a job waits at most one chunk.
//!
//! Written by hand: no crate wraps pagemap + populate; it is ~100 lines of parsing.

use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::FileExt;

/// Pages per `madvise` call: small enough that a job never waits long for the next check.
const CHUNK_PAGES: usize = 256;

/// pagemap entry bits (Documentation/admin-guide/mm/pagemap.rst).
const PRESENT: u64 = 1 << 63;
const EXCLUSIVE: u64 = 1 << 56;

/// What [`populate`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Populated {
    /// Pages copied (present and shared before, private now).
    pub pages: usize,
    /// Whether `stop` ended it before every shared page was copied.
    pub stopped: bool,
}

/// Copy every present, still-shared page of this process's private writable mappings,
/// checking `stop()` between chunks.
pub fn populate(mut stop: impl FnMut() -> bool) -> io::Result<Populated> {
    let mut maps = String::new();
    File::open("/proc/self/maps")?.read_to_string(&mut maps)?;
    let pagemap = File::open("/proc/self/pagemap")?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
    let mut done = Populated::default();
    let mut entries = vec![0u8; CHUNK_PAGES * 8];
    for (start, end) in maps.lines().filter_map(private_writable) {
        let mut addr = start;
        while addr < end {
            if stop() {
                done.stopped = true;
                return Ok(done);
            }
            let pages = ((end - addr) / page).min(CHUNK_PAGES);
            let buf = &mut entries[..pages * 8];
            pagemap.read_exact_at(buf, (addr / page * 8) as u64)?;
            // Runs of shared pages in this chunk, each copied with one call.
            let mut i = 0;
            while i < pages {
                if !shared(buf, i) {
                    i += 1;
                    continue;
                }
                let run = (i..pages).take_while(|&j| shared(buf, j)).count();
                let at = addr + i * page;
                // SAFETY: the range lies in a mapping of our own that is readable and
                // writable; populating only faults in pages, it changes no content.
                let r = unsafe {
                    libc::madvise(
                        at as *mut libc::c_void,
                        run * page,
                        libc::MADV_POPULATE_WRITE,
                    )
                };
                if r != 0 {
                    let e = io::Error::last_os_error();
                    // EINVAL: kernel older than 5.14 (or a special mapping); EFAULT: the
                    // mapping changed under us. Neither is worth more than the speed-up.
                    if matches!(e.raw_os_error(), Some(libc::EINVAL)) && done.pages == 0 {
                        return Err(e);
                    }
                } else {
                    done.pages += run;
                }
                i += run;
            }
            addr += pages * page;
        }
    }
    Ok(done)
}

/// Back the template's private writable memory with 2 MiB pages where the kernel can
/// (`madvise(MADV_COLLAPSE)`, Linux ≥ 6.1); returns the bytes collapsed.
///
/// Every fork copies one page-table entry per 4 KiB page of the template's memory, and
/// every child's exit tears them down, whether the child touches the page or not: for
/// the ~45 MiB of a warm interpreter that is ~11,000 entries, twice a job (its child and
/// its reader). A huge page is one entry. A child that writes into one has the kernel
/// split it into 4 KiB entries and copy only the page written, so what a job sees is
/// unchanged. Measured 2026-11-25: a bare fork per script 5–6% faster
/// (`python_shim/tools/fork_experiments.py`); `plotgrade bench` at `--jobs 1` about 2.5%
/// on average over seven pairs against `PLOTGRADE_HUGE_PAGES=0`, within its noise. Best
/// effort: a kernel without it, or memory it cannot collapse, stays in 4 KiB pages.
pub fn collapse() -> usize {
    const HUGE: usize = 2 << 20;
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else {
        return 0;
    };
    let mut collapsed = 0;
    for (start, end) in maps.lines().filter_map(private_writable) {
        // One call per huge page: a call over many fails as a whole if one of them cannot
        // be collapsed (a page still shared with a child, a sparse stretch).
        let mut at = start.next_multiple_of(HUGE);
        while at + HUGE <= end {
            // SAFETY: the range lies in a mapping of our own; collapsing moves its pages
            // into a huge page with the same contents.
            if unsafe { libc::madvise(at as *mut libc::c_void, HUGE, libc::MADV_COLLAPSE) } == 0 {
                collapsed += HUGE;
            }
            at += HUGE;
        }
    }
    collapsed
}

fn shared(entries: &[u8], i: usize) -> bool {
    let e = u64::from_ne_bytes(entries[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
    e & PRESENT != 0 && e & EXCLUSIVE == 0
}

/// `start-end rw-p …` → the range, for private writable mappings other than the kernel's.
fn private_writable(line: &str) -> Option<(usize, usize)> {
    let mut fields = line.split_ascii_whitespace();
    let range = fields.next()?;
    let perms = fields.next()?;
    if perms != "rw-p" {
        return None;
    }
    let name = fields.nth(3).unwrap_or("");
    if name.starts_with("[v") {
        return None; // [vvar], [vdso], [vsyscall]
    }
    let (a, b) = range.split_once('-')?;
    Some((
        usize::from_str_radix(a, 16).ok()?,
        usize::from_str_radix(b, 16).ok()?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_private_writable_mappings_only() {
        let maps = "\
55d0c0a00000-55d0c0a21000 rw-p 00000000 00:00 0                          [heap]
7f1e2c000000-7f1e2c021000 rw-p 00000000 00:00 0
7f1e30000000-7f1e30200000 r-xp 00000000 08:01 1234                       /usr/lib/libc.so.6
7f1e30400000-7f1e30401000 rw-s 00000000 00:01 99                         /dev/zero
7ffd1e5f0000-7ffd1e5f4000 rw-p 00000000 00:00 0                          [vvar]
7ffd1e6f0000-7ffd1e711000 rw-p 00000000 00:00 0                          [stack]";
        let got: Vec<_> = maps.lines().filter_map(private_writable).collect();
        assert_eq!(
            got,
            vec![
                (0x55d0c0a00000, 0x55d0c0a21000),
                (0x7f1e2c000000, 0x7f1e2c021000),
                (0x7ffd1e6f0000, 0x7ffd1e711000),
            ]
        );
    }

    /// The tests that fork or collapse, one at a time: a child forked by one shares the
    /// other's pages for a moment, and shared pages are not collapsed.
    static FORKING: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn anon_huge_kb() -> u64 {
        std::fs::read_to_string("/proc/self/smaps_rollup")
            .unwrap_or_default()
            .lines()
            .find_map(|l| l.strip_prefix("AnonHugePages:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    #[test]
    fn collapse_moves_memory_into_huge_pages_unless_the_kernel_refuses_them() {
        let _one = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        // 8 MiB written: it holds at least three whole, aligned 2 MiB stretches.
        let mut data = vec![7u8; 8 << 20];
        std::hint::black_box(&mut data);
        let done = collapse();
        if done == 0 {
            // Only a kernel that refuses is an excuse: try one aligned stretch directly.
            let huge = 2usize << 20;
            let at = (data.as_ptr() as usize).next_multiple_of(huge);
            // SAFETY: [at, at + 2 MiB) lies inside `data`.
            let r = unsafe { libc::madvise(at as *mut libc::c_void, huge, libc::MADV_COLLAPSE) };
            assert_ne!(r, 0, "collapse() did nothing where the kernel could");
        } else {
            assert!(done >= 4 << 20, "{done}");
            assert!(anon_huge_kb() >= 4096, "{} kB", anon_huge_kb());
        }
        assert!(data.iter().all(|&b| b == 7), "contents changed");
    }

    #[test]
    fn a_forked_child_copies_the_pages_it_shares_and_stops_when_asked() {
        let _one = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        // 8 MiB written in the parent: present and, after fork, shared with the child.
        let mut data = vec![1u8; 8 << 20];
        std::hint::black_box(&mut data);
        let mut fds = [0; 2];
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        // SAFETY: the child only populates, writes a few bytes and `_exit`s.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            let first = populate(|| false);
            let mut calls = 0;
            let stopped = populate(|| {
                calls += 1;
                calls > 1
            });
            let report = [
                first.as_ref().map_or(0, |p| (p.pages >= 2048) as u8),
                first.as_ref().map_or(0, |p| (!p.stopped) as u8),
                // Everything is private now: a second pass finds nothing left to copy.
                stopped.as_ref().map_or(0, |p| (p.pages == 0) as u8),
            ];
            unsafe {
                libc::write(fds[1], report.as_ptr().cast(), 3);
                libc::_exit(0);
            }
        }
        unsafe { libc::close(fds[1]) };
        let mut got = [0u8; 3];
        let n = unsafe { libc::read(fds[0], got.as_mut_ptr().cast(), 3) };
        unsafe { libc::waitpid(pid, std::ptr::null_mut(), 0) };
        assert_eq!(n, 3);
        assert_eq!(
            got,
            [1, 1, 1],
            "populated 8 MiB, ran to the end, then had nothing left"
        );
        assert_eq!(data[12345], 1);
    }
}
