"""Simulated play: determinism across ``jobs``, counts and statistics against a hand count,
the referee accepting every simulated log, the real-time model, and ``speedrules simulate``."""

from __future__ import annotations

import importlib.util
import io
import json
import math
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from speedrules import (
    Action,
    Call,
    Draw,
    Flip,
    GreedyBot,
    Pickup,
    Play,
    RandomBot,
    Reaction,
    Rebuild,
    Reveal,
    SeatView,
    SimResult,
    SimulationError,
    VariantError,
    deal,
    iter_log_lines,
    load_variant,
    read_log,
    referee,
    simulate,
    summarize,
    variant_names,
)
from speedrules.cli import main as cli
from speedrules.core.stats import percentile, wilson_interval
from speedrules.speed.table import FLIP_PAUSE_MS, REBUILD_MS

REPO = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def kinds(result: SimResult) -> Counter[str]:
    """The deal's logged events by type, counted from its log."""
    assert result.log is not None
    return Counter(type(action).__name__ for action, _t in result.log.actions(0))


# ---------------------------------------------------------------------------- determinism


@pytest.mark.parametrize(("name", "bots"), [("speed", "random,greedy"), ("speed-four", "greedy,random"),
                                            ("speed-lower-stays", None)])
def test_the_same_seed_gives_the_same_deals_whatever_jobs_is(name: str, bots: str | None) -> None:
    one = list(simulate(name, 10, seed=4, bots=bots, logs=True))
    assert [r.index for r in one] == list(range(10))
    assert one == list(simulate(name, 10, seed=4, bots=bots, logs=True, jobs=2))
    assert one == list(simulate(name, 10, seed=4, bots=bots, logs=True, jobs=3))
    assert one[:4] == list(simulate(name, 4, seed=4, bots=bots, logs=True))  # a deal depends on its index only
    other = list(simulate(name, 10, seed=5, bots=bots))
    assert len({r.seed for r in one} | {r.seed for r in other}) == 20


def test_a_result_names_the_seed_that_deals_its_layout() -> None:
    variant = load_variant("speed-three")
    for result in simulate(variant, 3, seed=1, logs=True):
        assert result.log is not None
        assert deal(variant, result.seed).layout == result.log.deals[0].layout()


# ---------------------------------------------------------------------------- counts and statistics


@pytest.mark.parametrize("name", ["speed", "speed-call-penalty", "speed-rebuild-gather", "speed-runs"])
def test_every_count_is_a_count_of_the_log(name: str) -> None:
    for r in simulate(name, 5, seed=3, bots=[RandomBot(miss_call=0.5), GreedyBot()], logs=True):
        counted = kinds(r)
        assert counted["Reveal"] == 1
        assert (r.plays, r.draws, r.flips, r.rebuilds, r.calls, r.pickups) == (
            counted["Play"], counted["Draw"], counted["Flip"], counted["Rebuild"], counted["Call"], counted["Pickup"])
        assert r.events == sum(counted.values())
        assert r.log is not None
        assert r.duration_ms == r.log.actions(0)[-1][1]
        data = json.loads(json.dumps(r.to_json()))
        assert "log" not in data and (data["plays"], data["remaining"], data["winner"]) == (
            r.plays, list(r.remaining), r.winner)


def test_the_summary_of_simulated_deals_matches_a_hand_count() -> None:
    results = list(simulate("speed", 9, seed=2, bots="random,greedy"))
    summary = summarize(results, variant="speed", bots=["random", "greedy"], seed=2)
    events = sorted(r.events for r in results)
    assert (summary.deals, summary.events.mean) == (9, sum(events) / 9)
    assert (summary.events.median, summary.events.p95) == (events[4], events[8])
    for name in ("plays", "draws", "flips", "rebuilds", "collisions", "bounced"):
        assert getattr(summary, name) == sum(getattr(r, name) for r in results)
    winners = [r.winner for r in results]
    assert [s.wins for s in summary.seats] == [winners.count(0), winners.count(1)]
    assert [s.share for s in summary.seats] == [winners.count(0) / 9, winners.count(1) / 9]
    assert summary.won == sum(w is not None for w in winners)
    losers = sorted(sum(r.remaining) - r.remaining[r.winner] for r in results if r.winner is not None)
    assert summary.loser_cards.mean == sum(losers) / len(losers)
    assert summary.loser_cards.median == losers[math.ceil(len(losers) / 2) - 1]


def hand_made(index: int, winner: int | None, reason: str, events: int, remaining: tuple[int, int]) -> SimResult:
    return SimResult(index=index, seed=index, winner=winner, reason=reason, events=events, plays=events // 2,
                     draws=events // 4, flips=1, rebuilds=0, remaining=remaining)


def test_the_summary_of_known_results() -> None:
    results = [hand_made(0, 0, "out", 10, (0, 4)), hand_made(1, 1, "out", 20, (7, 0)),
               hand_made(2, 0, "out", 30, (0, 2)), hand_made(3, None, "dead-end", 40, (3, 3)),
               hand_made(4, 0, "out", 100, (0, 1))]
    summary = summarize(results, variant="speed", bots=["random", "greedy"], seed=7)
    assert (summary.events.mean, summary.events.median, summary.events.p95) == (40.0, 30, 100)
    assert (summary.won, summary.dead_ends, summary.ties, summary.unfinished) == (4, 1, 0, 0)
    assert (summary.plays, summary.draws, summary.flips) == (5 + 10 + 15 + 20 + 50, 2 + 5 + 7 + 10 + 25, 5)
    seat0, seat1 = summary.seats
    assert (seat0.wins, seat0.share, round(seat0.low, 4), round(seat0.high, 4)) == (3, 0.6, 0.2307, 0.8824)
    assert (seat1.wins, seat1.share, round(seat1.low, 4), round(seat1.high, 4)) == (1, 0.2, 0.0362, 0.6245)
    assert (summary.loser_cards.mean, summary.loser_cards.median, summary.loser_cards.p95) == (3.5, 2, 7)
    table = summary.table().splitlines()
    assert table[0] == "speed: 5 simulated deals, seed 7"
    assert "deals played             5 (4 won, 1 dead ends, 0 tied, 0 unfinished)" in table
    assert "events per deal          mean 40.0, median 30, p95 100" in table
    assert "flips per deal           1.00 (5 in all)" in table
    assert "dead ends                1 (20.0%)" in table
    assert "win share                seat 0 (random)   60.0%  (95% CI 23.1% to 88.2%)" in table
    assert "                         seat 1 (greedy)   20.0%  (95% CI 3.6% to 62.4%)" in table
    assert "                         no winner         20.0%" in table
    assert "cards left by the loser  mean 3.5, median 2, p95 7 (deals with a winner)" in table
    assert not any(line.startswith(("calls", "pickups")) for line in table)  # none happened
    data = summary.to_json()
    assert data["seats"][0] == {"seat": 0, "bot": "random", "wins": 3, "share": 0.6,
                                "ci95": [seat0.low, seat0.high]}
    assert data["flips"] == {"total": 5, "per_deal": 1.0}
    assert data["loser_cards"] == {"mean": 3.5, "median": 2, "p95": 7, "deals": 4}


def test_percentiles_are_nearest_rank_and_the_interval_is_wilsons() -> None:
    assert [percentile(list(range(1, 21)), q) for q in (0.05, 0.5, 0.95, 1.0)] == [1, 10, 19, 20]
    assert percentile([], 0.5) == 0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson_interval(10, 10)
    assert round(low, 4) == 0.7225 and high == 1.0


def test_greedy_beats_random_at_equal_reaction_times() -> None:
    summary = summarize(simulate("speed", 800, seed=9, bots="random,greedy"), bots=["random", "greedy"])
    random_seat, greedy_seat = summary.seats
    assert random_seat.high < 0.5 < greedy_seat.low


# ---------------------------------------------------------------------------- the referee accepts every simulated deal


@pytest.mark.parametrize("name", variant_names("speed"))
def test_every_simulated_log_passes_the_referee_with_the_same_result(name: str) -> None:
    variant = load_variant(name)
    mixed = [RandomBot(miss_call=0.3), GreedyBot(Reaction(450, 150))]  # a forgetful caller meets the penalties
    results = [*simulate(variant, 8, seed=13, bots=mixed, logs=True),
               *simulate(variant, 8, seed=3, bots="random", logs=True, tick_ms=20)]
    for r in results:
        assert r.log is not None
        verdict = referee(r.log)
        assert verdict.valid, (name, r.index, verdict.violations[:1])
        judged = verdict.deals[0]
        assert (judged.finished, judged.winner, judged.tied, judged.remaining) == (
            r.finished, r.winner, r.tied, r.remaining), (name, r.index)
        assert len(judged.collisions) == r.collisions
        assert r.reason in ("out", "tie", "dead-end")


@pytest.mark.parametrize(("name", "collided"), [("speed", False), ("speed-lower-stays", True),
                                                ("speed-return-both", True)])
def test_simultaneous_plays_are_resolved_by_the_variants_policy(name: str, collided: bool) -> None:
    """A coarse clock makes many moments simultaneous: first-lands takes a late card back
    (bounced), lower-stays and return-both record collisions; the referee agrees."""
    results = list(simulate(name, 12, seed=3, bots="random,greedy", logs=True, tick_ms=200))
    collisions = sum(r.collisions for r in results)
    assert (collisions > 0) is collided
    assert sum(r.bounced for r in results) > 0 or collided
    for r in results:
        assert r.log is not None
        verdict = referee(r.log)
        assert verdict.valid and len(verdict.deals[0].collisions) == r.collisions


def test_a_missed_call_costs_a_pickup_under_penalty() -> None:
    results = list(simulate("speed-call-penalty", 12, seed=2, bots=[RandomBot(miss_call=0.6)], logs=True))
    assert sum(r.pickups for r in results) > 0
    assert all(r.calls == 1 for r in results if r.reason == "out")
    required = list(simulate("speed-call", 12, seed=2, bots=[RandomBot(miss_call=0.6)]))
    assert sum(r.pickups for r in required) == 0 and all(r.calls == 1 for r in required)


# ---------------------------------------------------------------------------- the real-time model


def test_event_times_follow_the_reaction_model() -> None:
    bots = [RandomBot(Reaction(300, 100)), GreedyBot(Reaction(800, 50))]
    for r in simulate("speed", 5, seed=6, bots=bots, logs=True, tick_ms=25):
        assert r.log is not None
        actions = r.log.actions(0)
        times = [t for _a, t in actions if isinstance(t, int)]
        assert actions[0] == (Reveal(), 0) and len(times) == len(actions)
        assert times == sorted(times) and all(t % 25 == 0 for t in times)
        last_by_seat: dict[int, int] = {}
        for i, (action, t) in enumerate(actions):
            assert isinstance(t, int)
            if isinstance(action, (Play, Draw)):
                fastest = (200, 750)[action.player]
                if action.player in last_by_seat:
                    assert t - last_by_seat[action.player] >= fastest, (r.index, i)
                else:
                    assert t >= fastest
                last_by_seat[action.player] = t
            elif isinstance(action, Flip):
                assert t == times[i - 1] + FLIP_PAUSE_MS
            elif isinstance(action, Rebuild):
                assert t == times[i - 1] + REBUILD_MS


def test_a_deal_that_reaches_the_event_bound_is_unfinished() -> None:
    r = next(iter(simulate("speed", 1, seed=1, max_events=20, logs=True)))
    assert (r.reason, r.finished, r.winner) == ("unfinished", False, None)
    assert r.events >= 20 and r.log is not None
    verdict = referee(r.log)
    assert verdict.valid and not verdict.deals[0].finished


def test_a_bot_that_lets_every_moment_pass_leaves_the_deal_unfinished() -> None:
    class Idle:
        name = "idle"
        reaction = Reaction(100, 0)

        def choose(self, view: SeatView, options: Sequence[Action], rng: random.Random) -> Action | None:
            return None

    r = next(iter(simulate("speed", 1, seed=1, bots=[Idle()], max_events=30)))
    assert (r.reason, r.events, r.plays) == ("unfinished", 1, 0)


@pytest.mark.parametrize("kwargs", [{"games": -1}, {"games": 1.5}, {"jobs": 0}, {"max_events": 0}, {"tick_ms": 0},
                                    {"seed": "one"}, {"seed": True}, {"logs": 3}])
def test_bad_arguments_are_refused(kwargs: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"games": 1, **kwargs}
    games = arguments.pop("games")
    with pytest.raises(SimulationError):
        simulate("speed", games, **arguments)
    with pytest.raises(VariantError):
        simulate("no-such-variant", 1)


# ---------------------------------------------------------------------------- logs


@pytest.mark.parametrize("name", [*variant_names("speed")[:4], "speed-runs", "speed-three-jokers", "speed-four"])
def test_a_simulated_log_is_msgspecs_encoding_of_its_document(name: str, tmp_path: Path) -> None:
    """The simulator writes a log into a template of its run's document and each event from its
    kept text: the text must be exactly the compact JSON msgspec writes of the document it
    holds, keys in order, whatever the bots, names and times (a NUL in a name is escaped)."""
    import msgspec

    bots = [RandomBot(name="x\x00y\"z"), "greedy"]
    archive = tmp_path / "logs.jsonl"
    assert len(list(simulate(name, 6, seed=21, bots=bots, logs=archive))) == 6
    lines = archive.read_bytes().splitlines()
    assert len(list(simulate(name, 4, seed=2, logs=archive, tick_ms=7))) == 4
    lines += archive.read_bytes().splitlines()
    assert len(lines) == 10
    for number, line in enumerate(lines):
        assert msgspec.json.encode(json.loads(line)) == line, (name, number)


def test_logs_are_written_one_file_per_deal_or_one_line_per_deal(tmp_path: Path) -> None:
    kept = list(simulate("speed-call", 3, seed=2, logs=True))
    written = list(simulate("speed-call", 3, seed=2, logs=tmp_path / "logs"))
    assert all(r.log is None for r in written)
    files = sorted((tmp_path / "logs").iterdir())
    assert [f.name for f in files] == [f"speed-call-2-{i:06d}.json" for i in range(3)]
    for path, r in zip(files, kept, strict=True):
        log = read_log(path)
        assert log == r.log and referee(log).deals[0].winner == r.winner
        assert log.names == ("random-0", "random-1")
        assert log.data["meta"]["simulated"]["deal_seed"] == r.seed
    archived = list(simulate("speed-call", 3, seed=2, logs=tmp_path / "runs" / "all.jsonl"))
    assert archived == written
    lines = list(iter_log_lines(tmp_path / "runs" / "all.jsonl"))
    assert [log for _name, log in lines] == [r.log for r in kept]


def test_logs_that_cannot_be_written_are_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", encoding="utf-8")
    with pytest.raises(SimulationError, match="cannot write logs there"):
        list(simulate("speed", 1, logs=blocker / "logs"))


def test_the_bare_benchmark_loop_plays_the_same_deals() -> None:
    """benchmarks/bare_playout.py is measured against the simulator: it must do the same work."""
    spec = importlib.util.spec_from_file_location("bare_playout", REPO / "benchmarks" / "bare_playout.py")
    assert spec is not None and spec.loader is not None
    bare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bare)
    outcome = {"dead-end": -1, "tie": -2, "unfinished": -3}
    for r in simulate("speed", 40, seed=12):
        winner = r.winner if r.winner is not None else outcome[r.reason]
        assert bare.playout(12, r.index) == (winner, r.events, r.plays, r.draws, r.flips, r.rebuilds, r.remaining)


# ---------------------------------------------------------------------------- speedrules simulate


def test_cli_prints_the_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "speed", "-n", "20", "--seed", "3", "--bots", "random,greedy")
    assert (code, err) == (0, "")  # not a terminal: no progress bar
    expected = summarize(simulate("speed", 20, seed=3, bots="random,greedy"), variant="speed",
                         bots=["random", "greedy"], seed=3)
    assert out == expected.table() + "\n"
    labels = [line[:25].strip() for line in out.splitlines()[1:]]
    for label in ("deals played", "events per deal", "plays per deal", "flips per deal", "rebuilds per deal",
                  "dead ends", "win share", "cards left by the loser"):
        assert label in labels


def test_cli_json_is_one_object_with_the_tables_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "speed-three", "-n", "15", "--seed", "8", "--json")
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    data = json.loads(out)
    assert set(data) == {"variant", "seed", "deals", "won", "dead_ends", "ties", "unfinished", "events", "plays",
                         "draws", "flips", "rebuilds", "calls", "pickups", "collisions", "bounced", "seats",
                         "loser_cards"}
    assert (data["variant"], data["seed"], data["deals"]) == ("speed-three", 8, 15)
    assert set(data["events"]) == {"mean", "median", "p95"} and set(data["plays"]) == {"total", "per_deal"}
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2] and {s["bot"] for s in data["seats"]} == {"random"}
    assert sum(s["wins"] for s in data["seats"]) == data["won"]
    assert all(s["ci95"][0] <= s["share"] <= s["ci95"][1] for s in data["seats"])
    expected = summarize(simulate("speed-three", 15, seed=8), variant="speed-three", bots=["random"] * 3, seed=8)
    assert data == json.loads(json.dumps(expected.to_json()))


def test_cli_output_does_not_depend_on_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = {run(capsys, "simulate", "speed-doubles", "-n", "30", "--seed", "4", "--jobs", jobs, "--json")[1]
               for jobs in ("1", "2")}
    assert len(outputs) == 1


def test_cli_without_a_seed_reports_the_seed_it_used(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "speed", "-n", "5", "--json")
    assert code == 0
    first = json.loads(out)
    again = json.loads(run(capsys, "simulate", "speed", "-n", "5", "--seed", str(first["seed"]), "--json")[1])
    assert again == first


@pytest.mark.parametrize(("argv", "message"), [
    (["nosuch"], "speedrules: nosuch: unknown variant"),
    (["speed", "--bots", "random,clever"], "speedrules: --bots: unknown bot 'clever': the bots are random, greedy"),
    (["speed", "--bots", "random,random,greedy"], "speedrules: --bots: 3 bots for 2 seats"),
    (["speed", "-n", "0"], "argument -n/--games: must be a whole number >= 1, not '0'"),
    (["speed", "-n", "many"], "argument -n/--games: must be a whole number >= 1, not 'many'"),
    (["speed", "--jobs", "0"], "argument --jobs: must be a whole number >= 1, not '0'"),
    (["speed", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
])
def test_cli_bad_input_exits_2_with_a_located_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "simulate", *argv, "--seed", "1") if "--seed" not in argv else \
        run(capsys, "simulate", *argv)
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err


def test_cli_logs_are_written_and_accepted_by_the_referee(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "simulate", "speed-jokers", "-n", "4", "--seed", "5", "--logs", str(tmp_path / "d"))
    assert (code, err) == (0, "")
    files = sorted((tmp_path / "d").glob("*.json"))
    assert len(files) == 4
    code, out, err = run(capsys, "referee", *map(str, files))
    assert (code, err) == (0, "") and out.count(": valid") == 4
    code, _, _ = run(capsys, "simulate", "speed-jokers", "-n", "4", "--seed", "5", "--logs", str(tmp_path / "a.jsonl"))
    assert code == 0
    code, out, _ = run(capsys, "referee", str(tmp_path / "a.jsonl"), "--json")
    assert code == 0 and [json.loads(line)["valid"] for line in out.splitlines()] == [True] * 4
    (tmp_path / "file").write_text("x", encoding="utf-8")
    code, out, err = run(capsys, "simulate", "speed", "-n", "1", "--logs", str(tmp_path / "file" / "d"))
    assert (code, out) == (2, "")
    assert err.startswith("speedrules: --logs: ") and "cannot write logs there" in err


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_is_drawn_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, "simulate", "speed", "-n", "40", "--seed", "2")
    assert (code, err) == (0, "")
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, on_terminal, _ = run(capsys, "simulate", "speed", "-n", "40", "--seed", "2")
    assert (code, on_terminal) == (0, out)
    drawn = terminal.getvalue()
    assert drawn.startswith("\r[") and "] 40/40 deals, " in drawn
    assert "#" * cli.Progress.WIDTH in drawn
    assert drawn.endswith("\r") and drawn.rstrip("\r").endswith(" ")  # the bar is wiped at the end


def test_nothing_but_the_table_when_stderr_is_a_pipe() -> None:
    env_path = str(REPO)
    proc = subprocess.run([sys.executable, "-m", "speedrules", "simulate", "speed", "-n", "30", "--seed", "1"],
                          capture_output=True, text=True, timeout=120, env={"PYTHONPATH": env_path, "PATH": ""})
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert proc.stdout.startswith("speed: 30 simulated deals, seed 1\n")


def test_pickup_and_call_are_counted_in_the_table_when_they_happen(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "speed-call-penalty", "-n", "10", "--seed", "2")
    assert code == 0
    assert any(line.startswith("calls per deal") for line in out.splitlines())
    assert not any(line.startswith("calls per deal") for line in
                   run(capsys, "simulate", "speed", "-n", "3", "--seed", "2")[1].splitlines())


def test_call_and_pickup_actions_appear_in_simulated_logs() -> None:
    seen: set[type] = set()
    for r in simulate("speed-call-penalty", 12, seed=2, bots=[RandomBot(miss_call=0.6)], logs=True):
        assert r.log is not None
        seen |= {type(a) for a, _t in r.log.actions(0)}
    assert {Call, Pickup} <= seen
