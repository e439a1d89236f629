"""The family contract: what every game family gives the generic code, and the registry.

A *family* is one game (Speed, Spit...): its kernel, its layouts, its log events, its actions,
its pictures, its words.  Everything around the families (the log reader, the referee and its
correction procedure, the simulator, the bots, the pictures, the command line) asks the
family of a variant for what it needs through :class:`Family`, found by
:func:`family_of`, and never asks which family it has: a new game is a new family registered
with :func:`register_family`, with no edit to generic code (OpenSpiel's registered games and
python-chess's variant hooks are the models).

The bundled families are found by name and imported the first time they are asked for, so
this module imports no family.

>>> family_of("speed").deal_word, family_of("spit").deal_word
('deal', 'round')
>>> "spit" in family_names()
True
"""

from __future__ import annotations

import abc
import importlib
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from .core.errors import InvalidArgumentError, brief, did_you_mean
from .core.stats import pct, render
from .table import Menu, Table

__all__ = ["Family", "Menu", "Table", "family_names", "family_of", "register_family"]

_BUNDLED = {"speed": "speedrules.speed.family", "spit": "speedrules.spit.family"}
"""The bundled families: each module registers its family when it is imported."""

_REGISTRY: dict[str, Family] = {}


class Family(abc.ABC):
    """One game family.  A subclass sets the class attributes and implements the hooks; one
    instance is registered (:func:`register_family`) under :attr:`name`, the value of a variant
    file's ``family:``.

    The hooks come in groups, each used by one part of the package: variants (loading), the
    log's reader and writer (logs), deals and their judging (judge), actions and games
    (the ``Game`` API), pictures and words (show, cli), simulation (sim).  A coded event is a
    tuple ``(kind, player, ..., t)``: its kind first, the seat second (-1: none), its time last.
    """

    name: ClassVar[str]
    """The family's name: a variant file's ``family:`` value (``speed``, ``spit``)."""
    title: ClassVar[str]
    """The game's name in prose (``Speed``)."""
    deal_word: ClassVar[str] = "deal"
    """What one of a log's deals is in this game (``deal``; Spit: ``round``)."""
    game_word: ClassVar[str] = "deal"
    """What one simulated result is (``deal``; Spit plays a whole ``game`` of rounds)."""
    chained: ClassVar[bool] = False
    """Whether a deal's layout depends on how the deal before it ended (Spit's rounds: each
    player lays what they took from the round before); else every deal stands alone."""

    def __repr__(self) -> str:
        return f"<Family {self.name}>"

    # ------------------------------------------------------------------ variants (core.loading)

    # ------------------------------------------------------------------ the log (logs)

    # ------------------------------------------------------------------ deals and judging (judge)

    # ------------------------------------------------------------------ actions and games

    # ------------------------------------------------------------------ pictures and words (show, cli)

    # ------------------------------------------------------------------ simulation (sim)

    @abc.abstractmethod
    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        """One game of ``variant`` at the simulator's table (:class:`~speedrules.table.Table`,
        played by :func:`speedrules.sim.playout.play`), dealt from ``rng`` (its first draw,
        ``rng.getrandbits(63)``, is the deal's seed), its seats named ``names``; ``log``: keep what
        the game's log needs; at most ``max_rounds`` deals (rounds) for a family that plays
        several a game."""

    counted: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The counts a simulated run's summary shows per deal, as ``(label, figure)``: the label is
    its JSON key and table row, the figure an event kind's name, one of the family's own
    figures (:meth:`~speedrules.table.Table.extra`) or ``bounced``."""
    counted_if_any: ClassVar[frozenset[str]] = frozenset()
    """The labels of :attr:`counted` the summary's table shows only when their total is not 0."""

    def summary_extra(self, results: Sequence[Any], names: Sequence[str], *, variant: str, seed: int | None,
                      max_rounds: int, max_events: int) -> dict[str, Any]:
        """The family's own figures of a run's results (a ``Summary``'s ``extra``), by name."""
        return {}

    def summary_json(self, summary: Any) -> dict[str, Any]:
        """A run's ``Summary`` as ``speedrules simulate --json`` prints it: by default the deals
        and how they ended, the events per deal, each of :attr:`counted` (total and per deal),
        each seat's win share and the cards left by the loser."""
        counts = {label: {"total": summary.totals.get(figure, 0), "per_deal": summary.per_deal(
            summary.totals.get(figure, 0))} for label, figure in self.counted}
        return {
            "variant": summary.variant, "seed": summary.seed, "deals": summary.deals, "won": summary.won,
            "dead_ends": summary.dead_ends, "ties": summary.ties, "unfinished": summary.unfinished,
            "events": summary.events.to_json(), **counts,
            "seats": [s.to_json() for s in summary.seats],
            "loser_cards": {**summary.loser_cards.to_json(), "deals": summary.won},
        }

    def summary_table(self, summary: Any) -> str:
        """A run's ``Summary`` as the readable table ``speedrules simulate`` prints (by default the
        figures of :meth:`summary_json`)."""
        word = self.game_word
        rows: list[tuple[str, str]] = [
            (f"{word}s played", f"{summary.deals} ({summary.won} won, {summary.dead_ends} dead ends, "
                                f"{summary.ties} tied, {summary.unfinished} unfinished)"),
            (f"events per {word}", f"mean {summary.events.mean:.1f}, median {summary.events.median}, "
                                   f"p95 {summary.events.p95}"),
        ]
        for label, figure in self.counted:
            total = summary.totals.get(figure, 0)
            if total or label not in self.counted_if_any:
                rows.append((f"{label} per {word}", f"{summary.per_deal(total):.2f} ({total} in all)"))
        rows.append(("dead ends", f"{summary.dead_ends} ({pct(summary.per_deal(summary.dead_ends))})"))
        width = max(len(f"seat {s.seat} ({s.bot})") for s in summary.seats)
        for i, s in enumerate(summary.seats):
            label = f"seat {s.seat} ({s.bot})"
            rows.append(("win share" if i == 0 else "",
                         f"{label:<{width}}  {pct(s.share):>6}  (95% CI {pct(s.low)} to {pct(s.high)})"))
        rows.append(("", f"{'no winner':<{width}}  {pct(summary.per_deal(summary.deals - summary.won)):>6}"))
        if summary.won:
            rows.append(("cards left by the loser",
                         f"mean {summary.loser_cards.mean:.1f}, median {summary.loser_cards.median}, "
                         f"p95 {summary.loser_cards.p95} ({word}s with a winner)"))
        else:
            rows.append(("cards left by the loser", f"no {word} had a winner"))
        return render(f"{summary.variant}: {summary.deals} simulated {word}s", summary.seed, rows)

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        """The :class:`~speedrules.table.Menu` of a seat whose options are given as the family's
        actions, with its ``view`` (the bundled bots' ``choose``), and the action of each option."""
        raise InvalidArgumentError(f"the {self.title} family gives no menu of actions to the bundled bots")


def register_family(family: Family) -> Family:
    """Register ``family`` under its name (a variant file's ``family:``), replacing any family of
    that name, and return it; its variants then load, deal, judge, simulate and draw like the
    bundled ones."""
    if not isinstance(family, Family):
        raise InvalidArgumentError(f"not a Family: {brief(family)}")
    name = getattr(family, "name", None)
    if not isinstance(name, str) or not name:
        raise InvalidArgumentError(f"a family needs a name (a variant file's family:), not {brief(name)}")
    _REGISTRY[name] = family
    return family


def family_of(what: Any) -> Family:
    """The registered family of ``what``: a family's name, or anything with a ``family``
    attribute naming one (a :class:`~speedrules.core.variant.Variant`).

    >>> family_of("speed").title
    'Speed'
    """
    name = what if isinstance(what, str) else getattr(what, "family", None)
    family = _REGISTRY.get(name) if isinstance(name, str) else None
    if family is None and isinstance(name, str) and name in _BUNDLED:
        importlib.import_module(_BUNDLED[name])  # registers it
        family = _REGISTRY.get(name)
    if family is None:
        known = sorted(set(_REGISTRY) | set(_BUNDLED))
        hint = did_you_mean(name, known) if isinstance(name, str) else ""
        raise InvalidArgumentError(f"no game family {brief(name)} is registered (the families: {', '.join(known)})"
                                   + (f"; {hint}" if hint else ""))
    return family


def family_names() -> tuple[str, ...]:
    """The names of the families that can be asked for: the bundled ones and any registered."""
    return tuple(sorted(set(_REGISTRY) | set(_BUNDLED)))
