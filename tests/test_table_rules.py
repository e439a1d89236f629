"""Table rules beyond one clean deal: collisions, ties, calls and pickups, matches, corrections.

Each scenario is built by hand from the rule texts (000 the guide, 001 the rule sheet, 003)
on a small layout, and judged both through the Game API and through the referee.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import speedrules
from speedrules import Call, Card, Game, IllegalActionError, Layout, Pickup, Play, Reveal, Variant, referee
from speedrules.judge.referee import score_match
from speedrules.logs.log import parse_log


def make_layout(variant: Variant, hands: Sequence[Sequence[str]], starters: Sequence[str],
                draw: Sequence[Sequence[str]] | None = None) -> Layout:
    """The chosen cards where they are named; the rest of the deck, in canonical order, fills the
    draw stacks (to the variant's sizes) and then the reserves."""
    chosen = [c for h in hands for c in h] + list(starters) + [c for d in (draw or []) for c in d]
    deck = [Card.from_code(c) for c in range(52)] * variant.packs + [Card.parse("JK")] * variant.jokers
    pool = Counter(deck)
    for text in chosen:
        pool[Card.parse(text)] -= 1
        assert pool[Card.parse(text)] >= 0, text
    rest_cards = []
    for card in deck:
        if pool[card] > 0:
            pool[card] -= 1
            rest_cards.append(card)
    it = iter(rest_cards)
    stacks = []
    for seat in range(variant.players):
        given_ = [Card.parse(c) for c in (draw[seat] if draw else [])]
        stacks.append(tuple(given_ + [next(it) for _ in range(variant.draw_sizes[seat] - len(given_))]))
    reserves = tuple(tuple(next(it) for _ in range(n)) for n in variant.reserve_sizes)
    assert next(it, None) is None
    return Layout(hands=tuple(tuple(Card.parse(c) for c in h) for h in hands), draw=tuple(stacks),
                  starters=tuple(Card.parse(c) for c in starters), reserves=reserves)


def tiny(**overrides: Any) -> Variant:
    """Speed with one card each and nothing to draw: a deal can end in one play."""
    doc: dict[str, Any] = {"extends": "speed", "deal": {"hand": 1, "draw": 0, "reserves": [24, 24]}}
    doc.update(overrides)
    return speedrules.variant_from_document(doc)


def log_of(variant: Variant, layout: Layout, events: list[dict[str, Any]], deals: int = 1) -> speedrules.Log:
    doc = {"format": "speedrules-log/1", "variant": _ref(variant), "players": ["Ann", "Ben"][: variant.players]
           if variant.players == 2 else None,
           "deals": [{"layout": layout.to_json(), "events": events} for _ in range(deals)]}
    if doc["players"] is None:
        del doc["players"]
    return parse_log(doc)


def _ref(variant: Variant) -> Any:
    from speedrules.logs.log import variant_reference

    return variant_reference(variant)


def play(player: int, card: str, pile: int, t: int) -> dict[str, Any]:
    return {"type": "play", "player": player, "card": card, "pile": pile, "t": t}


# ----------------------------------------------------------------------------- collisions


SPEED_HANDS = [["8S", "2C", "3C", "4C", "5C"], ["6D", "9H", "JC", "QC", "KC"]]
SPEED_STARTERS = ["7C", "10D"]


def collision_game(name: str) -> Game:
    v = speedrules.load_variant(name)
    game = Game.from_layout(v, make_layout(v, SPEED_HANDS, SPEED_STARTERS))
    game.apply(Reveal(), t=0)
    game.apply(Play(0, Card.parse("8S"), 0), t=100)
    return game


def test_first_lands_judges_the_later_card_on_the_new_top() -> None:
    game = collision_game("speed")
    problem = game.check(Play(1, Card.parse("6D"), 0), t=100)
    assert problem is not None and problem.rule == "play.rank" and "8S" in problem.message  # "8 then 6" never fits
    game.apply(Play(1, Card.parse("9H"), 0), t=100)  # 9 on the 8 that landed first: fine
    assert str(game.tops[0]) == "9H" and game.collisions == ()


def test_lower_stays_keeps_the_lower_card_and_returns_the_other() -> None:
    game = collision_game("speed-lower-stays")
    game.apply(Play(1, Card.parse("6D"), 0), t=100)  # judged on 7C, the top both landed on
    assert str(game.tops[0]) == "6D"
    assert Card.parse("8S") in game.hands[0] and len(game.hands[0]) == 5  # back to Ann's hand
    assert game.collisions == (speedrules.Collision(pile=0, t=100, plays=(1, 2), kept=2),)
    game2 = collision_game("speed-lower-stays")
    later = game2.check(Play(1, Card.parse("6D"), 0), t=101)  # a different instant: no collision, 6 on 8
    assert later is not None and later.rule == "play.rank"


def test_lower_stays_keeps_the_first_when_the_second_is_higher() -> None:
    v = speedrules.load_variant("speed-lower-stays")
    game = Game.from_layout(v, make_layout(v, [["6S", "2C", "3C", "4C", "5C"], ["8D", "9H", "JC", "QC", "KC"]],
                                           SPEED_STARTERS))
    game.apply(Reveal(), t=0)
    game.apply(Play(0, Card.parse("6S"), 0), t=50)
    game.apply(Play(1, Card.parse("8D"), 0), t=50)
    assert str(game.tops[0]) == "6S" and Card.parse("8D") in game.hands[1]
    assert game.collisions[0].kept == 1


def test_return_both_restores_the_prior_top() -> None:
    game = collision_game("speed-return-both")
    game.apply(Play(1, Card.parse("6D"), 0), t=100)
    assert str(game.tops[0]) == "7C"
    assert len(game.hands[0]) == 5 and len(game.hands[1]) == 5
    assert game.collisions[0].kept is None


def test_a_collision_card_that_fits_neither_top_is_still_illegal() -> None:
    game = collision_game("speed-lower-stays")
    problem = game.check(Play(1, Card.parse("9H"), 0), t=100)  # 9 on 7C (the top it landed on) never fits
    assert problem is not None and problem.rule == "play.rank" and "7C" in problem.message


def test_lower_stays_compares_ranks_ace_low_with_wrap() -> None:
    """On an ace a king and a 2 both fit; with cyclic ranks the ace is low (A=1 < 2 < ... < K),
    so the 2 is the lower card (docs/rules.md)."""
    v = speedrules.load_variant("speed-lower-stays")
    game = Game.from_layout(v, make_layout(v, [["KS", "4C", "5C", "6C", "7C"], ["2D", "9H", "JC", "QC", "8C"]],
                                           ["AH", "10D"]))
    game.apply(Reveal(), t=0)
    game.apply(Play(0, Card.parse("KS"), 0), t=10)
    game.apply(Play(1, Card.parse("2D"), 0), t=10)
    assert str(game.tops[0]) == "2D"


def test_collisions_are_listed_in_the_verdict() -> None:
    v = speedrules.load_variant("speed-lower-stays")
    layout = make_layout(v, SPEED_HANDS, SPEED_STARTERS)
    verdict = referee(log_of(v, layout, [{"type": "reveal", "t": 0}, play(0, "8S", 0, 100), play(1, "6D", 0, 100)]))
    assert verdict.valid
    deal = verdict.to_json()["deals"][0]
    assert deal["collisions"] == [{"pile": 0, "t": 100, "events": [1, 2], "kept": 2, "returned": [1]}]
    assert deal["remaining"] == [20, 19]  # Ann's 8S went back to her hand


@given(data=st.data())
def test_collision_policies_conserve_cards_and_leave_only_fitting_cards(data: st.DataObject) -> None:
    """Random timed games with many simultaneous plays: no card is lost or duplicated, and after
    each collision the card on the pile fits the top the colliding cards landed on."""
    name = data.draw(st.sampled_from(["speed-lower-stays", "speed-return-both", "speed"]))
    seed = data.draw(st.integers(0, 10_000))
    v = speedrules.load_variant(name)
    game = speedrules.deal(v, seed=seed)
    deck = Counter(game.all_cards())
    t = 0
    game.apply(Reveal(), t=t)
    for _ in range(150):
        if game.is_over():
            break
        if data.draw(st.booleans()):
            t += 1
        timed = [a for a in game.legal_actions() if game.is_legal(a, t)]
        if not timed:
            t += 1
            timed = [a for a in game.legal_actions() if game.is_legal(a, t)]
        if not timed:
            break
        before_tops = game.top_ranks
        action = data.draw(st.sampled_from(timed))
        game.apply(action, t=t)
        assert Counter(game.all_cards()) == deck
        if game.collisions and isinstance(action, Play) and game.collisions[-1].plays[-1] == len(game.history) - 1:
            c = game.collisions[-1]
            if c.kept is None:
                assert game.tops[c.pile] is not None
            else:
                kept = game.history[c.kept]
                assert isinstance(kept, Play)
                assert game.tops[c.pile] == kept.cards[-1]
        del before_tops


# ----------------------------------------------------------------------------- ties


def tie_game(**overrides: Any) -> tuple[Variant, Layout]:
    v = tiny(**overrides)
    return v, make_layout(v, [["8S"], ["6D"]], ["7C", "5H"])


def test_two_players_going_out_at_the_same_time_tie_the_deal() -> None:
    v, layout = tie_game()
    verdict = referee(log_of(v, layout, [{"type": "reveal", "t": 0}, play(0, "8S", 0, 300), play(1, "6D", 1, 300)]))
    deal = verdict.deals[0]
    assert verdict.valid and deal.finished and deal.winner is None and deal.tied == (0, 1)
    assert verdict.to_json()["deals"][0]["tied"] == [0, 1]


def test_going_out_later_is_no_tie_and_log_order_variants_never_tie() -> None:
    v, layout = tie_game()
    verdict = referee(log_of(v, layout, [{"type": "reveal", "t": 0}, play(0, "8S", 0, 300), play(1, "6D", 1, 301)]))
    assert verdict.deals[0].winner == 0 and verdict.violations[0].rule == "event.after-end"
    v, layout = tie_game(ties="log-order")
    verdict = referee(log_of(v, layout, [{"type": "reveal", "t": 0}, play(0, "8S", 0, 300), play(1, "6D", 1, 300)]))
    assert verdict.deals[0].winner == 0 and verdict.violations[0].rule == "event.after-end"


# ----------------------------------------------------------------------------- calls and pickups


def test_call_required_makes_the_win_official() -> None:
    v, layout = tie_game(announce={"call": "required"})
    game = Game.from_layout(v, layout)
    game.apply(Reveal(), t=0)
    game.apply(Play(0, Card.parse("8S"), 0), t=100)
    assert game.outcome() is None and game.call_due == 0 and game.legal_actions() == [Call(0)]
    false_call = game.check(Call(1))
    assert false_call is not None and false_call.rule == "call.false"
    missing = game.check(Play(1, Card.parse("6D"), 1), t=200)
    assert missing is not None and missing.rule == "call.missing" and missing.player == 0
    game.apply(Call(0), t=150)
    assert game.outcome() == speedrules.Outcome(0, "out")


def test_missed_call_with_penalty_means_picking_up_a_pile() -> None:
    v, layout = tie_game(announce={"call": "penalty"})
    events = [{"type": "reveal", "t": 0}, play(0, "8S", 0, 100),
              {"type": "draw", "player": 1, "t": 150}]  # Ben cannot draw (empty stack): judged after the penalty
    verdict = referee(log_of(v, layout, events))
    assert verdict.violations[0].rule == "draw.empty"
    game = Game.from_layout(v, layout)
    game.apply(Reveal(), t=0)
    game.apply(Play(0, Card.parse("8S"), 0), t=100)
    late_pickup = game.check(Pickup(1, 0), t=120)
    assert late_pickup is not None and late_pickup.rule == "pickup.not-due"
    game.apply(Pickup(0, 0), t=120)  # Ann missed her call: she takes pile 0 (7C 8S) and plays on
    assert game.pickups_owed == frozenset() and game.call_due is None and game.outcome() is None
    assert [str(c) for c in game.draw_stacks[0]] == ["7C", "8S"]  # the pile turned over: its bottom on top
    assert game.tops[0] is None
    too_late = game.check(Call(0))
    assert too_late is not None and too_late.rule == "call.false"
    empty = game.copy()
    assert empty.check(Pickup(0, 0)) is not None


def test_pickup_of_an_empty_pile_and_call_rules_through_the_referee() -> None:
    v, layout = tie_game(announce={"call": "penalty"})
    events = [{"type": "reveal", "t": 0}, play(0, "8S", 0, 100), play(1, "6D", 1, 200),
              {"type": "call", "player": 1, "t": 210}]
    verdict = referee(log_of(v, layout, events))
    # Ann missed her call when Ben played; Ben then went out and called: Ben wins.
    assert verdict.valid and verdict.deals[0].winner == 1
    events = [{"type": "reveal", "t": 0}, play(0, "8S", 0, 100), {"type": "call", "player": 0, "t": 150}]
    assert referee(log_of(v, layout, events)).deals[0].winner == 0


# ----------------------------------------------------------------------------- matches


def won_deal_events(winner: int) -> list[dict[str, Any]]:
    card = "8S" if winner == 0 else "6D"
    return [{"type": "reveal", "t": 0}, play(winner, card, winner, 100)]


def match_log(v: Variant, winners: Sequence[int | None]) -> speedrules.Log:
    layout = make_layout(v, [["8S"], ["6D"]], ["7C", "5H"])
    deals = []
    for w in winners:
        events = [{"type": "reveal", "t": 0}] if w is None else won_deal_events(w)
        deals.append({"layout": layout.to_json(), "events": events})
    return parse_log({"format": "speedrules-log/1", "variant": _ref(v), "deals": deals})


@given(winners=st.lists(st.sampled_from([0, 1, None]), max_size=8))
def test_deal_scoring_equals_an_independent_count(winners: list[int | None]) -> None:
    v = tiny(match={"scoring": "deals", "target": 2})
    verdict = referee(match_log(v, winners))
    scores = [0, 0]
    winner = None
    late = []
    for number, w in enumerate(winners):
        if winner is not None:
            late.append(number)
            continue
        if w is not None:
            scores[w] += 1
            if scores[w] >= 2:
                winner = w
    assert list(verdict.match.scores) == scores
    assert verdict.match.winner == winner and verdict.match.complete == (winner is not None)
    assert [n for n, d in enumerate(verdict.deals) if any(x.rule == "match.after-end" for x in d.violations)] == late
    assert len(verdict.match.after_each_deal) == len(winners)


def test_margin_scoring_counts_the_losers_cards() -> None:
    """001's worked deal: the loser holds 3 cards with 4 in the draw pile; the winner scores 7."""
    v = speedrules.variant_from_document({"extends": "speed", "match": {"scoring": "margin", "target": 25},
                                          "deal": {"hand": 3, "draw": 4, "reserves": [18, 18]}})
    layout = make_layout(v, [["8S", "9S", "10S"], ["AD", "AC", "AH"]], ["7C", "5H"],
                         draw=[["JS", "QS", "KS", "AS"], []])
    events: list[dict[str, Any]] = [{"type": "reveal", "t": 0}]
    t = 0
    for card in ["8S", "9S", "10S", "JS", "QS", "KS", "AS"]:  # 7C, then one up each time, K-A wrapping
        if card == "AS":  # the last card of the draw stack, drawn once the hand is empty
            events.append({"type": "draw", "player": 0, "t": t})
        t += 10
        events.append(play(0, card, 0, t))
        if card in ("8S", "9S", "10S"):  # refill to three at once: JS, QS, KS
            events.append({"type": "draw", "player": 0, "t": t})
    log = parse_log({"format": "speedrules-log/1", "variant": _ref(v), "players": ["Ann", "Ben"],
                     "deals": [{"layout": layout.to_json(), "events": events}]})
    verdict = referee(log)
    deal = verdict.deals[0]
    assert verdict.valid and deal.winner == 0
    assert deal.remaining == (0, 7)  # the loser still holds 3 in hand and 4 in the draw stack
    assert verdict.match.scores == (7, 0) and verdict.match.winner is None
    assert verdict.to_json()["match"] == {"format": "margin", "target": 25, "scores": [7, 0],
                                          "after_each_deal": [[7, 0]], "winner": None, "complete": False}


def test_three_player_margin_counts_every_other_player() -> None:
    v = speedrules.variant_from_document({"extends": "speed-three", "match": {"scoring": "margin", "target": 25}})
    deal = speedrules.DealVerdict(finished=True, winner=2, remaining=(9, 4, 0), violations=())
    result, late = score_match(v, [deal])
    assert result.scores == (0, 0, 13) and late == []


# ----------------------------------------------------------------------------- corrections (--all)


def test_all_corrects_an_illegal_play_and_keeps_judging() -> None:
    v = speedrules.load_variant("speed")
    layout = make_layout(v, SPEED_HANDS, SPEED_STARTERS)
    events = [{"type": "reveal"}, {"type": "play", "player": 0, "card": "2C", "pile": 0},   # 2 on 7: illegal
              {"type": "play", "player": 0, "card": "8S", "pile": 0},                      # fine after the correction
              {"type": "flip"},                                                            # false flip
              {"type": "play", "player": 1, "card": "9H", "pile": 0}]
    verdict = referee(log_of(v, layout, events), all_violations=True)
    rules = [(x.event, x.rule, x.correction) for x in verdict.deals[0].violations]
    assert rules == [(1, "play.rank", "2C went back to Ann's hand"), (3, "flip.not-blocked", "the flip was undone")]
    assert not verdict.deals[0].void


def test_all_voids_a_deal_whose_position_cannot_be_restored() -> None:
    v = speedrules.load_variant("speed")
    layout = make_layout(v, SPEED_HANDS, SPEED_STARTERS)
    events = [{"type": "reveal"}, {"type": "play", "player": 0, "card": "2C", "pile": 0},  # illegal: 2 on 7
              {"type": "play", "player": 0, "card": "3C", "pile": 0}]                     # only fits the 2
    verdict = referee(log_of(v, layout, events), all_violations=True)
    deal = verdict.deals[0]
    assert deal.void and not deal.finished and deal.violations[-1].event == 2
    assert "void" in (deal.violations[-1].correction or "")


@given(seed=st.integers(0, 5000), corruptions=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 3)),
                                                        min_size=1, max_size=6))
def test_all_never_loses_or_duplicates_a_card(seed: int, corruptions: list[tuple[int, int]]) -> None:
    import random

    v = speedrules.load_variant("speed")
    game = speedrules.deal(v, seed=seed)
    rng = random.Random(seed)
    while not game.is_over() and len(game.history) < 200:
        game.apply(rng.choice(game.legal_actions()))
    data = game.to_log().to_json()
    events = data["deals"][0]["events"]
    deck = [str(c) for c in game.all_cards()]
    for where, how in corruptions:
        i = where % max(len(events), 1)
        if how == 0:
            events.insert(i, {"type": "flip"})
        elif how == 1:
            events.insert(i, {"type": "draw", "player": rng.randrange(2)})
        elif how == 2 and events:
            events.insert(i, {"type": "play", "player": rng.randrange(2), "card": rng.choice(deck), "pile": 0})
        elif events:
            del events[i]
    log = parse_log(data)
    compiled = log.deals[0]
    judged = speedrules.referee(log, all_violations=True).deals[0]
    # replay exactly what the referee accepted, and count the cards
    replay = Game.from_layout(v, compiled.layout())
    for event in compiled.events:
        if replay.check_event(*event[:6]) is None:
            replay.apply_event(*event[:6])
    assert Counter(replay.all_cards()) == Counter(game.layout.all_cards())
    assert sum(judged.remaining) == sum(replay.remaining()) or judged.void


def test_illegal_action_errors_name_new_rules() -> None:
    v, layout = tie_game(announce={"call": "required"})
    game = Game.from_layout(v, layout)
    with pytest.raises(IllegalActionError) as info:
        game.apply(Pickup(0, 0))
    assert info.value.rule in ("pickup.not-due", "event.order")


def test_pickup_of_an_empty_pile_is_refused() -> None:
    """Ann misses her call and takes pile 0; later Ben misses his and finds pile 0 empty."""
    v, layout = tie_game(announce={"call": "penalty"})
    game = Game.from_layout(v, layout)
    game.apply(Reveal(), t=0)
    game.apply(Play(0, Card.parse("8S"), 0), t=100)           # Ann goes out ...
    game.apply(Play(1, Card.parse("6D"), 1), t=200)           # ... and Ben plays before she calls: so does Ben
    assert game.pickups_owed == {0} and game.call_due == 1
    game.apply(Pickup(0, 0), t=400)  # Ann's pickup comes before Ben's call: Ben missed his call too
    assert game.pickups_owed == {1}
    problem = game.check(Pickup(1, 0), t=500)
    assert problem is not None and problem.rule == "pickup.empty"
    assert game.is_legal(Pickup(1, 1), t=500)
