"""The one progress bar of the command line (``speedrules simulate``, ``speedrules referee``
over many logs): a line on a terminal, redrawn in place at most ten times a second (and once
more when the work is done), wiped before other lines are written and at the end.

What follows the bar is the caller's: ``describe(done, rate, left)`` words the amount done,
its rate per second and the seconds left.

>>> import io
>>> out = io.StringIO()
>>> bar = Progress(out, 4, lambda done, rate, left: f"{done}/4 deals")
>>> bar.update(4)
>>> out.getvalue()
'\\r[########################] 4/4 deals '
>>> bar.clear()
>>> out.getvalue().endswith("\\r" + " " * 37 + "\\r")  # as wide as the line it wipes
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """A one-line progress bar of ``total`` units on ``stream`` (see the module)."""

    WIDTH = 24
    """The bar's width in characters."""

    def __init__(self, stream: TextIO, total: int, describe: Callable[[int, float, float], str]) -> None:
        self.stream, self.total, self.describe = stream, total, describe
        self.start = time.monotonic()
        self.shown = float("-inf")
        self.done = 0
        self.drawn = 0  # the length of the line on the terminal (0: none)

    def update(self, done: int) -> None:
        """``done`` units of ``total`` are done."""
        self.done = done
        now = time.monotonic()
        if now - self.shown < 0.1 and done < self.total:
            return
        self.shown = now
        rate = done / max(now - self.start, 1e-9)
        left = (self.total - done) / rate if rate > 0 and done < self.total else 0.0
        filled = self.WIDTH * min(done, self.total) // max(self.total, 1)
        line = f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.describe(done, rate, left)} "
        self.stream.write("\r" + line + " " * max(0, self.drawn - len(line)))
        self.stream.flush()
        self.drawn = max(self.drawn, len(line))

    def clear(self) -> None:
        """Wipe the bar (before another line is written, and at the end)."""
        if self.drawn:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0
