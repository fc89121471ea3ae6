"""Line-chart samples: one or two series over integer x values (years, hours, weeks).

deletion removes the points at one x value (from every series), modification changes
one y value, annotation writes the value of every point of one series next to it.
Run as a program it prints variants (see common.main).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import common as C

FIGURE = "line"


@dataclass(frozen=True)
class Series:
    label: str
    values: tuple  # all ints, or all one-decimal floats that are never whole
    color: str
    marker: str
    linestyle: str  # "-" or "--"
    name: str  # variable name in the reference
    alt: str  # variable name in the rewrite-names case


@dataclass(frozen=True)
class LineSpec:
    id: str
    title: str
    xlabel: str
    ylabel: str
    x: tuple  # ints, increasing
    x_name: str
    x_alt: str
    series: tuple
    delete_x: int  # the x value whose points the deletion removes
    modify: tuple  # (series index, x value, new value)
    annotate: int  # series index the annotation labels


S = Series
CATALOG = [
    LineSpec("line-01", "Average monthly temperature in Madrid", "Month", "Temperature (°C)",
             tuple(range(1, 13)), "months", "m",
             (S("Madrid", (6.3, 7.9, 11.2, 13.1, 17.2, 22.8, 26.1, 25.6, 21.1, 15.2, 10.1, 6.9),
                "#C44E52", "o", "-", "temperature", "temp_c"),),
             8, (0, 5, 24.5), 0),
    LineSpec("line-02", "Annual sales by channel", "Year", "Sales (million $)",
             tuple(range(2015, 2023)), "years", "yr",
             (S("Online", (12, 15, 19, 24, 33, 41, 46, 52), "#4C72B0", "o", "-", "online", "web"),
              S("In store", (48, 47, 45, 44, 38, 30, 32, 33), "#DD8452", "s", "--", "in_store",
                "shop")),
             2020, (1, 2018, 30), 0),
    LineSpec("line-03", "Height of a bean plant", "Week", "Height (cm)",
             tuple(range(0, 9)), "weeks", "w",
             (S("Plant", (2, 4, 7, 11, 15, 18, 21, 23, 24), "#55A868", "o", "-", "height", "h"),),
             4, (0, 6, 27), 0),
    LineSpec("line-04", "Closing price of ACME shares", "Trading day", "Price ($)",
             tuple(range(1, 11)), "days", "d",
             (S("ACME", (101.5, 103.2, 102.8, 105.1, 107.4, 106.9, 104.3, 108.6, 110.2, 109.7),
                "#8172B3", "D", "-", "price", "close"),),
             6, (0, 8, 86.5), 0),
    LineSpec("line-05", "Population of Riverton", "Year", "Population (thousands)",
             tuple(range(1960, 2021, 10)), "years", "decades",
             (S("Riverton", (12, 15, 21, 26, 30, 37, 41), "#937860", "o", "-", "population",
                "people"),),
             1990, (0, 2000, 22), 0),
    LineSpec("line-06", "Distance covered in a training run", "Time (min)", "Distance (km)",
             (5, 10, 15, 20, 25, 30, 35), "minutes", "t",
             (S("Runner", (1.1, 2.3, 3.4, 4.4, 5.6, 6.5, 7.7), "#4C72B0", "^", "-", "distance",
                "km"),),
             20, (0, 25, 4.3), 0),
    LineSpec("line-07", "Fuel consumption at different speeds", "Speed (km/h)",
             "Consumption (L/100 km)", tuple(range(40, 121, 10)), "speeds", "v",
             (S("Car", (7.2, 6.4, 5.9, 5.6, 5.8, 6.3, 7.1, 8.2, 9.4), "#DD8452", "o", "-",
                "consumption", "litres"),),
             70, (0, 100, 5.3), 0),
    LineSpec("line-08", "Electricity demand over a day", "Hour", "Demand (GW)",
             (0, 3, 6, 9, 12, 15, 18, 21), "hours", "hh",
             (S("Weekday", (28, 25, 31, 42, 45, 44, 49, 38), "#C44E52", "o", "-", "weekday",
                "workday"),
              S("Weekend", (27, 24, 26, 33, 37, 36, 41, 35), "#4C72B0", "s", "--", "weekend",
                "holiday")),
             9, (1, 15, 47), 1),
    LineSpec("line-09", "Average grade per term", "Term", "Average grade",
             tuple(range(1, 7)), "terms", "term_no",
             (S("Math", (68, 71, 74, 72, 78, 83), "#55A868", "o", "-", "math", "maths"),
              S("Science", (72, 70, 75, 79, 77, 81), "#8172B3", "^", "--", "science", "sci")),
             3, (0, 5, 58), 1),
    LineSpec("line-10", "Visitors to a website per hour", "Hour of day", "Visitors",
             (8, 10, 12, 14, 16, 18, 20), "hours", "clock",
             (S("Visitors", (120, 340, 410, 380, 460, 520, 300), "#64B5CD", "o", "-", "visitors",
                "hits"),),
             14, (0, 18, 700), 0),
    LineSpec("line-11", "Ice cream sales and temperature", "Temperature (°C)", "Cones sold",
             (14, 17, 20, 23, 26, 29, 32), "temps", "celsius",
             (S("Sales", (120, 150, 205, 260, 330, 410, 480), "#DA8BC3", "o", "-", "cones",
                "sold"),),
             26, (0, 20, 290), 0),
    LineSpec("line-12", "Unemployment rate", "Year", "Rate (%)",
             tuple(range(2012, 2022)), "years", "yrs",
             (S("Country A", (7.9, 7.4, 6.2, 5.3, 4.9, 4.4, 3.9, 3.7, 8.1, 5.4), "#4C72B0", "o",
                "-", "country_a", "rate_a"),
              S("Country B", (10.5, 10.9, 10.2, 9.6, 9.1, 8.3, 7.6, 7.4, 7.9, 7.5), "#C44E52",
                "s", "--", "country_b", "rate_b")),
             2016, (1, 2019, 11.5), 0),
]


def catalog():
    for spec in CATALOG:
        check(spec)
    return list(CATALOG)


def check(spec: LineSpec) -> None:
    xs = spec.x
    assert list(xs) == sorted(set(xs)) and len(xs) >= 6, spec.id
    assert xs[0] < spec.delete_x < xs[-1] and spec.delete_x in xs, spec.id
    s, mx, new = spec.modify
    assert mx in xs and mx != spec.delete_x, spec.id
    for series in spec.series:
        assert len(series.values) == len(xs), spec.id
        kind = type(series.values[0])
        assert all(type(v) is kind for v in series.values), spec.id
        if kind is float:
            assert all(v != int(v) for v in series.values), spec.id
    old = spec.series[s].values[xs.index(mx)]
    assert type(new) is type(old) and abs(new - old) >= 0.2 * old, spec.id
    if isinstance(new, float):
        assert new != int(new), spec.id


def variant(base: LineSpec, rng: random.Random, new_id: str) -> LineSpec:
    """Same domain, each series rescaled with noise; new edit targets."""
    xs = base.x
    while True:
        series = tuple(replace(s, values=C.spread(rng, s.values, 0.85, 1.15)) for s in base.series)
        delete_x = rng.choice(xs[1:-1])
        s = rng.randrange(len(series))
        mx = rng.choice([x for x in xs if x != delete_x])
        old = series[s].values[xs.index(mx)]
        new = C.same_precision(old, old * rng.choice((0.6, 0.7, 1.3, 1.4)))
        spec = replace(base, id=new_id, series=series, delete_x=delete_x, modify=(s, mx, new),
                       annotate=rng.randrange(len(series)))
        try:
            check(spec)
        except AssertionError:
            continue
        return spec


# ---------------------------------------------------------------------------------------
# States and rendering


@dataclass(frozen=True)
class State:
    x: tuple
    series: tuple  # tuple of value tuples, one per spec series
    annotate: bool = False
    labels: tuple | None = None  # label texts from a list (wrong-value case)
    far: tuple | None = None  # (point index, index of the point it is drawn at)
    edit: tuple | None = None  # ("delete", x) or ("set", series, x, value) written as code
    only: tuple | None = None  # indices of the spec series drawn (missing-element case)


def states(spec: LineSpec) -> dict:
    xs = spec.x
    values = tuple(s.values for s in spec.series)
    d = xs.index(spec.delete_x)
    s, mx, new = spec.modify
    m = xs.index(mx)
    modified = tuple(v[:m] + (new,) + v[m + 1 :] if k == s else v for k, v in enumerate(values))
    return {
        "original": State(xs, values),
        "deletion": State(xs[:d] + xs[d + 1 :], tuple(v[:d] + v[d + 1 :] for v in values)),
        "modification": State(xs, modified),
        "annotation": State(xs, values, annotate=True),
    }


def offset(spec: LineSpec):
    """Vertical gap of the rewrite's labels above their points, in data units."""
    vals = [v for s in spec.series for v in s.values]
    return C.clean((max(vals) - min(vals)) * 0.04, 1) or 0.1


def is_range(xs) -> bool:
    step = xs[1] - xs[0]
    return all(b - a == step for a, b in zip(xs, xs[1:]))


def render(spec: LineSpec, st: State, style: C.Style = C.REF) -> str:
    api = C.Api(style.flip_api, (7.5, 4.5) if style.harmless else (7, 4))
    numpy = style.data == "numpy"
    lines = C.header(numpy)
    xn = spec.x_alt if style.names else spec.x_name
    drawn = st.only if st.only is not None else tuple(range(len(spec.series)))
    multi = len(spec.series) > 1
    names = [spec.series[k].alt if style.names else spec.series[k].name for k in range(len(spec.series))]

    # data
    xexpr = {}
    yexpr = {}
    if style.data == "dict":
        for k in drawn:
            table = dict(zip(st.x, st.series[k]))
            lines.append(f"{names[k]} = {C.lit(table)}")
            xexpr[k], yexpr[k] = f"list({names[k]}.keys())", f"list({names[k]}.values())"
    else:
        if numpy and is_range(st.x):
            step = st.x[1] - st.x[0]
            args = f"{st.x[0]}, {st.x[-1] + step}" + (f", {step}" if step != 1 else "")
            lines.append(f"{xn} = np.arange({args})")
        elif numpy:
            lines.append(f"{xn} = np.array({C.lit(list(st.x))})")
        else:
            lines.append(f"{xn} = {C.lit(list(st.x))}")
        for k in drawn:
            data = C.lit(list(st.series[k]))
            lines.append(f"{names[k]} = np.array({data})" if numpy else f"{names[k]} = {data}")
            xexpr[k], yexpr[k] = xn, names[k]
    if st.edit is not None:
        if st.edit[0] == "delete":
            lines.append(f"i = {xn}.index({st.edit[1]})")
            lines.append(f"del {xn}[i]")
            for k in drawn:
                lines.append(f"del {names[k]}[i]")
        else:
            _, k, x, v = st.edit
            lines.append(f"{names[k]}[{xn}.index({x})] = {C.lit(v)}")
    if st.labels is not None:
        lines.append(f"labels = {C.lit(list(st.labels))}")
    lines.append("")
    lines.append(api.figure())

    def plot_args(k: int) -> str:
        s = spec.series[k]
        kw = f"marker={C.lit(s.marker)}"
        if s.linestyle != "-":
            kw += f", linestyle={C.lit(s.linestyle)}"
        kw += f", color={C.lit(s.color)}"
        if multi:
            kw += f", label={C.lit(s.label)}"
        return kw

    draw = []
    if style.loop and len(drawn) > 1:
        rows = ", ".join(
            f"({names[k]}, {C.lit(spec.series[k].label)}, {C.lit(spec.series[k].marker)}, "
            f"{C.lit(spec.series[k].linestyle)}, {C.lit(spec.series[k].color)})"
            for k in drawn
        )
        draw.append(f"for values, name, marker, linestyle, color in [{rows}]:")
        kw = "marker=marker, linestyle=linestyle, color=color, label=name"
        draw.append(f"    {api('plot', f'{xn}, values, {kw}')}")
    else:
        for k in drawn:
            draw.append(api("plot", f"{xexpr[k]}, {yexpr[k]}, {plot_args(k)}"))

    a = spec.annotate
    if st.annotate:
        xs_e, ys_e = xexpr[a], yexpr[a]
        values = st.series[a]
        ann = "offset points', xytext=(0, 7), ha='center'"

        def annotate(label: str, px: str, py: str) -> str:
            return api("annotate", f"{label}, ({px}, {py}), textcoords='{ann}")

        if style.nearby:
            dy = offset(spec)
            draw.append(f"for px, py in zip({xs_e}, {ys_e}):")
            args = f"px, py + {C.lit(dy)}, str(py), ha='center', va='bottom'"
            draw.append(f"    {api('text', args)}")
        elif st.far is not None or (style.loop and len(drawn) == 1):
            for i, (px, py) in enumerate(zip(st.x, values)):
                where = st.far[1] if st.far is not None and i == st.far[0] else i
                draw.append(annotate(C.lit(str(py)), C.lit(st.x[where]), C.lit(values[where])))
        elif st.labels is not None:
            draw.append(f"for px, py, label in zip({xs_e}, {ys_e}, labels):")
            draw.append(f"    {annotate('label', 'px', 'py')}")
        else:
            draw.append(f"for px, py in zip({xs_e}, {ys_e}):")
            draw.append(f"    {annotate('str(py)', 'px', 'py')}")

    title_kw = ", fontsize=13" if style.harmless else ""
    deco = [
        api("title", f"{C.lit(spec.title)}{title_kw}"),
        api("xlabel", C.lit(spec.xlabel)),
        api("ylabel", C.lit(spec.ylabel)),
    ]
    if multi:
        deco.append(api("legend", ""))
    if style.order:
        # legend() needs the labelled lines first; keep it after the drawing
        lines += deco[:3] + draw + deco[3:]
    else:
        lines += draw + deco
    if style.harmless:
        lines.append("plt.tight_layout()")
    lines.append("plt.show()")
    return C.finish(lines)


def scripts(spec: LineSpec) -> dict:
    return {name: render(spec, st) for name, st in states(spec).items()}


# ---------------------------------------------------------------------------------------
# Instructions


def points_text(xs, values) -> str:
    pairs = [f"{x}: {v}" for x, v in zip(xs, values)]
    return ", ".join(pairs)


# How an x value is said in an instruction, by x-axis label.
X_PHRASE = {
    "Month": "month {x}",
    "Year": "{x}",
    "Week": "week {x}",
    "Trading day": "day {x}",
    "Time (min)": "{x} min",
    "Speed (km/h)": "{x} km/h",
    "Hour": "hour {x}",
    "Term": "term {x}",
    "Hour of day": "{x}:00",
    "Temperature (°C)": "{x} °C",
}


def at(spec: LineSpec, x) -> str:
    return X_PHRASE.get(spec.xlabel, "x = {x}").format(x=x)


def instructions(spec: LineSpec) -> dict:
    multi = len(spec.series) > 1
    if multi:
        parts = []
        for s in spec.series:
            dash = "dashed" if s.linestyle == "--" else "solid"
            parts.append(
                f"a {dash} line labelled '{s.label}' in colour {s.color} with '{s.marker}' markers "
                f"and the values {points_text(spec.x, s.values)}"
            )
        body = f"two lines with a legend: {parts[0]}; and {parts[1]}"
    else:
        s = spec.series[0]
        body = (
            f"one solid line in colour {s.color} with '{s.marker}' markers through the points "
            f"{points_text(spec.x, s.values)}"
        )
    generation = (
        f"Write Python code with matplotlib that draws the following figure. A line chart "
        f"titled '{spec.title}' with x-axis label '{spec.xlabel}' and y-axis label "
        f"'{spec.ylabel}', showing {body} (x: y)."
    )
    both = " (from both lines)" if multi else ""
    deletion = (
        f"Delete the data point{'s' if multi else ''} at {at(spec, spec.delete_x)}"
        f"{both}, so that the line{'s' if multi else ''} join{'' if multi else 's'} the "
        f"neighbouring points directly. Nothing else changes."
    )
    k, mx, new = spec.modify
    old = spec.series[k].values[spec.x.index(mx)]
    which = f"the '{spec.series[k].label}' value" if multi else "the value"
    modification = (
        f"Change {which} at {at(spec, mx)} from {old} to {new}; every other point "
        f"stays where it is."
    )
    a = spec.series[spec.annotate]
    of = f"of the '{a.label}' line " if multi else ""
    annotation = (
        f"Label every data point {of}with its y value, written just above the point: "
        f"{points_text(spec.x, a.values)}."
    )
    return {
        "generation": generation,
        "deletion": deletion,
        "modification": modification,
        "annotation": annotation,
    }


# ---------------------------------------------------------------------------------------
# Alternative submissions


def cases(spec: LineSpec, kind: str) -> dict:
    st = states(spec)
    xs = spec.x
    n = len(xs)
    values = st["original"].series
    multi = len(spec.series) > 1
    target = {"generation": "original"}.get(kind, kind)
    rng = C.rng_for("line-cases", spec.id, kind)
    passes = ["reference", "rewrite-names", "rewrite-numpy", "rewrite-dict", "rewrite-api",
              "rewrite-order", "style-harmless"]
    if multi or kind == "annotation":
        passes.append("rewrite-loop")
    if kind == "annotation":
        passes.append("annotation-nearby")
    out = {case: render(spec, st[target], C.CASE_STYLES[case]) for case in passes}

    def with_value(series, k, i, v):
        return tuple(s[:i] + (v,) + s[i + 1 :] if j == k else s for j, s in enumerate(series))

    def without(series_xs, series, i):
        return series_xs[:i] + series_xs[i + 1 :], tuple(s[:i] + s[i + 1 :] for s in series)

    if kind == "generation":
        if multi:
            out["missing-element"] = render(spec, replace(st["original"], only=(0,)))
        else:
            x2, s2 = without(xs, values, rng.randrange(1, n - 1))
            out["missing-element"] = render(spec, State(x2, s2))
        k = rng.randrange(len(values))
        i = rng.randrange(n)
        out["value-off"] = render(spec, State(xs, with_value(values, k, i, C.off_by(values[k][i], rng))))
        i = rng.randrange(n - 1)
        while values[0][i] == values[0][i + 1]:
            i = (i + 1) % (n - 1)
        swapped = with_value(with_value(values, 0, i, values[0][i + 1]), 0, i + 1, values[0][i])
        out["wrong-element"] = render(spec, State(xs, swapped))
    elif kind == "deletion":
        d = xs.index(spec.delete_x)
        out["computed-values"] = render(spec, replace(st["original"], edit=("delete", spec.delete_x)))
        out["unchanged-original"] = render(spec, st["original"])
        w = d + 1 if d + 1 < n - 1 else d - 1
        out["wrong-element"] = render(spec, State(*without(xs, values, w)))
        x2, s2 = without(xs, values, d)
        e = (d + 2) % len(x2)
        out["extra-change"] = render(
            spec, State(x2, with_value(s2, 0, e, C.same_precision(s2[0][e], s2[0][e] * 1.4)))
        )
    elif kind == "modification":
        k, mx, new = spec.modify
        m = xs.index(mx)
        out["computed-values"] = render(spec, replace(st["original"], edit=("set", k, mx, new)))
        out["unchanged-original"] = render(spec, st["original"])
        if multi:
            wrong = with_value(values, 1 - k, m, new)
        else:
            w = m + 1 if m + 1 < n else m - 1
            wrong = with_value(values, k, w, new)
        out["wrong-element"] = render(spec, State(xs, wrong))
        off = C.off_by(new, rng)
        if off == values[k][m]:
            off = C.off_by(new, factor=1.2)
        out["value-off"] = render(spec, State(xs, with_value(values, k, m, off)))
        modified = st["modification"].series
        e = m - 2 if m >= 2 else m + 2
        out["extra-change"] = render(
            spec,
            State(xs, with_value(modified, k, e, C.same_precision(modified[k][e], modified[k][e] * 0.6))),
        )
    elif kind == "annotation":
        a = spec.annotate
        out["unchanged-original"] = render(spec, st["original"])
        i = rng.randrange(n)
        labels = [str(v) for v in values[a]]
        labels[i] = str(C.off_by(values[a][i], rng))
        out["annotation-wrong-value"] = render(spec, replace(st["annotation"], labels=tuple(labels)))
        f = rng.randrange(n)
        to = n - 1 if f < n / 2 else 0
        out["annotation-far"] = render(spec, replace(st["annotation"], far=(f, to)))
        e = rng.randrange(n)
        changed = with_value(values, a, e, C.same_precision(values[a][e], values[a][e] * 1.4))
        out["extra-change"] = render(spec, State(xs, changed, annotate=True))
    return out


if __name__ == "__main__":
    raise SystemExit(C.main(__import__(__name__)))
