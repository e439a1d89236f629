"""The ``speedrules`` command line.

Every subcommand is one ``add_<name>`` function that declares its arguments and one
``run_<name>`` function that does the work and returns an exit code; ``SUBCOMMANDS``
lists the ``add_`` functions in the order ``--help`` shows them.  To add a command,
write the pair and append its ``add_`` function.

Exit codes: 0 ok; 1 a game breaks a rule (the referee); 2 unreadable input (a missing
file, bad YAML, an invalid variant, an unknown variant name, a bad argument), with a
message on stderr naming the file, the place and the reason; 3 an internal error (a
bug in speedrules), reported in one line rather than a traceback.

>>> main(["deal", "speed", "--seed", "1"])
Speed (speed), seed 1
<BLANKLINE>
player  hand              draw stack
0       JC 10S QD 10H 3S  15 cards, top 4D
1       KD 7H QS 10D 6S   15 cards, top AD
<BLANKLINE>
pile  starter  reserve (top first)
0     AH       5 cards: 3C 5D 3D 6D 8S
1     QH       5 cards: 4H 5S 10C JD 9S
0
>>> import contextlib
>>> with contextlib.redirect_stderr(sys.stdout):  # to show the messages meant for stderr
...     main(["deal", "sped", "--seed", "1"])  # doctest: +ELLIPSIS
speedrules: sped: unknown variant 'sped': not a bundled variant ...; did you mean 'speed'? ...
2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO, TypeAlias

from .. import __version__
from ..core.documents import MORE_PROBLEMS, DocumentError, read_text
from ..core.errors import SpeedrulesError, VariantError, printable
from ..core.loading import load_variant, variant_names
from ..core.variant import Variant
from ..core.words import count as counted
from ..family import family_of
from ..judge.parallel import STDOUT, render
from ..judge.referee import Verdict, referee_path, referee_text
from ..judge.verdicts import MAX_CORRECTIONS
from ..logs.log import LogError, write_log
from ..show.plot import Run, plot_runs
from ..sim.bots import BotError, bot_names, make_bots
from ..sim.simulation import SimResult, SimulationError, simulate, summarize
from .pictures import add_render, add_view, plot_problem

EXIT_OK = 0
EXIT_RULE_BROKEN = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3

PROG = "speedrules"
WIDTH = 100
"""Width that ``show`` wraps its text to (fixed, so output does not depend on the terminal)."""

Runner = Callable[[argparse.Namespace], int]
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What ``add_<name>`` functions receive: ``add_parser`` makes the subcommand's parser."""


# ---------------------------------------------------------------------------- helpers


def _out(text: str = "") -> None:
    print(printable(text), file=sys.stdout)  # a log's or a variant's text may hold control characters


def _err(text: str) -> None:
    print(f"{PROG}: {text}", file=sys.stderr)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def report_errors(errors: Sequence[tuple[str, str]], stream: TextIO | None = None) -> None:
    """Print each ``(location, reason)`` on its own line, prefixed with the program name."""
    stream = stream or sys.stderr
    for where, why in errors:
        line = f"{where}: {_one_line(why)}" if where else _one_line(why)
        print(f"{PROG}: {printable(line)}", file=stream)


def load(ref: str) -> Variant:
    """Load a bundled variant by name or a variant file by path, for a command.

    Raises :class:`VariantError` (exit 2); an unknown name gets ``load_variant``'s "did you
    mean" hint.
    """
    if not ref.strip():
        raise VariantError([("NAME|FILE", "is empty: give a bundled variant name or a variant file")])
    return load_variant(ref)


def _variant_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="NAME|FILE",
                        help="a bundled variant name (see `speedrules variants`) or a variant file (.yaml, .json)")


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
        summary = _one_line(variant.description) or variant.title
        _out(f"{name:<{width}}  {summary}")
    if broken:
        report_errors(broken)
        return EXIT_BAD_INPUT
    return EXIT_OK


# ---------------------------------------------------------------------------- show


def add_show(sub: Subparsers) -> None:
    parser = sub.add_parser("show", help="the rules of a variant in plain words",
                            description="Print the resolved rules of a variant in plain words.")
    _variant_argument(parser)
    parser.add_argument("--json", action="store_true",
                        help="print the resolved variant document (defaults and `extends` applied) as JSON")
    parser.set_defaults(run=run_show)


def run_show(args: argparse.Namespace) -> int:
    try:
        variant = load(args.variant)
    except VariantError as err:
        return _invalid_variant(err, args.variant)
    if args.json:
        _out(json.dumps(variant.document, indent=2))
    else:
        _out(describe(variant))
    return EXIT_OK


def describe(variant: Variant) -> str:
    """The whole of ``speedrules show``: title, description, rules and sources."""
    lines = [f"{variant.title} ({variant.name})"]
    if variant.description:
        lines += textwrap.wrap(_one_line(variant.description), WIDTH)
    lines.append("")
    rows = family_of(variant).rules_in_words(variant)
    head = max(len(h) for h, _ in rows) + 2
    for heading, text in rows:
        lines += textwrap.wrap(_one_line(text), WIDTH, initial_indent=f"{heading + ':':<{head}}",
                               subsequent_indent=" " * head)
    lines.append("")
    if variant.sources:
        lines.append("Sources:")
        for source in variant.sources:
            lines += textwrap.wrap(_one_line(source.says), WIDTH, initial_indent=f"  {source.seed} says: ",
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
    _err(f"{printable(source)}: not a valid variant ({shown})")
    return EXIT_BAD_INPUT


def run_check_variant(args: argparse.Namespace) -> int:
    try:
        variant = load(args.file)
    except VariantError as err:
        return _invalid_variant(err, args.file)
    _out(f"OK {args.file}: {variant.name} ({variant.title})")
    return EXIT_OK


# ---------------------------------------------------------------------------- deal


def add_deal(sub: Subparsers) -> None:
    parser = sub.add_parser("deal", help="deal a layout",
                            description="Deal a layout of a variant from a seed. The same seed gives the same "
                                        "layout on every platform.")
    _variant_argument(parser)
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
            _err(f"{args.log}: cannot write: {err.strerror or err}")
            return EXIT_BAD_INPUT
    if args.json:
        _out(json.dumps(layout))
        if args.seed is None:
            _err(f"dealt with --seed {seed}")
    else:
        _out(f"{variant.title} ({variant.name}), seed {seed}")
        _out()
        _out(table)
    return EXIT_OK


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
        from ..judge.parallel import run_referee_many

        return run_referee_many(args.logs, variant=override, all_violations=args.all_violations,
                                as_json=args.json, summary=args.summary, jobs=args.jobs, scheduler=args.scheduler)
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


# ---------------------------------------------------------------------------- simulate


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


def add_simulate(sub: Subparsers) -> None:
    parser = sub.add_parser(
        "simulate", help="simulate deals (or games of Spit) between bots",
        description="Play deals of a variant between bots that act in real time (each at its own reaction time) "
                    "and print statistics: events per deal, plays, flips, rebuilds, dead ends, each seat's win "
                    "share with a 95% confidence interval, and the cards left by the loser. A variant of Spit "
                    "plays whole games, round after round: rounds per game, events and spits per round, slap "
                    "races, win shares and game length. The same --seed gives the same deals whatever --jobs is "
                    "(docs/simulation.md). Several variants are simulated one after the other with the same seed, "
                    "each printing its own table; --plot draws them side by side (docs/pictures.md).")
    parser.add_argument("variant", metavar="NAME|FILE", nargs="+",
                        help="a bundled variant name (see `speedrules variants`) or a variant file (.yaml, .json); "
                             "several to compare them")
    parser.add_argument("-n", "--games", type=whole_number(1), default=1000, metavar="N",
                        help="how many deals (games, for Spit) to play (default 1000)")
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="the random seed (an integer); without it a seed is picked and reported")
    parser.add_argument("--bots", default="random", metavar="NAMES",
                        help=f"one bot per seat, comma-separated ({', '.join(bot_names())}); the last one plays "
                             "the remaining seats (default: random)")
    parser.add_argument("--jobs", type=whole_number(1), default=1, metavar="N",
                        help="spread the deals over N processes (default 1)")
    parser.add_argument("--logs", metavar="DIR", default=None,
                        help="write every deal (game, for Spit: one log deal per round) as a speedrules-log/1 "
                             "file in DIR, or one line per deal when DIR ends in .jsonl")
    parser.add_argument("--json", action="store_true",
                        help="print the statistics as one JSON object (one line per variant)")
    parser.add_argument("--plot", metavar="FILE", default=None,
                        help="also draw the distributions (events, flips, rebuilds, cards left, win shares; Spit: "
                             "rounds, events and spits per round) into FILE (.svg or .png), the variants side by "
                             "side; needs matplotlib: pip install 'speedrules[plot]'")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="play the deals on the Dask cluster whose scheduler is at ADDRESS, with the same results "
                             "(needs speedrules[dask]; --logs DIR must be a folder the workers share)")
    parser.set_defaults(run=run_simulate)


class Progress:
    """A one-line progress bar (``\\r`` redrawn, at most ten times a second), cleared at the end."""

    WIDTH = 30

    def __init__(self, stream: TextIO, total: int, unit: str = "deals") -> None:
        self.stream, self.total, self.unit = stream, total, unit
        self.start = self.shown = time.monotonic()
        self.done = 0

    def update(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if now - self.shown >= 0.1 or done == self.total:
            self.shown = now
            filled = self.WIDTH * done // max(self.total, 1)
            rate = done / max(now - self.start, 1e-9)
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total} {self.unit}, "
                              f"{rate:.0f}/s")
            self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r" + " " * (self.WIDTH + 40) + "\r")
        self.stream.flush()


def run_simulate(args: argparse.Namespace) -> int:
    if args.plot is not None:
        problem = plot_problem(args.plot)
        if problem is not None:
            report_errors([problem])
            return EXIT_BAD_INPUT
    if len(args.variant) > 1 and args.logs is not None:
        report_errors([("--logs", "give one variant with --logs (the logs of several would share DIR)")])
        return EXIT_BAD_INPUT
    variants = [load(ref) for ref in args.variant]
    games = list(dict.fromkeys(family_of(v).title for v in variants))
    if args.plot is not None and len(games) > 1:
        report_errors([("--plot", "compares variants of one game: " + " or ".join(f"all of {g}" for g in games))])
        return EXIT_BAD_INPUT
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    runs = []
    for number, variant in enumerate(variants):
        run = _simulate_variant(args, variant, seed)
        if isinstance(run, int):
            return run
        if number and not args.json:
            _out()
        _out(json.dumps(run.summary.to_json()) if args.json else run.summary.table())
        runs.append(run)
    if args.plot is not None:
        try:
            plot_runs(runs, args.plot)
        except OSError as err:
            report_errors([("--plot", f"{args.plot}: cannot write: {err.strerror or err}")])
            return EXIT_BAD_INPUT
        # where the plot went, as render and view say it; with --json on standard error, as deal --json says its
        # seed, so that standard output stays one JSON object a line
        told = (f"{args.plot}: the plots of {', '.join(r.variant for r in runs)} ({args.games} "
                f"{family_of(variants[0]).game_word}s each)")
        (_err if args.json else _out)(printable(told))
    return EXIT_OK


def _simulate_variant(args: argparse.Namespace, variant: Variant, seed: int) -> Run | int:
    """One variant's simulated results and summary, or an exit code."""
    try:
        bots = make_bots(args.bots, variant.players)
    except BotError as err:
        report_errors([("--bots", str(err))])
        return EXIT_BAD_INPUT
    if args.scheduler is not None and args.jobs != 1:
        report_errors([("--scheduler", "give --jobs or --scheduler, not both (the cluster's workers do the jobs)")])
        return EXIT_BAD_INPUT
    unit = f"{family_of(variant).game_word}s"
    progress = Progress(sys.stderr, args.games, unit) if sys.stderr.isatty() else None
    results = []
    running: Iterator[SimResult] = iter(())
    try:
        logs = args.logs if args.logs is not None else False
        if args.scheduler is not None:  # docs/scale.md
            from ..dask import simulate_on

            running = simulate_on(args.scheduler, variant, args.games, seed=seed, bots=bots, logs=logs)
        else:
            running = simulate(variant, args.games, seed=seed, bots=bots, jobs=args.jobs, logs=logs)
        for result in running:
            results.append(result)
            if progress is not None:
                progress.update(len(results))
    except SimulationError as err:
        report_errors([("--logs" if args.logs is not None else "", str(err))])
        return EXIT_BAD_INPUT
    except OSError as err:
        report_errors([("--logs", f"{args.logs}: cannot write: {err.strerror or err}")])
        return EXIT_BAD_INPUT
    finally:
        close = getattr(running, "close", None)
        if close is not None:
            close()  # an interrupted run stops its worker processes now
        if progress is not None:
            progress.close()
    summary = summarize(results, variant=variant.name, bots=[b.name for b in bots], seed=seed)
    return Run(variant.name, tuple(results), summary)


# ---------------------------------------------------------------------------- main

SUBCOMMANDS: list[Callable[[Subparsers], None]] = [
    add_variants,
    add_show,
    add_check_variant,
    add_deal,
    add_referee,
    add_simulate,
    add_render,
    add_view,
]
"""The ``add_`` function of every subcommand, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="The rules of the card game Speed, in every documented variant.",
        epilog="Exit codes: 0 ok, 1 a game breaks a rule, 2 unreadable input, 3 internal error.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command", required=True)
    for add in SUBCOMMANDS:
        add(sub)
    for command in sub.choices.values():  # so that a command's own usage errors name the command
        command.set_defaults(command_parser=command)
    return parser


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args, extras = parser.parse_known_args(argv)
        if extras:  # reported by the command they were given to, with its usage (not the top level's)
            command: argparse.ArgumentParser = getattr(args, "command_parser", parser)
            command.error(f"unrecognized arguments: {' '.join(extras)}")
    except SystemExit as exit_:  # --help, --version and usage errors (argparse prints the message)
        return exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    run: Runner = args.run
    try:
        return run(args)
    except VariantError as err:
        report_errors(err.errors)
        return EXIT_BAD_INPUT
    except SpeedrulesError as err:  # a DocumentError, a LogError (one line per problem), a CardError...
        report_errors([("", line) for line in str(err).splitlines() or [type(err).__name__]])
        return EXIT_BAD_INPUT


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the exit-time flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code.

    Never raises: a closed output pipe ends quietly (exit 0), an interrupt exits 130,
    and an unexpected error prints one ``internal error`` line and exits 3.
    """
    try:
        code = _run(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # deliberately broad: the user gets one line, never a traceback
        message = _one_line(str(err))
        print(f"{PROG}: internal error: {type(err).__name__}" + (f": {message}" if message else ""),
              file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
