"""``plotgrade`` (the console script) and ``python -m plotgrade``: the full command line.

The same commands as the standalone binary; workers run in this interpreter's
environment (see :mod:`plotgrade._env`).
"""

import sys
import warnings


def main() -> int:
    from . import _env, _native

    if len(sys.argv) > 1 and sys.argv[1] in ("grade", "run", "check", "snapshot", "bench",
                                             "serve"):
        # On the command line a version difference is one line on stderr, as the
        # binary's own warnings are, not Python's two-line warning with a source line.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _env.check_versions()
        for w in caught:
            print(f"warning: {w.message}", file=sys.stderr)
    return _native.cli(["plotgrade", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
