"""The one game API (issue 30), held for every family: the same tests run on a Speed ``Game`` and
a ``SpitGame`` (``speedrules.game.BaseGame``), each on random play from fixed seeds.

The only family-specific step is the one between two deals of a chained family (Spit's next
round), which a game of Speed never takes.
"""

from __future__ import annotations

import copy
import importlib
import pickle
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import (
    BaseGame,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    LegalActions,
    load_variant,
    referee,
    svg,
)
from speedrules.family import family_of

VARIANTS = ["speed", "speed-lower-stays", "speed-call-penalty", "spit", "spit-pairing", "spit-rounds"]
"""Two families, and in each a variant whose table differs (collisions, calls, pairings, rounds)."""

OTHER = {"speed": "spit", "spit": "speed"}


def next_deal_due(game: BaseGame[Any, Any]) -> bool:
    """Whether the game is between two deals of a chained family: a Spit round settled, the game
    not over (the one step of play that is not an action)."""
    return game.family.chained and not game.is_over() and game.kernel.is_settled()


def next_deal(game: BaseGame[Any, Any]) -> None:
    game.next_round()  # type: ignore[attr-defined]  # the chained family's step (Spit)


Moment = tuple[BaseGame[Any, Any], Any, int]
"""A copy of the game before an action, the action and its time."""


def played(name: str, seed: int, steps: int) -> tuple[BaseGame[Any, Any], list[Moment]]:
    """A game of ``name`` after up to ``steps`` random legal actions (laying each next round when
    due), some at the same instant; and each moment before an action."""
    game = family_of(load_variant(name)).deal_game(name, seed)
    rng = random.Random(seed)
    moments: list[Moment] = []
    t = 0
    while len(moments) < steps and not game.is_over():
        if next_deal_due(game):
            next_deal(game)
            continue
        actions = list(game.legal)
        if not actions:
            break
        t += rng.choice([0, 0, 10, 250])
        now = [a for a in actions if game.is_legal(a, t)]
        if not now:  # at one instant a play may meet a collision: a moment later it stands
            t += 250
            now = actions
        action = rng.choice(now)
        moments.append((game.copy(), action, t))
        game.apply(action, t)
    return game, moments


def same_game(a: BaseGame[Any, Any], b: BaseGame[Any, Any]) -> None:
    """``a`` and ``b`` hold the same state and the same record."""
    assert a == b and a.position() == b.position()
    assert a.action_stack == b.action_stack and a.action_times == b.action_times and a.history == b.history
    assert list(a.legal) == list(b.legal) and a.outcome() == b.outcome()


def log_document(game: BaseGame[Any, Any]) -> dict[str, Any] | None:
    """The game's log document, or ``None`` for a game that has no layout."""
    try:
        return game.to_log_data()
    except InvalidActionError:
        return None


GAMES = settings(max_examples=8, deadline=None, derandomize=True)


@pytest.mark.parametrize("name", VARIANTS)
@GAMES
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 150))
def test_pop_undoes_every_action_exactly(name: str, seed: int, steps: int) -> None:
    game, moments = played(name, seed, steps)
    for before, _action, _t in reversed(moments):
        recorded = game.peek()
        assert game.pop() == recorded
        same_game(game, before)
        assert game.to_log_data() == before.to_log_data()  # the layouts (Spit: the rounds laid) too
    with pytest.raises(InvalidActionError):
        game.pop()
    with pytest.raises(InvalidActionError):
        game.peek()


@pytest.mark.parametrize("name", VARIANTS)
@GAMES
@given(seed=st.integers(0, 10_000), steps=st.integers(2, 150))
def test_after_pop_the_same_actions_give_the_same_game(name: str, seed: int, steps: int) -> None:
    """The random source is put back too: rebuild shuffles and next rounds shuffle the same again."""
    game, moments = played(name, seed, steps)
    whole = game.to_log_data()
    cut = len(moments) // 2
    while len(game.action_stack) > cut:
        game.pop()
    for _before, action, t in moments[cut:]:
        if next_deal_due(game):
            next_deal(game)
        game.apply(action, t)
    assert game.to_log_data() == whole


@pytest.mark.parametrize("name", VARIANTS)
@GAMES
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_a_copy_is_independent_and_pickles_whole(name: str, seed: int, steps: int) -> None:
    game, _ = played(name, seed, steps)
    document = game.to_log_data()
    for clone in (game.copy(), copy.copy(game), pickle.loads(pickle.dumps(game))):
        same_game(clone, game)
        assert type(clone) is type(game) and clone.kernel is not game.kernel
        actions = list(clone.legal)
        if next_deal_due(clone):
            next_deal(clone)
        elif actions:
            clone.apply(actions[-1])
        else:
            continue
        assert game.to_log_data() == document  # the original is untouched
        assert clone.to_log_data() != document


@pytest.mark.parametrize("name", VARIANTS)
@GAMES
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_a_position_reads_back_to_the_same_game(name: str, seed: int, steps: int) -> None:
    game, moments = played(name, seed, steps)
    cls = type(game)
    for g in [game, *(m[0] for m in moments[::7])]:
        again = cls.from_position(name, g.position(), names=g.names)
        assert again == g and again.position() == g.position() and list(again.legal) == list(g.legal)
        assert again.outcome() == g.outcome() and again.action_stack == ()
        assert eval(repr(g), vars(speedrules)) == g  # repr is the expression that rebuilds it


@pytest.mark.parametrize("name", VARIANTS)
@GAMES
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_to_log_is_a_valid_log_that_from_log_reads_back(name: str, seed: int, steps: int) -> None:
    game, moments = played(name, seed, steps)
    log = game.to_log()
    assert isinstance(log, speedrules.Log) and log.name == "<written log>" and log.to_json() == game.to_log_data()
    assert referee(log).valid
    deals = len(game.to_log_data()["deals"])
    last = type(game).from_log(log, deals - 1)
    same_game(last, game)
    first = len(moments) - len(game.history[-1] if game.family.chained else game.history)  # the last deal's
    for upto in {0, (len(moments) - first) // 2, len(moments) - first}:
        at = type(game).from_log(log, deals - 1, upto)
        expected = moments[first + upto][0] if first + upto < len(moments) else game
        assert at == expected and at.action_stack == expected.action_stack


@pytest.mark.parametrize("name", VARIANTS)
@GAMES
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_the_legal_view_is_the_listed_actions_and_in_agrees(name: str, seed: int, steps: int) -> None:
    game, moments = played(name, seed, steps)
    pool: list[object] = []
    for before, action, _ in moments:
        pool += [action, *before.legal]
    pool += [stripped for a in list(pool) if (stripped := without_card(a)) is not None]
    pool += [str(a) for a in pool] + ["nonsense", "", None, 3, "0:XX>1"]
    seats = range(game.variant.players)
    views = [(game.legal, game.generate_legal_actions())] + [
        (game.legal_actions(s), game.generate_legal_actions(s)) for s in seats]
    for view, listed in views:
        assert isinstance(view, LegalActions)
        assert list(view) == listed and len(view) == len(listed) and view == listed
        assert all(view[i] == a for i, a in enumerate(listed))
        for candidate in pool:
            assert (candidate in view) == (read(game, candidate) in listed), candidate
    by_seat = [a for a in game.legal if getattr(a, "player", None) is not None]  # the table's aside
    assert sorted(map(str, by_seat)) == sorted(str(a) for s in seats for a in game.legal_actions(s))


def read(game: BaseGame[Any, Any], candidate: object) -> object:
    """``candidate``, or the action its notation names (``None`` for text that is no action)."""
    if not isinstance(candidate, str):
        return candidate
    try:
        return game.family.parse_action(candidate)
    except (InvalidActionError, speedrules.CardError):
        return None


def without_card(action: object) -> object | None:
    """The action without the card it names, where it names one (Speed's draw, Spit's row moves):
    the form a player may give, which is not the form the legal actions list."""
    if attrs.has(type(action)) and "card" in attrs.fields_dict(type(action)):  # type: ignore[arg-type]
        return attrs.evolve(action, card=None)  # type: ignore[misc]
    return None


@pytest.mark.parametrize("name", VARIANTS)
@GAMES
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 100))
def test_an_action_s_notation_is_the_action(name: str, seed: int, steps: int) -> None:
    game, moments = played(name, seed, steps)
    family = game.family
    for before, action, t in moments[::5]:
        text = str(action)
        assert family.parse_action(text) == action
        assert before.check(text, t) == before.check(action, t)
        by_text, by_value = before.copy(), before.copy()
        by_text.apply(text, t)
        by_value.push(action, t)  # push is apply
        same_game(by_text, by_value)
        assert family.decode(family.encode(action, t)) == (action, t)
        recorded = by_value.peek()
        assert family.decode(family.encode(recorded, t)) == (recorded, t)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_same_situation_raises_the_same_error(name: str) -> None:
    game, moments = played(name, 3, 40)
    fresh = family_of(game.variant).deal_game(name, 3)
    seat_action = next(a for _, a, _ in moments if getattr(a, "player", None) is not None)
    cls = type(game)
    for bad in ("nonsense", "", 3, None, "0:1:2"):
        with pytest.raises(InvalidActionError):
            fresh.apply(bad)
        with pytest.raises(InvalidActionError):
            fresh.check(bad)
    for t in (-1, float("nan"), "5", 2**53):
        with pytest.raises(InvalidActionError):
            fresh.check(fresh.legal[0], t)
        with pytest.raises(InvalidActionError):
            fresh.apply(fresh.legal[0], t)
    before = fresh.position()
    with pytest.raises(IllegalActionError):
        fresh.apply(seat_action)  # a seat's action before the table has begun
    assert fresh.position() == before and fresh.action_stack == ()
    for error, call in [(InvalidActionError, fresh.pop), (InvalidActionError, fresh.peek)]:
        with pytest.raises(error):
            call()
    for seat in (game.variant.players, -1, "0", 0.0, True):
        with pytest.raises(InvalidArgumentError):
            fresh.legal_actions(seat)  # type: ignore[arg-type]
    mid = cls.from_position(name, moments[0][0].copy().position())
    mid.apply(moments[0][1], moments[0][2])
    begun = cls.from_position(name, mid.position())  # a position in mid-deal: no layout, no log
    for call in (lambda: begun.layout, begun.to_log, begun.to_log_data):  # type: ignore[attr-defined]
        with pytest.raises(InvalidActionError, match="no layout"):
            call()
    with pytest.raises(InvalidArgumentError):
        cls.from_log("game.json")  # type: ignore[arg-type]
    log = game.to_log()
    for where in ({"deal": 99}, {"deal": "0"}, {"upto": -1}, {"upto": 10**6}):
        with pytest.raises(InvalidArgumentError):
            cls.from_log(log, **where)  # type: ignore[arg-type]
    other, _ = played(OTHER[game.family.name], 3, 5)
    with pytest.raises(InvalidArgumentError, match=r"read it with (\S+)\.from_log") as refused:
        cls.from_log(other.to_log())
    # the message names where the user finds the other game's class, and that is the class
    path = re.search(r"read it with (\S+)\.from_log", str(refused.value)).group(1)  # type: ignore[union-attr]
    module, _, name = path.rpartition(".")
    assert getattr(importlib.import_module(module), name) is type(other)
    with pytest.raises(InvalidArgumentError):
        game.family.deal_game(OTHER[game.family.name], 1)
    with pytest.raises(InvalidArgumentError):
        cls.from_position(OTHER[game.family.name], game.position())


@pytest.mark.parametrize("name", VARIANTS)
def test_the_record_cannot_be_changed_from_outside(name: str) -> None:
    game, moments = played(name, 5, 120)
    records: list[Any] = [game.history, game.action_stack, game.action_times]
    records += [getattr(game, attribute) for attribute in ("history_times", "times", "layouts", "results")
                if hasattr(game, attribute)]
    for record in records:
        assert isinstance(record, tuple)
        for inner in record:
            assert not isinstance(inner, (list, dict, set))
    assert len(game.action_stack) == len(moments) == len(game.action_times)
    assert list(game.action_stack) == [a for deal in game.history for a in deal] if game.family.chained \
        else game.action_stack == game.history


@pytest.mark.parametrize("name", VARIANTS)
def test_str_is_the_table_and_the_pictures_are_svg_table(name: str) -> None:
    game, _ = played(name, 9, 30)
    game = type(game).from_position(name, game.position(), names=["Ann", "Ben"])
    lines = str(game).splitlines()
    assert lines[0].startswith(f"{name}, ") and lines[0].endswith(f": {game.status_text()}")
    assert "after 0 actions" in lines[0]
    assert [line.split()[0] for line in lines[1:3]] == ["Ann", "Ben"]
    assert [" ".join(line.split()[:2]) for line in lines[3:]] == [f"pile {p}" for p in range(len(lines) - 3)]
    assert all(line.startswith("  ") for line in lines[1:])
    picture = game._repr_svg_()
    assert picture.startswith("<svg") and picture == svg.table(game)
    game.apply(game.legal[0])
    assert "after 1 action:" in str(game).splitlines()[0]


@pytest.mark.parametrize("name", VARIANTS)
def test_the_family_knows_its_game(name: str) -> None:
    family = family_of(load_variant(name))
    game = family.deal_game(name, 4, names=["Ann", "Ben"])
    assert isinstance(game, family.game_class) and isinstance(game, BaseGame) and game.family is family
    assert game.names == ("Ann", "Ben") and game.seed == 4
    assert game == family.deal_game(name, 4) and game != family.deal_game(name, 5)
    with pytest.raises(TypeError):
        hash(game)
    view = game.legal
    first = view[0]
    game.apply(first)
    assert first not in view and list(view) == game.generate_legal_actions()  # the view follows the game
    assert not game.is_over() and game.outcome() is None
