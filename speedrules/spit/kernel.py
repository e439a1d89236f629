"""The rules kernel of Spit: the integer state of one round and, for each kind of event, one
check and one state change (seed 002, and 003's "Spit").

Spit is the second game family (``family: spit`` in a variant file).  Each of the two
players has a *row* of stock piles (only each pile's top card may be played) and a face-down
*spit pile*; there is no hand.  Both play at once onto two centre piles that the first
*spit* starts, one rank up or down as in Speed (the same fit tables, :mod:`speedrules.core.ranks`).
An empty stock pile is a *gap*: any face-up top of the row may be moved into it (a *gap
move*), exposing the card under it; with ``pairing``, a face-up card may go onto another of
the same rank in the row.  When neither player can play, both spit again; a player with no
spit card left does not spit, and the other spits alone onto one pile, the same pile for the
rest of the round.  The round ends when a player clears the row, or when both are stuck with
no spit card left (a *jam*, which a log may declare: the ``JAM`` event, checked and changing
nothing); the centre piles are then claimed, by a slap race or by the first out choosing, and
each player's next row is laid from what they hold.  What "can play" means is the variant's
``spit.stuck`` reading (``strict``, ``lax``, ``turn-up``); a jam also asks ``spit.jam``.

Cards are integer codes (:mod:`speedrules.core.cards`); every stack is a list with its top at the
end; a centre pile's top is a *top key* (:mod:`speedrules.core.ranks`), so whether a card fits is
one lookup in the variant's fit table.

>>> from speedrules import load_variant
>>> from speedrules.core.cards import code_of
>>> spit = load_variant("spit")
>>> cards = [code_of(r + s) for s in "SH" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
>>> rows, spits = lay_row(cards, spit.spit.row)
>>> [len(p) for p in rows], len(spits)
([1, 2, 3, 4, 5], 11)
>>> [len(p) for p in lay_row(cards[:12], spit.spit.row)[0]]
[1, 2, 3, 4, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from ..core import rules
from ..core.cards import RANK_OF, TEXT_OF
from ..core.errors import Violation, brief
from ..core.ranks import EMPTY_KEY, KEY_OF_CODE
from ..core.variant import Claim, Jam, SpitRules, Stuck, Variant
from .position import SpitPosition

# The integer event kinds of a Spit round (:meth:`SpitKernel.event`), each a Final: the compiled
# build then reads it as a constant, not from the module's dict.
SPIT: Final = 0
PLAY: Final = 1
MOVE: Final = 2
PAIR: Final = 3
SLAP: Final = 4
CHOOSE: Final = 5
JAM: Final = 6
_KEY_OF_CODE: Final = KEY_OF_CODE
KIND_NAMES = ("spit", "play", "move", "pair", "slap", "choose", "jam")

Row = list[list[int]]
"""A player's stock piles, left to right, each a list of codes with its top at the end."""


def pairing_search(row: Sequence[Sequence[int]], fits: Callable[[int], bool]) -> tuple[list[int], int] | None:
    """Whether row moves with pairing (gap moves and pairings) can bring a card that ``fits``
    to a top of ``row`` (piles bottom first, as the kernel holds them), no top fitting now:
    ``(piles dug, code)``, the piles to dig in turn (see :func:`unblocking_path`) and the card
    it exposes, or ``None``.  Exact, with no bound on its search (docs/rules.md, ``spit.early``).

    A row move only lifts a top card, and a face-up card never fits later (the centre piles do
    not change while the player moves within the row), so only the ranks of lifted cards
    matter.  A rank once face up stays face up: a card is covered only by one of its own rank.
    What is left to know is how far each pile is dug (``d``).  The lifted cards of a rank lie
    on a pile whose top, still as laid, has that rank (a *host*), or on a pile of their own
    in a gap (a *sink*): one sink for each lifted rank with no host, since two sinks of a rank
    merge and a sink whose rank gets a host pours onto it, each freeing a gap and losing
    nothing.  Digging pile *i* (top still as laid of rank *r*) moves that card and the cards
    lifted onto it to another host of *r*, or into a free gap, or leaves them in place when
    they are the pile's last laid card (the pile becomes the sink).  So the search is a
    breadth-first search over ``d``: at most the product of (pile size + 1) states, 1,024 for
    a row of 15 cards in five piles.

    >>> from speedrules.core.cards import code_of
    >>> row = [[code_of("8H"), code_of("5S")], [code_of("5C")], []]  # 8H under 5S; 5C; a gap
    >>> pairing_search(row, lambda code: code == code_of("8H"))
    ([0], 20)
    >>> pairing_search(row, lambda code: False) is None
    True
    """
    counts = [len(p) for p in row]
    start = (0,) * len(row)
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
    todo = [start]
    for d in todo:  # grows as it goes: breadth first
        hosts: dict[int, int] = {}
        lifted: set[int] = set()
        dug_out = 0
        for i, pile in enumerate(row):
            k = d[i]
            lifted.update(RANK_OF[c] for c in pile[counts[i] - k:])
            if k < counts[i]:
                rank = RANK_OF[pile[-1 - k]]
                hosts[rank] = hosts.get(rank, 0) + 1
            else:
                dug_out += 1
        free = dug_out - len(lifted - hosts.keys())
        for i, pile in enumerate(row):
            k = d[i]
            if k >= counts[i]:
                continue
            last = k + 1 == counts[i]
            if not (last or free > 0 or hosts[RANK_OF[pile[-1 - k]]] > 1):
                continue
            new = (*d[:i], k + 1, *d[i + 1:])
            if new in parent:
                continue
            parent[new] = (d, i)
            if not last and fits(pile[-2 - k]):
                digs = []
                at: tuple[int, ...] = new
                while (step := parent[at]) is not None:
                    at, dug = step
                    digs.append(dug)
                return digs[::-1], pile[-2 - k]
            todo.append(new)
    return None


def unblocking_path(row: Sequence[Sequence[int]], digs: Sequence[int]) -> list[tuple[int, int, int]]:
    """The row moves ``(kind, from, to)`` that dig ``row``'s piles in the order ``digs`` (as
    :func:`pairing_search` gives it): each dig moves the pile's top card still as laid, with the
    cards lifted onto it, to another pile whose top has its rank, or into a gap; then a pile of
    lifted cards whose rank has a top still as laid elsewhere is poured onto it.

    >>> from speedrules.core.cards import code_of
    >>> unblocking_path([[code_of("8H"), code_of("5S")], [code_of("5C")], []], [0])
    [(3, 0, 1)]
    """
    piles = [list(p) for p in row]
    laid = [len(p) for p in row]  # how many cards at each pile's bottom are still as laid
    moves: list[tuple[int, int, int]] = []

    def move(kind: int, a: int, b: int) -> None:
        piles[b].append(piles[a].pop())
        moves.append((kind, a, b))

    def holder(rank: int, besides: int) -> int | None:
        for j, pile in enumerate(piles):
            if j != besides and pile and RANK_OF[pile[-1]] == rank:
                return j
        return None

    for n, i in enumerate(digs, 1):
        rank = RANK_OF[piles[i][laid[i] - 1]]
        run = len(piles[i]) - laid[i] + 1
        laid[i] -= 1
        target = holder(rank, i)
        if target is None and laid[i] == 0:
            continue  # the pile's last laid card: it stays, a pile of lifted cards
        if target is None:
            target = piles.index([])
            move(MOVE, i, target)
            run -= 1
        for _ in range(run):
            move(PAIR, i, target)
        if laid[i] and n < len(digs):  # (the last dig's exposed card is the one that fits)
            top = RANK_OF[piles[i][-1]]
            for j, pile in enumerate(piles):  # a pile of lifted cards of that rank pours onto it
                if j != i and pile and laid[j] == 0 and RANK_OF[pile[-1]] == top:
                    while piles[j]:
                        move(PAIR, j, i)
    return moves


def face_up(pile: Sequence[int], pairing: bool) -> int:
    """How many cards at the top of a stock pile (bottom first, as the kernel holds it) are face
    up: its top, and with pairing the cards of the top's rank right beneath it (a pairing puts a
    card only onto its own rank, so the face-up cards of a pile are one rank); the rest are face
    down.  A face-down card of the top's rank right beneath it counts as face up (the cards do
    not tell them apart: docs/rules.md, ``spit.stuck: turn-up``).

    >>> from speedrules.core.cards import code_of
    >>> pile = [code_of("2H"), code_of("7C"), code_of("7S")]  # 2H, 7C, and 7S on top
    >>> face_up(pile, False), face_up(pile, True), face_up([], True)
    (1, 2, 0)
    """
    if not pile:
        return 0
    if not pairing:
        return 1
    rank, count = RANK_OF[pile[-1]], 1
    while count < len(pile) and RANK_OF[pile[-1 - count]] == rank:
        count += 1
    return count


def lay_row(codes: Sequence[int], sizes: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """Lay a holding into a stock row and a spit pile, as 002 lays every round: "build the row
    of one, two, three, four and five from the left as far as your cards reach ... keep any
    surplus as your spit pile".  Returns the piles and the spit pile, each listed **top card
    first**: pile *i* takes the next ``sizes[i]`` cards of ``codes`` (its first is its top), and
    the spit pile what is left, in order.  Piles the cards do not reach are empty (gaps)."""
    piles, start = [], 0
    for size in sizes:
        piles.append(list(codes[start:start + size]))
        start += len(piles[-1])
    return piles, list(codes[start:])


def row_shape(count: int, sizes: Sequence[int]) -> tuple[list[int], int]:
    """The pile sizes and the spit pile's size :func:`lay_row` gives ``count`` cards."""
    out, left = [], count
    for size in sizes:
        out.append(min(size, left))
        left -= out[-1]
    return out, left


@attrs.frozen(slots=True)
class RoundResult:
    """How a round ended: who cleared the row first (``None`` after a jam), who owns each centre
    pile (``None``: not started), and what each player holds for the next round."""

    out_seat: int | None
    jammed: bool
    owners: tuple[int | None, ...]
    holdings: tuple[tuple[int, ...], ...]
    winner: int | None
    """A player who holds no card once the round is settled (the row cleared, no spit card
    left, no pile taken): out of cards, the game's outright winner."""


def _from_state(state: tuple[Any, ...]) -> SpitKernel:
    """A kernel made from :meth:`SpitKernel.__getstate__`'s state."""
    return SpitKernel(state[0], (), (), state=state)


class SpitKernel:
    """The state of one round of a Spit variant, with its rules.

    Built from each player's row and spit pile, **top card first** (as :func:`lay_row` gives
    them).  The state's lists are public to read: ``rows[p][i]`` (stock pile *i* of player *p*),
    ``spits[p]``, ``centre[i]``, top at the end, ``tops`` (top keys); only the kernel changes them.
    """

    __slots__ = (
        "_reach_cache",
        "_stuck_rows",
        "alone",
        "card_ok",
        "centre",
        "jammed",
        "last_t",
        "locked",
        "names",
        "out_seat",
        "owners",
        "pairing",
        "rows",
        "rules",
        "slaps",
        "spits",
        "started",
        "tops",
        "variant",
        "version",
        "winner",
    )

    def __init__(
        self,
        variant: Variant,
        rows: Sequence[Sequence[Sequence[int]]],
        spits: Sequence[Sequence[int]],
        *,
        names: tuple[str, ...] | None = None,
        state: tuple[Any, ...] | None = None,
    ) -> None:
        self._bind_rules(variant)
        self.names = names if names is not None else ("player 0", "player 1")
        self.rows: list[Row] = [[list(reversed(pile)) for pile in row] for row in rows]
        self.spits = [list(reversed(s)) for s in spits]
        self.centre: list[list[int]] = [[], []]
        self.tops = [EMPTY_KEY, EMPTY_KEY]
        self.locked: int | None = None
        """The pile a lone spitter spits onto for the rest of the round, once chosen."""
        self.alone: int | None = None
        """The player who spits alone (the other has no spit card left), once one has."""
        self.started = False
        self.out_seat: int | None = None
        self.jammed = False
        self.owners: list[int | None] = [None, None]
        """Who took each centre pile (the round is settled when no started pile is unowned)."""
        self.slaps: list[tuple[int, int]] = []
        self.winner: int | None = None
        self.last_t: float | int = 0
        self.version = 0
        self._reach_cache: dict[tuple[int, int, Stuck], tuple[int, str] | None] = {}
        self._stuck_rows: set[tuple[object, ...]] = set()
        """Rows (with the centre tops) a search found stuck: every row their moves reach is
        stuck too, so a long walk of row moves searches once, not at every move."""
        if state is not None:  # a copy (or an unpickled kernel): the state replaces every part
            self.__setstate__(state)

    def _bind_rules(self, variant: Variant) -> None:
        """The variant's options read on every event, bound to the kernel once."""
        assert variant.spit is not None, "a Spit kernel needs a variant of the spit family"
        self.variant = variant
        self.rules: SpitRules = variant.spit
        self.pairing: bool = variant.spit.pairing
        self.card_ok = variant.tables.card_ok

    def __repr__(self) -> str:
        held = [sum(map(len, row)) + len(s) for row, s in zip(self.rows, self.spits, strict=True)]
        return f"<SpitKernel {self.variant.name}, rows and spit piles of {held[0]} and {held[1]} cards>"

    # ------------------------------------------------------------------ questions

    def is_over(self) -> bool:
        """Whether the round has ended (a row cleared, or a jam)."""
        return self.out_seat is not None or self.jammed

    def is_settled(self) -> bool:
        """Whether the round is over and every started centre pile has been claimed (or the
        game was won outright): the next round may be laid."""
        if not self.is_over():
            return False
        return all(o is not None for o, p in zip(self.owners, self.centre, strict=True) if p)

    def spitters(self) -> list[int]:
        """The players who still have spit cards."""
        return [p for p in (0, 1) if self.spits[p]]

    def held(self, player: int) -> int:
        """The cards a player has in the row and the spit pile."""
        return sum(map(len, self.rows[player])) + len(self.spits[player])

    def holding_counts(self) -> tuple[int, ...]:
        """How many cards each player holds: once the round is settled, what each takes into the
        next round (a claimed centre pile included, :meth:`result`); before, the row and the spit
        pile (:meth:`held`)."""
        if self.is_settled():
            return tuple(len(h) for h in self._holdings())
        return self.held(0), self.held(1)

    def row_cards(self, player: int) -> int:
        return sum(map(len, self.rows[player]))

    def playable(self, player: int) -> tuple[int, int, int] | None:
        """A play the player may make now: ``(stock pile, centre pile, code)``, or ``None``."""
        ok, tops = self.card_ok, self.tops
        for i, pile in enumerate(self.rows[player]):
            if pile:
                code = pile[-1]
                for c in (0, 1):
                    if ok[tops[c]][code]:  # (an empty pile's top key takes no card)
                        return i, c, code
        return None

    def plays(self, player: int) -> list[tuple[int, int]]:
        """Every play the player may make now, as ``(stock pile, centre pile)``, left to right
        (none before the round's first spit, once it is over, or for no seat).

        >>> from speedrules import load_variant
        >>> from speedrules.core.cards import code_of
        >>> k = SpitKernel(load_variant("spit"), [[[code_of("3C")], [code_of("9D")]], [[code_of("KS")]]],
        ...                [[code_of("2H")], [code_of("AC")]])
        >>> k.plays(0), k.event(SPIT), k.plays(0)  # 3C fits 2H (pile 0); nothing fits AC
        ([], None, [(0, 0)])
        """
        out: list[tuple[int, int]] = []
        if not self.started or self.is_over() or player not in (0, 1):
            return out
        ok0, ok1 = self.card_ok[self.tops[0]], self.card_ok[self.tops[1]]
        for i, pile in enumerate(self.rows[player]):
            if pile:
                code = pile[-1]
                if ok0[code]:
                    out.append((i, 0))
                if ok1[code]:
                    out.append((i, 1))
        return out

    def reach(self, player: int, reading: Stuck | None = None) -> tuple[int, str] | None:
        """Whether the player can play by a reading of "can play" (``reading``, by default the
        variant's ``spit.stuck``): ``(code, how)`` of a card that fits a centre pile now, or (not
        ``lax``) after moves within the row (gap moves, pairings) that expose it, or (``turn-up``)
        of a face-down card such moves turn up; ``None`` if the player is stuck."""
        reading = self.rules.stuck if reading is None else reading
        key = (player, self.version, reading)
        if key in self._reach_cache:
            return self._reach_cache[key]
        found = self.playable(player)
        answer: tuple[int, str] | None = None
        if found is not None:
            answer = (found[2], f"{TEXT_OF[found[2]]} from stock pile {found[0]} fits pile {found[1]}")
        elif reading is not Stuck.LAX and self.started:  # (before the first spit nothing may move)
            exposed = self._search_row(player)
            if exposed is not None:
                answer = (exposed, f"moves within the row expose {TEXT_OF[exposed]}, which fits a centre pile")
            elif reading is Stuck.TURN_UP:
                turned = self.turning_moves(player)
                if turned is not None:
                    answer = (turned[1], f"moves within the row can still turn up a face-down card "
                                         f"({TEXT_OF[turned[1]]})")
        if len(self._reach_cache) > 16:
            self._reach_cache.clear()
        self._reach_cache[key] = answer
        return answer

    def _search_row(self, player: int) -> int | None:
        """A card that some sequence of the player's own row moves brings to a top where it fits
        a centre pile (see :meth:`unblocking_moves`)."""
        found = self.unblocking_moves(player)
        return None if found is None else found[1]

    def unblocking_moves(self, player: int) -> tuple[list[tuple[int, int, int]], int] | None:
        """A short sequence of the player's own row moves after which a face-up card fits a
        centre pile (the shortest without pairing; with pairing, the fewest piles dug):
        ``([(kind, from, to), ...], code)`` with ``kind`` ``MOVE`` (into a gap) or
        ``PAIR``, and the card it exposes; ``([], code)`` if a card fits now; ``None`` if no
        sequence does.

        Without pairing no search is needed: a gap move exposes a card only from a pile of two
        or more, and fills the gap, while a move from a pile of one leaves as many gaps as
        before; so with *g* gaps, the cards a player can bring up are those at most *g* deep
        in a pile (each lifted off into a gap in turn).  With pairing (which can open new gaps)
        it is :func:`pairing_search`, exact too."""
        now = self.playable(player)
        if now is not None:
            return [], now[2]
        ok0, ok1 = self.card_ok[self.tops[0]], self.card_ok[self.tops[1]]  # (an empty pile's top takes no card)
        row = self.rows[player]
        gaps = [j for j, p in enumerate(row) if not p]
        if not self.pairing:
            best: tuple[list[tuple[int, int, int]], int] | None = None
            for i, pile in enumerate(row):
                for depth in range(1, min(len(gaps), len(pile) - 1) + 1):
                    code = pile[-1 - depth]
                    if (ok0[code] or ok1[code]) and (best is None or depth < len(best[0])):
                        best = [(MOVE, i, gaps[d]) for d in range(depth)], code
                        break
            return best
        return self._searched(row, (self.tops[0], self.tops[1]), lambda code: ok0[code] or ok1[code])

    def turning_moves(self, player: int) -> tuple[list[tuple[int, int, int]], int] | None:
        """A short sequence of the player's own row moves that turns up a face-down card (see
        :func:`face_up`), whether it fits or not: ``([(kind, from, to), ...], code)`` as
        :meth:`unblocking_moves` gives it, with the card turned up; ``None`` if none does
        (``spit.stuck: turn-up``).

        Without pairing, a gap move from a pile of two or more turns up the card beneath (and
        nothing else can).  With pairing it is :func:`pairing_search` asked for a face-down card:
        a card lifted once is face up, so never the one asked for, as the search needs."""
        row = self.rows[player]
        if not self.pairing:
            gaps = [j for j, p in enumerate(row) if not p]
            deep = [i for i, p in enumerate(row) if len(p) > 1]
            return ([(MOVE, deep[0], gaps[0])], row[deep[0]][-2]) if gaps and deep else None
        hidden = {c for pile in row for c in pile[:len(pile) - face_up(pile, True)]}
        if not hidden:
            return None
        return self._searched(row, None, hidden.__contains__)  # (None: the turn-up search, not a fit search)

    def _searched(self, row: list[list[int]], tops: tuple[int, ...] | None,
                  wanted: Callable[[int], bool]) -> tuple[list[tuple[int, int, int]], int] | None:
        """:func:`pairing_search` for a ``wanted`` card in ``row`` as a path of row moves, the rows
        (with ``tops``, what was searched for) where none is found remembered, as the search is
        dear and a stuck table asks again and again (at most 10,000 kept)."""
        key = (tuple(tuple(p) for p in row), tops)
        if key in self._stuck_rows:
            return None
        found = pairing_search(row, wanted)
        if found is None:
            if len(self._stuck_rows) > 10_000:
                self._stuck_rows.clear()
            self._stuck_rows.add(key)
            return None
        return unblocking_path(row, found[0]), found[1]

    def unsticking_moves(self, player: int) -> tuple[list[tuple[int, int, int]], int] | None:
        """The row moves a player makes to get out of being stuck by the variant's reading:
        :meth:`unblocking_moves` (a card that fits), or under ``turn-up``, failing that,
        :meth:`turning_moves` (a face-down card turned up)."""
        found = self.unblocking_moves(player)
        if found is None and self.rules.stuck is Stuck.TURN_UP:
            found = self.turning_moves(player)
        return found

    def blocker(self, reading: Stuck | None = None) -> tuple[int, str] | None:
        """A player who can still play by ``reading`` (the variant's, by default), and how (what
        makes a spit early), or ``None``."""
        for p in (0, 1):
            found = self.reach(p, reading)
            if found is not None:
                return p, found[1]
        return None

    def can_spit(self) -> bool:
        """Whether a spit is due now (rule ``spit.early`` and the ones before it): the round
        goes on, a spit card is left, and (once its first spit is down) neither player can play
        by the variant's reading (:meth:`blocker`).  A lone spitter may still have to name the
        pile (:meth:`check_event` says which)."""
        return not self.is_over() and bool(self.spits[0] or self.spits[1]) and (
            not self.started or self.blocker() is None)

    def jam_blocker(self) -> tuple[int, str] | None:
        """A player who can still play by the jam's reading (``spit.jam``), and how, or ``None``:
        under ``strict`` (the default) a play reachable by moves within a row counts whatever the
        variant's reading of stuck (002 "no legal play anywhere"); under ``same-as-stuck`` only
        that reading counts (:meth:`blocker`)."""
        found = self.blocker()
        if found is None and self.rules.jam is Jam.STRICT and self.rules.stuck is Stuck.LAX:
            found = self.blocker(Stuck.STRICT)  # (strict and turn-up count every play the strict search finds)
        return found

    def end_reason(self) -> str:
        """Why the round is over, in words (``""`` while it is not)."""
        if self.out_seat is not None:
            return f"{self.names[self.out_seat]} cleared the row"
        return "both were stuck with no spit card left: a jam" if self.jammed else ""

    def chooser(self) -> int | None:
        """Under ``first-out-chooses``, the player who chooses a pile: the first out, or after a
        jam the one with fewer cards left in the row (``None``: equal, either may choose)."""
        if self.out_seat is not None:
            return self.out_seat
        a, b = self.row_cards(0), self.row_cards(1)
        return None if a == b else (0 if a < b else 1)

    def result(self) -> RoundResult | None:
        """The round's result once it is settled, else ``None``."""
        if not self.is_settled():
            return None
        return RoundResult(self.out_seat, self.jammed, tuple(self.owners), self._holdings(), self.winner)

    def _holdings(self) -> tuple[tuple[int, ...], ...]:
        """What each player takes into the next round: the row, the unused spit cards, the claimed piles."""
        holdings = []
        for p in (0, 1):
            cards = [c for pile in self.rows[p] for c in pile] + list(self.spits[p])
            cards += [c for pile, owner in zip(self.centre, self.owners, strict=True) if owner == p for c in pile]
            holdings.append(tuple(cards))
        return tuple(holdings)

    # ------------------------------------------------------------------ checks

    def check_event(self, kind: int, player: int = -1, a: int = -1, b: int = -1, card: int | None = None,
                    t: float | int | None = None) -> Violation | None:
        """Why the event is illegal now, or ``None``.  ``a`` and ``b`` are, by kind: a spit's
        pile (``a``, -1 for none); a play's stock pile and centre pile; a move's or a pairing's
        stock pile from and to; a slap's or a choice's centre pile (``a``); a jam has none.
        ``card`` is the card the log names as played or moved (checked when given)."""
        if t is not None and t < self.last_t:
            return Violation(rules.TIME_ORDER, player if player >= 0 else None,
                             f"t = {brief(t)} comes after t = {brief(self.last_t)}: times must not decrease")
        over = self.is_over()
        if self.winner is not None or (over and kind not in (SLAP, CHOOSE) and self.is_settled()):
            what = "the game is won" if self.winner is not None else "the round is over and its piles are claimed"
            return Violation(rules.EVENT_AFTER_END, player if player >= 0 else None,
                             f"{what}: no {KIND_NAMES[kind]} may follow")
        if kind == JAM:
            return self._check_jam()
        if kind == SPIT:
            return self._check_spit(a)
        if not (type(player) is int and 0 <= player < 2):
            return Violation(rules.EVENT_INVALID, None, f"there is no seat {brief(player)} in a 2-player game")
        if kind in (SLAP, CHOOSE):
            return self._check_claim(kind, player, a)
        name = self.names[player]
        if over:
            return Violation(rules.SPIT_ROUND_OVER, player, f"{name} made a {KIND_NAMES[kind]} after the round ended "
                             f"({self.end_reason()}); the centre piles are to be claimed now")
        if not self.started:
            return Violation(rules.SPIT_ORDER, player, f"{name} made a {KIND_NAMES[kind]} before the round's first "
                             "spit")
        row = self.rows[player]
        if not (type(a) is int and 0 <= a < len(row)):
            return Violation(rules.EVENT_INVALID, player, f"there is no stock pile {brief(a)} (the row has {len(row)})")
        if kind == PLAY:
            if not (type(b) is int and 0 <= b < 2):
                return Violation(rules.EVENT_INVALID, player, f"there is no centre pile {brief(b)} (Spit has 2)")
        elif not (type(b) is int and 0 <= b < len(row)) or a == b:
            return Violation(rules.EVENT_INVALID, player, f"{brief(b)} is not another stock pile of {name}'s row")
        pile = row[a]
        if not pile or (card is not None and pile[-1] != card):
            return self._not_top(kind, player, a, card)
        code = pile[-1]
        if kind == PLAY:
            if not self.centre[b]:
                return Violation(rules.PLAY_RANK, player, f"{name} played {TEXT_OF[code]} on pile {b}, which no spit "
                                 "has started")
            if not self.card_ok[self.tops[b]][code]:
                return Violation(rules.PLAY_RANK, player, f"{name} played {TEXT_OF[code]} on "
                                 f"{TEXT_OF[self.centre[b][-1]]} (pile {b}); it needs a card one rank up or down"
                                 + (" of the other colour" if self.variant.alternate_colours else ""))
            return None
        target = row[b]
        if kind == MOVE:
            if target:
                return Violation(rules.SPIT_GAP, player, f"{name} moved {TEXT_OF[code]} onto stock pile {b}, which is "
                                 f"not a gap ({TEXT_OF[target[-1]]} is on it)")
            return None
        if not self.pairing:
            return Violation(rules.SPIT_PAIR, player, f"{name} paired {TEXT_OF[code]} in the row; {self.variant.name} "
                             "has no pairing")
        if not target or RANK_OF[target[-1]] != RANK_OF[code]:
            on = "an empty pile" if not target else TEXT_OF[target[-1]]
            return Violation(rules.SPIT_PAIR, player, f"{name} paired {TEXT_OF[code]} onto {on} (stock pile {b}); a "
                             "pairing needs a face-up card of the same rank")
        return None

    def _not_top(self, kind: int, player: int, a: int, card: int | None) -> Violation:
        """``spit.not-top``: stock pile ``a`` is empty, or ``card`` is not its top; a card that
        lies at the bottom of the pile suggests a stack written bottom first."""
        pile = self.rows[player][a]
        shown = "is empty" if not pile else f"has {TEXT_OF[pile[-1]]} on top"
        named = "" if card is None else f"{TEXT_OF[card]} from "
        verb = "played" if kind == PLAY else "paired" if kind == PAIR else "moved"
        hint = ""
        if card is not None and len(pile) > 1 and pile[0] == card:
            hint = (f" (stacks in a log are listed top card first; this card is at the bottom of pile {a}: was the "
                    "stack written bottom first?)")
        return Violation(rules.SPIT_NOT_TOP, player, f"{self.names[player]} {verb} {named}stock pile {a}, which "
                         f"{shown}{hint}")

    def _check_jam(self) -> Violation | None:
        """A jam declared (an optional event): true only once the round has ended in one."""
        if self.jammed:
            return None
        if self.out_seat is not None:
            why = f"the round ended when {self.names[self.out_seat]} cleared the row, not in a jam"
        elif not self.started:
            why = "the round has not started: its first spit is due"
        elif self.spitters():
            who = [self.names[p] for p in self.spitters()]
            why = f"{' and '.join(who)} still {'has' if len(who) == 1 else 'have'} spit cards (when both are stuck, " \
                  "a spit is due)"
        else:
            blocker = self.jam_blocker()
            if blocker is None:
                return None  # (a position given as "play" that is a jam: the jam is true, and marks it)
            why = f"{self.names[blocker[0]]} can still play: {blocker[1]}"
        return Violation(rules.SPIT_JAM_FALSE, None, f"a jam was declared, but {why}")

    def _check_spit(self, pile: int) -> Violation | None:
        if self.is_over():
            return Violation(rules.SPIT_ROUND_OVER, None, f"a spit after the round ended ({self.end_reason()}); the "
                             "centre piles are to be claimed now")
        spitters = self.spitters()
        if not spitters:
            return Violation(rules.SPIT_NONE_LEFT, None, "a spit with no spit card left on either side")
        if self.started:
            blocker = self.blocker()
            if blocker is not None:
                reading = {Stuck.LAX: "", Stuck.STRICT: " (strict reading: gap moves count)",
                           Stuck.TURN_UP: " (turn-up reading: gap moves, and a card to turn up, count)"}[
                    self.rules.stuck]
                return Violation(rules.SPIT_EARLY, None, f"a spit while {self.names[blocker[0]]} can still play: "
                                 f"{blocker[1]}{reading}")
        if len(spitters) == 2:
            if pile != -1:
                return Violation(rules.SPIT_PILE, None, f"both players spit, each onto their own side's pile; a spit "
                                 f"names no pile (this one names {brief(pile)})")
            return None
        alone = self.names[spitters[0]]
        if self.locked is not None:
            if pile not in (-1, self.locked):
                return Violation(rules.SPIT_PILE, spitters[0], f"{alone} spits alone and must keep to pile "
                                 f"{self.locked}, not {brief(pile)}")
            return None
        if not (type(pile) is int and 0 <= pile < 2):
            return Violation(rules.SPIT_PILE, spitters[0], f"{alone} spits alone and must choose a centre pile (0 or "
                             f"1), not {brief(pile)}")
        return None

    def _check_claim(self, kind: int, player: int, pile: int) -> Violation | None:
        name = self.names[player]
        slap = kind == SLAP
        if not self.is_over():
            return Violation(rules.CLAIM_EARLY, player, f"{name} {'slapped' if slap else 'chose'} a centre pile "
                             "before the round ended")
        wanted = Claim.SLAP if slap else Claim.FIRST_OUT_CHOOSES
        rule = rules.CLAIM_SLAP if slap else rules.CLAIM_CHOOSE
        if self.rules.claim is not wanted:
            how = "the first out chooses a pile" if slap else "the piles go to a slap race"
            return Violation(rule, player, f"{name} {'slapped' if slap else 'chose'} a pile, but in "
                             f"{self.variant.name} {how}")
        if not (type(pile) is int and 0 <= pile < 2):
            return Violation(rules.EVENT_INVALID, player, f"there is no centre pile {brief(pile)} (Spit has 2)")
        if sum(1 for p in self.centre if p) < 2:
            return Violation(rule, player, f"{name} {'slapped' if slap else 'chose'} a pile, but this round has one "
                             "centre pile, which goes without a race")
        if slap:
            if any(p == player for p, _ in self.slaps):
                return Violation(rule, player, f"{name} slapped twice")
            return None
        if self.owners[0] is not None:
            return Violation(rule, player, f"{name} chose a pile, but the piles were already chosen")
        chooser = self.chooser()
        if chooser is not None and chooser != player:
            why = "went out first" if self.out_seat is not None else "has fewer cards left in the row"
            return Violation(rule, player, f"{name} chose a pile, but {self.names[chooser]} {why} and chooses")
        return None

    # ------------------------------------------------------------------ changes

    def apply_event(self, kind: int, player: int = -1, a: int = -1, b: int = -1, card: int | None = None,
                    t: float | int | None = None) -> None:
        """Apply an event :meth:`check_event` accepted (it is not checked again)."""
        self.version += 1
        if t is not None:
            self.last_t = t
        if kind == SPIT:
            spitters = self.spitters()
            if len(spitters) == 2:
                for p in spitters:
                    self._land(p, self.spits[p].pop())
            else:
                target = self.locked if self.locked is not None else a
                self.locked, self.alone = target, spitters[0]
                self._land(target, self.spits[spitters[0]].pop())
            self.started = True
        elif kind == PLAY:
            self._land(b, self.rows[player][a].pop())
        elif kind in (MOVE, PAIR):
            self.rows[player][b].append(self.rows[player][a].pop())
        elif kind == SLAP:
            self.slaps.append((player, a))
            if len(self.slaps) == 1:  # the first hand down takes its pile; the other takes the other
                self.owners[a], self.owners[1 - a] = player, 1 - player
        elif kind == CHOOSE:
            self.owners[a], self.owners[1 - a] = player, 1 - player
        self._settle(player)
        if self.winner is None and self.is_settled():
            out = [p for p, cards in enumerate(self._holdings()) if not cards]
            if out:  # out of cards, nothing picked up: the game is won (002 "you win outright")
                self.winner = out[0]

    def event(self, kind: int, player: int = -1, a: int = -1, b: int = -1, card: int | None = None,
              t: float | int | None = None) -> Violation | None:
        """Judge one event and, if it stands, apply it."""
        problem = self.check_event(kind, player, a, b, card, t)
        if problem is None:
            self.apply_event(kind, player, a, b, card, t)
        return problem

    def _land(self, pile: int, code: int) -> None:
        self.centre[pile].append(code)
        self.tops[pile] = _KEY_OF_CODE[code]

    def _settle(self, player: int) -> None:
        """After a change: has the round ended (a row cleared, or a jam), and what follows."""
        if not self.started or self.is_over():
            return
        if player >= 0 and not any(self.rows[player]):
            self.out_seat = player
        elif not self.spits[0] and not self.spits[1] and self.jam_blocker() is None:
            self.jammed = True
        else:
            return
        started = [i for i, p in enumerate(self.centre) if p]
        if len(started) == 1:  # one centre pile: no race (002); it goes to the player who did not go out
            self.owners[started[0]] = self._single_pile_owner()

    def _single_pile_owner(self) -> int:
        """Who takes the only centre pile: the player who did not go out; after a jam, the player
        with more cards left in the row, and on equal rows the one who spat onto it (docs/rules.md)."""
        if self.out_seat is not None:
            return 1 - self.out_seat
        a, b = self.row_cards(0), self.row_cards(1)
        if a != b:
            return 0 if a > b else 1
        return self.lone_spitter()

    def lone_spitter(self) -> int:
        """The player who spat alone onto the only centre pile."""
        return self.alone if self.alone is not None else 0

    def copy(self) -> SpitKernel:
        """An independent copy of the round (the variant and names shared, every list copied).

        >>> from speedrules import load_variant
        >>> k = SpitKernel(load_variant("spit"), [[[1]], [[2]]], [[3], [4]])
        >>> other = k.copy(); other.apply_event(SPIT)
        >>> k.started, other.started, k.state() == k.copy().state()
        (False, True, True)
        """
        return _from_state(self.__getstate__())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its state (a compiled class has no bare ``__new__`` for pickle to call)."""
        return _from_state, (self.__getstate__(),)

    def __getstate__(self) -> tuple[object, ...]:
        """The whole state, its lists copied (for :meth:`copy`, ``copy.copy`` and pickling)."""
        return (self.variant, self.names, [[list(p) for p in row] for row in self.rows], [list(s) for s in self.spits],
                [list(p) for p in self.centre], list(self.tops), list(self.owners), list(self.slaps), self.alone,
                self.jammed, self.last_t, self.locked, self.out_seat, self.started, self.version, self.winner)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (variant, self.names, self.rows, self.spits, self.centre, self.tops, self.owners, self.slaps, self.alone,
         self.jammed, self.last_t, self.locked, self.out_seat, self.started, self.version, self.winner) = state
        self._bind_rules(variant)
        self._reach_cache = {}
        self._stuck_rows = set()

    def position(self, round: int = 0, wins: tuple[int, int] = (0, 0)) -> SpitPosition:
        """The round's state as a :class:`~speedrules.spit.position.SpitPosition` (stacks top first),
        with the game's ``round`` and the rounds each player has won before it."""
        return SpitPosition(
            rows=tuple(tuple(tuple(reversed(p)) for p in row) for row in self.rows),
            spits=tuple(tuple(reversed(s)) for s in self.spits),
            centre=tuple(tuple(reversed(p)) for p in self.centre),
            started=self.started, out=self.out_seat, jammed=self.jammed, alone=self.alone, locked=self.locked,
            owners=(self.owners[0], self.owners[1]), slaps=tuple(self.slaps), won=self.winner, clock=self.last_t,
            count=self.version, round=round, wins=wins)

    @classmethod
    def from_position(cls, variant: Variant, position: SpitPosition, *,
                      names: tuple[str, ...] | None = None) -> SpitKernel:
        """The round in the state ``position`` describes, checked against ``variant`` first
        (a :class:`~speedrules.core.errors.SpitPositionError` names the field at fault)."""
        problem = position.problem(variant)
        if problem is not None:
            raise problem
        kernel = cls(variant, position.rows, position.spits, names=names)
        kernel.__setstate__((
            variant, kernel.names, kernel.rows, kernel.spits, [list(reversed(p)) for p in position.centre],
            [KEY_OF_CODE[p[0]] if p else EMPTY_KEY for p in position.centre], list(position.owners),
            list(position.slaps), position.alone, position.jammed, position.clock, position.locked, position.out,
            position.started, position.count, position.won))
        return kernel

    def state(self) -> tuple[Any, ...]:
        """The whole state of the round as one value (for comparing rounds)."""
        return (tuple(tuple(map(tuple, row)) for row in self.rows), tuple(map(tuple, self.spits)),
                tuple(map(tuple, self.centre)), tuple(self.tops), self.locked, self.started, self.out_seat,
                self.jammed, tuple(self.owners), tuple(self.slaps), self.winner, self.last_t, self.alone)

    # ------------------------------------------------------------------ the referee's questions
    # (speedrules.family.Kernel: what the one judging procedure of every family asks a kernel)

    def check(self, event: tuple[Any, ...]) -> Violation | None:
        """:meth:`check_event` on a coded event ``(kind, player, a, b, card, t)``."""
        kind, player, a, b, card, t = event
        return self.check_event(kind, player, a, b, card, t)

    def apply(self, event: tuple[Any, ...], index: int = -1) -> None:
        """:meth:`apply_event` on a coded event."""
        kind, player, a, b, card, t = event
        self.apply_event(kind, player, a, b, card, t)

    def run(self, events: Iterable[tuple[Any, ...]], start: int = 0) -> tuple[int, Violation] | None:
        """Judge ``events`` in order, applying each one that stands; stop at the first that does not
        and return its index (counting from ``start``) and violation, or ``None``."""
        for index, event in enumerate(events, start):
            problem = self.check(event)
            if problem is not None:
                return index, problem
            self.apply(event, index)
        return None

    def could_stand(self, event: tuple[Any, ...]) -> bool:
        """Whether the illegal ``event`` could physically have stood (a card on top of the pile it is
        taken from, a spit card to turn, a centre pile to put it on); never a claim, which changes
        no card's place."""
        kind, player, a, b, card, _ = event
        if self.is_over() or kind in (SLAP, CHOOSE):
            return False
        if kind == SPIT:
            spitters = self.spitters()
            return bool(spitters) and not (len(spitters) == 1 and self.locked is None and a not in (0, 1))
        if player not in (0, 1):
            return False
        row = self.rows[player]
        if not 0 <= a < len(row) or not row[a] or (card is not None and row[a][-1] != card):
            return False
        if kind == PLAY and b not in (0, 1):
            return False
        return not (kind in (MOVE, PAIR) and (not 0 <= b < len(row) or b == a))

    def shadowed(self, event: tuple[Any, ...]) -> tuple[Any, ...]:
        """The event as the copy in which a corrected event stood judges it: without its time (a
        time says nothing of where the cards are)."""
        return (*event[:-1], None)

    def correction(self, event: tuple[Any, ...], problem: Violation) -> str:
        """What the correction procedure does about an illegal Spit event: it is undone (000:
        "returning the illegal card ... restoring the immediately preceding position")."""
        kind, player, a, _, _, _ = event
        if kind in (PLAY, MOVE, PAIR) and self.could_stand(event):
            name = self.names[player] if player in (0, 1) else f"seat {brief(player)}"
            return f"{TEXT_OF[self.rows[player][a][-1]]} went back to {name}'s stock pile {a}"
        if kind == SPIT and self.could_stand(event):
            return "the spit was undone: the cards went back on the spit piles"
        return f"the {KIND_NAMES[kind]} was ignored"

    def void_reason(self, problem: Violation) -> str | None:
        """No violation voids a Spit round at once."""
        return None

    def deal_fields(self, void: bool) -> tuple[bool, int | None, tuple[int, ...], bool, tuple[int, ...],
                                               tuple[Any, ...], tuple[int, ...]]:
        """The round as its verdict reports it: settled, who went out first, the cards each player
        holds (once settled, what each takes into the next round)."""
        if void:
            return False, None, (self.held(0), self.held(1)), False, (), (), ()
        return self.is_settled(), self.out_seat, self.holding_counts(), False, (), (), ()

    def table_view(self) -> Any:
        """A Spit verdict keeps no table (its report says each round's result)."""
        return None
