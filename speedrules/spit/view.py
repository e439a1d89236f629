"""What one seat sees at a simulated Spit table (:class:`SpitView`): the view a bot of the public
protocol (``choose(view, options, rng)``) is given.

>>> from speedrules import deal_spit
>>> game = deal_spit("spit", seed=2)
>>> game.spit()
>>> view = SpitView.of(game, 1, t=400)
>>> [str(c) for c in view.tops], view.row_sizes[1], view.spit_sizes, view.round_over
(['8S', 'QD'], (1, 2, 3, 4, 5), (10, 10), False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from ..core.cards import Card
from .kernel import SpitKernel

if TYPE_CHECKING:
    from .game import SpitGame


@attrs.frozen(slots=True)
class SpitView:
    """What one seat sees in a round of Spit when it is its moment to act.

    ``tops`` and ``centre_sizes`` are the two centre piles' top cards (``None`` before a spit
    starts one) and sizes; ``row_tops[p]`` the face-up top of each of player *p*'s stock piles
    (``None`` for a gap) and ``row_sizes[p]`` their sizes (both players' rows are in view, as at
    the table); ``spit_sizes`` each player's spit cards; ``round_over`` whether the round has
    ended and the centre piles are being claimed; ``round`` the round's number (from 0); ``t``
    the time in ms since the round's first spit.
    """

    family: ClassVar[str] = "spit"
    """The game family whose seat this is (what a bot's ``choose`` may ask the family about)."""

    seat: int
    t: int
    round: int
    tops: tuple[Card | None, ...]
    centre_sizes: tuple[int, ...]
    row_tops: tuple[tuple[Card | None, ...], ...]
    row_sizes: tuple[tuple[int, ...], ...]
    spit_sizes: tuple[int, ...]
    round_over: bool = False

    @classmethod
    def of(cls, game: SpitGame, seat: int, t: int = 0) -> SpitView:
        """The view of ``seat`` in a :class:`~speedrules.SpitGame` at time ``t``."""
        return cls.of_kernel(game.kernel, seat, t, game.round)

    @classmethod
    def of_kernel(cls, kernel: SpitKernel, seat: int, t: int = 0, round: int = 0) -> SpitView:
        """The view of ``seat`` in round number ``round`` held by ``kernel``, at time ``t``."""
        k = kernel
        return cls(
            seat=seat,
            t=t,
            round=round,
            tops=tuple(Card.from_code(p[-1]) if p else None for p in k.centre),
            centre_sizes=tuple(len(p) for p in k.centre),
            row_tops=tuple(tuple(Card.from_code(p[-1]) if p else None for p in row) for row in k.rows),
            row_sizes=tuple(tuple(len(p) for p in row) for row in k.rows),
            spit_sizes=tuple(len(s) for s in k.spits),
            round_over=k.is_over(),
        )
