//! Asking the judge about many submissions: each prompt `repeat` times, through the
//! cache, on a few threads.
//!
//! Threads, not processes: the parent must never fork (the executor's workers are
//! separate processes started before). Work units are (prompt, repeat index); a pool of
//! `concurrency` scoped threads takes them in order, the calling thread collects the
//! answers and hands each prompt's [`Judgement`] to `done` as soon as all its repeats are
//! in. The order in which `done` is called depends on timing; what it is given does not.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use serde::{Deserialize, Serialize};

use super::client::{Client, ClientError, Reply};
use super::parse::{ParseError, parse_score};
use super::prompt::Prompt;
use super::{JudgeConfig, JudgeState, cache_key};
use plotgrade_store::RefCache;

/// One answer of the judge.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub text: String,
    pub score: Result<f64, ParseError>,
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// Taken from the cache, not asked.
    pub cached: bool,
}

/// One of the `repeat` askings of a prompt.
#[derive(Debug, Clone, PartialEq)]
pub struct Repeat {
    /// The answer, or why there is none (after retries).
    pub answer: Result<Answer, String>,
    /// HTTP requests made for it (0 when cached).
    pub requests: u32,
}

/// All answers about one submission, in repeat order.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    pub repeats: Vec<Repeat>,
}

impl Judgement {
    /// The scores that could be read, in repeat order.
    pub fn scores(&self) -> Vec<f64> {
        self.repeats
            .iter()
            .filter_map(|r| r.answer.as_ref().ok()?.score.as_ref().ok().copied())
            .collect()
    }

    /// The judgement in one line: state, the mean of the readable scores (1–10), and a
    /// reason when there is no score or when some answers could not be read.
    pub fn verdict(&self) -> (JudgeState, Option<f64>, Option<String>) {
        let k = self.repeats.len();
        if let Some(e) = self.repeats.iter().find_map(|r| r.answer.as_ref().err()) {
            return (JudgeState::Failed, None, Some(format!("judge: {e}")));
        }
        let scores = self.scores();
        let unreadable: Vec<&ParseError> = self
            .repeats
            .iter()
            .filter_map(|r| r.answer.as_ref().ok()?.score.as_ref().err())
            .collect();
        match unreadable.first() {
            _ if k == 0 => (JudgeState::Pending, None, None),
            Some(why) if scores.is_empty() => (
                JudgeState::Unparseable,
                None,
                Some(format!("judge: unparseable answer: {why}")),
            ),
            Some(why) => (
                JudgeState::Scored,
                Some(scores.iter().sum::<f64>() / scores.len() as f64),
                Some(format!(
                    "judge: {} of {k} answers unparseable ({why})",
                    unreadable.len()
                )),
            ),
            None => (
                JudgeState::Scored,
                Some(scores.iter().sum::<f64>() / scores.len() as f64),
                None,
            ),
        }
    }
}

/// What the cache keeps of an answer.
#[derive(Debug, Serialize, Deserialize)]
struct Cached {
    content: String,
    tokens_in: u64,
    tokens_out: u64,
}

/// Ask about every prompt `config.repeat` times; `done(i, judgement)` for prompt `i` once
/// all its answers are in. Stops handing out work when `cancel` is set: prompts not
/// finished then are not reported. Never sends anything in dry-run mode (the caller
/// writes the prompts instead); a cache that cannot be read counts as a miss.
///
/// A refusal every request would meet alike — HTTP 401, 403 or 404: a wrong key, URL or
/// model — stops the asking too, instead of failing every submission one by one; the
/// refusal is returned, and prompts not finished are not reported (a rerun asks them).
pub fn judge_all(
    config: &JudgeConfig,
    client: &Client,
    cache: &RefCache,
    prompts: &[Prompt],
    cancel: &AtomicBool,
    mut done: impl FnMut(usize, Judgement),
) -> Option<String> {
    let k = config.repeat.max(1) as usize;
    let units = prompts.len() * k;
    if units == 0 || config.dry_run {
        return None;
    }
    let refused: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, usize, Repeat)>();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, units) {
            let tx = tx.clone();
            let (next, stop, refused) = (&next, &stop, &refused);
            scope.spawn(move || {
                loop {
                    if cancel.load(Ordering::SeqCst) || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let u = next.fetch_add(1, Ordering::SeqCst);
                    if u >= units {
                        break;
                    }
                    let (i, r) = (u / k, u % k);
                    let (repeat, refusal) = ask_one(config, client, cache, &prompts[i], r as u32);
                    if let Some(why) = refusal {
                        stop.store(true, Ordering::SeqCst);
                        refused.lock().expect("refusal").get_or_insert(why);
                        break;
                    }
                    if tx.send((i, r, repeat)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut partial: Vec<Vec<Option<Repeat>>> = vec![vec![None; k]; prompts.len()];
        for (i, r, repeat) in rx {
            partial[i][r] = Some(repeat);
            if partial[i].iter().all(Option::is_some) {
                let repeats = partial[i].iter_mut().filter_map(Option::take).collect();
                done(i, Judgement { repeats });
            }
        }
    });
    refused.into_inner().expect("refusal")
}

/// Whether an error is one every request to this judge would get alike: a wrong key,
/// URL or model (401, 403, 404), or a 400 that names a parameter the model does not take
/// (`max_tokens` on newer OpenAI models: fix it with `--judge-param`).
fn refusal(e: &ClientError) -> bool {
    match e {
        ClientError::Status {
            status: 401 | 403 | 404,
            ..
        } => true,
        ClientError::Status {
            status: 400, body, ..
        } => {
            let b = body.to_lowercase();
            b.contains("param") && (b.contains("unsupported") || b.contains("not supported"))
        }
        _ => false,
    }
}

/// One answer: from the cache, or asked and then cached. The second value is set when
/// the judge refused in a way every request would be refused (see [`judge_all`]).
fn ask_one(
    config: &JudgeConfig,
    client: &Client,
    cache: &RefCache,
    prompt: &Prompt,
    repeat: u32,
) -> (Repeat, Option<String>) {
    let key = cache_key(&config.model, prompt, &config.parameters_key(), repeat);
    if let Ok(Some(json)) = cache.judge_get(&key)
        && let Ok(c) = serde_json::from_str::<Cached>(&json)
    {
        let repeat = Repeat {
            answer: Ok(answer(
                Reply {
                    content: c.content,
                    tokens_in: c.tokens_in,
                    tokens_out: c.tokens_out,
                },
                true,
            )),
            requests: 0,
        };
        return (repeat, None);
    }
    let asked = client.complete(prompt);
    let refused = match &asked.result {
        Err(e) if refusal(e) => Some(e.to_string()),
        _ => None,
    };
    let answer = asked.result.map_err(|e| e.to_string()).map(|reply| {
        let cached = Cached {
            content: reply.content.clone(),
            tokens_in: reply.tokens_in,
            tokens_out: reply.tokens_out,
        };
        // A cache that cannot be written costs a request on the next run, not this answer.
        if let Ok(json) = serde_json::to_string(&cached) {
            let _ = cache.judge_put(&key, &json, reply.tokens_in, reply.tokens_out);
        }
        answer(reply, false)
    });
    let repeat = Repeat {
        answer,
        requests: asked.requests,
    };
    (repeat, refused)
}

fn answer(reply: Reply, cached: bool) -> Answer {
    Answer {
        score: parse_score(&reply.content),
        text: reply.content,
        tokens_in: reply.tokens_in,
        tokens_out: reply.tokens_out,
        cached,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repeat(answer: Result<&str, &str>) -> Repeat {
        Repeat {
            answer: answer.map_err(str::to_string).map(|t| Answer {
                text: t.into(),
                score: parse_score(t),
                tokens_in: 10,
                tokens_out: 2,
                cached: false,
            }),
            requests: 1,
        }
    }

    #[test]
    fn a_wrong_key_or_an_unsupported_parameter_stops_the_asking_a_busy_server_does_not() {
        let status = |status: u16, body: &str| ClientError::Status {
            status,
            attempts: 1,
            body: body.into(),
        };
        assert!(refusal(&status(401, "")));
        assert!(refusal(&status(404, "model not found")));
        assert!(refusal(&status(
            400,
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."
        )));
        assert!(!refusal(&status(400, "prompt too long")));
        assert!(!refusal(&status(429, "")));
        assert!(!refusal(&status(503, "")));
    }

    #[test]
    fn the_verdict_of_repeats() {
        let j = |rs: Vec<Repeat>| Judgement { repeats: rs }.verdict();
        assert_eq!(
            j(vec![repeat(Ok("Score: 6")), repeat(Ok("Score: 8"))]),
            (JudgeState::Scored, Some(7.0), None)
        );
        let (state, score, reason) = j(vec![repeat(Ok("Score: 6")), repeat(Ok("no idea"))]);
        assert_eq!((state, score), (JudgeState::Scored, Some(6.0)));
        assert!(reason.unwrap().contains("1 of 2 answers unparseable"));
        let (state, score, reason) = j(vec![repeat(Ok("fine code"))]);
        assert_eq!((state, score), (JudgeState::Unparseable, None));
        assert!(
            reason
                .unwrap()
                .starts_with("judge: unparseable answer: no `Score: N`")
        );
        let (state, score, reason) = j(vec![
            repeat(Ok("Score: 6")),
            repeat(Err("HTTP 500 after 4 attempt(s)")),
        ]);
        assert_eq!((state, score), (JudgeState::Failed, None));
        assert_eq!(reason.unwrap(), "judge: HTTP 500 after 4 attempt(s)");
    }
}
