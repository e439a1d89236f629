"""A Speed log's events and their integer codes, both ways: the structural check and coding
the referee reads a deal's events through (checked as ``schemas/log.schema.json`` checks them
and coded as the kernel takes them, in one pass), the event kinds, and :func:`event_json`,
the one writer of a coded event as a log event.  Written for the optional compiled build
(mypyc, docs/performance.md), which compiles it with the kernel.

>>> coded_events([{"type": "reveal", "t": 0}, {"type": "play", "player": 0, "card": "10S", "pile": 1, "t": 850}])
[(0, -1, -1, None, (), 0), (1, 0, 1, (9,), (), 850)]
>>> compile_event({"type": "draw", "player": -1}) is None  # the schema refuses a negative seat
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import msgspec
from msgspec import UNSET
from msgspec.structs import astuple

from ..core.cards import CODE_OF_TEXT, RANK_NAMES, TEXT_OF
from ..core.checks import MAX_INDEX, MAX_TIME, index_value, is_time
from .wire import (
    LOG_DECODER,
    LOG_FORMAT,
    WireCall,
    WireDraw,
    WireEvent,
    WireFlip,
    WireLayout,
    WireLog,
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

RANK_OF_TEXT: dict[str, int] = {}
for _rank in range(1, 14):
    for _spelling in {RANK_NAMES[_rank], RANK_NAMES[_rank].lower()} | ({"T", "t"} if _rank == 10 else set()):
        RANK_OF_TEXT[_spelling] = _rank
"""Every spelling of a rank the log schema accepts (``as``), mapped to its number."""

EVENT_KEYS = {
    "reveal": frozenset({"type", "t"}),
    "play": frozenset({"type", "t", "player", "pile", "card", "cards", "as"}),
    "draw": frozenset({"type", "t", "player", "card"}),
    "flip": frozenset({"type", "t"}),
    "rebuild": frozenset({"type", "t", "reserves"}),
    "call": frozenset({"type", "t", "player"}),
    "pickup": frozenset({"type", "t", "player", "pile"}),
    "stuck": frozenset({"type", "t", "player"}),
}
KIND_OF_TYPE = {name: kind for kind, name in enumerate(EVENT_TYPES)}


_CODE = CODE_OF_TEXT.__getitem__


def stack_codes(value: Any) -> tuple[int, ...] | None:
    if not isinstance(value, list):
        return None
    try:  # every key of CODE_OF_TEXT is a card's text: anything else is a KeyError (or a TypeError)
        return tuple(list(map(_CODE, value)))  # through a list: twice as fast as tuple(map(...)) here
    except (KeyError, TypeError):
        return None


def stacks_codes(value: Any) -> tuple[tuple[int, ...], ...] | None:
    if not isinstance(value, list):
        return None
    try:  # as _stack, on every item (an item that is not a list is left out, so the lengths differ)
        out = tuple([tuple(list(map(_CODE, item))) for item in value if isinstance(item, list)])
    except (KeyError, TypeError):
        return None
    return out if len(out) == len(value) else None


_SINGLE: Final = tuple((code,) for code in range(53))
# The limits of speedrules.core.checks, compared inline on the hot paths below: a time is an int or
# a float from 0 to _MAX_TIME (so never NaN nor an infinity), an index an int from 0 to _MAX_INDEX
# (a float index, 1.0, takes the long way, through checks.index_value).
_MAX_TIME: Final = MAX_TIME
_MAX_INDEX: Final = MAX_INDEX
# Final aliases of the globals read once an event: the compiled build keeps a Final in a C
# static, and looks any other module global up by name in the module's dict at each use.
_UNSET: Final = UNSET
_TEXT_OF: Final = TEXT_OF
_WIRE_PLAY: Final = WirePlay
_WIRE_DRAW: Final = WireDraw


class MalformedEvent(Exception):
    """An event the structural check refuses, met by :func:`coded_events` (``args[0]``: its index)."""


def coded_events(raw_events: Iterable[Any]) -> list[CompiledEvent]:
    """A deal's events, checked and coded as :func:`compile_event` codes them; an event the
    schema refuses raises :class:`MalformedEvent`.

    The commonest shapes (a one-card play, a draw, a flip) are read straight from the dicts
    where the structural check would accept them (keys exactly as expected, indices and
    times of the right types); every other event goes through :func:`compile_event`.
    """
    out: list[CompiledEvent] = []
    append = out.append
    codes, dict_, single, max_time, max_index = CODE_OF_TEXT, dict, _SINGLE, _MAX_TIME, _MAX_INDEX
    for index, ev in enumerate(raw_events):
        if type(ev) is dict_:
            try:
                typ = ev["type"]
                if typ == "play":
                    size = len(ev)
                    t = ev["t"] if size == 5 else None
                    player, pile, code = ev["player"], ev["pile"], codes[ev["card"]]
                    if ((size == 4 or ((type(t) is int or type(t) is float) and 0 <= t <= max_time))
                            and type(player) is int and type(pile) is int
                            and 0 <= player <= max_index and 0 <= pile <= max_index):
                        append((PLAY, player, pile, single[code], (), t))
                        continue
                elif typ == "draw":
                    size = len(ev)
                    player = ev["player"]
                    named: int | None  # the card the draw names, if it names one
                    if size == 4:
                        t, named = ev["t"], codes[ev["card"]]
                    elif size == 3:
                        t, named = (ev["t"], None) if "t" in ev else (None, codes[ev["card"]])
                    elif size == 2:
                        t = named = None
                    else:
                        raise KeyError  # an unexpected key: the long way
                    # no time only when there is no "t" key (a null one is refused by the structural check)
                    if ((((type(t) is int or type(t) is float) and 0 <= t <= max_time)
                         or (t is None and size == 2 + (named is not None)))
                            and type(player) is int and 0 <= player <= max_index):
                        append((DRAW, player, -1, named, (), t))
                        continue
                elif typ == "flip":
                    size = len(ev)
                    t = ev["t"] if size == 2 else None
                    if size == 1 or ((type(t) is int or type(t) is float) and 0 <= t <= max_time):
                        append((FLIP, -1, -1, None, (), t))
                        continue
            except (KeyError, TypeError):
                pass
        compiled = compile_event(ev)
        if compiled is None:
            raise MalformedEvent(index)
        append(compiled)
    return out


def compile_events(raw_events: Iterable[Any]) -> list[CompiledEvent] | None:
    """A deal's events, checked and coded (:func:`coded_events`); ``None`` exactly when the schema
    refuses one."""
    try:
        return coded_events(raw_events)
    except MalformedEvent:
        return None


def _declared(spec: Any) -> tuple[int, ...] | None:
    """A play's ``as`` (one rank's spelling, or a non-empty list of them) as rank numbers, else
    ``None`` (for parsed data and wire structs alike)."""
    if isinstance(spec, str):
        rank = RANK_OF_TEXT.get(spec)
        return None if rank is None else (rank,)
    if not isinstance(spec, list) or not spec:
        return None
    ranks = []
    for r in spec:
        rank = RANK_OF_TEXT.get(r) if isinstance(r, str) else None
        if rank is None:
            return None
        ranks.append(rank)
    return tuple(ranks)


def compile_event(ev: Any) -> CompiledEvent | None:
    """One event, checked and coded; ``None`` exactly when the schema refuses it."""
    if not isinstance(ev, dict):
        return None
    typ = ev.get("type")
    allowed = EVENT_KEYS.get(typ) if isinstance(typ, str) else None
    if allowed is None or not allowed.issuperset(ev):
        return None
    t = None
    if "t" in ev:
        t = ev["t"]
        if not is_time(t):
            return None
    kind = KIND_OF_TYPE[str(typ)]
    if kind == PLAY:
        player = index_value(ev.get("player"))
        pile = index_value(ev.get("pile"))
        if player is None or pile is None:
            return None
        if "card" in ev:
            if "cards" in ev:
                return None
            text = ev["card"]
            code = CODE_OF_TEXT.get(text) if isinstance(text, str) else None
            if code is None:
                return None
            cards: tuple[int, ...] = (code,)
        else:
            found = stack_codes(ev.get("cards"))
            if not found:
                return None
            cards = found
        declared: tuple[int, ...] = ()
        if "as" in ev:
            found = _declared(ev["as"])
            if found is None:
                return None
            declared = found
        return (PLAY, player, pile, cards, declared, t)
    if kind == DRAW:
        player = index_value(ev.get("player"))
        if player is None:
            return None
        code = None
        if "card" in ev:
            text = ev["card"]
            code = CODE_OF_TEXT.get(text) if isinstance(text, str) else None
            if code is None:
                return None
        return (DRAW, player, -1, code, (), t)
    if kind in (CALL, STUCK):
        player = index_value(ev.get("player"))
        return None if player is None else (kind, player, -1, None, (), t)
    if kind == PICKUP:
        player = index_value(ev.get("player"))
        pile = index_value(ev.get("pile"))
        return None if player is None or pile is None else (PICKUP, player, pile, None, (), t)
    if kind == REBUILD:
        if "reserves" not in ev:
            return None
        stacks = stacks_codes(ev["reserves"])
        if stacks is None:
            return None
        return (REBUILD, -1, -1, stacks, (), t)
    return (kind, -1, -1, None, (), t)


_Stacks = tuple[tuple[int, ...], ...]


def layout_stacks(layout: dict[str, Any]) -> tuple[_Stacks, _Stacks, tuple[int, ...], _Stacks] | None:
    """A layout's stacks coded (hands, draw stacks, starters, reserves; top first), or ``None``
    if one is not a list of card texts."""
    hands, draw = stacks_codes(layout["hands"]), stacks_codes(layout["draw"])
    reserves = stacks_codes(layout["reserves"])
    starters = stack_codes(layout["starters"])
    if hands is None or draw is None or reserves is None or starters is None:
        return None
    return hands, draw, starters, reserves




def wire_coded(events: list[Any]) -> tuple[list[CompiledEvent], int]:
    """A deal's wire events (:mod:`speedrules.speed.wire`, whose shapes msgspec has checked) checked
    and coded exactly as :func:`compile_event` codes the same events as parsed data, and the
    key-value pairs their objects hold; an event the schema refuses raises :class:`MalformedEvent`.

    >>> from speedrules.speed.wire import EVENTS
    >>> wire_coded(EVENTS.decode(b'[{"type": "reveal", "t": 0}, {"type": "draw", "player": 1.0}]'))
    ([(0, -1, -1, None, (), 0), (2, 1, -1, None, (), None)], 4)
    """
    out: list[CompiledEvent] = []
    append = out.append
    codes = CODE_OF_TEXT
    unset: Any = _UNSET
    pairs = 0
    index = -1
    fields_of = astuple
    for ev in events:
        index += 1
        # Every field in one C call, not one attribute lookup each: a struct's fields are in
        # its class's order, the time last in every event (see speedrules.speed.wire)
        fields: tuple[Any, ...] = fields_of(ev)
        t = fields[-1]
        if t is unset:
            t = None
            pairs += 1  # the type
        elif (type(t) is int or type(t) is float) and 0 <= t <= _MAX_TIME:
            pairs += 2
        else:
            raise MalformedEvent(index)
        cls = type(ev)
        if cls is _WIRE_PLAY:
            player, pile = fields[0], fields[3]
            if not (type(player) is int and 0 <= player <= _MAX_INDEX
                    and type(pile) is int and 0 <= pile <= _MAX_INDEX):
                player, pile = index_value(player), index_value(pile)  # 1.0 is an index too
                if player is None or pile is None:
                    raise MalformedEvent(index)
            card, many = fields[1], fields[2]
            cards: tuple[int, ...] | None
            if card is not unset:
                code = codes.get(card) if many is unset else None
                cards = None if code is None else _SINGLE[code]
            else:
                cards = None if many is unset else stack_codes(many)
            if not cards:
                raise MalformedEvent(index)
            spec = fields[4]
            declared: tuple[int, ...] = ()
            if spec is not unset:
                found = _declared(spec)
                if found is None:
                    raise MalformedEvent(index)
                declared = found
                pairs += 1
            pairs += 3
            append((PLAY, player, pile, cards, declared, t))
        elif cls is _WIRE_DRAW:
            player = fields[0]
            if not (type(player) is int and 0 <= player <= _MAX_INDEX):
                player = index_value(player)
                if player is None:
                    raise MalformedEvent(index)
            named = None
            card = fields[1]
            if card is not unset:
                named = codes.get(card)
                if named is None:
                    raise MalformedEvent(index)
                pairs += 1
            pairs += 1
            append((DRAW, player, -1, named, (), t))
        elif cls is WireFlip:
            append((FLIP, -1, -1, None, (), t))
        elif cls is WireRebuild:
            stacks = stacks_codes(fields[0])
            if stacks is None:
                raise MalformedEvent(index)
            pairs += 1
            append((REBUILD, -1, -1, stacks, (), t))
        elif cls is WireReveal:
            append((REVEAL, -1, -1, None, (), t))
        elif cls is WireCall:
            player = index_value(fields[0])
            if player is None:
                raise MalformedEvent(index)
            pairs += 1
            append((CALL, player, -1, None, (), t))
        elif cls is WirePickup:
            player, pile = index_value(fields[0]), index_value(fields[1])
            if player is None or pile is None:
                raise MalformedEvent(index)
            pairs += 2
            append((PICKUP, player, pile, None, (), t))
        elif cls is WireStuck:
            player = index_value(fields[0])
            if player is None:
                raise MalformedEvent(index)
            pairs += 1
            append((STUCK, player, -1, None, (), t))
        else:
            raise MalformedEvent(index)
    return out, pairs


def wire_layout_stacks(layout: WireLayout) -> tuple[_Stacks, _Stacks, tuple[int, ...], _Stacks] | None:
    """A wire layout's stacks coded as :func:`layout_stacks` codes a parsed one (msgspec has
    checked that each is a list of card texts, ``wire.Card``: every one has its code).  The codes
    are typed ``Any`` here: the compiled build then moves each from the dict to its stack as the
    object it is, where an ``int`` was unboxed and boxed again."""
    codes: dict[str, Any] = CODE_OF_TEXT
    return (tuple([tuple([codes[card] for card in stack]) for stack in layout.hands]),
            tuple([tuple([codes[card] for card in stack]) for stack in layout.draw]),
            tuple([codes[card] for card in layout.starters]),
            tuple([tuple([codes[card] for card in stack]) for stack in layout.reserves]))


def layout_json(hands: Sequence[Sequence[int]], draw: Sequence[Sequence[int]], starters: Sequence[int],
                reserves: Sequence[Sequence[int]]) -> dict[str, Any]:
    """A layout's JSON form (:meth:`speedrules.Layout.to_json`) from its stacks as card codes,
    top first: :func:`wire_layout_stacks` the other way (compiled with it; the simulator writes
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


def decode_log(text: str) -> tuple[WireLog, list[tuple[CodedLayout, list[CompiledEvent]]]] | None:
    """A log's JSON text decoded into the wire structs (:mod:`speedrules.speed.wire`) and every
    deal's layout and events coded, in one pass; or ``None`` where the long way
    (``speedrules.logs.log.parse_log_text``, then the structural check) must read it: anything
    msgspec or the event coding refuses, the wrong ``format``, or a key that may repeat
    (the text has more colons than the structs hold pairs; a repeated key is refused the
    long way).  The one reading of the wire path: the referee and ``read_log`` both use it.

    >>> doc, deals = decode_log('{"format": "speedrules-log/1", "variant": "speed", "deals": []}')
    >>> doc.variant, deals
    ('speed', [])
    >>> decode_log('{"format": "speedrules-log/1", "variant": "speed", "deals": [], "deals": []}') is None
    True
    """
    try:
        doc = LOG_DECODER.decode(text)
    except (msgspec.MsgspecError, RecursionError, UnicodeEncodeError):  # the last: a lone surrogate in text given
        return None
    ref, players, meta = doc.variant, doc.players, doc.meta
    if doc.format != LOG_FORMAT or not ref:
        return None
    pairs = 3  # format, variant, deals
    if players is not UNSET:
        if not 2 <= len(players) <= 4:
            return None
        pairs += 1
    if meta is not UNSET:
        pairs += 1 + count_pairs(meta)
    if type(ref) is dict:
        pairs += count_pairs(ref)
    coded: list[tuple[CodedLayout, list[CompiledEvent]]] = []
    for deal in doc.deals:
        stacks = wire_layout_stacks(deal.layout)
        if stacks is None:
            return None
        try:
            events, held = wire_coded(deal.events)
        except MalformedEvent:
            return None
        pairs += 6 + held  # layout, events, the layout's four stacks, the events' own
        if deal.meta is not UNSET:
            pairs += 1 + count_pairs(deal.meta)
        coded.append((stacks, events))
    if pairs != text.count(":"):
        return None
    return doc, coded


def count_pairs(data: Any) -> int:
    """How many key-value pairs the mappings of a parsed document hold, all told (for the
    duplicate-key test of :func:`speedrules.core.documents.parse_json`; here to be compiled).

    >>> count_pairs({"a": [{"b": 1, "c": {}}], "d": 2})
    4
    """
    total = 0
    todo: list[Any] = [data]
    while todo:
        item = todo.pop()
        if type(item) is dict:
            mapping: dict[Any, Any] = item  # typed: the compiled build walks it as a dict
            total += len(mapping)
            for value in mapping.values():
                if type(value) is dict or type(value) is list:
                    todo.append(value)
        elif type(item) is list:  # (else a document that is one scalar)
            items: list[Any] = item
            for value in items:
                if type(value) is dict or type(value) is list:
                    todo.append(value)
    return total


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
            return _WIRE_PLAY(player, _TEXT_OF[cards[0]], unset, pile, spec, time)
        return _WIRE_PLAY(player, unset, [_TEXT_OF[c] for c in cards], pile, spec, time)
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
    ``out`` (which it takes: its first piece is changed, and a last one added)."""
    if not out:
        return "[]"
    out[0] = "[" + out[0][2:]  # the first event follows no other
    out.append("}]")
    return "".join(out)


def event_json(kind: int, player: int, pile: int, cards: Any, declared: tuple[int, ...],
               t: float | int | None = None) -> dict[str, Any]:
    """:func:`event_wire`'s event as a dict, its keys in the order every log writes them (type,
    player, card or cards, pile, as, reserves, t).  Every Speed action's ``to_json`` is this.

    >>> event_json(PLAY, 0, 1, (9,), (), 850)
    {'type': 'play', 'player': 0, 'card': '10S', 'pile': 1, 't': 850}
    """
    event: dict[str, Any] = msgspec.to_builtins(event_wire(kind, player, pile, cards, declared, t))
    return event
