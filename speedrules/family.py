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
from collections.abc import Callable, Iterable, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .core import features
from .core.errors import InvalidArgumentError, brief, did_you_mean
from .core.stats import pct, render

if TYPE_CHECKING:
    import random

    from .core.cards import Card
    from .core.errors import Violation
    from .core.scene import Mark, Scene
    from .core.variant import Variant
    from .core.words import Dealt
    from .game import BaseGame
    from .judge.verdicts import DealVerdict, Verdict
    from .logs.log import Log
    from .table import Menu, Table

__all__ = ["Family", "families", "family_names", "family_of", "register_family"]

Panel = tuple[str, str, str, str, Callable[[Any], Sequence[int]]]
"""One distribution of a plot of simulated runs (:meth:`Family.plot_panels`)."""

_BUNDLED = {"speed": "speedrules.speed.family", "spit": "speedrules.spit.family",
            "california-speed": "speedrules.california.family", "nertz": "speedrules.nertz.family"}
"""The bundled families: each module registers its family when it is imported."""

_REGISTRY: dict[str, Family] = {}
_FAMILIES: list[tuple[Family, ...]] = []
_SLOTS: dict[tuple[str, Any], features.Slots] = {}
"""Each variant's observation slots (:meth:`Family.rl_observation`), by family and variant."""
""":func:`families`' answer, once the bundled families are imported (until the next registration)."""


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

    most_players: ClassVar[int] = 4
    """The most seats a variant of this family may have (``players``; at most 8, the most names a
    log's ``players`` holds): a variant file of the family may set ``players`` up to it when it
    says ``family:`` itself (the published schema's bound, 4, holds for every other document).
    Added for Nertz (issue 33), whose tables seat up to eight; 4 by default."""

    dealer: ClassVar[str] = ""
    """How a program deals a game of this family (``speedrules.deal``), named where a variant of
    another family is refused."""

    def rules_defaults(self) -> dict[str, Any]:
        """The family's own fields of a variant file, by key, with their defaults (Speed: ``deal``,
        ``hand``, ``runs``...; Spit: its ``spit`` section).  A variant of another family may not
        set them ("applies to the ... family only"); a variant of this one keeps them in its
        document, its defaults merged in.  None by default: a family of the shared fields alone."""
        return {}

    def rules_schema(self) -> dict[str, Any]:
        """The JSON Schema of each of the family's own fields (the keys of :meth:`rules_defaults`),
        by key, against which every variant file is checked.  The bundled families' are
        ``schemas/variant.schema.json``'s, the published contract; a registered family's own
        section is checked by its own schema here."""
        return {}

    def rules(self, document: dict[str, Any]) -> Any:
        """The family's own rules frozen from a variant's document (the shared fields and the
        family's own, every default applied): the variant's :attr:`~speedrules.core.variant.Variant.rules`
        (Spit: ``SpitRules``).  ``None`` by default."""
        return None

    def variant_problems(self, document: dict[str, Any], name: str) -> list[tuple[str, str]]:
        """What the schema cannot say is wrong with a variant of this family (Speed: the deal adds up
        to the deck; Spit: two players, a row that leaves a spit pile), as ``(place, reason)``
        pairs whose place begins with ``name``, on the same document as :meth:`rules`."""
        return []

    # ------------------------------------------------------------------ the log (logs)

    event_names: ClassVar[tuple[str, ...]] = ()
    """The ``type`` of each of this family's log events, by kind (docs/log-format.md)."""
    wire_deal: ClassVar[type]
    """The msgspec struct of one of this family's deals as a log holds it (its layout, events and
    ``meta``): the structural check of a deal, made in C on JSON text and parsed data alike
    (``schemas/log.schema.json`` is its published form, and a property test holds them equal)."""

    @abc.abstractmethod
    def code_deal(self, deal: Any) -> tuple[Any, int]:
        """A deal read into :attr:`wire_deal`, its values checked (:mod:`speedrules.core.checks`:
        indices, times; what its struct cannot say) and coded for the family's kernel: the coded
        deal (whose ``events`` are the coded events, each a tuple ``(kind, player, ..., t)``) and
        the key-value pairs its JSON objects hold (a reader counts a key repeated in an object by
        them).  A ``ValueError`` where a value is not what the log format allows."""

    @abc.abstractmethod
    def log_schema(self) -> dict[str, Any]:
        """The JSON Schema of a log of this family, its deals in the family's form: a log the reader
        refuses is checked against it to name the place and the reason of every problem (the
        bundled families' are ``schemas/log.schema.json``'s)."""

    @abc.abstractmethod
    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        """A deal of a valid log of this family in canonical form (card texts canonical, keys in a
        fixed order): what :meth:`speedrules.Log.to_json` and ``write_log`` write."""

    @abc.abstractmethod
    def event_json(self, event: tuple[Any, ...]) -> dict[str, Any]:
        """The log event (a dict, its keys in the order a log writes them) of a coded event: the one
        writer of the family's events."""

    # ------------------------------------------------------------------ deals and judging (judge)

    @abc.abstractmethod
    def layout_problem(self, variant: Variant, deal: Any, carried: Any) -> Violation | None:
        """Why the layout of a coded deal (:meth:`code_deal`) is not a deal of ``variant`` (the one
        layout rule of the family), or ``None``; ``carried`` is what the deals before left
        (:meth:`Match.carried`: Spit's holdings; ``None`` for a family whose deals stand alone)."""

    @abc.abstractmethod
    def kernel(self, variant: Variant, deal: Any, names: tuple[str, ...]) -> Kernel:
        """The kernel of a coded deal whose layout :meth:`layout_problem` accepted, before its first
        event, its seats named ``names``."""

    @abc.abstractmethod
    def match(self, variant: Variant, names: tuple[str, ...]) -> Match:
        """A new account of one log's deals, judged in order (:class:`Match`): what each deal's
        layout is checked against, what the referee says of a deal before judging it, and the
        match the deals add up to."""

    @abc.abstractmethod
    def deal_report(self, number: int, deal: Any, names: tuple[str, ...]) -> list[str]:
        """The lines of the referee's readable report (``speedrules referee``) on deal ``number``, a
        :class:`~speedrules.judge.verdicts.DealVerdict`: its result and its violations, indented."""

    @abc.abstractmethod
    def match_report(self, match: Any, names: tuple[str, ...]) -> list[str]:
        """The report's lines on the match (a :class:`~speedrules.judge.verdicts.MatchResult`), if
        it has any to say."""

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

    def logged_actions(self, log: Log, deal: int, start: int = 0, stop: int | None = None) -> list[tuple[Any, Any]]:
        """Events ``start`` to ``stop`` of deal ``deal`` of ``log`` as ``(action, t)``
        (:meth:`decode`): the actions a replay applies to :meth:`logged_game`'s game, describes
        and marks, and :meth:`speedrules.Log.actions`."""
        decode = self.decode
        return [decode(event) for event in log.deals[deal].events[start:stop]]

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

    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        """One game of ``variant`` at the simulator's table (:class:`~speedrules.table.Table`,
        played by :func:`speedrules.sim.playout.play`), dealt from ``rng`` (its first draw,
        ``rng.getrandbits(63)``, is the deal's seed), its seats named ``names``; ``log``: keep what
        the game's log needs; at most ``max_rounds`` deals (rounds) for a family that plays
        several a game.  A family without a simulator refuses (the default)."""
        raise InvalidArgumentError(f"the {self.title} family has no simulated table: it cannot be simulated")

    counted: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The counts a simulated run's summary shows per deal, as ``(label, figure)``: the label is
    its JSON key and table row, the figure an event kind's name, one of the family's own
    figures (:meth:`~speedrules.table.Table.extra`) or ``bounced``."""
    counted_if_any: ClassVar[frozenset[str]] = frozenset()
    """The labels of :attr:`counted` the summary's table shows only when their total is not 0."""

    plot_title: ClassVar[str] = "simulated {word}s of {names} ({counts} {word}s)"
    """The heading of a plot of simulated runs (``simulate --plot``): ``{word}`` is
    :attr:`game_word`, ``{names}`` the variants', ``{counts}`` how many results each has."""

    def plot_panels(self) -> list[Panel]:
        """The four distributions a plot of simulated runs draws before the win shares and the
        endings, each ``(kind, title, xlabel, unit, values)``: ``kind`` ``"bars"`` or
        ``"steps"``, ``unit`` what each value is counted over (``deals``), ``values`` a
        result's values (a :class:`~speedrules.sim.stats.SimResult`: one, or one per round).
        By default the events per result."""
        word = self.game_word
        return [("steps", f"events per {word}", "events", f"{word}s", lambda r: [r.events])]

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

    # ------------------------------------------------------------------ reinforcement learning (rl)

    rl_slots: ClassVar[int] = 255
    """The most options a seat may have at once under the default action encoding
    (:meth:`rl_indices`): the default action space is ``1 + rl_slots`` wide."""

    def table_game(self, table: Table) -> BaseGame[Any, Any]:
        """The game a simulated table plays now (its deal, or its round: a ``BaseGame`` of this
        family), which :meth:`scene` draws: by default the table's ``game`` attribute, as the
        bundled tables keep it."""
        game: BaseGame[Any, Any] | None = getattr(table, "game", None)
        if game is None:
            raise InvalidArgumentError(f"the {self.title} family's table keeps no game: it must give table_game()")
        return game

    def rl_actions(self, variant: Variant) -> int:
        """The size of a seat's fixed discrete action space in the reinforcement-learning
        environments (:mod:`speedrules.rl`): index 0 is *wait* (always allowed), the others are
        what :meth:`rl_indices` gives the options.  By default ``1 + rl_slots``."""
        return 1 + self.rl_slots

    def rl_indices(self, variant: Variant, options: Sequence[Any]) -> list[int]:
        """The action index of each of a seat's options now (a :class:`~speedrules.table.Menu`'s
        ``options()``, in its order), each from 1 to ``rl_actions(variant) - 1``, distinct for
        distinct options.  By default the canonical slot: the options sorted (tuples of ints and
        tuples of ints), the ``i``-th of them index ``1 + i``, so an index names an option only
        with the mask it comes with.  A family may give a stable encoding (Speed's card and pile),
        one index one option whatever the table.

        >>> from speedrules import load_variant
        >>> family_of("spit").rl_indices(load_variant("spit"), [(3, -1, (), (0, 1)), (2, 0, (), (4,))])
        [2, 1]
        """
        if len(options) > self.rl_slots:
            raise ValueError(f"a seat of {self.title} has {len(options)} options at once, more than the "
                             f"{self.rl_slots} of the default action encoding (Family.rl_slots)")
        order = sorted(range(len(options)), key=options.__getitem__)
        out = [0] * len(options)
        for rank, i in enumerate(order):
            out[i] = 1 + rank
        return out

    def rl_observation_size(self, variant: Variant, whole: bool = False) -> int:
        """How many numbers :meth:`rl_observation` gives for a seat of ``variant`` (``whole``: for
        the whole table, its viewer ``None``); by default the same."""
        return features.size(self._rl_slots(variant))

    def rl_observation(self, variant: Variant, table: Table, viewer: int | None) -> list[int]:
        """What seat ``viewer`` sees of ``table`` (``None``: the whole table, every card face up),
        as :meth:`rl_observation_size` whole numbers.  By default the family's per-viewer
        :meth:`scene` read slot by slot (:mod:`speedrules.core.features`: each stack's count, its
        top card, the cards of a hand the viewer sees)."""
        scene = self.scene(self.table_game(table), viewer=viewer)
        return features.features(scene, viewer, self._rl_slots(variant))

    def rl_observations(self, variant: Variant, table: Table) -> Sequence[Sequence[int]]:
        """Every seat's :meth:`rl_observation` of ``table``, in seat order (the environments ask
        for all of them at once after each change: a family may work out what they share once).
        A row may be a ``bytes`` or ``bytearray`` where every number fits a byte (0-255): the
        environments take such rows as they are, where a list of numbers is converted."""
        return [self.rl_observation(variant, table, seat) for seat in range(variant.players)]

    def rl_options(self, variant: Variant, table: Table, seat: int) -> dict[int, Any]:
        """``seat``'s options now by action index (:meth:`rl_indices` of its
        :class:`~speedrules.table.Menu`'s options), empty when it has none: the mask of the
        reinforcement-learning environments.  A family may list them faster, the same ones."""
        return self._rl_indexed(variant, table.menu(seat))

    def rl_all_options(self, variant: Variant, table: Table) -> list[dict[int, Any]]:
        """Every seat's :meth:`rl_options` now, in seat order: the environments ask for all of them
        at once after each change of the table, so a family may work out once what the seats share
        (Speed: the piles' fits).  The dicts are only read: a family may hand out one again while
        what it lists is unchanged.  By default :meth:`rl_options` seat by seat."""
        return [self.rl_options(variant, table, seat) for seat in range(variant.players)]

    def _rl_indexed(self, variant: Variant, menu: Menu | None) -> dict[int, Any]:
        """The options of ``menu`` (``None``: none) by their :meth:`rl_indices`."""
        if menu is None:
            return {}
        options = menu.options()
        return dict(zip(self.rl_indices(variant, options), options, strict=True))

    def _rl_slots(self, variant: Variant) -> features.Slots:
        """The observation's slots for ``variant`` (from a fresh deal's scene, worked out once)."""
        key = (self.name, variant)
        slots = _SLOTS.get(key)
        if slots is None:
            names = tuple(f"player_{i}" for i in range(variant.players))
            table = self.table(variant, Random(0), names, log=False, max_rounds=1)
            slots = _SLOTS[key] = features.slots_of(self.scene(self.table_game(table), viewer=0), 0)
        return slots


# ---------------------------------------------------------------------- deals and judging (judge)


class Kernel(Protocol):
    """What the referee asks of a family's kernel, the state of one deal on integer codes (Speed's
    :class:`~speedrules.speed.kernel.Kernel`, Spit's :class:`~speedrules.spit.kernel.SpitKernel`).
    An event is a coded event of the family's log (:meth:`Family.code_deal`), its time last."""

    def check(self, event: tuple[Any, ...]) -> Violation | None:
        """Why ``event`` may not happen now, or ``None``."""

    def apply(self, event: tuple[Any, ...], index: int) -> None:
        """Apply ``event`` (the deal's ``index``-th), which :meth:`check` accepted."""

    def run(self, events: Iterable[Any], start: int = 0) -> tuple[int, Violation] | None:
        """Judge and apply ``events`` in order to the first that does not stand: its index (counted
        from ``start``) and violation, or ``None`` (the fast path of the referee)."""

    def copy(self) -> Kernel:
        """An independent copy of the deal."""

    def could_stand(self, event: tuple[Any, ...]) -> bool:
        """Whether the illegal ``event`` could physically have stood (the cards it moves where it
        takes them from, a place to put them): the correction procedure then keeps a copy of the
        deal in which it stood."""

    def shadowed(self, event: tuple[Any, ...]) -> tuple[Any, ...]:
        """``event`` as that copy judges it (Speed: as it is; Spit: without its time, which says
        nothing of the position)."""

    def correction(self, event: tuple[Any, ...], problem: Violation) -> str:
        """What the correction procedure does about the illegal ``event`` (it is undone), in words."""

    def void_reason(self, problem: Violation) -> str | None:
        """Why ``problem`` voids the deal at once, with no correction (Speed: a missed call), or ``None``."""

    def deal_fields(self, void: bool) -> tuple[bool, int | None, tuple[int, ...], bool, tuple[int, ...],
                                               tuple[Any, ...], tuple[int, ...]]:
        """The deal as its verdict reports it: finished, winner, the cards each seat still holds,
        dead end, the seats tied, collisions, the seats that called (a void deal has no outcome)."""

    def table_view(self) -> Any:
        """The table now, as the verdict keeps it for the readable report of its first violation
        (Speed: a ``TableView``), or ``None``."""


class Match(Protocol):
    """One log's deals, judged in order, as a family adds them up (:meth:`Family.match`)."""

    def carried(self) -> Any:
        """What the next deal's layout is checked against (:meth:`Family.layout_problem`)."""

    def before(self, number: int) -> list[tuple[str, int | None, str]]:
        """The violations deal ``number`` has before any of its events is judged (logged after the
        match was decided...), as ``(rule, seat, message)``, the message whole."""

    def unlaid(self, deal: Any) -> tuple[int, ...]:
        """The cards each seat holds after a deal whose layout broke the layout rule (it was not
        laid); the deal is added as one no seat won."""

    def add(self, verdict: Any, kernel: Kernel | None, stopped: bool) -> None:
        """Add a judged deal: its verdict (a :class:`~speedrules.judge.verdicts.DealVerdict`), its
        kernel (``None`` for a deal not laid), and whether judging stopped before its end (at a
        violation, or the deal void)."""

    def result(self) -> tuple[str, int, tuple[int, ...], tuple[tuple[int, ...], ...], int | None, bool]:
        """The match: its format, target, scores, the scores after each deal, winner and whether it
        is decided (the fields of a :class:`~speedrules.judge.verdicts.MatchResult`)."""


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
    _FAMILIES.clear()
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


def families() -> tuple[Family, ...]:
    """Every family that can be asked for, the bundled ones first (imported if need be), then those
    registered, in the order they were.

    >>> [f.name for f in families()][:2]
    ['speed', 'spit']
    """
    if not _FAMILIES:
        for name in _BUNDLED:
            family_of(name)
        bundled = [_REGISTRY[name] for name in _BUNDLED if name in _REGISTRY]
        _FAMILIES.append((*bundled, *(f for name, f in _REGISTRY.items() if name not in _BUNDLED)))
    return _FAMILIES[0]


def family_names() -> tuple[str, ...]:
    """The names of the families that can be asked for: the bundled ones and any registered."""
    return tuple(sorted(set(_REGISTRY) | set(_BUNDLED)))
