"""California Speed's own rules, one property or case each: collisions under every policy, the
re-lay and its dead end, the referee on a changed card and with ``--all``, positions read back,
hostile positions and variants, and the command line on every bundled variant."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import (
    IllegalActionError,
    PositionError,
    VariantError,
    load_variant,
    parse_log,
    referee,
    variant_from_document,
    variant_names,
)
from speedrules.california import CaliforniaGame, Cover, Relay, deal_california
from speedrules.california.kernel import CaliforniaKernel
from speedrules.cli.main import main
from speedrules.core import rules
from speedrules.core.cards import RANK_OF

BUNDLED = [n for n in variant_names() if load_variant(n).family == "california-speed"]


def variant(**fields: Any) -> speedrules.Variant:
    section = fields.pop("california", {})
    return variant_from_document({"extends": "california-speed", **fields, "california": section})


def random_game(v: Any, seed: int, steps: int, t0: int = 0) -> CaliforniaGame:
    """A game of ``v`` dealt from ``seed``, played by random legal actions 100 ms apart."""
    game = deal_california(v, seed)
    rng = random.Random(seed)
    for step in range(steps):
        legal = list(game.legal)
        if not legal:
            break
        game.apply(rng.choice(legal), t=t0 + 100 * step)
    return game


def a_match(seed_from: int, v: Any) -> tuple[CaliforniaGame, int]:
    """A fresh deal whose layout shows a match, and one matched position."""
    for seed in range(seed_from, seed_from + 200):
        game = deal_california(v, seed)
        targets = game.kernel.targets()
        if targets:
            return game, targets[0]
    raise AssertionError("no deal with a match")


def test_every_bundled_variant_is_listed_with_its_sources() -> None:
    assert {"california-speed", "california-speed-doubles", "california-speed-four",
            "california-speed-five"} <= set(BUNDLED)
    for name in BUNDLED:
        v = load_variant(name)
        assert v.sources and speedrules.family_of(v).name == "california-speed"


def test_five_players_deal_play_and_are_judged_valid() -> None:
    """Pagat's five players with a double pack: 20 cards each (104 = 5 x 20 + 4 set aside), a row
    of four each, and every simulated game's log accepted by the referee (five piles and five
    rows in a log: the wire's bounds seat the family's five)."""
    v = load_variant("california-speed-five")
    assert (v.players, v.packs) == (5, 2)
    game = deal_california(v, 3)
    assert [len(p) + len(game.kernel.stacks[s * 4]) * 4 for s, p in enumerate(game.kernel.piles)] == [20] * 5
    assert len(game.kernel.aside) == 4
    results = list(speedrules.simulate(v, 30, seed=2, logs=True))
    assert all(r.log is not None and referee(parse_log(json.loads(r.log.dumps()))).valid for r in results)
    assert {r.winner for r in results} - {None} <= set(range(5)) and any(r.winner == 4 for r in results)


@pytest.mark.parametrize("policy", ["first-lands", "lower-stays", "return-both"])
@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**20))
def test_two_covers_of_one_card_at_once_follow_the_collision_policy(policy: str, seed: int) -> None:
    """Seat 0 and seat 1 cover the same matched card at the same ``t``: first-lands judges the
    second against the card the first laid; lower-stays keeps the lower card (the first on equal
    ranks) and leaves the other on its owner's pile; return-both leaves the card as it was."""
    v = variant(collisions=policy)
    game, pos = a_match(seed, v)
    k = game.kernel
    row, col = divmod(pos, k.row)
    before = game.copy()
    first, second = k.piles[0][-1], k.piles[1][-1]
    game.apply(Cover(0, row, col), t=500)
    after_first = game.copy()
    problem = game.check(Cover(1, row, col), t=500)
    if policy == "first-lands":
        assert problem == after_first.check(Cover(1, row, col))  # judged on the new top
        return
    assert problem is None  # judged against the card before the collision, which was matched
    game.apply(Cover(1, row, col), t=500)
    [collision] = game.kernel.collisions
    assert collision.plays == (0, 1) and collision.pile == pos
    top = game.kernel.stacks[pos][-1]
    if policy == "return-both":
        assert collision.kept is None and game.position() == before.position()
    elif RANK_OF[second] < RANK_OF[first]:
        assert collision.kept == 1 and top == second and game.kernel.piles[0][-1] == first
    else:
        assert collision.kept == 0 and top == first and game.position() == after_first.position()
    log = game.to_log()
    verdict = referee(log)
    assert verdict.valid and [c.to_json() for c in verdict.deals[0].collisions] == [collision.to_json()]
    game.pop()
    assert game == after_first


def test_a_repeated_match_free_relay_is_a_dead_end() -> None:
    """Rows of one card: a deal whose piles never show a pair cycles through re-lays; the relay
    that brings back piles of this run lays nothing and ends the deal with no winner, and the
    referee says so of its log."""
    v = variant(california={"row": 1})
    for seed in range(200):
        game = deal_california(v, seed)
        while game.kernel.blocked():
            game.apply(Relay())
        if game.is_over():
            break
    else:
        raise AssertionError("no dead end in 200 deals")
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (None, "dead-end")
    assert game.peek() == Relay(()) and game.kernel.relays == len(game.kernel.quiet)
    assert game.check(Relay()).rule == rules.EVENT_AFTER_END  # type: ignore[union-attr]
    verdict = referee(game.to_log())
    assert verdict.valid and verdict.deals[0].dead_end and verdict.deals[0].winner is None
    assert CaliforniaGame.from_position(v, game.position()) == game


def test_a_cover_clears_the_relay_history() -> None:
    """A relay's piles are remembered only until the next cover (a cover is a choice)."""
    for seed in range(100):
        game = random_game(load_variant("california-speed"), seed, 400)
        kinds = [type(a) for a in game.action_stack]
        if Cover in kinds and Relay in kinds and isinstance(game.peek(), Cover):
            assert game.kernel.quiet == []
            return
    raise AssertionError("no game covered after a relay")


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**20), steps=st.integers(0, 150), name=st.sampled_from(BUNDLED))
def test_a_position_reads_back_to_the_same_game(seed: int, steps: int, name: str) -> None:
    game = random_game(load_variant(name), seed, steps)
    again = CaliforniaGame.from_position(name, game.position())
    assert again == game and again.position() == game.position()
    assert list(again.legal) == list(game.legal) and again.outcome() == game.outcome()
    assert eval(repr(game), {"CaliforniaGame": CaliforniaGame}) == game


@pytest.mark.parametrize("text", [
    "", "x", "- - - - - play", "AS/2S AS,2S,3S,4S/5S,6S,7S,8S - - - play",
    "a b c d e f", "\u00e9 - - - - play",
])
def test_a_broken_position_is_a_position_error(text: str) -> None:
    with pytest.raises(PositionError):
        CaliforniaGame.from_position("california-speed", text)


def test_a_position_whose_cards_are_not_the_deck_is_refused() -> None:
    game = deal_california("california-speed", 4)
    text = game.position()
    first = text.split(",")[0]
    second = text.split(",")[1]
    with pytest.raises(PositionError, match="not the deck"):
        CaliforniaGame.from_position("california-speed", text.replace(second, first, 1))


@pytest.mark.parametrize(("document", "where"), [
    ({"deck": {"packs": 1, "jokers": 2}}, "deck.jokers"),
    ({"players": 5}, "players"),
    ({"california": {"row": 0}}, "california.row"),
    ({"california": {"rows": 4}}, "california"),
    ({"runs": True}, "runs"),
])
def test_a_broken_variant_names_the_field(document: dict[str, Any], where: str) -> None:
    with pytest.raises(VariantError) as caught:
        variant_from_document({"extends": "california-speed", **document})
    assert any(where in place for place, _ in caught.value.errors)


def test_a_changed_card_is_refused_with_its_rule_and_corrected_with_all(tmp_path: Path) -> None:
    """One cover's card changed in a played log: the referee stops there with
    ``california.cover-card``; ``--all`` leaves the card on its pile and judges on."""
    game = random_game(load_variant("california-speed"), 9, 60)
    data = json.loads(game.to_log().dumps())
    events = data["deals"][0]["events"]
    index = next(i for i, e in enumerate(events) if e["type"] == "cover")
    events[index]["card"] = next(c for c in ("AS", "2S") if c != events[index]["card"])
    verdict = referee(parse_log(data))
    [found] = verdict.violations
    assert (found.rule, found.event) == (rules.CALIFORNIA_COVER_CARD, index)
    corrected = referee(parse_log(data), all_violations=True)
    assert corrected.violations[0].rule == rules.CALIFORNIA_COVER_CARD and corrected.violations[0].correction
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["referee", str(path)]) == 1
    assert main(["referee", "--all", "--json", str(path)]) == 1


def test_an_extra_cover_of_an_unmatched_card_is_undone_and_judging_goes_on() -> None:
    game = random_game(load_variant("california-speed"), 12, 30)
    k = game.kernel
    free = next(p for p in range(len(k.stacks)) if not k.coverable(p))
    data = json.loads(game.to_log().dumps())
    top = speedrules.Card.from_code(k.piles[0][-1])
    target = k.targets()[0]
    data["deals"][0]["events"] += [Cover(0, free // k.row, free % k.row, top).to_json(3100),
                                   Cover(0, target // k.row, target % k.row, top).to_json(3200)]
    verdict = referee(parse_log(data), all_violations=True)
    assert [v.rule for v in verdict.violations] == [rules.CALIFORNIA_COVER_UNMATCHED]
    assert verdict.deals[0].events_judged == len(data["deals"][0]["events"])


def test_the_game_refuses_what_the_rules_refuse() -> None:
    game, pos = a_match(0, load_variant("california-speed"))
    k = game.kernel
    free = next(p for p in range(len(k.stacks)) if not k.coverable(p))
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Cover(0, free // k.row, free % k.row))
    assert caught.value.rule == rules.CALIFORNIA_COVER_UNMATCHED
    assert game.check(Relay()).rule == rules.CALIFORNIA_RELAY_EARLY  # type: ignore[union-attr]
    assert game.check(Cover(2, 0, 0)).rule == rules.EVENT_INVALID  # type: ignore[union-attr]
    assert game.check(Cover(0, 0, 4)).rule == rules.EVENT_INVALID  # type: ignore[union-attr]
    wrong = next(c for c in k.piles[1] if c != k.piles[0][-1])
    problem = game.check(Cover(0, pos // k.row, pos % k.row, speedrules.Card.from_code(wrong)))
    assert problem is not None and problem.rule == rules.CALIFORNIA_COVER_CARD
    assert not game.action_stack


def test_the_kernel_copy_is_independent() -> None:
    game, pos = a_match(3, load_variant("california-speed"))
    k: CaliforniaKernel = game.kernel
    other = k.copy()
    k.apply_event(96, 0, None, pos // k.row, pos % k.row, 10)
    assert other.stacks != k.stacks and other.piles != k.piles and other.version != k.version


@pytest.mark.parametrize("name", BUNDLED)
def test_simulated_logs_of_every_bundled_variant_are_valid(name: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``speedrules simulate NAME --logs`` writes logs the referee accepts (exit 0), and ``show``,
    ``deal`` and ``variants`` speak of the variant."""
    logs = tmp_path / "x.jsonl"
    assert main(["simulate", name, "-n", "25", "--seed", "4", "--logs", str(logs)]) == 0
    assert main(["referee", str(logs), "--summary"]) == 0
    out = capsys.readouterr().out
    assert "25: 25 valid" in out
    assert main(["show", name]) == 0 and "California Speed" in capsys.readouterr().out
    assert main(["deal", name, "--seed", "2"]) == 0 and "pile face down" in capsys.readouterr().out
    assert main(["variants"]) == 0 and name in capsys.readouterr().out


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**20), swap=st.integers(0, 7))
def test_a_relay_that_lays_other_cards_is_refused(seed: int, swap: int) -> None:
    """At a blocked table, the relay naming the cards the gathering lays stands; the same relay
    with two of its cards swapped (across rows, or one card replaced) is ``california.relay-cards``,
    and one while a cover is open is ``california.relay-early``."""
    v = load_variant("california-speed")
    for tried in range(seed, seed + 100):
        game = deal_california(v, tried)
        if game.kernel.blocked():
            break
    else:
        raise AssertionError("no blocked deal")
    rows = [list(r) for r in game.kernel.relay_rows()]
    a, b = rows[0][swap % 4], rows[1][swap // 2 % 4]
    rows[0][swap % 4], rows[1][swap // 2 % 4] = b, a
    if a == b:
        rows[0][0] = next(c for c in game.kernel.piles[0] if c not in rows[0])
    problem = game.check(Relay(tuple(tuple(speedrules.Card.from_code(c) for c in r) for r in rows)))
    assert problem is not None and problem.rule == rules.CALIFORNIA_RELAY_CARDS
    game.apply(Relay())
    if not game.is_over() and game.kernel.targets():
        assert game.check(Relay()).rule == rules.CALIFORNIA_RELAY_EARLY  # type: ignore[union-attr]


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**20), name=st.sampled_from(BUNDLED), which=st.integers(0, 2))
def test_a_layout_changed_in_one_place_is_refused(seed: int, name: str, which: int) -> None:
    """A dealt layout is a deal of its variant; one card moved from a pile to another breaks the
    shape, one card replaced by a copy of another breaks the cards, a row one short the shape."""
    game = deal_california(name, seed)
    layout = game.to_log_data()["deals"][0]["layout"]
    assert CaliforniaGame(name, layout["piles"], layout["rows"], layout.get("aside", ())) == game
    piles, rows = [list(p) for p in layout["piles"]], [list(r) for r in layout["rows"]]
    if which == 0:
        piles[1].append(piles[0].pop())
        expected = rules.CALIFORNIA_LAYOUT_SHAPE
    elif which == 1:
        piles[0][0] = piles[1][0] if piles[1][0] != piles[0][0] else piles[1][1]
        expected = rules.CALIFORNIA_LAYOUT_CARDS
    else:
        piles[0].append(rows[0].pop())
        expected = rules.CALIFORNIA_LAYOUT_SHAPE
    with pytest.raises(IllegalActionError) as caught:
        CaliforniaGame(name, piles, rows, layout.get("aside", ()))
    assert caught.value.rule == expected


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**20), steps=st.integers(0, 120),
       name=st.sampled_from([*BUNDLED, "pairs-only"]))
def test_the_kernels_kept_counts_follow_its_stacks(seed: int, steps: int, name: str) -> None:
    """What the kernel keeps to go faster (each top's rank, how many tops show a rank, the sum of
    their positions) always says what its stacks say, every top in a visible match is owed, and
    the stacks it may cover are those the rule in words names (docs/rules.md)."""
    v = variant(california={"complete_groups": False}) if name == "pairs-only" else load_variant(name)
    k: CaliforniaKernel = random_game(v, seed, steps).kernel
    tops = [RANK_OF[s[-1]] for s in k.stacks]
    shown = {rank: [pos for pos in range(len(tops)) if tops[pos] == rank] for rank in range(1, 14)}
    assert k.tops == tops
    assert all(k.counts[r] == len(shown[r]) and k.where[r] == sum(shown[r]) for r in range(1, 14))
    assert all(k.owed[pos] for r in shown if len(shown[r]) >= 2 for pos in shown[r])
    doubled = [len(s) >= 2 and RANK_OF[s[-2]] == RANK_OF[s[-1]] for s in k.stacks]
    expected = [pos for pos in range(len(tops)) if len(shown[tops[pos]]) >= 2
                or (v.rules.complete_groups and k.owed[pos]) or (v.rules.doubles and doubled[pos])]
    assert k.targets() == expected


def test_a_position_owes_every_card_in_a_visible_match() -> None:
    """A position that lists no owed card still owes the cards of a match it shows (the match
    must be completed): read back, it is the freshly laid deal it was written from."""
    game, _ = a_match(3, load_variant("california-speed"))
    fields = game.position().split(" ")
    assert fields[2] != "-"
    again = CaliforniaGame.from_position("california-speed", " ".join([*fields[:2], "-", *fields[3:]]))
    assert again.kernel.owed == game.kernel.owed and again.position() == game.position()
