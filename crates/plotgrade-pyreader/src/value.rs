//! Values the code reader computes without running the code ([`Val`]), and their public
//! form ([`Value`]).
//!
//! A `Val` is a Python literal, a container of them, a 1-D/2-D numeric array (numpy), a
//! module or function, an [`Object`] of the library the script calls (a matplotlib axes,
//! patch or bar container), or `Sym`: an expression that could not be resolved, kept as
//! its source text. Arithmetic lives in [`super::ops`]; this file has identity, truth,
//! text forms, iteration and indexing.
//!
//! Arrays derived from `linspace`/`arange` carry a [`Probe`]: the same computation applied
//! to fixed probe abscissae, so that a function like `y = x**2 - 1` can be compared by its
//! values whatever grid the script sampled it on.

use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::mem::size_of;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::ast::Func;
use super::budget;
use super::pyfmt::{float_repr, short_num};

/// Abscissae at which functions of the sampled variable are compared. Non-integers, so
/// that `1/x`, `log(x)` or `tan(x)` are not hit exactly at their poles.
pub const PROBES: [f64; 16] = [
    -9.7, -7.3, -5.1, -3.3, -2.2, -1.4, -0.7, -0.3, 0.2, 0.6, 1.3, 2.1, 3.4, 4.9, 7.1, 9.6,
];

/// Expression precedence for printing probe expressions with the parentheses they need.
pub mod prec {
    pub const SUM: u8 = 1;
    pub const PRODUCT: u8 = 2;
    pub const UNARY: u8 = 3;
    pub const POWER: u8 = 4;
    pub const ATOM: u8 = 5;
}

#[derive(Debug, Clone)]
pub struct Probe {
    /// The value of the computation at each of [`PROBES`].
    pub at: Vec<f64>,
    /// `(first, last)` sample of the variable it was computed from.
    pub domain: (f64, f64),
    /// `true` for the sampled variable itself (`x = np.linspace(...)`).
    pub identity: bool,
    /// The computation as text in terms of the variable, and its precedence.
    pub expr: String,
    pub prec: u8,
}

#[derive(Debug, Clone)]
pub struct Array {
    pub values: Vec<f64>,
    /// `Some(n)` for a 2-D array of rows of `n` columns.
    pub cols: Option<usize>,
    /// Integer dtype (prints `3`, not `3.0`).
    pub ints: bool,
    pub probe: Option<Rc<Probe>>,
}

impl Array {
    pub fn new(values: Vec<f64>, ints: bool) -> Array {
        Array {
            values,
            cols: None,
            ints,
            probe: None,
        }
    }

    pub fn len(&self) -> usize {
        match self.cols {
            Some(c) if c > 0 => self.values.len() / c,
            Some(_) => 0,
            None => self.values.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn scalar(&self, x: f64) -> Val {
        if self.ints {
            Val::Int(x as i64)
        } else {
            Val::Float(x)
        }
    }

    /// Row `i` of a 2-D array, or item `i` of a 1-D one.
    pub fn item(&self, i: usize) -> Option<Val> {
        match self.cols {
            Some(c) => {
                let row = self.values.get(i * c..(i + 1) * c)?;
                budget::floats(row.len())
                    .map(|()| Val::Array(Rc::new(Array::new(row.to_vec(), self.ints))))
            }
            None => self.values.get(i).map(|&x| self.scalar(x)),
        }
    }
}

/// An object of the library the script calls ([`super::Library`]), held in a [`Val`]:
/// a matplotlib figure, axes, patch or bar container. The reader stores it and hands it
/// back to the library; of the object itself it asks only what Python asks of any object:
/// its length and items (a loop over a bar container), equality, and how it shows.
pub trait Object: fmt::Debug + Any {
    /// `len(obj)`; `None` for an object that is not a container.
    fn py_len(&self) -> Option<usize> {
        None
    }

    /// `obj[i]`, for `i` below [`Object::py_len`].
    fn item(&self, _i: usize) -> Option<Val> {
        None
    }

    /// `obj == other`, where `other` is an object of the library too.
    fn same(&self, _other: &dyn Object) -> bool {
        false
    }

    /// The text the object stands for in a public [`Value`]: `<axes 0>`.
    fn text(&self) -> String;
}

/// A value the reader holds. It owns its items: a clone is a deep copy, charged to the
/// byte budget ([`super::budget`]) and cut at [`super::budget::MAX_DEPTH`] levels; a
/// clone the budget does not allow is unknown (`Sym`). Arrays, functions and the
/// library's objects are shared.
#[derive(Debug)]
pub enum Val {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Val>),
    Tuple(Vec<Val>),
    /// Insertion-ordered, like Python's dict.
    Dict(Vec<(Val, Val)>),
    Array(Rc<Array>),
    /// Unresolved: the source text of the expression.
    Sym(String),
    /// An imported module by its full dotted name (`matplotlib.pyplot`).
    Module(String),
    /// A library function by its full dotted name (`numpy.linspace`).
    Callable(String),
    Func(Rc<Func>),
    /// An object of the library the script calls: the reader never looks inside.
    Object(Rc<dyn Object>),
}

impl Clone for Val {
    fn clone(&self) -> Val {
        let copied = match self {
            Val::None => Some(Val::None),
            Val::Bool(b) => Some(Val::Bool(*b)),
            Val::Int(i) => Some(Val::Int(*i)),
            Val::Float(f) => Some(Val::Float(*f)),
            Val::Str(s) => budget::copy_str(s).map(Val::Str),
            Val::Sym(s) => budget::copy_str(s).map(Val::Sym),
            Val::Module(s) => budget::copy_str(s).map(Val::Module),
            Val::Callable(s) => budget::copy_str(s).map(Val::Callable),
            Val::List(v) => budget::copy_items(v).map(Val::List),
            Val::Tuple(v) => budget::copy_items(v).map(Val::Tuple),
            Val::Dict(d) => budget::copy_pairs(d).map(Val::Dict),
            Val::Array(a) => Some(Val::Array(a.clone())),
            Val::Func(f) => Some(Val::Func(f.clone())),
            Val::Object(o) => Some(Val::Object(o.clone())),
        };
        copied.unwrap_or_else(budget::spent_val)
    }
}

/// A value read from the code: resolved to a literal, or left as the expression text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    List(Vec<Value>),
    /// Not resolvable without running the code: the source text that computes it.
    Symbolic {
        expr: String,
    },
}

/// Relative tolerance for numbers: code-level values are exact up to float noise
/// (`0.1 + 0.2`), and sampled function values up to evaluation order.
const REL_TOL: f64 = 1e-6;
const ABS_TOL: f64 = 1e-9;

impl Value {
    /// Equal up to the numeric tolerance; symbolic values compare by their text with
    /// whitespace removed.
    pub fn same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Num(a), Value::Num(b)) => {
                (a - b).abs() <= ABS_TOL.max(REL_TOL * a.abs().max(b.abs()))
            }
            (Value::List(a), Value::List(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            (Value::Symbolic { expr: a }, Value::Symbolic { expr: b }) => {
                let squash = |s: &str| s.split_whitespace().collect::<String>();
                squash(a) == squash(b)
            }
            _ => self == other,
        }
    }

    /// Does this value (or any part of it) stay symbolic?
    pub fn is_symbolic(&self) -> bool {
        match self {
            Value::Symbolic { .. } => true,
            Value::List(items) => items.iter().any(Value::is_symbolic),
            _ => false,
        }
    }

    pub fn as_num(&self) -> Option<f64> {
        match self {
            Value::Num(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("None"),
            Value::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            // Ten significant digits: `93.09`, not the float noise `93.08999999999999`.
            Value::Num(n) => f.write_str(&short_num(*n)),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
            Value::Symbolic { expr } => write!(f, "`{expr}`"),
        }
    }
}

impl Val {
    pub fn num(&self) -> Option<f64> {
        match self {
            Val::Int(i) => Some(*i as f64),
            Val::Float(f) => Some(*f),
            Val::Bool(b) => Some(f64::from(u8::from(*b))),
            _ => None,
        }
    }

    pub fn int(&self) -> Option<i64> {
        match self {
            Val::Int(i) => Some(*i),
            Val::Bool(b) => Some(i64::from(*b)),
            Val::Float(f) if f.fract() == 0.0 => Some(*f as i64),
            _ => None,
        }
    }

    pub fn is_int(&self) -> bool {
        matches!(self, Val::Int(_) | Val::Bool(_))
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            Val::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_sym(&self) -> bool {
        matches!(self, Val::Sym(_))
    }

    /// Python truthiness; `None` when the reader cannot tell.
    pub fn truth(&self) -> Option<bool> {
        Some(match self {
            Val::None => false,
            Val::Bool(b) => *b,
            Val::Int(i) => *i != 0,
            Val::Float(f) => *f != 0.0,
            Val::Str(s) => !s.is_empty(),
            Val::List(v) | Val::Tuple(v) => !v.is_empty(),
            Val::Dict(d) => !d.is_empty(),
            Val::Sym(_) => return None,
            Val::Array(a) if a.values.len() == 1 => a.values[0] != 0.0,
            Val::Array(_) => return None,
            _ => true,
        })
    }

    /// `str(v)`; `None` for values whose text the reader does not reproduce (or that
    /// would be longer than [`budget::MAX_STR`]).
    pub fn py_str(&self) -> Option<String> {
        match self {
            Val::Str(s) => budget::copy_str(s),
            _ => self.py_repr(),
        }
    }

    /// `repr(v)`; `None` past [`budget::MAX_STR`] bytes or the budget.
    pub fn py_repr(&self) -> Option<String> {
        let mut out = String::new();
        self.repr_into(&mut out)?;
        Some(out)
    }

    fn repr_into(&self, out: &mut String) -> Option<()> {
        let seq = |out: &mut String, items: &[Val]| -> Option<()> {
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    push_text(out, ", ")?;
                }
                v.repr_into(out)?;
            }
            Some(())
        };
        match self {
            Val::None => push_text(out, "None"),
            Val::Bool(b) => push_text(out, if *b { "True" } else { "False" }),
            Val::Int(i) => push_text(out, &i.to_string()),
            Val::Float(f) => push_text(out, &float_repr(*f)),
            Val::Str(s) => push_text(out, &str_repr(s)?),
            Val::List(items) => {
                push_text(out, "[")?;
                seq(out, items)?;
                push_text(out, "]")
            }
            Val::Tuple(items) => {
                push_text(out, "(")?;
                seq(out, items)?;
                push_text(out, if items.len() == 1 { ",)" } else { ")" })
            }
            Val::Dict(pairs) => {
                push_text(out, "{")?;
                for (i, (k, v)) in pairs.iter().enumerate() {
                    if i > 0 {
                        push_text(out, ", ")?;
                    }
                    k.repr_into(out)?;
                    push_text(out, ": ")?;
                    v.repr_into(out)?;
                }
                push_text(out, "}")
            }
            _ => None,
        }
    }

    /// The items of an iterable, or `None` when the reader cannot enumerate them (or the
    /// budget cannot hold them: a string of more than `MAX_ITEMS` characters).
    pub fn items(&self) -> Option<Vec<Val>> {
        match self {
            Val::List(v) | Val::Tuple(v) => budget::copy_items(v),
            Val::Dict(d) => {
                budget::items(d.len())?;
                Some(d.iter().map(|(k, _)| k.clone()).collect())
            }
            Val::Str(s) => {
                let n = s.chars().count();
                budget::items(n)?;
                budget::charge(s.len())?;
                Some(s.chars().map(|c| Val::Str(c.to_string())).collect())
            }
            Val::Array(a) => {
                budget::items(a.len())?;
                (0..a.len()).map(|i| a.item(i)).collect()
            }
            Val::Object(o) => {
                let n = o.py_len()?;
                budget::items(n)?;
                (0..n).map(|i| o.item(i)).collect()
            }
            _ => None,
        }
    }

    /// Numbers of a flat numeric sequence.
    pub fn numbers(&self) -> Option<Vec<f64>> {
        match self {
            Val::Array(a) if a.cols.is_none() => {
                budget::floats(a.values.len()).map(|()| a.values.clone())
            }
            Val::List(v) | Val::Tuple(v) => {
                budget::floats(v.len())?;
                v.iter().map(Val::num).collect()
            }
            _ => None,
        }
    }

    /// A 2-number sequence: a point.
    pub fn pair(&self) -> Option<(f64, f64)> {
        match self.numbers()?.as_slice() {
            [x, y] => Some((*x, *y)),
            _ => None,
        }
    }

    /// The public form of this value; what stays symbolic is shown as its source text.
    /// Charged to the byte budget like any copy: past it, the value is unknown
    /// ([`budget::SPENT`]).
    pub fn to_value(&self) -> Value {
        self.public().unwrap_or_else(|| Value::Symbolic {
            expr: budget::SPENT.to_string(),
        })
    }

    fn public(&self) -> Option<Value> {
        let list = |n: usize| budget::charge(n.saturating_mul(size_of::<Value>()));
        Some(match self {
            Val::None => Value::Null,
            Val::Bool(b) => Value::Bool(*b),
            Val::Int(i) => Value::Num(*i as f64),
            Val::Float(f) if f.is_finite() => Value::Num(*f),
            Val::Float(f) => Value::Symbolic {
                expr: float_repr(*f),
            },
            Val::Str(s) => Value::Str(budget::copy_str(s)?),
            Val::List(v) | Val::Tuple(v) => {
                list(v.len())?;
                Value::List(v.iter().map(Val::to_value).collect())
            }
            Val::Dict(d) => {
                list(d.len().saturating_mul(3))?;
                Value::List(
                    d.iter()
                        .map(|(k, v)| Value::List(vec![k.to_value(), v.to_value()]))
                        .collect(),
                )
            }
            Val::Array(a) => match self.items() {
                Some(items) if a.cols.is_some() || !a.values.is_empty() => {
                    list(items.len())?;
                    Value::List(items.iter().map(Val::to_value).collect())
                }
                _ => Value::List(Vec::new()),
            },
            Val::Sym(text) => Value::Symbolic {
                expr: budget::copy_str(text)?,
            },
            Val::Module(m) | Val::Callable(m) => Value::Symbolic {
                expr: budget::copy_str(m)?,
            },
            Val::Func(f) => Value::Symbolic {
                expr: budget::copy_str(&f.name)?,
            },
            Val::Object(o) => Value::Symbolic { expr: o.text() },
        })
    }
}

/// Append `piece` to a text being built, within [`budget::MAX_STR`] and the budget.
pub(crate) fn push_text(out: &mut String, piece: &str) -> Option<()> {
    (out.len().saturating_add(piece.len()) <= budget::MAX_STR).then_some(())?;
    budget::charge(piece.len())?;
    out.push_str(piece);
    Some(())
}

/// Python's `repr` of a string: single quotes unless the text has one and no double quote.
/// `None` when it would be longer than [`budget::MAX_STR`] or the budget.
pub(crate) fn str_repr(s: &str) -> Option<String> {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let escape = |c: char| -> Option<String> {
        Some(match c {
            '\\' => "\\\\".into(),
            '\n' => "\\n".into(),
            '\t' => "\\t".into(),
            '\r' => "\\r".into(),
            c if c == quote => format!("\\{c}"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => format!("\\x{:02x}", c as u32),
            _ => return None,
        })
    };
    // Its length first, so that a repr too long is refused before it is built.
    let len: usize = 2 + s
        .chars()
        .map(|c| escape(c).map_or(c.len_utf8(), |e| e.len()))
        .sum::<usize>();
    budget::text(len)?;
    let mut out = String::with_capacity(len);
    out.push(quote);
    for c in s.chars() {
        match escape(c) {
            Some(e) => out.push_str(&e),
            None => out.push(c),
        }
    }
    out.push(quote);
    Some(out)
}

/// Python `==` between resolved values (`1 == 1.0 == True`); `None` when unknown.
pub(crate) fn py_eq(a: &Val, b: &Val) -> Option<bool> {
    Some(match (a, b) {
        (Val::Sym(_), _) | (_, Val::Sym(_)) => return None,
        (Val::Str(x), Val::Str(y)) => x == y,
        (Val::None, Val::None) => true,
        (Val::List(x), Val::List(y)) | (Val::Tuple(x), Val::Tuple(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            for (p, q) in x.iter().zip(y) {
                if !py_eq(p, q)? {
                    return Some(false);
                }
            }
            true
        }
        _ => match (a.num(), b.num()) {
            (Some(x), Some(y)) => x == y,
            _ => match (a, b) {
                (Val::Array(_), _) | (_, Val::Array(_)) => return None,
                (Val::Dict(_), _) | (_, Val::Dict(_)) => return None,
                (Val::Module(x), Val::Module(y)) | (Val::Callable(x), Val::Callable(y)) => x == y,
                (Val::Object(x), Val::Object(y)) => x.same(&**y),
                _ => false,
            },
        },
    })
}

/// A dict's pairs being built in order, a later key replacing an equal earlier one
/// (`1 == 1.0 == True`, as [`py_eq`] says). Keys that are numbers, strings or `None` are
/// found through a hash of their value, so a dict of 100,000 keys is built in linear
/// time (a search through all earlier keys per key took 13 s for a 1 MiB literal); other
/// keys (tuples, unresolved ones) are compared one by one with the keys like them.
pub(crate) struct DictBuilder {
    pairs: Vec<(Val, Val)>,
    hashed: HashMap<u64, Vec<usize>>,
    others: Vec<usize>,
}

impl DictBuilder {
    /// Start from pairs whose keys are already distinct.
    pub(crate) fn from(pairs: Vec<(Val, Val)>) -> DictBuilder {
        let mut b = DictBuilder {
            pairs: Vec::new(),
            hashed: HashMap::new(),
            others: Vec::new(),
        };
        b.pairs.reserve(pairs.len());
        for (k, v) in pairs {
            b.push(k, v);
        }
        b
    }

    /// `d[k] = v`.
    pub(crate) fn insert(&mut self, k: Val, v: Val) {
        let candidates = match key_hash(&k) {
            Some(h) => self.hashed.get(&h).map_or(&[][..], Vec::as_slice),
            None => &self.others,
        };
        match candidates
            .iter()
            .find(|&&i| py_eq(&self.pairs[i].0, &k) == Some(true))
        {
            Some(&i) => self.pairs[i].1 = v,
            None => self.push(k, v),
        }
    }

    fn push(&mut self, k: Val, v: Val) {
        let i = self.pairs.len();
        match key_hash(&k) {
            Some(h) => self.hashed.entry(h).or_default().push(i),
            None => self.others.push(i),
        }
        self.pairs.push((k, v));
    }

    pub(crate) fn finish(self) -> Vec<(Val, Val)> {
        self.pairs
    }
}

/// A hash equal for keys [`py_eq`] calls equal, for the keys that have a simple one.
fn key_hash(k: &Val) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    match k {
        Val::Str(s) => (0u8, s).hash(&mut h),
        Val::None => 1u8.hash(&mut h),
        // `1 == 1.0 == True`: numbers hash by their value as a float (`-0.0 == 0.0`).
        _ => {
            let x = k.num()?;
            (2u8, if x == 0.0 { 0u64 } else { x.to_bits() }).hash(&mut h)
        }
    }
    Some(h.finish())
}

/// Resolve a Python index (negative from the end) against a length.
pub(crate) fn norm_index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (0..len as i64).contains(&i).then_some(i as usize)
}

/// Indices selected by `start:stop:step` on a sequence of `len` items.
pub(crate) fn slice_indices(
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
    len: usize,
) -> Option<Vec<usize>> {
    let step = step.unwrap_or(1);
    if step == 0 {
        return None;
    }
    let len = len as i64;
    let clamp = |v: i64, lo: i64, hi: i64| v.clamp(lo, hi);
    let fix = |v: i64| v.checked_add(if v < 0 { len } else { 0 }).unwrap_or(v);
    let (first, stop) = if step > 0 {
        (
            clamp(start.map(fix).unwrap_or(0), 0, len),
            clamp(stop.map(fix).unwrap_or(len), 0, len),
        )
    } else {
        (
            clamp(start.map(fix).unwrap_or(len - 1), -1, len - 1),
            clamp(stop.map(fix).unwrap_or(-1), -1, len - 1),
        )
    };
    // How many, first: the list of indices is charged before it is built.
    let span = if step > 0 { stop - first } else { first - stop };
    let n = if span > 0 {
        (span as u64).div_ceil(step.unsigned_abs()) as usize
    } else {
        0
    };
    budget::charge(n.saturating_mul(size_of::<usize>()))?;
    Some((0..n as i64).map(|k| (first + k * step) as usize).collect())
}

/// One index into a value. `Slice` indices arrive already as index lists.
pub(crate) enum Index {
    At(Val),
    Slice(Vec<usize>),
}

/// `base[idx]` for one index (multi-dimensional indexing applies these in turn).
pub(crate) fn index(base: &Val, idx: &Index) -> Option<Val> {
    match (base, idx) {
        (Val::Dict(pairs), Index::At(k)) => {
            for (key, v) in pairs {
                if py_eq(key, k)? {
                    return Some(v.clone());
                }
            }
            None
        }
        (Val::List(v), Index::At(i)) | (Val::Tuple(v), Index::At(i)) => {
            v.get(norm_index(i.int()?, v.len())?).cloned()
        }
        (Val::Str(s), Index::At(i)) => {
            let i = i.int()?;
            let at = if i < 0 {
                norm_index(i, s.chars().count())?
            } else {
                usize::try_from(i).ok()?
            };
            s.chars().nth(at).map(|c| Val::Str(c.to_string()))
        }
        (Val::Array(a), Index::At(i)) => a.item(norm_index(i.int()?, a.len())?),
        (Val::Object(o), Index::At(i)) => o.item(norm_index(i.int()?, o.py_len()?)?),
        (Val::List(v), Index::Slice(ix)) => {
            budget::items(ix.len())?;
            Some(Val::List(ix.iter().map(|&i| v[i].clone()).collect()))
        }
        (Val::Tuple(v), Index::Slice(ix)) => {
            budget::items(ix.len())?;
            Some(Val::Tuple(ix.iter().map(|&i| v[i].clone()).collect()))
        }
        (Val::Str(s), Index::Slice(ix)) => {
            budget::charge(s.chars().count().saturating_mul(size_of::<char>()))?;
            let chars: Vec<char> = s.chars().collect();
            budget::text(ix.iter().map(|&i| chars[i].len_utf8()).sum())?;
            Some(Val::Str(ix.iter().map(|&i| chars[i]).collect()))
        }
        (Val::Array(a), Index::Slice(ix)) => {
            budget::floats(ix.len().saturating_mul(a.cols.unwrap_or(1)))?;
            let mut out = Array::new(Vec::new(), a.ints);
            out.cols = a.cols;
            for &i in ix {
                match a.cols {
                    Some(c) => out.values.extend_from_slice(&a.values[i * c..(i + 1) * c]),
                    None => out.values.push(a.values[i]),
                }
            }
            Some(Val::Array(Rc::new(out)))
        }
        _ => None,
    }
}

/// The length of a sequence whose slice indices are needed.
pub fn seq_len(v: &Val) -> Option<usize> {
    match v {
        Val::List(x) | Val::Tuple(x) => Some(x.len()),
        Val::Str(s) => Some(s.chars().count()),
        Val::Array(a) => Some(a.len()),
        Val::Dict(d) => Some(d.len()),
        Val::Object(o) => o.py_len(),
        _ => None,
    }
}

/// `base[i, j]` for a 2-D numpy array: a column (`[:, j]`), a row or one number.
pub(crate) fn index2(base: &Val, first: &Index, second: &Index) -> Option<Val> {
    let one;
    let rows: &[usize] = match first {
        Index::At(i) => {
            one = [norm_index(i.int()?, seq_len(base)?)?];
            &one
        }
        Index::Slice(ix) => ix,
    };
    budget::items(rows.len())?;
    let mut picked = Vec::new();
    for r in rows {
        let row = index(base, &Index::At(Val::Int(*r as i64)))?;
        picked.push(index(&row, second)?);
    }
    match (first, base) {
        (Index::At(_), _) => picked.pop(),
        (_, Val::Array(a)) => {
            budget::floats(picked.len())?;
            let nums: Option<Vec<f64>> = picked.iter().map(Val::num).collect();
            Some(Val::Array(Rc::new(Array::new(nums?, a.ints))))
        }
        _ => Some(Val::List(picked)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_json() {
        let v = Value::List(vec![
            Value::Null,
            Value::Bool(true),
            Value::Num(1.5),
            Value::Str("a".into()),
            Value::Symbolic {
                expr: "f(x)".into(),
            },
        ]);
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, r#"[null,true,1.5,"a",{"expr":"f(x)"}]"#);
        assert_eq!(serde_json::from_str::<Value>(&json).unwrap(), v);
    }

    #[test]
    fn numbers_compare_with_tolerance() {
        assert!(Value::Num(0.1 + 0.2).same(&Value::Num(0.3)));
        assert!(!Value::Num(30.0).same(&Value::Num(30.1)));
        assert!(
            Value::Symbolic {
                expr: "f( x )".into()
            }
            .same(&Value::Symbolic {
                expr: "f(x)".into()
            })
        );
    }
}
