"""What the ink ledger costs a figure, against the ledger of another commit, in one process.

    .venv/bin/python scripts/ink_cost.py --against d06ff7e~1 [--reps 5] [--every 2]

Renders the mathopeval-mini reference figures (every ``--every``-th) three ways, taking
turns figure by figure: without the ledger, with the ledger of ``--against``, and with
today's; keeps the fastest of ``--reps`` runs of each (CPU time) and prints the ledger's
added cost per figure both ways and their ratio. Both ledgers run in this process, with
one set of class wrappers, so machine drift hits both alike (the bench compares whole
pipelines; this isolates the ledger). With ``--scenes``, also checks that both ledgers
give equal scenes on every figure, and lists those that differ.
"""
from __future__ import annotations

import argparse
import contextlib
import glob
import importlib.util
import io
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python_shim"))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

import plotgrade_shim  # noqa: E402
from plotgrade_shim import ink as new  # noqa: E402
from plotgrade_shim import runner  # noqa: E402
from plotgrade_shim import scene as sm  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", required=True, help="git revision whose ink.py to compare with")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--every", type=int, default=2, help="take every n-th reference script")
    ap.add_argument("--scenes", action="store_true", help="also compare the scenes both give")
    a = ap.parse_args()
    try:
        old_src = subprocess.run(
            ["git", "-C", ROOT, "show", f"{a.against}:python_shim/plotgrade_shim/ink.py"],
            check=True, capture_output=True, text=True).stdout
    except subprocess.CalledProcessError as e:
        print(f"ink_cost: cannot read ink.py at {a.against!r}: {e.stderr.strip()}", file=sys.stderr)
        return 2
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(old_src)
    spec = importlib.util.spec_from_file_location("plotgrade_shim.ink_base", f.name)
    base = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(base)
    os.unlink(f.name)
    mods = {"base": base, "new": new}
    # One set of class wrappers (today's): route its ledger slot to whichever ledger runs.
    for m in (base, new):
        enter0, exit0 = m.Ledger.__enter__, m.Ledger.__exit__

        def enter(self, _e=enter0):
            r = _e(self)
            new._active = self
            return r

        def exit_(self, *exc, _x=exit0):
            r = _x(self, *exc)
            new._active = None
            return r

        m.Ledger.__enter__, m.Ledger.__exit__ = enter, exit_

    def use(name):
        runner.ink = plotgrade_shim.ink = sys.modules["plotgrade_shim.ink"] = mods[name]

    paths = sorted(glob.glob(os.path.join(ROOT, "references/mathopeval-mini/*/*.py")))[:: a.every]
    blobs = []
    for p in paths:
        plt.close("all")
        runner.pin_rc()
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(open(p).read(), p, "exec"), {"__name__": "__main__"})  # noqa: S102 — a gallery script
        blobs.append(pickle.dumps(plt.gcf()))
    plt.close("all")
    use("new")
    runner.render(pickle.loads(blobs[0]), Figure.savefig, observe=True)
    best = {k: [float("inf")] * len(blobs) for k in ("plain", "base", "new")}
    differ = []
    for rep in range(a.reps):
        for i, b in enumerate(blobs):
            order = ("plain", "base", "new") if rep % 2 == 0 else ("new", "base", "plain")
            scenes = {}
            for mode in order:
                fig = pickle.loads(b)
                use("new" if mode == "plain" else mode)
                t = time.process_time()
                if mode == "plain":
                    r = runner.render(fig, Figure.savefig, observe=False)
                    sm.figure_scene(fig, 1, r[:2])
                else:
                    r = runner.render(fig, Figure.savefig, observe=True)
                    scenes[mode] = sm.figure_scene(fig, 1, r[:2], r[3], r[2])
                best[mode][i] = min(best[mode][i], time.process_time() - t)
                plt.close(fig)
            if a.scenes and rep == 0:
                if json.dumps(scenes["base"], sort_keys=True, default=str) != \
                        json.dumps(scenes["new"], sort_keys=True, default=str):
                    differ.append(os.path.relpath(paths[i], ROOT))
    n = len(blobs)
    p, b_, n_ = (1000 * sum(best[k]) / n for k in ("plain", "base", "new"))
    print(f"{n} figures, fastest of {a.reps} (CPU ms a figure): without the ledger {p:.2f}; "
          f"ledger of {a.against} +{b_ - p:.2f}; today's +{n_ - p:.2f} "
          f"({100 * (n_ - p) / (b_ - p):.0f}% of {a.against}'s)")
    if a.scenes:
        print(f"scenes differ on {len(differ)} of {n} figures" + (": " + ", ".join(differ) if differ else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
