//! What a caller asks of the judge, before it is checked: the command line's `--judge-*`
//! flags and the Python package's `judge={...}` both fill a [`JudgeSettings`], and
//! [`JudgeSettings::resolve`] (the environment filling what is unset) turns it into the
//! [`JudgeConfig`] a run uses, or into no judge at all.

use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;

use crate::{JudgeConfig, JudgeMode, RetryPolicy, redact_url};

/// Settings that do not make a judge, with the setting that is wrong and why.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SettingsError(String);

/// The judge a caller asked for. Unset `url`, `model` and `api_key` come from the
/// environment (`PLOTGRADE_JUDGE_URL`, `PLOTGRADE_JUDGE_MODEL`, `PLOTGRADE_JUDGE_API_KEY`,
/// then `OPENAI_BASE_URL` and `OPENAI_API_KEY`). Deserialises from the Python package's
/// `judge=` dict, refusing a key it does not know.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JudgeSettings {
    pub url: Option<String>,
    pub model: Option<String>,
    pub api_key: Option<String>,
    pub mode: JudgeMode,
    /// Answers asked per submission, 1–100.
    pub repeat: u32,
    /// Requests in flight at once, 1–256.
    pub concurrency: usize,
    /// Seconds one request may take before it is retried.
    pub timeout: f64,
    pub retries: u32,
    /// Seconds before the first retry; doubles each time.
    pub backoff: f64,
    pub dry_run: bool,
    /// Request parameters laid over the defaults in order (a later one wins); `null`
    /// removes a default.
    #[serde(deserialize_with = "params_in_order")]
    pub params: Vec<(String, Value)>,
}

impl Default for JudgeSettings {
    /// The command line's defaults.
    fn default() -> Self {
        JudgeSettings {
            url: None,
            model: None,
            api_key: None,
            mode: JudgeMode::Rubric,
            repeat: 1,
            concurrency: 4,
            timeout: 60.0,
            retries: 3,
            backoff: 1.0,
            dry_run: false,
            params: Vec::new(),
        }
    }
}

impl std::fmt::Debug for JudgeSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JudgeSettings")
            .field("url", &self.url.as_deref().map(redact_url))
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<set>"))
            .field("mode", &self.mode)
            .field("repeat", &self.repeat)
            .field("concurrency", &self.concurrency)
            .field("timeout", &self.timeout)
            .field("retries", &self.retries)
            .field("backoff", &self.backoff)
            .field("dry_run", &self.dry_run)
            .field("params", &self.params)
            .finish()
    }
}

/// A JSON object's entries in the order written (serde_json's map is sorted).
fn params_in_order<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, Value)>, D::Error> {
    struct Entries;
    impl<'de> serde::de::Visitor<'de> for Entries {
        type Value = Vec<(String, Value)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of request parameters")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut m: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(entry) = m.next_entry()? {
                out.push(entry);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Entries)
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

macro_rules! refuse {
    ($($t:tt)*) => { return Err(SettingsError(format!($($t)*))) };
}

impl JudgeSettings {
    /// The judge to ask, or `None` when neither a URL nor a model is given (here or in
    /// the environment). Every setting is checked; an error names the flag.
    pub fn resolve(&self) -> Result<Option<JudgeConfig>, SettingsError> {
        let model = self.model.clone().or_else(|| env("PLOTGRADE_JUDGE_MODEL"));
        // OPENAI_BASE_URL is often set for other tools: it serves as the judge's URL only
        // once a judge model is asked for, never turning the judge on by itself.
        let url = self
            .url
            .clone()
            .or_else(|| env("PLOTGRADE_JUDGE_URL"))
            .or_else(|| model.as_ref().and_then(|_| env("OPENAI_BASE_URL")));
        let (url, model) = match (url, model) {
            (Some(u), Some(m)) => (u, m),
            (None, None) if self.dry_run => refuse!(
                "--judge-dry-run needs --judge-url and --judge-model (the prompts depend on neither, the cache keys on the model)"
            ),
            (None, None) => return Ok(None),
            (Some(_), None) => refuse!(
                "--judge-url is set but not --judge-model (or PLOTGRADE_JUDGE_MODEL): which model should judge?"
            ),
            (None, Some(_)) => refuse!(
                "--judge-model is set but not --judge-url (or PLOTGRADE_JUDGE_URL): where is the model served?"
            ),
        };
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            refuse!(
                "--judge-url must start with http:// or https://, got {}",
                redact_url(&url)
            );
        }
        if !(1..=100).contains(&self.repeat) {
            refuse!(
                "--judge-repeat must be between 1 and 100, got {}",
                self.repeat
            );
        }
        if !(1..=256).contains(&self.concurrency) {
            refuse!(
                "--judge-concurrency must be between 1 and 256, got {}",
                self.concurrency
            );
        }
        Ok(Some(JudgeConfig {
            url,
            model,
            api_key: self
                .api_key
                .clone()
                .or_else(|| env("PLOTGRADE_JUDGE_API_KEY"))
                .or_else(|| env("OPENAI_API_KEY")),
            mode: self.mode,
            repeat: self.repeat,
            concurrency: self.concurrency,
            timeout: seconds("--judge-timeout", self.timeout, 0.001)?,
            retry: RetryPolicy {
                retries: self.retries,
                base: seconds("--judge-backoff", self.backoff, 0.0)?,
                ..RetryPolicy::default()
            },
            dry_run: self.dry_run,
            params: self.checked_params()?,
        }))
    }

    fn checked_params(&self) -> Result<serde_json::Map<String, Value>, SettingsError> {
        let mut out = serde_json::Map::new();
        for (key, value) in &self.params {
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                refuse!(
                    "--judge-param {key:?}: the key must be a parameter name (letters, digits, _)"
                );
            }
            if matches!(key.as_str(), "model" | "messages") {
                refuse!("--judge-param {key:?}: `{key}` is set by plotgrade (use --judge-model)");
            }
            out.insert(key.clone(), value.clone());
        }
        Ok(out)
    }
}

fn seconds(flag: &str, v: f64, min: f64) -> Result<Duration, SettingsError> {
    if v.is_finite() && v >= min && v <= 3600.0 {
        Ok(Duration::from_secs_f64(v))
    } else {
        refuse!("{flag} must be between {min} and 3600 seconds, got {v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(json: &str) -> Result<JudgeSettings, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn a_dict_fills_the_settings_and_an_unknown_key_is_named() {
        let s = settings(
            r#"{"url": "http://127.0.0.1:9/v1", "model": "m", "mode": "hybrid",
                "params": {"max_tokens": null, "max_completion_tokens": 512}}"#,
        )
        .unwrap();
        let c = s.resolve().unwrap().unwrap();
        assert_eq!(c.mode, JudgeMode::Hybrid);
        assert_eq!(
            c.repeat, 1,
            "unset settings keep the command line's defaults"
        );
        assert_eq!(c.params["max_completion_tokens"], 512);
        assert!(c.params["max_tokens"].is_null());
        let e = settings(r#"{"url": "http://x", "temprature": 0}"#)
            .err()
            .unwrap();
        assert!(e.to_string().contains("unknown field `temprature`"), "{e}");
        let e = settings(r#"{"mode": "strict"}"#).err().unwrap();
        assert!(e.to_string().contains("strict"), "{e}");
    }

    #[test]
    fn every_bad_setting_is_refused_by_name() {
        let base = JudgeSettings {
            url: Some("http://127.0.0.1:9/v1".into()),
            model: Some("m".into()),
            ..JudgeSettings::default()
        };
        let refused = |s: JudgeSettings| s.resolve().err().unwrap().to_string();
        assert!(
            refused(JudgeSettings {
                url: Some("ftp://h".into()),
                ..base.clone()
            })
            .contains("--judge-url")
        );
        assert!(
            refused(JudgeSettings {
                repeat: 0,
                ..base.clone()
            })
            .contains("--judge-repeat")
        );
        assert!(
            refused(JudgeSettings {
                concurrency: 0,
                ..base.clone()
            })
            .contains("--judge-concurrency")
        );
        assert!(
            refused(JudgeSettings {
                timeout: f64::NAN,
                ..base.clone()
            })
            .contains("--judge-timeout")
        );
        assert!(
            refused(JudgeSettings {
                backoff: -1.0,
                ..base.clone()
            })
            .contains("--judge-backoff")
        );
        let model_param = vec![("model".to_string(), Value::from("other"))];
        assert!(
            refused(JudgeSettings {
                params: model_param,
                ..base.clone()
            })
            .contains("set by plotgrade")
        );
        let bad_key = vec![("a b".to_string(), Value::from(1))];
        assert!(
            refused(JudgeSettings {
                params: bad_key,
                ..base.clone()
            })
            .contains("parameter name")
        );
        let later_wins = vec![
            ("t".to_string(), Value::from(1)),
            ("t".to_string(), Value::from(2)),
        ];
        let c = JudgeSettings {
            params: later_wins,
            ..base
        }
        .resolve()
        .unwrap()
        .unwrap();
        assert_eq!(c.params["t"], 2);
    }
}
