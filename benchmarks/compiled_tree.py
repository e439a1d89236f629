"""Make a copy of this repository where the optional compiled build (mypyc) is what imports.

    python benchmarks/compiled_tree.py DIR
    PYTHONPATH=DIR python DIR/benchmarks/bench.py      # the benchmarks on the compiled build
    cd DIR && SPEEDRULES_EXPECT_COMPILED=1 PYTHONPATH=DIR python -m pytest   # the suite on it

The tree (without ``.git``, ``.venv`` and any extension module) is copied to ``DIR`` and the
wheel of the compiled build is made there (``HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip wheel``,
the build users get); its extension modules are laid beside the sources, where Python
imports them in place of the modules they compile.  `.ci/run` runs the whole test suite on
such a tree.  Needs a C compiler and the Python headers; pip fetches mypy and hatch-mypyc
into the build environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SKIP = {".git", ".venv", "build", "dist", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache"}


def _ignore(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n in SKIP or n.endswith(".so")}


def make(target: Path) -> list[Path]:
    """Copy the repository to ``target`` (which must not exist) and build it there; return the
    extension modules laid in it."""
    shutil.copytree(REPO, target, symlinks=True, ignore=_ignore)  # a hostile test's symlink stays one
    with tempfile.TemporaryDirectory(prefix="speedrules-wheel-") as out:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps", "-w", out,
             "."],
            cwd=target, check=True, env={**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"},
        )
        [wheel] = Path(out).glob("*.whl")
        with zipfile.ZipFile(wheel) as archive:
            modules = [n for n in archive.namelist() if n.endswith(".so")]
            archive.extractall(target, modules)
    return [target / m for m in modules]


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    target = Path(sys.argv[1]).resolve()
    if target.exists():
        sys.exit(f"{target} exists: name a new folder")
    for module in make(target):
        print(module)


if __name__ == "__main__":
    main()
