"""The shipped example logs and their golden verdicts (examples/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import speedrules
from speedrules.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LOGS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".verdict.json"))


def test_every_example_has_a_golden_verdict() -> None:
    assert len(LOGS) >= 5
    for log in LOGS:
        assert log.with_suffix(".verdict.json").exists(), log.name


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_cli_prints_the_golden_verdict(log: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
                                       ) -> None:
    monkeypatch.chdir(EXAMPLES.parent)
    golden = json.loads(log.with_suffix(".verdict.json").read_text(encoding="utf-8"))
    code = main(["referee", f"examples/{log.name}", "--json"])
    out = capsys.readouterr().out
    assert json.loads(out) == golden
    assert code == (0 if golden["valid"] else 1)


def test_golden_verdicts_say_what_the_readme_says() -> None:
    """Checked against the examples' README, written from the events, not from the referee."""
    expected = {
        "finished-game.json": (True, 0, None),
        "illegal-play.json": (False, None, ("play.rank", 21)),
        "false-flip.json": (False, None, ("flip.not-blocked", 11)),
        "jokers-game.json": (True, 0, None),
        "three-player.json": (True, 1, None),
    }
    for name, (valid, winner, violation) in expected.items():
        golden = json.loads((EXAMPLES / name).with_suffix(".verdict.json").read_text(encoding="utf-8"))
        deal = golden["deals"][0]
        assert golden["valid"] is valid and deal["winner"] == winner, name
        if violation is not None:
            assert (deal["violations"][0]["rule"], deal["violations"][0]["event"]) == violation


def test_illegal_play_card_really_does_not_fit() -> None:
    """An independent look at the broken event: the card's rank is not one away from the top's."""
    log = speedrules.read_log(EXAMPLES / "illegal-play.json")
    game = speedrules.Game.from_layout(log.variant, log.deals[0].layout())
    actions = log.actions(0)
    for action, _ in actions[:21]:
        game.apply(action)
    bad = actions[21][0]
    assert isinstance(bad, speedrules.Play)
    top = game.tops[bad.pile]
    assert top is not None
    distance = (bad.cards[0].rank - top.rank) % 13
    assert distance not in (1, 12)


def test_jokers_example_plays_jokers_and_three_player_example_has_three_seats() -> None:
    jokers = speedrules.read_log(EXAMPLES / "jokers-game.json")
    plays = [a for a, _ in jokers.actions(0) if isinstance(a, speedrules.Play)]
    assert sum(c.is_joker for p in plays for c in p.cards) == 2
    three = speedrules.read_log(EXAMPLES / "three-player.json")
    assert three.variant.players == 3 and len(three.deals[0].hands) == 3
