"""Speed as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Speed modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("speed") is SPEED
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..family import Family, Kernel, Match, register_family
from ..logs.log import log_form
from . import coding, scoring, variants
from .coding import EVENT_TYPES
from .dealing import check_layout_codes
from .kernel import Kernel as SpeedKernel
from .layout import CompiledDeal
from .wire import WireDeal

if TYPE_CHECKING:
    from ..core.errors import Violation
    from ..core.variant import Variant

__all__ = ["SPEED", "SpeedFamily"]


class SpeedFamily(Family):
    """Speed: a hand and a draw stack per seat, starters and reserves in the centre."""

    name = "speed"
    title = "Speed"
    deal_word = "deal"
    game_word = "deal"
    chained = False

    # ------------------------------------------------------------------ variants (core.loading)

    dealer = "speedrules.deal"

    def rules_defaults(self) -> dict[str, Any]:
        return variants.rules_defaults()

    def rules_schema(self) -> dict[str, Any]:
        return variants.rules_schema()

    def variant_problems(self, document: dict[str, Any], name: str) -> list[tuple[str, str]]:
        return variants.variant_problems(document, name)

    # ------------------------------------------------------------------ the log (logs)

    event_names = EVENT_TYPES
    wire_deal = WireDeal

    def code_deal(self, deal: Any) -> tuple[Any, int]:
        coded, pairs = coding.code_deal(deal)
        hands, draw, starters, reserves, events = coded
        return CompiledDeal(hands, draw, starters, reserves, tuple(events)), pairs

    def log_schema(self) -> dict[str, Any]:
        return log_form("deal")

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        return coding.canonical_deal(deal)

    def event_json(self, event: tuple[Any, ...]) -> dict[str, Any]:
        return coding.event_json(*event)

    # ------------------------------------------------------------------ deals and judging (judge)

    def layout_problem(self, variant: Variant, deal: Any, carried: Any) -> Violation | None:
        return check_layout_codes(variant, deal.hands, deal.draw, deal.starters, deal.reserves)

    def kernel(self, variant: Variant, deal: Any, names: tuple[str, ...]) -> Kernel:
        return SpeedKernel(variant, deal.hands, deal.draw, deal.starters, deal.reserves, names=names)

    def match(self, variant: Variant, names: tuple[str, ...]) -> Match:
        return scoring.SpeedMatch(variant, names)

    def deal_report(self, number: int, deal: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.deal_report(number, deal, names)

    def match_report(self, match: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.match_report(match, names)

    # ------------------------------------------------------------------ actions and games

    # ------------------------------------------------------------------ pictures and words (show, cli)

    # ------------------------------------------------------------------ simulation (sim)


SPEED = register_family(SpeedFamily())
