"""Regression tests for the hostile-input classes of issue 29 that live in the readers:

1. YAML nested in brackets hundreds deep (a log, a variant file, a line of an archive):
   refused at once, with its line, where PyYAML's scanner used to pay for every token once
   per open bracket around it (5 s for a 78 KB log);
2. times and indices: one limit (``speedrules.core.checks``) in every reader, the schema, the
   position notation and the API, located at the field (``deals[0].events[0].t``);
4. the action notation is ASCII: another script's digit is an ``InvalidActionError``, never a
   bare ``ValueError`` nor a pile it does not spell (the property that any text is refused or
   reads back is in the fuzz suite, tests/test_fuzz.py);
5. a lone surrogate in any text of a log is refused with its place (exit 2, never 3), and
   every file the package writes replaces the old one only once it is whole.

The time bounds are generous (a regression costs seconds, the fix milliseconds) and in CPU
time, which other work on a loaded machine does not inflate.
"""

from __future__ import annotations

import copy
import json
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import speedrules
from speedrules import (
    Game,
    InvalidActionError,
    LogError,
    SpitGame,
    VariantError,
    load_variant,
    parse_action,
    parse_log,
    parse_spit_action,
    read_log,
    referee,
)
from speedrules.cli import main as cli
from speedrules.core import documents as documents_module
from speedrules.core.checks import MAX_INDEX, MAX_TIME
from speedrules.core.documents import MAX_YAML_CHARS, MAX_YAML_FLOW_DEPTH, parse_text, replacing, write_file
from speedrules.judge.referee import referee_data, referee_text
from speedrules.logs.log import log_schema, write_log

ROOT = Path(__file__).resolve().parent.parent
SPEED_LOG = json.loads((ROOT / "examples" / "tied-deal.json").read_text(encoding="utf-8"))
SPIT_LOG = json.loads((ROOT / "examples" / "spit-game.json").read_text(encoding="utf-8"))
CPU_BOUND = 2.0
"""CPU seconds a refusal may take: the deep documents below took 2.7-5.6 s before the fix."""


def cpu_timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.process_time()
    try:
        result = fn()
    except Exception as err:  # returned for the test to look at
        result = err
    return result, time.process_time() - start


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    return code, out, err


# ============================================================ 1. YAML nested in brackets

NEST = "[" * 300 + "]" * 300
"""An empty list nested 300 deep: 130 of them made the 78 KB log of the issue."""


def deep_yaml_log() -> str:
    rest = "".join(f"{json.dumps(k)}: {json.dumps(v)}\n" for k, v in SPEED_LOG.items() if k != "meta")
    return "meta:\n" + "".join(f"  k{i}: {NEST}\n" for i in range(130)) + rest


def deep_yaml_variant() -> str:
    return "extends: speed\ntitle: deep\nsources:\n" + "".join(f"  - {NEST}\n" for _ in range(130))


def deep_archive_line() -> str:
    """One line of YAML (flow syntax: a line of an archive is one line) with the same meta."""
    body = json.dumps({k: v for k, v in SPEED_LOG.items() if k != "meta"})[1:-1]
    return "{meta: {" + ", ".join(f"k{i}: {NEST}" for i in range(130)) + "}, " + body + "}"


def test_the_deep_documents_are_as_large_as_the_issue_says() -> None:
    assert 75_000 < len(deep_yaml_log()) < 90_000 and 75_000 < len(deep_yaml_variant()) < 90_000
    assert 75_000 < len(deep_archive_line()) < 90_000 and "\n" not in deep_archive_line()


def test_a_deep_yaml_log_is_refused_at_once_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(deep_yaml_log(), encoding="utf-8")
    got, cpu = cpu_timed(lambda: read_log(path))
    assert isinstance(got, LogError), got
    assert str(got).startswith(f"{path}: line 2, column ")
    assert f"nested more than {MAX_YAML_FLOW_DEPTH} deep" in str(got)
    assert cpu < CPU_BOUND, f"read_log took {cpu:.2f} CPU seconds"
    (code, _, err), cpu = cpu_timed(lambda: run(capsys, "referee", str(path)))
    assert code == 2 and f"{path}: line 2, column " in err
    assert cpu < CPU_BOUND


def test_a_deep_yaml_variant_file_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(deep_yaml_variant(), encoding="utf-8")
    got, cpu = cpu_timed(lambda: load_variant(path))
    assert isinstance(got, VariantError) and f"{path}: line 4, column " in str(got), got
    assert cpu < CPU_BOUND, f"load_variant took {cpu:.2f} CPU seconds"
    (code, _, err), cpu = cpu_timed(lambda: run(capsys, "check-variant", str(path)))
    assert code == 2 and f"{path}: line 4" in err
    assert cpu < CPU_BOUND


def test_a_deep_yaml_line_of_an_archive_costs_its_line_only(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    good = json.dumps(SPEED_LOG)
    path.write_text("\n".join([good, deep_archive_line(), good]) + "\n", encoding="utf-8")
    (code, out, err), cpu = cpu_timed(lambda: run(capsys, "referee", str(path)))
    assert code == 2
    assert f"{path}:2: line 1, column " in err  # the line, then the place in it
    assert f"{path}:1: speed: valid" in out and f"{path}:3: speed: valid" in out
    assert cpu < CPU_BOUND, f"referee took {cpu:.2f} CPU seconds"


def test_the_flow_depth_limit_is_exactly_the_documented_one() -> None:
    """Nested exactly as deep as the limit reads; one bracket more is refused where it stands."""
    at_limit = "[" * MAX_YAML_FLOW_DEPTH + "]" * MAX_YAML_FLOW_DEPTH
    assert parse_text(f"a: 1\nb: {at_limit}\n", "f.yaml")["a"] == 1
    mapping = "{a: " * MAX_YAML_FLOW_DEPTH + "1" + "}" * MAX_YAML_FLOW_DEPTH
    assert parse_text(f"x: {mapping}\n", "f.yaml")["x"]["a"]["a"]
    with pytest.raises(speedrules.SpeedrulesError, match=rf"f.yaml: line 2, column {MAX_YAML_FLOW_DEPTH + 4}: "):
        parse_text(f"a: 1\nb: [{at_limit}]\n", "f.yaml")


def test_a_yaml_log_of_blank_lines_is_refused_before_it_is_read() -> None:
    """PyYAML reads a blank line in about a microsecond: a text over the limit is not read at all."""
    text = "format: speedrules-log/1\n" + "\n" * MAX_YAML_CHARS + "variant: speed\ndeals: []\n"
    got, cpu = cpu_timed(lambda: parse_text(text, "big.yaml"))
    assert isinstance(got, speedrules.SpeedrulesError) and "YAML text over" in str(got)
    assert cpu < 0.5
    assert parse_text("format: speedrules-log/1\n" + "\n" * (MAX_YAML_CHARS // 2) + "deals: []\n", "f.yaml")


# ============================================================ 2. times and indices: one limit


def shifted(doc: dict[str, Any], top: int) -> dict[str, Any]:
    """``doc`` with every time of its first deal moved so that the last is ``top`` (the gaps kept:
    the timing rules see the same game); events with no time get consecutive ones."""
    doc = copy.deepcopy(doc)
    events = doc["deals"][0]["events"]
    times = [e.get("t", i) for i, e in enumerate(events)]
    for event, t in zip(events, times, strict=True):
        event["t"] = top - (times[-1] - t)
    return doc


@pytest.mark.parametrize("doc", [SPEED_LOG, SPIT_LOG], ids=["speed", "spit"])
def test_a_time_at_the_limit_is_accepted_everywhere(doc: dict[str, Any], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    at_limit = shifted(doc, MAX_TIME)
    assert at_limit["deals"][0]["events"][-1]["t"] == MAX_TIME
    path = tmp_path / "late.json"
    path.write_text(json.dumps(at_limit), encoding="utf-8")
    log = read_log(path)
    assert referee(log).valid == referee(parse_log(doc)).valid
    if log.variant.spit is not None:
        assert SpitGame.from_log(log, 0).times[0][-1] == MAX_TIME
    else:
        assert Game.from_log(log, 0).history_times[-1] == MAX_TIME
    expected = 0 if referee(log).valid else 1
    assert run(capsys, "referee", str(path))[0] == expected
    assert run(capsys, "render", str(path), "--deal", "0", "-o", str(tmp_path / "t.svg"))[0] == 0
    assert run(capsys, "view", str(path), "--deal", "0", "-o", str(tmp_path / "t.html"))[0] == 0
    assert referee_text(json.dumps(at_limit), "late.json").valid == referee(log).valid  # the one-pass reader too


@pytest.mark.parametrize("over", [MAX_TIME + 1, float(MAX_TIME + 1), 2**63, 10**30, 1e300])
@pytest.mark.parametrize("doc", [SPEED_LOG, SPIT_LOG], ids=["speed", "spit"])
def test_a_time_over_the_limit_is_refused_everywhere_at_its_place(
    doc: dict[str, Any], over: float, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    bad = copy.deepcopy(doc)
    bad["deals"][0]["events"][0]["t"] = over
    path = tmp_path / "late.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    where = f"{path}: deals[0].events[0].t"
    for label, attempt in (("read_log", lambda: read_log(path)), ("parse_log", lambda: parse_log(bad, str(path))),
                           ("referee_text", lambda: referee_text(json.dumps(bad), str(path))),
                           ("referee_data", lambda: referee_data(bad, str(path)))):
        with pytest.raises(LogError) as info:
            attempt()
        assert str(info.value).startswith(where), (label, str(info.value))
    for command in (["referee"], ["referee", "--all"], ["render", "-o", str(tmp_path / "x.svg")],
                    ["view", "-o", str(tmp_path / "x.html")]):
        code, _, err = run(capsys, command[0], str(path), *command[1:])
        assert code == 2 and where in err, (command, code, err)


def test_the_api_and_the_position_take_the_same_limit() -> None:
    game = speedrules.deal("speed", seed=3)
    game.apply(speedrules.Reveal(), t=MAX_TIME)
    assert game.history_times == (MAX_TIME,)
    with pytest.raises(InvalidActionError, match=f"at most {MAX_TIME}"):
        game.apply(game.legal_actions()[0], t=MAX_TIME + 1)
    assert game.history_times == (MAX_TIME,)
    text = game.position()
    assert text.split(" ")[6] == str(MAX_TIME)
    assert Game.from_position("speed", text).position() == text
    fields = text.split(" ")
    fields[6] = str(MAX_TIME + 1)
    with pytest.raises(speedrules.PositionError, match="too large a time"):
        Game.from_position("speed", " ".join(fields))
    fields[6] = "\u0661"  # an Arabic-Indic one: not a number of the notation
    with pytest.raises(speedrules.PositionError):
        Game.from_position("speed", " ".join(fields))


def test_the_schema_states_the_same_limits() -> None:
    defs = log_schema()["$defs"]
    assert defs["t"]["maximum"] == MAX_TIME
    assert defs["index"]["maximum"] == defs["spit_index"]["maximum"] == MAX_INDEX


@pytest.mark.parametrize(("doc", "event"), [(SPEED_LOG, 1), (SPIT_LOG, 1)], ids=["speed", "spit"])
def test_an_index_over_the_limit_is_unreadable_and_one_at_it_breaks_a_rule(
    doc: dict[str, Any], event: int, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """A seat no table has breaks a rule (exit 1); a number past the format's limit makes the log
    unreadable (exit 2) at its place, for Speed as for Spit."""
    for player, code_wanted in ((MAX_INDEX, 1), (MAX_INDEX + 1, 2), (float(MAX_INDEX + 1), 2)):
        bad = copy.deepcopy(doc)
        bad["deals"][0]["events"][event]["player"] = player
        path = tmp_path / "seat.json"
        path.write_text(json.dumps(bad), encoding="utf-8")
        code, _, err = run(capsys, "referee", str(path))
        assert code == code_wanted, (player, err)
        if code_wanted == 2:
            assert f"{path}: deals[0].events[{event}].player" in err


# ============================================================ 4. the notation is ASCII


@pytest.mark.parametrize(("parse", "text"), [
    (parse_action, "0<\u00b2"), (parse_action, "0<\u2460"), (parse_spit_action, "spit>\u00b9"),
    (parse_action, "0:JC>\u0661"), (parse_action, "\uff10:JC>1"), (parse_spit_action, "0:2>\u0661"),
    (parse_spit_action, "\u0660^1"),
])
def test_another_scripts_digits_are_no_notation(parse: Callable[[str], Any], text: str) -> None:
    with pytest.raises(InvalidActionError, match="the notation is ASCII"):
        parse(text)


# ============================================================ 5. lone surrogates and whole files

SURROGATE_PLACES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("player", lambda d: d.__setitem__("players", ["\ud800", "Ben"]), "players[0]"),
    ("meta value", lambda d: d.__setitem__("meta", {"event": ["ok", "\udfff"]}), "meta.event[1]"),
    ("meta key", lambda d: d.__setitem__("meta", {"site": {"\ud83d": 1}}), "meta.site"),
    ("deal meta", lambda d: d["deals"][-1].__setitem__("meta", {"table": "T\udc00"}), "deals[{last}].meta.table"),
    ("variant title", lambda d: d.__setitem__("variant", {"extends": d["variant"], "title": "\ud800"}), "variant"),
    ("card", lambda d: d["deals"][0]["events"][1].__setitem__("card", "\ud800"), "deals[0].events[1].card"),
]


@pytest.mark.parametrize("doc", [SPEED_LOG, SPIT_LOG], ids=["speed", "spit"])
@pytest.mark.parametrize(("label", "spoil", "place"), SURROGATE_PLACES, ids=[p[0] for p in SURROGATE_PLACES])
def test_a_lone_surrogate_anywhere_is_refused_at_its_place(
    doc: dict[str, Any], label: str, spoil: Callable[[dict[str, Any]], None], place: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bad = copy.deepcopy(doc)
    spoil(bad)
    where = place.format(last=len(bad["deals"]) - 1)
    texts = {".json": json.dumps(bad), ".yaml": speedrules.core.documents.dump_yaml(bad)}  # "\\ud800" escapes in both
    for suffix, text in texts.items():
        path = tmp_path / f"odd{suffix}"
        path.write_text(text, encoding="utf-8")
        output = tmp_path / "page.html"
        output.write_bytes(b"the page of an earlier run")
        for command in (["referee"], ["referee", "--all"], ["render", "-o", str(output)], ["view", "-o", str(output)]):
            code, out, err = run(capsys, command[0], str(path), *command[1:])
            assert code == 2, (label, suffix, command, code, out, err)
            assert f"{path}: {where}" in err, (label, suffix, command, err)
        assert output.read_bytes() == b"the page of an earlier run"
    for attempt in (lambda: parse_log(bad, "doc"), lambda: referee_data(bad, "doc"),
                    lambda: referee_text(json.dumps(bad, ensure_ascii=False), "doc")):
        with pytest.raises(LogError) as info:
            attempt()
        assert str(info.value).startswith(f"doc: {where}"), (label, str(info.value))


def test_a_surrogate_pair_is_one_character_not_two() -> None:
    """An escaped pair (what json.dumps writes for an emoji) is text like any other."""
    doc = copy.deepcopy(SPEED_LOG)
    doc["players"] = ["\U0001f600", "Ben"]
    assert "\\ud83d\\ude00" in json.dumps(doc)
    assert referee_text(json.dumps(doc), "emoji.json").names == ("\U0001f600", "Ben")


class Failing:
    """A file that takes ``room`` bytes and then fails, as a full disk does."""

    def __init__(self, real: Any, room: int) -> None:
        self.real, self.room = real, room

    def write(self, data: bytes) -> int:
        if len(data) > self.room:
            self.real.write(data[: self.room])
            self.room = 0
            raise OSError(28, "No space left on device")
        self.room -= len(data)
        return int(self.real.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> Failing:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real_fdopen = os.fdopen
    monkeypatch.setattr(documents_module.os, "fdopen", lambda fd, *a, **k: Failing(real_fdopen(fd, *a, **k), 100))
    yield


WRITERS: list[tuple[str, list[str]]] = [
    ("page.svg", ["render", str(ROOT / "examples" / "tied-deal.json"), "-o", "{out}"]),
    ("page.html", ["view", str(ROOT / "examples" / "spit-game.json"), "-o", "{out}"]),
    ("deal.json", ["deal", "speed", "--seed", "3", "--log", "{out}", "--force"]),
    ("deal.yaml", ["deal", "spit", "--seed", "3", "--log", "{out}", "--force"]),
    ("games.jsonl", ["simulate", "speed", "-n", "3", "--seed", "1", "--logs", "{out}"]),
    ("plot.svg", ["simulate", "speed", "-n", "3", "--seed", "1", "--plot", "{out}"]),
]


@pytest.mark.parametrize(("name", "argv"), WRITERS, ids=[w[1][0] + " " + w[0] for w in WRITERS])
def test_a_failed_write_leaves_the_old_file_byte_for_byte(
    name: str, argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], full_disk: None,
) -> None:
    out = tmp_path / name
    old = b"an earlier run's file\n" * 50
    out.write_bytes(old)
    os.chmod(out, 0o640)
    code, _, err = run(capsys, *[a.format(out=out) for a in argv])
    assert code == 2 and "No space left on device" in err, (code, err)
    assert out.read_bytes() == old
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == [name], "a temporary file was left behind"


@pytest.mark.parametrize(("name", "argv"), WRITERS, ids=[w[1][0] + " " + w[0] for w in WRITERS])
def test_a_written_file_replaces_the_old_one_keeping_its_mode(
    name: str, argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / name
    out.write_bytes(b"old")
    os.chmod(out, 0o640)
    code, _, err = run(capsys, *[a.format(out=out) for a in argv])
    assert code == 0, err
    assert out.read_bytes() != b"old" and len(out.read_bytes()) > 100
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_write_log_and_a_link_and_a_device(tmp_path: Path) -> None:
    """write_log replaces whole too; a link keeps pointing at its (replaced) target; a device is
    written as it is (/dev/null stays /dev/null); a new file gets the umask's permissions."""
    log = speedrules.deal("speed", seed=2).to_log()
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_log(log, link)
    assert link.is_symlink() and read_log(target) == log
    write_file(os.devnull, b"nothing")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    mask = os.umask(0o022)
    try:
        write_file(tmp_path / "new.txt", "text \ud800")  # a lone surrogate written as an escape
    finally:
        os.umask(mask)
    assert (tmp_path / "new.txt").read_bytes() == b"text \\ud800"
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644


def test_an_archive_is_put_in_place_only_when_the_run_is_complete(tmp_path: Path) -> None:
    archive = tmp_path / "games.jsonl"
    archive.write_bytes(b"old\n")
    running = speedrules.simulate("speed", 5, seed=1, logs=archive)
    next(iter(running))
    running.close()  # type: ignore[attr-defined]
    assert archive.read_bytes() == b"old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
    assert len(list(speedrules.simulate("speed", 5, seed=1, logs=archive))) == 5
    assert len(archive.read_bytes().splitlines()) == 5


def test_replacing_gives_up_the_new_file_on_any_error(tmp_path: Path) -> None:
    target = tmp_path / "x.bin"
    target.write_bytes(b"kept")
    with pytest.raises(KeyboardInterrupt), replacing(target) as handle:
        handle.write(b"partial")
        raise KeyboardInterrupt
    assert target.read_bytes() == b"kept" and [p.name for p in tmp_path.iterdir()] == ["x.bin"]


@pytest.mark.parametrize("argv", [["render", "examples/illegal-play.json", "--viewer", "\u0661", "-o", "-"],
                                  ["simulate", "speed", "-n", "\u0662"]])
def test_command_line_numbers_are_ascii_digits(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """int() reads an Arabic-Indic digit as a number; an argument's number is ASCII, as the notation's is."""
    from speedrules.cli.main import main

    assert main(argv) == 2
    assert "must be" in capsys.readouterr().err
