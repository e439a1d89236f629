"""Plots of simulated play (speedrules.show.plot): drawn for Speed and Spit, several variants side by
side, the same file for the same run, and a clear message without matplotlib."""

from __future__ import annotations

import io
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest

from speedrules import simulate, summarize
from speedrules.show.plot import INSTALL_HINT, Run, matplotlib_missing, plot_runs

pytest.importorskip("matplotlib", reason="the plot extra is not installed (pip install -e '.[test]')")


def run(variant: str, n: int, seed: int = 1) -> Run:
    results = tuple(simulate(variant, n, seed=seed))
    return Run(variant, results, summarize(list(results), variant=variant, seed=seed))


def svg_of(runs: list[Run]) -> bytes:
    out = io.BytesIO()
    plot_runs(runs, out, "svg")
    return out.getvalue()


@pytest.mark.slow  # a long run: CI's slow step (pytest -m slow)
def test_speed_variants_side_by_side(tmp_path: Path) -> None:
    runs = [run("speed", 40), run("speed-15", 40)]
    path = tmp_path / "cmp.svg"
    plot_runs(runs, path)
    data = path.read_bytes()
    ET.fromstring(data)
    comments = data.decode()
    for title in ("events per deal", "flips per deal", "rebuilds per deal", "cards left by the loser",
                  "win share per seat (95% interval), of deals", "how the deals ended"):
        assert title in comments  # matplotlib writes each text as a comment beside its glyphs
    assert "speed-15" in comments and "seat 1" in comments
    assert svg_of(runs) == data  # the same run, the same file (no date, a fixed id salt)
    assert all(line == line.rstrip() for line in data.split(b"\n"))
    assert svg_of([run("speed", 40, seed=2), runs[1]]) != data


def test_spit_plots_and_png(tmp_path: Path) -> None:
    runs = [run("spit", 6), run("spit-four-piles", 6)]
    data = svg_of(runs)
    for title in ("rounds per game", "events per round", "spits per round", "win share per seat"):
        assert title in data.decode()
    png = tmp_path / "spit.png"
    plot_runs(runs, png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


def test_without_matplotlib_the_message_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert matplotlib_missing() is None
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    message = matplotlib_missing()
    assert message is not None and INSTALL_HINT in message
    with pytest.raises(ImportError):
        plot_runs([run("speed", 2)], io.BytesIO(), "svg")


def test_rare_endings_are_named_with_their_counts() -> None:
    """A tie or a dead end in a thousand deals is a slice too thin to see in the stacked bar:
    every ending that happened is written under its variant's bar with its count and share."""
    played = list(simulate("speed", 10, seed=1))
    rare = {5: "tie", 6: "tie", 7: "dead-end", 8: "dead-end"}
    results = tuple(attrs.evolve(played[i % 10], index=i, reason=rare.get(i, "out")) for i in range(2000))
    common = tuple(results[i] for i in range(2000) if i not in rare)
    runs = [Run("speed", results, summarize(list(results), variant="speed")),
            Run("speed-15", common, summarize(list(common), variant="speed-15"))]
    texts = re.findall(r"<!-- (.*?) -->", svg_of(runs).decode())  # matplotlib writes each text as a comment
    assert {"won 1996 (99.8%)", "tied 2 (0.1%)", "dead end 2 (0.1%)", "won 1996 (100.0%)"} <= set(texts)
    assert not [t for t in texts if t.startswith(("tied 0", "dead end 0"))]  # only the endings that happened
