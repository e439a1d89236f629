"""The python-chess-like parts of the Game API (issue 12): from_log, peek, pop, equality."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import Game, IllegalActionError, InvalidActionError, InvalidArgumentError

VARIANTS = ["speed", "speed-lower-stays", "speed-return-both", "speed-call-penalty", "speed-runs", "speed-jokers",
            "speed-rebuild-each", "speed-refill-empty"]


def _played(name: str, seed: int, steps: int) -> tuple[Game, list[Game]]:
    """A game after up to ``steps`` random legal actions, timed so that collisions happen; and
    a copy of it before each action."""
    game = speedrules.deal(name, seed=seed)
    rng = random.Random(seed)
    before: list[Game] = []
    t = 0
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions:
            break
        t += rng.choice([0, 0, 10, 250])  # the same instant now and then: collisions, ties
        now = [a for a in actions if game.is_legal(a, t)]  # at the same instant a play may meet a collision
        if not now:
            t += 250
            now = actions
        before.append(game.copy())
        game.apply(rng.choice(now), t=t)
    return game, before


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(1, 160))
def test_pop_undoes_every_action_exactly(name: str, seed: int, steps: int) -> None:
    game, before = _played(name, seed, steps)
    for expected in reversed(before):
        action = game.peek()
        assert game.pop() == action
        assert game == expected
        assert game.legal_actions() == expected.legal_actions()
        assert game.outcome() == expected.outcome()
    with pytest.raises(InvalidActionError):
        game.pop()


def test_after_pop_a_shuffled_rebuild_shuffles_the_same_again() -> None:
    rebuilds: list[int] = []
    for seed in range(200):  # random play reaches a rebuild within a few seeds
        game, _ = _played("speed", seed, 400)
        rebuilds = [i for i, a in enumerate(game.history) if isinstance(a, speedrules.Rebuild)]
        if rebuilds:
            break
    assert rebuilds, "no rebuild in 200 random games: the test would test nothing"
    while len(game.history) > rebuilds[0]:
        game.pop()
    assert game.can_rebuild()
    first = game.copy()
    game.rebuild()
    redone = game.history[-1]
    game.pop()
    assert game == first
    game.rebuild()
    assert game.history[-1] == redone  # the random source was put back as it was


@pytest.mark.parametrize("name", ["speed", "speed-lower-stays", "speed-call-penalty"])
def test_from_log_reads_a_game_up_to_any_event(name: str) -> None:
    game, before = _played(name, 5, 60)
    log = game.to_log()
    assert Game.from_log(log) == game
    for upto in (0, 1, len(before) // 2, len(before)):
        assert Game.from_log(log, upto=upto) == (before[upto] if upto < len(before) else game)


def test_from_log_refuses_what_is_not_there() -> None:
    game = speedrules.deal("speed", seed=1)
    game.reveal()
    log = game.to_log()
    for bad in ({"deal": 1}, {"upto": 2}, {"upto": -1}, {"deal": "0"}):
        with pytest.raises(InvalidArgumentError):
            Game.from_log(log, **bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        Game.from_log("game.json")  # type: ignore[arg-type]


def test_from_log_stops_at_an_event_that_breaks_a_rule() -> None:
    game = speedrules.deal("speed", seed=1)
    game.reveal()
    data = game.to_log().to_json()
    data["deals"][0]["events"].append({"type": "play", "player": 0, "card": "KS", "pile": 0})
    log = speedrules.parse_log(data)
    with pytest.raises(IllegalActionError, match=r"play\.not-in-hand"):
        Game.from_log(log)
    assert Game.from_log(log, upto=1) == game


def test_games_compare_by_state_and_are_not_hashable() -> None:
    game = speedrules.deal("speed", seed=1)
    assert game == game.copy() and game != speedrules.deal("speed", seed=2)
    other = game.copy()
    other.reveal()
    assert game != other
    with pytest.raises(TypeError):
        hash(game)


def test_str_of_a_game_draws_the_table_and_a_verdict_prints_its_report() -> None:
    game = speedrules.deal("speed", seed=1, names=["Ann", "Ben"])
    assert str(game).splitlines()[0] == "speed, after 0 actions: the starters are face down"
    game.reveal()
    game.play(0, "JC", 1)
    lines = str(game).splitlines()
    assert lines[0] == "speed, after 2 actions: play on"
    assert lines[1].split()[:3] == ["Ann", "hand", "10S"] and lines[1].endswith("draw stack 15")
    assert "pile 1  JC (2 cards)" in lines[4]
    verdict = speedrules.referee(game.to_log())
    assert repr(verdict) == "<Verdict speed: 1 deal, valid>"
    from speedrules.judge.referee import render_verdict

    assert str(verdict) == render_verdict(verdict, "<written log>")  # named as the log is (game.to_log().name)
    assert str(verdict).startswith("<written log>: speed: valid")


def _candidates(game: Game, rng: random.Random) -> list[object]:
    """The listed actions and look-alikes that are not listed: every other kind, other seats and
    piles, named draws, given rebuilds, declared ranks, junk."""
    listed = game.legal_actions()
    cards = [c for hand in game.hands for c in hand] + [speedrules.Card.parse("JK")]
    out: list[object] = list(listed)
    for _ in range(12):
        seat, pile = rng.randrange(game.variant.players), rng.randrange(game.variant.piles)
        out.append(speedrules.Play(seat, rng.choice(cards), pile))
        out.append(speedrules.Play(seat, [rng.choice(cards), rng.choice(cards)], pile))
        out.append(speedrules.Play(seat, rng.choice(cards), pile, declared=rng.randrange(1, 14)))
    out += [speedrules.Draw(s) for s in range(game.variant.players)]
    out += [speedrules.Draw(s, d[0]) for s, d in enumerate(game.draw_stacks) if d]
    out += [speedrules.Call(s) for s in range(game.variant.players)]
    out += [speedrules.Pickup(s, p) for s in range(game.variant.players) for p in range(game.variant.piles)]
    out += [speedrules.Flip(), speedrules.Rebuild(), speedrules.Reveal(), "JC", None, 3]
    out.append(speedrules.Rebuild([list(r) for r in game.reserves]))
    return out


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 120))
def test_in_legal_is_exactly_in_the_listed_actions(name: str, seed: int, steps: int) -> None:
    game, _ = _played(name, seed, steps)
    rng = random.Random(seed)
    from speedrules.speed.game import LegalActions

    views = [(game.legal, game.legal_actions())]
    views += [(LegalActions(game, s), game.legal_actions(s)) for s in range(game.variant.players)]
    for view, listed in views:
        assert list(view) == listed and len(view) == len(listed) and view == listed
        for action in _candidates(game, rng):
            assert (action in view) == (action in listed), (action, listed)


def test_legal_follows_the_game() -> None:
    game = speedrules.deal("speed", seed=1)
    legal = game.legal
    assert list(legal) == [speedrules.Reveal()] and speedrules.Reveal() in legal
    game.reveal()
    assert speedrules.Reveal() not in legal and speedrules.Play(0, "JC", 1) in legal
    assert legal[0] == game.legal_actions()[0]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 200))
def test_every_recorded_action_reads_back_from_its_notation_and_its_json(name: str, seed: int, steps: int) -> None:
    game, _ = _played(name, seed, steps)
    rng = random.Random(seed)
    for action, t in zip(game.history, game.history_times, strict=True):
        assert speedrules.parse_action(str(action)) == action
        assert speedrules.action_from_json(action.to_json(t)) == (action, t)
    for action in _candidates(game, rng):
        if isinstance(action, (speedrules.Play, speedrules.Draw, speedrules.Flip, speedrules.Rebuild,
                               speedrules.Reveal, speedrules.Call, speedrules.Pickup)):
            assert speedrules.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "0", "0:", "0:JC", "0:JC>", ":JC>1", "0:XX>1", "x+", "0+XX", "0!1", "0<x",
                                  "0<", "-1:JC>1", "0:JK=Z>1", "9999999:JC>1", "rebuild:ZZ", "reveal now", "0 JC 1"])
def test_bad_notation_is_an_invalid_action_error(text: str) -> None:
    from speedrules import CardError

    with pytest.raises((InvalidActionError, CardError)):
        speedrules.parse_action(text)
    with pytest.raises(InvalidActionError):
        speedrules.parse_action(5)  # type: ignore[arg-type]


def test_a_log_event_that_is_not_one_is_a_log_error() -> None:
    for event in ({"type": "play", "player": 0, "card": "JC"}, {"type": "dance"}, "play", None):
        with pytest.raises(speedrules.LogError):
            speedrules.action_from_json(event)


def test_a_game_and_its_kernel_copy_and_pickle_whole() -> None:
    import copy
    import pickle

    game, _ = _played("speed-lower-stays", 3, 80)
    for clone in (game.copy(), copy.copy(game), pickle.loads(pickle.dumps(game))):
        assert clone == game and clone.kernel.state() == game.kernel.state()
        assert clone.kernel.hands is not game.kernel.hands
        assert clone.legal_actions() == game.legal_actions()
