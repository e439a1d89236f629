"""Spit as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Spit modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("spit") is SPIT
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..family import Family, register_family

if TYPE_CHECKING:
    import random

    from ..core.variant import Variant
    from ..speed.actions import SpitAction
    from .game import SpitGame

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

    @property
    def game_class(self) -> type[SpitGame]:
        from .game import SpitGame

        return SpitGame

    def deal_game(self, variant: Variant | str, seed: int | random.Random | None = None, *,
                  names: Sequence[str] | None = None) -> SpitGame:
        from .game import deal_spit

        return deal_spit(variant, seed, names=names)

    def parse_action(self, text: str) -> SpitAction:
        from ..speed.actions import parse_spit_action

        return parse_spit_action(text)

    def encode(self, action: Any, t: float | int | None = None) -> tuple[Any, ...]:
        from .game import encode

        return (*encode(action), t)

    def decode(self, event: tuple[Any, ...]) -> tuple[Any, float | int | None]:
        from .game import decode

        return decode(event)

    # ------------------------------------------------------------------ pictures and words (show, cli)

    # ------------------------------------------------------------------ simulation (sim)


SPIT = register_family(SpitFamily())
