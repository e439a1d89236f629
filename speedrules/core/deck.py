"""The one deck check: whether stacks of cards hold exactly a deck (or any multiset of cards)
and, when they do not, what differs.

Every family asks it: a Speed layout and a Spit round are the variant's deck, a rebuild's new
reserves are the cards gathered from the centre, a Spit round after the first is the cards each
player took, and a position (Speed or Spit) is the deck again.  A multiset of cards is given as
its *counts*: how many of each card code (0-52, the joker last) it holds (:func:`card_counts`,
:func:`deck_counts`).  Compiled with the kernel (pyproject's mypyc list): the referee checks
every deal's deck.

>>> deck = deck_counts(1, 0)
>>> card_difference([range(26), range(26, 52)], deck) is None
True
>>> card_difference([[0, 0, 52]], card_counts([0, 1, 2]))
'missing 2S 3S; not expected AS JK'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from .cards import JOKER_CODE, TEXT_OF, deck_codes
from .errors import InvalidArgumentError

DIFFERENCE_LIMIT: Final = 300
"""The longest text :func:`card_difference` gives (longer is cut, ending in ``...``)."""

_DECKS: Final[dict[tuple[int, int], tuple[int, ...]]] = {}


def card_counts(codes: Iterable[int]) -> list[int]:
    """How many of each card code (0-52, the joker last) ``codes`` hold: the form of a multiset
    of cards :func:`holds_cards` and :func:`card_difference` read."""
    counts = [0] * (JOKER_CODE + 1)
    listed: tuple[int, ...] = tuple(codes)  # (typed, and a tuple is not copied: read directly when compiled)
    for code in listed:
        counts[code] += 1
    return counts


def deck_counts(packs: int, jokers: int) -> tuple[int, ...]:
    """:func:`card_counts` of a deck of ``packs`` packs and ``jokers`` jokers (made once for each)."""
    counts = _DECKS.get((packs, jokers))
    if counts is None:
        counts = _DECKS[packs, jokers] = tuple(card_counts(deck_codes(packs, jokers)))
    return counts


def holds_cards(stacks: Sequence[Sequence[int]], counts: Sequence[int]) -> bool:
    """Whether ``stacks`` hold, all told, exactly the cards ``counts`` counts: each card is taken
    off a copy of the counts (sorting both sides cost about twice as much on a rebuild's 40
    cards).  A code that is no card (not 0-52) is never held.

    >>> holds_cards([[3, 52], [3]], card_counts([52, 3, 3])), holds_cards([[3, 3]], card_counts([3, 4]))
    (True, False)
    >>> holds_cards([[3]], card_counts([3, 3])), holds_cards([[53]], card_counts([3]))
    (False, False)
    """
    left: list[int] = list(counts)
    for i in range(len(stacks)):
        stack: tuple[int, ...] = tuple(stacks[i])
        for code in stack:
            if not 0 <= code <= JOKER_CODE:
                return False
            n = left[code]  # read, tested and written back as a plain int (``-=`` on an item, and
            if not n:  # ``any(left)``, are generic calls when compiled: about a third of the check)
                return False
            left[code] = n - 1
    return all(not n for n in left)  # (a loop when compiled)


def card_difference(stacks: Sequence[Sequence[int]], counts: Sequence[int]) -> str | None:
    """``None`` when ``stacks`` hold, all told, exactly the cards ``counts`` counts; else what
    differs, in words: the cards missing and those not expected (at most
    :data:`DIFFERENCE_LIMIT` characters).

    >>> card_difference([[5], [4]], card_counts([4, 5])) is None
    True
    >>> card_difference([[5, 5]], card_counts([4, 5])), card_difference([[5, 99]], card_counts([5]))
    ('missing 5S; not expected 6S', 'not expected 99')
    """
    if holds_cards(stacks, counts):
        return None
    left = list(counts)
    extra: list[int] = []
    for stack in stacks:
        for code in stack:
            if 0 <= code <= JOKER_CODE and left[code]:
                left[code] -= 1
            else:
                extra.append(code)
    missing = [code for code in range(JOKER_CODE + 1) for _ in range(left[code])]
    parts = []
    if missing:
        parts.append("missing " + " ".join([TEXT_OF[c] for c in missing]))
    if extra:
        extra.sort()
        parts.append("not expected " + " ".join([TEXT_OF[c] if 0 <= c <= JOKER_CODE else str(c) for c in extra]))
    text = "; ".join(parts)
    return text if len(text) <= DIFFERENCE_LIMIT else text[:DIFFERENCE_LIMIT] + "..."


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


def make_rng(seed: object) -> tuple[random.Random, int | None]:
    """A random source from a seed (an int, a ``random.Random``, or ``None``, which picks a fresh
    seed and reports it); else an :class:`InvalidArgumentError`.  (``seed`` is typed ``object``: a
    caller's junk reaches the check here, not the compiled build's own type test.)"""
    if isinstance(seed, random.Random):
        return seed, None
    if seed is None:
        fresh: int = random.SystemRandom().randrange(2**63)
        return random.Random(fresh), fresh
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError(f"seed must be an int or a random.Random, not {type(seed).__name__}")
    number = int(seed)
    return random.Random(number), number
