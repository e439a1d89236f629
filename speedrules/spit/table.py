"""Spit at the simulator's table (:class:`~speedrules.table.Table`): a whole game, round after
round, every action judged and applied by the round's :class:`~speedrules.spit.kernel.SpitKernel`
as a coded event (the table's record of each round, which its log is written from).

Each round opens with the table's spit at ``t = 0`` (each round's clock starts at its first
spit).  During play a seat's menu is its plays (one group a stock pile's top), or, with none,
the row move that unblocks one (a refill); once the round is over, its claims.  When the
kernel allows a spit, the table spits :data:`SPIT_PAUSE_MS` after the event that jammed play;
a lone spitter who must name the pile chooses it (its menu's refills, its own side first).
Once a round is settled and every seat waits, the next round is laid
(:func:`~speedrules.spit.game.deal_round`, as :meth:`~speedrules.SpitGame.next_round` lays it).
A seat whose row comes back to an arrangement it had since the table last changed makes no
more row moves until it changes; :data:`MAX_IDLE_MOVES` row moves in a row end the game ``stuck``.

>>> import random
>>> from speedrules.core.loading import load_variant
>>> table = SpitTable(load_variant("spit"), random.Random(1), ("a", "b"), log=False, max_rounds=200)
>>> table.land(-1, table.action(0), 0, [0, 0]) & 1, table.counts()["spit"]
(1, 1)
>>> view = table.view(0)
>>> [str(c) for c in view.tops], [str(c) for c in view.row_tops[0]]
(['3H', 'JS'], ['3C', '4C', '9D', '4H', '2C'])
>>> [str(a) for a in table.actions(table.menu(0))]  # 4C, 4H and 2C (stock piles 1, 3, 4) onto the 3H
['0:1>0', '0:3>0', '0:4>0']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..core.checks import checked_names
from ..core.deck import make_rng
from ..core.errors import InvalidActionError
from ..core.variant import Variant
from ..table import AGAIN, BOUNCED, ENDED, NEVER, STIRRED, STOOD, STOP, Menu, Table
from .actions import Choose, GapMove, Pairing, Slap, Spit, SpitAction, StockPlay
from .game import SpitGame, SpitLayout, SpitOutcome, deal_round, decode, first_round, game_outcome
from .kernel import CHOOSE, JAM, KIND_NAMES, MOVE, PAIR, PLAY, SLAP, SPIT, RoundResult, SpitKernel
from .reader import Codes, SpitEvent
from .stats import SpitStats
from .view import SpitView
from .wire import event_json

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
    if option[0] not in _NAMES or option[0] == JAM:
        raise InvalidActionError(f"not a Spit option: {option!r}")
    return decode(event_of(option, seat))[0]


def event_of(option: Any, seat: int, kernel: SpitKernel | None = None, t: int | None = None) -> SpitEvent:
    """The coded event (:meth:`SpitKernel.check_event`'s fields) of ``seat``'s option at ``t``,
    the table's own spit for seat -1; given the round's ``kernel``, a play or a row move names the
    card it takes, the top of its stock pile now, as a log records it (``None`` where there is
    none: the kernel refuses it)."""
    kind, pile, _cards, detail = option
    if kind == SPIT:
        return SPIT, -1, pile, -1, None, t
    if kind in (SLAP, CHOOSE):
        return kind, seat, pile, -1, None, t
    a = detail[0]
    rows = kernel.rows[seat] if kernel is not None and 0 <= seat < 2 else []
    card = rows[a][-1] if 0 <= a < len(rows) and rows[a] else None
    return kind, seat, a, pile if kind == PLAY else detail[1], card, t


def kernel_menu(k: SpitKernel, seat: int, moves: bool = True) -> Menu | None:
    """:func:`spit_menu` of the round ``k`` holds."""
    if k.is_settled():
        return None
    menu = Menu(seat)
    menu.sizes = [len(p) for p in k.centre]
    if k.is_over():
        menu.claims = [(kind, c, (), ()) for kind in (SLAP, CHOOSE) for c in (0, 1)
                       if k.check_event(kind, seat, c) is None]
        return menu if menu.claims else None
    for i, c in k.plays(seat):
        if menu.plays and menu.plays[-1][0][3][0] == i:
            menu.plays[-1].append((PLAY, c, (), (i,)))
        else:
            menu.plays.append([(PLAY, c, (), (i,))])
    if menu.plays:
        menu.count = len(menu.plays)
        return menu
    found = k.unsticking_moves(seat) if moves and k.started else None
    if found is None or not found[0]:
        return None
    kind, a, b = found[0][0]
    if k.check_event(kind, seat, a, b) is not None:
        return None
    menu.refills.append((kind, -1, (), (a, b)))
    return menu


def spit_menu(game: SpitGame, seat: int, moves: bool = True) -> Menu | None:
    """``seat``'s options now, as the kernel judges them, or ``None`` when it has nothing to do
    (before the round's first spit, when it is stuck, once the round is settled).  Once the round
    is over, the claims it may make (slaps, or a choice); during play, every play of a stock
    pile's top onto a centre pile (a group per stock pile), or, when it has none and ``moves``,
    the first move of the shortest sequence of row moves that makes one possible
    (:meth:`~speedrules.spit.kernel.SpitKernel.unsticking_moves`) as its refill.  Other row moves
    are legal but left out, so that a bot never shuffles its row in circles."""
    return kernel_menu(game.kernel, seat, moves)


def spit_options(game: SpitGame, seat: int) -> list[SpitAction]:
    """:func:`spit_menu`'s options as actions (empty when the seat has nothing to do).

    >>> from speedrules import deal_spit
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
    """A game of a Spit variant at the simulator's table, dealt from ``rng`` as
    :func:`~speedrules.deal_spit` deals it; at most ``max_rounds`` rounds.  The table plays each
    round on its kernel (:attr:`kernel`), keeping the coded events of each round
    (:attr:`records`) and the round results (:attr:`results`); ``log`` is accepted for the
    table protocol (the record is kept anyway: it is the game)."""

    def __init__(self, variant: Variant, rng: random.Random, names: Sequence[str], *, log: bool,
                 max_rounds: int) -> None:
        super().__init__(2)
        self.variant = variant
        self.names = checked_names(variant, names)
        self.rng, seed = make_rng(rng.getrandbits(63))
        self.seed = seed if seed is not None else 0
        self.max_rounds = max_rounds
        self.layouts: list[Codes] = []
        self.records: list[list[SpitEvent]] = []
        """Each round's events as the kernel took them (``(kind, player, a, b, card, t)``)."""
        self.results: list[RoundResult] = []
        self.outcome: SpitOutcome | None = None
        self.counted = dict.fromkeys(_NAMES, 0)
        self.races, self.chose, self.smaller = [0, 0], [0, 0], [0, 0]
        self.round_events: list[int] = []
        self.round_spits: list[int] = []
        self.played_ms = 0
        self.kernel = self._lay(first_round(variant, self.rng))
        self._new_round()

    def _lay(self, codes: Codes) -> SpitKernel:
        """A round laid as ``codes`` gives it: its kernel, and a record begun."""
        self.layouts.append(codes)
        self.records.append([])
        return SpitKernel(self.variant, *codes, names=self.names)

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

    @property
    def round(self) -> int:
        """The round in play, from 0."""
        return len(self.layouts) - 1

    @property
    def game(self) -> SpitGame:
        """The round in play as a :class:`~speedrules.SpitGame` (from its position: its pictures
        and words; the table's record is :attr:`records`)."""
        wins = [0, 0]
        for result in self.results[:self.round]:
            if result.out_seat is not None:
                wins[result.out_seat] += 1
        position = self.kernel.position(self.round, (wins[0], wins[1]))
        return SpitGame.from_position(self.variant, position, names=self.names)

    # ------------------------------------------------------------------ play

    def menu(self, seat: int) -> Menu | None:
        # a seat that has gone round in circles makes no more row moves until the table changes
        return kernel_menu(self.kernel, seat, moves=not self.circling[seat])

    def action(self, t: int) -> Any:
        """The table's spit, or ``None`` when the kernel allows none.  A spit that names no pile
        is preferred (both spit, or a lone spitter keeps to its pile); when the kernel wants a
        pile named, the lone spitter chooses one of those it allows."""
        k = self.kernel
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

    def _judge(self, event: SpitEvent) -> bool:
        """Whether ``event`` stands (the kernel's rules, and no event once the game is decided);
        if it does, it is applied and recorded, and a round it settles is scored."""
        k = self.kernel
        kind, player, a, b, card, t = event
        if self.outcome is not None or k.check_event(kind, player, a, b, card, t) is not None:
            return False
        k.apply_event(kind, player, a, b, card, t)
        self.records[-1].append(event)
        if len(self.results) < len(self.layouts) and k.is_settled():
            result = k.result()
            assert result is not None
            self.results.append(result)
            self.outcome = game_outcome(self.variant, self.results)
        return True

    def land(self, actor: int, option: Any, t: int, due: list[int]) -> int:
        kind = option[0]
        k = self.kernel
        mover = actor if kind in (MOVE, PAIR) and 0 <= actor < 2 else -1
        before = tuple(map(tuple, k.rows[mover])) if mover >= 0 else ()
        if not self._judge(event_of(option, actor, k, t)):
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
        elif not k.can_spit():
            self.due = NEVER
        elif self.due == NEVER or kind == SPIT:
            self.due = t + SPIT_PAUSE_MS  # play has just jammed: the table spits after the pause
        return done

    def step(self) -> int:
        """Every seat waits: the next round once this one is settled (or the game's end), else
        the game is stuck (nobody may act, and the kernel allows no spit)."""
        result = self.kernel.result()
        if result is None:
            self.reason = "stuck"
            return STOP
        self._close_round()
        if self.outcome is not None:
            return STOP
        if self.round + 1 >= self.max_rounds:
            self.reason = "unfinished"
            return STOP
        self.kernel = self._lay(deal_round(self.variant, result.holdings, self.rng))
        self._new_round()
        return AGAIN

    def over(self) -> bool:
        return bool(self.reason) or self.outcome is not None

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
        k = self.kernel
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
        return SpitView.of_kernel(self.kernel, seat, self.now, self.round)

    def actions(self, menu: Menu) -> list[Any]:
        return [action_of(option, menu.seat) for option in menu.options()]

    def option_of(self, action: Any) -> Any:
        return option_of(action)

    # ------------------------------------------------------------------ the result

    def ending(self) -> tuple[int | None, str, tuple[int, ...]]:
        self._close_round()
        reason = self.reason
        outcome = self.outcome
        if outcome is not None and not reason:
            outright = any(r.winner is not None for r in self.results)
            return outcome.winner, "tie" if outcome.winner is None else "out" if outright else "rounds", ()
        return None, reason or "stuck", ()

    def remaining(self) -> tuple[int, ...]:
        return self.kernel.holding_counts()

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
        return self.round + 1

    def log_deals(self) -> list[Any]:
        return [{"layout": SpitLayout.from_codes(*codes).to_json(), "events": [event_json(e) for e in events]}
                for codes, events in zip(self.layouts, self.records, strict=True)]
