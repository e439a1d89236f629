"""The public face of a game of Spit: :class:`SpitGame`, a whole game round after round, with
every rule enforced by the round's :class:`~speedrules.spit.kernel.SpitKernel`.

A ``SpitGame`` is Spit's :class:`~speedrules.game.BaseGame`, the one game API it shares with
:class:`speedrules.Game`: ``apply`` changes it, ``check`` says why an action is illegal,
``legal_actions`` is a live view of what may be done now, ``pop`` takes an action back.  When a round is over
and its centre piles are claimed, :meth:`SpitGame.next_round` lays the next one, from a layout
the caller gives (a logged game) or by shuffling each player's holding (a fresh game).

>>> from speedrules import Spit, StockPlay
>>> game = deal_spit("spit", seed=2)
>>> [len(p) for p in game.layout.stock[0]], len(game.layout.spit[0])
([1, 2, 3, 4, 5], 11)
>>> game.apply(Spit())
>>> [str(c) for c in game.tops]
['8S', 'QD']
>>> [str(a) for a in game.legal_actions(0) if isinstance(a, StockPlay)]
['0:2(9H)>0', '0:4(9S)>0']
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..core import rules
from ..core.cards import Card, deck_codes
from ..core.checks import checked_names
from ..core.deck import card_counts, card_difference, deck_counts, make_rng, shuffle_codes
from ..core.errors import IllegalActionError, InvalidActionError, InvalidArgumentError, Violation, brief
from ..core.loading import as_variant
from ..core.variant import Claim, RoundsWinner, Variant
from ..family import family_of
from ..game import BaseGame, Event
from .actions import Choose, GapMove, Jam, Pairing, Slap, Spit, SpitAction, StockPlay, parse_spit_action
from .kernel import CHOOSE, JAM, MOVE, PAIR, PLAY, SLAP, SPIT, RoundResult, SpitKernel, lay_row, row_shape
from .position import SpitPosition
from .reader import Codes, SpitEvent
from .variants import SPIT_HOLDING

if TYPE_CHECKING:
    from ..logs.log import Log


@attrs.frozen(slots=True)
class SpitLayout:
    """One round's layout: ``stock[p][i]`` is player *p*'s stock pile *i*, and ``spit[p]`` the
    spit pile, each **top card first**; its JSON form is a log deal's ``layout``."""

    stock: tuple[tuple[tuple[Card, ...], ...], ...]
    spit: tuple[tuple[Card, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"stock": [[[cards] per pile] per player], "spit": [[cards] per player]}``."""
        return {"stock": [[[str(c) for c in pile] for pile in row] for row in self.stock],
                "spit": [[str(c) for c in s] for s in self.spit]}

    def codes(self) -> Codes:
        return (tuple(tuple(tuple(c.code for c in pile) for pile in row) for row in self.stock),
                tuple(tuple(c.code for c in s) for s in self.spit))

    @classmethod
    def from_codes(cls, rows: Sequence[Sequence[Sequence[int]]], spits: Sequence[Sequence[int]]) -> SpitLayout:
        return cls(tuple(tuple(tuple(Card.from_code(c) for c in pile) for pile in row) for row in rows),
                   tuple(tuple(Card.from_code(c) for c in s) for s in spits))

    def holdings(self) -> tuple[tuple[int, ...], ...]:
        """Each player's cards (codes)."""
        rows, spits = self.codes()
        return tuple(tuple(c for pile in row for c in pile) + spit for row, spit in zip(rows, spits, strict=True))


def check_spit_layout(variant: Variant, layout: Codes, holdings: Sequence[Sequence[int]] | None,
                      *, first: bool = True) -> Violation | None:
    """Why ``layout`` is not a round of ``variant`` (rules ``spit.layout.row`` and
    ``spit.layout.cards``), or ``None``.  ``holdings`` are the cards each player took from the
    round before; ``None`` for the first round (``first``), which deals the deck 26 cards a
    player, or for a later round whose predecessor was not settled (then only the deck as a
    whole is checked)."""
    assert variant.spit is not None
    sizes = variant.spit.row
    rows, spits = layout
    if len(rows) != 2 or len(spits) != 2:
        return Violation(rules.SPIT_LAYOUT_ROW, None, "a Spit layout has a row and a spit pile for each of 2 players")
    counts = []
    for p, (row, spit) in enumerate(zip(rows, spits, strict=True)):
        laid = tuple(map(len, row))
        count = sum(laid) + len(spit)
        piles, rest = _row_shape(count, sizes)
        if laid != piles or len(spit) != rest:
            return Violation(rules.SPIT_LAYOUT_ROW, p, f"player {p}'s {count} cards are laid as piles of "
                             f"{'-'.join(map(str, laid))} and {len(spit)} spit cards; the rule lays "
                             f"{'-'.join(map(str, piles))} and {rest}")
        counts.append(count)
    if holdings is None:
        for p, count in enumerate(counts if first else ()):
            if count != SPIT_HOLDING:
                return Violation(rules.SPIT_LAYOUT_CARDS, p, f"player {p} is dealt {count} cards; the first "
                                 f"round deals {SPIT_HOLDING} to each")
        difference = card_difference([*rows[0], *rows[1], *spits], deck_counts(variant.packs, variant.jokers))
        if difference is not None:
            return Violation(rules.SPIT_LAYOUT_CARDS, None, f"the {'first ' if first else ''}round's cards are not "
                             "the deck: " + difference)
        return None
    for p, (row, spit, owned) in enumerate(zip(rows, spits, holdings, strict=True)):
        difference = card_difference([*row, spit], card_counts(owned))
        if difference is not None:
            return Violation(rules.SPIT_LAYOUT_CARDS, p, f"player {p}'s round is not the cards they took from the "
                             f"round before: {difference}")
    return None


@functools.lru_cache(maxsize=256)
def _row_shape(count: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """:func:`~speedrules.spit.kernel.row_shape`, its piles a tuple, worked out once."""
    piles, rest = row_shape(count, sizes)
    return tuple(piles), rest


def deal_round(variant: Variant, holdings: Sequence[Sequence[int]], rng: random.Random) -> Codes:
    """A round laid by the rules from each player's holding, shuffled with ``rng``."""
    assert variant.spit is not None
    rows: list[tuple[tuple[int, ...], ...]] = []
    spits: list[tuple[int, ...]] = []
    for owned in holdings:
        cards = list(owned)
        shuffle_codes(cards, rng)
        row, spit = lay_row(cards, variant.spit.row)
        rows.append(tuple(map(tuple, row)))
        spits.append(tuple(spit))
    return tuple(rows), tuple(spits)


@attrs.frozen(slots=True)
class SpitOutcome:
    """How a game of Spit ended: the winner (``None`` for a tie), and why."""

    winner: int | None
    reason: str
    rounds: int

    @property
    def is_tie(self) -> bool:
        return self.winner is None


def as_spit_action(action: SpitAction | str) -> SpitAction:
    """``action``, or the Spit action its notation names (:func:`~speedrules.spit.actions.parse_spit_action`)."""
    return parse_spit_action(action) if isinstance(action, str) else action


def encode(action: SpitAction | str) -> tuple[int, int, int, int, int | None]:
    """``(kind, player, a, b, card)`` of an action (or its notation), as
    :meth:`SpitKernel.check_event` takes it."""
    action = as_spit_action(action)
    if isinstance(action, Spit):
        return SPIT, -1, -1 if action.pile is None else action.pile, -1, None
    if isinstance(action, (StockPlay, GapMove, Pairing)):
        kind = PLAY if isinstance(action, StockPlay) else MOVE if isinstance(action, GapMove) else PAIR
        target = action.pile if isinstance(action, StockPlay) else action.to
        return kind, action.player, action.stock, target, None if action.card is None else action.card.code
    if isinstance(action, (Slap, Choose)):
        return SLAP if isinstance(action, Slap) else CHOOSE, action.player, action.pile, -1, None
    if isinstance(action, Jam):
        return JAM, -1, -1, -1, None
    raise InvalidActionError(f"not a Spit action: {brief(action)}")


def decode(event: SpitEvent) -> tuple[SpitAction, float | int | None]:
    """A coded event (as a log's :attr:`~speedrules.spit.reader.SpitRound.events` holds it) as a
    library action and its time; the inverse of :func:`encode`.

    >>> decode((1, 0, 2, 1, 19, 850))
    (StockPlay(player=0, stock=2, pile=1, card=Card.parse('7H')), 850)
    """
    kind, player, a, b, code, t = event
    card = None if code is None else Card.from_code(code)
    action: SpitAction
    if kind == SPIT:
        action = Spit(None if a < 0 else a)
    elif kind == PLAY:
        action = StockPlay(player, a, b, card)
    elif kind == MOVE:
        action = GapMove(player, a, b, card)
    elif kind == PAIR:
        action = Pairing(player, a, b, card)
    elif kind == SLAP:
        action = Slap(player, a)
    elif kind == CHOOSE:
        action = Choose(player, a)
    elif kind == JAM:
        action = Jam()
    else:
        raise InvalidActionError(f"not a Spit event kind: {brief(kind)}")
    return action, t


def _spit_variant(variant: Variant | str, instead: str) -> Variant:
    """``variant`` (a name, a file or a :class:`Variant`) if it is of the Spit family; else an
    :class:`InvalidArgumentError` that says what to use ``instead``."""
    v = as_variant(variant)
    if v.family != "spit":
        raise InvalidArgumentError(f"{v.name} is a variant of {family_of(v).title}, not of Spit: {instead}")
    return v


_ROW_MOVES = (StockPlay, GapMove, Pairing)


class SpitGame(BaseGame[SpitAction, SpitKernel]):
    """A game of a Spit variant, from the first round's layout to the outcome: the one game API
    of :class:`~speedrules.game.BaseGame` (``check``, ``apply``, ``legal``, ``pop``, ``copy``,
    ``position``, ``to_log``...) on Spit's kernel, with Spit's views, ``can_x`` / ``x`` pairs and
    rounds.

    Build it with :func:`deal_spit` (a fresh shuffle) or :meth:`SpitGame.from_layout`.  Seats
    are 0 and 1; stock piles are numbered from 0 (left), centre piles 0 (player 0's side) and 1.
    :attr:`kernel` is the current round's rules kernel; :attr:`results` the finished rounds'.

    What Speed's :class:`~speedrules.Game` (one deal) has not: rounds.  :attr:`round` numbers
    the round in play from 0 (as the log, the referee, the position and ``repr`` do);
    :meth:`next_round` lays the next one once this one is settled; :attr:`history` and
    :attr:`times` are per round, :attr:`layouts` and :attr:`results` one per round laid and
    settled; :meth:`pop` takes back across rounds (undoing the action that settled a round takes
    back the round laid after it, and puts the random source back as it was before that shuffle).

    The legal actions (:meth:`legal_actions`): with ``player``, that player's plays, row moves
    (each naming the card it moves) and claims; with ``None``, also the spit (``Spit()``, and a
    lone spitter's ``Spit(0)``, ``Spit(1)``), and once the round has jammed the (optional)
    :class:`Jam` declaration.  None once the round is settled (see :meth:`next_round`).

    >>> game = deal_spit("spit", seed=2, names=["Ann", "Ben"])
    >>> game.spit(); game.play(0, 2, 0)
    >>> print(game)
    spit, round 0, after 2 actions: play on
      Ann     stock 10S 3H(2) KC(2) 5S(4) 9S(5)  spit pile 10  holds 24
      Ben     stock 3S AC(2) 10D(3) 4C(4) JS(5)  spit pile 10  holds 25
      pile 0  9H (2 cards)
      pile 1  QD (1 card)
    >>> [str(a) for a in game.legal_actions(1)]
    ['1:2(10D)>0', '1:4(JS)>1']
    >>> "1:2(10D)>0" in game.legal, "1:2>0" in game.legal, game.is_legal("1:2>0")  # listed as it is recorded
    (True, False, True)
    """

    __slots__ = ("_first", "_layouts", "_results", "_rng", "_round_starts", "_wins")

    family_name = "spit"

    _parse = staticmethod(parse_spit_action)
    _encode = staticmethod(encode)
    _decode = staticmethod(decode)

    def __init__(self, variant: Variant | str, layout: SpitLayout, *, rng: random.Random | None = None,
                 seed: int | None = None, names: Sequence[str] | None = None) -> None:
        v = _spit_variant(variant, "deal it with speedrules.deal")
        if not isinstance(layout, SpitLayout):
            raise InvalidArgumentError(f"not a SpitLayout: {brief(layout)}")
        self.variant = v
        self.names = checked_names(v, names)
        self.seed = seed
        self._rng = rng if rng is not None else random.Random(seed)
        self._first = 0  # the rounds before the first one this game holds (a game from a position)
        self._wins = (0, 0)  # the rounds each player went out first in, of those
        self._results: list[RoundResult] = []
        self._layouts: list[SpitLayout | None] = []  # per round held; None: begun from a position in mid-round
        self._round_starts: list[SpitKernel] = []  # per round held: its kernel as the round began (never changed)
        self._start_record()
        self._start_round(layout, None)

    @classmethod
    def from_layout(cls, variant: Variant | str, layout: SpitLayout, *, names: Sequence[str] | None = None,
                    seed: int | None = None) -> SpitGame:
        """A game whose first round is ``layout`` (checked: rules ``spit.layout.row``, ``spit.layout.cards``)."""
        return cls(variant, layout, names=names, seed=seed)

    def _start_round(self, layout: SpitLayout, holdings: Sequence[Sequence[int]] | None) -> None:
        codes = layout.codes()
        problem = check_spit_layout(self.variant, codes, holdings)
        if problem is not None:
            raise IllegalActionError(problem)
        kernel = SpitKernel(self.variant, *codes, names=self.names)
        if self._round_starts:  # the first round begins with the record
            self._deal_starts.append(len(self._actions))
        self._layouts.append(layout)
        self._round_starts.append(kernel.copy())
        self.kernel = kernel

    @classmethod
    def from_position(cls, variant: Variant | str, position: str | SpitPosition, *, rng: random.Random | None = None,
                      seed: int | None = None, names: Sequence[str] | None = None) -> SpitGame:
        """The game in the state a position's text describes (see :meth:`position`), checked
        against ``variant`` first, else a :class:`~speedrules.core.errors.SpitPositionError` naming
        the field.  Its history starts empty; the rounds before are known only by who won them.
        A position before the round's first spit is a layout, so the game has its
        :attr:`layout` and a log; one in mid-round has neither.  ``rng`` or ``seed`` give the
        random source that shuffles the next rounds.

        >>> game = deal_spit("spit", seed=2)
        >>> game.apply(Spit(), t=0)
        >>> again = SpitGame.from_position("spit", game.position())
        >>> again.position() == game.position(), again.legal_actions() == game.legal_actions(), again == game
        (True, True, True)
        """
        v = _spit_variant(variant, "use Game.from_position")
        parsed = position if isinstance(position, SpitPosition) else SpitPosition.parse(position)
        checked = checked_names(v, names)
        kernel = SpitKernel.from_position(v, parsed, names=checked)
        layout = SpitLayout.from_codes(parsed.rows, parsed.spits) if not parsed.started else None
        result = kernel.result()
        source = rng if rng is not None else random.Random(seed)
        game = cls.__new__(cls)
        own = (source, parsed.round, parsed.wins, [result] if result is not None else [], [layout], [kernel.copy()])
        game.__setstate__((v, checked, seed, kernel, [], [], [0], [], own))
        return game

    def position(self) -> str:
        """The whole state of the game within the round as one line, the Spit position notation
        (like FEN): rows, spit piles, centre piles, status, clock, count of events, and the
        round with the rounds each player has won; :meth:`from_position` reads it back;
        :class:`speedrules.spit.position.SpitPosition` documents it.

        >>> game = deal_spit("spit", seed=2)
        >>> game.apply(Spit(), t=0); game.apply(StockPlay(0, 2, 0), t=640)
        >>> for field in game.position().split():
        ...     print(field)
        10S|3H,4D|KC,6H|5S,2H,QH,8H|9S,KS,8C,6C,6D/3S|AC,9C|10D,4S,QS|4C,4H,AS,QC|JS,3D,2S,2D,8D
        10H,5D,AD,7C,JC,3C,JD,7S,2C,9D/KD,AH,6S,7D,5C,10C,7H,5H,JH,KH
        9H,8S/QD
        play
        640
        2
        round=0,wins=0+0
        """
        wins = list(self._wins)
        for result in self._results[:len(self._deal_starts) - 1]:
            if result.out_seat is not None:
                wins[result.out_seat] += 1
        return str(self.kernel.position(self.round, (wins[0], wins[1])))

    # ------------------------------------------------------------------ the base's hooks

    def _own_state(self) -> tuple[object, ...]:
        source = random.Random()
        source.setstate(self._rng.getstate())
        return (source, self._first, self._wins, list(self._results), list(self._layouts), list(self._round_starts))

    def _set_own_state(self, state: tuple[Any, ...]) -> None:
        self._rng, self._first, self._wins, self._results, self._layouts, self._round_starts = state

    def _judge(self, event: Event, t: float | int | None) -> Violation | None:
        if self._results and self.outcome() is not None:  # (no round settled yet: the game goes on)
            player = event[1]
            return Violation(rules.EVENT_AFTER_END, player if player >= 0 else None, "the game is over")
        return self.kernel.check_event(*event, t)

    def _do(self, action: SpitAction, event: Event, t: float | int | None) -> SpitAction:
        kind, player, a, b, _ = event
        k = self.kernel
        record = action
        if isinstance(action, _ROW_MOVES) and action.card is None:  # the card moved, recorded
            record = attrs.evolve(action, card=Card.from_code(k.rows[player][a][-1]))
        k.apply_event(kind, player, a, b, None, t)
        if len(self._results) < len(self._deal_starts) and k.is_settled():
            result = k.result()
            assert result is not None
            self._results.append(result)
        return record

    def _replay_start(self, deal: int) -> SpitKernel:
        return self._round_starts[deal].copy()

    def _replay(self, kernel: SpitKernel, event: Event, t: float | int | None, index: int) -> None:
        kernel.apply_event(*event, t)

    def _rewind(self, deal: int) -> None:
        del self._layouts[deal + 1:]
        del self._round_starts[deal + 1:]
        del self._results[deal:]

    def _random_state(self) -> object:
        return self._rng.getstate()

    def _set_random_state(self, state: object) -> None:
        self._rng.setstate(state)  # type: ignore[arg-type]

    def _layout_json(self, deal: int) -> dict[str, Any]:
        layout = self._layouts[deal]
        if layout is None:
            raise InvalidActionError("a game built from a position in mid-round has no layout, so no log")
        return layout.to_json()

    @classmethod
    def _from_logged(cls, log: Log, logged: Any) -> SpitGame:
        return cls(log.variant, SpitLayout.from_codes(*logged.codes), names=log.names)

    def _lay_logged(self, logged: Any) -> None:
        self.next_round(SpitLayout.from_codes(*logged.codes))

    def _legal_list(self, player: int | None) -> list[SpitAction]:
        if self.outcome() is not None or self.kernel.is_settled():
            return []
        k = self.kernel
        seats = (0, 1) if player is None else (player,)
        candidates: list[SpitAction] = []
        if k.is_over():
            for p in seats:
                candidates += [Slap(p, c) for c in (0, 1)] + [Choose(p, c) for c in (0, 1)]
        elif k.started:
            for p in seats:
                row = k.rows[p]
                for i, pile in enumerate(row):
                    if not pile:
                        continue
                    top = Card.from_code(pile[-1])
                    candidates += [StockPlay(p, i, c, top) for c in (0, 1)]
                    candidates += [GapMove(p, i, j, top) for j, other in enumerate(row) if not other]
                    candidates += [Pairing(p, i, j, top) for j, other in enumerate(row) if j != i and other]
        if player is None and not k.is_over():
            candidates += [Spit(), Spit(0), Spit(1)]
        if player is None and k.jammed:
            candidates.append(Jam())
        return [a for a in candidates if self._judge(encode(a), None) is None]

    def _lists(self, action: object, player: int | None) -> bool:
        """In the form :meth:`legal_actions` lists actions: a row move names its card."""
        k = self.kernel
        if not isinstance(action, (Spit, StockPlay, GapMove, Pairing, Slap, Choose, Jam)):
            return False
        if self.outcome() is not None or k.is_settled():
            return False
        if player is not None and getattr(action, "player", None) != player:
            return False  # another seat's action, or a table action, is not in a seat's list
        if isinstance(action, Spit):
            listed = not k.is_over()
        elif isinstance(action, Jam):
            listed = k.jammed
        elif isinstance(action, (Slap, Choose)):
            listed = k.is_over() and action.pile in (0, 1)
        else:
            listed = action.card is not None and k.started and not k.is_over() and self._listed_move(action)
        return listed and self._judge(encode(action), None) is None

    def _listed_move(self, action: StockPlay | GapMove | Pairing) -> bool:
        """Whether a row move is one :meth:`legal_actions` would list if it were legal: from a
        stock pile of the row, onto a centre pile, into a gap, or onto another stock pile."""
        if action.player not in (0, 1) or not 0 <= action.stock < len(self.kernel.rows[action.player]):
            return False
        row = self.kernel.rows[action.player]
        if isinstance(action, StockPlay):
            return action.pile in (0, 1)
        if not 0 <= action.to < len(row):
            return False
        if isinstance(action, GapMove):
            return not row[action.to]
        return action.to != action.stock and bool(row[action.to])

    def _head(self) -> str:
        actions = len(self._actions) - self._deal_starts[-1]
        return (f"{self.variant.name}, round {self.round}, after {actions} action{'s' if actions != 1 else ''}: "
                f"{self.status_text()}")

    def _table_rows(self) -> list[str]:
        """Each player's stock piles (top cards, a pile's depth after its top when over one),
        spit pile and holding; each centre pile's top."""
        k = self.kernel
        width = max(len(n) for n in (*self.names, "pile 0"))
        stocks = [" ".join(f"{Card.from_code(p[-1])}({len(p)})" if len(p) > 1 else str(Card.from_code(p[-1])) if p
                           else "-" for p in row) for row in k.rows]
        stock_width = max(map(len, stocks))
        result = k.result()
        rows = []
        for p, stock in enumerate(stocks):
            held = f"holds {k.held(p)}"
            taken = [str(c) for c, owner in enumerate(result.owners) if owner == p] if result is not None else []
            if result is not None and taken:
                held += f", with pile{'s' * (len(taken) > 1)} {', '.join(taken)}: {len(result.holdings[p])}"
            rows.append(f"  {self.names[p]:{width}}  stock {stock:{stock_width}}  spit pile {len(k.spits[p])}  {held}")
        for c, pile in enumerate(k.centre):
            top = str(Card.from_code(pile[-1])) if pile else "-"
            rows.append(f"  {'pile ' + str(c):{width}}  {top} ({_cards(len(pile))})")
        return rows

    # ------------------------------------------------------------------ views

    @property
    def round(self) -> int:
        """The current round's number, from 0 (as the log, the referee, the position and ``repr`` number it)."""
        return self._first + len(self._deal_starts) - 1

    @property
    def layout(self) -> SpitLayout:
        """The current round's layout (an :class:`InvalidActionError` for a game built from a
        position in mid-round, which has none)."""
        layout = self._layouts[-1]
        if layout is None:
            raise InvalidActionError("a game built from a position in mid-round has no layout for that round")
        return layout

    @property
    def layouts(self) -> tuple[SpitLayout, ...]:
        """The layout of each round the game holds (but one begun from a position in mid-round)."""
        return tuple(layout for layout in self._layouts if layout is not None)

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """How each settled round the game holds ended."""
        return tuple(self._results)

    @property
    def history(self) -> tuple[tuple[SpitAction, ...], ...]:
        """The actions of each round so far (one tuple per round held), as recorded (row moves
        name their card); :attr:`action_stack` has them in one sequence."""
        return tuple(tuple(self._actions[a:b]) for a, b in self._spans())

    @property
    def times(self) -> tuple[tuple[float | int | None, ...], ...]:
        """The time each action of :attr:`history` was applied with, per round (``None``: untimed)."""
        return tuple(tuple(self._times[a:b]) for a, b in self._spans())

    def _spans(self) -> list[tuple[int, int]]:
        """Where each round held begins and ends in the record."""
        bounds = [*self._deal_starts, len(self._actions)]
        return list(itertools.pairwise(bounds))

    @property
    def stock(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """Each player's stock piles, top card first."""
        return tuple(tuple(tuple(Card.from_code(c) for c in reversed(p)) for p in row) for row in self.kernel.rows)

    @property
    def spit_piles(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's spit pile, top card first."""
        return tuple(tuple(Card.from_code(c) for c in reversed(s)) for s in self.kernel.spits)

    @property
    def centre(self) -> tuple[tuple[Card, ...], ...]:
        """The two centre piles, top card first (empty until a spit starts one)."""
        return tuple(tuple(Card.from_code(c) for c in reversed(p)) for p in self.kernel.centre)

    @property
    def tops(self) -> tuple[Card | None, ...]:
        return tuple(Card.from_code(p[-1]) if p else None for p in self.kernel.centre)

    def holdings(self) -> tuple[int, ...]:
        """The cards each player holds (row, spit pile, and a claimed centre pile once claimed)."""
        return self.kernel.holding_counts()

    def is_stuck(self, player: int) -> bool:
        """Whether ``player`` cannot play, by the variant's reading (``spit.stuck``)."""
        return self.kernel.reach(player) is None

    def is_round_over(self) -> bool:
        return self.kernel.is_over()

    def is_round_settled(self) -> bool:
        return self.kernel.is_settled()

    def status_text(self) -> str:
        """Where the game stands, in words: who won (or a tie), the round settled, the round
        over (claim the piles), ``spit to start`` or ``play on``.

        >>> deal_spit("spit", seed=2).status_text()
        'spit to start'
        """
        names = self.names
        outcome = self.outcome()
        if outcome is not None:
            return f"{names[outcome.winner]} wins the game" if outcome.winner is not None else "a tie"
        if self.is_round_settled():
            return "the round is settled"
        if self.is_round_over():
            return "the round is over: claim the centre piles"
        return "spit to start" if not any(self.kernel.centre) else "play on"

    # ------------------------------------------------------------------ can_x / x pairs

    def can_spit(self, pile: int | None = None) -> bool:
        """Whether the table may spit now (a lone spitter onto ``pile``)."""
        return self.is_legal(Spit(pile))

    def spit(self, pile: int | None = None) -> None:
        """Both players spit (or the lone spitter, onto ``pile``)."""
        self.apply(Spit(pile))

    def can_play(self, player: int, stock: int, pile: int) -> bool:
        """Whether ``player`` may play the top of stock pile ``stock`` onto centre ``pile`` now."""
        return self.is_legal(StockPlay(player, stock, pile))

    def play(self, player: int, stock: int, pile: int) -> None:
        """``player`` plays the top of stock pile ``stock`` onto centre pile ``pile``."""
        self.apply(StockPlay(player, stock, pile))

    def can_move(self, player: int, stock: int, to: int) -> bool:
        """Whether ``player`` may move the top of stock pile ``stock`` into the gap ``to`` now."""
        return self.is_legal(GapMove(player, stock, to))

    def move(self, player: int, stock: int, to: int) -> None:
        """``player`` moves the top of stock pile ``stock`` into the empty stock pile ``to``."""
        self.apply(GapMove(player, stock, to))

    def can_pair(self, player: int, stock: int, to: int) -> bool:
        """Whether ``player`` may lay the top of stock pile ``stock`` on stock pile ``to`` now."""
        return self.is_legal(Pairing(player, stock, to))

    def pair(self, player: int, stock: int, to: int) -> None:
        """``player`` lays the top of stock pile ``stock`` on stock pile ``to`` (pairing variants)."""
        self.apply(Pairing(player, stock, to))

    def can_slap(self, player: int, pile: int) -> bool:
        """Whether ``player`` may slap centre ``pile`` now (the round over)."""
        return self.is_legal(Slap(player, pile))

    def slap(self, player: int, pile: int) -> None:
        """``player`` slaps centre pile ``pile`` (a claim, in the slap race)."""
        self.apply(Slap(player, pile))

    def can_choose(self, player: int, pile: int) -> bool:
        """Whether ``player`` may choose centre ``pile`` now (variants where a player chooses)."""
        return self.is_legal(Choose(player, pile))

    def choose(self, player: int, pile: int) -> None:
        """``player`` chooses centre pile ``pile`` (a claim by choice)."""
        self.apply(Choose(player, pile))

    def can_jam(self) -> bool:
        """Whether the round may be declared over in a jam now."""
        return self.is_legal(Jam())

    def jam(self) -> None:
        """Declare the round over in a jam (optional: a jammed round is over anyway)."""
        self.apply(Jam())

    # ------------------------------------------------------------------ rounds and the game

    def next_round(self, layout: SpitLayout | None = None) -> None:
        """Lay the next round, once this one is settled: ``layout`` (checked against what each
        player took: rule ``spit.layout.cards``), or each holding shuffled with the game's random
        source and laid by the rules."""
        result = self.kernel.result()
        if result is None:
            raise IllegalActionError(Violation(rules.CLAIM_MISSING, None, "the next round is laid only once this one "
                                               "is over and its centre piles are claimed"))
        if self.outcome() is not None:
            raise IllegalActionError(Violation(rules.MATCH_AFTER_END, None, "the game is over: no round follows"))
        if layout is None:
            self._remember_random_state(len(self._actions) - 1)  # pop() of the action that settled the round
            layout = SpitLayout.from_codes(*deal_round(self.variant, result.holdings, self._rng))
        self._start_round(layout, result.holdings)

    def outcome(self) -> SpitOutcome | None:
        """The game's outcome (see :func:`game_outcome`); ``None`` while the game goes on."""
        return game_outcome(self.variant, self._results, before=self._first, wins=self._wins)


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def game_outcome(variant: Variant, results: Sequence[RoundResult], *, before: int = 0,
                 wins: tuple[int, int] = (0, 0)) -> SpitOutcome | None:
    """The outcome of a game whose settled rounds ended as ``results`` (after ``before`` rounds
    known only by the ``wins`` of each player, for a game from a position): a player out of cards
    once a round is settled (the row cleared, no spit card, no pile taken) wins outright; with a fixed number of rounds
    (``spit.rounds``), after the last one the player with fewer cards (or more round wins)
    wins, equal is a tie; ``None`` while the game goes on."""
    spit = variant.spit
    assert spit is not None
    for number, result in enumerate(results):
        if result.winner is not None:
            return SpitOutcome(result.winner, "out of cards: nothing left after the round", before + number + 1)
    if spit.rounds is None or before + len(results) < spit.rounds:
        return None
    counted = results[:spit.rounds - before]
    last = counted[-1]
    if spit.rounds_winner is RoundsWinner.ROUND_WINS:
        scores = [wins[p] + sum(1 for r in counted if r.out_seat == p) for p in (0, 1)]
        what = "more rounds won"
    else:
        scores, what = [-len(h) for h in last.holdings], "fewer cards"
    if scores[0] == scores[1]:
        return SpitOutcome(None, f"a tie after {spit.rounds} rounds", spit.rounds)
    return SpitOutcome(0 if scores[0] > scores[1] else 1, f"{what} after {spit.rounds} rounds", spit.rounds)


def claim_is_due(variant: Variant) -> str:
    """The kind of claim event the variant's rounds end with (``slap`` or ``choose``)."""
    assert variant.spit is not None
    return "slap" if variant.spit.claim is Claim.SLAP else "choose"


def deal_spit(variant: Variant | str, seed: int | random.Random | None = None, *,
              names: Sequence[str] | None = None) -> SpitGame:
    """Deal a fresh game of a Spit variant: the deck shuffled, 26 cards to each player, each row
    laid by the rules.  The same integer ``seed`` gives the same game everywhere.

    >>> game = deal_spit("spit-four-piles", seed=3)
    >>> [len(p) for p in game.layout.stock[1]], len(game.layout.spit[1])
    ([1, 2, 3, 4], 16)
    """
    v = _spit_variant(variant, "deal it with speedrules.deal")
    rng, used = make_rng(seed)
    return SpitGame(v, SpitLayout.from_codes(*first_round(v, rng)), rng=rng, seed=used, names=names)


def first_round(variant: Variant, rng: random.Random) -> Codes:
    """A fresh game's first round: the deck shuffled with ``rng``, 26 cards to each player, each
    row laid by the rules (:func:`deal_round`, the same ``rng`` shuffling each holding again)."""
    deck = deck_codes(variant.packs, variant.jokers)
    shuffle_codes(deck, rng)
    return deal_round(variant, (deck[:SPIT_HOLDING], deck[SPIT_HOLDING:]), rng)
