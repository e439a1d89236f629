"""A valid Spit log of many legal gap moves back and forth (issue 29, hostile input class 3):
``python benchmarks/spit_gap_log.py MOVES OUT.json`` writes one round whose events, after a few
plays that leave a gap and a lone card in Ann's row, move that card into the gap and back,
``MOVES`` times in all.  Every move is legal, so the referee judges the whole log, and
``render``/``view`` face a round of ``MOVES`` + a few events.

The game is built through the API (``deal_spit``, ``SpitGame.apply`` with ``GapMove``) up to the
first moment with a gap and a lone card; the two-move cycle is then repeated in the event list
(each repeat is the same legal pair, so the log is valid whatever its size).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from speedrules import GapMove, Spit, SpitGame, StockPlay, deal_spit


def _ready(game: SpitGame) -> tuple[int, int] | None:
    """``(lone, gap)``: a stock pile of Ann's with one card and an empty one, or ``None``."""
    row = game.kernel.rows[0]
    lone = next((i for i, pile in enumerate(row) if len(pile) == 1), None)
    gap = next((i for i, pile in enumerate(row) if not pile), None)
    return None if lone is None or gap is None else (lone, gap)


def gap_game(seed: int = 1) -> tuple[SpitGame, int, int]:
    """A game of plain Spit played (first legal play, else a spit) until Ann's row holds a gap and
    a lone card, and the two piles."""
    for s in range(seed, seed + 200):
        game = deal_spit("spit", seed=s, names=["Ann", "Ben"])
        game.apply(Spit())
        for _ in range(60):
            found = _ready(game)
            if found is not None:
                return game, *found
            legal = game.legal_actions()
            plays = [a for a in legal if isinstance(a, StockPlay)]
            spits = [a for a in legal if isinstance(a, Spit)]
            if not (plays or spits) or game.is_round_over():
                break
            game.apply((plays or spits)[0])
    raise RuntimeError("no seed reached a gap beside a lone card")


def gap_log(moves: int, seed: int = 1) -> dict[str, Any]:
    """The log's document: the game's events, then ``moves`` gap moves (there and back)."""
    game, lone, gap = gap_game(seed)
    data = game.to_log_data()
    there, back = GapMove(0, lone, gap).to_json(), GapMove(0, gap, lone).to_json()
    data["deals"][-1]["events"].extend(there if n % 2 == 0 else back for n in range(moves))
    return data


def gap_log_text(moves: int, seed: int = 1) -> str:
    """:func:`gap_log` as compact JSON text, as a program writing logs would write it."""
    return json.dumps(gap_log(moves, seed), separators=(",", ":"))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python benchmarks/spit_gap_log.py MOVES OUT.json")
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write(gap_log_text(int(sys.argv[1])))
