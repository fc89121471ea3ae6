//! The few statistics the reports need: means, rank correlations, Cohen's kappa and the
//! Wilson interval of a proportion.
//!
//! Written here rather than taken from a crate: the dependency set has no small,
//! well-kept crate with Kendall's tau-b (ties handled) and Spearman's rho, and the big
//! statistics crates would pull in linear algebra for four functions. The definitions
//! follow scipy's (`scipy.stats.spearmanr`, `kendalltau(variant="b")`), and the tests
//! check them against values worked out by hand and against a brute-force tau-b.
//!
//! Every function returns `None` where the statistic is undefined (too few values, or a
//! side without variance) instead of a NaN that would leak into the tables.

use std::cmp::Ordering;

/// The arithmetic mean, `None` for no values.
pub fn mean(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values
        .into_iter()
        .fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval (95%) of `successes` out of `n`; `None` for `n` = 0. Unlike
/// the normal approximation it stays within 0–1 and is sensible at 0 or `n` successes and
/// for small `n` (Brown, Cai & DasGupta 2001 recommend it for exactly these reasons).
pub fn wilson(successes: usize, n: usize) -> Option<[f64; 2]> {
    if n == 0 {
        return None;
    }
    let (k, n) = (successes as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some([(centre - half).max(0.0), (centre + half).min(1.0)])
}

/// 1-based ranks with ties given their average rank (scipy's `rankdata(method="average")`).
pub fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&i, &j| values[i].total_cmp(&values[j]));
    let mut out = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && values[order[end]] == values[order[start]] {
            end += 1;
        }
        // Positions start..end (0-based) share ranks start+1..=end: their mean.
        let rank = (start + end + 1) as f64 / 2.0;
        for &i in &order[start..end] {
            out[i] = rank;
        }
        start = end;
    }
    out
}

/// Pearson's correlation; `None` for fewer than two pairs or a constant side.
pub fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    assert_eq!(
        x.len(),
        y.len(),
        "pearson: paired samples of different lengths"
    );
    let mx = mean(x.iter().copied())?;
    let my = mean(y.iter().copied())?;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        let (dx, dy) = (a - mx, b - my);
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if x.len() < 2 || sxx == 0.0 || syy == 0.0 {
        return None;
    }
    Some((sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0))
}

/// Spearman's rho: Pearson's correlation of the average ranks (so ties are handled as
/// scipy does). `None` for fewer than two pairs or a constant side.
pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    assert_eq!(
        x.len(),
        y.len(),
        "spearman: paired samples of different lengths"
    );
    pearson(&ranks(x), &ranks(y))
}

/// Kendall's tau-b, `(concordant − discordant) / sqrt((n0 − ties_x)(n0 − ties_y))`, in
/// O(n log n) by Knight's method (sort by x then y, count the inversions of y with a
/// merge sort), as scipy does: a run store can hold tens of thousands of submissions,
/// and the O(n²) pair count would take seconds per table cell. `None` for fewer than
/// two pairs or a constant side.
pub fn kendall_tau_b(x: &[f64], y: &[f64]) -> Option<f64> {
    assert_eq!(
        x.len(),
        y.len(),
        "kendall: paired samples of different lengths"
    );
    let n = x.len();
    if n < 2 {
        return None;
    }
    let mut pairs: Vec<(f64, f64)> = x.iter().copied().zip(y.iter().copied()).collect();
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));

    let tied_pairs = |len: usize| (len * len.saturating_sub(1) / 2) as u64;
    let runs = |same: &dyn Fn(usize, usize) -> bool| -> u64 {
        let (mut total, mut run) = (0u64, 1usize);
        for i in 1..n {
            if same(i - 1, i) {
                run += 1;
            } else {
                total += tied_pairs(run);
                run = 1;
            }
        }
        total + tied_pairs(run)
    };
    let ties_x = runs(&|i, j| pairs[i].0 == pairs[j].0);
    let ties_xy = runs(&|i, j| pairs[i].0 == pairs[j].0 && pairs[i].1 == pairs[j].1);

    let mut ys: Vec<f64> = pairs.iter().map(|p| p.1).collect();
    let discordant = count_inversions(&mut ys);
    // `ys` is now sorted: equal values are adjacent.
    let ties_y = {
        let (mut total, mut run) = (0u64, 1usize);
        for i in 1..n {
            if ys[i - 1] == ys[i] {
                run += 1;
            } else {
                total += tied_pairs(run);
                run = 1;
            }
        }
        total + tied_pairs(run)
    };

    let all = tied_pairs(n);
    if ties_x == all || ties_y == all {
        return None;
    }
    // concordant − discordant = all − ties_x − ties_y + ties_xy − 2·discordant.
    let difference =
        all as f64 - ties_x as f64 - ties_y as f64 + ties_xy as f64 - 2.0 * discordant as f64;
    let denominator = ((all - ties_x) as f64 * (all - ties_y) as f64).sqrt();
    Some((difference / denominator).clamp(-1.0, 1.0))
}

/// Sorts `v` ascending and returns the number of pairs `i < j` with `v[i] > v[j]`
/// (equal values are not inversions).
fn count_inversions(v: &mut [f64]) -> u64 {
    let mut buffer = v.to_vec();
    sort_counting(v, &mut buffer)
}

fn sort_counting(v: &mut [f64], buffer: &mut [f64]) -> u64 {
    let n = v.len();
    if n < 2 {
        return 0;
    }
    let mid = n / 2;
    let mut count = sort_counting(&mut v[..mid], &mut buffer[..mid]);
    count += sort_counting(&mut v[mid..], &mut buffer[mid..]);
    let (mut i, mut j, mut k) = (0, mid, 0);
    while i < mid && j < n {
        // Take from the left on equality: equal values do not count as swapped.
        if v[i].total_cmp(&v[j]) != Ordering::Greater {
            buffer[k] = v[i];
            i += 1;
        } else {
            buffer[k] = v[j];
            count += (mid - i) as u64;
            j += 1;
        }
        k += 1;
    }
    buffer[k..k + mid - i].copy_from_slice(&v[i..mid]);
    k += mid - i;
    buffer[k..k + n - j].copy_from_slice(&v[j..n]);
    v.copy_from_slice(&buffer[..n]);
    count
}

/// Cohen's kappa of two raters' yes/no verdicts on the same items:
/// `(p_observed − p_expected) / (1 − p_expected)`. `None` for no items or when chance
/// agreement is already total (both raters constant and equal).
pub fn cohen_kappa(pairs: &[(bool, bool)]) -> Option<f64> {
    let n = pairs.len() as f64;
    if pairs.is_empty() {
        return None;
    }
    let agree = pairs.iter().filter(|(a, b)| a == b).count() as f64 / n;
    let a_yes = pairs.iter().filter(|(a, _)| *a).count() as f64 / n;
    let b_yes = pairs.iter().filter(|(_, b)| *b).count() as f64 / n;
    let expected = a_yes * b_yes + (1.0 - a_yes) * (1.0 - b_yes);
    if expected >= 1.0 {
        return None;
    }
    Some((agree - expected) / (1.0 - expected))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: Option<f64>, want: f64) {
        let got = got.expect("a value");
        assert!((got - want).abs() < 1e-12, "got {got}, want {want}");
    }

    /// The definition, pair by pair: the reference for the fast version.
    fn brute_tau_b(x: &[f64], y: &[f64]) -> Option<f64> {
        let (mut c, mut d, mut tx, mut ty) = (0i64, 0i64, 0i64, 0i64);
        for i in 0..x.len() {
            for j in i + 1..x.len() {
                let (dx, dy) = (x[i] - x[j], y[i] - y[j]);
                if dx == 0.0 && dy == 0.0 {
                    continue;
                } else if dx == 0.0 {
                    tx += 1;
                } else if dy == 0.0 {
                    ty += 1;
                } else if (dx > 0.0) == (dy > 0.0) {
                    c += 1;
                } else {
                    d += 1;
                }
            }
        }
        let den = (((c + d + tx) * (c + d + ty)) as f64).sqrt();
        (den > 0.0).then(|| (c - d) as f64 / den)
    }

    #[test]
    fn mean_of_nothing_is_none() {
        assert_eq!(mean([]), None);
        close(mean([1.0, 2.0, 6.0]), 3.0);
    }

    #[test]
    fn ranks_average_ties() {
        // rankdata([10, 20, 20, 5, 20]) = [2, 4, 4, 1, 4]
        assert_eq!(
            ranks(&[10.0, 20.0, 20.0, 5.0, 20.0]),
            vec![2.0, 4.0, 4.0, 1.0, 4.0]
        );
    }

    #[test]
    fn spearman_without_ties() {
        // d = [-1, 1, -1, 1, 0], Σd² = 4: rho = 1 − 6·4 / (5·24) = 0.8.
        close(
            spearman(&[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0, 1.0, 4.0, 3.0, 5.0]),
            0.8,
        );
        close(spearman(&[1.0, 2.0, 3.0], &[9.0, 5.0, 1.0]), -1.0);
    }

    #[test]
    fn spearman_with_ties() {
        // x = [1, 2, 2, 3] → ranks [1, 2.5, 2.5, 4]; y = [1, 2, 3, 3] → [1, 2, 3.5, 3.5].
        // Deviations from the mean rank 2.5: dx = [-1.5, 0, 0, 1.5], dy = [-1.5, -0.5, 1, 1];
        // Σdx·dy = 3.75, Σdx² = Σdy² = 4.5: rho = 3.75 / 4.5.
        close(
            spearman(&[1.0, 2.0, 2.0, 3.0], &[1.0, 2.0, 3.0, 3.0]),
            3.75 / 4.5,
        );
    }

    /// Scores with ties on both sides, as channels give them. Expected values from this
    /// pure-Python reference (the definitions, no scipy), run once:
    ///
    /// ```text
    /// def ranks(v):
    ///     s = sorted(range(len(v)), key=lambda i: v[i]); r = [0]*len(v); i = 0
    ///     while i < len(s):
    ///         j = i
    ///         while j + 1 < len(s) and v[s[j+1]] == v[s[i]]: j += 1
    ///         for k in range(i, j+1): r[s[k]] = (i + j) / 2 + 1
    ///         i = j + 1
    ///     return r
    /// def pearson(x, y):
    ///     mx, my = sum(x)/len(x), sum(y)/len(y)
    ///     sxy = sum((a-mx)*(b-my) for a, b in zip(x, y))
    ///     return sxy / (sum((a-mx)**2 for a in x) * sum((b-my)**2 for b in y)) ** 0.5
    /// def spearman(x, y): return pearson(ranks(x), ranks(y))
    /// def tau_b(x, y):
    ///     c = d = tx = ty = 0
    ///     for i in range(len(x)):
    ///         for j in range(i+1, len(x)):
    ///             dx, dy = x[i]-x[j], y[i]-y[j]
    ///             if dx == 0 and dy == 0: continue
    ///             if dx == 0: tx += 1
    ///             elif dy == 0: ty += 1
    ///             elif (dx > 0) == (dy > 0): c += 1
    ///             else: d += 1
    ///     return (c-d) / ((c+d+tx)*(c+d+ty)) ** 0.5
    /// ```
    #[test]
    fn tied_scores_match_the_python_reference() {
        let x = [0.9, 0.7, 0.7, 0.2, 0.5, 0.5, 1.0];
        let y = [1.0, 0.6, 0.8, 0.1, 0.5, 0.3, 0.8];
        close(spearman(&x, &y), 0.9082951062292475);
        close(kendall_tau_b(&x, &y), 0.8207826816681233);
    }

    #[test]
    fn kendall_without_ties() {
        // Ten pairs, two discordant ((1,2) and (3,4)): tau = (8 − 2) / 10.
        close(
            kendall_tau_b(&[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0, 1.0, 4.0, 3.0, 5.0]),
            0.6,
        );
        close(kendall_tau_b(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), -1.0);
    }

    #[test]
    fn kendall_tau_b_with_ties() {
        // x = [1, 2, 2, 3], y = [1, 2, 3, 3]: of 6 pairs, (2,3) ties in x, (3,4) ties in y,
        // the other 4 are concordant: tau_b = 4 / sqrt((6−1)(6−1)) = 0.8.
        close(
            kendall_tau_b(&[1.0, 2.0, 2.0, 3.0], &[1.0, 2.0, 3.0, 3.0]),
            0.8,
        );
        // x = [1, 1, 2, 2], y = [1, 2, 1, 2]: pairs (1,2) and (3,4) tie in x, (1,3) and
        // (2,4) in y, (1,4) concordant, (2,3) discordant: tau_b = 0 / 4 = 0.
        close(
            kendall_tau_b(&[1.0, 1.0, 2.0, 2.0], &[1.0, 2.0, 1.0, 2.0]),
            0.0,
        );
        // A pair tied on both sides counts in neither denominator term:
        // x = [1, 1, 2], y = [5, 5, 7]: n0 = 3, ties_x = 1, ties_y = 1, ties_xy = 1,
        // 2 concordant: tau_b = 2 / sqrt(2·2) = 1.
        close(kendall_tau_b(&[1.0, 1.0, 2.0], &[5.0, 5.0, 7.0]), 1.0);
    }

    #[test]
    fn kendall_matches_the_definition_on_tied_data() {
        // A small LCG: values in 0..6 so that ties are everywhere.
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % 6) as f64 / 5.0
        };
        for n in [2, 3, 5, 17, 64, 200] {
            let x: Vec<f64> = (0..n).map(|_| next()).collect();
            let y: Vec<f64> = x
                .iter()
                .map(|v| if next() < 0.5 { *v } else { next() })
                .collect();
            let (fast, slow) = (kendall_tau_b(&x, &y), brute_tau_b(&x, &y));
            match (fast, slow) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-12, "n={n}: {a} vs {b}"),
                (a, b) => assert_eq!(a, b, "n={n}"),
            }
        }
    }

    #[test]
    fn constant_side_has_no_correlation() {
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[0.5, 0.5, 0.5]), None);
        assert_eq!(kendall_tau_b(&[1.0, 2.0, 3.0], &[0.5, 0.5, 0.5]), None);
        assert_eq!(kendall_tau_b(&[1.0], &[2.0]), None);
    }

    #[test]
    fn kappa_by_hand() {
        // 10 items: yes/yes 4, yes/no 1, no/yes 1, no/no 4. p_o = 0.8; a and b both say
        // yes half the time, so p_e = 0.5: kappa = 0.3 / 0.5 = 0.6.
        let mut pairs = vec![(true, true); 4];
        pairs.extend([(true, false), (false, true)]);
        pairs.extend(vec![(false, false); 4]);
        close(cohen_kappa(&pairs), 0.6);
        // Total agreement by chance alone: undefined.
        assert_eq!(cohen_kappa(&[(true, true), (true, true)]), None);
        assert_eq!(cohen_kappa(&[]), None);
    }

    #[test]
    fn wilson_intervals_match_worked_values() {
        // statsmodels.stats.proportion.proportion_confint(k, n, method="wilson").
        let close = |a: [f64; 2], b: [f64; 2]| {
            assert!(
                (a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6,
                "{a:?} != {b:?}"
            );
        };
        close(wilson(8, 10).unwrap(), [0.490_161_6, 0.943_317_3]);
        close(wilson(0, 10).unwrap(), [0.0, 0.277_532_4]);
        close(wilson(10, 10).unwrap(), [0.722_467_6, 1.0]);
        close(wilson(50, 100).unwrap(), [0.403_831_4, 0.596_168_6]);
        assert_eq!(wilson(0, 0), None);
    }
}
