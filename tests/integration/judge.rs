//! The LLM judge end to end, against a chat-completions server started by the test on
//! 127.0.0.1 that answers from fixtures: a normal answer, 429 with Retry-After then
//! success, 500 then success, persistent 500, a reply slower than the timeout, malformed
//! JSON, and an answer with no score. Nothing here reaches beyond the loopback.
//!
//! Each submission carries a marker comment (`# judge: NAME`) that the server reads from
//! the prompt to pick its behaviour, and the server counts every request it sees, so the
//! tests can say exactly how many requests a run made (a rerun: none).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use plotgrade::judge::{self, JudgeInput, JudgeMode};
use plotgrade::task::{FigureType, Kind};

use crate::util::{BIN, repo, tempdir};

/// What the fake judge does with a request for a marker, given how many requests for
/// that marker it has seen before this one.
fn behaviour(marker: &str, seen: u32, repeat_seen: u32) -> Reply {
    match (marker, seen) {
        ("normal", _) => Reply::answer(
            "Step 1: bars match.\nStep 2: all four fine.\nBand 9–10.\n\n**Score:** 9/10",
            1500,
            120,
        ),
        ("rate-limited", 0) => Reply::Status(429, Some("0")),
        ("rate-limited", _) => Reply::answer("Score: 7", 1400, 30),
        ("flaky", 0) => Reply::Status(500, None),
        ("flaky", _) => Reply::answer("I would give this a 6 out of 10.", 1400, 40),
        ("down", _) => Reply::Status(500, None),
        ("slow", 0) => Reply::Stall,
        ("slow", _) => Reply::answer("Score: 5", 1400, 20),
        ("malformed", _) => Reply::Raw(200, "{\"choices\": [{\"message\": ".to_string()),
        ("mute", _) => Reply::answer("The generated code draws the right chart.", 1400, 25),
        // Repeats: the same prompt three times, the third answer one band up.
        ("wavering", _) => match repeat_seen % 3 {
            2 => Reply::answer("Score: 8", 1000, 10),
            _ => Reply::answer("Score: 7", 1000, 10),
        },
        ("steady", _) => Reply::answer("Score: 4", 1000, 10),
        // A wrong key on the first request; the fixed one afterwards.
        ("locked", 0) => Reply::Raw(401, "{\"error\": \"invalid api key\"}".to_string()),
        ("locked", _) => Reply::answer("Score: 8", 1000, 10),
        // The answer reader (`--answer-reading soft-llm`): one letter, or none.
        ("reader-a", _) => Reply::answer("A", 300, 1),
        ("reader-z", _) => Reply::answer("Z", 300, 1),
        ("reader-lie", _) => Reply::answer("C", 300, 1),
        ("reader-down", _) => Reply::Status(500, None),
        // The process judge (answers to questions): the rubric's seven lines, or not.
        ("process-normal", _) => Reply::answer(
            "The steps hold.\n\nLogiR: 9\nToolF: 8\n**InfoT:** 10\nGeneR: 9\nValid: yes\nUsedAid: yes\nRating: [[4, 5, 3, 4]]",
            2000,
            80,
        ),
        ("lazy", _) => Reply::answer("Score: 5", 1000, 10),
        ("process-lazy", _) => Reply::answer(
            "LogiR: 10\nToolF: 10\nInfoT: 10\nGeneR: 10\nValid: no\nUsedAid: no\nRating: [[5, 5, 5, 5]]",
            2000,
            60,
        ),
        ("process-mute", _) => Reply::answer("A fine process overall.", 2000, 10),
        // The reader of answers to questions (`--answer-reading soft-llm` on a code run).
        ("keyed-kfour", _) => Reply::answer("4", 400, 1),
        ("keyed-klie", _) => Reply::answer("4", 400, 1),
        (other, _) => Reply::Raw(400, format!("{{\"error\": \"unknown marker {other}\"}}")),
    }
}

enum Reply {
    Answer {
        content: String,
        tokens_in: u64,
        tokens_out: u64,
    },
    Status(u16, Option<&'static str>),
    /// Read the request, never answer; wait for the client to give up.
    Stall,
    Raw(u16, String),
}

impl Reply {
    fn answer(content: &str, tokens_in: u64, tokens_out: u64) -> Reply {
        Reply::Answer {
            content: content.to_string(),
            tokens_in,
            tokens_out,
        }
    }
}

/// What the server saw.
#[derive(Default)]
struct Seen {
    /// Requests per marker.
    by_marker: HashMap<String, u32>,
    total: u32,
    authorization: Vec<String>,
    bodies: Vec<Value>,
}

struct FakeJudge {
    /// `http://<addr>/v1`, kept so that [`FakeJudge::flags`] can lend it.
    url: String,
    seen: Arc<Mutex<Seen>>,
}

impl FakeJudge {
    fn start() -> FakeJudge {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let addr = listener.local_addr().unwrap();
        let seen = Arc::new(Mutex::new(Seen::default()));
        let s = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let s = s.clone();
                std::thread::spawn(move || serve(stream, &s));
            }
        });
        let url = format!("http://{addr}/v1");
        FakeJudge { url, seen }
    }

    fn url(&self) -> String {
        self.url.clone()
    }

    /// The flags that point `grade` at this judge (fastest backoff), then `extra`.
    fn flags<'a>(&'a self, extra: &[&'a str]) -> Vec<&'a str> {
        let mut f = vec![
            "--judge-url",
            self.url.as_str(),
            "--judge-model",
            "fake-judge",
            "--judge-backoff",
            "0.01",
        ];
        f.extend_from_slice(extra);
        f
    }

    fn total(&self) -> u32 {
        self.seen.lock().unwrap().total
    }

    fn of(&self, marker: &str) -> u32 {
        self.seen
            .lock()
            .unwrap()
            .by_marker
            .get(marker)
            .copied()
            .unwrap_or(0)
    }
}

/// One connection: requests until the client closes (keep-alive or not).
fn serve(stream: TcpStream, seen: &Mutex<Seen>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut out = stream;
    loop {
        let mut head = Vec::new();
        loop {
            let mut line = String::new();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            if line == "\r\n" {
                break;
            }
            head.push(line.trim_end().to_string());
        }
        let header = |name: &str| {
            head.iter().find_map(|h| {
                let (k, v) = h.split_once(':')?;
                k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
            })
        };
        assert!(
            head[0].starts_with("POST /v1/chat/completions "),
            "{}",
            head[0]
        );
        let len: usize = header("content-length")
            .expect("the client sends a Content-Length")
            .parse()
            .unwrap();
        let mut body = vec![0; len];
        reader.read_exact(&mut body).unwrap();
        let body: Value = serde_json::from_slice(&body).expect("the request is JSON");
        let user = body["messages"][1]["content"].as_str().unwrap_or("");
        let marker = user
            .split("# judge: ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or("none")
            .to_string();
        // The process rubric's prompt (same submission, other question): its own marker.
        let marker = if user.contains("\nUsedAid: yes or no") {
            format!("process-{marker}")
        } else if user.contains("\nRESPONSE>>>") {
            format!("keyed-{marker}")
        } else {
            marker
        };
        let (n, repeat_n) = {
            let mut s = seen.lock().unwrap();
            let n = *s.by_marker.get(&marker).unwrap_or(&0);
            *s.by_marker.entry(marker.clone()).or_insert(0) += 1;
            s.total += 1;
            s.authorization
                .push(header("authorization").unwrap_or_default());
            s.bodies.push(body.clone());
            (n, n)
        };
        let (status, extra, text) = match behaviour(&marker, n, repeat_n) {
            Reply::Answer {
                content,
                tokens_in,
                tokens_out,
            } => (
                200,
                String::new(),
                json!({
                    "id": "chatcmpl-test",
                    "object": "chat.completion",
                    "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": content}}],
                    "usage": {"prompt_tokens": tokens_in, "completion_tokens": tokens_out,
                              "total_tokens": tokens_in + tokens_out},
                })
                .to_string(),
            ),
            Reply::Status(code, retry_after) => (
                code,
                retry_after.map_or(String::new(), |r| format!("Retry-After: {r}\r\n")),
                "{\"error\": {\"message\": \"try later\"}}".to_string(),
            ),
            Reply::Raw(code, text) => (code, String::new(), text),
            Reply::Stall => {
                // Block until the client, past its timeout, closes the connection.
                let mut sink = [0u8; 64];
                while matches!(reader.read(&mut sink), Ok(n) if n > 0) {}
                return;
            }
        };
        let reply = format!(
            "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n{text}",
            text.len()
        );
        if out.write_all(reply.as_bytes()).is_err() {
            return;
        }
    }
}

fn tasks() -> PathBuf {
    repo().join("tasks/mathopeval-mini/tasks.jsonl")
}

fn script(rel: &str) -> String {
    std::fs::read_to_string(repo().join("references/mathopeval-mini").join(rel)).unwrap()
}

/// A submission line answering `id` with `code` (a marker comment on top).
fn submission(id: &str, model: &str, marker: &str, code: &str) -> String {
    let response = format!("Here you go:\n\n```python\n# judge: {marker}\n{code}```\n");
    json!({"id": id, "model": model, "response": response}).to_string() + "\n"
}

/// `plotgrade ARGS` with the cache in `cache` and the key in the environment.
fn run(args: &[&str], cache: &Path, code: i32) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env("PLOTGRADE_CACHE", cache)
        .env("PLOTGRADE_JUDGE_API_KEY", SECRET)
        .env_remove("PLOTGRADE_JUDGE_URL")
        .env_remove("PLOTGRADE_JUDGE_MODEL");
    for proxy in [
        "ALL_PROXY",
        "all_proxy",
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
    ] {
        cmd.env_remove(proxy);
    }
    let out = cmd.output().expect("spawn plotgrade");
    assert_eq!(
        out.status.code(),
        Some(code),
        "plotgrade {}\n--- stdout\n{}\n--- stderr\n{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

const SECRET: &str = "sk-test-do-not-write-me";

fn grade_args<'a>(subs: &'a str, out: &'a str, tasks: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "grade",
        "--tasks",
        tasks,
        "--submissions",
        subs,
        "--out",
        out,
        "--jobs",
        "2",
    ];
    a.extend_from_slice(extra);
    a
}

fn results(dir: &Path) -> HashMap<String, Value> {
    std::fs::read_to_string(dir.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["id"].as_str().unwrap().to_string(), v)
        })
        .collect()
}

fn summary(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap()
}

/// Every file under `dir`, for "the key is written nowhere".
fn all_text(dir: &Path) -> String {
    let mut s = String::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let p = entry.path();
        if p.is_dir() {
            s.push_str(&all_text(&p));
        } else if let Ok(bytes) = std::fs::read(&p) {
            s.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    s
}

#[test]
fn every_server_behaviour_ends_as_a_score_or_a_null_with_its_reason() {
    let judge = FakeJudge::start();
    let dir = tempdir();
    let cache = dir.path().join("cache");
    let subs = dir.path().join("subs.jsonl");
    let bar = script("bar-01/original.py");
    let mut lines = String::new();
    for (id, marker) in [
        ("bar-01-generation", "normal"),
        ("bar-02-generation", "rate-limited"),
        ("bar-03-generation", "flaky"),
        ("pie-01-generation", "down"),
        ("line-01-generation", "slow"),
        ("function-01-generation", "malformed"),
        ("geometry-01-generation", "mute"),
    ] {
        lines.push_str(&submission(id, "m", marker, &bar));
    }
    lines.push_str(
        &(json!({"id": "bar-01-deletion", "model": "m", "response": "I cannot do this."})
            .to_string()
            + "\n"),
    );
    std::fs::write(&subs, lines).unwrap();
    let (plain, judged) = (dir.path().join("plain"), dir.path().join("judged"));
    let (t, s) = (tasks(), subs.to_str().unwrap().to_string());
    let t = t.to_str().unwrap();
    let url = judge.url();
    let judge_flags = [
        "--judge-url",
        url.as_str(),
        "--judge-model",
        "fake-judge",
        "--judge-timeout",
        "0.3",
        "--judge-retries",
        "2",
        "--judge-backoff",
        "0.01",
        "--judge-concurrency",
        "3",
    ];

    run(&grade_args(&s, plain.to_str().unwrap(), t, &[]), &cache, 0);
    assert_eq!(judge.total(), 0, "no judge flags, no request");
    // Two submissions fail to be judged: done, but something failed (exit 1).
    let out = run(
        &grade_args(&s, judged.to_str().unwrap(), t, &judge_flags),
        &cache,
        1,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("judge: 8 submission(s) judged now: 12 request(s) sent, 0 answer(s) from the cache, 2 failed"),
        "{stdout}"
    );
    // normal 1, rate-limited 2, flaky 2, down 3 (retries 2), slow 2, malformed 1 (not
    // retried: a 200 that is not a completion will not improve), mute 1, no code 0.
    let per_marker: Vec<u32> = [
        "normal",
        "rate-limited",
        "flaky",
        "down",
        "slow",
        "malformed",
        "mute",
    ]
    .iter()
    .map(|m| judge.of(m))
    .collect();
    assert_eq!(per_marker, [1, 2, 2, 3, 2, 1, 1]);
    {
        let seen = judge.seen.lock().unwrap();
        assert!(
            seen.authorization
                .iter()
                .all(|a| a == &format!("Bearer {SECRET}"))
        );
        for b in &seen.bodies {
            assert_eq!(b["model"], "fake-judge");
            assert_eq!(b["temperature"], 0);
        }
    }

    let r = results(&judged);
    let judge_of = |id: &str| r[id]["channels"]["judge"].clone();
    let score = |id: &str| judge_of(id)["score"].as_f64();
    let reason = |id: &str| judge_of(id)["reason"].as_str().unwrap_or("").to_string();
    assert_eq!(score("bar-01-generation"), Some(8.0 / 9.0), "9 → (9−1)/9");
    assert_eq!(judge_of("bar-01-generation")["details"]["score_1_10"], 9.0);
    assert_eq!(score("bar-02-generation"), Some(6.0 / 9.0));
    assert_eq!(
        score("bar-03-generation"),
        Some(5.0 / 9.0),
        "a score in a sentence"
    );
    assert_eq!(score("line-01-generation"), Some(4.0 / 9.0));
    assert_eq!(
        judge_of("line-01-generation")["details"]["repeats"][0]["requests"],
        2
    );
    assert_eq!(score("pie-01-generation"), None);
    assert_eq!(
        reason("pie-01-generation"),
        "judge: HTTP 500 after 3 attempt(s): {\"error\": {\"message\": \"try later\"}}"
    );
    assert_eq!(score("function-01-generation"), None);
    assert!(
        reason("function-01-generation").starts_with("judge: malformed response"),
        "{}",
        reason("function-01-generation")
    );
    assert_eq!(score("geometry-01-generation"), None);
    assert_eq!(
        reason("geometry-01-generation"),
        "judge: unparseable answer: no `Score: N` line and no score in the text"
    );
    let mute = &judge_of("geometry-01-generation")["details"];
    assert_eq!(mute["state"], "unparseable");
    assert_eq!(
        mute["repeats"][0]["answer"],
        "The generated code draws the right chart."
    );
    assert_eq!(reason("bar-01-deletion"), "no code in the response");
    let details = judge_of("bar-01-generation")["details"].clone();
    assert_eq!(details["template"], "generation-bar");
    assert_eq!(details["mode"], "rubric");
    assert_eq!(
        (
            details["tokens_in"].as_u64(),
            details["tokens_out"].as_u64()
        ),
        (Some(1500), Some(120))
    );

    // The judge never moves the verdict: everything but the judge channel is as without it.
    let p = results(&plain);
    for (id, mut v) in r.clone() {
        let mut w = p[&id].clone();
        v["channels"]["judge"] = Value::Null;
        w["channels"]["judge"] = Value::Null;
        assert_eq!(v, w, "{id}");
        assert_eq!(p[&id]["channels"]["judge"]["reason"], "no judge configured");
    }

    let sum = summary(&judged);
    let j = &sum["judge"];
    assert_eq!(j["submissions"], 8);
    assert_eq!(j["scored"], 4);
    assert_eq!(j["failed"], 2);
    assert_eq!(j["unparseable"], 1);
    assert_eq!(j["no_code"], 1);
    assert_eq!(j["requests"], 12);
    assert_eq!(j["cache_hits"], 0);
    assert_eq!(j["tokens_in"], 1500 + 1400 * 4);
    assert!(
        summary(&plain).get("judge").is_none(),
        "no judge, no judge section"
    );
    let md = std::fs::read_to_string(judged.join("summary.md")).unwrap();
    assert!(md.contains("## LLM judge"), "{md}");
    assert!(
        !all_text(dir.path()).contains(SECRET),
        "the API key was written somewhere"
    );

    // Resuming asks again only where the judge failed: down (3) and malformed (1).
    let before = judge.total();
    run(
        &grade_args(&s, judged.to_str().unwrap(), t, &judge_flags),
        &cache,
        1,
    );
    assert_eq!(judge.total() - before, 4);
    assert_eq!(
        results(&judged)["bar-01-generation"],
        r["bar-01-generation"]
    );

    // Another judge model in the same run directory is refused.
    let mut other = judge_flags.to_vec();
    other[3] = "another-judge";
    let out = run(
        &grade_args(&s, judged.to_str().unwrap(), t, &other),
        &cache,
        2,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("judge was `model fake-judge"), "{stderr}");
}

/// Drops what depends on the cache's state (whether an answer was asked or found).
fn without_provenance(mut v: Value) -> Value {
    if let Some(reps) = v["channels"]["judge"]["details"]["repeats"].as_array_mut() {
        for r in reps {
            r.as_object_mut().unwrap().remove("cached");
            r.as_object_mut().unwrap().remove("requests");
        }
    }
    v
}

#[test]
fn dry_run_then_repeats_then_reruns_that_ask_nothing() {
    let judge = FakeJudge::start();
    let dir = tempdir();
    let cache = dir.path().join("cache");
    let subs = dir.path().join("subs.jsonl");
    let mut lines = String::new();
    lines.push_str(&submission(
        "bar-01-generation",
        "m/1",
        "wavering",
        &script("bar-01/original.py"),
    ));
    lines.push_str(&submission(
        "pie-01-generation",
        "m/1",
        "steady",
        &script("pie-01/original.py"),
    ));
    // The original returned for a deletion: the hybrid prompt shows the measured no-op.
    lines.push_str(&submission(
        "bar-01-deletion",
        "m/1",
        "steady",
        &script("bar-01/original.py"),
    ));
    std::fs::write(&subs, lines).unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let (t, s) = (tasks(), subs.to_str().unwrap().to_string());
    let t = t.to_str().unwrap();
    let mut flags = judge.flags(&[
        "--judge-mode",
        "hybrid",
        "--judge-repeat",
        "3",
        "--judge-timeout",
        "5",
    ]);

    flags.push("--judge-dry-run");
    let out = run(&grade_args(&s, a.to_str().unwrap(), t, &flags), &cache, 0);
    assert!(String::from_utf8_lossy(&out.stdout).contains("3 prompt(s) written (dry run)"));
    assert_eq!(judge.total(), 0, "a dry run sends nothing");
    let prompt = a.join("judge-prompts/m_1/bar-01-deletion.txt");
    let text = std::fs::read_to_string(&prompt).unwrap();
    expect_snapshot("hybrid-bar-01-deletion", &text);
    assert!(text.contains("Flags: noop"), "{text}");
    assert_eq!(
        results(&a)["bar-01-generation"]["channels"]["judge"]["reason"],
        "dry run"
    );
    flags.pop();

    // The same run directory, now sending: 3 submissions × 3 repeats.
    let out = run(&grade_args(&s, a.to_str().unwrap(), t, &flags), &cache, 0);
    assert!(String::from_utf8_lossy(&out.stdout).contains("9 request(s) sent"));
    assert_eq!(judge.total(), 9);
    let first = results(&a);
    let wavering = &first["bar-01-generation"]["channels"]["judge"]["details"];
    assert_eq!(
        wavering["score_1_10"].as_f64(),
        Some(22.0 / 3.0),
        "mean of 7, 7, 8"
    );
    let c = &summary(&a)["judge"]["consistency"];
    assert_eq!(c["repeat"], 3);
    assert_eq!(c["n"], 3);
    assert_eq!(c["all_agree"].as_f64(), Some(2.0 / 3.0));
    assert_eq!(
        c["same_band"].as_f64(),
        Some(1.0),
        "7 and 8 are one band (7–8)"
    );
    // Pairs of repeats that agree: wavering 1 of 3, steady 3 of 3 twice → 7 of 9.
    assert_eq!(c["pairwise_agree"].as_f64(), Some(7.0 / 9.0));
    assert_eq!(c["mean_spread"].as_f64(), Some(1.0 / 3.0));

    // Rerun in place: everything is judged, nothing is asked.
    run(&grade_args(&s, a.to_str().unwrap(), t, &flags), &cache, 0);
    assert_eq!(judge.total(), 9, "a rerun makes no request");
    // A fresh run directory with the same cache: every answer from the cache.
    let out = run(&grade_args(&s, b.to_str().unwrap(), t, &flags), &cache, 0);
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("0 request(s) sent, 9 answer(s) from the cache")
    );
    assert_eq!(judge.total(), 9);
    let second = results(&b);
    for (id, v) in &first {
        assert_eq!(
            without_provenance(v.clone()),
            without_provenance(second[id].clone()),
            "{id}"
        );
    }
    assert_eq!(summary(&b)["judge"]["cache_hits"], 9);
}

/// Compares `text` with the snapshot `tests/judge/prompts/NAME.snap` (insta: `cargo insta
/// review` accepts a change; CI never writes one).
fn expect_snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => repo().join("tests/judge/prompts"),
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn prompts_are_snapshotted_for_a_few_kind_and_figure_pairs() {
    let tasks: Vec<Value> = std::fs::read_to_string(tasks())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (id, kind, figure) in [
        (
            "geometry-01-modification",
            Kind::Modification,
            FigureType::Geometry,
        ),
        (
            "function-01-generation",
            Kind::Generation,
            FigureType::Function,
        ),
        ("pie-01-annotation", Kind::Annotation, FigureType::Pie),
        ("line-01-deletion", Kind::Deletion, FigureType::Line),
    ] {
        let t = tasks.iter().find(|t| t["id"] == id).unwrap();
        let read = |v: &Value| std::fs::read_to_string(repo().join(v.as_str().unwrap())).unwrap();
        let reference = read(&t["reference"]);
        let input = JudgeInput {
            kind,
            figure,
            instruction: t["instruction"].as_str().unwrap().to_string(),
            original: t["original"].is_string().then(|| read(&t["original"])),
            generated: format!("# an answer\n{reference}"),
            reference: Some(reference),
            evidence: None,
        };
        let prompt = judge::build(&input, JudgeMode::Rubric);
        expect_snapshot(&format!("rubric-{id}"), &prompt.to_text());
    }
}

#[test]
fn a_refused_key_stops_the_asking_at_once_and_a_rerun_asks_the_rest() {
    let judge = FakeJudge::start();
    let dir = tempdir();
    let cache = dir.path().join("cache");
    let subs = dir.path().join("subs.jsonl");
    let mut lines = String::new();
    for id in [
        "bar-01-generation",
        "pie-01-generation",
        "line-01-generation",
    ] {
        let sample = id.trim_end_matches("-generation");
        lines.push_str(&submission(
            id,
            "m/1",
            "locked",
            &script(&format!("{sample}/original.py")),
        ));
    }
    std::fs::write(&subs, lines).unwrap();
    let out_dir = dir.path().join("run");
    let (t, s) = (tasks(), subs.to_str().unwrap().to_string());
    let (t, o) = (t.to_str().unwrap(), out_dir.to_str().unwrap());
    let flags = judge.flags(&["--judge-concurrency", "1"]);
    let out = run(&grade_args(&s, o, t, &flags), &cache, 1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("stopped asking") && stdout.contains("HTTP 401"),
        "{stdout}"
    );
    assert!(stdout.contains("3 submission(s) not asked"), "{stdout}");
    assert_eq!(judge.of("locked"), 1, "one refusal is enough to stop");
    for (id, r) in results(&out_dir) {
        assert!(r["channels"]["judge"]["score"].is_null(), "{id}: {r}");
    }

    // With the key fixed (the server now answers), the same command asks the three.
    let out = run(&grade_args(&s, o, t, &flags), &cache, 0);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("stopped asking"));
    assert_eq!(judge.of("locked"), 4);
    let got = results(&out_dir);
    assert_eq!(got.len(), 3);
    for (id, r) in got {
        assert_eq!(
            r["channels"]["judge"]["details"]["score_1_10"],
            json!(8.0),
            "{id}: {r}"
        );
    }
}

/// The paper's Table III by its own instrument: with a judge, summary.json and summary.md
/// tabulate the judge's 1–10 per kind × figure beside plotgrade's score, an answer with
/// no code counted as 1 (the rubric's lowest band), with the two scores' agreement.
#[test]
fn the_judge_s_table_iii_sits_beside_plotgrade_s_with_their_agreement() {
    let judge = FakeJudge::start();
    let dir = tempdir();
    let cache = dir.path().join("cache");
    let subs = dir.path().join("subs.jsonl");
    let mut lines = String::new();
    // The reference, judged 9; the original returned for a deletion (a no-op), judged 4.
    lines.push_str(&submission(
        "bar-01-generation",
        "m",
        "normal",
        &script("bar-01/original.py"),
    ));
    lines.push_str(&submission(
        "bar-01-deletion",
        "m",
        "steady",
        &script("bar-01/original.py"),
    ));
    lines.push_str(
        &(json!({"id": "pie-01-generation", "model": "m", "response": "I cannot draw."})
            .to_string()
            + "\n"),
    );
    std::fs::write(&subs, lines).unwrap();
    let out = dir.path().join("run");
    let t = tasks();
    run(
        &grade_args(
            subs.to_str().unwrap(),
            out.to_str().unwrap(),
            t.to_str().unwrap(),
            &judge.flags(&[]),
        ),
        &cache,
        0,
    );
    assert_eq!(judge.total(), 2, "the answer without code is never sent");
    let s = summary(&out);
    let all = &s["judge_scores"]["scores"]["all"]["overall"];
    assert_eq!(all["n"], 3, "{all}");
    assert_eq!(all["unscored"], 0);
    let mean = all["mean_score"].as_f64().unwrap();
    assert!((mean - (9.0 + 4.0 + 1.0) / 3.0).abs() < 1e-9, "{mean}");
    // plotgrade: the reference 10, the no-op low, no code 1; the judge ranks them alike.
    assert_eq!(all["spearman"], 1.0, "{all}");
    let cell = &s["judge_scores"]["scores"]["all"]["cells"]["deletion"]["bar"];
    assert_eq!(
        (cell["n"].as_u64(), cell["mean_score"].as_f64()),
        (Some(1), Some(4.0))
    );
    // The paper's averages of the judge's table: generation's two cells (bar 9, pie 1).
    let avg = &s["judge_scores"]["mean_macro"]["avg"];
    assert_eq!(avg["by_kind"]["generation"].as_f64(), Some(5.0));
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        md.contains("Table III by the LLM judge (the paper's instrument)"),
        "{md}"
    );
    assert!(md.contains("Spearman ρ / Kendall τ-b"), "{md}");
}

/// `--answer-reading soft-llm`: only replies no rule reads are shown to the judge's model;
/// its letter counts only where the reply shows it, Z reads as none, a failed request is
/// asked again by a rerun, and what was read is cached.
#[test]
fn the_llm_reads_only_what_no_rule_reads_and_only_letters_the_reply_shows() {
    let judge = FakeJudge::start();
    let dir = tempdir();
    let cache = dir.path().join("cache");
    let subs = dir.path().join("subs.jsonl");
    let line = |id: &str, response: &str| {
        json!({"id": id, "model": "m", "response": response}).to_string() + "\n"
    };
    let lines = [
        // Key A: no rule reads a choice here; the reader says A, which the reply shows.
        line("geometry-01-generation", "# judge: reader-a\nI went back and forth; the first listing, A, matches the picture best in my view."),
        // Key B: torn between two; the reader says Z.
        line("geometry-01-deletion", "# judge: reader-z\nEither B or D could be it; I cannot tell which."),
        // Key C: the reader names C, the right letter, but the reply never wrote it.
        line("geometry-01-modification", "# judge: reader-lie\nNone of these programs looks right to me."),
        // Key D: the reader's server is down.
        line("geometry-01-annotation", "# judge: reader-down\nHmm, the one with the dashed line, probably."),
        // Read by a rule: never shown to the reader.
        line("geometry-02-generation", "# judge: reader-a\nAnswer: D"),
    ]
    .concat();
    std::fs::write(&subs, lines).unwrap();
    let tasks = repo().join("tasks/mathopeval-mini/choice.jsonl");
    let (t, s, url) = (
        tasks.display().to_string(),
        subs.display().to_string(),
        judge.url(),
    );
    let out = dir.path().join("run");
    let o = out.display().to_string();
    // Without a judge the reading is refused before anything is graded.
    let refused = run(
        &grade_args(&s, &o, &t, &["--answer-reading", "soft-llm"]),
        &cache,
        2,
    );
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--judge-url"));
    let with_judge = [
        "--answer-reading",
        "soft-llm",
        "--judge-url",
        &url,
        "--judge-model",
        "reader",
        "--judge-retries",
        "0",
    ];
    run(&grade_args(&s, &o, &t, &with_judge), &cache, 1); // one request failed
    let r = results(&out);
    assert_eq!(
        judge.of("reader-a"),
        1,
        "the reply a rule read was not shown"
    );
    let g = &r["geometry-01-generation"];
    assert!(g["soft"]["answer"].is_null(), "no rule reads it: {g}");
    assert_eq!(
        (
            g["extracted"].as_str(),
            g["method"].as_str(),
            g["correct"].as_bool()
        ),
        (Some("A"), Some("llm"), Some(true))
    );
    let torn = &r["geometry-01-deletion"];
    assert_eq!(
        (torn["extracted"].is_null(), torn["method"].as_str()),
        (true, Some("none"))
    );
    let lie = &r["geometry-01-modification"];
    assert_eq!(
        (lie["extracted"].is_null(), lie["correct"].as_bool()),
        (true, Some(false)),
        "{lie}"
    );
    assert!(
        !r.contains_key("geometry-01-annotation"),
        "a failed reading is left for a rerun"
    );
    assert_eq!(r["geometry-02-generation"]["method"], "declared");
    assert_eq!(summary(&out)["choice"]["all_methods"]["llm"], 1);
    assert_eq!(summary(&out)["choice"]["primary"], "soft_llm");
    // A rerun asks only the one that failed; the reader's answers come from the cache
    // even for a fresh run directory.
    let before = judge.total();
    run(&grade_args(&s, &o, &t, &with_judge), &cache, 1);
    assert_eq!(judge.total() - before, 1);
    let fresh = dir.path().join("fresh").display().to_string();
    let before = judge.total();
    run(&grade_args(&s, &fresh, &t, &with_judge), &cache, 1);
    assert_eq!(
        judge.total() - before,
        1,
        "only the failed one is asked again"
    );
}

/// Issue #28: answers to questions are shown to the process judge (VisAidMath's four
/// dimensions, its validity verdict, VAMPS's "used the aid"), once each, cached; the
/// summary's judged measures are worked by hand from what the fake judge answers.
#[test]
fn the_process_judge_fills_sprs_judged_pva_and_the_filtered_accuracy() {
    let judge = FakeJudge::start();
    let dir = tempdir();
    let cache = dir.path().join("cache");
    let tasks = repo().join("tasks/aid-mini/tasks.jsonl");
    let suite: Vec<Value> = std::fs::read_to_string(&tasks)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let code =
        |t: &Value| std::fs::read_to_string(repo().join(t["reference"].as_str().unwrap())).unwrap();
    // The key as a final block: the aid-mini keys are numbers, fractions, yes, or option 4.
    let right = |t: &Value| {
        let q = &t["question"];
        if q["options"].is_array() {
            json!({"selected_option": q["answer"]}).to_string()
        } else {
            json!({"answer": q["answer"]}).to_string()
        }
    };
    let line = |t: &Value, response: String| {
        json!({"id": t["id"], "model": "m", "response": response}).to_string() + "\n"
    };
    let with_aid = |t: &Value, marker: &str, last: &str| {
        format!(
            "```python\n# judge: {marker}\n{}```\n<<FINAL>> {last}",
            code(t)
        )
    };
    // 0, 1: right and judged sound (Π = .9·.8·1·.9 = .648); 2: right, judged not valid and
    // not using the aid (Π = 1); 3: right, the judge's reply unreadable; 4: right, no code;
    // 5: wrong, judged sound.
    let mut lines = String::new();
    for (i, t) in suite.iter().enumerate() {
        let response = match i {
            0 | 1 => with_aid(t, "normal", &right(t)),
            2 => with_aid(t, "lazy", &right(t)),
            3 => with_aid(t, "mute", &right(t)),
            4 => format!("<<FINAL>> {}", right(t)),
            _ => with_aid(t, "normal", r#"{"answer": "nothing like the key"}"#),
        };
        lines += &line(t, response);
    }
    assert_eq!(
        suite.len(),
        6,
        "the test is worked for aid-mini's six tasks"
    );
    let subs = dir.path().join("subs.jsonl");
    std::fs::write(&subs, lines).unwrap();
    let out = dir.path().join("run");
    let t = tasks.to_str().unwrap();
    let args = grade_args(
        subs.to_str().unwrap(),
        out.to_str().unwrap(),
        t,
        &judge.flags(&[]),
    );
    let first = run(&args, &cache, 0);
    // Five rubric prompts and five process prompts (no code: neither is sent).
    assert_eq!(judge.total(), 10);
    assert_eq!(
        (
            judge.of("process-normal"),
            judge.of("process-lazy"),
            judge.of("process-mute")
        ),
        (3, 1, 1)
    );
    let said = String::from_utf8_lossy(&first.stdout);
    assert!(said.contains("and 5 answer process(es)"), "{said}");
    let rs = results(&out);
    let id = |i: usize| suite[i]["id"].as_str().unwrap().to_string();
    assert_eq!(rs[&id(0)]["process"]["state"], "scored");
    assert_eq!(rs[&id(0)]["process"]["scores"]["toolf"], 8.0);
    assert_eq!(rs[&id(3)]["process"]["state"], "unparseable");
    assert_eq!(rs[&id(4)]["process"]["state"], "no_code");
    let s = summary(&out);
    let all = s["aid"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["category"] == "all")
        .unwrap()
        .clone();
    let f = |k: &str| all[k].as_f64().unwrap_or_else(|| panic!("{k}: {all}"));
    assert_eq!(
        (all["answers"].as_u64(), all["process_judged"].as_u64()),
        (Some(6), Some(6))
    );
    assert_eq!(all["process_unread"], 1);
    // Worked by hand: ACCU 5/6; PVA = right, valid and aid passed = 0, 1; SPRS =
    // (.648 + .648 + 1)/6; filtered = right and used the aid = 0, 1 (strict and soft).
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(close(f("accu"), 5.0 / 6.0), "{all}");
    assert!(close(f("pva_judged"), 2.0 / 6.0), "{all}");
    assert!(close(f("sprs"), (0.648 * 2.0 + 1.0) / 6.0), "{all}");
    assert!(
        close(f("gap_sprs"), 5.0 / 6.0 - (0.648 * 2.0 + 1.0) / 6.0),
        "{all}"
    );
    assert!(
        close(f("strict_filtered"), 2.0 / 6.0) && close(f("soft_filtered"), 2.0 / 6.0),
        "{all}"
    );
    // MathExplain's ratings, plain means over the six (unreadable and no code count 1):
    // 0, 1, 5 rate (4, 5, 3, 4), 2 rates (5, 5, 5, 5).
    let likert = &all["likert"];
    for (k, want) in [
        ("correctness", 19.0),
        ("fidelity", 22.0),
        ("referencing", 16.0),
        ("overall", 19.0),
    ] {
        let got = likert[k].as_f64().unwrap_or_else(|| panic!("{k}: {all}"));
        assert!(close(got, want / 6.0), "{k}: {all}");
    }
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("By the process judge"), "{md}");
    assert!(
        md.contains("MathExplain's ratings by the process judge"),
        "{md}"
    );
    // A rerun asks nothing: every process judgement is final.
    run(&args, &cache, 0);
    assert_eq!(judge.total(), 10);
}

/// Issue #28: `--answer-reading soft-llm` on a code run reads the answers to questions no
/// rule reads with the judge's model, counted as `llm`, and only where the response's prose
/// writes what it says; a rerun asks nothing again.
#[test]
fn the_llm_reads_answers_to_questions_only_where_no_rule_does_and_the_prose_writes_them() {
    let judge = FakeJudge::start();
    let dir = tempdir();
    let cache = dir.path().join("cache");
    let tasks = repo().join("tasks/aid-mini/tasks.jsonl");
    let code =
        std::fs::read_to_string(repo().join("references/aid-mini/function-roots/original.py"))
            .unwrap();
    let id = "function-roots-generation"; // options numbered 1–4, the key 4
    let line = |model: &str, prose: &str| {
        let response = format!("```python\n# judge: normal\n{code}```\n{prose}");
        json!({"id": id, "model": model, "response": response}).to_string() + "\n"
    };
    let subs = dir.path().join("subs.jsonl");
    std::fs::write(
        &subs,
        [
            // No rule reads "option 4" for numbered options; the reader does, and the
            // prose writes 4.
            line(
                "told",
                "Three crossings, so I pick option 4. # judge: kfour",
            ),
            // The reader says 4, but the prose never writes it: no answer.
            line(
                "torn",
                "Two or three crossings; I cannot tell. # judge: klie",
            ),
            // A rule reads this one: the reader is never asked.
            line("boxed", "\\boxed{4}"),
        ]
        .concat(),
    )
    .unwrap();
    let out = dir.path().join("run");
    let t = tasks.to_str().unwrap();
    let args = grade_args(
        subs.to_str().unwrap(),
        out.to_str().unwrap(),
        t,
        &judge.flags(&["--answer-reading", "soft-llm"]),
    );
    let first = run(&args, &cache, 0);
    assert_eq!((judge.of("keyed-kfour"), judge.of("keyed-klie")), (1, 1));
    assert_eq!(
        judge.of("keyed-normal"),
        0,
        "the boxed answer is never shown"
    );
    let said = String::from_utf8_lossy(&first.stdout);
    assert!(said.contains("and 2 answer(s) read by the LLM"), "{said}");
    let soft: HashMap<String, Value> = std::fs::read_to_string(out.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| {
            (
                v["model"].as_str().unwrap().to_string(),
                v["answer"]["soft"].clone(),
            )
        })
        .collect();
    assert_eq!(
        soft["told"],
        json!({"answer": "4", "method": "llm", "correct": true})
    );
    assert_eq!(
        soft["torn"],
        json!({"answer": null, "method": "none", "correct": false})
    );
    assert_eq!(soft["boxed"]["method"], "boxed");
    let total = judge.total();
    run(&args, &cache, 0);
    assert_eq!(judge.total(), total, "a rerun asks nothing");
}
