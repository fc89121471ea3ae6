import os
import sys

import matplotlib

matplotlib.use("Agg")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


import json

import matplotlib.pyplot as plt
import pytest

from plotgrade_shim import runner, scene


@pytest.fixture
def fresh():
    """Pinned settings before a scene test, no figure left open after it."""
    runner.pin_rc()
    yield
    plt.close("all")


def drawn(fig):
    """Draw ``fig`` and read its scene, checked to be what the runner can send (JSON)."""
    fig.canvas.draw()
    s = scene.figure_scene(fig, 1, (0, 0))
    json.dumps(s, allow_nan=False)
    return s
