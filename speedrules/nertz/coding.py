"""The coding of a Nertz log's hands: a hand's wire struct (:mod:`speedrules.nertz.wire`, its
shape checked by msgspec) checked for its values and coded for the kernel in one pass (owned
cards, sources, indices, times); compiled with the optional build, as Speed's and California
Speed's codings are (interpreted, it was about a third of what judging a Nertz log cost).

>>> from speedrules.nertz.wire import DEAL
>>> coded, pairs = code_deal(DEAL.decode(b'{"layout": {"seats": []}, "events": [{"type": "found", '
...                          b'"player": 0, "card": "0#AS", "from": "nertz", "to": 0, "t": 5}]}'))
>>> coded.events, pairs
(((0, 0, 0, -1, 0, 5),), 9)
"""

from __future__ import annotations

from typing import Any, Final

import attrs
from msgspec import UNSET
from msgspec.structs import astuple

from ..core.checks import count_pairs, index_value, is_time
from .cards import owned_code, owned_spellings
from .kernel import CALL, FOUND, RESET, STUCK, TURN, WORK, source_code
from .wire import SOURCES, WireFound, WireHand, WireReset, WireStuck, WireTurn, WireWork

Event = tuple[int, int, Any, Any, Any, Any]
"""A coded event, ``(kind, player, card, src, dst, t)`` (:mod:`speedrules.nertz.kernel`)."""

# Final aliases of the globals read once an event: the compiled build keeps a Final in a C
# static, and looks any other module global up by name in the module's dict at each use.
_UNSET: Final = UNSET
_ASTUPLE: Final = astuple
_WIRE_FOUND: Final = WireFound
_WIRE_WORK: Final = WireWork
_WIRE_TURN: Final = WireTurn
_WIRE_RESET: Final = WireReset
_WIRE_STUCK: Final = WireStuck
_OWNED: Final[dict[str, Any]] = {text: owned_code(text) for text in owned_spellings()}
"""Each spelling of an owned card (all the wire struct lets through) and its code."""
_SOURCES: Final[dict[str, Any]] = {text: source_code(text) for text in SOURCES}
"""Each spelling of a source the wire struct lets through and its code."""


@attrs.frozen(slots=True)
class NertzHand:
    """One hand of a checked log, coded: each seat's Nertz pile and stock (top card LAST, as the
    kernel holds them), its work piles (one card each) and the events."""

    nertz: tuple[tuple[int, ...], ...]
    work: tuple[tuple[int, ...], ...]
    stock: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]


def _index(value: Any) -> Any:
    """A seat or a pile as an int (an int the struct let through is one already), or a
    ``ValueError`` (:func:`~speedrules.core.checks.index_value`)."""
    if type(value) is int:
        return value
    index = index_value(value)
    if index is None:
        raise ValueError(f"not an index: {value!r}")
    return index


def _event(kind: type, fields: tuple[Any, ...], t: Any) -> Event:
    """One wire event's fields (``astuple``, its time last) coded ``(kind, player, card, src,
    dst, t)``; a ``ValueError`` for a value the format refuses."""
    if kind is _WIRE_TURN:
        return TURN, _index(fields[0]), _OWNED[fields[1]], None, None, t
    if kind is _WIRE_FOUND or kind is _WIRE_WORK:
        return (FOUND if kind is _WIRE_FOUND else WORK, _index(fields[0]), _OWNED[fields[1]], _SOURCES[fields[2]],
                _index(fields[3]), t)
    if kind is _WIRE_STUCK:
        return STUCK, -1, None, None, None, t
    return RESET if kind is _WIRE_RESET else CALL, _index(fields[0]), None, None, None, t


def code_deal(deal: WireHand) -> tuple[NertzHand, int]:
    """A hand coded for the kernel, and the key-value pairs its JSON objects hold."""
    events: list[Event] = []
    pairs = 3 if deal.meta is _UNSET else 4 + count_pairs(deal.meta)
    for e in deal.events:
        # Every field in one C call, not one attribute lookup each: the time last in every event
        fields: tuple[Any, ...] = _ASTUPLE(e)
        t: Any = fields[-1]
        pairs += len(fields)  # its type and its fields, the time counted below
        if t is _UNSET:
            t = None
        else:
            pairs += 1
            if type(t) is not int and not is_time(t):
                raise ValueError(f"not a time: {t!r}")
        events.append(_event(type(e), fields, t))
    owned = _OWNED
    seats = deal.layout.seats
    pairs += 3 * len(seats)
    nertz = tuple([tuple([owned[c] for c in s.nertz[::-1]]) for s in seats])
    work = tuple([tuple([owned[c] for c in s.work]) for s in seats])
    stock = tuple([tuple([owned[c] for c in s.stock[::-1]]) for s in seats])
    return NertzHand(nertz, work, stock, tuple(events)), pairs
