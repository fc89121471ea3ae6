//! Agreement between channels: the "code-level vs image-level grading" comparison.
//!
//! For every pair of channels, over the submissions both could score: Spearman's rho
//! and Kendall's tau-b of their 0–1 scores, and how often their own pass/fail verdicts
//! agree (raw and as Cohen's kappa). A channel's own verdict is `score >= threshold`
//! ([`Thresholds`]); the combined verdict of grading is not used here.
//!
//! A statistic is `None` when fewer than [`MIN_N`] submissions have both scores, and a
//! correlation (or kappa) is also `None` when one side does not vary: a number from two
//! points, or against a constant, would read as evidence and is none.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::stats;
use plotgrade_model::record::GradeResult;
use plotgrade_model::task::{FigureType, Kind};

/// Fewest paired scores for which a statistic is reported.
pub const MIN_N: usize = 3;

/// The four grading channels, in report order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Code,
    Figure,
    Image,
    Judge,
}

impl Channel {
    pub const ALL: [Channel; 4] = [
        Channel::Code,
        Channel::Figure,
        Channel::Image,
        Channel::Judge,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Code => "code",
            Channel::Figure => "figure",
            Channel::Image => "image",
            Channel::Judge => "judge",
        }
    }

    /// The channel's 0–1 score of `r`, when it has a usable one.
    pub fn score(self, r: &GradeResult) -> Option<f64> {
        let score = match self {
            Channel::Code => r.channels.code.score,
            Channel::Figure => r.channels.figure.score,
            Channel::Image => r.channels.image.score,
            Channel::Judge => r.channels.judge.score,
        };
        score.filter(|s| s.is_finite())
    }
}

/// The score at or above which a channel, on its own, would pass a submission.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// Code channel: F1 of the element edit operations. 0.5: at least half of the
    /// edit (or of the figure's elements, for generation) agrees with the reference.
    pub code: f64,
    /// Figure channel: the same F1 over the elements as drawn (the scene). 0.5 as for code.
    pub figure: f64,
    /// Image channel: pixel agreement (SSIM, edit-region IoU) in 0–1. 0.5: the middle of
    /// the scale; pixel scores run high for near misses, so a stricter run may raise it.
    pub image: f64,
    /// LLM rubric, its 1–10 mapped onto 0–1. 0.5: the upper half of the bands (6 and
    /// above when mapped as (s − 1) / 9).
    pub judge: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            code: 0.5,
            figure: 0.5,
            image: 0.5,
            judge: 0.5,
        }
    }
}

impl Thresholds {
    pub fn of(&self, channel: Channel) -> f64 {
        match channel {
            Channel::Code => self.code,
            Channel::Figure => self.figure,
            Channel::Image => self.image,
            Channel::Judge => self.judge,
        }
    }
}

/// One channel on its own over a group of submissions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChannelStats {
    pub channel: Channel,
    /// Submissions the channel scored.
    pub n: usize,
    pub mean: Option<f64>,
    /// Fraction at or above the channel's threshold.
    pub pass_rate: Option<f64>,
}

/// Two channels over the submissions both scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairStats {
    pub a: Channel,
    pub b: Channel,
    pub n: usize,
    pub spearman: Option<f64>,
    /// Kendall's tau-b.
    pub kendall: Option<f64>,
    /// Fraction of submissions on which both channels' verdicts agree.
    pub agreement: Option<f64>,
    /// Cohen's kappa of the two verdicts.
    pub kappa: Option<f64>,
}

/// Channel statistics and all six pairs over one group of submissions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgreementGroup {
    pub n: usize,
    pub channels: Vec<ChannelStats>,
    pub pairs: Vec<PairStats>,
}

/// Agreement overall, per kind and per figure type (every kind and type present).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Agreement {
    pub thresholds: Thresholds,
    pub min_n: usize,
    pub overall: AgreementGroup,
    pub by_kind: BTreeMap<Kind, AgreementGroup>,
    pub by_figure: BTreeMap<FigureType, AgreementGroup>,
}

/// The six unordered pairs of channels, in report order.
pub fn pairs() -> impl Iterator<Item = (Channel, Channel)> {
    Channel::ALL
        .into_iter()
        .enumerate()
        .flat_map(|(i, a)| Channel::ALL[i + 1..].iter().map(move |&b| (a, b)))
}

pub(super) fn agreement(results: &[&GradeResult], thresholds: &Thresholds) -> Agreement {
    let group = |f: &dyn Fn(&GradeResult) -> bool| {
        let of: Vec<&GradeResult> = results.iter().copied().filter(|r| f(r)).collect();
        group(&of, thresholds)
    };
    Agreement {
        thresholds: *thresholds,
        min_n: MIN_N,
        overall: group(&|_| true),
        by_kind: Kind::ALL
            .into_iter()
            .map(|k| (k, group(&|r| r.kind == k)))
            .collect(),
        by_figure: FigureType::columns(results.iter().map(|r| &r.figure))
            .into_iter()
            .map(|f| {
                let g = group(&|r| r.figure == f);
                (f, g)
            })
            .collect(),
    }
}

fn group(results: &[&GradeResult], thresholds: &Thresholds) -> AgreementGroup {
    let channels = Channel::ALL
        .into_iter()
        .map(|c| {
            let scores: Vec<f64> = results.iter().filter_map(|r| c.score(r)).collect();
            let t = thresholds.of(c);
            ChannelStats {
                channel: c,
                n: scores.len(),
                mean: stats::mean(scores.iter().copied()),
                pass_rate: stats::mean(scores.iter().map(|&s| if s >= t { 1.0 } else { 0.0 })),
            }
        })
        .collect();
    let pairs = pairs()
        .map(|(a, b)| pair(results, a, b, thresholds))
        .collect();
    AgreementGroup {
        n: results.len(),
        channels,
        pairs,
    }
}

fn pair(results: &[&GradeResult], a: Channel, b: Channel, thresholds: &Thresholds) -> PairStats {
    let (x, y): (Vec<f64>, Vec<f64>) = results
        .iter()
        .filter_map(|r| Some((a.score(r)?, b.score(r)?)))
        .unzip();
    let n = x.len();
    let verdicts: Vec<(bool, bool)> = x
        .iter()
        .zip(&y)
        .map(|(&s, &t)| (s >= thresholds.of(a), t >= thresholds.of(b)))
        .collect();
    let enough = n >= MIN_N;
    let varies = |v: &[bool]| v.iter().any(|&p| p != v[0]);
    let a_varies = varies(&verdicts.iter().map(|v| v.0).collect::<Vec<_>>());
    let b_varies = varies(&verdicts.iter().map(|v| v.1).collect::<Vec<_>>());
    PairStats {
        a,
        b,
        n,
        // The stats functions return None themselves for a constant side.
        spearman: if enough {
            stats::spearman(&x, &y)
        } else {
            None
        },
        kendall: if enough {
            stats::kendall_tau_b(&x, &y)
        } else {
            None
        },
        agreement: if enough {
            Some(verdicts.iter().filter(|(p, q)| p == q).count() as f64 / n as f64)
        } else {
            None
        },
        kappa: if enough && a_varies && b_varies {
            stats::cohen_kappa(&verdicts)
        } else {
            None
        },
    }
}
