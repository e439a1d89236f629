"""What a simulated game gives (:class:`SimResult`) and what a run adds up to (:class:`Summary`,
:func:`summarize`), for every family: counts of events by kind name, how each game ended, win
shares, and the family's own figures (:meth:`~speedrules.table.Table.extra`,
:meth:`~speedrules.family.Family.summary_extra`); the family lays out the table and the JSON
``speedrules simulate`` prints.

>>> from speedrules.sim.simulation import simulate
>>> summary = summarize(simulate("speed", 5, seed=1), variant="speed", bots=["random", "random"])
>>> summary.deals, sum(s.wins for s in summary.seats) == summary.won, summary.totals["play"] == summary.plays
(5, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..core.errors import SpeedrulesError
from ..core.stats import SeatShare, Spread, seat_shares
from ..core.variant import DEFAULT_FAMILY
from ..family import family_names, family_of

if TYPE_CHECKING:
    from ..logs.log import Log

__all__ = ["FINISHED", "MAX_EVENTS", "MAX_ROUNDS", "REASONS", "SimResult", "SimulationError", "Summary", "summarize"]

REASONS = ("out", "tie", "dead-end", "rounds", "unfinished", "stuck")
"""How a simulated deal (or game of Spit) ended: see :attr:`SimResult.reason`."""
FINISHED = frozenset(("out", "tie", "dead-end", "rounds"))
"""The endings by the rules (the others were cut short)."""
MAX_EVENTS = 20_000
"""The default bound on a deal's events; a deal that reaches it is reported as ``unfinished``.
In Spit the bound is on a whole game's events (every round's)."""
MAX_ROUNDS = 200
"""The default bound on a game's rounds (Spit); a game not decided by then is ``unfinished``."""


class SimulationError(SpeedrulesError):
    """Bad arguments to :func:`~speedrules.sim.simulation.simulate` (a count, a bound, a log path)."""


@attrs.frozen(slots=True, init=False)
class SimResult:
    """One simulated deal (or, in Spit, one simulated game of rounds).

    ``family`` names the game; ``index`` is the deal's number in the run and ``seed`` the seed
    it was dealt with (``deal(variant, seed)`` deals the same layout).  ``reason`` is ``"out"``
    (``winner`` played their last card, and called where the variant requires), ``"tie"``
    (the seats in ``tied`` went out at the same moment), ``"dead-end"``, ``"rounds"`` (a fixed
    number of rounds decided it), ``"unfinished"`` (a bound was reached) or ``"stuck"``
    (nobody could act and the table could not either).  ``events`` counts the logged events,
    ``counts`` them by kind name (``{"play": 31, "draw": 24, ...}``); ``bounced`` the attempts
    that no longer fitted when they landed.  ``duration_ms`` is the time of play (each round's
    clock starts at its first spit), ``remaining`` the cards each seat still holds, ``rounds``
    the deals (rounds) played, ``extra`` the family's own figures (Speed: ``collisions``, the
    collisions the variant's policy recorded; Spit: ``spit``, a ``SpitStats``).  ``log`` is
    the game as a ``speedrules-log/1`` log when asked for.

    The counts are also read by the names they had before (``plays``, ``draws``, ``flips``,
    ``rebuilds``, ``calls``, ``pickups``; ``collisions`` and ``spit`` from ``extra``).
    """

    family: str
    index: int
    seed: int
    winner: int | None
    reason: str
    events: int
    remaining: tuple[int, ...]
    counts: Mapping[str, int] = attrs.field(factory=dict)
    tied: tuple[int, ...] = ()
    bounced: int = 0
    duration_ms: int = 0
    rounds: int = 1
    extra: Mapping[str, Any] = attrs.field(factory=dict)
    log: Log | None = attrs.field(default=None, repr=False)

    def __init__(self, *, index: int, seed: int, winner: int | None, reason: str, events: int,
                 remaining: tuple[int, ...], family: str | None = None, counts: Mapping[str, int] | None = None,
                 tied: tuple[int, ...] = (), bounced: int = 0, duration_ms: int = 0, rounds: int = 1,
                 extra: Mapping[str, Any] | None = None, log: Log | None = None, plays: int = 0, draws: int = 0,
                 flips: int = 0, rebuilds: int = 0, calls: int = 0, pickups: int = 0, collisions: int = 0,
                 spit: Any = None) -> None:
        # The keywords the counts had before the family contract (``plays=`` ... ``spit=``) still
        # make a result: they go into ``counts`` and ``extra``; the family is the default one
        # unless named.
        if plays or draws or flips or rebuilds or calls or pickups:
            legacy = {"play": plays, "draw": draws, "flip": flips, "rebuild": rebuilds, "call": calls,
                      "pickup": pickups}
            counts = {**{kind: n for kind, n in legacy.items() if n}, **(counts or {})}
        if collisions or spit is not None:
            extra = {**({"collisions": collisions} if collisions else {}),
                     **({"spit": spit} if spit is not None else {}), **(extra or {})}
        if family is None:
            family = DEFAULT_FAMILY
        # (positional, in the order of the fields: one call a simulated game)
        self.__attrs_init__(family, index, seed, winner, reason, events, remaining, {} if counts is None else counts,
                            tied, bounced, duration_ms, rounds, {} if extra is None else extra, log)

    @property
    def finished(self) -> bool:
        """Whether the deal (or game) reached its end by the rules (a winner, a tie, a dead end)."""
        return self.reason in FINISHED

    @property
    def loser_cards(self) -> int | None:
        """With a winner: the cards every other seat still holds, summed (the loser's
        cards in a two-seat game; the margin ``margin`` scoring counts)."""
        if self.winner is None:
            return None
        return sum(self.remaining) - self.remaining[self.winner]

    # the names the counts had before the family contract (public, kept)
    @property
    def plays(self) -> int:
        """The plays logged."""
        return self.counts.get("play", 0)
    @property
    def draws(self) -> int:
        """The draws logged."""
        return self.counts.get("draw", 0)
    @property
    def flips(self) -> int:
        """The flips logged."""
        return self.counts.get("flip", 0)
    @property
    def rebuilds(self) -> int:
        """The rebuilds logged."""
        return self.counts.get("rebuild", 0)
    @property
    def calls(self) -> int:
        """The calls logged."""
        return self.counts.get("call", 0)
    @property
    def pickups(self) -> int:
        """The pickups logged."""
        return self.counts.get("pickup", 0)
    @property
    def collisions(self) -> int:
        """The collisions recorded (Speed)."""
        value = self.extra.get("collisions", 0)
        return value if isinstance(value, int) else 0
    @property
    def spit(self) -> Any:
        """The game's ``SpitStats`` (Spit), else ``None``."""
        return self.extra.get("spit")

    def to_json(self) -> dict[str, Any]:
        extra = {name: value.to_json() if hasattr(value, "to_json") else
                 attrs.asdict(value) if attrs.has(type(value)) else value for name, value in self.extra.items()}
        return {
            "family": self.family, "index": self.index, "seed": self.seed, "winner": self.winner,
            "reason": self.reason, "events": self.events, "plays": self.plays, "draws": self.draws,
            "flips": self.flips, "rebuilds": self.rebuilds, "remaining": list(self.remaining),
            "tied": list(self.tied), "calls": self.calls, "pickups": self.pickups, "collisions": self.collisions,
            "bounced": self.bounced, "duration_ms": self.duration_ms, "rounds": self.rounds,
            "spit": extra.get("spit"), "counts": dict(self.counts), "extra": extra,
        }


@attrs.frozen(slots=True, kw_only=True)
class Summary:
    """The statistics of a run: what ``speedrules simulate`` prints (the family lays out
    :meth:`table` and :meth:`to_json`).

    ``deals`` results were played (games, for Spit); ``reasons`` counts how they ended, ``won``
    those with a winner; ``events`` spreads the events per result; ``totals`` adds up every
    count over the results (by kind name, ``bounced``, and the family's own numeric figures);
    ``seats`` gives each seat's win share, with its 95% Wilson interval; ``loser_cards``
    spreads :attr:`SimResult.loser_cards` over the results with a winner; ``extra`` holds the
    family's own summary (Spit: ``spit``, a ``SpitSummary``).
    """

    family: str
    variant: str
    seed: int | None
    deals: int
    reasons: Mapping[str, int]
    won: int
    events: Spread
    totals: Mapping[str, int]
    seats: tuple[SeatShare, ...]
    loser_cards: Spread
    extra: Mapping[str, Any] = attrs.field(factory=dict)

    def per_deal(self, total: int) -> float:
        return total / self.deals if self.deals else 0.0

    @property
    def unfinished(self) -> int:
        """The results not finished by the rules (cut by a bound, or stuck)."""
        return self.deals - sum(n for reason, n in self.reasons.items() if reason in FINISHED)

    # the names the figures had before the family contract (public, kept)
    @property
    def dead_ends(self) -> int:
        """The dead ends."""
        return self.reasons.get("dead-end", 0)
    @property
    def ties(self) -> int:
        """The ties."""
        return self.reasons.get("tie", 0)
    @property
    def plays(self) -> int:
        """The plays in all."""
        return self.totals.get("play", 0)
    @property
    def draws(self) -> int:
        """The draws in all."""
        return self.totals.get("draw", 0)
    @property
    def flips(self) -> int:
        """The flips in all."""
        return self.totals.get("flip", 0)
    @property
    def rebuilds(self) -> int:
        """The rebuilds in all."""
        return self.totals.get("rebuild", 0)
    @property
    def calls(self) -> int:
        """The calls in all."""
        return self.totals.get("call", 0)
    @property
    def pickups(self) -> int:
        """The pickups in all."""
        return self.totals.get("pickup", 0)
    @property
    def collisions(self) -> int:
        """The collisions in all (Speed)."""
        return self.totals.get("collisions", 0)
    @property
    def bounced(self) -> int:
        """The actions taken back in all."""
        return self.totals.get("bounced", 0)
    @property
    def spit(self) -> Any:
        """The ``SpitSummary`` of games of Spit, else ``None``."""
        return self.extra.get("spit")

    def to_json(self) -> dict[str, Any]:
        """The figures as ``speedrules simulate --json`` prints them."""
        data: dict[str, Any] = family_of(self.family).summary_json(self)
        return data

    def table(self) -> str:
        """The summary as the readable table ``speedrules simulate`` prints."""
        text: str = family_of(self.family).summary_table(self)
        return text


def summarize(
    results: Iterable[SimResult], *, variant: str = "", bots: Sequence[str] | None = None, seed: int | None = None,
    max_rounds: int = MAX_ROUNDS, max_events: int = MAX_EVENTS, family: str | None = None,
) -> Summary:
    """The statistics of simulated results of one family (see :class:`Summary`); ``bots`` names
    each seat's bot; ``max_rounds`` and ``max_events`` are the bounds the games were played with,
    for the table to name; ``family`` is the results' (which lays out a summary of none).

    >>> from speedrules.sim.simulation import simulate
    >>> summary = summarize(simulate("speed", 5, seed=1), variant="speed", bots=["random", "random"])
    >>> summary.deals, sum(s.wins for s in summary.seats) == summary.won
    (5, True)
    """
    results = list(results)
    if not all(isinstance(r, SimResult) for r in results):
        raise SimulationError("summarize takes the SimResult values that simulate() yields")
    families = {r.family for r in results} | ({family} if family is not None else set())
    if not families:  # a summary of nothing, laid out by the first family there is
        families = {family_names()[0]}
    if len(families) != 1:
        raise SimulationError("summarize takes the results of one family, not of " + " and ".join(sorted(families)))
    (name,) = families
    players = max((len(r.remaining) for r in results), default=len(bots or ()))
    names = list(bots or ())
    names += ["?"] * (players - len(names))
    wins = [0] * players
    losers: list[int] = []
    reasons: dict[str, int] = {}
    totals: dict[str, int] = {"bounced": 0}
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        if r.winner is not None:
            wins[r.winner] += 1
            losers.append(sum(r.remaining) - r.remaining[r.winner])
        totals["bounced"] += r.bounced
        for kind, count in (*r.counts.items(), *r.extra.items()):
            if isinstance(count, int):
                totals[kind] = totals.get(kind, 0) + count
    return Summary(
        family=name, variant=variant, seed=seed, deals=len(results), reasons=reasons, won=len(losers),
        events=Spread.of([r.events for r in results]), totals=totals, seats=seat_shares(names, wins, len(results)),
        loser_cards=Spread.of(losers),
        extra=family_of(name).summary_extra(results, names, variant=variant, seed=seed, max_rounds=max_rounds,
                                           max_events=max_events),
    )
