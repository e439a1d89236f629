"""Speed as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Speed modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("speed") is SPEED
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..family import Family, register_family

if TYPE_CHECKING:
    import random

    from ..core.variant import Variant
    from ..speed.actions import Action
    from .game import Game

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

    @property
    def game_class(self) -> type[Game]:
        from .game import Game

        return Game

    def deal_game(self, variant: Variant | str, seed: int | random.Random | None = None, *,
                  names: Sequence[str] | None = None) -> Game:
        from .game import deal

        return deal(variant, seed, names=names)

    def parse_action(self, text: str) -> Action:
        from ..speed.actions import parse_action

        return parse_action(text)

    def encode(self, action: Any, t: float | int | None = None) -> tuple[Any, ...]:
        from .game import encode

        return (*encode(action), t)

    def decode(self, event: tuple[Any, ...]) -> tuple[Any, float | int | None]:
        from .game import decode

        return decode(event)

    # ------------------------------------------------------------------ pictures and words (show, cli)

    # ------------------------------------------------------------------ simulation (sim)


SPEED = register_family(SpeedFamily())
