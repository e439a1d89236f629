"""The ``speedrules`` command line: the parser, and ``main``, which runs a command and turns
every error into its exit code and a located message.

Every subcommand is one ``add_<name>`` function that declares its arguments and one
``run_<name>`` function that does the work and returns an exit code, in the module of its
group (:mod:`~speedrules.cli.variants`: ``variants``, ``show``, ``check-variant``;
:mod:`~speedrules.cli.deal`; :mod:`~speedrules.cli.referee`; ``simulate`` here;
:mod:`~speedrules.cli.pictures`: ``render``, ``view``), what they share in
:mod:`~speedrules.cli.common`; ``SUBCOMMANDS`` lists the ``add_`` functions in the order
``--help`` shows them.  To add a command, write the pair and append its ``add_`` function.

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
from collections.abc import Callable, Iterator, Sequence

from .. import __version__
from ..core.errors import SpeedrulesError, VariantError, printable
from ..core.progress import Progress
from ..core.variant import Variant
from ..family import family_of
from ..show.plot import Run, plot_runs
from ..sim.bots import BotError, bot_names, make_bots
from ..sim.simulation import SimResult, SimulationError, simulate, summarize
from .common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_OK,
    PROG,
    Runner,
    Subparsers,
    load,
    one_line,
    report_errors,
    whole_number,
)
from .common import print_err as _err  # the names the simulate functions below print with
from .common import print_out as _out
from .deal import add_deal
from .pictures import add_render, add_view, plot_problem
from .referee import add_referee
from .variants import add_check_variant, add_show, add_variants

# ---------------------------------------------------------------------------- simulate


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
    unit = family_of(variant).game_word + "s"
    games = args.games

    def describe(done: int, rate: float, left: float) -> str:
        return f"{done}/{games} {unit}, {rate:.0f}/s"

    progress = Progress(sys.stderr, games, describe) if sys.stderr.isatty() else None
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
            progress.clear()
    summary = summarize(results, variant=variant.name, bots=[b.name for b in bots], seed=seed,
                        family=str(variant.family))
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
        message = one_line(str(err))
        print(f"{PROG}: internal error: {type(err).__name__}" + (f": {message}" if message else ""),
              file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
