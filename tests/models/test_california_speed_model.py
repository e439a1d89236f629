"""Tests of the California Speed reference model (docs/research/california-speed.md): the rules
on hand-made positions, and invariants over many random games from fixed seeds."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.california_speed_model import (
    DECK,
    Cover,
    IllegalAction,
    Options,
    State,
    _mark,
    all_cards,
    apply,
    check,
    coverable,
    deal,
    gather,
    is_blocked,
    legal_actions,
    play_random,
    relay,
    result,
    step,
)

MAX_STEPS = 20_000
"""The documented bound of a random game (steps: covers and re-lays); every test game ends first."""

VARIANTS = [
    Options(),
    Options(doubles=True),
    Options(complete_groups=False),
    Options(row_length=5),
    Options(players=3, packs=2),
    Options(players=5, packs=2, doubles=True),
    Options(players=4, packs=1, row_length=5, complete_groups=False),
]


def position(hands: list[str], rows: list[list[str]], options: Options | None = None) -> State:
    """A hand-made position: ``hands[s]`` a space-separated pile (top last), ``rows[r][c]`` a
    space-separated stack (top last); matches are marked as after a lay."""
    opts = options if options is not None else Options(players=len(hands), row_length=len(rows[0]))
    state = State(
        opts,
        tuple(tuple(h.split()) for h in hands),
        tuple(tuple(tuple(stack.split()) for stack in row) for row in rows),
    )
    return _mark(state)


def every_cover(state: State) -> list[Cover]:
    return [Cover(s, r, c) for s in range(state.options.players) for r in range(len(state.rows))
            for c in range(state.options.row_length)]


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("options", VARIANTS)
def test_the_deal_holds_the_deck_in_equal_piles(options: Options) -> None:
    state = deal(11, options)
    assert all_cards(state) == Counter(DECK * options.packs)
    per_seat = (52 * options.packs) // options.players
    assert [len(h) for h in state.hands] == [per_seat - options.row_length] * options.players
    assert len(state.aside) == (52 * options.packs) % options.players
    assert all(len(stack) == 1 for row in state.rows for stack in row)


def test_the_deal_is_the_documented_one() -> None:
    deck = list(DECK)
    random.Random(5).shuffle(deck)
    state = deal(5)
    # seat 0 gets cards 0, 2, 4, ...; the last card dealt to it is the top and is laid first
    assert state.rows[0][0] == (deck[50],)
    assert state.rows[1][3] == (deck[45],)
    assert state.hands[0] == tuple(deck[0:44:2])
    assert deal(5) == state and deal(6) != state


def test_options_that_cannot_be_dealt_are_refused() -> None:
    for bad in (Options(players=1), Options(players=6), Options(packs=3), Options(players=5, row_length=10)):
        with pytest.raises(ValueError):
            deal(0, bad)


# ---------------------------------------------------------------- covering


def test_a_match_anywhere_may_be_covered_by_either_seat() -> None:
    state = position(["2S 3S", "4S 5S"], [["7H", "8H", "9H", "10H"], ["JH", "7C", "QH", "KH"]])
    assert coverable(state) == {(0, 0), (1, 1)}
    assert set(legal_actions(state)) == {Cover(s, r, c) for s in (0, 1) for r, c in ((0, 0), (1, 1))}
    after = apply(state, Cover(1, 0, 0))
    assert after.rows[0][0] == ("7H", "5S") and after.hands[1] == ("4S",)


def test_a_card_in_no_match_may_not_be_covered() -> None:
    state = position(["2S 3S", "4S 5S"], [["7H", "8H", "9H", "10H"], ["JH", "7C", "QH", "KH"]])
    assert check(state, Cover(0, 0, 1)) == "cover.unmatched"
    with pytest.raises(IllegalAction) as refusal:
        apply(state, Cover(0, 0, 1))
    assert refusal.value.rule == "cover.unmatched"
    assert check(state, Cover(2, 0, 0)) == "cover.seat"
    assert check(state, Cover(0, 2, 0)) == "cover.position"


def test_a_started_match_must_be_completed() -> None:
    hands = ["2S 3S", "4S 5S"]
    rows = [["7H", "8H", "9H", "10H"], ["JH", "7C", "QH", "KH"]]
    owed = apply(position(hands, rows), Cover(0, 0, 0))  # 7H covered by 3S: 7C is now alone
    assert (1, 1) in coverable(owed) and not is_blocked(owed)
    loose = apply(position(hands, rows, Options(complete_groups=False)), Cover(0, 0, 0))
    assert coverable(loose) == set() and is_blocked(loose)


def test_three_of_a_kind_is_one_match_and_all_three_are_owed() -> None:
    state = position(["2S 3S 4S", "5S 6S"], [["7H", "7D", "9H", "10H"], ["JH", "7C", "QH", "KH"]])
    assert coverable(state) == {(0, 0), (0, 1), (1, 1)}
    state = apply(apply(state, Cover(0, 0, 0)), Cover(1, 0, 1))
    assert coverable(state) == {(1, 1)}


def test_a_new_match_made_by_a_cover_is_played_on() -> None:
    state = position(["9S 3S", "4S 5S"], [["7H", "8H", "9H", "10H"], ["JH", "7C", "QH", "KH"]])
    state = apply(state, Cover(0, 0, 0))  # 3S on 7H
    state = apply(state, Cover(0, 1, 1))  # 9S on 7C: a match with 9H
    assert coverable(state) == {(0, 2), (1, 1)}


def test_doubles_let_a_pile_topped_by_a_pair_be_covered() -> None:
    hands, rows = ["2S 3S", "4S 5S"], [["7H 7S", "8H", "9H", "10H"], ["JH", "2C", "QH", "KH"]]
    assert coverable(position(hands, rows)) == set()
    assert coverable(position(hands, rows, Options(doubles=True))) == {(0, 0)}


def test_dealing_the_last_card_onto_a_match_wins() -> None:
    state = position(["3S", "4S 5S"], [["7H", "8H", "9H", "10H"], ["JH", "7C", "QH", "KH"]])
    final = apply(state, Cover(0, 1, 1))
    assert final.winner == 0 and final.over
    outcome = result(final)
    assert outcome is not None and outcome.winner == 0 and outcome.cards_left == (0, 2)
    assert legal_actions(final) == [] and check(final, Cover(1, 0, 0)) == "cover.after-end"


# ---------------------------------------------------------------- blocked table


def test_a_blocked_table_gathers_and_lays_again() -> None:
    state = position(["AS 2S 3S 4S 5S", "6S 7S 8S 9S 10S"], [["AH 2H", "3H", "4H", "5H"], ["6H", "7H", "8H", "9H"]])
    assert is_blocked(state)
    assert gather(state.rows[0]) == ("5H", "4H", "3H", "2H", "AH")
    after = relay(state)
    assert after.hands[0] == ("5H", "4H", "3H", "2H", "AH", "AS")
    assert after.rows[0] == (("5S",), ("4S",), ("3S",), ("2S",))
    assert after.relays == 1 and all_cards(after) == all_cards(state)


def test_the_table_lays_again_only_when_blocked() -> None:
    state = position(["2S 3S", "4S 5S"], [["7H", "8H", "9H", "10H"], ["JH", "7C", "QH", "KH"]])
    with pytest.raises(IllegalAction) as refusal:
        relay(state)
    assert refusal.value.rule == "relay.not-blocked"


def test_match_free_lays_that_come_back_are_a_dead_end() -> None:
    # ten cards of ten ranks: no lay can ever match, and the lays cycle
    state = position(["5H", "10H"], [["AH", "2H", "3H", "4H"], ["6H", "7H", "8H", "9H"]])
    for _ in range(200):
        if state.over:
            break
        state = relay(state)
    outcome = result(state)
    assert outcome is not None and outcome.winner is None and outcome.reason == "dead-end"
    with pytest.raises(IllegalAction):
        relay(state)


def test_a_cover_clears_the_history_of_lays() -> None:
    state = position(["2S 3S", "4S 5S"], [["7H", "8H", "9H", "10H"], ["JH", "7C", "QH", "KH"]])
    state = State(state.options, state.hands, state.rows, owed=state.owed, quiet=(state.hands,))
    assert apply(state, Cover(0, 0, 0)).quiet == ()


# ---------------------------------------------------------------- random games


def run_checked(seed: int, options: Options) -> State:
    """Play a random game, checking the invariants after every step."""
    state = deal(seed, options)
    deck = Counter(DECK * options.packs)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.over:
            return state
        assert all_cards(state) == deck  # cards conserved
        assert all(state.hands), "a seat with no card has won"
        assert all(stack for row in state.rows for stack in row), "every position holds a card"
        legal = legal_actions(state)
        assert all(check(state, a) is None for a in legal)
        assert {a for a in every_cover(state) if check(state, a) is None} == set(legal)
        state = step(state, rng)
    raise AssertionError(f"seed {seed}: no end within {MAX_STEPS} steps")


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_random_games_keep_the_invariants_and_end(seed: int, variant: Options) -> None:
    final = run_checked(seed, variant)
    outcome = result(final)
    assert outcome is not None
    assert all_cards(final) == Counter(DECK * variant.packs)
    if outcome.winner is not None:
        assert outcome.cards_left[outcome.winner] == 0
        assert all(n > 0 for s, n in enumerate(outcome.cards_left) if s != outcome.winner)


@pytest.mark.slow  # many games of every option set: CI's slow step
@pytest.mark.parametrize("options", VARIANTS)
def test_many_random_games_end_within_the_bound(options: Options) -> None:
    reasons: Counter[str] = Counter()
    # complete_groups=False deals run to hundreds of re-lays: fewer of them
    for seed in range(40 if options.complete_groups else 8):
        final, steps = play_random(seed, options, MAX_STEPS)
        outcome = result(final)
        assert outcome is not None and steps < MAX_STEPS
        reasons[outcome.reason] += 1
    assert reasons["out"] > 0
