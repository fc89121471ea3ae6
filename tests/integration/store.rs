//! The run store, the reference cache and shard merging, through the public API: rows
//! round-trip and come back in (model, id) order, a rerun resumes, a SIGKILL loses only the
//! row in flight, a resumed run must be the same run, shards partition by task id and merge
//! back into one run with their artifacts.

use std::collections::{BTreeSet, HashSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use plotgrade::details::{CodeDetails, JudgeDetails, MatchDetails, RecordedOp};
use plotgrade::exec::{Outcome, Status};
use plotgrade::grade::{
    AnswerMethod, ChannelScore, Channels, ChoiceResult, ExtractionMode, Flag, Funnel, GradeResult,
    Rejected,
};
use plotgrade::store::{
    CachedRun, RUN_FILE, RefCache, RunMeta, RunStore, Shard, StoreError, merge, shard_of,
};
use plotgrade::task::{Answer, FigureType, Kind};

use crate::util::{repo, tempdir};

/// A graded submission with every field set, so a field the store drops shows up.
fn result(model: &str, id: &str) -> GradeResult {
    GradeResult {
        id: id.into(),
        model: model.into(),
        kind: Kind::Modification,
        figure: FigureType::Line,
        sample: "line-04".into(),
        variant_of: Some("line-04".into()),
        tags: Vec::new(),
        status: Status::Ok,
        extraction: ExtractionMode::Soft,
        score: 6,
        pass: false,
        flags: vec![Flag::Rewrite, Flag::SizeChanged],
        channels: Channels {
            code: ChannelScore {
                score: Some(0.75),
                reason: None,
                details: Some(code_details(String::new())),
            },
            figure: ChannelScore {
                score: Some(0.5),
                reason: Some("partly".into()),
                details: None,
            },
            image: ChannelScore {
                score: Some(0.125),
                reason: None,
                details: None,
            },
            judge: ChannelScore {
                score: None,
                reason: Some("judge not asked yet".into()),
                details: Some(JudgeDetails::Pending),
            },
        },
        funnel: Funnel {
            extracted: true,
            ran: true,
            drew: true,
            located: false,
            passed: false,
        },
        artifacts: vec![format!("figures/{model}/{id}.png")],
        error: None,
        answer: None,
        process: None,
    }
}

/// Code channel details with one operation and `text_diff` as the diff.
fn code_details(text_diff: String) -> CodeDetails {
    CodeDetails {
        matched: MatchDetails {
            mode: plotgrade::matching::MatchMode::Edit,
            precision: 0.75,
            recall: 0.75,
            f1: 0.75,
            score: 0.75,
            generated_ops: vec![RecordedOp::of(&serde_json::json!(
                {"op": "changed", "key": "line.y"}
            ))],
            reference_ops: vec![],
            matches: vec![],
            notes: vec![],
        },
        ops: vec!["~ line.y".into()],
        text_diff,
    }
}

fn choice(model: &str, id: &str) -> ChoiceResult {
    ChoiceResult {
        id: id.into(),
        model: model.into(),
        kind: Kind::Deletion,
        figure: FigureType::Pie,
        sample: "pie-02".into(),
        extracted: Some(Answer::B),
        method: AnswerMethod::Boxed,
        answer: Answer::C,
        correct: false,
        reading: Default::default(),
        strict: Default::default(),
        soft: Default::default(),
        tags: Vec::new(),
        variant_of: None,
    }
}

fn meta() -> RunMeta {
    RunMeta {
        tasks: "tasks/mathopeval-mini/tasks.jsonl".into(),
        tasks_sha256: "aa".repeat(32),
        submissions: "subs.jsonl".into(),
        submissions_sha256: "bb".repeat(32),
        judge: None,
        shard: None,
        plotgrade_version: "0.1.0".into(),
        matplotlib_version: "3.9.2".into(),
        numpy_version: "2.1.3".into(),
    }
}

fn keys(results: &[GradeResult]) -> Vec<(String, String)> {
    results
        .iter()
        .map(|r| (r.model.clone(), r.id.clone()))
        .collect()
}

fn key(model: &str, id: &str) -> (String, String) {
    (model.to_string(), id.to_string())
}

#[test]
fn records_round_trip_in_model_then_id_order() {
    let dir = tempdir();
    let store = RunStore::open(dir.path()).unwrap();
    let written = [
        result("zeta", "t1"),
        result("alpha", "t2"),
        result("alpha", "t10"),
    ];
    for r in &written {
        store.put_result(r).unwrap();
    }
    store
        .put_choices(&[choice("m", "c2"), choice("m", "c1")])
        .unwrap();
    let rejected = Rejected {
        at: "subs.jsonl:7".into(),
        id: Some("nope".into()),
        reason: "unknown task id `nope`".into(),
    };
    store.put_rejected(&rejected).unwrap();
    drop(store);

    let store = RunStore::open_existing(dir.path()).unwrap();
    let results = store.results().unwrap();
    // Byte order of ids: "t10" before "t2", the same on every machine.
    assert_eq!(
        keys(&results),
        [key("alpha", "t10"), key("alpha", "t2"), key("zeta", "t1")]
    );
    assert_eq!(results[2], written[0]);
    assert_eq!(results[0], written[2]);
    assert_eq!(
        store.choices().unwrap(),
        [choice("m", "c1"), choice("m", "c2")]
    );
    assert_eq!(store.rejected().unwrap(), [rejected]);
}

/// Writing the outputs reads results a page at a time: every page size gives every
/// result once, in the order of `results()` (keys that share a model, ids in byte order).
#[test]
fn results_read_in_pages_are_the_results_in_order() {
    let dir = tempdir();
    let store = RunStore::open(dir.path()).unwrap();
    for (m, id) in [
        ("b", "t1"),
        ("a", "t2"),
        ("a", "t10"),
        ("a", "u"),
        ("c", "t1"),
    ] {
        store.put_result(&result(m, id)).unwrap();
    }
    let all = store.results().unwrap();
    for chunk in [1, 2, 3, 5, 6, 100] {
        let paged: Vec<GradeResult> = store
            .results_chunked(chunk)
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(paged, all, "pages of {chunk}");
    }
    let other = tempdir();
    let empty = RunStore::open(other.path()).unwrap();
    assert_eq!(empty.results_chunked(10).count(), 0);
}

#[test]
fn a_rerun_resumes_from_the_finished_rows() {
    let dir = tempdir();
    let store = RunStore::open(dir.path()).unwrap();
    store.check_or_set_meta(&meta()).unwrap();
    store.put_result(&result("m", "t1")).unwrap();
    store
        .put_results(&[result("m", "t2"), result("n", "t1")])
        .unwrap();
    store.put_choice(&choice("m", "c1")).unwrap();
    drop(store);

    let store = RunStore::open(dir.path()).unwrap();
    store.check_or_set_meta(&meta()).unwrap();
    let done = store.done_keys().unwrap();
    let expected: HashSet<_> = [
        key("m", "t1"),
        key("m", "t2"),
        key("n", "t1"),
        key("m", "c1"),
    ]
    .into();
    assert_eq!(done, expected);
    store.put_result(&result("n", "t2")).unwrap();
    assert_eq!(store.results().unwrap().len(), 4);
    assert_eq!(store.meta().unwrap(), Some(meta()));
}

#[test]
fn putting_the_same_key_again_replaces_the_row() {
    let dir = tempdir();
    let store = RunStore::open(dir.path()).unwrap();
    let mut r = result("m", "t1");
    store.put_result(&r).unwrap();
    store.put_result(&r).unwrap();
    r.score = 9;
    r.pass = true;
    store.put_result(&r).unwrap();
    assert_eq!(store.results().unwrap(), [r]);
    assert_eq!(store.done_keys().unwrap().len(), 1);
}

#[test]
fn resuming_with_other_arguments_is_refused() {
    let dir = tempdir();
    let store = RunStore::open(dir.path()).unwrap();
    store.check_or_set_meta(&meta()).unwrap();

    let other = RunMeta {
        tasks: "tasks/other/tasks.jsonl".into(),
        submissions_sha256: "cc".repeat(32),
        ..meta()
    };
    let err = store.check_or_set_meta(&other).unwrap_err();
    let msg = err.to_string();
    let StoreError::MetaMismatch { differences, .. } = &err else {
        panic!("expected a meta mismatch, got {msg}")
    };
    let fields: Vec<&str> = differences.iter().map(|d| d.field).collect();
    assert_eq!(fields, ["tasks", "submissions_sha256"], "{msg}");
    for part in [
        dir.path().join(RUN_FILE).display().to_string(),
        "tasks was `tasks/mathopeval-mini/tasks.jsonl`, now `tasks/other/tasks.jsonl`".into(),
        format!(
            "submissions_sha256 was `{}`, now `{}`",
            "bb".repeat(32),
            "cc".repeat(32)
        ),
        "start fresh with a new --out directory".into(),
        // Issue #29: a new field mapping reads other submissions; the message says so.
        "how it is read: --input-format, --id-field".into(),
    ] {
        assert!(msg.contains(&part), "missing {part:?} in: {msg}");
    }
    // The refused arguments were not recorded.
    assert_eq!(store.meta().unwrap(), Some(meta()));

    // The same submissions moved elsewhere: same content, same run.
    let moved = RunMeta {
        submissions: "elsewhere/subs.jsonl".into(),
        ..meta()
    };
    store.check_or_set_meta(&moved).unwrap();
}

/// Regression: a run killed with SIGKILL must keep every committed row, reopen without
/// complaint (no stale lock, no damaged file), and lose at most the row in flight.
#[test]
fn sigkill_keeps_committed_rows() {
    let dir = tempdir();
    let mut child = KillOnDrop(
        Command::new(std::env::current_exe().unwrap())
            .args([
                "store::sigkill_writer",
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(WRITER_DIR, dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the writer"),
    );
    let stdout = child.0.stdout.take().unwrap();
    let mut last = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if let Some(n) = line.strip_prefix("committed ") {
            last = Some(n.parse::<usize>().unwrap());
            if last >= Some(40) {
                break;
            }
        }
    }
    child.0.kill().unwrap(); // SIGKILL, mid-write of the next row
    child.0.wait().unwrap();
    let last = last.expect("the writer reported no committed row");

    let store = RunStore::open(dir.path()).expect("a killed run reopens");
    let ids: BTreeSet<usize> = store
        .results()
        .unwrap()
        .iter()
        .map(|r| r.id.strip_prefix('t').unwrap().parse().unwrap())
        .collect();
    assert!(
        ids.len() > last,
        "committed rows lost: reported {last}, found {ids:?}"
    );
    assert_eq!(
        ids,
        (0..ids.len()).collect(),
        "rows must form an unbroken prefix"
    );
    store.put_result(&result("m", "after")).unwrap();
}

const WRITER_DIR: &str = "PLOTGRADE_TEST_STORE_WRITER_DIR";

/// The process `sigkill_keeps_committed_rows` kills: writes rows until killed (or a cap,
/// so a forgotten writer ends by itself).
#[test]
#[ignore = "helper process of sigkill_keeps_committed_rows; does nothing on its own"]
fn sigkill_writer() {
    let Some(dir) = std::env::var_os(WRITER_DIR) else {
        return;
    };
    let store = RunStore::open(Path::new(&dir)).unwrap();
    // Bulky rows, so that the kill lands inside a write more often than between two.
    let mut r = result("m", "t0");
    r.channels.code.details = Some(code_details("x".repeat(64 * 1024)));
    for i in 0..100_000 {
        r.id = format!("t{i}");
        store.put_result(&r).unwrap();
        println!("committed {i}");
    }
}

struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

// --- shards and merge ---

/// Task ids of the bundled suite.
fn suite_ids() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("tasks/mathopeval-mini/tasks.jsonl")).unwrap();
    text.lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn shard_of_is_sha256_of_the_task_id() {
    // Computed with Python: int.from_bytes(sha256(id).digest()[:8], "big") % n.
    let expected = [
        ("geometry-01-generation", [0, 2, 4]),
        ("bar-03-deletion", [1, 1, 5]),
        ("pie-02-annotation", [1, 2, 5]),
        ("line-04-modification", [1, 1, 1]),
        ("function-05-generation", [0, 1, 0]),
        ("", [0, 1, 4]),
    ];
    for (id, [of2, of3, of8]) in expected {
        assert_eq!(
            [shard_of(id, 2), shard_of(id, 3), shard_of(id, 8)],
            [of2, of3, of8],
            "{id:?}"
        );
    }
    assert_eq!(shard_of("anything", 1), 0);
}

#[test]
fn shards_partition_the_suite() {
    let ids = suite_ids();
    assert!(ids.len() > 100);
    for count in 1..=7 {
        let shards: Vec<Shard> = (1..=count).map(|index| Shard { index, count }).collect();
        for id in &ids {
            let owners: Vec<_> = shards.iter().filter(|s| s.contains(id)).collect();
            assert_eq!(owners.len(), 1, "{id} in {owners:?} of {count}");
        }
        // No shard is empty for a suite this size (a broken hash would pile ids up).
        for s in &shards {
            assert!(ids.iter().any(|id| s.contains(id)), "shard {s} is empty");
        }
    }
}

/// A shard's run directory: its arguments, the results of its tasks, and an artifact per
/// result whose bytes name the result.
fn write_shard(dir: &Path, shard: Shard, results: &[GradeResult]) {
    let store = RunStore::open(dir).unwrap();
    store
        .check_or_set_meta(&RunMeta {
            shard: Some(shard),
            ..meta()
        })
        .unwrap();
    for r in results {
        store.put_result(r).unwrap();
        for a in &r.artifacts {
            let path = dir.join(a);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, format!("png of {} {}", r.model, r.id)).unwrap();
        }
    }
}

/// Results of two models on the first tasks of the suite, split between two shards, and
/// one result found in both shards (identical, as when a shard is rerun). Both shards read
/// the same submissions file, so both reject its bad line; shard 2 also rejects a task.
fn two_shards(root: &Path) -> (Vec<PathBuf>, Vec<GradeResult>) {
    let all: Vec<GradeResult> = suite_ids()
        .iter()
        .take(12)
        .flat_map(|id| [result("model-b", id), result("model-a", id)])
        .collect();
    let dirs = vec![root.join("shard-1"), root.join("shard-2")];
    for (i, dir) in dirs.iter().enumerate() {
        let shard = Shard {
            index: i as u32 + 1,
            count: 2,
        };
        let mut mine: Vec<GradeResult> = all
            .iter()
            .filter(|r| shard.contains(&r.id))
            .cloned()
            .collect();
        if i == 1 {
            mine.push(all[0].clone());
        }
        write_shard(dir, shard, &mine);
        let store = RunStore::open(dir).unwrap();
        store.put_rejected(&bad_line()).unwrap();
        if i == 1 {
            store.put_rejected(&reference_fails()).unwrap();
        }
    }
    (dirs, all)
}

fn bad_line() -> Rejected {
    Rejected {
        at: "subs.jsonl:3".into(),
        id: None,
        reason: "not JSON".into(),
    }
}

fn reference_fails() -> Rejected {
    Rejected {
        at: "subs.jsonl".into(),
        id: Some("pie-02-annotation".into()),
        reason: "task pie-02-annotation cannot be graded: the reference raised".into(),
    }
}

#[test]
fn merge_joins_shards_with_their_artifacts() {
    let tmp = tempdir();
    let (inputs, all) = two_shards(tmp.path());
    let out = tmp.path().join("merged");
    let report = merge(&out, &inputs).unwrap();

    assert_eq!(report.results, all.len());
    // The result and the bad line found in both shards.
    assert_eq!(report.duplicates, 2, "{report:?}");
    assert_eq!(report.rejected, 2);
    assert_eq!(report.artifacts, all.len());
    assert!(report.missing_artifacts.is_empty(), "{report:?}");
    assert_eq!(
        report.shards,
        [Shard { index: 1, count: 2 }, Shard { index: 2, count: 2 }]
    );
    assert!(report.missing_shards.is_empty());

    let merged = RunStore::open_existing(&out).unwrap();
    let mut expected = all.clone();
    expected.sort_by(|a, b| (&a.model, &a.id).cmp(&(&b.model, &b.id)));
    assert_eq!(merged.results().unwrap(), expected);
    assert_eq!(
        merged.meta().unwrap(),
        Some(meta()),
        "one run again: no shard"
    );
    for r in &all {
        let copied = std::fs::read_to_string(out.join(&r.artifacts[0])).unwrap();
        assert_eq!(copied, format!("png of {} {}", r.model, r.id));
    }

    // The order of the inputs does not matter.
    let reversed: Vec<PathBuf> = inputs.iter().rev().cloned().collect();
    merge(&tmp.path().join("merged-reversed"), &reversed).unwrap();
    let again = RunStore::open_existing(&tmp.path().join("merged-reversed")).unwrap();
    assert_eq!(again.results().unwrap(), expected);

    // A merged directory is not merged into twice.
    let err = merge(&out, &inputs).unwrap_err();
    assert!(matches!(err, StoreError::OutNotEmpty { .. }), "{err}");
}

#[test]
fn merge_refuses_a_submission_graded_differently_in_two_shards() {
    let tmp = tempdir();
    let (inputs, all) = two_shards(tmp.path());
    let mut changed = all[0].clone();
    changed.score = 2;
    RunStore::open(&inputs[1])
        .unwrap()
        .put_result(&changed)
        .unwrap();

    let out = tmp.path().join("merged");
    let msg = merge(&out, &inputs).unwrap_err().to_string();
    // geometry-01-generation belongs to shard 1/2; shard 2 holds a copy of it.
    assert!(Shard { index: 1, count: 2 }.contains(&changed.id));
    for part in [
        format!("model `{}`, id `{}`", changed.model, changed.id),
        inputs[0].display().to_string(),
        inputs[1].display().to_string(),
    ] {
        assert!(msg.contains(&part), "missing {part:?} in: {msg}");
    }
    assert!(
        !out.join(RUN_FILE).exists(),
        "a refused merge writes nothing"
    );
}

#[test]
fn merge_refuses_shards_of_different_runs() {
    let tmp = tempdir();
    let (inputs, _) = two_shards(tmp.path());
    let other = tmp.path().join("other");
    let store = RunStore::open(&other).unwrap();
    store
        .check_or_set_meta(&RunMeta {
            tasks_sha256: "dd".repeat(32),
            ..meta()
        })
        .unwrap();
    drop(store);

    let msg = merge(
        &tmp.path().join("merged"),
        &[inputs[0].clone(), other.clone()],
    )
    .unwrap_err()
    .to_string();
    assert!(msg.contains("tasks_sha256 differs"), "{msg}");
    assert!(msg.contains(&other.display().to_string()), "{msg}");

    // A directory that is not a run at all.
    let msg = merge(&tmp.path().join("merged"), &[tmp.path().to_path_buf()])
        .unwrap_err()
        .to_string();
    assert!(msg.starts_with("no run store in "), "{msg}");
}

#[test]
fn merge_reports_missing_shards_and_artifacts() {
    let tmp = tempdir();
    let ids = suite_ids();
    let one = |index| {
        let shard = Shard { index, count: 3 };
        let id = ids.iter().find(|id| shard.contains(id)).unwrap();
        (shard, result("m", id))
    };
    let (s1, r1) = one(1);
    let (s3, r3) = one(3);
    let dirs = [tmp.path().join("s1"), tmp.path().join("s3")];
    write_shard(&dirs[0], s1, std::slice::from_ref(&r1));
    write_shard(&dirs[1], s3, std::slice::from_ref(&r3));
    std::fs::remove_file(dirs[1].join(&r3.artifacts[0])).unwrap();

    let report = merge(&tmp.path().join("merged"), &dirs).unwrap();
    assert_eq!(report.missing_shards, [Shard { index: 2, count: 3 }]);
    assert_eq!(report.missing_artifacts, [dirs[1].join(&r3.artifacts[0])]);
    assert_eq!(report.artifacts, 1);
}

#[test]
fn merge_refuses_artifacts_outside_the_run_dir() {
    let tmp = tempdir();
    let mut r = result("m", "geometry-01-generation");
    r.artifacts = vec!["../../etc/passwd".into()];
    let dir = tmp.path().join("s");
    let store = RunStore::open(&dir).unwrap();
    store.check_or_set_meta(&meta()).unwrap();
    store.put_result(&r).unwrap();
    drop(store);
    let msg = merge(&tmp.path().join("merged"), &[dir])
        .unwrap_err()
        .to_string();
    assert!(msg.contains("artifact `../../etc/passwd`"), "{msg}");
}

// --- reference cache ---

fn outcome_with_pngs(tag: &str) -> Outcome {
    let mut o = Outcome::failed(Status::Ok, "");
    o.detail = None;
    o.stdout = format!("drew {tag}\n");
    o.figures = 2;
    // Real PNG signatures, NUL bytes and bytes that are not UTF-8: BLOBs, not text.
    o.pngs = vec![
        [b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".as_slice(), tag.as_bytes()].concat(),
        vec![0xff, 0x00, 0xfe, 0x00],
    ];
    o
}

#[test]
fn ref_cache_round_trips_outcomes_with_pngs() {
    let tmp = tempdir();
    let path = tmp.path().join("cache/refs.sqlite");
    let cache = RefCache::open(&path).unwrap();
    let versions = RefCache::versions(
        &serde_json::json!({"plotgrade": "0.1.0", "matplotlib": "3.9.2"}),
        &Default::default(),
    );
    let key = RefCache::key(
        b"import matplotlib.pyplot as plt\nplt.plot([1, 2])\n",
        &versions,
    );
    assert_eq!(cache.get(&key).unwrap(), None);

    let outcome = outcome_with_pngs("a");
    let cached = CachedRun::from_outcome(&outcome).unwrap();
    cache.put(&key, &cached).unwrap();
    drop(cache);

    let cache = RefCache::open(&path).unwrap();
    let got = cache.get(&key).unwrap().expect("cached");
    assert_eq!(got, cached);
    assert_eq!(got.status, Status::Ok);
    assert_eq!(got.to_outcome().unwrap(), outcome);

    // Replacing with fewer PNGs leaves none of the old ones behind.
    let mut fewer = outcome_with_pngs("b");
    fewer.pngs.truncate(1);
    cache
        .put(&key, &CachedRun::from_outcome(&fewer).unwrap())
        .unwrap();
    assert_eq!(
        cache.get(&key).unwrap().unwrap().to_outcome().unwrap(),
        fewer
    );
}

#[test]
fn ref_cache_takes_concurrent_writers() {
    let tmp = tempdir();
    let path = Arc::new(tmp.path().join("refs.sqlite"));
    // Two connections, as two processes would have, racing from the file's creation on;
    // they write the same keys (same content, as content addressing makes them) and their
    // own.
    let writers: Vec<_> = ["x", "y"]
        .into_iter()
        .map(|me| {
            let path = Arc::clone(&path);
            std::thread::spawn(move || {
                let cache = RefCache::open(&path).unwrap();
                for i in 0..60 {
                    let shared =
                        CachedRun::from_outcome(&outcome_with_pngs(&format!("shared {i}")))
                            .unwrap();
                    cache.put(&format!("shared-{i}"), &shared).unwrap();
                    let own =
                        CachedRun::from_outcome(&outcome_with_pngs(&format!("{me} {i}"))).unwrap();
                    cache.put(&format!("{me}-{i}"), &own).unwrap();
                    assert_eq!(
                        cache.get(&format!("shared-{i}")).unwrap().as_ref(),
                        Some(&shared)
                    );
                }
            })
        })
        .collect();
    // And one connection shared by threads, as a pipeline's workers would share it.
    let shared = Arc::new(RefCache::open(&path).unwrap());
    let sharers: Vec<_> = (0..2)
        .map(|t| {
            let cache = Arc::clone(&shared);
            std::thread::spawn(move || {
                for i in 0..30 {
                    cache
                        .judge_put(&format!("judge-{t}-{i}"), "{\"score\": 7}", 100, 10)
                        .unwrap();
                }
            })
        })
        .collect();
    for h in writers.into_iter().chain(sharers) {
        h.join().expect("a writer failed");
    }

    let cache = RefCache::open(&path).unwrap();
    for me in ["x", "y"] {
        for i in 0..60 {
            let got = cache
                .get(&format!("{me}-{i}"))
                .unwrap()
                .expect("every write is kept");
            assert_eq!(
                got.to_outcome().unwrap(),
                outcome_with_pngs(&format!("{me} {i}"))
            );
        }
    }
    assert_eq!(
        cache.judge_get("judge-1-29").unwrap().as_deref(),
        Some("{\"score\": 7}")
    );
}

#[test]
fn a_changed_shim_misses_the_reference_cache() {
    // Regression (issue #14): the key held the libraries' versions but not the shim's, so
    // an upgrade that changed the scene reader reused scenes the old one had read.
    use plotgrade::exec::{Job, Pool};
    let copy = tempdir();
    let shim = copy.path().join("plotgrade_shim");
    std::fs::create_dir_all(&shim).unwrap();
    for entry in std::fs::read_dir(crate::util::repo().join("python_shim/plotgrade_shim")).unwrap()
    {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "py") {
            std::fs::copy(&p, shim.join(p.file_name().unwrap())).unwrap();
        }
    }
    let start = |dir: Option<std::path::PathBuf>| {
        let mut c = crate::util::config(1);
        c.shim_dir = dir;
        Pool::start(c).unwrap()
    };
    let key = |pool: &Pool| {
        RefCache::key(
            b"x = 1\n",
            &RefCache::versions(&pool.info().versions, &pool.config().limits),
        )
    };
    let same = start(Some(copy.path().to_path_buf()));
    let k1 = key(&same);
    assert_eq!(
        same.run_one(Job::new("s.py", "x = 1\n")).status,
        plotgrade::exec::Status::NoFigure
    );
    drop(same);
    // One line more in the scene reader.
    let scene = shim.join("scene.py");
    let mut text = std::fs::read_to_string(&scene).unwrap();
    text.push_str("\n# changed\n");
    std::fs::write(&scene, text).unwrap();
    let changed = start(Some(copy.path().to_path_buf()));
    assert_ne!(key(&changed), k1, "a changed shim hit the cache");
    assert!(changed.info().versions["plotgrade"].is_string());
}
