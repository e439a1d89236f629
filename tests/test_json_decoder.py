"""``documents.parse_json`` decodes with msgspec and falls back to ``json.loads``: the result, and
every error, must be exactly the standard library's (the reference), on any text.

The property: for any text, ``parse_json`` (msgspec first) and the same function forced onto the
reference path give the same value with the same types, or the same error message.
"""

from __future__ import annotations

import json
import math
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from speedrules.core import documents
from speedrules.core.documents import DocumentError, parse_json


def _reference(text: str) -> Any:
    """parse_json with msgspec refusing everything: the json.loads path alone."""
    def refuse(_text: str) -> Any:
        raise msgspec.DecodeError("forced onto the reference path")

    saved = documents._decode
    documents._decode = refuse
    try:
        return _outcome(text)
    finally:
        documents._decode = saved


def _outcome(text: str) -> tuple[str, Any]:
    try:
        return "value", _typed(parse_json(text, "t.json"))
    except DocumentError as err:
        return "error", str(err)


def _typed(value: Any) -> Any:
    """The value with every scalar's type made visible (1 and 1.0 and True differ; NaN equals NaN)."""
    if isinstance(value, dict):
        return {"dict": [(k, _typed(v)) for k, v in value.items()]}
    if isinstance(value, list):
        return {"list": [_typed(v) for v in value]}
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan")
    return (type(value).__name__, repr(value))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)

EDGES = [
    "", " ", "[]", "{}", "null", "1", "-0", "-0.0", "1e400", "-1e400", "1e-400", "1.5e308", "1E2", "[NaN]",
    "[Infinity]", "[-Infinity]", '"\\ud800"', '"\\udc00\\ud800"', '"\\ud83d\\ude00"', '"a\\u0000b"', "[1,]",
    '{"a":1,}', '{"a":1,"a":2}', "[1]x", "\ufeff[1]", "[" + "9" * 4301 + "]", "[" + "9" * 4300 + "]",
    "[18446744073709551616]", "[-9223372036854775809]", "[" * 3000 + "]" * 3000, '{"a": [1, 2', "tru",
    "[0.1, 0.30000000000000004, 5e-324, 2.2250738585072014e-308]", '"\\/\\b\\f\\n\\r\\t"', "[01]", "[.5]",
    "[1.]", "[+1]", "{a: 1}", "{'a': 1}", '["\x7f\x1f"]', '["\t"]', "[1 2]", "[true false]",
]


@pytest.mark.parametrize("text", EDGES)
def test_edge_texts_read_as_the_reference_reads_them(text: str) -> None:
    assert _outcome(text) == _reference(text)


@settings(max_examples=300, derandomize=True)
@given(json_values)
def test_any_json_document_reads_as_the_reference_reads_it(value: Any) -> None:
    text = json.dumps(value)
    assert _outcome(text) == _reference(text)


@settings(max_examples=300, derandomize=True)
@given(json_values, st.data())
def test_any_corrupted_json_text_reads_as_the_reference_reads_it(value: Any, data: st.DataObject) -> None:
    text = json.dumps(value, ensure_ascii=data.draw(st.booleans()))
    if text:
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        text = text[:at] + data.draw(st.sampled_from(["", ",", "]", "}", '"', "\\", "e9", "NaN", ":", " "])) + \
            text[at + cut:]
    assert _outcome(text) == _reference(text)
