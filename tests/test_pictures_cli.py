"""`speedrules render`, `speedrules view` and `speedrules simulate ... --plot` on the command line:
what they draw, and hostile or bad input (a located error and exit 2, never a traceback)."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from fuzzing import FUZZ_EXAMPLES, run_cli, seed_documents
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from snap_family import snap_log

from speedrules import Game, Log, SpitGame, family_of, read_log, referee
from speedrules.cli.main import main
from speedrules.show import svg

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
FINISHED = str(EXAMPLES / "finished-game.json")
ILLEGAL = str(EXAMPLES / "illegal-play.json")
SPIT = str(EXAMPLES / "spit-game.json")
HOSTILE = ["</script><script>alert(1)</script>", "<svg onload=alert(2)>"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def archive(tmp_path: Path, *logs: str) -> Path:
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(json.loads(Path(p).read_text(encoding="utf-8"))) + "\n" for p in logs),
                    encoding="utf-8")
    return path


def hostile(tmp_path: Path) -> Path:
    data = json.loads(Path(ILLEGAL).read_text(encoding="utf-8"))
    data["players"] = HOSTILE
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------- render


def test_render_draws_the_first_violation_by_default(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "table.svg"
    code, stdout, err = run(capsys, "render", ILLEGAL, "-o", str(out))
    assert (code, err) == (0, "")
    assert stdout == f"{out}: {ILLEGAL} deal 0, the table before event 21, which breaks rule play.rank\n"
    picture = out.read_text(encoding="utf-8")
    ET.fromstring(picture)
    assert 'class="violation" data-rule="play.rank"' in picture and picture.count('class="offending"') == 2
    log = read_log(ILLEGAL)
    assert picture == svg.table(Game.from_log(log, 0, upto=21), mark=svg.Mark.of(
        referee(log).violations[0], log.actions(0)[21][0]), caption="the table before event 21, which breaks a rule")


def test_render_after_k_events(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    assert run(capsys, "render", FINISHED, "--event", "5", "-o", str(out))[0] == 0
    assert out.read_text(encoding="utf-8") == svg.table(Game.from_log(read_log(FINISHED), 0, upto=5),
                                                        caption="after 5 events")
    assert run(capsys, "render", FINISHED, "--event", "0", "--viewer", "1", "-o", str(out))[0] == 0
    assert "the layout, before the first event" in out.read_text(encoding="utf-8")
    assert run(capsys, "render", FINISHED, "--event", "3", "--highlight", "6H", "-o", str(out))[0] == 0
    assert 'data-target="true"' in out.read_text(encoding="utf-8")


def test_render_refuses_a_table_it_cannot_know(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    code, stdout, err = run(capsys, "render", ILLEGAL, "--event", "22", "-o", str(out))
    assert (code, stdout) == (2, "")
    assert err == (f"speedrules: --event: deal 0 of {ILLEGAL} breaks a rule at event 21 (play.rank): the table is "
                   "known up to --event 21\n")
    code, _, err = run(capsys, "render", FINISHED, "--event", "9999", "-o", str(out))
    assert code == 2 and "--event is at most that" in err
    code, _, err = run(capsys, "render", FINISHED, "--deal", "1", "-o", str(out))
    assert code == 2 and err == f"speedrules: --deal: there is no deal 1: {FINISHED} holds 1 deal(s)\n"
    code, _, err = run(capsys, "render", FINISHED, "--viewer", "5", "-o", str(out))
    assert (code, err) == (2, "speedrules: --viewer: viewer is a seat from 0 to 1, not 5\n")
    code, _, err = run(capsys, "render", FINISHED, "--highlight", "1X", "--viewer", "0", "-o", str(out))
    assert code == 2 and err.startswith("speedrules: --highlight: ") and "1X" in err
    code, _, err = run(capsys, "render", FINISHED, "--event", "-1", "-o", str(out))
    assert code == 2 and "must be a whole number >= 0" in err
    assert not out.exists()


def test_render_says_when_the_highlighted_card_is_nowhere_to_outline(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    """--highlight names a card the picture can outline (in a hand shown; Spit: a stock pile's top
    shown), else exit 2 and why, and no picture."""
    out = tmp_path / "t.svg"
    log = read_log(FINISHED)
    game = Game.from_log(log, 0, upto=3)
    starter = str(log.deals[0].layout().starters[0])  # on a centre pile, in no hand
    code, stdout, err = run(capsys, "render", FINISHED, "--event", "3", "--highlight", starter, "-o", str(out))
    assert (code, stdout) == (2, "") and not out.exists()
    assert err == f"speedrules: --highlight: {starter} is in no hand on this table: there is nothing to outline\n"
    bens = str(game.hands[1][0])
    code, _, err = run(capsys, "render", FINISHED, "--event", "3", "--highlight", bens, "--viewer", "0", "-o", str(out))
    assert (code, err) == (2, f"speedrules: --highlight: {bens} is not in Ann's hand on this table: there is "
                              "nothing to outline\n")
    assert run(capsys, "render", FINISHED, "--event", "3", "--highlight", bens, "-o", str(out))[0] == 0
    assert 'class="chosen"' in out.read_text(encoding="utf-8")
    spit = SpitGame.from_log(read_log(SPIT), 1, upto=4)
    under = str(spit.spit_piles[0][0])  # a spit pile's card, on no stock pile's top
    code, _, err = run(capsys, "render", SPIT, "--deal", "1", "--event", "4", "--highlight", under, "-o",
                       str(tmp_path / "s.svg"))
    assert (code, err) == (2, f"speedrules: --highlight: {under} is on top of no stock pile on this table: there "
                              "is nothing to outline\n")


def test_a_family_registered_in_the_tests_is_rendered_with_no_edit_to_the_command(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Snap pile (tests/snap_family.py) through ``render``: read, judged and drawn by the
    command's generic path."""
    log = tmp_path / "snap.json"
    log.write_text(json.dumps(snap_log([(0, "7H", 100), (1, "9H", 250), (0, "2C", 400)])), encoding="utf-8")
    out = tmp_path / "snap.svg"
    code, stdout, err = run(capsys, "render", str(log), "-o", str(out))
    assert (code, err) == (0, "")
    assert stdout == f"{out}: {log} deal 0, the table before event 2, which breaks rule play.rank\n"
    picture = out.read_text(encoding="utf-8")
    assert 'data-rule="play.rank"' in picture and 'data-card="9H" data-in="pile"' in picture
    code, stdout, err = run(capsys, "render", str(log), "--event", "1", "--highlight", "KD", "--viewer", "0",
                            "-o", str(out))
    assert (code, err) == (2, "speedrules: --highlight: KD is not in Ann's hand on this table: there is nothing to "
                              "outline\n")
    code, stdout, err = run(capsys, "render", str(log), "--event", "1", "--highlight", "2C", "-o", str(out))
    assert (code, stdout) == (0, f"{out}: {log} deal 0, after 1 event\n")
    assert 'class="chosen"' in out.read_text(encoding="utf-8")


def test_render_spit_rounds(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    code, stdout, _ = run(capsys, "render", str(EXAMPLES / "spit-early-spit.json"), "-o", str(out))
    assert code == 0 and "which breaks rule spit.early" in stdout
    assert 'data-rule="spit.early"' in out.read_text(encoding="utf-8")
    assert run(capsys, "render", SPIT, "--deal", "1", "--event", "4", "-o", str(out))[0] == 0
    assert out.read_text(encoding="utf-8") == svg.table(SpitGame.from_log(read_log(SPIT), 1, upto=4),
                                                        caption="after 4 events")


def test_render_numbers_an_archives_deals_in_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    games = archive(tmp_path, FINISHED, ILLEGAL)
    out = tmp_path / "t.svg"
    code, stdout, _ = run(capsys, "render", str(games), "-o", str(out))
    assert code == 0 and stdout.startswith(f"{out}: {games}:2 deal 0, the table before event 21")
    code, stdout, _ = run(capsys, "render", str(games), "--deal", "0", "-o", str(out))
    assert code == 0 and f"{games}:1 deal 0, after 77 events" in stdout


def test_render_and_view_read_standard_input(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    text = Path(ILLEGAL).read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "speedrules", "render", "-", "-o", str(out)], input=text,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert 'data-rule="play.rank"' in out.read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "speedrules", "view", "-", "-o", "-"], input=text,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("command", ["render", "view"])
def test_bad_input_is_a_located_error(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    out = tmp_path / "out"
    missing = tmp_path / "missing.json"
    code, stdout, err = run(capsys, command, str(missing), "-o", str(out))
    assert (code, stdout) == (2, "") and f"{missing}: cannot read: no such file" in err
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "speedrules-log/1", "deals": [', encoding="utf-8")
    code, _, err = run(capsys, command, str(broken), "-o", str(out))
    assert code == 2 and str(broken) in err and "not valid JSON" in err
    data = json.loads(Path(FINISHED).read_text(encoding="utf-8"))
    data["deals"][0]["events"][3]["card"] = "1X"
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, command, str(schema), "-o", str(out))
    assert code == 2 and f"{schema}: deals[0].events[3].card: '1X' is not a card" in err
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps(json.loads(Path(FINISHED).read_text(encoding="utf-8"))) + "\nnot json\n",
                     encoding="utf-8")
    code, _, err = run(capsys, command, str(games), "-o", str(out))
    assert code == 2 and f"{games}:2" in err
    for name in ("/etc/passwd", "../speed.yaml"):  # a log may name no file outside its folder
        data = json.loads(Path(FINISHED).read_text(encoding="utf-8"))
        data["variant"] = name
        outside = tmp_path / "outside.json"
        outside.write_text(json.dumps(data), encoding="utf-8")
        code, _, err = run(capsys, command, str(outside), "-o", str(out))
        assert (code, err) == (2, f"speedrules: {outside}: variant: {name!r} may not be read: a log may name a "
                                  "bundled variant, or a variant file in its own folder (a relative path with no "
                                  "'..')\n")
    assert not out.exists()
    code, _, err = run(capsys, command, FINISHED, "-o", str(tmp_path / "no" / "such" / "dir.out"))
    assert code == 2 and "cannot write" in err


@pytest.mark.parametrize("command", ["render", "view"])
def test_a_bad_line_after_the_deal_asked_for_does_not_matter(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            command: str) -> None:
    """The archive is read up to the deal asked for; a bad line before it is an error (the deals
    after it could not be numbered)."""
    good = json.dumps(json.loads(Path(FINISHED).read_text(encoding="utf-8")))
    spit = json.dumps(json.loads(Path(SPIT).read_text(encoding="utf-8")))
    games = tmp_path / "mixed.jsonl"
    games.write_text("\n".join([good, spit, good, "not json", good]) + "\n", encoding="utf-8")
    rounds = len(read_log(SPIT).rounds)
    out = tmp_path / "out"
    code, stdout, err = run(capsys, command, str(games), "--deal", str(rounds + 1), "-o", str(out))
    assert (code, err) == (0, "") and stdout.startswith(f"{out}: ")
    if command == "view":
        deals = page_data(out.read_text(encoding="utf-8"))["deals"]
        assert isinstance(deals, list) and [d["title"] for d in deals] == [f"{games}:3: deal 0"]
    else:
        assert f"{games}:3 deal 0" in stdout
    code, stdout, err = run(capsys, command, str(games), "--deal", str(rounds + 2), "-o", str(out))
    assert (code, stdout) == (2, "") and err.startswith(f"speedrules: {games}:4: ")
    code, stdout, err = run(capsys, command, str(games), "-o", str(out))  # the whole archive: the bad line too
    assert code == 2 and err.startswith(f"speedrules: {games}:4: ")


def test_hostile_names_stay_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = hostile(tmp_path)
    picture, page = tmp_path / "t.svg", tmp_path / "r.html"
    assert run(capsys, "render", str(log), "-o", str(picture))[0] == 0
    drawn = picture.read_text(encoding="utf-8")
    ET.fromstring(drawn)
    assert "<script" not in drawn and "<svg onload" not in drawn
    assert run(capsys, "view", str(log), "-o", str(page))[0] == 0
    html = page.read_text(encoding="utf-8")
    assert html.count("<script") == 2 and "<svg onload" not in html and "</script><script>alert" not in html


# ------------------------------------------------------------------------------------- view


def page_data(page: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


def test_view_writes_one_page_for_a_log_or_an_archive(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "replay.html"
    code, stdout, err = run(capsys, "view", ILLEGAL, "-o", str(page))
    assert (code, err) == (0, "") and stdout == f"{page}: 1 deal(s), 22 tables; breaks a rule\n"
    html = page.read_text(encoding="utf-8")
    assert "BREAKS A RULE" in html and "play.rank" in html
    games = archive(tmp_path, FINISHED, ILLEGAL, SPIT)
    code, stdout, _ = run(capsys, "view", str(games), "-o", str(page))
    deals = page_data(page.read_text(encoding="utf-8"))["deals"]
    assert isinstance(deals, list)
    spit_rounds = len(read_log(SPIT).rounds)
    assert code == 0 and len(deals) == 2 + spit_rounds
    assert [d["title"] for d in deals][:2] == [f"{games}:1: deal 0", f"{games}:2: deal 0"]
    assert deals[-1]["title"] == f"{games}:3: round {spit_rounds - 1}"
    code, stdout, _ = run(capsys, "view", str(games), "--deal", "1", "-o", str(page))
    deals = page_data(page.read_text(encoding="utf-8"))["deals"]
    assert isinstance(deals, list) and [d["title"] for d in deals] == [f"{games}:2: deal 0"]
    assert run(capsys, "view", str(games), "--deal", "99", "-o", str(page))[0] == 2


def test_view_refuses_a_page_too_big_before_drawing_it(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import speedrules.cli.pictures

    monkeypatch.setattr(speedrules.cli.pictures, "MAX_FRAMES", 100)
    judged: list[str] = []
    drawn: list[str] = []
    judge, draw = speedrules.cli.pictures.referee, speedrules.cli.pictures.replay_deals
    monkeypatch.setattr(speedrules.cli.pictures, "referee", lambda log, **k: judged.append(log.name) or judge(log, **k))
    monkeypatch.setattr(speedrules.cli.pictures, "replay_deals",
                        lambda log, *a, **k: drawn.append(log.name) or draw(log, *a, **k))
    games = archive(tmp_path, FINISHED, ILLEGAL)
    code, stdout, err = run(capsys, "view", str(games), "-o", str(tmp_path / "r.html"))
    assert (code, stdout) == (2, "")
    assert err == f"speedrules: {games}: holds more than 100 tables, too many for one page: pick deals with --deal\n"
    # the first log's 78 tables fit; the second's are counted, and refused before the log is judged or drawn
    assert judged == drawn == [f"{games}:1"]
    assert run(capsys, "view", str(games), "--deal", "1", "-o", str(tmp_path / "r.html"))[0] == 0
    assert judged[1:] == [f"{games}:2"]  # --deal 1: the first log is read and counted, not judged


def gap_log(tmp_path: Path, moves: int) -> Path:
    """benchmarks/spit_gap_log.py's log (issue 29's hostile input class 3): a valid Spit round of
    ``moves`` legal gap moves back and forth, as a file."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("spit_gap_log", REPO / "benchmarks" / "spit_gap_log.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = tmp_path / f"gaps-{moves}.json"
    path.write_text(module.gap_log_text(moves), encoding="utf-8")
    return path


def peak_memory(work: Any) -> int:
    """The most memory Python allocated at once while ``work()`` ran (tracemalloc)."""
    import tracemalloc

    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_render_of_a_long_round_draws_one_table_without_a_game_per_event(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import speedrules.cli.pictures

    log = gap_log(tmp_path, 20_000)
    out = tmp_path / "t.svg"
    calls: dict[str, int] = {"apply": 0, "table": 0, "actions": 0}

    def counted(name: str, original: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return original(*args, **kwargs)
        return call

    monkeypatch.setattr(SpitGame, "apply", counted("apply", SpitGame.apply))
    monkeypatch.setattr(Log, "spit_actions", counted("actions", Log.spit_actions))
    monkeypatch.setattr(speedrules.cli.pictures, "table_svg", counted("table", speedrules.cli.pictures.table_svg))
    code, stdout, err = run(capsys, "render", str(log), "-o", str(out))
    assert (code, err) == (0, "") and stdout == f"{out}: {log} round 0, after 20007 events\n"
    assert calls == {"apply": 0, "table": 1, "actions": 0}  # one table; no action, no game per event
    monkeypatch.undo()
    expected = SpitGame.from_log(read_log(log), 0)  # the long way: every event applied through the game
    assert out.read_text(encoding="utf-8") == svg.table(expected, caption="after 20007 events")


def test_render_costs_about_what_judging_costs_in_memory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Reading and judging the log is what render must pay; one table is little more (before the
    fix every event's action and its record in a game's history came to about 1.4 times as much)."""
    log = gap_log(tmp_path, 20_000)
    judging = peak_memory(lambda: referee(read_log(log)))
    drawing = peak_memory(lambda: main(["render", str(log), "-o", str(tmp_path / "t.svg")]))
    capsys.readouterr()
    assert drawing < 1.2 * judging, (drawing, judging)


def test_view_counts_its_tables_before_it_judges(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import speedrules.cli.pictures

    log = gap_log(tmp_path, 20_000)
    judged: list[str] = []
    monkeypatch.setattr(speedrules.cli.pictures, "referee", lambda log, **k: judged.append(log.name))
    code, stdout, err = run(capsys, "view", str(log), "-o", str(tmp_path / "r.html"))
    assert (code, stdout, judged) == (2, "", [])
    assert err == f"speedrules: {log}: holds more than 5000 tables, too many for one page: pick deals with --deal\n"


def drawn(picture: str) -> list[tuple[str | None, ...]]:
    """What a picture shows of the table: each card face up and where, each stack's size."""
    keys = ("data-in", "data-card", "data-depth", "data-draw", "data-spit", "data-count", "data-stock", "data-pile")
    return [tuple(e.get(k) for k in keys) for e in ET.fromstring(picture).iter() if any(e.get(k) for k in keys)]


@st.composite
def reshuffled_logs(draw: st.DrawFn) -> tuple[dict[str, Any], int, int]:
    """A shipped or simulated log whose events and rounds are dropped, repeated and swapped: a
    readable log that breaks rules anywhere (rounds out of order, plays that no longer fit), and
    a deal and an event to draw."""
    doc = copy.deepcopy(draw(st.sampled_from(seed_documents())))
    deals = doc["deals"]
    for _ in range(draw(st.integers(1, 4))):
        deal = deals[draw(st.integers(0, len(deals) - 1))]
        events = deal["events"]
        what = draw(st.sampled_from(["drop", "repeat", "swap", "drop deal", "repeat deal"]))
        if what.endswith("deal"):
            at = draw(st.integers(0, len(deals) - 1))
            deals.insert(draw(st.integers(0, len(deals))), copy.deepcopy(deals[at])) if what == "repeat deal" \
                else len(deals) > 1 and deals.pop(at)
        elif events:
            at, to = draw(st.integers(0, len(events) - 1)), draw(st.integers(0, len(events) - 1))
            if what == "drop":
                events.pop(at)
            elif what == "repeat":
                events.insert(to, copy.deepcopy(events[at]))
            else:
                events[at], events[to] = events[to], events[at]
    return doc, draw(st.integers(0, len(deals) - 1)), draw(st.integers(0, 120))


@pytest.mark.fuzz
@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                              HealthCheck.too_slow])
@given(case=reshuffled_logs())
def test_render_and_view_of_reshuffled_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            case: tuple[dict[str, Any], int, int]) -> None:
    """Whatever rule a readable log breaks, wherever: render draws a table or says why not (exit
    1 for a deal with no table, 2 for an argument that names nothing), view writes a page; never
    exit 3, and a table drawn is the one the game gives."""
    doc, deal, event = case
    path = tmp_path / "log.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "t.svg"
    out.unlink(missing_ok=True)
    code, _, err = run_cli(capsys, ["render", str(path), "--deal", str(deal), "--event", str(event), "-o", str(out)])
    if code == 0:
        log = read_log(path)
        game = family_of(log.variant).game_class.from_log(log, deal, event)
        assert drawn(out.read_text(encoding="utf-8")) == drawn(svg.table(game))
    else:
        assert (code == 1 and "no table to draw" in err) or (code == 2 and "--event" in err), err
    code, _, err = run_cli(capsys, ["render", str(path), "-o", str(out)])
    assert code in (0, 1), err
    run_cli(capsys, ["view", str(path), "--deal", str(deal), "-o", str(tmp_path / "r.html")])


# ------------------------------------------------------------------------------------- simulate


def test_several_variants_print_one_table_each(capsys: pytest.CaptureFixture[str]) -> None:
    one = run(capsys, "simulate", "speed", "-n", "20", "--seed", "3")
    other = run(capsys, "simulate", "speed-15", "-n", "20", "--seed", "3")
    both = run(capsys, "simulate", "speed", "speed-15", "-n", "20", "--seed", "3")
    assert both == (0, one[1] + "\n" + other[1], "")
    lines = run(capsys, "simulate", "speed", "speed-15", "-n", "20", "--seed", "3", "--json")[1].splitlines()
    assert lines == [run(capsys, "simulate", v, "-n", "20", "--seed", "3", "--json")[1].strip()
                     for v in ("speed", "speed-15")]


def test_simulate_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    out = tmp_path / "cmp.svg"
    code, stdout, err = run(capsys, "simulate", "speed", "speed-15", "-n", "15", "--seed", "1", "--plot", str(out))
    assert code == 0 and stdout.count("simulated deals") == 2 and err == ""
    assert stdout.endswith(f"\n{out}: the plots of speed, speed-15 (15 deals each)\n")  # where it went, as render says
    ET.fromstring(out.read_bytes())
    assert "speed-15" in out.read_text(encoding="utf-8")
    png = tmp_path / "spit.png"
    code, stdout, err = run(capsys, "simulate", "spit", "-n", "3", "--seed", "1", "--plot", str(png), "--json")
    assert code == 0 and err == f"speedrules: {png}: the plots of spit (3 games each)\n"
    assert [sorted(json.loads(line)) for line in stdout.splitlines()] == [sorted(json.loads(stdout))]  # JSON only
    assert png.read_bytes()[:4] == b"\x89PNG"
    code, stdout, err = run(capsys, "simulate", "speed", "-n", "3", "--plot", str(tmp_path / "x.pdf"))
    assert (code, stdout) == (2, "") and "--plot" in err and ".svg or a .png" in err
    code, _, err = run(capsys, "simulate", "speed", "spit", "-n", "3", "--plot", str(out))
    assert code == 2 and "all of Speed or all of Spit" in err
    code, _, err = run(capsys, "simulate", "speed", "speed-15", "-n", "3", "--logs", str(tmp_path / "logs"))
    assert code == 2 and "--logs" in err
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the plot extra were not installed
    code, stdout, err = run(capsys, "simulate", "speed", "-n", "3", "--plot", str(tmp_path / "y.svg"))
    assert (code, stdout) == (2, "")
    assert err == ("speedrules: --plot: plots need matplotlib, which is not installed: "
                   "pip install 'speedrules[plot]'\n")


SHIPPED = sorted([*EXAMPLES.glob("*.json"), *(REPO / "tests" / "logs").glob("*.json")])
LONG_LOG = 64 * 1024
"""Shipped logs longer than this (whole games of many hands, seconds to replay) are drawn in CI's
slow step; the default run draws every other one."""


@pytest.mark.parametrize("log", [pytest.param(p, marks=pytest.mark.slow) if p.stat().st_size > LONG_LOG else p
                                 for p in SHIPPED], ids=lambda p: p.name)
def test_every_shipped_log_is_drawn_and_replayed(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 log: Path) -> None:
    """Each example and rule-catalogue log: a picture, or (a layout that breaks a rule) exit 1 and why."""
    picture, page = tmp_path / "t.svg", tmp_path / "r.html"
    code, stdout, err = run(capsys, "render", str(log), "-o", str(picture))
    if log.name.startswith(("layout.", "spit.layout.", "california.layout.")) and log.name.endswith(".trigger.json"):
        assert code == 1 and not picture.exists() and "no table to draw" in err and "(rule " in err
    else:
        assert (code, err) == (0, "") and stdout.startswith(f"{picture}: {log}")
        ET.fromstring(picture.read_text(encoding="utf-8"))
    code, stdout, err = run(capsys, "view", str(log), "-o", str(page))
    assert (code, err) == (0, "")
    data = page_data(page.read_text(encoding="utf-8"))
    deals = data["deals"]
    assert isinstance(deals, list) and deals
    for deal in deals:
        for frame in deal["frames"]:
            ET.fromstring(frame)
