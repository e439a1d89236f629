"""The public face of one deal: :class:`Game`, a dealt layout in play, with every rule enforced.

:class:`Game` is Speed's :class:`~speedrules.game.BaseGame` (the one game API, in the manner of
``chess.Board``: ``apply`` changes it, ``pop`` takes an action back, ``copy`` clones it).
The rules themselves live in the deal's :class:`~speedrules.speed.kernel.Kernel` (integer state,
per-variant fit tables); ``Game`` adds what a program using the library wants on top: cards
as :class:`~speedrules.core.cards.Card` values, actions as :mod:`speedrules.speed.actions` values
(coded for the kernel by :func:`encode`, read back by :func:`decode`), the record of every
applied action (:attr:`Game.history`), and ``can_x`` / ``x`` pairs (e.g. :meth:`Game.can_flip`
/ :meth:`Game.flip`).

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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

import msgspec

from ..core.cards import Card
from ..core.errors import IllegalActionError, InvalidActionError, InvalidArgumentError, Violation, brief
from ..core.variant import Call as CallRule
from ..core.variant import Variant
from ..game import BaseGame, Event
from ..game import LegalActions as LegalActions
from ..logs.log import LogError
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
from .coding import code_events
from .dealing import check_layout as check_layout
from .dealing import check_layout_codes, checked_names, code_stacks, deal_codes, make_rng
from .dealing import deal_layout as deal_layout
from .kernel import Collision as Collision
from .kernel import Kernel
from .kernel import Outcome as Outcome
from .layout import Layout, layout_json
from .position import Position
from .variants import as_speed_variant
from .wire import WireEvent

if TYPE_CHECKING:
    from ..logs.log import Log


def as_action(action: Action | str) -> Action:
    """``action``, or the action its notation names (:func:`~speedrules.speed.actions.parse_action`);
    anything else is left to the caller, which refuses what is not an action."""
    return parse_action(action) if isinstance(action, str) else action


SpeedEvent = tuple[int, int, int, Any, tuple[int, ...]]
"""An action coded as :meth:`~speedrules.speed.kernel.Kernel.check_event` takes it before the
time: ``(kind, player, pile, cards, declared)``."""


def encode(action: Action | str) -> SpeedEvent:
    """``(kind, player, pile, cards, declared)`` of an action (or its notation), as
    :meth:`~speedrules.speed.kernel.Kernel.check_event` takes it; an :class:`InvalidActionError`
    for anything that is not a Speed action.

    >>> encode("0:JC>1")
    (1, 0, 1, [49], ())
    """
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


def decode(event: tuple[int, int, int, Any, Sequence[int], float | int | None]) -> tuple[Action, float | int | None]:
    """A coded event (as a log's deal holds it: ``(kind, player, pile, cards, declared, t)``) as
    a library action and its time; the inverse of :func:`encode` with the time.

    >>> decode((*encode("0:JC>1"), 850))
    (Play(player=0, cards=(Card.parse('JC'),), pile=1, declared=()), 850)
    """
    kind, player, pile, cards, declared, t = event
    action: Action
    if kind == PLAY:
        action = Play(player, tuple(Card.from_code(c) for c in cards), pile, tuple(declared))
    elif kind == DRAW:
        action = Draw(player, None if cards is None else Card.from_code(cards))
    elif kind == REBUILD:
        action = Rebuild(None if cards is None else tuple(tuple(Card.from_code(c) for c in r) for r in cards))
    elif kind == CALL:
        action = Call(player)
    elif kind == PICKUP:
        action = Pickup(player, pile)
    elif kind == STUCK:
        action = Stuck(player)
    elif kind == FLIP:
        action = Flip()
    elif kind == REVEAL:
        action = Reveal()
    else:
        raise InvalidActionError(f"not a Speed event kind: {brief(kind)}")
    return action, t


def action_from_json(event: Any, name: str = "<event>") -> tuple[Action, float | int | None]:
    """The Speed action a log event stands for, and its time: the inverse of ``action.to_json(t)``,
    read by the one reader's steps (the wire struct, then the coding); a
    :class:`~speedrules.logs.log.LogError` naming ``name`` for anything the log format does not
    accept as an event.

    >>> action_from_json({"type": "play", "player": 0, "card": "JC", "pile": 1, "t": 850})
    (Play(player=0, cards=(Card.parse('JC'),), pile=1, declared=()), 850)
    """
    try:
        [coded], _ = code_events([msgspec.convert(event, WireEvent)])
    except (msgspec.MsgspecError, ValueError, RecursionError):
        raise LogError(name, "not an event of the log format (docs/log-format.md): " + brief(event)) from None
    return decode(coded)


_Codes = tuple[list[list[int]], list[list[int]], list[int], list[list[int]]]
"""A layout as card codes: hands, draw stacks, starters, reserves (each stack top first)."""


def _card_codes(stacks: Sequence[Sequence[Card]]) -> list[list[int]]:
    return [[c.code for c in stack] for stack in stacks]


class Game(BaseGame[Action, Kernel]):
    """One deal of a variant, from the layout to the win (or a dead end): the one game API of
    :class:`~speedrules.game.BaseGame` (``check``, ``apply``, ``legal``, ``pop``, ``copy``,
    ``position``, ``to_log``...) on Speed's kernel, with Speed's views and ``can_x`` / ``x`` pairs.

    Build it with :func:`speedrules.deal` (a fresh shuffle) or :meth:`Game.from_layout`
    (a known layout).  Seats are 0-based; so are centre piles (reserve *i* flips onto
    pile *i*).  ``names`` are used in messages only.  :attr:`kernel` is the deal's rules
    kernel, for programs that work on integer codes.

    Times: ``apply(action, t)`` takes ``t`` in ms since the reveal.  With times, plays on one
    pile at the same ``t`` are collisions, resolved by the variant's policy (see
    :attr:`collisions`), and two players going out at the same ``t`` tie the deal where the
    variant says so.

    The legal actions (:meth:`legal_actions`): with ``player``, that seat's pickups, plays,
    draws and stuck declaration; table actions (reveal, flip, rebuild) when ``player`` is
    ``None``.  A seat's :class:`Stuck` declaration is listed when it is true (the seat can
    neither play nor draw).  While a call is due (``announce.call``), only that call is listed:
    under ``penalty`` other events are legal too, but they make the call late.  A rebuild is
    listed as ``Rebuild()`` (the game shuffles), a draw as ``Draw(seat)``; plays are listed once
    per distinct card, pile and declared rank, and with runs every run too.

    >>> game = deal("speed", seed=1)
    >>> legal = game.legal_actions()
    >>> list(legal), Reveal() in legal
    ([Reveal()], True)
    >>> game.reveal()
    >>> len(legal), Reveal() in legal, [str(a) for a in game.legal_actions(0)]
    (3, False, ['0:JC>1'])
    >>> Play(0, "JC", 1) in game.legal, Play(0, "JC", 0) in game.legal, Flip() in game.legal
    (True, False, False)
    """

    __slots__ = ("_count", "_layout", "_layout_codes", "_start")

    family_name = "speed"

    _layout: Layout | None
    _layout_codes: _Codes | None

    _parse = staticmethod(parse_action)
    _encode = staticmethod(encode)
    _decode = staticmethod(decode)

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
        ``codes``: the one place a dealt game's attributes are first set."""
        self.variant = variant
        self.names = names
        self.seed = seed
        self._layout = None
        self._layout_codes = codes
        self.kernel = Kernel(variant, *codes, names=names, rng=rng, seed=seed)
        self._start: Kernel | None = None  # what pop() replays the history from, if not the layout
        self._count = 0  # the actions before the start (a game from a position in mid-deal)
        self._start_record()

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
        game.__setstate__((variant, checked, seed, kernel, [], [], [0], [], (None, codes, start, parsed.count)))
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
        return str(self.kernel.position(self._count + len(self._actions)))

    @property
    def layout(self) -> Layout:
        """The layout the game was dealt from (an :class:`InvalidActionError`, which is an
        :class:`InvalidArgumentError` too, for a game started from a position in mid-deal, which
        has none)."""
        if self._layout is None:
            def cards(stack: Iterable[int]) -> tuple[Card, ...]:
                return tuple(Card.from_code(c) for c in stack)

            if self._layout_codes is None:
                raise InvalidActionError("this game started from a position in mid-deal (Game.from_position): "
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

    # ------------------------------------------------------------------ the base's hooks

    def _own_state(self) -> tuple[object, ...]:
        return self._layout, self._layout_codes, self._start, self._count  # the start kernel is never changed

    def _set_own_state(self, state: tuple[Any, ...]) -> None:
        self._layout, self._layout_codes, self._start, self._count = state

    def _do(self, action: Action, event: Event, t: float | int | None) -> Action:
        kind = event[0]
        if kind == REBUILD and event[3] is None:  # only a shuffled rebuild draws on the random source
            self._remember_random_state(len(self._actions))
        result = self.kernel.apply_event(*event, t, self._count + len(self._actions))
        if kind == DRAW:
            return Draw(event[1], Card.from_code(result))
        if kind == REBUILD:
            return Rebuild(tuple(tuple(Card.from_code(c) for c in r) for r in result))
        return action

    def _replay_start(self, deal: int) -> Kernel:
        if self._start is not None:
            return self._start.copy()
        assert self._layout_codes is not None
        return Kernel(self.variant, *self._layout_codes, names=self.names, seed=self.seed)

    def _replay(self, kernel: Kernel, event: Event, t: float | int | None, index: int) -> None:
        kernel.apply_event(*event, t, self._count + index)

    def _random_state(self) -> object:
        return self.kernel.random_state()

    def _set_random_state(self, state: object) -> None:
        self.kernel.set_random_state(state)

    def _layout_json(self, deal: int) -> dict[str, Any]:
        return self.layout_json()

    @classmethod
    def _from_logged(cls, log: Log, logged: Any) -> Game:
        return cls(log.variant, logged.layout(), names=log.names)

    def _legal_list(self, player: int | None) -> list[Action]:
        k = self.kernel
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

    def _lists(self, action: object, player: int | None) -> bool:
        """In the form :meth:`legal_actions` lists actions: a draw that names no card, ``Rebuild()``."""
        k = self.kernel
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
            return action.card is None and self.is_legal(action)
        if isinstance(action, Reveal):
            return not k.revealed
        if isinstance(action, Flip):
            return k.revealed and self.is_legal(action)
        if isinstance(action, Rebuild):
            return action.reserves is None and k.revealed and not self.is_legal(Flip()) and self.is_legal(action)
        if isinstance(action, Play):
            return k.revealed and self.is_legal(action)
        return self.is_legal(action)  # a pickup, or a stuck declaration

    # ------------------------------------------------------------------ words

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

    def _table_rows(self) -> list[str]:
        """Each seat's hand and draw stack, each pile's top and reserve.

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
        rows = []
        width = max(len(n) for n in (*self.names, "pile 0"))
        hands = [" ".join(map(str, hand)) or "empty" for hand in self.hands]
        hand_width = max(len(h) for h in hands)
        for seat, hand in enumerate(hands):
            owed = f", owes {k.debt[seat]} draw(s)" if k.debt[seat] and k.draws[seat] else ""
            rows.append(f"  {self.names[seat]:{width}}  hand {hand:{hand_width}}  draw stack {len(k.draws[seat])}"
                        + owed)
        tops = k.tops_text()
        shown = [f"{top} ({_cards(len(k.piles[p]))})" for p, top in enumerate(tops)]
        top_width = max(map(len, shown))
        for pile, text in enumerate(shown):
            rows.append(f"  {'pile ' + str(pile):{width}}  {text:{top_width}}  reserve {len(k.reserves[pile])}")
        return rows

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
        """Every action applied so far, as recorded (draws name their card, rebuilds their stacks):
        the deal's :attr:`action_stack`.

        >>> game = deal("speed", seed=1)
        >>> game.apply("reveal"); game.apply("0:JC>1", t=850); game.draw(0)
        Card.parse('4D')
        >>> [str(action) for action in game.history], game.history_times
        (['reveal', '0:JC>1', '0+4D'], (None, 850, None))
        """
        return tuple(self._actions)

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
                                       self._count + len(self._actions) if index is None else index)

    @staticmethod
    def encode(action: Action | str) -> SpeedEvent:
        """``(kind, player, pile, cards, declared)`` of an action (or its notation), for
        :meth:`check_event` (:func:`encode`)."""
        return encode(action)

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


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


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
