"""Actions: the things players (and the table) do to a game.

Each action is a frozen value.  :meth:`speedrules.Game.apply` applies one, or raises
:class:`~speedrules.errors.IllegalActionError` naming the broken rule;
:meth:`speedrules.Game.check` says why an action is illegal without applying it.

>>> Play(0, Card.parse("6D"), pile=1)
Play(player=0, cards=(Card.parse('6D'),), pile=1, declared=())
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from .cards import RANK_NAMES, Card, parse_rank
from .errors import CardError, InvalidActionError, brief


def _card(value: Any) -> Card:
    """A card, or its text parsed (``"JC"``); anything else is a :class:`CardError`."""
    return value if isinstance(value, Card) else Card.parse(value)


def _to_cards(value: Card | str | Iterable[Card | str]) -> tuple[Card, ...]:
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, str):  # one card's text, never its letters one by one
        return (Card.parse(value),)
    if type(value) is tuple and all(type(c) is Card for c in value):
        return value
    try:
        items = tuple(value)
    except TypeError:
        raise CardError(value, "not a card, a card's text or a sequence of them") from None
    return tuple(_card(c) for c in items)


def _to_card(value: Card | str | None) -> Card | None:
    return None if value is None else _card(value)


def _to_ranks(value: int | str | Iterable[int | str] | None) -> tuple[int, ...]:
    """A joker's declared ranks: numbers (1 = ace ... 13 = king) or rank texts (``"Q"``).

    A number outside 1-13 is kept, so that the game refuses the play by rule ``play.joker``."""
    if value is None:
        return ()
    items = (value,) if isinstance(value, (int, str)) else value
    try:
        items = tuple(items)
    except TypeError:
        raise InvalidActionError(f"a joker's rank must be a number or a rank's text, not {brief(value)}") from None
    ranks = []
    for item in items:
        if isinstance(item, str):
            ranks.append(parse_rank(item))
        elif isinstance(item, int) and not isinstance(item, bool):
            ranks.append(item)
        else:
            raise InvalidActionError(f"a joker's rank must be a number or a rank's text, not {brief(item)}")
    return tuple(ranks)


def _to_stacks(value: Iterable[Iterable[Card | str]] | None) -> tuple[tuple[Card, ...], ...] | None:
    if value is None:
        return None
    try:
        return tuple(tuple(_card(c) for c in stack) for stack in value)
    except TypeError:
        raise CardError(value, "not a sequence of reserve stacks of cards") from None


def _seat(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        what = "a seat number (0, 1, ...)" if attribute.name == "player" else "a pile number (0, 1, ...)"
        raise InvalidActionError(f"the {attribute.name} must be {what}, not {brief(value)}")


@attrs.frozen(slots=True)
class Reveal:
    """Turn the starters face up: play begins."""

    def __str__(self) -> str:
        return "reveal"


@attrs.frozen(slots=True)
class Play:
    """``player`` lays ``cards`` (one card, or a run where the variant allows) on centre ``pile``.

    ``declared`` gives the rank (1 = ace ... 13 = king) each joker in ``cards`` stands
    for, in order; a single int is accepted for a single joker.
    """

    player: int = attrs.field(validator=_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    pile: int = attrs.field(validator=_seat)
    declared: tuple[int, ...] = attrs.field(default=(), converter=_to_ranks)

    def __str__(self) -> str:
        text = " ".join(str(c) for c in self.cards)
        if self.declared:
            text += " as " + " ".join(RANK_NAMES[r] if 1 <= r <= 13 else str(r) for r in self.declared)
        return f"player {self.player} plays {text} on pile {self.pile}"


@attrs.frozen(slots=True)
class Draw:
    """``player`` takes the top card of their own draw stack into their hand.

    ``card``, when given, is checked against the card actually on top (rule
    ``draw.mismatch``); a recorded draw always names the card drawn.
    """

    player: int = attrs.field(validator=_seat)
    card: Card | None = attrs.field(default=None, converter=_to_card)

    def __str__(self) -> str:
        return f"player {self.player} draws" + (f" {self.card}" if self.card is not None else "")


@attrs.frozen(slots=True)
class Flip:
    """Every non-empty reserve turns its top card onto its own centre pile, at once."""

    def __str__(self) -> str:
        return "flip"


@attrs.frozen(slots=True)
class Rebuild:
    """The centre is rebuilt into reserves.

    ``reserves`` lists the new reserve stacks (top card first, one per centre pile);
    ``None`` asks the game to shuffle with its own random source.  A recorded
    rebuild always lists the stacks.
    """

    reserves: tuple[tuple[Card, ...], ...] | None = attrs.field(default=None, converter=_to_stacks)

    def __str__(self) -> str:
        return "rebuild"


@attrs.frozen(slots=True)
class Call:
    """``player`` announces going out ("Speed!", with or without a slap, as the variant says)."""

    player: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"player {self.player} calls"


@attrs.frozen(slots=True)
class Pickup:
    """``player``, who went out and missed the call, takes centre ``pile`` as a new draw stack.

    The pile is turned face down: its bottom card becomes the top of the new draw stack.
    """

    player: int = attrs.field(validator=_seat)
    pile: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"player {self.player} picks up pile {self.pile}"


Action = Reveal | Play | Draw | Flip | Rebuild | Call | Pickup
"""Any action."""

REVEAL, PLAY, DRAW, FLIP, REBUILD, CALL, PICKUP = range(7)
"""Integer event kinds of the low-level interface (:class:`speedrules.kernel.Kernel`, ``Game.check_event``)."""
