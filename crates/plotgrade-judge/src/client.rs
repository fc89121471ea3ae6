//! A blocking client for OpenAI-compatible chat completions, with retries.
//!
//! `POST {url}/chat/completions` (or `url` itself when it already ends in
//! `/chat/completions`) with the model, the system and user messages and the fixed
//! [`PARAMETERS`] (temperature 0). 429, 5xx, timeouts and connection failures are retried
//! with exponential backoff ([`RetryPolicy`]), honouring a `Retry-After` of seconds; any
//! other status, or a reply that is not a chat completion, fails at once. The API key
//! travels only in the `Authorization` header: it is never part of an error message.

use std::time::Duration;

use serde_json::{Value, json};

use super::prompt::Prompt;

/// Request parameters besides model and messages (part of the cache key). Temperature 0
/// makes answers likely, not certain, to repeat: the cache is what makes reruns exact.
pub fn parameters() -> Value {
    json!({ "temperature": 0, "max_tokens": 2048 })
}

/// The same as a string, for the cache key.
pub const PARAMETERS: &str = r#"{"max_tokens":2048,"temperature":0}"#;

/// The default [`parameters`] with `extra` laid over them (`--judge-param`): a value
/// replaces the default of its name, `null` removes it (newer OpenAI models refuse
/// `max_tokens` and want `max_completion_tokens`).
pub fn merged_parameters(extra: &serde_json::Map<String, Value>) -> Value {
    let mut p = parameters();
    if let Some(map) = p.as_object_mut() {
        for (k, v) in extra {
            if v.is_null() {
                map.remove(k);
            } else {
                map.insert(k.clone(), v.clone());
            }
        }
    }
    p
}

/// The parameters as the cache key holds them: JSON with sorted keys (serde_json's map
/// is ordered), so the defaults give [`PARAMETERS`] and old cache entries still hit.
pub fn parameters_key(params: &Value) -> String {
    serde_json::to_string(params).expect("JSON values serialise")
}

/// How failed requests are retried.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (so `retries + 1` attempts at most).
    pub retries: u32,
    /// The first backoff; it doubles with every retry.
    pub base: Duration,
    /// No wait is longer than this, whatever `Retry-After` asks.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            retries: 3,
            base: Duration::from_secs(1),
            max_delay: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// The wait before retry number `retry` (0 for the first retry): the server's
    /// `Retry-After` when it sent one, else `base · 2^retry`; at most `max_delay`.
    pub fn delay(&self, retry: u32, retry_after: Option<Duration>) -> Duration {
        let backoff = self.base.saturating_mul(1u32 << retry.min(20));
        retry_after.unwrap_or(backoff).min(self.max_delay)
    }
}

/// `Retry-After` as a delay: only the delay-seconds form (an HTTP date is ignored and
/// the exponential backoff used instead).
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let secs: f64 = value.trim().parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)))
}

/// What a successful request returned.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The assistant message's text.
    pub content: String,
    pub tokens_in: u64,
    pub tokens_out: u64,
}

/// Why a request gave no reply, after its retries.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    #[error("HTTP {status} after {attempts} attempt(s){}", excerpt_suffix(body))]
    Status {
        status: u16,
        attempts: u32,
        body: String,
    },
    #[error("timed out after {attempts} attempt(s)")]
    Timeout { attempts: u32 },
    #[error("{message} after {attempts} attempt(s)")]
    Transport { message: String, attempts: u32 },
    #[error("malformed response (not an OpenAI chat completion): {0}")]
    Malformed(String),
}

fn excerpt_suffix(body: &str) -> String {
    if body.is_empty() {
        String::new()
    } else {
        format!(": {body}")
    }
}

/// A request's result and how many HTTP requests it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    pub result: Result<Reply, ClientError>,
    pub requests: u32,
}

/// An OpenAI-compatible chat-completions endpoint.
pub struct Client {
    agent: ureq::Agent,
    endpoint: String,
    model: String,
    api_key: Option<String>,
    retry: RetryPolicy,
    /// The request parameters besides model and messages.
    params: Value,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key is never printed.
        f.debug_struct("Client")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<set>"))
            .finish()
    }
}

/// The chat-completions URL of a base URL.
pub fn endpoint(url: &str) -> String {
    let url = url.trim_end_matches('/');
    if url.ends_with("/chat/completions") {
        url.to_string()
    } else {
        format!("{url}/chat/completions")
    }
}

impl Client {
    /// `timeout` bounds each attempt as a whole (connect, send, wait, read).
    pub fn new(
        url: &str,
        model: &str,
        api_key: Option<&str>,
        timeout: Duration,
        retry: RetryPolicy,
    ) -> Client {
        let config = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .timeout_connect(Some(timeout.min(Duration::from_secs(10))))
            // Statuses are looked at here, not turned into errors.
            .http_status_as_error(false)
            .build();
        Client {
            agent: config.into(),
            endpoint: endpoint(url),
            model: model.to_string(),
            api_key: api_key.map(str::to_string),
            retry,
            params: parameters(),
        }
    }

    /// The same client sending `params` (see [`merged_parameters`]) instead of the defaults.
    pub fn with_params(mut self, params: Value) -> Client {
        self.params = params;
        self
    }

    /// The request body of `prompt`.
    pub fn body(&self, prompt: &Prompt) -> Value {
        let mut body = json!({
            "model": self.model,
            "messages": [
                { "role": "system", "content": prompt.system },
                { "role": "user", "content": prompt.user },
            ],
        });
        if let (Some(b), Some(p)) = (body.as_object_mut(), self.params.as_object()) {
            b.extend(p.clone());
        }
        body
    }

    /// Ask once, retrying as the policy says.
    pub fn complete(&self, prompt: &Prompt) -> Asked {
        let body = self.body(prompt).to_string();
        let mut requests = 0;
        loop {
            requests += 1;
            let (retry_after, error) = match self.attempt(&body) {
                Attempt::Done(reply) => {
                    return Asked {
                        result: reply,
                        requests,
                    };
                }
                Attempt::Retry { retry_after, error } => (retry_after, error),
            };
            if requests > self.retry.retries {
                return Asked {
                    result: Err(error.with_attempts(requests)),
                    requests,
                };
            }
            std::thread::sleep(self.retry.delay(requests - 1, retry_after));
        }
    }

    fn attempt(&self, body: &str) -> Attempt {
        let mut req = self
            .agent
            .post(&self.endpoint)
            .header("Content-Type", "application/json");
        if let Some(key) = &self.api_key {
            req = req.header("Authorization", format!("Bearer {key}"));
        }
        let mut resp = match req.send(body) {
            Ok(r) => r,
            Err(e) => return transport(e),
        };
        let status = resp.status().as_u16();
        let retry_after = resp
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(parse_retry_after);
        let text = match resp.body_mut().read_to_string() {
            Ok(t) => t,
            Err(e) => return transport(e),
        };
        if status == 429 || (500..600).contains(&status) {
            return Attempt::Retry {
                retry_after,
                error: ClientError::Status {
                    status,
                    attempts: 0,
                    body: excerpt(&text, 200),
                },
            };
        }
        if !(200..300).contains(&status) {
            return Attempt::Done(Err(ClientError::Status {
                status,
                attempts: 1,
                body: excerpt(&text, 200),
            }));
        }
        Attempt::Done(parse_reply(&text))
    }
}

enum Attempt {
    Done(Result<Reply, ClientError>),
    Retry {
        retry_after: Option<Duration>,
        error: ClientError,
    },
}

impl ClientError {
    fn with_attempts(self, n: u32) -> ClientError {
        match self {
            ClientError::Status { status, body, .. } => ClientError::Status {
                status,
                attempts: n,
                body,
            },
            ClientError::Timeout { .. } => ClientError::Timeout { attempts: n },
            ClientError::Transport { message, .. } => ClientError::Transport {
                message,
                attempts: n,
            },
            other => other,
        }
    }
}

fn transport(e: ureq::Error) -> Attempt {
    let error = match e {
        ureq::Error::Timeout(_) => ClientError::Timeout { attempts: 0 },
        // An `Io` timeout is how a stalled read can surface.
        ureq::Error::Io(io)
            if matches!(
                io.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            ) =>
        {
            ClientError::Timeout { attempts: 0 }
        }
        other => ClientError::Transport {
            message: other.to_string(),
            attempts: 0,
        },
    };
    Attempt::Retry {
        retry_after: None,
        error,
    }
}

/// The first `max` characters of `text` on one line.
pub fn excerpt(text: &str, max: usize) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    match one_line.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &one_line[..at]),
        None => one_line,
    }
}

/// The assistant's text and the token counts of a chat-completion body.
pub fn parse_reply(text: &str) -> Result<Reply, ClientError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| ClientError::Malformed(format!("{e}; body {:?}", excerpt(text, 120))))?;
    let content = v
        .pointer("/choices/0/message/content")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ClientError::Malformed(format!(
                "no choices[0].message.content; body {:?}",
                excerpt(text, 120)
            ))
        })?;
    let tokens = |k: &str| v.pointer(&format!("/usage/{k}")).and_then(Value::as_u64);
    Ok(Reply {
        content: content.to_string(),
        tokens_in: tokens("prompt_tokens").unwrap_or(0),
        tokens_out: tokens("completion_tokens").unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        let p = RetryPolicy {
            retries: 5,
            base: Duration::from_millis(100),
            max_delay: Duration::from_millis(500),
        };
        let d: Vec<u128> = (0..5).map(|r| p.delay(r, None).as_millis()).collect();
        assert_eq!(d, [100, 200, 400, 500, 500]);
        assert_eq!(p.delay(40, None), Duration::from_millis(500), "no overflow");
    }

    #[test]
    fn retry_after_wins_over_the_backoff_up_to_the_cap() {
        let p = RetryPolicy::default();
        assert_eq!(
            p.delay(0, Some(Duration::from_secs(7))),
            Duration::from_secs(7)
        );
        assert_eq!(
            p.delay(3, Some(Duration::from_secs(0))),
            Duration::ZERO,
            "Retry-After: 0 means now"
        );
        assert_eq!(
            p.delay(0, Some(Duration::from_secs(3600))),
            Duration::from_secs(60)
        );
    }

    #[test]
    fn retry_after_is_read_in_seconds_only() {
        assert_eq!(parse_retry_after("7"), Some(Duration::from_secs(7)));
        assert_eq!(
            parse_retry_after(" 1.5 "),
            Some(Duration::from_millis(1500))
        );
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
        assert_eq!(parse_retry_after("-1"), None);
    }

    #[test]
    fn the_endpoint_is_added_once() {
        assert_eq!(endpoint("http://h:1/v1"), "http://h:1/v1/chat/completions");
        assert_eq!(endpoint("http://h:1/v1/"), "http://h:1/v1/chat/completions");
        assert_eq!(
            endpoint("http://h:1/v1/chat/completions"),
            "http://h:1/v1/chat/completions"
        );
    }

    #[test]
    fn replies_are_read_and_malformed_ones_named() {
        let ok = r#"{"choices":[{"message":{"role":"assistant","content":"Score: 7"}}],
                     "usage":{"prompt_tokens":1200,"completion_tokens":80}}"#;
        assert_eq!(
            parse_reply(ok),
            Ok(Reply {
                content: "Score: 7".into(),
                tokens_in: 1200,
                tokens_out: 80
            })
        );
        let no_usage = r#"{"choices":[{"message":{"content":"Score: 7"}}]}"#;
        assert_eq!(parse_reply(no_usage).unwrap().tokens_in, 0);
        for bad in ["{\"choices\": [", "{\"choices\": []}", "[1, 2]", ""] {
            let e = parse_reply(bad).unwrap_err();
            assert!(matches!(e, ClientError::Malformed(_)), "{bad:?}: {e}");
        }
    }

    #[test]
    fn the_body_has_the_model_messages_and_temperature_zero() {
        let c = Client::new(
            "http://127.0.0.1:9/v1",
            "m",
            Some("sk-secret"),
            Duration::from_secs(1),
            RetryPolicy::default(),
        );
        let b = c.body(&Prompt {
            system: "s".into(),
            user: "u".into(),
        });
        assert_eq!(b["model"], "m");
        assert_eq!(b["temperature"], 0);
        assert_eq!(b["messages"][1]["content"], "u");
        assert_eq!(
            serde_json::to_string(&parameters()).unwrap(),
            PARAMETERS,
            "the cache key's parameters are the ones sent"
        );
        assert!(!format!("{c:?}").contains("sk-secret"));
    }

    #[test]
    fn errors_say_what_happened_and_how_often() {
        let e = ClientError::Status {
            status: 500,
            attempts: 0,
            body: String::new(),
        }
        .with_attempts(4);
        assert_eq!(e.to_string(), "HTTP 500 after 4 attempt(s)");
        assert_eq!(
            ClientError::Timeout { attempts: 2 }.to_string(),
            "timed out after 2 attempt(s)"
        );
    }

    #[test]
    fn judge_params_replace_or_remove_the_defaults_and_change_the_key() {
        let mut extra = serde_json::Map::new();
        assert_eq!(parameters_key(&merged_parameters(&extra)), PARAMETERS);
        extra.insert("max_completion_tokens".into(), json!(4096));
        extra.insert("max_tokens".into(), Value::Null);
        let p = merged_parameters(&extra);
        assert_eq!(p, json!({"temperature": 0, "max_completion_tokens": 4096}));
        assert_ne!(parameters_key(&p), PARAMETERS);
        let c = Client::new(
            "https://x/v1",
            "m",
            None,
            Duration::from_secs(1),
            RetryPolicy::default(),
        )
        .with_params(p);
        let b = c.body(&Prompt {
            system: "s".into(),
            user: "u".into(),
        });
        assert_eq!(b["max_completion_tokens"], 4096);
        assert!(b.get("max_tokens").is_none(), "{b}");
    }
}
