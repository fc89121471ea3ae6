"""What a job's Python side needs around the submission: the exception a forbidden act
raises, the capture of show/savefig/use, and capped output streams.

The audit hook that decides what is forbidden is in Rust (crates/plotgrade-exec/src/guard.rs): its rules
and its record are out of reach of Python frames. It raises :class:`Forbidden`. The walls
that actually stop the acts are the kernel's (seccomp, Landlock, rlimits, a private uid).
"""

from __future__ import annotations

import os

class Forbidden(BaseException):
    """Raised inside a submission that tried something a job may not do.

    A BaseException so that a bare ``except Exception`` in the submission does not swallow
    it; the attempt is recorded either way, so catching it changes nothing.
    """


def _show(path):
    s = os.fsdecode(path) if isinstance(path, (bytes, str)) else repr(path)
    return s if len(s) < 200 else s[:200] + "…"


class CappedWriter:
    """A text stream that keeps the first ``cap`` characters and counts the rest."""

    def __init__(self, cap):
        self.cap = cap
        self.parts = []
        self.kept = 0
        self.dropped = 0

    def write(self, s):
        s = str(s)
        room = self.cap - self.kept
        if room > 0:
            piece = s[:room]
            self.parts.append(piece)
            self.kept += len(piece)
            self.dropped += len(s) - len(piece)
        else:
            self.dropped += len(s)
        return len(s)

    def flush(self):
        pass

    def isatty(self):
        return False

    def writable(self):
        return True

    @property
    def encoding(self):
        return "utf-8"

    def getvalue(self):
        return "".join(self.parts)


class Capture:
    """Replaces what would block or write: plt.show, savefig, matplotlib.use, input()."""

    def __init__(self):
        self.figures = []  # figures shown or saved, in first-touch order
        self.saved_paths = []  # where the submission asked savefig to write (not written)
        self.backend_requests = []
        self.show_calls = 0

    def remember(self, fig):
        if all(f is not fig for f in self.figures):
            self.figures.append(fig)

    def install(self):
        import matplotlib
        import matplotlib.pyplot as plt
        from matplotlib.figure import Figure

        cap = self
        real_savefig = self.real_savefig = Figure.savefig

        def savefig(fig, fname, *args, **kwargs):
            cap.remember(fig)
            if hasattr(fname, "write"):
                # A buffer in memory harms nobody; give the script what it asked for.
                return real_savefig(fig, fname, *args, **kwargs)
            cap.saved_paths.append(_show(os.fspath(fname)))
            return None

        def show(*args, **kwargs):
            cap.show_calls += 1
            for num in plt.get_fignums():
                cap.remember(plt.figure(num))

        def use(backend, *args, **kwargs):
            cap.backend_requests.append(str(backend))

        self._originals = [
            (Figure, "savefig", Figure.savefig),
            (Figure, "show", Figure.show),
            (plt, "show", plt.show),
            (plt, "pause", plt.pause),
            (plt, "switch_backend", plt.switch_backend),
            (matplotlib, "use", matplotlib.use),
        ]
        Figure.savefig = savefig
        Figure.show = lambda fig, *a, **k: cap.remember(fig)
        plt.show = show
        plt.pause = lambda *a, **k: None
        plt.switch_backend = use
        matplotlib.use = use

    def uninstall(self):
        """Put matplotlib back (jobs never need this: their process is discarded)."""
        for owner, name, value in reversed(getattr(self, "_originals", [])):
            setattr(owner, name, value)
        self._originals = []
