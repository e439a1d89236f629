"""The rules of a Nertz hand on integer codes: the referee's kernel (:class:`speedrules.family.Kernel`)
and the game's (docs/rules.md, "Nertz"; docs/research/nertz.md is the specification).

A coded event is ``(kind, player, card, src, dst, t)``: ``card`` an owned code
(:mod:`speedrules.nertz.cards`), ``src`` where it leaves (:data:`NERTZ`, :data:`WASTE` or a
work pile 0, 1, ...), ``dst`` a foundation (its index; the number of foundations starts a new
one with an ace) or a work pile.  Every pile is a list with its top card last.

>>> from speedrules import load_variant
>>> k = NertzKernel(load_variant("nertz"), [list(range(13)), list(range(52, 65))],
...                 [[[13], [14], [15], [16]], [[65], [66], [67], [68]]],
...                 [list(range(51, 16, -1)), list(range(103, 68, -1))])
>>> k.check_event(FOUND, 0, 12, NERTZ, 0, None).rule  # the king of spades starts nothing
'nertz.found.ace'
>>> k.check_event(TURN, 0, 19, None, None, None) is None  # 17, 18, 19 turned: 19 shows
True
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

from ..core import rules
from ..core.errors import Violation, brief
from ..core.variant import Collisions, Variant
from ..speed.timing import Collision
from .cards import PACK, RANKS, REDS, SUITS, owned_text
from .variants import CallRule, EmptyFill, Foundations, NertzRules

FOUND, WORK, TURN, RESET, STUCK, CALL = range(6)
"""The event kinds of a Nertz hand."""
KIND_NAMES: Final = ("found", "work", "turn", "reset", "stuck", "call")
NERTZ: Final = -1
"""The source of a card leaving the Nertz pile."""
WASTE: Final = -2
"""The source of a card leaving the waste."""
SEARCH_LIMIT: Final = 50_000
"""The most work-pile arrangements one stuck test visits (docs/research/nertz.md, question 4)."""

Piles = list[list[int]]
Move = tuple[int, int, Any, Any, Any]
"""A legal event, untimed: ``(kind, player, card, src, dst)``."""

# Final aliases of the tables read at every event: the optional compiled build (mypyc,
# docs/performance.md) keeps a Final in a C static, and looks any other module global up by
# name at each use.
_RANKS: Final[tuple[int, ...]] = RANKS
_SUITS: Final[tuple[int, ...]] = SUITS
_REDS: Final[tuple[bool, ...]] = REDS


def source_name(src: int) -> str:
    """``nertz``, ``waste`` or ``w0``, ``w1``... (the log's and the notation's spelling)."""
    return "nertz" if src == NERTZ else "waste" if src == WASTE else f"w{src}"


def source_code(text: object) -> int:
    """The source a spelling names (:func:`source_name`'s inverse); a ``ValueError`` for any other.

    >>> source_code("nertz"), source_code("waste"), source_code("w3")
    (-1, -2, 3)
    """
    if text == "nertz":
        return NERTZ
    if text == "waste":
        return WASTE
    if isinstance(text, str) and text[:1] == "w" and text[1:].isascii() and text[1:].isdigit() and len(text) <= 3:
        return int(text[1:])
    raise ValueError(f"not a source of a Nertz card: {text!r} (nertz, waste, w0, w1...)")


def builds_down(lower: int, upper: int) -> bool:
    """Whether ``lower`` may lie on ``upper`` in a work pile: one rank lower, the other colour."""
    return _RANKS[lower] == _RANKS[upper] - 1 and _REDS[lower] != _REDS[upper]


def builds_up(card: int, top: int) -> bool:
    """Whether ``card`` may go on a foundation showing ``top``: same suit, one rank higher."""
    return suit_rank(card) == suit_rank(top) + 1


def suit_rank(card: int) -> int:
    """The card's suit and rank as one number, which the card one rank higher in its suit
    exceeds by one (:func:`builds_up`; the foundations a card fits, looked up by it)."""
    return _SUIT_RANKS[card]


_SUIT_RANKS: Final[tuple[int, ...]] = tuple(suit * 16 + rank for suit, rank in zip(_SUITS, _RANKS, strict=True))
_ACES: Final[tuple[int, ...]] = tuple(sorted({_SUIT_RANKS[c] for c in range(len(_RANKS)) if _RANKS[c] == 1}))
"""The :func:`suit_rank` of each suit's ace (any deck's)."""


def is_run(cards: Sequence[int]) -> bool:
    """Whether ``cards`` (bottom first) form a sequence that moves together."""
    return all(builds_down(cards[i + 1], cards[i]) for i in range(len(cards) - 1))


class Group:
    """Foundation plays landing on one foundation at one instant (the ``collisions`` policy):
    the foundation's size before them, the play whose card stayed ``(seat, card, src, index)``."""

    __slots__ = ("kept", "pile", "plays", "prior", "record", "seats", "t")

    def __init__(self, t: float | int, pile: int, prior: int, kept: tuple[int, int, int, int] | None,
                 seats: Sequence[int], plays: Sequence[int], record: int = -1) -> None:
        self.t, self.pile, self.prior, self.kept = t, pile, prior, kept
        self.seats, self.plays, self.record = list(seats), list(plays), record

    def copy(self) -> Group:
        return Group(self.t, self.pile, self.prior, self.kept, self.seats, self.plays, self.record)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its constructor's arguments (a compiled class has no bare ``__new__``)."""
        return Group, (self.t, self.pile, self.prior, self.kept, self.seats, self.plays, self.record)


def _restored(variant: Variant, piles: tuple[Any, ...], names: tuple[str, ...], rest: tuple[Any, ...]) -> NertzKernel:
    """A kernel made from :meth:`NertzKernel.__reduce__`'s state."""
    nertz, work, stock, waste, foundations = piles
    kernel = NertzKernel(variant, nertz, work, stock, waste, foundations, names)
    (kernel.caller, kernel.ended, kernel.rotations, kernel.version, kernel.last_t, kernel.collisions,
     kernel.group) = rest
    return kernel


class NertzKernel:
    """One hand of Nertz: each seat's Nertz pile, work piles, stock and waste, the shared
    foundations, who called, whether the hand is over and the stuck responses since the last
    progress move (docs/research/nertz.md, open question 4)."""

    __slots__ = ("auto_call", "caller", "collisions", "ended", "first_lands", "fits", "foundations", "group",
                 "last_t", "moved", "names", "nertz", "opts", "rotations", "stock", "turn", "variant", "version",
                 "wanted", "waste", "work")

    def __init__(self, variant: Variant, nertz: Sequence[Sequence[int]], work: Sequence[Sequence[Sequence[int]]],
                 stock: Sequence[Sequence[int]], waste: Sequence[Sequence[int]] | None = None,
                 foundations: Sequence[Sequence[int]] = (), names: Sequence[str] = ()) -> None:
        self.variant = variant
        self.opts: NertzRules = variant.rules
        # the options read at every event, bound once
        self.turn: int = self.opts.stock_turn
        self.auto_call: bool = self.opts.call is CallRule.AUTO
        self.first_lands: bool = self.opts.collisions is Collisions.FIRST_LANDS
        self.names = tuple(names) or tuple(f"player {p}" for p in range(variant.players))
        self.nertz = [list(p) for p in nertz]
        self.work = [[list(p) for p in seat] for seat in work]
        self.stock = [list(p) for p in stock]
        self.waste = [list(p) for p in waste] if waste is not None else [[] for _ in nertz]
        self.foundations = [list(p) for p in foundations]
        self.caller: int | None = None
        self.ended = False
        self.rotations = 0
        self.version = 0
        self.last_t: float | int | None = None
        self.collisions: list[Collision] = []
        self.group: Group | None = None
        self.wanted: list[list[int]] = [[] for _ in range(_SUIT_RANKS[-1] + 2)]
        """The foundations each card fits now (:func:`builds_up`), by its :func:`suit_rank`, in order."""
        for f, pile in enumerate(self.foundations):
            self.wanted[_SUIT_RANKS[pile[-1]] + 1].append(f)
        self.moved = [[0] * (2 + len(seat)) for seat in self.work]
        """The :attr:`version` at which the moves of each seat's pile tops last changed with its
        piles (:meth:`_touched`), by :meth:`pile`'s name plus 2: the waste, the Nertz pile, the
        work piles."""
        self.fits = [0] * (_SUIT_RANKS[-1] + 2)
        """The :attr:`version` at which the foundation moves of the cards of each :func:`suit_rank` last changed."""

    def copy(self) -> NertzKernel:
        return _restored(*self._state())

    def _state(self) -> tuple[Variant, tuple[Any, ...], tuple[str, ...], tuple[Any, ...]]:
        """The kernel's state, its containers copied (the constructor's copies the piles)."""
        return (self.variant, (self.nertz, self.work, self.stock, self.waste, self.foundations), self.names,
                (self.caller, self.ended, self.rotations, self.version, self.last_t, list(self.collisions),
                 None if self.group is None else self.group.copy()))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its state (a compiled class has no bare ``__new__`` for pickle to call)."""
        return _restored, self._state()

    @property
    def seats(self) -> int:
        return len(self.nertz)

    # ------------------------------------------------------------------ reading

    def pile(self, seat: int, src: int) -> list[int]:
        """Seat ``seat``'s pile ``src`` (:data:`NERTZ`, :data:`WASTE` or a work pile)."""
        return self.nertz[seat] if src == NERTZ else self.waste[seat] if src == WASTE else self.work[seat][src]

    def turned(self, seat: int) -> int | None:
        """The card a stock turn by ``seat`` shows on the waste, or ``None`` (no stock)."""
        stock = self.stock[seat]
        return stock[-min(self.turn, len(stock))] if stock else None

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"player {seat}"

    # ------------------------------------------------------------------ judging

    def check_event(self, kind: int, player: int, card: Any, src: Any, dst: Any, t: Any) -> Violation | None:
        """Why the coded event may not happen now, or ``None``."""
        if kind == STUCK:
            if player != -1:
                return Violation(rules.EVENT_INVALID, None, "the stuck response is the table's: it has no player")
        elif type(player) is not int or not 0 <= player < self.seats:
            return Violation(rules.EVENT_INVALID, None, f"there is no seat {brief(player)} in a "
                                                        f"{self.seats}-player game")
        if t is not None and self.last_t is not None and t < self.last_t:
            return Violation(rules.TIME_ORDER, None if player < 0 else player,
                             f"t = {t} is before the event before it (t = {self.last_t})")
        if self.ended:
            return Violation(rules.EVENT_AFTER_END, None if player < 0 else player,
                             "the hand is over: " + ("it was called" if self.caller is not None else "it ended stuck"))
        if kind == TURN:
            return self._check_turn(player, card)
        if kind in (FOUND, WORK):
            return self._check_move(kind, player, card, src, dst, t)
        if kind == RESET:
            if self.stock[player] or not self.waste[player]:
                return Violation(rules.NERTZ_STOCK, player, f"{self._name(player)} turned the waste over, but "
                                 + ("the stock is not used up" if self.stock[player] else "the waste is empty"))
            return None
        if kind == STUCK:
            return None if self.is_stuck() else Violation(
                rules.NERTZ_STUCK_FALSE, None, "the table declared everyone stuck, but "
                f"{self._name(self.unstuck_seat())} can still make progress")
        if kind == CALL:
            return self._check_call(player)
        return Violation(rules.EVENT_INVALID, None, f"not an event of Nertz: kind {brief(kind)}")

    def _check_turn(self, player: int, card: int) -> Violation | None:
        shown = self.turned(player)
        if shown == card:
            return None
        name = self._name(player)
        if type(card) is not int or card // PACK != player:
            return Violation(rules.NERTZ_OWNER, player, f"{name} turned {owned_text(card)}, a card of another deck")
        if shown is None:
            return Violation(rules.NERTZ_STOCK, player, f"{name} turned the stock, which is empty")
        return Violation(rules.NERTZ_NOT_TOP, player, f"{name}'s stock turn shows {owned_text(shown)}, "
                                                      f"not {owned_text(card)}")

    def _check_call(self, player: int) -> Violation | None:
        name = self._name(player)
        if self.opts.call is CallRule.AUTO:
            return Violation(rules.NERTZ_CALL, player, f"{name} called, but in this variant an emptied Nertz pile "
                                                       "ends the hand by itself")
        left = len(self.nertz[player])
        if left:
            return Violation(rules.NERTZ_CALL, player, f"{name} called with {left} card(s) left in the Nertz pile")
        return None

    def _source(self, player: int, card: int, src: Any, whole: bool) -> tuple[int, Violation | None]:
        """How many cards a move of ``card`` from ``src`` takes (``whole``: the cards on it too),
        or the violation of a card that is not there."""
        if card // PACK != player:
            return 0, Violation(rules.NERTZ_OWNER, player, f"{self._name(player)} played {owned_text(card)}, a "
                                                           f"card of {self._name(card // PACK)}'s deck")
        if src not in (NERTZ, WASTE) and not (type(src) is int and 0 <= src < len(self.work[player])):
            return 0, Violation(rules.EVENT_INVALID, player, f"{self._name(player)} has no pile {brief(src)}")
        pile = self.pile(player, src)
        if pile and pile[-1] == card:
            return 1, None
        if whole and src >= 0 and card in pile:
            return len(pile) - pile.index(card), None
        name = self._name(player)
        where = "top of the " if src < 0 else ("work pile " if whole else "top of work pile ")
        return 0, Violation(rules.NERTZ_NOT_TOP, player, f"{name} played {owned_text(card)}, which is not on "
                                                         f"{'the ' if src >= 0 and whole else ''}{where}"
                                                         f"{source_name(src).removeprefix('w')}")

    def _check_move(self, kind: int, player: int, card: Any, src: Any, dst: Any, t: Any) -> Violation | None:
        if type(card) is not int or not 0 <= card < PACK * self.seats:
            return Violation(rules.EVENT_INVALID, player, f"not a card of this game: {brief(card)}")
        count, problem = self._source(player, card, src, kind == WORK)
        if problem is not None:
            return problem
        if kind == FOUND:
            return self._check_found(player, card, dst, t)
        return self._check_work(player, card, src, dst, count)

    def _check_found(self, player: int, card: int, dst: Any, t: Any) -> Violation | None:
        name, n = self._name(player), len(self.foundations)
        if type(dst) is not int or not 0 <= dst <= n:
            return Violation(rules.EVENT_INVALID, player, f"there is no foundation {brief(dst)} ({n} are out; "
                                                          f"{n} starts a new one)")
        if dst == n:
            if _RANKS[card] != 1:
                return Violation(rules.NERTZ_FOUND_ACE, player, f"{name} started foundation {dst} with "
                                                                f"{owned_text(card)}: only an ace starts one")
            if not self._may_start(card):
                return Violation(rules.NERTZ_FOUND_SUIT_OPEN, player, f"{name} started a foundation with "
                                 f"{owned_text(card)} while one of its suit is still open")
            return None
        top = self.foundations[dst][-1]
        if builds_up(card, top) or self._collides(player, card, dst, t):
            return None
        return Violation(rules.NERTZ_FOUND_BUILD, player, f"{name} played {owned_text(card)} on foundation {dst}, "
                                                          f"showing {owned_text(top)}: it needs the next card "
                                                          "of its suit")

    def _check_work(self, player: int, card: int, src: int, dst: Any, count: int) -> Violation | None:
        name, work = self._name(player), self.work[player]
        if type(dst) is not int or not 0 <= dst < len(work):
            return Violation(rules.EVENT_INVALID, player, f"{name} has no work pile {brief(dst)}")
        if dst == src:
            return Violation(rules.NERTZ_WORK_BUILD, player, f"{name} moved {owned_text(card)} onto its own pile")
        moving = self.pile(player, src)[-count:]
        if count > 1 and not self.opts.move_runs:
            return Violation(rules.NERTZ_WORK_RUN, player, f"{name} moved {count} cards at once; in this variant "
                                                           "only a pile's exposed card moves")
        if count > 1 and not is_run(moving):
            return Violation(rules.NERTZ_WORK_RUN, player, f"{name} moved {owned_text(card)} with the cards on it, "
                                                           "which are no sequence")
        target = work[dst]
        if not target:
            fill = self.opts.empty_fill
            if fill is EmptyFill.ANY or src == NERTZ or (src == WASTE and fill is EmptyFill.NERTZ_OR_WASTE):
                return None
            return Violation(rules.NERTZ_WORK_FILL, player, f"{name} filled empty work pile {dst} from the "
                                                            f"{source_name(src)}; in this variant only the "
                                                            + ("Nertz top" if fill is EmptyFill.NERTZ
                                                               else "Nertz or waste top") + " fills one")
        if builds_down(card, target[-1]):
            return None
        return Violation(rules.NERTZ_WORK_BUILD, player, f"{name} put {owned_text(card)} on {owned_text(target[-1])}"
                                                         f" (work pile {dst}): it needs one rank lower, other colour")

    def _collides(self, player: int, card: int, dst: int, t: Any) -> bool:
        """Whether a card that does not fit the foundation's top lands together with the play
        that stayed there at the same instant, fitting the top before it (a collision)."""
        group = self.group
        if group is None or t is None or group.t != t or group.pile != dst or player in group.seats:
            return False
        pile = self.foundations[dst]
        if len(pile) != group.prior + (group.kept is not None):
            return False  # the pile moved on since: no longer one moment's meeting
        return builds_up(card, pile[group.prior - 1])

    # ------------------------------------------------------------------ applying

    def apply_event(self, kind: int, player: int, card: Any, src: Any, dst: Any, t: Any, index: int = -1) -> None:
        """Apply an event :meth:`check_event` accepted (the hand's ``index``-th)."""
        self.version += 1
        if t is not None:
            self.last_t = t
        if kind == FOUND:
            self._found(player, card, src, dst, t, index)
        elif kind == WORK:
            work = self.work[player]
            pile = self.pile(player, src)
            count = 1 if src < 0 else len(pile) - pile.index(card)
            work[dst].extend(pile[-count:])
            del pile[-count:]
            self._touched(player, src)
            self._touched(player, dst)
            if src < 0:
                self.rotations = 0  # the Nertz top or the waste top to a work pile: progress
        elif kind == TURN:  # the stock's top k cards, turned over as one onto the waste
            stock, waste = self.stock[player], self.waste[player]
            for _ in range(min(self.turn, len(stock))):
                waste.append(stock.pop())
            self._touched(player, WASTE)
        elif kind == RESET:  # the waste, turned over, is the stock (which is empty)
            stock, waste = self.stock[player], self.waste[player]
            stock.clear()
            while waste:
                stock.append(waste.pop())
            self._touched(player, WASTE)
        elif kind == STUCK:
            self._stuck()
        else:
            self.caller, self.ended = player, True
        if kind <= WORK and src == NERTZ and not self.nertz[player] and self.auto_call:
            self.caller, self.ended = player, True

    def _found(self, player: int, card: int, src: int, dst: int, t: Any, index: int) -> None:
        self.rotations = 0
        if dst == len(self.foundations):
            self.pile(player, src).pop()
            self.foundations.append([card])
            self._refit(dst, -1, card)
            self._marked(player, card, src)
            for ace in _ACES:  # an ace's move names the next foundation
                self.fits[ace] = self.version
            return
        pile = self.foundations[dst]
        group = self.group
        if group is not None and t is not None and self._collides(player, card, dst, t):
            group.seats.append(player)
            group.plays.append(index)
            if self.opts.collisions is Collisions.RETURN_BOTH and group.kept is not None:
                seat, kept, origin, _ = group.kept
                pile.pop()
                self.pile(seat, origin).append(kept)  # back on top of the pile it left
                group.kept = None
                self._refit(dst, kept, pile[-1])
                self._marked(seat, kept, origin)
            record = Collision(dst, t, tuple(group.plays), None if group.kept is None else group.kept[3])
            if group.record < 0:
                group.record = len(self.collisions)
                self.collisions.append(record)
            else:
                self.collisions[group.record] = record
            return  # lower-stays: an equal rank is not lower, so the first card stays
        self.pile(player, src).pop()
        self._refit(dst, pile[-1], card)
        pile.append(card)
        self._marked(player, card, src)
        if not self.first_lands and t is not None:
            self.group = Group(t, dst, len(pile) - 1, (player, card, src, index), (player,), (index,))

    def _refit(self, f: int, was: int, now: int) -> None:
        """Foundation ``f``'s top was card ``was`` (-1: it is new) and is now card ``now``: it
        wants the cards one higher in suit than ``now`` (:attr:`wanted`), and the foundation moves
        of the cards one higher than either changed (:attr:`fits`)."""
        v, wanted, fits = self.version, self.wanted, self.fits
        if was >= 0:
            wanted[_SUIT_RANKS[was] + 1].remove(f)
            fits[_SUIT_RANKS[was] + 1] = v
        bisect.insort(wanted[_SUIT_RANKS[now] + 1], f)
        fits[_SUIT_RANKS[now] + 1] = v

    def _marked(self, seat: int, card: int, src: int) -> None:
        """Mark what ``card`` going onto a foundation (or back off it) from ``seat``'s pile
        ``src`` changes for :meth:`top_stamps`, besides the foundation's top (:meth:`_refit`):
        that pile, and the start of the aces of its suit (per suit, while one is open)."""
        self._touched(seat, src)
        self.fits[_ACES[_SUITS[card]]] = self.version

    def _touched(self, seat: int, src: int) -> None:
        """``seat``'s pile ``src`` changed: the moves of its top did, and, a work pile's, those of
        the Nertz pile's and the waste's tops onto it (:meth:`top_stamps`)."""
        moved = self.moved[seat]
        moved[src + 2] = self.version
        if src >= 0:
            moved[WASTE + 2] = moved[NERTZ + 2] = self.version

    def _stuck(self) -> None:
        """The table's response to everyone being stuck (RULEBOOK, OGR?): each seat's waste goes
        face down onto its stock and the stock's top card goes to the bottom; once
        ``stuck_rotations`` responses came with no progress between, the hand ends, uncalled."""
        if self.rotations >= self.opts.stuck_rotations:
            self.ended = True
            return
        for seat in range(self.seats):
            stock = self.stock[seat]
            stock.extend(reversed(self.waste[seat]))
            self.waste[seat].clear()
            if stock:
                stock.insert(0, stock.pop())
            self._touched(seat, WASTE)
        self.rotations += 1

    # ------------------------------------------------------------------ listing

    def moves(self, seat: int, shifts: bool = True) -> list[Move]:
        """Every legal event of ``seat`` now (untimed), coded ``(kind, seat, card, src, dst)``: the
        :meth:`top_moves` of its Nertz pile, its waste and its work piles (in that order), the moves
        between its work piles, then its :meth:`stock_moves`; with ``shifts=False``, not the moves
        between its work piles (a table's bot finds the one it needs by :meth:`dig`)."""
        if self.ended:
            return []
        out: list[Move] = []
        for src in (NERTZ, WASTE, *range(len(self.work[seat]))):
            out += self.top_moves(seat, src)
        if shifts:
            out += self._shifts(seat)
        return out + self.stock_moves(seat)

    def top_moves(self, seat: int, src: int) -> list[Move]:
        """The legal moves of the card on top of ``seat``'s pile ``src`` alone (:meth:`pile`): to a
        foundation, and from the Nertz pile or the waste to a work pile (none from an empty pile)."""
        pile = self.pile(seat, src)
        if self.ended or not pile:
            return []
        card = pile[-1]
        if _RANKS[card] == 1:
            out = [(FOUND, seat, card, src, len(self.foundations))] if self._may_start(card) else []
        else:
            out = [(FOUND, seat, card, src, f) for f in self.wanted[_SUIT_RANKS[card]]]
        if src < 0:
            fill = self.opts.empty_fill
            may_fill = fill is EmptyFill.ANY or src == NERTZ or fill is EmptyFill.NERTZ_OR_WASTE
            out += [(WORK, seat, card, src, d) for d, p in enumerate(self.work[seat])
                    if (builds_down(card, p[-1]) if p else may_fill)]
        return out

    def top_stamps(self, seat: int) -> list[int]:
        """For each of ``seat``'s piles (by :meth:`pile`'s name plus 2: the waste, the Nertz pile,
        the work piles), the :attr:`version` of the last event that may have changed its
        :meth:`top_moves`: one that changed that pile (or, for the Nertz pile and the waste, a work
        pile), changed the foundations its top card fits, or ended the hand.  A listing made at
        version ``v`` stands while its pile's stamp is at most ``v`` (a table keeps it between looks)."""
        stamps = self.moved[seat][:]
        if self.ended:
            return [self.version] * len(stamps)
        fits = self.fits
        for i, pile in enumerate((self.waste[seat], self.nertz[seat], *self.work[seat])):
            if pile and fits[_SUIT_RANKS[pile[-1]]] > stamps[i]:
                stamps[i] = fits[_SUIT_RANKS[pile[-1]]]
        return stamps

    def _shifts(self, seat: int) -> list[Move]:
        """The moves between ``seat``'s work piles: a top card, or (``move_runs``) a run on top."""
        out: list[Move] = []
        work, o = self.work[seat], self.opts
        for j, pile in enumerate(work):
            for count in range(1, (len(pile) if o.move_runs else min(1, len(pile))) + 1):
                base = pile[-count]
                if count > 1 and not builds_down(pile[-count + 1], base):
                    break
                out += [(WORK, seat, base, j, d) for d, p in enumerate(work)
                        if d != j and (builds_down(base, p[-1]) if p else o.empty_fill is EmptyFill.ANY)]
        return out

    def stock_moves(self, seat: int) -> list[Move]:
        """``seat``'s moves that play no card: the stock turn (or the waste turned over, the stock
        used up) and, where the variant has it, the call."""
        if self.ended:
            return []
        out: list[Move] = []
        shown = self.turned(seat)
        if shown is not None:
            out.append((TURN, seat, shown, None, None))
        elif self.waste[seat]:
            out.append((RESET, seat, None, None, None))
        if self.opts.call is CallRule.OPTIONAL and not self.nertz[seat]:
            out.append((CALL, seat, None, None, None))
        return out

    # ------------------------------------------------------------------ everyone stuck

    def cycle_tops(self, seat: int) -> list[int]:
        """Every card that shows on top of the waste while ``seat`` turns its stock (and turns the
        waste over) until a position repeats, the current top included.

        The waste (bottom first) followed by the stock (top first) is one sequence that turns and
        resets never change: a turn moves the boundary between them on by ``stock_turn`` cards
        (at most to the end), a reset moves it back to the start, and the waste's top is the card
        before it.

        >>> from speedrules import load_variant
        >>> k = NertzKernel(load_variant("nertz"), [[0]], [[[1], [2], [3], [4]]], [[9, 8, 7, 6, 5]], [[10]])
        >>> k.cycle_tops(0)  # 10 shows; 5, 6, 7 turned: 7; 8, 9: 9; over, and 10, 5, 6: 6 (then 9 again)
        [10, 7, 9, 6]
        """
        cards = self.waste[seat] + self.stock[seat][::-1]
        end, turn = len(cards), self.turn
        at = len(self.waste[seat])
        seen: set[int] = set()
        shown: list[int] = []
        while at not in seen:
            seen.add(at)
            if at:
                shown.append(cards[at - 1])
            if at < end:
                at = min(at + turn, end)
            elif at:
                at = 0
            else:
                break
        return shown

    def _fits_foundation(self, card: int) -> bool:
        """Whether ``card`` may go to a foundation now."""
        return self._may_start(card) if _RANKS[card] == 1 else bool(self.wanted[_SUIT_RANKS[card]])

    def _may_start(self, ace: int) -> bool:
        """Whether ``ace`` may start a foundation now (per suit: none of its suit is open)."""
        return self.opts.foundations is Foundations.PER_ACE or not any(
            _SUITS[p[0]] == _SUITS[ace] and _RANKS[p[-1]] != 13 for p in self.foundations)

    def _can_progress(self, seat: int, work: Sequence[Sequence[int]], shown: Sequence[int]) -> bool:
        """Whether ``seat`` has a progress move with work piles ``work`` and any of ``shown`` as
        its waste top: a card to a foundation, the Nertz or waste top to a work pile, a call."""
        nertz = self.nertz[seat]
        if self.opts.call is CallRule.OPTIONAL and not nertz:
            return True
        singles = [p[-1] for p in work if p] + list(shown) + nertz[-1:]
        if any(self._fits_foundation(c) for c in singles):
            return True
        fill = self.opts.empty_fill
        feeds = [(WASTE, c) for c in shown] + [(NERTZ, c) for c in nertz[-1:]]
        for src, card in feeds:
            for pile in work:
                if pile and builds_down(card, pile[-1]):
                    return True
                if not pile and (fill is EmptyFill.ANY or src == NERTZ or fill is EmptyFill.NERTZ_OR_WASTE):
                    return True
        return False

    def _rearrangements(self, work: tuple[tuple[int, ...], ...]
                        ) -> Iterator[tuple[tuple[tuple[int, ...], ...], tuple[int, int, int]]]:
        """Every work-pile tuple one work-to-work move away, with that move ``(pile, count, onto)``."""
        any_fill = self.opts.empty_fill is EmptyFill.ANY
        for j, pile in enumerate(work):
            most = len(pile) if self.opts.move_runs else min(1, len(pile))
            for count in range(1, most + 1):
                if count > 1 and not builds_down(pile[-count + 1], pile[-count]):
                    break  # the run on top of the pile ends here (the pairs above it were checked)
                moving = pile[-count:]
                for d, target in enumerate(work):
                    if d != j and (builds_down(moving[0], target[-1]) if target else any_fill):
                        new = list(work)
                        new[j], new[d] = pile[:-count], target + moving
                        yield tuple(new), (j, count, d)

    def dig(self, seat: int) -> tuple[int, int, int] | None:
        """How ``seat`` gets to a progress move (docs/rules.md, ``nertz.stuck.false``): the first
        move ``(pile, count, onto)`` between its work piles on the shortest way to an arrangement
        with a progress move, ``(-1, 0, -1)`` when its piles are right as they are (the stock must
        show the card, or the move is there), ``None`` when the seat is stuck: no arrangement of
        its own work piles, with any waste top its stock cycle shows, has a progress move."""
        shown = self.cycle_tops(seat)
        start = tuple([tuple(p) for p in self.work[seat]])
        seen = {start}
        # each arrangement queued with the first move of the way to it ((-1, 0, -1): the start)
        queue: deque[tuple[tuple[tuple[int, ...], ...], tuple[int, int, int]]] = deque([(start, (-1, 0, -1))])
        while queue:
            work, way = queue.popleft()
            if self._can_progress(seat, work, shown):
                return way
            for nxt, move in self._rearrangements(work):
                known = len(seen)
                if known < SEARCH_LIMIT:
                    seen.add(nxt)  # one hash of the arrangement where a test and an add cost two
                    if len(seen) > known:
                        queue.append((nxt, move if way[1] == 0 else way))
        return None

    def seat_stuck(self, seat: int) -> bool:
        """Whether ``seat`` is stuck (:meth:`dig` finds no way)."""
        return self.dig(seat) is None

    def unstuck_seat(self) -> int:
        """The first seat that is not stuck (``-1``: none)."""
        return next((s for s in range(self.seats) if not self.seat_stuck(s)), -1)

    def is_stuck(self) -> bool:
        """Whether everyone is stuck (RULEBOOK: "If every player is stuck"), the hand not over."""
        return not self.ended and self.unstuck_seat() < 0

    # ------------------------------------------------------------------ scoring

    def hand_scores(self) -> tuple[int, ...]:
        """Each seat's score for the hand as it stands: +1 per card of its deck on the foundations,
        -``penalty`` per card left in its Nertz pile, ``caller_bonus`` to the caller,
        ``king_bonus`` per king of its deck on a foundation (docs/research/nertz.md, rule 10)."""
        o = self.opts
        placed = [0] * self.seats
        kings = [0] * self.seats
        for pile in self.foundations:
            for card in pile:
                placed[card // PACK] += 1
                if _RANKS[card] == 13:
                    kings[card // PACK] += 1
        return tuple(placed[s] - o.penalty * len(self.nertz[s]) + (o.caller_bonus if self.caller == s else 0)
                     + o.king_bonus * kings[s] for s in range(self.seats))

    # ------------------------------------------------------------------ the referee's contract

    def check(self, event: tuple[Any, ...]) -> Violation | None:
        return self.check_event(*event)

    def apply(self, event: tuple[Any, ...], index: int) -> None:
        kind, player, card, src, dst, t = event
        self.apply_event(kind, player, card, src, dst, t, index)

    def run(self, events: Iterable[tuple[int, int, Any, Any, Any, Any]],
            start: int = 0) -> tuple[int, Violation] | None:
        index = start - 1
        for kind, player, card, src, dst, t in events:
            index += 1
            problem = self.check_event(kind, player, card, src, dst, t)
            if problem is not None:
                return index, problem
            self.apply_event(kind, player, card, src, dst, t, index)
        return None

    def could_stand(self, event: tuple[Any, ...]) -> bool:
        """Whether the cards an illegal event moves were where it takes them from."""
        kind, player, card, src, dst = event[:5]
        if kind not in (FOUND, WORK) or type(player) is not int or not 0 <= player < self.seats:
            return False
        if type(card) is not int or card // PACK != player or not (src in (NERTZ, WASTE) or (
                type(src) is int and 0 <= src < len(self.work[player]))):
            return False
        pile = self.pile(player, src)
        if kind == FOUND:
            place = type(dst) is int and 0 <= dst <= len(self.foundations)
        else:
            place = type(dst) is int and 0 <= dst < len(self.work[player]) and dst != src
        return place and bool(pile) and (pile[-1] == card or (kind == WORK and src >= 0 and card in pile))

    def shadowed(self, event: tuple[Any, ...]) -> tuple[Any, ...]:
        return (*event[:-1], None)

    def correction(self, event: tuple[Any, ...], problem: Violation) -> str:
        kind = event[0]
        if kind in (FOUND, WORK):
            return "the card goes back where it was taken from"
        return f"the {KIND_NAMES[kind] if kind in range(len(KIND_NAMES)) else 'event'} was ignored"

    def void_reason(self, problem: Violation) -> str | None:
        return None

    def deal_fields(self, void: bool) -> tuple[bool, int | None, tuple[int, ...], bool, tuple[int, ...],
                                               tuple[Any, ...], tuple[int, ...]]:
        """Finished (called, or ended stuck), the caller as the winner of the hand, the cards left
        in each Nertz pile, ended stuck as a dead end, no ties, the collisions, the caller."""
        if void:
            return False, None, tuple([len(p) for p in self.nertz]), False, (), tuple(self.collisions), ()
        calls = (self.caller,) if self.caller is not None and self.opts.call is CallRule.OPTIONAL else ()
        return (self.ended, self.caller, tuple([len(p) for p in self.nertz]), self.ended and self.caller is None, (),
                tuple(self.collisions), calls)

    def table_view(self) -> Any:
        return None
