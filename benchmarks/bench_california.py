"""California Speed benchmarks: run ``python benchmarks/bench_california.py`` from the repository root.

Prints the machine, then:

1. the referee on California Speed logs (JSON text in, verdict out) in events per second, per
   bundled California Speed variant, next to the referee on simulated ``speed`` logs (the ratio
   is California's events/s over Speed's; issue 33 asks for 0.75 at least, 1.0 as the aim);
2. the simulator (random bots, one process): deals and events per second per variant, next to
   Spit's (the ratio is California's events/s over plain Spit's; issue 33 asks for 1.0 at least).

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
from bench_spit import spit_logs  # noqa: E402

import speedrules  # noqa: E402
from speedrules.judge.referee import referee_text  # noqa: E402

FAMILY = "california-speed"


def referee_table(games: int, rounds: int) -> list[tuple[str, int, float, float]]:
    speed = [played_log(seed, speedrules.load_variant("speed")) for seed in range(games)]
    per_variant = {name: spit_logs(name, games, 1) for name in speedrules.variant_names(FAMILY)}
    texts = [*speed, *(t for ts in per_variant.values() for t in ts)]
    assert all(referee_text(t).valid for t in texts), "the referee refuses a simulated log"
    [speed_time] = best_cpu_chunked(rounds, speed, referee_text)
    speed_rate = sum(map(events_in, speed)) / speed_time
    rows = [("speed", sum(map(events_in, speed)), speed_rate, 1.0)]
    for name, logs in per_variant.items():
        [spent] = best_cpu_chunked(rounds, logs, referee_text, chunk=10)
        n = sum(map(events_in, logs))
        rows.append((name, n, n / spent, n / spent / speed_rate))
    return rows


def simulation_rate(name: str, games: int, rounds: int) -> tuple[float, float]:
    """Deals (games) and events per second of ``games`` simulated games of ``name``."""
    best, events = float("inf"), 0
    for _ in range(rounds):
        begin = time.process_time()
        results = list(speedrules.simulate(name, games, seed=5))
        best = min(best, time.process_time() - begin)
        events = sum(r.events for r in results)
    return games / best, events / best


def simulation_table(games: int, rounds: int) -> list[tuple[str, float, float, float]]:
    _, spit_rate = simulation_rate("spit", games, rounds)
    rows = [("spit", *simulation_rate("spit", games, rounds), 1.0)]
    for name in speedrules.variant_names(FAMILY):
        deals, rate = simulation_rate(name, games, rounds)
        rows.append((name, deals, rate, rate / spit_rate))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="logs and simulated games per variant")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the best of each is kept")
    args = parser.parse_args()
    print(machine())
    print("\n1. referee on California Speed logs (JSON text in, verdict out)")
    print(f"{'variant':<32} {'events':>8} {'events/s':>10} {'x speed':>8}")
    for name, n, rate, ratio in referee_table(args.games, args.rounds):
        print(f"{name:<32} {n:>8} {rate:>10,.0f} {ratio:>8.2f}")
    print("\n2. simulator (random bots, one process)")
    print(f"{'variant':<32} {'games/s':>8} {'events/s':>10} {'x spit':>8}")
    for name, g, e, ratio in simulation_table(args.games, args.rounds):
        print(f"{name:<32} {g:>8.1f} {e:>10,.0f} {ratio:>8.2f}")


if __name__ == "__main__":
    main()
