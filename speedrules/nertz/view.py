"""What a seat sees at a simulated Nertz table (:class:`NertzView`): the view a bot of the public
protocol (``choose(view, options, rng)``) is given.  Its own module, out of the compiled
:mod:`speedrules.nertz.table`: an attrs class with a class variable cannot be compiled.

>>> from speedrules.nertz.game import deal_nertz
>>> view = NertzView(1, 250, deal_nertz("nertz", 3).position())
>>> view.family, view.seat, view.t, view.position.startswith("0#")
('nertz', 1, 250, True)
"""

from __future__ import annotations

from typing import ClassVar

import attrs


@attrs.frozen
class NertzView:
    """What a seat sees (a bot's ``view``): the time and the hand's position text."""

    family: ClassVar[str] = "nertz"
    seat: int
    t: int
    position: str
