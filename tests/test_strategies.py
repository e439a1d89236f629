"""speedrules.strategies: the exported hypothesis strategies give what they say."""

from __future__ import annotations

from hypothesis import given, settings

import speedrules
from speedrules import strategies
from speedrules.speed.dealing import check_layout


@settings(max_examples=25, derandomize=True)
@given(strategies.variants())
def test_variants_are_bundled_variants(variant: speedrules.Variant) -> None:
    assert variant.name in speedrules.variant_names()


@settings(max_examples=25, derandomize=True)
@given(strategies.layouts())
def test_layouts_are_deals_of_their_variant(layout: speedrules.Layout) -> None:
    assert any(check_layout(speedrules.load_variant(n), layout) is None for n in speedrules.variant_names("speed"))


@settings(max_examples=25, derandomize=True, deadline=None)
@given(strategies.games("speed-lower-stays", max_actions=120))
def test_games_are_legal_all_the_way(game: speedrules.Game) -> None:
    replay = speedrules.Game.from_log(game.to_log())  # raises at any illegal action
    assert replay == game and game.variant.name == "speed-lower-stays"


@settings(max_examples=15, derandomize=True, deadline=None)
@given(strategies.logs(max_actions=80))
def test_logs_are_valid(log: speedrules.Log) -> None:
    assert speedrules.referee(log).valid


@settings(max_examples=25, derandomize=True)
@given(strategies.spit_variants())
def test_spit_variants_are_bundled_spit_variants(variant: speedrules.Variant) -> None:
    assert variant.name in speedrules.variant_names("spit") and variant.spit is not None


@settings(max_examples=25, derandomize=True)
@given(strategies.spit_variants(), strategies.spit_layouts("spit-four-piles"))
def test_spit_layouts_are_first_rounds_of_their_variant(variant: speedrules.Variant,
                                                        layout: speedrules.SpitLayout) -> None:
    from speedrules.spit.game import check_spit_layout

    assert check_spit_layout(speedrules.load_variant("spit-four-piles"), layout.codes(), None) is None
    assert [len(p) for p in layout.stock[0]] == [1, 2, 3, 4]


@settings(max_examples=20, derandomize=True, deadline=None)
@given(strategies.spit_games(max_actions=400))
def test_spit_games_are_legal_all_the_way(game: speedrules.SpitGame) -> None:
    log = speedrules.parse_log(game.to_log_data())
    replay = speedrules.SpitGame.from_log(log, len(log.rounds) - 1)  # raises at any illegal action
    assert replay.kernel.state() == game.kernel.state() and replay.results == game.results
    k = game.kernel
    held = [c for row in k.rows for pile in row for c in pile] + [c for s in k.spits for c in s]
    assert sorted(held + [c for pile in k.centre for c in pile]) == list(range(52))


@settings(max_examples=10, derandomize=True, deadline=None)
@given(strategies.spit_logs("spit-pairing", max_actions=150))
def test_spit_logs_are_valid(log: speedrules.Log) -> None:
    verdict = speedrules.referee(log)
    assert verdict.valid and len(verdict.deals) == len(log.rounds)
