"""The rule ids: a stable name for every rule the core and the referee enforce.

Rule ids are a public contract (they appear in errors, verdicts and logs).  Each one
lives here once, with the rule it enforces and the rule texts (seeds) it comes from;
``docs/rules.md`` is the readable form of this table.
"""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Rule:
    id: str
    summary: str
    sources: tuple[str, ...]


RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        Rule("layout.cards", "The layout holds exactly the variant's deck (a multiset of cards).",
             ("000: Use one complete 52-card French-suited deck",)),
        Rule("layout.shape", "Every hand, draw stack, starter and reserve has the size the variant deals.",
             ("000: Deal each player five cards to hold and fifteen more for their personal draw stack",
              "001 row 3: five cards, one, one, five")),
        Rule("event.order", "Plays and flips come after the reveal; the starters are revealed once.",
             ("000: When both are ready, each player turns one middle starter face up at the same time",)),
        Rule("event.after-end", "Nothing happens after the deal has been won or has reached a dead end.",
             ("000: You win as soon as your last hand card is legally played and your draw stack is empty",)),
        Rule("event.invalid", "Seats and piles name ones the variant has.", ()),
        Rule("time.order", "Event times (ms since the reveal) never decrease along the log.", ()),
        Rule("play.not-in-hand", "A card is played from the player's own hand.",
             ("003: You play from your hand only, one card at a time",)),
        Rule("play.rank", "A card goes on a pile whose top is one rank above or below it "
             "(or as the variant's rank options say); nothing goes on an empty pile.",
             ("000: Its rank must be immediately above or below the current top card",
              "001 rows 6-7", "003: No ace wrap; Doubles", "002: colours must alternate (variant)")),
        Rule("play.must-draw-first", "The refill rule requires a draw before this play.",
             ("000: House rule, draw before playing again",
              "003: Refill only when empty", "001 row 8 (another layout): draw your first five")),
        Rule("play.run", "Several cards are laid at once only where runs are allowed, each fitting the new top.",
             ("000: Place a run one card at a time; never drop a packet", "004: lay down all three cards at once")),
        Rule("play.joker", "A joker's declared rank is one the variant allows, and a joker is not "
             "the last card a player goes out on.",
             ("001: Jokers ... play as the rank above or below the center card; your last card cannot be a joker",
              "003: Jokers wild", "004: The Joker cannot be the last card you play")),
        Rule("draw.hand-full", "A player never holds more than the hand limit.",
             ("000: Never hold more than five", "001 row 9: You never hold more than five")),
        Rule("draw.empty", "A draw comes from a draw stack that still has cards.", ()),
        Rule("draw.mismatch", "The logged drawn card is the top card of the player's draw stack.", ()),
        Rule("draw.not-allowed", "The variant's refill rule allows this draw now.",
             ("003: Refill only when empty: you may not top your hand up card by card",)),
        Rule("flip.not-blocked", "Reserves flip only when nobody can play or draw.",
             ("000: Do not restart just because one player is stuck",
              "001: A flip needs both players to be stuck; a joker counts as a card that plays")),
        Rule("flip.no-reserve", "A flip needs a reserve with cards; with all reserves empty a rebuild is due.",
             ("000: Rebuild exhausted reserves",)),
        Rule("rebuild.early", "The centre is rebuilt only when every reserve is empty and play is blocked.",
             ("000: If both outer reserves have emptied and both players are blocked",)),
        Rule("call.false", "Only a player who has just gone out calls, once, before any other event.",
             ("000: Do not award a win for a louder call or a faster slap",
              "001: the winner must say \"Speed!\" and slap the table to make it official")),
        Rule("call.missing", "Where the variant requires a call, the player who went out calls before any "
             "other event (events at the same instant excepted).",
             ("001: Table rule: the winner must say \"Speed!\" and slap the table to make it official",
              "003: Announcing it is part of winning")),
        Rule("pickup.not-due", "Only a player who went out and missed the call picks up a centre pile, once.",
             ("001: Forget, and you take a center pile as a new draw pile and play on",
              "003: the player who went out but failed to announce it picks up one of the centre stacks")),
        Rule("pickup.empty", "The pile picked up has cards.", ()),
        Rule("match.after-end", "No deal is logged after the match has been decided.",
             ("000: Play freshly shuffled deals until one player has won two",
              "001: The first player to reach an agreed total, such as 25, wins the game")),
        Rule("rebuild.cards", "The rebuilt reserves hold exactly the cards the variant's rebuild rule gathers, "
             "split as it says.",
             ("000: leave the top card of each play pile ... divide them into two face-down reserves as evenly "
              "as possible", "003: shuffles each centre pile separately into the side stack beside it")),
    )
}
"""Every rule id, in the order the docs list them."""


def rule(rule_id: str) -> Rule:
    """Return the rule with this id (``KeyError`` names unknown ids)."""
    return RULES[rule_id]
