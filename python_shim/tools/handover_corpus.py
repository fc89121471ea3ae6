"""How many real figures come back to identical pixels through the hand-over.

Runs each script under the given directories in this interpreter (pinned rcParams, the
shim's capture), draws every figure it made, hands it over (``handover.pack`` then
``unpack``, as the job and the reader do) and draws the copy. Prints one line per figure
that differs or cannot be handed over, and the totals.

    .venv/bin/python python_shim/tools/handover_corpus.py references/mathopeval-mini references/gallery
"""

from __future__ import annotations

import os
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from plotgrade_shim import handover, runner  # noqa: E402


def pixels(fig):
    return runner.render(fig, type(fig).savefig)


def main(dirs):
    same = differ = unportable = failed = 0
    scripts = sorted(p.resolve() for d in dirs for p in pathlib.Path(d).rglob("*.py"))
    for path in scripts:
        plt.close("all")
        matplotlib.rcdefaults()
        runner.pin_rc()
        cwd = os.getcwd()
        with tempfile.TemporaryDirectory() as tmp:
            os.chdir(tmp)
            try:
                exec(compile(path.read_text(), str(path), "exec"), {"__name__": "__main__"})
            except BaseException as e:  # noqa: BLE001 — a script that fails is counted
                print(f"{path}: the script failed ({type(e).__name__})")
                failed += 1
                continue
            finally:
                os.chdir(cwd)
        for num in plt.get_fignums():
            fig = plt.figure(num)
            try:
                want = pixels(fig)
                rc, copy = handover.unpack(handover.pack(fig))
                handover.apply_rc(rc)
                got = pixels(copy)
            except handover.Unportable as e:
                print(f"{path} figure {num}: unportable ({e})")
                unportable += 1
                continue
            if got == want:
                same += 1
            else:
                print(f"{path} figure {num}: pixels differ")
                differ += 1
    total = same + differ + unportable
    print(f"{len(scripts)} scripts, {total} figures: {same} identical, {differ} differ, "
          f"{unportable} unportable; {failed} scripts failed to run")


if __name__ == "__main__":
    main(sys.argv[1:] or ["references"])
