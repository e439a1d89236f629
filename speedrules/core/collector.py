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
from typing import Any, Final

_LOCK: Final = threading.Lock()
_acquire: Final[Any] = _LOCK.acquire
_release: Final[Any] = _LOCK.release
"""The lock's methods, called directly: a ``with`` on the lock cost about twice as much, and a
pause is paid on every log judged (nothing in the locked sections can raise)."""
_isenabled: Final[Any] = gc.isenabled
_disable: Final[Any] = gc.disable
_enable: Final[Any] = gc.enable
_PAUSES: Final = [0, 0]
"""How many pauses are on, and whether the collector was enabled when the first began (1 or 0).
Module state, not class attributes: setting a class attribute invalidates the type's caches,
which cost more than the pause itself on a short log.  Every one Final: the compiled build keeps
a Final in a C static, and looks any other module global up by name at each use."""


class CollectorPaused:
    """Pause Python's cyclic garbage collector for a while (``with COLLECTOR_PAUSED:``).

    Pauses nest and may overlap across threads: the collector is restored to its former
    state when the last one ends.  Any cycle made meanwhile (a caught exception's
    traceback) is collected after that.
    """

    __slots__ = ()

    def __enter__(self) -> None:
        _acquire()  # one pause for the whole process
        if not _PAUSES[0]:
            _PAUSES[1] = 1 if _isenabled() else 0
            _disable()
        _PAUSES[0] += 1
        _release()

    def __exit__(self, _type: object, _value: object, _traceback: object) -> None:
        _acquire()
        _PAUSES[0] -= 1
        if not _PAUSES[0] and _PAUSES[1]:
            _enable()
        _release()


COLLECTOR_PAUSED = CollectorPaused()
