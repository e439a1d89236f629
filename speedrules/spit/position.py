"""Spit's position notation: the whole state of a game of Spit within a round as one line of
text (:class:`SpitPosition`, which :meth:`speedrules.SpitGame.position` writes and
:meth:`speedrules.SpitGame.from_position` reads), on the notation's pieces both families share
(:mod:`speedrules.core.notation`).
"""

from __future__ import annotations

import re

import attrs

from ..core.deck import card_difference, deck_counts
from ..core.errors import PositionError, SpitPositionError, brief
from ..core.notation import (
    Stacks,
    read_cards,
    read_count,
    read_stacks,
    read_time,
    split_fields,
    stack_text,
    stacks_text,
    time_text,
)
from ..core.variant import Claim, SpitRules, Variant


@attrs.frozen(slots=True)
class SpitPosition:
    """The whole state of a game of Spit within a round, as one line of text (see
    :meth:`speedrules.SpitGame.position`): seven fields separated by single spaces.

    1. **rows**, one per player, separated by ``/``; each row's stock piles left to right,
       separated by ``|``, each top card first;
    2. **spit piles**, one per player, top card first;
    3. **centre piles**, the two of them, top card first (``-`` before a spit starts one);
    4. **status**: ``wait`` before the round's first spit, ``play`` while it goes on,
       ``out=P`` once player P has cleared the row, ``jam`` once both are stuck with no spit
       card left; then comma-separated flags: ``alone=P`` (P spits alone), ``locked=C`` (onto
       centre pile C), ``owners=A+B`` (who took centre piles 0 and 1, ``-`` for nobody yet),
       ``slaps=P@C+P@C`` (the slaps in order) and ``won=P`` (P is out of cards: the game);
    5. **clock**: the time of the latest timed event of the round, in ms;
    6. **count**: the events of the round so far;
    7. **game**: ``round=R`` (the round, from 0) and ``wins=A+B`` (the rounds each player
       went out first in, before this one).

    Cards are written as everywhere else, separated by commas; an empty stack is ``-``.

    >>> text = "5S|-|9H,2C/KD|QS - AH/QH play 850 3 round=0,wins=0+0"
    >>> str(SpitPosition.parse(text)) == text
    True
    >>> SpitPosition.parse("5S/KD - -/- paused 0 0 round=0,wins=0+0")
    Traceback (most recent call last):
    ...
    speedrules.core.errors.SpitPositionError: position field 4 (status): 'paused' is not wait, play, out=P or jam
    """

    rows: tuple[Stacks, ...]
    spits: Stacks
    centre: Stacks
    started: bool
    out: int | None
    jammed: bool
    alone: int | None = None
    locked: int | None = None
    owners: tuple[int | None, int | None] = (None, None)
    slaps: tuple[tuple[int, int], ...] = ()
    won: int | None = None
    clock: float | int = 0
    count: int = 0
    round: int = 0
    wins: tuple[int, int] = (0, 0)

    @classmethod
    def parse(cls, text: str) -> SpitPosition:
        """Read a Spit position's text (well formed, not yet checked against a variant); a
        :class:`~speedrules.core.errors.SpitPositionError` names the field that is not."""
        fields = split_fields(text, SpitPositionError)
        if len(fields) != 7:
            raise SpitPositionError(None, f"a Spit position has 7 fields separated by single spaces, not "
                                          f"{len(fields)}: {brief(text)}")
        rows_text, spits_text, centre_text, status, clock, count, game = fields
        try:
            rows = tuple(tuple(read_cards(pile, 1) for pile in row.split("|")) for row in rows_text.split("/"))
            spits, centre = read_stacks(spits_text, 2), read_stacks(centre_text, 3)
            flags = _spit_status(status)
            t, n = read_time(clock, 5), read_count(count, 6)
            number, wins = _spit_game(game)
        except SpitPositionError:
            raise
        except PositionError as err:
            raise SpitPositionError(err.field, err.reason) from None
        return cls(rows, spits, centre, *flags, clock=t, count=n, round=number, wins=wins)

    def __str__(self) -> str:
        rows = "/".join("|".join(stack_text(p) for p in row) for row in self.rows)
        if not self.started:
            status = "wait"
        elif self.out is not None:
            status = f"out={self.out}"
        else:
            status = "jam" if self.jammed else "play"
        flags = [status]
        if self.alone is not None:
            flags.append(f"alone={self.alone}")
        if self.locked is not None:
            flags.append(f"locked={self.locked}")
        if self.owners != (None, None):
            flags.append("owners=" + "+".join("-" if o is None else str(o) for o in self.owners))
        if self.slaps:
            flags.append("slaps=" + "+".join(f"{p}@{c}" for p, c in self.slaps))
        if self.won is not None:
            flags.append(f"won={self.won}")
        game = f"round={self.round},wins={self.wins[0]}+{self.wins[1]}"
        return " ".join([rows, stacks_text(self.spits), stacks_text(self.centre), ",".join(flags),
                         time_text(self.clock), str(self.count), game])

    def problem(self, variant: Variant) -> SpitPositionError | None:
        """Why this is not a position of the Spit ``variant``, or ``None``.

        Checked: two players, each with the variant's number of stock piles and a spit pile;
        two centre piles; the cards are the deck, each exactly once; the status (a round not
        begun has no centre card, no flag and a count of 0; a player out has an empty row;
        claims only once the round is over, slaps only where piles go to a slap race; the
        lone spitter's opponent has no spit card; ``won`` only for a player holding nothing
        once the round is settled); the game (no round after the last of a fixed number,
        no more wins than rounds).  Not checked: that play could have reached the position.
        """
        spit = variant.spit
        if spit is None:
            return SpitPositionError(None, f"{variant.name} is a variant of Speed, not of Spit")
        if len(self.rows) != 2 or len(self.spits) != 2:
            return SpitPositionError(1 if len(self.rows) != 2 else 2, "a Spit position has a row and a spit pile "
                                                                      "for each of 2 players")
        for p, row in enumerate(self.rows):
            if len(row) != len(spit.row):
                return SpitPositionError(1, f"player {p}'s row has {len(row)} stock piles; {variant.name} has "
                                            f"{len(spit.row)}")
        if len(self.centre) != 2:
            return SpitPositionError(3, f"there are 2 centre piles, not {len(self.centre)}")
        difference = card_difference([*(pile for row in self.rows for pile in row), *self.spits, *self.centre],
                                     deck_counts(variant.packs, variant.jokers))
        if difference is not None:
            return SpitPositionError(None, f"the cards are not the deck of {variant.name}: {difference}")
        return self._status_problem(variant, spit)

    def _status_problem(self, variant: Variant, spit: SpitRules) -> SpitPositionError | None:
        over = self.out is not None or self.jammed
        for what, seat in (("out", self.out), ("alone", self.alone), ("won", self.won),
                           *(("owners", o) for o in self.owners), *(("slaps", p) for p, _ in self.slaps)):
            if seat is not None and seat not in (0, 1):
                return SpitPositionError(4, f"{what}={seat}: there are players 0 and 1")
        if (self.locked is not None and self.locked not in (0, 1)) or any(c not in (0, 1) for _, c in self.slaps):
            return SpitPositionError(4, "there are centre piles 0 and 1")
        if not self.started:
            if any(self.centre) or over or self.count or self.clock or self.alone is not None or \
                    self.locked is not None or self.owners != (None, None) or self.slaps or self.won is not None:
                return SpitPositionError(4, "before the first spit ('wait') no centre card, no flags, a clock and a "
                                            "count of 0")
        elif not any(self.centre):
            return SpitPositionError(3, "a round under way has a centre pile (the first spit starts them)")
        if self.out is not None and any(self.rows[self.out]):
            return SpitPositionError(4, f"player {self.out} is out but has cards in the row")
        if (self.alone is None) != (self.locked is None) or (self.alone is not None and self.spits[1 - self.alone]):
            return SpitPositionError(4, "alone=P and locked=C go together, once the other player has no spit card")
        if not over and (self.owners != (None, None) or self.slaps):
            return SpitPositionError(4, "the centre piles are claimed only once the round is over")
        if self.slaps and spit.claim is not Claim.SLAP:
            return SpitPositionError(4, f"slaps, but in {variant.name} the first out chooses a pile")
        if self.owners != (None, None) and any(o is None for o, c in zip(self.owners, self.centre, strict=True) if c):
            return SpitPositionError(4, "every centre pile with cards is claimed at once (owners=A+B)")
        if self.won is not None:
            mine = [c for pile in self.rows[self.won] for c in pile] + list(self.spits[self.won])
            if not over or mine or any(o == self.won for o in self.owners):
                return SpitPositionError(4, f"won={self.won}: a player wins holding nothing once the round is settled")
        if self.wins[0] + self.wins[1] > self.round:
            return SpitPositionError(7, f"{self.wins[0]}+{self.wins[1]} rounds won in {self.round} round(s)")
        if spit.rounds is not None and self.round >= spit.rounds:
            return SpitPositionError(7, f"round {self.round}: {variant.name} is over after {spit.rounds} rounds")
        return None


def _spit_status(text: str) -> tuple[bool, int | None, bool, int | None, int | None, tuple[int | None, int | None],
                                      tuple[tuple[int, int], ...], int | None]:
    word, *flags = text.split(",")
    started, out, jammed = True, None, False
    if word == "wait":
        started = False
    elif word == "jam":
        jammed = True
    elif word.startswith("out="):
        out = read_count(word[4:], 4, "a player")
    elif word != "play":
        raise SpitPositionError(4, f"{brief(word)} is not wait, play, out=P or jam")
    found: dict[str, str] = {}
    for flag in flags:
        name, mark, value = flag.partition("=")
        if not mark or name not in ("alone", "locked", "owners", "slaps", "won") or name in found:
            raise SpitPositionError(4, f"{brief(flag)} is not a flag (alone=P, locked=C, owners=A+B, slaps=P@C+..., "
                                       "won=P), each at most once")
        found[name] = value

    def number(name: str) -> int | None:
        return read_count(found[name], 4, "a number") if name in found else None

    owners: tuple[int | None, int | None] = (None, None)
    if "owners" in found:
        parts = found["owners"].split("+")
        if len(parts) != 2:
            raise SpitPositionError(4, f"owners={brief(found['owners'])}: two owners, A+B (- for nobody)")
        first, second = (None if part == "-" else read_count(part, 4, "a player or -") for part in parts)
        owners = (first, second)
    slaps: tuple[tuple[int, int], ...] = ()
    if "slaps" in found:
        pairs = [part.partition("@") for part in found["slaps"].split("+")]
        if any(not mark for _, mark, _ in pairs):
            raise SpitPositionError(4, f"slaps={brief(found['slaps'])}: slaps are P@C, joined by +")
        slaps = tuple((read_count(p, 4, "a player"), read_count(c, 4, "a centre pile")) for p, _, c in pairs)
    return started, out, jammed, number("alone"), number("locked"), owners, slaps, number("won")


def _spit_game(text: str) -> tuple[int, tuple[int, int]]:
    match = re.fullmatch(r"round=([0-9]{1,9}),wins=([0-9]{1,9})\+([0-9]{1,9})", text)
    if match is None:
        raise SpitPositionError(7, f"{brief(text)} is not round=R,wins=A+B")
    return int(match.group(1)), (int(match.group(2)), int(match.group(3)))
