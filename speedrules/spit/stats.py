"""The figures of simulated games of Spit: what a game adds to its result (:class:`SpitStats`,
``result.spit``) and what a run's games add up to (:class:`SpitSummary`, ``summary.spit``: the
table and the JSON ``speedrules simulate`` prints for a Spit variant).

>>> from speedrules.sim.simulation import simulate
>>> from speedrules.sim.stats import summarize
>>> summary = summarize(simulate("spit", 3, seed=1), variant="spit", bots=["random", "greedy"], seed=1)
>>> summary.spit.games, summary.table().splitlines()[0]
(3, 'spit: 3 simulated games, seed 1')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ..core.stats import SeatShare, Spread, pct, render, seat_shares

__all__ = ["SpitStats", "SpitSummary", "summarize_spit"]


@attrs.frozen(slots=True)
class SpitStats:
    """What a simulated game of Spit adds to its result (``result.spit``).

    ``rounds`` is the rounds played (the last one cut short when the game is ``unfinished``);
    ``spits``, ``moves`` (gap moves), ``pairs`` (pairings), ``slaps`` and ``chooses`` count
    logged events over the game; ``round_events`` and ``round_spits`` give each round's events
    and spits.  ``races`` is, per seat, the slap races it won (its hand landed first, in a
    round with two centre piles); ``chose`` the rounds in which it chose a pile (``spit.claim:
    first-out-chooses``); ``smaller`` the rounds in which it took the smaller of two unequal
    centre piles.
    """

    rounds: int
    spits: int
    moves: int
    pairs: int
    slaps: int
    chooses: int
    races: tuple[int, int]
    chose: tuple[int, int]
    smaller: tuple[int, int]
    round_events: tuple[int, ...]
    round_spits: tuple[int, ...]



@attrs.frozen(slots=True)
class SpitSummary:
    """The statistics of simulated games of Spit (``Summary.spit``): what ``speedrules
    simulate`` prints for a Spit variant.

    ``games`` were played: ``outright`` won by a player out of cards, ``by_rounds`` decided by
    a fixed number of rounds, ``ties`` left equal, ``unfinished`` cut at ``max_rounds`` rounds
    or ``max_events`` events, ``stuck`` unable to go on by the rules (see
    :data:`~speedrules.spit.table.MAX_IDLE_MOVES`).  ``rounds`` spreads the rounds per game (``total_rounds`` in
    all); ``round_events`` and ``round_spits`` the events and spits of every round played; the
    event counts are totals over all games.  ``races`` gives each seat's slap races won, as a
    share of all ``total_races``; ``chose`` the piles each seat chose (``first-out-chooses``);
    ``smaller`` how often each seat took the smaller of two unequal centre piles, as a share of
    ``unequal`` such rounds; ``seats`` each seat's share of games won, with its 95% Wilson
    interval; ``length`` spreads the rounds of the finished games and ``mean_ms`` their mean
    time of play.
    """

    variant: str
    seed: int | None
    games: int
    outright: int
    by_rounds: int
    ties: int
    unfinished: int
    stuck: int
    rounds: Spread
    total_rounds: int
    round_events: Spread
    round_spits: Spread
    plays: int
    moves: int
    pairs: int
    spits: int
    slaps: int
    chooses: int
    bounced: int
    races: tuple[SeatShare, ...]
    total_races: int
    chose: tuple[int, ...]
    smaller: tuple[SeatShare, ...]
    unequal: int
    seats: tuple[SeatShare, ...]
    length: Spread
    mean_ms: float
    max_rounds: int
    max_events: int

    @property
    def won(self) -> int:
        """The games with a winner."""
        return sum(s.wins for s in self.seats)

    @property
    def finished(self) -> int:
        """The games that reached their end by the rules."""
        return self.outright + self.by_rounds + self.ties

    def per_round(self, total: int) -> float:
        return total / self.total_rounds if self.total_rounds else 0.0

    def to_json(self) -> dict[str, Any]:
        def counted(total: int) -> dict[str, float | int]:
            return {"total": total, "per_round": self.per_round(total)}

        return {
            "family": "spit", "variant": self.variant, "seed": self.seed, "games": self.games,
            "won_outright": self.outright, "decided_on_rounds": self.by_rounds, "ties": self.ties,
            "unfinished": self.unfinished, "stuck": self.stuck,
            "limits": {"max_rounds": self.max_rounds, "max_events": self.max_events},
            "rounds": {**self.rounds.to_json(), "total": self.total_rounds},
            "events_per_round": self.round_events.to_json(), "spits_per_round": self.round_spits.to_json(),
            "plays": counted(self.plays), "moves": counted(self.moves), "pairs": counted(self.pairs),
            "spits": counted(self.spits), "slaps": counted(self.slaps), "chooses": counted(self.chooses),
            "bounced": counted(self.bounced),
            "slap_races": {"total": self.total_races, "seats": [s.to_json() for s in self.races]},
            "chose": list(self.chose),
            "smaller_pile": {"rounds": self.unequal, "seats": [s.to_json() for s in self.smaller]},
            "seats": [s.to_json() for s in self.seats],
            "length": {**self.length.to_json(), "games": self.finished, "mean_ms": self.mean_ms},
        }

    def table(self) -> str:
        """The summary as the readable table ``speedrules simulate`` prints."""
        games = self.games
        stuck = f", {self.stuck} stuck" if self.stuck else ""
        rows: list[tuple[str, str]] = [
            ("games played", f"{games} ({self.outright} won outright, {self.by_rounds} decided on rounds, "
                             f"{self.ties} tied, {self.unfinished} unfinished{stuck})"),
            ("rounds per game", f"mean {self.rounds.mean:.1f}, median {self.rounds.median}, p95 {self.rounds.p95} "
                                f"({self.total_rounds} rounds in all)"),
            ("events per round", f"mean {self.round_events.mean:.1f}, median {self.round_events.median}, "
                                 f"p95 {self.round_events.p95}"),
            ("spits per round", f"mean {self.round_spits.mean:.1f}, median {self.round_spits.median}, "
                                f"p95 {self.round_spits.p95}"),
            ("plays per round", f"{self.per_round(self.plays):.2f} ({self.plays} in all)"),
            ("row moves per round", f"{self.per_round(self.moves + self.pairs):.2f} ({self.moves} gap moves, "
                                    f"{self.pairs} pairings)"),
            ("bounced per round", f"{self.per_round(self.bounced):.2f} ({self.bounced} in all)"),
        ]
        width = max(len(f"seat {s.seat} ({s.bot})") for s in self.seats) if self.seats else 0

        def shares(head: str, items: Sequence[SeatShare], of: str, ci: bool) -> None:
            for i, s in enumerate(items):
                label = f"seat {s.seat} ({s.bot})"
                interval = f"  (95% CI {pct(s.low)} to {pct(s.high)})" if ci else ""
                rows.append((head if i == 0 else "",
                             f"{label:<{width}}  {pct(s.share):>6}  {s.wins} of {of}{interval}"))

        if self.total_races:
            shares("slap races won", self.races, f"{self.total_races} races", False)
        if self.chooses:
            rows.append(("piles chosen", ", ".join(f"seat {seat} {n}" for seat, n in enumerate(self.chose))))
        if self.unequal:
            shares("smaller pile taken", self.smaller, f"{self.unequal} rounds", False)
        shares("win share", self.seats, f"{games} games", True)
        rows.append(("", f"{'no winner':<{width}}  {pct((games - self.won) / games if games else 0.0):>6}"))
        if self.finished:
            rows.append(("game length", f"mean {self.length.mean:.1f} rounds, median {self.length.median}, p95 "
                                        f"{self.length.p95} (finished games); {self.mean_ms / 60_000:.1f} min of "
                                        "play on average"))
        else:
            rows.append(("game length", "no game finished"))
        rows.append(("unfinished games", f"{self.unfinished} ({pct(self.unfinished / games if games else 0.0)}): "
                                         f"not decided within {self.max_rounds:,} rounds or "
                                         f"{self.max_events:,} events"))
        if self.stuck:
            rows.append(("stuck games", f"{self.stuck} ({pct(self.stuck / games)}): play could not go on by the "
                                        "rules (row moves went round in circles and no spit was allowed; "
                                        "docs/simulation.md)"))
        return render(f"{self.variant}: {games} simulated games", self.seed, rows)


def summarize_spit(results: Sequence[Any], names: Sequence[str], *, variant: str, seed: int | None,
                   max_rounds: int, max_events: int) -> SpitSummary:
    """The statistics of simulated games of Spit (see :class:`SpitSummary`), from their results
    (``SimResult`` values, each with its :class:`SpitStats` in ``extra["spit"]``)."""
    stats: list[SpitStats] = [r.extra["spit"] for r in results]
    games = len(results)
    wins = [sum(r.winner == seat for r in results) for seat in range(2)]
    races = [sum(st.races[seat] for st in stats) for seat in range(2)]
    smaller = [sum(st.smaller[seat] for st in stats) for seat in range(2)]
    done = [r for r in results if r.finished]
    return SpitSummary(
        variant=variant, seed=seed, games=games,
        outright=sum(r.reason == "out" for r in results), by_rounds=sum(r.reason == "rounds" for r in results),
        ties=sum(r.reason == "tie" for r in results), unfinished=sum(r.reason == "unfinished" for r in results),
        stuck=sum(r.reason == "stuck" for r in results),
        rounds=Spread.of([st.rounds for st in stats]), total_rounds=sum(st.rounds for st in stats),
        round_events=Spread.of([n for st in stats for n in st.round_events]),
        round_spits=Spread.of([n for st in stats for n in st.round_spits]),
        plays=sum(r.counts.get("play", 0) for r in results), moves=sum(st.moves for st in stats),
        pairs=sum(st.pairs for st in stats), spits=sum(st.spits for st in stats),
        slaps=sum(st.slaps for st in stats), chooses=sum(st.chooses for st in stats),
        bounced=sum(r.bounced for r in results),
        races=seat_shares(names, races, sum(races)), total_races=sum(races),
        chose=tuple(sum(st.chose[seat] for st in stats) for seat in range(2)),
        smaller=seat_shares(names, smaller, sum(smaller)), unequal=sum(smaller),
        seats=seat_shares(names, wins, games),
        length=Spread.of([r.rounds for r in done]),
        mean_ms=sum(r.duration_ms for r in done) / len(done) if done else 0.0,
        max_rounds=max_rounds, max_events=max_events,
    )


