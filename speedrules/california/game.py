"""The public California Speed game: :class:`CaliforniaGame`, the one game API
(:class:`~speedrules.game.BaseGame`) on :class:`~speedrules.california.kernel.CaliforniaKernel`,
its deal (:func:`deal_california`) and its one layout rule (:func:`layout_problem`, compiled with the
kernel in :mod:`speedrules.california.kernel`).

>>> game = deal_california("california-speed", seed=11)
>>> print(game)
california-speed, after 0 actions: play on
  player 0  pile face down (22 cards)  10D (1 card)  4D (1 card)  7D (1 card)  KS (1 card)
  player 1  pile face down (22 cards)  3D (1 card)   JC (1 card)  KC (1 card)  QD (1 card)
>>> [str(a) for a in game.legal_actions(0)]  # the kings match: either may be covered, from either seat
['0:8C>0.3', '0:8C>1.2']
>>> game.apply("0>0.3", t=120)
>>> game.peek(), game.kernel.coverable(6)  # KS covered; KC is owed: the match must be completed
(Cover(player=0, row=0, col=3, card=Card.parse('8C')), True)
>>> CaliforniaGame.from_position("california-speed", game.position()) == game
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import Card, deck_codes
from ..core.checks import checked_names
from ..core.deck import card_difference, deck_counts, make_rng, shuffle_codes
from ..core.errors import IllegalActionError, InvalidActionError, PositionError
from ..core.loading import as_variant
from ..core.variant import Variant
from ..game import BaseGame, Event, Time
from ..speed.kernel import Outcome
from .actions import CaliforniaAction, Cover, Relay, decode, encode, parse_california_action
from .kernel import CaliforniaKernel, laid_kernel, layout_problem
from .position import read_position, write_position

if TYPE_CHECKING:
    import random
    from typing import Self

    from ..logs.log import Log
    from .coding import CaliforniaDeal

NAME = "california-speed"
"""The family's name: a variant file's ``family:``."""

Layout = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]
"""A deal's layout as codes: each seat's pile (top card LAST), each seat's row, the cards aside."""


def _fresh_state(variant: Variant, kernel: CaliforniaKernel, layout: Layout | None, seed: int | None,
                 ) -> tuple[object, ...]:
    """The state (``BaseGame.__setstate__``) of a game laid as ``kernel`` holds it, with no action
    yet; ``layout`` is what its log writes (``None``: a game begun from a position)."""
    return variant, kernel.names, seed, kernel.copy(), [], [], [0], [], (kernel, layout)


def _codes(cards: Sequence[Card | str | int]) -> tuple[int, ...]:
    return tuple(c if isinstance(c, int) else (c if isinstance(c, Card) else Card.parse(c)).code for c in cards)


class CaliforniaGame(BaseGame[CaliforniaAction, CaliforniaKernel]):
    """A deal of California Speed, from its layout to its outcome: ``piles`` are each seat's
    face-down pile once its first row is laid, top card first (as a log lists them), ``rows``
    each seat's row, position 0 first, ``aside`` the cards an uneven deal sets aside."""

    __slots__ = ("_layout", "_start")
    _layout: Layout | None
    _start: CaliforniaKernel
    family_name = NAME
    _parse = staticmethod(parse_california_action)
    _encode = staticmethod(encode)
    _decode = staticmethod(decode)

    def __init__(self, variant: Variant | str, piles: Sequence[Sequence[Card | str | int]],
                 rows: Sequence[Sequence[Card | str | int]], aside: Sequence[Card | str | int] = (), *,
                 names: Sequence[str] | None = None, seed: int | None = None) -> None:
        v = as_variant(variant, family=NAME)
        layout: Layout = (tuple(tuple(reversed(_codes(p))) for p in piles), tuple(_codes(r) for r in rows),
                          _codes(aside))
        problem = layout_problem(v, *layout)
        if problem is not None:
            raise IllegalActionError(problem)
        kernel = laid_kernel(v, *layout, checked_names(v, names))
        self.__setstate__(_fresh_state(v, kernel, layout, seed))

    @classmethod
    def from_layout(cls, variant: Variant | str, piles: Sequence[Sequence[Card | str | int]],
                    rows: Sequence[Sequence[Card | str | int]], aside: Sequence[Card | str | int] = (), *,
                    names: Sequence[str] | None = None) -> Self:
        """A game laid from a layout (see the class): ``CaliforniaGame(...)`` under the name the
        other families give it."""
        return cls(variant, piles, rows, aside, names=names)

    # ------------------------------------------------------------------ the family's hooks

    def _do(self, action: CaliforniaAction, event: Event, t: Time) -> CaliforniaAction:
        k = self.kernel
        index = len(self._actions)
        if isinstance(action, Cover):
            card = Card.from_code(k.piles[action.player][-1])
            k.apply_event(*event, t, index)
            return Cover(action.player, action.row, action.col, card)
        rows = k.relay_rows()
        k.apply_event(*event, t, index)
        return Relay(tuple(tuple(Card.from_code(c) for c in row) for row in rows))

    def _replay_start(self, deal: int) -> CaliforniaKernel:
        return self._start.copy()

    def _replay(self, kernel: CaliforniaKernel, event: Event, t: Time, index: int) -> None:
        kernel.apply_event(*event, t, index)

    def _random_state(self) -> object:
        return None  # nothing is shuffled once the deal is laid

    def _set_random_state(self, state: object) -> None:
        return None

    def _layout_json(self, deal: int) -> dict[str, Any]:
        if self._layout is None:
            raise InvalidActionError("a game begun from a position in mid-deal has no layout to log")
        return layout_json(self._layout)

    def _own_state(self) -> tuple[object, ...]:
        return self._start.copy(), self._layout

    def _set_own_state(self, state: tuple[Any, ...]) -> None:
        self._start, self._layout = state

    def _lists(self, action: Any, player: int | None) -> bool:
        if isinstance(action, Cover):
            return player in (None, action.player) and self._judge(encode(action), None) is None
        return isinstance(action, Relay) and player is None and self._judge(encode(action), None) is None

    def _legal_list(self, player: int | None) -> list[CaliforniaAction]:
        k = self.kernel
        if k.over():
            return []
        targets, width = k.targets(), k.row
        seats = range(k.players) if player is None else (player,)
        found: list[CaliforniaAction] = [Cover(s, pos // width, pos % width, Card.from_code(k.piles[s][-1]))
                                         for s in seats for pos in targets]
        if player is None and not targets:
            found.append(Relay())
        return found

    def _table_rows(self) -> list[str]:
        return self.family.scene(self).text().splitlines()[1:]

    @classmethod
    def _from_logged(cls, log: Log, logged: CaliforniaDeal) -> Self:
        problem = layout_problem(log.variant, logged.piles, logged.rows, logged.aside)
        if problem is not None:
            raise IllegalActionError(problem)
        kernel = laid_kernel(log.variant, logged.piles, logged.rows, logged.aside, log.names)
        game = cls.__new__(cls)
        game.__setstate__(_fresh_state(log.variant, kernel, (logged.piles, logged.rows, logged.aside), None))
        return game

    @classmethod
    def from_logged_deal(cls, log: Log, deal: int) -> Self:
        """A game laid from deal ``deal`` of ``log``, before its first event (what a replay applies
        the judged events to)."""
        return cls._from_logged(log, log.deals[deal])

    # ------------------------------------------------------------------ state

    def position(self) -> str:
        """The whole deal as one line (see :mod:`speedrules.california.position`)."""
        k = self.kernel
        width = k.row
        rows = [k.stacks[seat * width:(seat + 1) * width] for seat in range(k.players)]
        owed = [pos for pos in range(len(k.owed)) if k.owed[pos]]
        return write_position(k.piles, rows, owed, k.aside, k.quiet, k.winner, k.dead_end, width)

    @classmethod
    def from_position(cls, variant: Variant | str, position: Any, *, rng: Any = None, seed: int | None = None,
                      names: Sequence[str] | None = None) -> Self:
        """The game in the state a position's text describes (``rng`` is not used: nothing is
        shuffled in a deal once it is laid)."""
        v = as_variant(variant, family=NAME)
        piles, rows, owed, aside, quiet, winner, dead_end = read_position(position, v.players, v.rules.row)
        problem = card_difference([*piles, *(s for row in rows for s in row), aside], deck_counts(v.packs, 0))
        if problem is not None:
            raise PositionError(None, f"the position's cards are not the deck: {problem}")
        kernel = CaliforniaKernel(v, piles, rows, aside, names=checked_names(v, names), owed=owed)
        kernel.quiet, kernel.winner, kernel.dead_end = quiet, winner, dead_end
        game = cls.__new__(cls)
        game.__setstate__(_fresh_state(v, kernel, None, seed))
        return game

    def outcome(self) -> Outcome | None:
        """``Outcome(winner, "out")`` once a seat dealt its last card, ``Outcome(None,
        "dead-end")`` after a dead end, else ``None``."""
        k = self.kernel
        if k.winner is not None:
            return Outcome(k.winner, "out")
        return Outcome(None, "dead-end") if k.dead_end else None

    def status_text(self) -> str:
        k = self.kernel
        if k.winner is not None:
            return f"{self.names[k.winner]} won"
        if k.dead_end:
            return "dead end: the rows came back with no match"
        return "no match: the rows are laid again" if k.blocked() else "play on"

    @property
    def history(self) -> tuple[CaliforniaAction, ...]:
        """The actions applied, as recorded (each cover's card, each relay's rows named)."""
        return tuple(self._actions)


def layout_json(layout: Layout) -> dict[str, Any]:
    """A layout of codes as its log writes it (piles top card first)."""
    piles, rows, aside = layout
    out: dict[str, Any] = {"piles": [[str(Card.from_code(c)) for c in reversed(p)] for p in piles],
                           "rows": [[str(Card.from_code(c)) for c in r] for r in rows]}
    if aside:
        out["aside"] = [str(Card.from_code(c)) for c in aside]
    return out


def dealt_layout(variant: Variant, seed: int | random.Random | None) -> tuple[Layout, int | None]:
    """A fresh deal's layout as codes, and the seed it was dealt from (:func:`deal_california`'s
    deal, which the simulator's table lays without the game around it)."""
    rng, used = make_rng(seed)
    deck = deck_codes(variant.packs, 0)
    shuffle_codes(deck, rng)
    players, width = variant.players, variant.rules.row
    dealt = len(deck) - len(deck) % players
    piles = [deck[s:dealt:players] for s in range(players)]
    rows = tuple([tuple([pile.pop() for _ in range(width)]) for pile in piles])
    return (tuple([tuple(p) for p in piles]), rows, tuple(deck[dealt:])), used


def deal_california(variant: Variant | str, seed: int | random.Random | None = None, *,
                    names: Sequence[str] | None = None) -> CaliforniaGame:
    """Deal a fresh game: the deck shuffled (:func:`~speedrules.core.deck.shuffle_codes`), dealt one
    card at a time round the table (the first card a seat gets is the bottom of its pile; the
    cards that do not go round evenly set aside), then every seat lays its row from the top of
    its pile, position 0 first.  The same integer ``seed`` gives the same deal everywhere."""
    v = as_variant(variant, family=NAME)
    (piles, rows, aside), used = dealt_layout(v, seed)
    return CaliforniaGame(v, [p[::-1] for p in piles], rows, aside, names=names, seed=used)
