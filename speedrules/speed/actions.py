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

from ..core.cards import Card, parse_rank
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
    "Choose",
    "Draw",
    "Flip",
    "GapMove",
    "Jam",
    "Pairing",
    "Pickup",
    "Play",
    "Rebuild",
    "Reveal",
    "Slap",
    "Spit",
    "SpitAction",
    "StockPlay",
    "Stuck",
    "event_json",
    "parse_action",
    "parse_spit_action",
]


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
    card: Card | None = attrs.field(default=None, converter=_to_card)

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

# ---------------------------------------------------------------------- Spit's actions


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
    card: Card | None = attrs.field(default=None, converter=_to_card)

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
    card: Card | None = attrs.field(default=None, converter=_to_card)

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
    card: Card | None = attrs.field(default=None, converter=_to_card)

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
# script's digits), and a text holding anything else is refused whole (_notation).
_SPIT_MOVE = re.compile(r"([0-9]{1,6}):([0-9]{1,6})(?:\(([^)]*)\))?([>~=])([0-9]{1,6})")
_SPIT_CLAIM = re.compile(r"([0-9]{1,6})([?^])([0-9]{1,6})")
_SPIT_PILE = re.compile(r"spit>([0-9]{1,6})")


def _notation(text: object, what: str) -> str:
    """``text`` stripped of the spaces around it, if it is ASCII text; else an
    :class:`InvalidActionError` (a superscript or another script's digit is no digit here)."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action's notation is text, not {brief(text)}")
    if not text.isascii():
        raise InvalidActionError(f"not {what}: {brief(text)} (the notation is ASCII, see docs/api.md)")
    return text.strip()


def parse_spit_action(text: str) -> SpitAction:
    """Read a Spit action in the short notation ``str(action)`` writes: ``spit`` (``spit>1``: a
    lone spitter onto pile 1); ``0:2>1`` player 0 plays the top of stock pile 2 onto centre pile 1
    (``0:2(7H)>1``: and it is the 7H); ``0:3~4`` a gap move from stock pile 3 into stock pile 4;
    ``0:3=1`` a pairing onto stock pile 1; ``0^1`` player 0 slaps pile 1; ``0?1`` chooses it;
    ``jam`` the round declared over in a jam.

    >>> [str(parse_spit_action(t)) for t in ("spit", "spit>1", "0:2(7h)>1", "1:3~4", "0:3=1", "1^0", "0?1", "jam")]
    ['spit', 'spit>1', '0:2(7H)>1', '1:3~4', '0:3=1', '1^0', '0?1', 'jam']
    """
    spoken = _notation(text, "a Spit action")
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
    spoken = _notation(text, "an action")
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




