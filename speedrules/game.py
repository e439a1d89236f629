"""The game state: a dealt layout in play, with every rule of the variant enforced.

:class:`Game` is mutable (like ``chess.Board``): ``apply`` changes it, ``copy`` clones
it.  Internally cards are integer codes (see :mod:`.cards`) in plain lists with the
top of every stack at the end, and the rank rule is one bit test in the variant's
precomputed neighbour table, so the referee runs at bare-loop speed.  Each operation
comes as a pair: ``can_x`` / ``x`` (e.g. :meth:`Game.can_flip` / :meth:`Game.flip`),
and every applied action is recorded in :attr:`Game.history`.

>>> game = deal(load_variant("speed"), seed=1)  # doctest: +SKIP
>>> game.apply(Reveal())  # doctest: +SKIP
>>> game.legal_actions(0)  # doctest: +SKIP
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from .actions import (
    CALL,
    DRAW,
    FLIP,
    PICKUP,
    PLAY,
    REBUILD,
    REVEAL,
    Action,
    Call,
    Draw,
    Flip,
    Pickup,
    Play,
    Rebuild,
    Reveal,
)
from .cards import COLOUR_OF, JOKER_CODE, RANK_NAMES, RANK_OF, TEXT_OF, Card, deck_codes
from .errors import CardError, IllegalActionError, InvalidActionError, InvalidArgumentError, Violation, brief
from .layout import Layout
from .loading import as_variant
from .variant import ALL_RANKS, EMPTY, WILD, Collisions, RankOrder, Refill, Ties, Variant
from .variant import Call as CallRule
from .variant import Rebuild as RebuildRule

if TYPE_CHECKING:
    from .log import Log


@attrs.frozen(slots=True)
class Outcome:
    """How a deal ended: ``winner`` is a seat, or ``None`` for a dead end.

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


_Landed = tuple[int, tuple[int, ...], tuple[int, ...], int, tuple[object, ...], int]
"""A play that stayed: (player, codes, declared, debt before, finish state before, event index)."""


class _Group:
    """The plays landing on one pile at one instant so far (for ``lower-stays`` / ``return-both``)."""

    __slots__ = ("kept", "pile", "players", "plays", "prior", "record", "t")

    def __init__(self, t: float | int, pile: int, prior: tuple[int, int, int], kept: _Landed | None) -> None:
        self.t = t
        self.pile = pile
        self.prior = prior  # (effective rank, colour, code) of the top before the group
        self.kept = kept
        self.players: set[int] = {kept[0]} if kept is not None else set()
        self.record = -1  # index in Game._collisions, once two plays met
        self.plays: list[int] = []


def shuffle_codes(codes: list[int], rng: random.Random) -> None:
    """Shuffle in place: Fisher-Yates from the end, ``j = rng.randrange(i + 1)``.

    With ``random.Random(seed)`` (Mersenne Twister, and ``randrange`` built on
    ``getrandbits``) this gives the same order on every platform and Python >= 3.11.
    """
    for i in range(len(codes) - 1, 0, -1):
        j = rng.randrange(i + 1)
        codes[i], codes[j] = codes[j], codes[i]


def even_split(total: int, parts: int) -> list[int]:
    """Sizes of ``total`` cards split as evenly as possible, the lower indices taking the extras."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def _rank_text(rank: int) -> str:
    return "wild" if rank == WILD else ("empty" if rank == EMPTY else RANK_NAMES[rank])


class Game:
    """One deal of a variant, from the layout to the win (or a dead end).

    Build it with :func:`speedrules.deal` (a fresh shuffle) or :meth:`Game.from_layout`
    (a known layout).  Seats are 0-based; so are centre piles (reserve *i* flips onto
    pile *i*).  ``names`` are used in messages only.
    """

    __slots__ = (
        "_callers",
        "_collisions",
        "_dead_cache",
        "_debt",
        "_draws",
        "_finish_t",
        "_group",
        "_hands",
        "_history",
        "_last_t",
        "_layout",
        "_layout_codes",
        "_out_seat",
        "_pickup_owed",
        "_piles",
        "_reserves",
        "_revealed",
        "_rng",
        "_tied",
        "_times",
        "_top_colour",
        "_top_rank",
        "_version",
        "_winner",
        "names",
        "seed",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        layout: Layout,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        def codes(stacks: Sequence[Sequence[Card]]) -> list[list[int]]:
            return [[c.code for c in stack] for stack in stacks]

        if not isinstance(layout, Layout):
            raise InvalidArgumentError(f"not a Layout: {brief(layout)} (Layout.from_json reads one from data)")
        self._setup(variant, codes(layout.hands), codes(layout.draw), [c.code for c in layout.starters],
                    codes(layout.reserves), rng=rng, seed=seed, names=names)
        self._layout: Layout | None = layout

    @classmethod
    def from_codes(
        cls,
        variant: Variant,
        hands: Sequence[Sequence[int]],
        draw: Sequence[Sequence[int]],
        starters: Sequence[int],
        reserves: Sequence[Sequence[int]],
        *,
        rng: random.Random | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """Start a game from a layout given as card codes (stacks top first), as the referee does."""
        game = cls.__new__(cls)
        game._setup(variant, hands, draw, starters, reserves, rng=rng, seed=None, names=names)
        return game

    @property
    def layout(self) -> Layout:
        """The layout the game was dealt from."""
        if self._layout is None:
            def cards(stack: Iterable[int]) -> tuple[Card, ...]:
                return tuple(Card.from_code(c) for c in stack)

            hands, draw, starters, reserves = self._layout_codes
            self._layout = Layout(hands=tuple(cards(h) for h in hands), draw=tuple(cards(d) for d in draw),
                                  starters=cards(starters), reserves=tuple(cards(r) for r in reserves))
        return self._layout

    def _setup(
        self,
        variant: Variant,
        hands: Sequence[Sequence[int]],
        draw: Sequence[Sequence[int]],
        starters: Sequence[int],
        reserves: Sequence[Sequence[int]],
        *,
        rng: random.Random | None,
        seed: int | None,
        names: Sequence[str] | None,
    ) -> None:
        variant = as_variant(variant)
        hands, draw, reserves = _code_stacks(hands), _code_stacks(draw), _code_stacks(reserves)
        starters = _code_stacks([starters])[0]
        problem = check_layout_codes(variant, hands, draw, starters, reserves)
        if problem is not None:
            raise IllegalActionError(problem)
        self._start(variant, hands, draw, starters, reserves, rng, seed, _checked_names(variant, names))

    @classmethod
    def _from_checked(
        cls,
        variant: Variant,
        hands: Sequence[Sequence[int]],
        draw: Sequence[Sequence[int]],
        starters: Sequence[int],
        reserves: Sequence[Sequence[int]],
        names: tuple[str, ...],
    ) -> Game:
        """:meth:`from_codes` for a layout the caller has found to be a deal of ``variant``
        (``_is_deal_of``): the referee's start, which checks the layout as it reads it."""
        game = cls.__new__(cls)
        game._start(variant, hands, draw, starters, reserves, None, None, names)
        return game

    def _start(
        self,
        variant: Variant,
        hands: Sequence[Sequence[int]],
        draw: Sequence[Sequence[int]],
        starters: Sequence[int],
        reserves: Sequence[Sequence[int]],
        rng: random.Random | None,
        seed: int | None,
        names: tuple[str, ...],
    ) -> None:
        """The state before the reveal, dealt from a checked layout."""
        self.variant = variant
        self._layout = None
        self._layout_codes = (hands, draw, starters, reserves)
        self.seed = seed
        self._rng = rng  # made from the seed when a rebuild first needs it
        self.names = names
        self._hands = [list(hand) for hand in hands]
        self._draws = [list(reversed(stack)) for stack in draw]
        self._piles = [[c] for c in starters]
        self._top_rank = [EMPTY] * variant.piles  # starters are face down until the reveal
        self._top_colour = [2] * variant.piles
        self._reserves = [list(reversed(stack)) for stack in reserves]
        self._debt = (
            [0] * variant.players if variant.hand_size else  # a variant dealing no hand draws it first
            [min(variant.hand_limit, len(stack)) if not hand else 0 for hand, stack in zip(hands, draw, strict=True)]
        )
        self._revealed = False
        self._winner: int | None = None
        self._history: list[Action] = []
        self._times: list[float | int | None] = []
        self._version = 0
        self._dead_cache = (-1, False)
        self._last_t: float | int | None = None
        self._group: _Group | None = None
        self._collisions: list[Collision] = []
        self._out_seat: int | None = None  # went out, call still due
        self._finish_t: float | int | None = None
        self._tied: tuple[int, ...] = ()
        self._callers: set[int] = set()
        self._pickup_owed: set[int] = set()

    @classmethod
    def from_layout(
        cls,
        variant: Variant,
        layout: Layout,
        *,
        rng: random.Random | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """Start a game from a given layout (checked: rules ``layout.cards``, ``layout.shape``)."""
        return cls(variant, layout, rng=rng, names=names)

    def copy(self) -> Game:
        """An independent copy, random source included."""
        other = Game.__new__(Game)
        other.variant, other.names, other.seed = self.variant, self.names, self.seed
        other._layout, other._layout_codes = self._layout, self._layout_codes
        other._rng = None
        if self._rng is not None:
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        other._hands = [list(h) for h in self._hands]
        other._draws = [list(d) for d in self._draws]
        other._piles = [list(p) for p in self._piles]
        other._top_rank = list(self._top_rank)
        other._top_colour = list(self._top_colour)
        other._reserves = [list(r) for r in self._reserves]
        other._debt = list(self._debt)
        other._revealed = self._revealed
        other._winner = self._winner
        other._history = list(self._history)
        other._times = list(self._times)
        other._version = self._version
        other._dead_cache = self._dead_cache
        other._last_t = self._last_t
        group = self._group
        if group is not None:
            clone = _Group(group.t, group.pile, group.prior, group.kept)
            clone.players, clone.record = set(group.players), group.record
            group = clone
        other._group = group
        other._collisions = list(self._collisions)
        other._out_seat = self._out_seat
        other._finish_t = self._finish_t
        other._tied = self._tied
        other._callers = set(self._callers)
        other._pickup_owed = set(self._pickup_owed)
        return other

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} seed={self.seed} after {len(self._history)} actions>"

    # ------------------------------------------------------------------ views

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand."""
        return tuple(tuple(Card.from_code(c) for c in h) for h in self._hands)

    @property
    def draw_stacks(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's draw stack, top card first."""
        return tuple(tuple(Card.from_code(c) for c in reversed(d)) for d in self._draws)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Each centre pile, top card first (a starter counts before the reveal too)."""
        return tuple(tuple(Card.from_code(c) for c in reversed(p)) for p in self._piles)

    @property
    def tops(self) -> tuple[Card | None, ...]:
        """Each centre pile's top card, ``None`` for an empty pile (or before the reveal)."""
        return tuple(
            Card.from_code(p[-1]) if p and self._revealed else None for p in self._piles
        )

    @property
    def top_ranks(self) -> tuple[int, ...]:
        """Each pile's effective top rank: 1-13, ``EMPTY`` (0) or ``WILD`` (14); a played
        joker counts as its declared rank."""
        return tuple(self._top_rank)

    @property
    def reserves(self) -> tuple[tuple[Card, ...], ...]:
        """Each reserve, top card first."""
        return tuple(tuple(Card.from_code(c) for c in reversed(r)) for r in self._reserves)

    @property
    def draws_owed(self) -> tuple[int, ...]:
        """Per seat, how many draws the refill rule requires before that seat's next play."""
        return tuple(self._debt)

    @property
    def is_revealed(self) -> bool:
        return self._revealed

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, as recorded (draws name their card, rebuilds their stacks)."""
        return tuple(self._history)

    @property
    def history_times(self) -> tuple[float | int | None, ...]:
        """The time ``t`` each recorded action was applied with (``None`` if untimed)."""
        return tuple(self._times)

    @property
    def collisions(self) -> tuple[Collision, ...]:
        """The collisions resolved so far (plays that landed on one pile at the same time)."""
        return tuple(self._collisions)

    @property
    def call_due(self) -> int | None:
        """The seat that went out and must still call (variants with ``announce.call``), else ``None``."""
        return self._out_seat

    @property
    def pickups_owed(self) -> frozenset[int]:
        """Seats that missed their call and must take a centre pile as a new draw stack."""
        return frozenset(self._pickup_owed)

    def remaining(self) -> tuple[int, ...]:
        """Cards each seat still holds, hand and draw stack together."""
        return tuple([len(h) + len(d) for h, d in zip(self._hands, self._draws, strict=True)])

    def centre_cards(self) -> list[Card]:
        """Every card on the centre piles and in the reserves (a multiset)."""
        return [Card.from_code(c) for p in self._piles for c in p] + [
            Card.from_code(c) for r in self._reserves for c in r
        ]

    def all_cards(self) -> list[Card]:
        """Every card in the game, wherever it is (a multiset: always the variant's deck)."""
        out = [Card.from_code(c) for h in self._hands for c in h]
        out += [Card.from_code(c) for d in self._draws for c in d]
        return out + self.centre_cards()

    # ------------------------------------------------------------------ outcome

    def outcome(self) -> Outcome | None:
        """The winner, a dead end, or ``None`` while the deal goes on."""
        if self._winner is not None:
            return Outcome(self._winner, "out")
        if self._tied:
            return Outcome(None, "tie", self._tied)
        if self._is_dead_end():
            return Outcome(None, "dead-end")
        return None

    def is_over(self) -> bool:
        return self._winner is not None or bool(self._tied) or self._is_dead_end()

    def _is_dead_end(self) -> bool:
        if not self._revealed or any(self._reserves) or self._out_seat is not None:
            return False
        version, value = self._dead_cache
        if version == self._version:
            return value
        value = (
            self._blocker() is None
            and not self._rebuild_can_change_anything()
            # a joker that does not prevent a flip (jokers.prevents_flip: false) may still be played
            and all(self._playable(seat, for_block=False) is None for seat in range(self.variant.players))
        )
        self._dead_cache = (self._version, value)
        return value

    def _rebuild_can_change_anything(self) -> bool:
        if not any(len(p) > 1 for p in self._piles):
            return False
        v = self.variant
        if not v.alternate_colours:
            # By rank alone: one neighbour mask for the whole centre, one bit test per card.
            accepts, reach = v.accepts, 0
            for rank in {RANK_OF[c] or WILD for p in self._piles for c in p}:
                reach |= accepts[rank]
            for seat, hand in enumerate(self._hands):
                for code in hand:
                    if code == JOKER_CODE:
                        if self._joker_playable_in_principle(seat):
                            return True
                    elif reach >> RANK_OF[code] & 1:
                        return True
            return False
        centre = {(RANK_OF[c] or WILD, COLOUR_OF[c]) for p in self._piles for c in p}
        for seat, hand in enumerate(self._hands):
            for code in set(hand):
                if code == JOKER_CODE:
                    if self._joker_playable_in_principle(seat):
                        return True
                    continue
                for rank, colour in centre:
                    if v.fits_code(rank, colour, code, None):
                        return True
        return False

    def _joker_playable_in_principle(self, seat: int) -> bool:
        v = self.variant
        return v.jokers_wild and (v.joker_may_go_out or len(self._hands[seat]) > 1 or bool(self._draws[seat]))

    # ------------------------------------------------------------------ blocking

    def _playable(self, seat: int, for_block: bool) -> tuple[int, int, int | None] | None:
        """A play ``(code, pile, declared)`` the seat could make now, or ``None``."""
        if self._debt[seat] and self._draws[seat]:
            return None
        v = self.variant
        hand = self._hands[seat]
        tops, colours = self._top_rank, self._top_colour
        accepts = v.accepts
        if not v.alternate_colours and JOKER_CODE not in hand:
            # The common case: one bit test per card against every pile top at once.
            reachable = 0
            for top in tops:
                reachable |= accepts[top]
            for code in hand:
                rank = RANK_OF[code]
                if reachable >> rank & 1:
                    for pile, top in enumerate(tops):
                        if accepts[top] >> rank & 1:
                            return code, pile, None
            return None
        for code in hand:
            if code == JOKER_CODE:
                if for_block and not v.joker_prevents_flip:
                    continue
                if not self._joker_playable_in_principle(seat):
                    continue
                for pile, top in enumerate(tops):
                    if top != EMPTY:
                        for rank in ALL_RANKS:
                            if v.fits_code(top, colours[pile], code, rank):
                                return code, pile, rank
                continue
            for pile, top in enumerate(tops):
                if v.fits_code(top, colours[pile], code, None):
                    return code, pile, None
        return None

    def _may_draw(self, seat: int) -> bool:
        draw = self._draws[seat]
        if not draw:
            return False
        hand_len = len(self._hands[seat])
        if hand_len >= self.variant.hand_limit:
            return False
        if self.variant.refill is Refill.WHEN_EMPTY:
            return hand_len == 0 or self._debt[seat] > 0
        return True

    def _blocker(self) -> tuple[int, str] | None:
        """The first seat that can still play or draw, with what it can do; ``None`` if blocked."""
        if self._out_seat is not None:
            return self._out_seat, f"{self.names[self._out_seat]} has gone out and must call"
        for seat in sorted(self._pickup_owed):
            return seat, f"{self.names[seat]} must pick up a centre pile (missed call)"
        for seat in range(self.variant.players):
            found = self._playable(seat, for_block=True)
            if found is not None:
                code, pile, declared = found
                card = TEXT_OF[code] + (f" as {RANK_NAMES[declared]}" if declared else "")
                top = self._piles[pile][-1]
                return seat, f"{self.names[seat]} can play {card} on {self._top_text(pile, top)} (pile {pile})"
            if self._may_draw(seat):
                return seat, (
                    f"{self.names[seat]} can draw ({len(self._hands[seat])} in hand, "
                    f"{len(self._draws[seat])} in the draw stack)"
                )
        return None

    def _top_text(self, pile: int, top: int) -> str:
        return self._card_text(top, self._top_rank[pile])

    @staticmethod
    def _card_text(code: int, rank: int) -> str:
        """A top card's text; a joker shows the rank it stands for."""
        if code == JOKER_CODE:
            return "JK (wild)" if rank == WILD else f"JK (as {RANK_NAMES[rank]})"
        return TEXT_OF[code]

    def is_blocked(self) -> bool:
        """Whether play has stopped: the starters are up and nobody may play or draw.

        A held joker that could be played counts as a playable card when the variant
        says so (``jokers.prevents_flip``).
        """
        return self._revealed and self._winner is None and self._blocker() is None

    def can_play_any(self, player: int) -> bool:
        """Whether ``player`` has a legal play now (never while a required call is due)."""
        if not self._revealed or self.is_over():
            return False
        if self._out_seat is not None and self.variant.call is CallRule.REQUIRED:
            return False
        return self._playable(player, for_block=False) is not None

    # ------------------------------------------------------------------ checks

    def _v(self, rule: str, player: int | None, message: str) -> Violation:
        return Violation(rule, player, message)

    def _check_common(self, player: int | None, *, same_instant_play: bool = False) -> Violation | None:
        if self.is_over() and not same_instant_play:
            outcome = self.outcome()
            assert outcome is not None
            if outcome.winner is not None:
                what = f"{self.names[outcome.winner]} has already won the deal"
            elif outcome.is_tie:
                what = "the deal was tied by " + " and ".join(self.names[s] for s in outcome.tied)
            else:
                what = "the deal has ended in a dead end"
            return self._v("event.after-end", player, f"nothing may happen after the end: {what}")
        if player is not None and not 0 <= player < self.variant.players:
            return self._v("event.invalid", None,
                           f"there is no seat {brief(player)} in a {self.variant.players}-player game")
        return None

    def check_reveal(self) -> Violation | None:
        """Why the starters may not be revealed now, or ``None``."""
        problem = self._check_common(None)
        if problem is None and self._revealed:
            problem = self._v("event.order", None, "the starters have already been revealed")
        return problem

    def _out_players(self) -> set[int]:
        return {s for s in (self._winner, self._out_seat) if s is not None} | set(self._tied)

    def _same_instant(self, player: int, t: float | int | None) -> bool:
        """Whether a play by ``player`` at ``t`` lands at the instant someone else went out
        (the window in which a tie can still happen, with ``ties: replay``)."""
        return (
            t is not None
            and t == self._finish_t
            and self.variant.ties is Ties.REPLAY
            and bool(self._out_players())
            and player not in self._out_players()
        )

    def _collision_group(self, player: int, pile: int, t: float | int | None) -> _Group | None:
        group = self._group
        if group is None or t is None or group.t != t or group.pile != pile or player in group.players:
            return None
        return group

    def check_play(
        self, player: int, cards: Sequence[int], pile: int, declared: Sequence[int] = (), t: float | int | None = None
    ) -> Violation | None:
        """Why ``player`` may not lay the card codes ``cards`` on ``pile`` now (at time ``t``), or ``None``.

        A play at the same ``t`` on the same pile as the play just before it, by another
        player, collided with it: under ``lower-stays`` and ``return-both`` it is judged
        against the top both cards landed on.
        """
        group = self._collision_group(player, pile, t) if 0 <= pile < self.variant.piles else None
        problem = self._check_common(player, same_instant_play=group is not None or self._same_instant(player, t))
        if problem is not None:
            return problem
        v = self.variant
        name = self.names[player]
        if not self._revealed:
            return self._v("event.order", player, f"{name} played before the starters were revealed")
        if not 0 <= pile < v.piles:
            return self._v("event.invalid", player,
                           f"there is no centre pile {brief(pile)} (this variant has {v.piles})")
        if not cards:
            return self._v("event.invalid", player, f"{name}'s play names no card")
        if len(cards) > 1 and not v.runs:
            return self._v("play.run", player,
                           f"{name} laid {len(cards)} cards at once; this variant plays one card at a time")
        hand = self._hands[player]
        if len(cards) == 1:
            if cards[0] not in hand:
                return self._v("play.not-in-hand", player,
                               f"{name} played {TEXT_OF[cards[0]]}, which is not in their hand "
                               f"({' '.join(TEXT_OF[c] for c in hand) or 'empty'})")
        else:
            missing = Counter(cards) - Counter(hand)
            if missing:
                return self._v("play.not-in-hand", player,
                               f"{name} played {' '.join(TEXT_OF[c] for c in missing.elements())}, not in their hand "
                               f"({' '.join(TEXT_OF[c] for c in hand) or 'empty'})")
        if self._debt[player] and self._draws[player]:
            return self._v("play.must-draw-first", player,
                           f"{name} must draw {self._debt[player]} more card(s) before playing "
                           f"(refill rule: {v.refill.value})")
        top, colour = self._top_rank[pile], self._top_colour[pile]
        top_code = self._piles[pile][-1] if self._piles[pile] else -1
        if group is not None:
            top, colour, top_code = group.prior
        if top == EMPTY:
            return self._v("play.rank", player, f"{name} played on pile {pile}, which is empty: wait for the flip")
        n_jokers = 0
        direction = 0
        one_way = len(cards) > 1 and not v.runs_any_way
        for i, code in enumerate(cards):
            if one_way:
                step_rank = declared[n_jokers] if code == JOKER_CODE and n_jokers < len(declared) else RANK_OF[code]
                # Only a move to a neighbouring rank has a direction (a joker declared as any rank has none).
                adjacent = 0 < step_rank <= 13 and top != WILD and v.accepts[top] >> step_rank & 1
                step = v.step(top, step_rank) if adjacent else 0
                if step:
                    if direction and step != direction:
                        return self._v("play.run", player,
                                       f"{name}'s run turns back at {TEXT_OF[code]} (pile {pile}); a run goes one way")
                    direction = step
            if code == JOKER_CODE:
                rank = declared[n_jokers] if n_jokers < len(declared) else None
                n_jokers += 1
                if not v.fits_code(top, colour, code, rank):
                    if rank is None:
                        why = "without declaring the rank it stands for"
                    elif not 1 <= rank <= 13:
                        why = f"as {rank!r}, which is not a rank"
                    else:
                        why = (f"as {RANK_NAMES[rank]} on {_rank_text(top)}; it may stand for "
                               f"{' or '.join(v.ranks_that_fit(top))}")
                    return self._v("play.joker", player, f"{name} played a joker {why} (pile {pile})")
                assert rank is not None
                top, colour = rank, 2
                continue
            if not v.fits_code(top, colour, code, None):
                return self._misfit(player, cards, i, pile, top, colour, top_code)
            top, colour = RANK_OF[code], COLOUR_OF[code]
        if n_jokers != len(declared):
            return self._v("play.joker", player,
                           f"{name} declared {len(declared)} rank(s) for {n_jokers} joker(s)")
        if (cards[-1] == JOKER_CODE and not v.joker_may_go_out and len(cards) == len(hand)
                and not self._draws[player]):
            return self._v("play.joker", player, f"{name} may not go out on a joker")
        return None

    def _misfit(
        self, player: int, cards: Sequence[int], i: int, pile: int, top: int, colour: int, top_code: int
    ) -> Violation:
        """The violation for card ``i`` of a play that does not fit the top it meets."""
        v, code = self.variant, cards[i]
        if i == 0:
            below = self._card_text(top_code, top)
        else:
            below = f"JK (as {RANK_NAMES[top]})" if cards[i - 1] == JOKER_CODE else TEXT_OF[cards[i - 1]]
        needs = " or ".join(v.ranks_that_fit(top))
        if v.alternate_colours and v.accepts[top] >> RANK_OF[code] & 1:
            needs = f"a {'black' if colour == 1 else 'red'} card (colours alternate)"
        if i == 0:
            return self._v("play.rank", player,
                           f"{self.names[player]} played {TEXT_OF[code]} on {below} (pile {pile}); it needs {needs}")
        return self._v("play.run", player,
                       f"{self.names[player]}'s run puts {TEXT_OF[code]} on {below} (pile {pile}); it needs {needs}")

    def check_draw(self, player: int, card: int | None = None) -> Violation | None:
        """Why ``player`` may not draw now (or the top card is not ``card``), or ``None``."""
        problem = self._check_common(player)
        if problem is not None:
            return problem
        v = self.variant
        name = self.names[player]
        stack = self._draws[player]
        if not stack:
            return self._v("draw.empty", player, f"{name} drew from an empty draw stack")
        hand = self._hands[player]
        if len(hand) >= v.hand_limit:
            return self._v("draw.hand-full", player,
                           f"{name} drew with {len(hand)} cards in hand; the limit is {v.hand_limit}")
        if v.refill is Refill.WHEN_EMPTY and hand and not self._debt[player]:
            return self._v("draw.not-allowed", player,
                           f"{name} drew with {len(hand)} card(s) in hand; this variant refills only when the hand "
                           "is empty")
        if card is not None and stack[-1] != card:
            return self._v("draw.mismatch", player,
                           f"{name} drew {TEXT_OF[card]}, but the top of their draw stack is {TEXT_OF[stack[-1]]}")
        return None

    def check_flip(self) -> Violation | None:
        """Why the reserves may not flip now, or ``None``."""
        problem = self._check_common(None)
        if problem is not None:
            return problem
        if not self._revealed:
            return self._v("event.order", None, "a flip came before the starters were revealed")
        blocker = self._blocker()
        if blocker is not None:
            seat, what = blocker
            return self._v("flip.not-blocked", seat, f"a flip needs everyone blocked, but {what}")
        if not any(self._reserves):
            return self._v("flip.no-reserve", None, "every reserve is empty: the centre must be rebuilt, not flipped")
        return None

    def check_rebuild(self, reserves: Sequence[Sequence[int]] | None = None) -> Violation | None:
        """Why the centre may not be rebuilt now (into ``reserves``, top first), or ``None``."""
        problem = self._check_common(None)
        if problem is not None:
            return problem
        if not self._revealed:
            return self._v("event.order", None, "a rebuild came before the starters were revealed")
        left = [len(r) for r in self._reserves]
        if any(left):
            return self._v("rebuild.early", None,
                           f"the reserves still hold {'/'.join(map(str, left))} cards: flip them first")
        blocker = self._blocker()
        if blocker is not None:
            seat, what = blocker
            return self._v("rebuild.early", seat, f"a rebuild needs everyone blocked, but {what}")
        if reserves is not None:
            return self._check_rebuilt(reserves)
        return None

    def _check_rebuilt(self, reserves: Sequence[Sequence[int]]) -> Violation | None:
        v = self.variant
        if len(reserves) != v.piles:
            return self._v("rebuild.cards", None,
                           f"the rebuild lists {len(reserves)} reserves; this variant has {v.piles}")
        rule = v.rebuild
        if rule is RebuildRule.EACH_PILE:
            for i, (new, pile) in enumerate(zip(reserves, self._piles, strict=True)):
                if sorted(new) != sorted(pile):
                    return self._v("rebuild.cards", None,
                                   f"reserve {i} must hold exactly the {len(pile)} cards of pile {i} "
                                   f"(rebuild rule: each-pile); {_diff_text(new, pile)}")
            return None
        gathered = [c for p in self._piles for c in (p[:-1] if rule is RebuildRule.KEEP_TOPS else p)]
        given = [c for r in reserves for c in r]
        if sorted(given) != sorted(gathered):  # the same multiset (sorting beats Counter's == here)
            what = "beneath the pile tops" if rule is RebuildRule.KEEP_TOPS else "in the centre"
            return self._v("rebuild.cards", None,
                           f"the new reserves must hold exactly the {len(gathered)} cards {what} "
                           f"(rebuild rule: {rule.value}); {_diff_text(given, gathered)}")
        sizes = [len(r) for r in reserves]
        if max(sizes) - min(sizes) > 1:
            return self._v("rebuild.cards", None,
                           f"the new reserves hold {'/'.join(map(str, sizes))} cards; they must be split as evenly "
                           "as possible")
        return None

    def check_call(self, player: int) -> Violation | None:
        """Why ``player`` may not call ("Speed!") now, or ``None``."""
        if not 0 <= player < self.variant.players:
            return self._v("event.invalid", None,
                           f"there is no seat {brief(player)} in a {self.variant.players}-player game")
        if player == self._out_seat or (player in self._out_players() and player not in self._callers):
            return None
        name = self.names[player]
        held = len(self._hands[player]) + len(self._draws[player])
        if player in self._callers:
            why = f"{name} has already called"
        elif held:
            why = f"{name} called but still holds {held} card(s)"
        elif player in self._pickup_owed:
            why = f"{name} called too late: another event came first, so {name} must pick up a centre pile"
        else:
            why = f"{name} called but has not gone out"
        return self._v("call.false", player, why)

    def check_pickup(self, player: int, pile: int) -> Violation | None:
        """Why ``player`` may not take centre ``pile`` as a new draw stack now, or ``None``."""
        problem = self._check_common(player)
        if problem is not None:
            return problem
        if not 0 <= pile < self.variant.piles:
            return self._v("event.invalid", player,
                           f"there is no centre pile {brief(pile)} (this variant has {self.variant.piles})")
        name = self.names[player]
        if player not in self._pickup_owed:
            return self._v("pickup.not-due", player,
                           f"{name} picked up pile {pile}, but only a player who missed the call picks up a pile")
        if not self._piles[pile]:
            return self._v("pickup.empty", player, f"{name} picked up pile {pile}, which is empty")
        return None

    def _missed_call(self, kind: int, player: int, t: float | int | None) -> int | None:
        """The seat whose call this event comes too late for, if any."""
        seat = self._out_seat
        if seat is None or kind == CALL or (t is not None and t == self._finish_t):
            return None  # a call is an announcement, not a move: it never makes another player's call late
        return seat

    def _penalise(self, seat: int) -> None:
        """A missed call (``announce.call: penalty``): the seat must pick up a centre pile and play on."""
        self._pickup_owed.add(seat)
        self._out_seat = None
        self._finish_t = None
        self._version += 1

    def check_event(
        self,
        kind: int,
        player: int = -1,
        pile: int = -1,
        cards: object = None,
        declared: Sequence[int] = (),
        t: float | int | None = None,
    ) -> Violation | None:
        """The low-level, integer-coded form of :meth:`check`, used by the referee.

        ``kind`` is one of ``speedrules.actions.REVEAL PLAY DRAW FLIP REBUILD CALL PICKUP``;
        ``cards`` is a sequence of card codes (play), a code or ``None`` (draw), or the new
        reserves as sequences of codes, top first (rebuild).  ``t`` is the event's time in
        milliseconds (rule ``time.order``; collisions and ties are judged by it).
        """
        if t is not None and self._last_t is not None and t < self._last_t:
            return self._v("time.order", player if player >= 0 else None,
                           f"t = {brief(t)} comes after t = {brief(self._last_t)}: times must not decrease")
        seat = self._missed_call(kind, player, t)
        if seat is None:
            return self._check_kind(kind, player, pile, cards, declared, t)
        if self.variant.call is CallRule.REQUIRED:
            return self._v("call.missing", seat,
                           f"{self.names[seat]} went out but did not call before the next event")
        # Penalty: the event is judged on the table as it is once the missed call is penalised.
        saved = (self._out_seat, self._finish_t, set(self._pickup_owed), self._version, self._dead_cache)
        self._penalise(seat)
        try:
            return self._check_kind(kind, player, pile, cards, declared, t)
        finally:
            self._out_seat, self._finish_t, self._pickup_owed, self._version, self._dead_cache = saved

    def _check_kind(
        self, kind: int, player: int, pile: int, cards: Any, declared: Sequence[int], t: float | int | None
    ) -> Violation | None:
        if kind == PLAY:
            return self.check_play(player, cards, pile, declared, t)
        if kind == DRAW:
            return self.check_draw(player, cards)
        if kind == FLIP:
            return self.check_flip()
        if kind == REBUILD:
            return self.check_rebuild(cards)
        if kind == REVEAL:
            return self.check_reveal()
        if kind == CALL:
            return self.check_call(player)
        if kind == PICKUP:
            return self.check_pickup(player, pile)
        raise ValueError(f"not an event kind: {kind!r}")

    def apply_event(
        self,
        kind: int,
        player: int = -1,
        pile: int = -1,
        cards: Any = None,
        declared: Sequence[int] = (),
        t: float | int | None = None,
        index: int | None = None,
    ) -> Any:
        """Apply an event that :meth:`check_event` accepted (it is not checked again).

        ``index`` numbers the event for collision records (default: the history length).
        Returns the code drawn (draw) or the reserves used (rebuild), else ``None``.
        """
        seat = self._missed_call(kind, player, t)
        if seat is not None:
            self._penalise(seat)
        if kind != PLAY:
            self._group = None
        result: Any = None
        if kind == PLAY:
            self._land_play(player, cards, pile, declared, t, len(self._history) if index is None else index)
        elif kind == DRAW:
            result = self._do_draw(player)
        elif kind == FLIP:
            self._do_flip()
        elif kind == REBUILD:
            result = self._do_rebuild(cards)
        elif kind == REVEAL:
            self._do_reveal()
        elif kind == CALL:
            self._do_call(player)
        elif kind == PICKUP:
            self._do_pickup(player, pile)
        if t is not None:
            self._last_t = t
        return result

    def _random(self) -> random.Random:
        """The game's random source (for rebuild shuffles): the one given, else one seeded with ``seed``."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def _is_calm(self) -> bool:
        """Play is on and nothing is pending: no winner, no call due, no pickup owed, no tie."""
        return (self._revealed and self._winner is None and self._out_seat is None
                and not self._pickup_owed and not self._tied)

    def _replay_general(
        self, events: Sequence[tuple[int, int, int, Any, Sequence[int], float | int | None]], start: int
    ) -> tuple[int, Violation] | None:
        for index in range(start, len(events)):
            kind, player, pile, cards, declared, t = events[index]
            problem = self.check_event(kind, player, pile, cards, declared, t)
            if problem is not None:
                return index, problem
            self.apply_event(kind, player, pile, cards, declared, t, index)
        return None

    @staticmethod
    def encode(action: Action) -> tuple[int, int, int, Any, tuple[int, ...]]:
        """``(kind, player, pile, cards, declared)`` of an action, for :meth:`check_event`."""
        if isinstance(action, Play):
            return PLAY, action.player, action.pile, [c.code for c in action.cards], action.declared
        if isinstance(action, Draw):
            return DRAW, action.player, -1, None if action.card is None else action.card.code, ()
        if isinstance(action, Flip):
            return FLIP, -1, -1, None, ()
        if isinstance(action, Rebuild):
            reserves = None if action.reserves is None else [[c.code for c in r] for r in action.reserves]
            return REBUILD, -1, -1, reserves, ()
        if isinstance(action, Reveal):
            return REVEAL, -1, -1, None, ()
        if isinstance(action, Call):
            return CALL, action.player, -1, None, ()
        if isinstance(action, Pickup):
            return PICKUP, action.player, action.pile, None, ()
        raise InvalidActionError(f"not an action: {brief(action)}")

    def check(self, action: Action, t: float | int | None = None) -> Violation | None:
        """Why ``action`` (at time ``t``, optional) is illegal now, or ``None``.  Never changes the game.

        Raises :class:`InvalidActionError` if ``action`` is not an action or ``t`` is not a
        time (a finite number of milliseconds >= 0)."""
        kind, player, pile, cards, declared = self.encode(action)
        return self.check_event(kind, player, pile, cards, declared, checked_time(t))

    def is_legal(self, action: Action, t: float | int | None = None) -> bool:
        """Whether ``action`` (at time ``t``, optional) may be applied now."""
        return self.check(action, t) is None

    # ------------------------------------------------------------------ doing

    def apply(self, action: Action, t: float | int | None = None) -> None:
        """Apply ``action`` (at time ``t`` in ms since the reveal, optional), or raise
        :class:`IllegalActionError` naming the broken rule (leaving the game unchanged).

        With times, plays on one pile at the same ``t`` are collisions, resolved by the
        variant's policy (see :attr:`collisions`), and two players going out at the same
        ``t`` tie the deal where the variant says so.  An action or a time that is not
        well formed raises :class:`InvalidActionError` (the game unchanged too).
        """
        kind, player, pile, cards, declared = self.encode(action)
        t = checked_time(t)
        problem = self.check_event(kind, player, pile, cards, declared, t)
        if problem is not None:
            raise IllegalActionError(problem)
        result = self.apply_event(kind, player, pile, cards, declared, t, len(self._history))
        record: Action = action
        if kind == DRAW:
            record = Draw(player, Card.from_code(result))
        elif kind == REBUILD:
            record = Rebuild(tuple(tuple(Card.from_code(c) for c in r) for r in result))
        self._history.append(record)
        self._times.append(t)

    def _finish_state(self) -> tuple[object, ...]:
        return (self._winner, self._out_seat, self._finish_t, self._tied, frozenset(self._callers))

    def _land_play(
        self, player: int, cards: Sequence[int], pile: int, declared: Sequence[int], t: float | int | None, index: int
    ) -> None:
        """A checked play lands: alone, or in a collision resolved by the variant's policy."""
        policy = self.variant.collisions
        if policy is Collisions.FIRST_LANDS or t is None:  # the log order is the landing order
            self._do_play(player, cards, pile, declared, t)
            self._group = None
            return
        group = self._collision_group(player, pile, t)
        landed: _Landed = (player, tuple(cards), tuple(declared), self._debt[player], self._finish_state(), index)
        if group is None:
            cards_on_pile = self._piles[pile]
            prior = (self._top_rank[pile], self._top_colour[pile], cards_on_pile[-1] if cards_on_pile else -1)
            self._do_play(player, cards, pile, declared, t)
            self._group = _Group(t, pile, prior, landed)
            self._group.plays = [index]
            return
        group.players.add(player)
        group.plays.append(index)
        kept = group.kept
        if (policy is Collisions.LOWER_STAYS and kept is not None
                and not self._is_lower(self._landing_rank(cards, declared), self._landing_rank(kept[1], kept[2]))):
            stays: int | None = kept[5]  # the new card goes back to its owner's hand: nothing changes
        else:
            if kept is not None:
                self._undo_landed(kept, group)
            if policy is Collisions.LOWER_STAYS:
                self._do_play(player, cards, pile, declared, t)
                group.kept, stays = landed, index
            else:  # return-both: every card goes back and the prior top stays
                group.kept, stays = None, None
        record = Collision(pile, group.t, tuple(group.plays), stays)
        if group.record < 0:
            group.record = len(self._collisions)
            self._collisions.append(record)
        else:
            self._collisions[group.record] = record
        self._version += 1

    @staticmethod
    def _landing_rank(cards: Sequence[int], declared: Sequence[int]) -> int:
        """The rank of the card that touches the pile first (a joker's declared rank)."""
        return declared[0] if cards[0] == JOKER_CODE and declared else RANK_OF[cards[0]]

    def _is_lower(self, rank: int, than: int) -> bool:
        """Rank order for ``lower-stays``: ace low (A=1 < 2 ... < K) with cyclic ranks, ace high with
        ``ace-high``; an equal rank is not lower, so the card that landed first stays."""
        if self.variant.rank_order is RankOrder.ACE_HIGH:
            rank, than = (14 if rank == 1 else rank), (14 if than == 1 else than)
        return rank < than

    def _undo_landed(self, kept: _Landed, group: _Group) -> None:
        """A card that had stayed goes back to its owner's hand; the top before the collision returns."""
        player, codes, _, debt, finish, _ = kept
        pile = self._piles[group.pile]
        del pile[len(pile) - len(codes):]
        self._top_rank[group.pile], self._top_colour[group.pile] = group.prior[0], group.prior[1]
        self._hands[player].extend(codes)
        self._debt[player] = debt
        winner, out_seat, finish_t, tied, callers = finish
        self._winner, self._out_seat = winner, out_seat  # type: ignore[assignment]
        self._finish_t, self._tied = finish_t, tied  # type: ignore[assignment]
        self._callers = set(callers)  # type: ignore[call-overload]
        self._version += 1

    def _went_out(self, player: int, t: float | int | None) -> None:
        if self._out_players():
            # Someone went out before: only a play at the same instant gets here.
            if self.variant.ties is Ties.REPLAY and t is not None and t == self._finish_t:
                self._tied = tuple(sorted(self._out_players() | {player}))
                self._winner = self._out_seat = None
            return
        self._finish_t = t
        if self.variant.call is CallRule.NONE:
            self._winner = player
        else:
            self._out_seat = player

    def _do_call(self, player: int) -> None:
        self._callers.add(player)
        if player == self._out_seat:
            self._winner, self._out_seat = player, None
        self._version += 1

    def _do_pickup(self, player: int, pile: int) -> None:
        """The pile is turned face down as the player's new draw stack: its bottom card on top."""
        self._draws[player] = list(reversed(self._piles[pile]))
        self._piles[pile] = []
        self._top_rank[pile], self._top_colour[pile] = EMPTY, 2
        self._pickup_owed.discard(player)
        if self.variant.refill is Refill.WHEN_EMPTY:  # an empty hand refills to the limit before the next play
            self._debt[player] = min(self.variant.hand_limit, len(self._draws[player]))
        self._version += 1

    # The _do_x methods change the state without checking or recording: callers check first
    # (apply does; so does the referee's replay loop, which needs no record).

    def _do_reveal(self) -> None:
        for pile, cards in enumerate(self._piles):
            self._set_top(pile, cards[-1])
        self._revealed = True
        self._version += 1

    def _set_top(self, pile: int, code: int) -> None:
        self._top_rank[pile] = RANK_OF[code] or WILD
        self._top_colour[pile] = COLOUR_OF[code]

    def _do_play(
        self, player: int, cards: Sequence[int], pile: int, declared: Sequence[int], t: float | int | None = None
    ) -> None:
        hand = self._hands[player]
        for code in cards:
            hand.remove(code)
        self._piles[pile].extend(cards)
        last = cards[-1]
        if last == JOKER_CODE:
            self._top_rank[pile] = declared[-1]
            self._top_colour[pile] = 2
        else:
            self._top_rank[pile] = RANK_OF[last]
            self._top_colour[pile] = COLOUR_OF[last]
        stack = self._draws[player]
        refill = self.variant.refill
        if refill is Refill.AFTER_EACH_PLAY:
            self._debt[player] = min(len(cards), len(stack))
        elif refill is Refill.WHEN_EMPTY and not hand:
            self._debt[player] = min(self.variant.hand_limit, len(stack))
        if not hand and not stack:
            self._went_out(player, t)
        self._version += 1

    def _do_draw(self, player: int) -> int:
        code = self._draws[player].pop()
        self._hands[player].append(code)
        if self._debt[player]:
            self._debt[player] -= 1
        self._version += 1
        return code

    def _do_flip(self) -> None:
        for pile, reserve in enumerate(self._reserves):
            if reserve:
                code = reserve.pop()
                self._piles[pile].append(code)
                self._set_top(pile, code)
        self._version += 1

    def _do_rebuild(self, reserves: Sequence[Sequence[int]] | None) -> Sequence[Sequence[int]]:
        """Rebuild with the given stacks (top first), or shuffle with the game's random source."""
        v = self.variant
        rule = v.rebuild
        if reserves is None:
            reserves = self._shuffled_rebuild()
        if rule is RebuildRule.KEEP_TOPS:
            self._piles[:] = [p[-1:] for p in self._piles]  # a pile emptied by a pickup stays empty
        else:
            self._piles[:] = [[] for _ in self._piles]
            self._top_rank[:] = [EMPTY] * v.piles
            self._top_colour[:] = [2] * v.piles
        # In place: the state's lists are never replaced (the referee's replay loop holds them).
        self._reserves[:] = [list(reversed(r)) for r in reserves]
        self._version += 1
        return reserves

    def _shuffled_rebuild(self) -> list[list[int]]:
        """New reserves (top first) under the variant's rebuild rule, shuffled with the game's random source."""
        rule = self.variant.rebuild
        if rule is RebuildRule.EACH_PILE:
            out = []
            for pile in self._piles:
                cards = list(pile)
                shuffle_codes(cards, self._random())
                out.append(cards)
            return out
        gathered = [c for p in self._piles for c in (p[:-1] if rule is RebuildRule.KEEP_TOPS else p)]
        shuffle_codes(gathered, self._random())
        out, start = [], 0
        for size in even_split(len(gathered), self.variant.piles):
            out.append(gathered[start:start + size])
            start += size
        return out

    # ------------------------------------------------------------------ can_x / x pairs

    def can_reveal(self) -> bool:
        return self.check_reveal() is None

    def reveal(self) -> None:
        """Turn the starters up (rule ``event.order`` if already done)."""
        self.apply(Reveal())

    def can_play(
        self, player: int, card: Card | Iterable[Card], pile: int, declared: int | Iterable[int] | None = None
    ) -> bool:
        return self.is_legal(Play(player, card, pile, declared))

    def play(
        self, player: int, card: Card | Iterable[Card], pile: int, declared: int | Iterable[int] | None = None
    ) -> None:
        """``player`` lays ``card`` (or a run) on ``pile``; ``declared`` is a joker's rank."""
        self.apply(Play(player, card, pile, declared))

    def can_draw(self, player: int) -> bool:
        return self.check_draw(player) is None

    def draw(self, player: int) -> Card:
        """``player`` draws the top card of their draw stack; returns it."""
        self.apply(Draw(player))
        return Card.from_code(self._hands[player][-1])

    def can_flip(self) -> bool:
        return self.check_flip() is None

    def flip(self) -> None:
        self.apply(Flip())

    def can_rebuild(self) -> bool:
        return self.check_rebuild() is None

    def rebuild(self, reserves: Sequence[Sequence[Card]] | None = None) -> None:
        """Rebuild the centre into reserves: the given stacks (top first), or a shuffle."""
        self.apply(Rebuild(reserves))

    # ------------------------------------------------------------------ enumeration

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now; with ``player``, only that seat's plays and draws.

        Table actions (reveal, flip, rebuild) are listed when ``player`` is ``None``.
        While a call is due (``announce.call``), only that call is listed: under ``penalty``
        other events are legal too, but they make the call late.
        A rebuild is listed as ``Rebuild()`` (the game shuffles).  Plays are listed
        once per distinct card, pile and declared rank; with runs, every run too.
        """
        if player is not None and (type(player) is not int or not 0 <= player < self.variant.players):
            raise InvalidArgumentError(f"there is no seat {brief(player)} in a {self.variant.players}-player game")
        if self.is_over():
            return []
        if self._out_seat is not None:
            return [Call(self._out_seat)] if player in (None, self._out_seat) else []
        out: list[Action] = []
        seats = range(self.variant.players) if player is None else [player]
        for seat in sorted(self._pickup_owed):
            if seat in seats:
                out.extend(Pickup(seat, pile) for pile in range(self.variant.piles) if self._piles[pile])
        if self._revealed:
            for seat in seats:
                out.extend(self._legal_plays(seat))
        for seat in seats:
            if self.check_draw(seat) is None:
                out.append(Draw(seat))
        if player is None:
            if not self._revealed:
                out.append(Reveal())
            elif self.check_flip() is None:
                out.append(Flip())
            elif self.check_rebuild() is None:
                out.append(Rebuild())
        return out

    def to_log(self, *, players: Sequence[str] | None = None) -> Log:
        """This game as a ``speedrules-log/1`` log (layout and recorded history).

        >>> write_log(game.to_log(players=["Ann", "Ben"]), "game.json")  # doctest: +SKIP
        """
        from .log import log_from_games

        return log_from_games([self], players=players)

    def _legal_plays(self, seat: int) -> list[Play]:
        v = self.variant
        if self._debt[seat] and self._draws[seat]:
            return []
        hand = self._hands[seat]
        out: list[Play] = []
        seen: set[tuple[tuple[int, ...], int, tuple[int, ...]]] = set()

        def extend(run: list[int], decl: list[int], pile: int, top: int, colour: int, left: Counter[int]) -> None:
            for code in sorted(left):
                if not left[code]:
                    continue
                options: Iterable[int | None] = ALL_RANKS if code == JOKER_CODE else (None,)
                for rank in options:
                    if not v.fits_code(top, colour, code, rank):
                        continue
                    new_run = [*run, code]
                    new_decl = [*decl, rank] if rank is not None else decl
                    key = (tuple(new_run), pile, tuple(new_decl))
                    if key in seen:
                        continue
                    seen.add(key)
                    if self.check_play(seat, new_run, pile, new_decl) is None:
                        out.append(Play(seat, tuple(Card.from_code(c) for c in new_run), pile, tuple(new_decl)))
                    if v.runs:
                        left[code] -= 1
                        extend(new_run, new_decl, pile,
                               rank if rank is not None else RANK_OF[code],
                               2 if rank is not None else COLOUR_OF[code], left)
                        left[code] += 1

        for pile in range(v.piles):
            extend([], [], pile, self._top_rank[pile], self._top_colour[pile], Counter(hand))
        return out


def _diff_text(given: Iterable[int], expected: Iterable[int]) -> str:
    g, e = Counter(given), Counter(expected)
    extra, missing = g - e, e - g
    parts = []
    if missing:
        parts.append("missing " + " ".join(TEXT_OF[c] for c in sorted(missing.elements())))
    if extra:
        parts.append("not expected " + " ".join(TEXT_OF[c] for c in sorted(extra.elements())))
    return "; ".join(parts) or "same cards"


def check_layout(variant: Variant, layout: Layout) -> Violation | None:
    """Why ``layout`` is not a deal of ``variant`` (``layout.shape``, ``layout.cards``), or ``None``.

    Draw stacks dealt as "the rest, split as evenly as possible" may give the extra
    cards to any seats: sizes must differ by at most one and add up.
    """
    def codes(stacks: Sequence[Sequence[Card]]) -> list[list[int]]:
        return [[c.code for c in stack] for stack in stacks]

    variant = as_variant(variant)
    if not isinstance(layout, Layout):
        raise InvalidArgumentError(f"not a Layout: {brief(layout)}")
    return check_layout_codes(variant, codes(layout.hands), codes(layout.draw),
                              [c.code for c in layout.starters], codes(layout.reserves))


def _code_stacks(stacks: object) -> list[list[int]]:
    """Stacks of card codes, checked: a sequence of sequences of ints 0-52, else a :class:`CardError`."""
    try:
        out = [list(stack) for stack in stacks]  # type: ignore[attr-defined]
    except TypeError:
        raise CardError(stacks, "not a sequence of stacks of card codes") from None
    for stack in out:
        for code in stack:
            if type(code) is not int or not 0 <= code <= JOKER_CODE:
                raise CardError(code, "not a card code (0-52)")
    return out


def _checked_names(variant: Variant, names: Sequence[str] | None) -> tuple[str, ...]:
    """The seats' display names: one string per seat, else an :class:`InvalidArgumentError`."""
    if names is None:
        return _default_names(variant.players)
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise InvalidArgumentError(f"names must be a sequence of {variant.players} strings, not {brief(names)}")
    if len(names) != variant.players or not all(isinstance(n, str) for n in names):
        raise InvalidArgumentError(f"names must be {variant.players} strings, one per seat, not {brief(names)}")
    return tuple(names)


@functools.cache
def _default_names(players: int) -> tuple[str, ...]:
    return tuple(f"player {p}" for p in range(players))


@functools.cache
def _sorted_deck(packs: int, jokers: int) -> list[int]:
    return sorted(deck_codes(packs, jokers))


def _is_deal_of(
    v: Variant,
    hands: Sequence[Sequence[int]],
    draw: Sequence[Sequence[int]],
    starters: Sequence[int],
    reserves: Sequence[Sequence[int]],
) -> bool:
    """Whether the layout is exactly a deal of ``v`` (the common case, answered quickly)."""
    hand_sizes, draw_sizes, reserve_sizes = v.deal_shape
    if not (len(starters) == v.piles and tuple(map(len, hands)) == hand_sizes
            and tuple(map(len, reserves)) == reserve_sizes
            and tuple(sorted(map(len, draw), reverse=True)) == draw_sizes):
        return False
    # The right number of cards in all (every deal's sizes add up to the deck): are they the deck?
    cards = itertools.chain(itertools.chain.from_iterable(hands), itertools.chain.from_iterable(draw),
                            starters, itertools.chain.from_iterable(reserves))
    if v.packs == 1:  # every card once, the joker (if any) as often as the deck has it
        seen = set(cards)
        return len(seen) == 52 + (v.jokers > 0) and (v.jokers > 0 or JOKER_CODE not in seen)
    return sorted(cards) == _sorted_deck(v.packs, v.jokers)


def check_layout_codes(
    variant: Variant,
    hands: Sequence[Sequence[int]],
    draw: Sequence[Sequence[int]],
    starters: Sequence[int],
    reserves: Sequence[Sequence[int]],
) -> Violation | None:
    """:func:`check_layout` on card codes (stacks top first)."""
    if _is_deal_of(variant, hands, draw, starters, reserves):
        return None
    return _layout_problem(variant, hands, draw, starters, reserves)


def _layout_problem(
    variant: Variant,
    hands: Sequence[Sequence[int]],
    draw: Sequence[Sequence[int]],
    starters: Sequence[int],
    reserves: Sequence[Sequence[int]],
) -> Violation | None:
    """What is wrong with a layout, the first problem in the order of the rules, or ``None``
    (exactly when :func:`_is_deal_of` holds: tests/test_deal.py proves it)."""
    v = variant
    if len(hands) != v.players or len(draw) != v.players:
        return Violation("layout.shape", None,
                         f"the layout has {len(hands)} hands and {len(draw)} draw stacks; "
                         f"this variant has {v.players} players")
    if len(starters) != v.piles or len(reserves) != v.piles:
        return Violation("layout.shape", None,
                         f"the layout has {len(starters)} starters and {len(reserves)} reserves; "
                         f"this variant has {v.piles} centre piles")
    for seat, hand in enumerate(hands):
        if len(hand) != v.hand_size:
            return Violation("layout.shape", seat, f"hand {seat} holds {len(hand)} cards; the deal gives {v.hand_size}")
    sizes = [len(d) for d in draw]
    if v.draw_size is not None:
        for seat, size in enumerate(sizes):
            if size != v.draw_size:
                return Violation("layout.shape", seat,
                                 f"draw stack {seat} holds {size} cards; the deal gives {v.draw_size}")
    elif sorted(sizes, reverse=True) != list(v.draw_sizes):
        return Violation("layout.shape", None,
                         f"the draw stacks hold {'/'.join(map(str, sizes))} cards; the deal gives "
                         f"{'/'.join(map(str, v.draw_sizes))} (the rest, split as evenly as possible)")
    for pile, (size, reserve) in enumerate(zip(v.reserve_sizes, reserves, strict=True)):
        if len(reserve) != size:
            return Violation("layout.shape", None, f"reserve {pile} holds {len(reserve)} cards; the deal gives {size}")
    have = sorted(itertools.chain(itertools.chain.from_iterable(hands), itertools.chain.from_iterable(draw),
                                  starters, itertools.chain.from_iterable(reserves)))
    want = _sorted_deck(v.packs, v.jokers)
    if have != want:
        return Violation("layout.cards", None,
                         f"the layout is not this variant's deck ({v.packs} pack(s), {v.jokers} joker(s)): "
                         f"{_diff_text(have, want)}")
    return None


def checked_time(t: object) -> float | int | None:
    """``t`` if it is a time (``None``, or a finite number of milliseconds >= 0), else an
    :class:`InvalidActionError`.

    >>> checked_time(850), checked_time(None)
    (850, None)
    >>> checked_time("5")
    Traceback (most recent call last):
    ...
    speedrules.errors.InvalidActionError: a time is a finite number of milliseconds >= 0 (or None), not '5'
    """
    if t is None or (type(t) is float and 0 <= t < math.inf) or (type(t) is int and 0 <= t <= MAX_TIME):
        return t
    if isinstance(t, float) and 0 <= t < math.inf:
        return float(t)  # a subclass as the plain number
    if isinstance(t, int) and not isinstance(t, bool) and 0 <= t <= MAX_TIME:
        return int(t)
    raise InvalidActionError(f"a time is a finite number of milliseconds >= 0 (or None), not {brief(t)}")


MAX_TIME = 2**63 - 1
"""The largest whole-number time the API takes (ms: some 290 million years)."""


def make_rng(seed: int | random.Random | None) -> tuple[random.Random, int | None]:
    """A random source from a seed (``None`` picks a fresh seed and reports it)."""
    if isinstance(seed, random.Random):
        return seed, None
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError(f"seed must be an int or a random.Random, not {type(seed).__name__}")
    return random.Random(seed), seed


def deal_layout(variant: Variant, rng: random.Random) -> Layout:
    """Shuffle the variant's deck with ``rng`` and deal it.

    The deck starts in canonical order (each pack S H D C, A..K, then jokers) and is
    shuffled by :func:`shuffle_codes`.  Cards are then taken from the front: each
    seat's hand in seat order, each seat's draw stack, one starter per pile, then each
    reserve; every stack is listed top card first in the order it was taken.
    """
    variant = as_variant(variant)
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {brief(rng)}")
    codes = deck_codes(variant.packs, variant.jokers)
    shuffle_codes(codes, rng)
    pos = 0

    def take(n: int) -> tuple[Card, ...]:
        nonlocal pos
        out = tuple(Card.from_code(c) for c in codes[pos:pos + n])
        pos += n
        return out

    hands = tuple(take(variant.hand_size) for _ in range(variant.players))
    draw = tuple(take(n) for n in variant.draw_sizes)
    starters = take(variant.piles)
    reserves = tuple(take(n) for n in variant.reserve_sizes)
    return Layout(hands=hands, draw=draw, starters=starters, reserves=reserves)


def deal(
    variant: Variant | str,
    seed: int | random.Random | None = None,
    *,
    names: Sequence[str] | None = None,
) -> Game:
    """Deal a fresh game of ``variant`` (a :class:`Variant`, or a bundled name or variant file).

    The same integer ``seed`` gives the same layout (and the same rebuild shuffles)
    on every platform; ``None`` picks a seed and keeps it in ``game.seed``.

    >>> game = deal(load_variant("speed"), seed=7)  # doctest: +SKIP
    >>> len(game.hands[0]), len(game.draw_stacks[0])  # doctest: +SKIP
    (5, 15)
    """
    variant = as_variant(variant)
    rng, used_seed = make_rng(seed)
    layout = deal_layout(variant, rng)
    return Game(variant, layout, rng=rng, seed=used_seed, names=names)
