"""Statistics of simulated games, for every family: spreads (mean, median, 95th percentile,
nearest rank), win shares with their 95% Wilson interval, and the readable table's layout.

>>> Spread.of([5, 1, 4, 2, 3])
Spread(mean=3.0, median=3, p95=5)
>>> [round(x, 4) for x in wilson_interval(3, 5)]
[0.2307, 0.8824]
>>> print(render("demo: 2 simulated deals", 7, [("deals played", "2"), ("win share", "50.0%")]))
demo: 2 simulated deals, seed 7
deals played  2
win share     50.0%
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["SeatShare", "Spread", "pct", "percentile", "render", "seat_shares", "wilson_interval"]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with ``z = 1.96``); ``(0, 1)`` with no trials.

    >>> [round(x, 4) for x in wilson_interval(3, 5)]
    [0.2307, 0.8824]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[int], q: float) -> int:
    """The nearest-rank percentile: the smallest value with at least ``q`` of the values at
    or below it (``q = 0.5`` is the lower median).  ``0`` for no values.

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile(range(1, 101), 0.95)
    (3, 95)
    """
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


@attrs.frozen(slots=True)
class Spread:
    """The mean, median and 95th percentile of a count over deals (nearest rank)."""

    mean: float
    median: int
    p95: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        return cls(sum(values) / len(values) if values else 0.0, percentile(values, 0.5), percentile(values, 0.95))

    def to_json(self) -> dict[str, float | int]:
        return {"mean": self.mean, "median": self.median, "p95": self.p95}


@attrs.frozen(slots=True)
class SeatShare:
    """One seat's wins: ``share`` of all deals played, with its 95% Wilson interval."""

    seat: int
    bot: str
    wins: int
    share: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "wins": self.wins, "share": self.share,
                "ci95": [self.low, self.high]}


def seat_shares(names: Sequence[str], counts: Sequence[int], trials: int) -> tuple[SeatShare, ...]:
    """Each seat's ``counts`` (named by ``names``) as a share of ``trials``, with its interval."""
    shares = []
    for seat, count in enumerate(counts):
        low, high = wilson_interval(count, trials)
        shares.append(SeatShare(seat, names[seat], count, count / trials if trials else 0.0, low, high))
    return tuple(shares)


def pct(x: float) -> str:
    """A proportion as a percentage with one decimal (``0.4567`` -> ``45.7%``)."""
    return f"{100 * x:.1f}%"


def render(title: str, seed: int | None, rows: Sequence[tuple[str, str]]) -> str:
    """A summary as the readable table ``speedrules simulate`` prints: the title (with the seed),
    then each row's head and text, the heads padded to one width."""
    head = max(len(h) for h, _ in rows)
    title += f", seed {seed}" if seed is not None else ""
    return "\n".join([title, *(f"{h:<{head}}  {text}".rstrip() for h, text in rows)])
