//! Python's text forms of numbers: `repr(float)`, `format(x, spec)` and `'%…' % x`.
//!
//! Labels in plotting scripts are built with f-strings (`f'{v:.1f}%'`), `str.format` and
//! `%`, so comparing the texts a script draws needs Python's exact output: `45` vs `45.0`,
//! `1e-05`, banker's-free correct rounding (Rust's formatter rounds the exact binary value
//! like Python does). Only the format types plotting code uses are implemented; any other
//! spec returns `None` and the caller keeps the value symbolic, as does a width or
//! precision past the longest string the reader builds ([`MAX_STR`]).

use super::budget::MAX_STR;

/// `repr()` of a Python float: shortest round-trip digits, scientific outside 1e-4..1e16.
pub(crate) fn float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    // `{:e}` gives the shortest round-trip digits: "1.2345e-5".
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    if (-4..16).contains(&exp) {
        let s = format!("{x}");
        if s.contains('.') { s } else { format!("{s}.0") }
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exp.abs())
    }
}

/// A number as a person (and Python, for ints) writes it: `45`, `0.5`, `1e-05`.
pub(crate) fn num_repr(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e16 {
        format!("{}", x as i64)
    } else {
        float_repr(x)
    }
}

/// A number for people: an int as an int, otherwise ten significant digits.
pub fn short_num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e16 {
        return num_repr(x);
    }
    format_num(x, false, ".10g").unwrap_or_else(|| float_repr(x))
}

/// A parsed format spec: `[[fill]align][sign][#][0][width][,|_][.precision][type]`.
#[derive(Debug, Default)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    alternate: bool,
    zero: bool,
    width: usize,
    grouping: Option<char>,
    precision: Option<usize>,
    ty: Option<char>,
}

/// Longest format spec read: `[[fill]align][sign][#][0][width][,][.precision][type]` is
/// a couple of dozen characters at most.
const MAX_SPEC: usize = 64;

fn parse_spec(spec: &str) -> Option<Spec> {
    if spec.len() > MAX_SPEC {
        return None;
    }
    let chars: Vec<char> = spec.chars().collect();
    let mut s = Spec::default();
    let mut i = 0;
    let is_align = |c: char| matches!(c, '<' | '>' | '^' | '=');
    if chars.len() >= 2 && is_align(chars[1]) {
        s.fill = Some(chars[0]);
        s.align = Some(chars[1]);
        i = 2;
    } else if chars.first().copied().is_some_and(is_align) {
        s.align = Some(chars[0]);
        i = 1;
    }
    if let Some(&c) = chars.get(i).filter(|c| matches!(c, '+' | '-' | ' ')) {
        s.sign = Some(c);
        i += 1;
    }
    if chars.get(i) == Some(&'#') {
        s.alternate = true;
        i += 1;
    }
    if chars.get(i) == Some(&'0') {
        s.zero = true;
        i += 1;
    }
    let start = i;
    while chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
        i += 1;
    }
    if i > start {
        s.width = chars[start..i].iter().collect::<String>().parse().ok()?;
    }
    // `f'{x:>1000000000}'` asks for a gigabyte: a width or precision past the longest
    // string the reader builds is not formatted.
    if s.width > MAX_STR {
        return None;
    }
    if let Some(&c) = chars.get(i).filter(|c| matches!(c, ',' | '_')) {
        s.grouping = Some(c);
        i += 1;
    }
    if chars.get(i) == Some(&'.') {
        i += 1;
        let start = i;
        while chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        s.precision = Some(chars[start..i].iter().collect::<String>().parse().ok()?);
        if s.precision > Some(MAX_STR) {
            return None;
        }
    }
    if let Some(&c) = chars.get(i) {
        s.ty = Some(c);
        i += 1;
    }
    (i == chars.len()).then_some(s)
}

/// `format(value, spec)` for an int (`is_int`) or float.
pub fn format_num(x: f64, is_int: bool, spec: &str) -> Option<String> {
    let s = parse_spec(spec)?;
    // Python keeps the sign of a float that rounds to zero (`format(-0.04, '.1f')` is
    // '-0.0'), and ints have no negative zero.
    let neg = x.is_sign_negative() && !(is_int && x == 0.0);
    let a = x.abs();
    let body = match s.ty {
        None if is_int => format!("{}", a as i64),
        None => match s.precision {
            // `format(x, '.3')` is like 'g' but keeps at least one digit after the point.
            Some(p) => general(a, p.max(1), s.alternate, true),
            None => float_repr(a),
        },
        Some('d') if is_int => format!("{}", a as i64),
        Some('n') if is_int => format!("{}", a as i64),
        Some('f' | 'F') => format!("{:.*}", s.precision.unwrap_or(6), a),
        Some('%') => format!("{:.*}%", s.precision.unwrap_or(6), a * 100.0),
        Some('e' | 'E') => {
            let t = sci(a, s.precision.unwrap_or(6));
            if s.ty == Some('E') {
                t.to_uppercase()
            } else {
                t
            }
        }
        Some('g' | 'G' | 'n') => {
            let t = general(a, s.precision.unwrap_or(6).max(1), s.alternate, false);
            if s.ty == Some('G') {
                t.to_uppercase()
            } else {
                t
            }
        }
        Some('x') if is_int => format!("{:x}", a as i64),
        Some('X') if is_int => format!("{:X}", a as i64),
        Some('o') if is_int => format!("{:o}", a as i64),
        Some('b') if is_int => format!("{:b}", a as i64),
        _ => return None,
    };
    let body = match s.grouping {
        Some(sep) => group(&body, sep),
        None => body,
    };
    let sign = match (neg, s.sign) {
        (true, _) => "-",
        (false, Some('+')) => "+",
        (false, Some(' ')) => " ",
        _ => "",
    };
    Some(pad(sign, &body, &s, '>'))
}

/// `format(text, spec)`: only fill, alignment, width and precision (truncation).
pub fn format_str(text: &str, spec: &str) -> Option<String> {
    let s = parse_spec(spec)?;
    if !matches!(s.ty, None | Some('s')) || s.sign.is_some() || s.grouping.is_some() {
        return None;
    }
    let body: String = match s.precision {
        Some(p) => text.chars().take(p).collect(),
        None => text.to_string(),
    };
    Some(pad("", &body, &s, '<'))
}

fn pad(sign: &str, body: &str, s: &Spec, default_align: char) -> String {
    let len = sign.chars().count() + body.chars().count();
    if len >= s.width {
        return format!("{sign}{body}");
    }
    let n = s.width - len;
    let (fill, align) = match (s.fill, s.align, s.zero) {
        (f, Some(a), _) => (f.unwrap_or(' '), a),
        (_, None, true) => ('0', '='),
        _ => (' ', default_align),
    };
    let run = |k: usize| std::iter::repeat_n(fill, k).collect::<String>();
    match align {
        '<' => format!("{sign}{body}{}", run(n)),
        '^' => format!("{}{sign}{body}{}", run(n / 2), run(n - n / 2)),
        '=' => format!("{sign}{}{body}", run(n)),
        _ => format!("{}{sign}{body}", run(n)),
    }
}

/// Thousands separators in the integer part of a formatted number.
fn group(body: &str, sep: char) -> String {
    let (int, rest) = match body.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => body.split_at(i),
        None => (body, ""),
    };
    let mut out = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    out + rest
}

/// Python's `e` format: mantissa with `p` decimals, exponent with at least two digits.
fn sci(a: f64, p: usize) -> String {
    let t = format!("{a:.p$e}");
    let (m, e) = t.split_once('e').expect("`{:e}` has an exponent");
    let e: i32 = e.parse().expect("`{:e}` exponent is an integer");
    let sign = if e < 0 { '-' } else { '+' };
    format!("{m}e{sign}{:02}", e.abs())
}

/// Python's `g` format with `p` significant digits. `keep_point` is the no-type variant
/// (`'.3'`), which writes `1.0` where `g` writes `1`.
fn general(a: f64, p: usize, alternate: bool, keep_point: bool) -> String {
    if a == 0.0 {
        return if keep_point { "0.0".into() } else { "0".into() };
    }
    let t = format!("{a:.*e}", p - 1);
    let exp: i32 = t
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    let out = if exp >= -4 && exp < p as i32 {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        let fixed = format!("{a:.decimals$}");
        if alternate {
            fixed
        } else {
            strip_zeros(&fixed)
        }
    } else {
        let s = sci(a, p - 1);
        if alternate {
            s
        } else {
            let (m, e) = s.split_once('e').expect("sci has an exponent");
            format!("{}e{e}", strip_zeros(m))
        }
    };
    if keep_point && !out.contains(['.', 'e', 'n', 'i']) {
        format!("{out}.0")
    } else {
        out
    }
}

fn strip_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

/// One `%` conversion for `'…' % value`: `%d`, `%5.1f`, `%s`, `%g`, `%%` handled by caller.
/// `value` is a number (`Some`) or, for `%s`/`%r`, its text.
pub(crate) fn percent_one(
    flags: &str,
    conv: char,
    num: Option<(f64, bool)>,
    text: &str,
) -> Option<String> {
    // Translate the printf flags/width/precision to a format spec.
    let mut spec = String::new();
    let mut rest = flags;
    let mut align = "";
    while let Some(c) = rest.chars().next() {
        match c {
            '-' => align = "<",
            '+' => spec.push('+'),
            ' ' => spec.push(' '),
            '#' => spec.push('#'),
            '0' if align.is_empty() => spec.push('0'),
            _ => break,
        }
        rest = &rest[1..];
    }
    let spec = format!("{align}{spec}{rest}");
    match conv {
        's' | 'r' => format_str(text, &spec),
        'd' | 'i' | 'u' => {
            let (x, _) = num?;
            format_num(x.trunc(), true, &format!("{spec}d"))
        }
        'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'x' | 'X' | 'o' => {
            let (x, is_int) = num?;
            let spec = if spec.contains('.') || !matches!(conv, 'f' | 'F' | 'e' | 'E') {
                spec
            } else {
                format!("{spec}.6")
            };
            format_num(
                x,
                is_int || matches!(conv, 'x' | 'X' | 'o'),
                &format!("{spec}{conv}"),
            )
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_repr_matches_python() {
        assert_eq!(float_repr(45.0), "45.0");
        assert_eq!(float_repr(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(float_repr(1e-5), "1e-05");
        assert_eq!(float_repr(1e16), "1e+16");
        assert_eq!(float_repr(123456.5), "123456.5");
    }

    #[test]
    fn format_specs_match_python() {
        assert_eq!(format_num(45.0, false, ".1f").unwrap(), "45.0");
        assert_eq!(format_num(0.256, false, ".1%").unwrap(), "25.6%");
        assert_eq!(format_num(1234567.0, true, ",").unwrap(), "1,234,567");
        assert_eq!(format_num(3.0, true, "03d").unwrap(), "003");
        assert_eq!(format_num(0.0001234, false, "g").unwrap(), "0.0001234");
        assert_eq!(format_num(1234567.0, false, "g").unwrap(), "1.23457e+06");
        assert_eq!(format_num(2.5, false, ">6.2f").unwrap(), "  2.50");
        assert_eq!(format_num(-2.0, false, "+.1f").unwrap(), "-2.0");
        assert_eq!(format_str("ab", "^6").unwrap(), "  ab  ");
        assert!(format_num(1.0, false, "q").is_none());
    }

    #[test]
    fn percent_conversions_match_python() {
        assert_eq!(
            percent_one("1.1", 'f', Some((25.0, false)), "").unwrap(),
            "25.0"
        );
        assert_eq!(percent_one("", 'd', Some((7.9, false)), "").unwrap(), "7");
        assert_eq!(percent_one("", 'g', Some((30.0, false)), "").unwrap(), "30");
        assert_eq!(percent_one("", 's', None, "A").unwrap(), "A");
    }
}
