"""How a Spit log's rounds add up to the game (its match): each round laid from what each player
took from the round before (rule ``spit.layout.cards``), a round logged before the one before was
settled (``claim.missing``) or after the game was decided (``match.after-end``), the cards each
player holds after each round, and the game's outcome (:func:`~speedrules.spit.game.game_outcome`);
and how a Spit verdict reads in the referee's report.  :class:`~speedrules.spit.family.SpitFamily`
answers the referee's hooks with these.

>>> from speedrules import load_variant
>>> match = SpitMatch(load_variant("spit"), ("Ann", "Ben"))
>>> match.carried(), match.result()
((None, True), ('spit', 0, (0, 0), (), None, False))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core import rules
from ..core.variant import Variant
from ..family import Kernel
from .game import game_outcome

if TYPE_CHECKING:
    from .game import SpitOutcome

SPIT_FORMAT = "spit"
"""The format of a Spit verdict's match: the game, round after round."""


class SpitMatch:
    """A Spit log's rounds, judged in order, chained by what each player holds: what judging keeps
    of a round once the next is asked for is what the game needs (the holdings it leaves, the
    rounds each player went out first in), so a long log costs no more memory than a short one."""

    def __init__(self, variant: Variant, names: tuple[str, ...]) -> None:
        self.variant = variant
        self.rounds = 0  # the rounds added so far
        self.holdings: Sequence[Sequence[int]] | None = None
        self.unsettled = False
        self.stopped = False  # the round before was not judged to its end: what it left is not known
        self.settled = 0  # the rounds settled so far
        self.wins = [0, 0]  # the settled rounds each player went out first in
        self.outcome: SpitOutcome | None = None
        self.after: list[tuple[int, ...]] = []

    def carried(self) -> Any:
        """What each player took from the round before (``None``: the first round, dealing the deck
        26 cards each, or a round after one not settled, checked against the deck only), and
        whether the round is the first."""
        return (None if self.unsettled else self.holdings), self.rounds == 0

    def before(self, number: int) -> list[tuple[str, int | None, str]]:
        found: list[tuple[str, int | None, str]] = []
        if self.outcome is not None:
            found.append((rules.MATCH_AFTER_END, None, f"layout: round {number} is logged after the game was "
                          f"decided; it does not count (rule {rules.MATCH_AFTER_END})"))
        if self.unsettled and not self.stopped:
            found.append((rules.CLAIM_MISSING, None, f"layout: round {number} is logged before round {number - 1} "
                          f"was settled (its centre piles claimed) (rule {rules.CLAIM_MISSING})"))
        return found

    def unlaid(self, deal: Any) -> tuple[int, ...]:
        """What the players hold after the round before (the first round: what its layout deals them)."""
        if self.after:
            return self.after[-1]
        return tuple(sum(map(len, row)) + len(spit) for row, spit in zip(deal.stock, deal.spit, strict=True))

    def add(self, verdict: Any, kernel: Kernel | None, stopped: bool) -> None:
        self.rounds += 1
        if kernel is None:  # not laid: the next round's layout is checked against the deck only
            self.unsettled = self.stopped = True
            return
        result = None if verdict.void else kernel.result()  # type: ignore[attr-defined]
        self.unsettled = result is None
        self.stopped = stopped and result is None
        if result is not None:
            if self.outcome is None:  # decided by the rounds settled so far (a later one cannot undo it)
                self.outcome = game_outcome(self.variant, (result,), before=self.settled,
                                            wins=(self.wins[0], self.wins[1]))
            self.settled += 1
            if result.out_seat is not None:
                self.wins[result.out_seat] += 1
            self.holdings = result.holdings
        self.after.append(verdict.remaining)

    def result(self) -> tuple[str, int, tuple[int, ...], tuple[tuple[int, ...], ...], int | None, bool]:
        rules_ = self.variant.spit
        assert rules_ is not None
        outcome = self.outcome
        return (SPIT_FORMAT, rules_.rounds or 0, self.after[-1] if self.after else (0, 0), tuple(self.after),
                None if outcome is None else outcome.winner, outcome is not None)


# ---------------------------------------------------------------------- the referee's report


def deal_report(number: int, deal: Any, names: Sequence[str]) -> list[str]:
    """The lines of the referee's report on round ``number`` (a ``DealVerdict``)."""
    result = (f"{names[deal.winner]} cleared the row first" if deal.winner is not None
              else "settled" if deal.finished else "not finished")
    if any(v.event is None and v.rule in (rules.SPIT_LAYOUT_ROW, rules.SPIT_LAYOUT_CARDS) for v in deal.violations):
        result = "not laid (its layout breaks a rule)"
    left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(deal.remaining))
    lines = [f"  round {number}: {result}; cards held: {left}"]
    for v in deal.violations:
        lines.append(f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else ""))
    return lines


def match_report(match: Any, names: Sequence[str]) -> list[str]:
    """The report's line on the game (a ``MatchResult``)."""
    held = ", ".join(f"{names[s]} {n}" for s, n in enumerate(match.scores))
    state = f"{names[match.winner]} wins the game" if match.winner is not None else (
        "a tie" if match.complete else "not decided")
    return [f"  game: cards held {held}; {state}"]
