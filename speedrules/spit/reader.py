"""Spit logs: reading a ``speedrules-log/1`` document whose variant is of the Spit family, and
judging it round by round.

A Spit log is the same envelope as a Speed log (``format``, ``variant``, ``players``,
``meta``, ``deals``); each deal is one **round** of one game, its ``layout`` the round's rows
and spit piles (``{"stock": [[[cards] per pile] per player], "spit": [[cards] per player]}``,
every stack top card first) and its ``events`` those of docs/log-format.md's Spit section:
``spit``, ``play``, ``move``, ``pair``, ``slap``, ``choose``, ``jam``.  The referee checks each round's
layout against what each player took from the round before (rule ``spit.layout.cards``) and
every event with the round's :class:`~speedrules.spit.kernel.SpitKernel`; the verdict has one deal
verdict per round and the game's result as its match (format ``spit``).

>>> event_problem({"type": "play", "player": 0, "stock": 2, "pile": 1, "card": "7H", "t": 850}) is None
True
>>> code_event({"type": "play", "player": 0, "stock": 2, "pile": 1, "card": "7H", "t": 850})
(1, 0, 2, 1, 19, 850)
>>> event_problem({"type": "move", "player": 0, "stock": 2})
'a move event needs to'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..core import rules
from ..core.cards import CODE_OF_TEXT, TEXT_OF
from ..core.checks import MAX_INDEX, MAX_TIME, index_value, is_time
from ..core.errors import Violation, brief
from ..core.variant import Variant
from ..judge.verdicts import MAX_CORRECTIONS, corrections_spent
from .kernel import CHOOSE, JAM, KIND_NAMES, MOVE, PAIR, PLAY, SLAP, SPIT, SpitKernel

if TYPE_CHECKING:
    from .game import SpitOutcome

SpitEvent = tuple[int, int, int, int, int | None, float | int | None]
"""A Spit event coded: ``(kind, player, a, b, card, t)`` as :meth:`SpitKernel.check_event` takes it."""

Codes = tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...]]
"""A round's layout as codes: each player's piles (top first) and spit pile (top first)."""


_KINDS = {"spit": SPIT, "play": PLAY, "move": MOVE, "pair": PAIR, "slap": SLAP, "choose": CHOOSE, "jam": JAM}
_FIELDS = {
    "spit": ({"type"}, {"pile", "t"}),
    "play": ({"type", "player", "stock", "pile"}, {"card", "t"}),
    "move": ({"type", "player", "stock", "to"}, {"card", "t"}),
    "pair": ({"type", "player", "stock", "to"}, {"card", "t"}),
    "slap": ({"type", "player", "pile"}, {"t"}),
    "choose": ({"type", "player", "pile"}, {"t"}),
    "jam": ({"type"}, {"t"}),
}


class _FieldProblem(str):
    """Why an event is not a Spit event, where the reason is one field's (``field``): the
    place of the problem is then that field (``deals[0].events[3].t``)."""

    field = ""


def _field_problem(field: str, reason: str) -> str:
    problem = _FieldProblem(reason)
    problem.field = field
    return problem


_REQUIRED = {kind: frozenset(required) for kind, (required, _) in _FIELDS.items()}
_ALLOWED = {kind: frozenset(required | optional) for kind, (required, optional) in _FIELDS.items()}


def read_event(ev: Any) -> SpitEvent | str:
    """A raw event coded (see :data:`SpitEvent`), or why it is not a Spit event of the log
    format (schemas/log.schema.json, ``spit_event``)."""
    if type(ev) is not dict:
        return f"an event is a mapping, not {brief(ev)}"
    kind = ev.get("type")
    if type(kind) is not str or kind not in _FIELDS:
        return f"{brief(kind)} is not a Spit event type ({', '.join(_FIELDS)})"
    keys = ev.keys()
    if not (_REQUIRED[kind] <= keys and keys <= _ALLOWED[kind]):
        missing = sorted(_REQUIRED[kind] - keys)
        if missing:
            return f"a {kind} event needs {', '.join(missing)}"
        return f"a {kind} event has no field {', '.join(map(brief, sorted(str(k) for k in keys - _ALLOWED[kind])))}"
    for key in ("player", "stock", "pile", "to"):
        if key in ev and index_value(ev[key]) is None:
            return _field_problem(key, f"{key} is a whole number from 0 to {MAX_INDEX}, not {brief(ev[key])}")
    card = None
    if "card" in ev:
        text = ev["card"]
        if type(text) is not str or text not in CODE_OF_TEXT:
            return _field_problem("card", f"{brief(text)} is not a card")
        card = CODE_OF_TEXT[text]
    t = ev.get("t")
    if "t" in ev and not is_time(t):
        return _field_problem("t", f"t is a time in ms (a number from 0 to {MAX_TIME}), not {brief(t)}")
    code = _KINDS[kind]
    if code == SPIT:
        return SPIT, -1, int(ev.get("pile", -1)), -1, None, t
    if code == JAM:
        return JAM, -1, -1, -1, None, t
    if code == PLAY:
        return PLAY, int(ev["player"]), int(ev["stock"]), int(ev["pile"]), card, t
    if code in (MOVE, PAIR):
        return code, int(ev["player"]), int(ev["stock"]), int(ev["to"]), card, t
    return code, int(ev["player"]), int(ev["pile"]), -1, None, t


def event_problem(ev: Any) -> str | None:
    """Why a raw event is not a Spit event of the log format, or ``None``."""
    read = read_event(ev)
    return read if isinstance(read, str) else None


def code_event(ev: dict[str, Any]) -> SpitEvent:
    """A raw event :func:`event_problem` accepted, coded."""
    read = read_event(ev)
    assert not isinstance(read, str), read
    return read


_LAYOUT_KEYS = frozenset(("stock", "spit"))


def layout_codes(layout: Any) -> Codes | str:
    """A raw Spit layout coded (rows and spit piles, top first), or why it is not one."""
    if not isinstance(layout, dict) or layout.keys() != _LAYOUT_KEYS:
        return "a Spit layout is a mapping with exactly stock and spit"
    stock, spit = layout["stock"], layout["spit"]
    if not isinstance(stock, list) or not isinstance(spit, list) or len(stock) != 2 or len(spit) != 2:
        return "stock and spit list one entry for each of the 2 players"
    code = CODE_OF_TEXT.__getitem__  # a card text is a key of CODE_OF_TEXT, and nothing else is
    rows = []
    for row in stock:
        if not isinstance(row, list) or not 1 <= len(row) <= 8:
            return "each player's stock is a list of 1 to 8 piles"
        try:
            for pile in row:
                if not isinstance(pile, list):
                    raise TypeError
            rows.append(tuple([tuple(map(code, pile)) for pile in row]))
        except (KeyError, TypeError):
            return "each stock pile is a list of cards"
    try:
        if not (isinstance(spit[0], list) and isinstance(spit[1], list)):
            raise TypeError
        spits = tuple(map(code, spit[0])), tuple(map(code, spit[1]))
    except (KeyError, TypeError):
        return "each spit pile is a list of cards"
    return (rows[0], rows[1]), spits


@attrs.frozen(slots=True)
class SpitRound:
    """One round of a checked Spit log, coded: each player's stock piles and spit pile (top
    card first, as the log gives them) and the events (:data:`SpitEvent`)."""

    stock: tuple[tuple[tuple[int, ...], ...], ...]
    spit: tuple[tuple[int, ...], ...]
    events: tuple[SpitEvent, ...]

    @property
    def codes(self) -> Codes:
        """The layout as :meth:`speedrules.SpitLayout.from_codes` takes it."""
        return self.stock, self.spit


_DEAL_NEEDS = frozenset(("layout", "events"))
_DEAL_KEYS = frozenset(("layout", "events", "meta"))


def read_round(deal: Any, number: int) -> SpitRound | tuple[str, str]:
    """Deal ``number`` of a Spit log coded, or the first place where it is not what the format
    allows, as ``(location, reason)``."""
    keys = deal.keys() if type(deal) is dict else None
    if keys is None or not (keys >= _DEAL_NEEDS and keys <= _DEAL_KEYS):
        return f"deals[{number}]", "a deal is a mapping with layout, events and an optional meta"
    if "meta" in deal and type(deal["meta"]) is not dict:
        return f"deals[{number}].meta", "meta is a mapping"
    coded = layout_codes(deal["layout"])
    if isinstance(coded, str):
        return f"deals[{number}].layout", coded
    if type(deal["events"]) is not list:
        return f"deals[{number}].events", "events is a list"
    events = []
    for e, ev in enumerate(deal["events"]):
        read = read_event(ev)
        if isinstance(read, str):
            field = f".{read.field}" if isinstance(read, _FieldProblem) else ""
            return f"deals[{number}].events[{e}]{field}", str(read)
        events.append(read)
    return SpitRound(coded[0], coded[1], tuple(events))


def read_document(data: dict[str, Any]) -> tuple[tuple[SpitRound, ...], tuple[str, str] | None]:
    """The rounds of a Spit log document (the envelope checked already), coded, and ``None``;
    or no rounds and the first place where its deals are not what the format allows, as
    ``(location, reason)``."""
    rounds = []
    for d, deal in enumerate(data["deals"]):
        read = read_round(deal, d)
        if not isinstance(read, SpitRound):
            return (), read
        rounds.append(read)
    return tuple(rounds), None


def read_rounds(data: dict[str, Any]) -> tuple[SpitRound, ...]:
    """The rounds of a Spit log document that :func:`document_problem` accepted, coded.

    >>> doc = {"deals": [{"layout": {"stock": [[["AH"]], [["2C"]]], "spit": [["3D"], []]},
    ...                   "events": [{"type": "spit"}]}]}
    >>> read_rounds(doc)[0].events
    ((0, -1, -1, -1, None, None),)
    """
    rounds, problem = read_document(data)
    assert problem is None, problem
    return rounds


def document_problem(data: dict[str, Any]) -> tuple[str, str] | None:
    """The first place where a Spit log's deals are not what the format allows, as
    ``(location, reason)``, or ``None`` (the envelope was checked already)."""
    return read_document(data)[1]


Found = list[tuple[int | None, Violation, str | None]]
"""A round's violations as :data:`RoundJudged` lists them."""

RoundJudged = tuple[SpitKernel | None, Found, int, bool]
"""A round as :func:`judge_rounds` judged it: its kernel (``None`` if the layout could not be
laid), its violations as ``(event index, violation, correction)``, the events judged, and
whether ``--all`` found the round void."""


def correction(kernel: SpitKernel, event: SpitEvent) -> str:
    """What the correction procedure does about an illegal Spit event: it is undone (000:
    "returning the illegal card ... restoring the immediately preceding position")."""
    kind, player, a, _, _, _ = event
    name = kernel.names[player] if player in (0, 1) else f"seat {brief(player)}"
    if kind == PLAY and could_stand(kernel, event):
        return f"{TEXT_OF[kernel.rows[player][a][-1]]} went back to {name}'s stock pile {a}"
    if kind in (MOVE, PAIR) and could_stand(kernel, event):
        return f"{TEXT_OF[kernel.rows[player][a][-1]]} went back to {name}'s stock pile {a}"
    if kind == SPIT and could_stand(kernel, event):
        return "the spit was undone: the cards went back on the spit piles"
    return f"the {KIND_NAMES[kind]} was ignored"


def could_stand(kernel: SpitKernel, event: SpitEvent) -> bool:
    """Whether the illegal ``event`` could physically have stood (a card on top of the pile it is
    taken from, a spit card to turn, a centre pile to put it on); never a claim, which changes
    no card's place."""
    kind, player, a, b, card, _ = event
    if kernel.is_over() or kind in (SLAP, CHOOSE):
        return False
    if kind == SPIT:
        spitters = kernel.spitters()
        return bool(spitters) and not (len(spitters) == 1 and kernel.locked is None and a not in (0, 1))
    if player not in (0, 1):
        return False
    row = kernel.rows[player]
    if not 0 <= a < len(row) or not row[a] or (card is not None and row[a][-1] != card):
        return False
    if kind == PLAY and b not in (0, 1):
        return False
    return not (kind in (MOVE, PAIR) and (not 0 <= b < len(row) or b == a))


def forced(kernel: SpitKernel, event: SpitEvent) -> SpitKernel | None:
    """A copy of the round in which the illegal ``event`` stood anyway, where that is physically
    possible (:func:`could_stand`); ``None`` where it is not."""
    if not could_stand(kernel, event):
        return None
    kind, player, a, b, card, _ = event
    shadow = kernel.copy()
    shadow.apply_event(kind, player, a, b, card, None)
    return shadow


def judge_rounds(
    variant: Variant, rounds: Iterable[SpitRound], names: tuple[str, ...], *, all_violations: bool = False,
) -> Iterator[tuple[RoundJudged, SpitOutcome | None, SpitRound]]:
    """Judge each round of a checked Spit log (:attr:`speedrules.Log.rounds`, or rounds coded as
    they are read) one at a time, as they come: each round as judged (see :data:`RoundJudged`)
    with the game's outcome once it is judged (``None`` while the game goes on) and the round itself.  Nothing of a
    round is kept once the next one is asked for but what the game needs (the holdings it
    leaves, the rounds each player won), so a long log costs no more memory than a short one.

    By default a round's judging stops at its first violation.  With ``all_violations`` each
    illegal event is undone and judging goes on (a decreasing time is ignored and the event
    judged without it), as for Speed: the position in which the illegal event had stood is
    kept where that is physically possible, and when a later event is illegal only because
    of the correction (it would stand in that position), the position cannot be restored
    accurately and the round is void: judging of it stops, and the next round's layout is
    checked against the deck only.  A log gets at most :data:`~speedrules.judge.verdicts.MAX_CORRECTIONS`
    corrections: the round with a violation past them is void there, as is every later round
    at its first violation."""
    from .game import check_spit_layout, game_outcome

    holdings: Sequence[Sequence[int]] | None = None
    unsettled = False
    stopped = False  # the round before was not judged to its end: what it left is not known
    settled = 0  # the rounds settled so far
    wins = [0, 0]  # the settled rounds each player went out first in
    outcome: SpitOutcome | None = None
    budget = MAX_CORRECTIONS
    for number, logged in enumerate(rounds):
        found: Found = []
        layout = logged.codes
        if outcome is not None:
            found.append((None, Violation(rules.MATCH_AFTER_END, None, f"round {number} is logged after the game "
                                          "was decided; it does not count"), None))
        if unsettled and not stopped:
            found.append((None, Violation(rules.CLAIM_MISSING, None, f"round {number} is logged before round "
                                          f"{number - 1} was settled (its centre piles claimed)"), None))
        problem = check_spit_layout(variant, layout, None if unsettled else holdings, first=number == 0)
        if problem is not None:
            found.append((None, problem, None))
            yield (None, found, 0, False), outcome, logged
            unsettled = stopped = True
            continue
        kernel = SpitKernel(variant, *layout, names=names)
        judged, void, used = _judge_events(kernel, logged.events, found, all_violations, budget)
        budget -= used
        result = None if void else kernel.result()
        unsettled = result is None
        stopped = void or (unsettled and any(index is not None and fix is None for index, _, fix in found))
        if result is not None:
            if outcome is None:  # decided by the rounds settled so far (a later one cannot undo it)
                outcome = game_outcome(variant, (result,), before=settled, wins=(wins[0], wins[1]))
            settled += 1
            if result.out_seat is not None:
                wins[result.out_seat] += 1
            holdings = result.holdings
        yield (kernel, found, judged, void), outcome, logged


def _judge_events(kernel: SpitKernel, events: Sequence[SpitEvent], found: Found, all_violations: bool,
                  budget: int) -> tuple[int, bool, int]:
    """Judge a round's events on its ``kernel``, adding its violations to ``found``: the events
    judged, whether the round is void, and the corrections made (at most ``budget``)."""
    shadow: SpitKernel | None = None
    judged = used = 0
    void = False
    for index, event in enumerate(events):
        kind, player, a, b, card, t = event
        problem = kernel.check_event(kind, player, a, b, card, t)
        judged = index + 1
        if problem is None:
            kernel.apply_event(kind, player, a, b, card, t)
            if shadow is not None and shadow.event(kind, player, a, b, card, None) is not None:
                shadow = None  # the corrected event no longer matters
            continue
        if not all_violations:
            found.append((index, problem, None))
            break
        if shadow is not None and shadow.check_event(kind, player, a, b, card, None) is None:
            void = True
            found.append((index, problem, "the round is void: this event would stand had the corrected one "
                          "stood, so the position cannot be restored accurately"))
            break
        if used >= budget:
            void = True
            found.append((index, problem, corrections_spent("round")))
            break
        used += 1
        if problem.rule == rules.TIME_ORDER and kernel.check_event(kind, player, a, b, card, None) is None:
            kernel.apply_event(kind, player, a, b, card, None)
            found.append((index, problem, "the event's time was ignored"))
            continue
        found.append((index, problem, correction(kernel, event)))
        shadow = forced(kernel, event)
    return judged, void, used
