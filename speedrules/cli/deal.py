"""The ``deal`` command: a fresh layout of a variant from a seed, as tables (the family's) or
JSON, and optionally the start of a log.

>>> import contextlib, io
>>> args = argparse.Namespace(variant="speed", seed=1, json=True, log=None, players=None, force=False)
>>> with contextlib.redirect_stdout(io.StringIO()) as said:
...     code = run_deal(args)
>>> code, said.getvalue()[:24]
(0, '{"hands": [["JC", "10S",')
"""

from __future__ import annotations

import argparse
import json
import os

from ..core.errors import VariantError
from ..family import family_of
from ..logs.log import write_log
from .common import EXIT_BAD_INPUT, EXIT_OK, Subparsers, load, print_err, print_out, report_errors, variant_argument

__all__ = ["add_deal", "run_deal"]


# ---------------------------------------------------------------------------- deal


def add_deal(sub: Subparsers) -> None:
    parser = sub.add_parser("deal", help="deal a layout",
                            description="Deal a layout of a variant from a seed. The same seed gives the same "
                                        "layout on every platform.")
    variant_argument(parser)
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="the random seed (an integer); without it a seed is picked and reported")
    parser.add_argument("--json", action="store_true",
                        help='print {"hands", "draw", "starters", "reserves"}, stacks top card first')
    parser.add_argument("--log", metavar="FILE", default=None,
                        help="also start a speedrules-log/1 file from this deal (its layout, no events yet)")
    parser.add_argument("--players", metavar="NAMES", default=None,
                        help="with --log: the players' display names, comma-separated (Ann,Ben)")
    parser.add_argument("--force", action="store_true", help="with --log: overwrite FILE if it exists")
    parser.set_defaults(run=run_deal)


def run_deal(args: argparse.Namespace) -> int:
    if args.log is None and (args.players is not None or args.force):
        report_errors([("--players", "names the players of the log: give --log FILE too")
                       if args.players is not None else ("--force", "overwrites the log file: give --log FILE too")])
        return EXIT_BAD_INPUT
    if args.log is not None and not args.force and os.path.lexists(args.log):
        report_errors([(args.log, "already exists: pass --force to overwrite it")])
        return EXIT_BAD_INPUT
    variant = load(args.variant)
    players = None
    if args.log is not None and args.players is not None:
        players = [p.strip() for p in args.players.split(",")]
        if len(players) != variant.players or not all(players):
            raise VariantError([("--players", f"give {variant.players} non-empty names, comma-separated")])
    dealt = family_of(variant).dealt(variant, args.seed, players)
    seed, layout, table, log = dealt.seed, dealt.layout, dealt.table, dealt.log
    if args.log is not None:
        try:
            write_log(log, args.log)
        except OSError as err:
            print_err(f"{args.log}: cannot write: {err.strerror or err}")
            return EXIT_BAD_INPUT
    if args.json:
        print_out(json.dumps(layout))
        if args.seed is None:
            print_err(f"dealt with --seed {seed}")
    else:
        print_out(f"{variant.title} ({variant.name}), seed {seed}")
        print_out()
        print_out(table)
    return EXIT_OK
