//! Library functions the reader evaluates: Python builtins (`len`, `range`, `zip`, …),
//! numpy constructors and ufuncs (`np.array`, `np.linspace`, `np.sin`, …) and `math`.
//!
//! Only what plotting scripts use to compute what they draw. Anything else (`np.random`,
//! `np.where`, file I/O) returns `None` and the caller keeps the call symbolic: the
//! reader never guesses what a call would have returned.

use std::mem::size_of;
use std::rc::Rc;

use super::budget;
use super::ops::probe_map;
use super::value::{Array, PROBES, Probe, Val, prec};

/// Evaluated call arguments.
#[derive(Debug, Default, Clone)]
pub struct Args {
    pub pos: Vec<Val>,
    pub kw: Vec<(String, Val)>,
}

impl Args {
    pub fn kw(&self, name: &str) -> Option<&Val> {
        self.kw
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
    }

    /// Positional argument `i`, or the keyword `name`.
    pub fn get(&self, i: usize, name: &str) -> Option<&Val> {
        self.pos.get(i).or_else(|| self.kw(name))
    }
}

/// Largest array or range the reader materialises.
pub(crate) const MAX_ITEMS: usize = 100_000;

/// Module attributes that are values, not functions.
pub(crate) fn constant(module: &str, name: &str) -> Option<Val> {
    let v = match (module, name) {
        ("numpy" | "math", "pi") => std::f64::consts::PI,
        ("numpy" | "math", "e") => std::f64::consts::E,
        ("math", "tau") => std::f64::consts::TAU,
        ("numpy" | "math", "inf") => f64::INFINITY,
        ("numpy" | "math", "nan") => f64::NAN,
        _ => return None,
    };
    Some(Val::Float(v))
}

/// Element-wise numeric functions, shared by numpy (`np.sin`) and `math` (`math.sin`).
type Ufunc = fn(f64) -> f64;

static UFUNCS: &[(&str, Ufunc)] = &[
    ("sin", f64::sin),
    ("cos", f64::cos),
    ("tan", f64::tan),
    ("arcsin", f64::asin),
    ("asin", f64::asin),
    ("arccos", f64::acos),
    ("acos", f64::acos),
    ("arctan", f64::atan),
    ("atan", f64::atan),
    ("sinh", f64::sinh),
    ("cosh", f64::cosh),
    ("tanh", f64::tanh),
    ("exp", f64::exp),
    ("exp2", f64::exp2),
    ("expm1", f64::exp_m1),
    ("log", f64::ln),
    ("log10", f64::log10),
    ("log2", f64::log2),
    ("log1p", f64::ln_1p),
    ("sqrt", f64::sqrt),
    ("cbrt", f64::cbrt),
    ("abs", f64::abs),
    ("absolute", f64::abs),
    ("fabs", f64::abs),
    ("floor", f64::floor),
    ("ceil", f64::ceil),
    ("sign", sign),
    ("square", square),
    ("deg2rad", f64::to_radians),
    ("radians", f64::to_radians),
    ("rad2deg", f64::to_degrees),
    ("degrees", f64::to_degrees),
];

fn sign(x: f64) -> f64 {
    if x == 0.0 || x.is_nan() {
        x
    } else {
        x.signum()
    }
}

fn square(x: f64) -> f64 {
    x * x
}

/// The array form of a value, for numpy functions that accept lists.
fn array_of(v: &Val) -> Option<Rc<Array>> {
    match v {
        Val::Array(a) => Some(a.clone()),
        Val::List(_) | Val::Tuple(_) => np_array(v).and_then(|a| match a {
            Val::Array(a) => Some(a),
            _ => None,
        }),
        _ => None,
    }
}

/// `np.array(v)`: flat numbers → 1-D, equal-length rows of numbers → 2-D; anything else
/// (strings, ragged rows) stays a list, as the reader cannot do better.
pub(crate) fn np_array(v: &Val) -> Option<Val> {
    match v {
        Val::Array(_) => Some(v.clone()),
        Val::List(items) | Val::Tuple(items) => {
            if let Some(nums) = v.numbers() {
                let ints = items.iter().all(Val::is_int);
                return Some(Val::Array(Rc::new(Array::new(nums, ints))));
            }
            let rows: Option<Vec<Vec<f64>>> = items.iter().map(Val::numbers).collect();
            let ints = items.iter().all(|r| match r {
                Val::List(x) | Val::Tuple(x) => x.iter().all(Val::is_int),
                Val::Array(a) => a.ints,
                _ => false,
            });
            match rows {
                Some(rows) if !rows.is_empty() && rows.iter().all(|r| r.len() == rows[0].len()) => {
                    budget::floats(rows.len().saturating_mul(rows[0].len()))?;
                    Some(Val::Array(Rc::new(Array {
                        cols: Some(rows[0].len()),
                        values: rows.concat(),
                        ints,
                        probe: None,
                    })))
                }
                _ => Some(v.clone()),
            }
        }
        Val::Int(_) | Val::Float(_) => Some(v.clone()),
        _ => None,
    }
}

/// A sampled variable: values on the script's grid, and the identity on the probes.
fn sampled(values: Vec<f64>, ints: bool) -> Val {
    let domain = (
        values.first().copied().unwrap_or(0.0),
        values.last().copied().unwrap_or(0.0),
    );
    Val::Array(Rc::new(Array {
        values,
        cols: None,
        ints,
        probe: Some(Rc::new(Probe {
            at: PROBES.to_vec(),
            domain,
            identity: true,
            expr: "x".into(),
            prec: prec::ATOM,
        })),
    }))
}

fn linspace(args: &Args) -> Option<Val> {
    let start = args.get(0, "start")?.num()?;
    let stop = args.get(1, "stop")?.num()?;
    let num = match args.get(2, "num") {
        Some(v) => v.int()?,
        None => 50,
    };
    let endpoint = match args.kw("endpoint") {
        Some(v) => v.truth()?,
        None => true,
    };
    if !(0..=MAX_ITEMS as i64).contains(&num) {
        return None;
    }
    let n = num as usize;
    let div = if endpoint { n.saturating_sub(1) } else { n };
    let step = if div == 0 {
        0.0
    } else {
        (stop - start) / div as f64
    };
    budget::floats(n)?;
    let mut values: Vec<f64> = (0..n).map(|i| start + step * i as f64).collect();
    if endpoint && n > 1 {
        values[n - 1] = stop;
    }
    Some(sampled(values, false))
}

/// `range`/`np.arange` bounds: `(start, stop, step)` from one to three numbers.
fn bounds(args: &Args) -> Option<(Val, Val, Val)> {
    let p: Vec<&Val> = args.pos.iter().collect();
    let step = args.kw("step").cloned();
    match p.as_slice() {
        [stop] => Some((Val::Int(0), (*stop).clone(), step.unwrap_or(Val::Int(1)))),
        [start, stop] => Some((
            (*start).clone(),
            (*stop).clone(),
            step.unwrap_or(Val::Int(1)),
        )),
        [start, stop, step] => Some(((*start).clone(), (*stop).clone(), (*step).clone())),
        _ => None,
    }
}

fn arange(args: &Args) -> Option<Val> {
    let (start, stop, step) = bounds(args)?;
    let ints = start.is_int() && stop.is_int() && step.is_int();
    let (a, b, s) = (start.num()?, stop.num()?, step.num()?);
    if s == 0.0 {
        return None;
    }
    let n = ((b - a) / s).ceil();
    if !(0.0..=MAX_ITEMS as f64).contains(&n) {
        return None;
    }
    budget::floats(n as usize)?;
    Some(sampled(
        (0..n as usize).map(|i| a + s * i as f64).collect(),
        ints,
    ))
}

fn range(args: &Args) -> Option<Val> {
    let (start, stop, step) = bounds(args)?;
    let (a, b, s) = (start.int()?, stop.int()?, step.int()?);
    if s == 0 {
        return None;
    }
    let n = ((b - a) as f64 / s as f64).ceil();
    if !(0.0..=MAX_ITEMS as f64).contains(&n) {
        return None;
    }
    budget::items(n as usize)?;
    Some(Val::List(
        (0..n as i64).map(|i| Val::Int(a + s * i)).collect(),
    ))
}

/// An element-wise function of a number or an array (carrying the probe along).
fn ufunc(name: &str, f: fn(f64) -> f64, v: &Val) -> Option<Val> {
    if let Some(x) = v.num() {
        return Some(Val::Float(f(x)));
    }
    let a = array_of(v)?;
    let display = match name {
        "absolute" | "fabs" => "abs",
        "arcsin" => "asin",
        "arccos" => "acos",
        "arctan" => "atan",
        "radians" => "deg2rad",
        "degrees" => "rad2deg",
        n => n,
    };
    budget::floats(a.values.len())?;
    Some(Val::Array(Rc::new(Array {
        values: a.values.iter().map(|&x| f(x)).collect(),
        cols: a.cols,
        ints: false,
        probe: a
            .probe
            .as_ref()
            .and_then(|p| probe_map(p, display, f))
            .map(Rc::new),
    })))
}

fn numbers_of(v: &Val) -> Option<Vec<f64>> {
    match v {
        Val::Array(a) => budget::floats(a.values.len()).map(|()| a.values.clone()),
        other => other.numbers(),
    }
}

/// `sum`/`min`/`max` keep ints as ints.
fn reduce(args: &Args, f: fn(f64, f64) -> f64, init: Option<f64>) -> Option<Val> {
    let (nums, ints): (Vec<f64>, bool) = if args.pos.len() > 1 {
        let nums: Option<Vec<f64>> = args.pos.iter().map(Val::num).collect();
        (nums?, args.pos.iter().all(Val::is_int))
    } else {
        match args.pos.first()? {
            // An empty array sums to an int, as an empty list does.
            Val::Array(a) => (
                numbers_of(args.pos.first()?)?,
                a.ints || a.values.is_empty(),
            ),
            v => {
                let items = v.items()?;
                budget::floats(items.len())?;
                let nums: Option<Vec<f64>> = items.iter().map(Val::num).collect();
                (nums?, items.iter().all(Val::is_int))
            }
        }
    };
    let r = match init {
        Some(i) => nums.into_iter().fold(i, f),
        None => nums.into_iter().reduce(f)?,
    };
    Some(if ints {
        Val::Int(r as i64)
    } else {
        Val::Float(r)
    })
}

fn round(args: &Args) -> Option<Val> {
    let v = args.get(0, "number")?;
    let nd = match args.get(1, "ndigits") {
        Some(Val::None) | None => None,
        Some(d) => Some(d.int()?),
    };
    if let Val::Array(a) = v {
        budget::floats(a.values.len())?;
        let d = nd.unwrap_or(0);
        let k = 10f64.powi(d as i32);
        let values = a
            .values
            .iter()
            .map(|x| (x * k).round_ties_even() / k)
            .collect();
        return Some(Val::Array(Rc::new(Array::new(values, a.ints))));
    }
    if v.is_int() {
        return Some(v.clone());
    }
    let x = v.num()?;
    Some(match nd {
        None => Val::Int(x.round_ties_even() as i64),
        // Past 400 digits every float is exact: `round(x, 10**9)` is `x`, not a gigabyte
        // of digits.
        Some(d) if d > 400 => Val::Float(x),
        // Python rounds the exact binary value, as Rust's formatter does.
        Some(d) if d >= 0 => Val::Float(format!("{x:.*}", d as usize).parse().ok()?),
        Some(d) => {
            let k = 10f64.powi(-d as i32);
            Val::Float((x / k).round_ties_even() * k)
        }
    })
}

/// Call a library function by its full dotted path. `None`: not resolvable.
pub fn call(path: &str, args: &Args) -> Option<Val> {
    let (module, name) = path.rsplit_once('.')?;
    match module {
        "numpy" | "math" => numeric(module, name, args),
        "builtins" => builtin(name, args),
        _ => None,
    }
}

/// numpy and `math`: ufuncs, constructors, reductions and the two-argument functions.
fn numeric(module: &str, name: &str, args: &Args) -> Option<Val> {
    let first = args.pos.first();
    if let Some((_, f)) = UFUNCS.iter().find(|(n, _)| *n == name) {
        return ufunc(name, *f, first?);
    }
    match (module, name) {
        ("numpy", "array" | "asarray" | "asanyarray") => np_array(first?),
        ("numpy", "linspace") => linspace(args),
        ("numpy", "arange") => arange(args),
        ("numpy", "zeros" | "ones") => {
            let n = first?.int()?;
            let v = if name == "ones" { 1.0 } else { 0.0 };
            (0..=MAX_ITEMS as i64).contains(&n).then_some(())?;
            budget::floats(n as usize)?;
            Some(Val::Array(Rc::new(Array::new(vec![v; n as usize], false))))
        }
        ("numpy", "full") => {
            let n = first?.int()?;
            let v = args.get(1, "fill_value")?.num()?;
            (0..=MAX_ITEMS as i64).contains(&n).then_some(())?;
            budget::floats(n as usize)?;
            Some(Val::Array(Rc::new(Array::new(vec![v; n as usize], false))))
        }
        ("numpy", "sum") => reduce(args, |a, b| a + b, Some(0.0)),
        ("numpy", "max" | "amax") => reduce(args, f64::max, None),
        ("numpy", "min" | "amin") => reduce(args, f64::min, None),
        ("numpy", "mean") => {
            let v = numbers_of(first?)?;
            (!v.is_empty()).then(|| Val::Float(v.iter().sum::<f64>() / v.len() as f64))
        }
        ("numpy", "cumsum") => {
            let a = array_of(first?)?;
            budget::floats(a.values.len())?;
            let mut acc = 0.0;
            let values = a.values.iter().map(|x| {
                acc += x;
                acc
            });
            Some(Val::Array(Rc::new(Array::new(values.collect(), a.ints))))
        }
        ("numpy", "round" | "around") => round(args),
        ("numpy", "power") | ("math", "pow") => {
            super::ops::binary(super::ast::BinOp::Pow, first?, args.pos.get(1)?)
        }
        ("math", "atan2") | ("numpy", "arctan2") => {
            Some(Val::Float(first?.num()?.atan2(args.pos.get(1)?.num()?)))
        }
        ("math", "hypot") | ("numpy", "hypot") => {
            Some(Val::Float(first?.num()?.hypot(args.pos.get(1)?.num()?)))
        }
        ("math", "dist") => {
            let (a, b) = (first?.numbers()?, args.pos.get(1)?.numbers()?);
            (a.len() == b.len()).then(|| {
                Val::Float(
                    a.iter()
                        .zip(&b)
                        .map(|(p, q)| (p - q).powi(2))
                        .sum::<f64>()
                        .sqrt(),
                )
            })
        }
        _ => None,
    }
}

/// Python's builtins: numbers, conversions and containers.
fn builtin(name: &str, args: &Args) -> Option<Val> {
    let first = args.pos.first();
    match name {
        "sum" => reduce(args, |a, b| a + b, Some(0.0)),
        "max" => reduce(args, f64::max, None),
        "min" => reduce(args, f64::min, None),
        "round" => round(args),
        "len" => super::value::seq_len(first?).map(|n| Val::Int(n as i64)),
        "range" => range(args),
        "abs" => match first? {
            Val::Int(i) => i.checked_abs().map(Val::Int),
            v => ufunc("abs", f64::abs, v),
        },
        "int" => match first? {
            Val::Str(s) => s.trim().parse().ok().map(Val::Int),
            v => v.num().map(|f| Val::Int(f.trunc() as i64)),
        },
        "float" => match first? {
            Val::Str(s) => s.trim().parse().ok().map(Val::Float),
            v => v.num().map(Val::Float),
        },
        "bool" => first?.truth().map(Val::Bool),
        "str" => match first {
            None => Some(Val::Str(String::new())),
            Some(v) => v.py_str().map(Val::Str),
        },
        "repr" => first?.py_repr().map(Val::Str),
        "print" => Some(Val::None),
        _ => container(name, args),
    }
}

/// The builtins that build containers: `list`, `tuple`, `reversed`, `enumerate`, `zip`,
/// `dict`.
fn container(name: &str, args: &Args) -> Option<Val> {
    let first = args.pos.first();
    match name {
        "list" => match first {
            None => Some(Val::List(Vec::new())),
            Some(v) => v.items().map(Val::List),
        },
        "tuple" => match first {
            None => Some(Val::Tuple(Vec::new())),
            Some(v) => v.items().map(Val::Tuple),
        },
        "reversed" => first?.items().map(|mut v| {
            v.reverse();
            Val::List(v)
        }),
        "enumerate" => {
            let start = args.get(1, "start").map_or(Some(0), Val::int)?;
            let items = first?.items()?;
            // Each item in a pair of its own.
            budget::charge(items.len().saturating_mul(2 * size_of::<Val>()))?;
            Some(Val::List(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| Val::Tuple(vec![Val::Int(start + i as i64), v]))
                    .collect(),
            ))
        }
        "zip" => {
            let lists: Option<Vec<Vec<Val>>> = args.pos.iter().map(Val::items).collect();
            let lists = lists?;
            let n = lists.iter().map(Vec::len).min().unwrap_or(0);
            budget::items(n)?;
            budget::charge(
                n.saturating_mul(lists.len())
                    .saturating_mul(size_of::<Val>()),
            )?;
            Some(Val::List(
                (0..n)
                    .map(|i| Val::Tuple(lists.iter().map(|l| l[i].clone()).collect()))
                    .collect(),
            ))
        }
        "dict" => dict(args),
        _ => None,
    }
}

/// `dict(pairs)`, `dict(mapping)`, `dict(**kw)`.
fn dict(args: &Args) -> Option<Val> {
    let mut pairs = Vec::new();
    if let Some(v) = args.pos.first() {
        match v {
            Val::Dict(d) => pairs = budget::copy_pairs(d)?,
            other => {
                let items = other.items()?;
                budget::charge(items.len().saturating_mul(2 * size_of::<Val>()))?;
                for item in items {
                    match item.items()?.as_slice() {
                        [k, v] => pairs.push((k.clone(), v.clone())),
                        _ => return None,
                    }
                }
            }
        }
    }
    for (k, v) in &args.kw {
        pairs.push((Val::Str(budget::copy_str(k)?), v.clone()));
    }
    Some(Val::Dict(pairs))
}

/// Bare names Python provides without an import.
pub(crate) static BUILTIN_NAMES: &[&str] = &[
    "len",
    "range",
    "zip",
    "enumerate",
    "list",
    "tuple",
    "dict",
    "sorted",
    "reversed",
    "sum",
    "min",
    "max",
    "abs",
    "round",
    "int",
    "float",
    "str",
    "repr",
    "bool",
    "map",
    "print",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn args(pos: Vec<Val>) -> Args {
        Args {
            pos,
            kw: Vec::new(),
        }
    }

    #[test]
    fn linspace_has_numpy_endpoints_and_a_probe() {
        let v = call(
            "numpy.linspace",
            &args(vec![Val::Int(-5), Val::Int(5), Val::Int(11)]),
        )
        .unwrap();
        let Val::Array(a) = v else { panic!("{v:?}") };
        assert_eq!(a.values.first(), Some(&-5.0));
        assert_eq!(a.values.last(), Some(&5.0));
        assert_eq!(a.values.len(), 11);
        let p = a.probe.as_ref().unwrap();
        assert!(p.identity);
        assert_eq!(p.domain, (-5.0, 5.0));
    }

    #[test]
    fn arange_and_range_follow_python() {
        let v = call(
            "builtins.range",
            &args(vec![Val::Int(1), Val::Int(7), Val::Int(2)]),
        )
        .unwrap();
        assert_eq!(v.py_repr().unwrap(), "[1, 3, 5]");
        let Val::Array(a) = call("numpy.arange", &args(vec![Val::Int(4)])).unwrap() else {
            panic!()
        };
        assert_eq!(a.values, vec![0.0, 1.0, 2.0, 3.0]);
        assert!(a.ints);
    }

    #[test]
    fn python_round_is_bankers() {
        assert!(matches!(
            call("builtins.round", &args(vec![Val::Float(2.5)])),
            Some(Val::Int(2))
        ));
        let r = call(
            "builtins.round",
            &args(vec![Val::Float(2.675), Val::Int(2)]),
        )
        .unwrap();
        assert_eq!(r.num(), Some(2.67));
    }
}
