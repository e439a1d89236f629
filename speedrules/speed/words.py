"""Speed in words: a variant's rules as ``speedrules show`` says them, and a dealt layout as the
tables ``speedrules deal`` prints (the Speed family's words hooks).

>>> from speedrules.core.loading import load_variant
>>> dict(rules_in_words(load_variant("speed")))["Doubles"]
'not allowed: a card never goes on a card of its own rank'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card
from ..core.variant import JokerDeclare, RankOrder, Rebuild, Refill, Variant
from ..core.words import (
    Dealt,
    aligned,
    and_list,
    call_words,
    collisions_row,
    count,
    deck_words,
    fits_example,
    match_row,
    players_row,
    sizes,
    ties_words,
)
from ..game import log_from_games
from .game import deal
from .layout import Layout

__all__ = ["dealt", "layout_table", "rules_in_words"]

Rows = list[tuple[str, str]]


def _deal_row(v: Variant) -> tuple[str, str]:
    """How the cards are dealt: hands, draw stacks, starters and reserves."""
    draws = v.draw_sizes
    if v.draw_size is None:
        draw_text = f"the rest of the deck split as evenly as possible into face-down draw stacks ({sizes(draws)})"
    else:
        draw_text = f"a face-down draw stack of {v.draw_size}"
    if v.hand_size:
        text = f"each player gets {count(v.hand_size, 'card')} in hand and {draw_text}"
    else:
        text = (f"each player gets no hand and {draw_text}, and draws up to {v.hand_limit} from it "
                "before the first play")
    reserves = v.reserve_sizes
    text += f"; the centre has {count(v.piles, 'pile')}, each started by one face-down starter card"
    if len(set(reserves)) == 1:
        text += f", with a face-down reserve of {reserves[0]} beside each"
    else:
        text += f", with face-down reserves of {and_list([str(n) for n in reserves])} beside them"
    text += (f"; {v.deck_size} cards in all: {v.players * v.hand_size} in hands, {sum(draws)} in draw "
             f"stacks, {v.piles} starters, {sum(reserves)} in reserves")
    return "Deal", text


def _fit_rows(v: Variant) -> Rows:
    """What goes on what: ranks, doubles, colours."""
    if v.rank_order is RankOrder.CYCLIC:
        order = ("a card goes on a centre pile one rank above or below its top card; the ranks run in a circle, "
                 "so king, ace and two connect")
    else:
        order = ("a card goes on a centre pile one rank above or below its top card, ace high: 2 3 4 5 6 7 8 9 "
                 "10 J Q K A, with no wrap from ace to two")
    rows = [("Ranks", f"{order}. For example {'; '.join(fits_example(v, top) for top in (7, 13, 1, 2))}")]
    rows.append(("Doubles", "allowed: a card may also go on a card of its own rank (a 7 on a 7)" if v.same_rank
                 else "not allowed: a card never goes on a card of its own rank"))
    rows.append(("Colours", "must alternate: a red card goes only on a black card and a black card only on a red one "
                            "(a joker has no colour)" if v.alternate_colours
                 else "do not matter: suits and colours are ignored"))
    return rows


def _hand_rows(v: Variant) -> Rows:
    """The hand's limit, how it is refilled, and runs."""
    limit = v.hand_limit
    if v.refill is Refill.ANY_TIME:
        refill = (f"draw one card at a time from your own draw stack whenever you hold fewer than {limit}; "
                  "you may play several cards before drawing again")
    elif v.refill is Refill.AFTER_EACH_PLAY:
        refill = ("after each card you play you must draw a replacement from your own draw stack before you play "
                  f"again (while it has cards); you may also draw whenever you hold fewer than {limit}")
    else:
        refill = (f"you may draw only when your hand is empty, and then you draw back up to {limit} (or what your "
                  "draw stack still has) before playing again")
    rows = [("Hand", f"never more than {count(limit, 'card')}; {refill}. With an empty draw stack you "
                     "play on with what you hold")]
    if v.runs:
        turn = ("and a run may turn back (8 9 8)" if v.runs_any_way
                else "going one way, up or down (8 9 10 on a 7, or 6 5 4)")
        rows.append(("Runs", "allowed: several cards may be laid on one pile at once, each fitting the card before "
                             f"it, {turn}"))
    else:
        rows.append(("Runs", "not allowed: one card at a time"))
    return rows


def _jokers_row(v: Variant) -> tuple[str, str]:
    if v.jokers == 0:
        return "Jokers", "none in the deck"
    if not v.jokers_wild:  # cannot happen in a checked variant: jokers in the deck must be wild
        return "Jokers", f"{count(v.jokers, 'joker')}, not wild"
    stands = ("any rank the player announces" if v.joker_declare is JokerDeclare.ANY
              else f"a rank that would itself fit the pile ({fits_example(v, 7)}), announced by the player")
    text = (f"{count(v.jokers, 'joker')}, wild: a joker played on a pile stands for {stands}, and the next card "
            "must fit that rank; a joker turned up as a starter or by a flip takes any card")
    text += "; a player may go out on a joker" if v.joker_may_go_out else "; a joker may not be your last card"
    if v.joker_prevents_flip:
        text += "; a held joker that could be played counts as a playable card, so it prevents a flip"
    else:
        text += "; a held joker does not count as a playable card, so the reserves may flip while one is held"
    return "Jokers", text


def _blocked_rows(v: Variant) -> Rows:
    """What happens when nobody can play: the flip, then the rebuild."""
    if v.rebuild is Rebuild.KEEP_TOPS:
        rebuild = ("each centre pile keeps its top card; the cards beneath are gathered, shuffled and split as "
                   "evenly as possible into new reserves")
    elif v.rebuild is Rebuild.EACH_PILE:
        rebuild = "each centre pile is shuffled and becomes the reserve beside it; the centre is empty until the flip"
    else:
        rebuild = ("all the centre cards are gathered, shuffled and split as evenly as possible into new reserves; "
                   "the centre is empty until the flip")
    return [("Stuck", "when nobody can play or draw, every reserve turns its top card onto its own centre pile "
                      "at once; nobody may ask for a flip while they can still play or draw"),
            ("Rebuild", f"when every reserve is empty and nobody can play or draw, {rebuild}")]


def rules_in_words(v: Variant) -> Rows:
    """A Speed variant's rules as ``(heading, text)`` pairs, in plain words."""
    winning = "the first player with an empty hand and an empty draw stack wins the deal"
    return [players_row(v), ("Deck", f"{deck_words(v)}: {v.deck_size} cards"), _deal_row(v),
            ("Start", "the starters are turned up together; then anyone may play on any centre pile"),
            *_fit_rows(v), *_hand_rows(v), _jokers_row(v), *_blocked_rows(v), collisions_row(v),
            ("Winning", winning + call_words(v) + ties_words(v)), match_row(v)]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def layout_table(layout: Layout) -> str:
    """A dealt layout as two readable tables: the players, then the centre piles.

    >>> from speedrules import deal
    >>> print(layout_table(deal("speed", seed=1).layout).splitlines()[1])
    0       JC 10S QD 10H 3S  15 cards, top 4D
    """
    players: list[list[str]] = [["player", "hand", "draw stack"]]
    for seat, (hand, stack) in enumerate(zip(layout.hands, layout.draw, strict=True)):
        drawn = f"{count(len(stack), 'card')}, top {stack[0]}" if stack else "empty"
        players.append([str(seat), _cards(hand), drawn])
    centre: list[list[str]] = [["pile", "starter", "reserve (top first)"]]
    for pile, (starter, reserve) in enumerate(zip(layout.starters, layout.reserves, strict=True)):
        centre.append([str(pile), str(starter), f"{count(len(reserve), 'card')}: {_cards(reserve)}"
                       if reserve else "empty"])
    return "\n".join([*aligned(players), "", *aligned(centre)])


def dealt(variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
    """A fresh Speed deal for ``speedrules deal``: its seed, layout, tables and log."""
    game = deal(variant, seed)
    return Dealt(game.seed, game.layout.to_json(), layout_table(game.layout),
                 log_from_games([game], players=players))
