"""The optional compiled build (mypyc; docs/performance.md, "The compiled build").

`.ci/run` runs the whole suite twice: on the pure-Python package (the default and the
reference) and, with ``SPEEDRULES_EXPECT_COMPILED=1``, on a tree where the modules the build
compiles are extension modules.  These tests make sure each run tests the build it claims to.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import tomllib
from pathlib import Path

import pytest

import speedrules

REPO = Path(__file__).resolve().parent.parent
HOOK = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"][
    "wheel"]["hooks"]["mypyc"]
COMPILED = [path.removesuffix(".py").replace("/", ".") for path in HOOK["include"]]
EXPECT_COMPILED = os.environ.get("SPEEDRULES_EXPECT_COMPILED") == "1"


def test_the_build_is_optional_and_names_its_modules() -> None:
    assert HOOK["enable-by-default"] is False  # the pure-Python package stays the default
    assert COMPILED and all((REPO / path).is_file() for path in HOOK["include"])


@pytest.mark.parametrize("name", COMPILED)
def test_each_module_comes_from_the_build_this_run_tests(name: str) -> None:
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    assert spec.origin.endswith(".py") != EXPECT_COMPILED, spec.origin


def test_a_kernel_copies_and_pickles_in_either_build() -> None:
    game = speedrules.deal(speedrules.load_variant("speed-lower-stays"), seed=4)
    game.apply(speedrules.Reveal(), t=0)
    kernel = game.kernel
    for other in (kernel.copy(), pickle.loads(pickle.dumps(kernel))):
        assert other is not kernel and other.state() == kernel.state()
        assert other.hands is not kernel.hands


@pytest.mark.parametrize("path", HOOK["include"])
def test_a_compiled_module_uses_nothing_mypyc_would_change_the_meaning_of(path: str) -> None:
    """No attrs validator or converter (a compiled attrs class stops running them) and no
    identity test on a tuple constant (a compiled tuple may be boxed anew): docs/performance.md."""
    source = (REPO / path).read_text(encoding="utf-8")
    for word in ("validator", "converter", "is WAIT", "is not WAIT", "is DRAW_OPTION", "is CALL_OPTION"):
        assert word not in source, f"{path} uses {word!r}"
