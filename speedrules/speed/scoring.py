"""How a Speed log's deals add up to a match (the variant's ``match`` scoring: ``single``,
``deals``, ``margin``; a deal logged after the match was decided breaks ``match.after-end``), and
how a Speed verdict reads in the referee's report.  :class:`~speedrules.speed.family.SpeedFamily`
answers the referee's hooks with these.

>>> from speedrules import load_variant
>>> match = SpeedMatch(load_variant("speed"), ("Ann", "Ben"))
>>> match.result()
('single', 1, (0, 0), (), None, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import rules
from ..core.errors import brief
from ..core.variant import Scoring, Variant
from ..family import Kernel


class SpeedMatch:
    """A Speed log's deals added up by the variant's scoring, deal by deal: each won deal scores
    a point (``margin``: a point per card each other seat still holds); tied, void and unfinished
    deals count for nobody.  With ``single`` scoring every deal is a game of its own."""

    def __init__(self, variant: Variant, names: tuple[str, ...]) -> None:
        self.names = names
        self.scores = [0] * variant.players
        self.after: list[tuple[int, ...]] = []
        self.winner: int | None = None
        self.single = variant.scoring is Scoring.SINGLE  # every deal a game of its own: no match to end
        self.margin = variant.scoring is Scoring.MARGIN
        self.target = 1 if self.single else variant.target
        self.format: str = variant.scoring.value
        self.players = variant.players

    def carried(self) -> Any:
        return None  # each deal of Speed stands alone

    def before(self, number: int) -> list[tuple[str, int | None, str]]:
        if self.winner is None or self.single:
            return []
        return [(rules.MATCH_AFTER_END, None, f"deal {number}: the match was already decided "
                 f"({self.names[self.winner]} won it); this deal does not count (rule {rules.MATCH_AFTER_END})")]

    def unlaid(self, deal: Any) -> tuple[int, ...]:
        hands, draw = deal.hands, deal.draw
        return tuple([(len(hands[s]) if s < len(hands) else 0) + (len(draw[s]) if s < len(draw) else 0)
                      for s in range(self.players)])

    def add(self, verdict: Any, kernel: Kernel | None, stopped: bool) -> None:
        scores = self.scores
        seat = verdict.winner
        if (self.winner is None or self.single) and seat is not None and not verdict.void:
            if self.margin:
                remaining = verdict.remaining
                scores[seat] += sum([remaining[s] for s in range(len(remaining)) if s != seat])
            else:
                scores[seat] += 1
            if scores[seat] >= self.target and self.winner is None:
                self.winner = seat
        self.after.append(tuple(scores))

    def result(self) -> tuple[str, int, tuple[int, ...], tuple[tuple[int, ...], ...], int | None, bool]:
        return self.format, self.target, tuple(self.scores), tuple(self.after), self.winner, self.winner is not None


# ---------------------------------------------------------------------- the referee's report


def deal_report(number: int, deal: Any, names: Sequence[str]) -> list[str]:
    """The lines of the referee's report on deal ``number`` (a ``DealVerdict``): its result,
    collisions, each violation with its correction, the table at the first violation."""
    if deal.void:
        result = "void (replay it)"
    elif deal.winner is not None:
        result = f"{names[deal.winner]} won"
    elif deal.tied:
        result = "tied by " + " and ".join(names[s] for s in deal.tied) + " (replay it)"
    elif deal.dead_end:
        result = "ended in a dead end (no winner)"
    else:
        result = "not finished"
    left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(deal.remaining))
    lines = [f"  deal {number}: {result}; cards still held: {left}"]
    for c in deal.collisions:
        kept = f"event {c.kept}'s card stayed" if c.kept is not None else "every card went back"
        plays = ", ".join(map(str, c.plays))
        lines.append(f"    collision on pile {c.pile} at t = {brief(c.t)}: events {plays}; {kept}")
    for i, v in enumerate(deal.violations):
        lines.append(f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else ""))
        if i == 0 and deal.table is not None and v.event is not None:
            lines.extend("    " + row for row in _table_lines(deal.table, names, v.player))
    return lines


def _table_lines(table: Any, names: Sequence[str], focus: int | None) -> list[str]:
    rows = ["  the table at that moment:"]
    rows.append("    piles:    " + "   ".join(
        f"[{i}] {top} (reserve {n})" for i, (top, n) in enumerate(zip(table.piles, table.reserves, strict=True))
    ))
    seats = [focus] if focus is not None and 0 <= focus < len(table.hands) else range(len(table.hands))
    for seat in seats:
        hand = " ".join(table.hands[seat]) or "(empty)"
        rows.append(f"    {names[seat]}'s hand: {hand}   (draw stack {table.draw[seat]})")
    return rows


def match_report(match: Any, names: Sequence[str]) -> list[str]:
    """The report's line on a match (a ``MatchResult``): none when every deal is a game of its own."""
    if match.format == Scoring.SINGLE.value:
        return []
    scores = ", ".join(f"{names[s]} {n}" for s, n in enumerate(match.scores))
    state = f"{names[match.winner]} wins the match" if match.winner is not None else "not decided"
    return [f"  match ({match.format}, to {match.target}): {scores}; {state}"]
