"""Actions: the things players (and the table) do to a game.

Each action is a frozen value.  :meth:`speedrules.Game.apply` applies one, or raises
:class:`~speedrules.errors.IllegalActionError` naming the broken rule;
:meth:`speedrules.Game.check` says why an action is illegal without applying it.

>>> Play(0, Card.parse("6D"), pile=1)
Play(player=0, cards=(Card.parse('6D'),), pile=1, declared=())
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .cards import RANK_NAMES, Card


def _to_cards(value: Card | Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(value, Card):
        return (value,)
    return tuple(value)


def _to_ranks(value: int | Iterable[int] | None) -> tuple[int, ...]:
    if value is None:
        return ()
    if isinstance(value, int):
        return (value,)
    return tuple(value)


def _to_stacks(value: Iterable[Iterable[Card]] | None) -> tuple[tuple[Card, ...], ...] | None:
    return None if value is None else tuple(tuple(stack) for stack in value)


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

    player: int
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    pile: int = 0
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

    player: int
    card: Card | None = None

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

    player: int

    def __str__(self) -> str:
        return f"player {self.player} calls"


@attrs.frozen(slots=True)
class Pickup:
    """``player``, who went out and missed the call, takes centre ``pile`` as a new draw stack.

    The pile is turned face down: its bottom card becomes the top of the new draw stack.
    """

    player: int
    pile: int

    def __str__(self) -> str:
        return f"player {self.player} picks up pile {self.pile}"


Action = Reveal | Play | Draw | Flip | Rebuild | Call | Pickup
"""Any action."""

REVEAL, PLAY, DRAW, FLIP, REBUILD, CALL, PICKUP = range(7)
"""Integer event kinds of the low-level interface (``Game.check_event`` / ``Game.apply_event``)."""
