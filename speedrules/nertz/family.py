"""Nertz as a registered family (:mod:`speedrules.family`): the hooks the generic code asks, each
answered by the Nertz module that owns the rule.

>>> from speedrules.family import family_of
>>> family_of("nertz") is NERTZ_FAMILY, NERTZ_FAMILY.deal_word
(True, 'hand')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from ..family import Family, Kernel, Match, Panel, register_family
from ..logs.wire import WireLog
from ..table import Menu, Table
from . import coding, picture, scoring, variants, wire, words
from .game import NertzGame, deal_nertz, layout_problem
from .kernel import KIND_NAMES, NertzKernel

if TYPE_CHECKING:
    import random

    from ..core.cards import Card
    from ..core.errors import Violation
    from ..core.scene import Mark, Scene
    from ..core.variant import Variant
    from ..core.words import Dealt
    from ..judge.verdicts import DealVerdict, Verdict
    from ..logs.log import Log
    from .actions import NertzAction

__all__ = ["NERTZ_FAMILY", "NertzFamily"]


class NertzFamily(Family):
    """Nertz: every player's own deck, Nertz pile, work piles and stock; shared foundations."""

    name = "nertz"
    title = "Nertz"
    deal_word = "hand"
    game_word = "game"
    most_players = variants.MAX_PLAYERS

    # ------------------------------------------------------------------ variants (core.loading)

    dealer = "speedrules.deal_nertz (a NertzGame)"

    def rules_defaults(self) -> dict[str, Any]:
        return variants.rules_defaults()

    def rules_schema(self) -> dict[str, Any]:
        return variants.rules_schema()

    def rules(self, document: dict[str, Any]) -> Any:
        return variants.nertz_rules(document)

    def variant_problems(self, document: dict[str, Any], name: str) -> list[tuple[str, str]]:
        return variants.variant_problems(document, name)

    # ------------------------------------------------------------------ the log (logs)

    event_names = KIND_NAMES
    wire_deal = wire.WireHand

    def code_deal(self, deal: Any) -> tuple[Any, int]:
        return coding.code_deal(deal)

    def log_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = msgspec.json.schema(WireLog[wire.WireHand])
        return schema

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        return wire.canonical_deal(deal)

    def event_json(self, event: tuple[Any, ...]) -> dict[str, Any]:
        return wire.event_json(event)

    # ------------------------------------------------------------------ deals and judging (judge)

    def layout_problem(self, variant: Variant, deal: Any, carried: Any) -> Violation | None:
        return layout_problem(variant, deal.nertz, deal.work, deal.stock)

    def kernel(self, variant: Variant, deal: Any, names: tuple[str, ...]) -> Kernel:
        return NertzKernel(variant, deal.nertz, [[[c] for c in w] for w in deal.work], deal.stock, names=names)

    def match(self, variant: Variant, names: tuple[str, ...]) -> Match:
        return scoring.NertzMatch(variant)

    def deal_report(self, number: int, deal: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.deal_report(number, deal, names)

    def match_report(self, match: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.match_report(match, names)

    # ------------------------------------------------------------------ actions and games

    @property
    def game_class(self) -> type[NertzGame]:
        return NertzGame

    def deal_game(self, variant: Variant | str, seed: int | random.Random | None = None, *,
                  names: Sequence[str] | None = None) -> NertzGame:
        return deal_nertz(variant, seed, names=names)

    def parse_action(self, text: str) -> NertzAction:
        from .actions import parse_nertz_action

        return parse_nertz_action(text)

    def encode(self, action: Any, t: float | int | None = None) -> tuple[Any, ...]:
        from .actions import encode

        return (*encode(action), t)

    def decode(self, event: tuple[Any, ...]) -> tuple[Any, float | int | None]:
        from .actions import decode

        return decode(event)

    # ------------------------------------------------------------------ pictures and words (show, cli)

    def scene(self, game: Any, *, viewer: int | None = None, highlight: Any = None,
              mark: Mark | None = None) -> Scene:
        return picture.scene(game, viewer=viewer, highlight=highlight, mark=mark)

    def logged_game(self, log: Log, deal: int, upto: int, verdict: Verdict) -> Any | None:
        return picture.logged_game(log, deal, upto, verdict)

    def result_words(self, deal: DealVerdict, names: Sequence[str]) -> str:
        return scoring.result_words(deal, names)

    def nowhere_words(self, card: Card, viewer: str | None) -> str:
        return picture.nowhere_words(card, viewer)

    def rules_in_words(self, variant: Variant) -> list[tuple[str, str]]:
        return words.rules_in_words(variant)

    def dealt(self, variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
        return words.dealt(variant, seed, players)

    # ------------------------------------------------------------------ simulation (sim)

    def plot_panels(self) -> list[Panel]:
        return [("bars", "hands per game", "hands", "games", lambda r: [r.rounds]),
                ("steps", "events per game", "events", "games", lambda r: [r.events])]

    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        from .table import NertzTable

        return NertzTable(variant, rng, names, max_rounds=max_rounds)

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        from .table import menu_of

        return menu_of(view, actions)


NERTZ_FAMILY = register_family(NertzFamily())
