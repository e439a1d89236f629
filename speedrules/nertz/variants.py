"""Nertz's part of a variant file: its ``nertz`` section (every point where the sources
disagree, docs/research/nertz.md), its defaults, its schema, and what the schema cannot check
(2 to 8 players, each with one pack and no jokers; a Nertz pile and work piles that leave a
stock).  :class:`~speedrules.nertz.family.NertzFamily` answers the loader's hooks with these.

>>> from speedrules import load_variant
>>> rules = load_variant("nertz").rules
>>> rules.nertz_size, rules.stock_turn, rules.penalty, rules.target
(13, 3, 2, 100)
>>> variant_problems({"players": 9, "deck": {"packs": 1, "jokers": 0}, "nertz": NERTZ_DEFAULTS}, "x")
[('x: players', 'Nertz is for 2 to 8 players (Wikipedia: ideally 2-8)')]
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from ..core.variant import Collisions

MIN_PLAYERS, MAX_PLAYERS = 2, 8
"""The seats a Nertz variant may have (docs/research/nertz.md, open question 9)."""


class EmptyFill(enum.StrEnum):
    """What may start an empty work pile."""

    ANY = "any"
    """Any available card or sequence: the Nertz top, the waste top, cards of another work pile (DKM, Pagat)."""
    NERTZ_OR_WASTE = "nertz-or-waste"
    """The Nertz top or the waste top (The Guardian)."""
    NERTZ = "nertz"
    """The Nertz top only (Traditional Game Rules, Demon Playing Cards)."""


class Foundations(enum.StrEnum):
    """How many foundations of one suit may be open at once."""

    PER_ACE = "per-ace"
    """Every ace starts its own foundation (Pagat, DKM: "with four players, there will be 16")."""
    PER_SUIT = "per-suit"
    """An ace starts one only when no unfinished foundation of its suit is out (Official Game Rules?)."""


class CallRule(enum.StrEnum):
    """How a hand ends when a Nertz pile empties."""

    AUTO = "auto"
    """At once: the last Nertz card leaving the pile ends the hand (Wikipedia, Gamerules, NNA)."""
    OPTIONAL = "optional"
    """The player may play on and ends the hand with a ``call`` (Pagat "may call")."""


NERTZ_DEFAULTS: dict[str, Any] = {
    "nertz_size": 13, "work_piles": 4, "stock_turn": 3, "empty_fill": "any", "move_runs": True,
    "foundations": "per-ace", "call": "auto", "penalty": 2, "caller_bonus": 0, "king_bonus": 0,
    "stuck_rotations": 1, "target": 100, "collisions": "first-lands",
}
"""The defaults of a Nertz variant's ``nertz`` mapping: the most common reading of each point
(docs/research/nertz.md, "Where the sources disagree")."""


@attrs.frozen(slots=True, kw_only=True)
class NertzRules:
    """The rules only Nertz has (a Nertz variant's ``rules``; docs/variant-format.md)."""

    nertz_size: int = 13
    work_piles: int = 4
    stock_turn: int = 3
    empty_fill: EmptyFill = EmptyFill.ANY
    move_runs: bool = True
    foundations: Foundations = Foundations.PER_ACE
    call: CallRule = CallRule.AUTO
    penalty: int = 2
    caller_bonus: int = 0
    king_bonus: int = 0
    stuck_rotations: int = 1
    target: int = 100
    collisions: Collisions = Collisions.FIRST_LANDS
    """Two cards meeting on one foundation at the same ``t``: the package's collision policies
    (:class:`~speedrules.core.variant.Collisions`, as Speed's ``collisions``)."""

    @property
    def stock_size(self) -> int:
        """The cards of a player's stock when the hand is dealt."""
        return 52 - self.nertz_size - self.work_piles


def _integer(low: int, high: int, description: str) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high, "description": description}


def rules_defaults() -> dict[str, Any]:
    """Nertz's own field of a variant file, with its defaults: the ``nertz`` section."""
    return {"nertz": NERTZ_DEFAULTS}


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of the ``nertz`` section."""
    properties = {
        "nertz_size": _integer(1, 47, "Cards in each Nertz pile, the top one face up (13; 12 or 10 in some rules)."),
        "work_piles": _integer(1, 8, "Work piles per player, one face-up card each at the deal (4)."),
        "stock_turn": _integer(1, 3, "Stock cards turned onto the waste at a time (3; 1 in some rules)."),
        "empty_fill": {"enum": [e.value for e in EmptyFill],
                       "description": "What may start an empty work pile: any, nertz-or-waste, nertz."},
        "move_runs": {"type": "boolean", "description": "Whether a sequence moves between work piles (else one card)."},
        "foundations": {"enum": [f.value for f in Foundations],
                        "description": "per-ace: every ace starts a foundation; per-suit: one open pile a suit."},
        "call": {"enum": [c.value for c in CallRule],
                 "description": "auto: an emptied Nertz pile ends the hand; optional: its owner calls."},
        "penalty": _integer(0, 10, "Points lost for each card left in a Nertz pile (2; 1 in some rules)."),
        "caller_bonus": _integer(0, 100, "Points for the player who ends the hand by calling (0; 10 in some)."),
        "king_bonus": _integer(0, 100, "Points for each king of a player's deck on a foundation (0; 5 in some)."),
        "stuck_rotations": _integer(0, 100, "Stuck responses allowed with no progress between (1)."),
        "target": _integer(1, 100_000, "The total that ends the game (100)."),
        "collisions": {"enum": [c.value for c in Collisions],
                       "description": "Two cards reaching one foundation at the same t (as Speed's collisions)."},
    }
    return {"nertz": {"type": "object", "additionalProperties": False, "properties": properties,
                      "description": "Nertz's own rules (family: nertz only). See docs/variant-format.md."}}


def nertz_rules(document: dict[str, Any]) -> NertzRules:
    """The ``nertz`` section of a merged variant document (its defaults applied), frozen."""
    r = {**NERTZ_DEFAULTS, **document.get("nertz", {})}
    return NertzRules(nertz_size=r["nertz_size"], work_piles=r["work_piles"], stock_turn=r["stock_turn"],
                      empty_fill=EmptyFill(r["empty_fill"]), move_runs=r["move_runs"],
                      foundations=Foundations(r["foundations"]), call=CallRule(r["call"]), penalty=r["penalty"],
                      caller_bonus=r["caller_bonus"], king_bonus=r["king_bonus"],
                      stuck_rotations=r["stuck_rotations"], target=r["target"], collisions=Collisions(r["collisions"]))


def variant_problems(document: dict[str, Any], name: str) -> list[tuple[str, str]]:
    """Two to eight players, one pack a player with no jokers, and a deal that leaves a stock."""
    errors = []
    if not MIN_PLAYERS <= document.get("players", 2) <= MAX_PLAYERS:
        errors.append((f"{name}: players", "Nertz is for 2 to 8 players (Wikipedia: ideally 2-8)"))
    deck = document.get("deck", {})
    if deck.get("packs", 1) != 1 or deck.get("jokers", 0) != 0:
        errors.append((f"{name}: deck", "Nertz deals each player their own 52-card pack with no jokers "
                                        "(deck: packs 1, jokers 0)"))
    section = {**NERTZ_DEFAULTS, **document.get("nertz", {})}
    if section["nertz_size"] + section["work_piles"] >= 52:
        errors.append((f"{name}: nertz", "the Nertz pile and the work piles leave no stock from a 52-card pack"))
    return errors
