"""The rule ids: a stable name for every rule the core and the referee enforce.

Rule ids are a public contract (they appear in errors, verdicts and logs).  Each one
lives here once, with the rule it enforces and the rule texts (seeds) it comes from;
``docs/rules.md`` is the readable form of this table.

>>> rule(PLAY_RANK).id, rule(PLAY_RANK).sources[0]
('play.rank', '000: Its rank must be immediately above or below the current top card')
>>> rule("play.nonsense")
Traceback (most recent call last):
...
KeyError: 'play.nonsense'
"""

from __future__ import annotations

import attrs

# The rule ids as constants: code refers to a rule by these names, never by a bare string.
LAYOUT_CARDS = "layout.cards"
LAYOUT_SHAPE = "layout.shape"
EVENT_ORDER = "event.order"
EVENT_AFTER_END = "event.after-end"
EVENT_INVALID = "event.invalid"
TIME_ORDER = "time.order"
PLAY_NOT_IN_HAND = "play.not-in-hand"
PLAY_RANK = "play.rank"
PLAY_MUST_DRAW_FIRST = "play.must-draw-first"
PLAY_RUN = "play.run"
PLAY_JOKER = "play.joker"
DRAW_HAND_FULL = "draw.hand-full"
DRAW_EMPTY = "draw.empty"
DRAW_MISMATCH = "draw.mismatch"
DRAW_NOT_ALLOWED = "draw.not-allowed"
FLIP_NOT_BLOCKED = "flip.not-blocked"
FLIP_NO_RESERVE = "flip.no-reserve"
REBUILD_EARLY = "rebuild.early"
CALL_FALSE = "call.false"
CALL_MISSING = "call.missing"
PICKUP_NOT_DUE = "pickup.not-due"
PICKUP_EMPTY = "pickup.empty"
MATCH_AFTER_END = "match.after-end"
REBUILD_CARDS = "rebuild.cards"
STUCK_FALSE = "stuck.false"
# Spit (the second family, seed 002)
SPIT_LAYOUT_CARDS = "spit.layout.cards"
SPIT_LAYOUT_ROW = "spit.layout.row"
SPIT_ORDER = "spit.order"
SPIT_NOT_TOP = "spit.not-top"
SPIT_GAP = "spit.gap"
SPIT_PAIR = "spit.pair"
SPIT_EARLY = "spit.early"
SPIT_NONE_LEFT = "spit.none-left"
SPIT_PILE = "spit.pile"
SPIT_ROUND_OVER = "spit.round-over"
SPIT_JAM_FALSE = "spit.jam-false"
CLAIM_EARLY = "claim.early"
CLAIM_SLAP = "claim.slap"
CLAIM_CHOOSE = "claim.choose"
CLAIM_MISSING = "claim.missing"
# California Speed (issue 33; docs/research/california-speed.md)
CALIFORNIA_LAYOUT_SHAPE = "california.layout.shape"
CALIFORNIA_LAYOUT_CARDS = "california.layout.cards"
CALIFORNIA_COVER_CARD = "california.cover-card"
CALIFORNIA_COVER_UNMATCHED = "california.cover-unmatched"
CALIFORNIA_RELAY_EARLY = "california.relay-early"
CALIFORNIA_RELAY_CARDS = "california.relay-cards"
# Nertz (seed 002; docs/research/nertz.md)
NERTZ_OWNER = "nertz.owner"
NERTZ_NOT_TOP = "nertz.not-top"
NERTZ_FOUND_ACE = "nertz.found.ace"
NERTZ_FOUND_BUILD = "nertz.found.build"
NERTZ_FOUND_SUIT_OPEN = "nertz.found.suit-open"
NERTZ_WORK_BUILD = "nertz.work.build"
NERTZ_WORK_FILL = "nertz.work.fill"
NERTZ_WORK_RUN = "nertz.work.run"
NERTZ_STOCK = "nertz.stock"
NERTZ_STUCK_FALSE = "nertz.stuck.false"
NERTZ_CALL = "nertz.call"


@attrs.frozen(slots=True)
class Rule:
    id: str
    summary: str
    sources: tuple[str, ...]


RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        Rule(LAYOUT_CARDS, "The layout holds exactly the variant's deck (a multiset of cards).",
             ("000: Use one complete 52-card French-suited deck",)),
        Rule(LAYOUT_SHAPE, "Every hand, draw stack, starter and reserve has the size the variant deals.",
             ("000: Deal each player five cards to hold and fifteen more for their personal draw stack",
              "001 row 3: five cards, one, one, five")),
        Rule(EVENT_ORDER, "Plays and flips come after the reveal; the starters are revealed once.",
             ("000: When both are ready, each player turns one middle starter face up at the same time",)),
        Rule(EVENT_AFTER_END, "Nothing happens after the deal has been won or has reached a dead end.",
             ("000: You win as soon as your last hand card is legally played and your draw stack is empty",)),
        Rule(EVENT_INVALID, "Seats and piles name ones the variant has.", ()),
        Rule(TIME_ORDER, "Event times (ms since the reveal) never decrease along the log.", ()),
        Rule(PLAY_NOT_IN_HAND, "A card is played from the player's own hand.",
             ("003: You play from your hand only, one card at a time",)),
        Rule(PLAY_RANK, "A card goes on a pile whose top is one rank above or below it "
             "(or as the variant's rank options say); nothing goes on an empty pile.",
             ("000: Its rank must be immediately above or below the current top card",
              "001 rows 6-7", "003: No ace wrap; Doubles", "002: colours must alternate (variant)")),
        Rule(PLAY_MUST_DRAW_FIRST, "The refill rule requires a draw before this play.",
             ("000: House rule, draw before playing again",
              "003: Refill only when empty", "001 row 8 (another layout): draw your first five")),
        Rule(PLAY_RUN, "Several cards are laid at once only where runs are allowed, each fitting the new top.",
             ("000: Place a run one card at a time; never drop a packet", "004: lay down all three cards at once")),
        Rule(PLAY_JOKER, "A joker's declared rank is one the variant allows, and a joker is not "
             "the last card a player goes out on.",
             ("001: Jokers ... play as the rank above or below the center card; your last card cannot be a joker",
              "003: Jokers wild", "004: The Joker cannot be the last card you play")),
        Rule(DRAW_HAND_FULL, "A player never holds more than the hand limit.",
             ("000: Never hold more than five", "001 row 9: You never hold more than five")),
        Rule(DRAW_EMPTY, "A draw comes from a draw stack that still has cards.", ()),
        Rule(DRAW_MISMATCH, "The logged drawn card is the top card of the player's draw stack.", ()),
        Rule(DRAW_NOT_ALLOWED, "The variant's refill rule allows this draw now.",
             ("003: Refill only when empty: you may not top your hand up card by card",)),
        Rule(FLIP_NOT_BLOCKED, "Reserves flip only when nobody can play or draw.",
             ("000: Do not restart just because one player is stuck",
              "001: A flip needs both players to be stuck; a joker counts as a card that plays")),
        Rule(FLIP_NO_RESERVE, "A flip needs a reserve with cards; with all reserves empty a rebuild is due.",
             ("000: Rebuild exhausted reserves",)),
        Rule(REBUILD_EARLY, "The centre is rebuilt only when every reserve is empty and play is blocked.",
             ("000: If both outer reserves have emptied and both players are blocked",)),
        Rule(CALL_FALSE, "Only a player who has just gone out calls, once, before any other event.",
             ("000: Do not award a win for a louder call or a faster slap",
              "001: the winner must say \"Speed!\" and slap the table to make it official")),
        Rule(CALL_MISSING, "Where the variant requires a call, the player who went out calls before any "
             "other event (events at the same instant excepted).",
             ("001: Table rule: the winner must say \"Speed!\" and slap the table to make it official",
              "003: Announcing it is part of winning")),
        Rule(PICKUP_NOT_DUE, "Only a player who went out and missed the call picks up a centre pile, once.",
             ("001: Forget, and you take a center pile as a new draw pile and play on",
              "003: the player who went out but failed to announce it picks up one of the centre stacks")),
        Rule(PICKUP_EMPTY, "The pile picked up has cards.", ()),
        Rule(MATCH_AFTER_END, "No deal is logged after the match has been decided.",
             ("000: Play freshly shuffled deals until one player has won two",
              "001: The first player to reach an agreed total, such as 25, wins the game")),
        Rule(REBUILD_CARDS, "The rebuilt reserves hold exactly the cards the variant's rebuild rule gathers, "
             "split as it says.",
             ("000: leave the top card of each play pile ... divide them into two face-down reserves as evenly "
              "as possible", "003: shuffles each centre pile separately into the side stack beside it")),
        Rule(STUCK_FALSE, "A player declares being stuck only when they can neither play nor draw (nor owe a "
             "call or a pickup).",
             ("003: you cannot hold one back and then call the position stuck",
              "000: If a player says they are blocked, check their hand and draw stack before changing the middle "
              "cards; a playable card cannot be withheld to force a restart")),
        Rule(SPIT_LAYOUT_CARDS, "Spit: the first round holds the deck, 26 cards a player; each later round holds "
             "exactly the cards each player took from the round before.",
             ("002: Shuffle and deal 26 cards to each player",
              "002: Each player then gathers everything they own: the centre pile they claimed, whatever is left in "
              "their stock piles, and any unused spit cards")),
        Rule(SPIT_LAYOUT_ROW, "Spit: the row is laid from the left as far as the cards reach, each pile to its "
             "size; the rest is the spit pile.",
             ("002: Build the row of one, two, three, four and five from the left as far as your cards reach",
              "002: with 12 that is piles of one, two, three, four and two, and no reserve at all")),
        Rule(SPIT_ORDER, "Spit: a round starts with a spit; no card is played or moved before it.",
             ("002: you both call spit together ... play begins the moment they land",)),
        Rule(SPIT_NOT_TOP, "Spit: only the face-up top card of one of the player's own stock piles is played or moved.",
             ("002: You may only play the face-up card on top of one of your five stock piles, never anything "
              "buried",)),
        Rule(SPIT_GAP, "Spit: a gap move puts one face-up card into an empty stock pile of the same row.",
             ("002: Take any one of the face-up cards elsewhere in your row, slide it across into the vacant spot",)),
        Rule(SPIT_PAIR, "Spit with pairing: a face-up card goes onto another face-up card of the same rank in the "
             "player's own row; without pairing, never.",
             ("002: If two of your five face-up cards show the same rank, you may move one straight on top of the "
              "other",)),
        Rule(SPIT_EARLY, "Spit: a spit comes only when neither player can play (strict: not even after gap moves or "
             "pairings in the row; lax: no face-up card fits); the message names who could and how.",
             ("002: it is only correct when both of you are genuinely stuck",
              "002: Shuffling cards into gaps this way is your main tool for prising open a blocked row")),
        Rule(SPIT_NONE_LEFT, "Spit: a spit needs a spit card on one side at least.",
             ("002: both jam - no legal play anywhere and no reserve left to unstick it",)),
        Rule(SPIT_PILE, "Spit: when both spit, each spits onto the pile on their own side; a lone spitter chooses "
             "a pile once and keeps to it for the rest of the round.",
             ("002: They choose which of the two centre piles to spit onto - and having chosen, they must keep "
              "spitting onto that same pile",)),
        Rule(SPIT_ROUND_OVER, "Spit: nothing is played, moved or spat once a row is cleared or both have jammed.",
             ("002: A round ends either when one of you empties their stock row or when both of you jam",)),
        Rule(SPIT_JAM_FALSE, "Spit: a jam is declared only once the round has ended in one: both players stuck "
             "and no spit card left.",
             ("002: when both of you jam - no legal play anywhere and no reserve left to unstick it",)),
        Rule(CLAIM_EARLY, "Spit: the centre piles are slapped or chosen only once the round is over.",
             ("002: Either way the two centre piles are then claimed by a race",)),
        Rule(CLAIM_SLAP, "Spit: in a slap race each player slaps once; with one centre pile there is no race.",
             ("002: Choose different piles and you each take the one you chose; go for the same one and the hand "
              "underneath takes it", "002: None of this applies to a round fought over a single centre pile")),
        Rule(CLAIM_CHOOSE, "Spit, first out chooses: the player who went out (after a jam, the one with fewer cards "
             "left in the row) chooses one pile, once.",
             ("002: Whoever empties their stock row first simply picks whichever centre pile they judge smaller ... "
              "when a round jams instead, the player with fewer cards still spread out chooses first",)),
        Rule(CLAIM_MISSING, "Spit: a round is logged only after the round before it was settled (its piles claimed).",
             ("002: Each player then gathers everything they own: the centre pile they claimed",)),
        Rule(CALIFORNIA_LAYOUT_SHAPE, "California Speed: one face-down pile and one row of face-up cards per "
             "player, the row of the variant's length, one card a position; the piles equal; the cards the deal "
             "cannot share equally set aside.",
             ("PAGAT: Deal all the cards equally to the two players ... each player simultaneously lays down a row "
              "of 4 cards",)),
        Rule(CALIFORNIA_LAYOUT_CARDS, "California Speed: the piles, the rows and the cards set aside hold exactly "
             "the variant's deck.", ("PAGAT: A standard 52-card pack is used",)),
        Rule(CALIFORNIA_COVER_CARD, "California Speed: a cover deals the top card of the player's own pile; a "
             "logged card is that card.",
             ("PAGAT: deals new cards from their hand on top of both or all matching cards",)),
        Rule(CALIFORNIA_COVER_UNMATCHED, "California Speed: only a card in a match is covered: one of two or more "
             "face-up cards of one rank, or (complete_groups) one that was in a match and is not yet covered, or "
             "(doubles) the top of a stack whose top two cards have one rank.",
             ("PAGAT: A match consists of two or more face-up cards of the same rank anywhere in the layout",
              "PAGAT variations: if the top two cards of any pile match each other, another card may be played")),
        Rule(CALIFORNIA_RELAY_EARLY, "California Speed: the rows are gathered and laid again only when nobody can "
             "cover a card.",
             ("PAGAT: until no matches can be found among the 8 exposed cards. Then each player gathers up the row",)),
        Rule(CALIFORNIA_RELAY_CARDS, "California Speed: a relay lays the cards the gathering brings to the top of "
             "each pile, position 0 first (none at a dead end).",
             ("PAGAT: places all those cards face down under the pile in their hand. Again each player "
              "simultaneously deals a row of 4",)),
        Rule(NERTZ_OWNER, "Nertz: a player plays and turns only cards of their own deck.",
             ("002: Each player uses their own full deck with a distinguishable back",
              "Pagat: You cannot touch another player's tableau")),
        Rule(NERTZ_NOT_TOP, "Nertz: a card is played from where it lies: the top of the Nertz pile or the waste, or a "
             "work pile (with the cards on it); a stock turn shows the card it names.",
             ("Pagat: only the top card of the waste pile is available",
              "Pagat: When a card is moved, all cards on top of it are moved as well")),
        Rule(NERTZ_FOUND_ACE, "Nertz: only an ace starts a new foundation.",
             ("002: shared foundation piles in the centre starting with aces",
              "Pagat: Players can always start new foundation piles by placing any available ace")),
        Rule(NERTZ_FOUND_BUILD, "Nertz: a foundation is built up in suit, one card at a time (a card landing at the "
             "same t as another on one foundation is a collision, settled by the variant's policy).",
             ("Pagat: built up in suit from the ace to the king", "Demon Playing Cards: only the first stays")),
        Rule(NERTZ_FOUND_SUIT_OPEN, "Nertz, one foundation per suit: an ace starts one only when no unfinished "
             "foundation of its suit is out.",
             ("Official Game Rules(?): There must only be one of each suit foundation in play at one time",)),
        Rule(NERTZ_WORK_BUILD, "Nertz: a work pile is built down in alternating colours (onto another pile).",
             ("Pagat: built down in alternating colours",)),
        Rule(NERTZ_WORK_FILL, "Nertz: an empty work pile takes what the variant's empty_fill allows.",
             ("DKM: any playable card (or sequence of cards)", "The Guardian: a face-up stock card or the top of the "
              "demon", "Traditional Game Rules: must be filled by the top card of the stock")),
        Rule(NERTZ_WORK_RUN, "Nertz: cards moved together from a work pile form a sequence (down, alternating "
             "colours); with move_runs off only the exposed card moves.",
             ("Traditional Game Rules: Groups of cards can be moved ... as long as they are in sequence",
              "The Guardian: any other card at the bottom of a work pile")),
        Rule(NERTZ_STOCK, "Nertz: the stock is turned while it has cards; the waste is turned over as the new stock "
             "only when the stock is used up.",
             ("Pagat: when the stock is used up, the waste is turned over to make a new stock",)),
        Rule(NERTZ_STUCK_FALSE, "Nertz: the table's stuck response comes only when every player is stuck: no "
             "rearrangement of their own work piles, with any card their stock can show, leads to a progress move.",
             ("Rulebook: If every player is stuck ... move the top card of the Stock pile to the bottom",
              "Official Game Rules(?): If after doing this players get stuck again, go on scoring")),
        Rule(NERTZ_CALL, "Nertz with call: optional: only a player whose Nertz pile is empty calls; with call: auto "
             "there is no call (the emptied pile ends the hand).",
             ("Pagat: may call Nerts", "Wikipedia: calls Nerts and play stops")),
    )
}
"""Every rule id, in the order the docs list them."""


def rule(rule_id: str) -> Rule:
    """Return the rule with this id (``KeyError`` names unknown ids)."""
    return RULES[rule_id]
