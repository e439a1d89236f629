"""The picture commands of ``speedrules``: ``render`` (the table of a logged deal as SVG) and
``view`` (a whole logged game as one HTML page that replays it), and the checks of
``simulate --plot``.

Each command is an ``add_<name>``/``run_<name>`` pair, as in :mod:`speedrules.cli.main`, which lists
them.  Logs are read by the same readers as ``speedrules referee`` (:func:`~speedrules.read_log`,
:func:`~speedrules.iter_log_lines` for ``.jsonl`` archives, ``-`` for standard input), so the
same trust policy holds (a log names no file but a variant file in its own folder) and a bad
log is the same located error and exit 2.  What is drawn comes from
:func:`speedrules.show.svg.table` and :mod:`speedrules.show.replay`; the rules from the referee.

>>> import contextlib, io, tempfile
>>> from speedrules.cli.main import main
>>> out = Path(tempfile.mkdtemp()) / "table.svg"
>>> log = str(Path(__file__).parent.parent.parent / "examples" / "illegal-play.json")
>>> with contextlib.redirect_stdout(io.StringIO()) as said:
...     code = main(["render", log, "-o", str(out)])
>>> code
0
>>> print(said.getvalue().replace(str(out), "table.svg").replace(log, "illegal-play.json"))
table.svg: illegal-play.json deal 0, the table before event 21, which breaks rule play.rank
<BLANKLINE>
>>> 'data-rule="play.rank"' in out.read_text(encoding="utf-8")
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from ..core.cards import Card
from ..core.documents import write_file
from ..core.errors import printable
from ..family import family_of
from ..judge.referee import Verdict, referee, render_verdict
from ..logs.log import Log, LogError, iter_log_lines, read_log
from ..show.replay import (
    MAX_FRAMES,
    deal_count,
    event_count,
    first_violation,
    logged_action,
    no_table,
    replay_deals,
    replay_page,
    table_game,
)
from ..show.svg import Mark, highlight_place
from ..show.svg import table as table_svg
from .common import EXIT_BAD_INPUT, EXIT_OK, EXIT_RULE_BROKEN, Subparsers, report_errors, whole_number

PLOT_SUFFIXES = (".svg", ".png")


def _report(where: str, why: str) -> int:
    report_errors([(where, why)])
    return EXIT_BAD_INPUT


def logs_of(path: str) -> Iterator[tuple[str, Log]]:
    """The logs of a command's ``LOG`` argument, read lazily with the referee's readers: a
    file, each line of a ``.jsonl`` archive (named ``FILE:LINE``), or ``-`` (standard input,
    which may name no variant file).  Raises :class:`~speedrules.logs.log.LogError` at the first
    that cannot be read."""
    if path == "-":
        yield "-", read_log(sys.stdin.buffer)
        return
    if path.endswith(".jsonl"):
        for where, item in iter_log_lines(path):
            if isinstance(item, LogError):
                raise item
            yield where, item
        return
    yield path, read_log(path)


def _write(path: str, content: str) -> int | None:
    """Write ``content`` to ``path`` (``-``: standard output); an exit code if it cannot be."""
    if path == "-":
        sys.stdout.write(content)
        return None
    try:
        write_file(path, content)  # a new file renamed into place: a failed write leaves the old one
    except OSError as err:
        return _report(path, f"cannot write: {err.strerror or err}")
    return None


def _seat(text: str) -> int:
    try:
        if not text.isascii():  # int() reads other scripts' digits too ('\u0661' is 1)
            raise ValueError(text)
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a seat number, not {text!r}") from None


# ------------------------------------------------------------------------------------- render


def _log_arguments(parser: argparse.ArgumentParser, kind: str, deal_help: str) -> None:
    """The arguments ``render`` and ``view`` share: the log, ``-o FILE`` and ``--deal D``."""
    parser.add_argument("log", metavar="LOG", help="a log file (.json, .yaml), a .jsonl archive, or - for standard "
                                                   "input")
    parser.add_argument("-o", "--output", metavar="FILE", required=True,
                        help=f"the {kind} file to write (- for standard output)")
    parser.add_argument("--deal", type=whole_number(0), default=None, metavar="D", help=deal_help)


def add_render(sub: Subparsers) -> None:
    parser = sub.add_parser(
        "render", help="draw the table of a logged deal as SVG",
        description="Draw the table of a logged deal (a Spit round) as an SVG picture: the table after the "
                    "first K events (--event), by default after all of them; for a deal that breaks a rule, by "
                    "default the table just before the event that breaks it, its card and pile marked and the "
                    "rule written under the table. Without --deal: the first deal that breaks a rule, else deal 0 "
                    "(in a .jsonl archive the deals of all its logs are numbered in order).")
    _log_arguments(parser, "SVG", "the deal (Spit: round), from 0")
    parser.add_argument("--event", type=whole_number(0), default=None, metavar="K",
                        help="draw the table after the first K events (0: the layout)")
    parser.add_argument("--viewer", type=_seat, default=None, metavar="SEAT",
                        help="show only this seat's hand (Spit: row) face up")
    parser.add_argument("--highlight", metavar="CARD", default=None,
                        help="outline the piles this card may go on now (e.g. JC)")
    parser.set_defaults(run=run_render)


def _pick(path: str, wanted: int | None) -> tuple[str, Log, int, Verdict] | int:
    """The deal to draw: ``(source, log, deal, verdict)``, or an exit code."""
    number = 0
    fallback: tuple[str, Log, int, Verdict] | None = None
    for source, log in logs_of(path):
        count = deal_count(log)
        if wanted is not None:
            if wanted < number + count:
                return source, log, wanted - number, referee(log)
            number += count
            continue
        verdict = referee(log)
        for d, judged in enumerate(verdict.deals):
            if any(v.event is not None for v in judged.violations):
                return source, log, d, verdict
        if fallback is None and count:
            fallback = (source, log, 0, verdict)
        number += count
    if wanted is not None:
        return _report("--deal", f"there is no deal {wanted}: {path} holds {number} deal(s)")
    if fallback is None:
        return _report(path, "holds no deal to draw")
    return fallback


def run_render(args: argparse.Namespace) -> int:
    picked = _pick(args.log, args.deal)
    if isinstance(picked, int):
        return picked
    source, log, deal, verdict = picked
    family = family_of(log.variant)
    word = family.deal_word
    judged = verdict.deals[deal]
    count = event_count(log, deal)
    first = first_violation(judged)
    stop = first.event if first is not None else None
    upto = args.event
    if upto is None:
        upto = stop if stop is not None else count
    elif upto > count:
        return _report("--event", f"{word} {deal} of {source} has {count} events: --event is at most that")
    elif first is not None and stop is not None and upto > stop:
        return _report("--event", f"{word} {deal} of {source} breaks a rule at event {stop} "
                                  f"({first.rule}): the table is known up to --event {stop}")
    seats = log.variant.players
    if args.viewer is not None and not 0 <= args.viewer < seats:
        return _report("--viewer", f"viewer is a seat from 0 to {seats - 1}, not {args.viewer}")
    try:
        highlight = None if args.highlight is None else Card.parse(args.highlight)
    except ValueError as err:
        return _report("--highlight", str(err))
    game = table_game(log, deal, upto, verdict)  # one game and one picture, not one per event
    if game is None:  # the layout breaks a rule, or an earlier Spit round does
        report_errors([(f"{source}: {word} {deal}", f"no table to draw: {no_table(verdict, deal, word)}")])
        return EXIT_RULE_BROKEN
    if highlight is not None and highlight_place(game, highlight, args.viewer) is None:
        where = family.nowhere_words(highlight, None if args.viewer is None else log.names[args.viewer])
        return _report("--highlight", printable(f"{highlight} is {where} on this table: there is nothing to outline"))
    mark: Mark | None = None
    if first is not None and stop == upto:
        mark = Mark.of(first, logged_action(log, deal, upto))
        caption = f"the table before event {upto}, which breaks a rule"
    else:
        late = [v for v in judged.violations if v.event is None]
        mark = Mark.of(late[0]) if late else None
        caption = "the layout, before the first event" if upto == 0 else f"after {upto} event{'s' * (upto != 1)}"
    picture = table_svg(game, viewer=args.viewer, highlight=highlight, mark=mark, caption=caption)
    failed = _write(args.output, picture)
    if failed is not None:
        return failed
    if args.output != "-":
        what = (f"the table before event {upto}, which breaks rule {first.rule}" if first is not None and
                stop == upto else caption)
        print(printable(f"{args.output}: {source} {word} {deal}, {what}"))
    return EXIT_OK


# ------------------------------------------------------------------------------------- view


def add_view(sub: Subparsers) -> None:
    parser = sub.add_parser(
        "view", help="a logged game as an HTML page that replays it",
        description="Write one self-contained HTML page (it loads nothing: no network, no other file) that replays "
                    "a logged game step by step: next and previous, a slider, the arrow keys, the event list "
                    "beside the table, violations and collisions highlighted, the referee's verdict at the top. "
                    "An archive (.jsonl) or a log of several deals gets a deal picker.")
    _log_arguments(parser, "HTML", "only this deal (Spit: round), numbered as render numbers them")
    parser.set_defaults(run=run_view)


def run_view(args: argparse.Namespace) -> int:
    replays = []
    reports = []
    number = tables = 0
    valid = True
    for source, log in logs_of(args.log):
        count = deal_count(log)
        deals = [d for d in range(count) if args.deal is None or args.deal == number + d]
        number += count
        if not deals:
            continue
        tables += sum(event_count(log, d) + 1 for d in deals)
        if tables > MAX_FRAMES:  # counted from the coded log: refused before it is judged or drawn
            return _report(args.log, f"holds more than {MAX_FRAMES} tables, too many for one page: pick "
                                     "deals with --deal")
        verdict = referee(log)
        valid = valid and verdict.valid
        reports.append(render_verdict(verdict, source))
        replays += replay_deals(log, deals, verdict, source=source)
        if args.deal is not None:
            break  # read up to the deal asked for: a bad line after it does not matter
    if args.deal is not None and not replays:
        return _report("--deal", f"there is no deal {args.deal}: {args.log} holds {number} deal(s)")
    if not replays:
        return _report(args.log, "holds no deal to replay")
    page = replay_page(replays, title=Path(args.log).name if args.log != "-" else "standard input",
                       verdict_text="\n".join(reports))
    failed = _write(args.output, page)
    if failed is not None:
        return failed
    if args.output != "-":
        frames = sum(len(r.frames) for r in replays)
        print(printable(f"{args.output}: {len(replays)} deal(s), {frames} tables; "
                        f"{'valid' if valid else 'breaks a rule'}"))
    return EXIT_OK


# ------------------------------------------------------------------------------------- simulate --plot


def plot_problem(path: str) -> tuple[str, str] | None:
    """Why ``simulate --plot path`` cannot be done, as ``(location, reason)``, or ``None``: the
    file must end in .svg or .png, and matplotlib must be installed (``speedrules[plot]``)."""
    if Path(path).suffix.lower() not in PLOT_SUFFIXES:
        return "--plot", f"{path}: the picture is an .svg or a .png file"
    from ..show.plot import matplotlib_missing

    missing = matplotlib_missing()
    if missing is not None:
        return "--plot", missing
    return None
