//! Reports written from hand-built results: `summary.json`, `summary.md`, and
//! `report.html` checked in headless Chromium (Debian's `chromium`; install it with
//! scripts/install-chromium): it loads without console errors, shows one row per
//! submission, a URL-hash filter changes the visible count, and model text stays text.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use plotgrade::details::{CodeDetails, FigureDetails, ImageDetails, MatchDetails, RecordedOp};
use plotgrade::exec::Status;
use plotgrade::grade::{
    ChannelScore, Channels, ExtractionMode, Flag, Funnel, GradeResult, Rejected,
};
use plotgrade::matching::MatchMode;
use plotgrade::pixels::{ImageComparison, Size};
use plotgrade::report::{self, Summary};
use plotgrade::task::{FigureType, Kind};
use serde_json::json;

use crate::util::tempdir;

const CHROMIUM: &str = "/usr/bin/chromium";
const XSS: &str = "<script>alert(1)</script>";

/// A small solid PNG (an `image` crate render stands in for matplotlib's).
fn png(path: &Path, rgb: [u8; 3]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    ::image::RgbImage::from_pixel(48, 32, ::image::Rgb(rgb))
        .save(path)
        .unwrap();
}

fn channel<D>(score: Option<f64>, details: Option<D>) -> ChannelScore<D> {
    ChannelScore {
        score,
        reason: score.is_none().then(|| "could not run".to_string()),
        details,
    }
}

/// A comparing channel's details with one generated and one reference op.
fn matched(f1: f64, generated: serde_json::Value, reference: serde_json::Value) -> MatchDetails {
    MatchDetails {
        mode: MatchMode::Edit,
        precision: f1,
        recall: f1,
        f1,
        score: f1,
        generated_ops: vec![RecordedOp::of(&generated)],
        reference_ops: vec![RecordedOp::of(&reference)],
        matches: vec![],
        notes: vec![],
    }
}

fn image_details() -> ImageDetails {
    let size = Size {
        width: 48,
        height: 32,
    };
    ImageDetails {
        compare: ImageComparison {
            rms: 1.5,
            rms_channels: 3,
            ssim_grey: 0.97,
            ssim_hybrid: Some(0.96),
            size_a: size,
            size_b: size,
            canvas: size,
            size_mismatch: false,
        },
        edit: None,
    }
}

/// Fourteen submissions from two models over every kind and figure type; `m2`'s
/// deletions fail. Each has its four pictures written under `run_dir/figures/`.
fn results(run_dir: &Path) -> Vec<GradeResult> {
    let mut out = Vec::new();
    for (m, model) in ["m1", "m2"].into_iter().enumerate() {
        for i in 0..7 {
            let kind = Kind::ALL[i % 4];
            let figure = FigureType::KNOWN[i % 5].clone();
            let id = format!("{}-{i:02}-{}", figure.as_str(), kind.as_str());
            let pass = !(m == 1 && kind == Kind::Deletion) && i != 6;
            let dir = format!("figures/{model}/{id}");
            let artifacts: Vec<String> = [
                "original-1.png",
                "reference-1.png",
                "generated-1.png",
                "heatmap.png",
            ]
            .map(|f| format!("{dir}/{f}"))
            .to_vec();
            for (k, a) in artifacts.iter().enumerate() {
                png(
                    &run_dir.join(a),
                    [40 * k as u8, 200 - 20 * i as u8, 100 + 50 * m as u8],
                );
            }
            let score = if pass {
                7 + (i % 3) as u8
            } else {
                2 + (i % 2) as u8
            };
            let f1 = f64::from(score) / 10.0;
            out.push(GradeResult {
                id: id.clone(),
                model: model.to_string(),
                kind,
                sample: format!("{}-{i:02}", figure.as_str()),
                figure,
                variant_of: None,
                tags: Vec::new(),
                status: Status::Ok,
                extraction: ExtractionMode::Strict,
                score,
                pass,
                flags: if pass { vec![] } else { vec![Flag::Noop] },
                channels: Channels {
                    code: channel(
                        Some(f1),
                        Some(CodeDetails {
                            matched: matched(
                                f1,
                                json!({"op": "changed", "kind": "bar", "axes": 0, "key": "C", "what": "bar \"C\"", "attr": "height", "old": 3, "new": 5}),
                                json!({"op": "removed", "element": {"kind": "line", "axes": 0, "key": "#1", "attrs": {"label": "</pre><b>x</b>"}, "line": 4}}),
                            ),
                            ops: vec!["~ bar \"C\": height 3 → 5 <i>".into()],
                            text_diff: "--- original.py\n+++ generated.py\n@@ -1,2 +1,2 @@\n import matplotlib.pyplot as plt\n-plt.bar(['A'], [3])\n+plt.bar(['A'], [5])\n".into(),
                        }),
                    ),
                    figure: channel(
                        Some(f1 - 0.05 * (i % 2) as f64),
                        Some(FigureDetails {
                            matched: matched(f1, json!({"op": "added", "element": {"kind": "text", "key": "5"}}), json!({"op": "added", "element": {"kind": "text", "key": "5"}})),
                            ops: "text '5' added\n".into(),
                            style: vec![format!("bar 'C': colour differs ({i})")],
                        }),
                    ),
                    image: channel(Some(0.5 + 0.05 * i as f64), Some(image_details())),
                    judge: channel(None, None),
                },
                funnel: Funnel { extracted: true, ran: true, drew: true, located: pass, passed: pass },
                artifacts,
                error: None,
                answer: None,
                process: None,
            });
        }
    }
    // A failed run whose error carries markup, and whose pictures were never drawn.
    let mut bad = out[0].clone();
    bad.id = "bar-99-generation".to_string();
    bad.figure = FigureType::Bar;
    bad.status = Status::RuntimeError;
    bad.score = 1;
    bad.pass = false;
    bad.error = Some(format!("ValueError: {XSS} <img src=x onerror=alert(2)>"));
    bad.funnel = Funnel {
        extracted: true,
        ..Funnel::default()
    };
    bad.artifacts = vec!["figures/m1/bar-99-generation/original-1.png".to_string()];
    bad.channels = Channels::default();
    out.push(bad);
    out
}

struct Page {
    dom: String,
    stderr: String,
}

/// Loads `url` in headless Chromium and returns the DOM after scripts ran.
fn chromium(url: &str, scratch: &Path) -> Page {
    chromium_with(url, scratch, &[])
}

/// [`chromium`] with more command-line switches.
fn chromium_with(url: &str, scratch: &Path, extra: &[&str]) -> Page {
    assert!(
        Path::new(CHROMIUM).is_file(),
        "{CHROMIUM} is missing: the report test needs Debian's chromium; run scripts/install-chromium"
    );
    let profile = tempfile::Builder::new()
        .prefix("chromium-profile-")
        .tempdir_in(scratch)
        .unwrap();
    let (out_path, err_path) = (scratch.join("dom.html"), scratch.join("chromium.log"));
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        &format!("--user-data-dir={}", profile.path().display()),
        "--enable-logging=stderr",
        "--v=0",
        "--virtual-time-budget=2000",
        "--dump-dom",
    ];
    let args: Vec<&str> = args
        .iter()
        .copied()
        .chain(extra.iter().copied())
        .chain([url])
        .collect();
    let mut child = Command::new(CHROMIUM)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("start {CHROMIUM}: {e}"));
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "chromium did not finish in 90 s: {CHROMIUM} {}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let page = Page {
        dom: std::fs::read_to_string(&out_path).unwrap(),
        stderr: std::fs::read_to_string(&err_path).unwrap(),
    };
    assert!(
        status.success() && page.dom.contains("</html>"),
        "{CHROMIUM} {}\nexit {status}\n--- stderr\n{}",
        args.join(" "),
        page.stderr
    );
    page
}

impl Page {
    /// What the page's script wrote into `<span id="ID">`.
    fn span(&self, id: &str) -> &str {
        let open = format!("<span id=\"{id}\">");
        let start = self
            .dom
            .find(&open)
            .unwrap_or_else(|| panic!("no #{id} in the DOM"))
            + open.len();
        let end = start + self.dom[start..].find("</span>").unwrap();
        &self.dom[start..end]
    }

    /// Console messages and uncaught errors, as Chromium logs them to stderr.
    fn console(&self) -> Vec<&str> {
        self.stderr
            .lines()
            .filter(|l| l.contains("CONSOLE") || l.contains("Uncaught"))
            .collect()
    }
}

fn rejected() -> [Rejected; 1] {
    [Rejected {
        at: "subs.jsonl:9".to_string(),
        id: Some("nope".to_string()),
        reason: "unknown task id".to_string(),
    }]
}

fn write_run() -> (tempfile::TempDir, Vec<GradeResult>, Summary) {
    let dir = tempdir();
    let results = results(dir.path());
    let summary = report::summarize(&results, &[], &rejected());
    report::write_summary(dir.path(), &summary).unwrap();
    report::write_html(dir.path(), &results, &summary).unwrap();
    (dir, results, summary)
}

fn url(path: &Path, hash: &str) -> String {
    format!("file://{}{hash}", path.display())
}

#[test]
fn report_loads_in_chromium_with_a_row_per_submission() {
    let (dir, results, _) = write_run();
    let html = dir.path().join("report.html");
    let page = chromium(&url(&html, ""), dir.path());

    assert!(
        page.console().is_empty(),
        "console output while loading the report:\n{}",
        page.console().join("\n")
    );
    assert!(
        page.dom.contains("data-ready=\"true\""),
        "the page's script did not finish"
    );
    assert_eq!(page.span("visible-count"), results.len().to_string());
    assert_eq!(
        page.dom.matches("<article class=\"sub").count(),
        results.len()
    );
    assert_eq!(
        page.dom.matches(" hidden=\"\"").count(),
        0,
        "no row is hidden without a filter"
    );
    // Model text stays text: only the page's own script exists.
    assert_eq!(page.dom.matches("<script").count(), 1);
    assert!(
        !page.dom.contains("<img src=\"x\""),
        "an error message became markup"
    );
    assert!(
        page.dom
            .contains("ValueError: &lt;script&gt;alert(1)&lt;/script&gt;")
    );
    // Operations read one a line, as text: the code channel's words and an op's fields.
    assert!(
        page.dom
            .contains("<li>~ bar \"C\": height 3 → 5 &lt;i&gt;</li>")
    );
    assert!(page.dom.contains("&lt;/pre&gt;&lt;b&gt;x&lt;/b&gt;"));
    // JSON blocks are written compact and indented by the page as it shows them.
    assert!(
        !std::fs::read_to_string(&html)
            .unwrap()
            .contains("<pre class=\"json\">{\n")
    );
    assert!(
        page.dom.contains("<pre class=\"json\">{\n  \""),
        "the page did not indent its JSON blocks"
    );
    // Pictures side by side, lazily; the one never drawn is named as missing.
    assert!(page.dom.contains(
        "<img loading=\"lazy\" src=\"figures/m1/geometry-00-generation/original-1.png\""
    ));
    assert_eq!(page.dom.matches("class=\"missing\"").count(), 1);
}

#[test]
fn url_hash_filters_the_rows() {
    let (dir, results, _) = write_run();
    let html = dir.path().join("report.html");
    let failing = results.iter().filter(|r| !r.pass).count();
    let m2_deletions = results
        .iter()
        .filter(|r| r.model == "m2" && r.kind == Kind::Deletion)
        .count();
    assert!(failing > 0 && failing < results.len() && m2_deletions > 0);

    let page = chromium(&url(&html, "#verdict=fail"), dir.path());
    assert!(page.console().is_empty(), "{}", page.console().join("\n"));
    assert_eq!(page.span("visible-count"), failing.to_string());
    assert_eq!(
        page.dom.matches(" hidden=\"\"").count(),
        results.len() - failing
    );

    let page = chromium(&url(&html, "#model=m2&kind=deletion"), dir.path());
    assert_eq!(page.span("visible-count"), m2_deletions.to_string());
    // The counts beside the options follow the other filters: of m2's rows, 2 are
    // generation tasks (5 over both models); of the deletions, 2 are m1's.
    assert!(
        page.dom.contains(">generation (2)</option>"),
        "option counts not updated"
    );
    assert!(page.dom.contains(&format!(">m2 ({m2_deletions})</option>")));
    assert!(page.dom.contains(">m1 (2)</option>"));
}

#[test]
fn summary_files_are_written_and_deterministic() {
    let (dir, results, summary) = write_run();
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&read("summary.json")).unwrap();
    assert_eq!(json["submissions"], results.len());
    assert_eq!(json["rejected"]["total"], 1);
    assert_eq!(json["models"], json!(["m1", "m2"]));
    let md = read("summary.md");
    assert!(md.starts_with("# plotgrade summary\n"));
    assert!(
        md.contains("## Scores (Table III)") && md.contains("## Channel agreement"),
        "{md}"
    );

    // The same results, shuffled, give the same bytes.
    let first = [read("summary.json"), md, read("report.html")];
    let mut shuffled = results.clone();
    shuffled.reverse();
    let again = report::summarize(&shuffled, &[], &rejected());
    assert_eq!(again, summary);
    report::write_summary(dir.path(), &again).unwrap();
    report::write_html(dir.path(), &shuffled, &again).unwrap();
    assert_eq!(
        first,
        [
            read("summary.json"),
            read("summary.md"),
            read("report.html")
        ]
    );
}

#[test]
fn missing_pictures_are_named_not_broken() {
    let (dir, results, summary) = write_run();
    std::fs::remove_file(
        dir.path()
            .join("figures/m2/bar-02-modification/heatmap.png"),
    )
    .unwrap();
    report::write_html(dir.path(), &results, &summary).unwrap();
    let html: PathBuf = dir.path().join("report.html");
    let text = std::fs::read_to_string(&html).unwrap();
    // The one removed here and the never-drawn picture of the failed run.
    assert_eq!(text.matches("class=\"missing\"").count(), 2);
    assert!(!text.contains("src=\"figures/m2/bar-02-modification/heatmap.png\""));
}

/// Issue #15: runs write no heatmap; the report shows the difference of the reference
/// and the generated figure, drawn by the browser, except for figures of two sizes
/// (they would not line up). A run that has heatmaps keeps showing them instead.
#[test]
fn without_a_heatmap_the_browser_draws_the_difference() {
    let (dir, with_heatmaps, _) = write_run();
    let text = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert_eq!(text.matches("class=\"difference\"").count(), 0);

    let dir = tempdir();
    let mut results = results(dir.path());
    assert_eq!(results.len(), with_heatmaps.len());
    for r in &mut results {
        r.artifacts.retain(|a| !a.ends_with("heatmap.png"));
    }
    results[1].flags.push(Flag::SizeChanged);
    let summary = report::summarize(&results, &[], &rejected());
    report::write_html(dir.path(), &results, &summary).unwrap();
    let text = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    // 14 drawn submissions, less the one of another size; the failed run drew nothing.
    assert_eq!(text.matches("class=\"difference\"").count(), 13);
    let r = &results[0];
    let dir_of = format!("figures/{}/{}", r.model, r.id);
    assert!(
        text.contains(&format!(
            "<div class=\"blend\"><img loading=\"lazy\" src=\"{dir_of}/reference-1.png\" alt=\"\"><img loading=\"lazy\" src=\"{dir_of}/generated-1.png\" alt=\"\"></div>"
        )),
        "{text}"
    );
}

/// Issue #16/#15: a large report keeps only the summary and one header per row in the
/// page; the row bodies come from report-rows/*.js once it opens. Forced here (inline
/// up to 0 rows): every body arrives, model text still stays text, the loader's script
/// tags are gone, and the page holds no body of its own.
#[test]
fn a_large_report_loads_its_rows_from_row_files() {
    let dir = tempdir();
    let results = results(dir.path());
    let summary = report::summarize(&results, &[], &rejected());
    report::write_html_with(dir.path(), &results, &summary, 0).unwrap();
    let html = dir.path().join("report.html");
    let text = std::fs::read_to_string(&html).unwrap();
    // (A row's one-line reason is in its header, which stays in the page.)
    assert!(
        !text.contains("<table class=\"channels\">"),
        "bodies are not in the page"
    );
    assert!(dir.path().join("report-rows/0000.js").is_file());

    let page = chromium(&url(&html, ""), dir.path());
    assert!(page.console().is_empty(), "{}", page.console().join("\n"));
    assert!(
        page.dom.contains("data-rows-loaded=\"true\""),
        "the row files did not all load"
    );
    assert!(
        !page.dom.contains("loading…"),
        "a row body is still missing"
    );
    assert_eq!(
        page.dom.matches("<article class=\"sub").count(),
        results.len()
    );
    assert_eq!(page.dom.matches("<script").count(), 1);
    assert!(
        page.dom
            .contains("ValueError: &lt;script&gt;alert(1)&lt;/script&gt;")
    );
    assert!(!page.dom.contains("<img src=\"x\""));
    assert!(
        page.dom.contains("<pre class=\"json\">{\n  \""),
        "the page did not indent the JSON of rows it loaded"
    );

    // Written inline again, the row files of the large report are gone.
    report::write_html(dir.path(), &results, &summary).unwrap();
    assert!(!dir.path().join("report-rows").exists());
}

/// Issue #29: each row says why, in words, before its details; rows filter by flag,
/// search by id and sort by score, from the controls (changed and their events fired, as a
/// click does) and from a link's URL hash alike; the page opens on an overview.
#[test]
fn the_report_says_why_and_its_controls_filter_search_and_sort() {
    let (dir, results, _) = write_run();
    let html = dir.path().join("report.html");
    let want: Vec<&GradeResult> = results
        .iter()
        .filter(|r| !r.pass && r.flags.contains(&Flag::Noop) && r.id.contains("deletion"))
        .collect();
    assert!(
        want.len() >= 2,
        "the fixture has failing deletions: {}",
        want.len()
    );

    // The controls, driven from a page that holds the report in a frame.
    let clicks = dir.path().join("clicks.html");
    std::fs::write(
        &clicks,
        r##"<!DOCTYPE html><html><body><iframe id="r" src="report.html"></iframe><pre id="out">waiting</pre>
<script>
var frame = document.getElementById("r");
frame.onload = function () {
  var d = frame.contentDocument;
  function set(el, value, event) { el.value = value; el.dispatchEvent(new Event(event)); }
  set(d.querySelector("select[data-filter=verdict]"), "fail", "change");
  set(d.querySelector("select[data-filter=flag]"), "noop", "change");
  set(d.getElementById("search"), "DELETION", "input");
  set(d.getElementById("sort"), "-score", "change");
  var shown = Array.prototype.filter.call(d.querySelectorAll("#rows > article"), function (a) { return !a.hidden; })
    .map(function (a) { return a.getAttribute("data-id") + "@" + a.getAttribute("data-score"); });
  document.getElementById("out").textContent = "visible=" + d.getElementById("visible-count").textContent
    + " rows=" + shown.join(",") + " hash=" + d.location.hash;
};
</script></body></html>"##,
    )
    .unwrap();
    let page = chromium_with(
        &url(&clicks, ""),
        dir.path(),
        &["--allow-file-access-from-files"],
    );
    let out = page
        .dom
        .split("<pre id=\"out\">")
        .nth(1)
        .and_then(|s| s.split("</pre>").next())
        .unwrap_or("")
        .to_string();
    let mut by_score: Vec<&&GradeResult> = want.iter().collect();
    by_score.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then((&a.model, &a.id).cmp(&(&b.model, &b.id)))
    });
    let rows: Vec<String> = by_score
        .iter()
        .map(|r| format!("{}@{}", r.id, r.score))
        .collect();
    assert_eq!(
        out,
        format!(
            "visible={} rows={} hash=#verdict=fail&amp;flag=noop&amp;q=DELETION&amp;sort=-score",
            want.len(),
            rows.join(",")
        ),
        "{}",
        page.console().join("\n")
    );

    // The same view from a link, and each row's reason in words.
    let page = chromium(
        &url(&html, "#verdict=fail&flag=noop&q=deletion&sort=score"),
        dir.path(),
    );
    assert_eq!(page.span("visible-count"), want.len().to_string());
    assert!(page.console().is_empty(), "{}", page.console().join("\n"));
    assert_eq!(
        page.dom.matches("<p class=\"why ").count(),
        results.len(),
        "a reason on every row"
    );
    assert!(
        page.dom
            .contains("<p class=\"why fail\">the original figure, unchanged: no edit was made</p>"),
        "a failed row says why in words"
    );
    let overview = page.dom.find("<section id=\"overview\">").unwrap();
    let scores = page.dom.find("<section id=\"scores\"").unwrap();
    assert!(overview < scores, "the page opens on the overview");
    assert!(
        page.dom
            .contains("#model=m2&amp;verdict=fail&amp;sort=score")
    );
}
