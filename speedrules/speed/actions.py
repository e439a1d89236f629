"""Actions: the things players (and the table) do to a game.

Each action is a frozen value.  :meth:`speedrules.Game.apply` applies one, or raises
:class:`~speedrules.core.errors.IllegalActionError` naming the broken rule;
:meth:`speedrules.Game.check` says why an action is illegal without applying it.

>>> Play(0, Card.parse("6D"), pile=1)
Play(player=0, cards=(Card.parse('6D'),), pile=1, declared=())
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import attrs

from ..core.cards import Card, card_of, optional_card, parse_rank
from ..core.checks import notation_text
from ..core.errors import CardError, InvalidActionError, brief
from .coding import CALL as CALL
from .coding import DRAW as DRAW
from .coding import FLIP as FLIP
from .coding import PICKUP as PICKUP
from .coding import PLAY as PLAY
from .coding import REBUILD as REBUILD
from .coding import REVEAL as REVEAL
from .coding import STUCK as STUCK
from .coding import event_json as event_json
from .coding import rank_name

__all__ = [
    "CALL",
    "DRAW",
    "FLIP",
    "PICKUP",
    "PLAY",
    "REBUILD",
    "REVEAL",
    "STUCK",
    "Action",
    "Call",
    "Draw",
    "Flip",
    "Pickup",
    "Play",
    "Rebuild",
    "Reveal",
    "Stuck",
    "event_json",
    "parse_action",
]


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
    return tuple(card_of(c) for c in items)


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
        return tuple(tuple(card_of(c) for c in stack) for stack in value)
    except TypeError:
        raise CardError(value, "not a sequence of reserve stacks of cards") from None


def _seat(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        what = "a seat number (0, 1, ...)" if attribute.name == "player" else "a pile number (0, 1, ...)"
        raise InvalidActionError(f"the {attribute.name} must be {what}, not {brief(value)}")


@attrs.frozen(slots=True)
class Reveal:
    """Turn the starters face up: play begins."""

    def describe(self) -> str:
        """The action in words."""
        return "reveal"

    def __str__(self) -> str:
        return "reveal"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return event_json(REVEAL, -1, -1, None, (), t)


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

    def describe(self) -> str:
        """The action in words."""
        text = " ".join(str(c) for c in self.cards)
        if self.declared:
            text += " as " + " ".join(rank_name(r) for r in self.declared)
        return f"player {self.player} plays {text} on pile {self.pile}"

    def __str__(self) -> str:
        ranks = [rank_name(r) for r in self.declared]
        cards = []
        for i, card in enumerate(self.cards):
            text = str(card)
            if card.is_joker and ranks:
                text += "=" + ranks.pop(0)
            if i == len(self.cards) - 1 and ranks:  # ranks beyond the jokers (an ill-formed play) stay readable
                text += "".join("=" + r for r in ranks)
            cards.append(text)
        return f"{self.player}:{','.join(cards)}>{self.pile}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return event_json(PLAY, self.player, self.pile, tuple(c.code for c in self.cards), self.declared, t)


@attrs.frozen(slots=True)
class Draw:
    """``player`` takes the top card of their own draw stack into their hand.

    ``card``, when given, is checked against the card actually on top (rule
    ``draw.mismatch``); a recorded draw always names the card drawn.
    """

    player: int = attrs.field(validator=_seat)
    card: Card | None = attrs.field(default=None, converter=optional_card)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} draws" + (f" {self.card}" if self.card is not None else "")

    def __str__(self) -> str:
        return f"{self.player}+" + ("" if self.card is None else str(self.card))

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return event_json(DRAW, self.player, -1, None if self.card is None else self.card.code, (), t)


@attrs.frozen(slots=True)
class Flip:
    """Every non-empty reserve turns its top card onto its own centre pile, at once."""

    def describe(self) -> str:
        """The action in words."""
        return "flip"

    def __str__(self) -> str:
        return "flip"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return event_json(FLIP, -1, -1, None, (), t)


@attrs.frozen(slots=True)
class Rebuild:
    """The centre is rebuilt into reserves.

    ``reserves`` lists the new reserve stacks (top card first, one per centre pile);
    ``None`` asks the game to shuffle with its own random source.  A recorded
    rebuild always lists the stacks.
    """

    reserves: tuple[tuple[Card, ...], ...] | None = attrs.field(default=None, converter=_to_stacks)

    def describe(self) -> str:
        """The action in words."""
        return "rebuild"

    def __str__(self) -> str:
        if self.reserves is None:
            return "rebuild"
        return "rebuild:" + "/".join(",".join(str(c) for c in stack) for stack in self.reserves)

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given; a rebuild
        is logged with its reserves (a recorded one has them)."""
        if self.reserves is None:
            raise InvalidActionError("a rebuild is logged with its reserves: log the game's recorded history")
        return event_json(REBUILD, -1, -1, tuple(tuple(c.code for c in r) for r in self.reserves), (), t)


@attrs.frozen(slots=True)
class Call:
    """``player`` announces going out ("Speed!", with or without a slap, as the variant says)."""

    player: int = attrs.field(validator=_seat)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} calls"

    def __str__(self) -> str:
        return f"{self.player}!"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return event_json(CALL, self.player, -1, None, (), t)


@attrs.frozen(slots=True)
class Pickup:
    """``player``, who went out and missed the call, takes centre ``pile`` as a new draw stack.

    The pile is turned face down: its bottom card becomes the top of the new draw stack.
    """

    player: int = attrs.field(validator=_seat)
    pile: int = attrs.field(validator=_seat)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} picks up pile {self.pile}"

    def __str__(self) -> str:
        return f"{self.player}<{self.pile}"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return event_json(PICKUP, self.player, self.pile, None, (), t)


@attrs.frozen(slots=True)
class Stuck:
    """``player`` declares being stuck: no card to play and none to draw (the "stuck" button of
    many programs).  Optional in a log; the referee checks it (rule ``stuck.false``: 003 "you
    cannot hold one back and then call the position stuck") and it changes nothing else."""

    player: int = attrs.field(validator=_seat)

    def describe(self) -> str:
        """The action in words."""
        return f"player {self.player} is stuck"

    def __str__(self) -> str:
        return f"{self.player}#"

    def to_json(self, t: float | int | None = None) -> dict[str, Any]:
        """The action as a log event (docs/log-format.md), with its time ``t`` if given."""
        return event_json(STUCK, self.player, -1, None, (), t)


Action = Reveal | Play | Draw | Flip | Rebuild | Call | Pickup | Stuck
"""Any action."""

_PLAY = re.compile(r"([0-9]{1,6}):([^>]+)>([0-9]{1,6})")
_SEAT_ACTION = re.compile(r"([0-9]{1,6})([+!<#])(.*)")
_PILE = re.compile(r"[0-9]{1,6}")


def parse_action(text: str) -> Action:
    """Read an action in the short notation ``str(action)`` writes (docs/api.md):

    ``0:JC>1`` player 0 lays JC on pile 1 (a run: ``0:8S,9D>1``; a joker with the rank it
    stands for: ``0:JK=Q>1``); ``0+`` player 0 draws (``0+4D``: and it is the 4D); ``0!``
    player 0 calls; ``0<1`` player 0 picks up pile 1; ``0#`` player 0 declares being stuck;
    ``reveal``, ``flip``; ``rebuild`` (shuffled by the game), or ``rebuild:4H,9C/2S`` with each
    new reserve top card first.

    >>> parse_action("0:JK=Q>1")
    Play(player=0, cards=(Card.parse('JK'),), pile=1, declared=(12,))
    >>> [str(parse_action(t)) for t in ("1:8s,9D>0", "0+", "1!", "0<1", "1#", "rebuild:4H,9C/")]
    ['1:8S,9D>0', '0+', '1!', '0<1', '1#', 'rebuild:4H,9C/']
    >>> parse_action("0:JC")
    Traceback (most recent call last):
    ...
    speedrules.core.errors.InvalidActionError: not an action: '0:JC' (a play is PLAYER:CARDS>PILE, e.g. 0:JC>1)
    """
    spoken = notation_text(text, "an action")
    if spoken == "reveal":
        return Reveal()
    if spoken == "flip":
        return Flip()
    if spoken == "rebuild":
        return Rebuild()
    if spoken.startswith("rebuild:"):
        stacks = [[c for c in part.split(",") if c] for part in spoken[len("rebuild:"):].split("/")]
        return Rebuild(stacks)
    play = _PLAY.fullmatch(spoken)
    if play is not None:
        cards: list[str] = []
        declared: list[str] = []
        for item in play.group(2).split(","):
            card, *ranks = item.split("=")
            cards.append(card)
            declared += ranks  # each =RANK is the next declared rank, in order
        return Play(int(play.group(1)), cards, int(play.group(3)), declared or None)
    seat = _SEAT_ACTION.fullmatch(spoken)
    if seat is not None:
        player, mark, rest = int(seat.group(1)), seat.group(2), seat.group(3)
        if mark == "+":
            return Draw(player, rest or None)
        if mark == "!" and not rest:
            return Call(player)
        if mark == "#" and not rest:
            return Stuck(player)
        if mark == "<" and _PILE.fullmatch(rest):
            return Pickup(player, int(rest))
    hint = "a play is PLAYER:CARDS>PILE, e.g. 0:JC>1" if ":" in spoken else "see docs/api.md for the notation"
    raise InvalidActionError(f"not an action: {brief(text)} ({hint})")




