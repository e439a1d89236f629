"""Bots: player policies for simulated games (see ``docs/simulation.md``).

A bot is anything with a ``name``, a ``reaction`` (its :class:`Reaction` time model)
and a ``choose(view, options, rng)`` method: given what its seat sees (a
:class:`SeatView`) and the actions legal for that seat at that moment, it returns one
of them, or ``None`` to let the moment pass.  The simulator asks a seat each time its
reaction time has elapsed; a seat with no options waits until the table changes.

>>> bot = GreedyBot()
>>> bot.name, bot.reaction
('greedy', Reaction(mean_ms=500, spread_ms=200))

The two bundled bots, :class:`RandomBot` and :class:`GreedyBot`, also have a private
fast path the simulator uses: the same choices, made on integer-coded options rather
than :class:`~speedrules.actions.Action` values (``tests/test_bots.py`` checks both paths
give identical games).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from .actions import CALL, DRAW, PICKUP, PLAY, Action, Call, Draw, Pickup, Play
from .cards import JOKER_CODE, Card
from .errors import SpeedrulesError, brief
from .kernel import CALL_OPTION as CALL_OPTION
from .kernel import DRAW_OPTION as DRAW_OPTION
from .kernel import Option as Option
from .variant import Call as CallRule
from .variant import Variant

if TYPE_CHECKING:
    from .game import Game

WAIT: Option = (-1, -1, (), ())
"""What a seat does when it has no options: it waits for the table to change."""
Decider = Callable[[int], "Option | None"]
"""A bot's fast path in one game: a seat's choice now, ``None`` to let the moment pass, or :data:`WAIT`."""


class BotError(SpeedrulesError):
    """A bot name that is not registered, or a bot that chose an action it was not offered."""


@attrs.frozen(slots=True)
class Reaction:
    """A bot's reaction time: each delay, in whole milliseconds, is drawn uniformly from
    ``mean_ms - spread_ms`` to ``mean_ms + spread_ms``.

    >>> Reaction(500, 200).delay(random.Random(1)) in range(300, 701)
    True
    """

    mean_ms: int = attrs.field(default=500)
    spread_ms: int = attrs.field(default=200)

    @mean_ms.validator
    def _check_mean(self, _attribute: object, value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise BotError(f"a reaction's mean_ms must be a whole number of milliseconds >= 1, not {value!r}")

    @spread_ms.validator
    def _check_spread(self, _attribute: object, value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self.mean_ms:
            raise BotError(f"a reaction's spread_ms must be a whole number from 0 to mean_ms - 1 "
                           f"({self.mean_ms - 1}), not {value!r}")

    def delay(self, rng: random.Random) -> int:
        """One reaction time in ms (at least 1)."""
        return self.mean_ms - self.spread_ms + int(rng.random() * (2 * self.spread_ms + 1))


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


@runtime_checkable
class Bot(Protocol):
    """A player policy: a ``name``, a ``reaction`` time model, and ``choose``.

    ``choose(view, options, rng)`` gets the seat's :class:`SeatView`, the actions legal
    for the seat at that moment (never empty) and the game's random source (use only
    ``rng`` for randomness, so that a seed replays the same games); it returns one of
    ``options``, or ``None`` to wait for its next moment.
    """

    @property
    def name(self) -> str: ...

    @property
    def reaction(self) -> Reaction: ...

    def choose(self, view: SeatView, options: Sequence[Action], rng: random.Random) -> Action | None: ...


# ---------------------------------------------------------------------------- options


def option_of(action: Action) -> Option:
    """The integer-coded form of a seat's action (a play, draw, pickup or call)."""
    if isinstance(action, Play):
        return PLAY, action.pile, tuple(c.code for c in action.cards), action.declared
    if isinstance(action, Draw):
        return DRAW_OPTION
    if isinstance(action, Pickup):
        return PICKUP, action.pile, (), ()
    if isinstance(action, Call):
        return CALL_OPTION
    raise BotError(f"{action} is not an action a seat takes")


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
    raise BotError(f"not a seat's option: {option!r}")


def group_options(options: Iterable[Option]) -> tuple[list[list[Option]], bool]:
    """The options in canonical groups, and whether a call is among them.

    Plays are grouped by the first card they lay (groups in card-code order; within a
    group by cards, pile and declared ranks), then the draw, then the pickups (by pile).
    Both bundled bots choose from these groups, so the fast path (which builds them
    directly) and :meth:`Bot.choose` (which builds them from actions) agree.
    """
    plays: list[Option] = []
    pickups: list[Option] = []
    draw = call = False
    for option in options:
        kind = option[0]
        if kind == PLAY:
            plays.append(option)
        elif kind == DRAW:
            draw = True
        elif kind == PICKUP:
            pickups.append(option)
        elif kind == CALL:
            call = True
    plays.sort(key=lambda o: (o[2], o[1], o[3]))
    groups: list[list[Option]] = []
    first = -1
    for option in plays:
        if option[2][0] != first:
            first = option[2][0]
            groups.append([])
        groups[-1].append(option)
    if draw:
        groups.append([DRAW_OPTION])
    if pickups:
        groups.append(sorted(pickups))
    return groups, call


def seat_options(game: Game, seat: int) -> list[Action]:
    """The actions ``seat`` may take now (:meth:`speedrules.kernel.Kernel.options`): a call when it
    went out; under ``announce.call: penalty``, another seat's actions while a call is due
    (taking one makes the call late)."""
    return [action_of(option, seat) for option in game.kernel.options(seat)]


Menu = Callable[[int], tuple[list[list[Option]], bool]]
"""A seat's options now, grouped as :func:`~speedrules.bots.group_options` groups them, and
whether its call is due."""


def menu_maker(game: Game) -> Menu:
    """The fast path's :data:`Menu` for ``game``: the kernel's options for a seat, grouped."""
    options = game.kernel.options

    def menu(seat: int) -> tuple[list[list[Option]], bool]:
        return group_options(options(seat))

    return menu


def _is_plain(variant: Variant) -> bool:
    """Single cards and no jokers (so one option per card and pile): the variants a bot's
    specialised fast path serves."""
    return not variant.runs and variant.jokers == 0


class FastBot(abc.ABC):
    """The bundled bots.  ``_pick`` chooses from grouped integer options; ``choose`` is the
    same choice on actions (the :class:`Bot` protocol); ``decider`` is the simulator's
    fast path for one game, which a bot may specialise as long as it chooses exactly as
    ``_pick`` does (same choice, same calls on ``rng``)."""

    __slots__ = ()
    name: str
    reaction: Reaction

    @abc.abstractmethod
    def _pick(
        self, groups: list[list[Option]], call: bool, pile_size: Callable[[int], int], rng: random.Random
    ) -> Option | None:
        """The bot's choice among the option groups (each bundled bot defines it)."""

    def choose(self, view: SeatView, options: Sequence[Action], rng: random.Random) -> Action | None:
        """``_pick`` on the options as actions: the :class:`Bot` protocol's choice."""
        by_option = {option_of(a): a for a in options}
        groups, call = group_options(by_option)
        picked = self._pick(groups, call, view.pile_sizes.__getitem__, rng)
        return None if picked is None else by_option[picked]

    def decider(self, game: Game, rng: random.Random) -> Decider:
        menu = menu_maker(game)
        pick = self._pick
        piles = game.kernel.piles

        def pile_size(pile: int) -> int:
            return len(piles[pile])

        def decide(seat: int) -> Option | None:
            groups, call = menu(seat)
            if not groups and not call:
                return WAIT
            return pick(groups, call, pile_size, rng)

        return decide


@attrs.frozen(slots=True)
class RandomBot(FastBot):
    """Chooses at random: first uniformly among the distinct cards it could play and the
    draw (and a pickup, when it owes one), then uniformly among that card's piles, runs
    and declared ranks.  It calls when it goes out, except that with ``miss_call`` (a
    probability) it forgets, as a player may in a ``penalty`` variant.

    >>> bot = RandomBot()
    >>> view = SeatView(seat=0, t=500, hand=(Card.parse("8S"),), tops=(Card.parse("7H"),), top_ranks=(7,),
    ...                 pile_sizes=(1,), reserve_sizes=(5,), hand_sizes=(1, 5), draw_sizes=(3, 15))
    >>> bot.choose(view, [Play(0, Card.parse("8S"), 0), Draw(0)], random.Random(2))
    Draw(player=0, card=None)
    """

    reaction: Reaction = attrs.field(factory=Reaction)
    miss_call: float = 0.0
    name: str = "random"

    def _pick(
        self, groups: list[list[Option]], call: bool, pile_size: Callable[[int], int], rng: random.Random
    ) -> Option | None:
        if call:
            return None if self.miss_call and rng.random() < self.miss_call else CALL_OPTION
        if not groups:
            return None
        group = groups[int(rng.random() * len(groups))] if len(groups) > 1 else groups[0]
        return group[int(rng.random() * len(group))] if len(group) > 1 else group[0]

    def decider(self, game: Game, rng: random.Random) -> Decider:
        general = FastBot.decider(self, game, rng)
        v = game.variant
        if not _is_plain(v):
            return general
        rand = rng.random
        k = game.kernel
        playable_codes, piles_for, draw_rule = k.playable_codes, k.piles_for, k.draw_rule
        calls = v.call is not CallRule.NONE  # else no call is ever due and no pickup owed

        def decide(seat: int) -> Option | None:
            """``_pick`` on the plain menu, without building the options it does not choose."""
            if calls and (k.out_seat is not None or k.pickup_owed):
                return general(seat)
            codes = playable_codes(seat)
            n = len(codes) + (draw_rule(seat) is None)
            if not n:
                return WAIT
            i = int(rand() * n) if n > 1 else 0
            if i == len(codes):
                return DRAW_OPTION
            code = codes[i]
            fitting = piles_for(code)
            pile = fitting[int(rand() * len(fitting))] if len(fitting) > 1 else fitting[0]
            return PLAY, pile, (code,), ()

        return decide


@attrs.frozen(slots=True)
class GreedyBot(FastBot):
    """Plays whenever it can and refills at once: it calls the moment it goes out, takes
    the smallest pile when it owes a pickup, plays when it has a play (the longest run,
    a real card before a joker, otherwise at random) and draws when it has none.

    >>> bot = GreedyBot()
    >>> view = SeatView(seat=0, t=500, hand=(Card.parse("8S"),), tops=(Card.parse("7H"),), top_ranks=(7,),
    ...                 pile_sizes=(1,), reserve_sizes=(5,), hand_sizes=(1, 5), draw_sizes=(3, 15))
    >>> bot.choose(view, [Play(0, Card.parse("8S"), 0), Draw(0)], random.Random(2))
    Play(player=0, cards=(Card.parse('8S'),), pile=0, declared=())
    """

    reaction: Reaction = attrs.field(factory=Reaction)
    name: str = "greedy"

    def _pick(
        self, groups: list[list[Option]], call: bool, pile_size: Callable[[int], int], rng: random.Random
    ) -> Option | None:
        if call:
            return CALL_OPTION
        if not groups:
            return None
        last = groups[-1]
        if last[0][0] == PICKUP:
            return min(last, key=lambda o: (pile_size(o[1]), o[1]))
        plays = [o for g in groups if g[0][0] == PLAY for o in g]
        if not plays:
            return DRAW_OPTION if last[0][0] == DRAW else None
        if len(plays) > 1:
            best = max(len(o[2]) for o in plays)
            plays = [o for o in plays if len(o[2]) == best]
            real = [o for o in plays if JOKER_CODE not in o[2]]
            if real:
                plays = real
        return plays[int(rng.random() * len(plays))] if len(plays) > 1 else plays[0]

    def decider(self, game: Game, rng: random.Random) -> Decider:
        general = FastBot.decider(self, game, rng)
        v = game.variant
        if not _is_plain(v):
            return general
        rand = rng.random
        k = game.kernel
        playable_codes, piles_for, draw_rule = k.playable_codes, k.piles_for, k.draw_rule
        calls = v.call is not CallRule.NONE  # else no call is ever due and no pickup owed

        def decide(seat: int) -> Option | None:
            """``_pick`` on the plain menu: every (card, pile) play in menu order, else the draw."""
            if calls and (k.out_seat is not None or k.pickup_owed):
                return general(seat)
            plays = [(PLAY, pile, (code,), ()) for code in playable_codes(seat) for pile in piles_for(code)]
            if plays:
                return plays[int(rand() * len(plays))] if len(plays) > 1 else plays[0]
            if draw_rule(seat) is None:
                return DRAW_OPTION
            return WAIT

        return decide


# ---------------------------------------------------------------------------- the registry

BOTS: Mapping[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
"""The bots ``--bots`` names, each made with its defaults."""


def bot_names() -> tuple[str, ...]:
    """The registered bots' names."""
    return tuple(BOTS)


def make_bots(spec: str | Bot | Sequence[str | Bot] | None, players: int) -> tuple[Bot, ...]:
    """One bot per seat from ``"random,greedy"``, a bot, or a list of names and bots.

    The last one is repeated for the remaining seats; ``None`` gives every seat a
    :class:`RandomBot`.  Raises :class:`BotError` for an unknown name or too many bots.

    >>> [b.name for b in make_bots("greedy,random", 3)]
    ['greedy', 'random', 'random']
    """
    if spec is None:
        spec = "random"
    items: list[str | Bot]
    if isinstance(spec, str):
        items = [part.strip() for part in spec.split(",")]
    elif isinstance(spec, Bot):
        items = [spec]
    else:
        try:
            items = list(spec)
        except TypeError:
            raise BotError(f"not a bot, a bot's name or a list of them: {brief(spec)}") from None
    if not items:
        raise BotError("no bots given: name at least one (" + ", ".join(BOTS) + ")")
    if len(items) > players:
        raise BotError(f"{len(items)} bots for {players} seats: give at most one per seat")
    bots: list[Bot] = []
    for item in items:
        if isinstance(item, str):
            factory = BOTS.get(item)
            if factory is None:
                raise BotError(f"unknown bot {item!r}: the bots are {', '.join(BOTS)}")
            bots.append(factory())
        elif isinstance(item, Bot):
            bots.append(item)
        else:
            raise BotError(f"not a bot: {item!r} (a bot has a name, a reaction and choose())")
    bots += [bots[-1]] * (players - len(bots))
    return tuple(bots)
