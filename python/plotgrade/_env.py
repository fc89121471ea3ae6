"""Where workers run, and whether this environment draws as the pinned one does.

At import the extension is told which interpreter hosts it: every worker is this
``sys.executable`` running the extension's worker loop, so submissions are graded with
this environment's matplotlib. Renders are byte-for-byte comparable with baselines made
elsewhere only under the pinned versions (plotgrade's ``requirements.txt``); when
matplotlib, numpy or FreeType differ, :func:`check_versions` says so once.
"""

from __future__ import annotations

import sys
import sysconfig
import warnings

from . import _native

# What a worker runs: `python -I -c WORKER_CODE`.
WORKER_CODE = "import plotgrade._native as n; n.worker_main()"

# FreeType is not a Python package: the version matplotlib's wheels bundle.
PINNED_FREETYPE = "2.6.1"


class PlotgradeVersionWarning(UserWarning):
    """matplotlib, numpy or FreeType differ from the versions plotgrade pins."""


class UnsupportedMatplotlib(RuntimeError):
    """matplotlib's minor version is not the one plotgrade's figure reader was reviewed for."""


_native.init(sys.executable, sysconfig.get_path("purelib"), WORKER_CODE)


def pinned_versions() -> dict[str, str]:
    """The pinned versions: ``{"matplotlib": "3.10.9", "numpy": …, "freetype": …}``."""
    pins = {}
    for line in _native.pinned_requirements().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[name.strip().lower()] = version.strip()
    return {
        "matplotlib": pins.get("matplotlib", ""),
        "numpy": pins.get("numpy", ""),
        "freetype": PINNED_FREETYPE,
    }


def environment_versions() -> dict[str, str]:
    """This environment's versions of what decides the pixels."""
    import matplotlib
    import numpy
    from matplotlib import ft2font

    return {
        "python": sys.version.split()[0],
        "matplotlib": matplotlib.__version__,
        "numpy": numpy.__version__,
        "freetype": getattr(ft2font, "__freetype_version__", "unknown"),
    }


_warned = False


def _minor(version: str) -> tuple[str, ...]:
    return tuple(version.split(".")[:2])


def check_versions() -> list[str]:
    """The differences from the pinned versions; warned about once per process.

    Another matplotlib *minor* version is refused: the reader unpickles a job's figure
    through an allow-list of matplotlib's figure classes, reviewed for one minor version
    (``python_shim/plotgrade_shim/_allowlist_data.py``); a new minor adds classes (3.11
    pickles ``matplotlib.axes._base._PropCycle``) that the reader would refuse, and each
    needs the same review before it is trusted.
    """
    global _warned
    now, pinned = environment_versions(), pinned_versions()
    if pinned["matplotlib"] and _minor(now["matplotlib"]) != _minor(pinned["matplotlib"]):
        series = ".".join(_minor(pinned["matplotlib"]))
        raise UnsupportedMatplotlib(
            f"plotgrade {_native.__version__} reads figures drawn by matplotlib {series}.x "
            f"(its reader's allow-list of figure classes is reviewed per minor version); "
            f"this environment has matplotlib {now['matplotlib']}: "
            f"pip install 'matplotlib=={series}.*'"
        )
    diffs = [f"{k} {now[k]} (pinned: {v})" for k, v in pinned.items() if v and now.get(k) != v]
    if diffs and not _warned:
        _warned = True
        warnings.warn(
            "plotgrade: this environment has "
            + ", ".join(diffs)
            + ". Figures are graded with these versions; their bytes are not comparable "
            "with baselines made under the pinned ones, and every run and baseline records "
            "the versions it was made with.",
            PlotgradeVersionWarning,
            stacklevel=3,
        )
    return diffs
