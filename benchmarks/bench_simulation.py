"""Simulation speed: ``python benchmarks/bench_simulation.py [--games N] [--rounds R]``.

Measures simulated deals per second of plain ``speed`` with two random bots, in one
process and with ``jobs=2``, against ``bare_playout.py`` (the same games played by a bare
loop over lists and ints, no library), and prints the ratio (the target: simulator >= 2.0 x
bare).  It first checks that the bare loop and the simulator play the very same deals
(winner and every count), so the two loops do the same work.

Single-process figures are CPU times (``time.process_time``), the best of several
interleaved rounds, so a busy machine disturbs them less; the ``jobs`` figures are wall
times (the work is done in other processes), also the best of the rounds, printed with
the speed-up the bare loop itself gets from two processes on the same machine, for
reference (a shared or virtual machine's second core may give much less than 2 x).
``benchmarks/bench.py`` runs :func:`main` as its simulation section.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bare_playout import playout  # noqa: E402

import speedrules  # noqa: E402

OUTCOME = {"dead-end": -1, "tie": -2, "unfinished": -3, "stuck": -4}


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()} ({platform.python_implementation()})")


def build() -> str:
    """Which build of speedrules these figures are of: the pure-Python package, or the compiled
    build (``benchmarks/compiled_tree.py``, docs/performance.md) with the modules it compiled."""
    import importlib

    compiled = [name for name in ("speed.kernel", "speed.timing", "speed.coding", "judge.judging", "core.collector",
                                  "table", "speed.table", "sim.playout", "sim.choices")
                if not str(importlib.import_module(f"speedrules.{name}").__file__).endswith(".py")]
    return f"compiled build (mypyc: {', '.join(compiled)})" if compiled else "pure-Python build"


def check_twins(games: int, seed: int = 1) -> None:
    """The bare loop and the simulator play the same deals, event for event (by their counts)."""
    for r in speedrules.simulate("speed", games, seed=seed):
        winner = r.winner if r.winner is not None else OUTCOME[r.reason]
        ours = (winner, r.events, r.plays, r.draws, r.flips, r.rebuilds, r.remaining)
        bare = playout(seed, r.index)
        assert ours == bare, f"deal {r.index}: the simulator gives {ours}, the bare loop {bare}"


def _bare_span(span: tuple[int, int, int]) -> int:
    seed, start, stop = span
    for index in range(start, stop):
        playout(seed, index)
    return stop - start


def bare_in_processes(games: int, seed: int, jobs: int = 2) -> None:
    """The bare loop spread over ``jobs`` processes as the simulator spreads deals: what
    this machine's cores give to perfectly parallel work."""
    size = max(1, min(100, games // (jobs * 8)))
    with multiprocessing.Pool(jobs) as pool:
        pool.map(_bare_span, [(seed, i, min(i + size, games)) for i in range(0, games, size)])


def measure(block: int = 100, rounds: int = 40, games: int = 2000, parallel_rounds: int = 5) -> dict[str, Any]:
    """Deals per second.  One process: the bare loop and the simulator take turns on the
    same ``block`` deals (seed = round number), ``rounds`` times, and each keeps its best
    CPU time.  Processes: ``games`` deals with jobs=1 and jobs=2, and the bare loop in one
    and two processes, ``parallel_rounds`` times, best wall time each."""
    variant = speedrules.load_variant("speed")
    best = {"bare": float("inf"), "simulate": float("inf"), "logs": float("inf")}
    archive = Path(tempfile.mkdtemp(prefix="speedrules-bench-")) / "logs.jsonl"
    for seed in range(rounds):
        start = time.process_time()
        for index in range(block):
            playout(seed, index)
        best["bare"] = min(best["bare"], time.process_time() - start)
        start = time.process_time()
        for _ in speedrules.simulate(variant, block, seed=seed):
            pass
        best["simulate"] = min(best["simulate"], time.process_time() - start)
        start = time.process_time()
        for _ in speedrules.simulate(variant, block, seed=seed, logs=archive):  # what `simulate --logs` does
            pass
        best["logs"] = min(best["logs"], time.process_time() - start)
    archive.unlink()
    archive.parent.rmdir()
    wall = {"bare": float("inf"), "bare jobs=2": float("inf"), "jobs=1": float("inf"), "jobs=2": float("inf")}
    for seed in range(parallel_rounds):
        started = time.perf_counter()
        for index in range(games):
            playout(seed, index)
        wall["bare"] = min(wall["bare"], time.perf_counter() - started)
        started = time.perf_counter()
        bare_in_processes(games, seed)
        wall["bare jobs=2"] = min(wall["bare jobs=2"], time.perf_counter() - started)
        for jobs in (1, 2):
            started = time.perf_counter()
            for _ in speedrules.simulate(variant, games, seed=seed, jobs=jobs):
                pass
            wall[f"jobs={jobs}"] = min(wall[f"jobs={jobs}"], time.perf_counter() - started)
    out: dict[str, Any] = {
        "block": block, "rounds": rounds, "games": games,
        "bare": block / best["bare"],
        "jobs1": block / best["simulate"],
        "logs": block / best["logs"],
        "jobs1_wall": games / wall["jobs=1"],
        "jobs2_wall": games / wall["jobs=2"],
    }
    out["ratio"] = out["jobs1"] / out["bare"]
    out["speedup"] = out["jobs2_wall"] / out["jobs1_wall"]
    out["bare_speedup"] = wall["bare"] / wall["bare jobs=2"]
    return out


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Print the simulation figures (``argv`` as on the command line; ``None``: the defaults)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--block", type=int, default=100, help="deals per single-process round (default 100)")
    parser.add_argument("--rounds", type=int, default=40, help="single-process rounds; the best counts (default 40)")
    parser.add_argument("--games", type=int, default=2000, help="deals per multi-process round (default 2000)")
    parser.add_argument("--parallel-rounds", type=int, default=5, help="multi-process rounds (default 5)")
    args = parser.parse_args([] if argv is None else list(argv))
    if argv is not None:
        print(machine())
        print(build())
    check_twins(300)
    r = measure(args.block, args.rounds, args.games, args.parallel_rounds)
    print(f"   plain speed, two random bots; one process: best of {r['rounds']} rounds of {r['block']} deals "
          f"(CPU time); processes: best of {args.parallel_rounds} rounds of {r['games']} deals (wall time)")
    print(f"   bare random playout          {r['bare']:8.0f} deals/s")
    print(f"   simulate, jobs=1             {r['jobs1']:8.0f} deals/s   {r['ratio']:.2f} x bare (target: 2.0)")
    print(f"   simulate --logs FILE.jsonl   {r['logs']:8.0f} deals/s   "
          f"logs cost {r['jobs1'] / r['logs'] - 1:.0%} (bar: 30%)")
    print(f"   simulate, jobs=1 (wall)      {r['jobs1_wall']:8.0f} deals/s")
    print(f"   simulate, jobs=2 (wall)      {r['jobs2_wall']:8.0f} deals/s   {r['speedup']:.2f} x jobs=1")
    print(f"   (for reference, the bare loop runs {r['bare_speedup']:.2f} x faster in 2 processes than in 1 here)")
    return r


if __name__ == "__main__":
    main(sys.argv[1:])
