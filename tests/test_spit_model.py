"""Tests of the independent Spit reference model (tests/spit_model.py) against the rule text.

The model is the oracle the library will later be compared against, so these tests check
it against the worked examples and sentences of the rule text, and check whole random
games for card conservation and termination.  Random games are driven by
:func:`play_game` below: random legal moves of either player (a play is preferred 70% of
the time), a spit whenever one is due (80% of the time; otherwise a random own-row move
if there is one), a random slap at the end of each round, and a shuffle of each holding.
A round is cut off after ``MAX_STEPS_PER_ROUND`` steps and a game after ``MAX_ROUNDS``
rounds; a cut-off is reported, never hidden.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spit_model import (
    DECK,
    DEFAULT_SIZES,
    Table,
    all_cards,
    apply_move,
    can_play,
    can_play_now,
    can_turn_up,
    claim,
    colour,
    deal_round,
    face_down_cards,
    fits,
    game_winner,
    jammed,
    lay_row,
    legal_moves,
    may_spit,
    next_holdings,
    rank,
    round_over,
    spit,
    went_out,
)

MAX_STEPS_PER_ROUND = 3000
"""A round still running after this many steps (moves or spits) is cut off."""
MAX_ROUNDS = 60
"""A game still running after this many rounds is cut off."""

RULES = [
    {},
    {"strict": False},
    {"alternate_colours": True},
    {"alternate_colours": True, "strict": False},
    {"turn_up": True},
    {"strict": False, "jam_as_stuck": True},
]
PAIRING_RULES = [{"pairing": True}, {"pairing": True, "strict": False}, {"pairing": True, "turn_up": True}]


def assert_conserved(table: Table) -> None:
    assert Counter(all_cards(table)) == Counter(DECK)


def play_round(table: Table, rng: random.Random, check: bool = True) -> str:
    """Play one round at random; return "out", "jam" or "cutoff"."""
    for _ in range(MAX_STEPS_PER_ROUND):
        if round_over(table):
            if went_out(table) is not None:
                return "out"
            assert jammed(table)
            return "jam"
        moves = [(p, m) for p in (0, 1) for m in legal_moves(table, p)]
        if may_spit(table) and (not moves or rng.random() < 0.8):
            lone = sum(1 for reserve in table.spit if reserve) == 1
            pile = rng.choice((0, 1)) if lone and table.locked_pile is None else None
            spit(table, pile)
        else:
            # Not stuck and the round goes on, so somebody has something to do.
            assert moves
            plays = [pm for pm in moves if pm[1][0] == "play"]
            player, move = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(moves)
            apply_move(table, player, move)
        if check:
            assert_conserved(table)
            assert all(len(row) == len(DEFAULT_SIZES) for row in table.rows)
    return "cutoff"


def play_game(deck: list[str], rng: random.Random, rules: dict[str, bool], check: bool = True,
              ) -> tuple[int | None, int, list[str]]:
    """Play a whole game at random; return (winner or None if cut off, rounds played, round endings)."""
    holdings = [list(deck[:26]), list(deck[26:])]
    endings: list[str] = []
    for rounds in range(1, MAX_ROUNDS + 1):
        table = deal_round(holdings, **rules)
        if check:
            assert_conserved(table)
        ending = play_round(table, rng, check)
        endings.append(ending)
        if ending == "cutoff":
            return None, rounds, endings
        centre_cards = [c for pile in table.centre if pile for c in pile]
        claims = claim(table, rng.choice((0, 1)), rng.choice((0, 1)))
        assert Counter(claims[0] + claims[1]) == Counter(centre_cards)
        winner = game_winner(table, claims)
        holdings = next_holdings(table, claims)
        assert Counter(holdings[0] + holdings[1]) == Counter(DECK)
        if winner is not None:
            assert holdings[winner] == []
            assert len(holdings[1 - winner]) == 52
            return winner, rounds, endings
        assert holdings[0] and holdings[1]
        for cards in holdings:
            rng.shuffle(cards)
    return None, MAX_ROUNDS, endings


def make_table(row0: list[list[str]], row1: list[list[str]], centre: list[list[str] | None],
               spit0: list[str] | None = None, spit1: list[str] | None = None, **rules: bool) -> Table:
    return Table(rows=[row0, row1], spit=[spit0 or [], spit1 or []], centre=centre, **rules)


# A row none of whose cards (top or buried) fits a 6, a 10, an A or a 2.
STUCK_ROW = [["QS"], ["QH"], ["8D", "8C"], ["4D"], ["4H"]]
STUCK_ROW_1 = [["QD"], ["QC"], ["8S", "8H"], ["4S"], ["4C"]]


# ---------------------------------------------------------------- cards and fits


def test_rank_and_colour() -> None:
    assert [rank(r + "S") for r in ("A", "2", "9", "10", "J", "Q", "K")] == [1, 2, 9, 10, 11, 12, 13]
    assert [colour(c) for c in ("7H", "7D", "7S", "7C")] == ["red", "red", "black", "black"]
    assert len(set(DECK)) == 52
    for bad in ("1S", "10X", "", "K", "11H"):
        with pytest.raises(ValueError):
            rank(bad)


def test_on_a_six_only_a_five_or_a_seven() -> None:
    # "Concretely, on a pile showing a 6 you may place a 5 or a 7 and nothing else."
    for top in ("6S", "6H", "6D", "6C"):
        assert {card for card in DECK if fits(top, card)} == {r + s for r in ("5", "7") for s in "SHDC"}


def test_ace_closes_the_loop_but_2_never_jumps_to_king() -> None:
    # "an ace covers a king or a 2 and a king or a 2 covers an ace, ... you can never jump
    # from a 2 straight to a king."
    assert fits("KS", "AH") and fits("2S", "AH")
    assert fits("AH", "KS") and fits("AH", "2S")
    assert not fits("2S", "KH") and not fits("KH", "2S")
    assert not fits("AS", "AH") and not fits("QS", "AH")


def test_every_top_takes_exactly_two_ranks_and_suits_play_no_part() -> None:
    for top in DECK:
        ranks = {rank(card) for card in DECK if fits(top, card)}
        assert len(ranks) == 2
        assert all(fits(top, r_card) for r_card in DECK if rank(r_card) in ranks)
        assert all(fits(top, card) == fits(card, top) for card in DECK)


def test_alternate_colours() -> None:
    assert fits("6C", "5H", alternate_colours=True)
    assert not fits("6C", "5S", alternate_colours=True)
    assert not fits("6H", "5D", alternate_colours=True)
    assert not fits("6C", "8H", alternate_colours=True)
    assert fits("6H", "5D")


# ---------------------------------------------------------------- lay_row


def sizes_of(piles: list[list[str]]) -> list[int]:
    return [len(p) for p in piles]


def test_worked_example_twenty_cards() -> None:
    # "With 20 cards that is the full row and a reserve of five"
    piles, reserve = lay_row(list(DECK[:20]), DEFAULT_SIZES)
    assert sizes_of(piles) == [1, 2, 3, 4, 5] and len(reserve) == 5


def test_worked_example_fifteen_cards() -> None:
    # "with exactly 15 it is the full row and no reserve"
    piles, reserve = lay_row(list(DECK[:15]), DEFAULT_SIZES)
    assert sizes_of(piles) == [1, 2, 3, 4, 5] and reserve == []


def test_worked_example_twelve_cards() -> None:
    # "with 12 that is piles of one, two, three, four and two, and no reserve at all"
    piles, reserve = lay_row(list(DECK[:12]), DEFAULT_SIZES)
    assert sizes_of(piles) == [1, 2, 3, 4, 2] and reserve == []


def test_opening_deal_of_26() -> None:
    # "That is 15 cards. ... The 11 cards you have not used stay ... These are your spit cards"
    piles, reserve = lay_row(list(DECK[:26]), DEFAULT_SIZES)
    assert sizes_of(piles) == [1, 2, 3, 4, 5] and len(reserve) == 11


def test_top_first_convention() -> None:
    cards = list(DECK[:20])
    piles, reserve = lay_row(cards, DEFAULT_SIZES)
    assert piles[0] == [cards[0]]
    assert piles[1] == [cards[2], cards[1]]  # the last card dealt to a pile is its top
    assert piles[4] == cards[10:15][::-1]
    assert reserve == cards[15:]  # the first surplus card is the top of the spit pile


@pytest.mark.parametrize("count", range(1, 53))
def test_every_count(count: int) -> None:
    cards = list(DECK[:count])
    piles, reserve = lay_row(cards, DEFAULT_SIZES)
    assert len(piles) == 5
    assert sum(sizes_of(piles)) + len(reserve) == count
    assert all(len(p) <= s for p, s in zip(piles, DEFAULT_SIZES, strict=True))
    for i, pile in enumerate(piles):  # left to right: a pile gets cards only once those left of it are full
        if pile:
            assert all(len(piles[j]) == DEFAULT_SIZES[j] for j in range(i))
    if reserve:
        assert sizes_of(piles) == list(DEFAULT_SIZES)
    assert sizes_of(piles) == [min(s, max(0, count - sum(DEFAULT_SIZES[:i]))) for i, s in enumerate(DEFAULT_SIZES)]
    assert [c for p in piles for c in reversed(p)] + reserve == cards


@given(st.permutations(DECK), st.integers(1, 52),
       st.sampled_from([(1, 2, 3, 4, 5), (1, 2, 3, 4), (1, 1, 11, 1, 1)]))
def test_lay_row_keeps_every_card_in_deal_order(deck: list[str], count: int, sizes: tuple[int, ...]) -> None:
    cards = deck[:count]
    piles, reserve = lay_row(cards, sizes)
    assert len(piles) == len(sizes)
    assert [c for p in piles for c in reversed(p)] + reserve == cards


# ---------------------------------------------------------------- can_play, strict and lax


def gap_table(**rules: bool) -> Table:
    # The 2S sits on the 5H; pile 1 is a gap. Nothing showing fits the 6C or the 10C.
    row0 = [["2S", "5H"], [], ["QC"], ["KD"], ["3S"]]
    return make_table(row0, [list(p) for p in STUCK_ROW], [["6C"], ["10C"]], spit0=["9H"], spit1=["9S"], **rules)


def test_gap_move_exposes_a_playable_card_strict_vs_lax() -> None:
    strict, lax = gap_table(strict=True), gap_table(strict=False)
    assert not can_play_now(strict, 0) and not can_play_now(lax, 0)
    assert can_play(strict, 0) and not can_play(lax, 0)
    assert not may_spit(strict) and may_spit(lax)
    assert ("move", 0, 1) in legal_moves(strict, 0)
    apply_move(strict, 0, ("move", 0, 1))
    assert strict.rows[0][:2] == [["5H"], ["2S"]]
    assert can_play_now(strict, 0)
    assert ("play", 0, 0) in legal_moves(strict, 0)
    apply_move(strict, 0, ("play", 0, 0))
    assert strict.centre[0] == ["5H", "6C"] and strict.rows[0][0] == []


def test_strict_search_needs_two_gaps_to_dig_two_deep() -> None:
    row_one_gap = [["2S", "3C", "5H"], [], ["QC"], ["KD"], ["3D"]]
    row_two_gaps = [["2S", "3C", "5H"], [], [], ["KD"], ["3D"]]
    one = make_table(row_one_gap, [list(p) for p in STUCK_ROW], [["6C"], ["10C"]])
    two = make_table(row_two_gaps, [list(p) for p in STUCK_ROW], [["6C"], ["10C"]])
    assert not can_play(one, 0)
    assert can_play(two, 0) and not can_play_now(two, 0)


def test_turn_up_counts_a_card_a_gap_move_would_turn_up_fitting_or_not() -> None:
    # "slide it across into the vacant spot, and expose whatever was hiding under it": read by what
    # the players see, a player who can still turn a card up is not stuck, whatever it turns out to be.
    row0 = [["2S", "9H"], [], ["QC"], ["KD"], ["3S"]]  # the 9H lies under the 2S; nothing fits a 6
    t = make_table(row0, [list(p) for p in STUCK_ROW], [["6C"], ["6H"]], spit0=["9S"], spit1=["9D"])
    assert not can_play(t, 0) and can_turn_up(t, 0)  # strict: stuck, since the 9H would not fit either
    t.turn_up = True
    assert can_play(t, 0) and not may_spit(t)
    apply_move(t, 0, ("move", 0, 1))  # the 9H is turned up: nothing left to turn up, nothing fits
    assert not can_turn_up(t, 0) and not can_play(t, 0) and may_spit(t)
    assert not can_turn_up(t, 1)  # STUCK_ROW has cards to turn up but no gap to move into


def test_face_down_cards_are_read_from_the_cards() -> None:
    # A laid pile shows its top; a pairing covers a card only with its own rank.
    row = (("7S", "7C", "2H"), ("5D", "KD"), ())
    assert face_down_cards(row, False) == {"7C", "2H", "KD"}
    assert face_down_cards(row, True) == {"2H", "KD"}


def test_a_lax_round_jams_only_when_no_play_is_left_anywhere() -> None:
    # "both of you jam - no legal play anywhere and no reserve left to unstick it"
    lax = gap_table(strict=False)
    lax.spit = [[], []]
    assert not can_play(lax, 0) and not can_play(lax, 1)  # stuck by the lax reading...
    assert not jammed(lax) and not round_over(lax)  # ...but a gap move frees the 5H: no jam
    lax.jam_as_stuck = True
    assert jammed(lax)  # the house reading that couples the jam to the lax spit


def test_no_centre_pile_nobody_can_play() -> None:
    t = make_table([["5H"], [], [], [], []], [list(p) for p in STUCK_ROW], [None, None], spit0=["AS"])
    assert not can_play(t, 0) and not can_play(t, 1)
    assert may_spit(t)
    assert not any(m[0] == "play" for m in legal_moves(t, 0))


def pair_table(**rules: bool) -> Table:
    row0 = [["QS", "5H"], ["QH"], ["2C"], ["KD"], ["3S"]]
    return make_table(row0, [["JD"], ["JC"], ["8D", "8C"], ["4D"], ["4H"]], [["6C"], ["10C"]], **rules)


def test_pairing_opens_a_row_with_no_gap() -> None:
    # "If two of your five face-up cards show the same rank, you may move one straight on top of the other."
    assert not can_play(pair_table(pairing=False), 0)
    assert can_play(pair_table(pairing=True), 0)
    assert not can_play(pair_table(pairing=True, strict=False), 0)
    assert not any(m[0] == "pair" for m in legal_moves(pair_table(pairing=False), 0))
    t = pair_table(pairing=True)
    pairs = [m for m in legal_moves(t, 0) if m[0] == "pair"]
    assert sorted(pairs) == [("pair", 0, 1), ("pair", 1, 0)]  # never 2C onto 3S: ranks must be equal
    apply_move(t, 0, ("pair", 0, 1))  # "That turns up whatever was underneath"
    assert t.rows[0][0] == ["5H"] and t.rows[0][1] == ["QS", "QH"]
    assert can_play_now(t, 0)


def test_pairing_can_clear_a_pile_outright() -> None:
    # "... or clears a pile outright"
    t = pair_table(pairing=True)
    apply_move(t, 0, ("pair", 1, 0))
    assert t.rows[0][1] == [] and t.rows[0][0] == ["QH", "QS", "5H"]
    assert not can_play_now(t, 0) and can_play(t, 0)  # the new gap digs out the 5H
    assert ("move", 0, 1) in legal_moves(t, 0)


def test_legal_moves_shapes() -> None:
    t = gap_table(pairing=True)
    with pytest.raises(ValueError):
        apply_move(t, 0, ("play", 0, 0))  # the 2S does not fit the 6C
    with pytest.raises(ValueError):
        apply_move(t, 0, ("move", 1, 0))  # nothing to move out of a gap
    with pytest.raises(ValueError):
        apply_move(t, 0, ("move", 0, 2))  # pile 2 is not empty
    assert set(legal_moves(t, 0)) == {("move", s, 1) for s in (0, 2, 3, 4)}


# ---------------------------------------------------------------- spits


def test_opening_spit_makes_both_centre_piles() -> None:
    deck = list(DECK)
    t = deal_round([deck[:26], deck[26:]])
    assert t.centre == [None, None] and may_spit(t)
    top0, top1 = t.spit[0][0], t.spit[1][0]
    spit(t)
    assert t.centre == [[top0], [top1]]
    assert len(t.spit[0]) == len(t.spit[1]) == 10
    assert t.locked_pile is None


def test_both_spit_onto_their_own_side() -> None:
    t = make_table([list(p) for p in STUCK_ROW], [list(p) for p in STUCK_ROW_1],
                   [["6C"], ["10C"]], spit0=["AS", "2S"], spit1=["AH", "2H"])
    assert may_spit(t)
    spit(t, pile=1)  # the choice is ignored when both spit
    assert t.centre == [["AS", "6C"], ["AH", "10C"]]


def test_lone_spitter_chooses_then_is_locked() -> None:
    # "They choose which of the two centre piles to spit onto — and having chosen, they must
    # keep spitting onto that same pile every time play jams for the rest of the round."
    t = make_table([list(p) for p in STUCK_ROW], [list(p) for p in STUCK_ROW_1],
                   [["6C"], ["10C"]], spit1=["AS", "2S", "6S"])
    assert may_spit(t)
    with pytest.raises(ValueError):
        spit(t)
    spit(t, 0)
    assert t.centre == [["AS", "6C"], ["10C"]] and t.locked_pile == 0 and t.lone_spitter == 1
    assert may_spit(t)
    with pytest.raises(ValueError):
        spit(t, 1)
    spit(t)
    assert t.centre[0] == ["2S", "AS", "6C"]
    spit(t, 0)
    assert t.centre[0] == ["6S", "2S", "AS", "6C"] and t.centre[1] == ["10C"]
    assert t.spit == [[], []] and jammed(t)


def test_single_centre_pile_round() -> None:
    # "A player with no reserve cannot spit, so if that is already true when a round begins,
    # only one centre pile is ever created, started by the other player"
    deck = list(DECK)
    t = deal_round([deck[:12], deck[12:]])
    assert t.spit[0] == [] and len(t.spit[1]) == 25
    spit(t, 1)
    assert t.centre[0] is None and t.centre[1] == [deck[27]]
    assert t.locked_pile == 1


def test_no_spit_while_someone_can_play() -> None:
    t = make_table([["5H"], [], [], [], []], [list(p) for p in STUCK_ROW], [["6C"], ["10C"]],
                   spit0=["AS"], spit1=["AH"])
    assert can_play(t, 0) and not may_spit(t)
    with pytest.raises(ValueError):
        spit(t)


# ---------------------------------------------------------------- round end, claims, next round


def test_round_ends_when_a_row_is_empty() -> None:
    t = make_table([[], [], [], [], []], [list(p) for p in STUCK_ROW], [["6C"], ["10C"]], spit0=["AS"])
    assert round_over(t) and went_out(t) == 0


def test_round_ends_on_a_jam_only_without_reserve() -> None:
    t = make_table([list(p) for p in STUCK_ROW], [list(p) for p in STUCK_ROW_1], [["6C"], ["10C"]])
    assert jammed(t) and round_over(t) and went_out(t) is None
    t.spit[1] = ["AS"]
    assert not jammed(t) and not round_over(t)


def test_claim_two_piles() -> None:
    t = make_table([[], [], [], [], []], [["JS"], [], [], [], []], [["6C", "5C"], ["10C"]])
    # Different piles (or the same pile, first hand underneath): the first slapper takes their pile.
    assert claim(t, 1, 0) == (["10C"], ["6C", "5C"])
    assert claim(t, 0, 0) == (["6C", "5C"], ["10C"])
    assert claim(t, 0, 1) == (["10C"], ["6C", "5C"])
    with pytest.raises(ValueError):
        claim(t, None, None)


def test_claim_single_pile_goes_to_the_player_who_did_not_go_out() -> None:
    # "that pile goes to the player who did not go out"
    t = make_table([[], [], [], [], []], [["JS"], [], [], [], []], [None, ["6C", "5C"]])
    assert claim(t, 0, 1) == ([], ["6C", "5C"])
    t = make_table([["JS"], [], [], [], []], [[], [], [], [], []], [None, ["6C", "5C"]])
    assert claim(t, 1, 1) == (["6C", "5C"], [])


def test_claim_single_pile_jam_choice() -> None:
    # Model's choice: more cards left in the row takes it; a tie goes to the player who spat onto it.
    row1 = [["QD"], ["QC"], ["8S"], ["4S"], ["4C"]]
    t = make_table([list(p) for p in STUCK_ROW], row1, [None, ["6C"]])
    assert jammed(t)
    assert claim(t, None, None) == (["6C"], [])  # 6 cards against 5
    t.rows[1][2].append("8H")
    t.lone_spitter = 1
    assert claim(t, None, None) == ([], ["6C"])
    t.lone_spitter = 0
    assert claim(t, None, None) == (["6C"], [])


def test_claim_needs_the_round_to_be_over() -> None:
    with pytest.raises(ValueError):
        claim(gap_table(), 0, 0)


def test_next_holdings_and_game_winner() -> None:
    # "the centre pile they claimed, whatever is left in their stock piles, and any unused spit cards"
    t = make_table([[], [], [], [], []], [["JS", "4S"], [], ["3S"], [], []], [None, ["6C", "5C"]],
                   spit1=["AH"])
    claims = claim(t, None, None)
    assert next_holdings(t, claims) == [[], ["6C", "5C", "JS", "4S", "3S", "AH"]]
    assert game_winner(t, claims) == 0  # out with no reserve and nothing to pick up
    # Out with spit cards still in hand: no outright win.
    t.spit[0] = ["2D"]
    assert game_winner(t, claim(t, None, None)) is None
    # A two-pile round: the race hands the player who went out a pile, so the game goes on.
    t = make_table([[], [], [], [], []], [["JS"], [], [], [], []], [["2C"], ["6C", "5C"]])
    claims = claim(t, 1, 1)
    assert claims == (["2C"], ["6C", "5C"])
    assert game_winner(t, claims) is None
    assert next_holdings(t, claims) == [["2C"], ["6C", "5C", "JS"]]


# ---------------------------------------------------------------- random whole games


@st.composite
def mid_round_tables(draw: st.DrawFn, rules_list: list[dict[str, bool]]) -> Table:
    deck = draw(st.permutations(DECK))
    rules = draw(st.sampled_from(rules_list))
    rng = draw(st.randoms(use_true_random=False))
    split = draw(st.sampled_from([26, 20, 12, 36]))
    t = deal_round([deck[:split], deck[split:]], **rules)
    for _ in range(draw(st.integers(0, 60))):
        if round_over(t):
            break
        moves = [(p, m) for p in (0, 1) for m in legal_moves(t, p)]
        if may_spit(t) and (not moves or rng.random() < 0.5):
            lone = sum(1 for reserve in t.spit if reserve) == 1
            spit(t, rng.choice((0, 1)) if lone and t.locked_pile is None else None)
        else:
            player, move = rng.choice(moves)
            apply_move(t, player, move)
    return t


def copy_table(t: Table) -> Table:
    return Table(rows=[[list(p) for p in row] for row in t.rows], spit=[list(s) for s in t.spit],
                 centre=[None if p is None else list(p) for p in t.centre], locked_pile=t.locked_pile,
                 alternate_colours=t.alternate_colours, pairing=t.pairing, strict=t.strict,
                 lone_spitter=t.lone_spitter, turn_up=t.turn_up, jam_as_stuck=t.jam_as_stuck)


@given(mid_round_tables(RULES + PAIRING_RULES))
def test_can_play_is_consistent_with_one_step_of_own_moves(t: Table) -> None:
    """Strict can_play holds exactly when a play is possible now or after one own row move; turn-up
    also when that move turns up a face-down card.  (With pairing, a face-down card of the top's
    rank right under it counts as face up, and a pairing can make one so: there turn-up holds at
    least when the step does.)"""
    for p in (0, 1):
        now = can_play_now(t, p)
        assert now == any(m[0] == "play" for m in legal_moves(t, p))
        if not t.strict:
            assert can_play(t, p) == now
            continue
        hidden = face_down_cards(tuple(tuple(pile) for pile in t.rows[p]), t.pairing)
        later = turned = False
        for move in legal_moves(t, p):
            if move[0] != "play":
                after = copy_table(t)
                apply_move(after, p, move)
                later = later or can_play(after, p)
                turned = turned or any(pile and pile[0] in hidden for pile in after.rows[p])
        step = now or later or (t.turn_up and turned)
        if t.turn_up and t.pairing:
            assert can_play(t, p) or not step
        else:
            assert can_play(t, p) == step


@given(mid_round_tables(RULES + PAIRING_RULES))
def test_legal_moves_obey_the_rules(t: Table) -> None:
    for p in (0, 1):
        row = t.rows[p]
        for kind, s, d in legal_moves(t, p):
            assert row[s]
            if kind == "play":
                target = t.centre[d]
                assert target and fits(target[0], row[s][0], alternate_colours=t.alternate_colours)
            elif kind == "move":
                assert not row[d] and s != d
            else:
                assert t.pairing and row[d] and s != d and rank(row[s][0]) == rank(row[d][0])


@given(st.permutations(DECK), st.integers(0, 2**32 - 1), st.sampled_from(RULES))
def test_random_games_conserve_cards_and_end(deck: list[str], seed: int, rules: dict[str, bool]) -> None:
    winner, rounds, endings = play_game(deck, random.Random(seed), rules)
    assert all(e in ("out", "jam") for e in endings[:-1]), endings  # only the last round may be cut off
    if winner is not None:  # out of cards: the winner cleared the row in the last round
        assert endings[-1] == "out"
    else:  # a cut-off game stopped at one of the documented bounds
        assert endings[-1] == "cutoff" or rounds == MAX_ROUNDS


@settings(max_examples=12)
@given(st.permutations(DECK), st.integers(0, 2**32 - 1), st.sampled_from(PAIRING_RULES))
def test_random_games_with_pairing_conserve_cards_and_end(deck: list[str], seed: int, rules: dict[str, bool]) -> None:
    winner, rounds, endings = play_game(deck, random.Random(seed), rules)
    assert all(e in ("out", "jam") for e in endings[:-1]), endings  # only the last round may be cut off
    if winner is not None:  # out of cards: the winner cleared the row in the last round
        assert endings[-1] == "out"
    else:  # a cut-off game stopped at one of the documented bounds
        assert endings[-1] == "cutoff" or rounds == MAX_ROUNDS


def test_fixed_seed_games_are_won_within_the_bounds() -> None:
    """Twenty fixed games under the standard rules all finish with a winner (no cut-off)."""
    for seed in range(20):
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        winner, rounds, endings = play_game(deck, rng, {}, check=False)
        assert winner in (0, 1), (seed, rounds, endings[-3:])
        assert endings[-1] == "out"
