"""The rules kernel of Speed: the integer state of one deal and, for each kind of event, one
check and one state change.

Every rule of a deal is enforced here, once: :class:`speedrules.Game` (the public facade),
the referee's one-pass loop, the bots and the simulator all judge and change a deal by
calling a :class:`Kernel`.  Cards are integer codes (:mod:`speedrules.core.cards`) in plain
lists with the top of every stack at the end; a pile's top is a *top key* (rank and
colour, :mod:`speedrules.core.ranks`), so whether a card fits is one bit test in the variant's
fit table, whatever the rank options, colours or jokers.

Each kind of event has one check, ``check_<kind>`` (a :class:`~speedrules.core.errors.Violation`
naming the rule, built only when the event is illegal, else ``None``), and one state
change, reached through :meth:`Kernel.apply_event`.  The events of a long log (plays, draws,
flips) each have one judge-and-apply step (``_play``, ``_draw``, ``_flip``: judge the event and,
asked to, make it), which ``check_<kind>`` calls to judge only and :meth:`Kernel.run` calls on
a calm table; anything else goes through :meth:`Kernel.check_event` and :meth:`Kernel.apply_event`.
The questions a player or a table asks (may this seat play or draw, is play blocked, is the
deal over) are answered from the same tables and rules (:meth:`Kernel.draw_rule`, the fit table).

>>> from speedrules import load_variant
>>> from speedrules.speed.actions import DRAW, PLAY, REVEAL
>>> speed = load_variant("speed")
>>> k = Kernel(speed, hands=[[0, 1, 2, 3, 4], [13, 14, 15, 16, 17]],   # AS-5S, AH-5H
...            draws=[list(range(18, 33)), list(range(33, 48))], starters=[51, 49],  # KC, JC
...            reserves=[[48, 50, 5, 6, 7], [8, 9, 10, 11, 12]])
>>> k.event(REVEAL)
>>> k.event(PLAY, 0, 0, (0,)), k.tops_text()  # AS on KC: K-A wraps
(None, ['AS', 'JC'])
>>> k.event(PLAY, 0, 1, (1,))  # 2S on JC
Violation(rule='play.rank', player=0, message='player 0 played 2S on JC (pile 1); it needs 10 or Q')
>>> k.event(DRAW, 0), len(k.hands[0]), k.may_draw(0), k.draw_rule(0)
(None, 5, False, 'draw.hand-full')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from ..core import rules
from ..core.cards import JOKER_CODE, RANK_NAMES, RANK_OF, TEXT_OF
from ..core.deck import card_counts, card_difference
from ..core.errors import PositionError, Violation, brief
from ..core.ranks import ALL_RANKS, EMPTY, EMPTY_KEY, JOKER_BIT, KEY_OF_CODE, NO_COLOUR, WILD, top_key
from ..core.variant import Call as CallRule
from ..core.variant import Collisions, Refill, Variant
from ..core.variant import Rebuild as RebuildRule
from .actions import CALL, DRAW, FLIP, PICKUP, PLAY, REBUILD, REVEAL, STUCK
from .dealing import default_names, even_split, shuffle_codes
from .position import Finish, Instant, Position
from .timing import Collision as Collision
from .timing import CollisionGroup, Landed, TableTiming

Option = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""A seat's action in integer form: ``(kind, pile, card codes, declared ranks)``; ``pile`` is -1
and the tuples are empty where they do not apply (a draw, a call)."""
# Enum members read on the hot paths, bound once (reading one off its class costs about 0.17 us).
_WHEN_EMPTY: Final = Refill.WHEN_EMPTY
_AFTER_EACH_PLAY: Final = Refill.AFTER_EACH_PLAY
_REQUIRED: Final = CallRule.REQUIRED
_KEEP_TOPS: Final = RebuildRule.KEEP_TOPS
_EACH_PILE: Final = RebuildRule.EACH_PILE
_FIRST_LANDS: Final = Collisions.FIRST_LANDS
_KEY_OF_CODE: Final = KEY_OF_CODE  # a Final: the compiled build keeps it in a C static, not the module dict

_DRAW_EMPTY: Final = rules.DRAW_EMPTY
_DRAW_HAND_FULL: Final = rules.DRAW_HAND_FULL
_DRAW_NOT_ALLOWED: Final = rules.DRAW_NOT_ALLOWED

DRAW_OPTION: Final[Option] = (DRAW, -1, (), ())
CALL_OPTION: Final[Option] = (CALL, -1, (), ())


@attrs.frozen(slots=True)
class Outcome:
    """How a deal ended: ``winner`` is a seat, or ``None`` for a dead end or a tie.

    A dead end (``reason == "dead-end"``) is a blocked table with every reserve empty
    where rebuilding cannot change anything: no card lies beneath a pile top, or no
    card in any hand could be played on any centre card.  See docs/rules.md.
    """

    winner: int | None
    reason: str
    tied: tuple[int, ...] = ()
    """With ``reason == "tie"``: the seats that went out at the same moment."""

    @property
    def is_dead_end(self) -> bool:
        return self.reason == "dead-end"

    @property
    def is_tie(self) -> bool:
        return self.reason == "tie"


_WON: Final = tuple(Outcome(seat, "out") for seat in range(8))
_DEAD_END: Final = Outcome(None, "dead-end")


def _rank_text(rank: int) -> str:
    return "wild" if rank == WILD else ("empty" if rank == EMPTY else RANK_NAMES[rank])


def card_text(code: int, rank: int) -> str:
    """A top card's text; a joker shows the rank it stands for (``rank``: the top's effective rank)."""
    if code == JOKER_CODE:
        return "JK (wild)" if rank == WILD else f"JK (as {RANK_NAMES[rank]})"
    return TEXT_OF[code]


def _reversed_list(stack: Sequence[int]) -> list[int]:
    """A stack as a list, bottom card first (a copy reversed in place: ``reversed()`` is a slow
    call when compiled)."""
    out = list(stack)
    out.reverse()
    return out


def holds(hand: Sequence[int], cards: Sequence[int]) -> bool:
    """Whether ``hand`` holds every card of ``cards``, as often as ``cards`` names it (a few
    list scans: several times as fast as comparing ``Counter``s on hands of a few cards).

    >>> holds([3, 5, 5], (5, 3)), holds([3, 5], (5, 5))
    (True, False)
    """
    left = list(hand)
    for code in cards:
        if code not in left:
            return False
        left.remove(code)
    return True


def _as_codes(cards: Any) -> tuple[int, ...]:
    """A play's card codes (or declared ranks) as the tuple the kernel's steps read by index (a
    coded event has one already; a list is copied)."""
    return cards if type(cards) is tuple else tuple(cards)


def _from_state(state: tuple[Any, ...]) -> Kernel:
    """A kernel made from :meth:`Kernel.__getstate__`'s state."""
    return Kernel(state[0], (), (), (), (), state=state)


class Kernel(TableTiming):
    """The state of one deal of a Speed variant, with its rules.

    Built from a layout that is a deal of ``variant`` (the caller checks it:
    :func:`speedrules.speed.dealing.layout_problem`); stacks are given top card first.
    The state's lists are public to read (``hands``, ``draws`` and ``piles`` and
    ``reserves`` with the top at the end, ``tops`` as top keys, ``debt``: the draws each
    seat owes) and are never replaced, only changed in place; only the kernel changes them.
    ``state`` (:meth:`__getstate__`'s, for :meth:`copy` and pickling) builds the kernel from
    it instead, the layout ignored.
    """

    __slots__ = (  # the rest are TableTiming's
        "_card_ok",
        "_dead",
        "_first_lands",
        "_limit",
        "_owes",
        "_pile_count",
        "_players",
        "_rng",
        "_runs",
        "_when_empty",
        "calm",
        "fit",
        "last_t",
        "reserves",
        "revealed",
        "seed",
    )

    def __init__(
        self,
        variant: Variant,
        hands: Sequence[Sequence[int]],
        draws: Sequence[Sequence[int]],
        starters: Sequence[int],
        reserves: Sequence[Sequence[int]],
        *,
        names: tuple[str, ...] | None = None,
        rng: random.Random | None = None,
        seed: int | None = None,
        state: tuple[Any, ...] | None = None,
    ) -> None:
        if state is not None:  # a copy (or an unpickled kernel): the state replaces every part
            self.__setstate__(state)
            return
        self.variant = variant
        self.fit = variant.tables.fit
        self.names = names if names is not None else default_names(variant.players)
        self.seed = seed
        self._rng = rng  # made from the seed when a rebuild first needs it
        self.hands = [list(hand) for hand in hands]
        self.draws = [_reversed_list(stack) for stack in draws]
        self.piles = [[c] for c in starters]
        self.tops = [EMPTY_KEY] * variant.piles  # starters are face down until the reveal
        self.reserves = [_reversed_list(stack) for stack in reserves]
        self.debt = (
            [0] * variant.players if variant.hand_size else  # a variant dealing no hand draws it first
            [min(variant.hand_limit, len(draws[s])) if not hands[s] else 0 for s in range(len(hands))]
        )
        self.revealed = False
        self.calm = False
        """Play is on and nothing is pending: revealed, no winner, no call due, no pickup owed, no tie."""
        self.winner: int | None = None
        self.version = 0
        """Counts the changes (a cache key)."""
        self._dead = (-1, False)
        self.last_t: float | int = 0
        """The time of the latest timed event (0 before any): no later event may be timed earlier."""
        self.group: CollisionGroup | None = None
        self.spare_group = None
        self.collisions: list[Collision] = []
        self.out_seat: int | None = None  # went out, call still due
        self.finish_t: float | int | None = None
        self.tied: tuple[int, ...] = ()
        self.callers: set[int] = set()
        self.pickup_owed: set[int] = set()
        self._bind_rules()

    def copy(self) -> Kernel:
        """An independent copy, random source included."""
        return _from_state(self.__getstate__())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its state (a compiled class has no bare ``__new__`` for pickle to call)."""
        return _from_state, (self.__getstate__(),)

    def __getstate__(self) -> tuple[object, ...]:
        """The whole state, its containers copied (for :meth:`copy`, ``copy.copy`` and pickling)."""
        return (
            self.variant, self.names, self.seed, self.random_state(),
            [list(h) for h in self.hands], [list(d) for d in self.draws], [list(p) for p in self.piles],
            list(self.tops), [list(r) for r in self.reserves], list(self.debt),
            self.revealed, self.calm, self.winner, self.version, self.last_t,
            None if self.group is None else self.group.copy(), list(self.collisions),
            self.out_seat, self.finish_t, self.tied, set(self.callers), set(self.pickup_owed),
        )

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.variant, self.names, self.seed, random_state, self.hands, self.draws, self.piles, self.tops,
         self.reserves, self.debt, self.revealed, self.calm, self.winner, self.version, self.last_t, self.group,
         self.collisions, self.out_seat, self.finish_t, self.tied, self.callers, self.pickup_owed) = state
        self.fit = self.variant.tables.fit
        self.spare_group = None
        self.set_random_state(random_state)
        self._dead = (-1, False)
        self._bind_rules()

    def _bind_rules(self) -> None:
        """The variant's options read on every play or draw, bound to the kernel once (a compiled
        build keeps them unboxed, where reading them off the variant is a lookup each time)."""
        v = self.variant
        self._card_ok: tuple[tuple[bool, ...], ...] = v.tables.card_ok
        self._players: int = v.players
        self._pile_count: int = v.piles
        self._runs: bool = v.runs
        self._first_lands: bool = v.collisions is _FIRST_LANDS
        self._owes: bool = v.owes_draws
        self._limit: int = v.hand_limit
        self._when_empty: bool = v.refill is _WHEN_EMPTY

    def __repr__(self) -> str:
        return f"<Kernel {self.variant.name}, {sum(map(len, self.hands))} cards in hand, version {self.version}>"

    def _settle(self) -> None:
        """Recompute :attr:`calm` after the outcome-related state changed."""
        self.calm = (self.revealed and self.winner is None and self.out_seat is None
                     and not self.pickup_owed and not self.tied)

    # ------------------------------------------------------------------ views

    def top_rank(self, pile: int) -> int:
        """The pile's effective top rank: 1-13, ``EMPTY`` (0) or ``WILD`` (14)."""
        return self.tops[pile] // 3

    def top_text(self, pile: int) -> str:
        """The pile's top as text (``"empty"``, ``"face down"``, ``"7H"``, ``"JK (as 8)"``)."""
        cards = self.piles[pile]
        if not cards:
            return "empty"
        if not self.revealed:
            return "face down"
        return card_text(cards[-1], self.tops[pile] // 3)

    def tops_text(self) -> list[str]:
        """Every pile's :meth:`top_text`."""
        return [self.top_text(p) for p in range(len(self.piles))]

    def remaining(self) -> tuple[int, ...]:
        """Cards each seat still holds, hand and draw stack together."""
        hands, draws = self.hands, self.draws  # by index: zip(strict=True) is a slow call when compiled
        return tuple([len(hands[s]) + len(draws[s]) for s in range(len(hands))])

    # ------------------------------------------------------------------ outcome

    def outcome(self) -> Outcome | None:
        """The winner, a tie, a dead end, or ``None`` while the deal goes on."""
        winner = self.winner
        if winner is not None:  # one shared, frozen outcome a seat: the referee asks on every deal
            return _WON[winner] if winner < len(_WON) else Outcome(winner, "out")
        if self.tied:
            return Outcome(None, "tie", self.tied)
        if self.is_dead_end():
            return _DEAD_END
        return None

    def is_over(self) -> bool:
        return self.winner is not None or bool(self.tied) or self.is_dead_end()

    def is_dead_end(self) -> bool:
        """Blocked, every reserve empty, and a rebuild cannot change anything (no card lies
        beneath a pile top, or no card in any hand fits any centre card)."""
        if not self.revealed or self.out_seat is not None or any(self.reserves):
            return False
        version, value = self._dead
        if version == self.version:
            return value
        value = (
            self.blocker() is None
            and not self._rebuild_can_change_anything()
            # a joker that does not prevent a flip (jokers.prevents_flip: false) may still be played
            and all(self.playable(seat) is None for seat in range(self.variant.players))
        )
        self._dead = (self.version, value)
        return value

    def _rebuild_can_change_anything(self) -> bool:
        if not any(len(p) > 1 for p in self.piles):
            return False
        fit, key_of_code = self.fit, _KEY_OF_CODE
        reach = 0  # every card that fits some centre card, were it a top
        for p in self.piles:
            for c in p:  # (each card's fits or-ed in, a repeated key again: no set made)
                reach |= fit[key_of_code[c]]
        for seat, hand in enumerate(self.hands):
            for code in hand:
                if reach >> code & 1 and not (code == JOKER_CODE and self._joker_may_not_go_out(seat, 1)):
                    return True
        return False

    def _joker_may_not_go_out(self, seat: int, cards: int) -> bool:
        """Whether laying ``cards`` cards would make this seat go out on a joker, and the
        variant forbids it (rule ``play.joker``, 001 / 004: the last card cannot be a joker)."""
        return not self.variant.joker_may_go_out and cards == len(self.hands[seat]) and not self.draws[seat]

    # ------------------------------------------------------------------ what a seat may do

    def must_draw_first(self, seat: int) -> bool:
        """Whether the refill rule makes ``seat`` draw before its next play (rule ``play.must-draw-first``)."""
        return bool(self.debt[seat] and self.draws[seat])

    def reach(self, for_block: bool = False) -> int:
        """The cards (a mask over codes) that fit some pile top now; with ``for_block``, without
        the joker where the variant says a held joker does not prevent a flip."""
        fit = self.fit
        reach = 0
        for key in self.tops:
            reach |= fit[key]
        if for_block and not self.variant.joker_prevents_flip:
            reach &= ~JOKER_BIT
        return reach

    def playable(
        self, seat: int, for_block: bool = False, reach: int | None = None
    ) -> tuple[int, int, int | None] | None:
        """A one-card play ``(code, pile, declared)`` the seat could make now, or ``None``.

        With ``for_block``, a held joker counts only where the variant says it prevents a
        flip (``jokers.prevents_flip``); ``reach`` is :meth:`reach`'s answer, if known."""
        if self.debt[seat] and self.draws[seat]:
            return None
        fit, tops = self.fit, self.tops
        if reach is None:
            reach = self.reach(for_block)
        for code in self.hands[seat]:
            if reach >> code & 1:
                if code == JOKER_CODE:
                    if self._joker_may_not_go_out(seat, 1):
                        continue
                    for pile, key in enumerate(tops):
                        declares = self.variant.tables.declares[key // 3]
                        if declares:
                            return code, pile, next(r for r in ALL_RANKS if declares >> r & 1)
                    continue
                for pile, key in enumerate(tops):
                    if fit[key] >> code & 1:
                        return code, pile, None
        return None

    def playable_codes(self, seat: int) -> list[int]:
        """The distinct cards (codes, ascending) ``seat`` could lay alone on some pile now; a
        joker is listed if it fits as some declared rank.  Empty while a draw is owed."""
        if self.debt[seat] and self.draws[seat]:
            return []
        reach = self.reach()
        codes = []
        for code in self.hands[seat]:
            if reach >> code & 1:
                codes.append(code)
        if len(codes) > 1:  # sorted, each card once (two packs deal copies): no set for a few cards
            codes.sort()
            i = 1
            while i < len(codes):
                if codes[i] == codes[i - 1]:
                    del codes[i]
                else:
                    i += 1
        if codes and codes[-1] == JOKER_CODE and self._joker_may_not_go_out(seat, 1):
            codes.pop()
        return codes

    def piles_for(self, code: int) -> list[int]:
        """The piles a card (not a joker) fits now, by the variant's fit rule."""
        fit = self.fit
        out = []
        for pile, key in enumerate(self.tops):
            if fit[key] >> code & 1:
                out.append(pile)
        return out

    def single_plays(self) -> list[list[int]]:
        """Every seat's plays of one card, not a joker, that it could make now, each as
        ``code * piles + pile`` (in the order of its hand, a card held twice listed twice; none
        while a draw is owed): :meth:`playable_codes` and :meth:`piles_for` for every seat at
        once, the piles' fits read once."""
        fit = self.fit
        fits = [fit[key] for key in self.tops]
        reach = self.reach() & ~JOKER_BIT
        piles = len(fits)
        every: list[list[int]] = []
        for seat, hand in enumerate(self.hands):
            out: list[int] = []
            every.append(out)
            if self.must_draw_first(seat):
                continue
            for code in hand:
                if reach >> code & 1:
                    play = code * piles
                    for mask in fits:
                        if mask >> code & 1:
                            out.append(play)
                        play += 1
        return every

    def draw_rule(self, seat: int) -> str | None:
        """The rule a draw by ``seat`` would break now (``draw.empty``, ``draw.hand-full``,
        ``draw.not-allowed``), or ``None`` if the seat may draw: the refill rule, judged here only."""
        if not self.draws[seat]:
            return _DRAW_EMPTY
        hand_len = len(self.hands[seat])
        if hand_len >= self._limit:
            return _DRAW_HAND_FULL
        if self._when_empty and hand_len and not self.debt[seat]:
            return _DRAW_NOT_ALLOWED
        return None

    def may_draw(self, seat: int) -> bool:
        """Whether ``seat``'s refill rule lets it draw now (its stack has cards, its hand room)."""
        return self.draw_rule(seat) is None

    def blocker(self) -> tuple[int, str] | None:
        """The first seat that can still play or draw, with what it can do; ``None`` if blocked."""
        if self.out_seat is not None:
            return self.out_seat, f"{self.names[self.out_seat]} has gone out and must call"
        if self.pickup_owed:
            seat = min(self.pickup_owed)
            return seat, f"{self.names[seat]} must pick up a centre pile (missed call)"
        reach = self.reach(for_block=True)
        for seat in range(self.variant.players):
            can = self.seat_can(seat, reach)
            if can is not None:
                return seat, can
        return None

    def seat_can(self, seat: int, reach: int | None = None) -> str | None:
        """What ``seat`` can still do that keeps play from being blocked (a card to play, a
        joker counting only where it prevents a flip; a draw), in words, or ``None``: the one
        seat's part of :meth:`blocker`.  ``reach`` is :meth:`reach` ``(for_block=True)``, if known."""
        if reach is None:
            reach = self.reach(for_block=True)
        found = self.playable(seat, True, reach)
        if found is not None:
            code, pile, declared = found
            card = TEXT_OF[code] + (f" as {RANK_NAMES[declared]}" if declared else "")
            return f"{self.names[seat]} can play {card} on {self.top_text(pile)} (pile {pile})"
        if self.draw_rule(seat) is None:
            return (f"{self.names[seat]} can draw ({len(self.hands[seat])} in hand, "
                    f"{len(self.draws[seat])} in the draw stack)")
        return None

    def is_blocked(self) -> bool:
        """Whether play has stopped: the starters are up and nobody may play or draw."""
        return self.revealed and self.winner is None and self.blocker() is None

    def plays(self, seat: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """Every legal play of ``seat`` now, as ``(pile, codes, declared)``: once per distinct
        card, pile and declared rank; with runs, every run too (pile by pile, cards ascending)."""
        if self.debt[seat] and self.draws[seat]:
            return []
        v = self.variant
        tables = v.tables
        out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        seen: set[tuple[tuple[int, ...], int, tuple[int, ...]]] = set()
        hand: dict[int, int] = {}  # (a dict, not a Counter: cheaper to make for a hand of a few cards)
        for code in self.hands[seat]:
            hand[code] = hand.get(code, 0) + 1
        codes = sorted(hand)  # the hand's distinct cards, ascending (a count down to 0 keeps its key)

        def extend(run: tuple[int, ...], decl: tuple[int, ...], pile: int, key: int, left: dict[int, int]) -> None:
            for code in codes:
                if not left[code]:
                    continue
                if code == JOKER_CODE:
                    declares = tables.declares[key // 3]
                    options: Iterable[int | None] = [r for r in ALL_RANKS if declares >> r & 1]
                elif self.fit[key] >> code & 1:
                    options = (None,)
                else:
                    continue
                for rank in options:
                    new_run = (*run, code)
                    new_decl = (*decl, rank) if rank is not None else decl
                    marker = (new_run, pile, new_decl)
                    if marker in seen:
                        continue
                    seen.add(marker)
                    if self.check_play(seat, new_run, pile, new_decl) is None:
                        out.append((pile, new_run, new_decl))
                    if v.runs:
                        left[code] -= 1
                        extend(new_run, new_decl, pile, KEY_OF_CODE[code] if rank is None else top_key(rank, NO_COLOUR),
                               left)
                        left[code] += 1

        for pile in range(v.piles):
            extend((), (), pile, self.tops[pile], hand)
        return out

    def options(self, seat: int) -> list[Option]:
        """What ``seat`` may do now, in integer form: its call when it went out; its pickups,
        plays (as :meth:`plays` lists them) and its draw.  Under ``announce.call: penalty``,
        another seat's actions while a call is due (taking one makes the call late)."""
        if self.is_over():
            return []
        out_seat = self.out_seat
        if out_seat is not None:
            if out_seat == seat:
                return [CALL_OPTION]
            if self.variant.call is _REQUIRED:
                return []
            shadow = self.copy()
            shadow.penalise(out_seat)
            return shadow.options(seat)
        out: list[Option] = []
        if seat in self.pickup_owed:
            out.extend((PICKUP, pile, (), ()) for pile in range(self.variant.piles) if self.piles[pile])
        if self.revealed:
            out.extend((PLAY, pile, codes, declared) for pile, codes, declared in self.plays(seat))
        if self.check_draw(seat) is None:
            out.append(DRAW_OPTION)
        return out

    # ------------------------------------------------------------------ checks

    def _check_common(self, player: int | None, *, same_instant_play: bool = False) -> Violation | None:
        if not same_instant_play and self.is_over():
            outcome = self.outcome()
            assert outcome is not None
            if outcome.winner is not None:
                what = f"{self.names[outcome.winner]} has already won the deal"
            elif outcome.is_tie:
                what = "the deal was tied by " + " and ".join(self.names[s] for s in outcome.tied)
            else:
                what = "the deal has ended in a dead end"
            return Violation(rules.EVENT_AFTER_END, player, f"nothing may happen after the end: {what}")
        if player is not None and not 0 <= player < self.variant.players:
            return Violation(rules.EVENT_INVALID, None,
                             f"there is no seat {brief(player)} in a {self.variant.players}-player game")
        return None

    def check_reveal(self) -> Violation | None:
        """Why the starters may not be revealed now, or ``None``."""
        problem = self._check_common(None)
        if problem is None and self.revealed:
            problem = Violation(rules.EVENT_ORDER, None, "the starters have already been revealed")
        return problem

    def check_play(
        self, player: int, cards: Sequence[int], pile: int, declared: Sequence[int] = (), t: float | int | None = None
    ) -> Violation | None:
        """Why ``player`` may not lay the card codes ``cards`` on ``pile`` now (at time ``t``), or ``None``.

        A play at the same ``t`` on the same pile as the play just before it, by another
        player, collided with it: under ``lower-stays`` and ``return-both`` it is judged
        against the top both cards landed on (:meth:`_play` judges).
        """
        return self._play(player, pile, _as_codes(cards), _as_codes(declared), t, -1, False)

    def _play(
        self, player: int, pile: int, cards: tuple[int, ...], declared: tuple[int, ...], t: float | int | None,
        index: int, apply: bool,
    ) -> Violation | None:
        """Judge a play and, with ``apply``, make it (:meth:`_land`): the seat and the table, the
        pile, the cards held (in hand, a run where the variant has runs, no draw owed first), then
        the cards against the top they meet.  The one place a play is judged."""
        # Under first-lands no collision group ever forms; else this play may meet one.
        group = None if self._first_lands else self._collision_group(player, pile, t)
        if group is not None or not self.calm:
            problem = self._check_common(player, same_instant_play=group is not None or self._same_instant(player, t))
            if problem is not None:
                return problem
            if not self.revealed:
                return Violation(rules.EVENT_ORDER, player, f"{self.names[player]} played before the starters were "
                                 "revealed")
        elif not 0 <= player < self._players:
            return self._check_common(player)  # (names the seat that is not there, or the dead end first)
        if not 0 <= pile < self._pile_count:
            return self._late(Violation(rules.EVENT_INVALID, player, f"there is no centre pile {brief(pile)} "
                                        f"(this variant has {self._pile_count})"))
        n = len(cards)
        code: int = cards[0] if n else 0
        if n == 1:
            if code not in self.hands[player]:
                return self._late(self._not_in_hand(player, cards))
        elif not n:
            return self._late(Violation(rules.EVENT_INVALID, player, f"{self.names[player]}'s play names no card"))
        elif not self._runs:
            return self._late(Violation(rules.PLAY_RUN, player, f"{self.names[player]} laid {n} cards at once; this "
                                        "variant plays one card at a time"))
        elif not holds(self.hands[player], cards):
            return self._late(self._not_in_hand(player, cards))
        if self._owes and self.debt[player] and self.draws[player]:
            return self._late(self._owes_draw(player))
        key = self.tops[pile] if group is None else group.prior[0]
        # The commonest play, one card as it is, is one bit test; a run, a joker or a misfit goes
        # card by card.
        if not (n == 1 and not declared and self._card_ok[key][code]):
            problem = self._check_cards(player, cards, pile, declared, key, group)
            if problem is not None:
                return self._late(problem)
        if apply:
            self._land(player, pile, cards, declared, t, index, code)
        return None

    def _owes_draw(self, player: int) -> Violation:
        """The violation of a play by a seat the refill rule makes draw first (:meth:`must_draw_first`)."""
        return Violation(rules.PLAY_MUST_DRAW_FIRST, player, f"{self.names[player]} must draw {self.debt[player]} "
                         f"more card(s) before playing (refill rule: {self.variant.refill.value})")

    def _check_cards(
        self, player: int, cards: Sequence[int], pile: int, declared: Sequence[int], key: int,
        group: CollisionGroup | None,
    ) -> Violation | None:
        """The cards of a play (a run, or a joker) against the top they meet, one after another."""
        v = self.variant
        name = self.names[player]
        if key // 3 == EMPTY:
            return Violation(rules.PLAY_RANK, player,
                             f"{name} played on pile {pile}, which is empty: wait for the flip")
        n_jokers = 0
        direction = 0
        one_way = len(cards) > 1 and not v.runs_any_way
        tables = v.tables
        declares, fit, steps = tables.declares, self.fit, tables.steps
        for i, code in enumerate(cards):
            top = key // 3
            if code == JOKER_CODE:
                rank = declared[n_jokers] if n_jokers < len(declared) else None
                n_jokers += 1
            else:
                rank = RANK_OF[code]
            if one_way and rank is not None:
                # Only a move to a neighbouring rank has a direction (a joker declared as any rank has none).
                step = steps[top][rank] if 0 <= top <= WILD and 0 <= rank <= WILD else 0  # (ranks.step, tabled)
                if step:
                    if direction and step != direction:
                        return Violation(rules.PLAY_RUN, player, f"{name}'s run turns back at {TEXT_OF[code]} "
                                         f"(pile {pile}); a run goes one way")
                    direction = step
            if code == JOKER_CODE:
                if rank is None or not 1 <= rank <= 13 or not declares[top] >> rank & 1:
                    if rank is None:
                        why = "without declaring the rank it stands for"
                    elif not 1 <= rank <= 13:
                        why = f"as {rank!r}, which is not a rank"
                    else:
                        why = (f"as {RANK_NAMES[rank]} on {_rank_text(top)}; it may stand for "
                               f"{' or '.join(v.ranks_that_fit(top))}")
                    return Violation(rules.PLAY_JOKER, player, f"{name} played a joker {why} (pile {pile})")
                key = top_key(rank, NO_COLOUR)
                continue
            if not fit[key] >> code & 1:
                return self._misfit(player, cards, i, pile, key, group)
            key = KEY_OF_CODE[code]
        if n_jokers != len(declared):
            return Violation(rules.PLAY_JOKER, player,
                             f"{name} declared {len(declared)} rank(s) for {n_jokers} joker(s)")
        if cards[-1] == JOKER_CODE and self._joker_may_not_go_out(player, len(cards)):
            return Violation(rules.PLAY_JOKER, player, f"{name} may not go out on a joker")
        return None

    def _late(self, problem: Violation) -> Violation:
        """A play or draw refused on a calm table: unless the deal has ended in a dead end, which
        is named first (an event that stands proves the table is not dead, so only refusals ask)."""
        if self.calm and self.is_dead_end():
            return self._check_common(problem.player) or problem
        return problem

    def _not_in_hand(self, player: int, cards: Sequence[int]) -> Violation:
        hand = self.hands[player]
        missing = [cards[0]] if len(cards) == 1 else list((Counter(cards) - Counter(hand)).elements())
        return Violation(rules.PLAY_NOT_IN_HAND, player,
                         f"{self.names[player]} played {' '.join(TEXT_OF[c] for c in missing)}, "
                         f"{'which is not' if len(cards) == 1 else 'not'} in their hand "
                         f"({' '.join(TEXT_OF[c] for c in hand) or 'empty'})")

    def _misfit(
        self, player: int, cards: Sequence[int], i: int, pile: int, key: int, group: CollisionGroup | None
    ) -> Violation:
        """The violation for card ``i`` of a play that does not fit the top it meets."""
        v, code = self.variant, cards[i]
        top, colour = key // 3, key % 3
        if top == EMPTY:
            return Violation(rules.PLAY_RANK, player,
                             f"{self.names[player]} played on pile {pile}, which is empty: wait for the flip")
        if i == 0:
            top_code = group.prior[1] if group is not None else self.piles[pile][-1]
            below = card_text(top_code, top)
        else:
            below = f"JK (as {RANK_NAMES[top]})" if cards[i - 1] == JOKER_CODE else TEXT_OF[cards[i - 1]]
        needs = " or ".join(v.ranks_that_fit(top))
        if v.alternate_colours and v.accepts[top] >> RANK_OF[code] & 1:
            needs = f"a {'black' if colour == 1 else 'red'} card (colours alternate)"
        if i == 0:
            return Violation(rules.PLAY_RANK, player,
                             f"{self.names[player]} played {TEXT_OF[code]} on {below} (pile {pile}); it needs {needs}")
        return Violation(rules.PLAY_RUN, player,
                         f"{self.names[player]}'s run puts {TEXT_OF[code]} on {below} (pile {pile}); it needs {needs}")

    def check_draw(self, player: int, card: int | None = None) -> Violation | None:
        """Why ``player`` may not draw now (or the top card is not ``card``), or ``None``: the
        refill rule (:meth:`draw_rule`)."""
        return self._draw(player, card, None, False)

    def _draw(self, player: int, card: int | None, t: float | int | None, apply: bool) -> Violation | None:
        """Judge a draw (the refill rule, :meth:`draw_rule`) and, with ``apply``, make it: the one
        place a draw is judged."""
        if not (self.calm and 0 <= player < self._players):
            problem = self._check_common(player)
            if problem is not None:
                return problem
        rule = self.draw_rule(player)
        if rule is None and card is not None and self.draws[player][-1] != card:
            rule = rules.DRAW_MISMATCH
        if rule is not None:
            return self._refused_draw(rule, player, card)
        if apply:
            self.version += 1
            self.group = None
            self._take_card(player)
            if t is not None:
                self.last_t = t
        return None

    def _refused_draw(self, rule: str, player: int, card: int | None) -> Violation:
        """The violation of a draw the draw rule refuses (``rule``: :meth:`draw_rule`'s answer, or
        ``draw.mismatch``)."""
        name, hand, stack = self.names[player], self.hands[player], self.draws[player]
        if rule == rules.DRAW_MISMATCH:
            assert card is not None
            message = f"{name} drew {TEXT_OF[card]}, but the top of their draw stack is {TEXT_OF[stack[-1]]}"
        elif rule == rules.DRAW_EMPTY:
            message = f"{name} drew from an empty draw stack"
        elif rule == rules.DRAW_HAND_FULL:
            message = f"{name} drew with {len(hand)} cards in hand; the limit is {self.variant.hand_limit}"
        else:
            message = (f"{name} drew with {len(hand)} card(s) in hand; this variant refills only when the hand "
                       "is empty")
        return self._late(Violation(rule, player, message))

    def check_flip(self) -> Violation | None:
        """Why the reserves may not flip now, or ``None``."""
        return self._flip(None, False)

    def _flip(self, t: float | int | None, apply: bool) -> Violation | None:
        """Judge a flip and, with ``apply``, make it (:meth:`_turn_reserves`): the one place a flip
        is judged."""
        if self.calm and any(self.reserves):  # only whether everyone is blocked is left to judge
            problem = self._check_blocked(rules.FLIP_NOT_BLOCKED, "a flip")
        else:
            problem = self._flip_problem()
        if problem is None and apply:
            self.version += 1
            self.group = None
            self._turn_reserves()
            if t is not None:
                self.last_t = t
        return problem

    def _flip_problem(self) -> Violation | None:
        problem = self._check_common(None)
        if problem is not None:
            return problem
        if not self.revealed:
            return Violation(rules.EVENT_ORDER, None, "a flip came before the starters were revealed")
        problem = self._check_blocked(rules.FLIP_NOT_BLOCKED, "a flip")
        if problem is not None:
            return problem
        if not any(self.reserves):
            return Violation(rules.FLIP_NO_RESERVE, None,
                             "every reserve is empty: the centre must be rebuilt, not flipped")
        return None

    def check_stuck(self, player: int) -> Violation | None:
        """Why ``player`` may not declare being stuck now, or ``None``: the starters are up and the
        seat can neither play nor draw, and owes no call or pickup (rule ``stuck.false``; 003 "you
        cannot hold one back and then call the position stuck").  A true declaration changes nothing."""
        problem = self._check_common(player)
        if problem is not None:
            return problem
        if not self.revealed:
            return Violation(rules.EVENT_ORDER, player, f"{self.names[player]} declared being stuck before the "
                             "starters were revealed")
        name = self.names[player]
        if player == self.out_seat:
            can: str | None = f"{name} has gone out and must call"
        elif player in self.pickup_owed:
            can = f"{name} must pick up a centre pile (missed call)"
        else:
            can = self.seat_can(player)
        if can is None:
            return None
        return Violation(rules.STUCK_FALSE, player, f"{name} declared being stuck, but is not: {can}")

    def _check_blocked(self, rule: str, what: str) -> Violation | None:
        """The violation of ``rule`` by a table event that needs everyone blocked, if someone is not."""
        blocker = self.blocker()
        if blocker is None:
            return None
        seat, can = blocker
        return Violation(rule, seat, f"{what} needs everyone blocked, but {can}")

    def check_rebuild(self, reserves: Sequence[Sequence[int]] | None = None) -> Violation | None:
        """Why the centre may not be rebuilt now (into ``reserves``, top first), or ``None``."""
        problem = self._check_common(None)
        if problem is not None:
            return problem
        if not self.revealed:
            return Violation(rules.EVENT_ORDER, None, "a rebuild came before the starters were revealed")
        left = [len(r) for r in self.reserves]
        if any(left):
            return Violation(rules.REBUILD_EARLY, None,
                             f"the reserves still hold {'/'.join(map(str, left))} cards: flip them first")
        problem = self._check_blocked(rules.REBUILD_EARLY, "a rebuild")
        if problem is not None:
            return problem
        if reserves is not None:
            return self._check_rebuilt(reserves)
        return None

    def _rebuild_gathers(self) -> list[int]:
        """The cards the variant's rebuild rule gathers from the centre (``each-pile``: all of them)."""
        keep_tops = self.variant.rebuild is _KEEP_TOPS
        return [c for p in self.piles for c in (p[:-1] if keep_tops else p)]

    def _check_rebuilt(self, reserves: Sequence[Sequence[int]]) -> Violation | None:
        v = self.variant
        if len(reserves) != v.piles:
            return Violation(rules.REBUILD_CARDS, None,
                             f"the rebuild lists {len(reserves)} reserves; this variant has {v.piles}")
        rule = v.rebuild
        if rule is _EACH_PILE:
            for i, (new, pile) in enumerate(zip(reserves, self.piles, strict=True)):
                difference = card_difference((new,), card_counts(pile))
                if difference is not None:
                    return Violation(rules.REBUILD_CARDS, None,
                                     f"reserve {i} must hold exactly the {len(pile)} cards of pile {i} "
                                     f"(rebuild rule: each-pile); {difference}")
            return None
        gathered = self._rebuild_gathers()
        difference = card_difference(reserves, card_counts(gathered))
        if difference is not None:
            what = "beneath the pile tops" if rule is _KEEP_TOPS else "in the centre"
            return Violation(rules.REBUILD_CARDS, None,
                             f"the new reserves must hold exactly the {len(gathered)} cards {what} "
                             f"(rebuild rule: {rule.value}); {difference}")
        sizes = [len(r) for r in reserves]
        if max(sizes) - min(sizes) > 1:
            return Violation(rules.REBUILD_CARDS, None,
                             f"the new reserves hold {'/'.join(map(str, sizes))} cards; they must be split as evenly "
                             "as possible")
        return None

    def check_event(
        self,
        kind: int,
        player: int = -1,
        pile: int = -1,
        cards: Any = None,
        declared: Sequence[int] = (),
        t: float | int | None = None,
    ) -> Violation | None:
        """Why an event may not happen now, or ``None``; the integer-coded form of
        :meth:`speedrules.Game.check`.

        ``kind`` is one of ``speedrules.speed.actions.REVEAL PLAY DRAW FLIP REBUILD CALL PICKUP STUCK``;
        ``cards`` is a sequence of card codes (play), a code or ``None`` (draw), or the new
        reserves as sequences of codes, top first (rebuild).  ``t`` is the event's time in
        milliseconds (rule ``time.order``; collisions and ties are judged by it).
        """
        if t is not None and t < self.last_t:
            return Violation(rules.TIME_ORDER, player if player >= 0 else None,
                             f"t = {brief(t)} comes after t = {brief(self.last_t)}: times must not decrease")
        if self.out_seat is not None and self._missed_call(kind, t) is not None:
            return self._judge_late_call(kind, player, pile, cards, declared, t)
        return self._check_kind(kind, player, pile, cards, declared, t)

    def _judge_late_call(
        self, kind: int, player: int, pile: int, cards: Any, declared: Sequence[int], t: float | int | None
    ) -> Violation | None:
        """An event that comes while a seat's call is due: it makes the call late (rule
        ``call.missing``), or under ``announce.call: penalty`` is judged on the table as it is
        once the missed call is penalised."""
        seat = self.out_seat
        assert seat is not None
        if self.variant.call is _REQUIRED:
            return Violation(rules.CALL_MISSING, seat,
                             f"{self.names[seat]} went out but did not call before the next event")
        saved = (self.out_seat, self.finish_t, set(self.pickup_owed), self.version, self._dead, self.calm)
        self.penalise(seat)
        try:
            return self._check_kind(kind, player, pile, cards, declared, t)
        finally:
            self.out_seat, self.finish_t, self.pickup_owed, self.version, self._dead, self.calm = saved

    def _check_kind(
        self, kind: int, player: int, pile: int, cards: Any, declared: Sequence[int], t: float | int | None
    ) -> Violation | None:
        if kind == PLAY:
            return self._play(player, pile, _as_codes(cards), _as_codes(declared), t, -1, False)
        if kind == DRAW:
            return self._draw(player, cards, t, False)
        if kind == FLIP:
            return self._flip(t, False)
        if kind == REBUILD:
            return self.check_rebuild(cards)
        if kind == REVEAL:
            return self.check_reveal()
        if kind == CALL:
            return self.check_call(player)
        if kind == PICKUP:
            return self.check_pickup(player, pile)
        if kind == STUCK:
            return self.check_stuck(player)
        raise ValueError(f"not an event kind: {kind!r}")

    # ------------------------------------------------------------------ check and change

    def run(
        self, events: Iterable[tuple[int, int, int, Any, Sequence[int], float | int | None]], start: int = 0
    ) -> tuple[int, Violation] | None:
        """Judge ``events`` in order, applying each one that stands; stop at the first that does
        not and return its index (counting from ``start``) and violation, or ``None``.

        Each event is ``(kind, player, pile, cards, declared, t)`` as :meth:`check_event` takes
        it.  On a calm table (:attr:`calm`) a play, a draw or a flip in time order goes straight to
        its judge-and-apply step (:meth:`_play`, :meth:`_draw`, :meth:`_flip`); anything else is judged whole
        (:meth:`event`: the time, a call missed, the event's rule, then :meth:`apply_event`).
        """
        index = start - 1
        for kind, player, pile, cards, declared, t in events:
            index += 1
            if not self.calm or (t is not None and t < self.last_t):
                problem = self.event(kind, player, pile, cards, declared, t, index)
            elif kind == PLAY:
                problem = self._play(player, pile, _as_codes(cards), _as_codes(declared), t, index, True)
            elif kind == DRAW:
                problem = self._draw(player, cards, t, True)
            elif kind == FLIP:
                problem = self._flip(t, True)
            else:
                problem = self.event(kind, player, pile, cards, declared, t, index)
            if problem is not None:
                return index, problem
        return None

    def event(
        self, kind: int, player: int = -1, pile: int = -1, cards: Any = None, declared: Sequence[int] = (),
        t: float | int | None = None, index: int = -1,
    ) -> Violation | None:
        """Judge one event and, if it stands, apply it (``index`` numbers it for collision records)."""
        problem = self.check_event(kind, player, pile, cards, declared, t)
        if problem is None:
            self.apply_event(kind, player, pile, cards, declared, t, index)
        return problem

    def apply_event(
        self,
        kind: int,
        player: int = -1,
        pile: int = -1,
        cards: Any = None,
        declared: Sequence[int] = (),
        t: float | int | None = None,
        index: int = -1,
    ) -> Any:
        """Apply an event that :meth:`check_event` accepted (it is not checked again): the one
        place where each kind of event changes the state.

        ``index`` numbers the event for collision records.  Returns the code drawn (draw)
        or the reserves used, top first (rebuild), else ``None``.
        """
        if self.out_seat is not None:
            seat = self._missed_call(kind, t)
            if seat is not None:
                self.penalise(seat)
        if kind == PLAY:
            codes = _as_codes(cards)
            self._land(player, pile, codes, _as_codes(declared), t, index, codes[0])
            return None
        self.version += 1
        self.group = None
        result: Any = None
        if kind == DRAW:
            result = self._take_card(player)
        elif kind == FLIP:
            self._turn_reserves()
        else:
            result = self._apply_table_event(kind, player, pile, cards)
        if t is not None:
            self.last_t = t
        return result

    def _apply_table_event(self, kind: int, player: int, pile: int, cards: Any) -> Any:
        """:meth:`apply_event` for the rarer kinds: rebuild (returns the reserves used), reveal,
        call, pickup, stuck (a true declaration: nothing changes)."""
        if kind == REBUILD:
            return self._do_rebuild(cards)
        if kind == REVEAL:
            self._do_reveal()
        elif kind == CALL:
            self._do_call(player)
        elif kind == PICKUP:
            self._do_pickup(player, pile)
        elif kind != STUCK:
            raise ValueError(f"not an event kind: {kind!r}")
        return None

    # ------------------------------------------------------------------ state changes

    def random_state(self) -> object:
        """The state of the deal's random source (rebuild shuffles), to put back with
        :meth:`set_random_state`; ``None`` while no source has been made."""
        return None if self._rng is None else self._rng.getstate()

    def set_random_state(self, state: object) -> None:
        """Put the random source back as :meth:`random_state` gave it (or use a
        ``random.Random`` given itself)."""
        if state is None or isinstance(state, random.Random):
            self._rng = state
        else:
            self._rng = random.Random()
            self._rng.setstate(state)  # type: ignore[arg-type]

    def state(self) -> tuple[object, ...]:
        """The whole state of the deal as one value, for comparing two deals (the random source
        and caches aside)."""
        group = self.group
        return (
            tuple(map(tuple, self.hands)), tuple(map(tuple, self.draws)), tuple(map(tuple, self.piles)),
            tuple(self.tops), tuple(map(tuple, self.reserves)), tuple(self.debt), self.revealed, self.last_t,
            self.winner, self.out_seat, self.finish_t, self.tied, frozenset(self.callers),
            frozenset(self.pickup_owed), tuple(self.collisions),
            None if group is None else (group.t, group.pile, group.prior, group.kept, tuple(group.seats),
                                        group.record, tuple(group.plays)),
        )

    def position(self, count: int = 0) -> Position:
        """The state of the deal as a :class:`~speedrules.speed.position.Position` (``str()`` of it is
        the position notation); ``count`` is the number of events since the deal."""
        revealed, wild = self.revealed, KEY_OF_CODE[JOKER_CODE]

        def declared(code: int, key: int) -> int:
            return key // 3 if revealed and code == JOKER_CODE and key != wild else 0

        def top_first(stacks: list[list[int]]) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(reversed(stack)) for stack in stacks)

        finish = Finish(self.winner, self.out_seat, self.tied, tuple(sorted(self.callers)), self.finish_t)
        instant = None
        group = self.group
        if group is not None:
            kept = group.kept
            before_key, before = group.prior
            was = Finish()
            if kept is not None:
                won, out, finish_t, tied, callers = kept[4]
                was = Finish(won, out, tied, tuple(sorted(callers)), finish_t)
            plays = tuple(zip(group.seats, group.plays, strict=True))
            instant = Instant(group.pile, before, declared(before, before_key), plays,
                              None if kept is None else (kept[5], kept[1], kept[2]),
                              0 if kept is None else kept[3], was)
        return Position(
            tuple(map(tuple, self.hands)), top_first(self.draws), top_first(self.piles),
            tuple(declared(p[-1], key) if p else 0 for p, key in zip(self.piles, self.tops, strict=True)),
            top_first(self.reserves), tuple(self.debt), revealed, finish, tuple(sorted(self.pickup_owed)),
            self.last_t, count, instant)

    @classmethod
    def from_position(
        cls,
        variant: Variant,
        position: Position,
        *,
        names: tuple[str, ...] | None = None,
        rng: random.Random | None = None,
        seed: int | None = None,
    ) -> Kernel:
        """A kernel in the state ``position`` describes, checked against ``variant`` first (a
        :class:`~speedrules.core.errors.PositionError` says what does not fit)."""
        problem = position.problem(variant)
        if problem is not None:
            raise problem
        p = position
        starters = [pile[0] for pile in p.piles] if not p.revealed else [0] * variant.piles
        kernel = cls(variant, p.hands, p.draws, starters, p.reserves, names=names, rng=rng, seed=seed)
        if not p.revealed:
            if tuple(kernel.debt) != p.owed:
                raise PositionError(5, f"before the reveal the draws owed are those of the deal: "
                                       f"{'/'.join(map(str, kernel.debt))}")
            return kernel
        kernel.load(p)
        return kernel

    def load(self, p: Position) -> None:
        """Put the kernel in the state of ``p``, a position after the reveal that
        :meth:`from_position` checked (lists changed in place, as always)."""
        def key(code: int, declared: int) -> int:
            if code < 0:
                return EMPTY_KEY
            return top_key(declared, NO_COLOUR) if declared else KEY_OF_CODE[code]

        for mine, theirs in ((self.hands, p.hands), (self.draws, [d[::-1] for d in p.draws]),
                             (self.piles, [pile[::-1] for pile in p.piles]),
                             (self.reserves, [r[::-1] for r in p.reserves])):
            for stack, cards in zip(mine, theirs, strict=True):
                stack[:] = cards
        self.tops[:] = [key(pile[0] if pile else -1, d) for pile, d in zip(p.piles, p.declared, strict=True)]
        self.debt[:] = p.owed
        f = p.finish
        self.revealed, self.winner, self.out_seat, self.finish_t, self.tied = True, f.won, f.out, f.finish, f.tied
        self.callers, self.pickup_owed, self.last_t = set(f.called), set(p.pickup), p.clock
        self.collisions.clear()
        self.group = None
        if p.instant is not None:
            i = p.instant
            kept: Landed | None = None
            if i.kept is not None:
                seat = next(s for s, number in i.plays if number == i.kept[0])
                was = (i.was.won, i.was.out, i.was.finish, i.was.tied, frozenset(i.was.called))
                kept = (seat, i.kept[1], i.kept[2], i.debt, was, i.kept[0])
            self.group = CollisionGroup(p.clock, i.pile, (key(i.before, i.before_declared), i.before), kept,
                                        [s for s, _ in i.plays], [number for _, number in i.plays])
        self.version += 1
        self._settle()


    def _random(self) -> random.Random:
        """The deal's random source (for rebuild shuffles): the one given, else one seeded with ``seed``."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def _do_reveal(self) -> None:
        for pile, cards in enumerate(self.piles):
            self.tops[pile] = KEY_OF_CODE[cards[-1]]
        self.revealed = True
        self.version += 1
        self._settle()

    def _land(
        self, player: int, pile: int, cards: tuple[int, ...], declared: tuple[int, ...], t: float | int | None,
        index: int, code: int,
    ) -> None:
        """A judged play lands (``code``: its first card): the collision policy decides whether its
        cards stay (not under first-lands, where the log order is the landing order), and they go
        on the pile.  The one place a play changes the hands and piles."""
        self.version += 1
        if t is not None:
            self.last_t = t
        if not self._first_lands and not self._land_play(player, cards, pile, declared, t, index):
            return  # the collision policy sent the cards back
        hand = self.hands[player]
        n = len(cards)
        if n == 1:
            hand.remove(code)
            self.piles[pile].append(code)
        else:
            for code in cards:
                hand.remove(code)
            self.piles[pile].extend(cards)
            code = cards[-1]
        self.tops[pile] = _KEY_OF_CODE[code] if code != JOKER_CODE else top_key(declared[-1], NO_COLOUR)
        if self._owes:
            self._refill_debt(player, n)
        if not hand and not self.draws[player]:
            self._went_out(player, t)

    def _take_card(self, player: int) -> int:
        """The seat takes the top of its draw stack (returned) into its hand; a draw owed is paid."""
        code = self.draws[player].pop()
        self.hands[player].append(code)
        if self._owes and self.debt[player]:
            self.debt[player] -= 1
        return code

    def _turn_reserves(self) -> None:
        """Each reserve with cards turns its top card onto its pile: the one place a flip changes the state."""
        piles, tops = self.piles, self.tops
        for i, reserve in enumerate(self.reserves):
            if reserve:
                code = reserve.pop()
                piles[i].append(code)
                tops[i] = _KEY_OF_CODE[code]

    def _refill_debt(self, player: int, played: int) -> None:
        """The draws the refill rule owes after ``played`` cards left the hand."""
        stack = self.draws[player]
        if self._when_empty:  # (the variant's rule as the kernel binds it: read on every play)
            if not self.hands[player]:
                self.debt[player] = min(self._limit, len(stack))
        elif self.variant.refill is _AFTER_EACH_PLAY:
            self.debt[player] = min(played, len(stack))

    def _do_rebuild(self, reserves: Sequence[Sequence[int]] | None) -> Sequence[Sequence[int]]:
        """Rebuild with the given stacks (top first), or shuffle with the deal's random source."""
        v = self.variant
        if reserves is None:
            reserves = self._shuffled_rebuild()
        if v.rebuild is _KEEP_TOPS:
            for pile in self.piles:
                del pile[:-1]  # a pile emptied by a pickup stays empty
        else:
            for pile in self.piles:
                pile.clear()
            self.tops[:] = [EMPTY_KEY] * v.piles
        for reserve, new in zip(self.reserves, reserves, strict=True):
            reserve[:] = _reversed_list(new)
        self.version += 1
        return reserves

    def _shuffled_rebuild(self) -> list[list[int]]:
        """New reserves (top first) under the variant's rebuild rule, shuffled with the deal's random source."""
        if self.variant.rebuild is _EACH_PILE:
            out = []
            for pile in self.piles:
                cards = list(pile)
                shuffle_codes(cards, self._random())
                out.append(cards)
            return out
        gathered = self._rebuild_gathers()
        shuffle_codes(gathered, self._random())
        out, start = [], 0
        for size in even_split(len(gathered), self.variant.piles):
            out.append(gathered[start:start + size])
            start += size
        return out

    # ------------------------------------------------------------------ the referee's questions
    # (speedrules.family.Kernel: what the one judging procedure of every family asks a kernel)

    def check(self, event: tuple[Any, ...]) -> Violation | None:
        """:meth:`check_event` on a coded event ``(kind, player, pile, cards, declared, t)``."""
        kind, player, pile, cards, declared, t = event
        return self.check_event(kind, player, pile, cards, declared, t)

    def apply(self, event: tuple[Any, ...], index: int = -1) -> None:
        """:meth:`apply_event` on a coded event, the deal's ``index``-th."""
        kind, player, pile, cards, declared, t = event
        self.apply_event(kind, player, pile, cards, declared, t, index)

    def could_stand(self, event: tuple[Any, ...]) -> bool:
        """Whether the illegal ``event`` could physically have stood: a play of cards in the hand
        on a pile that is there (a joker declared as a rank), a draw from a stack that holds a card,
        a flip with a reserve left; never any other event."""
        kind, player, pile, cards, declared, _ = event
        v = self.variant
        if not 0 <= player < v.players and kind in (PLAY, DRAW):
            return False
        if kind == PLAY:
            if not 0 <= pile < v.piles or Counter[int](cards) - Counter(self.hands[player]):
                return False
            return sum(1 for c in cards if c == JOKER_CODE) == len(declared) and all(1 <= r <= 13 for r in declared)
        if kind == DRAW:
            return bool(self.draws[player])
        return kind == FLIP and any(self.reserves)

    def shadowed(self, event: tuple[Any, ...]) -> tuple[Any, ...]:
        """The event as the copy in which a corrected event stood judges it: as it is."""
        return event

    def correction(self, event: tuple[Any, ...], problem: Violation) -> str:
        """What the guide's correction procedure does about an illegal event: it is undone."""
        kind, player, _, cards, _, _ = event
        valid_seat = 0 <= player < self.variant.players
        name = self.names[player] if valid_seat else f"seat {brief(player)}"
        if kind == PLAY:
            held = valid_seat and not Counter[int](cards) - Counter(self.hands[player])
            text = " ".join([TEXT_OF[c] for c in cards])
            return f"{text} went back to {name}'s hand" if held else "the play was ignored"
        if kind == DRAW and problem.rule == rules.DRAW_HAND_FULL:
            return f"the card drawn went back on top of {name}'s draw stack"
        undone = {FLIP: "the flip was undone", REBUILD: "the rebuild was undone", PICKUP: "the pickup was undone",
                  CALL: "the call was ignored", STUCK: "the declaration was ignored"}
        return undone.get(kind, "the event was ignored")

    def void_reason(self, problem: Violation) -> str | None:
        """A missed call voids the deal: it cannot be made up."""
        return "the deal is void: a missed call cannot be made up" if problem.rule == rules.CALL_MISSING else None

    def deal_fields(self, void: bool) -> tuple[bool, int | None, tuple[int, ...], bool, tuple[int, ...],
                                               tuple[Any, ...], tuple[int, ...]]:
        """The deal as its verdict reports it: finished, winner, the cards each seat still holds,
        dead end, the seats tied, the collisions, the seats that called."""
        outcome = None if void else self.outcome()
        collisions, callers = self.collisions, self.callers
        return (outcome is not None, None if outcome is None else outcome.winner, self.remaining(),
                outcome is not None and outcome.is_dead_end, () if outcome is None else outcome.tied,
                tuple(collisions) if collisions else (), tuple(sorted(callers)) if callers else ())

    def table_view(self) -> TableView:
        """The table now, for the readable report of a violation."""
        return TableView(tuple(self.tops_text()), tuple([len(r) for r in self.reserves]),
                         tuple([tuple([TEXT_OF[c] for c in h]) for h in self.hands]),
                         tuple([len(d) for d in self.draws]))


@attrs.frozen(slots=True)
class TableView:
    """The table when a violation happened, as a Speed deal's verdict keeps it for the readable
    report (:attr:`speedrules.DealVerdict.table`): each pile's top, each reserve's and draw
    stack's size, each hand."""

    piles: tuple[str, ...]
    reserves: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    draw: tuple[int, ...]
