"""A Spit log's structure: Spit's reader (the wire structs of ``speedrules.spit.wire``, with the
envelope shared with every family, then the coding of ``speedrules.spit.reader``) accepts exactly
what schemas/log.schema.json accepts in its Spit form (every deal a
``spit_deal``), as ``tests/test_log_schema_equivalence.py`` proves for Speed.  Valid documents
come from real games of every Spit variant; the same corruptions as for Speed (values of every
JSON type, integral floats, card-like texts, pieces borrowed from elsewhere in the document,
keys and items added and deleted) then make them valid or not."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_log_schema_equivalence import hypothesis_chooser, mutate, random_chooser

import speedrules
from speedrules import LogError, Spit, StockPlay, deal_spit, parse_log
from speedrules.logs.log import is_valid_log_document, log_schema

VALIDATOR = jsonschema.Draft202012Validator(log_schema("spit"))
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "spit-game.json"


def spit_accepts(doc: Any) -> bool:
    return is_valid_log_document(doc, "spit")


def window(doc: dict[str, Any], size: int = 6) -> dict[str, Any]:
    """The document with at most ``size`` events a round and two rounds (the schema is slow)."""
    doc = json.loads(json.dumps(doc))
    doc["deals"] = doc["deals"][:2]
    for deal in doc["deals"]:
        deal["events"] = deal["events"][:size]
    return doc


@functools.cache
def bases() -> list[dict[str, Any]]:
    out = [window(json.loads(EXAMPLE.read_text(encoding="utf-8")))]
    for n, variant in enumerate(speedrules.variant_names("spit")):
        rng = random.Random(n)
        game = deal_spit(variant, seed=n, names=["Ann", "Ben"])
        game.apply(Spit(), t=0)
        for step in range(1, 12):
            actions = game.legal_actions()
            if not actions:
                break
            plays = [a for a in actions if isinstance(a, StockPlay)]
            game.apply(rng.choice(plays or actions), t=step * 100 if step % 3 else float(step * 100))
        data = game.to_log_data()
        data["deals"][0]["events"][1:1] = [{"type": "jam"}, {"type": "jam", "t": 2.5}]  # read, not judged, here
        data["meta"] = {"event": "club night"}
        data["deals"][0]["meta"] = {"table": 3}
        out.append(window(data))
    return out


def check(doc: Any) -> bool:
    ours = spit_accepts(doc)
    accepted = not list(VALIDATOR.iter_errors(doc))
    assert ours == accepted, json.dumps(doc)[:2000]
    if not accepted and isinstance(doc, dict) and is_valid_log_document({**doc, "deals": []}) \
            and doc["variant"] == "spit":
        with pytest.raises(LogError) as info:  # reading refuses it, naming the place
            parse_log(doc, "doc.json")
        assert str(info.value).startswith("doc.json: deals[")
    return accepted


@settings(max_examples=300)
@given(st.data())
def test_the_spit_reader_accepts_exactly_what_the_schema_accepts(data: st.DataObject) -> None:
    c = hypothesis_chooser(data)
    check(mutate(c, c.pick(bases())))


def test_the_corruptions_give_both_answers() -> None:
    rng = random.Random(2026)
    results = [check(mutate(random_chooser(rng), rng.choice(bases()))) for _ in range(200)]
    assert 0.1 < sum(results) / len(results) < 0.9, sum(results)


def test_the_real_logs_are_valid_and_read() -> None:
    for doc in bases():
        assert check(doc)
        assert parse_log(doc).rounds


def test_the_whole_file_allows_either_form_but_not_both_in_one_deal() -> None:
    whole = jsonschema.Draft202012Validator(log_schema())
    speed = speedrules.deal("speed", seed=1).to_log().to_json()
    spit = bases()[0]
    assert whole.is_valid(speed) and whole.is_valid(spit)
    mixed = json.loads(json.dumps(spit))
    mixed["deals"][0]["layout"]["hands"] = speed["deals"][0]["layout"]["hands"]
    assert not whole.is_valid(mixed)
    assert not VALIDATOR.is_valid(speed)


def test_integral_floats_count_as_indices_as_for_speed() -> None:
    doc = json.loads(json.dumps(bases()[0]))
    event = next(e for e in doc["deals"][0]["events"] if e["type"] == "play")
    event["stock"] = float(event["stock"])
    assert check(doc)
    log = parse_log(doc)
    assert log.rounds[0].events == parse_log(bases()[0]).rounds[0].events
