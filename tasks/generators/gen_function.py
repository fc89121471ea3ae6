"""Function-graph samples: high-school functions y = f(x) drawn on the domain [-5, 5].

deletion removes part of the domain, modification applies a transformation (shift,
stretch, reflection), annotation marks the x-intercepts, the y-intercept and the turning
points with their coordinates (computed numerically here, so the instruction and the
reference share one truth). Run as a program it prints variants (see common.main).
"""

from __future__ import annotations

import functools
import math
import random
import re
from dataclasses import dataclass, replace

import numpy as np

import common as C

FIGURE = "function"

COLORS = ("#4C72B0", "#C44E52", "#55A868", "#8172B3", "#DD8452")
GRID = 401  # points on [-5, 5]: a step of 0.025, so sub-domains with integer ends share it


def signed(c, first=False) -> str:
    """`c` as the next term of a sum: '+ 3', '- 3' (or '3', '-3' when first)."""
    c = C.clean(c, 3)
    if first:
        return f"{c}"
    return f"+ {c}" if c >= 0 else f"- {-c}"


def poly(coeffs) -> tuple:
    """(python, text) of a polynomial with coefficients from the highest power down."""
    deg = len(coeffs) - 1
    py, tx = [], []
    for k, a in enumerate(coeffs):
        p = deg - k
        a = C.clean(a, 3)
        if a == 0:
            continue
        mag = abs(a)
        sign = "-" if a < 0 else "+"
        if p == 0:
            pt = tt = f"{mag}"
        else:
            xp = "x" if p == 1 else f"x**{p}"
            xt = "x" if p == 1 else f"x^{p}"
            pt = xp if mag == 1 else f"{mag}*{xp}"
            tt = xt if mag == 1 else f"{mag}{xt}"
        if not py:
            py.append(pt if sign == "+" else f"-{pt}")
            tx.append(tt if sign == "+" else f"-{tt}")
        else:
            py.append(f"{sign} {pt}")
            tx.append(f"{sign} {tt}")
    return " ".join(py), " ".join(tx)


def shift(h) -> str:
    """'x - 1' for h = 1, 'x + 1' for h = -1."""
    return f"x {signed(-h)}"


# ---------------------------------------------------------------------------------------
# Families: params -> (body, text, alt body, params of the value-off case)


def fam_square(p):
    r2 = p["r"] ** 2
    body, text = poly([1, 0, -r2])
    return body, text, f"(x - {p['r']}) * (x + {p['r']})", {"r2": r2 + 1}


def fam_down(p):
    h, k = p["h"], p["k"]
    body, text = poly([-1, 2 * h, k - h * h])
    return body, text, f"-({shift(h)})**2 {signed(k)}", None


def fam_cubic(p):
    b = p["b"]
    return (f"(x**3 - {b}*x) / 4", f"(x^3 - {b}x)/4", f"x * (x**2 - {b}) / 4", None)


def fam_line(p):
    m, c = p["m"], p["c"]
    body, text = poly([m, c])
    return body, text, f"{c} + {m} * x", None


def fam_abs(p):
    c = p["c"]
    return (f"np.abs(x) - {c}", f"|x| - {c}", f"np.where(x < 0, -x, x) - {c}", None)


def fam_exp(p):
    c = p["c"]
    return (f"2**x - {c}", f"2^x - {c}", f"np.exp2(x) - {c}", None)


def fam_sin(p):
    a = p["a"]
    return (f"{a} * np.sin(x)", f"{a} sin(x)", f"{a} * np.cos(x - np.pi / 2)", None)


def fam_half(p):
    r1, r2 = p["r1"], p["r2"]
    body, text = poly([0.5, -0.5 * (r1 + r2), 0.5 * r1 * r2])
    return body, text, f"0.5 * ({shift(r1)}) * ({shift(r2)})", None


def fam_tent(p):
    h, k = p["h"], p["k"]
    return (f"-np.abs({shift(h)}) + {k}", f"-|{shift(h)}| + {k}", f"{k} - np.abs({shift(h)})", None)


def fam_bump(p):
    a = p["a"]
    return (f"{a} / (x**2 + 1) - 1", f"{a}/(x^2 + 1) - 1", f"({a - 1} - x**2) / (x**2 + 1)", None)


def fam_cos(p):
    a = p["a"]
    return (f"{a} * np.cos(x)", f"{a} cos(x)", f"{a} * np.sin(x + np.pi / 2)", None)


def fam_roots(p):
    a, b = p["p"], p["q"]
    body = f"x * ({shift(a)}) * ({shift(-b)}) / 6"
    text = f"x({shift(a)})({shift(-b)})/6"
    alt = f"(x**3 {signed(b - a)}*x**2 {signed(-a * b)}*x) / 6"
    return body, text, alt, None


@dataclass(frozen=True)
class Family:
    make: object  # params -> (body, text, alt, _)
    choices: dict  # param -> allowed values (variants draw from these)
    off: object  # params -> params of a curve 10-25 % off (value-off case)
    symmetry: str  # "even" | "odd" | "none": which reflections are meaningful


FAMILIES = {
    "square": Family(fam_square, {"r": (1, 2, 3)}, lambda p: {"r": math.sqrt(p["r"] ** 2 + 1)}, "even"),
    "down": Family(fam_down, {"h": (-1, 1, 2), "k": (3, 4, 6)}, lambda p: {**p, "k": p["k"] + 1}, "none"),
    "cubic": Family(fam_cubic, {"b": (9, 12, 16)}, lambda p: {"b": p["b"] + 4}, "odd"),
    "line": Family(fam_line, {"m": (2, 3, -2, 0.5), "c": (1, -1, 2, -3)},
                   lambda p: {**p, "c": p["c"] + 1.5}, "none"),
    "abs": Family(fam_abs, {"c": (2, 3, 4)}, lambda p: {"c": p["c"] + 0.5 + p["c"] * 0.1}, "even"),
    "exp": Family(fam_exp, {"c": (2, 4, 8)}, lambda p: {"c": p["c"] + 1}, "none"),
    "sin": Family(fam_sin, {"a": (2, 3, 4)}, lambda p: {"a": C.clean(p["a"] * 1.2, 1)}, "odd"),
    "half": Family(fam_half, {"r1": (-2, -3, -4), "r2": (2, 3, 4)}, lambda p: {**p, "r2": p["r2"] + 1}, "none"),
    "tent": Family(fam_tent, {"h": (-1, 1, 2), "k": (2, 3)}, lambda p: {**p, "k": p["k"] + 1}, "none"),
    "bump": Family(fam_bump, {"a": (2, 5, 10)}, lambda p: {"a": p["a"] + 1}, "even"),
    "cos": Family(fam_cos, {"a": (2, 3)}, lambda p: {"a": C.clean(p["a"] * 1.25, 2)}, "even"),
    "roots": Family(fam_roots, {"p": (1, 2, 3), "q": (2, 3, 4)}, lambda p: {**p, "q": p["q"] + 1}, "none"),
}


@dataclass(frozen=True)
class FunctionSpec:
    id: str
    family: str
    params: tuple  # sorted (name, value) pairs
    keep: tuple  # (a, b): the deletion keeps the curve for a <= x <= b
    transform: tuple  # ("up"|"down"|"left"|"right"|"vscale", amount) or ("xreflect"|"yreflect",)
    color: str

    @property
    def p(self) -> dict:
        return dict(self.params)


def P(**kw) -> tuple:
    return tuple(sorted(kw.items()))


CATALOG = [
    FunctionSpec("function-01", "square", P(r=2), (0, 5), ("up", 2), COLORS[0]),
    FunctionSpec("function-02", "down", P(h=1, k=4), (-5, 3), ("xreflect",), COLORS[1]),
    FunctionSpec("function-03", "cubic", P(b=12), (-5, 0), ("vscale", 0.5), COLORS[2]),
    FunctionSpec("function-04", "line", P(m=2, c=1), (-2, 5), ("down", 3), COLORS[3]),
    FunctionSpec("function-05", "abs", P(c=3), (-5, 2), ("right", 2), COLORS[4]),
    FunctionSpec("function-06", "exp", P(c=4), (-5, 3), ("left", 2), COLORS[0]),
    FunctionSpec("function-07", "sin", P(a=3), (-3, 5), ("down", 2), COLORS[1]),
    FunctionSpec("function-08", "half", P(r1=-2, r2=4), (-5, 1), ("up", 3), COLORS[2]),
    FunctionSpec("function-09", "tent", P(h=-1, k=3), (-4, 5), ("yreflect",), COLORS[3]),
    FunctionSpec("function-10", "bump", P(a=5), (0, 5), ("vscale", 2), COLORS[4]),
    FunctionSpec("function-11", "cos", P(a=2), (-5, 3), ("right", 2), COLORS[0]),
    FunctionSpec("function-12", "roots", P(p=2, q=3), (-3, 5), ("xreflect",), COLORS[1]),
]


def body(spec: FunctionSpec) -> str:
    return FAMILIES[spec.family].make(spec.p)[0]


def text(spec: FunctionSpec) -> str:
    return FAMILIES[spec.family].make(spec.p)[1]


def alt_body(spec: FunctionSpec) -> str:
    return FAMILIES[spec.family].make(spec.p)[2]


def off_body(spec: FunctionSpec) -> str:
    fam = FAMILIES[spec.family]
    params = fam.off(spec.p)
    if spec.family == "square":  # x**2 - r2 with r2 not a square
        return poly([1, 0, -round(params["r"] ** 2)])[0]
    return fam.make(params)[0]


def evaluate(expr: str, x):
    return eval(expr, {"np": np, "x": x})  # noqa: S307 - our own expressions


# ---------------------------------------------------------------------------------------
# Transformations


def transformed(expr: str, tf: tuple) -> str:
    """`expr` (of x) after the transformation, as one expression of x."""
    kind = tf[0]
    sub = lambda by: re.sub(r"\bx\b", by, expr)  # noqa: E731
    if kind == "up":
        return f"{expr} + {tf[1]}"
    if kind == "down":
        return f"{expr} - {tf[1]}"
    if kind == "right":
        return sub(f"(x - {tf[1]})")
    if kind == "left":
        return sub(f"(x + {tf[1]})")
    if kind == "vscale":
        return f"{tf[1]} * ({expr})"
    if kind == "xreflect":
        return f"-({expr})"
    if kind == "yreflect":
        return sub("(-x)")
    raise ValueError(tf)


def applied(tf: tuple, f: str = "f", x: str = "x") -> str:
    """How the reference writes the transformed curve in terms of f: `f(x) + 2`."""
    kind = tf[0]
    return {
        "up": lambda: f"{f}({x}) + {tf[1]}",
        "down": lambda: f"{f}({x}) - {tf[1]}",
        "right": lambda: f"{f}({x} - {tf[1]})",
        "left": lambda: f"{f}({x} + {tf[1]})",
        "vscale": lambda: f"{tf[1]} * {f}({x})",
        "xreflect": lambda: f"-{f}({x})",
        "yreflect": lambda: f"{f}(-{x})",
    }[kind]()


def describe(tf: tuple) -> str:
    kind = tf[0]
    a = tf[1] if len(tf) > 1 else None
    units = lambda v: f"{v} unit" + ("" if v == 1 else "s")  # noqa: E731
    return {
        "up": lambda: f"Shift the graph {units(a)} up",
        "down": lambda: f"Shift the graph {units(a)} down",
        "right": lambda: f"Shift the graph {units(a)} to the right",
        "left": lambda: f"Shift the graph {units(a)} to the left",
        "vscale": lambda: (
            f"Stretch the graph vertically by a factor of {a}" if a > 1
            else f"Compress the graph vertically by a factor of {C.num(1 / a)}"
        ),
        "xreflect": lambda: "Reflect the graph in the x-axis",
        "yreflect": lambda: "Reflect the graph in the y-axis",
    }[kind]()


WRONG = {"up": "down", "down": "up", "left": "right", "right": "left", "xreflect": "yreflect",
         "yreflect": "xreflect"}


def wrong_transform(tf: tuple) -> tuple:
    if tf[0] == "vscale":
        return ("vscale", C.clean(1 / tf[1], 2))
    return (WRONG[tf[0]],) + tf[1:]


def off_transform(tf: tuple) -> tuple | None:
    if tf[0] in ("xreflect", "yreflect"):
        return None
    return (tf[0], C.clean(tf[1] * (1.2 if tf[0] == "vscale" else 1.25), 2))


def extra_transform(tf: tuple) -> tuple:
    """A second, unrequested transformation to add to the requested one."""
    return ("right", 1.5) if tf[0] in ("up", "down", "vscale") else ("up", 1.5)


# ---------------------------------------------------------------------------------------
# Key points


@functools.lru_cache(maxsize=None)
def key_points(expr: str) -> list:
    """(kind, x, y) of x-intercepts, the y-intercept and turning points inside (-5, 5),
    rounded to 2 decimals, sorted by x within each kind."""
    xs = np.linspace(-5, 5, 200001)
    ys = evaluate(expr, xs)
    f = lambda v: float(evaluate(expr, np.float64(v)))  # noqa: E731
    roots = [float(v) for v in xs[ys == 0]]
    for i in np.nonzero(ys[:-1] * ys[1:] < 0)[0]:
        lo, hi = xs[i], xs[i + 1]
        for _ in range(80):
            mid = (lo + hi) / 2
            if f(lo) * f(mid) <= 0:
                hi = mid
            else:
                lo = mid
        roots.append((lo + hi) / 2)
    roots.sort()
    turning = []
    left, mid_, right = ys[:-2], ys[1:-1], ys[2:]
    peaks = ((mid_ > left) & (mid_ >= right)) | ((mid_ < left) & (mid_ <= right))
    for i in np.nonzero(peaks)[0] + 1:
        kind = "maximum" if ys[i] > ys[i - 1] else "minimum"
        lo, hi = xs[i - 1], xs[i + 1]
        sign = -1 if kind == "maximum" else 1
        for _ in range(100):
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if sign * f(m1) < sign * f(m2):
                hi = m2
            else:
                lo = m1
        xm = (lo + hi) / 2
        turning.append((kind, xm, f(xm)))
    points = [("x-intercept", C.clean(r), 0) for r in roots]
    points.append(("y-intercept", 0, C.clean(f(0.0))))
    points += [(k, C.clean(x), C.clean(y)) for k, x, y in turning]
    return points


def labelled_points(expr: str) -> list:
    """Distinct (x, y) of the key points in a stable order, each with its kinds."""
    seen = {}
    for kind, x, y in key_points(expr):
        seen.setdefault((x, y), []).append(kind)
    return sorted(seen.items(), key=lambda item: (item[0][0], item[0][1]))


def coord(x, y) -> str:
    return f"({C.num(x)}, {C.num(y)})"


# ---------------------------------------------------------------------------------------
# Checks and variants


def curve_gap(a: str, b: str) -> float:
    xs = np.linspace(-5, 5, 401)
    return float(np.max(np.abs(evaluate(a, xs) - evaluate(b, xs))))


def check(spec: FunctionSpec) -> None:
    fam = FAMILIES[spec.family]
    f = body(spec)
    assert curve_gap(f, alt_body(spec)) < 1e-9, spec.id
    assert 0.3 < curve_gap(f, off_body(spec)), spec.id
    a, b = spec.keep
    assert (a == -5) != (b == 5) and b - a >= 4 and a == int(a) and b == int(b), spec.id
    tf = spec.transform
    if tf[0] == "yreflect":
        assert fam.symmetry == "none", spec.id
    if tf[0] in ("xreflect", "yreflect"):
        assert fam.symmetry != "odd", spec.id
    new = transformed(f, tf)
    assert curve_gap(f, new) > 1, spec.id
    wrong = transformed(f, wrong_transform(tf))
    assert curve_gap(wrong, new) > 1 and curve_gap(wrong, f) > 0.5, spec.id
    off = off_transform(tf)
    if off is not None:
        assert curve_gap(transformed(f, off), new) > 0.4, spec.id
    points = labelled_points(f)
    assert len(points) >= 2, spec.id
    xs = [x for (x, _), _ in points]
    assert all(-4.9 < x < 4.9 for x in xs), spec.id
    # turning points are not on the x-axis (no touching roots), labels stay apart
    for (x, y), kinds in points:
        assert not (y == 0 and ("maximum" in kinds or "minimum" in kinds)), spec.id
    for i, ((x1, y1), _) in enumerate(points):
        for (x2, y2), _ in points[i + 1 :]:
            assert math.hypot(x2 - x1, y2 - y1) > 0.6, spec.id


def catalog():
    for spec in CATALOG:
        check(spec)
    return list(CATALOG)


TRANSFORMS = {
    "even": (("up", 2), ("down", 2), ("up", 3), ("right", 2), ("left", 2), ("vscale", 2),
             ("vscale", 0.5), ("xreflect",)),
    "odd": (("up", 2), ("down", 3), ("right", 2), ("left", 2), ("vscale", 2), ("vscale", 0.5)),
    "none": (("up", 2), ("down", 3), ("right", 2), ("left", 2), ("vscale", 2), ("vscale", 0.5),
             ("xreflect",), ("yreflect",)),
}


def variant(base: FunctionSpec, rng: random.Random, new_id: str) -> FunctionSpec:
    fam = FAMILIES[base.family]
    for _ in range(1000):
        params = P(**{k: rng.choice(v) for k, v in fam.choices.items()})
        cut = rng.choice((-2, -1, 0, 1, 2))
        keep = (cut, 5) if rng.random() < 0.5 else (-5, cut)
        spec = replace(base, id=new_id, params=params, keep=keep,
                       transform=rng.choice(TRANSFORMS[fam.symmetry]), color=rng.choice(COLORS))
        try:
            check(spec)
        except AssertionError:
            continue
        return spec
    raise RuntimeError(f"no valid variant of {base.id}")


# ---------------------------------------------------------------------------------------
# States and rendering


@dataclass(frozen=True)
class State:
    expr: str  # body of f
    domain: tuple = (-5, 5)
    curve: str = "f(x)"  # how y is computed from f (or an inline expression)
    points: tuple | None = None  # key points ((x, y), ...) to mark and label
    labels: tuple | None = None  # their label texts, when not written from the coordinates
    far: tuple | None = None  # (label index, the (x, y) it is wrongly drawn at)
    mask: bool = False  # computed deletion: full grid, then a boolean mask


def linspace(domain) -> str:
    a, b = domain
    return f"np.linspace({a}, {b}, {int(round((b - a) * (GRID - 1) / 10)) + 1})"


def states(spec: FunctionSpec) -> dict:
    f = body(spec)
    pts = tuple(xy for xy, _ in labelled_points(f))
    return {
        "original": State(f),
        "deletion": State(f, domain=spec.keep),
        "modification": State(f, curve=applied(spec.transform)),
        "annotation": State(f, points=pts),
    }


def render(spec: FunctionSpec, st: State, style: C.Style = C.REF) -> str:
    api = C.Api(style.flip_api, (7, 5) if style.harmless else (6, 4.5))
    fn, xn, yn = ("g", "t", "values") if style.names else ("f", "x", "y")
    lines = C.header(numpy=True)
    expr = re.sub(r"\bx\b", xn, st.expr)
    lines += [f"def {fn}({xn}):", f"    return {expr}", ""]
    curve = re.sub(r"\bf\(", f"{fn}(", st.curve)
    curve = re.sub(r"\bx\b", xn, curve)
    if st.mask:
        lines.append(f"{xn} = {linspace((-5, 5))}")
        a, b = spec.keep
        cond = f"{xn} >= {a}" if b == 5 else f"{xn} <= {b}"
        lines.append(f"{xn} = {xn}[{cond}]")
    else:
        lines.append(f"{xn} = {linspace(st.domain)}")
    if style.loop:
        per_point = re.sub(rf"\b{xn}\b", "v", curve)
        lines.append(f"{yn} = [{per_point} for v in {xn}]")
    else:
        lines.append(f"{yn} = {curve}")
    lines.append("")
    lines.append(api.figure())
    draw = [api("plot", f"{xn}, {yn}, color={C.lit(spec.color)}, linewidth=2")]
    if st.points is not None:
        pts = st.points
        xs = [x for x, _ in pts]
        ys = [y for _, y in pts]
        if style.nearby:
            draw.append(api("scatter", f"{C.lit(xs)}, {C.lit(ys)}, color='red', zorder=3"))
            draw.append(f"for px, py in {C.lit(list(pts))}:")
            ys_curve = evaluate(st.expr, np.linspace(-5, 5, GRID))
            dy = max(0.05, C.clean((float(ys_curve.max()) - float(ys_curve.min())) * 0.03, 2))
            label = "f" + repr("({px}, {py})")
            draw.append(f"    {api('text', f'px + 0.15, py + {dy}, {label}, fontsize=9')}")
        elif st.far is not None or st.labels is not None:
            draw.append(api("scatter", f"{C.lit(xs)}, {C.lit(ys)}, color='red', zorder=3"))
            for i, (x, y) in enumerate(pts):
                label = st.labels[i] if st.labels is not None else coord(x, y)
                at = st.far[1] if st.far is not None and i == st.far[0] else (x, y)
                draw.append(api("annotate", f"{C.lit(label)}, {C.lit(at)}, textcoords='offset points', xytext=(6, 6)"))
        elif style.loop:
            draw.append(f"for px, py in {C.lit(list(pts))}:")
            draw.append(f"    {api('plot', 'px, py, ' + repr('o') + ', color=' + repr('red'))}")
            draw.append(f"    {api('annotate', 'f' + repr('({px}, {py})') + ', (px, py), textcoords=' + repr('offset points') + ', xytext=(6, 6)')}")
        else:
            draw.append(f"key_points = {C.lit(list(pts))}")
            draw.append(api("scatter", "[p[0] for p in key_points], [p[1] for p in key_points], color='red', zorder=3"))
            draw.append("for px, py in key_points:")
            draw.append(f"    {api('annotate', 'f' + repr('({px}, {py})') + ', (px, py), textcoords=' + repr('offset points') + ', xytext=(6, 6)')}")
    axes = [
        api("axhline", "0, color='black', linewidth=0.8"),
        api("axvline", "0, color='black', linewidth=0.8"),
    ]
    deco = [
        api("xlim", "-5, 5"),
        api("xlabel", "'x'"),
        api("ylabel", "'y'"),
        api("grid", "True, alpha=0.3"),
    ]
    if style.order:
        lines += deco + axes + draw
    else:
        lines += draw + axes + deco
    if style.harmless:
        lines.append("plt.tight_layout()")
    lines.append("plt.show()")
    return C.finish(lines)


def scripts(spec: FunctionSpec) -> dict:
    return {name: render(spec, st) for name, st in states(spec).items()}


# ---------------------------------------------------------------------------------------
# Instructions


def point_phrases(expr: str) -> str:
    """The key points in words, each point once: a y-intercept that is also an
    x-intercept or a turning point says so instead of being listed twice."""
    groups = {"x-intercept": [], "y-intercept": [], "maximum": [], "minimum": []}
    for kind, x, y in key_points(expr):
        groups[kind].append((x, y))
    y0 = groups["y-intercept"][0]
    parts = []
    xi = groups["x-intercept"]
    if xi:
        word = "the x-intercept " if len(xi) == 1 else "the x-intercepts "
        parts.append(word + join(coord(*p) for p in xi))
    also = []
    if y0 in xi:
        also.append("an x-intercept")
    for kind in ("maximum", "minimum"):
        if y0 in groups[kind]:
            also.append(f"a local {kind}")
    parts.append(f"the y-intercept {coord(*y0)}" + (f" (also {join(also)})" if also else ""))
    for kind in ("maximum", "minimum"):
        pts = [p for p in groups[kind] if p != y0]
        if pts:
            word = f"local {kind}" if len(pts) == 1 else f"local {'maxima' if kind == 'maximum' else 'minima'}"
            parts.append(f"the {word} " + join(coord(*p) for p in pts))
    return join(parts)


def join(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def tags(spec: FunctionSpec) -> dict:
    """Each kind's tags: an annotation is tagged by the kinds of point it marks (the
    paper's Table IV: x-intercept, y-intercept, extreme point)."""
    words = {"x-intercept": "x-intercept", "y-intercept": "y-intercept",
             "maximum": "extreme", "minimum": "extreme"}
    marked = sorted({words[kind] for kind, _, _ in key_points(body(spec))})
    return {"generation": [], "deletion": [], "modification": [],
            "annotation": [f"subtype:{m}" for m in marked]}


def instructions(spec: FunctionSpec) -> dict:
    f, tx = body(spec), text(spec)
    intro = f"The figure shows the graph of f(x) = {tx} for -5 ≤ x ≤ 5."
    generation = (
        f"Write Python code with matplotlib that draws the following figure. The graph of "
        f"f(x) = {tx} for x from -5 to 5 (x-axis limits -5 to 5), drawn as a solid line in "
        f"colour {spec.color}, with the x- and y-axes as thin black lines through the origin, "
        f"axis labels 'x' and 'y', and a light grid."
    )
    a, b = spec.keep
    gone = f"x < {a}" if b == 5 else f"x > {b}"
    deletion = (
        f"{intro} Delete the part of the graph with {gone}, keeping only the curve for "
        f"{a} ≤ x ≤ {b}; the axes and the x-axis limits stay as they are."
    )
    tf = spec.transform
    modification = (
        f"{intro} {describe(tf)}: draw y = {applied(tf)} instead of y = f(x), over the same "
        f"domain."
    )
    annotation = (
        f"{intro} Mark {point_phrases(f)} with points on the graph, and label each point "
        f"with its coordinates written next to it."
    )
    return {
        "generation": generation,
        "deletion": deletion,
        "modification": modification,
        "annotation": annotation,
    }


# ---------------------------------------------------------------------------------------
# Alternative submissions


def cases(spec: FunctionSpec, kind: str) -> dict:
    st = states(spec)
    f = body(spec)
    target = {"generation": "original"}.get(kind, kind)
    rng = C.rng_for("function-cases", spec.id, kind)
    passes = ["reference", "rewrite-names", "rewrite-loop", "rewrite-api", "rewrite-order",
              "style-harmless"]
    if kind == "annotation":
        passes.remove("rewrite-loop")
        passes += ["rewrite-loop", "annotation-nearby"]
    out = {case: render(spec, st[target], C.CASE_STYLES[case]) for case in passes}
    if kind == "generation":
        out["computed-values"] = render(spec, State(alt_body(spec)))
        out["missing-element"] = render(spec, State(f, domain=(0, 5)))
        out["value-off"] = render(spec, State(off_body(spec)))
        out["wrong-element"] = render(spec, State(f, curve="-f(x)"))
    elif kind == "deletion":
        a, b = spec.keep
        out["computed-values"] = render(spec, replace(st["original"], mask=True))
        out["unchanged-original"] = render(spec, st["original"])
        other = (-5, a) if b == 5 else (b, 5)
        out["wrong-element"] = render(spec, State(f, domain=other))
        extra = (a, b - 2) if b == 5 else (a + 2, b)
        out["extra-change"] = render(spec, State(f, domain=extra))
    elif kind == "modification":
        tf = spec.transform
        out["computed-values"] = render(spec, State(f, curve=transformed(f, tf)))
        out["unchanged-original"] = render(spec, st["original"])
        out["wrong-element"] = render(spec, State(f, curve=applied(wrong_transform(tf))))
        off = off_transform(tf)
        if off is not None:
            out["value-off"] = render(spec, State(f, curve=applied(off)))
        combined = transformed(transformed(f, tf), extra_transform(tf))
        out["extra-change"] = render(spec, State(f, curve=combined))
    elif kind == "annotation":
        pts = st["annotation"].points
        out["unchanged-original"] = render(spec, st["original"])
        i = max(range(len(pts)), key=lambda k: abs(pts[k][0]) + abs(pts[k][1]) + rng.random() * 1e-3)
        x, y = pts[i]
        if x != 0:
            wrong = coord(C.clean(x * 1.2 if abs(x) >= 1.5 else x + 0.3 * (1 if x > 0 else -1)), y)
        else:
            wrong = coord(x, C.clean(y * 1.2 if abs(y) >= 1.5 else y + 0.3 * (1 if y > 0 else -1)))
        labels = tuple(wrong if k == i else coord(*p) for k, p in enumerate(pts))
        out["annotation-wrong-value"] = render(spec, replace(st["annotation"], labels=labels))
        src = rng.randrange(len(pts))
        # the label goes to the curve point at x = -4 or 4 that is further away
        ends = [(v, C.clean(float(evaluate(f, float(v))))) for v in (-4, 4)]
        far = max(ends, key=lambda p: math.dist(p, pts[src]))
        out["annotation-far"] = render(spec, replace(st["annotation"], far=(src, far)))
        # the labels are right, but the curve was moved up as well
        out["extra-change"] = render(spec, replace(st["annotation"], curve="f(x) + 1"))
    return out


if __name__ == "__main__":
    raise SystemExit(C.main(__import__(__name__)))
