"""speedrules: the rules of the real-time card game Speed, in every documented variant.

>>> import speedrules
>>> variant = speedrules.load_variant("speed")
>>> game = speedrules.deal(variant, seed=1)
>>> game.reveal()
>>> game.is_legal(game.legal_actions()[0])
True
"""

from .core.cards import JOKER, Card, parse_cards, parse_rank
from .core.errors import (
    CardError,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    PositionError,
    SpeedrulesError,
    SpitPositionError,
    VariantError,
    Violation,
)
from .core.loading import FileScope, as_variant, load_variant, variant_from_document, variant_names
from .core.rules import RULES, Rule
from .core.variant import EMPTY, WILD, Collisions, JokerDeclare, RankOrder, Refill, Scoring, Source, Ties, Variant
from .core.variant import Rebuild as RebuildRule
from .family import Family, families, family_names, family_of, register_family
from .game import BaseGame, log_from_games
from .judge.referee import DealVerdict, LoggedViolation, MatchResult, Verdict, referee
from .logs.log import (
    LOG_FORMAT,
    Log,
    LogError,
    iter_log_lines,
    parse_log,
    read_log,
    write_log,
)
from .nertz.actions import OwnedCard, parse_nertz_action
from .nertz.game import NertzGame, NertzOutcome, NertzPositionError, deal_nertz
from .show import svg as svg  # the pictures, as python-chess has chess.svg: speedrules.svg.table(game)
from .sim.bots import Bot, BotError, GreedyBot, RandomBot, Reaction, bot_names, make_bots
from .sim.simulation import simulate
from .sim.stats import SimResult, SimulationError, Summary, summarize
from .speed.actions import (
    Action,
    Call,
    Draw,
    Flip,
    Pickup,
    Play,
    Rebuild,
    Reveal,
    Stuck,
    parse_action,
)
from .speed.game import Collision, Game, LegalActions, Outcome, action_from_json, check_layout, deal, deal_layout
from .speed.kernel import Kernel
from .speed.layout import Layout
from .speed.position import Position
from .speed.seat import SeatView
from .spit.actions import Choose, GapMove, Jam, Pairing, Slap, Spit, SpitAction, StockPlay, parse_spit_action
from .spit.game import SpitGame, SpitLayout, SpitOutcome, deal_spit
from .spit.kernel import SpitKernel

__version__ = "0.1.0"


def fits(variant: Variant | str, top: Card | str | None, card: Card | str, *, top_rank: int | None = None,
         declared: int | None = None) -> bool:
    """Whether ``card`` may go on a pile topped by ``top`` under ``variant`` (see :meth:`Variant.fits`).

    >>> fits(load_variant("speed"), Card.parse("KS"), Card.parse("AD"))
    True
    """
    top_card = None if top is None else top if isinstance(top, Card) else Card.parse(top)
    played = card if isinstance(card, Card) else Card.parse(card)
    return as_variant(variant).fits(top_card, played, top_rank=top_rank, declared=declared)


__all__ = [
    "EMPTY",
    "JOKER",
    "LOG_FORMAT",
    "RULES",
    "WILD",
    "Action",
    "BaseGame",
    "Bot",
    "BotError",
    "Call",
    "Card",
    "CardError",
    "Choose",
    "Collision",
    "Collisions",
    "DealVerdict",
    "Draw",
    "Family",
    "FileScope",
    "Flip",
    "Game",
    "GapMove",
    "GreedyBot",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "Jam",
    "JokerDeclare",
    "Kernel",
    "Layout",
    "LegalActions",
    "Log",
    "LogError",
    "LoggedViolation",
    "MatchResult",
    "NertzGame",
    "NertzOutcome",
    "NertzPositionError",
    "Outcome",
    "OwnedCard",
    "Pairing",
    "Pickup",
    "Play",
    "Position",
    "PositionError",
    "RandomBot",
    "RankOrder",
    "Reaction",
    "Rebuild",
    "RebuildRule",
    "Refill",
    "Reveal",
    "Rule",
    "Scoring",
    "SeatView",
    "SimResult",
    "SimulationError",
    "Slap",
    "Source",
    "SpeedrulesError",
    "Spit",
    "SpitAction",
    "SpitGame",
    "SpitKernel",
    "SpitLayout",
    "SpitOutcome",
    "SpitPositionError",
    "StockPlay",
    "Stuck",
    "Summary",
    "Ties",
    "Variant",
    "VariantError",
    "Verdict",
    "Violation",
    "action_from_json",
    "bot_names",
    "check_layout",
    "deal",
    "deal_layout",
    "deal_nertz",
    "deal_spit",
    "families",
    "family_names",
    "family_of",
    "fits",
    "iter_log_lines",
    "load_variant",
    "log_from_games",
    "make_bots",
    "parse_action",
    "parse_cards",
    "parse_log",
    "parse_nertz_action",
    "parse_rank",
    "parse_spit_action",
    "read_log",
    "referee",
    "register_family",
    "simulate",
    "summarize",
    "variant_from_document",
    "variant_names",
    "write_log",
]
