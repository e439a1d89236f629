"""The examples in the docstrings of the input-handling modules run, and say what they show.

(Every module's examples run under ``--doctest-modules`` is the kernel issue's; these are
the modules whose docstrings state the hostile-input contract.)
"""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["errors", "documents", "loading", "actions", "cards", "game"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(f"speedrules.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0
    assert result.attempted > 0, f"speedrules.{name} shows no example"
