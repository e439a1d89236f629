"""California Speed's part of a variant file: its ``california`` section (the row length, the
"doubles" move, whether a started match must be completed) and the top-level ``collisions``
policy it shares with Speed, their defaults, and what the schema cannot check (one or two packs
without jokers, every player holding more cards than a row).  The sources are those of
docs/research/california-speed.md.

>>> from speedrules import load_variant
>>> load_variant("california-speed-doubles").rules
CaliforniaRules(row=4, doubles=True, complete_groups=True)
>>> variant_problems({"players": 4, "deck": {"packs": 1, "jokers": 0}, "california": {"row": 13}}, "x")
[('x: california.row', 'each of 4 players holds 13 cards: a row of 13 must leave a card in the pile')]
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core.loading import variant_schema

CALIFORNIA_DEFAULTS: dict[str, Any] = {"row": 4, "doubles": False, "complete_groups": True}
"""The defaults of the ``california`` section: PAGAT's main rules (rows of four, no doubles,
every card of a match covered)."""

SECTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "description": "California Speed's own rules (docs/rules.md, California Speed).",
    "properties": {
        "row": {"type": "integer", "minimum": 1, "maximum": 8,
                "description": "cards each player lays in a row (PAGAT: 4; WIKI-NEW: 5)"},
        "doubles": {"type": "boolean",
                    "description": "a stack whose top two cards have one rank may be covered again"},
        "complete_groups": {"type": "boolean",
                            "description": "a card that was in a match stays coverable until it is covered"},
    },
}


@attrs.frozen
class CaliforniaRules:
    """A California Speed variant's own rules (its ``california`` section), frozen."""

    row: int
    """Cards each player lays face up in front of them (PAGAT: four)."""
    doubles: bool
    """Whether the top of a stack whose top two cards share a rank may be covered (PAGAT's David
    Rutter variation, WIKI-OLD, WIKI-NEW, GOURD)."""
    complete_groups: bool
    """Whether a card that was in a visible match stays coverable ("owed") until it is covered
    (PAGAT "on top of both or all matching cards"), or only while a partner shows."""


def rules_defaults() -> dict[str, Any]:
    """California Speed's own fields: its ``california`` section, and the ``collisions`` policy
    it shares with Speed (two covers of one card at the same ``t``).  Speed's ``match`` is not
    one: no source scores California Speed, so every deal is a game of its own."""
    return {"california": CALIFORNIA_DEFAULTS, "collisions": "first-lands"}


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of each own field: the ``california`` section's, and Speed's published
    schema of ``collisions`` (one policy field, one schema)."""
    return {"california": SECTION_SCHEMA, "collisions": variant_schema()["properties"]["collisions"]}


def california_rules(document: dict[str, Any]) -> CaliforniaRules:
    """The ``california`` section of a merged variant document, frozen."""
    section = document["california"]
    return CaliforniaRules(row=section["row"], doubles=section["doubles"], complete_groups=section["complete_groups"])


def variant_problems(document: dict[str, Any], name: str) -> list[tuple[str, str]]:
    """A deck of one or two packs without jokers (PAGAT "a standard 52-card pack"; David Rutter's
    version "a double pack"), and piles that hold more cards than a row, so that a lay never
    empties a pile (docs/rules.md, "California Speed: a pile too short")."""
    errors = []
    deck = document.get("deck", {})
    packs, players = deck.get("packs", 1), document.get("players", 2)
    if deck.get("jokers", 0) != 0:
        errors.append((f"{name}: deck.jokers", "California Speed is played without jokers (PAGAT: a standard pack)"))
    row = document.get("california", {}).get("row", CALIFORNIA_DEFAULTS["row"])
    each = 52 * packs // players
    if each <= row:
        errors.append((f"{name}: california.row",
                       f"each of {players} players holds {each} cards: a row of {row} must leave a card in the pile"))
    return errors
