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

import math
import random
from collections.abc import Sequence
from typing import Final

from ..core import rules
from ..core.cards import JOKER_CODE, Card, deck_codes
from ..core.checks import MAX_TIME as MAX_TIME
from ..core.checks import is_time
from ..core.deck import card_difference, deck_counts
from ..core.errors import CardError, InvalidActionError, InvalidArgumentError, Violation, brief
from ..core.variant import Variant
from .layout import Layout
from .variants import as_speed_variant

Stacks = Sequence[Sequence[int]]
"""Stacks of card codes, each top card first."""

_DEFAULT_NAMES: Final[dict[int, tuple[str, ...]]] = {}
_CANONICAL_DECKS: Final[dict[tuple[int, int], tuple[int, ...]]] = {}


def shuffle_codes(codes: list[int], rng: random.Random) -> None:
    """Shuffle in place: Fisher-Yates from the end, ``j`` uniform in ``0..i``.

    ``j`` is drawn as CPython's ``rng.randrange(i + 1)`` draws it, written out here so that the
    order depends only on ``getrandbits`` (Mersenne Twister): ``k = (i + 1).bit_length()`` bits,
    drawn again while the number is over ``i``.  With ``random.Random(seed)`` this gives the
    same order on every platform and Python version (and is twice as fast as ``randrange``).

    >>> codes, reference, rng = list(range(10)), list(range(10)), random.Random(1)
    >>> shuffle_codes(codes, random.Random(1))
    >>> for i in range(9, 0, -1):  # the same draws through randrange
    ...     j = rng.randrange(i + 1)
    ...     reference[i], reference[j] = reference[j], reference[i]
    >>> codes == reference
    True
    """
    getrandbits = rng.getrandbits
    for i in range(len(codes) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        codes[i], codes[j] = codes[j], codes[i]


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


def default_names(players: int) -> tuple[str, ...]:
    """The seats' names where none are given: ``player 0``, ``player 1`` ... (one tuple for each
    number of seats, made once)."""
    names = _DEFAULT_NAMES.get(players)
    if names is None:
        names = _DEFAULT_NAMES[players] = tuple([f"player {p}" for p in range(players)])
    return names


def seat_names(players: int, given: Sequence[str] | None) -> tuple[str, ...]:
    """The seats' names a log gives (``players``): a seat it does not name is ``player N``, and
    a log naming none has the defaults (every judged log asks).

    >>> seat_names(3, ["Ann"]), seat_names(2, None)
    (('Ann', 'player 1', 'player 2'), ('player 0', 'player 1'))
    """
    if not given:
        return default_names(players)
    return tuple([given[s] if s < len(given) else f"player {s}" for s in range(players)])


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


def checked_names(variant: Variant, names: Sequence[str] | None) -> tuple[str, ...]:
    """The seats' display names: one string per seat, else an :class:`InvalidArgumentError`."""
    if names is None:
        return default_names(variant.players)
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise InvalidArgumentError(f"names must be a sequence of {variant.players} strings, not {brief(names)}")
    if len(names) != variant.players or not all(isinstance(n, str) for n in names):
        raise InvalidArgumentError(f"names must be {variant.players} strings, one per seat, not {brief(names)}")
    return tuple(names)


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
