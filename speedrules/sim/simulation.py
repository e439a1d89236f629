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

A variant of Spit is played a whole game at a time (:func:`play_spit_game`): each round
opens with the table's spit, the seats play, unblock their rows and slap as their bots
choose, the table spits again :data:`SPIT_PAUSE_MS` after play jams, and the next round is
laid once the centre piles are claimed; one :class:`SimResult` per game, its ``spit`` a
:class:`SpitStats`, and :func:`summarize` gives a :class:`SpitSummary`.

>>> results = list(simulate("speed", 3, seed=1))
>>> [r.index for r in results], all(r.finished for r in results)
([0, 1, 2], True)
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import random
import signal
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final, cast

import attrs
import msgspec

from ..core.collector import COLLECTOR_PAUSED
from ..core.documents import replacing, write_file
from ..core.errors import IllegalActionError, SpeedrulesError, brief
from ..core.loading import as_variant
from ..core.variant import Variant
from ..logs.log import LOG_FORMAT, Log, log_from_text, variant_reference
from ..speed import playout
from ..speed.actions import (
    REVEAL,
    Call,
    Draw,
    Flip,
    Pickup,
    Play,
    Rebuild,
    Reveal,
)
from ..speed.coding import add_event_text, events_array
from ..speed.game import Game, deal
from ..speed.playout import FLIP_PAUSE_MS as FLIP_PAUSE_MS  # (when every seat is blocked, the flip's pause)
from ..speed.playout import NEVER as NEVER  # (the due time of a seat that waits for the table to change)
from ..speed.playout import REBUILD_MS as REBUILD_MS  # (how long a rebuild takes; the flip follows)
from ..spit.actions import Choose, GapMove, Pairing, Slap, Spit, SpitAction, StockPlay
from ..spit.game import SpitGame, deal_spit
from ..spit.kernel import SPIT as SPIT_KIND
from .bots import (
    WAIT,
    Bot,
    BotError,
    FastBot,
    Option,
    SeatView,
    SpitBot,
    SpitView,
    make_bots,
    option_of,
    seat_options,
    spit_options,
)

TICK_MS = 10
"""The table's default clock tick: two events in the same 10 ms happen at the same moment."""
MAX_EVENTS = 20_000
"""The default bound on a deal's events; a deal that reaches it is reported as ``unfinished``.
In Spit the bound is on a whole game's events (every round's)."""
SPIT_PAUSE_MS = 1000
"""Spit: when neither player can play, the table spits this long after the last event."""
MAX_IDLE_MOVES = 500
"""Spit: the most row moves (gap moves, pairings) in a row, with no play, spit or claim between
them, before a game is taken to be stuck (a guard: the kernel's strict reading of "can play"
is exact, so a seat that can play has moves that lead to a play, and no bundled variant
produces a stuck game; docs/simulation.md).  A seat whose row comes back to an arrangement
it had since the table last changed makes no more row moves until it changes again; when
neither seat can act and no spit is allowed, or after this many row moves, the game ends
``stuck``."""
MAX_ROUNDS = 200
"""Spit: the default bound on a game's rounds; a game not decided by then is ``unfinished``."""

REASONS = ("out", "tie", "dead-end", "rounds", "unfinished", "stuck")
"""How a simulated deal (or game of Spit) ended: see :attr:`SimResult.reason`."""


class SimulationError(SpeedrulesError):
    """Bad arguments to :func:`simulate` (a count, a bound, a log path)."""


@attrs.frozen(slots=True)
class SpitStats:
    """What a simulated game of Spit adds to its :class:`SimResult` (``result.spit``).

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
class SimResult:
    """One simulated deal (or, in Spit, one simulated game of rounds).

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

    A game of Spit is one result: ``events``, ``plays`` and ``bounced`` count over all its
    rounds (``draws``, ``flips``, ``rebuilds``, ``calls``, ``pickups`` and ``collisions`` are
    0), ``remaining`` is the cards each player holds at the end, ``duration_ms`` the time of
    play over all rounds (each round's clock starts at its first spit), ``rounds`` the rounds
    played and ``spit`` the :class:`SpitStats`.  Its ``reason`` is ``"out"`` (``winner``
    cleared the row with no spit card left), ``"rounds"`` (a fixed number of rounds decided
    it), ``"tie"`` (they left it equal), ``"unfinished"`` (the round or event bound was
    reached) or ``"stuck"``.
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
    rounds: int = 1
    spit: SpitStats | None = None

    @property
    def finished(self) -> bool:
        """Whether the deal (or game) reached its end by the rules (a winner, a tie, a dead end)."""
        return self.reason in ("out", "tie", "dead-end", "rounds")

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
    max_rounds: int = MAX_ROUNDS
    reference: str | dict[str, Any] = attrs.field(
        init=False, default=attrs.Factory(lambda ctx: variant_reference(ctx.variant), takes_self=True))
    """How the logs name the variant (worked out once, not once a deal)."""
    low: tuple[int, ...] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: tuple(b.reaction.mean_ms - b.reaction.spread_ms + ctx.tick_ms - 1 for b in ctx.bots),
        takes_self=True))
    """Each seat's shortest reaction, rounded up to the tick (:func:`speedrules.speed.playout.play`'s ``low``)."""
    width: tuple[int, ...] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: tuple(2 * b.reaction.spread_ms + 1 for b in ctx.bots), takes_self=True))
    """How many whole milliseconds each seat's reaction time may take (``play``'s ``width``)."""
    fast: tuple[bool, ...] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: tuple(isinstance(b, FastBot) for b in ctx.bots), takes_self=True))
    """Which seats' bots have a fast path (:meth:`FastBot.decider`); the others choose on actions."""
    players: list[str] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: [f"{bot.name}-{seat}" for seat, bot in enumerate(ctx.bots)], takes_self=True))
    """The players' names in the logs (the same every deal; the encoder only reads it)."""
    bots_meta: list[dict[str, Any]] = attrs.field(init=False, eq=False, default=attrs.Factory(
        lambda ctx: [{"name": b.name, "mean_ms": b.reaction.mean_ms, "spread_ms": b.reaction.spread_ms}
                     for b in ctx.bots], takes_self=True))
    """The bots as a log's ``meta.simulated.bots`` gives them (the same every deal)."""
    buffer: bytearray = attrs.field(init=False, eq=False, repr=False, factory=bytearray)
    """Where this run's logs of Spit are encoded, one after another (:func:`_encoded`)."""
    template: tuple[bytes, ...] = attrs.field(init=False, eq=False, repr=False, default=attrs.Factory(
        lambda ctx: _log_template(ctx) if ctx.want_log and ctx.variant.family != "spit" else (),
        takes_self=True))
    """A Speed deal's log around the parts that change from deal to deal (:func:`_log_template`)."""


# ---------------------------------------------------------------------------- one deal


def _log_document(ctx: _Context, index: Any, deal_seed: Any, layout: Any, events: Any) -> dict[str, Any]:
    """A deal's log document: the one definition of what a simulated Speed deal's log holds."""
    return {
        "format": LOG_FORMAT,
        "variant": ctx.reference,
        "players": ctx.players,
        "meta": {"simulated": {
            "seed": ctx.seed, "game": index, "deal_seed": deal_seed, "tick_ms": ctx.tick_ms, "bots": ctx.bots_meta,
        }},
        "deals": [{"layout": layout, "events": events}],
    }


_HOLE: Final = msgspec.Raw(b"\x00")
"""Where :func:`_log_template` leaves a hole (no JSON text msgspec writes holds a NUL byte)."""


def _log_template(ctx: _Context) -> tuple[bytes, ...]:
    """The run's log documents as text around their four parts that change from deal to deal
    (the deal's index, its seed, its layout, its events): :func:`_log_document` encoded once a
    run, by msgspec, with a hole for each."""
    pieces = tuple(_encode(_log_document(ctx, _HOLE, _HOLE, _HOLE, _HOLE)).split(b"\x00"))
    assert len(pieces) == 5, pieces
    return pieces


def _log_text(ctx: _Context, index: int, game: Game, events: list[str]) -> bytes:
    """A deal's log as msgspec encodes :func:`_log_document` (compact JSON text), written into
    the run's template: the layout encoded by msgspec, the events as :func:`speedrules.speed.playout.play`
    wrote them (:func:`~speedrules.speed.coding.add_event_text`)."""
    t = ctx.template
    return b"".join((t[0], str(index).encode(), t[1], str(game.seed).encode(), t[2], _encode(game.layout_json()), t[3],
                     events_array(events).encode(), t[4]))


def play_deal(ctx: _Context, index: int) -> tuple[SimResult, bytes | None]:
    """Play deal ``index`` of a run; return its result and, if asked, its log's text."""
    v = ctx.variant
    bots = ctx.bots
    tick = ctx.tick_ms
    rng = random.Random(f"{ctx.seed}:{index}")
    game = deal(v, rng.getrandbits(63))
    assert game.seed is not None
    kernel = game.kernel
    # Reaction.delay: low + int(rand() * width) ms, then rounded up to the tick.
    low, width = list(ctx.low), list(ctx.width)
    clock = [0]  # the moment the seats decide at (playout.play keeps it)

    def slow(seat: int) -> Option | None:
        """A bot without a fast path: its view, its options as actions, its choice."""
        options = seat_options(game, seat)
        if not options:
            return WAIT
        bot = bots[seat]
        action = bot.choose(SeatView.of(game, seat, clock[0]), options, rng)
        if action is None:
            return None
        if action not in options:
            chosen = action.describe() if isinstance(action, (Play, Draw, Call, Pickup, Flip, Rebuild, Reveal)) \
                else brief(action)
            raise BotError(f"bot {bot.name!r} (seat {seat}) chose {chosen}, which is not one of its options "
                           f"({', '.join(o.describe() for o in options)})")
        return option_of(action)

    deciders = [cast("FastBot", b).decider(game, rng) if fast else slow for b, fast in zip(bots, ctx.fast, strict=True)]
    records: list[str] | None = [] if ctx.want_log else None  # the events' JSON text
    if kernel.event(REVEAL, t=0) is not None:  # a fresh deal always reveals
        raise SimulationError(f"deal {index} of the run could not start")
    if records is not None:
        add_event_text(records, REVEAL, -1, -1, None, (), 0)
    played = playout.play(kernel, deciders, rng, low, width, tick, ctx.max_events, records, clock)
    reason = played.reason
    outcome = game.outcome()
    winner = None
    tied: tuple[int, ...] = ()
    if outcome is not None and not reason:
        reason = "out" if outcome.winner is not None else ("tie" if outcome.is_tie else "dead-end")
        winner, tied = outcome.winner, outcome.tied
    elif not reason:
        reason = "stuck"
    # positional, in the order of SimResult's fields (index, seed, winner, reason, events, plays, draws,
    # flips, rebuilds, remaining, tied, calls, pickups, collisions, bounced, duration_ms): one a deal
    result = SimResult(index, game.seed, winner, reason, played.events, played.plays, played.draws, played.flips,
                       played.rebuilds, kernel.remaining(), tied, played.calls, played.pickups,
                       len(kernel.collisions), played.bounced, played.last)
    return result, (None if records is None else _log_text(ctx, index, game, records))


# ---------------------------------------------------------------------------- one game of Spit


def _table_spit(game: SpitGame, bots: Sequence[SpitBot], t: int, rng: random.Random) -> Spit | None:
    """The spit the table makes now, or ``None`` when the kernel allows none.  A spit that names
    no pile is preferred (both spit, or a lone spitter keeps to its pile); when the kernel wants
    a pile named, the lone spitter's bot chooses one of those it allows."""
    k = game.kernel
    if k.check_event(SPIT_KIND) is None:
        return Spit()
    piles = [c for c in (0, 1) if k.check_event(SPIT_KIND, -1, c) is None]
    if not piles:
        return None
    spitters = k.spitters()
    seat = spitters[0] if len(spitters) == 1 else 0
    pile = bots[seat].spit_pile(SpitView.of(game, seat, t), piles, rng)
    if pile not in piles:
        raise BotError(f"bot {bots[seat].name!r} (seat {seat}) chose to spit onto pile {pile!r}, not one of "
                       f"{', '.join(map(str, piles))}")
    return Spit(pile)


def _spit_log_document(ctx: _Context, index: int, game: SpitGame) -> dict[str, Any]:
    bots = ctx.bots
    data = game.to_log_data(players=[f"{bot.name}-{seat}" for seat, bot in enumerate(bots)])
    deals = data.pop("deals")
    data["meta"] = {"simulated": {
        "seed": ctx.seed, "game": index, "deal_seed": game.seed, "tick_ms": ctx.tick_ms,
        "bots": [{"name": b.name, "mean_ms": b.reaction.mean_ms, "spread_ms": b.reaction.spread_ms} for b in bots],
    }}
    data["deals"] = deals
    return data


def play_spit_game(ctx: _Context, index: int) -> tuple[SimResult, dict[str, Any] | None]:
    """Play game ``index`` of a Spit run, round after round; return its result and, if asked,
    its log document (one deal per round).

    Each round starts with the table's spit at ``t = 0``; a seat looks at the table when its
    reaction time has elapsed and takes what its bot chooses among :func:`~speedrules.sim.bots.spit_options`;
    a seat with nothing to do waits for the table to change.  When the kernel allows a spit
    (nobody can play, by the variant's reading), the table spits :data:`SPIT_PAUSE_MS` after the
    last event.  When the round ends, each seat claims after its reaction time (a slap race:
    the first hand down lands first).  Seats due at the same moment decide on the table as it
    was and land in a random order; every action is judged by the kernel as it lands, and one
    that no longer stands is taken back (``bounced``)."""
    bots: list[SpitBot] = [b for b in ctx.bots if isinstance(b, SpitBot)]
    assert len(bots) == 2
    tick = ctx.tick_ms
    rng = random.Random(f"{ctx.seed}:{index}")
    rand = rng.random
    game = deal_spit(ctx.variant, rng.getrandbits(63), names=[f"{b.name}-{s}" for s, b in enumerate(bots)])
    assert game.seed is not None
    low = [b.reaction.mean_ms - b.reaction.spread_ms + tick - 1 for b in bots]
    width = [2 * b.reaction.spread_ms + 1 for b in bots]

    def delay(seat: int, t: int) -> int:
        return (t + low[seat] + int(rand() * width[seat])) // tick * tick

    events = looks = plays = moves = pairs = spits = slaps = chooses = bounced = duration = 0
    races, chose, smaller = [0, 0], [0, 0], [0, 0]
    round_events: list[int] = []
    round_spits: list[int] = []
    max_events, max_looks = ctx.max_events, 10 * ctx.max_events
    reason = ""
    while True:  # one round
        k = game.kernel
        at_start, spits_at_start = events, spits
        t = last = 0
        table: int = 0  # the table's spit is due at once: the round's first spit
        due = [NEVER, NEVER]
        ended = False
        idle = 0  # row moves since the last play, spit or claim
        seen: list[set[tuple[tuple[int, ...], ...]]] = [set(), set()]  # each row's arrangements since then
        circling = [False, False]  # a seat whose row moves brought back an arrangement it had
        while not k.is_settled():
            if events >= max_events or looks >= max_looks:
                reason = "unfinished"
                break
            t = min(due[0], due[1], table)
            if t == NEVER:
                reason = "stuck"
                break
            actors = [s for s in (-1, 0, 1) if (table if s < 0 else due[s]) == t]
            if len(actors) > 1:
                rng.shuffle(actors)
            batch: list[SpitAction] = []
            for seat in actors:  # everyone due now decides on the table as it is
                if seat < 0:
                    table = NEVER
                    spit = _table_spit(game, bots, t, rng)
                    if spit is not None:
                        batch.append(spit)
                    continue
                looks += 1
                options = spit_options(game, seat)
                if circling[seat]:  # it has gone round in circles: no more row moves until the table changes
                    options = [o for o in options if not isinstance(o, (GapMove, Pairing))]
                if not options:
                    due[seat] = NEVER
                    continue
                bot = bots[seat]
                choice = bot.choose_spit(SpitView.of(game, seat, t), options, rng)
                due[seat] = delay(seat, t)
                if choice is None:
                    continue
                if choice not in options:
                    raise BotError(f"bot {bot.name!r} (seat {seat}) chose {brief(choice)}, which is not one of its "
                                   f"options ({', '.join(map(str, options))})")
                batch.append(choice)
            for action in batch:  # then the actions land, each judged as it lands
                mover = action.player if isinstance(action, (GapMove, Pairing)) else -1
                if mover >= 0:
                    before = tuple(map(tuple, k.rows[mover]))
                try:
                    game.apply(action, t)
                except IllegalActionError:
                    bounced += 1
                    continue
                events += 1
                last = t
                if isinstance(action, Spit):
                    spits += 1
                    due = [delay(0, t), delay(1, t)]  # both react to the fresh cards
                else:
                    if isinstance(action, StockPlay):
                        plays += 1
                    elif isinstance(action, GapMove):
                        moves += 1
                    elif isinstance(action, Pairing):
                        pairs += 1
                    elif isinstance(action, Slap):
                        slaps += 1
                    elif isinstance(action, Choose):  # (a bot declares no jam: the table ends the round)
                        chooses += 1
                        chose[action.player] += 1
                    for s in (0, 1):  # a seat that was waiting reacts to the change
                        if due[s] == NEVER:
                            due[s] = delay(s, t)
                if mover >= 0:
                    idle += 1
                    if idle >= MAX_IDLE_MOVES:
                        reason = "stuck"  # row moves without end: see MAX_IDLE_MOVES
                        break
                    seen[mover].add(before)
                    if tuple(map(tuple, k.rows[mover])) in seen[mover]:
                        circling[mover] = True
                elif idle or circling[0] or circling[1]:
                    idle = 0
                    seen = [set(), set()]
                    circling = [False, False]
                if k.is_over():
                    if not ended:  # the round has just ended: both react to it, then claim
                        ended = True
                        due = [delay(0, t), delay(1, t)]
                    table = NEVER
                elif not _table_spit_allowed(game):
                    table = NEVER
                elif table == NEVER or isinstance(action, Spit):
                    table = t + SPIT_PAUSE_MS  # play has just jammed: the table spits after the pause
            if reason:
                break
        round_events.append(events - at_start)
        round_spits.append(spits - spits_at_start)
        duration += last
        if reason:
            break
        if k.slaps:
            races[k.slaps[0][0]] += 1
        sizes = [len(p) for p in k.centre]
        if sizes[0] and sizes[1] and sizes[0] != sizes[1]:
            owner = k.owners[0 if sizes[0] < sizes[1] else 1]
            if owner is not None:
                smaller[owner] += 1
        if game.outcome() is not None:
            break
        if game.round + 1 >= ctx.max_rounds:
            reason = "unfinished"
            break
        game.next_round()
    outcome = game.outcome()
    winner = None
    if outcome is not None and not reason:
        winner = outcome.winner
        outright = any(r.winner is not None for r in game.results)
        reason = "tie" if winner is None else "out" if outright else "rounds"
    elif not reason:
        reason = "stuck"
    stats = SpitStats(
        rounds=game.round + 1, spits=spits, moves=moves, pairs=pairs, slaps=slaps, chooses=chooses,
        races=(races[0], races[1]), chose=(chose[0], chose[1]), smaller=(smaller[0], smaller[1]),
        round_events=tuple(round_events), round_spits=tuple(round_spits),
    )
    result = SimResult(
        index=index, seed=game.seed, winner=winner, reason=reason, events=events, plays=plays, draws=0, flips=0,
        rebuilds=0, remaining=game.holdings(), bounced=bounced, duration_ms=duration, rounds=stats.rounds,
        spit=stats,
    )
    return result, (_spit_log_document(ctx, index, game) if ctx.want_log else None)


def _table_spit_allowed(game: SpitGame) -> bool:
    """Whether the kernel allows the table a spit now (with or without naming a pile)."""
    check = game.kernel.check_event
    return any(check(SPIT_KIND, -1, pile) is None for pile in (-1, 0, 1))


# ---------------------------------------------------------------------------- many deals

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
    """Deals ``start`` to ``end - 1`` of the run (:func:`_played`), the cyclic garbage collector
    paused meanwhile: a deal makes no cycles, and the collector's passes cost about 10%; one pause
    for a span of deals, not one a deal (a pause costs about 2 us, nearly 2% of a deal)."""
    with COLLECTOR_PAUSED:
        return [_played(ctx, index) for index in range(start, end)]


_encoder = msgspec.json.Encoder()
_encode, _encode_into = _encoder.encode, _encoder.encode_into
"""Writes a log document as compact JSON text into a buffer (seven times as fast as ``json.dumps``
here, which took about 40% of what ``--logs`` costs; docs/performance.md)."""


def _encoded(ctx: _Context, doc: dict[str, Any]) -> bytes:
    """A log document as compact JSON text, written into the run's buffer and copied out: the
    buffer keeps its size from log to log, where encoding to a new ``bytes`` grew one a log
    (about 1.5 us of a 7 us encoding)."""
    buffer = ctx.buffer
    _encode_into(doc, buffer)
    return bytes(buffer)


def _played(ctx: _Context, index: int) -> tuple[SimResult, bytes | None]:
    """One deal (or game of Spit) of the run, and its log text if asked for."""
    if ctx.variant.family == "spit":
        result, doc = play_spit_game(ctx, index)
        return result, None if doc is None else _encoded(ctx, doc)
    return play_deal(ctx, index)


_SPAN: Final = 64
"""The most deals one process plays at a time, in one collector pause, before it yields them."""


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
    """Play ``games`` deals of ``variant`` (a :class:`Variant`, a bundled name or a file)
    between bots, lazily yielding one :class:`SimResult` per deal in deal order.

    ``bots`` gives one bot per seat (``"random,greedy"``, bots, or a mix; the last is
    repeated for the other seats; default: random bots).  ``jobs`` spreads the deals over
    that many processes; the results are the same for any ``jobs``.  ``logs=True`` puts
    each deal's ``speedrules-log/1`` log in :attr:`SimResult.log`; a path writes them
    instead, as one JSON file per deal in that directory (made if missing), or one line per
    deal when the path ends in ``.jsonl``.  A deal stops unfinished after ``max_events``
    events; ``tick_ms`` is the table's clock tick.  ``start`` is the index of the first
    deal: ``simulate(v, 1, seed=s, start=i)`` replays deal ``i`` of a run alone.

    A variant of Spit plays whole games, round after round, one result per game (its
    ``spit`` gives the rounds, spits, row moves and slap races): each game's log has one deal
    per round; a game stops ``unfinished`` after ``max_rounds`` rounds or ``max_events``
    events over all its rounds.  Its bots must be Spit bots (:class:`~speedrules.sim.bots.SpitBot`,
    as both bundled bots are).

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
    if v.family == "spit":
        for bot in seats:
            if not isinstance(bot, SpitBot):
                raise SimulationError(f"bot {getattr(bot, 'name', bot)!r} cannot play {v.name}: a Spit bot also has "
                                      "choose_spit(view, options, rng) and spit_pile(view, piles, rng)")
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
    spit: SpitSummary | None = None
    """For games of Spit, their own statistics (what the table and the JSON then show)."""

    def per_deal(self, total: int) -> float:
        return total / self.deals if self.deals else 0.0

    def to_json(self) -> dict[str, Any]:
        if self.spit is not None:
            return self.spit.to_json()
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
        if self.spit is not None:
            return self.spit.table()
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
        return _render(f"{self.variant}: {self.deals} simulated deals", self.seed, rows)


def pct(x: float) -> str:
    """A proportion as a percentage with one decimal (``0.4567`` -> ``45.7%``)."""
    return f"{100 * x:.1f}%"


def _render(title: str, seed: int | None, rows: Sequence[tuple[str, str]]) -> str:
    head = max(len(h) for h, _ in rows)
    title += f", seed {seed}" if seed is not None else ""
    return "\n".join([title, *(f"{h:<{head}}  {text}".rstrip() for h, text in rows)])


def _seat_shares(names: Sequence[str], counts: Sequence[int], trials: int) -> tuple[SeatShare, ...]:
    shares = []
    for seat, count in enumerate(counts):
        low, high = wilson_interval(count, trials)
        shares.append(SeatShare(seat, names[seat], count, count / trials if trials else 0.0, low, high))
    return tuple(shares)


@attrs.frozen(slots=True)
class SpitSummary:
    """The statistics of simulated games of Spit (``Summary.spit``): what ``speedrules
    simulate`` prints for a Spit variant.

    ``games`` were played: ``outright`` won by a player out of cards, ``by_rounds`` decided by
    a fixed number of rounds, ``ties`` left equal, ``unfinished`` cut at ``max_rounds`` rounds
    or ``max_events`` events, ``stuck`` unable to go on by the rules (see
    :data:`MAX_IDLE_MOVES`).  ``rounds`` spreads the rounds per game (``total_rounds`` in
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
    max_rounds: int = MAX_ROUNDS
    max_events: int = MAX_EVENTS

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
        return _render(f"{self.variant}: {games} simulated games", self.seed, rows)


def summarize_spit(
    results: Sequence[SimResult], names: Sequence[str], *, variant: str = "", seed: int | None = None,
    max_rounds: int = MAX_ROUNDS, max_events: int = MAX_EVENTS,
) -> SpitSummary:
    """The statistics of simulated games of Spit (see :class:`SpitSummary`)."""
    stats = [r.spit for r in results if r.spit is not None]
    if len(stats) != len(results):
        raise SimulationError("summarize takes the results of one family: games of Spit or deals of Speed")
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
        plays=sum(r.plays for r in results), moves=sum(st.moves for st in stats),
        pairs=sum(st.pairs for st in stats), spits=sum(st.spits for st in stats),
        slaps=sum(st.slaps for st in stats), chooses=sum(st.chooses for st in stats),
        bounced=sum(r.bounced for r in results),
        races=_seat_shares(names, races, sum(races)), total_races=sum(races),
        chose=tuple(sum(st.chose[seat] for st in stats) for seat in range(2)),
        smaller=_seat_shares(names, smaller, sum(smaller)), unequal=sum(smaller),
        seats=_seat_shares(names, wins, games),
        length=Spread.of([r.rounds for r in done]),
        mean_ms=sum(r.duration_ms for r in done) / len(done) if done else 0.0,
        max_rounds=max_rounds, max_events=max_events,
    )


def summarize(
    results: Iterable[SimResult], *, variant: str = "", bots: Sequence[str] | None = None, seed: int | None = None,
    max_rounds: int = MAX_ROUNDS, max_events: int = MAX_EVENTS,
) -> Summary:
    """The statistics of simulated deals (see :class:`Summary`); ``bots`` names each seat's bot.

    Games of Spit get their own statistics in ``Summary.spit`` (:class:`SpitSummary`), which
    the table and the JSON then show; ``max_rounds`` and ``max_events`` are the bounds the
    games were played with, for the table to name.

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
    spit = None
    if any(r.spit is not None for r in results):
        spit = summarize_spit(results, names, variant=variant, seed=seed, max_rounds=max_rounds,
                              max_events=max_events)
    return Summary(
        variant=variant, seed=seed, deals=deals, won=len(losers),
        dead_ends=sum(r.reason == "dead-end" for r in results), ties=sum(r.reason == "tie" for r in results),
        unfinished=sum(not r.finished for r in results), events=Spread.of([r.events for r in results]),
        plays=sum(r.plays for r in results), draws=sum(r.draws for r in results),
        flips=sum(r.flips for r in results), rebuilds=sum(r.rebuilds for r in results),
        collisions=sum(r.collisions for r in results), bounced=sum(r.bounced for r in results),
        seats=tuple(seats), loser_cards=Spread.of(losers),
        calls=sum(r.calls for r in results), pickups=sum(r.pickups for r in results), spit=spit,
    )
