"""Compare two trees side by side, both measured at the same time, one on each core.

    python benchmarks/ab_trees.py TREE_A TREE_B [--rounds 6]

Each tree is a checkout of this repository or a compiled copy of one
(``benchmarks/compiled_tree.py``).  Each round runs the same measurements in a process per
tree, both at once with the tree's package first on the path, each pinned to a core of its own,
the cores swapped every round.  The machine's speed drifts by up to 2x from one minute to the
next, and running the two together lets both meet the same drift, where taking turns does not;
its two cores are not always equally fast either, hence the swap (keep the rounds even).

The measurements are: ``referee_text`` on a simulated log cut to
its first event (what every log pays) and on the whole log, ``referee(read_log(...))`` on it,
and 100 simulated deals without and with an archive of logs.  Each tree keeps its best time
over the rounds.  The script prints, per measurement, the microseconds of each tree and B/A
(below 1: B is faster).  Run it with one tree as both A and B to see this machine's noise.
"""

from __future__ import annotations

import argparse
import collections
import io
import json
import os
import subprocess
import sys
import tempfile
import timeit
from collections.abc import Callable
from pathlib import Path


def measure() -> None:
    """In a tree's process: print ``label microseconds`` per measurement."""
    import speedrules
    from speedrules.judge.referee import referee_text

    log = next(iter(speedrules.simulate("speed", 1, seed=3, logs=True))).log
    assert log is not None
    text = log.dumps()
    doc = json.loads(text)
    for deal in doc["deals"]:
        deal["events"] = deal["events"][:1]
    cut = json.dumps(doc)
    archive = Path(tempfile.mkdtemp(prefix="speedrules-ab-")) / "logs.jsonl"

    def best(label: str, job: object, per: int = 1) -> None:
        timer = timeit.Timer(job)  # type: ignore[arg-type]
        number = max(3, int(0.05 / (timer.timeit(3) / 3)))
        print(f"{label} {min(timer.repeat(number=number, repeat=7)) / number / per * 1e6:.2f}")

    best("cut-log", lambda: referee_text(cut))
    best("whole-log", lambda: referee_text(text))
    best("api", lambda: speedrules.referee(speedrules.read_log(io.StringIO(text))))
    best("simulated-deal", lambda: list(speedrules.simulate("speed", 100, seed=1)), 100)
    best("logged-deal", lambda: list(speedrules.simulate("speed", 100, seed=1, logs=archive)), 100)
    archive.unlink()
    archive.parent.rmdir()


def _pinned(core: int) -> Callable[[], None]:
    """What a child process runs first: it keeps to one core."""
    def pin() -> None:
        os.sched_setaffinity(0, {core})
    return pin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="*", type=Path, help="TREE_A TREE_B")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure()
        return
    if len(args.trees) != 2:
        parser.error("name two trees")
    trees = {"A": args.trees[0].resolve(), "B": args.trees[1].resolve()}
    best: dict[str, dict[str, float]] = collections.defaultdict(dict)
    cores = (sorted(os.sched_getaffinity(0)) * 2)[:2]  # two cores, or the one twice
    for round_ in range(args.rounds):
        # each tree on its own core, the cores swapped every round (one core may be the slower)
        order = ["A", "B"] if round_ % 2 == 0 else ["B", "A"]
        running = [(name, subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--measure"], cwd=trees[name],
            env={**os.environ, "PYTHONPATH": str(trees[name])}, stdout=subprocess.PIPE, text=True,
            preexec_fn=_pinned(cores[i])))
            for i, name in enumerate(order)]
        for name, process in running:
            out, _ = process.communicate()
            if process.returncode:
                sys.exit(f"the measurement failed in {trees[name]}")
            for line in out.splitlines():
                label, value = line.rsplit(None, 1)
                best[label][name] = min(best[label].get(name, float("inf")), float(value))
    print(f"A: {trees['A']}\nB: {trees['B']}\n{'':<16}{'A us':>10}{'B us':>10}{'B/A':>8}")
    for label, times in best.items():
        print(f"{label:<16}{times['A']:>10.2f}{times['B']:>10.2f}{times['B'] / times['A']:>8.3f}")


if __name__ == "__main__":
    main()
