"""Random masked steps per second of the speedrules PettingZoo environments, side by side in one run
with PettingZoo's own ``rps_v2`` (parallel) and ``connect_four_v3`` (AEC, as a parallel env through
PettingZoo's ``turn_based_aec_to_parallel``), every env played by the same loop: each live agent samples
uniformly among the actions its mask allows (numpy's ``flatnonzero`` and ``choice``), resetting
at each episode's end; the steps are timed in chunks, interleaved (:func:`masked_rates`; docs/rl.md,
"Figures").

    PYTHONPATH=. python benchmarks/bench_rl.py [--steps 20000] [--repeat 3] [--json]

(connect_four_v3 needs pygame, which PettingZoo's classic games import: ``pip install pygame``.)
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import speedrules.rl as rl


def masked_chunk(env: Any, seed: int, steps: int) -> float:
    """The CPU seconds (this process's) of ``steps`` steps of random masked play on ``env``, from
    its reset with ``seed`` (untimed) and numpy's generator seeded with ``seed``: the same steps
    every time it is asked with the same seed."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    start = time.process_time()
    for _ in range(steps):
        actions = {}
        for agent in env.agents:
            o = obs[agent]
            mask = o["action_mask"] if isinstance(o, dict) and "action_mask" in o else None
            if mask is None:
                actions[agent] = env.action_space(agent).sample()
            else:  # (a turn-based env's waiting agent has an empty mask: any action, ignored)
                allowed = np.flatnonzero(mask)
                actions[agent] = int(rng.choice(allowed)) if len(allowed) else 0
        obs, _r, _term, _trunc, _i = env.step(actions)
        if not env.agents:
            obs, _ = env.reset()
    return time.process_time() - start


def masked_rates(made: dict[str, Any], steps: int, repeat: int, chunk: int = 500) -> dict[str, float]:
    """Steps per CPU second of each env: its ``steps`` are played ``chunk`` at a time (chunk ``k``
    from a reset with seed ``k``), each chunk ``repeat`` times per env, interleaved, keeping the
    best time of each chunk.  Short interleaved trials of the very same steps let every env meet
    the same quiet moments of a shared machine (one long trial per env let a burst of load land on
    one of them: ``rps_v2`` alone moved by 45% between runs)."""
    total = dict.fromkeys(made, 0.0)
    chunks = max(1, steps // chunk)
    for k in range(chunks):
        best = dict.fromkeys(made, float("inf"))
        for _ in range(repeat):
            for name, env in made.items():
                best[name] = min(best[name], masked_chunk(env, k, chunk))
        for name in made:
            total[name] += best[name]
    return {name: chunks * chunk / t for name, t in total.items()}


def envs() -> dict[str, Callable[[], Any]]:
    from pettingzoo.classic import connect_four_v3, rps_v2
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    out: dict[str, Callable[[], Any]] = {
        "rps_v2": lambda: rps_v2.parallel_env(),
        "connect_four_v3": lambda: turn_based_aec_to_parallel(connect_four_v3.env()),
    }
    for name in ("speed", "speed-four", "speed-jokers", "speed-runs", "spit"):
        out[name] = lambda name=name: rl.parallel_env(name)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3,
                        help="trials of each chunk of 500 steps per env, interleaved; the best kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    made = {name: make() for name, make in envs().items()}
    rates = masked_rates(made, args.steps, args.repeat)
    base = rates["rps_v2"]
    if args.json:
        print(json.dumps({name: {"steps_per_s": round(r), "vs_rps_v2": round(r / base, 2)}
                          for name, r in rates.items()}))
        return
    print(f"{'env':<18} {'steps/s':>10} {'x rps_v2':>9}")
    for name, r in rates.items():
        print(f"{name:<18} {r:>10.0f} {r / base:>9.2f}")


if __name__ == "__main__":
    main()
