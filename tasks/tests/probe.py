"""A small, independent reader of what a script drew, for checking the suite's labels.

This is deliberately not the grader's scene code (python_shim/): the labelled set is the
yardstick for the grader, so its truth is checked by other means. `run` executes a script
under Agg and returns a `Drawing`; `same` says whether two drawings show the same content:
the same segments, points, bars, wedges and texts (within a small tolerance), ignoring
figure size, layout, fonts and the order of calls.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import re
import warnings
from dataclasses import dataclass, field

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.patches import Rectangle, Wedge
from matplotlib.text import Annotation

FENCE = re.compile(r"```(?:python|py)?[ \t]*\n(.*?)```", re.DOTALL)


def extract(response: str) -> str | None:
    """The code of the first fenced block, or None when there is none."""
    match = FENCE.search(response)
    return match.group(1) if match else None


@dataclass
class Drawing:
    figures: int = 0
    segments: list = field(default_factory=list)  # ((x1, y1), (x2, y2))
    points: list = field(default_factory=list)  # (x, y) of markers without lines
    rules: list = field(default_factory=list)  # ("h" | "v", value) from axhline / axvline
    bars: list = field(default_factory=list)  # (x, y, w, h)
    wedges: list = field(default_factory=list)  # (theta1, theta2)
    texts: list = field(default_factory=list)  # (string, (x, y)) in data coordinates
    words: dict = field(default_factory=dict)  # title, axis labels, categories, legend
    images: int = 0
    span: tuple = (1.0, 1.0)  # data extent of the axes in x and y (for "near")


def run(code: str, cwd: str | None = None) -> Drawing:
    """Execute `code` as a script and read back its figures. Exceptions propagate."""
    plt.close("all")
    matplotlib.rcdefaults()
    np.random.seed(0)
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")
            exec(compile(code, "<submission>", "exec"), {"__name__": "__main__"})  # noqa: S102
    finally:
        os.chdir(old)
    drawing = read()
    plt.close("all")
    return drawing


def read() -> Drawing:
    d = Drawing()
    nums = plt.get_fignums()
    d.figures = len(nums)
    spans = []
    for num in nums:
        fig = plt.figure(num)
        for ax in fig.axes:
            read_axes(ax, d)
            (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
            spans.append((abs(x1 - x0), abs(y1 - y0)))
    d.span = spans[0] if spans else (1.0, 1.0)
    return d


def read_axes(ax, d: Drawing) -> None:
    for line in ax.lines:
        if line.get_transform() != ax.transData:
            xy = line.get_xydata()
            if xy[0][0] == xy[1][0]:
                d.rules.append(("v", float(xy[0][0])))
            else:
                d.rules.append(("h", float(xy[0][1])))
            continue
        xy = np.asarray(line.get_xydata(), dtype=float)
        if len(xy) == 1 or line.get_linestyle() in ("None", "", " "):
            d.points += [tuple(p) for p in xy if not np.isnan(p).any()]
            continue
        for a, b in zip(xy[:-1], xy[1:]):
            if not (np.isnan(a).any() or np.isnan(b).any()):
                d.segments.append((tuple(a), tuple(b)))
    for coll in ax.collections:
        if isinstance(coll, PathCollection):
            d.points += [tuple(map(float, p)) for p in coll.get_offsets()]
    for patch in ax.patches:
        if isinstance(patch, Wedge):
            d.wedges.append((round(patch.theta1, 6), round(patch.theta2, 6)))
        elif isinstance(patch, Rectangle):
            d.bars.append((patch.get_x(), patch.get_y(), patch.get_width(), patch.get_height()))
    for text in ax.texts:
        if isinstance(text, Annotation):
            pos = text.xy
        else:
            pos = text.get_position()
        d.texts.append((text.get_text(), (float(pos[0]), float(pos[1]))))
    d.images += len(ax.images)
    words = d.words
    words.setdefault("title", []).append(ax.get_title())
    words.setdefault("xlabel", []).append(ax.get_xlabel())
    words.setdefault("ylabel", []).append(ax.get_ylabel())
    for axis_name, axis in (("xcat", ax.xaxis), ("ycat", ax.yaxis)):
        units = axis.get_units()
        mapping = getattr(units, "_mapping", None)
        if mapping:
            words.setdefault(axis_name, []).append(list(mapping.items()))
    legend = ax.get_legend()
    if legend is not None:
        words.setdefault("legend", []).append([t.get_text() for t in legend.get_texts()])


# ---------------------------------------------------------------------------------------
# Comparison


TOL = 0.011  # two-decimal literals against computed values


def _match(a: list, b: list, dist, tol: float) -> str | None:
    """Every item of a has a partner in b within tol, one to one; None or a reason."""
    if len(a) != len(b):
        return f"{len(a)} vs {len(b)} items"
    if not a:
        return None
    remaining = list(b)
    for item in a:
        best = min(range(len(remaining)), key=lambda k: dist(item, remaining[k]))
        if dist(item, remaining[best]) > tol:
            return f"{item} has no partner (closest {remaining[best]})"
        remaining.pop(best)
    return None


def _seg_dist(s, t) -> float:
    (a, b), (c, e) = s, t
    direct = max(math.dist(a, c), math.dist(b, e))
    flipped = max(math.dist(a, e), math.dist(b, c))
    return min(direct, flipped)


def _segments(a: list, b: list, tol: float) -> str | None:
    """Sets of segments, compared with numpy (curves have hundreds)."""
    if len(a) != len(b):
        # a closed polyline and separate sides give the same segments: compare as sets
        pass
    A = np.array([[*p, *q] for p, q in a]) if a else np.zeros((0, 4))
    B = np.array([[*p, *q] for p, q in b]) if b else np.zeros((0, 4))
    for X, Y, label in ((A, B, "missing from second"), (B, A, "missing from first")):
        if len(X) == 0:
            continue
        if len(Y) == 0:
            return f"segments {label}"
        Yf = Y[:, [2, 3, 0, 1]]
        d1 = np.max(np.abs(X[:, None, :] - Y[None, :, :]), axis=2)
        d2 = np.max(np.abs(X[:, None, :] - Yf[None, :, :]), axis=2)
        best = np.minimum(d1, d2).min(axis=1)
        if best.max() > tol:
            k = int(best.argmax())
            return f"segment {X[k].round(3).tolist()} {label}"
    return None


def differences(ref: Drawing, sub: Drawing, near: float | None = None) -> list:
    """What differs between two drawings. `near` (a fraction of the axes' extent) lets
    texts sit elsewhere as long as they stay that close to where the reference put them."""
    out = []
    if ref.figures != sub.figures:
        out.append(f"figures: {ref.figures} vs {sub.figures}")
    if ref.images != sub.images:
        out.append(f"images: {ref.images} vs {sub.images}")
    for key in sorted(set(ref.words) | set(sub.words)):
        if ref.words.get(key) != sub.words.get(key):
            out.append(f"{key}: {ref.words.get(key)} vs {sub.words.get(key)}")
    reason = _segments(ref.segments, sub.segments, TOL)
    if reason:
        out.append(f"segments: {reason}")
    for name, dist in (("points", math.dist), ("bars", lambda p, q: max(abs(x - y) for x, y in zip(p, q))),
                       ("wedges", lambda p, q: max(abs(x - y) for x, y in zip(p, q))),
                       ("rules", lambda p, q: 0 if p == q else 1)):
        reason = _match(getattr(ref, name), getattr(sub, name), dist, TOL if name != "wedges" else 0.01)
        if reason:
            out.append(f"{name}: {reason}")
    if sorted(t for t, _ in ref.texts) != sorted(t for t, _ in sub.texts):
        out.append(f"texts: {sorted(t for t, _ in ref.texts)} vs {sorted(t for t, _ in sub.texts)}")
    else:
        # with `near`, distances are measured per axis as fractions of the axis's extent
        sx, sy = (1.0, 1.0) if near is None else ref.span
        tol = TOL if near is None else near

        def dist(p, q):
            if p[0] != q[0]:
                return math.inf
            return max(abs(p[1][0] - q[1][0]) / sx, abs(p[1][1] - q[1][1]) / sy)

        reason = _match(ref.texts, sub.texts, dist, tol)
        if reason:
            out.append(f"text positions: {reason}")
    return out
