"""Spit's actions: the things players do in a round of Spit, as frozen values, and their short
notation (:func:`parse_spit_action`).  :meth:`speedrules.SpitGame.apply` applies one, or raises
:class:`~speedrules.core.errors.IllegalActionError` naming the broken rule.

>>> StockPlay(0, 2, 1), str(StockPlay(0, 2, 1, "7h"))
(StockPlay(player=0, stock=2, pile=1, card=None), '0:2(7H)>1')
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from ..core.cards import Card, optional_card
from ..core.checks import notation_text
from ..core.errors import InvalidActionError, brief

__all__ = ["Choose", "GapMove", "Jam", "Pairing", "Slap", "Spit", "SpitAction", "StockPlay", "parse_spit_action"]


def _index_field(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        what = "a seat number (0, 1)" if attribute.name == "player" else f"a {attribute.name} number (0, 1, ...)"
        raise InvalidActionError(f"the {attribute.name} must be {what}, not {brief(value)}")


def _optional_pile(_instance: object, _attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        raise InvalidActionError(f"a spit's pile must be a pile number (0, 1) or None, not {brief(value)}")


def _card_text(card: Card | None) -> str:
    return "" if card is None else f"({card})"


@attrs.frozen(slots=True)
class Spit:
    """Spit: each player with spit cards turns the top one onto the centre pile on their side;
    a lone spitter onto ``pile`` (chosen once, then kept for the round)."""

    pile: int | None = attrs.field(default=None, validator=_optional_pile)

    def describe(self) -> str:
        """The action in words."""
        return "spit" if self.pile is None else f"spit onto pile {self.pile}"

    def __str__(self) -> str:
        return "spit" if self.pile is None else f"spit>{self.pile}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return _timed({"type": "spit"} if self.pile is None else {"type": "spit", "pile": self.pile}, t)


@attrs.frozen(slots=True)
class StockPlay:
    """Spit: ``player`` plays the top card of their stock pile ``stock`` onto centre ``pile``
    (``card``, when given, is checked against it; a recorded play names it)."""

    player: int = attrs.field(validator=_index_field)
    stock: int = attrs.field(validator=_index_field)
    pile: int = attrs.field(validator=_index_field)
    card: Card | None = attrs.field(default=None, converter=optional_card)

    def describe(self) -> str:
        """The action in words."""
        what = f"{self.card} from stock pile {self.stock}" if self.card else f"stock pile {self.stock}"
        return f"player {self.player} plays {what} on pile {self.pile}"

    def __str__(self) -> str:
        return f"{self.player}:{self.stock}{_card_text(self.card)}>{self.pile}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        event: dict[str, Any] = {"type": "play", "player": self.player, "stock": self.stock, "pile": self.pile}
        if self.card is not None:
            event["card"] = str(self.card)
        return _timed(event, t)


@attrs.frozen(slots=True)
class GapMove:
    """Spit: ``player`` moves the top card of stock pile ``stock`` into the empty stock pile ``to``."""

    player: int = attrs.field(validator=_index_field)
    stock: int = attrs.field(validator=_index_field)
    to: int = attrs.field(validator=_index_field)
    card: Card | None = attrs.field(default=None, converter=optional_card)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} moves stock pile {self.stock}'s top into the gap {self.to}"

    def __str__(self) -> str:
        return f"{self.player}:{self.stock}{_card_text(self.card)}~{self.to}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        event: dict[str, Any] = {"type": "move", "player": self.player, "stock": self.stock, "to": self.to}
        if self.card is not None:
            event["card"] = str(self.card)
        return _timed(event, t)


@attrs.frozen(slots=True)
class Pairing:
    """Spit with pairing: ``player`` moves the top card of stock pile ``stock`` onto stock pile
    ``to``, whose top has the same rank."""

    player: int = attrs.field(validator=_index_field)
    stock: int = attrs.field(validator=_index_field)
    to: int = attrs.field(validator=_index_field)
    card: Card | None = attrs.field(default=None, converter=optional_card)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} pairs stock pile {self.stock}'s top onto stock pile {self.to}"

    def __str__(self) -> str:
        return f"{self.player}:{self.stock}{_card_text(self.card)}={self.to}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        event: dict[str, Any] = {"type": "pair", "player": self.player, "stock": self.stock, "to": self.to}
        if self.card is not None:
            event["card"] = str(self.card)
        return _timed(event, t)


@attrs.frozen(slots=True)
class Slap:
    """Spit: at the end of a round ``player`` slaps centre ``pile`` (the first hand down takes it)."""

    player: int = attrs.field(validator=_index_field)
    pile: int = attrs.field(validator=_index_field)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} slaps pile {self.pile}"

    def __str__(self) -> str:
        return f"{self.player}^{self.pile}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return _timed({"type": "slap", "player": self.player, "pile": self.pile}, t)


@attrs.frozen(slots=True)
class Choose:
    """Spit, first out chooses: ``player`` takes centre ``pile``; the other player takes the other."""

    player: int = attrs.field(validator=_index_field)
    pile: int = attrs.field(validator=_index_field)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} chooses pile {self.pile}"

    def __str__(self) -> str:
        return f"{self.player}?{self.pile}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return _timed({"type": "choose", "player": self.player, "pile": self.pile}, t)


@attrs.frozen(slots=True)
class Jam:
    """Spit: the round is declared over in a jam (both players stuck, no spit card left).  Optional
    in a log, since the referee ends the round itself; it checks the declaration (rule
    ``spit.jam-false``) and it changes nothing else."""

    def describe(self) -> str:
        """The action in words."""
        return "jam"

    def __str__(self) -> str:
        return "jam"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return _timed({"type": "jam"}, t)


SpitAction = Spit | StockPlay | GapMove | Pairing | Slap | Choose | Jam
"""Any action of a Spit round."""

# The notation is ASCII: every number in it is ASCII digits ([0-9], never \d, which matches any
# script's digits), and a text holding anything else is refused whole (notation_text).
_SPIT_MOVE = re.compile(r"([0-9]{1,6}):([0-9]{1,6})(?:\(([^)]*)\))?([>~=])([0-9]{1,6})")
_SPIT_CLAIM = re.compile(r"([0-9]{1,6})([?^])([0-9]{1,6})")
_SPIT_PILE = re.compile(r"spit>([0-9]{1,6})")


def parse_spit_action(text: str) -> SpitAction:
    """Read a Spit action in the short notation ``str(action)`` writes: ``spit`` (``spit>1``: a
    lone spitter onto pile 1); ``0:2>1`` player 0 plays the top of stock pile 2 onto centre pile 1
    (``0:2(7H)>1``: and it is the 7H); ``0:3~4`` a gap move from stock pile 3 into stock pile 4;
    ``0:3=1`` a pairing onto stock pile 1; ``0^1`` player 0 slaps pile 1; ``0?1`` chooses it;
    ``jam`` the round declared over in a jam.

    >>> [str(parse_spit_action(t)) for t in ("spit", "spit>1", "0:2(7h)>1", "1:3~4", "0:3=1", "1^0", "0?1", "jam")]
    ['spit', 'spit>1', '0:2(7H)>1', '1:3~4', '0:3=1', '1^0', '0?1', 'jam']
    """
    spoken = notation_text(text, "a Spit action")
    if spoken == "spit":
        return Spit()
    if spoken == "jam":
        return Jam()
    pile = _SPIT_PILE.fullmatch(spoken)
    if pile is not None:
        return Spit(int(pile.group(1)))
    move = _SPIT_MOVE.fullmatch(spoken)
    if move is not None:
        player, stock, card, mark, to = move.groups()
        if mark == ">":
            return StockPlay(int(player), int(stock), int(to), card or None)
        if mark == "~":
            return GapMove(int(player), int(stock), int(to), card or None)
        return Pairing(int(player), int(stock), int(to), card or None)
    claim = _SPIT_CLAIM.fullmatch(spoken)
    if claim is not None:
        return (Slap if claim.group(2) == "^" else Choose)(int(claim.group(1)), int(claim.group(3)))
    raise InvalidActionError(f"not a Spit action: {brief(text)} (see docs/api.md for the notation)")


def _timed(event: dict[str, Any], t: float | int | None) -> dict[str, Any]:
    if t is not None:
        event["t"] = t
    return event
