//! Python operators on [`Val`]: numbers (int/float semantics), strings and sequences,
//! numpy arrays element-wise with scalar broadcasting, and `'…' % args`.
//!
//! Every function returns `None` when Python would raise or when the operands are not
//! resolved; the caller then keeps the whole expression symbolic. Array operations also
//! carry the [`Probe`] along, so that `x**2 - 1` records both its values on the script's
//! grid and on the fixed probe abscissae.

use std::rc::Rc;

use super::ast::{BinOp, CmpOp, UnaryOp};
use super::budget;
use super::pyfmt;
use super::value::{Array, Probe, Val, prec, push_text, py_eq};

pub(crate) fn binary(op: BinOp, a: &Val, b: &Val) -> Option<Val> {
    if let (Val::Array(_), _) | (_, Val::Array(_)) = (a, b) {
        return array_binary(op, a, b);
    }
    match (op, a, b) {
        (BinOp::Add, Val::Str(x), Val::Str(y)) => {
            budget::text(x.len().saturating_add(y.len()))?;
            return Some(Val::Str(format!("{x}{y}")));
        }
        (BinOp::Add, Val::List(x), Val::List(y)) => {
            return concat(x, y).map(Val::List);
        }
        (BinOp::Add, Val::Tuple(x), Val::Tuple(y)) => {
            return concat(x, y).map(Val::Tuple);
        }
        (BinOp::Mul, Val::Str(s), n) | (BinOp::Mul, n, Val::Str(s)) if n.is_int() => {
            let n = n.int()?.max(0) as usize;
            budget::text(s.len().saturating_mul(n))?;
            return Some(Val::Str(s.repeat(n)));
        }
        (BinOp::Mul, Val::List(v), n) | (BinOp::Mul, n, Val::List(v)) if n.is_int() => {
            return repeat(v, n.int()?).map(Val::List);
        }
        (BinOp::Mul, Val::Tuple(v), n) | (BinOp::Mul, n, Val::Tuple(v)) if n.is_int() => {
            return repeat(v, n.int()?).map(Val::Tuple);
        }
        (BinOp::Mod, Val::Str(fmt), args) => return percent(fmt, args).map(Val::Str),
        _ => {}
    }
    if a.is_int() && b.is_int() {
        return int_binary(op, a.int()?, b.int()?);
    }
    float_binary(op, a.num()?, b.num()?).map(Val::Float)
}

/// `x + y` for sequences, or `None` past the reader's size limit or byte budget (each
/// item copied is charged by its clone).
fn concat(x: &[Val], y: &[Val]) -> Option<Vec<Val>> {
    budget::items(x.len().saturating_add(y.len()))?;
    Some(x.iter().chain(y).cloned().collect())
}

/// `items * n`, or `None` past the reader's size limit or byte budget.
fn repeat(v: &[Val], n: i64) -> Option<Vec<Val>> {
    let len = v.len().saturating_mul(n.max(0) as usize);
    budget::items(len)?;
    Some(v.iter().cloned().cycle().take(len).collect())
}

fn int_binary(op: BinOp, x: i64, y: i64) -> Option<Val> {
    let int = |r: Option<i64>| r.map(Val::Int);
    match op {
        BinOp::Add => int(x.checked_add(y)).or(Some(Val::Float(x as f64 + y as f64))),
        BinOp::Sub => int(x.checked_sub(y)).or(Some(Val::Float(x as f64 - y as f64))),
        BinOp::Mul => int(x.checked_mul(y)).or(Some(Val::Float(x as f64 * y as f64))),
        BinOp::Div => (y != 0).then(|| Val::Float(x as f64 / y as f64)),
        BinOp::FloorDiv => (y != 0).then(|| Val::Int(floor_div(x, y))),
        BinOp::Mod => (y != 0).then(|| Val::Int(x - y * floor_div(x, y))),
        BinOp::Pow if y >= 0 => match u32::try_from(y).ok().and_then(|e| x.checked_pow(e)) {
            Some(v) => Some(Val::Int(v)),
            None => Some(Val::Float((x as f64).powf(y as f64))),
        },
        BinOp::Pow => (x != 0).then(|| Val::Float((x as f64).powf(y as f64))),
        BinOp::BitAnd => Some(Val::Int(x & y)),
        BinOp::BitOr => Some(Val::Int(x | y)),
        BinOp::BitXor => Some(Val::Int(x ^ y)),
        BinOp::Shl => u32::try_from(y)
            .ok()
            .and_then(|s| x.checked_shl(s))
            .map(Val::Int),
        BinOp::Shr => u32::try_from(y)
            .ok()
            .and_then(|s| x.checked_shr(s))
            .map(Val::Int),
        BinOp::MatMul => None,
    }
}

fn floor_div(x: i64, y: i64) -> i64 {
    let q = x.wrapping_div(y);
    if x % y != 0 && (x < 0) != (y < 0) {
        q - 1
    } else {
        q
    }
}

fn float_binary(op: BinOp, x: f64, y: f64) -> Option<f64> {
    let r = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div if y != 0.0 => x / y,
        BinOp::FloorDiv if y != 0.0 => (x / y).floor(),
        BinOp::Mod if y != 0.0 => x - y * (x / y).floor(),
        // A negative base to a fractional power is complex in Python.
        BinOp::Pow if x >= 0.0 || y.fract() == 0.0 => x.powf(y),
        _ => return None,
    };
    Some(r)
}

/// numpy semantics: element-wise, with division by zero giving inf/nan rather than raising.
fn elementwise(op: BinOp, x: f64, y: f64) -> f64 {
    match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => x / y,
        BinOp::FloorDiv => (x / y).floor(),
        BinOp::Mod => x - y * (x / y).floor(),
        BinOp::Pow => x.powf(y),
        _ => f64::NAN,
    }
}

/// Array operand (a list of numbers counts: numpy converts it).
fn as_array(v: &Val) -> Option<Rc<Array>> {
    match v {
        Val::Array(a) => Some(a.clone()),
        Val::List(_) | Val::Tuple(_) => {
            let nums = v.numbers()?;
            let ints = match v {
                Val::List(items) | Val::Tuple(items) => items.iter().all(Val::is_int),
                _ => false,
            };
            Some(Rc::new(Array::new(nums, ints)))
        }
        _ => None,
    }
}

fn array_binary(op: BinOp, a: &Val, b: &Val) -> Option<Val> {
    if matches!(
        op,
        BinOp::MatMul | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr
    ) {
        return None;
    }
    let ints_result = |x: bool, y: bool| x && y && !matches!(op, BinOp::Div);
    let (values, ints, cols, probe) = match (as_array(a), as_array(b)) {
        (Some(x), Some(y)) => {
            if x.values.len() != y.values.len() || x.cols != y.cols {
                return None;
            }
            budget::floats(x.values.len())?;
            let v = x
                .values
                .iter()
                .zip(&y.values)
                .map(|(p, q)| elementwise(op, *p, *q))
                .collect();
            let probe = match (&x.probe, &y.probe) {
                (Some(p), Some(q)) => combine(op, Operand::Probe(p), Operand::Probe(q)),
                _ => None,
            };
            (v, ints_result(x.ints, y.ints), x.cols, probe)
        }
        (Some(x), None) => {
            let s = b.num()?;
            budget::floats(x.values.len())?;
            let v = x.values.iter().map(|p| elementwise(op, *p, s)).collect();
            let probe = x
                .probe
                .as_ref()
                .and_then(|p| combine(op, Operand::Probe(p), Operand::Scalar(s)));
            (v, ints_result(x.ints, b.is_int()), x.cols, probe)
        }
        (None, Some(y)) => {
            let s = a.num()?;
            budget::floats(y.values.len())?;
            let v = y.values.iter().map(|q| elementwise(op, s, *q)).collect();
            let probe = y
                .probe
                .as_ref()
                .and_then(|q| combine(op, Operand::Scalar(s), Operand::Probe(q)));
            (v, ints_result(a.is_int(), y.ints), y.cols, probe)
        }
        (None, None) => return None,
    };
    Some(Val::Array(Rc::new(Array {
        values,
        cols,
        ints,
        probe: probe.map(Rc::new),
    })))
}

enum Operand<'a> {
    Probe(&'a Probe),
    Scalar(f64),
}

impl Operand<'_> {
    fn at(&self, i: usize) -> f64 {
        match self {
            Operand::Probe(p) => p.at[i],
            Operand::Scalar(s) => *s,
        }
    }

    fn text(&self) -> (String, u8) {
        match self {
            Operand::Probe(p) => (p.expr.clone(), p.prec),
            Operand::Scalar(s) if *s < 0.0 => (pyfmt::num_repr(*s), prec::UNARY),
            Operand::Scalar(s) => (pyfmt::num_repr(*s), prec::ATOM),
        }
    }
}

/// Longest text of a probe's computation (`x**2 - 1`). A function drawn is a short
/// formula; `y = y * y` in a loop doubles the text each time. Past this the array keeps
/// its values and loses its probe (it is compared as points).
pub(crate) const MAX_PROBE_TEXT: usize = 4096;

/// The probe of `a op b`; `None` when its text would pass [`MAX_PROBE_TEXT`].
fn combine(op: BinOp, a: Operand, b: Operand) -> Option<Probe> {
    let (base, n) = match (&a, &b) {
        (Operand::Probe(p), _) | (_, Operand::Probe(p)) => (*p, p.at.len()),
        _ => unreachable!("combine needs a probe operand"),
    };
    let at = (0..n).map(|i| elementwise(op, a.at(i), b.at(i))).collect();
    let (symbol, p) = match op {
        BinOp::Add => ("+", prec::SUM),
        BinOp::Sub => ("-", prec::SUM),
        BinOp::Mul => ("*", prec::PRODUCT),
        BinOp::Div => ("/", prec::PRODUCT),
        BinOp::FloorDiv => ("//", prec::PRODUCT),
        BinOp::Mod => ("%", prec::PRODUCT),
        _ => ("**", prec::POWER),
    };
    let (left, lp) = a.text();
    let (right, rp) = b.text();
    if left.len() + right.len() + 8 > MAX_PROBE_TEXT {
        return None;
    }
    budget::text(left.len() + right.len() + 8)?;
    // Left-associative except `**`; the right side of `-`, `/` needs strictly tighter.
    let (lmin, rmin) = if p == prec::POWER {
        (p + 1, p)
    } else {
        (p, p + 1)
    };
    let wrap = |t: String, tp: u8, min: u8| if tp < min { format!("({t})") } else { t };
    let expr = if p == prec::POWER {
        format!("{}**{}", wrap(left, lp, lmin), wrap(right, rp, rmin))
    } else {
        format!(
            "{} {symbol} {}",
            wrap(left, lp, lmin),
            wrap(right, rp, rmin)
        )
    };
    Some(Probe {
        at,
        domain: base.domain,
        identity: false,
        expr,
        prec: p,
    })
}

/// A numpy ufunc (`np.sin`) applied to a probe: the values and the text `sin(x)`;
/// `None` past [`MAX_PROBE_TEXT`].
pub(crate) fn probe_map(p: &Probe, name: &str, f: impl Fn(f64) -> f64) -> Option<Probe> {
    let len = name.len() + p.expr.len() + 2;
    (len <= MAX_PROBE_TEXT).then_some(())?;
    budget::text(len)?;
    Some(Probe {
        at: p.at.iter().map(|&v| f(v)).collect(),
        domain: p.domain,
        identity: false,
        expr: format!("{name}({})", p.expr),
        prec: prec::ATOM,
    })
}

pub(crate) fn unary(op: UnaryOp, v: &Val) -> Option<Val> {
    match (op, v) {
        (UnaryOp::Neg, Val::Int(i)) => i.checked_neg().map(Val::Int),
        (UnaryOp::Neg, Val::Bool(b)) => Some(Val::Int(-i64::from(*b))),
        (UnaryOp::Neg, Val::Float(f)) => Some(Val::Float(-f)),
        (UnaryOp::Pos, v) if v.num().is_some() => Some(v.clone()),
        (UnaryOp::Invert, v) if v.is_int() => Some(Val::Int(!v.int()?)),
        (UnaryOp::Neg, Val::Array(a)) => {
            budget::floats(a.values.len())?;
            let probe = a
                .probe
                .as_ref()
                .filter(|p| p.expr.len() + 3 <= MAX_PROBE_TEXT);
            let probe = probe.map(|p| {
                let (t, tp) = (p.expr.clone(), p.prec);
                Rc::new(Probe {
                    at: p.at.iter().map(|v| -v).collect(),
                    domain: p.domain,
                    identity: false,
                    expr: if tp < prec::POWER && tp != prec::ATOM {
                        format!("-({t})")
                    } else {
                        format!("-{t}")
                    },
                    prec: prec::UNARY,
                })
            });
            Some(Val::Array(Rc::new(Array {
                values: a.values.iter().map(|v| -v).collect(),
                cols: a.cols,
                ints: a.ints,
                probe,
            })))
        }
        (UnaryOp::Pos, Val::Array(_)) => Some(v.clone()),
        _ => None,
    }
}

pub(crate) fn compare(op: CmpOp, a: &Val, b: &Val) -> Option<bool> {
    match op {
        CmpOp::Eq => py_eq(a, b),
        CmpOp::Ne => py_eq(a, b).map(|e| !e),
        CmpOp::Is | CmpOp::IsNot => {
            let same = match (a, b) {
                (Val::None, Val::None) => true,
                (Val::None, x) | (x, Val::None) if !x.is_sym() => false,
                (Val::Bool(x), Val::Bool(y)) => x == y,
                _ => return None,
            };
            Some(same == (op == CmpOp::Is))
        }
        CmpOp::In | CmpOp::NotIn => {
            let found = match b {
                Val::Str(hay) => hay.contains(a.str()?),
                Val::Dict(pairs) => contains(pairs.iter().map(|(k, _)| k), a)?,
                other => contains(other.items()?.iter(), a)?,
            };
            Some(found == (op == CmpOp::In))
        }
        CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge => {
            let ord = match (a, b) {
                (Val::Str(x), Val::Str(y)) => x.cmp(y),
                _ => a.num()?.partial_cmp(&b.num()?)?,
            };
            Some(match op {
                CmpOp::Lt => ord.is_lt(),
                CmpOp::Le => ord.is_le(),
                CmpOp::Gt => ord.is_gt(),
                _ => ord.is_ge(),
            })
        }
    }
}

fn contains<'a>(mut items: impl Iterator<Item = &'a Val>, needle: &Val) -> Option<bool> {
    items.try_fold(false, |found, v| Some(found || py_eq(v, needle)?))
}

/// `fmt % args`: printf-style formatting of a string.
pub fn percent(fmt: &str, args: &Val) -> Option<String> {
    let args: Vec<&Val> = match args {
        Val::Tuple(items) => items.iter().collect(),
        Val::Sym(_) => return None,
        other => vec![other],
    };
    let mut args = args.into_iter();
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut buf = [0u8; 4];
    while let Some(c) = chars.next() {
        if c != '%' {
            push_text(&mut out, c.encode_utf8(&mut buf))?;
            continue;
        }
        let mut flags = String::new();
        let conv = loop {
            let c = chars.next()?;
            if c.is_ascii_alphabetic() || c == '%' {
                break c;
            }
            flags.push(c);
        };
        if conv == '%' {
            push_text(&mut out, "%")?;
            continue;
        }
        let arg = args.next()?;
        let text = if conv == 'r' {
            arg.py_repr()?
        } else {
            arg.py_str().unwrap_or_default()
        };
        let num = arg.num().map(|n| (n, arg.is_int()));
        if matches!(conv, 's' | 'r') && (arg.is_sym() || (text.is_empty() && arg.str().is_none())) {
            return None;
        }
        push_text(&mut out, &pyfmt::percent_one(&flags, conv, num, &text)?)?;
    }
    args.next().is_none().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints_stay_ints_and_division_floats() {
        assert!(matches!(
            binary(BinOp::Add, &Val::Int(2), &Val::Int(3)),
            Some(Val::Int(5))
        ));
        assert!(
            matches!(binary(BinOp::Div, &Val::Int(3), &Val::Int(2)), Some(Val::Float(f)) if f == 1.5)
        );
        assert!(matches!(
            binary(BinOp::FloorDiv, &Val::Int(-7), &Val::Int(2)),
            Some(Val::Int(-4))
        ));
        assert!(matches!(
            binary(BinOp::Mod, &Val::Int(-7), &Val::Int(3)),
            Some(Val::Int(2))
        ));
        assert!(binary(BinOp::Div, &Val::Int(1), &Val::Int(0)).is_none());
    }

    #[test]
    fn percent_formats_like_python() {
        let args = Val::Tuple(vec![Val::Str("A".into()), Val::Float(25.0)]);
        assert_eq!(percent("%s: %.1f%%", &args).unwrap(), "A: 25.0%");
        assert!(percent("%d %d", &Val::Int(1)).is_none());
    }

    #[test]
    fn probe_expression_keeps_needed_parentheses() {
        let x = Probe {
            at: vec![2.0],
            domain: (0.0, 1.0),
            identity: true,
            expr: "x".into(),
            prec: prec::ATOM,
        };
        let sum = combine(BinOp::Sub, Operand::Probe(&x), Operand::Scalar(1.0)).unwrap();
        let sq = combine(BinOp::Pow, Operand::Probe(&sum), Operand::Scalar(2.0)).unwrap();
        let neg = combine(BinOp::Mul, Operand::Scalar(-2.0), Operand::Probe(&sq)).unwrap();
        assert_eq!(neg.expr, "-2 * (x - 1)**2");
        assert_eq!(neg.at, vec![-2.0]);
    }
}
