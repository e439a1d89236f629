"""Every module of speedrules shows at least one example in its docstrings, and none is skipped.

The examples themselves run under ``--doctest-modules``, which pyproject.toml turns on for
a plain ``pytest`` (``speedrules`` is one of its test paths); this file checks that this
stays so, that no module is left without an example, and that no example is marked
``+SKIP`` (an example shows real behaviour, or it is not an example).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import tomllib
from pathlib import Path

import pytest

import speedrules

REPO = Path(__file__).resolve().parent.parent
SUBMODULES = sorted(f"speedrules.{m.name}" for m in pkgutil.iter_modules(speedrules.__path__) if m.name != "__main__")
MODULES = ["speedrules", *SUBMODULES]

SKIPS_PENDING: set[str] = set()
"""Modules allowed skipped examples for now (none: every example runs)."""


def test_pytest_runs_every_module_s_examples() -> None:
    options = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    assert "speedrules" in options["testpaths"]


@pytest.mark.parametrize("name", MODULES)
def test_module_shows_an_example_and_skips_none(name: str) -> None:
    module = importlib.import_module(name)
    source = REPO / (name.replace(".", "/") + ".py")
    if not str(module.__file__).endswith(".py") and source.is_file():
        # The compiled build (tests/test_compiled.py): its examples are read from the source
        # (they run in the pure-Python build, under --doctest-modules).
        tests = [doctest.DocTestParser().get_doctest(source.read_text(encoding="utf-8"), {}, name, str(source), 0)]
    else:
        tests = doctest.DocTestFinder().find(module)
    assert any(t.examples for t in tests), f"{name} shows no example"
    if name not in SKIPS_PENDING:
        skipped = [f"{t.name}: {ex.source.strip()}" for t in tests for ex in t.examples if ex.options.get(doctest.SKIP)]
        assert skipped == [], f"{name}: examples marked +SKIP"
