"""The reader of a Speed log (the wire structs, then the family's coding) accepts exactly what
schemas/log.schema.json accepts in its Speed form.

Valid documents come from real games (with runs, jokers, rebuilds, times, names, meta
and an inline variant); Hypothesis then corrupts them: values replaced by JSON values
of every type (integral floats like 1.0, booleans, negative numbers, strings with a
trailing newline, card-like and rank-like texts, whole events and stacks taken from
elsewhere in the document), unknown keys added, keys and list items deleted or
inserted.  For every document, the reader refuses it exactly when the JSON Schema
validator (Draft 2020-12) reports an error.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import deal, load_variant, log_from_games
from speedrules.core.checks import MAX_INDEX, MAX_TIME
from speedrules.logs.log import LogError, is_valid_log_document, log_schema, parse_log

SCHEMA = log_schema("speed")  # schemas/log.schema.json with its deals in the Speed form
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
T = TypeVar("T")


def schema_accepts(doc: Any) -> bool:
    return not list(VALIDATOR.iter_errors(doc))


def played(name: str | speedrules.Variant, seed: int, limit: int = 300) -> speedrules.Game:
    game = deal(load_variant(name) if isinstance(name, str) else name, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return game


def window(doc: dict[str, Any], size: int = 8) -> dict[str, Any]:
    """Keep a few events of each deal, preferring runs, jokers and rebuilds, and a few cards of each
    stack (the schema does not judge the game, so any selection is as valid as the whole, and
    small documents keep the schema validator fast)."""
    for deal_doc in doc["deals"]:
        layout = deal_doc["layout"]
        for key in ("hands", "draw", "reserves"):
            layout[key] = [stack[:2] for stack in layout[key]]
        for ev in deal_doc["events"]:
            if ev["type"] == "rebuild":
                ev["reserves"] = [stack[:2] for stack in ev["reserves"]]
        events = deal_doc["events"]
        rare = [e for e in events if e["type"] in ("rebuild", "flip") or "cards" in e or "as" in e]
        deal_doc["events"] = events[:2] + rare[:size // 2] + events[-(size // 2):]
    return doc


@functools.cache
def bases() -> list[dict[str, Any]]:
    out = []
    runs = played("speed-runs", 1)
    jokers = played("speed-jokers", 2)
    rebuilt = next(g for g in (played("speed", s) for s in range(1, 40)) if any(
        isinstance(a, speedrules.Rebuild) for a in g.history))
    out.append(window(runs.to_log().to_json()))
    out.append(window(log_from_games([jokers, played("speed-jokers", 3)], players=["Ann", "Ben"],
                                     times=[list(range(len(jokers.history))), None],
                                     meta={"site": "x", "n": 1}).to_json()))
    out.append(window(rebuilt.to_log(players=["A", "B"]).to_json()))
    house = speedrules.variant_from_document({"extends": "speed-three-jokers", "runs": True}, name="h.yaml")
    doc = window(played(house, 4).to_log().to_json())  # the variant travels as a document
    doc["deals"][0]["meta"] = {"note": "house rules"}
    doc["deals"][0]["events"].append({"type": "play", "player": 0, "cards": ["JK", "5s"], "pile": 1,
                                      "as": ["4"], "t": 2.5})
    doc["deals"][0]["events"].append({"type": "play", "player": 1.0, "card": "tH", "pile": 0, "as": "t"})
    doc["deals"][0]["events"].append({"type": "draw", "player": 2})
    doc["deals"][0]["events"].append({"type": "stuck", "player": 1, "t": 3})  # a declaration (issue 29)
    doc["deals"][0]["events"].append({"type": "stuck", "player": 2.0})
    out.append(doc)
    out.append({"format": "speedrules-log/1", "variant": "speed", "deals": []})
    for doc in out:
        assert schema_accepts(doc) and reads(doc)
    return out


CARDS_AND_RANKS = ["AS", "as", "aS", "10h", "10H", "Th", "tC", "JK", "jk", "Jk", "KD", "QC", "1X", "11S", "1S",
                   "AS\n", " AS", "AS ", "A", "10", "T", "t", "k", "1", "0", "JKR", "J", "j", "\n", "", "🂡"]
WORDS = ["speedrules-log/1", "speedrules-log/1\n", "speedrules-log/2", "reveal", "play", "draw", "flip", "rebuild",
         "Play", "jump", "speed", "speedy", "Ann", "x", "spit", "move", "pair", "slap", "choose", "stuck", "jam"]
KEYS = ["type", "t", "player", "pile", "card", "cards", "as", "reserves", "format", "variant", "players", "meta",
        "deals", "layout", "events", "hands", "draw", "starters", "colour", "x", "", "stock", "spit", "to"]
LIMITS = [MAX_TIME, MAX_TIME + 1, float(MAX_TIME), float(MAX_TIME + 1), MAX_INDEX, MAX_INDEX + 1,
          float(MAX_INDEX), float(MAX_INDEX + 1)]
"""The limits of speedrules.core.checks (a time's, an index's) and the values just past them: the
schema's maximum and the readers' must be the same number."""
NUMBERS = [0, 1, 2, 3, -1, -0.0, 0.0, 1.0, 2.0, 1.5, -1.0, 1e20, 2**63, 10**30, True, False, *LIMITS]


class Chooser:
    """The source of choices: Hypothesis when proving, a seeded random source when counting."""

    def __init__(self, pick: Callable[[Sequence[Any]], Any], integer: Callable[[int, int], int],
                 value: Callable[[], Any]) -> None:
        self.pick, self.integer, self.value = pick, integer, value


def scalar(c: Chooser) -> Any:
    kind = c.pick(["number", "card", "word", "none", "text"])
    if kind == "number":
        return c.pick(NUMBERS)
    if kind == "card":
        return c.pick(CARDS_AND_RANKS)
    if kind == "word":
        return c.pick(WORDS)
    if kind == "none":
        return None
    return c.value()


def json_value(c: Chooser, doc: Any, depth: int = 0) -> Any:
    kind = c.pick(["scalar", "scalar", "list", "dict", "borrowed"] if depth < 2 else ["scalar"])
    if kind == "scalar":
        return scalar(c)
    if kind == "list":
        return [json_value(c, doc, depth + 1) for _ in range(c.integer(0, 3))]
    if kind == "dict":
        return {c.pick(KEYS): json_value(c, doc, depth + 1) for _ in range(c.integer(0, 3))}
    _, node = pick_node(c, doc)  # a piece of the document itself: an event, a stack, a layout...
    return copy.deepcopy(node)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document (the root too), as a path of keys and indices."""
    out = [prefix]
    if isinstance(node, dict):
        for key, child in node.items():
            out += paths(child, (*prefix, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            out += paths(child, (*prefix, i))
    return out


def get(doc: Any, path: Sequence[Any]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def pick_node(c: Chooser, doc: Any) -> tuple[list[Any], Any]:
    """A place in ``doc``, every place as likely as any other, and the node there."""
    path = c.pick(paths(doc))
    return list(path), get(doc, path)


def like(c: Chooser, node: Any, doc: Any) -> Any:
    """A replacement for ``node``: mostly a value of a kind that could stand there, sometimes anything."""
    if c.integer(0, 3) == 0:
        return json_value(c, doc)
    if isinstance(node, (bool, int, float)):
        return c.pick(NUMBERS)
    if isinstance(node, str):
        return c.pick(CARDS_AND_RANKS + WORDS)
    if isinstance(node, list):
        return c.pick([[], [c.pick(CARDS_AND_RANKS)], [[c.pick(CARDS_AND_RANKS)]], [c.pick(NUMBERS)], [None]])
    return json_value(c, doc)


def mutate(c: Chooser, doc: Any) -> Any:
    doc = copy.deepcopy(doc)
    for _ in range(c.pick([1, 1, 1, 2, 3])):
        path, node = pick_node(c, doc)
        op = c.pick(["replace", "replace", "add key", "delete", "insert"])
        if op == "replace" or not isinstance(node, (dict, list)):
            new = like(c, node, doc)
            if not path:
                doc = new
            else:
                get(doc, path[:-1])[path[-1]] = new
        elif op == "add key" and isinstance(node, dict):
            node[c.pick(KEYS)] = like(c, c.pick([0, "AS", ["AS"], "A"]), doc)
        elif op == "delete" and node:
            del node[c.pick(list(node)) if isinstance(node, dict) else c.integer(0, len(node) - 1)]
        elif isinstance(node, list):
            node.insert(c.integer(0, len(node)), like(c, node[0] if node else [], doc))
    return doc


def hypothesis_chooser(data: st.DataObject) -> Chooser:
    text = st.text(st.characters(codec="utf-8"), max_size=5)
    floats = st.floats(allow_nan=False, allow_infinity=False)
    integers = st.integers(min_value=-(2**70), max_value=2**70)
    return Chooser(
        pick=lambda seq: data.draw(st.sampled_from(list(seq))),
        integer=lambda lo, hi: data.draw(st.integers(lo, hi)),
        value=lambda: data.draw(st.one_of(text, floats, integers)),
    )


def random_chooser(rng: random.Random) -> Chooser:
    return Chooser(pick=rng.choice, integer=rng.randint,
                   value=lambda: rng.choice([rng.random() * 1e3 - 5, rng.randint(-9, 9), "".join(
                       rng.choice("aS1 \n") for _ in range(rng.randint(0, 3)))]))


def reads(doc: Any) -> bool:
    """Whether Speed's reader reads ``doc`` (the variant it names aside)."""
    return is_valid_log_document(doc, "speed")


def check(doc: Any, read: bool = True) -> bool:
    accepted = schema_accepts(doc)
    assert reads(doc) == accepted, json.dumps(doc)[:2000]
    if read and not accepted:  # reading refuses it, naming a place the schema names
        with pytest.raises(LogError) as info:
            parse_log(doc, "doc.json")
        assert info.value.problems and all(w.startswith("doc.json") for w, _ in info.value.problems)
    return accepted


@settings(max_examples=300)
@given(st.data())
def test_the_reader_accepts_exactly_what_the_schema_accepts(data: st.DataObject) -> None:
    c = hypothesis_chooser(data)
    base = c.pick(bases())
    check(mutate(c, base))


@pytest.mark.slow  # every corruption of every shipped log: CI's own step
def test_the_corruptions_give_both_answers() -> None:
    """The property above is not vacuous: the same corruptions, drawn at random, give many valid
    and many invalid documents, and the valid ones still compile to the right events."""
    rng = random.Random(2026)
    results = [check(mutate(random_chooser(rng), rng.choice(bases()))) for _ in range(150)]
    assert 0.1 < sum(results) / len(results) < 0.9, sum(results)


def test_the_real_logs_are_read() -> None:
    for doc in bases():
        assert reads(doc)
        assert [len(d.events) for d in parse_log(doc).deals] == [len(d["events"]) for d in doc["deals"]]


MINI: dict[str, Any] = {
    "format": "speedrules-log/1", "variant": "speed", "players": ["Ann", "Ben"], "meta": {"m": 1},
    "deals": [{"layout": {"hands": [["AS"]], "draw": [["2s"]], "starters": ["3S"], "reserves": [["TS"]]},
               "meta": {},
               "events": [{"type": "reveal", "t": 0}, {"type": "play", "player": 0, "card": "JK", "pile": 1, "as": "q"},
                          {"type": "play", "player": 1, "cards": ["JK", "10h"], "pile": 0, "as": ["10"], "t": 1.5},
                          {"type": "draw", "player": 0, "card": "KD"}, {"type": "draw", "player": 1},
                          {"type": "flip"}, {"type": "rebuild", "reserves": [["AS"], []], "t": 7}]}],
}
"""A small valid log with every kind of event and every optional key, for the sweep below."""
LEAF_VALUES: list[Any] = [0, 1, -1, 1.0, -0.0, 1.5, 2**63, *LIMITS, True, False, None, "AS", "aS", "10h", "Th",
                          "JK", "jk", "1X", "11S", "AS\n", " AS", "A", "10", "t", "1", "", "speedrules-log/1",
                          "speedrules-log/1\n", "reveal", "play", "jump", "speed", [], {}, ["AS"], ["A"], [["AS"]]]
NODE_VALUES: list[Any] = [None, 0, "AS", [], {}, ["AS"], [["AS"]], {"type": "flip"},
                          ["Ann", "Ben", "Cat", "Dan", "Eve"]]
KEY_VALUES = {"player": 0, "pile": 1.0, "card": "AS", "cards": ["AS"], "as": "A", "t": 3, "reserves": [["AS"]],
              "players": ["a", "b"], "meta": {}, "variant": "speed", "format": "speedrules-log/1", "deals": [],
              "layout": MINI["deals"][0]["layout"], "events": [], "type": "flip"}


@pytest.mark.slow  # an exhaustive sweep: CI's own step
def test_every_single_change_of_a_small_log() -> None:
    """Deterministic sweep over MINI: every leaf value of the pool at every leaf, a few values at every
    mapping and list, every key deleted, every known key added (with a value that would fit it
    somewhere) to every mapping; each verdict must agree with the schema."""
    assert schema_accepts(MINI) and reads(MINI)
    answers = []
    for path in paths(MINI):
        node = get(MINI, path)
        for value in NODE_VALUES if isinstance(node, (dict, list)) else LEAF_VALUES:
            doc = copy.deepcopy(MINI)
            if path:
                get(doc, path[:-1])[path[-1]] = copy.deepcopy(value)
            else:
                doc = copy.deepcopy(value)
            answers.append(check(doc, read=False))
        if isinstance(node, dict):
            for key in node:
                doc = copy.deepcopy(MINI)
                del get(doc, path)[key]
                answers.append(check(doc, read=False))
            for key in KEYS:
                doc = copy.deepcopy(MINI)
                get(doc, path)[key] = copy.deepcopy(KEY_VALUES.get(key, "x"))
                answers.append(check(doc, read=False))
        elif isinstance(node, list) and node:
            doc = copy.deepcopy(MINI)
            del get(doc, path)[0]
            answers.append(check(doc, read=False))
    assert 100 < sum(answers) < len(answers) - 1000, (sum(answers), len(answers))


def test_nan_time_is_the_one_deliberate_difference() -> None:
    """NaN is no JSON value, but YAML can write one (.nan).  The schema lets a NaN time through
    (NaN is not less than the minimum 0); the reader refuses it, because a NaN time
    cannot be put in order (every comparison with it is false), and reading refuses the file."""
    doc = copy.deepcopy(bases()[0])
    doc["deals"][0]["events"][0]["t"] = float("nan")
    assert schema_accepts(doc) and not reads(doc)
    with pytest.raises(LogError):
        parse_log(doc, "nan.yaml")
