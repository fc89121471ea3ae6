//! The house rules that the compiler does not check by itself.
//!
//! Between crates, cargo refuses cycles and an undeclared dependency does not compile.
//! What is left to check is written here: which crates may depend on Python (pyo3), on
//! tree-sitter and on each other, and that the modules inside the top crate form no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn manifest(krate: &str) -> String {
    let path = if krate == "plotgrade" {
        PathBuf::from(ROOT).join("Cargo.toml")
    } else {
        PathBuf::from(ROOT)
            .join("crates")
            .join(krate)
            .join("Cargo.toml")
    };
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `[dependencies]` names of a crate's manifest (not build or dev dependencies).
fn dependencies(krate: &str) -> BTreeSet<String> {
    let text = manifest(krate);
    let mut in_deps = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.']).next().unwrap_or("").trim();
            out.insert(name.to_string());
        }
    }
    out
}

/// The library crates below the top one.
const LIBRARIES: &[&str] = &[
    "plotgrade-model",
    "plotgrade-pyreader",
    "plotgrade-mplmodel",
    "plotgrade-code",
    "plotgrade-figure",
    "plotgrade-image",
    "plotgrade-exec",
    "plotgrade-store",
    "plotgrade-judge",
    "plotgrade-report",
    "plotgrade-regress",
    "plotgrade-grade",
    "plotgrade-serve",
];

/// The plotgrade crates each library crate may depend on: the architecture as data.
const ALLOWED: &[(&str, &[&str])] = &[
    ("plotgrade-model", &[]),
    // The code channel in three rooms, reader ← model of matplotlib ← channel.
    // The reader knows no plotgrade crate (docs/design.md): Python in, its own values out.
    ("plotgrade-pyreader", &[]),
    (
        "plotgrade-mplmodel",
        &["plotgrade-pyreader", "plotgrade-model"],
    ),
    (
        "plotgrade-code",
        &[
            "plotgrade-model",
            "plotgrade-pyreader",
            "plotgrade-mplmodel",
        ],
    ),
    // The other channels know the model alone.
    ("plotgrade-figure", &["plotgrade-model"]),
    ("plotgrade-image", &["plotgrade-model"]),
    ("plotgrade-exec", &["plotgrade-model"]),
    // Above the channels: the run store and caches keep records and executor outcomes.
    ("plotgrade-store", &["plotgrade-model", "plotgrade-exec"]),
    // The judge asks through the store's cache; it knows no channel and no grading.
    ("plotgrade-judge", &["plotgrade-model", "plotgrade-store"]),
    // Reports read records (and the judge's bands); they never reach back into grading.
    ("plotgrade-report", &["plotgrade-model", "plotgrade-judge"]),
    // Regression mode runs scripts and compares what they drew; it grades no task.
    (
        "plotgrade-regress",
        &[
            "plotgrade-model",
            "plotgrade-exec",
            "plotgrade-figure",
            "plotgrade-image",
            "plotgrade-report",
        ],
    ),
    // Grading combines the channels, the store, the judge and the reports.
    (
        "plotgrade-grade",
        &[
            "plotgrade-model",
            "plotgrade-exec",
            "plotgrade-code",
            "plotgrade-figure",
            "plotgrade-image",
            "plotgrade-store",
            "plotgrade-judge",
            "plotgrade-report",
        ],
    ),
    // The reward server: a grader behind HTTP.
    ("plotgrade-serve", &["plotgrade-model", "plotgrade-grade"]),
];

/// The plotgrade dependencies of a crate.
fn ours(krate: &str) -> BTreeSet<String> {
    dependencies(krate)
        .into_iter()
        .filter(|d| d.starts_with("plotgrade"))
        .collect()
}

/// Edges `crate → dependency` that [`ALLOWED`] does not list, for the crates it lists.
fn forbidden_edges(deps: impl Fn(&str) -> BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    for (krate, allowed) in ALLOWED {
        for d in deps(krate) {
            if !allowed.contains(&d.as_str()) {
                out.push(format!("{krate} → {d}"));
            }
        }
    }
    out
}

#[test]
fn only_the_executor_and_the_bindings_depend_on_python() {
    for krate in std::iter::once(&"plotgrade").chain(LIBRARIES) {
        if *krate == "plotgrade-exec" {
            continue;
        }
        let deps = dependencies(krate);
        assert!(
            !deps.contains("pyo3") && !deps.contains("pyo3-ffi"),
            "{krate} depends on pyo3: {deps:?}"
        );
    }
    assert!(dependencies("plotgrade-exec").contains("pyo3"));
    assert!(dependencies("plotgrade-python").contains("pyo3"));
}

#[test]
fn the_channels_know_the_model_and_not_each_other() {
    assert_eq!(forbidden_edges(ours), Vec::<String>::new());
    assert_eq!(
        ALLOWED.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
        LIBRARIES,
        "every library crate has a row in ALLOWED"
    );
    // The rooms are in use: the channel reads through both, the model stands on the reader.
    assert!(ours("plotgrade-code").contains("plotgrade-mplmodel"));
    assert!(ours("plotgrade-mplmodel").contains("plotgrade-pyreader"));
    // clap stays in the command line: no library crate below it parses arguments.
    for k in LIBRARIES {
        assert!(!dependencies(k).contains("clap"), "{k} depends on clap");
    }
}

#[test]
fn a_forbidden_edge_is_found() {
    // The check above must be able to fail: the reader reaching up into the model of
    // matplotlib is the cycle the split into rooms removed; the figure channel reading
    // code is a channel knowing another.
    let deps = |k: &str| -> BTreeSet<String> {
        match k {
            "plotgrade-pyreader" => BTreeSet::from(["plotgrade-mplmodel".to_string()]),
            "plotgrade-figure" => BTreeSet::from(["plotgrade-code".to_string()]),
            other => ours(other),
        }
    };
    assert_eq!(
        forbidden_edges(deps),
        [
            "plotgrade-pyreader → plotgrade-mplmodel",
            "plotgrade-figure → plotgrade-code"
        ]
    );
}

#[test]
fn tree_sitter_stays_in_the_reader() {
    for krate in std::iter::once(&"plotgrade").chain(LIBRARIES) {
        let deps = dependencies(krate);
        let parses = deps.contains("tree-sitter") || deps.contains("tree-sitter-python");
        assert_eq!(
            parses,
            *krate == "plotgrade-pyreader",
            "{krate}: tree-sitter {deps:?}"
        );
    }
}

/// `crate::<module>` references of each top-level module of `src/`.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules: Vec<String> = std::fs::read_dir(src)
        .expect("src")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".rs").unwrap_or(&name).to_string();
            (stem != "lib" && stem != "main").then_some(stem)
        })
        .collect();
    let mut graph = BTreeMap::new();
    for m in &modules {
        let mut files = Vec::new();
        let dir = src.join(m);
        if dir.is_dir() {
            let mut stack = vec![dir];
            while let Some(d) = stack.pop() {
                for e in std::fs::read_dir(&d).expect("dir").flatten() {
                    let p = e.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|x| x == "rs") {
                        files.push(p);
                    }
                }
            }
        } else {
            files.push(src.join(format!("{m}.rs")));
        }
        let mut uses = BTreeSet::new();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("source");
            for (i, _) in text.match_indices("crate::") {
                let rest = &text[i + "crate::".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if modules.contains(&name) && &name != m {
                    uses.insert(name);
                }
            }
        }
        graph.insert(m.clone(), uses);
    }
    graph
}

fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == n) {
            let mut cycle = path[at..].to_vec();
            cycle.push(n.to_string());
            return Some(cycle);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for next in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(next, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for n in graph.keys() {
        if let Some(c) = visit(n, graph, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

#[test]
fn the_top_crate_has_no_module_cycle() {
    let graph = module_graph(&PathBuf::from(ROOT).join("src"));
    assert!(graph.contains_key("bench") && graph.contains_key("cli"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("module cycle: {}", cycle.join(" → "));
    }
    // The store, the judge and the reports are crates of their own: cargo keeps them
    // from reaching back into grading.
    for lib in ["store", "judge", "report", "regress", "grade"] {
        assert!(!graph.contains_key(lib), "{lib} is a library crate");
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    // The check above must be able to fail: grade → store → grade is the cycle it once had.
    let mut g = BTreeMap::new();
    g.insert("grade".to_string(), BTreeSet::from(["store".to_string()]));
    g.insert("store".to_string(), BTreeSet::from(["grade".to_string()]));
    g.insert("cli".to_string(), BTreeSet::from(["grade".to_string()]));
    let cycle = find_cycle(&g).expect("a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert!(cycle.contains(&"store".to_string()));
}
