"""Root test configuration: under the compiled build (mypyc, docs/performance.md), a compiled
module's examples are not collected from its source (the extension module is imported in its
place; its examples run in the pure-Python build, which is the reference)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix == ".py" and collection_path.parent == ROOT / "speedrules":
        spec = importlib.util.find_spec(f"speedrules.{collection_path.stem}")
        if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
            return True
    return None
