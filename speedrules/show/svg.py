"""Pictures of the table: any family's table as a clean, self-contained SVG, as
``chess.svg.board`` draws a chess position.

:func:`table` draws a game as it stands: its family builds the table as a
:class:`~speedrules.core.scene.Scene` (rows of stacks, plain values: the family's ``scene``
hook) and :func:`draw` draws any scene: every card with its rank and suit symbol (red or
black), each stack's top with the edges of the cards beneath, its number and its depth,
face-down stacks with their counts, each hand face up or hidden (``viewer``: the seat whose
cards are shown; ``None`` shows every card, as a referee sees the table), the places a card may
go outlined (``highlight``), and a broken rule marked (``mark``: the offending card and pile,
and the rule's message).  :func:`text_table` is the same scene as text (what ``str(game)``
prints) and :func:`card` draws one card.  The pictures use no fonts' symbols (the suits are
paths), no images and no links, so they look the same everywhere and never make a viewer fetch
anything; every text from a game (players' names) is escaped.

>>> from speedrules import deal
>>> game = deal("speed", seed=1, names=["Ann", "Ben"])
>>> game.reveal()
>>> picture = table(game, highlight="JC")
>>> picture.startswith("<svg xmlns=") and 'data-card="JC"' in picture
True
>>> 'data-pile="1" data-target="true"' in picture, 'data-pile="0" data-target="true"' in picture
(True, False)

``Game._repr_svg_`` and ``SpitGame._repr_svg_`` return :func:`table`, so a notebook shows a
game as its table.  Nothing here judges a rule or knows a family: the legal places come from
the game's own legal actions, the marked rule from the referee's verdict, the stacks from the
family's scene.
"""

from __future__ import annotations

import html
import textwrap
from typing import Any

from ..core.cards import Card
from ..core.errors import InvalidArgumentError, brief, printable
from ..core.scene import Group, Mark, Row, Scene, Stack, cards_word
from ..family import Family, family_of

__all__ = ["Mark", "card", "draw", "highlight_place", "scene_of", "table", "text", "text_table"]

CARD_W = 56
CARD_H = 80
GAP = 10
LABEL_W = 132
MARGIN = 16
FELT = "#2d6a3e"
RED = "#c62828"
BLACK = "#1b1b1b"
BACK = "#23508f"
TARGET = "#7CFC00"
OFFENCE = "#ff3b30"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
NAME_LIMIT = 14
"""Longest name drawn in full; a longer one is cut with an ellipsis (a log's names may be huge)."""

_SUIT_PATHS = {
    "S": "M5 0C5 0 0 3.6 0 6.1C0 7.6 1.2 8.4 2.5 8.4C3.4 8.4 4.1 7.9 4.5 7.3L3.8 10H6.2L5.5 7.3"
         "C5.9 7.9 6.6 8.4 7.5 8.4C8.8 8.4 10 7.6 10 6.1C10 3.6 5 0 5 0Z",
    "H": "M5 9.6C5 9.6 0 6.2 0 3C0 1.2 1.3 0 2.9 0C3.9 0 4.6 .6 5 1.5C5.4 .6 6.1 0 7.1 0C8.7 0 10 1.2 10 3"
         "C10 6.2 5 9.6 5 9.6Z",
    "D": "M5 0L8.8 5L5 10L1.2 5Z",
    "C": "M2.6 2.7A2.4 2.4 0 1 1 7.4 2.7A2.4 2.4 0 1 1 2.6 2.7Z"
         "M0 6.3A2.4 2.4 0 1 1 4.8 6.3A2.4 2.4 0 1 1 0 6.3Z"
         "M5.2 6.3A2.4 2.4 0 1 1 10 6.3A2.4 2.4 0 1 1 5.2 6.3Z"
         "M4.4 5.6L3.6 10H6.4L5.6 5.6Z",
}
_STAR = "M5 0L6.2 3.6H10L6.9 5.8L8.1 9.5L5 7.2L1.9 9.5L3.1 5.8L0 3.6H3.8Z"


def text(value: object, limit: int | None = None) -> str:
    """``value`` as text safe inside SVG or HTML, in an element or an attribute: control
    characters shown as escapes (:func:`~speedrules.core.errors.printable`), characters XML does not
    allow replaced, ``& < > " '`` escaped; cut to ``limit`` characters with an ellipsis.

    >>> text('<svg onload="alert(1)">')
    '&lt;svg onload=&quot;alert(1)&quot;&gt;'
    >>> text("Ann\\x00", 24), text("x" * 30, 5)
    ('Ann\\\\x00', 'xxxx…')
    """
    shown = printable(str(value)).replace("\ufffe", "\\ufffe").replace("\uffff", "\\uffff")
    if limit is not None and len(shown) > limit:
        shown = shown[: limit - 1] + "…"
    return html.escape(shown, quote=True)


def _num(value: float) -> str:
    """A coordinate as short, stable text."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class _Canvas:
    """The SVG being drawn: elements in drawing order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        self.parts.append(element)

    def label(self, x: float, y: float, content: str, *, size: int = 13, fill: str = "#ffffff",
              weight: str = "normal", anchor: str = "start", cls: str | None = None) -> None:
        """A line of text; ``content`` must be escaped already (see :func:`text`)."""
        klass = f' class="{cls}"' if cls else ""
        bold = ' font-weight="bold"' if weight == "bold" else ""
        self.add(f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" fill="{fill}"{bold} '
                 f'text-anchor="{anchor}"{klass}>{content}</text>')

    def svg(self, width: float, height: float, title: str) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
                f'viewBox="0 0 {_num(width)} {_num(height)}" font-family="{FONT}" class="speedrules-table">')
        return "\n".join([head, f"<title>{title}</title>",
                          f'<rect width="{_num(width)}" height="{_num(height)}" rx="12" fill="{FELT}"/>',
                          *self.parts, "</svg>"]) + "\n"


def _suit(suit: str, x: float, y: float, size: float, fill: str) -> str:
    path = _SUIT_PATHS.get(suit, _STAR)
    return (f'<path transform="translate({_num(x)} {_num(y)}) scale({_num(size / 10)})" d="{path}" '
            f'fill="{fill}"/>')


def _face(card: Card, x: float, y: float, *, attrs_: str = "", note: str = "") -> str:
    """A face-up card, its top-left corner at ``(x, y)``."""
    colour = "#6a1b9a" if card.is_joker else RED if card.is_red else BLACK
    rank = "JK" if card.is_joker else card.rank_text
    parts = [f'<g class="card" data-card="{card}"{attrs_}>',
             f'<rect x="{_num(x)}" y="{_num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#ffffff" '
             f'stroke="#9e9e9e"/>',
             f'<text x="{_num(x + 5)}" y="{_num(y + 17)}" font-size="15" font-weight="bold" '
             f'fill="{colour}">{rank}</text>',
             _suit(card.suit, x + 6, y + 21, 10, colour),
             _suit(card.suit, x + CARD_W / 2 - 12, y + CARD_H / 2 - 6, 24, colour)]
    if note:
        parts.append(f'<text x="{_num(x + CARD_W / 2)}" y="{_num(y + CARD_H - 5)}" font-size="10" '
                     f'text-anchor="middle" fill="{colour}">{note}</text>')
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float, count: int | None = None, *, cls: str = "back", attrs_: str = "") -> str:
    """A face-down stack (a card's back; ``count`` cards in it, shown when given)."""
    parts = [f'<g class="{cls}"{attrs_}>']
    if count is not None and count > 1:
        parts.append(f'<rect x="{_num(x + 3)}" y="{_num(y + 3)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
                     f'fill="#173a69"/>')
    parts.append(f'<rect x="{_num(x)}" y="{_num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{BACK}" '
                 f'stroke="#ffffff" stroke-width="2"/>')
    parts.append(f'<rect x="{_num(x + 6)}" y="{_num(y + 6)}" width="{CARD_W - 12}" height="{CARD_H - 12}" rx="3" '
                 f'fill="none" stroke="#8fb3e8" stroke-dasharray="3 3"/>')
    if count is not None:
        parts.append(f'<text x="{_num(x + CARD_W / 2)}" y="{_num(y + CARD_H / 2 + 7)}" font-size="20" '
                     f'font-weight="bold" text-anchor="middle" fill="#ffffff" class="count">{count}</text>')
    parts.append("</g>")
    return "".join(parts)


def _slot(x: float, y: float, attrs_: str = "") -> str:
    """An empty place for a stack."""
    return (f'<rect x="{_num(x)}" y="{_num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" '
            f'stroke="#a5d6a7" stroke-dasharray="5 4" class="empty"{attrs_}/>')


def _outline(x: float, y: float, colour: str, cls: str, *, pad: int = 4) -> str:
    return (f'<rect x="{_num(x - pad)}" y="{_num(y - pad)}" width="{CARD_W + 2 * pad}" height="{CARD_H + 2 * pad}" '
            f'rx="9" fill="none" stroke="{colour}" stroke-width="4" class="{cls}"/>')


def _depth(x: float, y: float, depth: int) -> str:
    """The edges of the cards under a pile's top (up to three drawn)."""
    shown = min(depth - 1, 3)
    return "".join(f'<rect x="{_num(x + 2 * i)}" y="{_num(y + 2 * i)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
                   f'fill="#e0e0e0" stroke="#9e9e9e"/>' for i in range(shown, 0, -1))


def card(value: Card | str) -> str:
    """One card as a small SVG of its own (``card("QH")``).

    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(card("QH")).find("{http://www.w3.org/2000/svg}g").get("data-card")
    'QH'
    """
    shown = value if isinstance(value, Card) else Card.parse(value)
    c = _Canvas()
    c.add(_face(shown, 4, 4))
    return c.svg(CARD_W + 8, CARD_H + 8, text(shown))


def _caption(c: _Canvas, y: float, caption: str | None, mark: Mark | None, width: float) -> float:
    """The caption and the mark's message under the table; returns the new bottom."""
    if caption:
        c.label(MARGIN, y + 16, text(caption, 110), size=13, cls="caption")
        y += 22
    if mark is not None:
        lines = _wrapped(mark.message, int((width - 2 * MARGIN - 8) / MESSAGE_CHAR_W))
        c.add(f'<g class="violation" data-rule="{text(mark.rule)}">')
        c.add(f'<rect x="{MARGIN - 6}" y="{_num(y + 2)}" width="{_num(width - 2 * MARGIN + 12)}" '
              f'height="{28 + 16 * len(lines)}" rx="6" fill="#4a0d0d" stroke="{OFFENCE}" stroke-width="2"/>')
        c.label(MARGIN + 4, y + 20, text(f"rule {mark.rule}", 60), size=13, fill="#ffcdd2", weight="bold")
        for n, line in enumerate(lines):
            c.label(MARGIN + 4, y + 38 + 16 * n, line, size=12, fill="#ffffff")
        c.add("</g>")
        y += 36 + 16 * len(lines)
    return y


MESSAGE_CHAR_W = 6.8
"""About the widest a character of the 12-pixel message font runs, so a wrapped line fits the box."""
MESSAGE_LINES = 4


def _wrapped(message: str, columns: int) -> list[str]:
    """A rule's message as at most :data:`MESSAGE_LINES` lines of ``columns`` characters, each
    made safe (:func:`text`); a longer message ends with an ellipsis.

    >>> _wrapped("a spit while Ann can still play: 8H fits", 20)
    ['a spit while Ann can', 'still play: 8H fits']
    """
    columns = max(columns, 10)
    shown = printable(message)[: columns * (MESSAGE_LINES + 1)]  # a hostile message's length costs nothing
    lines = textwrap.wrap(shown, columns, break_long_words=True) or [""]
    if len(lines) > MESSAGE_LINES:
        lines = [*lines[:MESSAGE_LINES - 1], lines[MESSAGE_LINES - 1][:columns - 1] + "…"]
    return [text(line) for line in lines]




# ------------------------------------------------------------------------------------- a scene


PANEL_PAD = 8
"""How far a panel reaches around its stacks."""
UNDER = 20
"""The room under a row whose stacks are labelled (a number, a word, a depth)."""


def _width(stack: Stack) -> float:
    if not stack.spread:
        return CARD_W
    shown = max(stack.room, len(stack.cards) if stack.cards else stack.count, 1)
    return shown * (CARD_W + GAP) - GAP


def _group_width(group: Group) -> float:
    return sum(_width(s) for s in group.stacks) + GAP * (len(group.stacks) - 1)


def _gap(before: Group, after: Group) -> float:
    """The space between two groups of a row: wider between panels, so that they stand apart."""
    return 4 * GAP if before.panel or after.panel else 2 * GAP


def _placed(row: Row) -> list[tuple[Group, float]]:
    """The groups of ``row`` in drawing order, each with its left edge from the row's start."""
    groups = list(reversed(row.groups) if row.mirrored else row.groups)
    out: list[tuple[Group, float]] = []
    x = 0.0
    for n, group in enumerate(groups):
        if n:
            x += _gap(groups[n - 1], group)
        out.append((group, x))
        x += _group_width(group)
    return out


def _row_width(row: Row) -> float:
    placed = _placed(row)
    return placed[-1][1] + _group_width(placed[-1][0]) if placed else 0.0


def _data(stack: Stack) -> str:
    """A stack's ``data-`` attributes: ``data-KIND`` (its number, else its count), whether it is
    a target, its depth (a squared stack that shows it) or its count (a numbered face-down one)."""
    parts = [f' data-{text(stack.kind)}="{stack.index if stack.index is not None else stack.count}"']
    if stack.target:
        parts.append(' data-target="true"')
    if stack.depth:
        parts.append(f' data-depth="{stack.count}"')
    elif stack.index is not None and not stack.cards:
        parts.append(f' data-count="{stack.count}"')
    return "".join(parts)


def _outlines(c: _Canvas, stack: Stack, place: int, x: float, y: float) -> None:
    """The outlines of card ``place`` of ``stack`` (its top, for a squared stack) at ``(x, y)``."""
    if place in stack.chosen:
        c.add(_outline(x, y, TARGET, "chosen"))
    if place in stack.offending:
        c.add(_outline(x, y, OFFENCE, "offending"))


def _spread(c: _Canvas, stack: Stack, x: float, y: float) -> None:
    """A spread stack (a hand): every card side by side, or a back for each hidden one."""
    back = f"back {text(stack.back or stack.kind)}"
    for i in range(len(stack.cards) if stack.cards else stack.count):
        cx = x + i * (CARD_W + GAP)
        shown = stack.cards[i] if stack.cards else None
        if isinstance(shown, Card):
            c.add(_face(shown, cx, y, attrs_=f' data-in="{text(stack.kind)}"'))
        elif shown is not None:
            c.add(_slot(cx, y))
            c.label(cx + CARD_W / 2, y + CARD_H / 2, text(shown, 10), size=11, anchor="middle")
        else:
            c.add(_back(cx, y, cls=back))
        _outlines(c, stack, i, cx, y)


def _squared(c: _Canvas, stack: Stack, x: float, y: float) -> None:
    """A squared stack: its top face up (or its back), the edges of the cards beneath."""
    top = stack.cards[0] if stack.cards else None
    if not stack.count:
        c.add(_slot(x, y))
    else:
        if stack.depth:
            c.add(_depth(x, y, stack.count))
        if isinstance(top, Card):
            c.add(_face(top, x, y, attrs_=f' data-in="{text(stack.kind)}"', note=text(stack.note)))
        elif top is not None:
            c.add(_slot(x, y))
            c.label(x + CARD_W / 2, y + CARD_H / 2, text(top, 10), size=11, anchor="middle")
        else:
            c.add(_back(x, y, None if stack.depth else stack.count, cls=f"back {text(stack.back or stack.kind)}"))
    if stack.target:
        c.add(_outline(x, y, TARGET, "target"))
    _outlines(c, stack, 0, x, y)
    if stack.struck:
        c.add(_outline(x, y, OFFENCE, "offending", pad=8))


def _stack(c: _Canvas, stack: Stack, x: float, y: float) -> None:
    """One stack, its left edge at ``x``, with its label, caption and depth under it."""
    c.add(f'<g class="{text(stack.kind)}"{_data(stack)}>')
    (_spread if stack.spread else _squared)(c, stack, x, y)
    middle = x + CARD_W / 2
    if stack.label:
        c.label(middle, y + CARD_H + 20, text(stack.label, 12), size=11, anchor="middle", cls="index")
    elif stack.caption:
        c.label(middle, y + CARD_H + 20, text(stack.caption, 12), size=11, anchor="middle", fill="#c8e6c9")
    if stack.depth:
        c.label(middle, y + CARD_H + 32, cards_word(stack.count), size=10, anchor="middle", fill="#c8e6c9",
                cls="depth")
    c.add("</g>")


def _group(c: _Canvas, group: Group, x: float, y: float) -> None:
    stacks = list(reversed(group.stacks) if group.mirrored else group.stacks)
    if group.panel:
        named = "".join(f' data-{text(s.kind)}="{s.index}"' for s in stacks if s.index is not None)
        c.add(f'<rect x="{_num(x - PANEL_PAD)}" y="{_num(y - PANEL_PAD)}" '
              f'width="{_num(_group_width(group) + 2 * PANEL_PAD)}" height="{CARD_H + 44}" rx="10" fill="#245a33" '
              f'stroke="#4f9a63" class="{text(group.panel)}"{named}/>')
    for stack in stacks:
        _stack(c, stack, x, y)
        x += _width(stack) + GAP


def _row_height(row: Row) -> tuple[float, float]:
    """The room above a row's cards (a panel's edge) and the row's whole height."""
    above = 12.0 if any(g.panel for g in row.groups) else 0.0
    under = any(s.label or s.caption or s.depth for g in row.groups for s in g.stacks)
    return above, above + CARD_H + 24 + (UNDER if under else 0)


def _row(c: _Canvas, row: Row, y: float, x: float) -> None:
    """One row, its cards' top at ``y``, its stacks from ``x``: the label and its lines, then the groups."""
    c.add(f'<g class="seat" data-seat="{row.seat}">' if row.seat is not None else '<g class="centre">')
    c.label(MARGIN, y + 24, text(row.label, NAME_LIMIT), size=15, weight="bold",
            cls="name" if row.seat is not None else None)
    for n, line in enumerate(row.lines):
        c.label(MARGIN, y + 44 + 16 * n, text(line.text, 24), size=12,
                fill="#ffe082" if line.kind == "note" else "#c8e6c9",
                cls=None if line.kind == "summary" else text(line.kind))
    for group, left in _placed(row):
        _group(c, group, x + left, y)
    c.add("</g>")


def draw(scene: Scene, *, mark: Mark | None = None, caption: str | None = None) -> str:
    """The SVG of any :class:`~speedrules.core.scene.Scene` (see :func:`table`): its head, its rows
    top to bottom, a shared row's stacks centred under the widest row, then ``caption`` and the
    message of ``mark`` (the family's scene outlines the mark's card and pile)."""
    c = _Canvas()
    widest = max([_row_width(r) for r in scene.rows] or [0.0])
    width = max(MARGIN + LABEL_W + widest + GAP + MARGIN, 520)
    c.label(MARGIN, 26, text(scene.head(), 90), size=16, weight="bold", cls="status")
    y = 42.0
    for row in scene.rows:
        above, height = _row_height(row)
        indent = 0.0 if row.seat is not None else (widest - _row_width(row)) / 2
        _row(c, row, y + above, MARGIN + LABEL_W + indent)
        y += height
    y = _caption(c, y, caption, mark, width)
    return c.svg(width, y + MARGIN, text(scene.head()))


# ------------------------------------------------------------------------------------- a game


def _family(game: object) -> Family:
    """The family of ``game`` (its variant's), or an :class:`InvalidArgumentError` for what is no game."""
    variant = getattr(game, "variant", None)
    if variant is None or not isinstance(getattr(variant, "family", None), str) or not hasattr(variant, "players"):
        raise InvalidArgumentError(f"not a game: {brief(game)}")
    return family_of(variant)


def scene_of(game: Any, *, viewer: int | None = None, highlight: Card | str | tuple[int, int] | None = None,
             mark: Mark | None = None) -> Scene:
    """The :class:`~speedrules.core.scene.Scene` of ``game``, from its family (see :func:`table`
    for the arguments, checked here)."""
    family = _family(game)
    seats = game.variant.players
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < seats):
        raise InvalidArgumentError(f"viewer is a seat from 0 to {seats - 1} or None, not {brief(viewer)}")
    chosen = Card.parse(highlight) if isinstance(highlight, str) else highlight
    if chosen is not None and not isinstance(chosen, (Card, tuple)):
        raise InvalidArgumentError(f"highlight is a card or its text, not {brief(highlight)}")
    return family.scene(game, viewer=viewer, highlight=chosen, mark=mark)


def table(game: Any, *, viewer: int | None = None, highlight: Card | str | tuple[int, int] | None = None,
          mark: Mark | None = None, caption: str | None = None) -> str:
    """The table of a game of any family (a :class:`~speedrules.Game`, a
    :class:`~speedrules.SpitGame`...) as an SVG document (text).

    ``viewer``: the seat whose hand (Spit: whose row) is face up, the others' shown as backs;
    ``None`` (default) shows every card a referee sees.  ``highlight``: a card (or its text; in
    Spit also ``(player, stock pile)``) whose legal piles are outlined.  ``mark``: a broken rule
    (:class:`Mark`) whose card and pile are outlined in red and whose message is written under
    the table.  ``caption``: a line under the table (the last event, say).  Elements carry
    ``data-`` attributes (``data-card``, ``data-pile``, ``data-target``, ``data-depth``...) for
    programs that look at the picture.

    >>> from speedrules import deal
    >>> game = deal("speed", seed=1)
    >>> 'class="back starter"' in table(game), table(game, viewer=0).count('class="back hidden"')
    (True, 5)
    """
    return draw(scene_of(game, viewer=viewer, highlight=highlight, mark=mark), mark=mark, caption=caption)


def text_table(game: Any) -> str:
    """The table of a game of any family as text: its scene's
    :meth:`~speedrules.core.scene.Scene.text` (what ``str(game)`` prints).

    >>> from speedrules import deal
    >>> print(text_table(deal("speed", seed=1)).splitlines()[0])
    speed, after 0 actions: the starters are face down
    """
    return scene_of(game).text()


def highlight_place(game: Any, highlight: Card | str | tuple[int, int], viewer: int | None = None,
                    ) -> tuple[int | None, int] | None:
    """Where :func:`table` outlines the highlighted card: ``(seat, place)``, the place the
    number of its stack (Spit: the stock pile) or its position in a hand (Speed); ``None`` when
    nothing the picture shows holds it face up (``viewer``: only that seat's cards are shown).

    >>> from speedrules import deal
    >>> game = deal("speed", seed=1)
    >>> highlight_place(game, "JC"), highlight_place(game, "JC", viewer=1), highlight_place(game, "AH")
    ((0, 0), None, None)
    """
    return scene_of(game, viewer=viewer, highlight=highlight).chosen()
