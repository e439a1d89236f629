"""A third game family that exists only in the tests, registered through the public registry
(:func:`speedrules.register_family`), to show that the generic code (variants, the log reader,
the referee and ``--all``, the game API, the pictures, the replay, the command line and the
simulator) plays any family with no edit: "Snap pile", a tiny real-time shedding game.

Each player holds a hand face up; one shared pile starts with one card.  Players lay at will,
each a card of their hand onto the pile, of the top card's suit or rank.  The first to shed
every card wins the deal; a deal where no card of any hand fits the top ends blocked (a dead
end, no winner).  A log's deal is ``{"layout": {"hands": [[cards]...], "pile": [cards, top
last]}, "events": [{"type": "lay", "player": P, "card": C, "t": MS}]}``; the notation of a lay
is ``P:C``; a position is the hands and the pile, ``7H,7C/9H,KD/3H`` (each hand, then the pile).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Annotated, Any, ClassVar

import attrs
import msgspec

import speedrules
from speedrules import Card, IllegalActionError, InvalidActionError, Violation
from speedrules.core import rules
from speedrules.core.cards import deck_codes
from speedrules.core.checks import MAX_TIME, is_time
from speedrules.core.scene import Group, Line, Mark, Row, Scene, Stack
from speedrules.core.variant import Variant
from speedrules.core.words import Dealt
from speedrules.family import Family, Kernel, Match
from speedrules.game import BaseGame, Event, Time
from speedrules.logs.wire import UNSET, CardText, WireLog
from speedrules.table import BOUNCED, ENDED, MOVED, NEVER, STOOD, STOP, Menu, Table

NAME = "snap-pile"
LAY = 64
"""The one event kind (unique across the families, as every kind is)."""
HAND = 5
VARIANT_DOC: dict[str, Any] = {"name": "snap-pile", "family": NAME, "title": "Snap pile", "players": 2}


# ---------------------------------------------------------------------------- actions


@attrs.frozen
class Lay:
    """Player ``player`` lays ``card`` on the pile."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"{self.player}:{self.card}"

    def describe(self) -> str:
        return f"player {self.player} lays {self.card}"

    def to_json(self, t: Time = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "lay", "player": self.player, "card": str(self.card)}
        return out if t is None else {**out, "t": t}


def parse_lay(text: str) -> Lay:
    player, sep, card = text.partition(":") if isinstance(text, str) else ("", "", "")
    if not sep or not player.isascii() or not player.isdigit():
        raise InvalidActionError(f"not a Snap pile action: {text!r} (a lay is P:CARD)")
    return Lay(int(player), Card.parse(card))


def encode(action: Any) -> Event:
    if isinstance(action, str):
        action = parse_lay(action)
    if not isinstance(action, Lay) or type(action.player) is not int or not isinstance(action.card, Card):
        raise InvalidActionError(f"not a Snap pile action: {action!r}")
    return LAY, action.player, action.card.code, None, None


def decode(event: tuple[Any, ...]) -> tuple[Lay, Time]:
    return Lay(event[1], Card.from_code(event[2])), event[5]


# ---------------------------------------------------------------------------- the kernel


def fits(card: int, top: int) -> bool:
    return card // 13 == top // 13 or card % 13 == top % 13


class SnapKernel:
    """One deal on card codes: the referee's :class:`~speedrules.family.Kernel` and the game's kernel."""

    def __init__(self, variant: Variant, hands: Sequence[Sequence[int]], pile: Sequence[int],
                 names: Sequence[str] = ()) -> None:
        self.variant, self.names = variant, tuple(names)
        self.hands = [list(h) for h in hands]
        self.pile = list(pile)
        self.version = 0
        self.last_t: Time = None

    def copy(self) -> SnapKernel:
        other = SnapKernel(self.variant, self.hands, self.pile, self.names)
        other.version, other.last_t = self.version, self.last_t
        return other

    def winner(self) -> int | None:
        return next((p for p, hand in enumerate(self.hands) if not hand), None)

    def blocked(self) -> bool:
        return self.winner() is None and not any(fits(c, self.pile[-1]) for hand in self.hands for c in hand)

    def check_event(self, kind: int, player: int, card: Any, _y: Any, _z: Any, t: Time) -> Violation | None:
        if kind != LAY or type(player) is not int or not 0 <= player < len(self.hands):
            return Violation(rules.EVENT_INVALID, None, "not an event of Snap pile")
        if t is not None and self.last_t is not None and t < self.last_t:
            return Violation(rules.TIME_ORDER, player, f"t = {t} is before the event before it")
        if self.winner() is not None or self.blocked():
            return Violation(rules.EVENT_AFTER_END, player, "the deal is over")
        if card not in self.hands[player]:
            return Violation(rules.PLAY_NOT_IN_HAND, player, f"player {player} does not hold {Card.from_code(card)}")
        if not fits(card, self.pile[-1]):
            return Violation(rules.PLAY_RANK, player, f"player {player} laid {Card.from_code(card)} on "
                                                      f"{Card.from_code(self.pile[-1])}")
        return None

    def apply_event(self, kind: int, player: int, card: Any, _y: Any, _z: Any, t: Time) -> None:
        self.hands[player].remove(card)
        self.pile.append(card)
        self.version += 1
        if t is not None:
            self.last_t = t

    # the referee's contract (speedrules.family.Kernel)

    def check(self, event: tuple[Any, ...]) -> Violation | None:
        return self.check_event(*event)

    def apply(self, event: tuple[Any, ...], index: int) -> None:
        self.apply_event(*event)

    def run(self, events: Iterable[Any], start: int = 0) -> tuple[int, Violation] | None:
        for index, event in enumerate(events, start):
            problem = self.check(event)
            if problem is not None:
                return index, problem
            self.apply(event, index)
        return None

    def could_stand(self, event: tuple[Any, ...]) -> bool:
        return 0 <= event[1] < len(self.hands) and event[2] in self.hands[event[1]]

    def shadowed(self, event: tuple[Any, ...]) -> tuple[Any, ...]:
        return event

    def correction(self, event: tuple[Any, ...], problem: Violation) -> str:
        return "the card goes back to its hand"

    def void_reason(self, problem: Violation) -> str | None:
        return None

    def deal_fields(self, void: bool) -> tuple[bool, int | None, tuple[int, ...], bool, tuple[int, ...],
                                               tuple[Any, ...], tuple[int, ...]]:
        winner, blocked = self.winner(), self.blocked()
        return (winner is not None or blocked) and not void, None if void else winner, \
            tuple(len(h) for h in self.hands), blocked and not void, (), (), ()

    def table_view(self) -> Any:
        return None


# ---------------------------------------------------------------------------- the log


class WireLay(msgspec.Struct, tag_field="type", tag="lay", forbid_unknown_fields=True):
    player: int
    card: CardText
    t: int | float | msgspec.UnsetType = UNSET


class WireLayout(msgspec.Struct, forbid_unknown_fields=True):
    hands: Annotated[list[Annotated[list[CardText], msgspec.Meta(max_length=52)]], msgspec.Meta(max_length=4)]
    pile: Annotated[list[CardText], msgspec.Meta(min_length=1, max_length=52)]


class WireDeal(msgspec.Struct, forbid_unknown_fields=True):
    layout: WireLayout
    events: list[WireLay] = []
    meta: dict[str, Any] | msgspec.UnsetType = UNSET


@attrs.frozen
class CodedDeal:
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    events: tuple[tuple[Any, ...], ...]


def code_deal(deal: WireDeal) -> tuple[CodedDeal, int]:
    events = []
    for e in deal.events:
        t = None if e.t is UNSET else e.t
        if t is not None and not is_time(t):
            raise ValueError(f"a time is a number of milliseconds from 0 to {MAX_TIME}")
        events.append((LAY, e.player, Card.parse(e.card).code, None, None, t))
    layout = deal.layout
    coded = CodedDeal(tuple(tuple(Card.parse(c).code for c in h) for h in layout.hands),
                      tuple(Card.parse(c).code for c in layout.pile), tuple(events))
    pairs = 2 + 2 + (deal.meta is not UNSET) + sum(3 + (e.t is not UNSET) for e in deal.events)
    return coded, pairs


# ---------------------------------------------------------------------------- the game


class SnapGame(BaseGame[Lay, SnapKernel]):
    """A game of Snap pile, one deal: the one game API on :class:`SnapKernel`."""

    __slots__ = ("_layout", "_rng", "_start")
    family_name = NAME
    _parse = staticmethod(parse_lay)
    _encode = staticmethod(encode)
    _decode = staticmethod(decode)

    def __init__(self, variant: Variant | str, hands: Sequence[Sequence[Card | str]], pile: Sequence[Card | str], *,
                 names: Sequence[str] | None = None, seed: int | None = None) -> None:
        self.variant = speedrules.as_variant(variant, family=NAME)
        self.names = tuple(names) if names is not None else tuple(f"player {p}" for p in range(self.variant.players))
        self.seed = seed
        self._rng = random.Random(seed)
        codes = tuple(tuple(_code(c) for c in h) for h in hands), tuple(_code(c) for c in pile)
        problem = layout_problem(self.variant, *codes)
        if problem is not None:
            raise IllegalActionError(problem)
        self._layout = codes
        self._start = SnapKernel(self.variant, *codes, names=self.names)
        self.kernel = self._start.copy()
        self._start_record()

    @property
    def hands(self) -> list[list[Card]]:
        return [[Card.from_code(c) for c in hand] for hand in self.kernel.hands]

    @property
    def pile(self) -> list[Card]:
        return [Card.from_code(c) for c in self.kernel.pile]

    def _do(self, action: Lay, event: Event, t: Time) -> Lay:
        self.kernel.apply_event(*event, t)
        return action

    def _replay_start(self, deal: int) -> SnapKernel:
        return self._start.copy()

    def _replay(self, kernel: SnapKernel, event: Event, t: Time, index: int) -> None:
        kernel.apply_event(*event, t)

    def _random_state(self) -> object:
        return self._rng.getstate()

    def _set_random_state(self, state: object) -> None:
        self._rng.setstate(state)  # type: ignore[arg-type]

    def _layout_json(self, deal: int) -> dict[str, Any]:
        hands, pile = self._layout
        return {"hands": [[str(Card.from_code(c)) for c in h] for h in hands], "pile": [str(Card.from_code(c))
                                                                                         for c in pile]}

    def _own_state(self) -> tuple[object, ...]:
        source = random.Random()
        source.setstate(self._rng.getstate())
        return source, self._start.copy(), self._layout

    def _set_own_state(self, state: tuple[Any, ...]) -> None:
        self._rng, self._start, self._layout = state

    def _lists(self, action: Any, player: int | None) -> bool:
        return isinstance(action, Lay) and player in (None, action.player) and \
            self._judge(encode(action), None) is None

    def _legal_list(self, player: int | None) -> list[Lay]:
        seats = range(len(self.kernel.hands)) if player is None else (player,)
        found = [Lay(p, Card.from_code(c)) for p in seats for c in self.kernel.hands[p]]
        return [a for a in found if self._judge(encode(a), None) is None]

    def _table_rows(self) -> list[str]:
        return scene(self).text().splitlines()[1:]

    @classmethod
    def _from_logged(cls, log: Any, logged: CodedDeal) -> SnapGame:
        return cls(log.variant, logged.hands, logged.pile, names=log.names)

    def position(self) -> str:
        return "/".join(",".join(str(Card.from_code(c)) for c in cards) for cards in (*self.kernel.hands,
                                                                                       self.kernel.pile))

    @classmethod
    def from_position(cls, variant: Variant | str, position: Any, *, rng: Any = None, seed: int | None = None,
                      names: Sequence[str] | None = None) -> SnapGame:
        *hands, pile = [[c for c in part.split(",") if c] for part in str(position).split("/")]
        return cls(variant, hands, pile, names=names, seed=seed)

    def outcome(self) -> object | None:
        winner = self.kernel.winner()
        return ("won", winner) if winner is not None else ("blocked", None) if self.kernel.blocked() else None

    def status_text(self) -> str:
        winner = self.kernel.winner()
        return f"{self.names[winner]} won" if winner is not None else "blocked" if self.kernel.blocked() \
            else "play on"

    @property
    def history(self) -> tuple[Lay, ...]:
        return tuple(self._actions)


def _code(card: Card | str | int) -> int:
    return card if isinstance(card, int) else (card if isinstance(card, Card) else Card.parse(card)).code


def layout_problem(variant: Variant, hands: Sequence[Sequence[int]], pile: Sequence[int]) -> Violation | None:
    if len(hands) != variant.players or not pile:
        return Violation(rules.LAYOUT_SHAPE, None, f"a deal has {variant.players} hands and a pile")
    cards = [c for hand in hands for c in hand] + list(pile)
    if len(set(cards)) != len(cards) or any(c >= 52 for c in cards):
        return Violation(rules.LAYOUT_CARDS, None, "a card is laid twice, or is no card of one pack")
    return None


def deal_game(variant: Variant | str, seed: int | random.Random | None = None, *,
              names: Sequence[str] | None = None) -> SnapGame:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    v = speedrules.as_variant(variant, family=NAME)
    deck = deck_codes(1, 0)
    rng.shuffle(deck)
    hands = [deck[p * HAND:(p + 1) * HAND] for p in range(v.players)]
    return SnapGame(v, hands, [deck[v.players * HAND]], names=names,
                    seed=seed if isinstance(seed, int) else None)


# ---------------------------------------------------------------------------- pictures


def scene(game: SnapGame, viewer: int | None = None, highlight: Any = None, mark: Mark | None = None) -> Scene:
    targets = {a.card for a in game.legal_actions()}
    seats = []
    for p, hand in enumerate(game.hands):
        shown = viewer is None or p == viewer
        stack = Stack("hand", len(hand), tuple(hand) if shown else (), spread=True, name="hand", back="hidden",
                      chosen=tuple(i for i, c in enumerate(hand) if shown and c == highlight),
                      offending=tuple(i for i, c in enumerate(hand) if mark is not None and mark.player == p
                                      and c in mark.cards))
        seats.append(Row(game.names[p], (Group((stack,)),), seat=p, lines=(Line(f"holds {len(hand)}", "holding"),)))
    pile = Stack("pile", len(game.pile), (game.pile[-1],), index=0, label="pile 0", depth=True,
                 target=highlight in targets, struck=mark is not None and mark.pile == 0)
    return Scene(game.variant.name, game.status_text(), (seats[-1], Row("centre", (Group((pile,), name="pile 0"),)),
                                                          *seats[:-1]))


# ---------------------------------------------------------------------------- the simulator


@attrs.frozen
class SnapView:
    """What a seat sees (a bot's ``view``): its hand, the pile's top, the time."""

    family: ClassVar[str] = NAME
    seat: int
    t: int
    hand: tuple[Card, ...]
    top: Card


def lay_option(action: Lay) -> tuple[int, int, tuple[int, ...], tuple[()]]:
    return LAY, 0, (action.card.code,), ()


def snap_menu(seat: int, hand: Sequence[int], top: int, pile: int) -> Menu:
    """A seat's lays in roles: one group a card that fits the top (cards in code order)."""
    menu = Menu(seat)
    menu.sizes = [pile]
    menu.plays = [[(LAY, 0, (c,), ())] for c in sorted(hand) if fits(c, top)]
    menu.count = len(menu.plays)
    return menu


class SnapTable(Table):
    """One deal at the simulator's table: the seats start looking at 0 (the table's one move);
    once every seat waits again the deal is blocked (or over)."""

    def __init__(self, variant: Variant, rng: random.Random, names: Sequence[str]) -> None:
        super().__init__(variant.players)
        self.game = deal_game(variant, rng.getrandbits(63), names=names)
        self.seed = self.game.seed if self.game.seed is not None else 0
        self.due = NEVER  # no action of its own: it only starts the clock (step)
        self.started = False
        self.laid = 0

    def menu(self, seat: int) -> Menu | None:
        k = self.game.kernel
        menu = snap_menu(seat, k.hands[seat], k.pile[-1], len(k.pile))
        return menu if menu.count and not self.over() else None

    def action(self, t: int) -> Any:
        return None

    def land(self, actor: int, option: Any, t: int, due: list[int]) -> int:
        try:
            self.game.apply(Lay(actor, Card.from_code(option[2][0])), t)
        except IllegalActionError:
            return BOUNCED
        self.events += 1
        self.laid += 1
        self.last = t
        return ENDED if self.over() else STOOD

    def step(self) -> int:
        if self.started:
            return STOP  # every seat waits: the deal is over or blocked
        self.started = True
        return MOVED

    def over(self) -> bool:
        k = self.game.kernel
        return k.winner() is not None or k.blocked()

    def view(self, seat: int) -> Any:
        k = self.game.kernel
        return SnapView(seat, self.now, tuple(map(Card.from_code, k.hands[seat])), Card.from_code(k.pile[-1]))

    def actions(self, menu: Menu) -> list[Any]:
        return [Lay(menu.seat, Card.from_code(o[2][0])) for o in menu.options()]

    def option_of(self, action: Any) -> Any:
        return lay_option(action)

    def ending(self) -> tuple[int | None, str, tuple[int, ...]]:
        winner = self.game.kernel.winner()
        if self.reason:
            return None, self.reason, ()
        return (winner, "out", ()) if winner is not None else (None, "dead-end", ())

    def remaining(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.game.kernel.hands)

    def counts(self) -> dict[str, int]:
        return {"lay": self.laid}

    def extra(self) -> dict[str, Any]:
        return {}

    def log_deals(self) -> list[Any]:
        deals: list[Any] = self.game.to_log_data()["deals"]
        return deals


# ---------------------------------------------------------------------------- the family


class SnapMatch:
    """Every deal a game of its own (the family's :class:`~speedrules.family.Match`): the
    deals add up to nothing, and a deal not laid leaves each hand as logged."""

    def __init__(self, variant: Variant) -> None:
        self.players, self.after = variant.players, 0

    def carried(self) -> Any:
        return None

    def before(self, number: int) -> list[tuple[str, int | None, str]]:
        return []

    def unlaid(self, deal: Any) -> tuple[int, ...]:
        return tuple(len(deal.hands[s]) if s < len(deal.hands) else 0 for s in range(self.players))

    def add(self, verdict: Any, kernel: Kernel | None, stopped: bool) -> None:
        self.after += 1

    def result(self) -> tuple[str, int, tuple[int, ...], tuple[tuple[int, ...], ...], int | None, bool]:
        zero = (0,) * self.players
        return "single", 1, zero, (zero,) * self.after, None, False


class SnapFamily(Family):
    name = NAME
    title = "Snap pile"
    dealer = "snap_family.deal_game"
    event_names = ("lay",)
    wire_deal = WireDeal

    def code_deal(self, deal: Any) -> tuple[Any, int]:
        return code_deal(deal)

    def log_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = msgspec.json.schema(WireLog[WireDeal])
        return schema

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = msgspec.to_builtins(msgspec.convert(deal, WireDeal))
        layout = out["layout"]
        layout["hands"] = [[str(Card.parse(c)) for c in h] for h in layout["hands"]]
        layout["pile"] = [str(Card.parse(c)) for c in layout["pile"]]
        for event in out["events"]:
            event["card"] = str(Card.parse(event["card"]))
        return out

    def event_json(self, event: tuple[Any, ...]) -> dict[str, Any]:
        return decode(event)[0].to_json(event[5])

    def layout_problem(self, variant: Variant, deal: Any, carried: Any) -> Violation | None:
        return layout_problem(variant, deal.hands, deal.pile)

    def kernel(self, variant: Variant, deal: Any, names: tuple[str, ...]) -> Kernel:
        return SnapKernel(variant, deal.hands, deal.pile, names)

    def match(self, variant: Variant, names: tuple[str, ...]) -> Match:
        return SnapMatch(variant)

    def deal_report(self, number: int, deal: Any, names: tuple[str, ...]) -> list[str]:
        lines = [f"  deal {number}: {self.result_words(deal, names)}"]
        return lines + [f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else "")
                        for v in deal.violations]

    def match_report(self, match: Any, names: tuple[str, ...]) -> list[str]:
        return []

    @property
    def game_class(self) -> type[SnapGame]:
        return SnapGame

    def deal_game(self, variant: Variant | str, seed: int | random.Random | None = None, *,
                  names: Sequence[str] | None = None) -> SnapGame:
        return deal_game(variant, seed, names=names)

    def parse_action(self, text: str) -> Lay:
        return parse_lay(text)

    def encode(self, action: Any, t: float | int | None = None) -> tuple[Any, ...]:
        return (*encode(action), t)

    def decode(self, event: tuple[Any, ...]) -> tuple[Lay, Time]:
        return decode(event)

    def scene(self, game: Any, *, viewer: int | None = None, highlight: Any = None,
              mark: Mark | None = None) -> Scene:
        return scene(game, viewer, highlight, mark)

    def logged_game(self, log: Any, deal: int, upto: int, verdict: Any) -> SnapGame | None:
        coded = log.deals[deal]
        if layout_problem(log.variant, coded.hands, coded.pile) is not None:
            return None
        game = SnapGame(log.variant, coded.hands, coded.pile, names=log.names)
        for event in coded.events[:upto]:
            game.kernel.apply_event(*event)  # as the referee judged them: no further than it did
        return game

    def result_words(self, deal: Any, names: Sequence[str]) -> str:
        if deal.winner is not None:
            return f"{names[deal.winner]} shed every card"
        return "blocked (no winner)" if deal.dead_end else "not finished"

    def nowhere_words(self, card: Card, viewer: str | None) -> str:
        return "in no hand" if viewer is None else f"not in {viewer}'s hand"

    def rules_in_words(self, variant: Any) -> list[tuple[str, str]]:
        return [("Game", "Snap pile: lay a card of the top's suit or rank; the first to shed every card wins")]

    def dealt(self, variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
        seed = seed if seed is not None else random.randrange(2**32)
        game = deal_game(variant, seed, names=players)
        return Dealt(seed, game._layout_json(0), scene(game).text(), game.to_log(players=players))

    # simulation (sim)

    counted = (("lays", "lay"), ("bounced", "bounced"))

    def table(self, variant: Any, rng: random.Random, names: Sequence[str], *, log: bool,
              max_rounds: int) -> Table:
        return SnapTable(variant, rng, names)

    def menu_of(self, view: Any, actions: Sequence[Any]) -> tuple[Menu, dict[Any, Any]]:
        by_option = {lay_option(a): a for a in actions}
        menu = Menu(view.seat)
        menu.sizes = [1]
        menu.plays = [[o] for o in sorted(by_option, key=lambda o: o[2])]
        menu.count = len(menu.plays)
        return menu, by_option


SNAP = speedrules.register_family(SnapFamily())
VARIANT = speedrules.variant_from_document(VARIANT_DOC)


def snap_log(events: Sequence[tuple[int, str, int]], names: Sequence[str] = ("Ann", "Ben"),
             hands: Sequence[Sequence[str]] = (("7H", "7C", "2C"), ("9H", "KD", "2H")), pile: Sequence[str] = ("3H",),
             ) -> dict[str, Any]:
    """A log document of one deal of Snap pile (its variant embedded)."""
    return {"format": "speedrules-log/1", "variant": VARIANT_DOC, "players": list(names),
            "deals": [{"layout": {"hands": [list(h) for h in hands], "pile": list(pile)},
                       "events": [{"type": "lay", "player": p, "card": c, "t": t} for p, c, t in events]}]}
