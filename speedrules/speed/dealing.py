"""Dealing and layouts: shuffling a variant's deck, dealing it, and the one layout rule of Speed
(rules ``layout.shape`` and ``layout.cards``: :func:`layout_problem`), on card codes; the seats'
names a deal is played under.  Compiled with the kernel (pyproject's mypyc list): the simulator
deals every deal through :func:`deal_codes` and the referee checks every deal's layout.

>>> from speedrules import load_variant
>>> speed = load_variant("speed")
>>> layout = deal_layout(speed, random.Random(7))
>>> [len(h) for h in layout.hands], [len(d) for d in layout.draw], len(layout.starters)
([5, 5], [15, 15], 2)
>>> check_layout(speed, layout) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..core import rules
from ..core.cards import JOKER_CODE, Card, deck_codes
from ..core.checks import MAX_TIME as MAX_TIME
from ..core.checks import checked_names as checked_names
from ..core.checks import checked_time as checked_time
from ..core.checks import default_names as default_names
from ..core.checks import seat_names as seat_names
from ..core.deck import card_difference, deck_counts
from ..core.deck import make_rng as make_rng
from ..core.deck import shuffle_codes as shuffle_codes
from ..core.errors import CardError, InvalidArgumentError, Violation, brief
from ..core.variant import Variant
from .layout import Layout
from .variants import as_speed_variant

Stacks = Sequence[Sequence[int]]
"""Stacks of card codes, each top card first."""

_CANONICAL_DECKS: Final[dict[tuple[int, int], tuple[int, ...]]] = {}




def even_split(total: int, parts: int) -> list[int]:
    """Sizes of ``total`` cards split as evenly as possible, the lower indices taking the extras."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def deal_codes(variant: Variant, rng: random.Random) -> tuple[list[list[int]], list[list[int]], list[int],
                                                               list[list[int]]]:
    """Shuffle the variant's deck with ``rng`` and deal it, as card codes: ``(hands, draw,
    starters, reserves)``, every stack top card first (see :func:`deal_layout`, which gives the
    order).

    >>> from speedrules import load_variant
    >>> hands, draw, starters, reserves = deal_codes(load_variant("speed"), random.Random(3))
    >>> [len(h) for h in hands], [len(d) for d in draw], len(starters), [len(r) for r in reserves]
    ([5, 5], [15, 15], 2, [5, 5])
    """
    codes = list(_canonical_deck(variant.packs, variant.jokers))
    shuffle_codes(codes, rng)
    size = variant.hand_size
    hands = [codes[seat * size:(seat + 1) * size] for seat in range(variant.players)]
    pos = variant.players * size
    draw = []
    for n in variant.draw_sizes:
        draw.append(codes[pos:pos + n])
        pos += n
    starters = codes[pos:pos + variant.piles]
    pos += variant.piles
    reserves = []
    for n in variant.reserve_sizes:
        reserves.append(codes[pos:pos + n])
        pos += n
    return hands, draw, starters, reserves


def _canonical_deck(packs: int, jokers: int) -> tuple[int, ...]:
    """:func:`~speedrules.core.cards.deck_codes`, made once (a deal copies it before shuffling)."""
    deck = _CANONICAL_DECKS.get((packs, jokers))
    if deck is None:
        deck = _CANONICAL_DECKS[packs, jokers] = tuple(deck_codes(packs, jokers))
    return deck






def check_layout(variant: Variant, layout: Layout) -> Violation | None:
    """Why ``layout`` is not a deal of ``variant`` (:func:`layout_problem`), or ``None``."""
    def codes(stacks: Sequence[Sequence[Card]]) -> list[list[int]]:
        return [[c.code for c in stack] for stack in stacks]

    variant = as_speed_variant(variant)
    if not isinstance(layout, Layout):
        raise InvalidArgumentError(f"not a Layout: {brief(layout)}")
    return layout_problem(variant, codes(layout.hands), codes(layout.draw), [c.code for c in layout.starters],
                          codes(layout.reserves))


def code_stacks(stacks: object) -> list[list[int]]:
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




def layout_problem(variant: Variant, hands: Stacks, draw: Stacks, starters: Sequence[int],
                   reserves: Stacks) -> Violation | None:
    """What is wrong with a layout of card codes (stacks top first), the first problem in the order
    of the rules, or ``None`` when it is a deal of ``variant``: the one layout rule of Speed.

    The shape (rule ``layout.shape``): a hand and a draw stack per seat, a starter and a reserve
    per centre pile, each of the size the variant deals; draw stacks dealt as "the rest, split as
    evenly as possible" may give the extra cards to any seats.  The cards (``layout.cards``):
    the variant's deck, every card as often as the deck has it.
    """
    v = variant
    players, piles = v.players, v.piles
    if len(hands) != players or len(draw) != players:
        return Violation(rules.LAYOUT_SHAPE, None, f"the layout has {len(hands)} hands and {len(draw)} draw stacks; "
                         f"this variant has {players} players")
    if len(starters) != piles or len(reserves) != piles:
        return Violation(rules.LAYOUT_SHAPE, None, f"the layout has {len(starters)} starters and {len(reserves)} "
                         f"reserves; this variant has {piles} centre piles")
    hand_size = v.hand_size
    for seat in range(players):
        if len(hands[seat]) != hand_size:
            return Violation(rules.LAYOUT_SHAPE, seat,
                             f"hand {seat} holds {len(hands[seat])} cards; the deal gives {hand_size}")
    problem = _draw_problem(v, [len(d) for d in draw])
    if problem is not None:
        return problem
    reserve_sizes = v.reserve_sizes
    for pile in range(piles):
        if len(reserves[pile]) != reserve_sizes[pile]:
            return Violation(rules.LAYOUT_SHAPE, None, f"reserve {pile} holds {len(reserves[pile])} cards; the deal "
                             f"gives {reserve_sizes[pile]}")
    difference = card_difference([*hands, *draw, starters, *reserves], deck_counts(v.packs, v.jokers))
    if difference is not None:
        return Violation(rules.LAYOUT_CARDS, None, f"the layout is not this variant's deck ({v.packs} pack(s), "
                         f"{v.jokers} joker(s)): {difference}")
    return None


def _draw_problem(v: Variant, sizes: list[int]) -> Violation | None:
    """The draw stacks' sizes against the deal's (:func:`layout_problem`)."""
    draw_size = v.draw_size
    if draw_size is not None:
        for seat in range(len(sizes)):
            if sizes[seat] != draw_size:
                return Violation(rules.LAYOUT_SHAPE, seat,
                                 f"draw stack {seat} holds {sizes[seat]} cards; the deal gives {draw_size}")
        return None
    if sorted(sizes, reverse=True) != list(v.draw_sizes):
        return Violation(rules.LAYOUT_SHAPE, None,
                         f"the draw stacks hold {'/'.join(map(str, sizes))} cards; the deal gives "
                         f"{'/'.join(map(str, v.draw_sizes))} (the rest, split as evenly as possible)")
    return None






def deal_layout(variant: Variant, rng: random.Random) -> Layout:
    """Shuffle the variant's deck with ``rng`` and deal it.

    The deck starts in canonical order (each pack S H D C, A..K, then jokers) and is
    shuffled by :func:`shuffle_codes`.  Cards are then taken from the front: each
    seat's hand in seat order, each seat's draw stack, one starter per pile, then each
    reserve; every stack is listed top card first in the order it was taken.
    """
    variant = as_speed_variant(variant)
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {brief(rng)}")
    hands, draw, starters, reserves = deal_codes(variant, rng)

    def cards(stack: list[int]) -> tuple[Card, ...]:
        return tuple(Card.from_code(c) for c in stack)

    return Layout(hands=tuple(map(cards, hands)), draw=tuple(map(cards, draw)), starters=cards(starters),
                  reserves=tuple(map(cards, reserves)))
