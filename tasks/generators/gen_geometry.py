"""Geometry samples: triangles and quadrilaterals with named points.

The original draws the polygon, one or two auxiliary segments and every point's letter.
deletion removes auxiliary segments; modification adds a construction (median, altitude,
angle bisector, parallel line, midline) with its new point named; annotation writes side
lengths, angle measures or a point's letter from the problem text. All positions derive
from the vertex coordinates, so variants move vertices and recompute everything. Run as a
program it prints variants (see common.main).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import common as C

FIGURE = "geometry"
AUX_COLOR = "#C44E52"
NOTE_COLOR = "#4C72B0"


@dataclass(frozen=True)
class GeoSpec:
    id: str
    vertices: tuple  # (("A", (x, y)), ...) in polygon order
    aux: tuple  # (("D", ("on", "B", "C", t)), ...): points of the original on a segment
    extras: tuple  # auxiliary segments of the original, e.g. (("A", "D"),)
    delete: tuple  # segments the deletion removes
    construct: tuple  # ("median", V, X, Y, name) | ("altitude", ...) | ("bisector", ...)
    #                   | ("parallel", P, X, Y, U, W, name) | ("midline", X, Y, U, W, n1, n2)
    annotate: tuple  # (("length", X, Y) | ("angle", X, V, Y) | ("point", "O", X, Y, U, W))


V = lambda **kw: tuple(kw.items())  # noqa: E731

CATALOG = [
    GeoSpec("geometry-01", V(A=(2, 5), B=(0, 0), C=(7, 0)), (("D", ("on", "B", "C", 4 / 7)),),
            (("A", "D"),), (("A", "D"),), ("median", "B", "A", "C", "M"),
            (("length", "B", "C"), ("angle", "A", "B", "C"))),
    GeoSpec("geometry-02", V(A=(0, 6), B=(0, 0), C=(8, 0)), (("D", ("on", "A", "B", 0.5)),),
            (("C", "D"),), (("C", "D"),), ("median", "B", "A", "C", "M"),
            (("length", "A", "B"), ("length", "B", "C"), ("angle", "A", "B", "C"))),
    GeoSpec("geometry-03", V(A=(3, 4), B=(0, 0), C=(6, 0)), (("D", ("on", "B", "C", 1 / 3)),),
            (("A", "D"),), (("A", "D"),), ("median", "B", "A", "C", "M"),
            (("length", "A", "B"), ("length", "A", "C"))),
    GeoSpec("geometry-04", V(A=(3, 6), B=(0, 0), C=(8, 0)), (("D", ("on", "A", "B", 1 / 3)),),
            (("C", "D"),), (("C", "D"),), ("parallel", "D", "B", "C", "A", "C", "E"),
            (("angle", "B", "A", "C"), ("length", "B", "C"))),
    GeoSpec("geometry-05", V(A=(0, 0), B=(6, 0), C=(8, 4), D=(2, 4)), (),
            (("A", "C"), ("B", "D")), (("B", "D"),), ("altitude", "D", "A", "B", "H"),
            (("point", "O", "A", "C", "B", "D"), ("length", "A", "B"))),
    GeoSpec("geometry-06", V(A=(0, 0), B=(8, 0), C=(6, 4), D=(2, 4)), (),
            (("B", "D"),), (("B", "D"),), ("midline", "A", "D", "B", "C", "E", "F"),
            (("length", "A", "B"), ("length", "D", "C"), ("angle", "D", "A", "B"))),
    GeoSpec("geometry-07", V(A=(1, 5), B=(0, 0), C=(6, 0)), (("E", ("on", "A", "C", 0.5)),),
            (("B", "E"),), (("B", "E"),), ("median", "A", "B", "C", "M"),
            (("angle", "A", "C", "B"), ("length", "B", "C"))),
    GeoSpec("geometry-08", V(A=(3, 5), B=(0, 0), C=(9, 0)), (("E", ("on", "A", "C", 0.5)),),
            (("B", "E"),), (("B", "E"),), ("median", "A", "B", "C", "M"),
            (("length", "A", "B"), ("angle", "A", "C", "B"))),
    GeoSpec("geometry-09", V(A=(4, 0), B=(7, 3), C=(4, 7), D=(1, 3)), (),
            (("A", "C"), ("B", "D")), (("A", "C"),), ("altitude", "B", "C", "D", "H"),
            (("point", "O", "A", "C", "B", "D"), ("length", "B", "C"))),
    GeoSpec("geometry-10", V(A=(0, 0), B=(7, 0), C=(7, 4), D=(0, 4)), (),
            (("B", "D"),), (("B", "D"),), ("altitude", "A", "B", "D", "H"),
            (("length", "A", "B"), ("length", "A", "D"), ("angle", "D", "A", "B"))),
    GeoSpec("geometry-11", V(A=(0, 0), B=(8, 0), C=(2, 5)), (("D", ("on", "A", "B", 5 / 8)),),
            (("C", "D"),), (("C", "D"),), ("bisector", "C", "A", "B", "E"),
            (("angle", "C", "A", "B"), ("length", "A", "B"))),
    GeoSpec("geometry-12", V(A=(1, 6), B=(0, 0), C=(8, 0)), (("D", ("on", "A", "B", 0.5)),),
            (("C", "D"),), (("C", "D"),), ("parallel", "D", "B", "C", "A", "C", "E"),
            (("length", "B", "C"), ("angle", "A", "B", "C"))),
    GeoSpec("geometry-13", V(A=(0, 0), B=(6, 0), C=(1, 5)), (("D", ("on", "A", "B", 2 / 3)),),
            (("C", "D"),), (("C", "D"),), ("median", "B", "A", "C", "M"),
            (("angle", "C", "A", "B"), ("length", "A", "B"))),
    GeoSpec("geometry-14", V(A=(0, 0), B=(6, 0), C=(2, 4)), (("D", ("on", "A", "C", 0.5)),),
            (("B", "D"),), (("B", "D"),), ("bisector", "A", "B", "C", "E"),
            (("length", "A", "B"), ("angle", "A", "C", "B"))),
    GeoSpec("geometry-15", V(A=(0, 0), B=(7, 0), C=(5, 4)), (("E", ("on", "B", "C", 0.5)),),
            (("A", "E"),), (("A", "E"),), ("median", "C", "A", "B", "M"),
            (("length", "A", "C"), ("angle", "A", "C", "B"))),
]


# ---------------------------------------------------------------------------------------
# Plane geometry


def sub(p, q):
    return (p[0] - q[0], p[1] - q[1])


def add(p, q):
    return (p[0] + q[0], p[1] + q[1])


def mul(p, k):
    return (p[0] * k, p[1] * k)


def unit(v):
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n)


def lerp(p, q, t):
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def foot(p, x, y):
    """Foot of the perpendicular from p on line XY, with its parameter along XY."""
    d = sub(y, x)
    t = ((p[0] - x[0]) * d[0] + (p[1] - x[1]) * d[1]) / (d[0] ** 2 + d[1] ** 2)
    return lerp(x, y, t), t


def angle_at(x, v, y) -> float:
    a, b = unit(sub(x, v)), unit(sub(y, v))
    return math.degrees(math.acos(max(-1.0, min(1.0, a[0] * b[0] + a[1] * b[1]))))


def rounded(p):
    return (C.clean(p[0]), C.clean(p[1]))


# ---------------------------------------------------------------------------------------
# The geometry of a spec


@dataclass(frozen=True)
class Geo:
    """Every point of the sample, exact, and derived facts."""

    pts: dict  # name -> (x, y), exact
    order: tuple  # polygon vertex names
    centroid: tuple
    sides: tuple  # polygon sides as (X, Y)
    new: tuple  # names of the points the construction adds
    construct_segments: tuple  # segments the construction draws
    on_side: dict  # point name -> the side (X, Y) it lies on


def build(spec: GeoSpec) -> Geo:
    pts = {name: tuple(map(float, xy)) for name, xy in spec.vertices}
    order = tuple(name for name, _ in spec.vertices)
    sides = tuple((order[i], order[(i + 1) % len(order)]) for i in range(len(order)))
    on_side = {}
    for name, (kind, x, y, t) in spec.aux:
        assert kind == "on"
        pts[name] = lerp(pts[x], pts[y], t)
        on_side[name] = (x, y)
    cx = sum(pts[n][0] for n in order) / len(order)
    cy = sum(pts[n][1] for n in order) / len(order)
    kind = spec.construct[0]
    if kind in ("median", "altitude", "bisector"):
        _, v, x, y, name = spec.construct
        pts[name] = construction_point(kind, pts[v], pts[x], pts[y])
        new, segs = (name,), ((v, name),)
        on_side[name] = (x, y)
    elif kind == "parallel":
        _, p, x, y, u, w, name = spec.construct
        pts[name] = parallel_point(pts[p], pts[x], pts[y], pts[u], pts[w])
        new, segs = (name,), ((p, name),)
        on_side[name] = (u, w)
    elif kind == "midline":
        _, x, y, u, w, n1, n2 = spec.construct
        pts[n1] = lerp(pts[x], pts[y], 0.5)
        pts[n2] = lerp(pts[u], pts[w], 0.5)
        new, segs = (n1, n2), ((n1, n2),)
        on_side[n1], on_side[n2] = (x, y), (u, w)
    else:
        raise ValueError(kind)
    return Geo(pts, order, (cx, cy), sides, new, segs, on_side)


def construction_point(kind, v, x, y):
    if kind == "median":
        return lerp(x, y, 0.5)
    if kind == "altitude":
        return foot(v, x, y)[0]
    if kind == "bisector":
        a, b = math.dist(v, x), math.dist(v, y)
        return lerp(x, y, a / (a + b))
    raise ValueError(kind)


def parallel_point(p, x, y, u, w):
    d = sub(y, x)
    s = cross(sub(p, u), d) / cross(sub(w, u), d)
    return lerp(u, w, s)


def outward(geo: Geo, x: str, y: str):
    """Unit normal of segment XY pointing away from the polygon's centroid."""
    d = unit(sub(geo.pts[y], geo.pts[x]))
    n = (-d[1], d[0])
    mid = lerp(geo.pts[x], geo.pts[y], 0.5)
    to_c = sub(geo.centroid, mid)
    if n[0] * to_c[0] + n[1] * to_c[1] > 0:
        n = (-n[0], -n[1])
    return n


def label_position(geo: Geo, name: str, distance: float = 0.4):
    p = geo.pts[name]
    if name in geo.on_side:
        return add(p, mul(outward(geo, *geo.on_side[name]), distance))
    return add(p, mul(unit(sub(p, geo.centroid)), distance))


def note_value(geo: Geo, item) -> str:
    if item[0] == "length":
        return C.num(math.dist(geo.pts[item[1]], geo.pts[item[2]]), 1)
    if item[0] == "angle":
        return f"{round(angle_at(geo.pts[item[1]], geo.pts[item[2]], geo.pts[item[3]]))}°"
    return item[1]


def line_cross(p1, p2, q1, q2):
    d1, d2 = sub(p2, p1), sub(q2, q1)
    s = cross(sub(q1, p1), d2) / cross(d1, d2)
    return lerp(p1, p2, s)


def note_position(geo: Geo, spec: GeoSpec, item, scale: float = 1.0):
    """Where the reference writes an annotation; `scale` moves it further out (nearby case)."""
    if item[0] == "length":
        x, y = item[1], item[2]
        # stay clear of the letters of points that sit on this side
        busy = [geo.pts[n] for n, side in geo.on_side.items()
                if set(side) == {x, y} and n not in geo.new]
        t = 0.5
        for cand in (0.5, 0.3, 0.7):
            if all(math.dist(lerp(geo.pts[x], geo.pts[y], cand), b) > 1.0 for b in busy):
                t = cand
                break
        return add(lerp(geo.pts[x], geo.pts[y], t), mul(outward(geo, x, y), 0.45 * scale))
    if item[0] == "angle":
        x, v, y = item[1], item[2], item[3]
        pv = geo.pts[v]
        bis = unit(add(unit(sub(geo.pts[x], pv)), unit(sub(geo.pts[y], pv))))
        return add(pv, mul(bis, 0.8 * scale))
    _, name, x, y, u, w = item
    o = line_cross(geo.pts[x], geo.pts[y], geo.pts[u], geo.pts[w])
    first = geo.order
    towards = lerp(geo.pts[first[0]], geo.pts[first[1]], 0.5)
    return add(o, mul(unit(sub(towards, o)), 0.45 * scale))


def note_element(geo: Geo, item):
    """The point of the figure an annotation belongs to (for the far case)."""
    if item[0] == "length":
        return lerp(geo.pts[item[1]], geo.pts[item[2]], 0.5)
    if item[0] == "angle":
        return geo.pts[item[2]]
    _, name, x, y, u, w = item
    return line_cross(geo.pts[x], geo.pts[y], geo.pts[u], geo.pts[w])


# ---------------------------------------------------------------------------------------
# Checks and variants


def check(spec: GeoSpec) -> None:
    geo = build(spec)
    pts = geo.pts
    order = geo.order
    n = len(order)
    for i in range(n):
        a, v, b = pts[order[i - 1]], pts[order[i]], pts[order[(i + 1) % n]]
        assert 30 <= angle_at(a, v, b) <= 150, spec.id
        assert math.dist(v, b) >= 3.5, spec.id
    # convex polygon in counter-clockwise or clockwise order
    signs = {math.copysign(1, cross(sub(pts[order[(i + 1) % n]], pts[order[i]]),
                                    sub(pts[order[(i + 2) % n]], pts[order[(i + 1) % n]])))
             for i in range(n)}
    assert len(signs) == 1, spec.id
    names = list(pts)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert math.dist(pts[a], pts[b]) >= 1.0, (spec.id, a, b)
    kind = spec.construct[0]
    if kind in ("median", "altitude", "bisector", "parallel"):
        name = spec.construct[-1]
        x, y = geo.on_side[name]
        _, t = foot(pts[name], pts[x], pts[y])
        length = math.dist(pts[x], pts[y])
        assert 1.0 <= t * length <= length - 1.0, spec.id
    if kind == "median":
        _, v, x, y, name = spec.construct
        f, t = foot(pts[v], pts[x], pts[y])
        assert math.dist(f, pts[name]) >= 0.9 and 0.1 < t < 0.9, spec.id
    for seg in spec.delete:
        assert seg in spec.extras, spec.id
    for item in spec.annotate:
        if item[0] == "length":
            assert (item[1], item[2]) in geo.sides or (item[2], item[1]) in geo.sides or \
                (item[1], item[2]) in spec.extras, spec.id
        if item[0] == "angle":
            # no auxiliary segment leaves the vertex inside the annotated angle
            v = item[2]
            for a, b in spec.extras:
                assert v not in (a, b), (spec.id, "segment from annotated vertex")
            assert 25 <= angle_at(pts[item[1]], pts[v], pts[item[3]]) <= 155, spec.id
    notes = [note_position(geo, spec, item) for item in spec.annotate]
    for i, p in enumerate(notes):
        for q in notes[i + 1 :]:
            assert math.dist(p, q) > 1.0, spec.id


def catalog():
    for spec in CATALOG:
        check(spec)
    return list(CATALOG)


def variant(base: GeoSpec, rng: random.Random, new_id: str) -> GeoSpec:
    """The same figure with every vertex moved by up to one unit (integer coordinates)."""
    for _ in range(2000):
        vertices = tuple((name, (x + rng.randint(-1, 1), y + rng.randint(-1, 1)))
                         for name, (x, y) in base.vertices)
        spec = replace(base, id=new_id, vertices=vertices)
        try:
            check(spec)
        except (AssertionError, ZeroDivisionError):
            continue
        if vertices != base.vertices:
            return spec
    raise RuntimeError(f"no valid variant of {base.id}")


# ---------------------------------------------------------------------------------------
# States and rendering


@dataclass(frozen=True)
class State:
    points: tuple  # (name, (x, y)) written into the points dict
    solid: tuple  # segments drawn solid black
    labels: tuple  # (name, (x, y)): letters and where they are written
    dashed: tuple = ()  # construction segments, dashed red
    notes: tuple = ()  # (text, (x, y)) annotations
    computed: tuple | None = None  # construction as code: (kind, args...) (computed case)
    removed: tuple = ()  # segments removed by code (computed deletion)


def limits(geo: Geo):
    xs = [p[0] for p in geo.pts.values()]
    ys = [p[1] for p in geo.pts.values()]
    return (math.floor(min(xs)) - 1, math.ceil(max(xs)) + 1), (math.floor(min(ys)) - 1, math.ceil(max(ys)) + 1)


def base_points(spec: GeoSpec, geo: Geo) -> tuple:
    names = [n for n, _ in spec.vertices] + [n for n, _ in spec.aux]
    return tuple((n, rounded(geo.pts[n])) for n in names)


def base_labels(spec: GeoSpec, geo: Geo) -> tuple:
    names = [n for n, _ in spec.vertices] + [n for n, _ in spec.aux]
    return tuple((n, rounded(label_position(geo, n))) for n in names)


def states(spec: GeoSpec) -> dict:
    geo = build(spec)
    pts = base_points(spec, geo)
    solid = geo.sides + spec.extras
    labels = base_labels(spec, geo)
    original = State(pts, solid, labels)
    deletion = replace(original, solid=tuple(s for s in solid if s not in spec.delete))
    modification = replace(
        original,
        points=pts + tuple((n, rounded(geo.pts[n])) for n in geo.new),
        labels=labels + tuple((n, rounded(label_position(geo, n))) for n in geo.new),
        dashed=geo.construct_segments,
    )
    notes = tuple((note_value(geo, item), rounded(note_position(geo, spec, item))) for item in spec.annotate)
    annotation = replace(original, notes=notes)
    return {"original": original, "deletion": deletion, "modification": modification,
            "annotation": annotation}


COMPUTE = {
    "median": [
        "# {name}: midpoint of {x}{y}",
        "points['{name}'] = ((points['{x}'][0] + points['{y}'][0]) / 2, (points['{x}'][1] + points['{y}'][1]) / 2)",
    ],
    "altitude": [
        "# {name}: foot of the perpendicular from {v} to {x}{y}",
        "(vx, vy), (x1, y1), (x2, y2) = points['{v}'], points['{x}'], points['{y}']",
        "t = ((vx - x1) * (x2 - x1) + (vy - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2)",
        "points['{name}'] = (x1 + t * (x2 - x1), y1 + t * (y2 - y1))",
    ],
    "bisector": [
        "# {name} divides {x}{y} in the ratio {v}{x} : {v}{y} (angle bisector theorem)",
        "a = math.dist(points['{v}'], points['{x}'])",
        "b = math.dist(points['{v}'], points['{y}'])",
        "(x1, y1), (x2, y2) = points['{x}'], points['{y}']",
        "points['{name}'] = (x1 + a / (a + b) * (x2 - x1), y1 + a / (a + b) * (y2 - y1))",
    ],
    "parallel": [
        "# {name} on {u}{w} such that {p}{name} is parallel to {x}{y}",
        "(px, py), (ux, uy), (wx, wy) = points['{p}'], points['{u}'], points['{w}']",
        "dx, dy = points['{y}'][0] - points['{x}'][0], points['{y}'][1] - points['{x}'][1]",
        "s = ((px - ux) * dy - (py - uy) * dx) / ((wx - ux) * dy - (wy - uy) * dx)",
        "points['{name}'] = (ux + s * (wx - ux), uy + s * (wy - uy))",
    ],
    "midline": [
        "# {n1} and {n2}: midpoints of {x}{y} and {u}{w}",
        "points['{n1}'] = ((points['{x}'][0] + points['{y}'][0]) / 2, (points['{x}'][1] + points['{y}'][1]) / 2)",
        "points['{n2}'] = ((points['{u}'][0] + points['{w}'][0]) / 2, (points['{u}'][1] + points['{w}'][1]) / 2)",
    ],
}


def compute_lines(construct: tuple) -> list:
    kind = construct[0]
    if kind in ("median", "altitude", "bisector"):
        args = dict(zip(("v", "x", "y", "name"), construct[1:]))
    elif kind == "parallel":
        args = dict(zip(("p", "x", "y", "u", "w", "name"), construct[1:]))
    else:
        args = dict(zip(("x", "y", "u", "w", "n1", "n2"), construct[1:]))
    return [line.format(**args) for line in COMPUTE[kind]]


def render(spec: GeoSpec, st: State, style: C.Style = C.REF) -> str:
    geo = build(spec)
    oo = not style.flip_api  # the reference uses fig, ax = plt.subplots()
    api = C.Api(oo, (7, 6) if style.harmless else (6, 5))
    pn, sn, ln = ("pts", "edges", "offsets") if style.names else ("points", "segments", "label_pos")
    numpy = style.data == "numpy"
    computed = st.computed is not None
    lines = C.header(numpy)
    if computed and st.computed[0] in ("bisector",):
        lines.insert(0, "import math")
    plain = dict(st.points)
    if computed:
        plain = {n: xy for n, xy in st.points if n not in geo.new}
    dashed_kw = f"color={C.lit(AUX_COLOR)}, linestyle='--', linewidth=1.5"
    solid_kw = "color='black', linewidth=1.5"
    label_kw = "fontsize=13, ha='center', va='center'"
    note_kw = f"fontsize=12, color={C.lit(NOTE_COLOR)}, ha='center', va='center'"

    if style.data == "dict":
        # one variable per point, segments as pairs of points
        for n, xy in st.points:
            lines.append(f"{n} = {C.lit(xy)}")
        lines.append("")
        lines.append(api.figure())
        draw = []
        for p, q in st.solid:
            draw.append(api("plot", f"[{p}[0], {q}[0]], [{p}[1], {q}[1]], {solid_kw}"))
        for p, q in st.dashed:
            draw.append(api("plot", f"[{p}[0], {q}[0]], [{p}[1], {q}[1]], {dashed_kw}"))
        text = [api("text", f"{C.lit(xy[0])}, {C.lit(xy[1])}, {C.lit(n)}, {label_kw}") for n, xy in st.labels]
    else:
        if numpy:
            body = ", ".join(f"{C.lit(n)}: np.array({C.lit(list(xy))})" for n, xy in plain.items())
            lines.append(f"{pn} = {{{body}}}")
        else:
            lines.append(f"{pn} = {C.lit(plain)}")
        solid = list(st.solid) + list(st.removed)
        if style.order:
            solid = solid[::-1]
        if not style.loop:
            lines.append(f"{sn} = {C.lit(solid)}")
            lines.append(f"{ln} = {C.lit(dict(st.labels))}")
        for seg in st.removed:
            lines.append(f"{sn}.remove({C.lit(seg)})")
        if computed:
            lines += [line.replace("points[", f"{pn}[") for line in compute_lines(st.computed)]
        lines.append("")
        lines.append(api.figure())
        draw = []
        if style.loop:
            for p, q in solid:
                if (p, q) in st.removed:
                    continue
                draw.append(api("plot", f"[{pn}[{C.lit(p)}][0], {pn}[{C.lit(q)}][0]], [{pn}[{C.lit(p)}][1], {pn}[{C.lit(q)}][1]], {solid_kw}"))
        elif numpy:
            draw.append(f"for p, q in {sn}:")
            draw.append(f"    {api('plot', f'*np.array([{pn}[p], {pn}[q]]).T, {solid_kw}')}")
        else:
            draw.append(f"for p, q in {sn}:")
            draw.append(f"    (x1, y1), (x2, y2) = {pn}[p], {pn}[q]")
            draw.append(f"    {api('plot', f'[x1, x2], [y1, y2], {solid_kw}')}")
        for p, q in st.dashed:
            draw.append(api("plot", f"[{pn}[{C.lit(p)}][0], {pn}[{C.lit(q)}][0]], [{pn}[{C.lit(p)}][1], {pn}[{C.lit(q)}][1]], {dashed_kw}"))
        if style.loop:
            text = [api("text", f"{C.lit(xy[0])}, {C.lit(xy[1])}, {C.lit(n)}, {label_kw}") for n, xy in st.labels]
        else:
            text = [f"for name, (x, y) in {ln}.items():", f"    {api('text', f'x, y, name, {label_kw}')}"]
    for note, (x, y) in st.notes:
        text.append(api("text", f"{C.lit(x)}, {C.lit(y)}, {C.lit(note)}, {note_kw}"))
    (x0, x1), (y0, y1) = limits(geo)
    deco = [api("xlim", f"{x0}, {x1}"), api("ylim", f"{y0}, {y1}"), api.aspect_equal(), api("axis", "'off'")]
    if style.order:
        lines += text + draw + deco
    else:
        lines += draw + text + deco
    if style.harmless:
        lines.append("plt.tight_layout()")
    lines.append("plt.show()")
    return C.finish(lines)


def scripts(spec: GeoSpec) -> dict:
    return {name: render(spec, st) for name, st in states(spec).items()}


# ---------------------------------------------------------------------------------------
# Instructions


def seg(s) -> str:
    return f"{s[0]}{s[1]}"


def join(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def shape_name(spec: GeoSpec) -> str:
    names = "".join(n for n, _ in spec.vertices)
    return ("triangle " if len(names) == 3 else "quadrilateral ") + names


def construct_text(spec: GeoSpec) -> str:
    c = spec.construct
    kind = c[0]
    if kind == "median":
        _, v, x, y, name = c
        return (f"Draw the median from vertex {v} to side {x}{y} as a dashed line, and label its "
                f"endpoint on {x}{y} (the midpoint of {x}{y}) as {name}.")
    if kind == "altitude":
        _, v, x, y, name = c
        return (f"Draw the altitude from {v} perpendicular to {x}{y} as a dashed line, and label "
                f"its foot on {x}{y} as {name}.")
    if kind == "bisector":
        _, v, x, y, name = c
        return (f"Draw the bisector of angle {x}{v}{y} as a dashed line from {v} to side {x}{y}, and "
                f"label the point where it meets {x}{y} as {name}.")
    if kind == "parallel":
        _, p, x, y, u, w, name = c
        return (f"Through point {p} draw a dashed line parallel to {x}{y}, ending where it meets "
                f"{u}{w}, and label that point {name}.")
    _, x, y, u, w, n1, n2 = c
    return (f"Draw the midline of the figure as a dashed line: it joins the midpoint {n1} of {x}{y} "
            f"to the midpoint {n2} of {u}{w}. Label {n1} and {n2}.")


def note_text(geo: Geo, item) -> str:
    value = note_value(geo, item)
    if item[0] == "length":
        return f"write the length {value} next to side {item[1]}{item[2]}"
    if item[0] == "angle":
        return f"write the measure {value} inside angle {item[1]}{item[2]}{item[3]}"
    _, name, x, y, u, w = item
    return f"label the intersection point of {x}{y} and {u}{w} as {name}"


def tags(spec: GeoSpec) -> dict:
    """Each kind's tags: an annotation is tagged by what it writes (the paper's Table VI:
    line labels, angle labels; and point names)."""
    words = {"length": "line", "angle": "angle", "point": "point"}
    written = sorted({words[item[0]] for item in spec.annotate})
    return {"generation": [], "deletion": [], "modification": [],
            "annotation": [f"label:{w}" for w in written]}


def instructions(spec: GeoSpec) -> dict:
    geo = build(spec)
    verts = join(f"{n}({C.num(geo.pts[n][0])}, {C.num(geo.pts[n][1])})" for n, _ in spec.vertices)
    aux = []
    for name, (_, x, y, _t) in spec.aux:
        p = rounded(geo.pts[name])
        aux.append(f"point {name}({C.num(p[0])}, {C.num(p[1])}) lies on {x}{y}")
    extras = join(seg(s) for s in spec.extras)
    extra_word = "segment" if len(spec.extras) == 1 else "segments"
    aux_text = (join(aux) + "; ") if aux else ""
    generation = (
        f"Write Python code with matplotlib that draws the following figure. {shape_name(spec)[0].upper()}{shape_name(spec)[1:]} "
        f"with vertices {verts}; {aux_text}the {extra_word} {extras} {'is' if len(spec.extras) == 1 else 'are'} "
        f"drawn as well. All segments are solid black lines; every point is labelled with its letter "
        f"just outside the figure; equal axis scales and no axes shown."
    )
    intro = f"The figure shows {shape_name(spec)}."
    deleted = join(seg(s) for s in spec.delete)
    deletion = (
        f"{intro} Delete segment{'s' if len(spec.delete) > 1 else ''} {deleted} from the figure; "
        f"all points and their labels stay."
    )
    modification = f"{intro} {construct_text(spec)}"
    notes = [note_text(geo, item) for item in spec.annotate]
    annotation = f"{intro} Annotate the figure: {join(notes)}."
    return {
        "generation": generation,
        "deletion": deletion,
        "modification": modification,
        "annotation": annotation,
    }


# ---------------------------------------------------------------------------------------
# Alternative submissions


def cases(spec: GeoSpec, kind: str) -> dict:
    geo = build(spec)
    st = states(spec)
    target = {"generation": "original"}.get(kind, kind)
    rng = C.rng_for("geometry-cases", spec.id, kind)
    passes = ["reference", "rewrite-names", "rewrite-loop", "rewrite-numpy", "rewrite-dict",
              "rewrite-api", "rewrite-order", "style-harmless"]
    if kind == "annotation":
        passes.append("annotation-nearby")
    out = {}
    for case in passes:
        if case == "annotation-nearby":
            notes = tuple((text, rounded(note_position(geo, spec, item, scale=1.5)))
                          for (text, _), item in zip(st["annotation"].notes, spec.annotate))
            out[case] = render(spec, replace(st["annotation"], notes=notes))
        else:
            out[case] = render(spec, st[target], C.CASE_STYLES[case])
    original = st["original"]
    if kind == "generation":
        # an auxiliary segment left out
        out["missing-element"] = render(spec, replace(original, solid=original.solid[:-1]))
        # a vertex that no other point depends on, one unit off
        used = {a for _, (_, a, b, _t) in spec.aux} | {b for _, (_, a, b, _t) in spec.aux}
        free = [n for n, _ in spec.vertices if n not in used] or [spec.vertices[0][0]]
        name = rng.choice(free)
        delta = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
        moved = tuple((n, rounded(add(xy, delta)) if n == name else xy) for n, xy in original.points)
        labels = tuple((n, rounded(add(xy, delta)) if n == name else xy) for n, xy in original.labels)
        out["value-off"] = render(spec, replace(original, points=moved, labels=labels))
        # two letters swapped
        a, b = original.labels[0][0], original.labels[1][0]
        swapped = tuple((a if n == b else b if n == a else n, xy) for n, xy in original.labels)
        out["wrong-element"] = render(spec, replace(original, labels=swapped))
    elif kind == "deletion":
        out["computed-values"] = render(spec, replace(st["deletion"], removed=spec.delete))
        out["unchanged-original"] = render(spec, original)
        side = geo.sides[rng.randrange(len(geo.sides))]
        out["wrong-element"] = render(spec, replace(original, solid=tuple(s for s in original.solid if s != side)))
        if rng.random() < 0.5:
            extra = replace(st["deletion"], solid=tuple(s for s in st["deletion"].solid if s != side))
        else:
            drop = rng.choice([n for n, _ in original.labels])
            extra = replace(st["deletion"], labels=tuple(l for l in original.labels if l[0] != drop))
        out["extra-change"] = render(spec, extra)
    elif kind == "modification":
        mod = st["modification"]
        out["computed-values"] = render(spec, replace(mod, computed=spec.construct))
        out["unchanged-original"] = render(spec, original)
        c = spec.construct
        if c[0] == "median":
            _, v, x, y, name = c
            f, _t = foot(geo.pts[v], geo.pts[x], geo.pts[y])
            out["perpendicular-for-median"] = render(spec, moved_point(spec, geo, mod, name, f))
        out["wrong-element"] = render(spec, wrong_construction(spec, geo, mod))
        out["value-off"] = render(spec, off_construction(spec, geo, mod))
        out["extra-change"] = render(spec, replace(mod, solid=tuple(s for s in mod.solid if s not in spec.extras[:1])))
    elif kind == "annotation":
        ann = st["annotation"]
        out["unchanged-original"] = render(spec, original)
        i = rng.randrange(len(spec.annotate))
        notes = list(ann.notes)
        notes[i] = (wrong_note(spec.annotate[i], notes[i][0]), notes[i][1])
        out["annotation-wrong-value"] = render(spec, replace(ann, notes=tuple(notes)))
        j = rng.randrange(len(spec.annotate))
        notes = list(ann.notes)
        notes[j] = (notes[j][0], far_position(spec, geo, spec.annotate[j]))
        out["annotation-far"] = render(spec, replace(ann, notes=tuple(notes)))
        out["extra-change"] = render(spec, replace(ann, solid=tuple(s for s in ann.solid if s not in spec.extras[:1])))
    return out


def moved_point(spec, geo, mod: State, name: str, where) -> State:
    """The modification with the construction's point `name` drawn at `where`."""
    delta = sub(where, geo.pts[name])
    points = tuple((n, rounded(where) if n == name else xy) for n, xy in mod.points)
    labels = tuple((n, rounded(add(label_position(geo, n), delta)) if n == name else xy)
                   for n, xy in mod.labels)
    return replace(mod, points=points, labels=labels)


def wrong_construction(spec: GeoSpec, geo: Geo, mod: State) -> State:
    """The same kind of construction on the wrong element."""
    c = spec.construct
    kind = c[0]
    pts = geo.pts
    if kind in ("median", "altitude", "bisector"):
        _, v, x, y, name = c
        # from another vertex to its opposite side (triangle) or the next side (quadrilateral)
        order = geo.order
        if len(order) == 3:
            v2 = x
            x2, y2 = [n for n in order if n != v2]
        else:
            i = order.index(x)
            x2, y2 = order[(i + 1) % 4], order[(i + 2) % 4]
            v2 = v if v not in (x2, y2) else order[(i + 3) % 4]
        p = construction_point(kind, pts[v2], pts[x2], pts[y2])
        if kind == "altitude":
            f, t = foot(pts[v2], pts[x2], pts[y2])
            if not 0.05 < t < 0.95:  # foot off the side: use the median of that side instead
                p = lerp(pts[x2], pts[y2], 0.5)
        new = replace(mod, dashed=((v2, name),))
        return moved_point(spec, geo, new, name, p)
    if kind == "parallel":
        _, p, x, y, u, w, name = c
        # through p parallel to U W instead, so it ends on X Y
        return moved_point(spec, geo, mod, name, parallel_point(pts[p], pts[u], pts[w], pts[x], pts[y]))
    _, x, y, u, w, n1, n2 = c
    # joins the midpoints of the other pair of sides
    order = geo.order
    a, b, c2, d = order
    m1, m2 = lerp(pts[a], pts[b], 0.5), lerp(pts[c2], pts[d], 0.5)
    s1 = moved_point(spec, geo, mod, n1, m1)
    return moved_point(spec, geo, s1, n2, m2)


def off_construction(spec: GeoSpec, geo: Geo, mod: State) -> State:
    """The construction's point 15 % of its side away from where it belongs."""
    c = spec.construct
    name = c[-1]
    x, y = geo.on_side[name]
    length = math.dist(geo.pts[x], geo.pts[y])
    _, t = foot(geo.pts[name], geo.pts[x], geo.pts[y])
    dt = max(0.15, 0.8 / length)
    t2 = t + dt if t + dt < 0.95 else t - dt
    return moved_point(spec, geo, mod, name, lerp(geo.pts[x], geo.pts[y], t2))


def wrong_note(item, text: str) -> str:
    if item[0] == "length":
        value = float(text)
        return C.num(value + max(1.0, round(value * 0.15, 1)), 1)
    if item[0] == "angle":
        value = int(text.rstrip("°"))
        return f"{value + max(8, round(value * 0.15))}°"
    return "P" if item[1] != "P" else "Q"


def far_position(spec: GeoSpec, geo: Geo, item):
    """A spot at least a third of the figure away from the annotated element."""
    home = note_element(geo, item)
    candidates = [lerp(geo.pts[a], geo.pts[b], 0.5) for a, b in geo.sides]
    candidates += [geo.pts[n] for n in geo.order]
    best = max(candidates, key=lambda p: math.dist(p, home))
    # pull it inside the figure a little so it reads as a label of something else
    return rounded(lerp(best, geo.centroid, 0.2))


if __name__ == "__main__":
    raise SystemExit(C.main(__import__(__name__)))
