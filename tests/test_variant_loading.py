"""Variant loading: every bundled variant, ``extends`` chains, and every kind of bad document.

A bad variant must always raise :class:`VariantError` (never another exception), and
every error it lists must be located: the file's name, then the field path (or the
line and column for text that is not YAML at all).
"""

from __future__ import annotations

import copy
import json
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import SPEED_DOC, deck_texts, texts

import speedrules
from speedrules import VariantError, load_variant, variant_from_document, variant_names

SEEDS = {"000", "001", "002", "003", "004"}


# ---------------------------------------------------------------------------------- bundled variants


def test_there_are_bundled_variants_and_speed_comes_first() -> None:
    names = variant_names()
    assert names[0] == "speed"
    assert len(names) == len(set(names))
    bundled = Path(__file__).resolve().parent.parent / "variants"
    if bundled.is_dir():
        assert set(names) == {p.stem for p in bundled.glob("*.yaml")}


@pytest.mark.parametrize("name", variant_names())
def test_bundled_variant_is_documented_and_sourced(name: str) -> None:
    v = load_variant(name)
    assert v.name == name
    assert isinstance(v.document.get("title"), str) and v.title.strip()
    assert v.description.strip(), f"{name} has no description"
    assert v.sources, f"{name} cites no rule text"
    for source in v.sources:
        assert source.seed in SEEDS, f"{name} cites {source.seed!r}, which is not one of the rule texts"
        assert source.says.strip()


@pytest.mark.parametrize("name", variant_names("speed"))
def test_bundled_variant_deals_exactly_its_deck(name: str) -> None:
    v = load_variant(name)
    doc = v.document
    packs, jokers = doc["deck"]["packs"], doc["deck"]["jokers"]
    assert (v.packs, v.jokers) == (packs, jokers)
    for seed in (0, 1, 2):
        layout = speedrules.deal(v, seed).layout
        assert texts(layout.all_cards()) == Counter(deck_texts(packs, jokers))
        assert len(layout.hands) == v.players == doc["players"]


def test_bundled_titles_and_descriptions_are_distinct() -> None:
    variants = [load_variant(n) for n in variant_names()]
    titles = Counter(v.title for v in variants)
    descriptions = Counter(v.description for v in variants)
    assert [t for t, n in titles.items() if n > 1] == [], "variants sharing a title (inherited, not written?)"
    assert [d for d, n in descriptions.items() if n > 1] == [], "variants sharing a description"



@pytest.mark.parametrize("name", variant_names("speed"))
def test_bundled_variant_options_match_its_document(name: str) -> None:
    v = load_variant(name)
    doc = v.document
    assert v.rank_order.value == doc["ranks"]["order"]
    assert v.same_rank is doc["ranks"]["same_rank"]
    assert v.alternate_colours is doc["ranks"]["alternate_colours"]
    assert v.hand_limit == doc["hand"]["limit"] and v.refill.value == doc["hand"]["refill"]
    assert v.runs == (doc["runs"] is not False) and v.rebuild.value == doc["rebuild"]
    assert v.jokers_wild is doc["jokers"]["wild"]
    assert v.hand_size == doc["deal"]["hand"] and v.piles == doc["deal"]["piles"]
    # Every option the variant leans on is a value the rule texts give.
    assert v.players in (2, 3, 4) and v.packs in (1, 2)
    if v.jokers:
        assert v.jokers_wild, "a joker that is not wild could never be played (003)"


def test_bundled_variant_loads_the_same_by_path() -> None:
    bundled = Path(__file__).resolve().parent.parent / "variants"
    for name in variant_names():
        path = bundled / f"{name}.yaml"
        if path.exists():
            assert load_variant(path) == load_variant(name)


def test_speed_is_the_deal_000_describes() -> None:
    v = load_variant("speed")
    # 000: five to hold, fifteen to draw, reserves of five, one starter per pile, one deck, no jokers.
    assert (v.players, v.packs, v.jokers, v.hand_size, v.draw_sizes, v.reserve_sizes) == (2, 1, 0, 5, (15, 15), (5, 5))
    assert v.rank_order.value == "cyclic" and not v.same_rank and not v.runs
    assert v.hand_limit == 5 and v.rebuild.value == "keep-tops"


# ---------------------------------------------------------------------------------- extends


def test_house_rule_file_extends_speed(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: speed\ntitle: Doubles at our house\nranks: {same_rank: true}\n", encoding="utf-8")
    v = load_variant(house)
    speed = load_variant("speed")
    assert v.name == "house" and v.title == "Doubles at our house"
    assert v.same_rank and v.rank_order == speed.rank_order and not v.alternate_colours
    assert (v.hand_size, v.draw_sizes, v.reserve_sizes, v.hand_limit) == (
        speed.hand_size, speed.draw_sizes, speed.reserve_sizes, speed.hand_limit)
    assert v.sources == speed.sources  # inherited


def test_extends_a_file_by_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base_dir = tmp_path / "rules"
    base_dir.mkdir()
    (base_dir / "house.yaml").write_text("extends: speed\nranks: {same_rank: true}\n", encoding="utf-8")
    child_dir = tmp_path / "mine"
    child_dir.mkdir()
    child = child_dir / "child.yaml"
    child.write_text("extends: ../rules/house.yaml\nranks: {alternate_colours: true}\nhand: {refill: when-empty}\n",
                     encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # relative to the file, not to the working directory
    v = load_variant(child)
    assert v.name == "child"
    assert v.same_rank and v.alternate_colours  # mappings merge key by key
    assert v.refill.value == "when-empty" and v.hand_limit == 5
    # A chain of three: grandchild -> child -> house -> speed.
    grand = tmp_path / "grand.yaml"
    grand.write_text("extends: mine/child.yaml\nrebuild: each-pile\n", encoding="utf-8")
    g = load_variant(str(grand))
    assert g.same_rank and g.alternate_colours and g.rebuild.value == "each-pile"


def test_document_extends_bundled_and_lists_replace() -> None:
    v = variant_from_document({"extends": "speed-15", "deal": {"reserves": [9, 11]}})
    assert v.reserve_sizes == (9, 11) and v.hand_size == 5 and v.draw_sizes == (10, 10)


def test_a_document_is_checked_once_and_a_document_that_reads_a_file_every_time(tmp_path: Path) -> None:
    """An archive whose every log embeds one variant checks it once; a document that reaches a
    file reads the file again (it may have changed, and a log's folder decides which file)."""
    from speedrules.core import loading

    doc = {"extends": "speed", "title": "kept", "ranks": {"same_rank": True}}
    first = variant_from_document(doc)
    assert variant_from_document(json.loads(json.dumps(doc))) is first and first.same_rank
    assert variant_from_document({**doc, "players": 2}).players == 2
    with pytest.raises(VariantError, match="not of type 'integer'"):  # equal in Python, not in a log
        variant_from_document({**doc, "players": 2.0})
    assert variant_from_document({**doc, "ranks": {"same_rank": False}}).same_rank is False
    (tmp_path / "house.yaml").write_text("extends: speed\nranks: {same_rank: true}\n", encoding="utf-8")
    reads_a_file = {"extends": "house.yaml"}
    assert variant_from_document(reads_a_file, base_dir=tmp_path).same_rank
    (tmp_path / "house.yaml").write_text("extends: speed\nranks: {same_rank: false}\n", encoding="utf-8")
    assert not variant_from_document(reads_a_file, base_dir=tmp_path).same_rank
    with pytest.raises(VariantError, match="may not name a variant file"):
        variant_from_document(reads_a_file)  # no folder given: the file is no longer reachable
    for players in range(2, 2 + 2 * loading.MAX_KNOWN_DOCUMENTS):  # bounded, however many differ
        variant_from_document({"extends": "speed", "title": f"house {players}"})
    assert len(loading._DOCUMENTS) == loading.MAX_KNOWN_DOCUMENTS
    long = {"extends": "speed", "sources": [{"seed": "000", "says": "x" * loading.MAX_KNOWN_DOCUMENT_CHARS}]}
    assert variant_from_document(long) is not variant_from_document(long)  # too long to keep
    assert variant_from_document(doc) == first


# ---------------------------------------------------------------------------------- bad documents

FIELD_TYPES: dict[str, str] = {
    "name": "str", "title": "str", "description": "str", "sources": "list", "players": "int",
    "deck.packs": "int", "deck.jokers": "int", "deal.hand": "int", "deal.draw": "int-or-rest",
    "deal.piles": "int", "deal.reserves": "int-or-list", "ranks.order": "enum", "ranks.same_rank": "bool",
    "ranks.alternate_colours": "bool", "hand.limit": "int", "hand.refill": "enum", "runs": "runs",
    "jokers.wild": "bool", "jokers.declare": "enum", "jokers.may_go_out": "bool",
    "jokers.prevents_flip": "bool", "rebuild": "enum", "deck": "map", "deal": "map", "ranks": "map",
    "hand": "map", "jokers": "map", "sources[0].seed": "str", "sources[0].says": "str", "sources[0]": "map",
}
"""Every field of a variant and its type, as docs/variant-format.md and the texts describe them."""

SECTIONS = ["deck", "deal", "ranks", "hand", "jokers", "sources[0]"]
KNOWN_KEYS = {"name", "extends", "title", "description", "sources", "players", "deck", "deal", "ranks", "hand",
              "runs", "jokers", "rebuild", "seed", "says", "packs", "draw", "piles", "reserves", "order",
              "same_rank", "alternate_colours", "limit", "refill", "wild", "declare", "may_go_out",
              "prevents_flip"}

scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


def wrong_value(kind: str) -> st.SearchStrategy[Any]:
    """Values that are not of ``kind``: any JSON-ish value of another type."""
    def ok(value: Any) -> bool:
        is_int = isinstance(value, int) and not isinstance(value, bool)
        if kind == "str":
            return isinstance(value, str)
        if kind == "int":
            return is_int
        if kind == "int-or-rest":
            return is_int or value == "rest"
        if kind == "int-or-list":
            return is_int or (isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool)
                                                              for x in value))
        if kind == "bool":
            return isinstance(value, bool)
        if kind == "runs":  # false, true, or how a run may go
            return isinstance(value, bool) or value in ("one-way", "any-way")
        if kind == "list":
            return isinstance(value, list)
        if kind == "map":
            return isinstance(value, dict)
        return False  # enum: any value that is not one of its names is wrong; the names are all strings
    extra = st.sampled_from([2.0, 5.0, 1.0, 0.0, "5", "true", "yes", "Cyclic", "keep tops", "", [], {}, [5.5]])
    return (json_values | extra).filter(lambda v: not ok(v))


ENUMS = {"ranks.order": ["cyclic", "ace-high"], "hand.refill": ["any-time", "after-each-play", "when-empty"],
         "jokers.declare": ["adjacent", "any"], "rebuild": ["keep-tops", "each-pile", "gather-all"]}


def split_path(path: str) -> list[str | int]:
    out: list[str | int] = []
    for part in path.split("."):
        if part.endswith("]"):
            name, index = part[:-1].split("[")
            out += [name, int(index)]
        else:
            out.append(part)
    return out


def set_path(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    parts = split_path(path)
    target: Any = doc
    for part in parts[:-1]:
        target = target[part]
    target[parts[-1]] = value
    return doc


def prefixes(path: str) -> set[str]:
    """``deal.reserves[1]`` -> {"deal.reserves[1]", "deal.reserves", "deal"}: where an error may be located."""
    out = {path}
    while True:
        cut = max(path.rfind("."), path.rfind("["))
        if cut <= 0:
            return out
        path = path[:cut]
        out.add(path)


def errors_of(doc: Any, name: str = "bad.yaml") -> tuple[tuple[str, str], ...]:
    with pytest.raises(VariantError) as info:
        variant_from_document(doc, name=name)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.errors, "a VariantError lists at least one problem"
    for where, why in err.errors:
        assert where.startswith(f"{name}: "), f"error not located in the file: {where!r}"
        assert why.strip()
    return err.errors


def fields_of(errors: tuple[tuple[str, str], ...], name: str = "bad.yaml") -> set[str]:
    return {where[len(name) + 2:] for where, _ in errors}


def test_valid_speed_document_loads() -> None:
    v = variant_from_document(SPEED_DOC, name="good.yaml")
    assert v == variant_from_document(SPEED_DOC, name="other.yaml")
    assert (v.hand_size, v.draw_sizes, v.reserve_sizes) == (5, (15, 15), (5, 5))


@given(st.sampled_from(sorted(FIELD_TYPES)), st.data())
def test_wrong_typed_field_is_refused_at_its_path(path: str, data: st.DataObject) -> None:
    value = data.draw(wrong_value(FIELD_TYPES[path]))
    if path in ENUMS:
        assume(value not in ENUMS[path])
    doc = set_path(SPEED_DOC, path, value)
    located = fields_of(errors_of(doc))
    assert located & prefixes(path), f"{path} = {value!r}: errors at {located}"


@given(st.sampled_from(["players", "deck.packs", "deck.jokers", "deal.hand", "deal.draw", "deal.piles",
                        "deal.reserves", "hand.limit"]),
       st.sampled_from([-1, -100, 10**6, 2**70]))
def test_out_of_range_numbers_are_refused(path: str, value: int) -> None:
    located = fields_of(errors_of(set_path(SPEED_DOC, path, value)))
    assert located & prefixes(path)


@given(st.sampled_from(["(top level)", *SECTIONS]), st.text(min_size=1, max_size=10), json_values)
def test_unknown_key_is_refused_and_named(where: str, key: str, value: Any) -> None:
    assume(key not in KNOWN_KEYS)
    if where == "(top level)":
        doc = copy.deepcopy(SPEED_DOC)
        doc[key] = value
    else:
        parts = split_path(where)
        doc = copy.deepcopy(SPEED_DOC)
        target: Any = doc
        for part in parts:
            target = target[part]
        target[key] = value
    errors = errors_of(doc)
    assert any(f == where and repr(key) in why for (_, why), f in zip(errors, fields_of(errors), strict=True)), errors


@given(st.dictionaries(st.one_of(st.integers(), st.none(), st.booleans(), st.text(max_size=4)), json_values,
                       min_size=1, max_size=4))
def test_keys_of_any_type_are_refused_not_crashed_on(extra: dict[Any, Any]) -> None:
    assume(not all(isinstance(k, str) and k in KNOWN_KEYS for k in extra))
    for section in ("(top level)", "deal"):
        doc = copy.deepcopy(SPEED_DOC)
        (doc if section == "(top level)" else doc["deal"]).update(extra)
        errors_of(doc)


deal_numbers = st.fixed_dictionaries({
    "players": st.integers(2, 4), "packs": st.integers(1, 2), "jokers": st.integers(0, 4),
    "hand": st.integers(0, 12), "draw": st.integers(0, 30) | st.just("rest"), "piles": st.integers(1, 8),
    "reserves": st.integers(0, 12) | st.lists(st.integers(0, 12), min_size=1, max_size=8),
    "limit": st.integers(1, 12), "wild": st.booleans(),
})


@given(deal_numbers)
def test_deal_loads_exactly_when_the_numbers_add_up(n: dict[str, Any]) -> None:
    """000: "These total 40 player cards plus 12 middle cards": a deal uses the whole deck, once."""
    deck = 52 * n["packs"] + n["jokers"]
    reserves = [n["reserves"]] * n["piles"] if isinstance(n["reserves"], int) else n["reserves"]
    centre = n["piles"] + sum(reserves)
    problems = set()
    if len(reserves) != n["piles"]:
        problems.add("deal.reserves")  # one reserve per centre pile
    if n["draw"] == "rest":
        rest = deck - centre - n["players"] * n["hand"]
        # every seat must get at least one card; the rest are split as evenly as possible
        if rest < 0 or (n["hand"] == 0 and rest < n["players"]):
            problems.add("deal")
    elif n["players"] * (n["hand"] + n["draw"]) + centre != deck or n["hand"] + n["draw"] == 0:
        problems.add("deal")
    if n["hand"] > n["limit"]:
        problems.add("deal.hand")  # 000 "Never hold more than five"
    if n["jokers"] and not n["wild"]:
        problems.add("deck.jokers")  # 003: "ordinary jokers would be two cards nobody could ever put down"
    doc = {"players": n["players"], "deck": {"packs": n["packs"], "jokers": n["jokers"]},
           "deal": {"hand": n["hand"], "draw": n["draw"], "piles": n["piles"], "reserves": n["reserves"]},
           "hand": {"limit": n["limit"]}, "jokers": {"wild": n["wild"]}}
    if not problems:
        v = variant_from_document(doc)
        assert sum(v.draw_sizes) + n["players"] * n["hand"] + centre == deck
        layout = speedrules.deal(v, 0).layout
        assert texts(layout.all_cards()) == Counter(deck_texts(n["packs"], n["jokers"]))
    else:
        located = fields_of(errors_of(doc))
        assert problems <= located, (problems, located)


def test_impossible_deal_examples() -> None:
    assert "deal" in fields_of(errors_of({"deal": {"draw": 16}}))  # 5+16 each + 12 is 54, not 52
    assert "deal" in fields_of(errors_of({"deal": {"hand": 30, "draw": "rest"}}))
    assert "deal.hand" in fields_of(errors_of({"deal": {"hand": 6, "draw": 14}}))  # over the limit of five
    assert "deal.reserves" in fields_of(errors_of({"deal": {"reserves": [5, 5, 5]}}))
    assert "deal.reserves" in fields_of(errors_of({"deal": {"piles": 3, "reserves": [5, 5], "draw": "rest"}}))
    assert "deck.jokers" in fields_of(errors_of({"deck": {"jokers": 2}, "deal": {"draw": 16}}))
    assert "deck.jokers" in fields_of(errors_of({"extends": "speed-jokers", "jokers": {"wild": False}}))


@pytest.mark.parametrize("root", [[], [1, 2], "speed", 5, 1.5, True, None, ""])
def test_non_mapping_roots_are_refused(root: Any, tmp_path: Path) -> None:
    assert fields_of(errors_of(root)) == {"(top level)"}
    path = tmp_path / "root.yaml"
    path.write_text("" if root is None else yaml.safe_dump(root), encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert all(where == f"{path}: (top level)" for where, _ in info.value.errors), info.value.errors


def test_empty_and_blank_files_are_refused(tmp_path: Path) -> None:
    for text in ["", "\n\n", "# only a comment\n", "---\n"]:
        path = tmp_path / "empty.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(VariantError) as info:
            load_variant(path)
        assert [w for w, _ in info.value.errors] == [f"{path}: (top level)"]


def _file_errors(path: Path) -> tuple[tuple[str, str], ...]:
    with pytest.raises(VariantError) as info:
        load_variant(path)
    for where, why in info.value.errors:
        assert str(path) in where or path.name in where, where
        assert why.strip()
    return info.value.errors


def test_broken_extends_names_the_file_and_field(tmp_path: Path) -> None:
    missing_name = tmp_path / "a.yaml"
    missing_name.write_text("extends: no-such-variant\n", encoding="utf-8")
    assert [w for w, _ in _file_errors(missing_name)] == [f"{missing_name}: extends"]
    missing_file = tmp_path / "b.yaml"
    missing_file.write_text("extends: nowhere/missing.yaml\n", encoding="utf-8")
    errors = _file_errors(missing_file)
    assert [w for w, _ in errors] == [f"{missing_file}: extends"]
    assert "missing.yaml" in errors[0][1]
    # A parent that is itself broken is reported in the parent, at its field.
    parent = tmp_path / "parent.yaml"
    parent.write_text("extends: speed\nplayers: many\n", encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent.yaml\n", encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(child)
    assert [w for w, _ in info.value.errors] == [f"{parent}: players"]
    # In a document, too.
    assert fields_of(errors_of({"extends": "nope"})) == {"extends"}
    assert fields_of(errors_of({"extends": 5})) == {"extends"}


def test_extends_cycles_are_refused(tmp_path: Path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("extends: b.yaml\n", encoding="utf-8")
    b.write_text("extends: a.yaml\n", encoding="utf-8")
    errors = _file_errors(a)
    assert [w.rsplit(": ", 1)[1] for w, _ in errors] == ["extends"]
    assert "cycle" in errors[0][1]
    selfish = tmp_path / "self.yaml"
    selfish.write_text("extends: self.yaml\nruns: true\n", encoding="utf-8")
    assert [w for w, _ in _file_errors(selfish)] == [f"{selfish}: extends"]


@pytest.mark.parametrize("text", [
    "players:\t2\n",
    "\tplayers: 2\n",
    "deal: {hand: 5\n",
    "deal: [1, 2\n",
    "ranks: {order: cyclic}}\n",
    "players: 2\nplayers: 3\n",  # duplicate key
    "players: 2\n  deal: 3\n",
    '{"players": 2,, "runs": true}',
    "key: 'unclosed\n",
    "- a\nb: c\n",
])
def test_not_yaml_is_refused_with_a_line(text: str, tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    errors = _file_errors(path)
    assert len(errors) == 1
    assert errors[0][0].startswith(f"{path}: line "), errors


def test_missing_file_and_directory(tmp_path: Path) -> None:
    errors = _file_errors(tmp_path / "missing.yaml")
    assert "no such file" in errors[0][1]
    with pytest.raises(VariantError):
        load_variant(tmp_path / "not-a-variant-name")
    folder = tmp_path / "dir.yaml"
    folder.mkdir()
    _file_errors(folder)


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("title: Caf\xe9\n".encode("latin-1"))
    _file_errors(path)


def test_billion_laughs_is_refused_quickly(tmp_path: Path) -> None:
    lines = ['lol0: &lol0 "lol"']
    for level in range(1, 11):  # ten levels of ten aliases: 10**10 "lol"s if expanded
        lines.append(f"lol{level}: &lol{level} [" + ", ".join([f"*lol{level - 1}"] * 10) + "]")
    lines.append("title: *lol10")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(VariantError) as info:
        load_variant(path)
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0, f"the alias bomb took {elapsed:.2f} s"  # a safety bound, not a speed claim
    assert all(where.startswith(str(path)) for where, _ in info.value.errors)


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("title: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    _file_errors(path)
    path.write_text('{"title": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    _file_errors(path)


# ---------------------------------------------------------------------------------- fuzzing

mutation = st.one_of(
    st.tuples(st.just("set"), st.sampled_from(sorted(FIELD_TYPES)), json_values),
    st.tuples(st.just("add"), st.sampled_from(["(top level)", "deck", "deal", "ranks", "hand", "jokers"]),
              st.tuples(st.text(max_size=8), json_values)),
    st.tuples(st.just("delete"), st.sampled_from(sorted(FIELD_TYPES)), st.none()),
)


def mutate(doc: Any, mutations: list[tuple[str, str, Any]]) -> Any:
    """Apply ``set`` (replace a field), ``add`` (a key to a section) and ``delete`` mutations."""
    doc = copy.deepcopy(doc)
    for kind, path, arg in mutations:
        parts = split_path(path) if path != "(top level)" else []
        target: Any = doc
        try:
            for part in parts[:-1] if kind != "add" else parts:
                target = target[part]
            if kind == "set":
                target[parts[-1]] = arg
            elif kind == "add":
                target[arg[0]] = arg[1]
            else:
                del target[parts[-1]]
        except (KeyError, IndexError, TypeError):
            continue
    return doc


@given(st.lists(mutation, min_size=1, max_size=4))
def test_mutated_documents_load_or_raise_variant_error(mutations: list[tuple[str, str, Any]]) -> None:
    doc = mutate(SPEED_DOC, mutations)
    try:
        v = variant_from_document(doc, name="fuzz.yaml")
    except VariantError as err:
        assert err.errors and all(where.startswith("fuzz.yaml: ") for where, _ in err.errors)
    else:
        layout = speedrules.deal(v, 1).layout  # whatever loads must deal
        assert texts(layout.all_cards()) == Counter(deck_texts(v.packs, v.jokers))


@given(json_values)
def test_arbitrary_documents_load_or_raise_variant_error(doc: Any) -> None:
    try:
        variant_from_document(doc, name="fuzz.yaml")
    except VariantError as err:
        assert all(where.startswith("fuzz.yaml: ") for where, _ in err.errors)


@given(st.text(max_size=60))
def test_arbitrary_file_text_loads_or_raises_variant_error(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            load_variant(path)
        except VariantError as err:
            assert all(where.startswith(str(path)) for where, _ in err.errors), err.errors


@given(st.lists(mutation, min_size=1, max_size=3))
def test_mutated_files_load_or_raise_variant_error(mutations: list[tuple[str, str, Any]]) -> None:
    doc = mutate(SPEED_DOC, mutations)
    with tempfile.TemporaryDirectory() as folder:
        for text in (yaml.safe_dump(doc), json.dumps(doc)):
            path = Path(folder) / "fuzz.yaml"
            path.write_text(text, encoding="utf-8")
            try:
                v = load_variant(path)
            except VariantError as err:
                assert all(where.startswith(str(path)) for where, _ in err.errors), err.errors
            else:
                assert v == attrs.evolve(variant_from_document(doc, name="fuzz.yaml"), name="fuzz")


@pytest.mark.parametrize("name", variant_names("speed"))
def test_the_step_table_is_ranks_step(name: str) -> None:
    """A variant's ``tables.steps`` (the direction of a run, read by the kernel a card at a time)
    is ``ranks.step`` for every top and rank it may meet, wild and empty tops included."""
    from speedrules.core.ranks import WILD, step

    v = load_variant(name)
    steps = v.tables.steps
    assert len(steps) == WILD + 1 and all(len(row) == WILD + 1 for row in steps)
    assert all(steps[top][rank] == step(v.rank_order, top, rank) for top in range(WILD + 1) for rank in range(WILD + 1))


# ------------------------------------------------------------------ one suggestion for a misspelling (issue 29)


SUGGESTION = "did you mean 'speed-doubles'?"


def _refusal(ref: str) -> str:
    """How every place that names a variant refuses an unknown name: the same words."""
    return (f"unknown variant {ref!r}: not a bundled variant nor a variant file (.yaml, .yml, .json); "
            f"{SUGGESTION} `speedrules variants` lists the bundled ones")


def test_a_misspelt_variant_name_gets_the_same_suggestion_everywhere(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from speedrules.cli.main import main

    # load_variant (it listed all the bundled names, with no suggestion)
    with pytest.raises(VariantError) as caught:
        load_variant("speed-dubles")
    assert list(caught.value.errors) == [("speed-dubles", _refusal("speed-dubles"))]
    # the command line: that one error, once
    assert main(["show", "speed-dubles"]) == 2
    assert capsys.readouterr().err == f"speedrules: speed-dubles: {_refusal('speed-dubles')}\n"
    # extends, in a variant file and in a document
    house = tmp_path / "house.yaml"
    house.write_text("extends: speed-dubles\n", encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(house)
    assert list(caught.value.errors) == [(f"{house}: extends", _refusal("speed-dubles"))]
    with pytest.raises(VariantError) as caught:
        variant_from_document({"extends": "speed-dubles"}, name="doc")
    assert list(caught.value.errors) == [("doc: extends", _refusal("speed-dubles"))]
    # a log's variant, and the variant a log embeds
    log = {"format": "speedrules-log/1", "variant": "speed-dubles", "deals": []}
    with pytest.raises(speedrules.LogError) as logged:
        speedrules.parse_log(log, "game.json")
    assert logged.value.problems[0][0] == "game.json: variant"
    assert logged.value.problems[0][1].startswith(_refusal("speed-dubles"))
    with pytest.raises(speedrules.LogError) as logged:
        speedrules.parse_log({**log, "variant": {"extends": "speed-dubles"}}, "game.json")
    assert SUGGESTION in logged.value.problems[0][1]


def test_a_misspelt_field_or_value_gets_a_suggestion_in_variant_files_and_logs(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: speed\nranks: {same_rnak: true, order: cyclik}\nplayrs: 2\n", encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(house)
    assert list(caught.value.errors) == [
        (f"{house}: (top level)", "unknown field 'playrs' (did you mean 'players'?)"),
        (f"{house}: ranks", "unknown field 'same_rnak' (did you mean 'same_rank'?)"),
        (f"{house}: ranks.order", "'cyclik' is not one of 'cyclic', 'ace-high' (did you mean 'cyclic'?)"),
    ]
    game = speedrules.deal("speed", seed=1)
    game.reveal()
    data = game.to_log().to_json()
    data["deals"][0]["layuot"] = data["deals"][0].pop("layout")
    data["varaint"] = "speed"
    with pytest.raises(speedrules.LogError) as logged:
        speedrules.parse_log(data, "game.json")
    problems = list(logged.value.problems)
    assert ("game.json: (top level)", "unknown field 'varaint' (did you mean 'variant'?)") in problems
    assert ("game.json: deals[0]", "unknown field 'layuot' (did you mean 'layout'?)") in problems
    # nothing close, nothing suggested; several unknown fields each get their own
    with pytest.raises(VariantError) as caught:
        variant_from_document({"extends": "speed", "zzz": 1, "dek": {}, "x" * 10_000: 1}, name="doc")
    [(where, why)] = caught.value.errors
    assert where == "doc: (top level)"
    assert why.startswith("unknown fields 'dek' (did you mean 'deck'?), 'xxxx") and why.count("did you mean") == 1


def test_the_suggestion_is_made_in_one_place() -> None:
    """``speedrules.core.errors.did_you_mean`` is the only user of difflib in the package."""
    package = Path(speedrules.__file__).parent
    users = sorted(p.relative_to(package).as_posix() for p in package.rglob("*.py")
                   if "difflib" in p.read_text(encoding="utf-8"))
    assert users == ["core/errors.py"]
    from speedrules.core.errors import did_you_mean

    assert did_you_mean("speed-dubles", variant_names()) == SUGGESTION
    assert did_you_mean("s" * 65, ["s" * 64]) == ""  # a hostile text is not compared at all
    assert did_you_mean(3, ["3"]) == ""
