"""Independent statements of the rules, and shared Hypothesis strategies, for the tests.

Everything here is written from the rule texts (seeds 000-004), not from the
library: the rank rule is a walk along the printed rank sequence, the deck is built
from card texts, and :class:`TableModel` is a small referee of its own that the
tests compare the library's :class:`speedrules.Game` against.  The library is used
here only to read the game's visible state (hands, stacks, piles) and the variant's
configured options.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

import speedrules
from speedrules import Action, Call, Card, Draw, Flip, Game, Pickup, Play, Rebuild, Reveal, Stuck, Variant

# ---------------------------------------------------------------------------------- cards

RANK_TEXTS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Ranks as printed, ace low: index + 1 is the rank number (1 = ace ... 13 = king)."""
SUIT_TEXTS = ("S", "H", "D", "C")
RED_SUITS = frozenset("HD")
BLACK_SUITS = frozenset("SC")


def case_variants(text: str) -> set[str]:
    """Every upper/lower-case spelling of ``text`` (letters only change)."""
    out = {""}
    for ch in text:
        out = {prefix + c for prefix in out for c in {ch.lower(), ch.upper()}}
    return out


def valid_card_spellings() -> dict[str, str]:
    """Every accepted spelling of a card mapped to its canonical text (rules: rank A 2-10 J Q K or T,
    suit S H D C, any case; JK for a joker)."""
    out: dict[str, str] = {}
    for suit in SUIT_TEXTS:
        for rank in RANK_TEXTS:
            canonical = rank + suit
            for spelled_rank in ([rank, "T"] if rank == "10" else [rank]):
                for spelling in case_variants(spelled_rank + suit):
                    out[spelling] = canonical
    for spelling in case_variants("JK"):
        out[spelling] = "JK"
    return out


def deck_texts(packs: int, jokers: int) -> list[str]:
    """The deck in canonical order as texts: each pack S H D C, A..K, then the jokers."""
    return [r + s for _ in range(packs) for s in SUIT_TEXTS for r in RANK_TEXTS] + ["JK"] * jokers


def texts(cards: Iterable[Card]) -> Counter[str]:
    """A multiset of cards as a counter of their texts."""
    return Counter(str(c) for c in cards)


def colour(card: Card) -> str | None:
    """``"red"`` (H D), ``"black"`` (S C), or ``None`` for a joker (it has no colour)."""
    if card.is_joker:
        return None
    return "red" if card.suit in RED_SUITS else "black"


# ---------------------------------------------------------------------------------- ranks

CYCLE = list(range(1, 14))
"""Cyclic order (000, 001 rows 6-7, 003): A 2 3 ... K and back to A."""
ACE_HIGH_LINE = [*range(2, 14), 1]
"""No ace wrap (003): 2 3 ... K A, a line with two ends."""


def rank_neighbours(order: str, same_rank: bool, top: int) -> set[int]:
    """Ranks that may go on a ``top`` rank (1..13), from the printed sequences."""
    out: set[int] = set()
    if order == "cyclic":
        i = CYCLE.index(top)
        out |= {CYCLE[(i - 1) % 13], CYCLE[(i + 1) % 13]}
    else:
        i = ACE_HIGH_LINE.index(top)
        if i > 0:
            out.add(ACE_HIGH_LINE[i - 1])
        if i < len(ACE_HIGH_LINE) - 1:
            out.add(ACE_HIGH_LINE[i + 1])
    if same_rank:
        out.add(top)
    return out


@dataclass(frozen=True)
class RankOptions:
    """The options of the rank rule, as the rule texts name them."""

    order: str = "cyclic"
    same_rank: bool = False
    alternate_colours: bool = False
    jokers_wild: bool = False
    declare: str = "any"

    @classmethod
    def of(cls, variant: Variant) -> RankOptions:
        return cls(str(variant.rank_order.value), variant.same_rank, variant.alternate_colours,
                   variant.jokers_wild, str(variant.joker_declare.value))


WILD_TOP = 14
"""Model effective rank of a joker turned up on a pile (wild)."""


def pile_fits(opts: RankOptions, top_rank: int | None, top_colour: str | None, card: Card,
              declared: int | None) -> bool:
    """Whether ``card`` may go on a pile whose effective rank is ``top_rank``
    (``None`` empty, 1..13, or WILD_TOP) and colour ``top_colour``."""
    if top_rank is None:
        return False  # nothing goes on an empty pile
    if card.is_joker:
        if not opts.jokers_wild or declared is None or not 1 <= declared <= 13:
            return False
        if opts.declare == "any":
            return True
        # adjacent: the declared rank must itself be legal on the top
        return top_rank == WILD_TOP or declared in rank_neighbours(opts.order, opts.same_rank, top_rank)
    if top_rank != WILD_TOP and card.rank not in rank_neighbours(opts.order, opts.same_rank, top_rank):
        return False
    if opts.alternate_colours and top_colour is not None and colour(card) == top_colour:
        return False
    return True


def model_fits(opts: RankOptions, top: Card | None, card: Card, *, top_rank: int | None = None,
               declared: int | None = None) -> bool:
    """The rank rule for one card on one pile topped by ``top`` (see :meth:`Variant.fits`)."""
    if top is None:
        return False
    effective = (WILD_TOP if top_rank is None else top_rank) if top.is_joker else top.rank
    return pile_fits(opts, effective, colour(top), card, declared)


# ---------------------------------------------------------------------------------- variants

SPEED_DOC: dict[str, Any] = {
    "title": "Speed",
    "description": "Plain two-player Speed.",
    "sources": [{"seed": "000", "says": "Deal each player five cards to hold and fifteen more"}],
    "players": 2,
    "deck": {"packs": 1, "jokers": 0},
    "deal": {"hand": 5, "draw": 15, "piles": 2, "reserves": [5, 5]},
    "ranks": {"order": "cyclic", "same_rank": False, "alternate_colours": False},
    "hand": {"limit": 5, "refill": "any-time"},
    "runs": False,
    "jokers": {"wild": False, "declare": "any", "may_go_out": False, "prevents_flip": True},
    "rebuild": "keep-tops",
}
"""A complete, valid variant document (plain Speed as 000 deals it), written out in full."""

SYNTHETIC_DOCS: dict[str, dict[str, Any]] = {
    # Option combinations no single bundled variant has, so every option meets the referee.
    "runs-jokers-colours": {
        "deck": {"jokers": 2}, "deal": {"draw": "rest"}, "runs": True,
        "ranks": {"alternate_colours": True},
        "jokers": {"wild": True, "declare": "adjacent", "may_go_out": True, "prevents_flip": False},
    },
    "ace-high-doubles-each-pile": {
        "ranks": {"order": "ace-high", "same_rank": True}, "rebuild": "each-pile",
        "deal": {"reserves": [3, 7]},
    },
    "three-gather-draw-first-runs": {
        "players": 3, "deal": {"draw": "rest", "piles": 3, "reserves": [4, 5, 6]},
        "hand": {"refill": "after-each-play"}, "runs": True, "rebuild": "gather-all",
    },
    "empty-refill-jokers-limit-7": {
        "deck": {"jokers": 3}, "deal": {"hand": 5, "draw": "rest"},
        "hand": {"limit": 7, "refill": "when-empty"},
        "jokers": {"wild": True, "declare": "any", "may_go_out": False, "prevents_flip": True},
    },
    "four-two-decks-drawn-hand-runs": {
        "players": 4, "deck": {"packs": 2, "jokers": 1}, "deal": {"hand": 0, "draw": "rest", "piles": 3,
                                                                  "reserves": 2},
        "runs": True, "jokers": {"wild": True, "declare": "any", "may_go_out": True}, "rebuild": "each-pile",
    },
    "single-pile-colours-no-wrap": {
        "deal": {"piles": 1, "reserves": [10], "draw": "rest"},
        "ranks": {"order": "ace-high", "alternate_colours": True},
    },
    # One card in hand and one to draw: a joker is often the last card a player holds.
    "tiny-hands-jokers": {
        "deck": {"jokers": 4}, "deal": {"hand": 1, "draw": 1, "reserves": [25, 25]},
        "jokers": {"wild": True, "declare": "adjacent", "may_go_out": False},
    },
    # A missed call is penalised with a pickup; the new hand is then drawn only when empty.
    "call-penalty-refill-empty": {
        "announce": {"call": "penalty"}, "hand": {"refill": "when-empty"}, "deal": {"hand": 2, "draw": 3,
                                                                                     "reserves": [20, 20]},
    },
    # Tiny centres: these reach the documented dead end often.
    "no-reserves-one-pile": {
        "deal": {"piles": 1, "reserves": 0, "draw": "rest"},
        "ranks": {"order": "ace-high", "alternate_colours": True},
    },
    "no-reserves-jokers-gather": {
        "deck": {"jokers": 2}, "deal": {"piles": 1, "reserves": 0, "draw": "rest"},
        "ranks": {"order": "ace-high", "alternate_colours": True}, "hand": {"refill": "when-empty"},
        "jokers": {"wild": True, "declare": "adjacent", "prevents_flip": False}, "rebuild": "gather-all",
    },
}


@functools.cache
def synthetic_variant(name: str) -> Variant:
    return speedrules.variant_from_document({"extends": "speed", **SYNTHETIC_DOCS[name]}, name=f"{name}.yaml")


def bundled_variants() -> list[Variant]:
    return [speedrules.load_variant(n) for n in speedrules.variant_names("speed")]


# ---------------------------------------------------------------------------------- snapshots


@dataclass(frozen=True)
class Snapshot:
    """Everything visible about a game, to compare before and after an action."""

    hands: tuple[tuple[Card, ...], ...]
    draws: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    reserves: tuple[tuple[Card, ...], ...]
    tops: tuple[Card | None, ...]
    top_ranks: tuple[int, ...]
    owed: tuple[int, ...]
    history: tuple[Any, ...]
    revealed: bool
    outcome: Any

    @classmethod
    def of(cls, game: Game) -> Snapshot:
        return cls(game.hands, game.draw_stacks, game.piles, game.reserves, game.tops, game.top_ranks,
                   game.draws_owed, game.history, game.is_revealed, game.outcome())

    def cards(self) -> Counter[str]:
        return texts(c for s in (*self.hands, *self.draws, *self.piles, *self.reserves) for c in s)


# ---------------------------------------------------------------------------------- the model referee

ActionKey = tuple[Any, ...]


def action_key(action: Any) -> ActionKey:
    """A comparable key for an action (a draw's recorded card and a rebuild's stacks left out)."""
    if isinstance(action, Play):
        return ("play", action.player, tuple(str(c) for c in action.cards), action.pile, tuple(action.declared))
    if isinstance(action, Draw):
        return ("draw", action.player)
    if isinstance(action, Flip):
        return ("flip",)
    if isinstance(action, Rebuild):
        return ("rebuild",)
    if isinstance(action, Reveal):
        return ("reveal",)
    if isinstance(action, Call):
        return ("call", action.player)
    if isinstance(action, Pickup):
        return ("pickup", action.player, action.pile)
    if isinstance(action, Stuck):
        return ("stuck", action.player)
    raise TypeError(action)


def key_to_action(key: ActionKey) -> Action:
    """The action an :func:`action_key` stands for (a draw without its card, a rebuild that shuffles)."""
    kind = key[0]
    if kind == "play":
        return Play(key[1], tuple(Card.parse(t) for t in key[2]), key[3], key[4])
    if kind == "draw":
        return Draw(key[1])
    if kind == "call":
        return Call(key[1])
    if kind == "pickup":
        return Pickup(key[1], key[2])
    if kind == "stuck":
        return Stuck(key[1])
    table: dict[str, Action] = {"flip": Flip(), "rebuild": Rebuild(), "reveal": Reveal()}
    return table[kind]


def even_sizes_ok(sizes: Sequence[int], total: int) -> bool:
    """Split "as evenly as possible" (000): sizes add up and differ by at most one."""
    return sum(sizes) == total and (not sizes or max(sizes) - min(sizes) <= 1)


def step_direction(order: str, top: int, rank: int) -> int:
    """+1 if ``rank`` is the next rank up from ``top`` along the printed sequence, -1 the next down,
    0 otherwise: the same rank, a wild top, or a joker announced as a rank that is no neighbour
    (003: "building continues up or down from that rank" -- a jump, not a step)."""
    if top == WILD_TOP:
        return 0
    line = CYCLE if order == "cyclic" else ACE_HIGH_LINE
    i, j = line.index(top), line.index(rank)
    if order == "cyclic":
        return {1: 1, 12: -1}.get((j - i) % 13, 0)
    return {1: 1, -1: -1}.get(j - i, 0)


@dataclass
class TableModel:
    """An independent referee for one deal, following the rule texts.

    It keeps its own account of what the card positions do not show: whether the
    starters are up, the rank each played joker was declared as (a turned-up joker is
    wild, 001 / 003), the draws each seat owes under its refill rule (000 house rule
    "draw before playing again"; 003 "refill only when empty"; 001 row 8 "draw your
    first five"), and the winner.  Card positions are read from a :class:`Snapshot`,
    after the tests have checked each move of cards separately.

    Runs (004 "lay down all three cards at once"): each card must fit the top the
    previous one left (000 "checking the new top each time"); a one-way run (the
    default) keeps one direction, up or down, as 004's 3 4 5 does.
    """

    variant: Variant
    revealed: bool = False
    declared_top: list[int | None] = field(default_factory=list)
    owed: list[int] = field(default_factory=list)
    winner: int | None = None
    call_due: int | None = None
    """Where the variant wants the win announced (001 "the winner must say Speed! and slap the table
    to make it official"), the seat that went out and has not called yet."""
    pickups_owed: set[int] = field(default_factory=set)
    """Seats that missed their call where that is penalised (001 "Forget, and you take a center pile
    as a new draw pile and play on"; 003 "picks up one of the centre stacks as a fresh draw pile")."""
    callers: set[int] = field(default_factory=set)

    @classmethod
    def start(cls, game: Game) -> TableModel:
        v = game.variant
        owed = [min(v.hand_limit, len(d)) if not h else 0 for h, d in zip(game.hands, game.draw_stacks, strict=True)]
        return cls(v, False, [None] * v.piles, owed)

    @property
    def opts(self) -> RankOptions:
        return RankOptions.of(self.variant)

    @property
    def call_rule(self) -> str:
        rule = getattr(self.variant, "call", None)
        return "none" if rule is None else str(rule.value)

    def penalised(self) -> TableModel:
        """The table as it is once a missed call is penalised: the seat owes a pickup."""
        other = copy.deepcopy(self)
        if other.call_due is not None:
            other.pickups_owed.add(other.call_due)
            other.call_due = None
        return other

    # ----- views of a position through the model

    def pile_top(self, s: Snapshot, pile: int) -> tuple[int | None, str | None]:
        """The pile's effective rank (None empty, 1..13, WILD_TOP) and colour."""
        stack = s.piles[pile]
        if not self.revealed or not stack:
            return None, None
        top = stack[0]
        if top.is_joker:
            declared = self.declared_top[pile]
            return (WILD_TOP if declared is None else declared), None
        return top.rank, colour(top)

    def effective_ranks(self, s: Snapshot) -> tuple[int, ...]:
        """The pile tops as the library encodes them: 0 empty, 1..13, 14 wild."""
        return tuple(0 if r is None else r for r, _ in (self.pile_top(s, p) for p in range(self.variant.piles)))

    def must_draw(self, s: Snapshot, seat: int) -> bool:
        return self.owed[seat] > 0 and bool(s.draws[seat])

    def may_draw(self, s: Snapshot, seat: int) -> bool:
        hand, stack = s.hands[seat], s.draws[seat]
        if not stack or len(hand) >= self.variant.hand_limit:
            return False
        if self.variant.refill.value == "when-empty":
            return not hand or self.owed[seat] > 0
        return True

    def joker_may_be_played(self, s: Snapshot, seat: int, cards_in_play: int) -> bool:
        """A joker may not be the card a player goes out on (001, 003, 004) unless the variant says so."""
        if self.variant.joker_may_go_out:
            return True
        return len(s.hands[seat]) > cards_in_play or bool(s.draws[seat])

    def plays(self, s: Snapshot, seat: int) -> set[ActionKey]:
        """Every legal play of ``seat``: single cards, or runs where the variant allows them."""
        if not self.revealed or self.must_draw(s, seat):
            return set()
        opts = self.opts
        v = self.variant
        hand = s.hands[seat]
        out: set[ActionKey] = set()
        max_len = len(hand) if v.runs else 1
        one_way = not getattr(v, "runs_any_way", False)

        def extend(pile: int, run: list[Card], decl: list[int], rank: int | None, col: str | None,
                   direction: int, left: Counter[str]) -> None:
            for text in sorted(left):
                if not left[text]:
                    continue
                card = Card.parse(text)
                for d in (range(1, 14) if card.is_joker else [None]):
                    if not pile_fits(opts, rank, col, card, d):
                        continue
                    assert rank is not None
                    step = step_direction(opts.order, rank, d if d is not None else card.rank)
                    if one_way and step and direction and step != direction:
                        continue
                    new_run, new_decl = [*run, card], ([*decl, d] if d is not None else decl)
                    going_out = len(new_run) == len(hand) and not s.draws[seat]
                    if not (card.is_joker and going_out and not v.joker_may_go_out):
                        out.add(("play", seat, tuple(str(c) for c in new_run), pile, tuple(new_decl)))
                    if len(new_run) < max_len:
                        left[text] -= 1
                        extend(pile, new_run, new_decl, d if d is not None else card.rank,
                               None if d is not None else colour(card), step or direction, left)
                        left[text] += 1

        for pile in range(v.piles):
            rank, col = self.pile_top(s, pile)
            extend(pile, [], [], rank, col, 0, Counter(str(c) for c in hand))
        return out

    def can_play(self, s: Snapshot, seat: int, *, for_flip: bool) -> bool:
        """Whether ``seat`` holds a card that plays now; for the flip rule a joker counts
        only where the variant says it prevents a flip (001: "a joker counts as a card that plays")."""
        if not self.revealed or self.must_draw(s, seat):
            return False
        opts = self.opts
        tops = [self.pile_top(s, p) for p in range(self.variant.piles)]
        for card in s.hands[seat]:
            if card.is_joker:
                if for_flip and not self.variant.joker_prevents_flip:
                    continue
                if not self.joker_may_be_played(s, seat, 1):
                    continue
                if any(pile_fits(opts, r, c, card, d) for r, c in tops for d in range(1, 14)):
                    return True
            elif any(pile_fits(opts, r, c, card, None) for r, c in tops):
                return True
        return False

    def blocked(self, s: Snapshot) -> bool:
        """Nobody can play or draw (000 "neither can play after replenishing", 003 "only a jam once
        both hands are back up to five")."""
        return (self.revealed and self.winner is None and self.call_due is None and not self.pickups_owed
                and not any(self.can_play(s, p, for_flip=True) or self.may_draw(s, p)
                            for p in range(self.variant.players)))

    def dead_end(self, s: Snapshot) -> bool:
        """Nothing can ever happen again: blocked, nobody can play even a joker, reserves empty, and
        rebuilding cannot change anything (no card beneath a pile top, or no hand card that could go
        on any centre card; a centre joker turns up wild)."""
        if self.winner is not None or not self.blocked(s) or any(s.reserves):
            return False
        if any(self.can_play(s, p, for_flip=False) for p in range(self.variant.players)):
            return False  # a joker that does not stop a flip can still be played: the deal goes on
        if not any(len(p) > 1 for p in s.piles):
            return True
        opts = self.opts
        centre = [c for p in s.piles for c in p]
        for seat, hand in enumerate(s.hands):
            for card in hand:
                if card.is_joker:
                    if self.variant.jokers_wild and self.joker_may_be_played(s, seat, 1):
                        return False
                    continue
                for c in centre:
                    if pile_fits(opts, WILD_TOP if c.is_joker else c.rank, colour(c), card, None):
                        return False
        return True

    def over(self, s: Snapshot) -> bool:
        return self.winner is not None or self.dead_end(s)

    def legal(self, s: Snapshot) -> set[ActionKey]:
        """Every legal action now (a rebuild as one entry: the game shuffles)."""
        if self.over(s):
            return set()
        if self.call_due is not None:  # the call comes before anything else (see accepts)
            return {("call", self.call_due)}
        out: set[ActionKey] = set()
        for seat in self.pickups_owed:
            out |= {("pickup", seat, pile) for pile in range(self.variant.piles) if s.piles[pile]}
        for seat in range(self.variant.players):
            out |= self.plays(s, seat)
            if self.may_draw(s, seat):
                out.add(("draw", seat))
            elif (self.revealed and seat not in self.pickups_owed
                  and not self.can_play(s, seat, for_flip=True)):
                # "If a player says they are blocked, check their hand and draw stack ... a playable
                # card cannot be withheld" (000): a true declaration of being stuck
                out.add(("stuck", seat))
        if not self.revealed:
            out.add(("reveal",))
        elif self.blocked(s):
            out.add(("flip",) if any(s.reserves) else ("rebuild",))
        return out

    def accepts(self, action: Action, s: Snapshot, legal: set[ActionKey] | None = None) -> bool:
        """Whether ``action`` is legal now: the listed actions, plus a draw naming its card, a
        rebuild listing stacks by the rule, a winner's one call, and (where a missed call is
        penalised rather than forbidden) any event that is legal once the penalty applies."""
        v = self.variant
        if isinstance(action, Call):
            out = {self.call_due, self.winner} - {None}
            return action.player in out and action.player not in self.callers
        if self.over(s):
            return False
        if self.call_due is not None:
            if self.call_rule != "penalty":
                return False  # "before anything else happens"
            return self.penalised().accepts(action, s)
        if isinstance(action, Pickup):
            return (action.player in self.pickups_owed and 0 <= action.pile < v.piles
                    and bool(s.piles[action.pile]))
        key = action_key(action)
        if key not in (self.legal(s) if legal is None else legal):
            return False
        if isinstance(action, Draw) and action.card is not None:
            return action.card == s.draws[action.player][0]
        if isinstance(action, Rebuild) and action.reserves is not None:
            return rebuild_is_by_the_rule(v, s, action.reserves)
        return True

    # ----- following an applied action

    def after(self, before: Snapshot, action: Any, after: Snapshot) -> None:
        """Update the model's own account after ``action`` took the game from ``before`` to ``after``."""
        v = self.variant
        if self.call_due is not None and action != Call(self.call_due):
            # Another event came first: the call is missed (legal only where that is penalised).
            assert self.call_rule == "penalty"
            self.pickups_owed.add(self.call_due)
            self.call_due = None
        if isinstance(action, Call):
            self.callers.add(action.player)
            if action.player == self.call_due:
                self.winner, self.call_due = action.player, None
        elif isinstance(action, Pickup):
            self.pickups_owed.discard(action.player)
            self.declared_top[action.pile] = None
            if v.refill.value == "when-empty":
                # An empty hand and a fresh draw stack: "only then draw five fresh cards" (003).
                self.owed[action.player] = min(v.hand_limit, len(after.draws[action.player]))
        elif isinstance(action, Reveal):
            self.revealed = True
            self.declared_top = [None] * v.piles
        elif isinstance(action, Play):
            seat = action.player
            last = action.cards[-1]
            self.declared_top[action.pile] = action.declared[-1] if last.is_joker else None
            stack_left = len(after.draws[seat])
            if v.refill.value == "after-each-play":
                self.owed[seat] = min(len(action.cards), stack_left)  # one draw per card played
            elif v.refill.value == "when-empty" and not after.hands[seat]:
                self.owed[seat] = min(v.hand_limit, stack_left)  # then up to the limit
            if not after.hands[seat] and not stack_left:
                if self.call_rule == "none":
                    self.winner = seat
                else:
                    self.call_due = seat
        elif isinstance(action, Draw):
            if self.owed[action.player]:
                self.owed[action.player] -= 1
        elif isinstance(action, Flip):
            for pile, reserve in enumerate(before.reserves):
                if reserve:
                    self.declared_top[pile] = None  # a turned-up joker is wild
        elif isinstance(action, Rebuild) and v.rebuild.value != "keep-tops":
            self.declared_top = [None] * v.piles


def rebuild_is_by_the_rule(variant: Variant, s: Snapshot, stacks: tuple[tuple[Card, ...], ...]) -> bool:
    """Whether ``stacks`` are new reserves the variant's rebuild rule allows (000 / 003)."""
    if len(stacks) != variant.piles:
        return False
    rule = variant.rebuild.value
    if rule == "each-pile":
        return all(texts(new) == texts(pile) for new, pile in zip(stacks, s.piles, strict=True))
    gathered = texts(c for p in s.piles for c in (p[1:] if rule == "keep-tops" else p))
    return texts(c for r in stacks for c in r) == gathered and even_sizes_ok(
        [len(r) for r in stacks], sum(gathered.values()))


def remove_cards(hand: Sequence[Card], cards: Sequence[Card]) -> Counter[str]:
    left = texts(hand)
    left.subtract(texts(cards))
    assert all(n >= 0 for n in left.values()), f"{cards} not all in {hand}"
    return +left


def check_transition(variant: Variant, before: Snapshot, action: Any, after: Snapshot) -> None:
    """Check that applying ``action`` moved exactly the cards the rules move, and nothing else."""
    recorded = after.history[-1]
    assert after.history[:-1] == before.history, "history must only grow by the applied action"
    assert after.cards() == before.cards()
    same_hands = same_draws = same_piles = same_reserves = True
    if isinstance(action, Play):
        assert recorded == action
        seat, pile = action.player, action.pile
        assert texts(after.hands[seat]) == remove_cards(before.hands[seat], action.cards)
        assert after.piles[pile] == tuple(reversed(action.cards)) + before.piles[pile]
        assert all(after.hands[s] == before.hands[s] for s in range(variant.players) if s != seat)
        assert all(after.piles[p] == before.piles[p] for p in range(variant.piles) if p != pile)
        same_hands = same_piles = False
    elif isinstance(action, Draw):
        seat = action.player
        card = before.draws[seat][0]
        assert recorded == Draw(seat, card), "a recorded draw names the card drawn"
        assert after.draws[seat] == before.draws[seat][1:]
        assert texts(after.hands[seat]) == texts(before.hands[seat]) + Counter([str(card)])
        assert all(after.draws[s] == before.draws[s] for s in range(variant.players) if s != seat)
        assert all(after.hands[s] == before.hands[s] for s in range(variant.players) if s != seat)
        same_hands = same_draws = False
    elif isinstance(action, Flip):
        assert recorded == Flip()
        assert any(before.reserves)
        for p in range(variant.piles):
            if before.reserves[p]:
                assert after.reserves[p] == before.reserves[p][1:]
                assert after.piles[p] == (before.reserves[p][0],) + before.piles[p]
            else:
                assert after.reserves[p] == () and after.piles[p] == before.piles[p]
        same_piles = same_reserves = False
    elif isinstance(action, Rebuild):
        check_rebuild(variant, before, after)
        assert isinstance(recorded, Rebuild) and recorded.reserves == after.reserves
        if action.reserves is not None:
            assert after.reserves == action.reserves
        same_piles = same_reserves = False
    elif isinstance(action, Reveal):
        assert recorded == Reveal() and not before.revealed and after.revealed
        assert after.tops == tuple(p[0] for p in before.piles)
    elif isinstance(action, (Call, Stuck)):
        assert recorded == action  # an announcement moves no card
    elif isinstance(action, Pickup):
        assert recorded == action
        seat, pile = action.player, action.pile
        assert before.hands[seat] == () and before.draws[seat] == ()
        # The pile turned face down: its bottom card is the top of the new draw stack.
        assert after.draws[seat] == tuple(reversed(before.piles[pile]))
        assert after.piles[pile] == () and after.top_ranks[pile] == 0
        assert all(after.piles[p] == before.piles[p] for p in range(variant.piles) if p != pile)
        assert all(after.draws[p] == before.draws[p] for p in range(variant.players) if p != seat)
        same_draws = same_piles = False
    if same_hands:
        assert after.hands == before.hands
    if same_draws:
        assert after.draws == before.draws
    if same_piles:
        assert after.piles == before.piles
    if same_reserves:
        assert after.reserves == before.reserves


def check_rebuild(variant: Variant, before: Snapshot, after: Snapshot) -> None:
    """000 keep-tops: tops stay, the covered cards are split as evenly as possible;
    003 each-pile: each pile becomes its own reserve; gather-all: everything, split evenly."""
    assert not any(before.reserves), "a rebuild only happens with every reserve empty"
    rule = variant.rebuild.value
    if rule == "keep-tops":
        assert after.piles == tuple(p[:1] for p in before.piles)
        gathered = texts(c for p in before.piles for c in p[1:])
    else:
        assert after.piles == ((),) * variant.piles
        assert after.top_ranks == (0,) * variant.piles
        gathered = texts(c for p in before.piles for c in p)
    assert texts(c for r in after.reserves for c in r) == gathered
    sizes = [len(r) for r in after.reserves]
    if rule == "each-pile":
        for p in range(variant.piles):
            assert texts(after.reserves[p]) == texts(before.piles[p])
    else:
        assert even_sizes_ok(sizes, sum(gathered.values()))


def random_play(rng: random.Random, game: Game) -> Play:
    """Any play at all: any seat (some out of range), any cards, any pile, any declared ranks."""
    v = game.variant
    seat = rng.randrange(-1, v.players + 1)
    own = list(game.hands[seat]) if 0 <= seat < v.players else []
    n = rng.choice([1, 1, 1, 2, 3]) if v.runs else rng.choice([1, 1, 1, 1, 2])
    cards: list[Card] = []
    for _ in range(n):
        if own and rng.random() < 0.7:
            cards.append(own.pop(rng.randrange(len(own))))
        else:
            cards.append(Card.from_code(rng.randrange(53)))
    declared = [rng.choice([rng.randrange(1, 14), rng.randrange(-2, 16)]) for c in cards if c.is_joker]
    if rng.random() < 0.1:
        declared.append(rng.randrange(0, 15))
    elif declared and rng.random() < 0.1:
        declared.pop()
    return Play(seat, tuple(cards), rng.randrange(-1, v.piles + 1), tuple(declared))


def seeds() -> st.SearchStrategy[int]:
    return st.integers(min_value=0, max_value=2**64 - 1)


def iter_all_codes() -> Iterator[Card]:
    return (Card.from_code(c) for c in range(53))
