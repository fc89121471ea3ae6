//! From channel scores to the paper's 1–10 scale and a pass/fail verdict.
//!
//! The rule (docs/scoring.md is its prose twin; change both together):
//!
//! | band | when |
//! |---|---|
//! | 1 | no code in the response, or code that does not compile |
//! | 2 | code that fails to run, draws nothing, copies an image (`shortcut`) or returns the original unchanged (`noop`) |
//! | 3–8 | it drew something, but not what was asked: `3 + ⌊6·S⌋`, S the weighted content score |
//! | 9–10 | passed: 10 when every channel agrees (each ≥ 0.95) and the figure differs from the reference in nothing the task left free (no style notes), else 9 |
//!
//! S = weighted mean of the deterministic channels that could score (figure 0.6, code
//! 0.25, image 0.15; weights of missing channels are spread over the others).
//! **Pass** = the figure channel reproduced the reference exactly within its tolerances
//! (score ≥ 0.999) — what was drawn is what decides — and no `noop`/`shortcut` flag, nor
//! `unexplained_ink` (the picture shows ink the scene cannot account for). When
//! the figure channel could not score (no scene to compare), the code channel decides with
//! the same bar. The LLM judge is reported beside the others but does not move the verdict,
//! so that grades stay reproducible without it.

use plotgrade_exec::Status;

use super::result::{Channels, ExtractionMode, Flag};

/// Channel weights in the content score S.
pub const WEIGHTS: [(&str, f64); 3] = [("figure", 0.6), ("code", 0.25), ("image", 0.15)];
/// A channel score at or above this counts as exact.
pub const EXACT: f64 = 0.999;
/// Every channel at or above this makes a pass a 10.
pub const UNANIMOUS: f64 = 0.95;

/// The verdict of one submission.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    pub score: u8,
    pub pass: bool,
    /// The content score S in 0–1 (None when the code did not draw).
    pub content: Option<f64>,
}

/// Combine. `status` is the generated code's execution status.
pub fn combine(
    extraction: ExtractionMode,
    status: Status,
    flags: &[Flag],
    channels: &Channels,
) -> Verdict {
    let fail = |score| Verdict {
        score,
        pass: false,
        content: None,
    };
    if extraction == ExtractionMode::None || matches!(status, Status::NoCode | Status::SyntaxError)
    {
        return fail(1);
    }
    if status != Status::Ok || flags.contains(&Flag::Shortcut) || flags.contains(&Flag::Noop) {
        return fail(2);
    }
    let scores = [
        channels.figure.score,
        channels.code.score,
        channels.image.score,
    ];
    let (mut sum, mut weight) = (0.0, 0.0);
    for ((_, w), s) in WEIGHTS.iter().zip(scores) {
        if let Some(s) = s {
            sum += w * s.clamp(0.0, 1.0);
            weight += w;
        }
    }
    let content = (weight > 0.0).then(|| sum / weight);
    let decisive = channels.figure.score.or(channels.code.score);
    // What passes must be visible: ink the scene cannot account for never passes.
    let pass = decisive.is_some_and(|s| s >= EXACT) && !flags.contains(&Flag::UnexplainedInk);
    let free_differences = channels
        .figure
        .details
        .as_ref()
        .is_some_and(|d| !d.style.is_empty());
    let score = if pass {
        if scores.iter().flatten().all(|s| *s >= UNANIMOUS) && !free_differences {
            10
        } else {
            9
        }
    } else {
        let s = content.unwrap_or(0.0);
        (3 + (6.0 * s).floor() as u8).min(8)
    };
    Verdict {
        score,
        pass,
        content,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::ChannelScore;
    use plotgrade_model::details::{FigureDetails, MatchDetails};
    use plotgrade_model::matching::MatchMode;

    fn c<D>(score: Option<f64>) -> ChannelScore<D> {
        ChannelScore {
            score,
            ..ChannelScore::default()
        }
    }

    fn ch(figure: Option<f64>, code: Option<f64>, image: Option<f64>) -> Channels {
        Channels {
            figure: c(figure),
            code: c(code),
            image: c(image),
            judge: c(None),
        }
    }

    #[test]
    fn bands_for_failures() {
        let all = ch(Some(1.0), Some(1.0), Some(1.0));
        assert_eq!(
            combine(ExtractionMode::None, Status::NoCode, &[], &all).score,
            1
        );
        assert_eq!(
            combine(ExtractionMode::Strict, Status::SyntaxError, &[], &all).score,
            1
        );
        assert_eq!(
            combine(ExtractionMode::Strict, Status::RuntimeError, &[], &all).score,
            2
        );
        assert_eq!(
            combine(ExtractionMode::Strict, Status::NoFigure, &[], &all).score,
            2
        );
        let noop = combine(ExtractionMode::Strict, Status::Ok, &[Flag::Noop], &all);
        assert_eq!((noop.score, noop.pass), (2, false));
        assert_eq!(
            combine(ExtractionMode::Soft, Status::Ok, &[Flag::Shortcut], &all).score,
            2
        );
    }

    #[test]
    fn pass_rests_on_the_figure_channel() {
        let v = combine(
            ExtractionMode::Strict,
            Status::Ok,
            &[],
            &ch(Some(1.0), Some(1.0), Some(0.97)),
        );
        assert_eq!((v.score, v.pass), (10, true));
        let v = combine(
            ExtractionMode::Strict,
            Status::Ok,
            &[],
            &ch(Some(1.0), Some(0.5), Some(0.9)),
        );
        assert_eq!((v.score, v.pass), (9, true));
        // Code and pixels perfect, but the drawn figure differs: not a pass.
        let v = combine(
            ExtractionMode::Strict,
            Status::Ok,
            &[],
            &ch(Some(0.5), Some(1.0), Some(1.0)),
        );
        assert!(!v.pass);
        assert_eq!(
            v.score,
            3 + (6.0f64 * (0.6 * 0.5 + 0.25 + 0.15)).floor() as u8
        );
    }

    #[test]
    fn a_free_style_difference_costs_a_pass_its_ten() {
        let mut channels = ch(Some(1.0), Some(1.0), Some(1.0));
        let v = combine(ExtractionMode::Strict, Status::Ok, &[], &channels);
        assert_eq!((v.score, v.pass), (10, true));
        channels.figure.details = Some(FigureDetails {
            matched: MatchDetails {
                mode: MatchMode::Generation,
                precision: 1.0,
                recall: 1.0,
                f1: 1.0,
                score: 1.0,
                generated_ops: vec![],
                reference_ops: vec![],
                matches: vec![],
                notes: vec![],
            },
            ops: String::new(),
            style: vec!["line '#0': colour differs (free: the task does not fix it)".into()],
        });
        let v = combine(ExtractionMode::Strict, Status::Ok, &[], &channels);
        assert_eq!((v.score, v.pass), (9, true));
    }

    #[test]
    fn missing_channels_shift_the_weights() {
        let v = combine(
            ExtractionMode::Strict,
            Status::Ok,
            &[],
            &ch(None, Some(1.0), None),
        );
        assert!(v.pass, "code decides when there is no scene");
        let v = combine(
            ExtractionMode::Strict,
            Status::Ok,
            &[],
            &ch(Some(0.0), None, None),
        );
        assert_eq!((v.score, v.content), (3, Some(0.0)));
        let v = combine(
            ExtractionMode::Strict,
            Status::Ok,
            &[],
            &ch(None, None, None),
        );
        assert_eq!((v.score, v.pass), (3, false));
    }

    #[test]
    fn failing_scores_stay_in_three_to_eight() {
        for s in [0.0, 0.3, 0.6, 0.9, 0.998] {
            let v = combine(
                ExtractionMode::Strict,
                Status::Ok,
                &[],
                &ch(Some(s), Some(s), Some(s)),
            );
            assert!((3..=8).contains(&v.score), "{s} → {}", v.score);
        }
    }
}
