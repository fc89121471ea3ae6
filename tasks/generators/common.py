"""Shared pieces of the sample generators: literals, styles, sample documents, the CLI.

A *sample* is one figure in four states (original, deletion, modification, annotation),
each a complete script. Every figure module (`gen_bar.py`, `gen_line.py`, `gen_pie.py`,
`gen_function.py`, `gen_geometry.py`) turns a small data spec into:

- `scripts(spec)`: the four reference scripts,
- `instructions(spec)`: the task text for each kind,
- `cases(spec, kind)`: alternative submissions, each labelled by a case name (see
  `PASS_CASES` / `FAIL_CASES`), used by the labelled set and as choice distractors.

Run as a program (`python gen_bar.py --seed 7 --variants 3`) a module prints one sample
document per line (JSON) for `plotgrade tasks expand`; see docs/formats.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from dataclasses import dataclass, replace

KINDS = ("generation", "deletion", "modification", "annotation")
STATES = ("original", "deletion", "modification", "annotation")
FIGURES = ("geometry", "function", "bar", "line", "pie")

# The state whose script is the reference of each task kind.
REFERENCE_STATE = {
    "generation": "original",
    "deletion": "deletion",
    "modification": "modification",
    "annotation": "annotation",
}

# Submissions that a careful human grader would accept.
PASS_CASES = (
    "reference",  # the reference script itself
    "rewrite-names",  # other variable names
    "rewrite-loop",  # loop instead of unrolled calls, or the other way round
    "rewrite-numpy",  # numpy arrays instead of lists
    "rewrite-dict",  # another data structure (dict vs lists vs variables)
    "rewrite-api",  # `fig, ax = plt.subplots()` vs pyplot calls
    "rewrite-order",  # decorations called in another order
    "computed-values",  # the edit done by code (`values[2] = 45`) or values computed
    "annotation-nearby",  # labels placed sensibly, not at the reference's coordinates
    "style-harmless",  # figure size, layout, title font size: nothing the task asked about
)

# Submissions that a careful human grader would reject.
FAIL_CASES = (
    "unchanged-original",  # the original returned as is
    "wrong-element",  # another element deleted/modified (or two swapped, for generation)
    "value-off",  # a value off by 10-20 %
    "extra-change",  # the requested edit plus an unrequested one
    "perpendicular-for-median",  # an altitude drawn where a median was asked
    "annotation-wrong-value",  # a label with the wrong value
    "annotation-far",  # a label far from its element
    "missing-element",  # generation with an element left out
    "imshow-image",  # the figure faked by showing an image file
    "crash",  # code that raises
    "no-code",  # a response without code
)

EXPECTED = {case: "pass" for case in PASS_CASES} | {case: "fail" for case in FAIL_CASES}

# Which fail cases make the three distractors of a multiple-choice question, in order of
# preference (the first three a sample offers are used).
CHOICE_DISTRACTORS = {
    "generation": ("missing-element", "value-off", "wrong-element"),
    "deletion": ("wrong-element", "unchanged-original", "extra-change"),
    "modification": (
        "perpendicular-for-median",
        "wrong-element",
        "value-off",
        "unchanged-original",
        "extra-change",
    ),
    "annotation": ("annotation-wrong-value", "annotation-far", "unchanged-original"),
}


@dataclass(frozen=True)
class Style:
    """How a script is written; the reference is `Style()`.

    Each figure module reads the fields it can honour; a pass case changes one of them.
    """

    flip_api: bool = False  # pyplot <-> `fig, ax = plt.subplots()`
    names: bool = False  # alternative variable names
    data: str = "ref"  # "ref" | "numpy" | "dict"
    order: bool = False  # title and labels before the drawing calls
    loop: bool = False  # loop <-> unrolled
    harmless: bool = False  # figure size, tight_layout, title font size
    nearby: bool = False  # annotation at other (sensible) coordinates
    computed: bool = False  # edit expressed as code on the original data


REF = Style()

# Per-case style for the rewrite pass cases a module renders through `render`.
CASE_STYLES = {
    "reference": REF,
    "rewrite-names": Style(names=True),
    "rewrite-loop": Style(loop=True),
    "rewrite-numpy": Style(data="numpy"),
    "rewrite-dict": Style(data="dict"),
    "rewrite-api": Style(flip_api=True),
    "rewrite-order": Style(order=True),
    "computed-values": Style(computed=True),
    "annotation-nearby": Style(nearby=True),
    "style-harmless": Style(harmless=True),
}


# ---------------------------------------------------------------------------------------
# Literals and numbers


def lit(value) -> str:
    """A Python literal for plain data: numbers, strings, tuples, lists, dicts."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value == int(value) and abs(value) < 1e15:
            return f"{int(value)}.0"
        return repr(value)
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(lit(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(lit(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{lit(k)}: {lit(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no literal for {value!r}")


def num(value: float, digits: int = 2) -> str:
    """A number as a person writes it: at most `digits` decimals, no trailing zeros."""
    rounded = round(float(value), digits)
    if rounded == 0:
        rounded = 0.0
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.{digits}f}".rstrip("0").rstrip(".")


def clean(value: float, digits: int = 2):
    """`value` rounded for writing into code: an int when it is whole."""
    rounded = round(float(value), digits)
    if rounded == int(rounded):
        return int(rounded)
    return rounded


def same_precision(template: float, value: float):
    """`value` rounded like `template`: ints stay ints, one-decimal floats keep one
    decimal and are never whole (so `str()` of either prints the way it is written)."""
    if isinstance(template, int):
        return max(1, int(round(value)))
    rounded = round(value, 1)
    if rounded == int(rounded):
        rounded += 0.5
    return max(0.5, rounded)


def off_by(value, rng: random.Random | None = None, factor: float | None = None):
    """A visibly wrong value: 10-20 % away from `value`, in the same precision (for small
    integers, the nearest integer that is at least 10 % away)."""
    factor = factor if factor is not None else 1.15
    if rng is not None:
        factor = rng.choice((0.82, 0.85, 1.15, 1.18))
    wrong = same_precision(value, value * factor)
    if abs(wrong - value) < 0.1 * abs(value) or wrong == value:
        if isinstance(value, int):
            step = max(1, math.ceil(0.15 * abs(value)))
            wrong = value + step if factor > 1 or value - step < 1 else value - step
        else:
            for f in (1.2 if factor > 1 else 0.8, 1.3, 0.7):
                wrong = same_precision(value, value * f)
                if abs(wrong - value) >= 0.1 * abs(value) and wrong != value:
                    break
            else:
                wrong = same_precision(value, value + 0.5)
    assert wrong != value
    return wrong


def rng_for(*parts) -> random.Random:
    """A private, reproducible random stream named by `parts` (independent of hash seeds)."""
    return random.Random("/".join(str(p) for p in parts))


# ---------------------------------------------------------------------------------------
# API spelling: pyplot function name -> Axes method name


AXES_METHOD = {
    "title": "set_title",
    "xlabel": "set_xlabel",
    "ylabel": "set_ylabel",
    "xlim": "set_xlim",
    "ylim": "set_ylim",
    "xticks": "set_xticks",
}


class Api:
    """Writes drawing calls either as `plt.NAME(...)` or as `ax.METHOD(...)`."""

    def __init__(self, oo: bool, figsize: tuple[float, float]):
        self.oo = oo
        self.figsize = figsize

    def figure(self) -> str:
        size = lit(self.figsize)
        if self.oo:
            return f"fig, ax = plt.subplots(figsize={size})"
        return f"plt.figure(figsize={size})"

    def __call__(self, name: str, args: str) -> str:
        if self.oo:
            return f"ax.{AXES_METHOD.get(name, name)}({args})"
        return f"plt.{name}({args})"

    def aspect_equal(self) -> str:
        return "ax.set_aspect('equal')" if self.oo else "plt.gca().set_aspect('equal')"


def header(numpy: bool = False) -> list[str]:
    lines = []
    if numpy:
        lines.append("import numpy as np")
    lines.append("import matplotlib.pyplot as plt")
    lines.append("")
    return lines


def finish(lines: list[str]) -> str:
    """Join script lines; every script ends with `plt.show()` and a newline."""
    text = "\n".join(lines).rstrip("\n")
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text + "\n"


# ---------------------------------------------------------------------------------------
# Generic submission cases (the same for every figure type)


IMAGE_NAMES = ("reference.png", "target.png", "expected_output.png", "figure.png")


def imshow_code(key: str) -> str:
    name = IMAGE_NAMES[int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(IMAGE_NAMES)]
    return finish(
        [
            "import matplotlib.pyplot as plt",
            "",
            f"img = plt.imread({lit(name)})",
            "plt.figure(figsize=(6, 4))",
            "plt.imshow(img)",
            "plt.axis('off')",
            "plt.show()",
        ]
    )


NO_CODE_REPLIES = (
    "I'm sorry, but I can't see the image, so I cannot write code that reproduces it.",
    "To make this change, remove the element from the data lists and redraw the chart; "
    "everything else in the script can stay as it is.",
    "The figure shows the requested chart. Let me know if you would like me to explain "
    "how matplotlib draws it.",
    "Sure! You would call the plotting function again with the updated data and then show "
    "the figure. Good luck with your project!",
)


def no_code_reply(key: str) -> str:
    index = int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(NO_CODE_REPLIES)
    return NO_CODE_REPLIES[index]


def crash_variant(code: str, key: str) -> str:
    """Break a working script so that it raises before it finishes.

    The break is one of a few mistakes models make: a misspelt variable (NameError), an
    Axes-only method on pyplot (AttributeError), or indexing past the end (IndexError).
    """
    lines = code.rstrip("\n").split("\n")
    show = lines.index("plt.show()")
    choice = int(hashlib.sha256(key.encode()).hexdigest(), 16) % 3
    if choice == 0:
        lines.insert(show, "plt.set_title('Result')" if "ax." not in code else "ax.title('Result')")
    elif choice == 1:
        lines.insert(show, "print(f'Plotted {len(data_points)} elements')")
    else:
        lines.insert(show, "plt.text(0, 0, labels_list[len(labels_list)])")
        lines.insert(show, "labels_list = []")
    return "\n".join(lines) + "\n"


WRAPPERS = (
    "```python\n{code}```",
    "Here is the code:\n\n```python\n{code}```",
    "```python\n{code}```\n\nThis script draws the requested figure with matplotlib.",
    "Sure. The complete program:\n\n```python\n{code}```\n\nRun it to display the figure.",
)


def wrap(code: str, key: str) -> str:
    """A model-like response around `code` (always one ```python fence)."""
    index = int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(WRAPPERS)
    return WRAPPERS[index].format(code=code)


# ---------------------------------------------------------------------------------------
# Sample documents, choice questions, the generator CLI


@dataclass(frozen=True)
class SampleDoc:
    sample: str
    figure: str
    scripts: dict
    instructions: dict
    choices: dict
    variant_of: str | None = None
    seed: int | None = None
    tags: dict | None = None  # kind -> ["key:value", ...], from the module's tags(spec)

    def to_json(self) -> dict:
        doc = {
            "sample": self.sample,
            "figure": self.figure,
            "variant_of": self.variant_of,
            "seed": self.seed,
            "scripts": {state: self.scripts[state] for state in STATES},
            "instructions": {kind: self.instructions[kind] for kind in KINDS},
            "choices": {kind: self.choices[kind] for kind in KINDS},
        }
        if self.tags is not None:
            doc["tags"] = {kind: list(self.tags.get(kind, [])) for kind in KINDS}
        return doc


QUESTION_TAIL = "Which of the following programs does this?"


def choice_question(module, spec, kind: str, scripts: dict, instruction: str) -> dict:
    """A four-way question: the reference script and three wrong programs."""
    offered = module.cases(spec, kind)
    distractors = [offered[c] for c in CHOICE_DISTRACTORS[kind] if c in offered]
    correct = scripts[REFERENCE_STATE[kind]]
    unique = []
    for code in distractors:
        if code != correct and code not in unique:
            unique.append(code)
    if len(unique) < 3:
        raise ValueError(f"{spec.id}/{kind}: only {len(unique)} distinct distractors")
    options = unique[:3]
    # each sample puts its four correct answers at four different letters
    offset = int(hashlib.sha256(spec.id.encode()).hexdigest(), 16) % 4
    position = (offset + KINDS.index(kind)) % 4
    options.insert(position, correct)
    if kind == "generation":
        question = f"{instruction}\n\nWhich of the following programs draws this figure?"
    else:
        question = (
            "The following program draws a figure:\n\n"
            f"```python\n{scripts['original']}```\n\n"
            f"{instruction}\n\n{QUESTION_TAIL}"
        )
    return {"question": question, "choices": options, "answer": "ABCD"[position]}


def sample_doc(module, spec, variant_of=None, seed=None) -> SampleDoc:
    scripts = module.scripts(spec)
    instructions = module.instructions(spec)
    choices = {
        kind: choice_question(module, spec, kind, scripts, instructions[kind]) for kind in KINDS
    }
    return SampleDoc(
        sample=spec.id,
        figure=module.FIGURE,
        scripts=scripts,
        instructions=instructions,
        choices=choices,
        variant_of=variant_of,
        seed=seed,
        tags=module.tags(spec) if hasattr(module, "tags") else None,
    )


def variant_docs(module, seed: int, variants: int) -> list[SampleDoc]:
    docs = []
    for base in module.catalog():
        for k in range(1, variants + 1):
            rng = rng_for("variant", seed, base.id, k)
            spec = module.variant(base, rng, f"{base.id}-v{k}")
            docs.append(sample_doc(module, spec, variant_of=base.id, seed=seed))
    return docs


def main(module, argv=None) -> int:
    parser = argparse.ArgumentParser(
        description=f"Write {module.FIGURE} samples as JSON lines (one sample document each)."
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the variants")
    parser.add_argument("--variants", type=int, default=1, help="variants per catalog sample")
    parser.add_argument(
        "--catalog", action="store_true", help="print the catalog samples instead of variants"
    )
    args = parser.parse_args(argv)
    if args.variants < 0 or args.seed < 0:
        parser.error("--seed and --variants must not be negative")
    if args.catalog:
        docs = [sample_doc(module, spec) for spec in module.catalog()]
    else:
        docs = variant_docs(module, args.seed, args.variants)
    out = sys.stdout
    for doc in docs:
        out.write(json.dumps(doc.to_json(), ensure_ascii=False, sort_keys=False) + "\n")
    return 0


def spread(rng: random.Random, values, low=0.7, high=1.3):
    """Each value scaled by its own random factor in [low, high], same precision."""
    return tuple(same_precision(v, v * rng.uniform(low, high)) for v in values)


def distinct(values) -> bool:
    return len(set(values)) == len(values)


def hypot(p, q) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


__all__ = [name for name in dir() if not name.startswith("_")] + ["replace"]
