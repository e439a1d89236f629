"""Spit benchmarks: run ``python benchmarks/bench_spit.py`` from the repository root.

Prints the machine, then:

1. the referee on Spit logs (JSON text in, verdict out) in events per second, per bundled Spit
   variant, next to the referee on simulated ``speed`` logs (the ratio is Spit's events/s over
   Speed's);
2. the strict reading of "can play" (``SpitKernel.reach``, which with pairing is the exact
   search of ``speedrules.spit.kernel.pairing_search``): its cost per call on every position of
   simulated ``spit-pairing`` games where no face-up card fits, mean, 99th percentile and
   the worst;
3. the simulator (random bots, one process): games, rounds and events per second per variant;
4. issue 32's figures, against the bare Spit loops (``bare_spit_checker.py``, ``bare_spit_playout.py``:
   plain Python for plain ``spit`` only, the same work): the referee from JSON text, by the CLI's one
   pass (``referee_text``) and by the API (``referee(read_log(...))``), over the bare checker's
   events per second, on simulated ``spit`` logs (and per file, the CLI's ``referee_path`` beside
   ``referee(read_log(path))``); ``simulate("spit", ...)`` over the bare playout's games per second
   (the two play the very same games: checked first); linearity, the referee's per-event cost on
   logs of 10 rounds against one log of 1,000 (a game of a 1,000-round variant between two bots
   that keep the holdings even, so that nobody runs out of cards); peak memory judging a JSON
   Lines archive of 1, 16 and 64 times the logs;
5. issue 32's targets, each figure beside its bar for this build (pure Python or compiled).

Times are CPU times (``time.process_time``), the best of ``--rounds`` interleaved rounds.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bare_spit_checker import check_text as bare_check  # noqa: E402
from bare_spit_playout import playout as bare_playout  # noqa: E402
from bench import best_cpu, events_in, memory, per_file, referee_throughput  # noqa: E402
from bench_family import referee_table  # noqa: E402
from bench_simulation import build, machine  # noqa: E402

import speedrules  # noqa: E402
import speedrules.spit  # noqa: E402
from speedrules.judge.referee import referee_text  # noqa: E402
from speedrules.spit.kernel import SpitKernel  # noqa: E402

TARGETS = {"referee": {"compiled": 1.0, "pure": 0.6}, "simulate": {"compiled": 1.0, "pure": 0.5}}
"""Issue 32's bars: the Spit referee and simulator over the bare loops, per build."""


def reach_costs(games: int) -> list[float]:
    """The CPU time of ``reach`` for each seat in each position of simulated spit-pairing games
    where no face-up card fits (so the strict reading has to search)."""
    costs = []
    for result in speedrules.simulate("spit-pairing", games, seed=3, logs=True):
        assert result.log is not None
        log = speedrules.parse_log(json.loads(result.log.dumps()))
        game = speedrules.SpitGame.from_log(log, 0, 0)
        for number in range(len(log.rounds)):
            if number:
                game.next_round(speedrules.SpitLayout.from_codes(*log.rounds[number].codes))
            for action, t in log.spit_actions(number):
                game.apply(action, t)
                k = game.kernel
                if not k.started or k.is_over():
                    continue
                for seat in (0, 1):
                    if k.playable(seat) is None:
                        fresh = k.copy()  # no cached answer
                        begin = time.process_time()
                        SpitKernel.reach(fresh, seat)
                        costs.append(time.process_time() - begin)
    return costs


def simulation_table(games: int, rounds: int) -> list[tuple[str, float, float, float]]:
    rows = []
    for name in speedrules.variant_names("spit"):
        best = float("inf")
        results: list[speedrules.SimResult] = []
        for _ in range(rounds):
            begin = time.process_time()
            results = list(speedrules.simulate(name, games, seed=5))
            best = min(best, time.process_time() - begin)
        spit = [r.spit for r in results if r.spit is not None]
        played_rounds = sum(s.rounds for s in spit)
        rows.append((name, games / best, played_rounds / best, sum(r.events for r in results) / best))
    return rows


# ---------------------------------------------------------------------------- issue 32


def compiled_spit() -> list[str]:
    """The modules of ``speedrules.spit`` this build has compiled (none in the pure build)."""
    return [m.name for m in pkgutil.iter_modules(speedrules.spit.__path__)
            if not str(importlib.import_module(f"speedrules.spit.{m.name}").__file__).endswith(".py")]


def simulation_ratio(games: int, rounds: int, seed: int = 7) -> dict[str, float]:
    """Games a CPU second of ``simulate("spit", ...)`` (two random bots, one process) and of the
    bare playout, on the same ``games`` games, timed in turn; checked first to be the same games."""
    outcome = {"unfinished": -3, "stuck": -4}
    for r in speedrules.simulate("spit", min(games, 20), seed=seed):
        c = r.counts
        ours = (r.winner if r.winner is not None else outcome[r.reason], r.events, r.rounds, c["spit"], c["play"],
                c["move"], c["slap"], r.bounced, r.remaining, r.duration_ms)
        assert bare_playout(seed, r.index) == ours, f"game {r.index}: the bare playout plays another game"

    def bare() -> None:
        for index in range(games):
            bare_playout(seed, index)

    def simulated() -> None:
        for _ in speedrules.simulate("spit", games, seed=seed):
            pass

    bare_time, sim_time = best_cpu(rounds, bare, simulated)
    return {"bare": games / bare_time, "simulate": games / sim_time}


class EvenBot:
    """A bot that keeps a game of Spit going: it slaps the larger centre pile when it holds fewer
    cards than the other player (the smaller one otherwise, so the larger goes to the poorer
    either way), and, while it holds fewer, lets four moments in five pass; else it picks among
    its options at random.  Neither player then runs down to a round without spit cards, the only
    round a player can win the game outright in."""

    name = "even"
    reaction = speedrules.Reaction()

    def choose(self, view: Any, options: Any, rng: random.Random) -> Any:
        mine = sum(view.row_sizes[view.seat]) + view.spit_sizes[view.seat]
        theirs = sum(view.row_sizes[1 - view.seat]) + view.spit_sizes[1 - view.seat]
        slaps = [a for a in options if isinstance(a, speedrules.Slap)]
        if slaps:
            sizes = view.centre_sizes
            larger = 0 if sizes[0] >= sizes[1] else 1
            pile = larger if mine < theirs else 1 - larger
            return next(a for a in slaps if a.pile == pile)
        if mine < theirs and rng.random() < 0.8:
            return None
        return options[int(rng.random() * len(options))]


def long_logs(rounds: int, short_logs: int, folder: Path) -> tuple[list[str], str, speedrules.Variant]:
    """``short_logs`` logs of 10 rounds and one of ``rounds`` rounds (or as many as the game lasts),
    of one variant: plain Spit over ``rounds`` rounds (a variant file extending ``spit-rounds``),
    played by two even bots (:class:`EvenBot`); and the variant."""
    path = folder / "spit-long-rounds.yaml"
    path.write_text(f"extends: spit-rounds\ntitle: Spit over {rounds} rounds\ndescription: a benchmark's variant\n"
                    f"spit:\n  rounds: {rounds}\n", encoding="utf-8")
    variant = speedrules.load_variant(path)
    bots = [EvenBot()]
    long = next(iter(speedrules.simulate(variant, 1, seed=1, bots=bots, logs=True, max_rounds=rounds,
                                         max_events=100 * rounds)))
    short = speedrules.simulate(variant, short_logs, seed=2, bots=bots, logs=True, max_rounds=10)
    assert long.log is not None
    return [r.log.dumps() for r in short if r.log is not None], long.log.dumps(), variant


def spit_linearity(short: list[str], long: str, variant: speedrules.Variant, rounds: int) -> dict[str, float]:
    """The CLI referee's CPU time per event on the short logs (each its own log) and on the long
    one, each the best of ``rounds``; each round judges the short logs once untimed first (as
    ``bench.linearity`` does: right after a long log, the first pass over short logs runs slow).
    The variant is given, as ``referee --variant FILE`` gives it: a log that holds its variant's
    document pays some 600 us to read it, which would weigh on the short logs alone."""
    assert referee_text(long, variant=variant).valid, "the referee refuses the long log"
    assert all(referee_text(t, variant=variant).valid for t in short), "the referee refuses a short log"
    n_short, n_long = sum(map(events_in, short)), events_in(long)

    def judge_short() -> None:
        for text in short:
            referee_text(text, variant=variant)

    best_short, best_long = float("inf"), float("inf")
    for _ in range(rounds):
        judge_short()  # the warm-up pass, untimed
        best_short = min(best_short, *best_cpu(1, judge_short))
        best_long = min(best_long, *best_cpu(1, lambda: referee_text(long, variant=variant)))
    return {"short_events": n_short / len(short), "long_events": n_long, "long_rounds": len(json.loads(long)["deals"]),
            "us_short": best_short / n_short * 1e6, "us_long": best_long / n_long * 1e6}


def issue_32(args: argparse.Namespace) -> None:
    """Sections 4 and 5: issue 32's figures and targets."""
    build_name = "compiled" if build().startswith("compiled") else "pure"
    tmp = Path(os.environ.get("TMPDIR", "/tmp"))
    texts = [r.log.dumps() for r in speedrules.simulate("spit", args.logs, seed=11, logs=True) if r.log is not None]
    r = referee_throughput(texts, args.rounds, bare_check)
    print(f"\n4. issue 32, against the bare Spit loops ({build()}; speedrules.spit compiled: "
          f"{', '.join(compiled_spit()) or 'none'})")
    print(f"   referee, {len(texts)} simulated spit logs, {r['events']:,} events (JSON text in)")
    print(f"   bare checker (benchmarks/bare_spit_checker.py) {r['bare']:>10,.0f} events/s")
    print(f"   speedrules referee (one pass, the CLI's)       {r['referee']:>10,.0f} events/s   "
          f"{r['referee'] / r['bare']:.2f} x bare")
    print(f"   speedrules API (read_log, then referee)        {r['api']:>10,.0f} events/s   "
          f"{r['api'] / r['bare']:.2f} x bare")
    cli_file, api_file = per_file(texts[:100], args.rounds, tmp)
    print(f"   per file, the CLI's path (referee_path)        {cli_file:>10,.0f} events/s")
    print(f"   per file, referee(read_log(path))              {api_file:>10,.0f} events/s   "
          f"{api_file / cli_file:.2f} x the CLI's")
    sim = simulation_ratio(args.sim_games, args.rounds)
    print(f"   simulator, two random bots, {args.sim_games} games (the bare playout's very games)")
    print(f"   bare playout (benchmarks/bare_spit_playout.py) {sim['bare']:>10.1f} games/s")
    print(f"   simulate('spit', ...), one process             {sim['simulate']:>10.1f} games/s   "
          f"{sim['simulate'] / sim['bare']:.2f} x bare")
    with tempfile.TemporaryDirectory(dir=tmp) as folder:
        short, long, variant = long_logs(args.long_rounds, args.short_logs, Path(folder))
    lin = spit_linearity(short, long, variant, args.rounds)
    per_event = lin["us_long"] / lin["us_short"]
    print(f"   linearity (the variant given, as referee --variant gives it): {len(short)} logs of 10 rounds "
          f"({lin['short_events']:.0f} events each) "
          f"{lin['us_short']:.2f} us/event; one log of {lin['long_rounds']} rounds ({lin['long_events']:,} events) "
          f"{lin['us_long']:.2f} us/event; ratio {per_event:.2f}")
    cold = memory(texts[:args.memory_logs], tmp, copies=MEMORY_COPIES)
    peaks = memory(texts[:args.memory_logs], tmp, warm=True, copies=MEMORY_COPIES)
    print("   memory: peak traced memory judging a JSON Lines archive (the CLI's path); first run, and with "
          "Python's free lists filled first (bench.memory)")
    for (count, first), (_, mib) in zip(cold, peaks, strict=True):
        print(f"   {count:>6} logs   {first:8.2f} MiB   {mib:8.2f} MiB")
    bar = {name: bars[build_name] for name, bars in TARGETS.items()}
    print(f"\n5. issue 32's targets ({build_name} build)")
    for label, figure, target, met in (
        ("CLI referee / bare checker", f"{r['referee'] / r['bare']:.2f}", f">= {bar['referee']}",
         r["referee"] >= bar["referee"] * r["bare"]),
        ("referee(read_log(...)) / bare checker", f"{r['api'] / r['bare']:.2f}", f">= {bar['referee']}",
         r["api"] >= bar["referee"] * r["bare"]),
        ("simulate / bare playout", f"{sim['simulate'] / sim['bare']:.2f}", f">= {bar['simulate']}",
         sim["simulate"] >= bar["simulate"] * sim["bare"]),
        (f"per event, {lin['long_rounds']} rounds / 10 rounds", f"{per_event:.2f}", "within 20%",
         abs(per_event - 1) <= 0.2),
        # bounded: once the first logs have warmed the caches, 4x the logs take no more memory
        ("archive memory, 64x the logs / 16x (warm)", f"{peaks[-1][1] / peaks[-2][1]:.2f}", "<= 1.5",
         peaks[-1][1] <= 1.5 * peaks[-2][1]),
    ):
        print(f"   {label:<44} {figure:>6}   {target:<10} {'met' if met else 'not met'}")


MEMORY_COPIES = (1, 16, 64)
"""The archives the memory figure judges: copies of the first ``--memory-logs`` logs."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="simulated Spit games per variant")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the best of each is kept")
    parser.add_argument("--logs", type=int, default=200, help="simulated spit logs for the referee's ratios (4)")
    parser.add_argument("--sim-games", type=int, default=50, help="games a round for the simulator's ratio (4)")
    parser.add_argument("--long-rounds", type=int, default=1000, help="rounds of the long log (4)")
    parser.add_argument("--short-logs", type=int, default=40, help="logs of 10 rounds beside it (4)")
    parser.add_argument("--memory-logs", type=int, default=50, help="logs in the 1x archive (4)")
    parser.add_argument("--only-targets", action="store_true", help="sections 4 and 5 only")
    args = parser.parse_args()
    print(machine())
    if args.only_targets:
        issue_32(args)
        return
    print("\n1. referee on Spit logs (JSON text in, verdict out)")
    print(f"{'variant':<24} {'events':>8} {'events/s':>10} {'x speed':>8}")
    for name, n, rate, ratio in referee_table(list(speedrules.variant_names("spit")), args.games, args.rounds):
        print(f"{name:<24} {n:>8} {rate:>10,.0f} {ratio:>8.2f}")
    costs = sorted(reach_costs(args.games // 2))
    print("\n2. the strict reading with pairing (reach, no face-up card fits), per call")
    print(f"calls {len(costs)}, mean {statistics.fmean(costs) * 1e6:.0f} us, "
          f"p99 {costs[int(len(costs) * 0.99)] * 1e6:.0f} us, worst {costs[-1] * 1e3:.2f} ms")
    print("\n3. simulator (random bots, one process)")
    print(f"{'variant':<24} {'games/s':>8} {'rounds/s':>9} {'events/s':>9}")
    for name, g, r, e in simulation_table(args.games, args.rounds):
        print(f"{name:<24} {g:>8.1f} {r:>9.0f} {e:>9,.0f}")
    issue_32(args)


if __name__ == "__main__":
    main()
