"""A Hypothesis state machine driving the game's state API with legal and illegal actions.

Each step either applies a legal action (from ``legal_actions``) or tries an arbitrary
one: a play of any card on any pile by any seat, a draw by any seat, a flip, a rebuild
with random stacks, a second reveal.  An action the independent model calls illegal
must raise :class:`IllegalActionError` (a ``ValueError``) naming a rule of
``speedrules.RULES`` and leave the game exactly as it was; a legal one must move
exactly the cards the rules move.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, ClassVar

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from strategies import (
    Snapshot,
    TableModel,
    action_key,
    check_transition,
    deck_texts,
    seeds,
    synthetic_variant,
    texts,
)

from speedrules import (
    RULES,
    Action,
    Call,
    Card,
    Draw,
    Flip,
    Game,
    IllegalActionError,
    Pickup,
    Play,
    Rebuild,
    Reveal,
    Stuck,
    Variant,
    deal,
    load_variant,
    variant_names,
)


class SpeedMachine(RuleBasedStateMachine):
    variant_name: ClassVar[str] = "speed"

    def __init__(self) -> None:
        super().__init__()
        self.variant: Variant = self.load()
        self.game: Game = deal(self.variant, 0)
        self.model = TableModel.start(self.game)
        self.deck = Counter(deck_texts(self.variant.packs, self.variant.jokers))
        self.refused: Counter[str] = Counter()

    @classmethod
    def load(cls) -> Variant:
        if cls.variant_name.startswith("synthetic:"):
            return synthetic_variant(cls.variant_name.split(":", 1)[1])
        return load_variant(cls.variant_name)

    # ------------------------------------------------------------------ driving

    def expected_legal(self, action: Action, s: Snapshot) -> bool:
        return self.model.accepts(action, s)

    def attempt(self, action: Action) -> bool:
        """Apply ``action`` if it is legal; check the refusal or the move; return whether it applied."""
        game = self.game
        before = Snapshot.of(game)
        legal_before = game.legal_actions()
        want = self.expected_legal(action, before)
        violation = game.check(action)
        assert (violation is None) == want, (action, violation)
        try:
            game.apply(action)
        except IllegalActionError as err:
            assert isinstance(err, ValueError)
            assert err.rule in RULES and err.violation.rule == err.rule
            assert err.violation == violation
            assert str(err)
            # Refused: nothing at all changed.
            assert Snapshot.of(game) == before
            assert game.legal_actions() == legal_before
            self.refused[err.rule] += 1
            return False
        assert violation is None
        after = Snapshot.of(game)
        check_transition(self.variant, before, action, after)
        self.model.after(before, action, after)
        return True

    @initialize(seed=seeds(), prefix=st.integers(0, 250), policy=st.integers(0, 2**32 - 1),
                hidden=st.integers(0, 12))
    def start(self, seed: int, prefix: int, policy: int, hidden: int) -> None:
        """A fresh deal, advanced by a random legal prefix so that late positions are reached
        (now and then the starters stay face down)."""
        self.game = deal(self.variant, seed)
        self.model = TableModel.start(self.game)
        rng = random.Random(policy)
        if hidden != 6:
            before = Snapshot.of(self.game)
            self.game.reveal()
            self.model.after(before, Reveal(), Snapshot.of(self.game))
        for _ in range(prefix):
            legal = self.game.legal_actions()
            if not legal or min(self.game.remaining()) <= 3:
                break  # leave the end of the deal to the rules below
            action = rng.choice(legal)
            before = Snapshot.of(self.game)
            self.game.apply(action)
            self.model.after(before, action, Snapshot.of(self.game))

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        legal = self.game.legal_actions()
        if not legal:
            assert self.game.is_over()
            return
        action = data.draw(st.sampled_from(legal))
        assert self.attempt(action)

    def some(self, valid: st.SearchStrategy[int], invalid: list[int], data: st.DataObject) -> int:
        """Mostly a valid number, sometimes one that is out of range."""
        # (Hypothesis favours the ends of a range, so a middle value picks the invalid branch.)
        value: int = data.draw(st.sampled_from(invalid) if data.draw(st.integers(0, 12)) == 6 else valid)
        return value

    @rule(data=st.data())
    def play_anything(self, data: st.DataObject) -> None:
        v = self.variant
        seat = self.some(st.integers(0, v.players - 1), [-1, v.players, 9], data)
        pile = self.some(st.integers(0, v.piles - 1), [-1, v.piles, 9], data)
        hands = self.game.hands
        own = list(hands[seat]) if 0 <= seat < v.players else []
        if own and data.draw(st.integers(0, 3)) > 0:
            # Mostly real cards from the seat's own hand, so that the rank rules are what is tested.
            n: int = data.draw(st.integers(1, min(3, len(own))))
            cards: list[Card] = data.draw(st.permutations(own))[:n]
        else:
            cards = [Card.from_code(c) for c in data.draw(st.lists(st.integers(0, 52), max_size=3))]
        declared = [self.some(st.integers(1, 13), [-1, 0, 14, 99], data) for c in cards if c.is_joker]
        if data.draw(st.integers(0, 9)) == 0:
            declared = data.draw(st.lists(st.integers(-1, 15), max_size=3))
        self.attempt(Play(seat, tuple(cards), pile, tuple(declared)))

    @precondition(lambda self: self.game.is_revealed and any(self.game.hands))
    @rule(data=st.data())
    def play_from_hand(self, data: st.DataObject) -> None:
        """A card (or a short run) from a real hand on a real pile: legal or not by the rank rules alone."""
        v = self.variant
        seat = data.draw(st.sampled_from([p for p, h in enumerate(self.game.hands) if h]))
        own = list(self.game.hands[seat])
        n: int = data.draw(st.integers(1, min(3 if v.runs else 1, len(own))))
        cards: list[Card] = data.draw(st.permutations(own))[:n]
        declared = [data.draw(st.integers(1, 13)) for c in cards if c.is_joker]
        self.attempt(Play(seat, tuple(cards), data.draw(st.integers(0, v.piles - 1)), tuple(declared)))

    @rule(data=st.data(), card=st.none() | st.integers(0, 52), top=st.booleans())
    def draw_any(self, data: st.DataObject, card: int | None, top: bool) -> None:
        seat = self.some(st.integers(0, self.variant.players - 1), [-1, self.variant.players], data)
        drawn = None if card is None else Card.from_code(card)
        stacks = self.game.draw_stacks
        if top and 0 <= seat < len(stacks) and stacks[seat]:
            drawn = stacks[seat][0]
        self.attempt(Draw(seat, drawn))

    @rule(data=st.data())
    def call_or_pickup(self, data: st.DataObject) -> None:
        """ "Speed!" by any seat, or a centre pile taken as a new draw stack (001, 003)."""
        v = self.variant
        seat = self.some(st.integers(0, v.players - 1), [-1, v.players], data)
        if data.draw(st.booleans()):
            self.attempt(Call(seat))
        else:
            self.attempt(Pickup(seat, self.some(st.integers(0, v.piles - 1), [-1, v.piles], data)))

    @rule(data=st.data())
    def declare_stuck(self, data: st.DataObject) -> None:
        """Any seat says it is stuck: true only when it can neither play nor draw (000 "check their
        hand and draw stack"; 003 "you cannot hold one back and then call the position stuck")."""
        v = self.variant
        self.attempt(Stuck(self.some(st.integers(0, v.players - 1), [-1, v.players], data)))

    @rule()
    def flip(self) -> None:
        self.attempt(Flip())

    @rule(stacks=st.none() | st.lists(st.lists(st.integers(0, 52), max_size=6), max_size=5),
          from_centre=st.booleans(), data=st.data())
    def rebuild(self, stacks: list[list[int]] | None, from_centre: bool, data: st.DataObject) -> None:
        if stacks is None:
            self.attempt(Rebuild())
            return
        reserves: list[list[Card]] = [[Card.from_code(c) for c in s] for s in stacks]
        if from_centre:
            # The centre's own cards, dealt into the right number of stacks in some random way.
            centre = [c for p in self.game.piles for c in p]
            order = data.draw(st.permutations(centre))
            cuts = sorted(data.draw(st.lists(st.integers(0, len(order)), min_size=self.variant.piles - 1,
                                             max_size=self.variant.piles - 1)))
            bounds = [0, *cuts, len(order)]
            reserves = [list(order[a:b]) for a, b in itertools.pairwise(bounds)]
        self.attempt(Rebuild(tuple(tuple(r) for r in reserves)))

    @rule()
    def reveal_twice(self) -> None:
        first = self.attempt(Reveal())
        assert not self.attempt(Reveal()), "the starters are revealed once"
        if first:
            assert self.game.is_revealed

    @precondition(lambda self: not self.game.is_over())
    @rule(data=st.data())
    def copy_is_independent(self, data: st.DataObject) -> None:
        before = Snapshot.of(self.game)
        other = self.game.copy()
        assert Snapshot.of(other) == before
        legal = other.legal_actions()
        action = data.draw(st.sampled_from(legal))
        other.apply(action)
        assert Snapshot.of(self.game) == before, "applying to a copy leaves the original alone"
        assert len(other.history) == len(before.history) + 1

    # ------------------------------------------------------------------ invariants

    @invariant()
    def cards_are_conserved(self) -> None:
        assert Snapshot.of(self.game).cards() == self.deck
        assert texts(self.game.all_cards()) == self.deck

    @invariant()
    def hands_within_limit(self) -> None:
        assert all(len(h) <= self.variant.hand_limit for h in self.game.hands)

    @invariant()
    def model_agrees(self) -> None:
        s = Snapshot.of(self.game)
        assert s.top_ranks == self.model.effective_ranks(s)
        assert s.owed == tuple(self.model.owed)
        assert {action_key(a) for a in self.game.legal_actions()} == self.model.legal(s)
        assert self.game.is_over() == self.model.over(s)


def _machine(name: str) -> Any:
    """The unittest case running :class:`SpeedMachine` on one variant."""
    cls: type[SpeedMachine] = type(f"Machine_{name.replace('-', '_').replace(':', '_')}", (SpeedMachine,),
                                   {"variant_name": name})
    case = cls.TestCase
    case.settings = settings(max_examples=12, stateful_step_count=40)
    return case


TestSpeed = _machine("speed")
TestSpeedJokers = _machine("speed-jokers")
TestSpeedRuns = _machine("speed-runs")
TestSpeedRefillEmpty = _machine("speed-refill-empty")
TestSpeedDrawFirst = _machine("speed-draw-first")
TestSpeedThree = _machine("speed-three")
TestJokersThatDoNotStopAFlip = _machine("synthetic:no-reserves-jokers-gather")
TestRunsJokersColours = _machine("synthetic:runs-jokers-colours")
TestCallPenaltyRefillEmpty = _machine("synthetic:call-penalty-refill-empty")
if "speed-call" in variant_names():
    TestSpeedCall = _machine("speed-call")
if "speed-call-penalty" in variant_names():
    TestSpeedCallPenalty = _machine("speed-call-penalty")
