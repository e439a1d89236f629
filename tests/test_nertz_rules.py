"""Nertz's rules through the public surfaces: a changed card refused by the referee with a rule
id (a card of another deck: ``nertz.owner``), collisions under each of the package's policies,
the position text read back, corrections, the match to a target, simulated logs the referee
accepts for every bundled variant, and the command line."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import referee, variant_from_document, variant_names
from speedrules.cli.main import main
from speedrules.core import rules
from speedrules.logs.log import parse_log
from speedrules.nertz.actions import Found, Stuck, decode, encode
from speedrules.nertz.cards import owned_code, owned_text, owner
from speedrules.nertz.game import NertzGame, NertzPositionError, deal_nertz
from speedrules.nertz.kernel import FOUND, WASTE, WORK, NertzKernel
from speedrules.nertz.table import NertzTable, _option
from speedrules.sim.choices import GreedyChoice, RandomChoice
from speedrules.sim.playout import play
from speedrules.table import Chooser, Menu

NAMES = ["Ann", "Ben"]


def played(variant: Any, seed: int, steps: int = 300) -> NertzGame:
    """A hand played by random sensible moves (progress first), 100 ms apart."""
    v = speedrules.as_variant(variant)
    game = deal_nertz(v, seed, names=NAMES + [f"P{s}" for s in range(2, v.players)])
    rng = random.Random(seed)
    for i in range(steps):
        k = game.kernel
        if k.ended:
            break
        moves = [m for s in range(k.seats) for m in k.moves(s)]
        progress = [m for m in moves if m[0] == FOUND or (m[0] == WORK and m[3] < 0)]
        pool = progress if progress and rng.random() < 0.8 else moves
        action = decode((*rng.choice(pool), None))[0] if pool else Stuck()
        if isinstance(action, Stuck) and not k.is_stuck():
            break
        game.apply(action, 100 * i)
    return game


def carded(data: dict[str, Any]) -> list[int]:
    return [i for i, e in enumerate(data["deals"][0]["events"]) if "card" in e]


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**16), pick=st.integers(0, 10**6))
def test_a_card_of_another_deck_is_refused_at_its_event(seed: int, pick: int) -> None:
    """An event's card changed to the same face of the other seat's deck: ``nertz.owner`` at that event."""
    data = json.loads(played("nertz", seed).to_log().dumps())
    events = data["deals"][0]["events"]
    assert referee(parse_log(data)).valid
    i = carded(data)[pick % len(carded(data))]
    code = owned_code(events[i]["card"])
    events[i]["card"] = owned_text(code % 52 + 52 * (1 - owner(code)))
    [first, *_] = referee(parse_log(data)).violations
    assert (first.rule, first.event, first.player) == (rules.NERTZ_OWNER, i, events[i]["player"])


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**16), pick=st.integers(0, 10**6))
def test_a_card_changed_to_one_in_the_stock_is_refused(seed: int, pick: int) -> None:
    """An event's card changed to a card of the same deck that lies in its stock (no card is ever
    played or shown from there): refused at that event, ``nertz.not-top``."""
    game = played("nertz", seed)
    data = json.loads(game.to_log().dumps())
    events = data["deals"][0]["events"]
    i = carded(data)[pick % len(carded(data))]
    before = NertzGame.from_log(game.to_log(), upto=i).kernel
    seat = events[i]["player"]
    stock = [c for c in before.stock[seat] if c != before.turned(seat)]
    if not stock:
        return
    events[i]["card"] = owned_text(stock[pick % len(stock)])
    [first, *_] = referee(parse_log(data)).violations
    assert (first.rule, first.event) == (rules.NERTZ_NOT_TOP, i)
    corrected = referee(parse_log(data), all_violations=True)
    assert corrected.violations[0].correction and corrected.violations[0].event == i


@settings(max_examples=10, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**16), players=st.sampled_from([2, 3, 6]))
def test_the_position_reads_back(seed: int, players: int) -> None:
    variant = variant_from_document({"extends": "nertz", "family": "nertz", "players": players})
    game = played(variant, seed, steps=120)
    again = NertzGame.from_position(variant, game.position())
    assert again == game and again.position() == game.position()
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in game.legal_actions()]
    assert again.outcome() == game.outcome()


def test_a_position_that_is_none_says_which_field() -> None:
    text = deal_nertz("nertz", 1).position()
    with pytest.raises(NertzPositionError, match="position: a position of nertz has 5 fields"):
        NertzGame.from_position("nertz", text + " x")
    fields = text.split(" ")
    with pytest.raises(NertzPositionError, match=r"field 1 \(seats\): seat 0 does not hold its own pack"):
        NertzGame.from_position("nertz", " ".join([fields[1], *fields[1:]]))
    with pytest.raises(NertzPositionError, match=r"field 3 \(status\)"):
        NertzGame.from_position("nertz", " ".join([*fields[:3], "over", fields[4]]))


def meeting(variant: Any, first_from: str | None = None) -> tuple[NertzGame, Found, Found]:
    """A hand (plain play, untimed) at a moment two seats may each put a card on one foundation
    (the first card from ``first_from``'s kind of pile, ``"work"`` or ``"nertz"``, if given)."""
    for seed in range(1, 200):
        game = played(variant, seed, steps=0)
        rng = random.Random(seed)
        for _ in range(600):
            k = game.kernel
            if k.ended:
                break
            founds = [decode((*m, None))[0] for s in range(k.seats) for m in k.moves(s)
                      if m[0] == FOUND and m[4] < len(k.foundations)]
            for a in founds:
                for b in founds:
                    kind = "work" if a.src.startswith("w") and a.src != "waste" else a.src
                    if a.player != b.player and a.to == b.to and first_from in (None, kind):
                        return game, a, b  # type: ignore[return-value]
            moves = [m for s in range(k.seats) for m in k.moves(s)]
            progress = [m for m in moves if m[0] == FOUND or (m[0] == WORK and m[3] < 0)]
            pool = progress if progress and rng.random() < 0.8 else moves
            if not pool:
                break
            game.apply(decode((*rng.choice(pool), None))[0])
    raise AssertionError("no meeting on a foundation found")


@pytest.mark.parametrize("policy", ["first-lands", "lower-stays", "return-both"])
def test_two_cards_meeting_on_a_foundation_are_a_collision(policy: str) -> None:
    """Two seats' cards reaching one foundation at the same t: the first-lands order refuses the
    second (``nertz.found.build``); ``lower-stays`` keeps the first (equal ranks) and sends the
    second back; ``return-both`` sends both back; the referee records the collision."""
    variant = variant_from_document({"extends": "nertz", "nertz": {"collisions": policy}})
    game, a, b = meeting("nertz")
    data = json.loads(game.to_log().dumps())
    data["variant"] = variant.to_document()
    events = data["deals"][0]["events"]
    for i, e in enumerate(events):
        e["t"] = 10 * i
    t = 10 * len(events)
    events += [a.to_json(t), b.to_json(t)]
    verdict = referee(parse_log(data))
    if policy == "first-lands":
        assert [(v.rule, v.event) for v in verdict.violations] == [(rules.NERTZ_FOUND_BUILD, len(events) - 1)]
        return
    assert verdict.valid, str(verdict)
    [collision] = verdict.deals[0].collisions
    kept = len(events) - 2 if policy == "lower-stays" else None
    assert (collision.pile, collision.t, collision.plays, collision.kept) == (a.to, t, (len(events) - 2,
                                                                                      len(events) - 1), kept)
    after = NertzGame.from_log(parse_log(data))
    top = after.kernel.foundations[a.to][-1]
    assert top == (a.card.code if policy == "lower-stays" else game.kernel.foundations[a.to][-1])
    for action in (a, b):
        source = after.kernel.pile(action.player, {"nertz": -1, "waste": -2}.get(action.src, -3)) \
            if action.src in ("nertz", "waste") else after.kernel.work[action.player][int(action.src[1:])]
        back = policy == "return-both" or action is b
        assert (source[-1] == action.card.code) == back


def test_a_game_to_its_target_and_a_hand_after_it() -> None:
    """Simulated games to a low target: the referee's match agrees with the simulator on the
    winner and the totals are the hands' scores; a hand logged after the game was decided is
    ``match.after-end``."""
    variant = variant_from_document({"extends": "nertz", "nertz": {"target": 20}})
    [result] = speedrules.simulate(variant, 1, seed=3, bots="greedy", logs=True)
    verdict = referee(result.log)
    assert verdict.valid and result.reason == "out" and verdict.match.winner == result.winner
    totals = [0, 0]
    for number in range(len(result.log.deals)):
        scores = NertzGame.from_log(result.log, number).outcome()
        assert scores is not None
        totals = [x + y for x, y in zip(totals, scores.scores, strict=True)]
    assert list(verdict.match.scores) == totals and max(totals) >= 20
    data = json.loads(result.log.dumps())
    data["deals"].append(copy.deepcopy(data["deals"][0]))
    late = referee(parse_log(data))
    assert [(v.rule, v.event) for v in late.violations] == [(rules.MATCH_AFTER_END, None)]


@pytest.mark.parametrize("name", [n for n in variant_names() if n.startswith("nertz")])
def test_every_bundled_variant_is_simulated_into_valid_logs(name: str) -> None:
    variant = speedrules.load_variant(name)
    assert variant.family == "nertz" and variant.sources
    for result in speedrules.simulate(variant, 2, seed=1, bots="random,greedy", logs=True):
        verdict = referee(result.log)
        assert verdict.valid, str(verdict)
        if result.finished and result.winner is not None:
            assert verdict.match.winner == result.winner


def test_a_card_sent_back_from_a_foundation_is_seen_by_the_listing_its_seat_kept() -> None:
    """``top_stamps``: under ``return-both`` the first card of a meeting goes back onto its work
    pile, so a listing of that pile's moves made between the two cards no longer stands."""
    variant = variant_from_document({"extends": "nertz", "nertz": {"collisions": "return-both"}})
    game, a, b = meeting("nertz", first_from="work")
    g = game.kernel
    k = NertzKernel(variant, g.nertz, g.work, g.stock, g.waste, g.foundations)
    first, second = encode(a), encode(b)
    assert k.check_event(*first, 1000) is None
    k.apply_event(*first, 1000, 0)
    seat, src, at = first[1], first[3], k.version
    listed = k.top_moves(seat, src)
    assert k.top_stamps(seat)[src + 2] <= at
    assert k.check_event(*second, 1000) is None
    k.apply_event(*second, 1000, 1)
    assert k.work[seat][src][-1] == first[2]  # back on its pile
    assert k.top_stamps(seat)[src + 2] > at and k.top_moves(seat, src) != listed
    assert k.wanted == k.copy().wanted  # the foundation is as it was, and wants what it wanted


class _Watching(Chooser):
    """A bot that, each time it picks, checks that the moves its table keeps from earlier looks
    (the seat's Nertz and work piles' moves, its way to progress) are what the kernel gives afresh."""

    def __init__(self, table: NertzTable, bot: Any) -> None:
        super().__init__(bot.rng)
        self.table, self.bot, self.looks, self.met = table, bot, 0, False

    def pick(self, menu: Menu) -> Any:
        table, seat = self.table, menu.seat
        k = table.kernel
        kept = [o for group in table._standing(seat) for o in group]  # (each pile's, kept or listed now)
        kept += [_option(m) for m in k.top_moves(seat, WASTE) + k.stock_moves(seat)]
        assert sorted(kept) == sorted(map(_option, k.moves(seat, shifts=False)))
        if seat in table.dug:
            assert table.dug[seat] == k.dig(seat)
        self.looks += 1
        self.met = self.met or bool(k.collisions)
        return self.bot.pick(menu)


@pytest.mark.parametrize("name", ["nertz", "nertz-four", "nertz-racing-demon", "return-both"])
def test_what_the_table_keeps_between_looks_is_what_the_kernel_lists_afresh(name: str) -> None:
    """(``return-both``: cards that meet on a foundation go back to their piles, which the kept
    moves of those piles must see.)"""
    variant = speedrules.load_variant(name) if name.startswith("nertz") else variant_from_document(
        {"extends": "nertz-four", "nertz": {"collisions": name}})
    rng = random.Random(7)
    table = NertzTable(variant, rng, [f"P{s}" for s in range(variant.players)], max_rounds=3)
    bots = [_Watching(table, (GreedyChoice if s % 2 else RandomChoice)(rng)) for s in range(variant.players)]
    tick = 100  # (seats due at one tick of a coarse clock land together: cards meet on foundations)
    play(table, bots, rng, [309] * variant.players, [401] * variant.players, tick, 20_000)
    assert table.events > 500 and sum(b.looks for b in bots) > 500
    if name == "return-both":
        assert any(b.met for b in bots)  # cards met on a foundation


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = tmp_path / "x.jsonl"
    assert main(["simulate", "nertz-four", "-n", "2", "--seed", "1", "--logs", str(logs)]) == 0
    capsys.readouterr()
    assert main(["referee", str(logs)]) == 0
    assert main(["show", "nertz-six"]) == 0
    assert "Players" in capsys.readouterr().out
    assert main(["deal", "nertz-six", "--seed", "2"]) == 0
    assert "1#" in capsys.readouterr().out
    with pytest.raises(speedrules.VariantError, match=r"players: 9 is greater than the maximum of 8"):
        variant_from_document({"extends": "nertz", "family": "nertz", "players": 9})
    with pytest.raises(speedrules.VariantError, match=r"players: 6 is greater than the maximum of 4"):
        variant_from_document({"extends": "speed", "players": 6})


@pytest.mark.parametrize(("key", "value"), [("t", -5), ("card", "9#9H"), ("card", "9H"), ("player", 1.5),
                                            ("from", "w"), ("to", 10**7), ("colour", "red")])
def test_a_value_the_log_format_refuses_is_named(key: str, value: object, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """An event value the format does not allow: exit 2, the event named, no traceback."""
    data = json.loads(played("nertz", 3, steps=20).to_log().dumps())
    data["deals"][0]["events"][4][key] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["referee", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: deals[0].events[4]" in err and "Traceback" not in err


@pytest.mark.parametrize(("key", "value", "readable"), [("player", 0.0, True), ("to", 0.0, True), ("t", 320.0, True),
                                                      ("player", 0.5, False), ("to", 10**7, False), ("t", -1, False)])
def test_a_nertz_event_s_values_are_read_as_every_family_reads_them(key: str, value: Any, readable: bool) -> None:
    """``1.0`` is an index in a Nertz log as in any other (the schema's ``integer``), and a value no
    log allows is refused naming the event, never as an unlocated document."""
    from speedrules.judge.referee import referee_text

    data = json.loads((Path(__file__).resolve().parent.parent / "examples" / "nertz-game.json").read_text())
    data["deals"][0]["events"][0][key] = value
    if readable:
        assert referee_text(json.dumps(data)).valid
    else:
        with pytest.raises(speedrules.LogError, match=r"deals\[0\]\.events\[0\]"):
            referee_text(json.dumps(data))
