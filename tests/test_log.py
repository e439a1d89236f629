"""Logs (``speedrules-log/1``): written from real games, read back, judged; bad files refused with a place.

docs/log-format.md: "Reading and writing round-trip exactly: a log written by speedrules
reads back equal, and writing it again gives the same text."  Every bundled variant is
played at random through the library, logged as JSON and as YAML, read back and given
to the referee, which must accept it with the winner and the counts the game itself
shows.
"""

from __future__ import annotations

import io
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

import speedrules
from speedrules import Game, LogError, deal, load_variant, log_from_games, read_log, referee, variant_names, write_log
from speedrules.logs.log import canonical, iter_log_lines, parse_log

NAMES = {2: ["Ann", "no"], 3: ["Ann", "1e3", "Zoë"], 4: ["Ann", "null", "- x", "a: b"]}
"""Display names, some of them words YAML would read as something else if written bare."""


def random_game(variant: speedrules.Variant, seed: int, limit: int = 400) -> Game:
    """A legal game: uniform choices among Game.legal_actions with a seeded random source."""
    game = deal(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 60) if seed % 3 == 0 else limit):  # some stop early
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return game


def counts(game: Game) -> tuple[int, ...]:
    """Cards each seat still holds (hand and draw stack), from the game's views."""
    return tuple(len(h) + len(d) for h, d in zip(game.hands, game.draw_stacks, strict=True))


def ms_times(game: Game, rng: random.Random) -> list[float | int]:
    """Times for a game played untimed.  Equal times are only safe where a collision is judged
    in log order (first-lands): elsewhere two plays at one instant on one pile would collide."""
    steps: list[float | int] = [0, 1, 250, 0.5] if game.variant.collisions.value == "first-lands" else [1, 250, 0.5]
    out: list[float | int] = []
    t: float | int = 0
    for _ in game.history:
        t = t + rng.choice(steps)
        out.append(t)
    return out


# ----------------------------------------------------------------------------- (a) round trips


@pytest.mark.parametrize("name", variant_names("speed"))
def test_random_games_round_trip_and_pass_the_referee(name: str, tmp_path: Path) -> None:
    variant = load_variant(name)
    games = [random_game(variant, seed) for seed in (1, 2, 3)]
    rng = random.Random(name)
    players = NAMES[variant.players]
    logs = [
        games[0].to_log(),
        log_from_games(games, players=players, times=[ms_times(g, rng) for g in games], meta={"table": name}),
    ]
    for number, log in enumerate(logs):
        judged = referee(log)
        assert judged.valid, judged.violations
        for game, verdict in zip(games, judged.deals, strict=False):
            outcome = game.outcome()
            assert verdict.finished == game.is_over() == (outcome is not None)
            assert verdict.winner == (outcome.winner if outcome else None)
            assert verdict.remaining == counts(game)
            if verdict.winner is not None:  # 000: the winner's hand and draw stack are empty
                assert verdict.remaining[verdict.winner] == 0
                assert not game.hands[verdict.winner] and not game.draw_stacks[verdict.winner]
            else:
                assert all(counts(game))
        for yaml_format in (False, True):
            path = tmp_path / f"{name}-{number}.{'yaml' if yaml_format else 'json'}"
            write_log(log, path, yaml_format=yaml_format)
            text = path.read_text(encoding="utf-8")
            back = read_log(path)
            assert back == log
            assert back.to_json() == log.to_json() == canonical(log.data)
            assert canonical(back.to_json()) == back.to_json()
            assert back.players == (tuple(players) if number else None)
            again = io.StringIO()
            write_log(back, again, yaml_format=yaml_format)
            assert again.getvalue() == text  # writing it again gives the same text
            assert referee(back).to_json() == judged.to_json()
        assert len(log.data["deals"][0]["events"]) == len(games[0].history)


def test_the_games_reach_every_ending() -> None:
    """The random games above are not all alike: some are won, some stop early, some rebuild."""
    won = stopped = rebuilt = 0
    for name in variant_names("speed"):
        for seed in (1, 2, 3):
            game = random_game(load_variant(name), seed)
            won += game.outcome() is not None
            stopped += game.outcome() is None
            rebuilt += any(isinstance(a, speedrules.Rebuild) for a in game.history)
    assert won >= 10 and stopped >= 5 and rebuilt >= 3


def test_a_non_canonical_log_reads_equal_to_its_canonical_form(tmp_path: Path) -> None:
    """docs/log-format.md: cards in any case, T for ten; seats and piles may be written 1.0."""
    game = random_game(load_variant("speed"), 1)
    log = game.to_log()
    data = json.loads(json.dumps(log.to_json()))

    def respell(card: str) -> str:
        return card.replace("10", "T").lower() if card != "JK" else "jK"

    layout = data["deals"][0]["layout"]
    for key in ("hands", "draw", "reserves"):
        layout[key] = [[respell(c) for c in s] for s in layout[key]]
    layout["starters"] = [respell(c) for c in layout["starters"]]
    for ev in data["deals"][0]["events"]:
        for key in ("player", "pile"):
            if key in ev:
                ev[key] = float(ev[key])
        if "card" in ev:
            ev["card"] = respell(ev["card"])
        if "reserves" in ev:
            ev["reserves"] = [[respell(c) for c in r] for r in ev["reserves"]]
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data))
    back = read_log(path)
    assert back == log and back.to_json() == log.to_json()
    assert referee(back).to_json() == referee(log).to_json()


def test_a_house_variant_travels_inside_its_log(tmp_path: Path) -> None:
    variant = speedrules.variant_from_document({"extends": "speed", "ranks": {"same_rank": True}, "runs": True},
                                               name="house.yaml")
    game = random_game(variant, 4)
    log = game.to_log()
    assert isinstance(log.data["variant"], dict)
    path = tmp_path / "house.yaml"
    write_log(log, path, yaml_format=True)
    back = read_log(path)
    assert back == log and back.variant == variant
    assert referee(back).valid


# ----------------------------------------------------------------------------- (d) bad files


def a_log() -> dict[str, Any]:
    game = deal(load_variant("speed"), seed=7)
    game.reveal()
    game.apply(game.legal_actions()[0])
    data: dict[str, Any] = json.loads(json.dumps(game.to_log().to_json()))
    return data


def with_event(ev: Any) -> str:
    data = a_log()
    data["deals"][0]["events"].append(ev)
    return json.dumps(data, indent=1)


def bomb() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


BAD_FILES: list[tuple[str, str, str, str]] = [
    # (file name, text, the place the location must name, a word the reason must contain)
    ("truncated.json", json.dumps(a_log(), indent=1)[:700], "line ", "JSON"),
    ("tabs.yaml", "format: speedrules-log/1\nvariant: speed\ndeals:\n\t- layout: {}\n", "line 4, column 1", "YAML"),
    ("unknown-event.json", with_event({"type": "jump"}), "deals[0].events[2].type", "jump"),
    ("missing-pile.json", with_event({"type": "play", "player": 0, "card": "AS"}), "deals[0].events[2]", "pile"),
    ("missing-variant.json", json.dumps({k: v for k, v in a_log().items() if k != "variant"}), "(top level)",
     "variant"),
    ("missing-layout-key.yaml", "format: speedrules-log/1\nvariant: speed\ndeals:\n- layout: {hands: [], draw: [],"
     " starters: []}\n  events: []\n", "deals[0].layout", "reserves"),
    ("extra-top.json", json.dumps({**a_log(), "colour": "red"}), "(top level)", "colour"),
    ("extra-event.json", with_event({"type": "flip", "player": 0}), "deals[0].events[2]", "player"),
    ("card-1X.json", with_event({"type": "draw", "player": 0, "card": "1X"}), "deals[0].events[2].card", "1X"),
    ("card-space.yaml", "format: speedrules-log/1\nvariant: speed\ndeals:\n- layout: {hands: [['AS ']], draw: [],"
     " starters: [], reserves: []}\n  events: []\n", "deals[0].layout.hands[0][0]", "AS"),
    ("rank-1.json", with_event({"type": "play", "player": 0, "card": "JK", "pile": 0, "as": "1"}),
     "deals[0].events[2].as", "1"),
    ("variant-unknown.json", json.dumps({**a_log(), "variant": "speedy"}), "variant", "speedy"),
    ("bomb.yaml", bomb(), "line 2", "alias"),
    ("empty.json", "", "(top level)", "empty"),
    ("blank.yaml", "\n  \n", "(top level)", "empty"),
    ("array.json", json.dumps([a_log()] * 200), "(top level)", "object"),
    ("duplicate.yaml", "format: speedrules-log/1\nformat: speedrules-log/1\nvariant: speed\ndeals: []\n", "line 2",
     "duplicate"),
    ("seat-negative.json", with_event({"type": "draw", "player": -1}), "deals[0].events[2].player", "minimum"),
    ("seat-bool.json", with_event({"type": "draw", "player": True}), "deals[0].events[2].player", "integer"),
    ("nan.json", json.dumps(a_log())[:-2] + ', "t": NaN}]}', "nan.json", "NaN"),
]


@pytest.mark.parametrize(("name", "text", "place", "word"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_files_are_refused_with_a_location(name: str, text: str, place: str, word: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    started = time.process_time()
    with pytest.raises(LogError) as info:
        read_log(path)
    assert time.process_time() - started < 1.0
    err = info.value
    assert isinstance(err, ValueError)
    assert err.location.startswith(str(path)), err.location
    assert place in err.location, err.location
    assert word.lower() in str(err).lower(), str(err)
    assert len(str(err)) < 600, "an error names the place; it does not echo the document"


def test_a_yaml_nan_time_is_refused(tmp_path: Path) -> None:
    """YAML can spell a number JSON cannot (.nan): the schema alone would let it through as a time
    ("minimum": 0 is not broken by NaN), but a NaN time cannot be ordered, so the log is refused."""
    data = a_log()
    data["deals"][0]["events"][1]["t"] = "NAN-HERE"
    text = json.dumps(data).replace('"NAN-HERE"', ".nan")  # JSON-like flow YAML with one YAML-only scalar
    path = tmp_path / "nan.yaml"
    path.write_text(text)
    with pytest.raises(LogError) as info:
        read_log(path)
    assert info.value.location.startswith(str(path))
    assert info.value.location.endswith(".t") and "nan" in info.value.reason


def test_bad_streams_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(LogError) as info:
        read_log(tmp_path / "nowhere.json")
    assert str(tmp_path / "nowhere.json") in info.value.location and "no such file" in str(info.value)
    with pytest.raises(LogError):
        read_log(io.StringIO("[1, 2"))
    with pytest.raises(LogError) as info:
        read_log(io.BytesIO(b"\xff\xfe{}"))
    assert "UTF-8" in str(info.value)
    good = json.dumps(a_log())
    assert read_log(io.BytesIO(good.encode())) == read_log(io.StringIO(good))


def test_every_problem_is_named() -> None:
    data = a_log()
    data["deals"][0]["events"] += [{"type": "draw", "player": 0, "card": "1X"}, {"type": "jump"}]
    data["extra"] = 1
    with pytest.raises(LogError) as info:
        parse_log(data, "many.json")
    places = {where for where, _ in info.value.problems}
    wanted = {"many.json: (top level)", "many.json: deals[0].events[2].card", "many.json: deals[0].events[3].type"}
    assert wanted <= places


def test_the_first_problem_in_document_order_is_the_location() -> None:
    """events[2] comes before events[10] (indices are numbers, not texts)."""
    game = deal(load_variant("speed"), seed=1)
    game.reveal()
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    data = json.loads(json.dumps(game.to_log().to_json()))
    for index in (10, 2):
        data["deals"][0]["events"][index]["player"] = -1
    with pytest.raises(LogError) as info:
        parse_log(data, "order.json")
    assert info.value.location == "order.json: deals[0].events[2].player"
    assert [where for where, _ in info.value.problems] == [
        "order.json: deals[0].events[2].player", "order.json: deals[0].events[10].player"]


# ----------------------------------------------------------------------------- (f) JSON Lines


def test_json_lines_yield_a_log_or_a_located_error_per_line(tmp_path: Path) -> None:
    games = [random_game(load_variant(name), 2) for name in ("speed", "speed-three", "speed-jokers")]
    logs = [g.to_log() for g in games]
    lines = [json.dumps(log.to_json()) for log in logs]
    broken_card = json.loads(lines[0])
    broken_card["deals"][0]["events"][1]["card"] = "1X"
    text = "\n".join([
        lines[0],
        lines[1][: len(lines[1]) // 2],  # line 2: cut off
        "",  # line 3: blank, skipped
        json.dumps(broken_card),  # line 4: a card that is not a card
        lines[2],  # line 5
        "[]",  # line 6: not a mapping
        json.dumps({**json.loads(lines[0]), "variant": "nope"}),  # line 7: unknown variant
    ]) + "\n"
    path = tmp_path / "archive.jsonl"
    path.write_text(text, encoding="utf-8")
    seen = list(iter_log_lines(path))
    assert [where for where, _ in seen] == [f"{path}:{n}" for n in (1, 2, 4, 5, 6, 7)]
    results = [r for _, r in seen]
    assert results[0] == logs[0] and results[3] == logs[2]
    assert isinstance(results[3], speedrules.Log)
    assert referee(results[3]).to_json() == referee(logs[2]).to_json()
    expected_places = {1: "line 1, column", 2: "deals[0].events[1].card", 4: "(top level)", 5: "variant"}
    for index, place in expected_places.items():
        err = results[index]
        assert isinstance(err, LogError), (index, err)
        assert err.location.startswith(f"{path}:{(1, 2, 4, 5, 6, 7)[index]}"), err.location
        assert place in err.location, err.location


def test_json_lines_missing_file(tmp_path: Path) -> None:
    ((where, err),) = list(iter_log_lines(tmp_path / "none.jsonl"))
    assert isinstance(err, LogError) and str(tmp_path / "none.jsonl") in where
