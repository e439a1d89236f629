"""California Speed's table as a scene (:mod:`speedrules.core.scene`), drawn by the one renderer
(``render``, ``view``, ``str(game)``, the notebook display), and its words: how a deal ended,
the rules in plain words (``speedrules show``) and a fresh deal (``speedrules deal``).

>>> from speedrules.california.game import deal_california
>>> game = deal_california("california-speed", seed=7)
>>> [s.kind for s in scene(game).rows[0].groups[0].stacks]
['draw', 'pile', 'pile', 'pile', 'pile']
>>> result_words(type("Deal", (), {"winner": None, "dead_end": True, "finished": True})(), ["Ann", "Ben"])
'a dead end: the rows came back with no match (no winner)'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import Card
from ..core.errors import InvalidArgumentError
from ..core.scene import Group, Mark, Row, Scene, Stack
from ..core.variant import Collisions
from ..core.words import Dealt, deck_words, players_row
from .game import CaliforniaGame, deal_california

if TYPE_CHECKING:
    from ..core.variant import Variant
    from ..judge.verdicts import DealVerdict, Verdict
    from ..logs.log import Log


def _targets(game: CaliforniaGame, highlight: Any) -> frozenset[int]:
    """The stacks the highlighted card may cover: it is the top of some seat's pile."""
    k = game.kernel
    if not isinstance(highlight, Card) or k.over() or not any(p and p[-1] == highlight.code for p in k.piles):
        return frozenset()
    return frozenset(k.targets())


def _seat_row(game: CaliforniaGame, seat: int, viewer: int | None, highlight: Any, targets: frozenset[int],
              mark: Mark | None) -> Row:
    k = game.kernel
    pile = k.piles[seat]
    shown = viewer is None or viewer == seat
    code = highlight.code if isinstance(highlight, Card) else None
    marked = mark is not None and mark.player == seat
    top = (Card.from_code(pile[-1]),) if pile and shown else ()
    stacks = [Stack("draw", len(pile), (), name="pile", caption="pile", depth=True, back="" if shown else "hidden",
                    chosen=(0,) if top and pile[-1] == code else (),
                    offending=(0,) if top and marked and top[0] in mark.cards else ())]  # type: ignore[union-attr]
    width = k.row
    for col in range(width):
        pos = seat * width + col
        stack = k.stacks[pos]
        card = Card.from_code(stack[-1])
        stacks.append(Stack("pile", len(stack), (card,), index=pos, label=f"{seat}.{col}", depth=True,
                            note="owed" if k.owed[pos] and k.coverable(pos) and k.counts[card.rank] < 2 else "",
                            target=pos in targets, chosen=(0,) if stack[-1] == code else ()))
    return Row(game.names[seat], (Group(tuple(stacks), name=f"row {seat}"),), seat=seat)


def scene(game: Any, *, viewer: int | None = None, highlight: Any = None, mark: Mark | None = None) -> Scene:
    """The scene of a California Speed game: a row per seat, its face-down pile (its top card
    seen only by a viewer of that seat, the referee included) then its stacks, each showing its
    top card (``owed``: a card that must still be covered though its partners are)."""
    if not isinstance(game, CaliforniaGame):
        raise InvalidArgumentError(f"not a CaliforniaGame: {type(game).__name__}")
    targets = _targets(game, highlight)
    rows = tuple(_seat_row(game, seat, viewer, highlight, targets, mark) for seat in range(game.variant.players))
    return Scene(game.variant.name, game.status_text(), rows)


def logged_game(log: Log, deal: int, upto: int, verdict: Verdict) -> CaliforniaGame | None:
    """The game at deal ``deal`` after ``upto`` events, applied as the referee judged them;
    ``None`` when the deal's layout broke the layout rule."""
    judged = verdict.deals[deal]
    if any(v.event is None for v in judged.violations):
        return None
    game = CaliforniaGame.from_logged_deal(log, deal)
    for index, event in enumerate(log.deals[deal].events[:upto]):
        game.kernel.apply(event, index)  # as the referee judged them: no further than it did
    return game


def result_words(deal: DealVerdict, names: Sequence[str]) -> str:
    """How a deal that broke no rule ended."""
    if deal.winner is not None:
        return f"{names[deal.winner]} dealt their last card"
    if deal.dead_end:
        return "a dead end: the rows came back with no match (no winner)"
    return "not finished"


def nowhere_words(card: Card, viewer: str | None) -> str:
    """Where a highlighted card must be to be outlined: on top of a pile or a stack."""
    return "on top of no pile or stack" if viewer is None else f"on top of no stack, nor of {viewer}'s pile"


_COLLISIONS = {
    Collisions.FIRST_LANDS: "the first stays; the later one must find a match on the card the first laid",
    Collisions.LOWER_STAYS: "both are judged on the card they met; the lower stays, the other stays on its "
                            "owner's pile",
    Collisions.RETURN_BOTH: "both stay on their owners' piles and the covered card shows again",
}


def rules_in_words(variant: Variant) -> list[tuple[str, str]]:
    """The variant's rules in plain words (``speedrules show``); the players and the deck in the
    words every family shares (:mod:`speedrules.core.words`)."""
    own = variant.rules
    players, width = variant.players, own.row
    each, aside = divmod(52 * variant.packs, players)
    return [
        ("Game", "California Speed: cover matching cards; nothing is built up or down"),
        players_row(variant),
        ("Deck", deck_words(variant)),
        ("Deal", f"{each} cards each, face down" + (f"; {aside} set aside" if aside else "")
         + f"; each lays a row of {width} face up, a {players}x{width} layout"),
        ("Match", "two or more face-up cards of one rank anywhere in the layout; suits never matter"),
        ("Cover", "any player deals the top card of their own pile onto any matched card"),
        ("Completing", "a card that was in a match stays to be covered until it is" if own.complete_groups
         else "only a card with a visible partner of its rank may be covered"),
        ("Doubles", "a stack whose top two cards have one rank may be covered again" if own.doubles else "no"),
        ("No match", "each gathers their own row under their pile (stack 0 uppermost) and lays a new row; "
                     "a run of re-lays that comes back to piles it has had is a dead end (no winner)"),
        ("Collisions", f"two covers of one card at the same moment: {_COLLISIONS[variant.collisions]}"),
        ("Winning", "whoever deals their last card onto a match wins the deal"),
    ]


def dealt(variant: Variant, seed: int | None, players: Sequence[str] | None) -> Dealt:
    """A fresh deal for ``speedrules deal``: its seed, layout, table and a log of it."""
    seed = seed if seed is not None else random.randrange(2**32)
    game = deal_california(variant, seed, names=players)
    layout = game.to_log_data()["deals"][0]["layout"]
    return Dealt(seed, layout, scene(game).text(), game.to_log(players=players))
