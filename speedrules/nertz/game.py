"""A hand of Nertz as a game (:class:`NertzGame`, the one game API of :class:`speedrules.BaseGame`),
its deal from a seed, its layout rule and its position notation.

The position text (like a chess FEN) is one field per seat, then the foundations, the status
and the clock, separated by single spaces.  A seat is its Nertz pile, its work piles (``|``
between them), its stock and its waste, separated by ``/``; every pile is written BOTTOM card
first, its top last, each card spelled with its owner (``0#10H``).  The foundations are piles
separated by ``|`` (``-``: none).  The status is ``play`` (``play+R`` after ``R`` stuck responses
with no progress since), ``called:S`` (seat ``S`` called, the hand is over) or ``stuck`` (the
hand ended stuck).  The clock is the last event's ``t`` (``-``: none yet).  A collision under
way at the clock's instant is not part of the position.

>>> game = deal_nertz("nertz", seed=1)
>>> [str(a) for a in game.legal_actions(1)]  # seat 1's ace of diamonds tops work pile 1
['1:w1:1#AD>f0', '1:turn:1#4H']
>>> game.apply("1:w1:1#AD>f0", t=10)
>>> NertzGame.from_position("nertz", game.position()) == game
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from ..core import rules
from ..core.checks import checked_names, read_number
from ..core.errors import IllegalActionError, InvalidActionError, PositionError, Violation, brief
from ..core.loading import as_variant
from ..core.notation import read_time, split_fields, time_text
from ..core.variant import Variant
from ..game import BaseGame, Event, Time
from .actions import Call, Found, NertzAction, Reset, Stuck, Turn, Work, decode, encode, parse_nertz_action
from .cards import PACK, owned_code, owned_text, owner, rank
from .coding import NertzHand
from .kernel import NertzKernel, builds_up, is_run
from .variants import NertzRules
from .wire import layout_json

__all__ = ["NertzGame", "NertzOutcome", "NertzPositionError", "deal_nertz", "layout_problem"]

FAMILY = "nertz"


class NertzPositionError(PositionError):
    """A Nertz position's text is not well formed, or not a position of its variant."""

    FIELDS = ("seats", "foundations", "status", "clock")


Layout = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
"""A hand's layout on codes: each seat's Nertz pile, work piles (one card each) and stock, top last."""


def _opts(variant: Variant) -> NertzRules:
    opts = variant.rules
    assert isinstance(opts, NertzRules)  # a variant of the Nertz family has its Nertz rules
    return opts


def layout_problem(variant: Variant, nertz: Sequence[Sequence[int]], work: Sequence[Sequence[int]],
                   stock: Sequence[Sequence[int]]) -> Violation | None:
    """Why a layout is not a deal of ``variant``: a seat for each player, each with its Nertz pile,
    one card per work pile and the rest as its stock (``layout.shape``), each seat's cards its own
    pack exactly (``nertz.owner`` for a card of another deck, ``layout.cards`` else)."""
    o = _opts(variant)
    if not len(nertz) == len(work) == len(stock) == variant.players:
        return Violation(rules.LAYOUT_SHAPE, None, f"a hand of {variant.name} lays {variant.players} seats, not "
                                                   f"{len(nertz)}")
    for seat in range(variant.players):
        sizes = (len(nertz[seat]), len(work[seat]), len(stock[seat]))
        if sizes != (o.nertz_size, o.work_piles, o.stock_size):
            return Violation(rules.LAYOUT_SHAPE, seat, f"seat {seat} lays a Nertz pile of {sizes[0]}, {sizes[1]} "
                             f"work piles and a stock of {sizes[2]}; {variant.name} lays {o.nertz_size}, "
                             f"{o.work_piles} and {o.stock_size}")
        cards = [*nertz[seat], *work[seat], *stock[seat]]
        stranger = next((c for c in cards if owner(c) != seat), None)
        if stranger is not None:
            return Violation(rules.NERTZ_OWNER, seat, f"seat {seat}'s layout holds {owned_text(stranger)}, a card "
                                                      "of another deck")
        if len(set(cards)) != PACK:
            return Violation(rules.LAYOUT_CARDS, seat, f"seat {seat}'s layout holds a card twice: it must hold its "
                                                       "own pack, each card once")
    return None


def dealt_layout(variant: Variant, rng: random.Random) -> Layout:
    """A hand dealt from ``rng`` (docs/research/nertz.md, "Model conventions"): each seat's pack
    shuffled in turn; its first ``nertz_size`` cards the Nertz pile (the last on top), the next
    one per work pile, the rest the stock (the first of them on top)."""
    o = _opts(variant)
    n, w = o.nertz_size, o.work_piles
    piles: list[tuple[tuple[int, ...], ...]] = [(), (), ()]
    decks = []
    for seat in range(variant.players):
        deck = list(range(PACK))
        rng.shuffle(deck)
        decks.append([seat * PACK + c for c in deck])
    piles[0] = tuple(tuple(d[:n]) for d in decks)
    piles[1] = tuple(tuple(d[n:n + w]) for d in decks)
    piles[2] = tuple(tuple(reversed(d[n + w:])) for d in decks)
    return piles[0], piles[1], piles[2]


class NertzOutcome(tuple[int | None, str, tuple[int, ...]]):
    """How a hand ended: ``(caller, reason, scores)``; ``reason`` ``nertz`` (called) or ``stuck``."""

    __slots__ = ()

    @property
    def caller(self) -> int | None:
        return self[0]

    @property
    def reason(self) -> str:
        return self[1]

    @property
    def scores(self) -> tuple[int, ...]:
        return self[2]


class NertzGame(BaseGame[NertzAction, NertzKernel]):
    """A hand of Nertz: :class:`speedrules.BaseGame`'s API on :class:`~speedrules.nertz.kernel.NertzKernel`.
    Deal one with :func:`deal_nertz`; read one with :meth:`from_log` or :meth:`from_position`."""

    __slots__ = ("_layout", "_start")
    family_name = FAMILY
    _parse = staticmethod(parse_nertz_action)
    _encode = staticmethod(encode)
    _decode = staticmethod(decode)

    def __init__(self, variant: Variant | str, kernel: NertzKernel, layout: Layout | None, *,
                 names: Sequence[str] | None = None, seed: int | None = None) -> None:
        self.variant = as_variant(variant, family=FAMILY)
        self.names = checked_names(self.variant, names)
        self.seed = seed
        kernel.names = self.names
        self._layout = layout
        self._start = kernel.copy()
        self.kernel = kernel
        self._start_record()

    @classmethod
    def from_layout(cls, variant: Variant | str, layout: Layout, *, names: Sequence[str] | None = None,
                    seed: int | None = None) -> NertzGame:
        """A hand laid from ``layout`` (codes, see :data:`Layout`), checked by :func:`layout_problem`."""
        v = as_variant(variant, family=FAMILY)
        problem = layout_problem(v, *layout)
        if problem is not None:
            raise IllegalActionError(problem)
        nertz, work, stock = layout
        return cls(v, NertzKernel(v, nertz, [[[c] for c in w] for w in work], stock), layout, names=names, seed=seed)

    # ------------------------------------------------------------------ the family's hooks

    def _do(self, action: NertzAction, event: Event, t: Time) -> NertzAction:
        self.kernel.apply_event(*event, t, len(self._actions))
        return action

    def _replay_start(self, deal: int) -> NertzKernel:
        return self._start.copy()

    def _replay(self, kernel: NertzKernel, event: Event, t: Time, index: int) -> None:
        kernel.apply_event(*event, t, index)

    def _random_state(self) -> object:
        return None  # nothing is random once the hand is dealt

    def _set_random_state(self, state: object) -> None:
        pass

    def _layout_json(self, deal: int) -> dict[str, Any]:
        if self._layout is None:
            raise InvalidActionError("this hand began from a position in mid-hand: it has no layout to log")
        return layout_json(*self._layout)

    def layout_json(self) -> dict[str, Any]:
        """The hand's layout as a log gives it (an :class:`InvalidActionError` for a hand that began
        from a position in mid-hand)."""
        return self._layout_json(0)

    def _own_state(self) -> tuple[object, ...]:
        return self._start.copy(), self._layout

    def _set_own_state(self, state: tuple[Any, ...]) -> None:
        self._start, self._layout = state

    def _lists(self, action: Any, player: int | None) -> bool:
        if not isinstance(action, (Found, Work, Turn, Reset, Call, Stuck)):
            return False
        if isinstance(action, Stuck) and player is not None:
            return False
        if player is not None and action.player != player:  # type: ignore[union-attr]
            return False
        return self._judge(encode(action), None) is None

    def _legal_list(self, player: int | None) -> list[NertzAction]:
        k = self.kernel
        if k.ended:
            return []
        seats = range(k.seats) if player is None else (player,)
        found = [decode((*event, None))[0] for s in seats for event in k.moves(s)]
        if player is None and k.is_stuck():
            found.append(Stuck())
        return found

    def _table_rows(self) -> list[str]:
        return self.family.scene(self).text().splitlines()[1:]

    @classmethod
    def _from_logged(cls, log: Any, logged: NertzHand) -> NertzGame:
        return cls.from_layout(log.variant, (logged.nertz, logged.work, logged.stock), names=log.names)

    # ------------------------------------------------------------------ state

    def position(self) -> str:
        """The whole hand as one line (see the module's docstring)."""
        k = self.kernel

        def pile(cards: Sequence[int]) -> str:
            return ",".join(owned_text(c) for c in cards)

        seats = [f"{pile(k.nertz[s])}/{'|'.join(pile(w) for w in k.work[s])}/{pile(k.stock[s])}/{pile(k.waste[s])}"
                 for s in range(k.seats)]
        foundations = "|".join(pile(f) for f in k.foundations) or "-"
        status = (f"called:{k.caller}" if k.caller is not None else "stuck") if k.ended else \
            ("play" + (f"+{k.rotations}" if k.rotations else ""))
        clock = "-" if k.last_t is None else time_text(k.last_t)
        return " ".join([*seats, foundations, status, clock])

    @classmethod
    def from_position(cls, variant: Variant | str, position: Any, *, rng: Any = None, seed: int | None = None,
                      names: Sequence[str] | None = None) -> NertzGame:
        """The hand a position's text describes (:meth:`position`); a :class:`NertzPositionError`
        naming the field at fault for text that is none."""
        v = as_variant(variant, family=FAMILY)
        fields = split_fields(position, NertzPositionError)
        if len(fields) != v.players + 3:
            raise NertzPositionError(None, f"a position of {v.name} has {v.players + 3} fields (a seat each, the "
                                           f"foundations, the status, the clock), not {len(fields)}")
        kernel = _read_position(v, fields)
        return cls(v, kernel, None, names=names, seed=seed)

    def outcome(self) -> NertzOutcome | None:
        """``None`` while the hand goes on; then who called (``None``: it ended stuck), how, and
        the hand's scores."""
        k = self.kernel
        if not k.ended:
            return None
        return NertzOutcome((k.caller, "nertz" if k.caller is not None else "stuck", k.hand_scores()))

    def status_text(self) -> str:
        k = self.kernel
        if k.ended:
            return f"{self.names[k.caller]} called Nertz" if k.caller is not None else "everyone stuck: hand over"
        return "play on"

    @property
    def history(self) -> tuple[NertzAction, ...]:
        return tuple(self._actions)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the hand as it stands (+1 a card on the foundations, -penalty a card
        left in the Nertz pile, the variant's bonuses)."""
        return self.kernel.hand_scores()


def _cards(text: str, seat: int | None) -> list[int]:
    if not text:
        return []
    try:
        return [owned_code(c) for c in text.split(",")]
    except ValueError as err:
        raise NertzPositionError(1 if seat is not None else 2, str(err)) from None


def _read_seat(v: Variant, text: str, seat: int) -> tuple[list[int], list[list[int]], list[int], list[int]]:
    parts = text.split("/")
    if len(parts) != 4:
        raise NertzPositionError(1, f"seat {seat}: {brief(text)} is not nertz/work|.../stock/waste")
    work = [_cards(w, seat) for w in parts[1].split("|")]
    if len(work) != _opts(v).work_piles:
        raise NertzPositionError(1, f"seat {seat} has {len(work)} work piles, not {_opts(v).work_piles}")
    return _cards(parts[0], seat), work, _cards(parts[2], seat), _cards(parts[3], seat)


def _read_position(v: Variant, fields: list[str]) -> NertzKernel:
    players = v.players
    seats = [_read_seat(v, fields[s], s) for s in range(players)]
    foundations = [] if fields[players] == "-" else [_cards(f, None) for f in fields[players].split("|")]
    for f, pile in enumerate(foundations):
        if not pile or rank(pile[0]) != 1 or any(not builds_up(b, a) for a, b in itertools.pairwise(pile)):
            raise NertzPositionError(2, f"foundation {f} is not built up in suit from an ace")
    for s, (nertz, work, stock, waste) in enumerate(seats):
        cards = [*nertz, *(c for w in work for c in w), *stock, *waste,
                 *(c for f in foundations for c in f if owner(c) == s)]
        if any(owner(c) != s for c in cards) or sorted(cards) != list(range(s * PACK, (s + 1) * PACK)):
            raise NertzPositionError(1, f"seat {s} does not hold its own pack, each card once")
        if any(not is_run(w) for w in work):
            raise NertzPositionError(1, f"seat {s} has a work pile that is no sequence")
    kernel = NertzKernel(v, [s[0] for s in seats], [s[1] for s in seats], [s[2] for s in seats],
                         [s[3] for s in seats], foundations)
    _read_status(kernel, fields[players + 1], players)
    clock = fields[players + 2]
    kernel.last_t = None if clock == "-" else read_time(clock, 4)
    return kernel


def _read_status(kernel: NertzKernel, status: str, players: int) -> None:
    if status == "stuck":
        kernel.ended = True
    elif status.startswith("called:") and (seat := read_number(status[7:])) is not None and seat < players:
        kernel.caller, kernel.ended = seat, True
    elif status == "play" or (status.startswith("play+") and read_number(status[5:]) is not None):
        kernel.rotations = read_number(status[5:]) or 0 if status != "play" else 0
    else:
        raise NertzPositionError(3, f"{brief(status)} is not play, play+R, called:S or stuck")


def deal_nertz(variant: Variant | str = "nertz", seed: int | random.Random | None = None, *,
               names: Sequence[str] | None = None) -> NertzGame:
    """A fresh hand of a Nertz variant dealt from ``seed`` (the same integer, the same hand
    everywhere; ``None`` picks one, kept in ``game.seed``)."""
    v = as_variant(variant, family=FAMILY)
    if seed is None:
        seed = random.randrange(2**32)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return NertzGame.from_layout(v, dealt_layout(v, rng), names=names,
                                 seed=seed if isinstance(seed, int) else None)
