"""Read back what a drawn matplotlib figure contains: the scene.

The scene is plotgrade's inventory of a figure's key elements *as drawn* (bars, wedges,
lines, patches, texts, ...), independent of how the code computed them. Its shape is
mirrored by ``src/scene.rs``; keep the two in step.

Conventions (documented in docs/scene.md):
- coordinates are data units unless the key says otherwise; ``ax_x``/``ax_y`` are axes
  fractions; a text's position is the centre of its rendered bounding box (where a reader
  sees it), so it does not depend on alignment arguments;
- colours are ``#rrggbbaa``;
- non-finite numbers become ``None`` (JSON ``null``), which Rust reads back as NaN.

The figure must have been drawn (``canvas.draw()`` or ``savefig``) before it is read, so
that tick labels and text extents exist.
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib import axis as maxis
from matplotlib import colors as mcolors
from matplotlib import patches as mpatches
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.container import BarContainer
from matplotlib.text import Annotation, _AnnotationBase

# Upper bounds keep a hostile or huge figure from producing a huge scene.
MAX_POINTS = 10_000
MAX_VERTICES = 400
MAX_ARTISTS = 2_000


def num(v):
    """A JSON-safe float: non-finite values become None."""
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def color(c):
    try:
        return mcolors.to_hex(c, keep_alpha=True)
    except (TypeError, ValueError):
        return ""


def public_label(label):
    """matplotlib marks internal labels with a leading underscore."""
    if label is None:
        return None
    label = str(label)
    return None if label == "" or label.startswith("_") else label


def points(xy, limit):
    """An (N, 2) array as a list of [x, y], thinned evenly past ``limit`` points."""
    arr = np.asarray(xy, dtype=float).reshape(-1, 2)
    if len(arr) > limit:
        idx = np.linspace(0, len(arr) - 1, limit).round().astype(int)
        arr = arr[idx]
    return [[num(x), num(y)] for x, y in arr]


def _visible(artist):
    return artist.get_visible()


def _display_to(ax, transform, xy):
    return transform.inverted().transform(xy)


def text_entry(t, renderer, ax=None, fig=None):
    """One text: its string and where its rendered box is centred."""
    s = t.get_text()
    bbox = t.get_window_extent(renderer)
    centre = ((bbox.x0 + bbox.x1) / 2, (bbox.y0 + bbox.y1) / 2)
    if ax is not None:
        x, y = _display_to(ax, ax.transData, centre)
        ax_x, ax_y = _display_to(ax, ax.transAxes, centre)
    else:
        x, y = _display_to(fig, fig.transFigure, centre)
        ax_x, ax_y = x, y
    entry = {
        "text": s,
        "x": num(x),
        "y": num(y),
        "ax_x": num(ax_x),
        "ax_y": num(ax_y),
        "color": color(t.get_color()),
        "size": num(t.get_fontsize()),
        "xy": None,
        "annotation": isinstance(t, Annotation),
    }
    if isinstance(t, Annotation) and ax is not None:
        try:
            # The annotated point, whatever its xycoords. (Text._get_xy_display, first in
            # the MRO, would give the text's own position.)
            disp = _AnnotationBase._get_xy_display(t)
            px, py = ax.transData.inverted().transform(disp)
            entry["xy"] = [num(px), num(py)]
        except Exception:  # an exotic xycoords: keep the raw value
            entry["xy"] = [num(t.xy[0]), num(t.xy[1])]
    return entry


def _patch_vertices(ax, patch):
    path = patch.get_path()
    disp = patch.get_transform().transform(path.vertices)
    data = ax.transData.inverted().transform(disp)
    # Closed outlines repeat their first vertex (and CLOSEPOLY adds a dummy one).
    if len(data) > 1 and np.allclose(data[0], data[-1]):
        data = data[:-1]
    return points(data, MAX_VERTICES)


def patch_entry(ax, p):
    if isinstance(p, mpatches.Arc):
        kind = "arc"
    elif isinstance(p, mpatches.Circle):
        kind = "circle"
    elif isinstance(p, mpatches.Ellipse):
        kind = "ellipse"
    elif isinstance(p, mpatches.Rectangle):
        kind = "rectangle"
    elif isinstance(p, mpatches.Polygon):
        kind = "polygon"
    elif isinstance(p, (mpatches.FancyArrow, mpatches.FancyArrowPatch, mpatches.Arrow)):
        kind = "arrow"
    else:
        kind = "other"
    entry = {
        "kind": kind,
        "vertices": [],
        "center": None,
        "radius": None,
        "theta1": None,
        "theta2": None,
        "facecolor": color(p.get_facecolor()),
        "edgecolor": color(p.get_edgecolor()),
        "fill": bool(p.get_fill()),
        "label": public_label(p.get_label()),
    }
    if kind in ("circle", "ellipse", "arc"):
        entry["center"] = [num(p.center[0]), num(p.center[1])]
        entry["radius"] = num((p.width + p.height) / 4)
        if kind == "arc":
            entry["theta1"] = num(p.theta1)
            entry["theta2"] = num(p.theta2)
    elif kind == "polygon":
        xy = np.asarray(p.get_xy(), dtype=float)
        if len(xy) > 1 and np.allclose(xy[0], xy[-1]):
            xy = xy[:-1]
        entry["vertices"] = points(xy, MAX_VERTICES)
    else:
        entry["vertices"] = _patch_vertices(ax, p)
    return entry


def _category(ticks, labels, centre, half_width):
    """The tick label under a bar's centre, if a tick lies within the bar."""
    best, best_d = None, None
    for loc, lab in zip(ticks, labels):
        d = abs(loc - centre)
        if d <= half_width + 1e-9 and (best_d is None or d < best_d):
            best, best_d = lab, d
    return best if best else None


def axis_ticks(ax, axis):
    """An axis's major tick locations and the texts of its visible tick labels.

    The same as ``axis.get_ticklocs()`` and ``axis.get_ticklabels()``, which run the
    locator three times and the formatter once more per axis. After a draw of a plain
    x or y axis, its ticks already hold the labels the draw gave them (a draw lays them
    out with exactly that call); an axis of another kind (polar, 3D) is asked the long
    way.
    """
    locs = axis.get_majorticklocs()
    if type(axis) not in (maxis.XAxis, maxis.YAxis):
        return list(locs), [t.get_text() for t in axis.get_ticklabels()]
    drawn = (
        ax.axison
        and axis.get_visible()
        and not axis.stale
        and len(axis.majorTicks) >= len(locs)
    )
    if not drawn:
        # An axis the draw skipped may have no tick objects yet, and making them (as
        # get_ticklabels would) costs ~9 ms an axis: format the labels the way
        # _update_ticks would, shown where a new tick would show them.
        labels = list(axis.major.formatter.format_ticks(locs))
        kw = axis._major_tick_kw
        return list(locs), (labels if kw.get("label1On", True) else []) + (
            labels if kw.get("label2On", False) else []
        )
    ticks = axis.majorTicks[: len(locs)]
    labels = [t.label1.get_text() for t in ticks if t.label1.get_visible()]
    labels += [t.label2.get_text() for t in ticks if t.label2.get_visible()]
    return list(locs), labels


def bar_entries(ax, claimed, ticks):
    (xt, xl), (yt, yl) = ticks
    bars = []
    containers = [c for c in ax.containers if isinstance(c, BarContainer)]
    for ci, cont in enumerate(containers):
        orientation = getattr(cont, "orientation", None) or "vertical"
        series = public_label(cont.get_label())
        for rect in cont.patches:
            # 3D bars (``Axes3D.bar``) are Patch3D polygons, not rectangles: they are read
            # as plain patches, since a bar's centre, width and height are not defined.
            if not isinstance(rect, mpatches.Rectangle):
                continue
            claimed.add(id(rect))
            # A bar removed with .remove() stays in its container; it is not drawn.
            if rect.axes is None or not _visible(rect):
                continue
            if orientation == "horizontal":
                centre = rect.get_y() + rect.get_height() / 2
                width, height, bottom = rect.get_height(), rect.get_width(), rect.get_x()
                cat = _category(yt, yl, centre, abs(width) / 2)
            else:
                centre = rect.get_x() + rect.get_width() / 2
                width, height, bottom = rect.get_width(), rect.get_height(), rect.get_y()
                cat = _category(xt, xl, centre, abs(width) / 2)
            bars.append(
                {
                    "x": num(centre),
                    "width": num(width),
                    "height": num(height),
                    "bottom": num(bottom),
                    "orientation": orientation,
                    "category": cat,
                    "series": series,
                    "color": color(rect.get_facecolor()),
                    "container": ci,
                }
            )
    return bars


def wedge_entries(ax, claimed_patches, claimed_texts):
    """Pie wedges, with the label and autopct texts pie() returned for each."""
    recorded = getattr(ax, "_plotgrade_pies", [])
    label_of, pct_of = {}, {}
    for wedges, texts, autotexts in recorded:
        for i, w in enumerate(wedges):
            if i < len(texts):
                label_of[id(w)] = texts[i]
            if i < len(autotexts):
                pct_of[id(w)] = autotexts[i]
    out = []
    for p in ax.patches:
        if not isinstance(p, mpatches.Wedge) or not _visible(p):
            continue
        claimed_patches.add(id(p))
        lab = label_of.get(id(p))
        pct = pct_of.get(id(p))
        for t in (lab, pct):
            if t is not None:
                claimed_texts.add(id(t))
        out.append(
            {
                "theta1": num(p.theta1),
                "theta2": num(p.theta2),
                "fraction": num((p.theta2 - p.theta1) / 360.0),
                "radius": num(p.r),
                "center": [num(p.center[0]), num(p.center[1])],
                "label": (lab.get_text() or None) if lab is not None and _visible(lab) else None,
                "pct_text": (pct.get_text() or None) if pct is not None and _visible(pct) else None,
                "color": color(p.get_facecolor()),
            }
        )
    return out


def line_entry(line):
    xy = line.get_xydata()
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    if len(xy) > MAX_POINTS:
        idx = np.linspace(0, len(xy) - 1, MAX_POINTS).round().astype(int)
        xy = xy[idx]
    marker = line.get_marker()
    return {
        "x": [num(v) for v in xy[:, 0]],
        "y": [num(v) for v in xy[:, 1]],
        "color": color(line.get_color()),
        "linestyle": str(line.get_linestyle()),
        "linewidth": num(line.get_linewidth()),
        "marker": "None" if marker in (None, "", " ", "None", "none") else str(marker),
        "label": public_label(line.get_label()),
    }


def collection_entries(ax):
    """Scatter plots, and the lines and polygons hidden inside other collections."""
    scatters, lines, polys = [], [], []
    for c in ax.collections[:MAX_ARTISTS]:
        if not _visible(c):
            continue
        if isinstance(c, PathCollection):
            offsets = np.ma.filled(np.ma.asarray(c.get_offsets(), dtype=float), np.nan)
            fc = c.get_facecolors()
            scatters.append(
                {
                    "offsets": points(offsets, MAX_POINTS),
                    "colors": [color(x) for x in fc[:MAX_POINTS]],
                    "sizes": [num(s) for s in list(c.get_sizes())[:MAX_POINTS]],
                    "label": public_label(c.get_label()),
                }
            )
        elif isinstance(c, LineCollection):
            colours = c.get_colors()
            for i, seg in enumerate(c.get_segments()[:MAX_ARTISTS]):
                seg = np.asarray(seg, dtype=float).reshape(-1, 2)
                lines.append(
                    {
                        "x": [num(v) for v in seg[:, 0]],
                        "y": [num(v) for v in seg[:, 1]],
                        "color": color(colours[i % len(colours)]) if len(colours) else "",
                        "linestyle": "-",
                        "linewidth": num(c.get_linewidths()[0]) if len(c.get_linewidths()) else None,
                        "marker": "None",
                        "label": public_label(c.get_label()),
                    }
                )
        elif isinstance(c, PolyCollection):
            fc = c.get_facecolors()
            for i, path in enumerate(c.get_paths()[:MAX_ARTISTS]):
                polys.append(
                    {
                        "kind": "polygon",
                        "vertices": points(path.vertices, MAX_VERTICES),
                        "center": None,
                        "radius": None,
                        "theta1": None,
                        "theta2": None,
                        "facecolor": color(fc[i % len(fc)]) if len(fc) else "",
                        "edgecolor": "",
                        "fill": True,
                        "label": public_label(c.get_label()),
                    }
                )
    return scatters, lines, polys


def axes_scene(ax, index, renderer):
    claimed_patches, claimed_texts = set(), set()
    ticks = (axis_ticks(ax, ax.xaxis), axis_ticks(ax, ax.yaxis))
    bars = bar_entries(ax, claimed_patches, ticks)
    wedges = wedge_entries(ax, claimed_patches, claimed_texts)
    scatters, coll_lines, coll_polys = collection_entries(ax)
    lines = [line_entry(ln) for ln in ax.lines[:MAX_ARTISTS] if _visible(ln)] + coll_lines
    patches = [
        patch_entry(ax, p)
        for p in ax.patches[:MAX_ARTISTS]
        if id(p) not in claimed_patches and _visible(p)
    ] + coll_polys
    texts = [
        text_entry(t, renderer, ax=ax)
        for t in ax.texts[:MAX_ARTISTS]
        if id(t) not in claimed_texts and _visible(t) and t.get_text() != ""
    ]
    legend = ax.get_legend()
    return {
        "index": index,
        "position": [num(v) for v in ax.get_position().bounds],
        "title": ax.get_title(),
        "xlabel": ax.get_xlabel(),
        "ylabel": ax.get_ylabel(),
        "xlim": [num(v) for v in ax.get_xlim()],
        "ylim": [num(v) for v in ax.get_ylim()],
        "xscale": ax.get_xscale(),
        "yscale": ax.get_yscale(),
        "xticks": [num(v) for v in ticks[0][0]],
        "yticks": [num(v) for v in ticks[1][0]],
        "xticklabels": ticks[0][1],
        "yticklabels": ticks[1][1],
        "aspect": str(ax.get_aspect()),
        "axis_on": bool(ax.axison),
        "projection": getattr(ax, "name", "rectilinear"),
        "lines": lines,
        "bars": bars,
        "wedges": wedges,
        "patches": patches,
        "texts": texts,
        "scatters": scatters,
        "images": [
            {
                "shape": list(np.shape(im.get_array())),
                "extent": [num(v) for v in im.get_extent()],
            }
            for im in ax.images
        ],
        "legend": [t.get_text() for t in legend.get_texts()] if legend is not None else [],
    }


def figure_scene(fig, index, size_px):
    """The scene of one drawn figure. ``index`` is its 1-based output number."""
    renderer = fig.canvas.get_renderer()
    suptitle = getattr(fig, "_suptitle", None)
    return {
        "index": index,
        "size_inches": [num(v) for v in fig.get_size_inches()],
        "size_px": list(size_px),
        "suptitle": suptitle.get_text() if suptitle is not None and suptitle.get_text() else None,
        "axes": [axes_scene(ax, i, renderer) for i, ax in enumerate(fig.axes)],
        "texts": [
            text_entry(t, renderer, fig=fig)
            for t in fig.texts[:MAX_ARTISTS]
            if _visible(t) and t.get_text() != ""
        ],
    }
