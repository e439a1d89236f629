"""Speed's part of a variant file: its own fields (the deal, the hand, runs, jokers, rebuilds,
collisions, ties, the call, the match), their defaults, and what the schema cannot check (the
deal adds up to the deck, a hand within the limit, a match with a target, wild jokers).
:class:`~speedrules.speed.family.SpeedFamily` answers the loader's hooks with these.

>>> variant_problems({"players": 2, "deck": {"packs": 1, "jokers": 0}, "deal": {"hand": 5, "draw": 20, "piles": 2,
...                   "reserves": 5}, "hand": {"limit": 5}, "match": {"scoring": "single", "target": None},
...                   "jokers": {"wild": False}}, "x")[0][0]
'x: deal'
"""

from __future__ import annotations

import os
from typing import Any

from ..core.loading import DEFAULTS, as_variant, variant_schema
from ..core.variant import Variant

SPEED_FIELDS = ("deal", "hand", "runs", "jokers", "rebuild", "collisions", "ties", "announce", "match")
"""The fields of a variant file only a variant of the Speed family has."""


def rules_defaults() -> dict[str, Any]:
    """Speed's own fields of a variant file, with their defaults (plain Speed)."""
    return {key: DEFAULTS[key] for key in SPEED_FIELDS}


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of each of Speed's own fields: ``schemas/variant.schema.json``'s."""
    properties = variant_schema()["properties"]
    return {key: properties[key] for key in SPEED_FIELDS}


def as_speed_variant(value: Variant | str | os.PathLike[str]) -> Variant:
    """:func:`~speedrules.core.loading.as_variant` for the functions of the Speed family (dealing,
    ``Game``, bots): a variant of another family is an
    :class:`~speedrules.core.errors.InvalidArgumentError` that says so."""
    return as_variant(value, family="speed")


def variant_problems(doc: dict[str, Any], name: str) -> list[tuple[str, str]]:
    """What the schema cannot check in a Speed variant; ``doc`` has its defaults applied."""
    errors: list[tuple[str, str]] = []
    deck, deal, hand, jokers = doc["deck"], doc["deal"], doc["hand"], doc["jokers"]
    deck_size = 52 * deck["packs"] + deck["jokers"]
    piles = deal["piles"]
    reserves = deal["reserves"]
    reserve_list = [reserves] * piles if isinstance(reserves, int) else list(reserves)
    if len(reserve_list) != piles:
        errors.append((f"{name}: deal.reserves",
                       f"lists {len(reserve_list)} reserves for {piles} centre piles; there is one reserve per pile"))
    errors += _deal_problems(doc, name, deck_size, piles + sum(reserve_list))
    if deal["hand"] > hand["limit"]:
        errors.append((f"{name}: deal.hand", f"a hand of {deal['hand']} is over the hand limit of {hand['limit']}"))
    match = doc["match"]
    if match["scoring"] != "single" and match["target"] is None:
        errors.append((f"{name}: match.target",
                       f"match.scoring {match['scoring']!r} needs a target: the points that win the match"))
    if deck["jokers"] > 0 and not jokers["wild"]:
        errors.append((f"{name}: deck.jokers",
                       f"{deck['jokers']} jokers in the deck need jokers.wild: true (a joker that is not wild "
                       "could never be played)"))
    return errors


def _deal_problems(doc: dict[str, Any], name: str, deck_size: int, centre: int) -> list[tuple[str, str]]:
    """Whether the deal adds up to the deck: the hands, the draw stacks and the centre."""
    players, deal, deck = doc["players"], doc["deal"], doc["deck"]
    dealt_hands = players * deal["hand"]
    if deal["draw"] == "rest":
        rest = deck_size - centre - dealt_hands
        if rest < 0:
            return [(f"{name}: deal", f"needs {centre + dealt_hands} cards before the draw stacks, "
                                      f"but the deck has {deck_size}")]
        if deal["hand"] == 0 and rest < players:
            return [(f"{name}: deal", "leaves some player with no cards at all")]
        return []
    used = players * (deal["hand"] + deal["draw"]) + centre
    if used != deck_size:
        reserves = centre - deal["piles"]
        return [(f"{name}: deal",
                 f"{players} x ({deal['hand']} + {deal['draw']}) + {deal['piles']} starters + "
                 f"{reserves} in reserves = {used} cards, but the deck has {deck_size} "
                 f"({deck['packs']} x 52 + {deck['jokers']} jokers)" + _rest_hint(
                     deck_size - centre - dealt_hands, players))]
    if deal["hand"] + deal["draw"] == 0:
        return [(f"{name}: deal", "leaves every player with no cards at all")]
    return []


def _rest_hint(rest: int, players: int) -> str:
    """A hint for a fixed draw size that does not add up: ``draw: rest`` shares what is left."""
    if rest < players:
        return ""
    share = f"{rest // players} each" if rest % players == 0 else f"{rest // players} or {rest // players + 1} each"
    return f"; to deal the draw stacks from what is left ({share}), write deal: {{draw: rest}}"
