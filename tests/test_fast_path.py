"""The referee's one-pass reader gives exactly the two-pass answer.

``referee_data`` checks and judges a parsed log in one pass, with an inline path for the
commonest events; ``referee(parse_log(...))`` codes every event first and judges through
the core.  For real logs and their corruptions (the generators of the schema-equivalence
test), both must refuse the same documents and give the same verdict to the rest.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_log_schema_equivalence import bases, hypothesis_chooser, mutate, random_chooser

import speedrules
from speedrules.log import LogError, parse_log
from speedrules.referee import referee_data


def two_pass(doc: Any) -> Any:
    try:
        return speedrules.referee(parse_log(doc, "x")).to_json()
    except LogError:
        return "unreadable"


def one_pass(doc: Any) -> Any:
    try:
        return referee_data(doc, "x").to_json()
    except LogError:
        return "unreadable"


def test_real_logs_agree() -> None:
    for doc in bases():
        assert one_pass(doc) == two_pass(doc) != "unreadable"


@settings(max_examples=300)
@given(st.data())
def test_corrupted_logs_agree(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(bases()))
    doc = mutate(hypothesis_chooser(data), json.loads(json.dumps(base)))
    assert one_pass(doc) == two_pass(doc)


def test_many_single_corruptions_agree_and_include_both_answers() -> None:
    rng = random.Random(5)
    answers = set()
    for _ in range(400):
        base = rng.choice(bases())
        doc = mutate(random_chooser(rng), json.loads(json.dumps(base)))
        fast, slow = one_pass(doc), two_pass(doc)
        assert fast == slow
        answers.add("unreadable" if fast == "unreadable" else fast["valid"])
    assert answers == {"unreadable", True, False}


def test_a_bad_event_after_the_first_violation_still_makes_the_log_unreadable() -> None:
    doc: dict[str, Any] = json.loads(json.dumps(bases()[0]))
    events = doc["deals"][0]["events"]
    events.insert(1, {"type": "flip"})          # a rule broken early (before the reveal or a false flip)
    events.append({"type": "play", "player": 0, "card": "1X", "pile": 0})  # and a card that is no card
    assert one_pass(doc) == two_pass(doc) == "unreadable"
