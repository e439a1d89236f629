"""A dealt layout: hands, draw stacks, starters and reserves, in one frozen value.

Stacks are listed top card first, as in ``speedrules deal --json`` and in logs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .cards import Card
from .errors import CardError


@attrs.frozen(slots=True)
class Layout:
    """The cards as dealt: per seat a hand and a draw stack; per centre pile a starter and a reserve.

    >>> Layout.from_json(layout.to_json()) == layout  # doctest: +SKIP
    True
    """

    hands: tuple[tuple[Card, ...], ...]
    draw: tuple[tuple[Card, ...], ...]
    starters: tuple[Card, ...]
    reserves: tuple[tuple[Card, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """The layout as plain data: ``{"hands", "draw", "starters", "reserves"}`` of card texts."""
        return {
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "draw": [[str(c) for c in stack] for stack in self.draw],
            "starters": [str(c) for c in self.starters],
            "reserves": [[str(c) for c in stack] for stack in self.reserves],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Layout:
        """Read a layout from plain data (the form :meth:`to_json` writes).

        Raises :class:`~speedrules.errors.CardError` (a ``ValueError``) naming a bad card,
        or ``ValueError`` for a missing or mis-shaped field.
        """
        try:
            return cls(
                hands=tuple(tuple(Card.parse(c) for c in hand) for hand in data["hands"]),
                draw=tuple(tuple(Card.parse(c) for c in stack) for stack in data["draw"]),
                starters=tuple(Card.parse(c) for c in data["starters"]),
                reserves=tuple(tuple(Card.parse(c) for c in stack) for stack in data["reserves"]),
            )
        except CardError:
            raise
        except (KeyError, TypeError) as err:
            raise ValueError(f"not a layout: {err}") from None

    def all_cards(self) -> list[Card]:
        """Every card in the layout (a multiset)."""
        out: list[Card] = [c for hand in self.hands for c in hand]
        out += [c for stack in self.draw for c in stack]
        out += list(self.starters)
        out += [c for stack in self.reserves for c in stack]
        return out
