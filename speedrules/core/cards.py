"""Cards, ranks and suits, with the integer coding used on every hot path.

A card is coded as an ``int``: ``suit * 13 + (rank - 1)`` for the 52 ordinary cards
(ranks ``1`` = ace ... ``13`` = king; suits ``0..3`` = S H D C) and ``52`` for a joker.
Two packs give duplicate codes, so every card collection in this library is a
multiset (a list or tuple, never a set).

>>> Card.parse("10h")
Card.parse('10H')
>>> Card.parse("TS").rank, Card.parse("JK").is_joker
(10, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import attrs

from .errors import CardError

RANK_NAMES: tuple[str, ...] = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Canonical rank text by rank number (index 0 unused)."""
SUITS: str = "SHDC"
JOKER_CODE: Final = 52
JOKER_TEXT = "JK"
N_CODES = 53

_RANK_BY_TEXT: dict[str, int] = {name: r for r, name in enumerate(RANK_NAMES) if name}
_RANK_BY_TEXT["T"] = 10

# Per-code lookup tables (index = card code).
RANK_OF: tuple[int, ...] = tuple([c % 13 + 1 for c in range(52)] + [0])
"""Rank of each card code; 0 for the joker."""
COLOUR_OF: tuple[int, ...] = tuple([(0, 1, 1, 0)[c // 13] for c in range(52)] + [2])
"""Colour of each card code: 0 black (S C), 1 red (H D), 2 none (joker)."""
TEXT_OF: tuple[str, ...] = tuple([RANK_NAMES[c % 13 + 1] + SUITS[c // 13] for c in range(52)] + [JOKER_TEXT])
"""Canonical text of each card code."""


def parse_rank(text: str) -> int:
    """Return the rank number (1 = ace ... 13 = king) of a rank's text.

    >>> parse_rank("q"), parse_rank("T"), parse_rank("10")
    (12, 10, 10)
    """
    rank = _RANK_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
    if rank is None:
        raise CardError(text, "not a rank")
    return rank


def _build_code_index() -> dict[str, int]:
    index: dict[str, int] = {}
    for code in range(52):
        rank_text = RANK_NAMES[code % 13 + 1]
        suit = SUITS[code // 13]
        for r in ([rank_text, "T"] if rank_text == "10" else [rank_text]):
            for s in (suit, suit.lower()):
                index[r + s] = code
                index[r.lower() + s] = code
    index["JK"] = index["jk"] = index["Jk"] = index["jK"] = JOKER_CODE
    return index


CODE_OF_TEXT: dict[str, int] = _build_code_index()
"""Every accepted spelling of a card (any case, ``T`` or ``10``) mapped to its code."""


def code_of(text: str) -> int:
    """Return the code of a card's text, raising :class:`CardError` if it is not a card."""
    try:
        return CODE_OF_TEXT[text]
    except (KeyError, TypeError):
        if isinstance(text, str):
            stripped = text.strip()
            if stripped in CODE_OF_TEXT:
                return CODE_OF_TEXT[stripped]
        raise CardError(text) from None


@attrs.frozen(slots=True, order=True, repr=False)
class Card:
    """One playing card.  Build it with :meth:`Card.parse` or :meth:`Card.from_code`.

    ``rank`` is 1 (ace) to 13 (king), 0 for a joker; ``suit`` is one of ``S H D C``,
    or ``""`` for a joker.  ``str(card)`` is the canonical text (``10`` for ten).

    >>> str(Card.parse("th")), repr(Card.parse("jk"))
    ('10H', "Card.parse('JK')")
    """

    code: int = attrs.field()

    @code.validator
    def _check_code(self, _attribute: object, value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < N_CODES:
            raise CardError(value, "not a card code (0-52)")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card's text: rank then suit (``"10H"``, ``"th"``, ``"QS"``) or ``"JK"``."""
        return _CARDS[code_of(text)]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """Return the card with this integer code (see the module docstring)."""
        if isinstance(code, int) and not isinstance(code, bool) and 0 <= code < N_CODES:
            return _CARDS[code]
        raise CardError(code, "not a card code (0-52)")

    @property
    def rank(self) -> int:
        return RANK_OF[self.code]

    @property
    def rank_text(self) -> str:
        return RANK_NAMES[self.rank] if self.code != JOKER_CODE else JOKER_TEXT

    @property
    def suit(self) -> str:
        return SUITS[self.code // 13] if self.code != JOKER_CODE else ""

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER_CODE

    @property
    def is_red(self) -> bool:
        return COLOUR_OF[self.code] == 1

    def __str__(self) -> str:
        return TEXT_OF[self.code]

    def __repr__(self) -> str:
        return f"Card.parse({TEXT_OF[self.code]!r})"


_CARDS: tuple[Card, ...] = tuple(Card(c) for c in range(N_CODES))
"""Every card, by code: ``Card.parse`` and ``Card.from_code`` return these."""

JOKER = Card.from_code(JOKER_CODE)


def card_of(value: Any) -> Card:
    """A card, or its text parsed (``"JC"``); anything else is a :class:`CardError` (what an
    action of any family takes where it takes a card).

    >>> card_of("jc"), card_of(Card.parse("2S"))
    (Card.parse('JC'), Card.parse('2S'))
    """
    return value if isinstance(value, Card) else Card.parse(value)


def optional_card(value: Any) -> Card | None:
    """:func:`card_of`, or ``None`` for ``None`` (an action's card that may be left unnamed)."""
    return None if value is None else card_of(value)


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards' texts at once (a :class:`CardError` for anything that is not)."""
    if isinstance(texts, str):
        return tuple(Card.parse(t) for t in texts.split())
    try:
        items = list(texts)
    except TypeError:
        raise CardError(texts, "not a sequence of cards' texts") from None
    return tuple(Card.parse(t) for t in items)


def canonical_text(text: Any) -> Any:
    """A card's canonical spelling (``th`` -> ``10H``), or ``text`` as it is when it spells none:
    how a log's canonical form writes each card (both families').

    >>> canonical_text("th"), canonical_text("jk"), canonical_text(7)
    ('10H', 'JK', 7)
    """
    code = CODE_OF_TEXT.get(text) if isinstance(text, str) else None
    return TEXT_OF[code] if code is not None else text


def canonical_stacks(stacks: Any) -> list[list[Any]]:
    """Stacks of card texts, each card's spelling canonical (:func:`canonical_text`)."""
    return [[canonical_text(c) for c in stack] for stack in stacks]


def deck_codes(packs: int, jokers: int) -> list[int]:
    """The deck as card codes in canonical order: each pack S H D C, A..K, then the jokers."""
    return [c for _ in range(packs) for c in range(52)] + [JOKER_CODE] * jokers


def cards_text(codes: Iterable[int]) -> list[str]:
    """Canonical texts of card codes."""
    return [TEXT_OF[c] for c in codes]
