"""A bare random playout of plain Speed: the speed baseline for ``speedrules.simulate``.

Plain Python over lists and ints, no library code, for one variant only (plain ``speed``:
two seats, 5 in hand, 15 to draw, two starters, two reserves of 5, cyclic ranks, refill any
time, keep-tops rebuild, first-lands collisions, no call).  It plays exactly the model
``speedrules.simulate`` plays with two random bots (docs/simulation.md), with the same
random draws, so it plays the very same games and the benchmark can check that it does:

- the deal: ``random.Random(f"{seed}:{index}")`` gives the deal seed and drives the
  seats; the deck (S H D C, A..K) is shuffled with ``random.Random(deal_seed)``, which
  also shuffles the rebuilds; hands, draw stacks, starters and reserves are taken in
  that order, each stack top card first;
- the clock: the starters are revealed at t = 0; each seat's reaction time is 300-700 ms
  (uniform, whole ms) rounded up to the 10 ms tick; a seat with nothing to do waits
  until the table changes and reacts then; seats due at the same moment all decide on
  the table as it is, then land in a random order, a card that no longer fits being
  taken back;
- the choice: uniformly among the distinct cards the seat can play and the draw, then
  uniformly among the piles the card fits;
- the table: when both seats wait, the reserves flip 1 s after the last event; with the
  reserves empty, the cards under the pile tops are shuffled into new reserves (5 s)
  and flip 1 s later, unless no card is beneath a top or no card in hand fits any centre
  card (a dead end); the deal ends when a seat plays its last card with an empty draw
  stack (both at the same moment: a tie), or after 20,000 events.

    python benchmarks/bare_playout.py 2000
"""

from __future__ import annotations

import random
import sys
import time

FITS = [[(a - b) % 13 in (1, 12) for b in range(14)] for a in range(14)]
"""FITS[top][card] for ranks 1 (ace) .. 13 (king): one up or down, K-A-2 connecting."""
RANK = [c % 13 + 1 for c in range(52)]
NEVER = 1 << 62
MAX_EVENTS = 20_000
LOW, WIDTH, TICK = 300 + 10 - 1, 401, 10  # 300..700 ms, rounded up to the 10 ms tick


def playout(seed: int, index: int) -> tuple[int, int, int, int, int, int, tuple[int, int]]:
    """Deal ``index`` of a run with ``seed``: ``(winner, events, plays, draws, flips, rebuilds,
    remaining)``, the winner -1 for a dead end, -2 for a tie, -3 unfinished."""
    rng = random.Random(f"{seed}:{index}")
    rand = rng.random
    table_rng = random.Random(rng.getrandbits(63))
    deck = list(range(52))
    table_rng.shuffle(deck)
    hands = [deck[0:5], deck[5:10]]
    draws = [deck[24:9:-1], deck[39:24:-1]]  # top card last
    piles = [[deck[40]], [deck[41]]]
    tops = [RANK[deck[40]], RANK[deck[41]]]
    reserves = [deck[46:41:-1], deck[51:46:-1]]
    due = [(LOW + int(rand() * WIDTH)) // TICK * TICK, (LOW + int(rand() * WIDTH)) // TICK * TICK]
    events, plays, draws_n, flips, rebuilds = 1, 0, 0, 0, 0  # the reveal is the first event
    last = 0
    winner = -3
    while events < MAX_EVENTS:
        t = due[0] if due[0] <= due[1] else due[1]
        if t == NEVER:  # both seats wait: play is blocked
            if reserves[0] or reserves[1]:
                t = last + 1000
                for i in (0, 1):
                    if reserves[i]:
                        card = reserves[i].pop()
                        piles[i].append(card)
                        tops[i] = RANK[card]
                flips += 1
                events += 1
                last = t
                due = [(t + LOW + int(rand() * WIDTH)) // TICK * TICK, (t + LOW + int(rand() * WIDTH)) // TICK * TICK]
                continue
            beneath = piles[0][:-1] + piles[1][:-1]
            centre = {RANK[c] for c in piles[0] + piles[1]}
            if not beneath or not any(FITS[c][RANK[h]] for hand in hands for h in hand for c in centre):
                winner = -1  # a dead end
                break
            table_rng.shuffle(beneath)
            half = (len(beneath) + 1) // 2
            reserves = [beneath[half - 1::-1], beneath[:half - 1:-1]]
            piles = [piles[0][-1:], piles[1][-1:]]
            rebuilds += 1
            events += 1
            last += 5000
            continue
        seats = [0] if due[0] < due[1] else [1] if due[1] < due[0] else [0, 1]
        if len(seats) > 1:
            rng.shuffle(seats)
        chosen = []
        for seat in seats:  # every seat due now decides on the table as it is
            hand = hands[seat]
            fit0, fit1 = FITS[tops[0]], FITS[tops[1]]
            codes = sorted({c for c in hand if fit0[RANK[c]] or fit1[RANK[c]]})
            n = len(codes) + (1 if draws[seat] and len(hand) < 5 else 0)
            if not n:
                due[seat] = NEVER
                continue
            i = int(rand() * n) if n > 1 else 0
            if i == len(codes):
                chosen.append((seat, -1, -1))
                continue
            card = codes[i]
            fitting = [p for p in (0, 1) if FITS[tops[p]][RANK[card]]]
            chosen.append((seat, card, fitting[int(rand() * len(fitting))] if len(fitting) > 1 else fitting[0]))
        out = -1
        for seat, card, pile in chosen:  # ... and the actions land in that order
            due[seat] = (t + LOW + int(rand() * WIDTH)) // TICK * TICK
            stack = draws[seat]
            if card < 0:
                if out >= 0:
                    continue  # the deal is over: taken back
                hands[seat].append(stack.pop())
                draws_n += 1
            else:
                if not FITS[tops[pile]][RANK[card]]:
                    continue  # it no longer fits: taken back
                hands[seat].remove(card)
                piles[pile].append(card)
                tops[pile] = RANK[card]
                plays += 1
                if not hands[seat] and not stack:
                    out = seat if out < 0 else -2
            events += 1
            last = t
            other = 1 - seat
            if due[other] == NEVER:
                due[other] = (t + LOW + int(rand() * WIDTH)) // TICK * TICK
        if out != -1:
            winner = out
            break
    remaining = (len(hands[0]) + len(draws[0]), len(hands[1]) + len(draws[1]))
    return winner, events, plays, draws_n, flips, rebuilds, remaining


def deals_per_second(games: int, seed: int = 1) -> float:
    """Play ``games`` deals and return how many were played per second."""
    start = time.perf_counter()
    for index in range(games):
        playout(seed, index)
    return games / (time.perf_counter() - start)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"bare random playout of plain Speed: {deals_per_second(n):.0f} deals/s ({n} deals)")
