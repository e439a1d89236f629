"""The reference models are oracles for the family kernels: they must not import the package."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("name", ["california_speed_model.py", "nertz_model.py"])
def test_a_model_imports_only_the_standard_library(name: str) -> None:
    tree = ast.parse((HERE / name).read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= {"__future__", "random", "collections", "dataclasses", "typing", "itertools"}
