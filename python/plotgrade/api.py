"""The Python API: :func:`run`, :func:`grade`, :func:`diff`, :func:`compare`, :class:`Grader`.

Each is a thin layer over the Rust library (``plotgrade._native``): the same executor,
channels and run store as the ``plotgrade`` command, so a grade from Python and one from
the command line give the same ``results.jsonl``, byte for byte.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Union, cast

from . import _env, _native
from ._figure import Picture, capture

PathLike = Union[str, "os.PathLike[str]"]
Mode = Literal["hybrid", "hash", "image", "scene"]
"""A comparison mode; the library's names are ``_native.CHECK_MODES`` (the package test
checks that the two agree)."""
Status = Literal["ok", "no_code", "syntax_error", "runtime_error", "timeout", "memory",
                 "no_figure", "forbidden", "unportable", "crashed"]
"""How a script ended; the library's names are ``_native.STATUSES`` (checked as ``Mode``)."""

__all__ = [
    "CompareResult",
    "Diff",
    "GradeResults",
    "Graded",
    "Grader",
    "RejectedWarning",
    "RunResult",
    "compare",
    "diff",
    "grade",
    "prompts",
    "run",
]


# ── run ──────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class RunResult:
    """What a script did in a sandboxed worker.

    ``status`` is a :data:`Status`: ``ok``, ``no_code``, ``syntax_error``,
    ``runtime_error``, ``timeout``, ``memory``, ``no_figure``, ``forbidden``,
    ``unportable`` or ``crashed``.
    """

    status: Status
    error: str | None
    figures: list[bytes]
    """PNG bytes, one per figure, pinned: equal figures give equal bytes."""
    scene: dict
    """What was drawn, read back from matplotlib: ``{"figures": [{"axes": [...]}]}``."""
    stdout: str
    stderr: str
    outcome: dict = field(repr=False)
    """Everything the executor recorded (timings, forbidden attempts, saved paths)."""

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def picture(self, index: int = 0) -> Picture:
        """Figure ``index`` as PNG bytes and scene, for :func:`compare`."""
        return Picture(png=self.figures[index], scene=self.scene["figures"][index])

    def describe(self) -> str:
        """The scene as text (as ``plotgrade dump scene`` prints it)."""
        return _native.scene_text(json.dumps(self.scene))


def _run_result(header: str, pngs: list[bytes]) -> RunResult:
    out = json.loads(header)
    err = out.get("error")
    if err:
        where = f" (line {err['line']})" if err.get("line") else ""
        error = f"{err.get('type', 'Error')}: {err.get('message', '')}{where}"
    elif out.get("status") != "ok":
        error = out.get("detail") or out.get("status")
    else:
        error = None
    return RunResult(
        status=out["status"],
        error=error,
        figures=[bytes(p) for p in pngs],
        scene=out.get("scene", {"figures": []}),
        stdout=out.get("stdout", ""),
        stderr=out.get("stderr", ""),
        outcome=out,
    )


_executors: dict[tuple, Any] = {}


def _executor(timeout: float | None, memory_mb: int | None) -> Any:
    """One warm worker per limits, kept for the life of the process."""
    key = (timeout, memory_mb)
    if key not in _executors:
        _executors[key] = _native.Executor(1, timeout, memory_mb)
    return _executors[key]


def _source(code_or_path: PathLike) -> tuple[str, str]:
    """``(source, file name)`` from code text or a path to a script."""
    if isinstance(code_or_path, os.PathLike) or (
        isinstance(code_or_path, str)
        and "\n" not in code_or_path
        and code_or_path.endswith(".py")
    ):
        path = Path(code_or_path)
        try:
            return path.read_text(encoding="utf-8"), path.name
        except OSError as e:
            raise _native.UsageError(f"cannot read {path}: {e.strerror}") from None
        except UnicodeDecodeError as e:
            raise _native.UsageError(f"{path} is not UTF-8 text: {e}") from None
    if not isinstance(code_or_path, str):
        raise TypeError(f"expected code (str) or a path, not {type(code_or_path).__name__}")
    return code_or_path, "script.py"


def run(
    code: PathLike, *, timeout: float | None = None, memory_mb: int | None = None
) -> RunResult:
    """Run Matplotlib code (text, or a path to a ``.py`` file) in a sandboxed worker.

    The worker is started on first use and kept warm, so later calls cost one job.
    ``timeout`` (seconds, default 10) and ``memory_mb`` (default 2048) limit the script.
    """
    src, name = _source(code)
    _env.check_versions()
    header, pngs = _executor(timeout, memory_mb).run(src, name)
    return _run_result(header, pngs)


# ── grade ────────────────────────────────────────────────────────────────────────────


class RejectedWarning(UserWarning):
    """Some submissions were not graded (a duplicate, an unknown id, a bad line): each is
    in :attr:`GradeResults.rejected` with its line and reason."""


Submissions = Union[PathLike, Iterable[Mapping[str, Any]], Any]


def _records(submissions: Any) -> list[dict] | None:
    """Submissions given as data (a list of dicts, a pandas DataFrame, an HF Dataset), as
    a list of dicts; ``None`` for a path."""
    if isinstance(submissions, (str, os.PathLike)):
        return None
    if hasattr(submissions, "to_dict") and hasattr(submissions, "columns"):  # pandas
        return submissions.to_dict(orient="records")
    if hasattr(submissions, "to_list") and hasattr(submissions, "features"):  # datasets
        return submissions.to_list()
    if isinstance(submissions, Mapping):
        raise TypeError("submissions: expected a path or many records, got one mapping")
    try:
        rows = list(submissions)
    except TypeError:
        raise TypeError(
            "submissions must be a path, a list of dicts, a pandas DataFrame or a "
            f"datasets.Dataset, not {type(submissions).__name__}"
        ) from None
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise TypeError(f"submissions[{i}] is a {type(row).__name__}, not a dict")
    return [dict(r) for r in rows]


def _write_jsonl(rows: list[dict], path: Path) -> None:
    text = "".join(
        json.dumps(r, ensure_ascii=False, sort_keys=True, default=str) + "\n" for r in rows
    )
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


class _Progress:
    """Progress for people: tqdm bars in a notebook or terminal when tqdm is installed,
    else a line per phase and every few seconds on stderr."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.bar = None
        self.phase: str | None = None
        self.last = 0.0
        try:
            from tqdm.auto import tqdm

            self.tqdm = tqdm
        except ImportError:
            self.tqdm = None

    def __call__(self, phase: str, done: int, total: int, warning: str | None) -> None:
        if warning:
            print(f"plotgrade: {warning}", file=sys.stderr)
            return
        if not self.enabled:
            return
        if phase != self.phase:
            self.close()
            self.phase = phase
            if self.tqdm is not None:
                self.bar = self.tqdm(total=total, desc=phase, unit="sub", leave=False)
            elif total:
                print(f"plotgrade: {phase}: {total} to do", file=sys.stderr, flush=True)
            self.last = time.monotonic()
        if self.bar is not None:
            self.bar.n = done
            self.bar.refresh()
        elif time.monotonic() - self.last > 5 and total:
            self.last = time.monotonic()
            print(f"plotgrade: {phase}: {done}/{total}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _judge_json(judge: Mapping[str, Any] | None) -> str | None:
    """The ``judge=`` dict as the library reads it (it names an unknown key)."""
    if judge is None:
        return None
    if not isinstance(judge, Mapping):
        raise TypeError("judge must be a dict like {'url': ..., 'model': ...}")
    return json.dumps(dict(judge))


@dataclass
class GradeResults:
    """A graded run: one record per submission (as in ``results.jsonl``), the run's
    counts, and its directory (``report.html``, ``summary.md``, figures)."""

    out: Path
    records: list[dict]
    counts: dict
    _tmp: Any = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        return (f"GradeResults({len(self.records)} results, {self.passed} passed, "
                f"{self.counts.get('rejected', 0)} rejected, out={str(self.out)!r})")

    def __iter__(self):
        return iter(self.records)

    @property
    def passed(self) -> int:
        return sum(1 for r in self.records if r.get("pass"))

    @property
    def rejected(self) -> list[dict]:
        """Submissions that were not graded: ``{"at": "FILE:LINE", "id", "reason"}`` each
        (the first 100; ``counts["rejected"]`` has them all)."""
        return self.summary["rejected"].get("lines", [])

    @property
    def summary(self) -> dict:
        """``summary.json``: the paper's tables, the funnel, channel agreement."""
        return json.loads((self.out / "summary.json").read_text(encoding="utf-8"))

    def to_pandas(self) -> Any:
        """One row per submission (``results.csv``; for a task that asks a question also
        its answer_key, answer and answer_correct): id, model, kind, figure, status,
        score, pass, the four channel scores and the flags."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "to_pandas() needs pandas: pip install 'plotgrade[pandas]' (or pandas); "
                f"the same table is {self.out / 'results.csv'}") from None

        return pd.read_csv(self.out / "results.csv", keep_default_na=False, na_values=[""])


def grade(
    tasks: PathLike,
    submissions: Submissions,
    out: PathLike | None = None,
    *,
    jobs: int | None = None,
    judge: Mapping[str, Any] | None = None,
    model: str | None = None,
    id_field: str | None = None,
    response_field: str | None = None,
    input_format: str | None = None,
    strip_think: bool = False,
    shard: str | None = None,
    timeout: float | None = None,
    memory_mb: int | None = None,
    answer_reading: str | None = None,
    progress: bool = True,
    grader: Grader | None = None,
) -> GradeResults:
    """Grade submissions on a suite, as ``plotgrade grade`` does.

    ``tasks`` is a suite's ``tasks.jsonl`` (or ``choice.jsonl``). ``submissions`` is a
    path (JSONL, lm-eval samples, VLMEvalKit xlsx/tsv), a list of dicts, a pandas
    DataFrame or a ``datasets.Dataset``; records need ``id`` and ``response`` (or name
    other fields with ``id_field``/``response_field``). ``out`` is the run directory: an
    existing one is resumed; ``None`` grades in a temporary directory that lives as long
    as the returned results. ``judge`` adds the LLM rubric channel:
    ``{"url": ..., "model": ..., "api_key": ..., "params": {"max_completion_tokens": 512}}``.
    ``answer_reading`` (multiple choice): ``"strict"``, ``"soft"`` (default) or
    ``"soft-llm"`` (the judge's model reads the replies no rule reads; needs ``judge``).
    """
    tmp = None
    if out is None:
        tmp = tempfile.TemporaryDirectory(prefix="plotgrade-run-")
        out = tmp.name
    out = Path(out)
    rows = _records(submissions)
    if rows is not None:
        out.mkdir(parents=True, exist_ok=True)
        sub_path = out / "submissions.jsonl"
        _write_jsonl(rows, sub_path)
    else:
        # Not data: a path (_records returns None only for one).
        sub_path = Path(cast("str | os.PathLike[str]", submissions))
    _env.check_versions()
    bar = _Progress(progress)
    try:
        counts, lines = _native.grade(
            os.fspath(tasks), os.fspath(sub_path), os.fspath(out), jobs=jobs, model=model,
            id_field=id_field, response_field=response_field, input_format=input_format,
            strip_think=strip_think, shard=shard, timeout=timeout, memory_mb=memory_mb,
            answer_reading=answer_reading, judge=_judge_json(judge), progress=bar,
            grader=grader._native if grader is not None else None)
    finally:
        bar.close()
    results = GradeResults(out=out, records=[json.loads(x) for x in lines],
                           counts=dict(counts), _tmp=tmp)
    if counts["rejected"]:
        shown = "; ".join(f"{r['at']}: {r['reason']}" for r in results.rejected[:3])
        more = f" (and {counts['rejected'] - 3} more)" if counts["rejected"] > 3 else ""
        warnings.warn(f"{counts['rejected']} submission(s) not graded: {shown}{more}; "
                      "see .rejected", RejectedWarning, stacklevel=2)
    return results


# ── prompts ──────────────────────────────────────────────────────────────────────────


def prompts(tasks: PathLike) -> list[dict]:
    """What a model is shown for each task of a suite, in the suite's order.

    Each prompt is a dict: ``index``, ``id``, ``kind``, ``figure``, ``prompt`` (the text:
    the instruction, and for edits the original script) and ``images`` (absolute paths
    of the pictures the text calls image 1, image 2: the figure to draw, or the original
    and, for deletion and modification, the edited one), with ``image_roles``. Never the
    reference script. ``plotgrade prompts`` writes the same as files for lm-eval and
    VLMEvalKit.
    """
    return json.loads(_native.prompts(os.fspath(tasks)))


# ── Grader ───────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Graded:
    """One submission graded by :meth:`Grader.grade_one`: ``score`` on the paper's 1–10
    scale, ``pass_``, the status and every channel (``record`` is the results.jsonl line)."""

    id: str
    score: int
    pass_: bool
    status: Status
    record: dict = field(repr=False)

    @property
    def channels(self) -> dict:
        return self.record.get("channels", {})


class Grader:
    """A suite loaded once, workers kept warm and references run once, across calls.

    For one submission at a time (a reward in a training loop, a notebook cell)::

        with plotgrade.Grader("tasks/mathopeval-mini/tasks.jsonl") as g:
            g.grade_one("bar-03-deletion", response).score

    A call then costs one job, not a pool start. :meth:`grade_batch` grades many answers
    in memory, any number per task, spread over the workers (rewards for a GRPO group);
    :meth:`grade` grades a submissions file into a run directory, as :func:`grade` does.
    """

    def __init__(
        self,
        tasks: PathLike,
        *,
        jobs: int = 1,
        timeout: float | None = None,
        memory_mb: int | None = None,
        ref_cache: PathLike | None = None,
    ):
        _env.check_versions()
        self.tasks = Path(tasks)
        self._native: _native.Grader | None = _native.Grader(
            os.fspath(tasks), jobs, timeout, memory_mb,
            None if ref_cache is None else os.fspath(ref_cache),
        )

    def _live(self) -> Any:
        if self._native is None:
            raise RuntimeError("this Grader is closed")
        return self._native

    def grade_one(self, id: str, response: str, model: str = "model") -> Graded:
        """Grade one model response (text with a fenced code block, or bare code)."""
        record = json.loads(self._live().grade_one(id, response, model))
        return Graded(id=record["id"], score=record["score"], pass_=record["pass"],
                      status=record["status"], record=record)

    def grade_batch(
        self,
        answers: Iterable[tuple[str, str]] | Iterable[Mapping[str, Any]],
        model: str = "model",
    ) -> list[Graded]:
        """Grade many answers at once, any number per task (a GRPO group, repeats): their
        code runs over every worker, and the results line up with ``answers``.

        Each answer is ``(id, response)`` or a dict with ``id`` and ``response``. Each
        result is what :meth:`grade_one` gives that answer alone. An answer that cannot be
        graded (an unknown id) raises :class:`UsageError` naming its position, before
        anything is returned: a batch never comes back shorter than it went in.
        """
        pairs: list[tuple[str, str]] = []
        for i, a in enumerate(answers):
            if isinstance(a, Mapping):
                if "id" not in a or "response" not in a:
                    raise _native.UsageError(
                        f"answers[{i}] needs 'id' and 'response'; it has {sorted(a)}")
                a = (a["id"], a["response"])
            if not (isinstance(a, tuple) and len(a) == 2
                    and isinstance(a[0], str) and isinstance(a[1], str)):
                raise TypeError(f"answers[{i}] must be (id, response) strings or a dict, "
                                f"not {type(a).__name__}")
            pairs.append(a)
        out = self._live().grade_batch(pairs, model)
        errors = [f"answers[{i}] ({pairs[i][0]!r}): {err}"
                  for i, (_, err) in enumerate(out) if err is not None]
        if errors:
            more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
            raise _native.UsageError("; ".join(errors[:3]) + more)
        graded = []
        for text, _ in out:
            record = json.loads(text)
            graded.append(Graded(id=record["id"], score=record["score"], pass_=record["pass"],
                                 status=record["status"], record=record))
        return graded

    def run(self, code: PathLike) -> RunResult:
        """Run a script on this grader's workers (as :func:`run`)."""
        src, name = _source(code)
        return _run_result(*self._live().run(src, name))

    def grade(self, submissions: Submissions, out: PathLike | None = None,
              **kwargs: Any) -> GradeResults:
        """:func:`grade` on this grader's suite and workers."""
        self._live()
        return grade(self.tasks, submissions, out, grader=self, **kwargs)

    def close(self) -> None:
        """Stop the workers (also done on leaving a ``with`` block)."""
        self._native = None

    def __enter__(self) -> Grader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ── diff and compare ─────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Diff:
    """An edit in words: the code channel's element diff and, with ``figure=True``, the
    figure channel's diff of what the two scripts draw."""

    code: str
    figure: list[str] | None

    def __str__(self) -> str:
        parts = [self.code.rstrip("\n")]
        if self.figure is not None:
            if self.figure:
                parts.append("figure diff:\n" + "\n".join(f"  {op}" for op in self.figure))
            else:
                parts.append("figure diff: the two figures draw the same elements")
        return "\n".join(parts)


def diff(old: PathLike, new: PathLike, *, base: PathLike | None = None,
         figure: bool = True) -> Diff:
    """What changed from ``old`` to ``new`` (code text or paths).

    With ``base`` (the original both edited) the code diff scores NEW's edit against
    OLD's. With ``figure=True`` both scripts run in a sandboxed worker and the drawn
    scenes are compared too (``bar 'Q3': height 5 → 7``).
    """
    old_src, _ = _source(old)
    new_src, _ = _source(new)
    base_src = _source(base)[0] if base is not None else None
    code = _native.code_diff(old_src, new_src, base_src, False)
    ops = None
    if figure:
        scenes = []
        for label, src in (("old", old_src), ("new", new_src)):
            r = run(src)
            if not r.ok:
                raise _native.UsageError(f"{label} does not draw a figure: {r.status}: {r.error}")
            scenes.append(json.dumps(r.scene))
        ops = list(_native.figure_diff(scenes[0], scenes[1]))
    return Diff(code=code, figure=ops)


@dataclass(frozen=True)
class CompareResult:
    """Two figures compared as the regression checker compares them.

    ``verdict``: ``pass`` (identical bytes), ``drift`` (allowed by the mode: pixels within
    tolerance, or the same scene) or ``fail``. ``changes`` spells out the scene's
    differences; ``rms`` is on the 0–255 scale.
    """

    verdict: str
    reason: str
    changes: list[str]
    rms: float | None

    @property
    def equal(self) -> bool:
        return self.verdict in ("pass", "drift")

    def __bool__(self) -> bool:
        return self.equal


def _picture(x: Any) -> Picture:
    if isinstance(x, Picture):
        return x
    if isinstance(x, RunResult):
        if not x.ok or not x.figures:
            raise _native.UsageError(f"the script does not draw a figure: {x.status}: {x.error}")
        return x.picture(0)
    if isinstance(x, (str, os.PathLike)):
        r = run(x)
        if not r.ok or not r.figures:
            raise _native.UsageError(f"{x} does not draw a figure: {r.status}: {r.error}")
        return r.picture(0)
    return capture(x)


def compare(a: Any, b: Any, *, mode: Mode = "hybrid", tolerance: float = 2.0) -> CompareResult:
    """Compare two figures. Each is a matplotlib ``Figure`` (read in this process), a
    :class:`RunResult`, a :class:`Picture`, or code/a path (run in a worker).

    Modes: ``hybrid`` (the scene must match; pixels may drift by RMS ≤ ``tolerance``),
    ``scene`` (only the scene), ``image`` (only pixels), ``hash`` (identical bytes).
    """
    pa, pb = _picture(a), _picture(b)
    verdict, reason, changes, rms = _native.compare(
        pa.png, pa.scene_json, pb.png, pb.scene_json, mode, float(tolerance)
    )
    return CompareResult(verdict=verdict, reason=reason, changes=list(changes), rms=rms)
