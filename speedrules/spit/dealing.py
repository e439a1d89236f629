"""Spit's deal: a round laid by the rules from what each player holds (the first round from a
shuffled deck, 26 cards each), and the check that a logged round is so laid (rules
``spit.layout.row`` and ``spit.layout.cards``).  Compiled in the optional build: the referee
checks every round's layout.

>>> import random
>>> from speedrules import load_variant
>>> spit = load_variant("spit")
>>> rows, spits = first_round(spit, random.Random(1))
>>> [len(p) for p in rows[0]], len(spits[1]), check_spit_layout(spit, (rows, spits), None)
([1, 2, 3, 4, 5], 11, None)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from ..core import rules
from ..core.cards import deck_codes
from ..core.deck import card_counts, card_difference, deck_counts, shuffle_codes
from ..core.errors import Violation
from ..core.variant import Variant
from .kernel import lay_row, row_shape
from .reader import Codes
from .variants import SPIT_HOLDING


def check_spit_layout(variant: Variant, layout: Codes, holdings: Sequence[Sequence[int]] | None,
                      *, first: bool = True) -> Violation | None:
    """Why ``layout`` is not a round of ``variant`` (rules ``spit.layout.row`` and
    ``spit.layout.cards``), or ``None``.  ``holdings`` are the cards each player took from the
    round before; ``None`` for the first round (``first``), which deals the deck 26 cards a
    player, or for a later round whose predecessor was not settled (then only the deck as a
    whole is checked)."""
    assert variant.spit is not None
    sizes = variant.spit.row
    rows, spits = layout
    if len(rows) != 2 or len(spits) != 2:
        return Violation(rules.SPIT_LAYOUT_ROW, None, "a Spit layout has a row and a spit pile for each of 2 players")
    counts = []
    for p, (row, spit) in enumerate(zip(rows, spits, strict=True)):
        laid = tuple(map(len, row))
        count = sum(laid) + len(spit)
        piles, rest = _row_shape(count, sizes)
        if laid != piles or len(spit) != rest:
            return Violation(rules.SPIT_LAYOUT_ROW, p, f"player {p}'s {count} cards are laid as piles of "
                             f"{'-'.join(map(str, laid))} and {len(spit)} spit cards; the rule lays "
                             f"{'-'.join(map(str, piles))} and {rest}")
        counts.append(count)
    if holdings is None:
        for p, count in enumerate(counts if first else ()):
            if count != SPIT_HOLDING:
                return Violation(rules.SPIT_LAYOUT_CARDS, p, f"player {p} is dealt {count} cards; the first "
                                 f"round deals {SPIT_HOLDING} to each")
        difference = card_difference([*rows[0], *rows[1], *spits], deck_counts(variant.packs, variant.jokers))
        if difference is not None:
            return Violation(rules.SPIT_LAYOUT_CARDS, None, f"the {'first ' if first else ''}round's cards are not "
                             "the deck: " + difference)
        return None
    for p, (row, spit, owned) in enumerate(zip(rows, spits, holdings, strict=True)):
        difference = card_difference([*row, spit], card_counts(owned))
        if difference is not None:
            return Violation(rules.SPIT_LAYOUT_CARDS, p, f"player {p}'s round is not the cards they took from the "
                             f"round before: {difference}")
    return None


@functools.lru_cache(maxsize=256)
def _row_shape(count: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """:func:`~speedrules.spit.kernel.row_shape`, its piles a tuple, worked out once."""
    piles, rest = row_shape(count, sizes)
    return tuple(piles), rest


def deal_round(variant: Variant, holdings: Sequence[Sequence[int]], rng: random.Random) -> Codes:
    """A round laid by the rules from each player's holding, shuffled with ``rng``."""
    assert variant.spit is not None
    rows: list[tuple[tuple[int, ...], ...]] = []
    spits: list[tuple[int, ...]] = []
    for owned in holdings:
        cards = list(owned)
        shuffle_codes(cards, rng)
        row, spit = lay_row(cards, variant.spit.row)
        rows.append(tuple(map(tuple, row)))
        spits.append(tuple(spit))
    return tuple(rows), tuple(spits)


def first_round(variant: Variant, rng: random.Random) -> Codes:
    """A fresh game's first round: the deck shuffled with ``rng``, 26 cards to each player, each
    row laid by the rules (:func:`deal_round`, the same ``rng`` shuffling each holding again)."""
    deck = deck_codes(variant.packs, variant.jokers)
    shuffle_codes(deck, rng)
    return deal_round(variant, (deck[:SPIT_HOLDING], deck[SPIT_HOLDING:]), rng)
