"""The public face of a game of Spit: :class:`SpitGame`, a whole game round after round, with
every rule enforced by the round's :class:`~speedrules.spit.kernel.SpitKernel`.

Like :class:`speedrules.Game`, a ``SpitGame`` is mutable: ``apply`` changes it, ``check`` says
why an action is illegal, ``legal_actions`` lists what may be done now.  When a round is over
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
import random
from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

import attrs

from ..core import rules
from ..core.cards import Card, deck_codes, diff_text
from ..core.errors import IllegalActionError, InvalidActionError, InvalidArgumentError, Violation, brief
from ..core.loading import as_variant
from ..core.variant import Claim, RoundsWinner, Variant
from ..speed.actions import Choose, GapMove, Jam, Pairing, Slap, Spit, SpitAction, StockPlay, parse_spit_action
from ..speed.dealing import checked_names, checked_time, make_rng
from ..speed.kernel import shuffle_codes
from ..speed.position import SpitPosition
from .kernel import CHOOSE, JAM, MOVE, PAIR, PLAY, SLAP, SPIT, RoundResult, SpitKernel, lay_row, row_shape
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
    # The cards as a multiset: sorted codes, compared in C (Counter's equality is a loop in Python).
    if holdings is None:
        for p, count in enumerate(counts if first else ()):
            if count != SPIT_HOLDING:
                return Violation(rules.SPIT_LAYOUT_CARDS, p, f"player {p} is dealt {count} cards; the first "
                                 f"round deals {SPIT_HOLDING} to each")
        deck = _sorted_deck(variant.packs, variant.jokers)
        cards = sorted(chain(*rows[0], *rows[1], *spits))
        if cards != deck:
            return Violation(rules.SPIT_LAYOUT_CARDS, None, f"the {'first ' if first else ''}round's cards are not "
                             "the deck: " + diff_text(cards, deck))
        return None
    for p, (row, spit, owned) in enumerate(zip(rows, spits, holdings, strict=True)):
        cards = sorted(chain(*row, spit))
        if cards != sorted(owned):
            return Violation(rules.SPIT_LAYOUT_CARDS, p, f"player {p}'s round is not the cards they took from the "
                             f"round before: {diff_text(cards, owned)}")
    return None


@functools.lru_cache(maxsize=256)
def _row_shape(count: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """:func:`~speedrules.spit.kernel.row_shape`, its piles a tuple, worked out once."""
    piles, rest = row_shape(count, sizes)
    return tuple(piles), rest


@functools.cache
def _sorted_deck(packs: int, jokers: int) -> list[int]:
    """The deck's codes, sorted (read, never changed)."""
    return sorted(deck_codes(packs, jokers))


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
    """``action``, or the Spit action its notation names (:func:`~speedrules.speed.actions.parse_spit_action`)."""
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


class SpitGame:
    """A game of a Spit variant, from the first round's layout to the outcome.

    Build it with :func:`deal_spit` (a fresh shuffle) or :meth:`SpitGame.from_layout`.  Seats
    are 0 and 1; stock piles are numbered from 0 (left), centre piles 0 (player 0's side) and 1.
    :attr:`kernel` is the current round's rules kernel; :attr:`results` the finished rounds'.
    """

    __slots__ = ("_first", "_rng", "_wins", "history", "kernel", "layouts", "names", "results", "seed", "times",
                 "variant")

    def __init__(self, variant: Variant | str, layout: SpitLayout, *, rng: random.Random | None = None,
                 seed: int | None = None, names: Sequence[str] | None = None) -> None:
        v = as_variant(variant)
        if v.family != "spit":
            raise InvalidArgumentError(f"{v.name} is a variant of Speed, not of Spit: deal it with speedrules.deal")
        if not isinstance(layout, SpitLayout):
            raise InvalidArgumentError(f"not a SpitLayout: {brief(layout)}")
        self.variant = v
        self.names = checked_names(v, names)
        self.seed = seed
        self._rng = rng if rng is not None else random.Random(seed)
        self._first = 0  # the rounds before the first one this game holds (a game from a position)
        self._wins = (0, 0)  # the rounds each player went out first in, of those
        self.results: list[RoundResult] = []
        self.layouts: list[SpitLayout] = []
        self.history: list[list[SpitAction]] = []
        """The actions of each round so far, as recorded (plays name their card)."""
        self.times: list[list[float | int | None]] = []
        self.kernel = self._start(layout, None)

    @classmethod
    def from_layout(cls, variant: Variant | str, layout: SpitLayout, *, names: Sequence[str] | None = None,
                    seed: int | None = None) -> SpitGame:
        """A game whose first round is ``layout`` (checked: rules ``spit.layout.row``, ``spit.layout.cards``)."""
        return cls(variant, layout, names=names, seed=seed)

    @classmethod
    def from_log(cls, log: Log, deal: int = 0, upto: int | None = None) -> SpitGame:
        """The game at round ``deal`` of a Spit ``log`` after that round's first ``upto`` events
        (all by default), as :meth:`speedrules.Game.from_log` does for Speed: the first round laid
        as logged, each event applied with its time, each later round laid from its logged layout
        once the round before is settled.  Raises :class:`IllegalActionError` at the first event
        or layout that breaks a rule (the referee says which, and goes on where asked).

        >>> from speedrules import parse_log, Spit
        >>> game = deal_spit("spit", seed=2)
        >>> game.apply(Spit()); game.apply(game.legal_actions(0)[0])
        >>> log = parse_log(game.to_log_data())
        >>> again = SpitGame.from_log(log)
        >>> again.history == game.history, again.tops == game.tops
        (True, True)
        >>> SpitGame.from_log(log, upto=1).tops
        (Card.parse('8S'), Card.parse('QD'))
        """
        from ..logs.log import Log

        if not isinstance(log, Log):
            raise InvalidArgumentError(f"not a Log: {brief(log)} (read_log or parse_log make one)")
        rounds = log.rounds
        if log.variant.family != "spit":
            raise InvalidArgumentError(f"{brief(log.name)} is a log of {log.variant.name}, a variant of Speed: "
                                       "read it with speedrules.Game.from_log")
        if type(deal) is not int or not 0 <= deal < len(rounds):
            raise InvalidArgumentError(f"there is no round {brief(deal)} in this log ({len(rounds)} round(s))")
        count = len(rounds[deal].events)
        if upto is None:
            upto = count
        if type(upto) is not int or not 0 <= upto <= count:
            raise InvalidArgumentError(f"upto must be a number of events from 0 to {count}, not {brief(upto)}")
        game = cls(log.variant, SpitLayout.from_codes(*rounds[0].codes), names=log.names)
        for number, logged in enumerate(rounds[:deal + 1]):
            if number:
                game.next_round(SpitLayout.from_codes(*logged.codes))
            for event in logged.events[:upto] if number == deal else logged.events:
                action, t = decode(event)
                game.apply(action, t)
        return game

    def _start(self, layout: SpitLayout, holdings: Sequence[Sequence[int]] | None) -> SpitKernel:
        codes = layout.codes()
        problem = check_spit_layout(self.variant, codes, holdings)
        if problem is not None:
            raise IllegalActionError(problem)
        self.layouts.append(layout)
        self.history.append([])
        self.times.append([])
        return SpitKernel(self.variant, *codes, names=self.names)

    def __repr__(self) -> str:
        return f"<SpitGame {self.variant.name} seed={self.seed}, round {self.round + 1}>"

    def _repr_svg_(self) -> str:
        """The table as an SVG picture (:func:`speedrules.show.svg.table`), which notebooks show inline."""
        from ..show.svg import table

        return table(self)

    # ------------------------------------------------------------------ views

    @property
    def round(self) -> int:
        """The current round's number, from 0."""
        return self._first + len(self.history) - 1

    @property
    def layout(self) -> SpitLayout:
        """The current round's layout (an :class:`InvalidActionError` for a game built from a
        position in mid-round, which has none)."""
        if len(self.layouts) < len(self.history):
            raise InvalidActionError("a game built from a position in mid-round has no layout for that round")
        return self.layouts[-1]

    def position(self) -> str:
        """The whole state of the game within the round as one line, the Spit position notation
        (like FEN): rows, spit piles, centre piles, status, clock, count of events, and the
        round with the rounds each player has won; :meth:`from_position` reads it back;
        :class:`speedrules.speed.position.SpitPosition` documents it.

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
        for result in self.results[:len(self.history) - 1]:
            if result.out_seat is not None:
                wins[result.out_seat] += 1
        return str(self.kernel.position(self.round, (wins[0], wins[1])))

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
        >>> again.position() == game.position(), again.legal_actions() == game.legal_actions()
        (True, True)
        """
        v = as_variant(variant)
        if v.family != "spit":
            raise InvalidArgumentError(f"{v.name} is a variant of Speed, not of Spit: use Game.from_position")
        parsed = position if isinstance(position, SpitPosition) else SpitPosition.parse(position)
        checked = checked_names(v, names)
        kernel = SpitKernel.from_position(v, parsed, names=checked)
        layouts = [SpitLayout.from_codes(parsed.rows, parsed.spits)] if not parsed.started else []
        result = kernel.result()
        source = rng if rng is not None else random.Random(seed)
        game = cls.__new__(cls)
        game.__setstate__((v, checked, seed, source, parsed.round, parsed.wins, kernel, layouts, [[]], [[]],
                           [result] if result is not None else []))
        return game

    def __getstate__(self) -> tuple[object, ...]:
        """The whole game, its containers and random source copied (``copy.copy``, pickling)."""
        source = random.Random()
        source.setstate(self._rng.getstate())
        return (self.variant, self.names, self.seed, source, self._first, self._wins, self.kernel.copy(),
                list(self.layouts), [list(h) for h in self.history], [list(t) for t in self.times], list(self.results))

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.variant, self.names, self.seed, self._rng, self._first, self._wins, self.kernel, self.layouts,
         self.history, self.times, self.results) = state

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
        result = self.kernel.result()
        if result is not None:
            return tuple(len(h) for h in result.holdings)
        return tuple(self.kernel.held(p) for p in (0, 1))

    def is_stuck(self, player: int) -> bool:
        """Whether ``player`` cannot play, by the variant's reading (``spit.stuck``)."""
        return self.kernel.reach(player) is None

    def is_round_over(self) -> bool:
        return self.kernel.is_over()

    def is_round_settled(self) -> bool:
        return self.kernel.is_settled()

    # ------------------------------------------------------------------ rules

    def check(self, action: SpitAction | str, t: float | int | None = None) -> Violation | None:
        """Why ``action`` (or its notation, ``"0:2>1"``, read by :func:`parse_spit_action`) is
        illegal now, or ``None``; never changes the game."""
        kind, player, a, b, card = encode(action)
        t = checked_time(t)
        if self.outcome() is not None:
            return Violation(rules.EVENT_AFTER_END, player if player >= 0 else None, "the game is over")
        return self.kernel.check_event(kind, player, a, b, card, t)

    def is_legal(self, action: SpitAction | str, t: float | int | None = None) -> bool:
        return self.check(action, t) is None

    def apply(self, action: SpitAction | str, t: float | int | None = None) -> None:
        """Apply ``action`` (or its notation: ``sg.apply("spit")``), or raise
        :class:`IllegalActionError` naming the rule (the game unchanged)."""
        action = as_spit_action(action)
        problem = self.check(action, t)
        if problem is not None:
            raise IllegalActionError(problem)
        kind, player, a, b, _ = encode(action)
        record: SpitAction = action
        if isinstance(action, (StockPlay, GapMove, Pairing)) and action.card is None:
            record = attrs.evolve(action, card=Card.from_code(self.kernel.rows[player][a][-1]))
        self.kernel.apply_event(kind, player, a, b, None, checked_time(t))
        self.history[-1].append(record)
        self.times[-1].append(checked_time(t))
        if self.kernel.is_settled():
            result = self.kernel.result()
            assert result is not None
            if len(self.results) < len(self.history):
                self.results.append(result)

    def legal_actions(self, player: int | None = None) -> list[SpitAction]:
        """Every legal action now: with ``player``, that player's plays, row moves and claims;
        with ``None``, also the spit, and once the round has jammed the (optional) :class:`Jam`
        declaration.  Empty once the round is settled (see :meth:`next_round`)."""
        if player is not None and player not in (0, 1):
            raise InvalidArgumentError(f"there is no seat {brief(player)} in a 2-player game")
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
        return [a for a in candidates if self.check(a) is None]

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
            layout = SpitLayout.from_codes(*deal_round(self.variant, result.holdings, self._rng))
        self.kernel = self._start(layout, result.holdings)

    def outcome(self) -> SpitOutcome | None:
        """The game's outcome (see :func:`game_outcome`); ``None`` while the game goes on."""
        return game_outcome(self.variant, self.results, before=self._first, wins=self._wins)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def to_log_data(self, *, players: Sequence[str] | None = None) -> dict[str, Any]:
        """This game as a ``speedrules-log/1`` document: one deal per round, its layout and events
        (an :class:`InvalidActionError` for a game built from a position in mid-round)."""
        from ..logs.log import LOG_FORMAT, variant_reference

        if len(self.layouts) < len(self.history):
            raise InvalidActionError("a game built from a position in mid-round has no layout, so no log")
        data: dict[str, Any] = {"format": LOG_FORMAT, "variant": variant_reference(self.variant)}
        names = players if players is not None else self.names
        if tuple(names) != ("player 0", "player 1"):
            data["players"] = list(names)
        data["deals"] = [{"layout": layout.to_json(), "events": [a.to_json(t) for a, t in zip(h, ts, strict=True)]}
                         for layout, h, ts in zip(self.layouts, self.history, self.times, strict=True)]
        return data


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
    v = as_variant(variant)
    if v.family != "spit":
        raise InvalidArgumentError(f"{v.name} is a variant of Speed, not of Spit: deal it with speedrules.deal")
    rng, used = make_rng(seed)
    deck = deck_codes(v.packs, v.jokers)
    shuffle_codes(deck, rng)
    layout = SpitLayout.from_codes(*deal_round(v, (deck[:SPIT_HOLDING], deck[SPIT_HOLDING:]), rng))
    return SpitGame(v, layout, rng=rng, seed=used, names=names)
