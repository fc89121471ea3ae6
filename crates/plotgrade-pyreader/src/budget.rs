//! The reader's byte budget: how much memory the values of one script may cost.
//!
//! The work budget ([`super::interp::BUDGET`]) counts statements and copies; it does not
//! see bytes, and a one-line script (`[s] * 100000` with `s` a 1 MiB string) copies 100
//! GB in one step. So every allocation the reader makes for a value is charged here, in
//! bytes, against a budget per script ([`BYTES`], 64 MiB):
//!
//! - every copy of a [`Val`] goes through `Val::clone`, which charges the strings and
//!   item storage it copies (a clone is deep: the reader's values own their items). That
//!   is the one place copies are charged, whoever makes them: the reader, or the library
//!   behind it (matplotlib broadcasting a colour over bars);
//! - every value built fresh (a string joined, formatted or repeated, a range, an array,
//!   a public [`super::Value`]) is charged where it is built, before it is built; such a
//!   value is also capped on its own ([`MAX_STR`] bytes, `MAX_ITEMS` items), so no single
//!   allocation outgrows what is left by much.
//!
//! Once a charge fails the budget is spent for the rest of the read: every later charge
//! fails too, a clone gives an unknown value ([`Val::Sym`] of [`SPENT`]) instead of a
//! copy, an operation that cannot be charged returns `None` (so its expression stays
//! symbolic, as any unresolved one does), and the reader stops reading with a note
//! ([`NOTE`]). What was read before is kept; the channel goes on with it.
//!
//! The meter is per thread and active inside [`scope`] ([`super::read`] opens one; the
//! code channel opens one around the reading *and* the model of matplotlib's finishing
//! pass). Outside a scope nothing is charged.
//!
//! Nesting is bounded here too: a clone copies at most [`MAX_DEPTH`] levels of nested
//! containers (deeper ones become unknown), so no value the reader holds is nested
//! deeper than that plus the reader's own expression nesting, and the recursive walks
//! over values (clone, drop, `repr`, `==`) stay far inside a thread's stack.

use std::cell::Cell;
use std::mem::size_of;

use super::value::Val;

/// Bytes of values one script may allocate, in total, copies included. A plotting
/// script's values take kilobytes (`bench_200.py`, the largest bundled: 113 KiB with the
/// model of matplotlib); a sampled curve of 100,000 points, 0.8 MiB per array.
pub const BYTES: u64 = 64 << 20;

/// Longest string the reader builds (a label is short; `'x' * 10**9` is an attack).
pub const MAX_STR: usize = 1 << 20;

/// Levels of nested lists, tuples and dicts a copy keeps.
pub const MAX_DEPTH: usize = 100;

/// The text of a value the budget did not allow: unknown, as any unresolved value.
pub const SPENT: &str = "…";

/// The note the reader leaves when the budget is spent.
pub const NOTE: &str = "stopped reading: the script's values need more than the 64 MiB of memory \
                        the reader gives one script";

/// How much of a budget one [`scope`] used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Bytes charged (never more than the budget).
    pub charged: u64,
    /// The budget the scope had.
    pub budget: u64,
    /// A charge failed: the budget is spent.
    pub spent: bool,
}

struct Meter {
    active: Cell<bool>,
    budget: Cell<u64>,
    charged: Cell<u64>,
    spent: Cell<bool>,
    /// Levels of a clone in progress.
    depth: Cell<usize>,
}

thread_local! {
    static METER: Meter = const {
        Meter {
            active: Cell::new(false),
            budget: Cell::new(0),
            charged: Cell::new(0),
            spent: Cell::new(false),
            depth: Cell::new(0),
        }
    };
}

/// Run `f` with a budget of `bytes`, and say how much of it `f` used. Inside a scope
/// already open, `f` runs on that scope's budget (and the usage is that scope's so far).
pub fn scope<R>(bytes: u64, f: impl FnOnce() -> R) -> (R, Usage) {
    if METER.with(|m| m.active.get()) {
        let r = f();
        return (r, usage());
    }
    /// Closes the scope even if `f` panics, so the thread's next read starts afresh.
    struct Close;
    impl Drop for Close {
        fn drop(&mut self) {
            METER.with(|m| {
                m.active.set(false);
                m.depth.set(0);
            });
        }
    }
    METER.with(|m| {
        m.active.set(true);
        m.budget.set(bytes);
        m.charged.set(0);
        m.spent.set(false);
        m.depth.set(0);
    });
    let close = Close;
    let r = f();
    let u = usage();
    drop(close);
    (r, u)
}

/// The open scope's usage so far (all zero outside a scope).
pub fn usage() -> Usage {
    METER.with(|m| {
        if !m.active.get() {
            return Usage::default();
        }
        Usage {
            charged: m.charged.get(),
            budget: m.budget.get(),
            spent: m.spent.get(),
        }
    })
}

/// Has the open scope's budget been spent?
pub fn spent() -> bool {
    METER.with(|m| m.active.get() && m.spent.get())
}

/// Charge `bytes` to the open scope: `None` (and the budget spent for good) when they
/// are more than what is left. Always `Some` outside a scope.
pub fn charge(bytes: usize) -> Option<()> {
    METER.with(|m| {
        if !m.active.get() {
            return Some(());
        }
        if m.spent.get() {
            return None;
        }
        let total = m.charged.get().saturating_add(bytes as u64);
        if total > m.budget.get() {
            m.spent.set(true);
            return None;
        }
        m.charged.set(total);
        Some(())
    })
}

/// Charge a new string of `len` bytes, refused past [`MAX_STR`].
pub(crate) fn text(len: usize) -> Option<()> {
    (len <= MAX_STR).then_some(())?;
    charge(len)
}

/// Charge storage for `n` new values, refused past `MAX_ITEMS`.
pub(crate) fn items(n: usize) -> Option<()> {
    (n <= super::builtins::MAX_ITEMS).then_some(())?;
    charge(n.saturating_mul(size_of::<Val>()))
}

/// Charge `n` new numbers of an array.
pub(crate) fn floats(n: usize) -> Option<()> {
    charge(n.saturating_mul(size_of::<f64>()))
}

/// A copy of a string held by a value; `None` when the budget does not allow it.
pub(crate) fn copy_str(s: &str) -> Option<String> {
    charge(s.len()).map(|()| s.to_string())
}

/// A copy of a value's items, one level deeper; `None` past [`MAX_DEPTH`] or the budget.
pub(crate) fn copy_items(v: &[Val]) -> Option<Vec<Val>> {
    deeper(|| charge(v.len().saturating_mul(size_of::<Val>())).map(|()| v.to_vec()))
}

/// A copy of a dict's pairs, one level deeper; `None` past [`MAX_DEPTH`] or the budget.
pub(crate) fn copy_pairs(v: &[(Val, Val)]) -> Option<Vec<(Val, Val)>> {
    deeper(|| charge(v.len().saturating_mul(2 * size_of::<Val>())).map(|()| v.to_vec()))
}

fn deeper<T>(f: impl FnOnce() -> Option<T>) -> Option<T> {
    let depth = METER.with(|m| m.depth.get());
    if depth >= MAX_DEPTH {
        return None;
    }
    METER.with(|m| m.depth.set(depth + 1));
    let r = f();
    METER.with(|m| m.depth.set(depth));
    r
}

/// The value a copy gives when the budget (or the depth) does not allow the copy.
pub(crate) fn spent_val() -> Val {
    Val::Sym(SPENT.to_string())
}

/// An unresolved value kept as `text` (charged; [`SPENT`] past the budget).
pub(crate) fn sym(text: &str) -> Val {
    copy_str(text).map_or_else(spent_val, Val::Sym)
}

/// A string value copied from `text` (charged; unknown past the budget).
pub(crate) fn str_val(text: &str) -> Val {
    copy_str(text).map_or_else(spent_val, Val::Str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_stop_at_the_budget_and_stay_stopped() {
        let ((), u) = scope(100, || {
            assert!(charge(60).is_some());
            assert!(charge(60).is_none(), "over the budget");
            assert!(charge(1).is_none(), "spent for good");
            assert!(spent());
        });
        assert_eq!(
            u,
            Usage {
                charged: 60,
                budget: 100,
                spent: true
            }
        );
        assert!(!spent(), "the scope is closed");
        assert!(
            charge(1 << 40).is_some(),
            "nothing is charged outside a scope"
        );
    }

    #[test]
    fn a_clone_past_the_budget_is_unknown() {
        let s = Val::Str("x".repeat(1000));
        let (copies, u) = scope(2500, || (0..3).map(|_| s.clone()).collect::<Vec<_>>());
        assert!(matches!(&copies[1], Val::Str(t) if t.len() == 1000));
        assert!(matches!(&copies[2], Val::Sym(t) if t == SPENT));
        assert_eq!(u.charged, 2000);
    }

    #[test]
    fn a_clone_keeps_at_most_max_depth_levels() {
        let mut v = Val::Int(1);
        for _ in 0..MAX_DEPTH + 10 {
            v = Val::List(vec![v]);
        }
        let mut c = v.clone();
        let mut levels = 0;
        while let Val::List(mut items) = c {
            c = items.pop().expect("one item");
            levels += 1;
        }
        assert_eq!(levels, MAX_DEPTH);
        assert!(matches!(c, Val::Sym(_)));
    }
}
