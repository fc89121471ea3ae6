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
use std::fmt;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::ast::Func;
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
                let row = self.values.get(i * c..(i + 1) * c)?.to_vec();
                Some(Val::Array(Rc::new(Array::new(row, self.ints))))
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

#[derive(Debug, Clone)]
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

    /// `str(v)`; `None` for values whose text the reader does not reproduce.
    pub fn py_str(&self) -> Option<String> {
        match self {
            Val::Str(s) => Some(s.clone()),
            _ => self.py_repr(),
        }
    }

    /// `repr(v)`.
    pub fn py_repr(&self) -> Option<String> {
        let seq =
            |items: &[Val]| -> Option<Vec<String>> { items.iter().map(Val::py_repr).collect() };
        Some(match self {
            Val::None => "None".into(),
            Val::Bool(b) => if *b { "True" } else { "False" }.into(),
            Val::Int(i) => i.to_string(),
            Val::Float(f) => float_repr(*f),
            Val::Str(s) => str_repr(s),
            Val::List(items) => format!("[{}]", seq(items)?.join(", ")),
            Val::Tuple(items) if items.len() == 1 => format!("({},)", seq(items)?[0]),
            Val::Tuple(items) => format!("({})", seq(items)?.join(", ")),
            Val::Dict(pairs) => {
                let mut parts = Vec::new();
                for (k, v) in pairs {
                    parts.push(format!("{}: {}", k.py_repr()?, v.py_repr()?));
                }
                format!("{{{}}}", parts.join(", "))
            }
            _ => return None,
        })
    }

    /// The items of an iterable, or `None` when the reader cannot enumerate them.
    pub fn items(&self) -> Option<Vec<Val>> {
        match self {
            Val::List(v) | Val::Tuple(v) => Some(v.clone()),
            Val::Dict(d) => Some(d.iter().map(|(k, _)| k.clone()).collect()),
            Val::Str(s) => Some(s.chars().map(|c| Val::Str(c.to_string())).collect()),
            Val::Array(a) => (0..a.len()).map(|i| a.item(i)).collect(),
            Val::Object(o) => (0..o.py_len()?).map(|i| o.item(i)).collect(),
            _ => None,
        }
    }

    /// Numbers of a flat numeric sequence.
    pub fn numbers(&self) -> Option<Vec<f64>> {
        match self {
            Val::Array(a) if a.cols.is_none() => Some(a.values.clone()),
            Val::List(v) | Val::Tuple(v) => v.iter().map(Val::num).collect(),
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

    /// The public form of this value; `text` is the source text to show for what stays
    /// symbolic.
    pub fn to_value(&self) -> Value {
        match self {
            Val::None => Value::Null,
            Val::Bool(b) => Value::Bool(*b),
            Val::Int(i) => Value::Num(*i as f64),
            Val::Float(f) if f.is_finite() => Value::Num(*f),
            Val::Float(f) => Value::Symbolic {
                expr: float_repr(*f),
            },
            Val::Str(s) => Value::Str(s.clone()),
            Val::List(v) | Val::Tuple(v) => Value::List(v.iter().map(Val::to_value).collect()),
            Val::Dict(d) => Value::List(
                d.iter()
                    .map(|(k, v)| Value::List(vec![k.to_value(), v.to_value()]))
                    .collect(),
            ),
            Val::Array(a) => match self.items() {
                Some(items) if a.cols.is_some() || !a.values.is_empty() => {
                    Value::List(items.iter().map(Val::to_value).collect())
                }
                _ => Value::List(Vec::new()),
            },
            Val::Sym(text) => Value::Symbolic { expr: text.clone() },
            Val::Module(m) | Val::Callable(m) => Value::Symbolic { expr: m.clone() },
            Val::Func(f) => Value::Symbolic {
                expr: f.name.clone(),
            },
            Val::Object(o) => Value::Symbolic { expr: o.text() },
        }
    }
}

/// Python's `repr` of a string: single quotes unless the text has one and no double quote.
pub(crate) fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c)
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
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
    let fix = |v: i64| if v < 0 { v + len } else { v };
    let mut out = Vec::new();
    if step > 0 {
        let mut i = clamp(start.map(fix).unwrap_or(0), 0, len);
        let stop = clamp(stop.map(fix).unwrap_or(len), 0, len);
        while i < stop {
            out.push(i as usize);
            i += step;
        }
    } else {
        let mut i = clamp(start.map(fix).unwrap_or(len - 1), -1, len - 1);
        let stop = clamp(stop.map(fix).unwrap_or(-1), -1, len - 1);
        while i > stop {
            out.push(i as usize);
            i += step;
        }
    }
    Some(out)
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
            let chars: Vec<char> = s.chars().collect();
            chars
                .get(norm_index(i.int()?, chars.len())?)
                .map(|c| Val::Str(c.to_string()))
        }
        (Val::Array(a), Index::At(i)) => a.item(norm_index(i.int()?, a.len())?),
        (Val::Object(o), Index::At(i)) => o.item(norm_index(i.int()?, o.py_len()?)?),
        (Val::List(v), Index::Slice(ix)) => {
            Some(Val::List(ix.iter().map(|&i| v[i].clone()).collect()))
        }
        (Val::Tuple(v), Index::Slice(ix)) => {
            Some(Val::Tuple(ix.iter().map(|&i| v[i].clone()).collect()))
        }
        (Val::Str(s), Index::Slice(ix)) => {
            let chars: Vec<char> = s.chars().collect();
            Some(Val::Str(ix.iter().map(|&i| chars[i]).collect()))
        }
        (Val::Array(a), Index::Slice(ix)) => {
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
    let rows: Vec<usize> = match first {
        Index::At(i) => vec![norm_index(i.int()?, seq_len(base)?)?],
        Index::Slice(ix) => ix.clone(),
    };
    let mut picked = Vec::new();
    for r in &rows {
        let row = index(base, &Index::At(Val::Int(*r as i64)))?;
        picked.push(index(&row, second)?);
    }
    match (first, base) {
        (Index::At(_), _) => picked.pop(),
        (_, Val::Array(a)) => {
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
