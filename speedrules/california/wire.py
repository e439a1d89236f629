"""The wire form of a California Speed log's deals (msgspec structs decoded in C), their values
checked and coded for the kernel, the canonical form and the one writer of a coded event.

A deal is ``{"layout": {"piles": [[cards, top first] per seat], "rows": [[cards, position 0
first] per seat], "aside": [cards]}, "events": [...]}``: the layout as the deal leaves it once
every seat has laid its first row (``aside``, optional, holds the cards an uneven deal sets
aside).  Events (docs/log-format.md, "California Speed logs"): ``{"type": "cover", "player": P,
"row": R, "col": C, "card": CARD, "t": MS}`` and ``{"type": "relay", "rows": [[cards] per seat],
"t": MS}`` (``rows`` is ``[]`` for the relay that finds a dead end).

>>> text = (b'{"layout": {"piles": [["2C"], ["3D"]], "rows": [["AH"], ["AS"]]}, "events": '
...         b'[{"type": "cover", "player": 0, "row": 1, "col": 0, "card": "2C"}]}')
>>> coded, pairs = code_deal(DEAL.decode(text))
>>> coded.piles, coded.rows, coded.events, pairs
(((40,), (28,)), ((13,), (0,)), ((96, 0, 40, 1, 0, None),), 9)
>>> event_json((97, -1, ((1, 2), (3, 4)), None, None, 25))
{'type': 'relay', 'rows': [['2S', '3S'], ['4S', '5S']], 't': 25}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Union

import attrs
import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..core.cards import CODE_OF_TEXT, canonical_stacks, canonical_text
from ..core.checks import MAX_INDEX, MAX_TIME, count_pairs, index_value, is_time
from ..logs.wire import CardText, WireLog
from .actions import decode
from .kernel import COVER, RELAY

Index = Annotated[int, Meta(ge=0, le=MAX_INDEX)] | Annotated[float, Meta(ge=0, le=MAX_INDEX, multiple_of=1)]
"""A seat or a position: a whole number from 0 to :data:`~speedrules.core.checks.MAX_INDEX` (``1.0`` counts)."""
Time = Annotated[int, Meta(ge=0, le=MAX_TIME)] | Annotated[float, Meta(ge=0, le=MAX_TIME)] | UnsetType
"""Milliseconds from 0 to :data:`~speedrules.core.checks.MAX_TIME` (a float checked again: no NaN)."""
Cards = Annotated[list[CardText], Meta(max_length=104)]


class _Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, gc=False):
    pass


class WireCover(_Event, tag="cover"):
    player: Index
    row: Index
    col: Index
    card: CardText
    t: Time = UNSET


class WireRelay(_Event, tag="relay"):
    rows: Annotated[list[Annotated[list[CardText], Meta(max_length=8)]], Meta(max_length=4)]
    t: Time = UNSET


class WireLayout(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    piles: Annotated[list[Cards], Meta(min_length=2, max_length=4)]
    rows: Annotated[list[Annotated[list[CardText], Meta(min_length=1, max_length=8)]], Meta(min_length=2,
                                                                                             max_length=4)]
    aside: Cards | UnsetType = UNSET


class WireDeal(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    layout: WireLayout
    events: list[Union[WireCover, WireRelay]]  # noqa: UP007
    meta: dict[Any, Any] | UnsetType = UNSET


DEAL = msgspec.json.Decoder(WireDeal)
"""JSON text of one deal to its :class:`WireDeal` (for examples and tests)."""


@attrs.frozen(slots=True)
class CaliforniaDeal:
    """One deal of a checked log, coded: each seat's pile (top card LAST, as the kernel holds
    it), each seat's row (position 0 first), the cards set aside and the coded events."""

    piles: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    aside: tuple[int, ...]
    events: tuple[tuple[Any, ...], ...]


def _index(value: Any) -> int:
    index = index_value(value)
    if index is None:
        raise ValueError(f"an index is a whole number from 0, not {value!r}")
    return index


def _time(value: Any) -> float | int | None:
    if value is UNSET:
        return None
    if not is_time(value):
        raise ValueError(f"a time is a number of milliseconds from 0 on, not {value!r}")
    t: float | int = value
    return t


def code_deal(wire: WireDeal) -> tuple[CaliforniaDeal, int]:
    """A deal's wire struct checked for its values and coded, and the key-value pairs its objects
    held (the reader's count of repeated keys); a ``ValueError`` for a value the format refuses.
    (The common values, whole numbers in range, are taken on the spot; any other goes through
    :mod:`speedrules.core.checks`.)"""
    codes = CODE_OF_TEXT
    events: list[tuple[Any, ...]] = []
    append = events.append
    pairs = 4 + (wire.layout.aside is not UNSET) + (0 if wire.meta is UNSET else 1 + count_pairs(wire.meta))
    for e in wire.events:
        t: Any = e.t
        if t is UNSET:
            t, held = None, 2
        else:
            held = 3
            if type(t) is not int:  # (an int is in range: its struct says so)
                t = _time(t)
        if type(e) is WireCover:
            player, row, col = e.player, e.row, e.col
            if type(player) is not int:  # (a float, whole and in range by its struct: as an int)
                player = _index(player)
            if type(row) is not int:
                row = _index(row)
            if type(col) is not int:
                col = _index(col)
            append((COVER, player, codes[e.card], row, col, t))
            pairs += held + 3
        else:
            append((RELAY, -1, tuple([tuple([codes[c] for c in row]) for row in e.rows]), None, None, t))  # type: ignore[union-attr]
            pairs += held
    layout = wire.layout
    piles = tuple(tuple(codes[c] for c in reversed(pile)) for pile in layout.piles)
    rows = tuple(tuple(codes[c] for c in row) for row in layout.rows)
    aside = () if layout.aside is UNSET else tuple(codes[c] for c in layout.aside)
    return CaliforniaDeal(piles, rows, aside, tuple(events)), pairs


def canonical_deal(deal: Mapping[str, Any]) -> dict[str, Any]:
    """A valid deal in canonical form: card texts canonical, keys in a fixed order, indices ints.

    >>> canonical_deal({"events": [{"col": 1.0, "card": "th", "row": 0, "player": 1, "type": "cover"}],
    ...                 "layout": {"rows": [["as"], ["ah"]], "piles": [["2c"], ["3c"]]}})["events"]
    [{'type': 'cover', 'player': 1, 'row': 0, 'col': 1, 'card': '10H'}]
    """
    events = []
    for ev in deal["events"]:
        out: dict[str, Any] = {"type": ev["type"]}
        if ev["type"] == "cover":
            out.update(player=int(ev["player"]), row=int(ev["row"]), col=int(ev["col"]),
                       card=canonical_text(ev["card"]))
        else:
            out["rows"] = canonical_stacks(ev["rows"])
        if "t" in ev:
            out["t"] = ev["t"]
        events.append(out)
    layout = deal["layout"]
    canon_layout: dict[str, Any] = {"piles": canonical_stacks(layout["piles"]),
                                    "rows": canonical_stacks(layout["rows"])}
    if "aside" in layout:
        canon_layout["aside"] = [canonical_text(c) for c in layout["aside"]]
    canon: dict[str, Any] = {"layout": canon_layout, "events": events}
    if "meta" in deal:
        canon["meta"] = deal["meta"]
    return canon


def event_json(event: tuple[Any, ...]) -> dict[str, Any]:
    """The log event of a coded event, its keys in the order a log writes them: the action's own
    ``to_json`` (:mod:`speedrules.california.actions`), the one writer."""
    action, t = decode(event)
    return action.to_json(t)


def log_schema() -> dict[str, Any]:
    """The JSON Schema of a California Speed log (the envelope, its deals of this form)."""
    schema: dict[str, Any] = msgspec.json.schema(WireLog[WireDeal])
    return schema
