"""An independent reference model of the card game Spit, written straight from the rule text.

Source: ``/work/shared/seeds/002_0c6be56cd8daa6e4.txt`` (the "Spit" rules page) and the
"Spit" paragraph of ``/work/shared/seeds/003_e4c2ef9cb2515897.txt``.  This module is a
test oracle: it imports nothing from ``speedrules`` and favours plain, obviously correct
code over speed.

Conventions
-----------
* A card is a string: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` followed by a suit ``S H D C``
  (``"7H"``, ``"10S"``, ``"AD"``, ``"KC"``).
* Every pile (stock pile, spit pile, centre pile) is a list with its TOP CARD FIRST
  (``pile[0]`` is the top).  A stock pile's top card is always face up ("As soon as you
  move a face-up card, turn up whatever was underneath it so that pile is live again"),
  so a non-empty stock pile's ``[0]`` is its live card; the model stores no face-down flag.
* Players are ``0`` and ``1``; centre pile ``0`` is on player 0's side, pile ``1`` on
  player 1's side.
* The game is real time ("There are no turns"); the model represents it as an arbitrary
  interleaving of single moves by either player ("Move one card at a time").
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards: "a full 52-card deck with the jokers taken out"."""

DEFAULT_SIZES: tuple[int, ...] = (1, 2, 3, 4, 5)
"""'lay a row of five stock piles ... containing 1, 2, 3, 4 and 5 cards from left to right'."""

Move = tuple[str, int, int]
_RANK_OF = {r + s: i + 1 for i, r in enumerate(RANKS) for s in SUITS}


# ---------------------------------------------------------------- cards


def rank(card: str) -> int:
    """The rank of ``card`` as a number, ace = 1 up to king = 13.

    >>> rank("AD"), rank("10S"), rank("KC")
    (1, 10, 13)
    """
    try:
        return _RANK_OF[card]
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {card!r}") from None


def colour(card: str) -> str:
    """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs.

    >>> colour("7H"), colour("QS")
    ('red', 'black')
    """
    rank(card)  # validates
    return "red" if card[-1] in "HD" else "black"


def fits(top: str, card: str, *, alternate_colours: bool = False) -> bool:
    """Whether ``card`` may go onto a centre pile showing ``top``.

    "For a card to go down, its rank has to sit immediately beside the rank showing on that
    pile, one step up or one step down, and suits play no part whatsoever. The sequence
    closes into a loop at the ace, so an ace covers a king or a 2 and a king or a 2 covers
    an ace, but that join is the only shortcut and you can never jump from a 2 straight to
    a king. Concretely, on a pile showing a 6 you may place a 5 or a 7 and nothing else."

    With ``alternate_colours`` (variant: "cards played to a centre pile must alternate in
    colour") the card's colour must also differ from the top's.

    >>> fits("6H", "5H"), fits("6H", "7C"), fits("6H", "8D")
    (True, True, False)
    >>> fits("KS", "AD"), fits("2S", "AD"), fits("2S", "KD")
    (True, True, False)
    """
    a, b = rank(top), rank(card)
    adjacent = abs(a - b) == 1 or {a, b} == {1, 13}
    if alternate_colours and colour(top) == colour(card):
        return False
    return adjacent


# ---------------------------------------------------------------- layout


def lay_row(cards: list[str], sizes: tuple[int, ...] = DEFAULT_SIZES) -> tuple[list[list[str]], list[str]]:
    """Lay a holding out as a stock row plus a spit pile.

    "Build the row of one, two, three, four and five from the left as far as your cards
    reach, turn the top card of every pile you managed to complete, and keep any surplus
    as your spit pile. With 20 cards that is the full row and a reserve of five; with
    exactly 15 it is the full row and no reserve. Below 15 you cannot complete the row, so
    deal into the five piles as far as the cards go and turn the top card of each: with 12
    that is piles of one, two, three, four and two, and no reserve at all."

    Convention (the order of ``cards`` is the order they are dealt):

    * pile 0 receives ``cards[0:sizes[0]]``, pile 1 the next ``sizes[1]`` cards, and so on
      from the left as far as the cards reach; piles the cards do not reach are empty
      lists (the row always has ``len(sizes)`` piles);
    * within a pile the LAST card dealt to it is its top, and each pile is returned TOP
      CARD FIRST, i.e. the dealt slice reversed;
    * the spit pile is the surplus ``cards[sum(sizes):]`` in its original order, TOP CARD
      FIRST: the first surplus card is the top, the next spit card to be turned.

    >>> lay_row(["AS", "2S", "3S", "4S"])
    ([['AS'], ['3S', '2S'], ['4S'], [], []], [])
    """
    if not all(s >= 0 for s in sizes):
        raise ValueError("pile sizes must be non-negative")
    piles: list[list[str]] = []
    pos = 0
    for size in sizes:
        dealt = list(cards[pos:pos + size])
        pos += len(dealt)
        piles.append(dealt[::-1])
    return piles, list(cards[pos:])


# ---------------------------------------------------------------- table


@dataclass
class Table:
    """The state of one round.

    ``rows[p][i]``: player ``p``'s stock pile ``i``, top first.  ``spit[p]``: player ``p``'s
    spit (reserve) pile, top first.  ``centre[c]``: centre pile ``c``, top first, or
    ``None`` while it has not been created this round ("the two centre piles are created
    by the first spit rather than dealt").  ``locked_pile``: the pile a lone spitter has
    chosen ("having chosen, they must keep spitting onto that same pile every time play
    jams for the rest of the round").  ``lone_spitter``: the player who spat alone (set by
    :func:`spit`; used only for the jam tie-break of :func:`claim`).

    ``alternate_colours``: the colour-alternation variant.  ``pairing``: the "Pairing off
    in your own row" variant.  ``strict``: whether "stuck" (for spitting) counts the player's
    own row moves, see :func:`can_play`; ``turn_up`` (with ``strict``): whether a row move
    sequence that turns up a face-down card counts too.  ``jam_as_stuck``: whether a jam is
    judged by that reading alone; otherwise a jam also needs the strict reading to find no
    play (:func:`jammed`).
    """

    rows: list[list[list[str]]]
    spit: list[list[str]]
    centre: list[list[str] | None] = field(default_factory=lambda: [None, None])
    locked_pile: int | None = None
    alternate_colours: bool = False
    pairing: bool = False
    strict: bool = True
    lone_spitter: int | None = None
    turn_up: bool = False
    jam_as_stuck: bool = False


def deal_round(holdings: list[list[str]], sizes: tuple[int, ...] = DEFAULT_SIZES, *,
               alternate_colours: bool = False, pairing: bool = False, strict: bool = True,
               turn_up: bool = False, jam_as_stuck: bool = False) -> Table:
    """Start a round: each player lays out their holding with :func:`lay_row`.

    "Shuffle it all together and lay out a new row for the next round, and go again."
    (The caller shuffles; ``holdings[p]`` is dealt in the given order.)  No centre pile
    exists yet.
    """
    rows, spits = [], []
    for cards in holdings:
        row, reserve = lay_row(cards, sizes)
        rows.append(row)
        spits.append(reserve)
    return Table(rows=rows, spit=spits, centre=[None, None], alternate_colours=alternate_colours,
                 pairing=pairing, strict=strict, turn_up=turn_up, jam_as_stuck=jam_as_stuck)


def all_cards(table: Table) -> list[str]:
    """Every card on the table (rows, spit piles, centre piles), for conservation checks."""
    out: list[str] = []
    for row in table.rows:
        for pile in row:
            out.extend(pile)
    for reserve in table.spit:
        out.extend(reserve)
    for pile in table.centre:
        if pile is not None:
            out.extend(pile)
    return out


def _tops(table: Table) -> list[str]:
    return [pile[0] for pile in table.centre if pile]


def can_play_now(table: Table, player: int) -> bool:
    """Whether ``player`` has a card to play to the centre right now.

    "You may only play the face-up card on top of one of your five stock piles, never
    anything buried" and the card must fit (:func:`fits`) a centre pile that exists.
    """
    return any(fits(top, pile[0], alternate_colours=table.alternate_colours)
               for pile in table.rows[player] if pile for top in _tops(table))


RowKey = tuple[tuple[str, ...], ...]


def _row_successors(row: RowKey, pairing: bool) -> list[RowKey]:
    """Rows reachable by one own-row move (gap move or pair), independent of legal_moves."""
    out = []
    for i, j in itertools.permutations(range(len(row)), 2):
        src, dst = row[i], row[j]
        if not src:
            continue
        if not dst or (pairing and rank(src[0]) == rank(dst[0])):
            new = list(row)
            new[i] = src[1:]
            new[j] = (src[0], *dst)
            out.append(tuple(new))
    return out


@lru_cache(maxsize=200_000)
def _reachable_play(row: RowKey, tops: tuple[str, ...], pairing: bool, alternate_colours: bool) -> bool:
    """Exhaustive breadth-first search over every row configuration reachable by own-row moves.

    Pile positions play no part in any rule (a gap move goes to *any* vacant spot and a
    pair onto *any* same-rank card), so configurations are compared as sorted tuples.
    """
    start = tuple(sorted(row))
    seen = {start}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        if any(fits(top, pile[0], alternate_colours=alternate_colours) for pile in current if pile for top in tops):
            return True
        for nxt in _row_successors(current, pairing):
            key = tuple(sorted(nxt))
            if key not in seen:
                seen.add(key)
                queue.append(key)
    return False


def face_down_cards(row: RowKey, pairing: bool) -> frozenset[str]:
    """The cards of a row (piles top first) that lie face down, told from the cards alone.

    A laid pile shows only its top ("Turn the top card of each of the five piles face up").
    A face-up card can be covered only by a pairing ("move one straight on top of the other"),
    which needs the same rank; so in a pile the face-up cards are the top and, with pairing,
    the cards of the top's rank directly under it.  READING (docs/rules.md): a face-down card
    of the top's rank right under it is taken as face up, since the cards cannot tell.

    >>> sorted(face_down_cards((("7S", "7C", "2H"), ("5D",)), True))
    ['2H']
    >>> sorted(face_down_cards((("7S", "7C", "2H"), ("5D",)), False))
    ['2H', '7C']
    """
    hidden: set[str] = set()
    for pile in row:
        shown = 1
        while pairing and shown < len(pile) and rank(pile[shown]) == rank(pile[0]):
            shown += 1
        hidden.update(pile[shown:])
    return frozenset(hidden)


@lru_cache(maxsize=200_000)
def _reachable_turn_up(row: RowKey, pairing: bool) -> bool:
    """Exhaustive breadth-first search: does some sequence of own-row moves bring a face-down
    card (:func:`face_down_cards` of the row as it is now) to a top?"""
    hidden = face_down_cards(row, pairing)
    start = tuple(sorted(row))
    seen = {start}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        if any(pile and pile[0] in hidden for pile in current):
            return True
        for nxt in _row_successors(current, pairing):
            key = tuple(sorted(nxt))
            if key not in seen:
                seen.add(key)
                queue.append(key)
    return False


def can_turn_up(table: Table, player: int) -> bool:
    """Whether own-row moves of ``player`` can turn up a face-down card ("slide it across into
    the vacant spot, and expose whatever was hiding under it")."""
    return _reachable_turn_up(tuple(tuple(pile) for pile in table.rows[player]), table.pairing)


def can_play_strictly(table: Table, player: int) -> bool:
    """Whether ``player`` can play now or after own-row moves (the strict reading)."""
    tops = tuple(_tops(table))
    if not tops:
        return False
    row = tuple(tuple(pile) for pile in table.rows[player])
    return _reachable_play(row, tops, table.pairing, table.alternate_colours)


def can_play(table: Table, player: int) -> bool:
    """Whether ``player`` is not stuck, by the table's reading.

    "If the moment comes when neither player can play, you spit again ... it is only
    correct when both of you are genuinely stuck".  Gaps are the "main tool for prising
    open a blocked row" ("Take any one of the face-up cards elsewhere in your row, slide it
    across into the vacant spot, and expose whatever was hiding under it"; with pairing:
    "you may move one straight on top of the other. That turns up whatever was underneath,
    or clears a pile outright").

    ``strict=True``: the player can play now, or after some sequence of their own gap
    moves / pairs (exhaustive search over the reachable row configurations, the centre
    held fixed); with ``turn_up`` also when such a sequence turns up a face-down card,
    fitting or not (what the players can see: "expose whatever was hiding under it").
    ``strict=False``: exactly :func:`can_play_now`.
    """
    if not table.strict:
        return can_play_now(table, player)
    if not _tops(table):
        return False
    return can_play_strictly(table, player) or (table.turn_up and can_turn_up(table, player))


def legal_moves(table: Table, player: int) -> list[Move]:
    """Every legal own move of ``player``, in a fixed order.

    * ``("play", s, c)``: the top of stock pile ``s`` onto existing centre pile ``c`` if it
      fits ("You may only play the face-up card on top of one of your five stock piles").
    * ``("move", s, t)``: the top of non-empty pile ``s`` into empty pile ``t`` ("Take any
      one of the face-up cards elsewhere in your row, slide it across into the vacant spot,
      and expose whatever was hiding under it. The privilege covers that single card and
      nothing else").
    * ``("pair", s, t)``, only with ``pairing``: the top of ``s`` onto the top of ``t != s``
      of the same rank ("If two of your five face-up cards show the same rank, you may move
      one straight on top of the other").
    """
    row = table.rows[player]
    moves: list[Move] = []
    for s, pile in enumerate(row):
        if not pile:
            continue
        for c, centre_pile in enumerate(table.centre):
            if centre_pile and fits(centre_pile[0], pile[0], alternate_colours=table.alternate_colours):
                moves.append(("play", s, c))
    for s, pile in enumerate(row):
        for t, other in enumerate(row):
            if s == t or not pile:
                continue
            if not other:
                moves.append(("move", s, t))
            elif table.pairing and rank(pile[0]) == rank(other[0]):
                moves.append(("pair", s, t))
    return moves


def apply_move(table: Table, player: int, move: Move) -> None:
    """Carry out one legal move of ``player`` (in place); an illegal move raises ValueError.

    "As soon as you move a face-up card, turn up whatever was underneath it so that pile
    is live again."
    """
    if move not in legal_moves(table, player):
        raise ValueError(f"illegal move {move!r} for player {player}")
    kind, s, t = move
    row = table.rows[player]
    card = row[s].pop(0)
    if kind == "play":
        target = table.centre[t]
        assert target is not None
        target.insert(0, card)
    else:
        row[t].insert(0, card)


def may_spit(table: Table) -> bool:
    """Whether a spit is due: nobody can play (by the table's reading) and someone has spit cards.

    "If the moment comes when neither player can play, you spit again." "A player with no
    reserve cannot spit".  At the start of a round no centre pile exists, so nobody can
    play and the opening spit is due ("you both call spit together").
    """
    return not any(can_play(table, p) for p in (0, 1)) and any(table.spit)


def spit(table: Table, pile: int | None = None) -> None:
    """Spit (in place).

    "Both players simultaneously turn the top card of their reserve onto the centre pile on
    their own side": player 0 onto pile 0, player 1 onto pile 1 (``pile`` is then ignored);
    at the first spit these cards create the piles ("Those two cards start the two centre
    piles").

    "If your reserve is empty but your opponent still has spit cards, only they spit. They
    choose which of the two centre piles to spit onto — and having chosen, they must keep
    spitting onto that same pile every time play jams for the rest of the round."  The lone
    spitter's first spit needs ``pile``; it sets ``locked_pile``; later ``pile`` may be
    omitted but must not differ from it.

    Raises ValueError if no spit is due (:func:`may_spit`).
    """
    if not may_spit(table):
        raise ValueError("no spit is due")
    spitters = [p for p in (0, 1) if table.spit[p]]
    if len(spitters) == 2:
        for p in (0, 1):
            _turn_spit_card(table, p, p)
        return
    (p,) = spitters
    if table.locked_pile is None:
        if pile not in (0, 1):
            raise ValueError("a lone spitter must choose a centre pile (0 or 1)")
        table.locked_pile = pile
        table.lone_spitter = p
    elif pile is not None and pile != table.locked_pile:
        raise ValueError(f"the lone spitter must keep spitting onto pile {table.locked_pile}")
    _turn_spit_card(table, p, table.locked_pile)


def _turn_spit_card(table: Table, player: int, pile: int) -> None:
    card = table.spit[player].pop(0)
    if table.centre[pile] is None:
        table.centre[pile] = []
    target = table.centre[pile]
    assert target is not None
    target.insert(0, card)


def jammed(table: Table) -> bool:
    """Whether the round has jammed: "both of you jam — no legal play anywhere and no reserve left to unstick it".

    Both players stuck by the table's reading, and (unless ``jam_as_stuck``) no play left even
    after own-row moves: "no legal play anywhere" holds a lax table's round open while a gap
    move would still free a card.
    """
    if any(table.spit) or any(can_play(table, p) for p in (0, 1)):
        return False
    return table.jam_as_stuck or not any(can_play_strictly(table, p) for p in (0, 1))


def round_over(table: Table) -> bool:
    """Whether the round is over.

    "A round ends either when one of you empties their stock row or when both of you jam".
    """
    return any(not any(row) for row in table.rows) or jammed(table)


def went_out(table: Table) -> int | None:
    """The player whose stock row is empty, if any."""
    out = [p for p in (0, 1) if not any(table.rows[p])]
    if len(out) > 1:
        raise ValueError("both rows are empty")
    return out[0] if out else None


def claim(table: Table, first_slap_player: int | None, first_slap_pile: int | None) -> tuple[list[str], list[str]]:
    """What each player takes from the centre at the end of the round: (player 0's, player 1's).

    Two centre piles: "Choose different piles and you each take the one you chose; go for
    the same one and the hand underneath takes it while the other player gets the pile left
    over."  Either way the first slapper takes ``first_slap_pile`` and the other player the
    other pile.

    One centre pile: "None of this applies to a round fought over a single centre pile,
    since there is nothing to choose between: that pile goes to the player who did not go
    out" (the slap arguments are ignored).  CHOICE for a single-pile JAM (nobody went out;
    the text is silent): the pile goes to the player with more cards left in their stock
    row; on a tie, to the player who spat onto it (``table.lone_spitter``).

    No centre pile (only possible on a hand-built table): nobody takes anything.
    """
    if not round_over(table):
        raise ValueError("the round is not over")
    existing = [c for c in (0, 1) if table.centre[c] is not None]
    taken: list[list[str]] = [[], []]
    if len(existing) == 2:
        if first_slap_player not in (0, 1) or first_slap_pile not in (0, 1):
            raise ValueError("a two-pile claim needs the first slapper and the pile slapped")
        other_pile = 1 - first_slap_pile
        taken[first_slap_player] = list(table.centre[first_slap_pile] or [])
        taken[1 - first_slap_player] = list(table.centre[other_pile] or [])
    elif len(existing) == 1:
        pile = list(table.centre[existing[0]] or [])
        out = went_out(table)
        if out is not None:
            receiver = 1 - out
        else:
            left = [sum(len(p) for p in table.rows[q]) for q in (0, 1)]
            if left[0] != left[1]:
                receiver = 0 if left[0] > left[1] else 1
            elif table.lone_spitter is not None:
                receiver = table.lone_spitter
            else:
                raise ValueError("single-pile jam tie with unknown spitter (lone_spitter unset)")
        taken[receiver] = pile
    return taken[0], taken[1]


def next_holdings(table: Table, claims: tuple[list[str], list[str]]) -> list[list[str]]:
    """Each player's cards for the next round.

    "Each player then gathers everything they own: the centre pile they claimed, whatever
    is left in their stock piles, and any unused spit cards."  Returned in that order
    (claimed pile top first, then stock piles left to right each top first, then spit top
    first); the text then says "Shuffle it all together", which is the caller's job.
    """
    out = []
    for p in (0, 1):
        cards = list(claims[p])
        for pile in table.rows[p]:
            cards.extend(pile)
        cards.extend(table.spit[p])
        out.append(cards)
    return out


def game_winner(table: Table, claims: tuple[list[str], list[str]]) -> int | None:
    """The player who wins the game outright at the end of this round, if any.

    "Once you have no reserve, clearing your stock row leaves you with nothing at all in
    front of you and nothing to pick up, so you have run out of cards and you win
    outright."  A player wins when their stock row is empty, they hold no spit cards, and
    the claim hands them nothing, i.e. they have run out of cards.  In a single-pile round
    the claim never gives the player who went out anything, so there this is exactly
    "cleared the row while holding no spit cards".  READING: in a two-pile round (the
    player still had a reserve when the round began and spat it all), the slap race gives
    every player a pile, so going out does not end the game there ("Going out first buys
    you nothing here").
    """
    if not round_over(table):
        return None
    for p in (0, 1):
        if not any(table.rows[p]) and not table.spit[p] and not claims[p]:
            return p
    return None
