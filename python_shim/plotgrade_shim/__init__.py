"""plotgrade's Python side: runs a submission in a worker's forked child and reads back
what it drew. Called only through ``runner.prepare`` and ``runner.run_job``."""

from .runner import prepare, run_job, versions

__all__ = ["prepare", "run_job", "versions"]
