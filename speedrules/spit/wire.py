"""The wire form of a Spit log's rounds: msgspec structs that a round's JSON text (or its parsed
data) is decoded into in C, with the structure ``schemas/log.schema.json`` gives a Spit round
(``spit_deal``), and the one writer of a coded Spit event as a log event.

msgspec checks the shape here (which keys an event of each type may and must have, two rows of
one to eight stock piles and two spit piles, every card's spelling); :mod:`speedrules.spit.reader`
checks the values (indices and times, :mod:`speedrules.core.checks`) while it codes the round
for the kernel.  What the schema accepts is exactly what the two accept together
(``tests/test_spit_log_schema.py``).  Indices and times are ``int | float`` here, as in the
schema (``1.0`` is an index there); a field a log may leave out is ``UNSET`` when it does.

>>> wire = ROUND.decode(b'{"layout": {"stock": [[["AH"]], [["2C"]]], "spit": [["3D"], []]}, '
...                     b'"events": [{"type": "spit"}]}')
>>> wire.layout.stock, wire.events
([[['AH']], [['2C']]], [WireSpit(pile=UNSET, t=UNSET)])
>>> msgspec.json.encode(event_wire((1, 0, 2, 1, 19, 850)))
b'{"type":"play","player":0,"stock":2,"pile":1,"card":"7H","t":850}'
"""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..core.cards import TEXT_OF
from ..logs.wire import CardText as Card
from .kernel import CHOOSE, JAM, MOVE, PAIR, PLAY, SLAP, SPIT

Number = int | float
Time = int | float | UnsetType

SpitEvent = tuple[int, int, int, int, "int | None", "float | int | None"]
"""A Spit event coded: ``(kind, player, a, b, card, t)`` as :meth:`SpitKernel.check_event
<speedrules.spit.kernel.SpitKernel.check_event>` takes it."""


class _Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, gc=False):
    pass


# Each event's fields in the order a log writes its keys (the type first, the time last).


class WireSpit(_Event, tag="spit"):
    pile: Number | UnsetType = UNSET
    t: Time = UNSET


class WireStockPlay(_Event, tag="play"):
    player: Number
    stock: Number
    pile: Number
    card: Card | UnsetType = UNSET
    t: Time = UNSET


class WireMove(_Event, tag="move"):
    player: Number
    stock: Number
    to: Number
    card: Card | UnsetType = UNSET
    t: Time = UNSET


class WirePair(_Event, tag="pair"):
    player: Number
    stock: Number
    to: Number
    card: Card | UnsetType = UNSET
    t: Time = UNSET


class WireSlap(_Event, tag="slap"):
    player: Number
    pile: Number
    t: Time = UNSET


class WireChoose(_Event, tag="choose"):
    player: Number
    pile: Number
    t: Time = UNSET


class WireJam(_Event, tag="jam"):
    t: Time = UNSET


SpitWireEvent = Union[WireSpit, WireStockPlay, WireMove, WirePair, WireSlap, WireChoose, WireJam]  # noqa: UP007

Row = Annotated[list[list[Card]], Meta(min_length=1, max_length=8)]
"""A player's stock piles, left to right, each top card first: one to eight of them."""


class SpitWireLayout(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    stock: Annotated[list[Row], Meta(min_length=2, max_length=2)]
    spit: Annotated[list[list[Card]], Meta(min_length=2, max_length=2)]


class SpitWireRound(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    layout: SpitWireLayout
    events: list[SpitWireEvent]
    meta: dict[Any, Any] | UnsetType = UNSET


ROUND = msgspec.json.Decoder(SpitWireRound)
"""JSON text of one round to its :class:`SpitWireRound` (for examples and tests)."""

KIND_OF_STRUCT: dict[type, int] = {WireSpit: SPIT, WireStockPlay: PLAY, WireMove: MOVE, WirePair: PAIR,
                                   WireSlap: SLAP, WireChoose: CHOOSE, WireJam: JAM}
"""Each event struct's kind (:mod:`speedrules.spit.kernel`)."""


def event_wire(event: SpitEvent) -> SpitWireEvent:
    """The log event (docs/log-format.md, "Spit logs") of a coded Spit event, as its wire struct:
    the one writer of a Spit event (:func:`event_json` is its dict)."""
    kind, player, a, b, code, t = event
    time: Any = UNSET if t is None else t
    card: Any = UNSET if code is None else TEXT_OF[code]
    if kind == SPIT:
        return WireSpit(UNSET if a < 0 else a, time)
    if kind == PLAY:
        return WireStockPlay(player, a, b, card, time)
    if kind == MOVE:
        return WireMove(player, a, b, card, time)
    if kind == PAIR:
        return WirePair(player, a, b, card, time)
    if kind == SLAP:
        return WireSlap(player, a, time)
    if kind == CHOOSE:
        return WireChoose(player, a, time)
    if kind == JAM:
        return WireJam(time)
    raise ValueError(f"not a Spit event kind: {kind!r}")


def event_json(event: SpitEvent) -> dict[str, Any]:
    """:func:`event_wire`'s event as a dict, its keys in the order a log writes them.

    >>> event_json((0, -1, -1, -1, None, 0))
    {'type': 'spit', 't': 0}
    """
    out: dict[str, Any] = msgspec.to_builtins(event_wire(event))
    return out
