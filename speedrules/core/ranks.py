"""How ranks connect, once: rank steps, rank order, and the per-variant fit tables.

Every question "may this card go on that top?" in the library is a lookup in the
tables built here from a variant's rank options, so the rank rule (rule ``play.rank``,
seeds 000, 001 rows 6-7, 003 "No ace wrap", "Doubles", 002's colours) lives in this
module alone:

- :func:`step` says whether a rank is one above (+1) or below (-1) another, under the
  variant's rank order (``cyclic``: K-A-2 wraps; ``ace-high``: 2..K, A, no wrap);
- :class:`FitTables` turns the rank order, same-rank plays (doubles), alternating
  colours and jokers into bit masks, so that a card fits a pile top in one bit test.

A pile's top is coded as a *top key*: ``rank * 3 + colour``, where ``rank`` is the
top's effective rank (``EMPTY`` = 0, 1..13, or ``WILD`` = 14 for a joker turned up by a
flip) and ``colour`` 0 black, 1 red, 2 none (a joker, or an empty pile).

>>> tables = fit_tables(RankOrder.CYCLIC, same_rank=False, alternate_colours=False,
...                     jokers_wild=False, declare_any=False)
>>> king, ace_of_spades = top_key(13, 0), 0
>>> bool(tables.fit[king] >> ace_of_spades & 1)  # K-A wraps
True
>>> step(RankOrder.ACE_HIGH, 13, 1), step(RankOrder.CYCLIC, 1, 13), step(RankOrder.CYCLIC, 5, 9)
(1, -1, 0)
"""

from __future__ import annotations

import enum
import functools
from typing import Final

import attrs

from .cards import COLOUR_OF, JOKER_CODE, N_CODES, RANK_OF

EMPTY: Final = 0
"""Effective rank of an empty pile: nothing may be played on it."""
WILD: Final = 14
"""Effective rank of a pile topped by a joker that was turned up (a starter or a flip):
any card, and any declared joker rank, may go on it."""
ALL_RANKS = tuple(range(1, 14))
ALL_RANKS_MASK = sum(1 << r for r in ALL_RANKS)
NO_COLOUR: Final = 2
"""The colour of a joker and of an empty pile: no colour rule applies to it."""
EMPTY_KEY: Final = 2
"""The top key of an empty pile (and of a starter before the reveal): ``EMPTY * 3 + NO_COLOUR``,
written as a literal so that the compiled build reads it as a constant."""
assert EMPTY_KEY == EMPTY * 3 + NO_COLOUR
JOKER_BIT = 1 << JOKER_CODE
"""The bit of the joker in a fit mask over card codes."""


class RankOrder(enum.StrEnum):
    """How ranks connect: ``cyclic`` (K-A-2 wraps) or ``ace-high`` (2..K, A; no wrap)."""

    CYCLIC = "cyclic"
    ACE_HIGH = "ace-high"


def order_value(order: RankOrder, rank: int) -> int:
    """A rank's place in the rank order, for comparing ranks: the ace is 1 (low) with
    ``cyclic`` ranks and 14 (high) with ``ace-high``."""
    return 14 if rank == 1 and order is RankOrder.ACE_HIGH else rank


def step(order: RankOrder, top: int, rank: int) -> int:
    """+1 if ``rank`` is one above ``top``, -1 if one below, else 0 (the same rank, ranks
    further apart, or a top that is ``EMPTY`` or ``WILD``)."""
    if not (1 <= top <= 13 and 1 <= rank <= 13):
        return 0
    if order is RankOrder.CYCLIC:
        d = (rank - top) % 13
        return 1 if d == 1 else (-1 if d == 12 else 0)
    d = order_value(order, rank) - order_value(order, top)
    return d if d in (1, -1) else 0


def top_key(rank: int, colour: int) -> int:
    """The top key of a pile whose top has this effective rank and colour."""
    return rank * 3 + colour


KEY_OF_CODE: tuple[int, ...] = tuple(
    top_key(RANK_OF[c] or WILD, COLOUR_OF[c]) for c in range(N_CODES))
"""The top key a card makes when it is turned up on a pile (a joker turned up is wild)."""


@attrs.frozen(slots=True)
class FitTables:
    """The fit rule of one set of rank options, as bit masks.

    ``accepts[rank]``: the card ranks that fit an effective top rank (bit per rank).
    ``declares[rank]``: the ranks a joker may be declared as on that top.
    ``fit[key]``: the card codes (bit per code 0-52) that fit a top key; the joker's bit
    says that a joker may go there as some declared rank.
    ``card_fit[key]``: ``fit`` without the joker's bit: the cards that fit as they are (a
    joker fits only as the rank it is declared as); ``card_ok[key][code]``, the same as a
    table of booleans (a lookup is faster than a shift of a 53-bit int).
    ``steps[top][rank]``: :func:`step` for every top and rank from ``EMPTY`` to ``WILD`` (the
    direction a run takes, read once a card of a run).
    """

    accepts: tuple[int, ...]
    declares: tuple[int, ...]
    fit: tuple[int, ...]
    card_fit: tuple[int, ...]
    card_ok: tuple[tuple[bool, ...], ...]
    steps: tuple[tuple[int, ...], ...]


@functools.cache
def fit_tables(
    order: RankOrder, *, same_rank: bool, alternate_colours: bool, jokers_wild: bool, declare_any: bool
) -> FitTables:
    """The tables for a variant's rank options (built once per distinct set of options)."""
    accepts = [0] * (WILD + 1)
    for top in ALL_RANKS:
        accepts[top] = sum(1 << r for r in ALL_RANKS if step(order, top, r) or (same_rank and r == top))
    accepts[WILD] = ALL_RANKS_MASK
    declares = [0] * (WILD + 1)
    if jokers_wild:
        for top in (*ALL_RANKS, WILD):
            declares[top] = ALL_RANKS_MASK if declare_any else accepts[top]
    fit = [0] * (top_key(WILD, NO_COLOUR) + 1)
    for top in (*ALL_RANKS, WILD):
        for colour in (0, 1, NO_COLOUR):
            mask = 0
            for code in range(JOKER_CODE):
                if accepts[top] >> RANK_OF[code] & 1 and not (
                        alternate_colours and colour != NO_COLOUR and COLOUR_OF[code] == colour):
                    mask |= 1 << code
            if declares[top]:
                mask |= JOKER_BIT
            fit[top_key(top, colour)] = mask
    card_fit = tuple(m & ~JOKER_BIT for m in fit)
    card_ok = tuple(tuple(bool(m >> code & 1) for code in range(N_CODES)) for m in card_fit)
    steps = tuple(tuple(step(order, top, rank) for rank in range(WILD + 1)) for top in range(WILD + 1))
    return FitTables(tuple(accepts), tuple(declares), tuple(fit), card_fit, card_ok, steps)
