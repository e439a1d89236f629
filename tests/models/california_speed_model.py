"""An independent reference model of California Speed, written from docs/research/california-speed.md.

A test oracle: it imports nothing from ``speedrules`` and prefers plain, obviously correct code
to speed. Source keys in the docstrings (PAGAT, GAMERULES, DENEXA, WIKI-OLD, WIKI-NEW, GOURD)
are those of the digest's source table.

Conventions
-----------
* A card is a string: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` then suit ``S H D C`` (``"10H"``).
* Every pile is a tuple with its TOP CARD LAST. A seat's pile (``hands[s]``) is face down; a
  layout stack (``rows[r][c]``) is face up and shows its last card.
* A position is ``(row, col)``: row ``r`` lies in front of seat ``r``.
* The game is real time; the model is an interleaving of single covers by any seat, plus the
  table's own step, the re-lay (:func:`relay`), taken when no cover is legal.

>>> s = deal(7)
>>> [len(h) for h in s.hands], [len(r) for r in s.rows]
([22, 22], [4, 4])
>>> all(check(s, a) is None for a in legal_actions(s))
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import NamedTuple

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""One standard pack, no jokers (PAGAT "a standard 52-card pack")."""

Stack = tuple[str, ...]
Position = tuple[int, int]


class IllegalAction(ValueError):
    """An action the rules refuse; ``rule`` is a short rule name such as ``"cover.unmatched"``."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


@dataclass(frozen=True)
class Options:
    """The points where the sources disagree (digest, "Where the sources disagree").

    * ``players``, ``packs``: PAGAT's main game is two players with one pack; David Rutter's
      tournament version (PAGAT variations) takes up to five players with a double pack.
    * ``row_length``: four (PAGAT, GAMERULES, DENEXA, GOURD, WIKI-OLD) or five (WIKI-NEW).
    * ``doubles``: a pile whose top two cards share a rank may be covered (PAGAT's David Rutter
      variation, WIKI-OLD "in some versions", WIKI-NEW, GOURD). Off by default.
    * ``complete_groups``: a card that was part of a match stays coverable until covered (PAGAT
      "on top of both or all matching cards"); off = only a card with a visible partner.
    """

    players: int = 2
    packs: int = 1
    row_length: int = 4
    doubles: bool = False
    complete_groups: bool = True

    def validate(self) -> None:
        """Refuse option sets the rules cannot deal (digest, open questions 1 and 8)."""
        if not 2 <= self.players <= 5:
            raise ValueError("players must be 2..5 (PAGAT: two; David Rutter: up to five)")
        if self.packs not in (1, 2):
            raise ValueError("packs must be 1 or 2")
        if self.row_length < 1:
            raise ValueError("row_length must be positive")
        if (52 * self.packs) // self.players <= self.row_length:
            raise ValueError("each player must hold more cards than a row")


class Cover(NamedTuple):
    """Seat ``seat`` deals the top card of its pile face up onto the stack at ``(row, col)``."""

    seat: int
    row: int
    col: int


@dataclass(frozen=True)
class State:
    """A position. ``owed`` holds the positions whose top card has been part of a visible match
    and is not yet covered (digest, open question 4); ``quiet`` holds the piles of every seat at
    each re-lay since the last cover (for the dead end, open question 3)."""

    options: Options
    hands: tuple[Stack, ...]
    rows: tuple[tuple[Stack, ...], ...]
    aside: Stack = ()
    owed: frozenset[Position] = frozenset()
    quiet: tuple[tuple[Stack, ...], ...] = ()
    winner: int | None = None
    dead_end: bool = False
    covers: int = 0
    relays: int = 0

    @property
    def over(self) -> bool:
        """Whether the deal has ended (a winner or a dead end)."""
        return self.winner is not None or self.dead_end


# ---------------------------------------------------------------- cards


def rank(card: str) -> str:
    """The rank part of ``card``; suits never matter (PAGAT "suit is irrelevant").

    >>> rank("10H"), rank("QD")
    ('10', 'Q')
    """
    if len(card) < 2 or card[:-1] not in RANKS or card[-1] not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    return card[:-1]


# ---------------------------------------------------------------- deal and lay


def deal(seed: int, options: Options | None = None) -> State:
    """Shuffle and deal (digest, "Model conventions"), then every seat lays its row.

    ``deck = packs x DECK``; ``random.Random(seed).shuffle(deck)``; card ``i`` goes to seat
    ``i % players`` (the first card a seat gets is the bottom of its pile); the last
    ``len(deck) % players`` cards are set aside (open question 8). PAGAT: "Deal all the cards
    equally to the two players (26 each)".
    """
    opts = options if options is not None else Options()
    opts.validate()
    deck = list(DECK) * opts.packs
    random.Random(seed).shuffle(deck)
    dealt = len(deck) - len(deck) % opts.players
    hands = tuple(tuple(deck[s:dealt:opts.players]) for s in range(opts.players))
    empty_rows = tuple(tuple(() for _ in range(opts.row_length)) for _ in range(opts.players))
    state = State(opts, hands, empty_rows, aside=tuple(deck[dealt:]))
    return _lay(state)


def _lay(state: State) -> State:
    """Every seat deals ``row_length`` cards from the top of its pile onto its row, position 0
    first (PAGAT "lays down a row of 4 cards one at a time, dealing them face up from the top of
    their pile"). The piles are never too short (open question 1): asserted."""
    hands = list(state.hands)
    rows = [list(r) for r in state.rows]
    for seat in range(len(hands)):
        hand = list(hands[seat])
        if len(hand) <= state.options.row_length:
            raise AssertionError(f"seat {seat} holds {len(hand)} cards at a lay (digest: impossible)")
        for col in range(state.options.row_length):
            rows[seat][col] = (*rows[seat][col], hand.pop())
        hands[seat] = tuple(hand)
    laid = replace(state, hands=tuple(hands), rows=tuple(tuple(r) for r in rows), owed=frozenset())
    return _mark(laid)


def tops(state: State) -> dict[Position, str]:
    """The face-up card of every non-empty stack, by position."""
    return {(r, c): stack[-1] for r, row in enumerate(state.rows) for c, stack in enumerate(row) if stack}


def visible_matches(state: State) -> set[Position]:
    """Positions whose top card shares its rank with another top card (PAGAT "A match consists
    of two or more face-up cards of the same rank anywhere in the layout")."""
    counts = Counter(rank(card) for card in tops(state).values())
    return {pos for pos, card in tops(state).items() if counts[rank(card)] >= 2}


def _mark(state: State) -> State:
    """Add every visibly matched position to ``owed`` (kept until covered: open question 4)."""
    return replace(state, owed=state.owed | frozenset(visible_matches(state)))


def doubles(state: State) -> set[Position]:
    """Positions whose top two cards share a rank (PAGAT, David Rutter's version: "if the top
    two cards of any pile match each other, another card may be played on top of that pile")."""
    return {
        (r, c)
        for r, row in enumerate(state.rows)
        for c, stack in enumerate(row)
        if len(stack) >= 2 and rank(stack[-1]) == rank(stack[-2])
    }


def coverable(state: State) -> set[Position]:
    """Positions a seat may cover now: visibly matched ones, plus owed ones with
    ``complete_groups`` and doubles with ``doubles`` (digest, rule 5, open questions 2, 4, 5)."""
    targets = visible_matches(state)
    if state.options.complete_groups:
        targets |= state.owed
    if state.options.doubles:
        targets |= doubles(state)
    return targets


# ---------------------------------------------------------------- actions


def check(state: State, action: Cover) -> str | None:
    """``None`` if ``action`` is legal now, else the name of the rule it breaks."""
    try:
        _judge(state, action)
    except IllegalAction as refusal:
        return refusal.rule
    return None


def _judge(state: State, action: Cover) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal in ``state``."""
    if state.over:
        raise IllegalAction("cover.after-end", "the deal is over")
    seat, row, col = action
    if not 0 <= seat < state.options.players:
        raise IllegalAction("cover.seat", f"no seat {seat}")
    if not (0 <= row < state.options.players and 0 <= col < state.options.row_length):
        raise IllegalAction("cover.position", f"no layout position {(row, col)}")
    if not state.rows[row][col]:
        raise IllegalAction("cover.position", f"position {(row, col)} is empty")
    if not state.hands[seat]:
        raise IllegalAction("cover.empty-hand", f"seat {seat} has no card")
    if (row, col) not in coverable(state):
        raise IllegalAction("cover.unmatched", f"{state.rows[row][col][-1]} at {(row, col)} is in no match")


def legal_actions(state: State) -> list[Cover]:
    """Every legal cover of every seat (any seat may cover anywhere: PAGAT "anywhere in the
    layout"), in seat, row, column order."""
    if state.over:
        return []
    targets = sorted(coverable(state))
    return [Cover(s, r, c) for s in range(state.options.players) if state.hands[s] for r, c in targets]


def apply(state: State, action: Cover) -> State:
    """The position after ``action``; raises :class:`IllegalAction` if it is illegal.

    The seat's top card goes face up on the stack; the covered position is no longer owed; new
    matches are marked (GAMERULES "If the new cards create more matches players will continue").
    A seat that deals its last card wins (PAGAT "wins by dealing all the cards from their hand
    onto matching cards").
    """
    _judge(state, action)
    seat, row, col = action
    hand = list(state.hands[seat])
    card = hand.pop()
    rows = [list(r) for r in state.rows]
    rows[row][col] = (*rows[row][col], card)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    after = replace(
        state,
        hands=tuple(hands),
        rows=tuple(tuple(r) for r in rows),
        owed=state.owed - {(row, col)},
        quiet=(),
        covers=state.covers + 1,
        winner=seat if not hand else None,
    )
    return _mark(after)


# ---------------------------------------------------------------- blocked table, re-lay, end


def is_blocked(state: State) -> bool:
    """No seat has a legal cover (PAGAT "until no matches can be found among the 8 exposed
    cards"); the table must re-lay."""
    return not state.over and not legal_actions(state)


def gather(row: tuple[Stack, ...]) -> Stack:
    """The packet a seat puts under its pile, as a pile (top last): stacks picked up from
    position 0 on, each turned face down whole, stack 0 uppermost (open question 9)."""
    packet_top_down = [card for stack in row for card in stack]
    return tuple(reversed(packet_top_down))


def relay(state: State) -> State:
    """The table's response to a blocked table: every seat gathers its own row under its pile
    and lays a new row (PAGAT "each player gathers up the row of four stacks of cards directly
    in front of them and places all those cards face down under the pile in their hand. Again
    each player simultaneously deals a row of 4"). If a run of match-free re-lays returns to a
    position it has had, the deal is a dead end (open question 3)."""
    if state.over:
        raise IllegalAction("relay.after-end", "the deal is over")
    if not is_blocked(state):
        raise IllegalAction("relay.not-blocked", "a cover is still legal")
    hands = tuple(gather(row) + hand for row, hand in zip(state.rows, state.hands, strict=True))
    if hands in state.quiet:
        return replace(state, dead_end=True)
    empty = tuple(tuple(() for _ in row) for row in state.rows)
    gathered = replace(state, hands=hands, rows=empty, quiet=(*state.quiet, hands), relays=state.relays + 1)
    return _lay(gathered)


@dataclass(frozen=True)
class Result:
    """How a deal ended: ``winner`` (``None`` for a dead end) and each seat's pile size."""

    winner: int | None
    reason: str
    cards_left: tuple[int, ...]


def result(state: State) -> Result | None:
    """The result once the deal is over, else ``None`` (digest, rules 9 and 10)."""
    if not state.over:
        return None
    reason = "dead-end" if state.dead_end else "out"
    return Result(state.winner, reason, tuple(len(h) for h in state.hands))


def all_cards(state: State) -> Counter[str]:
    """Every card in the state (piles, layout, set aside): the deal's deck, always."""
    cards: Counter[str] = Counter(state.aside)
    for hand in state.hands:
        cards.update(hand)
    for row in state.rows:
        for stack in row:
            cards.update(stack)
    return cards


def step(state: State, rng: random.Random) -> State:
    """One step of a random game: a random legal cover, or the re-lay when blocked."""
    if is_blocked(state):
        return relay(state)
    return apply(state, rng.choice(legal_actions(state)))


def play_random(seed: int, options: Options | None = None, max_steps: int = 20_000) -> tuple[State, int]:
    """Deal from ``seed`` and play random legal steps (chosen by ``random.Random(seed + 1)``)
    until the deal is over or ``max_steps`` steps were taken; returns the state and the steps.

    >>> final, steps = play_random(3)
    >>> final.over, result(final) is not None
    (True, True)
    """
    state = deal(seed, options)
    rng = random.Random(seed + 1)
    steps = 0
    while not state.over and steps < max_steps:
        state = step(state, rng)
        steps += 1
    return state, steps
