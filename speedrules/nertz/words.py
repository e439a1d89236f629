"""Nertz in words: a variant's rules as ``speedrules show`` says them, and a hand's layout as the
table ``speedrules deal`` prints (the family's words hooks).

>>> from speedrules.core.loading import load_variant
>>> dict(rules_in_words(load_variant("nertz")))["Scoring"][:80]
'+1 for each card of your deck on a foundation, -2 for each card left in your Ner'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.variant import Collisions, Variant
from ..core.words import Dealt, aligned, count, players_row
from ..logs.log import parse_log
from .cards import owned_text
from .game import NertzGame, deal_nertz
from .variants import CallRule, EmptyFill, Foundations, NertzRules

__all__ = ["dealt", "layout_table", "rules_in_words"]

Rows = list[tuple[str, str]]

_FILL = {EmptyFill.ANY: "any available card or sequence (the Nertz top, the waste top, cards of another work pile)",
         EmptyFill.NERTZ_OR_WASTE: "the Nertz top or the waste top", EmptyFill.NERTZ: "the Nertz top only"}
_COLLISIONS = {
    Collisions.FIRST_LANDS: "the log order is the landing order: the later card must fit the one that landed",
    Collisions.LOWER_STAYS: "both are judged on the top they met; the first stays (equal ranks: none is lower) and "
                            "the other goes back to its owner",
    Collisions.RETURN_BOTH: "both go back to their owners and the top before them stays",
}


def _play_rows(o: NertzRules) -> Rows:
    runs = "a sequence (with every card on it)" if o.move_runs else "only its exposed card"
    found = ("every ace starts a foundation of its own" if o.foundations is Foundations.PER_ACE
             else "an ace starts one only when no unfinished foundation of its suit is out")
    return [("Foundations", f"shared by everyone, built up in suit from the ace to the king; {found}"),
            ("Work piles", f"built down in alternating colours; from a work pile moves {runs}; an empty one takes "
                           f"{_FILL[o.empty_fill]}"),
            ("Stock", f"turned {count(o.stock_turn, 'card')} at a time onto the waste, whose top is in play; the "
                      "waste is turned over once the stock is used up"),
            ("Collisions", f"two cards reaching one foundation at the same moment: {_COLLISIONS[o.collisions]}")]


def _end_rows(o: NertzRules) -> Rows:
    end = ("the hand ends the moment a Nertz pile is emptied" if o.call is CallRule.AUTO
           else "a player whose Nertz pile is empty may play on, and ends the hand by calling Nertz")
    stuck = (f"when everyone is stuck, each puts the waste back on the stock and moves its top card to the "
             f"bottom; after {count(o.stuck_rotations, 'such response')} with no progress the hand is scored"
             if o.stuck_rotations else "when everyone is stuck, the hand is scored")
    bonuses = "".join([f", +{o.caller_bonus} for the caller" if o.caller_bonus else "",
                       f", +{o.king_bonus} per king of your deck placed" if o.king_bonus else ""])
    return [("Hand end", end), ("Stuck", stuck),
            ("Scoring", f"+1 for each card of your deck on a foundation, -{o.penalty} for each card left in your "
                        f"Nertz pile{bonuses}; the game ends after the hand in which a total reaches {o.target}: "
                        "the highest total wins (a tie at the top plays another hand)")]


def rules_in_words(v: Variant) -> Rows:
    """A Nertz variant's rules as ``(heading, text)`` pairs, in plain words."""
    o: NertzRules = v.rules
    layout = (f"a Nertz pile of {o.nertz_size} (the top face up), {count(o.work_piles, 'work pile')} of one "
              f"face-up card and a face-down stock of {o.stock_size}")
    return [("Game", "Nertz (Nerts, Pounce, Racing Demon): race to empty your Nertz pile onto shared foundations"),
            players_row(v), ("Deck", "one 52-card pack for each player, each with its own back; no jokers"),
            ("Layout", layout), *_play_rows(o), *_end_rows(o)]


def layout_table(game: NertzGame) -> str:
    """A hand's layout as a readable table: each seat's Nertz top, work piles and stock."""
    k = game.kernel
    rows: list[list[str]] = [["seat", "Nertz pile (top)", "work piles", "stock"]]
    for s in range(k.seats):
        rows.append([str(s), f"{owned_text(k.nertz[s][-1])} of {len(k.nertz[s])}",
                     " ".join(owned_text(w[-1]) for w in k.work[s]), count(len(k.stock[s]), "card")])
    return "\n".join(aligned(rows))


def dealt(variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
    """A fresh hand for ``speedrules deal``: its seed, layout, table and log."""
    game = deal_nertz(variant, seed)
    return Dealt(game.seed, game.layout_json(), layout_table(game),
                 parse_log(game.to_log_data(players=players)))
