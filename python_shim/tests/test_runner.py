"""run_job and read end to end, each in a forked child (as the worker runs them)."""

import json
import os

import pytest

from plotgrade_shim import guard, runner


@pytest.fixture(scope="module")
def prepared():
    return json.loads(runner.prepare())


def forked(work):
    """``work()`` in a forked child (its figures and settings die with it); its
    JSON-able result."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            payload = json.dumps({"ok": work()})
        except BaseException as e:  # noqa: BLE001 — report, never raise out of the fork
            payload = json.dumps({"crash": repr(e)})
        with os.fdopen(w, "w") as f:
            f.write(payload)
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        data = json.loads(f.read())
    os.waitpid(pid, 0)
    assert "crash" not in data, data
    return data["ok"]


def run(code, tmp_path, **options):
    """A job, then (when it handed figures over) a reader, each in its own child, as the
    worker runs them: ``(job_header, reader_header_or_None, images)``."""
    import base64

    def job():
        os.chdir(tmp_path)
        header, payloads = runner.run_job(code.encode() if isinstance(code, str) else code,
                                          "script.py", options)
        return [json.loads(header), [base64.b64encode(p).decode() for p in payloads]]

    header, payloads = forked(job)
    if not payloads:
        return header, None, []

    def reader():
        h, images = runner.read([base64.b64decode(p) for p in payloads])
        # An image is (width, height, rgba) for the worker to encode, or PNG bytes.
        return [json.loads(h), [["rgba", p[0], p[1], len(p[2])] if isinstance(p, tuple)
                                else ["png", p[:4].hex()] for p in images]]

    read_header, images = forked(reader)
    return header, read_header, images


def test_prepare_lists_read_roots_and_versions(prepared):
    assert any("site-packages" in r for r in prepared["read_roots"])
    assert prepared["versions"]["matplotlib"].startswith("3.")


def test_ok_with_figure(prepared, tmp_path):
    h, r, images = run("import matplotlib.pyplot as plt\nplt.bar(['a'], [1])\nprint('hi')\n", tmp_path)
    assert h["status"] == "ok" and h["figures"] == 1 and h["stdout"] == "hi\n"
    # The reader draws what the job handed over: default figure size 6.4 × 4.8 in at
    # 100 dpi, four bytes a pixel.
    assert r["status"] == "ok" and r["figures"] == 1
    assert images == [["rgba", 640, 480, 640 * 480 * 4]]
    assert r["scene"]["figures"][0]["axes"][0]["bars"][0]["category"] == "a"


def test_a_function_formatter_travels_as_the_labels_it_drew(prepared, tmp_path):
    h, r, _ = run("import matplotlib.pyplot as plt\n"
                  "from matplotlib.ticker import FuncFormatter\n"
                  "fig, ax = plt.subplots()\nax.plot([0, 1, 2], [0, 10, 20])\n"
                  "ax.yaxis.set_major_formatter(FuncFormatter(lambda v, p: f'{v:.0f}%'))\n",
                  tmp_path)
    assert h["status"] == "ok", h
    labels = r["scene"]["figures"][0]["axes"][0]["yticklabels"]
    assert "10%" in labels and "20%" in labels, labels


def test_a_class_of_the_submissions_own_is_unportable(prepared, tmp_path):
    h, r, _ = run("import matplotlib.pyplot as plt\nfrom matplotlib.lines import Line2D\n"
                  "class MyLine(Line2D):\n    pass\n"
                  "fig, ax = plt.subplots()\nax.add_line(MyLine([0, 1], [0, 1]))\n", tmp_path)
    assert h["status"] == "unportable" and r is None
    assert "MyLine" in h["error"]["message"]


def test_render_gives_the_pixels_savefig_gives(prepared):
    """Without the PNG encoding and the extra layout pass, but pixel for pixel the same:
    plain, after tight_layout (placeholder engine), constrained layout at another dpi, and
    a bare Figure()."""
    import io

    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.figure import Figure
    from PIL import Image

    def figures():
        fig, ax = plt.subplots()
        ax.bar(["a", "b"], [3, 5])
        ax.set_title("plain")
        yield fig
        fig, ax = plt.subplots(figsize=(4, 3))
        ax.plot([1, 3, 2])
        ax.set_ylabel("a long label\nover two lines")
        fig.tight_layout()
        yield fig
        fig, axs = plt.subplots(2, 2, layout="constrained", dpi=150)
        for a in axs.flat:
            a.plot([1, 2, 3])
            a.set_title("title")
        fig.suptitle("constrained")
        yield fig
        fig = Figure(figsize=(3, 2))
        fig.add_subplot().pie([1, 2, 3])
        yield fig

    runner.pin_rc()
    for fig in figures():
        buf = io.BytesIO()
        Figure.savefig(fig, buf, format="png", dpi=runner.DPI)
        want = np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGBA"))
        w, h, rgba = runner.render(fig, Figure.savefig)
        got = np.frombuffer(rgba, np.uint8).reshape(h, w, 4)
        assert got.shape == want.shape
        assert (got == want).all()
    plt.close("all")


@pytest.mark.parametrize(
    "code,status",
    [
        ("", "no_code"),
        ("# nothing\n", "no_code"),
        ("plot(\n", "syntax_error"),
        ("1/0\n", "runtime_error"),
        ("x = 1\n", "no_figure"),
        ("import sys\nsys.exit(0)\n", "no_figure"),
        ("import sys\nsys.exit(2)\n", "runtime_error"),
    ],
)
def test_statuses(prepared, tmp_path, code, status):
    h, _, _ = run(code, tmp_path)
    assert h["status"] == status, h


def test_savefig_is_captured_and_writes_nothing(prepared, tmp_path):
    target = tmp_path / "sub" / "out.png"
    h, _, _ = run(f"import matplotlib.pyplot as plt\nplt.plot([1])\nplt.savefig({str(target)!r})\nplt.close()\n", tmp_path)
    assert h["status"] == "ok" and h["figures"] == 1
    assert h["saved_paths"] == [str(target)]
    assert not target.exists()


def test_runtime_error_traceback_is_the_submissions(prepared, tmp_path):
    h, _, _ = run("x = 1\n\ndef f():\n    return undefined_name\nf()\n", tmp_path)
    e = h["error"]
    assert (e["type"], e["line"]) == ("NameError", 4)
    assert 'File "script.py", line 5' in e["traceback"]
    assert "runner.py" not in e["traceback"]


def test_a_million_frames_deep_recursion_is_reported_quickly(prepared, tmp_path):
    # Regression: formatting every frame of a RecursionError under
    # sys.setrecursionlimit(10**6) took longer than the job's deadline (status timeout).
    import time

    t = time.perf_counter()
    h, _, _ = run("import sys\nsys.setrecursionlimit(10**6)\n"
                  "def f(n):\n    return f(n + 1)\nf(0)\n", tmp_path)
    assert h["status"] == "runtime_error" and h["error"]["type"] == "RecursionError", h
    assert h["error"]["line"] == 4
    assert "more frames" in h["error"]["traceback"]
    assert h["error"]["traceback"].count("\n") < 200
    assert time.perf_counter() - t < 8


def test_capped_writer_keeps_the_head_and_counts_the_rest():
    w = guard.CappedWriter(5)
    w.write("abc")
    w.write("defgh")
    assert (w.getvalue(), w.dropped) == ("abcde", 3)
