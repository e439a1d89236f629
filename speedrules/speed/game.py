"""The public face of one deal: :class:`Game`, a dealt layout in play, with every rule enforced.

:class:`Game` is mutable (like ``chess.Board``): ``apply`` changes it, ``copy`` clones it.
The rules themselves live in the deal's :class:`~speedrules.speed.kernel.Kernel` (integer state,
per-variant fit tables); ``Game`` adds what a program using the library wants on top: cards
as :class:`~speedrules.core.cards.Card` values, actions as :mod:`speedrules.speed.actions` values,
the record of every applied action (:attr:`Game.history`), and ``can_x`` / ``x`` pairs
(e.g. :meth:`Game.can_flip` / :meth:`Game.flip`).

>>> from speedrules import load_variant, Reveal
>>> game = deal(load_variant("speed"), seed=1)
>>> game.apply(Reveal())
>>> [str(c) for c in game.tops]
['AH', 'QH']
>>> sum(1 for a in game.legal_actions(0) if a.__class__.__name__ == "Play")
1
>>> game.apply("0:JC>1")      # an action's notation is read where an action is expected
>>> game.history[-1]
Play(player=0, cards=(Card.parse('JC'),), pile=1, declared=())
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..core.cards import Card
from ..core.errors import IllegalActionError, InvalidActionError, InvalidArgumentError, Violation, brief
from ..core.loading import load_variant, variant_names
from ..core.variant import Call as CallRule
from ..core.variant import Variant
from .actions import (
    CALL,
    DRAW,
    FLIP,
    PICKUP,
    PLAY,
    REBUILD,
    REVEAL,
    STUCK,
    Action,
    Call,
    Draw,
    Flip,
    Pickup,
    Play,
    Rebuild,
    Reveal,
    Stuck,
    parse_action,
)
from .dealing import check_layout as check_layout
from .dealing import (
    check_layout_codes,
    checked_names,
    checked_time,
    code_stacks,
    deal_codes,
    default_names,
    make_rng,
)
from .dealing import deal_layout as deal_layout
from .kernel import Collision as Collision
from .kernel import Kernel
from .kernel import Outcome as Outcome
from .layout import Layout, layout_json
from .position import Position
from .variants import as_speed_variant

if TYPE_CHECKING:
    from ..logs.log import Log


def as_action(action: Action | str) -> Action:
    """``action``, or the action its notation names (:func:`~speedrules.speed.actions.parse_action`);
    anything else is left to the caller, which refuses what is not an action."""
    return parse_action(action) if isinstance(action, str) else action


class LegalActions(Sequence[Action]):
    """A live view of a game's legal actions (:meth:`Game.legal_actions`, :attr:`Game.legal`),
    like python-chess's ``board.legal_moves``: a read-only sequence that follows the game, with
    ``in`` answered by the rules directly and the list made only when it is read (and again
    only after the game changed)."""

    __slots__ = ("_cache", "_game", "_player")

    def __init__(self, game: Game, player: int | None = None) -> None:
        self._game = game
        self._player = player
        self._cache: tuple[Kernel, int, list[Action]] | None = None

    def _listed(self) -> list[Action]:
        kernel = self._game.kernel
        cache = self._cache
        if cache is None or cache[0] is not kernel or cache[1] != kernel.version:
            self._cache = cache = (kernel, kernel.version, self._list(kernel))
        return cache[2]

    def _list(self, k: Kernel) -> list[Action]:
        """The actions, listed in the order :meth:`Game.legal_actions` gives."""
        player = self._player
        if k.is_over():
            return []
        if k.out_seat is not None:
            return [Call(k.out_seat)] if player in (None, k.out_seat) else []
        seats = range(k.variant.players) if player is None else [player]
        options = [(seat, k.options(seat)) for seat in seats]
        out: list[Action] = [Pickup(seat, o[1]) for seat, opts in options for o in opts if o[0] == PICKUP]
        out += [Play(seat, tuple(Card.from_code(c) for c in o[2]), o[1], o[3])
                for seat, opts in options for o in opts if o[0] == PLAY]
        out += [Draw(seat) for seat, opts in options for o in opts if o[0] == DRAW]
        out += [Stuck(seat) for seat in seats if k.revealed and k.check_stuck(seat) is None]
        if player is None:
            if not k.revealed:
                out.append(Reveal())
            elif k.check_flip() is None:
                out.append(Flip())
            elif k.check_rebuild() is None:
                out.append(Rebuild())
        return out

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` (or its notation, ``"0:JC>1"``; text that is not one is not listed)
        is listed, decided without listing: the rules judge it, in the form
        :meth:`Game.legal_actions` lists actions (a draw that names no card, ``Rebuild()``)."""
        game, k, player = self._game, self._game.kernel, self._player
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except InvalidActionError:
                return False
        if not isinstance(action, (Play, Draw, Flip, Rebuild, Reveal, Call, Pickup, Stuck)) or k.is_over():
            return False
        seat = getattr(action, "player", None)
        if player is not None and seat != player:
            return False  # another seat's action, or a table action, is not in a seat's list
        if k.out_seat is not None:
            return action == Call(k.out_seat)
        if isinstance(action, Call):
            return False
        if isinstance(action, Draw):
            return action.card is None and game.is_legal(action)
        if isinstance(action, Reveal):
            return not k.revealed
        if isinstance(action, Flip):
            return k.revealed and game.is_legal(action)
        if isinstance(action, Rebuild):
            return action.reserves is None and k.revealed and not game.is_legal(Flip()) and game.is_legal(action)
        if isinstance(action, Play):
            return k.revealed and game.is_legal(action)
        return game.is_legal(action)  # a pickup, or a stuck declaration

    def __len__(self) -> int:
        return len(self._listed())

    def __iter__(self) -> Iterator[Action]:
        return iter(list(self._listed()))

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        return self._listed()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalActions, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LegalActions {self._listed()!r}>"


_Codes = tuple[list[list[int]], list[list[int]], list[int], list[list[int]]]
"""A layout as card codes: hands, draw stacks, starters, reserves (each stack top first)."""


def _card_codes(stacks: Sequence[Sequence[Card]]) -> list[list[int]]:
    return [[c.code for c in stack] for stack in stacks]


class Game:
    """One deal of a variant, from the layout to the win (or a dead end).

    Build it with :func:`speedrules.deal` (a fresh shuffle) or :meth:`Game.from_layout`
    (a known layout).  Seats are 0-based; so are centre piles (reserve *i* flips onto
    pile *i*).  ``names`` are used in messages only.  :attr:`kernel` is the deal's rules
    kernel, for programs that work on integer codes.
    """

    __slots__ = ("_count", "_history", "_layout", "_layout_codes", "_rng_states", "_start", "_times", "kernel", "names",
                 "seed", "variant")

    _layout: Layout | None
    _layout_codes: tuple[list[list[int]], list[list[int]], list[int], list[list[int]]] | None

    def __init__(
        self,
        variant: Variant,
        layout: Layout | None,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        _codes: tuple[Sequence[Sequence[int]], Sequence[Sequence[int]], Sequence[int], Sequence[Sequence[int]]]
        | None = None,
        _dealt: bool = False,
    ) -> None:
        if _codes is not None:
            if _dealt:  # deal()'s own lists of the variant it checked: a deal by construction
                self._begin(variant, cast("_Codes", _codes), rng, seed, checked_names(variant, names))
            else:  # from_codes: the layout as card codes
                self._setup(variant, *_codes, rng=rng, seed=seed, names=names)
            return
        if not isinstance(layout, Layout):
            raise InvalidArgumentError(f"not a Layout: {brief(layout)} (Layout.from_json reads one from data)")
        self._setup(variant, _card_codes(layout.hands), _card_codes(layout.draw), [c.code for c in layout.starters],
                    _card_codes(layout.reserves), rng=rng, seed=seed, names=names)
        self._layout = layout

    @classmethod
    def from_codes(
        cls,
        variant: Variant,
        hands: Sequence[Sequence[int]],
        draw: Sequence[Sequence[int]],
        starters: Sequence[int],
        reserves: Sequence[Sequence[int]],
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """Start a game from a layout given as card codes (stacks top first); ``seed`` is kept in
        :attr:`seed` and seeds rebuild shuffles when no ``rng`` is given."""
        return cls(variant, None, rng=rng, seed=seed, names=names, _codes=(hands, draw, starters, reserves))

    def _setup(
        self,
        variant: Variant,
        hands: Sequence[Sequence[int]],
        draw: Sequence[Sequence[int]],
        starters: Sequence[int],
        reserves: Sequence[Sequence[int]],
        *,
        rng: random.Random | None,
        seed: int | None,
        names: Sequence[str] | None,
    ) -> None:
        variant = as_speed_variant(variant)
        codes = code_stacks(hands), code_stacks(draw), code_stacks([starters])[0], code_stacks(reserves)
        problem = check_layout_codes(variant, *codes)
        if problem is not None:
            raise IllegalActionError(problem)
        self._begin(variant, codes, rng, seed, checked_names(variant, names))

    def _begin(self, variant: Variant, codes: _Codes, rng: random.Random | None, seed: int | None,
               names: tuple[str, ...]) -> None:
        """The game's state at the start of a deal of ``variant`` whose layout (as codes, checked) is
        ``codes``: the one place a game's attributes are first set."""
        self.variant = variant
        self.names = names
        self.seed = seed
        self._layout = None
        self._layout_codes = codes
        self.kernel = Kernel(variant, *codes, names=names, rng=rng, seed=seed)
        self._start: Kernel | None = None  # what pop() replays the history from, if not the layout
        self._count = 0  # the actions before the start (a game from a position in mid-deal)
        self._history: list[Action] = []
        self._times: list[float | int | None] = []
        self._rng_states: list[tuple[int, object]] = []  # (history index, the random state) before each shuffle

    @classmethod
    def from_layout(
        cls,
        variant: Variant,
        layout: Layout,
        *,
        rng: random.Random | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """Start a game from a given layout (checked: rules ``layout.cards``, ``layout.shape``)."""
        return cls(variant, layout, rng=rng, names=names)

    @classmethod
    def from_position(
        cls,
        variant: Variant | str,
        position: str | Position,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """The game in the state a position's text describes (see :meth:`position`), like
        ``chess.Board(fen)``: checked against ``variant`` (a bundled name, a file or a
        :class:`Variant`) first, else a :class:`~speedrules.core.errors.PositionError` naming the
        field.  Its history starts empty; the random source of rebuild shuffles is not part of a
        position (``rng`` or ``seed`` give one).  A position before the reveal is a deal, so the
        game has its :attr:`layout`; one in mid-deal has none (nor a log).

        >>> game = deal("speed", seed=1)
        >>> game.reveal(); game.play(0, "JC", 1)
        >>> again = Game.from_position("speed", game.position())
        >>> again == game, again.position() == game.position(), again.legal_actions() == game.legal_actions()
        (True, True, True)
        """
        variant = as_speed_variant(variant)
        parsed = position if isinstance(position, Position) else Position.parse(position)
        checked = checked_names(variant, names)
        kernel = Kernel.from_position(variant, parsed, names=checked, rng=rng, seed=seed)
        codes = None
        if not parsed.revealed:
            codes = ([list(h) for h in parsed.hands], [list(d) for d in parsed.draws], [p[0] for p in parsed.piles],
                     [list(r) for r in parsed.reserves])
        game = cls.__new__(cls)
        start = kernel.copy() if codes is None else None
        game.__setstate__((variant, checked, seed, None, codes, kernel, start, parsed.count, [], [], []))
        return game

    def position(self) -> str:
        """The whole state of the deal as one line, the position notation (like FEN in chess):
        hands, draw stacks, centre piles, reserves, draws owed, status, clock and the count of
        actions, and the plays landing at this instant where a collision policy may still move
        them.  :meth:`from_position` reads it back; :mod:`speedrules.speed.position` documents it.

        >>> game = deal("speed", seed=1)
        >>> game.reveal(); game.play(0, "JC", 1)
        >>> for field in game.position().split():
        ...     print(field)
        10S,QD,10H,3S/KD,7H,QS,10D,6S
        4D,KC,5C,3H,JH,8C,9C,9H,2C,AC,KS,QC,7D,8H,KH/AD,9D,JS,8D,4S,6H,2H,5H,6C,AS,2D,4C,2S,7C,7S
        AH/JC,QH
        3C,5D,3D,6D,8S/4H,5S,10C,JD,9S
        0/0
        up
        0
        2
        """
        return str(self.kernel.position(self._count + len(self._history)))

    @property
    def layout(self) -> Layout:
        """The layout the game was dealt from (an :class:`InvalidArgumentError` for a game
        started from a position in mid-deal, which has none)."""
        if self._layout is None:
            def cards(stack: Iterable[int]) -> tuple[Card, ...]:
                return tuple(Card.from_code(c) for c in stack)

            if self._layout_codes is None:
                raise InvalidArgumentError("this game started from a position in mid-deal (Game.from_position): "
                                           "it has no layout, so no log either")
            hands, draw, starters, reserves = self._layout_codes
            self._layout = Layout(hands=tuple(cards(h) for h in hands), draw=tuple(cards(d) for d in draw),
                                  starters=cards(starters), reserves=tuple(cards(r) for r in reserves))
        return self._layout

    def layout_json(self) -> dict[str, Any]:
        """``layout.to_json()``, the layout as a log's deal gives it, without building the cards.

        >>> game = deal("speed", seed=1)
        >>> game.layout_json() == game.layout.to_json()
        True
        """
        if self._layout_codes is None:
            return self.layout.to_json()
        return layout_json(*self._layout_codes)

    def copy(self) -> Game:
        """An independent copy, random source included."""
        other = Game.__new__(Game)
        other.__setstate__(self.__getstate__())
        return other

    def __getstate__(self) -> tuple[object, ...]:
        """The whole game, its containers copied (for :meth:`copy`, ``copy.copy`` and pickling)."""
        start = None if self._start is None else self._start.copy()
        return (self.variant, self.names, self.seed, self._layout, self._layout_codes, self.kernel.copy(), start,
                self._count, list(self._history), list(self._times), list(self._rng_states))

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.variant, self.names, self.seed, self._layout, self._layout_codes, self.kernel, self._start,
         self._count, self._history, self._times, self._rng_states) = state

    def __repr__(self) -> str:
        """An expression that rebuilds the game's state (history and random source aside), as
        ``chess.Board`` shows its FEN.

        >>> game = deal("speed", seed=1, names=["Ann", "Ben"])
        >>> game.reveal()
        >>> repr(game)[:60]
        "Game.from_position('speed', 'JC,10S,QD,10H,3S/KD,7H,QS,10D,6"
        >>> eval(repr(game)) == game
        True
        """
        v = self.variant
        if v.name in variant_names() and load_variant(v.name) == v:
            variant = repr(v.name)
        else:
            variant = f"variant_from_document({v.to_document()!r})"
        names = "" if self.names == default_names(v.players) else f", names={list(self.names)!r}"
        return f"Game.from_position({variant}, {self.position()!r}{names})"

    def _repr_svg_(self) -> str:
        """The table as an SVG picture (:func:`speedrules.show.svg.table`), which notebooks show inline."""
        from ..show.svg import table

        return table(self)

    def status_text(self) -> str:
        """Where the deal stands, in words: ``play on``, ``the starters are face down``, who must
        call, who won, ``tied`` or ``a dead end`` (the text and the pictures share it).

        >>> deal("speed", seed=1).status_text()
        'the starters are face down'
        """
        outcome = self.kernel.outcome()
        if outcome is None:
            if self.call_due is not None:
                return f"{self.names[self.call_due]} has gone out and must call"
            return "play on" if self.kernel.revealed else "the starters are face down"
        if outcome.winner is not None:
            return f"{self.names[outcome.winner]} won"
        return "tied" if outcome.is_tie else "a dead end"

    def __str__(self) -> str:
        """The table as text: each seat's hand and draw stack, each pile's top and reserve, and how
        the deal stands.

        >>> game = deal("speed", seed=1, names=["Ann", "Ben"])
        >>> game.reveal()
        >>> print(game)
        speed, after 1 action: play on
          Ann     hand JC 10S QD 10H 3S  draw stack 15
          Ben     hand KD 7H QS 10D 6S   draw stack 15
          pile 0  AH (1 card)  reserve 5
          pile 1  QH (1 card)  reserve 5
        """
        k = self.kernel
        status = self.status_text()
        actions = len(self._history)
        rows = [f"{self.variant.name}, after {actions} action{'s' if actions != 1 else ''}: {status}"]
        width = max(len(n) for n in (*self.names, "pile 0"))
        hands = [" ".join(map(str, hand)) or "empty" for hand in self.hands]
        hand_width = max(len(h) for h in hands)
        for seat, hand in enumerate(hands):
            owed = f", owes {k.debt[seat]} draw(s)" if k.debt[seat] and k.draws[seat] else ""
            rows.append(f"  {self.names[seat]:{width}}  hand {hand:{hand_width}}  draw stack {len(k.draws[seat])}"
                        + owed)
        tops = k.tops_text()
        top_width = max(len(f"{top} ({len(k.piles[p])} card{'s' if len(k.piles[p]) != 1 else ''})")
                        for p, top in enumerate(tops))
        for pile, top in enumerate(tops):
            count = len(k.piles[pile])
            shown = f"{top} ({count} card{'s' if count != 1 else ''})"
            rows.append(f"  {'pile ' + str(pile):{width}}  {shown:{top_width}}  reserve {len(k.reserves[pile])}")
        return "\n".join(rows)

    # ------------------------------------------------------------------ views

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand."""
        return tuple(tuple(Card.from_code(c) for c in h) for h in self.kernel.hands)

    @property
    def draw_stacks(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's draw stack, top card first."""
        return tuple(tuple(Card.from_code(c) for c in reversed(d)) for d in self.kernel.draws)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Each centre pile, top card first (a starter counts before the reveal too)."""
        return tuple(tuple(Card.from_code(c) for c in reversed(p)) for p in self.kernel.piles)

    @property
    def tops(self) -> tuple[Card | None, ...]:
        """Each centre pile's top card, ``None`` for an empty pile (or before the reveal)."""
        revealed = self.kernel.revealed
        return tuple(Card.from_code(p[-1]) if p and revealed else None for p in self.kernel.piles)

    @property
    def top_ranks(self) -> tuple[int, ...]:
        """Each pile's effective top rank: 1-13, ``EMPTY`` (0) or ``WILD`` (14); a played
        joker counts as its declared rank."""
        return tuple(key // 3 for key in self.kernel.tops)

    @property
    def reserves(self) -> tuple[tuple[Card, ...], ...]:
        """Each reserve, top card first."""
        return tuple(tuple(Card.from_code(c) for c in reversed(r)) for r in self.kernel.reserves)

    @property
    def draws_owed(self) -> tuple[int, ...]:
        """Per seat, how many draws the refill rule requires before that seat's next play."""
        return tuple(self.kernel.debt)

    @property
    def is_revealed(self) -> bool:
        return self.kernel.revealed

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, as recorded (draws name their card, rebuilds their stacks)."""
        return tuple(self._history)

    @property
    def history_times(self) -> tuple[float | int | None, ...]:
        """The time ``t`` each recorded action was applied with (``None`` if untimed)."""
        return tuple(self._times)

    @property
    def collisions(self) -> tuple[Collision, ...]:
        """The collisions resolved so far (plays that landed on one pile at the same time)."""
        return tuple(self.kernel.collisions)

    @property
    def call_due(self) -> int | None:
        """The seat that went out and must still call (variants with ``announce.call``), else ``None``."""
        return self.kernel.out_seat

    @property
    def pickups_owed(self) -> frozenset[int]:
        """Seats that missed their call and must take a centre pile as a new draw stack."""
        return frozenset(self.kernel.pickup_owed)

    def remaining(self) -> tuple[int, ...]:
        """Cards each seat still holds, hand and draw stack together."""
        return self.kernel.remaining()

    def centre_cards(self) -> list[Card]:
        """Every card on the centre piles and in the reserves (a multiset)."""
        k = self.kernel
        return [Card.from_code(c) for p in k.piles for c in p] + [Card.from_code(c) for r in k.reserves for c in r]

    def all_cards(self) -> list[Card]:
        """Every card in the game, wherever it is (a multiset: always the variant's deck)."""
        k = self.kernel
        out = [Card.from_code(c) for h in k.hands for c in h]
        out += [Card.from_code(c) for d in k.draws for c in d]
        return out + self.centre_cards()

    # ------------------------------------------------------------------ outcome

    def outcome(self) -> Outcome | None:
        """The winner, a tie, a dead end, or ``None`` while the deal goes on."""
        return self.kernel.outcome()

    def is_over(self) -> bool:
        return self.kernel.is_over()

    def is_blocked(self) -> bool:
        """Whether play has stopped: the starters are up and nobody may play or draw.

        A held joker that could be played counts as a playable card when the variant
        says so (``jokers.prevents_flip``).
        """
        return self.kernel.is_blocked()

    def can_play_any(self, player: int) -> bool:
        """Whether ``player`` has a legal play now (never while a required call is due)."""
        k = self.kernel
        if not k.revealed or k.is_over():
            return False
        if k.out_seat is not None and self.variant.call is CallRule.REQUIRED:
            return False
        return k.playable(player) is not None

    # ------------------------------------------------------------------ checks

    def check_reveal(self) -> Violation | None:
        """Why the starters may not be revealed now, or ``None``."""
        return self.kernel.check_reveal()

    def check_play(
        self, player: int, cards: Sequence[int], pile: int, declared: Sequence[int] = (), t: float | int | None = None
    ) -> Violation | None:
        """Why ``player`` may not lay the card codes ``cards`` on ``pile`` now (at time ``t``), or ``None``
        (see :meth:`speedrules.speed.kernel.Kernel.check_play`)."""
        return self.kernel.check_play(player, cards, pile, declared, t)

    def check_draw(self, player: int, card: int | None = None) -> Violation | None:
        """Why ``player`` may not draw now (or the top card is not ``card``), or ``None``."""
        return self.kernel.check_draw(player, card)

    def check_flip(self) -> Violation | None:
        """Why the reserves may not flip now, or ``None``."""
        return self.kernel.check_flip()

    def check_rebuild(self, reserves: Sequence[Sequence[int]] | None = None) -> Violation | None:
        """Why the centre may not be rebuilt now (into ``reserves``, top first), or ``None``."""
        return self.kernel.check_rebuild(reserves)

    def check_call(self, player: int) -> Violation | None:
        """Why ``player`` may not call ("Speed!") now, or ``None``."""
        return self.kernel.check_call(player)

    def check_pickup(self, player: int, pile: int) -> Violation | None:
        """Why ``player`` may not take centre ``pile`` as a new draw stack now, or ``None``."""
        return self.kernel.check_pickup(player, pile)

    def check_event(
        self,
        kind: int,
        player: int = -1,
        pile: int = -1,
        cards: object = None,
        declared: Sequence[int] = (),
        t: float | int | None = None,
    ) -> Violation | None:
        """The integer-coded form of :meth:`check` (see :meth:`speedrules.speed.kernel.Kernel.check_event`)."""
        return self.kernel.check_event(kind, player, pile, cards, declared, t)

    def apply_event(
        self,
        kind: int,
        player: int = -1,
        pile: int = -1,
        cards: Any = None,
        declared: Sequence[int] = (),
        t: float | int | None = None,
        index: int | None = None,
    ) -> Any:
        """Apply an event that :meth:`check_event` accepted (it is not checked again, nor recorded
        in :attr:`history`).  Returns the code drawn (draw) or the reserves used (rebuild)."""
        return self.kernel.apply_event(kind, player, pile, cards, declared, t,
                                       self._count + len(self._history) if index is None else index)

    @staticmethod
    def encode(action: Action | str) -> tuple[int, int, int, Any, tuple[int, ...]]:
        """``(kind, player, pile, cards, declared)`` of an action (or its notation), for
        :meth:`check_event`."""
        action = as_action(action)
        if isinstance(action, Play):
            return PLAY, action.player, action.pile, [c.code for c in action.cards], action.declared
        if isinstance(action, Draw):
            return DRAW, action.player, -1, None if action.card is None else action.card.code, ()
        if isinstance(action, Flip):
            return FLIP, -1, -1, None, ()
        if isinstance(action, Rebuild):
            reserves = None if action.reserves is None else [[c.code for c in r] for r in action.reserves]
            return REBUILD, -1, -1, reserves, ()
        if isinstance(action, Reveal):
            return REVEAL, -1, -1, None, ()
        if isinstance(action, Call):
            return CALL, action.player, -1, None, ()
        if isinstance(action, Pickup):
            return PICKUP, action.player, action.pile, None, ()
        if isinstance(action, Stuck):
            return STUCK, action.player, -1, None, ()
        raise InvalidActionError(f"not an action: {brief(action)}")

    def check(self, action: Action | str, t: float | int | None = None) -> Violation | None:
        """Why ``action`` (at time ``t``, optional) is illegal now, or ``None``.  Never changes the game.

        ``action`` may be given in its notation (``"0:JC>1"``, read by :func:`parse_action`).
        Raises :class:`InvalidActionError` if ``action`` is not an action (nor its notation) or
        ``t`` is not a time (a finite number of milliseconds >= 0)."""
        kind, player, pile, cards, declared = self.encode(action)
        return self.kernel.check_event(kind, player, pile, cards, declared, checked_time(t))

    def is_legal(self, action: Action | str, t: float | int | None = None) -> bool:
        """Whether ``action`` (or its notation; at time ``t``, optional) may be applied now."""
        return self.check(action, t) is None

    # ------------------------------------------------------------------ doing

    def apply(self, action: Action | str, t: float | int | None = None) -> None:
        """Apply ``action`` (at time ``t`` in ms since the reveal, optional), or raise
        :class:`IllegalActionError` naming the broken rule (leaving the game unchanged).
        ``action`` may be its notation, as python-chess's ``push_san`` takes a move's:
        ``game.apply("0:JC>1")`` is ``game.apply(parse_action("0:JC>1"))``.

        With times, plays on one pile at the same ``t`` are collisions, resolved by the
        variant's policy (see :attr:`collisions`), and two players going out at the same
        ``t`` tie the deal where the variant says so.  An action or a time that is not
        well formed raises :class:`InvalidActionError` (the game unchanged too).
        """
        action = as_action(action)
        kind, player, pile, cards, declared = self.encode(action)
        t = checked_time(t)
        problem = self.kernel.check_event(kind, player, pile, cards, declared, t)
        if problem is not None:
            raise IllegalActionError(problem)
        if kind == REBUILD and cards is None:  # only a shuffled rebuild draws on the random source
            self._rng_states.append((len(self._history), self.kernel.random_state()))
        result = self.kernel.apply_event(kind, player, pile, cards, declared, t, self._count + len(self._history))
        record: Action = action
        if kind == DRAW:
            record = Draw(player, Card.from_code(result))
        elif kind == REBUILD:
            record = Rebuild(tuple(tuple(Card.from_code(c) for c in r) for r in result))
        self._history.append(record)
        self._times.append(t)

    # ------------------------------------------------------------------ can_x / x pairs

    def can_reveal(self) -> bool:
        return self.check_reveal() is None

    def reveal(self) -> None:
        """Turn the starters up (rule ``event.order`` if already done)."""
        self.apply(Reveal())

    def can_play(
        self, player: int, cards: Card | str | Iterable[Card | str], pile: int,
        declared: int | str | Iterable[int | str] | None = None,
    ) -> bool:
        """Whether ``player`` may lay ``cards`` on ``pile`` now (as :class:`Play` takes them)."""
        return self.is_legal(Play(player, cards, pile, declared))

    def play(
        self, player: int, cards: Card | str | Iterable[Card | str], pile: int,
        declared: int | str | Iterable[int | str] | None = None,
    ) -> None:
        """``player`` lays ``cards`` (a card, or a run; a card's text is read) on ``pile``;
        ``declared`` is a joker's rank."""
        self.apply(Play(player, cards, pile, declared))

    def can_draw(self, player: int) -> bool:
        return self.check_draw(player) is None

    def draw(self, player: int) -> Card:
        """``player`` draws the top card of their draw stack; returns it."""
        self.apply(Draw(player))
        return Card.from_code(self.kernel.hands[player][-1])

    def can_flip(self) -> bool:
        return self.check_flip() is None

    def flip(self) -> None:
        self.apply(Flip())

    def can_rebuild(self) -> bool:
        return self.check_rebuild() is None

    def rebuild(self, reserves: Sequence[Sequence[Card]] | None = None) -> None:
        """Rebuild the centre into reserves: the given stacks (top first), or a shuffle."""
        self.apply(Rebuild(reserves))

    # ------------------------------------------------------------------ enumeration

    def legal_actions(self, player: int | None = None) -> LegalActions:
        """Every legal action now, as a live view (like ``board.legal_moves``); with ``player``,
        only that seat's pickups, plays, draws and stuck declaration.

        Table actions (reveal, flip, rebuild) are listed when ``player`` is ``None``.  A seat's
        :class:`Stuck` declaration is listed when it is true (the seat can neither play nor draw).
        While a call is due (``announce.call``), only that call is listed: under ``penalty``
        other events are legal too, but they make the call late.
        A rebuild is listed as ``Rebuild()`` (the game shuffles).  Plays are listed
        once per distinct card, pile and declared rank; with runs, every run too.
        The view follows the game as it changes: ``list(game.legal_actions())`` keeps the
        actions of one moment.

        >>> game = deal("speed", seed=1)
        >>> legal = game.legal_actions()
        >>> list(legal), Reveal() in legal
        ([Reveal()], True)
        >>> game.reveal()
        >>> len(legal), Reveal() in legal, [str(a) for a in game.legal_actions(0)]
        (3, False, ['0:JC>1'])
        """
        if player is not None and (type(player) is not int or not 0 <= player < self.variant.players):
            raise InvalidArgumentError(f"there is no seat {brief(player)} in a {self.variant.players}-player game")
        return LegalActions(self, player)

    @property
    def legal(self) -> LegalActions:
        """``legal_actions()`` as a property, like ``board.legal_moves``: ``action in game.legal``
        asks the rules about that one action without listing the others; ``len`` and iteration
        list them when needed.  It follows the game as it changes.

        >>> game = deal("speed", seed=1)
        >>> game.reveal()
        >>> Play(0, "JC", 1) in game.legal, Play(0, "JC", 0) in game.legal, Flip() in game.legal
        (True, False, False)
        >>> len(game.legal), list(game.legal) == game.legal_actions()
        (3, True)
        """
        return LegalActions(self)

    @classmethod
    def from_log(cls, log: Log, deal: int = 0, upto: int | None = None) -> Game:
        """The game of deal ``deal`` of ``log`` after its first ``upto`` events (all by default), as
        reading a PGN up to a move: the layout dealt, then each event applied with its time and
        recorded in :attr:`history`.  Raises :class:`IllegalActionError` at an event that breaks a
        rule (the referee says which, and goes on where asked).

        >>> from speedrules import referee
        >>> game = deal("speed", seed=1, names=["Ann", "Ben"])
        >>> game.reveal(); game.play(0, "JC", 1)
        >>> log = game.to_log()
        >>> Game.from_log(log) == game, len(Game.from_log(log, upto=1).history)
        (True, 1)
        >>> Game.from_log(log, upto=1).tops[1]
        Card.parse('QH')
        """
        from ..logs.log import Log

        if not isinstance(log, Log):
            raise InvalidArgumentError(f"not a Log: {brief(log)} (read_log or parse_log make one)")
        if type(deal) is not int or not 0 <= deal < len(log.deals):
            raise InvalidArgumentError(f"there is no deal {brief(deal)} in this log ({len(log.deals)} deal(s))")
        events = log.actions(deal)
        if upto is None:
            upto = len(events)
        if type(upto) is not int or not 0 <= upto <= len(events):
            raise InvalidArgumentError(f"upto must be a number of events from 0 to {len(events)}, not {brief(upto)}")
        game = cls(log.variant, log.deals[deal].layout(), names=log.names)
        for action, t in events[:upto]:
            game.apply(action, t)
        return game

    def peek(self) -> Action:
        """The last action applied (as recorded: a draw names its card), like ``Board.peek()``;
        an :class:`InvalidActionError` when none was."""
        if not self._history:
            raise InvalidActionError("no action has been applied yet")
        return self._history[-1]

    def pop(self) -> Action:
        """Undo the last action and return it, like ``Board.pop()``: the game is then exactly as it
        was before that action (collisions, calls, owed draws and the random source included).

        The state is rebuilt by applying the earlier actions again to the layout, so it costs
        time in proportion to the history; a rebuild's shuffle is recorded as its reserves, and
        the random source is put back as it was before the undone action.

        >>> game = deal("speed", seed=1)
        >>> before = game.copy()
        >>> game.reveal(); game.play(0, "JC", 1)
        >>> game.pop(), game.pop()
        (Play(player=0, cards=(Card.parse('JC'),), pile=1, declared=()), Reveal())
        >>> game == before
        True
        """
        action = self.peek()
        history, times = self._history[:-1], self._times[:-1]
        random_state = self.kernel.random_state()  # unchanged by the action, unless it was a shuffle
        if self._rng_states and self._rng_states[-1][0] == len(history):
            random_state = self._rng_states.pop()[1]
        if self._start is not None:
            kernel = self._start.copy()
        else:
            assert self._layout_codes is not None
            hands, draw, starters, reserves = self._layout_codes
            kernel = Kernel(self.variant, hands, draw, starters, reserves, names=self.names, seed=self.seed)
        for index, (done, t) in enumerate(zip(history, times, strict=True), self._count):
            kind, player, pile, cards, declared = self.encode(done)
            kernel.apply_event(kind, player, pile, cards, declared, t, index)
        kernel.set_random_state(random_state)
        self.kernel, self._history, self._times = kernel, history, times
        return action

    def __eq__(self, other: object) -> bool:
        """Games are equal when they are in the same state of the same variant: the same
        :meth:`position` (as boards are in python-chess; names, history and the random source
        aside)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self.variant == other.variant and self.position() == other.position()

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is not hashable

    def to_log(self, *, players: Sequence[str] | None = None) -> Log:
        """This game as a ``speedrules-log/1`` log (layout and recorded history).

        >>> game = deal("speed", seed=1)
        >>> game.reveal()
        >>> log = game.to_log(players=["Ann", "Ben"])
        >>> log.names, len(log.deals[0].events), log.dumps().startswith('{"format": "speedrules-log/1"')
        (('Ann', 'Ben'), 1, True)
        """
        from ..logs.log import log_from_games

        return log_from_games([self], players=players)


def deal(
    variant: Variant | str,
    seed: int | random.Random | None = None,
    *,
    names: Sequence[str] | None = None,
) -> Game:
    """Deal a fresh game of ``variant`` (a :class:`Variant`, or a bundled name or variant file).

    The same integer ``seed`` gives the same layout (and the same rebuild shuffles)
    on every platform; ``None`` picks a seed and keeps it in ``game.seed``.

    >>> game = deal("speed", seed=7)
    >>> len(game.hands[0]), len(game.draw_stacks[0]), game.seed
    (5, 15, 7)
    >>> deal("speed", seed=7).layout == game.layout
    True
    """
    variant = as_speed_variant(variant)
    rng, used_seed = make_rng(seed)
    return Game(variant, None, rng=rng, seed=used_seed, names=names, _codes=deal_codes(variant, rng), _dealt=True)
