"""The coding of a California Speed log's deals: a deal's wire struct
(:mod:`speedrules.california.wire`, its shape checked by msgspec) checked for its values and
coded for the kernel, in one step; compiled with the optional build, as Speed's coding is
(interpreted, it was about two fifths of a short log's cost once the kernel was compiled).

>>> from speedrules.california.wire import DEAL
>>> text = (b'{"layout": {"piles": [["2C"], ["3D"]], "rows": [["AH"], ["AS"]]}, "events": '
...         b'[{"type": "cover", "player": 0, "row": 1, "col": 0, "card": "2C"}]}')
>>> coded, pairs = code_deal(DEAL.decode(text))
>>> coded.piles, coded.rows, coded.events, pairs
(((40,), (28,)), ((13,), (0,)), ((96, 0, 40, 1, 0, None),), 9)
"""

from __future__ import annotations

from typing import Any, Final

from msgspec import UNSET
from msgspec.structs import astuple

from ..core.cards import CODE_OF_TEXT
from ..core.checks import count_pairs, index_value, is_time
from .kernel import COVER, RELAY
from .wire import CaliforniaDeal as CaliforniaDeal
from .wire import WireCover, WireDeal

# Final aliases of the globals read once an event: the compiled build keeps a Final in a C
# static, and looks any other module global up by name in the module's dict at each use.
_UNSET: Final = UNSET
_CODES: Final[dict[str, Any]] = CODE_OF_TEXT
_ASTUPLE: Final = astuple
_WIRE_COVER: Final = WireCover


def _index(value: Any) -> int:
    index = index_value(value)
    if index is None:
        raise ValueError(f"an index is a whole number from 0, not {value!r}")
    return index


def _time(value: Any) -> Any:
    if not is_time(value):
        raise ValueError(f"a time is a number of milliseconds from 0 on, not {value!r}")
    return value


def _codes(cards: list[str]) -> tuple[int, ...]:
    codes = _CODES
    return tuple([codes[c] for c in cards])


def code_deal(wire: WireDeal) -> tuple[CaliforniaDeal, int]:
    """A deal's wire struct checked for its values and coded, and the key-value pairs its objects
    held (the reader's count of repeated keys); a ``ValueError`` for a value the format refuses.
    (An int is in range and a float whole where it must be: the struct says so; a float index
    is made an int, and a float time checked for what JSON cannot hold.)"""
    codes = _CODES
    events: list[tuple[Any, ...]] = []
    pairs = 4 + (0 if wire.layout.aside is _UNSET else 1) + (0 if wire.meta is _UNSET else
                                                              1 + count_pairs(wire.meta))
    for e in wire.events:
        # Every field in one C call, not one attribute lookup each: a cover's fields are
        # (player, row, col, card, t), a relay's (rows, t) (speedrules.california.wire)
        fields: tuple[Any, ...] = _ASTUPLE(e)
        t: Any = fields[-1]
        if t is _UNSET:
            t = None
            pairs += 2
        else:
            pairs += 3
            if type(t) is not int:
                t = _time(t)
        if type(e) is _WIRE_COVER:
            player: Any = fields[0]
            row: Any = fields[1]
            col: Any = fields[2]
            if type(player) is not int:
                player = _index(player)
            if type(row) is not int:
                row = _index(row)
            if type(col) is not int:
                col = _index(col)
            events.append((COVER, player, codes[fields[3]], row, col, t))
            pairs += 3
        else:
            rows: list[list[str]] = fields[0]
            events.append((RELAY, -1, tuple([_codes(r) for r in rows]), None, None, t))
    layout = wire.layout
    piles = tuple([tuple([codes[c] for c in pile[::-1]]) for pile in layout.piles])
    laid = tuple([_codes(r) for r in layout.rows])
    aside: tuple[int, ...] = () if layout.aside is _UNSET else _codes(layout.aside)
    return CaliforniaDeal(piles, laid, aside, tuple(events)), pairs
