"""The referee on hand-written logs: one log that breaks each rule, and one near miss that does not.

Every log in tests/logs/ is a complete ``speedrules-log/1`` file (a full deck, dealt by
hand: a few chosen cards, the rest of the deck in canonical order) whose
``meta.expect`` says what the referee must find, worked out by hand from the rule
texts: ``{"rule", "event", "player"}`` for a trigger, ``{"valid": true, "finished",
"remaining", "winner"?}`` for a near miss.  ``meta.note`` says why.  The logs of calls,
pickups and matches carry their own variant: speed-call, speed-call-penalty or
speed-best-of-three dealt two cards each and nothing to draw, so that a deal ends in two
plays.  A log of several deals says in ``expect.deal`` which deal the expectation is about
(the last; the deals before it are valid).
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import speedrules
from speedrules import load_variant, parse_log, read_log, referee

LOGS = Path(__file__).parent / "logs"

ISSUE_RULE_IDS = (
    "layout.cards", "layout.shape", "event.order", "event.after-end", "event.invalid", "time.order",
    "play.not-in-hand", "play.rank", "play.must-draw-first", "play.run", "play.joker", "draw.hand-full",
    "draw.empty", "draw.mismatch", "draw.not-allowed", "flip.not-blocked", "flip.no-reserve", "rebuild.early",
    "rebuild.cards",
)
"""The rule ids the issue lists: a public contract."""

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def deck_texts(packs: int, jokers: int) -> list[str]:
    return [r + s for _ in range(packs) for s in "SHDC" for r in RANKS] + ["JK"] * jokers


def files(kind: str) -> list[Path]:
    return sorted(LOGS.glob(f"*.{kind}.json"))


def expectation(path: Path) -> dict[str, Any]:
    expect: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["meta"]["expect"]
    return expect


def test_the_rule_ids_are_the_issues() -> None:
    assert set(ISSUE_RULE_IDS) <= set(speedrules.RULES)  # matches, calls and pickups add more (test_table_rules.py)
    assert len(ISSUE_RULE_IDS) == len(set(ISSUE_RULE_IDS))


def test_every_rule_has_a_trigger_and_a_near_miss() -> None:
    names = {p.name for p in LOGS.glob("*.json")}
    wanted = {f"{rule}.{kind}.json" for rule in speedrules.RULES for kind in ("trigger", "near-miss")}
    assert names == wanted


@pytest.mark.parametrize("path", files("trigger") + files("near-miss"), ids=lambda p: p.name)
def test_example_layouts_are_dealt_from_the_right_deck(path: Path) -> None:
    """Sanity of the hand-written files themselves: every layout holds the variant's deck
    (except the one written to break that rule), in the sizes it deals."""
    log = read_log(path)
    v = log.variant
    layout = log.data["deals"][0]["layout"]
    if v.family == "california-speed":  # piles and rows, 26 cards a player (tests/test_california_*.py)
        cards = [c for pile in layout["piles"] for c in pile] + [c for row in layout["rows"] for c in row]
        whole = Counter(cards) == Counter(deck_texts(v.packs, 0))
        assert whole == (path.name != "california.layout.cards.trigger.json")
        held = [len(pile) + len(row) for pile, row in zip(layout["piles"], layout["rows"], strict=True)]
        assert (held == [26, 26]) == (path.name != "california.layout.shape.trigger.json")
        return
    if v.family == "nertz":  # each seat its own pack: a Nertz pile, a card per work pile, the stock
        for seat, piles in enumerate(layout["seats"]):
            cards = [*piles["nertz"], *piles["work"], *piles["stock"]]
            assert sorted(cards) == sorted(f"{seat}#{c}" for c in deck_texts(1, 0))
            assert [len(piles[k]) for k in ("nertz", "work", "stock")] == [v.rules.nertz_size, v.rules.work_piles,
                                                                            v.rules.stock_size]
        return
    if v.spit is not None:  # a Spit round: 26 cards a player, rows laid by the rule
        held = [[c for pile in row for c in pile] + spit for row, spit in zip(layout["stock"], layout["spit"],
                                                                               strict=True)]
        whole = Counter(held[0] + held[1]) == Counter(deck_texts(1, 0))
        assert whole == (path.name != "spit.layout.cards.trigger.json")
        shapes = [[len(pile) for pile in row] for row in layout["stock"]]
        assert (shapes == [list(v.spit.row)] * 2) == (path.name != "spit.layout.row.trigger.json")
        return
    cards = [c for key in ("hands", "draw", "reserves") for stack in layout[key] for c in stack] + layout["starters"]
    same_deck = Counter(cards) == Counter(deck_texts(v.packs, v.jokers))
    assert same_deck == (path.name != "layout.cards.trigger.json")
    sizes_ok = (
        [len(h) for h in layout["hands"]] == [v.hand_size] * v.players
        and len(layout["starters"]) == v.piles
        and [len(r) for r in layout["reserves"]] == list(v.reserve_sizes)
    )
    assert sizes_ok == (path.name != "layout.shape.trigger.json")


@pytest.mark.parametrize("path", files("trigger"), ids=lambda p: p.name)
def test_trigger(path: Path) -> None:
    expect = expectation(path)
    rule = path.name.removesuffix(".trigger.json")
    assert expect["rule"] == rule
    verdict = referee(read_log(path))
    assert not verdict.valid
    number = expect.get("deal", 0)
    assert len(verdict.deals) == number + 1 and all(d.valid for d in verdict.deals[:number])
    deal = verdict.deals[number]
    assert [(v.event, v.rule, v.player) for v in deal.violations] == [(expect["event"], rule, expect["player"])]
    message = deal.violations[0].message
    where = (f"deal {number}: " if rule == "match.after-end" else "layout: ") if expect["event"] is None \
        else f"event {expect['event']}: "
    assert message.startswith(where) and message.endswith(f" (rule {rule})"), message
    out = verdict.to_json()
    assert out["valid"] is False and out["deals"][number]["violations"][0] == {
        "event": expect["event"], "rule": rule, "player": expect["player"], "message": message}


@pytest.mark.parametrize("path", files("near-miss"), ids=lambda p: p.name)
def test_near_miss(path: Path) -> None:
    expect = expectation(path)
    rule = path.name.removesuffix(".near-miss.json")
    verdict = referee(read_log(path))
    number = expect.get("deal", 0)
    assert len(verdict.deals) == number + 1
    deal = verdict.deals[number]
    assert rule not in {v.rule for v in deal.violations}
    assert verdict.valid and expect["valid"]
    assert deal.finished == expect["finished"]
    assert deal.winner == expect.get("winner")
    assert list(deal.remaining) == expect["remaining"]
    assert verdict.to_json()["deals"][number] == {
        "valid": True, "finished": expect["finished"], "winner": expect.get("winner"),
        "remaining": expect["remaining"], "violations": []}


# ------------------------------------------------------------------------ more hand-written cases
# The same hand-dealt layouts, other events (and sometimes another variant with the same deck).


def from_file(name: str, events: list[dict[str, Any]], variant: str | None = None,
              layout: dict[str, Any] | None = None) -> speedrules.Log:
    data = json.loads((LOGS / name).read_text(encoding="utf-8"))
    data["deals"][0]["events"] = events
    if variant is not None:
        data["variant"] = variant
    if layout is not None:
        data["deals"][0]["layout"] = layout
    return parse_log(data, name)


def play(seat: int, card: str | list[str], pile: int, **extra: Any) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": "play", "player": seat, "pile": pile, **extra}
    ev["cards" if isinstance(card, list) else "card"] = card
    return ev


def draw(seat: int, card: str | None = None) -> dict[str, Any]:
    return {"type": "draw", "player": seat} | ({"card": card} if card else {})


REVEAL, FLIP = {"type": "reveal"}, {"type": "flip"}
# The blocked layout (flip.*.json, rebuild.*.json): Ann plays 5S on 4D and draws JD; then neither
# can play on anything the five flips show (A 2 3 K only), and 4D lies under 5S.
STUCK = [REVEAL, play(0, "5S", 0), draw(0, "JD"), FLIP, FLIP, FLIP, FLIP, FLIP]
BLOCKED = "flip.no-reserve.trigger.json"
PLAIN = "play.rank.trigger.json"  # Ann 6D 7S KC 2H 9S, Ben JS 7C 3D 10H 8C; starters 5D QH; Ann draws AS first


def moved(name: str, swaps: list[tuple[str, str]]) -> dict[str, Any]:
    """The layout of ``name`` with pairs of cards exchanged (still the same deck)."""
    layout: dict[str, Any] = json.loads((LOGS / name).read_text(encoding="utf-8"))["deals"][0]["layout"]
    out = copy.deepcopy(layout)
    for a, b in swaps:
        for key in ("hands", "draw", "reserves"):
            for stack in out[key]:
                for i, c in enumerate(stack):
                    stack[i] = b if c == a else a if c == b else c
        out["starters"] = [b if c == a else a if c == b else c for c in out["starters"]]
    return out


CASES: list[tuple[str, speedrules.Log, tuple[int | None, str, int | None] | None]] = [
    ("a second reveal", from_file(PLAIN, [REVEAL, play(0, "6D", 0), REVEAL]), (2, "event.order", None)),
    ("a flip before the reveal", from_file(PLAIN, [FLIP]), (0, "event.order", None)),
    ("a rebuild before the reveal (docs/rules.md: event.order comes first)",
     from_file(PLAIN, [{"type": "rebuild", "reserves": [[], []]}]), (0, "event.order", None)),
    ("a draw by seat 2 of 2", from_file(PLAIN, [REVEAL, draw(2)]), (1, "event.invalid", None)),
    ("an invalid seat outranks a broken rule of the event",
     from_file(PLAIN, [REVEAL, play(3, "QS", 7)]), (1, "event.invalid", None)),
    ("a decreasing time on a reveal names no seat",
     from_file("event.order.near-miss.json", [draw(0, "6D") | {"t": 5}, {"type": "reveal", "t": 4}]),
     (1, "time.order", None)),
    ("time.order is judged before the event itself",
     from_file(PLAIN, [{"type": "reveal", "t": 10}, play(0, "9S", 0, t=3)]), (1, "time.order", 0)),
    ("a flip while Ann can play 6D on 5D", from_file(PLAIN, [REVEAL, FLIP]), (1, "flip.not-blocked", 0)),
    ("a rank declared for a card that is not a joker",
     from_file(PLAIN, [REVEAL, play(0, "6D", 0, **{"as": "6"})]), (1, "play.joker", 0)),
    ("a joker with no declared rank",
     from_file("play.joker.trigger.json", [REVEAL, play(0, "JK", 0)]), (1, "play.joker", 0)),
    ("two declared ranks for one joker",
     from_file("play.joker.trigger.json", [REVEAL, play(0, "JK", 0, **{"as": ["4", "6"]})]), (1, "play.joker", 0)),
    ("a joker declared as any rank where the variant allows it",
     from_file("play.joker.trigger.json", [REVEAL, play(0, "JK", 0, **{"as": "9"}), draw(0, "AS"),
                                           play(1, "8C", 0)], variant="speed-jokers"), None),
    ("a packet of a card that is not in hand and two cards",
     from_file(PLAIN, [REVEAL, play(0, ["6D", "7C"], 0)]), (1, "play.run", 0)),
    ("a run whose second card does not fit",
     from_file(PLAIN, [REVEAL, play(0, ["6D", "9S"], 0)], variant="speed-runs"), (1, "play.run", 0)),
    ("a one-way run that turns back (4 on 5, then 5 on 4)",
     from_file("draw.not-allowed.trigger.json", [REVEAL, play(1, ["4S", "5S"], 0)], variant="speed-runs"),
     (1, "play.run", 1)),
    ("a straight run down",
     from_file("draw.not-allowed.trigger.json", [REVEAL, play(1, ["4S", "3S", "2S", "AS"], 0)],
               variant="speed-runs"), None),
    ("a run with a card in it twice, one of them not in hand",
     from_file(PLAIN, [REVEAL, play(0, ["6D", "7S", "6D"], 0)], variant="speed-runs"), (1, "play.not-in-hand", 0)),
    ("red on red with alternating colours",
     from_file(PLAIN, [REVEAL, play(0, "6D", 0)], variant="speed-alternate-colours"), (1, "play.rank", 0)),
    ("black on red with alternating colours",
     from_file(PLAIN, [REVEAL, play(0, "KC", 1)], variant="speed-alternate-colours"), None),
    ("no ace wrap: 2 on A",
     from_file(PLAIN, [REVEAL, play(0, "KC", 1), draw(0, "AS"), play(0, "AS", 1), play(0, "2H", 1)],
               variant="speed-no-wrap"), (4, "play.rank", 0)),
    ("the same plays wrap K-A-2 in plain Speed",
     from_file(PLAIN, [REVEAL, play(0, "KC", 1), draw(0, "AS"), play(0, "AS", 1), play(0, "2H", 1)]), None),
    ("a draw with a full hand and an empty stack is draw.empty (checked first)",
     from_file("draw.empty.trigger.json", [REVEAL, play(0, "2S", 0), play(0, "3S", 0), draw(0, "7S"),
                                           draw(0, "8S"), draw(0)]), (5, "draw.empty", 0)),
    ("no hand dealt: a play before the first five draws",
     from_file("event.order.near-miss.json", [REVEAL, draw(0, "6D"), play(0, "6D", 0)]),
     (2, "play.must-draw-first", 0)),
    ("a flip after the rebuild and its flip, while Ann can play 5H on 4D",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S", "3S", "AH"],
                                                                   ["KS", "3H", "AD", "2D", "3D"]]},
                         FLIP, FLIP]), (10, "flip.not-blocked", 0)),
    ("a flip with every reserve empty while Ann can play 5H on 4C: not blocked comes first",
     from_file(BLOCKED, [*STUCK, FLIP], layout=moved(BLOCKED, [("KH", "4C")])), (8, "flip.not-blocked", 0)),
    ("a rebuild with empty reserves while Ann can play 5H on 4C",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [[], []]}],
               layout=moved(BLOCKED, [("KH", "4C")])), (8, "rebuild.early", 0)),
    ("an uneven keep-tops rebuild (7/4)",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S", "3S", "AH", "KS"],
                                                                   ["3H", "AD", "2D", "3D"]]}]),
     (8, "rebuild.cards", None)),
    ("each pile into its own reserve, then a play on the emptied pile",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S", "3S", "AH", "2H"],
                                                                   ["KS", "3H", "AD", "2D", "3D", "KH"]]},
                         play(0, "5H", 0)], variant="speed-rebuild-each"), (9, "play.rank", 0)),
    ("each pile into its own reserve, then the flip, then the play",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S", "3S", "AH", "2H"],
                                                                   ["KS", "3H", "AD", "2D", "3D", "KH"]]},
                         FLIP, play(0, "5H", 0)], variant="speed-rebuild-each"), None),
    ("each-pile: a reserve holding a card of the other pile",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S", "3S", "AH", "KH"],
                                                                   ["KS", "3H", "AD", "2D", "3D", "2H"]]}],
               variant="speed-rebuild-each"), (8, "rebuild.cards", None)),
    ("gather-all: the tops go into the reserves too",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S", "3S", "AH", "2H"],
                                                                   ["KS", "3H", "AD", "2D", "3D", "KH"]]}, FLIP],
               variant="speed-rebuild-gather"), None),
    ("gather-all: a rebuild that keeps the tops misses two cards",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S", "3S", "AH"],
                                                                   ["KS", "3H", "AD", "2D", "3D"]]}],
               variant="speed-rebuild-gather"), (8, "rebuild.cards", None)),
    ("three reserves listed for two piles",
     from_file(BLOCKED, [*STUCK, {"type": "rebuild", "reserves": [["4D", "5S", "AS", "2S"], ["3S", "AH", "KS"],
                                                                   ["3H", "AD", "2D", "3D"]]}]),
     (8, "rebuild.cards", None)),
    ("an event after the win by a seat that does not exist is after-end",
     from_file("event.after-end.trigger.json",
               [*json.loads((LOGS / "event.after-end.near-miss.json").read_text())["deals"][0]["events"],
                draw(9)]), (10, "event.after-end", 9)),
]


@pytest.mark.parametrize(("what", "log", "expected"), CASES, ids=[c[0] for c in CASES])
def test_more_cases(what: str, log: speedrules.Log, expected: tuple[int | None, str, int | None] | None) -> None:
    deal = referee(log).deals[0]
    got = [(v.event, v.rule, v.player) for v in deal.violations]
    assert got == ([] if expected is None else [expected]), what


def test_flip_not_blocked_names_who_and_what() -> None:
    """The message names a seat and a play that really is legal there (or a draw they may make)."""
    log = from_file(PLAIN, [REVEAL, FLIP])
    (violation,) = referee(log).violations
    found = re.search(r"(\w+) can play (\S+) on (\S+) \(pile (\d+)\)", violation.message)
    assert found, violation.message
    who, card, top, pile = found.groups()
    assert who == "Ann" and violation.player == 0
    assert card in log.data["deals"][0]["layout"]["hands"][0]
    assert (card, top, pile) in {("6D", "5D", "0"), ("KC", "QH", "1")}  # her two cards that fit
    log = from_file(BLOCKED, [REVEAL, play(0, "5S", 0), FLIP])
    assert "Ann can draw" in referee(log).violations[0].message


def test_judging_stops_at_the_first_violation() -> None:
    data = json.loads((LOGS / "play.rank.trigger.json").read_text(encoding="utf-8"))
    data["deals"][0]["events"] += [play(1, "AS", 5), FLIP, draw(0, "KD"), REVEAL]
    deal = referee(parse_log(data)).deals[0]
    assert [(v.event, v.rule) for v in deal.violations] == [(2, "play.rank")]
    assert deal.remaining == (19, 20) and deal.events_judged == 2


def test_each_deal_is_judged_on_its_own() -> None:
    bad = json.loads((LOGS / "play.rank.trigger.json").read_text(encoding="utf-8"))
    good = json.loads((LOGS / "event.after-end.near-miss.json").read_text(encoding="utf-8"))
    nearly = json.loads((LOGS / "play.rank.near-miss.json").read_text(encoding="utf-8"))
    bad["deals"] = [bad["deals"][0], nearly["deals"][0], bad["deals"][0]]
    verdict = referee(parse_log(bad))
    assert [d.valid for d in verdict.deals] == [False, True, False]
    assert not verdict.valid and [v.event for v in verdict.violations] == [2, 2]
    assert verdict.deals[1].remaining == (18, 19)
    # a log of a variant read with another variant: the referee's variant override
    four = parse_log(good)
    assert referee(four).deals[0].winner == 0
    broken = referee(four, variant=load_variant("speed"))
    assert broken.deals[0].violations[0].rule == "layout.shape"
