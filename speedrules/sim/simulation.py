"""Simulated games: bots playing in real time, with the rules of any variant of any family
(``docs/simulation.md``).

:func:`simulate` plays games between bots and yields one :class:`~speedrules.sim.stats.SimResult`
per game (a deal of Speed, a game of rounds of Spit); :func:`~speedrules.sim.stats.summarize`
turns results into the statistics ``speedrules simulate`` prints.  Each game is the family's
:class:`~speedrules.table.Table` played by the one real-time loop
(:func:`speedrules.sim.playout.play`), each seat choosing through its bot.

Every game depends only on the variant, the bots, ``seed`` and its index, so the same seed
gives the same games whatever ``jobs`` is.

>>> results = list(simulate("speed", 3, seed=1))
>>> [r.index for r in results], all(r.finished for r in results)
([0, 1, 2], True)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import signal
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final, cast

import attrs
import msgspec

from ..core.collector import COLLECTOR_PAUSED
from ..core.documents import replacing, write_file
from ..core.loading import as_variant
from ..core.variant import Variant
from ..family import Family, family_of
from ..logs.log import LOG_FORMAT, log_from_text, variant_reference
from ..table import Table
from .bots import Bot, FastBot, ViewChooser, make_bots
from .playout import play
from .stats import MAX_EVENTS, MAX_ROUNDS, REASONS, SimResult, SimulationError, Summary, summarize

__all__ = ["MAX_EVENTS", "MAX_ROUNDS", "REASONS", "TICK_MS", "SimResult", "SimulationError", "Summary", "simulate",
           "summarize"]

TICK_MS = 10
"""The table's default clock tick: two events in the same 10 ms happen at the same moment."""


@attrs.frozen(slots=True)
class _Context:
    """Everything a game depends on besides its index (sent once to each worker process)."""

    variant: Variant
    bots: tuple[Bot, ...]
    seed: int
    want_log: bool
    max_events: int
    tick_ms: int
    max_rounds: int = MAX_ROUNDS
    reference: str | dict[str, Any] = attrs.field(
        init=False, default=attrs.Factory(lambda ctx: variant_reference(ctx.variant), takes_self=True))
    """How the logs name the variant (worked out once, not once a game)."""
    low: tuple[int, ...] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: tuple(b.reaction.mean_ms - b.reaction.spread_ms + ctx.tick_ms - 1 for b in ctx.bots),
        takes_self=True))
    """Each seat's shortest reaction, rounded up to the tick (:func:`~speedrules.sim.playout.play`'s ``low``)."""
    width: tuple[int, ...] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: tuple(2 * b.reaction.spread_ms + 1 for b in ctx.bots), takes_self=True))
    """How many whole milliseconds each seat's reaction time may take (``play``'s ``width``)."""
    players: tuple[str, ...] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: tuple(f"{bot.name}-{seat}" for seat, bot in enumerate(ctx.bots)), takes_self=True))
    """The players' names (the same every game)."""
    bots_meta: list[dict[str, Any]] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: [{"name": b.name, "mean_ms": b.reaction.mean_ms, "spread_ms": b.reaction.spread_ms}
                     for b in ctx.bots], takes_self=True))
    """The bots as a log's ``meta.simulated.bots`` gives them (the same every game)."""
    family: Family = attrs.field(init=False, eq=False, repr=False, default=attrs.Factory(
        lambda ctx: family_of(ctx.variant), takes_self=True))
    """The variant's family (asked once a run)."""
    fast: tuple[bool, ...] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: tuple(isinstance(b, FastBot) for b in ctx.bots), takes_self=True))
    """Which seats' bots are bundled ones (:class:`~speedrules.sim.bots.FastBot`: their own choice, compiled);
    the others are asked through ``choose``."""
    buffer: bytearray = attrs.field(init=False, eq=False, repr=False, factory=bytearray)
    """Where this run's logs are encoded, one after another (:func:`_log_text`)."""


# ---------------------------------------------------------------------------- one game


def _played(ctx: _Context, index: int) -> tuple[SimResult, bytes | None]:
    """Game ``index`` of the run, and its log's text if asked for."""
    family = ctx.family
    rng = random.Random(f"{ctx.seed}:{index}")
    table = family.table(ctx.variant, rng, ctx.players, log=ctx.want_log, max_rounds=ctx.max_rounds)
    # how the loop asks each bot: a bundled bot's own (compiled) choice, else its choose()
    choosers = [cast(FastBot, bot).chooser(rng) if fast else ViewChooser(bot, table, rng)
                for bot, fast in zip(ctx.bots, ctx.fast, strict=True)]
    play(table, choosers, rng, list(ctx.low), list(ctx.width), ctx.tick_ms, ctx.max_events)
    winner, reason, tied = table.ending()
    result = SimResult(
        family=family.name, index=index, seed=table.seed, winner=winner, reason=reason, events=table.events,
        remaining=table.remaining(), counts=table.counts(), tied=tied, bounced=table.bounced,
        duration_ms=table.duration(), rounds=table.rounds(), extra=table.extra())
    return result, (_log_text(ctx, index, table) if ctx.want_log else None)


_encode_into: Final = msgspec.json.Encoder().encode_into
"""Writes a log document as compact JSON text into a buffer."""


def _log_text(ctx: _Context, index: int, table: Table) -> bytes:
    """A game's log as compact JSON text: the one definition of what a simulated game's log
    holds, written into the run's buffer (which keeps its size from log to log) and copied out."""
    doc = {
        "format": LOG_FORMAT,
        "variant": ctx.reference,
        "players": ctx.players,
        "meta": {"simulated": {
            "seed": ctx.seed, "game": index, "deal_seed": table.seed, "tick_ms": ctx.tick_ms, "bots": ctx.bots_meta,
        }},
        "deals": table.log_deals(),
    }
    buffer = ctx.buffer
    _encode_into(doc, buffer)
    return bytes(buffer)


# ---------------------------------------------------------------------------- many games

_WORKER: _Context | None = None


def _init_worker(ctx: _Context) -> None:
    global _WORKER
    _WORKER = ctx
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupt is the parent's to handle: it ends the pool


def _work(span: tuple[int, int]) -> list[tuple[SimResult, bytes | None]]:
    ctx = _WORKER
    assert ctx is not None
    return _played_span(ctx, *span)


def _played_span(ctx: _Context, start: int, end: int) -> list[tuple[SimResult, bytes | None]]:
    """Games ``start`` to ``end - 1`` of the run (:func:`_played`), the cyclic garbage collector
    paused meanwhile: a game makes no cycles, and the collector's passes cost about 10%; one pause
    for a span of games, not one a game (a pause costs about 2 us, nearly 2% of a deal)."""
    with COLLECTOR_PAUSED:
        return [_played(ctx, index) for index in range(start, end)]


_SPAN: Final = 64
"""The most games one process plays at a time, in one collector pause, before it yields them."""


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
    max_rounds: int = MAX_ROUNDS,
    start: int = 0,
) -> Iterator[SimResult]:
    """Play ``games`` games of ``variant`` (a :class:`Variant`, a bundled name or a file)
    between bots, lazily yielding one :class:`SimResult` per game in order: a deal of Speed, a
    whole game of rounds of Spit (the family's ``game_word``).

    ``bots`` gives one bot per seat (``"random,greedy"``, bots, or a mix; the last is
    repeated for the other seats; default: random bots).  ``jobs`` spreads the games over
    that many processes; the results are the same for any ``jobs``.  ``logs=True`` puts
    each game's ``speedrules-log/1`` log in :attr:`SimResult.log` (one log deal per round of
    Spit); a path writes them instead, as one JSON file per game in that directory (made if
    missing), or one line per game when the path ends in ``.jsonl``.  A game stops
    ``unfinished`` after ``max_events`` events (over all its rounds), or, in a family that
    plays rounds, after ``max_rounds`` rounds; ``tick_ms`` is the table's clock tick.
    ``start`` is the index of the first game: ``simulate(v, 1, seed=s, start=i)`` replays game
    ``i`` of a run alone.

    >>> games = list(simulate("spit", 2, seed=1))
    >>> [g.index for g in games], all(g.spit is not None and g.spit.rounds == g.rounds >= 1 for g in games)
    ([0, 1], True)
    """
    v = as_variant(variant)
    _positive("games", games, 0)
    _positive("jobs", jobs)
    _positive("max_events", max_events)
    _positive("tick_ms", tick_ms)
    _positive("max_rounds", max_rounds)
    _positive("start", start, 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be a whole number, not {seed!r}")
    if not isinstance(logs, (bool, str, Path)):
        raise SimulationError(f"logs must be True, False or a path, not {logs!r}")
    seats = make_bots(bots, v.players)
    ctx = _Context(v, seats, seed, logs is not False, max_events, tick_ms, max_rounds)
    path = None if isinstance(logs, bool) else Path(logs)
    if path is not None:
        try:
            (path.parent if path.suffix == ".jsonl" else path).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise SimulationError(f"{path}: cannot write logs there: {err.strerror or err}") from None
    return _run(ctx, games, jobs, path, start)


def _run(ctx: _Context, games: int, jobs: int, path: Path | None, start: int = 0) -> Iterator[SimResult]:
    with contextlib.ExitStack() as stack:
        archive: IO[bytes] | None = None
        if path is not None and path.suffix == ".jsonl":
            try:
                # msgspec's UTF-8 JSON, written as it is, through a buffer that holds a few hundred logs
                # (the default 8 KiB is about one: a write to the system a log), into a new file that
                # takes the archive's place once the run is complete (a run stopped early leaves it)
                archive = stack.enter_context(replacing(path, buffering=1 << 20))
            except OSError as err:
                raise SimulationError(f"{path}: cannot write logs there: {err.strerror or err}") from None
        for result, text in _produce(ctx, games, jobs, start):
            if text is not None:
                if archive is not None:
                    archive.write(text)
                    archive.write(b"\n")
                elif path is not None:
                    write_file(path / f"{ctx.variant.name}-{ctx.seed}-{result.index:06d}.json", text + b"\n")
                else:
                    # read as read_log reads it: the text kept, its document parsed when asked for
                    result = attrs.evolve(result, log=log_from_text(text.decode("utf-8"), variant=ctx.variant))
            yield result


def _produce(ctx: _Context, games: int, jobs: int, start: int = 0) -> Iterator[tuple[SimResult, bytes | None]]:
    if jobs == 1 or games < 2:
        # spans of 1, 2, 4 ... 64 deals: the first result comes at once, and the collector's pause
        # is paid once a span
        index, stop, size = start, start + games, 1
        while index < stop:
            end = min(stop, index + size)
            yield from _played_span(ctx, index, end)
            index, size = end, min(2 * size, _SPAN)
        return
    spans = [(a + start, b + start) for a, b in _spans(games, jobs)]
    with multiprocessing.Pool(min(jobs, games), initializer=_init_worker, initargs=(ctx,)) as pool:
        for chunk in pool.imap(_work, spans):
            yield from chunk


