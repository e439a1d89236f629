"""The rank predicate, checked exhaustively against a brute-force statement of the rule texts.

For every option combination (cyclic / ace-high, doubles on/off, alternating colours
on/off, jokers not wild / wild declared as any rank / wild declared as an adjacent
rank), every top (the 53 cards, a joker with and without a declared rank, and an
empty pile) and every card (with every declared rank for a joker), ``Variant.fits``
must agree with :func:`strategies.model_fits`, which is written from the texts.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import RankOptions, iter_all_codes, model_fits, rank_neighbours

import speedrules
from speedrules import Card, Variant

JOKER_MODES = [(False, "any"), (True, "any"), (True, "adjacent")]
COMBOS = [
    RankOptions(order, same, colours, wild, declare)
    for order, same, colours, (wild, declare) in itertools.product(
        ["cyclic", "ace-high"], [False, True], [False, True], JOKER_MODES)
]


def variant_for(opts: RankOptions) -> Variant:
    return speedrules.variant_from_document({
        "extends": "speed",
        "ranks": {"order": opts.order, "same_rank": opts.same_rank, "alternate_colours": opts.alternate_colours},
        "jokers": {"wild": opts.jokers_wild, "declare": opts.declare},
    }, name="combo.yaml")


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize("opts", COMBOS, ids=str)
def test_fits_agrees_with_the_rule_everywhere(opts: RankOptions) -> None:
    variant = variant_for(opts)
    assert RankOptions.of(variant) == opts
    cards = list(iter_all_codes())
    tops: list[tuple[Card | None, int | None]] = [(None, None)]
    tops += [(t, None) for t in cards]  # a turned-up joker (no top_rank) is wild
    tops += [(speedrules.JOKER, r) for r in range(1, 14)]  # a played joker counts as its declared rank
    mismatches = []
    for top, top_rank in tops:
        for card in cards:
            declared_options: list[int | None] = [None, *range(1, 14)] if card.is_joker else [None, 5]
            for declared in declared_options:
                got = variant.fits(top, card, top_rank=top_rank, declared=declared)
                want = model_fits(opts, top, card, top_rank=top_rank, declared=declared)
                if got != want:
                    mismatches.append((str(top), top_rank, str(card), declared, got, want))
                assert speedrules.fits(variant, top, card, top_rank=top_rank, declared=declared) == got
    assert not mismatches, mismatches[:20]


@pytest.mark.parametrize("opts", COMBOS, ids=str)
def test_ranks_that_fit_lists_the_neighbours(opts: RankOptions) -> None:
    variant = variant_for(opts)
    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    for top in range(1, 14):
        want = sorted(rank_neighbours(opts.order, opts.same_rank, top))
        assert variant.ranks_that_fit(top) == [names[r - 1] for r in want]
        for card in range(1, 14):
            assert variant.fits_rank(top, card) == (card in want)
    assert variant.ranks_that_fit(speedrules.WILD) == names
    assert variant.ranks_that_fit(speedrules.EMPTY) == []


def test_examples_from_the_texts() -> None:
    speed = speedrules.load_variant("speed")
    # 000: "A 7 accepts a 6 or 8; an ace accepts a king or 2 ... Equal ranks are not allowed."
    assert speed.fits(c("7H"), c("6S")) and speed.fits(c("7H"), c("8D"))
    assert not speed.fits(c("7H"), c("7S")) and not speed.fits(c("7H"), c("9S"))
    assert speed.fits(c("AS"), c("KC")) and speed.fits(c("AS"), c("2H"))
    # 003: "a king can never go straight onto a 2"; 001 row 7: "Queen, king, ace, 2, 3 is a legal run".
    assert not speed.fits(c("2S"), c("KH")) and not speed.fits(c("KS"), c("2H"))
    run = ["QS", "KH", "AD", "2C", "3S"]
    assert all(speed.fits(c(a), c(b)) for a, b in itertools.pairwise(run))
    # 003 No ace wrap: "an ace can only be played on a king and nothing can be played on an ace except a king".
    no_wrap = variant_for(RankOptions(order="ace-high"))
    assert no_wrap.fits(c("KS"), c("AH")) and no_wrap.fits(c("AH"), c("KS"))
    assert not no_wrap.fits(c("2S"), c("AH")) and not no_wrap.fits(c("AH"), c("2S"))
    # 003 Doubles: "a card of the same rank as the pile's top card counts as a legal play".
    doubles = variant_for(RankOptions(same_rank=True))
    assert doubles.fits(c("7H"), c("7S")) and doubles.fits(c("7H"), c("8S"))
    # Alternating colours: red on black, black on red.
    colours = variant_for(RankOptions(alternate_colours=True))
    assert colours.fits(c("7H"), c("8S")) and not colours.fits(c("7H"), c("8D"))
    # Nothing goes on an empty pile.
    assert not speed.fits(None, c("7H"))


def test_jokers_examples() -> None:
    wild_any = variant_for(RankOptions(jokers_wild=True, declare="any"))
    wild_adj = variant_for(RankOptions(jokers_wild=True, declare="adjacent"))
    joker = speedrules.JOKER
    # 003: "A joker can be played onto either centre pile whatever is showing"; the player announces a rank.
    assert wild_any.fits(c("7H"), joker, declared=12)
    assert not wild_any.fits(c("7H"), joker)  # no rank announced
    # 001: "a joker plays as the rank above or below the center card".
    assert wild_adj.fits(c("7H"), joker, declared=8) and wild_adj.fits(c("7H"), joker, declared=6)
    assert not wild_adj.fits(c("7H"), joker, declared=12)
    # "The next card played on it follows the rank it stood for."
    assert wild_adj.fits(joker, c("9S"), top_rank=8) and not wild_adj.fits(joker, c("8S"), top_rank=8)
    # A joker turned up by a flip is wild: anything goes on it.
    assert all(wild_adj.fits(joker, card) for card in iter_all_codes() if not card.is_joker)
    # Jokers that are not wild never play.
    plain = speedrules.load_variant("speed")
    assert not any(plain.fits(c("7H"), joker, declared=r) for r in range(1, 14))


@given(st.sampled_from(COMBOS), st.integers(0, 52), st.integers(0, 52), st.none() | st.integers(-3, 20))
def test_fits_never_raises_and_declared_outside_ranks_never_fits_a_joker(
        opts: RankOptions, top_code: int, card_code: int, declared: int | None) -> None:
    variant = variant_for(opts)
    top, card = Card.from_code(top_code), Card.from_code(card_code)
    got = variant.fits(top, card, declared=declared)
    if card.is_joker and (declared is None or not 1 <= declared <= 13):
        assert got is False
    assert got == model_fits(opts, top, card, declared=declared)
