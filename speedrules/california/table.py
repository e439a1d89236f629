"""California Speed at the simulator's table (:class:`~speedrules.table.Table`): the seats cover
matched cards as they see them; when every seat waits the table re-lays (or the deal has ended
in a dead end).  The table works on the kernel's codes and keeps the coded events for the log.

>>> import random
>>> from speedrules import load_variant
>>> table = CaliforniaTable(load_variant("california-speed"), random.Random(3), ("Ann", "Ben"), log=True)
>>> table.step(), [o[1] for o in table.menu(0).options()]
(0, [1, 3, 4, 6])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core.cards import Card
from ..core.checks import checked_names
from ..core.variant import Variant
from ..table import BOUNCED, ENDED, MOVED, NEVER, STOOD, STOP, Menu, Table
from .actions import Cover
from .game import CaliforniaGame, dealt_layout, layout_json
from .kernel import COVER, RELAY, laid_kernel
from .view import CaliforniaView
from .wire import event_json


def cover_option(action: Cover, width: int) -> tuple[int, int, tuple[int, ...], tuple[()]]:
    """The option a cover stands for: ``(COVER, position, (card,), ())``."""
    card = action.card.code if action.card is not None else -1
    return COVER, action.row * width + action.col, (card,), ()


def menu_of(view: CaliforniaView, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
    """The menu of a seat whose options are given as covers: one group, the seat's one card."""
    by_option = {cover_option(a, view.width): a for a in actions if isinstance(a, Cover)}
    menu = Menu(view.seat)
    if by_option:
        menu.plays = [sorted(by_option, key=lambda o: o[1])]
        menu.count = 1
    return menu, by_option


class CoverMenu(Menu):
    """A seat's menu at the table: one group, the top card of its pile (``cards``, its options'
    cards), one play per stack it may cover (``targets``, in position order), made when asked
    for.  ``sizes`` stays empty: with no claims and no refills, no bot weighs a stack's size."""

    def __init__(self, seat: int, card: int, targets: list[int]) -> None:
        super().__init__(seat)
        self.cards = (card,)
        self.targets = targets
        self.count = 1

    def group(self, i: int) -> list[Any]:
        cards = self.cards
        return [(COVER, pos, cards, ()) for pos in self.targets]

    def play(self, i: int, rand: Callable[[], float]) -> Any:
        targets = self.targets
        m = len(targets)  # (a local int: ``rand() * len(...)`` compiles to a generic multiply)
        return COVER, targets[int(rand() * m)] if m > 1 else targets[0], self.cards, ()


class CaliforniaTable(Table):
    """One deal at the simulator's table (see the module's docstring)."""

    def __init__(self, variant: Variant, rng: random.Random, names: Sequence[str], *, log: bool) -> None:
        super().__init__(variant.players)
        # the deal laid straight into a kernel (the shuffler deals the deck: no layout check, no game around it)
        layout, seed = dealt_layout(variant, rng.getrandbits(63))
        self.variant = variant
        self.layout = layout
        self.names = checked_names(variant, names)
        self.kernel = laid_kernel(variant, *layout, self.names)
        self.seed = seed if seed is not None else 0
        self.shown: CaliforniaGame | None = None
        self.due = NEVER  # no action of its own: the first step starts the clock
        self.started = False
        self.keep = log
        self.logged: list[tuple[Any, ...]] = []
        self.covered = 0
        self.relayed = 0

    @property
    def game(self) -> CaliforniaGame:
        """The deal as a game played on the table's kernel (what a picture of the table draws),
        made the first time it is asked for."""
        if self.shown is None:
            piles, rows, aside = self.layout
            self.shown = CaliforniaGame(self.variant, [p[::-1] for p in piles], rows, aside, names=self.names,
                                        seed=self.seed)
            self.shown.kernel = self.kernel
        return self.shown

    def menu(self, seat: int) -> Menu | None:
        k = self.kernel
        if k.winner is not None or k.dead_end:
            return None
        targets = k.targets()
        if not targets:
            return None
        return CoverMenu(seat, k.piles[seat][-1], targets)

    def action(self, t: int) -> Any:
        return None

    def _record(self, kind: int, player: int, x: Any, row: Any, col: Any, t: int) -> None:
        """Apply a coded event the kernel accepted (its fields passed one by one: compiled, a
        call with ``*event`` is a generic one) and keep it for the log."""
        self.kernel.apply_event(kind, player, x, row, col, t, self.events)
        if self.keep:
            self.logged.append((kind, player, x, row, col, t))
        self.events += 1
        self.last = t

    def land(self, actor: int, option: Any, t: int, due: list[int]) -> int:
        k = self.kernel
        pos: int = option[1]
        width = k.row
        card = option[2][0]
        row, col = pos // width, pos % width
        if k.check_event(COVER, actor, card, row, col, t) is not None:
            return BOUNCED
        self._record(COVER, actor, card, row, col, t)
        self.covered += 1
        return ENDED if k.winner is not None else STOOD

    def step(self) -> int:
        k = self.kernel
        if not self.started:
            self.started = True
            return MOVED
        if k.winner is not None or k.dead_end:
            return STOP
        if not k.blocked():
            self.reason = "stuck"  # every seat let the moment pass with a cover open
            return STOP
        self._record(RELAY, -1, k.relay_rows(), None, None, self.last)
        self.relayed += 1
        return STOP if k.dead_end else MOVED

    def over(self) -> bool:
        return self.kernel.winner is not None or self.kernel.dead_end

    def view(self, seat: int) -> Any:
        k = self.kernel
        pile = k.piles[seat]
        return CaliforniaView(seat, self.now, Card.from_code(pile[-1]) if pile else None,
                              tuple(Card.from_code(s[-1]) for s in k.stacks), tuple(len(s) for s in k.stacks),
                              k.row, tuple(k.targets()))

    def actions(self, menu: Menu) -> list[Any]:
        width = self.kernel.row
        return [Cover(menu.seat, o[1] // width, o[1] % width, Card.from_code(o[2][0])) for o in menu.options()]

    def option_of(self, action: Any) -> Any:
        return cover_option(action, self.kernel.row)

    def ending(self) -> tuple[int | None, str, tuple[int, ...]]:
        if self.reason:
            return None, self.reason, ()
        winner = self.kernel.winner
        return (winner, "out", ()) if winner is not None else (None, "dead-end", ())

    def remaining(self) -> tuple[int, ...]:
        return tuple(len(p) for p in self.kernel.piles)

    def counts(self) -> dict[str, int]:
        return {"cover": self.covered, "relay": self.relayed}

    def extra(self) -> dict[str, Any]:
        return {"collisions": len(self.kernel.collisions)}

    def log_deals(self) -> list[Any]:
        return [{"layout": layout_json(self.layout), "events": [event_json(e) for e in self.logged]}]
