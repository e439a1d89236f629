"""The reinforcement-learning environments (issue 31, docs/rl.md): PettingZoo's and OpenSpiel's own
API tests on every family (Speed, Spit and the test family Snap pile, through the one adapter),
and what those tests do not check: whole episodes replay from a seed and the actions, the mask
is exactly the seat's options, an index outside it waits, jokers and runs are played, and every
episode is a log the referee accepts.

The extra (pettingzoo, gymnasium, numpy, open-spiel) is part of the test install; without it
this module is skipped, saying so.  The long runs are marked ``slow``; the smoke tests are not.
"""

from __future__ import annotations

import random
import runpy
from pathlib import Path
from typing import Any

import pytest
import snap_family

from speedrules import Stuck, parse_log, referee
from speedrules.core.loading import load_variant, variant_names
from speedrules.family import family_of
from speedrules.rl import rl_missing
from speedrules.rl.episode import WAIT, Episode

if rl_missing() is not None or rl_missing("openspiel") is not None:
    pytest.skip(f"{rl_missing() or rl_missing('openspiel')} (the rl extra)", allow_module_level=True)

import numpy as np
import pyspiel
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test

import speedrules.rl as rl

VARIANTS: dict[str, Any] = {name: name for name in ("speed", "speed-three", "speed-four", "speed-jokers",
                                                      "speed-runs", "spit", "spit-pairing")}
VARIANTS[snap_family.NAME] = snap_family.VARIANT


def random_episode(env: Any, seed: int, cycles: int = 100_000) -> list[tuple[Any, ...]]:
    """Play ``env`` from ``seed`` by random masked actions to its end; every step's actions,
    rewards and flags (the episode, to compare)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    steps: list[tuple[Any, ...]] = []
    for _ in range(cycles):
        if not env.agents:
            break
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, rewards, term, trunc, _ = env.step(actions)
        steps.append((actions, rewards, term, trunc, {a: o["observation"].tolist() for a, o in obs.items()}))
    return steps


# ---------------------------------------------------------------------------- smoke (the default run)


@pytest.mark.parametrize("name", ["speed", "spit", snap_family.NAME])
def test_each_family_has_an_environment_that_passes_the_api_test(name: str) -> None:
    """A short parallel_api_test on each family through the one adapter, and the log of the
    episode it leaves is judged valid."""
    env = rl.parallel_env(VARIANTS[name], seed=1)
    parallel_api_test(env, num_cycles=60)
    verdict = referee(parse_log(env.unwrapped.to_log().to_json()))
    assert verdict.valid, str(verdict)


def test_an_index_outside_the_mask_waits() -> None:
    """Two environments from one seed: in one a seat plays an index its mask forbids (and one
    past the space), in the other it waits: the same table, no error."""
    a, b = rl.parallel_env("speed", seed=4), rl.parallel_env("speed", seed=4)
    obs, _ = a.reset()
    b.reset()
    forbidden = int(np.flatnonzero(obs["player_0"]["action_mask"] == 0)[0])
    oa = a.step({"player_0": forbidden, "player_1": WAIT})[0]
    ob = b.step({"player_0": WAIT, "player_1": WAIT})[0]
    assert (oa["player_0"]["observation"] == ob["player_0"]["observation"]).all()
    oa = a.step({"player_0": 10_000, "player_1": "x"})[0]
    ob = b.step({"player_0": WAIT, "player_1": WAIT})[0]
    assert (oa["player_1"]["observation"] == ob["player_1"]["observation"]).all()



@pytest.mark.parametrize("name", ["speed-four", "spit"])
def test_the_log_may_be_asked_for_at_any_step_and_again(name: str) -> None:
    """``to_log()`` during an episode, twice in a row, and at its end: each a log the referee
    judges valid, each holding every event so far (asking leaves the episode's record as it was)."""
    env = rl.parallel_env(name, seed=6)
    obs, _ = env.reset()
    rng = np.random.default_rng(6)
    sizes = []
    for step in range(100_000):
        if not env.agents:
            break
        if step in (3, 4, 40):
            texts = [env.unwrapped.to_log().to_json() for _ in range(2)]
            assert texts[0] == texts[1]
            verdict = referee(parse_log(texts[0]))
            assert verdict.valid, str(verdict)
            sizes.append(sum(len(d["events"]) for d in parse_log(texts[0]).data["deals"]))
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs = env.step(actions)[0]
    verdict = referee(parse_log(env.unwrapped.to_log().to_json()))
    assert verdict.valid and sizes == sorted(sizes) and sizes[0] < sizes[-1], (str(verdict), sizes)

@pytest.mark.parametrize("name", ["speed", "speed-jokers", "speed-runs", "speed-call-penalty"])
def test_the_mask_is_exactly_the_seats_legal_actions(name: str) -> None:
    """At every moment of random play the options behind a seat's mask are its legal actions as
    the game API lists them (jokers with each declared rank, runs), each with its own index; the
    one left out is the declaration of being stuck, which changes nothing (a wait)."""
    variant = load_variant(name)
    episode = Episode(variant, seed=7)
    rng = random.Random(7)
    checked = 0
    while not episode.done and checked < 300:
        table = episode.table
        game = family_of(variant).table_game(table)
        for seat in range(episode.seats):
            actions = [a for a in game.legal_actions(seat) if not isinstance(a, Stuck)]  # (a wait, in effect)
            legal = {table.option_of(a) for a in actions}
            options = episode.options(seat)
            if variant.call.value == "penalty":  # the kernel also lets another seat play while a call is due
                assert set(options.values()) >= legal
            else:
                assert set(options.values()) == legal
            assert len(options) == len(set(options.values())) and WAIT not in options
            assert all(0 < i < family_of(variant).rl_actions(variant) for i in options)
            for index, (kind, pile, codes, declared) in options.items():  # Speed's stable encoding (docs/rl.md)
                if kind == 1 and len(codes) == 1 and codes[0] < 52:
                    assert index == 1 + codes[0] * variant.piles + pile
                elif kind == 1 and len(codes) == 1:
                    assert index == 1 + (51 + declared[0]) * variant.piles + pile
        checked += 1
        episode.play({s: rng.choice(episode.legal(s)) for s in range(episode.seats)})


@pytest.mark.parametrize("name", ["speed", "speed-four", "spit"])
def test_a_familys_fast_hooks_give_what_the_defaults_give(name: str) -> None:
    """At every moment of random play a family's own ``rl_options`` (Speed's, straight from the
    cards on a plain table) are the default's (the menu's options by ``rl_indices``), and its
    ``rl_observations`` are each seat's ``rl_observation``; the environment's arrays hold them."""
    from speedrules.family import Family

    variant = load_variant(name)
    family = family_of(variant)
    env = rl.parallel_env(name, seed=5)
    obs, _ = env.reset()
    rng = np.random.default_rng(5)
    for _ in range(150):
        if not env.agents:
            break
        table = env.unwrapped.episode.table
        seen = family.rl_observations(variant, table)
        for seat, agent in enumerate(env.possible_agents):
            assert family.rl_options(variant, table, seat) == Family.rl_options(family, variant, table, seat)
            assert list(seen[seat]) == family.rl_observation(variant, table, seat) == obs[agent]["observation"].tolist()
            assert sorted(np.flatnonzero(obs[agent]["action_mask"])) == env.unwrapped.episode.legal(seat)
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs = env.step(actions)[0]


@pytest.mark.parametrize("name", ["speed", "speed-four", "speed-three", "speed-jokers", "speed-runs", "speed-call",
                                  "spit", "california-speed", "nertz"])
def test_all_seats_options_are_each_seats_options(name: str) -> None:
    """At every moment of random episodes ``rl_all_options`` (Speed's: every seat's single-card
    plays from the kernel at once) is each seat's ``rl_options`` and the default's (the menu's
    options by ``rl_indices``), and it is what the episode's masks hold."""
    from speedrules.family import Family

    variant = load_variant(name)
    family = family_of(variant)
    rng = random.Random(11)
    moments = listed = 0
    for seed in range(3):
        episode = Episode(variant, seed=seed)
        for _ in range(120):
            if episode.done:
                break
            table = episode.table
            every = family.rl_all_options(variant, table)
            assert every == [family.rl_options(variant, table, s) for s in range(variant.players)]
            assert every == [Family.rl_options(family, variant, table, s) for s in range(variant.players)]
            assert every == episode.menus
            moments += 1
            listed += sum(map(len, every))
            episode.play({s: rng.choice(episode.legal(s)) for s in range(episode.seats)})
    assert moments > 50 and listed > moments  # (the seats had options to compare, not only waits)


def test_observations_past_a_byte_keep_their_values() -> None:
    """Whole numbers past 0-255 (a family's counts may be) take numpy's own conversion, the same
    values as the byte path gives the small ones; rows of bytes are taken as they are."""
    from speedrules.rl.parallel import _whole_numbers

    small = _whole_numbers(np, [[0, 7, 255], [1, 2, 3]], 3)
    large = _whole_numbers(np, [[0, 700, 255], [1, -2, 3]], 3)
    raw = _whole_numbers(np, [bytes([0, 7, 255]), bytearray([1, 2, 3])], 3)
    assert small.dtype == raw.dtype == np.uint8
    assert small.tolist() == raw.tolist() == [[0, 7, 255], [1, 2, 3]] and large.tolist() == [[0, 700, 255], [1, -2, 3]]


def test_shaped_rewards_count_the_cards_shed_and_are_off_by_default() -> None:
    """With ``shaping`` a seat's reward each step is the cards it shed times the factor (Speed: a
    play sheds one; a draw moves one from the draw stack to the hand, shedding none); without it,
    0 until the end."""
    shaped, plain = rl.parallel_env("speed", seed=8, shaping=0.5), rl.parallel_env("speed", seed=8)
    obs, _ = shaped.reset()
    plain.reset()
    rng = np.random.default_rng(8)
    seen = set()
    for _ in range(40):
        held = shaped.unwrapped.episode.table.remaining()
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in shaped.agents}
        obs, rewards, term, _, _ = shaped.step(actions)
        plain_rewards = plain.step(actions)[1]
        if any(term.values()):
            break
        now = shaped.unwrapped.episode.table.remaining()
        assert rewards == {f"player_{s}": 0.5 * (held[s] - now[s]) for s in range(2)}
        assert set(plain_rewards.values()) == {0.0}
        seen |= set(rewards.values())
    assert 0.5 in seen  # a play


def test_the_openspiel_game_plays_and_round_trips() -> None:
    """A few moments of the OpenSpiel game: the deal is a chance node, a state serializes and
    comes back equal, a clone is equal, and the state's log is judged valid."""
    game = rl.openspiel_game("speed")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(5)
    rng = random.Random(5)
    for _ in range(20):
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(2)])
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state) == str(state.clone())
    assert state.observation_tensor(0) == again.observation_tensor(0)
    assert referee(parse_log(state.to_log().to_json())).valid


# ---------------------------------------------------------------------------- the libraries' own tests (slow)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    parallel_api_test(rl.parallel_env(VARIANTS[name], seed=0), num_cycles=400)
    parallel_seed_test(lambda: rl.parallel_env(VARIANTS[name]))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["speed", "spit"])
def test_the_aec_form_passes_the_aec_api_test(name: str) -> None:
    api_test(rl.env(name, seed=2), num_cycles=200)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["speed", "spit", snap_family.NAME])
def test_openspiel_random_sim_test(name: str) -> None:
    """OpenSpiel's own random simulation test, serialization included (games bounded to 150
    moments: its clones replay their history, so a long game costs it quadratic time); Snap pile
    given as a Variant of a family registered in the tests, which the game's parameters carry."""
    game = rl.openspiel_game(VARIANTS[name], max_cycles=150)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


# ---------------------------------------------------------------------------- beyond their tests (slow)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_same_seed_and_actions_give_the_same_episode_to_its_end(name: str) -> None:
    """PettingZoo's seed test stops after one step: two environments, one seed, the same random
    masked actions, the same episode to its end (and it does end)."""
    first = random_episode(rl.parallel_env(VARIANTS[name]), 11)
    assert first == random_episode(rl.parallel_env(VARIANTS[name]), 11)
    assert any(first[-1][2].values()) or any(first[-1][3].values())
    assert first != random_episode(rl.parallel_env(VARIANTS[name]), 12)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
def test_observations_and_states_lie_in_their_spaces(name: str) -> None:
    env = rl.parallel_env(VARIANTS[name], seed=3)
    rng = np.random.default_rng(3)
    for _ in range(3):
        obs, _ = env.reset()
        while env.agents:
            for agent, o in obs.items():
                assert env.observation_space(agent).contains(o), agent
            assert env.state_space.contains(env.state())
            obs = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents})[0]


@pytest.mark.slow
def test_random_masked_play_plays_jokers_and_runs() -> None:
    """Over a few random masked episodes a joker is played with a declared rank, and a run of
    several cards is laid at once, and each stood (it is in the log)."""
    declared = runs = 0
    for name in ("speed-jokers", "speed-runs"):
        env = rl.parallel_env(name)
        for seed in range(4):
            random_episode(env, seed)
            for event in env.unwrapped.to_log().data["deals"][0]["events"]:
                declared += event["type"] == "play" and "as" in event
                runs += event["type"] == "play" and len(event.get("cards", [])) > 1
    assert declared and runs


@pytest.mark.slow
def test_hundreds_of_random_masked_episodes_are_refereed_valid() -> None:
    """Random masked episodes of every bundled variant (and Snap pile), each written as a log the
    referee judges valid, with the winner the environment rewarded."""
    names: list[Any] = [*variant_names(), snap_family.VARIANT]
    played = 0
    for name in names:
        env = rl.parallel_env(name, seed=5)
        for seed in range(8 if name != snap_family.VARIANT else 20):
            steps = random_episode(env, seed)
            verdict = referee(parse_log(env.unwrapped.to_log().to_json()))
            assert verdict.valid, (name, seed, str(verdict))
            rewards = steps[-1][1]
            winners = [a for a, r in rewards.items() if r == 1]
            if winners:  # the game's winner: the match's, or (a match the episode's one deal leaves open) the deal's
                won = verdict.match.winner if verdict.match.complete else verdict.deals[-1].winner
                assert won == int(winners[0][7:]), (name, seed)
            played += 1
    assert played >= 250


@pytest.mark.slow
def test_bots_through_the_environment_win_as_often_as_simulated() -> None:
    """The bundled greedy bot against the random one, through the environment (each picking from
    its seat's menu) and through ``speedrules simulate``: the environment's share of wins for the
    greedy seat lies in the simulator's 95% interval (examples/rl_random_vs_greedy.py)."""
    example = runpy.run_path(str(Path(__file__).resolve().parent.parent / "examples" / "rl_random_vs_greedy.py"))
    share = example["env_share"]("speed", 300, 1)
    simulated, low, high = example["simulated_share"]("speed", 300, 1)
    assert low <= share <= high, (share, simulated, low, high)
    assert share > 0.5  # the greedy bot is the better one, in both
