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

import math
import re
from collections.abc import Iterable, Sequence

import attrs

from ..core.cards import JOKER_CODE, RANK_NAMES, TEXT_OF, code_of, parse_rank
from ..core.checks import MAX_COUNT as MAX_COUNT
from ..core.checks import MAX_TIME as MAX_TIME
from ..core.checks import is_time, read_number
from ..core.deck import card_difference, deck_counts
from ..core.errors import CardError, PositionError, SpitPositionError, brief
from ..core.variant import Claim, Collisions, SpitRules, Variant

MAX_POSITION_CHARS = 1_000_000
"""The longest position text read (a position of 8 packs is some 2,000 characters)."""

Stacks = tuple[tuple[int, ...], ...]


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
        fields = _fields(text, PositionError)
        if not 8 <= len(fields) <= 9:
            raise PositionError(None, f"a position has 8 fields (9 during a collision) separated by single "
                                      f"spaces, not {len(fields)}: {brief(text)}")
        hands, draws, piles_text, reserves, owed, status, clock, count = fields[:8]
        piles, declared = _piles(piles_text)
        revealed, finish, pickup = _status(status)
        instant = _instant(fields[8]) if len(fields) == 9 else None
        return cls(_stacks(hands, 1), _stacks(draws, 2), piles, declared, _stacks(reserves, 4),
                   _numbers(owed, 5), revealed, finish, pickup, _time(clock, 7), _number(count, 8), instant)

    def __str__(self) -> str:
        piles = "/".join(_stack_text(p) + _declared_text(d)
                         for p, d in zip(self.piles, self.declared, strict=True))
        fields = [_stacks_text(self.hands), _stacks_text(self.draws), piles, _stacks_text(self.reserves),
                  "/".join(map(str, self.owed)), _status_text(self.revealed, self.finish, self.pickup),
                  _time_text(self.clock), str(self.count)]
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

_TIME = re.compile(r"(0|[1-9][0-9]{0,18})(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?")


def _fields(text: object, error: type[PositionError]) -> list[str]:
    """A position's fields, or ``error`` when it is not text or too long to read."""
    if not isinstance(text, str):
        raise error(None, f"a position is text, not {brief(text)}")
    if len(text) > MAX_POSITION_CHARS:
        raise error(None, f"{len(text):,} characters is too long for a position (the limit is {MAX_POSITION_CHARS:,})")
    return text.strip().split(" ")


def _fail(field: int, reason: str) -> PositionError:
    return PositionError(field, reason)


def _cards(text: str, field: int) -> tuple[int, ...]:
    if text == "-":
        return ()
    cards = text.split(",")
    if any(not card or card.strip() != card for card in cards):
        raise _fail(field, f"{brief(text)} is not a stack: cards separated by commas, or - for none")
    try:
        return tuple(code_of(card) for card in cards)
    except CardError as err:
        raise _fail(field, f"{brief(err.text)} is not a card") from None


def _stacks(text: str, field: int) -> Stacks:
    return tuple(_cards(part, field) for part in text.split("/"))


def _piles(text: str) -> tuple[Stacks, tuple[int, ...]]:
    piles, declared = [], []
    for part in text.split("/"):
        cards, mark, rank = part.partition("=")
        piles.append(_cards(cards, 3))
        if mark:
            try:
                declared.append(parse_rank(rank) if rank.strip() == rank else 0)
            except CardError:
                declared.append(0)
            if not declared[-1]:
                raise _fail(3, f"{brief(rank)} is not a rank (a joker on top is written JK=Q)")
        else:
            declared.append(0)
    return tuple(piles), tuple(declared)


def _number(text: str, field: int, what: str = "a whole number") -> int:
    value = read_number(text)  # ASCII digits up to MAX_COUNT (speedrules.core.checks)
    if value is None:
        raise _fail(field, f"{brief(text)} is not {what}")
    return value


def _numbers(text: str, field: int) -> tuple[int, ...]:
    return tuple(_number(part, field) for part in text.split("/"))


def _time(text: str, field: int) -> float | int:
    match = _TIME.fullmatch(text)
    if match is None:
        raise _fail(field, f"{brief(text)} is not a time (milliseconds, a number >= 0)")
    value: float | int = int(text) if match.group(2) is None and match.group(3) is None else float(text)
    if not is_time(value):  # the one limit of every reader (speedrules.core.checks)
        if not math.isfinite(value):
            raise _fail(field, f"{brief(text)} is not a finite time")
        raise _fail(field, f"{brief(text)} is too large a time (at most {MAX_TIME} ms)")
    return value


def _seats(text: str, field: int) -> tuple[int, ...]:
    seats = tuple(_number(part, field, "a seat number") for part in text.split("+"))
    if list(seats) != sorted(set(seats)):
        raise _fail(field, f"{brief(text)}: seats are listed once each, in order")
    return seats


def _flags(text: str, field: int) -> tuple[Finish, tuple[int, ...]]:
    found: dict[str, str] = {}
    if text != "-":
        for flag in text.split(","):
            name, mark, value = flag.partition("=")
            if not mark or name not in ("won", "out", "tie", "called", "pickup", "finish"):
                raise _fail(field, f"{brief(flag)} is not a flag (won=, out=, tie=, called=, pickup=, finish=)")
            if name in found:
                raise _fail(field, f"{name}= is given twice")
            found[name] = value
    def seat(name: str) -> int | None:
        return None if name not in found else _number(found[name], field, "a seat number")
    finish = Finish(won=seat("won"), out=seat("out"), tied=_seats(found["tie"], field) if "tie" in found else (),
                    called=_seats(found["called"], field) if "called" in found else (),
                    finish=_time(found["finish"], field) if "finish" in found else None)
    return finish, _seats(found["pickup"], field) if "pickup" in found else ()


def _status(text: str) -> tuple[bool, Finish, tuple[int, ...]]:
    state, _, flags = text.partition(",")
    if state not in ("down", "up"):
        raise _fail(6, f"{brief(state)} is neither 'down' nor 'up'")
    if not flags:
        return state == "up", Finish(), ()
    finish, pickup = _flags(flags, 6)
    return state == "up", finish, pickup


def _instant(text: str) -> Instant:
    if not text.startswith("instant:"):
        raise _fail(9, f"{brief(text)} does not start with 'instant:'")
    items: dict[str, str] = {}
    for item in text[len("instant:"):].split(";"):
        name, mark, value = item.partition("=")
        if not mark or name in items:
            raise _fail(9, f"{brief(item)} is not an item name=value given once")
        items[name] = value
    wanted = ("pile", "before", "plays", "kept", "debt", "was")
    if sorted(items) != sorted(wanted):
        raise _fail(9, f"the instant has the items {', '.join(wanted)}, each once")
    before, _, before_rank = items["before"].partition("=")
    before_codes = _cards(before, 9)
    if len(before_codes) > 1:
        raise _fail(9, "before= is one card, or - for an empty pile")
    declared = 0
    if before_rank:
        _, ranks = _piles("JK=" + before_rank)
        declared = ranks[0]
    plays = []
    for play in items["plays"].split("+"):
        seat, mark, number = play.partition("@")
        if not mark:
            raise _fail(9, f"{brief(play)} is not a play SEAT@EVENT")
        plays.append((_number(seat, 9, "a seat number"), _number(number, 9)))
    kept: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
    if items["kept"] != "-":
        number, mark, cards = items["kept"].partition(":")
        if not mark:
            raise _fail(9, f"{brief(items['kept'])} is not EVENT:CARDS or -")
        codes: list[int] = []
        ranks_declared: list[int] = []
        for card in cards.split(","):
            face, _, rank = card.partition("=")
            codes.extend(_cards(face, 9))
            if rank:
                ranks_declared.append(_piles("JK=" + rank)[1][0])
        kept = (_number(number, 9), tuple(codes), tuple(ranks_declared))
    was, pickup = _flags(items["was"], 9)
    if pickup:
        raise _fail(9, "was= holds no pickup= flag")
    return Instant(_number(items["pile"], 9, "a pile number"), before_codes[0] if before_codes else -1,
                   declared, tuple(plays), kept, _number(items["debt"], 9), was)


# ---------------------------------------------------------------------- writing

def _rank_text(rank: int) -> str:
    return RANK_NAMES[rank] if 1 <= rank <= 13 else str(rank)


def _declared_text(rank: int) -> str:
    return f"={_rank_text(rank)}" if rank else ""


def _stack_text(stack: Iterable[int]) -> str:
    return ",".join(TEXT_OF[c] for c in stack) or "-"


def _stacks_text(stacks: Stacks) -> str:
    return "/".join(map(_stack_text, stacks))


def _time_text(t: float | int) -> str:
    return repr(t) if isinstance(t, float) else str(t)


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
        flags.append("finish=" + _time_text(finish.finish))
    return flags


def _status_text(revealed: bool, finish: Finish, pickup: Sequence[int]) -> str:
    return ",".join(["up" if revealed else "down", *_flags_text(finish, pickup)])


def _instant_text(instant: Instant) -> str:
    before = _stack_text([instant.before] if instant.before >= 0 else []) + _declared_text(instant.before_declared)
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


# ---------------------------------------------------------------------- Spit


@attrs.frozen(slots=True)
class SpitPosition:
    """The whole state of a game of Spit within a round, as one line of text (see
    :meth:`speedrules.SpitGame.position`): seven fields separated by single spaces.

    1. **rows**, one per player, separated by ``/``; each row's stock piles left to right,
       separated by ``|``, each top card first;
    2. **spit piles**, one per player, top card first;
    3. **centre piles**, the two of them, top card first (``-`` before a spit starts one);
    4. **status**: ``wait`` before the round's first spit, ``play`` while it goes on,
       ``out=P`` once player P has cleared the row, ``jam`` once both are stuck with no spit
       card left; then comma-separated flags: ``alone=P`` (P spits alone), ``locked=C`` (onto
       centre pile C), ``owners=A+B`` (who took centre piles 0 and 1, ``-`` for nobody yet),
       ``slaps=P@C+P@C`` (the slaps in order) and ``won=P`` (P is out of cards: the game);
    5. **clock**: the time of the latest timed event of the round, in ms;
    6. **count**: the events of the round so far;
    7. **game**: ``round=R`` (the round, from 0) and ``wins=A+B`` (the rounds each player
       went out first in, before this one).

    Cards are written as everywhere else, separated by commas; an empty stack is ``-``.

    >>> text = "5S|-|9H,2C/KD|QS - AH/QH play 850 3 round=0,wins=0+0"
    >>> str(SpitPosition.parse(text)) == text
    True
    >>> SpitPosition.parse("5S/KD - -/- paused 0 0 round=0,wins=0+0")
    Traceback (most recent call last):
    ...
    speedrules.core.errors.SpitPositionError: position field 4 (status): 'paused' is not wait, play, out=P or jam
    """

    rows: tuple[Stacks, ...]
    spits: Stacks
    centre: Stacks
    started: bool
    out: int | None
    jammed: bool
    alone: int | None = None
    locked: int | None = None
    owners: tuple[int | None, int | None] = (None, None)
    slaps: tuple[tuple[int, int], ...] = ()
    won: int | None = None
    clock: float | int = 0
    count: int = 0
    round: int = 0
    wins: tuple[int, int] = (0, 0)

    @classmethod
    def parse(cls, text: str) -> SpitPosition:
        """Read a Spit position's text (well formed, not yet checked against a variant); a
        :class:`~speedrules.core.errors.SpitPositionError` names the field that is not."""
        fields = _fields(text, SpitPositionError)
        if len(fields) != 7:
            raise SpitPositionError(None, f"a Spit position has 7 fields separated by single spaces, not "
                                          f"{len(fields)}: {brief(text)}")
        rows_text, spits_text, centre_text, status, clock, count, game = fields
        try:
            rows = tuple(tuple(_cards(pile, 1) for pile in row.split("|")) for row in rows_text.split("/"))
            spits, centre = _stacks(spits_text, 2), _stacks(centre_text, 3)
            flags = _spit_status(status)
            t, n = _time(clock, 5), _number(count, 6)
            number, wins = _spit_game(game)
        except SpitPositionError:
            raise
        except PositionError as err:
            raise SpitPositionError(err.field, err.reason) from None
        return cls(rows, spits, centre, *flags, clock=t, count=n, round=number, wins=wins)

    def __str__(self) -> str:
        rows = "/".join("|".join(_stack_text(p) for p in row) for row in self.rows)
        if not self.started:
            status = "wait"
        elif self.out is not None:
            status = f"out={self.out}"
        else:
            status = "jam" if self.jammed else "play"
        flags = [status]
        if self.alone is not None:
            flags.append(f"alone={self.alone}")
        if self.locked is not None:
            flags.append(f"locked={self.locked}")
        if self.owners != (None, None):
            flags.append("owners=" + "+".join("-" if o is None else str(o) for o in self.owners))
        if self.slaps:
            flags.append("slaps=" + "+".join(f"{p}@{c}" for p, c in self.slaps))
        if self.won is not None:
            flags.append(f"won={self.won}")
        game = f"round={self.round},wins={self.wins[0]}+{self.wins[1]}"
        return " ".join([rows, _stacks_text(self.spits), _stacks_text(self.centre), ",".join(flags),
                         _time_text(self.clock), str(self.count), game])

    def problem(self, variant: Variant) -> SpitPositionError | None:
        """Why this is not a position of the Spit ``variant``, or ``None``.

        Checked: two players, each with the variant's number of stock piles and a spit pile;
        two centre piles; the cards are the deck, each exactly once; the status (a round not
        begun has no centre card, no flag and a count of 0; a player out has an empty row;
        claims only once the round is over, slaps only where piles go to a slap race; the
        lone spitter's opponent has no spit card; ``won`` only for a player holding nothing
        once the round is settled); the game (no round after the last of a fixed number,
        no more wins than rounds).  Not checked: that play could have reached the position.
        """
        spit = variant.spit
        if spit is None:
            return SpitPositionError(None, f"{variant.name} is a variant of Speed, not of Spit")
        if len(self.rows) != 2 or len(self.spits) != 2:
            return SpitPositionError(1 if len(self.rows) != 2 else 2, "a Spit position has a row and a spit pile "
                                                                      "for each of 2 players")
        for p, row in enumerate(self.rows):
            if len(row) != len(spit.row):
                return SpitPositionError(1, f"player {p}'s row has {len(row)} stock piles; {variant.name} has "
                                            f"{len(spit.row)}")
        if len(self.centre) != 2:
            return SpitPositionError(3, f"there are 2 centre piles, not {len(self.centre)}")
        difference = card_difference([*(pile for row in self.rows for pile in row), *self.spits, *self.centre],
                                     deck_counts(variant.packs, variant.jokers))
        if difference is not None:
            return SpitPositionError(None, f"the cards are not the deck of {variant.name}: {difference}")
        return self._status_problem(variant, spit)

    def _status_problem(self, variant: Variant, spit: SpitRules) -> SpitPositionError | None:
        over = self.out is not None or self.jammed
        for what, seat in (("out", self.out), ("alone", self.alone), ("won", self.won),
                           *(("owners", o) for o in self.owners), *(("slaps", p) for p, _ in self.slaps)):
            if seat is not None and seat not in (0, 1):
                return SpitPositionError(4, f"{what}={seat}: there are players 0 and 1")
        if (self.locked is not None and self.locked not in (0, 1)) or any(c not in (0, 1) for _, c in self.slaps):
            return SpitPositionError(4, "there are centre piles 0 and 1")
        if not self.started:
            if any(self.centre) or over or self.count or self.clock or self.alone is not None or \
                    self.locked is not None or self.owners != (None, None) or self.slaps or self.won is not None:
                return SpitPositionError(4, "before the first spit ('wait') no centre card, no flags, a clock and a "
                                            "count of 0")
        elif not any(self.centre):
            return SpitPositionError(3, "a round under way has a centre pile (the first spit starts them)")
        if self.out is not None and any(self.rows[self.out]):
            return SpitPositionError(4, f"player {self.out} is out but has cards in the row")
        if (self.alone is None) != (self.locked is None) or (self.alone is not None and self.spits[1 - self.alone]):
            return SpitPositionError(4, "alone=P and locked=C go together, once the other player has no spit card")
        if not over and (self.owners != (None, None) or self.slaps):
            return SpitPositionError(4, "the centre piles are claimed only once the round is over")
        if self.slaps and spit.claim is not Claim.SLAP:
            return SpitPositionError(4, f"slaps, but in {variant.name} the first out chooses a pile")
        if self.owners != (None, None) and any(o is None for o, c in zip(self.owners, self.centre, strict=True) if c):
            return SpitPositionError(4, "every centre pile with cards is claimed at once (owners=A+B)")
        if self.won is not None:
            mine = [c for pile in self.rows[self.won] for c in pile] + list(self.spits[self.won])
            if not over or mine or any(o == self.won for o in self.owners):
                return SpitPositionError(4, f"won={self.won}: a player wins holding nothing once the round is settled")
        if self.wins[0] + self.wins[1] > self.round:
            return SpitPositionError(7, f"{self.wins[0]}+{self.wins[1]} rounds won in {self.round} round(s)")
        if spit.rounds is not None and self.round >= spit.rounds:
            return SpitPositionError(7, f"round {self.round}: {variant.name} is over after {spit.rounds} rounds")
        return None


def _spit_status(text: str) -> tuple[bool, int | None, bool, int | None, int | None, tuple[int | None, int | None],
                                      tuple[tuple[int, int], ...], int | None]:
    word, *flags = text.split(",")
    started, out, jammed = True, None, False
    if word == "wait":
        started = False
    elif word == "jam":
        jammed = True
    elif word.startswith("out="):
        out = _number(word[4:], 4, "a player")
    elif word != "play":
        raise SpitPositionError(4, f"{brief(word)} is not wait, play, out=P or jam")
    found: dict[str, str] = {}
    for flag in flags:
        name, mark, value = flag.partition("=")
        if not mark or name not in ("alone", "locked", "owners", "slaps", "won") or name in found:
            raise SpitPositionError(4, f"{brief(flag)} is not a flag (alone=P, locked=C, owners=A+B, slaps=P@C+..., "
                                       "won=P), each at most once")
        found[name] = value

    def number(name: str) -> int | None:
        return _number(found[name], 4, "a number") if name in found else None

    owners: tuple[int | None, int | None] = (None, None)
    if "owners" in found:
        parts = found["owners"].split("+")
        if len(parts) != 2:
            raise SpitPositionError(4, f"owners={brief(found['owners'])}: two owners, A+B (- for nobody)")
        first, second = (None if part == "-" else _number(part, 4, "a player or -") for part in parts)
        owners = (first, second)
    slaps: tuple[tuple[int, int], ...] = ()
    if "slaps" in found:
        pairs = [part.partition("@") for part in found["slaps"].split("+")]
        if any(not mark for _, mark, _ in pairs):
            raise SpitPositionError(4, f"slaps={brief(found['slaps'])}: slaps are P@C, joined by +")
        slaps = tuple((_number(p, 4, "a player"), _number(c, 4, "a centre pile")) for p, _, c in pairs)
    return started, out, jammed, number("alone"), number("locked"), owners, slaps, number("won")


def _spit_game(text: str) -> tuple[int, tuple[int, int]]:
    match = re.fullmatch(r"round=([0-9]{1,9}),wins=([0-9]{1,9})\+([0-9]{1,9})", text)
    if match is None:
        raise SpitPositionError(7, f"{brief(text)} is not round=R,wins=A+B")
    return int(match.group(1)), (int(match.group(2)), int(match.group(3)))
