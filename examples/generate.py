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
from speedrules import Call, Draw, Flip, Play, Rebuild, Reveal

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


def timed_game(variant_name: str, seed: int, names: list[str], *, collide: float = 0.0,
               miss_call: bool = False) -> speedrules.Game:
    """A greedy table with times: now and then another player lands a card on the same pile at
    the same instant (a collision, resolved by the variant's policy); with ``miss_call`` the first
    player to go out forgets to call, so the other plays on and the penalty applies."""
    variant = speedrules.load_variant(variant_name)
    game = speedrules.deal(variant, seed=seed, names=names)
    rng = random.Random(seed)
    t = 0
    missed = False
    while not game.is_over() and len(game.history) < 5000:
        due = game.call_due
        if due is not None:
            if miss_call and not missed:
                later = t + rng.randrange(300, 900)
                others = [Play(q, c, p) for q in range(variant.players) if q != due
                          for c in game.hands[q] for p in range(variant.piles)]
                moves = [a for a in others if game.is_legal(a, later)] or [
                    a for a in (Draw(q) for q in range(variant.players) if q != due) if game.is_legal(a, later)]
                if moves:
                    missed, t = True, later
                    game.apply(moves[0], t=t)
                    continue
            t += rng.randrange(100, 400)
            game.apply(Call(due), t=t)
            continue
        actions = game.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        draws = [a for a in actions if isinstance(a, Draw)]
        others = [a for a in actions if not isinstance(a, (Play, Draw))]
        action = rng.choice(draws) if draws else rng.choice(plays) if plays else others[0]
        if not isinstance(action, Reveal):
            t += rng.randrange(150, 1200)
        game.apply(action, t=t)
        if isinstance(action, Play) and rng.random() < collide:
            rivals = [Play(q, c, action.pile) for q in range(variant.players) if q != action.player
                      for c in game.hands[q]]
            rivals = [a for a in rivals if game.is_legal(a, t)]
            if rivals:
                game.apply(rng.choice(rivals), t=t)
    return game


def timed_log(games: list[speedrules.Game], names: list[str]) -> dict[str, Any]:
    return speedrules.log_from_games(games, players=names).to_json()


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
        replay.apply(speedrules.logs.log.parse_log(broken).actions(0)[index][0])
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
        replay.apply(speedrules.logs.log.parse_log(clean).actions(0)[index][0])
    write("false-flip.json", broken)

    game, times = greedy_game("speed-jokers", 5, ["Cleo", "Dev"])
    assert any(isinstance(a, Play) and any(c.is_joker for c in a.cards) for a in game.history)
    write("jokers-game.json", speedrules.log_from_games([game], players=["Cleo", "Dev"], times=[times]).to_json())

    game, times = greedy_game("speed-three", 3, ["Ann", "Ben", "Cleo"])
    write("three-player.json",
          speedrules.log_from_games([game], players=["Ann", "Ben", "Cleo"], times=[times]).to_json())
    table_examples()


def table_examples() -> None:
    """Issue 4's examples: matches, collisions, a missed call, a tie, corrections."""
    ann_ben = ["Ann", "Ben"]
    for name, first_seed in (("speed-best-of-three", 6), ("speed-match-pagat", 20)):
        variant = speedrules.load_variant(name)
        games, scores, seed = [], [0, 0], first_seed
        while max(scores) < variant.target:  # deals until the match is decided, and no more
            game = timed_game(name, seed, ann_ben)
            seed += 1
            games.append(game)
            outcome = game.outcome()
            if outcome is not None and outcome.winner is not None:
                w = outcome.winner
                scores[w] += game.remaining()[1 - w] if variant.scoring.value == "margin" else 1
        target = "match-best-of-three.json" if name == "speed-best-of-three" else "match-pagat.json"
        write(target, timed_log(games, ann_ben))

    for seed in range(100):
        game = timed_game("speed-lower-stays", seed, ann_ben, collide=0.3)
        if len(game.collisions) >= 2 and game.outcome() is not None:
            write("collision-lower-stays.json", timed_log([game], ann_ben))
            break
    for seed in range(100):
        game = timed_game("speed-call-penalty", seed, ann_ben, miss_call=True)
        if any(isinstance(a, speedrules.Pickup) for a in game.history) and game.outcome() is not None:
            write("call-penalty.json", timed_log([game], ann_ben))
            break

    # A tie: the clean finished game, with Ben's last card played at the moment Ann went out.
    variant = speedrules.load_variant("speed")
    for seed in range(200):
        game = timed_game("speed", seed, ann_ben)
        outcome = game.outcome()
        if outcome is None or outcome.winner is None:
            continue
        loser = 1 - outcome.winner
        last_t = game.history_times[-1]
        finisher = [Play(loser, c, p) for c in game.hands[loser] for p in range(variant.piles)]
        if len(game.hands[loser]) == 1 and not game.draw_stacks[loser]:
            ok = [a for a in finisher if game.is_legal(a, last_t)]
            if ok:
                game.apply(ok[0], t=last_t)
                write("tied-deal.json", timed_log([game], ann_ben))
                break

    # Corrections: the finished game with three mistakes slipped in, for `referee --all`.
    clean = json.loads((HERE / "finished-game.json").read_text(encoding="utf-8"))
    events = clean["deals"][0]["events"]
    events.insert(30, {"type": "flip", "t": events[29]["t"]})
    events.insert(12, {"type": "draw", "player": 0, "t": events[11]["t"]})
    replay = speedrules.read_log(HERE / "finished-game.json")
    game = speedrules.Game.from_layout(replay.variant, replay.deals[0].layout())
    for action, _ in replay.actions(0)[:6]:
        game.apply(action)
    wrong = next(c for c in game.hands[1] if not game.variant.fits_rank(game.top_ranks[0], c.rank))
    events.insert(6, {"type": "play", "player": 1, "card": str(wrong), "pile": 0, "t": events[5]["t"]})
    write("corrections.json", clean)


if __name__ == "__main__":
    main()
