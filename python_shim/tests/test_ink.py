"""The ink ledger and the scene bound to it (plotgrade_shim/ink.py).

Each attack draws a figure whose scene, read from the artists alone, says what an
honest answer says, while the picture shows something else. Bound to the ink, the scene
must either leave the element out (it does not show) or record an ink problem (the
picture shows what the scene cannot account for). Honest figures of every kind must
come through untouched. Run without Rust: the reader's own functions on figures drawn
here, drawn and read exactly as the reader does.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.patches as mpatches
import matplotlib.patheffects as pe
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.path import Path
from matplotlib.transforms import Bbox

from plotgrade_shim import ink, runner, scene


def read(fig, bind=True):
    """The scene of ``fig`` as the reader reads it: drawn once, the ledger watching."""
    runner.pin_rc()
    w, h, rgba, ledger = runner.render(fig, Figure.savefig, observe=True)
    out = scene.figure_scene(fig, 1, (w, h), ledger if bind else None, rgba if bind else None)
    plt.close("all")
    return out


def bars(values=(3, 5, 2)):
    fig, ax = plt.subplots()
    container = ax.bar(["a", "b", "c"], list(values), color="C0")
    return fig, ax, container


def heights(s):
    return [round(b["height"], 6) for b in s["axes"][0]["bars"]]


# -- honest figures stay as they were --------------------------------------------------

def honest_figures():
    def bar():
        fig, ax, _ = bars()
        ax.set_title("Sales")
        ax.set_xlabel("Quarter")
        for i, v in enumerate((3, 5, 2)):
            ax.text(i, v, str(v), ha="center", va="bottom")
        return fig

    def function():
        fig, ax = plt.subplots()
        x = np.linspace(-5, 5, 200)
        ax.plot(x, x ** 2 - 4, "r-", label="f")
        ax.set_ylim(-6, 10)
        ax.grid(True)
        ax.spines["left"].set_position("zero")
        ax.spines["bottom"].set_position("zero")
        ax.annotate("min (0, -4)", xy=(0, -4), xytext=(1, -2), arrowprops=dict(arrowstyle="->"))
        ax.plot([-2, 2], [0, 0], "bo")
        ax.legend()
        return fig

    def pie():
        fig, ax = plt.subplots()
        ax.pie([1, 2, 3], labels=["a", "b", "c"], autopct="%1.0f%%", explode=[0, 0.1, 0])
        return fig

    def geometry():
        fig, ax = plt.subplots()
        ax.add_patch(mpatches.Polygon([[0, 0], [4, 0], [1, 3]], fill=False))
        ax.plot([1, 1], [0, 3], "k--")
        ax.add_patch(mpatches.Circle((2, 1), 0.5, fill=False))
        ax.add_patch(mpatches.Arc((0, 0), 1, 1, theta1=0, theta2=70))
        for name, (x, y) in zip("ABC", [[0, 0], [4, 0], [1, 3]]):
            ax.text(x, y - 0.3, name)
        ax.text(0.45, 0.15, "70°", fontsize=9)
        ax.set_aspect("equal")
        ax.set_xlim(-1, 5)
        ax.set_ylim(-1, 4)
        ax.axis("off")
        return fig

    def line():
        fig, ax = plt.subplots()
        ax.plot([1, 2, 3, 4], [3, 1, 4, 2], "o-", label="a")
        ax.step([1, 2, 3, 4], [1, 2, 1, 3], where="mid", label="b")
        ax.fill_between([1, 2, 3, 4], [0, 0, 0, 0], [1, 2, 1, 3], alpha=0.1)
        ax.errorbar([1, 2, 3], [2, 2.5, 3], yerr=0.3, fmt="s")
        for x, y in zip([1, 2, 3, 4], [3, 1, 4, 2]):
            ax.annotate(f"({x}, {y})", (x, y), textcoords="offset points", xytext=(0, -14),
                        ha="center", bbox=dict(boxstyle="round", fc="w"))
        ax.scatter([1.5, 2.5], [3, 3], s=80, marker="^")
        ax.legend(loc="upper left")
        return fig

    def grouped():
        fig, ax = plt.subplots()
        x = np.arange(3)
        ax.bar(x - 0.2, [3, 4, 5], 0.4, label="2023", edgecolor="black", hatch="//")
        ax.barh([0.5], [2], height=0.1)
        ax.bar(x + 0.2, [4, 2, 6], 0.4, label="2024")
        ax.axhline(4, color="gray", ls="--")
        ax.set_xticks(x, ["A", "B", "C"])
        ax.legend(loc="upper left")
        ax.imshow(np.arange(4).reshape(2, 2), extent=[2.2, 2.6, 6, 7])
        ax.set_xlim(-0.6, 2.8)
        ax.set_ylim(0, 7.5)
        ax.set_aspect("auto")
        return fig

    def physics():
        # A pV diagram's process arrow: an annotation with no text (realsrc-q).
        fig, ax = plt.subplots()
        ax.scatter([5, 6], [2, 2], color="black")
        ax.annotate("", xy=(6, 2), xytext=(5, 2),
                    arrowprops=dict(arrowstyle="->", color="black", linewidth=2))
        ax.set_xlim(0, 10)
        ax.set_ylim(0, 10)
        ax.grid()
        return fig

    return {f.__name__: f for f in (bar, function, pie, geometry, line, grouped, physics)}


@pytest.mark.parametrize("name", sorted(honest_figures()))
def test_honest_figures_are_read_whole(name):
    build = honest_figures()[name]
    bound = read(build())
    unbound = read(build(), bind=False)
    assert bound["ink"] == [], bound["ink"]
    # Everything shows: the bound scene is the scene (a tick label crossed by both axis
    # lines at the origin is the one thing a reader may lose).
    lost = [u for u in bound["unseen"] if "tick label" not in u["what"]]
    assert lost == [], lost
    for key in ("bars", "wedges", "lines", "patches", "texts", "scatters", "references"):
        assert len(bound["axes"][0][key]) == len(unbound["axes"][0][key]), key


def test_a_black_side_whose_antialiased_columns_line_up_with_an_even_stride_shows():
    # realsrc-r, round 22: the left side of a square, two black pixel columns between
    # two pale ones, was sampled every eighth pixel of its 4-wide rows, so only on its
    # pale right-hand column, and left out as "in the colour of what surrounds it".
    runner.pin_rc()
    fig, ax = plt.subplots(figsize=(6, 6))
    corners = [(0, 0), (0, 12), (12, 12), (12, 0)]
    for k in range(4):
        (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 4]
        ax.plot([x1, x2], [y1, y2], color="black", linewidth=1.5)
    ax.set_xlim(-2.5, 14.5)
    ax.set_ylim(-2.5, 14.5)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.tight_layout()
    s = read(fig)
    assert s["unseen"] == [] and s["ink"] == [], (s["unseen"], s["ink"])
    assert len(s["axes"][0]["lines"]) == 4


def test_an_annotation_without_text_is_read_as_its_arrow():
    fig, ax = plt.subplots()
    ax.annotate("", xy=(6, 2), xytext=(5, 2), arrowprops=dict(arrowstyle="->"))
    ax.annotate("", xy=(6, 8), xytext=(5, 8), arrowprops=dict(arrowstyle="->", alpha=0))
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    s = read(fig)
    assert s["ink"] == [], s["ink"]
    arrows = s["axes"][0]["patches"]
    assert [p["kind"] for p in arrows] == ["arrow"], arrows
    xs = [v[0] for v in arrows[0]["vertices"]]
    assert min(xs) >= 4.9 and max(xs) <= 6.1, xs
    assert s["axes"][0]["texts"] == []


# -- what does not show is left out ------------------------------------------------------

def test_a_blank_page_shows_nothing():
    fig, ax, _ = bars()
    ax.set_title("Sales")
    ax.set_position([2, 2, 0.5, 0.5])  # the axes moved off the canvas
    s = read(fig)
    assert heights(s) == []
    assert any(u["why"] == "no ink on the canvas" for u in s["unseen"])


def test_a_hidden_title_is_not_read():
    fig, ax, _ = bars()
    ax.set_title("Sales")
    ax.title.set_visible(False)
    assert read(fig)["axes"][0]["title"] == ""


def test_labels_in_the_background_colour_are_not_read():
    fig, ax, _ = bars()
    ax.text(0, 3.2, "3", color="white")
    ax.text(1, 5.2, "5", color="#fefefe")
    ax.set_xticks([0, 1, 2], ["a", "b", "c"], color="white")
    s = read(fig)
    assert s["axes"][0]["texts"] == []
    # Each tick keeps its place, with nothing read on it.
    assert s["axes"][0]["xticklabels"] == ["", "", ""]


def test_an_unread_tick_label_keeps_its_place_among_the_others():
    # realsrc-v, round 26: "−1" lost under the y-axis's labels where the axes cross was
    # dropped from the list, so "1" was read at −1, "2" at 1, and so on.
    fig, ax = plt.subplots()
    ax.set_xlim(-4, 4)
    ax.set_xticks([-3, -2, -1, 1, 2, 3], ["a", "b", "c", "d", "e", "f"])
    labels = ax.get_xticklabels()
    labels[1].set_visible(False)
    labels[2].set_color("white")
    s = read(fig)
    assert s["axes"][0]["xticks"] == [-3, -2, -1, 1, 2, 3]
    assert s["axes"][0]["xticklabels"] == ["a", "", "", "d", "e", "f"]


def test_a_thin_axis_line_under_labelled_points_shows():
    # realsrc-v, round 26: the y axis at x = 0, a pixel wide, under a dot and a label
    # written at (0, 2): a third of an antialiased line's pixels differ from the page,
    # and the few the dot covers left it under the share, "in the colour of what
    # surrounds it". Compared along its length, it shows.
    fig = plt.figure(figsize=(6.4, 4.8))
    ax = fig.gca()
    x = np.linspace(-2 * np.pi, 2 * np.pi, 200)
    ax.plot(x, 2 * np.cos(2 * x), color="red", linewidth=1.5)
    ax.set_xlim(-2 * np.pi * 1.1, 2 * np.pi * 1.1)
    ax.set_ylim(-2.2, 2.2)
    ax.set_xticks([-2 * np.pi, -np.pi, np.pi, 2 * np.pi], [r"-$2\pi$", r"-$\pi$", r"$\pi$", r"$2\pi$"])
    ax.set_yticks([-3, -2, -1, 1, 2, 3])
    for side in ("top", "right"):
        ax.spines[side].set_color("none")
    ax.spines["left"].set_position(("data", 0))
    ax.spines["bottom"].set_position(("data", 0))
    ax.scatter([0, np.pi], [2, 2], color="black", s=30, zorder=3)
    ax.text(0, 2.3, "(0.00, 2.00)", fontsize=10, ha="center", va="bottom")
    ax.set_title("Period = π ≈ 3.14", fontsize=12)
    s = read(fig)
    assert s["unseen"] == [], s["unseen"]
    assert len(s["axes"][0]["references"]) == 2


def _binder_over(rgba):
    b = ink.Binder.__new__(ink.Binder)
    b.rgba = rgba
    return b


def test_only_a_thin_stroke_is_compared_along_its_length():
    # A vertical stroke three pixels wide, a dark core between two pale columns: a third
    # of its pixels differ from the white page, every row of it does.
    white = np.array([255, 255, 255], np.int16)
    page = np.full((40, 40, 4), 255, np.uint8)
    page[:, 19] = (235, 235, 235, 255)
    page[:, 20] = (20, 20, 20, 255)
    page[:, 21] = (235, 235, 235, 255)
    stroke = np.zeros((40, 40), bool)
    stroke[:, 19:22] = True
    assert _binder_over(page)._differ_across(stroke, 0, 0, white)
    # A wide mask (a white text set along a black line) with a grey blend in every row
    # is no stroke: it stays white on white.
    text = np.zeros((40, 40), bool)
    text[:, 10:30] = True
    assert not _binder_over(page)._differ_across(text, 0, 0, white)


def test_labels_clipped_away_are_not_read():
    fig, ax, _ = bars()
    t = ax.text(0, 3.2, "three")
    t.set_clip_box(Bbox([[0, 0], [1, 1]]))
    t.set_clip_on(True)
    a = ax.annotate("five", (1, 5))
    a.set_clip_path(mpatches.Rectangle((0, 0), 1, 1, transform=None))
    s = read(fig)
    assert [t["text"] for t in s["axes"][0]["texts"]] == []


def origin_axes(label_at, **kw):
    """A function plot with its axes through the origin and one coordinate label."""
    fig, ax = plt.subplots()
    x = np.linspace(-6, 6, 100)
    ax.plot(x, 2 * x - 1, color="orange")
    ax.set_xlim(-6, 6)
    ax.set_ylim(-6, 6)
    ax.set_xticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
    ax.spines["left"].set_position(("data", 0))
    ax.spines["bottom"].set_position(("data", 0))
    ax.text(*label_at, "(0.5, 0)", fontsize=12, **kw)
    return fig


def test_a_label_written_across_the_tick_labels_is_not_read():
    # realsrc-j round 13: '(0.5, 0)' on the row of tick labels, the '1' between its
    # characters. Both show, neither can be read: both are left out.
    s = read(origin_axes((0.3, -0.45)))
    assert s["axes"][0]["texts"] == []
    assert "1" not in s["axes"][0]["xticklabels"]
    why = {u["what"]: u["why"] for u in s["unseen"]}
    assert why["text '(0.5, 0)'"].startswith("written across another text ('1')"), why


@pytest.mark.parametrize("label_at, kw", [
    ((0.8, -1.3), {}),  # below the tick labels: clear
    ((0.3, -0.45), {"bbox": {"facecolor": "white", "edgecolor": "none"}}),  # hides the '1'
])
def test_a_label_clear_of_the_tick_labels_or_hiding_one_is_read(label_at, kw):
    s = read(origin_axes(label_at, **kw))
    assert [t["text"] for t in s["axes"][0]["texts"]] == ["(0.5, 0)"]
    assert not any(u["why"].startswith("written across") for u in s["unseen"]), s["unseen"]


def test_texts_set_close_together_are_not_garbled():
    fig, ax, _ = bars()
    ax.text(0, 3.2, "three", ha="right")
    ax.text(0, 3.2, "3.0", ha="left")  # touching at the anchor, not across each other
    s = read(fig)
    assert sorted(t["text"] for t in s["axes"][0]["texts"]) == ["3.0", "three"]


def test_a_root_dot_under_a_thick_curve_and_the_axes_is_read():
    # realsrc-k round 14: a dot at a root, a 2.5-pt curve, the x-axis and a grid line
    # drawn over it. A reader sees a dot; thin lines are seen past.
    fig, ax = plt.subplots()
    x = np.linspace(-10, 10, 400)
    ax.plot(x, (x + 3) ** 2 * (x + 1), color="blue", linewidth=2.5)
    ax.scatter([-1], [0], color="tab:orange")
    ax.set_xlim(-6, 6)
    ax.set_ylim(-6, 6)
    ax.spines["bottom"].set_position(("data", 0))
    ax.grid(True)
    s = read(fig)
    assert [c["offsets"] for c in s["axes"][0]["scatters"]] == [[[-1.0, 0.0]]], s["unseen"]


def test_a_dot_under_a_thick_line_stays_covered():
    # A line wider than a thin line hides what is below it.
    fig, ax = plt.subplots()
    ax.scatter([0], [0], color="tab:orange")
    ax.plot([-1, 1], [0, 0], color="blue", linewidth=12)
    ax.set_xlim(-1, 1)
    s = read(fig)
    assert s["axes"][0]["scatters"] == []


@pytest.mark.parametrize("xs, ys, style", [
    ([0.03, 1], [0.03, 1], dict(marker="o", markersize=16, markerfacecolor="white",
                                markeredgecolor="white")),
    ([0.04, 0.04], [-1, 1], dict(path_effects=[pe.Stroke(linewidth=16, foreground="white"),
                                               pe.Normal()])),
])
def test_a_dot_under_a_thin_line_with_thick_ink_stays_covered(xs, ys, style):
    # A 0.8-pt line is seen past, but not when it carries a large marker or a wide
    # stroke: that ink hides most of the dot, as any patch would.
    fig, ax = plt.subplots()
    ax.scatter([0], [0], color="tab:orange", s=80)
    ax.plot(xs, ys, color="blue", linewidth=0.8, **style)
    ax.set_xlim(-1, 1)
    ax.set_ylim(-1, 1)
    s = read(fig)
    assert s["axes"][0]["scatters"] == []


def test_a_bar_covered_by_a_texts_box_does_not_count_and_the_box_is_ink():
    fig, ax, _ = bars()
    ax.text(1, 2, "x", bbox=dict(facecolor="white", edgecolor="white", pad=60))
    s = read(fig)
    assert s["ink"], "a text's box painting over the bars is ink the scene cannot account for"


# -- ink the scene does not read ---------------------------------------------------------

def test_a_spine_moved_into_the_axes_is_unexplained_ink():
    fig, ax, _ = bars()
    sp = ax.spines["left"]
    sp.set_position(("outward", -150))
    sp.set_linewidth(30)
    sp.set_color("C0")
    assert any("spine" in p for p in read(fig)["ink"])


def test_a_tick_as_wide_as_a_bar_is_unexplained_ink():
    fig, ax, _ = bars()
    ax.tick_params(axis="x", direction="in", length=200, width=40, color="C0")
    assert read(fig)["ink"]


def test_a_grid_line_as_wide_as_a_bar_is_unexplained_ink():
    fig, ax, _ = bars()
    ax.set_yticks([4])
    ax.grid(True, axis="y", linewidth=120, color="C0")
    assert read(fig)["ink"]


def test_a_path_effect_drawing_a_bar_elsewhere_is_ink():
    fig, ax, c = bars()
    c.patches[2].set_path_effects(
        [pe.withSimplePatchShadow(offset=(0, 80), shadow_rgbFace="C0", alpha=1)])
    assert any("bar 'c'" in p for p in read(fig)["ink"])


def test_a_bar_drawn_at_an_angle_is_ink():
    fig, ax, c = bars()
    c.patches[1].set_angle(30)
    assert any("bar 'b'" in p for p in read(fig)["ink"])


def test_a_bar_cut_by_a_clip_path_is_ink():
    fig, ax, c = bars()
    r = c.patches[1]
    tri = mpatches.Polygon([[0.6, 0], [1.4, 0], [0.6, 5]], transform=ax.transData)
    r.set_clip_path(tri)
    assert any("bar 'b'" in p for p in read(fig)["ink"])


def test_a_line_whose_path_does_not_follow_its_data_is_ink():
    fig, ax = plt.subplots()
    (ln,) = ax.plot([0, 1, 2, 3], [0, 1, 4, 9])
    ln.recache()
    ln._path = Path([[0, 9], [1, 4], [2, 1], [3, 0]])  # drawn reversed, data unchanged
    ln._transformed_path = None
    ln._invalidx = ln._invalidy = False
    assert any("line" in p for p in read(fig)["ink"])


def test_a_wedge_whose_path_does_not_follow_its_angles_is_ink():
    fig, ax = plt.subplots()
    wedges, _ = ax.pie([1, 1, 2])
    w = wedges[0]
    w._path = mpatches.Wedge((0, 0), 1, 0, 300).get_path()  # drawn at 300°, read at 90°
    s = read(fig)
    assert s["ink"], s["axes"][0]["wedges"]


def test_artists_past_the_cap_make_the_scene_incomplete():
    fig, ax, _ = bars()
    for _ in range(scene.MAX_ARTISTS):  # hidden: they no longer use up the cap
        ax.add_patch(mpatches.Rectangle((0, 0), 0.01, 0.01, visible=False))
    ax.add_patch(mpatches.Rectangle((1.6, 0), 0.8, 4, color="C0"))
    s = read(fig)
    assert len(s["axes"][0]["patches"]) == 1
    for i in range(scene.MAX_ARTISTS + 1):
        ax.add_patch(mpatches.Rectangle((i * 1e-4, 0), 1e-4, 0.5, color="k"))
    s = read(fig)
    assert any("incomplete" in p for p in s["ink"])


def test_the_ledger_labels_every_ink_call_exactly():
    """Labels must never blend: a blended pair of labels is a third artist's label."""
    from plotgrade_shim import ink
    fig, ax = plt.subplots()
    ax.plot(np.arange(20), np.arange(20) % 7, "o-", markersize=9, alpha=0.7)
    ax.scatter(np.arange(20), np.arange(20) % 5, s=200, alpha=0.3)
    ax.tick_params(length=8, width=3)
    ax.text(3, 3, "tilted", rotation=33, fontsize=20)
    runner.pin_rc()
    w, h, rgba, led = runner.render(fig, Figure.savefig, observe=True)
    for final in [f for f in (led.final_o, led.final_t) if f is not None]:
        used = set(np.unique(final).tolist()) - {0}
        assert used <= set(range(1, len(led.artists))), used - set(range(len(led.artists)))
    assert isinstance(led, ink.Ledger)
    plt.close("all")


def test_an_inset_and_a_twin_are_not_unexplained_ink():
    fig, ax, _ = bars()
    inset = ax.inset_axes([0.55, 0.55, 0.4, 0.4])
    inset.plot([0, 1, 2], [2, 0, 1])
    twin = ax.twinx()
    twin.plot([0, 1, 2], [10, 30, 20], "r-")
    twin.grid(True)
    s = read(fig)
    assert s["ink"] == [], s["ink"]


def test_white_shapes_with_an_outline_show_by_their_outline():
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [3, 5], color="white", edgecolor="black")
    ax.pie([1, 2], colors=["white", "white"], wedgeprops=dict(edgecolor="k"), radius=0.3,
           center=(0.5, 4), frame=True)
    s = read(fig)
    assert len(s["axes"][0]["bars"]) == 2 and len(s["axes"][0]["wedges"]) == 2, s["unseen"]


def test_a_cover_in_the_background_colour_is_seen_by_what_it_hides():
    # Regression: a white rectangle over the top of a bar was left out as "in the colour
    # of what surrounds it", so the bar it cut short was read whole and nothing else.
    fig, ax, _ = bars()
    ax.add_patch(mpatches.Rectangle((0.55, 3), 0.9, 3, color="white", zorder=5))
    s = read(fig)
    assert len(s["axes"][0]["patches"]) == 1, s["unseen"]


# -- half under other ink -----------------------------------------------------------------

def _right_angle(cover=None):
    """Triangle sides over a right-angle mark whose two sides lie under them (realsrc-h),
    optionally with a patch drawn over the mark's other two sides."""
    fig, ax = plt.subplots()
    ax.add_patch(mpatches.Rectangle((3, 0), 0.3, 0.3, fill=False, edgecolor="black", lw=1.2))
    for (x1, y1), (x2, y2) in [((3, 4), (6, 0)), ((3, 4), (0, 0)), ((6, 0), (0, 0)),
                               ((3, 4), (3, 0))]:
        ax.plot([x1, x2], [y1, y2], color="black", linewidth=1.5)
    if cover is not None:
        ax.add_patch(mpatches.Rectangle((3.05, 0.05), 0.35, 0.35, facecolor=cover,
                                        edgecolor="none", zorder=5))
    ax.set_xlim(-1, 7)
    ax.set_ylim(-1, 7)
    ax.set_aspect("equal")
    ax.axis("off")
    return fig


def test_a_mark_whose_sides_lie_under_same_coloured_lines_is_read():
    s = read(_right_angle())
    assert [p["edgecolor"] for p in s["axes"][0]["patches"]] == ["#000000ff"], s["unseen"]


def test_a_mark_whose_visible_sides_are_covered_in_another_colour_stays_unseen():
    # Its two free sides under a white patch: what is left of it lies under the black
    # sides it marks, which is no sight of it.
    s = read(_right_angle(cover="white"))
    assert all(p["edgecolor"] != "#000000ff" for p in s["axes"][0]["patches"]), s["unseen"]
