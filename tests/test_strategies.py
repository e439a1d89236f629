"""speedrules.strategies: the exported hypothesis strategies give what they say."""

from __future__ import annotations

from hypothesis import given, settings

import speedrules
from speedrules import strategies
from speedrules.dealing import check_layout


@settings(max_examples=25, derandomize=True)
@given(strategies.variants())
def test_variants_are_bundled_variants(variant: speedrules.Variant) -> None:
    assert variant.name in speedrules.variant_names()


@settings(max_examples=25, derandomize=True)
@given(strategies.layouts())
def test_layouts_are_deals_of_their_variant(layout: speedrules.Layout) -> None:
    assert any(check_layout(speedrules.load_variant(n), layout) is None for n in speedrules.variant_names())


@settings(max_examples=25, derandomize=True, deadline=None)
@given(strategies.games("speed-lower-stays", max_actions=120))
def test_games_are_legal_all_the_way(game: speedrules.Game) -> None:
    replay = speedrules.Game.from_log(game.to_log())  # raises at any illegal action
    assert replay == game and game.variant.name == "speed-lower-stays"


@settings(max_examples=15, derandomize=True, deadline=None)
@given(strategies.logs(max_actions=80))
def test_logs_are_valid(log: speedrules.Log) -> None:
    assert speedrules.referee(log).valid
