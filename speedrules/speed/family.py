"""Speed as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Speed modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("speed") is SPEED
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..family import Family, Menu, Table, register_family
from .seat import menu_of
from .table import SpeedTable

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

    counted = (("plays", "play"), ("draws", "draw"), ("flips", "flip"), ("rebuilds", "rebuild"), ("calls", "call"),
               ("pickups", "pickup"), ("collisions", "collisions"), ("bounced", "bounced"))
    counted_if_any = frozenset(("calls", "pickups"))  # a call or a pickup only where the variant has calls

    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        return SpeedTable(variant, rng, names, log=log)

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        return menu_of(view, actions)


SPEED = register_family(SpeedFamily())
