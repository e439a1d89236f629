"""A Speed log's deals and their integer codes, both ways: the one coding of a deal read into the
wire structs of :mod:`speedrules.speed.wire` (its values checked by :mod:`speedrules.core.checks`,
its events coded as the kernel takes them, in one pass), the event kinds, and the writers:
:func:`event_json`, the one writer of a coded event as a log event, and the canonical form of a
deal.  Written for the optional compiled build (mypyc, docs/performance.md), which compiles it
with the kernel.

>>> from speedrules.speed.wire import DEAL
>>> coded, pairs = code_deal(DEAL.decode(b'{"layout": {"hands": [], "draw": [], "starters": [], "reserves": []},'
...                                      b' "events": [{"type": "reveal", "t": 0}, {"type": "play", "player": 0,'
...                                      b' "card": "10S", "pile": 1, "t": 850}]}'))
>>> coded[4], pairs
(((0, -1, -1, None, (), 0), (1, 0, 1, (9,), (), 850)), 13)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec
from msgspec import UNSET
from msgspec.structs import astuple

from ..core.cards import CODE_OF_TEXT, RANK_NAMES, TEXT_OF, canonical_stacks, canonical_text
from ..core.checks import count_pairs, index_value, is_time
from .wire import RANK_OF_TEXT as RANK_OF_TEXT
from .wire import (
    WireCall,
    WireDeal,
    WireDraw,
    WireEvent,
    WireFlip,
    WirePickup,
    WirePlay,
    WireRebuild,
    WireReveal,
    WireStuck,
)

# Integer event kinds of the low-level interface (:class:`speedrules.speed.kernel.Kernel`, ``Game.check_event``;
# ``speedrules.speed.actions`` re-exports them),
# literal and Final so that the compiled build reads them as constants.
REVEAL: Final = 0
PLAY: Final = 1
DRAW: Final = 2
FLIP: Final = 3
REBUILD: Final = 4
CALL: Final = 5
PICKUP: Final = 6
STUCK: Final = 7

EVENT_TYPES = ("reveal", "play", "draw", "flip", "rebuild", "call", "pickup", "stuck")
"""Event types by kind (``speedrules.speed.actions.REVEAL`` ... ``STUCK``)."""

CompiledEvent = tuple[int, int, int, Any, tuple[int, ...], "float | int | None"]
"""``(kind, player, pile, cards, declared, t)``: ``cards`` is a tuple of codes (play),
a code or ``None`` (draw), or a tuple of stacks of codes (rebuild)."""

_SINGLE: Final = tuple((code,) for code in range(53))
# Final aliases of the globals read once an event: the compiled build keeps a Final in a C
# static, and looks any other module global up by name in the module's dict at each use.
_UNSET: Final = UNSET
_TEXT_OF: Final = TEXT_OF
_CODE_OF_TEXT: Final = CODE_OF_TEXT
_RANK_OF_TEXT: Final = RANK_OF_TEXT
_ASTUPLE: Final = astuple
_WIRE_PLAY: Final = WirePlay
_WIRE_DRAW: Final = WireDraw
_WIRE_FLIP: Final = WireFlip
_WIRE_REVEAL: Final = WireReveal
_WIRE_REBUILD: Final = WireRebuild
_WIRE_PICKUP: Final = WirePickup
_WIRE_CALL: Final = WireCall


class MalformedEvent(ValueError):
    """A value the wire structs let through but the log format does not (an index, a time, a rank's
    spelling, a play naming a card and cards or neither), met by :func:`code_deal` (``args[0]``:
    the event's index)."""


_Stacks = tuple[tuple[int, ...], ...]

CodedDeal = tuple[_Stacks, _Stacks, tuple[int, ...], _Stacks, tuple[CompiledEvent, ...]]
"""A deal coded: its hands, draw stacks, starters and reserves (each top first), and its events."""


def _play(fields: tuple[Any, ...], t: Any) -> tuple[Any, ...] | None:
    """A play's fields (``astuple`` of its :class:`~speedrules.speed.wire.WirePlay`) coded, or
    ``None`` where the log format does not allow them."""
    player: Any = index_value(fields[0])
    pile: Any = index_value(fields[3])
    card, many, spec = fields[1], fields[2], fields[4]
    if player is None or pile is None or (card is _UNSET) == (many is _UNSET):
        return None
    codes = _CODE_OF_TEXT
    cards: tuple[Any, ...] = _SINGLE[codes[card]] if card is not _UNSET else tuple([codes[c] for c in many])
    declared: tuple[Any, ...] = ()
    if spec is not _UNSET:
        ranks = _RANK_OF_TEXT
        declared = (ranks[spec],) if type(spec) is str else tuple([ranks[r] for r in spec])
    return (PLAY, player, pile, cards, declared, t)


def _event(kind: type, fields: tuple[Any, ...], t: Any) -> tuple[Any, ...] | None:
    """Any event but a play, its fields coded (as :func:`_play`)."""
    if kind is _WIRE_DRAW:
        card = fields[1]
        player: Any = index_value(fields[0])
        return None if player is None else (DRAW, player, -1, None if card is _UNSET else _CODE_OF_TEXT[card], (), t)
    if kind is _WIRE_FLIP:
        return (FLIP, -1, -1, None, (), t)
    if kind is _WIRE_REVEAL:
        return (REVEAL, -1, -1, None, (), t)
    if kind is _WIRE_REBUILD:
        codes = _CODE_OF_TEXT
        return (REBUILD, -1, -1, tuple([tuple([codes[c] for c in stack]) for stack in fields[0]]), (), t)
    player = index_value(fields[0])
    if player is None:
        return None
    if kind is _WIRE_PICKUP:
        pile: Any = index_value(fields[1])
        return None if pile is None else (PICKUP, player, pile, None, (), t)
    return (CALL if kind is _WIRE_CALL else STUCK, player, -1, None, (), t)


def code_events(events: list[Any]) -> tuple[tuple[CompiledEvent, ...], int]:
    """A deal's wire events (:mod:`speedrules.speed.wire`, whose shapes msgspec has checked),
    their values checked (:mod:`speedrules.core.checks`) and coded as the kernel takes them, and
    the key-value pairs their objects hold (each its type and every field it gives); a
    :class:`MalformedEvent` for one the log format does not allow.

    >>> from speedrules.speed.wire import EVENTS
    >>> code_events(EVENTS.decode(b'[{"type": "reveal", "t": 0}, {"type": "draw", "player": 1.0}]'))
    (((0, -1, -1, None, (), 0), (2, 1, -1, None, (), None)), 4)
    """
    out: list[Any] = []
    pairs = 0
    for index in range(len(events)):
        event = events[index]
        # Every field in one C call, not one attribute lookup each: a struct's fields are in
        # its class's order, the time last in every event (see speedrules.speed.wire)
        fields: tuple[Any, ...] = _ASTUPLE(event)
        t: Any = fields[-1]
        if t is _UNSET:
            t = None
        elif not is_time(t):
            raise MalformedEvent(index)
        kind = type(event)
        coded = _play(fields, t) if kind is _WIRE_PLAY else _event(kind, fields, t)
        if coded is None:
            raise MalformedEvent(index)
        out.append(coded)
        pairs += 1
        for field in fields:
            if field is not _UNSET:
                pairs += 1
    return tuple(out), pairs


def code_deal(deal: WireDeal) -> tuple[CodedDeal, int]:
    """A deal read into its wire struct (:class:`~speedrules.speed.wire.WireDeal`), checked and
    coded (:func:`code_events`), and the key-value pairs its objects hold."""
    events, pairs = code_events(deal.events)
    pairs += 6  # layout and events, the layout's four stacks
    if deal.meta is not _UNSET:
        pairs += 1 + count_pairs(deal.meta)
    # The codes are typed Any: the compiled build then moves each from the dict to its stack as
    # the object it is, where an int was unboxed and boxed again.
    codes: dict[str, Any] = CODE_OF_TEXT
    layout = deal.layout
    coded = (tuple([tuple([codes[card] for card in stack]) for stack in layout.hands]),
             tuple([tuple([codes[card] for card in stack]) for stack in layout.draw]),
             tuple([codes[card] for card in layout.starters]),
             tuple([tuple([codes[card] for card in stack]) for stack in layout.reserves]), events)
    return coded, pairs


def layout_json(hands: Sequence[Sequence[int]], draw: Sequence[Sequence[int]], starters: Sequence[int],
                reserves: Sequence[Sequence[int]]) -> dict[str, Any]:
    """A layout's JSON form (:meth:`speedrules.Layout.to_json`) from its stacks as card codes,
    top first: :func:`code_deal`'s layout the other way (compiled with it; the simulator writes
    one a deal; ``speedrules.speed.layout`` re-exports it).

    >>> layout_json([[0]], [[1]], [2], [[3]])
    {'hands': [['AS']], 'draw': [['2S']], 'starters': ['3S'], 'reserves': [['4S']]}
    """
    texts = TEXT_OF
    return {
        "hands": [[texts[c] for c in hand] for hand in hands],
        "draw": [[texts[c] for c in stack] for stack in draw],
        "starters": [texts[c] for c in starters],
        "reserves": [[texts[c] for c in stack] for stack in reserves],
    }


CodedLayout = tuple[_Stacks, _Stacks, tuple[int, ...], _Stacks]
"""A layout's stacks coded (hands, draw stacks, starters, reserves; top first)."""


def _canon_rank(text: str) -> str:
    return RANK_NAMES[RANK_OF_TEXT[text]]


_EVENT_KEYS: Final = ("player", "card", "cards", "pile", "as", "reserves", "t")
"""An event's keys in the order the canonical form writes them (after its type)."""


def canonical_deal(deal: Mapping[str, Any]) -> dict[str, Any]:
    """A valid deal of a Speed log in canonical form: card and rank texts canonical, keys in a
    fixed order, integral floats (``1.0``) as ints for seats and piles.

    >>> canonical_deal({"events": [{"pile": 1.0, "card": "th", "type": "play", "player": 0}],
    ...                 "layout": {"hands": [["as"]], "draw": [], "starters": [], "reserves": []}})["events"]
    [{'type': 'play', 'player': 0, 'card': '10H', 'pile': 1}]
    """
    layout = deal["layout"]
    events = []
    for ev in deal["events"]:
        out: dict[str, Any] = {"type": ev["type"]}
        for key in _EVENT_KEYS:
            if key in ev:
                value = ev[key]
                if key == "player" or key == "pile":
                    value = int(value)
                elif key == "card":
                    value = canonical_text(value)
                elif key == "cards":
                    value = [canonical_text(c) for c in value]
                elif key == "as":
                    value = _canon_rank(value) if isinstance(value, str) else [_canon_rank(r) for r in value]
                elif key == "reserves":
                    value = canonical_stacks(value)
                out[key] = value
        events.append(out)
    canon: dict[str, Any] = {"layout": {"hands": canonical_stacks(layout["hands"]),
                                        "draw": canonical_stacks(layout["draw"]),
                                        "starters": [canonical_text(c) for c in layout["starters"]],
                                        "reserves": canonical_stacks(layout["reserves"])}, "events": events}
    if "meta" in deal:
        canon["meta"] = deal["meta"]
    return canon


# ---------------------------------------------------------------------- writing


def rank_name(rank: int) -> str:
    """A declared rank's text in a log (``A``, ``2`` ... ``K``)."""
    return RANK_NAMES[rank] if 1 <= rank <= 13 else str(rank)


def event_wire(kind: int, player: int, pile: int, cards: Any, declared: tuple[int, ...],
               t: float | int | None = None) -> WireEvent:
    """The log event (docs/log-format.md) of a coded action ``(kind, player, pile, cards,
    declared)`` as the kernel records it (``cards``: a tuple of codes for a play, a code or
    ``None`` for a draw, stacks of codes for a rebuild), with its time ``t`` if given, as its
    wire struct (:mod:`speedrules.speed.wire`): the one writer of a Speed event.  :func:`event_json`
    is its dict; the simulator encodes the structs of a deal's records straight to JSON text.

    >>> event_wire(PLAY, 0, 1, (9,), (), 850)
    WirePlay(player=0, card='10S', cards=UNSET, pile=1, as_=UNSET, t=850)
    >>> msgspec.json.encode(event_wire(DRAW, 1, -1, None, ()))
    b'{"type":"draw","player":1}'
    """
    unset = _UNSET  # (through the Final aliases: this runs once a simulated event)
    time: Any = unset if t is None else t
    if kind == PLAY:
        spec: Any = unset
        if declared:
            ranks = [rank_name(r) for r in declared]
            spec = ranks[0] if len(ranks) == 1 and len(cards) == 1 else ranks
        if len(cards) == 1:
            return _WIRE_PLAY(player=player, card=_TEXT_OF[cards[0]], pile=pile, as_=spec, t=time)
        return _WIRE_PLAY(player=player, cards=[_TEXT_OF[c] for c in cards], pile=pile, as_=spec, t=time)
    if kind == DRAW:
        return _WIRE_DRAW(player, unset if cards is None else _TEXT_OF[cards], time)
    if kind == FLIP:
        return WireFlip(time)
    if kind == REBUILD:
        return WireRebuild([[_TEXT_OF[c] for c in r] for r in cards], time)
    if kind == CALL:
        return WireCall(player, time)
    if kind == PICKUP:
        return WirePickup(player, pile, time)
    if kind == STUCK:
        return WireStuck(player, time)
    return WireReveal(time)


_ENCODE: Final = msgspec.json.Encoder().encode
_KINDS: Final = 8  # event kinds 0-7; seats, piles and cards each from -1 (none)
_SEATS: Final = 5
_PILES: Final = 9
_CARDS: Final = 54
_EVENT_TEXT: Final[list[str | None]] = [None] * (_KINDS * _SEATS * _PILES * _CARDS)
"""The text of each event :func:`add_event_text` has met that holds one card or none and no
declared rank, up to its time and after the end of the event before it
(``},{"type":"play",...,"t":``), at an index made of its kind, seat, pile and card: bounded by
the events a table can hold (about 17,000; a pile beyond the eighth is encoded each time)."""


def add_event_text(out: list[str], kind: int, player: int, pile: int, cards: Any, declared: tuple[int, ...],
                   t: int) -> None:
    """Append the event :func:`event_wire` writes, at whole-number time ``t``, to ``out`` as
    pieces of the compact JSON text msgspec encodes of its wire struct: how the simulator writes
    a deal's events, :func:`events_array` joining them into a log's ``events`` array.

    The struct stays the one writer: an event of one card or none and no declared rank (nearly
    every event of a deal) is encoded once with ``t = 0`` and its text up to the time kept; after
    that the event costs two pieces, that text and its time (the time is a wire struct's last
    key).  Each event's pieces begin with the end of the event before it (``},``).

    >>> out = []
    >>> add_event_text(out, REVEAL, -1, -1, None, (), 0)
    >>> add_event_text(out, PLAY, 0, 1, (9,), (), 850)
    >>> events_array(out) == msgspec.json.encode([event_wire(REVEAL, -1, -1, None, (), 0),
    ...                                           event_wire(PLAY, 0, 1, (9,), (), 850)]).decode()
    True
    """
    card = -1
    if kind == PLAY:
        played: tuple[int, ...] = cards  # (typed: the compiled build reads a tuple directly)
        if declared or len(played) != 1:
            _add_whole_text(out, kind, player, pile, cards, declared, t)
            return
        card = played[0]
    elif kind == REBUILD:
        _add_whole_text(out, kind, player, pile, cards, declared, t)
        return
    elif kind == DRAW and cards is not None:
        drawn: int = cards
        card = drawn
    seat, place = player + 1, pile + 1
    if not (0 <= seat < _SEATS and 0 <= place < _PILES and 0 <= kind < _KINDS and -1 <= card < _CARDS - 1):
        _add_whole_text(out, kind, player, pile, cards, declared, t)
        return
    key = ((kind * _SEATS + seat) * _PILES + place) * _CARDS + card + 1
    text = _EVENT_TEXT[key]
    if text is None:
        whole = _ENCODE(event_wire(kind, player, pile, cards, declared, 0)).decode()
        assert whole.endswith(',"t":0}'), whole  # the time is the struct's last field
        text = _EVENT_TEXT[key] = "}," + whole[:-2]
    out.append(text)
    out.append(str(t))


def _add_whole_text(out: list[str], kind: int, player: int, pile: int, cards: Any, declared: tuple[int, ...],
                    t: int) -> None:
    """:func:`add_event_text` for an event whose text is not kept: encoded whole, each time."""
    out.append("}," + _ENCODE(event_wire(kind, player, pile, cards, declared, t)).decode()[:-1])


def events_array(out: list[str]) -> str:
    """The JSON text of a log's ``events`` array, of the events :func:`add_event_text` wrote to
    ``out`` (left as it is: more events may follow, and the array be asked for again)."""
    if not out:
        return "[]"
    return "[" + "".join(out)[2:] + "}]"  # the first event follows no other


def event_json(kind: int, player: int, pile: int, cards: Any, declared: tuple[int, ...],
               t: float | int | None = None) -> dict[str, Any]:
    """:func:`event_wire`'s event as a dict, its keys in the order every log writes them (type,
    player, card or cards, pile, as, reserves, t).  Every Speed action's ``to_json`` is this.

    >>> event_json(PLAY, 0, 1, (9,), (), 850)
    {'type': 'play', 'player': 0, 'card': '10S', 'pile': 1, 't': 850}
    """
    event: dict[str, Any] = msgspec.to_builtins(event_wire(kind, player, pile, cards, declared, t))
    return event
