"""The Python package, as a user gets it: the wheel built here, installed in a fresh venv
on the machine's Python from the package registry, then the API on the suite (results
equal the CLI's, byte for byte) and the pytest plugin on the example tests (baselines
written, a pass, a failure stated in words, a summary, under pytest-xdist too).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
SUITE = ROOT / "tasks" / "mathopeval-mini" / "tasks.jsonl"
LABELLED = ROOT / "tasks" / "mathopeval-mini" / "labelled.jsonl"


def _run(cmd, ok=(0,), **kw):
    """Run ``cmd``; its exit status must be one of ``ok``."""
    p = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if p.returncode not in ok:
        raise AssertionError(f"{cmd} exited {p.returncode}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
    return p


def _machine_python() -> Path:
    """The interpreter this venv was made from: the machine's Python, not the venv's."""
    base = Path(sys.base_prefix) / "bin"
    for name in (f"python{sys.version_info.major}.{sys.version_info.minor}", "python3"):
        if (base / name).exists():
            return base / name
    pytest.skip(f"no base interpreter under {base}")


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """(python, work dir) of a fresh venv with the wheel installed."""
    wheels = tmp_path_factory.mktemp("wheels")
    _run([sys.executable, "-m", "maturin", "build", "--release", "--quiet", "-o", wheels,
          "-i", sys.executable], cwd=ROOT)
    (wheel,) = wheels.glob("plotgrade-*.whl")
    assert "abi3" in wheel.name, wheel.name  # one wheel for every CPython ≥ 3.10
    venv = tmp_path_factory.mktemp("venv") / "fresh"
    _run([_machine_python(), "-m", "venv", venv])
    py = venv / "bin" / "python"
    pins = [line.split("#")[0].strip() for line in (ROOT / "requirements.txt").read_text().splitlines()]
    pins = [p for p in pins if p.startswith(("matplotlib==", "numpy=="))]
    _run([py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel, *pins,
          "-r", HERE / "requirements-wheel-test.txt"])
    return py, tmp_path_factory.mktemp("work")


def _cache_env(work: Path) -> dict:
    return {**os.environ, "PLOTGRADE_CACHE": str(work / "cache"), "PYTHONWARNINGS": "default"}


def test_the_api_grades_like_the_cli(fresh):
    py, work = fresh
    subs = work / "subs.jsonl"
    subs.write_text("".join(LABELLED.read_text().splitlines(keepends=True)[:48]))
    facts = json.loads(_run([py, HERE / "inside" / "api_check.py", SUITE, subs, work],
                            env=_cache_env(work), cwd=ROOT).stdout)
    # The pinned matplotlib and numpy are installed: nothing to warn about.
    assert facts["version_warnings"] == []
    assert facts["results"] == 48
    assert "plotgrade: submissions: 6 to do" in facts["progress"], facts["progress"]
    assert facts["rows_equal"] and facts["frame_equal"] and facts["grader_equal"]
    # results.csv's 18 columns: the 15 of every task, and a question's answer_key, answer
    # and answer_correct (empty here: mathopeval-mini asks no question).
    assert facts["frame_shape"] == [48, 18]
    assert facts["frame_columns"][-3:] == ["answer_key", "answer", "answer_correct"]
    assert facts["frame_pass_sum"] == facts["passed"]
    assert facts["run_status"] == "ok" and facts["run_png"] and facts["run_bars"] == [3.0, 5.0]
    assert facts["attack_status"] == "forbidden"
    assert facts["modes_agree"] and facts["statuses_agree"]
    assert facts["diff_figure"] == ["bar 'Q3': height 5 → 7"]
    assert facts["compare"] == ["fail", ["bar 'Q3': height 5 → 7"]]
    assert facts["compare_same_figures"] == "pass"
    assert "tasks/broken/tasks.jsonl:1:" in facts["usage_error"]
    assert facts["type_error"] == "submissions[1] is a int, not a dict"
    assert "unknown field `temprature`" in facts["judge_unknown_key"]
    assert "--judge-repeat must be between 1 and 100" in facts["judge_bad_repeat"]
    assert 'unknown input format "parquet"' in facts["bad_input_format"]
    assert facts["bad_jobs"] == "jobs must be at least 1"
    assert "at least 64 MiB" in facts["bad_memory"]
    assert 'unknown answer reading "loose"' in facts["bad_reading"]
    assert "--judge-url" in facts["llm_reading_without_judge"]
    assert facts["dry_run_prompts"] == 2 and facts["dry_run_records"] == 2
    (warned,) = facts["numpy_warnings"]  # once, not once per call
    assert "numpy 9.9.9 (pinned: 2.2.6)" in warned
    assert "matplotlib 3.11.0" in facts["minor_refused"]

    # The same run from the standalone binary and from the wheel's console script.
    binary = TARGET / "release" / "plotgrade"
    if not binary.exists():
        pytest.skip(f"{binary} not built (scripts/test builds it first)")
    env = {**_cache_env(work), "PLOTGRADE_VENV": str(ROOT / ".venv")}
    _run([binary, "grade", "--tasks", SUITE, "--submissions", subs, "--out", work / "cli",
          "--jobs", "2"], env=env, cwd=ROOT)
    script = py.parent / "plotgrade"
    _run([script, "grade", "--tasks", SUITE, "--submissions", subs, "--out", work / "script",
          "--jobs", "1"], env=_cache_env(work), cwd=ROOT)
    api = (work / "by-path" / "results.jsonl").read_bytes()
    assert api == (work / "cli" / "results.jsonl").read_bytes()
    assert api == (work / "script" / "results.jsonl").read_bytes()


def test_rewards_line_up_with_their_answers(fresh):
    """Issue #29: a GRPO group graded as one batch, in order; TRL's and verl's reward
    functions on it; a repeat in a run directory is reported, not dropped silently."""
    py, work = fresh
    facts = json.loads(_run([py, HERE / "inside" / "rewards_check.py", SUITE, ROOT],
                            env=_cache_env(work), cwd=ROOT).stdout)
    assert facts["batch_len"] == 7
    assert facts["batch_pass"] == [True, False, False, True, False, True, True]
    assert facts["batch_equals_alone"]
    assert "answers[1] ('nope'): unknown task id `nope`" in facts["unknown_id"]
    assert facts["run_rejected"] == ["2"]
    (warned,) = facts["run_warned"]
    assert "a second submission for task `bar-03-deletion`" in warned
    assert "grade_batch" in warned
    trl = facts["trl"]
    assert trl[0] == 1.0 and trl[2] == 1.0 and trl[3] == 0.0 and 0.0 < trl[1] < 0.5, trl
    assert facts["trl_name"] == "plotgrade_scaled"
    assert "no column 'task_id'" in facts["trl_missing_column"]
    assert "id" in facts["trl_missing_column"]
    assert facts["pass_reward"] == [1.0, 0.0]
    assert facts["verl_one"] == 1.0
    assert facts["verl_batch"] == [1.0, 0.0, 1.0]
    assert facts["prompts"] == 252 and facts["prompt_images_exist"]
    assert facts["vlm_len"] == 252 and facts["vlm_row_same"]
    assert facts["vlm_msg_types"] == ["image", "image", "text"]
    (row,) = facts["vlm_table"]
    # Right deletion and generation, an unchanged script returned for a modification.
    assert row["deletion pass"] == 1.0 and row["generation pass"] == 1.0, row
    assert row["modification pass"] == 0.0 and row["modification score"] == 2.0, row
    assert facts["vlm_out"]
    assert "PLOTGRADE_TASKS" in facts["vlm_no_suite"]
    assert facts["prompt_roles"] == [["annotation", ["original"]], ["deletion", ["original", "edited"]],
                                     ["generation", ["target"]],
                                     ["modification", ["original", "edited"]]]


def test_the_pytest_plugin_writes_passes_and_describes(fresh, tmp_path):
    py, work = fresh
    shutil.copytree(HERE / "examples", tmp_path / "ex")
    ex = tmp_path / "ex"
    pytest_cmd = [py, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    env = _cache_env(work)

    # Without baselines every marked test fails, naming the missing file.
    p = _run(pytest_cmd, cwd=ex, env=env, ok=(1,))
    assert "run pytest --plotgrade-generate" in p.stdout
    # Generate (saying what it wrote), then a pass.
    p = _run([*pytest_cmd, "--plotgrade-generate"], cwd=ex, env=env)
    assert f"plotgrade: wrote 7 baseline(s) (PNG, scene, versions) to {ex / 'baseline'}" in p.stdout
    names = sorted(f.name for f in (ex / "baseline").glob("*.png"))
    assert names == ["test_line_bytes.png", "test_pie_strict.png", "test_pie_tolerant.png",
                     "test_polygon_3.png", "test_polygon_5.png", "test_quarterly_bars.png",
                     "test_sine_left_current.png"]
    p = _run(pytest_cmd, cwd=ex, env=env)
    assert "9 passed" in p.stdout

    # A changed bar and a broken pair, under xdist with both summaries.
    env2 = {**env, "EXAMPLE_Q3": "7", "EXAMPLE_PAIR_BREAK": "1"}
    p = _run([*pytest_cmd, "-n", "2", "--plotgrade-summary=html,json"], cwd=ex, env=env2,
             ok=(1,))
    assert "2 failed, 7 passed" in p.stdout
    assert "bar 'Q3': height 5 → 7" in p.stdout
    assert "bar 'b': height 3 → 2" in p.stdout
    summary = json.loads((ex / "plotgrade-results" / "summary.json").read_text())
    assert summary["counts"] == {"fail": 1, "pass": 6}
    failed = [t for t in summary["tests"] if t["verdict"] == "fail"]
    assert [t["changes"] for t in failed] == [["bar 'Q3': height 5 → 7"]]
    page = (ex / "plotgrade-results" / "summary.html").read_text()
    assert "bar &#x27;Q3&#x27;: height 5 → 7" in page
    # Labelled pictures with their difference, and the summaries' paths on the console.
    for label in ("baseline", "result", "difference"):
        assert f"<figcaption>{label}</figcaption>" in page
    assert (ex / "plotgrade-results" / "figures" / "test_quarterly_bars-diff.png").is_file()
    assert "difference: plotgrade-results/figures/test_quarterly_bars-diff.png" in p.stdout
    assert "plotgrade: summary: plotgrade-results/summary.html" in p.stdout

    # The settings from the ini file, as pytest-mpl reads them: a summary with no flag.
    shutil.rmtree(ex / "plotgrade-results")
    (ex / "pytest.ini").write_text("[pytest]\nplotgrade_summary = json\nplotgrade_mode = scene\n")
    p = _run([*pytest_cmd, "-k", "quarterly"], cwd=ex, env=env)
    ini_summary = json.loads((ex / "plotgrade-results" / "summary.json").read_text())
    assert [t["mode"] for t in ini_summary["tests"]] == ["scene"]
    (ex / "pytest.ini").unlink()

    # Tolerance per test: the same one-shade drift passes at RMS ≤ 5 and fails at 0.
    p = _run([*pytest_cmd, "-k", "pie", "-rA"], cwd=ex, env={**env, "EXAMPLE_TINT": "1"},
             ok=(1,))
    assert "1 failed, 1 passed" in p.stdout
    assert "FAILED test_figures.py::test_pie_strict" in p.stdout
    assert "pixels changed: RMS" in p.stdout
