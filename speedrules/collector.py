"""Pausing Python's cyclic garbage collector while a log is judged or a deal is simulated.

A parsed log is a tree, and judging it or playing a deal makes no reference cycles, so
reference counting frees everything; the collector would only walk the live objects over and
over (on a 144,000-event log that cost as much again as the judging; on simulated deals about
10%: docs/performance.md).

>>> import gc
>>> with COLLECTOR_PAUSED:
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
import threading


class CollectorPaused:
    """Pause Python's cyclic garbage collector for a while (``with COLLECTOR_PAUSED:``).

    Pauses nest and may overlap across threads: the collector is restored to its former
    state when the last one ends.  Any cycle made meanwhile (a caught exception's
    traceback) is collected after that.
    """

    _lock = threading.Lock()
    _depth = 0
    _restore = False

    def __enter__(self) -> None:
        cls = CollectorPaused  # the state is the class's: one pause for the whole process
        with cls._lock:
            if cls._depth == 0:
                cls._restore = gc.isenabled()
                gc.disable()
            cls._depth += 1

    def __exit__(self, *_exc: object) -> None:
        cls = CollectorPaused
        with cls._lock:
            cls._depth -= 1
            if cls._depth == 0 and cls._restore:
                gc.enable()


COLLECTOR_PAUSED = CollectorPaused()
