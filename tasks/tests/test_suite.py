"""Tests of the task suite: generators, references, choice questions and labelled set.

Run with `.venv/bin/python -m pytest tasks/tests` from the repository root. The expensive
part runs every labelled submission and every choice distractor, and checks its label
against what it actually draws (see probe.py): a pass case must draw what the reference
draws, a fail case must not (or must crash / have no code / show an image file).
"""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GENERATORS = ROOT / "tasks" / "generators"
SUITE = ROOT / "tasks" / "mathopeval-mini"
sys.path[:0] = [str(GENERATORS), str(HERE)]

import build_suite  # noqa: E402
import common as C  # noqa: E402
import probe  # noqa: E402
import schema  # noqa: E402

FIGURES = ("geometry", "function", "bar", "line", "pie")
PROGRAMS = sorted(GENERATORS.glob("gen_*.py"))
NEAR = 0.08  # "placed sensibly": within 8 % of the axes' extent of the reference's spot


def read_jsonl(path: Path) -> list:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


TASKS = read_jsonl(SUITE / "tasks.jsonl")
CHOICES = read_jsonl(SUITE / "choice.jsonl")
LABELLED = read_jsonl(SUITE / "labelled.jsonl")
TASK_BY_ID = {t["id"]: t for t in TASKS}


_drawings = {}


def reference_drawing(path: str) -> probe.Drawing:
    if path not in _drawings:
        _drawings[path] = probe.run((ROOT / path).read_text(encoding="utf-8"))
    return _drawings[path]


# ---------------------------------------------------------------------------------------
# The committed suite is what the generators write


def test_committed_suite_equals_generator_output():
    files = build_suite.suite_files()
    stale = [rel for rel, text in files.items()
             if not (ROOT / rel).is_file() or (ROOT / rel).read_text(encoding="utf-8") != text]
    refs = ROOT / "references" / build_suite.SUITE
    extra = [p.relative_to(ROOT).as_posix() for p in refs.rglob("*.py")
             if p.relative_to(ROOT).as_posix() not in files]
    assert not stale and not extra, (
        f"stale: {stale[:5]}, not generated: {extra[:5]}; "
        "run .venv/bin/python tasks/generators/build_suite.py"
    )


# ---------------------------------------------------------------------------------------
# Every line validates


def test_task_lines_validate():
    task_schema = schema.load("task.schema.json")
    problems = []
    for n, task in enumerate(TASKS, 1):
        problems += [f"tasks.jsonl:{n}: {e}" for e in schema.errors(task, task_schema)]
        for key in ("original", "reference"):
            if task.get(key) and not (ROOT / task[key]).is_file():
                problems.append(f"tasks.jsonl:{n}: {key} {task[key]} does not exist")
        if task["id"] != f"{task['sample']}-{task['kind']}":
            problems.append(f"tasks.jsonl:{n}: id is not <sample>-<kind>")
    assert not problems, "\n".join(problems)
    assert len(TASK_BY_ID) == len(TASKS), "duplicate task ids"


def test_suite_size_and_shape():
    samples = collections.defaultdict(set)
    kinds = collections.defaultdict(set)
    for task in TASKS:
        samples[task["figure"]].add(task["sample"])
        kinds[task["sample"]].add(task["kind"])
    for figure in FIGURES:
        assert len(samples[figure]) >= 12, figure
    assert all(k == set(C.KINDS) for k in kinds.values())
    assert len(TASKS) >= 240 and len(CHOICES) >= 240


def test_choice_lines_validate_and_answer_is_the_reference():
    choice_schema = schema.load("choice.schema.json")
    problems = []
    for n, q in enumerate(CHOICES, 1):
        problems += [f"choice.jsonl:{n}: {e}" for e in schema.errors(q, choice_schema)]
        task = TASK_BY_ID.get(q["id"])
        if task is None:
            problems.append(f"choice.jsonl:{n}: no task {q['id']}")
            continue
        correct = q["choices"]["ABCD".index(q["answer"])]
        if correct != (ROOT / task["reference"]).read_text(encoding="utf-8"):
            problems.append(f"choice.jsonl:{n}: the answer is not the reference script")
    assert not problems, "\n".join(problems)
    letters = collections.Counter(q["answer"] for q in CHOICES)
    assert max(letters.values()) - min(letters.values()) <= len(CHOICES) // 20, letters


def test_labelled_lines_validate_and_cover_every_case():
    labelled_schema = schema.load("labelled.schema.json")
    problems = []
    seen = set()
    for n, line in enumerate(LABELLED, 1):
        problems += [f"labelled.jsonl:{n}: {e}" for e in schema.errors(line, labelled_schema)]
        if line["id"] not in TASK_BY_ID:
            problems.append(f"labelled.jsonl:{n}: no task {line['id']}")
        if (line["id"], line["model"]) in seen:
            problems.append(f"labelled.jsonl:{n}: duplicate (id, model)")
        seen.add((line["id"], line["model"]))
        if C.EXPECTED.get(line["case"]) != line["expected"]:
            problems.append(f"labelled.jsonl:{n}: case {line['case']} is not {line['expected']}")
    assert not problems, "\n".join(problems)
    assert len(LABELLED) >= 400
    per_case = collections.Counter(line["case"] for line in LABELLED)
    assert set(per_case) == set(C.PASS_CASES) | set(C.FAIL_CASES), per_case
    assert min(per_case.values()) >= 7, per_case
    cover = collections.defaultdict(set)
    for line in LABELLED:
        task = TASK_BY_ID[line["id"]]
        cover[line["expected"]].add((task["figure"], task["kind"]))
    for expected in ("pass", "fail"):
        assert len(cover[expected]) == 20, (expected, cover[expected])


# ---------------------------------------------------------------------------------------
# References run and draw


REFERENCE_FILES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "references" / "mathopeval-mini").rglob("*.py"))


@pytest.mark.parametrize("path", REFERENCE_FILES)
def test_reference_draws_one_figure(path):
    code = (ROOT / path).read_text(encoding="utf-8")
    assert "savefig" not in code and "open(" not in code and "random" not in code
    drawing = reference_drawing(path)
    assert drawing.figures == 1
    assert drawing.segments or drawing.bars or drawing.wedges, "nothing drawn"


# ---------------------------------------------------------------------------------------
# The labels are true


def check_label(case: str, response: str, reference: probe.Drawing, tmp_path: Path) -> None:
    code = probe.extract(response)
    if case == "no-code":
        assert code is None and "import" not in response
        return
    assert code is not None, "no fenced code"
    if case == "crash":
        with pytest.raises(Exception):  # noqa: B017 — any error: the case is "it crashes"
            probe.run(code, cwd=str(tmp_path))
        return
    if case == "imshow-image":
        name = code.split("imread(")[1].split(")")[0].strip("'\"")
        import matplotlib.pyplot as plt
        import numpy as np

        plt.imsave(tmp_path / name, np.zeros((8, 8, 3)))
        drawing = probe.run(code, cwd=str(tmp_path))
        assert drawing.images == 1
        assert probe.differences(reference, drawing, near=NEAR)
        return
    drawing = probe.run(code, cwd=str(tmp_path))
    if C.EXPECTED[case] == "pass":
        near = NEAR if case == "annotation-nearby" else None
        diff = probe.differences(reference, drawing, near=near)
        assert not diff, diff
    else:
        # wrong even when texts may sit anywhere near the reference's spots
        assert probe.differences(reference, drawing, near=NEAR), "draws the same as the reference"


@pytest.mark.parametrize("n", range(len(LABELLED)), ids=[f"{x['id']}/{x['case']}" for x in LABELLED])
def test_labelled_submission_is_what_its_label_says(n, tmp_path):
    line = LABELLED[n]
    task = TASK_BY_ID[line["id"]]
    check_label(line["case"], line["response"], reference_drawing(task["reference"]), tmp_path)


@pytest.mark.parametrize("n", range(len(CHOICES)), ids=[q["id"] for q in CHOICES])
def test_choice_distractors_draw_something_else(n, tmp_path):
    q = CHOICES[n]
    reference = reference_drawing(TASK_BY_ID[q["id"]]["reference"])
    answer = "ABCD".index(q["answer"])
    for i, code in enumerate(q["choices"]):
        if i == answer:
            continue
        drawing = probe.run(code, cwd=str(tmp_path))
        assert probe.differences(reference, drawing, near=NEAR), f"choice {'ABCD'[i]} is also right"


# ---------------------------------------------------------------------------------------
# Generator programs: the sample-document protocol, determinism, variants that hold


def run_program(program: Path, *args: str) -> bytes:
    done = subprocess.run([sys.executable, str(program), *args], capture_output=True, check=True)
    return done.stdout


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_generator_is_deterministic(program):
    first = run_program(program, "--seed", "7", "--variants", "2")
    assert first == run_program(program, "--seed", "7", "--variants", "2")
    assert first != run_program(program, "--seed", "8", "--variants", "2")


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_generator_documents_validate(program):
    sample_schema = schema.load("sample.schema.json")
    docs = [json.loads(line) for line in run_program(program, "--seed", "7", "--variants", "2").splitlines()]
    assert len(docs) >= 24
    ids = [d["sample"] for d in docs]
    assert len(set(ids)) == len(ids)
    for doc in docs:
        assert not schema.errors(doc, sample_schema), schema.errors(doc, sample_schema)
        assert doc["sample"].startswith(doc["variant_of"] + "-v")
    catalog = [json.loads(line) for line in run_program(program, "--catalog").splitlines()]
    committed = {t["sample"] for t in TASKS}
    assert {d["sample"] for d in catalog} <= committed


def variant_modules():
    return [__import__(p.stem) for p in PROGRAMS]


@pytest.mark.parametrize("module", variant_modules(), ids=[p.stem for p in PROGRAMS])
def test_variant_labels_hold(module, tmp_path):
    """Variants are new numbers through the same code paths: check their cases too."""
    for base in module.catalog():
        spec = module.variant(base, C.rng_for("variant", 5, base.id, 1), f"{base.id}-v1")
        scripts = module.scripts(spec)
        references = {state: probe.run(code) for state, code in scripts.items()}
        for kind in C.KINDS:
            reference = references[C.REFERENCE_STATE[kind]]
            for case, code in module.cases(spec, kind).items():
                try:
                    check_label(case, f"```python\n{code}```", reference, tmp_path)
                except AssertionError as err:
                    raise AssertionError(f"{spec.id} {kind} {case}: {err}") from err
