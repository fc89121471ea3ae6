"""Test helpers: matplotlib's ``check_figures_equal`` pairs, compared by what they draw.

::

    from plotgrade.testing import check_figures_equal

    @check_figures_equal()                       # mode="scene" by default
    def test_bar_label(fig_test, fig_ref):
        fig_test.subplots().bar(["a"], [3], label="x")
        fig_ref.subplots().bar(["a"], [3], label="x")

The test draws on two fresh figures; they must draw the same scene (``mode="scene"``), or
pass any other plotgrade mode: ``hybrid`` (same scene, pixels within ``tolerance``),
``image``, ``hash``. A difference fails with the change in words (``bar 'a': height 3 →
4``), where matplotlib's decorator only reports an RMS.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from .api import CompareResult, Mode, compare
from ._figure import capture, pinned_style


def assert_figures_equal(fig_test: Any, fig_ref: Any, *, mode: Mode = "scene",
                         tolerance: float = 0.0) -> CompareResult:
    """Fail (AssertionError) unless the two figures are equal under ``mode``."""
    __tracebackhide__ = True
    result = compare(capture(fig_ref), capture(fig_test), mode=mode, tolerance=tolerance)
    if not result.equal:
        lines = [f"the test figure differs from the reference figure ({mode}):"]
        lines += [f"  {c}" for c in result.changes] or [f"  {result.reason}"]
        raise AssertionError("\n".join(lines))
    return result


def check_figures_equal(*, mode: Mode = "scene", tolerance: float = 0.0) -> Callable:
    """Decorator: the test receives ``fig_test`` and ``fig_ref`` and draws on both."""

    def decorator(func: Callable) -> Callable:
        sig = inspect.signature(func)
        for name in ("fig_test", "fig_ref"):
            if name not in sig.parameters:
                raise TypeError(f"{func.__name__} must take a {name!r} argument")

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> None:
            __tracebackhide__ = True
            import matplotlib.pyplot as plt

            with pinned_style():
                fig_test = plt.figure("test")
                fig_ref = plt.figure("reference")
                try:
                    func(*args, fig_test=fig_test, fig_ref=fig_ref, **kwargs)
                    assert_figures_equal(fig_test, fig_ref, mode=mode, tolerance=tolerance)
                finally:
                    plt.close(fig_test)
                    plt.close(fig_ref)

        # pytest must not look for fixtures called fig_test and fig_ref.
        kept = [p for name, p in sig.parameters.items() if name not in ("fig_test", "fig_ref")]
        wrapper.__signature__ = sig.replace(parameters=kept)  # type: ignore[attr-defined]
        return wrapper

    return decorator
