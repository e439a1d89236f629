"""The Spit position notation: ``SpitGame.position()`` writes the whole state of a game within a
round as one line and ``SpitGame.from_position`` reads it back, checked against the variant
(``speedrules.spit.position.SpitPosition``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import InvalidActionError, InvalidArgumentError, SpitGame, deal_spit, strategies
from speedrules.core.errors import PositionError, SpitPositionError
from speedrules.spit.actions import GapMove, Slap, Spit, SpitAction, StockPlay
from speedrules.spit.position import SpitPosition


def random_action(rng: random.Random, game: SpitGame) -> SpitAction:
    """Any action, legal or not (for comparing verdicts)."""
    p = rng.choice((0, 1))
    return rng.choice([Spit(), Spit(rng.choice((0, 1))), StockPlay(p, rng.randrange(5), rng.choice((0, 1))),
                       GapMove(p, rng.randrange(5), rng.randrange(5)), Slap(p, rng.choice((0, 1)))])


@settings(max_examples=25, deadline=None)
@given(strategies.spit_games(max_actions=200), st.randoms(use_true_random=False))
def test_a_game_from_its_position_is_the_same_game(game: SpitGame, rng: random.Random) -> None:
    """Read back, the game is the same: the same position, state, legal actions, verdicts on any
    action and outcome, for 40 further random actions and the rounds they lead to."""
    text = game.position()
    again = SpitGame.from_position(game.variant, text)
    assert again.position() == text and str(SpitPosition.parse(text)) == text
    assert again.round == game.round
    for _ in range(40):
        assert again.kernel.state() == game.kernel.state()
        assert again.outcome() == game.outcome()
        assert again.legal_actions() == game.legal_actions()
        probe = random_action(rng, game)
        assert again.check(probe) == game.check(probe)
        if game.outcome() is not None:
            break
        if game.is_round_settled():
            game.next_round()
            again.next_round(game.layout)
            assert again.position() == game.position()
            continue
        actions = game.legal_actions()
        if not actions:
            break
        action = rng.choice(actions)
        game.apply(action, t=game.kernel.last_t + 10)
        again.apply(action, t=again.kernel.last_t + 10)
    assert again.position() == game.position()


def test_a_position_before_the_first_spit_is_a_layout() -> None:
    game = deal_spit("spit-pairing", seed=4, names=["Ann", "Ben"])
    again = SpitGame.from_position("spit-pairing", game.position(), names=["Ann", "Ben"])
    assert again.layout == game.layout and again.to_log_data() == game.to_log_data()
    game.apply(Spit())
    mid = SpitGame.from_position("spit-pairing", game.position())
    with pytest.raises(InvalidActionError, match="mid-round"):
        _ = mid.layout
    with pytest.raises(InvalidActionError, match="no log"):
        mid.to_log_data()


def test_the_rounds_before_count_for_the_game() -> None:
    """A position in the last round of ``spit-rounds`` (5 rounds): once the round is settled the
    game is decided on cards held; and a position's wins count where round wins decide."""
    rounds = speedrules.variant_from_document({"extends": "spit-rounds", "name": "spit-round-wins",
                                               "spit": {"winner": "round-wins"}})
    for variant in (speedrules.load_variant("spit-rounds"), rounds):
        game = deal_spit(variant, seed=8)
        played = random.Random(8)
        while game.round < 4 or not game.is_round_settled():
            if game.outcome() is not None:
                break
            if game.is_round_settled():
                game.next_round()
            actions = game.legal_actions()
            spits = [a for a in actions if isinstance(a, Spit)]
            plays = [a for a in actions if isinstance(a, StockPlay)]
            game.apply(spits[0] if spits else played.choice(plays or actions))
        if game.outcome() is None or game.round < 4:
            continue  # won outright before the last round: nothing to compare
        text = game.position()
        assert "round=4," in text
        again = SpitGame.from_position(variant, text)
        assert again.outcome() == game.outcome() and again.outcome() is not None


BAD = [
    ("5S/KD -/- play 0 0 round=0,wins=0+0", None, "7 fields"),
    ("5S/KD -/- -/- sleep 0 0 round=0,wins=0+0", 4, "is not wait, play"),
    ("5S/KD -/- -/- play,alone=0,alone=1 0 0 round=0,wins=0+0", 4, "each at most once"),
    ("5S/KD -/- -/- play,owners=0 0 0 round=0,wins=0+0", 4, "two owners"),
    ("5S/KD -/- -/- play,slaps=0-1 0 0 round=0,wins=0+0", 4, "P@C"),
    ("5S/XX -/- -/- play 0 0 round=0,wins=0+0", 1, "not a card"),
    ("5S/KD -/- -/- play -1 0 round=0,wins=0+0", 5, "not a time"),
    ("5S/KD -/- -/- play 0 x round=0,wins=0+0", 6, "not a whole number"),
    ("5S/KD -/- -/- play 0 0 round=a", 7, "round=R,wins=A+B"),
]


@pytest.mark.parametrize(("text", "field", "reason"), BAD)
def test_a_malformed_position_names_its_field(text: str, field: int | None, reason: str) -> None:
    with pytest.raises(SpitPositionError) as err:
        SpitGame.from_position("spit", text)
    assert err.value.field == field and reason in str(err.value)
    assert isinstance(err.value, PositionError) and isinstance(err.value, ValueError)


def replace_field(text: str, index: int, value: str) -> str:
    fields = text.split(" ")
    fields[index] = value
    return " ".join(fields)


def test_a_position_that_is_not_of_the_variant_names_its_field() -> None:
    game = deal_spit("spit", seed=1)
    game.apply(Spit(), t=0)
    good = game.position()
    rows, spits, centre = good.split(" ")[:3]
    cases = [
        (replace_field(good, 0, rows.split("/")[0].rsplit("|", 1)[0] + "/" + rows.split("/")[1]), 1, "stock piles"),
        (replace_field(good, 2, "-/-"), None, "not the deck"),                      # two cards gone
        (replace_field(good, 3, "wait"), 4, "before the first spit"),
        (replace_field(good, 3, "out=0"), 4, "is out but has cards"),
        (replace_field(good, 3, "play,owners=0+1"), 4, "only once the round is over"),
        (replace_field(good, 3, "play,alone=0"), 4, "go together"),
        (replace_field(good, 3, "jam,slaps=0@1,won=0"), 4, "won=0"),
        (replace_field(good, 6, "round=3,wins=2+2"), 7, "rounds won"),
    ]
    for text, field, reason in cases:
        with pytest.raises(SpitPositionError) as err:
            SpitGame.from_position("spit", text)
        assert err.value.field == field and reason in str(err.value), (text, err.value)
    with pytest.raises(SpitPositionError, match="after 5 rounds"):
        SpitGame.from_position("spit-rounds", replace_field(good, 6, "round=5,wins=0+0"))
    with pytest.raises(SpitPositionError, match="first out chooses"):
        SpitGame.from_position("spit-first-out-chooses", replace_field(good, 3, "jam,slaps=0@1"))
    with pytest.raises(InvalidArgumentError, match=r"Game\.from_position"):
        SpitGame.from_position("speed", good)
    assert spits and centre


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_mangled_position_is_refused_or_read_back(data: st.DataObject) -> None:
    """Characters of a real position replaced, inserted or deleted: a SpitPositionError, or a
    position of the variant that reads back to the same text."""
    game = deal_spit("spit", seed=data.draw(st.integers(0, 50)))
    game.apply(Spit(), t=0)
    text = game.position()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text) - 1))
        what = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        char = data.draw(st.sampled_from(list("0123456789AKQJSHDC|/,-+=@ x")))
        text = text[:at] + (char if what != "delete" else "") + text[at + (what != "insert"):]
    try:
        again = SpitGame.from_position("spit", text)
    except SpitPositionError as err:
        assert str(err).startswith("position")
        return
    assert SpitGame.from_position("spit", again.position()).position() == again.position()
