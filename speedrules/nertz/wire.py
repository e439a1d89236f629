"""The wire form of a Nertz log's hands: msgspec structs a hand's JSON text (or its parsed data)
is decoded into in C, the coding of a hand for the kernel (its values checked: owned cards,
sources, indices, times), its canonical form and the one writer of a coded event.

A hand (a log's deal) is ``{"layout": {"seats": [{"nertz": [...], "work": [...], "stock":
[...]}, ...]}, "events": [...]}``: each seat's Nertz pile and stock top card first, one card
per work pile, every card spelled with its owner (``0#10H``, :mod:`speedrules.nertz.cards`).
The events (docs/log-format.md, "Nertz"): ``found`` and ``work`` (a card ``from`` a source
``to`` a foundation or a work pile), ``turn`` (the card the turn shows), ``reset``, ``stuck``
(the table's, no player) and ``call``.

>>> coded, pairs = code_deal(DEAL.decode(b'{"layout": {"seats": []}, "events": [{"type": "found", '
...                          b'"player": 0, "card": "0#AS", "from": "nertz", "to": 0, "t": 5}]}'))
>>> coded.events, pairs
(((0, 0, 0, -1, 0, 5),), 9)
>>> event_json((1, 1, 74, 2, 0, None))
{'type': 'work', 'player': 1, 'card': '1#10H', 'from': 'w2', 'to': 0}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import attrs
import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..core.checks import count_pairs, index_value, is_time
from ..logs.wire import Index, Time
from .cards import canonical, owned_code, owned_spellings, owned_text
from .kernel import CALL, FOUND, KIND_NAMES, RESET, STUCK, TURN, WORK, source_code, source_name

if TYPE_CHECKING:
    OwnedText = str
    Source = str
else:  # every spelling of an owned card, every source: msgspec refuses any other string in C
    OwnedText = Literal[tuple(owned_spellings())]
    Source = Literal[("nertz", "waste", *(f"w{j}" for j in range(8)))]
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

_KINDS: dict[Any, int] = {WireFound: FOUND, WireWork: WORK, WireTurn: TURN, WireReset: RESET, WireStuck: STUCK,
                          WireCall: CALL}

_PAIRS: dict[Any, int] = {WireFound: 5, WireWork: 5, WireTurn: 3, WireReset: 2, WireStuck: 1, WireCall: 2}
"""The keys an event of each type holds besides its ``t``."""

Event = tuple[int, int, Any, Any, Any, Any]


@attrs.frozen(slots=True)
class NertzHand:
    """One hand of a checked log, coded: each seat's Nertz pile and stock (top card LAST, as the
    kernel holds them), its work piles (one card each) and the events."""

    nertz: tuple[tuple[int, ...], ...]
    work: tuple[tuple[int, ...], ...]
    stock: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]


def _index(value: int | float) -> int:
    """A seat or a pile as an int, or a ``ValueError`` (:func:`~speedrules.core.checks.index_value`)."""
    index = index_value(value)
    if index is None:
        raise ValueError(f"not an index: {value!r}")
    return index


def code_event(e: Any) -> Event:
    """One wire event (its shape checked by msgspec, its values here) coded ``(kind, player, card,
    src, dst, t)``; a ``ValueError`` for a value the format refuses."""
    kind = _KINDS[type(e)]
    t = None if e.t is UNSET else e.t
    if t is not None and not is_time(t):
        raise ValueError(f"not a time: {t!r}")
    if kind == STUCK:
        return kind, -1, None, None, None, t
    player = _index(e.player)
    if kind == TURN:
        return kind, player, owned_code(e.card), None, None, t
    if kind in (FOUND, WORK):
        return kind, player, owned_code(e.card), source_code(e.src), _index(e.to), t
    return kind, player, None, None, None, t


def code_deal(deal: WireHand) -> tuple[NertzHand, int]:
    """A hand coded for the kernel, and the key-value pairs its JSON objects hold."""
    seats = deal.layout.seats
    nertz = tuple(tuple(owned_code(c) for c in reversed(s.nertz)) for s in seats)
    work = tuple(tuple(owned_code(c) for c in s.work) for s in seats)
    stock = tuple(tuple(owned_code(c) for c in reversed(s.stock)) for s in seats)
    events = tuple(code_event(e) for e in deal.events)
    pairs = 3 + (deal.meta is not UNSET) + 3 * len(seats)
    if deal.meta is not UNSET:
        pairs += count_pairs(deal.meta)
    for e in deal.events:
        pairs += _PAIRS[type(e)] + (e.t is not UNSET)
    return NertzHand(nertz, work, stock, events), pairs


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
