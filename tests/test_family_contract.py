"""The family contract's generic tests (OpenSpiel's way): one set of properties run on every
registered family, Speed, Spit and Snap pile (tests/snap_family.py, a family that exists only in
the tests, registered through the public registry), without the tests or the generic code
knowing which game they run.  A random game of each is played through the one game API, written
as a log, read back, judged, corrected, drawn and run through the command line; an illegal
event appended to its log is found by the referee at the same rule the game names."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import snap_family
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import BaseGame, Variant, families, family_of, load_variant, parse_log, read_log, referee
from speedrules.cli.main import main
from speedrules.sim.stats import REASONS

VARIANTS = {"speed": load_variant("speed"), "spit": load_variant("spit"), snap_family.NAME: snap_family.VARIANT,
            "california-speed": load_variant("california-speed"), "nertz": load_variant("nertz")}
STEPS = 60


def played(variant: Variant, seed: int) -> BaseGame[Any, Any]:
    """A game of ``variant`` dealt from ``seed`` and played by random legal actions, 100 ms
    apart, until it is over, no action is legal, or :data:`STEPS` actions."""
    rng = random.Random(seed)
    game = family_of(variant).deal_game(variant, seed, names=["Ann", "Ben"])
    for step in range(STEPS):
        legal = list(game.legal_actions())
        if game.is_over() or not legal:
            break
        game.apply(rng.choice(legal), t=100 * step)
    return game


def test_the_test_family_is_registered_through_the_public_registry() -> None:
    assert speedrules.family_of(snap_family.NAME) is snap_family.SNAP
    assert [f.name for f in families()][:2] == ["speed", "spit"] and snap_family.SNAP in families()
    assert snap_family.NAME in speedrules.family_names()
    with pytest.raises(speedrules.InvalidArgumentError, match=r"no game family 'snap-pil' .* did you mean"):
        family_of("snap-pil")


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**16))
def test_a_played_game_is_its_own_log(name: str, seed: int) -> None:
    """The log a game writes reads back to the same game, is judged valid, and every prefix of
    it replays to the game as it was (``from_log(upto=)`` against ``pop``)."""
    game = played(VARIANTS[name], seed)
    log = parse_log(json.loads(game.to_log().dumps()))
    assert log == game.to_log() and log.variant == game.variant
    verdict = referee(log)
    assert verdict.valid and verdict.family == name, str(verdict)
    cls = type(game)
    again = cls.from_log(log, len(log.deals) - 1)
    assert again == game and again.action_stack == game.action_stack
    last = again.history[-1] if family_of(name).chained else again.history  # a chained family's is per deal
    assert [a for a, _t in log.actions(len(log.deals) - 1)] == list(last)
    copied = game.copy()
    while copied.action_stack:
        copied.pop()
    assert copied == family_of(name).deal_game(VARIANTS[name], seed, names=["Ann", "Ben"])


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**16))
def test_the_game_and_the_referee_agree_on_an_illegal_event(name: str, seed: int) -> None:
    """An action the game refuses, appended to its log, is the violation the referee finds:
    the same rule, at that event; ``--all`` corrects it and judges on."""
    game = played(VARIANTS[name], seed)
    refused = [(a, problem) for a in dict.fromkeys(game.action_stack)
               if (problem := game.check(a)) is not None]
    assume(refused)
    action, problem = refused[0]
    data = json.loads(game.to_log().dumps())
    events = data["deals"][-1]["events"]
    events.append(action.to_json(100 * len(game.action_stack) + 100))
    verdict = referee(parse_log(data))
    [found] = verdict.violations
    assert (found.rule, found.event) == (problem.rule, len(events) - 1)
    corrected = referee(parse_log(data), all_violations=True)
    assert [v.rule for v in corrected.violations] == [problem.rule] and corrected.violations[0].correction


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_command_line_runs_any_family(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``referee``, ``render``, ``view``, ``show`` and ``deal`` on a log and a variant file of the
    family: exit 0 on a valid log, 1 on a broken rule, 2 on a log that cannot be read."""
    game = played(VARIANTS[name], 7)
    path = tmp_path / "game.json"
    speedrules.write_log(game.to_log(), path)
    assert main(["referee", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: {game.variant.label}: valid")
    assert main(["render", str(path), "-o", str(tmp_path / "t.svg")]) == 0
    assert (tmp_path / "t.svg").read_text(encoding="utf-8").startswith("<svg")
    assert main(["view", str(path), "-o", str(tmp_path / "v.html")]) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][-1]["events"].append({"type": "nonsense"})
    path.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["referee", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: deals[{len(data['deals']) - 1}].events[" in err and "Traceback" not in err
    variant = tmp_path / "house.json"
    variant.write_text(json.dumps(game.variant.to_document()), encoding="utf-8")
    assert main(["show", str(variant)]) == 0
    assert main(["deal", str(variant), "--seed", "3", "--log", str(tmp_path / "dealt.json")]) == 0
    assert read_log(tmp_path / "dealt.json").variant == game.variant
    assert main(["referee", str(tmp_path / "dealt.json")]) == 0


@pytest.mark.parametrize("name", list(VARIANTS))
def test_any_family_is_simulated(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The one simulator plays any family's table with the bundled bots: every game's log is
    judged valid with the simulated winner, a bot of the public protocol (the family's view and
    actions) plays the very same games, and ``speedrules simulate`` prints the family's table."""
    variant = VARIANTS[name]
    results = list(speedrules.simulate(variant, 4, seed=5, bots="random,greedy", logs=True))
    for result in results:
        assert result.family == name and result.log is not None and result.reason in REASONS
        verdict = referee(result.log)
        assert verdict.valid and verdict.family == name, str(verdict)
        if result.finished and result.winner is not None:
            assert verdict.match.winner == result.winner

    class Plain:
        """A bundled bot seen only through the public protocol."""

        def __init__(self, bot: Any) -> None:
            self.bot, self.name, self.reaction = bot, bot.name, bot.reaction

        def choose(self, view: Any, options: Any, rng: random.Random) -> Any:
            return self.bot.choose(view, options, rng)

    bots = speedrules.make_bots("random,greedy", variant.players)
    assert list(speedrules.simulate(variant, 4, seed=5, bots=[Plain(b) for b in bots])) == \
        list(speedrules.simulate(variant, 4, seed=5, bots=bots))
    path = tmp_path / "house.json"
    path.write_text(json.dumps(variant.to_document()), encoding="utf-8")
    assert main(["simulate", str(path), "-n", "3", "--seed", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seed"] == 2 and sum(s["wins"] for s in summary["seats"]) <= 3


def test_a_table_or_chooser_missing_a_method_says_which() -> None:
    """The simulator's base classes are compiled (no ABC): a method a family's table does not
    give is a TypeError naming it, not a bare NotImplementedError."""
    from speedrules.table import Chooser, Menu, Table

    class BareTable(Table):
        pass

    with pytest.raises(TypeError, match=r"BareTable does not give menu\(\), which every Table of a family must"):
        BareTable(2).menu(0)
    with pytest.raises(TypeError, match=r"Chooser does not give pick\(\), which every Chooser"):
        Chooser(random.Random(1)).pick(Menu(0))
    with pytest.raises(speedrules.InvalidArgumentError, match="a deal of Speed stands alone"):
        played(VARIANTS["speed"], 1)._lay_logged(None)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_family_has_a_reinforcement_learning_episode(name: str) -> None:
    """The contract's RL hooks (their defaults, or the family's own) on random play through the one
    episode adapter (speedrules.rl.episode, plain Python: no extra needed): every option of a seat
    has its own index inside the action space, each observation has the size the family states
    (the whole table's too), and the episode is a log the referee accepts, with the winner the
    rewards name."""
    from speedrules.rl.episode import WAIT, Episode

    variant = VARIANTS[name]
    family = family_of(variant)
    size, width = family.rl_observation_size(variant), family.rl_actions(variant)
    rng = random.Random(3)
    for seed in range(3):
        episode = Episode(variant, seed=seed, max_events=400)
        while not episode.done:
            for seat in range(episode.seats):
                indices = episode.legal(seat)
                assert indices[0] == WAIT and all(0 < i < width for i in indices[1:])
                assert len(set(indices)) == len(indices) == 1 + len(episode.options(seat))
                assert len(episode.observation(seat)) == size
            assert len(episode.observation(None)) == family.rl_observation_size(variant, whole=True)
            episode.play({s: rng.choice(episode.legal(s)) for s in range(episode.seats)})
        verdict = referee(parse_log(episode.to_log().to_json()))
        assert verdict.valid, str(verdict)
        rewards = episode.rewards()
        if 1 in rewards and not family.chained:
            assert verdict.deals[-1].winner == rewards.index(1)
