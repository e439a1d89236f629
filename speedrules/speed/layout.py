"""A dealt layout: hands, draw stacks, starters and reserves, in one frozen value.

Stacks are listed top card first, as in ``speedrules deal --json`` and in logs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import msgspec

from ..core.cards import Card
from ..core.errors import CardError
from .coding import CompiledEvent
from .coding import layout_json as layout_json


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    """A stack of cards (card texts parsed), or a :class:`CardError` naming the field."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise CardError(value, f"not a stack of cards ({field})")
    if type(value) is tuple and all(type(c) is Card for c in value):
        return value
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in value)


def _stacks(value: Any, field: str) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise CardError(value, f"not a sequence of stacks of cards ({field})")
    return tuple(_cards(stack, field) for stack in value)


def _hands(value: Any) -> tuple[tuple[Card, ...], ...]:
    return _stacks(value, "hands")


def _draw(value: Any) -> tuple[tuple[Card, ...], ...]:
    return _stacks(value, "draw")


def _starters(value: Any) -> tuple[Card, ...]:
    return _cards(value, "starters")


def _reserves(value: Any) -> tuple[tuple[Card, ...], ...]:
    return _stacks(value, "reserves")


@attrs.frozen(slots=True)
class Layout:
    """The cards as dealt: per seat a hand and a draw stack; per centre pile a starter and a reserve.

    >>> layout = Layout(hands=[["JC"], ["KD"]], draw=[["4D"], ["AD"]], starters=["AH", "QH"],
    ...                 reserves=[["3C"], ["4H"]])
    >>> layout.starters
    (Card.parse('AH'), Card.parse('QH'))
    >>> layout.to_json()["hands"]
    [['JC'], ['KD']]
    >>> Layout.from_json(layout.to_json()) == layout
    True
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    draw: tuple[tuple[Card, ...], ...] = attrs.field(converter=_draw)
    starters: tuple[Card, ...] = attrs.field(converter=_starters)
    reserves: tuple[tuple[Card, ...], ...] = attrs.field(converter=_reserves)

    def to_json(self) -> dict[str, Any]:
        """The layout as plain data: ``{"hands", "draw", "starters", "reserves"}`` of card texts."""
        def codes(stacks: tuple[tuple[Card, ...], ...]) -> list[list[int]]:
            return [[c.code for c in stack] for stack in stacks]

        return layout_json(codes(self.hands), codes(self.draw), [c.code for c in self.starters], codes(self.reserves))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Layout:
        """Read a layout from plain data (the form :meth:`to_json` writes).

        Raises :class:`~speedrules.core.errors.CardError` (a ``ValueError``) naming a bad card
        or a field that is missing or not a stack.
        """
        if not isinstance(data, Mapping):
            raise CardError(data, "not a layout (a mapping of hands, draw, starters, reserves)")
        missing = [key for key in ("hands", "draw", "starters", "reserves") if key not in data]
        if missing:
            raise CardError(dict(data), f"not a layout: it has no {', '.join(missing)}")
        return cls(hands=data["hands"], draw=data["draw"], starters=data["starters"], reserves=data["reserves"])

    def all_cards(self) -> list[Card]:
        """Every card in the layout (a multiset)."""
        out: list[Card] = [c for hand in self.hands for c in hand]
        out += [c for stack in self.draw for c in stack]
        out += list(self.starters)
        out += [c for stack in self.reserves for c in stack]
        return out




class CompiledDeal(msgspec.Struct, frozen=True, gc=False):
    """One deal of a Speed log, checked and integer-coded (:func:`speedrules.speed.coding.code_deal`):
    the layout's stacks (top first) and the events, as :attr:`speedrules.Log.deals` holds them."""

    hands: tuple[tuple[int, ...], ...]
    draw: tuple[tuple[int, ...], ...]
    starters: tuple[int, ...]
    reserves: tuple[tuple[int, ...], ...]
    events: tuple[CompiledEvent, ...]

    def layout(self) -> Layout:
        """The layout as cards."""
        def cards(stack: Iterable[int]) -> tuple[Card, ...]:
            return tuple(Card.from_code(c) for c in stack)

        return Layout(hands=tuple(cards(h) for h in self.hands), draw=tuple(cards(d) for d in self.draw),
                      starters=cards(self.starters), reserves=tuple(cards(r) for r in self.reserves))
