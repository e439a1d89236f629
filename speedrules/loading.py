"""Loading variants: bundled names, files and documents, ``extends``, schema and semantic checks.

The pipeline for every variant is the same: read the YAML (see :mod:`.documents`),
validate it against ``schemas/variant.schema.json``, resolve ``extends`` by a deep
merge (mappings merge key by key, anything else is replaced), apply the documented
defaults, run the semantic checks below, and freeze the result into a
:class:`~speedrules.variant.Variant`.  Every problem is collected and raised together
as a :class:`~speedrules.errors.VariantError` whose entries name file and field.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import jsonschema

from .documents import DocumentError, json_path, load_document, parse_text
from .errors import VariantError
from .variant import Call, Collisions, JokerDeclare, RankOrder, Rebuild, Refill, Scoring, Source, Ties, Variant

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
"""Every field's default: plain two-player Speed (see docs/variant-format.md)."""

VARIANT_SUFFIXES = (".yaml", ".yml", ".json")


def _data_dir(name: str) -> Traversable:
    """A data folder shipped in the wheel (``speedrules/<name>``), or the source tree's own."""
    packaged = resources.files("speedrules").joinpath(name)
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / name


@functools.cache
def variant_schema() -> dict[str, Any]:
    """The variant JSON Schema (Draft 2020-12)."""
    text = _data_dir("schemas").joinpath("variant.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


_WHOLE_INTEGERS = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
)
"""JSON Schema counts ``2.0`` as an integer; a variant's counts must be real ints (they size deals and slices)."""


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    cls = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft202012Validator, type_checker=_WHOLE_INTEGERS
    )
    validator: jsonschema.Draft202012Validator = cls(variant_schema())
    return validator


@functools.cache
def variant_names() -> tuple[str, ...]:
    """The names of the bundled variants, sorted (``speed`` first)."""
    names = sorted(
        entry.name[: -len(".yaml")]
        for entry in _data_dir("variants").iterdir()
        if entry.name.endswith(".yaml")
    )
    return tuple(sorted(names, key=lambda n: (n != "speed", n)))


def schema_errors(
    document: Any, name: str, validator: jsonschema.Draft202012Validator | None = None
) -> list[tuple[str, str]]:
    """Every schema violation of ``document``, located as ``name: field.path``."""
    validator = validator or _validator()
    found: list[tuple[str, str]] = []
    for err in sorted(validator.iter_errors(document), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        where = f"{name}: {json_path(err.absolute_path)}"
        if err.validator == "additionalProperties":
            extra = sorted(set(err.instance) - set(err.schema.get("properties", {})), key=repr)
            found.append((where, "unknown field" + ("s " if len(extra) > 1 else " ") + ", ".join(map(repr, extra))))
        elif err.validator in ("oneOf", "anyOf"):
            options = [json.dumps(s.get("const")) if "const" in s else s.get("type", "?") for s in err.validator_value]
            found.append((where, f"{err.instance!r} is not one of the accepted forms ({' or '.join(options)})"))
        else:
            found.append((where, err.message))
    return found


def _deep_merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


class _Resolver:
    """Resolves one variant and its ``extends`` chain, collecting errors."""

    def __init__(self) -> None:
        self.chain: list[tuple[str, str]] = []

    def bundled_path(self, name: str) -> Traversable | None:
        if name in variant_names():
            return _data_dir("variants").joinpath(name + ".yaml")
        return None

    def load_named(self, ref: str, base_dir: Path | None, referrer: str) -> tuple[dict[str, Any], str]:
        """Load a variant by bundled name or path; return its merged raw document and display name."""
        bundled = self.bundled_path(ref)
        if bundled is not None:
            key, display = f"bundled:{ref}", f"{ref}.yaml"
            text = bundled.read_text(encoding="utf-8")
            data = self._parse(text, display)
            return self.resolve(data, display, key, None, default_name=ref)
        path = Path(ref)
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        if path.suffix.lower() not in VARIANT_SUFFIXES and not path.exists():
            known = ", ".join(variant_names())
            raise VariantError([(referrer, f"unknown variant {ref!r}: not a bundled variant ({known}) nor a file")])
        try:
            data, display = load_document(path)
        except DocumentError as err:
            if referrer != ref:  # reached through 'extends': say who pointed there
                raise VariantError([(referrer, f"{ref!r}: {err.location}: {err.reason}")]) from None
            raise VariantError([(err.location, err.reason)]) from None
        return self.resolve(data, display, f"file:{path.resolve()}", path.parent, default_name=path.stem)

    @staticmethod
    def _parse(text: str, name: str) -> Any:
        try:
            return parse_text(text, name)
        except DocumentError as err:
            raise VariantError([(err.location, err.reason)]) from None

    def resolve(
        self, data: Any, display: str, key: str, base_dir: Path | None, *, default_name: str
    ) -> tuple[dict[str, Any], str]:
        if not isinstance(data, dict):
            kind = "empty" if data is None else f"a {type(data).__name__}"
            raise VariantError([(f"{display}: (top level)", f"a variant must be a mapping of fields, not {kind}")])
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
        self.chain.append((key, display))
        try:
            parent, _ = self.load_named(parent_ref, base_dir, f"{display}: extends")
        finally:
            self.chain.pop()
        for personal in ("name", "title", "description"):  # a house rule is not the variant it extends
            parent.pop(personal, None)
        return _deep_merge(parent, data), display


def _semantic_errors(doc: dict[str, Any], name: str) -> list[tuple[str, str]]:
    """Checks the schema cannot express; ``doc`` has its defaults applied."""
    errors: list[tuple[str, str]] = []
    players = doc["players"]
    deck, deal, hand, jokers = doc["deck"], doc["deal"], doc["hand"], doc["jokers"]
    deck_size = 52 * deck["packs"] + deck["jokers"]
    piles = deal["piles"]
    reserves = deal["reserves"]
    reserve_list = [reserves] * piles if isinstance(reserves, int) else list(reserves)
    if len(reserve_list) != piles:
        errors.append((f"{name}: deal.reserves",
                       f"lists {len(reserve_list)} reserves for {piles} centre piles; there is one reserve per pile"))
    centre = piles + sum(reserve_list)
    dealt_hands = players * deal["hand"]
    if deal["draw"] == "rest":
        rest = deck_size - centre - dealt_hands
        if rest < 0:
            errors.append((f"{name}: deal", f"needs {centre + dealt_hands} cards before the draw stacks, "
                                            f"but the deck has {deck_size}"))
        elif deal["hand"] == 0 and rest < players:
            errors.append((f"{name}: deal", "leaves some player with no cards at all"))
    else:
        used = players * (deal["hand"] + deal["draw"]) + centre
        if used != deck_size:
            errors.append((f"{name}: deal",
                           f"{players} x ({deal['hand']} + {deal['draw']}) + {piles} starters + "
                           f"{sum(reserve_list)} in reserves = {used} cards, but the deck has {deck_size} "
                           f"({deck['packs']} x 52 + {deck['jokers']} jokers)"))
        elif deal["hand"] + deal["draw"] == 0:
            errors.append((f"{name}: deal", "leaves every player with no cards at all"))
    if deal["hand"] > hand["limit"]:
        errors.append((f"{name}: deal.hand", f"a hand of {deal['hand']} is over the hand limit of {hand['limit']}"))
    match = doc["match"]
    if match["scoring"] != "single" and match["target"] is None:
        errors.append((f"{name}: match.target",
                       f"match.scoring {match['scoring']!r} needs a target: the points that win the match"))
    if deck["jokers"] > 0 and not jokers["wild"]:
        errors.append((f"{name}: deck.jokers",
                       f"{deck['jokers']} jokers in the deck need jokers.wild: true (a joker that is not wild "
                       "could never be played)"))
    return errors


def variant_from_document(data: Any, *, name: str = "<variant>", base_dir: Path | None = None) -> Variant:
    """Build a variant from an already-parsed document (e.g. one embedded in a log).

    ``name`` is used in error locations; ``extends`` is resolved against bundled
    names and ``base_dir``.  Raises :class:`VariantError` with every problem found.
    """
    resolver = _Resolver()
    doc, display = resolver.resolve(data, name, f"doc:{name}", base_dir, default_name="custom")
    return _freeze(doc, display)


def _freeze(raw: dict[str, Any], display: str) -> Variant:
    doc = _deep_merge(DEFAULTS, raw)
    errors = _semantic_errors(doc, display)
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
        document=doc,
    )


@functools.cache
def _load_bundled(name: str) -> Variant:
    resolver = _Resolver()
    doc, display = resolver.load_named(name, None, name)
    return _freeze(doc, display)


def load_variant(name_or_path: str | Path) -> Variant:
    """Load a bundled variant by name, or a variant file by path.

    >>> load_variant("speed").players
    2

    Raises :class:`~speedrules.errors.VariantError` naming the file, the field and
    the reason for every problem (missing file, bad YAML, unknown fields, wrong
    types, an impossible deal, a broken or cyclic ``extends`` chain).
    """
    ref = str(name_or_path)
    if isinstance(name_or_path, str) and ref in variant_names():
        return _load_bundled(ref)
    path = Path(ref)
    if path.suffix.lower() not in VARIANT_SUFFIXES and not path.exists():
        known = ", ".join(variant_names())
        raise VariantError([(ref, f"unknown variant: not a bundled variant ({known}) nor a file")])
    resolver = _Resolver()
    doc, display = resolver.load_named(ref, None, ref)
    return _freeze(doc, display)
