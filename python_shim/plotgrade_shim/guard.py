"""In-Python guards for one job: an audit hook and the capture of show/savefig/use.

These give a submission's forbidden acts a clear name (status ``forbidden`` and what it
tried). They are not the security boundary on their own: the Rust side also puts the job's
process under rlimits, a seccomp filter (no fork, exec, sockets, signals to others) and
Landlock filesystem rules, which hold even against ctypes. The audit hook is installed in
a forked child that is discarded after the job, so it never outlives the submission.
"""

from __future__ import annotations

import os
import sys
import threading

# Audit events that are never allowed: starting processes, the network, foreign signals.
PROCESS_EVENTS = {
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.fork",
    "os.forkpty",
    "subprocess.Popen",
    "pty.spawn",
}
NETWORK_PREFIXES = ("socket.", "urllib.", "http.", "ftplib.", "smtplib.", "telnetlib.", "imaplib.", "poplib.", "nntplib.")
# Path-taking events and the positions of their path arguments that will be written.
WRITE_EVENTS = {
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.rename": (0, 1),
    "os.mkdir": (0,),
    "os.chmod": (0,),
    "os.chown": (0,),
    "os.truncate": (0,),
    "os.link": (0, 1),
    "os.symlink": (0, 1),
    "os.utime": (0,),
    "os.chflags": (0,),
    "os.setxattr": (0,),
    "os.removexattr": (0,),
    "shutil.rmtree": (0,),
    "shutil.move": (0, 1),
    "shutil.copyfile": (1,),
    "shutil.copytree": (1,),
}
# Frequent events that are never a concern; skipping them first keeps the hook cheap.
HOT_EVENTS = frozenset(
    {
        "builtins.id",
        "object.__getattr__",
        "object.__setattr__",
        "object.__delattr__",
        "sys._getframe",
        "compile",
        "exec",
        "code.__new__",
        "function.__new__",
        "marshal.loads",
        "import",
        "sys.excepthook",
    }
)
READ_EVENTS = {"os.listdir": (0,), "os.scandir": (0,), "os.walk": (0,), "glob.glob": (0,)}

O_WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class Forbidden(BaseException):
    """Raised inside a submission that tried something a job may not do.

    A BaseException so that a bare ``except Exception`` in the submission does not swallow
    it; the attempt is recorded either way, so catching it changes nothing.
    """


class Guard:
    """The rules of one job: where it may read and write, and what it tried."""

    def __init__(self, workdir, read_roots, resolved=False):
        self.workdir = os.path.realpath(workdir)
        # ``resolved``: the roots are real paths already (see ``runner.prepare``).
        self.read_roots = tuple(read_roots if resolved else map(os.path.realpath, read_roots))
        self.attempts = []  # what the submission tried that it may not do
        self.active = False
        self._busy = threading.local()

    def _inside(self, path, roots):
        try:
            if isinstance(path, int):
                return True  # an already-open descriptor: checked when it was opened
            if isinstance(path, bytes):
                path = os.fsdecode(path)
            p = os.path.realpath(os.fspath(path))  # relative to the current directory
        except Exception:
            return False
        return any(p == r or p.startswith(r.rstrip("/") + "/") for r in roots)

    def may_write(self, path):
        return self._inside(path, (self.workdir, "/dev/null"))

    def may_read(self, path):
        return self._inside(path, (self.workdir,) + self.read_roots)

    def forbid(self, what):
        self.attempts.append(what)
        raise Forbidden(what)

    def hook(self, event, args):
        # Called for every audited event, and matplotlib alone raises thousands per
        # figure (`builtins.id` in its caches): answer those before anything else.
        if event in HOT_EVENTS or not self.active or getattr(self._busy, "on", False):
            return
        self._busy.on = True
        try:
            self._check(event, args)
        finally:
            self._busy.on = False

    def _check(self, event, args):
        if event in PROCESS_EVENTS:
            self.forbid(f"start a process ({event})")
        if event.startswith(NETWORK_PREFIXES):
            # socket.__new__ of an AF_UNIX socket pair is used by nothing we draw with.
            self.forbid(f"use the network ({event})")
        if event == "open":
            path, mode, flags = (list(args) + [None, None, None])[:3]
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & O_WRITE
            )
            if path is None:
                return
            if writing and not self.may_write(path):
                self.forbid(f"write outside its directory ({_show(path)})")
            if not writing and not self.may_read(path):
                self.forbid(f"read outside its directory ({_show(path)})")
        elif event in WRITE_EVENTS:
            for i in WRITE_EVENTS[event]:
                if i < len(args) and args[i] is not None and not self.may_write(args[i]):
                    self.forbid(f"change a file outside its directory ({event} {_show(args[i])})")
        elif event in READ_EVENTS:
            for i in READ_EVENTS[event]:
                if i < len(args) and args[i] is not None and not self.may_read(args[i]):
                    self.forbid(f"list a directory outside its own ({event} {_show(args[i])})")
        elif event in ("os.kill", "os.killpg", "signal.pthread_kill"):
            pid = args[0] if args else None
            if event != "signal.pthread_kill" and pid != os.getpid():
                self.forbid(f"signal another process ({event} {pid})")


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
        from matplotlib.axes import Axes
        from matplotlib.figure import Figure

        cap = self
        real_savefig = self.real_savefig = Figure.savefig  # the shim renders with it
        real_pie = Axes.pie

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

        def pie(ax, *args, **kwargs):
            result = real_pie(ax, *args, **kwargs)
            wedges, texts = result[0], result[1]
            autotexts = result[2] if len(result) > 2 else []
            if not hasattr(ax, "_plotgrade_pies"):
                ax._plotgrade_pies = []
            ax._plotgrade_pies.append((list(wedges), list(texts), list(autotexts)))
            return result

        self._originals = [
            (Figure, "savefig", Figure.savefig),
            (Figure, "show", Figure.show),
            (plt, "show", plt.show),
            (plt, "pause", plt.pause),
            (plt, "switch_backend", plt.switch_backend),
            (matplotlib, "use", matplotlib.use),
            (Axes, "pie", Axes.pie),
        ]
        Figure.savefig = savefig
        Figure.show = lambda fig, *a, **k: cap.remember(fig)
        plt.show = show
        plt.pause = lambda *a, **k: None
        plt.switch_backend = use
        matplotlib.use = use
        Axes.pie = pie

    def uninstall(self):
        """Put matplotlib back (jobs never need this: their process is discarded)."""
        for owner, name, value in reversed(getattr(self, "_originals", [])):
            setattr(owner, name, value)
        self._originals = []
