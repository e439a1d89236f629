"""Spit logs: reading a ``speedrules-log/1`` document whose variant is of the Spit family, and
judging it round by round.

A Spit log is the same envelope as a Speed log (``format``, ``variant``, ``players``,
``meta``, ``deals``); each deal is one **round** of one game, its ``layout`` the round's rows
and spit piles (``{"stock": [[[cards] per pile] per player], "spit": [[cards] per player]}``,
every stack top card first) and its ``events`` those of docs/log-format.md's Spit section:
``spit``, ``play``, ``move``, ``pair``, ``slap``, ``choose``, ``jam``.  The referee checks each round's
layout against what each player took from the round before (rule ``spit.layout.cards``) and
every event with the round's :class:`~speedrules.spit.SpitKernel`; the verdict has one deal
verdict per round and the game's result as its match (format ``spit``).

>>> event_problem({"type": "play", "player": 0, "stock": 2, "pile": 1, "card": "7H", "t": 850}) is None
True
>>> code_event({"type": "play", "player": 0, "stock": 2, "pile": 1, "card": "7H", "t": 850})
(1, 0, 2, 1, 19, 850)
>>> event_problem({"type": "move", "player": 0, "stock": 2})
'a move event needs to'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from . import rules
from .cards import CODE_OF_TEXT, TEXT_OF
from .errors import Violation, brief
from .spit import CHOOSE, JAM, KIND_NAMES, MOVE, PAIR, PLAY, SLAP, SPIT, RoundResult, SpitKernel
from .variant import Variant

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
_MAX_INDEX = 1_000_000


def _index(value: Any) -> bool:
    """A JSON Schema integer from 0 to :data:`_MAX_INDEX` (``1.0`` counts, ``True`` does not),
    as ``spit_index`` in schemas/log.schema.json."""
    if type(value) is float:
        return value.is_integer() and 0 <= value <= _MAX_INDEX
    return type(value) is int and 0 <= value <= _MAX_INDEX


def _time(value: Any) -> bool:
    """A number >= 0 (``t`` in schemas/log.schema.json; the readers refuse infinities)."""
    return (type(value) is int and value >= 0) or (type(value) is float and 0 <= value < math.inf)


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
        if key in ev and not _index(ev[key]):
            return f"{key} is a whole number from 0, not {brief(ev[key])}"
    card = None
    if "card" in ev:
        text = ev["card"]
        if type(text) is not str or text not in CODE_OF_TEXT:
            return f"{brief(text)} is not a card"
        card = CODE_OF_TEXT[text]
    t = ev.get("t")
    if "t" in ev and not _time(t):
        return f"t is a time in ms (a number >= 0), not {brief(t)}"
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


def layout_codes(layout: Any) -> Codes | str:
    """A raw Spit layout coded (rows and spit piles, top first), or why it is not one."""
    if not isinstance(layout, dict) or set(layout) != {"stock", "spit"}:
        return "a Spit layout is a mapping with exactly stock and spit"
    stock, spit = layout["stock"], layout["spit"]

    def stack(cards: Any) -> tuple[int, ...] | None:
        if not isinstance(cards, list) or not all(isinstance(c, str) and c in CODE_OF_TEXT for c in cards):
            return None
        return tuple(CODE_OF_TEXT[c] for c in cards)

    if not isinstance(stock, list) or not isinstance(spit, list) or len(stock) != 2 or len(spit) != 2:
        return "stock and spit list one entry for each of the 2 players"
    rows = []
    for row in stock:
        if not isinstance(row, list) or not 1 <= len(row) <= 8:
            return "each player's stock is a list of 1 to 8 piles"
        piles = [stack(p) for p in row]
        if any(p is None for p in piles):
            return "each stock pile is a list of cards"
        rows.append(tuple(p for p in piles if p is not None))
    spits = [stack(s) for s in spit]
    if any(s is None for s in spits):
        return "each spit pile is a list of cards"
    return tuple(rows), tuple(s for s in spits if s is not None)


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


def read_document(data: dict[str, Any]) -> tuple[tuple[SpitRound, ...], tuple[str, str] | None]:
    """The rounds of a Spit log document (the envelope checked already), coded, and ``None``;
    or no rounds and the first place where its deals are not what the format allows, as
    ``(location, reason)``."""
    rounds = []
    for d, deal in enumerate(data["deals"]):
        where = f"deals[{d}]"
        if type(deal) is not dict or not {"layout", "events"} <= deal.keys() or not deal.keys() <= {
                "layout", "events", "meta"}:
            return (), (where, "a deal is a mapping with layout, events and an optional meta")
        if "meta" in deal and type(deal["meta"]) is not dict:
            return (), (f"{where}.meta", "meta is a mapping")
        coded = layout_codes(deal["layout"])
        if isinstance(coded, str):
            return (), (f"{where}.layout", coded)
        if type(deal["events"]) is not list:
            return (), (f"{where}.events", "events is a list")
        events = []
        for e, ev in enumerate(deal["events"]):
            read = read_event(ev)
            if isinstance(read, str):
                return (), (f"{where}.events[{e}]", read)
            events.append(read)
        rounds.append(SpitRound(coded[0], coded[1], tuple(events)))
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


RoundJudged = tuple[SpitKernel | None, list[tuple[int | None, Violation, str | None]], int, bool]
"""A round as :func:`judge_rounds` judged it: its kernel (``None`` if the layout could not be
laid), its violations as ``(event index, violation, correction)``, the events judged, and
whether ``--all`` found the round void."""


def correction(kernel: SpitKernel, event: SpitEvent) -> str:
    """What the correction procedure does about an illegal Spit event: it is undone (000:
    "returning the illegal card ... restoring the immediately preceding position")."""
    kind, player, a, _, _, _ = event
    name = kernel.names[player] if player in (0, 1) else f"seat {brief(player)}"
    if kind == PLAY and forced(kernel, event) is not None:
        return f"{TEXT_OF[kernel.rows[player][a][-1]]} went back to {name}'s stock pile {a}"
    if kind in (MOVE, PAIR) and forced(kernel, event) is not None:
        return f"{TEXT_OF[kernel.rows[player][a][-1]]} went back to {name}'s stock pile {a}"
    if kind == SPIT and forced(kernel, event) is not None:
        return "the spit was undone: the cards went back on the spit piles"
    return f"the {KIND_NAMES[kind]} was ignored"


def forced(kernel: SpitKernel, event: SpitEvent) -> SpitKernel | None:
    """A copy of the round in which the illegal ``event`` stood anyway, where that is physically
    possible (a card on top of the pile it is taken from, a spit card to turn, a centre pile
    to put it on); ``None`` where it is not, and for claims, which change no card's place."""
    kind, player, a, b, card, _ = event
    if kernel.is_over() or kind in (SLAP, CHOOSE):
        return None
    if kind == SPIT:
        spitters = kernel.spitters()
        if not spitters or (len(spitters) == 1 and kernel.locked is None and a not in (0, 1)):
            return None
    else:
        if player not in (0, 1):
            return None
        row = kernel.rows[player]
        if not 0 <= a < len(row) or not row[a] or (card is not None and row[a][-1] != card):
            return None
        if kind == PLAY and b not in (0, 1):
            return None
        if kind in (MOVE, PAIR) and (not 0 <= b < len(row) or b == a):
            return None
    shadow = kernel.copy()
    shadow.apply_event(kind, player, a, b, card, None)
    return shadow


def judge_rounds(
    variant: Variant, rounds: Sequence[SpitRound], names: tuple[str, ...], *, all_violations: bool = False,
) -> tuple[list[RoundJudged], list[RoundResult]]:
    """Judge each round of a checked Spit log (:attr:`speedrules.Log.rounds`) (see :data:`RoundJudged`), and return the
    results of the rounds that were settled.

    By default a round's judging stops at its first violation.  With ``all_violations`` each
    illegal event is undone and judging goes on (a decreasing time is ignored and the event
    judged without it), as for Speed: the position in which the illegal event had stood is
    kept where that is physically possible, and when a later event is illegal only because
    of the correction (it would stand in that position), the position cannot be restored
    accurately and the round is void: judging of it stops, and the next round's layout is
    checked against the deck only."""
    from .spitgame import check_spit_layout, game_outcome

    out: list[RoundJudged] = []
    results: list[RoundResult] = []
    holdings: Sequence[Sequence[int]] | None = None
    unsettled = False
    stopped = False  # the round before was not judged to its end: what it left is not known
    for number, logged in enumerate(rounds):
        found: list[tuple[int | None, Violation, str | None]] = []
        layout = logged.codes
        if game_outcome(variant, results) is not None:
            found.append((None, Violation(rules.MATCH_AFTER_END, None, f"round {number} is logged after the game "
                                          "was decided; it does not count"), None))
        if unsettled and not stopped:
            found.append((None, Violation(rules.CLAIM_MISSING, None, f"round {number} is logged before round "
                                          f"{number - 1} was settled (its centre piles claimed)"), None))
        problem = check_spit_layout(variant, layout, None if unsettled else holdings, first=number == 0)
        if problem is not None:
            found.append((None, problem, None))
            out.append((None, found, 0, False))
            unsettled = stopped = True
            continue
        kernel = SpitKernel(variant, *layout, names=names)
        shadow: SpitKernel | None = None
        judged = 0
        void = False
        for index, event in enumerate(logged.events):
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
            if problem.rule == rules.TIME_ORDER and kernel.check_event(kind, player, a, b, card, None) is None:
                kernel.apply_event(kind, player, a, b, card, None)
                found.append((index, problem, "the event's time was ignored"))
                continue
            found.append((index, problem, correction(kernel, event)))
            shadow = forced(kernel, event)
        result = None if void else kernel.result()
        unsettled = result is None
        stopped = void or (unsettled and any(index is not None and fix is None for index, _, fix in found))
        if result is not None:
            results.append(result)
            holdings = result.holdings
        out.append((kernel, found, judged, void))
    return out, results
