//! Reading past syntax errors: splitting a broken source into top-level statements so
//! each is parsed on its own, and closing the brackets a truncated statement left open.
//! Used by [`super::syntax`] only when the whole-file parse has errors.

/// Top-level statements as (start byte, end byte, 0-based first line): a chunk starts at
/// every line with no indentation, except lines that continue a statement (`else`,
/// `elif`, `except`, `finally`, lines after a decorator or a backslash, and lines inside
/// open brackets that do not look like a new statement, such as `2]` of a list).
pub(super) fn chunks(source: &str) -> Vec<(usize, usize, usize)> {
    const CONTINUES: &[&str] = &[")", "]", "}", "else", "elif", "except", "finally"];
    let mut out: Vec<(usize, usize, usize)> = Vec::new();
    let mut offset = 0;
    let mut joins_next = false;
    let mut depth: i64 = 0;
    for (row, line) in source.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_end();
        let top_level = !trimmed.is_empty() && !line.starts_with([' ', '\t', '#']);
        let looks_new = trimmed.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == '@');
        let starts_chunk = top_level
            && !CONTINUES.iter().any(|c| trimmed.starts_with(c))
            && !joins_next
            && (depth <= 0 || looks_new);
        if starts_chunk || out.is_empty() {
            out.push((offset, offset + line.len(), row));
            depth = 0;
        } else if let Some(last) = out.last_mut() {
            last.1 = offset + line.len();
        }
        depth += bracket_balance(line);
        if top_level {
            joins_next = trimmed.starts_with('@');
        }
        if trimmed.ends_with('\\') {
            joins_next = true;
        } else if !trimmed.is_empty() && !trimmed.starts_with('@') {
            joins_next = false;
        }
        offset += line.len();
    }
    out
}

/// Opened minus closed brackets on one line, outside strings and comments.
fn bracket_balance(line: &str) -> i64 {
    let mut n = 0;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '#') => break,
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => n += 1,
            (None, ')' | ']' | '}') => n -= 1,
            _ => {}
        }
    }
    n
}

/// The closing brackets an unfinished statement needs, or `None` when its brackets are
/// balanced or crossed (then closing them would not repair it).
pub(super) fn unclosed(text: &str) -> Option<String> {
    let mut stack = Vec::new();
    let mut chars = text.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                if c == '\\' {
                    chars.next();
                } else if c == q || c == '\n' {
                    quote = None;
                }
            }
            None => match c {
                '#' => {
                    for c in chars.by_ref() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                '\'' | '"' => quote = Some(c),
                '(' => stack.push(')'),
                '[' => stack.push(']'),
                '{' => stack.push('}'),
                ')' | ']' | '}' if stack.pop() != Some(c) => return None,
                _ => {}
            },
        }
    }
    if stack.is_empty() {
        return None;
    }
    Some(stack.iter().rev().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_split_top_level_statements() {
        let src =
            "import a\nx = [1,\n2]\nif x:\n    y = 1\nelse:\n    y = 2\n@d\ndef f():\n    pass\n";
        let lines: Vec<usize> = chunks(src).iter().map(|c| c.2).collect();
        assert_eq!(lines, vec![0, 1, 3, 7], "{:?}", chunks(src));
    }

    #[test]
    fn unclosed_brackets_are_closed_in_order() {
        assert_eq!(unclosed("plt.bar(x, [1, 2"), Some("])".into()));
        assert_eq!(unclosed("f('(')"), None);
        assert_eq!(unclosed("f(]"), None);
    }
}
