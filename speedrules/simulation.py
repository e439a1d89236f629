"""Simulated games: bots playing in real time, with the rules of any variant (``docs/simulation.md``).

:func:`simulate` plays deals between bots and yields one :class:`SimResult` per deal;
:func:`summarize` turns results into the statistics ``speedrules simulate`` prints.

Real time is simulated by each seat acting at its own pace.  The starters are revealed
at ``t = 0``; a seat next looks at the table when its bot's reaction time has elapsed
(times are rounded up to the table's clock tick, ``tick_ms``: events in one tick happen
at the same moment).  A seat with something to do acts; a seat with nothing to do waits
until the table changes and reacts then.  When every seat waits, play is blocked: the
reserves flip (after :data:`FLIP_PAUSE_MS`), or the centre is rebuilt (after
:data:`REBUILD_MS`) and then flips, or the deal is a dead end.  Seats due at the same
moment all decide on the table as it was, then their actions land in a random order and
the rules judge each as it lands, so collisions are resolved by the variant's policy: a
card that no longer fits (``first-lands``) is taken back and counted as ``bounced``.

Every deal depends only on the variant, the bots, ``seed`` and its index, so the same
seed gives the same games whatever ``jobs`` is.

>>> results = list(simulate("speed", 3, seed=1))
>>> [r.index for r in results], all(r.finished for r in results)
([0, 1, 2], True)
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import signal
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import attrs

from .actions import (
    CALL,
    DRAW,
    FLIP,
    PICKUP,
    PLAY,
    REBUILD,
    REVEAL,
    Action,
    Call,
    Draw,
    Flip,
    Pickup,
    Play,
    Rebuild,
    Reveal,
)
from .bots import WAIT, Bot, BotError, FastBot, Option, SeatView, make_bots, option_of, seat_options
from .cards import Card
from .errors import SpeedrulesError, brief
from .game import Game, deal
from .loading import as_variant
from .log import LOG_FORMAT, Log, action_to_event, parse_log, variant_reference
from .variant import Variant

FLIP_PAUSE_MS = 1000
"""When every seat is blocked, the reserves flip this long after the last event (000: "pause together")."""
REBUILD_MS = 5000
"""Gathering, shuffling and splitting the centre into new reserves takes this long; the flip follows."""
TICK_MS = 10
"""The table's default clock tick: two events in the same 10 ms happen at the same moment."""
MAX_EVENTS = 20_000
"""The default bound on a deal's events; a deal that reaches it is reported as ``unfinished``."""

NEVER = 1 << 62
"""The due time of a seat that waits for the table to change."""

REASONS = ("out", "tie", "dead-end", "unfinished", "stuck")
"""How a simulated deal ended: see :attr:`SimResult.reason`."""


class SimulationError(SpeedrulesError):
    """Bad arguments to :func:`simulate` (a count, a bound, a log path)."""


@attrs.frozen(slots=True)
class SimResult:
    """One simulated deal.

    ``index`` is the deal's number in the run and ``seed`` the seed it was dealt with
    (``deal(variant, seed)`` deals the same layout).  ``reason`` is ``"out"`` (``winner``
    played their last card, and called where the variant requires), ``"tie"`` (the seats
    in ``tied`` went out at the same moment), ``"dead-end"``, ``"unfinished"`` (the
    event bound was reached) or ``"stuck"`` (nobody could act and the table could not
    either).  The counts are of logged events; ``collisions`` are those the variant's
    policy recorded (``lower-stays``, ``return-both``), ``bounced`` the attempts that no
    longer fitted when they landed.  ``duration_ms`` is the time of the last event,
    ``remaining`` the cards each seat still holds.  ``log`` is the deal as a
    ``speedrules-log/1`` log when asked for.
    """

    index: int
    seed: int
    winner: int | None
    reason: str
    events: int
    plays: int
    draws: int
    flips: int
    rebuilds: int
    remaining: tuple[int, ...]
    tied: tuple[int, ...] = ()
    calls: int = 0
    pickups: int = 0
    collisions: int = 0
    bounced: int = 0
    duration_ms: int = 0
    log: Log | None = attrs.field(default=None, repr=False)

    @property
    def finished(self) -> bool:
        """Whether the deal reached its end by the rules (a winner, a tie or a dead end)."""
        return self.reason in ("out", "tie", "dead-end")

    @property
    def loser_cards(self) -> int | None:
        """With a winner: the cards every other seat still holds, summed (the loser's
        cards in a two-seat game; the margin ``margin`` scoring counts)."""
        if self.winner is None:
            return None
        return sum(self.remaining) - self.remaining[self.winner]

    def to_json(self) -> dict[str, Any]:
        out = attrs.asdict(self, filter=lambda a, _v: a.name != "log")
        out["remaining"], out["tied"] = list(self.remaining), list(self.tied)
        return out


@attrs.frozen(slots=True)
class _Context:
    """Everything a deal depends on besides its index (sent once to each worker process)."""

    variant: Variant
    bots: tuple[Bot, ...]
    seed: int
    want_log: bool
    max_events: int
    tick_ms: int


# ---------------------------------------------------------------------------- one deal


def _record_action(record: tuple[int, int, int, Any, tuple[int, ...], int]) -> Action:
    kind, player, pile, cards, declared, _t = record
    if kind == PLAY:
        return Play(player, tuple(Card.from_code(c) for c in cards), pile, declared)
    if kind == DRAW:
        return Draw(player, Card.from_code(cards))
    if kind == FLIP:
        return Flip()
    if kind == REBUILD:
        return Rebuild(tuple(tuple(Card.from_code(c) for c in r) for r in cards))
    if kind == CALL:
        return Call(player)
    if kind == PICKUP:
        return Pickup(player, pile)
    return Reveal()


def _log_document(ctx: _Context, index: int, game: Game,
                  records: Sequence[tuple[int, int, int, Any, tuple[int, ...], int]]) -> dict[str, Any]:
    bots = ctx.bots
    return {
        "format": LOG_FORMAT,
        "variant": variant_reference(ctx.variant),
        "players": [f"{bot.name}-{seat}" for seat, bot in enumerate(bots)],
        "meta": {"simulated": {
            "seed": ctx.seed, "game": index, "deal_seed": game.seed, "tick_ms": ctx.tick_ms,
            "bots": [{"name": b.name, "mean_ms": b.reaction.mean_ms, "spread_ms": b.reaction.spread_ms} for b in bots],
        }},
        "deals": [{
            "layout": game.layout.to_json(),
            "events": [action_to_event(_record_action(r), r[5]) for r in records],
        }],
    }


def play_deal(ctx: _Context, index: int) -> tuple[SimResult, dict[str, Any] | None]:
    """Play deal ``index`` of a run; return its result and, if asked, its log document."""
    v = ctx.variant
    bots = ctx.bots
    n = v.players
    tick = ctx.tick_ms
    rng = random.Random(f"{ctx.seed}:{index}")
    rand = rng.random
    game = deal(v, rng.getrandbits(63))
    assert game.seed is not None
    kernel = game.kernel
    check_event, apply_event, event, run = kernel.check_event, kernel.apply_event, kernel.event, kernel.run
    # The simulator applies nothing the kernel has not accepted: ``event`` and ``run`` judge
    # first; ``apply_event`` only follows an accepted ``check_event``.
    hands, draws = kernel.hands, kernel.draws
    # Reaction.delay, inlined: low + int(rand() * width) ms, then rounded up to the tick.
    low = [b.reaction.mean_ms - b.reaction.spread_ms + tick - 1 for b in bots]
    width = [2 * b.reaction.spread_ms + 1 for b in bots]

    def slow(seat: int) -> Option | None:
        """A bot without a fast path: its view, its options as actions, its choice."""
        options = seat_options(game, seat)
        if not options:
            return WAIT
        bot = bots[seat]
        action = bot.choose(SeatView.of(game, seat, t), options, rng)
        if action is None:
            return None
        if action not in options:
            chosen = action.describe() if isinstance(action, (Play, Draw, Call, Pickup, Flip, Rebuild, Reveal)) \
                else brief(action)
            raise BotError(f"bot {bot.name!r} (seat {seat}) chose {chosen}, which is not one of its options "
                           f"({', '.join(o.describe() for o in options)})")
        return option_of(action)

    deciders = [b.decider(game, rng) if isinstance(b, FastBot) else slow for b in bots]
    records: list[tuple[int, int, int, Any, tuple[int, ...], int]] = []
    log = records.append if ctx.want_log else None
    plays = draws_n = flips = rebuilds = calls = pickups = bounced = 0
    if event(REVEAL, t=0) is not None:  # a fresh deal always reveals
        raise SimulationError(f"deal {index} of the run could not start")
    if log is not None:
        log((REVEAL, -1, -1, None, (), 0))
    events = 1
    last = t = 0
    due = [(low[s] + int(rand() * width[s])) // tick * tick for s in range(n)]
    looks = 0
    two = n == 2
    max_events = ctx.max_events
    max_looks = 10 * max_events
    reason = ""
    batch: Sequence[tuple[int, Option | None]]
    while True:
        if events >= max_events or looks >= max_looks:
            reason = "unfinished"
            break
        if two:  # the commonest table, without the three calls below
            a, b = due
            if a < b:
                t, seat, single = a, 0, True
            elif b < a:
                t, seat, single = b, 1, True
            else:
                t, seat, single = a, 0, False
        else:
            t = min(due)
            seat = due.index(t)
            single = due.count(t) == 1
        if t == NEVER:  # every seat waits: play is blocked
            if game.is_over():
                break
            t = last + FLIP_PAUSE_MS
            if event(FLIP, t=t) is None:
                if log is not None:
                    log((FLIP, -1, -1, None, (), t))
                flips += 1
            elif check_event(REBUILD, t=last + REBUILD_MS) is None:  # the reserves are spent: rebuild
                t = last + REBUILD_MS
                reserves = apply_event(REBUILD, t=t)
                if log is not None:
                    log((REBUILD, -1, -1, reserves, (), t))
                rebuilds += 1
                events += 1
                last = t
                continue  # still blocked: the flip follows
            else:
                reason = "stuck"
                break
            events += 1
            last = t
            for s in range(n):
                due[s] = (t + low[s] + int(rand() * width[s])) // tick * tick
            continue
        if single:
            looks += 1
            choice = deciders[seat](seat)
            if choice is WAIT:
                due[seat] = NEVER
                continue
            batch = ((seat, choice),)
        else:  # seats due at the same moment all decide on the table as it is, then land in a random order
            seats = [s for s in range(n) if due[s] == t]
            rng.shuffle(seats)
            looks += len(seats)
            chosen: list[tuple[int, Option | None]] = []
            for seat in seats:
                choice = deciders[seat](seat)
                if choice is WAIT:
                    due[seat] = NEVER
                else:
                    chosen.append((seat, choice))
            batch = chosen
        ended = False
        for seat, option in batch:
            due[seat] = (t + low[seat] + int(rand() * width[seat])) // tick * tick
            if option is None:
                continue
            kind, pile, codes, declared = option
            # Every action is judged by the kernel as it lands: one that no longer fits (the table
            # changed at this instant, or the deal ended) is taken back.
            if run(((kind, seat, pile, codes if kind == PLAY else None, declared, t),), events) is not None:
                bounced += 1
                continue
            events += 1
            last = t
            if kind == PLAY:
                plays += 1
                if not hands[seat] and not draws[seat]:
                    ended = True
                    if kernel.out_seat == seat:
                        due[seat] = t  # the call comes at once
                if log is not None:
                    log((PLAY, seat, pile, codes, declared, t))
            elif kind == DRAW:
                draws_n += 1
                if log is not None:
                    log((DRAW, seat, -1, hands[seat][-1], (), t))
            else:
                if kind == CALL:
                    calls += 1
                    ended = True
                else:
                    pickups += 1
                if log is not None:
                    log((kind, seat, pile, None, (), t))
            if NEVER in due:  # a seat that was waiting reacts to the change
                for s in range(n):
                    if due[s] == NEVER:
                        due[s] = (t + low[s] + int(rand() * width[s])) // tick * tick
        if ended and game.is_over():
            break
    outcome = game.outcome()
    winner = None
    tied: tuple[int, ...] = ()
    if outcome is not None and not reason:
        reason = "out" if outcome.winner is not None else ("tie" if outcome.is_tie else "dead-end")
        winner, tied = outcome.winner, outcome.tied
    elif not reason:
        reason = "stuck"
    result = SimResult(
        index=index, seed=game.seed, winner=winner, reason=reason, events=events, plays=plays, draws=draws_n,
        flips=flips, rebuilds=rebuilds, remaining=game.remaining(), tied=tied, calls=calls, pickups=pickups,
        collisions=len(kernel.collisions), bounced=bounced, duration_ms=last,
    )
    return result, (_log_document(ctx, index, game, records) if ctx.want_log else None)


# ---------------------------------------------------------------------------- many deals

_WORKER: _Context | None = None


def _init_worker(ctx: _Context) -> None:
    global _WORKER
    _WORKER = ctx
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupt is the parent's to handle: it ends the pool


def _work(span: tuple[int, int]) -> list[tuple[SimResult, str | None]]:
    ctx = _WORKER
    assert ctx is not None
    return [_played(ctx, index) for index in range(*span)]


def _played(ctx: _Context, index: int) -> tuple[SimResult, str | None]:
    result, doc = play_deal(ctx, index)
    return result, None if doc is None else json.dumps(doc)


def _spans(games: int, jobs: int) -> list[tuple[int, int]]:
    size = max(1, min(100, games // (jobs * 8)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _positive(name: str, value: object, minimum: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise SimulationError(f"{name} must be a whole number >= {minimum}, not {value!r}")
    return value


def simulate(
    variant: Variant | str,
    games: int,
    *,
    seed: int = 0,
    bots: str | Bot | Sequence[str | Bot] | None = None,
    jobs: int = 1,
    logs: bool | str | Path = False,
    max_events: int = MAX_EVENTS,
    tick_ms: int = TICK_MS,
) -> Iterator[SimResult]:
    """Play ``games`` deals of ``variant`` (a :class:`Variant`, a bundled name or a file)
    between bots, lazily yielding one :class:`SimResult` per deal in deal order.

    ``bots`` gives one bot per seat (``"random,greedy"``, bots, or a mix; the last is
    repeated for the other seats; default: random bots).  ``jobs`` spreads the deals over
    that many processes; the results are the same for any ``jobs``.  ``logs=True`` puts
    each deal's ``speedrules-log/1`` log in :attr:`SimResult.log`; a path writes them
    instead, as one JSON file per deal in that directory (made if missing), or one line per
    deal when the path ends in ``.jsonl``.  A deal stops unfinished after ``max_events``
    events; ``tick_ms`` is the table's clock tick.
    """
    v = as_variant(variant)
    _positive("games", games, 0)
    _positive("jobs", jobs)
    _positive("max_events", max_events)
    _positive("tick_ms", tick_ms)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be a whole number, not {seed!r}")
    if not isinstance(logs, (bool, str, Path)):
        raise SimulationError(f"logs must be True, False or a path, not {logs!r}")
    ctx = _Context(v, make_bots(bots, v.players), seed, logs is not False, max_events, tick_ms)
    path = None if isinstance(logs, bool) else Path(logs)
    if path is not None:
        try:
            (path.parent if path.suffix == ".jsonl" else path).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise SimulationError(f"{path}: cannot write logs there: {err.strerror or err}") from None
    return _run(ctx, games, jobs, path)


def _run(ctx: _Context, games: int, jobs: int, path: Path | None) -> Iterator[SimResult]:
    archive: IO[str] | None = None
    if path is not None and path.suffix == ".jsonl":
        try:
            archive = path.open("w", encoding="utf-8")
        except OSError as err:
            raise SimulationError(f"{path}: cannot write logs there: {err.strerror or err}") from None
    try:
        for result, text in _produce(ctx, games, jobs):
            if text is not None:
                if archive is not None:
                    archive.write(text + "\n")
                elif path is not None:
                    name = f"{ctx.variant.name}-{ctx.seed}-{result.index:06d}.json"
                    (path / name).write_text(text + "\n", encoding="utf-8")
                else:
                    result = attrs.evolve(result, log=parse_log(json.loads(text), variant=ctx.variant))
            yield result
    finally:
        if archive is not None:
            archive.close()


def _produce(ctx: _Context, games: int, jobs: int) -> Iterator[tuple[SimResult, str | None]]:
    if jobs == 1 or games < 2:
        for index in range(games):
            yield _played(ctx, index)
        return
    with multiprocessing.Pool(min(jobs, games), initializer=_init_worker, initargs=(ctx,)) as pool:
        for chunk in pool.imap(_work, _spans(games, jobs)):
            yield from chunk


# ---------------------------------------------------------------------------- statistics


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with ``z = 1.96``); ``(0, 1)`` with no trials.

    >>> [round(x, 4) for x in wilson_interval(3, 5)]
    [0.2307, 0.8824]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[int], q: float) -> int:
    """The nearest-rank percentile: the smallest value with at least ``q`` of the values at
    or below it (``q = 0.5`` is the lower median).  ``0`` for no values.

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile(range(1, 101), 0.95)
    (3, 95)
    """
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


@attrs.frozen(slots=True)
class Spread:
    """The mean, median and 95th percentile of a count over deals (nearest rank)."""

    mean: float
    median: int
    p95: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        return cls(sum(values) / len(values) if values else 0.0, percentile(values, 0.5), percentile(values, 0.95))

    def to_json(self) -> dict[str, float | int]:
        return {"mean": self.mean, "median": self.median, "p95": self.p95}


@attrs.frozen(slots=True)
class SeatShare:
    """One seat's wins: ``share`` of all deals played, with its 95% Wilson interval."""

    seat: int
    bot: str
    wins: int
    share: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "wins": self.wins, "share": self.share,
                "ci95": [self.low, self.high]}


COUNTS = ("plays", "draws", "flips", "rebuilds", "calls", "pickups", "collisions", "bounced")
"""The event counts a :class:`Summary` totals (and the table shows per deal)."""


@attrs.frozen(slots=True)
class Summary:
    """The statistics of a run: what ``speedrules simulate`` prints.

    ``events`` spreads the events per deal; ``plays``, ``draws``, ``flips``,
    ``rebuilds``, ``calls``, ``pickups``, ``collisions`` and ``bounced`` are totals over
    all deals; ``seats``
    gives each seat's win share of the deals played (dead ends, ties and unfinished
    deals have no winner); ``loser_cards`` spreads :attr:`SimResult.loser_cards` over
    the deals that have a winner.
    """

    variant: str
    seed: int | None
    deals: int
    won: int
    dead_ends: int
    ties: int
    unfinished: int
    events: Spread
    plays: int
    draws: int
    flips: int
    rebuilds: int
    collisions: int
    bounced: int
    seats: tuple[SeatShare, ...]
    loser_cards: Spread
    calls: int = 0
    pickups: int = 0

    def per_deal(self, total: int) -> float:
        return total / self.deals if self.deals else 0.0

    def to_json(self) -> dict[str, Any]:
        counts = {name: {"total": getattr(self, name), "per_deal": self.per_deal(getattr(self, name))}
                  for name in COUNTS}
        return {
            "variant": self.variant, "seed": self.seed, "deals": self.deals, "won": self.won,
            "dead_ends": self.dead_ends, "ties": self.ties, "unfinished": self.unfinished,
            "events": self.events.to_json(), **counts,
            "seats": [s.to_json() for s in self.seats],
            "loser_cards": {**self.loser_cards.to_json(), "deals": self.won},
        }

    def table(self) -> str:
        """The summary as the readable table ``speedrules simulate`` prints."""

        def pct(x: float) -> str:
            return f"{100 * x:.1f}%"

        rows: list[tuple[str, str]] = [
            ("deals played", f"{self.deals} ({self.won} won, {self.dead_ends} dead ends, {self.ties} tied, "
                             f"{self.unfinished} unfinished)"),
            ("events per deal", f"mean {self.events.mean:.1f}, median {self.events.median}, p95 {self.events.p95}"),
        ]
        for name in COUNTS:
            total = getattr(self, name)
            if total or name not in ("calls", "pickups"):  # a call or a pickup only where the variant has calls
                rows.append((f"{name} per deal", f"{self.per_deal(total):.2f} ({total} in all)"))
        rows.append(("dead ends", f"{self.dead_ends} ({pct(self.per_deal(self.dead_ends))})"))
        width = max(len(f"seat {s.seat} ({s.bot})") for s in self.seats)
        for i, s in enumerate(self.seats):
            label = f"seat {s.seat} ({s.bot})"
            rows.append(("win share" if i == 0 else "",
                         f"{label:<{width}}  {pct(s.share):>6}  (95% CI {pct(s.low)} to {pct(s.high)})"))
        rows.append(("", f"{'no winner':<{width}}  {pct(self.per_deal(self.deals - self.won)):>6}"))
        if self.won:
            rows.append(("cards left by the loser",
                         f"mean {self.loser_cards.mean:.1f}, median {self.loser_cards.median}, "
                         f"p95 {self.loser_cards.p95} (deals with a winner)"))
        else:
            rows.append(("cards left by the loser", "no deal had a winner"))
        head = max(len(h) for h, _ in rows)
        seed = f", seed {self.seed}" if self.seed is not None else ""
        title = f"{self.variant}: {self.deals} simulated deals{seed}"
        return "\n".join([title, *(f"{h:<{head}}  {text}".rstrip() for h, text in rows)])


def summarize(
    results: Iterable[SimResult], *, variant: str = "", bots: Sequence[str] | None = None, seed: int | None = None
) -> Summary:
    """The statistics of simulated deals (see :class:`Summary`); ``bots`` names each seat's bot.

    >>> summary = summarize(simulate("speed", 5, seed=1), variant="speed", bots=["random", "random"])
    >>> summary.deals, sum(s.wins for s in summary.seats) == summary.won
    (5, True)
    """
    results = list(results)
    if not all(isinstance(r, SimResult) for r in results):
        raise SimulationError("summarize takes the SimResult values that simulate() yields")
    players = max((len(r.remaining) for r in results), default=len(bots or ()))
    names = list(bots or ())
    names += ["?"] * (players - len(names))
    deals = len(results)
    wins = [0] * players
    losers: list[int] = []
    for r in results:
        if r.winner is not None:
            wins[r.winner] += 1
            losers.append(sum(r.remaining) - r.remaining[r.winner])
    seats = []
    for seat in range(players):
        low, high = wilson_interval(wins[seat], deals)
        seats.append(SeatShare(seat, names[seat], wins[seat], wins[seat] / deals if deals else 0.0, low, high))
    return Summary(
        variant=variant, seed=seed, deals=deals, won=len(losers),
        dead_ends=sum(r.reason == "dead-end" for r in results), ties=sum(r.reason == "tie" for r in results),
        unfinished=sum(not r.finished for r in results), events=Spread.of([r.events for r in results]),
        plays=sum(r.plays for r in results), draws=sum(r.draws for r in results),
        flips=sum(r.flips for r in results), rebuilds=sum(r.rebuilds for r in results),
        collisions=sum(r.collisions for r in results), bounced=sum(r.bounced for r in results),
        seats=tuple(seats), loser_cards=Spread.of(losers),
        calls=sum(r.calls for r in results), pickups=sum(r.pickups for r in results),
    )
