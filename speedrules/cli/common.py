"""What every command of ``speedrules`` shares: the exit codes, the error reporting (each
problem on its own line, ``speedrules: WHERE: WHY``), loading a variant for a command, and the
argument types.

>>> whole_number(1)("3")
3
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, TypeAlias

from ..core.errors import VariantError, printable
from ..core.loading import load_variant
from ..core.variant import Variant

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_INTERNAL", "EXIT_OK", "EXIT_RULE_BROKEN", "PROG", "Runner", "Subparsers", "load",
    "one_line", "print_err", "print_out", "report_errors", "variant_argument", "whole_number",
]

EXIT_OK = 0
EXIT_RULE_BROKEN = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3

PROG = "speedrules"

Runner = Callable[[argparse.Namespace], int]
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What ``add_<name>`` functions receive: ``add_parser`` makes the subcommand's parser."""


def print_out(text: str = "") -> None:
    print(printable(text), file=sys.stdout)  # a log's or a variant's text may hold control characters


def print_err(text: str) -> None:
    print(f"{PROG}: {text}", file=sys.stderr)


def one_line(text: str) -> str:
    return " ".join(text.split())


def report_errors(errors: Sequence[tuple[str, str]], stream: TextIO | None = None) -> None:
    """Print each ``(location, reason)`` on its own line, prefixed with the program name."""
    stream = stream or sys.stderr
    for where, why in errors:
        line = f"{where}: {one_line(why)}" if where else one_line(why)
        print(f"{PROG}: {printable(line)}", file=stream)


def load(ref: str) -> Variant:
    """Load a bundled variant by name or a variant file by path, for a command.

    Raises :class:`VariantError` (exit 2); an unknown name gets ``load_variant``'s "did you
    mean" hint.
    """
    if not ref.strip():
        raise VariantError([("NAME|FILE", "is empty: give a bundled variant name or a variant file")])
    return load_variant(ref)


def variant_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="NAME|FILE",
                        help="a bundled variant name (see `speedrules variants`) or a variant file (.yaml, .json)")


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number >= ``minimum`` (shared by every command's counts)."""

    def parse(text: str) -> int:
        try:
            value = int(text) if text.isascii() else minimum - 1  # int() reads other scripts' digits too
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be a whole number >= {minimum}, not {text!r}")
        return value

    return parse
