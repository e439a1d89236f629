"""The shape the kernel issue asks for, checked on the source: no module reads another's private
names, every rule id is a constant, and docs/architecture.md describes every module.

A private name is one with a leading underscore (dunders aside).  A module may use
``self._name`` and ``cls._name`` (an object's own state, its own or inherited), never
``x._name`` for any other ``x`` (not even another instance of its own class: ``copy`` goes
through ``__getstate__``), and it may not import a private name from another module.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import speedrules
from speedrules.core import rules

PACKAGE = Path(speedrules.__file__).resolve().parent
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))
ROOT = PACKAGE.parent


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_reads(source: str) -> list[str]:
    """The places a module's source reads another object's private name, or imports one."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _is_private(node.attr)
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            found += [f"line {node.lineno}: from {node.module} import {a.name}"
                      for a in node.names if _is_private(a.name)]
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_module_reads_another_modules_private_names(path: Path) -> None:
    assert private_reads(path.read_text(encoding="utf-8")) == []


def test_the_private_name_check_finds_what_it_should() -> None:
    assert private_reads("def f(game):\n    return game._hands\n") == ["line 2: game._hands"]
    assert private_reads("from .game import _is_deal_of\n") == ["line 1: from game import _is_deal_of"]
    own = "class K:\n    __slots__ = ('_rng',)\n    def copy(self):\n        other = K()\n        other._rng = 1\n"
    assert private_reads(own) == ["line 5: other._rng"]
    assert private_reads("import x\nx.__name__\n") == []
    assert private_reads("class K(Base):\n    def f(self):\n        return self._inherited()\n") == []


RULE_ID = re.compile(r"""["']([a-z]+\.[a-z]+(?:-[a-z]+)*)["']""")


@pytest.mark.parametrize("path", [p for p in MODULES if p.relative_to(PACKAGE).as_posix() != "core/rules.py"],
                         ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_code_names_rules_by_their_constants(path: Path) -> None:
    """A rule id appears as a string only in speedrules.core.rules; elsewhere code uses the constant
    (docstrings and comments may quote ids: only string constants outside docstrings count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    bare = [f"line {n.lineno}: {n.value!r}" for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
            and n.value in rules.RULES]
    assert bare == []


def test_architecture_doc_describes_every_module() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    described = set(re.findall(r"^### `speedrules\.([a-z_.]+)`", text, flags=re.MULTILINE))
    modules = {".".join(p.relative_to(PACKAGE).with_suffix("").parts) for p in MODULES
               if p.stem not in ("__init__", "__main__")}
    assert described == modules
