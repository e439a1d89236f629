"""The wire form of a Speed log's deals: msgspec structs that a deal's JSON text (or its parsed
data) is decoded into in C, with the structure ``schemas/log.schema.json`` gives a Speed deal
(``deal``); the envelope around the deals is every family's (:mod:`speedrules.logs.wire`).

msgspec checks the shape here (which keys an object may and must have, which are strings,
numbers, lists, and every card's and rank's spelling); :mod:`speedrules.speed.coding` checks the
values (indices and times, :mod:`speedrules.core.checks`; a play naming a card or cards, not
both) while it codes the events for the kernel.  What the schema accepts is exactly what the two
accept together (``tests/test_log_schema_equivalence.py``).  A document they refuse is read the
long way, whose error names the place and the reason (:func:`speedrules.logs.log.refuse`).

Indices and times are ``int | float`` here, as in the schema (``1.0`` is an index there);
``true`` is not a number to msgspec either.  Where a key may be left out its default is
``UNSET``, so a struct tells which keys its object had (for the duplicate-key count).

>>> EVENTS.decode(b'[{"type": "play", "player": 0, "card": "10S", "pile": 1}]')
[WirePlay(player=0, card='10S', cards=UNSET, pile=1, as_=UNSET, t=UNSET)]

The event structs are also how a log's events are written (:func:`speedrules.speed.coding.event_wire`):
their fields are in the order a log writes its keys (the type first, the time last), and a
field left ``UNSET`` is left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec
from msgspec import UNSET as UNSET
from msgspec import Meta, UnsetType, field

from ..core.cards import RANK_NAMES
from ..logs.wire import CardText

Card = CardText
"""A card's text (:data:`speedrules.logs.wire.CardText`)."""

RANK_OF_TEXT: dict[str, int] = {}
for _rank in range(1, 14):
    for _spelling in {RANK_NAMES[_rank], RANK_NAMES[_rank].lower()} | ({"T", "t"} if _rank == 10 else set()):
        RANK_OF_TEXT[_spelling] = _rank
"""Every spelling of a rank the log schema accepts (a play's ``as``), mapped to its number."""

if TYPE_CHECKING:
    Rank = str
else:  # every spelling of a rank the schema accepts, checked by msgspec as it decodes
    Rank = Literal[tuple(RANK_OF_TEXT)]

Number = int | float
Time = int | float | UnsetType


class _Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, gc=False):
    pass


class WireReveal(_Event, tag="reveal"):
    t: Time = UNSET


class WirePlay(_Event, tag="play", kw_only=True):
    # In the order a log writes its keys (keyword-only, so that the pile, which a play must give,
    # may follow the optional cards).  A play names its card or its cards, not both and not
    # neither: the coding checks that (speedrules.speed.coding.code_deal).
    player: Number
    card: Card | UnsetType = UNSET
    cards: Annotated[list[Card], Meta(min_length=1)] | UnsetType = UNSET
    pile: Number
    as_: Rank | Annotated[list[Rank], Meta(min_length=1)] | UnsetType = field(default=UNSET, name="as")
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
    meta: dict[Any, Any] | UnsetType = UNSET


DEAL = msgspec.json.Decoder(WireDeal)
"""JSON text of one deal to its :class:`WireDeal` (for examples and tests)."""
EVENTS = msgspec.json.Decoder(list[WireEvent])
"""JSON text of an event list to wire events (for examples and tests)."""

