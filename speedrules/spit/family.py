"""Spit as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Spit modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("spit") is SPIT
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..family import Family, Menu, Table, register_family
from .stats import summarize_spit
from .table import SpitTable, menu_of

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

    def summary_extra(self, results: Sequence[Any], names: Sequence[str], *, variant: str, seed: int | None,
                      max_rounds: int, max_events: int) -> dict[str, Any]:
        return {"spit": summarize_spit(results, names, variant=variant, seed=seed, max_rounds=max_rounds,
                                       max_events=max_events)}

    def summary_json(self, summary: Any) -> dict[str, Any]:
        data: dict[str, Any] = summary.extra["spit"].to_json()
        return data

    def summary_table(self, summary: Any) -> str:
        text: str = summary.extra["spit"].table()
        return text

    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        return SpitTable(variant, rng, names, log=log, max_rounds=max_rounds)

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        return menu_of(view, actions)


SPIT = register_family(SpitFamily())
