"""Spit as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Spit modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("spit") is SPIT
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..family import Family, Kernel, Match, Panel, register_family
from ..logs.log import log_form
from ..table import Menu, Table
from . import picture, reader, scoring, variants, wire, words
from .game import check_spit_layout
from .kernel import KIND_NAMES, SpitKernel
from .stats import summarize_spit
from .table import SpitTable, menu_of

if TYPE_CHECKING:
    import random

    from ..core.cards import Card
    from ..core.errors import Violation
    from ..core.scene import Mark, Scene
    from ..core.variant import Variant
    from ..core.words import Dealt
    from ..judge.verdicts import DealVerdict, Verdict
    from ..logs.log import Log
    from .actions import SpitAction
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

    dealer = "speedrules.deal_spit (a SpitGame)"

    def rules_defaults(self) -> dict[str, Any]:
        return variants.rules_defaults()

    def rules_schema(self) -> dict[str, Any]:
        return variants.rules_schema()

    def rules(self, document: dict[str, Any]) -> Any:
        return variants.spit_rules(document)

    def variant_problems(self, document: dict[str, Any], name: str) -> list[tuple[str, str]]:
        return variants.variant_problems(document, name)

    # ------------------------------------------------------------------ the log (logs)

    event_names = KIND_NAMES
    wire_deal = wire.SpitWireRound

    def code_deal(self, deal: Any) -> tuple[Any, int]:
        return reader.code_round(deal)

    def log_schema(self) -> dict[str, Any]:
        return log_form("spit_deal")

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        return reader.canonical_round(deal)

    def event_json(self, event: tuple[Any, ...]) -> dict[str, Any]:
        return wire.event_json(event)

    # ------------------------------------------------------------------ deals and judging (judge)

    def layout_problem(self, variant: Variant, deal: Any, carried: Any) -> Violation | None:
        holdings, first = carried
        return check_spit_layout(variant, deal.codes, holdings, first=first)

    def kernel(self, variant: Variant, deal: Any, names: tuple[str, ...]) -> Kernel:
        return SpitKernel(variant, deal.stock, deal.spit, names=names)

    def match(self, variant: Variant, names: tuple[str, ...]) -> Match:
        return scoring.SpitMatch(variant, names)

    def deal_report(self, number: int, deal: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.deal_report(number, deal, names)

    def match_report(self, match: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.match_report(match, names)

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
        from .actions import parse_spit_action

        return parse_spit_action(text)

    def encode(self, action: Any, t: float | int | None = None) -> tuple[Any, ...]:
        from .game import encode

        return (*encode(action), t)

    def decode(self, event: tuple[Any, ...]) -> tuple[Any, float | int | None]:
        from .game import decode

        return decode(event)

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
        return words.rules_in_words(variant)

    def dealt(self, variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
        return words.dealt(variant, seed, players)

    # ------------------------------------------------------------------ simulation (sim)

    plot_title = "simulated games of Spit: {names} ({counts} games)"

    def plot_panels(self) -> list[Panel]:
        return [("bars", "rounds per game", "rounds", "games", lambda r: [r.rounds]),
                ("steps", "events per round", "events", "rounds", lambda r: r.spit.round_events if r.spit else ()),
                ("bars", "spits per round", "spits", "rounds", lambda r: r.spit.round_spits if r.spit else ()),
                ("steps", "events per game", "events", "games", lambda r: [r.events])]

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

    # reinforcement learning (rl): the seat's view in numbers, read off the kernel (the scene hides the other
    # row's face-up tops, which a seat sees at the table, and costs 5x more)

    def rl_observation_size(self, variant: Variant, whole: bool = False) -> int:
        return 2 * (1 + 2 * len(variant.rules.row)) + 2 * 2 + 1

    def rl_observation(self, variant: Variant, table: Table, viewer: int | None) -> list[int]:
        """From the viewer round the table (``None``: from player 0; nothing is hidden but the
        spit piles' order), each player's spit pile size, then each of its stock piles' size
        and face-up top (code + 1, 0: a gap); each centre pile's size and top; 1 once the
        round is over (the claims), else 0."""
        return self.rl_observations(variant, table)[viewer or 0]

    def rl_observations(self, variant: Variant, table: Table) -> list[list[int]]:
        assert isinstance(table, SpitTable)
        k = table.kernel
        width = len(variant.rules.row)
        sides: list[list[int]] = []
        for p in (0, 1):
            side = [len(k.spits[p])]
            row = k.rows[p]
            for i in range(width):
                pile = row[i] if i < len(row) else ()
                side += (len(pile), pile[-1] + 1 if pile else 0)
            sides.append(side)
        rest: list[int] = []
        for pile in k.centre:
            rest += (len(pile), pile[-1] + 1 if pile else 0)
        rest.append(int(k.is_over()))
        return [sides[0] + sides[1] + rest, sides[1] + sides[0] + rest]

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        return menu_of(view, actions)


SPIT = register_family(SpitFamily())
