"""Run by test_package.py with the fresh venv's Python (the wheel installed there).

argv: TASKS ROOT. Grades GRPO-style groups through Grader.grade_batch, the TRL reward
function and verl's compute_score, and prints one JSON object of facts to assert on.
"""

import csv
import json
import os
import sys
import warnings
from pathlib import Path

import plotgrade
from plotgrade import rewards

tasks, root = sys.argv[1], Path(sys.argv[2])
facts = {}


def fenced(rel):
    return "```python\n" + (root / rel).read_text(encoding="utf-8") + "\n```"


right = fenced("references/mathopeval-mini/bar-03/deletion.py")
unchanged = fenced("references/mathopeval-mini/bar-03/original.py")
other = fenced("references/mathopeval-mini/geometry-01/original.py")
group = [right, unchanged, "no code here", right, unchanged, right]

with plotgrade.Grader(tasks, jobs=2) as g:
    batch = g.grade_batch([("bar-03-deletion", r) for r in group] + [
        {"id": "geometry-01-generation", "response": other}])
    alone = [g.grade_one("bar-03-deletion", r) for r in group]
    facts["batch_len"] = len(batch)
    facts["batch_pass"] = [b.pass_ for b in batch]
    facts["batch_equals_alone"] = [b.record for b in batch[:6]] == [a.record for a in alone]
    try:
        g.grade_batch([("bar-03-deletion", right), ("nope", right)])
    except plotgrade.UsageError as e:
        facts["unknown_id"] = str(e)
    # A run keeps one answer per task and model; a second is not dropped silently.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run = g.grade([{"id": "bar-03-deletion", "response": r} for r in group[:2]],
                      progress=False)
    facts["run_rejected"] = [r["at"].rsplit(":", 1)[1] for r in run.rejected]
    facts["run_warned"] = [str(w.message) for w in caught
                           if issubclass(w.category, plotgrade.RejectedWarning)]

    # TRL: completions as text or as conversations; task ids from a dataset column.
    trl = rewards.RewardFunction(grader=g, id_column="task_id")
    completions = [right, [{"role": "assistant", "content": unchanged}],
                   [{"role": "assistant", "content": [{"type": "text", "text": right}]}],
                   "no code here"]
    facts["trl"] = trl(prompts=["p"] * 4, completions=completions,
                       task_id=["bar-03-deletion"] * 4, completion_ids=[[1]] * 4)
    facts["trl_name"] = trl.__name__
    try:
        trl(prompts=["p"], completions=[right], id=["bar-03-deletion"])
    except plotgrade.UsageError as e:
        facts["trl_missing_column"] = str(e)
    facts["pass_reward"] = rewards.RewardFunction(grader=g, reward="pass")(
        completions=[right, unchanged], task_id=["bar-03-deletion"] * 2)

# verl: the suite from the environment, the task id as ground truth.
os.environ["PLOTGRADE_TASKS"] = tasks
os.environ["PLOTGRADE_JOBS"] = "1"
facts["verl_one"] = rewards.compute_score("mathopeval", right, "bar-03-deletion")
facts["verl_batch"] = rewards.compute_score_batch(
    ["mathopeval"] * 3, [right, "nothing", other],
    ["bar-03-deletion", "bar-03-deletion", "x"],
    [None, None, {"task_id": "geometry-01-generation"}])
# The prompts a policy is shown, with their task ids: a TRL dataset in two lines.
ps = plotgrade.prompts(tasks)
facts["prompts"] = len(ps)
facts["prompt_roles"] = sorted({(p["kind"], tuple(p["image_roles"])) for p in ps})
facts["prompt_images_exist"] = all(Path(i).is_file() for p in ps for i in p["images"])

# VLMEvalKit: the dataset class built by name (the suite from $PLOTGRADE_TASKS), one
# prompt, then its evaluate() on the answer file VLMEvalKit writes (here a TSV).
from plotgrade.vlmevalkit import PlotgradeDataset  # noqa: E402

data = PlotgradeDataset("plotgrade_mathopeval_mini", jobs=1)
deletion = next(p for p in ps if p["id"] == "bar-03-deletion")
msgs = data.build_prompt(deletion["index"])
facts["vlm_len"] = len(data)
facts["vlm_msg_types"] = [m["type"] for m in msgs]
facts["vlm_row_same"] = data.build_prompt(data.data.iloc[deletion["index"]]) == msgs
work = Path(os.environ["PLOTGRADE_CACHE"]).parent / "vlmeval"
work.mkdir(parents=True, exist_ok=True)
eval_file = work / "m_plotgrade_mathopeval_mini.tsv"
with open(eval_file, "w", encoding="utf-8", newline="") as f:
    w = csv.writer(f, delimiter="\t")
    w.writerow(["index", "id", "prediction"])
    for i, (tid, r) in enumerate([("bar-03-deletion", right), ("geometry-01-generation", other),
                                  ("bar-03-modification", unchanged)]):
        w.writerow([i, tid, r])
table = data.evaluate(eval_file)
facts["vlm_table"] = table.to_dict(orient="records")
facts["vlm_out"] = (work / "m_plotgrade_mathopeval_mini_plotgrade" / "report.html").is_file()
try:
    PlotgradeDataset("x", tasks="")
except plotgrade.UsageError as e:
    facts["vlm_no_suite"] = str(e)
print(json.dumps(facts))
