"""The rule catalogue is defined once and agrees everywhere it shows.

Rule ids are a public contract (issue 10): ``speedrules.core.rules`` defines each one once, as a
constant and as a row of ``RULES``.  These tests hold the other places to that table:

- docs/rules.md lists exactly the ids of ``RULES``, in the same order;
- every constant of ``speedrules.core.rules`` is a rule's id, and every rule has one constant;
- every rule can actually be broken: tests/logs holds a log, ``<id>.trigger.json``, whose
  first violation is that rule, and a near miss, ``<id>.near-miss.json``, that is valid.

The sets are computed, never counted by hand, so a rule added to the table without its
documentation, constant or logs fails here by name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import speedrules
from speedrules.core import rules

ROOT = Path(__file__).parent.parent
DOC = ROOT / "docs" / "rules.md"
LOGS = Path(__file__).parent / "logs"

ROW = re.compile(r"^\| `([^`]+)` \|", re.MULTILINE)
"""A row of the id table in docs/rules.md: ``| `play.rank` | the rule | comes from |``."""

IDS = tuple(rules.RULES)


def documented_ids() -> list[str]:
    return ROW.findall(DOC.read_text(encoding="utf-8"))


def constants() -> dict[str, str]:
    """The module's rule-id constants: upper-case names bound to a string with a dot in it."""
    return {name: value for name, value in vars(rules).items()
            if name.isupper() and isinstance(value, str) and "." in value}


def test_the_table_is_keyed_by_each_rules_own_id() -> None:
    assert IDS, "no rules"
    assert [r.id for r in rules.RULES.values()] == list(IDS)
    assert all(rules.rule(rule_id).id == rule_id for rule_id in IDS)
    assert speedrules.RULES is rules.RULES


def test_docs_list_exactly_the_rules_in_order() -> None:
    documented = documented_ids()
    assert set(documented) - set(IDS) == set(), "docs/rules.md lists ids that are not in RULES"
    assert set(IDS) - set(documented) == set(), "docs/rules.md misses ids of RULES"
    assert documented == list(IDS), "docs/rules.md lists the ids twice or in another order than RULES"


def test_every_constant_is_a_rule_and_every_rule_has_one_constant() -> None:
    found = constants()
    assert set(found.values()) - set(IDS) == set(), "constants that name no rule"
    assert set(IDS) - set(found.values()) == set(), "rules without a constant"
    assert len(found) == len(set(found.values())), f"two constants for one id: {sorted(found)}"
    for name, value in found.items():  # PLAY_MUST_DRAW_FIRST = "play.must-draw-first"
        assert name == value.upper().replace(".", "_").replace("-", "_"), (name, value)


def test_the_logs_name_only_rules_that_exist() -> None:
    """A trigger or near miss left behind by a renamed or dropped rule fails here."""
    for kind in ("trigger", "near-miss"):
        named = {p.name.removesuffix(f".{kind}.json") for p in LOGS.glob(f"*.{kind}.json")}
        assert named - set(IDS) == set(), f"{kind} logs for unknown rule ids"


@pytest.mark.parametrize("rule_id", IDS)
def test_every_rule_is_raised_by_its_trigger(rule_id: str) -> None:
    path = LOGS / f"{rule_id}.trigger.json"
    assert path.is_file(), f"no log in tests/logs breaks {rule_id}"
    verdict = speedrules.referee(speedrules.read_log(path))
    assert not verdict.valid
    assert verdict.violations[0].rule == rule_id, [v.rule for v in verdict.violations]


@pytest.mark.parametrize("rule_id", [r for r in IDS if (LOGS / f"{r}.near-miss.json").is_file()])
def test_every_near_miss_is_valid(rule_id: str) -> None:
    verdict = speedrules.referee(speedrules.read_log(LOGS / f"{rule_id}.near-miss.json"))
    assert verdict.valid and not verdict.violations, [v.rule for v in verdict.violations]
