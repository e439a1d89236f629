"""The shipped example logs and their golden verdicts (examples/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import speedrules
from speedrules.cli.main import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
VERDICTS = EXAMPLES / "verdicts"
LOGS = sorted(EXAMPLES.glob("*.json"))


def verdict_of(log: Path) -> Path:
    """The golden verdict of an example log: examples/verdicts/NAME.verdict.json."""
    return VERDICTS / f"{log.stem}.verdict.json"


def test_every_example_has_a_golden_verdict() -> None:
    assert len(LOGS) >= 5
    for log in LOGS:
        assert verdict_of(log).exists(), log.name


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_cli_prints_the_golden_verdict(log: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
                                       ) -> None:
    monkeypatch.chdir(EXAMPLES.parent)
    golden = json.loads(verdict_of(log).read_text(encoding="utf-8"))
    code = main(["referee", f"examples/{log.name}", "--json"])
    out = capsys.readouterr().out
    assert json.loads(out) == golden
    assert code == (0 if golden["valid"] else 1)


def test_corrections_example_with_all(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES.parent)
    golden = json.loads((VERDICTS / "corrections.all.verdict.json").read_text(encoding="utf-8"))
    assert main(["referee", "--all", "--json", "examples/corrections.json"]) == 1
    assert json.loads(capsys.readouterr().out) == golden
    deal = golden["deals"][0]
    assert [(v["event"], v["rule"]) for v in deal["violations"]] == [
        (6, "play.rank"), (14, "draw.hand-full"), (32, "flip.not-blocked")]
    assert all(v["correction"] for v in deal["violations"])
    # After the corrections the game is the clean one: same winner, same cards left.
    clean = json.loads((VERDICTS / "finished-game.verdict.json").read_text(encoding="utf-8"))["deals"][0]
    assert (deal["winner"], deal["remaining"]) == (clean["winner"], clean["remaining"])


def test_golden_verdicts_say_what_the_readme_says() -> None:
    """Checked against the examples' README, written from the events, not from the referee."""
    expected = {
        "finished-game.json": (True, 0, None),
        "illegal-play.json": (False, None, ("play.rank", 21)),
        "false-flip.json": (False, None, ("flip.not-blocked", 11)),
        "jokers-game.json": (True, 0, None),
        "three-player.json": (True, 1, None),
        "tied-deal.json": (True, None, None),
        "corrections.json": (False, None, ("play.rank", 6)),
        "spit-game.json": (True, 1, None),
        "spit-early-spit.json": (False, 1, ("spit.early", 5)),
        "california-game.json": (True, 1, None),
        "california-changed-card.json": (False, None, ("california.cover-card", 5)),
        "nertz-game.json": (True, 0, None),
        "nertz-foreign-card.json": (False, 0, ("nertz.owner", 5)),
    }
    for name, (valid, winner, violation) in expected.items():
        golden = json.loads(verdict_of(EXAMPLES / name).read_text(encoding="utf-8"))
        deal = golden["deals"][0]
        won = golden["match"]["winner"] if name.startswith(("spit", "nertz")) else deal["winner"]  # the game's winner
        assert golden["valid"] is valid and won == winner, name
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


def test_table_examples_show_what_they_are_named_for() -> None:
    def golden(name: str) -> dict[str, object]:
        data: dict[str, object] = json.loads((VERDICTS / f"{name}.verdict.json").read_text(encoding="utf-8"))
        return data

    best = golden("match-best-of-three")
    assert best["valid"] and best["match"]["complete"] and max(best["match"]["scores"]) == 2  # type: ignore[index]
    pagat = golden("match-pagat")
    deals = pagat["deals"]  # type: ignore[assignment]
    margins = [0, 0]
    for d in deals:  # type: ignore[attr-defined]
        if d["winner"] is not None:
            margins[d["winner"]] += sum(n for s, n in enumerate(d["remaining"]) if s != d["winner"])
    assert pagat["match"]["scores"] == margins and max(margins) >= 25  # type: ignore[index]
    collisions = golden("collision-lower-stays")["deals"][0]["collisions"]  # type: ignore[index]
    assert len(collisions) >= 2 and all(len(c["events"]) == 2 for c in collisions)
    tied = golden("tied-deal")["deals"][0]  # type: ignore[index]
    assert tied["tied"] == [0, 1] and tied["winner"] is None and tied["remaining"] == [0, 0]
    penalty = speedrules.read_log(EXAMPLES / "call-penalty.json")
    kinds = [type(a).__name__ for a, _ in penalty.actions(0)]
    assert "Pickup" in kinds and kinds[-1] == "Call"


def test_jokers_example_plays_jokers_and_three_player_example_has_three_seats() -> None:
    jokers = speedrules.read_log(EXAMPLES / "jokers-game.json")
    plays = [a for a, _ in jokers.actions(0) if isinstance(a, speedrules.Play)]
    assert sum(c.is_joker for p in plays for c in p.cards) == 2
    three = speedrules.read_log(EXAMPLES / "three-player.json")
    assert three.variant.players == 3 and len(three.deals[0].hands) == 3
