r"""Judging many logs on every core: ``speedrules referee --jobs N``, ``--summary`` and ``--scheduler``.

The inputs are cut into :class:`Job` s, each a few files or one byte range of a JSON Lines
archive, and each job is judged where it runs (a worker process, or a Dask worker) by
:func:`judge_job`, which opens and reads its own files: the parent never reads a log for a
worker, it only plans the cuts and writes what comes back, in input order.

How an archive is cut.  The parent reads the archive once, a block at a time, counting
``\n`` bytes (a pre-pass far cheaper than judging: about 0.7 ms per MB against about 50 ms per
MB to judge), and hands out ranges ``[start, end)`` of about :func:`chunk_size` bytes with
the number of newlines before ``start``.  A worker judges the lines that *begin* in its range
(:func:`speedrules.logs.log.archive_lines` with ``start``, ``end``, ``lines_before``: a line cut by
``start`` belongs to the range before), so each line is judged exactly once, whatever the
cuts, and is named ``FILE:LINE`` with its line number in the whole file.  The count runs
ahead of the workers by only a window of jobs, so the first workers start at once and the
parent's memory stays bounded (the window's results; a worker's, by one log).  On a Dask
cluster (``--scheduler``) the workers count the newlines of the ranges too (:func:`archive_parts`
with a ``counter``), and the machine that runs the command reads no archive.

What a job gives back is the text the command prints for it, already rendered by the same
functions as ``--jobs 1`` (:func:`render`: ``render_verdict``, ``Verdict.to_json``, one
located line per problem of an unreadable log), or its :class:`~speedrules.judge.summary.Summary`;
so ``--jobs N`` prints byte for byte what ``--jobs 1`` prints, and exits with the same code.

>>> import pathlib, tempfile
>>> archive = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
>>> _ = archive.write_bytes(b"{oops\n\n[1]\n")   # two unreadable lines, 1 and 3
>>> jobs = list(plan([str(archive)], chunk=4))     # absurdly small ranges, to show the cut
>>> [(job.parts[0].start, job.parts[0].end, job.parts[0].lines_before) for job in jobs]
[(0, 4, 0), (4, 8, 0), (8, None, 2)]
>>> for job in jobs:  # each judges the lines that begin in its range, numbered in the whole file
...     print([text.split(": ")[1].rsplit(":")[-1] for _, text in judge_job(job).lines])
['1']
['3']
[]
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TextIO

import attrs

from ..core.documents import DocumentError, open_regular, read_text
from ..core.errors import printable
from ..core.progress import Progress
from ..core.variant import Variant
from ..logs.log import LogError
from .referee import Verdict, referee_path, referee_text, render_verdict
from .summary import Summary

STDOUT, STDERR = 1, 2
"""The stream each rendered line goes to."""

EXIT_OK, EXIT_RULE_BROKEN, EXIT_BAD_INPUT = 0, 1, 2

PROG = "speedrules"

MIN_CHUNK = 256 * 1024
MAX_CHUNK = 4 * 1024 * 1024
FILES_PER_JOB = 32
WINDOW_PER_WORKER = 4
"""Jobs in flight per worker: enough to keep every worker busy, few enough to bound memory."""

_BLOCK = 1 << 20


@attrs.frozen(slots=True)
class Part:
    """One file to judge, or the lines of an archive that begin in ``[start, end)``
    (``end=None``: to its end), ``lines_before`` being the newlines before ``start``.
    ``size`` is the bytes it covers, for the progress bar."""

    path: str
    start: int = 0
    end: int | None = None
    lines_before: int = 0
    size: int = 0


@attrs.frozen(slots=True)
class Job:
    """Parts judged one after the other by one worker, and how to judge and print them:
    ``output`` is ``"text"``, ``"json"`` or ``"summary"``."""

    parts: tuple[Part, ...]
    variant: Variant | None = None
    all_violations: bool = False
    output: str = "text"


@attrs.frozen(slots=True)
class JobResult:
    """What a job gives back: the lines to print, in order, each with its stream; the exit
    code its logs call for; the summary of its logs (with ``output="summary"``); the bytes
    and logs judged."""

    lines: tuple[tuple[int, str], ...]
    worst: int
    summary: Summary | None
    size: int
    logs: int


def _one_line(text: str) -> str:
    return " ".join(text.split())


def error_json(name: str, err: LogError) -> dict[str, object]:
    """The object ``referee --json`` prints for an unreadable log."""
    first_where, first_why = err.problems[0]
    more = len(err.problems) - 1
    message = first_why + (f" (and {more} more problem{'s' if more != 1 else ''})" if more else "")
    return {"file": name, "error": {"message": message, "location": first_where,
                                    "problems": [{"location": w, "message": m} for w, m in err.problems]}}


def error_lines(err: LogError) -> list[tuple[int, str]]:
    """An unreadable log as the command reports it on stderr: one located line per problem."""
    out = []
    for where, why in err.problems:
        line = f"{where}: {_one_line(why)}" if where else _one_line(why)
        out.append((STDERR, f"{PROG}: {printable(line)}"))
    return out


def render(name: str, judged: Verdict | LogError, as_json: bool) -> list[tuple[int, str]]:
    """What ``speedrules referee`` prints for one judged log (``--json`` or not), as
    ``(stream, line)`` pairs: the same text, byte for byte, as the one-process command."""
    if isinstance(judged, LogError):
        return [(STDOUT, printable(json.dumps(error_json(name, judged))))] if as_json else error_lines(judged)
    if as_json:
        return [(STDOUT, printable(json.dumps({"file": name, **judged.to_json()})))]
    return [(STDOUT, printable(render_verdict(judged, name)))]


def _worst(worst: int, judged: Verdict | LogError) -> int:
    if isinstance(judged, LogError):
        return EXIT_BAD_INPUT
    return EXIT_RULE_BROKEN if not judged.valid and worst == EXIT_OK else worst


def judged_parts(job: Job) -> Iterator[tuple[str, Verdict | LogError]]:
    """Every log of the job's parts, judged, in order (``referee_path`` on each part)."""
    for part in job.parts:
        yield from referee_path(part.path, variant=job.variant, all_violations=job.all_violations,
                                start=part.start, end=part.end, lines_before=part.lines_before)


def judge_job(job: Job) -> JobResult:
    """Judge a job's logs where it runs, reading its own files, and return what to print.

    Memory is bounded by one log and the job's rendered lines (a summary keeps counts, not
    verdicts)."""
    lines: list[tuple[int, str]] = []
    worst = EXIT_OK
    logs = 0

    def each() -> Iterator[tuple[str, Verdict | LogError]]:
        nonlocal worst, logs
        for name, verdict in judged_parts(job):
            logs += 1
            worst = _worst(worst, verdict)
            if job.output != "summary":
                lines.extend(render(name, verdict, job.output == "json"))
            elif isinstance(verdict, LogError):
                lines.extend(error_lines(verdict))
            yield name, verdict

    if job.output == "summary":
        summary: Summary | None = Summary.of(each())
    else:
        summary = None
        for _ in each():
            pass
    return JobResult(tuple(lines), worst, summary, sum(p.size for p in job.parts), logs)


def _stdin_job(job: Job) -> JobResult:
    """``-``: one log read from standard input in the parent, as ``referee -`` reads it."""
    name = "-"
    try:
        text, _ = read_text(sys.stdin.buffer)
        judged: Verdict | LogError = referee_text(text, name, variant=job.variant,
                                                  all_violations=job.all_violations)
    except LogError as err:
        judged = err
    except DocumentError as err:
        judged = LogError(err.location or name, err.reason)
    if job.output == "summary":
        lines = error_lines(judged) if isinstance(judged, LogError) else []
        return JobResult(tuple(lines), _worst(EXIT_OK, judged), Summary.of([(name, judged)]), 0, 1)
    return JobResult(tuple(render(name, judged, job.output == "json")), _worst(EXIT_OK, judged), None, 0, 1)


# ---------------------------------------------------------------------------- planning


def chunk_size(size: int, workers: int) -> int:
    """The bytes of each range an archive of ``size`` bytes is cut into for ``workers``:
    about 32 ranges a worker (so that the last ones to finish leave little idle time),
    between 256 KiB and 4 MiB.

    >>> chunk_size(80_000_000, 2), chunk_size(1000, 2), chunk_size(10**12, 64)
    (1250000, 262144, 4194304)
    """
    return max(MIN_CHUNK, min(MAX_CHUNK, size // max(1, workers * 32)))


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return 0


def count_newlines(path: str, start: int, end: int) -> int:
    """The ``\n`` bytes in ``[start, end)`` of a file, read a block at a time (0 if it cannot
    be read: the job that judges the range reports why)."""
    try:
        handle = open_regular(path, path)
    except DocumentError:
        return 0
    count = 0
    with handle:
        handle.seek(start)
        left = end - start
        while left > 0:
            block = handle.read(min(left, _BLOCK))
            if not block:
                break
            count += block.count(b"\n")
            left -= len(block)
    return count


NewlineCounter = Callable[[str, int, int], Callable[[], int]]
"""Starts counting the newlines of a range somewhere (a Dask worker) and returns a function
that waits for the count."""

COUNTS_AHEAD = 64
"""Ranges whose newlines are being counted ahead of the one handed out (with a ``NewlineCounter``)."""


def archive_parts(path: str, chunk: int, counter: NewlineCounter | None = None) -> Iterator[Part]:
    """The ranges of an archive, each with the newlines before it, counted as they are
    reached (lazily: the first range is handed out before the second is counted).  The
    parent counts them itself, or with ``counter`` has them counted elsewhere (on a cluster,
    by the workers, a window of ranges ahead), so that it does not read the whole archive.
    An archive that cannot be opened is one part, whose worker reports why; an archive of one
    range is not read here at all."""
    try:
        handle = open_regular(path, path)
    except DocumentError:
        yield Part(path)
        return
    with handle:
        size = os.fstat(handle.fileno()).st_size
        if counter is not None:
            handle.close()
            yield from _counted_parts(path, size, chunk, counter)
            return
        start, newlines = 0, 0
        while True:
            end = start + chunk
            if end >= size:  # the last range reads to the end, as far as the file goes then
                yield Part(path, start, None, newlines, max(0, size - start))
                return
            yield Part(path, start, end, newlines, chunk)
            left = chunk
            while left:
                block = handle.read(min(left, _BLOCK))
                if not block:
                    break
                newlines += block.count(b"\n")
                left -= len(block)
            start = end


def _counted_parts(path: str, size: int, chunk: int, counter: NewlineCounter) -> Iterator[Part]:
    starts = range(0, max(size, 1), chunk)
    counts: deque[Callable[[], int]] = deque()
    ahead = iter(starts[:-1])  # the newlines of every range but the last are needed
    for start in itertools.islice(ahead, COUNTS_AHEAD):
        counts.append(counter(path, start, start + chunk))
    newlines = 0
    for start in starts:
        last = start + chunk >= size
        yield Part(path, start, None if last else start + chunk, newlines, (size - start) if last else chunk)
        if counts:
            newlines += counts.popleft()()
            for more in itertools.islice(ahead, 1):
                counts.append(counter(path, more, more + chunk))


STDIN = "-"


def plan(paths: Sequence[str], *, variant: Variant | None = None, all_violations: bool = False,
         output: str = "text", workers: int = 1, chunk: int | None = None,
         counter: NewlineCounter | None = None) -> Generator[Job, None, None]:
    """The jobs for ``paths``, in input order: each archive (``.jsonl``) cut into ranges of
    ``chunk`` bytes (default :func:`chunk_size`), other files up to :data:`FILES_PER_JOB` to a
    job, ``-`` a job of its own (the parent reads standard input).  ``counter`` counts the
    newlines before each range elsewhere (see :func:`archive_parts`)."""
    files: list[Part] = []

    def job(parts: Iterable[Part]) -> Job:
        return Job(tuple(parts), variant, all_violations, output)

    for path in paths:
        if path != STDIN and not path.endswith(".jsonl"):
            files.append(Part(path, size=_size(path)))
            if len(files) >= FILES_PER_JOB:
                yield job(files)
                files = []
            continue
        if files:
            yield job(files)
            files = []
        if path == STDIN:
            yield job([Part(STDIN)])
            continue
        for part in archive_parts(path, chunk or chunk_size(_size(path), workers), counter):
            yield job([part])
    if files:
        yield job(files)


# ---------------------------------------------------------------------------- running


Submit = Callable[[Job], Callable[[], JobResult]]
"""Starts a job somewhere and returns a function that waits for its result."""


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupt is the parent's: it ends the run


def cores() -> int:
    """The cores this process may run on (``--jobs 0``)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def results(jobs: Iterable[Job], submit: Submit, window: int) -> Iterator[JobResult]:
    """Each job's result in the jobs' order, with at most ``window`` jobs in flight (``-``,
    standard input, is judged here when its turn comes)."""
    pending: deque[Callable[[], JobResult]] = deque()
    for job in jobs:
        if job.parts[0].path == STDIN and len(job.parts) == 1:
            while pending:  # everything before it is printed first; then it is read and judged here
                yield pending.popleft()()
            yield _stdin_job(job)
            continue
        pending.append(submit(job))
        while len(pending) >= window:
            yield pending.popleft()()
    while pending:
        yield pending.popleft()()


def local(job: Job) -> Callable[[], JobResult]:
    """Run a job here and now (``--jobs 1 --summary``)."""
    result = judge_job(job)
    return lambda: result


def on_executor(executor: Executor) -> Submit:
    """Run jobs on ``executor`` (a process pool, or a Dask client's executor)."""
    def submit(job: Job) -> Callable[[], JobResult]:
        return executor.submit(judge_job, job).result
    return submit


def run(paths: Sequence[str], *, variant: Variant | None = None, all_violations: bool = False,
        as_json: bool = False, summary: bool = False, jobs: int = 1, submit: Submit | None = None,
        workers: int | None = None, chunk: int | None = None, counter: NewlineCounter | None = None,
        stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """``speedrules referee`` over ``paths`` with ``jobs`` processes (0: every core), or on
    ``submit`` (a Dask cluster, with ``workers`` its worker count, and ``counter`` to count an
    archive's newlines there too): print what ``--jobs 1``
    prints (or, with ``summary``, the :class:`~speedrules.judge.summary.Summary`) and return the
    exit code.  A progress bar goes to ``stderr`` when it is a terminal."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    n = cores() if jobs == 0 else jobs
    output = "summary" if summary else "json" if as_json else "text"
    width = workers or n
    planned = plan(paths, variant=variant, all_violations=all_violations, output=output, workers=width,
                   chunk=chunk, counter=counter)
    size = sum(_size(p) for p in paths if p != STDIN)
    judged = [0]  # the logs judged so far, for the bar

    def describe(done: int, rate: float, left: float) -> str:
        return (f"{min(done, size) / 1e6:.1f}/{size / 1e6:.1f} MB, {judged[0]} logs, {rate / 1e6:.1f} MB/s, "
                f"{left:.0f} s left")

    progress = Progress(err, size, describe) if err.isatty() else None
    total = Summary() if summary else None
    worst = EXIT_OK
    pool: ProcessPoolExecutor | None = None
    if submit is None:
        if n > 1:
            pool = ProcessPoolExecutor(n, initializer=_ignore_interrupts)
            submit = on_executor(pool)
        else:
            submit = local
    try:
        for result in results(planned, submit, width * WINDOW_PER_WORKER):
            worst = max(worst, result.worst)
            if total is not None and result.summary is not None:
                total += result.summary
            if result.lines:
                if progress is not None:
                    progress.clear()
                _write(result.lines, out, err)
            if progress is not None:
                judged[0] += result.logs
                progress.update(progress.done + result.size)
    finally:
        planned.close()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        if progress is not None:
            progress.clear()
    if total is not None:
        out.write(printable(json.dumps(total.to_json()) if as_json else total.table()) + "\n")
    return worst


def _write(lines: Sequence[tuple[int, str]], out: TextIO, err: TextIO) -> None:
    """Write the lines in order, each run of lines to one stream in one call."""
    run_stream, run_text = lines[0][0], list[str]()
    for stream, text in lines:
        if stream != run_stream:
            (out if run_stream == STDOUT else err).write("".join(run_text))
            run_stream, run_text = stream, list[str]()
        run_text.append(text + "\n")
    (out if run_stream == STDOUT else err).write("".join(run_text))


def run_referee_many(paths: Sequence[str], *, variant: Variant | None = None, all_violations: bool = False,
                     as_json: bool = False, summary: bool = False, jobs: int | None = None) -> int:
    """The command line's ``referee --jobs N`` and ``--summary``: :func:`run` on ``jobs``
    processes (``--scheduler ADDRESS``, on a Dask cluster, is :func:`speedrules.dask.referee_on_cluster`)."""
    return run(paths, variant=variant, all_violations=all_violations, as_json=as_json, summary=summary,
               jobs=1 if jobs is None else jobs)

