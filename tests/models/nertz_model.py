"""An independent reference model of Nertz (Nerts, Pounce, Racing Demon), from docs/research/nertz.md.

A test oracle: it imports nothing from ``speedrules`` and prefers plain, obviously correct code
to speed. Source keys in the docstrings (PAGAT, WIKI, GAMERULES, NNA, DKM, GUARDIAN, RULEBOOK,
OGR?, ...) are those of the digest's source table.

Conventions
-----------
* A card is ``Card(face, owner)``: ``face`` like ``"10H"``, ``owner`` the seat whose deck it is.
* Every pile is a tuple with its TOP CARD LAST (a work pile's last card is its exposed card).
* A source of a move is ``"nertz"``, ``"waste"`` or ``"w0"``, ``"w1"``, ... (a work pile).
* The game is real time; the model is an interleaving of single moves by any seat, plus the
  table's response to everyone being stuck (:func:`rotate`).

>>> s = deal(1, Options(players=3))
>>> [len(p.nertz) for p in s.seats], [len(p.stock) for p in s.seats]
([13, 13, 13], [35, 35, 35])
>>> all(check(s, m) is None for m in legal_moves(s))
True
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
FACES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""One standard pack per player, no jokers (PAGAT, WIKI, NNA)."""

_RANK_OF = {r + s: i + 1 for i, r in enumerate(RANKS) for s in SUITS}

NEW = -1
"""The ``dst`` of a foundation move that starts a new foundation with an ace."""


class Card(NamedTuple):
    """A card and the seat whose deck it belongs to (PAGAT: each deck has its own back)."""

    face: str
    owner: int


Pile = tuple[Card, ...]


class IllegalMove(ValueError):
    """A move the rules refuse; ``rule`` is a short rule name such as ``"found.build"``."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


@dataclass(frozen=True)
class Options:
    """The points where the sources disagree (digest, "Where the sources disagree")."""

    players: int = 2
    nertz_size: int = 13  # 13 most; 12 RDFORUM; 10 TGR, POUNCE-BLOG
    work_piles: int = 4  # four; RDFORUM mentions five
    stock_turn: int = 3  # threes; PAGAT "Some play ... one at a time"
    empty_fill: Literal["any", "nertz-or-waste", "nertz"] = "any"  # DKM / GUARDIAN / TGR
    move_runs: bool = True  # PAGAT, DKM, TGR; GUARDIAN, HOLLY: single cards
    foundations: Literal["per-ace", "per-suit"] = "per-ace"  # PAGAT, DKM / OGR?
    call: Literal["auto", "optional"] = "auto"  # WIKI, GAMERULES / GG101, OGR?
    penalty: int = 2  # WIKI, PAGAT, NNA / E2, GUARDIAN: 1
    caller_bonus: int = 0  # NNA, GUARDIAN: 10
    king_bonus: int = 0  # GUARDIAN: 5
    stuck_rotations: int = 1  # RULEBOOK, OGR?: rotate, then score
    target: int = 100  # WIKI, CRP; NNA 150

    def validate(self) -> None:
        """Refuse option sets outside the digest's ranges (open question 9)."""
        if not 2 <= self.players <= 8:
            raise ValueError("players must be 2..8 (WIKI: ideally 2-8)")
        if not 1 <= self.nertz_size <= 52 - self.work_piles:
            raise ValueError("nertz_size does not fit in a deck")
        if not 1 <= self.work_piles <= 8 or self.stock_turn not in (1, 2, 3):
            raise ValueError("work_piles must be 1..8 and stock_turn 1..3")
        if self.empty_fill not in ("any", "nertz-or-waste", "nertz"):
            raise ValueError(f"unknown empty_fill {self.empty_fill!r}")
        if self.foundations not in ("per-ace", "per-suit") or self.call not in ("auto", "optional"):
            raise ValueError("unknown foundations or call option")
        if self.stuck_rotations < 0 or self.penalty < 0:
            raise ValueError("stuck_rotations and penalty must not be negative")


@dataclass(frozen=True)
class Seat:
    """One player's own cards: Nertz pile (top face up), work piles, stock (face down), waste."""

    nertz: Pile
    work: tuple[Pile, ...]
    stock: Pile
    waste: Pile


class Move(NamedTuple):
    """A seat's move. ``kind`` is ``"foundation"`` (``src`` to foundation ``dst`` or ``NEW``),
    ``"work"`` (``size`` cards from ``src`` onto work pile ``dst``), ``"turn"`` (stock to
    waste), ``"reset"`` (waste turned over as the stock) or ``"call"`` (call Nertz)."""

    kind: str
    seat: int
    src: str = ""
    dst: int = 0
    size: int = 1


@dataclass(frozen=True)
class State:
    """A position of one hand. ``foundations`` are shared; ``caller`` is who called Nertz;
    ``ended`` says the hand is over (called, or stuck with no rotation left); ``rotations`` counts
    stuck responses since the last progress move (digest, open question 4)."""

    options: Options
    seats: tuple[Seat, ...]
    foundations: tuple[Pile, ...] = ()
    caller: int | None = None
    ended: bool = False
    rotations: int = 0
    progress: int = 0


# ---------------------------------------------------------------- cards


def rank(face: str) -> int:
    """Ace 1 up to king 13 (PAGAT: "A(low) 2 3 ... K(high)").

    >>> rank("AS"), rank("10H"), rank("KC")
    (1, 10, 13)
    """
    try:
        return _RANK_OF[face]
    except KeyError:
        raise ValueError(f"not a card: {face!r}") from None


def suit(face: str) -> str:
    """The suit letter of ``face``."""
    rank(face)
    return face[-1]


def red(face: str) -> bool:
    """Hearts and diamonds are red."""
    rank(face)
    return face[-1] in "HD"


def builds_down(lower: str, upper: str) -> bool:
    """Whether ``lower`` may lie on ``upper`` in a work pile: one rank lower, other colour
    (PAGAT, WIKI, GAMERULES: "built down in alternating colours").

    >>> builds_down("9H", "10S"), builds_down("9H", "10D"), builds_down("8H", "10S")
    (True, False, False)
    """
    return rank(lower) == rank(upper) - 1 and red(lower) != red(upper)


def builds_up(card: str, top: str) -> bool:
    """Whether ``card`` may go on a foundation showing ``top``: same suit, one rank higher
    (PAGAT "built up in suit from the ace to the king")."""
    return suit(card) == suit(top) and rank(card) == rank(top) + 1


# ---------------------------------------------------------------- deal


def deal(seed: int, options: Options | None = None) -> State:
    """One hand, dealt from ``seed`` (digest, "Model conventions"): one
    ``random.Random(seed)`` shuffles each seat's deck in seat order; from each shuffled deck the
    first ``nertz_size`` cards make the Nertz pile (the last of them on top, face up), the next
    ``work_piles`` cards start the work piles, and the rest are the stock, the first on top."""
    opts = options if options is not None else Options()
    opts.validate()
    rng = random.Random(seed)
    seats = []
    for owner in range(opts.players):
        deck = [Card(face, owner) for face in FACES]
        rng.shuffle(deck)
        n, w = opts.nertz_size, opts.work_piles
        work = tuple((card,) for card in deck[n : n + w])
        seats.append(Seat(nertz=tuple(deck[:n]), work=work, stock=tuple(reversed(deck[n + w :])), waste=()))
    return State(opts, tuple(seats))


# ---------------------------------------------------------------- reading a position


def _source_cards(seat: Seat, src: str, count: int) -> Pile:
    """The ``count`` top cards of ``src`` (empty if it has fewer)."""
    if src == "nertz":
        pile = seat.nertz
    elif src == "waste":
        pile = seat.waste
    elif src.startswith("w") and src[1:].isdigit() and int(src[1:]) < len(seat.work):
        pile = seat.work[int(src[1:])]
    else:
        raise IllegalMove("source.name", f"no source {src!r}")
    return pile[len(pile) - count :] if 0 < count <= len(pile) else ()


def is_run(cards: Pile) -> bool:
    """Whether ``cards`` (bottom first) may move together: each card one rank below, and of the
    other colour from, the card under it (PAGAT "When a card is moved, all cards on top of it are
    moved as well"; DKM "any sequence of cards")."""
    return all(builds_down(above.face, below.face) for below, above in itertools.pairwise(cards))


def is_open(pile: Pile) -> bool:
    """Whether a foundation may still grow (its top is not a king)."""
    return rank(pile[-1].face) != 13


def _foundation_refusal(state: State, card: Card, dst: int) -> str | None:
    """The rule ``card`` breaks going to foundation ``dst`` (``NEW`` starts one), or ``None``.

    PAGAT: any available ace starts a new foundation, which anyone builds up in suit. With
    ``foundations="per-suit"`` (OGR? "only one of each suit foundation in play at one time") an
    ace needs every earlier pile of its suit to be complete."""
    if dst == NEW:
        if rank(card.face) != 1:
            return "found.ace"
        same_suit_open = any(suit(p[0].face) == suit(card.face) and is_open(p) for p in state.foundations)
        if state.options.foundations == "per-suit" and same_suit_open:
            return "found.suit-open"
        return None
    if not 0 <= dst < len(state.foundations):
        return "found.index"
    return None if builds_up(card.face, state.foundations[dst][-1].face) else "found.build"


def _fill_allowed(options: Options, src: str) -> bool:
    """Whether a card from ``src`` may start an empty work pile (digest, open question 2):
    ``any`` (DKM, PAGAT copy), ``nertz-or-waste`` (GUARDIAN), ``nertz`` (TGR, DEMONPC, HOLLY)."""
    if options.empty_fill == "any":
        return True
    if options.empty_fill == "nertz-or-waste":
        return src in ("nertz", "waste")
    return src == "nertz"


def _work_refusal(options: Options, seat: Seat, src: str, moving: Pile, dst: int) -> str | None:
    """The rule ``moving`` (bottom first) breaks going onto work pile ``dst``, or ``None``."""
    if not 0 <= dst < len(seat.work):
        return "work.index"
    if src == f"w{dst}":
        return "work.same"
    target = seat.work[dst]
    if not target:
        return None if _fill_allowed(options, src) else "work.fill"
    return None if builds_down(moving[0].face, target[-1].face) else "work.build"


def _judge(state: State, move: Move) -> None:
    """Raise :class:`IllegalMove` unless ``move`` is legal in ``state``."""
    if state.ended:
        raise IllegalMove("move.after-end", "the hand is over")
    if not 0 <= move.seat < len(state.seats):
        raise IllegalMove("move.seat", f"no seat {move.seat}")
    seat = state.seats[move.seat]
    refusal = _refusal(state, seat, move)
    if refusal is not None:
        raise IllegalMove(refusal, f"{move} refused")


def _refusal(state: State, seat: Seat, move: Move) -> str | None:
    """The rule a move by ``seat`` breaks, or ``None`` (digest, rules 4-8)."""
    opts = state.options
    if move.kind == "foundation":
        if move.size != 1:
            return "found.count"  # one card at a time onto a foundation
        cards = _source_cards(seat, move.src, 1)
        return "source.empty" if not cards else _foundation_refusal(state, cards[0], move.dst)
    if move.kind == "work":
        if move.src in ("nertz", "waste") and move.size != 1:
            return "work.count"
        if move.size != 1 and not opts.move_runs:
            return "work.runs"  # GUARDIAN, HOLLY: only the exposed card moves
        cards = _source_cards(seat, move.src, move.size)
        if not cards:
            return "source.empty"
        return "work.run" if not is_run(cards) else _work_refusal(opts, seat, move.src, cards, move.dst)
    if move.kind == "turn":
        return None if seat.stock else "stock.empty"
    if move.kind == "reset":
        return None if not seat.stock and seat.waste else "stock.reset"
    if move.kind == "call":
        if opts.call != "optional":
            return "call.auto"
        return None if not seat.nertz else "call.nertz"
    return "move.kind"


def check(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal now, else the name of the rule it breaks.

    >>> s = deal(1)
    >>> check(s, Move("turn", 0)), check(s, Move("reset", 0)), check(s, Move("foundation", 0, "w9"))
    (None, 'stock.reset', 'source.name')
    """
    try:
        _judge(state, move)
    except IllegalMove as refusal:
        return refusal.rule
    return None


# ---------------------------------------------------------------- listing moves


def _single_sources(seat: Seat) -> Iterator[tuple[str, Card]]:
    """Every single card a seat may take: Nertz top, waste top, each work pile's top."""
    if seat.nertz:
        yield "nertz", seat.nertz[-1]
    if seat.waste:
        yield "waste", seat.waste[-1]
    for j, pile in enumerate(seat.work):
        if pile:
            yield f"w{j}", pile[-1]


def _candidates(state: State, i: int) -> Iterator[Move]:
    """A superset of seat ``i``'s legal moves, narrowed by rank and suit (the test suite checks
    it against :func:`syntactic_moves`); :func:`legal_moves` filters it through :func:`check`."""
    seat = state.seats[i]
    for src, card in _single_sources(seat):
        yield Move("foundation", i, src, NEW)
        for f, pile in enumerate(state.foundations):
            if suit(pile[-1].face) == suit(card.face):
                yield Move("foundation", i, src, f)
    def onto(base: Card) -> list[int]:
        return [d for d, p in enumerate(seat.work) if not p or rank(p[-1].face) == rank(base.face) + 1]

    for src, pile in (("nertz", seat.nertz), ("waste", seat.waste)):
        if pile:
            yield from (Move("work", i, src, d) for d in onto(pile[-1]))
    for j, pile in enumerate(seat.work):
        for count in range(1, len(pile) + 1):
            if not is_run(pile[len(pile) - count :]):
                break  # a longer top part is no sequence either
            yield from (Move("work", i, f"w{j}", d, count) for d in onto(pile[-count]) if d != j)
    yield from (Move("turn", i), Move("reset", i), Move("call", i))


def legal_moves(state: State) -> list[Move]:
    """Every legal move of every seat, seat by seat."""
    if state.ended:
        return []
    return [m for i in range(len(state.seats)) for m in _candidates(state, i) if check(state, m) is None]


def syntactic_moves(state: State) -> list[Move]:
    """Every well-formed move of every seat, legal or not (for completeness tests)."""
    moves: list[Move] = []
    for i, seat in enumerate(state.seats):
        srcs = ["nertz", "waste", *(f"w{j}" for j in range(len(seat.work)))]
        for src in srcs:
            moves += [Move("foundation", i, src, f) for f in range(NEW, len(state.foundations))]
            moves += [Move("work", i, src, d, c) for d in range(len(seat.work)) for c in range(1, 14)]
        moves += [Move("turn", i), Move("reset", i), Move("call", i)]
    return moves


def is_progress(move: Move) -> bool:
    """A move that can happen only finitely often (digest, open question 4): a card to a
    foundation, the Nertz top or the waste top to a work pile, or a call."""
    return move.kind in ("foundation", "call") or (move.kind == "work" and move.src in ("nertz", "waste"))


# ---------------------------------------------------------------- applying moves


def _take(seat: Seat, src: str, count: int) -> tuple[Seat, Pile]:
    """``seat`` without the top ``count`` cards of ``src``, and those cards (bottom first)."""
    cards = _source_cards(seat, src, count)
    if src == "nertz":
        return replace(seat, nertz=seat.nertz[:-count]), cards
    if src == "waste":
        return replace(seat, waste=seat.waste[:-count]), cards
    j = int(src[1:])
    work = list(seat.work)
    work[j] = work[j][:-count]
    return replace(seat, work=tuple(work)), cards


def _moved(seat: Seat, move: Move, state: State) -> tuple[Seat, tuple[Pile, ...]]:
    """The seat and the foundations after a legal ``move`` (stock turned by ``stock_turn``,
    waste turned over whole: PAGAT, GAMERULES, DKM)."""
    foundations = state.foundations
    if move.kind == "turn":
        k = min(state.options.stock_turn, len(seat.stock))
        packet = seat.stock[len(seat.stock) - k :]
        return replace(seat, stock=seat.stock[:-k], waste=seat.waste + tuple(reversed(packet))), foundations
    if move.kind == "reset":
        return replace(seat, stock=tuple(reversed(seat.waste)), waste=()), foundations
    if move.kind == "call":
        return seat, foundations
    seat, cards = _take(seat, move.src, move.size)
    if move.kind == "foundation":
        if move.dst == NEW:
            return seat, (*foundations, cards)
        piles = list(foundations)
        piles[move.dst] = piles[move.dst] + cards
        return seat, tuple(piles)
    work = list(seat.work)
    work[move.dst] = work[move.dst] + cards
    return replace(seat, work=tuple(work)), foundations


def apply(state: State, move: Move) -> State:
    """The position after ``move``; raises :class:`IllegalMove` if it is illegal. With
    ``call="auto"`` the hand ends the moment a Nertz pile empties (WIKI, GAMERULES, E2); with
    ``"optional"`` it ends at the ``call`` (GG101 "may call")."""
    _judge(state, move)
    seat, foundations = _moved(state.seats[move.seat], move, state)
    seats = list(state.seats)
    seats[move.seat] = seat
    after = replace(state, seats=tuple(seats), foundations=foundations)
    if is_progress(move):
        after = replace(after, rotations=0, progress=state.progress + 1)
    emptied = move.src == "nertz" and not seat.nertz and state.options.call == "auto"
    if move.kind == "call" or emptied:
        after = replace(after, caller=move.seat, ended=True)
    return after


# ---------------------------------------------------------------- everyone stuck


def cycle_tops(seat: Seat, stock_turn: int) -> list[Card]:
    """Every card that shows on top of the waste while the seat turns its stock (and turns the
    waste over) until a position repeats, the current top included."""
    stock, waste = seat.stock, seat.waste
    seen: set[tuple[Pile, Pile]] = set()
    shown: list[Card] = []
    while (stock, waste) not in seen:
        seen.add((stock, waste))
        if waste:
            shown.append(waste[-1])
        if stock:
            k = min(stock_turn, len(stock))
            stock, waste = stock[:-k], waste + tuple(reversed(stock[len(stock) - k :]))
        elif waste:
            stock, waste = tuple(reversed(waste)), ()
        else:
            break
    return shown


def _can_progress(state: State, seat: Seat, shown: list[Card]) -> bool:
    """Whether ``seat`` has a progress move now, with any of ``shown`` as its waste top."""
    opts = state.options
    if opts.call == "optional" and not seat.nertz:
        return True
    singles = [c for _, c in _single_sources(replace(seat, waste=()))] + shown
    dsts = [NEW, *range(len(state.foundations))]
    if any(_foundation_refusal(state, c, d) is None for c in singles for d in dsts):
        return True
    feeds = [("waste", c) for c in shown] + ([("nertz", seat.nertz[-1])] if seat.nertz else [])
    return any(
        _work_refusal(opts, seat, src, (card,), d) is None for src, card in feeds for d in range(len(seat.work))
    )


def _rearrangements(options: Options, work: tuple[Pile, ...]) -> Iterator[tuple[Pile, ...]]:
    """Every work-pile tuple one work-to-work move away (rule 5, open question 3)."""
    for j, pile in enumerate(work):
        counts = range(1, len(pile) + 1) if options.move_runs else range(1, min(1, len(pile)) + 1)
        for count in counts:
            moving = pile[len(pile) - count :]
            if not is_run(moving):
                break
            for d, target in enumerate(work):
                fits = options.empty_fill == "any" if not target else builds_down(moving[0].face, target[-1].face)
                if d != j and fits:
                    new = list(work)
                    new[j], new[d] = pile[:-count], target + moving
                    yield tuple(new)


SEARCH_LIMIT = 50_000
"""A bound on the work-pile positions one stuck test visits (never reached in the tests)."""


def seat_stuck(state: State, i: int) -> bool:
    """Whether seat ``i`` is stuck (digest, open question 4): no rearrangement of its own work
    piles, with any waste top its stock cycle shows, leads to a progress move."""
    seat = state.seats[i]
    shown = cycle_tops(seat, state.options.stock_turn)
    seen = {seat.work}
    queue = deque([seat.work])
    while queue:
        work = queue.popleft()
        if _can_progress(state, replace(seat, work=work), shown):
            return False
        for nxt in _rearrangements(state.options, work):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
        if len(seen) > SEARCH_LIMIT:
            raise RuntimeError("work-pile search limit reached")
    return True


def is_stuck(state: State) -> bool:
    """Whether everyone is stuck (RULEBOOK: "If every player is stuck")."""
    return not state.ended and all(seat_stuck(state, i) for i in range(len(state.seats)))


def rotate(state: State) -> State:
    """The table's response to everyone being stuck: each seat puts its waste, face down, on its
    stock and moves the stock's top card to the bottom (RULEBOOK, OGR?); once ``stuck_rotations``
    responses have gone by with no progress, the hand ends instead, with no caller (OGR? "If after
    doing this players get stuck again, go on scoring")."""
    if state.ended:
        raise IllegalMove("rotate.after-end", "the hand is over")
    if not is_stuck(state):
        raise IllegalMove("rotate.not-stuck", "somebody can still make progress")
    if state.rotations >= state.options.stuck_rotations:
        return replace(state, ended=True)
    seats = []
    for seat in state.seats:
        stock = seat.stock + tuple(reversed(seat.waste))
        seats.append(replace(seat, stock=(stock[-1], *stock[:-1]) if stock else (), waste=()))
    return replace(state, seats=tuple(seats), rotations=state.rotations + 1)


# ---------------------------------------------------------------- scoring


def hand_scores(state: State) -> tuple[int, ...]:
    """Each seat's score for the hand as it stands (digest, rule 10 and open questions 5, 6):
    +1 per card of its deck on the foundations (WIKI, PAGAT), -``penalty`` per card left in its
    Nertz pile, ``caller_bonus`` to the caller (NNA, GUARDIAN), ``king_bonus`` per king of its deck
    on a foundation (GUARDIAN)."""
    opts = state.options
    scores = []
    for s, seat in enumerate(state.seats):
        mine = [c for pile in state.foundations for c in pile if c.owner == s]
        kings = sum(1 for c in mine if rank(c.face) == 13)
        bonus = opts.caller_bonus if state.caller == s else 0
        scores.append(len(mine) - opts.penalty * len(seat.nertz) + bonus + opts.king_bonus * kings)
    return tuple(scores)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: ``caller`` (``None`` when it ended stuck) and the hand's scores."""

    caller: int | None
    reason: str
    scores: tuple[int, ...]


def result(state: State) -> HandResult | None:
    """The hand's result once it has ended, else ``None``."""
    if not state.ended:
        return None
    return HandResult(state.caller, "nertz" if state.caller is not None else "stuck", hand_scores(state))


def match_winner(totals: tuple[int, ...], target: int) -> int | None:
    """The game's winner after a hand: the single highest total once somebody has reached
    ``target`` (WIKI "a set score like 100"); a tie at the top plays on (open question 11).

    >>> match_winner((101, 99), 100), match_winner((101, 101), 100), match_winner((50, 60), 100)
    (0, None, None)
    """
    best = max(totals)
    leaders = [s for s, total in enumerate(totals) if total == best]
    return leaders[0] if best >= target and len(leaders) == 1 else None


def all_cards(state: State) -> list[Card]:
    """Every card of the hand, wherever it lies."""
    cards = [c for pile in state.foundations for c in pile]
    for seat in state.seats:
        cards += [*seat.nertz, *seat.stock, *seat.waste]
        cards += [c for pile in seat.work for c in pile]
    return cards


# ---------------------------------------------------------------- random play


def random_step(state: State, rng: random.Random) -> State:
    """One step of a random game: mostly a progress move when one is open, else a stock turn or
    a rearrangement, and the stuck response when everyone is stuck."""
    moves = legal_moves(state)
    progress = [m for m in moves if is_progress(m)]
    if progress and rng.random() < 0.8:
        return apply(state, rng.choice(progress))
    if not progress and is_stuck(state):
        return rotate(state)
    stock = [m for m in moves if m.kind in ("turn", "reset")]
    if stock and rng.random() < 0.7:
        return apply(state, rng.choice(stock))
    return apply(state, rng.choice(moves))


def play_random(seed: int, options: Options | None = None, max_steps: int = 20_000) -> tuple[State, int]:
    """Deal a hand from ``seed`` and play random steps (``random.Random(seed + 1)``) until it ends
    or ``max_steps`` steps were taken; returns the state and the number of steps."""
    state = deal(seed, options)
    rng = random.Random(seed + 1)
    steps = 0
    while not state.ended and steps < max_steps:
        state = random_step(state, rng)
        steps += 1
    return state, steps


@dataclass(frozen=True)
class MatchResult:
    """A game of hands: the winner (``None`` if ``max_hands`` ran out), totals, hands played."""

    winner: int | None
    totals: tuple[int, ...]
    hands: int


def play_match(seed: int, options: Options | None = None, max_hands: int = 100) -> MatchResult:
    """Random hands (hand ``k`` dealt from seed ``seed * 1000 + k``) until :func:`match_winner`."""
    opts = options if options is not None else Options()
    totals = (0,) * opts.players
    for k in range(max_hands):
        final, _ = play_random(seed * 1000 + k, opts)
        if not final.ended:
            raise RuntimeError(f"hand {k} of match {seed} did not end")
        totals = tuple(t + s for t, s in zip(totals, hand_scores(final), strict=True))
        winner = match_winner(totals, opts.target)
        if winner is not None:
            return MatchResult(winner, totals, k + 1)
    return MatchResult(None, totals, max_hands)
