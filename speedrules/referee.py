"""The referee: replay a logged game through the rules core and say which event broke which rule.

>>> verdict = referee(read_log("examples/illegal-play.json"))  # doctest: +SKIP
>>> verdict.deals[0].violations[0].rule  # doctest: +SKIP
'play.rank'

Each deal is judged on its own, from its layout; by default judging a deal stops at
its first violation, since later events may depend on it.  Event indices are 0-based
positions in the deal's ``events`` list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .cards import TEXT_OF
from .errors import IllegalActionError, Violation
from .game import Game
from .log import DRAW, FLIP, PLAY, REBUILD, REVEAL, CompiledDeal, Log
from .variant import Variant


@attrs.frozen(slots=True)
class LoggedViolation:
    """A rule broken by a logged event: ``event`` is its 0-based index (``None`` for the layout)."""

    event: int | None
    rule: str
    player: int | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"event": self.event, "rule": self.rule, "player": self.player, "message": self.message}


@attrs.frozen(slots=True)
class TableView:
    """The table when a violation happened, for the readable report."""

    piles: tuple[str, ...]
    reserves: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    draw: tuple[int, ...]


@attrs.frozen(slots=True)
class DealVerdict:
    """The judgement of one deal."""

    finished: bool
    winner: int | None
    remaining: tuple[int, ...]
    violations: tuple[LoggedViolation, ...]
    dead_end: bool = False
    events_judged: int = 0
    table: TableView | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def valid(self) -> bool:
        return not self.violations

    def to_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "finished": self.finished,
            "winner": self.winner,
            "remaining": list(self.remaining),
            "violations": [v.to_json() for v in self.violations],
        }


@attrs.frozen(slots=True)
class Verdict:
    """The referee's judgement of a whole log: one :class:`DealVerdict` per deal."""

    variant: str
    deals: tuple[DealVerdict, ...]
    names: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return all(d.valid for d in self.deals)

    @property
    def violations(self) -> list[LoggedViolation]:
        return [v for d in self.deals for v in d.violations]

    def to_json(self) -> dict[str, Any]:
        """``{"valid", "variant", "deals": [{"valid", "finished", "winner", "remaining", "violations"}]}``."""
        return {"valid": self.valid, "variant": self.variant, "deals": [d.to_json() for d in self.deals]}


def _table(game: Game) -> TableView:
    piles = []
    for pile, cards in enumerate(game._piles):
        if not cards:
            piles.append("empty")
        elif not game.is_revealed:
            piles.append("face down")
        else:
            piles.append(game._top_text(pile, cards[-1]))
    return TableView(
        piles=tuple(piles),
        reserves=tuple(len(r) for r in game._reserves),
        hands=tuple(tuple(TEXT_OF[c] for c in h) for h in game._hands),
        draw=tuple(len(d) for d in game._draws),
    )


def _logged(index: int | None, v: Violation) -> LoggedViolation:
    prefix = f"event {index}: " if index is not None else "layout: "
    return LoggedViolation(index, v.rule, v.player, f"{prefix}{v.message} (rule {v.rule})")


def judge_deal(variant: Variant, deal: CompiledDeal, names: Sequence[str]) -> DealVerdict:
    """Replay one compiled deal and judge it (stopping at the first violation)."""
    try:
        game = Game(variant, deal.layout(), names=names)
    except IllegalActionError as err:
        return DealVerdict(
            finished=False, winner=None,
            remaining=tuple(
                (len(deal.hands[s]) if s < len(deal.hands) else 0) + (len(deal.draw[s]) if s < len(deal.draw) else 0)
                for s in range(variant.players)
            ),
            violations=(_logged(None, err.violation),),
        )
    last_t: float | int | None = None
    check_play, do_play = game.check_play, game._do_play
    check_draw, do_draw = game.check_draw, game._do_draw
    problem: Violation | None = None
    index = -1
    for index, (kind, player, pile, cards, declared, t) in enumerate(deal.events):  # noqa: B007
        if t is not None:
            if last_t is not None and t < last_t:
                problem = Violation("time.order", player if player >= 0 else None,
                                    f"t = {t} comes after t = {last_t}: times must not decrease")
                break
            last_t = t
        if kind == PLAY:
            problem = check_play(player, cards, pile, declared)
            if problem is not None:
                break
            do_play(player, cards, pile, declared)
        elif kind == DRAW:
            problem = check_draw(player, cards)
            if problem is not None:
                break
            do_draw(player)
        elif kind == FLIP:
            problem = game.check_flip()
            if problem is not None:
                break
            game._do_flip()
        elif kind == REBUILD:
            problem = game.check_rebuild(cards)
            if problem is not None:
                break
            game._do_rebuild(cards)
        elif kind == REVEAL:
            problem = game.check_reveal()
            if problem is not None:
                break
            game._do_reveal()
    outcome = game.outcome()
    violations: tuple[LoggedViolation, ...] = ()
    table = None
    if problem is not None:
        violations = (_logged(index, problem),)
        table = _table(game)
    return DealVerdict(
        finished=outcome is not None,
        winner=None if outcome is None else outcome.winner,
        remaining=game.remaining(),
        violations=violations,
        dead_end=outcome is not None and outcome.is_dead_end,
        events_judged=index + 1 if problem is None else index,
        table=table,
    )


def referee(log: Log, *, variant: Variant | None = None) -> Verdict:
    """Replay every deal of ``log`` through the rules core and return the :class:`Verdict`.

    ``variant`` overrides the log's own variant.
    """
    if variant is not None and variant is not log.variant:
        log = attrs.evolve(log, variant=variant)
    names = log.names
    deals = tuple(judge_deal(log.variant, deal, names) for deal in log.compiled)
    return Verdict(variant=log.variant.name, deals=deals, names=names)


def render_verdict(verdict: Verdict, source: str) -> str:
    """A readable report of a verdict: each deal's result, and for a violation the table at that moment."""
    names = verdict.names
    lines = [f"{source}: {verdict.variant}: {'valid' if verdict.valid else 'BREAKS A RULE'}"]
    for number, deal in enumerate(verdict.deals):
        if deal.winner is not None:
            result = f"{names[deal.winner]} won"
        elif deal.dead_end:
            result = "ended in a dead end (no winner)"
        else:
            result = "not finished"
        left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(deal.remaining))
        lines.append(f"  deal {number}: {result}; cards still held: {left}")
        for v in deal.violations:
            lines.append(f"    {v.message}")
            if deal.table is not None:
                lines.extend("    " + row for row in _render_table(deal.table, names, v.player))
    return "\n".join(lines)


def _render_table(table: TableView, names: Sequence[str], focus: int | None) -> list[str]:
    rows = ["  the table at that moment:"]
    rows.append("    piles:    " + "   ".join(
        f"[{i}] {top} (reserve {n})" for i, (top, n) in enumerate(zip(table.piles, table.reserves, strict=True))
    ))
    seats = [focus] if focus is not None else range(len(table.hands))
    for seat in seats:
        hand = " ".join(table.hands[seat]) or "(empty)"
        rows.append(f"    {names[seat]}'s hand: {hand}   (draw stack {table.draw[seat]})")
    return rows
