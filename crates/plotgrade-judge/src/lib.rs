//! The LLM rubric channel: MathOPEval's judge, made reproducible.
//!
//! - [`rubric`]: the rubric templates (kind × figure type, 24) and prompt building; in
//!   [`JudgeMode::Hybrid`] the deterministic channels' findings are added as evidence.
//! - [`client`]: a blocking OpenAI-compatible chat-completions client with timeouts and
//!   retries (429, 5xx, timeouts; `Retry-After` honoured).
//! - [`parse`]: the 1–10 score out of an answer; an unreadable answer stays unreadable.
//! - [`process`]: the process rubric for answers to a question (VisAidMath's four
//!   dimensions and validity, VAMPS's "reached with the aid"), its prompt and its reply.
//! - [`ask`]: many prompts on a few threads, through the cache in `refs.sqlite`
//!   ([`cache_key`]: model, prompt, parameters, repeat index), so a rerun sends nothing.
//!
//! The judge knows no other channel and nothing of grading: it turns prompts into
//! [`Judgement`]s; `grade/` decides what the judge is shown and where the result goes.
//! How it works, the flags and the caching are described in `docs/judge.md`.

pub mod ask;
pub mod client;
pub mod parse;
pub mod process;
pub mod prompt;
pub mod rubric;
pub mod settings;

use std::time::Duration;

use sha2::{Digest, Sha256};

pub use ask::{Answer, Judgement, Repeat, judge_all};
pub use client::{Client, ClientError, RetryPolicy};
pub use parse::{ParseError, parse_score};
pub use prompt::Prompt;
pub use rubric::{JudgeInput, build, template_name, template_version};
pub use settings::{JudgeSettings, SettingsError};
// What a judged record says (its mode, its state) is the model's: records hold it.
pub use plotgrade_model::details::{JudgeMode, JudgeState};

/// Everything the judge needs: where to ask, what to ask, how hard to try.
#[derive(Clone)]
pub struct JudgeConfig {
    /// Base URL of an OpenAI-compatible API (`…/v1`), or its `/chat/completions` URL.
    pub url: String,
    pub model: String,
    /// Sent as a bearer token; never written anywhere.
    pub api_key: Option<String>,
    pub mode: JudgeMode,
    /// Answers asked per submission (distinct cache keys).
    pub repeat: u32,
    /// Requests in flight at once.
    pub concurrency: usize,
    /// Bound on each attempt.
    pub timeout: Duration,
    pub retry: RetryPolicy,
    /// Write the prompts, send nothing.
    pub dry_run: bool,
    /// Request parameters laid over the defaults (`--judge-param`); `null` removes one.
    pub params: serde_json::Map<String, serde_json::Value>,
}

impl std::fmt::Debug for JudgeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JudgeConfig")
            .field("url", &redact_url(&self.url))
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<set>"))
            .field("mode", &self.mode)
            .field("repeat", &self.repeat)
            .field("concurrency", &self.concurrency)
            .field("timeout", &self.timeout)
            .field("retry", &self.retry)
            .field("dry_run", &self.dry_run)
            .field("params", &self.params)
            .finish()
    }
}

impl JudgeConfig {
    /// The judge settings a run records (`RunMeta::judge`): everything that decides the
    /// answers, nothing that only decides how fast they come (concurrency, timeouts,
    /// retries) or whether they are sent (dry run), and never the key.
    pub fn meta_line(&self) -> String {
        let mut line = format!(
            "model {}; url {}; mode {}; repeat {}; template {}",
            self.model,
            redact_url(&self.url),
            self.mode.as_str(),
            self.repeat,
            template_version()
        );
        if !self.params.is_empty() {
            line += &format!("; parameters {}", self.parameters_key());
        }
        line
    }

    /// The parameters sent, as the cache key holds them.
    pub fn parameters_key(&self) -> String {
        client::parameters_key(&client::merged_parameters(&self.params))
    }

    pub fn client(&self) -> Client {
        Client::new(
            &self.url,
            &self.model,
            self.api_key.as_deref(),
            self.timeout,
            self.retry,
        )
        .with_params(client::merged_parameters(&self.params))
    }
}

/// `url` without credentials (`user:pass@`) or query string (`?key=…`), which some
/// gateways use to carry a key.
pub fn redact_url(url: &str) -> String {
    let url = url.split(['?', '#']).next().unwrap_or("");
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            let host = authority.rsplit('@').next().unwrap_or(authority);
            format!("{scheme}://{host}{path}")
        }
        None => url.to_string(),
    }
}

/// The cache key of one answer: hex SHA-256 of the model, both messages, the request
/// parameters and the repeat index, each length-prefixed. The URL is not part of it: the
/// same model behind another gateway reuses the answers (say so with another model name
/// when that is wrong).
pub fn cache_key(model: &str, prompt: &Prompt, parameters: &str, repeat: u32) -> String {
    let mut h = Sha256::new();
    h.update(b"plotgrade-judge-v1\0");
    let k = repeat.to_string();
    for part in [model, &prompt.system, &prompt.user, parameters, &k] {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The 1–10 score mapped onto the channels' 0–1: (s − 1) / 9.
pub fn normalise(score_1_10: f64) -> f64 {
    ((score_1_10 - 1.0) / 9.0).clamp(0.0, 1.0)
}

/// The band of a 1–10 score: 1 for 1–2, …, 5 for 9–10 (a 7.5 is in band 4).
pub fn band(score_1_10: f64) -> u8 {
    (((score_1_10.clamp(1.0, 10.0) - 1.0) / 2.0).floor() as u8 + 1).min(5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> JudgeConfig {
        JudgeConfig {
            url: "https://user:pw@api.example/v1?key=abc".into(),
            model: "deepseek-v3".into(),
            api_key: Some("sk-secret".into()),
            mode: JudgeMode::Hybrid,
            repeat: 3,
            concurrency: 4,
            timeout: Duration::from_secs(60),
            retry: RetryPolicy::default(),
            dry_run: false,
            params: serde_json::Map::new(),
        }
    }

    #[test]
    fn the_meta_line_names_what_decides_answers_and_no_secret() {
        let c = config();
        let line = c.meta_line();
        assert_eq!(
            line,
            format!(
                "model deepseek-v3; url https://api.example/v1; mode hybrid; repeat 3; template {}",
                template_version()
            )
        );
        let faster = JudgeConfig {
            concurrency: 16,
            dry_run: true,
            timeout: Duration::from_secs(5),
            ..c.clone()
        };
        assert_eq!(faster.meta_line(), line);
        for shown in [line, format!("{c:?}")] {
            assert!(
                !shown.contains("sk-secret") && !shown.contains("pw") && !shown.contains("abc")
            );
        }
    }

    #[test]
    fn cache_keys_separate_model_prompt_and_repeat() {
        let p = Prompt {
            system: "s".into(),
            user: "u".into(),
        };
        let k = cache_key("m", &p, client::PARAMETERS, 0);
        assert_eq!(k.len(), 64);
        assert_eq!(k, cache_key("m", &p, client::PARAMETERS, 0));
        assert_ne!(k, cache_key("m", &p, client::PARAMETERS, 1));
        assert_ne!(k, cache_key("m2", &p, client::PARAMETERS, 0));
        let moved = Prompt {
            system: "su".into(),
            user: String::new(),
        };
        assert_ne!(k, cache_key("m", &moved, client::PARAMETERS, 0));
    }

    #[test]
    fn scores_map_onto_channels_and_bands() {
        assert_eq!(normalise(1.0), 0.0);
        assert_eq!(normalise(10.0), 1.0);
        assert!((normalise(5.5) - 0.5).abs() < 1e-12);
        let bands: Vec<u8> = (1..=10).map(|s| band(f64::from(s))).collect();
        assert_eq!(bands, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
        assert_eq!(band(7.5), 4);
    }

    #[test]
    fn states_that_a_resume_leaves_alone() {
        assert!(JudgeState::Scored.is_final(false));
        assert!(JudgeState::Unparseable.is_final(false));
        assert!(!JudgeState::Failed.is_final(false));
        assert!(!JudgeState::DryRun.is_final(false));
        assert!(JudgeState::DryRun.is_final(true));
        assert!(!JudgeState::Pending.is_final(true));
    }
}
