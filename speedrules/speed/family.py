"""Speed as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Speed modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("speed") is SPEED
True
"""

from __future__ import annotations

from ..family import Family, register_family

__all__ = ["SPEED", "SpeedFamily"]


class SpeedFamily(Family):
    """Speed: a hand and a draw stack per seat, starters and reserves in the centre."""

    name = "speed"
    title = "Speed"
    deal_word = "deal"
    game_word = "deal"
    chained = False

    # ------------------------------------------------------------------ variants (core.loading)

    # ------------------------------------------------------------------ the log (logs)

    # ------------------------------------------------------------------ deals and judging (judge)

    # ------------------------------------------------------------------ actions and games

    # ------------------------------------------------------------------ pictures and words (show, cli)

    # ------------------------------------------------------------------ simulation (sim)


SPEED = register_family(SpeedFamily())
