"""Compare this checkout with an earlier commit, side by side in one process.

    python benchmarks/compare.py REV [--logs 1000] [--rounds 5] [--games 50]

The package as it was at ``REV`` (with its variants and schemas) is extracted with
``git archive`` into a temporary folder and imported under another name,
``speedrules_before`` (every import inside the package is relative, so both versions load
side by side).  Both judge the same simulated ``speed`` logs, 100 at a time, each path of
each version in turn, keeping each chunk's best of ``--rounds`` (CPU time): on a shared
machine whose speed moves by tens of percent within minutes, this gives ratios that hold
from run to run where whole-set timings do not.  Then both simulate the same deals.

Prints, per path, the milliseconds of each version and after / before (above 1: faster now).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import speedrules  # noqa: E402


def extract(rev: str, into: Path) -> None:
    """The package, variants and schemas at ``rev``, the package renamed ``speedrules_before``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "speedrules", "variants",
                              "schemas"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "speedrules").rename(into / "speedrules_before")


def best_per_chunk(paths: dict[str, Callable[[list[str]], Any]], texts: list[str], rounds: int) -> dict[str, float]:
    total = dict.fromkeys(paths, 0.0)
    for start in range(0, len(texts), 100):
        chunk = texts[start:start + 100]
        best = dict.fromkeys(paths, float("inf"))
        for _ in range(rounds):
            for name, path in paths.items():
                began = time.process_time()
                path(chunk)
                best[name] = min(best[name], time.process_time() - began)
        for name in paths:
            total[name] += best[name]
    return total


def compare_variants(rev: str, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        extract(rev, Path(folder))
        sys.path.insert(0, folder)
        before_referee = importlib.import_module("speedrules_before.referee")
        now_referee = importlib.import_module("speedrules.judge.referee")
        rows = []
        for name in speedrules.variant_names():
            texts = [r.log.dumps() for r in speedrules.simulate(name, 150, seed=3, logs=True) if r.log]
            events = sum(len(deal["events"]) for t in texts for deal in json.loads(t)["deals"])
            best = {"before": float("inf"), "now": float("inf")}
            for _ in range(rounds):
                for version, module in (("before", before_referee), ("now", now_referee)):
                    began = time.process_time()
                    for text in texts:
                        module.referee_text(text)
                    best[version] = min(best[version], time.process_time() - began)
            rows.append((name, events, events / best["before"], events / best["now"]))
    plain = next(row for row in rows if row[0] == "speed")
    print(f"{'variant':28} {'events':>7} {'before/s':>10} {'now/s':>10} {'now/before':>10} {'before/plain':>12} "
          f"{'now/plain':>9}")
    for name, events, was, now in rows:
        print(f"{name:28} {events:7d} {was:10.0f} {now:10.0f} {now / was:10.2f} {was / plain[2]:12.2f} "
              f"{now / plain[3]:9.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("rev", help="the commit to compare with (e.g. a tag, a hash, HEAD~3)")
    parser.add_argument("--logs", type=int, default=1000, help="simulated speed logs to judge (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per chunk; the best counts (default 5)")
    parser.add_argument("--games", type=int, default=50, help="deals per simulation chunk (default 50)")
    parser.add_argument("--variants", action="store_true",
                        help="instead: events/s of referee_text on 150 simulated logs of every bundled variant")
    args = parser.parse_args()
    if args.variants:
        compare_variants(args.rev, args.rounds)
        return
    with tempfile.TemporaryDirectory() as folder:
        extract(args.rev, Path(folder))
        sys.path.insert(0, folder)
        before = importlib.import_module("speedrules_before")
        before_referee = importlib.import_module("speedrules_before.referee")
        now_referee = importlib.import_module("speedrules.judge.referee")
        texts = [r.log.dumps() for r in speedrules.simulate("speed", args.logs, seed=11, logs=True) if r.log]
        paths: dict[str, Callable[[list[str]], Any]] = {
            "referee_text, before": lambda c: [before_referee.referee_text(t) for t in c],
            "referee_text, now": lambda c: [now_referee.referee_text(t) for t in c],
            "referee_data(json.loads), before": lambda c: [before_referee.referee_data(json.loads(t)) for t in c],
            "referee_data(json.loads), now": lambda c: [now_referee.referee_data(json.loads(t)) for t in c],
            "referee(parse_log(json.loads)), before": lambda c: [before.referee(before.parse_log(json.loads(t)))
                                                                for t in c],
            "referee(parse_log(json.loads)), now": lambda c: [speedrules.referee(speedrules.parse_log(json.loads(t)))
                                                             for t in c],
        }
        judged = best_per_chunk(paths, texts, args.rounds)
        games = [str(seed) for seed in range(6)]
        simulate: dict[str, Callable[[list[str]], Any]] = {
            "simulate, before": lambda c: [list(before.simulate("speed", args.games, seed=int(s))) for s in c],
            "simulate, now": lambda c: [list(speedrules.simulate("speed", args.games, seed=int(s))) for s in c],
        }
        simulated = {name: 0.0 for name in simulate}
        for seed in games:
            for name, value in best_per_chunk(simulate, [seed], max(1, args.rounds - 2)).items():
                simulated[name] += value
    print(f"comparing with {args.rev}: {len(texts)} simulated speed logs, best of {args.rounds} per chunk of 100")
    figures = {**judged, **simulated}
    for name in [n for n in figures if n.endswith(", before")]:
        path = name[: -len(", before")]
        was, now = figures[name] * 1000, figures[path + ", now"] * 1000
        print(f"  {path:40} before {was:8.1f} ms   now {now:8.1f} ms   after / before {was / now:5.2f}")


if __name__ == "__main__":
    main()
