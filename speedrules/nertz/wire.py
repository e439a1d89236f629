"""The wire form of a Nertz log's hands: msgspec structs a hand's JSON text (or its parsed data)
is decoded into in C (their coding for the kernel is :mod:`speedrules.nertz.coding`), its
canonical form and the one writer of a coded event.

A hand (a log's deal) is ``{"layout": {"seats": [{"nertz": [...], "work": [...], "stock":
[...]}, ...]}, "events": [...]}``: each seat's Nertz pile and stock top card first, one card
per work pile, every card spelled with its owner (``0#10H``, :mod:`speedrules.nertz.cards`).
The events (docs/log-format.md, "Nertz"): ``found`` and ``work`` (a card ``from`` a source
``to`` a foundation or a work pile), ``turn`` (the card the turn shows), ``reset``, ``stuck``
(the table's, no player) and ``call``.

>>> DEAL.decode(b'{"layout": {"seats": []}, "events": [{"type": "turn", "player": 1, "card": "1#th"}]}').events
[WireTurn(player=1, card='1#th', t=UNSET)]
>>> event_json((1, 1, 74, 2, 0, None))
{'type': 'work', 'player': 1, 'card': '1#10H', 'from': 'w2', 'to': 0}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..logs.wire import Index, Time
from .cards import canonical, owned_spellings, owned_text
from .kernel import FOUND, KIND_NAMES, STUCK, TURN, WORK, source_name

SOURCES: tuple[str, ...] = ("nertz", "waste", *(f"w{j}" for j in range(8)))
"""Every source a log may name: the Nertz pile, the waste, work piles 0 to 7."""

if TYPE_CHECKING:
    OwnedText = str
    Source = str
else:  # every spelling of an owned card, every source: msgspec refuses any other string in C
    OwnedText = Literal[tuple(owned_spellings())]
    Source = Literal[SOURCES]
Cards = Annotated[list[OwnedText], Meta(max_length=52)]


class _Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, gc=False):
    pass


class WireFound(_Event, tag="found"):
    player: Index
    card: OwnedText
    src: Source = msgspec.field(name="from")
    to: Index
    t: Time = UNSET


class WireWork(_Event, tag="work"):
    player: Index
    card: OwnedText
    src: Source = msgspec.field(name="from")
    to: Index
    t: Time = UNSET


class WireTurn(_Event, tag="turn"):
    player: Index
    card: OwnedText
    t: Time = UNSET


class WireReset(_Event, tag="reset"):
    player: Index
    t: Time = UNSET


class WireStuck(_Event, tag="stuck"):
    t: Time = UNSET


class WireCall(_Event, tag="call"):
    player: Index
    t: Time = UNSET


WireEvent = Union[WireFound, WireWork, WireTurn, WireReset, WireStuck, WireCall]  # noqa: UP007


class WireSeat(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    nertz: Cards
    work: Annotated[list[OwnedText], Meta(max_length=8)]
    stock: Cards


class WireLayout(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    seats: Annotated[list[WireSeat], Meta(max_length=8)]


class WireHand(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    layout: WireLayout
    events: list[WireEvent] = []
    meta: dict[str, Any] | UnsetType = UNSET


DEAL = msgspec.json.Decoder(WireHand)
"""Decodes one hand's JSON text (for the doctests and the tests)."""

def canonical_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """A hand of a valid log in canonical form: every card spelled canonically, keys in order."""
    out: dict[str, Any] = msgspec.to_builtins(msgspec.convert(deal, WireHand))
    for seat in out["layout"]["seats"]:
        for key in ("nertz", "work", "stock"):
            seat[key] = [canonical(c) for c in seat[key]]
    for event in out["events"]:
        if "card" in event:
            event["card"] = canonical(event["card"])
    return out


def event_json(event: tuple[Any, ...]) -> dict[str, Any]:
    """The log event of a coded event, its keys in the order a log writes them."""
    kind, player, card, src, dst, t = event
    out: dict[str, Any] = {"type": KIND_NAMES[kind]}
    if kind != STUCK:
        out["player"] = player
    if kind in (FOUND, WORK, TURN):
        out["card"] = owned_text(card)
    if kind in (FOUND, WORK):
        out["from"], out["to"] = source_name(src), dst
    if t is not None:
        out["t"] = t
    return out


def layout_json(nertz: Any, work: Any, stock: Any) -> dict[str, Any]:
    """A hand's layout as a log gives it (piles top card first; the kernel's are top last)."""
    return {"seats": [{"nertz": [owned_text(c) for c in reversed(n)], "work": [owned_text(c) for c in w],
                       "stock": [owned_text(c) for c in reversed(s)]} for n, w, s in zip(nertz, work, stock,
                                                                                        strict=True)]}
