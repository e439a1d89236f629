"""Writes the California Speed rules' trigger and near-miss logs (tests/logs/<rule id>.trigger.json
and .near-miss.json): ``python tests/logs/make_california_logs.py``.

Each scenario plays a dealt game by random legal actions (fixed seeds) up to a moment the rule
speaks about, then adds the offending event (trigger) or a legal one of the same kind (near
miss).  The files are committed; this script documents how they were made and remakes them the
same way.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import speedrules
from speedrules.california.actions import Cover, Relay
from speedrules.california.game import CaliforniaGame, deal_california
from speedrules.core.cards import TEXT_OF
from speedrules.judge.referee import referee_text

HERE = Path(__file__).parent
NAMES = ["Ann", "Ben"]


def play_until(seed: int, stop: Callable[[CaliforniaGame], bool], limit: int = 3000) -> CaliforniaGame:
    """A game dealt from ``seed`` (or the next seeds, until one comes to it) played by random
    legal actions, 100 ms apart, until ``stop``."""
    for tried in range(seed, seed + 50):
        game = deal_california("california-speed", tried, names=NAMES)
        rng = random.Random(tried)
        for step in range(limit):
            if stop(game):
                return game
            if game.is_over():
                break
            game.apply(rng.choice(list(game.legal)), t=100 * step)
    raise AssertionError(f"seeds from {seed}: the moment never came")


def data(game: CaliforniaGame) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(game.to_log(players=NAMES).dumps())
    return out


def with_event(game: CaliforniaGame, event: dict[str, Any]) -> dict[str, Any]:
    out = data(game)
    out["deals"][0]["events"].append({**event, "t": 100 * len(game.action_stack)})
    return out


def write(rule: str, trigger: dict[str, Any], near_miss: dict[str, Any]) -> None:
    """Write both logs, each with the ``meta.expect`` tests/test_referee.py checks, known by
    construction: the trigger breaks the rule at its last event (a layout rule: at the layout),
    by that event's player; the near miss is the game as the library plays it, not finished."""
    events = trigger["deals"][0]["events"]
    layout_rule = rule.startswith("california.layout.")
    expect: dict[str, Any] = {"rule": rule, "event": None if layout_rule else len(events) - 1,
                              "player": None if layout_rule else events[-1].get("player")}
    game = CaliforniaGame.from_log(speedrules.parse_log(near_miss))
    outcome = game.outcome()
    near = {"valid": True, "finished": outcome is not None, "winner": None if outcome is None else outcome.winner,
            "remaining": [len(p) for p in game.kernel.piles]}
    for kind, doc, what in (("trigger", trigger, expect), ("near-miss", near_miss, near)):
        doc = {**doc, "meta": {"expect": what, "made by": "tests/logs/make_california_logs.py"}}
        (HERE / f"{rule}.{kind}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


def layouts() -> None:
    game = deal_california("california-speed", 1, names=NAMES)
    valid = data(game)
    shape = copy.deepcopy(valid)
    piles = shape["deals"][0]["layout"]["piles"]
    piles[1].append(piles[0].pop())  # 21 and 23 cards: the deal is not equal
    write("california.layout.shape", shape, valid)
    cards = copy.deepcopy(valid)
    piles = cards["deals"][0]["layout"]["piles"]
    piles[0][5] = piles[1][5]  # a card twice, another missing
    write("california.layout.cards", cards, valid)


def covers() -> None:
    game = play_until(2, lambda g: bool(g.kernel.targets()) and len(g.action_stack) > 3)
    k = game.kernel
    pos = k.targets()[0]
    row, col = divmod(pos, k.row)
    right = Cover(0, row, col, TEXT_OF[k.piles[0][-1]]).to_json()
    wrong = {**right, "card": TEXT_OF[k.piles[1][-1]] if k.piles[1][-1] != k.piles[0][-1] else TEXT_OF[k.piles[0][0]]}
    write("california.cover-card", with_event(game, wrong), with_event(game, right))
    unmatched = next(p for p in range(len(k.stacks)) if not k.coverable(p))
    miss = Cover(0, unmatched // k.row, unmatched % k.row, TEXT_OF[k.piles[0][-1]]).to_json()
    write("california.cover-unmatched", with_event(game, miss), with_event(game, right))


def relays() -> None:
    blocked = play_until(3, lambda g: g.kernel.blocked() and len(g.action_stack) > 3)
    rows = [[TEXT_OF[c] for c in r] for r in blocked.kernel.relay_rows()]
    right = Relay(rows).to_json()
    wrong = Relay([rows[1], rows[0]]).to_json()
    write("california.relay-cards", with_event(blocked, wrong), with_event(blocked, right))
    open_table = play_until(3, lambda g: bool(g.kernel.targets()) and len(g.action_stack) > 3)
    early = Relay([[TEXT_OF[c] for c in r] for r in open_table.kernel.relay_rows()]).to_json()
    write("california.relay-early", with_event(open_table, early), with_event(blocked, right))


def examples() -> None:
    """examples/california-game.json (a whole deal with re-lays, judged valid) and
    examples/california-changed-card.json (the same deal with one cover's card changed), with
    their golden verdicts."""
    root = HERE.parent.parent / "examples"
    games = [play_until(seed, lambda g: g.is_over()) for seed in range(40)]
    best = min((g for g in games if any(isinstance(a, Relay) for a in g.action_stack)),
               key=lambda g: len(g.action_stack))  # the shortest with a re-lay, to keep it readable
    clean = data(best)
    clean["meta"] = {"about": "a whole deal of California Speed, Ann against Ben, played by "
                              "tests/logs/make_california_logs.py"}
    changed = copy.deepcopy(clean)
    events = changed["deals"][0]["events"]
    spot = next(i for i, ev in enumerate(events) if ev["type"] == "cover" and i >= 5)
    events[spot]["card"] = next(c for c in ("AS", "2S") if c != events[spot]["card"])
    changed["meta"] = {"about": f"california-game.json with the card of event {spot} changed"}
    for name, doc in (("california-game", clean), ("california-changed-card", changed)):
        (root / f"{name}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        verdict = referee_text(json.dumps(doc), f"examples/{name}.json")
        out = {"file": f"examples/{name}.json", **verdict.to_json()}
        (root / "verdicts" / f"{name}.verdict.json").write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    layouts()
    covers()
    relays()
    examples()
