"""``plotgrade`` (the console script) and ``python -m plotgrade``: the full command line.

The same commands as the standalone binary; workers run in this interpreter's
environment (see :mod:`plotgrade._env`).
"""

import sys


def main() -> int:
    from . import _env, _native

    if len(sys.argv) > 1 and sys.argv[1] in ("grade", "run", "check", "snapshot", "bench"):
        _env.check_versions()
    return _native.cli(["plotgrade", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
