"""The wire form of a Speed log: msgspec structs that a log's JSON text (or its parsed data)
is decoded into in C, with the structure ``schemas/log.schema.json`` gives a Speed log.

msgspec checks the shape here (which keys an object may and must have, which are strings,
numbers, lists, and every card's spelling); :mod:`speedrules.speed.coding` checks the rest (indices
>= 0, times finite and >= 0, rank spellings, a play naming a card or cards but not both) while it codes the
events for the kernel.  What the schema accepts is exactly what the two accept together
(``tests/test_log_schema_equivalence.py``).  A document they refuse is read the long way,
whose error names the place and the reason (:func:`speedrules.logs.log.refuse`).

Indices and times are ``int | float`` here, as in the schema (``1.0`` is an index there);
``true`` is not a number to msgspec either.  Where a key may be left out its default is
``UNSET``, so a struct tells which keys its object had (for the duplicate-key count).
The structs are not tracked by the cyclic garbage collector (``gc=False``): decoded JSON
makes no reference cycles, and untracked structs are quicker to make.

>>> doc = LOG_DECODER.decode(b'{"format": "speedrules-log/1", "variant": "speed", "deals": []}')
>>> doc.variant, doc.players is UNSET
('speed', True)
>>> EVENTS.decode(b'[{"type": "play", "player": 0, "card": "10S", "pile": 1}]')
[WirePlay(player=0, card='10S', cards=UNSET, pile=1, as_=UNSET, t=UNSET)]

The event structs are also how a log's events are written (:func:`speedrules.speed.coding.event_wire`):
their fields are in the order a log writes its keys (the type first, the time last), and a
field left ``UNSET`` is left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Union

import msgspec
from msgspec import UNSET as UNSET
from msgspec import UnsetType, field

from ..core.cards import CODE_OF_TEXT

LOG_FORMAT = "speedrules-log/1"
"""The log format's name and version: every log's ``format`` (``speedrules.logs.log`` re-exports it)."""

if TYPE_CHECKING:
    Card = str
else:  # every spelling of a card the schema accepts, checked by msgspec as it decodes
    Card = Literal[tuple(CODE_OF_TEXT)]
"""A card's text: msgspec refuses any other string in C, and hands back its own copy of the
spelling (no new string a card, its hash already known for the coding's lookup): about a
fifth less decoding time on a simulated log than a plain ``str``."""

Number = int | float
Time = int | float | UnsetType


class _Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, gc=False):
    pass


class WireReveal(_Event, tag="reveal"):
    t: Time = UNSET


class WirePlay(_Event, tag="play"):
    # In the order a log writes its keys.  The pile may be left out here, so that it can follow
    # the optional cards: a play without one is refused by the coding (speedrules.speed.coding.wire_coded).
    player: Number
    card: Card | UnsetType = UNSET
    cards: list[Card] | UnsetType = UNSET
    pile: Number | UnsetType = UNSET
    as_: str | list[str] | UnsetType = field(default=UNSET, name="as")
    t: Time = UNSET


class WireDraw(_Event, tag="draw"):
    player: Number
    card: Card | UnsetType = UNSET
    t: Time = UNSET


class WireFlip(_Event, tag="flip"):
    t: Time = UNSET


class WireRebuild(_Event, tag="rebuild"):
    reserves: list[list[Card]]
    t: Time = UNSET


class WireCall(_Event, tag="call"):
    player: Number
    t: Time = UNSET


class WirePickup(_Event, tag="pickup"):
    player: Number
    pile: Number
    t: Time = UNSET


class WireStuck(_Event, tag="stuck"):
    player: Number
    t: Time = UNSET


WireEvent = Union[WireReveal, WirePlay, WireDraw, WireFlip, WireRebuild, WireCall, WirePickup,  # noqa: UP007
                  WireStuck]


class WireLayout(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    hands: list[list[Card]]
    draw: list[list[Card]]
    starters: list[Card]
    reserves: list[list[Card]]


class WireDeal(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    layout: WireLayout
    events: list[WireEvent]
    meta: dict[str, Any] | UnsetType = UNSET


class WireLog(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    format: str
    variant: str | dict[str, Any]
    deals: list[WireDeal]
    players: list[str] | UnsetType = UNSET
    meta: dict[str, Any] | UnsetType = UNSET


LOG_DECODER = msgspec.json.Decoder(WireLog)
"""JSON text to a :class:`WireLog` (``msgspec.ValidationError`` or ``DecodeError``: not a Speed log's shape)."""
EVENTS = msgspec.json.Decoder(list[WireEvent])
"""JSON text of an event list to wire events (for examples and tests)."""

