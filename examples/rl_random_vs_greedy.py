"""The bundled greedy and random bots played through the PettingZoo environment (docs/rl.md),
beside ``speedrules simulate`` with the same bots: the greedy bot's win share in each.

Each bot picks from its seat's menu (``env.unwrapped.menu(agent)``, the table's options in roles,
what the simulator's loop hands it), and the pick is played as its action index
(``env.unwrapped.index_of``). The environment's timing differs from the simulator's (every seat
looks at every moment, 500 ms apart, where the simulator draws each bot's reaction time), so the
shares are close, not equal.

    PYTHONPATH=. python examples/rl_random_vs_greedy.py [--games 300] [--variant speed]
"""

from __future__ import annotations

import argparse
import random

import speedrules
import speedrules.rl


def env_share(variant: str, games: int, seed: int) -> float:
    """Seat 0 greedy, seat 1 random, through the environment: the share of the games seat 0 won
    (as the simulator's summary counts a seat's share: of every game, won or not)."""
    env = speedrules.rl.parallel_env(variant, seed=seed)
    rng = random.Random(seed)
    bots = {"player_0": speedrules.GreedyBot().chooser(rng), "player_1": speedrules.RandomBot().chooser(rng)}
    wins = [0, 0]
    for _ in range(games):
        env.reset()
        rewards: dict[str, float] = {}
        while env.agents:
            actions = {}
            for agent in env.agents:
                menu = env.unwrapped.menu(agent)
                actions[agent] = 0 if menu is None else env.unwrapped.index_of(agent, bots[agent].pick(menu))
            rewards = env.step(actions)[1]
        for seat, agent in enumerate(("player_0", "player_1")):
            wins[seat] += rewards.get(agent) == 1
    return wins[0] / games


def simulated_share(variant: str, games: int, seed: int) -> tuple[float, float, float]:
    """Seat 0's win share (and its 95% interval) in ``speedrules simulate`` with the same bots."""
    summary = speedrules.summarize(list(speedrules.simulate(variant, games, seed=seed, bots="greedy,random")),
                                   variant=variant)
    seat = summary.seats[0]
    return seat.share, seat.low, seat.high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--variant", default="speed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    share = env_share(args.variant, args.games, args.seed)
    sim, low, high = simulated_share(args.variant, args.games, args.seed)
    print(f"{args.variant}, greedy (seat 0) against random (seat 1), {args.games} games each")
    print(f"  PettingZoo environment: greedy wins {share:.1%}")
    print(f"  speedrules simulate:    greedy wins {sim:.1%} (95% CI {low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
