//! How the report writes values: HTML-escaped text, JSON abbreviated for a reader, and an
//! edit operation in one line. Shared by the page ([`super::html`]), its charts and the
//! "why" of a verdict.

use serde_json::Value;

/// Text for HTML content and attribute values (quoted with `"`).
pub fn esc(text: &str) -> String {
    escape(text, true)
}

/// Text for an element's content (never an attribute): only `&`, `<` and `>` mean
/// anything there. Quotes stay quotes: in the ops and JSON of a row, `&quot;` was a
/// fifth of `report-rows/` (issue #15).
pub fn esc_text(text: &str) -> String {
    escape(text, false)
}

fn escape(text: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quotes => out.push_str("&quot;"),
            '\'' if quotes => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

pub(crate) fn compact(v: &Value) -> String {
    serde_json::to_string(&abbreviated(v)).unwrap_or_default()
}

/// Arrays longer than this are shown by their length: a curve's 1000 samples or a
/// polygon's vertices say nothing to a reader of the page (results.jsonl has them all),
/// and printing them made the figure diffs 60% of a 14 MB report.
const SHOWN_ARRAY: usize = 12;

/// `v` with every array of more than [`SHOWN_ARRAY`] items replaced by `"[N items]"`.
pub(crate) fn abbreviated(v: &Value) -> Value {
    match v {
        Value::Array(items) if items.len() > SHOWN_ARRAY => {
            Value::String(format!("[{} items]", items.len()))
        }
        Value::Array(items) => Value::Array(items.iter().map(abbreviated).collect()),
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, v)| (k.clone(), abbreviated(v))).collect())
        }
        other => other.clone(),
    }
}

/// One edit operation in a line: `bar "C" height: 3 → 5`, `removed line #1 {…}`.
pub(crate) fn describe_op(op: &Value) -> String {
    let text = |k: &str| {
        op.get(k)
            .map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| compact(v)))
    };
    if let Some(attr) = text("attr") {
        let what = text("what").or_else(|| text("key")).unwrap_or_default();
        let side = |k: &str| op.get(k).map(compact).unwrap_or_else(|| "null".to_string());
        return format!("{what} {attr}: {} → {}", side("old"), side("new"));
    }
    if let Some(e) = op.get("element").and_then(Value::as_object) {
        let field = |k: &str| {
            e.get(k)
                .map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| compact(v)))
        };
        let mut s = [field("kind"), field("key")]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(attrs) = e.get("attrs") {
            s.push(' ');
            s.push_str(&compact(attrs));
        }
        return s;
    }
    let mut rest = op.clone();
    if let Some(m) = rest.as_object_mut() {
        m.remove("op");
    }
    compact(&rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_arrays_are_shown_by_their_length() {
        let curve: Vec<f64> = (0..1000).map(f64::from).collect();
        let v = serde_json::json!({"x": curve, "ends": [[0, 1], [2, 3]]});
        assert_eq!(compact(&v), r#"{"ends":[[0,1],[2,3]],"x":"[1000 items]"}"#);
    }

    #[test]
    fn escapes_everything_that_could_open_markup() {
        assert_eq!(
            esc("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
        assert_eq!(
            esc_text("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert('x')&lt;/script&gt; &amp; \"q\""
        );
    }

    #[test]
    fn ops_read_as_one_line_each() {
        let changed = serde_json::json!({"op": "changed", "kind": "bar", "axes": 0, "key": "C", "what": "bar \"C\"", "attr": "height", "old": 3, "new": 5});
        assert_eq!(describe_op(&changed), "bar \"C\" height: 3 → 5");
        let removed = serde_json::json!({"op": "removed", "element": {"kind": "line", "key": "#1", "attrs": {"ls": "--"}}});
        assert_eq!(describe_op(&removed), "line #1 {\"ls\":\"--\"}");
        assert_eq!(
            describe_op(&serde_json::json!({"op": "x", "a": 1})),
            "{\"a\":1}"
        );
    }
}
