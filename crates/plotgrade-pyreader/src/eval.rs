//! Expressions and calls for the [`Reader`]: literals, names, f-strings, operators,
//! indexing, comprehensions, and the dispatch of a call to the script's own functions,
//! library functions ([`super::builtins`]), value methods ([`super::methods`]) or the
//! [`Library`](super::Library) the script calls (matplotlib: pyplot, Axes, Figure, patch
//! constructors).
//!
//! Evaluation never fails: what cannot be resolved is `Val::Sym` with its source text.

use std::mem::size_of;
use std::rc::Rc;

use super::ast::*;
use super::budget;
use super::builtins::{self, Args, BUILTIN_NAMES};
use super::interp::{Frame, MAX_NESTING, Reader, STEP};
use super::methods::format_value;
use super::ops;
use super::value::{DictBuilder, Index, Val, index, index2, push_text};

impl Reader<'_> {
    pub fn eval(&mut self, e: &Expr) -> Val {
        if self.nesting >= MAX_NESTING {
            self.note(format!(
                "evaluation nested deeper than {MAX_NESTING} levels read as symbolic"
            ));
            return self.sym(e.span);
        }
        self.nesting += 1;
        let v = self.eval_inner(e);
        self.nesting -= 1;
        // The byte budget ran out during this expression: what it computed is not
        // trusted (parts of it may be unknown), so the whole of it is.
        if budget::spent() {
            self.note_bytes_spent();
            return budget::spent_val();
        }
        v
    }

    fn eval_inner(&mut self, e: &Expr) -> Val {
        match &e.kind {
            ExprKind::Int(i) => Val::Int(*i),
            ExprKind::Float(f) => Val::Float(*f),
            ExprKind::Str(s) => budget::str_val(s),
            ExprKind::Bool(b) => Val::Bool(*b),
            ExprKind::None => Val::None,
            ExprKind::FString(parts) => self.fstring(parts).unwrap_or_else(|| self.sym(e.span)),
            ExprKind::Name(n) => self.name(n),
            ExprKind::Attr(obj, name) => {
                let o = self.eval(obj);
                self.attribute(&o, name).unwrap_or_else(|| self.sym(e.span))
            }
            ExprKind::Call(func, args) => self.call(func, args, e.span),
            ExprKind::Subscript(base, idx) => {
                let b = self.eval(base);
                self.subscript(&b, idx).unwrap_or_else(|| self.sym(e.span))
            }
            ExprKind::List(items) => self
                .sequence(items)
                .map(Val::List)
                .unwrap_or_else(|| self.sym(e.span)),
            ExprKind::Tuple(items) => self
                .sequence(items)
                .map(Val::Tuple)
                .unwrap_or_else(|| self.sym(e.span)),
            ExprKind::Set(items) => self
                .sequence(items)
                .map(Val::List)
                .unwrap_or_else(|| self.sym(e.span)),
            ExprKind::Dict(pairs) => self.dict(pairs).unwrap_or_else(|| self.sym(e.span)),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                ops::binary(*op, &a, &b).unwrap_or_else(|| self.sym(e.span))
            }
            ExprKind::Unary(op, a) => {
                let a = self.eval(a);
                ops::unary(*op, &a).unwrap_or_else(|| self.sym(e.span))
            }
            ExprKind::Not(a) => match self.eval(a).truth() {
                Some(t) => Val::Bool(!t),
                None => self.sym(e.span),
            },
            ExprKind::BoolOp(and, a, b) => {
                let left = self.eval(a);
                match (left.truth(), and) {
                    (Some(true), true) | (Some(false), false) => self.eval(b),
                    (Some(_), _) => left,
                    (None, _) => self.sym(e.span),
                }
            }
            ExprKind::Compare(first, rest) => self
                .compare(first, rest)
                .unwrap_or_else(|| self.sym(e.span)),
            ExprKind::IfElse { body, cond, orelse } => match self.eval(cond).truth() {
                Some(true) => self.eval(body),
                Some(false) => self.eval(orelse),
                None => self.sym(e.span),
            },
            ExprKind::Lambda(f) => Val::Func(f.clone()),
            ExprKind::Comprehension(c) => self.comprehension(c).unwrap_or_else(|| self.sym(e.span)),
            ExprKind::Starred(_) | ExprKind::Slice(..) | ExprKind::Other => self.sym(e.span),
        }
    }

    fn name(&mut self, n: &str) -> Val {
        if let Some(v) = self.lookup(n) {
            return v;
        }
        // Conventional aliases work even when the import was lost to a syntax error.
        let module = match n {
            "np" | "numpy" => Some("numpy"),
            "plt" => Some("matplotlib.pyplot"),
            "math" => Some("math"),
            "patches" | "mpatches" => Some("matplotlib.patches"),
            _ => None,
        };
        if let Some(m) = module {
            return Val::Module(m.into());
        }
        if n == "__name__" {
            return Val::Str("__main__".into());
        }
        if BUILTIN_NAMES.contains(&n) {
            return Val::Callable(format!("builtins.{n}"));
        }
        for m in self.star_modules.clone() {
            let v = self.module_attr(&m, n);
            let known = match &v {
                Val::Callable(p) => {
                    self.library.provides(n)
                        || builtins::call(p, &Args::default()).is_some()
                        || matches!(
                            n,
                            "linspace" | "arange" | "array" | "sin" | "cos" | "exp" | "sqrt"
                        )
                }
                _ => true,
            };
            if known {
                return v;
            }
        }
        if let Some(v) = self.library.global(n) {
            return v;
        }
        budget::sym(n)
    }

    /// `module.name` as a value: a constant, a submodule or a callable.
    pub fn module_attr(&self, module: &str, name: &str) -> Val {
        if let Some(c) = builtins::constant(module, name) {
            return c;
        }
        let sub = matches!(
            (module, name),
            (
                "matplotlib",
                "pyplot" | "patches" | "lines" | "image" | "colors" | "cm" | "ticker"
            ) | ("numpy", "random" | "linalg" | "ma")
                | ("matplotlib.pyplot", "cm" | "style")
                | ("PIL", "Image")
                | ("imageio", "v2" | "v3")
                | ("skimage", "io")
        );
        // A dotted name is as long as the source's names make it: charged.
        if budget::text(module.len() + name.len() + 1).is_none() {
            return budget::spent_val();
        }
        if sub {
            Val::Module(format!("{module}.{name}"))
        } else {
            Val::Callable(format!("{module}.{name}"))
        }
    }

    fn attribute(&mut self, o: &Val, name: &str) -> Option<Val> {
        match o {
            Val::Module(m) => Some(self.module_attr(m, name)),
            Val::Array(a) => match name {
                "size" => Some(Val::Int(a.values.len() as i64)),
                "flat" | "T" if a.cols.is_none() => Some(o.clone()),
                "flat" => {
                    budget::floats(a.values.len())?;
                    Some(Val::Array(Rc::new(super::value::Array::new(
                        a.values.clone(),
                        a.ints,
                    ))))
                }
                _ => None,
            },
            // `axes.flat` on the list `subplots` returned.
            Val::List(items) if name == "flat" => flatten(items).map(Val::List),
            _ => None,
        }
    }

    /// The items of a list, tuple or set display. Each item is work, as a copied one is.
    fn sequence(&mut self, items: &[Expr]) -> Option<Vec<Val>> {
        if !self.spend(items.len() as u64) {
            return None;
        }
        budget::items(items.len())?;
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match &item.kind {
                ExprKind::Starred(inner) => {
                    let more = self.eval(inner).items()?;
                    budget::items(more.len())?;
                    out.extend(more)
                }
                _ => out.push(self.eval(item)),
            }
        }
        Some(out)
    }

    fn dict(&mut self, pairs: &[(Option<Expr>, Expr)]) -> Option<Val> {
        if !self.spend(pairs.len() as u64) {
            return None;
        }
        budget::charge(pairs.len().saturating_mul(2 * size_of::<Val>()))?;
        let mut out = DictBuilder::from(Vec::new());
        for (k, v) in pairs {
            match k {
                Some(k) => {
                    let (k, v) = (self.eval(k), self.eval(v));
                    out.insert(k, v);
                }
                None => match self.eval(v) {
                    Val::Dict(d) => {
                        budget::charge(d.len().saturating_mul(2 * size_of::<Val>()))?;
                        for (k, v) in d {
                            out.insert(k, v);
                        }
                    }
                    _ => return None,
                },
            }
        }
        Some(Val::Dict(out.finish()))
    }

    fn subscript(&mut self, base: &Val, idx: &[Expr]) -> Option<Val> {
        match idx {
            [i] => {
                let i = self.index_of(base, i)?;
                index(base, &i)
            }
            [i, j] => {
                let first = self.index_of(base, i)?;
                // The second index applies to rows; its slice bounds need a row's length.
                let row = match &first {
                    Index::At(_) => index(base, &first)?,
                    Index::Slice(ix) => index(base, &Index::At(Val::Int(*ix.first()? as i64)))?,
                };
                let second = self.index_of(&row, j)?;
                index2(base, &first, &second)
            }
            _ => None,
        }
    }

    fn compare(&mut self, first: &Expr, rest: &[(CmpOp, Expr)]) -> Option<Val> {
        let mut left = self.eval(first);
        for (op, e) in rest {
            let right = self.eval(e);
            if !ops::compare(*op, &left, &right)? {
                return Some(Val::Bool(false));
            }
            left = right;
        }
        Some(Val::Bool(true))
    }

    fn fstring(&mut self, parts: &[FPart]) -> Option<Val> {
        let mut out = String::new();
        for part in parts {
            match part {
                FPart::Lit(s) => push_text(&mut out, s)?,
                FPart::Field {
                    expr,
                    conversion,
                    spec,
                    debug_text,
                } => {
                    let v = self.eval(expr);
                    let spec = spec.as_deref()?;
                    if let Some(t) = debug_text {
                        push_text(&mut out, t)?;
                    }
                    // `f"{x=}"` shows the repr unless a conversion or spec says otherwise.
                    let conversion =
                        conversion.or((debug_text.is_some() && spec.is_empty()).then_some('r'));
                    let text = match conversion {
                        Some('r') | Some('a') => super::pyfmt::format_str(&v.py_repr()?, spec)?,
                        Some(_) => super::pyfmt::format_str(&v.py_str()?, spec)?,
                        None => format_value(&v, spec)?,
                    };
                    push_text(&mut out, &text)?;
                }
            }
        }
        Some(Val::Str(out))
    }

    fn comprehension(&mut self, c: &Comprehension) -> Option<Val> {
        self.frames.push(Frame {
            vars: Default::default(),
            globals: Default::default(),
            transparent: true,
        });
        let mut out = Vec::new();
        let ok = self.clauses(c, 0, &mut out);
        self.frames.pop();
        if !ok {
            return None;
        }
        Some(match c.kind {
            CompKind::Dict => Val::Dict(
                out.into_iter()
                    .map(|v| match v {
                        Val::Tuple(mut kv) if kv.len() == 2 => {
                            let v = kv.pop().expect("two items");
                            (kv.pop().expect("two items"), v)
                        }
                        other => (other, Val::None),
                    })
                    .collect(),
            ),
            _ => Val::List(out),
        })
    }

    fn clauses(&mut self, c: &Comprehension, i: usize, out: &mut Vec<Val>) -> bool {
        if out.len() >= builtins::MAX_ITEMS || !self.spend(STEP / 10) {
            return false;
        }
        let Some(clause) = c.clauses.get(i) else {
            let elt = self.eval(&c.elt);
            match &c.value {
                Some(v) => {
                    let v = self.eval(v);
                    if budget::items(3).is_none() {
                        return false;
                    }
                    out.push(Val::Tuple(vec![elt, v]));
                }
                None => {
                    if budget::items(1).is_none() {
                        return false;
                    }
                    out.push(elt)
                }
            }
            return true;
        };
        match clause {
            Clause::For { target, iter } => {
                let Some(items) = self.eval(iter).items() else {
                    return false;
                };
                for item in items {
                    self.assign(target, item, false);
                    if !self.clauses(c, i + 1, out) {
                        return false;
                    }
                }
                true
            }
            Clause::If(cond) => match self.eval(cond).truth() {
                Some(true) => self.clauses(c, i + 1, out),
                Some(false) => true,
                None => false,
            },
        }
    }

    pub fn args(&mut self, args: &[Arg]) -> Args {
        let mut out = Args::default();
        for a in args {
            match &a.kind {
                ArgKind::Positional => {
                    let v = self.eval(&a.value);
                    out.pos.push(v);
                }
                ArgKind::Keyword(k) => {
                    let v = self.eval(&a.value);
                    if let Some(k) = budget::copy_str(k) {
                        out.kw.push((k, v));
                    }
                }
                ArgKind::Star => match self.eval(&a.value).items() {
                    Some(items) => out.pos.extend(items),
                    None => {
                        let v = self.sym(a.value.span);
                        out.pos.push(v);
                    }
                },
                ArgKind::DoubleStar => match self.eval(&a.value) {
                    Val::Dict(pairs) => {
                        for (k, v) in pairs {
                            if let Val::Str(k) = k {
                                out.kw.push((k, v));
                            }
                        }
                    }
                    _ => self.note(format!(
                        "line {}: `**{}` not resolved",
                        a.value.span.line,
                        self.quote(a.value.span)
                    )),
                },
            }
        }
        out
    }

    fn call(&mut self, func: &Expr, args: &[Arg], span: Span) -> Val {
        if let ExprKind::Attr(recv_expr, name) = &func.kind {
            let recv = self.eval(recv_expr);
            let a = self.args(args);
            return match recv {
                Val::Module(m) => match budget::text(m.len() + name.len() + 1) {
                    Some(()) => self.call_path(&format!("{m}.{name}"), a, span),
                    None => budget::spent_val(),
                },
                // The library's objects, and receivers the reader lost track of (an axes
                // passed as a parameter, `axs[i]` of an unknown grid, a pandas plot).
                Val::Object(_) | Val::Sym(_) => {
                    match self.library.method(&recv, name, &a, span.line) {
                        Some(v) => v,
                        None => self.method(recv_expr, recv, name, a, span),
                    }
                }
                recv => self.method(recv_expr, recv, name, a, span),
            };
        }
        let f = self.eval(func);
        match f {
            Val::Callable(path) if path == "builtins.map" || path == "builtins.sorted" => {
                let a = self.args(args);
                self.higher_order(&path, a)
                    .unwrap_or_else(|| self.sym(span))
            }
            Val::Callable(path) => {
                let a = self.args(args);
                self.call_path(&path, a, span)
            }
            Val::Func(f) => {
                let a = self.args(args);
                self.call_user(&f, a, span)
            }
            _ => {
                self.args(args);
                self.sym(span)
            }
        }
    }

    /// Call a function by its full dotted path: the library's, or one of the reader's own
    /// library functions (builtins, numpy, math); symbolic when neither resolves it.
    pub fn call_path(&mut self, path: &str, a: Args, span: Span) -> Val {
        if let Some(v) = self.library.call(path, &a, span.line) {
            return v;
        }
        let (module, _) = path.rsplit_once('.').unwrap_or(("", path));
        match module {
            "numpy" | "math" | "builtins" => {
                builtins::call(path, &a).unwrap_or_else(|| self.sym(span))
            }
            _ => self.sym(span),
        }
    }

    /// `map(f, xs)` and `sorted(xs, key=f, reverse=…)`, which call back into the script.
    fn higher_order(&mut self, path: &str, a: Args) -> Option<Val> {
        let apply = |me: &mut Self, f: &Val, v: Val| -> Option<Val> {
            let args = Args {
                pos: vec![v],
                kw: Vec::new(),
            };
            let out = match f {
                Val::Func(f) => me.call_user(f, args, Span::default()),
                Val::Callable(p) => builtins::call(p, &args)?,
                _ => return None,
            };
            (!out.is_sym()).then_some(out)
        };
        if path == "builtins.map" {
            let f = a.pos.first()?.clone();
            let items = a.pos.get(1)?.items()?;
            budget::items(items.len())?;
            return items
                .into_iter()
                .map(|v| apply(self, &f, v))
                .collect::<Option<Vec<_>>>()
                .map(Val::List);
        }
        let items = a.pos.first()?.items()?;
        // The keys, the order and the sorted copy.
        budget::items(items.len().saturating_mul(3))?;
        let keys: Vec<Val> = match a.kw("key") {
            Some(Val::None) | None => items.clone(),
            Some(f) => {
                let f = f.clone();
                items
                    .iter()
                    .map(|v| apply(self, &f, v.clone()))
                    .collect::<Option<Vec<_>>>()?
            }
        };
        let mut order: Vec<usize> = (0..items.len()).collect();
        let mut failed = false;
        order.sort_by(|&i, &j| {
            ops::compare(CmpOp::Lt, &keys[i], &keys[j])
                .map(|lt| {
                    if lt {
                        std::cmp::Ordering::Less
                    } else if ops::compare(CmpOp::Lt, &keys[j], &keys[i]) == Some(true) {
                        std::cmp::Ordering::Greater
                    } else {
                        std::cmp::Ordering::Equal
                    }
                })
                .unwrap_or_else(|| {
                    failed = true;
                    std::cmp::Ordering::Equal
                })
        });
        if failed {
            return None;
        }
        if a.kw("reverse").and_then(Val::truth) == Some(true) {
            order.reverse();
        }
        Some(Val::List(
            order.into_iter().map(|i| items[i].clone()).collect(),
        ))
    }
}

/// `axes.flat` of a grid of axes: the items of nested lists, in order.
fn flatten(items: &[Val]) -> Option<Vec<Val>> {
    let mut out = Vec::new();
    for i in items {
        match i {
            Val::List(inner) => out.extend(flatten(inner)?),
            other => {
                budget::items(1)?;
                out.push(other.clone())
            }
        }
    }
    Some(out)
}
