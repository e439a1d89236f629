"""Traps a downstream program fell into (issue 12), each fixed and held by a test."""

from __future__ import annotations

import pytest

import speedrules
from speedrules.cli.main import main


def test_a_games_names_reach_its_log() -> None:
    game = speedrules.deal("speed", seed=1, names=["Ann", "Ben"])
    assert game.to_log().names == ("Ann", "Ben")
    assert speedrules.log_from_games([game]).names == ("Ann", "Ben")
    assert game.to_log(players=["Cy", "Di"]).names == ("Cy", "Di")  # given names still win
    unnamed = speedrules.deal("speed", seed=1)
    assert "players" not in unnamed.to_log().to_json()  # no names invented for a game that had none


def test_summarize_of_no_deals_is_a_summary_of_nothing() -> None:
    summary = speedrules.summarize(list(speedrules.simulate("speed", 0)))
    assert (summary.deals, summary.won, summary.events.mean) == (0, 0, 0.0)


def test_simulate_help_shows_one_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    text = capsys.readouterr().out
    assert "95% confidence" in " ".join(text.split()) and "%%" not in text


def test_a_misspelt_option_is_reported_by_its_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "speed", "--sed", "1"]) == 2
    err = capsys.readouterr().err
    assert "usage: speedrules deal" in err
    assert "speedrules deal: error: unrecognized arguments: --sed 1" in err


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def test_referee_reads_a_log_from_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    examples = Path(__file__).resolve().parent.parent / "examples"
    _stdin(monkeypatch, (examples / "finished-game.json").read_bytes())
    assert main(["referee", "-"]) == 0
    assert capsys.readouterr().out.startswith("-: speed: valid")
    _stdin(monkeypatch, (examples / "illegal-play.json").read_bytes())
    assert main(["referee", "--json", "-"]) == 1
    assert '"file": "-"' in capsys.readouterr().out
    _stdin(monkeypatch, b'{"format": 1}')
    assert main(["referee", "-"]) == 2
    assert "speedrules: -: " in capsys.readouterr().err


def test_a_log_from_standard_input_may_not_name_a_variant_file(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    _stdin(monkeypatch, b'{"format": "speedrules-log/1", "variant": "secret.yaml", "deals": []}')
    assert main(["referee", "-"]) == 2
    assert "was not read from a file, so it may not name a variant file" in capsys.readouterr().err


def test_the_examples_glob_holds_only_logs(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`speedrules referee examples/*.json` judges logs only: the golden verdicts live in
    examples/verdicts/."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(root)
    logs = sorted(str(p.relative_to(root)) for p in (root / "examples").glob("*.json"))
    assert main(["referee", *logs]) == 1  # illegal-play and others break rules; none is unreadable
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("document", "says"), [
    ({"file": "a.json", "valid": True, "finished": True, "winner": 0, "remaining": [0, 2],
      "deals": [{"valid": True, "violations": []}]}, "not a log: it looks like a verdict"),
    ({"name": "mine", "extends": "speed", "players": 3}, "not a log: it looks like a variant file"),
    ({"format": "speedrules-log/2", "variant": "speed", "deals": []}, "another version of the format"),
])
def test_a_document_of_another_kind_gets_one_line_saying_so(tmp_path: object, document: dict[str, object],
                                                            says: str, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    path = Path(str(tmp_path)) / "other.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["referee", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and says in err[0], err


def test_write_log_chooses_yaml_by_the_suffix_and_writes_json_one_event_per_line(tmp_path: object) -> None:
    import json
    from pathlib import Path

    folder = Path(str(tmp_path))
    game = speedrules.deal("speed", seed=4)
    game.reveal()
    while game.legal_actions(0) and len(game.history) < 12:
        game.apply(game.legal_actions(0)[0])
    log = game.to_log()
    speedrules.write_log(log, folder / "p.yaml")
    speedrules.write_log(log, folder / "p.json")
    yaml_text = (folder / "p.yaml").read_text(encoding="utf-8")
    json_text = (folder / "p.json").read_text(encoding="utf-8")
    assert yaml_text.startswith("format: speedrules-log/1") and not json_text.startswith("format")
    assert speedrules.read_log(folder / "p.yaml") == speedrules.read_log(folder / "p.json") == log
    lines = json_text.splitlines()
    events = len(log.deals[0].events)
    fields = len(log.to_json()) - 1  # "format", "variant"...: one line each, besides "deals"
    assert events >= 10 and len(lines) == fields + events + 5  # "deals": [, the layout, "events": [, 2 closings
    assert sum(1 for line in lines if line.lstrip().startswith('{"type":')) == events
    assert json.loads(json_text) == log.to_json()
    speedrules.write_log(log, folder / "one.json", indent=None)
    assert len((folder / "one.json").read_text(encoding="utf-8").splitlines()) == 1
    speedrules.write_log(log, folder / "forced.yaml", yaml_format=False)
    assert (folder / "forced.yaml").read_text(encoding="utf-8").startswith("{")


def test_deal_log_does_not_overwrite_without_force(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "mine.json"
    path.write_text("precious", encoding="utf-8")
    assert main(["deal", "speed", "--seed", "1", "--log", str(path)]) == 2
    assert "already exists: pass --force" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == "precious"
    assert main(["deal", "speed", "--seed", "1", "--log", str(path), "--force"]) == 0
    assert speedrules.read_log(path).variant.name == "speed"


def test_deal_players_without_a_log_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "speed", "--players", "Ann,Ben"]) == 2
    assert "--players: names the players of the log: give --log FILE too" in capsys.readouterr().err


def test_a_play_names_its_pile_and_takes_cards_by_one_spelling() -> None:
    import inspect

    with pytest.raises(TypeError):
        speedrules.Play(0, "JC")  # type: ignore[call-arg]  # no pile: no silent pile 0
    assert speedrules.Play(0, "JC", 1) == speedrules.Play(0, [speedrules.Card.parse("JC")], pile=1)
    assert list(inspect.signature(speedrules.Game.play).parameters)[1:4] == ["player", "cards", "pile"]
    assert list(inspect.signature(speedrules.Game.can_play).parameters)[1:4] == ["player", "cards", "pile"]
    game = speedrules.deal("speed", seed=1)
    game.reveal()
    assert game.can_play(0, cards="JC", pile=1) and not game.can_play(0, "JC", 0)


def test_too_many_players_for_a_fixed_draw_suggests_draw_rest(tmp_path: object,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "three.yaml"
    path.write_text("extends: speed\nname: three\nplayers: 3\n", encoding="utf-8")
    assert main(["check-variant", str(path)]) == 2
    err = capsys.readouterr().err
    assert "write deal: {draw: rest}" in err and "(8 or 9 each)" in err
    path.write_text("extends: speed\nname: three\nplayers: 3\ndeal: {draw: rest}\n", encoding="utf-8")
    assert main(["check-variant", str(path)]) == 0  # and the hint is right


def test_show_counts_the_problems_of_a_bad_variant(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.yaml"
    path.write_text("extends: speed\nname: bad\nplayers: 0\nfoo: 1\n", encoding="utf-8")
    assert main(["show", str(path)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"speedrules: {path}: not a valid variant (2 problems)"


def test_a_misspelt_variant_in_a_log_gets_did_you_mean_and_the_variant_hint(
        tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "sped.json"
    path.write_text('{"format": "speedrules-log/1", "variant": "sped", "deals": []}', encoding="utf-8")
    assert main(["referee", str(path)]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'speed'?" in err and "with --variant" in err


# ---------------------------------------------------------------------------- issue 29: every public module's __all__

PUBLIC_MODULES = ("speedrules", "speedrules.speed.actions", "speedrules.dask", "speedrules.show.plot",
                  "speedrules.show.replay", "speedrules.strategies", "speedrules.show.svg", "speedrules.california",
                  "speedrules.rl")
"""The package and the modules the documents have a reader import by name (the pictures, the
strategies, the Dask side, the event kinds of ``speedrules.speed.actions``)."""


def _imported_in_docs() -> set[str]:
    """The modules README.md and docs/*.md import: ``import speedrules.X``, ``from
    speedrules.X import ...``, and ``from speedrules[.P] import X`` where X is a module (at any
    depth: ``speedrules.svg`` is the module ``speedrules.show.svg``)."""
    import importlib
    import inspect
    import re
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    found = {"speedrules"}
    for path in [repo / "README.md", *sorted((repo / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"^\s*(?:>>> )?import (speedrules\.[\w.]+)", text, re.M))
        for package, names in re.findall(r"^\s*(?:>>> )?from (speedrules[\w.]*) import ([\w, ]+)", text, re.M):
            module = importlib.import_module(package)
            for name in (n.strip() for n in names.split(",")):
                value = getattr(module, name, None)
                found.add(value.__name__ if inspect.ismodule(value) else package)
    return found


def test_every_module_the_documents_import_is_public() -> None:
    assert _imported_in_docs() <= set(PUBLIC_MODULES)
    assert {"speedrules.dask", "speedrules.show.svg", "speedrules.speed.actions"} <= _imported_in_docs()


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_public_module_has_an_all_of_its_public_names(name: str) -> None:
    """``__all__`` lists names the module has, and every class and function it defines
    without a leading underscore (so ``from speedrules.dask import *`` and ``help()`` show
    the module's API, not its imports)."""
    import importlib
    import inspect

    module = importlib.import_module(name)
    exported = getattr(module, "__all__", None)
    assert isinstance(exported, list) and exported, f"{name} has no __all__"
    assert len(set(exported)) == len(exported)
    assert [n for n in exported if not hasattr(module, n)] == []
    defined = {n for n, v in vars(module).items() if not n.startswith("_")
               and (inspect.isclass(v) or inspect.isfunction(v)) and getattr(v, "__module__", None) == name}
    assert defined - set(exported) == set(), f"{name}: public names missing from __all__"


# ---------------------------------------------------------------------------- issue 29: a verdict names its log


def test_a_verdict_reads_with_its_log_s_name_as_the_command_line_prints_it(capsys: pytest.CaptureFixture[str],
                                                                          tmp_path: object) -> None:
    """``print(referee(read_log(PATH)))`` begins with PATH, as ``speedrules referee PATH`` does
    (it said ``log:``); the JSON and equality do not change with the name."""
    import json
    from pathlib import Path

    from speedrules.judge.referee import referee_path, referee_text

    examples = Path(__file__).resolve().parent.parent / "examples"
    spit = next(p for p in sorted(examples.glob("*.json")) if '"spit' in p.read_text(encoding="utf-8")[:200])
    for path in (examples / "finished-game.json", examples / "illegal-play.json", spit):
        verdict = speedrules.referee(speedrules.read_log(path))
        assert verdict.source == str(path)
        code = main(["referee", str(path)])
        assert capsys.readouterr().out == str(verdict) + "\n"
        assert code == (0 if verdict.valid else 1)
        assert main(["referee", "--json", str(path)]) == code
        assert json.loads(capsys.readouterr().out) == {"file": str(path), **verdict.to_json()}
        text = path.read_text(encoding="utf-8")
        assert str(referee_text(text, "upload-7.json")).startswith("upload-7.json: ")
        assert referee_text(text, "upload-7.json") == verdict  # the name is not part of the judgement
        assert "source" not in verdict.to_json()
        assert str(speedrules.referee(speedrules.parse_log(json.loads(text), "mine.json"))).startswith("mine.json: ")
    archive = Path(str(tmp_path)) / "two.jsonl"
    archive.write_text("\n" + json.dumps(json.loads((examples / "finished-game.json").read_text())) + "\n",
                       encoding="utf-8")
    [(name, verdict)] = list(referee_path(archive))
    assert name == f"{archive}:2" and str(verdict).startswith(f"{archive}:2: speed: valid")
    assert isinstance(verdict, speedrules.Verdict) and f"{archive}:2: speed" in verdict._repr_html_()


# ------------------------------------------------------------------ issue 29: an action's notation is an action


def test_a_game_takes_an_action_s_notation_where_it_takes_the_action() -> None:
    """``game.apply("0:JC>1")`` as python-chess's ``board.push_san("e4")``: the notation
    ``str(action)`` writes is read by ``parse_action`` wherever a game takes an action."""
    from speedrules import Draw, InvalidActionError, Play, parse_action

    by_text, by_value = speedrules.deal("speed", seed=1), speedrules.deal("speed", seed=1)
    for text in ("reveal", "0:JC>1", "0+", "1:QS>1"):
        action = parse_action(text)
        assert by_text.is_legal(text) is by_value.is_legal(action) is True
        assert text in by_text.legal and text in by_text.legal_actions(getattr(action, "player", None))
        by_text.apply(text, t=100)
        by_value.apply(action, t=100)
        assert by_text == by_value and by_text.history == by_value.history
    assert by_text.history[1] == Play(0, "JC", 1) and by_text.history[2] == Draw(0, "4D")  # the card drawn
    # an illegal one is judged, a text that is no action is refused, the game unchanged either way
    assert by_text.check("0:10S>0") == by_value.check(Play(0, "10S", 0)) is not None
    assert not by_text.is_legal("0+") and "0+" not in by_text.legal and "nonsense" not in by_text.legal
    before = by_text.position()
    with pytest.raises(speedrules.IllegalActionError, match=r"play\.rank"):
        by_text.apply("0:10S>0")
    for junk, error in (("0:JC", InvalidActionError), ("spit", InvalidActionError), ("", InvalidActionError),
                        ("0:XX>1", speedrules.CardError)):  # as parse_action refuses each
        with pytest.raises(error):
            by_text.apply(junk)
        with pytest.raises(error):
            by_text.check(junk)
    assert by_text.position() == before


def test_a_spit_game_takes_an_action_s_notation_too() -> None:
    from speedrules import InvalidActionError, Spit, StockPlay, parse_spit_action

    by_text, by_value = speedrules.deal_spit("spit", seed=2), speedrules.deal_spit("spit", seed=2)
    for text in ("spit", "0:2>0"):
        assert by_text.is_legal(text) is by_value.is_legal(parse_spit_action(text)) is True
        by_text.apply(text, t=0)
        by_value.apply(parse_spit_action(text), t=0)
        assert by_text.position() == by_value.position() and by_text.history == by_value.history
    assert by_text.history[0][:2] == (Spit(), StockPlay(0, 2, 0, "9H"))  # the card played, recorded
    assert by_text.check("0:0>1") == by_value.check(StockPlay(0, 0, 1)) is not None
    before = by_text.position()
    with pytest.raises(speedrules.IllegalActionError, match=r"play\.rank"):
        by_text.apply("0:0>1")
    for junk in ("0:JC>1", "reveal", "spit>x"):
        with pytest.raises(InvalidActionError):
            by_text.apply(junk)
    assert by_text.position() == before
