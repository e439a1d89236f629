"""A bare random playout of plain Spit: the speed baseline for ``speedrules.simulate("spit", ...)``.

Plain Python over lists and ints, no library code, for one variant only (plain ``spit``: two
seats, rows of 1-2-3-4-5 stock piles, no pairing, the strict reading of "stuck", slap claims,
rounds until a player is out of cards).  It plays exactly the model ``speedrules.simulate`` plays
with two random bots (docs/simulation.md, "Spit"), with the same random draws, so it plays the
very same games and a test can check that it does:

- the game: ``random.Random(f"{seed}:{index}")`` drives the seats and gives the game's seed;
  ``random.Random(game_seed)`` shuffles the deck (S H D C, A..K), deals 26 cards a player and
  shuffles each player's cards again before laying a row (piles of 1, 2, 3, 4 and 5 from the
  left, each pile's first card its top, the rest the spit pile), as it does every later round,
  each player's holding taken in the kernel's order: the row pile by pile, the spit pile, the
  claimed centre pile, each bottom card first;
- the clock: each round starts with the table's spit at t = 0; each seat's reaction time is
  300-700 ms (uniform, whole ms) rounded up to the 10 ms tick; a seat with nothing to do waits
  until the table changes and reacts then; a spit, or the end of the round, makes both react;
  seats (and the table, when its spit is due) due at the same moment all decide on the table
  as it is, then land in a random order, an action that no longer stands being taken back
  (bounced);
- the choice: during play, uniformly among the stock piles whose top fits a centre pile, then
  among the centre piles it fits; with none, the first gap move towards the shallowest card
  that fits (the earliest pile on a tie), lifted into the first gap; once the round is over, a
  slap on a centre pile at random;
- the table: it spits 1 s after the event that left both seats stuck by the strict reading (no
  top fits, nor would after gap moves: with *g* gaps, no card at most *g* deep fits); a lone
  spitter names a pile the first time, at random (its own side first); the round ends when a
  row is cleared, or in a jam (no spit card left, both stuck); the first slap takes its pile
  and gives the other the other pile (a second slap in the same moment stands and changes
  nothing); a single centre pile goes to the player who did not go out (after a jam, to the one
  with more cards in the row, on equal rows to the lone spitter); once the round is settled and
  both seats wait, the next round is laid; a player holding nothing once a round is settled
  wins; a game stops unfinished after 200 rounds or 20,000 events.

The simulator's guard against a seat moving cards round in circles (``MAX_IDLE_MOVES``, and a
row coming back to an arrangement it had) never acts in plain Spit: a seat makes gap moves only
when it has no play, each towards the shallowest card that fits, so each fills a gap and its
row never comes back before a play or a spit changes the table; this loop leaves it out.

    python benchmarks/bare_spit_playout.py 200
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

RANK = [c % 13 for c in range(52)]
"""Each card code's rank, 0 (ace) to 12 (king)."""
UNSTARTED = 13
"""The top of a centre pile no spit has started: nothing fits it."""
FITS = [[(a - b) % 13 in (1, 12) for b in range(13)] for a in range(13)] + [[False] * 13]
"""FITS[top][card]: one rank up or down, K-A-2 wrapping."""
SIZES = (1, 2, 3, 4, 5)
NEVER = 1 << 61
MAX_EVENTS, MAX_ROUNDS = 20_000, 200
LOW, WIDTH, TICK = 300 + 10 - 1, 401, 10  # 300..700 ms, rounded up to the 10 ms tick
PAUSE = 1000  # the table spits this long after the event that jammed play
SPIT, PLAY, MOVE, SLAP = range(4)
STIRRED, ENDED = 1, 2


class Table:
    """One game of plain Spit: the round being played, and the game's counts."""

    __slots__ = ("alone", "centre", "counts", "due", "ended", "events", "last", "locked", "out", "over", "owners",
                 "played_ms", "rng", "rounds", "rows", "spits", "started", "tops", "winner")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        deck = list(range(52))
        rng.shuffle(deck)
        self.events = self.played_ms = self.rounds = 0
        self.counts = [0, 0, 0, 0]  # spits, plays, gap moves, slaps
        self.winner = -1
        self.lay([deck[:26], deck[26:]])

    def lay(self, holdings: list[list[int]]) -> None:
        """A new round from each player's holding, shuffled and laid by the rules."""
        self.rows, self.spits = [], []
        for cards in holdings:
            self.rng.shuffle(cards)
            row, start = [], 0
            for size in SIZES:
                row.append(cards[start:start + size][::-1])  # top last
                start += len(row[-1])
            self.rows.append(row)
            self.spits.append(cards[start:][::-1])
        self.centre: list[list[int]] = [[], []]
        self.tops = [UNSTARTED, UNSTARTED]
        self.started = self.over = self.ended = False
        self.out = self.alone = self.locked = -1
        self.owners: list[int] | None = None  # once settled: who took each centre pile
        self.due = self.last = 0  # the round's first spit is due at once
        self.rounds += 1

    def stuck(self, p: int) -> bool:
        """Whether seat ``p`` can play nothing, not even after gap moves (the strict reading)."""
        fit0, fit1 = FITS[self.tops[0]], FITS[self.tops[1]]
        row = self.rows[p]
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

    def pick(self, seat: int, rand: Callable[[], float]) -> tuple[int, int, int] | None:
        """The random bot's option for ``seat`` now, or ``None`` when it has nothing to do."""
        if self.owners is not None or self.winner >= 0:
            return None
        if self.over:  # two centre piles, nobody has slapped yet
            return SLAP, int(rand() * 2), 0
        if not self.started:
            return None
        fit0, fit1 = FITS[self.tops[0]], FITS[self.tops[1]]
        row = self.rows[seat]
        plays = []
        for i in range(5):
            pile = row[i]
            if pile:
                r = RANK[pile[-1]]
                if fit0[r]:
                    plays.append((i, 0, fit1[r]))
                elif fit1[r]:
                    plays.append((i, 1, False))
        if plays:
            n = len(plays)
            i, c, both = plays[int(rand() * n)] if n > 1 else plays[0]
            return PLAY, i, int(rand() * 2) if both else c
        gaps = [j for j in range(5) if not row[j]]
        best, deepest = -1, len(gaps) + 1
        for i in range(5):
            pile = row[i]
            for depth in range(1, min(deepest, len(pile))):
                r = RANK[pile[-1 - depth]]
                if fit0[r] or fit1[r]:
                    best, deepest = i, depth
                    break
        return (MOVE, best, gaps[0]) if best >= 0 else None

    def spit_option(self, rand: Callable[[], float]) -> tuple[int, int, int] | None:
        """The table's spit, when allowed: a lone spitter names a pile the first time (at random,
        its own side first)."""
        spits = self.spits
        if self.over or not (spits[0] or spits[1]) or (self.started and not (self.stuck(0) and self.stuck(1))):
            return None
        if (spits[0] and spits[1]) or self.locked >= 0:
            return SPIT, -1, 0
        seat = 0 if spits[0] else 1
        return SPIT, (seat, 1 - seat)[int(rand() * 2)], 0

    def land(self, actor: int, option: tuple[int, int, int], t: int) -> int:
        """``option`` of ``actor`` (-1: the table) lands at ``t``: -1 if taken back, else the bits
        STIRRED (both seats react) and ENDED (the round is settled)."""
        kind, a, b = option
        if self.winner >= 0 or (self.owners is not None and kind != SLAP):
            return -1
        if kind == SLAP:
            if self.owners is None:  # the first hand down takes its pile
                self.owners = [actor, 1 - actor] if a == 0 else [1 - actor, actor]
            # (the second slap stands and changes nothing)
        elif self.over:
            return -1
        elif kind == PLAY:
            pile = self.rows[actor][a]
            card = pile[-1]
            if not FITS[self.tops[b]][RANK[card]]:
                return -1
            self.centre[b].append(pile.pop())
            self.tops[b] = RANK[card]
            if not any(self.rows[actor]):
                self.over, self.out = True, actor
        elif kind == MOVE:
            row = self.rows[actor]
            row[b].append(row[a].pop())
        else:  # (a spit stands as it lands: it was due with both seats stuck, so no seat acted before it)
            self.spit(a)
        self.events += 1
        self.counts[kind] += 1
        self.last = t
        return self.after(kind, t)

    def spit(self, pile: int) -> None:
        spits = self.spits
        if spits[0] and spits[1]:
            for p in (0, 1):
                card = spits[p].pop()
                self.centre[p].append(card)
                self.tops[p] = RANK[card]
        else:
            self.alone = 0 if spits[0] else 1
            if self.locked < 0:
                self.locked = pile
            card = spits[self.alone].pop()
            self.centre[self.locked].append(card)
            self.tops[self.locked] = RANK[card]
        self.started = True

    def after(self, kind: int, t: int) -> int:
        """After an event: has the round ended (a jam), is it settled, and when does the table
        spit."""
        done = STIRRED if kind == SPIT else 0
        spits = self.spits
        if not self.over and not spits[0] and not spits[1] and self.stuck(0) and self.stuck(1):
            self.over = True  # a jam
        if not self.over:
            if not (spits[0] or spits[1]) or not (self.stuck(0) and self.stuck(1)):
                self.due = NEVER
            elif self.due == NEVER or kind == SPIT:
                self.due = t + PAUSE  # play has just jammed: the table spits after the pause
            return done
        if not self.ended:  # the round has just ended: both react to it
            self.ended = True
            done |= STIRRED
        self.due = NEVER
        if self.owners is None and not (self.centre[0] and self.centre[1]):
            if self.out >= 0:
                taker = 1 - self.out
            else:
                cards = [sum(map(len, self.rows[0])), sum(map(len, self.rows[1]))]
                taker = (0 if cards[0] > cards[1] else 1) if cards[0] != cards[1] else max(self.alone, 0)
            self.owners = [taker, taker]
        if self.owners is None:
            return done
        if self.winner < 0:  # a player holding nothing once the round is settled wins the game
            held = self.holdings()
            self.winner = 0 if not held[0] else 1 if not held[1] else -1
        return done | ENDED

    def step(self) -> int:
        """Both seats wait and nothing is due: the next round once this one is settled.  0, or
        why the game stops: -4 stuck (nobody may act), -3 unfinished (the round bound)."""
        if self.owners is None:
            return -4
        self.played_ms += self.last  # the round's time of play
        self.last = 0
        if self.rounds >= MAX_ROUNDS:
            return -3
        self.lay(self.holdings())
        return 0

    def holdings(self) -> list[list[int]]:
        """What each player holds: the row, the spit pile, and once settled the pile taken."""
        owners = self.owners or [-1, -1]
        return [[c for pile in self.rows[p] for c in pile] + self.spits[p]
                + [c for i in (0, 1) if owners[i] == p for c in self.centre[i]] for p in (0, 1)]


def playout(seed: int, index: int) -> tuple[int, int, int, int, int, int, int, int, tuple[int, int], int]:
    """Game ``index`` of a run with ``seed``: ``(winner, events, rounds, spits, plays, gap moves,
    slaps, bounced, remaining, duration_ms)``, the winner -3 for a game cut short (unfinished),
    -4 for a stuck one; ``remaining`` the cards each player holds at the end."""
    rng = random.Random(f"{seed}:{index}")
    rand = rng.random
    table = Table(random.Random(rng.getrandbits(63)))
    due = [NEVER, NEVER]
    bounced, reason = 0, 0
    while True:
        if table.events >= MAX_EVENTS:
            reason = -3
            break
        t = table.due
        a, b = due
        m, actor = (b, 1) if b < a else (a, 0)
        if m < t:  # a seat alone, or both seats
            t, count = m, 2 if a == b else 1
        elif m == t:  # the table and one or both seats
            count = 3 if a == b else 2
        else:  # the table alone
            actor, count = -1, 1
        if t == NEVER:  # both seats wait and the table has nothing due: the next round
            reason = table.step()
            if reason:
                break
            continue
        landing = []
        if count == 1 and actor >= 0:
            option = table.pick(actor, rand)
            if option is None:
                due[actor] = NEVER
                continue
            landing.append((actor, option))
        else:  # all due decide on the table as it is, then land in a random order
            actors = ([-1] if table.due == t else []) + [s for s in (0, 1) if due[s] == t]
            rng.shuffle(actors)
            for actor in actors:
                if actor < 0:
                    table.due = NEVER
                    option = table.spit_option(rand)
                else:
                    option = table.pick(actor, rand)
                    if option is None:
                        due[actor] = NEVER
                if option is not None:
                    landing.append((actor, option))
        ended = False
        for actor, option in landing:
            if actor >= 0:
                due[actor] = (t + LOW + int(rand() * WIDTH)) // TICK * TICK
            done = table.land(actor, option, t)
            if done < 0:
                bounced += 1
                continue
            if done & ENDED:
                ended = True
            for s in (0, 1):
                if done & STIRRED or due[s] == NEVER:
                    due[s] = (t + LOW + int(rand() * WIDTH)) // TICK * TICK
        if ended and table.winner >= 0:
            break
    table.played_ms += table.last
    held = table.holdings()
    spits, plays, moves, slaps = table.counts
    winner = reason if reason < 0 else table.winner
    return (winner, table.events, table.rounds, spits, plays, moves, slaps, bounced, (len(held[0]), len(held[1])),
            table.played_ms)


def games_per_second(games: int, seed: int = 1) -> float:
    """Play ``games`` games and return how many were played per second."""
    start = time.perf_counter()
    for index in range(games):
        playout(seed, index)
    return games / (time.perf_counter() - start)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"bare random playout of plain Spit: {games_per_second(n):.1f} games/s ({n} games)")
