//! The reader's budgets against hostile scripts: whatever a submission writes, reading it
//! returns, in well under a second, having charged no more than its byte budget
//! ([`budget::BYTES`]) and grown the process by no more than a few times that.
//!
//! Three sources of scripts: the attacks issue #24 names (each used to allocate
//! gigabytes in the grader's own process), a grammar of hostile statements (big repeats,
//! nested comprehensions, deep nesting, long chains, joins and formats of big values),
//! and the bundled reference scripts mutated (hostile statements spliced in, numbers made
//! big, lines repeated or looped, spans cut). A library like the model of matplotlib is
//! behind the reader: it broadcasts scalars over sequences and keeps the public form of
//! what it is handed, so its copies are charged too.
//!
//! Each script is read on a thread of its own with a 2 MiB stack (a grader's worker
//! thread may have no more); a read that does not return within [`MAX_SECONDS`] fails
//! the test rather than hang it. Memory is the process's peak resident size, reset
//! before each read (`/proc/self/clear_refs`), so every test here takes [`SERIAL`].

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use plotgrade_pyreader::{Args, Library, Val, Value, budget, parse, read};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Longest a read may take (release build; the reads here take milliseconds).
const MAX_SECONDS: u64 = 10;
/// Most the process may grow while reading one script: the budget, the allocator's
/// slack on it, and what is not charged (the syntax tree, transient buffers).
const MAX_GROWTH: u64 = 3 * budget::BYTES;

/// One measured read at a time: peak memory is the whole process's.
static SERIAL: Mutex<()> = Mutex::new(());

/// A library like the model of matplotlib, as a submission would meet it: each pyplot
/// call draws one element per item of its longest sequence argument, holding the public
/// form of that item of every argument (a scalar broadcast to all), at most 5,000
/// elements in all as the model keeps.
#[derive(Default)]
struct Broadcasting {
    elements: Vec<Vec<Value>>,
    notes: Vec<String>,
}

impl Library for Broadcasting {
    fn note(&mut self, note: String) {
        if self.notes.len() < 50 && !self.notes.contains(&note) {
            self.notes.push(note);
        }
    }

    fn call(&mut self, path: &str, args: &Args, _line: usize) -> Option<Val> {
        if !path.starts_with("matplotlib") {
            return None;
        }
        let all: Vec<&Val> = args
            .pos
            .iter()
            .chain(args.kw.iter().map(|(_, v)| v))
            .collect();
        let items: Vec<Option<Vec<Val>>> = all
            .iter()
            .map(|v| match v {
                Val::Str(_) => None,
                v => v.items(),
            })
            .collect();
        let n = items.iter().flatten().map(Vec::len).max().unwrap_or(1);
        let room = 5_000 - self.elements.len();
        for i in 0..n.min(room) {
            let element = all
                .iter()
                .zip(&items)
                .map(|(v, its)| match its {
                    Some(xs) if !xs.is_empty() => xs[i % xs.len()].to_value(),
                    _ => (*v).clone().to_value(),
                })
                .collect();
            self.elements.push(element);
        }
        None
    }

    fn method(&mut self, _: &Val, _: &str, _: &Args, _: usize) -> Option<Val> {
        None
    }

    fn provides(&self, _: &str) -> bool {
        false
    }

    fn global(&self, _: &str) -> Option<Val> {
        None
    }

    fn assigned(&mut self, name: &str, value: &Val, _: usize) {
        // The model reads `A = (0, 0)` as a point.
        if name.len() == 1
            && name.chars().all(|c| c.is_ascii_uppercase())
            && self.elements.len() < 5_000
        {
            self.elements.push(vec![value.to_value()]);
        }
    }
}

/// What one read cost.
#[derive(Debug)]
struct Cost {
    usage: budget::Usage,
    seconds: f64,
    growth: u64,
    notes: Vec<String>,
}

fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Read `src` the way the code channel does, and measure it.
fn read_measured(src: &str) -> Cost {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // Reset the peak resident size to the current one (Linux ≥ 4.0).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = status_kib("VmRSS:");
    let (tx, rx) = mpsc::channel();
    let owned = src.to_string();
    let started = Instant::now();
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let parsed = parse(&owned).expect("the parser takes any text");
            let mut library = Broadcasting::default();
            let ((), usage) = budget::scope(budget::BYTES, || read(&owned, &parsed, &mut library));
            drop(library.elements);
            let _ = tx.send((usage, library.notes));
        })
        .expect("spawn a reading thread");
    let (usage, notes) = rx
        .recv_timeout(Duration::from_secs(MAX_SECONDS))
        .unwrap_or_else(|_| {
            panic!(
                "reading did not return within {MAX_SECONDS} s (or crashed):\n{}",
                head(src)
            )
        });
    let seconds = started.elapsed().as_secs_f64();
    let peak = status_kib("VmHWM:");
    Cost {
        usage,
        seconds,
        growth: peak.saturating_sub(before) * 1024,
        notes,
    }
}

fn head(src: &str) -> String {
    src.chars().take(600).collect()
}

/// The budget's promises for one script; the cost, for the caller's figures.
fn assert_bounded(src: &str) -> Cost {
    let cost = read_measured(src);
    assert!(
        cost.usage.charged <= budget::BYTES,
        "charged {} bytes, over the budget:\n{}",
        cost.usage.charged,
        head(src)
    );
    assert!(
        cost.growth <= MAX_GROWTH,
        "the process grew by {} MiB reading:\n{}\n{cost:?}",
        cost.growth >> 20,
        head(src)
    );
    cost
}

// ---- the attacks of issue #24 ----

/// Each of these allocated gigabytes before the byte budget (the first, 100 GB in one
/// step, aborting the grade); each must now end early with the budget's note.
const ATTACKS: &[(&str, &str)] = &[
    ("list_repeat", "s = 'x' * 1000000\nbig = [s] * 100000\n"),
    (
        "nested_repeat",
        "s = 'x' * 1000000\nbig = [[s] * 1000] * 1000\n",
    ),
    (
        "repeat_of_a_repeat",
        "s = 'x' * 1000000\nb = [s] * 1000\nbig = [b] * 1000\n",
    ),
    (
        "dict_comprehension",
        "s = 'x' * 1000000\nd = {i: s for i in range(100000)}\n",
    ),
    (
        "set_comprehension",
        "s = 'x' * 1000000\nd = {s for i in range(100000)}\n",
    ),
    (
        "nested_comprehension",
        "s = 'x' * 1000000\nd = [[s for j in range(300)] for i in range(300)]\n",
    ),
    ("join", "s = 'x' * 1000000\nt = ''.join([s] * 100000)\n"),
    (
        "format_of_a_big_list",
        "s = 'x' * 1000000\nb = [s] * 100\nt = '{}'.format(b)\n",
    ),
    (
        "repr_of_a_big_list",
        "s = 'x' * 1000000\nb = [s] * 100\nt = repr(b)\nu = str(b)\n",
    ),
    (
        "fstring",
        "s = 'x' * 1000000\nt = f'{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}'\n",
    ),
    (
        "percent",
        "s = 'x' * 1000000\nt = '%s%s%s%s' % (s, s, s, s)\n",
    ),
    (
        "list_of_range_copied",
        "r = list(range(100000))\nbig = [r] * 100000\n",
    ),
    (
        "repeated_add",
        "s = 'x' * 1000000\nt = []\nfor i in range(1000):\n    t = t + [s]\n",
    ),
    (
        "slices",
        "s = 'x' * 1000000\nb = [s] * 100\nc = [b[::1] for i in range(10000)]\n",
    ),
    (
        "split",
        "s = 'x ' * 500000\nparts = [s.split() for i in range(1000)]\n",
    ),
    (
        "chars",
        "s = 'x' * 1000000\nc = [list(s) for i in range(1000)]\n",
    ),
    ("replace", "s = 'x' * 1000000\nt = s.replace('x', s)\n"),
    (
        "width",
        "t = f'{1:>1000000000}'\nu = '%1000000000d' % 1\nv = '1'.zfill(10**9)\n",
    ),
    ("round_digits", "t = round(1.5, 10**9)\n"),
    (
        "append_loop",
        "s = 'x' * 1000000\nb = []\nfor i in range(1000):\n    for j in range(20):\n        b.append(s)\n",
    ),
    (
        "deep_nesting",
        "x = []\nfor j in range(20):\n    for i in range(1000):\n        x = [x, x]\n",
    ),
    (
        "probe_doubling",
        "import numpy as np\nx = np.linspace(0, 1, 10)\ny = x\nfor i in range(60):\n    y = y * y\n",
    ),
    (
        "arrays",
        "import numpy as np\nx = np.linspace(0, 1, 100000)\nys = [x * i for i in range(100000)]\n",
    ),
    (
        "tolist",
        "import numpy as np\nx = np.arange(100000)\nys = [x.tolist() for i in range(1000)]\n",
    ),
    (
        "zip_enumerate_sorted",
        "s = 'x' * 1000000\nb = [s] * 100\nz = [list(zip(b, b)) for i in range(1000)]\ne = [list(enumerate(b)) for i in range(1000)]\n",
    ),
    (
        "dict_literal",
        "d = {i: i for i in range(100000)}\ne = {**d, **d}\nd.update(e)\n",
    ),
    (
        "broadcast_colour",
        "import matplotlib.pyplot as plt\ns = 'x' * 1000000\nplt.bar(range(100000), 1, color=s)\n",
    ),
    (
        "labels_in_a_loop",
        "import matplotlib.pyplot as plt\ns = 'x' * 1000000\nfor i in range(1000):\n    for j in range(20):\n        plt.text(0, 0, s)\n",
    ),
    (
        "long_note_in_a_loop",
        "for i in range(1000):\n    for j in (LONG):\n        pass\n",
    ),
];

#[test]
fn the_attacks_of_issue_24_end_within_the_budget_with_a_note() {
    let long_name = "y".repeat(500_000);
    for (name, src) in ATTACKS {
        let src = src.replace("LONG", &long_name);
        let cost = assert_bounded(&src);
        eprintln!(
            "{name}: charged {:.1} MiB, grew {:.1} MiB, {:.3} s",
            cost.usage.charged as f64 / (1 << 20) as f64,
            cost.growth as f64 / (1 << 20) as f64,
            cost.seconds
        );
        // The issue's own one-liners spend the byte budget; the others may stop at a
        // size cap on one value (1 MiB strings, 100,000 items) or at the work budget.
        if name.contains("repeat") {
            assert!(
                cost.usage.spent && cost.notes.iter().any(|n| n == budget::NOTE),
                "{name}: the byte budget did not stop it: {cost:?}"
            );
        }
        assert!(
            cost.notes.iter().all(|n| n.len() < 400),
            "{name}: a note quotes too much source: {:?}",
            cost.notes.iter().map(|n| n.len()).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_bundled_scripts_read_far_inside_the_budget() {
    let scripts = corpus();
    assert!(scripts.len() > 100, "{} scripts found", scripts.len());
    let mut most = 0;
    for (path, src) in &scripts {
        let cost = read_measured(src);
        assert!(
            !cost.usage.spent,
            "{}: a bundled script spent the budget",
            path.display()
        );
        most = most.max(cost.usage.charged);
    }
    eprintln!(
        "{} bundled scripts: at most {} KiB charged",
        scripts.len(),
        most >> 10
    );
    assert!(
        most < budget::BYTES / 16,
        "{most} bytes for a bundled script"
    );
}

// ---- the fuzz test ----

/// The bundled reference scripts and the suites' own scripts.
fn corpus() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in ["references", "tasks"] {
        collect(&root.join(dir), &mut out);
    }
    out.sort();
    out
}

fn collect(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "py")
            && let Ok(text) = std::fs::read_to_string(&p)
        {
            out.push((p, text));
        }
    }
}

/// Names the hostile statements share, so that they build on each other.
const NAMES: &[&str] = &["s", "b", "d", "x", "y"];

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(NAMES).prop_map(str::to_string)
}

fn count() -> impl Strategy<Value = String> {
    prop::sample::select(
        &[
            "0", "1", "3", "100", "1000", "100000", "1000000", "10**9", "-1",
        ][..],
    )
    .prop_map(str::to_string)
}

/// Hostile expressions: big repeats, comprehensions, joins and formats, nesting.
fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        name(),
        count(),
        Just("'x' * 1000000".to_string()),
        Just("'ab'".to_string()),
        Just("list(range(100000))".to_string()),
        Just("np.linspace(0, 1, 100000)".to_string()),
        Just("{'k': 1}".to_string()),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (inner.clone(), count()).prop_map(|(a, n)| format!("[{a}] * {n}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) + ({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) * ({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("[{a}, {b}]")),
            (inner.clone(), count()).prop_map(|(a, n)| format!("[{a} for i in range({n})]")),
            (inner.clone(), count()).prop_map(|(a, n)| format!("{{i: {a} for i in range({n})}}")),
            (inner.clone(), count()).prop_map(|(a, n)| format!("{{{a} for i in range({n})}}")),
            (inner.clone(), count(), count())
                .prop_map(|(a, n, m)| format!("[[{a} for j in range({m})] for i in range({n})]")),
            inner.clone().prop_map(|a| format!("''.join({a})")),
            inner.clone().prop_map(|a| format!("str({a})")),
            inner.clone().prop_map(|a| format!("repr({a})")),
            inner.clone().prop_map(|a| format!("f'{{{a}}}{{{a}!r}}'")),
            (inner.clone(), count()).prop_map(|(a, n)| format!("f'{{{a}:>{n}}}'")),
            inner.clone().prop_map(|a| format!("'%s %r' % ({a}, {a})")),
            inner
                .clone()
                .prop_map(|a| format!("'{{}}{{}}'.format({a}, {a})")),
            inner.clone().prop_map(|a| format!("list({a})")),
            inner.clone().prop_map(|a| format!("({a})[::-1]")),
            inner.clone().prop_map(|a| format!("({a}).split()")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}).replace('x', {b})")),
            inner.clone().prop_map(|a| format!("sorted({a})")),
            inner.clone().prop_map(|a| format!("list(zip({a}, {a}))")),
            inner.clone().prop_map(|a| format!("list(enumerate({a}))")),
            inner.clone().prop_map(|a| format!("dict({a})")),
            inner.clone().prop_map(|a| format!("{{**{a}}}")),
            inner.clone().prop_map(|a| format!("np.array({a})")),
            inner.clone().prop_map(|a| format!("np.sin({a}) * {a}")),
            inner.clone().prop_map(|a| format!("({a}).tolist()")),
            inner.clone().prop_map(|a| format!("({a}).upper()")),
            (inner.clone(), count()).prop_map(|(a, n)| format!("({a}).zfill({n})")),
            (inner.clone(), count()).prop_map(|(a, n)| format!("round({a}, {n})")),
            inner.prop_map(|a| format!("f({a})")),
        ]
    })
}

/// Hostile statements over [`NAMES`].
fn stmt() -> impl Strategy<Value = String> {
    prop_oneof![
        (name(), expr()).prop_map(|(n, e)| format!("{n} = {e}")),
        (name(), expr()).prop_map(|(n, e)| format!("{n} += {e}")),
        (name(), expr()).prop_map(|(n, e)| format!("{n}.append({e})")),
        (name(), expr()).prop_map(|(n, e)| format!("{n}.extend({e})")),
        (name(), expr()).prop_map(|(n, e)| format!("{n}[0] = {e}")),
        (name(), expr()).prop_map(|(n, e)| format!("{n}.update({e})")),
        (name(), expr(), count())
            .prop_map(|(n, e, k)| format!("for i in range({k}):\n    {n} = {e}")),
        (name(), name(), count()).prop_map(|(n, m, k)| {
            format!("for i in range({k}):\n    for j in range(20):\n        {n} = [{n}, {m}]")
        }),
        (name(), expr()).prop_map(|(n, e)| format!("def f(a):\n    return [a, {e}]\n{n} = f({n})")),
        (name(), name()).prop_map(|(n, m)| format!("plt.bar({n}, 1, color={m}, label={m})")),
        (name(), name()).prop_map(|(n, m)| format!("plt.text(0, 0, {n})\nplt.plot({m}, {m})")),
        name().prop_map(|n| format!("A = ({n}, {n})")),
    ]
}

/// A script of hostile statements, after the imports every plotting script has.
fn hostile_script() -> impl Strategy<Value = String> {
    prop::collection::vec(stmt(), 1..8).prop_map(|stmts| {
        let mut src = String::from(
            "import numpy as np\nimport matplotlib.pyplot as plt\ns = 'x' * 1000\nb = [1, 2]\nd = {}\nx = []\ny = 'y'\n",
        );
        for s in stmts {
            src.push_str(&s);
            src.push('\n');
        }
        src
    })
}

/// One change to a bundled script.
#[derive(Debug, Clone)]
enum Mutation {
    /// A hostile statement before a line (indented like it).
    Insert(usize, String),
    /// Every number of a line made big.
    BigNumbers(usize, String),
    /// A line repeated.
    Repeat(usize, usize),
    /// A line inside a loop.
    Loop(usize, String),
    /// Bytes cut out.
    Cut(usize, usize),
    /// Another script's tail appended at a line.
    Splice(usize, usize),
}

fn mutation(scripts: usize) -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), stmt()).prop_map(|(l, s)| Mutation::Insert(l, s)),
        (any::<usize>(), count()).prop_map(|(l, n)| Mutation::BigNumbers(l, n)),
        (any::<usize>(), 2..200usize).prop_map(|(l, k)| Mutation::Repeat(l, k)),
        (any::<usize>(), count()).prop_map(|(l, n)| Mutation::Loop(l, n)),
        (any::<usize>(), 1..400usize).prop_map(|(at, n)| Mutation::Cut(at, n)),
        (any::<usize>(), 0..scripts.max(1)).prop_map(|(l, other)| Mutation::Splice(l, other)),
    ]
}

fn mutate(src: &str, m: &Mutation, scripts: &[(PathBuf, String)]) -> String {
    let mut lines: Vec<String> = src.lines().map(str::to_string).collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    let n = lines.len();
    let indent = |l: &str| l.len() - l.trim_start().len();
    match m {
        Mutation::Insert(at, s) => {
            let i = at % n;
            let pad = " ".repeat(indent(&lines[i]));
            let block: Vec<String> = s.lines().map(|l| format!("{pad}{l}")).collect();
            lines.splice(i..i, block);
        }
        Mutation::BigNumbers(at, big) => {
            let i = at % n;
            let mut out = String::new();
            let mut in_number = false;
            for c in lines[i].chars() {
                if c.is_ascii_digit() {
                    if !in_number {
                        out.push_str(big);
                    }
                    in_number = true;
                } else {
                    in_number = false;
                    out.push(c);
                }
            }
            lines[i] = out;
        }
        Mutation::Repeat(at, k) => {
            let i = at % n;
            let copies = vec![lines[i].clone(); *k];
            lines.splice(i..i, copies);
        }
        Mutation::Loop(at, count) => {
            let i = at % n;
            let pad = " ".repeat(indent(&lines[i]));
            let body = format!("{pad}    {}", lines[i].trim_start());
            lines[i] = format!("{pad}for _i in range({count}):\n{body}");
        }
        Mutation::Cut(at, len) => {
            let text = lines.join("\n");
            let mut start = at % text.len().max(1);
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + len).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            return format!("{}{}", &text[..start], &text[end..]);
        }
        Mutation::Splice(at, other) => {
            let i = at % n;
            if let Some((_, o)) = scripts.get(*other) {
                let tail: Vec<String> = o
                    .lines()
                    .skip(o.lines().count() / 2)
                    .map(str::to_string)
                    .collect();
                lines.splice(i..i, tail);
            }
        }
    }
    lines.join("\n")
}

/// A fuzz run's configuration: bounded cases, no files written, a short shrink.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 256,
        ..Config::default()
    }
}

#[test]
fn fuzz_hostile_scripts_stay_within_the_budgets() {
    let started = Instant::now();
    let mut runner = TestRunner::new(config(160));
    let worst = Cell::new((0u64, 0f64));
    runner
        .run(&hostile_script(), |src| {
            let cost = assert_bounded(&src);
            let (g, t) = worst.get();
            worst.set((g.max(cost.growth), t.max(cost.seconds)));
            Ok(())
        })
        .unwrap();
    eprintln!(
        "hostile scripts: worst growth {} MiB, slowest {:.3} s, all in {:.1} s",
        worst.get().0 >> 20,
        worst.get().1,
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn fuzz_mutated_references_stay_within_the_budgets() {
    let scripts = corpus();
    assert!(!scripts.is_empty(), "no bundled scripts found");
    let started = Instant::now();
    let mut runner = TestRunner::new(config(200));
    let strategy = (
        0..scripts.len(),
        prop::collection::vec(mutation(scripts.len()), 1..5),
    );
    let worst = Cell::new((0u64, 0f64));
    runner
        .run(&strategy, |(which, mutations)| {
            let mut src = scripts[which].1.clone();
            for m in &mutations {
                src = mutate(&src, m, &scripts);
            }
            let cost = assert_bounded(&src);
            let (g, t) = worst.get();
            worst.set((g.max(cost.growth), t.max(cost.seconds)));
            Ok(())
        })
        .unwrap();
    eprintln!(
        "mutated references: worst growth {} MiB, slowest {:.3} s, all in {:.1} s",
        worst.get().0 >> 20,
        worst.get().1,
        started.elapsed().as_secs_f64()
    );
}
