//! One submission through the deterministic channels: code, figure, image; then flags
//! and the verdict. Pure: takes runs that already happened, returns a [`GradeResult`].

use plotgrade_code::{self as code, Elements};
use plotgrade_exec::{Outcome, Status};
use plotgrade_figure as figure;
use plotgrade_image as image;
use plotgrade_model::details::{CodeDetails, FigureDetails, ImageDetails, RecordedOp};
use plotgrade_model::task::{Kind, Task};

use super::combine;
use super::costs::{StageCosts, Stopwatch, timed};
use super::result::{ChannelScore, Channels, ExtractionMode, Flag, Funnel, GradeResult};

/// A script that was run: its source, what the code channel read, what the executor saw.
#[derive(Debug, Clone)]
pub struct Ran {
    pub source: String,
    pub elements: Elements,
    pub outcome: Outcome,
    /// The first figure, decoded once: a reference serves every submission to its task.
    /// `Err` says why there is none (no figure, or an undecodable PNG).
    pub raster: Result<image::Raster, String>,
}

impl Ran {
    pub fn new(source: String, outcome: Outcome) -> Ran {
        Ran::new_costed(source, outcome, &mut StageCosts::default())
    }

    /// [`Ran::new`], adding the reader's and the decoder's time to `costs.read_ms`.
    pub fn new_costed(source: String, outcome: Outcome, costs: &mut StageCosts) -> Ran {
        let started = Stopwatch::start();
        let elements = code::extract(&source);
        let raster = match outcome.pngs.first() {
            Some(png) => image::Raster::decode("figure-1.png", png).map_err(|e| e.to_string()),
            None => Err("no figure to compare".to_string()),
        };
        costs.read_ms += started.elapsed_ms();
        Ran {
            source,
            elements,
            outcome,
            raster,
        }
    }
}

/// Below this text similarity to the original, an edit counts as written from scratch.
pub const REWRITE_SIMILARITY: f32 = 0.35;

/// Grade one submission. `generated` is `None` when the response had no code.
pub fn grade(
    task: &Task,
    model: &str,
    extraction: ExtractionMode,
    generated: Option<&Ran>,
    original: Option<&Ran>,
    reference: Option<&Ran>,
) -> GradeResult {
    let mut costs = StageCosts::default();
    grade_costed(
        task, model, extraction, generated, original, reference, &mut costs,
    )
}

/// [`grade`], adding each channel's time and the verdict's to `costs`. With no
/// `reference` (a question's visual aid with no reference aid) the aid is graded by
/// whether it ran and drew: [`ran_and_drew`].
pub fn grade_costed(
    task: &Task,
    model: &str,
    extraction: ExtractionMode,
    generated: Option<&Ran>,
    original: Option<&Ran>,
    reference: Option<&Ran>,
    costs: &mut StageCosts,
) -> GradeResult {
    let mut result = ungraded(task, model, extraction);
    let Some(generated) = generated else {
        let why = "no code in the response";
        result.channels = Channels {
            code: ChannelScore::unavailable(why),
            figure: ChannelScore::unavailable(why),
            image: ChannelScore::unavailable(why),
            judge: ChannelScore::unavailable("no judge configured"),
        };
        return result;
    };
    let out = &generated.outcome;
    result.status = out.status;
    result.error = error_of(out);
    result.funnel.extracted = true;
    result.funnel.ran = matches!(out.status, Status::Ok | Status::NoFigure);
    result.funnel.drew = out.status == Status::Ok;
    let Some(reference) = reference else {
        ran_and_drew(&mut result, extraction, generated);
        return result;
    };

    result.channels.code = timed(&mut costs.code_ms, || {
        code_channel(task.kind, generated, original, reference)
    });
    let drew = out.status == Status::Ok;
    let did_not_draw = format!("the code did not draw (status {})", out.status);
    result.channels.figure = if drew {
        timed(&mut costs.figure_ms, || {
            figure_channel(task, generated, original, reference)
        })
    } else {
        ChannelScore::unavailable(&did_not_draw)
    };
    result.channels.image = if drew {
        timed(&mut costs.image_ms, || {
            image_channel(task.kind, generated, original, reference)
        })
    } else {
        ChannelScore::unavailable(&did_not_draw)
    };
    result.channels.judge = ChannelScore::unavailable("no judge configured");

    let started = Stopwatch::start();
    result.flags = flags(task.kind, generated, original, Some(reference));
    if result.flags.contains(&Flag::UnexplainedInk) && result.channels.figure.reason.is_none() {
        result.channels.figure.reason = Some(unexplained_ink(out));
    }
    let verdict = combine::combine(extraction, out.status, &result.flags, &result.channels);
    costs.verdict_ms += started.elapsed_ms();
    result.score = verdict.score;
    result.pass = verdict.pass;
    result.funnel.located = drew
        && match task.kind {
            Kind::Generation => result
                .channels
                .figure
                .score
                .or(result.channels.image.score)
                .is_some_and(|s| s > 0.0),
            _ => {
                result.channels.image.score.is_some_and(|s| s > 0.0)
                    || edit_located_by_figure(&result.channels.figure)
            }
        };
    result.funnel.passed = result.pass;
    result
}

/// The result of `task` before any channel has looked: no code, score 1.
fn ungraded(task: &Task, model: &str, extraction: ExtractionMode) -> GradeResult {
    GradeResult {
        id: task.id.clone(),
        model: model.to_string(),
        kind: task.kind,
        figure: task.figure.clone(),
        sample: task.sample.clone(),
        variant_of: task.variant_of.clone(),
        tags: task.tags.clone(),
        status: Status::NoCode,
        extraction,
        score: 1,
        pass: false,
        flags: Vec::new(),
        channels: Channels::default(),
        funnel: Funnel::default(),
        artifacts: Vec::new(),
        error: None,
        answer: None,
        process: None,
    }
}

/// The run's error as a result states it: the exception and its line, else what the
/// executor says of a run that did not end well.
fn error_of(out: &Outcome) -> Option<String> {
    out.error
        .as_ref()
        .map(|e| match e.line {
            Some(l) => format!("{}: {} (line {l})", e.kind, e.message),
            None => format!("{}: {}", e.kind, e.message),
        })
        .or_else(|| {
            (out.status != Status::Ok)
                .then(|| out.detail.clone())
                .flatten()
        })
}

/// Why a figure with ink the scene cannot account for does not pass.
fn unexplained_ink(out: &Outcome) -> String {
    let problems: Vec<&str> = out
        .scene
        .figures
        .iter()
        .flat_map(|f| f.ink.iter().map(String::as_str))
        .take(3)
        .collect();
    format!(
        "the picture shows ink the scene cannot account for: {}",
        problems.join("; ")
    )
}

/// A visual aid with no reference aid to compare with (issue #28: "ran and drew"). It
/// passes, at 9 (no channel compared it with anything, so never 10), when it ran, drew a
/// figure that shows at least one element the scene reads and was seen (an empty axes is
/// no aid), and nothing the scene cannot account for; the flags that fail any answer
/// (`shortcut`, `unexplained_ink`) fail it too. Whether the aid shows the right thing is
/// the judge's to say (VisAidMath's V_j), not this verdict's.
fn ran_and_drew(result: &mut GradeResult, extraction: ExtractionMode, generated: &Ran) {
    let why = "no reference aid: the aid is graded by whether it ran and drew";
    result.channels = Channels {
        code: ChannelScore::unavailable(why),
        figure: ChannelScore::unavailable(why),
        image: ChannelScore::unavailable(why),
        judge: ChannelScore::unavailable("no judge configured"),
    };
    let out = &generated.outcome;
    result.flags = flags(Kind::Generation, generated, None, None);
    let verdict = combine::combine(extraction, out.status, &result.flags, &result.channels);
    let drew = out.status == Status::Ok;
    let shows = shows_something(&out.scene);
    let (score, pass) = if verdict.score <= 2 {
        (verdict.score, false)
    } else if !shows {
        result.channels.figure.reason = Some(format!("{why}; it drew nothing a reader can see"));
        (2, false)
    } else if result.flags.contains(&Flag::UnexplainedInk) {
        result.channels.figure.reason = Some(unexplained_ink(out));
        (3, false)
    } else {
        (9, true)
    };
    result.score = score;
    result.pass = pass;
    result.funnel.located = drew && shows;
    result.funnel.passed = pass;
}

/// Whether a scene shows at least one element (after the ink binding left out what does
/// not show): a line, a bar, a patch, a text, a marker, an image, a reference line or an
/// artist it cannot name.
fn shows_something(scene: &plotgrade_model::scene::Scene) -> bool {
    scene.figures.iter().any(|f| {
        !f.texts.is_empty()
            || !f.unknown.is_empty()
            || f.axes.iter().any(|a| {
                !(a.lines.is_empty()
                    && a.references.is_empty()
                    && a.bars.is_empty()
                    && a.wedges.is_empty()
                    && a.patches.is_empty()
                    && a.texts.is_empty()
                    && a.scatters.is_empty()
                    && a.images.is_empty()
                    && a.unknown.is_empty())
            })
    })
}

/// The figure channel says the edit hit the right element when at least one of its
/// operations matched the reference's.
fn edit_located_by_figure(figure: &ChannelScore<FigureDetails>) -> bool {
    figure.score.is_some_and(|s| s > 0.0)
}

fn code_channel(
    kind: Kind,
    generated: &Ran,
    original: Option<&Ran>,
    reference: &Ran,
) -> ChannelScore<CodeDetails> {
    let score = match (kind.is_edit(), original) {
        (true, Some(o)) => {
            code::compare_edit(&o.elements, &generated.elements, &reference.elements)
        }
        _ => code::compare_generation(&generated.elements, &reference.elements),
    };
    // The generated source is the submission's own text: diffed only when small enough
    // (`code::MAX_DIFF_LINES`), otherwise the text says why not.
    let text_diff = code::unified_text_diff(
        &reference.source,
        &generated.source,
        2,
        ("reference", "generated"),
    );
    let reason = (!score.notes.is_empty()).then(|| score.notes.join("; "));
    // An edit the code channel cannot read in the reference (`f(x + 1)` for `f(x) + 2`)
    // is one it cannot grade: no score (docs/scoring.md), not a zero that would keep a
    // right answer from the 10.
    let unreadable = kind.is_edit() && original.is_some() && score.reference_ops.is_empty();
    ChannelScore {
        score: (!unreadable).then_some(score.score),
        reason,
        details: Some(CodeDetails {
            ops: score.generated_ops.iter().map(code::render_op).collect(),
            text_diff,
            matched: score.map_ops(RecordedOp::all),
        }),
    }
}

fn figure_channel(
    task: &Task,
    generated: &Ran,
    original: Option<&Ran>,
    reference: &Ran,
) -> ChannelScore<FigureDetails> {
    let g = &generated.outcome.scene;
    let r = &reference.outcome.scene;
    let brief = figure::Brief::of(&task.instruction, task.figure.as_str());
    let tol = figure::Tolerances::default();
    let score = match (task.kind.is_edit(), original) {
        (true, Some(o)) => figure::compare_edit_in(&o.outcome.scene, g, r, &brief, &tol),
        _ => figure::compare_generation_in(g, r, &brief, &tol),
    };
    ChannelScore {
        score: Some(score.score),
        reason: None,
        details: Some(FigureDetails {
            ops: figure::render_ops(&score.generated_ops),
            style: score.style,
            matched: score.matched.map_ops(recorded),
        }),
    }
}

/// The figure channel's operations as a result records them (curves thinned:
/// `figure::EditOp::for_record`).
fn recorded(ops: &[figure::EditOp]) -> Vec<RecordedOp> {
    ops.iter()
        .map(|op| RecordedOp::of(&op.for_record()))
        .collect()
}

fn image_channel(
    kind: Kind,
    generated: &Ran,
    original: Option<&Ran>,
    reference: &Ran,
) -> ChannelScore<ImageDetails> {
    let (g, r) = match (&generated.raster, &reference.raster) {
        (Ok(g), Ok(r)) => (g, r),
        (Err(e), _) | (_, Err(e)) => return ChannelScore::unavailable(e),
    };
    let compared = match image::compare_luma(g, r) {
        Ok(c) => c,
        Err(e) => return ChannelScore::unavailable(&e.to_string()),
    };
    match (kind.is_edit(), original.map(|o| &o.raster)) {
        (true, Some(Ok(o))) => match image::edit_region(o, g, r) {
            Ok(region) => ChannelScore {
                // The edit landed where the reference's did: IoU of the changed regions.
                score: region.iou,
                reason: region
                    .iou_undefined
                    .map(|u| format!("edit IoU undefined: {u:?}")),
                details: Some(ImageDetails {
                    compare: compared,
                    edit: Some(region),
                }),
            },
            Err(e) => ChannelScore::unavailable(&e.to_string()),
        },
        (true, Some(Err(e))) => ChannelScore::unavailable(&format!("original: {e}")),
        _ => ChannelScore {
            score: Some(compared.ssim_grey.clamp(0.0, 1.0)),
            reason: None,
            details: Some(ImageDetails {
                compare: compared,
                edit: None,
            }),
        },
    }
}

fn flags(
    kind: Kind,
    generated: &Ran,
    original: Option<&Ran>,
    reference: Option<&Ran>,
) -> Vec<Flag> {
    let mut flags = Vec::new();
    let out = &generated.outcome;
    if kind.is_edit()
        && let Some(o) = original
    {
        let same_pixels =
            out.status == Status::Ok && !out.pngs.is_empty() && out.pngs == o.outcome.pngs;
        let same_code = normalise(&generated.source) == normalise(&o.source);
        if same_pixels || same_code {
            flags.push(Flag::Noop);
        }
        // A source too large to diff is nothing like the original's few hundred lines.
        let similarity = match code::too_large_to_diff(&o.source, &generated.source) {
            Some(_) => 0.0,
            None => similar::TextDiff::from_lines(&o.source, &generated.source).ratio(),
        };
        if similarity < REWRITE_SIMILARITY {
            flags.push(Flag::Rewrite);
        }
    }
    let drew_an_image = out.scene.axes().any(|a| !a.images.is_empty());
    let reference_has_image =
        reference.is_some_and(|r| r.outcome.scene.axes().any(|a| !a.images.is_empty()));
    if !generated.elements.shortcuts.is_empty() || (drew_an_image && !reference_has_image) {
        flags.push(Flag::Shortcut);
    }
    if let (Some(g), Some(r)) = (
        out.scene.figures.first(),
        reference.and_then(|r| r.outcome.scene.figures.first()),
    ) && g.size_px != r.size_px
    {
        flags.push(Flag::SizeChanged);
    }
    if out.scene.figures.iter().any(|f| !f.ink.is_empty()) {
        flags.push(Flag::UnexplainedInk);
    }
    flags.sort();
    flags
}

/// Sources longer than this are compared for "the same code" as written, not parsed.
const NORMALISE_BYTES: usize = 1 << 20;

/// Source without comments, blank lines and trailing spaces, for "is this the same code".
fn normalise(src: &str) -> String {
    // Comments as the parser finds them: cutting every line at its first `#` also cut
    // hex colours and strings such as 'Item #3', so a recolour answered by its reference
    // read as the original ("noop"). A source past the diff limit is not parsed here
    // (it is the submission's text, in the grader's process): it is compared as written.
    if src.len() > NORMALISE_BYTES {
        return src.to_string();
    }
    let bare = plotgrade_code::without_comments(src);
    bare.as_deref()
        .unwrap_or(src)
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_inside_a_string_is_not_a_comment() {
        // Regression (issue #25): every line was cut at its first `#`, so a recolour
        // answered by its reference ('#DD8452' → '#55A868') normalised to the original
        // and was flagged noop.
        let original = "plt.bar(x, y, color='#DD8452')  # orange\nplt.title('Item #3')\n";
        let recoloured = "plt.bar(x, y, color='#55A868')\nplt.title('Item #3')\n";
        assert_ne!(normalise(original), normalise(recoloured));
        assert_eq!(
            normalise(original),
            "plt.bar(x, y, color='#DD8452')\nplt.title('Item #3')"
        );
        // Comments and blank lines still do not count.
        let commented =
            "# a comment\n\nplt.bar(x, y, color='#DD8452')   # orange\nplt.title('Item #3')";
        assert_eq!(normalise(original), normalise(commented));
    }

    #[test]
    fn a_million_line_submission_is_not_diffed_line_by_line() {
        // The text diff and the rewrite check ran on the submission's own text in the
        // grader's process: a million lines against a million took 8 s per diff.
        let original: String = (0..1_000).map(|i| format!("y = {}\n", i % 100)).collect();
        let generated: String = (0..1_000_000)
            .map(|i| format!("y = {}\n", (i * 7) % 1000))
            .collect();
        let (o, g) = (
            Ran::new(original.clone(), Outcome::default()),
            Ran::new(generated, Outcome::default()),
        );
        let reference = Ran::new(original.repeat(1_000), Outcome::default());
        // What bounds the work is shown by its outcome (the bench measures speed): the
        // diff is not made, and the rewrite check counts the source as rewritten.
        let code = code_channel(Kind::Modification, &g, Some(&o), &reference);
        let flags = flags(Kind::Modification, &g, Some(&o), Some(&reference));
        let text_diff = code.details.unwrap().text_diff;
        assert!(text_diff.starts_with("(no text diff"), "{text_diff}");
        assert!(flags.contains(&Flag::Rewrite), "{flags:?}");
    }
}
