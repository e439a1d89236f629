"""A third game family that exists only in the tests, to show that the pictures, the replay page
and ``render`` draw any registered family with no edit to ``speedrules.show`` or
``speedrules.cli``: "Snap pile", a tiny real-time shedding game.  Two players hold their cards
face up and play at will onto one shared pile, a card of the top's suit or rank; the first with
an empty hand wins.

The family gives only its pictures-and-words hooks (the other groups' hooks are not asked for
here): a scene built from its own state, its logged game and actions, and its words.  Its log is
a plain object with the few fields the pictures read (the log readers are another group's).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import attrs
import msgspec

from speedrules import Card, IllegalActionError, Violation
from speedrules.core import rules
from speedrules.core.scene import Group, Line, Mark, Row, Scene, Stack
from speedrules.family import Family, register_family

NAME = "snap-pile"
VARIANT = SimpleNamespace(family=NAME, players=2, name="snap-pile", title="Snap pile", description="",
                          sources=(), packs=1, jokers=0)


@attrs.frozen
class Lay:
    """Player ``player`` lays ``card`` on the pile."""

    player: int
    card: Card

    def describe(self) -> str:
        return f"player {self.player} lays {self.card}"


class SnapGame:
    """A game of Snap pile: each seat's hand, face up, and the pile (top last)."""

    def __init__(self, hands: Sequence[Sequence[str]], pile: Sequence[str], names: Sequence[str] = ("A", "B")) -> None:
        self.variant = VARIANT
        self.names = tuple(names)
        self.hands = [[Card.parse(c) for c in hand] for hand in hands]
        self.pile = [Card.parse(c) for c in pile]

    def fits(self, card: Card) -> bool:
        top = self.pile[-1]
        return card.suit == top.suit or card.rank == top.rank

    def legal_actions(self) -> list[Lay]:
        return [Lay(p, c) for p, hand in enumerate(self.hands) for c in hand if self.fits(c)]

    def apply(self, action: Lay, t: float | int | None = None) -> None:
        if action.card not in self.hands[action.player] or not self.fits(action.card):
            raise IllegalActionError(Violation(rules.PLAY_RANK, action.player,
                                               f"player {action.player} laid {action.card} on {self.pile[-1]}"))
        self.hands[action.player].remove(action.card)
        self.pile.append(action.card)


def snap_scene(game: SnapGame, viewer: int | None, highlight: Any, mark: Mark | None) -> Scene:
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
    status = next((f"{game.names[p]} won" for p, hand in enumerate(game.hands) if not hand), "play on")
    return Scene("snap-pile", status, (seats[1], Row("centre", (Group((pile,), name="pile 0"),)), seats[0]))


class SnapDeal(msgspec.Struct, forbid_unknown_fields=True):
    """A deal of Snap pile as a log would hold it (its reader is not asked for here: no log of
    Speed or Spit is one, so the readers that try each family's struct pass it by)."""

    hands: list[list[str]]
    pile: list[str]


class SnapFamily(Family):
    name = NAME
    title = "Snap pile"
    wire_deal = SnapDeal

    def code_deal(self, deal: Any) -> tuple[Any, int]:
        raise ValueError("the Snap pile reader is not asked for by these tests")

    def scene(self, game: Any, *, viewer: int | None = None, highlight: Any = None,
              mark: Mark | None = None) -> Scene:
        return snap_scene(game, viewer, highlight, mark)

    def logged_game(self, log: Any, deal: int, upto: int, verdict: Any) -> Any | None:
        coded = log.deals[deal]
        game = SnapGame(coded.hands, coded.pile, log.names)
        for action, t in self.logged_actions(log, deal, 0, upto):
            game.apply(action, t)
        return game

    def logged_actions(self, log: Any, deal: int, start: int = 0, stop: int | None = None) -> list[tuple[Any, Any]]:
        return [(Lay(p, Card.parse(c)), t) for p, c, t in log.deals[deal].events[start:stop]]

    def result_words(self, deal: Any, names: Sequence[str]) -> str:
        return f"{names[deal.winner]} shed every card" if deal.winner is not None else "not finished"

    def nowhere_words(self, card: Card, viewer: str | None) -> str:
        return "in no hand" if viewer is None else f"not in {viewer}'s hand"

    def rules_in_words(self, variant: Any) -> list[tuple[str, str]]:
        return [("Game", "Snap pile: lay a card of the top's suit or rank; the first to shed every card wins")]

    def dealt(self, variant: Any, seed: int | None, players: Sequence[str] | None) -> Any:
        raise NotImplementedError("not asked of this family here")


SnapFamily.__abstractmethods__ = frozenset()  # the hooks of the other groups are not asked for by these tests
SNAP = register_family(SnapFamily())


def snap_log(events: Sequence[tuple[int, str, int]], names: Sequence[str] = ("Ann", "Ben")) -> Any:
    """A logged game of Snap pile: one deal, the fields the pictures read."""
    deal = SimpleNamespace(hands=(("7H", "7C", "2C"), ("9H", "KD")), pile=("3H",), events=tuple(events))
    return SimpleNamespace(variant=VARIANT, names=tuple(names), name="snap.json", deals=(deal,), rounds=())
