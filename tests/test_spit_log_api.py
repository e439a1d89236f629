"""A Spit log read back as a game: :attr:`Log.rounds`, :meth:`Log.spit_actions` and
:meth:`SpitGame.from_log`, which rebuilds the game at any round and event of a log exactly as
it was when that event was played (the Spit form of ``Game.from_log``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import (
    IllegalActionError,
    InvalidArgumentError,
    Slap,
    Spit,
    SpitGame,
    StockPlay,
    deal_spit,
    parse_log,
    referee,
)
from speedrules.core import rules
from speedrules.speed.actions import Choose, SpitAction
from speedrules.spit.game import decode, encode

VARIANTS = speedrules.variant_names("spit")


def pick(rng: random.Random, game: SpitGame) -> SpitAction | None:
    """A random legal action, a spit when one is due and a play most of the time otherwise."""
    actions = game.legal_actions()
    if not actions:
        return None
    for kind in (Spit, StockPlay):
        chosen = [a for a in actions if isinstance(a, kind)]
        if chosen and (kind is Spit or rng.random() < 0.85):
            return rng.choice(chosen)
    return rng.choice(actions)


def play(variant: str, seed: int, rounds: int, steps: int) -> tuple[SpitGame, list[list[tuple[object, int]]]]:
    """A random game of at most ``rounds`` rounds and ``steps`` actions a round, with each round's
    ``(kernel state, holdings)`` before every action and after the last."""
    rng = random.Random(seed)
    game = deal_spit(variant, seed=seed)
    seen: list[list[tuple[object, int]]] = []
    while True:
        states: list[tuple[object, int]] = [(game.kernel.state(), len(game.history[-1]))]
        seen.append(states)
        for step in range(steps):
            action = pick(rng, game)
            if action is None:
                break
            game.apply(action, t=100 * step if rng.random() < 0.5 else None)
            states.append((game.kernel.state(), len(game.history[-1])))
        if game.outcome() is not None or not game.is_round_settled() or len(seen) == rounds:
            return game, seen
        game.next_round()


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**20), st.randoms(use_true_random=False))
def test_from_log_rebuilds_the_game_at_every_point(variant: str, seed: int, rng: random.Random) -> None:
    game, seen = play(variant, seed, rounds=3, steps=400)
    log = parse_log(game.to_log_data())
    assert len(log.rounds) == len(game.layouts) == len(seen)
    assert log.deals == log.rounds
    for number, states in enumerate(seen):
        assert [decode(e) for e in log.rounds[number].events] == log.spit_actions(number)
        assert tuple(a for a, _ in log.spit_actions(number)) == game.history[number]
        assert tuple(t for _, t in log.spit_actions(number)) == game.times[number]
        for state, upto in rng.sample(states, min(4, len(states))):
            again = SpitGame.from_log(log, number, upto)
            assert again.kernel.state() == state
            assert again.round == number and len(again.history[-1]) == upto
            assert again.layouts == game.layouts[:number + 1]
    whole = SpitGame.from_log(log, len(seen) - 1)
    assert whole.kernel.state() == game.kernel.state()
    assert whole.results == game.results and whole.outcome() == game.outcome()


def test_decode_inverts_encode() -> None:
    game, _ = play("spit-pairing", 7, rounds=2, steps=300)
    for history, times in zip(game.history, game.times, strict=True):
        for action, t in zip(history, times, strict=True):
            assert decode((*encode(action), t)) == (action, t)


def test_from_log_stops_at_a_broken_rule_as_the_referee_does() -> None:
    game = deal_spit("spit", seed=5)
    game.apply(Spit())
    data = game.to_log_data()
    data["deals"][0]["events"].append({"type": "spit"})  # a second spit while both can play
    log = parse_log(data)
    rule = referee(log).deals[0].violations[0].rule
    SpitGame.from_log(log, 0, 1)  # up to the good event: fine
    with pytest.raises(IllegalActionError) as err:
        SpitGame.from_log(log)
    assert err.value.rule == rule


def test_from_log_refuses_what_is_not_there() -> None:
    game = deal_spit("spit", seed=1)
    game.apply(Spit())
    log = parse_log(game.to_log_data())
    with pytest.raises(InvalidArgumentError, match="no round 1"):
        SpitGame.from_log(log, 1)
    with pytest.raises(InvalidArgumentError, match="from 0 to 1"):
        SpitGame.from_log(log, 0, 2)
    for bad in (-1, True, "0"):
        with pytest.raises(InvalidArgumentError):
            SpitGame.from_log(log, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="not a Log"):
        SpitGame.from_log(game.to_log_data())  # type: ignore[arg-type]
    speed = speedrules.deal("speed", seed=1).to_log()
    assert speed.rounds == speed.deals  # (a log's deals, by the name a Spit log gives them)
    with pytest.raises(InvalidArgumentError, match=r"Game\.from_log"):
        SpitGame.from_log(speed)


def test_a_settled_round_then_the_next() -> None:
    """A whole round and the next one's layout: ``from_log`` lays round 1 from its logged layout
    (checked against what each player took), and a layout that is not what they took is refused."""
    for seed in range(40):
        game, _ = play("spit", seed, rounds=2, steps=2000)
        if len(game.layouts) == 2:
            break
    else:
        pytest.fail("no random game reached a second round")
    assert any(isinstance(a, (Slap, Choose)) for a in game.history[0])
    data = game.to_log_data()
    log = parse_log(data)
    assert SpitGame.from_log(log, 1, 0).layout == game.layouts[1]
    stock = data["deals"][1]["layout"]["stock"]
    first, second = stock[0][-1], stock[1][-1]
    first[0], second[0] = second[0], first[0]  # swap a card between the players
    with pytest.raises(IllegalActionError) as err:
        SpitGame.from_log(parse_log(data), 1)
    assert err.value.rule == rules.SPIT_LAYOUT_CARDS


def test_a_log_is_judged_only_by_a_variant_of_its_own_game() -> None:
    spit_log = parse_log(deal_spit("spit", seed=1).to_log_data())
    speed_log = speedrules.deal("speed", seed=1).to_log()
    with pytest.raises(InvalidArgumentError, match="of its own game"):
        referee(speed_log, variant=speedrules.load_variant("spit"))
    with pytest.raises(InvalidArgumentError, match="of its own game"):
        referee(spit_log, variant=speedrules.load_variant("speed"))
    assert referee(spit_log, variant=speedrules.load_variant("spit-pairing")).variant == "spit-pairing"
