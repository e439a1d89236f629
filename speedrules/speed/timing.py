"""The table's timing rules, shared by every game family's kernel: plays that land on one pile
at the same instant (collisions, resolved by the variant's ``collisions`` policy), players
going out at the same instant (ties), and the call a player who went out must make, with the
pickup that a missed call costs (``announce.call``).

Rules: ``call.false``, ``call.missing`` (judged with the event that comes too late, in
:meth:`speedrules.speed.kernel.Kernel.check_event`), ``pickup.not-due``, ``pickup.empty``; the
``collisions`` and ``ties`` options.  :class:`TableTiming` is a mixin: its methods work on the
state of the kernel that inherits it.

>>> from speedrules import deal, load_variant
>>> from speedrules.speed.actions import PLAY, REVEAL
>>> k = deal(load_variant("speed-lower-stays"), seed=3).kernel
>>> k.event(REVEAL, t=0)
>>> isinstance(k, TableTiming), k.collisions
(True, [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from ..core import rules
from ..core.cards import JOKER_CODE, RANK_OF
from ..core.errors import Violation, brief
from ..core.ranks import EMPTY_KEY, order_value
from ..core.variant import Call as CallRule
from ..core.variant import Collisions, Refill, Ties, Variant
from .actions import CALL

_FIRST_LANDS: Final = Collisions.FIRST_LANDS
_LOWER_STAYS: Final = Collisions.LOWER_STAYS
_NO_CALLERS: Final[frozenset[int]] = frozenset()
_REPLAY: Final = Ties.REPLAY
_NO_CALL: Final = CallRule.NONE
_WHEN_EMPTY: Final = Refill.WHEN_EMPTY


@attrs.frozen(slots=True)
class Collision:
    """Plays that landed on one pile at the same time ``t``, resolved by the variant's policy.

    ``plays`` are the event indices of the plays (in the log's or the history's numbering);
    ``kept`` is the one whose card stayed on the pile (``None``: every card went back).
    """

    pile: int
    t: float | int
    plays: tuple[int, ...]
    kept: int | None

    def to_json(self) -> dict[str, object]:
        returned = [i for i in self.plays if i != self.kept]
        return {"pile": self.pile, "t": self.t, "events": list(self.plays), "kept": self.kept, "returned": returned}


FinishState = tuple[int | None, int | None, float | int | None, tuple[int, ...], frozenset[int]]
"""Who is out, as it was: (winner, seat out with its call due, finish time, tied seats, callers)."""
Landed = tuple[int, tuple[int, ...], tuple[int, ...], int, FinishState, int]
"""A play that stayed: (player, codes, declared, debt before, finish state before, event index)."""


class CollisionGroup:
    """The plays landing on one pile at one instant so far (for ``lower-stays`` / ``return-both``):
    ``prior`` is the top key and card before them, ``kept`` the play whose cards stayed."""

    __slots__ = ("kept", "pile", "plays", "prior", "record", "seats", "t")

    def __init__(self, t: float | int, pile: int, prior: tuple[int, int], kept: Landed | None,
                 seats: Sequence[int] = (), plays: Sequence[int] = (), record: int = -1) -> None:
        self.t = t
        self.pile = pile
        self.prior = prior  # (top key, top code) before the group
        self.kept = kept
        # The seat and the event index of each play, in order (a few at most: a seat is looked
        # up in the list, no set is kept). Every timed play under a collision policy starts a
        # group, so a group is made with as little as it needs.
        self.seats = list(seats)
        self.plays = list(plays)
        self.record = record  # index in Kernel.collisions, once two plays met

    def restart(self, t: float | int, pile: int, prior: tuple[int, int], kept: Landed, seat: int, index: int) -> None:
        """Be the group of one play, ``kept``, by ``seat`` (event ``index``), alone on ``pile`` at ``t``."""
        self.t = t
        self.pile = pile
        self.prior = prior
        self.kept = kept
        seats, plays = self.seats, self.plays
        if len(seats) == 1 and len(plays) == 1:  # (most groups stay one play: no list made, none cleared)
            seats[0] = seat
            plays[0] = index
        else:
            self.seats = [seat]
            self.plays = [index]
        self.record = -1

    def add(self, seat: int, index: int) -> None:
        """Another seat's play lands on the pile at the same instant."""
        self.seats.append(seat)
        self.plays.append(index)

    def copy(self) -> CollisionGroup:
        return CollisionGroup(self.t, self.pile, self.prior, self.kept, self.seats, self.plays, self.record)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its constructor's arguments (a compiled class has no bare ``__new__``)."""
        return CollisionGroup, (self.t, self.pile, self.prior, self.kept, self.seats, self.plays, self.record)


class TableTiming:
    """Collisions, ties, calls and pickups, on the state of the kernel that inherits this."""

    # The parts of the kernel's state these rules use, declared here (the kernel declares the rest)
    # and not behind TYPE_CHECKING, so that mypyc can compile the two classes as native classes.
    __slots__ = ("callers", "collisions", "debt", "draws", "finish_t", "group", "hands", "names", "out_seat",
                 "pickup_owed", "piles", "spare_group", "tied", "tops", "variant", "version", "winner")
    variant: Variant
    names: tuple[str, ...]
    hands: list[list[int]]
    draws: list[list[int]]
    piles: list[list[int]]
    tops: list[int]
    debt: list[int]
    winner: int | None
    out_seat: int | None
    finish_t: float | int | None
    tied: tuple[int, ...]
    callers: set[int]
    pickup_owed: set[int]
    collisions: list[Collision]
    group: CollisionGroup | None
    spare_group: CollisionGroup | None
    """The group object the kernel made last, made again for each play that lands alone (under a
    collision policy every timed play starts a group: one object, not one a play)."""
    version: int

    def _check_common(self, player: int | None, *, same_instant_play: bool = False) -> Violation | None:
        raise TypeError("TableTiming is the kernel's mixin: only a Kernel has this")

    def _settle(self) -> None:
        raise TypeError("TableTiming is the kernel's mixin: only a Kernel has this")

    def _out_players(self) -> set[int]:
        return {s for s in (self.winner, self.out_seat) if s is not None} | set(self.tied)

    def _same_instant(self, player: int, t: float | int | None) -> bool:
        """Whether a play by ``player`` at ``t`` lands at the instant someone else went out
        (the window in which a tie can still happen, with ``ties: replay``)."""
        return (
            t is not None
            and t == self.finish_t
            and self.variant.ties is _REPLAY
            and bool(self._out_players())
            and player not in self._out_players()
        )

    def _collision_group(self, player: int, pile: int, t: float | int | None) -> CollisionGroup | None:
        """The plays this one collides with: those landing on the same pile at the same ``t`` by others."""
        group = self.group
        if group is None or t is None or group.t != t or group.pile != pile or player in group.seats:
            return None
        return group

    def check_call(self, player: int) -> Violation | None:
        """Why ``player`` may not call ("Speed!") now, or ``None``."""
        if not 0 <= player < self.variant.players:
            return Violation(rules.EVENT_INVALID, None,
                             f"there is no seat {brief(player)} in a {self.variant.players}-player game")
        if player == self.out_seat or (player in self._out_players() and player not in self.callers):
            return None
        name = self.names[player]
        held = len(self.hands[player]) + len(self.draws[player])
        if player in self.callers:
            why = f"{name} has already called"
        elif held:
            why = f"{name} called but still holds {held} card(s)"
        elif player in self.pickup_owed:
            why = f"{name} called too late: another event came first, so {name} must pick up a centre pile"
        else:
            why = f"{name} called but has not gone out"
        return Violation(rules.CALL_FALSE, player, why)

    def check_pickup(self, player: int, pile: int) -> Violation | None:
        """Why ``player`` may not take centre ``pile`` as a new draw stack now, or ``None``."""
        problem = self._check_common(player)
        if problem is not None:
            return problem
        if not 0 <= pile < self.variant.piles:
            return Violation(rules.EVENT_INVALID, player,
                             f"there is no centre pile {brief(pile)} (this variant has {self.variant.piles})")
        name = self.names[player]
        if player not in self.pickup_owed:
            return Violation(rules.PICKUP_NOT_DUE, player,
                             f"{name} picked up pile {pile}, but only a player who missed the call picks up a pile")
        if not self.piles[pile]:
            return Violation(rules.PICKUP_EMPTY, player, f"{name} picked up pile {pile}, which is empty")
        return None

    def _missed_call(self, kind: int, t: float | int | None) -> int | None:
        """The seat whose call this event comes too late for, if any."""
        seat = self.out_seat
        if seat is None or kind == CALL or (t is not None and t == self.finish_t):
            return None  # a call is an announcement, not a move: it never makes another player's call late
        return seat

    def penalise(self, seat: int) -> None:
        """A missed call (``announce.call: penalty``): the seat must pick up a centre pile and play on."""
        self.pickup_owed.add(seat)
        self.out_seat = None
        self.finish_t = None
        self.version += 1
        self._settle()

    def _finish_state(self) -> FinishState:
        callers = self.callers
        return (self.winner, self.out_seat, self.finish_t, self.tied, frozenset(callers) if callers else _NO_CALLERS)

    def _land_play(
        self, player: int, cards: Sequence[int], pile: int, declared: Sequence[int], t: float | int | None, index: int
    ) -> bool:
        """A checked play lands: whether its cards go on the pile, which the caller then lays
        (``Kernel._land``, the one place a play changes the state).  A play landing
        alone does, and starts a group; in a collision the variant's policy decides, taking
        back a card that had stayed."""
        policy = self.variant.collisions
        if policy is _FIRST_LANDS or t is None:  # the log order is the landing order
            self.group = None
            return True
        group = self._collision_group(player, pile, t)
        landed: Landed = (player, tuple(cards), tuple(declared), self.debt[player], self._finish_state(), index)
        if group is None:
            cards_on_pile = self.piles[pile]
            prior = (self.tops[pile], cards_on_pile[-1] if cards_on_pile else -1)
            group = self.spare_group
            if group is None:
                group = self.spare_group = CollisionGroup(t, pile, prior, landed, (player,), (index,))
            else:  # nothing but the kernel holds a group: the last one is made anew, in place
                group.restart(t, pile, prior, landed, player, index)
            self.group = group
            return True
        group.add(player, index)
        kept = group.kept
        lands = False
        if (policy is _LOWER_STAYS and kept is not None
                and not self._is_lower(self._landing_rank(cards, declared), self._landing_rank(kept[1], kept[2]))):
            stays: int | None = kept[5]  # the new card goes back to its owner's hand: nothing changes
        else:
            if kept is not None:
                self._undo_landed(kept, group)
            if policy is _LOWER_STAYS:
                lands = True
                group.kept, stays = landed, index
            else:  # return-both: every card goes back and the prior top stays
                group.kept, stays = None, None
        record = Collision(pile, group.t, tuple(group.plays), stays)
        if group.record < 0:
            group.record = len(self.collisions)
            self.collisions.append(record)
        else:
            self.collisions[group.record] = record
        self.version += 1
        return lands

    @staticmethod
    def _landing_rank(cards: Sequence[int], declared: Sequence[int]) -> int:
        """The rank of the card that touches the pile first (a joker's declared rank)."""
        return declared[0] if cards[0] == JOKER_CODE and declared else RANK_OF[cards[0]]

    def _is_lower(self, rank: int, than: int) -> bool:
        """Rank order for ``lower-stays``: ace low (A=1 < 2 ... < K) with cyclic ranks, ace high with
        ``ace-high``; an equal rank is not lower, so the card that landed first stays."""
        order = self.variant.rank_order
        return order_value(order, rank) < order_value(order, than)

    def _undo_landed(self, kept: Landed, group: CollisionGroup) -> None:
        """A card that had stayed goes back to its owner's hand; the top before the collision returns."""
        player, codes, _, debt, finish, _ = kept
        pile = self.piles[group.pile]
        del pile[len(pile) - len(codes):]
        self.tops[group.pile] = group.prior[0]
        self.hands[player].extend(codes)
        self.debt[player] = debt
        winner, out_seat, finish_t, tied, callers = finish
        self.winner, self.out_seat = winner, out_seat
        self.finish_t, self.tied = finish_t, tied
        self.callers = set(callers)
        self.version += 1
        self._settle()

    def _went_out(self, player: int, t: float | int | None) -> None:
        if self._out_players():
            # Someone went out before: only a play at the same instant gets here.
            if self.variant.ties is _REPLAY and t is not None and t == self.finish_t:
                self.tied = tuple(sorted(self._out_players() | {player}))
                self.winner = self.out_seat = None
            self._settle()
            return
        self.finish_t = t
        if self.variant.call is _NO_CALL:
            self.winner = player
        else:
            self.out_seat = player
        self._settle()

    def _do_call(self, player: int) -> None:
        self.callers.add(player)
        if player == self.out_seat:
            self.winner, self.out_seat = player, None
        self.version += 1
        self._settle()

    def _do_pickup(self, player: int, pile: int) -> None:
        """The pile is turned face down as the player's new draw stack: its bottom card on top."""
        self.draws[player][:] = reversed(self.piles[pile])
        self.piles[pile].clear()
        self.tops[pile] = EMPTY_KEY
        self.pickup_owed.discard(player)
        if self.variant.refill is _WHEN_EMPTY:  # an empty hand refills to the limit before the next play
            self.debt[player] = min(self.variant.hand_limit, len(self.draws[player]))
        self.version += 1
        self._settle()
