"""Random legal playouts of every variant, refereed step by step by an independent model.

Hypothesis draws the deal's seed and the seed of the random player; each game is
played to its end (a winner or the documented dead end) or to a bound of actions.
After every action the test checks that exactly the right cards moved, that the
deck is intact and no hand is over the limit, and that the game's list of legal
actions is exactly the model's.  Sampled actions outside that list must be illegal.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import (
    SYNTHETIC_DOCS,
    Snapshot,
    TableModel,
    action_key,
    check_transition,
    deck_texts,
    even_sizes_ok,
    key_to_action,
    random_play,
    seeds,
    synthetic_variant,
)

import speedrules
from speedrules import (
    RULES,
    Action,
    Call,
    Card,
    Draw,
    Flip,
    Game,
    IllegalActionError,
    Layout,
    Outcome,
    Pickup,
    Play,
    Rebuild,
    Stuck,
    Variant,
    deal,
    load_variant,
    variant_names,
)

MAX_ACTIONS = 3000
VARIANTS = [*variant_names("speed"), *(f"synthetic:{n}" for n in SYNTHETIC_DOCS)]


def get_variant(name: str) -> Variant:
    return synthetic_variant(name.split(":", 1)[1]) if name.startswith("synthetic:") else load_variant(name)


def rebuild_stacks(rng: random.Random, variant: Variant, s: Snapshot, *, valid: bool) -> list[list[Card]]:
    """New reserves as the variant's rebuild rule makes them (000 / 003), or deliberately wrong."""
    rule = variant.rebuild.value
    if rule == "each-pile":
        stacks = [list(p) for p in s.piles]
        for stack in stacks:
            rng.shuffle(stack)
    else:
        gathered = [c for p in s.piles for c in (p[1:] if rule == "keep-tops" else p)]
        rng.shuffle(gathered)
        n = variant.piles
        sizes = [len(gathered) // n + (1 if i < len(gathered) % n else 0) for i in range(n)]
        rng.shuffle(sizes)  # "as evenly as possible": any pile may take an extra card
        stacks, start = [], 0
        for size in sizes:
            stacks.append(gathered[start:start + size])
            start += size
    if valid:
        return stacks
    # Break the rule: a card too many, a card missing, an uneven split, or the wrong number of stacks.
    broken = [list(st_) for st_ in stacks]
    choice = rng.randrange(4)
    if choice == 0:
        broken[rng.randrange(len(broken))].append(Card.parse("AS"))
    elif choice == 1 and any(broken):
        victim = rng.choice([b for b in broken if b])
        victim.pop()
    elif choice == 2 and len(broken) > 1 and sum(map(len, broken)) >= 2 and rule != "each-pile":
        # pile everything onto the first reserve: uneven unless that is still even
        everything = [c for b in broken for c in b]
        broken = [everything] + [[] for _ in broken[1:]]
        if even_sizes_ok([len(b) for b in broken], len(everything)):
            broken[0].append(Card.parse("KS"))
    else:
        broken.append([])
    return broken


def pick(rng: random.Random, legal: list[Action]) -> Action:
    """A random legal action: first a kind and card at random, then one of its piles, runs or
    declared ranks (so that a joker's thirteen ranks do not make it thirteen times likelier)."""
    groups: dict[tuple[str, int, str], list[Action]] = {}
    for action in legal:
        if isinstance(action, Play):
            key = ("play", action.player, str(action.cards[0]))
        else:
            key = (type(action).__name__, getattr(action, "player", -1), "")
        groups.setdefault(key, []).append(action)
    return rng.choice(groups[rng.choice(sorted(groups))])


def check_position(game: Game, model: TableModel, s: Snapshot, rng: random.Random,
                   deck: Counter[str]) -> list[Action]:
    """Compare the game's view of the position with the model's; return the legal actions."""
    v = game.variant
    assert s.cards() == deck, "the cards in play are always exactly the deck"
    assert all(len(h) <= v.hand_limit for h in s.hands), "000: never hold more than the limit"
    assert s.top_ranks == model.effective_ranks(s)
    assert s.owed == tuple(model.owed)
    legal = game.legal_actions()
    keys = [action_key(a) for a in legal]
    assert len(keys) == len(set(keys)), "each legal action is listed once"
    expected = model.legal(s)
    assert set(keys) == expected, (
        f"listed but illegal: {sorted(set(keys) - expected, key=str)[:5]}; "
        f"legal but not listed: {sorted(expected - set(keys), key=str)[:5]}")
    for action in legal:
        assert game.check(action) is None, action
    if s.revealed and model.winner is None:
        assert game.is_blocked() == model.blocked(s)
        if model.call_due is None:
            for seat in range(v.players):
                assert game.can_play_any(seat) == any(k[0] == "play" and k[1] == seat for k in expected)
    # Per-seat listings.
    seat = rng.randrange(v.players)
    assert {action_key(a) for a in game.legal_actions(seat)} == {
        k for k in expected if k[0] in ("play", "draw", "call", "pickup", "stuck") and k[1] == seat}
    # Sampled actions: legal exactly when the model accepts them (outside the list: only a draw
    # naming its card, a winner's call, and events that trigger a penalised missed call), and
    # each refusal names a known rule.
    samples: list[Action] = [random_play(rng, game) for _ in range(4)]
    samples += [Draw(rng.randrange(-1, v.players + 1)), Flip(), Rebuild(), Call(rng.randrange(-1, v.players + 1)),
                Pickup(rng.randrange(v.players), rng.randrange(-1, v.piles + 1)),
                Stuck(rng.randrange(-1, v.players + 1))]
    for seat in range(v.players):
        if s.draws[seat]:
            samples.append(Draw(seat, s.draws[seat][0]))
            wrong = [c for c in s.draws[seat][1:] if c != s.draws[seat][0]]
            if wrong:
                samples.append(Draw(seat, wrong[0]))
    for action in samples:
        violation = game.check(action)
        assert game.is_legal(action) == (violation is None)
        assert (violation is None) == model.accepts(action, s, expected), (action, violation)
        if violation is None and model.call_due is None and not isinstance(action, Call):
            key = action_key(action)
            assert key in expected, f"{action} is legal but not listed"
        if violation is not None:
            assert violation.rule in RULES
    return legal


def check_end(game: Game, model: TableModel, s: Snapshot) -> None:
    v = game.variant
    outcome = game.outcome()
    assert game.is_over() and game.legal_actions() == []
    if model.winner is not None:
        w = model.winner
        assert outcome == Outcome(w, "out")
        # 000 "You win as soon as your last hand card is legally played and your personal draw stack is empty".
        assert s.hands[w] == () and s.draws[w] == ()
        plays = [a for a in s.history if isinstance(a, Play)]
        last = plays[-1]
        assert last.player == w
        # Where a call is wanted (001, 003), the win is official only once it is called.
        assert isinstance(s.history[-1], Call if model.call_rule != "none" else Play)
        if not v.joker_may_go_out:
            assert not last.cards[-1].is_joker, "001/003/004: your last card cannot be a joker"
    else:
        assert outcome is not None and outcome.reason == "dead-end" and outcome.winner is None
        assert outcome.is_dead_end
        assert model.blocked(s) and not any(s.reserves)
    # Nothing may happen after the end.
    for action in (Flip(), Rebuild(), Draw(0), Play(0, Card.parse("AS"), 0)):
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.rule == "event.after-end"


def play_out(variant: Variant, seed: int, policy_seed: int, *, check_every: int = 1) -> Counter[str]:
    """Play one deal at random to its end (or MAX_ACTIONS); return what happened, by kind."""
    events: Counter[str] = Counter()
    game = deal(variant, seed)
    model = TableModel.start(game)
    rng = random.Random(policy_seed)
    deck = Counter(deck_texts(variant.packs, variant.jokers))
    s = Snapshot.of(game)
    for n in range(MAX_ACTIONS):
        full = n % check_every == 0 or model.blocked(s)
        legal = check_position(game, model, s, rng, deck) if full else game.legal_actions()
        outcome = game.outcome()
        if model.over(s):
            check_end(game, model, s)
            events["win" if model.winner is not None else "dead-end"] += 1
            if s.history and isinstance(s.history[-1], Play) and any(c.is_joker for c in s.history[-1].cards):
                events["joker-in-last-play"] += 1
            return events
        assert outcome is None and legal
        if not variant.joker_may_go_out and any(
                h and all(c.is_joker for c in h) and not d for h, d in zip(s.hands, s.draws, strict=True)):
            events["joker-held-last"] += 1  # the model says it cannot be played out
        if model.call_due is not None and model.call_rule == "penalty" and rng.random() < 0.5:
            # Somebody acts before the winner calls: the call is missed and penalised (001, 003).
            options = sorted(model.penalised().legal(s), key=str)
            action = key_to_action(rng.choice(options))
            assert game.is_legal(action)
            events["missed-call"] += 1
        else:
            action = pick(rng, legal)
        if isinstance(action, Flip):
            # 000/001: a flip only when neither player can play or draw.
            assert model.blocked(s) and any(s.reserves)
        if isinstance(action, Rebuild):
            assert model.blocked(s) and not any(s.reserves)
            if rng.random() < 0.5:
                bad = rebuild_stacks(rng, variant, s, valid=False)
                with pytest.raises(IllegalActionError) as info:
                    game.rebuild(bad)
                assert info.value.rule == "rebuild.cards"
                assert Snapshot.of(game) == s
                events["bad-rebuild-refused"] += 1
                action = Rebuild(tuple(tuple(r) for r in rebuild_stacks(rng, variant, s, valid=True)))
        game.apply(action)
        events[type(action).__name__ + ("-run" if isinstance(action, Play) and len(action.cards) > 1 else "")] += 1
        if isinstance(action, Play) and action.declared:
            events["joker-played"] += 1
        if isinstance(action, Rebuild):
            events[f"rebuild:{variant.rebuild.value}"] += 1
        after = Snapshot.of(game)
        check_transition(variant, s, action, after)
        model.after(s, action, after)
        s = after
    events["unfinished"] += 1
    return events


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=4)
@given(seed=seeds(), policy=st.integers(0, 2**32 - 1))
def test_random_playout(name: str, seed: int, policy: int) -> None:
    play_out(get_variant(name), seed, policy)


@settings(max_examples=30)
@given(name=st.sampled_from(VARIANTS), seed=seeds(), policy=st.integers(0, 2**32 - 1))
def test_many_random_playouts_lightly_checked(name: str, seed: int, policy: int) -> None:
    # Full checks at every blocked position (flips, rebuilds, ends) and every 7th action.
    play_out(get_variant(name), seed, policy, check_every=7)


@pytest.mark.slow  # a long run: CI's slow step (pytest -m slow)
def test_playouts_reach_the_interesting_places() -> None:
    """Fixed seeds over every variant meet flips, every kind of rebuild (and refused bad
    ones), runs, jokers, wins and dead ends, so the checks above are not vacuous."""
    seen: Counter[str] = Counter()
    for name in VARIANTS:
        for seed in range(20 if "jokers" in name and "tiny" in name else 4):
            seen += play_out(get_variant(name), seed, seed, check_every=11)
    wanted = ["Reveal", "Play", "Draw", "Flip", "win", "dead-end", "rebuild:keep-tops", "rebuild:each-pile",
              "rebuild:gather-all", "bad-rebuild-refused", "Play-run", "joker-played", "joker-held-last"]
    calls = {str(getattr(get_variant(n), "call", "none")) for n in VARIANTS}
    if calls - {"none"}:
        wanted.append("Call")
    if "penalty" in calls:
        wanted += ["missed-call", "Pickup"]
    assert all(seen[w] > 0 for w in wanted), seen
    assert seen["unfinished"] == 0, seen


@pytest.mark.parametrize("may_go_out", [False, True])
def test_last_card_cannot_be_a_joker(may_go_out: bool) -> None:
    """001: "Your last card played cannot be a joker"; 003, 004 likewise, unless the variant allows it."""
    v = speedrules.variant_from_document({
        "extends": "speed", "deck": {"jokers": 2}, "deal": {"hand": 2, "draw": 0, "reserves": [24, 24]},
        "jokers": {"wild": True, "declare": "any", "may_go_out": may_go_out}}, name="last-joker.yaml")
    rest = [t for t in deck_texts(1, 0) if t not in ("7H", "6S", "KD", "2C")]
    layout = Layout.from_json({"hands": [["JK", "7H"], ["JK", "KD"]], "draw": [[], []], "starters": ["6S", "2C"],
                               "reserves": [rest[:24], rest[24:]]})
    game = Game.from_layout(v, layout)
    game.reveal()
    joker = Card.parse("JK")
    # With another card in hand, the joker may be played, as any rank.
    assert game.can_play(0, joker, 1, 9)
    game.play(0, Card.parse("7H"), 0)
    # Now it is the last card and the draw stack is empty.
    plays = [a for a in game.legal_actions(0) if isinstance(a, Play)]
    if may_go_out:
        assert len(plays) == 2 * 13  # any rank on either pile
        game.play(0, joker, 1, 3)
        assert game.outcome() == Outcome(0, "out")
    else:
        assert plays == []
        with pytest.raises(IllegalActionError) as info:
            game.play(0, joker, 1, 3)
        assert info.value.rule == "play.joker"
        assert game.outcome() is None
