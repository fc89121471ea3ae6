//! Python source → the reader's own syntax tree ([`super::ast`]), with syntax diagnostics.
//!
//! This is the only file that touches tree-sitter. The whole file is parsed once; when the
//! tree has errors, the count and first position are recorded from that parse, and the
//! source is re-read one top-level statement at a time so that a broken line costs that
//! statement, not the rest of the file (tree-sitter's own recovery often folds everything
//! after an unclosed bracket into one `ERROR` node). A broken statement whose only fault is
//! unclosed brackets (a truncated model answer) is re-read with the brackets closed.

use std::cell::Cell;
use std::rc::Rc;

use tree_sitter::{Node, Parser, Tree};

use super::ast::*;
use super::error::ParseError;
use super::recover::{chunks, unclosed};
use super::syntax_expr::bin_op;

/// Where the first syntax error is, 1-based line and column (column in bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// A parsed script: its statements (for [`super::read`]) and how well it parsed.
pub struct Parsed {
    pub(crate) stmts: Vec<Stmt>,
    /// `ERROR` and `MISSING` nodes of the whole-file parse (outermost only).
    pub syntax_errors: usize,
    pub first_error: Option<Pos>,
    /// Statements re-read with their unclosed brackets closed.
    pub repaired: Vec<usize>,
    /// Nesting past [`MAX_NEST`] was read as symbolic text.
    pub too_deep: bool,
}

fn parser() -> Result<Parser, ParseError> {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_python::LANGUAGE.into())
        .map_err(|e| ParseError::Grammar(e.to_string()))?;
    Ok(parser)
}

fn parse_tree(parser: &mut Parser, text: &str) -> Result<Tree, ParseError> {
    parser.parse(text, None).ok_or_else(|| ParseError::NoTree {
        bytes: text.len(),
        head: head(text),
    })
}

/// The first line of `text`, shortened, for error messages.
pub fn head(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    line.chars().take(60).collect()
}

/// The tree-sitter S-expression of `source`, for test failure messages.
pub fn sexp(source: &str) -> String {
    match parser().and_then(|mut p| parse_tree(&mut p, source)) {
        Ok(tree) => tree.root_node().to_sexp(),
        Err(e) => format!("<no tree: {e}>"),
    }
}

/// `source` without its comments: every `#` comment as tree-sitter finds it, so that a
/// `#` inside a string (`'#DD8452'`, `'Item #3'`) stays. `None` when there is no tree.
/// Lines keep their places; what a comment leaves is trailing space.
pub fn without_comments(source: &str) -> Option<String> {
    let mut parser = parser().ok()?;
    let tree = parse_tree(&mut parser, source).ok()?;
    let mut cuts = Vec::new();
    let mut cursor = tree.root_node().walk();
    // Depth-first over every node, iteratively (a hostile source nests deep).
    'walk: loop {
        let node = cursor.node();
        if node.kind() == "comment" {
            cuts.push(node.start_byte()..node.end_byte());
        } else if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    let mut out = String::with_capacity(source.len());
    let mut at = 0;
    for cut in cuts {
        if cut.start >= at && cut.end <= source.len() {
            out.push_str(&source[at..cut.start]);
            at = cut.end;
        }
    }
    out.push_str(&source[at..]);
    Some(out)
}

/// Parse a script. Syntax errors are counted in the result, not returned: only a parser
/// that cannot work at all is an error.
pub fn parse(source: &str) -> Result<Parsed, ParseError> {
    let mut parser = parser()?;
    let tree = parse_tree(&mut parser, source)?;
    let root = tree.root_node();
    let conv = Conv::new(source, 0, 0, source.len());
    if !root.has_error() {
        let stmts = conv.block(root);
        return Ok(Parsed {
            stmts,
            syntax_errors: 0,
            first_error: None,
            repaired: Vec::new(),
            too_deep: conv.too_deep.get(),
        });
    }
    let mut errors = Vec::new();
    collect_errors(root, &mut errors);
    let first_error = errors.iter().min().map(|&(row, col)| Pos {
        line: row + 1,
        column: col + 1,
    });
    let mut stmts = Vec::new();
    let mut repaired = Vec::new();
    let mut too_deep = false;
    for (start, end, first_line) in chunks(source) {
        let text = &source[start..end];
        let tree = parse_tree(&mut parser, text)?;
        let conv = Conv::new(source, start, first_line, end);
        let closers = if tree.root_node().has_error() {
            unclosed(text)
        } else {
            None
        };
        if let Some(closers) = closers {
            let fixed = format!("{text}{closers}\n");
            let fixed_tree = parse_tree(&mut parser, &fixed)?;
            if !fixed_tree.root_node().has_error() {
                // Spans reaching into the added closers are cut at the chunk's end.
                stmts.extend(conv.block(fixed_tree.root_node()));
                too_deep |= conv.too_deep.get();
                repaired.push(first_line + 1);
                continue;
            }
        }
        stmts.extend(conv.block(tree.root_node()));
        too_deep |= conv.too_deep.get();
    }
    Ok(Parsed {
        stmts,
        syntax_errors: errors.len(),
        first_error,
        repaired,
        too_deep,
    })
}

/// Outermost `ERROR`/`MISSING` nodes as (row, column), 0-based. Walked with an explicit
/// stack: an error tree can be as deep as the input is nested.
fn collect_errors(root: Node, out: &mut Vec<(usize, usize)>) {
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.is_error() || node.is_missing() {
            let p = node.start_position();
            out.push((p.row, p.column));
        } else if node.has_error() {
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
}

/// Nesting (of expressions inside expressions, blocks inside blocks) past which the
/// conversion stops descending and reads the rest as symbolic text. Python's own parser
/// gives up near 200; real plotting code stays far below 30. The bound keeps the
/// recursive conversion and the reader within a thread's stack on hostile input.
pub const MAX_NEST: usize = 100;

/// Converts nodes of one parse; `base`/`line` place a re-parsed chunk in the whole source
/// and `limit` is the chunk's end there.
pub(super) struct Conv<'s> {
    pub src: &'s str,
    pub base: usize,
    pub line: usize,
    pub limit: usize,
    /// Current nesting, and whether [`MAX_NEST`] was reached.
    pub depth: Cell<usize>,
    pub too_deep: Cell<bool>,
}

impl<'s> Conv<'s> {
    fn new(src: &'s str, base: usize, line: usize, limit: usize) -> Self {
        Conv {
            src,
            base,
            line,
            limit,
            depth: Cell::new(0),
            too_deep: Cell::new(false),
        }
    }

    /// Run `f` one level deeper, or return `None` past [`MAX_NEST`].
    pub(super) fn nested<T>(&self, f: impl FnOnce() -> T) -> Option<T> {
        let d = self.depth.get();
        if d >= MAX_NEST {
            self.too_deep.set(true);
            return None;
        }
        self.depth.set(d + 1);
        let out = f();
        self.depth.set(d);
        Some(out)
    }

    pub(super) fn span(&self, node: Node) -> Span {
        let clamp = |b: usize| (self.base + b).min(self.limit);
        Span {
            start: clamp(node.start_byte()),
            end: clamp(node.end_byte()),
            line: self.line + node.start_position().row + 1,
        }
    }

    pub(super) fn text(&self, node: Node) -> &'s str {
        let s = self.span(node);
        self.src.get(s.start..s.end).unwrap_or("")
    }

    pub(super) fn field(&self, node: Node<'_>, name: &str) -> Option<Expr> {
        node.child_by_field_name(name).map(|n| self.expr(n))
    }

    pub(super) fn boxed(&self, node: Node<'_>, name: &str) -> Box<Expr> {
        Box::new(match node.child_by_field_name(name) {
            Some(n) => self.expr(n),
            None => self.other(node),
        })
    }

    pub(super) fn other(&self, node: Node) -> Expr {
        Expr {
            kind: ExprKind::Other,
            span: self.span(node),
        }
    }

    pub(super) fn named<'t>(&self, node: Node<'t>) -> Vec<Node<'t>> {
        let mut cursor = node.walk();
        node.named_children(&mut cursor)
            .filter(|n| n.kind() != "comment")
            .collect()
    }

    // ---- statements ----

    fn block(&self, node: Node) -> Vec<Stmt> {
        let mut out = Vec::new();
        for child in self.named(node) {
            self.stmt(child, &mut out);
        }
        out
    }

    fn body(&self, node: Node, field: &str) -> Vec<Stmt> {
        match node.child_by_field_name(field) {
            Some(b) => self.block(b),
            None => Vec::new(),
        }
    }

    fn stmt(&self, node: Node, out: &mut Vec<Stmt>) {
        if self.nested(|| self.stmt_inner(node, out)).is_none() {
            out.push(Stmt::Other);
        }
    }

    fn stmt_inner(&self, node: Node, out: &mut Vec<Stmt>) {
        match node.kind() {
            "expression_statement" => {
                for child in self.named(node) {
                    out.push(self.expr_stmt(child));
                }
            }
            "if_statement" => out.push(self.if_stmt(node)),
            "for_statement" => out.push(Stmt::For {
                target: self.field(node, "left").unwrap_or_else(|| self.other(node)),
                iter: self
                    .field(node, "right")
                    .unwrap_or_else(|| self.other(node)),
                body: self.body(node, "body"),
                orelse: node
                    .child_by_field_name("alternative")
                    .map(|e| self.body(e, "body"))
                    .unwrap_or_default(),
            }),
            "while_statement" => out.push(Stmt::While {
                cond: self
                    .field(node, "condition")
                    .unwrap_or_else(|| self.other(node)),
                body: self.body(node, "body"),
            }),
            "with_statement" => out.push(self.with_stmt(node)),
            "try_statement" => out.push(self.try_stmt(node)),
            "function_definition" => out.push(Stmt::Def(Rc::new(self.def(node)))),
            "decorated_definition" => {
                if let Some(def) = node.child_by_field_name("definition") {
                    self.stmt(def, out);
                }
            }
            "return_statement" => out.push(Stmt::Return(
                self.named(node).first().map(|&n| self.expr(n)),
            )),
            "import_statement" => self.import(node, out),
            "import_from_statement" => self.import_from(node, out),
            "global_statement" | "nonlocal_statement" => out.push(Stmt::Global(
                self.named(node)
                    .iter()
                    .map(|&n| self.text(n).to_string())
                    .collect(),
            )),
            "break_statement" => out.push(Stmt::Break),
            "continue_statement" => out.push(Stmt::Continue),
            "pass_statement" => {}
            "block" | "module" => out.extend(self.block(node)),
            // What tree-sitter could not place: keep the calls and assignments inside.
            "ERROR" => {
                for child in self.named(node) {
                    match child.kind() {
                        "call" | "assignment" | "augmented_assignment" => {
                            out.push(self.expr_stmt(child))
                        }
                        "identifier" | "attribute" | "string" | "integer" | "float" => {}
                        k if k.ends_with("_statement") || k == "ERROR" => self.stmt(child, out),
                        _ => {}
                    }
                }
            }
            _ => out.push(Stmt::Other),
        }
    }

    fn expr_stmt(&self, node: Node) -> Stmt {
        match node.kind() {
            "assignment" => {
                // `a = b = v` nests: assignment(left a, right assignment(left b, right v)).
                let mut targets = Vec::new();
                let mut cur = node;
                loop {
                    if let Some(left) = cur.child_by_field_name("left") {
                        targets.push(self.expr(left));
                    }
                    match cur.child_by_field_name("right") {
                        Some(r) if r.kind() == "assignment" => cur = r,
                        Some(r) => {
                            return Stmt::Assign {
                                targets,
                                value: self.expr(r),
                            };
                        }
                        // `x: int` declares without binding.
                        None => return Stmt::Other,
                    }
                }
            }
            "augmented_assignment" => {
                let op_text = node
                    .child_by_field_name("operator")
                    .map(|o| o.kind())
                    .unwrap_or("");
                match bin_op(op_text.trim_end_matches('=')) {
                    Some(op) => Stmt::AugAssign {
                        target: self.field(node, "left").unwrap_or_else(|| self.other(node)),
                        op,
                        value: self
                            .field(node, "right")
                            .unwrap_or_else(|| self.other(node)),
                    },
                    None => Stmt::Other,
                }
            }
            _ => Stmt::Expr(self.expr(node)),
        }
    }

    fn if_stmt(&self, node: Node) -> Stmt {
        let mut branches = vec![(
            self.field(node, "condition")
                .unwrap_or_else(|| self.other(node)),
            self.body(node, "consequence"),
        )];
        let mut orelse = Vec::new();
        let mut cursor = node.walk();
        for alt in node.children_by_field_name("alternative", &mut cursor) {
            match alt.kind() {
                "elif_clause" => branches.push((
                    self.field(alt, "condition")
                        .unwrap_or_else(|| self.other(alt)),
                    self.body(alt, "consequence"),
                )),
                _ => orelse = self.body(alt, "body"),
            }
        }
        Stmt::If { branches, orelse }
    }

    fn with_stmt(&self, node: Node) -> Stmt {
        let mut items = Vec::new();
        for clause in self.named(node) {
            if clause.kind() != "with_clause" {
                continue;
            }
            for item in self.named(clause) {
                let Some(value) = item.child_by_field_name("value") else {
                    continue;
                };
                if value.kind() == "as_pattern" {
                    let inner = self.named(value);
                    let expr = inner.first().map(|&n| self.expr(n));
                    let alias = value
                        .child_by_field_name("alias")
                        .and_then(|a| self.named(a).first().map(|&n| self.expr(n)));
                    if let Some(expr) = expr {
                        items.push((expr, alias));
                    }
                } else {
                    items.push((self.expr(value), None));
                }
            }
        }
        Stmt::With {
            items,
            body: self.body(node, "body"),
        }
    }

    fn try_stmt(&self, node: Node) -> Stmt {
        let mut handlers = Vec::new();
        let mut orelse = Vec::new();
        let mut finally = Vec::new();
        for child in self.named(node) {
            let block = self
                .named(child)
                .into_iter()
                .find(|n| n.kind() == "block")
                .map(|b| self.block(b))
                .unwrap_or_default();
            match child.kind() {
                "except_clause" | "except_group_clause" => handlers.push(block),
                "else_clause" => orelse = self.body(child, "body"),
                "finally_clause" => finally = block,
                _ => {}
            }
        }
        Stmt::Try {
            body: self.body(node, "body"),
            handlers,
            orelse,
            finally,
        }
    }

    fn def(&self, node: Node) -> Func {
        Func {
            name: node
                .child_by_field_name("name")
                .map(|n| self.text(n).to_string())
                .unwrap_or_default(),
            params: node
                .child_by_field_name("parameters")
                .map(|p| self.params(p))
                .unwrap_or_default(),
            body: FuncBody::Block(self.body(node, "body")),
        }
    }

    pub(super) fn params(&self, node: Node) -> Vec<Param> {
        let mut out = Vec::new();
        for p in self.named(node) {
            let (name, default, kind) = match p.kind() {
                "identifier" => (self.text(p), None, ParamKind::Normal),
                "default_parameter" | "typed_default_parameter" => (
                    p.child_by_field_name("name")
                        .map(|n| self.text(n))
                        .unwrap_or(""),
                    self.field(p, "value"),
                    ParamKind::Normal,
                ),
                "typed_parameter" => {
                    let inner = self.named(p);
                    match inner.first() {
                        Some(n) if n.kind() == "identifier" => {
                            (self.text(*n), None, ParamKind::Normal)
                        }
                        Some(n) => self.splat_param(*n),
                        None => continue,
                    }
                }
                "list_splat_pattern" | "dictionary_splat_pattern" => self.splat_param(p),
                _ => continue,
            };
            out.push(Param {
                name: name.to_string(),
                default,
                kind,
            });
        }
        out
    }

    fn splat_param(&self, p: Node) -> (&'s str, Option<Expr>, ParamKind) {
        let kind = if p.kind() == "dictionary_splat_pattern" {
            ParamKind::DoubleStar
        } else {
            ParamKind::Star
        };
        let name = self.named(p).first().map(|&n| self.text(n)).unwrap_or("");
        (name, None, kind)
    }

    fn import(&self, node: Node, out: &mut Vec<Stmt>) {
        let mut cursor = node.walk();
        for name in node.children_by_field_name("name", &mut cursor) {
            let (module, alias) = if name.kind() == "aliased_import" {
                let module = name
                    .child_by_field_name("name")
                    .map(|n| self.text(n))
                    .unwrap_or("");
                let alias = name
                    .child_by_field_name("alias")
                    .map(|n| self.text(n))
                    .unwrap_or(module);
                (module.to_string(), alias.to_string())
            } else {
                // `import a.b` binds `a`.
                let module = self.text(name).to_string();
                let top = module.split('.').next().unwrap_or("").to_string();
                (module, top)
            };
            out.push(Stmt::Import { module, alias });
        }
    }

    fn import_from(&self, node: Node, out: &mut Vec<Stmt>) {
        let module = node
            .child_by_field_name("module_name")
            .map(|n| self.text(n).to_string())
            .unwrap_or_default();
        if self
            .named(node)
            .iter()
            .any(|n| n.kind() == "wildcard_import")
        {
            out.push(Stmt::ImportFrom {
                module: module.clone(),
                name: "*".into(),
                alias: "*".into(),
            });
        }
        let mut cursor = node.walk();
        for name in node.children_by_field_name("name", &mut cursor) {
            let (n, alias) = if name.kind() == "aliased_import" {
                let n = name
                    .child_by_field_name("name")
                    .map(|n| self.text(n))
                    .unwrap_or("");
                let alias = name
                    .child_by_field_name("alias")
                    .map(|n| self.text(n))
                    .unwrap_or(n);
                (n, alias)
            } else {
                (self.text(name), self.text(name))
            };
            out.push(Stmt::ImportFrom {
                module: module.clone(),
                name: n.to_string(),
                alias: alias.to_string(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncated_call_is_repaired_and_counted() {
        let src = "import matplotlib.pyplot as plt\nplt.bar(['a'], [1]\nplt.title('t')\n";
        let parsed = parse(src).unwrap();
        assert_eq!(parsed.syntax_errors, 1, "{}", sexp(src));
        assert_eq!(parsed.first_error, Some(Pos { line: 2, column: 1 }));
        assert_eq!(parsed.repaired, vec![2]);
        assert_eq!(parsed.stmts.len(), 3, "{:?}", parsed.stmts);
    }
}
