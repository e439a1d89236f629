"""The simulator's inner loop: one deal of Speed played in simulated real time, and the random
bot's choice on a plain table, written so that the optional compiled build (mypyc,
docs/performance.md) compiles them with the kernel.

:func:`play` is the clock and the table of ``docs/simulation.md`` (each seat's reaction time,
seats due at the same moment deciding on the table as it is and landing in a random order,
the flip when everyone waits, the rebuild when the reserves are spent); every action and
every table event is judged and applied by the :class:`~speedrules.speed.kernel.Kernel`, which is
where the rules are.  :func:`speedrules.simulate` calls it for each deal and turns its
:class:`Played` into a result and, if asked, a log.  :class:`RandomChoice` is the choice
:class:`speedrules.sim.bots.RandomBot` makes on a table of single cards and no jokers, without
building the options it does not choose.

>>> import random
>>> from speedrules import deal, load_variant
>>> from speedrules.speed.actions import REVEAL
>>> game = deal(load_variant("speed"), seed=7)
>>> rng = random.Random(1)
>>> choice = RandomChoice(game.kernel, rng, None)
>>> game.kernel.event(REVEAL, t=0)
>>> played = play(game.kernel, [choice, choice], rng, [300, 300], [401, 401], 10, 20_000, None, [0])
>>> played.reason, played.events == 1 + played.plays + played.draws + played.flips + played.rebuilds
('', True)
>>> game.outcome() is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..core.variant import Call as CallRule
from .actions import CALL, DRAW, FLIP, PLAY, REBUILD
from .coding import add_event_text
from .dealing import shuffle_codes
from .kernel import DRAW_OPTION, Kernel, Option

WAIT: Final[Option | None] = (-1, -1, (), ())
"""What a seat does when it has no options: it waits for the table to change (kind -1).  (Typed
as a decider's answer, so that the compiled build keeps it as one tuple, not as a C struct that
becomes a new tuple each time it is returned.)"""
_DRAW: Final[Option | None] = DRAW_OPTION
"""The draw, as one tuple (see :data:`WAIT`)."""
NEVER: Final = 1 << 61
"""The due time of a seat that waits for the table to change (below 2**62: the compiled build
keeps smaller ints unboxed, and compares them without a call)."""
FLIP_PAUSE_MS: Final = 1000
"""When every seat is blocked, the reserves flip this long after the last event (000: "pause together")."""
REBUILD_MS: Final = 5000
"""Gathering, shuffling and splitting the centre into new reserves takes this long; the flip follows."""

Decider = Callable[[int], "Option | None"]
"""A seat's choice now: an option, ``None`` to let the moment pass, or :data:`WAIT`."""


class Played:
    """What :func:`play` counted: ``reason`` is ``""`` when the deal ended by the rules (or the
    table stopped with nobody able to act and no flip or rebuild allowed: ``"stuck"``), else
    ``"unfinished"``; the counts are of logged events, ``last`` the time of the last one."""

    def __init__(self, reason: str, events: int, plays: int, draws: int, flips: int, rebuilds: int, calls: int,
                 pickups: int, bounced: int, last: int) -> None:
        self.reason = reason
        self.events = events
        self.plays = plays
        self.draws = draws
        self.flips = flips
        self.rebuilds = rebuilds
        self.calls = calls
        self.pickups = pickups
        self.bounced = bounced
        self.last = last

    def __repr__(self) -> str:
        return (f"Played({self.reason!r}, {self.events}, {self.plays}, {self.draws}, {self.flips}, {self.rebuilds}, "
                f"{self.calls}, {self.pickups}, {self.bounced}, {self.last})")


class RandomChoice:
    """The random bot on a table of single cards and no jokers: uniformly among the distinct
    cards the seat can play and the draw, then uniformly among the piles the card fits
    (exactly the choice, and the calls on ``rng``, of ``RandomBot._pick`` on the kernel's
    options).  Where a call is due or a pickup owed it asks ``general`` (the bot's general path)."""

    def __init__(self, kernel: Kernel, rng: random.Random, general: Decider | None) -> None:
        self.kernel = kernel
        self.rand = rng.random
        self.general = general
        self.calls = kernel.variant.call is not CallRule.NONE  # else no call is ever due and no pickup owed

    def __call__(self, seat: int) -> Option | None:
        k = self.kernel
        if self.calls and (k.out_seat is not None or k.pickup_owed):
            general = self.general
            assert general is not None, "a variant with calls needs the bot's general path"
            return general(seat)
        codes = k.playable_codes(seat)
        n = len(codes) + (1 if k.draw_rule(seat) is None else 0)
        if not n:
            return WAIT
        rand = self.rand
        i = int(rand() * n) if n > 1 else 0
        if i == len(codes):
            return _DRAW
        code = codes[i]
        fitting = k.piles_for(code)
        m = len(fitting)  # (a local int: ``rand() * len(...)`` compiled to a generic multiply)
        pile = fitting[int(rand() * m)] if m > 1 else fitting[0]
        return PLAY, pile, (code,), ()


def _due(t: int, low: int, width: int, tick: int, rand: Callable[[], float]) -> int:
    """A seat's next moment: its reaction time (``low + int(rand() * width)`` ms, ``low``
    already including the rounding) after ``t``, rounded up to the clock tick."""
    return (t + low + int(rand() * width)) // tick * tick


def play(kernel: Kernel, deciders: list[Decider], rng: random.Random, low: list[int], width: list[int], tick: int,
         max_events: int, log: list[str] | None, clock: list[int]) -> Played:
    """Play the deal on ``kernel`` from the reveal at ``t = 0`` (the caller has revealed the
    starters, and logged it), the seats choosing through ``deciders``.

    ``low[s] + int(rng.random() * width[s])`` is seat ``s``'s reaction time in ms, rounded up
    to ``tick`` (``low`` includes ``tick - 1``); ``rng`` also orders seats due at the same
    moment.  The deal stops at its end, or after ``max_events`` events (or ten times as many
    looks at the table).  Each logged event is appended to ``log``, if given, as pieces of the
    JSON text of a log's ``events`` array (:func:`speedrules.speed.coding.add_event_text`); ``clock[0]`` holds
    the moment being decided (for a decider that needs the time).
    """
    rand = rng.random
    hands, draws = kernel.hands, kernel.draws
    n = len(deciders)
    plays = draws_n = flips = rebuilds = calls = pickups = bounced = 0
    events = 1
    last = 0
    t = 0
    due = [_due(0, low[s], width[s], tick, rand) for s in range(n)]
    looks = 0
    max_looks = 10 * max_events
    reason = ""
    two = n == 2
    # The seats that land at this moment and their choices, in landing order (no tuple per action).
    landing: list[int] = [0] * n
    chosen: list[Option | None] = [None] * n
    one: list[tuple[int, int, int, Any, Sequence[int], int]] = [(PLAY, 0, 0, None, (), 0)]  # the event judged
    while True:
        if events >= max_events or looks >= max_looks:
            reason = "unfinished"
            break
        seat = 0
        single = True
        if two:  # the commonest table
            a, b = due[0], due[1]
            if a < b:
                t = a
            elif b < a:
                t, seat = b, 1
            else:
                t, single = a, False
        else:
            t = min(due)
            seat = due.index(t)
            single = due.count(t) == 1
        if t == NEVER:  # every seat waits: play is blocked
            if kernel.is_over():
                break
            t = last + FLIP_PAUSE_MS
            if kernel.event(FLIP, t=t) is None:
                if log is not None:
                    add_event_text(log, FLIP, -1, -1, None, (), t)
                flips += 1
            elif kernel.check_event(REBUILD, t=last + REBUILD_MS) is None:  # the reserves are spent: rebuild
                t = last + REBUILD_MS
                reserves = kernel.apply_event(REBUILD, t=t)
                if log is not None:
                    add_event_text(log, REBUILD, -1, -1, reserves, (), t)
                rebuilds += 1
                events += 1
                last = t
                continue  # still blocked: the flip follows
            else:
                reason = "stuck"
                break
            events += 1
            last = t
            for s in range(n):
                due[s] = _due(t, low[s], width[s], tick, rand)
            continue
        clock[0] = t
        landed = 0
        if single:
            looks += 1
            choice = deciders[seat](seat)
            if choice is not None and choice[0] == -1:  # WAIT
                due[seat] = NEVER
                continue
            landing[0] = seat
            chosen[0] = choice
            landed = 1
        else:  # seats due at the same moment all decide on the table as it is, then land in a random order
            seats = [s for s in range(n) if due[s] == t]
            shuffle_codes(seats, rng)  # rng.shuffle's very draws (dealing.shuffle_codes), compiled
            looks += len(seats)
            for s in seats:
                choice = deciders[s](s)
                if choice is not None and choice[0] == -1:
                    due[s] = NEVER
                else:
                    landing[landed] = s
                    chosen[landed] = choice
                    landed += 1
        ended = False
        for j in range(landed):
            seat = landing[j]
            option = chosen[j]
            due[seat] = _due(t, low[seat], width[seat], tick, rand)
            if option is None:
                continue
            kind, pile, codes, declared = option
            # Every action is judged by the kernel as it lands: one that no longer fits (the table
            # changed at this instant, or the deal ended) is taken back.
            one[0] = (kind, seat, pile, codes if kind == PLAY else None, declared, t)
            if kernel.run(one, events) is not None:
                bounced += 1
                continue
            events += 1
            last = t
            if kind == PLAY:
                plays += 1
                if not hands[seat] and not draws[seat]:
                    ended = True
                    if kernel.out_seat == seat:
                        due[seat] = t  # the call comes at once
                if log is not None:
                    add_event_text(log, PLAY, seat, pile, codes, declared, t)
            elif kind == DRAW:
                draws_n += 1
                if log is not None:
                    add_event_text(log, DRAW, seat, -1, hands[seat][-1], (), t)
            else:
                if kind == CALL:
                    calls += 1
                    ended = True
                else:
                    pickups += 1
                if log is not None:
                    add_event_text(log, kind, seat, pile, None, (), t)
            # A seat that was waiting reacts to the change (an index loop: ``NEVER in due`` compiled
            # to a generic containment test, each item compared as an object).
            for s in range(n):
                if due[s] == NEVER:
                    due[s] = _due(t, low[s], width[s], tick, rand)
        if ended and kernel.is_over():
            break
    return Played(reason, events, plays, draws_n, flips, rebuilds, calls, pickups, bounced, last)
