"""The referee: replay a logged game through the rules core and say which event broke which rule.

>>> verdict = referee(read_log("examples/illegal-play.json"))  # doctest: +SKIP
>>> verdict.deals[0].violations[0].rule  # doctest: +SKIP
'play.rank'

Each deal is judged on its own, from its layout; by default judging a deal stops at
its first violation, since later events may depend on it.  With ``all_violations``
the guide's correction procedure is applied instead (the offending event is undone
and judging goes on) until restoring the position is impossible, which voids the deal.
Event indices are 0-based positions in the deal's ``events`` list.  Deals add up to a
match by the variant's scoring (see :class:`MatchResult`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from .actions import CALL, DRAW, FLIP, PICKUP, PLAY, REBUILD
from .cards import JOKER_CODE, TEXT_OF
from .errors import IllegalActionError, Violation
from .game import Collision, Game
from .log import CompiledDeal, CompiledEvent, Log
from .variant import Scoring, Variant


@attrs.frozen(slots=True)
class LoggedViolation:
    """A rule broken by a logged event: ``event`` is its 0-based index (``None`` for the layout
    or the match); ``correction`` says what ``--all`` did about it."""

    event: int | None
    rule: str
    player: int | None
    message: str
    correction: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.event, "rule": self.rule, "player": self.player, "message": self.message}
        if self.correction is not None:
            out["correction"] = self.correction
        return out


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
    tied: tuple[int, ...] = ()
    void: bool = False
    collisions: tuple[Collision, ...] = ()
    calls: tuple[int, ...] = ()
    events_judged: int = 0
    table: TableView | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def valid(self) -> bool:
        return not self.violations

    def to_json(self) -> dict[str, Any]:
        """``{"valid", "finished", "winner", "remaining", "violations"}``, plus ``"tied": [seats]``,
        ``"void": true`` and ``"collisions": [...]`` only when the deal has them."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "finished": self.finished,
            "winner": self.winner,
            "remaining": list(self.remaining),
            "violations": [v.to_json() for v in self.violations],
        }
        if self.tied:
            out["tied"] = list(self.tied)
        if self.void:
            out["void"] = True
        if self.collisions:
            out["collisions"] = [c.to_json() for c in self.collisions]
        return out


@attrs.frozen(slots=True)
class MatchResult:
    """How the deals add up, by the variant's ``match`` scoring.

    Tied, void and unfinished deals count for nobody (they are replayed).  With
    ``margin`` scoring the winner of a deal scores one point per card every other
    player still holds, hand and draw stack together.
    """

    format: str
    target: int
    scores: tuple[int, ...]
    after_each_deal: tuple[tuple[int, ...], ...]
    winner: int | None
    complete: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "target": self.target,
            "scores": list(self.scores),
            "after_each_deal": [list(s) for s in self.after_each_deal],
            "winner": self.winner,
            "complete": self.complete,
        }


@attrs.frozen(slots=True)
class Verdict:
    """The referee's judgement of a whole log: one :class:`DealVerdict` per deal, and the match."""

    variant: str
    deals: tuple[DealVerdict, ...]
    match: MatchResult
    names: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return all(d.valid for d in self.deals)

    @property
    def violations(self) -> list[LoggedViolation]:
        return [v for d in self.deals for v in d.violations]

    @property
    def is_match(self) -> bool:
        """Whether the log is a match: the variant scores deals (``match.scoring`` is not ``single``)."""
        return self.match.format != Scoring.SINGLE.value

    def to_json(self) -> dict[str, Any]:
        """``{"valid", "variant", "deals": [...]}``, plus ``"match": {...}`` when :attr:`is_match`
        (see docs/log-format.md)."""
        out: dict[str, Any] = {"valid": self.valid, "variant": self.variant, "deals": [d.to_json() for d in self.deals]}
        if self.is_match:
            out["match"] = self.match.to_json()
        return out


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


def _logged(index: int | None, v: Violation, correction: str | None = None) -> LoggedViolation:
    prefix = f"event {index}: " if index is not None else "layout: "
    return LoggedViolation(index, v.rule, v.player, f"{prefix}{v.message} (rule {v.rule})", correction)


def _correction(game: Game, event: CompiledEvent, problem: Violation) -> str:
    """What the guide's correction procedure does about an illegal event: it is undone."""
    kind, player, _, cards, _, _ = event
    valid_seat = 0 <= player < game.variant.players
    name = game.names[player] if valid_seat else f"seat {player}"
    if kind == PLAY:
        held = valid_seat and not Counter[int](cards) - Counter(game._hands[player])
        text = " ".join(TEXT_OF[c] for c in cards)
        return f"{text} went back to {name}'s hand" if held else "the play was ignored"
    if kind == DRAW and problem.rule == "draw.hand-full":
        return f"the card drawn went back on top of {name}'s draw stack"
    if kind == FLIP:
        return "the flip was undone"
    if kind == REBUILD:
        return "the rebuild was undone"
    if kind == PICKUP:
        return "the pickup was undone"
    if kind == CALL:
        return "the call was ignored"
    return "the event was ignored"


def _forced(game: Game, event: CompiledEvent) -> Game | None:
    """A copy of ``game`` in which the illegal ``event`` stood anyway, where that is physically
    possible; ``None`` where it is not (a card not in hand, an empty stack...)."""
    kind, player, pile, cards, declared, t = event
    v = game.variant
    if not 0 <= player < v.players and kind in (PLAY, DRAW):
        return None
    shadow = game.copy()
    if kind == PLAY:
        if not 0 <= pile < v.piles or Counter[int](cards) - Counter(game._hands[player]):
            return None
        if sum(1 for c in cards if c == JOKER_CODE) != len(declared) or not all(1 <= r <= 13 for r in declared):
            return None
        shadow._do_play(player, cards, pile, declared, t)
    elif kind == DRAW:
        if not game._draws[player]:
            return None
        shadow._do_draw(player)
    elif kind == FLIP:
        if not any(game._reserves):
            return None
        shadow._do_flip()
    else:
        return None
    return shadow


def _remaining_of(deal: CompiledDeal, players: int) -> tuple[int, ...]:
    return tuple(
        (len(deal.hands[s]) if s < len(deal.hands) else 0) + (len(deal.draw[s]) if s < len(deal.draw) else 0)
        for s in range(players)
    )


def judge_deal(
    variant: Variant, deal: CompiledDeal, names: Sequence[str], *, all_violations: bool = False
) -> DealVerdict:
    """Replay one compiled deal and judge it.

    By default judging stops at the first violation.  With ``all_violations`` each
    illegal event is undone (an illegal card goes back to its owner's hand, a card drawn
    over the limit goes back on the draw stack, a false flip is undone, a decreasing time
    is ignored) and judging goes on; when a later event is illegal only because of such a
    correction (it would stand had the illegal event stood), the position cannot be
    restored and the deal is void.
    """
    try:
        game = Game(variant, deal.layout(), names=names)
    except IllegalActionError as err:
        return DealVerdict(finished=False, winner=None, remaining=_remaining_of(deal, variant.players),
                           violations=(_logged(None, err.violation),))
    check_event, apply_event = game.check_event, game.apply_event
    violations: list[LoggedViolation] = []
    table: TableView | None = None
    shadow: Game | None = None
    void = False
    index = -1
    for index, event in enumerate(deal.events):
        kind, player, pile, cards, declared, t = event
        problem = check_event(kind, player, pile, cards, declared, t)
        if problem is None:
            apply_event(kind, player, pile, cards, declared, t, index)
            if shadow is not None:
                if shadow.check_event(kind, player, pile, cards, declared, t) is None:
                    shadow.apply_event(kind, player, pile, cards, declared, t, index)
                else:
                    shadow = None  # the corrected event no longer matters
            continue
        if table is None:
            table = _table(game)
        if not all_violations:
            violations.append(_logged(index, problem))
            break
        if shadow is not None and shadow.check_event(kind, player, pile, cards, declared, t) is None:
            void = True
            violations.append(_logged(index, problem, (
                "the deal is void: this event would stand had the corrected one stood, so the position "
                "cannot be restored accurately")))
            break
        if problem.rule == "call.missing":
            void = True
            violations.append(_logged(index, problem, "the deal is void: a missed call cannot be made up"))
            break
        if problem.rule == "time.order" and check_event(kind, player, pile, cards, declared, None) is None:
            apply_event(kind, player, pile, cards, declared, None, index)
            violations.append(_logged(index, problem, "the event's time was ignored"))
            continue
        violations.append(_logged(index, problem, _correction(game, event, problem)))
        shadow = _forced(game, event)
    outcome = None if void else game.outcome()
    return DealVerdict(
        finished=outcome is not None,
        winner=None if outcome is None else outcome.winner,
        remaining=game.remaining(),
        violations=tuple(violations),
        dead_end=outcome is not None and outcome.is_dead_end,
        tied=() if outcome is None else outcome.tied,
        void=void,
        collisions=game.collisions,
        calls=tuple(sorted(game._callers)),
        events_judged=index + 1 if not violations or all_violations else index,
        table=table,
    )


def score_match(variant: Variant, deals: Sequence[DealVerdict]) -> tuple[MatchResult, list[int]]:
    """Add the deals up by the variant's scoring; also return the indices of deals logged after
    the match was decided (rule ``match.after-end``)."""
    scores = [0] * variant.players
    after: list[tuple[int, ...]] = []
    winner: int | None = None
    late: list[int] = []
    target = 1 if variant.scoring is Scoring.SINGLE else variant.target
    single = variant.scoring is Scoring.SINGLE  # every deal is a game of its own: no match to end
    for number, deal in enumerate(deals):
        if winner is not None and not single:
            late.append(number)
            after.append(tuple(scores))
            continue
        if deal.winner is not None and not deal.void:
            seat = deal.winner
            if variant.scoring is Scoring.MARGIN:
                scores[seat] += sum(n for s, n in enumerate(deal.remaining) if s != seat)
            else:
                scores[seat] += 1
            if scores[seat] >= target and (winner is None or not single):
                winner = seat if winner is None else winner
        after.append(tuple(scores))
    result = MatchResult(
        format=variant.scoring.value, target=target, scores=tuple(scores), after_each_deal=tuple(after),
        winner=winner, complete=winner is not None,
    )
    return result, late


def referee(log: Log, *, variant: Variant | None = None, all_violations: bool = False) -> Verdict:
    """Replay every deal of ``log`` through the rules core and return the :class:`Verdict`.

    ``variant`` overrides the log's own variant; ``all_violations`` applies the correction
    procedure and keeps judging (see :func:`judge_deal`).
    """
    if variant is not None and variant is not log.variant:
        log = attrs.evolve(log, variant=variant)
    names = log.names
    v = log.variant
    deals = [judge_deal(v, deal, names, all_violations=all_violations) for deal in log.compiled]
    match, late = score_match(v, deals)
    for number in late:
        message = (f"deal {number}: the match was already decided "
                   f"({names[match.winner] if match.winner is not None else '?'} won it); this deal does not count "
                   "(rule match.after-end)")
        deals[number] = attrs.evolve(deals[number], violations=(
            LoggedViolation(None, "match.after-end", None, message), *deals[number].violations))
    return Verdict(variant=v.name, deals=tuple(deals), match=match, names=names)


def render_verdict(verdict: Verdict, source: str) -> str:
    """A readable report of a verdict: each deal's result, collisions, every violation with its
    correction, the table at the first violation, and the match."""
    names = verdict.names
    lines = [f"{source}: {verdict.variant}: {'valid' if verdict.valid else 'BREAKS A RULE'}"]
    for number, deal in enumerate(verdict.deals):
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
        lines.append(f"  deal {number}: {result}; cards still held: {left}")
        for c in deal.collisions:
            kept = f"event {c.kept}'s card stayed" if c.kept is not None else "every card went back"
            lines.append(f"    collision on pile {c.pile} at t = {c.t}: events {', '.join(map(str, c.plays))}; {kept}")
        for i, v in enumerate(deal.violations):
            lines.append(f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else ""))
            if i == 0 and deal.table is not None and v.event is not None:
                lines.extend("    " + row for row in _render_table(deal.table, names, v.player))
    m = verdict.match
    if verdict.is_match:
        scores = ", ".join(f"{names[s]} {n}" for s, n in enumerate(m.scores))
        state = f"{names[m.winner]} wins the match" if m.winner is not None else "not decided"
        lines.append(f"  match ({m.format}, to {m.target}): {scores}; {state}")
    return "\n".join(lines)


def _render_table(table: TableView, names: Sequence[str], focus: int | None) -> list[str]:
    rows = ["  the table at that moment:"]
    rows.append("    piles:    " + "   ".join(
        f"[{i}] {top} (reserve {n})" for i, (top, n) in enumerate(zip(table.piles, table.reserves, strict=True))
    ))
    seats = [focus] if focus is not None and 0 <= focus < len(table.hands) else range(len(table.hands))
    for seat in seats:
        hand = " ".join(table.hands[seat]) or "(empty)"
        rows.append(f"    {names[seat]}'s hand: {hand}   (draw stack {table.draw[seat]})")
    return rows
