"""What a figure handed over from a job may be made of (see ``handover``).

The reader's unpickler resolves a global name only through :func:`resolve`:
- a class of figure content listed in ``CLASSES`` (artists, transforms, paths, tickers,
  norms and colormaps, scales, layout engines, legend handlers, containers, ... of
  matplotlib and mpl_toolkits; never backends, writers, widgets, TeX or pyplot);
- a few plain data types of the standard library and numpy's own array reconstructors;
- a handful of functions matplotlib's pickles name, each vetted below, some wrapped so
  that their arguments are checked too.
Anything else, a function of the submission's own above all, is refused: the figure is
``unportable``. Resolving a class cannot run code; calling it (what a pickle's REDUCE
does) runs only matplotlib's constructor on data.
"""

from __future__ import annotations

import re
import types

from ._allowlist_data import BOUND_METHODS, CLASSES

# Standard-library and numpy names a pickled figure uses, all data, none with effects.
PLAIN = frozenset({
    "builtins:object", "builtins:set", "builtins:frozenset", "builtins:slice",
    "builtins:complex", "builtins:bytearray", "builtins:range", "builtins:tuple",
    "builtins:list", "builtins:dict",
    "collections:OrderedDict", "itertools:count", "functools:partial",
    "datetime:datetime", "datetime:date", "datetime:time", "datetime:timedelta",
    "datetime:timezone",
    "dateutil.rrule:rrule", "dateutil.rrule:weekday", "dateutil.relativedelta:relativedelta",
    "dateutil.tz.tz:tzutc", "dateutil.tz.tz:tzoffset",
    "cycler:Cycler",
    "numpy:dtype", "numpy:ndarray", "numpy.ma:MaskedArray", "numpy.ma.core:MaskedArray",
    "numpy.ma.core:MaskedConstant",
    # numpy's own pickles: an array from its shape, dtype and bytes; a scalar from bytes.
    "numpy._core.multiarray:_reconstruct", "numpy._core.multiarray:scalar",
    "numpy._core.numeric:_frombuffer", "numpy.ma.core:_mareconstruct",
    # mplot3d's default depth-sorting functions (pure).
    "numpy:average", "numpy:min", "numpy:max", "numpy:amin", "numpy:amax",
})

# Methods matplotlib itself stores on instances, the only instance attributes that may
# shadow a class's method: a TransformWrapper copies its child's transform methods; a
# Colorbar gives its axes its own pan/zoom methods (interactive only).
WRAPPED_METHODS = frozenset({
    "transform", "transform_affine", "transform_non_affine", "transform_path",
    "transform_path_affine", "transform_path_non_affine", "get_affine", "inverted",
    "get_matrix", "_get_view", "_set_view", "_set_view_from_bbox", "drag_pan",
})

# rcParams the reader keeps as its own: they name programs, files or backends, or
# choose interactive behaviour; none changes how Agg draws.
RC_KEPT = frozenset({
    "backend", "backend_fallback", "interactive", "webagg.address", "webagg.port",
    "webagg.port_retries", "webagg.open_in_browser", "animation.ffmpeg_path",
    "animation.convert_path", "animation.writer", "animation.html", "savefig.directory",
    "tk.window_focus", "toolbar", "text.usetex", "pgf.texsystem", "pgf.preamble",
    "text.latex.preamble", "ps.usedistiller", "figure.max_open_warning",
    "macosx.window_mode", "figure.hooks",
})


class _Getattr:
    """``getattr(obj, name)`` as matplotlib's pickles use it: a bound method of a figure
    object, by one of the names matplotlib stores (``_remove_method = list.remove``,
    a TransformWrapper's copies of its child's methods)."""

    __slots__ = ()

    def __call__(self, obj, name):
        if not isinstance(name, str) or name not in BOUND_METHODS:
            raise _refused(f"getattr(…, {name!r})")
        if isinstance(obj, (type, types.ModuleType)) or not _is_content(type(obj)):
            raise _refused(f"getattr on a {type(obj).__qualname__}")
        method = getattr(obj, name)
        if getattr(method, "__self__", None) is not obj:
            raise _refused(f"getattr(…, {name!r}) is not a method")
        return method


class _EmptyObject:
    """``colors._create_empty_object_of_class(cls)``: ``cls.__new__(cls)`` for a class
    of figure content (how LogNorm and friends pickle)."""

    __slots__ = ()

    def __call__(self, cls):
        if not (isinstance(cls, type) and _listed(cls)):
            raise _refused("an empty object of a class that is not figure content")
        return cls.__new__(cls)


_CLASS_NAME = re.compile(r"^[A-Za-z0-9_]*\{\}[A-Za-z0-9_]*$")


class _MixinInstance:
    """``cbook._picklable_class_constructor``: an instance of ``mixin + base`` built by
    matplotlib's class factory (axes_grid1's axes). The name pattern is checked because
    the factory formats it with ``str.format``."""

    __slots__ = ()

    def __call__(self, mixin, fmt, attr_name, base):
        from matplotlib import cbook

        if not (isinstance(mixin, type) and isinstance(base, type) and _listed(mixin)
                and _listed(base) and isinstance(fmt, str) and _CLASS_NAME.match(fmt)
                and (attr_name is None or (isinstance(attr_name, str) and attr_name.isidentifier()))):
            raise _refused("a generated class that is not figure content")
        return cbook._picklable_class_constructor(mixin, fmt, attr_name, base)


class _Tag:
    __slots__ = ()

    def __call__(self, name):
        from . import handover

        return handover.tag(name)


def _functions():
    import matplotlib._cm as cm_data
    import matplotlib.artist as artist
    import matplotlib.axis as maxis
    import matplotlib.offsetbox as offsetbox

    table = {
        "builtins:getattr": _Getattr(),
        "matplotlib.colors:_create_empty_object_of_class": _EmptyObject(),
        "matplotlib.cbook:_picklable_class_constructor": _MixinInstance(),
        "plotgrade_shim.handover:tag": _Tag(),
        # Sets ``artist.axes.stale``; artists of axes carry it as their stale callback.
        "matplotlib.artist:_stale_axes_callback": artist._stale_axes_callback,
        # ``tickd.get(x, "")``: the formatter ``set_ticklabels`` makes from a dict.
        "matplotlib.axis:Axis._format_with_dict": maxis.Axis._format_with_dict,
        # The pick test of a draggable artist: called on mouse events only.
        "matplotlib.offsetbox:DraggableBase._picker": offsetbox.DraggableBase._picker,
    }
    # Colormap channels of matplotlib's function-defined maps (gnuplot, flag, ...):
    # arithmetic on an array, nothing else.
    for name, f in vars(cm_data).items():
        if isinstance(f, types.FunctionType) and f.__module__ == cm_data.__name__:
            table[f"matplotlib._cm:{name}"] = f
    return table


_FUNCTIONS = None


def _refused(what):
    from .handover import Unportable

    return Unportable(f"{what} is not figure content")


def _listed(cls):
    return f"{cls.__module__}:{cls.__qualname__}" in CLASSES


def _is_content(cls):
    from matplotlib.cbook import CallbackRegistry

    # A CallbackRegistry is never named by a pickle: the reader builds it (handover.tag).
    return _listed(cls) or cls in (list, dict, CallbackRegistry)


_RESOLVED = {}


def resolve(module, name):
    """The object a pickle may name as ``module.name``, or None when it may not;
    remembered for the reader's life (a figure names a few dozen, each many times).
    Only names found are remembered. Remembering cannot let a pickle change the answer: no pickle can reach a module to
    rebind its names, and a class one changes is refused (``handover._check_classes``),
    whose earlier object this then keeps returning."""
    key = (module, name)
    found = _RESOLVED.get(key, _RESOLVED)
    if found is _RESOLVED:
        found = _resolve(module, name)
        if found is not None:  # only listed names: the memo stays as small as the lists
            _RESOLVED[key] = found
    return found


def _resolve(module, name):
    global _FUNCTIONS
    if _FUNCTIONS is None:
        _FUNCTIONS = _functions()
    key = f"{module}:{name}"
    special = _FUNCTIONS.get(key)
    if special is not None:
        return special
    if key not in CLASSES and key not in PLAIN:
        return None
    import importlib

    try:
        obj = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        return None
    if key in CLASSES and not isinstance(obj, type):
        return None
    return obj


# Methods matplotlib lends one instance from another, under another name: a Colorbar
# gives its axes its own ``cla`` (colorbar.py, ``self.ax.cla = self._cbar_cla``).
# python_shim/tests/test_handover.py finds every such assignment in matplotlib's source
# and fails on one that is not listed here or reviewed as not reaching a figure.
LENT_METHODS = {"cla": frozenset({"_cbar_cla"})}


def wrapped_method(obj, key, value):
    """Whether ``obj.key = value`` is matplotlib's own method wrapping or lending: a
    bound method of a listed class, named as matplotlib names it. A submission may set
    the same, but only to matplotlib's own method of figure content, which the reader
    never calls to read the scene."""
    if not isinstance(value, types.MethodType) or not _listed(type(value.__self__)):
        return False
    if key in WRAPPED_METHODS and value.__name__ == key:
        return True
    return value.__name__ in LENT_METHODS.get(key, ())
