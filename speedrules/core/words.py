"""Rules in plain words: what every family says the same way when it describes a variant
(``speedrules show``), and the small helpers of English it says them with.

A family's ``rules_in_words`` hook writes its own rows (how its cards are laid, what may be
played) and takes from here the rows every family words alike: the players, the deck, two
cards landing at once, the calls and ties that end a deal, and the match.

>>> from speedrules.core.loading import load_variant
>>> players_row(load_variant("speed-three"))
('Players', '3, playing at the same time with no turns')
>>> count(1, "pile"), and_list(["5", "6", "7"]), or_list(["2", "K"])
('1 pile', '5, 6 and 7', '2 or K')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .cards import RANK_NAMES
from .variant import Call, Collisions, Scoring, Ties, Variant

__all__ = [
    "Dealt", "aligned", "and_list", "call_words", "collisions_row", "count", "deck_words", "fits_example", "match_row",
    "or_list", "players_row", "sizes", "ties_words",
]


@attrs.frozen(slots=True)
class Dealt:
    """A fresh deal as ``speedrules deal`` shows it: the ``seed`` it was dealt from, its
    ``layout`` as JSON, the layout as a text ``table``, and a ``log`` of it (a
    :class:`speedrules.Log` with the layout and no event)."""

    seed: int | None
    layout: dict[str, Any]
    table: str
    log: Any


def count(n: int, thing: str, plural: str | None = None) -> str:
    """``1 card``, ``5 cards`` (``plural`` when it is not ``thing`` + s)."""
    return f"{n} {thing if n == 1 else (plural or thing + 's')}"


def or_list(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``; ``nothing`` for none."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def sizes(numbers: Sequence[int]) -> str:
    """``5 each`` or ``7, 6 and 6``."""
    if len(set(numbers)) == 1:
        return f"{numbers[0]} each"
    return and_list([str(n) for n in numbers])


def _article(rank_text: str) -> str:
    return "an" if rank_text in ("A", "8") else "a"


def fits_example(variant: Variant, top: int) -> str:
    """``on a 7: 6 or 8``: the ranks that fit on ``top``, lower neighbour first.

    >>> from speedrules.core.loading import load_variant
    >>> fits_example(load_variant("speed"), 13)
    'on a K: Q or A'
    """
    fits = [r for r in range(1, 14) if variant.fits_rank(top, r)]
    fits.sort(key=lambda r: variant.step(top, r))  # -1 below, 0 the same rank, +1 above
    text = RANK_NAMES[top]
    return f"on {_article(text)} {text}: {or_list([RANK_NAMES[r] for r in fits])}"


def aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as lines, each column as wide as its widest cell, two spaces apart (a row
    may have fewer cells than another).

    >>> aligned([["player", "hand"], ["0", "JC 10S"]])
    ['player  hand', '0       JC 10S']
    """
    columns = max((len(r) for r in rows), default=0)
    widths = [max((len(r[i]) for r in rows if i < len(r)), default=0) for i in range(columns)]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]


def players_row(variant: Variant) -> tuple[str, str]:
    """How many play, and how: at once."""
    return "Players", f"{variant.players}, playing at the same time with no turns"


def deck_words(variant: Variant) -> str:
    """The packs and jokers the deck is made of: ``one 52-card pack, no jokers``."""
    packs = "one 52-card pack" if variant.packs == 1 else f"{variant.packs} 52-card packs shuffled together"
    jokers = "no jokers" if variant.jokers == 0 else count(variant.jokers, "joker")
    return f"{packs}, {jokers}"


def collisions_row(variant: Variant) -> tuple[str, str]:
    """What happens when two cards land on one pile at the same moment."""
    collisions = {
        Collisions.FIRST_LANDS: "the card that landed first stays; the later one must fit it",
        Collisions.LOWER_STAYS: "both are judged on the top they met; the lower stays, the other goes back to its hand",
        Collisions.RETURN_BOTH: "both go back to their owners and the top before them stays",
    }[variant.collisions]
    return "Collisions", f"two cards landing on one pile at the same moment: {collisions}"


def call_words(variant: Variant) -> str:
    """What a player who goes out must then do (``, once they slap the table...``), or nothing."""
    if variant.call is Call.NONE:
        return ""
    how = {"say": "call \"Speed!\"", "slap": "slap the table",
           "say-and-slap": "call \"Speed!\" and slap the table"}.get(variant.call_how, "call")
    words = f", once they {how} before anything else happens"
    if variant.call is Call.PENALTY:
        words += "; a player who misses it takes a centre pile as a new draw stack and plays on"
    return words


def ties_words(variant: Variant) -> str:
    """What two players going out at once does, or nothing."""
    return "; two players going out at the same moment tie the deal, which is replayed" \
        if variant.ties is Ties.REPLAY else ""


def match_row(variant: Variant) -> tuple[str, str]:
    """How deals make a match."""
    if variant.scoring is Scoring.DEALS:
        return "Match", f"fresh deals until a player has won {variant.target}; tied or void deals are replayed"
    if variant.scoring is Scoring.MARGIN:
        return "Match", ("each deal's winner scores a point per card every other player still holds (hand and "
                         f"draw stack); first to {variant.target} points wins")
    return "Match", "a single deal is the whole game"
