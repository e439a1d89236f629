"""Tests of the Nertz reference model (docs/research/nertz.md): the rules on hand-made positions,
and invariants over random hands and a game from fixed seeds."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.nertz_model import (
    FACES,
    NEW,
    RANKS,
    Card,
    IllegalMove,
    Move,
    Options,
    Pile,
    Seat,
    State,
    all_cards,
    apply,
    check,
    cycle_tops,
    deal,
    hand_scores,
    is_progress,
    is_run,
    is_stuck,
    legal_moves,
    match_winner,
    play_match,
    play_random,
    random_step,
    result,
    rotate,
    seat_stuck,
    syntactic_moves,
)

MAX_STEPS = 20_000
"""The documented bound of a random hand; every test hand ends first."""

VARIANTS = [
    Options(),
    Options(players=4),
    Options(players=6, nertz_size=12),
    Options(stock_turn=1, empty_fill="nertz"),
    Options(players=3, move_runs=False, empty_fill="nertz-or-waste"),
    Options(players=4, foundations="per-suit", call="optional", caller_bonus=10, king_bonus=5),
    Options(nertz_size=10, penalty=1, stuck_rotations=0),
    Options(players=8, stuck_rotations=3),
]


def pile(owner: int, text: str) -> Pile:
    """Cards of ``owner`` from a space-separated list, top last."""
    return tuple(Card(face, owner) for face in text.split())


def seat(owner: int, nertz: str = "", work: tuple[str, ...] = ("", "", "", ""), stock: str = "",
         waste: str = "") -> Seat:
    return Seat(pile(owner, nertz), tuple(pile(owner, w) for w in work), pile(owner, stock), pile(owner, waste))


def table(*seats: Seat, foundations: tuple[Pile, ...] = (), options: Options | None = None) -> State:
    return State(options if options is not None else Options(players=len(seats)), seats, foundations)


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("options", VARIANTS)
def test_each_seat_is_dealt_its_own_deck(options: Options) -> None:
    state = deal(3, options)
    for owner, s in enumerate(state.seats):
        mine = [*s.nertz, *s.stock, *s.waste, *(c for w in s.work for c in w)]
        assert sorted(c.face for c in mine) == sorted(FACES) and {c.owner for c in mine} == {owner}
        assert len(s.nertz) == options.nertz_size and [len(w) for w in s.work] == [1] * options.work_piles
        assert len(s.stock) == 52 - options.nertz_size - options.work_piles and s.waste == ()
    assert state.foundations == ()


def test_the_deal_is_the_documented_one() -> None:
    rng = random.Random(9)
    decks = []
    for owner in range(2):
        deck = [Card(face, owner) for face in FACES]
        rng.shuffle(deck)
        decks.append(deck)
    state = deal(9)
    for owner, deck in enumerate(decks):
        s = state.seats[owner]
        assert s.nertz == tuple(deck[:13]) and s.nertz[-1] == deck[12]
        assert s.work == tuple((c,) for c in deck[13:17])
        assert s.stock[-1] == deck[17] and s.stock[0] == deck[51]
    assert deal(9) == state and deal(10) != state


def test_options_out_of_range_are_refused() -> None:
    for bad in (Options(players=1), Options(players=9), Options(stock_turn=4), Options(nertz_size=50)):
        with pytest.raises(ValueError):
            deal(0, bad)


# ---------------------------------------------------------------- foundations


def test_an_ace_starts_a_foundation_that_anyone_builds_in_suit() -> None:
    state = table(seat(0, nertz="5C AH", stock="9C"), seat(1, waste="3H 2H"))
    assert check(state, Move("foundation", 1, "waste", NEW)) == "found.ace"
    state = apply(state, Move("foundation", 0, "nertz", NEW))
    assert state.foundations == (pile(0, "AH"),)
    assert check(state, Move("foundation", 1, "waste", 0)) is None
    state = apply(state, Move("foundation", 1, "waste", 0))
    assert state.foundations == ((Card("AH", 0), Card("2H", 1)),)
    assert check(state, Move("foundation", 0, "nertz", 0)) == "found.build"  # 5C
    assert check(state, Move("foundation", 0, "nertz", 1)) == "found.index"


def test_foundations_per_ace_or_per_suit() -> None:
    hearts = pile(1, "AH 2H 3H")
    for options, expected in ((Options(), None), (Options(foundations="per-suit"), "found.suit-open")):
        state = table(seat(0, nertz="AH"), seat(1), foundations=(hearts,), options=options)
        assert check(state, Move("foundation", 0, "nertz", NEW)) == expected
    complete = pile(1, " ".join(r + "H" for r in RANKS))
    state = table(seat(0, nertz="AH"), seat(1), foundations=(complete,), options=Options(foundations="per-suit"))
    assert check(state, Move("foundation", 0, "nertz", NEW)) is None


# ---------------------------------------------------------------- work piles


def test_work_piles_build_down_in_alternating_colours() -> None:
    state = table(seat(0, nertz="9H", work=("10S", "10D", "", "JC")), seat(1))
    assert check(state, Move("work", 0, "nertz", 0)) is None
    assert check(state, Move("work", 0, "nertz", 1)) == "work.build"
    assert check(state, Move("work", 0, "nertz", 3)) == "work.build"
    assert check(state, Move("work", 0, "nertz", 0, 2)) == "work.count"


def test_sequences_move_between_work_piles_where_the_option_allows() -> None:
    s = seat(0, nertz="2C", work=("JC 10H 9S", "10D", "", "QH"))
    state = table(s, seat(1))
    assert is_run(s.work[0]) and not is_run(pile(0, "JC 10S 9H"))
    after = apply(state, Move("work", 0, "w0", 3, 3))  # JC 10H 9S onto QH
    assert after.seats[0].work[3] == pile(0, "QH JC 10H 9S") and after.seats[0].work[0] == ()
    assert check(state, Move("work", 0, "w0", 1, 1)) is None  # 9S onto 10D
    single = table(s, seat(1), options=Options(move_runs=False))
    assert check(single, Move("work", 0, "w0", 3, 3)) == "work.runs"
    assert check(single, Move("work", 0, "w0", 1, 1)) is None
    broken = table(seat(0, work=("JC 10S 9H", "", "", "QH")), seat(1))
    assert check(broken, Move("work", 0, "w0", 3, 3)) == "work.run"
    assert check(broken, Move("work", 0, "w0", 0, 1)) == "work.same"


@pytest.mark.parametrize(
    ("fill", "allowed"),
    [("any", {"nertz", "waste", "w1"}), ("nertz-or-waste", {"nertz", "waste"}), ("nertz", {"nertz"})],
)
def test_what_may_fill_an_empty_work_pile(fill: str, allowed: set[str]) -> None:
    options = Options(empty_fill=fill)  # type: ignore[arg-type]
    state = table(seat(0, nertz="4C", work=("", "9H", "KS", "KD"), waste="7D"), seat(1), options=options)
    for src in ("nertz", "waste", "w1"):
        assert (check(state, Move("work", 0, src, 0)) is None) == (src in allowed)
        if src not in allowed:
            assert check(state, Move("work", 0, src, 0)) == "work.fill"


# ---------------------------------------------------------------- stock and waste


def test_the_stock_turns_by_threes_then_the_waste_is_turned_over() -> None:
    state = table(seat(0, stock="5C 4C 3C 2C 9C"), seat(1))  # 9C on top
    state = apply(state, Move("turn", 0))
    assert state.seats[0].waste == pile(0, "9C 2C 3C") and state.seats[0].stock == pile(0, "5C 4C")
    assert check(state, Move("reset", 0)) == "stock.reset"
    state = apply(state, Move("turn", 0))  # only two left: both turn
    assert state.seats[0].waste == pile(0, "9C 2C 3C 4C 5C") and state.seats[0].stock == ()
    assert check(state, Move("turn", 0)) == "stock.empty"
    state = apply(state, Move("reset", 0))
    assert state.seats[0].stock == pile(0, "5C 4C 3C 2C 9C") and state.seats[0].waste == ()


def test_the_stock_turns_one_at_a_time_where_the_option_says() -> None:
    state = table(seat(0, stock="5C 4C 3C"), seat(1), options=Options(stock_turn=1))
    assert apply(state, Move("turn", 0)).seats[0].waste == pile(0, "3C")
    assert cycle_tops(state.seats[0], 1) == list(pile(0, "3C 4C 5C"))
    assert cycle_tops(state.seats[0], 3) == list(pile(0, "5C"))


# ---------------------------------------------------------------- calling and scoring


def test_the_hand_ends_when_a_nertz_pile_empties() -> None:
    state = table(seat(0, nertz="AS"), seat(1, nertz="2D 3D"))
    final = apply(state, Move("foundation", 0, "nertz", NEW))
    outcome = result(final)
    assert final.ended and outcome is not None and outcome.caller == 0 and outcome.reason == "nertz"
    assert outcome.scores == (1, -4)
    assert legal_moves(final) == [] and check(final, Move("turn", 1)) == "move.after-end"
    assert check(state, Move("call", 0)) == "call.auto"


def test_an_optional_call_lets_the_player_go_on() -> None:
    options = Options(call="optional", caller_bonus=10)
    state = table(seat(0, nertz="AS", waste="2S"), seat(1, nertz="2D"), options=options)
    assert check(state, Move("call", 0)) == "call.nertz"
    state = apply(state, Move("foundation", 0, "nertz", NEW))
    assert not state.ended and check(state, Move("call", 0)) is None
    state = apply(apply(state, Move("foundation", 0, "waste", 0)), Move("call", 0))
    outcome = result(state)
    assert outcome is not None and outcome.caller == 0 and outcome.scores == (12, -2)


def test_scores_count_cards_by_owner_with_the_penalty_and_bonuses() -> None:
    foundations = (pile(0, "AS") + pile(1, "2S") + pile(0, "3S"), pile(1, "AD"))
    kings = pile(1, " ".join(r + "C" for r in RANKS))
    s0, s1 = seat(0, nertz="4H 5H 6H"), seat(1, nertz="")
    plain = State(Options(), (s0, s1), (*foundations, kings), caller=1, ended=True)
    assert hand_scores(plain) == (2 - 6, 15)
    rich = State(Options(penalty=1, caller_bonus=10, king_bonus=5), (s0, s1), (*foundations, kings), caller=1)
    assert hand_scores(rich) == (2 - 3, 15 + 10 + 5)


def test_a_game_ends_at_the_target_with_a_single_leader() -> None:
    assert match_winner((100, 40), 100) == 0 and match_winner((99, 40), 100) is None
    assert match_winner((120, 120, 3), 100) is None and match_winner((90, 130, 120), 100) == 1
    game = play_match(2, Options(target=60))
    assert game.winner is not None and max(game.totals) >= 60
    assert game.totals.count(max(game.totals)) == 1 and game.totals[game.winner] == max(game.totals)


# ---------------------------------------------------------------- everyone stuck


def stuck_table(options: Options | None = None) -> State:
    """Kings on every work pile, no ace, queen or red six anywhere: nobody can ever move."""
    s0 = seat(0, nertz="9C 5S", work=("KH", "KD", "KC", "KS"), stock="2S 3S", waste="4S 7C")
    s1 = seat(1, nertz="5C", work=("KH", "KD", "KC", "KS"), stock="2C 3C 4C")
    return table(s0, s1, options=options)


def test_when_everyone_is_stuck_the_stocks_rotate_then_the_hand_is_scored() -> None:
    state = stuck_table()
    assert is_stuck(state) and all(not is_progress(m) for m in legal_moves(state))
    once = rotate(state)
    assert once.seats[0].stock == pile(0, "4S 2S 3S 7C") and once.seats[0].waste == ()
    assert once.seats[1].stock == pile(1, "4C 2C 3C")
    assert once.rotations == 1 and not once.ended
    final = rotate(once)
    outcome = result(final)
    assert outcome is not None and outcome.caller is None and outcome.reason == "stuck"
    assert outcome.scores == (-4, -2)


def test_no_rotation_option_scores_a_stuck_hand_at_once() -> None:
    assert rotate(stuck_table(Options(stuck_rotations=0))).ended


def test_the_table_rotates_only_when_everyone_is_stuck() -> None:
    with pytest.raises(IllegalMove) as refusal:
        rotate(deal(1))
    assert refusal.value.rule == "rotate.not-stuck"


def test_a_player_is_not_stuck_while_a_rearrangement_leads_to_progress() -> None:
    sevens = (pile(1, "AS 2S 3S 4S 5S 6S 7S"),)
    s0 = seat(0, nertz="5C", work=("8S 7H", "8C", "KH", "KD"))
    state = table(s0, seat(1), foundations=sevens)
    assert not any(is_progress(m) for m in legal_moves(state) if m.seat == 0)
    assert not seat_stuck(state, 0)  # 7H onto 8C frees 8S for the foundation
    blocked = table(seat(0, nertz="5C", work=("8S 7H", "9C", "KH", "KD")), seat(1), foundations=sevens)
    assert seat_stuck(blocked, 0)


# ---------------------------------------------------------------- random hands


def check_invariants(state: State) -> None:
    """Conservation, ownership, well-formed piles, and the move list agreeing with check()."""
    cards = all_cards(state)
    assert Counter(cards) == Counter(Card(f, o) for o in range(len(state.seats)) for f in FACES)
    for owner, s in enumerate(state.seats):
        assert {c.owner for c in [*s.nertz, *s.stock, *s.waste, *(c for w in s.work for c in w)]} <= {owner}
        assert all(is_run(w) for w in s.work)
    for f in state.foundations:
        assert f[0].face[:-1] == "A" and [c.face[:-1] for c in f] == list(RANKS[: len(f)])
        assert len({c.face[-1] for c in f}) == 1
    assert all(check(state, m) is None for m in legal_moves(state))


def run_checked(seed: int, options: Options, every: int = 10) -> State:
    state = deal(seed, options)
    rng = random.Random(seed)
    for n in range(MAX_STEPS):
        if state.ended:
            return state
        check_invariants(state)
        if n % every == 0:
            legal = {m for m in syntactic_moves(state) if check(state, m) is None}
            assert legal == set(legal_moves(state))
        state = random_step(state, rng)
    raise AssertionError(f"seed {seed}: no end within {MAX_STEPS} steps")


def assert_scores_add_up(state: State) -> None:
    outcome = result(state)
    assert outcome is not None
    opts = state.options
    on_foundations = sum(len(f) for f in state.foundations)
    kings = sum(1 for f in state.foundations for c in f if c.face.startswith("K"))
    nertz_left = sum(len(s.nertz) for s in state.seats)
    bonus = opts.caller_bonus if outcome.caller is not None else 0
    assert sum(outcome.scores) == on_foundations - opts.penalty * nertz_left + bonus + opts.king_bonus * kings
    if outcome.caller is not None:
        assert state.seats[outcome.caller].nertz == ()


@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS[:6]))
def test_random_hands_keep_the_invariants_and_end(seed: int, variant: Options) -> None:
    final = run_checked(seed, variant)
    check_invariants(final)
    assert_scores_add_up(final)


@pytest.mark.slow  # many games of every option set: CI's slow step
@pytest.mark.parametrize("options", VARIANTS)
def test_many_random_hands_end_within_the_bound(options: Options) -> None:
    reasons: Counter[str] = Counter()
    for seed in range(3):
        final, steps = play_random(seed, options, MAX_STEPS)
        assert final.ended and steps < MAX_STEPS
        assert_scores_add_up(final)
        outcome = result(final)
        assert outcome is not None
        reasons[outcome.reason] += 1
    assert sum(reasons.values()) == 3
