"""Cards: reading every spelling, canonical text, codes, and refusing what is not a card."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import RANK_TEXTS, SUIT_TEXTS, deck_texts, valid_card_spellings

import speedrules
from speedrules import Card, CardError, parse_cards, parse_rank

SPELLINGS = valid_card_spellings()


def test_every_spelling_reads_as_its_card() -> None:
    # 52 cards: 13 ranks x 4 suits, each in every case; ten also as T; and JK.
    assert len(set(SPELLINGS.values())) == 53
    for spelling, canonical in SPELLINGS.items():
        card = Card.parse(spelling)
        assert str(card) == canonical, spelling
        if canonical == "JK":
            assert card.is_joker and card.rank == 0 and card.suit == ""
        else:
            assert not card.is_joker
            assert card.rank == RANK_TEXTS.index(canonical[:-1]) + 1
            assert card.suit == canonical[-1]
            assert card.is_red == (canonical[-1] in "HD")


@pytest.mark.parametrize("rank_text", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "T"])
@pytest.mark.parametrize("suit", ["S", "H", "D", "C", "s", "h", "d", "c"])
def test_each_rank_and_suit(rank_text: str, suit: str) -> None:
    for spelled in (rank_text, rank_text.lower()):
        card = Card.parse(spelled + suit)
        expected_rank = 10 if rank_text == "T" else RANK_TEXTS.index(rank_text) + 1
        assert card.rank == expected_rank
        assert card.suit == suit.upper()
        assert parse_rank(spelled) == expected_rank


def test_ten_is_written_10() -> None:
    for suit in SUIT_TEXTS:
        assert str(Card.parse("T" + suit)) == "10" + suit
        assert str(Card.parse("t" + suit.lower())) == "10" + suit
        assert Card.parse("T" + suit) == Card.parse("10" + suit)


def test_joker() -> None:
    for spelling in ("JK", "jk", "Jk", "jK"):
        assert Card.parse(spelling) == speedrules.JOKER
        assert str(Card.parse(spelling)) == "JK"
    assert not speedrules.JOKER.is_red


def test_codes_round_trip_for_all_53() -> None:
    # The documented coding: suit * 13 + rank - 1 with suits S H D C, and 52 for the joker.
    seen = set()
    for code in range(53):
        card = Card.from_code(code)
        assert card.code == code
        assert Card.parse(str(card)) == card
        if code == 52:
            assert str(card) == "JK"
        else:
            assert str(card) == RANK_TEXTS[code % 13] + SUIT_TEXTS[code // 13]
        seen.add(str(card))
    assert seen == set(deck_texts(1, 1))


def test_repr_rebuilds_the_card() -> None:
    for code in range(53):
        card = Card.from_code(code)
        rebuilt = eval(repr(card), {"Card": Card})
        assert rebuilt == card and rebuilt.code == code


def test_parse_cards_and_order() -> None:
    assert [str(c) for c in parse_cards(["as", "TD", "jk", "10c"])] == ["AS", "10D", "JK", "10C"]
    # Cards are ordered by code: same-suit cards by rank, ace low.
    assert Card.parse("AS") < Card.parse("KS") < Card.parse("AH")


def test_hashable_and_equal_by_value() -> None:
    assert len({Card.parse("10h"), Card.parse("TH"), Card.parse("th")}) == 1


BAD_FIXED = ["", "1X", "11S", "JKX", "1", "S", "10", "AA", "0S", "1S", "14H", "JJ", "KK", "AX", "J K", "10 H",
             "ZS", "QSS", "JOKER", "T0S", "10HH", "\u2660A", "A\u2660",
             "\uff21S",  # fullwidth A
             "A\u017f",  # long s, which upper-cases to S
             "\u0131K",  # dotless i
             ]


def _assert_refused(text: object) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)  # type: ignore[arg-type]
    err = info.value
    assert isinstance(err, ValueError)
    assert err.text == text
    assert repr(text) in str(err)


@pytest.mark.parametrize("text", BAD_FIXED)
def test_fixed_bad_texts(text: str) -> None:
    _assert_refused(text)


@given(st.text(max_size=6))
def test_generated_bad_texts(text: str) -> None:
    # Surrounding whitespace is tolerated (reading "10h\n" from a file); anything else that is
    # not a spelling above is refused.
    assume(text.strip() not in SPELLINGS)
    _assert_refused(text)


@given(st.text(alphabet="AaTtJjQqKk0123456789SsHhDdCcXx ", min_size=1, max_size=4))
def test_generated_near_miss_texts(text: str) -> None:
    if text.strip() in SPELLINGS:
        assert str(Card.parse(text)) == SPELLINGS[text.strip()]
    else:
        _assert_refused(text)


@pytest.mark.parametrize("value", [None, 10, 1.5, b"AS", ["AS"]])
def test_non_text_refused(value: object) -> None:
    _assert_refused(value)


@pytest.mark.parametrize("code", [-1, 53, 100, True, 1.0, "5", None])
def test_bad_codes_refused(code: object) -> None:
    with pytest.raises(CardError):
        Card.from_code(code)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Card(code)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "1", "11", "AS", "JK", "X", "0", "14"])
def test_bad_rank_texts(text: str) -> None:
    with pytest.raises(CardError):
        parse_rank(text)
