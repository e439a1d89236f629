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
than :class:`~speedrules.speed.actions.Action` values (``tests/test_bots.py`` checks both paths
give identical games).

For Spit a bot is a :class:`SpitBot`: ``choose_spit(view, options, rng)`` picks one of the
seat's :func:`spit_options` given its :class:`SpitView`, and ``spit_pile`` the pile a lone
spitter keeps to; both bundled bots are Spit bots too.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from ..core.cards import JOKER_CODE, Card
from ..core.errors import SpeedrulesError, brief
from ..core.variant import Call as CallRule
from ..core.variant import Variant
from ..speed.actions import (
    CALL,
    DRAW,
    PICKUP,
    PLAY,
    Action,
    Call,
    Draw,
    Pickup,
    Play,
)
from ..speed.kernel import CALL_OPTION as CALL_OPTION
from ..speed.kernel import DRAW_OPTION as DRAW_OPTION
from ..speed.kernel import Option as Option
from ..speed.playout import WAIT as WAIT
from ..speed.playout import Decider as Decider
from ..speed.playout import RandomChoice
from ..spit.actions import Choose, GapMove, Pairing, Slap, SpitAction, StockPlay
from ..spit.kernel import CHOOSE as CHOOSE_KIND
from ..spit.kernel import MOVE as SPIT_MOVE
from ..spit.kernel import PLAY as SPIT_PLAY
from ..spit.kernel import SLAP as SLAP_KIND

if TYPE_CHECKING:
    from ..speed.game import Game
    from ..spit.game import SpitGame



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
    """The actions ``seat`` may take now (:meth:`speedrules.speed.kernel.Kernel.options`): a call when it
    went out; under ``announce.call: penalty``, another seat's actions while a call is due
    (taking one makes the call late)."""
    return [action_of(option, seat) for option in game.kernel.options(seat)]


Menu = Callable[[int], tuple[list[list[Option]], bool]]
"""A seat's options now, grouped as :func:`~speedrules.sim.bots.group_options` groups them, and
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
    probability) it forgets, as a player may in a ``penalty`` variant.  In Spit it picks
    uniformly among its options (:func:`spit_options`) and, spitting alone, a pile at random.

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
        v = game.variant
        if not _is_plain(v):
            return FastBot.decider(self, game, rng)
        # ``_pick`` on the plain menu, without the options; the general path where a call can be due
        general = None if v.call is CallRule.NONE else FastBot.decider(self, game, rng)
        return RandomChoice(game.kernel, rng, general)

    def choose_spit(self, view: SpitView, options: Sequence[SpitAction], rng: random.Random) -> SpitAction | None:
        """Spit: uniformly at random among the options (its plays, or the move that unblocks its
        row, or the claims), so it slaps a pile at random."""
        return options[int(rng.random() * len(options))] if len(options) > 1 else options[0]

    def spit_pile(self, view: SpitView, piles: Sequence[int], rng: random.Random) -> int:
        """Spit, spitting alone: a pile at random."""
        return piles[int(rng.random() * len(piles))] if len(piles) > 1 else piles[0]


@attrs.frozen(slots=True)
class GreedyBot(FastBot):
    """Plays whenever it can and refills at once: it calls the moment it goes out, takes
    the smallest pile when it owes a pickup, plays when it has a play (the longest run,
    a real card before a joker, otherwise at random) and draws when it has none.  In Spit it
    plays whenever it can (at random among its plays), else unblocks its row, slaps (or chooses)
    the smaller centre pile at its first moment, and spitting alone spits onto the larger pile.

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

    def choose_spit(self, view: SpitView, options: Sequence[SpitAction], rng: random.Random) -> SpitAction | None:
        """Spit: claims the smaller centre pile (slap or choice; pile 0 on equal piles), else plays
        (at random among its plays), else makes the move that unblocks its row."""
        claims = [a for a in options if isinstance(a, (Slap, Choose))]
        if claims:
            return min(claims, key=lambda a: (view.centre_sizes[a.pile], a.pile))
        plays = [a for a in options if isinstance(a, StockPlay)]
        if plays:
            return plays[int(rng.random() * len(plays))] if len(plays) > 1 else plays[0]
        return options[0]

    def spit_pile(self, view: SpitView, piles: Sequence[int], rng: random.Random) -> int:
        """Spit, spitting alone: onto the larger centre pile (on equal piles its own side's),
        keeping the smaller one small for the slap."""
        return max(piles, key=lambda p: (view.centre_sizes[p], p == view.seat))


# ---------------------------------------------------------------------------- Spit


@attrs.frozen(slots=True)
class SpitView:
    """What one seat sees in a round of Spit when it is its moment to act.

    ``tops`` and ``centre_sizes`` are the two centre piles' top cards (``None`` before a spit
    starts one) and sizes; ``row_tops[p]`` the face-up top of each of player *p*'s stock piles
    (``None`` for a gap) and ``row_sizes[p]`` their sizes (both players' rows are in view, as at
    the table); ``spit_sizes`` each player's spit cards; ``round_over`` whether the round has
    ended and the centre piles are being claimed; ``round`` the round's number (from 0); ``t``
    the time in ms since the round's first spit.
    """

    seat: int
    t: int
    round: int
    tops: tuple[Card | None, ...]
    centre_sizes: tuple[int, ...]
    row_tops: tuple[tuple[Card | None, ...], ...]
    row_sizes: tuple[tuple[int, ...], ...]
    spit_sizes: tuple[int, ...]
    round_over: bool = False

    @classmethod
    def of(cls, game: SpitGame, seat: int, t: int = 0) -> SpitView:
        """The view of ``seat`` in a :class:`~speedrules.SpitGame` at time ``t``."""
        k = game.kernel
        return cls(
            seat=seat,
            t=t,
            round=game.round,
            tops=game.tops,
            centre_sizes=tuple(len(p) for p in k.centre),
            row_tops=tuple(tuple(Card.from_code(p[-1]) if p else None for p in row) for row in k.rows),
            row_sizes=tuple(tuple(len(p) for p in row) for row in k.rows),
            spit_sizes=tuple(len(s) for s in k.spits),
            round_over=k.is_over(),
        )


@runtime_checkable
class SpitBot(Protocol):
    """A player policy for Spit: a ``name``, a ``reaction``, ``choose_spit`` and ``spit_pile``.

    ``choose_spit(view, options, rng)`` gets the seat's :class:`SpitView` and its options now
    (:func:`spit_options`, never empty) and returns one of them, or ``None`` to let the moment
    pass.  ``spit_pile(view, piles, rng)`` is asked when the seat spits alone and must choose
    the centre pile it will keep spitting onto: one of ``piles``.  Both bundled bots are Spit bots.
    """

    @property
    def name(self) -> str: ...

    @property
    def reaction(self) -> Reaction: ...

    def choose_spit(self, view: SpitView, options: Sequence[SpitAction], rng: random.Random) -> SpitAction | None: ...

    def spit_pile(self, view: SpitView, piles: Sequence[int], rng: random.Random) -> int: ...


def spit_options(game: SpitGame, seat: int) -> list[SpitAction]:
    """A Spit seat's options now, as the kernel judges them: once the round is over, the claims
    it may make (slaps, or a choice); during play, every play of a stock pile's top onto a centre
    pile, or, when it has none, the first move of the shortest sequence of row moves that makes
    one possible (:meth:`~speedrules.spit.kernel.SpitKernel.unblocking_moves`: a gap move or a pairing;
    under ``spit.stuck: turn-up``, failing that, one that turns up a face-down card:
    :meth:`~speedrules.spit.kernel.SpitKernel.unsticking_moves`).
    Other row moves are legal but left out, so that a bot never shuffles its row in circles.
    Empty when the seat has nothing to do (before the round's first spit, when it is stuck, or
    once the round is settled).

    >>> from speedrules import deal_spit, Spit
    >>> game = deal_spit("spit", seed=2)
    >>> game.apply(Spit())
    >>> [str(a) for a in spit_options(game, 0)]
    ['0:2>0', '0:4>0']
    """
    k = game.kernel
    if k.is_settled():
        return []
    check = k.check_event
    if k.is_over():
        claims: list[SpitAction] = [Slap(seat, c) for c in (0, 1) if check(SLAP_KIND, seat, c) is None]
        return claims + [Choose(seat, c) for c in (0, 1) if check(CHOOSE_KIND, seat, c) is None]
    if not k.started:
        return []
    plays: list[SpitAction] = [StockPlay(seat, i, c) for i in range(len(k.rows[seat])) for c in (0, 1)
                               if check(SPIT_PLAY, seat, i, c) is None]
    if plays:
        return plays
    found = k.unsticking_moves(seat)
    if found is None or not found[0]:
        return []
    kind, a, b = found[0][0]
    if check(kind, seat, a, b) is not None:
        return []
    return [GapMove(seat, a, b) if kind == SPIT_MOVE else Pairing(seat, a, b)]


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
