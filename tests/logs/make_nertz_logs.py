"""Writes the Nertz rules' trigger and near-miss logs (tests/logs/<rule id>.trigger.json and
.near-miss.json): ``python tests/logs/make_nertz_logs.py``.

Each scenario plays dealt hands by simple rules (a progress move when there is one, else the
first move between work piles on the kernel's way to progress, else a stock turn, else the
stuck response) until a moment the rule speaks about, then adds the offending event (trigger)
or a legal one (near miss); where the rule belongs to a variant option, the hand is played
under that option and the near miss is the same log under plain Nertz, where the event stands.
The files are committed; this script documents how they were made and remakes them the same
way (fixed seeds).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from speedrules import referee, variant_from_document
from speedrules.logs.log import parse_log
from speedrules.nertz.actions import Call, Found, NertzAction, Reset, Stuck, Turn, Work, decode
from speedrules.nertz.cards import owned_text, rank
from speedrules.nertz.game import NertzGame, deal_nertz
from speedrules.nertz.kernel import FOUND, WORK, builds_down, source_name

HERE = Path(__file__).parent
NAMES = ["Ann", "Ben"]
Scenario = Callable[[NertzGame], tuple[NertzAction, NertzAction | None, str] | None]


def step(game: NertzGame, rng: random.Random) -> bool:
    """One sensible action; False when the hand is over."""
    k = game.kernel
    if k.ended:
        return False
    moves = [m for s in range(k.seats) for m in k.moves(s)]
    progress = [m for m in moves if m[0] == FOUND or (m[0] == WORK and m[3] < 0)]
    if progress and rng.random() < 0.7:
        game.apply(decode((*rng.choice(progress), None))[0])
        return True
    for seat in rng.sample(range(k.seats), k.seats):
        way = k.dig(seat)
        if way is not None and way[0] >= 0:
            j, count, d = way
            game.apply(Work(seat, owned_text(k.work[seat][j][-count]), f"w{j}", d))
            return True
    turns = [m for m in moves if m[0] not in (FOUND, WORK)]
    if turns:
        game.apply(decode((*rng.choice(turns), None))[0])
    else:
        game.apply(Stuck())
    return True


def find(variant: Any, scenario: Scenario, seeds: range = range(1, 60)) -> tuple[NertzGame, NertzAction,
                                                                                 NertzAction | None, str]:
    v = variant_from_document(variant) if isinstance(variant, dict) else variant
    for seed in seeds:
        game = deal_nertz(v, seed, names=NAMES)
        rng = random.Random(seed)
        for _ in range(3000):
            found = scenario(game)
            if found is not None:
                return (game, *found)
            if not step(game, rng):
                break
    raise SystemExit(f"no hand shows the scenario {scenario.__name__}")


def write(rule: str, variant: Any, game: NertzGame, event: NertzAction, note: str, kind: str) -> None:
    data = game.to_log_data(players=NAMES)
    data["variant"] = variant
    events = data["deals"][0]["events"]
    for i, e in enumerate(events):
        e["t"] = 100 * i
    events.append(event.to_json(100 * len(events)))
    player = getattr(event, "player", None)
    made = "tests/logs/make_nertz_logs.py"
    if kind == "trigger":
        data["meta"] = {"expect": {"rule": rule, "event": len(events) - 1, "player": player}, "note": note,
                        "made by": made}
    else:  # the hand as the game API leaves it after the event
        after = NertzGame.from_log(parse_log(data)).kernel
        data["meta"] = {"expect": {"valid": True, "finished": after.ended, "winner": after.caller,
                                   "remaining": [len(n) for n in after.nertz]}, "note": note, "made by": made}
    verdict = referee(parse_log(data))
    first = verdict.violations[0].rule if verdict.violations else None
    assert first == (rule if kind == "trigger" else None), (rule, kind, [str(v.message) for v in verdict.violations])
    (HERE / f"{rule}.{kind}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def both(rule: str, variant: Any, scenario: Scenario, near_variant: Any = None) -> None:
    game, bad, good, note = find(variant, scenario)
    write(rule, variant, game, bad, note, "trigger")
    if good is None:
        write(rule, near_variant, game, bad, f"the same event under {near_variant}: it stands", "near-miss")
    else:
        write(rule, variant, game, good, f"instead: {good.describe()}", "near-miss")


def legal(game: NertzGame, kind: type, seat: int | None = None) -> list[Any]:
    return [a for a in game.legal_actions() if isinstance(a, kind) and (seat is None or a.player == seat)]


def singles(game: NertzGame, seat: int) -> list[tuple[str, int]]:
    """Each single card ``seat`` may take: its Nertz top, waste top, work pile tops."""
    k = game.kernel
    return [(source_name(src), k.pile(seat, src)[-1]) for src in (-1, -2, *range(len(k.work[seat])))
            if k.pile(seat, src)]


def owner_scenario(g: NertzGame) -> Any:
    for a in legal(g, Found, 1) + legal(g, Work, 1):
        return type(a)(0, a.card, a.src, a.to), a, f"seat 0 plays {a.card}, a card of seat 1's deck"
    return None


def not_top_scenario(g: NertzGame) -> Any:
    for a in legal(g, Found):
        deep = g.kernel.stock[a.player][0]
        return Found(a.player, owned_text(deep), a.src, a.to), a, f"{owned_text(deep)} lies at the stock's bottom"
    return None


def ace_scenario(g: NertzGame) -> Any:
    n = len(g.kernel.foundations)
    for a in legal(g, Found):
        if a.to == n:
            for src, card in singles(g, a.player):
                if rank(card) != 1:
                    return Found(a.player, owned_text(card), src, n), a, f"{owned_text(card)} starts no foundation"
    return None


def build_scenario(g: NertzGame) -> Any:
    for a in legal(g, Found):
        if a.to < len(g.kernel.foundations):
            for src, card in singles(g, a.player):
                bad = Found(a.player, owned_text(card), src, a.to)
                if rank(card) != 1 and g.check(bad) is not None:
                    return bad, a, f"{owned_text(card)} does not build on foundation {a.to}"
    return None


def suit_open_scenario(g: NertzGame) -> Any:
    k = g.kernel
    for seat in range(k.seats):
        for src, card in singles(g, seat):
            bad = Found(seat, owned_text(card), src, len(k.foundations))
            if rank(card) == 1 and any(p[0] % 52 // 13 == card % 52 // 13 for p in k.foundations) \
                    and g.check(bad) is not None:
                return bad, None, f"an ace of {owned_text(card)}'s suit has an open foundation"
    return None


def work_build_scenario(g: NertzGame) -> Any:
    k = g.kernel
    for a in legal(g, Work):
        if k.work[a.player][a.to]:
            for src, card in singles(g, a.player):
                bad = Work(a.player, owned_text(card), src, a.to)
                if src != f"w{a.to}" and g.check(bad) is not None:
                    return bad, a, f"{owned_text(card)} does not build down on work pile {a.to}"
    return None


def fill_scenario(g: NertzGame) -> Any:
    k = g.kernel
    for seat in range(k.seats):
        empty = [d for d, p in enumerate(k.work[seat]) if not p]
        if empty and k.waste[seat]:
            return Work(seat, owned_text(k.waste[seat][-1]), "waste", empty[0]), None, "only the Nertz top fills a pile"
    return None


def run_scenario(g: NertzGame) -> Any:
    k = g.kernel
    for seat in range(k.seats):
        for j, pile in enumerate(k.work[seat]):
            if len(pile) >= 2:
                for d, target in enumerate(k.work[seat]):
                    if d != j and (not target or builds_down(pile[-2], target[-1])):
                        return Work(seat, owned_text(pile[-2]), f"w{j}", d), None, "two cards move at once"
    return None


def at_start(bad: NertzAction, good: NertzAction | None, note: str) -> Scenario:
    return lambda g: (bad, good, note) if not g.action_stack else None


def main() -> None:
    per_suit = {"extends": "nertz", "nertz": {"foundations": "per-suit"}}
    nertz_fill = {"extends": "nertz", "nertz": {"empty_fill": "nertz"}}
    optional = {"extends": "nertz", "nertz": {"call": "optional"}}
    both("nertz.owner", "nertz", owner_scenario)
    both("nertz.not-top", "nertz", not_top_scenario)
    both("nertz.found.ace", "nertz", ace_scenario)
    both("nertz.found.build", "nertz", build_scenario)
    both("nertz.found.suit-open", per_suit, suit_open_scenario, "nertz")
    both("nertz.work.build", "nertz", work_build_scenario)
    both("nertz.work.fill", nertz_fill, fill_scenario, "nertz")
    both("nertz.work.run", "nertz-racing-demon", run_scenario, "nertz")
    shown = deal_nertz("nertz", 1).kernel.turned(0)
    assert shown is not None
    both("nertz.stock", "nertz", at_start(Reset(0), Turn(0, owned_text(shown)), "the stock is not used up"))
    game, bad, _, note = find("nertz", at_start(Stuck(), None, "seat 0 could still turn up a card"))
    write("nertz.stuck.false", "nertz", game, bad, note, "trigger")
    game, good, _, note = find("nertz", lambda g: (Stuck(), None, "everyone is stuck") if g.kernel.is_stuck() else None)
    write("nertz.stuck.false", "nertz", game, good, note, "near-miss")
    game, bad, _, note = find("nertz", at_start(Call(0), None, "plain Nertz has no call"))
    write("nertz.call", "nertz", game, bad, note, "trigger")
    game, good, _, note = find(optional, lambda g: next(((Call(s), None, "an empty Nertz pile") for s in
                                                          range(g.kernel.seats) if not g.kernel.nertz[s]), None))
    write("nertz.call", optional, game, good, note, "near-miss")


if __name__ == "__main__":
    main()
