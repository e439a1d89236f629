"""What a seat sees at a simulated California Speed table (:class:`CaliforniaView`): the view a
bot of the public protocol (``choose(view, options, rng)``) is given.  Its own module, out of
the compiled :mod:`speedrules.california.table`: an attrs class with a class variable cannot be
compiled.

>>> view = CaliforniaView(0, 0, Card.parse("7H"), (Card.parse("7S"),), (1,), 1, (0,))
>>> view.family, str(view.card), view.targets
('california-speed', '7H', (0,))
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..core.cards import Card
from .game import NAME


@attrs.frozen
class CaliforniaView:
    """What a seat sees (a bot's ``view``): the top card of its pile, every stack's top card and
    size (by position, ``width`` stacks a row), the stacks it may cover, the time."""

    family: ClassVar[str] = NAME
    seat: int
    t: int
    card: Card | None
    tops: tuple[Card, ...]
    sizes: tuple[int, ...]
    width: int
    targets: tuple[int, ...]
