"""Exceptions raised by speedrules.

Every error is a :class:`ValueError` subclass, so callers that only care about
"bad input" can catch ``ValueError``.  Each one names the exact problem.
"""

from __future__ import annotations

import attrs


class SpeedrulesError(ValueError):
    """Base class of every error this library raises on purpose."""


class CardError(SpeedrulesError):
    """A card's text could not be read, e.g. ``Card.parse("1X")``."""

    def __init__(self, text: object, reason: str = "not a card") -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{text!r} is {reason}: a card is a rank A 2-10 J Q K (or T) and a suit S H D C, or JK")


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

    >>> err.violation.rule  # doctest: +SKIP
    'play.rank'
    """

    def __init__(self, violation: Violation) -> None:
        self.violation = violation
        self.rule = violation.rule
        super().__init__(str(violation))
