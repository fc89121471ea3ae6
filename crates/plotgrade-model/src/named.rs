//! Enums spelled by name on the command line and in the Python package: one table of
//! `(name, value)` per enum (`InputFormat::ALL`, `AnswerReading::ALL`) and one parser.

/// The value named `s` in `all`, else an error naming `what` and every name.
pub fn parse<T: Copy>(all: &[(&str, T)], s: &str, what: &str) -> Result<T, String> {
    all.iter()
        .find(|(name, _)| *name == s)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|(n, _)| *n).collect();
            format!("unknown {what} {s:?}: one of {}", names.join(", "))
        })
}
