"""Type stubs of ``plotgrade._native``, the Rust extension (crates/plotgrade-python).

Internal: use the functions and classes of :mod:`plotgrade`. Values cross as JSON text
and bytes, as they do between the grader and its workers.
"""

from collections.abc import Callable
from os import PathLike

__version__: str

CHECK_MODES: list[str]
"""The comparison modes, as the library names them (``Mode`` spells them as a type)."""
STATUSES: list[str]
"""How a script can end, as the library names them (``Status`` spells them as a type)."""

class UsageError(ValueError):
    """A bad input: a file, a line, an argument. The message names it."""

def init(python: str | PathLike[str], site_packages: str | PathLike[str], worker_code: str) -> None:
    """Which interpreter hosts the library; workers run ``python -I -c worker_code``."""

def worker_main() -> None:
    """The worker loop (as ``plotgrade __worker``); only a worker process calls it."""

def cli(argv: list[str]) -> int:
    """The command line (``argv[0]`` is the program name); returns the exit status."""

def grade(
    tasks: str,
    submissions: str,
    out: str,
    *,
    jobs: int | None = None,
    model: str | None = None,
    id_field: str | None = None,
    response_field: str | None = None,
    input_format: str | None = None,
    strip_think: bool = False,
    shard: str | None = None,
    timeout: float | None = None,
    memory_mb: int | None = None,
    answer_reading: str | None = None,
    judge: str | None = None,
    progress: Callable[[str, int, int, str | None], object] | None = None,
    grader: Grader | None = None,
) -> tuple[dict[str, int | bool], list[str]]:
    """Grade into the run directory ``out`` as ``plotgrade grade`` does; ``judge`` is the
    ``judge=`` dict as JSON; ``progress(phase, done, total, warning)``. Returns the counts
    and every record of the run as its results.jsonl line."""

def code_diff(old: str, new: str, base: str | None = None, json: bool = False) -> str: ...
def figure_diff(old: str, new: str) -> list[str]:
    """Two scenes (JSON) → one line per operation, ``bar 'Q3': height 5 → 7``."""

def figure_edit(base: str, old: str, new: str) -> str: ...
def compare(
    png_a: bytes,
    scene_a: str,
    png_b: bytes,
    scene_b: str,
    mode: str = "hybrid",
    tolerance: float = 2.0,
) -> tuple[str, str, list[str], float | None]:
    """(verdict, reason, changes, rms) of figure B against figure A."""

def encode_png(width: int, height: int, rgba: bytes) -> bytes: ...
def scene_text(scene: str) -> str: ...
def shim_sources() -> tuple[list[tuple[str, str]], str]:
    """(the shim's (module, source) pairs, the loader that imports them)."""
def pinned_requirements() -> str: ...

class Executor:
    def __init__(self, jobs: int = 1, timeout: float | None = None, memory_mb: int | None = None) -> None: ...
    def run(self, code: str, name: str) -> tuple[str, list[bytes]]:
        """(outcome JSON, PNG bytes per figure)."""
    def versions(self) -> str: ...
    def landlock(self) -> bool: ...

class Grader:
    def __init__(
        self,
        tasks: str | PathLike[str],
        jobs: int = 1,
        timeout: float | None = None,
        memory_mb: int | None = None,
        ref_cache: str | PathLike[str] | None = None,
    ) -> None: ...
    def grade_one(self, id: str, response: str, model: str = "model") -> str:
        """The result record (a results.jsonl line) as JSON."""
    def grade_batch(
        self, answers: list[tuple[str, str]], model: str = "model"
    ) -> list[tuple[str | None, str | None]]:
        """Per answer, in order: (result JSON, None) or (None, why it was not graded)."""
    def run(self, code: str, name: str) -> tuple[str, list[bytes]]: ...
    def versions(self) -> str: ...

def prompts(tasks: str) -> str:
    """The suite's prompts as a JSON list (index, id, kind, figure, prompt, images, image_roles)."""
