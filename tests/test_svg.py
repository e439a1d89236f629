"""The table as SVG (speedrules.show.svg): well-formed, showing what the game holds, stable for fixed
seeds (golden files), and safe with hostile names.

The golden pictures are in tests/golden/.  After a deliberate change to the drawing, write them
afresh with ``SPEEDRULES_REGENERATE_GOLDEN=1 pytest tests/test_svg.py -p no:xdist`` and look at
the new pictures (docs/pictures.md) before committing them.
"""

from __future__ import annotations

import html
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from snap_family import VARIANT, SnapGame

import speedrules
from speedrules import Card, Game, Play, Spit, SpitGame, StockPlay, deal, deal_spit, read_log, referee
from speedrules.core.scene import Group, Line, Mark, Row, Scene, Stack
from speedrules.show import svg

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
NS = "{http://www.w3.org/2000/svg}"
REGENERATE = bool(os.environ.get("SPEEDRULES_REGENERATE_GOLDEN"))
HOSTILE = ["</script><script>alert(1)</script>", '<svg onload="alert(1)">&amp;\x00\x1b[2J\ud800\ufffe']


def parsed(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def cards_in(root: ET.Element, where: str, seat: int | None = None) -> list[str]:
    """The cards drawn face up in hands (``where="hand"``), on piles or in stock rows."""
    scope = root
    if seat is not None:
        scope = next(g for g in root.iter(f"{NS}g") if g.get("class") == "seat" and g.get("data-seat") == str(seat))
    return [g.get("data-card", "") for g in scope.iter(f"{NS}g") if g.get("data-in") == where]


def piles(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "pile"]


def classes(root: ET.Element) -> list[str]:
    return [e.get("class", "") for e in root.iter()]


def revealed(seed: int = 1, variant: str = "speed", names: list[str] | None = None) -> Game:
    game = deal(variant, seed=seed, names=names)
    game.reveal()
    return game


def played(game: Game, moves: int) -> Game:
    """``game`` after up to ``moves`` legal actions (the first listed, plays and draws first)."""
    for _ in range(moves):
        legal = list(game.legal_actions())
        if not legal:
            break
        game.apply(legal[0])
    return game


@pytest.mark.parametrize("variant", ["speed", "speed-three", "speed-four", "speed-jokers", "speed-runs"])
@pytest.mark.parametrize("moves", [0, 7, 40])
def test_the_picture_shows_every_hand_and_pile_top_of_the_game(variant: str, moves: int) -> None:
    game = played(revealed(3, variant), moves)
    root = parsed(svg.table(game))
    for seat, hand in enumerate(game.hands):
        assert cards_in(root, "hand", seat) == [str(c) for c in hand]
    drawn = piles(root)
    assert [g.get("data-depth") for g in drawn] == [str(len(p)) for p in game.piles]
    assert cards_in(root, "pile") == [str(t) for t in game.tops if t is not None]
    counts = [g.get("data-draw") for g in root.iter(f"{NS}g") if g.get("data-draw") is not None]
    counts += [r.get("data-draw") for r in root.iter(f"{NS}rect") if r.get("data-draw") is not None]
    assert sorted(counts) == sorted(str(len(d)) for d in game.draw_stacks)
    reserves = {e.get("data-reserve"): e.get("data-count") for e in root.iter() if e.get("data-reserve") is not None}
    assert reserves == {str(p): str(len(r)) for p, r in enumerate(game.reserves)}


def test_before_the_reveal_the_starters_are_face_down() -> None:
    root = parsed(svg.table(deal("speed", seed=1)))
    assert cards_in(root, "pile") == []
    assert classes(root).count("back starter") == 2


def test_a_viewer_sees_only_their_own_hand() -> None:
    game = revealed()
    root = parsed(svg.table(game, viewer=1))
    assert cards_in(root, "hand", 1) == [str(c) for c in game.hands[1]]
    assert cards_in(root, "hand", 0) == []
    assert classes(root).count("back hidden") == len(game.hands[0])
    with pytest.raises(ValueError, match="viewer"):
        svg.table(game, viewer=2)


@pytest.mark.parametrize("seed", range(6))
def test_the_highlighted_piles_are_the_legal_ones(seed: int) -> None:
    game = played(revealed(seed), 5)
    for card in {c for hand in game.hands for c in hand}:
        root = parsed(svg.table(game, highlight=card))
        legal = {a.pile for a in game.legal_actions() if isinstance(a, Play) and a.cards[0] == card}
        assert {int(g.get("data-pile", "-1")) for g in piles(root) if g.get("data-target")} == legal
        assert classes(root).count("target") == len(legal)
        assert classes(root).count("chosen") == 1


def test_a_violation_marks_its_card_pile_and_rule() -> None:
    log = read_log(ROOT / "examples" / "illegal-play.json")
    verdict = referee(log)
    first = verdict.violations[0]
    assert first.event is not None
    game = Game.from_log(log, 0, upto=first.event)
    action = log.actions(0)[first.event][0]
    assert isinstance(action, Play)
    root = parsed(svg.table(game, mark=svg.Mark.of(first, action)))
    offending = [e for e in root.iter() if e.get("class") == "offending"]
    assert len(offending) == 2  # the card in the hand and the pile it went on
    mark = next(g for g in root.iter(f"{NS}g") if g.get("class") == "violation")
    assert mark.get("data-rule") == first.rule == "play.rank"
    assert any(first.message in (t.text or "") for t in mark.iter(f"{NS}text"))


def test_a_joker_on_a_pile_shows_the_rank_it_stands_for() -> None:
    game = revealed(2, "speed-jokers")
    for _ in range(200):
        joker = next((a for a in game.legal_actions() if isinstance(a, Play) and a.cards[0].is_joker), None)
        if joker is not None:
            game.apply(joker)
            break
        legal = list(game.legal_actions())
        if not legal:
            break
        game.apply(legal[-1])
    else:
        pytest.fail("no joker was played")
    assert joker is not None
    picture = svg.table(game)
    parsed(picture)
    assert f">as {Card.from_code(joker.declared[0] - 1).rank_text}</text>" in picture


def test_a_joker_turned_up_as_a_starter_is_wild() -> None:
    game = revealed(9, "speed-jokers")
    assert game.tops[1] == Card.parse("JK")
    joker = next(g for g in parsed(svg.table(game)).iter(f"{NS}g") if g.get("data-card") == "JK")
    assert [t.text for t in joker.iter(f"{NS}text")][-1] == "wild"
    assert "pile 1    JK (wild) (1 card)  reserve 5" in svg.text_table(game)


def test_hostile_names_are_escaped_and_the_svg_stays_well_formed() -> None:
    game = revealed(names=HOSTILE)
    picture = svg.table(game)
    root = parsed(picture)
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    assert not [e for e in root.iter() if any(name.startswith("on") for name in e.attrib)]
    assert "<script" not in picture and "<svg onload" not in picture
    names = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "name"]
    assert names == [html.unescape(svg.text(HOSTILE[1], svg.NAME_LIMIT)), HOSTILE[0][:svg.NAME_LIMIT - 1] + "…"]
    assert svg.text(HOSTILE[1]).endswith("&amp;amp;\\x00\\x1b[2J\\ud800\\ufffe")  # shown, not passed on


def test_the_svg_is_self_contained() -> None:
    picture = svg.table(played(revealed(), 9)) + svg.table(deal_spit("spit", seed=2))
    for banned in ("href", "<image", "url(", "@import", "<foreignObject", "<script"):
        assert banned not in picture
    assert picture.count("http://") == picture.count('xmlns="http://www.w3.org/2000/svg"')


def test_one_card() -> None:
    root = parsed(svg.card("10D"))
    assert [g.get("data-card") for g in root.iter(f"{NS}g")] == ["10D"]
    assert 'fill="#c62828"' in svg.card("10D") and 'fill="#c62828"' not in svg.card("10S")


def spit_game() -> SpitGame:
    game = deal_spit("spit", seed=2, names=["Ann", "Ben"])
    game.apply(Spit())
    return game


def test_a_spit_table_shows_rows_spit_piles_and_centre() -> None:
    game = spit_game()
    root = parsed(svg.table(game))
    for p in (0, 1):
        assert cards_in(root, "stock", p) == [str(pile[0]) for pile in game.stock[p] if pile]
        seat = next(g for g in root.iter(f"{NS}g") if g.get("class") == "seat" and g.get("data-seat") == str(p))
        depths = [g.get("data-depth") for g in seat.iter(f"{NS}g") if g.get("class") == "stock"]
        assert depths == [str(len(pile)) for pile in game.stock[p]]
        spit = [e.get("data-spit") for e in seat.iter() if e.get("data-spit") is not None]
        assert spit == [str(len(game.spit_piles[p]))]
    assert cards_in(root, "pile") == [str(t) for t in game.tops if t is not None]


def texts_of(element: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text") if t.get("class") == cls]


def test_spit_piles_are_numbered_as_events_number_them_with_their_depth_apart() -> None:
    """Under each stock pile its number as a play or a move names it (from 0), and its depth on
    a line of its own; the centre piles the same."""
    game = spit_game()
    root = parsed(svg.table(game))
    for p in (0, 1):
        seat = next(g for g in root.iter(f"{NS}g") if g.get("class") == "seat" and g.get("data-seat") == str(p))
        stocks = [g for g in seat.iter(f"{NS}g") if g.get("class") == "stock"]
        assert [texts_of(g, "index") for g in stocks] == [[f"pile {i}"] for i in range(len(game.stock[p]))]
        assert [texts_of(g, "depth") for g in stocks] == [
            [f"{len(pile)} card{'s' if len(pile) != 1 else ''}"] for pile in game.stock[p]]
    assert [texts_of(g, "index") for g in piles(root)] == [["pile 0"], ["pile 1"]]


def test_a_settled_spit_round_says_what_is_held_and_what_is_taken() -> None:
    """At the end of the example game the winner's row is empty and the other holds the cards
    drawn in their row and spit pile, and takes the centre pile they claimed too."""
    log = read_log(ROOT / "examples" / "spit-game.json")
    game = SpitGame.from_log(log, len(log.rounds) - 1)
    result = game.kernel.result()
    assert result is not None and game.outcome() is not None
    root = parsed(svg.table(game))
    for p in (0, 1):
        seat = next(g for g in root.iter(f"{NS}g") if g.get("class") == "seat" and g.get("data-seat") == str(p))
        drawn = sum(int(g.get("data-depth", "0")) for g in seat.iter(f"{NS}g") if g.get("class") == "stock")
        drawn += len(game.spit_piles[p])
        taken = [str(c) for c, owner in enumerate(result.owners) if owner == p]
        lines = [f"holds {drawn}"]
        if taken:
            lines.append(f"with pile{'s' * (len(taken) > 1)} {', '.join(taken)}: {len(result.holdings[p])}")
        assert texts_of(seat, "holding") == lines
    assert any(owner is not None for owner in result.owners)  # the case the second line is for is met
    assert sum(len(h) for h in result.holdings) == 52


@pytest.mark.parametrize("variant", ["speed", "speed-three", "speed-four"])
def test_each_centre_pile_shares_a_panel_with_the_reserve_that_feeds_it(variant: str) -> None:
    """Pile p and reserve p (the one a flip turns onto it) lie on one panel, and nothing of
    another pile's or reserve's does; the pile is named as events name it."""
    root = parsed(svg.table(played(revealed(5, variant), 20)))
    panels = {r.get("data-pile", ""): r for r in root.iter(f"{NS}rect") if r.get("class") == "feeds"}
    assert sorted(panels, key=int) == [str(p) for p in range(len(piles(root)))]

    def card_xs(pile: str) -> list[float]:
        reserve = next(e for e in root.iter() if e.get("data-reserve") == pile and e.get("class") != "feeds")
        drawn = next(g for g in piles(root) if g.get("data-pile") == pile)
        assert texts_of(drawn, "index") == [f"pile {pile}"]
        return [float(r.get("x", "0")) for part in (reserve, drawn) for r in part.iter(f"{NS}rect")
                if r.get("class") not in ("target", "offending", "chosen")]

    for pile, panel in panels.items():
        assert panel.get("data-reserve") == pile
        left = float(panel.get("x", "0"))
        right = left + float(panel.get("width", "0"))
        for other in panels:
            inside = [left <= x and x + svg.CARD_W <= right for x in card_xs(other)]
            assert inside and all(inside) if other == pile else not any(inside), (variant, pile, other)


def test_a_spit_highlight_outlines_the_piles_the_stock_card_may_go_on() -> None:
    game = spit_game()
    for p in (0, 1):
        for i, pile in enumerate(game.stock[p]):
            if not pile:
                continue
            legal = {a.pile for a in game.legal_actions(p) if isinstance(a, StockPlay) and a.stock == i}
            root = parsed(svg.table(game, highlight=(p, i)))
            assert {int(g.get("data-pile", "-1")) for g in piles(root) if g.get("data-target")} == legal


def test_a_spit_viewer_sees_only_their_row() -> None:
    root = parsed(svg.table(spit_game(), viewer=0))
    assert cards_in(root, "stock", 1) == [] and cards_in(root, "stock", 0)


def test_rich_displays_for_notebooks() -> None:
    game = revealed(names=HOSTILE)
    assert game._repr_svg_() == svg.table(game)
    sg = spit_game()
    assert sg._repr_svg_() == svg.table(sg)
    log = read_log(ROOT / "examples" / "illegal-play.json")
    verdict = referee(log)
    page = verdict._repr_html_()
    assert "play.rank" in page and 'data-valid="false"' in page
    ET.fromstring(f"<div>{page.replace('&nbsp;', ' ')}</div>")  # well-formed as XML too
    deal_html = verdict.deals[0]._repr_html_()
    assert deal_html.count("<svg") == 1 and 'class="violation" data-rule="play.rank"' in deal_html
    hostile = game.to_log()
    assert "<script" not in referee(hostile)._repr_html_()


# ------------------------------------------------------------------------------------- golden pictures


def golden_cases() -> dict[str, str]:
    log = read_log(ROOT / "examples" / "illegal-play.json")
    first = referee(log).violations[0]
    assert first.event is not None
    at_violation = Game.from_log(log, 0, upto=first.event)
    spit_log = read_log(ROOT / "examples" / "spit-game.json")
    return {
        "speed-seed-1-dealt": svg.table(deal("speed", seed=1, names=["Ann", "Ben"])),
        "speed-seed-1-jc": svg.table(revealed(names=["Ann", "Ben"]), highlight="JC"),
        "speed-seed-1-viewer-0": svg.table(played(revealed(names=["Ann", "Ben"]), 12), viewer=0),
        "speed-three-seed-5": svg.table(played(revealed(5, "speed-three"), 20)),
        "illegal-play-event-21": svg.table(at_violation, mark=svg.Mark.of(first, log.actions(0)[first.event][0]),
                                           caption="the table before event 21, which breaks a rule"),
        "spit-seed-2": svg.table(spit_game(), highlight="9H"),
        "spit-game-round-1": svg.table(SpitGame.from_log(spit_log, 1, upto=10)),
    }


@pytest.mark.parametrize("name", sorted(golden_cases()))
def test_pictures_match_their_golden_files(name: str) -> None:
    picture = golden_cases()[name]
    path = GOLDEN / f"{name}.svg"
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(picture, encoding="utf-8", newline="\n")
    parsed(picture)
    assert path.exists(), f"no golden file {path.name}: SPEEDRULES_REGENERATE_GOLDEN=1 writes it"
    assert picture == path.read_text(encoding="utf-8"), (
        f"{name} differs from {path.name}; if the change is meant, SPEEDRULES_REGENERATE_GOLDEN=1 rewrites it")


def test_the_same_game_gives_the_same_picture() -> None:
    assert svg.table(played(revealed(4), 30)) == svg.table(played(revealed(4), 30))
    assert svg.table(played(revealed(4), 30)) != svg.table(played(revealed(4), 31))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(speedrules.InvalidArgumentError, match="not a game"):
        svg.table("not a game")
    with pytest.raises(ValueError):
        svg.table(revealed(), highlight="ZZ")
    with pytest.raises(speedrules.InvalidArgumentError, match="a card, not a stock pile"):
        svg.table(revealed(), highlight=(0, 1))
    with pytest.raises(speedrules.InvalidArgumentError, match="highlight is a card"):
        svg.table(revealed(), highlight=7)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------- the scene model


def test_the_text_table_of_a_game_is_its_scene_as_text() -> None:
    """``svg.text_table`` is what ``str(game)`` prints: a seat's line lists its stacks in the
    row's own order (the picture lays Speed's mirrored: the draw stack on the left), then each
    centre pile's line, columns aligned."""
    game = revealed(names=["Ann", "Ben"])
    game.play(0, "JC", 1)
    assert svg.text_table(game).splitlines() == [
        "speed, after 2 actions: play on",
        "  Ann     hand 10S QD 10H 3S    draw stack 15",
        "  Ben     hand KD 7H QS 10D 6S  draw stack 15",
        "  pile 0  AH (1 card)   reserve 5",
        "  pile 1  JC (2 cards)  reserve 5",
    ]
    lines = svg.text_table(spit_game()).splitlines()
    assert lines[0] == "spit, round 0: play on"
    assert lines[1].split()[:4] == ["Ann", "spit", "pile", "10"] and lines[1].endswith("holds 25")
    assert lines[3:] == ["  pile 0  8S (1 card)", "  pile 1  QD (1 card)"]


def test_a_stack_in_words() -> None:
    assert Stack("hand", 3, spread=True, name="hand").text() == "hand 3 face down"
    assert Stack("hand", 0, spread=True, name="hand").text() == "hand empty"
    assert Stack("pile", 2, (Card.parse("JK"),), depth=True, note="as 8").text() == "JK (as 8) (2 cards)"
    assert Stack("pile", 1, depth=True).text() == "face down (1 card)"
    assert Stack("pile", 0, depth=True).text() == "empty"
    assert Stack("reserve", 4, name="reserve").text() == "reserve 4"


def hand_built() -> Scene:
    hand = Stack("hand", 2, (Card.parse("7H"), "JK=8"), spread=True, name="hand", chosen=(0,), offending=(1,))
    reserve = Stack("reserve", 0, index=1, caption="reserve", name="reserve")
    pile = Stack("pile", 3, (Card.parse("8D"),), index=1, label="pile 1", depth=True, target=True, struck=True)
    return Scene("made by hand", "", (
        Row("centre", (Group((pile, reserve), name="pile 1", panel="feeds", mirrored=True),),
            lines=(Line("a summary"),)),
        Row("<Ann>", (Group((hand,)),), seat=0, lines=(Line("owes 1", "note"),)),
    ))


def test_any_scene_is_drawn_by_the_one_renderer() -> None:
    """The renderer reads nothing but the scene: every stack's data attributes, its outlines,
    labels and depth; a panel names the stacks on it; a card known only as text is written."""
    root = parsed(svg.draw(hand_built(), caption="by hand"))
    panel = next(r for r in root.iter(f"{NS}rect") if r.get("class") == "feeds")
    assert (panel.get("data-reserve"), panel.get("data-pile")) == ("1", "1")
    pile = piles(root)[0]
    assert (pile.get("data-pile"), pile.get("data-target"), pile.get("data-depth")) == ("1", "true", "3")
    assert texts_of(pile, "index") == ["pile 1"] and texts_of(pile, "depth") == ["3 cards"]
    reserve = next(g for g in root.iter(f"{NS}g") if g.get("class") == "reserve")
    assert (reserve.get("data-reserve"), reserve.get("data-count")) == ("1", "0")
    assert classes(root).count("offending") == 2 and classes(root).count("target") == 1
    assert cards_in(root, "hand", 0) == ["7H"] and any(t.text == "JK=8" for t in root.iter(f"{NS}text"))
    seat = next(g for g in root.iter(f"{NS}g") if g.get("class") == "seat")
    assert texts_of(seat, "name") == ["<Ann>"] and texts_of(seat, "note") == ["owes 1"]
    x_pile = float(next(r for r in pile.iter(f"{NS}rect")).get("x", "0"))
    x_reserve = float(next(r for r in reserve.iter(f"{NS}rect")).get("x", "0"))
    assert x_reserve < x_pile  # the group is mirrored: its last stack is drawn first
    assert hand_built().text().splitlines() == ["made by hand", "  <Ann>   hand 7H JK=8  owes 1",
                                                "  pile 1  8D (3 cards)  reserve 0"]


def test_a_mark_reads_any_action_that_names_its_card_and_pile() -> None:
    assert Mark.of_parts("r", "m", 3, Play(1, "JC", 0)) == Mark("r", "m", 3, 1, (Card.parse("JC"),), 0)
    stock = Mark.of_parts("r", "m", 3, StockPlay(0, 2, 1, Card.parse("9H")))
    assert (stock.player, stock.cards, stock.pile, stock.stock) == (0, (Card.parse("9H"),), 1, 2)
    assert Mark.of_parts("r", "m", None, None, player=1) == Mark("r", "m", None, 1)


def test_a_family_registered_in_the_tests_is_drawn_with_no_edit_to_the_pictures() -> None:
    """Snap pile (tests/snap_family.py) gives its scene: table, viewer, highlight, mark and
    text table all work for it."""
    game = SnapGame(VARIANT, [["7H", "7C", "2C"], ["9H", "KD"]], ["3H"], names=["Ann", "Ben"])
    root = parsed(svg.table(game))
    assert cards_in(root, "hand", 0) == ["7H", "7C", "2C"] and cards_in(root, "pile") == ["3H"]
    hidden = parsed(svg.table(game, viewer=1))
    assert cards_in(hidden, "hand", 0) == [] and classes(hidden).count("back hidden") == 3
    lit = parsed(svg.table(game, highlight="7H"))
    assert [g.get("data-target") for g in piles(lit)] == ["true"] and classes(lit).count("chosen") == 1
    assert svg.highlight_place(game, "7H") == (0, 0) and svg.highlight_place(game, "7H", viewer=1) is None
    marked = parsed(svg.table(game, mark=Mark("play.rank", "laid 2C on 3H", 0, 0, (Card.parse("2C"),), 0)))
    assert classes(marked).count("offending") == 2
    assert svg.text_table(game).splitlines() == ["snap-pile: play on", "  Ann     hand 7H 7C 2C  holds 3",
                                                 "  Ben     hand 9H KD     holds 2", "  pile 0  3H (1 card)"]
