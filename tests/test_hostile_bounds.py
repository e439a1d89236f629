"""Hostile logs that cost the referee time and memory (issue 29, classes 3 and 6), built small by
``benchmarks/hostile_logs.py``: the bounds are on work and memory, never on time.

- ``referee --all`` corrects at most ``MAX_CORRECTIONS`` violations in a log; the deal (round)
  with the next one is void there, saying why, and so is every later one at its first violation.
- A Spit log is judged round by round: what judging keeps per round is its verdict, not the
  coded round and its kernel.
- A log's layouts are parsed with their cards typed: a card text is one string however many
  times a log names it, and the document is otherwise what an untyped parse gives.
"""

from __future__ import annotations

import importlib.util
import json
import tracemalloc
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from speedrules import LogError, parse_log, referee
from speedrules.cli.main import main
from speedrules.core import rules
from speedrules.judge.referee import referee_data, referee_text
from speedrules.judge.verdicts import MAX_CORRECTIONS, Verdict, corrections_spent
from speedrules.logs.log import parse_log_text
from speedrules.speed.kernel import Kernel
from speedrules.spit.kernel import SpitKernel

REPO = Path(__file__).resolve().parent.parent


def _hostile_logs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hostile_logs", REPO / "benchmarks" / "hostile_logs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


H = _hostile_logs()
GAMES = {"speed": (H.speed_illegal, Kernel, "deal", rules.FLIP_NOT_BLOCKED),
         "spit": (H.spit_illegal, SpitKernel, "round", rules.SPIT_EARLY)}


def every_way(text: str) -> list[Verdict]:
    """The verdict with ``--all`` by each path: JSON text (the CLI's), parsed data in one pass,
    and a read log (the API's)."""
    data = json.loads(text)
    return [referee_text(text, "x", all_violations=True), referee_data(data, "x", all_violations=True),
            referee(parse_log(data, "x"), all_violations=True)]


@pytest.mark.parametrize("game", GAMES)
def test_corrections_stop_at_the_cap_and_void_the_deal(game: str) -> None:
    """A deal of many more illegal events than the cap: the first MAX_CORRECTIONS are corrected,
    the next one voids the deal with the cap's message, and nothing after it is judged."""
    make, _, what, rule = GAMES[game]
    for verdict in every_way(make(MAX_CORRECTIONS + 500)):
        [deal] = verdict.deals
        assert deal.void and not deal.finished and deal.winner is None
        assert len(deal.violations) == MAX_CORRECTIONS + 1
        assert all(v.rule == rule for v in deal.violations)
        *corrected, last = deal.violations
        assert all(v.correction is not None and "void" not in v.correction for v in corrected)
        assert last.correction == corrections_spent(what)
        assert f"the {what} is void" in last.correction and str(MAX_CORRECTIONS) in last.correction
        # event 0 (the reveal, the first spit) stands: the cap is met at event MAX_CORRECTIONS + 1
        assert [v.event for v in deal.violations] == list(range(1, MAX_CORRECTIONS + 2))


@pytest.mark.parametrize("game", GAMES)
def test_the_cap_is_for_the_whole_log(game: str) -> None:
    """Three deals of 600 illegal events each: the first is corrected throughout, the second
    until the log has had MAX_CORRECTIONS, the third is void at its first violation."""
    make, _, what, _ = GAMES[game]
    per_deal = 600
    for verdict in every_way(make(per_deal, 3)):
        # (a Spit round after an unsettled one also breaks claim.missing, a violation of no event)
        first, second, third = ([v for v in deal.violations if v.event is not None] for deal in verdict.deals)
        assert [deal.void for deal in verdict.deals] == [False, True, True]
        assert len(first) == per_deal and len(second) == MAX_CORRECTIONS - per_deal + 1 and len(third) == 1
        assert second[-1].correction == third[0].correction == corrections_spent(what)
        assert third[0].event == 1
        assert sum(1 for v in first + second if "void" not in (v.correction or "")) == MAX_CORRECTIONS


@pytest.mark.parametrize("game", GAMES)
def test_corrections_copy_the_table_at_most_the_cap_times(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The work of ``--all`` is bounded by the cap, not by the log: each correction copies the
    table once (the position in which the illegal event stood), and a log of 20 times the cap's
    illegal events makes no more copies than the cap."""
    make, kernel_class, _, _ = GAMES[game]
    copies = 0
    copy = kernel_class.copy

    def counted(self: Any) -> Any:
        nonlocal copies
        copies += 1
        return copy(self)

    monkeypatch.setattr(kernel_class, "copy", counted)
    verdict = referee_text(make(20 * MAX_CORRECTIONS), "x", all_violations=True)
    assert len(verdict.deals[0].violations) == MAX_CORRECTIONS + 1
    assert MAX_CORRECTIONS <= copies <= MAX_CORRECTIONS + 5


def peak_memory(judge: Any) -> int:
    tracemalloc.start()
    try:
        judge()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("game", GAMES)
def test_all_violations_costs_about_what_the_first_costs(game: str) -> None:
    """``--all`` on 20,000 illegal events keeps at most the cap's violations: its peak memory is
    within half again of judging to the first violation (it was 2.7 to 4.6 times as much when
    every violation was corrected and kept)."""
    text = GAMES[game][0](20 * MAX_CORRECTIONS)
    first = peak_memory(lambda: referee_text(text, "x"))
    every = peak_memory(lambda: referee_text(text, "x", all_violations=True))
    assert every < 1.5 * first


def test_all_summary_counts_the_cap(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``referee --all --summary`` counts the violations the cap allowed, and exits 1."""
    log = tmp_path / "flips.json"
    log.write_text(H.speed_illegal(3 * MAX_CORRECTIONS), encoding="utf-8")
    code = main(["referee", "--all", "--summary", "--json", str(log)])
    summary = json.loads(capsys.readouterr().out)
    assert code == 1
    assert summary["rules"] == {rules.FLIP_NOT_BLOCKED: MAX_CORRECTIONS + 1}
    assert summary["deals"] == 1 and summary["invalid"] == 1
    code = main(["referee", "--all", str(log)])
    out = capsys.readouterr().out
    assert code == 1 and "void (replay it)" in out and out.count(corrections_spent("deal")) == 1


def test_spit_judging_keeps_no_coded_round_alive() -> None:
    """The 2,544 empty rounds of a 1 MB Spit log: judging the parsed document keeps about 0.9 KB
    a round (its verdict) and peaks there; it peaked at 4.6 KB a round when every coded round
    and every round's kernel was kept to the end."""
    data = parse_log_text(H.spit_empty_rounds(1_000_000), "x")
    rounds = len(data["deals"])
    assert rounds > 2000
    peak = peak_memory(lambda: referee_data(data, "x"))
    assert peak < 2000 * rounds


def test_a_bad_round_after_judged_ones_refuses_the_log() -> None:
    """Rounds are read as they are judged, yet a round the format refuses anywhere makes the whole
    log unreadable, with the same error as reading it first."""
    data = json.loads(H.spit_empty_rounds(20_000))
    data["deals"][-1]["layout"]["stock"][0][0] = ["ZZ"]
    where = f"x: deals[{len(data['deals']) - 1}].layout.stock[0][0][0]"
    for judge in (lambda: parse_log(data, "x"), lambda: referee_data(data, "x"),
                  lambda: referee_text(json.dumps(data), "x")):
        with pytest.raises(LogError) as refused:
            judge()
        assert (refused.value.location, refused.value.reason) == (where, "'ZZ' is not a card: rank A 2-10 J Q K "
                                                                         "(or T) then suit S H D C, or JK; any case")


def test_typed_parse_shares_card_texts_and_keeps_the_document() -> None:
    """A log's text parses into the document ``json.loads`` reads, each card of a layout one
    shared string; a key the typed parse does not know (here in a layout, which a Spit round may
    not have) is kept, and refused by the reader as before."""
    text = H.spit_empty_rounds(5_000)
    data = parse_log_text(text, "x")
    assert data == json.loads(text)
    first, second = (deal["layout"]["stock"][1][4] for deal in data["deals"][:2])
    assert first == second and all(a is b for a, b in zip(first, second, strict=True))
    odd = json.loads(text)
    odd["deals"][1]["layout"]["note"] = "AS"
    odd["deals"][0]["events"] = [{"type": "spit", "note": 1}]
    odd_text = json.dumps(odd)
    assert parse_log_text(odd_text, "x") == odd
    with pytest.raises(LogError) as refused:
        referee_text(odd_text, "x")
    assert refused.value.location == "x: deals[0].events[0]"
