"""pytest-mpl-style figure tests, checked by plotgrade's plugin (see test_package.py).

EXAMPLE_Q3 and EXAMPLE_PAIR_BREAK change what two tests draw, so the driver can show a
described failure without editing this file.
"""

import os

import matplotlib.pyplot as plt
import numpy as np
import pytest

from plotgrade.testing import check_figures_equal

Q3 = float(os.environ.get("EXAMPLE_Q3", "5"))
PAIR_BREAK = os.environ.get("EXAMPLE_PAIR_BREAK") == "1"
# A background one shade off white: a pixel drift with the same scene.
BACKGROUND = "#fafafa" if os.environ.get("EXAMPLE_TINT") == "1" else "white"


@pytest.mark.plotgrade
def test_quarterly_bars():
    fig, ax = plt.subplots()
    ax.bar(["Q1", "Q2", "Q3"], [3, 4, Q3])
    ax.set_title("Sales")
    return fig


@pytest.mark.plotgrade(mode="scene")
def test_sine_left_current():
    x = np.linspace(0, 2 * np.pi, 200)
    plt.plot(x, np.sin(x), label="sin")
    plt.legend()


def pie():
    fig, ax = plt.subplots()
    fig.set_facecolor(BACKGROUND)
    ax.pie([30, 45, 25], labels=["a", "b", "c"], autopct="%1.0f%%")
    return fig


@pytest.mark.plotgrade(mode="image", tolerance=5)
def test_pie_tolerant():
    return pie()


@pytest.mark.plotgrade(mode="image", tolerance=0)
def test_pie_strict():
    return pie()


@pytest.mark.plotgrade(mode="hash")
def test_line_bytes():
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([0, 1, 2], [0, 1, 4], marker="o")
    return fig


@pytest.mark.parametrize("n", [3, 5])
@pytest.mark.plotgrade
def test_polygon(n):
    fig, ax = plt.subplots()
    t = np.linspace(0, 2 * np.pi, n + 1)
    ax.plot(np.cos(t), np.sin(t))
    ax.set_aspect("equal")
    return fig


@check_figures_equal()
def test_two_bar_calls_equal_one(fig_test, fig_ref):
    fig_test.subplots().bar(["a", "b"], [1, 2], color="C0")
    ax = fig_ref.subplots()
    ax.bar(["a"], [1], color="C0")
    ax.bar(["b"], [3 if PAIR_BREAK else 2], color="C0")


@check_figures_equal(mode="hybrid", tolerance=1)
def test_axhline_as_plot(fig_test, fig_ref):
    fig_test.subplots().axhline(0.5, color="k")
    fig_ref.subplots().axhline(0.5, color="k")
