"""Without the ``rl`` extra, the package still imports and the environments say which extra is
missing (as ``simulate --plot`` does for matplotlib): run whether or not the extra is installed,
the missing modules made missing here."""

from __future__ import annotations

import importlib.util

import pytest

import speedrules.rl as rl


@pytest.mark.parametrize("absent", ["pettingzoo", "numpy"])
def test_an_environment_without_the_extra_names_it(absent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == absent else found(name, *a))
    message = f"need {absent}, not installed: pip install 'speedrules[rl]'"
    assert message in (rl.rl_missing() or "")
    with pytest.raises(ImportError, match=r"pip install 'speedrules\[rl\]'"):
        rl.parallel_env("speed")
    with pytest.raises(ImportError, match=absent):
        rl.env("spit")


def test_openspiel_without_pyspiel_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyspiel" else found(name, *a))
    assert rl.rl_missing() is None or "pyspiel" not in rl.rl_missing()  # (PettingZoo does not need it)
    with pytest.raises(ImportError, match=r"need pyspiel, not installed: pip install 'speedrules\[rl\]'"):
        rl.openspiel_game("speed")
