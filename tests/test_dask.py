"""speedrules.dask and `--scheduler` on a real `distributed.LocalCluster` (two worker processes on
this machine): the same verdicts, summary and simulated results as one process (docs/scale.md).

Without Dask these tests are skipped, except in CI (the environment variable CI set), where a
missing Dask is a failure: the `test` extra installs it.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import speedrules
from speedrules.cli.main import main
from speedrules.judge import parallel
from speedrules.judge.referee import referee_path
from speedrules.judge.summary import Summary

if os.environ.get("CI"):
    import dask.bag  # CI installs the test extra, Dask included: its absence is a failure there
    import distributed
else:
    pytest.importorskip("dask.bag")
    pytest.importorskip("distributed")
    import dask.bag
    import distributed

import psutil

import speedrules.dask as sd

pytestmark = pytest.mark.slow  # a long run: CI's own step (pytest -m slow), not the README's command

REPO = Path(__file__).resolve().parent.parent
LOGS = sorted([*(REPO / "examples").glob("*.json"), *(REPO / "tests" / "logs").glob("*.json")])


def _ours(before: set[int]) -> list[psutil.Process]:
    """Processes started since ``before`` that still run, less multiprocessing's own resource
    tracker (one per parent, for its life, whoever started it)."""
    out = []
    for p in psutil.Process().children(recursive=True):
        try:
            if p.pid in before or p.status() == psutil.STATUS_ZOMBIE:
                continue
            if any("resource_tracker" in part for part in p.cmdline()):
                continue
        except psutil.NoSuchProcess:
            continue
        out.append(p)
    return out


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """Two worker processes, one thread each; afterwards no process of it is left."""
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=40) as local:
        assert len(_ours(before)) >= 2  # the workers are processes of their own
        yield local
    psutil.wait_procs(_ours(before), timeout=10)
    assert [" ".join(p.cmdline()) for p in _ours(before)] == []


@pytest.fixture(scope="module")
def archives(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two archives: valid and invalid Speed and Spit logs, unreadable and blank lines."""
    folder = tmp_path_factory.mktemp("dask")
    lines = [json.dumps(json.loads(p.read_text(encoding="utf-8"))).encode() for p in LOGS]
    lines += [json.dumps(r.log.to_json()).encode() for r in speedrules.simulate("spit", 4, seed=2, logs=True)
              if r.log is not None]
    lines[3:3] = [b"{not json", b"", b"\xff not UTF-8", b'{"format": "speedrules-log/1", "variant": "x", "deals": []}']
    half = len(lines) // 2
    paths = [folder / "a.jsonl", folder / "b.jsonl"]
    paths[0].write_bytes(b"\xef\xbb\xbf" + b"\n".join(lines[:half]) + b"\n")
    paths[1].write_bytes(b"\n".join(lines[half:]))
    return paths


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_referee_on_the_cluster_prints_what_one_process_prints(capsys: pytest.CaptureFixture[str], cluster: Any,
                                                               archives: list[Path]) -> None:
    inputs = [*map(str, archives), *map(str, LOGS[:5])]
    for options in ([], ["--json"], ["--summary"], ["--summary", "--json"], ["--all"]):
        one = run(capsys, "referee", *options, *inputs)
        assert one[0] == 2 and one[1]
        assert run(capsys, "referee", "--scheduler", cluster.scheduler_address, *options, *inputs) == one


def test_ranges_counted_and_judged_by_the_workers(cluster: Any, archives: list[Path]) -> None:
    """Small ranges: the workers count each one's newlines and judge it; the same output."""
    inputs = [str(p) for p in archives]
    expected = [line for path in inputs for name, v in referee_path(path) for line in parallel.render(name, v, False)]
    with distributed.Client(cluster) as client:
        def submit(job: parallel.Job) -> Any:
            return client.submit(parallel.judge_job, job, pure=False).result

        def counter(path: str, start: int, end: int) -> Any:
            return client.submit(parallel.count_newlines, path, start, end, pure=False).result

        out, err = io.StringIO(), io.StringIO()
        code = parallel.run(inputs, submit=submit, counter=counter, workers=2, chunk=2000, stdout=out, stderr=err)
    assert code == 2
    assert out.getvalue() == "".join(t + "\n" for s, t in expected if s == parallel.STDOUT)
    assert err.getvalue() == "".join(t + "\n" for s, t in expected if s == parallel.STDERR)


def test_bags_judge_as_the_command_line_does(cluster: Any, archives: list[Path]) -> None:
    with distributed.Client(cluster) as client:
        expected = [judged for path in archives for judged in referee_path(path)]
        # A glob of archives through dask.bag.read_text: the same names and verdicts, the same summary.
        judged = sd.read_archives(str(archives[0].parent / "*.jsonl"))
        got = judged.compute(scheduler=client.get)
        assert [name for name, _ in got] == [name for name, _ in expected]
        assert [_key(v) for _, v in got] == [_key(v) for _, v in expected]
        assert sd.summarize(judged, scheduler=client.get) == Summary.of(expected)
        # Cut into small ranges, counted and judged by the workers: the same again.
        cut = sd.read_archives(str(archives[0].parent / "*.jsonl"), blocksize=2048)
        assert cut.npartitions > 10
        assert [(name, _key(v)) for name, v in cut.compute(scheduler=client.get)] == [
            (name, _key(v)) for name, v in expected]
        # A bag of texts.
        texts = dask.bag.from_sequence([(str(p), p.read_text(encoding="utf-8")) for p in LOGS], npartitions=4)
        from_texts = sd.judge(texts).compute(scheduler=client.get)
        assert [_key(v) for _, v in from_texts] == [_key(v) for p in LOGS for _, v in referee_path(p)]


def _key(judged: speedrules.Verdict | speedrules.LogError) -> object:
    return judged.problems if isinstance(judged, speedrules.LogError) else judged.to_json()


def test_simulate_on_the_cluster_gives_the_local_results(capsys: pytest.CaptureFixture[str], cluster: Any,
                                                         tmp_path: Path) -> None:
    local = list(speedrules.simulate("speed", 60, seed=11, bots="random,greedy"))
    with distributed.Client(cluster) as client:
        bag = sd.simulate_bag("speed", 60, seed=11, bots="random,greedy", partitions=5)
        assert bag.compute(scheduler=client.get) == local
    assert list(sd.simulate_on(cluster.scheduler_address, "speed", 60, seed=11, bots="random,greedy")) == local
    for variant in ("speed", "spit"):
        one = run(capsys, "simulate", variant, "-n", "40", "--seed", "4", "--json")
        assert run(capsys, "simulate", variant, "-n", "40", "--seed", "4", "--json",
                   "--scheduler", cluster.scheduler_address) == one
    here, there = tmp_path / "here", tmp_path / "there"
    run(capsys, "simulate", "spit", "-n", "5", "--seed", "2", "--logs", str(here))
    run(capsys, "simulate", "spit", "-n", "5", "--seed", "2", "--logs", str(there), "--scheduler",
        cluster.scheduler_address)
    assert sorted(p.name for p in there.iterdir()) == sorted(p.name for p in here.iterdir()) != []
    assert all((there / p.name).read_bytes() == p.read_bytes() for p in here.iterdir())
    code, _, err = run(capsys, "simulate", "speed", "-n", "4", "--logs", str(tmp_path / "a.jsonl"), "--scheduler",
                       cluster.scheduler_address)
    assert code == 2 and "--logs DIR" in err
    code, _, err = run(capsys, "simulate", "speed", "-n", "4", "--jobs", "2", "--scheduler", cluster.scheduler_address)
    assert code == 2 and "not both" in err


def test_an_unreachable_scheduler_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    real = sd.connect.__wrapped__  # type: ignore[attr-defined]

    def quick(address: str, *, timeout: float = 10.0) -> Any:
        return real(address, timeout=1.0)

    monkeypatch.setattr(sd, "connect", sd.contextlib.contextmanager(quick))
    code, out, err = run(capsys, "referee", "--scheduler", "tcp://127.0.0.1:9", str(LOGS[0]))
    assert (code, out) == (2, "") and "cannot reach a Dask scheduler" in err and "Traceback" not in err


# ---------------------------------------------------------------------------- read_archives: any cut, right names


def _memory_copy(paths: list[Path], folder: str) -> str:
    """The archives copied to fsspec's in-memory file system (a file system that is not the
    local one, as ``s3://`` is not): the glob that names them."""
    import fsspec

    memory = fsspec.filesystem("memory")
    for path in paths:
        with memory.open(f"{folder}/{path.name}", "wb") as handle:
            handle.write(path.read_bytes())
    return f"memory://{folder}/*.jsonl"


@pytest.mark.parametrize("blocksize", [None, sd.DEFAULT_BLOCKSIZE, 4096, 997, "3KiB"])
def test_read_archives_names_every_line_as_the_command_line_does(archives: list[Path], blocksize: int | str | None
                                                                 ) -> None:
    """Whatever the cut, local or not: each line named with its number in its whole file and
    judged as ``referee`` judges it; small blocks cut every archive into many partitions."""
    folder = f"/cut-{str(blocksize).lower()}"
    expected = [repr((name, _key(v))) for path in archives for name, v in referee_path(path)]
    local = sd.read_archives(str(archives[0].parent / "*.jsonl"), blocksize=blocksize)
    other = sd.read_archives(_memory_copy(archives, folder), blocksize=blocksize)
    if blocksize == 997:
        assert local.npartitions == sum(-(-p.stat().st_size // 997) for p in archives) > 2 * len(archives)
        assert other.npartitions > 2 * len(archives)
    assert [repr((name, _key(v))) for name, v in local.compute(scheduler="sync")] == expected
    assert [repr((name, _key(v))).replace(folder, str(archives[0].parent))
            for name, v in other.compute(scheduler="sync")] == expected


def test_read_archives_the_issue_s_lines_1503_and_2004(tmp_path: Path) -> None:
    """The report: two bad lines of a 2,100-line archive, read with ``blocksize=2**16`` (the
    report's 2**20 on a bigger archive), both named ``:249`` before; and by default the
    archive is cut too (it was one partition)."""
    game = speedrules.deal("speed", seed=1, names=["Ann", "Ben"])
    game.reveal()
    game.play(0, "JC", 1)
    game.draw(0)
    line = game.to_log().dumps()
    assert "\n" not in line and len(line) > 600  # so the archive is over 1 MiB
    lines = [line] * 2100
    lines[1502], lines[2003] = "{not json", "[1]"
    archive = tmp_path / "big.jsonl"
    archive.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for options in ({"blocksize": 2**16}, {"blocksize": 2**20}, {}):
        bag = sd.read_archives(str(archive), **options)
        judged = bag.compute(scheduler="sync")
        assert len(judged) == 2100
        assert [name for name, v in judged if isinstance(v, speedrules.LogError)] == [f"{archive}:1503",
                                                                                      f"{archive}:2004"]
        assert [name for name, _ in judged] == [f"{archive}:{n}" for n in range(1, 2101)]
        expected = -(-archive.stat().st_size // options.get("blocksize", sd.DEFAULT_BLOCKSIZE))
        assert bag.npartitions == expected > 1


def test_read_archives_counts_newlines_in_tasks_not_here(archives: list[Path], monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The ranges' newlines are counted by tasks (the workers on a cluster), with the
    command line's counter: building the bag reads no line, and each range but the last of
    each archive is counted once."""
    calls: list[tuple[str, int, int]] = []

    def counting(path: str, start: int, end: int) -> int:
        calls.append((path, start, end))
        return parallel.count_newlines(path, start, end)

    monkeypatch.setattr(sd, "count_newlines", counting)
    bag = sd.read_archives([str(p) for p in archives], blocksize=1000)
    assert calls == []
    bag.compute(scheduler="sync")
    ranges = [(str(p), start, start + 1000) for p in archives for start in range(0, p.stat().st_size - 1000, 1000)]
    assert sorted(calls) == sorted(ranges)


@pytest.mark.parametrize("blocksize", [0, -5, 1.5, True, "lots"])
def test_read_archives_refuses_a_blocksize_that_is_not_bytes(archives: list[Path], blocksize: object) -> None:
    with pytest.raises(speedrules.InvalidArgumentError, match="blocksize"):
        sd.read_archives(str(archives[0]), blocksize=blocksize)  # type: ignore[arg-type]
