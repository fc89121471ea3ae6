"""Run one submission, and draw what it handed over.

Entry points, called from Rust (crates/plotgrade-exec/src/python.rs):

- ``prepare()`` once per worker (the template every child is forked from): import numpy
  and matplotlib (Agg), pin rendering, draw a warm-up figure, and return the paths a
  child may read (the Landlock rules and the audit hook use the same list);
- ``ready(workdir)`` in a child forked ahead of its input;
- ``run_job(code, filename, options)`` in a job's child: compile, execute under the
  walls, and hand every figure the script left open, showed or saved over as bytes
  (``handover.pack``); nothing it reports is trusted;
- ``read(payloads)`` in a reader's child, which never ran submission code: unpickle
  each figure under the allow-list, draw it with Agg and read its scene.

Children are discarded after one use, so nothing done here has to be undone.
"""

from __future__ import annotations

import ast
import builtins
import io
import json
import linecache
import os
import random
import resource
import site
import sys
import time
import traceback

from . import guard as guard_mod
from . import handover
from . import ink
from . import scene as scene_mod

DPI = 100
# rcParams every job starts from, on top of matplotlib's defaults.
PINNED_RC = {
    "backend": "Agg",
    "figure.dpi": DPI,
    "savefig.dpi": DPI,
    "font.family": ["sans-serif"],
    "font.sans-serif": ["DejaVu Sans"],
    "svg.hashsalt": "plotgrade",
    "figure.max_open_warning": 0,
}
# PNG metadata matplotlib would otherwise write (its version): equal figures, equal bytes.
PNG_METADATA = {"Software": None}
# Frames of a traceback formatted from each end (the rest is counted, not formatted).
TRACEBACK_FRAMES = 20
# Names the PNG encoder of crates/plotgrade-exec/src/png.rs; change both together.
PNG_ENCODER = "png-rs fast adaptive rgba8"

_state = {"read_roots": []}


def pin_rc():
    import matplotlib

    matplotlib.rcdefaults()
    matplotlib.rcParams.update(PINNED_RC)


def warm_up():
    """Draw one figure touching the text, line, bar, pie and patch code paths.

    In the worker, so their lazy imports and font loading happen once and not in every
    job. In a spare child (``prefault``), so the pages a job writes to are copied from the
    worker before the job arrives instead of during it. It leaves no figure open and no
    setting changed, so a job cannot tell whether it ran.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [1, 2], label="x")
    ax.plot(np.linspace(0, 1, 5), np.arange(5), "o--")
    ax.pie([1, 2])
    ax.annotate("w", xy=(0, 0), xytext=(0.5, 0.5), arrowprops={"arrowstyle": "->"})
    ax.text(0.5, 0.5, "$x^2$")
    ax.set_title("warm")
    ax.legend()
    fig.savefig(io.BytesIO(), format="png", metadata=PNG_METADATA)
    scene_mod.figure_scene(fig, 1, (0, 0))
    # As the reader draws and reads: the ink ledger's class wrappers are made here once
    # (readers fork from this process), and its code paths warmed.
    from matplotlib.figure import Figure

    width, height, rgba, ledger = render(fig, Figure.savefig, observe=True)
    scene_mod.figure_scene(fig, 1, (width, height), ledger, rgba)
    # The hand-over both ways: pickle's machinery and the allow-list's imports.
    handover.unpack(handover.pack(fig))
    plt.close("all")


_warm = {}


def prefault(step):
    """Step ``step`` of a warm-up run in a spare child before its job arrives.

    The child copies (copy-on-write) the pages the warm-up touches now, while a core is
    idle, instead of during the job. The caller stops between steps as soon as the job is
    there, then calls ``prefault_end``. Returns False when there is no such step.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    if step == 0:
        fig, ax = plt.subplots()
        ax.bar(["a", "b"], [1, 2], label="x")
        ax.plot(np.linspace(0, 1, 5), np.arange(5), "o--")
        _warm.update(fig=fig, ax=ax)
    elif step == 1:
        ax = _warm["ax"]
        ax.pie([1, 2])
        ax.annotate("w", xy=(0, 0), xytext=(0.5, 0.5), arrowprops={"arrowstyle": "->"})
        ax.text(0.5, 0.5, "$x^2$")
        ax.set_title("warm")
        ax.legend()
    elif step == 2:
        _warm["fig"].canvas.draw()
    elif step == 3:
        _warm["fig"].savefig(io.BytesIO(), format="png", metadata=PNG_METADATA)
    elif step == 4:
        json.dumps(scene_mod.figure_scene(_warm["fig"], 1, (0, 0)))
    else:
        return False
    return True


def prefault_end():
    """Leave nothing of the warm-up behind: no figure open, so numbering starts at 1."""
    import matplotlib.pyplot as plt

    _warm.clear()
    plt.close("all")


def render(fig, savefig, observe=False):
    """The figure's pixels: ``(width, height, rgba_bytes)``, PNG-encoded by the caller;
    with ``observe``, ``(width, height, rgba_bytes, ledger)``, the ledger holding which
    artist inked each pixel (ink.Ledger; the reader binds the scene to it).

    The same pixels as ``savefig(format="png", dpi=DPI)`` with the default savefig
    settings, for less: no PNG encoding here (the worker's encoder is several times
    faster than zlib at PIL's level), and no layout-only pre-draw when the figure has no
    layout engine that needs one (``savefig`` also does it after ``tight_layout()``, which
    leaves a placeholder engine that moves nothing). A figure this path cannot draw (an
    unusual canvas) goes through ``savefig`` and comes back as PNG bytes.
    """
    from matplotlib import cbook
    from matplotlib.backend_bases import FigureCanvasBase
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.layout_engine import PlaceHolderLayoutEngine

    if isinstance(fig.canvas, FigureCanvasAgg):
        canvas = fig.canvas
    elif type(fig.canvas) is FigureCanvasBase:  # a bare Figure(): savefig would use Agg too
        canvas = FigureCanvasAgg(fig)
    else:
        buf = io.BytesIO()
        savefig(fig, buf, format="png", dpi=DPI, metadata=PNG_METADATA)
        return buf.getvalue()
    with cbook._setattr_cm(fig, dpi=DPI), \
            cbook._setattr_cm(canvas, _device_pixel_ratio=1), \
            cbook._setattr_cm(canvas, _is_saving=True):
        engine = fig.get_layout_engine()
        if engine is not None and not isinstance(engine, PlaceHolderLayoutEngine):
            # As savefig: a layout-only pass first (constrained layout needs two).
            fig.draw_without_rendering()
        if not observe:
            FigureCanvasAgg.draw(canvas)
            width, height = canvas.get_width_height(physical=True)
            return (width, height, bytes(canvas.buffer_rgba()))
        # FigureCanvasAgg.draw, with the ledger watching the figure's draw.
        ink.observe_classes()
        canvas.renderer = canvas.get_renderer()
        canvas.renderer.clear()
        with ink.Ledger(canvas.renderer) as ledger:
            fig.draw(canvas.renderer)
        width, height = canvas.get_width_height(physical=True)
        return (width, height, bytes(canvas.buffer_rgba()), ledger)


def prepare(site_dirs=()):
    """Import and warm everything a job needs; return the read-only roots as JSON."""
    for d in site_dirs:
        site.addsitedir(d)
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    # Loaded here, before any job, so that no job pays for it (and none imports it
    # under the guard): imported for its effect.
    import matplotlib.pyplot
    import numpy as np
    from matplotlib import font_manager

    pin_rc()
    warm_up()
    font_manager.findfont("DejaVu Sans")
    # Every job seeds numpy's generator; importing it here saves each job ~10 ms.
    import numpy.random

    roots = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        os.path.dirname(os.path.dirname(matplotlib.__file__)),
        os.path.dirname(os.path.dirname(np.__file__)),
        matplotlib.get_data_path(),
        matplotlib.get_configdir(),
        matplotlib.get_cachedir(),
        "/usr/share/fonts",
        "/usr/share/zoneinfo",
        "/usr/lib",
        "/lib",
        "/lib64",
        "/etc/localtime",
        "/etc/ld.so.cache",
        "/dev/null",
        "/dev/urandom",
        "/dev/zero",
        "/proc/self",
        "/sys/devices/system/cpu",
    }
    roots.update(p for p in sys.path if p and os.path.isdir(p))
    here = globals().get("__file__")  # absent when the shim is embedded in the binary
    if here and os.path.isdir(os.path.dirname(os.path.abspath(here))):
        roots.add(os.path.dirname(os.path.abspath(here)))
    _state["read_roots"] = sorted(r for r in roots if r and os.path.exists(r))
    # Everything imported so far is shared with every job's forked child. Moving it out
    # of the collector's reach keeps a child's garbage collection from writing to (and so
    # copying) those pages.
    import gc

    gc.collect()
    gc.freeze()
    return json.dumps(
        {
            "read_roots": _state["read_roots"],
            "versions": versions(),
        }
    )


def versions():
    import matplotlib
    import numpy as np
    from matplotlib import ft2font

    return {
        "python": sys.version.split()[0],
        "matplotlib": matplotlib.__version__,
        "numpy": np.__version__,
        "freetype": getattr(ft2font, "__freetype_version__", "unknown"),
        # How figures become PNG bytes (crates/plotgrade-exec/src/png.rs); equal figures, equal bytes
        # only within one encoder, so caches and baselines key on it.
        "png": PNG_ENCODER,
    }


def _syntax_error(e, filename):
    return {
        "type": type(e).__name__,
        "message": str(e.msg) if getattr(e, "msg", None) else str(e),
        "line": e.lineno,
        "column": e.offset,
        "traceback": "".join(traceback.format_exception_only(type(e), e)),
    }


def _runtime_error(e, filename):
    """The exception with the traceback trimmed to start at the submission's frames.

    Walks the traceback once and formats at most ``TRACEBACK_FRAMES`` frames from each
    end: a recursion a million frames deep (``sys.setrecursionlimit(10**6)``) is reported
    in milliseconds, not in the minutes formatting every frame would take.
    """
    shim_dir = os.path.dirname(__file__) if "__file__" in globals() else "<none>"
    first, own_last, total = None, None, 0
    head, tail = [], []
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if first is None and code.co_filename == filename:
            first = total
        if first is not None:
            if code.co_filename == filename:
                own_last = tb.tb_lineno
            kept = (code.co_filename, tb.tb_lineno, code.co_name)
            if len(head) < TRACEBACK_FRAMES:
                head.append(kept)
            else:
                tail.append(kept)
                if len(tail) > TRACEBACK_FRAMES:
                    tail.pop(0)
        elif filename is None and not code.co_filename.startswith(("<plotgrade_shim>", shim_dir)):
            (head if len(head) < TRACEBACK_FRAMES else tail).append(
                (code.co_filename, tb.tb_lineno, code.co_name))
        total += 1
        tb = tb.tb_next
    shown = head + tail
    omitted = total - len(shown) - (first or 0)

    def summary(frames):
        return traceback.StackSummary.from_list(
            [traceback.FrameSummary(f, n, name) for f, n, name in frames])

    text = "Traceback (most recent call last):\n"
    text += "".join(summary(head).format())
    if omitted > 0 and filename is not None:
        text += f"  [... {omitted} more frames ...]\n"
    text += "".join(summary(tail).format())
    text += "".join(traceback.format_exception_only(type(e), e))
    return {
        "type": type(e).__name__,
        "message": str(e)[:2000],
        "line": own_last,
        "column": None,
        "traceback": text,
    }


def ready(workdir=None):
    """Everything a job's or reader's start needs but its input: in a spare child,
    before the input arrives. Moves into ``workdir`` (a job's) and pins the rendering
    settings."""
    if workdir is not None:
        os.chdir(workdir)
    pin_rc()


def _draw_as_rendered(fig):
    """Draw ``fig`` the way ``render`` will (so ticks a job freezes are the drawn ones)."""
    from matplotlib import cbook
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    with cbook._setattr_cm(fig, dpi=DPI), cbook._setattr_cm(canvas, _device_pixel_ratio=1), \
            cbook._setattr_cm(canvas, _is_saving=True):
        FigureCanvasAgg.draw(canvas)


def run_job(code, filename, options):
    """Execute ``code`` (bytes) as the script ``filename`` in the current directory and
    hand its figures over: ``(header_json, [figure_bytes, ...])``.

    Nothing here is trusted by the grader: the figures are drawn and read by a reader
    process (``read``); what the submission tried that it may not do is recorded by the
    Rust audit hook, outside its reach. ``options``: ``seed``, ``output_cap``.
    """
    t0 = time.perf_counter()
    faults0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    options = dict(options or {})
    seed = int(options.get("seed", 0))
    cap = int(options.get("output_cap", 64 * 1024))
    header = {
        "status": None,
        "error": None,
        "stdout": "",
        "stderr": "",
        "stdout_dropped": 0,
        "stderr_dropped": 0,
        "saved_paths": [],
        "show_calls": 0,
        "backend_requests": [],
        "figures": 0,
        "timings_ms": {},
    }

    def finish(status, payloads=()):
        header["status"] = status
        header["timings_ms"]["total"] = round((time.perf_counter() - t0) * 1000, 3)
        # Copy-on-write and first-touch faults of the job (what a spare's copy avoids).
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults0
        header["timings_ms"]["page_faults"] = faults
        return json.dumps(header, allow_nan=False), list(payloads)

    if not code.strip():
        return finish("no_code")
    try:
        tree = compile(code, filename, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError) as e:  # ValueError: NUL bytes in the source
        if isinstance(e, SyntaxError):
            header["error"] = _syntax_error(e, filename)
        else:
            header["error"] = {"type": "SyntaxError", "message": str(e), "line": None,
                               "column": None, "traceback": str(e)}
        return finish("syntax_error")
    if not tree.body:
        return finish("no_code")
    compiled = compile(tree, filename, "exec", dont_inherit=True)
    try:
        text = code.decode("utf-8", "replace") if isinstance(code, bytes) else code
        linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    except Exception:  # noqa: BLE001 — only for tracebacks: never fail a job over it
        pass

    import matplotlib.pyplot as plt
    import numpy as np

    random.seed(seed)
    np.random.seed(seed)
    capture = guard_mod.Capture()
    capture.install()

    out, err = guard_mod.CappedWriter(cap), guard_mod.CappedWriter(cap)
    sys.stdout, sys.stderr, sys.stdin = out, err, io.StringIO("")
    globs = {"__name__": "__main__", "__file__": filename, "__builtins__": builtins}
    error, status = None, None
    t_exec = time.perf_counter()
    try:
        exec(compiled, globs)  # noqa: S102 — running the submission is the job (guarded)
    except SystemExit as e:
        # A script that ends itself with exit(0) ran; any other code is a failure.
        if e.code not in (None, 0):
            error, status = _runtime_error(e, filename), "runtime_error"
    except guard_mod.Forbidden as e:
        error, status = _runtime_error(e, filename), "forbidden"
    except MemoryError as e:
        error, status = _runtime_error(e, filename), "memory"
    except BaseException as e:  # noqa: BLE001 — anything the submission raises is its result
        error, status = _runtime_error(e, filename), "runtime_error"
    header["timings_ms"]["exec"] = round((time.perf_counter() - t_exec) * 1000, 3)
    header["stdout"], header["stderr"] = out.getvalue(), err.getvalue()
    header["stdout_dropped"], header["stderr_dropped"] = out.dropped, err.dropped
    header["saved_paths"] = capture.saved_paths
    header["show_calls"] = capture.show_calls
    header["backend_requests"] = capture.backend_requests
    header["error"] = error
    if status is not None:
        return finish(status)

    # Every figure the script showed or saved (even if it closed it), then those left open.
    figs = list(capture.figures)
    for num in plt.get_fignums():
        fig = plt.figure(num)
        if all(f is not fig for f in figs):
            figs.append(fig)
    figs.sort(key=lambda f: (getattr(f, "number", 0) or 0))
    if not figs:
        return finish("no_figure")
    t_pack = time.perf_counter()
    try:
        payloads = [handover.pack(fig, draw=_draw_as_rendered) for fig in figs]
    except handover.Unportable as e:
        header["error"] = {"type": "Unportable", "message": str(e), "line": None,
                           "column": None, "traceback": ""}
        return finish("unportable")
    except MemoryError as e:
        header["error"] = _runtime_error(e, filename)
        return finish("memory")
    except guard_mod.Forbidden as e:
        header["error"] = _runtime_error(e, filename)
        return finish("forbidden")
    except Exception as e:  # noqa: BLE001 — a figure that cannot be drawn is the script's fault
        header["error"] = _runtime_error(e, filename)
        header["error"]["message"] = f"while handing the figure over: {header['error']['message']}"
        return finish("runtime_error")
    header["timings_ms"]["pack"] = round((time.perf_counter() - t_pack) * 1000, 3)
    header["figures"] = len(payloads)
    return finish("ok", payloads)


def read(payloads):
    """The reader: draw each figure handed over by a job and read its scene.

    Runs in a process forked from the template, which never ran a job: nothing of the
    submission's but these bytes is here. Returns ``(header_json, images)``, an image
    being ``(width, height, rgba)`` (or PNG bytes for an unusual canvas).
    """
    t0 = time.perf_counter()
    faults0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    header = {"status": None, "error": None, "figures": 0, "scene": {"figures": []},
              "timings_ms": {}}

    def finish(status, images=()):
        header["status"] = status
        header["timings_ms"]["read"] = round((time.perf_counter() - t0) * 1000, 3)
        header["timings_ms"]["read_page_faults"] = \
            resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults0
        return json.dumps(header, allow_nan=False), list(images)

    from matplotlib.figure import Figure

    images, scenes = [], []
    unpack_ms = render_ms = scene_ms = 0.0
    for i, data in enumerate(payloads, start=1):
        t = time.perf_counter()
        try:
            rc, fig = handover.unpack(data)
            handover.apply_rc(rc)
        except handover.Unportable as e:
            header["error"] = {"type": "Unportable", "message": f"figure {i}: {e}",
                               "line": None, "column": None, "traceback": ""}
            return finish("unportable")
        except MemoryError as e:
            header["error"] = _runtime_error(e, None)
            return finish("memory")
        unpack_ms += time.perf_counter() - t
        try:
            t = time.perf_counter()
            image = render(fig, Figure.savefig, observe=True)
            render_ms += time.perf_counter() - t
            t = time.perf_counter()
            if isinstance(image, tuple):
                width, height, rgba, ledger = image
                image = (width, height, rgba)
                scenes.append(scene_mod.figure_scene(fig, i, (width, height), ledger, rgba))
            else:
                # A canvas the ledger cannot watch: what passes must be visible, so this
                # scene can never pass.
                width = int.from_bytes(image[16:20], "big")
                height = int.from_bytes(image[20:24], "big")
                scene = scene_mod.figure_scene(fig, i, (width, height))
                scene["unseen"] = []
                scene["ink"] = [f"drawn by {type(fig.canvas).__name__}, whose ink cannot be attributed"]
                scenes.append(scene)
            scene_ms += time.perf_counter() - t
            images.append(image)
        except MemoryError as e:
            header["error"] = _runtime_error(e, None)
            return finish("memory")
        except Exception as e:  # noqa: BLE001 — a figure that cannot be drawn is the script's
            header["error"] = _runtime_error(e, None)
            header["error"]["message"] = f"while rendering the figure: {header['error']['message']}"
            return finish("runtime_error")
    header["timings_ms"]["unpack"] = round(unpack_ms * 1000, 3)
    header["timings_ms"]["render"] = round(render_ms * 1000, 3)
    header["timings_ms"]["scene"] = round(scene_ms * 1000, 3)
    header["figures"] = len(images)
    header["scene"] = {"figures": scenes}
    return finish("ok", images)
