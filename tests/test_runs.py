"""Runs (several cards laid at once): one-way by default, any-way as an option (docs/variant-format.md)."""

from __future__ import annotations

import pytest

import speedrules
from speedrules import Card, Layout, Play

HAND = ["2S", "3S", "2D", "KS", "QS"]


def _layout(variant: speedrules.Variant) -> Layout:
    """Seat 0 holds HAND; the starters are AH and 9C; the rest of the deck fills the other places."""
    chosen = [Card.parse(c) for c in [*HAND, "AH", "9C"]]
    rest = [Card.from_code(c) for c in range(52) if Card.from_code(c) not in chosen]
    hands = (tuple(chosen[:5]), tuple(rest[:5]))
    rest = rest[5:]
    draw = (tuple(rest[:15]), tuple(rest[15:30]))
    reserves = (tuple(rest[30:35]), tuple(rest[35:40]))
    return Layout(hands=hands, draw=draw, starters=(chosen[5], chosen[6]), reserves=reserves)


def _game(runs: object) -> speedrules.Game:
    variant = speedrules.variant_from_document({"extends": "speed", "runs": runs})
    game = speedrules.Game.from_layout(variant, _layout(variant))
    game.reveal()
    return game


def _play(*cards: str) -> Play:
    return Play(0, tuple(Card.parse(c) for c in cards), pile=0)


@pytest.mark.parametrize("runs", [True, "one-way"])
def test_one_way_run_goes_up_or_down_but_never_turns_back(runs: object) -> None:
    game = _game(runs)
    assert game.is_legal(_play("2S", "3S"))  # AH -> 2 -> 3: up, up
    assert game.is_legal(_play("KS", "QS"))  # AH -> K -> Q: down, down (K-A wraps)
    turned = game.check(_play("2S", "3S", "2D"))  # up, up, down
    assert turned is not None and turned.rule == "play.run"
    assert "turns back" in turned.message


def test_any_way_run_may_turn_back() -> None:
    game = _game("any-way")
    assert game.is_legal(_play("2S", "3S", "2D"))
    game.apply(_play("2S", "3S", "2D"))
    assert game.tops[0] == Card.parse("2D")
    assert sorted(map(str, game.hands[0])) == ["KS", "QS"]


def test_without_runs_two_cards_break_play_run() -> None:
    game = _game(False)
    problem = game.check(_play("2S", "3S"))
    assert problem is not None and problem.rule == "play.run"
    assert game.is_legal(_play("2S"))


def test_a_run_card_that_does_not_fit_the_card_before_is_play_run() -> None:
    game = _game(True)
    problem = game.check(_play("2S", "QS"))
    assert problem is not None and problem.rule == "play.run"
    first = game.check(_play("QS", "KS"))  # QS does not fit AH at all
    assert first is not None and first.rule == "play.rank"
