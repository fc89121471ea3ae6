"""What a fresh process per job costs, and what did not bring it down (issue #15).

Runs the reference scripts of a suite the way a fork server would: one warm, frozen
interpreter, each script in a child forked from it (exec + savefig, then ``_exit``), and
prints milliseconds and minor page faults per script for each way of preparing the
interpreter, taking turns over rounds in an order rotated each round, so drift on a
shared machine falls on all alike:

- ``plain``: one warm-up figure, ``gc.freeze()`` (what plotgrade's template does);
- ``collapse``: the same, then the interpreter's private memory backed by 2 MiB pages
  (``madvise(MADV_COLLAPSE)``), so a fork copies fewer page-table entries;
- ``rich-warm-up``: the same as plain after running 60 *other* scripts of the suite in the
  interpreter first, so their caches are warm in every child;
- ``filled-slots``: the same as plain with every free block of pymalloc's used pools taken
  before the freeze, so a child's new objects land on fresh pages rather than shared ones.

Also the cost of forking a child that does nothing, and the in-process loop (no fork).

    .venv/bin/python python_shim/tools/fork_experiments.py [--suite references/mathopeval-mini]
        [--scripts 120] [--rounds 3]

A measuring tool, not a test: the bench (``plotgrade bench``) holds the project's figures.
"""

import argparse
import ctypes
import gc
import glob
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time

VARIANTS = ("plain", "collapse", "rich-warm-up", "filled-slots")


def child_program():
    # Each variant runs in its own interpreter, started fresh: this file in --variant mode.
    return [sys.executable, os.path.abspath(__file__)]


def one(name, src, plt):
    try:
        exec(compile(src, name, "exec"), {"__name__": "__main__"})
        for num in plt.get_fignums():
            plt.figure(num).savefig(io.BytesIO(), format="png", dpi=100)
    except BaseException:  # noqa: BLE001 - a script's failure is part of its cost
        pass
    plt.close("all")


def collapse():
    """``MADV_COLLAPSE`` (Linux >= 6.1) over every private writable mapping; bytes done."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    huge, done = 2 << 20, 0
    for line in open("/proc/self/maps"):
        fields = line.split()
        if fields[1] != "rw-p" or (len(fields) > 5 and fields[5].startswith("[v")):
            continue
        lo, hi = (int(x, 16) for x in fields[0].split("-"))
        a, b = -(-lo // huge) * huge, hi // huge * huge
        if b > a and libc.madvise(a, b - a, 25) == 0:
            done += b - a
    return done


def free_blocks():
    """pymalloc's free blocks in used pools, by block size (``sys._debugmallocstats``)."""
    import tempfile

    with tempfile.TemporaryFile() as f:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(f.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        text = f.read().decode()
    out = {}
    for line in text.splitlines():
        p = line.split()
        if len(p) == 5 and all(x.isdigit() for x in p):
            out[int(p[1])] = int(p[4])
    return out


_kept = []


def fill_slots(rounds=4):
    # A bytearray of n bytes takes an (n + 1)-byte block from pymalloc for its buffer.
    for _ in range(rounds):
        free = free_blocks()
        if not any(free.values()):
            break
        for size, n in free.items():
            _kept.append([bytearray(size - 1) for _ in range(n)])


def variant_main(variant, suite, n):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy.random  # noqa: F401 - as plotgrade's template imports it

    scripts = sorted(glob.glob(os.path.join(suite, "*", "*.py")))
    sources = [(s, open(s).read()) for s in scripts]
    random.Random(1).shuffle(sources)
    warm_set, measured = sources[:60], sources[60:60 + n]
    fig, ax = plt.subplots()
    ax.bar([1, 2], [3, 4])
    ax.plot([1, 2], [2, 1])
    ax.set_title("warm")
    fig.savefig(io.BytesIO(), format="png", dpi=100)
    plt.close("all")
    if variant == "rich-warm-up":
        for name, src in warm_set:
            one(name, src, plt)
    gc.collect()
    if variant == "filled-slots":
        fill_slots()
    gc.freeze()
    if variant == "collapse":
        collapse()
    if variant == "in-process":
        t = time.perf_counter()
        for name, src in measured:
            one(name, src, plt)
        return {"ms": (time.perf_counter() - t) / len(measured) * 1000, "faults": 0}
    if variant == "noop-fork":
        k = 200
        t = time.perf_counter()
        for _ in range(k):
            pid = os.fork()
            if pid == 0:
                os._exit(0)
            os.waitpid(pid, 0)
        return {"ms": (time.perf_counter() - t) / k * 1000, "faults": 0}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    for name, src in measured:
        pid = os.fork()
        if pid == 0:
            one(name, src, plt)
            os._exit(0)
        os.waitpid(pid, 0)
    secs = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "ms": secs / len(measured) * 1000,
        "faults": (after.ru_minflt - before.ru_minflt) / len(measured),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", default="references/mathopeval-mini")
    ap.add_argument("--scripts", type=int, default=120)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--variant", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.variant:
        print(json.dumps(variant_main(args.variant, args.suite, args.scripts)))
        return
    if not glob.glob(os.path.join(args.suite, "*", "*.py")):
        sys.exit(f"no scripts under {args.suite}/*/ (run from the repository root, or pass --suite)")
    ways = ("in-process",) + VARIANTS + ("noop-fork",)
    got = {w: [] for w in ways}
    for r in range(1, args.rounds + 1):
        # A different order each round, so no way always runs first or after another.
        k = (r - 1) % len(ways)
        for w in ways[k:] + ways[:k]:
            print(f"round {r}/{args.rounds}: {w}", file=sys.stderr)
            out = subprocess.run(
                child_program() + ["--variant", w, "--suite", args.suite,
                                   "--scripts", str(args.scripts)],
                check=True, capture_output=True, text=True,
            )
            got[w].append(json.loads(out.stdout.strip().splitlines()[-1]))
    med = {w: statistics.median(x["ms"] for x in got[w]) for w in ways}

    def ratio(w, base):  # within each round, then the median over rounds
        return statistics.median(a["ms"] / b["ms"] for a, b in zip(got[w], got[base]))

    print(f"{args.scripts} scripts of {args.suite}, median of {args.rounds} round(s)")
    print(f"  in-process loop          {med['in-process']:6.1f} ms a script")
    for w in VARIANTS:
        faults = statistics.median(x["faults"] for x in got[w])
        print(f"  fork a script, {w:<13} {med[w]:6.1f} ms ({ratio(w, 'in-process'):.2f}x the loop,"
              f" {ratio(w, 'plain'):.2f}x plain), {faults:.0f} page faults")
    print(f"  fork and exit a child that does nothing {med['noop-fork']:.2f} ms")


if __name__ == "__main__":
    main()
