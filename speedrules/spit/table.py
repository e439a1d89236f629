"""Spit at the simulator's table (:class:`~speedrules.table.Table`): a whole game, round after
round, every action judged and applied by the round's :class:`~speedrules.spit.kernel.SpitKernel`
(through :meth:`~speedrules.spit.game.SpitGame.apply`).

Each round opens with the table's spit at ``t = 0`` (each round's clock starts at its first
spit).  During play a seat's menu is its plays (one group a stock pile's top), or, with none,
the row move that unblocks one (a refill); once the round is over, its claims.  When the
kernel allows a spit, the table spits :data:`SPIT_PAUSE_MS` after the event that jammed play;
a lone spitter who must name the pile chooses it (its menu's refills, its own side first).
Once a round is settled and every seat waits, the next round is laid.  A seat whose row comes
back to an arrangement it had since the table last changed makes no more row moves until it
changes; :data:`MAX_IDLE_MOVES` row moves in a row end the game ``stuck``.

>>> import random
>>> from speedrules.core.loading import load_variant
>>> table = SpitTable(load_variant("spit"), random.Random(1), ("a", "b"), log=False, max_rounds=200)
>>> table.land(-1, table.action(0), 0, [0, 0]) & 1, table.counts()["spit"]
(1, 1)
>>> view = SpitView.of(table.game, 0)
>>> [str(c) for c in view.tops], [str(c) for c in view.row_tops[0]]
(['3H', 'JS'], ['3C', '4C', '9D', '4H', '2C'])
>>> [str(a) for a in table.actions(table.menu(0))]  # 4C, 4H and 2C (stock piles 1, 3, 4) onto the 3H
['0:1>0', '0:3>0', '0:4>0']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from ..core.cards import Card
from ..core.errors import IllegalActionError, InvalidActionError
from ..core.variant import Variant
from ..table import AGAIN, BOUNCED, ENDED, NEVER, STIRRED, STOOD, STOP, Menu, Table
from .actions import Choose, GapMove, Pairing, Slap, Spit, SpitAction, StockPlay
from .game import SpitGame, deal_spit
from .kernel import CHOOSE, JAM, KIND_NAMES, MOVE, PAIR, PLAY, SLAP, SPIT
from .stats import SpitStats

__all__ = ["MAX_IDLE_MOVES", "SPIT_PAUSE_MS", "SpitTable", "SpitView", "action_of",
           "menu_of", "option_of", "spit_menu", "spit_options"]

SPIT_PAUSE_MS: Final = 1000
"""When neither player can play, the table spits this long after the last event."""
MAX_IDLE_MOVES: Final = 500
"""The most row moves (gap moves, pairings) in a row, with no play, spit or claim between
them, before a game is taken to be stuck (a guard: the kernel's strict reading of "can play"
is exact, so a seat that can play has moves that lead to a play, and no bundled variant
produces a stuck game; docs/simulation.md)."""

_NAMES: Final = dict(zip((SPIT, PLAY, MOVE, PAIR, SLAP, CHOOSE, JAM), KIND_NAMES, strict=True))
"""Each event kind's name."""


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

    family: ClassVar[str] = "spit"
    """The game family whose seat this is (what a bot's ``choose`` may ask the family about)."""

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


# ---------------------------------------------------------------------------- options and actions


def option_of(action: Any) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """The integer option of a Spit action a seat (or a lone spitter) takes: ``(kind, centre
    pile or -1, (), stock piles)``."""
    if isinstance(action, StockPlay):
        return PLAY, action.pile, (), (action.stock,)
    if isinstance(action, (GapMove, Pairing)):
        return MOVE if isinstance(action, GapMove) else PAIR, -1, (), (action.stock, action.to)
    if isinstance(action, (Slap, Choose)):
        return SLAP if isinstance(action, Slap) else CHOOSE, action.pile, (), ()
    if isinstance(action, Spit):
        return SPIT, -1 if action.pile is None else action.pile, (), ()
    raise InvalidActionError(f"{action} is not an action a Spit seat takes")


def action_of(option: Any, seat: int) -> SpitAction:
    """The action an option stands for, taken by ``seat`` (a spit is the table's)."""
    kind, pile, _cards, detail = option
    if kind == PLAY:
        return StockPlay(seat, detail[0], pile)
    if kind == MOVE:
        return GapMove(seat, detail[0], detail[1])
    if kind == PAIR:
        return Pairing(seat, detail[0], detail[1])
    if kind == SLAP:
        return Slap(seat, pile)
    if kind == CHOOSE:
        return Choose(seat, pile)
    if kind == SPIT:
        return Spit(None if pile < 0 else pile)
    raise InvalidActionError(f"not a Spit option: {option!r}")


def spit_menu(game: SpitGame, seat: int, moves: bool = True) -> Menu | None:
    """``seat``'s options now, as the kernel judges them, or ``None`` when it has nothing to do
    (before the round's first spit, when it is stuck, once the round is settled).  Once the round
    is over, the claims it may make (slaps, or a choice); during play, every play of a stock
    pile's top onto a centre pile (a group per stock pile), or, when it has none and ``moves``,
    the first move of the shortest sequence of row moves that makes one possible
    (:meth:`~speedrules.spit.kernel.SpitKernel.unsticking_moves`) as its refill.  Other row moves
    are legal but left out, so that a bot never shuffles its row in circles."""
    k = game.kernel
    if k.is_settled():
        return None
    check = k.check_event
    menu = Menu(seat)
    menu.sizes = [len(p) for p in k.centre]
    if k.is_over():
        menu.claims = [(kind, c, (), ()) for kind in (SLAP, CHOOSE) for c in (0, 1)
                       if check(kind, seat, c) is None]
        return menu if menu.claims else None
    if not k.started:
        return None
    ok, tops, centre = k.card_ok, k.tops, k.centre
    for i, pile in enumerate(k.rows[seat]):
        # the kernel judges each play whose card fits the pile's top (its fit table: what it checks last)
        group = [(PLAY, c, (), (i,)) for c in (0, 1)
                 if pile and centre[c] and ok[tops[c]][pile[-1]] and check(PLAY, seat, i, c) is None]
        if group:
            menu.plays.append(group)
    if menu.plays:
        menu.count = len(menu.plays)
        return menu
    found = k.unsticking_moves(seat) if moves else None
    if found is None or not found[0]:
        return None
    kind, a, b = found[0][0]
    if check(kind, seat, a, b) is not None:
        return None
    menu.refills.append((kind, -1, (), (a, b)))
    return menu


def spit_options(game: SpitGame, seat: int) -> list[SpitAction]:
    """:func:`spit_menu`'s options as actions (empty when the seat has nothing to do).

    >>> game = deal_spit("spit", seed=2)
    >>> game.apply(Spit())
    >>> [str(a) for a in spit_options(game, 0)]
    ['0:2>0', '0:4>0']
    """
    menu = spit_menu(game, seat)
    return [] if menu is None else [action_of(o, seat) for o in menu.options()]


def menu_of(view: SpitView, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
    """The menu of a seat whose options are given as actions, and the action of each option."""
    by_option = {option_of(a): a for a in actions}
    menu = Menu(view.seat)
    menu.sizes = list(view.centre_sizes)
    groups: dict[int, list[Any]] = {}
    for option in by_option:
        kind = option[0]
        if kind in (SLAP, CHOOSE):
            menu.claims.append(option)
        elif kind == PLAY:
            groups.setdefault(option[3][0], []).append(option)
        else:
            menu.refills.append(option)
    menu.plays = [groups[i] for i in sorted(groups)]
    menu.count = len(menu.plays)
    return menu, by_option


# ---------------------------------------------------------------------------- the table


class SpitTable(Table):
    """A game of a Spit variant at the simulator's table, dealt from ``rng``; at most
    ``max_rounds`` rounds.  (``log``: the game keeps its history, which is its log, anyway.)"""

    def __init__(self, variant: Variant, rng: random.Random, names: Sequence[str], *, log: bool,
                 max_rounds: int) -> None:
        super().__init__(2)
        self.game = deal_spit(variant, rng.getrandbits(63), names=names)
        self.seed = self.game.seed if self.game.seed is not None else 0
        self.max_rounds = max_rounds
        self.counted = dict.fromkeys(_NAMES, 0)
        self.races, self.chose, self.smaller = [0, 0], [0, 0], [0, 0]
        self.round_events: list[int] = []
        self.round_spits: list[int] = []
        self.played_ms = 0
        self._new_round()

    def _new_round(self) -> None:
        """A round begins: its clock at 0, the table's spit due at once, the guards reset."""
        self.due = 0
        self.last = 0
        self.ended = False  # the round has ended (the seats reacted to it)
        self.closed = False  # its figures are counted
        self.at_start = (self.events, self.counted[SPIT])
        self.idle = 0  # row moves since the last play, spit or claim
        self.seen: list[set[tuple[tuple[int, ...], ...]]] = [set(), set()]  # each row's arrangements since then
        self.circling = [False, False]  # a seat whose row moves brought back an arrangement it had

    # ------------------------------------------------------------------ play

    def menu(self, seat: int) -> Menu | None:
        # a seat that has gone round in circles makes no more row moves until the table changes
        return spit_menu(self.game, seat, moves=not self.circling[seat])

    def action(self, t: int) -> Any:
        """The table's spit, or ``None`` when the kernel allows none.  A spit that names no pile
        is preferred (both spit, or a lone spitter keeps to its pile); when the kernel wants a
        pile named, the lone spitter chooses one of those it allows."""
        k = self.game.kernel
        if k.check_event(SPIT) is None:
            return SPIT, -1, (), ()
        spitters = k.spitters()
        seat = spitters[0] if len(spitters) == 1 else 0
        menu = Menu(seat)
        menu.sizes = [len(p) for p in k.centre]
        menu.refills = [(SPIT, c, (), ()) for c in (seat, 1 - seat) if k.check_event(SPIT, -1, c) is None]
        if not menu.refills:
            return None
        chosen = self.ask(seat, menu)
        return menu.refills[0] if chosen is None else chosen

    def land(self, actor: int, option: Any, t: int, due: list[int]) -> int:
        kind = option[0]
        game = self.game
        k = game.kernel
        mover = actor if kind in (MOVE, PAIR) else -1
        before = tuple(map(tuple, k.rows[mover])) if mover >= 0 else ()
        try:
            game.apply(action_of(option, actor), t)
        except IllegalActionError:
            return BOUNCED
        self.events += 1
        self.last = t
        self.counted[kind] += 1
        done = STIRRED if kind == SPIT else STOOD  # fresh cards: both seats react
        if kind == CHOOSE:
            self.chose[actor] += 1
        if mover >= 0:
            self.idle += 1
            if self.idle >= MAX_IDLE_MOVES:
                self.reason = "stuck"  # row moves without end: see MAX_IDLE_MOVES
                done |= ENDED
            self.seen[mover].add(before)
            if tuple(map(tuple, k.rows[mover])) in self.seen[mover]:
                self.circling[mover] = True
        elif self.idle or self.circling[0] or self.circling[1]:
            self.idle = 0
            self.seen = [set(), set()]
            self.circling = [False, False]
        if k.is_over():
            if not self.ended:  # the round has just ended: both react to it, then claim
                self.ended = True
                done |= STIRRED
            self.due = NEVER
            if k.is_settled():
                done |= ENDED
        elif not any(k.check_event(SPIT, -1, pile) is None for pile in (-1, 0, 1)):
            self.due = NEVER
        elif self.due == NEVER or kind == SPIT:
            self.due = t + SPIT_PAUSE_MS  # play has just jammed: the table spits after the pause
        return done

    def step(self) -> int:
        """Every seat waits: the next round once this one is settled (or the game's end), else
        the game is stuck (nobody may act, and the kernel allows no spit)."""
        game = self.game
        if not game.kernel.is_settled():
            self.reason = "stuck"
            return STOP
        self._close_round()
        if game.outcome() is not None:
            return STOP
        if game.round + 1 >= self.max_rounds:
            self.reason = "unfinished"
            return STOP
        game.next_round()
        self._new_round()
        return AGAIN

    def over(self) -> bool:
        return bool(self.reason) or self.game.outcome() is not None

    def _close_round(self) -> None:
        """Count the round's figures (once): its events and spits, and, for a round played to
        its end, who won the slap race and who took the smaller pile."""
        if self.closed:
            return
        self.closed = True
        events, spits = self.at_start
        self.round_events.append(self.events - events)
        self.round_spits.append(self.counted[SPIT] - spits)
        self.played_ms += self.last
        k = self.game.kernel
        if self.reason or not k.is_settled():
            return
        if k.slaps:
            self.races[k.slaps[0][0]] += 1
        sizes = [len(p) for p in k.centre]
        if sizes[0] and sizes[1] and sizes[0] != sizes[1]:
            owner = k.owners[0 if sizes[0] < sizes[1] else 1]
            if owner is not None:
                self.smaller[owner] += 1

    # ------------------------------------------------------------------ a bot of the public protocol

    def view(self, seat: int) -> Any:
        return SpitView.of(self.game, seat, self.now)

    def actions(self, menu: Menu) -> list[Any]:
        return [action_of(option, menu.seat) for option in menu.options()]

    def option_of(self, action: Any) -> Any:
        return option_of(action)

    # ------------------------------------------------------------------ the result

    def ending(self) -> tuple[int | None, str, tuple[int, ...]]:
        self._close_round()
        reason = self.reason
        outcome = self.game.outcome()
        if outcome is not None and not reason:
            outright = any(r.winner is not None for r in self.game.results)
            return outcome.winner, "tie" if outcome.winner is None else "out" if outright else "rounds", ()
        return None, reason or "stuck", ()

    def remaining(self) -> tuple[int, ...]:
        return self.game.holdings()

    def counts(self) -> dict[str, int]:
        return {_NAMES[kind]: n for kind, n in self.counted.items()}

    def extra(self) -> dict[str, Any]:
        self._close_round()
        c = self.counted
        return {"spit": SpitStats(
            rounds=self.rounds(), spits=c[SPIT], moves=c[MOVE], pairs=c[PAIR], slaps=c[SLAP], chooses=c[CHOOSE],
            races=(self.races[0], self.races[1]), chose=(self.chose[0], self.chose[1]),
            smaller=(self.smaller[0], self.smaller[1]), round_events=tuple(self.round_events),
            round_spits=tuple(self.round_spits))}

    def duration(self) -> int:
        self._close_round()
        return self.played_ms

    def rounds(self) -> int:
        return self.game.round + 1

    def log_deals(self) -> list[Any]:
        deals: list[Any] = self.game.to_log_data()["deals"]
        return deals
