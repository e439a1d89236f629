"""California Speed's actions, their short notation and their coding for the kernel.

A :class:`Cover` deals the top card of a seat's pile onto a matched card of the layout; a
:class:`Relay` is the table's re-lay when nothing may be covered.  ``str(action)`` is the
notation :func:`parse_california_action` reads back: ``0:7H>1.2`` (seat 0 covers row 1,
position 2 with the 7 of hearts; ``0>1.2`` names no card: the top of the pile, whatever it is)
and ``relay``.

>>> parse_california_action("0:7H>1.2")
Cover(player=0, row=1, col=2, card=Card.parse('7H'))
>>> str(Cover(1, 0, 3)), encode(Cover(1, 0, 3)), str(Relay())
('1>0.3', (96, 1, None, 0, 3), 'relay')
>>> decode((97, -1, ((0, 1), (2, 3)), None, None, 50))
(Relay(rows=((Card.parse('AS'), Card.parse('2S')), (Card.parse('3S'), Card.parse('4S')))), 50)
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from ..core.cards import Card, optional_card
from ..core.checks import notation_text
from ..core.errors import InvalidActionError, brief
from .kernel import COVER, RELAY

Time = float | int | None

_COVER = re.compile(r"(\d{1,3})(?::([^>]{1,4}))?>(\d{1,3})\.(\d{1,3})")


def _rows(value: Any) -> tuple[tuple[Card, ...], ...] | None:
    if value is None:
        return None
    return tuple(tuple(Card.parse(c) if isinstance(c, str) else c for c in row) for row in value)


@attrs.frozen
class Cover:
    """Seat ``player`` deals the top card of its pile onto the stack at row ``row`` (the row in
    front of that seat), position ``col``; ``card`` names that card (``None``: whatever it is;
    the game records it)."""

    player: int
    row: int
    col: int
    card: Card | None = attrs.field(default=None, converter=optional_card)

    def __str__(self) -> str:
        card = "" if self.card is None else f":{self.card}"
        return f"{self.player}{card}>{self.row}.{self.col}"

    def describe(self) -> str:
        card = "the top card of their pile" if self.card is None else str(self.card)
        return f"player {self.player} covers row {self.row} position {self.col} with {card}"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "cover", "player": self.player, "row": self.row, "col": self.col}
        if self.card is not None:
            out["card"] = str(self.card)
        return out if t is None else {**out, "t": t}


@attrs.frozen
class Relay:
    """The table's re-lay: every seat gathers its row under its pile and lays a new row.
    ``rows`` names the cards laid, per seat, position 0 first (``()`` at a dead end; ``None``:
    whatever the rules lay, recorded by the game)."""

    rows: tuple[tuple[Card, ...], ...] | None = attrs.field(default=None, converter=_rows)

    def __str__(self) -> str:
        return "relay"

    def describe(self) -> str:
        if self.rows == ():
            return "the rows are gathered again to no purpose: a dead end"
        return "the rows are gathered and laid again"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "relay"}
        if self.rows is not None:
            out["rows"] = [[str(c) for c in row] for row in self.rows]
        return out if t is None else {**out, "t": t}


CaliforniaAction = Cover | Relay


def parse_california_action(text: str) -> CaliforniaAction:
    """The action a notation names (``str(action)``): ``P:CARD>R.C``, ``P>R.C`` or ``relay``."""
    text = notation_text(text, "California Speed action")
    if text == "relay":
        return Relay()
    found = _COVER.fullmatch(text)
    if found is None:
        raise InvalidActionError(f"not a California Speed action: {brief(text)} (a cover is P:CARD>ROW.COL or "
                                 "P>ROW.COL; the re-lay is relay)")
    player, card, row, col = found.groups()
    return Cover(int(player), int(row), int(col), None if card is None else Card.parse(card))


def encode(action: Any) -> tuple[int, int, Any, Any, Any]:
    """``(kind, player, x, y, z)`` of an action (or its notation), as the kernel judges it."""
    if isinstance(action, str):
        action = parse_california_action(action)
    if isinstance(action, Cover):
        if type(action.player) is not int or type(action.row) is not int or type(action.col) is not int:
            raise InvalidActionError(f"a cover's player, row and position are ints: {action!r}")
        return COVER, action.player, None if action.card is None else action.card.code, action.row, action.col
    if isinstance(action, Relay):
        rows = None if action.rows is None else tuple(tuple(c.code for c in row) for row in action.rows)
        return RELAY, -1, rows, None, None
    raise InvalidActionError(f"not a California Speed action: {brief(action)}")


def decode(event: tuple[Any, ...]) -> tuple[CaliforniaAction, Time]:
    """The action and time of a coded event (:func:`encode`'s inverse)."""
    kind, player, x, row, col, t = event
    if kind == COVER:
        return Cover(player, row, col, None if x is None else Card.from_code(x)), t
    rows = None if x is None else tuple(tuple(Card.from_code(c) for c in r) for r in x)
    return Relay(rows), t
