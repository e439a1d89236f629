"""The log format ``speedrules-log/1``: reading, checking, coding and writing logged games.

A log is JSON or YAML with the structure of ``schemas/log.schema.json`` (see
``docs/log-format.md``); its deals are of the form of its variant's family.  There is one
reader per family, and one way through it: the msgspec wire structs are the structural check
(the envelope, :mod:`speedrules.logs.wire`; each deal, the family's
:attr:`~speedrules.family.Family.wire_deal`), JSON text decoded straight into them in C and
parsed data (YAML, a dict given to :func:`parse_log`) converted into them; then the family's
one coding step (:meth:`~speedrules.family.Family.code_deal`) checks the values and codes the
events for the kernel.  Only when they refuse a document is the JSON Schema validator run, on
the family's form of the schema, to name every problem's place.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final, TypedDict

import attrs
import jsonschema
import msgspec

from ..core.checks import seat_names
from ..core.collector import COLLECTOR_PAUSED
from ..core.documents import (
    MAX_DOCUMENT_BYTES,
    MORE_PROBLEMS,
    DocumentError,
    count_pairs,
    decode,
    dump_yaml,
    first_errors,
    hostile_value,
    json_path,
    lone_surrogate,
    open_regular,
    parse_json,
    parse_text,
    read_text,
    schema_reason,
    unknown_fields,
    write_file,
)
from ..core.errors import InvalidArgumentError, VariantError, brief
from ..core.loading import (
    FileScope,
    as_variant,
    bundled_variant,
    data_dir,
    load_reference,
    load_variant,
    variant_from_document,
    variant_names,
)
from ..core.variant import DEFAULT_FAMILY, Variant
from ..family import Family, families, family_of
from .wire import LOG_FORMAT as LOG_FORMAT
from .wire import UNSET, CardText, WireLog, envelope_pairs


class LogError(DocumentError):
    """A log could not be read: it is missing, not JSON/YAML, fails the schema, or names
    an unknown or invalid variant.  ``location`` names the file and the place in it."""

    def __init__(self, location: str, reason: str, problems: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(location, reason)
        self.problems: tuple[tuple[str, str], ...] = tuple(problems) or ((location, reason),)
        if len(self.problems) > 1:
            self.args = ("\n".join(f"{where}: {why}" for where, why in self.problems),)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (to and from worker processes: ``referee --jobs``, :mod:`speedrules.dask`)."""
        return type(self), (self.location, self.reason, self.problems)


@functools.cache
def _published_schema() -> str:
    return data_dir("schemas").joinpath("log.schema.json").read_text(encoding="utf-8")


def log_schema(family: Family | str | None = None) -> dict[str, Any]:
    """The log JSON Schema (Draft 2020-12), ``schemas/log.schema.json``, which allows the deals of
    either bundled family (a schema cannot tell a variant's family from its name); with
    ``family`` (a family or its name), the form of the family's logs
    (:meth:`~speedrules.family.Family.log_schema`), whose deals are all of its form.

    >>> log_schema("spit")["properties"]["deals"]["items"]
    {'$ref': '#/$defs/spit_deal'}
    """
    if family is None:
        schema: dict[str, Any] = json.loads(_published_schema())
        return schema
    return family_of(family).log_schema() if isinstance(family, str) else family.log_schema()


def log_form(deal: str) -> dict[str, Any]:
    """``schemas/log.schema.json`` with every deal of the form of its ``$defs`` entry ``deal``: the
    bundled families' :meth:`~speedrules.family.Family.log_schema`."""
    schema: dict[str, Any] = json.loads(_published_schema())
    schema["properties"]["deals"] = {"type": "array", "items": {"$ref": f"#/$defs/{deal}"}}
    return schema


_VALIDATORS: dict[str, jsonschema.Draft202012Validator] = {}


def _validator(family: Family) -> jsonschema.Draft202012Validator:
    """The validator of ``family``'s form: its errors name the place in one of its deals."""
    validator = _VALIDATORS.get(family.name)
    if validator is None:
        validator = _VALIDATORS[family.name] = jsonschema.Draft202012Validator(family.log_schema())
    return validator


def schema_problems(data: Any, name: str, family: Family | None = None) -> list[tuple[str, str]]:
    """Every place where ``data`` fails the log schema in ``family``'s form (by default, the
    default family's: Speed's), as ``(location, reason)``."""
    def document_order(err: jsonschema.ValidationError) -> list[tuple[int, int | str]]:
        # list indices as numbers (events[2] before events[10]); siblings are all indices or all keys
        return [(0, p) if isinstance(p, int) else (1, str(p)) for p in err.absolute_path]

    problems = []
    errors, more = first_errors(_validator(family or family_of(DEFAULT_FAMILY)), data)
    for err in sorted(errors, key=document_order):
        where = f"{name}: {json_path(err.absolute_path)}"
        schema = err.schema if isinstance(err.schema, dict) else {}
        if err.validator == "pattern":
            reason = f"{brief(err.instance)} is not {schema.get('description', 'valid')}"
        elif err.validator == "additionalProperties":
            reason = unknown_fields(err.instance, schema.get("properties", {}))
        elif err.validator == "oneOf" and isinstance(err.instance, dict) and "type" in err.instance:
            reason = "a play names its card with exactly one of 'card' or 'cards'"
        elif err.validator == "oneOf" and "description" in schema:
            reason = f"{brief(err.instance)} is not {schema['description']}"
        else:
            reason = schema_reason(err)
        problems.append((where, reason))
    if more:
        problems.append((f"{name}: (top level)", MORE_PROBLEMS))
    return problems


# ---------------------------------------------------------------------- the Log value


def _players_of(log: Log) -> tuple[str, ...] | None:
    players = log.data.get("players")
    return tuple(players) if players is not None else None


@attrs.frozen(slots=True, eq=False)
class Log:
    """A logged game: the document as read (``data``), its resolved variant and its deals, coded
    by the variant's family (Speed: ``CompiledDeal``, each deal's layout and events; Spit:
    ``SpitRound``, each round's).

    ``Log`` objects compare by their canonical JSON form (:meth:`to_json`).  Build one
    with :func:`read_log`, :func:`parse_log` or :func:`log_from_games`.  A log read from
    JSON text (:func:`log_from_text`) keeps its ``text`` and parses ``data`` from it the first
    time it is asked for: judging a log needs only its coded deals.
    """

    _data: dict[str, Any] | None = attrs.field(alias="data")
    variant: Variant
    name: str = "<log>"
    deals: tuple[Any, ...] = attrs.field(default=(), repr=False)
    """The deals, coded by the variant's family (its :meth:`~speedrules.family.Family.code_deal`)."""
    _text: str | None = attrs.field(default=None, alias="text", repr=False)
    players: tuple[str, ...] | None = attrs.field(default=attrs.Factory(_players_of, takes_self=True))
    """The players' display names, if the log gives them."""

    def __repr__(self) -> str:  # never the whole (possibly huge, possibly hostile) document
        return f"<Log {brief(self.name)}: {self.variant.name}, {len(self.deals)} deal(s)>"

    @property
    def data(self) -> dict[str, Any]:
        """The document as read (parsed from the log's text the first time, for a log read from text)."""
        data = self._data
        if data is None:
            if self._text is None:
                raise InvalidArgumentError("a Log needs its document (data) or its JSON text (text)")
            data = parse_log_text(self._text, self.name)
            object.__setattr__(self, "_data", data)  # a cache: the text it comes from never changes
        return data

    @property
    def names(self) -> tuple[str, ...]:
        """Display names per seat: the log's, else ``player 0``, ``player 1``..."""
        return seat_names(self.variant.players, self.players)

    @property
    def rounds(self) -> tuple[Any, ...]:
        """The deals (:attr:`deals`), by the name a Spit log gives them: its rounds, coded (each
        round's layout and events)."""
        return self.deals

    def actions(self, deal: int) -> list[tuple[Any, float | int | None]]:
        """The events of deal ``deal`` (Spit: round) as library actions of the log's family, each
        with its time ``t`` (the family's :meth:`~speedrules.family.Family.decode`).

        >>> log = parse_log({"format": "speedrules-log/1", "variant": "spit", "deals": [{"layout": {
        ...     "stock": [[["AS"]], [["KH"]]], "spit": [["2C"], ["3D"]]}, "events": [{"type": "spit", "t": 0}]}]})
        >>> log.actions(0)
        [(Spit(pile=None), 0)]
        """
        return family_of(self.variant).logged_actions(self, deal)

    def spit_actions(self, deal: int) -> list[tuple[Any, float | int | None]]:
        """:meth:`actions`, by the name it had for a Spit log."""
        return self.actions(deal)

    def to_json(self) -> dict[str, Any]:
        """The log in canonical form (card and rank texts canonical, key order fixed)."""
        return canonical(self.data, family_of(self.variant))

    def dumps(self, *, indent: int | None = None) -> str:
        """The log as JSON text."""
        return _json_text(self.to_json(), indent, self.name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Log) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.dumps())


def canonical(data: Mapping[str, Any], family: Family | None = None) -> dict[str, Any]:
    """A valid log document of ``family`` (by default, Speed) in canonical form: each deal
    canonical by its family (:meth:`~speedrules.family.Family.canonical_deal`: card and rank
    texts canonical, key order fixed, integral floats (``1.0``) as ints for seats and piles)."""
    canonical_deal = (family or family_of(DEFAULT_FAMILY)).canonical_deal
    out: dict[str, Any] = {"format": data["format"], "variant": data["variant"]}
    if "players" in data:
        out["players"] = list(data["players"])
    if "meta" in data:
        out["meta"] = data["meta"]
    out["deals"] = [canonical_deal(deal) for deal in data["deals"]]
    return out


# ---------------------------------------------------------------------- reading


def resolve_variant(ref: Any, name: str, override: Variant | None, variant_dir: str | Path | None = None) -> Variant:
    """The variant a log names (``override`` if given): a bundled name, or a variant file, or a
    whole document, whose files may only lie inside ``variant_dir`` (the log's folder; with
    ``None``, the log may name no file at all): see "What a log may reference" in
    docs/log-format.md."""
    if override is not None:
        return as_variant(override)
    if type(ref) is str:  # a bundled name, the commonest reference: no scope to make for it
        bundled = bundled_variant(ref)
        if bundled is not None:
            return bundled
    where = f"{name}: variant"
    scope = FileScope.inside(variant_dir)
    try:
        if isinstance(ref, str):
            return load_reference(ref, scope, where)
        return variant_from_document(ref, name=where, scope=scope)
    except VariantError as err:
        if len(err.errors) == 1 and err.errors[0][0] == where:
            why = err.errors[0][1]
            if isinstance(ref, str) and why.startswith("unknown variant"):
                why += "; or judge the log under a variant of your choice with --variant (variant= in Python)"
            raise LogError(where, why) from None
        # Every problem named from the log, also those of a file the log's variant reached.
        problems = [(place if place.startswith(where) else f"{where}: {place}", why) for place, why in err.errors]
        raise LogError(problems[0][0], problems[0][1], problems) from None


def _non_finite(data: Any, name: str) -> list[tuple[str, str]]:
    """Places holding NaN or an infinity (YAML's ``.nan``, ``.inf``), which no time may be.

    Walked with a stack of its own, not by recursion: a log may nest ``meta`` as deep as
    its parser allows."""
    found: list[tuple[str, str]] = []
    todo: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while todo:
        path, item = todo.pop()
        if isinstance(item, float) and not math.isfinite(item):
            found.append((f"{name}: {json_path(path)}", f"{item!r} is not a number a log allows"))
        elif isinstance(item, (dict, list)):
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            todo.extend(reversed([((*path, key), value) for key, value in pairs]))
    return found


def refuse_odd_text(data: Any, name: str) -> None:
    """A :class:`LogError` naming the place if a log document's own texts (its players, its
    ``meta`` and each deal's) hold a lone surrogate, which no output could write: every other
    text of a log is a card, a rank or a name the format knows, checked as such, and text read
    by :func:`parse_log_text` was checked as it was parsed."""
    if type(data) is not dict:
        return
    found = lone_surrogate({key: data[key] for key in ("players", "meta") if key in data})
    deals = data.get("deals")
    if found is None and type(deals) is list:
        for index, deal in enumerate(deals):
            if type(deal) is dict and "meta" in deal:
                inner = lone_surrogate(deal["meta"])
                if inner is not None:
                    found = ("deals", index, "meta", *inner[0]), inner[1]
                    break
    if found is not None:
        raise LogError(f"{name}: {json_path(found[0])}", found[1])


_READ_ERRORS = (msgspec.MsgspecError, ValueError, RecursionError)
"""What converting parsed data into the wire structs, or coding them, raises for a document the
format refuses."""


def _envelope(data: Any, name: str) -> WireLog[Any]:
    """A parsed document's envelope (its deals left as they are), or the :class:`LogError` that
    names every problem."""
    try:
        return msgspec.convert(data, WireLog[Any])
    except _READ_ERRORS:
        raise refuse(data, name) from None


def coded_deals(data: Any, deals: Iterable[Any], name: str, family: Family) -> Iterator[Any]:
    """The deals of a document whose envelope is read (``deals``: its deals as parsed), each
    converted into the family's wire struct and coded as it is reached (the referee judges one
    before it reads the next); a deal the format refuses makes the whole document unreadable:
    the :class:`LogError` naming every problem of ``data``, in the family's form."""
    wire, code = family.wire_deal, family.code_deal
    for deal in deals:
        try:
            coded, _ = code(msgspec.convert(deal, wire))
        except _READ_ERRORS:
            raise refuse(data, name, family) from None
        yield coded


def is_valid_log_document(data: Any, family: Family | str | None = None) -> bool:
    """Whether the wire structs and the coding of ``family`` (a family or its name; by default,
    any family) read ``data`` as a log of its deals: exactly what the JSON Schema's form of the
    family accepts (the variant the document names aside).

    >>> is_valid_log_document({"format": "speedrules-log/1", "variant": "speed", "deals": [{"layout": {}}]})
    False
    """
    try:
        envelope = msgspec.convert(data, WireLog[Any])
    except _READ_ERRORS:
        return False
    return _reads_deals(envelope.deals, families() if family is None else
                        (family_of(family) if isinstance(family, str) else family,))


def _reads_deals(deals: list[Any], candidates: Iterable[Family]) -> bool:
    """Whether one of the ``candidates`` families reads every deal."""
    for family in candidates:
        try:
            for deal in deals:
                family.code_deal(msgspec.convert(deal, family.wire_deal))
        except _READ_ERRORS:
            continue
        return True
    return False


def read_document(data: Any, name: str, override: Variant | None, variant_dir: str | Path | None, *,
                  odd_text: bool = True) -> tuple[Variant, tuple[str, ...] | None, Iterator[Any]]:
    """A parsed log document read as :func:`parse_log` reads it: its variant, its players'
    names, and its deals coded one at a time as they are asked for (:func:`coded_deals`).  The
    envelope is checked first, then its texts (``odd_text``), then the variant it names: a
    document whose deals no family reads is refused as such before an unknown variant is named."""
    envelope = _envelope(data, name)
    if odd_text:
        refuse_odd_text(data, name)
    try:
        v = resolve_variant(envelope.variant, name, override, variant_dir)
    except LogError:
        if not _reads_deals(envelope.deals, families()):
            raise refuse(data, name) from None
        raise
    players = None if envelope.players is UNSET else tuple(envelope.players)
    return v, players, coded_deals(data, envelope.deals, name, family_of(v))


def parse_log(
    data: Any, name: str = "<log>", *, variant: Variant | None = None, variant_dir: str | Path | None = None
) -> Log:
    """Check an already-parsed log document and return it as a :class:`Log`.

    ``variant`` is a trusted variant that overrides the log's own.  Otherwise the log's
    variant is a bundled name, a whole document, or a variant file inside
    ``variant_dir`` (with ``None``, the default, the log may name no file: it came from
    no folder).  Raises :class:`LogError` naming every place where the document fails the
    schema, or an unknown, refused or invalid variant, or a lone surrogate in its texts.
    """
    return _checked_log(data, name, variant, variant_dir)


def _checked_log(data: Any, name: str, variant: Variant | None, variant_dir: str | Path | None, *,
                 odd_text: bool = True) -> Log:
    """:func:`parse_log`; without ``odd_text``, no check of the texts, which a log the library
    writes of its own games does not need: its names are the caller's own (a lone surrogate is
    written as an escape, and a reader then refuses it)."""
    v, players, deals = read_document(data, name, variant, variant_dir, odd_text=odd_text)
    return Log(data, v, name, tuple(deals), None, players)


def _without_meta(data: Any) -> Any:
    """``data`` less its free-form ``meta`` mappings, which no check looks into (a shallow copy)."""
    if type(data) is not dict:
        return data
    out = {k: v for k, v in data.items() if not (k == "meta" and type(v) is dict)}
    if type(data.get("deals")) is list:
        out["deals"] = [{k: v for k, v in deal.items() if not (k == "meta" and type(v) is dict)}
                        if type(deal) is dict else deal for deal in data["deals"]]
    return out


_VARIANT_KEYS = frozenset(("name", "title", "description", "sources", "extends", "players", "deal", "ranks",
                           "refill", "jokers", "rebuild", "runs", "announce", "collisions", "ties", "match"))


_OTHER_FORMAT = re.compile(r"speedrules-log/[0-9]{1,4}")


def looks_like(data: Any) -> str | None:
    """What a document that is not a log seems to be, when it clearly is something else: a
    verdict (``speedrules referee --json``), a variant file, a log of another format; else ``None``.

    >>> looks_like({"file": "a.json", "valid": True, "deals": []})
    'a verdict (what `speedrules referee --json` prints): referee the log it came from'
    >>> looks_like({"extends": "speed", "players": 3}).startswith("a variant file")
    True
    >>> looks_like({"format": "speedrules-log/1", "variant": "speed"}) is None
    True
    """
    if not isinstance(data, dict):
        return None
    fmt = data.get("format")
    if fmt == LOG_FORMAT:
        return None
    if "valid" in data and isinstance(data.get("deals"), list) and all(
            isinstance(d, dict) and "violations" in d for d in data["deals"]):
        return "a verdict (what `speedrules referee --json` prints): referee the log it came from"
    if fmt is None and "deals" not in data and data.keys() & _VARIANT_KEYS:
        return ("a variant file: check it with `speedrules check-variant`, or judge a log under it with "
                "`speedrules referee LOG --variant FILE`")
    if isinstance(fmt, str) and _OTHER_FORMAT.fullmatch(fmt):
        return f"a log of another version of the format ({brief(fmt)}); this speedrules reads {LOG_FORMAT}"
    return None


def refuse(data: Any, name: str, family: Family | None = None) -> LogError:
    """The :class:`LogError` for a document the wire structs or the coding refused: every place,
    located by the JSON Schema in ``family``'s form (by default, the default family's)."""
    if data is None:
        return LogError(f"{name}: (top level)", "the log is empty: a log is a mapping with format, variant and deals")
    hostile = hostile_value(_without_meta(data))
    if hostile is not None:  # the schema validator would recurse into it, or fail to print it
        return LogError(f"{name}: {json_path(hostile[0])}", hostile[1])
    other = looks_like(data)
    if other is not None:  # one line for a document of another kind, not its every schema error
        return LogError(f"{name}: (top level)", f"not a log: it looks like {other}")
    problems = schema_problems(data, name, family) or _non_finite(data, name)
    if not problems:  # the structural check and the schema disagree: report, never pass
        problems = [(name, "not a valid speedrules-log/1 document")]
    where, why = problems[0]
    return LogError(where, why, problems)


def _log_pairs(data: Any) -> int:
    """The key-value pairs of a log document's mappings, for :func:`parse_json`'s duplicate-key
    test, counted fast where the format allows no mapping (layouts and events hold none, and
    a mapping the format does not allow there only makes the count fall short, which is safe).
    Each event's ``len`` is counted as if it were a mapping: an event that is not one makes
    the schema refuse the whole log, so a miscount there cannot let a duplicate through."""
    if type(data) is not dict:
        return count_pairs(data)
    total = len(data)
    for key, value in data.items():
        if key != "deals" or type(value) is not list:
            if type(value) is dict:  # an embedded variant, meta; a list here holds no mapping in a valid log
                total += count_pairs(value)
            continue
        for deal in value:
            if type(deal) is not dict:
                continue
            total += len(deal)
            layout, events, meta = deal.get("layout"), deal.get("events"), deal.get("meta")
            if type(layout) is dict:
                total += len(layout)
            if type(events) is list:  # an event that is not a mapping makes the whole log unreadable anyway
                try:
                    total += sum(map(len, events))
                except TypeError:  # an event with no length (a number): unreadable, and not worth counting
                    return -1
            if type(meta) is dict:
                total += count_pairs(meta)
    return total


class _Layout(TypedDict, total=False):
    """A deal's layout, as :data:`_DOCUMENT` decodes it: the bundled families' stacks, their cards
    typed (another family's are kept as an untyped parse gives them)."""

    hands: list[list[CardText]]
    draw: list[list[CardText]]
    starters: list[CardText]
    reserves: list[list[CardText]]
    stock: list[list[list[CardText]]]
    spit: list[list[CardText]]


_Event = TypedDict("_Event", {
    "type": str, "player": Any, "card": CardText, "cards": list[CardText], "pile": Any, "as": Any,
    "reserves": list[list[CardText]], "stock": Any, "to": Any, "t": Any}, total=False)
"""An event, as :data:`_DOCUMENT` decodes it (the bundled families' cards typed)."""


class _Deal(TypedDict, total=False):
    layout: _Layout
    events: list[_Event]
    meta: Any


class _Document(TypedDict, total=False):
    format: Any
    variant: Any
    players: Any
    meta: Any
    deals: list[_Deal]


_DOCUMENT = msgspec.json.Decoder(_Document).decode
"""A log's JSON text to the same dicts and lists as an untyped decoder gives, but each card the
spelling's own string (:data:`speedrules.logs.wire.CardText`), not a new 50-byte string each
time: a Spit log of 190,000 rounds held 860 MB of dicts, lists and card texts, now about 400 MB.
A key it does not name is skipped, and anything else it refuses (a card misspelt) raises: then
the text is decoded untyped (:func:`~speedrules.core.documents.parse_json` counts the pairs).
The long way only reads a log this way: the referee and :func:`log_from_text` decode its text
straight into the wire structs."""


def parse_log_text(text: str, name: str) -> Any:
    """A log's JSON (or YAML) text as data, or a :class:`LogError` naming the place.

    JSON, the common case, goes straight to the C decoder (duplicate keys and over-long
    numbers refused, see :func:`~speedrules.core.documents.parse_json`); ``NaN`` and
    ``Infinity`` are read and then refused, with their place, by the structural check."""
    try:
        if text[:64].lstrip()[:1] == "{":
            return parse_json(text, name, _log_pairs, decode=_DOCUMENT)
        return parse_text(text, name)
    except LogError:
        raise
    except DocumentError as err:
        raise LogError(err.location, err.reason) from None


def _folder_of(source: object) -> Path | None:
    if hasattr(source, "read"):  # an open file (asked first: os.PathLike is an ABC, slow to test)
        return None
    return Path(source).parent if isinstance(source, (str, os.PathLike)) else None


def read_log(
    source: str | Path | IO[str] | IO[bytes], *, variant: Variant | None = None, variant_dir: str | Path | None = None
) -> Log:
    """Read and check a log file (JSON or YAML).

    >>> import io
    >>> from speedrules import deal, referee
    >>> game = deal("speed", seed=1)
    >>> game.reveal()
    >>> log = read_log(io.StringIO(game.to_log().dumps()))  # a path, or an open file
    >>> log.variant.name, referee(log).valid
    ('speed', True)

    ``variant`` is a trusted variant to judge by instead of the log's own.  A variant file
    the log names must lie in ``variant_dir``: by default the log's own folder (for an open
    file, none: the log may then name only a bundled variant or a whole document).
    Raises :class:`LogError` (a ``ValueError``) naming the file, the place and the
    reason: missing file, not JSON/YAML, fails the schema, unknown or refused variant.
    """
    if not hasattr(source, "read") and not isinstance(source, (str, os.PathLike)):
        raise InvalidArgumentError(f"not a path nor an open file: {brief(source)}")
    try:
        text, name = read_text(source)
    except DocumentError as err:
        raise LogError(err.location, err.reason) from None
    folder = variant_dir if variant_dir is not None else _folder_of(source)
    return log_from_text(text, name, variant=variant, variant_dir=folder)


def log_from_text(
    text: str, name: str = "<log>", *, variant: Variant | None = None, variant_dir: str | Path | None = None
) -> Log:
    """A log's JSON (or YAML) text checked and read as a :class:`Log`: what
    ``parse_log(parse_log_text(text, name), name, ...)`` gives, the same log or the same
    :class:`LogError`.  A log in JSON is read in one pass (:func:`decoded_log`) and keeps its text,
    its document parsed only when asked for (:attr:`Log.data`); anything that pass refuses is read
    the long way, which names the problem.  ``name`` only names the log in messages; variant files
    resolve as in :func:`parse_log`.

    >>> log = log_from_text('{"format": "speedrules-log/1", "variant": "speed", "deals": []}')
    >>> log.variant.name, log.deals, log.data["deals"]
    ('speed', (), [])
    """
    log = decoded_log(text, name, variant, variant_dir) if text[:1] == "{" else None
    if log is not None:
        return log
    return parse_log(parse_log_text(text, name), name, variant=variant, variant_dir=variant_dir)


_DECODERS: dict[Family, msgspec.json.Decoder[Any]] = {}


def _decoder(family: Family) -> msgspec.json.Decoder[Any]:
    """The decoder of JSON text into a log of ``family``'s deals (:class:`~speedrules.logs.wire.WireLog`)."""
    decoder = _DECODERS.get(family)
    if decoder is None:
        decoder = _DECODERS[family] = msgspec.json.Decoder(WireLog[family.wire_deal])  # type: ignore[name-defined]
    return decoder


_DECODE_ERRORS = (msgspec.MsgspecError, RecursionError, UnicodeEncodeError)
"""What decoding JSON text raises for text that is not a log of the family asked (the last: a lone
surrogate in the ``str`` given)."""


_HEAD: Final = re.compile(r'\{"format": ?"speedrules-log/1",\s{0,2}"variant": ?"([^"\\]{1,100})"')
"""How this package's log writers (:meth:`Log.dumps`, :func:`write_log`) begin a log that names
a variant: its format, then its variant's name (json.dumps's spaces, a line of its own, or compact)."""
_HINTS: dict[str, Family] = {}
"""Each bundled variant's family, as :func:`_named_family` meets the variant's name (an entry a
bundled variant at most)."""


def _named_family(text: str, known: tuple[Family, ...]) -> Family | None:
    """The family (one of ``known``) of the bundled variant the text names where this package's
    writers name it, or ``None``: which family's structs to try first, a hint and never a reading
    (the decoder reads and checks the whole text, and :func:`decoded_log` goes by the variant it
    decodes).  A failed try decodes the envelope and its ``meta`` before the deals refuse it: a
    log of the third family tried cost two of them, about a quarter of reading a short log.

    >>> from speedrules.family import families
    >>> _named_family('{"format": "speedrules-log/1", "variant": "nertz", "deals": []}', families()).name
    'nertz'
    >>> _named_family('{"format":"speedrules-log/1","variant":"no-such-game","deals":[]}', families()) is None
    True
    """
    head = _HEAD.match(text)
    if head is None:
        return None
    family = _HINTS.get(head[1])
    if family is None or family not in known:  # (not met yet, or its family registered anew)
        variant = bundled_variant(head[1])
        if variant is None:
            return None
        family = _HINTS[head[1]] = family_of(variant)
    return family


def _wire_log(text: str) -> tuple[Family, WireLog[Any]] | None:
    """The text decoded into the wire structs of the first family whose deals it holds, and that
    family, the family of the variant it names tried first (:func:`_named_family`); ``None`` if
    none reads it."""
    known = families()
    named = _named_family(text, known)
    for family in known if named is None or named is known[0] else (named, *known):
        try:
            return family, _decoder(family).decode(text)
        except _DECODE_ERRORS:
            continue
    return None


def decoded_log(text: str, name: str, variant: Variant | None, variant_dir: str | Path | None) -> Log | None:
    """A log's JSON text decoded straight into the wire structs of its variant's family (in C) and
    every deal coded by the family, in one pass: the :class:`Log` :func:`log_from_text` reads, or
    ``None`` where the long way must read it (anything the structs or the coding refuse, a variant
    that cannot be loaded, a key that may repeat: the text has more colons than the structs hold
    pairs, since a decoder keeps the last of a repeated key; the long way refuses it).  The
    variant is looked up once the document's structure has passed, as the long way looks it up.
    The referee reads JSON text this way, and so does :func:`read_log`."""
    with COLLECTOR_PAUSED:  # a log's structs hold no cycles: the collector would only walk them
        read = _wire_log(text)
        if read is None:
            return None
        family, doc = read
        try:
            v = resolve_variant(doc.variant, name, variant, variant_dir)
        except LogError:
            return None  # the long way says so, once the whole document has been checked
        if v.family != family.name:  # the deals of another family's form: read as the variant's family's
            family = family_of(v)
            try:
                doc = _decoder(family).decode(text)
            except _DECODE_ERRORS:
                return None
        code = family.code_deal
        deals = []
        pairs = envelope_pairs(doc)
        try:
            for wire in doc.deals:
                coded, held = code(wire)
                deals.append(coded)
                pairs += held
        except ValueError:
            return None
        if pairs != text.count(":") or "\\u003a" in text or "\\u003A" in text:
            return None  # a key repeats, or the strings' colons cannot be counted
        players = None if doc.players is UNSET else tuple(doc.players)
        return Log(None, v, name, tuple(deals), text, players)


def iter_log_lines(
    path: str | Path, *, variant: Variant | None = None, variant_dir: str | Path | None = None
) -> Iterator[tuple[str, Log | LogError]]:
    """Read a JSON Lines archive (one log per line) lazily: yields ``(name, log or error)``.

    Memory stays bounded by one log, whatever the archive's size.  A line that cannot be
    read (not UTF-8, not JSON, not a log) is one error named ``FILE:LINE``; the other
    lines are judged all the same.  Variant files resolve as in :func:`read_log`.
    """
    folder = variant_dir if variant_dir is not None else _folder_of(path)
    for where, line in archive_lines(path):
        if isinstance(line, LogError):
            yield where, line
            continue
        try:
            yield where, log_from_text(line, where, variant=variant, variant_dir=folder)
        except LogError as err:
            yield where, err


def archive_lines(
    path: str | Path, *, start: int = 0, end: int | None = None, lines_before: int = 0
) -> Iterator[tuple[str, str | LogError]]:
    """The non-blank lines of a JSON Lines archive, one at a time, each named ``FILE:LINE``;
    a file that cannot be opened gives one :class:`LogError`, and so does each line that is
    not UTF-8 text or is longer than a log may be.

    Only ``\n`` ends a line (JSON Lines), so a stray carriage return inside a line neither
    splits it nor shifts the numbers of the lines after it; a ``\r\n`` ending is fine.

    ``start`` and ``end`` read only the lines that *begin* in the byte range ``[start,
    end)`` (``end=None``: to the end of the file), so that byte ranges cut anywhere share
    out every line exactly once (:mod:`speedrules.judge.parallel`); ``lines_before`` is the
    number of ``\n`` bytes before ``start``, which keeps the line numbers those of the
    whole file.  A line begun before ``start`` is skipped a chunk at a time, never past
    ``end``."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentError(f"not a path: {brief(path)}")
    name = str(path)
    try:
        handle = open_regular(path, name)
    except DocumentError as err:
        yield name, LogError(err.location, err.reason)
        return
    with handle:
        number, at = lines_before, start
        if start > 0:
            handle.seek(start - 1)
            if handle.read(1) != b"\n":  # start is inside a line: it belongs to the range before
                while end is None or at < end:
                    skipped = handle.readline(1 << 20)
                    at += len(skipped)
                    if not skipped.endswith(b"\n"):
                        if not skipped:
                            return
                        continue
                    number += 1
                    break
                else:
                    return
        while end is None or at < end:
            raw = handle.readline(MAX_DOCUMENT_BYTES + 1)
            if not raw:
                return
            at += len(raw)
            number += 1
            where = f"{name}:{number}"
            if len(raw) > MAX_DOCUMENT_BYTES and not raw.endswith(b"\n"):
                while raw and not raw.endswith(b"\n"):  # skip the rest of the line, a chunk at a time
                    raw = handle.readline(1 << 20)
                    at += len(raw)
                yield where, LogError(where, f"cannot read: the line is over the {MAX_DOCUMENT_BYTES} byte limit")
                continue
            if number == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            if not raw.strip():
                continue
            try:  # (without its line end: an error at the end of the line is on line 1 of its log)
                yield where, decode(raw.rstrip(b"\r\n"), where)
            except DocumentError as err:
                yield where, LogError(err.location, err.reason)


# ---------------------------------------------------------------------- writing


_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def variant_to_document(variant: Variant) -> dict[str, Any]:
    """A complete variant document (valid against the variant schema) for ``variant``, of any
    family: :meth:`~speedrules.core.variant.Variant.to_document`, less a name the schema would
    refuse (a variant read from a file is named after it)."""
    doc = variant.to_document()
    if not (_NAME_RE.match(variant.name) and len(variant.name) <= 64):
        del doc["name"]
    return doc


def variant_reference(variant: Variant) -> str | dict[str, Any]:
    """How a log names ``variant``: its bundled name if it is a bundled variant, else its document."""
    if variant.name in variant_names() and load_variant(variant.name) == variant:
        return variant.name
    return variant_to_document(variant)


def log_from_document(data: Any, variant: Variant, name: str = "<written log>") -> Log:
    """The :class:`Log` of a document the library wrote of a game of its own
    (:meth:`speedrules.game.BaseGame.to_log`): checked as :func:`parse_log` checks one, under
    the game's ``variant``, but for the texts' check (the names are the caller's own, as
    :func:`log_from_games` takes them)."""
    return _checked_log(data, name, variant, None, odd_text=False)


EVENT_LINES = "events"
"""``write_log``'s default layout: JSON with one event per line (and each deal's layout on one)."""


def write_log(
    log: Log, target: str | Path | IO[str], *, indent: int | str | None = EVENT_LINES,
    yaml_format: bool | None = None,
) -> None:
    """Write ``log`` to a path or an open text file: YAML when ``yaml_format`` is true, or is left
    ``None`` and the path ends in ``.yaml``/``.yml``; JSON otherwise.

    JSON is written one event per line by default (:data:`EVENT_LINES`), so a log reads and
    diffs line by line; ``indent`` as an int indents every value as ``json.dumps`` does, and
    ``None`` writes one line.

    >>> import io
    >>> from speedrules import deal
    >>> game = deal("speed", seed=1)
    >>> game.reveal()
    >>> out = io.StringIO()
    >>> write_log(game.to_log(), out)
    >>> print("\\n".join(out.getvalue().splitlines()[-4:]))
       "events": [
        {"type": "reveal"}
       ]}
     ]}
    """
    if not isinstance(log, Log):
        raise InvalidArgumentError(f"not a Log: {brief(log)} (read_log or log_from_games make one)")
    if indent is not None and not isinstance(indent, int) and indent != EVENT_LINES:
        raise InvalidArgumentError(f"indent must be an int, None or {EVENT_LINES!r}, not {brief(indent)}")
    if yaml_format is None:
        yaml_format = isinstance(target, (str, os.PathLike)) and str(target).lower().endswith((".yaml", ".yml"))
    data = log.to_json()
    if yaml_format:
        try:
            text = dump_yaml(data)
        except ValueError:
            raise LogError(log.name, "cannot be written: it holds a number too long to write") from None
    elif indent == EVENT_LINES:
        text = _event_lines(data, log.name) + "\n"
    else:
        text = _json_text(data, indent if isinstance(indent, int) else None, log.name) + "\n"
    if isinstance(target, (str, os.PathLike)):
        write_file(target, text)  # a new file renamed into place (a lone surrogate written \udxxx)
    else:
        target.write(text)


def _event_lines(data: dict[str, Any], name: str) -> str:
    """A log document as JSON with each top-level field, each deal's layout and each event on
    a line of its own."""
    def one(value: Any) -> str:
        return _json_text(value, None, name)

    def block(opening: str, items: list[str], indent: str) -> str:
        return opening + "[]" if not items else opening + "[\n" + ",\n".join(indent + i for i in items) + "\n" + \
            indent[:-1] + "]"

    deals = []
    for deal in data.get("deals", []):
        fields = [f"{one(k)}: {one(v)}" for k, v in deal.items() if k != "events"]
        fields.append(block('"events": ', [one(e) for e in deal.get("events", [])], "    "))
        deals.append("{" + ",\n   ".join(fields) + "}")
    fields = [f"{one(k)}: {one(v)}" for k, v in data.items() if k != "deals"]
    fields.append(block('"deals": ', deals, "  "))
    return "{" + ",\n ".join(fields) + "}"


def _json_text(data: Any, indent: int | None, name: str) -> str:
    """JSON text of a log document, or a :class:`LogError`: a parsed document may hold an integer
    too long for Python to write (more than 4,300 digits)."""
    try:
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except ValueError:
        raise LogError(name, "cannot be written: it holds a number too long to write (over 4300 digits)") from None
