"""Dealing and layouts: shuffling a variant's deck, dealing it, and checking that a layout is a
deal of a variant (rules ``layout.shape`` and ``layout.cards``), on card codes.

>>> from speedrules import load_variant
>>> speed = load_variant("speed")
>>> layout = deal_layout(speed, random.Random(7))
>>> [len(h) for h in layout.hands], [len(d) for d in layout.draw], len(layout.starters)
([5, 5], [15, 15], 2)
>>> check_layout(speed, layout) is None
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from ..core import rules
from ..core.cards import JOKER_CODE, Card, diff_text
from ..core.checks import MAX_TIME as MAX_TIME
from ..core.checks import is_time
from ..core.errors import CardError, InvalidActionError, InvalidArgumentError, Violation, brief
from ..core.variant import Variant
from .kernel import deal_codes as deal_codes
from .kernel import default_names as default_names
from .kernel import is_deal_of as is_deal_of
from .kernel import seat_names as seat_names
from .kernel import shuffle_codes as shuffle_codes
from .kernel import sorted_deck
from .layout import Layout
from .variants import as_speed_variant


def check_layout(variant: Variant, layout: Layout) -> Violation | None:
    """Why ``layout`` is not a deal of ``variant`` (``layout.shape``, ``layout.cards``), or ``None``.

    Draw stacks dealt as "the rest, split as evenly as possible" may give the extra
    cards to any seats: sizes must differ by at most one and add up.
    """
    def codes(stacks: Sequence[Sequence[Card]]) -> list[list[int]]:
        return [[c.code for c in stack] for stack in stacks]

    variant = as_speed_variant(variant)
    if not isinstance(layout, Layout):
        raise InvalidArgumentError(f"not a Layout: {brief(layout)}")
    return check_layout_codes(variant, codes(layout.hands), codes(layout.draw),
                              [c.code for c in layout.starters], codes(layout.reserves))


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


def checked_names(variant: Variant, names: Sequence[str] | None) -> tuple[str, ...]:
    """The seats' display names: one string per seat, else an :class:`InvalidArgumentError`."""
    if names is None:
        return default_names(variant.players)
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise InvalidArgumentError(f"names must be a sequence of {variant.players} strings, not {brief(names)}")
    if len(names) != variant.players or not all(isinstance(n, str) for n in names):
        raise InvalidArgumentError(f"names must be {variant.players} strings, one per seat, not {brief(names)}")
    return tuple(names)


def check_layout_codes(
    variant: Variant,
    hands: Sequence[Sequence[int]],
    draw: Sequence[Sequence[int]],
    starters: Sequence[int],
    reserves: Sequence[Sequence[int]],
) -> Violation | None:
    """:func:`check_layout` on card codes (stacks top first)."""
    if is_deal_of(variant, hands, draw, starters, reserves):
        return None
    return layout_problem(variant, hands, draw, starters, reserves)


def layout_problem(
    variant: Variant,
    hands: Sequence[Sequence[int]],
    draw: Sequence[Sequence[int]],
    starters: Sequence[int],
    reserves: Sequence[Sequence[int]],
) -> Violation | None:
    """What is wrong with a layout, the first problem in the order of the rules, or ``None``
    (exactly when :func:`is_deal_of` holds: tests/test_deal.py proves it)."""
    v = variant
    if len(hands) != v.players or len(draw) != v.players:
        return Violation(rules.LAYOUT_SHAPE, None,
                         f"the layout has {len(hands)} hands and {len(draw)} draw stacks; "
                         f"this variant has {v.players} players")
    if len(starters) != v.piles or len(reserves) != v.piles:
        return Violation(rules.LAYOUT_SHAPE, None,
                         f"the layout has {len(starters)} starters and {len(reserves)} reserves; "
                         f"this variant has {v.piles} centre piles")
    for seat, hand in enumerate(hands):
        if len(hand) != v.hand_size:
            return Violation(rules.LAYOUT_SHAPE, seat,
                             f"hand {seat} holds {len(hand)} cards; the deal gives {v.hand_size}")
    sizes = [len(d) for d in draw]
    if v.draw_size is not None:
        for seat, size in enumerate(sizes):
            if size != v.draw_size:
                return Violation(rules.LAYOUT_SHAPE, seat,
                                 f"draw stack {seat} holds {size} cards; the deal gives {v.draw_size}")
    elif sorted(sizes, reverse=True) != list(v.draw_sizes):
        return Violation(rules.LAYOUT_SHAPE, None,
                         f"the draw stacks hold {'/'.join(map(str, sizes))} cards; the deal gives "
                         f"{'/'.join(map(str, v.draw_sizes))} (the rest, split as evenly as possible)")
    for pile, (size, reserve) in enumerate(zip(v.reserve_sizes, reserves, strict=True)):
        if len(reserve) != size:
            return Violation(rules.LAYOUT_SHAPE, None,
                             f"reserve {pile} holds {len(reserve)} cards; the deal gives {size}")
    have = sorted(itertools.chain(itertools.chain.from_iterable(hands), itertools.chain.from_iterable(draw),
                                  starters, itertools.chain.from_iterable(reserves)))
    want = sorted_deck(v.packs, v.jokers)
    if have != want:
        return Violation(rules.LAYOUT_CARDS, None,
                         f"the layout is not this variant's deck ({v.packs} pack(s), {v.jokers} joker(s)): "
                         f"{diff_text(have, want)}")
    return None


def checked_time(t: object) -> float | int | None:
    """``t`` if it is a time (``None``, or a number of milliseconds from 0 to
    :data:`~speedrules.core.checks.MAX_TIME`, the one limit of every reader), else an
    :class:`InvalidActionError`.

    >>> checked_time(850), checked_time(None)
    (850, None)
    >>> checked_time("5")
    Traceback (most recent call last):
    ...
    speedrules.core.errors.InvalidActionError: a time is a finite number of milliseconds >= 0 (or None), not '5'
    >>> try:
    ...     checked_time(2**53)
    ... except InvalidActionError as err:
    ...     print(err)
    a time is at most 9007199254740991 ms (285,000 years), not 9007199254740992
    """
    if t is None or ((type(t) is int or type(t) is float) and is_time(t)):
        return t
    if isinstance(t, (int, float)) and is_time(t):  # a subclass (an IntEnum...) as the plain number
        return float(t) if isinstance(t, float) else int(t)
    if isinstance(t, (int, float)) and not isinstance(t, bool) and MAX_TIME < t < math.inf:
        raise InvalidActionError(f"a time is at most {MAX_TIME} ms (285,000 years), not {brief(t)}")
    raise InvalidActionError(f"a time is a finite number of milliseconds >= 0 (or None), not {brief(t)}")


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
    variant = as_speed_variant(variant)
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {brief(rng)}")
    hands, draw, starters, reserves = deal_codes(variant, rng)

    def cards(stack: list[int]) -> tuple[Card, ...]:
        return tuple(Card.from_code(c) for c in stack)

    return Layout(hands=tuple(map(cards, hands)), draw=tuple(map(cards, draw)), starters=cards(starters),
                  reserves=tuple(map(cards, reserves)))
