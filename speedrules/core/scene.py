"""The picture model: a table as plain values, the same for every family.

A family draws its table by building a :class:`Scene` from its own state (the family's
``scene`` hook): rows laid top to bottom (each seat's row and the centre), each row a label
with a few lines under it and groups of :class:`Stack` values laid left to right (face-up
cards, face-down counts, a number and a depth under each, outlines for the legal targets of a
highlighted card and for a broken rule's card and pile).  One renderer draws any scene as SVG
(:func:`speedrules.show.svg.draw`) and :meth:`Scene.text` writes it as the text table that
``str(game)`` prints, so a new family has both by building a scene and nothing else.

>>> from speedrules.core.cards import Card
>>> hand = Stack("hand", 2, (Card.parse("JC"), Card.parse("3S")), spread=True, name="hand")
>>> draw = Stack("draw", 15, name="draw stack")
>>> pile = Stack("pile", 1, (Card.parse("AH"),), index=0, label="pile 0", depth=True)
>>> scene = Scene("speed", "play on", (Row("Ann", (Group((hand,)), Group((draw,))), seat=0),
...                                    Row("centre", (Group((pile,), name="pile 0"),))), actions=1)
>>> print(scene.text())
speed, after 1 action: play on
  Ann     hand JC 3S  draw stack 15
  pile 0  AH (1 card)

Nothing here draws or judges: a scene is made by a family and read by the renderer.
"""

from __future__ import annotations

from typing import Protocol

import attrs

from .cards import Card
from .words import aligned

__all__ = ["Group", "Line", "Mark", "Row", "Scene", "Stack"]


class _Broken(Protocol):
    """What :meth:`Mark.of` reads of a violation the referee found (a ``LoggedViolation``)."""

    @property
    def rule(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def event(self) -> int | None: ...
    @property
    def player(self) -> int | None: ...


@attrs.frozen(slots=True)
class Mark:
    """A broken rule to mark on the table: its ``rule`` id and ``message``, the ``event``
    index, the ``player`` who broke it, the ``cards`` involved, the centre ``pile`` they went
    to and, where a family's cards come from a numbered pile of the player's own (Spit's stock
    piles), that ``stock`` pile.  :meth:`of` builds one from the referee's violation and the
    offending logged action; a family's scene outlines what the mark names.

    >>> from speedrules import Play
    >>> Mark.of_parts("play.rank", "event 4: ...", 4, Play(0, "JC", 0)).cards
    (Card.parse('JC'),)
    """

    rule: str
    message: str
    event: int | None = None
    player: int | None = None
    cards: tuple[Card, ...] = ()
    pile: int | None = None
    stock: int | None = None

    @classmethod
    def of(cls, violation: _Broken, action: object = None) -> Mark:
        """The mark of a violation the referee found, with the logged action that broke it
        (``None`` for a rule of the layout or the match)."""
        return cls.of_parts(violation.rule, violation.message, violation.event, action, violation.player)

    @classmethod
    def of_parts(cls, rule: str, message: str, event: int | None, action: object,
                 player: int | None = None) -> Mark:
        """A mark from its parts (see :meth:`of`): the action's ``player``, its ``cards`` (or
        its one ``card``), its ``pile`` and its ``stock`` pile, each where the action has it."""
        seat = getattr(action, "player", None)
        found = getattr(action, "cards", None)
        if not isinstance(found, tuple):
            one = getattr(action, "card", None)
            found = (one,) if isinstance(one, Card) else ()
        pile = getattr(action, "pile", None)
        stock = getattr(action, "stock", None)
        return cls(rule=rule, message=message, event=event, player=seat if isinstance(seat, int) else player,
                   cards=tuple(c for c in found if isinstance(c, Card)),
                   pile=pile if isinstance(pile, int) else None, stock=stock if isinstance(stock, int) else None)


def cards_word(n: int) -> str:
    """``1 card``, ``7 cards``."""
    return f"{n} card{'s' if n != 1 else ''}"


@attrs.frozen(slots=True)
class Stack:
    """One place on the table and what is seen of it.

    ``kind`` says what it is (``pile``, ``reserve``, ``draw``, ``stock``, ``spit``, ``hand``...):
    the picture's element class, its ``data-KIND`` attribute (the ``index`` if it has one, else
    the ``count``) and the ``data-in`` of its face-up cards.  ``count`` cards are in it;
    ``cards`` are those seen face up, top first (a text for a card known only by its text): a
    squared stack shows its top, a ``spread`` one (a hand) every card side by side, room kept
    for ``room`` cards.  A stack with a count and no card seen is face down (its back's class is
    ``back KIND``, or ``back BACK`` when ``back`` says why: ``hidden`` from this viewer,
    ``starter``...).  Under it, ``label`` (its number as events give it: ``pile 0``) or
    ``caption`` (a word: ``reserve``), then with ``depth`` its depth (``7 cards``), which the
    edges of the cards beneath also show.  ``note`` is written on its top card (``as 8``: the
    rank a joker stands for).  Outlines: ``target`` (a legal place for the highlighted card),
    ``chosen`` (positions of the highlighted card), ``offending`` (positions of a broken rule's
    card), ``struck`` (the stack that card went to).  In the text table a stack is ``name``
    and what is seen: the cards, or the count.
    """

    kind: str
    count: int = 0
    cards: tuple[Card | str, ...] = ()
    index: int | None = None
    spread: bool = False
    room: int = 0
    name: str = ""
    label: str = ""
    caption: str = ""
    depth: bool = False
    note: str = ""
    back: str = ""
    target: bool = False
    chosen: tuple[int, ...] = ()
    offending: tuple[int, ...] = ()
    struck: bool = False

    def text(self) -> str:
        """The stack in the text table: ``hand JC 3S``, ``draw stack 15``, ``AH (1 card)``,
        ``face down (1 card)``."""
        if self.spread:
            hidden = f"{self.count} face down" if self.count else "empty"
            seen = " ".join(map(str, self.cards)) if self.cards else hidden
        elif self.cards:
            top = f"{self.cards[0]} ({self.note})" if self.note else str(self.cards[0])
            seen = f"{top} ({cards_word(self.count)})" if self.depth else top
        elif self.depth:
            seen = f"face down ({cards_word(self.count)})" if self.count else "empty"
        else:
            seen = str(self.count)
        return f"{self.name} {seen}" if self.name else seen


@attrs.frozen(slots=True)
class Line:
    """A line under a row's label: ``kind`` ``summary`` (what the stacks show already, left out
    of the text table), ``note`` (something owed: drawn highlighted) or any other word, which is
    its element class (``holding``)."""

    text: str
    kind: str = "summary"


@attrs.frozen(slots=True)
class Group:
    """Stacks that belong together, laid left to right (``mirrored``: right to left), on a
    ``panel`` of that class when given (Speed's ``feeds``: a pile and the reserve that feeds
    it); ``name`` labels the group's line in the text table of a row that is not a seat's."""

    stacks: tuple[Stack, ...]
    name: str = ""
    panel: str = ""
    mirrored: bool = False


@attrs.frozen(slots=True)
class Row:
    """One row of the table: a ``seat``'s (its ``label`` is the player's name) or, with no seat,
    a shared one such as the centre; ``lines`` under the label; ``groups`` laid left to right
    (``mirrored``: right to left)."""

    label: str
    groups: tuple[Group, ...]
    seat: int | None = None
    lines: tuple[Line, ...] = ()
    mirrored: bool = False


@attrs.frozen(slots=True)
class Scene:
    """A whole table: its ``title`` (the variant, the round) and ``status`` (how it stands),
    the ``rows`` top to bottom as the picture lays them, and the count of ``actions`` taken
    (said in the text table; ``None``: not known)."""

    title: str
    status: str
    rows: tuple[Row, ...]
    actions: int | None = None

    def head(self) -> str:
        """The picture's head line: ``speed: play on``."""
        return f"{self.title}: {self.status}" if self.status else self.title

    def chosen(self) -> tuple[int | None, int] | None:
        """Where the highlighted card lies: ``(seat, place)``, the place its stack's number (or
        its position in a hand); ``None`` when no stack shows it."""
        for row in self.rows:
            for group in row.groups:
                for stack in group.stacks:
                    if stack.chosen:
                        return row.seat, stack.index if stack.index is not None else stack.chosen[0]
        return None

    def text(self) -> str:
        """The table as text (what ``str(game)`` prints): the head, then a line per seat (its
        name, each stack, its notes) in seat order, then a line per group of the other rows
        (the group's name, each stack), columns aligned."""
        moment = "" if self.actions is None else f", after {self.actions} action{'s' if self.actions != 1 else ''}"
        head = f"{self.title}{moment}: {self.status}" if self.status else f"{self.title}{moment}"
        seats = sorted((r for r in self.rows if r.seat is not None), key=lambda r: r.seat or 0)
        blocks = [[[row.label, *(s.text() for g in row.groups for s in g.stacks),
                    *(line.text for line in row.lines if line.kind != "summary")] for row in seats]]
        blocks += [[[g.name or row.label, *(s.text() for s in g.stacks)] for g in row.groups]
                   for row in self.rows if row.seat is None]
        width = max((len(line[0]) for block in blocks for line in block), default=0)
        out = [head]
        for block in blocks:
            out += ["  " + line for line in aligned([[cells[0].ljust(width), *cells[1:]] for cells in block])]
        return "\n".join(out)

