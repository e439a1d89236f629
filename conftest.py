"""Root test configuration: under the compiled build (mypyc, docs/performance.md), a compiled
module's examples are not collected from its source (the extension module is imported in its
place; its examples run in the pure-Python build, which is the reference)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    package = ROOT / "speedrules"
    if collection_path.suffix == ".py" and collection_path.is_relative_to(package):
        parts = collection_path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            return None
        spec = importlib.util.find_spec(".".join(parts))
        if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
            return True
    return None
