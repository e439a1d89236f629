"""Speed's table as a :class:`~speedrules.core.scene.Scene` (the Speed family's pictures hooks):
each seat's hand and draw stack, each centre pile on one panel with the reserve that feeds it;
and a logged deal's table, actions and result for ``render`` and ``view``.

>>> from speedrules import deal
>>> game = deal("speed", seed=1, names=["Ann", "Ben"])
>>> game.reveal()
>>> shown = scene(game, viewer=0, highlight=Card.parse("JC"))
>>> [row.label for row in shown.rows], shown.chosen()
(['Ben', 'centre', 'Ann'], (0, 0))
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import Card
from ..core.errors import IllegalActionError, InvalidArgumentError
from ..core.scene import Group, Line, Mark, Row, Scene, Stack
from ..logs.log import Log
from .actions import Play
from .dealing import check_layout_codes
from .game import Game
from .kernel import Kernel

if TYPE_CHECKING:
    from ..judge.verdicts import DealVerdict, Verdict
    from .kernel import TableView

__all__ = ["logged_game", "nowhere_words", "result_words", "scene", "verdict_scene"]

HAND_ROOM = 5
"""Room kept for a hand of this many cards at least, so that the table keeps its width as cards go."""


def _hand(cards: Sequence[Card] | int, room: int, *, chosen: Card | None = None, marked: Sequence[Card] = (),
          ) -> Stack:
    """A seat's hand: its cards face up, or a count of hidden ones."""
    if isinstance(cards, int):
        return Stack("hand", cards, spread=True, room=room, name="hand", back="hidden")
    offending: list[int] = []
    left = list(marked)
    for i, held in enumerate(cards):
        if held in left:
            offending.append(i)
            left.remove(held)
    return Stack("hand", len(cards), tuple(cards), spread=True, room=room, name="hand",
                 chosen=tuple(i for i, held in enumerate(cards) if held == chosen), offending=tuple(offending))


def _seat_row(seat: int, name: str, hand: Stack, draw: int, owed: int) -> Row:
    lines = [Line(f"hand {hand.count}, draw {draw}")]
    if owed and draw:
        lines.append(Line(f"owes {owed} draw{'s' if owed != 1 else ''}", "note"))
    stack = Stack("draw", draw, name="draw stack")
    return Row(name, (Group((hand,)), Group((stack,))), seat=seat, lines=tuple(lines), mirrored=True)


def _centre_row(piles: Sequence[Stack], reserves: Sequence[int]) -> Row:
    """Each pile on a panel with the reserve that feeds it: the first half's reserves on the left
    of their piles, the others' on the right."""
    half = (len(piles) + 1) // 2
    groups = tuple(Group((pile, Stack("reserve", reserves[p], index=p, name="reserve", caption="reserve")),
                         name=f"pile {p}", panel="feeds", mirrored=p < half) for p, pile in enumerate(piles))
    return Row("centre", groups, lines=(Line("each pile and the"), Line("reserve that feeds it")))


def _rows(names: Sequence[str], hands: Sequence[Stack], draws: Sequence[int], owed: Sequence[int],
          centre: Row) -> tuple[Row, ...]:
    """The seats after the first across the top, the centre, the first seat at the bottom."""
    seats = [_seat_row(s, names[s], hands[s], draws[s], owed[s]) for s in range(len(names))]
    return (*seats[1:], centre, seats[0])


def _pile(game: Game, p: int, targets: frozenset[int], mark: Mark | None) -> Stack:
    depth = len(game.piles[p])
    top, rank = game.tops[p], game.top_ranks[p]
    shown: tuple[Card | str, ...] = (top,) if top is not None and game.is_revealed else ()
    note = ""
    if top is not None and top.is_joker:  # the rank it stands for, or any (a starter, a flipped joker)
        note = f"as {Card.from_code(rank - 1).rank_text}" if 1 <= rank <= 13 else "wild"
    return Stack("pile", depth, shown, index=p, label=f"pile {p}", depth=True, note=note, back="starter",
                 target=p in targets, struck=mark is not None and mark.pile == p)


def scene(game: Game, *, viewer: int | None = None, highlight: Any = None, mark: Mark | None = None) -> Scene:
    """The scene of a Speed game (see :func:`speedrules.show.svg.table`): ``highlight`` is a card."""
    if not isinstance(game, Game):
        raise InvalidArgumentError(f"not a Speed Game: {type(game).__name__}")
    if highlight is not None and not isinstance(highlight, Card):
        raise InvalidArgumentError("highlight in Speed is a card, not a stock pile")
    targets: frozenset[int] = frozenset()
    if highlight is not None:
        targets = frozenset(a.pile for a in game.legal_actions() if isinstance(a, Play) and a.cards[0] == highlight
                            and (viewer is None or a.player == viewer))
    room = max([HAND_ROOM, *map(len, game.hands)])
    hands = [_hand(hand if viewer is None or seat == viewer else len(hand), room, chosen=highlight,
                   marked=mark.cards if mark is not None and mark.player == seat else ())
             for seat, hand in enumerate(game.hands)]
    piles = [_pile(game, p, targets, mark) for p in range(len(game.piles))]
    centre = _centre_row(piles, [len(r) for r in game.reserves])
    rows = _rows(game.names, hands, [len(d) for d in game.draw_stacks], game.draws_owed, centre)
    return Scene(game.variant.name, game.status_text(), rows, actions=len(game.history))


def verdict_scene(view: TableView, names: Sequence[str], title: str, mark: Mark | None = None) -> Scene:
    """The table the referee kept at a deal's first violation (pile tops as text, no depths)."""
    tops: list[Card | str | None] = []
    for top in view.piles:
        try:
            tops.append(None if top == "empty" else Card.parse(top))
        except ValueError:
            tops.append(top)
    hands = [_hand(tuple(Card.parse(c) for c in hand), HAND_ROOM,
                   marked=mark.cards if mark is not None and mark.player == seat else ())
             for seat, hand in enumerate(view.hands)]
    piles = [Stack("pile", 0 if top is None else 1, () if top is None else (top,), index=p, label=f"pile {p}",
                   struck=mark is not None and mark.pile == p) for p, top in enumerate(tops)]
    centre = _centre_row(piles, view.reserves)
    return Scene(title, "", _rows(names, hands, view.draw, [0] * len(names), centre))


def logged_game(log: Log, deal: int, upto: int, verdict: Verdict) -> Game | None:
    """The game of deal ``deal`` after ``upto`` events, run through the kernel (see
    :meth:`speedrules.family.Family.logged_game`); ``None`` when its layout breaks a rule."""
    coded = log.deals[deal]
    stacks = (coded.hands, coded.draw, coded.starters, coded.reserves)
    if check_layout_codes(log.variant, *stacks) is not None:
        return None
    kernel = Kernel(log.variant, *stacks, names=log.names)
    stopped = kernel.run(itertools.islice(coded.events, upto))
    if stopped is not None:  # the referee stops before this; a guard, not a second judge
        raise IllegalActionError(stopped[1])
    if not kernel.revealed:  # the few draws before the reveal: a position holds none of them
        return Game.from_log(log, deal, upto)
    return Game.from_position(log.variant, kernel.position(upto), names=log.names)


def result_words(deal: DealVerdict, names: Sequence[str]) -> str:
    """How a deal that broke no rule ended: void, won, tied, a dead end, or not finished."""
    if deal.void:
        return "void"
    if deal.winner is not None:
        return f"{names[deal.winner]} won"
    if deal.tied:
        return "tied by " + " and ".join(names[s] for s in deal.tied)
    return "a dead end" if deal.dead_end else "not finished"


def nowhere_words(card: Card, viewer: str | None) -> str:
    """Where a highlighted card must be to be outlined: in a hand shown."""
    return "in no hand" if viewer is None else f"not in {viewer}'s hand"
