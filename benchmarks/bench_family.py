"""Any family's benchmarks (issue 33's bars): ``python benchmarks/bench_family.py FAMILY`` from the
repository root, ``FAMILY`` a registered family's name (``california-speed``, ``nertz``...).

Prints the machine, then, as ratios in one run:

1. the referee on simulated logs of every bundled variant of the family (JSON text in, verdict
   out) in events per second, next to the referee on simulated ``speed`` logs (the ratio is the
   family's events/s over Speed's; issue 33 asks >= 0.75, aims for 1.0), Speed's logs and each
   variant's timed in turn in every round;
2. the simulator (``--bots``, one process) in games and events per second per variant, next to
   the simulator on ``spit`` (the ratio is the family's events/s over Spit's; issue 33 asks
   >= 1.0), Spit's games and each variant's played in turn in every round.

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


def simulated_logs(variant: str, games: int, seed: int, bots: str = "random") -> list[str]:
    """The logs of ``games`` simulated games of ``variant``, as JSON text."""
    return [r.log.dumps() for r in speedrules.simulate(variant, games, seed=seed, bots=bots, logs=True)
            if r.log is not None]


def referee_table(variants: list[str], games: int, rounds: int, *, bots: str = "random",
                  chunk: int = 10) -> list[tuple[str, int, float, float]]:
    """``(variant, events, events/s, x speed)`` of the referee on simulated logs of each of
    ``variants``, Speed's own row first (``4 x games`` plain Speed logs, 80 at least: a few
    milliseconds of Speed would make every ratio noise).  Each round times Speed's logs and then
    each variant's, so a burst of the shared machine's load meets one round of every row, and
    each row keeps its best round."""
    speed = [played_log(seed, speedrules.load_variant("speed")) for seed in range(max(80, games * 4))]
    per_variant = {name: simulated_logs(name, games, 1, bots) for name in variants}
    rows = [("speed", speed, 100), *((name, logs, chunk) for name, logs in per_variant.items())]
    assert all(referee_text(t).valid for _, logs, _ in rows for t in logs), "the referee refuses a simulated log"
    best = [float("inf")] * len(rows)
    for _ in range(rounds):
        for i, (_, logs, size) in enumerate(rows):
            [spent] = best_cpu_chunked(1, logs, referee_text, chunk=size)
            best[i] = min(best[i], spent)
    rates = [(name, sum(map(events_in, logs)), spent) for (name, logs, _), spent in zip(rows, best, strict=True)]
    speed_rate = rates[0][1] / rates[0][2]
    return [(name, n, n / spent, n / spent / speed_rate) for name, n, spent in rates]


def simulation_table(variants: list[str], games: int, rounds: int, bots: str = "random"
                     ) -> list[tuple[str, float, float, float]]:
    """``(variant, games/s, events/s, x spit)`` of the simulator on each of ``variants``, Spit's
    own row first (``5 x games`` games, 50 at least: a few milliseconds of Spit would make every
    ratio noise).  Each round plays Spit's games and then each variant's, so a burst of the
    shared machine's load meets one round of every row, and each row keeps its best round."""
    rows = [("spit", max(50, games * 5)), *((name, games) for name in variants)]
    best = [float("inf")] * len(rows)
    events = [0] * len(rows)
    for _ in range(rounds):
        for i, (name, count) in enumerate(rows):
            begin = time.process_time()
            results = list(speedrules.simulate(name, count, seed=5, bots=bots))
            best[i] = min(best[i], time.process_time() - begin)
            events[i] = sum(r.events for r in results)
    spit = events[0] / best[0]
    return [(name, count / spent, n / spent, n / spent / spit)
            for (name, count), spent, n in zip(rows, best, events, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("family", help="a registered family: california-speed, nertz, spit...")
    parser.add_argument("--games", type=int, default=20, help="logs and simulated games per variant")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the best of each is kept")
    parser.add_argument("--bots", default="random,greedy", help="the simulated seats' bots")
    args = parser.parse_args()
    variants = list(speedrules.variant_names(args.family))
    print(machine())
    print(f"\n1. the referee on {args.family} logs (JSON text in, verdict out)")
    print(f"{'variant':<32} {'events':>8} {'events/s':>10} {'x speed':>8}")
    for name, n, rate, ratio in referee_table(variants, args.games, args.rounds, bots=args.bots):
        print(f"{name:<32} {n:>8} {rate:>10,.0f} {ratio:>8.2f}")
    print(f"\n2. the simulator ({args.bots} bots, one process)")
    print(f"{'variant':<32} {'games/s':>8} {'events/s':>10} {'x spit':>8}")
    for name, games, rate, ratio in simulation_table(variants, args.games, args.rounds, args.bots):
        print(f"{name:<32} {games:>8.1f} {rate:>10,.0f} {ratio:>8.2f}")


if __name__ == "__main__":
    main()
