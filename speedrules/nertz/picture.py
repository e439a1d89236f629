"""Nertz's table as a :class:`~speedrules.core.scene.Scene` (the family's pictures hooks): each
seat's Nertz pile, work piles (spread, bottom card first), stock and waste, and the shared
foundations in the centre, each foundation's top card noted with its owner (``#1``: seat 1's
deck); and a logged hand's table for ``render`` and ``view``.

>>> from speedrules.nertz.game import deal_nertz
>>> shown = scene(deal_nertz("nertz", seed=1, names=["Ann", "Ben"]))
>>> [row.label for row in shown.rows]
['Ben', 'centre', 'Ann']
>>> shown.text().splitlines()[1].split()[:5]
['Ann', 'Nertz', '5C', '(13', 'cards)']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import Card
from ..core.errors import InvalidArgumentError
from ..core.scene import Group, Line, Mark, Row, Scene, Stack
from .actions import Found
from .cards import face, owner
from .game import NertzGame, layout_problem
from .kernel import NertzKernel

if TYPE_CHECKING:
    from ..judge.verdicts import Verdict
    from ..logs.log import Log

__all__ = ["logged_game", "nowhere_words", "scene"]


def _face(code: int) -> Card:
    return Card.from_code(face(code))


def _seat_row(game: NertzGame, seat: int, viewer: int | None, highlight: Any, mark: Mark | None) -> Row:
    k = game.kernel
    shown = viewer is None or viewer == seat
    marked = mark is not None and mark.player == seat

    def top(kind: str, label: str, cards: list[int], index: int | None = None) -> Stack:
        card = _face(cards[-1]) if cards and shown else None
        return Stack(kind, len(cards), (card,) if card is not None else (), index=index, name=label, caption=label,
                     depth=True, back="hidden" if cards and not shown else "",
                     chosen=(0,) if card is not None and card == highlight else (),
                     offending=(0,) if marked and card is not None and card in mark.cards else ())  # type: ignore[union-attr]

    work = []
    for j, pile in enumerate(k.work[seat]):
        cards = tuple(_face(c) for c in pile) if shown else ()
        work.append(Stack("work", len(pile), cards, index=j, spread=True, name=f"w{j}", label=f"w{j}",
                          back="hidden", chosen=tuple(i for i, c in enumerate(cards) if c == highlight),
                          offending=tuple(i for i, c in enumerate(cards) if marked and c in mark.cards)))  # type: ignore[union-attr]
    stock = Stack("stock", len(k.stock[seat]), (), name="stock", caption="stock", depth=True)
    groups = (Group((top("nertz", "Nertz", k.nertz[seat]),)), Group(tuple(work)),
              Group((stock, top("waste", "waste", k.waste[seat]))))
    score = k.hand_scores()[seat]
    return Row(game.names[seat], groups, seat=seat, lines=(Line(f"score {score:+d}", "holding"),))


def scene(game: NertzGame, *, viewer: int | None = None, highlight: Any = None, mark: Mark | None = None) -> Scene:
    """The scene of a hand of Nertz (see :func:`speedrules.show.svg.table`): ``highlight`` a card
    face, outlined where a seat shows it, its legal foundations as targets."""
    if not isinstance(game, NertzGame):
        raise InvalidArgumentError(f"not a NertzGame: {type(game).__name__}")
    k = game.kernel
    targets = {a.to for a in game.legal_actions() if isinstance(a, Found) and highlight is not None
               and _face(a.card.code) == highlight}
    piles = tuple(Stack("foundation", len(p), (_face(p[-1]),), index=f, label=f"f{f}", depth=True,
                        note=f"#{owner(p[-1])}", target=f in targets,
                        struck=mark is not None and mark.pile == f) for f, p in enumerate(k.foundations))
    centre = Row("centre", (Group(piles, name="foundations"),) if piles else (Group((), name="foundations"),))
    rows = [_seat_row(game, s, viewer, highlight, mark) for s in range(k.seats)]
    half = (len(rows) + 1) // 2
    ordered = (*reversed(rows[half:]), centre, *reversed(rows[:half]))
    return Scene(game.variant.name, game.status_text(), ordered)


def logged_game(log: Log, deal: int, upto: int, verdict: Verdict) -> NertzGame | None:
    """The hand ``deal`` of ``log`` after ``upto`` events, applied as the referee judged them;
    ``None`` when its layout breaks a rule."""
    logged = log.deals[deal]
    layout = (logged.nertz, logged.work, logged.stock)
    if layout_problem(log.variant, *layout) is not None:
        return None
    game = NertzGame.from_layout(log.variant, layout, names=log.names)
    kernel: NertzKernel = game.kernel
    for index, event in enumerate(logged.events[:upto]):
        kernel.apply(event, index)
    return game


def nowhere_words(card: Card, viewer: str | None) -> str:
    """Where a highlighted card must lie to be outlined: on top of a pile shown, or in a work pile."""
    return "on no pile shown" if viewer is None else f"on none of {viewer}'s piles"

