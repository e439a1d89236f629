"""Bots: player policies for simulated games (see ``docs/simulation.md``).

A bot is anything with a ``name``, a ``reaction`` (its :class:`Reaction` time model)
and a ``choose(view, options, rng)`` method: given what its seat sees (the family's seat
view: a :class:`~speedrules.speed.seat.SeatView` in Speed, a
:class:`~speedrules.spit.table.SpitView` in Spit) and the actions legal for
that seat at that moment, it returns one of them, or ``None`` to let the moment pass.  The
simulator asks a seat each time its reaction time has elapsed; a seat with no options waits
until the table changes.

>>> bot = GreedyBot()
>>> bot.name, bot.reaction
('greedy', Reaction(mean_ms=500, spread_ms=200))

The two bundled bots, :class:`RandomBot` and :class:`GreedyBot`, are each one choice on a
seat's options by their roles (:mod:`speedrules.sim.choices`, compiled with the optional
build), whatever the family: the simulator asks it on the integer options the family's table
gives, and ``choose`` asks it on the options given as actions.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from ..core.errors import SpeedrulesError, brief
from ..family import family_of
from ..table import Chooser, Menu, Table
from .choices import GreedyChoice, RandomChoice

__all__ = ["BOTS", "Bot", "BotError", "FastBot", "GreedyBot", "RandomBot", "Reaction", "ViewChooser",
           "bot_names", "make_bots"]


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


@runtime_checkable
class Bot(Protocol):
    """A player policy: a ``name``, a ``reaction`` time model, and ``choose``.

    ``choose(view, options, rng)`` gets the seat's view (the family's: Speed's
    :class:`~speedrules.speed.seat.SeatView`, Spit's :class:`~speedrules.spit.table.SpitView`), the actions legal
    for the seat at that moment (never empty) and the game's random source (use only
    ``rng`` for randomness, so that a seed replays the same games); it returns one of
    ``options``, or ``None`` to wait for its next moment.
    """

    @property
    def name(self) -> str: ...

    @property
    def reaction(self) -> Reaction: ...

    def choose(self, view: Any, options: Sequence[Any], rng: random.Random) -> Any: ...


class FastBot(abc.ABC):
    """The bundled bots: ``chooser`` is the bot's one choice (compiled), which the simulator asks
    on the options the family's table gives; ``choose`` is the same choice on options given as
    actions (the :class:`Bot` protocol)."""

    __slots__ = ()
    name: str
    reaction: Reaction

    @abc.abstractmethod
    def chooser(self, rng: random.Random) -> Chooser:
        """The bot's choice on a seat's :class:`~speedrules.table.Menu`, drawing from ``rng``."""

    def choose(self, view: Any, options: Sequence[Any], rng: random.Random) -> Any:
        """The bot's choice among ``options`` (the family's actions), given its seat's ``view``."""
        if not options:
            return None
        menu, by_option = family_of(view).menu_of(view, options)
        picked = self.chooser(rng).pick(menu)
        return None if picked is None else by_option[picked]


@attrs.frozen(slots=True)
class RandomBot(FastBot):
    """Chooses at random: first uniformly among the distinct cards it could play, the refill (the
    draw; in Spit the row move that unblocks a play) and the claims (a pickup it owes; in Spit
    the centre piles to slap), then uniformly within: among that card's piles, runs and declared
    ranks, or the piles.  It calls when it goes out, except that with ``miss_call`` (a
    probability) it forgets, as a player may in a ``penalty`` variant
    (:class:`~speedrules.sim.choices.RandomChoice`).

    >>> from speedrules.core.cards import Card
    >>> from speedrules.speed.actions import Draw, Play
    >>> from speedrules.speed.seat import SeatView
    >>> bot = RandomBot()
    >>> view = SeatView(seat=0, t=500, hand=(Card.parse("8S"),), tops=(Card.parse("7H"),), top_ranks=(7,),
    ...                 pile_sizes=(1,), reserve_sizes=(5,), hand_sizes=(1, 5), draw_sizes=(3, 15))
    >>> bot.choose(view, [Play(0, Card.parse("8S"), 0), Draw(0)], random.Random(2))
    Draw(player=0, card=None)
    """

    reaction: Reaction = attrs.field(factory=Reaction)
    miss_call: float = 0.0
    name: str = "random"

    def chooser(self, rng: random.Random) -> Chooser:
        return RandomChoice(rng, self.miss_call)


@attrs.frozen(slots=True)
class GreedyBot(FastBot):
    """Plays whenever it can and refills at once: it calls the moment it goes out, claims the
    smallest pile it may (a pickup it owes; in Spit the smaller centre pile, at its first
    moment), plays when it has a play (the longest run, a real card before a joker, otherwise
    at random) and refills when it has none (draws; in Spit unblocks its row, and spitting
    alone spits onto the larger pile, keeping the smaller one small for the slap)
    (:class:`~speedrules.sim.choices.GreedyChoice`).

    >>> from speedrules.core.cards import Card
    >>> from speedrules.speed.actions import Draw, Play
    >>> from speedrules.speed.seat import SeatView
    >>> bot = GreedyBot()
    >>> view = SeatView(seat=0, t=500, hand=(Card.parse("8S"),), tops=(Card.parse("7H"),), top_ranks=(7,),
    ...                 pile_sizes=(1,), reserve_sizes=(5,), hand_sizes=(1, 5), draw_sizes=(3, 15))
    >>> bot.choose(view, [Play(0, Card.parse("8S"), 0), Draw(0)], random.Random(2))
    Play(player=0, cards=(Card.parse('8S'),), pile=0, declared=())
    """

    reaction: Reaction = attrs.field(factory=Reaction)
    name: str = "greedy"

    def chooser(self, rng: random.Random) -> Chooser:
        return GreedyChoice(rng)


class ViewChooser(Chooser):
    """How the simulator asks a bot of the public protocol: its seat's view and its options as
    actions (the family's table gives both), its ``choose``, and the option of what it chose
    (a :class:`BotError` if it was not offered)."""

    def __init__(self, bot: Bot, table: Table, rng: random.Random) -> None:
        super().__init__(rng)
        self.bot = bot
        self.table = table

    def pick(self, menu: Menu) -> Any:
        table, bot, seat = self.table, self.bot, menu.seat
        options = table.actions(menu)
        action = bot.choose(table.view(seat), options, self.rng)
        if action is None:
            return None
        if action not in options:
            raise BotError(f"bot {bot.name!r} (seat {seat}) chose {_describe(action)}, which is not one of its "
                           f"options ({', '.join(_describe(o) for o in options)})")
        return table.option_of(action)


def _describe(action: object) -> str:
    describe = getattr(action, "describe", None)
    return str(describe()) if callable(describe) else brief(action)


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
