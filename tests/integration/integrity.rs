//! Integrity: a submission cannot write its own verdict, reach another process, leak a
//! secret or leave anything behind. One test (or more) per attack of issue #12, each
//! written as the attacker would; each fails on the executor before the wall it proves
//! (the closing note of that issue lists what each did against the previous main).

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};

use plotgrade::exec::{ExecConfig, Job, Pool, Status};

use crate::util::{BIN, PLAIN_BAR, config, pool, run_code, show, tempdir, write};

/// A process of the machine no job has any business with; alive after every attack.
struct Bystander(Child);

impl Bystander {
    fn start() -> Bystander {
        Bystander(
            Command::new("sleep")
                .arg("600")
                .stdin(Stdio::null())
                .spawn()
                .expect("sleep"),
        )
    }
    fn pid(&self) -> u32 {
        self.0.id()
    }
    fn assert_alive(&mut self) {
        assert!(
            self.0.try_wait().unwrap().is_none(),
            "the bystander process was killed"
        );
    }
}

impl Drop for Bystander {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// After an attack, the shared pool still renders the plain script.
fn pool_unharmed() {
    for _ in 0..pool().jobs() {
        let o = run_code(PLAIN_BAR);
        assert_eq!(o.status, Status::Ok, "{}", show(&o));
    }
}

#[test]
fn a_scene_reader_replaced_by_the_job_is_not_what_is_graded() {
    // Attack 1: the wrong bar value drawn, the scene reader told to report the right one.
    let o = run_code(
        "import matplotlib.pyplot as plt\n\
         plt.bar(['Thu'], [119])\n\
         try:\n\
         \x20   import plotgrade_shim.scene as s\n\
         \x20   real = s.bar_entries\n\
         \x20   def lie(*a, **k):\n\
         \x20       bars = real(*a, **k)\n\
         \x20       for b in bars: b['height'] = 120.0\n\
         \x20       return bars\n\
         \x20   s.bar_entries = lie\n\
         \x20   import plotgrade_shim.runner as r\n\
         \x20   r.read = lambda payloads: ('{\"status\": \"ok\"}', [])\n\
         except Exception as e:\n\
         \x20   print('patch failed', e)\n",
    );
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    let bar = &o.scene.figures[0].axes[0].bars[0];
    assert_eq!(bar.height, 119.0, "the job's own scene reader was believed");
}

#[test]
fn a_result_frame_forged_on_an_inherited_descriptor_is_not_believed() {
    // Attack 2: write a frame of our own (status ok, a scene with the right value, a PNG)
    // on every descriptor that might be the result pipe, then leave at once.
    let o = run_code(
        "import json, os, struct\n\
         head = json.dumps({'status': 'ok', 'figures': 1, 'scene': {'figures': [{'index': 1, \
         'axes': [{'bars': [{'x': 0, 'height': 120.0, 'width': 0.8}]}]}]}}).encode()\n\
         png = b'\\x89PNG\\r\\n\\x1a\\n' + b'0' * 100\n\
         frame = b'PGF1' + struct.pack('<I', len(head)) + head + struct.pack('<I', 1) \
         + struct.pack('<I', len(png)) + png\n\
         for fd in range(3, 64):\n\
         \x20   try: os.write(fd, frame)\n\
         \x20   except OSError: pass\n\
         os._exit(0)\n",
    );
    assert_ne!(
        o.status,
        Status::Ok,
        "a forged frame was believed: {}",
        show(&o)
    );
    assert!(
        o.scene.figures.is_empty() && o.pngs.is_empty(),
        "{}",
        show(&o)
    );
    pool_unharmed();
}

#[test]
fn a_job_holds_no_descriptor_but_its_own_pipes() {
    let o = run_code(
        "import os, matplotlib.pyplot as plt\n\
         open_fds = []\n\
         for fd in range(0, 1024):\n\
         \x20   try: os.fstat(fd)\n\
         \x20   except OSError: continue\n\
         \x20   open_fds.append(fd)\n\
         print(open_fds)\n\
         plt.plot([1, 2])\n",
    );
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    // stdin/stdout/stderr (/dev/null) and its result pipe (its input, 3, is read and
    // closed before the job starts).
    assert_eq!(o.stdout.trim(), "[0, 1, 2, 4]", "{}", show(&o));
}

#[test]
fn descriptors_plotgrade_was_started_with_do_not_reach_a_job() {
    let dir = tempdir();
    let secret = write(dir.path(), "secret.txt", "the grader's own file");
    let script = write(
        dir.path(),
        "s.py",
        "import os, matplotlib.pyplot as plt\n\
         try:\n\
         \x20   print('read:', os.read(9, 100))\n\
         except OSError as e:\n\
         \x20   print('closed:', e.errno)\n\
         plt.plot([1, 2])\n",
    );
    let file = std::fs::File::open(&secret).unwrap();
    let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
    let mut cmd = Command::new(BIN);
    cmd.args([
        "run",
        script.to_str().unwrap(),
        "--out",
        dir.path().join("out").to_str().unwrap(),
    ]);
    // SAFETY: dup2 in the forked child before exec; no allocation.
    unsafe {
        cmd.pre_exec(move || {
            if libc::dup2(fd, 9) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let result = std::fs::read_to_string(dir.path().join("out/result.json")).unwrap();
    assert!(result.contains("closed: 9"), "{result}");
    assert!(!result.contains("the grader"), "{result}");
}

/// A pool whose jobs may take 30 s: for the attacks that do heavy work on purpose (scan
/// all of their memory, draw a million points), which on a loaded machine ran past the
/// suite's 3 s (CI, 2026-11-28) and failed on a timeout that says nothing of the wall.
fn roomy(jobs: usize) -> ExecConfig {
    let mut c = config(jobs);
    c.limits.timeout = std::time::Duration::from_secs(30);
    c
}

#[test]
fn no_earlier_jobs_bytes_are_in_a_later_jobs_memory() {
    // Attack 3: a reference job ran first (its code holds a marker); a later job scans
    // all of its own memory for the marker. The regex never holds the marker whole, so
    // only a copy of the earlier job's bytes can match.
    let p = Pool::start(roomy(1)).unwrap();
    let marker = "import matplotlib.pyplot as plt\nplt.title('ZQX_REFERENCE_SECRET_7731')\n";
    for _ in 0..3 {
        assert_eq!(p.run_one(Job::new("ref.py", marker)).status, Status::Ok);
    }
    let o = p.run_one(Job::new(
        "scan.py",
        "import re, matplotlib.pyplot as plt\n\
         pat = re.compile(rb'ZQX_REFEREN[C]E_SECRET_773[1]')\n\
         hits = scanned = 0\n\
         with open('/proc/self/maps') as maps, open('/proc/self/mem', 'rb', 0) as mem:\n\
         \x20   for line in maps:\n\
         \x20       addr, perms = line.split()[:2]\n\
         \x20       if not perms.startswith('r'): continue\n\
         \x20       lo, hi = (int(x, 16) for x in addr.split('-'))\n\
         \x20       try:\n\
         \x20           mem.seek(lo); data = mem.read(hi - lo)\n\
         \x20       except (OSError, ValueError, OverflowError): continue\n\
         \x20       scanned += len(data)\n\
         \x20       hits += len(pat.findall(data))\n\
         print(hits, scanned > 50_000_000)\n\
         plt.plot([1, 2])\n",
    ));
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    assert_eq!(o.stdout.trim(), "0 True", "{}", show(&o));
}

/// Attack 3b: a slot overlaps a job's reader with the next job's child, both of one uid.
/// The next job, through ctypes (past the audit hook), tries for a second to open the
/// memory, memory map and environment of every process near its own pid, the reader
/// drawing the earlier job's figure among them. It opens none (on this kernel not even
/// another process's `stat`: Landlock reads only the interpreter's trees; and each child
/// has a Landlock domain of its own, outside which no ptrace access, which `mem`, `maps`
/// and `environ` need, is allowed); the earlier job's figure comes back whole.
#[test]
fn a_job_cannot_reach_the_reader_drawing_the_job_before_it() {
    // The heavy figure must still be drawing while the scan runs.
    let p = Pool::start(roomy(1)).unwrap();
    let heavy = "import numpy as np, matplotlib.pyplot as plt\n\
                 plt.plot(np.sin(np.arange(1_500_000) / 1000.0))\n\
                 plt.title('ZQX_READER_SECRET_5521')\n";
    let scan = "import ctypes, os, time\n\
                libc = ctypes.CDLL(None, use_errno=True)\n\
                me = os.getpid(); seen = set(); opened = set(); t = time.time()\n\
                while time.time() - t < 1.0:\n\
                \x20   for pid in range(max(2, me - 300), me + 300):\n\
                \x20       if pid == me: continue\n\
                \x20       fd = libc.open(b'/proc/%d/stat' % pid, 0)\n\
                \x20       if fd >= 0: seen.add(pid); libc.close(fd)\n\
                \x20       for what in (b'mem', b'maps', b'environ'):\n\
                \x20           fd = libc.open(b'/proc/%d/' % pid + what, 0)\n\
                \x20           if fd >= 0: opened.add((pid, what)); libc.close(fd)\n\
                print(len(seen), sorted(opened))\n\
                import matplotlib.pyplot as plt\nplt.plot([1, 2])\n";
    let outs = p.run(
        vec![Job::new("heavy.py", heavy), Job::new("scan.py", scan)],
        |_, _| {},
    );
    assert_eq!(outs[0].status, Status::Ok, "{}", show(&outs[0]));
    assert_eq!(
        outs[0].scene.figures[0].axes[0].title,
        "ZQX_READER_SECRET_5521",
        "{}",
        show(&outs[0])
    );
    assert_eq!(outs[1].status, Status::Ok, "{}", show(&outs[1]));
    assert!(
        outs[1].stdout.trim_end().ends_with(" []"),
        "the job opened another process's memory: {}",
        show(&outs[1])
    );
}

/// Attack 5: every way to signal another process, against a bystander, the worker and
/// the grader's own process group. Each must end `forbidden`, harm nobody.
#[cfg(target_arch = "x86_64")]
#[test]
fn signals_past_the_old_filter_reach_nobody() {
    let mut bystander = Bystander::start();
    let worker = pool().worker_pids()[0];
    // SAFETY: getpgrp has no preconditions.
    let group = unsafe { libc::getpgrp() };
    let attacks = |target: i64| {
        [
            // rt_sigqueueinfo(pid, SIGKILL, &info)
            format!(
                "import ctypes\nlibc = ctypes.CDLL(None)\ninfo = ctypes.create_string_buffer(128)\n\
                 print(libc.syscall(129, {target}, 9, info))\n"
            ),
            // rt_tgsigqueueinfo(tgid, tid, SIGKILL, &info)
            format!(
                "import ctypes\nlibc = ctypes.CDLL(None)\ninfo = ctypes.create_string_buffer(128)\n\
                 print(libc.syscall(297, {target}, {target}, 9, info))\n"
            ),
            // pidfd_open + pidfd_send_signal
            format!(
                "import ctypes\nlibc = ctypes.CDLL(None)\nfd = libc.syscall(434, {target}, 0)\n\
                 print(libc.syscall(424, fd, 9, None, 0))\n"
            ),
            // fcntl F_SETOWN(target) + F_SETSIG + O_ASYNC on a pipe: SIGIO to the target.
            format!(
                "import ctypes, os, fcntl\nlibc = ctypes.CDLL(None)\nr, w = os.pipe()\n\
                 libc.fcntl(r, 8, {target})\nlibc.fcntl(r, 10, 9)\n\
                 libc.fcntl(r, 4, os.O_ASYNC)\nos.write(w, b'x')\n"
            ),
            // kill(-pgid): the whole group
            format!("import ctypes\nprint(ctypes.CDLL(None).kill(-{target}, 9))\n"),
        ]
    };
    for target in [bystander.pid() as i64, worker as i64, group as i64] {
        for code in attacks(target) {
            let o = run_code(&code);
            assert_eq!(o.status, Status::Forbidden, "{code}\n{}", show(&o));
            bystander.assert_alive();
        }
    }
    assert!(
        pool().worker_pids().contains(&worker),
        "the worker was killed"
    );
    pool_unharmed();
}

#[cfg(target_arch = "x86_64")]
#[test]
fn io_uring_cannot_open_a_socket_behind_the_filters_back() {
    // Attack 6: io_uring_setup, then a socket and a connect submitted through the ring.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let o = run_code(&format!(
        "import ctypes\nlibc = ctypes.CDLL(None)\nparams = ctypes.create_string_buffer(120)\n\
         ring = libc.syscall(425, 8, params)\nprint('ring', ring, {port})\n"
    ));
    assert_eq!(o.status, Status::Forbidden, "{}", show(&o));
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(
        listener.accept().is_err(),
        "the loopback listener received a connection"
    );
}

#[test]
fn a_job_sees_none_of_the_graders_environment() {
    // Attack 7: print the environment, so that the judge's key lands in the results.
    let dir = tempdir();
    let script = write(
        dir.path(),
        "s.py",
        "import os, matplotlib.pyplot as plt\nprint(dict(os.environ))\nplt.plot([1, 2])\n",
    );
    let out = Command::new(BIN)
        .args([
            "run",
            script.to_str().unwrap(),
            "--out",
            dir.path().join("out").to_str().unwrap(),
        ])
        .env("PLOTGRADE_JUDGE_API_KEY", "sk-judge-secret-5521")
        .env("OPENAI_API_KEY", "sk-openai-secret-5521")
        .env("AWS_SECRET_ACCESS_KEY", "aws-secret-5521")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for entry in std::fs::read_dir(dir.path().join("out")).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains("secret-5521"),
            "a secret reached the output:\n{text}"
        );
    }
    let result = std::fs::read_to_string(dir.path().join("out/result.json")).unwrap();
    assert!(
        result.contains("MPLBACKEND"),
        "the job printed its environment: {result}"
    );
}

#[test]
fn the_guards_record_is_out_of_reach_of_python() {
    // Attack 8: find the guard through frames and the garbage collector, clear its record
    // and switch it off, then do something forbidden and swallow the exception.
    let o = run_code(
        "import gc, sys, os\n\
         f = sys._getframe(0)\n\
         while f is not None:\n\
         \x20   for v in list(f.f_locals.values()):\n\
         \x20       for name in ('attempts', 'active'):\n\
         \x20           try: setattr(v, name, [] if name == 'attempts' else False)\n\
         \x20           except Exception: pass\n\
         \x20   f = f.f_back\n\
         for o in gc.get_objects():\n\
         \x20   if type(o).__name__ in ('Guard', 'Rules'):\n\
         \x20       o.__dict__.clear()\n\
         try:\n\
         \x20   os.system('true')\n\
         except BaseException:\n\
         \x20   pass\n\
         import matplotlib.pyplot as plt\nplt.plot([1, 2])\n",
    );
    assert_eq!(o.status, Status::Forbidden, "{}", show(&o));
    assert!(o.forbidden[0].contains("os.system"), "{:?}", o.forbidden);
}

#[test]
fn the_job_directory_has_a_quota() {
    // Attack 9: fill the disk through the job's own directory.
    let o = run_code(
        "import matplotlib.pyplot as plt\n\
         written = 0\n\
         try:\n\
         \x20   for i in range(100):\n\
         \x20       with open(f'f{i}.bin', 'wb') as f:\n\
         \x20           for _ in range(16):\n\
         \x20               f.write(b'x' * (1 << 20)); written += 1 << 20\n\
         except OSError as e:\n\
         \x20   print('stopped', e.errno)\n\
         print(written >> 20)\n\
         plt.plot([1, 2])\n",
    );
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    let mib: u64 = o.stdout.lines().last().unwrap().trim().parse().unwrap();
    assert!(
        mib <= 64,
        "wrote {mib} MiB, past the 64 MiB quota: {}",
        show(&o)
    );
    assert!(
        o.stdout.contains("stopped 28"),
        "ENOSPC expected: {}",
        show(&o)
    );
}

#[test]
fn job_directories_are_gone_when_the_pool_ends_and_stale_ones_are_swept() {
    let tmp = tempdir();
    // A directory a killed run left behind (a pid that cannot be alive).
    let stale = tmp.path().join("plotgrade-jobs-2147483000");
    std::fs::create_dir_all(stale.join("job")).unwrap();
    let config = ExecConfig {
        tmp_dir: tmp.path().to_path_buf(),
        ..config(1)
    };
    {
        let p = Pool::start(config).unwrap();
        assert!(!stale.exists(), "a stale job directory was not swept");
        let o = p.run_one(Job::new(
            "s.py",
            "open('x.txt', 'w').write('x')\nimport matplotlib.pyplot as plt\nplt.plot([1])\n",
        ));
        assert_eq!(o.status, Status::Ok, "{}", show(&o));
    }
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn a_job_may_read_its_own_proc_self() {
    // Attack 10 (a false alarm): /proc/self is the job's own, not the worker's.
    let o = run_code(
        "print(open('/proc/self/status').read().split()[0])\n\
         import matplotlib.pyplot as plt\nplt.plot([1, 2])\n",
    );
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    assert!(o.forbidden.is_empty(), "{:?}", o.forbidden);
}

#[test]
fn a_million_frames_deep_recursion_is_a_runtime_error_not_a_timeout() {
    // Attack 11: the traceback of a million frames took longer than the job (10 s) to
    // format. The recursion itself takes ~2 s, more than the shared pool's 3 s test
    // deadline on a busy machine, hence a pool with the default deadline.
    let p = Pool::start(ExecConfig {
        limits: plotgrade::exec::Limits::default(),
        ..config(1)
    })
    .unwrap();
    let o = p.run_one(Job::new(
        "script.py",
        "import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)\n",
    ));
    assert_eq!(o.status, Status::RuntimeError, "{}", show(&o));
    let e = o.error.unwrap();
    assert_eq!((e.kind.as_str(), e.line), ("RecursionError", Some(4)));
}

// ---------------------------------------------------------------------------------------
// What passes is visible (issue #24). Each answer below is the task's reference (a right
// answer, whose scene the figure channel matches exactly) plus a trick that makes the
// picture show something else, or nothing: ink the scene did not read, geometry Agg
// draws differently from the numbers the scene reads, content nobody can see. Each was
// graded `pass` (score 9 or 10) on b6f9fab's reader (checked by running these tests with
// PLOTGRADE_SHIM_DIR at b6f9fab's python_shim, with today's ink.py copied beside it since
// the binary loads every shim module it embeds); the reader now binds the scene to the ink
// (python_shim/plotgrade_shim/ink.py), and none passes.
// ---------------------------------------------------------------------------------------

mod visible {
    use std::sync::OnceLock;

    use plotgrade::grade::grader::Grader;
    use plotgrade::record::GradeResult;

    use crate::util::{config, repo};

    /// A font size the task never fixes is free in every kind (a style note): added to a
    /// trick whose pixels would otherwise equal the original's, it keeps the answer from
    /// being flagged `noop`. (A grid served until round 11: added to an edit, it now
    /// counts as a change of the figure.)
    const RESTYLE: &str = "for t in [plt.gca().title, plt.gca().xaxis.label]:\n    t.set_fontsize(t.get_fontsize() + 1)";

    fn grader() -> &'static Grader {
        static GRADER: OnceLock<Grader> = OnceLock::new();
        GRADER.get_or_init(|| {
            let cache = Box::leak(Box::new(crate::util::tempdir()));
            Grader::new(
                &repo().join("tasks/mathopeval-mini/tasks.jsonl"),
                config(1),
                &cache.path().join("refs.sqlite"),
            )
            .expect("grader")
        })
    }

    /// The reference answer of `task` with `trick` run just before `plt.show()`, graded.
    fn answer(task: &str, trick: &str) -> GradeResult {
        let g = grader();
        let t = g.task(task).expect("task");
        let code = std::fs::read_to_string(repo().join(t.reference.as_ref().expect("a reference")))
            .unwrap();
        let code = code.replace("plt.show()", &format!("{trick}\nplt.show()"));
        g.grade_one(task, &format!("```python\n{code}\n```"), "attacker")
            .expect("graded")
    }

    fn refused(task: &str, trick: &str) {
        let r = answer(task, trick);
        assert!(
            !r.pass,
            "{task}: a trick passed (score {}, flags {:?}):\n{trick}",
            r.score, r.flags
        );
    }

    #[test]
    fn the_honest_references_still_pass() {
        for task in [
            "bar-03-modification",
            "bar-03-annotation",
            "bar-03-deletion",
            "line-01-modification",
            "function-01-modification",
            "pie-01-deletion",
        ] {
            let r = answer(task, "");
            assert!(r.pass && r.flags.is_empty(), "{task}: {r:?}");
            let r = answer(task, RESTYLE);
            assert!(r.pass, "{task} restyled: {r:?}");
        }
    }

    #[test]
    fn a_blank_page_does_not_pass() {
        // The axes moved off the canvas: the scene read the curve, the PNG is white.
        refused(
            "function-01-modification",
            "plt.gca().set_position([1.5, 1.5, 0.5, 0.5])",
        );
    }

    #[test]
    fn a_spine_moved_into_the_axes_does_not_pass() {
        refused(
            "bar-03-modification",
            "sp = plt.gca().spines['top']\nsp.set_position(('outward', -70))\n\
             sp.set_linewidth(60)\nsp.set_color('white')",
        );
    }

    #[test]
    fn a_tick_as_wide_as_a_bar_does_not_pass() {
        // One tick mark grown into a block that covers the tick label naming a bar.
        refused(
            "bar-03-deletion",
            "t = plt.gca().xaxis.get_major_ticks()[1]\nt.tick1line.set_marker(3)\n\
             t.tick1line.set_markersize(150)\nt.tick1line.set_markeredgewidth(40)",
        );
    }

    #[test]
    fn a_path_effect_drawing_a_bar_elsewhere_does_not_pass() {
        // The bar's shadow, in its colour, drawn above it: the picture shows it taller.
        refused(
            "bar-03-modification",
            "import matplotlib.patheffects as pe\n\
             plt.gca().patches[3].set_path_effects([pe.withSimplePatchShadow(offset=(0, 40), \
             shadow_rgbFace='#DD8452', alpha=1), pe.Normal()])",
        );
    }

    #[test]
    fn a_texts_background_box_over_the_answer_does_not_pass() {
        refused(
            "bar-03-modification",
            "plt.text(3, 90, ' ', bbox=dict(facecolor='white', edgecolor='white', pad=25))",
        );
    }

    #[test]
    fn a_bar_drawn_at_an_angle_does_not_pass() {
        refused("bar-03-modification", "plt.gca().patches[3].set_angle(50)");
    }

    #[test]
    fn a_bar_cut_by_a_clip_path_does_not_pass() {
        refused(
            "bar-03-modification",
            "import matplotlib.patches as mp\nax = plt.gca()\n\
             ax.patches[3].set_clip_path(mp.Polygon([[2.6, 0], [3.4, 0], [2.6, 105]], \
             transform=ax.transData))",
        );
    }

    #[test]
    fn a_line_whose_path_does_not_follow_its_data_does_not_pass() {
        // The data says 24.5 at month 5; the path drawn is the original's 17.2.
        refused(
            "line-01-modification",
            &format!(
                "from matplotlib.path import Path\nln = plt.gca().lines[0]\nln.recache()\n\
                 ln._path = Path(list(zip(months, [6.3, 7.9, 11.2, 13.1, 17.2, 22.8, 26.1, \
                 25.6, 21.1, 15.2, 10.1, 6.9])))\n\
                 ln._invalidx = ln._invalidy = False\nln._transformed_path = None\n{RESTYLE}"
            ),
        );
    }

    #[test]
    fn a_wedge_whose_path_does_not_follow_its_angles_does_not_pass() {
        refused(
            "pie-01-deletion",
            "import matplotlib.patches as mp\nw = plt.gca().patches[0]\n\
             w._path = mp.Wedge((0, 0), 1, 0, 359).get_path()",
        );
    }

    #[test]
    fn a_hidden_title_is_not_read() {
        refused("bar-03-deletion", "plt.gca().title.set_visible(False)");
    }

    #[test]
    fn labels_in_the_background_colour_do_not_count() {
        refused(
            "bar-03-annotation",
            &format!("for t in plt.gca().texts:\n    t.set_color('white')\n{RESTYLE}"),
        );
    }

    #[test]
    fn a_label_written_across_a_tick_label_does_not_pass() {
        // The y tick labels pulled into the plot so that '2.5' stands inside the label
        // '(0, 1)': both still show, neither can be read (the ink ledger's legibility
        // check; realsrc-j's '(0.5, 0)' written on the row of tick labels passed).
        refused(
            "function-04-annotation",
            "plt.gca().yaxis.set_tick_params(pad=-200)",
        );
    }

    #[test]
    fn labels_clipped_away_do_not_count() {
        refused(
            "bar-03-annotation",
            &format!(
                "from matplotlib.transforms import Bbox\nfor t in plt.gca().texts:\n    \
                 t.set_clip_box(Bbox([[0, 0], [1, 1]]))\n    t.set_clip_on(True)\n{RESTYLE}"
            ),
        );
    }

    #[test]
    fn artists_past_the_readers_cap_cannot_hide_a_trick() {
        // 2,000 hidden artists used to fill the cap, so the cover after them was not read.
        refused(
            "bar-03-modification",
            "import matplotlib.patches as mp\nax = plt.gca()\n\
             for i in range(2000):\n    ax.add_patch(mp.Rectangle((0, 0), 0.1, 0.1, visible=False))\n\
             ax.add_patch(mp.Rectangle((2.55, 75), 0.9, 40, color='white', zorder=5))",
        );
        // 2,001 visible ones: the scene is incomplete.
        refused(
            "bar-03-modification",
            "import matplotlib.patches as mp\nax = plt.gca()\n\
             for i in range(2001):\n    ax.add_patch(mp.Rectangle((i * 1e-4, 0), 1e-4, 0.5, color='k'))",
        );
    }
}
