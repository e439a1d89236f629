"""``referee --all`` on Spit logs: the correction procedure of the guide (000), as for Speed.

Each illegal event is undone (a card played or moved against the rules goes back on the stock
pile it came from, an early spit is taken back, a claim out of turn is ignored, a decreasing
time is ignored) and judging goes on; the position in which the illegal event stood is kept
where that is physically possible, and a later event that is illegal only because of the
correction (it would stand in that position) makes the round void."""

from __future__ import annotations

import copy
import random

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

import speedrules
from speedrules import Slap, Spit, SpitGame, StockPlay, deal_spit, parse_log, referee
from speedrules.core import rules
from speedrules.spit.actions import GapMove, SpitAction

VARIANTS = speedrules.variant_names("spit")


def played(variant: str, seed: int, steps: int = 120) -> SpitGame:
    """A random game of one round, cut after ``steps`` actions (a spit when due, plays mostly)."""
    rng = random.Random(seed)
    game = deal_spit(variant, seed=seed)
    for step in range(steps):
        actions = game.legal_actions()
        if not actions or game.is_round_settled():
            break
        spits = [a for a in actions if isinstance(a, Spit)]
        plays = [a for a in actions if isinstance(a, StockPlay)]
        action = spits[0] if spits else rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(actions)
        game.apply(action, t=10 * step)
    return game


def illegal(rng: random.Random, game: SpitGame) -> SpitAction | None:
    """A random action the rules refuse now (not a decreasing time), or ``None``."""
    k = game.kernel
    candidates: list[SpitAction] = [Spit(), Slap(0, 0), Slap(1, 1)]
    for p in (0, 1):
        for i, pile in enumerate(k.rows[p]):
            if pile:
                candidates += [StockPlay(p, i, c) for c in (0, 1)]
                candidates += [GapMove(p, i, j) for j in range(len(k.rows[p])) if j != i]
    rng.shuffle(candidates)
    return next((a for a in candidates if game.check(a) is not None), None)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**16), st.randoms(use_true_random=False))
def test_an_illegal_event_slipped_in_is_undone_and_changes_nothing(variant: str, seed: int,
                                                                    rng: random.Random) -> None:
    """A legal log with one illegal event slipped in: ``--all`` lists exactly that event, with a
    correction, and the rest of the log is judged as if it had not been there."""
    game = played(variant, seed)
    history = game.history[0]
    at = rng.randrange(len(history) + 1)
    replay = SpitGame.from_log(parse_log(game.to_log_data()), 0, at)
    bad = illegal(rng, replay)
    assume(bad is not None)
    event(f"{type(bad).__name__} refused by {replay.check(bad).rule}")  # type: ignore[union-attr, arg-type]
    data = game.to_log_data()
    events = data["deals"][0]["events"]
    events.insert(at, bad.to_json(events[at - 1].get("t") if at else None))
    clean = referee(parse_log(game.to_log_data()))
    judged = referee(parse_log(data), all_violations=True)
    [violation] = judged.deals[0].violations
    assert violation.event == at and violation.correction
    assert violation.rule == replay.check(bad).rule  # type: ignore[union-attr]
    assert not judged.deals[0].void
    assert judged.deals[0].remaining == clean.deals[0].remaining
    assert judged.deals[0].finished == clean.deals[0].finished
    stopped = referee(parse_log(data))
    assert len(stopped.deals[0].violations) == 1 and stopped.deals[0].violations[0].correction is None


def test_a_card_played_wrongly_goes_back_and_what_depends_on_it_voids_the_round() -> None:
    """A card played on a pile it does not fit goes back on its stock pile; a later play of the
    card that lay under it (on top only had the wrong play stood) makes the round void."""
    for seed in range(200):
        game = deal_spit("spit", seed=seed)
        game.apply(Spit())
        k = game.kernel
        wrong = [(p, i, c) for p in (0, 1) for i, pile in enumerate(k.rows[p]) if len(pile) >= 2
                 for c in (0, 1) if game.check(StockPlay(p, i, c)) is not None
                 and game.check(StockPlay(p, i, c)).rule == rules.PLAY_RANK]  # type: ignore[union-attr]
        if wrong:
            break
    p, i, c = wrong[0]
    under = speedrules.Card.from_code(k.rows[p][i][-2])
    data = game.to_log_data()
    events = data["deals"][0]["events"]
    events.append(StockPlay(p, i, c).to_json())
    verdict = referee(parse_log(data), all_violations=True)
    [v] = verdict.deals[0].violations
    assert v.rule == rules.PLAY_RANK and v.correction is not None and "went back to" in v.correction
    assert not verdict.deals[0].void
    # now the card beneath is named as moved into a gap or played: it is not on top in the
    # corrected position, but it would be had the wrong play stood
    trial = copy.deepcopy(data)
    trial["deals"][0]["events"].append({"type": "play", "player": p, "stock": i, "pile": 1 - c, "card": str(under)})
    verdict = referee(parse_log(trial), all_violations=True)
    forced = SpitGame.from_log(parse_log(game.to_log_data()))
    forced.kernel.apply_event(1, p, i, c, None, None)  # the wrong play, standing
    if forced.check(StockPlay(p, i, 1 - c, under)) is None:
        assert verdict.deals[0].void and "void" in (verdict.deals[0].violations[-1].correction or "")
        assert len(verdict.deals[0].violations) == 2
    else:  # it would not stand either way: a plain second violation
        assert not verdict.deals[0].void and len(verdict.deals[0].violations) == 2


def test_an_early_spit_is_taken_back() -> None:
    game = deal_spit("spit", seed=3)
    game.apply(Spit())
    assert not game.is_stuck(0) or not game.is_stuck(1)
    before = game.kernel.state()
    data = game.to_log_data()
    data["deals"][0]["events"].append({"type": "spit"})
    verdict = referee(parse_log(data), all_violations=True)
    [v] = verdict.deals[0].violations
    assert v.rule == rules.SPIT_EARLY and v.correction is not None and "spit was undone" in v.correction
    assert verdict.deals[0].remaining == tuple(game.kernel.held(p) for p in (0, 1))
    assert game.kernel.state() == before


def test_a_void_round_in_the_text_report() -> None:
    from speedrules.judge.referee import render_verdict

    for seed in range(300):
        game = deal_spit("spit", seed=seed)
        game.apply(Spit())
        k = game.kernel
        found = None
        for p in (0, 1):
            for i, pile in enumerate(k.rows[p]):
                for c in (0, 1):
                    problem = game.check(StockPlay(p, i, c))
                    if len(pile) >= 2 and problem is not None and problem.rule == rules.PLAY_RANK:
                        forced = k.copy()
                        forced.apply_event(1, p, i, c)
                        under = pile[-2]
                        for d in (0, 1):
                            if forced.check_event(1, p, i, d, under) is None:
                                found = (p, i, c, d, under)
        if found:
            break
    assert found is not None
    p, i, c, d, under = found
    data = game.to_log_data()
    data["deals"][0]["events"] += [StockPlay(p, i, c).to_json(),
                                   {"type": "play", "player": p, "stock": i, "pile": d,
                                    "card": str(speedrules.Card.from_code(under))}]
    verdict = referee(parse_log(data), all_violations=True)
    assert verdict.deals[0].void and not verdict.deals[0].finished
    assert "void" in render_verdict(verdict, "game.json")
    assert verdict.to_json()["deals"][0]["void"] is True
