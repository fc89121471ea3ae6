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
            payload = json.dumps({"header": json.loads(header), "sizes": [len(p) for p in pngs],
                                  "magic": [p[:4].hex() for p in pngs]})
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
    assert d["magic"] == ["89504e47"]
    assert h["scene"]["figures"][0]["axes"][0]["bars"][0]["category"] == "a"


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
