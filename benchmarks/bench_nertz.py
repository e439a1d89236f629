"""Nertz benchmarks (issue 33): run ``python benchmarks/bench_nertz.py`` from the repository root.

Prints the machine, then, as ratios in one run:

1. the referee on simulated Nertz logs (JSON text in, verdict out) in events per second per
   bundled Nertz variant, next to the referee on simulated ``speed`` logs (the ratio is Nertz's
   events/s over Speed's; the issue asks >= 0.75, aims for 1.0);
2. the simulator (random and greedy bots, one process) in events per second per Nertz variant,
   next to the simulator on ``spit`` (the ratio is Nertz's over Spit's; the issue asks >= 1.0).

Times are CPU times (``time.process_time``), the best of ``--rounds`` interleaved rounds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench import best_cpu_chunked, events_in, played_log  # noqa: E402
from bench_simulation import machine  # noqa: E402

import speedrules  # noqa: E402
from speedrules.judge.referee import referee_text  # noqa: E402


def nertz_logs(variant: str, games: int, seed: int) -> list[str]:
    return [r.log.dumps() for r in speedrules.simulate(variant, games, seed=seed, bots="random,greedy", logs=True)
            if r.log is not None]


def referee_table(games: int, rounds: int) -> list[tuple[str, int, float, float]]:
    speed = [played_log(seed, speedrules.load_variant("speed")) for seed in range(games * 4)]
    per_variant = {name: nertz_logs(name, games, 1) for name in speedrules.variant_names("nertz")}
    texts = [*speed, *(t for ts in per_variant.values() for t in ts)]
    assert all(referee_text(t).valid for t in texts), "the referee refuses a simulated log"
    [speed_time] = best_cpu_chunked(rounds, speed, referee_text)
    speed_rate = sum(map(events_in, speed)) / speed_time
    rows = [("speed", sum(map(events_in, speed)), speed_rate, 1.0)]
    for name, logs in per_variant.items():
        [spent] = best_cpu_chunked(rounds, logs, referee_text, chunk=2)
        n = sum(map(events_in, logs))
        rows.append((name, n, n / spent, n / spent / speed_rate))
    return rows


def simulation_rate(name: str, games: int, rounds: int) -> float:
    best, events = float("inf"), 0
    for _ in range(rounds):
        start = time.process_time()
        results = list(speedrules.simulate(name, games, seed=5, bots="random,greedy"))
        best = min(best, time.process_time() - start)
        events = sum(r.events for r in results)
    return events / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="simulated Nertz games per variant")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (the best is kept)")
    args = parser.parse_args()
    print(machine())
    print(f"{'referee':<24} {'events':>8} {'events/s':>10} {'x speed':>8}")
    for name, n, rate, ratio in referee_table(args.games, args.rounds):
        print(f"{name:<24} {n:>8} {rate:>10.0f} {ratio:>8.2f}")
    spit = simulation_rate("spit", args.games, args.rounds)
    print(f"{'simulator':<24} {'events/s':>10} {'x spit':>8}")
    print(f"{'spit':<24} {spit:>10.0f} {1.0:>8.2f}")
    for name in speedrules.variant_names("nertz"):
        rate = simulation_rate(name, args.games, args.rounds)
        print(f"{name:<24} {rate:>10.0f} {rate / spit:>8.2f}")


if __name__ == "__main__":
    main()
