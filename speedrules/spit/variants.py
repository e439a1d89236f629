"""Spit's part of a variant file: its ``spit`` section (the row, pairing, the readings of "stuck"
and of a jam, how piles are claimed, a fixed number of rounds), its defaults, and what the
schema cannot check (two players, one deck without jokers, a row that leaves a spit pile; seed
002).  :class:`~speedrules.spit.family.SpitFamily` answers the loader's hooks with these.

>>> from speedrules import load_variant
>>> load_variant("spit-pairing").rules.pairing
True
>>> variant_problems({"players": 2, "deck": {"packs": 1, "jokers": 0}, "spit": {"row": [5, 5, 5, 5, 6]}}, "x")
[('x: spit.row', 'a row of 5 + 5 + 5 + 5 + 6 = 26 cards leaves no spit pile from the 26 cards each player is dealt')]
"""

from __future__ import annotations

from typing import Any

from ..core.loading import variant_schema
from ..core.variant import Claim, Jam, RoundsWinner, SpitRules, Stuck

SPIT_DEFAULTS: dict[str, Any] = {
    "row": [1, 2, 3, 4, 5], "pairing": False, "stuck": "strict", "jam": "strict", "claim": "slap", "rounds": None,
    "winner": "fewer-cards",
}
"""The defaults of a Spit variant's ``spit`` mapping: plain Spit (seed 002)."""

SPIT_HOLDING = 26
"""The cards each of the two Spit players holds in the first round (002 "deal 26 cards to each")."""


def rules_defaults() -> dict[str, Any]:
    """Spit's own field of a variant file, with its defaults: the ``spit`` section."""
    return {"spit": SPIT_DEFAULTS}


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of the ``spit`` section: ``schemas/variant.schema.json``'s (the published
    contract)."""
    return {"spit": variant_schema()["properties"]["spit"]}


def spit_rules(document: dict[str, Any]) -> SpitRules:
    """The ``spit`` section of a merged variant document (its defaults applied), frozen."""
    rules = document["spit"]
    return SpitRules(row=tuple(rules["row"]), pairing=rules["pairing"], stuck=Stuck(rules["stuck"]),
                     jam=Jam(rules["jam"]), claim=Claim(rules["claim"]), rounds=rules["rounds"],
                     rounds_winner=RoundsWinner(rules["winner"]))


def variant_problems(document: dict[str, Any], name: str) -> list[tuple[str, str]]:
    """Spit's fixed deal (two players, one pack, no jokers; 002 "exactly two players ... jokers
    taken out") and a row that leaves a spit pile, in a merged document."""
    errors = []
    if document.get("players", 2) != 2:
        errors.append((f"{name}: players", "Spit is for exactly two players (seed 002)"))
    deck = document.get("deck", {})
    if deck.get("packs", 1) != 1 or deck.get("jokers", 0) != 0:
        errors.append((f"{name}: deck", "Spit uses one 52-card deck with the jokers taken out (seed 002)"))
    row = document.get("spit", {}).get("row", SPIT_DEFAULTS["row"])
    if sum(row) >= SPIT_HOLDING:
        errors.append((f"{name}: spit.row", f"a row of {' + '.join(map(str, row))} = {sum(row)} cards leaves no "
                                            f"spit pile from the {SPIT_HOLDING} cards each player is dealt"))
    return errors
