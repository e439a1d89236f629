"""The Nertz kernel agrees with the independent reference model (tests/models/nertz_model.py):
random hands are dealt by both from the same seed and played by the same random moves; at every
step each seat's candidate moves (legal and illegal) are judged by both, the legal moves listed
are the same, the positions are the same (piles, foundations, who called, stuck responses) and
so are the hand's end and scores."""

from __future__ import annotations

import random
from typing import Any

import pytest
from models import nertz_model as model

import speedrules
from speedrules.core.cards import CODE_OF_TEXT
from speedrules.nertz.actions import encode
from speedrules.nertz.game import NertzGame, deal_nertz
from speedrules.nertz.kernel import FOUND, NERTZ, RESET, TURN, WASTE, WORK, NertzKernel

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"players": 3, "stock_turn": 1},
    {"empty_fill": "nertz", "move_runs": False, "penalty": 1},
    {"empty_fill": "nertz-or-waste", "foundations": "per-suit", "stuck_rotations": 0},
    {"call": "optional", "caller_bonus": 10, "king_bonus": 5, "nertz_size": 10},
    {"players": 4, "work_piles": 5, "stuck_rotations": 2},
]


def variant_of(options: dict[str, Any]) -> speedrules.Variant:
    section = {k: v for k, v in options.items() if k != "players"}
    return speedrules.variant_from_document({"extends": "nertz", "players": options.get("players", 2),
                                             "nertz": section})


def code(card: model.Card) -> int:
    return card.owner * 52 + CODE_OF_TEXT[card.face]


def src_code(src: str) -> int:
    return NERTZ if src == "nertz" else WASTE if src == "waste" else int(src[1:])


def event_of(state: model.State, kernel: NertzKernel, move: model.Move) -> tuple[Any, ...] | None:
    """The kernel's coded event of a model move, or ``None`` when the kernel's events cannot say it
    (a move of cards a pile does not hold: the events name the card moved)."""
    if move.kind in ("foundation", "work"):
        pile = model._source_cards(state.seats[move.seat], move.src, move.size)
        if not pile or (move.kind == "work" and move.src in ("nertz", "waste") and move.size != 1):
            return None
        dst = len(state.foundations) if move.dst == model.NEW else move.dst
        return (FOUND if move.kind == "foundation" else WORK, move.seat, code(pile[0]), src_code(move.src), dst, None)
    if move.kind == "turn":
        shown = kernel.turned(move.seat)
        return TURN, move.seat, shown if shown is not None else move.seat * 52, None, None, None
    kind = RESET if move.kind == "reset" else 5
    return kind, move.seat, None, None, None, None


def same_state(state: model.State, kernel: NertzKernel) -> None:
    for s, seat in enumerate(state.seats):
        assert kernel.nertz[s] == [code(c) for c in seat.nertz]
        assert kernel.work[s] == [[code(c) for c in p] for p in seat.work]
        assert kernel.stock[s] == [code(c) for c in seat.stock]
        assert kernel.waste[s] == [code(c) for c in seat.waste]
    assert kernel.foundations == [[code(c) for c in p] for p in state.foundations]
    assert (kernel.caller, kernel.ended, kernel.rotations) == (state.caller, state.ended, state.rotations)


def play_both(seed: int, options: dict[str, Any], steps: int = 400) -> tuple[model.State, NertzGame]:
    opts = model.Options(**options)
    state = model.deal(seed, opts)
    game = deal_nertz(variant_of(options), seed)
    rng = random.Random(seed + 1)
    same_state(state, game.kernel)
    kept: dict[tuple[int, int], tuple[int, list[Any]]] = {}  # each pile's top moves, listed at a version
    for _ in range(steps):
        kernel = game.kernel
        assert kernel.wanted == kernel.copy().wanted  # kept up to date as worked out afresh
        for pile in [(s, src) for s in range(kernel.seats) for src in (WASTE, NERTZ, *range(len(kernel.work[s])))]:
            tops = kernel.top_moves(*pile)  # a listing stands while top_stamps says so
            if pile in kept and kernel.top_stamps(pile[0])[pile[1] + 2] <= kept[pile][0]:
                assert tops == kept[pile][1], pile
            else:
                kept[pile] = (kernel.version, tops)
        for move in model.syntactic_moves(state)[::7] + model.legal_moves(state):
            event = event_of(state, kernel, move)
            if event is not None:
                assert (kernel.check_event(*event) is None) == (model.check(state, move) is None), (move, event)
        listed = {str(a) for a in game.legal_actions() if str(a) != "stuck"}
        expected = {event_of(state, kernel, m) for m in model.legal_moves(state)}
        assert {(*encode(a), None) for a in game.legal_actions() if str(a) != "stuck"} == expected, listed
        for seat in range(kernel.seats):  # the table's menus leave out the moves between work piles
            shifts = [m for m in kernel.moves(seat) if m[0] == WORK and m[3] >= 0]
            assert kernel.moves(seat, shifts=False) == [m for m in kernel.moves(seat) if m not in shifts]
        stuck = model.is_stuck(state)
        assert kernel.is_stuck() == stuck
        if state.ended:
            break
        if stuck:
            state = model.rotate(state)
            game.apply("stuck")
        else:
            state = model.random_step(state, rng)
            game.apply(game.family.decode((*_last_event(game, state), None))[0])
        same_state(state, game.kernel)
    if state.ended:
        outcome = game.outcome()
        assert outcome is not None and outcome.scores == model.hand_scores(state) and outcome.caller == state.caller
    return state, game


def _last_event(game: NertzGame, after: model.State) -> tuple[Any, ...]:
    """The kernel's event that takes the game to the model's state ``after`` (the one legal
    action whose result matches it)."""
    for action in game.legal_actions():
        trial = game.copy()
        trial.apply(action)
        try:
            same_state(after, trial.kernel)
        except AssertionError:
            continue
        return encode(action)
    raise AssertionError("no legal action of the kernel reaches the model's position")


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])  # the second seed: CI's slow step
def test_the_kernel_agrees_with_the_model(seed: int, options: dict[str, Any]) -> None:
    play_both(seed, options)
