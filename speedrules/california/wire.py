"""The wire form of a California Speed log's deals (msgspec structs decoded in C, their values
checked and coded for the kernel by :mod:`speedrules.california.coding`), the canonical form and
the one writer of a coded event.

A deal is ``{"layout": {"piles": [[cards, top first] per seat], "rows": [[cards, position 0
first] per seat], "aside": [cards]}, "events": [...]}``: the layout as the deal leaves it once
every seat has laid its first row (``aside``, optional, holds the cards an uneven deal sets
aside).  Events (docs/log-format.md, "California Speed logs"): ``{"type": "cover", "player": P,
"row": R, "col": C, "card": CARD, "t": MS}`` and ``{"type": "relay", "rows": [[cards] per seat],
"t": MS}`` (``rows`` is ``[]`` for the relay that finds a dead end).

>>> DEAL.decode(b'{"layout": {"piles": [["2C"], ["3D"]], "rows": [["AH"], ["AS"]]}, "events": []}').layout.rows
[['AH'], ['AS']]
>>> event_json((97, -1, ((1, 2), (3, 4)), None, None, 25))
{'type': 'relay', 'rows': [['2S', '3S'], ['4S', '5S']], 't': 25}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Union

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ..core.cards import canonical_stacks, canonical_text
from ..logs.wire import CardText, Index, Time, WireLog
from .actions import decode

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
    rows: Annotated[list[Annotated[list[CardText], Meta(max_length=8)]], Meta(max_length=5)]
    t: Time = UNSET


class WireLayout(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    piles: Annotated[list[Cards], Meta(min_length=2, max_length=5)]
    rows: Annotated[list[Annotated[list[CardText], Meta(min_length=1, max_length=8)]], Meta(min_length=2,
                                                                                             max_length=5)]
    aside: Cards | UnsetType = UNSET


class WireDeal(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    layout: WireLayout
    events: list[Union[WireCover, WireRelay]]  # noqa: UP007
    meta: dict[Any, Any] | UnsetType = UNSET


class CaliforniaDeal(msgspec.Struct, frozen=True, gc=False):
    """One deal of a checked log, coded (:func:`speedrules.california.coding.code_deal`): each
    seat's pile (top card LAST, as the kernel holds it), each seat's row (position 0 first), the
    cards set aside and the coded events.  A struct, made in C: a frozen attrs class's
    ``__init__`` took seven times as long, once every judged deal."""

    piles: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    aside: tuple[int, ...]
    events: tuple[tuple[Any, ...], ...]


DEAL = msgspec.json.Decoder(WireDeal)
"""JSON text of one deal to its :class:`WireDeal` (for examples and tests)."""


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
