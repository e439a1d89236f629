"""Spit benchmarks: run ``python benchmarks/bench_spit.py`` from the repository root.

Prints the machine, then:

1. the referee on Spit logs (JSON text in, verdict out) in events per second, per bundled Spit
   variant, next to the referee on simulated ``speed`` logs (the ratio is Spit's events/s over
   Speed's);
2. the strict reading of "can play" (``SpitKernel.reach``, which with pairing is the exact
   search of ``speedrules.spit.kernel.pairing_search``): its cost per call on every position of
   simulated ``spit-pairing`` games where no face-up card fits, mean, 99th percentile and
   the worst;
3. the simulator (random bots, one process): games, rounds and events per second per variant.

Times are CPU times (``time.process_time``), the best of ``--rounds`` interleaved rounds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_family import referee_table  # noqa: E402
from bench_simulation import machine  # noqa: E402

import speedrules  # noqa: E402
from speedrules.spit.kernel import SpitKernel  # noqa: E402


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="simulated Spit games per variant")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the best of each is kept")
    args = parser.parse_args()
    print(machine())
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


if __name__ == "__main__":
    main()
