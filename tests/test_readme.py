"""README.md: every Python block runs as a doctest, each one alone, and shows its real output.

Each ```python block is a ``>>>`` session run in a fresh namespace (nothing carried over
from the block before it), from an empty temporary folder, so a block needs neither the
repository as its working directory nor an earlier block.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE  # as in pyproject.toml's doctest_optionflags


def _blocks(language: str) -> list[tuple[int, str]]:
    """``(line number of the block's first line, text)`` of every ```language fenced block."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1))
            for m in re.finditer(rf"^```{language}\n(.*?)^```", text, re.S | re.M)]


PYTHON_BLOCKS = _blocks("python")


def test_readme_has_python_blocks_in_doctest_form() -> None:
    assert len(PYTHON_BLOCKS) >= 2
    for line, block in PYTHON_BLOCKS:
        assert block.startswith(">>> "), f"README.md line {line}: a Python block is written as a >>> session"


@pytest.mark.parametrize(("line", "block"), PYTHON_BLOCKS, ids=[f"line-{line}" for line, _ in PYTHON_BLOCKS])
def test_readme_python_block_runs_alone(line: int, block: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # not the repository: a block must not depend on its files
    test = doctest.DocTestParser().get_doctest(block, {}, f"README.md line {line}", str(README), line - 1)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries >= 3
    assert list(tmp_path.iterdir()) == []  # and it leaves no file behind


def test_readme_has_two_quickstart_commands_and_lists_every_subcommand() -> None:
    readme = README.read_text(encoding="utf-8")
    quickstart = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^```sh\n(.*?)^```", quickstart, re.S | re.M)
    assert len(commands) == 2
    assert all(c.strip().startswith("python3 -m venv .venv && ") for c in commands)
    for command in ("variants", "show", "check-variant", "deal", "referee", "simulate", "render", "view"):
        assert f"speedrules {command}" in readme
