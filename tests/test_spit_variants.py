"""Spit variant files, the family field, dealing and the command line for Spit."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import speedrules
from speedrules import InvalidArgumentError, VariantError, deal, deal_spit, load_variant, variant_from_document
from speedrules.cli.main import main
from speedrules.spit.kernel import row_shape

ISSUE_NAMES = ("spit", "spit-first-out-chooses", "spit-pairing", "spit-four-piles", "spit-eleven-middle",
               "spit-alternate-colours", "spit-rounds", "spit-lax-stuck", "spit-turn-up")
"""The bundled Spit variants the issues name (spit-turn-up: issue 29): a public contract."""


def test_the_bundled_spit_variants_are_the_issues() -> None:
    assert set(speedrules.variant_names("spit")) == set(ISSUE_NAMES)
    assert not set(speedrules.variant_names("speed")) & set(ISSUE_NAMES)
    assert speedrules.variant_names("speed")[0] == "speed"


@pytest.mark.parametrize("name", ISSUE_NAMES)
def test_each_spit_variant_cites_seed_002_and_deals_26_each(name: str) -> None:
    v = load_variant(name)
    assert v.family == "spit" and v.spit is not None and v.rules is v.spit
    assert any(s.seed == "002" for s in v.sources)
    for seed in (0, 1):
        layout = deal_spit(v, seed=seed).layout
        held = layout.holdings()
        assert [len(h) for h in held] == [26, 26]
        assert Counter(held[0] + held[1]) == Counter(range(52))
        for row, spit in zip(layout.stock, layout.spit, strict=True):
            piles, rest = row_shape(26, v.spit.row)
            assert [len(p) for p in row] == piles == list(v.spit.row) and len(spit) == rest == 26 - sum(v.spit.row)


def test_what_each_named_variant_changes() -> None:
    rules = {name: load_variant(name).spit for name in ISSUE_NAMES}
    assert rules["spit"].row == (1, 2, 3, 4, 5) and rules["spit"].stuck.value == "strict"  # type: ignore[union-attr]
    assert rules["spit-four-piles"].row == (1, 2, 3, 4)  # type: ignore[union-attr]
    assert rules["spit-eleven-middle"].row == (1, 1, 11, 1, 1)  # type: ignore[union-attr]
    assert rules["spit-pairing"].pairing  # type: ignore[union-attr]
    assert rules["spit-first-out-chooses"].claim.value == "first-out-chooses"  # type: ignore[union-attr]
    assert rules["spit-rounds"].rounds and rules["spit-rounds"].rounds_winner.value == "fewer-cards"  # type: ignore[union-attr]
    assert rules["spit-lax-stuck"].stuck.value == "lax"  # type: ignore[union-attr]
    assert rules["spit-turn-up"].stuck.value == "turn-up"  # type: ignore[union-attr]
    # a lax spit, but a jam only when no play is left anywhere (002; issue 29)
    assert all(r.jam.value == "strict" for r in rules.values())  # type: ignore[union-attr]
    assert load_variant("spit-alternate-colours").alternate_colours


@pytest.mark.parametrize(("doc", "where", "why"), [
    ({"family": "spit", "hand": {"limit": 5}}, "hand", "applies to the speed family only"),
    ({"extends": "spit", "runs": True}, "runs", "applies to the speed family only"),
    ({"extends": "speed", "spit": {"pairing": True}}, "spit", "applies to the spit family only"),
    ({"extends": "spit", "players": 3}, "players", "exactly two players"),
    ({"extends": "spit", "deck": {"jokers": 2}}, "deck", "jokers taken out"),
    ({"extends": "spit", "spit": {"row": [5, 5, 5, 5, 6]}}, "spit.row", "leaves no spit pile"),
    ({"extends": "spit", "spit": {"stuck": "sometimes"}}, "spit.stuck", "is not one of"),
])
def test_a_spit_variant_that_cannot_be_is_refused_naming_the_field(doc: dict[str, object], where: str,
                                                                   why: str) -> None:
    with pytest.raises(VariantError) as err:
        variant_from_document(doc, name="house.yaml")
    assert any(place == f"house.yaml: {where}" and why in reason for place, reason in err.value.errors), err.value


def test_a_house_spit_variant_extends_a_bundled_one() -> None:
    house = variant_from_document({"extends": "spit-pairing", "spit": {"rounds": 3}}, name="house")
    assert house.spit is not None and house.spit.pairing and house.spit.rounds == 3
    assert variant_from_document(house.to_document()) == house


def test_each_family_refuses_the_others_dealer() -> None:
    with pytest.raises(InvalidArgumentError, match="deal_spit"):
        deal("spit", seed=1)
    with pytest.raises(InvalidArgumentError, match=r"speedrules\.deal"):
        deal_spit("speed", seed=1)


def test_cli_deals_a_spit_layout_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "spit", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["stock", "spit"]
    assert data == deal_spit("spit", seed=4).layout.to_json()
    assert [[len(p) for p in row] for row in data["stock"]] == [[1, 2, 3, 4, 5]] * 2


def test_cli_deal_log_starts_a_spit_log_the_referee_accepts(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    assert main(["deal", "spit-four-piles", "--seed", "2", "--log", str(path), "--players", "Ann,Ben"]) == 0
    capsys.readouterr()
    assert main(["referee", str(path), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["valid"] and verdict["variant"] == "spit-four-piles"
    assert verdict["deals"][0]["remaining"] == [26, 26]


def test_cli_shows_spit_rules_in_spit_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "spit-eleven-middle"]) == 0
    out = capsys.readouterr().out
    assert "1, 1, 11, 1 and 1 cards" in out and "spit pile" in out and "Hand:" not in out
    assert main(["variants"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert set(ISSUE_NAMES) <= set(listed)
