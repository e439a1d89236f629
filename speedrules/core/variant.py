"""The resolved rules of one variant, as a frozen value object, and the rank predicate.

A :class:`Variant` is built by :func:`speedrules.load_variant` from a YAML file
(see ``docs/variant-format.md``); every option of the rule texts is a field here.
The rank rule lives once, in :mod:`speedrules.core.ranks`: its fit tables, built per variant
(:attr:`Variant.tables`), answer :meth:`Variant.fits` here and every check of the rules
kernel with one lookup.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from .cards import COLOUR_OF, JOKER_CODE, RANK_NAMES, Card
from .ranks import ALL_RANKS as ALL_RANKS  # re-exported: they live in .ranks
from .ranks import EMPTY as EMPTY
from .ranks import WILD as WILD
from .ranks import FitTables, fit_tables, top_key
from .ranks import RankOrder as RankOrder
from .ranks import step as rank_step


class Refill(enum.StrEnum):
    """When a player may draw from their own draw stack."""

    ANY_TIME = "any-time"
    """Whenever the hand holds fewer than the limit (the main rule)."""
    AFTER_EACH_PLAY = "after-each-play"
    """As ``any-time``, and one draw is owed after each card played before the next play."""
    WHEN_EMPTY = "when-empty"
    """Only when the hand is empty; then up to the limit before the next play."""


class Rebuild(enum.StrEnum):
    """How the centre becomes reserves again when every reserve is empty and play is blocked."""

    KEEP_TOPS = "keep-tops"
    """Each pile keeps its top; the cards beneath are shuffled and split evenly into the reserves."""
    EACH_PILE = "each-pile"
    """Each centre pile is shuffled into its own reserve; the centre empties until the next flip."""
    GATHER_ALL = "gather-all"
    """All centre cards are gathered, shuffled and split evenly into the reserves; the centre empties."""


class JokerDeclare(enum.StrEnum):
    """Which rank a wild joker may stand for."""

    ADJACENT = "adjacent"
    """A rank that would itself be legal on the pile's top."""
    ANY = "any"
    """Any rank, announced by the player."""


class Collisions(enum.StrEnum):
    """Two plays on one pile with the same time ``t`` landed together."""

    FIRST_LANDS = "first-lands"
    """The log order is the landing order: the later card must fit the new top."""
    LOWER_STAYS = "lower-stays"
    """Both are judged against the prior top; the lower card stays, the other goes back to its owner's hand."""
    RETURN_BOTH = "return-both"
    """Both are judged against the prior top; both go back to their owners and the prior top stays."""


class Ties(enum.StrEnum):
    """Two players going out with the same time ``t``."""

    REPLAY = "replay"
    """The deal is tied: it counts for nobody and is replayed."""
    LOG_ORDER = "log-order"
    """The first in the log wins."""


class Call(enum.StrEnum):
    """Whether the player who goes out must announce it ("Speed!")."""

    NONE = "none"
    """A deal is won the moment a player has no cards in hand or draw stack."""
    REQUIRED = "required"
    """The player who went out must log a call before any other event."""
    PENALTY = "penalty"
    """As ``required``; a missed call makes the player take a centre pile as a new draw stack."""


class Scoring(enum.StrEnum):
    """How deals add up to a match."""

    SINGLE = "single"
    """One deal, one winner."""
    DEALS = "deals"
    """One point per deal won; first to ``target`` points (first to N deal wins)."""
    MARGIN = "margin"
    """The winner of a deal scores a point per card every other player still holds (hand and
    draw stack); first to ``target`` points."""


UNNAMED = "custom"
"""The name of a variant document that names itself nothing (:func:`speedrules.variant_from_document`)."""


DEFAULT_FAMILY = "speed"
"""The family of a variant document that names none (``family:``): Speed's (:mod:`speedrules.family`)."""


class Stuck(enum.StrEnum):
    """Spit: what "can play" means when deciding whether a spit is due."""

    STRICT = "strict"
    """A player can play if a card fits a centre pile now, or would after moves within their own
    row (gap moves, and pairings where allowed) that expose it: a spit is due only when neither can."""
    LAX = "lax"
    """Only a face-up card that fits a centre pile now counts; a gap move that would expose a
    playable card does not prevent a spit."""
    TURN_UP = "turn-up"
    """As ``strict``, and a player who can still turn up a face-down card by moves within their
    own row (whether it fits or not) is not stuck either: judged only by what the players see."""


class Jam(enum.StrEnum):
    """Spit: when a round with no spit card left is over as a jam (docs/rules.md)."""

    STRICT = "strict"
    """Only when no play is left anywhere, even after moves within a row (002 "no legal play
    anywhere"), and both players are stuck by the variant's reading (``Stuck``) too."""
    SAME_AS_STUCK = "same-as-stuck"
    """When both players are stuck by the variant's reading alone (with ``lax``: no face-up card
    fits, though a gap move might still free one)."""


class Claim(enum.StrEnum):
    """Spit: how the centre piles are claimed when a round ends."""

    SLAP = "slap"
    """A race: the first player to slap a pile takes it, the other takes the other pile."""
    FIRST_OUT_CHOOSES = "first-out-chooses"
    """No slap: the player who went out chooses a pile (after a jam, the player with fewer cards
    left in the row chooses); the other takes the other."""


class RoundsWinner(enum.StrEnum):
    """Spit with a fixed number of rounds: who wins when the last round is over."""

    FEWER_CARDS = "fewer-cards"
    """The player holding fewer cards."""
    ROUND_WINS = "round-wins"
    """The player who went out first in more rounds."""


@attrs.frozen(slots=True, kw_only=True)
class SpitRules:
    """The rules only Spit has (``Variant.spit``; docs/variant-format.md).

    ``row`` gives the size of each stock pile, left to right, when a player holds enough
    cards; ``rounds`` ends the game after that many rounds (``None``: play until a player
    with no spit pile clears the row, an outright win)."""

    row: tuple[int, ...]
    pairing: bool = False
    stuck: Stuck = Stuck.STRICT
    jam: Jam = Jam.STRICT
    claim: Claim = Claim.SLAP
    rounds: int | None = None
    rounds_winner: RoundsWinner = RoundsWinner.FEWER_CARDS

    @property
    def row_cards(self) -> int:
        """The cards a full row holds."""
        return sum(self.row)


@attrs.frozen(slots=True)
class Source:
    """A rule text a variant rests on: the seed's number (``"003"``) and what it says."""

    seed: str
    says: str


@attrs.frozen(slots=True, kw_only=True)
class Variant:
    """The complete, checked rules of one variant of Speed.

    Build one with :func:`speedrules.load_variant`; fields are documented in
    ``docs/variant-format.md``.  ``piles`` is the number of centre piles (one starter
    and one reserve each); ``draw_sizes`` gives each seat's draw stack after the
    "rest, split as evenly as possible" rule (lower seats get the extra cards).

    >>> from speedrules import load_variant
    >>> speed = load_variant("speed")
    >>> speed.players, speed.piles, speed.draw_sizes, speed.rank_order
    (2, 2, (15, 15), <RankOrder.CYCLIC: 'cyclic'>)
    >>> speed.fits(Card.parse("KC"), Card.parse("AS"))  # K-A wraps
    True
    """

    name: str
    title: str
    description: str
    sources: tuple[Source, ...]
    players: int
    packs: int
    jokers: int
    hand_size: int
    draw_size: int | None
    reserve_sizes: tuple[int, ...]
    rank_order: RankOrder
    same_rank: bool
    alternate_colours: bool
    hand_limit: int
    refill: Refill
    runs: bool
    runs_any_way: bool = False
    """With runs: whether a run may turn back (``4 5 4``), not only go one way (``3 4 5``)."""
    jokers_wild: bool
    joker_declare: JokerDeclare
    joker_may_go_out: bool
    joker_prevents_flip: bool
    rebuild: Rebuild
    collisions: Collisions = Collisions.FIRST_LANDS
    ties: Ties = Ties.REPLAY
    call: Call = Call.NONE
    call_how: str = "say"
    scoring: Scoring = Scoring.SINGLE
    target: int = 1
    family: str = DEFAULT_FAMILY
    """The name of the game family the variant is of (a registered family: ``speed``, ``spit``,
    or one registered with :func:`speedrules.register_family`), which
    :func:`speedrules.family.family_of` finds."""
    rules: Any = None
    """The family's own rules, frozen from its section of the variant file by the family
    (Spit's :class:`SpitRules`; ``None`` for Speed, whose options are the fields above). A
    variant of another family keeps Speed's defaults in Speed's fields, and does not use them."""
    document: dict[str, Any] = attrs.field(eq=False, repr=False, factory=dict)
    """The fully merged variant document (after ``extends``), as read."""
    tables: FitTables = attrs.field(init=False, eq=False, repr=False)
    """The fit rule of this variant's rank options as bit masks (see :mod:`speedrules.core.ranks`)."""
    accepts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """``tables.accepts``: per effective top rank, the card ranks that fit it (bit per rank)."""
    piles: int = attrs.field(init=False, eq=False, repr=False)
    """The number of centre piles: ``len(reserve_sizes)``."""
    deal_shape: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False)
    """The sizes of a deal's stacks: every hand, the draw stacks largest first, every reserve."""
    deal_check: tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False)
    """What :func:`speedrules.speed.kernel.is_deal_of` reads, once: the piles, every hand's size, the draw
    stacks' largest first, every reserve's, the deck's size where it holds every card once (one
    pack, at most one joker; else 0), and how many of each card code (0-52, the joker last) the
    deck holds (:func:`speedrules.speed.kernel.card_counts` of it)."""
    owes_draws: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether the refill rule ever owes a seat a draw before its next play: always but
    under ``any-time`` refill with a dealt hand (a variant that deals no hand draws it first)."""

    def __attrs_post_init__(self) -> None:
        # Derived once: the game loop and the referee read these on every deal.
        tables = fit_tables(self.rank_order, same_rank=self.same_rank, alternate_colours=self.alternate_colours,
                            jokers_wild=self.jokers_wild, declare_any=self.joker_declare is JokerDeclare.ANY)
        object.__setattr__(self, "tables", tables)
        object.__setattr__(self, "accepts", tables.accepts)
        object.__setattr__(self, "piles", len(self.reserve_sizes))
        object.__setattr__(self, "deal_shape", ((self.hand_size,) * self.players,
                                                tuple(sorted(self.draw_sizes, reverse=True)), self.reserve_sizes))
        shape = self.deal_shape
        object.__setattr__(self, "deal_check", (self.piles, shape[0], shape[1], shape[2],
                                                52 + self.jokers if self.packs == 1 and self.jokers <= 1 else 0,
                                                (self.packs,) * 52 + (self.jokers,)))
        object.__setattr__(self, "owes_draws", self.refill is not Refill.ANY_TIME or not self.hand_size)

    def to_document(self) -> dict[str, Any]:
        """The variant as a document that :func:`speedrules.variant_from_document` reads back
        to an equal variant (the merged document, less its unset fields).

        >>> from speedrules import load_variant, variant_from_document
        >>> speed = load_variant("speed")
        >>> variant_from_document(speed.to_document()) == speed
        True
        """
        def cleaned(value: Any) -> Any:
            if isinstance(value, dict):
                return {k: cleaned(v) for k, v in value.items() if v is not None}
            if isinstance(value, list):
                return [cleaned(v) for v in value]
            return value

        document = cleaned(self.document)
        document["name"] = self.name
        return dict(document)


    @property
    def spit(self) -> SpitRules | None:
        """Spit's own rules (:attr:`rules`) for a variant of the ``spit`` family, else ``None``."""
        rules = self.rules
        return rules if isinstance(rules, SpitRules) else None

    @property
    def label(self) -> str:
        """How a verdict names the variant: its name, or, for a document that gave itself none
        (``variant_from_document`` names it ``custom``, as a log's embedded variant is), its title.

        >>> from speedrules import variant_from_document
        >>> variant_from_document({"extends": "speed", "title": "Our kitchen rules"}).label
        'Our kitchen rules'
        >>> variant_from_document({"extends": "speed"}).label
        'custom'
        """
        return self.title if self.name == UNNAMED else self.name

    @property
    def deck_size(self) -> int:
        return 52 * self.packs + self.jokers

    @property
    def draw_sizes(self) -> tuple[int, ...]:
        if self.draw_size is not None:
            return (self.draw_size,) * self.players
        rest = self.deck_size - self.piles - sum(self.reserve_sizes) - self.players * self.hand_size
        base, extra = divmod(max(rest, 0), self.players)
        return tuple(base + (1 if seat < extra else 0) for seat in range(self.players))

    def fits_rank(self, top_rank: int, card_rank: int) -> bool:
        """Whether a card of ``card_rank`` may go on a pile whose effective top rank is
        ``top_rank`` (``EMPTY`` = 0, 1..13, ``WILD`` = 14), by rank alone."""
        return bool(self.accepts[top_rank] >> card_rank & 1)

    def fits(
        self,
        top: Card | None,
        card: Card,
        *,
        top_rank: int | None = None,
        declared: int | None = None,
    ) -> bool:
        """Whether ``card`` may be played on a pile whose top card is ``top``.

        This is the whole legal-move predicate for one card on one pile.  ``top`` is
        ``None`` for an empty pile (nothing fits).  For a joker on top, ``top_rank``
        is the rank it was declared as (omit it for a joker turned up by a flip,
        which is wild).  For a joker being played, ``declared`` is the rank it is
        announced as; it must be a rank the variant allows.  Colours are checked when
        the variant makes them alternate (a joker has no colour).

        >>> from speedrules import load_variant
        >>> speed, no_wrap = load_variant("speed"), load_variant("speed-no-wrap")
        >>> speed.fits(Card.parse("7H"), Card.parse("8S")), speed.fits(Card.parse("7H"), Card.parse("9S"))
        (True, False)
        >>> speed.fits(Card.parse("AS"), Card.parse("2C")), no_wrap.fits(Card.parse("AS"), Card.parse("2C"))
        (True, False)
        >>> speed.fits(None, Card.parse("AS"))  # nothing goes on an empty pile
        False
        >>> jokers = load_variant("speed-jokers-adjacent")  # a joker is declared as a neighbouring rank
        >>> five, joker = Card.parse("5S"), Card.parse("JK")
        >>> jokers.fits(five, joker, declared=6), jokers.fits(five, joker, declared=9)
        (True, False)
        """
        if top is None:
            return False
        if top.code == JOKER_CODE:
            effective = WILD if top_rank is None else top_rank
        else:
            effective = top.rank if top_rank is None else top_rank
        return self.fits_code(effective, COLOUR_OF[top.code], card.code, declared)

    def fits_code(self, top_rank: int, top_colour: int, code: int, declared: int | None) -> bool:
        """:meth:`fits` on integer codes: one lookup in the variant's fit tables."""
        if code == JOKER_CODE:
            return declared is not None and 1 <= declared <= 13 and bool(self.tables.declares[top_rank] >> declared & 1)
        return bool(self.tables.fit[top_key(top_rank, top_colour)] >> code & 1)

    def step(self, top_rank: int, rank: int) -> int:
        """The direction of a move from ``top_rank`` to ``rank``: +1 up, -1 down, 0 same rank, ranks
        that are not neighbours, or a wild or empty top."""
        return rank_step(self.rank_order, top_rank, rank)

    def ranks_that_fit(self, top_rank: int) -> list[str]:
        """The rank texts that fit an effective top rank, in rank order (ace first)."""
        return [RANK_NAMES[r] for r in ALL_RANKS if self.accepts[top_rank] >> r & 1]
