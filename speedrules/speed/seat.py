"""What a seat of Speed sees and may do, as the bots get it: its :class:`SeatView`, its options
as actions and as integer options (``(kind, pile, cards, declared)``), and those options in
the roles of a :class:`~speedrules.table.Menu` (:func:`group_options`).

>>> from speedrules.speed.game import deal
>>> game = deal("speed", seed=1)
>>> game.reveal()
>>> menu = group_options(game.kernel.options(0), 0, [1, 1])
>>> [[str(action_of(o, 0)) for o in menu.group(i)] for i in range(menu.count)], menu.refills
([['0:JC>1']], [])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ..core.cards import Card
from ..core.errors import InvalidActionError
from ..core.variant import Variant
from ..table import Menu
from .actions import CALL, DRAW, PICKUP, PLAY, Action, Call, Draw, Pickup, Play
from .kernel import CALL_OPTION, DRAW_OPTION, Option

if TYPE_CHECKING:
    from .game import Game

__all__ = ["SeatView", "action_of", "group_options", "menu_of", "option_of", "seat_options"]


@attrs.frozen(slots=True)
class SeatView:
    """What one seat sees when it is its moment to act.

    ``hand`` is the seat's own hand; ``tops`` the top card of each centre pile (``None``
    when empty) and ``top_ranks`` their effective ranks (a played joker counts as its
    declared rank; ``EMPTY`` = 0, ``WILD`` = 14); ``pile_sizes`` and ``reserve_sizes`` the
    cards in each pile and reserve; ``hand_sizes`` and ``draw_sizes`` every seat's hand
    and draw stack (the seat's own included); ``draws_owed`` the draws the refill rule
    requires before its next play; ``call_due`` whether it has gone out and must call;
    ``pickup_owed`` whether it missed its call and must take a pile; ``t`` the time in ms.
    """

    family: ClassVar[str] = "speed"
    """The game family whose seat this is (what a bot's ``choose`` may ask the family about)."""

    seat: int
    t: int
    hand: tuple[Card, ...]
    tops: tuple[Card | None, ...]
    top_ranks: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    reserve_sizes: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    draw_sizes: tuple[int, ...]
    draws_owed: int = 0
    call_due: bool = False
    pickup_owed: bool = False
    variant: Variant | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def draw_size(self) -> int:
        """The seat's own draw stack size."""
        return self.draw_sizes[self.seat]

    @classmethod
    def of(cls, game: Game, seat: int, t: int = 0) -> SeatView:
        """The view of ``seat`` in a :class:`~speedrules.Game` at time ``t``."""
        k = game.kernel
        return cls(
            seat=seat,
            t=t,
            hand=tuple(Card.from_code(c) for c in k.hands[seat]),
            tops=game.tops,
            top_ranks=game.top_ranks,
            pile_sizes=tuple(len(p) for p in k.piles),
            reserve_sizes=tuple(len(r) for r in k.reserves),
            hand_sizes=tuple(len(h) for h in k.hands),
            draw_sizes=tuple(len(d) for d in k.draws),
            draws_owed=k.debt[seat],
            call_due=k.out_seat == seat,
            pickup_owed=seat in k.pickup_owed,
            variant=game.variant,
        )


def option_of(action: Any) -> Option:
    """The integer option of a seat's action (a play, draw, pickup or call)."""
    if isinstance(action, Play):
        return PLAY, action.pile, tuple(c.code for c in action.cards), action.declared
    if isinstance(action, Draw):
        return DRAW_OPTION
    if isinstance(action, Pickup):
        return PICKUP, action.pile, (), ()
    if isinstance(action, Call):
        return CALL_OPTION
    raise InvalidActionError(f"{action} is not an action a seat takes")


def action_of(option: Option, seat: int) -> Action:
    """The action an option stands for, taken by ``seat``."""
    kind, pile, codes, declared = option
    if kind == PLAY:
        return Play(seat, tuple(Card.from_code(c) for c in codes), pile, declared)
    if kind == DRAW:
        return Draw(seat)
    if kind == PICKUP:
        return Pickup(seat, pile)
    if kind == CALL:
        return Call(seat)
    raise InvalidActionError(f"not a seat's option: {option!r}")


def group_options(options: Iterable[Option], seat: int, sizes: Sequence[int]) -> Menu:
    """``seat``'s options in their roles: its call (must), its pickups by pile (claims), its
    plays grouped by the first card they lay (groups in card-code order; within a group by
    cards, pile and declared ranks), its draw (refills); ``sizes``: the centre piles' sizes."""
    menu = Menu(seat)
    menu.sizes = list(sizes)
    plays: list[Option] = []
    for option in options:
        kind = option[0]
        if kind == PLAY:
            plays.append(option)
        elif kind == DRAW:
            menu.refills.append(DRAW_OPTION)
        elif kind == PICKUP:
            menu.claims.append(option)
        elif kind == CALL:
            menu.must.append(CALL_OPTION)
    menu.claims.sort()
    plays.sort(key=lambda o: (o[2], o[1], o[3]))
    first = -1
    for option in plays:
        if option[2][0] != first:
            first = option[2][0]
            menu.plays.append([])
        menu.plays[-1].append(option)
    menu.count = len(menu.plays)
    return menu


def seat_options(game: Game, seat: int) -> list[Action]:
    """The actions ``seat`` may take now (:meth:`speedrules.speed.kernel.Kernel.options`): a call when it
    went out; under ``announce.call: penalty``, another seat's actions while a call is due
    (taking one makes the call late)."""
    return [action_of(option, seat) for option in game.kernel.options(seat)]


def menu_of(view: SeatView, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
    """The menu of a seat whose options are given as actions, and the action of each option."""
    by_option = {option_of(a): a for a in actions}
    return group_options(by_option, view.seat, view.pile_sizes), by_option
