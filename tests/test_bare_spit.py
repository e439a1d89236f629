"""The bare Spit loops of ``benchmarks/`` (issue 32) are measured against speedrules, so they must do
the same work: the bare checker (``bare_spit_checker.py``) accepts every simulated ``spit`` log,
and refuses a log with one change on the same round as the referee; the bare playout
(``bare_spit_playout.py``) plays the very games ``simulate("spit", ...)`` plays.

Each changed log is made where the change breaks a rule, the place found by replaying the log
through :class:`speedrules.SpitGame` (its public questions: ``legal_actions``, ``is_stuck``,
``is_legal``), never through the bare checker's own reading.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from speedrules import GapMove, SpitGame, SpitLayout, StockPlay, parse_log, referee, simulate

REPO = Path(__file__).resolve().parent.parent
OUTCOME = {"unfinished": -3, "stuck": -4}


def bare(name: str) -> ModuleType:
    """A module of ``benchmarks/`` (not a package)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECKER = bare("bare_spit_checker")
PLAYOUT = bare("bare_spit_playout")


def bare_round(doc: dict[str, Any]) -> int | None:
    """The first round the bare checker refuses, or ``None`` if it accepts the log."""
    verdicts = CHECKER.check_text(json.dumps(doc))
    assert len(verdicts) == len(doc["deals"]) or verdicts[-1] is False
    return None if all(verdicts) else len(verdicts) - 1


def referee_round(doc: dict[str, Any]) -> int | None:
    """The first round with a violation in the referee's verdict, or ``None`` if it is valid."""
    verdict = referee(parse_log(doc))
    bad = [number for number, deal in enumerate(verdict.deals) if deal.violations]
    assert verdict.valid == (not bad)
    return bad[0] if bad else None


def simulated(games: int, seed: int) -> list[str]:
    return [r.log.dumps() for r in simulate("spit", games, seed=seed, logs=True) if r.log is not None]


# ---------------------------------------------------------------------------- where a change breaks a rule


def places(doc: dict[str, Any]) -> dict[str, list[tuple[int, ...]]]:
    """Replaying a valid log through SpitGame, the places ``(round, event index, ...)`` before an
    event where: both have spit cards and a face-up card fits (``fits``); both have spit cards,
    no face-up card fits, but a player is not stuck (gap moves would free a play: ``gap``); a
    logged play would not fit the other centre pile (``misfit``); a logged gap move's row has
    another pile with a card on it (``onto``: that pile)."""
    log = parse_log(doc)
    game = SpitGame.from_log(log, 0, 0)
    found: dict[str, list[tuple[int, ...]]] = {"fits": [], "gap": [], "misfit": [], "onto": []}
    for number in range(len(log.rounds)):
        if number:
            game.next_round(SpitLayout.from_codes(*log.rounds[number].codes))
        for index, (action, t) in enumerate(log.spit_actions(number)):
            if index and not game.is_round_over() and all(game.spit_piles) \
                    and not (game.is_stuck(0) and game.is_stuck(1)):
                if any(game.can_play(p, i, c) for p in (0, 1) for i in range(5) for c in (0, 1)):
                    found["fits"].append((number, index))
                else:
                    found["gap"].append((number, index))
            if isinstance(action, StockPlay) and not game.is_legal(StockPlay(action.player, action.stock,
                                                                            1 - action.pile)):
                found["misfit"].append((number, index))
            if isinstance(action, GapMove):
                row = game.stock[action.player]
                onto = [j for j, pile in enumerate(row) if pile and j != action.stock]
                if onto:
                    found["onto"].append((number, index, onto[0]))
            game.apply(action, t)
    return found


Change = Callable[[dict[str, Any], dict[str, list[tuple[int, ...]]], random.Random], int | None]
"""Changes a copy of a log in place so that it breaks one rule; returns the round it breaks, or
``None`` where the log has no place for it (the log is then left alone)."""


def _insert_spit(kind: str) -> Change:
    def change(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
        if not found[kind]:
            return None
        number, index = rng.choice(found[kind])
        doc["deals"][number]["events"].insert(index, {"type": "spit"})
        return number
    return change


def _card_named(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A play or a gap move names another card than its pile's top."""
    spots = [(n, i) for n, deal in enumerate(doc["deals"]) for i, ev in enumerate(deal["events"])
             if ev["type"] in ("play", "move")]
    number, index = rng.choice(spots)
    event = doc["deals"][number]["events"][index]
    event["card"] = CHECKER.DECK[(CHECKER.DECK.index(event["card"]) + 1) % 52]
    return number


def _layout_card(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A card of player 0's row replaced by one of player 1's: a card twice, another missing."""
    number = rng.randrange(len(doc["deals"]))
    stock = doc["deals"][number]["layout"]["stock"]
    theirs = [c for pile in stock[1] for c in pile] + doc["deals"][number]["layout"]["spit"][1]
    ours = [pile for pile in stock[0] if pile]
    if not theirs or not ours:
        return None
    rng.choice(ours)[0] = rng.choice(theirs)
    return number


def _layout_row(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A card of a row's last pile laid on the spit pile instead."""
    number = rng.randrange(len(doc["deals"]))
    layout = doc["deals"][number]["layout"]
    player = rng.randrange(2)
    piles = [pile for pile in layout["stock"][player] if pile]
    if not piles:
        return None
    layout["spit"][player].insert(0, piles[-1].pop(0))
    return number


def _misfit(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A play onto the centre pile its card does not fit."""
    if not found["misfit"]:
        return None
    number, index = rng.choice(found["misfit"])
    event = doc["deals"][number]["events"][index]
    event["pile"] = 1 - event["pile"]
    return number


def _onto_card(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A gap move onto a pile with a card on it."""
    if not found["onto"]:
        return None
    number, index, to = rng.choice(found["onto"])
    doc["deals"][number]["events"][index]["to"] = to
    return number


def _slaps(doc: dict[str, Any]) -> list[tuple[int, int]]:
    return [(n, i) for n, deal in enumerate(doc["deals"]) for i, ev in enumerate(deal["events"])
            if ev["type"] == "slap"]


def _early_slap(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A slap right after a round's first spit, long before the round ends."""
    number = rng.randrange(len(doc["deals"]))
    doc["deals"][number]["events"].insert(1, {"type": "slap", "player": rng.randrange(2), "pile": rng.randrange(2)})
    return number


def _slap_twice(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A player's slap logged twice."""
    if not _slaps(doc):
        return None
    number, index = rng.choice(_slaps(doc))
    doc["deals"][number]["events"].insert(index, dict(doc["deals"][number]["events"][index]))
    return number


def _slaps_missing(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A round's slaps left out: the next round comes before its piles are claimed."""
    rounds = sorted({n for n, _ in _slaps(doc) if n + 1 < len(doc["deals"])})
    if not rounds:
        return None
    number = rng.choice(rounds)
    doc["deals"][number]["events"] = [e for e in doc["deals"][number]["events"] if e["type"] != "slap"]
    return number + 1


def _spit_names_pile(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A spit by both players that names a pile."""
    both = [n for n, deal in enumerate(doc["deals"]) if all(deal["layout"]["spit"])]
    if not both:
        return None
    number = rng.choice(both)
    doc["deals"][number]["events"][0]["pile"] = rng.randrange(2)
    return number


def _after_the_end(doc: dict[str, Any], found: dict[str, list[tuple[int, ...]]], rng: random.Random) -> int | None:
    """A round after the game was won."""
    doc["deals"].append(copy.deepcopy(doc["deals"][-1]))
    return len(doc["deals"]) - 1


CHANGES: dict[str, Change] = {
    "a card named that is not the top": _card_named,
    "a card of the layout changed": _layout_card,
    "a row laid short": _layout_row,
    "a spit while a face-up card fits": _insert_spit("fits"),
    "a spit while a gap move would free a play": _insert_spit("gap"),
    "a play onto a pile it does not fit": _misfit,
    "a gap move onto a card": _onto_card,
    "a slap before the round ends": _early_slap,
    "a slap twice": _slap_twice,
    "a round's slaps left out": _slaps_missing,
    "a spit by both that names a pile": _spit_names_pile,
    "a round after the game is won": _after_the_end,
}


def agreement(texts: list[str], seed: int) -> dict[str, int]:
    """Checks every log and its changed copies; returns how many changed logs of each kind."""
    rng = random.Random(seed)
    made = dict.fromkeys([*CHANGES, "an event dropped"], 0)
    for text in texts:
        doc = json.loads(text)
        assert bare_round(doc) is None and referee_round(doc) is None
        found = places(doc)
        for name, change in CHANGES.items():
            changed = json.loads(text)
            broken = change(changed, found, rng)
            if broken is None:
                continue
            made[name] += 1
            assert (name, bare_round(changed), referee_round(changed)) == (name, broken, broken)
        # an event dropped: often a rule broken later, sometimes (the last event, a second slap) none
        changed = json.loads(text)
        number = rng.randrange(len(changed["deals"]))
        changed["deals"][number]["events"].pop(rng.randrange(len(changed["deals"][number]["events"])))
        made["an event dropped"] += 1
        assert bare_round(changed) == referee_round(changed)
    return made


def test_the_bare_checker_accepts_simulated_logs_and_refuses_a_change_where_the_referee_does() -> None:
    made = agreement(simulated(10, seed=3), seed=1)
    assert min(made.values()) >= 4, made  # every kind of change was made on several logs


@pytest.mark.slow
def test_the_bare_checker_agrees_with_the_referee_on_hundreds_of_logs() -> None:
    made = agreement(simulated(60, seed=4), seed=2)
    assert min(made.values()) >= 25, made


@pytest.mark.parametrize("path", sorted(p.name for p in (REPO / "tests" / "logs").glob("*.json")
                                         if json.loads(p.read_text(encoding="utf-8"))["variant"] == "spit"))
def test_the_bare_checker_judges_the_rule_catalogues_spit_logs_as_the_referee_does(path: str) -> None:
    """The catalogue's trigger and near-miss logs of plain spit (tests/logs): a jam declared, a spit
    with none left, rounds of one centre pile... that simulated logs seldom hold."""
    doc = json.loads((REPO / "tests" / "logs" / path).read_text(encoding="utf-8"))
    assert bare_round(doc) == referee_round(doc)
    assert (bare_round(doc) is None) == path.endswith(".near-miss.json")


def test_the_bare_checker_knows_plain_spit_only() -> None:
    doc = json.loads(simulated(1, seed=5)[0])
    doc["variant"] = "spit-pairing"
    with pytest.raises(ValueError, match="plain spit only"):
        CHECKER.check_text(json.dumps(doc))


# ---------------------------------------------------------------------------- the bare playout


def games(count: int, seed: int) -> None:
    for r in simulate("spit", count, seed=seed):
        c = r.counts
        winner = r.winner if r.winner is not None else OUTCOME[r.reason]
        ours = (winner, r.events, r.rounds, c["spit"], c["play"], c["move"], c["slap"], r.bounced, r.remaining,
                r.duration_ms)
        assert PLAYOUT.playout(seed, r.index) == ours, f"game {r.index}"


def test_the_bare_playout_plays_the_simulators_games() -> None:
    games(30, seed=12)


@pytest.mark.slow
def test_the_bare_playout_plays_the_simulators_games_by_the_hundred() -> None:
    games(200, seed=13)
