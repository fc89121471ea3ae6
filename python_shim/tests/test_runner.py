"""run_job end to end, each in a forked child (its audit hook cannot be removed)."""

import json
import os

import pytest

from plotgrade_shim import guard, runner


@pytest.fixture(scope="module")
def prepared():
    return json.loads(runner.prepare())


def run(code, tmp_path, **options):
    """Run a job in a forked child; return (header, pngs)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            header, pngs = runner.run_job(code.encode() if isinstance(code, str) else code,
                                          "script.py", str(tmp_path), options)
            # An image is (width, height, rgba) for the worker to encode, or PNG bytes.
            payload = json.dumps({
                "header": json.loads(header),
                "images": [
                    ["rgba", p[0], p[1], len(p[2])] if isinstance(p, tuple)
                    else ["png", p[:4].hex()]
                    for p in pngs
                ],
            })
        except BaseException as e:  # report, never raise out of the fork
            payload = json.dumps({"crash": repr(e)})
        with os.fdopen(w, "w") as f:
            f.write(payload)
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        data = json.loads(f.read())
    os.waitpid(pid, 0)
    assert "crash" not in data, data
    return data["header"], data


def test_prepare_lists_read_roots_and_versions(prepared):
    assert any("site-packages" in r for r in prepared["read_roots"])
    assert prepared["versions"]["matplotlib"].startswith("3.")


def test_ok_with_figure(prepared, tmp_path):
    h, d = run("import matplotlib.pyplot as plt\nplt.bar(['a'], [1])\nprint('hi')\n", tmp_path)
    assert h["status"] == "ok" and h["figures"] == 1 and h["stdout"] == "hi\n"
    # Default figure size 6.4 × 4.8 in at 100 dpi, four bytes a pixel.
    assert d["images"] == [["rgba", 640, 480, 640 * 480 * 4]]
    assert h["scene"]["figures"][0]["axes"][0]["bars"][0]["category"] == "a"


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
        ("import os\nos.system('true')\n", "forbidden"),
        ("import sys\nsys.exit(0)\n", "no_figure"),
        ("import sys\nsys.exit(2)\n", "runtime_error"),
    ],
)
def test_statuses(prepared, tmp_path, code, status):
    h, _ = run(code, tmp_path)
    assert h["status"] == status, h


def test_savefig_is_captured_and_writes_nothing(prepared, tmp_path):
    target = tmp_path / "sub" / "out.png"
    h, d = run(f"import matplotlib.pyplot as plt\nplt.plot([1])\nplt.savefig({str(target)!r})\nplt.close()\n", tmp_path)
    assert h["status"] == "ok" and h["figures"] == 1
    assert h["saved_paths"] == [str(target)]
    assert not target.exists()


def test_runtime_error_traceback_is_the_submissions(prepared, tmp_path):
    h, _ = run("x = 1\n\ndef f():\n    return undefined_name\nf()\n", tmp_path)
    e = h["error"]
    assert (e["type"], e["line"]) == ("NameError", 4)
    assert 'File "script.py", line 5' in e["traceback"]
    assert "runner.py" not in e["traceback"]


def test_guard_paths(tmp_path):
    g = guard.Guard(str(tmp_path), ["/usr/lib"])
    assert g.may_write(str(tmp_path / "a.txt"))
    assert not g.may_write("/tmp/elsewhere.txt")
    assert g.may_write("/dev/null")
    assert g.may_read("/usr/lib/os-release") and not g.may_read("/etc/passwd")
    # A symlink inside the job dir pointing out is judged by where it leads.
    link = tmp_path / "link"
    link.symlink_to("/etc/passwd")
    assert not g.may_read(str(link))


def test_capped_writer_keeps_the_head_and_counts_the_rest():
    w = guard.CappedWriter(5)
    w.write("abc")
    w.write("defgh")
    assert (w.getvalue(), w.dropped) == ("abcde", 3)
