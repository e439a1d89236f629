"""The referee's one-pass reader gives exactly the two-pass answer.

``referee_data`` checks and judges a parsed log in one pass, with an inline path for the
commonest events; ``referee(parse_log(...))`` codes every event first and judges through
the core.  For real logs and their corruptions (the generators of the schema-equivalence
test), both must refuse the same documents and give the same verdict to the rest.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_log_schema_equivalence import bases, hypothesis_chooser, mutate, played, random_chooser

import speedrules
from speedrules.judge.judging import match_verdict
from speedrules.judge.referee import judge_deal, referee_data
from speedrules.logs.log import LogError, parse_log


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


# ------------------------------------------------------------------ the inline paths, event by event
#
# The documents above are cut short, so their layouts are not a deal and the replay seldom
# runs.  Here whole simulated deals (valid layouts, every event timed, or no times at all) are
# corrupted in one event, in the ways the inline paths must notice: a value of the wrong JSON
# type (true, 1.0, null, a list), out of range, a time that goes back or is not finite, an
# unknown or lowercase card, a missing or extra key, an event that is not an object.  The
# one-pass reader must give exactly what the core gives on the structurally checked events
# (``judge_deal`` on the structurally coded deal: ``Game.check_event`` for every event), and refuse
# exactly the documents the structural check refuses.

FULL_VARIANTS = ("speed", "speed-jokers", "speed-alternate-colours", "speed-refill-empty", "speed-runs")
ODD_VALUES: list[Any] = [True, False, 1.0, 0.0, 0.5, -1, 1, 2, 3, 7, None, "AS", "as", "10h", "JK", "1X", "",
                         [], {}, [0], 1e308, float("nan"), float("inf"), 2**70, -0.0,
                         "reveal", "play", "draw", "flip", "rebuild", "call"]
KINDS = ["reveal", "play", "draw", "flip", "rebuild"]
KEYS_TO_TOUCH = ["t", "player", "pile", "card", "type", "cards", "as", "reserves", "x"]


@functools.cache
def full_logs() -> tuple[str, ...]:
    texts = []
    for name in FULL_VARIANTS:
        for seed in (1, 2):
            result = next(iter(speedrules.simulate(name, 1, seed=seed, bots="random", logs=True)))
            assert result.log is not None
            texts.append(json.dumps(result.log.to_json()))
        untimed = played(name, seed=3, limit=150).to_log().to_json()  # no times at all
        texts.append(json.dumps(untimed))
    return tuple(texts)


def core_verdict(doc: Any) -> Any:
    """The verdict by the core alone: every event coded by the structural check, then judged
    by ``Game.check_event`` (no inline path), or ``"unreadable"``."""
    try:
        log = parse_log(doc, "x")
    except LogError:
        return "unreadable"
    deals = [judge_deal(log.variant, deal, log.names) for deal in log.compiled]
    return match_verdict(log.variant, deals, log.names).to_json()


def corrupt_event(doc: dict[str, Any], kind: str, index: int, op: str, key: str, value: Any, t_shift: int) -> None:
    """Corrupt one event of the first deal: the ``index``-th (cyclically) of those of type ``kind``."""
    layout = doc["deals"][0]["layout"]
    stacks = [s for key in ("hands", "draw", "reserves") for s in layout[key]] + [layout["starters"]]
    stacks = [s for s in stacks if s]
    a, b = stacks[index % len(stacks)], stacks[(index // 7 + t_shift) % len(stacks)]
    if op == "layout: swap two cards":  # still a deal, not the one the events were played on
        a[index % len(a)], b[0] = b[0], a[index % len(a)]
        return
    if op == "layout: replace a card":
        a[index % len(a)] = value
        return
    if op == "layout: move a card":
        b.append(a.pop(index % len(a)))
        return
    events = doc["deals"][0]["events"]
    of_kind = [i for i, e in enumerate(events) if e["type"] == kind] or list(range(len(events)))
    index = of_kind[index % len(of_kind)]
    ev = events[index]
    if op == "set":
        ev[key] = value
    elif op == "delete":
        ev.pop(key, None)
    elif op == "time":  # a time near the neighbours' (t_shift -1: just below the one before)
        before = next((e["t"] for e in reversed(events[:index]) if "t" in e), 0)
        ev["t"] = before + t_shift
    elif op == "not an object":
        events[index] = value if not isinstance(value, dict) else [ev]
    elif op == "swap":
        j = min(index + 1, len(events) - 1)
        events[index], events[j] = events[j], events[index]
    elif op == "repeat":
        events.insert(index, copy.deepcopy(ev))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(KINDS), st.integers(0, 10**6),
       st.sampled_from(["set", "set", "set", "delete", "time", "not an object", "swap", "repeat",
                        "layout: swap two cards", "layout: replace a card", "layout: move a card"]),
       st.sampled_from(KEYS_TO_TOUCH), st.sampled_from(ODD_VALUES), st.integers(-2, 2), st.data())
def test_one_corrupted_event_of_a_whole_deal(kind: str, index: int, op: str, key: str, value: Any, t_shift: int,
                                             data: st.DataObject) -> None:
    doc = json.loads(data.draw(st.sampled_from(full_logs())))
    corrupt_event(doc, kind, index, op, key, value, t_shift)
    assert one_pass(doc) == core_verdict(doc)


def test_the_whole_deals_are_judged_alike_and_the_corruptions_give_every_answer() -> None:
    answers = set()
    rng = random.Random(11)
    for text in full_logs():
        doc = json.loads(text)
        assert one_pass(doc) == core_verdict(doc) != "unreadable"
        assert one_pass(doc)["valid"]
        for _ in range(60):
            doc = json.loads(text)
            corrupt_event(doc, rng.choice(KINDS), rng.randrange(10**6),
                          rng.choice(["set", "delete", "time", "swap", "repeat", "not an object",
                                      "layout: swap two cards", "layout: replace a card", "layout: move a card"]),
                          rng.choice(KEYS_TO_TOUCH), rng.choice(ODD_VALUES), rng.randint(-2, 2))
            fast = one_pass(doc)
            assert fast == core_verdict(doc)
            answers.add("unreadable" if fast == "unreadable" else fast["valid"])
    assert answers == {"unreadable", True, False}


def test_the_schema_speaks_before_an_unknown_variant_and_a_later_bad_deal_refuses_the_whole() -> None:
    """The one-pass reader checks a deal's head when it reaches the deal; a document the schema
    refuses must still be refused as such (not as an unknown variant), whichever deal is bad."""
    good = json.loads(full_logs()[0])
    bad_head = json.loads(json.dumps(good))
    bad_head["deals"].append({"layout": {"hands": []}, "events": []})  # a second deal the schema refuses
    unknown = json.loads(json.dumps(good))
    unknown["variant"] = "no-such-variant"
    both = json.loads(json.dumps(bad_head))
    both["variant"] = "no-such-variant"
    for doc in (bad_head, unknown, both):
        errors = []
        for read in (lambda d: referee_data(d, "x"), lambda d: speedrules.referee(parse_log(d, "x"))):
            with pytest.raises(LogError) as info:
                read(doc)
            errors.append(str(info.value))
        assert errors[0] == errors[1]
    with pytest.raises(LogError, match="unknown variant"):
        referee_data(unknown, "x")
    with pytest.raises(LogError) as info:
        referee_data(both, "x")
    assert "unknown variant" not in str(info.value)


def test_referee_text_leaves_the_garbage_collector_as_it_found_it() -> None:
    """referee_text pauses the cyclic collector while it reads and judges, and restores it,
    also when the log is refused or the collector was already off; pauses nest."""
    import gc

    from speedrules.core.collector import COLLECTOR_PAUSED
    from speedrules.judge.referee import referee_text

    text = full_logs()[0]
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            gc.enable() if enabled else gc.disable()
            assert referee_text(text).valid
            assert gc.isenabled() == enabled
            with pytest.raises(LogError):
                referee_text('{"format": "speedrules-log/1"}')
            assert gc.isenabled() == enabled
        gc.enable()
        with COLLECTOR_PAUSED:
            assert not gc.isenabled()
            assert referee_text(text).valid  # a pause inside a pause
            assert not gc.isenabled()
        assert gc.isenabled()
    finally:
        gc.enable() if was else gc.disable()


def test_read_log_and_referee_leave_the_collector_as_they_found_it_across_threads() -> None:
    """read_log and referee(log) pause the collector too; pauses overlapping in several
    threads end with the collector as it was before the first began."""
    import gc
    import threading

    text = full_logs()[0]
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            gc.enable() if enabled else gc.disable()
            barrier = threading.Barrier(4)
            verdicts: list[bool] = []

            def judge(barrier: threading.Barrier = barrier, verdicts: list[bool] = verdicts) -> None:
                barrier.wait()
                for _ in range(20):
                    verdicts.append(speedrules.referee(speedrules.read_log(io.StringIO(text))).valid)

            threads = [threading.Thread(target=judge) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert verdicts == [True] * 80
            assert gc.isenabled() == enabled
    finally:
        gc.enable() if was else gc.disable()


@pytest.mark.parametrize("variant", ["speed-lower-stays", "speed-return-both"])
def test_collision_policies_take_the_one_pass_path_with_the_same_verdicts(variant: str) -> None:
    """Logs of the collision policies that move cards (simulated, so plays land at one instant),
    with random corruptions: the one pass and the two passes agree."""
    rng = random.Random(variant)
    results = list(speedrules.simulate(variant, 30, seed=4, logs=True))
    collided = [r for r in results if r.collisions]
    assert collided, "no simulated deal had a collision"
    for result in results:
        assert result.log is not None
        doc = result.log.to_json()
        assert one_pass(doc) == two_pass(doc)
        for _ in range(5):
            bad = mutate(random_chooser(rng), doc)
            assert one_pass(bad) == two_pass(bad), json.dumps(bad)[:500]


def test_the_verdict_classes_leave_nothing_for_their_init_to_do() -> None:
    """``judging.made_deal`` and its two siblings make verdicts by setting their fields, not
    through ``__init__``: that is exact only while the classes have no validator, converter,
    factory or post-init hook, and while the makers set every field in order."""
    import inspect

    import attrs

    from speedrules.judge import judging
    from speedrules.judge.verdicts import DealVerdict, MatchResult, Verdict

    for cls, maker in ((DealVerdict, judging.made_deal), (MatchResult, judging.made_match),
                       (Verdict, judging.made_verdict)):
        fields = attrs.fields(cls)
        assert not hasattr(cls, "__attrs_post_init__") and not hasattr(cls, "__attrs_pre_init__"), cls
        assert all(f.validator is None and f.converter is None and f.init for f in fields), cls
        assert all(not isinstance(f.default, attrs.Factory) for f in fields), cls  # type: ignore[arg-type]
        assert list(inspect.signature(maker).parameters) == [f.name for f in fields], cls


@settings(max_examples=200)
@given(st.data())
def test_made_verdicts_are_the_verdicts_their_classes_make(data: st.DataObject) -> None:
    """Each maker's verdict equals, hashes, reprs and renders as the one its class makes from the
    same values, and is as frozen."""
    import attrs

    from speedrules.judge import judging
    from speedrules.judge.verdicts import DealVerdict, LoggedViolation, MatchResult, TableView, Verdict

    ints = st.tuples(st.integers(0, 60), st.integers(0, 60))
    seat = st.none() | st.integers(0, 1)
    violation = st.builds(LoggedViolation, st.none() | st.integers(0, 99), st.sampled_from(["play.fit", "draw.limit"]),
                          seat, st.text(max_size=8))
    table = st.none() | st.just(TableView(("5H", "6C"), (5, 5), (("AS",), ()), (15, 15)))
    deal_values = data.draw(st.tuples(st.booleans(), seat, ints, st.lists(violation, max_size=2).map(tuple),
                                      st.booleans(), st.sampled_from([(), (0, 1)]), st.booleans(), st.just(()),
                                      st.sampled_from([(), (1,)]), st.integers(0, 500), table))
    deal = judging.made_deal(*deal_values)
    match_values = data.draw(st.tuples(st.sampled_from(["single", "games"]), st.integers(1, 5), ints,
                                       st.lists(ints, max_size=3).map(tuple), seat, st.booleans()))
    match = judging.made_match(*match_values)
    verdict = judging.made_verdict("speed", (deal,), match, ("a", "b"))
    own_verdict = Verdict("speed", (DealVerdict(*deal_values),), MatchResult(*match_values), ("a", "b"))
    for made, own in ((deal, DealVerdict(*deal_values)), (match, MatchResult(*match_values)), (verdict, own_verdict)):
        assert type(made) is type(own) and made == own and hash(made) == hash(own) and repr(made) == repr(own)
        assert attrs.asdict(made) == attrs.asdict(own)
        assert made.to_json() == own.to_json()
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.winner = 1  # type: ignore[misc]
    assert deal.table == deal_values[10] and str(verdict) == str(Verdict("speed", (DealVerdict(*deal_values),),
                                                                         MatchResult(*match_values), ("a", "b")))
