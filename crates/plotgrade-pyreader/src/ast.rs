//! The reader's own Python syntax tree: the subset of Python that plotting scripts
//! use, converted once from tree-sitter (in [`super::syntax`]) so that nothing else in
//! the crate sees a `tree_sitter::Node`.
//!
//! Every expression keeps its byte span, so a value that cannot be resolved is reported
//! as the exact source text that produced it. Constructs the reader does not model
//! (classes, `yield`, walrus, …) become [`ExprKind::Other`] / [`Stmt::Other`] and read as
//! symbolic.

use std::rc::Rc;

/// Where an expression sits in the source: byte range and 1-based line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub line: usize,
}

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    Int(i64),
    Float(f64),
    Str(String),
    FString(Vec<FPart>),
    Bool(bool),
    None,
    Name(String),
    Attr(Box<Expr>, String),
    Call(Box<Expr>, Vec<Arg>),
    /// `value[i]` or `value[i, j]` (one entry per comma-separated index).
    Subscript(Box<Expr>, Vec<Expr>),
    Slice(Option<Box<Expr>>, Option<Box<Expr>>, Option<Box<Expr>>),
    List(Vec<Expr>),
    Tuple(Vec<Expr>),
    Set(Vec<Expr>),
    /// Key/value pairs; a `**spread` entry has no key.
    Dict(Vec<(Option<Expr>, Expr)>),
    Starred(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Unary(UnaryOp, Box<Expr>),
    Not(Box<Expr>),
    /// `a and b` (`true`) / `a or b` (`false`).
    BoolOp(bool, Box<Expr>, Box<Expr>),
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    IfElse {
        body: Box<Expr>,
        cond: Box<Expr>,
        orelse: Box<Expr>,
    },
    Lambda(Rc<Func>),
    Comprehension(Box<Comprehension>),
    /// Anything else: read as its source text.
    Other,
}

/// A piece of an f-string.
#[derive(Debug, Clone)]
pub enum FPart {
    Lit(String),
    Field {
        expr: Expr,
        /// `!r`, `!s`, `!a`.
        conversion: Option<char>,
        /// The text after `:`; `None` when it has nested `{…}` fields (not resolved).
        spec: Option<String>,
        /// `f"{x=}"`: the field's own text is printed before its value.
        debug_text: Option<String>,
    },
}

#[derive(Debug, Clone)]
pub struct Arg {
    pub kind: ArgKind,
    pub value: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ArgKind {
    Positional,
    Keyword(String),
    /// `*args`
    Star,
    /// `**kwargs`
    DoubleStar,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    MatMul,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Pos,
    Invert,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    NotIn,
    Is,
    IsNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompKind {
    List,
    Set,
    Dict,
    Generator,
}

#[derive(Debug, Clone)]
pub struct Comprehension {
    pub kind: CompKind,
    /// The element (for a dict comprehension, the key).
    pub elt: Expr,
    /// Dict comprehensions only: the value.
    pub value: Option<Expr>,
    pub clauses: Vec<Clause>,
}

#[derive(Debug, Clone)]
pub enum Clause {
    For { target: Expr, iter: Expr },
    If(Expr),
}

/// A `def` or a `lambda`.
#[derive(Debug, Clone)]
pub struct Func {
    pub name: String,
    pub params: Vec<Param>,
    pub body: FuncBody,
}

#[derive(Debug, Clone)]
pub enum FuncBody {
    Lambda(Expr),
    Block(Vec<Stmt>),
}

#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub default: Option<Expr>,
    pub kind: ParamKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    Normal,
    /// `*args`
    Star,
    /// `**kwargs`
    DoubleStar,
}

#[derive(Debug, Clone)]
pub enum Stmt {
    Expr(Expr),
    /// `a = b = value`: every target, left to right.
    Assign {
        targets: Vec<Expr>,
        value: Expr,
    },
    AugAssign {
        target: Expr,
        op: BinOp,
        value: Expr,
    },
    For {
        target: Expr,
        iter: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    /// `if`/`elif` branches in order, then the `else` body.
    If {
        branches: Vec<(Expr, Vec<Stmt>)>,
        orelse: Vec<Stmt>,
    },
    With {
        items: Vec<(Expr, Option<Expr>)>,
        body: Vec<Stmt>,
    },
    Try {
        body: Vec<Stmt>,
        handlers: Vec<Vec<Stmt>>,
        orelse: Vec<Stmt>,
        finally: Vec<Stmt>,
    },
    Def(Rc<Func>),
    Return(Option<Expr>),
    /// `import a.b as c` (one per imported name); `alias` is the bound name.
    Import {
        module: String,
        alias: String,
    },
    /// `from module import name as alias`; `name == "*"` for a star import.
    ImportFrom {
        module: String,
        name: String,
        alias: String,
    },
    Global(Vec<String>),
    Break,
    Continue,
    /// A statement the reader does not model (class, raise, del, …).
    Other,
}
