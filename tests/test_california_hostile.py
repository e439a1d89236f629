"""Hostile California Speed logs: every malformed one is refused with the file, the place and
the reason (exit 2, no traceback), every well-formed one that breaks a rule with its rule id
(exit 1), on the shipped example deal changed in one place."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from speedrules.cli.main import main

EXAMPLE = json.loads((Path(__file__).resolve().parent.parent / "examples" / "california-game.json")
                     .read_text(encoding="utf-8"))
EVENTS = EXAMPLE["deals"][0]["events"]
COVER = next(i for i, e in enumerate(EVENTS) if e["type"] == "cover")
Change = Callable[[dict[str, Any]], Any]


def event(d: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = d["deals"][0]["events"][COVER]
    return found


UNREADABLE: dict[str, tuple[Change, str]] = {
    "an unknown event": (lambda d: d["deals"][0]["events"].append({"type": "flip"}), f"events[{len(EVENTS)}]"),
    "a cover without its card": (lambda d: event(d).pop("card"), f"events[{COVER}]"),
    "a seat that is text": (lambda d: event(d).update(player="x"), f"events[{COVER}]"),
    "a seat that is a bool": (lambda d: event(d).update(player=True), f"events[{COVER}]"),
    "a negative row": (lambda d: event(d).update(row=-1), f"events[{COVER}]"),
    "a row of 1.5": (lambda d: event(d).update(row=1.5), f"events[{COVER}]"),
    "a row past every index": (lambda d: event(d).update(row=10**30), f"events[{COVER}]"),
    "a negative time": (lambda d: event(d).update(t=-5), f"events[{COVER}]"),
    "a card that is none": (lambda d: event(d).update(card="ZZ"), f"events[{COVER}]"),
    "a key of another event": (lambda d: event(d).update(pile=1), f"events[{COVER}]"),
    "a row of nine": (lambda d: d["deals"][0]["layout"]["rows"][0].extend(["AS"] * 5), "layout.rows[0]"),
    "six piles": (lambda d: d["deals"][0]["layout"]["piles"].extend([[], [], [], []]), "layout.piles"),
    "an empty row": (lambda d: d["deals"][0]["layout"].update(rows=[[], []]), "layout.rows[1]"),
    "relay rows that are text": (lambda d: d["deals"][0]["events"].append({"type": "relay", "rows": "x"}),
                                 f"events[{len(EVENTS)}]"),
}

BROKEN: dict[str, tuple[Change, str]] = {
    "a seat the game has not": (lambda d: d["deals"][0]["events"].insert(COVER, {**event(d), "player": 7}),
                                "event.invalid"),
    "a row the game has not": (lambda d: d["deals"][0]["events"].insert(COVER, {**event(d), "row": 3}),
                               "event.invalid"),
    "a card set aside in a deal that shares evenly": (lambda d: d["deals"][0]["layout"].update(aside=["AS"]),
                                                      "california.layout.shape"),
    "a third row": (lambda d: d["deals"][0]["layout"]["rows"].append(["AS", "2S", "3S", "4S"]),
                    "california.layout.shape"),
    "a time that goes back": (lambda d: d["deals"][0]["events"].insert(COVER + 1, {**event(d), "t": 0}),
                              "time.order"),
}


@pytest.mark.parametrize("name", list(UNREADABLE))
def test_a_malformed_log_says_where(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    change, where = UNREADABLE[name]
    data = copy.deepcopy(EXAMPLE)
    change(data)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["referee", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: deals[0].{where}" in err and "Traceback" not in err


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_log_names_its_rule(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    change, rule = BROKEN[name]
    data = copy.deepcopy(EXAMPLE)
    change(data)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["referee", str(path)]) == 1
    assert f"(rule {rule})" in capsys.readouterr().out
