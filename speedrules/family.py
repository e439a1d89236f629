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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .core.errors import InvalidArgumentError, brief, did_you_mean

if TYPE_CHECKING:
    import random

    from .core.cards import Card
    from .core.scene import Mark, Scene
    from .core.variant import Variant
    from .core.words import Dealt
    from .game import BaseGame
    from .judge.verdicts import DealVerdict, Verdict
    from .logs.log import Log

__all__ = ["Family", "family_names", "family_of", "register_family"]

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

    @property
    @abc.abstractmethod
    def game_class(self) -> type[BaseGame[Any, Any]]:
        """The family's game class, a :class:`~speedrules.game.BaseGame` (Speed's ``Game``,
        Spit's ``SpitGame``): its ``from_log``, ``from_position`` and ``from_layout`` make
        games of the family's variants, and every game has the one API."""

    @abc.abstractmethod
    def deal_game(self, variant: Variant | str, seed: int | random.Random | None = None, *,
                  names: Sequence[str] | None = None) -> BaseGame[Any, Any]:
        """A fresh game of ``variant`` (of this family) dealt from ``seed`` (the same integer
        seed, the same game on every platform; ``None`` picks one and keeps it in ``game.seed``)."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Any:
        """The action an action's notation (``str(action)``) names; an
        :class:`~speedrules.core.errors.InvalidActionError` (or a ``CardError`` for a card
        that is none) for text that is not one of the family's actions."""

    @abc.abstractmethod
    def encode(self, action: Any, t: float | int | None = None) -> tuple[Any, ...]:
        """The coded event of ``action`` (or its notation) at time ``t``: ``(kind, player, x, y,
        z, t)`` as the family's kernel judges it; an :class:`~speedrules.core.errors.InvalidActionError`
        for anything that is not one of the family's actions."""

    @abc.abstractmethod
    def decode(self, event: tuple[Any, ...]) -> tuple[Any, float | int | None]:
        """The action and time of a coded event (a log's, or :meth:`encode`'s): its inverse."""

    # ------------------------------------------------------------------ pictures and words (show, cli)

    @abc.abstractmethod
    def scene(self, game: Any, *, viewer: int | None = None, highlight: Any = None,
              mark: Mark | None = None) -> Scene:
        """The table of ``game`` (one of this family's games) as a :class:`~speedrules.core.scene.Scene`,
        which :func:`speedrules.show.svg.table` draws and ``str(game)`` writes as text:
        ``viewer`` the seat whose hidden cards are face up (``None``: every card, checked already),
        ``highlight`` a card (or a place of the family's own, such as Spit's ``(player, stock pile)``)
        whose stack is ``chosen`` and whose legal places are ``target``, ``mark`` a broken rule
        whose card is ``offending`` and whose pile is ``struck``."""

    def verdict_scene(self, table: Any, names: Sequence[str], title: str, mark: Mark | None = None) -> Scene | None:
        """The scene of the table a deal verdict keeps at its first violation (the verdict's
        ``table``), or ``None`` when the family keeps none: what a notebook draws for a verdict."""
        return None

    @abc.abstractmethod
    def logged_game(self, log: Log, deal: int, upto: int, verdict: Verdict) -> Any | None:
        """The game of deal ``deal`` of ``log`` after its first ``upto`` events (no more than the
        referee judged: ``verdict``), for ``render`` and ``view`` to draw, applied as the referee
        judged them; ``None`` when the deal has no table (its layout, or a deal it follows,
        breaks a rule)."""

    @abc.abstractmethod
    def logged_actions(self, log: Log, deal: int, start: int = 0, stop: int | None = None) -> list[tuple[Any, Any]]:
        """Events ``start`` to ``stop`` of deal ``deal`` of ``log`` as ``(action, t)``: the
        actions a replay applies to :meth:`logged_game`'s game, describes and marks."""

    @abc.abstractmethod
    def result_words(self, deal: DealVerdict, names: Sequence[str]) -> str:
        """How a judged deal that broke no rule ended, in a few words (``Ann won``)."""

    @abc.abstractmethod
    def nowhere_words(self, card: Card, viewer: str | None) -> str:
        """Where a highlighted card must lie to be outlined, said of a table where it does not:
        ``in no hand`` (``viewer``: the name of the only seat whose cards are shown)."""

    @abc.abstractmethod
    def rules_in_words(self, variant: Variant) -> list[tuple[str, str]]:
        """The variant's rules as ``(heading, text)`` pairs in plain words (``speedrules show``),
        the rows this family shares with others written by :mod:`speedrules.core.words`."""

    @abc.abstractmethod
    def dealt(self, variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
        """A fresh deal of ``variant`` for ``speedrules deal`` (``seed`` ``None``: one is picked):
        its seed, its layout's JSON, the layout as a text table, and a log of it (no events yet)
        naming ``players``."""

    # ------------------------------------------------------------------ simulation (sim)


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
