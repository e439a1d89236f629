"""The bundled bots' choices, written once: each picks among a seat's options by their roles
(:class:`~speedrules.table.Menu`), whatever the family, and is compiled with the optional
build.  :class:`speedrules.sim.bots.RandomBot` and :class:`~speedrules.sim.bots.GreedyBot`
choose through them, in the simulator (on the options the family's table gives) and in
``choose(view, options, rng)`` (on the options given as actions) alike.

>>> import random
>>> from speedrules.table import Menu
>>> menu = Menu(0)
>>> menu.plays += [[(1, 0, (7,), ()), (1, 1, (7,), ())], [(1, 1, (47,), ())]]
>>> menu.refills.append((2, -1, (), ()))
>>> menu.count = 2
>>> GreedyChoice(random.Random(3)).pick(menu) in menu.options()[:3]
True
>>> RandomChoice(random.Random(3)).pick(menu) in menu.options()
True
"""

from __future__ import annotations

import random
from typing import Any

from ..core.cards import JOKER_CODE
from ..table import Chooser, Menu

__all__ = ["GreedyChoice", "RandomChoice"]


class RandomChoice(Chooser):
    """At random: what it must do first (unless it forgets, with probability ``miss_call``: a
    call missed); else uniformly among the groups of plays, the refills (one group) and the
    claims (one group), then uniformly within the group.  So a card counts once however many
    piles, runs or declared ranks it has."""

    def __init__(self, rng: random.Random, miss_call: float = 0.0) -> None:
        super().__init__(rng)
        self.miss_call = miss_call

    def pick(self, menu: Menu) -> Any:
        rand = self.rand
        must = menu.must
        if must:
            if self.miss_call and rand() < self.miss_call:
                return None
            m = len(must)
            return must[int(rand() * m)] if m > 1 else must[0]
        plays = menu.count
        refills, claims = menu.refills, menu.claims
        n = plays + (1 if refills else 0) + (1 if claims else 0)
        if not n:
            return None
        i = int(rand() * n) if n > 1 else 0
        if i < plays:  # a card, then one of its plays (made alone: the menu may make its groups lazily)
            return menu.play(i, rand)
        group = refills if i == plays and refills else claims
        m = len(group)  # (a local int: ``rand() * len(...)`` compiles to a generic multiply)
        return group[int(rand() * m)] if m > 1 else group[0]


def play_value(option: Any) -> int:
    """How much a greedy player likes a play: the cards it sheds first, then a real card before
    a joker (a joker is worth keeping)."""
    cards: tuple[int, ...] = option[2]
    return 2 * len(cards) + (0 if JOKER_CODE in cards else 1)


class GreedyChoice(Chooser):
    """Greedy: what it must do, at once; else the smallest pile it may claim; else a play (the
    one that sheds the most cards, a real card before a joker, otherwise at random); else a
    refill, onto the largest pile when it names one (the first on equal piles)."""

    def pick(self, menu: Menu) -> Any:
        if menu.must:
            return menu.must[0]
        sizes = menu.sizes
        if menu.claims:
            best = menu.claims[0]
            for option in menu.claims:
                if (sizes[option[1]], option[1]) < (sizes[best[1]], best[1]):
                    best = option
            return best
        plays: list[Any] = []
        for i in range(menu.count):
            plays.extend(menu.group(i))
        if plays:
            if len(plays) > 1:  # (each play valued once; a loop, not max(): a generic call when compiled)
                values = [play_value(o) for o in plays]
                top = values[0]
                for value in values:
                    if value > top:
                        top = value
                plays = [plays[i] for i in range(len(plays)) if values[i] == top]
            m = len(plays)
            return plays[int(self.rand() * m)] if m > 1 else plays[0]
        refills = menu.refills
        if not refills:
            return None
        best = refills[0]
        if len(refills) > 1:
            for option in refills:
                if sizes[option[1]] > sizes[best[1]]:
                    best = option
        return best
