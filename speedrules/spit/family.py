"""Spit as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Spit modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("spit") is SPIT
True
"""

from __future__ import annotations

from ..family import Family, register_family

__all__ = ["SPIT", "SpitFamily"]


class SpitFamily(Family):
    """Spit: a row of stock piles and a spit pile per player, rounds, a race for the centre piles."""

    name = "spit"
    title = "Spit"
    deal_word = "round"
    game_word = "game"
    chained = True

    # ------------------------------------------------------------------ variants (core.loading)

    # ------------------------------------------------------------------ the log (logs)

    # ------------------------------------------------------------------ deals and judging (judge)

    # ------------------------------------------------------------------ actions and games

    # ------------------------------------------------------------------ pictures and words (show, cli)

    # ------------------------------------------------------------------ simulation (sim)


SPIT = register_family(SpitFamily())
