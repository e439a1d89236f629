"""`speedrules referee` and `speedrules deal --log` on the command line."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import speedrules
from speedrules.cli.main import main

REPO = Path(__file__).resolve().parent.parent
FINISHED = str(REPO / "examples" / "finished-game.json")
ILLEGAL = str(REPO / "examples" / "illegal-play.json")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_exit_codes_follow_the_worst_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "referee", FINISHED)[0] == 0
    assert run(capsys, "referee", FINISHED, ILLEGAL)[0] == 1
    missing = str(tmp_path / "missing.json")
    code, out, err = run(capsys, "referee", ILLEGAL, missing, FINISHED)
    assert code == 2
    assert f"{missing}: cannot read: no such file" in err and "Traceback" not in err
    assert "illegal-play.json: speed: BREAKS A RULE" in out and "finished-game.json: speed: valid" in out


def test_json_lines_in_input_order_with_error_objects(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "speedrules-log/1", "variant": "speed", "deals": [{"layout": {}, ', encoding="utf-8")
    code, out, _ = run(capsys, "referee", "--json", ILLEGAL, str(bad), FINISHED)
    assert code == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["file"] for line in lines] == [ILLEGAL, str(bad), FINISHED]
    assert lines[0]["valid"] is False and lines[0]["deals"][0]["violations"][0]["rule"] == "play.rank"
    assert set(lines[1]) == {"file", "error"}
    assert "not valid JSON" in lines[1]["error"]["message"]
    assert lines[1]["error"]["location"].startswith(str(bad))
    assert lines[2]["valid"] is True and lines[2]["deals"][0]["finished"] is True


def test_schema_failure_is_located(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(Path(FINISHED).read_text(encoding="utf-8"))
    data["deals"][0]["events"][3]["card"] = "1X"
    path = tmp_path / "bad-card.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "referee", str(path))
    assert (code, out) == (2, "")
    assert f"{path}: deals[0].events[3].card: '1X' is not a card" in err


def test_variant_override_changes_the_judgement(capsys: pytest.CaptureFixture[str]) -> None:
    # Under speed-doubles the same log is judged by other rules; the variant is named in the output.
    code, out, _ = run(capsys, "referee", "--json", "--variant", "speed-15", FINISHED)
    verdict = json.loads(out)
    assert verdict["variant"] == "speed-15"
    assert code == 1 and verdict["deals"][0]["violations"][0]["rule"] == "layout.shape"
    code, _, err = run(capsys, "referee", "--variant", "no-such-variant", FINISHED)
    assert code == 2 and "unknown variant" in err


def test_jsonl_archive_reports_each_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [json.dumps(json.loads(Path(p).read_text(encoding="utf-8"))) for p in (FINISHED, ILLEGAL)]
    archive = tmp_path / "archive.jsonl"
    archive.write_text("\n".join([lines[0], "{not json", lines[1]]) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "referee", "--json", str(archive))
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["file"] for r in results] == [f"{archive}:1", f"{archive}:2", f"{archive}:3"]
    assert results[0]["valid"] is True and "error" in results[1] and results[2]["valid"] is False
    assert code == 2


def test_alias_bomb_log_is_refused_quickly(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bomb = "\n".join(
        ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
        + [f"{b}: &{b} [" + ", ".join([f"*{a}"] * 9) + "]" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
    )
    path = tmp_path / "bomb.yaml"
    path.write_text(bomb, encoding="utf-8")
    start = time.process_time()
    code, _, err = run(capsys, "referee", str(path))
    assert time.process_time() - start < 1.0
    assert code == 2 and "aliases" in err and str(path) in err


def test_deal_log_starts_a_log_the_referee_accepts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    code, out, _ = run(capsys, "deal", "speed-three", "--seed", "4", "--json", "--log", str(path),
                       "--players", "Ann,Ben,Cleo")
    assert code == 0
    log = speedrules.read_log(path)
    assert log.players == ("Ann", "Ben", "Cleo")
    assert log.data["deals"][0]["layout"] == json.loads(out)
    assert log.data["deals"][0]["events"] == []
    assert log.variant.name == "speed-three"
    code, out, _ = run(capsys, "referee", "--json", str(path))
    verdict = json.loads(out)
    assert code == 0 and verdict["deals"][0] == {
        "valid": True, "finished": False, "winner": None, "remaining": [12, 11, 11], "violations": []}
    assert run(capsys, "deal", "speed", "--seed", "1", "--log", str(path), "--players", "Ann")[0] == 2
