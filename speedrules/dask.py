"""Judging and simulating on a Dask cluster: the optional extra ``pip install 'speedrules[dask]'``.

Each log is judged on its own, so a cluster judges them as one machine does, only on more
cores (docs/scale.md):

- :func:`judge` judges a Dask bag of log texts (or ``(name, text)`` pairs) and gives a bag
  of ``(name, verdict or error)`` pairs, as :func:`speedrules.judge.referee.referee_path` yields them;
- :func:`read_archives` reads a glob of JSON Lines archives (local files as ``referee
  --scheduler`` cuts them; ``s3://`` or any fsspec file system with ``dask.bag.read_text``),
  each cut into partitions of :data:`DEFAULT_BLOCKSIZE` bytes, and judges each line, named
  ``FILE:LINE`` as the command line names it;
- :func:`summarize` adds a judged bag up into one :class:`~speedrules.judge.summary.Summary`;
- :func:`simulate_bag` runs :func:`speedrules.simulate` as a bag of seeds, each partition a
  run of consecutive deals (``simulate(..., start=i)``), so the results are the very ones of
  the local run with the same seed; :func:`simulate_on` streams them from a running cluster;
- :func:`connect` opens a client on a running scheduler: ``speedrules referee --scheduler
  ADDRESS`` sends the same jobs as ``--jobs`` to its workers (:mod:`speedrules.judge.parallel`),
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
import importlib
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from .core.documents import MAX_DOCUMENT_BYTES, DocumentError, decode
from .core.errors import InvalidArgumentError, SpeedrulesError, brief
from .core.variant import Variant
from .judge.parallel import Job, JobResult, archive_parts, count_newlines, judge_job, run
from .judge.referee import Verdict, referee_text
from .judge.summary import Summary
from .logs.log import LogError, archive_lines
from .sim.bots import Bot
from .sim.simulation import SimResult, simulate

__all__ = ["DEFAULT_BLOCKSIZE", "DaskUnavailableError", "connect", "judge", "read_archives", "referee_on_cluster",
           "simulate_bag", "simulate_on", "summarize"]

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
    :func:`~speedrules.judge.referee.referee_text` judges a text: a log may name a bundled variant
    or carry its whole document, and a variant file only inside ``variant_dir``."""
    _bag()
    return texts.map_partitions(_judge_partition, variant, all_violations, variant_dir)


DEFAULT_BLOCKSIZE = 1 << 20
"""The bytes of an archive one task of :func:`read_archives` judges by default: about 50 ms of
judging (docs/performance.md), far above a task's cost to Dask (about 1 ms), and small enough
that an archive of a few MB is already spread over the workers."""


def _blocksize(blocksize: int | str | None) -> int | None:
    if isinstance(blocksize, str):
        from dask.utils import parse_bytes

        try:
            blocksize = int(parse_bytes(blocksize))
        except (ValueError, TypeError):
            raise InvalidArgumentError(f"blocksize must be a number of bytes, such as 2**20 or '64MiB', "
                                       f"not {brief(blocksize)}") from None
    if blocksize is not None and (isinstance(blocksize, bool) or not isinstance(blocksize, int) or blocksize < 1):
        raise InvalidArgumentError(f"blocksize must be a number of bytes >= 1 (or None: one partition per file), "
                                   f"not {brief(blocksize)}")
    return blocksize


def _judge_range(path: str, start: int, end: int | None, lines_before: int, variant: Variant | None,
                 all_violations: bool) -> list[tuple[str, Verdict | LogError]]:
    """The lines of a local archive that begin in ``[start, end)``, read by the command
    line's reader (:func:`speedrules.logs.log.archive_lines`: capped reads, numbered in the
    whole file from ``lines_before``), each judged."""
    out: list[tuple[str, Verdict | LogError]] = []
    for where, line in archive_lines(path, start=start, end=end, lines_before=lines_before):
        out.append((where, line if isinstance(line, LogError) else _judge_text(line, where, variant, all_violations,
                                                                                  None)))
    return out


def _local_archives(paths: Sequence[str], blocksize: int | None, variant: Variant | None,
                    all_violations: bool) -> Bag:
    """A partition per byte range of each archive, cut and numbered as ``referee --scheduler``
    cuts it (:func:`speedrules.judge.parallel.archive_parts`): the newlines of each range are
    counted by a task (:func:`~speedrules.judge.parallel.count_newlines`), and a range's
    ``lines_before`` is the sum of the counts before it.  ``archive_parts`` adds the counts
    up as it hands out ranges; given counts that are Dask ``Delayed`` values, its sums are
    ``Delayed`` too, so the whole plan is a graph and this process reads no archive."""
    from dask.delayed import delayed

    count = delayed(count_newlines, pure=True)
    judge_range = delayed(_judge_range)

    def counter(path: str, start: int, end: int) -> Any:
        counted = count(path, start, end)
        return lambda: counted

    ranges = [judge_range(part.path, part.start, part.end, part.lines_before, variant, all_violations)
              for path in paths for part in archive_parts(path, blocksize or sys.maxsize, counter)]
    return _bag().from_delayed(ranges)


Runs: TypeAlias = list[tuple[str, int]]
"""The files of a partition of lines, in order, each with its count of lines in it."""


def _runs(lines: Iterable[tuple[str, str]]) -> Runs:
    runs: Runs = []
    for _, path in lines:
        if runs and runs[-1][0] == path:
            runs[-1] = (path, runs[-1][1] + 1)
        else:
            runs.append((path, 1))
    return runs


def _carry(before: tuple[str, int] | None, runs: Runs) -> tuple[str, int] | None:
    """The last file read and its lines read, once a partition's ``runs`` are added."""
    for path, count in runs:
        before = (path, before[1] + count if before is not None and before[0] == path else count)
    return before


def _archive_partition(lines: Iterable[tuple[str, str]], before: tuple[str, int] | None, variant: Variant | None,
                       all_violations: bool) -> list[tuple[str, Verdict | LogError]]:
    """The lines of archives as ``read_text`` gives them (``(line, path)``), judged as
    :func:`speedrules.logs.log.archive_lines` reads them: numbered in each file from 1 (``before``:
    the file the partitions before ended in, and its lines in them), blank lines skipped, a
    byte-order mark dropped on line 1, a line over the size limit or not UTF-8 one located
    error."""
    out: list[tuple[str, Verdict | LogError]] = []
    current, number = before if before is not None else (None, 0)
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


_BOM = b"\xef\xbb\xbf"


def _fsspec_archives(urlpath: str | Sequence[str], blocksize: int | None, compressed: bool,
                     variant: Variant | None, all_violations: bool, read_text: dict[str, Any]) -> Bag:
    """Archives on any file system fsspec knows, or compressed, through ``dask.bag.read_text``:
    a partition per block of ``blocksize`` bytes (a compressed file cannot be cut: one
    partition per file).  Each partition is numbered on from the lines of the partitions
    before it in the same file, counted by a task each, so any cut names every line right."""
    from dask.delayed import delayed

    options: dict[str, Any] = {"blocksize": None if compressed else blocksize, "encoding": "utf-8",
                               "errors": "surrogateescape", "linedelimiter": "\n", "include_path": True, **read_text}
    partitions = [delayed(list)(part) for part in _bag().read_text(urlpath, **options).to_delayed()]
    judge_partition, carry, runs = delayed(_archive_partition), delayed(_carry), delayed(_runs)
    judged, before = [], None
    for part in partitions:
        judged.append(judge_partition(part, before, variant, all_violations))
        before = carry(before, runs(part))
    return _bag().from_delayed(judged)


def read_archives(urlpath: str | Sequence[str], *, variant: Variant | None = None, all_violations: bool = False,
                  blocksize: int | str | None = DEFAULT_BLOCKSIZE, **read_text: Any) -> Bag:
    """The logs of JSON Lines archives (a path, a glob such as ``logs/*.jsonl``, a list, or
    any URL fsspec reads), judged, as a bag of ``(FILE:LINE, verdict or LogError)`` in file
    and line order, each line named with its number in its whole file, as the command line
    names it, however the files are cut.

    Each archive is cut into partitions of about ``blocksize`` bytes (an int, or text such as
    ``"64MiB"``; default :data:`DEFAULT_BLOCKSIZE`; ``None``: one partition per file), so one
    archive is judged on every worker.  Local files are cut as ``referee --scheduler`` cuts
    them (:mod:`speedrules.judge.parallel`): tasks count each range's newlines, and each range is
    read by the command line's reader, with its capped reads, by the worker that judges it.
    Other file systems, compressed files (one partition each) and other ``read_text`` options
    (``storage_options``, ``compression``...) go through ``dask.bag.read_text``.  Only
    ``\\n`` ends a line, as on the command line; a log may name a bundled variant or carry its
    document (no variant file: an archive on a cluster has no trusted folder), or be judged
    under ``variant``.

    >>> import pathlib, tempfile
    >>> from speedrules import deal
    >>> game = deal("speed", seed=1)
    >>> game.reveal()
    >>> archive = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
    >>> _ = archive.write_text((game.to_log().dumps() + "\\n") * 3 + "{oops\\n", encoding="utf-8")
    >>> judged = read_archives(str(archive), blocksize=100)   # a range of 100 bytes a task
    >>> judged.npartitions > 3
    True
    >>> [(name.rsplit(":")[-1], type(v).__name__) for name, v in judged.compute(scheduler="sync")]
    [('1', 'Verdict'), ('2', 'Verdict'), ('3', 'Verdict'), ('4', 'LogError')]
    """
    size = _blocksize(blocksize)
    _bag()
    compressed = read_text.get("compression", "infer") not in ("infer", None)
    paths = _local_paths(urlpath, read_text.get("storage_options"))
    compressed = compressed or any(importlib.import_module("fsspec.utils").infer_compression(p) for p in paths)
    if paths and not compressed and not read_text:
        return _local_archives(paths, size, variant, all_violations)
    return _fsspec_archives(urlpath, size, compressed, variant, all_violations, read_text)


def _local_paths(urlpath: str | Sequence[str], storage_options: dict[str, Any] | None) -> list[str]:
    """The files ``urlpath`` names (globs expanded, as ``read_text`` expands them), if they are
    on the local file system; else none."""
    fsspec = importlib.import_module("fsspec.core")
    local = importlib.import_module("fsspec.implementations.local").LocalFileSystem
    try:
        fs, _, paths = fsspec.get_fs_token_paths(urlpath, mode="rb", storage_options=storage_options)
    except (ValueError, TypeError, OSError):
        return []
    return list(map(str, paths)) if isinstance(fs, local) else []


def referee_on_cluster(paths: Sequence[str], scheduler: str, *, variant: Variant | None = None,
                       all_violations: bool = False, as_json: bool = False, summary: bool = False) -> int:
    """The command line's ``referee --scheduler ADDRESS``: the logs and archives judged in jobs
    on the Dask cluster at ``scheduler`` (each worker opens its own files), the output and the
    exit code those of ``--jobs`` (:func:`speedrules.judge.parallel.run`)."""
    with connect(scheduler) as client:
        workers = max(1, sum(client.nthreads().values()))

        def submit(job: Job) -> Callable[[], JobResult]:
            future = client.submit(judge_job, job, pure=False)
            return lambda: future.result()

        def counter(path: str, start: int, end: int) -> Callable[[], int]:
            future = client.submit(count_newlines, path, start, end, pure=False)
            return lambda: future.result()

        return run(paths, variant=variant, all_violations=all_violations, as_json=as_json, summary=summary,
                   submit=submit, workers=workers, counter=counter)


def _partition_summary(judged: Iterable[tuple[str, Verdict | LogError]]) -> Summary:
    return Summary.of(judged)


def _add_summaries(parts: Iterable[Summary]) -> Summary:
    return sum(parts, Summary())


def summarize(judged: Bag, **compute: Any) -> Summary:
    """The :class:`~speedrules.judge.summary.Summary` of a judged bag (:func:`judge`,
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
    """A bag of the :class:`~speedrules.sim.simulation.SimResult` of ``simulate(variant, games,
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
