"""Rewards for RL trainers, on one long-lived :class:`~plotgrade.Grader`.

- **TRL** (``GRPOTrainer(reward_funcs=[...])``)::

      from plotgrade.rewards import RewardFunction
      reward = RewardFunction("tasks/mathopeval-mini/tasks.jsonl", id_column="task_id")
      trainer = GRPOTrainer(..., reward_funcs=[reward], train_dataset=ds)  # ds has task_id

- **verl** (``custom_reward_function.path`` = this file, ``name=compute_score``, or
  ``compute_score_batch`` with the batch reward manager): the task id is the sample's
  ``ground_truth`` (``reward_model.ground_truth`` in verl's parquet), the suite is
  ``$PLOTGRADE_TASKS``.

- **OpenRLHF** (``--remote_rm_url``): ``plotgrade serve`` (see ``docs/integrations.md``).

A reward is one of ``scaled`` (default: the paper's 1–10 score mapped to 0–1, so an answer
without code is 0 and a perfect one 1), ``score`` (the 1–10 score itself) or ``pass``
(1.0 or 0.0). Every answer of a batch is graded, whatever its task (a group of answers to
one task is the usual case), over all workers; rewards come back in the batch's order.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from . import _native
from .api import Graded, Grader, PathLike

Reward = Literal["scaled", "score", "pass"]
REWARDS: tuple[str, ...] = ("scaled", "score", "pass")

__all__ = ["REWARDS", "RewardFunction", "compute_score", "compute_score_batch", "reward_of"]


def reward_of(graded: Graded, reward: Reward = "scaled") -> float:
    """The reward one graded answer earns."""
    if reward == "scaled":
        return (graded.score - 1) / 9.0
    if reward == "score":
        return float(graded.score)
    if reward == "pass":
        return 1.0 if graded.pass_ else 0.0
    raise _native.UsageError(f"reward must be one of {', '.join(REWARDS)}; got {reward!r}")


def _check_reward(reward: str) -> None:
    if reward not in REWARDS:
        raise _native.UsageError(f"reward must be one of {', '.join(REWARDS)}; got {reward!r}")


def completion_text(completion: Any) -> str:
    """The text of a completion as trainers hand it over: a string, or a conversation
    (a list of ``{"role", "content"}`` messages, content a string or a list of parts):
    then the assistant's messages, joined."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        completion = [completion]
    if isinstance(completion, Sequence):
        texts = []
        for message in completion:
            if not isinstance(message, Mapping):
                raise TypeError(f"a completion message must be a dict, not {type(message).__name__}")
            if message.get("role", "assistant") != "assistant":
                continue
            content = message.get("content", "")
            if isinstance(content, str):
                texts.append(content)
            else:  # multimodal parts: keep the text ones
                texts.extend(p.get("text", "") for p in content
                             if isinstance(p, Mapping) and p.get("type") == "text")
        return "\n".join(texts)
    raise TypeError(f"a completion must be text or a list of messages, not {type(completion).__name__}")


def _default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


class RewardFunction:
    """A TRL reward function: ``reward(prompts, completions, **columns) -> list[float]``.

    ``id_column`` names the dataset column holding each row's task id (TRL passes every
    dataset column to reward functions). ``jobs`` workers (default: every core this
    process may use) start on first call and stay warm. Give ``grader`` to share one.
    """

    def __init__(
        self,
        tasks: PathLike | None = None,
        *,
        id_column: str = "task_id",
        reward: Reward = "scaled",
        jobs: int | None = None,
        model: str = "policy",
        grader: Grader | None = None,
    ):
        _check_reward(reward)
        if grader is None and tasks is None:
            raise _native.UsageError("RewardFunction needs tasks (a tasks.jsonl) or a grader")
        self.tasks = tasks
        self.id_column = id_column
        self.reward = reward
        self.jobs = jobs if jobs is not None else _default_jobs()
        self.model = model
        self._grader = grader
        self._lock = threading.Lock()
        # TRL logs each reward function under its __name__.
        self.__name__ = f"plotgrade_{reward}"

    @property
    def grader(self) -> Grader:
        with self._lock:
            if self._grader is None:
                self._grader = Grader(self.tasks, jobs=self.jobs)  # type: ignore[arg-type]
            return self._grader

    def __call__(
        self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] | None = None,
        **columns: Any,
    ) -> list[float]:
        if completions is None:
            raise _native.UsageError("the reward function was called without completions")
        if self.id_column not in columns:
            known = sorted(k for k in columns if not k.startswith(("completion_ids", "trainer_")))
            raise _native.UsageError(
                f"no column {self.id_column!r} with the task ids among the batch's columns "
                f"({', '.join(known) or 'none'}); give RewardFunction(id_column=...)")
        ids = list(columns[self.id_column])
        if len(ids) != len(completions):
            raise _native.UsageError(
                f"{len(completions)} completions but {len(ids)} values in {self.id_column!r}")
        answers = [(str(i), completion_text(c)) for i, c in zip(ids, completions)]
        graded = self.grader.grade_batch(answers, model=self.model)
        return [reward_of(g, self.reward) for g in graded]

    def close(self) -> None:
        with self._lock:
            if self._grader is not None:
                self._grader.close()
                self._grader = None


# ── verl ─────────────────────────────────────────────────────────────────────────────

_verl: dict[str, RewardFunction] = {}
_verl_lock = threading.Lock()


def _verl_reward() -> RewardFunction:
    tasks = os.environ.get("PLOTGRADE_TASKS")
    if not tasks:
        raise _native.UsageError(
            "set PLOTGRADE_TASKS to the suite's tasks.jsonl for verl's compute_score")
    reward = os.environ.get("PLOTGRADE_REWARD", "scaled")
    jobs = os.environ.get("PLOTGRADE_JOBS")
    key = f"{tasks}\0{reward}\0{jobs}"
    with _verl_lock:
        if key not in _verl:
            _verl[key] = RewardFunction(tasks, reward=reward,  # type: ignore[arg-type]
                                        jobs=int(jobs) if jobs else None)
        return _verl[key]


def _task_id(ground_truth: Any, extra_info: Any) -> str:
    if isinstance(extra_info, Mapping) and "task_id" in extra_info:
        return str(extra_info["task_id"])
    if isinstance(ground_truth, str) and ground_truth:
        return ground_truth
    raise _native.UsageError(
        "verl: the task id goes in ground_truth (reward_model.ground_truth) or "
        f"extra_info['task_id']; got ground_truth={ground_truth!r}")


def compute_score(data_source: Any, solution_str: str, ground_truth: Any,
                  extra_info: Any = None, **_: Any) -> float:
    """verl's per-sample reward: the task id is ``ground_truth`` (or
    ``extra_info["task_id"]``); the suite is ``$PLOTGRADE_TASKS``, the reward kind
    ``$PLOTGRADE_REWARD`` (default ``scaled``), workers ``$PLOTGRADE_JOBS``."""
    return compute_score_batch([data_source], [solution_str], [ground_truth], [extra_info])[0]


def compute_score_batch(data_sources: Sequence[Any], solution_strs: Sequence[str],
                        ground_truths: Sequence[Any], extra_infos: Sequence[Any] | None = None,
                        **_: Any) -> list[float]:
    """verl's batch reward manager's function: one reward per solution, in order, the
    whole batch graded over every worker."""
    n = len(solution_strs)
    if len(ground_truths) != n:
        raise _native.UsageError(f"{n} solutions but {len(ground_truths)} ground truths")
    infos = list(extra_infos) if extra_infos is not None else [None] * n
    ids = [_task_id(g, e) for g, e in zip(ground_truths, infos)]
    f = _verl_reward()
    return f(None, list(solution_strs), **{f.id_column: ids})
