"""Judging and simulating on a Dask cluster: the optional extra ``pip install 'speedrules[dask]'``.

Each log is judged on its own, so a cluster judges them as one machine does, only on more
cores (docs/scale.md):

- :func:`judge` judges a Dask bag of log texts (or ``(name, text)`` pairs) and gives a bag
  of ``(name, verdict or error)`` pairs, as :func:`speedrules.referee.referee_path` yields them;
- :func:`read_archives` reads a glob of JSON Lines archives with ``dask.bag.read_text``
  (local files, ``s3://``, any fsspec file system) and judges each line, named ``FILE:LINE``
  as the command line names it;
- :func:`summarize` adds a judged bag up into one :class:`~speedrules.summary.Summary`;
- :func:`simulate_bag` runs :func:`speedrules.simulate` as a bag of seeds, each partition a
  run of consecutive deals (``simulate(..., start=i)``), so the results are the very ones of
  the local run with the same seed; :func:`simulate_on` streams them from a running cluster;
- :func:`connect` opens a client on a running scheduler: ``speedrules referee --scheduler
  ADDRESS`` sends the same jobs as ``--jobs`` to its workers (:mod:`speedrules.parallel`),
  and ``speedrules simulate --scheduler ADDRESS`` runs :func:`simulate_on`.

This module imports without Dask; each function raises :class:`DaskUnavailableError` (a
``SpeedrulesError``: exit 2 on the command line) when Dask is not installed.

>>> import dask.bag
>>> from speedrules import deal
>>> game = deal("speed", seed=1)
>>> game.reveal()
>>> texts = dask.bag.from_sequence([("a", game.to_log().dumps()), ("b", "{not json")], npartitions=2)
>>> [(name, type(verdict).__name__) for name, verdict in judge(texts).compute(scheduler="sync")]
[('a', 'Verdict'), ('b', 'LogError')]
>>> summarize(judge(texts), scheduler="sync").table().splitlines()[0]
'logs        2: 1 valid, 0 break a rule, 1 unreadable'
"""

from __future__ import annotations

import contextlib
import functools
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from .bots import Bot
from .documents import MAX_DOCUMENT_BYTES, DocumentError, decode
from .errors import SpeedrulesError
from .log import LogError
from .referee import Verdict, referee_text
from .simulation import SimResult, simulate
from .summary import Summary
from .variant import Variant

Bag: TypeAlias = Any
"""A ``Bag`` (Dask's own annotations are partial, so this module takes it as ``Any``)."""

Client: TypeAlias = Any
"""A ``distributed.Client``."""

INSTALL = "pip install 'speedrules[dask]'"


class DaskUnavailableError(SpeedrulesError):
    """Dask is not installed, or the scheduler cannot be reached."""


def _bag() -> Any:
    try:
        import dask.bag
    except ImportError:
        raise DaskUnavailableError(f"this needs Dask, which is not installed: {INSTALL}") from None
    return dask.bag


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise DaskUnavailableError(f"--scheduler needs Dask's distributed scheduler, which is not installed: "
                                   f"{INSTALL}") from None
    return distributed


@contextlib.contextmanager
def connect(address: str, *, timeout: float = 10.0) -> Iterator[Client]:
    """A ``distributed.Client`` on the running scheduler at ``address`` (``tcp://host:8786``),
    closed at the end; :class:`DaskUnavailableError` if Dask is missing or the scheduler
    does not answer within ``timeout`` seconds."""
    dist = _distributed()
    try:
        client = dist.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as err:
        raise DaskUnavailableError(f"--scheduler {address}: cannot reach a Dask scheduler there: "
                                   f"{' '.join(str(err).split()) or type(err).__name__}") from None
    try:
        yield client
    finally:
        client.close()


# ---------------------------------------------------------------------------- judging


def _judge_text(text: str, name: str, variant: Variant | None, all_violations: bool,
                variant_dir: str | Path | None) -> Verdict | LogError:
    try:
        return referee_text(text, name, variant=variant, all_violations=all_violations, variant_dir=variant_dir)
    except LogError as err:
        return err
    except DocumentError as err:
        return LogError(err.location or name, err.reason)


def _judge_partition(items: Iterable[str | tuple[str, str]], variant: Variant | None, all_violations: bool,
                     variant_dir: str | Path | None) -> list[tuple[str, Verdict | LogError]]:
    out: list[tuple[str, Verdict | LogError]] = []
    for item in items:
        name, text = ("<log>", item) if isinstance(item, str) else item
        out.append((name, _judge_text(text, name, variant, all_violations, variant_dir)))
    return out


def judge(texts: Bag, *, variant: Variant | None = None, all_violations: bool = False,
          variant_dir: str | Path | None = None) -> Bag:
    """A bag of ``(name, verdict or LogError)``, one per log of ``texts``: a bag of log texts
    (JSON or YAML, each named ``<log>``) or of ``(name, text)`` pairs.  Judged as
    :func:`~speedrules.referee.referee_text` judges a text: a log may name a bundled variant
    or carry its whole document, and a variant file only inside ``variant_dir``."""
    _bag()
    return texts.map_partitions(_judge_partition, variant, all_violations, variant_dir)


_BOM = b"\xef\xbb\xbf"


def _archive_partition(lines: Iterable[tuple[str, str]], variant: Variant | None,
                       all_violations: bool) -> list[tuple[str, Verdict | LogError]]:
    """The lines of whole archives (``(line, path)`` from ``read_text``), judged as
    :func:`speedrules.log.archive_lines` reads them: numbered from 1 in each file, blank
    lines skipped, a byte-order mark dropped on line 1, a line over the size limit or not
    UTF-8 one located error."""
    out: list[tuple[str, Verdict | LogError]] = []
    current, number = None, 0
    for line, path in lines:
        if path != current:
            current, number = path, 0
        number += 1
        where = f"{path}:{number}"
        raw = line.encode("utf-8", "surrogateescape")  # the bytes of the file, valid UTF-8 or not
        if len(raw) > MAX_DOCUMENT_BYTES + 1 or (len(raw) > MAX_DOCUMENT_BYTES and not raw.endswith(b"\n")):
            out.append((where, LogError(where, f"cannot read: the line is over the {MAX_DOCUMENT_BYTES} byte limit")))
            continue
        if number == 1:
            raw = raw.removeprefix(_BOM)
        if not raw.strip():
            continue
        try:
            text = decode(raw, where)
        except DocumentError as err:
            out.append((where, LogError(err.location, err.reason)))
            continue
        out.append((where, _judge_text(text, where, variant, all_violations, None)))
    return out


def read_archives(urlpath: str | Sequence[str], *, variant: Variant | None = None, all_violations: bool = False,
                  **read_text: Any) -> Bag:
    """The logs of JSON Lines archives (a path, a glob such as ``logs/*.jsonl``, a list, or
    any URL fsspec reads), judged, as a bag of ``(FILE:LINE, verdict or LogError)``, one
    partition per file (``dask.bag.read_text(..., blocksize=None)``; other ``read_text``
    options pass through).  Only ``\\n`` ends a line, as on the command line; a log may
    name a bundled variant or carry its document (no variant file: an archive on a cluster
    has no trusted folder), or be judged under ``variant``.

    A partition holds one file's lines while it is judged: split a very large archive into
    files, or judge it with ``speedrules referee --scheduler``, whose workers read byte
    ranges with capped reads (docs/scale.md)."""
    bag = _bag()
    options: dict[str, Any] = {"blocksize": None, "encoding": "utf-8", "errors": "surrogateescape",
                               "linedelimiter": "\n", "include_path": True, **read_text}
    lines = bag.read_text(urlpath, **options)
    return lines.map_partitions(_archive_partition, variant, all_violations)


def _partition_summary(judged: Iterable[tuple[str, Verdict | LogError]]) -> Summary:
    return Summary.of(judged)


def _add_summaries(parts: Iterable[Summary]) -> Summary:
    return sum(parts, Summary())


def summarize(judged: Bag, **compute: Any) -> Summary:
    """The :class:`~speedrules.summary.Summary` of a judged bag (:func:`judge`,
    :func:`read_archives`): each partition counts its own logs, and the counts are added;
    ``compute`` options (``scheduler=...``) pass to ``compute``."""
    _bag()
    summary: Summary = judged.reduction(_partition_summary, _add_summaries).compute(**compute)
    return summary


# ---------------------------------------------------------------------------- simulating


def _simulate_span(span: tuple[int, int], variant: Variant | str, seed: int, bots: Any,
                   logs: bool | str | Path) -> list[SimResult]:
    start, count = span
    return list(simulate(variant, count, seed=seed, bots=bots, start=start, logs=logs))


def _spans(games: int, start: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(100, games // max(1, workers * 8)))
    return [(first, min(size, start + games - first)) for first in range(start, start + games, size)]


def _check(variant: Variant | str, games: int, seed: int, bots: Any, logs: bool | str | Path) -> None:
    """Refuse bad arguments here, before any work is sent (``simulate`` checks them eagerly)."""
    simulate(variant, 0, seed=seed, bots=bots, logs=False)
    if games < 0:
        simulate(variant, games, seed=seed, bots=bots)
    if isinstance(logs, (str, Path)) and str(logs).endswith(".jsonl"):
        raise DaskUnavailableError("--logs FILE.jsonl writes one archive from one process: on a cluster, give "
                                   "--logs DIR (one file per deal, written by the workers on a shared file system)")


def simulate_bag(variant: Variant | str, games: int, *, seed: int = 0, bots: str | Bot | Sequence[str | Bot] | None
                 = None, logs: bool | str | Path = False, start: int = 0, partitions: int | None = None
                 ) -> Bag:
    """A bag of the :class:`~speedrules.simulation.SimResult` of ``simulate(variant, games,
    seed=seed, bots=bots, logs=logs)``, in deal order: the same results as the local run
    (each partition plays consecutive deals with ``start``).  ``partitions`` defaults to
    one per 100 deals.

    >>> from speedrules import simulate
    >>> bag = simulate_bag("speed", 5, seed=3, partitions=2)
    >>> bag.compute(scheduler="sync") == list(simulate("speed", 5, seed=3))
    True
    """
    bag = _bag()
    _check(variant, games, seed, bots, logs)
    size = 100 if partitions is None else max(1, -(-games // max(1, partitions)))
    spans = [(first, min(size, start + games - first)) for first in range(start, start + games, size)]
    seq = bag.from_sequence(spans, npartitions=max(1, len(spans)))
    return seq.map(_simulate_span, variant, seed, bots, logs).flatten()


def simulate_on(address: str, variant: Variant | str, games: int, *, seed: int = 0,
                bots: str | Bot | Sequence[str | Bot] | None = None, logs: bool | str | Path = False
                ) -> Iterator[SimResult]:
    """``simulate(...)`` on the cluster at ``address``, lazily yielding the results in deal
    order as they come back (a window of runs in flight per worker); the same results as the
    local run with the same seed (``speedrules simulate --scheduler ADDRESS``)."""
    _check(variant, games, seed, bots, logs)
    with connect(address) as client:
        workers = max(1, sum(client.nthreads().values()))
        submit = functools.partial(client.submit, _simulate_span, pure=False)
        pending: deque[Any] = deque()
        for span in _spans(games, 0, workers):
            pending.append(submit(span, variant, seed, bots, logs))
            while len(pending) >= workers * 4:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
