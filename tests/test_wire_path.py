"""The one reader of a log, by its two doors: JSON text decoded straight into the wire structs
(``referee_text``, ``log_from_text``, ``read_log``: in C, a repeated key found by counting the
text's colons against the pairs the structs hold) and parsed data converted into the same
structs (the long way: ``parse_log_text`` then ``referee_data`` or ``parse_log``, which the
first door falls back to for anything it refuses, and which names the problem).  For real logs
and their corruptions, written out as text in several ways (compact, spaced, with colons inside
strings, with a key repeated), the two must give the same verdict or the same error, and the
same :class:`~speedrules.Log`.  And what the reader promises besides: a bad deal anywhere makes
the whole log unreadable, the schema speaks before an unknown variant, the cyclic garbage
collector is left as it was found.
"""

from __future__ import annotations

import functools
import importlib
import io
import json
import pickle
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_log_schema_equivalence import bases, hypothesis_chooser, mutate, played

import speedrules
from speedrules.judge.referee import referee_data, referee_text
from speedrules.logs.log import LogError, log_from_text, parse_log, parse_log_text

FULL_VARIANTS = ("speed", "speed-jokers", "speed-alternate-colours", "speed-refill-empty", "speed-runs")


@functools.cache
def full_logs() -> tuple[str, ...]:
    """Whole simulated deals (valid layouts, every event timed) and a game with no times at all."""
    texts = []
    for name in FULL_VARIANTS:
        for seed in (1, 2):
            result = next(iter(speedrules.simulate(name, 1, seed=seed, bots="random", logs=True)))
            assert result.log is not None
            texts.append(json.dumps(result.log.to_json()))
        untimed = played(name, seed=3, limit=150).to_log().to_json()  # no times at all
        texts.append(json.dumps(untimed))
    return tuple(texts)


def answer(judge: Any, text: str) -> Any:
    try:
        return judge(text).to_json()
    except LogError as err:
        return ("unreadable", str(err))


def long_way(text: str) -> Any:
    return referee_data(parse_log_text(text, "x"), "x")


def fast_way(text: str) -> Any:
    return referee_text(text, "x")


def texts_of(doc: Any) -> list[str]:
    """The same document written out in ways a reader must not care about."""
    return [json.dumps(doc), json.dumps(doc, separators=(",", ":")), json.dumps(doc, indent=1)]


def reading(read: Any, text: str) -> Any:
    """What a way of reading a log makes of ``text``: the log's every part, or the error."""
    try:
        log = read(text)
    except LogError as err:
        return ("unreadable", str(err))
    return (log.variant.name, log.name, log.deals, log.players, log.names, log.to_json())


def read_long_way(text: str) -> Any:
    return parse_log(parse_log_text(text, "x"), "x")


def read_fast_way(text: str) -> Any:
    return log_from_text(text, "x")


def agree(doc: Any) -> Any:
    found = [answer(fast_way, t) for t in texts_of(doc)]
    for text, fast in zip(texts_of(doc), found, strict=True):
        assert fast == answer(long_way, text), text[:500]
        assert reading(read_fast_way, text) == reading(read_long_way, text), text[:500]
    return found[0]


def test_real_logs_agree() -> None:
    for doc in bases():
        assert isinstance(agree(doc), dict)


def spit_logs() -> list[str]:
    """Simulated games of Spit, round after round."""
    return [json.dumps(r.log.to_json()) for r in speedrules.simulate("spit-pairing", 2, seed=2, logs=True)
            if r.log is not None]


def _colons_in_strings(text: str) -> str:
    """``text`` with its variant embedded (its sources quote the rule texts, colons and all), its
    players named and a time of day in its ``meta``: strings that hold colons."""
    doc = json.loads(text)
    variant = speedrules.load_variant(doc["variant"])
    doc["variant"] = variant.to_document()
    doc["players"] = [f"seat:{i}" for i in range(variant.players)]
    doc["meta"] = {"at": "12:30", "k:": [":"]}
    return json.dumps(doc)


def test_simulated_logs_take_the_wire_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed's and Spit's alike, also where the envelope's strings hold colons (the
    duplicate-key count counts those too: ``speedrules.core.checks.count_colons``)."""
    texts = [*full_logs(), *spit_logs()]
    texts += [_colons_in_strings(texts[0]), _colons_in_strings(texts[-1])]
    expected = [answer(long_way, t) for t in texts]
    assert all(isinstance(e, dict) for e in expected)

    def no_long_way(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the long way was taken")

    logs = [reading(read_long_way, t) for t in texts]
    monkeypatch.setattr(importlib.import_module("speedrules.judge.referee"), "referee_data", no_long_way)
    monkeypatch.setattr(importlib.import_module("speedrules.logs.log"), "parse_log", no_long_way)
    for text, want, log in zip(texts, expected, logs, strict=True):
        assert answer(fast_way, text) == want
        assert reading(read_fast_way, text) == log


def test_a_log_read_the_fast_way_keeps_its_text_and_parses_its_document_when_asked() -> None:
    text = full_logs()[0]
    log = speedrules.read_log(io.StringIO(text))
    same = parse_log(json.loads(text))
    assert log.data == json.loads(text) and log.data is log.data  # parsed once, then kept
    assert log == same and hash(log) == hash(same) and log.dumps() == same.dumps()
    assert speedrules.referee(log).to_json() == speedrules.referee(same).to_json() == answer(fast_way, text)
    assert pickle.loads(pickle.dumps(log)) == log


@pytest.mark.slow  # 150 corrupted logs on both doors: CI's own step
@settings(max_examples=150)
@given(st.data())
def test_corrupted_logs_agree(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(bases()))
    agree(mutate(hypothesis_chooser(data), json.loads(json.dumps(base))))


def _with_duplicate(text: str, key: str, value: str) -> str:
    """``text`` with ``"key": value`` added in front of the first object that has ``key``."""
    at = text.index(f'"{key}"')
    start = text.rindex("{", 0, at)
    return text[:start + 1] + f'"{key}": {value}, ' + text[start + 1:]


@pytest.mark.parametrize(("key", "value"), [("player", "1"), ("card", '"AS"'), ("t", "0"), ("seed", "3"),
                                            ("hands", "[]"), ("variant", '"speed"'), ("type", '"flip"')])
def test_a_repeated_key_is_refused_as_the_long_way_refuses_it(key: str, value: str) -> None:
    text = _with_duplicate(full_logs()[0], key, value)
    fast, slow = answer(fast_way, text), answer(long_way, text)
    assert fast == slow and isinstance(fast, tuple) and "duplicate key" in fast[1]


@pytest.mark.parametrize(("key", "value"), [("player", "1"), ("card", '"AS"'), ("variant", '"speed"')])
@pytest.mark.parametrize("escape", ["\\u003a", "\\u003A"])
def test_an_escaped_colon_cannot_hide_a_repeated_key(key: str, value: str, escape: str) -> None:
    """A colon written as an escape is one colon more in the parsed strings than in the text:
    it would make up for a repeated key's colon, so such a text goes the long way."""
    doc = json.loads(full_logs()[0])
    doc["meta"] = {"note": "MARK"}
    text = json.dumps(doc).replace("MARK", escape)
    assert json.loads(text)["meta"]["note"] == ":"
    assert isinstance(answer(fast_way, text), dict)  # the near miss: no key repeats
    bad = _with_duplicate(text, key, value)
    fast, slow = answer(fast_way, bad), answer(long_way, bad)
    assert fast == slow and isinstance(fast, tuple) and "duplicate key" in fast[1]


def test_colons_inside_strings_leave_the_verdict_alone() -> None:
    doc = json.loads(full_logs()[0])
    doc["players"] = ["a:b", "c::d"]
    doc["meta"] = {"note": "x: y: z", "k:": [":"]}
    got = agree(doc)
    assert isinstance(got, dict) and got["valid"]


def test_a_log_of_spit_and_an_unknown_variant_get_the_same_answers() -> None:
    spit = speedrules.simulate("spit", 1, seed=2, logs=True)
    [result] = list(spit)
    assert result.log is not None
    assert agree(result.log.to_json())["valid"]
    doc = json.loads(full_logs()[0])
    doc["variant"] = "no-such-variant"
    assert isinstance(agree(doc), tuple)


def test_the_wire_structs_take_exactly_the_card_spellings_the_schema_takes() -> None:
    """``wire.Card`` is a Literal of every spelling ``cards.CODE_OF_TEXT`` codes, no more: a
    log with any other card text leaves the wire path and is refused the long way."""
    import typing

    from speedrules.core.cards import CODE_OF_TEXT
    from speedrules.speed.wire import Card

    assert set(typing.get_args(Card)) == set(CODE_OF_TEXT)
    doc = json.loads(full_logs()[0])
    hand = doc["deals"][0]["layout"]["hands"][0]
    for wrong in ("1S", "AX", "10", "AS ", "\uff21S", "Joker"):
        hand[0] = wrong
        got = agree(doc)
        assert isinstance(got, tuple) and "hands[0][0]" in got[1], (wrong, got)


def test_every_wire_event_holds_its_time_last_and_its_fields_where_the_coding_reads_them() -> None:
    """``code_events`` reads an event's fields by position (``msgspec.structs.astuple``): the
    time last in every kind, and each kind's fields in the order it reads them (which is
    also the order ``event_wire`` writes a log's keys in)."""
    from speedrules.speed import wire

    kinds = typing_args(wire.WireEvent)
    assert {k.__struct_config__.tag for k in kinds} == {"reveal", "play", "draw", "flip", "rebuild", "call", "pickup",
                                                        "stuck"}
    for kind in kinds:
        assert kind.__struct_fields__[-1] == "t", kind
    assert wire.WirePlay.__struct_fields__ == ("player", "card", "cards", "pile", "as_", "t")
    assert wire.WireDraw.__struct_fields__ == ("player", "card", "t")
    assert wire.WireRebuild.__struct_fields__ == ("reserves", "t")
    assert wire.WireCall.__struct_fields__ == ("player", "t")
    assert wire.WirePickup.__struct_fields__ == ("player", "pile", "t")
    assert wire.WireStuck.__struct_fields__ == ("player", "t")


def typing_args(union: Any) -> tuple[Any, ...]:
    import typing

    return typing.get_args(union)


def coded_records() -> st.SearchStrategy[tuple[Any, ...]]:
    """Coded events of every kind as the kernel records them: ``(kind, player, pile, cards, declared, t)``."""
    from speedrules.speed.coding import CALL, DRAW, FLIP, PICKUP, PLAY, REBUILD, REVEAL, STUCK

    seat, pile = st.integers(0, 3), st.integers(0, 3)
    code = st.integers(0, 52)
    t = st.none() | st.integers(0, 10**9) | st.floats(0, 1e9, allow_nan=False)
    return st.one_of(
        st.tuples(st.just(PLAY), seat, pile, st.lists(code, min_size=1, max_size=4).map(tuple),
                  st.lists(st.integers(1, 13), max_size=4).map(tuple), t),
        st.tuples(st.just(DRAW), seat, st.just(-1), st.none() | code, st.just(()), t),
        st.tuples(st.sampled_from([REVEAL, FLIP]), st.just(-1), st.just(-1), st.none(), st.just(()), t),
        st.tuples(st.just(REBUILD), st.just(-1), st.just(-1),
                  st.lists(st.lists(code, max_size=5).map(tuple), min_size=1, max_size=3).map(tuple), st.just(()), t),
        st.tuples(st.sampled_from([CALL, STUCK]), seat, st.just(-1), st.none(), st.just(()), t),
        st.tuples(st.just(PICKUP), seat, pile, st.none(), st.just(()), t),
    )


@settings(max_examples=400)
@given(coded_records())
def test_an_event_written_from_its_wire_struct_reads_back_as_it_was_coded(record: tuple[Any, ...]) -> None:
    """``event_wire`` is the one writer: its struct encodes to ``event_json``'s dict, keys in
    the log's order, and that text decodes and codes back to the record as the long way codes
    the dict read the long way (a parsed dict converted into its struct)."""

    from speedrules.speed.coding import code_events, event_json, event_wire
    from speedrules.speed.wire import EVENTS, WireEvent

    kind, player, pile, cards, declared, t = record
    struct = event_wire(*record)
    as_dict = event_json(*record)
    text = msgspec.json.encode(struct)
    read = json.loads(text)
    assert read == as_dict and list(read) == list(as_dict)  # (floats may be spelt differently)
    keys = list(as_dict)
    assert keys[0] == "type" and (t is None or keys[-1] == "t")
    [coded], _ = code_events(EVENTS.decode(b"[" + text + b"]"))
    assert (coded,) == code_events([msgspec.convert(as_dict, WireEvent)])[0]
    if kind in (0, 1, 2, 3, 5, 6, 7):  # a rebuild's stacks come back as they went in too
        assert coded[:4] == (kind, player, pile, cards)
    assert coded[4] == declared and coded[5] == t


@settings(max_examples=300)
@given(st.lists(coded_records(), max_size=12), st.data())
def test_the_simulators_event_text_is_the_wire_structs_encoding(records: list[tuple[Any, ...]],
                                                              data: st.DataObject) -> None:
    """``add_event_text`` keeps an event's text up to its time and writes only the time anew:
    whatever events it meets, in any order and again, what it writes is exactly msgspec's
    encoding of their wire structs (the one writer), read back as the same events."""

    from speedrules.speed.coding import add_event_text, event_wire, events_array

    # whole-number times, as the simulator's; pile numbers beyond the kept ones too
    timed = [(*r[:2], data.draw(st.sampled_from([r[2], r[2], 8, 9])) if r[2] >= 0 else r[2], *r[3:5],
              data.draw(st.integers(0, 10**7))) for r in records]
    for _ in range(2):  # the second time round, every kept text is reused
        out: list[str] = []
        for record in timed:
            add_event_text(out, *record)
        text = events_array(out)
        assert text == msgspec.json.encode([event_wire(*record) for record in timed]).decode()
        assert json.loads(text) == [msgspec.to_builtins(event_wire(*record)) for record in timed]


def test_a_play_without_its_pile_is_refused_as_the_long_way_refuses_it() -> None:
    """The wire struct lets a play's pile be left out (so that it can follow the cards in a
    log's key order); the coding refuses it, and the long way names it."""
    doc = json.loads(full_logs()[0])
    events = doc["deals"][0]["events"]
    play = next(i for i, ev in enumerate(events) if ev["type"] == "play")
    del events[play]["pile"]
    got = agree(doc)
    assert isinstance(got, tuple) and f"events[{play}]" in got[1], got


def test_a_bad_event_after_the_first_violation_still_makes_the_log_unreadable() -> None:
    doc: dict[str, Any] = json.loads(json.dumps(bases()[0]))
    events = doc["deals"][0]["events"]
    events.insert(1, {"type": "flip"})          # a rule broken early (before the reveal or a false flip)
    events.append({"type": "play", "player": 0, "card": "1X", "pile": 0})  # and a card that is no card
    for read in (lambda d: referee_data(d, "x"), lambda d: speedrules.referee(parse_log(d, "x")),
                 lambda d: referee_text(json.dumps(d), "x")):
        with pytest.raises(LogError, match="'1X' is not a card"):
            read(doc)


def test_the_schema_speaks_before_an_unknown_variant_and_a_later_bad_deal_refuses_the_whole() -> None:
    """A deal is read as it is judged; a document the schema refuses must still be refused as such
    (not as an unknown variant), whichever deal is bad."""
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


def test_a_written_log_is_decoded_once_by_the_structs_of_the_family_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """The family of the variant a log names at its head is tried first (every family's structs
    are tried in turn otherwise, and a failed try decodes the envelope and its meta before the
    deals refuse it): one decode for a log of any bundled family, in either writer's form and
    compact; a head naming another family's variant is only a hint, and the answers stay the
    long way's."""
    module = importlib.import_module("speedrules.logs.log")
    decoder = module._decoder
    tried: list[str] = []

    def counted(family: Any) -> Any:
        tried.append(family.name)
        return decoder(family)

    texts = {}
    for name in ("speed", "spit", "california-speed-rows-of-five", "nertz"):
        [result] = list(speedrules.simulate(name, 1, seed=3, logs=True))
        assert result.log is not None
        out = io.StringIO()
        speedrules.write_log(result.log, out)
        texts[name] = (result.log.dumps(), out.getvalue(), json.dumps(result.log.to_json(), separators=(",", ":")))
    monkeypatch.setattr(module, "_decoder", counted)
    for name, forms in texts.items():
        family = speedrules.load_variant(name).family
        for text in forms:
            tried.clear()
            assert referee_text(text).valid
            assert tried == [family]
    monkeypatch.undo()
    misnamed = texts["california-speed-rows-of-five"][0].replace('"california-speed-rows-of-five"', '"nertz"', 1)
    got = answer(fast_way, misnamed)
    assert got == answer(long_way, misnamed) and isinstance(got, tuple)
