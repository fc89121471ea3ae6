"""Carry a figure out of the job that drew it, as data, to a reader that trusts none of it.

The job (the submission's own process) hands each figure over as a pickle: matplotlib's
own figure pickling, which its test suite checks draws the same after a round trip. The
reader is a fresh process forked from a template that never ran a job; it unpickles with
:class:`Unpickler`, draws with Agg and reads the scene. Nothing the job's process says
about its figure (its PNG, its scene) is taken from it.

Job side (:func:`pack`), honest figures only need to be made portable:
- the rcParams in force travel with the figure, since some are read when it is drawn
  (font families, ``axes.autolimit_mode``, date formats);
- callback registries are replaced by a tag (events never fire in the reader);
- callables that cannot be pickled by name are flattened to what they produce: a
  ``FuncFormatter`` or a locator of the submission's own becomes the fixed ticks and
  labels a draw gives, a ``bar_label(label_type='center')`` place becomes its bar; an
  instance attribute that shadows a method (``ax.format_coord = f``) is dropped.
A figure that still holds something unpicklable (a class or function of the
submission's own) cannot be handed over: :class:`Unportable`, never a quiet fallback.

Reader side (:func:`unpack`): the bytes come from an adversary. The unpickler resolves
only names in :mod:`.allowlist` (classes of figure content, a few vetted functions), so
no global the job names can run; afterwards it checks that the load changed no class
it resolved (a pickle can ``setattr`` on any object it has on its stack, a class
included) and that no instance attribute shadows a method (a ``get_height`` that the
scene would call but the drawing would not). Any breach is :class:`Unportable`.
"""

from __future__ import annotations

import io
import pickle
import types
import weakref

from . import allowlist

PROTOCOL = 5


class Unportable(Exception):
    """The figure cannot be handed over (job side) or was refused (reader side)."""


# ---------------------------------------------------------------------------------------
# Job side


def tag(name):
    """Stand-ins the reader builds itself, named by the job (data, never code)."""
    if name == "callbacks":
        from matplotlib import cbook

        return cbook.CallbackRegistry()
    if name == "none":
        return None
    raise Unportable(f"unknown tag {name!r}")


def _reduce_callbacks(_registry):
    return (tag, ("callbacks",))


def _reduce_to_none(_obj):
    return (tag, ("none",))


class _JobPickler(pickle.Pickler):
    def __init__(self, file):
        super().__init__(file, protocol=PROTOCOL)
        from matplotlib import cbook, offsetbox

        self.dispatch_table = {
            # Events never fire in the reader: an empty registry of its own.
            cbook.CallbackRegistry: _reduce_callbacks,
            # Dragging with the mouse: nothing to draw.
            offsetbox.DraggableAnnotation: _reduce_to_none,
            offsetbox.DraggableOffsetBox: _reduce_to_none,
        }
        try:
            from matplotlib.legend import DraggableLegend

            self.dispatch_table[DraggableLegend] = _reduce_to_none
        except ImportError:
            pass


def _own(obj):
    """True for a class or function that matplotlib (or numpy) does not define."""
    module = getattr(obj, "__module__", None) or ""
    return module.split(".")[0] not in ("matplotlib", "mpl_toolkits", "numpy")


def _portable_callable(f):
    """Whether pickling ``f`` by name would reach the reader intact."""
    if isinstance(f, types.MethodType):
        return not _own(type(f.__self__))
    qualname = getattr(f, "__qualname__", "")
    return not _own(f) and "<locals>" not in qualname and "<lambda>" not in qualname


def _freeze_ticks(fig):
    """Axis locators and formatters that hold a function of the submission's own become
    the fixed ticks and labels the draw that just happened gave them."""
    from matplotlib import ticker

    for ax in fig.get_axes():
        for axis in getattr(ax, "_axis_map", {}).values():
            for which in ("major", "minor"):
                t = getattr(axis, which)
                fmt, loc = t.formatter, t.locator
                bad_fmt = _own(type(fmt)) or (
                    isinstance(fmt, ticker.FuncFormatter) and not _portable_callable(fmt.func)
                )
                bad_loc = _own(type(loc))
                if not (bad_fmt or bad_loc):
                    continue
                ticks = axis.get_major_ticks() if which == "major" else axis.get_minor_ticks()
                locs = list(loc())
                labels = [tk.label1.get_text() for tk in ticks[: len(locs)]]
                labels += [""] * (len(locs) - len(labels))
                # Both fixed, together: the places and the texts the draw gave them.
                setters = ((axis.set_major_locator, axis.set_major_formatter) if which == "major"
                           else (axis.set_minor_locator, axis.set_minor_formatter))
                setters[0](ticker.FixedLocator(locs))
                setters[1](ticker.FixedFormatter(labels) if bad_fmt else fmt)


def _strip_callables(fig):
    """Drop what only interaction uses, and place callable annotation anchors."""
    from matplotlib.text import Annotation

    for artist in fig.findobj():
        d = getattr(artist, "__dict__", None)
        if not d:
            continue
        # An instance attribute that shadows a method (``ax.format_coord = f``): drawing
        # never calls these, and the reader refuses shadowed methods.
        for key in [k for k, v in d.items() if callable(v) and _shadows(type(artist), k)
                    and not allowlist.wrapped_method(artist, k, v)]:
            del d[key]
        # Interaction only: picking with the mouse, the coordinates shown under it.
        if callable(d.get("_picker")):
            d["_picker"] = None
        for key in ("fmt_xdata", "fmt_ydata"):
            if callable(d.get(key)) and not _portable_callable(d[key]):
                d[key] = None
        if isinstance(artist, Annotation):
            for attr in ("xycoords", "_textcoords"):
                anchor = getattr(artist, attr, None)
                if callable(anchor) and not _portable_callable(anchor):
                    bar = _bar_of(anchor)
                    if bar is None:
                        raise Unportable(f"an annotation placed by a function ({_name(anchor)})")
                    setattr(artist, attr, bar)


def _bar_of(f):
    """The bar a ``bar_label(label_type='center')`` anchor function measures."""
    from matplotlib.patches import Rectangle

    defaults = getattr(f, "__defaults__", None) or ()
    if "bar_label" in getattr(f, "__qualname__", "") and defaults and isinstance(defaults[0], Rectangle):
        return defaults[0]
    return None


def _name(f):
    return f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', type(f).__name__)}"


def _shadows(cls, key):
    import inspect

    attr = inspect.getattr_static(cls, key, None)
    return attr is not None and (callable(attr) or hasattr(attr, "__get__"))


def pack(fig, draw=None):
    """The figure as bytes for the reader: ``pickle((rc, fig))``.

    ``draw(fig)`` draws the figure the way the reader will render it; it is called only
    when the figure holds something of the submission's own that must be frozen to what
    a draw gives (ticks of a ``FuncFormatter``). Default: ``fig.canvas.draw()``.
    """
    import matplotlib

    rc = dict(matplotlib.rcParams)
    try:
        return _dump((rc, fig))
    except (pickle.PicklingError, AttributeError, TypeError):
        pass
    # Something does not pickle by name: flatten what honest figures hold, then retry.
    (draw or (lambda f: f.canvas.draw()))(fig)
    _freeze_ticks(fig)
    _strip_callables(fig)
    try:
        return _dump((rc, fig))
    except (pickle.PicklingError, AttributeError, TypeError) as e:
        raise Unportable(_reason(e)) from None


def _dump(obj):
    buf = io.BytesIO()
    _JobPickler(buf).dump(obj)
    return buf.getvalue()


def _reason(e):
    text = str(e)
    # "Can't pickle <class '__main__.MyAxes'>: attribute lookup ... failed"
    return text.split(":")[0][:200] if text else type(e).__name__


# ---------------------------------------------------------------------------------------
# Reader side


class Unpickler(pickle.Unpickler):
    """Resolves only allow-listed names; remembers the classes it handed out."""

    def __init__(self, file):
        super().__init__(file)
        self.classes = {}

    def find_class(self, module, name):
        found = allowlist.resolve(module, name)
        if found is None:
            raise Unportable(f"{module}.{name} is not figure content")
        if isinstance(found, type) and found not in self.classes:
            # The class as it is now, before this pickle could touch it.
            self.classes[found] = dict(vars(found))
        return found

    def persistent_load(self, pid):
        raise Unportable("persistent ids are not part of a figure")


def unpack(data):
    """``(rc, fig)`` from the job's bytes, checked; raises :class:`Unportable`."""
    from matplotlib.figure import Figure

    u = Unpickler(io.BytesIO(data))
    try:
        loaded = u.load()
    except Unportable:
        raise
    except Exception as e:  # noqa: BLE001 — any failure to load is a refused figure
        raise Unportable(f"unreadable figure data ({type(e).__name__}: {str(e)[:160]})") from None
    _check_classes(u.classes)
    if not (isinstance(loaded, tuple) and len(loaded) == 2 and isinstance(loaded[0], dict)
            and isinstance(loaded[1], Figure)):
        raise Unportable("the data is not a figure")
    rc, fig = loaded
    _settle(fig)
    return rc, fig


def _check_classes(before):
    for cls, attrs in before.items():
        now = vars(cls)
        if len(now) != len(attrs) or any(now.get(k, attrs) is not v for k, v in attrs.items()):
            raise Unportable(f"the figure data changed the class {cls.__module__}.{cls.__qualname__}")


_CONTAINERS = (list, tuple, dict, set, frozenset)


def _is_leaf(v):
    """Whether the walk below never visits ``v``: no container, no ``__dict__``."""
    return not isinstance(v, _CONTAINERS) and not hasattr(v, "__dict__")


def _leaf_types():
    """The exact types of most attribute values (numbers, strings, arrays), each checked
    here to be a leaf, so that the walk skips them on a set lookup: it visits some 800
    objects of a figure, and testing each of their values in full was a third of the
    reader's unpickling time."""
    import itertools

    import numpy as np

    # itertools.count: every artist's and callback registry's id counter.
    samples = [0, 0.0, "", b"", True, None, 0j, np.float64(0), np.int64(0), np.bool_(True),
               np.zeros(1), np.float32(0), itertools.count()]
    return frozenset(type(v) for v in samples if _is_leaf(v))


_LEAVES = _leaf_types()


def _instances(root, more=lambda obj: ()):
    """Every object with a ``__dict__`` reachable from ``root`` (through containers and
    instance attributes), once each, with its ``__dict__``; ``more(obj)`` names further
    objects to visit.

    A value's type, once one of its values has been found to need a visit, is pushed
    without asking again (``walked``): pushing a value that turns out to be a leaf costs
    one pop and is never wrong, so the memo cannot make the walk miss anything."""
    seen = set()
    stack = [root]
    leaves = _LEAVES
    walked = set(_CONTAINERS)
    seqs = (list, tuple, set, frozenset)
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, seqs):
            stack.extend(obj)
            continue
        if isinstance(obj, dict):
            stack.extend(obj.values())
            continue
        d = getattr(obj, "__dict__", None)
        if type(d) is not dict or isinstance(obj, type):
            continue
        yield obj, d
        for v in d.values():
            t = type(v)
            if t in walked:
                stack.append(v)
            elif t not in leaves and not _is_leaf(v):
                walked.add(t)
                stack.append(v)
        stack.extend(more(obj))


_SHADOWED = {}


def _shadowed(cls, key):
    """:func:`_shadows`, remembered: it reads only the class and its bases, which the
    reader checks no pickle has changed (:func:`_check_classes`) before any walk."""
    found = _SHADOWED.get((cls, key))
    if found is None:
        found = _SHADOWED[(cls, key)] = _shadows(cls, key)
    return found


def _check_instance(obj, d):
    """No instance attribute may shadow a method (except matplotlib's own wrappers)."""
    cls = type(obj)
    for key, value in d.items():
        if callable(value) and not isinstance(value, type) and _shadowed(cls, key) \
                and not allowlist.wrapped_method(obj, key, value):
            raise Unportable(f"{cls.__qualname__}.{key} is replaced on an instance")


def _rekey(node):
    """Key a transform's ``_parents`` by the ids its parents have *here*; its parents.

    matplotlib's ``TransformNode.__setstate__`` keeps the keys the pickling process gave
    (``id(parent)`` there). When a transform made here later registers under an id equal
    to one of those stale keys, it replaces that entry, and the old parent stops hearing
    of changes below it: after constrained layout moves an axes, a bar's clip box keeps the
    old position and the bar is cut or vanishes. The reader and the job fork from the same
    template, so their heaps, and such ids, coincide often (one `validate` run in six of
    the gallery's bar-01 answers lost a bar before this). Written by hand: matplotlib
    has no call that re-keys.
    """
    parents = {}
    for ref in list(node._parents.values()):
        parent = ref()
        if parent is not None:
            parents[id(parent)] = parent
    # As matplotlib builds it: a weak reference whose callback drops the entry from this
    # very dict.
    fresh = node._parents = {}
    for k, v in parents.items():
        fresh[k] = weakref.ref(v, lambda _, pop=fresh.pop, k=k: pop(k, None))
    return list(parents.values())


def _settle(root):
    """One walk over what was unpickled: check every instance (:func:`_check_instance`)
    and re-key every transform (:func:`_rekey`), before anything is drawn."""
    from matplotlib.transforms import TransformNode

    def more(obj):
        return _rekey(obj) if isinstance(obj, TransformNode) else ()

    for obj, d in _instances(root, more):
        _check_instance(obj, d)


def apply_rc(rc):
    """The job's rcParams, each through matplotlib's own validator; unknown keys and
    those that name programs or files are left as the reader has them."""
    import matplotlib

    params = matplotlib.rcParams
    held = dict.__getitem__  # the stored (validated) value, without RcParams' lookups
    for key, value in rc.items():
        if key in allowlist.RC_KEPT or not isinstance(key, str) or key not in params:
            continue
        # A value the reader already holds (most of them: the reader pins the same
        # settings as the job) needs no validator: setting it would store it again.
        current = held(params, key)
        try:
            if type(current) is type(value) and bool(current == value):
                continue
        except Exception:  # noqa: BLE001 — an ambiguous comparison: validate as any other
            pass
        try:
            params[key] = value
        except (ValueError, TypeError, KeyError):
            raise Unportable(f"rcParams[{key!r}] = {str(value)[:60]!r} is not valid") from None
