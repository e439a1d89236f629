"""Count the CPU instructions a piece of work costs, under valgrind's callgrind: exact and the
same from run to run, where this machine's timings drift by up to 2x within minutes.

    python benchmarks/instructions.py cut [VARIANT]      # a log cut to its first event, judged
    python benchmarks/instructions.py log [VARIANT]      # a whole simulated log, judged
    python benchmarks/instructions.py deal               # a simulated plain Speed deal, no log
    python benchmarks/instructions.py logged             # the same deal, its log written to a file

Run it with the tree to measure first on ``PYTHONPATH`` (a compiled tree: see
``compiled_tree.py``).  Each count is the difference of two runs of one process, one doing the
work ``N`` more times than the other (imports and warm-up cancel out), with ``PYTHONHASHSEED=0``
in both (hash randomisation otherwise moves the imports' own cost by millions of instructions).
Instructions are not time: code that allocates and frees more runs at fewer instructions a
cycle, and the kernel's side of writing a file is not counted.  Needs ``valgrind``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOGS = 40
"""Simulated logs (or deals) the work goes over."""
MORE = 5
"""How many more times the second run does the work."""


def work(kind: str, variant: str, times: int) -> None:
    """In the measured process: the work, ``times`` times after a warm-up."""
    import speedrules
    from speedrules.judge.referee import referee_text

    if kind in ("deal", "logged"):
        out = Path(tempfile.mkdtemp(prefix="speedrules-instructions-")) / "logs.jsonl"
        logs: object = out if kind == "logged" else False
        list(speedrules.simulate(variant, 5, seed=2, logs=logs))  # type: ignore[arg-type]
        for _ in speedrules.simulate(variant, LOGS * times, seed=1, logs=logs):  # type: ignore[arg-type]
            pass
        return
    texts = [str(r.log.dumps()) for r in speedrules.simulate(variant, LOGS, seed=4, logs=True) if r.log]
    if kind == "cut":
        docs = [json.loads(t) for t in texts]
        for doc in docs:
            for deal in doc["deals"]:
                deal["events"] = deal["events"][:1]
        texts = [json.dumps(doc) for doc in docs]
    for text in texts:
        referee_text(text)
    for _ in range(times):
        for text in texts:
            referee_text(text)


def count(kind: str, variant: str, times: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", sys.executable, __file__,
             "--work", kind, variant, str(times)],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        sys.exit(f"callgrind gave no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    if sys.argv[1:2] == ["--work"]:
        work(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    if len(sys.argv) < 2 or sys.argv[1] not in ("cut", "log", "deal", "logged"):
        sys.exit(__doc__)
    kind = sys.argv[1]
    variant = sys.argv[2] if len(sys.argv) > 2 else "speed"
    each = (count(kind, variant, MORE) - count(kind, variant, 0)) / (MORE * LOGS)
    what = {"cut": "log cut to its first event", "log": "whole log", "deal": "deal", "logged": "logged deal"}[kind]
    print(f"{variant}: {each:,.0f} instructions a {what}")


if __name__ == "__main__":
    main()
