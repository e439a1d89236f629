"""The deal: every bundled variant's layout partitions exactly its deck, with the declared sizes,
reproducibly from a seed, by the documented shuffle-and-deal algorithm."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import SYNTHETIC_DOCS, deck_texts, even_sizes_ok, seeds, synthetic_variant, texts

import speedrules
from speedrules import Card, IllegalActionError, Layout, Variant, deal, load_variant, variant_names
from speedrules.core.cards import deck_codes
from speedrules.speed.dealing import layout_problem

VARIANTS = [*variant_names("speed"), *(f"synthetic:{n}" for n in SYNTHETIC_DOCS)]


def get_variant(name: str) -> Variant:
    return synthetic_variant(name.split(":", 1)[1]) if name.startswith("synthetic:") else load_variant(name)


def expected_draw_sizes(v: Variant) -> list[int]:
    """The draw stacks the variant's document declares: a number each, or "rest" split as evenly
    as possible with the lower seats taking the extra cards (001 "Deal the draw piles evenly")."""
    draw = v.document["deal"]["draw"]
    if draw != "rest":
        return [draw] * v.players
    rest = 52 * v.packs + v.jokers - v.players * v.hand_size - v.piles - sum(v.reserve_sizes)
    return [rest // v.players + (1 if seat < rest % v.players else 0) for seat in range(v.players)]


def reimplemented_layout(v: Variant, seed: int) -> dict[str, list[list[str]] | list[str]]:
    """The documented algorithm, written out again: the deck in canonical order (each pack
    S H D C x A..K, then the jokers); Fisher-Yates from the end with j = randrange(i + 1) of
    random.Random(seed); then, from the front: each seat's hand, each seat's draw stack, one
    starter per pile, each reserve; every stack listed top card first."""
    deck = deck_texts(v.packs, v.jokers)
    rng = random.Random(seed)
    for i in reversed(range(1, len(deck))):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hand_size = v.document["deal"]["hand"]
    reserves = v.document["deal"]["reserves"]
    reserve_sizes = [reserves] * v.document["deal"]["piles"] if isinstance(reserves, int) else reserves
    out: dict[str, list[list[str]] | list[str]] = {}
    pos = 0
    hands = []
    for _ in range(v.players):
        hands.append(deck[pos:pos + hand_size])
        pos += hand_size
    draws = []
    for size in expected_draw_sizes(v):
        draws.append(deck[pos:pos + size])
        pos += size
    starters = deck[pos:pos + len(reserve_sizes)]
    pos += len(reserve_sizes)
    res = []
    for size in reserve_sizes:
        res.append(deck[pos:pos + size])
        pos += size
    assert pos == len(deck)
    out["hands"], out["draw"], out["starters"], out["reserves"] = hands, draws, starters, res
    return out


def test_pinned_layout_of_speed_seed_0() -> None:
    v = load_variant("speed")
    expected = reimplemented_layout(v, 0)
    game = deal(v, 0)
    assert game.layout.to_json() == expected
    # The game starts from that layout: hands, draw stacks top first, face-down starters, reserves.
    assert [[str(c) for c in h] for h in game.hands] == expected["hands"]
    assert [[str(c) for c in d] for d in game.draw_stacks] == expected["draw"]
    assert [str(p[0]) for p in game.piles] == expected["starters"]
    assert [[str(c) for c in r] for r in game.reserves] == expected["reserves"]
    assert game.seed == 0
    # 000: five to hold and fifteen to draw each; five, one, one, five in the middle.
    assert [len(h) for h in expected["hands"]] == [5, 5]
    assert [len(d) for d in expected["draw"]] == [15, 15]
    assert [len(r) for r in expected["reserves"]] == [5, 5] and len(expected["starters"]) == 2


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=12)
@given(seed=seeds() | st.integers(-(2**70), 2**70))
def test_deal_of_every_variant(name: str, seed: int) -> None:
    v = get_variant(name)
    doc = v.document
    game = deal(v, seed)
    layout = game.layout
    # The documented algorithm, reimplemented.
    assert layout.to_json() == reimplemented_layout(v, seed)
    # A partition of exactly the deck, with the declared sizes.
    assert texts(layout.all_cards()) == Counter(deck_texts(doc["deck"]["packs"], doc["deck"]["jokers"]))
    assert len(layout.hands) == len(layout.draw) == doc["players"]
    assert all(len(h) == doc["deal"]["hand"] for h in layout.hands)
    assert [len(d) for d in layout.draw] == expected_draw_sizes(v)
    if doc["deal"]["draw"] == "rest":
        assert even_sizes_ok([len(d) for d in layout.draw], sum(expected_draw_sizes(v)))
    assert len(layout.starters) == doc["deal"]["piles"]  # one starter per pile
    reserves = doc["deal"]["reserves"]
    assert [len(r) for r in layout.reserves] == (
        [reserves] * doc["deal"]["piles"] if isinstance(reserves, int) else reserves)
    # Before the reveal nothing is face up and nobody has played.
    assert not game.is_revealed and game.tops == (None,) * v.piles and game.history == ()
    assert texts(game.all_cards()) == texts(layout.all_cards())
    # Reproducible: the same seed (or an equal random source) deals the same layout.
    assert deal(v, seed).layout == layout
    assert deal(v, random.Random(seed)).layout == layout
    # The layout survives JSON, and a game started from it is the same game.
    data = layout.to_json()
    assert Layout.from_json(data) == layout
    assert Layout.from_json(json.loads(json.dumps(data))) == layout
    again = speedrules.Game.from_layout(v, Layout.from_json(data))
    assert (again.hands, again.draw_stacks, again.piles, again.reserves) == (
        game.hands, game.draw_stacks, game.piles, game.reserves)


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=8)
@given(a=seeds(), b=seeds())
def test_different_seeds_different_layouts(name: str, a: int, b: int) -> None:
    assume(a != b)
    v = get_variant(name)
    # 52! orders: two seeds giving the same layout would be a broken shuffle, not bad luck.
    assert deal(v, a).layout != deal(v, b).layout


def test_no_seed_picks_one_and_reports_it() -> None:
    v = load_variant("speed")
    game = deal(v)
    assert isinstance(game.seed, int)
    assert deal(v, game.seed).layout == game.layout


@pytest.mark.parametrize("bad", [1.5, "1", True, b"x"])
def test_seed_must_be_an_int_or_random(bad: object) -> None:
    with pytest.raises(TypeError):
        deal(load_variant("speed"), bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["speed", "speed-three", "speed-jokers"])
@given(seed=seeds(), data=st.data())
def test_layouts_that_are_not_the_deal_are_refused(name: str, seed: int, data: st.DataObject) -> None:
    assume(name in variant_names("speed"))
    v = load_variant(name)
    layout = deal(v, seed).layout.to_json()
    kind = data.draw(st.sampled_from(["swap-card", "move-card", "drop-card"]))
    stacks = [("hands", i) for i in range(len(layout["hands"]))] + [("draw", i) for i in range(len(layout["draw"]))]
    where, i = data.draw(st.sampled_from(stacks))
    stack = layout[where][i]
    assert isinstance(stack, list)
    k = data.draw(st.integers(0, len(stack) - 1)) if stack else None
    assume(k is not None)
    assert k is not None
    if kind == "swap-card":
        # Replace a card by another one: the multiset is no longer the deck.
        old = stack[k]
        stack[k] = data.draw(st.sampled_from([t for t in deck_texts(1, 1) if t != old]))
        rule = "layout.cards"
    elif kind == "move-card":
        # Move a card from one stack to another: sizes no longer match.
        other = layout["reserves"][0]
        assert isinstance(other, list)
        other.append(stack.pop(k))
        rule = "layout.shape"
    else:
        stack.pop(k)
        rule = "layout.shape"
    bad = Layout.from_json(layout)
    violation = speedrules.check_layout(v, bad)
    assert violation is not None and violation.rule == rule
    with pytest.raises(IllegalActionError) as info:
        speedrules.Game.from_layout(v, bad)
    assert info.value.rule == rule


@pytest.mark.parametrize("data", [
    {}, {"hands": []}, {"hands": [["AS"]], "draw": [], "starters": "AS", "reserves": 5},
    {"hands": [["XX"]], "draw": [], "starters": [], "reserves": []},
])
def test_layout_from_bad_json(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Layout.from_json(data)


def test_layout_lists_cards_as_cards() -> None:
    layout = deal(load_variant("speed"), 3).layout
    assert all(isinstance(c, Card) for c in layout.all_cards())


@settings(max_examples=300)
@given(data=st.data())
def test_the_layout_rule_takes_exactly_the_deals(data: st.DataObject) -> None:
    """``layout_problem``, the one layout rule, finds nothing exactly when every stack has the
    size the deal gives (the draw stacks' sizes in any order) and the cards sort as the deck, for
    every bundled variant (one and two packs, jokers, uneven draw stacks, no hand) and layouts
    near a deal: cards replaced, duplicated, moved between stacks or dropped, a joker added,
    stacks swapped; and it names ``layout.shape`` or ``layout.cards`` accordingly."""
    v = load_variant(data.draw(st.sampled_from(variant_names("speed"))))
    lay = deal(v, data.draw(seeds())).layout
    stacks = [[c.code for c in s] for s in (*lay.hands, *lay.draw, lay.starters, *lay.reserves)]
    for _ in range(data.draw(st.integers(0, 3))):
        op = data.draw(st.sampled_from(["replace", "move", "drop", "joker", "swap-stacks", "swap-cards"]))
        a = data.draw(st.integers(0, len(stacks) - 1))
        b = data.draw(st.integers(0, len(stacks) - 1))
        if op == "swap-stacks":
            stacks[a], stacks[b] = stacks[b], stacks[a]
            continue
        if op == "joker":
            stacks[a].append(52)
            continue
        if not stacks[a]:
            continue
        k = data.draw(st.integers(0, len(stacks[a]) - 1))
        if op == "replace":
            stacks[a][k] = data.draw(st.integers(0, 52))
        elif op == "move":
            stacks[b].append(stacks[a].pop(k))
        elif op == "drop":
            stacks[a].pop(k)
        elif stacks[b]:  # swap two cards: still a deal
            j = data.draw(st.integers(0, len(stacks[b]) - 1))
            stacks[a][k], stacks[b][j] = stacks[b][j], stacks[a][k]
    p = v.players
    hands = [tuple(s) for s in stacks[:p]]
    draw = [tuple(s) for s in stacks[p:2 * p]]
    starters = tuple(stacks[2 * p])
    reserves = [tuple(s) for s in stacks[2 * p + 1:]]
    shaped = ([len(h) for h in hands] == [v.hand_size] * p and len(starters) == v.piles
              and sorted(map(len, draw)) == sorted(expected_draw_sizes(v))
              and [len(r) for r in reserves] == list(v.reserve_sizes))
    decked = sorted(c for s in stacks for c in s) == sorted(deck_codes(v.packs, v.jokers))
    problem = layout_problem(v, hands, draw, starters, reserves)
    assert (problem is None) == (shaped and decked)
    if problem is not None:
        assert problem.rule == ("layout.cards" if shaped else "layout.shape")


def test_the_layout_rule_names_what_differs() -> None:
    v = load_variant("speed-jokers")
    lay = deal(v, 3).layout
    hands = [tuple(c.code for c in h) for h in lay.hands]
    draw = [tuple(c.code for c in d) for d in lay.draw]
    starters = tuple(c.code for c in lay.starters)
    reserves = [tuple(c.code for c in r) for r in lay.reserves]
    assert layout_problem(v, hands, draw, starters, reserves) is None
    doubled = [(*hands[0][:-1], hands[1][0]), hands[1]]  # a card twice, one missing
    problem = layout_problem(v, doubled, draw, starters, reserves)
    assert problem is not None and problem.rule == "layout.cards"
    missing, twice = Card.from_code(hands[0][-1]), Card.from_code(hands[1][0])
    assert problem.message.endswith(f"missing {missing}; not expected {twice}")


def test_a_joker_swapped_for_a_copy_of_a_card_is_not_the_deck() -> None:
    """Found by the property test above: with two jokers in one pack, a layout holding one joker
    and two aces of spades has 53 distinct cards, as the deck does, but is not the deck."""
    v = load_variant("speed-jokers")
    layout = speedrules.deal_layout(v, random.Random(5000)).to_json()
    where = next((key, i, k) for key in ("hands", "draw") for i, stack in enumerate(layout[key])
                 for k, card in enumerate(stack) if card == "JK")
    layout[where[0]][where[1]][where[2]] = "AS" if layout["starters"][0] != "AS" else "2S"
    problem = speedrules.check_layout(v, Layout.from_json(layout))
    assert problem is not None and problem.rule == "layout.cards"


@pytest.mark.parametrize("name", VARIANTS)
def test_a_real_deal_of_every_variant_passes_the_layout_rule(name: str) -> None:
    v = get_variant(name)
    lay = deal(v, 11).layout
    codes = [[c.code for c in s] for s in (*lay.hands, *lay.draw, lay.starters, *lay.reserves)]
    p = v.players
    assert layout_problem(v, codes[:p], codes[p:2 * p], codes[2 * p], codes[2 * p + 1:]) is None


def test_dealing_keeps_no_reference_to_its_random_source_and_deals_on() -> None:
    """``deal_codes`` is a plain function: a random source it dealt from is freed once the
    caller drops it (a simulator deals millions of deals), and dealing twice from one
    source gives two different deals; the deck's counts the deck check compares with are made
    once per deck."""
    import gc
    import weakref

    from speedrules.core.deck import deck_counts
    from speedrules.speed.dealing import deal_codes

    v = load_variant("speed")
    rng = random.Random(9)
    first, second = deal_codes(v, rng), deal_codes(v, rng)
    assert first != second
    gone = weakref.ref(rng)
    del rng
    gc.collect()
    assert gone() is None
    assert deck_counts(1, 0) is deck_counts(1, 0) and deck_counts(2, 1) == (2,) * 52 + (1,)
