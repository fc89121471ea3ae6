//! `check`: compare what the scripts draw now with the baseline, figure by figure.
//!
//! Per figure, by [`CheckMode`]:
//! - equal PNG bytes pass at once (every mode);
//! - `hybrid` (default): a change in the scene (`figure::diff`: a bar's height, a label,
//!   a line's data, a colour) fails with the change spelled out; a pixel-only change with
//!   RMS ≤ tolerance passes as *drift*; a larger one fails with its RMS;
//! - `hash`: any byte difference fails; `image`: RMS alone decides; `scene`: the scene
//!   diff alone decides.
//!
//! Whatever the mode, a failure says every scene change found and the RMS, so a reader
//! learns what changed, not only that pixels moved. The baseline is never written: a
//! failing figure gets `NAME.new.png`, `NAME.new.scene.json` and `NAME.diff.png` beside
//! it, and its script a pending record `SCRIPT.new.json` for `accept`/`reject`. Pending
//! files of a script that now passes are removed.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::{Result, io};
use super::manifest::{
    FigureRecord, Manifest, Pending, ScriptRecord, Versions, sha256, version_changes, write_atomic,
    write_json,
};
use super::scripts::Corpus;
use plotgrade_exec::{Outcome, Status};
use plotgrade_model::scene::{Figure, Scene};

/// What decides whether a figure that is not byte-identical passes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckMode {
    /// Scene changes fail (spelled out); pixel-only changes within the tolerance drift.
    #[default]
    Hybrid,
    /// Any byte difference fails.
    Hash,
    /// RMS within the tolerance passes (pytest-mpl's rule).
    Image,
    /// The scene diff alone decides; pixels never fail.
    Scene,
}

impl CheckMode {
    /// Every mode, in the order help texts list them. The command line, the Python
    /// bindings and the pytest plugin take their choices from here.
    pub const ALL: [CheckMode; 4] = [
        CheckMode::Hybrid,
        CheckMode::Hash,
        CheckMode::Image,
        CheckMode::Scene,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CheckMode::Hybrid => "hybrid",
            CheckMode::Hash => "hash",
            CheckMode::Image => "image",
            CheckMode::Scene => "scene",
        }
    }
}

impl fmt::Display for CheckMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for CheckMode {
    type Err = String;

    fn from_str(s: &str) -> Result<CheckMode, String> {
        CheckMode::ALL
            .into_iter()
            .find(|m| m.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = CheckMode::ALL.iter().map(|m| m.as_str()).collect();
                format!("mode must be one of {}, got {s:?}", names.join(", "))
            })
    }
}

/// How `check` compares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    pub mode: CheckMode,
    /// Largest RMS (0–255 scale, as pytest-mpl's `tolerance`) that still passes.
    pub tolerance: f64,
}

/// pytest-mpl's default tolerance.
pub const DEFAULT_TOLERANCE: f64 = 2.0;

impl Default for Options {
    fn default() -> Self {
        Options {
            mode: CheckMode::Hybrid,
            tolerance: DEFAULT_TOLERANCE,
        }
    }
}

/// The result for one figure (or, for script-level verdicts, one script).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Identical, or equal by the mode's rule with identical bytes.
    Pass,
    /// Passed by the mode's rule, but the bytes differ (RMS given).
    Drift,
    /// Differs from its baseline: changes and RMS given.
    Fail,
    /// A figure with no baseline: a new script, or one more figure than recorded.
    New,
    /// A recorded figure the script no longer draws.
    Vanished,
    /// The manifest records the figure but its files are missing or unreadable.
    MissingBaseline,
    /// The script ran at baseline (or has none) and now fails, or fails differently.
    ScriptFailing,
    /// The script failed at baseline and fails the same way now (expected).
    FailsAsRecorded,
    /// A recorded script under a checked folder that no longer exists.
    Removed,
}

impl Verdict {
    pub const ALL: [Verdict; 9] = [
        Verdict::Pass,
        Verdict::Drift,
        Verdict::Fail,
        Verdict::New,
        Verdict::Vanished,
        Verdict::MissingBaseline,
        Verdict::ScriptFailing,
        Verdict::FailsAsRecorded,
        Verdict::Removed,
    ];

    /// Whether the verdict makes `check` exit 1.
    pub fn is_failure(self) -> bool {
        !matches!(
            self,
            Verdict::Pass | Verdict::Drift | Verdict::FailsAsRecorded
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Drift => "drift",
            Verdict::Fail => "fail",
            Verdict::New => "new",
            Verdict::Vanished => "vanished",
            Verdict::MissingBaseline => "missing_baseline",
            Verdict::ScriptFailing => "script_failing",
            Verdict::FailsAsRecorded => "fails_as_recorded",
            Verdict::Removed => "removed",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One line of the check's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The figure's name (`lines/simple_plot-1`), or the script's for script verdicts.
    pub name: String,
    pub script: String,
    pub verdict: Verdict,
    /// One line for a person.
    pub reason: String,
    /// The scene changes, spelled out (`bar 'Q3': height 5 → 7`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<String>,
    /// RMS between baseline and new render (0–255), when both exist and differ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rms: Option<f64>,
    /// The baseline PNG, relative to the baseline folder, when it exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline: Option<String>,
    /// The new render written beside it (`NAME.new.png`), when written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new: Option<String>,
    /// The diff heatmap (`NAME.diff.png`), when written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
}

/// Everything `check` found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckReport {
    pub mode: CheckMode,
    pub tolerance: f64,
    /// Versions now, and those the baseline was taken with.
    pub versions: Versions,
    pub baseline_versions: Versions,
    /// `matplotlib 3.10.9 → 3.11.0`, one per differing version.
    pub version_changes: Vec<String>,
    pub scripts: usize,
    /// Entries per verdict (zeros included).
    pub counts: BTreeMap<Verdict, usize>,
    /// One per figure (and per script for script verdicts), in script order.
    pub entries: Vec<Entry>,
}

impl CheckReport {
    pub fn count(&self, v: Verdict) -> usize {
        self.entries.iter().filter(|e| e.verdict == v).count()
    }

    /// Whether anything failed (the exit code of `check`).
    pub fn failed(&self) -> bool {
        self.entries.iter().any(|e| e.verdict.is_failure())
    }

    /// `12 passed, 1 drift, 2 failed, 1 new` (zero counts after the first three left out).
    pub fn summary_line(&self) -> String {
        let mut parts = vec![
            format!("{} passed", self.count(Verdict::Pass)),
            format!("{} drift", self.count(Verdict::Drift)),
            format!("{} failed", self.count(Verdict::Fail)),
        ];
        for v in &Verdict::ALL[3..] {
            let n = self.count(*v);
            if n > 0 {
                parts.push(format!("{n} {}", v.as_str().replace('_', " ")));
            }
        }
        format!(
            "{} ({} script(s), mode {}, tolerance {})",
            parts.join(", "),
            self.scripts,
            self.mode,
            self.tolerance
        )
    }
}

/// Compares `outcomes` (one per script of `corpus`, in order) with the baseline in `dir`.
pub fn check(
    dir: &Path,
    manifest: &Manifest,
    corpus: &Corpus,
    outcomes: &[Outcome],
    versions: &Versions,
    opts: &Options,
) -> Result<CheckReport> {
    assert_eq!(
        corpus.scripts.len(),
        outcomes.len(),
        "one outcome per script"
    );
    let mut entries = Vec::new();
    for (script, outcome) in corpus.scripts.iter().zip(outcomes) {
        let rel = super::scripts::slash(
            script
                .path
                .strip_prefix(&corpus.root)
                .unwrap_or(&script.path),
        );
        let recorded = manifest.scripts.get(&script.name);
        let now = ScriptRecord::of(&rel, outcome, |i| script.figure_name(i));
        let mut mine = Vec::new();
        let mut changed = Vec::new();
        let mut accepted = now.clone();
        clean_pending(dir, &script.name, recorded, &now)?;
        match (recorded, outcome.status) {
            (Some(r), s) if s != Status::Ok && r.status == s => mine.push(entry(
                &script.name,
                &script.name,
                Verdict::FailsAsRecorded,
                format!("fails as recorded: {}", outcome.summary()),
            )),
            (r, s) if s != Status::Ok => {
                let was = match r {
                    None => "no baseline".to_string(),
                    Some(r) if r.status == Status::Ok => {
                        format!("ran with {} figure(s) at baseline", r.figures.len())
                    }
                    Some(r) => format!("was {}", r.error.as_deref().unwrap_or("failing")),
                };
                mine.push(entry(
                    &script.name,
                    &script.name,
                    Verdict::ScriptFailing,
                    format!("now {} ({was})", outcome.summary()),
                ));
            }
            (r, _) => mine.extend(figures(
                dir,
                script,
                r,
                outcome,
                opts,
                &mut accepted,
                &mut changed,
            )?),
        }
        if mine.iter().any(|e| e.verdict.is_failure()) {
            Pending {
                format: super::manifest::FORMAT,
                script: script.name.clone(),
                record: Some(accepted),
                changed,
                versions: versions.clone(),
            }
            .save(dir)?;
        }
        entries.extend(mine);
    }
    entries.extend(removed(dir, manifest, corpus, versions)?);
    let counts = Verdict::ALL
        .iter()
        .map(|v| (*v, entries.iter().filter(|e| e.verdict == *v).count()))
        .collect();
    Ok(CheckReport {
        mode: opts.mode,
        tolerance: opts.tolerance,
        versions: versions.clone(),
        baseline_versions: manifest.versions.clone(),
        version_changes: version_changes(&manifest.versions, versions),
        scripts: corpus.scripts.len(),
        counts,
        entries,
    })
}

/// The entries of a script that ran: each figure against its baseline (a failure's new
/// figure written beside it and named in `changed`; a kept baseline copied into
/// `accepted`), then the baseline figures it no longer draws.
fn figures(
    dir: &Path,
    script: &super::scripts::Script,
    r: Option<&ScriptRecord>,
    outcome: &Outcome,
    opts: &Options,
    accepted: &mut ScriptRecord,
    changed: &mut Vec<String>,
) -> Result<Vec<Entry>> {
    let mut out = Vec::new();
    let base_figs: &[FigureRecord] = match r {
        Some(r) if r.status == Status::Ok => &r.figures,
        _ => &[],
    };
    let was_failing = r.filter(|r| r.status != Status::Ok);
    for (i, png) in outcome.pngs.iter().enumerate() {
        let name = script.figure_name(i + 1);
        let scene = outcome.scene.figures.get(i).cloned().unwrap_or_default();
        let e = match base_figs.get(i) {
            None => {
                let reason = match (r, was_failing) {
                    (None, _) => "new script: no baseline".to_string(),
                    (_, Some(w)) => format!(
                        "the script runs now (was {}): no baseline",
                        w.error.as_deref().unwrap_or(w.status.as_str())
                    ),
                    _ => format!(
                        "no baseline: the script drew {} figure(s) at baseline",
                        base_figs.len()
                    ),
                };
                entry(&name, &script.name, Verdict::New, reason)
            }
            Some(b) => {
                let e = compare_figure(dir, b, png, &scene, opts)?;
                if !e.verdict.is_failure() {
                    accepted.figures[i] = b.clone();
                }
                e
            }
        };
        let mut e = e;
        e.script = script.name.clone();
        if e.verdict.is_failure() {
            write_new(dir, &name, png, &scene, &mut e)?;
            changed.push(name.clone());
        }
        out.push(e);
    }
    for b in base_figs.iter().skip(outcome.pngs.len()) {
        let mut e = entry(
            &b.name,
            &script.name,
            Verdict::Vanished,
            format!(
                "the script draws {} figure(s) now, {} at baseline",
                outcome.pngs.len(),
                base_figs.len()
            ),
        );
        e.baseline = Some(format!("{}.png", b.name));
        out.push(e);
    }
    Ok(out)
}

/// Recorded scripts under a checked folder that are gone: an entry each, and a pending
/// record that drops them when accepted.
fn removed(
    dir: &Path,
    manifest: &Manifest,
    corpus: &Corpus,
    versions: &Versions,
) -> Result<Vec<Entry>> {
    let mut out = Vec::new();
    for (name, r) in &manifest.scripts {
        if corpus.scripts.iter().any(|s| &s.name == name) || !corpus.covers(name) {
            continue;
        }
        clean_pending(dir, name, Some(r), r)?;
        out.push(entry(
            name,
            name,
            Verdict::Removed,
            format!(
                "{} no longer exists ({} figure(s) recorded)",
                r.path,
                r.figures.len()
            ),
        ));
        Pending {
            format: super::manifest::FORMAT,
            script: name.clone(),
            record: None,
            changed: Vec::new(),
            versions: versions.clone(),
        }
        .save(dir)?;
    }
    Ok(out)
}

fn entry(name: &str, script: &str, verdict: Verdict, reason: String) -> Entry {
    Entry {
        name: name.to_string(),
        script: script.to_string(),
        verdict,
        reason,
        changes: Vec::new(),
        rms: None,
        baseline: None,
        new: None,
        diff: None,
    }
}

/// Compares one figure with its baseline files.
fn compare_figure(
    dir: &Path,
    base: &FigureRecord,
    png: &[u8],
    scene: &Figure,
    opts: &Options,
) -> Result<Entry> {
    let name = &base.name;
    let png_file = format!("{name}.png");
    let mut e = entry(name, "", Verdict::Pass, String::new());
    let base_png = match std::fs::read(dir.join(&png_file)) {
        Ok(b) => b,
        Err(err) => {
            e.verdict = Verdict::MissingBaseline;
            e.reason = format!("cannot read baseline {png_file}: {err}");
            return Ok(e);
        }
    };
    e.baseline = Some(png_file.clone());
    if base_png == png {
        e.reason = "identical".into();
        if sha256(png) != base.sha256 {
            // The file was replaced by hand with what the script draws now: still equal.
            e.reason = "identical (baseline file differs from the manifest's hash)".into();
        }
        return Ok(e);
    }
    let base_scene = match read_scene(&dir.join(format!("{name}.scene.json"))) {
        Ok(s) => s,
        Err(msg) => {
            e.verdict = Verdict::MissingBaseline;
            e.reason = format!("cannot read baseline {name}.scene.json: {msg}");
            return Ok(e);
        }
    };
    let mut compared = compare_pictures(&base_png, &base_scene, png, scene, opts);
    if compared.verdict == Verdict::MissingBaseline {
        compared.reason = format!(
            "cannot compare with baseline {png_file}: {}",
            compared.reason
        );
    }
    e.verdict = compared.verdict;
    e.reason = compared.reason;
    e.rms = compared.rms;
    e.changes = compared.changes;
    Ok(e)
}

/// One figure against its baseline, both given as PNG bytes and scene: the verdict of
/// `mode` (identical bytes pass at once), the scene's changes in words and the RMS. The
/// pytest plugin and `plotgrade.compare` use this too. An undecodable PNG gives
/// `MissingBaseline` with the decoder's message.
pub fn compare_pictures(
    base_png: &[u8],
    base_scene: &Figure,
    png: &[u8],
    scene: &Figure,
    opts: &Options,
) -> Entry {
    let mut e = entry("", "", Verdict::Pass, String::new());
    if base_png == png {
        e.reason = "identical".into();
        e.rms = Some(0.0);
        return e;
    }
    let rms = match plotgrade_image::rms(&base_png.to_vec(), &png.to_vec()) {
        Ok(r) => r,
        Err(err) => {
            e.verdict = Verdict::MissingBaseline;
            e.reason = err.to_string();
            return e;
        }
    };
    e.rms = Some(rms);
    e.changes = scene_changes(base_scene, scene);
    let tol = opts.tolerance;
    let within = rms <= tol;
    let (verdict, reason) = match opts.mode {
        CheckMode::Hybrid if !e.changes.is_empty() => (Verdict::Fail, e.changes.join("; ")),
        CheckMode::Hybrid | CheckMode::Image if within => (
            Verdict::Drift,
            format!("pixels only: RMS {} ≤ {tol}", fmt_rms(rms)),
        ),
        CheckMode::Hybrid | CheckMode::Image => (
            Verdict::Fail,
            format!("pixels changed: RMS {} > {tol}", fmt_rms(rms)),
        ),
        CheckMode::Scene if e.changes.is_empty() => (
            Verdict::Drift,
            format!("same scene; pixels differ: RMS {}", fmt_rms(rms)),
        ),
        CheckMode::Scene => (Verdict::Fail, e.changes.join("; ")),
        CheckMode::Hash => (
            Verdict::Fail,
            format!("bytes differ (RMS {})", fmt_rms(rms)),
        ),
    };
    e.verdict = verdict;
    e.reason = reason;
    e
}

/// RMS for people: three decimals.
pub fn fmt_rms(rms: f64) -> String {
    format!("{rms:.3}")
}

fn read_scene(path: &Path) -> std::result::Result<Figure, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// The scene changes from `old` to `new`, one line each. Both are put at index 1 so the
/// lines do not say "(figure N)": the figure's name already says which it is.
pub fn scene_changes(old: &Figure, new: &Figure) -> Vec<String> {
    let one = |f: &Figure| Scene {
        figures: vec![Figure {
            index: 1,
            ..f.clone()
        }],
    };
    plotgrade_figure::diff(&one(old), &one(new))
        .iter()
        .map(plotgrade_figure::render_op)
        .collect()
}

/// Writes `NAME.new.png`, `NAME.new.scene.json` and, against an existing baseline,
/// `NAME.diff.png`; records them in the entry.
fn write_new(dir: &Path, name: &str, png: &[u8], scene: &Figure, e: &mut Entry) -> Result<()> {
    let new_png = format!("{name}.new.png");
    write_atomic(&dir.join(&new_png), png)?;
    write_json(&dir.join(format!("{name}.new.scene.json")), scene)?;
    e.new = Some(new_png);
    if let Some(base) = &e.baseline
        && let Ok(base_png) = std::fs::read(dir.join(base))
        && let Ok((heat, _)) = plotgrade_image::heatmap_png(&base_png, &png.to_vec())
    {
        let diff = format!("{name}.diff.png");
        write_atomic(&dir.join(&diff), &heat)?;
        e.diff = Some(diff);
    }
    Ok(())
}

/// The files an earlier check may have left for a figure.
pub(crate) fn pending_files(name: &str) -> [String; 3] {
    [
        format!("{name}.new.png"),
        format!("{name}.new.scene.json"),
        format!("{name}.diff.png"),
    ]
}

/// Removes what an earlier check left for this script (its pending record and the
/// `.new`/`.diff` files of every figure it had, has, or had pending).
fn clean_pending(
    dir: &Path,
    script: &str,
    recorded: Option<&ScriptRecord>,
    now: &ScriptRecord,
) -> Result<()> {
    let pending_path = Pending::path(dir, script);
    let mut names: Vec<String> = recorded
        .into_iter()
        .chain([now])
        .flat_map(|r| r.figures.iter().map(|f| f.name.clone()))
        .collect();
    if let Ok(p) = Pending::load(&pending_path) {
        names.extend(p.changed);
    }
    for n in names {
        for f in pending_files(&n) {
            remove_if_exists(&dir.join(f))?;
        }
    }
    remove_if_exists(&pending_path)
}

pub(crate) fn remove_if_exists(path: &Path) -> Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(path)(e)),
        _ => Ok(()),
    }
}
