"""California Speed's position notation: a whole deal in one line, like a chess FEN, which
:meth:`speedrules.california.game.CaliforniaGame.position` writes and ``from_position`` reads.

Six fields separated by single spaces:

1. **piles**: each seat's face-down pile, top card first, cards joined by ``,``, seats by ``/``
   (``-`` for an empty pile);
2. **rows**: each seat's row, its stacks joined by ``,`` (position 0 first), each stack's cards
   top card first joined by ``.``, seats by ``/``;
3. **owed**: the positions whose card is owed a cover (``row.col`` joined by ``,``; ``-``: none;
   a card in a visible match is owed whether listed or not, and is written);
4. **aside**: the cards set aside by an uneven deal (``-``: none);
5. **quiet**: the piles at each re-lay since the last cover (each as field 1, joined by ``;``;
   ``-``: none), from which a repeated re-lay is a dead end;
6. **status**: ``play``, ``won:P`` or ``dead-end``.

>>> text = "2C,3D/4S,5H AS,7D/AH,9C 0.0,1.0 - - play"
>>> read_position(text, 2, 2)[:3]
([(28, 40), (17, 3)], [[[0], [32]], [[13], [47]]], [0, 2])
>>> write_position(*read_position(text, 2, 2), 2) == text
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import CODE_OF_TEXT, TEXT_OF
from ..core.errors import PositionError, brief

FIELDS = ("piles", "rows", "owed", "aside", "quiet", "status")

Position = tuple[list[tuple[int, ...]], list[list[list[int]]], list[int], tuple[int, ...],
                 list[tuple[tuple[int, ...], ...]], int | None, bool]
"""Piles (top card LAST), rows of stacks (top card LAST), owed positions, aside, quiet piles
(top card LAST), winner, dead end."""


def _fail(field: int, reason: str) -> PositionError:
    return PositionError(None, f"field {field} ({FIELDS[field - 1]}): {reason}")


def _cards(text: str, field: int, sep: str = ",") -> list[int]:
    if text == "-":
        return []
    out = []
    for part in text.split(sep):
        code = CODE_OF_TEXT.get(part)
        if code is None or code == 52:
            raise _fail(field, f"{brief(part)} is not a card")
        out.append(code)
    return out


def _piles_text(piles: Sequence[Sequence[int]]) -> str:
    return "/".join(",".join(TEXT_OF[c] for c in reversed(p)) or "-" for p in piles)


def _read_piles(text: str, players: int, field: int) -> list[tuple[int, ...]]:
    parts = text.split("/")
    if len(parts) != players:
        raise _fail(field, f"{len(parts)} piles for {players} seats")
    return [tuple(reversed(_cards(p, field))) for p in parts]


def write_position(piles: Sequence[Sequence[int]], rows: Sequence[Sequence[Sequence[int]]], owed: Sequence[int],
                   aside: Sequence[int], quiet: Sequence[Sequence[Sequence[int]]], winner: int | None, dead_end: bool,
                   width: int) -> str:
    """The position's text (see the module's docstring); piles and stacks top card last."""
    rows_text = "/".join(",".join(".".join(TEXT_OF[c] for c in reversed(s)) for s in row) for row in rows)
    owed_text = ",".join(f"{p // width}.{p % width}" for p in owed) or "-"
    aside_text = ",".join(TEXT_OF[c] for c in aside) or "-"
    quiet_text = ";".join(_piles_text(q) for q in quiet) or "-"
    status = "dead-end" if dead_end else "play" if winner is None else f"won:{winner}"
    return " ".join((_piles_text(piles), rows_text, owed_text, aside_text, quiet_text, status))


def read_position(text: object, players: int, width: int) -> Position:
    """A position's parts read from its text (the shape checked; the cards are checked against
    the deck by the game's layout rule); a :class:`PositionError` names the field at fault."""
    if not isinstance(text, str) or not text.isascii():
        raise PositionError(None, f"a position is ASCII text, not {brief(text)}")
    fields = text.split(" ")
    if len(fields) != len(FIELDS):
        raise PositionError(None, f"a position has {len(FIELDS)} fields separated by single spaces, not "
                                  f"{len(fields)}: {brief(text)}")
    piles = _read_piles(fields[0], players, 1)
    rows = [[list(reversed(_cards(s, 2, "."))) for s in row.split(",")] for row in fields[1].split("/")]
    if len(rows) != players or any(len(r) != width or any(not s for s in r) for r in rows):
        raise _fail(2, f"{players} rows of {width} stacks of one card or more are needed")
    owed = [] if fields[2] == "-" else [_owed(p, players, width) for p in fields[2].split(",")]
    aside = tuple(_cards(fields[3], 4))
    quiet = [] if fields[4] == "-" else [tuple(_read_piles(q, players, 5)) for q in fields[4].split(";")]
    winner, dead_end = _status(fields[5], players)
    if winner is not None and piles[winner]:
        raise _fail(6, f"seat {winner} won but still holds {len(piles[winner])} cards")
    if winner is None and any(not p for p in piles):
        raise _fail(6, "a seat with no card left has won")
    return piles, rows, sorted(set(owed)), aside, quiet, winner, dead_end


def _owed(text: str, players: int, width: int) -> int:
    row, dot, col = text.partition(".")
    if not (dot and row.isdigit() and col.isdigit() and int(row) < players and int(col) < width):
        raise _fail(3, f"{brief(text)} is not a layout position row.col")
    return int(row) * width + int(col)


def _status(text: str, players: int) -> tuple[int | None, bool]:
    if text == "play":
        return None, False
    if text == "dead-end":
        return None, True
    seat = text.removeprefix("won:")
    if text.startswith("won:") and seat.isdigit() and int(seat) < players:
        return int(seat), False
    raise _fail(6, f"{brief(text)} is not play, won:P or dead-end")
