"""Hypothesis strategies for the rules of Speed and Spit, for projects that property-test their
own code against them (a bot, a log writer, a table UI): bundled variants, dealt layouts, games
played to any point by legal actions, their positions, and their logs; for Spit, ``spit_*``.

Needs hypothesis (``pip install hypothesis``; it comes with ``speedrules[test]``).  Every
strategy shrinks towards the plainest case: plain ``speed``, seed 0, fewer actions.

>>> from hypothesis import given, settings
>>> @settings(max_examples=5, derandomize=True)
... @given(games(max_actions=30))
... def test_a_game_never_loses_a_card(game):
...     assert sorted(c.code for c in game.all_cards()) == sorted(c.code for c in game.layout.all_cards())
>>> test_a_game_never_loses_a_card()
"""

from __future__ import annotations

import random

try:
    from hypothesis import strategies as st
except ImportError as err:  # pragma: no cover - the message is the point
    raise ImportError("speedrules.strategies needs hypothesis: pip install hypothesis") from err

from .core.loading import load_variant, variant_names
from .core.variant import Variant
from .logs.log import Log, parse_log
from .speed.game import Game, deal, deal_layout
from .speed.layout import Layout
from .spit.game import SpitGame, SpitLayout, deal_spit

__all__ = ["games", "layouts", "logs", "positions", "spit_games", "spit_layouts", "spit_logs", "spit_variants",
           "variants"]


def _variant(variant: Variant | str) -> Variant:
    return load_variant(variant) if isinstance(variant, str) else variant


def variants(names: tuple[str, ...] | None = None) -> st.SearchStrategy[Variant]:
    """One of the bundled variants of Speed (or of ``names``), ``speed`` first."""
    return st.sampled_from(names or variant_names("speed")).map(load_variant)


def layouts(variant: Variant | str | None = None) -> st.SearchStrategy[Layout]:
    """A layout dealt by the rules from a drawn seed (of ``variant``, or of a drawn variant)."""
    chosen = variants() if variant is None else st.just(_variant(variant))
    return st.tuples(chosen, st.integers(0, 2**32 - 1)).map(lambda vs: deal_layout(vs[0], random.Random(vs[1])))


@st.composite
def games(draw: st.DrawFn, variant: Variant | str | None = None, *, max_actions: int = 200,
          timed: bool = True) -> Game:
    """A game of ``variant`` (or of a drawn variant) after up to ``max_actions`` legal actions,
    each drawn from those legal at that moment; with ``timed``, each applied at a drawn time
    (some at the same instant, so collisions and ties happen where the variant has them)."""
    chosen = draw(variants()) if variant is None else _variant(variant)
    game = deal(chosen, seed=draw(st.integers(0, 2**32 - 1)))
    t = 0
    for _ in range(draw(st.integers(0, max_actions))):
        actions = game.legal_actions()
        if not actions:
            break
        if timed:
            t += draw(st.sampled_from([0, 10, 250, 1000]))
            now = [a for a in actions if game.is_legal(a, t)]
            if not now:
                t += 1000
                now = list(actions)
            game.apply(draw(st.sampled_from(now)), t=t)
        else:
            game.apply(draw(st.sampled_from(actions)))
    return game


def logs(variant: Variant | str | None = None, *, max_actions: int = 200) -> st.SearchStrategy[Log]:
    """The log of a game drawn by :func:`games` (valid: every event in it stood)."""
    return games(variant, max_actions=max_actions).map(Game.to_log)


def positions(variant: Variant | str | None = None, *, max_actions: int = 200) -> st.SearchStrategy[str]:
    """The position (:meth:`Game.position`) of a game drawn by :func:`games`: a state that play
    reaches, collisions in progress included; ``Game.from_position`` reads it back.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True)
    ... @given(positions("speed-lower-stays", max_actions=60))
    ... def test_positions_read_back(text):
    ...     assert Game.from_position("speed-lower-stays", text).position() == text
    >>> test_positions_read_back()
    """
    return games(variant, max_actions=max_actions).map(Game.position)


def spit_variants(names: tuple[str, ...] | None = None) -> st.SearchStrategy[Variant]:
    """One of the bundled variants of Spit (or of ``names``), ``spit`` first."""
    return st.sampled_from(names or variant_names("spit")).map(load_variant)


def spit_layouts(variant: Variant | str | None = None) -> st.SearchStrategy[SpitLayout]:
    """The first round of a game of Spit dealt by the rules from a drawn seed (of ``variant``,
    or of a drawn Spit variant): 26 cards a player, each row laid 1-2-3-4-5 (or the variant's)."""
    chosen = spit_variants() if variant is None else st.just(_variant(variant))
    return st.tuples(chosen, st.integers(0, 2**32 - 1)).map(lambda vs: deal_spit(vs[0], vs[1]).layout)


@st.composite
def spit_games(draw: st.DrawFn, variant: Variant | str | None = None, *, max_actions: int = 200,
               timed: bool = True) -> SpitGame:
    """A game of Spit (of ``variant``, or of a drawn Spit variant) after up to ``max_actions``
    steps, each a legal action drawn from those legal at that moment (spits, plays, gap moves,
    pairings, slaps or choices) or, once a round is settled, the next round laid by the rules;
    with ``timed``, each action at a drawn time, never decreasing.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True)
    ... @given(spit_games(max_actions=60))
    ... def test_no_card_is_lost(game):
    ...     k = game.kernel
    ...     held = [c for side in (k.rows, [k.spits], [k.centre]) for row in side for pile in row for c in pile]
    ...     assert sorted(held) == list(range(52))
    >>> test_no_card_is_lost()
    """
    chosen = draw(spit_variants()) if variant is None else _variant(variant)
    game = deal_spit(chosen, seed=draw(st.integers(0, 2**32 - 1)))
    t = 0
    for _ in range(draw(st.integers(0, max_actions))):
        if game.outcome() is not None:
            break
        if game.is_round_settled():
            game.next_round()
            continue
        actions = game.legal_actions()
        if not actions:
            break
        action = draw(st.sampled_from(actions))
        if timed:
            t += draw(st.sampled_from([0, 10, 250, 1000]))
            game.apply(action, t=t)
        else:
            game.apply(action)
    return game


def spit_logs(variant: Variant | str | None = None, *, max_actions: int = 200) -> st.SearchStrategy[Log]:
    """The log of a game drawn by :func:`spit_games` (valid: every event in it stood; one deal
    per round)."""
    return spit_games(variant, max_actions=max_actions).map(lambda game: parse_log(game.to_log_data()))
