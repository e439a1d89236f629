"""Regression tests for hostile input: each crash class and each path attack of the
hostile-input issue, with its own small input file in tests/hostile/.

The files: ``tests/hostile/secret.yaml`` stands for a file no log may read (its text
must never be echoed); ``tests/hostile/logs/`` holds logs that try to reach it (``..``,
absolute paths, a symlink, an ``extends`` chain), logs that name devices, and logs and
an archive with the parser crash classes; ``tests/hostile/variants/`` holds variant files
a user names on the command line, one per crash class.  Every one must be refused with
exit 2 (or judged, where the input is legal) within two seconds, with a one-line message
that names the file and the place, never a traceback and never the secret.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import stat
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import speedrules
from speedrules import Card, Draw, Game, IllegalActionError, Play, deal, load_variant, variant_from_document
from speedrules.cli.main import main
from speedrules.core.documents import MAX_VARIANT_BYTES, brief
from speedrules.core.errors import InvalidActionError, SpeedrulesError
from speedrules.judge.referee import referee_path, referee_text
from speedrules.logs.log import LogError, iter_log_lines, parse_log, read_log

HOSTILE = Path(__file__).resolve().parent / "hostile"
LOGS = HOSTILE / "logs"
VARIANTS = HOSTILE / "variants"
SECRETS = ("s3cr3t", "db_password")
PACKAGE = Path(speedrules.__file__).resolve().parent
REPO = PACKAGE.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str, float]:
    start = time.process_time()
    code = main(list(argv))
    elapsed = time.process_time() - start
    out, err = capsys.readouterr()
    return code, out, err, elapsed


def assert_clean(out: str, err: str, elapsed: float) -> None:
    """No traceback, no internal error, no secret, short lines, quick."""
    assert "Traceback" not in err and "internal error" not in err, err
    for secret in SECRETS:
        assert secret not in out and secret not in err, (out, err)
    assert all(len(line) <= 1000 for line in (out + err).splitlines()), "a message echoes a whole value"
    assert elapsed < 2.0, f"took {elapsed:.2f} s"


# ----------------------------------------------------------------------------- the path attacks

REFUSED = "may not be read: a log may name a bundled variant, or a variant file in its own folder"

LOG_CASES = [
    ("variant-dotdot.json", ": variant", REFUSED),
    ("variant-absolute.json", ": variant", REFUSED),
    ("variant-symlink.json", ": variant", "it leads out of the log's folder"),
    ("variant-long-name.json", ": variant", "a file name longer than 255 bytes is not looked up"),
    ("variant-chain-out.json", ": variant", REFUSED),
    ("variant-directory.json", ": variant", "it is a directory"),
    ("extends-dotdot.json", ": variant: extends", REFUSED),
    ("extends-etc-shadow.json", ": variant: extends", REFUSED),
    ("extends-dev-zero.json", ": variant: extends", REFUSED),
    ("extends-dev-stdin.json", ": variant: extends", REFUSED),
    ("extends-proc-environ.json", ": variant: extends", REFUSED),
    ("extends-nul.json", ": variant: extends", "a file name cannot hold a NUL byte"),
    ("extends-long-name.json", ": variant: extends", "is too long (maxLength 256)"),
    # the crash classes in logs
    ("nan-deep-meta.json", ": deals[0].events[1].t", "nan is not a number a log allows"),
    ("long-decimal.json", ": line 1, column 578", "a number of 5000 digits is longer than speedrules reads"),
    ("duplicate-key.json", ": line 1, column 518", "duplicate key 'pile'"),
    ("yaml-tag.yaml", ": line 4, column 39", "YAML tags ('!!float') are not allowed"),
    ("yaml-hex.yaml", ": line 4, column 39", "a number of 3602 characters is longer than speedrules reads"),
]


@pytest.mark.parametrize(("name", "where", "reason"), LOG_CASES, ids=[c[0] for c in LOG_CASES])
@pytest.mark.parametrize("flags", [(), ("--json",), ("--all",)], ids=["text", "json", "all"])
def test_hostile_logs_exit_2_naming_log_place_and_reason(
    capsys: pytest.CaptureFixture[str], name: str, where: str, reason: str, flags: tuple[str, ...]
) -> None:
    path = str(LOGS / name)
    code, out, err, elapsed = run(capsys, "referee", path, *flags)
    assert code == 2
    assert_clean(out, err, elapsed)
    if "--json" in flags:
        error = json.loads(out)["error"]
        first = f"speedrules: {error['location']}: {error['message']}"
    else:
        assert out == ""
        first = err.splitlines()[0]
    assert first.startswith(f"speedrules: {path}{where}"), first
    assert reason in first, first


def test_a_variant_file_in_the_logs_own_folder_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    """The near miss of the attacks: a relative name with no '..' inside the folder is allowed."""
    code, out, err, elapsed = run(capsys, "referee", str(LOGS / "variant-in-folder.json"))
    assert code == 0, err
    assert out.splitlines()[0].endswith(": house: valid")
    assert_clean(out, err, elapsed)


def test_no_path_attack_reads_the_secret_through_the_api() -> None:
    for name, _where, _reason in LOG_CASES[:13]:
        with pytest.raises(LogError) as info:
            read_log(LOGS / name)
        assert str(LOGS / name) in str(info.value)
        assert not any(s in str(info.value) for s in SECRETS)


def test_a_log_from_text_may_name_no_file_unless_given_a_folder() -> None:
    """``referee_text``'s name only names the log: it never says where variant files are."""
    text = (LOGS / "variant-in-folder.json").read_text(encoding="utf-8")
    with pytest.raises(LogError, match="this log was not read from a file"):
        referee_text(text, str(LOGS / "variant-in-folder.json"))
    with pytest.raises(LogError, match="this log was not read from a file"):
        parse_log(json.loads(text), str(LOGS / "variant-in-folder.json"))
    assert referee_text(text, "upload", variant_dir=LOGS).valid
    assert speedrules.referee(parse_log(json.loads(text), "upload", variant_dir=LOGS)).valid
    # An explicit, trusted variant needs no file at all.
    assert referee_text(text, "upload", variant=load_variant(LOGS / "house.yaml")).valid


def test_an_absolute_path_to_a_real_secret_is_refused_without_echo(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text((HOSTILE / "secret.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "logs").mkdir()
    data = json.loads((LOGS / "variant-in-folder.json").read_text(encoding="utf-8"))
    for i, ref in enumerate([str(secret), {"extends": str(secret)}, "../secret.yaml", {"extends": "../secret.yaml"}]):
        log = tmp_path / "logs" / f"log{i}.json"
        log.write_text(json.dumps({**data, "variant": ref}), encoding="utf-8")
        code, out, err, elapsed = run(capsys, "referee", str(log))
        assert code == 2 and REFUSED in err
        assert_clean(out, err, elapsed)
    # The user may name the same file: then it is read, and its problems are reported.
    code, out, err, elapsed = run(capsys, "check-variant", str(secret))
    assert code == 2 and "unknown field 'db_password'" in err


class OpenedFiles:
    """Every path opened while a block runs (an audit hook: it sees ``open``, ``os.open`` and
    ``io.open`` alike).  Audit hooks cannot be removed, so one stays, idle between uses."""

    _lock = threading.Lock()
    _active: list[str] | None = None
    _installed = False

    @classmethod
    def _hook(cls, event: str, args: tuple[Any, ...]) -> None:
        if cls._active is not None and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
            cls._active.append(os.fsdecode(args[0]))

    def __enter__(self) -> list[str]:
        with self._lock:
            if not OpenedFiles._installed:
                sys.addaudithook(OpenedFiles._hook)
                OpenedFiles._installed = True
        OpenedFiles._active = []
        return OpenedFiles._active

    def __exit__(self, *_: object) -> None:
        OpenedFiles._active = None


def _allowed(opened: str, log: Path) -> bool:
    real = Path(os.path.realpath(opened))
    if real == Path(os.path.realpath(log)) or real.is_relative_to(os.path.realpath(log.parent)):
        return True
    if real.suffix in (".py", ".pyc", ".so") or real.name.endswith(".pth"):
        return True  # a module imported on first use
    return any(real.is_relative_to(REPO / d) or real.is_relative_to(PACKAGE / d) for d in ("variants", "schemas"))


@pytest.mark.parametrize("name", sorted(p.name for p in LOGS.iterdir() if p.suffix in (".json", ".jsonl")))
def test_refereeing_opens_only_the_log_its_folder_and_the_bundled_files(name: str) -> None:
    log = LOGS / name
    with OpenedFiles() as opened:
        results = list(referee_path(str(log)))
        if log.suffix == ".json":
            with contextlib.suppress(LogError):
                read_log(log)
    assert results
    outside = [p for p in opened if not _allowed(p, log)]
    assert not outside, outside
    assert not any(os.path.realpath(p) == str(HOSTILE / "secret.yaml") for p in opened)


# ----------------------------------------------------------------------------- files a user names


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    yield path


def _special_files(fifo: Path) -> list[str]:
    return [p for p in ("/dev/zero", "/dev/null", "/dev/stdin", str(fifo)) if os.path.exists(p)]


def test_a_user_named_device_or_fifo_is_refused_at_once(fifo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    for path in _special_files(fifo):
        for argv in (["check-variant", path], ["show", path], ["deal", path, "--seed", "1"],
                     ["referee", str(LOGS / "variant-in-folder.json"), "--variant", path], ["referee", path]):
            code, out, err, elapsed = run(capsys, *argv)
            assert code == 2, (argv, err)
            assert "not a regular file" in err, (argv, err)
            assert_clean(out, err, elapsed)
        with pytest.raises(SpeedrulesError, match="not a regular file"):
            load_variant(path)
        with pytest.raises(LogError, match="not a regular file"):
            read_log(path)


def test_a_fifo_archive_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "pipe.jsonl"
    os.mkfifo(path)
    results = list(referee_path(str(path)))
    assert len(results) == 1 and isinstance(results[0][1], LogError)
    assert "not a regular file" in str(results[0][1])


def test_user_named_variant_files_are_capped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("extends: speed\ntitle: " + "x" * (MAX_VARIANT_BYTES + 10) + "\n", encoding="utf-8")
    code, out, err, elapsed = run(capsys, "check-variant", str(big))
    assert code == 2 and f"over the {MAX_VARIANT_BYTES} byte limit" in err
    assert_clean(out, err, elapsed)
    near = tmp_path / "near.yaml"  # the near miss: a long (too long) title under the cap is read and checked
    near.write_text("extends: speed\ntitle: " + "x" * 500_000 + "\n", encoding="utf-8")
    code, out, err, elapsed = run(capsys, "check-variant", str(near))
    assert code == 2 and "title: 'xxx" in err and "is too long" in err
    assert_clean(out, err, elapsed)


def test_a_cli_argument_with_an_overlong_name_is_a_located_error(capsys: pytest.CaptureFixture[str]) -> None:
    long_name = "z" * 300 + ".yaml"
    for argv in (["check-variant", long_name], ["referee", long_name], ["referee", long_name + ".jsonl"],
                 ["referee", str(LOGS / "variant-in-folder.json"), "--variant", long_name]):
        code, out, err, elapsed = run(capsys, *argv)
        assert code == 2 and "longer than 255 bytes" in err, err
        assert_clean(out, err, elapsed)
    with pytest.raises(SpeedrulesError, match="NUL"):
        load_variant("a\x00b.yaml")
    with pytest.raises(LogError, match="NUL"):
        read_log("a\x00b.json")


# ----------------------------------------------------------------------------- variant files: the crash classes

VARIANT_CASES = [
    ("tag-int.yaml", ": line 2, column 10", "YAML tags ('!!int') are not allowed"),
    ("tag-float.yaml", ": line 2, column 10", "YAML tags ('!!float') are not allowed"),
    ("tag-bool.yaml", ": line 2, column 7", "YAML tags ('!!bool') are not allowed"),
    ("tag-timestamp.yaml", ": line 2, column 8", "YAML tags ('!!timestamp') are not allowed"),
    ("tag-python.yaml", ": line 2, column 8", "YAML tags ('!!python/object/apply:os.system') are not allowed"),
    ("long-decimal.yaml", ": line 2, column 10", "a number of 5000 characters is longer than speedrules reads"),
    ("long-decimal.json", ": line 1, column 33", "a number of 5000 digits is longer than speedrules reads"),
    ("hex-integer.yaml", ": players", "<an integer of about 3492 digits> is greater than the maximum of 4"),
    ("extends-long-name.yaml", ": extends", "is too long (maxLength 256)"),
    ("extends-nul.json", ": extends", "a file name cannot hold a NUL byte"),
    ("duplicate-key.json", ": line 1, column 1", "duplicate key 'players'"),
    ("many-keys.yaml", ": (top level)", "unknown fields 'k0', 'k1', 'k10', 'k100', 'k1000' and 2995 more"),
    ("many-values.yaml", ": line 2", "more than 20000 values"),
    ("many-problems.yaml", ": sources[0]", "1 is not of type 'object'"),
]


@pytest.mark.parametrize(("name", "where", "reason"), VARIANT_CASES, ids=[c[0] for c in VARIANT_CASES])
def test_hostile_variant_files_exit_2_naming_file_place_and_reason(
    capsys: pytest.CaptureFixture[str], name: str, where: str, reason: str
) -> None:
    path = str(VARIANTS / name)
    for argv in (["check-variant", path], ["show", path], ["deal", path, "--seed", "1"]):
        code, out, err, elapsed = run(capsys, *argv)
        assert code == 2, err
        assert_clean(out, err, elapsed)
        first = err.splitlines()[0]
        assert first.startswith(f"speedrules: {path}{where}"), first
        assert reason in first, first
    with pytest.raises(speedrules.VariantError):
        load_variant(path)


def test_a_document_with_many_problems_lists_twenty(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err, _ = run(capsys, "check-variant", str(VARIANTS / "many-problems.yaml"))
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 22
    assert lines[-2].endswith("more problems follow; only the first 20 are listed")
    assert lines[-1].endswith("not a valid variant (more than 20 problems)")


def test_an_implicit_date_stays_text() -> None:
    """PyYAML would make ``2024-13-45`` a date (and raise from inside its constructor)."""
    assert load_variant(VARIANTS / "date-title.yaml").title == "2024-13-45"


def test_an_extends_chain_is_bounded_and_blames_its_start(tmp_path: Path) -> None:
    def chain(n: int) -> Path:
        for i in range(n):
            parent = f"c{i + 1}.yaml" if i + 1 < n else "speed"
            (tmp_path / f"c{i}.yaml").write_text(f"extends: {parent}\n", encoding="utf-8")
        return tmp_path / "c0.yaml"

    assert load_variant(chain(20)).name == "c0"  # a long chain is fine
    for name in list(tmp_path.iterdir()):
        name.unlink()
    start = time.process_time()
    with pytest.raises(speedrules.VariantError) as info:
        load_variant(chain(1000))
    assert time.process_time() - start < 2.0
    ((where, why),) = info.value.errors
    assert where.endswith("c32.yaml: extends")
    assert "longer than 32 variants" in why and str(tmp_path / "c0.yaml") in why


def test_an_embedded_variant_with_a_huge_title_or_many_keys_is_refused_quickly(tmp_path: Path) -> None:
    data = json.loads((LOGS / "variant-in-folder.json").read_text(encoding="utf-8"))
    for variant, reason in (({"extends": "speed", "title": "t" * 10_000_000}, "over the size limit"),
                            ({"extends": "speed", **{f"k{i}": i for i in range(50_000)}}, "and 49995 more")):
        log = tmp_path / "log.json"
        log.write_text(json.dumps({**data, "variant": variant}), encoding="utf-8")
        start = time.process_time()
        with pytest.raises(LogError) as info:
            read_log(log)
        assert time.process_time() - start < 2.0
        assert len(str(info.value)) < 600
        assert reason in str(info.value)


# ----------------------------------------------------------------------------- archives


def test_an_archive_judges_every_readable_line_and_names_each_bad_one() -> None:
    path = LOGS / "archive.jsonl"
    assert path.read_bytes().count(b"\r") == 1 and b"\xff" in path.read_bytes()
    results = dict(referee_path(str(path)))
    assert list(results) == [f"{path}:{n}" for n in range(1, 7)]
    valid = {n: not isinstance(v, LogError) and v.valid for n, v in enumerate(results.values(), start=1)}
    assert valid == {1: True, 2: False, 3: True, 4: False, 5: False, 6: True}
    line2, line4, line5 = results[f"{path}:2"], results[f"{path}:4"], results[f"{path}:5"]
    assert isinstance(line2, LogError) and "not UTF-8 text" in str(line2) and str(line2).startswith(f"{path}:2: ")
    assert not isinstance(line4, LogError) and line4.violations[0].rule == "play.rank"
    assert isinstance(line5, LogError) and "duplicate key 'deals'" in str(line5)
    # The API reader agrees line by line.
    read = dict(iter_log_lines(path))
    assert list(read) == list(results)
    assert [isinstance(v, LogError) for v in read.values()] == [isinstance(v, LogError) for v in results.values()]


def test_the_cli_reports_the_bad_lines_of_an_archive_and_judges_the_rest(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err, elapsed = run(capsys, "referee", str(LOGS / "archive.jsonl"))
    assert code == 2
    assert_clean(out, err, elapsed)
    assert [line.split(": ")[0] for line in out.splitlines() if not line.startswith(" ")] == [
        f"{LOGS / 'archive.jsonl'}:{n}" for n in (1, 3, 4, 6)]
    assert [line.split(": ")[1] for line in err.splitlines()] == [
        f"{LOGS / 'archive.jsonl'}:2", f"{LOGS / 'archive.jsonl'}:5"]


# ----------------------------------------------------------------------------- values in messages


def test_brief_never_fails_and_never_grows() -> None:
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    for value in (16 ** 3600, 10 ** 5000 if sys.get_int_max_str_digits() == 0 else 7 ** 6000,
                  "x" * 10_000_000, deep, {str(i): i for i in range(100_000)}, b"\x00" * 1000, float("nan")):
        assert len(brief(value)) <= 80
    assert brief("short") == "'short'"
    assert brief(12) == "12"


def test_names_with_control_characters_are_shown_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads((LOGS / "variant-in-folder.json").read_text(encoding="utf-8"))
    log = tmp_path / "log.json"
    log.write_text(json.dumps({**data, "variant": "speed", "players": ["A\x1b[2Jnn", "B\u202eob"]}), encoding="utf-8")
    code, out, _err, _ = run(capsys, "referee", str(log))
    assert code == 0
    assert "\x1b" not in out and "\u202e" not in out
    assert "A\\x1b[2Jnn won" in out


# ----------------------------------------------------------------------------- the Game API


def _views(game: Game) -> tuple[Any, ...]:
    return (game.hands, game.draw_stacks, game.piles, game.reserves, game.draws_owed, game.history,
            game.history_times, game.is_revealed, game.outcome(), game.legal_actions())


@pytest.mark.parametrize("t", ["5", math.nan, math.inf, -math.inf, -1, True, [], {}, 1j])
def test_a_bad_time_is_refused_and_changes_nothing(t: Any) -> None:
    game = deal(load_variant("speed"), seed=4)
    game.apply(speedrules.Reveal(), t=0)
    action = game.legal_actions(0)[0]
    before = _views(game)
    for attempt in (lambda: game.apply(action, t=t), lambda: game.check(action, t=t),
                    lambda: game.is_legal(action, t=t)):
        with pytest.raises(InvalidActionError, match="a time is a finite number of milliseconds"):
            attempt()
        assert _views(game) == before
    game.apply(action, t=10)  # the game goes on, and its log is valid
    assert speedrules.referee(game.to_log()).valid


def test_a_joker_declared_outside_the_ranks_breaks_play_joker() -> None:
    """Under runs and jokers a declared rank of -1 raised "negative shift count"."""
    variant = variant_from_document({"extends": "speed-jokers", "runs": True}, name="runs-jokers")
    for seed in range(200):
        game = deal(variant, seed=seed)
        game.reveal()
        hand = game.hands[0]
        others = [c for c in hand if not c.is_joker]
        if Card.parse("JK") in hand and others:
            break
    else:
        pytest.fail("no deal gave seat 0 a joker and another card")
    before = _views(game)
    for declared in ((-1,), (0,), (14,), (10 ** 30,)):
        for cards in ((Card.parse("JK"), others[0]), (Card.parse("JK"),)):
            problem = game.check(Play(0, cards, 0, declared=declared))
            assert problem is not None and problem.rule == "play.joker", problem
            with pytest.raises(IllegalActionError):
                game.apply(Play(0, cards, 0, declared=declared))
            assert _views(game) == before


def test_actions_parse_card_text_or_refuse_it_at_construction() -> None:
    assert Play(0, "JC", 1).cards == (Card.parse("JC"),)
    assert Play(0, ["JC", Card.parse("QC")], 1).cards == (Card.parse("JC"), Card.parse("QC"))
    assert Draw(0, "7h").card == Card.parse("7H")
    assert Play(0, "JK", 0, declared="Q").declared == (12,)
    for bad in ("J C", "1X", 123, None, [object()], ["JC", 5]):
        with pytest.raises(speedrules.CardError):
            Play(0, bad, 0)  # type: ignore[arg-type]
    for seat in (True, "0", 1.0, None):
        with pytest.raises(InvalidActionError):
            Play(seat, "JC", 0)  # type: ignore[arg-type]
        with pytest.raises(InvalidActionError):
            Draw(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        Play(0, "JC", "1")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        Play(0, "JK", 0, declared=[None])  # type: ignore[list-item]
    game = deal(load_variant("speed"), seed=1)
    with pytest.raises(InvalidActionError, match="not an action"):
        game.apply("play")  # type: ignore[arg-type]
    with pytest.raises(TypeError):  # still a TypeError, as it was
        deal(load_variant("speed"), "1")  # type: ignore[arg-type]


@pytest.mark.parametrize("place", ["top", "meta", "deal", "layout", "event", "variant", "deep-meta"])
@pytest.mark.parametrize("colons_in_strings", [False, True])
def test_a_duplicate_key_anywhere_in_a_json_log_is_refused(place: str, colons_in_strings: bool) -> None:
    """The cheap test (colons against pairs) and the slow scan that locates the key, wherever
    the key repeats, also when strings hold colons (which defeat the cheap test)."""
    data = json.loads((LOGS / "variant-in-folder.json").read_text(encoding="utf-8"))
    data["variant"] = {"extends": "speed", "title": "a: b" if colons_in_strings else "plain"}
    data["meta"] = {"note": "12:30" if colons_in_strings else "noon", "deep": {"x": {"y": 1}}}
    text = json.dumps(data)
    marker = {"top": ('"format": ', '"format": "speedrules-log/1", "format": '),
              "meta": ('"note": ', '"note": 1, "note": '),
              "deal": ('"events": ', '"events": [], "events": '),
              "layout": ('"starters": ', '"starters": [], "starters": '),
              "event": ('"type": "reveal"', '"type": "reveal", "type": "reveal"'),
              "variant": ('"extends": ', '"extends": "speed", "extends": '),
              "deep-meta": ('"y": 1', '"y": 1, "y": 2')}[place]
    assert marker[0] in text
    bad = text.replace(marker[0], marker[1], 1)
    assert referee_text(text, "log.json").valid  # the near miss: the same log without the repeat
    with pytest.raises(LogError, match="duplicate key") as info:
        referee_text(bad, "log.json")
    assert str(info.value).startswith("log.json: line 1, column ")
    with pytest.raises(LogError, match="duplicate key"):
        parse_log(speedrules.logs.log.parse_log_text(bad, "log.json"), "log.json")


def _junk_calls() -> list[tuple[str, Any]]:
    speed = load_variant("speed")
    game = deal(speed, seed=2)
    game.reveal()
    return [
        ("legal_actions('x')", lambda: game.legal_actions("x")),
        ("legal_actions(99)", lambda: game.legal_actions(99)),
        ("deal(None)", lambda: deal(None, seed=1)),  # type: ignore[arg-type]
        ("deal(names=[1, 2])", lambda: deal(speed, seed=1, names=[1, 2])),  # type: ignore[list-item]
        ("deal(names=['a'])", lambda: deal(speed, seed=1, names=["a"])),
        ("fits(5, ...)", lambda: speedrules.fits(speed, 5, "AD")),  # type: ignore[arg-type]
        ("parse_cards(5)", lambda: speedrules.parse_cards(5)),  # type: ignore[arg-type]
        ("Game.from_layout(v, 'x')", lambda: Game.from_layout(speed, "x")),  # type: ignore[arg-type]
        ("check_layout(v, None)", lambda: speedrules.check_layout(speed, None)),  # type: ignore[arg-type]
        ("Layout(hands=5)", lambda: speedrules.Layout(hands=5, draw=[], starters=[], reserves=[])),
        ("Layout.from_json({...})", lambda: speedrules.Layout.from_json({"hands": [["ZZ"]]})),
        ("Layout.from_json(5)", lambda: speedrules.Layout.from_json(5)),  # type: ignore[arg-type]
        ("Game.from_codes(999)", lambda: Game.from_codes(speed, [[999]], [[]], [1, 2], [[]])),
        ("Game.from_codes(5)", lambda: Game.from_codes(speed, 5, [[]], [1, 2], [[]])),  # type: ignore[arg-type]
        ("referee('x')", lambda: speedrules.referee("x")),  # type: ignore[arg-type]
        ("read_log(5)", lambda: read_log(5)),  # type: ignore[arg-type]
        ("write_log(5, ...)", lambda: speedrules.write_log(5, "never-written.json")),  # type: ignore[arg-type]
        ("make_bots(5, 2)", lambda: speedrules.make_bots(5, 2)),  # type: ignore[arg-type]
        ("simulate(5, 1)", lambda: list(speedrules.simulate(5, 1))),  # type: ignore[arg-type]
        ("deal_layout(v, 5)", lambda: speedrules.deal_layout(speed, 5)),  # type: ignore[arg-type]
        ("log_from_games([5])", lambda: speedrules.log_from_games([5])),  # type: ignore[list-item]
        ("log_from_games([])", lambda: speedrules.log_from_games([])),
        ("iter_log_lines(5)", lambda: list(iter_log_lines(5))),  # type: ignore[arg-type]
        ("game.rebuild(5)", lambda: game.rebuild(5)),  # type: ignore[arg-type]
        ("summarize([5])", lambda: speedrules.summarize([5])),  # type: ignore[list-item]
        ("variant_from_document(5)", lambda: variant_from_document(5)),
        ("load_variant(5)", lambda: load_variant(5)),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("index", range(len(_junk_calls())))
def test_junk_arguments_to_the_api_raise_the_librarys_errors(index: int) -> None:
    name, call = _junk_calls()[index]
    with pytest.raises(SpeedrulesError):
        call()
    assert not Path("never-written.json").exists(), name


def test_a_variant_is_taken_by_name_wherever_a_variant_is_taken() -> None:
    game = deal("speed", seed=1)
    assert game.variant is load_variant("speed")
    assert speedrules.fits("speed", "KS", "AD") and not speedrules.fits("speed-no-wrap", "KS", "2D")
    assert speedrules.check_layout("speed", game.layout) is None
    log = game.to_log()
    assert speedrules.referee(log, variant="speed").valid


def test_a_json_document_reads_the_same_from_a_yaml_file(tmp_path: Path) -> None:
    """JSON is YAML 1.2, not quite 1.1: PyYAML alone would read ``1e+308`` or ``1.5e3`` as text."""
    from speedrules.core.documents import parse_text

    text = '{"a": 1e+308, "b": 1.5e3, "c": -2E-3, "d": 12, "e": "1e5", "f": 0.5}'
    assert parse_text("--- \n" + text, "doc.yaml") == json.loads(text)
    (tmp_path / "title.yaml").write_text('--- \n{"extends": "speed", "title": 1e+308}\n', encoding="utf-8")
    with pytest.raises(speedrules.VariantError, match="is not of type 'string'"):
        load_variant(tmp_path / "title.yaml")


def test_a_log_written_as_yaml_reads_back_the_same() -> None:
    """The YAML writer quotes every string the reader would take for a number or another type."""
    game = deal("speed", seed=3)
    game.reveal()
    names = ["1e3", "2024-01-01"]
    out = io.StringIO()
    speedrules.write_log(game.to_log(players=names), out, yaml_format=True)
    back = read_log(io.StringIO(out.getvalue()))
    assert back.names == tuple(names) and back == game.to_log(players=names)
