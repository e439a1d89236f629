"""Pictures of the table: a Speed deal or a Spit round as a clean, self-contained SVG, as
``chess.svg.board`` draws a chess position.

:func:`table` draws a :class:`~speedrules.Game` or a :class:`~speedrules.SpitGame` as it
stands: every card with its rank and suit symbol (red or black), each centre pile's top with
its depth, reserves, draw stacks and spit piles as face-down stacks with their counts, each
hand face up or hidden (``viewer``: the seat whose hand is shown; ``None`` shows every hand,
as a referee sees the table), the piles a card may go on outlined (``highlight``), and a
broken rule marked (``mark``: the offending card and pile, and the rule's message).
:func:`card` draws one card.  The pictures use no fonts' symbols (the suits are paths), no
images and no links, so they look the same everywhere and never make a viewer fetch
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
game as its table.  Nothing here judges a rule: the legal piles come from the game's
``legal_actions``, the marked rule from the referee's verdict.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from ..core.cards import Card
from ..core.errors import InvalidArgumentError, brief, printable
from ..speed.actions import Play, StockPlay

__all__ = ["Mark", "SpeedTable", "card", "highlight_place", "speed_svg", "table", "text"]

if TYPE_CHECKING:
    from ..judge.referee import LoggedViolation, TableView
    from ..speed.actions import Action, SpitAction
    from ..speed.game import Game
    from ..spit.game import SpitGame

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


@attrs.frozen(slots=True)
class Mark:
    """A broken rule to mark on the table: its ``rule`` id and ``message``, the ``event``
    index, the ``player`` who broke it, the ``cards`` involved and the centre ``pile`` (or, in
    Spit, the ``stock`` pile) they went to or came from.  :meth:`of` builds one from the
    referee's :class:`~speedrules.judge.referee.LoggedViolation` and the offending logged action.

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
    def of(cls, violation: LoggedViolation, action: Action | SpitAction | None = None) -> Mark:
        """The mark of a violation the referee found, with the logged action that broke it
        (``None`` for a rule of the layout or the match)."""
        return cls.of_parts(violation.rule, violation.message, violation.event, action, violation.player)

    @classmethod
    def of_parts(cls, rule: str, message: str, event: int | None, action: Action | SpitAction | None,
                 player: int | None = None) -> Mark:
        """A mark from its parts (see :meth:`of`)."""
        cards: tuple[Card, ...] = ()
        pile = stock = None
        if isinstance(action, Play):
            cards, pile, player = action.cards, action.pile, action.player
        elif isinstance(action, StockPlay):
            cards = () if action.card is None else (action.card,)
            pile, stock, player = action.pile, action.stock, action.player
        elif action is not None:
            seat = getattr(action, "player", None)
            player = seat if isinstance(seat, int) else player
            found = getattr(action, "card", None)
            cards = (found,) if isinstance(found, Card) else ()
            where = getattr(action, "pile", None)
            pile = where if isinstance(where, int) else None
            source = getattr(action, "stock", None)
            stock = source if isinstance(source, int) else None
        return cls(rule=rule, message=message, event=event, player=player, cards=cards, pile=pile, stock=stock)


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


def _as_card(value: Card | str | None, what: str) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise InvalidArgumentError(f"{what} is a card or its text, not {brief(value)}")


def _viewer(viewer: int | None, seats: int) -> int | None:
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < seats):
        raise InvalidArgumentError(f"viewer is a seat from 0 to {seats - 1} or None, not {brief(viewer)}")
    return viewer


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


# ------------------------------------------------------------------------------------- Speed


@attrs.frozen(slots=True)
class SpeedTable:
    """What a picture of a Speed table shows, as plain values (from a game, :meth:`of`, or from
    the referee's table at a violation, :meth:`of_view`): ``hands`` per seat (a tuple of cards,
    or a number of hidden cards), ``draws`` and ``reserves`` as counts, each pile's ``tops``
    (``None`` empty, a text where only the text is known), ``depths``, and the highlighted
    ``targets``."""

    title: str
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...] | int, ...]
    draws: tuple[int, ...]
    tops: tuple[Card | str | None, ...]
    depths: tuple[int | None, ...]
    reserves: tuple[int, ...]
    status: str = ""
    notes: tuple[str, ...] = ()
    seat_notes: tuple[str, ...] = ()
    face_down: bool = False
    targets: frozenset[int] = frozenset()
    chosen: Card | None = None
    top_notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, game: Game, *, viewer: int | None = None, highlight: Card | str | None = None) -> SpeedTable:
        """The table of ``game`` now (see :func:`table` for ``viewer`` and ``highlight``)."""
        viewer = _viewer(viewer, game.variant.players)
        chosen = _as_card(highlight, "highlight")
        hands: list[tuple[Card, ...] | int] = [h if viewer is None or seat == viewer else len(h)
                                               for seat, h in enumerate(game.hands)]
        targets: frozenset[int] = frozenset()
        if chosen is not None:
            targets = frozenset(a.pile for a in game.legal_actions() if isinstance(a, Play) and a.cards[0] == chosen
                                and (viewer is None or a.player == viewer))
        names = game.names
        status = game.status_text()
        seat_notes = tuple(f"owes {n} draw{'s' if n != 1 else ''}" if n and game.draw_stacks[s] else ""
                           for s, n in enumerate(game.draws_owed))
        top_ranks = game.top_ranks
        tops = game.tops
        top_notes = tuple(f"as {Card.from_code(top_ranks[p] - 1).rank_text}" if top is not None and top.is_joker
                          and 1 <= top_ranks[p] <= 13 else "" for p, top in enumerate(tops))
        return cls(title=game.variant.name, names=tuple(names), hands=tuple(hands),
                   draws=tuple(len(d) for d in game.draw_stacks), tops=tops if game.is_revealed else
                   tuple(None for _ in tops), depths=tuple(len(p) for p in game.piles),
                   reserves=tuple(len(r) for r in game.reserves), status=status, seat_notes=seat_notes,
                   face_down=not game.is_revealed, targets=targets, chosen=chosen, top_notes=top_notes)

    @classmethod
    def of_view(cls, view: TableView, names: Sequence[str], title: str = "") -> SpeedTable:
        """The table the referee kept at a violation (pile tops as text, no depths)."""
        tops: list[Card | str | None] = []
        for top in view.piles:
            try:
                tops.append(None if top == "empty" else Card.parse(top))
            except ValueError:
                tops.append(top)
        hands = tuple(tuple(Card.parse(c) for c in hand) for hand in view.hands)
        return cls(title=title, names=tuple(names), hands=hands, draws=view.draw, tops=tuple(tops),
                   depths=tuple(None for _ in tops), reserves=view.reserves)


def _speed_seat(c: _Canvas, t: SpeedTable, seat: int, y: float, mark: Mark | None) -> None:
    name = text(t.names[seat], NAME_LIMIT)
    c.add(f'<g class="seat" data-seat="{seat}">')
    c.label(MARGIN, y + 24, name, size=15, weight="bold", cls="name")
    hand = t.hands[seat]
    held = hand if isinstance(hand, int) else len(hand)
    c.label(MARGIN, y + 44, f"hand {held}, draw {t.draws[seat]}", size=12, fill="#c8e6c9")
    if seat < len(t.seat_notes) and t.seat_notes[seat]:
        c.label(MARGIN, y + 62, text(t.seat_notes[seat]), size=12, fill="#ffe082")
    x = MARGIN + LABEL_W
    c.add(_back(x, y, t.draws[seat], cls="back draw", attrs_=f' data-draw="{t.draws[seat]}"') if t.draws[seat]
          else _slot(x, y, ' data-draw="0"'))
    x += CARD_W + 2 * GAP
    marked = set(mark.cards) if mark is not None and mark.player == seat else set()
    if isinstance(hand, int):
        for i in range(hand):
            c.add(_back(x + i * (CARD_W + GAP), y, cls="back hidden"))
    else:
        for i, held_card in enumerate(hand):
            cx = x + i * (CARD_W + GAP)
            if held_card == t.chosen:
                c.add(_outline(cx, y, TARGET, "chosen"))
            if held_card in marked:
                c.add(_outline(cx, y, OFFENCE, "offending"))
                marked.discard(held_card)
            c.add(_face(held_card, cx, y, attrs_=' data-in="hand"'))
    c.add("</g>")


PAIR_W = 2 * CARD_W + GAP
"""A centre pile and the reserve that feeds it, side by side."""
PAIR_STEP = PAIR_W + 4 * GAP


def _speed_pile(c: _Canvas, t: SpeedTable, p: int, x: float, y: float, mark: Mark | None) -> None:
    """Centre pile ``p`` of a Speed table, its top's left edge at ``x``."""
    depth, top, target = t.depths[p], t.tops[p], p in t.targets
    attrs_ = f' data-pile="{p}"' + (' data-target="true"' if target else "") + \
        (f' data-depth="{depth}"' if depth is not None else "")
    c.add(f'<g class="pile"{attrs_}>')
    if depth:
        c.add(_depth(x, y, depth))
    if t.face_down and depth:
        c.add(_back(x, y, cls="back starter"))
    elif isinstance(top, Card):
        note = t.top_notes[p] if p < len(t.top_notes) else ""
        c.add(_face(top, x, y, attrs_=' data-in="pile"', note=text(note)))
    elif isinstance(top, str):
        c.add(_slot(x, y))
        c.label(x + CARD_W / 2, y + CARD_H / 2, text(top, 10), size=11, anchor="middle")
    else:
        c.add(_slot(x, y))
    if target:
        c.add(_outline(x, y, TARGET, "target"))
    if mark is not None and mark.pile == p:
        c.add(_outline(x, y, OFFENCE, "offending", pad=8))
    c.label(x + CARD_W / 2, y + CARD_H + 20, f"pile {p}", size=11, anchor="middle", fill="#ffffff", cls="index")
    if depth is not None:
        c.label(x + CARD_W / 2, y + CARD_H + 32, _cards(depth), size=10, anchor="middle", fill="#c8e6c9",
                cls="depth")
    c.add("</g>")


def _speed_centre(c: _Canvas, t: SpeedTable, y: float, mark: Mark | None) -> None:
    """The centre of a Speed table: each pile with the reserve that feeds it beside it, the two
    on one panel (the first half's reserves on the left of their piles, the others' on the right)."""
    piles = len(t.tops)
    c.add('<g class="centre">')
    c.label(MARGIN, y + 24, "centre", size=15, weight="bold")
    c.label(MARGIN, y + 44, "each pile and the", size=12, fill="#c8e6c9")
    c.label(MARGIN, y + 60, "reserve that feeds it", size=12, fill="#c8e6c9")
    x = MARGIN + LABEL_W
    for p in range(piles):
        left = p < (piles + 1) // 2
        rx, px = (x, x + CARD_W + GAP) if left else (x + CARD_W + GAP, x)
        c.add(f'<rect x="{_num(x - 8)}" y="{_num(y - 8)}" width="{PAIR_W + 16}" height="{CARD_H + 44}" rx="10" '
              f'fill="#245a33" stroke="#4f9a63" class="feeds" data-reserve="{p}" data-pile="{p}"/>')
        reserve = t.reserves[p]
        c.add(_back(rx, y, reserve, cls="back reserve", attrs_=f' data-reserve="{p}" data-count="{reserve}"')
              if reserve else _slot(rx, y, f' data-reserve="{p}" data-count="0"'))
        c.label(rx + CARD_W / 2, y + CARD_H + 20, "reserve", size=11, anchor="middle", fill="#c8e6c9")
        _speed_pile(c, t, p, px, y, mark)
        x += PAIR_STEP
    c.add("</g>")


def speed_svg(t: SpeedTable, *, mark: Mark | None = None, caption: str | None = None) -> str:
    """The SVG of a :class:`SpeedTable` (:func:`table` builds one from a game)."""
    c = _Canvas()
    seats = len(t.names)
    hand_max = max([5, *(h if isinstance(h, int) else len(h) for h in t.hands)])
    piles = len(t.tops)
    seat_w = MARGIN + LABEL_W + CARD_W + 2 * GAP + hand_max * (CARD_W + GAP) + MARGIN
    centre_w = MARGIN + LABEL_W + piles * PAIR_STEP - 4 * GAP + 8 + MARGIN
    width = max(seat_w, centre_w, 520)
    row_h = CARD_H + 24
    head = f"{t.title}: {t.status}" if t.status else t.title
    c.label(MARGIN, 26, text(head, 90), size=16, weight="bold", cls="status")
    y = 42.0
    order = [*range(1, seats), 0]
    for seat in order[:-1]:
        _speed_seat(c, t, seat, y, mark)
        y += row_h
    y += 12
    _speed_centre(c, t, y, mark)
    y += row_h + 24
    _speed_seat(c, t, order[-1], y, mark)
    y += row_h
    y = _caption(c, y, caption, mark, width)
    return c.svg(width, y + MARGIN, text(head))


# ------------------------------------------------------------------------------------- Spit


def _spit_holding(game: SpitGame, p: int) -> list[str]:
    """What player ``p`` holds, in the lines under the name: the cards drawn in the row and the
    spit pile and, once the round is settled, what they end it with (the centre piles they took
    too), which is what the next round is laid from."""
    lines = [f"holds {game.kernel.held(p)}"]
    result = game.kernel.result()
    if result is not None:
        taken = [str(c) for c, owner in enumerate(result.owners) if owner == p]
        if taken:
            lines.append(f"with pile{'s' * (len(taken) > 1)} {', '.join(taken)}: {len(result.holdings[p])}")
    return lines


def _spit_row(c: _Canvas, game: SpitGame, p: int, y: float, viewer: int | None, chosen: tuple[int, int] | None,
              mark: Mark | None) -> None:
    """Player ``p``'s seat: the name and holding, the spit pile, and the row of stock piles, each
    numbered as events and the notation number them, its depth under the number."""
    c.add(f'<g class="seat" data-seat="{p}">')
    c.label(MARGIN, y + 24, text(game.names[p], NAME_LIMIT), size=15, weight="bold", cls="name")
    for n, line in enumerate(_spit_holding(game, p)):
        c.label(MARGIN, y + 44 + 16 * n, line, size=12, fill="#c8e6c9", cls="holding")
    x = MARGIN + LABEL_W
    spit = len(game.spit_piles[p])
    c.add(_back(x, y, spit, cls="back spit", attrs_=f' data-spit="{spit}"') if spit
          else _slot(x, y, ' data-spit="0"'))
    c.label(x + CARD_W / 2, y + CARD_H + 20, "spit pile", size=11, anchor="middle", fill="#c8e6c9")
    x += CARD_W + 2 * GAP
    for i, pile in enumerate(game.stock[p]):
        px = x + i * (CARD_W + GAP)
        c.add(f'<g class="stock" data-stock="{i}" data-depth="{len(pile)}">')
        if not pile:
            c.add(_slot(px, y))
        elif viewer is not None and p != viewer:
            c.add(_back(px, y, len(pile), cls="back hidden"))
        else:
            c.add(_depth(px, y, len(pile)))
            c.add(_face(pile[0], px, y, attrs_=' data-in="stock"'))
        if chosen == (p, i):
            c.add(_outline(px, y, TARGET, "chosen"))
        if mark is not None and mark.player == p and mark.stock == i:
            c.add(_outline(px, y, OFFENCE, "offending"))
        c.label(px + CARD_W / 2, y + CARD_H + 20, f"pile {i}", size=11, anchor="middle", fill="#ffffff",
                cls="index")
        c.label(px + CARD_W / 2, y + CARD_H + 32, _cards(len(pile)), size=10, anchor="middle", fill="#c8e6c9",
                cls="depth")
        c.add("</g>")
    c.add("</g>")


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _spit_svg(game: SpitGame, *, viewer: int | None, highlight: Card | str | tuple[int, int] | None,
              mark: Mark | None, caption: str | None) -> str:
    viewer = _viewer(viewer, 2)
    chosen: tuple[int, int] | None = None
    if isinstance(highlight, tuple):
        chosen = highlight
    elif highlight is not None:
        chosen = highlight_place(game, highlight, viewer)
    targets = frozenset(a.pile for a in game.legal_actions() if isinstance(a, StockPlay) and chosen is not None
                        and (a.player, a.stock) == chosen)
    c = _Canvas()
    stock_n = max(len(r) for r in game.stock)
    width = max(MARGIN + LABEL_W + CARD_W + 2 * GAP + stock_n * (CARD_W + GAP) + MARGIN, 520)
    head = f"{game.variant.name}, round {game.round}: {game.status_text()}"  # numbered from 0, as the referee does
    c.label(MARGIN, 26, text(head, 90), size=16, weight="bold", cls="status")
    y = 42.0
    row_h = CARD_H + 44
    _spit_row(c, game, 1, y, viewer, chosen, mark)
    y += row_h
    c.add('<g class="centre">')
    c.label(MARGIN, y + 24, "centre", size=15, weight="bold")
    x = MARGIN + LABEL_W + CARD_W + 2 * GAP
    for p, pile in enumerate(game.centre):
        px = x + p * (CARD_W + 3 * GAP) + CARD_W
        attrs_ = f' data-pile="{p}" data-depth="{len(pile)}"' + (' data-target="true"' if p in targets else "")
        c.add(f'<g class="pile"{attrs_}>')
        if pile:
            c.add(_depth(px, y, len(pile)))
            c.add(_face(pile[0], px, y, attrs_=' data-in="pile"'))
        else:
            c.add(_slot(px, y))
        if p in targets:
            c.add(_outline(px, y, TARGET, "target"))
        if mark is not None and mark.pile == p:
            c.add(_outline(px, y, OFFENCE, "offending", pad=8))
        c.label(px + CARD_W / 2, y + CARD_H + 20, f"pile {p}", size=11, anchor="middle", fill="#ffffff", cls="index")
        c.label(px + CARD_W / 2, y + CARD_H + 32, _cards(len(pile)), size=10, anchor="middle", fill="#c8e6c9",
                cls="depth")
        c.add("</g>")
    c.add("</g>")
    y += row_h
    _spit_row(c, game, 0, y, viewer, chosen, mark)
    y += row_h
    y = _caption(c, y, caption, mark, width)
    return c.svg(width, y + MARGIN, text(head))


def highlight_place(game: Game | SpitGame, highlight: Card | str, viewer: int | None = None) -> tuple[int, int] | None:
    """Where the card ``highlight`` is face up for :func:`table` to outline: ``(seat, place in
    the hand)`` in Speed, ``(player, stock pile)`` in Spit (on a pile's top); ``None`` when no
    hand (Spit: no stock pile's top) that the picture shows holds it (``viewer``: only that
    seat's is shown).

    >>> from speedrules import deal
    >>> game = deal("speed", seed=1)
    >>> highlight_place(game, "JC"), highlight_place(game, "JC", viewer=1), highlight_place(game, "AH")
    ((0, 0), None, None)
    """
    from ..speed.game import Game

    wanted = _as_card(highlight, "highlight")
    if isinstance(game, Game):
        return next(((seat, i) for seat, hand in enumerate(game.hands) if viewer is None or seat == viewer
                     for i, held in enumerate(hand) if held == wanted), None)
    return next(((p, i) for p, row in enumerate(game.stock) if viewer is None or p == viewer
                 for i, pile in enumerate(row) if pile and pile[0] == wanted), None)


# ------------------------------------------------------------------------------------- entry


def table(game: Game | SpitGame, *, viewer: int | None = None, highlight: Card | str | tuple[int, int] | None = None,
          mark: Mark | None = None, caption: str | None = None) -> str:
    """The table of a Speed :class:`~speedrules.Game` or a :class:`~speedrules.SpitGame` as an SVG
    document (text).

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
    from ..speed.game import Game
    from ..spit.game import SpitGame

    if isinstance(game, Game):
        if isinstance(highlight, tuple):
            raise InvalidArgumentError("highlight in Speed is a card, not a stock pile")
        return speed_svg(SpeedTable.of(game, viewer=viewer, highlight=highlight), mark=mark, caption=caption)
    if isinstance(game, SpitGame):
        return _spit_svg(game, viewer=viewer, highlight=highlight, mark=mark, caption=caption)
    raise InvalidArgumentError(f"not a Game nor a SpitGame: {brief(game)}")
