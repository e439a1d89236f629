"""The position notation (Game.position / Game.from_position, speedrules.speed.position), repr(game),
and games comparing equal by state.

The central property: a game rebuilt from its position is the same game from then on, for
every bundled variant, at any point of play (collisions and ties included, since the drawn
games are timed with plays at the same instant): the same position, the same legal actions,
the same verdict on any action, and the same positions after the same actions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import (
    Game,
    Play,
    PositionError,
    Reveal,
    deal,
    load_variant,
    variant_from_document,
)
from speedrules.speed.position import Position
from speedrules.strategies import games


def rules_state(game: Game) -> tuple[object, ...]:
    """The kernel's state less what is history (the collision records and a collision's index
    in them): everything the rules read."""
    state = game.kernel.state()
    group = state[15]
    group = None if group is None else group[:5] + group[6:]  # type: ignore[index]
    return (*state[:14], group)


def same_from_here(a: Game, b: Game, rng: random.Random, steps: int) -> None:
    """``a`` and ``b`` agree now and after the same ``steps`` actions (some of them illegal)."""
    t = a.kernel.last_t
    for _ in range(steps):
        assert a.position() == b.position()
        assert rules_state(a) == rules_state(b)
        assert list(a.legal_actions()) == list(b.legal_actions())
        assert a.outcome() == b.outcome() and a.is_blocked() == b.is_blocked()
        actions = list(a.legal_actions())
        if not actions:
            return
        t += rng.choice([0, 0, 5, 300])
        wrong = Play(rng.randrange(a.variant.players), rng.choice(a.all_cards()), rng.randrange(a.variant.piles))
        assert a.check(wrong, t) == b.check(wrong, t)
        action = rng.choice(actions)
        if a.check(action, t) is not None:
            t += 1000
        a.apply(action, t)
        b.apply(a.peek(), t)  # as recorded: a rebuild with the reserves a's random source shuffled


@settings(max_examples=120)
@given(games(max_actions=150), st.randoms(use_true_random=False))
def test_a_game_rebuilt_from_its_position_is_the_same_game_from_then_on(game: Game, rng: random.Random) -> None:
    text = game.position()
    assert str(Position.parse(text)) == text
    again = Game.from_position(game.variant, text, seed=0)
    assert again == game
    same_from_here(game.copy(), again, rng, 40)


@settings(max_examples=40)
@given(games(variant="speed-lower-stays", max_actions=120), st.randoms(use_true_random=False))
def test_a_position_in_mid_collision_carries_the_instant(game: Game, rng: random.Random) -> None:
    """Under lower-stays a card that lands at the instant of the last play may still displace
    it: the ninth field says so, and the rebuilt game resolves the collision the same way."""
    text = game.position()
    assert (len(text.split(" ")) == 9) == (game.kernel.group is not None)
    same_from_here(game.copy(), Game.from_position(game.variant, text), rng, 20)


def collision_at_one_pile(variant: speedrules.Variant, seats: int) -> tuple[Game, list[Play]]:
    """A revealed deal where ``seats`` seats can each play on one pile, and those plays."""
    for seed in range(500):
        game = deal(variant, seed=seed)
        game.reveal()
        for pile in range(variant.piles):
            plays = [next((a for a in game.legal_actions(seat) if isinstance(a, Play) and a.pile == pile), None)
                     for seat in range(variant.players)]
            found = [p for p in plays if p is not None]
            if len(found) >= seats:
                return game, found[:seats]
    pytest.fail(f"no deal of {variant.name} where {seats} seats can play on one pile")


THREE_LOWER_STAYS = variant_from_document({"extends": "speed-three", "collisions": "lower-stays", "name": "three-ls"})
THREE_RETURN_BOTH = variant_from_document({"extends": "speed-three", "collisions": "return-both", "name": "three-rb"})


@pytest.mark.parametrize(("variant", "seats", "cut"), [
    (load_variant(name), seats, cut) for name in ("speed-lower-stays", "speed-return-both")
    for seats, cut in ((2, 1), (2, 2))
] + [(variant, 3, cut) for variant in (THREE_LOWER_STAYS, THREE_RETURN_BOTH) for cut in (1, 2, 3)])
def test_a_collision_across_a_position_resolves_as_in_the_whole_game(
    variant: speedrules.Variant, seats: int, cut: int
) -> None:
    """Seats play on one pile at t=100; the position is taken after ``cut`` of them (in mid
    collision, or after all); the rest land at t=100 too, in the whole game and in the rebuilt
    one, and both play on alike."""
    game, plays = collision_at_one_pile(variant, seats)
    for play in plays[:cut]:
        game.apply(play, t=100)
    text = game.position()
    instant = text.split(" ")[8]
    assert instant.startswith("instant:pile=") and instant.count("@") == cut
    again = Game.from_position(variant, text)
    assert again.position() == text
    for play in plays[cut:]:
        assert game.check(play, 100) == again.check(play, 100)
        game.apply(play, t=100)
        again.apply(play, t=100)
        assert again.position() == game.position() and rules_state(again) == rules_state(game)
    if cut < seats:
        assert again.collisions[-1] == game.collisions[-1]  # the same record, numbered from the deal
    assert game.collisions[-1].plays == tuple(range(1, seats + 1))
    same_from_here(game, again, random.Random(0), 30)


def test_the_count_numbers_events_on_from_the_position() -> None:
    game = deal("speed", seed=1)
    game.reveal()
    game.play(0, "JC", 1)
    again = Game.from_position("speed", game.position())
    assert again.position().endswith(" 2") and again.history == ()
    again.draw(0)
    game.draw(0)
    assert again.position() == game.position() and again.position().endswith(" 3")


def test_a_position_before_the_reveal_is_a_deal() -> None:
    game = deal("speed", seed=5, names=["Ann", "Ben"])
    again = Game.from_position("speed", game.position(), names=["Ann", "Ben"])
    assert again.layout == game.layout
    assert again.to_log().deals[0].layout() == game.layout
    assert game.position().split(" ")[5:] == ["down", "0", "0"]


def test_a_position_in_mid_deal_has_no_layout_and_pops_back_to_itself() -> None:
    game = deal("speed", seed=1)
    game.reveal()
    again = Game.from_position("speed", game.position())
    with pytest.raises(speedrules.InvalidArgumentError, match="no layout"):
        again.layout  # noqa: B018
    with pytest.raises(speedrules.InvalidArgumentError, match="no layout"):
        again.to_log()
    before = again.position()
    again.play(0, "JC", 1)
    again.draw(0)
    assert again.pop() == speedrules.Draw(0, "4D") and again.pop() == Play(0, "JC", 1)
    assert again.position() == before
    with pytest.raises(speedrules.InvalidActionError):
        again.pop()


def test_a_rebuild_shuffle_after_a_position_uses_the_seed_given() -> None:
    """The random source is not part of a position: the same seed gives the same shuffle."""
    for seed in range(50):
        game = deal("speed", seed=seed)
        game.reveal()
        rng = random.Random(seed)
        while not game.is_over() and not game.can_rebuild():
            game.apply(rng.choice(list(game.legal_actions())))
        if game.can_rebuild():
            break
    else:
        pytest.fail("no deal reached a rebuild")
    a = Game.from_position("speed", game.position(), seed=9)
    b = Game.from_position("speed", game.position(), seed=9)
    a.rebuild()
    b.rebuild()
    assert a.position() == b.position() and a.history == b.history


# ---------------------------------------------------------------------- repr and equality

@settings(max_examples=40)
@given(games(max_actions=60))
def test_repr_is_an_expression_that_rebuilds_the_game(game: Game) -> None:
    rebuilt = eval(repr(game), {"Game": Game, "variant_from_document": variant_from_document})
    assert rebuilt == game and rebuilt.names == game.names


def test_repr_of_a_variant_of_ones_own_names_its_document() -> None:
    house = variant_from_document({"extends": "speed", "ranks": {"same_rank": True}}, name="house")
    game = deal(house, seed=2, names=["Ann", "Ben"])
    game.reveal()
    text = repr(game)
    assert text.startswith("Game.from_position(variant_from_document({") and "names=['Ann', 'Ben']" in text
    rebuilt = eval(text, {"Game": Game, "variant_from_document": variant_from_document})
    assert rebuilt == game and rebuilt.variant.same_rank


def test_games_compare_by_state_not_by_history() -> None:
    a, b = deal("speed", seed=1), deal("speed", seed=1)
    assert a == b and a == a.copy()
    a.reveal()
    assert a != b
    b.reveal()
    assert a == b
    a.play(0, "JC", 1)
    assert a != b and a != Game.from_position("speed", b.position())
    assert deal("speed", seed=1) != deal("speed-15", seed=1)
    with pytest.raises(TypeError):
        hash(a)


# ---------------------------------------------------------------------- the view of legal actions

def test_legal_actions_is_a_live_view() -> None:
    game = deal("speed", seed=1)
    view = game.legal_actions()
    assert isinstance(view, speedrules.LegalActions) and list(view) == [Reveal()] and len(view) == 1
    game.reveal()
    assert Reveal() not in view and Play(0, "JC", 1) in view and view == game.legal_actions()
    assert view[0] == next(iter(view)) and view == list(game.legal)
    seat = game.legal_actions(1)
    assert all(a.player == 1 for a in seat)  # type: ignore[union-attr]
    game.play(0, "JC", 1)
    assert Play(0, "JC", 1) not in view and view == game.legal_actions()


# ---------------------------------------------------------------------- bad positions

GOOD = deal("speed", seed=1)
GOOD.reveal()
GOOD_TEXT = GOOD.position()


def replace_field(text: str, number: int, value: str) -> str:
    fields = text.split(" ")
    fields[number - 1] = value
    return " ".join(fields)


@pytest.mark.parametrize(("field", "value", "message"), [
    (1, "JC,JC,QD,10H,3S/KD,7H,QS,10D,6S", "not the deck of speed: missing 10S; not expected JC"),
    (1, "JC,10S,QD,10H,3S", "position field 1 (hands): 1 given, for 2 seats"),
    (1, "JC,,QD/KD", "is not a stack"),
    (1, "JC,1X,QD/KD", "'1X' is not a card"),
    (3, "AH=Q/QH", "pile 0 has a declared rank, but no joker on top"),
    (3, "AH/QH=ZZ", "'ZZ' is not a rank"),
    (5, "6/0", "seat 0 owes 6 draw(s), but the most it can owe is 5"),
    (5, "0/x", "'x' is not a whole number"),
    (6, "sideways", "is neither 'down' nor 'up'"),
    (6, "up,won=0", "seat 0 is out (won, out or tied) but still holds cards"),
    (6, "up,won=7", "there is no seat 7"),
    (6, "up,colour=red", "is not a flag"),
    (6, "up,tie=1+0", "seats are listed once each, in order"),
    (6, "up,won=0,won=0", "won= is given twice"),
    (6, "down", "before the reveal ('down') nothing else has happened"),
    (7, "-5", "is not a time"),
    (7, "1e999", "not a finite time"),
    (8, "1.5", "is not a whole number"),
])
def test_a_bad_position_is_refused_naming_its_field(field: int, value: str, message: str) -> None:
    with pytest.raises(PositionError) as err:
        Game.from_position("speed", replace_field(GOOD_TEXT, field, value))
    assert message in str(err.value)
    assert err.value.field in (field, None)


@pytest.mark.parametrize(("text", "message"), [
    (GOOD_TEXT + " instant:pile=1;before=QH;plays=0@1;kept=1:JC;debt=0;was=-", "first-lands: no play waits"),
    ("x " * 10, "a position has 8 fields"),
    ("", "a position has 8 fields"),
    ("a" * 2_000_000, "too long for a position"),
])
def test_a_position_that_is_not_one_is_refused(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Game.from_position("speed", text)


def test_a_position_of_another_variant_is_refused() -> None:
    with pytest.raises(PositionError, match="not the deck of speed-jokers"):
        Game.from_position("speed-jokers", GOOD_TEXT)


def test_a_non_text_position_is_refused() -> None:
    with pytest.raises(PositionError, match="a position is text"):
        Game.from_position("speed", 12)  # type: ignore[arg-type]


_ALPHABET = "0123456789AJQKSHDC,/-=+@:; instup" + "\x00é"


@settings(max_examples=200)
@given(st.data())
def test_a_mangled_position_is_refused_or_read_never_crashes(data: Any) -> None:
    """Hostile input: a position with characters changed, dropped or added is either refused with
    a PositionError or read as a game whose own position reads back the same."""
    variant = data.draw(st.sampled_from(["speed", "speed-lower-stays", "speed-jokers", "speed-three"]))
    game = data.draw(games(variant=variant, max_actions=80))
    text = list(game.position())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        what = data.draw(st.sampled_from(["drop", "put", "add"]))
        if what == "drop" and at < len(text):
            del text[at]
        elif what == "put" and at < len(text):
            text[at] = data.draw(st.sampled_from(_ALPHABET))
        else:
            text.insert(at, data.draw(st.sampled_from(_ALPHABET)))
    try:
        again = Game.from_position(variant, "".join(text))
    except PositionError as err:
        assert str(err).startswith("position")
        return
    assert Game.from_position(variant, again.position()) == again
    for action in list(again.legal_actions())[:3]:
        again.copy().apply(action, again.kernel.last_t)  # what it lists, it takes
