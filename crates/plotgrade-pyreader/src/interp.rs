//! The reader: walks a script's statements in order, without running them, keeping the
//! values it can resolve and handing the [`Library`] the calls that are its own
//! (matplotlib's, which draw).
//!
//! It follows what a plotting script does in straight-line code: assignments (also to
//! list/dict elements), `for` loops over resolved iterables (unrolled, bounded), `if` with
//! a resolved condition (both branches otherwise), calls of the script's own functions and
//! lambdas, `with`, `try`. What it cannot decide it says in a note and reads symbolically;
//! it never guesses a value. Expressions and calls are in [`super::eval`].

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::ast::*;
use super::budget;
use super::library::Library;
use super::syntax::Parsed;
use super::value::{Array, Index, Probe, Val, seq_len, slice_indices};

/// Work the reader does on one script at most, in units of about one copied value: a
/// statement or call costs [`STEP`], reading a variable costs its size (lists are
/// copied). It bounds hostile scripts (exponential recursion, quadratic list or string
/// building) to a fraction of a second; `bench_200.py` uses about 20,000 units.
pub(crate) const BUDGET: u64 = 2_000_000;
/// Cost of one statement, call or comprehension item.
pub(crate) const STEP: u64 = 100;
/// Iterations of one loop the reader unrolls at most.
pub(crate) const MAX_ITERATIONS: usize = 1_000;
/// Nested calls of the script's own functions.
const MAX_DEPTH: usize = 32;
/// Expressions and statements evaluated inside each other, counted across calls: the
/// reader's recursion depth, kept within a 2 MiB thread stack in a debug build.
pub(crate) const MAX_NESTING: usize = 400;

pub(crate) struct Frame {
    pub vars: HashMap<String, Val>,
    pub globals: HashSet<String>,
    /// A comprehension's scope: reads fall through to the enclosing frame.
    pub transparent: bool,
}

pub(crate) enum Flow {
    Normal,
    Break,
    Continue,
    Return(Val),
}

pub(crate) struct Reader<'s> {
    pub src: &'s str,
    pub globals: HashMap<String, Val>,
    pub frames: Vec<Frame>,
    pub library: &'s mut dyn Library,
    pub budget: u64,
    pub depth: usize,
    /// Expressions and statements being evaluated inside each other, across calls.
    pub nesting: usize,
    /// Modules of `from m import *`, searched for otherwise unbound names.
    pub star_modules: Vec<String>,
    /// The byte budget's note was left.
    pub bytes_noted: bool,
}

/// Modules of `from m import *` the reader searches at most (each is searched for every
/// unbound name).
const MAX_STAR_MODULES: usize = 8;

/// Longest piece of source quoted in a note.
const MAX_QUOTE: usize = 80;

/// Read a whole parsed script (`src` is its source), calling `library` for what is its,
/// within the byte budget ([`super::budget::BYTES`]; the caller's, if it opened a
/// [`super::budget::scope`]).
pub fn read(src: &str, parsed: &Parsed, library: &mut dyn Library) {
    budget::scope(budget::BYTES, || {
        Reader::new(src, library).block(&parsed.stmts);
    });
}

impl<'s> Reader<'s> {
    pub fn new(src: &'s str, library: &'s mut dyn Library) -> Self {
        Reader {
            src,
            globals: HashMap::new(),
            frames: Vec::new(),
            library,
            budget: BUDGET,
            depth: 0,
            nesting: 0,
            star_modules: Vec::new(),
            bytes_noted: false,
        }
    }

    pub fn text(&self, span: Span) -> &'s str {
        self.src.get(span.start..span.end).unwrap_or("")
    }

    /// The source of `span` for a note: cut to [`MAX_QUOTE`] bytes (a note may be left
    /// once per iteration of a loop; the expression may be a megabyte long).
    pub fn quote(&self, span: Span) -> String {
        quote(self.text(span))
    }

    /// The unresolved value of the expression at `span`: its source text (charged).
    pub fn sym(&self, span: Span) -> Val {
        budget::sym(self.text(span))
    }

    pub fn note(&mut self, note: String) {
        self.library.note(note);
    }

    /// Leave the byte budget's note, once.
    pub fn note_bytes_spent(&mut self) {
        if !self.bytes_noted {
            self.bytes_noted = true;
            self.note(budget::NOTE.into());
        }
    }

    // ---- scopes ----

    /// Spend `units` of the work budget; `false` (and a note) once it, or the byte
    /// budget, is used up.
    pub fn spend(&mut self, units: u64) -> bool {
        if budget::spent() {
            self.budget = 0;
            self.note_bytes_spent();
            return false;
        }
        if self.budget >= units {
            self.budget -= units;
            return true;
        }
        if self.budget > 0 {
            self.budget = 0;
            self.note(
                "stopped reading: the script needs more work than the reader gives one script"
                    .into(),
            );
        }
        false
    }

    pub fn lookup(&mut self, name: &str) -> Option<Val> {
        let mut found = None;
        for frame in self.frames.iter().rev() {
            if let Some(v) = frame.vars.get(name) {
                found = Some(v);
                break;
            }
            if !frame.transparent {
                break;
            }
        }
        let v = found.or_else(|| self.globals.get(name))?.clone();
        // Reading a variable copies it: its size is the work.
        let size = match &v {
            Val::List(x) | Val::Tuple(x) => x.len() as u64,
            Val::Dict(d) => d.len() as u64,
            Val::Str(s) => s.len() as u64 / 8,
            _ => 0,
        };
        self.spend(size);
        Some(v)
    }

    pub fn set_var(&mut self, name: &str, v: Val) {
        let vars = match self.frames.last_mut() {
            Some(frame) if !frame.globals.contains(name) => &mut frame.vars,
            _ => &mut self.globals,
        };
        match vars.get_mut(name) {
            Some(slot) => *slot = v,
            // A new name is a new key: names are as long as the source makes them.
            None => {
                if budget::charge(name.len()).is_some() {
                    vars.insert(name.to_string(), v);
                }
            }
        }
    }

    // ---- statements ----

    pub fn block(&mut self, stmts: &[Stmt]) -> Flow {
        for s in stmts {
            if !self.spend(STEP) {
                return Flow::Return(Val::None);
            }
            match self.stmt(s) {
                Flow::Normal => {}
                other => return other,
            }
        }
        Flow::Normal
    }

    fn stmt(&mut self, s: &Stmt) -> Flow {
        if self.nesting >= MAX_NESTING {
            self.note(format!(
                "statements nested deeper than {MAX_NESTING} levels not read"
            ));
            return Flow::Normal;
        }
        self.nesting += 1;
        let flow = self.stmt_inner(s);
        self.nesting -= 1;
        flow
    }

    fn stmt_inner(&mut self, s: &Stmt) -> Flow {
        match s {
            Stmt::Expr(e) => {
                self.eval(e);
            }
            Stmt::Assign { targets, value } => {
                let v = self.eval(value);
                if let [rest @ .., last] = targets.as_slice() {
                    for t in rest {
                        self.assign(t, v.clone(), true);
                    }
                    self.assign(last, v, true);
                }
            }
            Stmt::AugAssign { target, op, value } => self.aug_assign(target, *op, value),
            Stmt::For {
                target,
                iter,
                body,
                orelse,
            } => return self.for_loop(target, iter, body, orelse),
            Stmt::While { cond, body } => {
                if self.eval(cond).truth() != Some(false) {
                    self.note(format!("line {}: `while` loop read once", cond.span.line));
                    if let Flow::Return(v) = self.block(body) {
                        return Flow::Return(v);
                    }
                }
            }
            Stmt::If { branches, orelse } => return self.if_stmt(branches, orelse),
            Stmt::With { items, body } => {
                for (e, alias) in items {
                    let v = self.eval(e);
                    if let Some(a) = alias {
                        self.assign(a, v, false);
                    }
                }
                return self.block(body);
            }
            Stmt::Try {
                body,
                handlers,
                orelse,
                finally,
            } => return self.try_stmt(body, !handlers.is_empty(), orelse, finally),
            Stmt::Def(f) => self.set_var(&f.name, Val::Func(f.clone())),
            Stmt::Return(e) => {
                let v = e.as_ref().map_or(Val::None, |e| self.eval(e));
                return Flow::Return(v);
            }
            Stmt::Import { module, alias } => self.import(module, alias),
            Stmt::ImportFrom {
                module,
                name,
                alias,
            } => self.import_from(module, name, alias),
            Stmt::Global(names) => {
                if let Some(frame) = self.frames.last_mut() {
                    frame.globals.extend(names.iter().cloned());
                }
            }
            Stmt::Break => return Flow::Break,
            Stmt::Continue => return Flow::Continue,
            Stmt::Other => {}
        }
        Flow::Normal
    }

    /// `target op= value`.
    fn aug_assign(&mut self, target: &Expr, op: BinOp, value: &Expr) {
        let cur = self.eval(target);
        let rhs = self.eval(value);
        let new = super::ops::binary(op, &cur, &rhs).unwrap_or_else(|| {
            budget::sym(&format!(
                "{} {}= {}",
                self.text(target.span),
                op_text(op),
                self.text(value.span)
            ))
        });
        self.assign(target, new, true);
    }

    /// `try`: the body, `else` and `finally` in order; `except` handlers are not read.
    fn try_stmt(
        &mut self,
        body: &[Stmt],
        has_handlers: bool,
        orelse: &[Stmt],
        finally: &[Stmt],
    ) -> Flow {
        if has_handlers {
            self.note("`except` handlers are not read".into());
        }
        let flow = self.block(body);
        if !matches!(flow, Flow::Normal) {
            return flow;
        }
        let flow = self.block(orelse);
        if !matches!(flow, Flow::Normal) {
            return flow;
        }
        self.block(finally)
    }

    /// `import a.b` binds `a` (to the top module); `import a.b as c` binds `c` to `a.b`.
    fn import(&mut self, module: &str, alias: &str) {
        let top = module.split('.').next().unwrap_or(module);
        let bound = if alias == top && module.contains('.') {
            top
        } else {
            module
        };
        let module = budget::copy_str(bound).map_or_else(budget::spent_val, Val::Module);
        self.set_var(alias, module);
    }

    /// `from module import name as alias`; `import *` is remembered for unbound names.
    fn import_from(&mut self, module: &str, name: &str, alias: &str) {
        if name == "*" {
            let module_q = quote(module);
            if self.star_modules.iter().any(|m| m == module) {
                return;
            }
            if self.star_modules.len() >= MAX_STAR_MODULES {
                self.note(format!(
                    "`from {module_q} import *` not read: more than {MAX_STAR_MODULES} star imports"
                ));
                return;
            }
            self.star_modules.push(module.to_string());
            self.note(format!(
                "`from {module_q} import *`: names resolved against {module_q}"
            ));
        } else {
            let v = self.module_attr(module, name);
            self.set_var(alias, v);
        }
    }

    fn for_loop(&mut self, target: &Expr, iter: &Expr, body: &[Stmt], orelse: &[Stmt]) -> Flow {
        let iterable = self.eval(iter);
        let Some(mut items) = iterable.items() else {
            // Unknown iterable: read the body once with the loop variables unknown.
            self.note(format!(
                "line {}: loop over `{}` read once, symbolically",
                iter.span.line,
                self.quote(iter.span)
            ));
            self.bind_unknown(target);
            return match self.block(body) {
                Flow::Return(v) => Flow::Return(v),
                _ => Flow::Normal,
            };
        };
        if items.len() > MAX_ITERATIONS {
            self.note(format!(
                "line {}: loop cut at {MAX_ITERATIONS} iterations",
                iter.span.line
            ));
            items.truncate(MAX_ITERATIONS);
        }
        for item in items {
            self.assign(target, item, false);
            match self.block(body) {
                Flow::Break => return Flow::Normal,
                Flow::Return(v) => return Flow::Return(v),
                Flow::Normal | Flow::Continue => {}
            }
        }
        self.block(orelse)
    }

    fn if_stmt(&mut self, branches: &[(Expr, Vec<Stmt>)], orelse: &[Stmt]) -> Flow {
        let mut unresolved = false;
        for (cond, body) in branches {
            match self.eval(cond).truth() {
                Some(true) if !unresolved => return self.block(body),
                Some(false) => {}
                _ => {
                    if !unresolved {
                        self.note(format!(
                            "line {}: condition `{}` unresolved, every branch read",
                            cond.span.line,
                            self.quote(cond.span)
                        ));
                    }
                    unresolved = true;
                    if let Flow::Return(v) = self.block(body) {
                        return Flow::Return(v);
                    }
                }
            }
        }
        self.block(orelse)
    }

    /// Bind every name of a target pattern to its own (unknown) name.
    fn bind_unknown(&mut self, target: &Expr) {
        match &target.kind {
            ExprKind::Name(n) => self.set_var(n, budget::sym(n)),
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for t in items {
                    self.bind_unknown(t);
                }
            }
            ExprKind::Starred(inner) => self.bind_unknown(inner),
            _ => {}
        }
    }

    /// `target = v`. `announce`: the library hears of the names bound (see
    /// [`Library::assigned`]).
    pub fn assign(&mut self, target: &Expr, v: Val, announce: bool) {
        match &target.kind {
            ExprKind::Name(n) => {
                let v = name_sampled_variable(n, v);
                if announce {
                    self.library.assigned(n, &v, target.span.line);
                }
                self.set_var(n, v);
            }
            ExprKind::Tuple(targets) | ExprKind::List(targets) => self.unpack(targets, v, announce),
            ExprKind::Starred(inner) => self.assign(inner, v, announce),
            ExprKind::Subscript(base, idx) => {
                let container = self.eval(base);
                let updated = match idx.as_slice() {
                    [i] => {
                        let i = self.eval(i);
                        set_item(&container, &i, v)
                    }
                    _ => None,
                };
                match updated {
                    Some(new) => self.assign(base, new, announce),
                    None => {
                        // The element written is unknown: the whole container is.
                        if !container.is_sym() {
                            self.note(format!(
                                "line {}: `{}` unknown after assignment to an element",
                                target.span.line,
                                self.quote(base.span)
                            ));
                        }
                        self.assign(base, self.sym(base.span), false);
                    }
                }
            }
            // `obj.attr = v`: not tracked.
            _ => {}
        }
    }

    fn unpack(&mut self, targets: &[Expr], v: Val, announce: bool) {
        let star = targets
            .iter()
            .position(|t| matches!(t.kind, ExprKind::Starred(_)));
        let items = v.items().filter(|items| match star {
            Some(_) => items.len() + 1 >= targets.len(),
            None => items.len() == targets.len(),
        });
        let Some(items) = items else {
            for t in targets {
                self.assign(t, self.sym(t.span), false);
            }
            return;
        };
        match star {
            None => {
                for (t, item) in targets.iter().zip(items) {
                    self.assign(t, item, announce);
                }
            }
            Some(s) => {
                let after = targets.len() - s - 1;
                for (t, item) in targets[..s].iter().zip(&items) {
                    self.assign(t, item.clone(), announce);
                }
                let middle = budget::copy_items(&items[s..items.len() - after])
                    .map_or_else(budget::spent_val, Val::List);
                self.assign(&targets[s], middle, announce);
                for (t, item) in targets[s + 1..].iter().zip(&items[items.len() - after..]) {
                    self.assign(t, item.clone(), announce);
                }
            }
        }
    }

    /// Call one of the script's own functions (or lambdas) with evaluated arguments.
    pub fn call_user(&mut self, f: &Rc<Func>, args: super::builtins::Args, span: Span) -> Val {
        if !self.spend(STEP) {
            return self.sym(span);
        }
        if self.depth >= MAX_DEPTH {
            self.note(format!("calls nested deeper than {MAX_DEPTH} are not read"));
            return self.sym(span);
        }
        let mut frame = Frame {
            vars: HashMap::new(),
            globals: HashSet::new(),
            transparent: false,
        };
        let mut pos = args.pos.into_iter();
        let mut kw = args.kw;
        for p in &f.params {
            let v = match p.kind {
                ParamKind::Normal => pos.next().or_else(|| {
                    kw.iter()
                        .position(|(k, _)| *k == p.name)
                        .map(|i| kw.remove(i).1)
                }),
                ParamKind::Star => Some(Val::Tuple(pos.by_ref().collect())),
                ParamKind::DoubleStar => Some(Val::Dict(
                    kw.drain(..).map(|(k, v)| (Val::Str(k), v)).collect(),
                )),
            };
            let v = match (v, &p.default) {
                (Some(v), _) => v,
                (None, Some(d)) => self.eval(d),
                (None, None) => budget::sym(&p.name),
            };
            if let Some(name) = budget::copy_str(&p.name) {
                frame.vars.insert(name, v);
            }
        }
        self.depth += 1;
        self.frames.push(frame);
        let result = match &f.body {
            FuncBody::Lambda(e) => self.eval(e),
            FuncBody::Block(stmts) => match self.block(stmts) {
                Flow::Return(v) => v,
                _ => Val::None,
            },
        };
        self.frames.pop();
        self.depth -= 1;
        result
    }

    /// Resolve an index expression against a container: a value or a slice.
    pub fn index_of(&mut self, container: &Val, idx: &Expr) -> Option<Index> {
        match &idx.kind {
            ExprKind::Slice(a, b, c) => {
                let mut bound = |e: &Option<Box<Expr>>| -> Option<Option<i64>> {
                    match e {
                        None => Some(None),
                        Some(e) => match self.eval(e) {
                            Val::None => Some(None),
                            v => Some(Some(v.int()?)),
                        },
                    }
                };
                let (a, b, c) = (bound(a)?, bound(b)?, bound(c)?);
                Some(Index::Slice(slice_indices(a, b, c, seq_len(container)?)?))
            }
            _ => Some(Index::At(self.eval(idx))),
        }
    }
}

/// `x = np.linspace(...)`: the sampled variable prints as its own name in expressions.
fn name_sampled_variable(name: &str, v: Val) -> Val {
    if let Val::Array(a) = &v
        && let Some(p) = a.probe.as_ref().filter(|p| p.identity && p.expr != name)
        && budget::floats(a.values.len()).is_some()
        && budget::text(name.len()).is_some()
    {
        let probe = Probe {
            expr: name.to_string(),
            ..(**p).clone()
        };
        return Val::Array(Rc::new(Array {
            probe: Some(Rc::new(probe)),
            ..(**a).clone()
        }));
    }
    v
}

/// `container[i] = v` as a new value; `None` when the reader cannot place it.
fn set_item(container: &Val, i: &Val, v: Val) -> Option<Val> {
    match container {
        Val::List(items) => {
            let k = super::value::norm_index(i.int()?, items.len())?;
            let mut items = budget::copy_items(items)?;
            items[k] = v;
            Some(Val::List(items))
        }
        Val::Dict(pairs) => {
            let mut pairs = budget::copy_pairs(pairs)?;
            budget::charge(2 * std::mem::size_of::<Val>())?;
            for (k, old) in pairs.iter_mut() {
                if super::value::py_eq(k, i)? {
                    *old = v;
                    return Some(Val::Dict(pairs));
                }
            }
            pairs.push((i.clone(), v));
            Some(Val::Dict(pairs))
        }
        Val::Array(a) if a.cols.is_none() => {
            budget::floats(a.values.len())?;
            let mut a = (**a).clone();
            let k = super::value::norm_index(i.int()?, a.values.len())?;
            a.values[k] = v.num()?;
            a.ints &= v.is_int();
            // The array no longer is the pure function of the variable it was.
            a.probe = None;
            Some(Val::Array(Rc::new(a)))
        }
        _ => None,
    }
}

/// `text` cut to [`MAX_QUOTE`] bytes (at a character boundary), for a note.
pub(crate) fn quote(text: &str) -> String {
    if text.len() <= MAX_QUOTE {
        return text.to_string();
    }
    let mut end = MAX_QUOTE;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

pub(crate) fn op_text(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::FloorDiv => "//",
        BinOp::Mod => "%",
        BinOp::Pow => "**",
        BinOp::MatMul => "@",
        BinOp::BitAnd => "&",
        BinOp::BitOr => "|",
        BinOp::BitXor => "^",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
    }
}
