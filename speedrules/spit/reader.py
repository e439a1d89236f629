"""The Spit reader: a Spit log's rounds, decoded into the wire structs of
:mod:`speedrules.spit.wire` (their shape checked by msgspec in C), checked for their values
(:mod:`speedrules.core.checks`: indices, times) and coded for the kernel, in one step.

A Spit log is the same envelope as a Speed log (``format``, ``variant``, ``players``,
``meta``, ``deals``); each deal is one **round** of one game, its ``layout`` the round's rows
and spit piles (``{"stock": [[[cards] per pile] per player], "spit": [[cards] per player]}``,
every stack top card first) and its ``events`` those of docs/log-format.md's Spit section:
``spit``, ``play``, ``move``, ``pair``, ``slap``, ``choose``, ``jam``.  The referee judges the
rounds in order (:mod:`speedrules.judge.judging`), each laid against what each player took
from the round before (rule ``spit.layout.cards``; :mod:`speedrules.spit.scoring`).

>>> from speedrules.spit.wire import ROUND
>>> coded, pairs = code_round(ROUND.decode(b'{"layout": {"stock": [[["AH"]], [["2C"]]], "spit": [["3D"], []]},'
...                                        b' "events": [{"type": "play", "player": 0, "stock": 0, "pile": 1.0}]}'))
>>> coded.events, pairs
(((1, 0, 0, 1, None, None),), 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs
from msgspec import UNSET
from msgspec.structs import astuple

from ..core.cards import CODE_OF_TEXT, canonical_stacks, canonical_text
from ..core.checks import count_pairs, index_value, is_time
from .kernel import JAM, MOVE, PAIR, PLAY, SPIT
from .wire import KIND_OF_STRUCT, SpitWireLayout, SpitWireRound
from .wire import SpitEvent as SpitEvent

_UNSET: Final = UNSET  # (Finals: the compiled build keeps them in C statics, not the module's dict)
_CODE_OF_TEXT: Final = CODE_OF_TEXT
_ASTUPLE: Final = astuple
_KINDS: Final = KIND_OF_STRUCT

Codes = tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...]]
"""A round's layout as codes: each player's piles (top first) and spit pile (top first)."""


@attrs.frozen(slots=True)
class SpitRound:
    """One round of a checked Spit log, coded: each player's stock piles and spit pile (top
    card first, as the log gives them) and the events (:data:`~speedrules.spit.wire.SpitEvent`)."""

    stock: tuple[tuple[tuple[int, ...], ...], ...]
    spit: tuple[tuple[int, ...], ...]
    events: tuple[SpitEvent, ...]

    @property
    def codes(self) -> Codes:
        """The layout as :meth:`speedrules.SpitLayout.from_codes` takes it."""
        return self.stock, self.spit


class MalformedRound(ValueError):
    """A value the wire structs let through but the log format does not (an index or a time)."""


def _index(value: Any) -> int:
    index = index_value(value)
    if index is None:
        raise MalformedRound(value)
    return index


def code_event(fields: tuple[Any, ...], kind: int) -> tuple[SpitEvent, int]:
    """One wire event's fields (``astuple``, the time last) checked and coded, and the key-value
    pairs its object held."""
    t = fields[-1]
    if t is _UNSET:
        t = None
    elif not is_time(t):
        raise MalformedRound(t)
    pairs = 1  # its type, and every field it gave
    for value in fields:
        if value is not _UNSET:
            pairs += 1
    if kind in (PLAY, MOVE, PAIR):
        card = fields[3]
        return (kind, _index(fields[0]), _index(fields[1]), _index(fields[2]),
                None if card is _UNSET else _CODE_OF_TEXT[card], t), pairs
    if kind == SPIT:
        return (SPIT, -1, -1 if fields[0] is _UNSET else _index(fields[0]), -1, None, t), pairs
    if kind == JAM:
        return (JAM, -1, -1, -1, None, t), pairs
    return (kind, _index(fields[0]), _index(fields[1]), -1, None, t), pairs  # a slap or a choice


def _layout_codes(layout: SpitWireLayout) -> Codes:
    codes = _CODE_OF_TEXT
    rows = tuple(tuple(tuple(codes[c] for c in pile) for pile in row) for row in layout.stock)
    return rows, tuple(tuple(codes[c] for c in pile) for pile in layout.spit)


def code_round(wire: SpitWireRound) -> tuple[SpitRound, int]:
    """A round's wire struct (its shape checked by msgspec) checked for its values and coded, and
    the key-value pairs its objects held (for the reader's count of repeated keys); a
    :class:`MalformedRound` for a value the log format does not allow."""
    events = []
    pairs = 4 + (0 if wire.meta is _UNSET else 1 + count_pairs(wire.meta))  # layout, events, stock, spit
    kinds = _KINDS
    for event in wire.events:
        coded, held = code_event(_ASTUPLE(event), kinds[type(event)])
        events.append(coded)
        pairs += held
    rows, spits = _layout_codes(wire.layout)
    return SpitRound(rows, spits, tuple(events)), pairs


# ---------------------------------------------------------------------- canonical form


_EVENT_KEYS = ("player", "stock", "card", "pile", "to", "t")
"""A Spit event's keys in the order the canonical form writes them (after its type)."""


def canonical_round(deal: Mapping[str, Any]) -> dict[str, Any]:
    """A valid round of a Spit log in canonical form: card texts canonical, keys in a fixed order,
    integral floats (``1.0``) as ints for seats and piles (stock and centre piles alike).

    >>> canonical_round({"events": [{"to": 2.0, "stock": 1.0, "type": "move", "player": 0}],
    ...                  "layout": {"stock": [[["th"]], [["2c"]]], "spit": [[], []]}})["events"]
    [{'type': 'move', 'player': 0, 'stock': 1, 'to': 2}]
    """
    layout = deal["layout"]
    events = []
    for ev in deal["events"]:
        out: dict[str, Any] = {"type": ev["type"]}
        for key in _EVENT_KEYS:
            if key in ev:
                value = ev[key]
                out[key] = canonical_text(value) if key == "card" else value if key == "t" else int(value)
        events.append(out)
    canon: dict[str, Any] = {"layout": {"stock": [canonical_stacks(row) for row in layout["stock"]],
                                        "spit": canonical_stacks(layout["spit"])}, "events": events}
    if "meta" in deal:
        canon["meta"] = deal["meta"]
    return canon

