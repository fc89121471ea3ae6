"""The labelled set: submissions to suite tasks whose verdict a person can check.

For every task of the catalog samples this picks a few pass cases (the reference, or the
reference rewritten in a harmless way) and a few fail cases (see common.PASS_CASES and
common.FAIL_CASES), renders them with the figure module of the task, and wraps the code as
a model would answer. The choice is deterministic and greedy: each task takes the offered
cases with the fewest lines so far, so categories that few tasks offer (a perpendicular for
a median, a misplaced annotation) are taken wherever they can be, and the generic fail
cases (image file, crash, no code) come up about half as often as the semantic ones
because those are the ones that test a grader.

Each line is `{"id", "model", "response", "expected", "case"}`; `model` is
`labelled/<case>`, so (id, model) is unique and a run store keyed by it keeps every line.
"""

from __future__ import annotations

import common as C

PASS_PER_TASK = 2
FAIL_PER_TASK = 2
GENERIC_FAILS = ("imshow-image", "crash", "no-code")
# Offered by few tasks (median constructions only): taken wherever it is offered.
ALWAYS = ("perpendicular-for-median",)


def task_cases(module, spec, kind: str) -> dict:
    """case -> code (None for no-code) of every submission this task can get."""
    offered = dict(module.cases(spec, kind))
    reference = offered["reference"]
    key = f"{spec.id}-{kind}"
    offered["imshow-image"] = C.imshow_code(key)
    offered["crash"] = C.crash_variant(reference, key)
    offered["no-code"] = None
    return offered


def pick(offered: list, counts: dict, count: int, weight=lambda case: 1) -> list:
    """The `count` offered cases with the fewest (weighted) lines so far; ties go to the
    case listed first. Keeps rare categories (offered by few tasks) well represented."""
    ranked = sorted(offered, key=lambda c: (counts.get(c, 0) * weight(c), offered.index(c)))
    chosen = ranked[:count]
    for case in chosen:
        counts[case] = counts.get(case, 0) + 1
    return chosen


def rotate(items: list, n: int) -> list:
    n %= max(1, len(items))
    return items[n:] + items[:n]


def lines_for(modules) -> list:
    counts = {}
    out = []
    task_no = 0
    for module in modules:
        for spec in module.catalog():
            for kind in C.KINDS:
                task_id = f"{spec.id}-{kind}"
                offered = task_cases(module, spec, kind)
                passes = rotate([c for c in C.PASS_CASES if c in offered], task_no)
                fails = rotate([c for c in C.FAIL_CASES if c in offered], task_no)
                task_no += 1
                chosen = pick(passes, counts, PASS_PER_TASK)
                # generic fails count double, so they come up about half as often
                chosen += pick(fails, counts, FAIL_PER_TASK,
                               weight=lambda c: 2 if c in GENERIC_FAILS else 0 if c in ALWAYS else 1)
                for case in chosen:
                    code = offered[case]
                    key = f"{task_id}/{case}"
                    response = C.no_code_reply(key) if code is None else C.wrap(code, key)
                    out.append(
                        {
                            "id": task_id,
                            "model": f"labelled/{case}",
                            "response": response,
                            "expected": C.EXPECTED[case],
                            "case": case,
                        }
                    )
    return out
