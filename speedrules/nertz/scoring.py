"""How a Nertz log's hands add up to the game (its match): each finished hand scores +1 per card
a player put on a foundation and -penalty per card left in their Nertz pile (with the variant's
bonuses), and the game ends after the hand in which a total reaches the target, the single
highest total winning (a tie at the top plays another hand: docs/research/nertz.md, question 11);
and how a Nertz verdict reads in the referee's report.

>>> from speedrules import load_variant
>>> match = NertzMatch(load_variant("nertz"))
>>> match.result()
('nertz', 100, (0, 0), (), None, False)
>>> match_winner((101, 99), 100), match_winner((101, 101), 100), match_winner((50, 60), 100)
(0, None, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import rules
from ..core.variant import Variant
from ..family import Kernel
from .kernel import NertzKernel

NERTZ_FORMAT = "nertz"
"""The format of a Nertz verdict's match: hands to a target."""


def match_winner(totals: Sequence[int], target: int) -> int | None:
    """The game's winner after a hand: the single highest total once somebody reached ``target``."""
    best = max(totals)
    leaders = [s for s, total in enumerate(totals) if total == best]
    return leaders[0] if best >= target and len(leaders) == 1 else None


class NertzMatch:
    """A Nertz log's hands, judged in order (the family's :class:`~speedrules.family.Match`): each
    stands alone; a finished hand that is not void adds its scores; an unfinished, void or
    unlaid hand counts for nobody."""

    def __init__(self, variant: Variant) -> None:
        self.target: int = variant.rules.target
        self.totals = [0] * variant.players
        self.after: list[tuple[int, ...]] = []
        self.winner: int | None = None

    def carried(self) -> Any:
        return None

    def before(self, number: int) -> list[tuple[str, int | None, str]]:
        if self.winner is None:
            return []
        return [(rules.MATCH_AFTER_END, None, f"layout: hand {number} is logged after the game was decided; it does "
                 f"not count (rule {rules.MATCH_AFTER_END})")]

    def unlaid(self, deal: Any) -> tuple[int, ...]:
        return tuple(len(n) for n in deal.nertz)

    def add(self, verdict: Any, kernel: Kernel | None, stopped: bool) -> None:
        if self.winner is None and isinstance(kernel, NertzKernel) and verdict.finished and not verdict.void:
            self.totals = [t + s for t, s in zip(self.totals, kernel.hand_scores(), strict=True)]
            self.winner = match_winner(self.totals, self.target)
        self.after.append(tuple(self.totals))

    def result(self) -> tuple[str, int, tuple[int, ...], tuple[tuple[int, ...], ...], int | None, bool]:
        return NERTZ_FORMAT, self.target, tuple(self.totals), tuple(self.after), self.winner, self.winner is not None


def result_words(deal: Any, names: Sequence[str]) -> str:
    """How a judged hand that broke no rule ended."""
    if deal.winner is not None:
        return f"{names[deal.winner]} called Nertz"
    if deal.finished:
        return "everyone stuck: the hand was scored"
    return "not finished"


def deal_report(number: int, deal: Any, names: Sequence[str]) -> list[str]:
    """The lines of the referee's report on hand ``number`` (a ``DealVerdict``)."""
    left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(deal.remaining))
    lines = [f"  hand {number}: {result_words(deal, names)}; left in the Nertz piles: {left}"]
    for c in deal.collisions:
        kept = f"event {c.kept} stayed" if c.kept is not None else "every card went back"
        lines.append(f"    collision on foundation {c.pile} at t = {c.t}: events "
                     f"{', '.join(map(str, c.plays))}; {kept}")
    for v in deal.violations:
        lines.append(f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else ""))
    return lines


def match_report(match: Any, names: Sequence[str]) -> list[str]:
    """The report's line on the game (a ``MatchResult``)."""
    totals = ", ".join(f"{names[s]} {n}" for s, n in enumerate(match.scores))
    state = f"{names[match.winner]} wins the game" if match.winner is not None else "not decided"
    return [f"  game to {match.target}: {totals}; {state}"]
