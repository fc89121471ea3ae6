//! `plotgrade serve` (issue #29): the reward server under a loopback load of concurrent
//! clients, its bounded queue, its deadline, bad requests, and a clean shutdown.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::util::{BIN, repo, tempdir};

struct Served {
    child: Child,
    addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Start `plotgrade serve` on a free port of 127.0.0.1 with `extra` options.
fn serve(cache: &std::path::Path, extra: &[&str]) -> Served {
    let mut child = Command::new(BIN)
        .args(["serve", "--tasks"])
        .arg(repo().join("tasks/mathopeval-mini/tasks.jsonl"))
        .args(["--port", "0", "--timeout", "5", "--ref-cache"])
        .arg(cache.join("refs.sqlite"))
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn plotgrade serve");
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    let addr = loop {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "serve ended before listening"
        );
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    // Keep draining stderr so the server never blocks on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
    Served { child, addr }
}

/// One HTTP/1.0 request (no chunked answers); (status, body).
fn http(addr: &str, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.0\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let _ = s
        .write_all(head.as_bytes())
        .and_then(|()| s.write_all(body));
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

fn post(addr: &str, path: &str, body: &Value) -> (u16, Value) {
    let (code, text) = http(addr, "POST", path, body.to_string().as_bytes());
    (
        code,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

fn fenced(path: &str) -> String {
    let code = std::fs::read_to_string(repo().join(path)).unwrap();
    format!("```python\n{code}\n```")
}

const PROMPT: &str = "Delete the shortest bar.\n";

/// An OpenRLHF request: the prompt before each response, task ids as labels.
fn reward_request(answers: &[(&str, &str)]) -> Value {
    json!({
        "query": answers.iter().map(|(_, r)| format!("{PROMPT}{r}")).collect::<Vec<_>>(),
        "prompts": vec![PROMPT; answers.len()],
        "labels": answers.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
    })
}

#[test]
fn concurrent_clients_get_every_reward_in_its_place() {
    let cache = tempdir();
    let s = serve(
        cache.path(),
        &["--jobs", "2", "--handlers", "2", "--queue", "4"],
    );
    let right = fenced("references/mathopeval-mini/bar-03/deletion.py");
    let unchanged = fenced("references/mathopeval-mini/bar-03/original.py");
    let other = fenced("references/mathopeval-mini/geometry-01/original.py");
    // (answer, task, its reward and pass when right): four kinds, rotated per request so
    // that a misaligned reward cannot go unseen.
    let kinds: [(&str, &str, Option<f64>, u64); 4] = [
        ("bar-03-deletion", right.as_str(), Some(1.0), 1),
        ("bar-03-deletion", unchanged.as_str(), None, 0),
        (
            "bar-03-deletion",
            "I would delete the bar but cannot.",
            Some(0.0),
            0,
        ),
        ("geometry-01-generation", other.as_str(), Some(1.0), 1),
    ];
    let (clients, requests, per) = (6usize, 3usize, 5usize);
    let failures: Vec<String> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                let (addr, kinds) = (&s.addr, &kinds);
                sc.spawn(move || {
                    let mut bad = Vec::new();
                    for r in 0..requests {
                        let picked: Vec<_> =
                            (0..per).map(|k| kinds[(c + r + k * (c + 1)) % 4]).collect();
                        let answers: Vec<(&str, &str)> =
                            picked.iter().map(|k| (k.0, k.1)).collect();
                        let (code, v) = post(addr, "/reward", &reward_request(&answers));
                        if code != 200 {
                            bad.push(format!("client {c} request {r}: {code} {v}"));
                            continue;
                        }
                        let rewards = v["rewards"].as_array().unwrap();
                        let passes = v["extra_logs"]["plotgrade_pass"].as_array().unwrap();
                        if rewards.len() != per || passes.len() != per {
                            bad.push(format!("client {c} request {r}: {} rewards", rewards.len()));
                        }
                        for (i, k) in picked.iter().enumerate() {
                            let got = rewards[i].as_f64().unwrap();
                            let ok = match k.2 {
                                Some(want) => got == want,
                                None => got > 0.0 && got < 0.5,
                            } && passes[i].as_u64() == Some(k.3);
                            if !ok {
                                bad.push(format!(
                                    "client {c} request {r} answer {i}: {got} for {}",
                                    &k.1[..30.min(k.1.len())]
                                ));
                            }
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    let (code, health) = post(&s.addr, "/health", &json!({}));
    assert_eq!(code, 405, "{health}");
    let (code, text) = http(&s.addr, "GET", "/health", b"");
    assert_eq!(code, 200);
    let health: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (health["status"].as_str(), health["workers"].as_u64()),
        (Some("ok"), Some(2))
    );
    let (_, metrics) = http(&s.addr, "GET", "/metrics", b"");
    let graded = clients * requests * per;
    assert!(
        metrics.contains(&format!("plotgrade_answers_graded_total {graded}\n")),
        "{metrics}"
    );
    assert!(
        metrics.contains(&format!(
            "plotgrade_responses_total{{route=\"/reward\",code=\"200\"}} {}",
            clients * requests
        )),
        "{metrics}"
    );

    // The plain endpoint: a result record per answer, an unknown id as that answer's error.
    let (code, v) = post(
        &s.addr,
        "/grade",
        &json!({"answers": [{"id": "nope", "response": "x"}, {"id": "bar-03-deletion", "response": right}], "model": "m"}),
    );
    assert_eq!(code, 200, "{v}");
    let results = v["results"].as_array().unwrap();
    assert!(
        results[0]["error"]
            .as_str()
            .unwrap()
            .contains("unknown task id `nope`")
    );
    assert_eq!(
        (results[1]["score"].as_u64(), results[1]["model"].as_str()),
        (Some(10), Some("m"))
    );

    // Bad requests name what is wrong; no reward is invented for an unknown task.
    let (code, v) = post(
        &s.addr,
        "/reward",
        &json!({"query": ["a"], "labels": ["zz"]}),
    );
    assert_eq!(code, 400);
    assert!(v["error"].as_str().unwrap().contains("labels[0]"), "{v}");
    let (code, v) = post(
        &s.addr,
        "/reward",
        &json!({"query": ["a", "b"], "labels": ["bar-03-deletion"]}),
    );
    assert_eq!(code, 400, "{v}");
    let (code, _) = http(&s.addr, "POST", "/reward", b"{not json");
    assert_eq!(code, 400);
    let (code, v) = post(&s.addr, "/nowhere", &json!({}));
    assert_eq!(code, 404);
    assert!(v["error"].as_str().unwrap().contains("POST /reward"), "{v}");
}

/// A script that draws a bar after `secs` seconds.
fn slow(secs: f64) -> String {
    format!(
        "```python\nimport time\nimport matplotlib.pyplot as plt\ntime.sleep({secs})\nplt.bar(['a'], [1])\n```"
    )
}

#[test]
fn a_full_queue_refuses_a_late_request_times_out_and_a_stop_answers_what_it_took() {
    let cache = tempdir();
    let s = serve(
        cache.path(),
        &[
            "--jobs",
            "1",
            "--handlers",
            "1",
            "--queue",
            "1",
            "--request-timeout",
            "1.5",
            "--max-body",
            "1",
        ],
    );
    let slow_answer = slow(2.5);
    let answers = [("bar-03-deletion", slow_answer.as_str())];
    let request = reward_request(&answers);
    let (first, second, third) = std::thread::scope(|sc| {
        let a = sc.spawn(|| post(&s.addr, "/reward", &request));
        std::thread::sleep(Duration::from_millis(500));
        let b = sc.spawn(|| post(&s.addr, "/reward", &request));
        std::thread::sleep(Duration::from_millis(500));
        // One grading, one waiting: the third is refused at once.
        let c = post(&s.addr, "/reward", &request);
        (a.join().unwrap(), b.join().unwrap(), c)
    });
    assert_eq!(third.0, 503, "{}", third.1);
    assert!(
        third.1["error"].as_str().unwrap().contains("retry"),
        "{}",
        third.1
    );
    // The first ran past its deadline; the second's passed while it waited.
    assert_eq!(first.0, 504, "{}", first.1);
    assert_eq!(second.0, 504, "{}", second.1);
    assert!(first.1["error"].as_str().unwrap().contains("deadline"));

    // Over --max-body: 413.
    let big = vec![b' '; (1 << 20) + 1];
    assert_eq!(http(&s.addr, "POST", "/grade", &big).0, 413);
    drop(s);

    // SIGTERM while a request is graded: it is answered, then the server exits 0.
    let mut s = serve(cache.path(), &["--jobs", "1"]);
    let answers = [("bar-03-deletion", slow_answer.as_str())];
    let request = reward_request(&answers);
    let answered = std::thread::scope(|sc| {
        let a = sc.spawn(|| post(&s.addr, "/reward", &request));
        std::thread::sleep(Duration::from_millis(700));
        // SAFETY: signalling our own child.
        unsafe { libc::kill(s.child.id() as i32, libc::SIGTERM) };
        a.join().unwrap()
    });
    assert_eq!(answered.0, 200, "{}", answered.1);
    let status = s.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(
        TcpStream::connect(&s.addr).is_err(),
        "still listening after the stop"
    );
}

/// Issue #29's wall against a slow client: one that sends a request's headers and then
/// withholds its body cannot hold a handler. With one handler, an honest request sent
/// behind it is answered; the withholding client is answered 408 when its read ends.
/// Without the body's read timeout the handler waits for the body forever and the honest
/// request is never answered (this test then fails on its 60 s read timeout).
#[test]
fn a_client_withholding_its_body_cannot_hold_a_handler() {
    let cache = tempdir();
    let s = serve(
        cache.path(),
        &[
            "--jobs",
            "1",
            "--handlers",
            "1",
            "--queue",
            "4",
            "--read-timeout",
            "1",
        ],
    );
    let mut slow = TcpStream::connect(&s.addr).expect("connect");
    let head = format!(
        "POST /grade HTTP/1.0\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{\"answers\": [",
        s.addr
    );
    // A body over tiny_http's 1 KiB read-ahead, so the request reaches a handler and the
    // handler reads the body itself.
    slow.write_all(head.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(300));

    let body = json!({"answers": [{"id": "bar-03-deletion", "response": fenced("references/mathopeval-mini/bar-03/deletion.py")}]});
    let mut honest = TcpStream::connect(&s.addr).expect("connect");
    honest
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let text = body.to_string();
    let head = format!(
        "POST /grade HTTP/1.0\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{text}",
        s.addr,
        text.len()
    );
    honest.write_all(head.as_bytes()).unwrap();
    let mut out = Vec::new();
    let _ = honest.read_to_end(&mut out);
    let answer = String::from_utf8_lossy(&out);
    assert!(
        answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.0 200"),
        "the honest request was not answered: {answer:?}"
    );
    assert!(answer.contains("\"pass\":true"), "{answer}");

    // The withholding client, once it stops sending, is told why.
    slow.shutdown(std::net::Shutdown::Write).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut out = Vec::new();
    let _ = slow.read_to_end(&mut out);
    let answer = String::from_utf8_lossy(&out);
    assert!(answer.contains(" 408 "), "{answer:?}");
    assert!(answer.contains("--read-timeout"), "{answer}");
}
