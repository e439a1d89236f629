"""California Speed's rules kernel: one deal on integer card codes, the referee's
:class:`~speedrules.family.Kernel` and the game's kernel (docs/rules.md, "California Speed").

The table: each seat's face-down pile (top card last) and the layout, one row of
``rules.row`` stacks per seat (stack ``pos = seat * row + col``, its top card last, face up).
A *match* is two or more face-up cards of one rank anywhere in the layout; a seat covers a
matched card with the top card of its own pile (``cover``).  With ``complete_groups`` a card
that was in a visible match stays coverable ("owed") until it is covered; with ``doubles`` a
stack whose top two cards share a rank may be covered too.  When nothing may be covered the
table re-lays (``relay``): each seat gathers its row under its pile (stack 0 first, each stack
turned over whole) and lays a new row from the top of its pile, position 0 first.  A run of
match-free re-lays that comes back to piles it has had is a dead end.  A seat that deals its
last card wins.  Two covers of one stack at the same ``t`` by different seats are a collision,
resolved by the variant's ``collisions`` policy (Speed's: :class:`~speedrules.core.variant.Collisions`).

A coded event is ``(kind, player, card, row, col, t)``: ``(COVER, seat, card code or None, row,
col, t)`` or ``(RELAY, -1, rows or None, None, None, t)`` whose rows are the cards laid, a tuple
per seat (empty at a dead end).

>>> from speedrules import load_variant
>>> v = load_variant("california-speed")
>>> k = CaliforniaKernel(v, [[5, 6, 7, 8, 9], [18, 19, 20, 21, 22]], [[[0], [13], [2], [3]], [[4], [23], [24], [25]]])
>>> [pos for pos in range(8) if k.coverable(pos)]  # AS and AH match
[0, 1]
>>> k.check_event(COVER, 0, None, 0, 2, None).rule
'california.cover-unmatched'
>>> k.apply_event(COVER, 0, None, 0, 0, 10)
>>> [TEXT_OF[s[-1]] for s in k.stacks[:2]], k.coverable(1)  # AH is owed: its match must be completed
(['10S', 'AH'], True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from ..core import rules
from ..core.cards import RANK_OF as _RANKS
from ..core.cards import TEXT_OF
from ..core.checks import default_names
from ..core.deck import card_difference, deck_counts
from ..core.errors import Violation, brief
from ..core.ranks import order_value
from ..core.variant import Collisions, Variant
from ..speed.timing import Collision

COVER: Final = 96
"""A seat deals the top card of its pile onto a matched card (kinds are unique across families)."""
RELAY: Final = 97
"""The table gathers the rows and lays them again."""
KIND_NAMES: Final = ("cover", "relay")

RANK_OF: Final[tuple[int, ...]] = _RANKS
"""Each card code's rank (:data:`speedrules.core.cards.RANK_OF`), a ``Final`` alias: the compiled
build keeps it in a C static instead of looking it up by name at each use."""
_FIRST_LANDS: Final = Collisions.FIRST_LANDS
_LOWER_STAYS: Final = Collisions.LOWER_STAYS

Rows = tuple[tuple[int, ...], ...]
"""A relay's rows: per seat, the cards laid, position 0 first."""


def _cards(codes: Iterable[int]) -> str:
    return " ".join(TEXT_OF[c] for c in codes)


def layout_problem(variant: Variant, piles: Sequence[Sequence[int]], rows: Sequence[Sequence[int]],
                   aside: Sequence[int]) -> Violation | None:
    """Why a layout (piles top card last, rows of single cards, the cards aside) is not a deal of
    ``variant`` once the first rows are laid, or ``None`` (rules ``california.layout.shape`` and
    ``california.layout.cards``): the family's one layout rule, here to be compiled with the
    kernel (the referee asks it of every deal).

    >>> from speedrules import load_variant
    >>> layout_problem(load_variant("california-speed"), [[1], [2]], [[3, 4, 5, 6]] * 2, ()).rule
    'california.layout.shape'
    """
    players, width = variant.players, variant.rules.row
    deck = 52 * variant.packs
    each = deck // players - width
    shaped = len(piles) == players and len(rows) == players
    for row in rows:  # (loops, not any() over a generator: a generator is a slow call when compiled)
        shaped = shaped and len(row) == width
    if not shaped:
        return Violation(rules.CALIFORNIA_LAYOUT_SHAPE, None,
                         f"a deal has {players} piles and {players} rows of {width} cards")
    sized = len(aside) == deck % players
    for pile in piles:
        sized = sized and len(pile) == each
    if not sized:
        return Violation(rules.CALIFORNIA_LAYOUT_SHAPE, None,
                         f"each pile holds {each} cards once its row of {width} is laid, and {deck % players} "
                         f"card(s) are set aside (piles of {', '.join([str(len(p)) for p in piles])}; "
                         f"{len(aside)} aside)")
    problem = card_difference([*piles, *rows, aside], deck_counts(variant.packs, 0))
    if problem is not None:
        return Violation(rules.CALIFORNIA_LAYOUT_CARDS, None, f"the layout is not the deck: {problem}")
    return None


def laid_kernel(variant: Variant, piles: Sequence[Sequence[int]], rows: Sequence[Sequence[int]],
                aside: Sequence[int], names: Sequence[str]) -> CaliforniaKernel:
    """The kernel of a deal as its layout lays it (each card of a row a stack of its own): what
    the referee, a game and a logged deal start from."""
    return CaliforniaKernel(variant, piles, [[[c] for c in row] for row in rows], aside, names=names)


class CoverGroup:
    """The covers landing on one stack at one instant so far, under a collision policy other than
    ``first-lands``: ``before`` is the deal as it was before the first of them, ``kept`` the
    cover whose card stayed (``(seat, event index, card)``, ``None``: none did)."""

    __slots__ = ("before", "kept", "plays", "pos", "record", "seats", "t")

    def __init__(self, t: float | int, pos: int, before: CaliforniaKernel, kept: tuple[int, int, int] | None,
                 seats: Sequence[int], plays: Sequence[int], record: int = -1) -> None:
        self.t, self.pos, self.before, self.kept = t, pos, before, kept
        self.seats, self.plays, self.record = list(seats), list(plays), record

    def copy(self) -> CoverGroup:
        return CoverGroup(self.t, self.pos, self.before, self.kept, self.seats, self.plays, self.record)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its constructor's arguments (a compiled class has no bare ``__new__``)."""
        return CoverGroup, (self.t, self.pos, self.before, self.kept, self.seats, self.plays, self.record)


def _top_ranks(stacks: Sequence[Sequence[int]]) -> list[int]:
    """The rank of each stack's top card (0: an empty stack)."""
    return [RANK_OF[s[-1]] if s else 0 for s in stacks]


def _from_state(state: tuple[Any, ...]) -> CaliforniaKernel:
    """A kernel made from :meth:`CaliforniaKernel.__getstate__`'s state."""
    return CaliforniaKernel(state[0], (), (), state=state)


class CaliforniaKernel:
    """One deal of California Speed (see the module's docstring).  ``piles`` are the seats'
    piles and ``rows`` their rows of stacks, every pile and stack top card last; ``owed``, when
    given, positions owed besides the visibly matched ones (which always are: a cover that
    adds a card to a match marks only the cards not yet owed)."""

    __slots__ = ("aside", "collisions", "complete", "counts", "covers", "dead_end", "doubles", "first_lands",
                 "gathering", "group", "last_t", "names", "owed", "piles", "players", "quiet", "relays", "row",
                 "stacks", "tops", "variant", "version", "where", "winner")

    def __init__(self, variant: Variant, piles: Sequence[Sequence[int]], rows: Sequence[Sequence[Sequence[int]]],
                 aside: Sequence[int] = (), names: Sequence[str] = (), owed: Iterable[int] | None = None,
                 state: tuple[Any, ...] | None = None) -> None:
        self._bind_rules(variant)
        self.gathering: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())
        """``(version, piles)``: the last :meth:`gathered` piles and the version they were made at."""
        self.names = tuple(names) if names else default_names(variant.players)
        self.piles = [list(p) for p in piles]
        self.stacks = [list(s) for r in rows for s in r]
        self.aside = tuple(aside)
        self._count_tops()
        self.owed = [False] * len(self.stacks)
        self._mark_all()
        if owed is not None:
            for pos in owed:
                self.owed[pos] = True
        self.quiet: list[tuple[tuple[int, ...], ...]] = []
        self.winner: int | None = None
        self.dead_end = False
        self.version = 0
        self.last_t: float | int | None = None
        self.covers = 0
        self.relays = 0
        self.collisions: list[Collision] = []
        self.group: CoverGroup | None = None
        if state is not None:
            self.__setstate__(state)

    def _count_tops(self) -> None:
        """From the stacks: ``tops``, the rank of each stack's top card (0: an empty stack);
        ``counts``, how many tops show each rank; ``where``, the sum of the positions showing each
        rank (where two show a rank, one of them gives the other: :meth:`_cover`)."""
        tops = self.tops = _top_ranks(self.stacks)
        counts = self.counts = [0] * 14
        where = self.where = [0] * 14
        for pos in range(len(tops)):
            rank = tops[pos]
            counts[rank] = counts[rank] + 1  # (``+=`` on an item is a generic call when compiled)
            where[rank] = where[rank] + pos
        counts[0] = 0  # an empty stack shows no rank

    def _bind_rules(self, variant: Variant) -> None:
        """The variant's options read on every event, bound to the kernel once."""
        own = variant.rules
        self.variant = variant
        self.players: int = variant.players
        self.row: int = own.row
        self.doubles: bool = own.doubles
        self.complete: bool = own.complete_groups
        self.first_lands: bool = variant.collisions is _FIRST_LANDS

    def __getstate__(self) -> tuple[object, ...]:
        """The whole state, its containers copied (for :meth:`copy` and pickling)."""
        return (self.variant, self.names, [list(p) for p in self.piles], [list(s) for s in self.stacks], self.aside,
                list(self.counts), list(self.owed), list(self.quiet), self.winner, self.dead_end, self.version,
                self.last_t, self.covers, self.relays, list(self.collisions),
                None if self.group is None else self.group.copy(), self.gathering)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (variant, self.names, self.piles, self.stacks, self.aside, self.counts, self.owed, self.quiet, self.winner,
         self.dead_end, self.version, self.last_t, self.covers, self.relays, self.collisions, self.group,
         self.gathering) = state
        self._bind_rules(variant)
        self._count_tops()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its state (a compiled class has no bare ``__new__`` for pickle to call)."""
        return _from_state, (self.__getstate__(),)

    # ------------------------------------------------------------------ the table

    def over(self) -> bool:
        """Whether the deal has ended: a seat dealt its last card, or a dead end."""
        return self.winner is not None or self.dead_end

    def coverable(self, pos: int) -> bool:
        """Whether the top card of stack ``pos`` may be covered now (in a visible match, owed with
        ``complete_groups``, or a double with ``doubles``)."""
        rank = self.tops[pos]
        if not rank:
            return False
        if self.counts[rank] >= 2 or (self.complete and self.owed[pos]):
            return True
        stack = self.stacks[pos]
        return self.doubles and len(stack) >= 2 and RANK_OF[stack[-2]] == rank

    def targets(self) -> list[int]:
        """Every stack that may be covered now, in position order."""
        if self.doubles or not self.complete:
            return [pos for pos in range(len(self.stacks)) if self.coverable(pos)]
        # coverable()'s test for every position at once, in one comprehension (a call a position
        # was about a sixth of a simulated event): a top's rank in a visible match, or owed
        counts, owed, tops = self.counts, self.owed, self.tops
        return [pos for pos in range(len(tops)) if counts[tops[pos]] >= 2 or owed[pos]]

    def blocked(self) -> bool:
        """Whether nobody may cover anything while the deal goes on: the table must re-lay."""
        if self.over():
            return False
        for count in self.counts:  # (a loop: max() is a generic call when compiled)
            if count >= 2:
                return False
        for pos in range(len(self.stacks)):  # noqa: SIM110 (a loop: a generator is a slow call when compiled)
            if self.coverable(pos):
                return False
        return True

    def _mark_all(self) -> None:
        """Every face-up card in a match now is owed (after a lay: one pass over the stacks)."""
        counts, owed = self.counts, self.owed
        for pos, rank in enumerate(self.tops):
            if counts[rank] >= 2:
                owed[pos] = True

    def gathered(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's pile after gathering its row under it (top card last): the stacks picked up
        from position 0 on, each turned face down whole, stack 0 uppermost (made once a version:
        a relay's check and its landing ask it both)."""
        version, piles = self.gathering
        if version == self.version:
            return piles
        out: list[tuple[int, ...]] = []
        width = self.row
        stacks = self.stacks
        for seat in range(self.players):
            packet: list[int] = []
            for pos in range(seat * width, (seat + 1) * width):
                packet.extend(stacks[pos])  # a stack's cards at once, not card by card
            packet.reverse()
            packet.extend(self.piles[seat])  # the packet goes under the pile
            out.append(tuple(packet))
        piles = tuple(out)
        self.gathering = (self.version, piles)
        return piles

    def relay_rows(self) -> Rows:
        """The cards a relay now lays, per seat, position 0 first; ``()`` when it is a dead end
        (the gathered piles are ones this run of match-free re-lays has had)."""
        piles = self.gathered()
        if piles in self.quiet:
            return ()
        width = self.row
        return tuple([tuple([pile[len(pile) - 1 - col] for col in range(width)]) for pile in piles])

    def matched_words(self) -> str:
        """The stacks that may be covered, in words (for a refused relay)."""
        found = [f"{TEXT_OF[self.stacks[pos][-1]]} at row {pos // self.row} position {pos % self.row}"
                 for pos in self.targets()]
        return ", ".join(found[:4]) + (" ..." if len(found) > 4 else "")

    # ------------------------------------------------------------------ judging

    def check_event(self, kind: int, player: int, card: Any, row: Any, col: Any, t: float | int | None,
                    ) -> Violation | None:
        """Why the coded event may not happen now, or ``None``."""
        if kind == COVER:
            width = self.row
            players = self.players
            if self.group is None and type(player) is int and type(row) is int and type(col) is int:
                at: int = row  # (ints, as just tested: compiled, the tests below are native, not generic)
                of: int = col
                if (0 <= player < players and 0 <= at < players and 0 <= of < width
                        and (t is None or self.last_t is None or t >= self.last_t)
                        and self.winner is None and not self.dead_end
                        and (card is None or card == self.piles[player][-1])):  # the common case, inline
                    pos = at * width + of
                    if self.counts[self.tops[pos]] >= 2 or (self.complete and self.owed[pos]):
                        return None
            return self.check_cover(player, card, row, col, t)
        if kind == RELAY and player == -1:
            problem = self._check_common(None, t)
            if problem is not None:
                return problem
            if not self.blocked():
                return Violation(rules.CALIFORNIA_RELAY_EARLY, None,
                                 f"the rows were laid again while a card could be covered: {self.matched_words()}")
            if card is not None:
                expected = self.relay_rows()
                if tuple(card) != expected:
                    laid = " / ".join(_cards(r) for r in expected) if expected else "nothing (a dead end)"
                    return Violation(rules.CALIFORNIA_RELAY_CARDS, None,
                                     f"the relay laid {' / '.join(_cards(r) for r in card) or 'nothing'}; "
                                     f"the gathering lays {laid}")
            return None
        return Violation(rules.EVENT_INVALID, None, "not an event of California Speed")

    def _check_common(self, player: int | None, t: float | int | None) -> Violation | None:
        if t is not None and self.last_t is not None and t < self.last_t:
            return Violation(rules.TIME_ORDER, player, f"t = {brief(t)} is before the event before it")
        if self.over():
            return Violation(rules.EVENT_AFTER_END, player, "the deal is over")
        return None

    def check_cover(self, player: int, card: Any, row: Any, col: Any, t: float | int | None) -> Violation | None:
        width, players = self.row, self.players
        seat_ok = type(player) is int and 0 <= player < players
        place_ok = type(row) is int and type(col) is int and 0 <= row < players and 0 <= col < width
        if seat_ok and place_ok:
            group = self._collision_group(player, row * width + col, t)
            if group is not None:  # judged against the stack as it was before the collision
                return group.before.check_cover(player, card, row, col, t)
        problem = self._check_common(player if seat_ok else None, t)
        if problem is not None:
            return problem
        if not seat_ok:
            return Violation(rules.EVENT_INVALID, None, f"there is no seat {brief(player)} in a {players}-player game")
        if not place_ok:
            return Violation(rules.EVENT_INVALID, player, f"there is no layout position row {brief(row)} position "
                                                          f"{brief(col)} ({players} rows of {width})")
        name, pile = self.names[player], self.piles[player]
        if card is not None and card != pile[-1]:
            return Violation(rules.CALIFORNIA_COVER_CARD, player,
                             f"{name} covered with {TEXT_OF[card]}, but the top card of their pile is "
                             f"{TEXT_OF[pile[-1]]}")
        if not self.coverable(row * width + col):
            return Violation(rules.CALIFORNIA_COVER_UNMATCHED, player,
                             f"{name} covered {TEXT_OF[self.stacks[row * width + col][-1]]} at row {row} position "
                             f"{col}, which is in no match")
        return None

    def _collision_group(self, player: int, pos: int, t: float | int | None) -> CoverGroup | None:
        """The covers this one collides with: those on the same stack at the same ``t`` by others."""
        group = self.group
        if group is None or t is None or group.t != t or group.pos != pos or player in group.seats:
            return None
        return group

    # ------------------------------------------------------------------ applying

    def apply_event(self, kind: int, player: int, card: Any, row: Any, col: Any, t: float | int | None,
                    index: int = -1) -> None:
        """Apply an event :meth:`check_event` accepted (the deal's ``index``-th)."""
        if kind == COVER:
            at: int = row  # (ints: the cover was checked)
            of: int = col
            pos = at * self.row + of
            if self.first_lands or t is None:  # the log order is the landing order
                self.group = None
                self._cover(player, pos)
            else:
                group = self._collision_group(player, pos, t)
                if group is None:
                    top = self.piles[player][-1]
                    self.group = CoverGroup(t, pos, self.copy(), (player, index, top), (player,), (index,))
                    self._cover(player, pos)
                else:
                    self._collide(group, player, pos, index)
        else:
            self.group = None
            self._relay()
        if t is not None:
            self.last_t = t
        self.version += 1

    def _cover(self, player: int, pos: int) -> None:
        pile = self.piles[player]
        card = pile.pop()
        counts, tops, where = self.counts, self.tops, self.where
        under = tops[pos]
        counts[under] = counts[under] - 1  # (``-=`` on an item is a generic call when compiled)
        where[under] = where[under] - pos
        self.stacks[pos].append(card)
        rank = RANK_OF[card]
        tops[pos] = rank
        matched = counts[rank] + 1
        counts[rank] = matched
        where[rank] = where[rank] + pos
        owed = self.owed
        owed[pos] = matched >= 2
        if self.quiet:
            self.quiet = []  # a cover is a choice: a later repetition proves nothing
        self.covers += 1
        if not pile:
            self.winner = player
        if matched == 2:  # the one other top of the rank is in a match now (with more, all were already)
            owed[where[rank] - pos] = True

    def _collide(self, group: CoverGroup, player: int, pos: int, index: int) -> None:
        """Another seat's cover lands on the group's stack at the same instant: ``lower-stays``
        keeps the lower card (the first on equal ranks), ``return-both`` takes every card back."""
        group.seats.append(player)
        group.plays.append(index)
        card = self.piles[player][-1]
        kept = group.kept
        order = self.variant.rank_order
        if (self.variant.collisions is _LOWER_STAYS and kept is not None
                and order_value(order, RANK_OF[card]) >= order_value(order, RANK_OF[kept[2]])):
            stays: int | None = kept[1]  # the new card stays on its owner's pile: nothing changes
        else:
            self._restore(group.before)
            if self.variant.collisions is _LOWER_STAYS:
                self._cover(player, pos)
                group.kept, stays = (player, index, card), index
            else:
                group.kept, stays = None, None
        record = Collision(pos, group.t, tuple(group.plays), stays)
        if group.record < 0:
            group.record = len(self.collisions)
            self.collisions.append(record)
        else:
            self.collisions[group.record] = record

    def _restore(self, before: CaliforniaKernel) -> None:
        """The table as it was before a collision (its time, version and record kept)."""
        self.piles = [list(p) for p in before.piles]
        self.stacks = [list(s) for s in before.stacks]
        self._count_tops()
        self.owed, self.quiet = list(before.owed), list(before.quiet)
        self.winner, self.dead_end, self.covers, self.relays = before.winner, before.dead_end, before.covers, \
            before.relays

    def _relay(self) -> None:
        piles = self.gathered()
        if piles in self.quiet:
            self.dead_end = True
            return
        self.quiet.append(piles)
        self.relays += 1
        self.piles = [list(p) for p in piles]
        width = self.row
        for seat in range(self.players):
            pile = self.piles[seat]
            for col in range(width):
                self.stacks[seat * width + col] = [pile.pop()]
        self._count_tops()
        self.owed = [False] * len(self.stacks)
        self._mark_all()

    # ------------------------------------------------------------------ the referee's contract

    def check(self, event: tuple[Any, ...]) -> Violation | None:
        return self.check_event(*event)

    def apply(self, event: tuple[Any, ...], index: int) -> None:
        kind, player, x, row, col, t = event
        self.apply_event(kind, player, x, row, col, t, index)

    def run(self, events: Iterable[tuple[int, int, Any, Any, Any, float | int | None]],
            start: int = 0) -> tuple[int, Violation] | None:
        # The methods called on ``self``, not bound to locals: compiled, a bound method is a
        # generic call through the Python wrapper (its arguments parsed and boxed each event).
        index = start - 1
        for kind, player, x, row, col, t in events:
            index += 1
            problem = self.check_event(kind, player, x, row, col, t)
            if problem is not None:
                return index, problem
            self.apply_event(kind, player, x, row, col, t, index)
        return None

    def copy(self) -> CaliforniaKernel:
        """An independent copy."""
        return _from_state(self.__getstate__())

    def could_stand(self, event: tuple[Any, ...]) -> bool:
        """A cover of the seat's own top card onto a stack, or a relay laying what the gathering
        lays, could physically have stood."""
        kind, player, card, row, col, _t = event
        if self.over():
            return False
        if kind == COVER:
            return (type(player) is int and 0 <= player < self.players and type(row) is int and type(col) is int
                    and 0 <= row < self.players and 0 <= col < self.row and card in (None, self.piles[player][-1]))
        return kind == RELAY and (card is None or tuple(card) == self.relay_rows())

    def shadowed(self, event: tuple[Any, ...]) -> tuple[Any, ...]:
        return event

    def correction(self, event: tuple[Any, ...], problem: Violation) -> str:
        if event[0] == COVER and type(event[1]) is int and 0 <= event[1] < self.players:
            return f"the card stays on top of {self.names[event[1]]}'s pile"
        return "the event is taken back: the table stays as it was"

    def void_reason(self, problem: Violation) -> str | None:
        return None

    def deal_fields(self, void: bool) -> tuple[bool, int | None, tuple[int, ...], bool, tuple[int, ...],
                                               tuple[Any, ...], tuple[int, ...]]:
        finished = self.over() and not void
        return (finished, None if void else self.winner, tuple(len(p) for p in self.piles),
                self.dead_end and not void, (), tuple(self.collisions), ())

    def table_view(self) -> Any:
        return None
