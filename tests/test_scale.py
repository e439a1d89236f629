"""`speedrules referee --jobs N` and `--summary` (issue 14, docs/scale.md): the output of every
process count is the output of one, byte for byte, with the same exit code; ranges cut anywhere
judge every line of an archive once, with its own line number; the summary adds up."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import speedrules
from speedrules.cli.main import main
from speedrules.core import progress
from speedrules.judge import parallel
from speedrules.judge.parallel import Job, Part, judge_job, render
from speedrules.judge.referee import referee_path
from speedrules.judge.summary import Summary
from speedrules.logs import log as log_module

pytestmark = pytest.mark.slow  # a long run: CI's own step (pytest -m slow), not the README's command


def test_log_errors_cross_processes_whole() -> None:
    import pickle

    err = speedrules.LogError("a.jsonl:3", "not JSON", [("a.jsonl:3", "not JSON"), ("a.jsonl:3: x", "y")])
    back = pickle.loads(pickle.dumps(err))
    assert (type(back), back.problems, str(back), back.location) == (type(err), err.problems, str(err), err.location)

REPO = Path(__file__).resolve().parent.parent
LOG_FILES = sorted([*(REPO / "examples").glob("*.json"), *(REPO / "tests" / "logs").glob("*.json")])
"""Valid and invalid Speed and Spit logs, one breaking each rule (tests/logs)."""


def _one_line(path: Path) -> bytes:
    return json.dumps(json.loads(path.read_text(encoding="utf-8"))).encode()


def _simulated(variant: str, n: int, seed: int) -> list[bytes]:
    return [json.dumps(r.log.to_json()).encode() for r in speedrules.simulate(variant, n, seed=seed, logs=True)
            if r.log is not None]


UNREADABLE = [b"{not json", b"\xff\xfe not UTF-8", b"[1, 2]", b'{"format": "speedrules-log/1"}',
              b'{"format": "speedrules-log/1", "variant": "no-such-variant", "deals": []}',
              b'{"format": "speedrules-log/1", "variant": "/etc/passwd", "deals": []}',
              b'{"format": "speedrules-log/1", "variant": "speed", "deals": [{"layout": {}}]}']


@pytest.fixture(scope="module")
def lines() -> list[bytes]:
    """Every kind of line an archive may hold: valid and invalid logs of Speed and Spit (one for
    each rule id), unreadable lines, blank lines, a carriage return inside a line, a CRLF end."""
    logs = [_one_line(p) for p in LOG_FILES] + _simulated("speed", 40, 3) + _simulated("spit", 6, 3)
    out: list[bytes] = []
    for i, line in enumerate(logs):
        out.append(line)
        if i % 7 == 3:
            out.append(UNREADABLE[(i // 7) % len(UNREADABLE)])
        if i % 11 == 5:
            out.append(b"   ")
    out[5] = out[5] + b"\r"  # a CRLF ending
    out.insert(9, b'{"format": "speedrules-log/1",\r "variant": "speed", "deals": []}')  # a lone CR in a line
    return out


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory, lines: list[bytes]) -> Path:
    path = tmp_path_factory.mktemp("scale") / "mixed.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"\n".join(lines) + b"\n")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("options", [[], ["--json"], ["--all"], ["--all", "--json"]], ids=" ".join)
def test_jobs_print_what_one_process_prints(capsys: pytest.CaptureFixture[str], archive: Path,
                                            options: list[str]) -> None:
    inputs = [str(archive), str(LOG_FILES[0]), str(REPO / "missing.json"), *map(str, LOG_FILES[-3:]), str(archive)]
    one = run(capsys, "referee", *options, *inputs)
    assert one[0] == 2 and one[1] and "Traceback" not in one[2]
    assert bool(one[2]) is ("--json" not in options)  # unreadable lines: stderr, or error objects with --json
    assert run(capsys, "referee", "--jobs", "2", *options, *inputs) == one
    assert run(capsys, "referee", "--jobs", "0", *options, *inputs) == one
    # Ranges far smaller than a log: every line is cut somewhere, and many ranges hold no line start.
    out, err = io.StringIO(), io.StringIO()
    code = parallel.run(inputs, as_json="--json" in options, all_violations="--all" in options, jobs=2, chunk=997,
                        stdout=out, stderr=err)
    assert (code, out.getvalue(), err.getvalue()) == one


def test_variants_given_and_variant_files_beside_the_archive(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                             lines: list[bytes]) -> None:
    """--variant goes to the workers; a log's variant file is looked up in the archive's folder."""
    (tmp_path / "house.yaml").write_text("extends: speed\nname: house\n", encoding="utf-8")
    own = json.loads(lines[-50])  # a simulated speed log
    own["variant"] = "house.yaml"
    outside = dict(own, variant="../house.yaml")
    archive = tmp_path / "house.jsonl"
    archive.write_bytes(b"\n".join([*lines[-50:-40], json.dumps(own).encode(), json.dumps(outside).encode()]))
    for options in ([], ["--variant", "speed-15"], ["--variant", str(tmp_path / "house.yaml")]):
        one = run(capsys, "referee", "--json", *options, str(archive))
        assert run(capsys, "referee", "--json", "--jobs", "2", *options, str(archive)) == one
        out = io.StringIO()
        parallel.run([str(archive)], as_json=True, jobs=2, chunk=3000, variant=speedrules.load_variant(
            options[1]) if options else None, stdout=out, stderr=io.StringIO())
        assert out.getvalue() == one[1]
    printed = run(capsys, "referee", "--json", "--jobs", "2", str(archive))[1]
    verdicts = [json.loads(line) for line in printed.splitlines()]
    assert verdicts[-2].get("variant") == "house" and "may not be read" in verdicts[-1]["error"]["message"]


def test_exit_codes_are_those_of_one_process(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    valid = [p for p in LOG_FILES if "near-miss" in p.name][:4]
    invalid = [p for p in LOG_FILES if "trigger" in p.name][:4]
    for paths, code in ((valid, 0), (valid + invalid, 1), ([*valid, tmp_path / "none.jsonl"], 2)):
        archive = tmp_path / f"a{code}.jsonl"
        archive.write_bytes(b"\n".join(_one_line(p) for p in paths if p.exists()) + b"\n")
        inputs = [str(archive)] + ([str(p) for p in paths if not p.exists()])
        for jobs in ("1", "2"):
            assert run(capsys, "referee", "--jobs", jobs, *inputs)[0] == code
            assert run(capsys, "referee", "--jobs", jobs, "--summary", *inputs)[0] == code


def _rendered(judged: Iterator[tuple[str, speedrules.Verdict | speedrules.LogError]], as_json: bool) -> list[
        tuple[int, str]]:
    return [line for name, verdict in judged for line in render(name, verdict, as_json)]


@pytest.fixture(scope="module")
def small_archive(tmp_path_factory: pytest.TempPathFactory, lines: list[bytes]) -> tuple[Path, dict[bool, object]]:
    """A short archive with one line of every kind (valid and invalid Speed and Spit logs,
    unreadable lines, a blank line, CR and CRLF) and what one process prints for it."""
    path = tmp_path_factory.mktemp("small") / "small.jsonl"
    spit = [line for line in lines if b'"spit' in line[:200]][:2]
    picked = [lines[0], lines[5], lines[9], *spit, *UNREADABLE[:3], b"", lines[-1], *_simulated("speed", 2, 9)]
    path.write_bytes(b"\xef\xbb\xbf" + b"\n".join(picked))  # no newline at the end
    return path, {as_json: _rendered(referee_path(path), as_json) for as_json in (False, True)}


@given(cuts=st.lists(st.integers(min_value=0, max_value=10**6), max_size=10), as_json=st.booleans())
def test_ranges_cut_anywhere_judge_every_line_once(small_archive: tuple[Path, dict[bool, object]], cuts: list[int],
                                                   as_json: bool) -> None:
    """Whatever the cuts, the ranges' lines in order are the archive's, numbered as in the whole file."""
    archive, whole = small_archive
    data = archive.read_bytes()
    size = len(data)
    bounds = sorted({0, *(c * (size + 2) // 10**6 for c in cuts)})
    parts: list[tuple[int, str]] = []
    for k, start in enumerate(bounds):
        end = bounds[k + 1] if k + 1 < len(bounds) else None
        part = Part(str(archive), start, end, data[:start].count(b"\n"))
        parts += judge_job(Job((part,), output="json" if as_json else "text")).lines
    assert parts == whole[as_json]


def test_plan_counts_the_newlines_before_each_range(archive: Path) -> None:
    data = archive.read_bytes()
    jobs = list(parallel.plan([str(archive)], chunk=5000))
    starts = [job.parts[0].start for job in jobs]
    assert starts == list(range(0, len(data), 5000))
    assert [job.parts[0].lines_before for job in jobs] == [data[:s].count(b"\n") for s in starts]
    assert jobs[-1].parts[0].end is None and all(j.parts[0].end == j.parts[0].start + 5000 for j in jobs[:-1])
    assert sum(job.parts[0].size for job in jobs) == len(data)


def test_newlines_counted_elsewhere_give_the_same_plan(archive: Path) -> None:
    """On a cluster the workers count each range's newlines (the client reads no archive)."""
    asked: list[tuple[int, int]] = []

    def counter(path: str, start: int, end: int) -> Callable[[], int]:
        asked.append((start, end))
        return lambda: parallel.count_newlines(path, start, end)

    for chunk in (997, 5000, 10**9):
        here = list(parallel.plan([str(archive)], chunk=chunk))
        asked.clear()
        assert list(parallel.plan([str(archive)], chunk=chunk, counter=counter)) == here
        assert asked == [(p.start, p.start + chunk) for job in here[:-1] for p in job.parts]
    assert parallel.count_newlines(str(archive), 0, 10**9) == archive.read_bytes().count(b"\n")
    assert parallel.count_newlines(str(archive.parent / "missing.jsonl"), 0, 100) == 0


def test_a_line_over_the_limit_cut_anywhere_is_one_located_error(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_module, "MAX_DOCUMENT_BYTES", 1000)
    good = _one_line(LOG_FILES[0])
    monkeypatch.setattr(log_module, "MAX_DOCUMENT_BYTES", len(good) + 10)
    archive = tmp_path / "long.jsonl"
    archive.write_bytes(good + b"\n" + b"x" * (5 * len(good)) + b"\n" + good + b"\n")
    whole = list(referee_path(archive))
    assert [name.rsplit(":", 1)[1] for name, _ in whole] == ["1", "2", "3"]
    assert isinstance(whole[1][1], speedrules.LogError) and "byte limit" in str(whole[1][1])
    out, err = io.StringIO(), io.StringIO()
    code = parallel.run([str(archive)], jobs=1, summary=False, chunk=100, stdout=out, stderr=err)
    expected = _rendered(iter(whole), False)
    assert code == 2
    assert out.getvalue() == "".join(t + "\n" for s, t in expected if s == parallel.STDOUT)
    assert err.getvalue() == "".join(t + "\n" for s, t in expected if s == parallel.STDERR)


def test_archives_that_cannot_be_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    inputs = [str(folder), str(fifo), str(link), str(tmp_path / "missing.jsonl")]
    one = run(capsys, "referee", *inputs)
    assert one[0] == 2 and one[1] == "" and len(one[2].splitlines()) == 4
    assert "it is a directory" in one[2] and "not a regular file" in one[2] and "no such file" in one[2]
    assert run(capsys, "referee", "--jobs", "2", *inputs) == one
    assert run(capsys, "referee", "--jobs", "2", "--json", *inputs) == run(capsys, "referee", "--json", *inputs)


def test_standard_input_keeps_its_place(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                        archive: Path) -> None:
    text = LOG_FILES[1].read_bytes()
    outputs = []
    for jobs in ("1", "2"):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
        outputs.append(run(capsys, "referee", "--jobs", jobs, str(archive), "-", str(LOG_FILES[0])))
    assert outputs[0] == outputs[1] and "\n-: " in outputs[0][1]


def test_summary_counts_every_log(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    inputs = [str(archive), *map(str, LOG_FILES)]
    judged_all = [judged for path in inputs for judged in referee_path(path)]
    expected = Summary.of(judged_all)
    code, out, err = run(capsys, "referee", "--summary", "--json", *inputs)
    assert json.loads(out) == expected.to_json()
    assert code == expected.exit_code == run(capsys, "referee", *inputs)[0]
    problems = [line for _, v in judged_all for line in (v.problems if isinstance(v, speedrules.LogError) else ())]
    assert err.splitlines() == [f"speedrules: {where}: {' '.join(why.split())}" for where, why in problems]
    assert expected.logs == expected.valid + expected.invalid + expected.unreadable
    triggered = {rule for rule in speedrules.RULES if (REPO / "tests/logs" / f"{rule}.trigger.json").exists()}
    assert expected.rules.keys() >= triggered
    assert run(capsys, "referee", "--summary", "--json", "--jobs", "2", *inputs) == (code, out, err)
    text = run(capsys, "referee", "--summary", *inputs)
    assert text[1] == expected.table() + "\n" and text[2] == err
    assert run(capsys, "referee", "--summary", "--jobs", "2", *inputs) == text
    out2 = io.StringIO()
    parallel.run(inputs, summary=True, jobs=2, chunk=3000, stdout=out2, stderr=io.StringIO())
    assert out2.getvalue() == text[1]


def test_summaries_add_up_in_any_grouping(archive: Path) -> None:
    judged = list(referee_path(archive))
    whole = Summary.of(judged)
    halves = Summary.of(judged[:17]) + Summary.of(judged[17:])
    assert halves == whole and sum((Summary.of([j]) for j in judged), Summary()) == whole
    assert whole.deals == sum(len(v.deals) for _, v in judged if isinstance(v, speedrules.Verdict))


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(archive: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter(range(0, 10_000))
    monkeypatch.setattr(progress.time, "monotonic", lambda: float(next(clock)))
    out, err = io.StringIO(), _Terminal()
    parallel.run([str(archive)], summary=True, jobs=1, chunk=20_000, stdout=out, stderr=err)
    assert "\r[" in err.getvalue() and "MB/s" in err.getvalue() and "s left" in err.getvalue()
    assert "logs" in err.getvalue() and "\r" not in out.getvalue()
    plain_out, plain_err = io.StringIO(), io.StringIO()
    parallel.run([str(archive)], summary=True, jobs=1, chunk=20_000, stdout=plain_out, stderr=plain_err)
    assert "\r" not in plain_err.getvalue() and plain_out.getvalue() == out.getvalue()
    shown = [line.rsplit("\r", 1)[-1] for line in err.getvalue().split("\n")]  # what the terminal shows
    assert [line for line in shown if line.strip()] == plain_err.getvalue().splitlines()  # errors stay whole lines


def test_bad_arguments(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    code, _, err = run(capsys, "referee", "--jobs", "-1", str(archive))
    assert code == 2 and "--jobs" in err
    code, _, err = run(capsys, "referee", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1", str(archive))
    assert code == 2 and "not both" in err and "Traceback" not in err


def test_without_dask_the_scheduler_flags_say_what_to_install(capsys: pytest.CaptureFixture[str], archive: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("dask", "dask.bag", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)  # an import of it fails, as if not installed
    import speedrules.dask as sd

    code, out, err = run(capsys, "referee", "--scheduler", "tcp://127.0.0.1:8786", str(archive))
    assert (code, out) == (2, "") and "pip install 'speedrules[dask]'" in err and "Traceback" not in err
    code, out, err = run(capsys, "simulate", "speed", "-n", "3", "--scheduler", "tcp://127.0.0.1:8786")
    assert (code, out) == (2, "") and "pip install 'speedrules[dask]'" in err
    with pytest.raises(sd.DaskUnavailableError, match="not installed"):
        sd.simulate_bag("speed", 3)
