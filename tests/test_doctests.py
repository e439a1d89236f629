"""Every module of speedrules shows at least one example in its docstrings, and none is skipped;
every example, in the modules and in README.md and docs/*.md, runs under the plain doctest module.

The modules' examples run under ``--doctest-modules``, which pyproject.toml turns on for
a plain ``pytest`` (``speedrules`` is one of its test paths); this file checks that this
stays so, that no module is left without an example, and that no example is marked
``+SKIP`` (an example shows real behaviour, or it is not an example).  It also runs them
with no option flags, and ``python -m doctest README.md docs/*.md`` as a reader would.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
import tomllib
from pathlib import Path

import pytest

import speedrules

REPO = Path(__file__).resolve().parent.parent
SUBMODULES = sorted(m.name for m in pkgutil.walk_packages(speedrules.__path__, "speedrules.")
                    if not m.name.endswith("__main__"))
"""Every module and package, at any depth (a package's example is in its ``__init__``)."""
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
    if not source.is_file():
        source = REPO / name.replace(".", "/") / "__init__.py"
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


# ------------------------------------------------------------------------ the documents, by the plain doctest module


DOCUMENTS = ["README.md", *sorted(str(p.relative_to(REPO)) for p in (REPO / "docs").glob("*.md"))]


def _files_in_repo() -> set[str]:
    """The repository's files, less caches and tools' hidden folders (pytest, hypothesis)."""
    return {str(p.relative_to(REPO)) for p in REPO.rglob("*")
            if not any(part.startswith(".") or part == "__pycache__" for part in p.relative_to(REPO).parts)}


def test_the_documents_examples_run_as_written_by_plain_doctest() -> None:
    """``python -m doctest README.md docs/*.md`` from the repository's root, with no option
    flags (a file may set its own with a ``# doctest:`` directive, which the module honours):
    every example passes, and none leaves a file behind.  Each file is one session."""
    import os
    import subprocess
    import sys

    parser = doctest.DocTestParser()
    counts = {name: len(parser.get_examples((REPO / name).read_text(encoding="utf-8"))) for name in DOCUMENTS}
    assert counts["README.md"] >= 30 and counts["docs/api.md"] >= 120, counts
    before = _files_in_repo()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "doctest", *DOCUMENTS], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=600)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert _files_in_repo() - before == set()


def test_the_plain_doctest_run_fails_when_an_example_is_wrong(tmp_path: Path) -> None:
    """The check above can fail: a closing fence right after an output is read as output."""
    import subprocess
    import sys

    page = tmp_path / "page.md"
    page.write_text("```pycon\n>>> 1 + 1\n2\n```\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "doctest", str(page)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "1 of   1 in page.md" in done.stdout
    page.write_text("```pycon\n>>> 1 + 1\n2\n\n```\n", encoding="utf-8")
    assert subprocess.run([sys.executable, "-m", "doctest", str(page)], timeout=60).returncode == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_examples_run_under_plain_doctest(name: str) -> None:
    """Every docstring example runs with no option flags too (pytest's run adds ELLIPSIS and
    NORMALIZE_WHITESPACE; an example that needs one says so with a directive)."""
    module = importlib.import_module(name)
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        result = doctest.testmod(module, optionflags=0, report=True)
    assert result.failed == 0, report.getvalue()
