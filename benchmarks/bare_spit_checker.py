"""A minimal, single-purpose checker for logs of plain Spit: the speed baseline for the Spit referee.

Bare Python loops over lists and strings, no library code, for the bundled ``spit`` variant only
(two players, a row of stock piles of 1, 2, 3, 4 and 5 cards, no pairing, the strict reading of
"stuck", slap claims, rounds until a player is out of cards).  It parses the JSON text, then
replays every round checking the core rules, and stops at the first problem:

- the layout: each row laid from the left to sizes 1-2-3-4-5 as far as the cards reach, the rest
  the spit pile; the first round deals the deck, 26 cards a player; a later round holds exactly
  what each player took from the round before (row, unused spit cards, claimed centre pile), and
  comes only once that round is settled and while nobody has won the game;
- a round starts with a spit; a spit needs a spit card, names no pile when both spit, and a lone
  spitter names a pile the first time and keeps to it; after the first spit, a spit comes only
  when both players are stuck by the strict reading: no face-up top fits a centre pile, and none
  would after gap moves in their own row (with *g* gaps a player brings up any card at most *g*
  deep in a pile: docs/rules.md, "Decisions where the texts are silent");
- a play takes a player's face-up stock top (the logged ``card``, when given, is that card) onto
  a started centre pile, one rank up or down with K-A-2 wrapping; a gap move takes a face-up top
  into an empty stock pile of the same row;
- the round ends when a player clears the row, or in a jam (no spit card left, both stuck); a
  ``jam`` event is accepted only then; nothing is played, moved or spat after the end;
- the slap race: each player slaps once, only once the round is over and it has two centre
  piles; the first slap takes its pile and gives the other player the other (the second changes
  nothing); a single centre pile goes to the player who did not go out (after a jam, to the one
  with more cards in the row; on equal rows to the lone spitter);
- a player who holds no card once a round is settled wins the game: no round follows.

It knows no other variant, no times (like ``bare_checker.py``, it leaves ``t`` unread), no other
spelling of a card than the canonical one (``10S``, ``AH``), and no index but a JSON integer;
it writes no messages.  :func:`check_text` returns one verdict per round, in order, up to the
first round that breaks a rule, which is the last, ``False``: a valid log gives ``True`` for
each of its rounds.

    python benchmarks/bare_spit_checker.py LOG.json ...
"""

from __future__ import annotations

import json
import sys
from typing import Any

RANK: dict[str, int] = {}
"""Each card's rank, 0 (ace) to 12 (king), by its canonical text."""
for _suit in "SHDC":
    for _i, _r in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")):
        RANK[_r + _suit] = _i
DECK = sorted(RANK)
UNSTARTED = 13
"""The top of a centre pile no spit has started: nothing fits it."""
FITS = [[(a - b) % 13 in (1, 12) for b in range(13)] for a in range(13)] + [[False] * 13]
"""FITS[top][card]: one rank up or down, K-A-2 wrapping."""
SIZES = (1, 2, 3, 4, 5)
CHECKED = (KeyError, IndexError, TypeError, ValueError, AttributeError)
"""What a log of another shape raises on the way: the round breaks the rules."""


def stuck(row: list[list[str]], fit0: list[bool], fit1: list[bool]) -> bool:
    """Whether a player with ``row`` can play nothing, not even after gap moves (the strict
    reading): no card among the top *g* + 1 of any pile fits, *g* the row's gaps."""
    gaps = 0
    for pile in row:
        if not pile:
            gaps += 1
    for pile in row:
        for card in pile[-1 - gaps:]:
            r = RANK[card]
            if fit0[r] or fit1[r]:
                return False
    return True


def laid(layout: dict[str, Any], owned: list[list[str]] | None) -> tuple[list[list[list[str]]], list[list[str]]] | None:
    """The round's rows and spit piles, each stack's top last, or ``None`` if the layout breaks
    a rule (``owned``: what each player took from the round before, sorted; ``None``: the deck)."""
    rows, spits, every = [], [], []
    for p in (0, 1):
        row, spit = layout["stock"][p], layout["spit"][p]
        cards = [c for pile in row for c in pile] + spit
        left = len(cards)
        for i, size in enumerate(SIZES):
            want = size if size < left else left
            if i >= len(row) or len(row[i]) != want:
                return None
            left -= want
        if len(row) != len(SIZES) or len(spit) != left:
            return None
        if owned is None:
            if len(cards) != 26:
                return None
            every += cards
        elif sorted(cards) != owned[p]:
            return None
        rows.append([pile[::-1] for pile in row])
        spits.append(spit[::-1])
    if owned is None and sorted(every) != DECK:
        return None
    return rows, spits


def replay(deal: dict[str, Any], owned: list[list[str]] | None) -> bool | list[list[str]] | None:
    """One round: ``False`` if it breaks a rule; else what each player holds once it is settled
    (sorted; a player holding nothing has won the game), or ``None`` while it is not settled."""
    rows_spits = laid(deal["layout"], owned)
    if rows_spits is None:
        return False
    rows, spits = rows_spits
    centre: list[list[str]] = [[], []]
    tops = [UNSTARTED, UNSTARTED]
    started = over = jammed = False
    out = alone = locked = -1
    owners: list[int] | None = None  # once settled: who took each centre pile
    slapped: list[int] = []
    for ev in deal["events"]:
        kind = ev["type"]
        if owners is not None and kind != "slap":
            return False  # the round's piles are claimed: a second slap may follow, nothing else
        if kind == "play" or kind == "move":
            p, a = ev["player"], ev["stock"]
            if over or not started or (p != 0 and p != 1) or not 0 <= a < 5:
                return False
            row = rows[p]
            pile = row[a]
            if not pile:
                return False
            card = pile[-1]
            if ev.get("card", card) != card:
                return False
            if kind == "play":
                c = ev["pile"]
                if (c != 0 and c != 1) or not FITS[tops[c]][RANK[card]]:
                    return False
                centre[c].append(pile.pop())
                tops[c] = RANK[card]
                if not any(row):
                    over, out = True, p
            else:
                b = ev["to"]
                if not 0 <= b < 5 or row[b]:
                    return False
                row[b].append(pile.pop())
        elif kind == "spit":
            if over or (started and not (stuck(rows[0], FITS[tops[0]], FITS[tops[1]])
                                         and stuck(rows[1], FITS[tops[0]], FITS[tops[1]]))):
                return False
            if spits[0] and spits[1]:
                if "pile" in ev:
                    return False
                for p in (0, 1):
                    card = spits[p].pop()
                    centre[p].append(card)
                    tops[p] = RANK[card]
            elif spits[0] or spits[1]:
                c = ev.get("pile", locked)
                if (c != locked if locked >= 0 else c != 0 and c != 1):
                    return False
                alone, locked = (0 if spits[0] else 1), c
                card = spits[alone].pop()
                centre[c].append(card)
                tops[c] = RANK[card]
            else:
                return False
            started = True
        elif kind == "slap":
            p, c = ev["player"], ev["pile"]
            if not over or (p != 0 and p != 1) or (c != 0 and c != 1) or not centre[0] or not centre[1] \
                    or p in slapped:
                return False
            if owners is None:
                owners = [p, 1 - p] if c == 0 else [1 - p, p]
            slapped.append(p)
            continue
        elif kind == "jam":
            if not jammed:
                return False
            continue
        else:
            return False
        # after a spit, a play or a move: the round ends in a jam, and a single centre pile is
        # given at the end
        if not over and not spits[0] and not spits[1] and stuck(rows[0], FITS[tops[0]], FITS[tops[1]]) \
                and stuck(rows[1], FITS[tops[0]], FITS[tops[1]]):
            over = jammed = True
        if over and not (centre[0] and centre[1]):
            if out >= 0:
                taker = 1 - out
            else:
                cards = [sum(map(len, rows[0])), sum(map(len, rows[1]))]
                taker = (0 if cards[0] > cards[1] else 1) if cards[0] != cards[1] else max(alone, 0)
            owners = [taker, taker]
    if owners is None:
        return None
    return [sorted([c for pile in rows[p] for c in pile] + spits[p]
                   + [c for i in (0, 1) if owners[i] == p for c in centre[i]]) for p in (0, 1)]


def check_text(text: str) -> list[bool]:
    """For each round of the log text, up to the first that breaks a rule: True if none is broken."""
    doc = json.loads(text)
    if doc["variant"] != "spit":
        raise ValueError(f"the bare Spit checker knows plain spit only, not {doc['variant']!r}")
    verdicts: list[bool] = []
    owned: Any = None
    for deal in doc["deals"]:
        # a round comes only once the round before is settled, and while nobody has won
        if verdicts and (owned is None or not owned[0] or not owned[1]):
            verdicts.append(False)
            break
        try:
            owned = replay(deal, owned)
        except CHECKED:
            owned = False
        verdicts.append(owned is not False)
        if owned is False:
            break
    return verdicts


if __name__ == "__main__":
    for name in sys.argv[1:]:
        with open(name, encoding="utf-8") as handle:
            print(name, check_text(handle.read()))
