//! Expressions of the tree-sitter tree → [`super::ast::Expr`]: literals (with Python's
//! string escapes and f-string fields), operators, calls, subscripts, comprehensions and
//! lambdas. Statements are in [`super::syntax`]; this is its second half.

use std::rc::Rc;

use tree_sitter::Node;

use super::ast::*;
use super::syntax::Conv;

impl Conv<'_> {
    // ---- expressions ----

    pub(super) fn expr(&self, node: Node) -> Expr {
        let kind = self
            .nested(|| self.expr_kind(node))
            .unwrap_or(ExprKind::Other);
        Expr {
            kind,
            span: self.span(node),
        }
    }

    pub(super) fn exprs(&self, node: Node) -> Vec<Expr> {
        self.named(node).into_iter().map(|n| self.expr(n)).collect()
    }

    pub(super) fn expr_kind(&self, node: Node) -> ExprKind {
        match node.kind() {
            "integer" => parse_int(self.text(node)),
            "float" => self
                .text(node)
                .replace('_', "")
                .parse()
                .map(ExprKind::Float)
                .unwrap_or(ExprKind::Other),
            "true" => ExprKind::Bool(true),
            "false" => ExprKind::Bool(false),
            "none" => ExprKind::None,
            "identifier" => ExprKind::Name(self.text(node).to_string()),
            "string" => self.string(node),
            "concatenated_string" => self.concatenated(node),
            "attribute" => match node.child_by_field_name("attribute") {
                Some(attr) => ExprKind::Attr(self.boxed(node, "object"), self.text(attr).into()),
                None => ExprKind::Other,
            },
            "call" => self.call(node),
            "subscript" => self.subscript(node),
            "slice" => self.slice(node),
            "list" => ExprKind::List(self.exprs(node)),
            "tuple" | "expression_list" | "pattern_list" | "tuple_pattern" => {
                ExprKind::Tuple(self.exprs(node))
            }
            "list_pattern" => ExprKind::List(self.exprs(node)),
            "set" => ExprKind::Set(self.exprs(node)),
            "dictionary" => self.dictionary(node),
            "list_splat" | "list_splat_pattern" => match self.named(node).first() {
                Some(&n) => ExprKind::Starred(Box::new(self.expr(n))),
                None => ExprKind::Other,
            },
            "parenthesized_expression" => self.parenthesized(node),
            "binary_operator" => self.binary(node),
            "unary_operator" => self.unary(node),
            "not_operator" => ExprKind::Not(self.boxed(node, "argument")),
            "boolean_operator" => {
                let and = node.child_by_field_name("operator").map(|o| o.kind()) == Some("and");
                ExprKind::BoolOp(and, self.boxed(node, "left"), self.boxed(node, "right"))
            }
            "comparison_operator" => self.compare(node),
            "conditional_expression" => self.conditional(node),
            "lambda" => self.lambda(node),
            "list_comprehension" => self.comprehension(node, CompKind::List),
            "set_comprehension" => self.comprehension(node, CompKind::Set),
            "dictionary_comprehension" => self.comprehension(node, CompKind::Dict),
            "generator_expression" => self.comprehension(node, CompKind::Generator),
            _ => ExprKind::Other,
        }
    }

    fn subscript(&self, node: Node) -> ExprKind {
        let mut cursor = node.walk();
        let idx = node
            .children_by_field_name("subscript", &mut cursor)
            .map(|n| self.expr(n))
            .collect();
        ExprKind::Subscript(self.boxed(node, "value"), idx)
    }

    /// `{k: v, **rest}`: a `**` entry has no key.
    fn dictionary(&self, node: Node) -> ExprKind {
        ExprKind::Dict(
            self.named(node)
                .into_iter()
                .map(|p| match p.kind() {
                    "pair" => (
                        self.field(p, "key"),
                        self.field(p, "value").unwrap_or_else(|| self.other(p)),
                    ),
                    _ => (
                        None,
                        self.named(p)
                            .first()
                            .map(|&n| self.expr(n))
                            .unwrap_or_else(|| self.other(p)),
                    ),
                })
                .collect(),
        )
    }

    /// `((((x))))`: unwrapped in a loop, not by recursion.
    fn parenthesized(&self, node: Node) -> ExprKind {
        let mut inner = node;
        while inner.kind() == "parenthesized_expression" {
            match self.named(inner).first() {
                Some(&n) => inner = n,
                None => return ExprKind::Other,
            }
        }
        self.expr(inner).kind
    }

    fn binary(&self, node: Node) -> ExprKind {
        let op = node
            .child_by_field_name("operator")
            .and_then(|o| bin_op(o.kind()));
        match op {
            Some(op) => ExprKind::Binary(op, self.boxed(node, "left"), self.boxed(node, "right")),
            None => ExprKind::Other,
        }
    }

    fn unary(&self, node: Node) -> ExprKind {
        let op = match node.child_by_field_name("operator").map(|o| o.kind()) {
            Some("-") => UnaryOp::Neg,
            Some("+") => UnaryOp::Pos,
            Some("~") => UnaryOp::Invert,
            _ => return ExprKind::Other,
        };
        ExprKind::Unary(op, self.boxed(node, "argument"))
    }

    /// `body if cond else orelse`.
    fn conditional(&self, node: Node) -> ExprKind {
        let parts = self.named(node);
        if parts.len() != 3 {
            return ExprKind::Other;
        }
        ExprKind::IfElse {
            body: Box::new(self.expr(parts[0])),
            cond: Box::new(self.expr(parts[1])),
            orelse: Box::new(self.expr(parts[2])),
        }
    }

    fn lambda(&self, node: Node) -> ExprKind {
        ExprKind::Lambda(Rc::new(Func {
            name: "<lambda>".into(),
            params: node
                .child_by_field_name("parameters")
                .map(|p| self.params(p))
                .unwrap_or_default(),
            body: FuncBody::Lambda(self.field(node, "body").unwrap_or_else(|| self.other(node))),
        }))
    }

    fn call(&self, node: Node) -> ExprKind {
        let func = self.boxed(node, "function");
        let Some(args_node) = node.child_by_field_name("arguments") else {
            return ExprKind::Other;
        };
        if args_node.kind() == "generator_expression" {
            let arg = Arg {
                kind: ArgKind::Positional,
                value: self.expr(args_node),
            };
            return ExprKind::Call(func, vec![arg]);
        }
        let mut args = Vec::new();
        for a in self.named(args_node) {
            let arg = match a.kind() {
                "keyword_argument" => {
                    let name = a
                        .child_by_field_name("name")
                        .map(|n| self.text(n))
                        .unwrap_or("");
                    Arg {
                        kind: ArgKind::Keyword(name.to_string()),
                        value: self.field(a, "value").unwrap_or_else(|| self.other(a)),
                    }
                }
                "list_splat" => Arg {
                    kind: ArgKind::Star,
                    value: self
                        .named(a)
                        .first()
                        .map(|&n| self.expr(n))
                        .unwrap_or_else(|| self.other(a)),
                },
                "dictionary_splat" => Arg {
                    kind: ArgKind::DoubleStar,
                    value: self
                        .named(a)
                        .first()
                        .map(|&n| self.expr(n))
                        .unwrap_or_else(|| self.other(a)),
                },
                "ERROR" => continue,
                _ => Arg {
                    kind: ArgKind::Positional,
                    value: self.expr(a),
                },
            };
            args.push(arg);
        }
        ExprKind::Call(func, args)
    }

    fn slice(&self, node: Node) -> ExprKind {
        // Children are unnamed: expressions separated by `:` tokens.
        let mut parts: [Option<Box<Expr>>; 3] = [None, None, None];
        let mut i = 0;
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            if child.kind() == ":" {
                i = (i + 1).min(2);
            } else if child.is_named() && child.kind() != "comment" {
                parts[i] = Some(Box::new(self.expr(child)));
            }
        }
        let [a, b, c] = parts;
        ExprKind::Slice(a, b, c)
    }

    fn compare(&self, node: Node) -> ExprKind {
        let mut operands = Vec::new();
        let mut ops = Vec::new();
        let mut cursor = node.walk();
        for (i, child) in node.children(&mut cursor).enumerate() {
            if node.field_name_for_child(i as u32) == Some("operators") {
                ops.push(child.kind());
            } else if child.is_named() {
                operands.push(self.expr(child));
            }
        }
        // `not in` / `is not` arrive as two operator tokens.
        let mut merged = Vec::new();
        let mut k = 0;
        while k < ops.len() {
            let op = match (ops[k], ops.get(k + 1)) {
                ("not", Some(&"in")) => {
                    k += 1;
                    CmpOp::NotIn
                }
                ("is", Some(&"not")) => {
                    k += 1;
                    CmpOp::IsNot
                }
                ("not in", _) => CmpOp::NotIn,
                ("is not", _) => CmpOp::IsNot,
                ("==", _) => CmpOp::Eq,
                ("!=", _) | ("<>", _) => CmpOp::Ne,
                ("<", _) => CmpOp::Lt,
                ("<=", _) => CmpOp::Le,
                (">", _) => CmpOp::Gt,
                (">=", _) => CmpOp::Ge,
                ("in", _) => CmpOp::In,
                ("is", _) => CmpOp::Is,
                _ => return ExprKind::Other,
            };
            merged.push(op);
            k += 1;
        }
        if operands.len() != merged.len() + 1 {
            return ExprKind::Other;
        }
        let mut operands = operands.into_iter();
        let first = operands.next().expect("checked length");
        ExprKind::Compare(Box::new(first), merged.into_iter().zip(operands).collect())
    }

    fn comprehension(&self, node: Node, kind: CompKind) -> ExprKind {
        let Some(body) = node.child_by_field_name("body") else {
            return ExprKind::Other;
        };
        let (elt, value) = if kind == CompKind::Dict && body.kind() == "pair" {
            (
                self.field(body, "key").unwrap_or_else(|| self.other(body)),
                self.field(body, "value"),
            )
        } else {
            (self.expr(body), None)
        };
        let mut clauses = Vec::new();
        for child in self.named(node) {
            match child.kind() {
                "for_in_clause" => {
                    let target = self.field(child, "left");
                    let iter = self.field(child, "right");
                    match (target, iter) {
                        (Some(target), Some(iter)) => clauses.push(Clause::For { target, iter }),
                        _ => return ExprKind::Other,
                    }
                }
                "if_clause" => match self.named(child).first() {
                    Some(&c) => clauses.push(Clause::If(self.expr(c))),
                    None => return ExprKind::Other,
                },
                _ => {}
            }
        }
        ExprKind::Comprehension(Box::new(Comprehension {
            kind,
            elt,
            value,
            clauses,
        }))
    }

    fn concatenated(&self, node: Node) -> ExprKind {
        let mut parts = Vec::new();
        let mut fstring = false;
        for s in self.named(node) {
            match self.string(s) {
                ExprKind::Str(t) => parts.push(FPart::Lit(t)),
                ExprKind::FString(p) => {
                    fstring = true;
                    parts.extend(p)
                }
                _ => return ExprKind::Other,
            }
        }
        if fstring {
            return ExprKind::FString(parts);
        }
        let mut text = String::new();
        for p in parts {
            if let FPart::Lit(t) = p {
                text.push_str(&t);
            }
        }
        ExprKind::Str(text)
    }

    fn string(&self, node: Node) -> ExprKind {
        let mut prefix = String::new();
        let mut parts = Vec::new();
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            match child.kind() {
                "string_start" => {
                    prefix = self
                        .text(child)
                        .trim_end_matches(['\'', '"'])
                        .to_ascii_lowercase()
                }
                "string_content" => {
                    let raw = self.text(child);
                    let fstring = prefix.contains('f');
                    let mut text = if prefix.contains('r') {
                        raw.to_string()
                    } else {
                        unescape(raw)
                    };
                    if fstring {
                        text = text.replace("{{", "{").replace("}}", "}");
                    }
                    parts.push(FPart::Lit(text));
                }
                "interpolation" => parts.push(self.interpolation(child)),
                _ => {}
            }
        }
        if prefix.contains('b') {
            return ExprKind::Other;
        }
        if prefix.contains('f') {
            return ExprKind::FString(parts);
        }
        let mut text = String::new();
        for p in parts {
            if let FPart::Lit(t) = p {
                text.push_str(&t);
            }
        }
        ExprKind::Str(text)
    }

    fn interpolation(&self, node: Node) -> FPart {
        let Some(expr_node) = node.child_by_field_name("expression") else {
            return FPart::Lit(self.text(node).to_string());
        };
        let expr = self.expr(expr_node);
        let conversion = node
            .child_by_field_name("type_conversion")
            .and_then(|c| self.text(c).chars().nth(1));
        let spec = match node.child_by_field_name("format_specifier") {
            None => Some(String::new()),
            Some(s) => {
                let text = self.text(s).trim_start_matches(':');
                (!text.contains('{')).then(|| text.to_string())
            }
        };
        let mut cursor = node.walk();
        let debug = node.children(&mut cursor).any(|c| c.kind() == "=");
        let debug_text = debug.then(|| {
            let s = self.span(node);
            let e = self.span(expr_node);
            // `{x = }` prints `x = `: everything from after `{` to before `=` and spaces after.
            let inner = self.src.get(s.start + 1..s.end - 1).unwrap_or("");
            let upto = inner.find('=').map(|i| i + 1).unwrap_or(e.end - e.start);
            let after = inner[upto..]
                .chars()
                .take_while(|c| c.is_whitespace())
                .count();
            inner[..upto + after].to_string()
        });
        FPart::Field {
            expr,
            conversion,
            spec,
            debug_text,
        }
    }
}

pub(super) fn bin_op(op: &str) -> Option<BinOp> {
    Some(match op {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "//" => BinOp::FloorDiv,
        "%" => BinOp::Mod,
        "**" => BinOp::Pow,
        "@" => BinOp::MatMul,
        "&" => BinOp::BitAnd,
        "|" => BinOp::BitOr,
        "^" => BinOp::BitXor,
        "<<" => BinOp::Shl,
        ">>" => BinOp::Shr,
        _ => return None,
    })
}

fn parse_int(text: &str) -> ExprKind {
    let t = text.replace('_', "").to_ascii_lowercase();
    if t.ends_with('j') || t.ends_with('l') {
        return ExprKind::Other;
    }
    let (digits, radix) = match t.get(..2) {
        Some("0x") => (&t[2..], 16),
        Some("0o") => (&t[2..], 8),
        Some("0b") => (&t[2..], 2),
        _ => (t.as_str(), 10),
    };
    match i64::from_str_radix(digits, radix) {
        Ok(v) => ExprKind::Int(v),
        Err(_) => digits
            .parse::<f64>()
            .map(ExprKind::Float)
            .unwrap_or(ExprKind::Other),
    }
}

/// Python escape sequences of a non-raw string literal.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            '\n' => {}
            '\\' => out.push('\\'),
            '\'' => out.push('\''),
            '"' => out.push('"'),
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'v' => out.push('\x0b'),
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.extend(char::from_u32(v));
            }
            'x' | 'u' | 'U' => {
                let n = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let hex: String = (0..n).filter_map(|_| chars.next()).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => {
                        out.push('\\');
                        out.push(e);
                        out.push_str(&hex);
                    }
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_follow_python() {
        assert_eq!(unescape(r"a\nb\t\x41\u00e9\d"), "a\nb\tAé\\d");
    }
}
