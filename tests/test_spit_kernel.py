"""Property tests of Spit's rules (:mod:`speedrules.spit.kernel`, :mod:`speedrules.spit.game`) against
the independent reference model ``tests/spit_model.py`` and the rule text (seed 002), for every
bundled Spit variant.

* :func:`model_table` builds the model's :class:`spit_model.Table` from a kernel's state (the
  library lists piles top at the end, the model top first; a centre pile no spit has started
  is ``None`` in the model).
* :func:`walk` plays random games: a spit whenever one is legal, else a random play (90%),
  else the first move of a row-unblocking sequence (90%), else any legal row move; at a
  round's end a claim (the slap or the choice mostly goes for the smaller pile), then
  ``next_round()``, until ``outcome()`` or the caps :data:`MAX_ROUNDS` rounds and
  :data:`MAX_STEPS` steps a round.  At every step :func:`check_step` compares the library
  with the model (own moves, ``is_stuck``, the spit, the end of the round) and counts the
  cards; :func:`check_transition` replays each applied action on the model; at each round's
  end :func:`check_claim` compares what each player takes into the next round.
* :func:`try_refused` throws random (often ill-formed) actions at the game and checks that
  the verdict is the one the rule text calls for (:func:`expected_rule`), that a refusal
  names a rule of ``speedrules.RULES`` and leaves ``kernel.state()`` unchanged.

The library's strict reading of "stuck" must agree with the model's exhaustive search
everywhere, and its unblocking moves must unblock on the model (:func:`check_stuck`).  (This
file first found, in ``spit-pairing``, rows where an earlier search gave up early and took a
stuck player to be able to play, e.g. rows ``[AS] - - - -`` and ``[JC] [5D] [JH] [5H] [JS]``
on ``8H | AH``; and :func:`test_the_pairing_search_agrees_with_an_exhaustive_search` found
unblocking moves that covered the card they had turned up.)
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
import spit_model as M
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

import speedrules
from speedrules.core import rules
from speedrules.core.cards import TEXT_OF, Card, code_of
from speedrules.core.errors import IllegalActionError
from speedrules.core.ranks import KEY_OF_CODE
from speedrules.core.variant import Claim, Stuck
from speedrules.core.variant import Jam as JamRule
from speedrules.spit.actions import Choose, GapMove, Jam, Pairing, Slap, Spit, SpitAction, StockPlay
from speedrules.spit.game import SpitGame, SpitLayout, check_spit_layout, deal_spit
from speedrules.spit.kernel import CHOOSE, JAM, MOVE, PAIR, SLAP, SpitKernel, lay_row, row_shape
from speedrules.spit.kernel import PLAY as PLAY_KIND
from speedrules.spit.kernel import SPIT as SPIT_KIND

VARIANTS = speedrules.variant_names("spit")
DECK_TEXTS = Counter(M.DECK)

MAX_ROUNDS = 40
"""A game still going after this many rounds is cut off (``"round-cap"``)."""
MAX_STEPS = 1500
"""A round still going after this many steps (actions) is cut off (``"step-cap"``)."""
MAX_CAPPED_SHARE = 0.15
"""The largest share of the fixed-seed games of :func:`test_games_end` that may be cut off."""

SMALLER_PILE = 0.8
"""How often a slap or a choice goes for the smaller centre pile (else the larger)."""


# ---------------------------------------------------------------- the adapter


def texts(codes: list[int] | tuple[int, ...]) -> list[str]:
    """Codes with the top at the end, as texts with the top first (the model's order)."""
    return [TEXT_OF[c] for c in reversed(codes)]


def model_table(kernel: SpitKernel) -> M.Table:
    """The model's table for a kernel's state."""
    variant = kernel.variant
    assert variant.spit is not None
    return M.Table(
        rows=[[texts(pile) for pile in row] for row in kernel.rows],
        spit=[texts(s) for s in kernel.spits],
        centre=[texts(pile) if pile else None for pile in kernel.centre],
        locked_pile=kernel.locked,
        alternate_colours=variant.alternate_colours,
        pairing=variant.spit.pairing,
        strict=variant.spit.stuck is not Stuck.LAX,
        lone_spitter=kernel.alone,
        turn_up=variant.spit.stuck is Stuck.TURN_UP,
        jam_as_stuck=variant.spit.jam is JamRule.SAME_AS_STUCK,
    )


def own_move(action: SpitAction) -> tuple[int, M.Move] | None:
    """A play, gap move or pairing as ``(player, model move)``; ``None`` for other actions."""
    if isinstance(action, StockPlay):
        return action.player, ("play", action.stock, action.pile)
    if isinstance(action, GapMove):
        return action.player, ("move", action.stock, action.to)
    if isinstance(action, Pairing):
        return action.player, ("pair", action.stock, action.to)
    return None


def kernel_cards(kernel: SpitKernel) -> Counter[str]:
    codes = [c for row in kernel.rows for pile in row for c in pile]
    codes += [c for s in kernel.spits for c in s] + [c for pile in kernel.centre for c in pile]
    return Counter(TEXT_OF[c] for c in codes)


def test_adapter_reverses_the_library_order() -> None:
    game = deal_spit("spit", seed=2)
    table = model_table(game.kernel)
    assert table.rows == [[[str(c) for c in pile] for pile in row] for row in game.stock]
    assert table.spit == [[str(c) for c in s] for s in game.spit_piles]
    assert table.centre == [None, None] and table.locked_pile is None and table.lone_spitter is None
    game.apply(Spit())
    table = model_table(game.kernel)
    assert [pile[0] for pile in table.centre if pile] == [str(c) for c in game.tops]
    assert M.all_cards(table) and Counter(M.all_cards(table)) == DECK_TEXTS


# ---------------------------------------------------------------- who is stuck


def unblocks_on_model(game: SpitGame, table: M.Table, player: int) -> bool:
    """Whether the library's unblocking sequence for ``player`` (by the variant's reading),
    replayed on the model, brings up a card that fits (trivially so when a card fits now), or
    under ``turn-up`` turns up a card that was face down."""
    found = game.kernel.unsticking_moves(player)
    if found is None:
        return False
    hidden = M.face_down_cards(tuple(tuple(p) for p in table.rows[player]), table.pairing)
    trial = copy.deepcopy(table)
    for kind, i, j in found[0]:
        M.apply_move(trial, player, ("move" if kind == MOVE else "pair", i, j))
    turned = any(pile and pile[0] in hidden for pile in trial.rows[player])
    return M.can_play_now(trial, player) or (table.turn_up and turned)


def check_stuck(game: SpitGame, table: M.Table) -> None:
    """Check ``is_stuck`` (rule ``spit.stuck``) against the model's ``can_play`` for both
    players, and that the library's unblocking sequence really unblocks."""
    for p in (0, 1):
        model_stuck = not M.can_play(table, p)
        assert game.is_stuck(p) == model_stuck, (
            f"is_stuck({p}) is {game.is_stuck(p)}, the model says {model_stuck}: {table}")
        if not model_stuck and table.strict:
            assert unblocks_on_model(game, table, p), (p, game.kernel.unblocking_moves(p), table)


# ---------------------------------------------------------------- one step, compared


@dataclass
class Stats:
    """What a walk saw (for the coverage checks of :func:`test_games_end`)."""

    ended: str = ""
    rounds: int = 0
    steps: int = 0
    seen: Counter[str] = field(default_factory=Counter)


def check_step(game: SpitGame, stats: Stats) -> None:
    """Compare the library with the model now: who is stuck, the legal own moves, the end of
    the round and whether a spit is legal."""
    k = game.kernel
    table = model_table(k)
    assert kernel_cards(k) == DECK_TEXTS, "cards not conserved"
    check_stuck(game, table)

    # the legal own moves of each player
    actions = game.legal_actions()
    in_play = k.started and not k.is_over()
    for p in (0, 1):
        ours = {m for q, m in filter(None, map(own_move, actions)) if q == p}
        theirs = set(M.legal_moves(table, p)) if in_play else set()
        assert ours == theirs, f"player {p}: library {sorted(ours)}, model {sorted(theirs)}: {table}"
        assert {m for m in map(own_move, game.legal_actions(p)) if m} == {(p, m) for m in ours}

    # the end of the round
    over = M.round_over(table)
    assert game.is_round_over() == over, table
    if over:
        stats.seen["out" if M.went_out(table) is not None else "jam"] += 1

    # the spit: legal exactly when the model says one is due (and the round goes on)
    spits = {a.pile for a in actions if isinstance(a, Spit)}
    due = M.may_spit(table) and not over
    assert bool(spits) == due, table
    if due:
        spitters = [p for p in (0, 1) if table.spit[p]]
        if len(spitters) == 2:
            assert spits == {None}
        elif table.locked_pile is None:
            assert spits == {0, 1}
            stats.seen["lone spit, choosing"] += 1
        else:
            assert spits == {None, table.locked_pile}
            stats.seen["lone spit, locked"] += 1


def check_transition(before: M.Table, action: SpitAction, game: SpitGame) -> None:
    """The same action applied to the model gives the library's new state."""
    after = model_table(game.kernel)
    expected = copy.deepcopy(before)
    moved = own_move(action)
    if isinstance(action, Spit):
        M.spit(expected, action.pile)
    elif moved is not None:
        M.apply_move(expected, *moved)
    assert (after.rows, after.spit, after.centre) == (expected.rows, expected.spit, expected.centre), action
    assert after.locked_pile == expected.locked_pile
    if expected.lone_spitter is not None:
        assert after.lone_spitter == expected.lone_spitter


def check_claim(game: SpitGame, table: M.Table, claim: Slap | Choose | None, stats: Stats) -> None:
    """A settled round: what each player takes equals the model's ``next_holdings``."""
    k = game.kernel
    result = k.result()
    assert result is not None and game.results[-1] == result
    started = [c for c in (0, 1) if table.centre[c] is not None]
    if len(started) == 2:
        assert claim is not None
        who, pile = (k.slaps[0] if isinstance(claim, Slap) else (claim.player, claim.pile))
        assert (who, pile) == (claim.player, claim.pile)
        stats.seen["two piles"] += 1
    else:
        who, pile = None, None
        stats.seen["one pile"] += 1
    claims = M.claim(table, who, pile)
    expected = M.next_holdings(table, claims)
    for p in (0, 1):
        assert Counter(TEXT_OF[c] for c in result.holdings[p]) == Counter(expected[p]), (p, table, claim)
    if who is not None and pile is not None:
        assert result.owners[pile] == who and result.owners[1 - pile] == 1 - who
    else:
        (receiver,) = [p for p in (0, 1) if claims[p]]
        assert result.owners[started[0]] == receiver
    assert result.winner == M.game_winner(table, claims)
    assert result.out_seat == M.went_out(table)
    assert result.jammed == (M.went_out(table) is None)  # a round ends out or jammed
    assert result.jammed <= M.jammed(table)  # (a row cleared with nothing left to play is "out")
    assert sum(map(len, result.holdings)) == 52


# ---------------------------------------------------------------- refused actions


def expected_rule(game: SpitGame, table: M.Table, action: SpitAction, t: float | None) -> str | None:
    """The rule the text (and the model) says ``action`` breaks now, or ``None`` if it is legal.
    Where an action breaks several rules, the one the library checks first is named (the end of
    the game, the time, the seat, the end of the round, the first spit, the pile numbers, the
    card, then the rule of the move itself)."""
    k = game.kernel
    if game.outcome() is not None:
        return rules.EVENT_AFTER_END
    if t is not None and t < k.last_t:
        return rules.TIME_ORDER
    if k.is_settled() and not isinstance(action, (Slap, Choose)):
        return rules.EVENT_AFTER_END
    over = M.round_over(table)
    if isinstance(action, Jam):  # true only once the round has ended in a jam, not by a cleared row
        return None if M.jammed(table) and M.went_out(table) is None else rules.SPIT_JAM_FALSE
    if isinstance(action, Spit):
        if over:
            return rules.SPIT_ROUND_OVER
        spitters = [p for p in (0, 1) if table.spit[p]]
        if not spitters:
            return rules.SPIT_NONE_LEFT
        if not M.may_spit(table):
            return rules.SPIT_EARLY
        if len(spitters) == 2:  # each onto their own side: the spit names no pile
            return None if action.pile is None else rules.SPIT_PILE
        try:
            M.spit(copy.deepcopy(table), action.pile)
        except ValueError:
            return rules.SPIT_PILE
        return None
    player = action.player
    if player not in (0, 1):
        return rules.EVENT_INVALID
    if isinstance(action, (Slap, Choose)):
        slap = isinstance(action, Slap)
        rule = rules.CLAIM_SLAP if slap else rules.CLAIM_CHOOSE
        if not over:
            return rules.CLAIM_EARLY
        if (k.rules.claim is Claim.SLAP) != slap:
            return rule
        if action.pile not in (0, 1):
            return rules.EVENT_INVALID
        if sum(1 for pile in table.centre if pile is not None) < 2:
            return rule  # one centre pile: no race, no choice
        if slap:
            return rule if any(p == player for p, _ in k.slaps) else None
        if k.owners[0] is not None:
            return rule
        # "Whoever empties their stock row first simply picks ...; when a round jams instead,
        # the player with fewer cards still spread out chooses first"
        out = M.went_out(table)
        left = [sum(map(len, table.rows[q])) for q in (0, 1)]
        chooser = out if out is not None else None if left[0] == left[1] else left.index(min(left))
        return rule if chooser not in (None, player) else None
    if over:
        return rules.SPIT_ROUND_OVER
    if all(pile is None for pile in table.centre):
        return rules.SPIT_ORDER
    moved = own_move(action)
    assert moved is not None
    kind, a, b = moved[1]
    row = table.rows[player]
    if a >= len(row):
        return rules.EVENT_INVALID
    if kind == "play" and b not in (0, 1):
        return rules.EVENT_INVALID
    if kind != "play" and (b >= len(row) or a == b):
        return rules.EVENT_INVALID
    assert isinstance(action, (StockPlay, GapMove, Pairing))
    card = action.card
    if not row[a] or (card is not None and str(card) != row[a][0]):
        return rules.SPIT_NOT_TOP
    if moved[1] in M.legal_moves(table, player):
        return None
    return {"play": rules.PLAY_RANK, "move": rules.SPIT_GAP, "pair": rules.SPIT_PAIR}[kind]


def random_action(rng: random.Random, game: SpitGame) -> SpitAction:
    """A random action, often ill-formed: any seat (2 is none), any stock pile (one past the
    row too), any centre pile (2 is none), the top card, a random card or none."""
    k = game.kernel
    player = rng.choice((0, 1, 0, 1, 2))
    row = k.rows[player] if player < 2 else k.rows[0]
    stock = rng.randrange(len(row) + 1)
    top = row[stock][-1] if stock < len(row) and row[stock] else None
    card = rng.choice((None, top, rng.randrange(52)))
    card_of = None if card is None else Card.from_code(card)
    kind = rng.randrange(7)
    if kind == 0:
        return Spit(rng.choice((None, None, 0, 1, 2)))
    if kind == 6:
        return Jam()
    if kind == 1:
        return StockPlay(player, stock, rng.randrange(3), card_of)
    if kind == 2:
        return GapMove(player, stock, rng.randrange(len(row) + 1), card_of)
    if kind == 3:
        return Pairing(player, stock, rng.randrange(len(row) + 1), card_of)
    return (Slap if kind == 4 else Choose)(player, rng.randrange(3))


def try_refused(rng: random.Random, game: SpitGame, count: int, stats: Stats) -> None:
    """Try ``count`` random actions: the verdict is the one :func:`expected_rule` gives, and a
    refusal changes nothing."""
    k = game.kernel
    table = model_table(k)
    for _ in range(count):
        action = random_action(rng, game)
        t = rng.choice((None, None, k.last_t, k.last_t, k.last_t, k.last_t - 1 if k.last_t >= 1 else None))
        expected = expected_rule(game, table, action, t)
        verdict = game.check(action, t)
        assert (None if verdict is None else verdict.rule) == expected, (action, t, verdict, table)
        if verdict is None:
            continue
        stats.seen[f"refused {verdict.rule}"] += 1
        assert verdict.rule in speedrules.RULES
        state, events = k.state(), len(game.history[-1])
        with pytest.raises(IllegalActionError) as refused:
            game.apply(action, t)
        assert refused.value.violation == verdict
        assert k.state() == state and len(game.history[-1]) == events and game.kernel is k


# ---------------------------------------------------------------- random games


def choose_action(rng: random.Random, game: SpitGame) -> SpitAction | None:
    """The walk's next action while the round goes on (``None``: there is none)."""
    k = game.kernel
    actions = game.legal_actions()
    spits = [a for a in actions if isinstance(a, Spit)]
    if spits:
        return rng.choice(spits)
    plays = [a for a in actions if isinstance(a, StockPlay)]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    unblocking = []
    for p in (0, 1):
        found = k.unsticking_moves(p)
        if found is not None and found[0]:
            kind, i, j = found[0][0]
            assert kind in (MOVE, PAIR)
            unblocking.append((GapMove if kind == MOVE else Pairing)(p, i, j))
    if unblocking and rng.random() < 0.9:
        return rng.choice(unblocking)
    return rng.choice(actions) if actions else None


def claim_action(rng: random.Random, game: SpitGame) -> Slap | Choose:
    """A claim at the end of a round with two centre piles; checks who may claim (rule text)."""
    k = game.kernel
    sizes = [len(p) for p in k.centre]
    smaller = sizes.index(min(sizes))
    pile = smaller if rng.random() < SMALLER_PILE else 1 - smaller
    listed = set(game.legal_actions())
    assert (Jam() in listed) == k.jammed  # the optional declaration, listed once the round has jammed
    legal = listed - {Jam()}
    if k.rules.claim is Claim.SLAP:
        assert legal == {Slap(p, c) for p in (0, 1) for c in (0, 1)}
        return Slap(rng.choice((0, 1)), pile)
    table = model_table(k)  # "the player with fewer cards still spread out chooses first"
    left = [sum(map(len, row)) for row in table.rows]
    out = M.went_out(table)
    choosers = [out] if out is not None else [p for p in (0, 1) if left[p] == min(left)]
    assert legal == {Choose(p, c) for p in choosers for c in (0, 1)}
    return Choose(rng.choice(choosers), pile)


def walk(variant: str, seed: int, *, check: bool = True, refuse: int = 0, max_rounds: int = MAX_ROUNDS) -> Stats:
    """Play a random game; with ``check``, compare the library with the model at every step;
    try ``refuse`` random actions a step.  Returns how the game ended: ``"won"``, ``"rounds"``
    (a fixed number of rounds), ``"round-cap"``, ``"step-cap"`` or ``"no-action"``."""
    rng = random.Random(seed)
    game = deal_spit(variant, seed=seed)
    stats = Stats()
    while True:
        k = game.kernel
        claim: Slap | Choose | None = None
        table = model_table(k)
        for step in range(1, MAX_STEPS + 1):
            if check:
                check_step(game, stats)
            if refuse:
                try_refused(rng, game, refuse, stats)
            if k.is_settled():
                break
            table = model_table(k)
            if k.is_over():
                claim = claim_action(rng, game)
                action: SpitAction | None = claim
            else:
                action = choose_action(rng, game)
            if action is None:
                stats.ended = "no-action"
                return stats
            game.apply(action, step)
            stats.steps += 1
            if check:
                check_transition(table, action, game)
        else:
            stats.ended = "step-cap"
            return stats
        if check:
            check_claim(game, model_table(k), claim, stats)
        result = k.result()
        assert result is not None
        if isinstance(claim, Slap) and check and game.outcome() is None:  # the second slap changes nothing
            late = Slap(1 - claim.player, rng.choice((0, 1)))
            assert game.check(late) is None
            game.apply(late)
            assert k.result() == result
        stats.rounds += 1
        outcome = game.outcome()
        if outcome is not None:
            stats.ended = "won" if result.winner is not None else "rounds"
            if check:
                if result.winner is not None:  # out of cards: "you win outright"
                    assert outcome.winner == result.winner
                else:  # "give the game to whoever holds fewer cards at the end"
                    held = [len(h) for h in result.holdings]
                    assert outcome.winner == (None if held[0] == held[1] else held.index(min(held)))
                assert game.legal_actions() == []
            if refuse:
                try_refused(rng, game, refuse, stats)
            return stats
        if stats.rounds >= max_rounds:
            stats.ended = "round-cap"
            return stats
        game.next_round()
        layout = game.layout
        assert [Counter(h) for h in layout.holdings()] == [Counter(h) for h in result.holdings]
        assert check_spit_layout(game.variant, layout.codes(), result.holdings) is None
        assert Counter(c for h in layout.holdings() for c in h) == Counter(code_of(c) for c in M.DECK)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_agree_with_the_model(variant: str, seed: int) -> None:
    stats = walk(variant, seed, max_rounds=6)
    assert stats.ended in ("won", "rounds", "round-cap"), stats


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=5)
@given(seed=st.integers(0, 2**32 - 1))
def test_refused_actions_change_nothing(variant: str, seed: int) -> None:
    stats = walk(variant, seed, refuse=3, max_rounds=2)
    assert stats.ended in ("won", "rounds", "round-cap"), stats
    assert any(key.startswith("refused") for key in stats.seen)


# ---------------------------------------------------------------- jams, built by hand (rare in random games)


def hand_kernel(variant: str, rows: list[list[list[str]]], spits: list[list[str]]) -> SpitKernel:
    """A kernel from texts, every pile top first (the model's order and the kernel's input)."""
    return SpitKernel(speedrules.load_variant(variant), [[[code_of(c) for c in pile] for pile in row] for row in rows],
                      [[code_of(c) for c in s] for s in spits])


def same_holdings(codes: tuple[tuple[int, ...], ...], cards: list[list[str]]) -> bool:
    """Whether the library's holdings (codes) and the model's (texts) are the same multisets."""
    return [Counter(TEXT_OF[c] for c in h) for h in codes] == [Counter(h) for h in cards]


def claim_verdicts(k: SpitKernel, kind: int) -> dict[tuple[int, int], str | None]:
    verdicts = {(p, c): k.check_event(kind, p, c) for p in (0, 1) for c in (0, 1)}
    return {key: None if v is None else v.rule for key, v in verdicts.items()}


@pytest.mark.parametrize("rows", [1, 2])
def test_after_a_jam_the_player_with_fewer_cards_spread_out_chooses(rows: int) -> None:
    """First out chooses: "when a round jams instead, the player with fewer cards still spread out
    chooses first" (equal rows: either may choose)."""
    row0 = [["5S"], ["6S"] if rows == 2 else [], [], [], []]
    row1 = [["5H"], ["6H"], [], [], []]
    k = hand_kernel("spit-first-out-chooses", [row0, row1], [["KH"], ["KD"]])
    assert k.check_event(SPIT_KIND) is None
    k.apply_event(SPIT_KIND)  # KH | KD: no 5 or 6 fits, no spit card left
    table = model_table(k)
    assert k.is_over() and k.jammed and M.jammed(table) and M.round_over(table)
    choosers = (0,) if rows == 1 else (0, 1)
    assert claim_verdicts(k, CHOOSE) == {(p, c): None if p in choosers else rules.CLAIM_CHOOSE
                                         for p in (0, 1) for c in (0, 1)}
    assert set(claim_verdicts(k, SLAP).values()) == {rules.CLAIM_SLAP}
    k.apply_event(CHOOSE, 0, 1)
    result = k.result()
    assert result is not None and result.owners == (1, 0) and result.jammed and result.out_seat is None
    claims = M.claim(table, 0, 1)
    assert same_holdings(result.holdings, M.next_holdings(table, claims))


@pytest.mark.parametrize(("left", "spitter", "owner"), [((2, 1), 1, 0), ((1, 2), 0, 1), ((1, 1), 1, 1), ((1, 1), 0, 0)])
def test_a_single_pile_after_a_jam(left: tuple[int, int], spitter: int, owner: int) -> None:
    """One centre pile and a jam (the text is silent): to the player with more cards left in the
    row, on equal rows to the one who spat onto it (docs/rules.md; the model's reading)."""
    cards = (["5S", "6S"], ["5H", "6H"])
    rows = [[[c] for c in cards[p][:left[p]]] + [[] for _ in range(5 - left[p])] for p in (0, 1)]
    spits: list[list[str]] = [[], []]
    spits[spitter] = ["KD"]
    k = hand_kernel("spit", rows, spits)
    refused = k.check_event(SPIT_KIND)  # a lone spitter names a pile
    assert refused is not None and refused.rule == rules.SPIT_PILE
    k.apply_event(SPIT_KIND, a=1 - spitter)
    table = model_table(k)
    assert (k.alone, k.locked, table.lone_spitter) == (spitter, 1 - spitter, spitter)
    assert k.jammed and M.jammed(table) and k.is_settled()
    result = k.result()
    assert result is not None and result.owners[1 - spitter] == owner and result.owners[spitter] is None
    claims = M.claim(table, None, None)
    assert claims[owner] == ["KD"]
    assert same_holdings(result.holdings, M.next_holdings(table, claims))
    assert result.winner is None and M.game_winner(table, claims) is None


# ---------------------------------------------------------------- laying the row


@pytest.mark.parametrize("variant", VARIANTS)
def test_rows_are_laid_by_the_rule(variant: str) -> None:
    v = speedrules.load_variant(variant)
    assert v.spit is not None
    sizes = v.spit.row
    rng = random.Random(variant)
    for count in range(1, 53):
        deck = [code_of(c) for c in M.DECK]
        rng.shuffle(deck)
        mine, theirs = deck[:count], deck[count:]
        piles, spit = lay_row(mine, sizes)
        model_piles, model_spit = M.lay_row([TEXT_OF[c] for c in mine], tuple(sizes))
        shape = row_shape(count, sizes)
        assert ([len(p) for p in piles], len(spit)) == shape
        assert ([len(p) for p in model_piles], len(model_spit)) == shape
        assert [TEXT_OF[c] for c in spit] == model_spit  # the surplus, top first, in both
        assert Counter(c for p in piles for c in p) + Counter(spit) == Counter(mine)
        other, other_spit = lay_row(theirs, sizes)
        layout = ((tuple(map(tuple, piles)), tuple(map(tuple, other))), (tuple(spit), tuple(other_spit)))
        assert check_spit_layout(v, layout, (mine, theirs)) is None
        if count == 26:
            assert check_spit_layout(v, layout, None) is None
            SpitGame.from_layout(v, SpitLayout.from_codes(*layout))
        for p, row in enumerate(layout[0]):
            lengths = [len(pile) for pile in row]
            if len(set(lengths)) < 2:
                continue
            i = lengths.index(min(lengths))
            j = lengths.index(max(lengths))
            swapped = list(row)
            swapped[i], swapped[j] = row[j], row[i]
            rows = list(layout[0])
            rows[p] = tuple(swapped)
            problem = check_spit_layout(v, (tuple(rows), layout[1]), (mine, theirs))
            assert problem is not None and problem.rule == rules.SPIT_LAYOUT_ROW and problem.player == p


def row_of(variant: str) -> tuple[int, ...]:
    rules_of = speedrules.load_variant(variant).spit
    assert rules_of is not None
    return rules_of.row


def test_the_worked_examples_of_the_row() -> None:
    sizes = row_of("spit")
    assert row_shape(26, sizes) == ([1, 2, 3, 4, 5], 11)
    assert row_shape(20, sizes) == ([1, 2, 3, 4, 5], 5)
    assert row_shape(15, sizes) == ([1, 2, 3, 4, 5], 0)
    assert row_shape(12, sizes) == ([1, 2, 3, 4, 2], 0)
    four = row_of("spit-four-piles")
    assert row_shape(26, four) == ([1, 2, 3, 4], 16)
    eleven = row_of("spit-eleven-middle")
    assert row_shape(26, eleven) == ([1, 1, 11, 1, 1], 11)


# ---------------------------------------------------------------- games end


GAMES_PER_VARIANT = 6


@pytest.mark.slow  # a long run: CI's slow step (pytest -m slow)
def test_games_end() -> None:
    """Fixed-seed games without the model checks: at most :data:`MAX_CAPPED_SHARE` of them are cut
    off by :data:`MAX_ROUNDS` or :data:`MAX_STEPS`; none runs out of actions."""
    ended: Counter[str] = Counter()
    for variant in VARIANTS:
        for seed in range(GAMES_PER_VARIANT):
            stats = walk(variant, seed, check=False)
            ended[stats.ended] += 1
            assert stats.ended != "no-action", (variant, seed)
            if stats.ended == "rounds":
                assert variant == "spit-rounds" and stats.rounds == 5
    capped = ended["round-cap"] + ended["step-cap"]
    assert capped <= MAX_CAPPED_SHARE * sum(ended.values()), ended
    assert ended["won"] >= sum(ended.values()) // 2, ended


# ---------------------------------------------------------------- the pairing search, on crowded rows


RANK_TEXTS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@st.composite
def crowded_rows(draw: st.DrawFn) -> tuple[list[list[str]], list[str], bool]:
    """A row of up to 14 cards in five piles drawn from few ranks (so pairings abound), some
    piles empty, and the two centre tops; and whether colours alternate."""
    ranks = draw(st.lists(st.sampled_from(RANK_TEXTS), min_size=2, max_size=5, unique=True))
    pool = [r + s for r in ranks for s in "CDHS"]
    cards = draw(st.permutations(pool))
    sizes = draw(st.lists(st.integers(0, 4), min_size=5, max_size=5).filter(lambda sizes: sum(sizes) <= 14))
    row, at = [], 0
    for size in sizes:
        row.append(list(cards[at:at + size]))
        at += size
    rest = [f"{r}{s}" for r in RANK_TEXTS for s in "CDHS" if f"{r}{s}" not in cards[:at]]
    buried = [c for pile in row for c in pile[1:]]
    if buried and draw(st.booleans()):  # mostly a centre top that a buried card fits
        target = RANK_TEXTS.index(draw(st.sampled_from(buried))[:-1])
        near = {RANK_TEXTS[(target + 1) % 13], RANK_TEXTS[(target - 1) % 13]}
        first = draw(st.sampled_from([c for c in rest if c[:-1] in near] or rest))
    else:
        first = draw(st.sampled_from(rest))
    centre = [first, draw(st.sampled_from([c for c in rest if c != first]))]
    return row, centre, draw(st.booleans())


PAIRING_COLOURS = speedrules.variant_from_document(
    {"extends": "spit-pairing", "name": "spit-pairing-colours", "ranks": {"alternate_colours": True}})


@settings(max_examples=30, deadline=None, derandomize=True)
@given(crowded_rows())
def test_the_pairing_search_agrees_with_an_exhaustive_search(case: tuple[list[list[str]], list[str], bool]) -> None:
    """On rows crowded with pairs, the kernel's exact search (``pairing_search``: how far each
    pile is dug) and the model's exhaustive search over whole arrangements agree on whether the
    player can bring a card that fits to a top, and the kernel's moves, replayed on the model,
    do bring one up; with and without alternating colours."""
    row, centre, colours = case
    variant = PAIRING_COLOURS if colours else speedrules.load_variant("spit-pairing")
    used = {c for pile in row for c in pile} | set(centre)
    other = next(r + s for s in "CDHS" for r in RANK_TEXTS if r + s not in used)  # the other player's lone card
    k = SpitKernel(variant, [[[code_of(c) for c in pile] for pile in row], [[code_of(other)], [], [], [], []]],
                   [[], []])
    k.centre = [[code_of(centre[0])], [code_of(centre[1])]]
    k.tops = [KEY_OF_CODE[code_of(c)] for c in centre]
    k.started = True
    table = model_table(k)
    assume(not M.can_play_now(table, 0))  # a row that needs the search
    found = k.unblocking_moves(0)
    assert (found is not None) == M.can_play(table, 0), table
    event("stuck" if found is None else f"unblocked by {min(len(found[0]), 3)}+ moves")
    if found is not None:
        for kind, i, j in found[0]:
            M.apply_move(table, 0, ("move" if kind == MOVE else "pair", i, j))
        assert M.can_play_now(table, 0), (found, table)


# ---------------------------------------------------------------- issue 29: the turn-up reading, the jam, the jam event


TURN_UP_PAIRING = speedrules.variant_from_document(
    {"extends": "spit-pairing", "name": "spit-pairing-turn-up", "spit": {"stuck": "turn-up"}})
LAX_SAME_AS_STUCK = speedrules.variant_from_document(
    {"extends": "spit-lax-stuck", "name": "spit-lax-jam-as-stuck", "spit": {"jam": "same-as-stuck"}})
TURN_UP_COLOURS = speedrules.variant_from_document(
    {"extends": "spit-turn-up", "name": "spit-turn-up-colours", "ranks": {"alternate_colours": True}})


@pytest.mark.parametrize("variant", [TURN_UP_PAIRING, LAX_SAME_AS_STUCK, TURN_UP_COLOURS], ids=lambda v: v.name)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_of_house_readings_agree_with_the_model(variant: speedrules.Variant, seed: int) -> None:
    """The readings no bundled variant combines (turn-up with pairing or colours; a lax round
    that jams as soon as it is lax-stuck) against the model, with refused actions (a jam among them)."""
    stats = walk(variant, seed, refuse=2, max_rounds=4)  # type: ignore[arg-type]
    assert stats.ended in ("won", "rounds", "round-cap"), stats


def test_turn_up_counts_a_card_a_gap_move_would_turn_up_whatever_it_is() -> None:
    """5S over 9C, a gap, on KH | KD: nothing fits, and the 9C a gap move would turn up does not
    fit either.  Strict: stuck, the spit is due.  Turn-up: not stuck (002 "expose whatever was
    hiding under it"), so the spit is early; once the 9C is up, stuck."""
    rows = [[["5S", "9C"], [], [], [], []], [["5H"], [], [], [], []]]
    spits = [["KH", "QC"], ["KD", "QD"]]
    strict, turn_up = hand_kernel("spit", rows, spits), hand_kernel("spit-turn-up", rows, spits)
    for k in (strict, turn_up):
        k.apply_event(SPIT_KIND)
        assert k.unblocking_moves(0) is None and k.turning_moves(1) is None
    assert strict.check_event(SPIT_KIND) is None and strict.reach(0) is None
    assert turn_up.turning_moves(0) == ([(MOVE, 0, 1)], code_of("9C"))
    early = turn_up.check_event(SPIT_KIND)
    assert early is not None and early.rule == rules.SPIT_EARLY and early.player is None
    assert "turn up a face-down card (9C)" in early.message and "turn-up reading" in early.message
    assert not M.can_play(model_table(strict), 0) and M.can_play(model_table(turn_up), 0)
    turn_up.apply_event(MOVE, 0, 0, 1)  # 9C turned up: it fits neither king
    assert turn_up.reach(0) is None and turn_up.check_event(SPIT_KIND) is None
    assert not M.can_play(model_table(turn_up), 0)


def test_turn_up_with_pairing_takes_the_top_s_rank_beneath_it_as_face_up() -> None:
    """With pairing a face-up card can lie under the top (a pairing puts it on its own rank), and
    the cards do not say which: 7S over 7C (over 2H) counts 7C as face up, 2H as face down."""
    rows = [[["7S", "7C", "2H"], ["7D"], [], [], []], [["5H"], [], [], [], []]]
    k = SpitKernel(TURN_UP_PAIRING, [[[code_of(c) for c in p] for p in row] for row in rows],
                   [[code_of("KH"), code_of("QS")], [code_of("KD"), code_of("QD")]])
    k.apply_event(SPIT_KIND)
    found = k.turning_moves(0)
    assert found is not None and found[1] == code_of("2H")  # two cards lifted: 7S, then 7C
    table = model_table(k)
    assert M.face_down_cards(tuple(tuple(p) for p in table.rows[0]), True) == {"2H"}
    for kind, i, j in found[0]:
        M.apply_move(table, 0, ("move" if kind == MOVE else "pair", i, j))
    assert any(pile and pile[0] == "2H" for pile in table.rows[0])


def test_a_lax_round_jams_only_when_no_play_is_left_anywhere() -> None:
    """spit-lax-stuck on KH | KD, no spit card left: no face-up card fits (lax: a spit would be
    correct), but a gap move turns up the QC, which fits; 002 "no legal play anywhere": no jam
    yet (spit.jam: strict).  With spit.jam: same-as-stuck the round jams at once (the old way)."""
    rows = [[["5S", "QC"], [], [], [], []], [["5H"], [], [], [], []]]
    lax = hand_kernel("spit-lax-stuck", rows, [["KH"], ["KD"]])
    old = SpitKernel(LAX_SAME_AS_STUCK, [[[code_of(c) for c in p] for p in row] for row in rows],
                     [[code_of("KH")], [code_of("KD")]])
    for k in (lax, old):
        k.apply_event(SPIT_KIND)
        assert k.blocker() is None  # stuck by the lax reading
    assert not lax.jammed and not lax.is_over() and old.jammed
    assert not M.jammed(model_table(lax)) and M.jammed(model_table(old))
    false = lax.check_event(JAM)
    assert false is not None and false.rule == rules.SPIT_JAM_FALSE and false.player is None
    assert "player 0 can still play: moves within the row expose QC" in false.message
    assert old.check_event(JAM) is None
    lax.apply_event(MOVE, 0, 0, 1)
    lax.apply_event(PLAY_KIND, 0, 0, 0)  # QC on KH: now the 5S and the 5H fit neither QC nor KD
    assert lax.jammed and lax.check_event(JAM) is None and M.jammed(model_table(lax))


def test_the_jam_event_is_true_only_once_the_round_has_jammed() -> None:
    k = hand_kernel("spit", [[["5S"], ["6S"], [], [], []], [["5H"], ["6H"], [], [], []]], [["KH", "2C"], ["KD"]])
    before = k.check_event(JAM)
    assert before is not None and before.rule == rules.SPIT_JAM_FALSE and "has not started" in before.message
    k.apply_event(SPIT_KIND)  # KH | KD: nothing fits, player 0 still has the 2C
    spitting = k.check_event(JAM)
    assert spitting is not None and "player 0 still has spit cards" in spitting.message
    k.apply_event(SPIT_KIND, a=0)  # 2C alone onto pile 0: the 6s do not fit, no spit card left
    assert k.jammed and k.check_event(JAM) is None
    state = k.state()
    k.apply_event(JAM, t=5)
    assert k.state()[:-2] == state[:-2] and k.last_t == 5  # a true jam changes nothing but the clock
    over = k.check_event(PLAY_KIND, 1, 0, 0)
    assert over is not None and over.rule == rules.SPIT_ROUND_OVER
    assert "(both were stuck with no spit card left: a jam); the centre piles are to be claimed now" in over.message
    k.apply_event(SLAP, 1, 1)
    after = k.check_event(JAM)
    assert after is not None and after.rule == rules.EVENT_AFTER_END


def test_a_jam_after_a_row_was_cleared_is_false() -> None:
    k = hand_kernel("spit", [[["5S"], [], [], [], []], [["5H"], ["9H"], [], [], []]], [["4C"], ["KD"]])
    k.apply_event(SPIT_KIND)
    k.apply_event(PLAY_KIND, 0, 0, 0)  # 5S on 4C: player 0's row is cleared
    assert k.out_seat == 0
    false = k.check_event(JAM)
    assert false is not None and false.rule == rules.SPIT_JAM_FALSE
    assert "when player 0 cleared the row, not in a jam" in false.message
    over = k.check_event(PLAY_KIND, 1, 0, 0)
    assert over is not None and "(player 0 cleared the row)" in over.message


def test_a_card_named_from_the_bottom_of_its_pile_hints_at_a_stack_written_bottom_first() -> None:
    """Stacks are listed top card first; a writer that lists them bottom first names, at its
    first play, the card at the bottom of the pile: spit.not-top says so, and says 'played'."""
    k = hand_kernel("spit", [[["5S"], ["3H", "4D"], [], [], []], [["5H"], [], [], [], []]],
                    [["KH", "2C"], ["KD", "2D"]])
    k.apply_event(SPIT_KIND)
    bottom = k.check_event(PLAY_KIND, 0, 1, 0, code_of("4D"))
    assert bottom is not None and bottom.rule == rules.SPIT_NOT_TOP
    assert bottom.message == ("player 0 played 4D from stock pile 1, which has 3H on top (stacks in a log are listed "
                              "top card first; this card is at the bottom of pile 1: was the stack written bottom "
                              "first?)")
    elsewhere = k.check_event(MOVE, 0, 0, 2, code_of("4D"))
    assert elsewhere is not None and elsewhere.message == "player 0 moved 4D from stock pile 0, which has 5S on top"
    paired = k.check_event(PAIR, 0, 2, 0)
    assert paired is not None and paired.message == "player 0 paired stock pile 2, which is empty"


TURN_UP_PLAIN = speedrules.load_variant("spit-turn-up")


@pytest.mark.slow  # a long run: CI's slow step (pytest -m slow)
@settings(max_examples=30, deadline=None, derandomize=True)
@given(crowded_rows(), st.booleans())
def test_the_turn_up_search_agrees_with_an_exhaustive_search(case: tuple[list[list[str]], list[str], bool],
                                                               pairing: bool) -> None:
    """On crowded rows, with and without pairing: the kernel's ``turning_moves`` finds a way to
    turn up a face-down card exactly when the model's exhaustive search over whole arrangements
    does (its own reading of which cards are face down), its moves replayed on the model do
    turn one up, and ``reach`` under ``turn-up`` is the model's ``can_play``."""
    row, centre, _ = case
    variant = TURN_UP_PAIRING if pairing else TURN_UP_PLAIN
    used = {c for pile in row for c in pile} | set(centre)
    other = next(r + s for s in "CDHS" for r in RANK_TEXTS if r + s not in used)
    k = SpitKernel(variant, [[[code_of(c) for c in pile] for pile in row], [[code_of(other)], [], [], [], []]],
                   [[], []])
    k.centre = [[code_of(centre[0])], [code_of(centre[1])]]
    k.tops = [KEY_OF_CODE[code_of(c)] for c in centre]
    k.started = True
    table = model_table(k)
    found = k.turning_moves(0)
    assert (found is not None) == M.can_turn_up(table, 0), table
    assert (k.reach(0) is not None) == M.can_play(table, 0), table
    event("nothing to turn up" if found is None else f"turned up by {min(len(found[0]), 3)}+ moves")
    if found is not None:
        hidden = M.face_down_cards(tuple(tuple(p) for p in table.rows[0]), table.pairing)
        assert TEXT_OF[found[1]] in hidden
        for kind, i, j in found[0]:
            M.apply_move(table, 0, ("move" if kind == MOVE else "pair", i, j))
        assert any(pile and pile[0] == TEXT_OF[found[1]] for pile in table.rows[0]), (found, table)
