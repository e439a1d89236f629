"""Spit in words: a variant's rules as ``speedrules show`` says them, and a round's layout as the
table ``speedrules deal`` prints (the Spit family's words hooks).

>>> from speedrules.core.loading import load_variant
>>> dict(rules_in_words(load_variant("spit")))["Deck"]
'one 52-card pack, no jokers: 26 cards to each player'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card
from ..core.variant import RankOrder, SpitRules, Variant
from ..core.words import Dealt, aligned, and_list, count, deck_words, players_row
from ..logs.log import parse_log
from .game import SpitLayout, deal_spit
from .variants import SPIT_HOLDING

__all__ = ["dealt", "layout_table", "rules_in_words"]

Rows = list[tuple[str, str]]


def _rules(v: Variant) -> SpitRules:
    spit = v.spit
    assert spit is not None  # a variant of the Spit family has its Spit rules
    return spit


def _play_rows(v: Variant) -> Rows:
    """What may be played, and the moves within a row."""
    spit = _rules(v)
    colours = ", alternating red and black" if v.alternate_colours else ", suits ignored"
    wrap = "K-A-2 wraps" if v.rank_order is RankOrder.CYCLIC else "no wrap, ace high"
    moves = "an empty stock pile may take any face-up top card of your row, exposing the card beneath"
    if spit.pairing:
        moves += "; a face-up card may go onto another of the same rank in your row"
    return [("Play", f"only the face-up top of one of your own stock piles, one card at a time, onto either "
                     f"centre pile, one rank up or down ({wrap}{colours})"),
            ("Gaps", moves)]


def _end_rows(v: Variant) -> Rows:
    """When the players are stuck, how a round ends and how the game is won."""
    spit = _rules(v)
    reading = {"strict": "not even after gap moves that would expose a card",
               "lax": "no face-up card fits (a gap move that would help does not count)",
               "turn-up": "not even after gap moves that would expose a card, and with no face-down card left to "
                          "turn up by one"}[spit.stuck.value]
    claim = ("the centre piles go to a slap race: the first hand down takes its pile, the other player the other"
             if spit.claim.value == "slap" else
             "the player who went out chooses a centre pile (after a jam, the one with fewer cards left in the row)")
    jam = ("both stuck with no spit card left" if spit.jam.value == "same-as-stuck" or spit.stuck.value != "lax"
           else "both stuck with no spit card left and no play left even after gap moves")
    if spit.rounds is None:
        winning = ("a player left with no card once a round's piles are claimed (the row cleared, no spit card, a "
                   "single centre pile going to the other) wins the game outright")
    else:
        who = "fewer cards" if spit.rounds_winner.value == "fewer-cards" else "more rounds won"
        winning = f"{spit.rounds} rounds (or an outright win before): {who} wins, equal is a tie"
    return [("Stuck", f"when neither can play ({reading}), both spit again; a player with no spit card left "
                      "does not spit, and the other spits alone onto one pile, the same for the rest of the round"),
            ("Round end", f"a row cleared, or {jam}; {claim}; with one centre pile it goes to the player who did "
                          "not go out"),
            ("Winning", winning)]


def rules_in_words(v: Variant) -> Rows:
    """A Spit variant's rules as ``(heading, text)`` pairs, in plain words."""
    row = _rules(v).row
    laid = (f"each player lays {count(len(row), 'stock pile')} of {and_list([str(n) for n in row])} cards from the "
            f"left, top cards face up; the other {SPIT_HOLDING - sum(row)} are the face-down spit pile. Later rounds "
            "lay what each player holds the same way, as far as the cards reach")
    return [("Game", "Spit (also sold as Slam): rows of stock piles and spit piles, no hand"), players_row(v),
            ("Deck", f"{deck_words(v)}: {SPIT_HOLDING} cards to each player"), ("Row", laid),
            ("Start", "both spit: each turns the top spit card onto the centre pile on their side"),
            *_play_rows(v), *_end_rows(v)]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def layout_table(layout: SpitLayout) -> str:
    """A Spit round's layout as a readable table: each player's stock piles and spit pile.

    >>> layout_table(deal_spit("spit", seed=2).layout).splitlines()[1].split(" | ")[:2]
    ['0       10S', '3H 4D']
    """
    rows: list[list[str]] = [["player", "stock piles (top first)", "spit pile"]]
    for seat, (row, spit) in enumerate(zip(layout.stock, layout.spit, strict=True)):
        piles = " | ".join(_cards(pile) for pile in row)
        rows.append([str(seat), piles, count(len(spit), 'card') + (f", top {spit[0]}" if spit else "")])
    return "\n".join(aligned(rows))


def dealt(variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
    """A fresh Spit game's first round for ``speedrules deal``: its seed, layout, table and log."""
    game = deal_spit(variant, seed)
    return Dealt(game.seed, game.layout.to_json(), layout_table(game.layout),
                 parse_log(game.to_log_data(players=players)))
