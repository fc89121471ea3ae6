"""plotgrade: grade model-written Matplotlib code by running it and reading back what it drew.

The Python face of the plotgrade library (the same Rust code as the ``plotgrade`` command)::

    import plotgrade

    r = plotgrade.run("import matplotlib.pyplot as plt\\nplt.bar(['a'], [3])")
    r.status, r.figures[0][:8], r.scene["figures"][0]["axes"][0]["bars"]

    results = plotgrade.grade("tasks/mathopeval-mini/tasks.jsonl", submissions, out="runs/x")
    results.to_pandas()

    print(plotgrade.diff(old_code, new_code, figure=True))
    plotgrade.compare(fig_a, fig_b).changes        # ["bar 'Q3': height 5 → 7"]

    with plotgrade.Grader("tasks/mathopeval-mini/tasks.jsonl") as g:   # warm workers
        g.grade_one("bar-03-deletion", response).pass_
        g.grade_batch([("bar-03-deletion", r) for r in group])   # a GRPO group, in order

Rewards for TRL, verl and OpenRLHF: :mod:`plotgrade.rewards` and ``plotgrade serve``.

Submissions run in sandboxed worker processes of this interpreter's environment, with its
matplotlib. The pytest plugin (``pytest --plotgrade-generate`` writes baselines, ``pytest`` checks) is :mod:`plotgrade.pytest_plugin`.
"""

from ._env import PlotgradeVersionWarning, UnsupportedMatplotlib, environment_versions
from ._native import UsageError, __version__
from .api import (
    CompareResult,
    Diff,
    Graded,
    Grader,
    GradeResults,
    RejectedWarning,
    RunResult,
    compare,
    diff,
    grade,
    prompts,
    run,
)
from ._figure import capture

__all__ = [
    "CompareResult",
    "Diff",
    "GradeResults",
    "Graded",
    "Grader",
    "RejectedWarning",
    "PlotgradeVersionWarning",
    "RunResult",
    "UnsupportedMatplotlib",
    "UsageError",
    "__version__",
    "capture",
    "compare",
    "diff",
    "environment_versions",
    "grade",
    "prompts",
    "run",
]
