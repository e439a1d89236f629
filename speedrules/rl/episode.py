"""One episode of any family at the simulator's table, as the reinforcement-learning
environments step it (plain Python: the environments of :mod:`speedrules.rl` wrap it).

The episode drives the family's :class:`~speedrules.table.Table` (``family.table(...)``): the
dynamics the simulator plays, so the rules kernel judges every action, collisions included, and
the table's own events (a reveal, a flip, a rebuild, a spit, the next round) happen as the table
makes them.  Time runs in *moments* ``step_ms`` apart (``docs/rl.md``, "Timing"):

1. At a moment every seat that has options (the table's :class:`~speedrules.table.Menu`) picks
   one of them by its action index (:meth:`~speedrules.family.Family.rl_indices`) or waits
   (index 0, or any index its mask does not allow: a no-op, never an error).
2. The picks, and the table's own action when it is due, land in a seeded random order (the
   environment's random source shuffles them as the simulator's loop does), each judged as it
   lands (:meth:`~speedrules.table.Table.land`): one the table no longer allows is taken back
   (``bounced``), which is how two seats racing for the same pile resolve.
3. The next moment is ``step_ms`` later.  While no seat has an option the table moves on its own:
   its own action when due (the clock jumps to it), else :meth:`~speedrules.table.Table.step`
   (a flip, a rebuild, the next round, or the end), the seats looking ``step_ms`` after a move.

>>> from speedrules.core.loading import load_variant
>>> episode = Episode(load_variant("speed"), seed=3)
>>> episode.legal(0)[:1], episode.now  # after the reveal at 0, the seats look at 500 ms
([0], 500)
>>> episode.play({0: episode.legal(0)[1], 1: 0}), episode.table.events
(False, 2)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from ..core.deck import shuffle_codes
from ..core.variant import Variant
from ..family import family_of
from ..logs.log import LOG_FORMAT, Log, log_from_text, variant_reference
from ..sim.stats import MAX_EVENTS, MAX_ROUNDS
from ..table import AGAIN, BOUNCED, ENDED, MOVED, NEVER, STOP, Chooser, Menu

__all__ = ["MAX_MOVES", "STEP_MS", "WAIT", "Episode"]

STEP_MS: Final = 500
"""The default time between two moments, in ms (the bundled bots' mean reaction)."""
WAIT: Final = 0
"""The action index of waiting: always allowed."""
MAX_MOVES: Final = 1000
"""The most moves the table makes in a row with no seat able to act before the game is taken to
be stuck (a guard: no bundled variant comes near it)."""


class _Default(Chooser):
    """The choice a table leaves to a seat (Spit's lone spitter naming a pile): the table's own
    default (its menu's first refill: the spitter's own side)."""

    def pick(self, menu: Menu) -> Any:
        return None


class Episode:
    """A game of ``variant`` dealt from ``seed`` (``None``: from the system's entropy), its seats
    named ``names`` (``player_0`` ...), played moment by moment (see the module's docstring)."""

    def __init__(self, variant: Variant, seed: int | None = None, *, names: tuple[str, ...] | None = None,
                 step_ms: int = STEP_MS, max_rounds: int = MAX_ROUNDS, max_events: int = MAX_EVENTS) -> None:
        self.variant = variant
        self.family = family = family_of(variant)
        self.seats = variant.players
        self.names = names or tuple(f"player_{i}" for i in range(self.seats))
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self.step_ms, self.max_events = step_ms, max_events
        self.rng = random.Random(self.seed)
        self.table = family.table(variant, self.rng, self.names, log=True, max_rounds=max_rounds)
        self.table.choosers = [_Default(self.rng)] * self.seats
        self.due = [0] * self.seats  # (what ``land`` may change: the loop's own, unused here)
        self.now = 0
        self.done = False
        self.menus: list[dict[int, Any]] = [{} for _ in range(self.seats)]
        self.seen_at: tuple[int, int] = (-1, -1)
        self.looked_at: tuple[int, int, bool] = (-1, -1, False)
        self.seen: dict[int | None, list[int]] = {}
        self._settle()

    # ------------------------------------------------------------------ the seats' options

    def _look(self) -> bool:
        """Every seat's options now, by action index (:meth:`~speedrules.family.Family.rl_all_options`,
        asked again only once the table changed: an event logged, a new round laid, or the game
        over); whether any seat has one."""
        table = self.table
        key = (table.events, table.rounds(), self.done)
        if key == self.looked_at:
            return any(self.menus)
        self.looked_at = key
        if self.done:
            self.menus = [{} for _ in range(self.seats)]
            return False
        self.menus = menus = self.family.rl_all_options(self.variant, table)
        return any(menus)

    def legal(self, seat: int) -> list[int]:
        """``seat``'s allowed action indices now, ascending: :data:`WAIT` and one per option."""
        return [WAIT, *sorted(self.menus[seat])]

    def options(self, seat: int) -> dict[int, Any]:
        """``seat``'s options now (the table's integer options), by action index."""
        return self.menus[seat]

    # ------------------------------------------------------------------ play

    def play(self, actions: Mapping[int, int]) -> bool:
        """One moment: each seat's action index (a seat left out, or an index its mask does not
        allow, waits), landed in a seeded random order with the table's own action when due;
        then the clock moves on to the next moment a seat may act.  Whether the game is over."""
        if self.done:
            return True
        table, t = self.table, self.now
        table.now = t
        menus = self.menus
        actors = [seat for seat, index in actions.items() if index in menus[seat]]
        if table.due <= t:
            actors.append(-1)
        if len(actors) > 1:
            actors.sort()
            shuffle_codes(actors, self.rng)
        ended = False
        for actor in actors:
            if actor < 0:
                table.due = NEVER
                option = table.action(t)
                if option is None:
                    continue
            else:
                option = menus[actor][actions[actor]]
            done = table.land(actor, option, t, self.due)
            if done == BOUNCED:
                table.bounced += 1
            elif done & ENDED:
                ended = True
        if ended and table.over():
            return self._finish()
        self.now = t + self.step_ms
        return self._settle()

    def _settle(self) -> bool:
        """Move the table on its own while no seat has an option; whether the game is over."""
        table = self.table
        for _ in range(MAX_MOVES):
            if table.over():
                return self._finish()
            if table.events >= self.max_events:
                table.reason = "unfinished"
                return self._finish()
            if self._look():
                return False
            if table.due != NEVER:  # the table's own action, alone at its moment
                t = table.now = max(self.now, table.due)
                table.due = NEVER
                option = table.action(t)
                if option is not None and table.land(-1, option, t, self.due) == BOUNCED:
                    table.bounced += 1
                self.now = t + self.step_ms
                continue
            moved = table.step()
            if moved == STOP:
                return self._finish()
            if moved == MOVED:
                self.now = max(self.now, table.last + self.step_ms)
            elif moved == AGAIN:
                self.now = table.last
        table.reason = "stuck"
        return self._finish()

    def _finish(self) -> bool:
        self.done = True
        self._look()
        return True

    def truncate(self) -> None:
        """Stop the game before its end (it is ``unfinished``)."""
        if not self.done:
            self.table.reason = "unfinished"
            self._finish()

    # ------------------------------------------------------------------ the result

    def rewards(self) -> list[int]:
        """Each seat's reward once the game is over: +1 the winner, -1 the others, 0 to every
        seat for a tie, a dead end or a game cut short (and before the end)."""
        if not self.done:
            return [0] * self.seats
        winner = self.table.ending()[0]
        return [0] * self.seats if winner is None else [1 if s == winner else -1 for s in range(self.seats)]

    def observation(self, viewer: int | None) -> list[int]:
        """What ``viewer`` sees (``None``: the whole table): :meth:`~speedrules.family.Family.rl_observation`,
        asked again only once the table changed (an event logged, or a new round laid)."""
        table = self.table
        key = (table.events, table.rounds())
        if key != self.seen_at:
            self.seen_at, self.seen = key, {}
        seen = self.seen.get(viewer)
        if seen is None:
            seen = self.seen[viewer] = self.family.rl_observation(self.variant, table, viewer)
        return seen

    def text(self) -> str:
        """The table as text, every card face up (the family's scene)."""
        return self.family.scene(self.family.table_game(self.table)).text()

    def to_log(self) -> Log:
        """The game so far as a :class:`~speedrules.Log` the referee judges (the table's deals)."""
        import msgspec

        doc = {"format": LOG_FORMAT, "variant": variant_reference(self.variant), "players": list(self.names),
               "meta": {"rl": {"seed": self.seed, "step_ms": self.step_ms}}, "deals": self.table.log_deals()}
        return log_from_text(msgspec.json.encode(doc).decode("utf-8"), "<rl episode>", variant=self.variant)
