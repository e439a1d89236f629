"""Simulated games of Spit: every bundled Spit variant plays, every log passes the referee with
the same result, the same seed gives the same games whatever ``jobs`` is, the bounds, the bots'
Spit choices, ``speedrules simulate`` for Spit (table and JSON), and the cards adding up to 52
in every round."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import attrs
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from speedrules import (
    Choose,
    GapMove,
    GreedyBot,
    Pairing,
    RandomBot,
    Reaction,
    SimResult,
    Slap,
    Spit,
    StockPlay,
    deal_spit,
    load_variant,
    simulate,
    summarize,
    variant_names,
)
from speedrules.cli import main as cli
from speedrules.core import rules
from speedrules.judge.referee import referee_text
from speedrules.sim.simulation import MAX_EVENTS, MAX_ROUNDS
from speedrules.spit.kernel import SPIT as SPIT_KIND
from speedrules.spit.kernel import SpitKernel
from speedrules.spit.reader import SpitRound, code_round
from speedrules.spit.table import SPIT_PAUSE_MS, SpitView, spit_options
from speedrules.spit.wire import SpitWireRound

SPIT_VARIANTS = variant_names("spit")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def plain(results: list[SimResult]) -> list[tuple[SimResult, object]]:
    """Results with their logs as documents, to compare (a Spit ``Log`` is compared by its data)."""
    return [(attrs.evolve(r, log=None), None if r.log is None else r.log.data) for r in results]


def log_text(result: SimResult) -> str:
    assert result.log is not None
    assert json.loads(result.log.dumps()) == result.log.data  # the log's canonical text is the log
    return result.log.dumps()


def cards_in(kernel: SpitKernel) -> int:
    return (sum(len(p) for row in kernel.rows for p in row) + sum(len(s) for s in kernel.spits)
            + sum(len(p) for p in kernel.centre))


def coded(deal: object) -> SpitRound:
    """A round of a Spit log coded by Spit's reader."""
    return code_round(msgspec.convert(deal, SpitWireRound))[0]


def replay_counting(data: dict[str, object], name: str) -> list[int]:
    """Replay a Spit log round by round through the kernel, checking after every event that the
    cards add up to 52; return each round's event count."""
    variant = load_variant(name)
    counts = []
    deals = data["deals"]
    assert isinstance(deals, list)
    for deal in deals:
        round_ = coded(deal)
        kernel = SpitKernel(variant, *round_.codes)
        assert cards_in(kernel) == 52
        for kind, player, a, b, card, t in round_.events:
            assert kernel.event(kind, player, a, b, card, t) is None
            assert cards_in(kernel) == 52
        result = kernel.result()
        if result is not None:
            assert sum(map(len, result.holdings)) == 52
        counts.append(len(deal["events"]))
    return counts


# ---------------------------------------------------------------------------- every variant, every log


@pytest.mark.parametrize("name", SPIT_VARIANTS)
def test_every_spit_variant_simulates_and_every_log_passes_the_referee(name: str, tmp_path: Path) -> None:
    results = list(simulate(name, 4, seed=7, bots="random,greedy", logs=tmp_path))
    files = sorted(tmp_path.iterdir())
    assert [r.index for r in results] == [0, 1, 2, 3]
    assert len(files) == 4
    for result, path in zip(results, files, strict=True):
        assert result.spit is not None
        text = path.read_text(encoding="utf-8")
        verdict = referee_text(text, path.name)
        assert verdict.valid, (name, path.name, verdict)
        data = json.loads(text)
        assert data["players"] == ["random-0", "greedy-1"]
        assert data["meta"]["simulated"]["game"] == result.index
        assert len(data["deals"]) == result.rounds == result.spit.rounds
        assert verdict.match.winner == result.winner
        assert verdict.match.complete == result.finished
        if result.finished:
            assert verdict.match.scores == result.remaining
            assert sum(result.remaining) == 52
        # every count is a count of the log
        events = [ev for deal in data["deals"] for ev in deal["events"]]
        types = [ev["type"] for ev in events]
        assert result.events == len(events)
        assert result.plays == types.count("play")
        stats = result.spit
        assert (stats.spits, stats.moves, stats.pairs, stats.slaps, stats.chooses) == tuple(
            types.count(k) for k in ("spit", "move", "pair", "slap", "choose"))
        assert list(stats.round_events) == [len(deal["events"]) for deal in data["deals"]]
        assert list(stats.round_spits) == [[ev["type"] for ev in deal["events"]].count("spit")
                                           for deal in data["deals"]]
        assert sum(stats.races) == sum(1 for deal in data["deals"] if any(ev["type"] == "slap"
                                                                          for ev in deal["events"]))
        assert sum(stats.chose) == stats.chooses
        if not load_variant(name).spit.pairing:  # type: ignore[union-attr]
            assert stats.pairs == 0


def test_logs_kept_in_the_results_are_the_written_ones(tmp_path: Path) -> None:
    kept = list(simulate("spit", 3, seed=2, logs=True))
    written = list(simulate("spit", 3, seed=2, logs=tmp_path))
    for result, path in zip(kept, sorted(tmp_path.iterdir()), strict=True):
        assert result.log is not None
        assert result.log.data == json.loads(path.read_text(encoding="utf-8"))
    assert [r.to_json() for r in kept] == [r.to_json() for r in written]


# ---------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", ["spit", "spit-rounds"])
def test_the_same_seed_gives_the_same_games_whatever_jobs_is(name: str) -> None:
    one = list(simulate(name, 8, seed=11, bots="greedy,random", logs=True))
    assert one == list(simulate(name, 8, seed=11, bots="greedy,random", logs=True, jobs=2))
    assert plain(one) == plain(list(simulate(name, 8, seed=11, bots="greedy,random", logs=True, jobs=3)))
    assert one != list(simulate(name, 8, seed=12, bots="greedy,random", logs=True))


def test_start_replays_a_game_of_a_run_alone() -> None:
    run_of_three = list(simulate("spit", 3, seed=6, logs=True, jobs=2))
    alone = list(simulate("spit", 1, seed=6, logs=True, start=2))
    assert plain(alone) == plain(run_of_three[2:])
    assert [r.index for r in simulate("spit", 2, seed=6, start=5, jobs=2)] == [5, 6]


def test_a_results_seed_deals_its_first_round() -> None:
    result = next(iter(simulate("spit", 1, seed=5, logs=True)))
    assert result.log is not None
    layout = result.log.data["deals"][0]["layout"]
    assert deal_spit("spit", seed=result.seed).layout.to_json() == layout


# ---------------------------------------------------------------------------- the real-time model


def test_rounds_start_with_a_spit_and_times_follow_the_reaction_model() -> None:
    bots = [RandomBot(Reaction(300, 50)), GreedyBot(Reaction(600, 100))]
    result = next(iter(simulate("spit", 1, seed=3, bots=bots, logs=True)))
    assert result.log is not None
    names = result.log.data["players"]
    for deal in result.log.data["deals"]:
        events = deal["events"]
        assert (events[0]["type"], events[0]["t"]) == ("spit", 0)
        times = [ev["t"] for ev in events]
        assert times == sorted(times)
        assert all(t % 10 == 0 for t in times)
        for previous, ev in itertools.pairwise(events):
            gap = ev["t"] - previous["t"]
            if ev["type"] == "spit":  # the table spits a pause after the last event, never sooner
                assert gap >= SPIT_PAUSE_MS
            elif "player" in ev and previous["type"] == "spit":  # nobody reacts faster than their bot
                assert gap >= (250 if ev["player"] == 0 else 500)
    assert names == ["random-0", "greedy-1"]


def test_a_slap_race_is_won_by_the_first_hand_down() -> None:
    fast, slow = GreedyBot(Reaction(100, 10)), GreedyBot(Reaction(900, 10))
    results = list(simulate("spit", 6, seed=1, bots=[fast, slow], logs=True))
    races = [r.spit.races for r in results if r.spit is not None]
    assert sum(r[0] for r in races) > 0 and all(r[1] == 0 for r in races)
    for result in results:
        assert result.log is not None
        for deal in result.log.data["deals"]:
            slaps = [ev for ev in deal["events"] if ev["type"] == "slap"]
            assert len(slaps) <= 1  # the first slap settles the round: the other hand lands too late
            assert all(ev["player"] == 0 for ev in slaps)


def test_greedy_slaps_the_smaller_pile_and_wins_more_often_than_random() -> None:
    summary = summarize(simulate("spit", 30, seed=2, bots="random,greedy"), variant="spit",
                        bots=["random", "greedy"], seed=2)
    spit = summary.spit
    assert spit is not None
    assert spit.smaller[1].wins > spit.smaller[0].wins
    assert spit.seats[1].wins > spit.seats[0].wins


def test_a_game_is_cut_at_the_round_bound_and_the_event_bound() -> None:
    by_rounds = list(simulate("spit-four-piles", 3, seed=1, max_rounds=2, logs=True))
    assert all(r.reason == "unfinished" and r.rounds == 2 and r.winner is None for r in by_rounds)
    by_events = list(simulate("spit", 3, seed=1, max_events=50, logs=True))
    assert all(r.reason == "unfinished" and r.events == 50 for r in by_events)
    for result in by_rounds + by_events:
        assert result.log is not None and not result.finished
        verdict = referee_text(log_text(result), "cut.json")
        assert verdict.valid and not verdict.match.complete
    assert (MAX_ROUNDS, MAX_EVENTS) == (200, 20_000)


def test_a_stuck_game_is_one_the_rules_do_not_let_go_on() -> None:
    """A pairing game ends ``stuck`` when neither player has a face-up play, the rows' moves go
    round in circles and the kernel still refuses the spit (its bounded row search takes a
    player to be able to play): the log is valid, the game incomplete (docs/simulation.md)."""
    # game 100 of this run ended stuck when written: player 1's row of 13 cards, which no
    # sequence of moves unblocks (an exhaustive search says so), outgrew the kernel's search
    game = next(iter(simulate("spit-pairing", 1, seed=1, bots="random,greedy", logs=True, start=100)))
    assert game.index == 100 and game.reason in ("stuck", "out")
    for result in [game] if game.reason == "stuck" else []:
        assert result.log is not None and result.winner is None and not result.finished
        verdict = referee_text(log_text(result), "stuck.json")
        assert verdict.valid and not verdict.match.complete
        last = coded(result.log.data["deals"][-1])
        kernel = SpitKernel(load_variant("spit-pairing"), *last.codes)
        for ev in last.events:
            assert kernel.event(*ev) is None
        assert not kernel.is_over()
        assert kernel.playable(0) is None and kernel.playable(1) is None
        assert kernel.blocker() is not None  # by the kernel's reading, somebody can still play
        problem = kernel.check_event(SPIT_KIND, -1, -1 if kernel.locked is None else kernel.locked)
        assert problem is not None and problem.rule in (rules.SPIT_EARLY, rules.SPIT_NONE_LEFT)


def test_a_bot_of_the_one_protocol_plays_spit() -> None:
    """A bot with ``choose`` alone plays Spit too: it gets a ``SpitView`` and Spit actions, and,
    spitting alone where the pile must be named, the piles it may spit onto as ``Spit`` actions."""
    seen: set[type] = set()

    class FirstOption:
        name = "first"
        reaction = Reaction(400, 100)

        def choose(self, view: object, options: list[object], rng: random.Random) -> object:
            assert options and isinstance(view, SpitView) and 0 <= view.seat < 2
            seen.update(type(o) for o in options)
            return options[0]

    results = list(simulate("spit", 2, seed=4, bots=[FirstOption(), "greedy"], logs=True))
    for result in results:
        assert referee_text(log_text(result), "first.json").valid
    assert StockPlay in seen and Slap in seen


def test_spit_options_are_legal_plays_else_the_unblocking_move_else_claims() -> None:
    for name in ("spit", "spit-pairing", "spit-first-out-chooses"):
        for seed in range(2):
            game = deal_spit(name, seed=seed)
            assert spit_options(game, 0) == spit_options(game, 1) == []  # before the first spit
            rng = random.Random(seed)
            steps = 0
            while game.outcome() is None and steps < 150:
                steps += 1
                if game.is_round_settled():
                    game.next_round()
                    continue
                legal = game.legal_actions()
                for seat in (0, 1):
                    options = spit_options(game, seat)
                    own = [a for a in legal if not isinstance(a, Spit) and a.player == seat]
                    assert all(any(o == attrs_evolve_card(a) for a in own) for o in options), (name, seed)
                    plays = [a for a in own if isinstance(a, StockPlay)]
                    if plays:
                        assert all(isinstance(o, StockPlay) for o in options) and len(options) == len(plays)
                    elif game.is_round_over():
                        assert all(isinstance(o, (Slap, Choose)) for o in options)
                    else:
                        assert len(options) <= 1 and all(isinstance(o, (GapMove, Pairing)) for o in options)
                pool = [o for seat in (0, 1) for o in spit_options(game, seat)]
                spits = [a for a in legal if isinstance(a, Spit)]
                game.apply(rng.choice(pool or spits))


def attrs_evolve_card(action: object) -> object:
    """A legal action as an option names it: without its card."""
    return attrs.evolve(action, card=None) if isinstance(action, (StockPlay, GapMove, Pairing)) else action


# ---------------------------------------------------------------------------- the cards add up


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(SPIT_VARIANTS), seed=st.integers(0, 2**31 - 1),
       bots=st.sampled_from(["random", "greedy", "random,greedy", "greedy,random"]))
def test_the_cards_add_up_to_52_in_every_round(name: str, seed: int, bots: str) -> None:
    result = next(iter(simulate(name, 1, seed=seed, bots=bots, logs=True)))
    assert result.log is not None and result.spit is not None
    counts = replay_counting(result.log.data, name)
    assert counts == list(result.spit.round_events)
    if result.finished:
        assert sum(result.remaining) == 52


# ---------------------------------------------------------------------------- the command line


def test_cli_prints_the_spit_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "spit", "-n", "12", "--seed", "1", "--bots", "random,greedy")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "spit: 12 simulated games, seed 1"
    for head in ("games played", "rounds per game", "events per round", "spits per round", "slap races won",
                 "win share", "game length", "unfinished games"):
        assert any(line.startswith(head) for line in lines), head
    assert "seat 0 (random)" in out and "seat 1 (greedy)" in out and "95% CI" in out
    assert "deals" not in out


def test_cli_json_has_the_tables_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "spit-first-out-chooses", "-n", "10", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["family"] == "spit" and data["games"] == 10 and data["seed"] == 3
    assert data["won_outright"] + data["decided_on_rounds"] + data["ties"] + data["unfinished"] + data["stuck"] == 10
    assert set(data["rounds"]) == {"mean", "median", "p95", "total"}
    assert set(data["events_per_round"]) == set(data["spits_per_round"]) == {"mean", "median", "p95"}
    assert data["limits"] == {"max_rounds": MAX_ROUNDS, "max_events": MAX_EVENTS}
    assert sum(data["chose"]) == data["chooses"]["total"] > 0  # the first out chooses: no slap race
    assert data["slap_races"]["total"] == 0
    shares = data["seats"]
    assert [s["seat"] for s in shares] == [0, 1]
    assert all(s["ci95"][0] <= s["share"] <= s["ci95"][1] for s in shares)
    assert sum(s["wins"] for s in shares) <= 10
    again = run(capsys, "simulate", "spit-first-out-chooses", "-n", "10", "--seed", "3", "--json", "--jobs", "2")[1]
    assert again == out


def test_cli_logs_of_spit_games_pass_the_referee(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "simulate", "spit-rounds", "-n", "3", "--seed", "9", "--logs", str(tmp_path))
    assert code == 0
    files = sorted(tmp_path.glob("spit-rounds-9-*.json"))
    assert len(files) == 3
    code, out, _ = run(capsys, "referee", *map(str, files))
    assert code == 0, out
