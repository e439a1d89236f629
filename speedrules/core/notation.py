"""The position notation's pieces both families' positions read and write (a position is the
whole state of a deal or round as one line of text, like chess's FEN: Speed's
:class:`~speedrules.speed.position.Position`, Spit's :class:`~speedrules.spit.position.SpitPosition`):
its fields, stacks of cards (``10S,JK``; ``-`` for none; ``/`` between stacks), whole numbers and
times, each read with the field it is in named when it is not one.

>>> read_stacks("JC,10S/-", 1), stacks_text(((9, 10), ()))
(((49, 9), ()), '10S,JS/-')
>>> read_time("12.5", 7), time_text(12.5), read_count("3", 8)
(12.5, '12.5', 3)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from .cards import TEXT_OF, code_of
from .checks import MAX_TIME, is_time, read_number
from .errors import CardError, PositionError, brief

MAX_POSITION_CHARS = 1_000_000
"""The longest position text read (a position of 8 packs is some 2,000 characters)."""

Stacks = tuple[tuple[int, ...], ...]
"""Stacks of card codes, each top card first."""

_TIME = re.compile(r"(0|[1-9][0-9]{0,18})(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?")


def split_fields(text: object, error: type[PositionError]) -> list[str]:
    """A position's fields, or ``error`` when it is not text or too long to read."""
    if not isinstance(text, str):
        raise error(None, f"a position is text, not {brief(text)}")
    if len(text) > MAX_POSITION_CHARS:
        raise error(None, f"{len(text):,} characters is too long for a position (the limit is {MAX_POSITION_CHARS:,})")
    return text.strip().split(" ")


def read_cards(text: str, field: int) -> tuple[int, ...]:
    """A stack of cards (``10S,JK``, top first; ``-`` for none) as codes, read in position field ``field``."""
    if text == "-":
        return ()
    cards = text.split(",")
    if any(not card or card.strip() != card for card in cards):
        raise PositionError(field, f"{brief(text)} is not a stack: cards separated by commas, or - for none")
    try:
        return tuple(code_of(card) for card in cards)
    except CardError as err:
        raise PositionError(field, f"{brief(err.text)} is not a card") from None


def read_stacks(text: str, field: int) -> Stacks:
    """Stacks of cards separated by ``/`` (:func:`read_cards` each)."""
    return tuple(read_cards(part, field) for part in text.split("/"))


def read_count(text: str, field: int, what: str = "a whole number") -> int:
    """A whole number (ASCII digits, up to :data:`~speedrules.core.checks.MAX_COUNT`); else ``what`` it is not."""
    value = read_number(text)  # ASCII digits up to MAX_COUNT (speedrules.core.checks)
    if value is None:
        raise PositionError(field, f"{brief(text)} is not {what}")
    return value


def read_time(text: str, field: int) -> float | int:
    """A time in milliseconds (``0`` to :data:`~speedrules.core.checks.MAX_TIME`), an ``int``
    unless written with a point or an exponent."""
    match = _TIME.fullmatch(text)
    if match is None:
        raise PositionError(field, f"{brief(text)} is not a time (milliseconds, a number >= 0)")
    value: float | int = int(text) if match.group(2) is None and match.group(3) is None else float(text)
    if not is_time(value):  # the one limit of every reader (speedrules.core.checks)
        if not math.isfinite(value):
            raise PositionError(field, f"{brief(text)} is not a finite time")
        raise PositionError(field, f"{brief(text)} is too large a time (at most {MAX_TIME} ms)")
    return value


def stack_text(stack: Iterable[int]) -> str:
    """A stack of card codes as the notation writes it (:func:`read_cards` reads it back)."""
    return ",".join(TEXT_OF[c] for c in stack) or "-"


def stacks_text(stacks: Stacks) -> str:
    """Stacks as the notation writes them (:func:`read_stacks` reads them back)."""
    return "/".join(map(stack_text, stacks))


def time_text(t: float | int) -> str:
    """A time as the notation writes it (:func:`read_time` reads it back to the same value)."""
    return repr(t) if isinstance(t, float) else str(t)
