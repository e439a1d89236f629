"""Value checks: what a time is and what an index is, with their limits, for every reader.

A log's ``t``, a seat, a pile or a stock pile is checked in several places (the Speed log's
coding and its wire path, the Spit log's reader, the position notation, the ``Game`` and
``SpitGame`` APIs, ``schemas/log.schema.json``): they all take their limits from here, so
that a value one of them accepts, every other accepts too (docs/log-format.md, "Limits").

>>> is_time(850), is_time(2.5), is_time(MAX_TIME), is_time(MAX_TIME + 1), is_time(float("nan"))
(True, True, True, False, False)
>>> index_value(2), index_value(2.0), index_value(True), index_value(MAX_INDEX + 1)
(2, 2, None, None)
>>> read_number("17"), read_number("017"), read_number("\\u00b2")
(17, None, None)
>>> count_pairs({"a": [{"b": 1, "c": {}}], "d": 2})
4
>>> count_colons({"at": "12:30", "says": ["a: b", 3]})
4
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from .errors import InvalidActionError, InvalidArgumentError, brief

if TYPE_CHECKING:
    from .variant import Variant

MAX_TIME: Final = 9_007_199_254_740_991
"""The latest time a log, a position or the API may give, in milliseconds since the reveal:
2**53 - 1 (some 285,000 years), the largest whole number a double holds exactly, so that a
time means the same to every JSON reader (a JavaScript program's, a float's) and sums of
times stay exact.  ``schemas/log.schema.json`` gives it as ``t``'s ``maximum``."""

MAX_INDEX: Final = 1_000_000
"""The largest seat, pile or stock pile number a log event may give (Speed and Spit alike;
``index`` and ``spit_index`` in ``schemas/log.schema.json``): far above any table, so that a
seat that does not exist breaks a rule of the game rather than the format, and small enough
to quote in a message."""

MAX_COUNT: Final = 9_223_372_036_854_775_807
"""The largest whole number the position notation reads (2**63 - 1): a count of events."""


def is_time(value: object) -> bool:
    """Whether ``value`` is a time: an int or a float (not a bool) from 0 to :data:`MAX_TIME`
    (so never NaN nor an infinity)."""
    kind = type(value)
    if kind is int or kind is float:
        return 0 <= value <= MAX_TIME  # type: ignore[operator]
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= MAX_TIME


def index_value(value: object) -> int | None:
    """A JSON Schema ``integer`` from 0 to :data:`MAX_INDEX` as an int (``1.0`` counts, ``True``
    does not), else ``None``."""
    if type(value) is int:  # as a JSON decoder gives it: the same object back
        return value if 0 <= value <= MAX_INDEX else None
    if isinstance(value, int) and not isinstance(value, bool):  # a subclass (an IntEnum...) as a plain int
        return int(value) if 0 <= value <= MAX_INDEX else None
    if isinstance(value, float) and value.is_integer() and 0 <= value <= MAX_INDEX:
        return int(value)
    return None


_DIGITS: Final = len(str(MAX_COUNT))


def read_number(text: str) -> int | None:
    """The whole number ``text`` spells in ASCII digits, as a notation writes it (``0``, ``17``:
    no sign, no space, no leading zero, no other script's digits), if it is at most
    :data:`MAX_COUNT`; else ``None``."""
    if not (0 < len(text) <= _DIGITS and text.isascii() and text.isdigit()) or (text[0] == "0" and len(text) > 1):
        return None
    value = int(text)
    return value if value <= MAX_COUNT else None


def count_pairs(data: Any) -> int:
    """How many key-value pairs the mappings of a parsed document hold, all told: a reader compares
    them with the colons of the text it parsed, and a key repeated in an object (which a JSON
    parser keeps once) shows as a colon too many (:func:`speedrules.core.documents.parse_json`,
    :func:`speedrules.logs.log.log_from_text`)."""
    total = 0
    todo: list[Any] = [data]
    while todo:
        item = todo.pop()
        if type(item) is dict:
            mapping: dict[Any, Any] = item  # typed: the compiled build walks it as a dict
            total += len(mapping)
            for value in mapping.values():
                if type(value) is dict or type(value) is list:
                    todo.append(value)
        elif type(item) is list:  # (else a document that is one scalar)
            items: list[Any] = item
            for value in items:
                if type(value) is dict or type(value) is list:
                    todo.append(value)
    return total


def count_colons(data: Any) -> int:
    """The colons of a parsed document's JSON text, where no key repeats and no colon is written
    as an escape (``\\u003a``): one for each key-value pair and each inside a key or a string.  A
    reader that finds the text holds as many knows that no key repeated (see :func:`count_pairs`:
    this count also serves documents whose text, a title or a time of day, holds colons)."""
    total = 0
    todo: list[Any] = [data]
    while todo:
        item = todo.pop()
        if type(item) is str:
            text: str = item
            total += text.count(":")
        elif type(item) is dict:
            mapping: dict[Any, Any] = item
            total += len(mapping)
            todo.extend(mapping)
            todo.extend(mapping.values())
        elif type(item) is list:
            todo.extend(item)
    return total


def notation_text(text: object, what: str) -> str:
    """``text`` stripped of the spaces around it, if it is ASCII text; else an
    :class:`~speedrules.core.errors.InvalidActionError` saying it is not ``what`` (the action
    notation of every family is ASCII: a superscript or another script's digit is no digit here).

    >>> notation_text(" 0+ ", "an action")
    '0+'
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action's notation is text, not {brief(text)}")
    if not text.isascii():
        raise InvalidActionError(f"not {what}: {brief(text)} (the notation is ASCII, see docs/api.md)")
    return text.strip()


_DEFAULT_NAMES: Final[dict[int, tuple[str, ...]]] = {}


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


def checked_names(variant: Variant, names: object) -> tuple[str, ...]:
    """The seats' display names: one string per seat, else an :class:`InvalidArgumentError`.
    (``names`` is typed ``object``: a caller's junk reaches the check here, not the compiled
    build's own type test.)"""
    players: int = variant.players
    if names is None:
        return default_names(players)
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise InvalidArgumentError(f"names must be a sequence of {players} strings, not {brief(names)}")
    given: list[object] = list(names)
    if len(given) != players or not all(isinstance(n, str) for n in given):
        raise InvalidArgumentError(f"names must be {players} strings, one per seat, not {brief(names)}")
    return tuple([str(n) for n in given])


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
