"""Writes the Spit rules' trigger and near-miss logs (tests/logs/<rule id>.trigger.json and
.near-miss.json): ``python tests/logs/make_spit_logs.py``.

Each scenario plays a dealt game by simple rules (play when a card fits, else make the row
moves that free one, else spit, claim at once) up to a moment the rule speaks about, then adds
the offending event (trigger) or a legal one of the same kind (near miss).  The files are
committed; this script documents how they were made and remakes them the same way (fixed seeds).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from speedrules import (
    Choose,
    GapMove,
    Jam,
    Pairing,
    Slap,
    Spit,
    SpitGame,
    StockPlay,
    deal_spit,
)
from speedrules.judge.referee import referee_text
from speedrules.spit.kernel import MOVE

HERE = Path(__file__).parent


def step(game: SpitGame, rng: random.Random) -> bool:
    """One sensible action (a play, an unblocking row move, a spit, a claim); False if none."""
    k = game.kernel
    acts = game.legal_actions()
    plays = [a for a in acts if isinstance(a, StockPlay)]
    if plays:
        game.apply(rng.choice(plays))
        return True
    if k.started and not k.is_over():
        for p in (0, 1):
            found = k.unblocking_moves(p)
            if found and found[0]:
                kind, i, j = found[0][0]
                game.apply(GapMove(p, i, j) if kind == MOVE else Pairing(p, i, j))
                return True
    claims = [a for a in acts if isinstance(a, (Slap, Choose))]
    spits = [a for a in acts if isinstance(a, Spit)]
    pool = claims or spits
    if not pool:
        return False
    game.apply(rng.choice(pool))
    return True


def play_until(variant: str, seed: int, stop: Callable[[SpitGame], bool], limit: int = 5000) -> SpitGame:
    """A game played by :func:`step` until ``stop(game)`` (before the action that would pass it)."""
    for s in range(seed, seed + 500):
        game, rng = deal_spit(variant, seed=s), random.Random(s)
        for _ in range(limit):
            if stop(game):
                return game
            if game.is_round_settled():
                if game.is_over():
                    break
                game.next_round()
                continue
            if not step(game, rng):
                break
    raise RuntimeError(f"no game of {variant} reached the moment asked for")


def data_of(game: SpitGame) -> dict[str, Any]:
    return game.to_log_data(players=["Ann", "Ben"])


def with_event(data: dict[str, Any], event: dict[str, Any], deal: int = -1) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out["deals"][deal]["events"].append(event)
    return out


def gap_state(game: SpitGame) -> bool:
    k = game.kernel
    return k.started and not k.is_over() and any(
        not pile for pile in k.rows[0]) and sum(1 for pile in k.rows[0] if len(pile) >= 2) > 0


def write(rule: str, trigger: dict[str, Any], near: dict[str, Any]) -> None:
    """Write both logs, each with the ``meta.expect`` tests/test_referee.py checks: the
    violation (rule, event, player, deal) of the trigger, the last deal's result of the near miss."""
    for kind, data in (("trigger", trigger), ("near-miss", near)):
        verdict = referee_text(json.dumps(data), f"{rule}.{kind}.json")
        number = len(verdict.deals) - 1
        deal = verdict.deals[number]
        if kind == "trigger":
            first = deal.violations[0]
            assert first.rule == rule and len(deal.violations) == 1, (rule, deal.violations)
            expect: dict[str, Any] = {"rule": rule, "event": first.event, "player": first.player}
        else:
            assert verdict.valid, (rule, verdict.violations)
            expect = {"valid": True, "finished": deal.finished, "winner": deal.winner,
                      "remaining": list(deal.remaining)}
        if number:
            expect["deal"] = number
        data = {**data, "meta": {"expect": expect, "made by": "tests/logs/make_spit_logs.py"}}
        text = json.dumps(data, indent=1)
        (HERE / f"{rule}.{kind}.json").write_text(text + "\n", encoding="utf-8")


def main() -> None:
    fresh = deal_spit("spit", seed=7)
    base = data_of(fresh)

    # spit.layout.cards: Ben's 7th card is a second copy of one of Ann's.
    bad = copy.deepcopy(base)
    bad["deals"][0]["layout"]["spit"][1][0] = bad["deals"][0]["layout"]["spit"][0][0]
    write("spit.layout.cards", bad, base)

    # spit.layout.row: Ann's first two piles swapped (2 cards, then 1).
    bad = copy.deepcopy(base)
    row = bad["deals"][0]["layout"]["stock"][0]
    row[0], row[1] = row[1], row[0]
    write("spit.layout.row", bad, base)

    # spit.order: a play before the first spit.
    started = SpitGame.from_layout("spit", fresh.layout)
    started.apply(Spit())
    play = next(a for a in started.legal_actions() if isinstance(a, StockPlay))
    early = with_event(base, play.to_json())
    after = copy.deepcopy(data_of(started))
    after["deals"][0]["events"].append(play.to_json())
    write("spit.order", early, after)

    # spit.not-top: the play names a card that is not on top of that pile.
    wrong = dict(play.to_json())
    top = started.kernel.rows[play.player][play.stock]
    other = next(p for p in started.kernel.rows[play.player] if p and p[-1] != top[-1])
    from speedrules import Card
    wrong["card"] = str(Card.from_code(other[-1]))
    write("spit.not-top", with_event(data_of(started), wrong), after)

    # spit.gap: a move onto a pile that is not empty; near miss: into a real gap.
    game = play_until("spit", 1, gap_state)
    k = game.kernel
    gap = next(i for i, p in enumerate(k.rows[0]) if not p)
    source = next(i for i, p in enumerate(k.rows[0]) if len(p) >= 2)
    full = next(i for i, p in enumerate(k.rows[0]) if p and i != source)
    data = data_of(game)
    write("spit.gap", with_event(data, GapMove(0, source, full).to_json()),
          with_event(data, GapMove(0, source, gap).to_json()))

    # spit.pair: a pairing in plain Spit; near miss: the same in spit-pairing.
    def pair_state(g: SpitGame) -> bool:
        return g.kernel.started and not g.kernel.is_over() and any(isinstance(a, Pairing) for a in g.legal_actions())

    game = play_until("spit-pairing", 1, pair_state)
    pair = next(a for a in game.legal_actions() if isinstance(a, Pairing))
    near = with_event(data_of(game), pair.to_json())
    trigger = copy.deepcopy(near)
    trigger["variant"] = "spit"
    write("spit.pair", trigger, near)

    # spit.early: a spit while a player can play; near miss: a spit when both are stuck.
    def can_play(g: SpitGame) -> bool:
        return g.kernel.started and not g.kernel.is_over() and g.kernel.playable(0) is not None

    def stuck(g: SpitGame) -> bool:
        return g.kernel.started and not g.kernel.is_over() and Spit() in g.legal_actions()

    write("spit.early", with_event(data_of(play_until("spit", 2, can_play)), Spit().to_json()),
          with_event(data_of(play_until("spit", 2, stuck)), Spit().to_json()))

    # spit.none-left: a spit with no spit card on either side (while somebody can still play).
    def none_left(g: SpitGame) -> bool:
        return g.kernel.started and not g.kernel.is_over() and not any(g.kernel.spits) and not g.is_round_settled()

    game = play_until("spit", 3, none_left)
    write("spit.none-left", with_event(data_of(game), Spit().to_json()),
          with_event(data_of(game), next(a for a in game.legal_actions() if isinstance(a, StockPlay)).to_json()))

    # spit.pile: both spit, but the spit names a pile.
    write("spit.pile", with_event(base, Spit(1).to_json()), with_event(base, Spit().to_json()))

    # spit.round-over: a play after a row was cleared; near miss: the slap instead.
    def over(g: SpitGame) -> bool:
        return g.kernel.is_over() and not g.is_round_settled() and g.kernel.out_seat is not None

    game = play_until("spit", 4, over)
    loser = 1 - game.kernel.out_seat  # type: ignore[operator]
    stock = next(i for i, p in enumerate(game.kernel.rows[loser]) if p)
    write("spit.round-over", with_event(data_of(game), StockPlay(loser, stock, 0).to_json()),
          with_event(data_of(game), Slap(loser, 0).to_json()))

    # claim.early: a slap before the round ended; near miss: the same slap after it.
    write("claim.early", with_event(data_of(started), Slap(0, 0).to_json()),
          with_event(data_of(game), Slap(0, 0).to_json()))

    # claim.slap: one player slaps twice; near miss: each slaps once.
    once = with_event(data_of(game), Slap(0, 1).to_json())
    write("claim.slap", with_event(once, Slap(0, 0).to_json()), with_event(once, Slap(1, 0).to_json()))

    # claim.choose: under first-out-chooses the other player chooses.
    def over_choose(g: SpitGame) -> bool:
        return (g.kernel.is_over() and not g.is_round_settled() and g.kernel.out_seat is not None
                and sum(1 for p in g.kernel.centre if p) == 2)

    game = play_until("spit-first-out-chooses", 4, over_choose)
    out = game.kernel.out_seat
    assert out is not None
    write("claim.choose", with_event(data_of(game), Choose(1 - out, 0).to_json()),
          with_event(data_of(game), Choose(out, 0).to_json()))

    # claim.missing: round 1 logged before round 0's piles were claimed.
    def second_round(g: SpitGame) -> bool:
        return g.round == 1

    game = play_until("spit", 5, second_round)
    near = data_of(game)
    trigger = copy.deepcopy(near)
    events = trigger["deals"][0]["events"]
    while events and events[-1]["type"] in ("slap", "choose"):
        events.pop()
    write("claim.missing", trigger, near)
    jams()


def jams() -> None:
    """spit.jam-false: a jam declared while a player can still play, with no spit card left;
    near miss: the jam declared once the round has jammed (both stuck, no spit card left)."""
    def can_still_play(g: SpitGame) -> bool:
        k = g.kernel
        return k.started and not k.is_over() and not any(k.spits) and k.playable(0) is not None

    def jammed(g: SpitGame) -> bool:
        return g.kernel.jammed and not g.is_round_settled()

    write("spit.jam-false", with_event(data_of(play_until("spit", 3, can_still_play)), Jam().to_json()),
          with_event(data_of(play_until("spit", 3, jammed)), Jam().to_json()))


def examples() -> None:
    """examples/spit-game.json (a whole game, judged valid) and examples/spit-early-spit.json
    (the same game with a spit while a player could still play), with their golden verdicts."""
    root = HERE.parent.parent / "examples"
    best = None
    for seed in range(40):  # the shortest whole game of these seeds, to keep the example readable
        game = play_until("spit", seed, lambda g: g.is_over())
        if best is None or sum(map(len, game.history)) < sum(map(len, best.history)):
            best = game
    assert best is not None
    data = data_of(best)
    data["meta"] = {"about": "a whole game of Spit, Ann against Ben, played by tests/logs/make_spit_logs.py"}
    early = copy.deepcopy(data)
    first = early["deals"][0]["events"]
    spot = next(i for i, ev in enumerate(first) if ev["type"] == "play" and i > 3)
    first.insert(spot, {"type": "spit"})
    early["meta"] = {"about": "spit-game.json with a spit slipped in while Ann could still play"}
    for name, doc in (("spit-game", data), ("spit-early-spit", early)):
        (root / f"{name}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        verdict = referee_text(json.dumps(doc), f"examples/{name}.json")
        out = {"file": f"examples/{name}.json", **verdict.to_json()}
        (root / "verdicts" / f"{name}.verdict.json").write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
    examples()
