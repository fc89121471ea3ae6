//! The executor as a user meets it: `plotgrade run`, `dump scene`, determinism, scenes,
//! tracebacks, and a worker that dies.

use plotgrade::exec::{Job, Pool, Status};
use plotgrade::scene::{Orientation, Scene};

use crate::util::{BIN, PLAIN_BAR, config, plotgrade, pool, run_code, show, tempdir, write};

const BAR_AND_PIE: &str = "\
import matplotlib.pyplot as plt
import numpy as np
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(8, 4))
quarters = ['Q1', 'Q2', 'Q3', 'Q4']
sales = [5, 7, 3, 6]
ax1.bar(quarters, sales, color='tab:green', label='2024')
ax1.set_title('Sales')
ax1.set_ylabel('units')
ax1.annotate('best', xy=(1, 7), xytext=(2, 6.5), arrowprops={'arrowstyle': '->'})
ax2.pie([30, 50, 20], labels=['rent', 'food', 'fun'], autopct='%1.0f%%')
x = np.linspace(-5, 5, 11)
plt.figure()
plt.plot(x, x**2 - 1, 'r--', label='f')
plt.text(0, -1, 'vertex')
plt.legend()
";

#[test]
fn scene_reads_back_bars_wedges_lines_texts() {
    let o = run_code(BAR_AND_PIE);
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    let scene: &Scene = &o.scene;
    assert_eq!(scene.figures.len(), 2);
    let f1 = &scene.figures[0];
    assert_eq!(f1.size_px, [800, 400]);
    let bars = &f1.axes[0].bars;
    let got: Vec<(Option<&str>, f64)> = bars
        .iter()
        .map(|b| (b.category.as_deref(), b.height))
        .collect();
    assert_eq!(
        got,
        vec![
            (Some("Q1"), 5.0),
            (Some("Q2"), 7.0),
            (Some("Q3"), 3.0),
            (Some("Q4"), 6.0)
        ]
    );
    assert!(
        bars.iter()
            .all(|b| b.orientation == Orientation::Vertical && b.color == "#2ca02cff")
    );
    assert_eq!(bars[0].series.as_deref(), Some("2024"));
    assert_eq!(f1.axes[0].title, "Sales");
    assert_eq!(f1.axes[0].ylabel, "units");
    let ann = &f1.axes[0].texts[0];
    assert!(ann.annotation && ann.text == "best");
    assert_eq!(ann.xy, Some([1.0, 7.0]));

    let wedges = &f1.axes[1].wedges;
    let fr: Vec<f64> = wedges
        .iter()
        .map(|w| (w.fraction * 1000.0).round() / 1000.0)
        .collect();
    assert_eq!(fr, vec![0.3, 0.5, 0.2]);
    let labels: Vec<_> = wedges.iter().map(|w| w.label.clone().unwrap()).collect();
    assert_eq!(
        labels[1], "food",
        "a wedge is named by the text just outside it"
    );
    // Percentages are texts, whichever call wrote them; the figure channel reads the
    // one inside a wedge as that wedge's percentage.
    let pct: Vec<&str> = f1.axes[1].texts.iter().map(|t| t.text.as_str()).collect();
    assert!(pct.contains(&"50%"), "{pct:?}");

    let ax = &scene.figures[1].axes[0];
    let line = &ax.lines[0];
    assert_eq!(line.x.len(), 11);
    assert_eq!((line.x[0], line.y[0], line.y[5]), (-5.0, 24.0, -1.0));
    assert_eq!(
        (
            line.linestyle.as_str(),
            line.color.as_str(),
            line.label.as_deref()
        ),
        ("--", "#ff0000ff", Some("f"))
    );
    assert_eq!(ax.legend, vec!["f".to_string()]);
    assert_eq!(ax.texts[0].text, "vertex");
}

#[test]
fn same_script_gives_identical_bytes_in_every_worker() {
    let jobs: Vec<Job> = (0..6).map(|_| Job::new("s.py", BAR_AND_PIE)).collect();
    let outs = pool().run(jobs, |_, _| {});
    for o in &outs[1..] {
        assert_eq!(o.pngs, outs[0].pngs, "PNG bytes differ between runs");
        assert_eq!(
            serde_json::to_string(&o.scene).unwrap(),
            serde_json::to_string(&outs[0].scene).unwrap()
        );
    }
}

#[test]
fn seeded_randomness_is_reproducible() {
    let code = "import random, numpy as np\nprint(random.random(), np.random.rand())\nimport matplotlib.pyplot as plt\nplt.plot(np.random.rand(5))\n";
    let a = run_code(code);
    let b = run_code(code);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.pngs, b.pngs);
    let c = pool().run_one(Job {
        seed: 7,
        ..Job::new("s.py", code)
    });
    assert_ne!(a.stdout, c.stdout, "the seed must matter");
}

#[test]
fn png_has_no_software_metadata() {
    let o = run_code(PLAIN_BAR);
    let png = &o.pngs[0];
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let text = String::from_utf8_lossy(png);
    assert!(!text.contains("Software") && !text.contains("matplotlib version"));
}

#[test]
fn traceback_uses_the_submissions_line_numbers() {
    let o = run_code(
        "import matplotlib.pyplot as plt\n\nvalues = [1, 2]\nplt.bar(['a', 'b', 'c'], values)\n",
    );
    assert_eq!(o.status, Status::RuntimeError);
    let e = o.error.unwrap();
    assert_eq!(e.kind, "ValueError");
    assert_eq!(e.line, Some(4));
    assert!(e.traceback.starts_with("Traceback"), "{}", e.traceback);
    assert!(
        e.traceback.contains("File \"script.py\", line 4"),
        "{}",
        e.traceback
    );
    assert!(
        e.traceback.contains("plt.bar(['a', 'b', 'c'], values)"),
        "source line shown: {}",
        e.traceback
    );
    assert!(
        !e.traceback.contains("plotgrade_shim"),
        "shim frames are trimmed: {}",
        e.traceback
    );
}

#[test]
fn syntax_error_has_position() {
    let o = run_code("import matplotlib.pyplot as plt\nplt.plot([1, 2)\n");
    assert_eq!(o.status, Status::SyntaxError);
    let e = o.error.unwrap();
    assert_eq!(e.line, Some(2));
    assert!(e.column.is_some());
}

#[test]
fn removed_and_hidden_bars_are_not_in_the_scene() {
    let code = "import matplotlib.pyplot as plt\nbars = plt.bar(['a', 'b', 'c'], [1, 2, 3])\nbars[1].remove()\nbars[2].set_height(9)\nplt.ylim(0, 10)\n";
    let o = run_code(code);
    let got: Vec<(Option<String>, f64)> = o.scene.figures[0].axes[0]
        .bars
        .iter()
        .map(|b| (b.category.clone(), b.height))
        .collect();
    assert_eq!(got, vec![(Some("a".into()), 1.0), (Some("c".into()), 9.0)]);
}

#[test]
fn geometry_patches_are_read_back() {
    let code = "\
import matplotlib.pyplot as plt
from matplotlib.patches import Polygon, Circle
fig, ax = plt.subplots()
ax.add_patch(Polygon([[0, 0], [4, 0], [1, 3]], fill=False))
ax.add_patch(Circle((2, 1), 0.5))
ax.plot([1, 2], [3, 0], 'k--')
ax.text(0, 0, 'A')
ax.set_aspect('equal')
ax.axis('off')
";
    let o = run_code(code);
    assert_eq!(o.status, Status::Ok, "{}", show(&o));
    let ax = &o.scene.figures[0].axes[0];
    assert_eq!(ax.patches.len(), 2);
    assert_eq!(
        ax.patches[0].vertices,
        vec![[0.0, 0.0], [4.0, 0.0], [1.0, 3.0]]
    );
    assert_eq!(
        (ax.patches[1].center, ax.patches[1].radius),
        (Some([2.0, 1.0]), Some(0.5))
    );
    assert!(!ax.axis_on);
    assert_eq!(ax.aspect, "1.0");
}

#[test]
fn nan_in_line_data_survives_the_trip() {
    let o = run_code(
        // A segment after the gap, so that the line draws something: a line that inks no
        // pixel is not in the scene (the scene is bound to the picture).
        "import matplotlib.pyplot as plt, numpy as np\nplt.plot([0, 1, 2, 3], [1, np.nan, 3, 4])\n",
    );
    let y = &o.scene.figures[0].axes[0].lines[0].y;
    assert!(y[0] == 1.0 && y[1].is_nan() && y[2] == 3.0, "{y:?}");
}

#[test]
fn cli_run_writes_figures_scene_and_result() {
    let dir = tempdir();
    let script = write(dir.path(), "bars.py", BAR_AND_PIE);
    let out = dir.path().join("out");
    let o = plotgrade(
        &[
            "run",
            script.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        0,
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("ok: 2 figure(s)"), "{stdout}");
    for f in ["figure-1.png", "figure-2.png", "scene.json", "result.json"] {
        assert!(out.join(f).is_file(), "missing {f}");
    }
    let result: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("result.json")).unwrap()).unwrap();
    assert_eq!(result["status"], "ok");
    assert!(result["timings_ms"]["wall"].as_f64().unwrap() > 0.0);
    let scene: Scene =
        serde_json::from_slice(&std::fs::read(out.join("scene.json")).unwrap()).unwrap();
    assert_eq!(scene.figures.len(), 2);
}

#[test]
fn cli_run_exit_codes() {
    let dir = tempdir();
    let bad = write(dir.path(), "bad.py", "1 / 0\n");
    let out = dir.path().join("o");
    let o = plotgrade(
        &["run", bad.to_str().unwrap(), "--out", out.to_str().unwrap()],
        1,
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("runtime_error: ZeroDivisionError"));
    let result: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("result.json")).unwrap()).unwrap();
    assert_eq!(result["error"]["line"], 1);
    let missing = dir.path().join("nope.py");
    let o = plotgrade(
        &[
            "run",
            missing.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        2,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("cannot read script") && err.contains("nope.py"),
        "{err}"
    );
    plotgrade(
        &[
            "run",
            bad.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--timeout",
            "-1",
        ],
        2,
    );
}

#[test]
fn cli_dump_scene_is_readable() {
    let dir = tempdir();
    let script = write(dir.path(), "s.py", BAR_AND_PIE);
    let o = plotgrade(&["dump", "scene", script.to_str().unwrap()], 0);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("bar \"Q2\" at 1 height 7"), "{text}");
    assert!(
        text.contains("wedge \"food\" 108° → 288° (50.00%)"),
        "{text}"
    );
    assert!(text.contains("text \"50%\""), "{text}");
    assert!(text.contains("annotation \"best\""), "{text}");
}

#[test]
fn a_job_whose_worker_is_killed_from_outside_is_run_again() {
    let pool = Pool::start(config(1)).unwrap();
    let pid = pool.worker_pids()[0];
    // Kill the warm worker from outside while it idles: the next job runs again on a
    // fresh worker and its answer is the script's, not the kill's.
    unsafe { libc::kill(pid as i32, libc::SIGKILL) };
    std::thread::sleep(std::time::Duration::from_millis(100));
    let first = pool.run_one(Job::new("s.py", PLAIN_BAR));
    assert_eq!(first.status, Status::Ok, "{}", show(&first));
    assert!(!first.worker_lost);
    assert_ne!(pool.worker_pids()[0], pid);
}

#[test]
fn a_job_whose_worker_dies_twice_is_reported_as_lost_not_as_its_own_crash() {
    let pool = Pool::start(config(1)).unwrap();
    let killed = std::sync::atomic::AtomicUsize::new(0);
    let o = std::thread::scope(|s| {
        s.spawn(|| {
            // Kill every template the job runs on, a moment after the job starts on it.
            let mut seen = Vec::new();
            while killed.load(std::sync::atomic::Ordering::SeqCst) < 2 {
                for pid in pool.worker_pids() {
                    if !seen.contains(&pid) {
                        seen.push(pid);
                        std::thread::sleep(std::time::Duration::from_millis(400));
                        unsafe { libc::kill(pid as i32, libc::SIGKILL) };
                        killed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        });
        pool.run_one(Job::new("s.py", "import time\ntime.sleep(2)\n"))
    });
    assert_eq!(o.status, Status::Crashed, "{}", show(&o));
    assert!(o.worker_lost, "{}", show(&o));
    assert!(o.detail.as_deref().unwrap().contains("worker died"));
    // The pool goes on with a fresh worker.
    assert_eq!(pool.run_one(Job::new("s.py", PLAIN_BAR)).status, Status::Ok);
}

/// A slot overlaps a job's reader with the next job's child. A template killed then
/// takes both with it: each job runs again, alone, on a fresh template, and each gets its
/// own answer; neither is counted lost.
#[test]
fn a_worker_killed_between_a_reader_and_the_next_job_costs_neither_job() {
    let pool = Pool::start(config(1)).unwrap();
    let pid = pool.worker_pids()[0];
    let slow = "import time\ntime.sleep(1.5)\nimport matplotlib.pyplot as plt\nplt.plot([1, 2])\nprint('second')\n";
    let outs = std::thread::scope(|s| {
        s.spawn(|| {
            // The bar's reader has drawn (or is drawing) and the second job sleeps.
            std::thread::sleep(std::time::Duration::from_millis(700));
            unsafe { libc::kill(pid as i32, libc::SIGKILL) };
        });
        pool.run(
            vec![Job::new("a.py", PLAIN_BAR), Job::new("b.py", slow)],
            |_, _| {},
        )
    });
    for o in &outs {
        assert_eq!(o.status, Status::Ok, "{}", show(o));
        assert!(!o.worker_lost, "{}", show(o));
        assert_eq!(o.figures, 1, "{}", show(o));
    }
    assert_eq!(
        outs[0].scene.figures[0].axes[0].bars.len(),
        3,
        "{}",
        show(&outs[0])
    );
    assert_eq!(outs[1].stdout, "second\n");
    assert_ne!(
        pool.worker_pids()[0],
        pid,
        "the killed template was replaced"
    );
}

#[test]
fn worker_binary_refuses_to_start_without_python_packages() {
    // A venv without matplotlib: the pool says so instead of hanging or crashing.
    let dir = tempdir();
    std::fs::create_dir_all(dir.path().join("lib/python3.11/site-packages")).unwrap();
    let out = std::process::Command::new(BIN)
        .args(["run", "x.py", "--out", "o"])
        .current_dir(dir.path())
        .env("PLOTGRADE_VENV", dir.path())
        .output()
        .unwrap();
    std::fs::write(dir.path().join("x.py"), "print(1)").unwrap();
    let out2 = std::process::Command::new(BIN)
        .args(["run", "x.py", "--out", "o"])
        .current_dir(dir.path())
        .env("PLOTGRADE_VENV", dir.path())
        .env("PYTHONPATH", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out2.stderr);
    // Python's own stdlib still loads; numpy/matplotlib do not.
    assert_eq!(out2.status.code(), Some(2), "{err}");
    assert!(err.contains("No module named"), "{err}");
}

/// A worker that warms each job's process ahead of time (`PLOTGRADE_PREWARM=1`) must
/// give the same bytes as one that does not: the warm-up leaves nothing.
#[test]
fn prewarmed_job_processes_render_the_same_bytes() {
    let mut c = config(1);
    c.jobs = 1;
    c.prewarm = true;
    let warm = Pool::start(c).unwrap();
    let jobs = || {
        (0..3)
            .map(|_| Job::new("s.py", BAR_AND_PIE))
            .collect::<Vec<_>>()
    };
    let a = warm.run(jobs(), |_, _| {});
    let b = pool().run(jobs(), |_, _| {});
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.status, Status::Ok, "{}", show(x));
        assert_eq!(x.pngs, y.pngs);
        assert_eq!(
            serde_json::to_string(&x.scene).unwrap(),
            serde_json::to_string(&y.scene).unwrap()
        );
    }
    // And figure numbering starts at 1: the warm-up's figure was closed.
    let o = warm.run_one(Job::new(
        "n.py",
        "import matplotlib.pyplot as plt\nprint(plt.figure().number)\n",
    ));
    assert_eq!(o.stdout, "1\n");
}

#[test]
fn cli_diff_figure_spells_out_the_scene_change() {
    let r = crate::util::repo().join("references/mathopeval-mini/bar-01");
    let (orig, modi) = (r.join("original.py"), r.join("modification.py"));
    let o = plotgrade(
        &[
            "diff",
            "--figure",
            orig.to_str().unwrap(),
            modi.to_str().unwrap(),
        ],
        0,
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("figure diff: 1 operation(s)\n  bar 'South': height 35 → 45"),
        "{text}"
    );
    let o = plotgrade(
        &[
            "diff",
            "--figure",
            "--base",
            orig.to_str().unwrap(),
            modi.to_str().unwrap(),
            orig.to_str().unwrap(),
        ],
        0,
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("F1 0.000"), "a no-op edit scores 0: {text}");
}

#[test]
fn a_bar_is_read_as_tall_as_it_is_drawn() {
    // Raised to 9 after the axes were scaled to 3.15: the picture shows a bar cut at the
    // top of the axes, and that is what is read.
    let code = "import matplotlib.pyplot as plt\nbars = plt.bar(['a', 'b'], [1, 3])\nbars[1].set_height(9)\n";
    let o = run_code(code);
    let b = &o.scene.figures[0].axes[0].bars[1];
    assert!((b.height - 3.15).abs() < 1e-9, "{}", b.height);
}
