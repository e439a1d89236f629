"""How a California Speed log's deals add up to a match: Speed's match scoring
(:class:`~speedrules.speed.scoring.SpeedMatch`, its ``single`` default: every deal a game of its
own, won by whoever dealt their last card), only a deal not laid counted from its own layout.
Compiled with the kernel (pyproject's mypyc list), as Speed's scoring is: the referee makes a
match for every log, and an interpreted one cost each log six calls through the interpreter.

>>> from speedrules import load_variant
>>> from speedrules.california.coding import CaliforniaDeal
>>> match = CaliforniaMatch(load_variant("california-speed"), ("Ann", "Ben"))
>>> match.unlaid(CaliforniaDeal(((1, 2), (3,)), (), (), ())), match.result()
((2, 1), ('single', 1, (0, 0), (), None, False))
"""

from __future__ import annotations

from typing import Any

from ..speed.scoring import SpeedMatch


class CaliforniaMatch(SpeedMatch):
    """A California Speed log's deals added up (see the module)."""

    def unlaid(self, deal: Any) -> tuple[int, ...]:
        piles = deal.piles
        return tuple([len(piles[s]) if s < len(piles) else 0 for s in range(self.players)])
