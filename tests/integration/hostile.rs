//! Hostile and broken submissions: each gets its exact status, and afterwards the grader
//! and the machine are unharmed (a canary file survives, the pool still renders a known
//! script to the same bytes).

use std::path::Path;
use std::sync::OnceLock;

use plotgrade::exec::{Outcome, Status};

use crate::util::{PLAIN_BAR, pool, run_bytes, run_code, show, tempdir};

/// PNG of the plain script from a pool that has run nothing hostile yet.
fn baseline() -> &'static Vec<u8> {
    static B: OnceLock<Vec<u8>> = OnceLock::new();
    B.get_or_init(|| {
        let o = run_code(PLAIN_BAR);
        assert_eq!(o.status, Status::Ok, "{}", show(&o));
        o.pngs[0].clone()
    })
}

/// Run `code`, assert its status, then check the pool is unharmed.
fn expect(code: &str, status: Status) -> Outcome {
    let before = baseline().clone();
    let o = run_code(code);
    assert_eq!(o.status, status, "{}", show(&o));
    // Both workers must still render the plain script to the same bytes.
    for _ in 0..pool().jobs() {
        let again = run_code(PLAIN_BAR);
        assert_eq!(again.status, Status::Ok, "{}", show(&again));
        assert!(
            again.pngs[0] == before,
            "a hostile job changed later renders"
        );
    }
    o
}

/// A file outside every job directory, with known content.
struct Canary {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
}

impl Canary {
    fn new() -> Canary {
        let dir = tempdir();
        let path = dir.path().join("canary.txt");
        std::fs::write(&path, "alive").unwrap();
        Canary { _dir: dir, path }
    }
    fn p(&self) -> String {
        self.path.display().to_string()
    }
    fn assert_alive(&self) {
        assert_eq!(
            std::fs::read_to_string(&self.path).unwrap(),
            "alive",
            "canary changed"
        );
        let dir = self.path.parent().unwrap();
        let entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            entries.len(),
            1,
            "files appeared beside the canary: {entries:?}"
        );
    }
}

const DRAW: &str = "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\n";

#[test]
fn infinite_loop_times_out() {
    let o = expect("while True:\n    pass\n", Status::Timeout);
    assert!(o.detail.unwrap().contains("killed"));
}

#[test]
fn sleep_forever_times_out() {
    expect("import time\ntime.sleep(10**6)\n", Status::Timeout);
}

#[test]
fn memory_bomb_one_allocation() {
    let o = expect("x = bytearray(10**11)\n", Status::Memory);
    assert_eq!(o.error.unwrap().kind, "MemoryError");
}

#[test]
fn memory_bomb_growing_list() {
    expect(
        "a = []\nwhile True:\n    a.append(' ' * 10**7)\n",
        Status::Memory,
    );
}

#[test]
fn fork_bomb_python() {
    let o = expect("import os\nwhile True:\n    os.fork()\n", Status::Forbidden);
    assert!(o.forbidden[0].contains("os.fork"), "{:?}", o.forbidden);
}

#[test]
fn fork_via_ctypes_is_killed() {
    let o = expect(
        "import ctypes\nctypes.CDLL(None).fork()\n",
        Status::Forbidden,
    );
    assert!(o.detail.unwrap().contains("forbidden system call"));
}

#[test]
fn os_system() {
    let o = expect(
        "import os\nos.system('touch /tmp/plotgrade-pwned')\n",
        Status::Forbidden,
    );
    assert!(o.forbidden[0].contains("os.system"));
    assert!(!Path::new("/tmp/plotgrade-pwned").exists());
}

#[test]
fn subprocess_run() {
    let o = expect(
        "import subprocess\nsubprocess.run(['ls', '/'])\n",
        Status::Forbidden,
    );
    assert!(o.forbidden[0].contains("subprocess.Popen"));
}

#[test]
fn caught_forbidden_act_is_still_forbidden() {
    let code =
        format!("import os\ntry:\n    os.system('ls')\nexcept BaseException:\n    pass\n{DRAW}");
    expect(&code, Status::Forbidden);
}

#[test]
fn socket_connect_loopback() {
    let o = expect(
        "import socket\ns = socket.socket()\ns.connect(('127.0.0.1', 22))\n",
        Status::Forbidden,
    );
    assert!(o.forbidden[0].contains("network"));
}

#[test]
fn socket_via_ctypes_is_killed() {
    expect(
        "import ctypes\nctypes.CDLL(None).socket(2, 1, 0)\n",
        Status::Forbidden,
    );
}

#[test]
fn write_outside_job_dir() {
    let c = Canary::new();
    let o = expect(
        &format!("open({:?}, 'w').write('pwned')\n", c.p()),
        Status::Forbidden,
    );
    assert!(o.forbidden[0].contains("write outside"));
    c.assert_alive();
}

#[test]
fn create_new_file_outside_job_dir() {
    let c = Canary::new();
    let target = c.path.with_file_name("new.txt");
    expect(
        &format!(
            "open({:?}, 'x').write('pwned')\n",
            target.display().to_string()
        ),
        Status::Forbidden,
    );
    c.assert_alive();
}

#[test]
fn delete_outside_job_dir() {
    let c = Canary::new();
    expect(
        &format!("import os\nos.remove({:?})\n", c.p()),
        Status::Forbidden,
    );
    c.assert_alive();
}

#[test]
fn rename_outside_job_dir() {
    let c = Canary::new();
    let to = c.path.with_file_name("moved.txt");
    expect(
        &format!(
            "import os\nos.rename({:?}, {:?})\n",
            c.p(),
            to.display().to_string()
        ),
        Status::Forbidden,
    );
    c.assert_alive();
}

#[test]
fn chdir_out_and_write_relative() {
    let c = Canary::new();
    let dir = c.path.parent().unwrap().display().to_string();
    expect(
        &format!("import os\nos.chdir({dir:?})\nopen('canary.txt', 'w').write('x')\n"),
        Status::Forbidden,
    );
    c.assert_alive();
}

#[test]
fn write_outside_via_ctypes_is_refused_by_the_kernel() {
    // The audit hook cannot see a raw open(2); Landlock refuses it (EACCES → -1).
    let c = Canary::new();
    let code = format!(
        "import ctypes\nfd = ctypes.CDLL(None).open({:?}.encode(), 1 | 512, 0o644)\nprint(fd)\n{DRAW}",
        c.p()
    );
    let o = expect(&code, Status::Ok);
    assert_eq!(
        o.stdout.trim(),
        "-1",
        "raw open outside the job dir must fail"
    );
    c.assert_alive();
}

#[test]
fn read_outside_job_dir() {
    let c = Canary::new();
    let o = expect(
        &format!("print(open({:?}).read())\n", c.p()),
        Status::Forbidden,
    );
    assert!(o.forbidden[0].contains("read outside"));
    assert!(!o.stdout.contains("alive"));
}

#[test]
fn read_etc_passwd() {
    let o = expect("print(open('/etc/passwd').read())\n", Status::Forbidden);
    assert!(!o.stdout.contains("root:"));
}

#[test]
fn files_inside_job_dir_are_fine() {
    let code =
        format!("open('data.csv', 'w').write('1,2')\nprint(open('data.csv').read())\n{DRAW}");
    let o = expect(&code, Status::Ok);
    assert_eq!(o.stdout, "1,2\n");
}

#[test]
fn signal_to_worker() {
    expect("import os\nos.kill(os.getppid(), 9)\n", Status::Forbidden);
}

#[test]
fn signal_to_worker_via_ctypes() {
    expect(
        "import ctypes, os\nctypes.CDLL(None).kill(os.getppid(), 9)\n",
        Status::Forbidden,
    );
}

#[test]
fn sys_exit_zero_after_drawing_is_a_normal_end() {
    let o = expect(&format!("{DRAW}import sys\nsys.exit(0)\n"), Status::Ok);
    assert_eq!(o.figures, 1);
}

#[test]
fn sys_exit_nonzero() {
    let o = expect(
        &format!("{DRAW}import sys\nsys.exit(3)\n"),
        Status::RuntimeError,
    );
    assert_eq!(o.error.unwrap().kind, "SystemExit");
}

#[test]
fn os_exit_crashes() {
    let o = expect(&format!("{DRAW}import os\nos._exit(3)\n"), Status::Crashed);
    assert!(o.detail.unwrap().contains("exited with code 3"));
}

#[test]
fn system_exit_in_finally() {
    let o = expect(
        "try:\n    1 / 0\nfinally:\n    raise SystemExit(2)\n",
        Status::RuntimeError,
    );
    let e = o.error.unwrap();
    assert_eq!((e.kind.as_str(), e.line), ("SystemExit", Some(4)));
}

#[test]
fn segfault_via_ctypes() {
    let o = expect("import ctypes\nctypes.string_at(0)\n", Status::Crashed);
    assert!(o.detail.unwrap().contains("SIGSEGV"));
}

#[test]
fn deep_recursion() {
    let o = expect(
        "def f(n):\n    return f(n + 1)\nf(0)\n",
        Status::RuntimeError,
    );
    let e = o.error.unwrap();
    assert_eq!(e.kind, "RecursionError");
    assert_eq!(e.line, Some(2));
}

#[test]
fn hundred_megabytes_of_stdout() {
    let code = format!("for _ in range(100):\n    print('x' * 1_000_000)\n{DRAW}");
    let o = expect(&code, Status::Ok);
    assert_eq!(o.stdout.len(), 64 * 1024);
    assert_eq!(o.stdout_dropped as usize, 100 * 1_000_001 - 64 * 1024);
}

#[test]
fn plt_show_does_not_block() {
    let o = expect(&format!("{DRAW}plt.show()\n"), Status::Ok);
    assert_eq!((o.show_calls, o.figures), (1, 1));
}

#[test]
fn gui_backend_request_is_ignored() {
    let o = expect(
        &format!("import matplotlib\nmatplotlib.use('TkAgg')\n{DRAW}plt.show()\n"),
        Status::Ok,
    );
    assert_eq!(o.backend_requests, vec!["TkAgg".to_string()]);
}

#[test]
fn thread_left_running() {
    let code = format!(
        "import threading, time\nthreading.Thread(target=lambda: time.sleep(10**6)).start()\n{DRAW}"
    );
    expect(&code, Status::Ok);
}

#[test]
fn signal_handlers_do_not_save_a_hung_job() {
    let code = "import signal\nfor s in (signal.SIGTERM, signal.SIGINT, signal.SIGALRM):\n    signal.signal(s, signal.SIG_IGN)\nwhile True:\n    pass\n";
    expect(code, Status::Timeout);
}

#[test]
fn global_state_changes_do_not_leak() {
    // rcParams, a style, a monkey-patched module: the next job must render unchanged
    // (`expect` compares the plain script's bytes on every worker afterwards).
    let code = format!(
        "import matplotlib as mpl, numpy as np\nmpl.rcParams['lines.linewidth'] = 9\nmpl.rcParams['axes.facecolor'] = 'red'\nplt_style = __import__('matplotlib.pyplot').pyplot\nplt_style.style.use('dark_background')\nnp.pi = 3\nimport sys\nsys.modules['json'] = None\n{DRAW}"
    );
    expect(&code, Status::Ok);
    let o = run_code(
        "import numpy as np, json\nprint(np.pi)\nimport matplotlib.pyplot as plt\nplt.plot([1])\n",
    );
    assert_eq!(o.stdout.trim(), "3.141592653589793", "{}", show(&o));
}

#[test]
fn non_utf8_source() {
    let o = run_bytes(b"import matplotlib.pyplot as plt\nplt.title('\xff\xfe caf\xe9')\n");
    assert_eq!(o.status, Status::SyntaxError, "{}", show(&o));
    assert!(o.error.unwrap().message.contains("utf-8"));
}

#[test]
fn latin1_with_coding_declaration_runs() {
    let o = run_bytes(
        b"# -*- coding: latin-1 -*-\nimport matplotlib.pyplot as plt\nplt.title('caf\xe9')\n",
    );
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    assert_eq!(o.scene.figures[0].axes[0].title, "caf\u{e9}");
}

#[test]
fn empty_file() {
    assert_eq!(run_code("").status, Status::NoCode);
    assert_eq!(run_code("  \n\n").status, Status::NoCode);
}

#[test]
fn comments_only() {
    assert_eq!(
        run_code("# just a comment\n# and another\n").status,
        Status::NoCode
    );
}

#[test]
fn code_with_no_figure() {
    let o = expect("print(sum(range(10)))\n", Status::NoFigure);
    assert_eq!(o.stdout, "45\n");
}

#[test]
fn three_figures() {
    let code = "import matplotlib.pyplot as plt\nfor i in range(3):\n    plt.figure()\n    plt.plot([0, i])\n";
    let o = expect(code, Status::Ok);
    assert_eq!((o.figures, o.pngs.len(), o.scene.figures.len()), (3, 3, 3));
}

#[test]
fn savefig_to_absolute_tmp_path_is_captured_not_written() {
    let target = format!("/tmp/plotgrade-savefig-{}.png", std::process::id());
    let code = format!("{DRAW}plt.savefig({target:?})\nplt.close()\n");
    let o = expect(&code, Status::Ok);
    assert_eq!(o.figures, 1, "a saved then closed figure is still captured");
    assert_eq!(o.saved_paths, vec![target.clone()]);
    assert!(!Path::new(&target).exists());
}

#[test]
fn savefig_to_home_pdf_is_captured_not_written() {
    let o = expect(&format!("{DRAW}plt.savefig('~/x.pdf')\n"), Status::Ok);
    assert_eq!(o.saved_paths, vec!["~/x.pdf".to_string()]);
    let home = std::env::var("HOME").unwrap();
    assert!(!Path::new(&home).join("x.pdf").exists());
}

#[test]
fn input_gets_eof() {
    let code = format!("try:\n    input('name? ')\nexcept EOFError:\n    print('eof')\n{DRAW}");
    let o = expect(&code, Status::Ok);
    assert!(o.stdout.ends_with("eof\n"), "{:?}", o.stdout);
}

#[test]
fn keyboard_interrupt_raised_by_code() {
    let o = expect("raise KeyboardInterrupt\n", Status::RuntimeError);
    assert_eq!(o.error.unwrap().kind, "KeyboardInterrupt");
}

#[test]
fn figure_too_large_to_render() {
    // 200,000 pixels square: Agg cannot allocate the canvas.
    let code = "import matplotlib.pyplot as plt\nplt.figure(figsize=(2000, 2000), dpi=100)\nplt.plot([1])\n";
    let o = expect(code, Status::Memory);
    let e = o.error.unwrap();
    assert_eq!(e.kind, "MemoryError");
    assert!(!e.traceback.contains("plotgrade_shim"), "{}", e.traceback);
}
