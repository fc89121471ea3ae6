"""pytest plugin: compare the figure a test draws with a baseline, by what it draws.

Mark a test; return its figure (or leave it current)::

    @pytest.mark.plotgrade                          # hybrid, tolerance 2 (RMS, 0–255)
    def test_sales():
        fig, ax = plt.subplots()
        ax.bar(["Q1", "Q2", "Q3"], [3, 4, 5])
        return fig

    @pytest.mark.plotgrade(mode="scene")            # hybrid | hash | image | scene
    def test_curve(): ...

    @plotgrade.testing.check_figures_equal()        # matplotlib's pair style
    def test_pair(fig_test, fig_ref): ...

``pytest --plotgrade-generate`` writes the baselines (``baseline/`` beside each test file,
or ``--plotgrade-baseline=DIR``) and says where; a plain run compares, and a failure writes
the new figure and the difference beside the baseline's copy. A failure states the scene
change in words (``bar 'Q3': height 5 → 7``). ``--plotgrade-summary=html,json`` writes a
summary of every compared figure to ``--plotgrade-results`` (default
``plotgrade-results/``). Works under pytest-xdist: workers write one record per test and
the controller writes the summary and prints its path. Every option but
``--plotgrade-generate`` can live in the ini file instead (``plotgrade_mode``,
``plotgrade_tolerance``, ``plotgrade_baseline``, ``plotgrade_summary``,
``plotgrade_results``); the command line wins.

Modes, as ``plotgrade check``: *hybrid* fails on any scene change and allows pixel drift
within the tolerance; *scene* allows any pixel drift with the same scene; *image* compares
pixels only; *hash* wants identical bytes. Figures are drawn with matplotlib's defaults
plus plotgrade's pins (DPI 100, DejaVu Sans, Agg) and read in the test's own process.
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from ._native import CHECK_MODES

MODES = tuple(CHECK_MODES)
DEFAULT_TOLERANCE = 2.0
RECORDS = "records"


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("plotgrade", "figure baselines compared by what they draw")
    group.addoption("--plotgrade-generate", action="store_true",
                    help="write the baselines of tests marked plotgrade instead of comparing")
    group.addoption("--plotgrade-baseline", metavar="DIR",
                    help="baseline directory (default: baseline/ beside each test file)")
    group.addoption("--plotgrade-mode", choices=MODES, default=None,
                    help="default comparison mode for marked tests (default: hybrid)")
    group.addoption("--plotgrade-tolerance", type=float, default=None, metavar="RMS",
                    help=f"default RMS tolerance, 0–255 (default: {DEFAULT_TOLERANCE})")
    group.addoption("--plotgrade-summary", metavar="html,json",
                    help="write summary.html and/or summary.json to the results directory")
    group.addoption("--plotgrade-results", metavar="DIR", default=None,
                    help="where the summary and failed figures go (default: plotgrade-results)")
    # The same settings in pytest.ini / pyproject.toml / tox.ini ([pytest] plotgrade_mode =
    # scene); the command line wins.
    for name, help_ in [
        ("plotgrade_baseline", "baseline directory (default: baseline/ beside each test file)"),
        ("plotgrade_mode", "default comparison mode: hybrid, hash, image or scene"),
        ("plotgrade_tolerance", f"default RMS tolerance, 0–255 (default: {DEFAULT_TOLERANCE})"),
        ("plotgrade_summary", "summary formats to write: html, json or html,json"),
        ("plotgrade_results", "where the summary and failed figures go"),
    ]:
        parser.addini(name, help_, default=None)


def _setting(config: Any, name: str) -> Any:
    """A setting from the command line (``--plotgrade-NAME``), else the ini file
    (``plotgrade_NAME``), else None."""
    value = config.getoption("--plotgrade-" + name)
    if value is None:
        value = config.getini("plotgrade_" + name) or None
    return value


def _results_dir(config: Any) -> Path:
    return Path(_setting(config, "results") or "plotgrade-results")


def pytest_configure(config: Any) -> None:
    config.addinivalue_line(
        "markers",
        "plotgrade(mode='hybrid', tolerance=2.0, filename=None): compare the figure the "
        "test returns (or the current one) with its baseline",
    )
    summary = _setting(config, "summary")
    if summary:
        bad = sorted(set(summary.split(",")) - {"html", "json"})
        if bad:
            raise pytest.UsageError(
                f"--plotgrade-summary: unknown format(s) {', '.join(bad)}; use html, json"
            )
    if not _is_xdist_worker(config):
        # A fresh set of records for this session (the controller, before any worker).
        records = _results_dir(config) / RECORDS
        if records.is_dir():
            for f in records.glob("*.json"):
                f.unlink()


def _is_xdist_worker(config: Any) -> bool:
    return hasattr(config, "workerinput")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_") or "figure"


class Options:
    """A test's settings: its marker's, else the command line's, else the defaults."""

    def __init__(self, item: Any, marker: Any):
        cfg = item.config
        kw = dict(marker.kwargs) if marker is not None else {}
        unknown = sorted(set(kw) - {"mode", "tolerance", "filename"})
        if unknown:
            raise pytest.UsageError(
                f"{item.nodeid}: plotgrade marker: unknown argument(s) {', '.join(unknown)}"
            )
        self.mode = kw.get("mode") or _setting(cfg, "mode") or "hybrid"
        if self.mode not in MODES:
            raise pytest.UsageError(
                f"{item.nodeid}: plotgrade mode must be one of {', '.join(MODES)}, "
                f"got {self.mode!r}"
            )
        tol = kw.get("tolerance")
        if tol is None:
            tol = _setting(cfg, "tolerance")
        try:
            self.tolerance = float(DEFAULT_TOLERANCE if tol is None else tol)
        except ValueError:
            raise pytest.UsageError(
                f"plotgrade tolerance must be a number (an RMS, 0–255), got {tol!r}") from None
        name = kw.get("filename") or _slug(item.name)
        self.name = name[:-4] if name.endswith(".png") else name
        # From the command line, relative to where pytest runs; from the ini file,
        # relative to the ini file's directory (pytest's rootdir), as pytest-mpl does.
        base = cfg.getoption("--plotgrade-baseline")
        ini = cfg.getini("plotgrade_baseline")
        if base:
            self.baseline = Path(base)
        elif ini:
            self.baseline = Path(cfg.rootpath) / ini
        else:
            self.baseline = Path(item.fspath).parent / "baseline"
        self.generate = cfg.getoption("--plotgrade-generate")
        self.results = _results_dir(cfg)


def _record(opts: Options, nodeid: str, **fields: Any) -> None:
    """One test's outcome, for the summary (one file per test: safe under xdist)."""
    records = opts.results / RECORDS
    records.mkdir(parents=True, exist_ok=True)
    rec = {"test": nodeid, "name": opts.name, "mode": opts.mode,
           "tolerance": opts.tolerance, **fields}
    key = hashlib.sha256(nodeid.encode()).hexdigest()[:16]
    (records / f"{key}.json").write_text(json.dumps(rec, sort_keys=True), encoding="utf-8")


def _check(opts: Options, nodeid: str, picture: Any) -> None:
    """Generate or compare one figure; fails the test with the change in words."""
    from . import _env, _native

    png_path = opts.baseline / f"{opts.name}.png"
    scene_path = opts.baseline / f"{opts.name}.scene.json"
    if opts.generate:
        opts.baseline.mkdir(parents=True, exist_ok=True)
        png_path.write_bytes(picture.png)
        scene_path.write_text(json.dumps(picture.scene, indent=1, sort_keys=True) + "\n",
                              encoding="utf-8")
        (opts.baseline / "versions.json").write_text(
            json.dumps(_env.environment_versions(), indent=1, sort_keys=True) + "\n",
            encoding="utf-8")
        _record(opts, nodeid, verdict="generated", reason=f"wrote {png_path}", changes=[],
                rms=None)
        return
    if not png_path.is_file() or not scene_path.is_file():
        _record(opts, nodeid, verdict="missing_baseline", reason=f"no {png_path}",
                changes=[], rms=None)
        pytest.fail(f"no baseline {png_path} (or its .scene.json): run pytest "
                    "--plotgrade-generate to write it", pytrace=False)
    verdict, reason, changes, rms = _native.compare(
        png_path.read_bytes(), scene_path.read_text(encoding="utf-8"),
        picture.png, picture.scene_json, opts.mode, opts.tolerance)
    failed_png = diff_png = None
    if verdict == "fail":
        out = opts.results / "figures"
        out.mkdir(parents=True, exist_ok=True)
        failed_png = out / f"{opts.name}.png"
        failed_png.write_bytes(picture.png)
        (out / f"{opts.name}-baseline.png").write_bytes(png_path.read_bytes())
        diff = _difference(png_path.read_bytes(), picture.png)
        if diff is not None:
            diff_png = out / f"{opts.name}-diff.png"
            diff_png.write_bytes(diff)
    _record(opts, nodeid, verdict=verdict, reason=reason, changes=list(changes), rms=rms,
            baseline=str(png_path), result=str(failed_png) if failed_png else None,
            diff=str(diff_png) if diff_png else None)
    if verdict == "fail":
        lines = [f"figure differs from baseline {png_path} ({opts.mode}, "
                 f"tolerance {opts.tolerance:g}):"]
        lines += [f"  {c}" for c in changes] or [f"  {reason}"]
        if changes and rms is not None:
            lines.append(f"  pixels: RMS {rms:.3f}")
        note = _version_note(opts.baseline)
        if note:
            lines.append(f"  note: {note}")
        lines.append(f"  new figure: {failed_png}")
        if diff_png:
            lines.append(f"  difference: {diff_png}")
        pytest.fail("\n".join(lines), pytrace=False)


def _difference(baseline_png: bytes, result_png: bytes) -> bytes | None:
    """Where two figures differ, as a picture: white where they agree, the difference
    inverted where they do not (as pytest-mpl's and the report's); None when the two are
    not the same size, so nothing lines up."""
    import io

    import numpy as np
    from matplotlib import image as mpimg

    from . import _native

    a = mpimg.imread(io.BytesIO(baseline_png), format="png")
    b = mpimg.imread(io.BytesIO(result_png), format="png")
    if a.shape != b.shape:
        return None
    rgb = np.abs(a[..., :3].astype(np.float64) - b[..., :3].astype(np.float64))
    out = np.clip(255.0 * (1.0 - rgb), 0, 255).astype(np.uint8)
    alpha = np.full(out.shape[:2] + (1,), 255, dtype=np.uint8)
    rgba = np.ascontiguousarray(np.concatenate([out, alpha], axis=2))
    return _native.encode_png(rgba.shape[1], rgba.shape[0], rgba.tobytes())


def _version_note(baseline: Path) -> str | None:
    from . import _env

    try:
        then = json.loads((baseline / "versions.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    now = _env.environment_versions()
    diffs = [f"{k} {then[k]} → {now.get(k)}" for k in sorted(then) if then[k] != now.get(k)]
    return ("baseline made with other versions: " + ", ".join(diffs)) if diffs else None


@pytest.hookimpl(hookwrapper=True)
def pytest_pyfunc_call(pyfuncitem: Any):
    marker = pyfuncitem.get_closest_marker("plotgrade")
    if marker is None:
        yield
        return
    from ._figure import capture, pinned_style

    opts = Options(pyfuncitem, marker)
    original = pyfuncitem.obj

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        import matplotlib.pyplot as plt
        from matplotlib.figure import Figure

        with pinned_style():
            plt.close("all")
            fig = original(*args, **kwargs)
            try:
                if fig is None:
                    if not plt.get_fignums():
                        pytest.fail("the test drew no figure (return one, or leave it "
                                    "current)", pytrace=False)
                    fig = plt.gcf()
                elif not isinstance(fig, Figure):
                    pytest.fail(f"a plotgrade test returns a Figure or None, not "
                                f"{type(fig).__name__}", pytrace=False)
                _check(opts, pyfuncitem.nodeid, capture(fig))
            finally:
                plt.close("all")

    pyfuncitem.obj = wrapper
    try:
        yield
    finally:
        pyfuncitem.obj = original


def _records(config: Any) -> list[dict]:
    records = _results_dir(config) / RECORDS
    if not records.is_dir():
        return []
    return sorted((json.loads(p.read_text(encoding="utf-8")) for p in records.glob("*.json")),
                  key=lambda r: r["test"])


def pytest_terminal_summary(terminalreporter: Any, exitstatus: Any, config: Any) -> None:
    """What the plugin wrote: the baselines of a generating run, and the summary files."""
    if _is_xdist_worker(config):
        return
    records = _records(config)
    written = [r for r in records if r["verdict"] == "generated"]
    lines = []
    if written:
        dirs = sorted({str(Path(r["reason"].removeprefix("wrote ")).parent) for r in written})
        lines.append(f"plotgrade: wrote {len(written)} baseline(s) (PNG, scene, versions) "
                     f"to {', '.join(dirs)}")
    failed = [r for r in records if r["verdict"] == "fail"]
    if failed:
        lines.append(f"plotgrade: {len(failed)} figure(s) differ; new figures and "
                     f"differences in {_results_dir(config) / 'figures'}")
    formats = _setting(config, "summary")
    if formats:
        for kind in formats.split(","):
            lines.append(f"plotgrade: summary: {_results_dir(config) / ('summary.' + kind)}")
    if lines:
        terminalreporter.write_sep("-", "plotgrade")
        for line in lines:
            terminalreporter.write_line(line)


def pytest_sessionfinish(session: Any) -> None:
    config = session.config
    formats = _setting(config, "summary")
    if not formats or _is_xdist_worker(config):
        return
    results = _results_dir(config)
    records = _records(config)
    counts: dict[str, int] = {}
    for r in records:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    results.mkdir(parents=True, exist_ok=True)
    kinds = set(formats.split(","))
    if "json" in kinds:
        (results / "summary.json").write_text(
            json.dumps({"counts": counts, "tests": records}, indent=1, sort_keys=True) + "\n",
            encoding="utf-8")
    if "html" in kinds:
        (results / "summary.html").write_text(_html(records, counts, results),
                                              encoding="utf-8")


def _html(records: list[dict], counts: dict[str, int], results: Path) -> str:
    esc = html.escape
    rows = []
    for r in records:
        imgs = ""
        if r.get("result"):
            shown = [("baseline", Path(r["result"]).with_name(r["name"] + "-baseline.png")),
                     ("result", Path(r["result"]))]
            if r.get("diff"):
                shown.append(("difference", Path(r["diff"])))
            imgs = "".join(
                f'<figure><img src="{esc(os.path.relpath(path, results))}" alt="{label}" '
                f'width="240"><figcaption>{label}</figcaption></figure>'
                for label, path in shown)
        changes = "".join(f"<li>{esc(c)}</li>" for c in r.get("changes") or [])
        rms = "" if r.get("rms") is None else f"{r['rms']:.3f}"
        rows.append(
            f'<tr class="{esc(r["verdict"])}"><td>{esc(r["test"])}</td>'
            f'<td>{esc(r["verdict"])}</td><td>{esc(r["mode"])}</td><td>{rms}</td>'
            f'<td>{esc(r["reason"])}<ul>{changes}</ul></td><td>{imgs}</td></tr>')
    total = ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) or "no figure compared"
    return f"""<!doctype html><meta charset="utf-8"><title>plotgrade figure tests</title>
<style>body{{font:14px system-ui,sans-serif;margin:2em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:4px 8px;vertical-align:top}}
tr.fail td:nth-child(2){{color:#b00;font-weight:bold}}ul{{margin:0;padding-left:1.2em}}
figure{{display:inline-block;margin:0 6px 0 0;text-align:center}}figcaption{{color:#555}}</style>
<h1>plotgrade figure tests</h1><p>{esc(total)}</p>
<table><tr><th>test</th><th>verdict</th><th>mode</th><th>RMS</th><th>why</th><th>figures</th></tr>
{''.join(rows)}</table>
"""
