"""A minimal, single-purpose checker for plain Speed logs: the speed baseline for the referee.

Bare Python loops over lists and strings, no library code: it parses the JSON text, then
replays each deal of a ``speed`` log (two players, 5 in hand, cyclic ranks, keep-tops
rebuild) checking the core rules (card in hand, rank one up or down with wrap, hand limit,
draw from a non-empty stack, flip and rebuild only when nobody can play or draw, rebuild
cards), and stops at the first problem.  It knows no variants, no jokers, no times, no
collisions and writes no messages: it is the floor a general referee is measured against.
"""

from __future__ import annotations

import json

RANK = {}
for _suit in "SHDC":
    for _i, _r in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")):
        RANK[_r + _suit] = _i
FITS = [[(a - b) % 13 in (1, 12) for b in range(13)] for a in range(13)]


def check_text(text: str) -> list[bool]:
    """For each deal of the log text: True if no rule is broken."""
    doc = json.loads(text)
    results = []
    for deal in doc["deals"]:
        layout = deal["layout"]
        hands = [list(h) for h in layout["hands"]]
        draws = [list(reversed(d)) for d in layout["draw"]]
        piles = [[c] for c in layout["starters"]]
        tops = [RANK[c] for c in layout["starters"]]
        reserves = [list(reversed(r)) for r in layout["reserves"]]
        revealed = False
        ok = True
        for ev in deal["events"]:
            kind = ev["type"]
            if kind == "play":
                p = ev["player"]
                card = ev["card"]
                pile = ev["pile"]
                hand = hands[p]
                if not revealed or card not in hand or not FITS[tops[pile]][RANK[card]]:
                    ok = False
                    break
                hand.remove(card)
                piles[pile].append(card)
                tops[pile] = RANK[card]
                if not hand and not draws[p]:
                    break
            elif kind == "draw":
                p = ev["player"]
                if not draws[p] or len(hands[p]) >= 5:
                    ok = False
                    break
                hands[p].append(draws[p].pop())
            elif kind == "flip" or kind == "rebuild":
                blocked = revealed
                for p in range(2):
                    if draws[p] and len(hands[p]) < 5:
                        blocked = False
                    for card in hands[p]:
                        r = RANK[card]
                        if FITS[tops[0]][r] or FITS[tops[1]][r]:
                            blocked = False
                if not blocked:
                    ok = False
                    break
                if kind == "flip":
                    if not reserves[0] and not reserves[1]:
                        ok = False
                        break
                    for i in range(2):
                        if reserves[i]:
                            card = reserves[i].pop()
                            piles[i].append(card)
                            tops[i] = RANK[card]
                else:
                    if reserves[0] or reserves[1]:
                        ok = False
                        break
                    under = sorted(piles[0][:-1] + piles[1][:-1])
                    new = ev["reserves"]
                    if sorted(new[0] + new[1]) != under or abs(len(new[0]) - len(new[1])) > 1:
                        ok = False
                        break
                    piles = [[piles[0][-1]], [piles[1][-1]]]
                    reserves = [list(reversed(new[0])), list(reversed(new[1]))]
            elif kind == "reveal":
                if revealed:
                    ok = False
                    break
                revealed = True
            else:
                ok = False
                break
        results.append(ok)
    return results
