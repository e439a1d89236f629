"""Hostile-input fuzzing: whatever a file, a log or a caller throws at speedrules, the answer is
one of the library's own errors (or a verdict), given quickly, the same on every path, and a
log never makes the library open a file the user did not name.

The budget is ``FUZZ_EXAMPLES`` (``SPEEDRULES_FUZZ_EXAMPLES``, 150 by default); the Hypothesis
profile in conftest.py is derandomized, so a run always tries the same inputs.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzzing import (
    FUZZ_EXAMPLES,
    GAME_VARIANTS,
    HOSTILE_SCALARS,
    JSON_SNIPPETS,
    JUNK_TIMES,
    ROOT,
    TIME_LIMIT,
    VARIANT_FIELDS,
    YAML_SNIPPETS,
    Card,
    byte_mutants,
    call,
    check_cli_referee,
    check_variant_everywhere,
    delete_at,
    dumps,
    encode,
    first_violations,
    game_log_text,
    json_values,
    judge_file,
    junk_actions,
    paths_of,
    pick,
    play_random,
    put_field,
    run_cli,
    seed_corpus,
    seed_documents,
    seed_positions,
    set_at,
    shipped_variants,
    short,
    snapshot,
    srepr,
    variant_by_name,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import (
    LogError,
    Play,
    SpeedrulesError,
    VariantError,
    Verdict,
    iter_log_lines,
    load_variant,
    parse_log,
    read_log,
    referee,
    variant_from_document,
)
from speedrules.core.checks import MAX_TIME
from speedrules.judge.referee import referee_path, referee_text

pytestmark = pytest.mark.fuzz

FIXTURE_OK = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large,
              HealthCheck.large_base_example]
FEW = max(5, FUZZ_EXAMPLES // 10)
SOME = max(10, FUZZ_EXAMPLES // 3)


@contextlib.contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="speedrules-fuzz-") as name:
        yield Path(name)


def judge_bytes(capsys: Any, data: bytes, suffix: str) -> Verdict | LogError:
    """Write ``data`` as a log file and judge it through every path (API and CLI)."""
    with folder() as tmp:
        path = tmp / f"game{suffix}"
        path.write_bytes(data)
        verdict = judge_file(path, data)
        check_cli_referee(capsys, path, verdict)
        return verdict


# =============================================================================== logs: mutations


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=FIXTURE_OK)
@given(data=st.data())
def test_byte_mutated_logs_give_the_same_answer_on_every_path(capsys: Any, data: st.DataObject) -> None:
    """Shipped logs and logs of random games, with bytes flipped, inserted (NUL, CR, BOM,
    non-UTF-8, YAML syntax), deleted or cut: only library errors, within the time limit,
    and read_log + referee, referee_text, referee_path and the CLI (plain, --json, --all)
    agree on readable or not, validity and each deal's first violation."""
    suffix, original = data.draw(st.sampled_from(seed_corpus()), label="seed")
    mutant = data.draw(byte_mutants(original), label="mutant")
    judge_bytes(capsys, mutant, suffix)


@st.composite
def document_mutants(draw: st.DrawFn) -> Any:
    doc = draw(st.sampled_from(seed_documents()))
    for _ in range(draw(st.integers(1, 3))):
        places = paths_of(doc)
        place = places[draw(st.integers(0, len(places) - 1))]
        how = draw(st.sampled_from(("hostile", "hostile", "generated", "delete", "unknown-key")))
        if how == "hostile":
            doc = set_at(doc, place, draw(pick(HOSTILE_SCALARS)))
        elif how == "generated":
            doc = set_at(doc, place, draw(json_values()))
        elif how == "delete":
            doc = delete_at(doc, place)
        else:
            node = doc
            for key in place:
                node = node[key] if isinstance(node, (dict, list)) else None
            if isinstance(node, dict):
                doc = set_at(doc, (*place, draw(st.sampled_from(("bogus", "", "__proto__", "t", "as", "cards",
                                                                  "meta", "Type")))), draw(json_values(4)))
    return doc


def holds_unwritable_integer(doc: Any) -> bool:
    """Whether parsed ``doc`` holds an integer of more than 4,300 digits, which Python reads from
    no JSON text: ``parse_log`` may judge such a document, ``read_log`` never sees its text."""
    todo = [doc]
    while todo:
        item = todo.pop()
        if isinstance(item, int) and not isinstance(item, bool) and item.bit_length() > 14_000:
            return True
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=FIXTURE_OK)
@given(doc=document_mutants())
def test_value_mutated_log_documents(capsys: Any, doc: Any) -> None:
    """Log documents with values swapped for hostile ones (5000-digit ints, NaN, inf, -1, "5",
    true, [], {}, lone surrogates, NUL), keys deleted or added: parse_log + referee give only
    library errors, and the same document as JSON text gives the same answer on every path."""
    parsed = call("parse_log", lambda: parse_log(doc, "<doc>"))
    if isinstance(parsed, speedrules.Log):
        verdict = call("referee", lambda: referee(parsed))
        assert isinstance(verdict, Verdict), f"referee of a log parse_log accepted raised {verdict!r}"
        every = call("referee(all_violations=True)", lambda: referee(parsed, all_violations=True))
        assert isinstance(every, Verdict), f"referee --all of a log parse_log accepted raised {every!r}"
    else:
        assert isinstance(parsed, LogError), f"parse_log raised {type(parsed).__name__}, not LogError"
    text = dumps(doc)
    for prefix, suffix in (("", ".json"), ("--- # yaml\n", ".yaml")):
        answer = judge_bytes(capsys, encode(prefix + text), suffix)
        if not prefix and not holds_unwritable_integer(doc):  # no JSON text holds one: nothing to agree on
            assert isinstance(answer, LogError) == isinstance(parsed, LogError), (
                "parse_log and read_log of the same document disagree", srepr(parsed), srepr(answer))


@st.composite
def snippet_texts(draw: st.DrawFn) -> tuple[str, str]:
    """A log's JSON text with one value replaced by a raw JSON or YAML snippet."""
    doc = draw(st.sampled_from(seed_documents()))
    places = [p for p in paths_of(doc) if p]
    place = places[draw(st.integers(0, len(places) - 1))]
    yaml_text = draw(st.booleans())
    snippet = draw(st.sampled_from(YAML_SNIPPETS if yaml_text else JSON_SNIPPETS))
    marker = "__fuzz_snippet__"
    text = dumps(set_at(doc, place, marker)).replace(json.dumps(marker), snippet, 1)
    if yaml_text and draw(st.booleans()):
        return "--- \n" + text, ".yaml"
    return text, ".yaml" if yaml_text else ".json"


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=FIXTURE_OK)
@given(case=snippet_texts())
def test_log_texts_with_hostile_json_and_yaml_values(capsys: Any, case: tuple[str, str]) -> None:
    """A value of a log replaced by a YAML type tag with bad content (!!int 'x', !!bool maybe,
    !!timestamp 'x', !!python/object, !!binary), a 3600-digit hex int, a 5000-digit int, an
    alias or anchor, a duplicate key, NaN, a lone surrogate, deep nesting: every path agrees
    and raises only library errors."""
    text, suffix = case
    judge_bytes(capsys, encode(text), suffix)


@st.composite
def generated_log_documents(draw: st.DrawFn) -> Any:
    base = draw(st.sampled_from(seed_documents()[:3] + seed_documents()[-3:]))
    places = [(), ("format",), ("variant",), ("players",), ("meta",), ("deals",), ("deals", 0),
              ("deals", 0, "layout"), ("deals", 0, "events"), ("deals", 0, "events", 0),
              ("deals", 0, "layout", "hands"), ("deals", 0, "layout", "starters"), ("deals", 0, "meta")]
    doc = base
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(places + paths_of(base)[:400]))
        try:
            doc = set_at(doc, place, draw(json_values(12)))
        except (KeyError, IndexError, TypeError):
            continue
    return doc


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=FIXTURE_OK)
@given(doc=generated_log_documents())
def test_generated_values_at_every_log_field(capsys: Any, doc: Any) -> None:
    """Arbitrary JSON-ish values (st.recursive) at the log's fields, the variant mapping included."""
    parsed = call("parse_log", lambda: parse_log(doc, "<doc>"))
    if isinstance(parsed, speedrules.Log):
        assert isinstance(call("referee", lambda: referee(parsed)), Verdict)
        assert isinstance(call("referee --all", lambda: referee(parsed, all_violations=True)), Verdict)
    else:
        assert isinstance(parsed, LogError), f"parse_log raised {type(parsed).__name__}, not LogError"
    judge_bytes(capsys, encode(dumps(doc)), ".json")


# =============================================================================== variants


@st.composite
def generated_variant_documents(draw: st.DrawFn) -> Any:
    base = draw(st.sampled_from(({}, {"extends": "speed"}, {"extends": "speed-jokers", "runs": True},
                                 {"players": 3, "deck": {"packs": 2}}, {"extends": "speed-match-pagat"})))
    doc: Any = dict(base)
    for _ in range(draw(st.integers(1, 4))):
        place = draw(st.sampled_from(VARIANT_FIELDS))
        value = draw(st.one_of(json_values(), pick(HOSTILE_SCALARS), st.sampled_from(
            ("rest", "speed", "speed-jokers", "./x.yaml", "../x.yaml", "/dev/null", "a\x00.yaml", "x" * 300))))
        doc = put_field(doc, place, value) if isinstance(doc, dict) or not place else doc
    return doc


def is_strict_json(doc: Any) -> bool:
    try:
        json.dumps(doc, allow_nan=False)
    except ValueError:
        return False
    return True


def exercise_variant(variant: speedrules.Variant, seed: int) -> None:
    """A variant that loaded can be dealt, played and refereed through the public API."""
    game = call("deal", lambda: play_random(variant, seed, 30))
    assert isinstance(game, speedrules.Game), f"a valid variant cannot be played: {game!r}"
    log = call("to_log", game.to_log)
    verdict = call("referee", lambda: referee(log))
    assert isinstance(verdict, Verdict) and verdict.valid, f"a game played through the API does not referee: {verdict}"


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=FIXTURE_OK)
@given(doc=generated_variant_documents(), seed=st.integers(0, 2**32))
def test_generated_variant_documents(capsys: Any, doc: Any, seed: int) -> None:
    """Generated values at every variant field: variant_from_document, the same document as a
    .yaml and a .json file (load_variant, check-variant, show) and embedded in a log all give
    the same answer and only VariantError/LogError; a variant that loads can be played."""
    got = call("variant_from_document", lambda: variant_from_document(doc, name="house"))
    if isinstance(got, SpeedrulesError):
        assert isinstance(got, VariantError), f"variant_from_document raised {type(got).__name__}"
    else:
        exercise_variant(got, seed)
    with folder() as tmp:
        # NaN and Infinity are Python's JSON, not JSON: as YAML they are text, so only a strict JSON
        # document must read the same from a .yaml file.
        yaml_too = is_strict_json(doc)
        for suffix, text in ((".json", dumps(doc)), *(((".yaml", "--- \n" + dumps(doc)),) if yaml_too else ())):
            path = tmp / f"house{suffix}"
            path.write_bytes(encode(text))
            from_file = check_variant_everywhere(capsys, path)
            assert isinstance(from_file, SpeedrulesError) == isinstance(got, SpeedrulesError), (
                "the file and the document disagree", srepr(from_file), srepr(got))
        log_doc = json.loads(game_log_text("speed", 7, 20))
        log_doc["variant"] = doc
        log_path = tmp / "logs" / "game.json"
        log_path.parent.mkdir()
        data = encode(dumps(log_doc))
        log_path.write_bytes(data)
        answer = judge_file(log_path, data)
        check_cli_referee(capsys, log_path, answer)


@st.composite
def mutated_variant_files(draw: st.DrawFn) -> tuple[bytes, str]:
    path = draw(st.sampled_from(shipped_variants()))
    data = path.read_bytes()
    if draw(st.booleans()):
        return draw(byte_mutants(data)), ".yaml"
    lines = data.decode().splitlines()
    keyed = [i for i, line in enumerate(lines) if ":" in line and not line.lstrip().startswith("#")]
    if keyed:
        i = draw(st.sampled_from(keyed))
        key = lines[i].split(":", 1)[0]
        lines[i] = f"{key}: {draw(st.sampled_from(YAML_SNIPPETS))}"
    return "\n".join(lines).encode(), draw(st.sampled_from((".yaml", ".yml", ".json")))


@settings(max_examples=SOME, suppress_health_check=FIXTURE_OK)
@given(case=mutated_variant_files())
def test_mutated_variant_files(capsys: Any, case: tuple[bytes, str]) -> None:
    """The shipped variant files, mutated (bytes, YAML tags, huge ints, aliases): load_variant,
    check-variant, show and referee --variant agree and give only VariantError / exit 2."""
    data, suffix = case
    with folder() as tmp:
        path = tmp / f"house{suffix}"
        path.write_bytes(data)
        got = check_variant_everywhere(capsys, path)
        log = tmp / "game.json"
        log.write_text(game_log_text("speed", 3, 30))
        code, _, _ = run_cli(capsys, ["referee", str(log), "--variant", str(path)])
        if isinstance(got, SpeedrulesError):
            assert code == 2, f"referee --variant with a bad variant: exit {code}"
        else:
            assert code in (0, 1)


# =============================================================================== big inputs


def _nested(depth: int, kind: str) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"k": value}
    return value


def _big_cases() -> list[tuple[str, Any]]:
    good = json.loads(game_log_text("speed", 11, 40))
    cases: list[tuple[str, Any]] = []
    for depth in (500, 1000, 3000):
        for kind in ("list", "dict"):
            cases.append((f"meta {kind} nested {depth}", set_at(good, ("meta",), {"x": _nested(depth, kind)})))
            bad = set_at(set_at(good, ("meta",), {"x": _nested(depth, kind)}), ("deals", 0, "events", 0, "t"), -1)
            cases.append((f"meta {kind} nested {depth} + a bad time", bad))
            cases.append((f"deal meta {kind} nested {depth} + unknown key",
                          set_at(set_at(good, ("deals", 0, "meta"), {"x": _nested(depth, kind)}), ("bogus",), 1)))
            cases.append((f"variant mapping nested {depth} {kind}",
                          set_at(good, ("variant",), {"extends": "speed", "title": _nested(depth, kind)})))
            cases.append((f"event value nested {depth} {kind}", set_at(good, ("deals", 0, "events", 1, "card"),
                                                                        _nested(depth, kind))))
    cases.append(("50,000 unknown keys at the top", {**good, **{f"k{i}": i for i in range(50_000)}}))
    cases.append(("50,000 unknown keys in an event", set_at(good, ("deals", 0, "events", 0),
                                                            {"type": "reveal", **{f"k{i}": i for i in range(50_000)}})))
    cases.append(("50,000 keys in meta", set_at(good, ("meta",), {f"k{i}": i for i in range(50_000)})))
    big = "x" * 10_000_000
    cases.append(("a 10 MB player name", set_at(good, ("players",), [big, "Ben"])))
    cases.append(("a 10 MB card", set_at(good, ("deals", 0, "events", 1, "card"), big)))
    cases.append(("a 10 MB variant name", set_at(good, ("variant",), big)))
    cases.append(("a 10 MB unknown key", {**good, big: 1}))
    cases.append(("100,000 events", set_at(good, ("deals", 0, "events"), [{"type": "flip"}] * 100_000)))
    return cases


BIG_CASES = _big_cases()


def _deep(label: str) -> Any:
    """A case nested 1000 or 3000 levels deep runs in CI's deep step (``pytest -m deep``): the
    500-level cases, already five times the depth limit, run by default."""
    deep = "nested 1000" in label or "nested 3000" in label
    return pytest.param(label, marks=pytest.mark.deep) if deep else label


@pytest.mark.slow
@pytest.mark.parametrize("label", [_deep(label) for label, _ in BIG_CASES])
def test_big_and_deep_logs(capsys: Any, label: str) -> None:
    """Deeply nested values (500-3000 levels), 50,000 keys, 10 MB strings, 100,000 events: as a
    parsed document, as JSON, and as YAML where it is not too big: only library errors, fast,
    every path agreeing, and no stderr line over 1000 characters."""
    doc = dict(BIG_CASES)[label]
    parsed = call("parse_log", lambda: parse_log(doc, "<doc>"))
    if isinstance(parsed, speedrules.Log):
        assert isinstance(call("referee", lambda: referee(parsed)), Verdict)
    text = dumps(doc)
    judge_bytes(capsys, encode(text), ".json")
    if len(text) < 300_000:  # PyYAML reads some 150 kB/s: a larger YAML log is not a fair 2-second case
        judge_bytes(capsys, encode("--- \n" + text), ".yaml")


@pytest.mark.parametrize("depth", [500, pytest.param(1000, marks=pytest.mark.deep),
                                   pytest.param(3000, marks=pytest.mark.deep)])
@pytest.mark.parametrize("kind", ["list", "dict"])
def test_deep_variant_documents(capsys: Any, depth: int, kind: str) -> None:
    """A variant document with a deeply nested value: VariantError (or a variant), never a
    RecursionError, from the document and from a file."""
    for doc in ({"extends": "speed", "title": _nested(depth, kind)}, {"sources": [_nested(depth, kind)]},
                {"deal": _nested(depth, kind)}, {"bogus": _nested(depth, kind)}, _nested(depth, kind)):
        got = call("variant_from_document", lambda doc=doc: variant_from_document(doc))
        assert isinstance(got, VariantError), f"expected a VariantError, got {srepr(got)}"
        with folder() as tmp:
            path = tmp / "deep.json"
            path.write_text(dumps(doc))
            check_variant_everywhere(capsys, path)
            path = tmp / "deep.yaml"
            path.write_text(dumps(doc))
            check_variant_everywhere(capsys, path)


# =============================================================================== archives

GOOD_LINES = [json.dumps(json.loads(game_log_text(name, 500 + i, 50))) for i, name in enumerate(GAME_VARIANTS)]
LINE_KINDS = ("good", "good", "good-cr", "crlf", "blank", "non-utf8", "broken", "cr-in-string", "nul", "schema",
              "bom-inside")


def _archive_line(kind: str, good: str) -> tuple[bytes, str]:
    """(the line's bytes without its "\\n", what it must give: good, bad or either)."""
    if kind == "good":
        return good.encode(), "good"
    if kind == "good-cr":  # a lone CR is JSON whitespace between tokens: the log is fine
        comma = good.index(",")
        return (good[: comma + 1] + "\r" + good[comma + 1:]).encode(), "good"
    if kind == "crlf":
        return good.encode() + b"\r", "good"
    if kind == "blank":
        return b"   ", "blank"
    if kind == "non-utf8":
        return good.replace('"speedrules-log/1"', '"speedrules-\xff"', 1).encode("latin-1", errors="replace"), "bad"
    if kind == "broken":
        return good[: len(good) // 2].encode(), "bad"
    if kind == "cr-in-string":
        return good.replace('"speedrules-log/1"', '"speedrules-\rlog/1"', 1).encode(), "bad"
    if kind == "nul":
        return good.replace(",", ",\x00", 1).encode(), "bad"
    if kind == "schema":
        return good.replace('"speedrules-log/1"', '"speedrules-log/2"', 1).encode(), "bad"
    return "\ufeff".encode() + good.encode(), "either"


@settings(max_examples=SOME, suppress_health_check=FIXTURE_OK)
@given(kinds=st.lists(st.sampled_from(LINE_KINDS), min_size=1, max_size=7),
       goods=st.lists(st.integers(0, len(GOOD_LINES) - 1), min_size=7, max_size=7),
       bom=st.booleans(), final_newline=st.booleans())
def test_archives_judge_every_good_line_and_name_every_bad_one(
    capsys: Any, kinds: list[str], goods: list[int], bom: bool, final_newline: bool
) -> None:
    """A .jsonl archive mixing good logs with bad lines (a non-UTF-8 byte, a lone CR, broken
    JSON, a NUL, a schema error): referee_path, iter_log_lines and the CLI yield one answer per
    non-blank line, named FILE:LINE with the 1-based number counting only "\\n" breaks; every
    good line gets its verdict (the same as referee_text of the line) and every bad one a
    LogError naming FILE:LINE."""
    lines = [_archive_line(kind, GOOD_LINES[good]) for kind, good in zip(kinds, goods, strict=False)]
    data = (b"\xef\xbb\xbf" if bom else b"") + b"\n".join(raw for raw, _ in lines) + (b"\n" if final_newline else b"")
    with folder() as tmp:
        path = tmp / "games.jsonl"
        path.write_bytes(data)
        name = str(path)
        expected = [(f"{name}:{number}", raw, want) for number, (raw, want) in enumerate(lines, start=1)
                    if want != "blank"]
        judged = call("referee_path(archive)", lambda: list(referee_path(name)))
        assert isinstance(judged, list), f"referee_path raised {judged!r} instead of yielding it"
        assert [n for n, _ in judged] == [n for n, _, _ in expected], (
            f"wrong line names: {[n.rsplit(':', 1)[-1] for n, _ in judged]}, expected lines "
            f"{[n.rsplit(':', 1)[-1] for n, _, _ in expected]}")
        listed = call("iter_log_lines", lambda: list(iter_log_lines(path)))
        assert isinstance(listed, list), f"iter_log_lines raised {listed!r}"
        assert [n for n, _ in listed] == [n for n, _, _ in expected], (
            f"iter_log_lines: wrong line names: {[n.rsplit(':', 1)[-1] for n, _ in listed]}")
        for (where, raw, want), (_, got), (_, log) in zip(expected, judged, listed, strict=True):
            if want == "good":
                assert isinstance(got, Verdict), f"{where}: a good line was not judged: {short(str(got))}"
                alone = referee_text(raw.decode(), where)
                assert (got.valid, first_violations(got)) == (alone.valid, first_violations(alone)), where
                assert isinstance(log, speedrules.Log), f"{where}: iter_log_lines refused a good line: {log}"
            elif want == "bad":
                assert isinstance(got, LogError), f"{where}: a bad line was judged"
                assert isinstance(log, LogError), f"{where}: iter_log_lines read a bad line"
                assert where in str(got), f"the error does not name {where}: {short(str(got))}"
            else:
                assert isinstance(got, (Verdict, LogError))
            assert isinstance(got, LogError) == isinstance(log, LogError), f"{where}: the two readers disagree"
        bad = any(isinstance(v, LogError) for _, v in judged)
        invalid = any(isinstance(v, Verdict) and not v.valid for _, v in judged)
        want_code = 2 if bad else 1 if invalid else 0
        code, out, err = run_cli(capsys, ["referee", name, "--json"])
        assert code == want_code, f"exit {code}, expected {want_code}: {short(err)}"
        assert [json.loads(line)["file"] for line in out.splitlines()] == [n for n, _ in judged]
        code, out, err = run_cli(capsys, ["referee", name])
        assert code == want_code
        for where, _, want in expected:
            if want == "bad":
                assert where in err, f"stderr does not name {where}: {short(err)}"


# =============================================================================== the Game API

WALK_VARIANTS = ("speed", "jokers-runs", "speed-call-penalty", "speed-call", "speed-lower-stays",
                 "speed-return-both", "speed-refill-empty", "speed-drawn-hand", "speed-three-jokers", "speed-four",
                 "speed-rebuild-gather", "speed-draw-first", "speed-jokers-adjacent")


def _refused_leaves_game_unchanged(game: speedrules.Game, action: Any, t: Any) -> bool:
    """Try ``action`` at ``t``; a refusal must be a library error and change nothing.
    Returns whether the action was applied."""
    before = snapshot(game)
    checked = call(f"check({srepr(action)}, t={srepr(t)})", lambda: game.check(action, t))
    assert checked is None or isinstance(checked, (speedrules.Violation, SpeedrulesError)), checked
    assert snapshot(game) == before, f"check({srepr(action)}) changed the game"
    legal = call(f"is_legal({srepr(action)}, t={srepr(t)})", lambda: game.is_legal(action, t))
    assert isinstance(legal, (bool, SpeedrulesError)), legal
    got = call(f"apply({srepr(action)}, t={srepr(t)})", lambda: game.apply(action, t=t))
    if isinstance(got, SpeedrulesError):
        after = snapshot(game)
        assert after == before, f"a refused {srepr(action)} at t={srepr(t)} ({got}) changed the game"
        return False
    return True


def _junk(data: st.DataObject) -> Any:
    """A junk action; constructing it may itself refuse (with a library error only)."""
    try:
        return data.draw(junk_actions(), label="junk action")
    except SpeedrulesError:
        return None


def _finish_checks(game: speedrules.Game, t: float) -> None:
    actions = call("legal_actions", game.legal_actions)
    assert isinstance(actions, speedrules.LegalActions), actions
    if actions and not math.isnan(t):  # the game is still usable
        applied = call("apply a legal action", lambda: game.apply(actions[0], t=t + 1))
        assert not isinstance(applied, SpeedrulesError), f"a listed legal action was refused: {applied}"
    log = call("to_log", game.to_log)
    assert isinstance(log, speedrules.Log), f"to_log failed: {log!r}"
    verdict = call("referee(to_log)", lambda: referee(log))
    problem = verdict.violations if isinstance(verdict, Verdict) else verdict
    assert isinstance(verdict, Verdict) and verdict.valid, f"the game's own log does not referee as valid: {problem}"
    out = io.StringIO()
    written = call("write_log(to_log)", lambda: speedrules.write_log(log, out))
    assert not isinstance(written, SpeedrulesError), f"the game's own log cannot be written: {written}"
    again = call("read_log(write_log)", lambda: read_log(io.StringIO(out.getvalue())))
    assert isinstance(again, speedrules.Log) and referee(again).valid, again


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=FIXTURE_OK)
@given(data=st.data())
def test_game_api_walks_with_junk(data: st.DataObject) -> None:
    """Random walks through the Game API mixing legal actions with junk ones (Play(0, "JC", 1),
    Play(True, ...), a joker run declared -1, Draw("0"), Rebuild(5), ...) and junk times ("5",
    NaN, inf, -1, True, [], a time before the last one): every refusal is a library error and
    leaves every public view unchanged; listed legal actions apply; the game's log referees."""
    name = data.draw(st.sampled_from(WALK_VARIANTS), label="variant")
    variant = variant_by_name(name)
    game = speedrules.deal(variant, seed=data.draw(st.integers(0, 2**32), label="seed"))
    t = 0.0
    for _ in range(data.draw(st.integers(1, 80), label="steps")):
        if game.is_over():
            break
        step = data.draw(st.sampled_from(("legal", "legal", "legal", "junk", "junk-time", "earlier", "run")))
        if step == "legal":
            actions = game.legal_actions()
            if not actions:
                break
            action = data.draw(st.sampled_from(actions), label="legal")
            t += data.draw(st.sampled_from((1, 5, 250)))
            assert game.is_legal(action, t), f"a listed action is not legal: {srepr(action)}"
            game.apply(action, t=t)
            continue
        if step == "junk":
            action, when = _junk(data), t + 1
        elif step == "run":  # a run with a joker declared as something that is no rank
            hand = game.hands[0]
            cards = (Card.parse("JK"), *hand[:2]) if hand else (Card.parse("JK"),)
            action = call("Play(...)", lambda cards=cards: Play(0, cards, data.draw(st.integers(-1, 2)),
                          declared=data.draw(st.sampled_from(((-1,), (0,), (14,), (5, 5, 5), (1.5,), ("K",))))))
            when = t + 1
        else:
            actions = game.legal_actions()
            action = data.draw(st.sampled_from(actions)) if actions else _junk(data)
            when = data.draw(pick(JUNK_TIMES)) if step == "junk-time" else t - 1
        if action is None or isinstance(action, SpeedrulesError):
            continue
        if _refused_leaves_game_unchanged(game, action, when):
            # accepted: it must have been a real move at a real time; nothing else to do
            if isinstance(when, (int, float)) and not isinstance(when, bool) and abs(when) < 1e15:
                t = max(t, float(when))
            else:  # a time no later action can follow in a test: judge the game as it is
                t = math.nan
                break
    _finish_checks(game, t)


JUNK_DEAL_ARGS = [
    ("speed", {}), (None, {}), (5, {}), ("v", {"seed": 1}), ("V", {"seed": "x"}), ("V", {"seed": 1.5}),
    ("V", {"seed": True}), ("V", {"seed": -1}), ("V", {"seed": 10**5000}), ("V", {"seed": []}),
    ("V", {"seed": math.nan}), ("V", {"seed": 1, "names": [1, 2]}), ("V", {"seed": 1, "names": ["a"]}),
    ("V", {"seed": 1, "names": "ab"}), ("V", {"seed": 1, "names": 5}), ("V", {"seed": 1, "names": ["a", "b", "c"]}),
    ("V", {"seed": 1, "names": ["x" * 10_000, None]}),
]


@pytest.mark.parametrize(("variant", "kwargs"), JUNK_DEAL_ARGS, ids=[str(i) for i in range(len(JUNK_DEAL_ARGS))])
def test_deal_with_junk_arguments(variant: Any, kwargs: dict[str, Any]) -> None:
    """deal() with junk arguments: a game, or a library error (never a TypeError)."""
    v = load_variant("speed") if variant == "V" else variant
    game = call(f"deal({srepr(variant)}, {srepr(kwargs)})", lambda: speedrules.deal(v, **kwargs))
    if isinstance(game, speedrules.Game):
        game.reveal()
        log = call("to_log", game.to_log)
        assert isinstance(log, speedrules.Log), f"to_log failed after a junk deal: {log!r}"
        assert referee(log).valid


@pytest.mark.parametrize("player", [-1, 2, 5, True, "0", 1.5, None, [0], 10**30, math.nan])
def test_legal_actions_with_a_junk_player(player: Any) -> None:
    """legal_actions(player) with a seat that does not exist or is not a seat: the actions or a library error."""
    game = speedrules.deal(load_variant("speed"), seed=3)
    before = snapshot(game)
    got = call(f"legal_actions({srepr(player)})", lambda: game.legal_actions(player))
    assert isinstance(got, (speedrules.LegalActions, SpeedrulesError))
    assert snapshot(game) == before
    if isinstance(got, speedrules.LegalActions):
        assert all(call("is_legal", lambda a=a: game.is_legal(a)) is True for a in got), got


# =============================================================================== positions

POSITION_PIECES: tuple[str, ...] = (
    "\u0661", "\u00b2", "\uff10", "\u2003", "\x00", "\ud800", "9" * 25, "18446744073709551616",
    "9223372036854775808", str(MAX_TIME + 1), str(MAX_TIME), "1e999", "1e15", "NaN", "0.5", "-1", "-", "/", ",",
    "|", " ", "  ", "=", "JK=Q", "JK=", "=Q", "+", "@", ";", ":", "0@1", "instant:pile=0", "up,won=0", "up,out=1",
    "down", "play", "over", "AS", "10S", "JK", "1X", "x" * 3000, "/".join(["AS"] * 60),
)
"""Pieces of text that break a naive reader of a position: other scripts' digits, numbers past
every limit, separators, flags, cards and non-cards."""


@st.composite
def position_mutants(draw: st.DrawFn) -> tuple[str, str, str]:
    """A position of a real Speed or Spit game with a few pieces inserted, deleted or swapped."""
    game, variant, text = draw(st.sampled_from(seed_positions()))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(("insert", "delete", "field", "swap-fields")))
        pos = draw(st.integers(0, len(text)))
        if how == "insert":
            text = text[:pos] + draw(st.sampled_from(POSITION_PIECES)) + text[pos:]
        elif how == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 12)):]
        else:
            fields = text.split(" ")
            i, j = draw(st.integers(0, len(fields) - 1)), draw(st.integers(0, len(fields) - 1))
            if how == "field":
                fields[i] = draw(st.sampled_from(POSITION_PIECES))
            else:
                fields[i], fields[j] = fields[j], fields[i]
            text = " ".join(fields)
    return game, variant, text


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=FIXTURE_OK)
@given(case=position_mutants())
def test_mutated_positions_are_read_or_refused_with_a_position_error(case: tuple[str, str, str]) -> None:
    """Positions of real games (Speed, its collision variants, Spit's), mutated: from_position
    gives a game or a PositionError naming a field, quickly; a game it gives writes a position
    that reads back as itself, and its listed actions apply."""
    game, name, text = case
    variant = variant_by_name(name)
    make: Any = speedrules.Game.from_position if game == "speed" else speedrules.SpitGame.from_position
    got = call(f"from_position({name}, {short(text, 80)!r})", lambda: make(variant, text))
    if isinstance(got, SpeedrulesError):
        assert isinstance(got, speedrules.PositionError), f"refused with {type(got).__name__}: {got}"
        return
    written = got.position()
    assert written.isascii() or not text.isascii(), written
    again = call("from_position(position())", lambda: make(variant, written))
    assert not isinstance(again, SpeedrulesError), f"a written position does not read back: {again}"
    assert again.position() == written
    actions = call("legal_actions", got.legal_actions)
    assert not isinstance(actions, SpeedrulesError), actions
    if actions:
        assert call("apply", lambda: got.apply(actions[0])) is None


def test_the_position_seeds_read_back() -> None:
    """The unmutated positions read back as themselves (a control for the test above)."""
    for game, name, text in seed_positions():
        make: Any = speedrules.Game.from_position if game == "speed" else speedrules.SpitGame.from_position
        assert make(variant_by_name(name), text).position() == text, (name, text)


# =============================================================================== notation

NOTATION_PIECES = ("0", "1", "2", "9", "10", "999999", "1000000", "00", ":", ">", "<", "+", "!", "=", ",", "/",
                   "~", "?", "^", "(", ")", "JC", "jk", "JK", "10S", "tS", "9h", "Q", "K", "A", "x", "-", " ",
                   "reveal", "flip", "rebuild", "rebuild:", "spit", "spit>", "\u00b2", "\u0661", "\u2460",
                   "\uff10", "\u2003", "\n")


@settings(max_examples=max(600, FUZZ_EXAMPLES), suppress_health_check=FIXTURE_OK)
@given(st.one_of(st.text(max_size=14), st.lists(st.sampled_from(NOTATION_PIECES), max_size=9).map("".join)))
def test_the_notation_reads_back_what_it_writes_or_refuses(text: str) -> None:
    """Any text: parse_action and parse_spit_action refuse it (InvalidActionError, or CardError
    for a card that is no card) or read an action whose notation is ASCII and reads back as it
    (a superscript or an Arabic-Indic digit once raised a bare ValueError or read as a pile)."""
    for parse in (speedrules.parse_action, speedrules.parse_spit_action):
        got = call(f"{parse.__name__}({text!r})", lambda parse=parse: parse(text))
        if isinstance(got, SpeedrulesError):
            assert isinstance(got, (speedrules.InvalidActionError, speedrules.CardError)), repr(got)
            continue
        written = str(got)
        assert written.isascii(), (text, written)
        assert parse(written) == got, (text, written)


def test_the_notation_property_is_not_vacuous() -> None:
    """The pieces above make actions of every kind: the property is tested on real readings."""
    read = {type(speedrules.parse_action(t)).__name__ for t in ("0:JC>1", "1+", "0!", "0<1", "reveal", "flip",
                                                                "rebuild")}
    read |= {type(speedrules.parse_spit_action(t)).__name__ for t in ("spit", "spit>1", "0:2>1", "1:3~4", "0:3=1",
                                                                      "1^0", "0?1")}
    assert len(read) == 13


# =============================================================================== pages

EARLIER_OUTPUT = b"an earlier run's page\n"


@settings(max_examples=SOME, suppress_health_check=FIXTURE_OK)
@given(data=st.data())
def test_pages_of_hostile_logs(capsys: Any, data: st.DataObject) -> None:
    """render and view of mutated Speed and Spit logs (bytes changed, or a value swapped for a
    hostile one: a lone surrogate, a huge number, NaN): exit 2 exactly when the log cannot be
    read (naming it), never a traceback; a picture or a page when it is written, and the file
    an earlier run left, byte for byte, when it is not (no temporary file left beside it)."""
    if data.draw(st.booleans(), label="bytes"):
        suffix, original = data.draw(st.sampled_from(seed_corpus()), label="seed")
        mutant = data.draw(byte_mutants(original), label="mutant")
    else:
        suffix, mutant = ".json", encode(dumps(data.draw(document_mutants(), label="document")))
    with folder() as tmp:
        path = tmp / f"game{suffix}"
        path.write_bytes(mutant)
        log = call("read_log", lambda: read_log(path))
        for command, name, start in (("render", "table.svg", b"<svg"), ("view", "page.html", b"<!DOCTYPE html>")):
            out = tmp / name
            out.write_bytes(EARLIER_OUTPUT)
            code, _, err = run_cli(capsys, [command, str(path), "-o", str(out)])
            if isinstance(log, LogError):
                assert code == 2 and str(path) in err, f"{command} of an unreadable log: exit {code}: {short(err)}"
            elif command == "view" and (log.deals or log.rounds):
                assert code == 0, f"view of a readable log: exit {code}: {short(err)}"
            if code == 0:
                assert out.read_bytes().startswith(start), f"{command} wrote {out.read_bytes()[:80]!r}"
            else:
                assert out.read_bytes() == EARLIER_OUTPUT, f"{command} exited {code} and changed the file"
        assert sorted(p.name for p in tmp.iterdir()) == sorted([path.name, "table.svg", "page.html"])


# =============================================================================== files a log may open

SECRET_MARKS = ("db_password", "s3cr3t")
_RECORDING: list[str] | None = None
_RECORD_LOCK = threading.Lock()


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and _RECORDING is not None and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _RECORDING.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


@contextlib.contextmanager
def recording_opens() -> Iterator[list[str]]:
    global _RECORDING
    with _RECORD_LOCK:
        _RECORDING = opened = []
        try:
            yield opened
        finally:
            _RECORDING = None


def _allowed_roots() -> list[Path]:
    package = Path(speedrules.__file__).resolve().parent
    roots = [package, package.parent / "variants", package.parent / "schemas"]
    roots += [Path(p).resolve() for p in {sys.prefix, sys.base_prefix, sys.exec_prefix}]
    return roots


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def assert_opened_only(opened: list[str], log: Path, cwd: Path) -> None:
    folder_ = log.parent.resolve()
    for raw in opened:
        real = Path(os.path.realpath(os.path.join(cwd, raw)))
        ok = real == log.resolve() or _inside(real, folder_) or any(_inside(real, r) for r in _allowed_roots())
        assert ok, f"refereeing {log.name} opened {raw!r} ({real}), outside the log's folder and the package"


SECRET_YAML = "# s3cr3t_VALUE\nextends: speed\ntitle: s3cr3t_VALUE\ndb_password: s3cr3t_VALUE\n"
SECRET_VALID = "extends: speed\ntitle: s3cr3t_VALUE title\ndescription: s3cr3t_VALUE\n"
HOUSE = "extends: speed\ntitle: House rules\n"


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tmp/ with secrets outside tmp/logs/, symlinks out of it, FIFOs, and one honest house file."""
    tmp = tmp_path_factory.mktemp("confined")
    (tmp / "secret.yaml").write_text(SECRET_YAML)
    (tmp / "secret2.yaml").write_text(SECRET_VALID)
    (tmp / "secret.json").write_text(json.dumps({"extends": "speed", "title": "s3cr3t_VALUE",
                                                 "db_password": "s3cr3t_VALUE"}))
    os.mkfifo(tmp / "outside-pipe.yaml")
    logs = tmp / "logs"
    logs.mkdir()
    (logs / "house.yaml").write_text(HOUSE)
    (logs / "chain.yaml").write_text("extends: ../secret2.yaml\ntitle: chained\n")
    (logs / "chainlink.yaml").write_text("extends: link2.yaml\n")
    (logs / "sub").mkdir()
    os.symlink("../secret.yaml", logs / "link.yaml")
    os.symlink(tmp / "secret2.yaml", logs / "link2.yaml")
    os.symlink("../secret.json", logs / "link.json")
    os.symlink("..", logs / "outdir")
    os.symlink("/dev/zero", logs / "devzero.yaml")
    os.symlink("/dev/stdin", logs / "stdin.yaml")
    os.mkfifo(logs / "pipe.yaml")
    (logs / "good.json").write_text(game_log_text("speed", 5, 30))
    return tmp


ESCAPES = [
    "../secret.yaml", "./../secret.yaml", "sub/../../secret.yaml", "../secret2.yaml", "../secret.json",
    "link.yaml", "link2.yaml", "link.json", "outdir/secret.yaml", "outdir/secret2.yaml", "chain.yaml",
    "chainlink.yaml", "secret.yaml", "secret2.yaml", "/proc/self/environ", "/etc/passwd", "a\x00.yaml",
    "../secret.yaml\x00.yaml", "a" * 300 + ".yaml", "sub/" + "b" * 256 + "/x.yaml", "/" + "c" * 300,
]
"""Variant references a log must not be able to follow out of its folder (with cwd = tmp)."""
HANGERS = ["/dev/zero", "/dev/stdin", "/dev/null", "/dev/urandom", "pipe.yaml", "../outside-pipe.yaml",
           "devzero.yaml", "stdin.yaml", "/proc/self/fd/0"]
"""References that would block or never end if read: only ever tried in a subprocess."""


def _case_log(layout: Path, ref: str, form: str, tag: str) -> Path:
    doc = json.loads(game_log_text("speed", 5, 30))
    absolute = str(layout / ref[3:]) if ref.startswith("../") and form == "absolute" else ref
    doc["variant"] = {"extends": absolute, "name": "house"} if form == "extends" else absolute
    path = layout / "logs" / f"case-{tag}.json"
    path.write_text(json.dumps(doc))
    return path


def _no_secret(*texts: str) -> None:
    for text in texts:
        for mark in SECRET_MARKS:
            assert mark not in text, f"the secret file's content leaked: {short(text)}"


ESCAPE_CASES = [(ref, form) for ref in ESCAPES for form in ("string", "extends", "absolute")
                if form != "absolute" or ref.startswith("../")]


@pytest.mark.parametrize(("ref", "form"), ESCAPE_CASES,
                         ids=[f"{form}-{short(repr(ref), 40)}" for ref, form in ESCAPE_CASES])
def test_a_log_cannot_reach_outside_its_folder(
    capsys: Any, monkeypatch: pytest.MonkeyPatch, layout: Path, ref: str, form: str
) -> None:
    """A log whose variant (a string, or a mapping's extends) points out of its folder (.., an
    absolute path, a symlink out, a chain through a file in the folder, the cwd, /proc, a NUL,
    a 300-character name): a LogError naming the log on every path (CLI exit 2), nothing of
    the secret file in any output, and no file opened outside the log's folder and the package."""
    monkeypatch.chdir(layout)
    path = _case_log(layout, ref, form, f"{form}-{ESCAPES.index(ref)}")
    problems: list[str] = []
    messages: list[str] = []

    def attempt(label: str, fn: Any) -> Any:
        try:
            got = call(label, fn)
        except AssertionError as err:  # a foreign exception or a slow call: note it, try the other paths
            problems.append(str(err))
            return None
        if isinstance(got, list):
            got = got[0][1] if got else None
        if isinstance(got, SpeedrulesError):
            messages.append(str(got))
            messages.extend(f"{w}: {m}" for w, m in getattr(got, "problems", ()))
            if not isinstance(got, LogError):
                problems.append(f"{label} raised {type(got).__name__}, not LogError")
            elif str(path) not in str(got):
                problems.append(f"{label}: the error does not name the log: {short(str(got))}")
        else:
            problems.append(f"{label} followed {ref!r}: {srepr(got)}")
        return got

    with recording_opens() as opened:
        attempt("read_log", lambda: read_log(path))
        attempt("referee_text", lambda: referee_text(path.read_text(), str(path)))
        attempt("referee_path", lambda: list(referee_path(str(path))))
        for argv in (["referee", str(path)], ["referee", str(path), "--json"]):
            try:
                code, out, err = run_cli(capsys, argv)
            except AssertionError as failure:
                problems.append(str(failure))
                continue
            messages += [out, err]
            if code != 2:
                problems.append(f"speedrules {' '.join(argv[1:])}: exit {code}, not 2")
            elif str(path) not in err + out:
                problems.append(f"speedrules {' '.join(argv[1:])}: the error does not name the log: {short(err)}")
    for text in messages:
        if any(mark in text for mark in SECRET_MARKS):
            problems.append(f"the secret file's content leaked: {short(text)}")
            break
    try:
        assert_opened_only(opened, path, layout)
    except AssertionError as failure:
        problems.append(str(failure))
    assert not problems, f"variant {ref!r} ({form}):\n" + "\n".join(problems)


@pytest.mark.parametrize("form", ["string", "extends"])
def test_a_variant_file_beside_the_log_is_still_found(capsys: Any, monkeypatch: pytest.MonkeyPatch, layout: Path,
                                                      form: str) -> None:
    """The honest case the confinement must keep: a house file in the log's own folder (cwd elsewhere)."""
    monkeypatch.chdir(layout / "logs" / "sub")
    path = _case_log(layout, "house.yaml", form, f"house-{form}")
    with recording_opens() as opened:
        verdict = call("read_log", lambda: read_log(path))
        assert isinstance(verdict, speedrules.Log), f"a variant file beside the log was not found: {verdict}"
        assert referee(verdict).valid
        code, _, err = run_cli(capsys, ["referee", str(path)])
    assert code == 0, err
    assert_opened_only(opened, path, layout)


def test_an_archive_cannot_reach_outside_its_folder(capsys: Any, monkeypatch: pytest.MonkeyPatch,
                                                    layout: Path) -> None:
    """The same escapes as lines of a .jsonl archive: each line a LogError, no secret, no open outside."""
    monkeypatch.chdir(layout)
    base = json.loads(game_log_text("speed", 5, 30))
    lines = []
    for ref in ESCAPES:
        for form in ("string", "extends"):
            base["variant"] = {"extends": ref, "name": "house"} if form == "extends" else ref
            lines.append(json.dumps(base))
    path = layout / "logs" / "escapes.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with recording_opens() as opened:
        judged = call("referee_path", lambda: list(referee_path(str(path))))
        listed = call("iter_log_lines", lambda: list(iter_log_lines(path)))
        code, out, err = run_cli(capsys, ["referee", str(path), "--json"])
    assert isinstance(judged, list) and isinstance(listed, list)
    for (where, got), (_, log) in zip(judged, listed, strict=True):
        assert isinstance(got, LogError) and isinstance(log, LogError), f"{where} was judged: {srepr(got)}"
        _no_secret(str(got), str(log))
    assert code == 2
    _no_secret(out, err)
    assert_opened_only(opened, path, layout)


# ------------------------------------------------------------------ things that block: in a subprocess

_CHILD = r"""
import json, resource, sys, time, io, contextlib
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
import speedrules
from speedrules.cli import main as cli
from speedrules.judge.referee import referee_text
mode, target, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
def run(label, fn):
    start = time.perf_counter()
    try:
        value = fn()
        out = {"ok": True, "value": repr(value)[:300]}
    except BaseException as err:
        out = {"ok": False, "type": type(err).__name__, "library": isinstance(err, speedrules.SpeedrulesError),
               "message": str(err)}
    out["elapsed"] = time.perf_counter() - start
    out["label"] = label
    print(json.dumps(out), flush=True)
def run_cli(argv):
    err, out = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = cli.main(argv)
    print(json.dumps({"label": "cli " + " ".join(argv), "code": code, "stderr": err.getvalue(),
                      "stdout": out.getvalue(), "elapsed": time.perf_counter() - start}), flush=True)
if mode == "log":
    run("read_log", lambda: speedrules.read_log(target))
    run("referee_text", lambda: referee_text(open(target).read(), target))
    run_cli(["referee", target])
elif mode == "variant":
    run("load_variant", lambda: speedrules.load_variant(target))
    run_cli(["check-variant", target])
    run_cli(["show", target])
    run_cli(["referee", extra[0], "--variant", target])
"""

_CHILD_TIMEOUT = 30.0
"""Every child at once (24 of them, each importing speedrules and running four readers) on a
2-core machine that also runs the other tests: 8 s was seen to run out under load (CI next to
other sessions' test runs). A hang still shows: a read that blocks never finishes."""


@pytest.fixture(scope="module")
def blocking_runs(layout: Path) -> dict[str, tuple[str, Path | str, list[dict[str, Any]] | str]]:
    """Run every blocking case in its own subprocess, all at once, each bounded in time and memory."""
    cases: dict[str, tuple[str, Path | str, list[str]]] = {}
    for ref in HANGERS:
        for form in ("string", "extends"):
            path = _case_log(layout, ref, form, f"hang-{form}-{HANGERS.index(ref)}")
            cases[f"log variant {form} {ref}"] = ("log", path, [])
    good = str(layout / "logs" / "good.json")
    for target in ("/dev/zero", "/dev/urandom", str(layout / "outside-pipe.yaml"), str(layout / "logs" / "pipe.yaml"),
                   str(layout / "logs" / "devzero.yaml"), "/dev/stdin"):
        cases[f"user-named variant {target}"] = ("variant", target, [good])
    read_end, write_end = os.pipe()  # stdin that never ends: held open until every child is done
    procs = {}
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(speedrules.__file__).resolve().parent.parent),
                                                          os.environ.get("PYTHONPATH", "")])}
    for label, (mode, target, extra) in cases.items():
        procs[label] = subprocess.Popen(
            [sys.executable, "-c", _CHILD, mode, str(target), *extra], cwd=layout, stdin=read_end,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    deadline = time.monotonic() + _CHILD_TIMEOUT
    results: dict[str, tuple[str, Path | str, list[dict[str, Any]] | str]] = {}
    try:
        for label, proc in procs.items():
            try:
                out, err = proc.communicate(timeout=max(0.1, deadline - time.monotonic()))
                rows: list[dict[str, Any]] | str = [json.loads(line) for line in out.splitlines() if line.strip()]
                if not rows or proc.returncode != 0:
                    rows = f"the child died (exit {proc.returncode}): {short(err)}; printed {short(out)}"
            except subprocess.TimeoutExpired:
                proc.kill()
                out, _ = proc.communicate()
                done = [f"{row['label']}: {row.get('type', row.get('code'))} in {row['elapsed']:.1f}s"
                        for row in map(json.loads, filter(str.strip, out.splitlines()))]
                rows = f"hung (killed after {_CHILD_TIMEOUT:.0f}s); finished before the hang: {done}"
            results[label] = (cases[label][0], cases[label][1], rows)
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        os.close(write_end)
        os.close(read_end)
    return results


BLOCKING_LABELS = [f"log variant {form} {ref}" for ref in HANGERS for form in ("string", "extends")] + [
    f"user-named variant {t}" for t in ("/dev/zero", "/dev/urandom", "OUT/outside-pipe.yaml", "OUT/logs/pipe.yaml",
                                        "OUT/logs/devzero.yaml", "/dev/stdin")]


@pytest.mark.slow
@pytest.mark.parametrize("label", BLOCKING_LABELS)
def test_devices_fifos_and_stdin_never_block(blocking_runs: dict[str, Any], layout: Path, label: str) -> None:
    """/dev/zero, /dev/stdin, /dev/urandom, FIFOs and symlinks to them, named by a log (refused:
    LogError, exit 2) or by the user as a variant (VariantError, exit 2): answered within the
    time limit, never a hang or a memory blow-up, and no secret in the output."""
    label = label.replace("OUT", str(layout))
    mode, target, rows = blocking_runs[label]
    assert not isinstance(rows, str), f"{label}: {rows}"
    problems = []
    for row in rows:
        what = f"{row['label']}"
        if row["elapsed"] > TIME_LIMIT:
            problems.append(f"{what} took {row['elapsed']:.2f}s")
        if "code" in row:
            texts = [row["stderr"], row["stdout"]]
            if row["code"] != 2:
                problems.append(f"{what} exited {row['code']}: {short(row['stderr'])}")
            if "Traceback" in row["stderr"] or "internal error" in row["stderr"]:
                problems.append(f"{what}: {short(row['stderr'])}")
            if any(len(line) > 1000 for line in row["stderr"].splitlines()):
                problems.append(f"{what}: a stderr line over 1000 characters")
            if mode == "log" and str(target) not in row["stderr"]:
                problems.append(f"{what}: the error does not name the log: {short(row['stderr'])}")
        else:
            texts = [row.get("message", "")]
            want = "LogError" if mode == "log" else "VariantError"
            if row["ok"]:
                problems.append(f"{what} accepted it: {row.get('value')}")
            elif row["type"] != want:
                problems.append(f"{what} raised {row['type']}, not {want}: {short(row['message'])}")
            elif mode == "log" and str(target) not in row["message"]:
                problems.append(f"{what}: the error does not name the log: {short(row['message'])}")
        if any(mark in text for text in texts for mark in SECRET_MARKS):
            problems.append(f"{what}: the secret leaked")
    assert not problems, f"{label}:\n" + "\n".join(problems)


def test_shipped_logs_still_judge_the_same_on_every_path(capsys: Any) -> None:
    """The unmutated corpus: every shipped log and random-game log reads, and all paths agree
    (a control for the mutation tests: their seeds are good)."""
    for suffix, data in seed_corpus():
        verdict = judge_bytes(capsys, data, suffix)
        assert isinstance(verdict, Verdict), f"a seed log is unreadable: {verdict}"


def test_shipped_variants_load_everywhere(capsys: Any) -> None:
    for path in shipped_variants():
        got = check_variant_everywhere(capsys, path)
        assert isinstance(got, speedrules.Variant), got


def test_the_contract_helpers_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper that enforces the contract fails on a foreign exception and on a slow call
    (slow in CPU time: a busy loop, not a sleep)."""
    import fuzzing

    with pytest.raises(AssertionError, match="TypeError"):
        call("boom", lambda: 1 + "x")  # type: ignore[operator]
    monkeypatch.setattr(fuzzing, "TIME_LIMIT", 0.01)
    def busy() -> None:
        start = time.process_time()
        while time.process_time() - start < 0.05:
            pass

    with pytest.raises(AssertionError, match="took"):
        call("slow", busy)
    assert isinstance(call("refused", lambda: speedrules.Card.parse("1X")), speedrules.CardError)
    assert (ROOT / "variants" / "speed.yaml").exists()
