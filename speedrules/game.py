"""The one game API of every family: :class:`BaseGame`, python-chess's ``Board`` on a family's
rules kernel, and :class:`LegalActions`, its live view of the legal actions.

A game is mutable, like ``chess.Board``: :meth:`~BaseGame.apply` (or :meth:`~BaseGame.push`)
changes it once the rules accept the action, :meth:`~BaseGame.pop` takes the last action back
exactly, :meth:`~BaseGame.copy` clones it.  Speed's :class:`~speedrules.speed.game.Game` (one
deal) and Spit's :class:`~speedrules.spit.game.SpitGame` (a whole game, round after round) are
the two subclasses: they give the family's parts (its actions and their coding, its kernel, its
layouts, its table in words) through the hooks below, and their own conveniences (``can_x`` /
``x`` pairs, views of the table).  The same situation raises the same exception in every family.

>>> from speedrules import deal, deal_spit
>>> for game in (deal("speed", seed=1), deal_spit("spit", seed=2)):
...     before = game.copy()
...     first = game.legal[0]
...     game.push(first)
...     print(type(game).__name__, game.peek(), first in game.legal, game.pop() == first, game == before)
Game reveal False True True
SpitGame spit False True True
"""

from __future__ import annotations

import abc
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from .core.checks import checked_time, default_names
from .core.errors import CardError, IllegalActionError, InvalidActionError, InvalidArgumentError, Violation, brief
from .core.loading import load_variant, variant_names
from .core.variant import Variant
from .family import Family, family_of

if TYPE_CHECKING:
    from typing import Self

    from .logs.log import Log

__all__ = ["BaseGame", "Event", "GameKernel", "LegalActions", "Time", "log_from_games"]

Time = float | int | None
"""An event's time in milliseconds since the deal (Spit: the round) began, or ``None`` (untimed)."""

Event = tuple[int, int, Any, Any, Any]
"""An action coded for its family's kernel, its time aside: ``(kind, player, x, y, z)`` (the
player -1 for a table action), as the kernel's ``check_event`` takes it before the time."""


class GameKernel(Protocol):
    """What a game asks of its family's rules kernel (one deal, or one Spit round): its
    ``version`` (changed by every event), ``check_event`` on a coded event and ``copy``."""

    @property
    def version(self) -> int: ...

    def check_event(self, kind: int, player: int, x: Any, y: Any, z: Any, t: Time, /) -> Violation | None: ...

    def copy(self) -> Any: ...


ActionT = TypeVar("ActionT")
KernelT = TypeVar("KernelT", bound=GameKernel)


class LegalActions(Sequence[ActionT]):
    """A live view of a game's legal actions (:meth:`BaseGame.legal_actions`, :attr:`BaseGame.legal`),
    like python-chess's ``board.legal_moves``: a read-only sequence that follows the game, with
    ``in`` answered by the rules directly (:meth:`BaseGame.is_listed`) and the list made only
    when it is read (:meth:`BaseGame.generate_legal_actions`), and again only after the game changed."""

    __slots__ = ("_cache", "_game", "_player")

    def __init__(self, game: BaseGame[ActionT, Any], player: int | None = None) -> None:
        self._game = game
        self._player = player
        self._cache: tuple[object, int, list[ActionT]] | None = None

    def _listed(self) -> list[ActionT]:
        game = self._game
        kernel = game.kernel
        version = kernel.version
        cache = self._cache
        if cache is None or cache[0] is not kernel or cache[1] != version:
            self._cache = cache = (kernel, version, list(game.generate_legal_actions(self._player)))
        return cache[2]

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` (or its notation; text that is none is not listed) is listed,
        decided without listing."""
        return self._game.is_listed(action, self._player)

    def __len__(self) -> int:
        return len(self._listed())

    def __iter__(self) -> Iterator[ActionT]:
        return iter(list(self._listed()))

    def __getitem__(self, index: int) -> ActionT:  # type: ignore[override]
        return self._listed()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalActions, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LegalActions {self._listed()!r}>"



def public_path(cls: type) -> str:
    """Where a user finds ``cls``: ``speedrules.Game`` if the package exports it, else its family's
    package (``speedrules.california.CaliforniaGame``), else its module.

    >>> public_path(BaseGame)
    'speedrules.BaseGame'
    """
    module = cls.__module__
    for package in ("speedrules", module.rpartition(".")[0]):
        if getattr(sys.modules.get(package), cls.__name__, None) is cls:
            return f"{package}.{cls.__name__}"
    return f"{module}.{cls.__qualname__}"

class BaseGame(abc.ABC, Generic[ActionT, KernelT]):
    """A game of one family, from its layout to its outcome, with every rule enforced by the
    family's :attr:`kernel`: the API both families share (python-chess's ``Board`` is the model).

    Rules: :meth:`check` (why an action is illegal, or ``None``), :meth:`is_legal`,
    :meth:`apply` (alias :meth:`push`), :meth:`legal_actions` / :attr:`legal` (a live view),
    each taking an action or its notation.  The record: :attr:`action_stack` and
    :attr:`action_times` (every action applied, as recorded, across deals), the family's
    :attr:`history`, :meth:`peek`, :meth:`pop`.  State: :meth:`position` / :meth:`from_position`,
    ``==`` (same variant, same position), :meth:`copy`, :meth:`to_log` / :meth:`from_log`,
    :meth:`outcome` / :meth:`is_over`, ``str`` (the table as text), ``repr`` (an expression that
    rebuilds the state), ``_repr_svg_`` (the picture).

    A subclass sets :attr:`family_name` and gives the hooks (the abstract methods, most of them
    with a leading underscore: what only the family knows).
    """

    __slots__ = ("_actions", "_deal_starts", "_rng_states", "_times", "kernel", "names", "seed", "variant")

    family_name: ClassVar[str]
    """The registered family (:func:`speedrules.family.family_of`) whose variants this class plays."""

    variant: Variant
    names: tuple[str, ...]
    """The seats' display names (messages, pictures, the log)."""
    seed: int | None
    """The seed the game was dealt from (and its random source seeded with), if known."""
    kernel: KernelT
    """The rules kernel of the deal (Spit: the round) in play, for programs that work on codes."""

    def _start_record(self) -> None:
        """An empty record: no action yet, one deal held, starting at the first action."""
        self._actions: list[ActionT] = []
        self._times: list[Time] = []
        self._deal_starts: list[int] = [0]
        """Where each deal (Spit: round) the game holds begins in :attr:`action_stack`."""
        self._rng_states: list[tuple[int, object]] = []
        """``(i, state)``: the random source's state before action ``i`` (or what came right after
        it: Spit's next round) used it; :meth:`pop` of action ``i`` puts it back."""

    # ------------------------------------------------------------------ the family's hooks

    @staticmethod
    @abc.abstractmethod
    def _parse(text: str) -> Any:
        """The action an action's notation names (the family's ``parse_action``)."""

    @staticmethod
    @abc.abstractmethod
    def _encode(action: Any) -> Event:
        """``(kind, player, x, y, z)``: the coded event of an action, as the kernel's
        ``check_event`` takes it before the time; an :class:`InvalidActionError` for anything
        that is not one of the family's actions."""

    @staticmethod
    @abc.abstractmethod
    def _decode(event: Any) -> tuple[Any, Time]:
        """The action and time of a coded event of a log (the inverse of :meth:`_encode`)."""

    def _judge(self, event: Event, t: Time) -> Violation | None:
        """Why the coded event may not be applied now, or ``None``."""
        return self.kernel.check_event(*event, t)

    @abc.abstractmethod
    def _do(self, action: ActionT, event: Event, t: Time) -> ActionT:
        """Apply an event :meth:`_judge` accepted to the kernel; return the action as recorded
        (naming what the rules chose: the card drawn, the card played...)."""

    @abc.abstractmethod
    def _replay_start(self, deal: int) -> KernelT:
        """A fresh kernel in the state held deal ``deal`` began in (what :meth:`pop` replays on)."""

    @abc.abstractmethod
    def _replay(self, kernel: KernelT, event: Event, t: Time, index: int) -> None:
        """Apply a recorded event (the ``index``-th of its deal) to ``kernel`` again, unchecked."""

    def _rewind(self, deal: int) -> None:
        """The record now ends inside held deal ``deal``, before its end: forget what the family
        keeps of the deals after it, and of its end."""

    @abc.abstractmethod
    def _random_state(self) -> object:
        """The state of the game's random source (rebuild shuffles, Spit's next rounds)."""

    @abc.abstractmethod
    def _set_random_state(self, state: object) -> None:
        """Put the random source back as :meth:`_random_state` gave it."""

    @abc.abstractmethod
    def _layout_json(self, deal: int) -> dict[str, Any]:
        """Held deal ``deal``'s layout as a log's deal gives it, or an :class:`InvalidActionError`
        for a deal that began from a position in mid-deal."""

    @abc.abstractmethod
    def _own_state(self) -> tuple[object, ...]:
        """The family's part of the state, its containers copied (see :meth:`__getstate__`)."""

    @abc.abstractmethod
    def _set_own_state(self, state: tuple[Any, ...]) -> None:
        """Take the family's part of the state back, as :meth:`_own_state` gave it."""

    @abc.abstractmethod
    def _lists(self, action: Any, player: int | None) -> bool:
        """:meth:`is_listed` for a value that is not text."""

    @abc.abstractmethod
    def _legal_list(self, player: int | None) -> list[ActionT]:
        """:meth:`generate_legal_actions`, once ``player`` is known to be a seat (or ``None``)."""

    @abc.abstractmethod
    def _table_rows(self) -> list[str]:
        """The lines of ``str(game)`` under its head: each seat, each pile."""

    @classmethod
    @abc.abstractmethod
    def _from_logged(cls, log: Log, logged: Any) -> Self:
        """A game laid from a coded deal of ``log``, its seats named as the log names them."""

    def _lay_logged(self, logged: Any) -> None:
        """Lay the next deal of a chained family (Spit's next round) from a coded deal of a log;
        :meth:`from_log` asks it only of a family whose deals are chained (``Family.chained``)."""
        raise InvalidArgumentError(f"a deal of {self.family.title} stands alone: read a later deal of a log with "
                                   "from_log(log, deal)")

    @abc.abstractmethod
    def position(self) -> str:
        """The whole state as one line of the family's position notation (like FEN)."""

    @classmethod
    @abc.abstractmethod
    def from_position(cls, variant: Variant | str, position: Any, *, rng: Any = None, seed: int | None = None,
                      names: Sequence[str] | None = None) -> Self:
        """The game in the state a position's text describes (see :meth:`position`)."""

    @abc.abstractmethod
    def outcome(self) -> object | None:
        """How the game ended, or ``None`` while it goes on."""

    @abc.abstractmethod
    def status_text(self) -> str:
        """Where the game stands, in words (``str(game)``'s head and the pictures share it)."""

    @property
    @abc.abstractmethod
    def history(self) -> tuple[Any, ...]:
        """The actions applied, as recorded, in the family's shape (Speed: the deal's; Spit: per round)."""

    # ------------------------------------------------------------------ the record

    @property
    def family(self) -> Family:
        """The game's registered family (:func:`speedrules.family.family_of`)."""
        return family_of(self.variant)

    @property
    def action_stack(self) -> tuple[ActionT, ...]:
        """Every action applied since the game began, in order, as recorded (across Spit's
        rounds), like python-chess's ``board.move_stack``."""
        return tuple(self._actions)

    @property
    def action_times(self) -> tuple[Time, ...]:
        """The time each action of :attr:`action_stack` was applied with (``None``: untimed)."""
        return tuple(self._times)

    def peek(self) -> ActionT:
        """The last action applied (as recorded), like ``Board.peek()``; an
        :class:`InvalidActionError` when none was."""
        if not self._actions:
            raise InvalidActionError("no action has been applied yet")
        return self._actions[-1]

    def pop(self) -> ActionT:
        """Undo the last action and return it, like ``Board.pop()``: the game is then exactly as it
        was before that action (the random source included; a Spit round laid after it is
        taken back with it).  The deal (round) it belongs to is replayed from its start, so it
        costs time in proportion to that deal's actions."""
        action = self.peek()
        count = len(self._actions) - 1
        starts = self._deal_starts
        deal = max(i for i, start in enumerate(starts) if start <= count)
        state = self._random_state()
        kept = [entry for entry in self._rng_states if entry[0] < count]
        if len(kept) < len(self._rng_states):
            state = self._rng_states[len(kept)][1]
            self._rng_states = kept
        del starts[deal + 1:]
        self._rewind(deal)
        del self._actions[count:]
        del self._times[count:]
        kernel = self._replay_start(deal)
        first = starts[deal]
        for index in range(first, count):
            self._replay(kernel, self._encode(self._actions[index]), self._times[index], index - first)
        self.kernel = kernel
        self._set_random_state(state)
        return action

    def _remember_random_state(self, owner: int) -> None:
        """Keep the random source's state before it is used for action ``owner`` (or right after it)."""
        self._rng_states.append((owner, self._random_state()))

    # ------------------------------------------------------------------ rules

    def _action(self, action: ActionT | str) -> ActionT:
        return self._parse(action) if isinstance(action, str) else action

    def check(self, action: ActionT | str, t: Time = None) -> Violation | None:
        """Why ``action`` (at time ``t``, optional) is illegal now, or ``None``; never changes the game.

        ``action`` may be its notation (``str(action)``), read by the family's ``parse_action``.
        Raises :class:`InvalidActionError` if ``action`` is not one of the family's actions (nor
        its notation; a :class:`~speedrules.core.errors.CardError` for a card in it that is
        none) or ``t`` is not a time (a finite number of milliseconds >= 0)."""
        return self._judge(self._encode(self._action(action)), checked_time(t))

    def is_legal(self, action: ActionT | str, t: Time = None) -> bool:
        """Whether ``action`` (or its notation; at time ``t``, optional) may be applied now."""
        return self.check(action, t) is None

    def apply(self, action: ActionT | str, t: Time = None) -> None:
        """Apply ``action`` (or its notation, as python-chess's ``push_san`` takes a move's) at
        time ``t`` (optional), or raise :class:`IllegalActionError` naming the broken rule; an
        action or time that is not well formed is an :class:`InvalidActionError`.  Either way a
        refused action leaves the game unchanged."""
        action = self._action(action)
        event = self._encode(action)
        t = checked_time(t)
        problem = self._judge(event, t)
        if problem is not None:
            raise IllegalActionError(problem)
        self._actions.append(self._do(action, event, t))
        self._times.append(t)

    def push(self, action: ActionT | str, t: Time = None) -> None:
        """:meth:`apply` under python-chess's name."""
        self.apply(action, t)

    def legal_actions(self, player: int | None = None) -> LegalActions[ActionT]:
        """Every legal action now, as a live view (like ``board.legal_moves``): with ``player``,
        only that seat's actions; the table's (Speed's reveal, Spit's spit) are listed when
        ``player`` is ``None``.  The view follows the game as it changes: ``list(view)`` keeps
        the actions of one moment."""
        self._check_seat(player)
        return LegalActions(self, player)

    def _check_seat(self, player: object) -> None:
        """An :class:`InvalidArgumentError` unless ``player`` is ``None`` or a seat of the game."""
        if player is not None and (type(player) is not int or not 0 <= player < self.variant.players):
            raise InvalidArgumentError(f"there is no seat {brief(player)} in a {self.variant.players}-player game")

    @property
    def legal(self) -> LegalActions[ActionT]:
        """``legal_actions()`` as a property, like ``board.legal_moves``: ``action in game.legal``
        asks the rules about that one action; ``len`` and iteration list them when needed."""
        return LegalActions(self)

    def generate_legal_actions(self, player: int | None = None) -> list[ActionT]:
        """The legal actions now (of ``player``, or every seat's and the table's), listed in the
        family's order: what :class:`LegalActions` lists."""
        self._check_seat(player)
        return self._legal_list(player)

    def is_listed(self, action: object, player: int | None = None) -> bool:
        """Whether :meth:`generate_legal_actions` lists ``action`` (or its notation), decided by the
        rules without listing: an action in the form the list gives it, legal now."""
        if isinstance(action, str):
            try:
                action = self._parse(action)
            except (InvalidActionError, CardError):
                return False
        return self._lists(action, player)

    def is_over(self) -> bool:
        """Whether the game has ended (:meth:`outcome` is not ``None``)."""
        return self.outcome() is not None

    # ------------------------------------------------------------------ state

    def copy(self) -> Self:
        """An independent copy, random source included."""
        other = type(self).__new__(type(self))
        other.__setstate__(self.__getstate__())
        return other

    def __getstate__(self) -> tuple[object, ...]:
        """The whole game, its containers copied (for :meth:`copy`, ``copy.copy`` and pickling)."""
        return (self.variant, self.names, self.seed, self.kernel.copy(), list(self._actions), list(self._times),
                list(self._deal_starts), list(self._rng_states), self._own_state())

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.variant, self.names, self.seed, self.kernel, self._actions, self._times, self._deal_starts,
         self._rng_states, own) = state
        self._set_own_state(own)

    def __eq__(self, other: object) -> bool:
        """Games are equal when they are in the same state of the same variant: the same
        :meth:`position` (as boards are in python-chess; names, history and the random source
        aside)."""
        if not isinstance(other, BaseGame):
            return NotImplemented
        return type(self) is type(other) and self.variant == other.variant and self.position() == other.position()

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is not hashable

    def __repr__(self) -> str:
        """An expression that rebuilds the game's state (history and random source aside), as
        ``chess.Board`` shows its FEN: ``Game.from_position(...)``, ``SpitGame.from_position(...)``."""
        v = self.variant
        if v.name in variant_names() and load_variant(v.name) == v:
            variant = repr(v.name)
        else:
            variant = f"variant_from_document({v.to_document()!r})"
        names = "" if self.names == default_names(v.players) else f", names={list(self.names)!r}"
        return f"{type(self).__name__}.from_position({variant}, {self.position()!r}{names})"

    def _head(self) -> str:
        actions = len(self._actions) - self._deal_starts[-1]
        return f"{self.variant.name}, after {actions} action{'s' if actions != 1 else ''}: {self.status_text()}"

    def __str__(self) -> str:
        """The table as text: a head saying where the game stands, then a line per seat and per pile."""
        return "\n".join([self._head(), *self._table_rows()])

    def _repr_svg_(self) -> str:
        """The table as an SVG picture (:func:`speedrules.show.svg.table`), which notebooks show inline."""
        from .show.svg import table

        return table(self)

    # ------------------------------------------------------------------ logs

    def to_log_data(self, *, players: Sequence[str] | None = None,
                    times: Sequence[Time] | None = None) -> dict[str, Any]:
        """This game as a ``speedrules-log/1`` document (not checked: :meth:`to_log` reads it):
        one deal per deal held (Spit: per round), its layout and events.  ``players`` are the
        names written (by default the game's, unless they are the default ones); ``times``, one
        per action of :attr:`action_stack`, the times written (by default the times each action
        was applied with).  An :class:`InvalidActionError` for a game that began from a position
        in mid-deal (mid-round), which has no layout."""
        from .logs.log import LOG_FORMAT, variant_reference

        if times is None:
            times = self._times
        elif len(times) != len(self._actions):
            raise ValueError(f"{len(times)} times for {len(self._actions)} actions")
        starts = [*self._deal_starts, len(self._actions)]
        deals = [{"layout": self._layout_json(d),
                  "events": [a.to_json(t) for a, t in  # type: ignore[attr-defined]
                             zip(self._actions[starts[d]:starts[d + 1]], times[starts[d]:starts[d + 1]], strict=True)]}
                 for d in range(len(self._deal_starts))]
        data: dict[str, Any] = {"format": LOG_FORMAT, "variant": variant_reference(self.variant)}
        if players is None and self.names != default_names(self.variant.players):
            players = self.names
        if players is not None:
            data["players"] = list(players)
        data["deals"] = deals
        return data

    def to_log(self, *, players: Sequence[str] | None = None) -> Log:
        """This game as a ``speedrules-log/1`` :class:`~speedrules.logs.log.Log` (see
        :meth:`to_log_data`), checked as :func:`~speedrules.logs.log.parse_log` checks a log
        (the names as given: :func:`~speedrules.logs.log.log_from_document`).

        >>> from speedrules import deal, deal_spit
        >>> game = deal("speed", seed=1)
        >>> game.reveal()
        >>> log = game.to_log(players=["Ann", "Ben"])
        >>> log.names, len(log.deals[0].events), log.dumps().startswith('{"format": "speedrules-log/1"')
        (('Ann', 'Ben'), 1, True)
        >>> sg = deal_spit("spit", seed=2)
        >>> sg.spit()
        >>> [len(r.events) for r in sg.to_log().rounds]
        [1]
        """
        from .logs.log import log_from_document

        return log_from_document(self.to_log_data(players=players), self.variant)

    @classmethod
    def from_log(cls, log: Log, deal: int = 0, upto: int | None = None) -> Self:
        """The game at deal ``deal`` of ``log`` after that deal's first ``upto`` events (all by
        default), as reading a PGN up to a move: the layout laid (for Spit, the first round's, each
        later round laid from its logged layout once the one before is settled), each event
        applied with its time.  Raises :class:`IllegalActionError` at the first event (or layout)
        that breaks a rule (the referee says which, and goes on where asked)."""
        from .logs.log import Log

        if not isinstance(log, Log):
            raise InvalidArgumentError(f"not a Log: {brief(log)} (read_log or parse_log make one)")
        family, theirs = family_of(cls.family_name), family_of(log.variant)
        if theirs is not family:
            raise InvalidArgumentError(f"{brief(log.name)} is a log of {log.variant.name}, a variant of "
                                       f"{theirs.title}: read it with {public_path(theirs.game_class)}.from_log")
        deals, word = log.deals, family.deal_word
        if type(deal) is not int or not 0 <= deal < len(deals):
            raise InvalidArgumentError(f"there is no {word} {brief(deal)} in this log ({len(deals)} {word}(s))")
        count = len(deals[deal].events)
        if upto is None:
            upto = count
        if type(upto) is not int or not 0 <= upto <= count:
            raise InvalidArgumentError(f"upto must be a number of events from 0 to {count}, not {brief(upto)}")
        first = 0 if family.chained else deal
        game = cls._from_logged(log, deals[first])
        for number in range(first, deal + 1):
            logged = deals[number]
            if number > first:
                cls._lay_logged(game, logged)
            for event in logged.events[:upto] if number == deal else logged.events:
                action, t = cls._decode(event)
                game.apply(action, t)
        return game


def log_from_games(
    games: Sequence[BaseGame[Any, Any]],
    *,
    players: Sequence[str] | None = None,
    times: Sequence[Sequence[Time] | None] | None = None,
    meta: dict[str, Any] | None = None,
) -> Log:
    """A log of one or more games of the same variant played through the library, one after
    the other (a family whose deals are chained, as Spit's rounds are, logs one game: its rounds).

    ``players`` are the names written in the log; by default, the names the first game was
    dealt with (``deal(..., names=...)``), if it was given any.  ``times[i]``, if given, holds
    the time of each action of game ``i`` (see :meth:`BaseGame.to_log_data`).

    >>> from speedrules import deal
    >>> games = [deal("speed", seed=1), deal("speed", seed=2)]
    >>> for game in games:
    ...     game.reveal()
    >>> log = log_from_games(games, players=["Ann", "Ben"])
    >>> len(log.deals), log.names
    (2, ('Ann', 'Ben'))
    """
    from .logs.log import log_from_document

    if isinstance(games, BaseGame) or not isinstance(games, Sequence) or not games:
        raise InvalidArgumentError(f"a log needs a sequence of one or more games, not {brief(games)}")
    if not all(isinstance(g, BaseGame) for g in games):
        raise InvalidArgumentError("every item of a log's games must be a game (speedrules.BaseGame)")
    variant = games[0].variant
    if any(g.variant != variant for g in games):
        raise ValueError("every game of a log must be of the same variant")
    if len(games) > 1 and family_of(variant).chained:
        raise ValueError(f"a log holds one game of {family_of(variant).title}, whose {family_of(variant).deal_word}s "
                         "are chained")
    if times is not None and len(times) != len(games):
        raise ValueError(f"{len(times)} lists of times for {len(games)} games")
    first = games[0].names
    documents = [g.to_log_data(players=first, times=None if times is None else times[i]) for i, g in enumerate(games)]
    data = documents[0]
    if players is not None:
        data["players"] = list(players)
    elif first == default_names(variant.players):
        data.pop("players")
    if meta is not None:
        data["meta"] = dict(meta)
    data["deals"] = [deal for document in documents for deal in document["deals"]]
    return log_from_document(data, variant)
