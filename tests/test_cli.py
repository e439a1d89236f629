"""The ``speedrules`` command line: every subcommand, its output, exit codes and error messages.

Most tests call :func:`speedrules.cli.main.main` in-process (fast, output via capsys); a few
run ``python -m speedrules`` in a real subprocess to prove the entry point, the exit
status the shell sees, and the quiet exit on a closed pipe.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import speedrules
from speedrules import deal, load_variant, variant_names
from speedrules.cli import main as cli
from speedrules.cli import variants as cli_variants
from speedrules.family import family_of

REPO = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def flat(text: str) -> str:
    """Whitespace collapsed, so wrapped lines read as one text."""
    return " ".join(text.split())


def write_variant(tmp_path: Path, name: str, data: dict[str, Any] | str) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def assert_clean_error(err: str) -> None:
    """Every stderr line is one of ours: no traceback, no bare exception text."""
    assert err.strip(), "expected an error message on stderr"
    assert "Traceback" not in err
    for line in err.strip().splitlines():
        assert line.startswith("speedrules: "), line


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
    return env


# ---------------------------------------------------------------------------- variants


def test_variants_lists_every_bundled_variant_with_its_description(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "variants")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(variant_names())
    width = max(len(n) for n in variant_names()) + 2
    for name, line in zip(variant_names(), lines, strict=True):
        variant = load_variant(name)
        assert line[:width].rstrip() == name
        assert line[width:] == (flat(variant.description) or variant.title)


# ---------------------------------------------------------------------------- show


def test_show_speed_says_every_rule_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "speed")
    assert (code, err) == (0, "")
    text = flat(out)
    assert out.startswith("Speed (speed)\n")
    for phrase in [
        "Players: 2,",
        "one 52-card pack, no jokers: 52 cards",
        "5 cards in hand and a face-down draw stack of 15",
        "the centre has 2 piles",
        "a face-down reserve of 5 beside each",
        "52 cards in all: 10 in hands, 30 in draw stacks, 2 starters, 10 in reserves",
        "the ranks run in a circle",
        "on a 7: 6 or 8; on a K: Q or A; on an A: K or 2; on a 2: A or 3",
        "Doubles: not allowed",
        "Colours: do not matter",
        "never more than 5 cards; draw one card at a time from your own draw stack whenever you hold fewer than 5",
        "Runs: not allowed: one card at a time",
        "Jokers: none in the deck",
        "each centre pile keeps its top card; the cards beneath are gathered, shuffled",
        "Sources:",
    ]:
        assert phrase in text, phrase
    variant = load_variant("speed")
    assert variant.sources
    for source in variant.sources:
        assert f"{source.seed} says: {flat(source.says)}" in text
    assert max(len(line) for line in out.splitlines()) <= cli_variants.WIDTH + 12


@pytest.mark.parametrize(
    ("fields", "phrases"),
    [
        ({"ranks": {"order": "ace-high"}},
         ["ace high: 2 3 4 5 6 7 8 9 10 J Q K A, with no wrap", "on a K: Q or A; on an A: K; on a 2: 3"]),
        ({"ranks": {"same_rank": True}}, ["Doubles: allowed", "on a 7: 6, 7 or 8", "on an A: K, A or 2"]),
        ({"ranks": {"alternate_colours": True}}, ["Colours: must alternate: a red card goes only on a black card"]),
        ({"hand": {"refill": "when-empty"}},
         ["you may draw only when your hand is empty, and then you draw back up to 5"]),
        ({"hand": {"refill": "after-each-play"}}, ["after each card you play you must draw a replacement"]),
        ({"runs": True}, ["Runs: allowed: several cards may be laid on one pile at once"]),
        ({"deck": {"jokers": 2}, "deal": {"draw": 16}, "jokers": {"wild": True, "declare": "adjacent"}},
         ["one 52-card pack, 2 jokers: 54 cards", "2 jokers, wild", "stands for a rank that would itself fit the "
          "pile (on a 7: 6 or 8)", "a joker may not be your last card", "so it prevents a flip"]),
        ({"deck": {"jokers": 1}, "deal": {"draw": "rest"},
          "jokers": {"wild": True, "declare": "any", "may_go_out": True, "prevents_flip": False}},
         ["1 joker, wild", "stands for any rank the player announces", "a player may go out on a joker",
          "the reserves may flip while one is held", "draw stacks (16 and 15)"]),
        ({"rebuild": "each-pile"}, ["each centre pile is shuffled and becomes the reserve beside it"]),
        ({"rebuild": "gather-all"}, ["all the centre cards are gathered, shuffled and split as evenly as possible"]),
        ({"players": 3, "deal": {"draw": "rest", "piles": 3, "reserves": 5}},
         ["Players: 3,", "draw stacks (7, 6 and 6)", "the centre has 3 piles",
          "52 cards in all: 15 in hands, 19 in draw stacks, 3 starters, 15 in reserves"]),
        ({"deal": {"hand": 0, "draw": 20}}, ["each player gets no hand and a face-down draw stack of 20, and draws "
                                             "up to 5 from it before the first play"]),
        ({"deal": {"draw": 10, "reserves": [15, 5]}}, ["face-down reserves of 15 and 5 beside them"]),
        ({"players": 4, "deck": {"packs": 2}, "deal": {"piles": 4, "reserves": 5}},
         ["2 52-card packs shuffled together, no jokers: 104 cards"]),
    ],
)
def test_show_words_follow_the_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fields: dict[str, Any], phrases: list[str]
) -> None:
    path = write_variant(tmp_path, "house.json", {"extends": "speed", "title": "House", **fields})
    code, out, err = run(capsys, "show", str(path))
    assert (code, err) == (0, ""), err
    assert out.startswith("House (house)\n")
    text = flat(out)
    for phrase in phrases:
        assert phrase in text, phrase


def test_show_json_is_the_resolved_document(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_variant(tmp_path, "house.yaml", "extends: speed\nruns: true\n")
    code, out, err = run(capsys, "show", str(path), "--json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document == load_variant(path).document
    assert document["runs"] is True and document["deal"]["draw"] == 15  # own field, and the parent's


# ---------------------------------------------------------------------------- check-variant


def test_check_variant_ok(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_variant(tmp_path, "house.yaml", "extends: speed\nname: house-rules\ntitle: House rules\n")
    code, out, err = run(capsys, "check-variant", str(path))
    assert (code, out, err) == (0, f"OK {path}: house-rules (House rules)\n", "")


@pytest.mark.parametrize("name", variant_names())
def test_check_variant_accepts_every_bundled_file(capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = REPO / "variants" / f"{name}.yaml"
    code, out, _ = run(capsys, "check-variant", str(path))
    assert code == 0
    assert out.startswith(f"OK {path}: {name} (")


def test_check_variant_prints_every_error_with_file_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_variant(tmp_path, "bad.yaml", (
        "players: two\n"
        "colour: red\n"
        "deal:\n"
        "  hand: 5\n"
        "  hnad: 5\n"
        "  draw: lots\n"
        "ranks: {order: circular}\n"
        "rebuild: sometimes\n"
    ))
    code, out, err = run(capsys, "check-variant", str(path))
    assert (code, out) == (2, "")
    assert_clean_error(err)
    lines = err.splitlines()
    expected = [
        f"{path}: (top level): unknown field 'colour'",
        f"{path}: deal: unknown field 'hnad'",
        f"{path}: deal.draw: 'lots' is not one of the accepted forms",
        f"{path}: players: 'two' is not of type 'integer'",
        f"{path}: ranks.order: 'circular' is not one of",
        f"{path}: rebuild: 'sometimes' is not one of",
    ]
    for want in expected:
        assert sum(want in line for line in lines) == 1, (want, lines)
    assert len(lines) == len(expected) + 1
    assert lines[-1] == f"speedrules: {path}: not a valid variant (6 problems)"
    with pytest.raises(speedrules.VariantError) as caught:
        load_variant(path)
    assert len(caught.value.errors) == 6


def test_check_variant_reports_every_semantic_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_variant(tmp_path, "bad.yaml", "extends: speed\ndeal: {hand: 7, draw: 13}\ndeck: {jokers: 2}\n")
    code, out, err = run(capsys, "check-variant", str(path))
    assert (code, out) == (2, "")
    assert_clean_error(err)
    assert f"{path}: deal.hand: a hand of 7 is over the hand limit of 5" in err
    assert f"{path}: deck.jokers: 2 jokers in the deck need jokers.wild: true" in err
    assert f"{path}: deal: " in err
    assert err.splitlines()[-1] == f"speedrules: {path}: not a valid variant (3 problems)"


# ---------------------------------------------------------------------------- deal


@pytest.mark.parametrize("name", variant_names("speed"))
def test_deal_json_is_the_layout_of_deal(capsys: pytest.CaptureFixture[str], name: str) -> None:
    for seed in (0, 1, 2**40 + 3):
        code, out, err = run(capsys, "deal", name, "--seed", str(seed), "--json")
        assert (code, err) == (0, "")
        assert out.count("\n") == 1
        data = json.loads(out)
        assert list(data) == ["hands", "draw", "starters", "reserves"]
        assert data == deal(load_variant(name), seed).layout.to_json()
        variant = load_variant(name)
        assert [len(h) for h in data["hands"]] == [variant.hand_size] * variant.players
        assert [len(d) for d in data["draw"]] == list(variant.draw_sizes)
        assert len(data["starters"]) == variant.piles
        assert [len(r) for r in data["reserves"]] == list(variant.reserve_sizes)


def test_deal_json_of_speed_seed_1_is_stable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "speed", "--seed", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["hands"] == [["JC", "10S", "QD", "10H", "3S"], ["KD", "7H", "QS", "10D", "6S"]]
    assert data["starters"] == ["AH", "QH"]
    assert data["reserves"] == [["3C", "5D", "3D", "6D", "8S"], ["4H", "5S", "10C", "JD", "9S"]]
    assert data["draw"][0][0] == "4D" and data["draw"][1][0] == "AD"


def test_deal_from_a_file_and_seed_change(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_variant(tmp_path, "three.yaml", {"extends": "speed", "players": 3,
                                                  "deal": {"draw": "rest", "piles": 3, "reserves": 5}})
    code, out, _ = run(capsys, "deal", str(path), "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == deal(load_variant(path), 5).layout.to_json()
    assert [len(d) for d in data["draw"]] == [7, 6, 6]
    _, other, _ = run(capsys, "deal", str(path), "--seed", "6", "--json")
    assert json.loads(other) != data


def test_deal_table_shows_hands_draw_tops_starters_and_reserves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "speed", "--seed", "9")
    assert (code, err) == (0, "")
    layout = deal(load_variant("speed"), 9).layout
    lines = out.splitlines()
    assert lines[0] == "Speed (speed), seed 9"
    assert lines[2].split() == ["player", "hand", "draw", "stack"]
    for seat, (hand, stack) in enumerate(zip(layout.hands, layout.draw, strict=True)):
        row = lines[3 + seat].split()
        assert row == [str(seat), *map(str, hand), "15", "cards,", "top", str(stack[0])]
    assert lines[6].split() == ["pile", "starter", "reserve", "(top", "first)"]
    for pile, (starter, reserve) in enumerate(zip(layout.starters, layout.reserves, strict=True)):
        row = lines[7 + pile].split()
        assert row == [str(pile), str(starter), "5", "cards:", *map(str, reserve)]


def test_deal_without_seed_reports_the_seed_it_used(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "speed")
    assert code == 0
    seed = int(out.splitlines()[0].rsplit(" ", 1)[1])
    assert run(capsys, "deal", "speed", "--seed", str(seed))[1] == out
    code, out, err = run(capsys, "deal", "speed", "--json")
    assert code == 0
    assert err.startswith("speedrules: dealt with --seed ")
    seed = int(err.split()[-1])
    assert json.loads(out) == deal(load_variant("speed"), seed).layout.to_json()


# ---------------------------------------------------------------------------- arguments, version, help


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"speedrules {speedrules.__version__}\n", "")


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("variants", "show", "check-variant", "deal", "referee"):
        assert command in out


@pytest.mark.parametrize("argv", [[], ["shuffle"], ["deal", "speed", "--seed", "one"], ["show"]])
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith("usage: speedrules")
    assert "Traceback" not in err


# ---------------------------------------------------------------------------- bad input


BILLION_LAUGHS = "\n".join(
    ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    + [f"{b}: &{b} [" + ", ".join([f"*{a}"] * 9) + "]" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
) + "\n"


@pytest.mark.parametrize(
    ("filename", "content", "where", "reason"),
    [
        ("missing.yaml", None, "", "cannot read: no such file"),
        ("tabs.yaml", "deal:\n\thand: 5\n", ": line 2, column 1", "not valid YAML"),
        ("unknown.yaml", "extends: speed\ndeal: {hand: 5, hnad: 5}\n", ": deal", "unknown field 'hnad'"),
        ("types.yaml", "players: 2\nhand: {limit: five}\n", ": hand.limit", "'five' is not of type 'integer'"),
        ("impossible.yaml", "extends: speed\ndeal: {draw: 20}\n", ": deal",
         "2 x (5 + 20) + 2 starters + 10 in reserves = 62 cards, but the deck has 52"),
        ("bomb.yaml", BILLION_LAUGHS, ": line 2, column 8", "YAML aliases (*a) are not allowed"),
        ("list.yaml", "- speed\n", ": (top level)", "a variant must be a mapping of fields"),
        ("empty.yaml", "", ": (top level)", "not empty"),
        ("latin1.yaml", b"title: Sp\xe9ed\n", "", "not UTF-8"),
        ("cycle.yaml", "extends: cycle.yaml\n", ": extends", "'extends' makes a cycle"),
        ("orphan.yaml", "extends: nowhere.yaml\n", ": extends", "nowhere.yaml: cannot read: no such file"),
        ("broken.json", '{"players": 2', ": line 1, column 14", "not valid JSON"),
    ],
)
@pytest.mark.parametrize("command", [["check-variant"], ["show"], ["deal", "--seed", "1"]])
def test_bad_variant_files_exit_2_naming_file_place_and_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str],
    filename: str, content: str | bytes | None, where: str, reason: str,
) -> None:
    path = tmp_path / filename
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    argv = [command[0], str(path), *command[1:]]
    start = time.process_time()
    code, out, err = run(capsys, *argv)
    assert time.process_time() - start < 1.0
    assert (code, out) == (2, "")
    assert_clean_error(err)
    first = err.splitlines()[0]
    assert first.startswith(f"speedrules: {path}{where}: ")
    assert reason in first


def test_bad_variant_file_extending_a_bad_parent_names_the_parent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    parent = write_variant(tmp_path, "parent.yaml", "players: 9\n")
    child = write_variant(tmp_path, "child.yaml", "extends: parent.yaml\n")
    code, _, err = run(capsys, "check-variant", str(child))
    assert code == 2
    assert_clean_error(err)
    assert f"speedrules: {parent}: players: 9 is greater than the maximum of 4" in err


def test_a_directory_is_not_a_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "show", str(tmp_path))
    assert code == 2
    assert_clean_error(err)
    assert str(tmp_path) in err


@pytest.mark.parametrize("command", [["show"], ["deal", "--seed", "1"], ["check-variant"]])
def test_unknown_variant_name_exits_2_and_suggests(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    code, out, err = run(capsys, command[0], "sped", *command[1:])
    assert (code, out) == (2, "")
    assert_clean_error(err)
    lines = err.splitlines()
    assert lines == ["speedrules: sped: unknown variant 'sped': not a bundled variant nor a variant file (.yaml, .yml, "
                     ".json); did you mean 'speed'? `speedrules variants` lists the bundled ones"]


def test_unknown_variant_name_far_from_any_gets_no_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "show", "zzzzzz")
    assert code == 2
    assert "did you mean" not in err


def test_empty_variant_argument(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "show", " ")
    assert code == 2
    assert err == "speedrules: NAME|FILE: is empty: give a bundled variant name or a variant file\n"


def test_other_library_errors_exit_2_one_line_per_problem(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuses(*_: object, **__: object) -> None:
        raise speedrules.SpeedrulesError("game.json: deals[0].events[3]: no such pile\ngame.json: players: too many")

    monkeypatch.setattr(family_of("speed"), "dealt", refuses)
    code, out, err = run(capsys, "deal", "speed", "--seed", "1")
    assert (code, out) == (2, "")
    assert err.splitlines() == ["speedrules: game.json: deals[0].events[3]: no such pile",
                                "speedrules: game.json: players: too many"]


def test_variants_reports_a_broken_bundled_variant_and_lists_the_rest(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = speedrules.load_variant

    def load_or_fail(name: str) -> speedrules.Variant:
        if name == "speed":
            raise speedrules.VariantError([("speed.yaml: deal.hand", "a hand of 7 is over the hand limit of 5")])
        return real(name)

    monkeypatch.setattr(cli_variants, "load_variant", load_or_fail)
    code, out, err = run(capsys, "variants")
    assert code == 2
    assert [line.split()[0] for line in out.splitlines()] == list(variant_names()[1:])
    assert err == "speedrules: speed.yaml: deal.hand: a hand of 7 is over the hand limit of 5\n"


def test_a_family_registered_in_the_tests_describes_its_own_rules() -> None:
    """``show`` writes the title, the family's rows and the sources the same way for any family."""
    from snap_family import VARIANT

    assert cli_variants.describe(VARIANT).splitlines() == [
        "Snap pile (snap-pile)", "", "Game: Snap pile: lay a card of the top's suit or rank; the first to shed every "
        "card wins", "", "Sources: none listed"]


# ---------------------------------------------------------------------------- unexpected failures


def test_internal_error_is_one_line_and_exit_3(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(family_of("speed"), "dealt", broken)
    code, out, err = run(capsys, "deal", "speed", "--seed", "1")
    assert (code, out, err) == (3, "", "speedrules: internal error: RuntimeError: boom second line\n")


def test_interrupt_exits_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_variants, "describe", interrupted)
    assert run(capsys, "show", "speed") == (130, "", "")


def test_broken_pipe_in_process_is_quiet(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def closed(*_: object, **__: object) -> None:
        raise BrokenPipeError

    monkeypatch.setattr(cli_variants, "describe", closed)
    assert run(capsys, "show", "speed") == (0, "", "")


# ---------------------------------------------------------------------------- the real entry point


def test_python_dash_m_speedrules_deals_the_same_json(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "speedrules", "deal", "speed", "--seed", "1", "--json"],
        capture_output=True, text=True, env=subprocess_env(), cwd=tmp_path, timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == deal(load_variant("speed"), 1).layout.to_json()


def test_python_dash_m_speedrules_bad_file_exit_status(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("deal:\n\thand: 5\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "speedrules", "check-variant", "bad.yaml"],
        capture_output=True, text=True, env=subprocess_env(), cwd=tmp_path, timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("speedrules: bad.yaml: line 2, column 1: not valid YAML")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("buffered", [True, False])
@pytest.mark.parametrize("command", [["variants"], ["deal", "speed", "--seed", "1"]])
def test_closed_pipe_exits_quietly(tmp_path: Path, command: list[str], buffered: bool) -> None:
    """The reader goes away before anything is written (as ``| head`` does): no message, exit 0.

    Buffered, the write fails only when stdout is flushed; unbuffered, at the first print.
    """
    env = subprocess_env()
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    proc = subprocess.Popen(
        [sys.executable, "-m", "speedrules", *command],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the only read end: the child's writes now fail with EPIPE
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 0
    assert err == b""


# ---------------------------------------------------------------------------- the documents that show the API


def _fenced_text(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.S | re.M)


def _fenced(path: Path, language: str) -> list[str]:
    return _fenced_text(path.read_text(encoding="utf-8"), language)


def test_api_doc_examples_run_as_written() -> None:
    """docs/api.md: every example, in order, as one doctest session."""
    blocks = _fenced(REPO / "docs" / "api.md", "pycon")
    assert len(blocks) >= 20
    globs: dict[str, Any] = {}
    exec("from speedrules import *", globs)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), globs, "docs/api.md", "docs/api.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)
    assert runner.tries >= 40


def test_api_doc_covers_every_public_name() -> None:
    headings = [line for line in (REPO / "docs" / "api.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("### ")]
    documented = {name for line in headings for name in re.findall(r"`(\w+)", line)}
    assert set(speedrules.__all__) - documented == set()
