"""The simulator's one real-time loop, for every family: the clock and the seats of
``docs/simulation.md``, on a family's :class:`~speedrules.table.Table` (compiled with the
optional build).

Each seat looks at the table when its reaction time has elapsed (rounded up to the clock's
tick); a seat with options does what its bot picks, a seat with none waits until the table
changes and reacts then.  Seats due at the same moment (and the table, when its own action is
due then) all decide on the table as it is, then land in a random order, each judged by the
rules as it lands (one that no longer stands is taken back: ``bounced``).  When every seat
waits and the table has nothing due, the table moves (:meth:`~speedrules.table.Table.step`).

>>> import random
>>> from speedrules.family import family_of
>>> from speedrules.sim.choices import RandomChoice
>>> from speedrules.core.loading import load_variant
>>> speed = load_variant("speed")
>>> rng = random.Random(1)
>>> table = family_of(speed).table(speed, rng, ("a", "b"), log=False, max_rounds=1)
>>> play(table, [RandomChoice(rng)] * 2, rng, [309, 309], [401, 401], 10, 20_000)
>>> table.reason, table.ending()[1], table.events == sum(table.counts().values())
('', 'out', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.deck import shuffle_codes
from ..table import ENDED, MOVED, NEVER, STIRRED, STOP, Chooser, Table

__all__ = ["play"]


def _due(t: int, low: int, width: int, tick: int, rand: Callable[[], float]) -> int:
    """A seat's next moment: its reaction time (``low + int(rand() * width)`` ms, ``low``
    already including the rounding) after ``t``, rounded up to the clock tick."""
    return (t + low + int(rand() * width)) // tick * tick


def play(table: Table, choosers: list[Chooser], rng: random.Random, low: list[int], width: list[int], tick: int,
         max_events: int) -> None:
    """Play the game on ``table`` from its first action (due at 0), seat ``s`` choosing through
    ``choosers[s]``, until it ends or ``max_events`` events (or ten times as many looks) have
    passed (``table.reason`` then says ``"unfinished"``).  ``low[s] + int(rng.random() *
    width[s])`` is seat ``s``'s reaction time in ms, rounded up to ``tick`` (``low`` includes
    ``tick - 1``); ``rng`` also orders what lands at one moment (the same seed, the same game)."""
    rand = rng.random
    n = table.seats
    two = n == 2  # the commonest table
    table.choosers = choosers
    due = [NEVER] * n
    looks = 0
    max_looks = 10 * max_events
    # who lands at this moment and with what, in landing order (no tuple per action)
    landing: list[int] = [0] * (n + 1)
    chosen: list[Any] = [None] * (n + 1)
    while True:
        if table.events >= max_events or looks >= max_looks:
            table.reason = "unfinished"
            return
        # the next moment: the earliest seat's, or the table's own; who is due then
        t = table.due
        actor = -1
        count = 1
        if two:  # (unrolled)
            a, b = due[0], due[1]
            m, actor = (b, 1) if b < a else (a, 0)
            if m < t:
                t, count = m, 2 if a == b else 1
            elif m == t:
                count = 3 if a == b else 2
            else:
                actor = -1
        else:
            for s in range(n):
                d = due[s]
                if d < t:
                    t, actor, count = d, s, 1
                elif d == t:
                    count += 1
        if t == NEVER:  # every seat waits and the table has nothing due: the table moves
            if _blocked(table, due, low, width, tick, rand):
                return
            continue
        table.now = t
        if count == 1 and actor >= 0:  # the commonest moment: one seat looks (what _decide does, inline)
            looks += 1
            menu = table.menu(actor)
            if menu is None:
                due[actor] = NEVER
                continue
            landing[0] = actor
            chosen[0] = choosers[actor].pick(menu)
            landed = 1
        else:  # the table's own action, or all due decide on the table as it is, then land in a random order
            looks += count - (1 if table.due == t else 0)  # the seats that look now
            landed = _decide_all(table, choosers, rng, t, count, due, landing, chosen)
        ended = False
        for j in range(landed):
            actor = landing[j]
            if actor >= 0:
                due[actor] = _due(t, low[actor], width[actor], tick, rand)
            option = chosen[j]
            if option is None:
                continue
            done = table.land(actor, option, t, due)
            if done < 0:
                table.bounced += 1
                continue
            if done & ENDED:
                ended = True
            stirred = done & STIRRED
            # a seat that was waiting reacts to the change (every seat, when the action stirred them all)
            for s in range(n):
                if stirred or due[s] == NEVER:
                    due[s] = _due(t, low[s], width[s], tick, rand)
        if ended and table.over():
            return


def _blocked(table: Table, due: list[int], low: list[int], width: list[int], tick: int,
             rand: Callable[[], float]) -> bool:
    """Every seat waits and the table has nothing due: the table moves (every seat reacts to a
    move it makes now).  Whether the game stops."""
    moved = table.step()
    if moved == STOP:
        return True
    if moved == MOVED:
        last = table.last
        for s in range(len(due)):
            due[s] = _due(last, low[s], width[s], tick, rand)
    return False


def _decide_all(table: Table, choosers: list[Chooser], rng: random.Random, t: int, count: int, due: list[int],
                landing: list[int], chosen: list[Any]) -> int:
    """Everyone due at ``t`` (the table's own action too, when due) decides, in a random order
    when more than one (``rng.shuffle``'s very draws, compiled); returns the count of landings."""
    if count == 1:
        return _decide(table, choosers, -1, due, landing, chosen, 0)
    actors = [-1] if table.due == t else []
    actors += [s for s in range(len(due)) if due[s] == t]
    shuffle_codes(actors, rng)
    landed = 0
    for actor in actors:
        landed = _decide(table, choosers, actor, due, landing, chosen, landed)
    return landed


def _decide(table: Table, choosers: list[Chooser], actor: int, due: list[int],
            landing: list[int], chosen: list[Any], landed: int) -> int:
    """``actor`` decides at this moment (-1: the table's own action); what it chose is added to
    the moment's landings (``None``, letting the moment pass, too: its next moment still comes).
    A seat with nothing to do waits instead.  Returns the count of landings."""
    if actor < 0:
        table.due = NEVER
        option = table.action(table.now)
        if option is None:
            return landed
    else:
        menu = table.menu(actor)
        if menu is None:
            due[actor] = NEVER
            return landed
        option = choosers[actor].pick(menu)
    landing[landed] = actor
    chosen[landed] = option
    return landed + 1
