"""Pie-chart samples: labelled slices whose values are percentages summing to 100.

deletion removes a slice (the rest fill the pie), modification moves share from one slice
to another, annotation writes every slice's percentage on it. Run as a program it prints
variants (see common.main).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import common as C

FIGURE = "pie"

PALETTES = (
    ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860"),
    ("#66c2a5", "#fc8d62", "#8da0cb", "#e78ac3", "#a6d854", "#ffd92f"),
    ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"),
)


@dataclass(frozen=True)
class PieSpec:
    id: str
    title: str
    labels: tuple
    values: tuple  # ints summing to 100, all distinct
    palette: int
    delete: int
    delete_hint: str  # "name" | "max" | "min"
    modify: tuple  # (grow index, shrink index, amount)
    names: tuple  # variable names (labels, values) of the reference
    alt_names: tuple


CATALOG = [
    PieSpec("pie-01", "Monthly household budget", ("Rent", "Food", "Transport", "Utilities", "Savings"),
            (35, 24, 14, 10, 17), 0, 2, "name", (0, 4, 10), ("items", "shares"), ("parts", "pct")),
    PieSpec("pie-02", "Smartphone market share", ("Brand A", "Brand B", "Brand C", "Brand D", "Others"),
            (28, 24, 19, 12, 17), 1, 0, "max", (3, 1, 8), ("brands", "share"), ("vendors", "market")),
    PieSpec("pie-03", "How a weekday is spent", ("Sleep", "Work", "Leisure", "Commute"),
            (33, 38, 17, 12), 2, 3, "min", (2, 1, 9), ("activities", "time"), ("tasks", "hours")),
    PieSpec("pie-04", "Electricity mix", ("Gas", "Coal", "Nuclear", "Renewables"),
            (38, 22, 19, 21), 0, 1, "name", (3, 1, 12), ("sources", "mix"), ("kinds", "percent")),
    PieSpec("pie-05", "Favourite pet in a class survey", ("Dogs", "Cats", "Fish", "Birds", "Other"),
            (40, 30, 10, 8, 12), 1, 3, "min", (1, 0, 10), ("pets", "votes"), ("animals", "answers")),
    PieSpec("pie-06", "Website traffic sources", ("Search", "Direct", "Social", "Email"),
            (45, 25, 18, 12), 2, 2, "name", (3, 0, 15), ("channels", "traffic"), ("origins", "visits")),
    PieSpec("pie-07", "Blood types in a population", ("O", "A", "B", "AB"),
            (45, 40, 11, 4), 0, 0, "max", (2, 1, 10), ("types", "frequency"), ("groups", "freq")),
    PieSpec("pie-08", "How pupils travel to school", ("Walk", "Bus", "Car", "Bike"),
            (30, 35, 20, 15), 1, 2, "name", (3, 1, 10), ("modes", "pupils"), ("ways", "counts")),
    PieSpec("pie-09", "Company expenses", ("Salaries", "Marketing", "R&D", "Office"),
            (55, 15, 20, 10), 2, 3, "min", (1, 0, 10), ("costs", "amounts"), ("heads", "spend")),
    PieSpec("pie-10", "Land use", ("Agriculture", "Forest", "Urban", "Other"),
            (38, 31, 8, 23), 0, 3, "name", (2, 0, 7), ("uses", "area"), ("classes", "land")),
    PieSpec("pie-11", "Favourite music genre", ("Pop", "Rock", "Hip-hop", "Jazz", "Classical"),
            (32, 24, 20, 15, 9), 1, 0, "max", (4, 2, 8), ("genres", "fans"), ("styles", "listeners")),
    PieSpec("pie-12", "World coffee production", ("Brazil", "Vietnam", "Colombia", "Indonesia", "Other"),
            (37, 17, 12, 7, 27), 2, 1, "name", (1, 4, 9), ("countries", "production"), ("origins", "output")),
]


def catalog():
    for spec in CATALOG:
        check(spec)
    return list(CATALOG)


def check(spec: PieSpec) -> None:
    n = len(spec.labels)
    assert n == len(spec.values) >= 4, spec.id
    assert all(isinstance(v, int) and v >= 3 for v in spec.values), spec.id
    assert sum(spec.values) == 100 and C.distinct(spec.values), spec.id
    g, s, amount = spec.modify
    assert g != s and spec.values[s] - amount >= 2 and amount >= 5, spec.id
    if spec.delete_hint == "max":
        assert spec.values.index(max(spec.values)) == spec.delete, spec.id
    if spec.delete_hint == "min":
        assert spec.values.index(min(spec.values)) == spec.delete, spec.id


def variant(base: PieSpec, rng: random.Random, new_id: str) -> PieSpec:
    n = len(base.labels)
    while True:
        raw = [v * rng.uniform(0.7, 1.3) for v in base.values]
        values = [max(3, round(v * 100 / sum(raw))) for v in raw]
        values[values.index(max(values))] += 100 - sum(values)
        values = tuple(values)
        if not C.distinct(values) or min(values) < 3:
            continue
        hint = rng.choice(("name", "max", "min"))
        delete = {
            "name": rng.randrange(n),
            "max": values.index(max(values)),
            "min": values.index(min(values)),
        }[hint]
        g, s = rng.sample(range(n), 2)
        amount = min(rng.choice((5, 6, 8, 10)), values[s] - 2)
        spec = replace(base, id=new_id, values=values, delete=delete, delete_hint=hint,
                       modify=(g, s, amount), palette=rng.randrange(len(PALETTES)))
        try:
            check(spec)
        except AssertionError:
            continue
        return spec


# ---------------------------------------------------------------------------------------
# States and rendering


@dataclass(frozen=True)
class State:
    labels: tuple
    values: tuple
    colors: tuple
    annotate: bool = False
    pct: tuple | None = None  # percentage texts from a list (wrong-value case)
    far: int | None = None  # slice whose percentage is written on the opposite side
    edit: tuple | None = None  # ("delete", i) or ("move", grow, shrink, amount) as code
    scale: int | None = None  # values given as amounts = value * scale (computed case)


def colors_of(spec: PieSpec) -> tuple:
    return PALETTES[spec.palette][: len(spec.labels)]


def moved(spec: PieSpec) -> tuple:
    g, s, amount = spec.modify
    values = list(spec.values)
    values[g] += amount
    values[s] -= amount
    return tuple(values)


def states(spec: PieSpec) -> dict:
    labels, values, colors = spec.labels, spec.values, colors_of(spec)
    d = spec.delete
    return {
        "original": State(labels, values, colors),
        "deletion": State(labels[:d] + labels[d + 1 :], values[:d] + values[d + 1 :],
                          colors[:d] + colors[d + 1 :]),
        "modification": State(labels, moved(spec), colors),
        "annotation": State(labels, values, colors, annotate=True),
    }


def percent_positions(values, radius: float):
    """Where autopct puts each percentage: `radius` along the middle of its wedge."""
    total = sum(values)
    theta = 90.0
    out = []
    for v in values:
        span = 360.0 * v / total
        mid = math.radians(theta + span / 2)
        out.append((round(radius * math.cos(mid), 2), round(radius * math.sin(mid), 2)))
        theta += span
    return out


def pct_text(value, total) -> str:
    return f"{value / total * 100:.0f}%"


def render(spec: PieSpec, st: State, style: C.Style = C.REF) -> str:
    api = C.Api(style.flip_api, (6.5, 6.5) if style.harmless else (6, 6))
    ln, vn = spec.alt_names if style.names else spec.names
    numpy = style.data == "numpy"
    lines = C.header(numpy)
    if style.data == "dict":
        dn = f"{vn}_by_{ln}" if not style.names else "table"
        lines.append(f"{dn} = {C.lit(dict(zip(st.labels, st.values)))}")
        labels_e, values_e = f"list({dn}.keys())", f"list({dn}.values())"
    else:
        lines.append(f"{ln} = {C.lit(list(st.labels))}")
        if st.scale:
            amounts = [v * st.scale for v in st.values]
            lines.append(f"amounts = {C.lit(amounts)}")
            lines.append(f"{vn} = [a / sum(amounts) * 100 for a in amounts]")
        elif numpy:
            lines.append(f"{vn} = np.array({C.lit(list(st.values))})")
        else:
            lines.append(f"{vn} = {C.lit(list(st.values))}")
        labels_e, values_e = ln, vn
    lines.append(f"colors = {C.lit(list(st.colors))}")
    if st.edit is not None:
        if st.edit[0] == "delete":
            i = st.edit[1]
            lines.append(f"i = {ln}.index({C.lit(st.labels[i])})")
            lines += [f"del {ln}[i]", f"del {vn}[i]", "del colors[i]"]
        else:
            _, g, s, amount = st.edit
            lines.append(f"{vn}[{ln}.index({C.lit(st.labels[g])})] += {amount}")
            lines.append(f"{vn}[{ln}.index({C.lit(st.labels[s])})] -= {amount}")
    if st.pct is not None:
        lines.append(f"pct_labels = iter({C.lit(list(st.pct))})")
    lines.append("")
    lines.append(api.figure())
    kw = f"labels={labels_e}, colors=colors, startangle=90"
    if st.annotate and st.far is None:
        if st.pct is not None:
            kw += ", autopct=lambda pct: next(pct_labels)"
        else:
            kw += ", autopct='%1.0f%%'"
            if style.nearby:
                kw += ", pctdistance=0.75"
    draw = [api("pie", f"{values_e}, {kw}")]
    if st.annotate and st.far is not None:
        total = sum(st.values)
        positions = percent_positions(st.values, 0.6)
        for i, v in enumerate(st.values):
            x, y = positions[i]
            if i == st.far:
                x, y = -x, -y
            draw.append(api("text", f"{C.lit(x)}, {C.lit(y)}, {C.lit(pct_text(v, total))}, ha='center', va='center'"))
    title_kw = ", fontsize=13" if style.harmless else ""
    deco = [api("title", f"{C.lit(spec.title)}{title_kw}"), api("axis", "'equal'")]
    lines += deco + draw if style.order else draw + deco
    if style.harmless:
        lines.append("plt.tight_layout()")
    lines.append("plt.show()")
    return C.finish(lines)


def scripts(spec: PieSpec) -> dict:
    return {name: render(spec, st) for name, st in states(spec).items()}


# ---------------------------------------------------------------------------------------
# Instructions


def listing(labels, values, suffix="%") -> str:
    pairs = [f"{label} {v}{suffix}" for label, v in zip(labels, values)]
    return ", ".join(pairs[:-1]) + " and " + pairs[-1]


def instructions(spec: PieSpec) -> dict:
    colors = colors_of(spec)
    slices = ", ".join(f"{label} {v}% ({c})" for label, v, c in zip(spec.labels, spec.values, colors))
    generation = (
        f"Write Python code with matplotlib that draws the following figure. A pie chart "
        f"titled '{spec.title}', drawn as a circle, with labelled slices starting at 12 "
        f"o'clock and going counter-clockwise: {slices}."
    )
    d = spec.delete
    what = {
        "name": f"the '{spec.labels[d]}' slice",
        "max": "the largest slice",
        "min": "the smallest slice",
    }[spec.delete_hint]
    deletion = (
        f"Remove {what} from the pie chart; the remaining slices keep their values and "
        f"together fill the pie."
    )
    g, s, amount = spec.modify
    new = moved(spec)
    modification = (
        f"Change the proportions: '{spec.labels[g]}' goes from {spec.values[g]}% to {new[g]}% "
        f"and '{spec.labels[s]}' from {spec.values[s]}% to {new[s]}%. The other slices keep "
        f"their shares."
    )
    annotation = (
        f"Write each slice's percentage (whole numbers) inside the slice: "
        f"{listing(spec.labels, spec.values)}."
    )
    return {
        "generation": generation,
        "deletion": deletion,
        "modification": modification,
        "annotation": annotation,
    }


# ---------------------------------------------------------------------------------------
# Alternative submissions


def cases(spec: PieSpec, kind: str) -> dict:
    st = states(spec)
    n = len(spec.labels)
    labels, values, colors = spec.labels, spec.values, colors_of(spec)
    target = {"generation": "original"}.get(kind, kind)
    rng = C.rng_for("pie-cases", spec.id, kind)
    passes = ["reference", "rewrite-names", "rewrite-numpy", "rewrite-dict", "rewrite-api",
              "rewrite-order", "style-harmless"]
    if kind == "annotation":
        passes.append("annotation-nearby")
    out = {case: render(spec, st[target], C.CASE_STYLES[case]) for case in passes}

    def drop(i, vals=values):
        return State(labels[:i] + labels[i + 1 :], vals[:i] + vals[i + 1 :], colors[:i] + colors[i + 1 :])

    def with_value(vals, i, v):
        return vals[:i] + (v,) + vals[i + 1 :]

    if kind == "generation":
        out["computed-values"] = render(spec, replace(st["original"], scale=rng.choice((12, 20, 25))))
        out["missing-element"] = render(spec, drop(rng.randrange(n)))
        i = rng.randrange(n)
        out["value-off"] = render(spec, State(labels, with_value(values, i, C.off_by(values[i], rng)), colors))
        a = rng.randrange(n - 1)
        swapped = with_value(with_value(values, a, values[a + 1]), a + 1, values[a])
        out["wrong-element"] = render(spec, State(labels, swapped, colors))
    elif kind == "deletion":
        d = spec.delete
        out["computed-values"] = render(spec, replace(st["original"], edit=("delete", d)))
        out["unchanged-original"] = render(spec, st["original"])
        out["wrong-element"] = render(spec, drop(d + 1 if d + 1 < n else d - 1))
        e = (d + 2) % n
        out["extra-change"] = render(spec, drop(d, with_value(values, e, round(values[e] * 1.5))))
    elif kind == "modification":
        g, s, amount = spec.modify
        new = moved(spec)
        out["computed-values"] = render(spec, replace(st["original"], edit=("move", g, s, amount)))
        out["unchanged-original"] = render(spec, st["original"])
        # another slice grows instead of the requested one
        w = next(k for k in range(n) if k not in (g, s))
        wrong = with_value(with_value(values, w, values[w] + amount), s, new[s])
        out["wrong-element"] = render(spec, State(labels, wrong, colors))
        off = C.off_by(new[g], rng)
        out["value-off"] = render(spec, State(labels, with_value(new, g, off), colors))
        e = next(k for k in range(n) if k not in (g, s))
        out["extra-change"] = render(spec, State(labels, with_value(new, e, round(new[e] * 1.5)), colors))
    elif kind == "annotation":
        out["unchanged-original"] = render(spec, st["original"])
        i = rng.randrange(n)
        pct = [pct_text(v, 100) for v in values]
        pct[i] = pct_text(C.off_by(values[i], rng), 100)
        out["annotation-wrong-value"] = render(spec, replace(st["annotation"], pct=tuple(pct)))
        out["annotation-far"] = render(spec, replace(st["annotation"], far=rng.randrange(n)))
        e = rng.randrange(n)
        out["extra-change"] = render(
            spec, State(labels, with_value(values, e, round(values[e] * 1.5)), colors, annotate=True)
        )
    return out


if __name__ == "__main__":
    raise SystemExit(C.main(__import__(__name__)))
