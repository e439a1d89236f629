"""The built wheel works on its own: bundled variants, schema and console script included.

Builds the wheel into a temporary folder, installs it into a fresh plain virtual
environment (no system site-packages; the dependencies come from the configured
package index), and from a folder outside the repository loads every variant that
the source tree's ``variants/`` folder holds and runs the ``speedrules`` script.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import speedrules
from speedrules import deal, load_variant

REPO = Path(__file__).resolve().parent.parent
SOURCE_NAMES = sorted(p.stem for p in (REPO / "variants").glob("*.yaml"))

pytestmark = pytest.mark.slow


def _env() -> dict[str, str]:
    """The environment without anything that would let the repository's code leak in."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "PYTHONUSERBASE")}
    env["PYTHONNOUSERSITE"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(argv: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(argv, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """``(wheel, venv's bin folder, a working folder outside the repo)``."""
    root = tmp_path_factory.mktemp("wheel")
    dist = root / "dist"
    if importlib.util.find_spec("build") is not None:
        _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(REPO)], root)
    else:
        _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", str(dist),
              str(REPO)], root)
    wheels = sorted(dist.glob("speedrules-*.whl"))
    assert len(wheels) == 1, wheels
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], root)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = str(bin_dir / "python")
    # The wheel from its file (never from an index); attrs, PyYAML and jsonschema from the configured index.
    _run([python, "-m", "pip", "install", "--quiet", str(wheels[0])], root)
    _run([python, "-m", "pip", "check"], root)
    work = root / "elsewhere"
    work.mkdir()
    return wheels[0], bin_dir, work


def test_wheel_holds_the_package_data(installed: tuple[Path, Path, Path]) -> None:
    wheel, _, _ = installed
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        assert "speedrules = speedrules.cli.main:main" in zf.read(entry_points).decode()
    assert {f"speedrules/variants/{n}.yaml" for n in SOURCE_NAMES} <= names
    assert "speedrules/schemas/variant.schema.json" in names
    assert "speedrules/py.typed" in names
    assert "speedrules/__main__.py" in names
    assert not any(n.startswith(("tests/", "variants/", "schemas/")) for n in names)


def test_installed_package_loads_every_bundled_variant(installed: tuple[Path, Path, Path]) -> None:
    _, bin_dir, work = installed
    script = (
        "import json, sys, speedrules\n"
        "names = sys.argv[1:]\n"
        "out = {'file': speedrules.__file__, 'names': list(speedrules.variant_names()), 'variants': {}}\n"
        "for name in names:\n"
        "    v = speedrules.load_variant(name)\n"
        "    out['variants'][name] = {'document': v.document, "
        "'layout': speedrules.family_of(v).deal_game(v, 1).to_log_data()['deals'][0]['layout']}\n"
        "print(json.dumps(out))\n"
    )
    done = _run([str(bin_dir / "python"), "-c", script, *SOURCE_NAMES], work)
    result = json.loads(done.stdout)
    assert Path(result["file"]).resolve().is_relative_to(bin_dir.parent.resolve()), result["file"]
    assert sorted(result["names"]) == SOURCE_NAMES
    assert sorted(result["variants"]) == SOURCE_NAMES
    for name in SOURCE_NAMES:
        here = load_variant(name)
        assert result["variants"][name]["document"] == json.loads(json.dumps(here.document)), name
        dealt = speedrules.family_of(here).deal_game(here, 1).to_log_data()["deals"][0]["layout"]
        assert result["variants"][name]["layout"] == dealt, name


def test_console_script_runs(installed: tuple[Path, Path, Path]) -> None:
    _, bin_dir, work = installed
    script = str(bin_dir / "speedrules")
    listed = _run([script, "variants"], work).stdout.splitlines()
    assert sorted(line.split()[0] for line in listed) == SOURCE_NAMES
    dealt = _run([script, "deal", "speed", "--seed", "1", "--json"], work).stdout
    assert json.loads(dealt) == deal(load_variant("speed"), 1).layout.to_json()
    missing = subprocess.run([script, "show", "no-such-file.yaml"], cwd=work, env=_env(), capture_output=True,
                             text=True, timeout=60)
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr == "speedrules: no-such-file.yaml: cannot read: no such file\n"
