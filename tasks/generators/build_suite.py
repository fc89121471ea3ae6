"""Write the mathopeval-mini suite from the catalog samples of the figure modules.

    .venv/bin/python tasks/generators/build_suite.py          # (re)write the suite
    .venv/bin/python tasks/generators/build_suite.py --check  # exit 1 if committed files differ

Writes, relative to the repository root (or --root):
    references/mathopeval-mini/<sample>/{original,deletion,modification,annotation}.py
    tasks/mathopeval-mini/tasks.jsonl     one task per sample and kind
    tasks/mathopeval-mini/choice.jsonl    one four-way question per task
    tasks/mathopeval-mini/labelled.jsonl  labelled submissions (see labelled.py)
Formats: docs/formats.md.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import common as C
import gen_bar
import gen_function
import gen_geometry
import gen_line
import gen_pie
import labelled

SUITE = "mathopeval-mini"
MODULES = (gen_geometry, gen_function, gen_bar, gen_line, gen_pie)


def jsonl(rows) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def task_rows(doc: C.SampleDoc, suite: str) -> list:
    base = f"references/{suite}/{doc.sample}"
    rows = []
    for kind in C.KINDS:
        row = {
            "id": f"{doc.sample}-{kind}",
            "sample": doc.sample,
            "kind": kind,
            "figure": doc.figure,
            "instruction": doc.instructions[kind],
            "original": None if kind == "generation" else f"{base}/original.py",
            "reference": f"{base}/{C.REFERENCE_STATE[kind]}.py",
        }
        if doc.variant_of is not None:
            row["variant_of"] = doc.variant_of
            row["seed"] = doc.seed
        rows.append(row)
    return rows


def choice_rows(doc: C.SampleDoc) -> list:
    rows = []
    for kind in C.KINDS:
        q = doc.choices[kind]
        rows.append(
            {
                "id": f"{doc.sample}-{kind}",
                "sample": doc.sample,
                "kind": kind,
                "figure": doc.figure,
                "question": q["question"],
                "choices": q["choices"],
                "answer": q["answer"],
            }
        )
    return rows


def suite_files(suite: str = SUITE) -> dict:
    """relative path -> text of every file the suite consists of."""
    files = {}
    tasks, choices = [], []
    for module in MODULES:
        for spec in module.catalog():
            doc = C.sample_doc(module, spec)
            for state in C.STATES:
                files[f"references/{suite}/{doc.sample}/{state}.py"] = doc.scripts[state]
            tasks += task_rows(doc, suite)
            choices += choice_rows(doc)
    files[f"tasks/{suite}/tasks.jsonl"] = jsonl(tasks)
    files[f"tasks/{suite}/choice.jsonl"] = jsonl(choices)
    files[f"tasks/{suite}/labelled.jsonl"] = jsonl(labelled.lines_for(MODULES))
    return files


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = Path(__file__).resolve().parents[2]
    parser.add_argument("--root", type=Path, default=here, help="repository root")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    files = suite_files()
    refs = args.root / "references" / SUITE
    if args.check:
        problems = []
        for rel, text in files.items():
            path = args.root / rel
            if not path.is_file():
                problems.append(f"missing: {rel}")
            elif path.read_text(encoding="utf-8") != text:
                problems.append(f"differs: {rel}")
        if refs.is_dir():
            for path in sorted(refs.rglob("*")):
                rel = path.relative_to(args.root).as_posix()
                if path.is_file() and rel not in files:
                    problems.append(f"not generated: {rel}")
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print("run: .venv/bin/python tasks/generators/build_suite.py", file=sys.stderr)
        return 1 if problems else 0
    if refs.is_dir():
        shutil.rmtree(refs)
    for rel, text in files.items():
        path = args.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} files under {args.root}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
