//! `plotgrade snapshot / check / accept / reject` through the binary, on the fixed scripts
//! of tests/regress/ (bar, line ending in plt.show(), pie saved to a relative path, text
//! saved to an absolute one, cbook sample data, two figures, one that fails).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::util::{plotgrade, repo, tempdir};

/// A copy of tests/regress/ in `tmp/scripts` (so tests can edit it) and its baseline.
struct Fixture {
    _tmp: tempfile::TempDir,
    scripts: PathBuf,
    base: PathBuf,
}

impl Fixture {
    fn new() -> Fixture {
        let tmp = tempdir();
        let scripts = tmp.path().join("scripts");
        std::fs::create_dir(&scripts).unwrap();
        for e in std::fs::read_dir(repo().join("tests/regress")).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, scripts.join(p.file_name().unwrap())).unwrap();
        }
        let base = tmp.path().join("baseline");
        Fixture {
            _tmp: tmp,
            scripts,
            base,
        }
    }

    /// A fixture with its baseline taken.
    fn snapshotted() -> Fixture {
        let f = Fixture::new();
        f.run(&["snapshot", "--jobs", "1"], 0);
        f
    }

    /// `plotgrade CMD SCRIPTS --baseline BASE EXTRA…`; returns stdout.
    fn run(&self, args: &[&str], code: i32) -> String {
        let (cmd, extra) = args.split_first().unwrap();
        let mut all = vec![*cmd, self.scripts.to_str().unwrap()];
        all.extend(["--baseline", self.base.to_str().unwrap()]);
        all.extend(extra);
        let out = plotgrade(&all, code);
        String::from_utf8(out.stdout).unwrap()
    }

    fn review(&self, cmd: &str, names: &[&str], code: i32) -> String {
        let mut all = vec![cmd, "--baseline", self.base.to_str().unwrap()];
        all.extend(names);
        String::from_utf8(plotgrade(&all, code).stdout).unwrap()
    }

    /// Replace `old` by `new` in a script (which must contain it).
    fn edit(&self, script: &str, old: &str, new: &str) {
        let p = self.scripts.join(script);
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains(old), "{script} does not contain {old:?}");
        std::fs::write(&p, text.replace(old, new)).unwrap();
    }

    fn append(&self, script: &str, line: &str) {
        let p = self.scripts.join(script);
        let text = std::fs::read_to_string(&p).unwrap();
        std::fs::write(&p, format!("{text}{line}\n")).unwrap();
    }

    fn files(&self) -> BTreeMap<String, Vec<u8>> {
        files(&self.base)
    }

    /// The baseline proper: PNGs, scenes and the manifest (not .new, .diff, summaries).
    fn baseline_files(&self) -> BTreeMap<String, Vec<u8>> {
        self.files()
            .into_iter()
            .filter(|(n, _)| {
                !n.contains(".new.") && !n.ends_with(".diff.png") && !n.starts_with("check-")
            })
            .collect()
    }

    fn manifest(&self) -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(self.base.join("manifest.json")).unwrap()).unwrap()
    }
}

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        out.insert(
            p.file_name().unwrap().to_string_lossy().into_owned(),
            std::fs::read(&p).unwrap(),
        );
    }
    out
}

fn pending(f: &Fixture) -> Vec<String> {
    f.files()
        .into_keys()
        .filter(|n| n.contains(".new.") || n.ends_with(".diff.png"))
        .collect()
}

#[test]
fn snapshot_then_check_twice_passes_and_bytes_do_not_depend_on_jobs() {
    let f = Fixture::new();
    let out = f.run(&["snapshot", "--jobs", "2"], 0);
    assert!(
        out.contains("snapshot: 7 script(s) (6 ok, 1 runtime_error), 7 figure(s)"),
        "{out}"
    );
    assert!(
        out.contains("fails: runtime_error: ZeroDivisionError"),
        "{out}"
    );
    let m = f.manifest();
    assert_eq!(m["root"], "../scripts");
    assert_eq!(m["versions"]["matplotlib"], "3.10.9");
    for key in ["numpy", "freetype", "python", "plotgrade"] {
        assert!(m["versions"][key].is_string(), "{key} missing: {m}");
    }
    assert_eq!(m["scripts"]["fails"]["status"], "runtime_error");
    assert_eq!(m["scripts"]["fails"]["figures"], serde_json::json!([]));
    let two: Vec<&str> = m["scripts"]["two_figures"]["figures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(two, ["two_figures-1", "two_figures-2"]);
    // plt.show(), savefig to relative and absolute paths, sample data: each one figure.
    for s in ["line", "pie", "text", "sample_data", "bar"] {
        assert_eq!(m["scripts"][s]["status"], "ok", "{s}: {m}");
        assert!(f.base.join(format!("{s}-1.png")).is_file());
        assert!(f.base.join(format!("{s}-1.scene.json")).is_file());
    }

    let before = f.files();
    for _ in 0..2 {
        let out = f.run(&["check", "--jobs", "2"], 0);
        assert!(
            out.contains("7 passed, 0 drift, 0 failed, 1 fails as recorded (7 script(s), mode hybrid, tolerance 2)"),
            "{out}"
        );
    }
    assert_eq!(f.files(), before, "check wrote into the baseline folder");

    // Same scripts with one worker into another folder: byte-identical baseline.
    let other = f.base.with_file_name("baseline-jobs1");
    plotgrade(
        &[
            "snapshot",
            f.scripts.to_str().unwrap(),
            "--baseline",
            other.to_str().unwrap(),
            "--jobs",
            "1",
        ],
        0,
    );
    assert_eq!(files(&other), before);
}

#[test]
fn injected_data_label_and_colour_changes_fail_with_the_change_spelled_out() {
    let f = Fixture::snapshotted();
    let before = f.baseline_files();
    f.edit("bar.py", "sales = [4, 6, 5, 8]", "sales = [4, 6, 7, 8]");
    f.edit("line.py", "label=\"sin\"", "label=\"sine\"");
    f.edit("pie.py", "\"#dd8452\"", "\"#c44e52\"");
    let out = f.run(&["check"], 1);
    assert!(
        out.contains("FAIL      bar-1: bar 'Q3': height 5 → 7 (RMS "),
        "{out}"
    );
    // A line's label is what its legend shows: the legend is the element that changed.
    assert!(
        out.contains("FAIL      line-1: legend: [sin, cos] → [sine, cos]"),
        "{out}"
    );
    assert!(
        out.contains("FAIL      pie-1: wedge 'food': color #dd8452ff → #c44e52ff"),
        "{out}"
    );
    assert!(
        out.contains("4 passed, 0 drift, 3 failed, 1 fails as recorded"),
        "{out}"
    );
    assert_eq!(f.baseline_files(), before, "check modified the baseline");
    let mut want = Vec::new();
    for n in ["bar-1", "line-1", "pie-1"] {
        want.extend([
            format!("{n}.diff.png"),
            format!("{n}.new.png"),
            format!("{n}.new.scene.json"),
        ]);
    }
    want.extend(["bar.new.json", "line.new.json", "pie.new.json"].map(String::from));
    want.sort();
    assert_eq!(pending(&f), want);
}

#[test]
fn a_pixel_only_change_drifts_under_hybrid_and_fails_under_hash() {
    let f = Fixture::snapshotted();
    // A barely different figure background: drawn, but not part of the scene. (A grid,
    // then the axes background, were the example until the scene read them.)
    f.append("bar.py", "ax.figure.set_facecolor('#fefefe')");
    let check = |extra: &[&str], code| {
        let mut args = vec!["check"];
        args.extend(extra);
        f.run(&args, code)
    };
    let hybrid = check(&[], 0);
    assert!(
        hybrid.contains("DRIFT     bar-1: pixels only: RMS 0."),
        "{hybrid}"
    );
    assert!(hybrid.contains("6 passed, 1 drift, 0 failed"), "{hybrid}");
    assert!(pending(&f).is_empty(), "drift wrote {:?}", pending(&f));
    let hash = check(&["--mode", "hash"], 1);
    assert!(
        hash.contains("FAIL      bar-1: bytes differ (RMS 0."),
        "{hash}"
    );
    let image = check(&["--mode", "image"], 0);
    assert!(image.contains("DRIFT     bar-1: pixels only"), "{image}");
    let scene = check(&["--mode", "scene"], 0);
    assert!(
        scene.contains("DRIFT     bar-1: same scene; pixels differ"),
        "{scene}"
    );
    let strict = check(&["--tolerance", "0.1"], 1);
    assert!(
        strict.contains("FAIL      bar-1: pixels changed: RMS 0."),
        "{strict}"
    );
    assert!(strict.contains("> 0.1"), "{strict}");
}

#[test]
fn each_mode_decides_on_its_own_evidence() {
    let f = Fixture::snapshotted();
    // A grey figure background: many pixels, no scene change. (Hiding a spine was the
    // example until the scene read the spines.)
    f.append("text.py", "ax.figure.set_facecolor('#b0b0b0')");
    // A data change: a scene change with a large RMS.
    f.edit("bar.py", "sales = [4, 6, 5, 8]", "sales = [4, 6, 7, 8]");
    let run = |mode: &str| f.run(&["check", "--mode", mode], 1);
    let hybrid = run("hybrid");
    assert!(
        hybrid.contains("FAIL      text-1: pixels changed: RMS "),
        "{hybrid}"
    );
    assert!(
        hybrid.contains("FAIL      bar-1: bar 'Q3': height 5 → 7"),
        "{hybrid}"
    );
    let scene = run("scene");
    assert!(
        scene.contains("DRIFT     text-1: same scene; pixels differ"),
        "{scene}"
    );
    assert!(
        scene.contains("FAIL      bar-1: bar 'Q3': height 5 → 7"),
        "{scene}"
    );
    let image = run("image");
    assert!(
        image.contains("FAIL      text-1: pixels changed"),
        "{image}"
    );
    assert!(
        image.contains("FAIL      bar-1: pixels changed: RMS 25."),
        "{image}"
    );
    // A large tolerance lets image mode pass what the scene mode still catches.
    let loose = f.run(&["check", "--mode", "image", "--tolerance", "100"], 0);
    assert!(loose.contains("DRIFT     bar-1"), "{loose}");
}

#[test]
fn accept_promotes_pending_results_and_the_next_check_passes() {
    let f = Fixture::snapshotted();
    f.edit("bar.py", "sales = [4, 6, 5, 8]", "sales = [4, 6, 7, 8]");
    f.edit("pie.py", "\"#dd8452\"", "\"#c44e52\"");
    f.run(&["check"], 1);
    let new_png = std::fs::read(f.base.join("bar-1.new.png")).unwrap();
    let out = f.review("accept", &["bar-1"], 0);
    assert!(out.contains("accepted bar (ok): bar-1"), "{out}");
    assert!(out.contains("1 pending result(s) accepted"), "{out}");
    assert_eq!(std::fs::read(f.base.join("bar-1.png")).unwrap(), new_png);
    let sha = f.manifest()["scripts"]["bar"]["figures"][0]["sha256"].clone();
    assert_eq!(sha, plotgrade::regress::manifest::sha256(&new_png));
    assert!(
        f.base.join("pie-1.new.png").is_file(),
        "pie is still pending"
    );
    // Unknown names are errors that name them; nothing changes.
    let err = plotgrade(
        &["accept", "--baseline", f.base.to_str().unwrap(), "nosuch-1"],
        2,
    );
    let err = String::from_utf8_lossy(&err.stderr);
    assert!(
        err.contains("not pending") && err.contains("nosuch-1"),
        "{err}"
    );
    assert!(
        err.contains("pie-1"),
        "the message lists what is pending: {err}"
    );
    let out = f.review("accept", &[], 0);
    assert!(out.contains("accepted pie (ok): pie-1"), "{out}");
    let out = f.run(&["check"], 0);
    assert!(out.contains("7 passed, 0 drift, 0 failed"), "{out}");
    assert!(pending(&f).is_empty(), "{:?}", pending(&f));
}

#[test]
fn reject_deletes_pending_results_and_keeps_the_baseline() {
    let f = Fixture::snapshotted();
    let before = f.baseline_files();
    f.edit("line.py", "label=\"sin\"", "label=\"sine\"");
    f.run(&["check"], 1);
    assert!(!pending(&f).is_empty());
    let out = f.review("reject", &[], 0);
    assert!(out.contains("rejected line: deleted line-1"), "{out}");
    assert!(pending(&f).is_empty(), "{:?}", pending(&f));
    assert_eq!(f.baseline_files(), before);
    f.run(&["check"], 1); // the script still differs
}

#[test]
fn stale_new_files_go_when_the_figure_passes_again() {
    let f = Fixture::snapshotted();
    f.edit("bar.py", "sales = [4, 6, 5, 8]", "sales = [4, 6, 7, 8]");
    f.run(&["check"], 1);
    assert!(f.base.join("bar-1.new.png").is_file());
    f.edit("bar.py", "sales = [4, 6, 7, 8]", "sales = [4, 6, 5, 8]");
    f.run(&["check"], 0);
    assert!(pending(&f).is_empty(), "{:?}", pending(&f));
}

#[test]
fn new_vanished_failing_fixed_and_removed_scripts_each_have_their_outcome() {
    let f = Fixture::snapshotted();
    std::fs::write(
        f.scripts.join("added.py"),
        "import matplotlib.pyplot as plt\nplt.plot([1, 2])\n",
    )
    .unwrap();
    f.edit(
        "two_figures.py",
        "fig2, ax2 = plt.subplots(figsize=(4, 3))\n",
        "ax2 = ax1\n",
    );
    f.edit(
        "bar.py",
        "sales = [4, 6, 5, 8]",
        "sales = [4, 6, 5, 8] + undefined",
    );
    f.edit("fails.py", "ratio = 1 / 0", "ratio = 1 / 2");
    std::fs::remove_file(f.scripts.join("pie.py")).unwrap();
    let out = f.run(&["check"], 1);
    for want in [
        "NEW       added-1: new script: no baseline",
        "VANISHED  two_figures-2: the script draws 1 figure(s) now, 2 at baseline",
        "SCRIPT_FAILING bar: now runtime_error: NameError: name 'undefined' is not defined (line 5) (ran with 1 figure(s) at baseline)",
        "NEW       fails-1: the script runs now (was runtime_error: ZeroDivisionError: division by zero (line 5)): no baseline",
        "REMOVED   pie: pie.py no longer exists (1 figure(s) recorded)",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    let out = f.review("accept", &[], 0);
    assert!(out.contains("accepted pie (removed)"), "{out}");
    assert!(
        out.contains("accepted bar (runtime_error); dropped bar-1"),
        "{out}"
    );
    assert!(!f.base.join("pie-1.png").exists() && !f.base.join("bar-1.png").exists());
    let m = f.manifest();
    assert!(m["scripts"].get("pie").is_none());
    assert_eq!(m["scripts"]["fails"]["status"], "ok");
    assert_eq!(
        m["scripts"]["two_figures"]["figures"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let out = f.run(&["check"], 0);
    assert!(out.contains("1 fails as recorded"), "{out}");
}

#[test]
fn a_version_mismatch_is_stated_at_the_top_and_in_the_summaries() {
    let f = Fixture::snapshotted();
    let path = f.base.join("manifest.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("\"matplotlib\": \"3.10.9\"", "\"matplotlib\": \"3.9.0\""),
    )
    .unwrap();
    let out = f.run(&["check", "--summary", "html,json"], 0);
    assert!(
        out.starts_with("versions differ from the baseline's: matplotlib 3.9.0 → 3.10.9\n"),
        "{out}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(f.base.join("check-summary.json")).unwrap()).unwrap();
    assert_eq!(
        json["version_changes"],
        serde_json::json!(["matplotlib 3.9.0 → 3.10.9"])
    );
    let html = std::fs::read_to_string(f.base.join("check-report.html")).unwrap();
    assert!(html.contains("Versions differ from the baseline's:</b> matplotlib 3.9.0 → 3.10.9"));
}

#[test]
fn summary_writes_json_and_html_a_reviewer_can_open() {
    let f = Fixture::snapshotted();
    f.edit("bar.py", "sales = [4, 6, 5, 8]", "sales = [4, 6, 7, 8]");
    let dir = f.base.with_file_name("report");
    let out = f.run(
        &[
            "check",
            "--summary",
            "json,html",
            "--summary-dir",
            dir.to_str().unwrap(),
        ],
        1,
    );
    assert!(out.contains("check-summary.json") && out.contains("check-report.html"));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("check-summary.json")).unwrap()).unwrap();
    assert_eq!(json["mode"], "hybrid");
    assert_eq!(json["tolerance"], 2.0);
    assert_eq!(json["counts"]["fail"], 1);
    assert_eq!(json["counts"]["pass"], 6);
    assert_eq!(json["counts"]["fails_as_recorded"], 1);
    let bar = json["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "bar-1")
        .unwrap();
    assert_eq!(bar["verdict"], "fail");
    assert_eq!(
        bar["changes"],
        serde_json::json!(["bar 'Q3': height 5 → 7"])
    );
    assert!(bar["rms"].as_f64().unwrap() > 2.0);
    assert_eq!(bar["new"], "bar-1.new.png");
    let html = std::fs::read_to_string(dir.join("check-report.html")).unwrap();
    assert!(html.starts_with("<!doctype html>") && html.trim_end().ends_with("</html>"));
    assert!(html.contains("bar &#39;Q3&#39;: height 5 → 7"), "{html}");
    for img in ["bar-1.png", "bar-1.new.png", "bar-1.diff.png"] {
        assert!(
            html.contains(&format!("src=\"../baseline/{img}\"")),
            "{img} not linked: {html}"
        );
    }
}

#[test]
fn names_are_stable_for_subsets_and_globs() {
    let f = Fixture::snapshotted();
    let glob = format!("{}/b*.py", f.scripts.display());
    let out = plotgrade(&["check", &glob, "--baseline", f.base.to_str().unwrap()], 0);
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.contains("1 passed, 0 drift, 0 failed (1 script(s)"),
        "{out}"
    );
    // A subset does not report the scripts it was not asked about as removed.
    let one = f.scripts.join("two_figures.py");
    let out = plotgrade(
        &[
            "check",
            one.to_str().unwrap(),
            "--baseline",
            f.base.to_str().unwrap(),
        ],
        0,
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 passed"));
}

#[test]
fn usage_errors_exit_2() {
    let f = Fixture::new();
    let base = f.base.to_str().unwrap();
    let scripts = f.scripts.to_str().unwrap();
    let err = |args: &[&str]| String::from_utf8(plotgrade(args, 2).stderr).unwrap();
    assert!(err(&["check", scripts, "--baseline", base]).contains("no manifest.json"));
    assert!(
        err(&["snapshot", "/no/such/dir", "--baseline", base])
            .contains("/no/such/dir: no such file")
    );
    f.run(&["snapshot", "--jobs", "1"], 0);
    assert!(err(&["check", scripts, "--baseline", base, "--tolerance=-1"]).contains("--tolerance"));
    assert!(err(&["reject", "--baseline", base, "bar-1"]).contains("not pending"));
}
