"""The replay of logged games (speedrules.show.replay): the frames of each deal, the page that steps
through them, and that page opened in a real headless browser (Debian's chromium, driven by
playwright), looked at as a person would: stepping moves the table, a violation is shown.

The browser tests skip, saying why, when no chromium or no playwright is found, except under CI
(the environment variable ``CI`` set), where they fail instead: CI must not skip them silently.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from snap_family import snap_log

from speedrules import Game, IllegalActionError, SpitGame, family_of, parse_log, read_log, referee
from speedrules.show import svg
from speedrules.show.replay import (
    MAX_FRAMES,
    DealReplay,
    EventLine,
    deal_count,
    event_count,
    first_violation,
    replay_deal,
    replay_deals,
    replay_page,
    table_game,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
HOSTILE = ["</script><script>document.title='pwned';alert(1)</script>", "<svg onload=alert(2)>"]
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NS = "{http://www.w3.org/2000/svg}"


def hostile_log(tmp_path: Path) -> Path:
    """A log whose players' names try to break out of the page, with an illegal last play."""
    from speedrules import deal

    game = deal("speed", seed=1)
    game.reveal()
    game.play(0, "JC", 1)
    data = game.to_log(players=HOSTILE).to_json()
    data["deals"][0]["events"].append({"type": "play", "player": 1, "card": "KD", "pile": 1})
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def page_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


# ------------------------------------------------------------------------------------- frames


def test_a_valid_deal_has_a_table_after_every_event() -> None:
    log = read_log(EXAMPLES / "finished-game.json")
    replay = replay_deal(log, 0)
    events = log.actions(0)
    assert len(replay.frames) == len(events) + 1 and replay.violation is None and replay.valid
    assert [e.kind for e in replay.events] == ["ok"] * len(events)
    for k in (0, 1, 30, len(events)):
        root = ET.fromstring(replay.frames[k])
        game = Game.from_log(log, 0, upto=k)
        hands = [g.get("data-card") for g in root.iter(f"{NS}g") if g.get("data-in") == "hand"]
        assert sorted(hands) == sorted(str(c) for h in game.hands for c in h)
    assert replay.summary == "Ann won"


def test_a_deal_that_breaks_a_rule_stops_at_it_and_marks_it() -> None:
    log = read_log(EXAMPLES / "illegal-play.json")
    replay = replay_deal(log, 0)
    assert replay.violation == 21 and not replay.valid
    assert len(replay.frames) == 22  # the layout, then the table after each of events 0 to 20
    kinds = [e.kind for e in replay.events]
    assert kinds[:21] == ["ok"] * 21 and kinds[21] == "violation" and set(kinds[22:]) <= {"unjudged"}
    assert replay.events[21].note.endswith("(rule play.rank)")
    assert 'class="violation" data-rule="play.rank"' in replay.frames[-1]
    assert replay.frames[-1].count('class="offending"') == 2
    assert "violation" not in replay.frames[-2]


def test_collisions_are_flagged() -> None:
    log = read_log(EXAMPLES / "collision-lower-stays.json")
    replay = replay_deal(log, 0)
    collided = [e for e in replay.events if e.kind == "collision"]
    plays = {i for c in referee(log).deals[0].collisions for i in c.plays}
    assert plays and {e.index for e in collided} == plays
    assert all("collision on pile" in e.note for e in collided)


def test_spit_rounds_replay_round_by_round() -> None:
    log = read_log(EXAMPLES / "spit-game.json")
    verdict = referee(log)
    for r in range(len(log.rounds)):
        replay = replay_deal(log, r, verdict)
        assert len(replay.frames) == len(log.spit_actions(r)) + 1
        last = SpitGame.from_log(log, r)
        root = ET.fromstring(replay.frames[-1])
        tops = [g.get("data-card") for g in root.iter(f"{NS}g") if g.get("data-in") == "pile"]
        assert tops == [str(t) for t in last.tops if t is not None]
        assert f"round {r}: " in replay.frames[-1]  # numbered as the referee and the picker number them


def test_a_spit_games_rounds_are_replayed_with_each_event_applied_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page of every round lays each round from its logged layout: the rounds before it are not
    replayed again for each (work in proportion to the log, not to its rounds squared)."""
    log = read_log(EXAMPLES / "spit-game.json")
    verdict = referee(log)
    applied: list[int] = []
    original = SpitGame.apply
    monkeypatch.setattr(SpitGame, "apply", lambda game, *a: applied.append(1) or original(game, *a))
    monkeypatch.setattr(SpitGame, "from_log", None)  # not called
    rounds = list(range(len(log.rounds)))
    assert len(rounds) >= 3
    replays = replay_deals(log, rounds, verdict)
    assert len(applied) == sum(len(log.rounds[r].events) for r in rounds)
    assert [len(r.frames) for r in replays] == [len(log.rounds[r].events) + 1 for r in rounds]


def test_a_spit_violation_is_marked() -> None:
    log = read_log(EXAMPLES / "spit-early-spit.json")
    replay = replay_deal(log, 0)
    assert replay.violation is not None and len(replay.frames) == replay.violation + 1
    assert 'class="violation" data-rule="spit.early"' in replay.frames[-1]


def test_the_page_is_self_contained_and_escapes_every_text(tmp_path: Path) -> None:
    log = read_log(hostile_log(tmp_path))
    page = replay_page([replay_deal(log, 0)], title=HOSTILE[0], verdict_text=str(referee(log)))
    assert page.count("<script") == 2 and page.count("</script>") == 2  # the data and the code, nothing else
    assert "<svg onload" not in page and "</script><script>document" not in page
    for banned in ("https://", "src=", "href=", "@import", "url("):
        assert banned not in page
    assert "default-src 'none'" in page
    data = page_data(page)
    assert data["deals"][0]["events"][2]["text"].startswith(f"2: {HOSTILE[1]} plays KD")  # shown as text
    for frame in data["deals"][0]["frames"]:
        ET.fromstring(frame)


def test_a_family_registered_in_the_tests_is_replayed_with_no_edit_to_the_replay() -> None:
    """Snap pile (tests/snap_family.py) gives its logged game, actions and words: its deal is
    judged, replayed, its violation marked, its one table drawn, and the page made."""
    log = parse_log(snap_log([(0, "7H", 100), (1, "9H", 250), (0, "2C", 400)]), "snap.json")
    verdict = referee(log)
    replay = replay_deal(log, 0, verdict)
    assert replay.title == "snap.json: deal 0" and replay.summary == "event 2: player 0 laid 2C on 9H (rule play.rank)"
    assert [e.text for e in replay.events] == ["0: Ann lays 7H (t = 100 ms)", "1: Ben lays 9H (t = 250 ms)",
                                               "2: Ann lays 2C (t = 400 ms)"]
    assert [e.kind for e in replay.events] == ["ok", "ok", "violation"] and replay.violation == 2
    assert len(replay.frames) == 3 and 'data-rule="play.rank"' in replay.frames[-1]
    assert replay.frames[-1].count('class="offending"') == 1  # the card laid; its pile is no number it names
    root = ET.fromstring(replay.frames[1])
    assert [g.get("data-card") for g in root.iter(f"{NS}g") if g.get("data-in") == "pile"] == ["7H"]
    one = table_game(log, 0, 2, verdict)
    assert one is not None and [str(c) for c in one.pile] == ["3H", "7H", "9H"]
    assert deal_count(log) == 1 and event_count(log, 0) == 3
    won = parse_log(snap_log([(1, "9H", 10), (1, "KH", 20)], hands=[["7H", "7C"], ["9H", "KH"]], pile=["9D"]))
    done = replay_deal(won, 0, referee(won))
    assert done.summary == "Ben shed every card" and len(done.frames) == 3
    open_log = parse_log(snap_log([(1, "9H", 10)]))
    assert replay_deal(open_log, 0, referee(open_log)).summary == "not finished"
    assert replay_page([replay, done]).count('<option value="') == 2


def test_a_page_has_a_limit() -> None:
    many = DealReplay("x", "", tuple("<svg/>" for _ in range(MAX_FRAMES + 1)), (EventLine(0, "e"),))
    with pytest.raises(ValueError, match="too many"):
        replay_page([many])
    with pytest.raises(ValueError, match="nothing to replay"):
        replay_page([])


SHIPPED = sorted([*EXAMPLES.glob("*.json"), *(ROOT / "tests" / "logs").glob("*.json")])


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_one_table_is_the_table_the_game_gives(path: Path) -> None:
    """table_game (one table, from the coded events) draws what Game.from_log/SpitGame.from_log
    give after the same events, and has no table exactly where they refuse to lay the deal."""
    log = read_log(path)
    verdict = referee(log)
    from_log = family_of(log.variant).game_class.from_log
    for deal in range(deal_count(log)):
        first = first_violation(verdict.deals[deal])
        known = event_count(log, deal) if first is None or first.event is None else first.event
        for upto in sorted({0, 1, known // 2, known - 1, known} & set(range(known + 1))):
            game = table_game(log, deal, upto, verdict)
            try:
                expected = from_log(log, deal, upto)  # type: ignore[operator]
            except IllegalActionError:
                assert game is None, (deal, upto)
                break
            assert game is not None, (deal, upto)
            assert game.position() == expected.position()
            assert svg.table(game, caption="x") == svg.table(expected, caption="x")
        with pytest.raises(ValueError, match="is known after 0 to"):
            table_game(log, deal, known + 1, verdict)


def gap_log_text(moves: int) -> str:
    """benchmarks/spit_gap_log.py's log: a Spit round of ``moves`` legal gap moves back and forth."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("spit_gap_log", ROOT / "benchmarks" / "spit_gap_log.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text: str = module.gap_log_text(moves)
    return text


def test_a_deal_too_long_for_a_page_is_refused_before_it_is_drawn(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "gaps.json"
    path.write_text(gap_log_text(MAX_FRAMES), encoding="utf-8")
    log = read_log(path)
    drawn: list[int] = []
    monkeypatch.setattr("speedrules.show.replay.table_svg", lambda *a, **k: drawn.append(1) or "<svg/>")
    with pytest.raises(ValueError, match=f"round 0 of .* has {event_count(log, 0) + 1} tables, too many for one "
                                         f"page \\(at most {MAX_FRAMES}\\)"):
        replay_deal(log, 0)
    assert drawn == []


# ------------------------------------------------------------------------------------- in a browser


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless chromium (a fresh profile each launch, no network services)."""
    path = chromium()
    missing = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing = "playwright is not installed (pip install -e '.[test]')"
    if path is None:
        missing = "no chromium found (apt-get install chromium)"
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {missing}")
        pytest.skip(missing)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


class Viewer:
    """A replay page open in the browser, read as a person reads it."""

    def __init__(self, browser: Any, path: Path, fragment: str = "") -> None:
        self.page = browser.new_page(viewport={"width": 1300, "height": 900})
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = path.resolve().as_uri() + fragment
        self.page.goto(self.url)

    def step(self) -> int:
        return int(self.page.get_attribute("#table", "data-step"))

    def cards(self, where: str) -> list[str]:
        return list(self.page.eval_on_selector_all(f'#table g[data-in="{where}"]',
                                                   "els => els.map(e => e.getAttribute('data-card'))"))

    def close(self) -> None:
        self.page.close()


def write_page(tmp_path: Path, *logs: Path, name: str = "replay.html") -> Path:
    replays, texts = [], []
    for path in logs:
        log = read_log(path)
        verdict = referee(log)
        texts.append(str(verdict))
        count = len(log.rounds) if log.variant.spit is not None else len(log.deals)
        replays += [replay_deal(log, d, verdict, source=path.name) for d in range(count)]
    out = tmp_path / name
    out.write_text(replay_page(replays, title="test", verdict_text="\n".join(texts)), encoding="utf-8")
    return out


def test_stepping_moves_the_table(browser: Any, tmp_path: Path) -> None:
    log = read_log(EXAMPLES / "finished-game.json")
    view = Viewer(browser, write_page(tmp_path, EXAMPLES / "finished-game.json"))
    try:
        assert view.step() == 0 and view.cards("pile") == []  # the layout: the starters face down
        for k in range(1, 6):
            view.page.keyboard.press("ArrowRight")
            assert view.step() == k
            game = Game.from_log(log, 0, upto=k)
            assert view.cards("pile") == [str(t) for t in game.tops if t is not None]
            assert sorted(view.cards("hand")) == sorted(str(c) for h in game.hands for c in h)
            assert view.page.text_content("#events li.current").startswith(f"{k - 1}: ")
        view.page.keyboard.press("ArrowLeft")
        assert view.step() == 4
        view.page.click("#next")
        view.page.click("#next")
        assert view.step() == 6
        view.page.click("#prev")
        assert view.step() == 5
        view.page.locator("#slider").fill("40")
        assert view.step() == 40
        assert sorted(view.cards("hand")) == sorted(str(c) for h in Game.from_log(log, 0, upto=40).hands for c in h)
        view.page.click("#events li[data-event='9']")
        assert view.step() == 10
        view.page.keyboard.press("End")
        assert view.step() == len(log.actions(0))
        assert "Ann won" in view.page.text_content("#table svg title")
        assert view.page.get_attribute("#verdict", "data-valid") == "true"
        assert "#deal=0&step=" in view.page.url
        assert view.requests == [view.url] and view.errors == [] and view.dialogs == []
    finally:
        view.close()


def test_a_violation_is_shown(browser: Any, tmp_path: Path) -> None:
    view = Viewer(browser, write_page(tmp_path, EXAMPLES / "illegal-play.json"))
    try:
        assert view.page.get_attribute("#verdict", "data-valid") == "false"
        assert "BREAKS A RULE" in view.page.text_content("#verdict h1")
        assert "play.rank" in view.page.text_content("#verdict pre")
        assert view.page.query_selector("#table .violation") is None
        view.page.keyboard.press("End")
        assert view.step() == 21
        assert view.page.get_attribute("#table g.violation", "data-rule") == "play.rank"
        assert view.page.is_visible("#table .offending")
        violation = view.page.locator("#events li.violation")
        assert violation.count() == 1 and violation.is_visible()
        assert violation.text_content().startswith("21: Ann plays 10S on pile 0")
        assert "current" in (violation.get_attribute("class") or "")
        assert view.page.locator("#events li.unjudged").count() == len(read_log(
            EXAMPLES / "illegal-play.json").actions(0)) - 22
        view.page.keyboard.press("ArrowRight")  # nothing after the violation is judged: the table stays
        assert view.step() == 21
        assert view.errors == []
    finally:
        view.close()


def test_the_address_picks_the_step_and_the_picker_the_deal(browser: Any, tmp_path: Path) -> None:
    path = write_page(tmp_path, EXAMPLES / "spit-game.json", EXAMPLES / "finished-game.json")
    view = Viewer(browser, path, "#deal=1&step=7")
    try:
        assert view.step() == 7
        assert view.page.get_attribute("#table", "data-deal") == "1"
        assert "round 1: " in view.page.text_content("#table svg title")
        options = view.page.locator("#deal option")
        assert options.count() == len(read_log(EXAMPLES / "spit-game.json").rounds) + 1
        assert view.page.is_visible("#deal")
        view.page.select_option("#deal", str(options.count() - 1))
        assert view.step() == 0 and view.page.get_attribute("#table", "data-deal") == str(options.count() - 1)
        assert "speed" in view.page.text_content("#table svg title")
        assert view.page.locator("#events li").count() == len(read_log(EXAMPLES / "finished-game.json").actions(0))
        view.page.select_option("#deal", "0")
        view.page.keyboard.press("ArrowRight")
        game = SpitGame.from_log(read_log(EXAMPLES / "spit-game.json"), 0, upto=1)
        assert view.cards("pile") == [str(t) for t in game.tops if t is not None]
        assert view.errors == []
    finally:
        view.close()


def test_a_change_of_address_moves_the_table(browser: Any, tmp_path: Path) -> None:
    """#deal=D&step=K is followed after loading too: a link, a typed address, the back button.
    (The page's policy forbids evaluating text as script, so the test waits for selectors.)"""
    path = write_page(tmp_path, EXAMPLES / "spit-game.json", EXAMPLES / "finished-game.json")
    last = len(read_log(EXAMPLES / "spit-game.json").rounds)  # the Speed deal's place in the picker
    view = Viewer(browser, path, "#deal=0&step=5")
    try:
        assert view.step() == 5
        view.page.evaluate("location.hash = '#deal=0&step=12'")
        view.page.wait_for_selector("#table[data-deal='0'][data-step='12']", timeout=5000)
        game = SpitGame.from_log(read_log(EXAMPLES / "spit-game.json"), 0, upto=12)
        assert view.cards("pile") == [str(t) for t in game.tops if t is not None]
        view.page.evaluate(f"location.hash = '#deal={last}&step=3'")
        view.page.wait_for_selector(f"#table[data-deal='{last}'][data-step='3']", timeout=5000)
        assert view.page.input_value("#deal") == str(last)
        assert sorted(view.cards("hand")) == sorted(
            str(c) for h in Game.from_log(read_log(EXAMPLES / "finished-game.json"), 0, upto=3).hands for c in h)
        view.page.go_back()  # the address before: deal 0, step 12
        view.page.wait_for_selector("#table[data-deal='0'][data-step='12']", timeout=5000)
        view.page.evaluate("location.hash = '#notes'")  # an address that names no step leaves the table
        view.page.keyboard.press("ArrowRight")
        assert view.step() == 13 and view.errors == []
    finally:
        view.close()


def test_a_hostile_log_stays_text(browser: Any, tmp_path: Path) -> None:
    path = write_page(tmp_path, hostile_log(tmp_path))
    view = Viewer(browser, path)
    try:
        view.page.keyboard.press("End")
        assert view.page.title() == "test"
        assert view.dialogs == [] and view.errors == []
        assert view.page.locator("script").count() == 2
        assert view.page.evaluate("document.querySelectorAll('[onload]').length") == 0
        names = view.page.eval_on_selector_all("#table text.name", "els => els.map(e => e.textContent)")
        assert names == [HOSTILE[1][:13] + "…", HOSTILE[0][:13] + "…"]
        assert HOSTILE[1] in view.page.text_content("#events li.violation")
        assert view.requests == [view.url]
    finally:
        view.close()


def test_a_deal_whose_layout_breaks_a_rule_says_so(browser: Any, tmp_path: Path) -> None:
    log_path = ROOT / "tests" / "logs" / "layout.cards.trigger.json"
    replay = replay_deal(read_log(log_path), 0)
    assert replay.frames == () and not replay.valid and "(rule layout.cards)" in replay.summary
    view = Viewer(browser, write_page(tmp_path, log_path))
    try:
        assert view.page.query_selector("#table svg") is None
        assert view.page.text_content("#status").startswith("no table: ")
        assert "layout.cards" in view.page.text_content("#status")
        view.page.keyboard.press("ArrowRight")
        assert view.step() == 0 and view.errors == []
    finally:
        view.close()


def test_huge_names_are_cut_in_the_event_list(tmp_path: Path) -> None:
    from speedrules import deal
    from speedrules.show.replay import NAME_LIMIT

    game = deal("speed", seed=1)
    game.reveal()
    game.play(0, "JC", 1)
    huge = "A" * 100_000
    replay = replay_deal(game.to_log(players=[huge, "Ben"]), 0)
    assert replay.events[1].text == f"1: {huge[:NAME_LIMIT - 1]}… plays JC on pile 1"
    assert sum(map(len, replay.frames)) < 50_000  # the pictures cut it too
