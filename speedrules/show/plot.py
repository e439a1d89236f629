"""Plots of simulated play (``speedrules simulate ... --plot FILE``), side by side for several
variants: what a designer asks of a variant.

Speed: events per deal, flips and rebuilds per deal, the cards left by the loser, each seat's
win share with its 95% interval, and how the deals ended.  Spit: rounds per game, events and
spits per round, each seat's win share with its interval, and how the games ended.  Each
distribution is drawn as the share of deals (games) so that runs of different sizes compare.

matplotlib is an optional dependency (``pip install 'speedrules[plot]'``); nothing else in the
package imports this module's matplotlib.  The figures are built on a bare
``matplotlib.figure.Figure`` (no pyplot, no global backend chosen), and an SVG is written
without a date and with a fixed id salt, so the same run gives the same file.

>>> from speedrules import simulate, summarize
>>> results = list(simulate("speed", 5, seed=1))
>>> import io; out = io.BytesIO()
>>> plot_runs([Run("speed", tuple(results), summarize(results, variant="speed"))], out, "svg")
>>> out.getvalue()[:5]
b'<?xml'
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import attrs

from ..core.documents import write_file
from ..core.variant import DEFAULT_FAMILY
from ..family import family_of
from ..sim.simulation import SimResult

__all__ = ["INSTALL_HINT", "Run", "ending_counts", "matplotlib_missing", "percent", "plot_runs"]

INSTALL_HINT = "pip install 'speedrules[plot]'"
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf", "#7f7f7f")


@attrs.frozen(slots=True)
class Run:
    """One variant's simulated results and their summary (a
    :class:`~speedrules.sim.simulation.Summary` or a Spit summary)."""

    variant: str
    results: tuple[SimResult, ...]
    summary: Any


def matplotlib_missing() -> str | None:
    """Why plots cannot be drawn (matplotlib is not installed), or ``None``."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return f"plots need matplotlib, which is not installed: {INSTALL_HINT}"
    return None


def _shares(values: Sequence[int]) -> dict[int, float]:
    counts = Counter(values)
    total = max(len(values), 1)
    return {k: n / total for k, n in sorted(counts.items())}


def _bars(ax: Any, runs: Sequence[Run], values: Sequence[Sequence[int]], title: str, xlabel: str,
          unit: str = "deals") -> None:
    """Grouped bars: for each value, the share of deals with it, one bar per variant."""
    keys = sorted({v for vs in values for v in vs})
    if len(keys) > 40:  # too many values for bars: step histograms
        _steps(ax, runs, values, title, xlabel, unit)
        return
    width = 0.8 / max(len(runs), 1)
    for i, (run, vs) in enumerate(zip(runs, values, strict=True)):
        shares = _shares(vs)
        ax.bar([k - 0.4 + width * (i + 0.5) for k in keys], [shares.get(k, 0.0) for k in keys], width,
               label=run.variant, color=COLOURS[i % len(COLOURS)])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"share of {unit}")
    if keys:
        ax.set_xticks(keys if len(keys) <= 12 else keys[:: max(len(keys) // 10, 1)])


def _steps(ax: Any, runs: Sequence[Run], values: Sequence[Sequence[int]], title: str, xlabel: str,
           unit: str = "deals") -> None:
    """Step histograms of the share of deals, one line per variant."""
    everything = [v for vs in values for v in vs]
    if everything:
        low, high = min(everything), max(everything)
        step = max(1, (high - low + 1) // 30)
        edges = list(range(low, high + step + 1, step))
        for i, (run, vs) in enumerate(zip(runs, values, strict=True)):
            if vs:
                ax.hist(vs, bins=edges, weights=[1 / len(vs)] * len(vs), histtype="step", linewidth=1.8,
                        label=run.variant, color=COLOURS[i % len(COLOURS)])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"share of {unit}")


def _win_share(ax: Any, runs: Sequence[Run], unit: str) -> None:
    """Each seat's win share with its 95% Wilson interval, grouped by variant."""
    seats = max(len(r.summary.seats) for r in runs)
    width = 0.8 / max(seats, 1)
    for s in range(seats):
        xs, ys, low, high = [], [], [], []
        for i, run in enumerate(runs):
            if s < len(run.summary.seats):
                share = run.summary.seats[s]
                xs.append(i - 0.4 + width * (s + 0.5))
                ys.append(share.share)
                low.append(share.share - share.low)
                high.append(share.high - share.share)
        ax.bar(xs, ys, width, yerr=[low, high], capsize=4, label=f"seat {s}", color=COLOURS[s % len(COLOURS)])
    ax.axhline(1 / max(seats, 1), color="#555555", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels([r.variant for r in runs])
    ax.set_ylim(0, 1)
    ax.set_title(f"win share per seat (95% interval), of {unit}")
    ax.set_ylabel(f"share of {unit}")
    ax.legend(fontsize=8)


ENDINGS = {"out": "won", "rounds": "won on rounds", "tie": "tied", "dead-end": "dead end",
           "unfinished": "unfinished", "stuck": "stuck"}
"""Each way a deal (a game) can end (:attr:`SimResult.reason`), as the plots name it."""


def percent(count: int, total: int) -> str:
    """``count`` of ``total`` as a percentage that shows a rare share rather than rounding it away,
    and never says all or none when it is not.

    >>> percent(1996, 2000), percent(2, 2000), percent(1, 30000), percent(29999, 30000), percent(0, 5)
    ('99.8%', '0.1%', '0.0033%', '>99.9%', '0%')
    """
    share = 100 * count / max(total, 1)
    shown = f"{share:.1f}%" if share >= 0.1 else f"{share:.2g}%" if count else "0%"
    if count < total and shown == "100.0%":
        shown = ">99.9%"
    return shown


def ending_counts(run: Run) -> dict[str, int]:
    """How many of a run's deals (games) ended each way that happened, in :data:`ENDINGS`' order."""
    counts = Counter(r.reason for r in run.results)
    return {kind: counts[kind] for kind in ENDINGS if counts[kind]}


def _endings(ax: Any, runs: Sequence[Run], unit: str) -> None:
    """How the deals (games) ended, as stacked shares; under each bar, every ending that happened
    with its count and share, so that a rare one (a tie in a thousand) is read there though its
    slice of the bar is too thin to see."""
    counted = [ending_counts(run) for run in runs]
    bottoms = [0.0] * len(runs)
    for k, (kind, label) in enumerate(ENDINGS.items()):
        shares = [c.get(kind, 0) / max(len(run.results), 1) for c, run in zip(counted, runs, strict=True)]
        if not any(shares):
            continue
        ax.bar(range(len(runs)), shares, 0.6, bottom=bottoms, label=label, color=COLOURS[k % len(COLOURS)])
        bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels(["\n".join([run.variant, *(f"{ENDINGS[kind]} {n} ({percent(n, len(run.results))})"
                                                   for kind, n in c.items())])
                        for c, run in zip(counted, runs, strict=True)], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_title(f"how the {unit} ended")
    ax.set_ylabel(f"share of {unit}")
    ax.legend(fontsize=8)


def plot_runs(runs: Sequence[Run], target: str | Path | IO[bytes], fmt: str | None = None) -> None:
    """Draw the plots of ``runs`` (one per variant, all of one family, whose
    :meth:`~speedrules.family.Family.plot_panels` say what to draw) into ``target``, a path
    ending in ``.svg`` or ``.png`` or a binary file with ``fmt`` (``"svg"``/``"png"``).
    Raises ``ImportError`` without matplotlib (see :func:`matplotlib_missing`)."""
    import matplotlib
    from matplotlib.figure import Figure

    family = family_of(next((r.results[0].family for r in runs if r.results), DEFAULT_FAMILY))
    names = ", ".join(r.variant for r in runs)
    counts = ", ".join(str(len(r.results)) for r in runs)
    with matplotlib.rc_context({"svg.hashsalt": "speedrules", "font.size": 9}):
        fig = Figure(figsize=(15, 8.5), layout="constrained")
        axes = fig.subplots(2, 3)
        fig.suptitle(family.plot_title.format(word=family.game_word, names=names, counts=counts))
        places = [axes[0][0], axes[0][1], axes[0][2], axes[1][0]]
        for ax, (kind, title, xlabel, unit, values) in zip(places, family.plot_panels(), strict=False):
            draw = _bars if kind == "bars" else _steps
            draw(ax, runs, [[v for r in run.results for v in values(r)] for run in runs], title, xlabel, unit)
        _win_share(axes[1][1], runs, f"{family.game_word}s")
        _endings(axes[1][2], runs, f"{family.game_word}s")
        for row in axes:
            for ax in row:
                if ax.get_legend() is None and ax.get_legend_handles_labels()[0]:
                    ax.legend(fontsize=8)
        if fmt is None:
            fmt = Path(str(target)).suffix.lower().lstrip(".")
        drawn = io.BytesIO()
        fig.savefig(drawn, format=fmt, metadata={"Software": None} if fmt != "svg" else {"Date": None})
    data = drawn.getvalue()
    if fmt == "svg":  # matplotlib ends path lines with a space: without it the file is the same picture, and diffs well
        data = b"\n".join(line.rstrip() for line in data.split(b"\n"))
    if isinstance(target, (str, Path)):
        write_file(target, data)  # a new file renamed into place: a failed write leaves the old one
    else:
        target.write(data)
