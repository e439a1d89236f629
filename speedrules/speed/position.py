"""The position notation: the whole state of a deal as one line of text, like chess's FEN.

:meth:`speedrules.Game.position` writes it and :meth:`speedrules.Game.from_position` reads
it back; :class:`Position` is the parsed value in between.  The notation has eight fields
separated by single spaces, and a ninth while plays are landing on one pile at one instant:

1. **hands**, one per seat, separated by ``/``; the cards of each in hand order;
2. **draw stacks**, one per seat, top card first;
3. **centre piles**, top card first; a joker on top that was played as a rank carries it
   (``JK=Q``); a joker on top that was turned up (a starter, a flip) is wild and has none;
4. **reserves**, one per pile, top card first;
5. **draws owed**, one number per seat: how many cards the refill rule still requires
   that seat to draw before its next play;
6. **status**: ``down`` before the reveal (the piles hold their face-down starters), else
   ``up``, followed by comma-separated flags: ``out=S`` (seat S went out, its call is
   due), ``won=S``, ``tie=S+S`` (the seats that went out at one instant), ``called=S+S``,
   ``pickup=S+S`` (seats that missed their call and must pick up a pile), and
   ``finish=T`` (the time at which the first seat went out);
7. **clock**: the time of the latest timed event, in ms (``0`` before any); no later
   event may be timed earlier;
8. **count**: the number of actions since the deal (collision records number the
   events from the deal, so a game rebuilt from a position numbers on from here);
9. **instant** (only under the ``lower-stays`` and ``return-both`` collision policies,
   while the latest event was a timed play): ``instant:`` and ``;``-separated items:
   ``pile=P`` the pile, ``before=TOP`` its top before this instant (``-`` empty),
   ``plays=S@I+S@I`` the seats and event numbers of the plays that landed on it at this
   instant, ``kept=I:CARDS`` the play whose cards stay (``kept=-``: none, every card went
   back), ``debt=N`` and ``was=FLAGS`` the draws owed by the kept play's seat and the
   status flags from before it (``-`` for none), which come back if a later card at the
   same instant displaces it.

Cards are written as everywhere else (``10S``, ``JK``), separated by commas; an empty
stack is ``-``.

>>> text = "JC,10S/KD - AH/QH - 0/0 up 0 1"
>>> str(Position.parse(text)) == text
True
>>> Position.parse("JC,10S/KD - AH/QH - 0/0 sideways 0 1")
Traceback (most recent call last):
...
speedrules.core.errors.PositionError: position field 6 (status): 'sideways' is neither 'down' nor 'up'
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..core.cards import JOKER_CODE, RANK_NAMES, TEXT_OF, parse_rank
from ..core.checks import MAX_COUNT as MAX_COUNT
from ..core.checks import MAX_TIME as MAX_TIME
from ..core.deck import card_difference, deck_counts
from ..core.errors import CardError, PositionError, brief
from ..core.notation import MAX_POSITION_CHARS as MAX_POSITION_CHARS
from ..core.notation import (
    Stacks,
    read_cards,
    read_count,
    read_stacks,
    read_time,
    split_fields,
    stack_text,
    stacks_text,
    time_text,
)
from ..core.variant import Collisions, Variant


@attrs.frozen(slots=True)
class Finish:
    """Who is out and how: the status flags of a position other than ``up``/``down`` and
    ``pickup``.  ``finish`` is the time the first seat went out (``None`` if untimed)."""

    won: int | None = None
    out: int | None = None
    tied: tuple[int, ...] = ()
    called: tuple[int, ...] = ()
    finish: float | int | None = None

    def seats_out(self) -> set[int]:
        return {s for s in (self.won, self.out) if s is not None} | set(self.tied)


@attrs.frozen(slots=True)
class Instant:
    """Plays landing on one pile at the position's clock, under a collision policy that may
    still move cards if another one lands at the same time (field 9 of the notation)."""

    pile: int
    before: int
    """The code of the pile's top before this instant, ``-1`` for an empty pile."""
    before_declared: int
    """The rank a joker ``before`` was played as (0: none, a wild joker or not a joker)."""
    plays: tuple[tuple[int, int], ...]
    """``(seat, event number)`` of each play that landed at this instant, in order."""
    kept: tuple[int, tuple[int, ...], tuple[int, ...]] | None
    """``(event number, card codes, declared ranks)`` of the play whose cards stay."""
    debt: int
    was: Finish


@attrs.frozen(slots=True)
class Position:
    """The whole state of a deal (see the module for the notation).  Stacks are card codes,
    top card first; ``declared`` gives, per pile, the rank a joker on top was played as (0:
    none).  :meth:`parse` reads the text, ``str()`` writes it; ``Game.from_position``
    checks a position against its variant before playing on from it."""

    hands: Stacks
    draws: Stacks
    piles: Stacks
    declared: tuple[int, ...]
    reserves: Stacks
    owed: tuple[int, ...]
    revealed: bool
    finish: Finish
    pickup: tuple[int, ...]
    clock: float | int
    count: int
    instant: Instant | None = None

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position's text (well formed, not yet checked against a variant); a
        :class:`~speedrules.core.errors.PositionError` names the field that is not."""
        fields = split_fields(text, PositionError)
        if not 8 <= len(fields) <= 9:
            raise PositionError(None, f"a position has 8 fields (9 during a collision) separated by single "
                                      f"spaces, not {len(fields)}: {brief(text)}")
        hands, draws, piles_text, reserves, owed, status, clock, count = fields[:8]
        piles, declared = _piles(piles_text)
        revealed, finish, pickup = _status(status)
        instant = _instant(fields[8]) if len(fields) == 9 else None
        return cls(read_stacks(hands, 1), read_stacks(draws, 2), piles, declared, read_stacks(reserves, 4),
                   _numbers(owed, 5), revealed, finish, pickup, read_time(clock, 7), read_count(count, 8), instant)

    def __str__(self) -> str:
        piles = "/".join(stack_text(p) + _declared_text(d)
                         for p, d in zip(self.piles, self.declared, strict=True))
        fields = [stacks_text(self.hands), stacks_text(self.draws), piles, stacks_text(self.reserves),
                  "/".join(map(str, self.owed)), _status_text(self.revealed, self.finish, self.pickup),
                  time_text(self.clock), str(self.count)]
        if self.instant is not None:
            fields.append(_instant_text(self.instant))
        return " ".join(fields)

    def problem(self, variant: Variant) -> PositionError | None:
        """Why this is not a position of ``variant``, or ``None``.

        Checked: the number of seats and piles; that the cards are the variant's deck,
        each exactly once; the draws owed (never more than the draw stack or the hand
        limit, none where the refill rule owes none); the status (seats that exist, the
        winner, the seat out and the tied seats holding no card, callers among them);
        before the reveal, one starter per pile and nothing else begun; the instant
        (its pile and plays, the kept cards on top of the pile).  Not checked: that play
        could have reached the position.
        """
        v = variant
        players, n_piles = v.players, v.piles
        for field, stacks, size in ((1, self.hands, players), (2, self.draws, players), (3, self.piles, n_piles),
                                    (4, self.reserves, n_piles), (5, self.owed, players)):
            if len(stacks) != size:
                what = "seat" if size == players else "pile"
                return PositionError(field, f"{len(stacks)} given, for {size} {what}s ({v.name})")
        difference = card_difference([*self.hands, *self.draws, *self.piles, *self.reserves],
                                     deck_counts(v.packs, v.jokers))
        if difference is not None:
            return PositionError(None, f"the cards are not the deck of {v.name}: {difference}")
        for seat, owed in enumerate(self.owed):
            if owed > min(len(self.draws[seat]), v.hand_limit):
                return PositionError(5, f"seat {seat} owes {owed} draw(s), but the most it can owe is "
                                 f"{min(len(self.draws[seat]), v.hand_limit)} (its draw stack and the hand limit)")
            if owed and not v.owes_draws:
                return PositionError(5, f"seat {seat} owes {owed} draw(s), but {v.name}'s refill rule owes none")
        for pile, (stack, declared) in enumerate(zip(self.piles, self.declared, strict=True)):
            if declared and not (stack and stack[0] == JOKER_CODE):
                return PositionError(3, f"pile {pile} has a declared rank, but no joker on top")
        problem = self._status_problem(v)
        if problem is not None:
            return problem
        return None if self.instant is None else self._instant_problem(v)

    def _status_problem(self, v: Variant) -> PositionError | None:
        finish, players = self.finish, v.players
        seats = [s for s in (finish.won, finish.out) if s is not None]
        for seat in (*seats, *finish.tied, *finish.called, *self.pickup):
            if not 0 <= seat < players:
                return PositionError(6, f"there is no seat {seat} in a {players}-player game")
        if not self.revealed:
            if finish != Finish() or self.pickup or self.count or self.clock or self.instant is not None:
                return PositionError(6, "before the reveal ('down') nothing else has happened: no flags, "
                                 "a clock and a count of 0, no instant")
            if any(len(p) != 1 for p in self.piles) or any(self.declared):
                return PositionError(3, "before the reveal each pile is its one face-down starter")
            return None
        if len(seats) + bool(finish.tied) > 1:
            return PositionError(6, "at most one of won=, out= and tie= at a time")
        if len(finish.tied) == 1:
            return PositionError(6, "a tie needs two seats or more")
        for seat in finish.seats_out():
            if self.hands[seat] or self.draws[seat]:
                return PositionError(6, f"seat {seat} is out (won, out or tied) but still holds cards")
        if not set(finish.called) <= finish.seats_out():
            return PositionError(6, "only a seat that went out can have called")
        if finish.finish is not None and (not finish.seats_out() or finish.finish > self.clock):
            return PositionError(6, "finish= is the time a seat went out: it needs one out, and is not after the clock")
        if set(self.pickup) & finish.seats_out():
            return PositionError(6, "a seat owing a pickup is not out")
        return None

    def _instant_problem(self, v: Variant) -> PositionError | None:
        instant = self.instant
        assert instant is not None
        if v.collisions is Collisions.FIRST_LANDS:
            return PositionError(9, f"{v.name}'s collision policy is first-lands: no play waits on another")
        if not self.revealed:
            return PositionError(9, "no play lands before the reveal")
        if not 0 <= instant.pile < v.piles:
            return PositionError(9, f"there is no centre pile {instant.pile}")
        seats = [seat for seat, _ in instant.plays]
        numbers = [number for _, number in instant.plays]
        if not seats or any(not 0 <= s < v.players for s in seats) or len(set(seats)) != len(seats):
            return PositionError(9, "plays= lists one play or more, each by a different seat of the game")
        if numbers != sorted(set(numbers)) or numbers[-1] >= self.count:
            return PositionError(9, "plays= numbers its events in order, each before the count")
        pile = self.piles[instant.pile]
        kept = instant.kept
        if kept is None:
            if len(numbers) < 2 or v.collisions is not Collisions.RETURN_BOTH:
                return PositionError(9, "kept=- (every card went back) needs two plays under return-both")
            if (pile[0] if pile else -1) != instant.before or self.declared[instant.pile] != instant.before_declared:
                return PositionError(9, "with every card gone back, the pile's top is the one before the instant")
            return None
        if kept[0] not in numbers:
            return PositionError(9, "kept= names a play that is not in plays=")
        if v.collisions is Collisions.RETURN_BOTH and len(numbers) > 1:
            return PositionError(9, "under return-both a collision sends every card back (kept=-)")
        codes = kept[1]
        if not codes or tuple(pile[:len(codes)]) != tuple(reversed(codes)):
            return PositionError(9, "the kept play's cards are not the top of its pile")
        under = pile[len(codes)] if len(pile) > len(codes) else -1
        if under != instant.before:
            return PositionError(9, "before= is not the card under the kept play's cards")
        seat = seats[numbers.index(kept[0])]
        if instant.debt > v.hand_limit:
            return PositionError(9, f"debt={instant.debt} is more than the hand limit")
        was = instant.was
        if was.seats_out() - {seat} - self.finish.seats_out() or not set(was.called) <= was.seats_out():
            return PositionError(9, "was= holds flags that cannot have come before the kept play")
        return None


# ---------------------------------------------------------------------- reading

def _piles(text: str) -> tuple[Stacks, tuple[int, ...]]:
    piles, declared = [], []
    for part in text.split("/"):
        cards, mark, rank = part.partition("=")
        piles.append(read_cards(cards, 3))
        if mark:
            try:
                declared.append(parse_rank(rank) if rank.strip() == rank else 0)
            except CardError:
                declared.append(0)
            if not declared[-1]:
                raise PositionError(3, f"{brief(rank)} is not a rank (a joker on top is written JK=Q)")
        else:
            declared.append(0)
    return tuple(piles), tuple(declared)


def _numbers(text: str, field: int) -> tuple[int, ...]:
    return tuple(read_count(part, field) for part in text.split("/"))


def _seats(text: str, field: int) -> tuple[int, ...]:
    seats = tuple(read_count(part, field, "a seat number") for part in text.split("+"))
    if list(seats) != sorted(set(seats)):
        raise PositionError(field, f"{brief(text)}: seats are listed once each, in order")
    return seats


def _flags(text: str, field: int) -> tuple[Finish, tuple[int, ...]]:
    found: dict[str, str] = {}
    if text != "-":
        for flag in text.split(","):
            name, mark, value = flag.partition("=")
            if not mark or name not in ("won", "out", "tie", "called", "pickup", "finish"):
                raise PositionError(field, f"{brief(flag)} is not a flag (won=, out=, tie=, called=, pickup=, finish=)")
            if name in found:
                raise PositionError(field, f"{name}= is given twice")
            found[name] = value
    def seat(name: str) -> int | None:
        return None if name not in found else read_count(found[name], field, "a seat number")
    finish = Finish(won=seat("won"), out=seat("out"), tied=_seats(found["tie"], field) if "tie" in found else (),
                    called=_seats(found["called"], field) if "called" in found else (),
                    finish=read_time(found["finish"], field) if "finish" in found else None)
    return finish, _seats(found["pickup"], field) if "pickup" in found else ()


def _status(text: str) -> tuple[bool, Finish, tuple[int, ...]]:
    state, _, flags = text.partition(",")
    if state not in ("down", "up"):
        raise PositionError(6, f"{brief(state)} is neither 'down' nor 'up'")
    if not flags:
        return state == "up", Finish(), ()
    finish, pickup = _flags(flags, 6)
    return state == "up", finish, pickup


def _instant(text: str) -> Instant:
    if not text.startswith("instant:"):
        raise PositionError(9, f"{brief(text)} does not start with 'instant:'")
    items: dict[str, str] = {}
    for item in text[len("instant:"):].split(";"):
        name, mark, value = item.partition("=")
        if not mark or name in items:
            raise PositionError(9, f"{brief(item)} is not an item name=value given once")
        items[name] = value
    wanted = ("pile", "before", "plays", "kept", "debt", "was")
    if sorted(items) != sorted(wanted):
        raise PositionError(9, f"the instant has the items {', '.join(wanted)}, each once")
    before, _, before_rank = items["before"].partition("=")
    before_codes = read_cards(before, 9)
    if len(before_codes) > 1:
        raise PositionError(9, "before= is one card, or - for an empty pile")
    declared = 0
    if before_rank:
        _, ranks = _piles("JK=" + before_rank)
        declared = ranks[0]
    plays = []
    for play in items["plays"].split("+"):
        seat, mark, number = play.partition("@")
        if not mark:
            raise PositionError(9, f"{brief(play)} is not a play SEAT@EVENT")
        plays.append((read_count(seat, 9, "a seat number"), read_count(number, 9)))
    kept: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
    if items["kept"] != "-":
        number, mark, cards = items["kept"].partition(":")
        if not mark:
            raise PositionError(9, f"{brief(items['kept'])} is not EVENT:CARDS or -")
        codes: list[int] = []
        ranks_declared: list[int] = []
        for card in cards.split(","):
            face, _, rank = card.partition("=")
            codes.extend(read_cards(face, 9))
            if rank:
                ranks_declared.append(_piles("JK=" + rank)[1][0])
        kept = (read_count(number, 9), tuple(codes), tuple(ranks_declared))
    was, pickup = _flags(items["was"], 9)
    if pickup:
        raise PositionError(9, "was= holds no pickup= flag")
    return Instant(read_count(items["pile"], 9, "a pile number"), before_codes[0] if before_codes else -1,
                   declared, tuple(plays), kept, read_count(items["debt"], 9), was)


# ---------------------------------------------------------------------- writing

def _rank_text(rank: int) -> str:
    return RANK_NAMES[rank] if 1 <= rank <= 13 else str(rank)


def _declared_text(rank: int) -> str:
    return f"={_rank_text(rank)}" if rank else ""


def _seats_text(seats: Sequence[int]) -> str:
    return "+".join(map(str, seats))


def _flags_text(finish: Finish, pickup: Sequence[int]) -> list[str]:
    flags = [f"{name}={seat}" for name, seat in (("won", finish.won), ("out", finish.out)) if seat is not None]
    if finish.tied:
        flags.append("tie=" + _seats_text(finish.tied))
    if finish.called:
        flags.append("called=" + _seats_text(finish.called))
    if pickup:
        flags.append("pickup=" + _seats_text(pickup))
    if finish.finish is not None:
        flags.append("finish=" + time_text(finish.finish))
    return flags


def _status_text(revealed: bool, finish: Finish, pickup: Sequence[int]) -> str:
    return ",".join(["up" if revealed else "down", *_flags_text(finish, pickup)])


def _instant_text(instant: Instant) -> str:
    before = stack_text([instant.before] if instant.before >= 0 else []) + _declared_text(instant.before_declared)
    kept = "-"
    if instant.kept is not None:
        number, codes, declared = instant.kept
        ranks = iter(declared)
        kept = f"{number}:" + ",".join(TEXT_OF[c] + _declared_text(next(ranks, 0) if c == JOKER_CODE else 0)
                                       for c in codes)
    was = ",".join(_flags_text(instant.was, ())) or "-"
    plays = "+".join(f"{seat}@{number}" for seat, number in instant.plays)
    return (f"instant:pile={instant.pile};before={before};plays={plays};kept={kept};debt={instant.debt};"
            f"was={was}")
