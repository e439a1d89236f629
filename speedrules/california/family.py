"""California Speed as a registered family (:mod:`speedrules.family`): the hooks the generic code
asks, each answered by the module of this package that owns the rule.

>>> from speedrules.family import family_of
>>> family_of("california-speed") is CALIFORNIA, CALIFORNIA.event_names
(True, ('cover', 'relay'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import brief
from ..family import Family, Kernel, Match, register_family
from ..speed.scoring import match_report
from ..table import Menu, Table
from . import picture, variants, wire
from .actions import CaliforniaAction, parse_california_action
from .actions import decode as decode_event
from .actions import encode as encode_action
from .coding import code_deal
from .game import NAME, CaliforniaGame, deal_california
from .kernel import KIND_NAMES, laid_kernel, layout_problem
from .scoring import CaliforniaMatch
from .table import CaliforniaTable, menu_of

if TYPE_CHECKING:
    import random

    from ..core.cards import Card
    from ..core.errors import Violation
    from ..core.scene import Mark, Scene
    from ..core.variant import Variant
    from ..core.words import Dealt
    from ..judge.verdicts import DealVerdict, Verdict
    from ..logs.log import Log

__all__ = ["CALIFORNIA", "CaliforniaFamily"]


class CaliforniaFamily(Family):
    """California Speed: cover matching cards of a shared layout from your own pile."""

    name = NAME
    title = "California Speed"
    most_players = 5  # Pagat's variations: David Rutter's tournament version, "up to 5 players"
    dealer = "speedrules.california.deal_california (a CaliforniaGame)"

    # ------------------------------------------------------------------ variants (core.loading)

    def rules_defaults(self) -> dict[str, Any]:
        return variants.rules_defaults()

    def rules_schema(self) -> dict[str, Any]:
        return variants.rules_schema()

    def rules(self, document: dict[str, Any]) -> Any:
        return variants.california_rules(document)

    def variant_problems(self, document: dict[str, Any], name: str) -> list[tuple[str, str]]:
        return variants.variant_problems(document, name)

    # ------------------------------------------------------------------ the log (logs)

    event_names = KIND_NAMES
    wire_deal = wire.WireDeal

    def code_deal(self, deal: Any) -> tuple[Any, int]:
        return code_deal(deal)

    def log_schema(self) -> dict[str, Any]:
        return wire.log_schema()

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        return wire.canonical_deal(deal)

    def event_json(self, event: tuple[Any, ...]) -> dict[str, Any]:
        return wire.event_json(event)

    # ------------------------------------------------------------------ deals and judging (judge)

    def layout_problem(self, variant: Variant, deal: Any, carried: Any) -> Violation | None:
        return layout_problem(variant, deal.piles, deal.rows, deal.aside)

    def kernel(self, variant: Variant, deal: Any, names: tuple[str, ...]) -> Kernel:
        return laid_kernel(variant, deal.piles, deal.rows, deal.aside, names)

    def match(self, variant: Variant, names: tuple[str, ...]) -> Match:
        return CaliforniaMatch(variant, names)

    def deal_report(self, number: int, deal: Any, names: tuple[str, ...]) -> list[str]:
        lines = [f"  deal {number}: {self.result_words(deal, names)}"]
        for c in deal.collisions:
            kept = f"event {c.kept}'s card stayed" if c.kept is not None else "every card went back"
            lines.append(f"    collision on stack {c.pile} at t = {brief(c.t)}: events "
                         f"{', '.join(map(str, c.plays))}; {kept}")
        return lines + [f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else "")
                        for v in deal.violations]

    def match_report(self, match: Any, names: tuple[str, ...]) -> list[str]:
        return match_report(match, names)

    # ------------------------------------------------------------------ actions and games

    @property
    def game_class(self) -> type[CaliforniaGame]:
        return CaliforniaGame

    def deal_game(self, variant: Variant | str, seed: int | random.Random | None = None, *,
                  names: Sequence[str] | None = None) -> CaliforniaGame:
        return deal_california(variant, seed, names=names)

    def parse_action(self, text: str) -> CaliforniaAction:
        return parse_california_action(text)

    def encode(self, action: Any, t: float | int | None = None) -> tuple[Any, ...]:
        return (*encode_action(action), t)

    def decode(self, event: tuple[Any, ...]) -> tuple[Any, float | int | None]:
        return decode_event(event)

    # ------------------------------------------------------------------ pictures and words (show, cli)

    def scene(self, game: Any, *, viewer: int | None = None, highlight: Any = None,
              mark: Mark | None = None) -> Scene:
        return picture.scene(game, viewer=viewer, highlight=highlight, mark=mark)

    def logged_game(self, log: Log, deal: int, upto: int, verdict: Verdict) -> Any | None:
        return picture.logged_game(log, deal, upto, verdict)

    def result_words(self, deal: DealVerdict, names: Sequence[str]) -> str:
        return picture.result_words(deal, names)

    def nowhere_words(self, card: Card, viewer: str | None) -> str:
        return picture.nowhere_words(card, viewer)

    def rules_in_words(self, variant: Variant) -> list[tuple[str, str]]:
        return picture.rules_in_words(variant)

    def dealt(self, variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
        return picture.dealt(variant, seed, players)

    # ------------------------------------------------------------------ simulation (sim)

    counted = (("covers", "cover"), ("relays", "relay"), ("collisions", "collisions"), ("bounced", "bounced"))
    counted_if_any = frozenset({"collisions"})

    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        return CaliforniaTable(variant, rng, names, log=log)

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        return menu_of(view, actions)


CALIFORNIA = register_family(CaliforniaFamily())
