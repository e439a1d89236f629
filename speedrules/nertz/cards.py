"""A Nertz card and its owner: every player plays their own pack, so a card is coded with its
deck, ``owner * 52 + code`` (:mod:`speedrules.core.cards`' code of the face), and spelled with
its owner's seat before it, ``1#10H`` (seat 1's ten of hearts), in the log, the position text,
the pictures and the verdicts (docs/log-format.md, "Nertz").

>>> owned_code("1#10H"), owned_text(74)
(74, '1#10H')
>>> face(74), owner(74), rank(74), suit(74), red(74)
(22, 1, 10, 1, True)
>>> owned_code("9H")
Traceback (most recent call last):
...
ValueError: not a Nertz card: '9H' (a card is its owner's seat, '#', and its face: 0#9H)
"""

from __future__ import annotations

from typing import Final

from ..core.cards import CODE_OF_TEXT, TEXT_OF

PACK: Final = 52
"""The cards of one player's pack: an owned code is ``owner * PACK + face``."""
SEP: Final = "#"
"""Between a card's owner and its face: ``1#10H``."""
MAX_OWNER: Final = 7
"""The highest seat (eight players at most)."""


RANKS: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in range(PACK * (MAX_OWNER + 1)))
"""Each owned code's rank, ace 1 to king 13 (a table: the kernel reads it at every event)."""
SUITS: Final[tuple[int, ...]] = tuple(c % PACK // 13 for c in range(PACK * (MAX_OWNER + 1)))
"""Each owned code's suit, 0-3: spades, hearts, diamonds, clubs."""
REDS: Final[tuple[bool, ...]] = tuple(s in (1, 2) for s in SUITS)
"""Whether each owned code is red."""
_CODES: Final[dict[str, int]] = {f"{seat}{SEP}{text}": seat * PACK + code for seat in range(MAX_OWNER + 1)
                                 for text, code in CODE_OF_TEXT.items() if code < PACK}


def owned_spellings() -> list[str]:
    """Every spelling of an owned card :func:`owned_code` reads (``0#10H``, ``0#th``...)."""
    return list(_CODES)


def face(code: int) -> int:
    """The face's code (0-51, suit * 13 + rank - 1) of an owned code."""
    return code % PACK


def owner(code: int) -> int:
    """The seat whose deck an owned card is of."""
    return code // PACK


def rank(code: int) -> int:
    """Ace 1 to king 13."""
    return RANKS[code]


def suit(code: int) -> int:
    """0-3: spades, hearts, diamonds, clubs."""
    return SUITS[code]


def red(code: int) -> bool:
    """Hearts and diamonds are red."""
    return REDS[code]


def owned_text(code: int) -> str:
    """The spelling of an owned card: ``owner#face``."""
    return f"{code // PACK}{SEP}{TEXT_OF[code % PACK]}"


def owned_code(text: object) -> int:
    """The owned code a card's spelling names (a face in any spelling ``Card.parse`` reads); a
    ``ValueError`` naming the text for anything else."""
    code = _CODES.get(text) if isinstance(text, str) else None
    if code is None:
        raise ValueError(f"not a Nertz card: {text!r} (a card is its owner's seat, {SEP!r}, and its face: 0{SEP}9H)")
    return code


def canonical(text: object) -> object:
    """A card's canonical spelling (``0#th`` -> ``0#10H``), or ``text`` as it is when it spells none."""
    try:
        return owned_text(owned_code(text))
    except ValueError:
        return text
