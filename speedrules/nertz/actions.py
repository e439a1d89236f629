"""Nertz's actions and their notation: what a player (or the table) does in a hand.

========  ======================  ===============================================
action    notation                meaning
========  ======================  ===============================================
Found     ``0:nertz:0#AS>f0``     seat 0 puts its ace of spades from its Nertz pile on foundation 0
Work      ``1:w2:1#9H>w0``        seat 1 moves its 9H (and the cards on it) from work pile 2 onto 0
Turn      ``0:turn:0#KD``         seat 0 turns its stock; the KD shows on its waste
Reset     ``0:reset``             seat 0 turns its waste over as its new stock
Stuck     ``stuck``               the table's response to everyone being stuck
Call      ``0:call``              seat 0 calls "Nertz!" (``call: optional`` only)
========  ======================  ===============================================

A card is spelled with its owner (:mod:`speedrules.nertz.cards`): :class:`OwnedCard`.

>>> parse_nertz_action("0:nertz:0#as>f0")
Found(player=0, card=OwnedCard.parse('0#AS'), src='nertz', to=0)
>>> str(Work(1, "1#9H", "w2", 0)), str(Stuck())
('1:w2:1#9H>w0', 'stuck')
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core.cards import Card
from ..core.checks import notation_text
from ..core.errors import InvalidActionError, brief
from ..game import Event, Time
from .cards import face, owned_code, owned_text, owner
from .kernel import CALL, FOUND, RESET, STUCK, TURN, WORK, source_code, source_name


@attrs.frozen(slots=True)
class OwnedCard:
    """A card of one player's deck: ``code`` is ``owner * 52 + face`` (:mod:`speedrules.nertz.cards`)."""

    code: int

    @classmethod
    def parse(cls, text: str) -> OwnedCard:
        """``"1#10H"``: seat 1's ten of hearts (an :class:`InvalidActionError` for anything else)."""
        try:
            return cls(owned_code(text))
        except ValueError as err:
            raise InvalidActionError(str(err)) from None

    @property
    def owner(self) -> int:
        return owner(self.code)

    @property
    def face(self) -> int:
        """The face's card code (:class:`speedrules.Card`'s)."""
        return face(self.code)

    def __str__(self) -> str:
        return owned_text(self.code)

    def __repr__(self) -> str:
        return f"OwnedCard.parse({owned_text(self.code)!r})"


def _card(value: Any) -> OwnedCard:
    if isinstance(value, OwnedCard):
        return value
    if isinstance(value, str):
        return OwnedCard.parse(value)
    raise InvalidActionError(f"a Nertz card is an OwnedCard or its text (0#9H), not {brief(value)}")


def _seat(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise InvalidActionError(f"the player must be a seat number (0, 1, ...), not {brief(value)}")
    return value


def _src(value: Any) -> str:
    try:
        return source_name(source_code(value))
    except ValueError as err:
        raise InvalidActionError(str(err)) from None


def _to(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise InvalidActionError(f"a pile is a number (0, 1, ...), not {brief(value)}")
    return value


@attrs.frozen(slots=True)
class Found:
    """Seat ``player`` puts ``card`` from ``src`` on foundation ``to`` (the number of foundations
    out starts a new one with an ace)."""

    player: int = attrs.field(converter=_seat)
    card: OwnedCard = attrs.field(converter=_card)
    src: str = attrs.field(converter=_src)
    to: int = attrs.field(converter=_to)

    def __str__(self) -> str:
        return f"{self.player}:{self.src}:{self.card}>f{self.to}"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card's face (what a picture outlines where the action breaks a rule)."""
        return (Card.from_code(self.card.face),)

    @property
    def pile(self) -> int:
        """The foundation the card goes to."""
        return self.to

    def describe(self) -> str:
        return f"player {self.player} puts {self.card} from the {self.src} on foundation {self.to}"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        return _json("found", self, t)


@attrs.frozen(slots=True)
class Work:
    """Seat ``player`` moves ``card`` (with the cards on it) from ``src`` onto work pile ``to``."""

    player: int = attrs.field(converter=_seat)
    card: OwnedCard = attrs.field(converter=_card)
    src: str = attrs.field(converter=_src)
    to: int = attrs.field(converter=_to)

    def __str__(self) -> str:
        return f"{self.player}:{self.src}:{self.card}>w{self.to}"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card's face (what a picture outlines where the action breaks a rule)."""
        return (Card.from_code(self.card.face),)

    def describe(self) -> str:
        return f"player {self.player} moves {self.card} from the {self.src} onto work pile {self.to}"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        return _json("work", self, t)


@attrs.frozen(slots=True)
class Turn:
    """Seat ``player`` turns its stock (three cards, or one); ``card`` shows on the waste."""

    player: int = attrs.field(converter=_seat)
    card: OwnedCard = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"{self.player}:turn:{self.card}"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card's face (what a picture outlines where the action breaks a rule)."""
        return (Card.from_code(self.card.face),)

    def describe(self) -> str:
        return f"player {self.player} turns the stock: {self.card} shows"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        return _json("turn", self, t)


@attrs.frozen(slots=True)
class Reset:
    """Seat ``player`` turns its waste over as its new stock."""

    player: int = attrs.field(converter=_seat)

    def __str__(self) -> str:
        return f"{self.player}:reset"

    def describe(self) -> str:
        return f"player {self.player} turns the waste over"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        return _json("reset", self, t)


@attrs.frozen(slots=True)
class Call:
    """Seat ``player`` calls "Nertz!" (``call: optional``)."""

    player: int = attrs.field(converter=_seat)

    def __str__(self) -> str:
        return f"{self.player}:call"

    def describe(self) -> str:
        return f"player {self.player} calls Nertz"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        return _json("call", self, t)


@attrs.frozen(slots=True)
class Stuck:
    """The table's response to everyone being stuck: each waste onto its stock, the stock's top
    card to the bottom; or, once the stuck responses are spent, the end of the hand."""

    def __str__(self) -> str:
        return "stuck"

    def describe(self) -> str:
        return "everyone is stuck"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        return _json("stuck", self, t)


NertzAction = Found | Work | Turn | Reset | Call | Stuck


def _json(kind: str, action: Any, t: Time) -> dict[str, Any]:
    out: dict[str, Any] = {"type": kind}
    if not isinstance(action, Stuck):
        out["player"] = action.player
    if isinstance(action, (Found, Work, Turn)):
        out["card"] = str(action.card)
    if isinstance(action, (Found, Work)):
        out["from"], out["to"] = action.src, action.to
    if t is not None:
        out["t"] = t
    return out


def parse_nertz_action(text: str) -> NertzAction:
    """The action a notation names (see the module's table); an :class:`InvalidActionError` else."""
    text = notation_text(text, "a Nertz action")
    if text == "stuck":
        return Stuck()
    parts = text.split(":")
    if len(parts) < 2 or not parts[0].isascii() or not parts[0].isdigit() or len(parts[0]) > 2:
        raise InvalidActionError(f"not a Nertz action: {text!r} (see speedrules.nertz.actions)")
    player, rest = int(parts[0]), parts[1:]
    if rest == ["reset"]:
        return Reset(player)
    if rest == ["call"]:
        return Call(player)
    if len(rest) == 2 and rest[0] == "turn":
        return Turn(player, rest[1])
    if len(rest) == 2 and ">" in rest[1]:
        card, _, to = rest[1].partition(">")
        if to[:1] in ("f", "w") and to[1:].isascii() and to[1:].isdigit() and len(to) <= 4:
            return (Found if to[0] == "f" else Work)(player, card, rest[0].lower(), int(to[1:]))
    raise InvalidActionError(f"not a Nertz action: {text!r} (see speedrules.nertz.actions)")


def encode(action: Any) -> Event:
    """``(kind, player, card, src, dst)`` of an action (or its notation)."""
    if isinstance(action, str):
        action = parse_nertz_action(action)
    if isinstance(action, Found):
        return FOUND, action.player, action.card.code, source_code(action.src), action.to
    if isinstance(action, Work):
        return WORK, action.player, action.card.code, source_code(action.src), action.to
    if isinstance(action, Turn):
        return TURN, action.player, action.card.code, None, None
    if isinstance(action, Reset):
        return RESET, action.player, None, None, None
    if isinstance(action, Call):
        return CALL, action.player, None, None, None
    if isinstance(action, Stuck):
        return STUCK, -1, None, None, None
    raise InvalidActionError(f"not a Nertz action: {brief(action)}")


def decode(event: tuple[Any, ...]) -> tuple[NertzAction, Time]:
    """The action and time of a coded event (:func:`encode`'s inverse)."""
    kind, player, card, src, dst, t = event
    action: NertzAction
    if kind == FOUND:
        action = Found(player, OwnedCard(card), source_name(src), dst)
    elif kind == WORK:
        action = Work(player, OwnedCard(card), source_name(src), dst)
    elif kind == TURN:
        action = Turn(player, OwnedCard(card))
    elif kind == RESET:
        action = Reset(player)
    elif kind == CALL:
        action = Call(player)
    else:
        action = Stuck()
    return action, t
