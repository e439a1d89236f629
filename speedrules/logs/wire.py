"""The wire form of a log's envelope, shared by every family: the msgspec struct a log's JSON
text (or its parsed data) is decoded into in C, with the structure ``schemas/log.schema.json``
gives every log (``format``, ``variant``, ``players``, ``meta``, ``deals``), its deals in the
form of the log's family (:attr:`speedrules.family.Family.wire_deal`); and :data:`CardText`,
the card spellings every family's deals are made of.

msgspec checks the whole shape (the format's name, a non-empty variant name or a variant
document, two to eight players' names (:attr:`~speedrules.family.Family.most_players`), every
key known); the families' coding checks the values (:mod:`speedrules.core.checks`).  The
structs are not tracked by the cyclic garbage collector (``gc=False``): decoded JSON makes no
reference cycles, and untracked structs are quicker to make.  A field a log may leave out is ``UNSET`` when it does.

>>> log = msgspec.json.decode(b'{"format": "speedrules-log/1", "variant": "speed", "deals": []}', type=WireLog[Any])
>>> log.variant, log.players is UNSET
('speed', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Generic, Literal, TypeVar

import msgspec
from msgspec import UNSET as UNSET
from msgspec import Meta, UnsetType

from ..core.cards import CODE_OF_TEXT
from ..core.checks import MAX_INDEX, MAX_TIME, count_colons

LOG_FORMAT = "speedrules-log/1"
"""The log format's name and version: every log's ``format``."""

if TYPE_CHECKING:
    CardText = str
else:  # every spelling of a card the schema accepts, checked by msgspec as it decodes
    CardText = Literal[tuple(CODE_OF_TEXT)]
"""A card's text: msgspec refuses any other string in C, and hands back its own copy of the
spelling (no new string a card, its hash already known for the coding's lookup): about a
fifth less decoding time on a simulated log than a plain ``str``."""

Index = Annotated[int, Meta(ge=0, le=MAX_INDEX)] | Annotated[float, Meta(ge=0, le=MAX_INDEX, multiple_of=1)]
"""A seat or a pile in a family's wire struct: a whole number from 0 to
:data:`~speedrules.core.checks.MAX_INDEX` (``1.0`` counts, as the schema's ``integer`` does);
the struct's JSON Schema says so, and the coding reads it with
:func:`~speedrules.core.checks.index_value`."""
Time = Annotated[int, Meta(ge=0, le=MAX_TIME)] | Annotated[float, Meta(ge=0, le=MAX_TIME)] | UnsetType
"""An event's ``t`` in a family's wire struct: milliseconds from 0 to
:data:`~speedrules.core.checks.MAX_TIME` (no NaN, no infinity), or left out."""

Deal = TypeVar("Deal")


class WireLog(msgspec.Struct, Generic[Deal], forbid_unknown_fields=True, gc=False):
    """A log: ``WireLog[D]`` holds deals of the struct ``D`` (a family's
    :attr:`~speedrules.family.Family.wire_deal`; ``Any`` leaves them as they are)."""

    format: Literal["speedrules-log/1"]
    variant: Annotated[str, Meta(min_length=1)] | dict[Any, Any]
    deals: list[Deal]
    players: Annotated[list[str], Meta(min_length=2, max_length=8)] | UnsetType = UNSET
    meta: dict[Any, Any] | UnsetType = UNSET


def envelope_pairs(log: WireLog[Any]) -> int:
    """The colons a log's envelope holds (its deals' aside), for the duplicate-key count of
    :func:`speedrules.logs.log.decoded_log`: one for each of its pairs and those of its variant
    document and its ``meta``, and each inside their strings and the players' names (a source
    quoted, a time of day), which the caller may count only where no colon is an escape."""
    pairs = 3 + count_colons(log.variant)  # format, variant, deals
    if log.players is not UNSET:
        pairs += 1 + count_colons(log.players)
    if log.meta is not UNSET:
        pairs += 1 + count_colons(log.meta)
    return pairs
