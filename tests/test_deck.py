"""The one deck check (:mod:`speedrules.core.deck`): whether stacks hold exactly a multiset of
cards and, when not, what differs, against an independent count of both sides."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from speedrules.core.cards import TEXT_OF
from speedrules.core.deck import DIFFERENCE_LIMIT, card_counts, card_difference, deck_counts, holds_cards


@settings(max_examples=300)
@given(st.lists(st.lists(st.integers(-2, 54), max_size=6), max_size=3), st.lists(st.integers(0, 52), max_size=12),
       st.randoms(use_true_random=False))
def test_stacks_hold_the_cards_exactly_when_they_sort_the_same(stacks: list[list[int]], wanted: list[int],
                                                               rng: Any) -> None:
    """``holds_cards`` counts codes: it agrees with sorting both sides, on near misses (the wanted
    cards shuffled into stacks, one changed, added or dropped) as on strangers, codes out of range
    included; ``card_difference`` is ``None`` exactly then."""

    def same_cards(held: list[list[int]], cards: list[int]) -> bool:
        same = holds_cards(held, card_counts(cards))
        assert same == (card_difference(held, card_counts(cards)) is None)
        return same

    assert same_cards(stacks, wanted) == (sorted(c for s in stacks for c in s) == sorted(wanted))
    shuffled = list(wanted)
    rng.shuffle(shuffled)
    cut = rng.randint(0, len(shuffled))
    near = [shuffled[:cut], shuffled[cut:]]
    assert same_cards(near, wanted)
    if shuffled:
        changed = [[*shuffled[1:], rng.choice([-1, 53, (shuffled[0] + 1) % 53])]]
        assert same_cards(changed, wanted) == (sorted(changed[0]) == sorted(wanted))
    assert not same_cards([*near, [rng.randint(0, 52)]], wanted)


@settings(max_examples=200)
@given(st.lists(st.lists(st.integers(-1, 53), max_size=8), max_size=4), st.lists(st.integers(0, 52), max_size=20))
def test_the_difference_names_the_cards_missing_and_those_not_expected(stacks: list[list[int]],
                                                                       wanted: list[int]) -> None:
    """The words list, each in code order and as often as it differs, the cards ``wanted`` has
    and the stacks lack, then those the stacks have beyond it (a code that is no card as its
    number)."""
    held = Counter(c for s in stacks for c in s)
    want = Counter(wanted)
    missing, extra = sorted((want - held).elements()), sorted((held - want).elements())

    def text(codes: list[int]) -> str:
        return " ".join(TEXT_OF[c] if 0 <= c <= 52 else str(c) for c in codes)

    parts = ([f"missing {text(missing)}"] if missing else []) + ([f"not expected {text(extra)}"] if extra else [])
    expected = "; ".join(parts) or None
    if expected is not None and len(expected) > DIFFERENCE_LIMIT:
        expected = expected[:DIFFERENCE_LIMIT] + "..."
    assert card_difference(stacks, card_counts(wanted)) == expected


def test_a_deck_of_packs_and_jokers_is_counted_once() -> None:
    assert deck_counts(2, 1) == (2,) * 52 + (1,)
    assert deck_counts(1, 0) is deck_counts(1, 0)
    assert card_difference([range(52), [52, 52]], deck_counts(1, 2)) is None
    assert card_difference([range(52)], deck_counts(2, 0)) == "missing " + " ".join(TEXT_OF[:52])
    # a difference too long to read is cut
    many = card_difference([], deck_counts(8, 0))
    assert many is not None and len(many) == DIFFERENCE_LIMIT + 3 and many.endswith("...")
