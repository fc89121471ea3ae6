//! Methods of resolved values: `list.append` and friends (which rebind the variable they
//! mutate), `dict.items`, `str.format`/`join`/`upper`, `ndarray.tolist`, and `format(v,
//! spec)` for f-strings and `str.format`. Methods of the library's objects (a bar's
//! `get_height()`) are the library's.
//!
//! An unknown method on a list or dict held by a variable may have changed it: the
//! variable becomes symbolic rather than keep a value that may be stale.

use std::mem::size_of;
use std::rc::Rc;

use super::ast::{Expr, ExprKind, Span};
use super::budget;
use super::builtins::{self, Args};
use super::interp::Reader;
use super::ops;
use super::pyfmt;
use super::value::{Array, DictBuilder, Val, push_text, py_eq};

impl Reader<'_> {
    pub fn method(&mut self, recv_expr: &Expr, recv: Val, name: &str, a: Args, span: Span) -> Val {
        // A mutation copies the receiver once more.
        self.spend(super::value::seq_len(&recv).unwrap_or(0) as u64);
        if let Some((result, updated)) = mutate(&recv, name, &a) {
            if let Some(updated) = updated {
                self.assign(recv_expr, updated, false);
            }
            return result;
        }
        if let Some(v) = read(&recv, name, &a) {
            return v;
        }
        let mutable = matches!(recv, Val::List(_) | Val::Dict(_) | Val::Array(_));
        if mutable && matches!(recv_expr.kind, ExprKind::Name(_) | ExprKind::Subscript(..)) {
            let text = self.quote(recv_expr.span);
            let name = super::interp::quote(name);
            self.note(format!(
                "line {}: `{text}.{name}(…)` not read; `{text}` unknown after it",
                span.line
            ));
            self.assign(recv_expr, self.sym(recv_expr.span), false);
        }
        self.sym(span)
    }
}

/// Mutating list/dict methods: (what the call returns, the receiver's new value).
fn mutate(recv: &Val, name: &str, a: &Args) -> Option<(Val, Option<Val>)> {
    match recv {
        Val::List(items) => {
            let mut items = budget::copy_items(items)?;
            let result = mutate_list(&mut items, name, a)?;
            Some((result, Some(Val::List(items))))
        }
        Val::Dict(pairs) => mutate_dict(pairs, name, a),
        _ => None,
    }
}

/// A list method on a copy of the list: what the call returns.
fn mutate_list(items: &mut Vec<Val>, name: &str, a: &Args) -> Option<Val> {
    let first = a.pos.first();
    match name {
        "append" => {
            budget::items(1)?;
            items.push(first?.clone())
        }
        "extend" => {
            let more = first?.items()?;
            budget::items(more.len())?;
            items.extend(more)
        }
        "insert" => {
            budget::items(1)?;
            let i = first?.int()?;
            let len = items.len() as i64;
            let at = if i < 0 { (len + i).max(0) } else { i.min(len) };
            items.insert(at as usize, a.pos.get(1)?.clone());
        }
        "pop" => {
            let i = match first {
                Some(v) => super::value::norm_index(v.int()?, items.len())?,
                None => items.len().checked_sub(1)?,
            };
            return Some(items.remove(i));
        }
        "remove" => {
            let needle = first?;
            let mut at = None;
            for (i, v) in items.iter().enumerate() {
                if py_eq(v, needle)? {
                    at = Some(i);
                    break;
                }
            }
            items.remove(at?);
        }
        "reverse" => items.reverse(),
        "sort" if a.kw("key").is_none() => {
            sort(items)?;
            if a.kw("reverse").and_then(Val::truth) == Some(true) {
                items.reverse();
            }
        }
        "clear" => items.clear(),
        _ => return None,
    }
    Some(Val::None)
}

/// `list.sort()` without a key: `None` when two items do not compare.
fn sort(items: &mut [Val]) -> Option<()> {
    let mut failed = false;
    items.sort_by(|x, y| match ops::compare(super::ast::CmpOp::Lt, x, y) {
        Some(true) => std::cmp::Ordering::Less,
        Some(false) if ops::compare(super::ast::CmpOp::Lt, y, x) == Some(true) => {
            std::cmp::Ordering::Greater
        }
        Some(false) => std::cmp::Ordering::Equal,
        None => {
            failed = true;
            std::cmp::Ordering::Equal
        }
    });
    (!failed).then_some(())
}

/// `dict.update` and `dict.pop`: (what the call returns, the dict's new value).
fn mutate_dict(pairs: &[(Val, Val)], name: &str, a: &Args) -> Option<(Val, Option<Val>)> {
    let first = a.pos.first();
    match name {
        "update" => {
            let mut incoming: Vec<(Val, Val)> = match first {
                Some(Val::Dict(d)) => budget::copy_pairs(d)?,
                Some(_) => return None,
                None => Vec::new(),
            };
            budget::charge(a.kw.len().saturating_mul(2 * size_of::<Val>()))?;
            for (k, v) in &a.kw {
                incoming.push((Val::Str(budget::copy_str(k)?), v.clone()));
            }
            let mut dict = DictBuilder::from(budget::copy_pairs(pairs)?);
            for (k, v) in incoming {
                dict.insert(k, v);
            }
            Some((Val::None, Some(Val::Dict(dict.finish()))))
        }
        "pop" => {
            let mut pairs = budget::copy_pairs(pairs)?;
            let key = first?;
            let mut at = None;
            for (i, (k, _)) in pairs.iter().enumerate() {
                if py_eq(k, key)? {
                    at = Some(i);
                }
            }
            match at {
                Some(i) => {
                    let (_, v) = pairs.remove(i);
                    Some((v, Some(Val::Dict(pairs))))
                }
                None => Some((a.pos.get(1)?.clone(), None)),
            }
        }
        _ => None,
    }
}

/// Methods that only read their receiver.
fn read(recv: &Val, name: &str, a: &Args) -> Option<Val> {
    match recv {
        Val::Dict(pairs) => read_dict(recv, pairs, name, a),
        Val::List(items) | Val::Tuple(items) => read_sequence(recv, items, name, a),
        Val::Str(s) => str_method(s, name, a),
        Val::Array(arr) => read_array(recv, arr, name, a),
        _ => None,
    }
}

/// `dict.keys()`, `values()`, `items()`, `get(k[, default])`, `copy()`.
fn read_dict(recv: &Val, pairs: &[(Val, Val)], name: &str, a: &Args) -> Option<Val> {
    let first = a.pos.first();
    match name {
        "keys" => {
            budget::items(pairs.len())?;
            Some(Val::List(pairs.iter().map(|(k, _)| k.clone()).collect()))
        }
        "values" => {
            budget::items(pairs.len())?;
            Some(Val::List(pairs.iter().map(|(_, v)| v.clone()).collect()))
        }
        "items" => {
            budget::items(pairs.len())?;
            budget::charge(pairs.len().saturating_mul(2 * size_of::<Val>()))?;
            Some(Val::List(
                pairs
                    .iter()
                    .map(|(k, v)| Val::Tuple(vec![k.clone(), v.clone()]))
                    .collect(),
            ))
        }
        "get" => {
            for (k, v) in pairs {
                if py_eq(k, first?)? {
                    return Some(v.clone());
                }
            }
            Some(a.pos.get(1).cloned().unwrap_or(Val::None))
        }
        "copy" => Some(recv.clone()),
        _ => None,
    }
}

/// A list's or tuple's `index(v)`, `count(v)`, `copy()`.
fn read_sequence(recv: &Val, items: &[Val], name: &str, a: &Args) -> Option<Val> {
    let first = a.pos.first();
    match name {
        "index" => {
            for (i, v) in items.iter().enumerate() {
                if py_eq(v, first?)? {
                    return Some(Val::Int(i as i64));
                }
            }
            None
        }
        "count" => {
            let mut n = 0;
            for v in items {
                n += i64::from(py_eq(v, first?)?);
            }
            Some(Val::Int(n))
        }
        "copy" => Some(recv.clone()),
        _ => None,
    }
}

/// An array's `tolist()`, `flatten()`/`ravel()`, `copy()`, reductions (as the numpy
/// functions of the same name) and `astype(int | float)`.
fn read_array(recv: &Val, arr: &Array, name: &str, a: &Args) -> Option<Val> {
    let first = a.pos.first();
    match name {
        "tolist" => Some(Val::List(
            recv.items()?
                .into_iter()
                .map(|v| match &v {
                    Val::Array(_) => Val::List(v.items().unwrap_or_default()),
                    _ => v,
                })
                .collect(),
        )),
        "flatten" | "ravel" => {
            budget::floats(arr.values.len())?;
            Some(Val::Array(Rc::new(Array::new(
                arr.values.clone(),
                arr.ints,
            ))))
        }
        "copy" => Some(recv.clone()),
        "sum" | "max" | "min" | "mean" | "cumsum" | "round" => {
            let mut args = a.clone();
            args.pos.insert(0, recv.clone());
            builtins::call(&format!("numpy.{name}"), &args)
        }
        "astype" => {
            let int = matches!(first, Some(Val::Callable(p)) if p == "builtins.int")
                || first
                    .and_then(Val::str)
                    .is_some_and(|t| t.starts_with("int"));
            budget::floats(arr.values.len())?;
            let values = if int {
                arr.values.iter().map(|v| v.trunc()).collect()
            } else {
                arr.values.clone()
            };
            Some(Val::Array(Rc::new(Array::new(values, int))))
        }
        _ => None,
    }
}

fn str_method(s: &str, name: &str, a: &Args) -> Option<Val> {
    let first = a.pos.first();
    // Case changes may grow a text (to three times its bytes at most: `ß` → `SS`); it is
    // charged once built, and refused past the longest string the reader builds.
    let text = |t: String| {
        budget::text(t.len())?;
        Some(Val::Str(t))
    };
    match name {
        "upper" => text(s.to_uppercase()),
        "lower" => text(s.to_lowercase()),
        "title" => text(title_case(s)),
        "capitalize" => {
            let mut c = s.chars();
            text(c.next().map_or(String::new(), |f| {
                f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase()
            }))
        }
        "strip" | "lstrip" | "rstrip" => {
            let chars: Vec<char> = match first {
                Some(v) => v.str()?.chars().collect(),
                None => vec![' ', '\t', '\n', '\r'],
            };
            let t = match name {
                "strip" => s.trim_matches(chars.as_slice()),
                "lstrip" => s.trim_start_matches(chars.as_slice()),
                _ => s.trim_end_matches(chars.as_slice()),
            };
            text(t.to_string())
        }
        "replace" => {
            let (old, new) = (first?.str()?, a.pos.get(1)?.str()?);
            // Its length first: `s.replace('x', s)` of a long `s` is quadratic.
            let hits = s.matches(old).count();
            let len = (s.len() - hits * old.len()).saturating_add(hits.saturating_mul(new.len()));
            budget::text(len)?;
            Some(Val::Str(s.replace(old, new)))
        }
        "join" => {
            let items = first?.items()?;
            let parts: Option<Vec<&str>> = items.iter().map(Val::str).collect();
            let parts = parts?;
            let len = parts
                .iter()
                .map(|p| p.len())
                .sum::<usize>()
                .saturating_add(s.len().saturating_mul(parts.len().saturating_sub(1)));
            budget::text(len)?;
            Some(Val::Str(parts.join(s)))
        }
        "split" => {
            let parts: Vec<&str> = match first {
                // Python refuses an empty separator.
                Some(sep) if sep.str()?.is_empty() => return None,
                Some(sep) => s.split(sep.str()?).collect(),
                None => s.split_whitespace().collect(),
            };
            budget::items(parts.len())?;
            budget::charge(s.len())?;
            Some(Val::List(
                parts.into_iter().map(|p| Val::Str(p.into())).collect(),
            ))
        }
        "startswith" => Some(Val::Bool(s.starts_with(first?.str()?))),
        "endswith" => Some(Val::Bool(s.ends_with(first?.str()?))),
        "zfill" => {
            let w = first?.int()?.max(0) as usize;
            budget::text(w.max(s.len()))?;
            text(format!(
                "{}{s}",
                "0".repeat(w.saturating_sub(s.chars().count()))
            ))
        }
        "format" => str_format(s, a).map(Val::Str),
        _ => None,
    }
}

fn title_case(s: &str) -> String {
    let mut out = String::new();
    let mut prev_alpha = false;
    for c in s.chars() {
        if prev_alpha {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        prev_alpha = c.is_alphabetic();
    }
    out
}

/// `'{} {:.1f} {name}'.format(...)`: auto and explicit numbering, names, specs, `!r`.
pub(crate) fn str_format(fmt: &str, a: &Args) -> Option<String> {
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut auto = 0;
    let mut buf = [0u8; 4];
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                push_text(&mut out, "{")?;
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                push_text(&mut out, "}")?;
            }
            '{' => {
                let mut field = String::new();
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                    field.push(c);
                }
                let (head, spec) = field.split_once(':').unwrap_or((&field, ""));
                let (name, conversion) = match head.split_once('!') {
                    Some((n, c)) => (n, c.chars().next()),
                    None => (head, None),
                };
                let v = if name.is_empty() {
                    auto += 1;
                    a.pos.get(auto - 1)?
                } else if let Ok(i) = name.parse::<usize>() {
                    a.pos.get(i)?
                } else {
                    a.kw(name)?
                };
                let t = match conversion {
                    Some('r') => super::pyfmt::format_str(&v.py_repr()?, spec)?,
                    Some(_) => super::pyfmt::format_str(&v.py_str()?, spec)?,
                    None => format_value(v, spec)?,
                };
                push_text(&mut out, &t)?;
            }
            c => push_text(&mut out, c.encode_utf8(&mut buf))?,
        }
    }
    Some(out)
}

/// `format(value, spec)` as Python does it, for f-strings and `str.format`.
pub(crate) fn format_value(v: &Val, spec: &str) -> Option<String> {
    match v {
        Val::Str(s) => pyfmt::format_str(s, spec),
        Val::Int(_) | Val::Bool(_) | Val::Float(_) => {
            if spec.is_empty() {
                return v.py_str();
            }
            pyfmt::format_num(v.num()?, v.is_int(), spec)
        }
        Val::Sym(_) => None,
        other if spec.is_empty() => other.py_str(),
        _ => None,
    }
}
