"""Judging an archive on two cores: ``python benchmarks/bench_scale.py [--logs N] [--rounds R]``.

Times (wall clock, the command as a user runs it, output to /dev/null) on one archive of
``--logs`` simulated ``speed`` logs (default 20,000, made once and kept in ``--cache``):

- ``referee --jobs 1``: one process;
- ``referee --jobs 2``: two worker processes reading their own byte ranges;
- the ceiling: the same split done by hand, the archive cut at the newline nearest its
  middle into two files beforehand (not timed) and two plain ``speedrules referee`` processes
  started at once, one on each half: what two processes can do on this machine, start-up
  included;
- ``referee --scheduler``: a ``distributed.LocalCluster`` of two worker processes (one thread
  each) started here (not timed), judging the same archive (skipped without Dask).

The runs are interleaved, each round in a new order, and each figure is the best of
``--rounds``, so that a busy machine disturbs them less; the load average is printed before
and after.  It prints the ratio the issue sets a bar on: ceiling time / ``--jobs 2`` time
(the bar: at least 0.85), the same ratio in CPU time (all processes of a run, the workers
included: what the parallel run costs beside the judging, which a busy machine moves less
than it moves wall time), and checks that every run printed the same output.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_simulation import machine  # noqa: E402

import speedrules  # noqa: E402

COMMAND = [sys.executable, "-m", "speedrules"]


def make_archive(path: Path, logs: int) -> None:
    if path.exists():
        return
    print(f"simulating {logs} logs into {path} ...", flush=True)
    part = path.with_suffix(".part.jsonl")
    for _ in speedrules.simulate("speed", logs, seed=1, bots="random,greedy", jobs=2, logs=part):
        pass
    part.rename(path)


def halves(path: Path) -> tuple[Path, Path]:
    """The archive cut by hand at the newline nearest its middle (made once)."""
    first, second = path.with_suffix(".half1.jsonl"), path.with_suffix(".half2.jsonl")
    if not (first.exists() and second.exists()):
        data = path.read_bytes()
        middle = data.index(b"\n", len(data) // 2) + 1
        first.write_bytes(data[:middle])
        second.write_bytes(data[middle:])
    return first, second


CPU: dict[str, list[float]] = {}
"""CPU time (user + system) of each run's processes and the processes they waited for."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(commands: list[list[str]], outputs: list[Path], name: str = "") -> float:
    """Wall time of running ``commands`` at once, each writing to its output file."""
    handles = [out.open("wb") for out in outputs]
    cpu = _children_cpu()
    start = time.perf_counter()
    procs = [subprocess.Popen(cmd, stdout=h, stderr=subprocess.DEVNULL) for cmd, h in zip(commands, handles,
                                                                                          strict=True)]
    codes = [p.wait() for p in procs]
    elapsed = time.perf_counter() - start
    CPU.setdefault(name, []).append(_children_cpu() - cpu)
    for h in handles:
        h.close()
    if any(code not in (0, 1) for code in codes):
        raise SystemExit(f"a run failed: {commands} exited {codes}")
    return elapsed


def digest(*paths: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--logs", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "speedrules-bench")
    parser.add_argument("--no-dask", action="store_true", help="leave out the LocalCluster run")
    args = parser.parse_args()

    args.cache.mkdir(parents=True, exist_ok=True)
    archive = args.cache / f"speed-{args.logs}.jsonl"
    make_archive(archive, args.logs)
    first, second = halves(archive)
    out = args.cache / "out"
    out.mkdir(exist_ok=True)
    size = archive.stat().st_size
    print(machine())
    print(f"archive: {args.logs} logs, {size / 1e6:.1f} MB; load average before: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))

    runs: dict[str, Callable[[], float]] = {
        "--jobs 1": lambda: timed([[*COMMAND, "referee", str(archive)]], [out / "jobs1"], "--jobs 1"),
        "--jobs 2": lambda: timed([[*COMMAND, "referee", "--jobs", "2", str(archive)]], [out / "jobs2"], "--jobs 2"),
        "two plain processes (ceiling)": lambda: timed(
            [[*COMMAND, "referee", str(first)], [*COMMAND, "referee", str(second)]], [out / "half1", out / "half2"],
            "two plain processes (ceiling)"),
    }
    cluster = None
    if not args.no_dask:
        try:
            import distributed
        except ImportError:
            print("(no Dask: the LocalCluster run is left out; pip install 'speedrules[dask]')")
        else:
            cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                               dashboard_address=":0", silence_logs=40)
            address = cluster.scheduler_address
            runs["--scheduler (LocalCluster, 2 workers)"] = lambda: timed(
                [[*COMMAND, "referee", "--scheduler", address, str(archive)]], [out / "dask"], "")
    best: dict[str, float] = {name: float("inf") for name in runs}
    every: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs)
    rng = random.Random(1)
    try:
        for number in range(args.rounds):
            rng.shuffle(order)
            for name in order:
                t = runs[name]()
                every[name].append(t)
                best[name] = min(best[name], t)
            print(f"round {number + 1}: " + ", ".join(f"{name.split(' (')[0]} {every[name][-1]:.2f} s"
                                                      for name in runs), flush=True)
    finally:
        if cluster is not None:
            cluster.close()

    one = digest(out / "jobs1")
    assert digest(out / "jobs2") == one, "--jobs 2 printed something else than --jobs 1"
    assert (out / "half1").stat().st_size > 0 and (out / "half2").stat().st_size > 0
    if "--scheduler (LocalCluster, 2 workers)" in runs:
        assert digest(out / "dask") == one, "--scheduler printed something else than --jobs 1"

    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    print(f"| run | best of {args.rounds} (wall) | logs / s | speed-up over --jobs 1 | CPU, best (all processes) |")
    print("|---|---:|---:|---:|---:|")
    for name in runs:
        cpu = f"{min(CPU[name]):.2f} s" if name in CPU else "(in the cluster)"
        print(f"| {name} | {best[name]:.2f} s | {args.logs / best[name]:,.0f} | {best['--jobs 1'] / best[name]:.2f} "
              f"| {cpu} |")
    ceiling = best["two plain processes (ceiling)"]
    print()
    print(f"--jobs 2 / ceiling: {ceiling / best['--jobs 2']:.2f} (bar: 0.85)")
    cpu_ratio = min(CPU["two plain processes (ceiling)"]) / min(CPU["--jobs 2"])
    print(f"the same in CPU time (ceiling's over --jobs 2's, all processes; less moved by the machine's load): "
          f"{cpu_ratio:.2f}")
    if "--scheduler (LocalCluster, 2 workers)" in runs:
        print(f"--scheduler / ceiling: {ceiling / best['--scheduler (LocalCluster, 2 workers)']:.2f}")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
