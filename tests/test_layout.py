"""The package's shape (issue 30), checked on the source: modules import downward (no import
cycle), no function is over 80 lines, the package is cut into subpackages with few modules left
at the top, and the generic code never asks which family it has.

An import inside a function counts like one at the top of a module (a cycle is a cycle however
late it is taken), except in the rich displays notebooks call (``_repr_svg_``, ``_repr_html_``)
and under ``if TYPE_CHECKING:`` (types only).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import speedrules

PACKAGE = Path(speedrules.__file__).resolve().parent
MODULES = sorted(PACKAGE.rglob("*.py"))
LONGEST = 80
"""The most lines a function may have (the brief: code is read far more than run)."""
GENERIC = ("family.py", "game.py", "table.py", "dask.py", "logs", "judge", "sim", "show", "cli", "rl")
"""The generic code: it asks a family through the contract, never imports one."""
FAMILIES = ("speed", "spit", "nertz")
DISPLAYS = {"_repr_svg_", "_repr_html_", "_repr_png_"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    """The modules an ``import from`` names, absolute."""
    if node.level:
        base = current.split(".") if is_package else current.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    if not prefix.startswith("speedrules"):
        return []
    return [f"{prefix}.{a.name}" for a in node.names] + [prefix]


class _Imports(ast.NodeVisitor):
    def __init__(self, name: str, is_package: bool) -> None:
        self.name, self.is_package, self.found = name, is_package, set()

    def visit_If(self, node: ast.If) -> None:
        test = ast.unparse(node.test)
        if test in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if node.name not in DISPLAYS:
            self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.found.update(_resolve(self.name, self.is_package, node))

    def visit_Import(self, node: ast.Import) -> None:
        self.found.update(a.name for a in node.names if a.name.startswith("speedrules"))


@functools.cache
def import_graph() -> dict[str, set[str]]:
    names = {module_name(p): p for p in MODULES}
    graph = {}
    for name, path in names.items():
        visitor = _Imports(name, path.name == "__init__.py")
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        graph[name] = {m for m in visitor.found if m in names and m != name}
    return graph


def test_modules_import_downward() -> None:
    """No cycle among the modules below the package itself (whose __init__ gathers the API)."""
    graph = {k: {m for m in v if m != "speedrules"} for k, v in import_graph().items() if k != "speedrules"}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert cycles == []


def test_no_function_is_longer_than_the_limit() -> None:
    """No function (method, nested function) is over :data:`LONGEST` lines."""
    long = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LONGEST:
                    long.append(f"{module_name(path)}.{node.name}: {lines} lines")
    assert long == []


def test_the_package_is_cut_into_subpackages() -> None:
    """At least four subpackages, at most a dozen modules left at the top."""
    subpackages = [p for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()]
    top = [p for p in PACKAGE.glob("*.py")]
    assert len(subpackages) >= 4
    assert len(top) <= 12


def _generic(path: Path) -> bool:
    first = path.relative_to(PACKAGE).parts[0]
    return first in GENERIC


@pytest.mark.parametrize("path", [p for p in MODULES if _generic(p)], ids=lambda p: module_name(p))
def test_generic_code_imports_no_family(path: Path) -> None:
    """The generic code finds a family through the registry (speedrules.family.family_of); it
    imports no family's modules, so a third family needs no edit to it."""
    graph = import_graph()
    families = [m for m in graph[module_name(path)]
                if any(m == f"speedrules.{f}" or m.startswith(f"speedrules.{f}.") for f in FAMILIES)]
    assert families == []


@pytest.mark.parametrize("path", [p for p in MODULES if _generic(p)], ids=lambda p: module_name(p))
def test_generic_code_never_asks_which_family_it_has(path: Path) -> None:
    """No test of a family's name, nor a read of one family's own attributes (Spit's ``spit``
    rules, rounds or results, Speed's compiled deals): a family's properties are asked of it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    asked = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("spit", "spit_rounds", "compiled"):
            asked.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.Compare) and any(
                isinstance(c, ast.Constant) and c.value in FAMILIES for c in node.comparators):
            asked.append(f"line {node.lineno}: {ast.unparse(node)}")
    assert asked == []
