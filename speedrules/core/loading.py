"""Loading variants: bundled names, files and documents, ``extends``, schema and semantic checks.

The pipeline for every variant is the same: read the YAML (see :mod:`.documents`),
validate it against ``schemas/variant.schema.json``, resolve ``extends`` by a deep
merge (mappings merge key by key, anything else is replaced), apply the documented
defaults, run the semantic checks below, and freeze the result into a
:class:`~speedrules.core.variant.Variant`.  Every problem is collected and raised together
as a :class:`~speedrules.core.errors.VariantError` whose entries name file and field.
"""

from __future__ import annotations

import copy
import functools
import json
import os
from collections.abc import Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

import attrs
import jsonschema

from .documents import (
    MAX_VARIANT_BYTES,
    MAX_VARIANT_NODES,
    MORE_PROBLEMS,
    DocumentError,
    first_errors,
    hostile_value,
    json_path,
    parse_text,
    path_problem,
    read_text,
    schema_reason,
)
from .errors import InvalidArgumentError, VariantError, brief, did_you_mean
from .variant import (
    DEFAULT_FAMILY,
    UNNAMED,
    Call,
    Collisions,
    JokerDeclare,
    RankOrder,
    Rebuild,
    Refill,
    Scoring,
    Source,
    Ties,
    Variant,
)

if TYPE_CHECKING:
    from ..family import Family

DEFAULTS: dict[str, Any] = {
    "title": None,
    "description": None,
    "sources": [],
    "players": 2,
    "deck": {"packs": 1, "jokers": 0},
    "deal": {"hand": 5, "draw": "rest", "piles": 2, "reserves": 5},
    "ranks": {"order": "cyclic", "same_rank": False, "alternate_colours": False},
    "hand": {"limit": 5, "refill": "any-time"},
    "runs": False,
    "jokers": {"wild": False, "declare": "any", "may_go_out": False, "prevents_flip": True},
    "rebuild": "keep-tops",
    "collisions": "first-lands",
    "ties": "replay",
    "announce": {"call": "none", "how": "say"},
    "match": {"scoring": "single", "target": None},
}
"""The default of every field of :class:`~speedrules.core.variant.Variant`: plain two-player
Speed (see docs/variant-format.md).  A variant of another family keeps Speed's in Speed's
fields, unused; its own fields' defaults are its family's
(:meth:`speedrules.family.Family.rules_defaults`)."""

VARIANT_SUFFIXES = (".yaml", ".yml", ".json")


def data_dir(name: str) -> Traversable:
    """A data folder shipped in the wheel (``speedrules/<name>``), or the source tree's own."""
    packaged = resources.files("speedrules").joinpath(name)
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / name


@functools.cache
def variant_schema() -> dict[str, Any]:
    """The variant JSON Schema (Draft 2020-12)."""
    text = data_dir("schemas").joinpath("variant.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


_WHOLE_INTEGERS = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
)
"""JSON Schema counts ``2.0`` as an integer; a variant's counts must be real ints (they size deals and slices)."""


_VALIDATORS: dict[tuple[str, ...], jsonschema.Draft202012Validator] = {}


def _validator() -> jsonschema.Draft202012Validator:
    """The validator of a variant document: ``schemas/variant.schema.json`` (the published contract
    of the bundled families), with the name and the own fields of every family registered since
    (:func:`speedrules.register_family`), each field checked by its family's schema."""
    from ..family import families

    known = families()
    key = tuple(f.name for f in known)
    validator = _VALIDATORS.get(key)
    if validator is None:
        schema = copy.deepcopy(variant_schema())
        properties = schema["properties"]
        properties["family"]["enum"] = list(key)
        for family in known:
            for field, field_schema in family.rules_schema().items():
                properties.setdefault(field, field_schema)
        _seat_bounds(schema, known)
        cls = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
            jsonschema.Draft202012Validator, type_checker=_WHOLE_INTEGERS
        )
        validator = _VALIDATORS[key] = cls(schema)
    return validator


def _seat_bounds(schema: dict[str, Any], known: Sequence[Family]) -> None:
    """A family that seats more than the published schema's ``players`` maximum
    (:attr:`~speedrules.family.Family.most_players`) lifts it for a document that names the family."""
    players = schema["properties"]["players"]
    bound = players["maximum"]
    wider = {f.name: f.most_players for f in known if f.most_players != bound}
    if not wider:
        return
    del players["maximum"]
    branch: dict[str, Any] = {"properties": {"players": {"maximum": bound}}}
    for name, most in wider.items():
        branch = {"if": {"required": ["family"], "properties": {"family": {"const": name}}},
                  "then": {"properties": {"players": {"maximum": most}}}, "else": branch}
    schema.setdefault("allOf", []).append(branch)


def variant_names(family: str | None = None) -> tuple[str, ...]:
    """The names of the bundled variants, sorted (``speed`` first, the Speed family before the
    others); with ``family`` (a registered family's name: ``"speed"``, ``"spit"``...), only
    that family's (none, for a family registered without bundled variants).

    >>> variant_names("spit")[:2]
    ('spit', 'spit-alternate-colours')
    """
    if family is not None:
        from ..family import family_of

        family_of(family)  # an InvalidArgumentError naming the families, for a name that is none
        return _family_variants(family)
    return _all_variant_names()


@functools.cache
def _family_variants(family: str) -> tuple[str, ...]:
    return tuple(n for n in _all_variant_names() if _load_bundled(n).family == family)


@functools.cache
def _all_variant_names() -> tuple[str, ...]:
    names = sorted(
        entry.name[: -len(".yaml")]
        for entry in data_dir("variants").iterdir()
        if entry.name.endswith(".yaml")
    )
    return tuple(sorted(names, key=lambda n: (n != "speed", not n.startswith("speed"), n)))


def schema_errors(
    document: Any, name: str, validator: jsonschema.Draft202012Validator | None = None
) -> list[tuple[str, str]]:
    """Every schema violation of ``document``, located as ``name: field.path`` (values quoted shortened)."""
    validator = validator or _validator()
    found: list[tuple[str, str]] = []
    errors, more = first_errors(validator, document)
    for err in sorted(errors, key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        where = f"{name}: {json_path(err.absolute_path)}"
        if err.validator in ("oneOf", "anyOf"):
            options = [json.dumps(s["const"]) if "const" in s else str(s.get("enum", s.get("type", "?")))
                       for s in err.validator_value]
            found.append((where, f"{brief(err.instance)} is not one of the accepted forms ({' or '.join(options)})"))
        else:
            found.append((where, schema_reason(err)))
    if more:
        found.append((f"{name}: (top level)", MORE_PROBLEMS))
    return found


def _deep_merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


MAX_EXTENDS_DEPTH = 32
"""The longest ``extends`` chain: deeper than any house rule needs, short enough to report well."""


@attrs.frozen(slots=True)
class FileScope:
    """Where the variant files that a reference names may be read from (the trust policy).

    ``folder`` is where a relative name is looked up (``None``: the current directory).
    ``confined`` says that the reference comes from something the user did not name
    (a log, or a file a log reached), so it may name a variant file only inside ``root``:
    a relative name with a variant suffix, no ``..``, leading to a regular file whose real
    path (symlinks followed) is inside ``root``.  A confined scope with no ``root`` reads
    no files at all: only bundled variants.
    """

    folder: Path | None = None
    confined: bool = False
    root: Path | None = None

    @classmethod
    def trusted(cls, folder: Path | None = None) -> FileScope:
        """The user's own files: any path, relative ones against ``folder``."""
        return cls(folder)

    @classmethod
    def inside(cls, folder: str | Path | None) -> FileScope:
        """References from a log in ``folder`` (``None``: a log not read from a file)."""
        root = None if folder is None else Path(folder)
        return cls(root, True, root)

    def beside(self, path: Path) -> FileScope:
        """The scope of the references inside the file ``path``: its own folder, same trust."""
        return attrs.evolve(self, folder=path.parent)


def unknown_variant(ref: str) -> str:
    """The reason for a name that is neither a bundled variant nor a variant file, with the
    closest bundled name when one is close."""
    hint = did_you_mean(ref, variant_names())
    hint += " " if hint else ""
    return (f"unknown variant {brief(ref)}: not a bundled variant nor a variant file "
            f"({', '.join(VARIANT_SUFFIXES)}); {hint}`speedrules variants` lists the bundled ones")


def _refusal(ref: str, scope: FileScope, *, named_a_file: bool) -> str | None:
    """Why a confined scope may not read the file ``ref`` names, before the file system is asked:
    a path that is absolute or climbs out (whatever it names), or any file name at all when
    the log came from no folder."""
    parts = PurePath(ref).parts
    if PurePath(ref).is_absolute() or ref.startswith("~") or "\\" in ref or ".." in parts or not parts:
        return (f"{brief(ref)} may not be read: a log may name a bundled variant, or a variant file in its own "
                "folder (a relative path with no '..')")
    if named_a_file and scope.root is None:
        return (f"{brief(ref)} is not a bundled variant, and this log was not read from a file, so it may not "
                "name a variant file (pass the variant to use, or the folder its files are in)")
    return None


class _Resolver:
    """Resolves one variant and its ``extends`` chain, collecting errors."""

    def __init__(self) -> None:
        self.chain: list[tuple[str, str]] = []
        self.read_files = False
        """Whether a variant file (not a bundled variant) was read: a document that reaches one
        depends on that file and on the folder it is looked up in."""

    def load_named(self, ref: str, scope: FileScope, referrer: str) -> tuple[dict[str, Any], str]:
        """Load a variant by bundled name or path; return its merged raw document and display name."""
        if ref in variant_names():
            doc, display = _bundled_document(ref)
            return copy.deepcopy(doc), display
        problem = path_problem(ref)
        if problem is not None:
            raise VariantError([(referrer, f"{brief(ref)} cannot be read: {problem}")])
        path = Path(ref) if scope.folder is None else scope.folder / ref
        is_variant_file = path.suffix.lower() in VARIANT_SUFFIXES
        refused = _refusal(ref, scope, named_a_file=is_variant_file) if scope.confined else None
        if refused is not None:
            raise VariantError([(referrer, refused)])
        if not is_variant_file and (scope.confined or not _exists(path)):
            raise VariantError([(referrer, unknown_variant(ref))])
        if scope.confined:
            assert scope.root is not None
            real, root = Path(os.path.realpath(path)), Path(os.path.realpath(scope.root))
            if not real.is_relative_to(root):
                raise VariantError([(referrer, f"{brief(ref)} may not be read: it leads out of the log's folder")])
            path = real
        self.read_files = True
        try:
            text, display = read_text(path, MAX_VARIANT_BYTES)
            data = parse_text(text, display, MAX_VARIANT_NODES)
        except DocumentError as err:
            if referrer != ref:  # reached through 'extends' or a log: say who pointed there
                raise VariantError([(referrer, f"{brief(ref)}: {err.location}: {err.reason}")]) from None
            raise VariantError([(err.location, err.reason)]) from None
        return self.resolve(data, display, f"file:{path.resolve()}", scope.beside(path), default_name=path.stem)

    def resolve(
        self, data: Any, display: str, key: str, scope: FileScope, *, default_name: str
    ) -> tuple[dict[str, Any], str]:
        if not isinstance(data, dict):
            kind = "empty" if data is None else f"a {type(data).__name__}"
            raise VariantError([(f"{display}: (top level)", f"a variant must be a mapping of fields, not {kind}")])
        too_big = _oversized(data, MAX_VARIANT_BYTES)
        if too_big:
            raise VariantError([(f"{display}: (top level)", too_big)])
        hostile = hostile_value(data)
        if hostile is not None:
            raise VariantError([(f"{display}: {json_path(hostile[0])}", hostile[1])])
        errors = schema_errors(data, display)
        if errors:
            raise VariantError(errors)
        keys = [k for k, _ in self.chain]
        if key in keys:
            cycle = " -> ".join([d for _, d in self.chain[keys.index(key):]] + [display])
            raise VariantError([(f"{display}: extends", f"'extends' makes a cycle: {cycle}")])
        data = dict(data)
        data.setdefault("name", default_name)
        parent_ref = data.pop("extends", None)
        if parent_ref is None:
            return data, display
        if len(self.chain) >= MAX_EXTENDS_DEPTH:
            raise VariantError([(f"{display}: extends", f"the 'extends' chain is longer than {MAX_EXTENDS_DEPTH} "
                                                        f"variants (it starts at {self.chain[0][1]})")])
        self.chain.append((key, display))
        try:
            parent, _ = self.load_named(parent_ref, scope, f"{display}: extends")
        finally:
            self.chain.pop()
        for personal in ("name", "title", "description"):  # a house rule is not the variant it extends
            parent.pop(personal, None)
        return _deep_merge(parent, data), display


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _oversized(data: Any, limit: int) -> str | None:
    """Why a parsed document is too big to check (more than ``limit`` characters of text,
    keys and values, all told), or ``None``; counted before the schema looks at it."""
    size, todo = 0, [data]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            size += len(item)
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            size += len(item)
            todo.extend(item)
        elif isinstance(item, str):
            size += len(item)
        else:
            size += 1
        if size > limit:
            return f"the variant is over the size limit ({limit} characters of keys and values)"
    return None


def _foreign_fields(raw: dict[str, Any], family: Family, name: str) -> list[tuple[str, str]]:
    """The fields of another family (its :meth:`~speedrules.family.Family.rules_defaults`) that a
    variant of ``family`` sets."""
    from ..family import families

    own = family.rules_defaults()
    errors = []
    for other in families():
        if other is not family:
            errors += [(f"{name}: {key}", f"applies to the {other.name} family only, not to a {family.name} variant")
                       for key in other.rules_defaults() if key in raw and key not in own]
    return errors


def _kept_document(doc: dict[str, Any], raw: dict[str, Any], family: Family) -> dict[str, Any]:
    """The document a variant of ``family`` keeps: the shared fields and its family's own, each with
    its defaults, in the order of ``doc`` (every field's default merged with ``raw``)."""
    from ..family import families

    own = family.rules_defaults()
    foreign = {key for other in families() for key in other.rules_defaults()} - set(own)
    kept = {key: value for key, value in doc.items() if key not in foreign}
    for key, default in own.items():
        value = raw.get(key, default)
        kept[key] = _deep_merge(default, value) if isinstance(default, dict) and isinstance(value, Mapping) else \
            copy.deepcopy(value)
    return kept


def variant_from_document(
    data: Any, *, name: str = "<variant>", base_dir: str | Path | None = None, scope: FileScope | None = None
) -> Variant:
    """Build a variant from an already-parsed document (e.g. one embedded in a log).

    ``name`` is used in error locations.  ``extends`` may name a bundled variant, or a
    variant file inside ``base_dir`` (relative, no ``..``, not leading out of it by a
    symlink): a document is treated as untrusted, like the log it may come from.  Pass
    ``scope=FileScope.trusted(folder)`` for a document of your own whose ``extends``
    may name any file.  Raises :class:`VariantError` with every problem found.

    >>> variant_from_document({"extends": "speed", "runs": True}, name="house").runs
    True
    """
    key = _document_key(data)
    known = _DOCUMENTS.get(key) if key is not None else None
    if known is not None:
        return known
    resolver = _Resolver()
    scope = scope if scope is not None else FileScope.inside(base_dir)
    doc, display = resolver.resolve(data, name, f"doc:{name}", scope, default_name=UNNAMED)
    variant = _freeze(doc, display)
    if key is not None and len(key) <= MAX_KNOWN_DOCUMENT_CHARS and not resolver.read_files:
        if len(_DOCUMENTS) >= MAX_KNOWN_DOCUMENTS:
            _DOCUMENTS.pop(next(iter(_DOCUMENTS), ""), None)  # the oldest
        _DOCUMENTS[key] = variant
    return variant


MAX_KNOWN_DOCUMENTS = 64
"""How many variant documents :func:`variant_from_document` keeps with the variant each made, so
that an archive whose every log carries the same document checks it once, not once a line: a
document is kept only if it reached no file (a file may change, and where it is looked up
depends on the log), and the oldest goes first."""

MAX_KNOWN_DOCUMENT_CHARS = 64 * 1024
"""The longest document (as JSON text) :func:`variant_from_document` keeps: a bundled variant's
is about 3,000 characters, and the kept documents hold at most 4 MiB of text, all told."""

_DOCUMENTS: dict[str, Variant] = {}


def _document_key(data: Any) -> str | None:
    """The exact JSON text of ``data`` (key order, ``1`` against ``1.0`` against ``true`` kept), or
    ``None`` for a document that has none (a YAML-only value, or one nested too deep)."""
    try:
        return json.dumps(data, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None


def _freeze(raw: dict[str, Any], display: str) -> Variant:
    from ..family import family_of

    family = family_of(raw.get("family", DEFAULT_FAMILY))
    doc = _deep_merge(DEFAULTS, raw)
    kept = _kept_document(doc, raw, family)
    errors = _foreign_fields(raw, family, display) + family.variant_problems(kept, display)
    if errors:
        raise VariantError(errors)
    deal, ranks, hand, jokers = doc["deal"], doc["ranks"], doc["hand"], doc["jokers"]
    reserves = deal["reserves"]
    reserve_sizes = (reserves,) * deal["piles"] if isinstance(reserves, int) else tuple(reserves)
    name = doc["name"]
    return Variant(
        name=name,
        title=doc["title"] or name,
        description=doc["description"] or "",
        sources=tuple(Source(seed=s["seed"], says=s["says"]) for s in doc["sources"]),
        players=doc["players"],
        packs=doc["deck"]["packs"],
        jokers=doc["deck"]["jokers"],
        hand_size=deal["hand"],
        draw_size=None if deal["draw"] == "rest" else deal["draw"],
        reserve_sizes=reserve_sizes,
        rank_order=RankOrder(ranks["order"]),
        same_rank=ranks["same_rank"],
        alternate_colours=ranks["alternate_colours"],
        hand_limit=hand["limit"],
        refill=Refill(hand["refill"]),
        runs=doc["runs"] is not False,
        runs_any_way=doc["runs"] == "any-way",
        jokers_wild=jokers["wild"],
        joker_declare=JokerDeclare(jokers["declare"]),
        joker_may_go_out=jokers["may_go_out"],
        joker_prevents_flip=jokers["prevents_flip"],
        rebuild=Rebuild(doc["rebuild"]),
        collisions=Collisions(doc["collisions"]),
        ties=Ties(doc["ties"]),
        call=Call(doc["announce"]["call"]),
        call_how=doc["announce"]["how"],
        scoring=Scoring(doc["match"]["scoring"]),
        target=doc["match"]["target"] or 1,
        family=family.name,
        rules=family.rules(kept),
        document=kept,
    )


def as_variant(value: Variant | str | os.PathLike[str], family: str | None = None) -> Variant:
    """``value`` if it is a :class:`Variant`, else the bundled variant or variant file it
    names (see :func:`load_variant`); anything else is an :class:`InvalidArgumentError`.
    With ``family`` (a family's name), a variant of another family is one too.

    Every function that takes a variant takes it through here, so a name works anywhere.

    >>> as_variant("speed") is load_variant("speed")
    True
    >>> as_variant("spit", family="speed")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speedrules.core.errors.InvalidArgumentError: spit is a variant of Spit, not of Speed: deal it with ...
    """
    if isinstance(value, Variant):
        variant = value
    elif isinstance(value, (str, os.PathLike)):
        variant = load_variant(value)
    else:
        raise InvalidArgumentError(f"not a variant, a bundled variant's name nor a variant file: {brief(value)}")
    if family is not None and variant.family != family:
        from ..family import family_of

        own = family_of(variant)
        raise InvalidArgumentError(f"{variant.name} is a variant of {own.title}, not of {family_of(family).title}"
                                   + (f": deal it with {own.dealer}" if own.dealer else ""))
    return variant


def load_reference(ref: str, scope: FileScope, referrer: str) -> Variant:
    """The variant that ``ref`` names from a place (``referrer``) with the file access of
    ``scope``: a bundled name, else a variant file that ``scope`` allows.

    >>> load_reference("speed", FileScope.inside(None), "log.json: variant").name
    'speed'
    >>> load_reference("/etc/passwd.yaml", FileScope.inside("logs"), "log.json: variant")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speedrules.core.errors.VariantError: log.json: variant: '/etc/passwd.yaml' may not be read: ...
    """
    found = bundled_variant(ref)
    if found is not None:
        return found
    doc, display = _Resolver().load_named(ref, scope, referrer)
    return _freeze(doc, display)


def bundled_variant(name: str) -> Variant | None:
    """The bundled variant called ``name``, or ``None`` if no bundled variant is (one dict
    lookup once loaded: every log names its variant, most of them a bundled one).

    >>> bundled_variant("speed") is load_variant("speed"), bundled_variant("variants/speed.yaml")
    (True, None)
    """
    names = _bundled_names()
    return _load_bundled(name) if name in names else None


@functools.cache
def _bundled_names() -> frozenset[str]:
    return frozenset(variant_names())


@functools.cache
def _bundled_document(name: str) -> tuple[dict[str, Any], str]:
    """A bundled variant's document, its ``extends`` resolved, and its display name: read, parsed and
    checked once (a document that extends it starts from a copy)."""
    display = f"{name}.yaml"
    try:
        data = parse_text(data_dir("variants").joinpath(display).read_text(encoding="utf-8"), display)
    except DocumentError as err:
        raise VariantError([(err.location, err.reason)]) from None
    return _Resolver().resolve(data, display, f"bundled:{name}", FileScope.inside(None), default_name=name)


@functools.cache
def _load_bundled(name: str) -> Variant:
    resolver = _Resolver()
    doc, display = resolver.load_named(name, FileScope.inside(None), name)
    return _freeze(doc, display)


def load_variant(name_or_path: str | os.PathLike[str]) -> Variant:
    """Load a bundled variant by name, or a variant file by path.

    >>> load_variant("speed").players
    2

    A path is the user's own choice, so it may be anywhere (and its ``extends`` may name
    any file, relative to it); it must be a regular file of at most
    :data:`~speedrules.core.documents.MAX_VARIANT_BYTES` bytes.  Raises
    :class:`~speedrules.core.errors.VariantError` naming the file, the field and the reason
    for every problem (missing file, bad YAML, unknown fields, wrong types, an
    impossible deal, a broken or cyclic ``extends`` chain).
    """
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise VariantError([("", f"{brief(name_or_path)} is not a variant name or path")])
    ref = os.fspath(name_or_path)
    if not isinstance(ref, str):
        ref = os.fsdecode(ref)
    if isinstance(name_or_path, str) and ref in variant_names():
        return _load_bundled(ref)
    problem = path_problem(ref)
    if problem is not None:
        raise VariantError([(brief(ref).strip("'"), problem)])
    path = Path(ref)
    if path.suffix.lower() not in VARIANT_SUFFIXES and not _exists(path):
        raise VariantError([(ref, unknown_variant(ref))])
    resolver = _Resolver()
    doc, display = resolver.load_named(ref, FileScope.trusted(), ref)
    return _freeze(doc, display)
