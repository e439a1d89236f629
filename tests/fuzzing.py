"""Shared generators and checks for the hostile-input fuzz tests (``tests/test_fuzz.py``).

Everything here treats the library as a black box: it builds inputs (mutated shipped
files, logs of random games played through the public API, generated documents) and
states what any answer must look like (only :class:`speedrules.SpeedrulesError`, quickly,
and the same verdict on every path).
"""

from __future__ import annotations

import copy
import functools
import io
import itertools
import json
import math
import os
import random
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import speedrules
from speedrules import (
    Call,
    Card,
    Draw,
    Flip,
    LogError,
    Pickup,
    Play,
    Rebuild,
    Reveal,
    SpeedrulesError,
    Verdict,
    load_variant,
    read_log,
    referee,
    variant_from_document,
    variant_names,
    write_log,
)
from speedrules.cli import main as cli
from speedrules.judge.referee import referee_path, referee_text

FUZZ_EXAMPLES = max(1, int(os.environ.get("SPEEDRULES_FUZZ_EXAMPLES", "15")))
"""How many generated inputs each fuzz test tries (``SPEEDRULES_FUZZ_EXAMPLES``)."""

ROOT = Path(__file__).resolve().parent.parent
TIME_LIMIT = 2.0
"""CPU seconds any single call may take on a generated input (CPU time, not wall time: a
loaded machine, other test workers or another session's runs, once made a 1.1 s call take
5 s of wall time; a blow-up in work still shows, and a read that blocks is caught by the
device tests' subprocess deadline)."""
MAX_STDERR_LINE = 1000

# ------------------------------------------------------------------------------- answers


class Slow(AssertionError):
    """A call took longer than :data:`TIME_LIMIT`."""


class Leaked(AssertionError):
    """A call raised something other than a :class:`SpeedrulesError`."""


def call(label: str, fn: Callable[[], Any]) -> Any:
    """Run ``fn``; return its result or the :class:`SpeedrulesError` it raised.

    Anything else raised (TypeError, RecursionError, a plain ValueError, ...) fails the
    test, as does taking longer than :data:`TIME_LIMIT` CPU seconds.
    """
    start = time.process_time()
    try:
        result: Any = fn()
    except SpeedrulesError as err:
        result = err
    except Exception as err:  # the contract: nothing but the library's own errors comes out
        raise Leaked(f"{label} raised {type(err).__name__}: {short(str(err))}") from err
    elapsed = time.process_time() - start
    if elapsed > TIME_LIMIT:
        raise Slow(f"{label} took {elapsed:.2f} CPU seconds (limit {TIME_LIMIT})")
    return result


def short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


def srepr(value: Any, limit: int = 120) -> str:
    """``repr(value)`` cut short, even for a value whose repr fails (a 5000-digit int)."""
    try:
        return short(repr(value), limit)
    except Exception as err:
        return f"<{type(value).__name__}: repr failed: {type(err).__name__}>"


def first_violations(verdict: Verdict) -> tuple[Any, ...]:
    """Per deal, the first violation's (event, rule), or None: what every path must agree on."""
    return tuple(
        (v.violations[0].event, v.violations[0].rule) if v.violations else None for v in verdict.deals
    )


def first_violation(verdict: Verdict) -> tuple[Any, ...] | None:
    for number, deal in enumerate(verdict.deals):
        if deal.violations:
            return number, deal.violations[0].event, deal.violations[0].rule
    return None


def run_cli(capsys: Any, argv: list[str]) -> tuple[int, str, str]:
    """Run the command line in-process; check the exit code and stderr; return (code, out, err)."""
    capsys.readouterr()
    start = time.process_time()
    code = cli.main(argv)
    elapsed = time.process_time() - start
    out, err = capsys.readouterr()
    where = f"speedrules {' '.join(short(a, 80) for a in argv)}"
    assert code in (0, 1, 2), f"{where}: exit {code}; stderr: {short(err)}"
    assert "Traceback" not in err, f"{where}: a traceback on stderr: {short(err)}"
    assert "internal error" not in err, f"{where}: {short(err)}"
    for line in err.splitlines():
        assert len(line) <= MAX_STDERR_LINE, f"{where}: a stderr line of {len(line)} chars: {short(line)}"
    assert elapsed <= TIME_LIMIT * 2, f"{where}: took {elapsed:.2f} CPU seconds"
    return code, out, err


# ------------------------------------------------------------------------------- corpora


def shipped_logs() -> list[Path]:
    examples = sorted((ROOT / "examples").glob("*.json"))
    return examples + sorted((ROOT / "tests" / "logs").glob("*.json"))


def shipped_variants() -> list[Path]:
    return sorted((ROOT / "variants").glob("*.yaml"))


@functools.cache
def jokers_with_runs() -> speedrules.Variant:
    return variant_from_document({"extends": "speed-jokers", "runs": True, "name": "jokers-runs"}, name="jokers-runs")


def variant_by_name(name: str) -> speedrules.Variant:
    return jokers_with_runs() if name == "jokers-runs" else load_variant(name)


def play_random(variant: speedrules.Variant, seed: int, steps: int, *, same_t: float = 0.2) -> speedrules.Game:
    """A game of ``variant`` played for up to ``steps`` random legal actions, with times
    (sometimes equal, so that collisions and ties happen)."""
    rng = random.Random(seed)
    game = speedrules.deal(variant, seed=seed, names=["Ann", "Ben", "Cat", "Dan"][: variant.players])
    t = 0
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions:
            break
        t += 0 if rng.random() < same_t else rng.choice((1, 40, 333))
        action = rng.choice(actions)
        if not game.is_legal(action, t):  # a collision judges a play on the prior top: play it later
            t += 1
        game.apply(action, t=t)
    return game


GAME_VARIANTS = ("speed", "speed-jokers", "speed-runs", "speed-call-penalty", "speed-call", "speed-lower-stays",
                 "speed-return-both", "speed-refill-empty", "speed-drawn-hand", "speed-three-jokers",
                 "speed-match-pagat", "speed-rebuild-gather", "jokers-runs")


@functools.cache
def game_log_text(variant: str, seed: int, steps: int = 120, yaml_format: bool = False) -> str:
    game = play_random(variant_by_name(variant), seed, steps)
    out = io.StringIO()
    write_log(game.to_log(players=game.names), out, yaml_format=yaml_format)
    return out.getvalue()


def play_spit_random(variant: str, seed: int, steps: int) -> speedrules.SpitGame:
    """A Spit game played for up to ``steps`` random legal actions over as many rounds as it
    takes, timed (sometimes at one instant) or not (a seed's parity decides)."""
    rng = random.Random(seed)
    game = speedrules.deal_spit(variant, seed=seed, names=["Ann", "Ben"])
    t: int | None = 0 if seed % 2 else None
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions:
            if game.is_over():
                break
            game.next_round()
            continue
        if t is not None:
            t += 0 if rng.random() < 0.2 else rng.choice((1, 40, 333))
        game.apply(rng.choice(actions), t=t)
    return game


SPIT_VARIANTS = tuple(variant_names("spit"))


@functools.cache
def spit_log_text(variant: str, seed: int, steps: int = 150, yaml_format: bool = False) -> str:
    game = play_spit_random(variant, seed, steps)
    out = io.StringIO()
    write_log(speedrules.parse_log(game.to_log_data()), out, yaml_format=yaml_format)
    return out.getvalue()


@functools.cache
def seed_corpus() -> tuple[tuple[str, bytes], ...]:
    """(suffix, bytes) of every shipped log plus logs of random games (JSON and YAML), of Speed
    and of Spit."""
    out = [(".json", p.read_bytes()) for p in shipped_logs()]
    for i, name in enumerate(GAME_VARIANTS):
        out.append((".json", game_log_text(name, 1000 + i).encode()))
        out.append((".yaml", game_log_text(name, 2000 + i, 60, yaml_format=True).encode()))
    for i, name in enumerate(SPIT_VARIANTS):
        out.append((".json", spit_log_text(name, 3000 + i).encode()))
        out.append((".yaml", spit_log_text(name, 4000 + i, 60, yaml_format=True).encode()))
    return tuple(out)


@functools.cache
def seed_positions() -> tuple[tuple[str, str, str], ...]:
    """``(game, variant, position)``: positions of random Speed and Spit games, at the start, in
    the middle (a collision pending under the collision variants) and at the end."""
    out = []
    for i, name in enumerate(("speed", "speed-lower-stays", "speed-return-both", "speed-call-penalty",
                              "speed-jokers", "speed-three-jokers", "jokers-runs")):
        for steps in (0, 25, 400):
            game = play_random(variant_by_name(name), 5000 + i, steps)
            out.append(("speed", name, game.position()))
    for i, name in enumerate(SPIT_VARIANTS):
        for steps in (0, 30, 400):
            out.append(("spit", name, play_spit_random(name, 6000 + i, steps).position()))
    return tuple(out)


@functools.cache
def seed_documents() -> tuple[dict[str, Any], ...]:
    return tuple(json.loads(data) for suffix, data in seed_corpus() if suffix == ".json")


# ------------------------------------------------------------------------------- hostile values

HUGE_INT = 10**5000 - 1
HOSTILE_SCALARS: tuple[Any, ...] = (
    HUGE_INT, -HUGE_INT, 2**63, 2**64 + 1, -1, 0, 1, 3, 1.5, -0.0, 12.0, 1e308, 5e-324,
    math.nan, math.inf, -math.inf, "5", "", " ", "JK", "jk", "AS ", "10s", "1X", "speed", "..", "/", "\x00",
    "\ud800", "\u202e", "x" * 2000, True, False, None, [], {}, [[]], [None], {"": None}, {"a": {"b": []}},
)
"""Values that break naive code: huge and non-finite numbers, bools, wrong types, odd strings."""

PLAUSIBLE: tuple[Any, ...] = (
    "speed", "speed-jokers", "rest", "cyclic", "ace-high", "any-time", "after-each-play", "when-empty",
    "keep-tops", "each-pile", "gather-all", "first-lands", "lower-stays", "return-both", "replay", "log-order",
    "none", "required", "penalty", "say", "slap", "single", "deals", "margin", "any", "adjacent", "one-way",
    "any-way", "AS", "KH", "10D", "TC", "JK", "Q", "reveal", "play", "draw", "flip", "rebuild", "call", "pickup",
    "speedrules-log/1", 0, 1, 2, 4, 5, 13, 15, 52, 104, 105,
)
"""Values the library expects somewhere, so that generated documents get past the first check."""

YAML_SNIPPETS: tuple[str, ...] = (
    "0x" + "f" * 3600, "-0x" + "a" * 3600, "0o" + "7" * 4000, "0b" + "1" * 14000, "1" * 5000, "1e99999",
    "1_000", "0x_1", "190:20:30", "!!int 'x'", "!!int '0x'", "!!float 'x'", "!!float '1e99999'", "!!bool maybe",
    "!!timestamp 'x'", "!!timestamp '2001-13-45'", "!!timestamp 2001-12-14", "!!python/object:os.system 'x'",
    "!!python/name:os.system ''", "!!binary 'xx'", "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]",
    "!!pairs [a: 1]", "!!null 'x'", "!!str", "!!map []", "!!seq {}", "!<tag:yaml.org,2002:int> 'q'", "!local x",
    "&a 1", "*a", "&a [1, *a]", "{a: 1, a: 2}", "{? [1, 2] : 3}", "{[1]: 2}", ".nan", ".inf", "-.inf",
    "~", "null", "yes", "off", "'\\x00'", '"\\ud800"', '"\\x00"', '"\\U0010FFFF"', "\ufeff", "? a",
    "[" * 600 + "]" * 600, "{a: " * 600 + "1" + "}" * 600,
)
"""YAML texts for a value: type tags with bad content, huge ints, aliases, odd keys, deep nesting."""

JSON_SNIPPETS: tuple[str, ...] = (
    "1" * 5000, "-" + "9" * 4400, "1e99999", "-1e99999", "NaN", "Infinity", "-Infinity", "1.0e-99999",
    '"\\ud800"', '"\\u0000"', '"\\uDFFF\\uD800"', "[" * 3000 + "]" * 3000, '{"a":' * 1500 + "1" + "}" * 1500,
    "true", "null", '{"a": 1, "a": 2}', "[1, 2, ]", "0" + "0" * 10, "-0", "1E400", "01",
)
"""JSON texts for a value: huge numbers, non-finite numbers, lone surrogates, deep nesting."""


def pick(values: tuple[Any, ...] | list[Any]) -> st.SearchStrategy[Any]:
    """``st.sampled_from(values)``, without ever repr-ing the values (a 5000-digit int's repr fails)."""
    values = tuple(values)
    return st.integers(0, len(values) - 1).map(values.__getitem__)


def json_values(max_leaves: int = 10) -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(-2, 120),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
        pick(HOSTILE_SCALARS), st.sampled_from(PLAUSIBLE),
    )
    return st.recursive(
        scalars,
        lambda kids: st.one_of(
            st.lists(kids, max_size=5),
            st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(PLAUSIBLE).map(str)), kids, max_size=5),
        ),
        max_leaves=max_leaves,
    )


# ------------------------------------------------------------------------------- serialising


_BIG_MARK = "__fuzz_big_int_%d__"


def dumps(value: Any) -> str:
    """JSON text for ``value``, even with ints longer than Python will print (written out by hand)."""
    bigs: list[int] = []

    def strip(v: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 10**4000:
            bigs.append(v)
            return _BIG_MARK % (len(bigs) - 1)
        if isinstance(v, dict):
            return {str(k) if not isinstance(k, str) else k: strip(x) for k, x in v.items()}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # for the test's own encoding of deep documents only
    try:
        text = json.dumps(strip(value))
    finally:
        sys.setrecursionlimit(limit)
    for i, big in enumerate(bigs):
        digits = "".join(str(d) for d in _int_digits(abs(big)))
        text = text.replace(json.dumps(_BIG_MARK % i), ("-" if big < 0 else "") + digits, 1)
    return text


def _int_digits(n: int) -> Iterator[str]:
    # str() refuses ints over 4300 digits; hex does not, so go through a decimal conversion by chunks
    chunks = []
    while n:
        n, rest = divmod(n, 10**1000)
        chunks.append(rest)
    for i, chunk in enumerate(reversed(chunks)):
        yield str(chunk) if i == 0 else str(chunk).rjust(1000, "0")


def encode(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogatepass")


# ------------------------------------------------------------------------------- document paths


def paths_of(value: Any, prefix: tuple[Any, ...] = (), limit: int = 4000) -> list[tuple[Any, ...]]:
    """Every place in a document (a key path), containers first."""
    out = [prefix]
    stack = [(prefix, value)]
    while stack and len(out) < limit:
        path, v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for key, child in items:
            out.append((*path, key))
            stack.append(((*path, key), child))
    return out


def _copy_path(doc: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    """A copy of ``doc`` whose containers along ``path`` (but its last key) are fresh; and the last one."""
    root = copy.copy(doc)
    node = root
    for key in path[:-1]:
        child = copy.copy(node[key])
        node[key] = child
        node = child
    return root, node


def set_at(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``doc`` with ``value`` at ``path`` (the whole document if ``path`` is empty);
    only the containers along the path are copied, so deep values are shared, not recursed into."""
    if not path:
        return value
    root, node = _copy_path(doc, path)
    node[path[-1]] = value
    return root


def delete_at(doc: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return None
    root, node = _copy_path(doc, path)
    del node[path[-1]]
    return root


VARIANT_FIELDS: tuple[tuple[str, ...], ...] = (
    (), ("name",), ("extends",), ("title",), ("description",), ("sources",), ("sources", 0), ("sources", 0, "seed"),
    ("players",), ("deck",), ("deck", "packs"), ("deck", "jokers"), ("deal",), ("deal", "hand"), ("deal", "draw"),
    ("deal", "piles"), ("deal", "reserves"), ("ranks",), ("ranks", "order"), ("ranks", "same_rank"),
    ("ranks", "alternate_colours"), ("hand",), ("hand", "limit"), ("hand", "refill"), ("runs",), ("jokers",),
    ("jokers", "wild"), ("jokers", "declare"), ("jokers", "may_go_out"), ("jokers", "prevents_flip"), ("rebuild",),
    ("collisions",), ("ties",), ("announce",), ("announce", "call"), ("announce", "how"), ("match",),
    ("match", "scoring"), ("match", "target"), ("bogus",),
)  # type: ignore[assignment]


def put_field(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> Any:
    """``doc`` with ``value`` at ``path``, creating mappings (or a one-item list) on the way."""
    if not path:
        return value
    doc = copy.deepcopy(doc)
    node: Any = doc
    for key, nxt in itertools.pairwise(path):
        child = node[key] if (isinstance(node, dict) and key in node) or (
            isinstance(node, list) and isinstance(key, int) and key < len(node)) else None
        if not isinstance(child, (dict, list)):
            child = [{"seed": "000", "says": "x"}] if isinstance(nxt, int) else {}
            if isinstance(node, list):
                node.append(child)
            else:
                node[key] = child
        node = child
    if isinstance(node, list):  # a list where the path names a key (an earlier placement made it) gets the value
        if isinstance(path[-1], int) and path[-1] < len(node):
            node[path[-1]] = value
        else:
            node.append(value)
    else:
        node[path[-1]] = value
    return doc


# ------------------------------------------------------------------------------- byte mutations

INSERTS = (b"\x00", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\r", b"\r\n", b"\n", b"\xef\xbb\xbf", b"{", b"}",
           b"[", b"]", b'"', b"\\", b",", b":", b"*a", b"&a ", b"!!int ", b"!!binary ", b"? ", b"- ", b"#",
           b"\t", b"1" * 5000, b"0x" + b"f" * 3600, b"NaN", b"-Infinity", b"1e999", b"\\ud800", b"\\u0000",
           b'"t": -1,', b'"bogus": 1,', b'"variant": "../secret.yaml",')


@st.composite
def byte_mutants(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with a few random byte-level edits."""
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("flip", "insert", "delete", "truncate", "dup", "swap-digits")))
        n = len(data)
        pos = draw(st.integers(0, max(0, n)))
        if op == "flip" and n:
            pos = min(pos, n - 1)
            data = data[:pos] + bytes([data[pos] ^ draw(st.integers(1, 255))]) + data[pos + 1:]
        elif op == "insert":
            data = data[:pos] + draw(st.sampled_from(INSERTS) | st.binary(min_size=1, max_size=4)) + data[pos:]
        elif op == "delete":
            data = data[:pos] + data[pos + draw(st.integers(1, 40)):]
        elif op == "truncate":
            data = data[:pos]
        elif op == "dup" and n:
            end = min(n, pos + draw(st.integers(1, 200)))
            data = data[:end] + data[pos:end] + data[end:]
        elif op == "swap-digits":
            data = re.sub(rb"\d+", lambda m: draw(st.sampled_from((b"-1", b"99", b"1.5", b"1e400", b"2"))), data,
                          count=1) if pos % 2 else data.replace(b'"', b"'", 1)
    return data


# ------------------------------------------------------------------------------- actions

def junk_actions() -> st.SearchStrategy[Any]:
    """Actions built with junk arguments (construction itself may refuse them)."""
    players = pick((True, False, -1, 2, 3, 5, "0", 1.0, 0.5, None, 10**30, HUGE_INT, math.nan, [0]))
    piles = pick((-1, 2, 8, 99, True, "0", 0.5, None, 10**30, math.inf, (0,)))
    cards = pick((
        "JC", "5S", "", (), [None], [5], ("JC",), 7, None, b"AS", Card.parse("AS"), Card.parse("JK"),
        (Card.parse("JK"), Card.parse("5S")), (Card.parse("JK"), Card.parse("JK")), [Card.parse("KH")] * 3,
        (Card.parse("2C"), "x"), {Card.parse("3D"): 1},
    ))
    declared = pick(((-1,), (0,), (14,), ("A",), 1.5, "Q", (10**30,), None, (1, 2, 3), True, (13,),
                                (math.nan,), [[]], -(10**30)))
    stacks = pick((5, [[None]], [["AS"]], [[Card.parse("AS")]], [[Card.parse("AS")], []], [], "AS",
                              [[Card.parse("JK")]] * 9, [[1, 2]], {0: 1}))
    good_player = st.integers(0, 1)
    return st.one_of(
        st.builds(Play, players | good_player, cards, piles | st.integers(0, 1), declared),
        st.builds(Play, good_player, cards, st.integers(0, 1)),
        st.builds(Draw, players),
        st.builds(Draw, good_player, cards),
        st.builds(Pickup, players | good_player, piles),
        st.builds(Call, players),
        st.builds(Rebuild, stacks),
        st.just(Flip()), st.just(Reveal()),
        pick(("play", None, 0, object, (0, 1))),
    )


JUNK_TIMES: tuple[Any, ...] = ("5", math.nan, math.inf, -math.inf, -1, -0.5, True, False, [], {}, "", 10**30,
                               HUGE_INT, 1e308, complex(1, 1), b"1")


def snapshot(game: speedrules.Game) -> tuple[Any, ...]:
    """Every public view of a game (what a refused action must leave as it was)."""
    return (game.hands, game.draw_stacks, game.piles, game.reserves, game.draws_owed, game.history,
            game.history_times, game.is_revealed, game.outcome(), tuple(game.legal_actions()), game.collisions,
            game.call_due, game.pickups_owed, game.remaining(), game.tops)


# ------------------------------------------------------------------------------- every path


def _what(answer: Any) -> str:
    if isinstance(answer, Verdict):
        return f"a verdict (valid={answer.valid}, first violations {first_violations(answer)})"
    return f"{type(answer).__name__}: {short(str(answer))}"


def judge_file(path: Path, data: bytes) -> Verdict | LogError:
    """Judge a log file through the Python API's paths; check they agree; return the verdict
    (or the LogError every path gave)."""
    name = str(path)
    by_log = call(f"read_log({name})", lambda: read_log(path))
    try:
        text: str | None = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    by_text = LogError(name, "not UTF-8") if text is None else call(
        "referee_text", lambda: referee_text(text, name))  # type: ignore[arg-type]
    by_path = call("referee_path", lambda: list(referee_path(name)))
    assert isinstance(by_path, list), f"referee_path({name}) raised {by_path!r} instead of yielding it"
    assert [n for n, _ in by_path] == [name], by_path
    by_path = by_path[0][1]
    if isinstance(by_log, LogError):
        assert isinstance(by_text, LogError), (
            f"read_log refused ({short(str(by_log))}) but referee_text gave {_what(by_text)}")
        assert isinstance(by_path, LogError), (
            f"read_log refused ({short(str(by_log))}) but referee_path gave {_what(by_path)}")
        assert name in str(by_log), f"the error does not name the file: {short(str(by_log))}"
        return by_log
    assert isinstance(by_log, speedrules.Log), by_log
    verdict = call("referee", lambda: referee(by_log))
    assert isinstance(verdict, Verdict), f"referee of a readable log raised {verdict!r}"
    assert isinstance(by_text, Verdict), f"read_log read it but referee_text gave {_what(by_text)}"
    assert isinstance(by_path, Verdict), f"read_log read it but referee_path gave {_what(by_path)}"
    expected = (verdict.valid, first_violations(verdict))
    assert (by_text.valid, first_violations(by_text)) == expected, ("referee_text disagrees", by_text, verdict)
    assert (by_path.valid, first_violations(by_path)) == expected, ("referee_path disagrees", by_path, verdict)
    every = call("referee(all_violations=True)", lambda: referee(by_log, all_violations=True))
    assert isinstance(every, Verdict), every
    assert first_violation(every) == first_violation(verdict), ("--all disagrees", every, verdict)
    assert every.valid == verdict.valid
    return verdict


def check_cli_referee(capsys: Any, path: Path, expected: Verdict | LogError) -> None:
    """The command line gives the same answer as the API for one log file."""
    want = 2 if isinstance(expected, LogError) else 0 if expected.valid else 1
    code, out, err = run_cli(capsys, ["referee", str(path)])
    assert code == want, f"exit {code}, expected {want}; {short(err)}"
    if want == 2:
        assert str(path) in err, f"the error does not name the file: {short(err)}"
    code, out, err = run_cli(capsys, ["referee", str(path), "--json"])
    assert code == want
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 1 and lines[0]["file"] == str(path), lines
    if isinstance(expected, Verdict):
        firsts = tuple((d["violations"][0]["event"], d["violations"][0]["rule"]) if d["violations"] else None
                       for d in lines[0]["deals"])
        assert (lines[0]["valid"], firsts) == (expected.valid, first_violations(expected))
    else:
        assert "error" in lines[0]
    code, out, err = run_cli(capsys, ["referee", str(path), "--all", "--json"])
    assert code == want, f"--all: exit {code}, expected {want}"
    if isinstance(expected, Verdict):
        deals = json.loads(out)["deals"]
        got = next(((i, d["violations"][0]["event"], d["violations"][0]["rule"])
                    for i, d in enumerate(deals) if d["violations"]), None)
        assert got == first_violation(expected), ("--all disagrees on the first violation", got)


def check_variant_everywhere(capsys: Any, path: Path) -> speedrules.Variant | SpeedrulesError:
    """A user-named variant file: load_variant, check-variant and show agree."""
    got = call(f"load_variant({path})", lambda: load_variant(path))
    want = 2 if isinstance(got, SpeedrulesError) else 0
    if isinstance(got, SpeedrulesError):
        assert isinstance(got, speedrules.VariantError), f"load_variant raised {type(got).__name__}, not VariantError"
    code, _, err = run_cli(capsys, ["check-variant", str(path)])
    assert code == want, f"check-variant exit {code}, load_variant gave {srepr(got)}; {short(err)}"
    code, _, err = run_cli(capsys, ["show", str(path)])
    assert code == want, f"show exit {code}; {short(err)}"
    code, _, err = run_cli(capsys, ["show", str(path), "--json"])
    assert code == want, f"show --json exit {code}; {short(err)}"
    return got  # type: ignore[no-any-return]


__all__ = [
    "GAME_VARIANTS",
    "HOSTILE_SCALARS",
    "HUGE_INT",
    "JSON_SNIPPETS",
    "JUNK_TIMES",
    "ROOT",
    "SPIT_VARIANTS",
    "TIME_LIMIT",
    "VARIANT_FIELDS",
    "YAML_SNIPPETS",
    "Card",
    "byte_mutants",
    "call",
    "check_cli_referee",
    "check_variant_everywhere",
    "delete_at",
    "dumps",
    "encode",
    "first_violation",
    "first_violations",
    "game_log_text",
    "json_values",
    "judge_file",
    "junk_actions",
    "paths_of",
    "pick",
    "play_random",
    "play_spit_random",
    "put_field",
    "run_cli",
    "seed_corpus",
    "seed_documents",
    "seed_positions",
    "set_at",
    "shipped_logs",
    "shipped_variants",
    "short",
    "snapshot",
    "spit_log_text",
    "srepr",
    "variant_by_name",
    "variant_names",
]
