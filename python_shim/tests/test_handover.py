"""The hand-over of a figure from a job to a reader: honest figures arrive drawing the
same pixels; data an adversary wrote is refused (``Unportable``) before it can run code
of its choosing or make the scene disagree with the drawing."""

import io
import pickle
import pickletools

import matplotlib
import matplotlib.pyplot as plt
import pytest
from matplotlib import ticker

from plotgrade_shim import handover, runner

pytestmark = pytest.mark.usefixtures("fresh")


def pixels(fig):
    w, h, rgba = runner.render(fig, type(fig).savefig)
    return w, h, rgba


def round_trip(fig):
    rc, copy = handover.unpack(handover.pack(fig))
    handover.apply_rc(rc)
    return copy


def test_honest_figures_draw_the_same_pixels_after_the_hand_over():
    fig, axs = plt.subplots(2, 2, figsize=(8, 6))
    axs[0, 0].bar(["a", "b", "c"], [3, 5, 2], color="#4C72B0")
    axs[0, 0].bar_label(axs[0, 0].containers[0], label_type="center")
    axs[0, 1].pie([1, 2, 3], labels=["x", "y", "z"], autopct="%d%%", startangle=90)
    axs[1, 0].plot([0, 1, 2], [0, 10, 20], "o--", label="f")
    axs[1, 0].yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, p: f"{v:.0f}%"))
    axs[1, 0].annotate("peak", xy=(2, 20), xytext=(1, 15), arrowprops={"arrowstyle": "->"})
    axs[1, 0].legend(title="series")
    axs[1, 1].set_xticks([0, 1], labels=["Jan", "Feb"])
    axs[1, 1].fill_between([0, 1], [0, 1], alpha=0.3)
    fig.suptitle("all of it")
    runner._draw_as_rendered(fig)
    want = pixels(fig)
    assert pixels(round_trip(fig)) == want


def _transforms(fig):
    from matplotlib.transforms import TransformNode

    seen, stack, out = set(), [fig], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (list, tuple)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.values())
        elif hasattr(obj, "__dict__") and not isinstance(obj, type):
            if isinstance(obj, TransformNode):
                out.append(obj)
            stack.extend(vars(obj).values())
    return out


def test_transforms_are_keyed_by_their_parents_ids_in_the_reader():
    # matplotlib keeps the pickling process's ids as the keys of `_parents`; a parent made
    # in the reader under a colliding id then replaced an entry, and a bar's clip box kept
    # a position constrained layout had moved (a bar vanished in one validate run of six).
    fig, ax = plt.subplots(layout="constrained")
    ax.bar(["a", "b"], [1, 2])
    copy = round_trip(fig)
    nodes = _transforms(copy)
    assert nodes
    for node in nodes:
        for key, ref in node._parents.items():
            assert ref() is not None and key == id(ref()), (type(node).__name__, key)


def test_a_constrained_layout_figure_draws_every_bar_after_the_hand_over():
    fig, ax = plt.subplots(layout="constrained")
    for i, values in enumerate([(18.35, 18.43, 14.98), (38.79, 48.83, 47.5)]):
        bars = ax.bar([j + 0.25 * i for j in range(3)], values, 0.25, label=str(i))
        ax.bar_label(bars, padding=3)
    ax.legend(loc="upper left", ncols=3)
    ax.set_ylim(0, 250)
    want = pixels(fig)
    assert pixels(round_trip(fig)) == want


def test_the_jobs_rcparams_travel_with_the_figure():
    matplotlib.rcParams["axes.autolimit_mode"] = "round_numbers"
    fig, ax = plt.subplots()
    ax.plot([0.3, 9.7], [1.1, 7.3])
    want = pixels(fig)
    matplotlib.rcParams["axes.autolimit_mode"] = "data"
    assert pixels(round_trip(fig)) == want


def test_the_jobs_rcparams_pass_matplotlibs_validators_unless_the_reader_holds_them():
    # A value the reader does not hold goes through matplotlib's validator: an invalid
    # one refuses the figure rather than reaching the reader's drawing.
    with pytest.raises(handover.Unportable, match="lines.linewidth"):
        handover.apply_rc({"lines.linewidth": "wide"})
    # One of another type that only compares equal is validated too, and stored as the
    # validator makes it (a bool), not as sent.
    matplotlib.rcParams["axes.grid"] = False
    handover.apply_rc({"axes.grid": 0})
    assert dict.__getitem__(matplotlib.rcParams, "axes.grid") is False
    # Settings that name programs, files or hooks stay the reader's.
    hooks = matplotlib.rcParams["figure.hooks"]
    handover.apply_rc({"figure.hooks": ["os:system"], "text.usetex": True})
    assert matplotlib.rcParams["figure.hooks"] == hooks
    assert matplotlib.rcParams["text.usetex"] is False


def test_a_class_of_the_submissions_own_cannot_be_handed_over():
    from matplotlib.lines import Line2D

    class MyLine(Line2D):
        pass

    fig, ax = plt.subplots()
    ax.add_line(MyLine([0, 1], [0, 1]))
    with pytest.raises(handover.Unportable, match="MyLine"):
        handover.pack(fig)


def raw_pickle(*ops):
    """A protocol-2 pickle from opcodes (bytes), as an adversary writes it."""
    data = b"\x80\x02" + b"".join(ops) + b"."
    pickletools.dis(data, io.StringIO())  # well-formed
    return data


def glob(module, name):
    return b"c" + module.encode() + b"\n" + name.encode() + b"\n"


def text(s):
    b = s.encode()
    return b"X" + len(b).to_bytes(4, "little") + b


def test_a_global_that_is_not_figure_content_is_refused():
    # os.system("…") would run at load time with any unpickler that resolves names.
    data = raw_pickle(glob("os", "system"), text("touch /tmp/pwned"), b"\x85", b"R")
    with pytest.raises(handover.Unportable, match="os.system is not figure content"):
        handover.unpack(data)


def test_the_allow_list_remembers_only_the_names_it_found():
    # The memo of names is as small as the lists, whatever names pickles send.
    from matplotlib.lines import Line2D

    from plotgrade_shim import allowlist

    for k in range(3):
        assert allowlist.resolve("os", f"system{k}") is None
    assert not any(m == "os" for m, _ in allowlist._RESOLVED)
    assert allowlist.resolve("matplotlib.lines", "Line2D") is Line2D
    assert allowlist._RESOLVED[("matplotlib.lines", "Line2D")] is Line2D


def test_a_pickle_that_changes_a_class_is_refused():
    # BUILD with slot state on a class object is setattr(Rectangle, "get_height", …): it
    # would change what the scene reads of every bar, but not how bars are drawn.
    data = raw_pickle(
        glob("matplotlib.patches", "Rectangle"),
        b"N", b"}", text("get_height"), glob("matplotlib.ticker", "NullLocator"), b"s",
        b"\x86", b"b",
    )
    from matplotlib.patches import Rectangle

    original = Rectangle.__dict__["get_height"]
    try:
        with pytest.raises(handover.Unportable, match="changed the class matplotlib.patches.Rectangle"):
            handover.unpack(data)
    finally:
        # A reader is discarded after one figure; this test process is not.
        Rectangle.get_height = original


def test_an_instance_attribute_that_shadows_a_method_is_refused():
    # The scene reads a bar's height with get_height(); the drawing uses the rectangle's
    # own numbers. A callable in the instance's dict would make them disagree.
    fig, ax = plt.subplots()
    bars = ax.bar(["a"], [119])
    bars.patches[0].__dict__["get_height"] = ticker.FixedLocator([120])
    data = handover._dump((dict(matplotlib.rcParams), fig))
    with pytest.raises(handover.Unportable, match="Rectangle.get_height is replaced"):
        handover.unpack(data)


def test_getattr_reaches_only_the_methods_matplotlib_pickles():
    for name in ("savefig", "__class__", "__init__"):
        # getattr(Figure.__new__(Figure), name)
        evil = raw_pickle(glob("builtins", "getattr"),
                          glob("matplotlib.figure", "Figure"), b")\x81",  # Figure.__new__
                          text(name), b"\x86", b"R")
        with pytest.raises(handover.Unportable, match=f"getattr\\(…, '{name}'\\)"):
            handover.unpack(evil)


def test_the_class_factory_name_is_checked():
    # _picklable_class_constructor formats its name with str.format: no field access.
    evil = raw_pickle(
        glob("matplotlib.cbook", "_picklable_class_constructor"), b"(",
        glob("matplotlib.axes._axes", "Axes"), text("{0.__init__.__globals__}"), b"N",
        glob("matplotlib.axes._axes", "Axes"), b"t", b"R",
    )
    with pytest.raises(handover.Unportable):
        handover.unpack(evil)


def test_data_that_is_not_a_figure_is_refused():
    with pytest.raises(handover.Unportable, match="not a figure"):
        handover.unpack(pickle.dumps(({}, [1, 2, 3])))
    with pytest.raises(handover.Unportable, match="unreadable"):
        handover.unpack(b"\x80\x05garbage")
    with pytest.raises(handover.Unportable, match="persistent"):
        handover.unpack(raw_pickle(text("x"), b"Q"))


def test_the_allow_list_holds_every_class_of_figure_content_in_this_matplotlib():
    """A matplotlib upgrade that adds figure classes shows up here, for review."""
    import importlib.util
    import pathlib

    tool = pathlib.Path(__file__).parents[1] / "tools" / "allowlist_classes.py"
    spec = importlib.util.spec_from_file_location("allowlist_classes", tool)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    from plotgrade_shim.allowlist import CLASSES

    missing = sorted(mod.classes() - CLASSES)
    assert not missing, f"figure classes not in the allow-list: {missing}"


def test_a_figure_with_a_colorbar_is_handed_over():
    # Regression (issue #25): matplotlib's colorbar lends its axes its own ``cla``
    # (``self.ax.cla = self._cbar_cla``), and the shadowing check refused every honest
    # figure with a colorbar as unportable.
    import numpy as np

    fig, ax = plt.subplots()
    im = ax.imshow(np.arange(12).reshape(3, 4))
    fig.colorbar(im)
    before = pixels(fig)
    assert pixels(round_trip(fig)) == before


def test_a_lent_method_must_be_matplotlibs_own():
    # The same attribute set to another bound method (a getter the scene may call) is
    # still refused.
    fig, ax = plt.subplots()
    bars = ax.bar(["a"], [119])
    ax.__dict__["cla"] = bars.patches[0].get_window_extent
    data = handover._dump((dict(matplotlib.rcParams), fig))
    with pytest.raises(handover.Unportable, match="Axes.cla is replaced"):
        handover.unpack(data)


def test_every_method_matplotlib_lends_an_instance_is_reviewed():
    """matplotlib's own source, scanned for ``self.<x>.<attr> = self.<method>``: each
    assignment of a bound method to another object's attribute that names a method
    there is either lent to figure content (allowlist.LENT_METHODS) or reviewed here as
    never reaching a figure handed over."""
    import pathlib
    import re

    from plotgrade_shim import allowlist

    reviewed = {
        # Axes.legend_ is a Legend; _remove_method is data there, not a method.
        ("_remove_method", "_remove_legend"),
        # wx's timer (a backend: never in a figure handed over).
        ("Notify", "_on_timer"),
    }
    root = pathlib.Path(matplotlib.__file__).parent
    pattern = re.compile(r"^\s+self\.\w+\.(\w+) = self\.(\w+)$", re.M)
    found, defined = set(), set()
    for path in root.rglob("*.py"):
        if "tests" in path.parts:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        defined |= set(re.findall(r"^\s+def (\w+)\(self", text, re.M))
        for attr, method in pattern.findall(text):
            if attr.startswith("_") and attr != "_remove_method":
                continue  # private data of matplotlib's own objects
            found.add((attr, method))
    lent = {(k, m) for k, ms in allowlist.LENT_METHODS.items() for m in ms}
    # Private methods lent (public names here are properties: `self.x.dpi = self.dpi`).
    methods = {(a, m) for a, m in found if m in defined and m.startswith("_")}
    assert methods - lent - reviewed == set(), "review these and list them"
    assert lent <= found, "a lent method matplotlib no longer lends"
