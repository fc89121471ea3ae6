"""The scene reader on kinds of figure the MathOPEval suite never draws, as found in the
Matplotlib gallery (run by scripts/gallery): it must read them without raising."""


import matplotlib.pyplot as plt
import numpy as np
import pytest

from conftest import drawn


pytestmark = pytest.mark.usefixtures("fresh")


def test_3d_bars_are_read_as_patches_not_bars():
    # Regression: Axes3D.bar puts Patch3D polygons in a BarContainer; reading them as
    # rectangles raised AttributeError ('Patch3D' has no get_x) and lost the figure.
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    ax.bar([1, 2, 3], [3, 1, 2], zs=0, zdir="y")
    axes = drawn(fig)["axes"][0]
    assert axes["projection"] == "3d"
    assert axes["bars"] == []
    assert len(axes["patches"]) == 3


def test_images_polar_tables_and_collections_are_read():
    fig, axs = plt.subplots(1, 3, figsize=(9, 3))
    axs[0].imshow(np.arange(12).reshape(3, 4))
    axs[1].table(cellText=[["1", "2"], ["3", "4"]], loc="center")
    axs[2].fill_between([0, 1, 2], [0, 1, 0], alpha=0.3)
    axs[2].vlines([0.5, 1.5], 0, 1)
    polar = fig.add_subplot(2, 2, 4, projection="polar")
    polar.plot([0, 1, 2], [1, 2, 1])
    s = drawn(fig)
    assert s["axes"][0]["images"][0]["shape"] == [3, 4]
    assert s["axes"][3]["projection"] == "polar"
    assert len(s["axes"][2]["lines"]) == 2  # the two vlines segments
