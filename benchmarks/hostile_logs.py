"""Hostile logs that are expensive to judge: reproducers of issue 29's classes 3 and 6.

Run ``python benchmarks/hostile_logs.py DIR`` from the repository root to write them into
``DIR`` (each as large as the log limit allows, or as the issue sized it), then time each with
``/usr/bin/time -v speedrules referee [--all] [--summary] FILE`` (wall time and maximum resident
size); ``--small`` writes them a hundredth of the size.  The tests build smaller ones with the
same functions (``tests/test_hostile_bounds.py``).

- ``speed-empty-deals.json``: a Speed log of empty deals (a dealt layout, no events) up to the
  64 MiB limit: the cheapest log per byte to read and the dearest in verdicts.
- ``spit-empty-rounds.json``: the same for Spit, rounds of a laid deck and no events (each
  round after the first breaks ``claim.missing``: the one before was never settled).
- ``spit-gap-moves.json``: one valid Spit round of a million gap moves, a lone card moved from
  one stock pile into the gap beside it and back (44 MB).
- ``speed-illegal.json`` and ``spit-illegal.json``: one deal of a million illegal events
  (``{"type": "flip"}`` while a card can be played; ``{"type": "spit"}`` while a player can
  play), 16 MB, for ``referee --all``.
- ``speed-illegal-deals.json`` and ``spit-illegal-deals.json``: deals of a few illegal events
  each up to the 64 MiB limit, so that ``--all`` corrects as many as a capped deal allows in
  every deal.

Every log is written as JSON with one deal a line, and is what the referee reads (no event is
malformed); the events it breaks are the point.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

LIMIT = 64 * 1024 * 1024
"""The log limit (``speedrules.core.documents.MAX_DOCUMENT_BYTES``)."""

_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [rank + suit for suit in "SHDC" for rank in _RANKS]
"""The 52 cards, in suit order."""

SPEED_LAYOUT = {
    "hands": [DECK[0:5], DECK[5:10]],
    "draw": [DECK[10:25], DECK[25:40]],
    "starters": [DECK[40], DECK[41]],
    "reserves": [DECK[42:47], DECK[47:52]],
}
"""A Speed deal of plain ``speed``: hands of five, draw stacks of 15, two starters and two reserves
of five (top first).  Player 0 holds AS-5S and the starters are 2D, 3D: 3S fits."""


def _spit_layout() -> dict[str, Any]:
    """A first round of ``spit``: 26 cards a player laid 1-2-3-4-5 with 11 spit cards.  Player
    0's spit card is 4H, player 1's 10C; player 0's pile 0 holds 5H and pile 1 holds 6H on 2C,
    so after the spit 5H and 6H go onto 4H and pile 0 is a gap, with 2C alone beside it."""
    first = ["5H", "6H", "2C"]
    spit_tops = ["4H", "10C"]
    rest = [c for c in DECK if c not in first + spit_tops]
    cards0 = [*first, *rest[:12], "4H", *rest[12:22]]
    cards1 = [*rest[22:37], "10C", *rest[37:47]]
    assert len(cards0) == len(cards1) == 26 and sorted(cards0 + cards1) == sorted(DECK)

    def lay(cards: list[str]) -> tuple[list[list[str]], list[str]]:
        piles, at = [], 0
        for size in (1, 2, 3, 4, 5):
            piles.append(cards[at:at + size])
            at += size
        return piles, cards[at:]

    (row0, spit0), (row1, spit1) = lay(cards0), lay(cards1)
    return {"stock": [row0, row1], "spit": [spit0, spit1]}


SPIT_LAYOUT = _spit_layout()


def _document(variant: str, deals: Iterator[str]) -> str:
    """A log's JSON text, one deal a line."""
    head = json.dumps({"format": "speedrules-log/1", "variant": variant})[:-1]
    return head + ', "deals": [\n' + ",\n".join(deals) + "\n]}\n"


def _deal(layout: dict[str, Any], events: list[str]) -> str:
    return '{"layout": ' + json.dumps(layout) + ', "events": [' + ", ".join(events) + "]}"


def _fill(variant: str, one: str, limit: int) -> str:
    """Copies of the deal ``one`` up to ``limit`` bytes."""
    count = max(1, (limit - 200) // (len(one) + 2))
    return _document(variant, iter([one] * count))


def speed_empty_deals(limit: int = LIMIT) -> str:
    return _fill("speed", _deal(SPEED_LAYOUT, []), limit)


def spit_empty_rounds(limit: int = LIMIT) -> str:
    return _fill("spit", _deal(SPIT_LAYOUT, []), limit)


def spit_gap_moves(moves: int = 1_000_000) -> str:
    """One round: the spit, 5H and 6H played, then 2C moved between piles 1 and 0 ``moves`` times."""
    events = ['{"type": "spit"}', '{"type": "play", "player": 0, "stock": 0, "pile": 0}',
              '{"type": "play", "player": 0, "stock": 1, "pile": 0}']
    there = '{"type": "move", "player": 0, "stock": 1, "to": 0}'
    back = '{"type": "move", "player": 0, "stock": 0, "to": 1}'
    events += [there if i % 2 == 0 else back for i in range(moves)]
    return _document("spit", iter([_deal(SPIT_LAYOUT, events)]))


def speed_illegal(events: int = 1_000_000, deals: int = 1) -> str:
    """``deals`` deals of ``events`` flips each (after the reveal): a flip while a card fits breaks ``flip.early``."""
    return _document("speed", iter([_deal(SPEED_LAYOUT, ['{"type": "reveal"}'] + ['{"type": "flip"}'] * events)]
                                   * deals))


def spit_illegal(events: int = 1_000_000, deals: int = 1) -> str:
    """``deals`` rounds of a spit and ``events`` spits more: a spit while a player can play breaks
    ``spit.early``."""
    return _document("spit", iter([_deal(SPIT_LAYOUT, ['{"type": "spit"}'] * (1 + events))] * deals))


def illegal_deals(maker: Any, per_deal: int, limit: int = LIMIT) -> str:
    """Deals of ``per_deal`` illegal events each (made by ``maker``) up to ``limit`` bytes."""
    one = len(maker(per_deal, 2)) - len(maker(per_deal, 1))  # a deal and its separator
    return maker(per_deal, max(1, (limit - 200) // one))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--small", action="store_true", help="a hundredth of the size")
    parser.add_argument("--per-deal", type=int, default=101,
                        help="illegal events per deal in the *-illegal-deals logs (default 101)")
    args = parser.parse_args()
    scale = 100 if args.small else 1
    args.folder.mkdir(parents=True, exist_ok=True)
    logs = {
        "speed-empty-deals.json": lambda: speed_empty_deals(LIMIT // scale),
        "spit-empty-rounds.json": lambda: spit_empty_rounds(LIMIT // scale),
        "spit-gap-moves.json": lambda: spit_gap_moves(1_000_000 // scale),
        "speed-illegal.json": lambda: speed_illegal(1_000_000 // scale),
        "spit-illegal.json": lambda: spit_illegal(1_000_000 // scale),
        "speed-illegal-deals.json": lambda: illegal_deals(speed_illegal, args.per_deal, LIMIT // scale),
        "spit-illegal-deals.json": lambda: illegal_deals(spit_illegal, args.per_deal, LIMIT // scale),
    }
    for name, make in logs.items():
        text = make()
        (args.folder / name).write_text(text, encoding="utf-8")
        print(f"{name}: {len(text.encode()) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
