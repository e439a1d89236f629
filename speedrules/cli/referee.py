"""The ``referee`` command: judge logged games (files, ``.jsonl`` archives, standard input),
one report per log, or counts with ``--summary``, in several processes with ``--jobs`` or on a
Dask cluster with ``--scheduler`` (docs/scale.md).

>>> import contextlib, io, json
>>> from pathlib import Path
>>> log = str(Path(__file__).parent.parent.parent / "examples" / "illegal-play.json")
>>> args = argparse.Namespace(logs=[log], variant=None, json=True, all_violations=False, jobs=None, summary=False,
...                           scheduler=None)
>>> with contextlib.redirect_stdout(io.StringIO()) as said:
...     code = run_referee(args)
>>> code, json.loads(said.getvalue())["valid"]
(1, False)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from ..core.documents import DocumentError, read_text
from ..core.errors import SpeedrulesError
from ..core.variant import Variant
from ..judge.parallel import STDOUT, render
from ..judge.referee import Verdict, referee_path, referee_text
from ..judge.verdicts import MAX_CORRECTIONS
from ..logs.log import LogError
from .common import EXIT_BAD_INPUT, EXIT_OK, EXIT_RULE_BROKEN, Subparsers, load, whole_number

__all__ = ["add_referee", "run_referee"]


# ---------------------------------------------------------------------------- referee


def add_referee(sub: Subparsers) -> None:
    parser = sub.add_parser(
        "referee", help="judge logged games",
        description="Replay each log (speedrules-log/1, JSON or YAML; a .jsonl file holds one log per line) "
                    "through the rules and report, per deal, the result or the first event that breaks a rule. "
                    "Exit 0 if every log is valid, 1 if any breaks a rule, 2 if any cannot be read.")
    parser.add_argument("logs", metavar="LOG", nargs="+",
                        help="log files (.json, .yaml, or .jsonl archives); - reads one log (JSON or YAML) from "
                             "standard input, which may name no variant file")
    parser.add_argument("--variant", metavar="NAME|FILE", default=None,
                        help="judge under this variant instead of the one each log names")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per line per log, in input order")
    parser.add_argument("--all", action="store_true", dest="all_violations",
                        help="apply the correction procedure and keep judging after a violation (an illegal card "
                             "goes back to its owner's hand, an extra card drawn back on the stack, a false flip is "
                             "undone); a deal whose position cannot be restored is void, as is one past the "
                             f"{MAX_CORRECTIONS} corrections a log gets (docs/security.md)")
    parser.add_argument("--jobs", type=whole_number(0), default=None, metavar="N",
                        help="judge in N processes (0: every core), each reading its own part of an archive; the "
                             "output is the same as with one (default 1; docs/scale.md)")
    parser.add_argument("--summary", action="store_true",
                        help="print counts instead of one report per log: logs valid, breaking a rule and "
                             "unreadable, deals finished, winners, violations per rule id (--json: one object)")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="judge on the Dask cluster whose scheduler is at ADDRESS (needs speedrules[dask]; "
                             "the workers must see the same files)")
    parser.set_defaults(run=run_referee)


def _referee_stdin(override: Variant | None, all_violations: bool) -> Iterator[tuple[str, Verdict | LogError]]:
    """``referee -``: one log read from standard input (capped as a file is); like any log given
    as text, it may name a bundled variant but no variant file."""
    try:
        text, _ = read_text(sys.stdin.buffer)
        yield "-", referee_text(text, "-", variant=override, all_violations=all_violations)
    except LogError as err:
        yield "-", err
    except DocumentError as err:
        yield "-", LogError(err.location or "-", err.reason)


def run_referee(args: argparse.Namespace) -> int:
    override = load(args.variant) if args.variant is not None else None
    if args.jobs not in (None, 1) or args.summary or args.scheduler is not None:  # docs/scale.md
        if args.scheduler is not None:
            if args.jobs is not None:
                raise SpeedrulesError("--scheduler: give --jobs or --scheduler, not both (the cluster's workers do "
                                      "the jobs)")
            from ..dask import referee_on_cluster

            return referee_on_cluster(args.logs, args.scheduler, variant=override, all_violations=args.all_violations,
                                      as_json=args.json, summary=args.summary)
        from ..judge.parallel import run_referee_many

        return run_referee_many(args.logs, variant=override, all_violations=args.all_violations,
                                as_json=args.json, summary=args.summary, jobs=args.jobs)
    worst = EXIT_OK
    for path in args.logs:
        judged = (_referee_stdin(override, args.all_violations) if path == "-" else
                  referee_path(path, variant=override, all_violations=args.all_violations))
        for name, verdict in judged:
            if isinstance(verdict, LogError):
                worst = EXIT_BAD_INPUT
            elif not verdict.valid and worst == EXIT_OK:
                worst = EXIT_RULE_BROKEN
            for stream, line in render(name, verdict, args.json):
                print(line, file=sys.stdout if stream == STDOUT else sys.stderr)
    return worst
