"""Run by test_package.py with the fresh venv's Python (the wheel installed there).

argv: TASKS SUBMISSIONS WORKDIR. Exercises the API and prints one JSON object of facts
for the driver to assert on.
"""

import json
import sys
import warnings
from pathlib import Path

import pandas as pd

import plotgrade

tasks, subs, work = sys.argv[1], sys.argv[2], Path(sys.argv[3])
facts = {}

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # 1. grade from a path, from records and from a DataFrame: the same run.
    by_path = plotgrade.grade(tasks, subs, out=work / "by-path", jobs=2, progress=False)
    rows = [json.loads(line) for line in open(subs, encoding="utf-8")]
    by_rows = plotgrade.grade(tasks, rows, out=work / "by-rows", jobs=2, progress=False)
    by_frame = plotgrade.grade(tasks, pd.DataFrame(rows), out=work / "by-frame", jobs=2,
                               progress=False)
# Progress for people (tqdm is not installed here: lines on stderr).
import contextlib  # noqa: E402
import io  # noqa: E402

err = io.StringIO()
with contextlib.redirect_stderr(err):
    plotgrade.grade(tasks, rows[:6], out=work / "with-progress", jobs=1)
facts["progress"] = err.getvalue().splitlines()
facts["version_warnings"] = [str(w.message) for w in caught
                             if issubclass(w.category, plotgrade.PlotgradeVersionWarning)]
facts["results"] = len(by_path)
facts["passed"] = by_path.passed
facts["rows_equal"] = by_rows.records == by_path.records
facts["frame_equal"] = by_frame.records == by_path.records
df = by_path.to_pandas()
facts["frame_shape"] = list(df.shape)
facts["frame_columns"] = list(df.columns)
facts["frame_pass_sum"] = int(df["pass"].sum())

# 2. one submission at a time on a warm Grader: the batch's verdicts.
with plotgrade.Grader(tasks) as g:
    one = [g.grade_one(r["id"], r["response"], r.get("model", "model")) for r in rows[:12]]
batch = {(r["model"], r["id"]): (r["score"], r["pass"]) for r in by_path.records}
facts["grader_equal"] = all(
    batch[(r.get("model", "model"), o.id)] == (o.score, o.pass_) for r, o in zip(rows, one)
)

# 3. run: a figure, and a wall.
ok = plotgrade.run("import matplotlib.pyplot as plt\nplt.bar(['a', 'b'], [3, 5])\n")
facts["run_status"] = ok.status
facts["run_png"] = ok.figures[0][:8] == b"\x89PNG\r\n\x1a\n"
facts["run_bars"] = [b["height"] for b in ok.scene["figures"][0]["axes"][0]["bars"]]
bad = plotgrade.run("import subprocess\nsubprocess.run(['id'])\n")
facts["attack_status"] = bad.status

# 4. diff and compare in words.
old = "import matplotlib.pyplot as plt\nplt.bar(['Q1', 'Q2', 'Q3'], [3, 4, 5])\n"
new = "import matplotlib.pyplot as plt\nplt.bar(['Q1', 'Q2', 'Q3'], [3, 4, 7])\n"
d = plotgrade.diff(old, new, figure=True)
facts["diff_figure"] = d.figure
c = plotgrade.compare(old, new)
facts["compare"] = [c.verdict, c.changes]

import matplotlib.pyplot as plt  # noqa: E402

fa, ax = plt.subplots()
ax.bar(["Q1", "Q2", "Q3"], [3, 4, 5])
fb, bx = plt.subplots()
bx.bar(["Q1", "Q2", "Q3"], [3, 4, 5])
facts["compare_same_figures"] = plotgrade.compare(fa, fb).verdict

# 5. usage errors name the file and line.
bad_tasks = work / "tasks" / "broken" / "tasks.jsonl"
bad_tasks.parent.mkdir(parents=True, exist_ok=True)
bad_tasks.write_text('{"id": "x"}\n', encoding="utf-8")
try:
    plotgrade.Grader(bad_tasks)
    facts["usage_error"] = None
except plotgrade.UsageError as e:
    facts["usage_error"] = str(e)
try:
    plotgrade.grade(tasks, [{"id": "bar-01-generation"}, 3], out=work / "bad")
except TypeError as e:
    facts["type_error"] = str(e)
# Keyword arguments reach the library's option structs, which check them by name.
loopback = {"url": "http://127.0.0.1:9/v1", "model": "m"}
for name, kwargs in [("judge_unknown_key", {"judge": {**loopback, "temprature": 0}}),
                     ("judge_bad_repeat", {"judge": {**loopback, "repeat": 0}}),
                     ("bad_input_format", {"input_format": "parquet"}),
                     ("bad_jobs", {"jobs": 0}),
                     ("bad_memory", {"memory_mb": 1}),
                     ("bad_reading", {"answer_reading": "loose"}),
                     ("llm_reading_without_judge", {"answer_reading": "soft-llm"})]:
    try:
        plotgrade.grade(tasks, rows[:1], out=work / ("bad-" + name), progress=False, **kwargs)
        facts[name] = None
    except plotgrade.UsageError as e:
        facts[name] = str(e)
# A judge given as a dict is asked (here: a dry run writes its prompts, sends nothing).
dry = plotgrade.grade(tasks, rows[:2], out=work / "dry-judge", progress=False,
                      judge={**loopback, "dry_run": True, "params": {"max_tokens": None}})
facts["dry_run_prompts"] = len(list((work / "dry-judge" / "judge-prompts").rglob("*.txt")))
facts["dry_run_records"] = len(dry)

# 6. Versions: another numpy is said once; another matplotlib minor is refused.
from plotgrade import _env  # noqa: E402

real = _env.environment_versions
try:
    _env.environment_versions = lambda: {**real(), "numpy": "9.9.9"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plotgrade.run("import matplotlib.pyplot as plt\nplt.plot([1, 2])\n")
        plotgrade.run("import matplotlib.pyplot as plt\nplt.plot([1, 3])\n")
    facts["numpy_warnings"] = [str(w.message) for w in caught]
    _env.environment_versions = lambda: {**real(), "matplotlib": "3.11.0"}
    try:
        plotgrade.run("x = 1\n")
        facts["minor_refused"] = None
    except plotgrade.UnsupportedMatplotlib as e:
        facts["minor_refused"] = str(e)
finally:
    _env.environment_versions = real

# The names Python spells as types are the library's.
import typing  # noqa: E402

from plotgrade import _native, api  # noqa: E402

facts["modes_agree"] = list(typing.get_args(api.Mode)) == list(_native.CHECK_MODES)
facts["statuses_agree"] = list(typing.get_args(api.Status)) == list(_native.STATUSES)
print(json.dumps(facts))
