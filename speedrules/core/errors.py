"""Exceptions raised by speedrules.

Every error is a :class:`ValueError` subclass, so callers that only care about
"bad input" can catch ``ValueError``.  Each one names the exact problem.
"""

from __future__ import annotations

import difflib
import re
import reprlib
from collections.abc import Iterable
from typing import Any

import attrs


class _Brief(reprlib.Repr):
    """``repr`` that never fails and never grows: long texts and deep nesting are cut, and a
    huge integer is described instead of converted (Python refuses to print one of more
    than 4,300 digits)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, limit, limit, limit
        self.maxdict = self.maxlist = self.maxtuple = self.maxset = 4

    def repr_str(self, x: str, level: int) -> str:
        return repr(x) if len(x) <= self.maxstring else super().repr_str(x, level)

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:
            return f"<an integer of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return repr(x)


_BRIEF = _Brief(60)


def brief(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut short, for messages: a reason must never echo a whole (possibly
    huge or hostile) value, and must never fail to print one.

    >>> brief("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> brief(16 ** 3600)
    '<an integer of about 4336 digits>'
    """
    text = (_BRIEF if limit == 60 else _Brief(limit)).repr(value)
    return text if len(text) <= limit + 10 else text[:limit] + "..."


_UNPRINTABLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
)


def printable(text: str) -> str:
    r"""``text`` safe to show on a terminal: control characters (escape sequences, carriage
    returns, bidirectional overrides) from a log's names or values are shown as escapes,
    so that a log cannot rewrite what a referee sees.  Line breaks and tabs stay.

    >>> print(printable("Ann\x1b[2J\rBen"))
    Ann\x1b[2J\rBen
    """
    return _UNPRINTABLE.sub(lambda m: repr(m.group())[1:-1], text)


SUGGEST_LIMIT = 64
"""The longest text a suggestion is looked for: every name a suggestion could be is shorter,
and difflib's cost grows with the product of the lengths (a hostile key can be megabytes)."""


def did_you_mean(value: object, choices: Iterable[str]) -> str:
    """``"did you mean 'x'?"`` for the choice closest to a misspelt ``value`` (difflib's
    ratio of at least 0.6), or ``""`` when none is close or ``value`` is not a short text.
    The one suggestion of the library: unknown variant names (``load_variant``, the command
    line, a log's ``variant``, ``extends``), unknown fields and values of variant files and
    logs.

    >>> did_you_mean("speed-dubles", ["speed", "speed-doubles", "spit"])
    "did you mean 'speed-doubles'?"
    >>> did_you_mean("same_rnak", ["order", "same_rank"]), did_you_mean("zzzz", ["speed"])
    ("did you mean 'same_rank'?", '')
    """
    if not isinstance(value, str) or len(value) > SUGGEST_LIMIT:
        return ""
    close = difflib.get_close_matches(value, [c for c in choices if len(c) <= SUGGEST_LIMIT], n=1)
    return f"did you mean {brief(close[0])}?" if close else ""


class SpeedrulesError(ValueError):
    """Base class of every error this library raises on purpose."""


class CardError(SpeedrulesError):
    """A card's text could not be read, e.g. ``Card.parse("1X")``."""

    def __init__(self, text: object, reason: str = "not a card") -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{brief(text)} is {reason}: a card is a rank A 2-10 J Q K (or T) and a suit S H D C, or JK")


class InvalidArgumentError(SpeedrulesError, TypeError):
    """An argument is not of a kind the function takes (a seed that is not an int, an
    action that is not one).  It is also a ``TypeError``, as such mistakes are in Python."""


class InvalidActionError(InvalidArgumentError):
    """An action, or its time, is not well formed: a seat or pile that is not a whole number,
    a joker's rank that is neither a number nor a rank's text, a time that is not a finite
    number >= 0.  (An action that is well formed but breaks a rule is refused with an
    :class:`IllegalActionError` instead.)

    >>> from speedrules import Draw
    >>> Draw(True)
    Traceback (most recent call last):
    ...
    speedrules.core.errors.InvalidActionError: the player must be a seat number (0, 1, ...), not True
    """


class PositionError(SpeedrulesError):
    """A position's text (:meth:`speedrules.Game.from_position`) is not well formed, or not a
    position of its variant; ``field`` is the number of the field at fault (1-9, see
    :mod:`speedrules.speed.position`), ``None`` for the whole.

    >>> from speedrules import Game
    >>> Game.from_position("speed", "- - - - 0 up 0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speedrules.core.errors.PositionError: position: a position has 8 fields (9 during a collision) ..., not 7: ...
    """

    FIELDS: tuple[str, ...] = ("hands", "draw stacks", "centre piles", "reserves", "draws owed", "status", "clock",
                               "count", "instant")

    def __init__(self, field: int | None, reason: str) -> None:
        self.field = field
        self.reason = reason
        where = "position" if field is None else f"position field {field} ({self.FIELDS[field - 1]})"
        super().__init__(f"{where}: {reason}")


class SpitPositionError(PositionError):
    """A Spit position's text (:meth:`speedrules.SpitGame.from_position`) is not well formed,
    or not a position of its variant; ``field`` is the number of the field at fault (1-7, see
    :class:`speedrules.spit.position.SpitPosition`), ``None`` for the whole."""

    FIELDS: tuple[str, ...] = ("rows", "spit piles", "centre piles", "status", "clock", "count", "game")


class VariantError(SpeedrulesError):
    """A variant file or document is unreadable, invalid or impossible.

    ``errors`` holds every problem found, each as ``(location, reason)`` where the
    location names the file and the field path, e.g. ``"house.yaml: deal.hand"``.
    """

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        self.errors: tuple[tuple[str, str], ...] = tuple(errors)
        super().__init__("\n".join(f"{where}: {why}" if where else why for where, why in self.errors))


@attrs.frozen(slots=True)
class Violation:
    """A broken rule: the stable rule id, the seat at fault (or ``None``), and a message."""

    rule: str
    player: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.message} (rule {self.rule})"


class IllegalActionError(SpeedrulesError):
    """An action was refused; ``violation`` says which rule it breaks.

    >>> from speedrules import Card, Play, deal
    >>> game = deal("speed", seed=1)
    >>> game.reveal()
    >>> try:
    ...     game.apply(Play(0, Card.parse("JC"), pile=0))  # a jack on the ace of hearts
    ... except IllegalActionError as err:
    ...     print(err.violation.rule, err.violation.player)
    ...     print(err)
    play.rank 0
    player 0 played JC on AH (pile 0); it needs 2 or K (rule play.rank)
    """

    def __init__(self, violation: Violation) -> None:
        self.violation = violation
        self.rule = violation.rule
        super().__init__(str(violation))
