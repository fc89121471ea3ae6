//! The Rust–Python contract (issue #14): the scene the shim writes and the Rust types that
//! read it name the same fields. Every Rust struct is `#[serde(default)]` (an old cache
//! entry must still load), so a field renamed on one side would silently read as a
//! default on the other. Here the shim's real output for the figure fixtures and the
//! gallery and MathOPEval originals is read into `Scene`, written back, and the two
//! key sets compared at every level: a field the shim writes that Rust drops, or one
//! Rust expects that the shim never writes, fails with its path.

use std::collections::BTreeSet;
use std::process::Command;

use serde_json::Value;

use crate::util::{repo, tempdir};
use plotgrade::scene::Scene;

/// The shim's raw scenes, `[{script, scene}]`, for `scripts` (paths under the repo).
fn shim_scenes(globs: &[&str]) -> Vec<(String, Value)> {
    let root = repo();
    let mut scripts: Vec<String> = Vec::new();
    for g in globs {
        for p in glob::glob(root.join(g).to_str().unwrap()).unwrap() {
            scripts.push(p.unwrap().display().to_string());
        }
    }
    assert!(scripts.len() > 20, "{scripts:?}");
    let cwd = tempdir();
    let out = Command::new(root.join(".venv/bin/python"))
        .arg(root.join("tests/fixtures/contract/dump_scenes.py"))
        .args(&scripts)
        .env("DUMP_CWD", cwd.path())
        .env("MPLBACKEND", "Agg")
        .output()
        .expect("run the venv's python (scripts/setup makes it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    list.into_iter()
        .map(|v| {
            (
                v["script"].as_str().unwrap().to_string(),
                v["scene"].clone(),
            )
        })
        .collect()
}

/// Where the keys of `shim` (the raw JSON) and `rust` (the same read into the Rust types
/// and written back) differ, as `path: only in the shim [..], only in Rust [..]`.
fn key_differences(path: &str, shim: &Value, rust: &Value, out: &mut Vec<String>) {
    match (shim, rust) {
        (Value::Object(a), Value::Object(b)) => {
            let ka: BTreeSet<&String> = a.keys().collect();
            let kb: BTreeSet<&String> = b.keys().collect();
            // Rust leaves out an absent optional (`skip_serializing_if`): the shim's null
            // for it says the same.
            let only_shim: Vec<&&String> = ka
                .difference(&kb)
                .filter(|k| !a[k.as_str()].is_null())
                .collect();
            let only_rust: Vec<&&String> = kb.difference(&ka).collect();
            if !only_shim.is_empty() || !only_rust.is_empty() {
                out.push(format!(
                    "{path}: only in the shim {only_shim:?}, only in Rust {only_rust:?}"
                ));
            }
            for k in ka.intersection(&kb) {
                key_differences(&format!("{path}.{k}"), &a[k.as_str()], &b[k.as_str()], out);
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                key_differences(&format!("{path}[{i}]"), x, y, out);
            }
        }
        _ => {}
    }
}

fn differences(scene: &Value) -> Vec<String> {
    let typed: Scene = serde_json::from_value(scene.clone()).expect("a scene Rust reads");
    let back = serde_json::to_value(&typed).unwrap();
    let mut out = Vec::new();
    key_differences("scene", scene, &back, &mut out);
    out
}

#[test]
fn the_shim_and_the_rust_scene_name_the_same_fields() {
    let scenes = shim_scenes(&[
        "tests/fixtures/figure/*.py",
        "references/gallery/*/original.py",
        "references/mathopeval-mini/*/original.py",
    ]);
    let mut problems = Vec::new();
    for (script, scene) in &scenes {
        for d in differences(scene) {
            problems.push(format!("{script}: {d}"));
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check itself: a field renamed in the shim's output is caught on both sides.
#[test]
fn a_renamed_field_fails_the_contract() {
    let (_, mut scene) = shim_scenes(&["tests/fixtures/figure/*.py"])
        .into_iter()
        .find(|(s, _)| s == "look_two_columns.py")
        .unwrap();
    assert!(differences(&scene).is_empty());
    let axes = scene["figures"][0]["axes"][0].as_object_mut().unwrap();
    let v = axes.remove("legend_columns").unwrap();
    axes.insert("legend_ncols".into(), v);
    let found = differences(&scene).join("\n");
    assert!(
        found.contains("only in the shim [\"legend_ncols\"]")
            && found.contains("only in Rust [\"legend_columns\"]"),
        "{found}"
    );
}
