//! Optimal assignment (Hungarian method, Kuhn–Munkres with potentials, O(n²·m)).
//!
//! Written by hand because no well-kept assignment crate is in plotgrade's dependency
//! set, and the algorithm is short. Every ambiguous matching in the figure channel (which
//! of three unlabelled curves became which, which generated edit op answers which
//! reference op) goes through [`assign_capped`]: an optimal assignment in which pairing
//! an element is optional, never a search over permutations.

/// Largest `rows × columns` solved by the optimal assignment (about 10 ms); larger
/// leftovers pair by drawing order.
pub const ASSIGNMENT_LIMIT: usize = 250_000;

/// The cost of a pair that must not be chosen. Finite (the potentials subtract costs) and
/// small enough that the potentials keep ~1e-10 precision for real costs near 1.
pub const FORBIDDEN: f64 = 1e6;

fn sane(c: f64) -> f64 {
    if c.is_finite() {
        c.clamp(0.0, FORBIDDEN)
    } else {
        FORBIDDEN
    }
}

/// Minimum-cost assignment of every row to a distinct column, for `n ≤ m` rows × columns.
/// Returns the column of each row. Costs that are not finite count as [`FORBIDDEN`].
fn assign_rows(cost: &[Vec<f64>], m: usize) -> Vec<usize> {
    let n = cost.len();
    // 1-based arrays as in the textbook formulation; index 0 is the virtual start column.
    let mut u = vec![0.0; n + 1];
    let mut v = vec![0.0; m + 1];
    let mut row_of = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for i in 1..=n {
        row_of[0] = i;
        let mut j0 = 0;
        let mut minv = vec![f64::INFINITY; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[j0] = true;
            let i0 = row_of[j0];
            let mut delta = f64::INFINITY;
            let mut j1 = 0;
            for j in 1..=m {
                if !used[j] {
                    let cur = sane(cost[i0 - 1][j - 1]) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[row_of[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if row_of[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            row_of[j0] = row_of[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut col_of = vec![usize::MAX; n];
    for (j, &i) in row_of.iter().enumerate().skip(1) {
        if i != 0 {
            col_of[i - 1] = j - 1;
        }
    }
    col_of
}

/// Minimum-cost assignment on an `n × m` matrix (rows of equal length): `min(n, m)` pairs
/// `(row, column)`, sorted by row, whose total cost is least.
pub fn assign(cost: &[Vec<f64>]) -> Vec<(usize, usize)> {
    let n = cost.len();
    let m = cost.first().map_or(0, Vec::len);
    if n == 0 || m == 0 {
        return Vec::new();
    }
    if n <= m {
        assign_rows(cost, m).into_iter().enumerate().collect()
    } else {
        let t: Vec<Vec<f64>> = (0..m)
            .map(|j| (0..n).map(|i| cost[i][j]).collect())
            .collect();
        let mut pairs: Vec<(usize, usize)> = assign_rows(&t, n)
            .into_iter()
            .enumerate()
            .map(|(j, i)| (i, j))
            .collect();
        pairs.sort_unstable();
        pairs
    }
}

/// Optimal partial assignment: pairs `(row, column)` with cost `≤ cap`, chosen to maximise
/// the total slack `Σ (cap − cost)`. Equivalently, each row left unpaired costs `cap`,
/// so a pair is taken exactly when it is part of the cheapest overall arrangement.
///
/// Built as the `n × (m + n)` problem whose extra column `m + i` is row `i`'s "unpaired"
/// option (cost `cap`, forbidden for other rows); pairs dearer than `cap` are forbidden.
pub fn assign_capped(cost: &[Vec<f64>], cap: f64) -> Vec<(usize, usize)> {
    let n = cost.len();
    let m = cost.first().map_or(0, Vec::len);
    if n == 0 || m == 0 {
        return Vec::new();
    }
    let wide: Vec<Vec<f64>> = cost
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r: Vec<f64> = row
                .iter()
                .map(|&c| if sane(c) <= cap { sane(c) } else { FORBIDDEN })
                .collect();
            r.extend((0..n).map(|k| if k == i { cap } else { FORBIDDEN }));
            r
        })
        .collect();
    assign_rows(&wide, m + n)
        .into_iter()
        .enumerate()
        .filter(|&(i, j)| j < m && sane(cost[i][j]) <= cap)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (no `rand` in the dependency set).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() * n as f64) as usize
        }
    }

    fn matrix(rng: &mut Lcg, n: usize, m: usize) -> Vec<Vec<f64>> {
        (0..n)
            .map(|_| {
                (0..m)
                    .map(|_| {
                        // Integers make ties (several optimal assignments) common.
                        if rng.below(3) == 0 {
                            rng.below(5) as f64
                        } else {
                            rng.next() * 10.0
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Least total over every injective map of the smaller side into the larger.
    fn brute_full(cost: &[Vec<f64>]) -> f64 {
        let (n, m) = (cost.len(), cost[0].len());
        fn go(
            c: &dyn Fn(usize, usize) -> f64,
            i: usize,
            a: usize,
            b: usize,
            used: &mut Vec<bool>,
        ) -> f64 {
            if i == a {
                return 0.0;
            }
            let mut best = f64::INFINITY;
            for j in 0..b {
                if !used[j] {
                    used[j] = true;
                    best = best.min(c(i, j) + go(c, i + 1, a, b, used));
                    used[j] = false;
                }
            }
            best
        }
        if n <= m {
            go(&|i, j| cost[i][j], 0, n, m, &mut vec![false; m])
        } else {
            go(&|i, j| cost[j][i], 0, m, n, &mut vec![false; n])
        }
    }

    /// Greatest slack over every partial matching (rows may stay unpaired).
    fn brute_capped(cost: &[Vec<f64>], cap: f64, i: usize, used: &mut Vec<bool>) -> f64 {
        if i == cost.len() {
            return 0.0;
        }
        let mut best = brute_capped(cost, cap, i + 1, used);
        for j in 0..cost[0].len() {
            if !used[j] && cost[i][j] <= cap {
                used[j] = true;
                best = best.max(cap - cost[i][j] + brute_capped(cost, cap, i + 1, used));
                used[j] = false;
            }
        }
        best
    }

    fn is_injective(pairs: &[(usize, usize)]) -> bool {
        let mut rows: Vec<usize> = pairs.iter().map(|p| p.0).collect();
        let mut cols: Vec<usize> = pairs.iter().map(|p| p.1).collect();
        rows.sort_unstable();
        cols.sort_unstable();
        rows.windows(2).all(|w| w[0] != w[1]) && cols.windows(2).all(|w| w[0] != w[1])
    }

    #[test]
    fn assign_equals_brute_force_on_random_matrices() {
        let mut rng = Lcg(7);
        for _ in 0..400 {
            let (n, m) = (1 + rng.below(6), 1 + rng.below(6));
            let cost = matrix(&mut rng, n, m);
            let pairs = assign(&cost);
            assert_eq!(pairs.len(), n.min(m), "{cost:?}");
            assert!(is_injective(&pairs), "{pairs:?}");
            let total: f64 = pairs.iter().map(|&(i, j)| cost[i][j]).sum();
            let best = brute_full(&cost);
            assert!(
                (total - best).abs() < 1e-9,
                "hungarian {total} vs brute force {best} on {cost:?}"
            );
        }
    }

    #[test]
    fn assign_capped_equals_brute_force_on_random_matrices() {
        let mut rng = Lcg(11);
        for _ in 0..400 {
            let (n, m) = (1 + rng.below(5), 1 + rng.below(5));
            let cost = matrix(&mut rng, n, m);
            let cap = 1.0 + rng.next() * 6.0;
            let pairs = assign_capped(&cost, cap);
            assert!(is_injective(&pairs), "{pairs:?}");
            assert!(pairs.iter().all(|&(i, j)| cost[i][j] <= cap));
            let slack: f64 = pairs.iter().map(|&(i, j)| cap - cost[i][j]).sum();
            let best = brute_capped(&cost, cap, 0, &mut vec![false; m]);
            assert!(
                (slack - best).abs() < 1e-9,
                "slack {slack} vs brute force {best}, cap {cap}, {cost:?}"
            );
        }
    }

    #[test]
    fn greedy_would_be_wrong_here() {
        // Greedy takes (0,0) at cost 1 and is left with (1,1) at 10; the optimum crosses.
        let cost = vec![vec![1.0, 2.0], vec![2.0, 10.0]];
        assert_eq!(assign(&cost), vec![(0, 1), (1, 0)]);
        assert_eq!(assign_capped(&cost, 3.0), vec![(0, 1), (1, 0)]);
    }

    #[test]
    fn non_finite_costs_are_never_chosen_when_avoidable() {
        let cost = vec![vec![f64::NAN, 1.0], vec![2.0, f64::INFINITY]];
        assert_eq!(assign(&cost), vec![(0, 1), (1, 0)]);
        assert!(assign_capped(&[vec![f64::NAN]], 5.0).is_empty());
        assert!(assign(&[]).is_empty());
        assert!(assign_capped(&[vec![]], 1.0).is_empty());
    }
}
