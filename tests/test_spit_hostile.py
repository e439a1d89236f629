"""Hostile Spit logs: whatever a stranger's Spit log holds, the referee gives a verdict or a
located LogError, never another exception, and in bounded time (docs/security.md)."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from speedrules import LogError
from speedrules.judge.referee import referee_text

GAME = json.loads((Path(__file__).parent.parent / "examples" / "spit-game.json").read_text(encoding="utf-8"))

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True),
    st.text(max_size=5), st.sampled_from(["7H", "JK", "spit", "play", "move", "pair", "slap", "choose", "-1"]),
    st.lists(st.integers(-2, 60), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def judge(data: Any) -> object:
    try:
        return referee_text(json.dumps(data), "hostile.json")
    except LogError as err:
        assert str(err).startswith("hostile.json"), err
        return err


@pytest.mark.slow
@settings(max_examples=300)
@given(st.data())
def test_a_mangled_spit_log_gets_a_verdict_or_a_located_error(data: st.DataObject) -> None:
    doc = copy.deepcopy(GAME)
    for _ in range(data.draw(st.integers(1, 3))):
        deal = data.draw(st.sampled_from(doc["deals"]))
        where = data.draw(st.sampled_from(["event", "layout", "stock", "spit", "deal"]))
        events = [e for e in deal["events"] if isinstance(e, dict)]
        if where == "event" and events:
            event = data.draw(st.sampled_from(events))
            key = data.draw(st.sampled_from([*event.keys(), "extra"]))
            event[key] = data.draw(JUNK)
        elif where == "layout":
            deal["layout"] = data.draw(JUNK)
        elif where == "stock" and isinstance(deal["layout"], dict) and isinstance(deal["layout"].get("stock"), list):
            rows = [r for r in deal["layout"]["stock"] if isinstance(r, list) and r]
            if rows:
                row = data.draw(st.sampled_from(rows))
                row[data.draw(st.integers(0, len(row) - 1))] = data.draw(JUNK)
        elif where == "spit" and isinstance(deal["layout"], dict) and isinstance(deal["layout"].get("spit"), list):
            deal["layout"]["spit"][data.draw(st.integers(0, 1))] = data.draw(JUNK)
        else:
            deal["events"].insert(data.draw(st.integers(0, len(deal["events"]))), data.draw(JUNK))
    started = time.process_time()
    judge(doc)
    assert time.process_time() - started < 5


@pytest.mark.parametrize("field", ["player", "stock", "pile", "to"])
def test_huge_and_negative_indices_are_refused_by_the_reader(field: str) -> None:
    for value in (10**30, -1, 2.5, True):
        doc = copy.deepcopy(GAME)
        doc["deals"][0]["events"].insert(1, {"type": "move" if field == "to" else "play", "player": 0, "stock": 0,
                                             "pile": 0, "to": 1, field: value})
        if field == "to":
            del doc["deals"][0]["events"][1]["pile"]
        else:
            del doc["deals"][0]["events"][1]["to"]
        got = judge(doc)
        assert isinstance(got, LogError) and "deals[0].events[1]" in str(got), got


@pytest.mark.parametrize("variant", ["spit", "spit-pairing"])
def test_a_long_walk_of_row_moves_is_judged_in_bounded_time(variant: str) -> None:
    """A card moved back and forth between two gaps of a row is legal, and each move changes the
    row; with no spit card left every event asks whether the round has jammed (with pairing, by
    a search).  20,000 such events are judged in bounded time."""
    from speedrules import load_variant
    from speedrules.core.cards import code_of
    from speedrules.spit.kernel import MOVE, SPIT, SpitKernel

    def codes(texts: str) -> list[int]:
        return [code_of(t) for t in texts.split()]

    # Ann (stacks top first): a single 9C, a gap, and no card that fits the 2H however she moves;
    # Ben can lay his 3D, so the round goes on; Ben spits the 2H alone.
    rows = [[codes("9C"), [], codes("10C 5D"), codes("JC 6H 7S"), codes("QC 8D 4S KD")],
            [codes("3D"), codes("9H 9S"), codes("QD QH QS"), codes("KC KH KS 10S"), codes("8C 8H 8S 7C 6C")]]
    kernel = SpitKernel(load_variant(variant), rows, [[], codes("2H")])
    assert kernel.event(SPIT, a=1) is None and not any(kernel.spits)
    assert kernel.reach(0) is None and kernel.reach(1) is not None and not kernel.is_over()
    started = time.process_time()
    for n in range(20_000):
        frm, to = (0, 1) if n % 2 == 0 else (1, 0)
        assert kernel.event(MOVE, 0, frm, to) is None
    assert time.process_time() - started < 10
