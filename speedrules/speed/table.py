"""Speed at the simulator's table (:class:`~speedrules.table.Table`): one deal, every action
judged and applied by the rules :class:`~speedrules.speed.kernel.Kernel`, compiled with the
optional build.

The table reveals the starters at ``t = 0``; when every seat waits, the reserves flip
:data:`FLIP_PAUSE_MS` after the last event, or, with every reserve spent, the centre is
rebuilt (:data:`REBUILD_MS`) and flips after that, or the deal is a dead end.  A seat's menu
is its call when it went out, its pickups, its plays grouped by card and its draw; on a table
of single cards and no jokers (the plain variants) the plays are found card by card
(:meth:`~speedrules.speed.kernel.Kernel.playable_codes`) and a card's piles only when a bot
looks at that card.

>>> import random
>>> from speedrules.core.loading import load_variant
>>> from speedrules.core.cards import Card
>>> table = SpeedTable(load_variant("speed"), random.Random(5), ("a", "b"), log=False)
>>> table.land(-1, table.action(0), 0, [0, 0]), table.counts()["reveal"]
(0, 1)
>>> table.game.tops, [str(Card.from_code(c)) for c in table.kernel.hands[0]]
((Card.parse('7H'), Card.parse('9C')), ['AC', '8D', 'QS', '7C', '9H'])
>>> menu = table.menu(0)  # one card to play, the 8D, on either pile
>>> [[(kind, pile, str(Card.from_code(code))) for kind, pile, (code,), _ in menu.group(i)]
...  for i in range(menu.count)], menu.refills
([[(1, 0, '8D'), (1, 1, '8D')]], [])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import msgspec

from ..core.variant import Call as CallRule
from ..core.variant import Variant
from ..table import AGAIN, BOUNCED, ENDED, MOVED, STOOD, STOP, Menu, Table
from .actions import CALL, DRAW, FLIP, PLAY, REBUILD, REVEAL
from .coding import EVENT_TYPES, add_event_text, events_array
from .game import Game, deal
from .kernel import DRAW_OPTION, Kernel, Option
from .seat import SeatView, group_options, option_of, seat_options

__all__ = ["FLIP_PAUSE_MS", "REBUILD_MS", "PlainMenu", "SpeedTable"]

FLIP_PAUSE_MS: Final = 1000
"""When every seat is blocked, the reserves flip this long after the last event (000: "pause together")."""
REBUILD_MS: Final = 5000
"""Gathering, shuffling and splitting the centre into new reserves takes this long; the flip follows."""

_REVEAL: Final[Option | None] = (REVEAL, -1, (), ())
"""The table's first action (typed as an answer, so that the compiled build keeps one tuple)."""
_DRAWS: Final[list[Option]] = [DRAW_OPTION]
_NONE: Final[list[Option]] = []


class PlainMenu(Menu):
    """A seat's menu on a plain table (single cards, no jokers): one group per card it can
    play (``codes``), whose plays (one per pile the card fits) are made when asked for."""

    def __init__(self, seat: int, kernel: Kernel) -> None:
        super().__init__(seat)
        self.kernel = kernel
        self.codes: list[int] = []

    def group(self, i: int) -> list[Any]:
        code = self.codes[i]
        return [(PLAY, pile, (code,), ()) for pile in self.kernel.piles_for(code)]

    def play(self, i: int, rand: Callable[[], float]) -> Any:
        code = self.codes[i]
        piles = self.kernel.piles_for(code)
        m = len(piles)  # (a local int: ``rand() * len(...)`` compiles to a generic multiply)
        return PLAY, piles[int(rand() * m)] if m > 1 else piles[0], (code,), ()


class SpeedTable(Table):
    """One deal of a Speed variant at the simulator's table, dealt from ``rng``; ``log``: keep
    the events' text for the deal's log."""

    def __init__(self, variant: Variant, rng: random.Random, names: Sequence[str], *, log: bool) -> None:
        super().__init__(variant.players)
        game = deal(variant, rng.getrandbits(63))  # (the names are the log's; the kernel's are for messages)
        self.game: Game = game
        self.kernel: Kernel = game.kernel
        self.seed = game.seed if game.seed is not None else 0
        self.plain = not variant.runs and variant.jokers == 0
        # where a call is never due and no pickup ever owed, a plain table's menu is always the plain one
        self.simple = self.plain and variant.call is CallRule.NONE
        self.counted = [0] * len(EVENT_TYPES)
        self.records: list[str] | None = [] if log else None
        self.plain_menu = PlainMenu(0, self.kernel)  # one for every seat: a menu is chosen from as soon as it is made
        self.one: list[tuple[int, int, int, Any, Sequence[int], int]] = [(PLAY, 0, 0, None, (), 0)]

    # ------------------------------------------------------------------ play

    def plain_now(self) -> bool:
        """Whether a seat's menu is the plain one now (:class:`PlainMenu`: its single cards and
        its draw): on a plain table while no call is due and no pickup owed."""
        k = self.kernel
        return self.simple or (self.plain and k.out_seat is None and not k.pickup_owed)

    def menu(self, seat: int) -> Menu | None:
        k = self.kernel
        if not self.plain_now():
            menu = group_options(k.options(seat), seat, [len(p) for p in k.piles])
            return menu if menu.must or menu.claims or menu.plays or menu.refills else None
        codes = k.playable_codes(seat)
        draw = k.draw_rule(seat) is None
        if not codes and not draw:
            return None
        plain = self.plain_menu
        plain.seat = seat
        plain.codes = codes
        plain.count = len(codes)
        plain.refills = _DRAWS if draw else _NONE
        return plain

    def action(self, t: int) -> Any:
        return _REVEAL  # its only action of its own: the reveal at 0 (a flip or a rebuild comes in step)

    def land(self, actor: int, option: Any, t: int, due: list[int]) -> int:
        checked: Option = option  # (a checked unboxing, not a generic unpacking)
        kind, pile, codes, declared = checked
        k = self.kernel
        # Every action is judged by the kernel as it lands: one that no longer fits (the table changed
        # at this instant, or the deal ended) is taken back.
        self.one[0] = (kind, actor, pile, codes if kind == PLAY else None, declared, t)
        if k.run(self.one, self.events) is not None:
            return BOUNCED
        self.events += 1
        self.last = t
        counted = self.counted
        counted[kind] = counted[kind] + 1
        records = self.records
        done = STOOD
        if kind == PLAY:
            if not k.hands[actor] and not k.draws[actor]:
                done = ENDED
                if k.out_seat == actor:
                    due[actor] = t  # the call comes at once
            if records is not None:
                add_event_text(records, PLAY, actor, pile, codes, declared, t)
        elif kind == DRAW:
            if records is not None:
                add_event_text(records, DRAW, actor, -1, k.hands[actor][-1], (), t)
        else:
            if kind == CALL:
                done = ENDED
            if records is not None:
                add_event_text(records, kind, actor, pile, None, (), t)
        return done

    def step(self) -> int:
        k = self.kernel
        if k.is_over():
            return STOP
        last = self.last
        t = last + FLIP_PAUSE_MS
        records = self.records
        if k.event(FLIP, t=t) is None:
            kind = FLIP
            if records is not None:
                add_event_text(records, FLIP, -1, -1, None, (), t)
            done = MOVED
        elif k.check_event(REBUILD, t=last + REBUILD_MS) is None:  # the reserves are spent: rebuild
            t = last + REBUILD_MS
            kind = REBUILD
            reserves = k.apply_event(REBUILD, t=t)
            if records is not None:
                add_event_text(records, REBUILD, -1, -1, reserves, (), t)
            done = AGAIN  # still blocked: the flip follows
        else:
            self.reason = "stuck"
            return STOP
        counted = self.counted
        counted[kind] = counted[kind] + 1
        self.events += 1
        self.last = t
        return done

    def over(self) -> bool:
        return self.kernel.is_over()

    # ------------------------------------------------------------------ a bot of the public protocol

    def view(self, seat: int) -> Any:
        return SeatView.of(self.game, seat, self.now)

    def actions(self, menu: Menu) -> list[Any]:
        return list(seat_options(self.game, menu.seat))

    def option_of(self, action: Any) -> Any:
        return option_of(action)

    # ------------------------------------------------------------------ the result

    def ending(self) -> tuple[int | None, str, tuple[int, ...]]:
        reason = self.reason
        outcome = self.kernel.outcome()
        if outcome is not None and not reason:
            reason = "out" if outcome.winner is not None else ("tie" if outcome.is_tie else "dead-end")
            return outcome.winner, reason, outcome.tied
        return None, reason or "stuck", ()

    def remaining(self) -> tuple[int, ...]:
        return self.kernel.remaining()

    def counts(self) -> dict[str, int]:
        return dict(zip(EVENT_TYPES, self.counted, strict=True))

    def extra(self) -> dict[str, Any]:
        return {"collisions": len(self.kernel.collisions)}

    def log_deals(self) -> list[Any]:
        records = self.records
        events = msgspec.Raw(events_array(records).encode()) if records is not None else []
        return [{"layout": self.game.layout_json(), "events": events}]
