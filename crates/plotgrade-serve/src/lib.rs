//! The reward server: one long-lived [`Grader`] behind HTTP, for trainers that ask for
//! rewards over the network (OpenRLHF's `--remote_rm_url`) and for anything that speaks
//! JSON.
//!
//! - `POST /reward`: OpenRLHF's remote reward request, `{"query": [...], "prompts": [...],
//!   "labels": [...]}`, each label a task id; answers `{"rewards": [...], "scores": [...],
//!   "extra_logs": {...}}`, one reward per query, in order.
//! - `POST /grade`: `{"answers": [{"id", "response"}...], "model"?}`; answers
//!   `{"results": [...]}`, one result record (a results.jsonl line) or `{"id", "error"}` per
//!   answer, in order.
//! - `GET /health`, `GET /metrics` (Prometheus text): answered at once, even when busy.
//!
//! A request is one batch: its answers, any number per task, are graded together over
//! every worker ([`Grader::grade_batch`]), so a GRPO group costs its jobs spread over the
//! slots. At most `handlers` requests are graded at once; at most `queue` more wait, and
//! one beyond that is refused with 503 and `Retry-After` rather than piling up. A request
//! not answered within its deadline is answered 504 (no code of it starts after that).
//! [`Server::run`] returns when asked to stop, after the requests it accepted are answered.
//!
//! tiny_http parses HTTP; the queue, deadlines, routes and metrics are ours, since no
//! synchronous server crate keeps a bounded queue of requests that refuses the overflow.

use std::collections::BTreeMap;
use std::io::Read;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use plotgrade_grade::grader::Grader;
use plotgrade_model::record::GradeResult;
use serde::Deserialize;
use serde_json::{Value, json};
use tiny_http::{Header, Method, Request, Response};

/// What one answer earns on `/reward`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RewardKind {
    /// The 1–10 score mapped to 0–1: no code 0, a perfect answer 1.
    Scaled,
    /// The 1–10 score itself.
    Score,
    /// 1 for a pass, 0 otherwise.
    Pass,
}

impl RewardKind {
    /// Every kind with its name, as `--reward` spells it.
    pub const ALL: [(&'static str, RewardKind); 3] = [
        ("scaled", RewardKind::Scaled),
        ("score", RewardKind::Score),
        ("pass", RewardKind::Pass),
    ];

    pub fn of(self, r: &GradeResult) -> f64 {
        match self {
            RewardKind::Scaled => (f64::from(r.score) - 1.0) / 9.0,
            RewardKind::Score => f64::from(r.score),
            RewardKind::Pass => f64::from(u8::from(r.pass)),
        }
    }
}

impl std::str::FromStr for RewardKind {
    type Err = String;

    fn from_str(s: &str) -> Result<RewardKind, String> {
        plotgrade_model::named::parse(&RewardKind::ALL, s, "reward")
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen, e.g. `127.0.0.1:8000` (port 0: any free port).
    pub addr: String,
    /// Requests graded at once.
    pub handlers: usize,
    /// Requests waiting beyond those; more are refused with 503.
    pub queue: usize,
    /// From arrival to answer; later, 504.
    pub deadline: Duration,
    /// The largest request body accepted (413 beyond).
    pub max_body: usize,
    /// How long a request's body may take to arrive once a handler reads it; a client
    /// that sends its headers and then trickles (or withholds) the body is answered 408
    /// and its handler moves on.
    pub read_timeout: Duration,
    pub reward: RewardKind,
    /// The model name results carry.
    pub model: String,
}

/// Counters for `/metrics`.
#[derive(Default)]
struct Metrics {
    /// By (route, status code).
    responses: Mutex<BTreeMap<(String, u16), u64>>,
    answers: AtomicU64,
    passed: AtomicU64,
    grade_micros: AtomicU64,
    batches: AtomicU64,
    waiting: AtomicUsize,
    busy: AtomicUsize,
}

struct Queued {
    request: Request,
    arrived: Instant,
}

pub struct Server {
    http: tiny_http::Server,
    grader: Arc<Grader>,
    config: Config,
    metrics: Metrics,
    /// Requests taken and not yet answered (grading or waiting).
    admitted: AtomicUsize,
}

/// A request's failure, answered with its status and `{"error": ...}`.
struct Failure(u16, String);

impl Server {
    pub fn bind(grader: Arc<Grader>, config: Config) -> Result<Server> {
        if config.handlers == 0 {
            return Err(anyhow!("--handlers must be at least 1"));
        }
        let http = tiny_http::Server::http(&config.addr)
            .map_err(|e| anyhow!("cannot listen on {}: {e}", config.addr))?;
        Ok(Server {
            http,
            grader,
            config,
            metrics: Metrics::default(),
            admitted: AtomicUsize::new(0),
        })
    }

    pub fn task_count(&self) -> usize {
        self.grader.task_count()
    }

    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.http.server_addr().to_ip()
    }

    /// Serve until `stop` is set; then answer every request already accepted and return.
    pub fn run(&self, stop: &AtomicBool) -> Result<()> {
        // Admission is counted (`admitted`), not left to the channel's bound: a handler
        // gives its place back just before it answers, so a client that sends its next
        // request the moment it has an answer always finds that place free.
        let (tx, rx) = mpsc::channel::<Queued>();
        let rx = Mutex::new(rx);
        std::thread::scope(|s| {
            for _ in 0..self.config.handlers {
                s.spawn(|| {
                    loop {
                        let next = rx.lock().expect("queue").recv();
                        let Ok(q) = next else { return };
                        self.metrics.waiting.fetch_sub(1, Ordering::SeqCst);
                        self.metrics.busy.fetch_add(1, Ordering::SeqCst);
                        self.handle(q);
                        self.metrics.busy.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
            self.accept(stop, &tx);
            drop(tx);
        });
        Ok(())
    }

    fn accept(&self, stop: &AtomicBool, tx: &Sender<Queued>) {
        while !stop.load(Ordering::SeqCst) {
            let request = match self.http.recv_timeout(Duration::from_millis(100)) {
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(_) => continue,
            };
            let route = request.url().split('?').next().unwrap_or("").to_string();
            match (request.method(), route.as_str()) {
                (Method::Get, "/health") => {
                    let body = json!({
                        "status": "ok",
                        "tasks": self.grader.task_count(),
                        "workers": self.grader.pool().jobs(),
                        "busy": self.metrics.busy.load(Ordering::SeqCst),
                        "waiting": self.metrics.waiting.load(Ordering::SeqCst),
                        "queue": self.config.queue,
                    });
                    self.reply(request, "/health", 200, &body);
                }
                (Method::Get, "/metrics") => {
                    let text = self.metrics_text();
                    let response = Response::from_string(text)
                        .with_header(header("Content-Type", "text/plain; version=0.0.4"));
                    self.count("/metrics", 200);
                    let _ = request.respond(response);
                }
                (Method::Post, "/reward" | "/grade") => {
                    let places = self.config.handlers + self.config.queue;
                    if self.admitted.fetch_add(1, Ordering::SeqCst) >= places {
                        self.admitted.fetch_sub(1, Ordering::SeqCst);
                        let busy = format!(
                            "busy: {} requests grading and {} waiting; retry later",
                            self.config.handlers, self.config.queue
                        );
                        let response = json_response(503, &json!({ "error": busy }))
                            .with_header(header("Retry-After", "1"));
                        self.count(&route, 503);
                        let _ = request.respond(response);
                        continue;
                    }
                    self.metrics.waiting.fetch_add(1, Ordering::SeqCst);
                    let q = Queued {
                        request,
                        arrived: Instant::now(),
                    };
                    if let Err(mpsc::SendError(q)) = tx.send(q) {
                        // The handlers are gone (cannot happen while accepting).
                        self.admitted.fetch_sub(1, Ordering::SeqCst);
                        self.reply(q.request, &route, 503, &json!({"error": "stopping"}));
                    }
                }
                (_, "/reward" | "/grade" | "/health" | "/metrics") => {
                    let body =
                        json!({"error": format!("{} is not allowed on {route}", request.method())});
                    self.reply(request, &route, 405, &body);
                }
                _ => {
                    let body = json!({"error": format!("no route {route}: POST /reward (OpenRLHF), POST /grade, GET /health, GET /metrics")});
                    self.reply(request, "other", 404, &body);
                }
            }
        }
    }

    fn handle(&self, q: Queued) {
        let route = q.request.url().split('?').next().unwrap_or("").to_string();
        let Some((request, body)) = self.body_within(q.request) else {
            // The body did not arrive in time: the reading thread answers 408 when the
            // client gives up or finishes; this handler and its place are free now.
            self.admitted.fetch_sub(1, Ordering::SeqCst);
            self.count(&route, 408);
            return;
        };
        let outcome = body.and_then(|body| {
            if route == "/reward" {
                self.reward(&body, q.arrived)
            } else {
                self.grade(&body, q.arrived)
            }
        });
        // The place is free from here: a client answered below may send again at once.
        self.admitted.fetch_sub(1, Ordering::SeqCst);
        match outcome {
            Ok(v) => self.reply(request, &route, 200, &v),
            Err(Failure(code, why)) => self.reply(request, &route, code, &json!({"error": why})),
        }
    }

    /// The request's body, read on a thread of its own so that a client which withholds
    /// it cannot hold a handler (tiny_http sets no timeout on its sockets and gives no
    /// access to them). `None` when it did not arrive within `read_timeout`: the thread
    /// keeps the request and answers it 408 once its read ends.
    fn body_within(&self, request: Request) -> Option<(Request, Result<Vec<u8>, Failure>)> {
        let max = self.config.max_body;
        let limit = self.config.read_timeout;
        if request.body_length().is_some_and(|n| n > max) {
            return Some((
                request,
                Err(Failure(413, format!("the body is over {max} bytes"))),
            ));
        }
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("plotgrade-serve-body".into())
            .spawn(move || {
                let mut request = request;
                let body = read_body(&mut request, max);
                if let Err(mpsc::SendError((request, _))) = tx.send((request, body)) {
                    let why = format!(
                        "the request body did not arrive within {} s (see --read-timeout)",
                        limit.as_secs_f64()
                    );
                    let _ = request.respond(json_response(408, &json!({ "error": why })));
                }
            });
        if let Err(e) = spawned {
            eprintln!("plotgrade serve: cannot start a thread to read a body: {e}");
            return None;
        }
        rx.recv_timeout(limit).ok()
    }

    /// OpenRLHF's request: labels are task ids; a query is the prompt and the response,
    /// the prompt (when sent) taken off its front.
    fn reward(&self, body: &[u8], arrived: Instant) -> Result<Value, Failure> {
        #[derive(Deserialize)]
        struct RewardRequest {
            query: Vec<String>,
            #[serde(default)]
            prompts: Option<Vec<String>>,
            labels: Vec<Value>,
        }
        let req: RewardRequest = serde_json::from_slice(body).map_err(|e| {
            Failure(
                400,
                format!(
                    "not an OpenRLHF reward request ({{\"query\", \"prompts\", \"labels\"}}): {e}"
                ),
            )
        })?;
        let n = req.query.len();
        if req.labels.len() != n || req.prompts.as_ref().is_some_and(|p| p.len() != n) {
            return Err(Failure(
                400,
                format!(
                    "{n} queries, {} labels and {} prompts: one of each per answer",
                    req.labels.len(),
                    req.prompts.as_ref().map_or(n, Vec::len)
                ),
            ));
        }
        let mut ids = Vec::with_capacity(n);
        for (i, label) in req.labels.iter().enumerate() {
            match label.as_str() {
                Some(id) if self.grader.task(id).is_some() => ids.push(id.to_string()),
                _ => {
                    return Err(Failure(
                        400,
                        format!(
                            "labels[{i}] = {label} is not a task id of {}",
                            self.grader.tasks_file().display()
                        ),
                    ));
                }
            }
        }
        let responses: Vec<&str> = req
            .query
            .iter()
            .enumerate()
            .map(|(i, q)| match &req.prompts {
                Some(p) => q.strip_prefix(p[i].as_str()).unwrap_or(q),
                None => q.as_str(),
            })
            .collect();
        let answers: Vec<(&str, &str)> = ids.iter().map(String::as_str).zip(responses).collect();
        let graded = self.grade_batch(&answers, arrived)?;
        let mut rewards = Vec::with_capacity(n);
        let (mut scores, mut passes) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for (i, g) in graded.into_iter().enumerate() {
            let g = g.map_err(|e| Failure(500, format!("answer {i}: {e:#}")))?;
            rewards.push(self.config.reward.of(&g));
            scores.push(g.score);
            passes.push(u8::from(g.pass));
        }
        Ok(json!({
            "rewards": rewards,
            "scores": rewards,
            "extra_logs": {"plotgrade_score": scores, "plotgrade_pass": passes},
        }))
    }

    fn grade(&self, body: &[u8], arrived: Instant) -> Result<Value, Failure> {
        #[derive(Deserialize)]
        struct Answer {
            id: String,
            response: String,
        }
        #[derive(Deserialize)]
        struct GradeRequest {
            answers: Vec<Answer>,
            #[serde(default)]
            model: Option<String>,
        }
        let req: GradeRequest = serde_json::from_slice(body).map_err(|e| {
            Failure(
                400,
                format!("not a grade request ({{\"answers\": [{{\"id\", \"response\"}}]}}): {e}"),
            )
        })?;
        let answers: Vec<(&str, &str)> = req
            .answers
            .iter()
            .map(|a| (a.id.as_str(), a.response.as_str()))
            .collect();
        let model = req.model.as_deref().unwrap_or(&self.config.model);
        let graded = self.grade_batch_as(&answers, model, arrived)?;
        let results: Vec<Value> = graded
            .into_iter()
            .zip(&req.answers)
            .map(|(g, a)| match g {
                Ok(r) => serde_json::to_value(&r).unwrap_or(Value::Null),
                Err(e) => json!({"id": a.id, "error": format!("{e:#}")}),
            })
            .collect();
        Ok(json!({ "results": results }))
    }

    fn grade_batch(
        &self,
        answers: &[(&str, &str)],
        arrived: Instant,
    ) -> Result<Vec<Result<GradeResult>>, Failure> {
        self.grade_batch_as(answers, &self.config.model, arrived)
    }

    /// The batch graded, or 504 when its deadline passes first (no more of its code
    /// starts then).
    fn grade_batch_as(
        &self,
        answers: &[(&str, &str)],
        model: &str,
        arrived: Instant,
    ) -> Result<Vec<Result<GradeResult>>, Failure> {
        let deadline = arrived + self.config.deadline;
        let late = || {
            Failure(
                504,
                format!(
                    "not graded within {:?} of arrival (the deadline; see --request-timeout)",
                    self.config.deadline
                ),
            )
        };
        if Instant::now() >= deadline {
            return Err(late());
        }
        let cancel = AtomicBool::new(false);
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let started = Instant::now();
        let graded = std::thread::scope(|s| {
            let cancel = &cancel;
            s.spawn(move || {
                let left = deadline.saturating_duration_since(Instant::now());
                if let Err(RecvTimeoutError::Timeout) = done_rx.recv_timeout(left) {
                    cancel.store(true, Ordering::SeqCst);
                }
            });
            let graded = self.grader.grade_batch(answers, model, cancel);
            let _ = done_tx.send(());
            graded
        });
        if cancel.load(Ordering::SeqCst) {
            return Err(late());
        }
        let m = &self.metrics;
        m.batches.fetch_add(1, Ordering::Relaxed);
        m.grade_micros
            .fetch_add(started.elapsed().as_micros() as u64, Ordering::Relaxed);
        for g in graded.iter().flatten() {
            m.answers.fetch_add(1, Ordering::Relaxed);
            if g.pass {
                m.passed.fetch_add(1, Ordering::Relaxed);
            }
        }
        Ok(graded)
    }

    fn count(&self, route: &str, code: u16) {
        *self
            .metrics
            .responses
            .lock()
            .expect("metrics")
            .entry((route.to_string(), code))
            .or_default() += 1;
    }

    fn reply(&self, request: Request, route: &str, code: u16, body: &Value) {
        self.count(route, code);
        let _ = request.respond(json_response(code, body));
    }

    fn metrics_text(&self) -> String {
        let m = &self.metrics;
        let mut out = String::new();
        out.push_str("# HELP plotgrade_responses_total Responses by route and HTTP status.\n");
        out.push_str("# TYPE plotgrade_responses_total counter\n");
        for ((route, code), n) in m.responses.lock().expect("metrics").iter() {
            out.push_str(&format!(
                "plotgrade_responses_total{{route=\"{route}\",code=\"{code}\"}} {n}\n"
            ));
        }
        let gauges = [
            (
                "answers_graded_total",
                "counter",
                "Answers graded.",
                m.answers.load(Ordering::Relaxed) as f64,
            ),
            (
                "answers_passed_total",
                "counter",
                "Answers that passed.",
                m.passed.load(Ordering::Relaxed) as f64,
            ),
            (
                "batches_total",
                "counter",
                "Batches (requests) graded.",
                m.batches.load(Ordering::Relaxed) as f64,
            ),
            (
                "grade_seconds_total",
                "counter",
                "Time spent grading batches.",
                m.grade_micros.load(Ordering::Relaxed) as f64 / 1e6,
            ),
            (
                "requests_busy",
                "gauge",
                "Requests being graded.",
                m.busy.load(Ordering::SeqCst) as f64,
            ),
            (
                "requests_waiting",
                "gauge",
                "Requests waiting.",
                m.waiting.load(Ordering::SeqCst) as f64,
            ),
            (
                "queue_capacity",
                "gauge",
                "Requests that may wait.",
                self.config.queue as f64,
            ),
            (
                "workers",
                "gauge",
                "Worker slots.",
                self.grader.pool().jobs() as f64,
            ),
        ];
        for (name, kind, help, v) in gauges {
            out.push_str(&format!(
                "# HELP plotgrade_{name} {help}\n# TYPE plotgrade_{name} {kind}\nplotgrade_{name} {v}\n"
            ));
        }
        out
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn json_response(code: u16, body: &Value) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body.to_string())
        .with_status_code(code)
        .with_header(header("Content-Type", "application/json"))
}

/// A request's body, at most `max` bytes (413 beyond).
fn read_body(request: &mut Request, max: usize) -> Result<Vec<u8>, Failure> {
    let mut body = Vec::new();
    request
        .as_reader()
        .take(max as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| Failure(400, format!("cannot read the body: {e}")))?;
    if body.len() > max {
        return Err(Failure(413, format!("the body is over {max} bytes")));
    }
    Ok(body)
}
