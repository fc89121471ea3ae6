"""A matplotlib figure of this process, read as the workers read theirs.

For figures made by trusted code (your tests, your notebook): rendered here, with the
workers' renderer settings and PNG encoder, and read by the workers' scene reader (the
shim embedded in the extension, imported in-process). Untrusted code goes through
:func:`plotgrade.run`, which runs it in a sandboxed worker instead.
"""

from __future__ import annotations

import contextlib
import json
import sys
from dataclasses import dataclass
from typing import Any, Iterator

from . import _native

_SHIM = "plotgrade_shim"


def _shim() -> Any:
    """The shim's runner module, imported once from the extension's embedded sources with
    the workers' own loader, so the plugin reads scenes exactly as the installed workers
    do (never a stray ``plotgrade_shim`` on ``sys.path``)."""
    mod = sys.modules.get(f"{_SHIM}.runner")
    spec = getattr(mod, "__spec__", None)
    if spec is not None and type(spec.loader).__name__ == "_EmbeddedShim":
        return mod
    for name in [n for n in sys.modules if n == _SHIM or n.startswith(_SHIM + ".")]:
        del sys.modules[name]
    sources, loader = _native.shim_sources()
    exec(loader, {"_sources": dict(sources)})  # noqa: S102 — our own embedded code
    import plotgrade_shim.runner as runner

    return runner


@contextlib.contextmanager
def pinned_style() -> Iterator[None]:
    """matplotlib's defaults plus the workers' pins (DPI 100, DejaVu Sans, Agg), restored
    afterwards: figures made inside draw as a worker would draw them."""
    import matplotlib
    import matplotlib.pyplot as plt

    runner = _shim()
    rc = {k: v for k, v in runner.PINNED_RC.items() if k != "backend"}
    backend = matplotlib.get_backend()
    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        matplotlib.rcParams.update(rc)
        plt.switch_backend("agg")
        try:
            yield
        finally:
            plt.switch_backend(backend)


@dataclass(frozen=True)
class Picture:
    """A figure as plotgrade compares it: PNG bytes and the scene of what was drawn."""

    png: bytes
    scene: dict

    @property
    def scene_json(self) -> str:
        return json.dumps(self.scene, sort_keys=True, allow_nan=False)

    def describe(self) -> str:
        """The scene as text (as ``plotgrade dump scene`` prints it)."""
        return _native.scene_text(json.dumps({"figures": [self.scene]}))


def capture(fig: Any = None) -> Picture:
    """Render ``fig`` (default: the current figure) and read its scene, in this process."""
    from matplotlib.figure import Figure

    if fig is None:
        import matplotlib.pyplot as plt

        fig = plt.gcf()
    if not isinstance(fig, Figure):
        raise TypeError(f"capture() takes a matplotlib Figure, not {type(fig).__name__}")
    runner = _shim()
    image = runner.render(fig, Figure.savefig)
    if isinstance(image, tuple):
        width, height, rgba = image
        png = bytes(_native.encode_png(width, height, rgba))
    else:
        png = image
        width = int.from_bytes(png[16:20], "big")
        height = int.from_bytes(png[20:24], "big")
    scene = runner.scene_mod.figure_scene(fig, 1, (width, height))
    # Through JSON, as a worker's scene travels: the same numbers, the same keys.
    return Picture(png=png, scene=json.loads(json.dumps(scene, allow_nan=False)))
