"""Print the classes of figure content in the installed matplotlib, for allowlist.py.

A class is figure content when it is defined in a matplotlib or mpl_toolkits module
outside backends/animation/widgets/testing/sphinxext/texmanager/pyplot and derives from
one of BASES (what a pickled figure is made of). Add to it the classes the corpus
actually used (--corpus-log FILES, written by tools/handover_corpus.py).

    .venv/bin/python python_shim/tools/allowlist_classes.py [--corpus-log f.json ...]
"""
import importlib, inspect, json, pkgutil, sys
sys.modules.setdefault('matplotlib.tests', None); sys.modules.setdefault('mpl_toolkits.mplot3d.tests', None); sys.modules.setdefault('mpl_toolkits.axes_grid1.tests', None); sys.modules.setdefault('mpl_toolkits.axisartist.tests', None)

import matplotlib
matplotlib.use("Agg")

SKIP = ("matplotlib.backends", "matplotlib.animation", "matplotlib.widgets",
        "matplotlib.testing", "matplotlib.sphinxext", "matplotlib.texmanager",
        "matplotlib.pyplot", "matplotlib.pylab", "matplotlib.backend_", "matplotlib.tests",
        "mpl_toolkits.mplot3d.tests", "mpl_toolkits.axes_grid1.tests", "mpl_toolkits.axisartist.tests",
        "matplotlib._pylab_helpers", "matplotlib.style", "matplotlib.font_manager")


def bases():
    from matplotlib import (artist, transforms, path, ticker, colors, scale, layout_engine,
                            gridspec, markers, patches, patheffects, legend_handler,
                            container, units, category, cbook, font_manager, dates)
    from matplotlib.tri import Triangulation
    return (artist.Artist, transforms.TransformNode, path.Path, ticker.TickHelper,
            colors.Normalize, colors.Colormap, scale.ScaleBase, layout_engine.LayoutEngine,
            gridspec.GridSpecBase, gridspec.SubplotSpec, gridspec.SubplotParams,
            markers.MarkerStyle, patches._Style, patheffects.AbstractPathEffect,
            legend_handler.HandlerBase, container.Container, units.ConversionInterface,
            category.UnitData, Triangulation, font_manager.FontProperties)


def modules():
    for pkg in ("matplotlib", "mpl_toolkits"):
        root = importlib.import_module(pkg)
        for info in pkgutil.walk_packages(root.__path__, pkg + ".", onerror=lambda n: None):
            if info.name.startswith(SKIP) or ".tests" in info.name or info.name.endswith(".tests"):
                continue
            try:
                yield importlib.import_module(info.name)
            except Exception:
                pass


def classes():
    b = bases()
    out = set()
    for m in modules():
        for name, obj in vars(m).items():
            if not isinstance(obj, type) or obj.__module__ != m.__name__:
                continue
            for cls in [obj] + [c for c in vars(obj).values() if isinstance(c, type)]:
                if issubclass(cls, b) and cls.__module__ == m.__name__:
                    out.add(f"{cls.__module__}:{cls.__qualname__}")
    return out


if __name__ == "__main__":
    found = classes()
    for f in sys.argv[1:]:
        if f != "--corpus-log":
            found |= {c for c in json.load(open(f)) if c.split(":")[0].split(".")[0] in ("matplotlib", "mpl_toolkits")}
    for c in sorted(found):
        print(c)
