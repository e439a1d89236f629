"""Nertz at the simulator's table (:class:`~speedrules.table.Table`): a game of hands to the
target, each seat's options in roles for the bundled bots.

A seat's *plays* are its progress moves (a card to a foundation, the Nertz or waste top to a
work pile), one group per card; its *refills* turn the stock (or turn the waste over).  A seat
that has turned through its whole stock with no progress at the table since also offers its
moves between work piles (which is how a player digs for a card), and waits once it is stuck
(:meth:`~speedrules.nertz.kernel.NertzKernel.seat_stuck`) or has looked far too long; when every
seat waits, the table gives the stuck response (or, if someone could still progress but no bot
found how, stops the game as ``stuck``).  A hand that ends is scored and the next is dealt until
a total reaches the target (or ``max_rounds`` hands).

>>> import random
>>> from speedrules import load_variant
>>> from speedrules.sim.choices import GreedyChoice
>>> from speedrules.sim.playout import play
>>> rng = random.Random(4)
>>> table = NertzTable(load_variant("nertz"), rng, ("a", "b"), max_rounds=1)
>>> play(table, [GreedyChoice(rng)] * 2, rng, [309, 309], [401, 401], 10, 20_000)
>>> table.rounds(), table.ending()[1] in ("rounds", "out", "stuck")
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.errors import IllegalActionError, Violation
from ..core.variant import Variant
from ..table import BOUNCED, ENDED, MOVED, NEVER, STIRRED, STOOD, STOP, Menu, Table
from .actions import NertzAction, Stuck, decode, encode
from .game import NertzGame, deal_nertz
from .kernel import FOUND, KIND_NAMES, NERTZ, STUCK, WASTE, WORK
from .scoring import match_winner
from .view import NertzView
from .wire import event_json

Option = tuple[int, int, tuple[int, ...], tuple[int, ...]]
PATIENCE = 30
"""How many whole stock cycles a seat goes on looking with no progress at the table before it waits."""


def _option(event: tuple[Any, ...]) -> Option:
    kind, _player, card, src, dst = event[:5]
    return (kind, dst if kind == FOUND else -1, () if card is None else (card,),
            (src, dst) if kind in (FOUND, WORK) else ())


def option_of(action: Any) -> Option:
    """The option an action stands for: ``(kind, foundation or -1, (card,), (src, dst))``."""
    return _option(encode(action))


def event_of(seat: int, option: Option, t: Any = None) -> tuple[Any, ...]:
    """The coded event (the kernel's) of ``seat`` taking ``option`` at time ``t`` in the hand (the
    inverse of :func:`_option`)."""
    kind, _pile, cards, detail = option
    src, dst = detail if detail else (None, None)
    return kind, seat, cards[0] if cards else None, src, dst, t


def action_of(seat: int, option: Option) -> NertzAction:
    """The action ``seat`` takes with ``option``."""
    return decode(event_of(seat, option))[0]


def is_play(option: Option) -> bool:
    """A progress move: to a foundation, or the Nertz or waste top to a work pile."""
    return option[0] == FOUND or (option[0] == WORK and option[3][0] < 0)


def build_menu(seat: int, options: Sequence[Option]) -> Menu:
    """The menu of ``options`` in roles: plays grouped by card (in order), the rest refills."""
    menu = Menu(seat)
    menu.sizes = [0]
    groups: dict[int, list[Option]] = {}
    for option in options:
        if is_play(option):
            groups.setdefault(option[2][0], []).append(option)
        else:
            menu.refills.append(option)
    menu.plays = list(groups.values())
    menu.count = len(menu.plays)
    return menu


def menu_of(view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
    """The menu of a seat whose options are given as actions (a bot of the public protocol)."""
    by_option = {option_of(a): a for a in actions}
    return build_menu(view.seat, list(by_option)), by_option


class NertzTable(Table):
    """A game of Nertz at the simulator's table (see the module's docstring)."""

    def __init__(self, variant: Variant, rng: random.Random, names: Sequence[str], *, max_rounds: int) -> None:
        super().__init__(variant.players)
        self.variant, self.rng, self.names, self.max_rounds = variant, rng, tuple(names), max_rounds
        self.hands: list[NertzGame] = []
        """Each hand as dealt (its layout, for the log); the hand in play is :attr:`kernel`."""
        self.played: list[list[tuple[Any, ...]]] = []
        """Each hand's coded events with their times, as the kernel judged and applied them."""
        self.shown: NertzGame | None = None
        self.totals = [0] * variant.players
        self.winner: int | None = None
        self.tally = dict.fromkeys(KIND_NAMES, 0)
        self.due = NEVER
        self.started = False
        self._deal()
        self.seed = self.hands[0].seed or 0

    @property
    def game(self) -> NertzGame:
        """The hand in play as a game from its position (for pictures and a bot's view: its
        actions are the table's, kept as codes in :attr:`played`), made once for each event."""
        k = self.kernel
        if self.shown is None or self.shown.kernel.version != k.version:
            self.shown = NertzGame(self.variant, k.copy(), None, names=self.names, seed=self.hands[-1].seed)
        return self.shown

    def _deal(self) -> None:
        dealt = deal_nertz(self.variant, self.rng.getrandbits(63), names=self.names)
        self.hands.append(dealt)
        self.kernel = dealt.kernel.copy()
        self.coded: list[tuple[Any, ...]] = []
        self.played.append(self.coded)
        self.shown = None
        self.start = self.now
        self.idle = [0] * self.seats
        self.dug: dict[int, tuple[int, int, int] | None] = {}
        """Each seat's way to progress, as :meth:`_dig` found it (kept while it stands)."""
        self.standing: list[list[tuple[int, list[Option]]]] = [
            [(-1, [])] * (1 + len(work)) for work in self.kernel.work]
        """Each seat's plays from its Nertz pile and from each work pile, with the version of the
        hand they were listed at (-1: never; :meth:`_standing`)."""

    def _dig(self, seat: int) -> tuple[int, int, int] | None:
        """The seat's way to progress (:meth:`~speedrules.nertz.kernel.NertzKernel.dig`), kept
        until an event changes what it depends on (:meth:`_land` forgets it)."""
        if seat not in self.dug:
            self.dug[seat] = self.kernel.dig(seat)
        return self.dug[seat]

    def menu(self, seat: int) -> Menu | None:
        k = self.kernel
        if k.ended or self.winner is not None:
            return None
        cycle = (len(k.stock[seat]) + len(k.waste[seat])) // k.opts.stock_turn + 2
        # every move from a pile's top is a play (a card to a foundation, the Nertz or waste top
        # to a work pile), one group a pile: one card
        plays = self._standing(seat)
        waste = [_option(move) for move in k.top_moves(seat, WASTE)]
        if waste:
            plays.append(waste)
        refills = [_option(move) for move in k.stock_moves(seat)]  # the stock turned (or the waste), the call
        idle = self.idle[seat]
        if idle >= cycle or not refills:
            # a whole stock cycle with no progress at the table, or no stock to turn: dig, or wait when stuck
            way = None if idle >= PATIENCE * cycle else self._dig(seat)
            if way is None:
                return None
            if way[0] >= 0:  # the first move between work piles on the way
                j, count, d = way
                refills = [(WORK, -1, (k.work[seat][j][-count],), (j, d))]
        if not plays and not refills:
            return None
        menu = Menu(seat)
        menu.sizes = [0]
        menu.plays, menu.count, menu.refills = plays, len(plays), refills
        return menu

    def _standing(self, seat: int) -> list[list[Option]]:
        """The seat's plays from its Nertz pile and its work piles, one group a pile with any: each
        pile's kept while it stands (:meth:`~speedrules.nertz.kernel.NertzKernel.top_stamps`)."""
        k = self.kernel
        kept, stamps = self.standing[seat], k.top_stamps(seat)
        groups = []
        for src in range(NERTZ, len(k.work[seat])):  # (the Nertz pile is -1, the work piles 0, 1...)
            at, group = kept[src + 1]
            if at < 0 or stamps[src + 2] > at:
                group = [_option(move) for move in k.top_moves(seat, src)]
                kept[src + 1] = (k.version, group)
            if group:
                groups.append(group)
        return groups

    def action(self, t: int) -> Any:
        return None

    def land(self, actor: int, option: Any, t: int, due: list[int]) -> int:
        if self._land(event_of(actor, option, t - self.start)) is not None:
            return BOUNCED
        self._count(option[0], t)
        if is_play(option):
            self.idle = [0] * self.seats
        else:
            self.idle[actor] += 1
        return self._after_event()

    def _land(self, event: tuple[Any, ...]) -> Violation | None:
        """Why the kernel refuses the coded event (with its time in the hand), or ``None``: then
        it is applied and kept for the log."""
        k = self.kernel
        kind, player, card, src, dst, t = event
        problem = k.check_event(kind, player, card, src, dst, t)
        if problem is None:
            k.apply_event(kind, player, card, src, dst, t, len(self.coded))
            self.coded.append(event)
            self._forget(kind, player)
        return problem

    def _forget(self, kind: int, player: int) -> None:
        """Forget the ways to progress an event changed: a seat's depends on its Nertz top and work
        piles, on the foundations and on the cards its stock cycle shows, which its own turns and
        resets of the stock keep."""
        if kind == WORK:
            self.dug.pop(player, None)
        elif kind in (FOUND, STUCK):
            self.dug.clear()

    def _count(self, kind: int, t: int) -> None:
        self.events += 1
        self.tally[KIND_NAMES[kind]] += 1
        self.last = t

    def _after_event(self) -> int:
        """After an event: a hand that ended is scored and the next dealt; ENDED once decided."""
        k = self.kernel
        if not k.ended:
            return STOOD
        self.totals = [a + b for a, b in zip(self.totals, k.hand_scores(), strict=True)]
        self.winner = match_winner(self.totals, k.opts.target)
        if self.winner is not None or len(self.hands) >= self.max_rounds:
            return STOOD | ENDED
        self._deal()
        return STOOD | STIRRED

    def step(self) -> int:
        if not self.started:
            self.started = True
            return MOVED
        if self.over():
            return STOP
        if any(self._dig(seat) is not None for seat in range(self.seats)):  # (the kernel judges it again)
            self.reason = "stuck"  # someone could still progress, but no bot found how
            return STOP
        problem = self._land((*encode(Stuck()), self.now - self.start))
        if problem is not None:  # (never: every seat is stuck)
            raise IllegalActionError(problem)
        self._count(KIND_NAMES.index("stuck"), self.now)
        self.idle = [0] * self.seats
        return MOVED if self._after_event() & ENDED == 0 else STOP

    def over(self) -> bool:
        return self.winner is not None or (self.kernel.ended and len(self.hands) >= self.max_rounds)

    def view(self, seat: int) -> Any:
        return NertzView(seat, self.now, self.game.position())

    def actions(self, menu: Menu) -> list[Any]:
        return [action_of(menu.seat, o) for o in menu.options()]

    def option_of(self, action: Any) -> Any:
        return option_of(action)

    def ending(self) -> tuple[int | None, str, tuple[int, ...]]:
        if self.reason:
            return None, self.reason, ()
        return (self.winner, "out", ()) if self.winner is not None else (None, "rounds", ())

    def remaining(self) -> tuple[int, ...]:
        return tuple(len(n) for n in self.kernel.nertz)

    def counts(self) -> dict[str, int]:
        return dict(self.tally)

    def extra(self) -> dict[str, Any]:
        return {}

    def rounds(self) -> int:
        return len(self.hands)

    def log_deals(self) -> list[Any]:
        deals = []
        for dealt, events in zip(self.hands, self.played, strict=True):
            deal = dealt.to_log_data()["deals"][0]  # (its layout: the dealt game holds no event)
            deal["events"] = [event_json(event) for event in events]
            deals.append(deal)
        return deals
