"""A seat's picture of the table as a fixed-size list of numbers: the generic observation of the
reinforcement-learning environments (:mod:`speedrules.rl`), read off the family's per-viewer
:class:`~speedrules.core.scene.Scene`, so that every family has one with no code of its own.

The *slots* of a variant are fixed once, from a scene of a fresh deal (:func:`slots_of`): one
slot per stack, keyed by where it lies as the viewer sees the table (its row: the viewer's own
first, then the next seats in seat order, then the rows that are no seat's, in the scene's
order), its ``kind`` and its number (the stack's ``index``, else its place among the row's
stacks of that kind).  A slot is, element by element:

- a *spread* stack (a hand): ``1 + CARD_CODES`` numbers: its card count, then how many of each
  card code (``0`` to ``51`` by suit then rank, ``52`` the joker) the viewer sees in it;
- any other stack (a pile, a reserve, a draw stack, a stock pile): 2 numbers: its card count and
  its top card's code plus one as the viewer sees it (``0``: none seen, face down or empty).

A stack of a later scene whose key has no slot is left out, and a slot with no stack is zeros.

>>> from speedrules.core.cards import Card
>>> from speedrules.core.scene import Group, Row, Scene, Stack
>>> hand = Stack("hand", 2, (Card.parse("AC"), Card.parse("3C")), spread=True)
>>> pile = Stack("pile", 4, (Card.parse("2D"),), index=0)
>>> scene = Scene("x", "", (Row("Ann", (Group((hand,)),), seat=0), Row("centre", (Group((pile,)),))))
>>> slots = slots_of(scene, 0)
>>> size(slots), slots
(56, {(0, 'hand', 0): (0, True), (1, 'pile', 0): (54, False)})
>>> values = features(scene, 0, slots)
>>> values[0], values[1 + Card.parse("AC").code], values[54:] == [4, Card.parse("2D").code + 1]
(2, 1, True)
"""

from __future__ import annotations

from collections.abc import Iterator

from . import deck
from .cards import JOKER_CODE, Card, code_of
from .scene import Scene, Stack

__all__ = ["CARD_CODES", "Slots", "card_counts", "features", "size", "slots_of"]

CARD_CODES = JOKER_CODE + 1
"""The card codes a spread slot counts (the 52 cards and the joker)."""

Slots = dict[tuple[int, str, int], tuple[int, bool]]
"""Each slot's key ``(row, kind, number)`` and its ``(offset, spread)``."""


def _keyed(scene: Scene, viewer: int | None) -> Iterator[tuple[tuple[int, str, int], Stack]]:
    """Every stack of ``scene`` with its key as ``viewer`` sees the table (``None``: as seat 0)."""
    seated = sorted(r.seat for r in scene.rows if r.seat is not None)
    n = max(seated, default=-1) + 1
    first = viewer or 0
    others = 0
    for row in scene.rows:
        if row.seat is not None:
            place = (row.seat - first) % n
        else:
            place = n + others
            others += 1
        seen: dict[str, int] = {}
        for group in row.groups:
            for stack in group.stacks:
                number = seen.get(stack.kind, 0)
                seen[stack.kind] = number + 1
                yield (place, stack.kind, stack.index if stack.index is not None else number), stack


def slots_of(scene: Scene, viewer: int | None) -> Slots:
    """The slots of the stacks of ``scene`` (a fresh deal's), ordered by key."""
    keyed = sorted((key, stack.spread) for key, stack in _keyed(scene, viewer))
    out: Slots = {}
    offset = 0
    for key, spread in keyed:
        if key not in out:
            out[key] = (offset, spread)
            offset += 1 + CARD_CODES if spread else 2
    return out


def size(slots: Slots) -> int:
    """How many numbers :func:`features` gives for ``slots``."""
    return max((offset + (1 + CARD_CODES if spread else 2) for offset, spread in slots.values()), default=0)


def card_counts(codes: list[int] | tuple[int, ...]) -> bytearray:
    """How many of each card code (:data:`CARD_CODES` numbers) ``codes`` holds: a hand's slot, as
    bytes (no hand holds 256 of one card).

    >>> list(card_counts([0, 52, 0])[:2]), card_counts([0, 52, 0])[52]
    ([2, 0], 1)
    """
    return bytearray(deck.card_counts(codes))  # counted where the deck checks count


def _code(card: Card | str) -> int:
    return card.code if isinstance(card, Card) else code_of(card)


def features(scene: Scene, viewer: int | None, slots: Slots) -> list[int]:
    """The numbers of ``scene`` as ``viewer`` sees it (the module's docstring says which)."""
    out = [0] * size(slots)
    for key, stack in _keyed(scene, viewer):
        slot = slots.get(key)
        if slot is None:
            continue
        offset, spread = slot
        out[offset] = stack.count
        if spread:
            for card in stack.cards:
                out[offset + 1 + _code(card)] += 1
        elif stack.cards:
            out[offset + 1] = _code(stack.cards[0]) + 1
    return out
