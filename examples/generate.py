"""Regenerate the example logs in this folder (run from the repository root).

    python examples/generate.py

Each example is a game played through the library by a simple greedy table (refill at
once, play whenever a card fits, flip or rebuild only when blocked), with event
times drawn from a seeded random source.  The broken examples take a clean game and
change one event, so their verdicts are known in advance: see the README in this folder.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import speedrules
from speedrules import Draw, Flip, Play, Rebuild, Reveal

HERE = Path(__file__).resolve().parent


def greedy_game(variant_name: str, seed: int, names: list[str]) -> tuple[speedrules.Game, list[int]]:
    variant = speedrules.load_variant(variant_name)
    game = speedrules.deal(variant, seed=seed, names=names)
    rng = random.Random(seed)
    times: list[int] = []
    t = 0
    while not game.is_over() and len(times) < 5000:
        actions = game.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        draws = [a for a in actions if isinstance(a, Draw)]
        table = [a for a in actions if isinstance(a, (Reveal, Flip, Rebuild))]
        action = rng.choice(draws) if draws else rng.choice(plays) if plays else table[0]
        game.apply(action)
        times.append(t if not isinstance(action, Reveal) else 0)
        t += rng.randrange(150, 1200)
    return game, times


def write(name: str, data: dict[str, Any]) -> None:
    (HERE / name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    game, times = greedy_game("speed", 5, ["Ann", "Ben"])
    clean = speedrules.log_from_games([game], players=["Ann", "Ben"], times=[times]).to_json()
    write("finished-game.json", clean)

    # An illegal play: at the first play after event 20, the player lays a card of
    # their hand that fits neither neighbour rank of the pile's top.
    broken = json.loads(json.dumps(clean))
    events = broken["deals"][0]["events"]
    replay = speedrules.Game.from_layout(game.variant, game.layout)
    for index, event in enumerate(events):
        if index > 20 and event["type"] == "play":
            hand = replay.hands[event["player"]]
            top = replay.top_ranks[event["pile"]]
            wrong = [c for c in hand if not game.variant.fits_rank(top, c.rank)]
            if wrong:
                event["card"] = str(wrong[0])
                del events[index + 1:]
                break
        replay.apply(speedrules.log.parse_log(broken).actions(0)[index][0])
    write("illegal-play.json", broken)

    # A false flip: a flip logged at the first moment someone could still play.
    broken = json.loads(json.dumps(clean))
    events = broken["deals"][0]["events"]
    replay = speedrules.Game.from_layout(game.variant, game.layout)
    for index, event in enumerate(events):
        if index > 10 and replay.can_play_any(0):
            events.insert(index, {"type": "flip", "t": event["t"]})
            del events[index + 1:]
            break
        replay.apply(speedrules.log.parse_log(clean).actions(0)[index][0])
    write("false-flip.json", broken)

    game, times = greedy_game("speed-jokers", 5, ["Cleo", "Dev"])
    assert any(isinstance(a, Play) and any(c.is_joker for c in a.cards) for a in game.history)
    write("jokers-game.json", speedrules.log_from_games([game], players=["Cleo", "Dev"], times=[times]).to_json())

    game, times = greedy_game("speed-three", 3, ["Ann", "Ben", "Cleo"])
    write("three-player.json",
          speedrules.log_from_games([game], players=["Ann", "Ben", "Cleo"], times=[times]).to_json())


if __name__ == "__main__":
    main()
