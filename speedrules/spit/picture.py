"""Spit's table as a :class:`~speedrules.core.scene.Scene` (the Spit family's pictures hooks):
each player's spit pile and row of stock piles, what each holds, and the two centre piles; and
a logged round's table, actions and result for ``render`` and ``view``.

>>> from speedrules import Spit, deal_spit
>>> game = deal_spit("spit", seed=2, names=["Ann", "Ben"])
>>> game.apply(Spit())
>>> shown = scene(game, highlight=(0, 2))
>>> [row.label for row in shown.rows], [s.target for g in shown.rows[1].groups for s in g.stacks]
(['Ben', 'centre', 'Ann'], [True, False])
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import Card
from ..core.errors import InvalidArgumentError
from ..core.scene import Group, Line, Mark, Row, Scene, Stack
from ..logs.log import Log
from .actions import StockPlay
from .game import SpitGame
from .kernel import SpitKernel

if TYPE_CHECKING:
    from ..judge.verdicts import DealVerdict, Verdict

__all__ = ["logged_game", "nowhere_words", "result_words", "scene", "status"]


def status(game: SpitGame) -> str:
    """How the game stands, in words (the picture's head)."""
    names = game.names
    outcome = game.outcome()
    if outcome is not None:
        return f"{names[outcome.winner]} wins the game" if outcome.winner is not None else "a tie"
    if game.is_round_settled():
        return "the round is settled"
    if game.is_round_over():
        return "the round is over: claim the centre piles"
    return "spit to start" if not any(game.centre) else "play on"


def _holding(game: SpitGame, p: int) -> tuple[Line, ...]:
    """What player ``p`` holds, in the lines under the name: the cards drawn in the row and the
    spit pile and, once the round is settled, what they end it with (the centre piles they took
    too), which is what the next round is laid from."""
    lines = [Line(f"holds {game.kernel.held(p)}", "holding")]
    result = game.kernel.result()
    if result is not None:
        taken = [str(c) for c, owner in enumerate(result.owners) if owner == p]
        if taken:
            lines.append(Line(f"with pile{'s' * (len(taken) > 1)} {', '.join(taken)}: {len(result.holdings[p])}",
                              "holding"))
    return tuple(lines)


def _chosen(game: SpitGame, highlight: Card | tuple[int, int] | None, viewer: int | None) -> tuple[int, int] | None:
    """The stock pile ``(player, pile)`` the highlighted card is the face-up top of, in a row shown."""
    if highlight is None or isinstance(highlight, tuple):
        return highlight
    return next(((p, i) for p, row in enumerate(game.stock) if viewer is None or p == viewer
                 for i, pile in enumerate(row) if pile and pile[0] == highlight), None)


def _seat_row(game: SpitGame, p: int, viewer: int | None, chosen: tuple[int, int] | None, mark: Mark | None) -> Row:
    """Player ``p``'s seat: the spit pile, then the row of stock piles, each numbered as events
    and the notation number them, its depth under the number."""
    spit = len(game.spit_piles[p])
    stocks = []
    for i, pile in enumerate(game.stock[p]):
        shown = bool(pile) and (viewer is None or p == viewer)
        stocks.append(Stack("stock", len(pile), (pile[0],) if shown else (), index=i, name=f"pile {i}",
                            label=f"pile {i}", depth=True, back="hidden", chosen=(0,) if chosen == (p, i) else (),
                            offending=(0,) if mark is not None and mark.player == p and mark.stock == i else ()))
    groups = (Group((Stack("spit", spit, name="spit pile", caption="spit pile"),)), Group(tuple(stocks)))
    return Row(game.names[p], groups, seat=p, lines=_holding(game, p))


def scene(game: SpitGame, *, viewer: int | None = None, highlight: Any = None, mark: Mark | None = None) -> Scene:
    """The scene of a Spit game (see :func:`speedrules.show.svg.table`): ``highlight`` is a card
    on a stock pile's top or a stock pile ``(player, pile)``."""
    if not isinstance(game, SpitGame):
        raise InvalidArgumentError(f"not a SpitGame: {type(game).__name__}")
    chosen = _chosen(game, highlight, viewer)
    targets = frozenset(a.pile for a in game.legal_actions() if isinstance(a, StockPlay)
                        and (a.player, a.stock) == chosen) if chosen is not None else frozenset()
    piles = tuple(Group((Stack("pile", len(pile), pile[:1], index=p, label=f"pile {p}", depth=True,
                               target=p in targets, struck=mark is not None and mark.pile == p),), name=f"pile {p}")
                  for p, pile in enumerate(game.centre))
    rows = (_seat_row(game, 1, viewer, chosen, mark), Row("centre", piles), _seat_row(game, 0, viewer, chosen, mark))
    return Scene(f"{game.variant.name}, round {game.round}", status(game), rows)


def _starts(verdict: Verdict) -> list[tuple[int, int] | None]:
    """For each round of a log, the rounds each player won before it; ``None`` for a round that
    cannot be laid, as :meth:`speedrules.SpitGame.from_log` cannot lay it: the referee found its
    layout, or its place in the game, breaking a rule (a violation before its first event), or
    an earlier round breaking one."""
    starts: list[tuple[int, int] | None] = []
    wins = [0, 0]
    broken = False
    for judged in verdict.deals:
        broken = broken or any(v.event is None for v in judged.violations)
        starts.append(None if broken else (wins[0], wins[1]))
        broken = broken or bool(judged.violations)
        if judged.winner is not None:
            wins[judged.winner] += 1
    return starts


def logged_game(log: Log, deal: int, upto: int, verdict: Verdict) -> SpitGame | None:
    """The game at round ``deal`` after ``upto`` events, applied as the referee judged them (see
    :meth:`speedrules.family.Family.logged_game`); ``None`` when the round cannot be laid."""
    wins = _starts(verdict)[deal]
    if wins is None:
        return None
    logged = log.rounds[deal]
    kernel = SpitKernel(log.variant, *logged.codes, names=log.names)
    apply = kernel.apply_event
    for event in itertools.islice(logged.events, upto):  # the referee judged them: applied as they stood
        apply(*event)
    return SpitGame.from_position(log.variant, kernel.position(deal, wins), names=log.names)


def result_words(deal: DealVerdict, names: Sequence[str]) -> str:
    """How a round that broke no rule ended: who cleared the row first, settled, or not finished."""
    if deal.winner is not None:
        return f"{names[deal.winner]} cleared the row first"
    return "settled" if deal.finished else "not finished"


def nowhere_words(card: Card, viewer: str | None) -> str:
    """Where a highlighted card must be to be outlined: on top of a stock pile shown."""
    return "on top of no stock pile" if viewer is None else f"on top of none of {viewer}'s stock piles"

