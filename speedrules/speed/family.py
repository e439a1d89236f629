"""Speed as a registered family (:mod:`speedrules.family`): the hooks the generic code asks,
each answered by the Speed modules that own the rule.

>>> from speedrules.family import family_of
>>> family_of("speed") is SPEED
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import JOKER_CODE
from ..core.features import CARD_CODES, card_counts
from ..family import Family, Kernel, Match, Panel, register_family
from ..logs.log import log_form
from ..table import Menu, Table
from . import coding, dealing, picture, scoring, variants, words
from .coding import CALL, DRAW, EVENT_TYPES, PICKUP, PLAY
from .kernel import DRAW_OPTION
from .kernel import Kernel as SpeedKernel
from .layout import CompiledDeal
from .seat import menu_of
from .table import SpeedTable
from .wire import WireDeal

_SINGLES = JOKER_CODE + 13
"""The single-card plays of the action encoding, per pile: each card, then a joker as each rank."""
_OTHERS = 1
"""The indices before the single-card plays: the wait."""

if TYPE_CHECKING:
    import random

    from ..core.cards import Card
    from ..core.errors import Violation
    from ..core.scene import Mark, Scene
    from ..core.variant import Variant
    from ..core.words import Dealt
    from ..judge.verdicts import DealVerdict, Verdict
    from ..logs.log import Log
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
        return CompiledDeal(*coded), pairs

    def log_schema(self) -> dict[str, Any]:
        return log_form("deal")

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        return coding.canonical_deal(deal)

    def event_json(self, event: tuple[Any, ...]) -> dict[str, Any]:
        return coding.event_json(*event)

    # ------------------------------------------------------------------ deals and judging (judge)

    def layout_problem(self, variant: Variant, deal: Any, carried: Any) -> Violation | None:
        return dealing.layout_problem(variant, deal.hands, deal.draw, deal.starters, deal.reserves)

    def kernel(self, variant: Variant, deal: Any, names: tuple[str, ...]) -> Kernel:
        return SpeedKernel(variant, deal.hands, deal.draw, deal.starters, deal.reserves, names=names)

    def match(self, variant: Variant, names: tuple[str, ...]) -> Match:
        return scoring.SpeedMatch(variant, names)

    def deal_report(self, number: int, deal: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.deal_report(number, deal, names)

    def match_report(self, match: Any, names: tuple[str, ...]) -> list[str]:
        return scoring.match_report(match, names)

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

    def scene(self, game: Any, *, viewer: int | None = None, highlight: Any = None,
              mark: Mark | None = None) -> Scene:
        return picture.scene(game, viewer=viewer, highlight=highlight, mark=mark)

    def verdict_scene(self, table: Any, names: Sequence[str], title: str, mark: Mark | None = None) -> Scene | None:
        return picture.verdict_scene(table, names, title, mark)

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

    counted = (("plays", "play"), ("draws", "draw"), ("flips", "flip"), ("rebuilds", "rebuild"), ("calls", "call"),
               ("pickups", "pickup"), ("collisions", "collisions"), ("bounced", "bounced"))
    counted_if_any = frozenset(("calls", "pickups"))  # a call or a pickup only where the variant has calls

    def plot_panels(self) -> list[Panel]:
        return [("steps", "events per deal", "events", "deals", lambda r: [r.events]),
                ("bars", "flips per deal", "flips", "deals", lambda r: [r.flips]),
                ("bars", "rebuilds per deal", "rebuilds", "deals", lambda r: [r.rebuilds]),
                ("bars", "cards left by the loser (deals with a winner)", "cards", "deals",
                 lambda r: [] if r.loser_cards is None else [r.loser_cards])]

    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        return SpeedTable(variant, rng, names, log=log)

    # reinforcement learning (rl): a stable action encoding (one index, one option, whatever the table)

    def rl_actions(self, variant: Variant) -> int:
        return _OTHERS + (_SINGLES + 1) * variant.piles + 2 + self.rl_slots

    def rl_indices(self, variant: Variant, options: Sequence[Any]) -> list[int]:
        """A single card onto pile ``p``: ``1 + code * piles + p`` (a joker: as code ``52 + r - 1``,
        ``r`` its declared rank); the draw, the call, then a pickup of pile ``p``; any other play
        (a run) a slot after those: the runs sorted, as the default does."""
        k = variant.piles
        draw = _draw(k)
        out: list[int] = []
        rest: list[int] = []
        for i, (kind, pile, codes, declared) in enumerate(options):
            if kind == PLAY and len(codes) == 1 and (codes[0] < JOKER_CODE) == (not declared):
                slot = codes[0] if not declared else JOKER_CODE + declared[0] - 1
                if 0 <= slot < _SINGLES:
                    out.append(_single(k, slot, pile))
                    continue
            if kind in (DRAW, CALL, PICKUP):
                out.append(draw + (0 if kind == DRAW else 1 if kind == CALL else 2 + pile))
                continue
            out.append(0)
            rest.append(i)
        if rest:
            first = draw + 2 + k
            for rank, i in enumerate(sorted(rest, key=options.__getitem__)):
                out[i] = first + rank
            if len(rest) > self.rl_slots:
                raise ValueError(f"a seat of {variant.name} has {len(rest)} runs at once, more than the "
                                 f"{self.rl_slots} slots of its action encoding (Family.rl_slots)")
        return out

    def rl_options(self, variant: Variant, table: Table, seat: int) -> dict[int, Any]:
        """On a plain table (:meth:`~speedrules.speed.table.SpeedTable.plain_now`) the seat's
        entry of :meth:`rl_all_options`."""
        if not isinstance(table, SpeedTable) or not table.plain_now():
            return self._rl_indexed(variant, table.menu(seat))
        return _plain_options(table.kernel, variant.piles)[seat]

    def rl_all_options(self, variant: Variant, table: Table) -> list[dict[int, Any]]:
        """On a plain table the indices of :meth:`rl_indices` straight from the kernel's
        single-card plays of every seat and each seat's draw (:func:`_plain_options`)."""
        if not isinstance(table, SpeedTable) or not table.plain_now():
            return super().rl_all_options(variant, table)
        return _plain_options(table.kernel, variant.piles)

    # reinforcement learning (rl): the seat's view in numbers, read off the kernel (5x the scene's speed)

    def rl_observation_size(self, variant: Variant, whole: bool = False) -> int:
        return CARD_CODES * (variant.players if whole else 1) + 2 * variant.players + 4 * variant.piles + 3

    def rl_observation(self, variant: Variant, table: Table, viewer: int | None) -> list[int]:
        """The viewer's hand (its count of each card code; ``None``: every hand in seat order),
        then from the viewer round the table each seat's hand size, then each seat's draw stack
        size, then each pile's top (code + 1, 0: none seen), its effective rank (a joker's
        declared one; 0 empty, 14 wild), its size, each reserve's size, and the viewer's draws
        owed, call due and pickup owed (1 or 0): a row of :meth:`rl_observations` (``None``:
        every row's hand, then the rest of seat 0's)."""
        rows = self.rl_observations(variant, table)
        if viewer is not None:
            return list(rows[viewer])
        return [n for row in rows for n in row[:CARD_CODES]] + list(rows[0][CARD_CODES:])

    def rl_observations(self, variant: Variant, table: Table) -> list[bytearray]:
        """Every seat's observation (:meth:`rl_observation`) as a ``bytearray``: a deck holds at
        most 108 cards, so every number fits a byte."""
        game: Game = self.table_game(table)  # type: ignore[assignment]
        k = game.kernel
        hands, draws = list(map(len, k.hands)), list(map(len, k.draws))
        n = len(hands)
        # each seat's view of the sizes starts at its own: the sizes twice over, a slice each
        sizes, stacks, centre = bytes(hands + hands), bytes(draws + draws), bytes(_centre(game))
        debt, out_seat, owed = k.debt, k.out_seat, k.pickup_owed
        rows = []
        for seat, hand in enumerate(k.hands):
            row = card_counts(hand)
            row += sizes[seat:seat + n]
            row += stacks[seat:seat + n]
            row += centre
            row += bytes((debt[seat], out_seat == seat, seat in owed))
            rows.append(row)
        return rows

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        return menu_of(view, actions)


def _single(piles: int, slot: int, pile: int) -> int:
    """The action index of a single card onto ``pile`` (``slot``: its code, a joker's
    ``52 + r - 1`` for its declared rank ``r``), of a variant of ``piles`` centre piles."""
    return _OTHERS + slot * piles + pile


def _draw(piles: int) -> int:
    """The action index of the draw (the call, then each pile's pickup, follow it)."""
    return _OTHERS + _SINGLES * piles


def _plain_options(k: SpeedKernel, piles: int) -> list[dict[int, Any]]:
    """Every seat's options on a plain table by action index: its single-card plays
    (:meth:`~speedrules.speed.kernel.Kernel.single_plays`, each one of :func:`_single_options`)
    and its draw when the refill rule allows it."""
    singles, draw, draw_rule = _single_options(piles), _draw(piles), k.draw_rule
    menus = []
    for seat, plays in enumerate(k.single_plays()):
        out = {}
        for play in plays:
            index = _OTHERS + play  # (:func:`_single` of the play's card and pile)
            out[index] = singles[index]
        if draw_rule(seat) is None:
            out[draw] = DRAW_OPTION
        menus.append(out)
    return menus


def _single_options(piles: int) -> list[Any]:
    """Every play of a single card (no joker) by its action index (:func:`_single`), for a
    variant of ``piles`` centre piles: made once for each, the options shared (never changed)."""
    options = _SINGLE_OPTIONS.get(piles)
    if options is None:
        options = _SINGLE_OPTIONS[piles] = [None] * _draw(piles)
        for code in range(JOKER_CODE):
            for pile in range(piles):
                options[_single(piles, code, pile)] = (PLAY, pile, (code,), ())
    return options


_SINGLE_OPTIONS: dict[int, list[Any]] = {}


def _centre(game: Game) -> list[int]:
    """The observation's centre, the same for every seat: each pile's top seen (code + 1), its
    effective rank, its size, then each reserve's size (read off the kernel's integer state)."""
    k = game.kernel
    revealed = k.revealed
    out = [p[-1] + 1 if p and revealed else 0 for p in k.piles]
    out += game.top_ranks
    out += map(len, k.piles)
    out += map(len, k.reserves)
    return out


SPEED = register_family(SpeedFamily())
