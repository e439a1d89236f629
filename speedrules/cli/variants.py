"""The commands about variants: ``variants`` (the bundled ones, a line each), ``show`` (a
variant's rules in plain words: its family writes its own rows) and ``check-variant``.

>>> print(describe(load_variant("speed")).splitlines()[0])
Speed (speed)
"""

from __future__ import annotations

import argparse
import json
import os
import textwrap

from ..core.documents import MORE_PROBLEMS
from ..core.errors import VariantError, printable
from ..core.loading import load_variant, variant_names
from ..core.variant import Variant
from ..core.words import count as counted
from ..family import family_of
from .common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    Subparsers,
    load,
    one_line,
    print_err,
    print_out,
    report_errors,
    variant_argument,
)

__all__ = ["WIDTH", "add_check_variant", "add_show", "add_variants", "describe", "run_check_variant", "run_show",
           "run_variants"]

WIDTH = 100
"""Width that ``show`` wraps its text to (fixed, so output does not depend on the terminal)."""


# ---------------------------------------------------------------------------- variants


def add_variants(sub: Subparsers) -> None:
    parser = sub.add_parser("variants", help="list the bundled variants",
                            description="List the bundled variants: name, then a one-line description.")
    parser.set_defaults(run=run_variants)


def run_variants(args: argparse.Namespace) -> int:
    names = variant_names()
    width = max((len(n) for n in names), default=0)
    broken: list[tuple[str, str]] = []
    for name in names:
        try:
            variant = load_variant(name)
        except VariantError as err:
            broken.extend(err.errors)
            continue
        summary = one_line(variant.description) or variant.title
        print_out(f"{name:<{width}}  {summary}")
    if broken:
        report_errors(broken)
        return EXIT_BAD_INPUT
    return EXIT_OK


# ---------------------------------------------------------------------------- show


def add_show(sub: Subparsers) -> None:
    parser = sub.add_parser("show", help="the rules of a variant in plain words",
                            description="Print the resolved rules of a variant in plain words.")
    variant_argument(parser)
    parser.add_argument("--json", action="store_true",
                        help="print the resolved variant document (defaults and `extends` applied) as JSON")
    parser.set_defaults(run=run_show)


def run_show(args: argparse.Namespace) -> int:
    try:
        variant = load(args.variant)
    except VariantError as err:
        return _invalid_variant(err, args.variant)
    if args.json:
        print_out(json.dumps(variant.document, indent=2))
    else:
        print_out(describe(variant))
    return EXIT_OK


def describe(variant: Variant) -> str:
    """The whole of ``speedrules show``: title, description, rules and sources."""
    lines = [f"{variant.title} ({variant.name})"]
    if variant.description:
        lines += textwrap.wrap(one_line(variant.description), WIDTH)
    lines.append("")
    rows = family_of(variant).rules_in_words(variant)
    head = max(len(h) for h, _ in rows) + 2
    for heading, text in rows:
        lines += textwrap.wrap(one_line(text), WIDTH, initial_indent=f"{heading + ':':<{head}}",
                               subsequent_indent=" " * head)
    lines.append("")
    if variant.sources:
        lines.append("Sources:")
        for source in variant.sources:
            lines += textwrap.wrap(one_line(source.says), WIDTH, initial_indent=f"  {source.seed} says: ",
                                   subsequent_indent=" " * 12)
    else:
        lines.append("Sources: none listed")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- check-variant


def add_check_variant(sub: Subparsers) -> None:
    parser = sub.add_parser("check-variant", help="check a variant file",
                            description="Check a variant file: print OK, or every problem with its file, field "
                                        "and reason (exit 2).")
    parser.add_argument("file", metavar="FILE", help="a variant file (.yaml, .yml, .json) or a bundled name")
    parser.set_defaults(run=run_check_variant)


def _invalid_variant(err: VariantError, source: str) -> int:
    """Report a variant that cannot be loaded: every problem, then, for a variant file, how many
    there are (a name that is no variant gets its one line)."""
    report_errors(err.errors)
    if not os.path.isfile(source):
        return EXIT_BAD_INPUT
    count = len(err.errors)
    shown = f"more than {count - 1} problems" if err.errors[-1][1] == MORE_PROBLEMS else counted(count, "problem")
    print_err(f"{printable(source)}: not a valid variant ({shown})")
    return EXIT_BAD_INPUT


def run_check_variant(args: argparse.Namespace) -> int:
    try:
        variant = load(args.file)
    except VariantError as err:
        return _invalid_variant(err, args.file)
    print_out(f"OK {args.file}: {variant.name} ({variant.title})")
    return EXIT_OK
