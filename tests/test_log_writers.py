"""What outside programs writing logs ran into (issue 29), held fixed.

- Speed: a ``stuck`` declaration (``Stuck(player)``) is an event like any other of the log
  format: every reader takes it (the schema, the structural check, the wire structs, YAML),
  the referee checks it (rule ``stuck.false``, worked out from 000 and 003), a true one changes
  nothing, ``legal_actions`` lists it when it is true, and ``--all`` ignores a false one.
  A deal ends where docs/log-format.md says: a declaration after a dead end is too late.
- Spit: a ``jam`` declaration likewise (rule ``spit.jam-false``).
- Messages a writer reads: a round whose layout breaks a rule holds what the players held,
  an embedded variant is named by its title, the end of a round says why.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import jsonschema

import speedrules
from speedrules import (
    Flip,
    Game,
    Jam,
    SpitGame,
    Stuck,
    deal,
    load_variant,
    parse_log,
    parse_spit_action,
    read_log,
    referee,
    write_log,
)
from speedrules.core import rules as rule_ids
from speedrules.judge.referee import referee_data, referee_text, render_verdict
from speedrules.logs.log import log_from_text, log_schema
from speedrules.speed.actions import REVEAL, STUCK
from speedrules.speed.kernel import Kernel

LOGS = Path(__file__).parent / "logs"
EXAMPLES = Path(__file__).parent.parent / "examples"


def blocked_game() -> Game:
    """The stuck.false near miss before its declarations: neither player can play (no 4, 6, Q or
    A in hand on 5S | KS) and both hands are full, so both are stuck."""
    return Game.from_log(read_log(LOGS / "stuck.false.near-miss.json"), upto=3)


# ---------------------------------------------------------------- Speed: the stuck declaration


def test_a_true_declaration_is_listed_and_changes_nothing() -> None:
    game = blocked_game()
    assert game.is_blocked()
    assert list(game.legal_actions()) == [Stuck(0), Stuck(1), Flip()]
    assert list(game.legal_actions(1)) == [Stuck(1)] and Stuck(1) in game.legal
    before = game.kernel.state()
    game.apply(Stuck(0))
    game.apply(Stuck(0))  # said twice: still true, still nothing changes
    assert game.kernel.state() == before and game.history[-2:] == (Stuck(0), Stuck(0))
    assert game.pop() == Stuck(0) and game.kernel.state() == before
    game.flip()  # AS | 3H: neither hand holds a K, a 2 or a 4, so both are stuck again
    assert list(game.legal_actions()) == [Stuck(0), Stuck(1), Flip()]


def test_a_false_declaration_names_what_the_seat_could_still_do() -> None:
    game = deal("speed", seed=1, names=["Ann", "Ben"])
    early = game.check(Stuck(0))
    assert early is not None and early.rule == rule_ids.EVENT_ORDER  # before the reveal, as a play
    game.reveal()
    false = game.check(Stuck(0))
    assert false is not None and (false.rule, false.player) == (rule_ids.STUCK_FALSE, 0)
    assert false.message == "Ann declared being stuck, but is not: Ann can play JC on QH (pile 1)"
    nobody = game.check(Stuck(2))
    assert nobody is not None and nobody.rule == rule_ids.EVENT_INVALID
    assert Stuck(0) not in game.legal and not any(isinstance(a, Stuck) for a in game.legal_actions())
    drawing = Game.from_log(read_log(LOGS / "stuck.false.trigger.json"), upto=2)  # Ann holds four
    short = drawing.check(Stuck(0))
    assert short is not None and "Ann can draw (4 in hand, 15 in the draw stack)" in short.message


def test_a_declaration_with_a_call_due_or_a_pickup_owed() -> None:
    """An event other than a call makes a due call late (001); a player who must pick up a pile
    is not stuck (she must pick it up)."""
    required = read_log(LOGS / "call.missing.near-miss.json")
    game = Game.from_log(required, upto=4)  # Ann went out at t = 200 and must call
    late = game.check(Stuck(1), t=300)
    assert late is not None and late.rule == rule_ids.CALL_MISSING
    penalty = Game.from_log(read_log(LOGS / "pickup.not-due.near-miss.json"), upto=4)  # Ann missed it
    assert penalty.pickups_owed == {0}
    owed = penalty.check(Stuck(0), t=400)
    assert owed is not None and owed.rule == rule_ids.STUCK_FALSE and "must pick up a centre pile" in owed.message


def test_a_declaration_after_a_dead_end_is_after_the_end() -> None:
    """An ace each on 7C | 7D, nothing to draw, no reserve, nothing beneath the tops: a dead end
    right after the reveal (docs/log-format.md, "When a deal ends"); nothing may follow."""
    k = Kernel(load_variant("speed"), [[0], [13]], [[], []], [6 + 26, 6 + 39], [[], []])
    assert k.event(REVEAL) is None and k.is_dead_end()
    after = k.check_event(STUCK, 0)
    assert after is not None and after.rule == rule_ids.EVENT_AFTER_END and "dead end" in after.message


def declared_log() -> speedrules.Log:
    game = blocked_game()
    game.apply(Stuck(0), t=5)
    game.apply(Stuck(1), t=5.5)
    game.flip()
    return game.to_log(players=["Ann", "Ben"])


def test_a_log_with_declarations_reads_and_judges_the_same_every_way(tmp_path: Path) -> None:
    log = declared_log()
    data = log.to_json()
    assert [e for e in data["deals"][0]["events"] if e["type"] == "stuck"] == [
        {"type": "stuck", "player": 0, "t": 5}, {"type": "stuck", "player": 1, "t": 5.5}]
    jsonschema.Draft202012Validator(log_schema("speed")).validate(data)
    text = json.dumps(data)
    verdict = referee(log).to_json()
    assert verdict["valid"] and verdict["deals"][0]["violations"] == []
    assert referee_text(text, "x").to_json() == verdict  # the wire path
    assert referee_data(json.loads(text), "x").to_json() == verdict  # the long way
    assert log_from_text(text, "x") == parse_log(json.loads(text), "x") == log
    assert read_log(io.StringIO(text)) == log
    for name in ("game.json", "game.yaml"):
        write_log(log, tmp_path / name)
        assert read_log(tmp_path / name) == log
    assert Game.from_log(log).history[3:5] == (Stuck(0), Stuck(1))


def test_corrections_ignore_a_false_declaration() -> None:
    trigger = json.loads((LOGS / "stuck.false.trigger.json").read_text(encoding="utf-8"))
    trigger["deals"][0]["events"] += [{"type": "draw", "player": 0}, {"type": "stuck", "player": 0}]
    verdict = referee(parse_log(trigger), all_violations=True)
    (deal_verdict,) = verdict.deals
    assert not deal_verdict.void
    assert [(v.event, v.rule, v.correction) for v in deal_verdict.violations] == [
        (2, rule_ids.STUCK_FALSE, "the declaration was ignored")]


# ---------------------------------------------------------------- Spit: the jam declaration


def test_a_jam_declaration_reads_and_judges_the_same_every_way() -> None:
    near = json.loads((LOGS / "spit.jam-false.near-miss.json").read_text(encoding="utf-8"))
    log = parse_log(near, "near.json")
    game = SpitGame.from_log(log, deal=len(log.rounds) - 1)
    assert game.history[-1][-1] == Jam() and game.kernel.jammed
    before = game.history[-1][:-1]
    assert Jam() in SpitGame.from_log(log, deal=len(log.rounds) - 1, upto=len(before)).legal_actions()
    text = json.dumps(near)
    assert referee_text(text, "x").to_json() == referee(log).to_json() == referee_data(near, "x").to_json()
    assert parse_spit_action("jam") == Jam() and str(Jam()) == "jam" and Jam().to_json(t=3) == {"type": "jam", "t": 3}
    assert parse_log(game.to_log_data()).rounds[-1].events[-1][0] == speedrules.spit.kernel.JAM


def test_corrections_ignore_a_false_jam() -> None:
    trigger = json.loads((LOGS / "spit.jam-false.trigger.json").read_text(encoding="utf-8"))
    verdict = referee(parse_log(trigger), all_violations=True)
    found = [(v.rule, v.correction) for d in verdict.deals for v in d.violations]
    assert found == [(rule_ids.SPIT_JAM_FALSE, "the jam was ignored")]


# ---------------------------------------------------------------- messages a writer reads


def test_a_round_whose_layout_breaks_a_rule_holds_what_the_players_held() -> None:
    game = json.loads((EXAMPLES / "spit-game.json").read_text(encoding="utf-8"))
    assert len(game["deals"]) >= 2
    broken = copy.deepcopy(game)
    del broken["deals"][2:]
    layout = broken["deals"][1]["layout"]
    layout["spit"][0][0], layout["spit"][1][0] = layout["spit"][1][0], layout["spit"][0][0]  # a card each way
    verdict = referee_text(json.dumps(broken), "broken.json")
    first, second = verdict.deals
    assert second.violations[0].rule == rule_ids.SPIT_LAYOUT_CARDS
    assert second.remaining == first.remaining and sum(second.remaining) == 52
    report = render_verdict(verdict, "broken.json")
    held = ", ".join(f"{name} {n}" for name, n in zip(verdict.names, first.remaining, strict=True))
    assert f"round 1: not laid (its layout breaks a rule); cards held: {held}" in report
    row = referee(read_log(LOGS / "spit.layout.row.trigger.json"))  # the first round: what it deals
    assert row.deals[0].remaining == (26, 26)


def test_an_embedded_variant_with_no_name_is_named_by_its_title() -> None:
    for path, parent in ((EXAMPLES / "finished-game.json", "speed"), (EXAMPLES / "spit-game.json", "spit")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["variant"] == parent
        doc["variant"] = {"extends": parent, "title": "Our kitchen rules"}
        text = json.dumps(doc)
        verdict = referee_text(text, "house.json")
        assert verdict.variant == "Our kitchen rules" == verdict.to_json()["variant"]
        assert referee_data(json.loads(text), "house.json").variant == "Our kitchen rules"
        assert render_verdict(verdict, "house.json").startswith("house.json: Our kitchen rules: ")
        doc["variant"] = {"extends": parent}  # no title: its name, custom
        assert referee_text(json.dumps(doc), "plain.json").variant == "custom"


def test_the_end_of_a_round_says_why() -> None:
    verdict = referee(read_log(LOGS / "spit.round-over.trigger.json"))
    message = verdict.violations[0].message
    assert "cleared the row); the centre piles are to be claimed now (rule spit.round-over)" in message
    assert "now the centre piles are claimed" not in message
