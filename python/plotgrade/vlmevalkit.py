"""A VLMEvalKit dataset for a plotgrade suite: its prompts in, plotgrade's grading out.

VLMEvalKit asks a dataset class for two things: ``build_prompt(line)``, the message a
model is shown (pictures, then text), and ``evaluate(eval_file)``, the score of the
answers it collected. Here the prompts are the suite's (:func:`plotgrade.prompts`:
never the reference script) and the evaluation is :func:`plotgrade.grade` on the answer
file VLMEvalKit wrote, which keeps the ``id`` column, so no field mapping is needed.

Register it in VLMEvalKit (its ``vlmeval/dataset/__init__.py``) or build it yourself::

    from plotgrade.vlmevalkit import PlotgradeDataset
    data = PlotgradeDataset("plotgrade_mathopeval_mini", tasks="tasks/mathopeval-mini/tasks.jsonl")
    msgs = data.build_prompt(0)                 # [{"type": "image", ...}, {"type": "text", ...}]
    table = data.evaluate("model_plotgrade_mathopeval_mini.xlsx")

VLMEvalKit itself is not imported: the class works on its own and, when VLMEvalKit is
installed, is also an ``ImageBaseDataset`` so that ``isinstance`` checks there hold.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from . import api

try:  # pragma: no cover - VLMEvalKit pulls in torch; not installed in the tests
    from vlmeval.dataset.image_base import ImageBaseDataset as _Base
except ImportError:  # the class stands alone
    _Base = object

#: The environment variable naming the suite when the class is built by name only (as
#: VLMEvalKit's ``build_dataset(name)`` does).
TASKS_ENV = "PLOTGRADE_TASKS"


class PlotgradeDataset(_Base):
    """A plotgrade suite as a VLMEvalKit dataset.

    ``dataset`` is the name VLMEvalKit runs it under (``plotgrade prompts`` names its TSV
    ``plotgrade_<suite>``); ``tasks`` is the suite's ``tasks.jsonl`` (default:
    ``$PLOTGRADE_TASKS``). ``grade`` holds keyword arguments for :func:`plotgrade.grade`
    (``jobs``, ``judge``, …) used by :meth:`evaluate`.
    """

    TYPE = "VQA"
    MODALITY = "IMAGE"

    def __init__(self, dataset: str = "plotgrade", tasks: str | os.PathLike | None = None,
                 skip_noimg: bool = True, **grade: Any) -> None:
        tasks = tasks if tasks is not None else os.environ.get(TASKS_ENV)
        if not tasks:
            raise api._native.UsageError(
                f"PlotgradeDataset({dataset!r}) needs its suite: tasks='tasks/<suite>/tasks.jsonl' "
                f"or ${TASKS_ENV}")
        self.dataset_name = dataset
        self.tasks = Path(tasks)
        self.grade_options = grade
        self.prompts = api.prompts(self.tasks)
        self._by_index = {p["index"]: p for p in self.prompts}
        try:
            import pandas as pd
        except ImportError:
            self.data = None
        else:
            self.data = pd.DataFrame([
                {"index": p["index"], "id": p["id"], "kind": p["kind"], "figure": p["figure"],
                 "question": p["prompt"], "image_path": list(p["images"])}
                for p in self.prompts
            ])

    @classmethod
    def supported_datasets(cls) -> list[str]:
        """Any name: the suite, not the name, says what is graded."""
        return []

    def __len__(self) -> int:
        return len(self.prompts)

    def _prompt_of(self, line: Any) -> dict:
        if isinstance(line, int):
            if line not in self._by_index:
                raise api._native.UsageError(
                    f"no prompt with index {line} in {self.tasks} (0–{len(self.prompts) - 1})")
            return self._by_index[line]
        index = line["index"]  # a row of self.data (a pandas Series) or a dict
        return self._by_index[int(index)]

    def build_prompt(self, line: Any) -> list[dict]:
        """The message for one task: its pictures (image 1, image 2 as the text calls
        them), then the text. ``line`` is an index or a row of :attr:`data`."""
        p = self._prompt_of(line)
        msgs = [{"type": "image", "value": path} for path in p["images"]]
        msgs.append({"type": "text", "value": p["prompt"]})
        return msgs

    def evaluate(self, eval_file: str | os.PathLike, **judge_kwargs: Any) -> Any:
        """Grade VLMEvalKit's answer file (``.xlsx``, ``.tsv`` or ``.csv`` with ``id`` and
        ``prediction``) into ``<eval_file stem>_plotgrade/``, and return Table III as
        the paper averages it: one row per model, its mean 1–10 score and pass rate per
        kind (the mean of its five figure types' cells) and their AVG (a DataFrame when
        pandas is there, else a list of dicts). ``judge_kwargs`` are
        VLMEvalKit's; plotgrade's judge is set with ``judge=`` when the dataset is built."""
        eval_file = Path(eval_file)
        out = eval_file.with_name(eval_file.stem + "_plotgrade")
        results = api.grade(self.tasks, eval_file, out=out,
                            **{"progress": False, **self.grade_options})
        macro = results.summary["scores_macro"]
        passes = {r["model"]: r for r in macro["pass_rate"]["models"]}
        rows = []
        for r in macro["mean_score"]["models"]:
            row: dict[str, Any] = {"model": r["model"]}
            for kind, value in r["by_kind"].items():
                row[f"{kind} score"] = value
                row[f"{kind} pass"] = passes[r["model"]]["by_kind"].get(kind)
            row["AVG score"] = r["overall"]
            row["AVG pass"] = passes[r["model"]]["overall"]
            rows.append(row)
        try:
            import pandas as pd
        except ImportError:
            return rows
        return pd.DataFrame(rows)
