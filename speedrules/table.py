"""The simulator's part of the family contract: a :class:`Table` (one game at a simulated table)
and a :class:`Menu` (what one seat may do now, in roles), compiled with the optional build.

The one real-time loop (:func:`speedrules.sim.playout.play`) knows the clock, the seats'
reaction times and the landing order; everything else it asks the family's table (made by
``family.table(...)``, :meth:`speedrules.family.Family.table`):

- :meth:`Table.menu`: a seat's options now, as a :class:`Menu` of integer options in roles,
  or ``None`` when it has nothing to do (it then waits until the table changes);
- :meth:`Table.action`: the table's own action at its own moment (:attr:`Table.due`: the
  reveal, a spit after the pause), landing among the seats due at the same moment;
- :meth:`Table.land`: an action landing (the rules kernel judges it, and it stands or is taken
  back), counted by kind and logged;
- :meth:`Table.step`: the table's move when every seat waits and the table has nothing due
  (a flip, a rebuild, the next round, a dead end, a stuck game);
- the result: :meth:`Table.ending`, :meth:`Table.remaining`, :meth:`Table.counts`,
  :meth:`Table.extra` and the log's deals.

An *option* is a tuple ``(kind, pile, cards, detail)``: the event kind, the centre pile it
goes to or takes (-1: none), the codes of the cards it moves and family detail (Speed: declared
ranks; Spit: the stock piles a card leaves and goes to).  The bots choose among them by role alone
(:mod:`speedrules.sim.choices`).

Both classes are native classes of the compiled build that interpreted subclasses may
extend (a family's table may be plain Python, as Spit's is).

>>> menu = Menu(0)
>>> menu.plays.append([(1, 0, (7,), ())])
>>> menu.refills.append((2, -1, (), ()))
>>> menu.count = len(menu.plays)
>>> menu.group(0), menu.options()
([(1, 0, (7,), ())], [(1, 0, (7,), ()), (2, -1, (), ())])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # (not installed: the decorator is a no-op; mypyc reads it from the source, never runs it)
    def mypyc_attr(*_args: object, **_kwargs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls

__all__ = ["AGAIN", "BOUNCED", "ENDED", "MOVED", "NEVER", "STIRRED", "STOOD", "STOP", "Chooser", "Menu", "Table"]

NEVER: Final = 1 << 61
"""The due time of a seat that waits for the table to change, and of a table with nothing
due (below 2**62: the compiled build keeps smaller ints unboxed)."""

BOUNCED: Final = -1
""":meth:`Table.land`: the rules refused the action as it landed; it is taken back."""
STOOD: Final = 0
""":meth:`Table.land`: the action stood; the seats that wait react to the change."""
STIRRED: Final = 1
"""A :meth:`Table.land` bit: the action stood and every seat reacts to it, waiting or not."""
ENDED: Final = 2
"""A :meth:`Table.land` bit: the game may be over; the loop asks :meth:`Table.over` once every
action of the moment has landed."""

MOVED: Final = 0
""":meth:`Table.step`: the table moved at :attr:`Table.last`; every seat reacts to it."""
AGAIN: Final = 1
""":meth:`Table.step`: the table moved and every seat still waits (it moves again, or its
own action is due)."""
STOP: Final = 2
""":meth:`Table.step`: the game stops (:attr:`Table.reason` says why; ``""``: by the rules)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Menu:
    """What one seat may do now, its options in roles (the bots choose by role):

    - ``must``: what it must do before anything else (Speed: the call of a seat that went out);
    - ``claims``: piles it may take (Speed: a pickup owed; Spit: a slap or a choice);
    - ``plays``: its plays in groups, one group a card; ``count`` is how many groups there are
      (whoever fills ``plays`` sets it), :meth:`group` gives a group and :meth:`play` one play of
      a group at random (a subclass may make the groups only when asked);
    - ``refills``: what brings it new cards or tops (Speed: the draw; Spit: the row move that
      unblocks a play, or the pile a lone spitter spits onto);
    - ``sizes``: the size of each centre pile (an option's ``option[1]``), for a bot that weighs
      piles (several claims, or several refills that each name a pile).
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.must: list[Any] = []
        self.claims: list[Any] = []
        self.plays: list[list[Any]] = []
        self.count = 0
        self.refills: list[Any] = []
        self.sizes: list[int] = []

    def group(self, i: int) -> list[Any]:
        """The plays of group ``i``."""
        return self.plays[i]

    def play(self, i: int, rand: Callable[[], float]) -> Any:
        """One play of group ``i``, uniformly at random (``rand`` drawn only when the group has
        more than one: a menu that makes its groups when asked makes only this one)."""
        group = self.plays[i]
        m = len(group)
        return group[int(rand() * m)] if m > 1 else group[0]

    def options(self) -> list[Any]:
        """Every option, in role order: must, claims, plays group by group, refills."""
        out = list(self.must) + list(self.claims)
        for i in range(self.count):
            out.extend(self.group(i))
        out.extend(self.refills)
        return out


def _unimplemented(obj: object, method: str) -> TypeError:
    """The error of a contract method a subclass did not give (a :class:`Table` or a
    :class:`Chooser` of a family must give every one: a compiled base class cannot be an ABC)."""
    return TypeError(f"{type(obj).__name__} does not give {method}(), which every "
                     f"{'Chooser' if isinstance(obj, Chooser) else 'Table'} of a family must")


@mypyc_attr(allow_interpreted_subclasses=True)
class Chooser:
    """A seat's policy as the loop asks it: :meth:`pick` one of a :class:`Menu`'s options, or
    ``None`` to let the moment pass, drawing any randomness from ``rng`` (the game's random
    source).  The bundled bots' choices are compiled subclasses (:mod:`speedrules.sim.choices`);
    a bot of the public protocol is asked through one too."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.rand: Callable[[], float] = rng.random

    def pick(self, menu: Menu) -> Any:
        raise _unimplemented(self, "pick")


@mypyc_attr(allow_interpreted_subclasses=True)
class Table:
    """One game at a simulated table, as the loop drives it (see the module's docstring).

    The loop reads and writes the attributes: ``seats`` (how many), ``due`` (the table's own
    next moment, :data:`NEVER` when none: a new table's first action is due at 0), ``now``
    (the moment being decided), ``events`` (events logged so far: the loop stops the game at
    its bound), ``bounced`` (actions taken back), ``last`` (the time of the last event) and
    ``reason`` (``"unfinished"``, ``"stuck"``, or ``""`` while nothing cut the game short).
    """

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.due = 0
        self.now = 0
        self.events = 0
        self.bounced = 0
        self.last = 0
        self.reason = ""
        self.seed = 0
        """The seed the game was dealt with."""
        self.choosers: list[Chooser] = []
        """Each seat's policy (the loop sets it), for :meth:`ask`."""

    def ask(self, seat: int, menu: Menu) -> Any:
        """``seat``'s pick on ``menu``, for a choice the table leaves to a seat (Spit: the pile a
        lone spitter spits onto)."""
        return self.choosers[seat].pick(menu)

    # ------------------------------------------------------------------ play

    def menu(self, seat: int) -> Menu | None:
        """``seat``'s options now, or ``None`` when it has nothing to do."""
        raise _unimplemented(self, "menu")

    def action(self, t: int) -> Any:
        """The table's own action at its moment ``t`` (:attr:`due`), or ``None``: none now."""
        raise _unimplemented(self, "action")

    def land(self, actor: int, option: Any, t: int, due: list[int]) -> int:
        """``option`` of seat ``actor`` (-1: the table's own action) lands at ``t``: judged by the
        rules, applied, counted and logged if it stands.  Returns :data:`BOUNCED`, or
        :data:`STOOD` with the bits :data:`STIRRED` and :data:`ENDED`; ``due`` is every seat's
        next moment, which the table may change (Speed: a seat that went out calls at once)."""
        raise _unimplemented(self, "land")

    def step(self) -> int:
        """The table's move when every seat waits and nothing is due: :data:`MOVED`,
        :data:`AGAIN` or :data:`STOP`."""
        raise _unimplemented(self, "step")

    def over(self) -> bool:
        """Whether the game is over (asked after an action that may have ended it)."""
        raise _unimplemented(self, "over")

    # ------------------------------------------------------------------ a bot of the public protocol

    def view(self, seat: int) -> Any:
        """What ``seat`` sees now (Speed: a ``SeatView``; Spit: a ``SpitView``)."""
        raise _unimplemented(self, "view")

    def actions(self, menu: Menu) -> list[Any]:
        """The menu's options as the family's actions, for ``bot.choose``."""
        raise _unimplemented(self, "actions")

    def option_of(self, action: Any) -> Any:
        """The option an action of :meth:`actions` stands for."""
        raise _unimplemented(self, "option_of")

    # ------------------------------------------------------------------ the result

    def ending(self) -> tuple[int | None, str, tuple[int, ...]]:
        """Once play stopped: the winner, how the game ended (``out``, ``tie``, ``dead-end``,
        ``rounds``, ``unfinished``, ``stuck``) and the tied seats."""
        raise _unimplemented(self, "ending")

    def remaining(self) -> tuple[int, ...]:
        """The cards each seat holds at the end."""
        raise _unimplemented(self, "remaining")

    def counts(self) -> dict[str, int]:
        """The logged events by kind name."""
        raise _unimplemented(self, "counts")

    def extra(self) -> dict[str, Any]:
        """The family's own figures of the game, by name (Speed: ``collisions``; Spit: ``spit``)."""
        raise _unimplemented(self, "extra")

    def duration(self) -> int:
        """The time of play, in ms."""
        return self.last

    def rounds(self) -> int:
        """The rounds (deals) played."""
        return 1

    def log_deals(self) -> list[Any]:
        """The game as a log's ``deals``: each a ``layout`` and its ``events`` (the events may be
        encoded JSON text already, as ``msgspec.Raw``)."""
        raise _unimplemented(self, "log_deals")
