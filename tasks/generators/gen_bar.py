"""Bar-chart samples: a category axis, one series of values, edits on single bars.

deletion removes a bar, modification changes a height, annotation writes every bar's value
at the end of the bar. Run as a program it prints variants (see common.main).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import common as C

FIGURE = "bar"


@dataclass(frozen=True)
class BarSpec:
    id: str
    title: str
    cat_label: str  # axis label of the categories
    val_label: str  # axis label of the values
    categories: tuple
    values: tuple  # all ints, or all one-decimal floats that are never whole
    color: str
    horizontal: bool
    delete: int  # index of the bar the deletion removes
    delete_hint: str  # "name" | "max" | "min" | "first" | "last"
    modify: int  # index of the bar the modification changes
    new_value: float
    names: tuple  # variable names (categories, values) of the reference
    alt_names: tuple  # variable names of the rewrite-names case


CATALOG = [
    BarSpec("bar-01", "Quarterly revenue by region", "Region", "Revenue (million $)",
            ("North", "South", "East", "West"), (42, 35, 51, 28), "#4C72B0", False,
            2, "max", 1, 45, ("regions", "revenue"), ("names", "amounts")),
    BarSpec("bar-02", "Museum visitors per day", "Day", "Visitors (thousands)",
            ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"), (3.2, 2.8, 3.5, 4.1, 5.6, 8.3, 7.4),
            "#55A868", False, 0, "name", 3, 6.5, ("days", "visitors"), ("labels", "counts")),
    BarSpec("bar-03", "Fruit sold at the Saturday market", "Fruit", "Amount sold (kg)",
            ("Apples", "Bananas", "Cherries", "Grapes", "Oranges"), (120, 95, 40, 75, 110),
            "#DD8452", False, 2, "min", 3, 105, ("fruits", "kilograms"), ("items", "weights")),
    BarSpec("bar-04", "Average monthly rainfall", "Month", "Rainfall (mm)",
            ("Jan", "Feb", "Mar", "Apr", "May", "Jun"), (78, 64, 55, 42, 38, 21),
            "#4C72B0", False, 5, "last", 2, 80, ("months", "rainfall"), ("x_labels", "mm")),
    BarSpec("bar-05", "Members per school club", "Club", "Members",
            ("Chess", "Drama", "Robotics", "Music", "Art"), (18, 25, 32, 27, 14), "#8172B3",
            True, 3, "name", 0, 30, ("clubs", "members"), ("groups", "sizes")),
    BarSpec("bar-06", "Electricity generation by source", "Source", "Generation (TWh)",
            ("Coal", "Gas", "Nuclear", "Hydro", "Wind", "Solar"), (210, 340, 95, 60, 120, 85),
            "#C44E52", False, 1, "max", 4, 180, ("sources", "generation"), ("kinds", "twh")),
    BarSpec("bar-07", "Library loans by genre", "Genre", "Books borrowed",
            ("Fiction", "Mystery", "Science", "History", "Poetry"), (230, 185, 140, 95, 40),
            "#937860", True, 4, "min", 2, 200, ("genres", "loans"), ("categories", "totals")),
    BarSpec("bar-08", "Top running speed of animals", "Animal", "Speed (km/h)",
            ("Cheetah", "Lion", "Horse", "Greyhound", "Rabbit"), (112, 80, 88, 72, 56),
            "#DA8BC3", False, 3, "name", 4, 40, ("animals", "speeds"), ("species", "kmh")),
    BarSpec("bar-09", "Battery life of five phones", "Phone", "Battery life (hours)",
            ("Model A", "Model B", "Model C", "Model D", "Model E"), (18.5, 22.5, 15.5, 20.5, 24.5),
            "#64B5CD", False, 0, "first", 2, 10.5, ("phones", "hours"), ("models", "life")),
    BarSpec("bar-10", "Population of Norwegian cities", "City", "Population (thousands)",
            ("Oslo", "Bergen", "Trondheim", "Stavanger", "Drammen"), (709, 286, 212, 146, 103),
            "#4C72B0", False, 1, "name", 3, 240, ("cities", "population"), ("towns", "people")),
    BarSpec("bar-11", "Average test score by class", "Class", "Score",
            ("Class A", "Class B", "Class C", "Class D", "Class E", "Class F"),
            (78, 85, 72, 90, 66, 81), "#55A868", False, 3, "max", 4, 88,
            ("classes", "scores"), ("groups", "points")),
    BarSpec("bar-12", "Coffee orders by cup size", "Cup size", "Orders",
            ("Small", "Medium", "Large", "Extra large"), (145, 210, 180, 65), "#DD8452", True,
            0, "name", 3, 120, ("sizes", "orders"), ("cups", "sold")),
]


def catalog():
    for spec in CATALOG:
        check(spec)
    return list(CATALOG)


def check(spec: BarSpec) -> None:
    """The spec's instructions are unambiguous and its values print as written."""
    n = len(spec.categories)
    assert n == len(spec.values) >= 4, spec.id
    assert C.distinct(spec.values), spec.id
    assert all(type(v) is type(spec.values[0]) for v in spec.values), spec.id
    if isinstance(spec.values[0], float):
        assert all(v != int(v) for v in spec.values + (spec.new_value,)), spec.id
    assert spec.delete != spec.modify, spec.id
    old = spec.values[spec.modify]
    assert abs(spec.new_value - old) >= 0.25 * old, spec.id
    hint_index = {
        "max": spec.values.index(max(spec.values)),
        "min": spec.values.index(min(spec.values)),
        "first": 0,
        "last": n - 1,
    }
    assert not (spec.horizontal and spec.delete_hint in ("first", "last")), spec.id
    if spec.delete_hint != "name":
        assert hint_index[spec.delete_hint] == spec.delete, spec.id


def variant(base: BarSpec, rng: random.Random, new_id: str) -> BarSpec:
    """Same domain and names, new values and new edit targets."""
    n = len(base.categories)
    while True:
        values = C.spread(rng, base.values)
        if not C.distinct(values):
            continue
        # "first"/"last" would be ambiguous for horizontal bars (top or bottom?).
        hints = ("name", "max", "min") if base.horizontal else ("name", "max", "min", "first", "last")
        delete_hint = rng.choice(hints)
        delete = {
            "name": rng.randrange(n),
            "max": values.index(max(values)),
            "min": values.index(min(values)),
            "first": 0,
            "last": n - 1,
        }[delete_hint]
        modify = rng.choice([i for i in range(n) if i != delete])
        factor = rng.choice((0.5, 0.6, 1.4, 1.6))
        new_value = C.same_precision(values[modify], values[modify] * factor)
        spec = replace(
            base,
            id=new_id,
            values=values,
            delete=delete,
            delete_hint=delete_hint,
            modify=modify,
            new_value=new_value,
        )
        try:
            check(spec)
        except AssertionError:
            continue
        return spec


# ---------------------------------------------------------------------------------------
# States and rendering


@dataclass(frozen=True)
class State:
    categories: tuple
    values: tuple
    annotate: bool = False
    labels: tuple | None = None  # label texts written from a list (wrong-value case)
    far: tuple | None = None  # (label index, index of the bar it is drawn over)
    edit: tuple | None = None  # ("delete", i) or ("set", i, v), written as code (computed)


def states(spec: BarSpec) -> dict:
    cats, vals = spec.categories, spec.values
    d, m = spec.delete, spec.modify
    return {
        "original": State(cats, vals),
        "deletion": State(cats[:d] + cats[d + 1 :], vals[:d] + vals[d + 1 :]),
        "modification": State(cats, vals[:m] + (spec.new_value,) + vals[m + 1 :]),
        "annotation": State(cats, vals, annotate=True),
    }


def pad(spec: BarSpec):
    """Gap between a horizontal bar's end and its label, in data units."""
    return C.clean(max(spec.values) * 0.01, 2)


def render(spec: BarSpec, st: State, style: C.Style = C.REF) -> str:
    api = C.Api(style.flip_api, (7, 4.5) if style.harmless else (6, 4))
    cn, vn = spec.alt_names if style.names else spec.names
    numpy = style.data == "numpy"
    lines = C.header(numpy)
    dict_data = style.data == "dict"
    if dict_data:
        dn = "data" if not style.names else "table"
        lines.append(f"{dn} = {C.lit(dict(zip(st.categories, st.values)))}")
        cats, vals = f"list({dn}.keys())", f"list({dn}.values())"
    else:
        lines.append(f"{cn} = {C.lit(list(st.categories))}")
        if numpy:
            lines.append(f"{vn} = np.array({C.lit(list(st.values))})")
        else:
            lines.append(f"{vn} = {C.lit(list(st.values))}")
        cats, vals = cn, vn
    if st.edit is not None:
        if st.edit[0] == "delete":
            i = st.edit[1]
            if i % 2 == 0:
                lines += [f"del {cn}[{i}]", f"del {vn}[{i}]"]
            else:
                lines += [
                    f"index = {cn}.index({C.lit(st.categories[i])})",
                    f"{cn}.pop(index)",
                    f"{vn}.pop(index)",
                ]
        else:
            _, i, v = st.edit
            if i % 2 == 0:
                lines.append(f"{vn}[{i}] = {C.lit(v)}")
            else:
                lines.append(f"{vn}[{cn}.index({C.lit(st.categories[i])})] = {C.lit(v)}")
    if st.labels is not None:
        lines.append(f"labels = {C.lit(list(st.labels))}")
    lines.append("")
    lines.append(api.figure())

    bar = "barh" if spec.horizontal else "bar"
    title_kw = ", fontsize=13" if style.harmless else ""
    deco = [
        api("title", f"{C.lit(spec.title)}{title_kw}"),
        api("xlabel", C.lit(spec.val_label if spec.horizontal else spec.cat_label)),
        api("ylabel", C.lit(spec.cat_label if spec.horizontal else spec.val_label)),
    ]
    color = f"color={C.lit(spec.color)}"

    def text(pos: str, value: str, label: str) -> str:
        if spec.horizontal:
            return api("text", f"{value} + {C.lit(pad(spec))}, {pos}, {label}, va='center'")
        return api("text", f"{pos}, {value}, {label}, ha='center', va='bottom'")

    draw = []
    if style.loop:
        if st.annotate:
            draw.append(f"for i, (name, value) in enumerate(zip({cats}, {vals})):")
            draw.append(f"    {api(bar, f'name, value, {color}')}")
            draw.append(f"    {text('i', 'value', 'str(value)')}")
        else:
            draw.append(f"for name, value in zip({cats}, {vals}):")
            draw.append(f"    {api(bar, f'name, value, {color}')}")
    else:
        call = api(bar, f"{cats}, {vals}, {color}")
        draw.append(f"bars = {call}" if st.annotate and style.nearby else call)
        if st.annotate and style.nearby:
            draw.append(api("bar_label", "bars, padding=3"))
        elif st.annotate and st.far is not None:
            for i, v in enumerate(st.values):
                where, y = i, v
                if i == st.far[0]:
                    where = st.far[1]
                    other = st.values[where]
                    y = v if v > other else C.clean(other + 0.08 * max(st.values), 1)
                draw.append(text(C.lit(where), C.lit(y), C.lit(str(v))))
        elif st.annotate and st.labels is not None:
            draw.append(f"for i, (value, label) in enumerate(zip({vals}, labels)):")
            draw.append(f"    {text('i', 'value', 'label')}")
        elif st.annotate:
            draw.append(f"for i, value in enumerate({vals}):")
            draw.append(f"    {text('i', 'value', 'str(value)')}")
    lines += deco + draw if style.order else draw + deco
    if style.harmless:
        lines.append("plt.tight_layout()")
    lines.append("plt.show()")
    return C.finish(lines)


def scripts(spec: BarSpec) -> dict:
    return {name: render(spec, st) for name, st in states(spec).items()}


# ---------------------------------------------------------------------------------------
# Instructions


def listing(spec: BarSpec, values) -> str:
    pairs = [f"{c} {v}" for c, v in zip(spec.categories, values)]
    return ", ".join(pairs[:-1]) + " and " + pairs[-1]


def instructions(spec: BarSpec) -> dict:
    long = "longest" if spec.horizontal else "tallest"
    short = "shortest"
    orient = "horizontal" if spec.horizontal else "vertical"
    cat_axis, val_axis = ("y", "x") if spec.horizontal else ("x", "y")
    generation = (
        f"Write Python code with matplotlib that draws the following figure. "
        f"A {orient} bar chart titled '{spec.title}'. The categories are on the {cat_axis}-axis "
        f"(axis label '{spec.cat_label}') and the values on the {val_axis}-axis (axis label "
        f"'{spec.val_label}'). The bars, in this order and all in colour {spec.color}, have "
        f"the values {listing(spec, spec.values)}."
    )
    d = spec.delete
    what = {
        "name": f"the bar for '{spec.categories[d]}'",
        "max": f"the {long} bar",
        "min": f"the {short} bar",
        "first": "the first (leftmost) bar",
        "last": "the last (rightmost) bar",
    }[spec.delete_hint]
    deletion = f"Delete {what} from the chart. The other bars stay as they are."
    m = spec.modify
    dim = "length" if spec.horizontal else "height"
    modification = (
        f"Change the {dim} of the '{spec.categories[m]}' bar from {spec.values[m]} to "
        f"{spec.new_value}; the other bars stay as they are."
    )
    where = "at the right end of each bar" if spec.horizontal else "just above each bar"
    annotation = (
        f"Write each bar's value {where} as a text label: {listing(spec, spec.values)}."
    )
    return {
        "generation": generation,
        "deletion": deletion,
        "modification": modification,
        "annotation": annotation,
    }


# ---------------------------------------------------------------------------------------
# Alternative submissions


def neighbour(i: int, n: int, avoid=()) -> int:
    for j in (i + 1, i - 1, i + 2, i - 2, i + 3, i - 3):
        if 0 <= j < n and j not in avoid:
            return j
    raise ValueError("no neighbour")


def far_index(i: int, n: int) -> int:
    """A bar at least two places away from bar `i`."""
    return n - 1 if i < n / 2 else 0


def cases(spec: BarSpec, kind: str) -> dict:
    st = states(spec)
    n = len(spec.categories)
    cats, vals = spec.categories, spec.values
    out = {}
    target = {"generation": "original"}.get(kind, kind)
    passes = ["reference", "rewrite-names", "rewrite-loop", "rewrite-numpy", "rewrite-dict",
              "rewrite-api", "rewrite-order", "style-harmless"]
    if kind == "annotation":
        passes.append("annotation-nearby")
    for case in passes:
        out[case] = render(spec, st[target], C.CASE_STYLES[case])
    rng = C.rng_for("bar-cases", spec.id, kind)
    if kind == "generation":
        drop = rng.randrange(n)
        out["missing-element"] = render(
            spec, State(cats[:drop] + cats[drop + 1 :], vals[:drop] + vals[drop + 1 :])
        )
        i = rng.randrange(n)
        out["value-off"] = render(spec, State(cats, vals[:i] + (C.off_by(vals[i], rng),) + vals[i + 1 :]))
        a = rng.randrange(n)
        b = neighbour(a, n)
        swapped = list(vals)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        out["wrong-element"] = render(spec, State(cats, tuple(swapped)))
    elif kind == "deletion":
        d = spec.delete
        out["computed-values"] = render(spec, replace(st["original"], edit=("delete", d)))
        out["unchanged-original"] = render(spec, st["original"])
        w = neighbour(d, n)
        out["wrong-element"] = render(spec, State(cats[:w] + cats[w + 1 :], vals[:w] + vals[w + 1 :]))
        keep = [i for i in range(n) if i != d]
        e = rng.choice(keep)
        extra = tuple(C.same_precision(v, v * 1.5) if i == e else v for i, v in enumerate(vals))
        out["extra-change"] = render(
            spec, State(tuple(cats[i] for i in keep), tuple(extra[i] for i in keep))
        )
    elif kind == "modification":
        m, new = spec.modify, spec.new_value
        out["computed-values"] = render(spec, replace(st["original"], edit=("set", m, new)))
        out["unchanged-original"] = render(spec, st["original"])
        w = neighbour(m, n, avoid=(spec.delete,))
        out["wrong-element"] = render(spec, State(cats, vals[:w] + (new,) + vals[w + 1 :]))
        off = C.off_by(new, rng)
        if off == vals[m]:
            off = C.off_by(new, factor=1.2)
        out["value-off"] = render(spec, State(cats, vals[:m] + (off,) + vals[m + 1 :]))
        e = neighbour(m, n)
        changed = list(st["modification"].values)
        changed[e] = C.same_precision(changed[e], changed[e] * 0.6)
        out["extra-change"] = render(spec, State(cats, tuple(changed)))
    elif kind == "annotation":
        out["unchanged-original"] = render(spec, st["original"])
        i = rng.randrange(n)
        labels = [str(v) for v in vals]
        labels[i] = str(C.off_by(vals[i], rng))
        out["annotation-wrong-value"] = render(spec, replace(st["annotation"], labels=tuple(labels)))
        f = rng.randrange(n)
        out["annotation-far"] = render(spec, replace(st["annotation"], far=(f, far_index(f, n))))
        e = rng.randrange(n)
        changed = tuple(C.same_precision(v, v * 1.4) if j == e else v for j, v in enumerate(vals))
        out["extra-change"] = render(spec, State(cats, changed, annotate=True))
    return out


if __name__ == "__main__":
    raise SystemExit(C.main(__import__(__name__)))
