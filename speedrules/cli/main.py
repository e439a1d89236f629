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
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO, TypeAlias

from .. import __version__
from ..core.cards import RANK_NAMES, Card
from ..core.documents import MORE_PROBLEMS, DocumentError, read_text
from ..core.errors import SpeedrulesError, VariantError, printable
from ..core.loading import load_variant, variant_names
from ..core.progress import Progress
from ..core.variant import Call, Collisions, JokerDeclare, RankOrder, Rebuild, Refill, Scoring, Ties, Variant
from ..family import family_of
from ..judge.parallel import STDOUT, render
from ..judge.referee import Verdict, referee_path, referee_text
from ..judge.verdicts import MAX_CORRECTIONS
from ..logs.log import LogError, log_from_games, parse_log, write_log
from ..show.plot import Run, plot_runs
from ..sim.bots import BotError, bot_names, make_bots
from ..sim.simulation import SimResult, SimulationError, simulate, summarize
from ..speed.game import deal
from ..speed.layout import Layout
from ..spit.game import SpitLayout, deal_spit
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


def _count(n: int, thing: str, plural: str | None = None) -> str:
    return f"{n} {thing if n == 1 else (plural or thing + 's')}"


def _or_list(items: Sequence[str]) -> str:
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def _and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _sizes(sizes: Sequence[int]) -> str:
    """``5 each`` or ``7, 6 and 6``."""
    if len(set(sizes)) == 1:
        return f"{sizes[0]} each"
    return _and_list([str(n) for n in sizes])


def _article(rank_text: str) -> str:
    return "an" if rank_text in ("A", "8") else "a"


def _fits_example(variant: Variant, top: int) -> str:
    """``on a 7: 6 or 8``: the ranks that fit on ``top``, lower neighbour first."""
    fits = [r for r in range(1, 14) if variant.fits_rank(top, r)]
    fits.sort(key=lambda r: variant.step(top, r))  # -1 below, 0 the same rank, +1 above
    text = RANK_NAMES[top]
    return f"on {_article(text)} {text}: {_or_list([RANK_NAMES[r] for r in fits])}"


def _spit_rules_in_words(v: Variant) -> list[tuple[str, str]]:
    """A Spit variant's rules as ``(heading, text)`` pairs, in plain words."""
    spit = v.spit
    assert spit is not None
    row = spit.row
    rows = [("Game", "Spit (also sold as Slam): rows of stock piles and spit piles, no hand"),
            ("Players", "2, playing at the same time with no turns"),
            ("Deck", "one 52-card pack, no jokers: 26 cards to each player")]
    rows.append(("Row", f"each player lays {_count(len(row), 'stock pile')} of {_and_list([str(n) for n in row])} "
                        f"cards from the left, top cards face up; the other {26 - sum(row)} are the face-down spit "
                        "pile. Later rounds lay what each player holds the same way, as far as the cards reach"))
    rows.append(("Start", "both spit: each turns the top spit card onto the centre pile on their side"))
    colours = ", alternating red and black" if v.alternate_colours else ", suits ignored"
    wrap = "K-A-2 wraps" if v.rank_order is RankOrder.CYCLIC else "no wrap, ace high"
    rows.append(("Play", f"only the face-up top of one of your own stock piles, one card at a time, onto either "
                         f"centre pile, one rank up or down ({wrap}{colours})"))
    moves = "an empty stock pile may take any face-up top card of your row, exposing the card beneath"
    if spit.pairing:
        moves += "; a face-up card may go onto another of the same rank in your row"
    rows.append(("Gaps", moves))
    reading = {"strict": "not even after gap moves that would expose a card",
               "lax": "no face-up card fits (a gap move that would help does not count)",
               "turn-up": "not even after gap moves that would expose a card, and with no face-down card left to "
                          "turn up by one"}[spit.stuck.value]
    rows.append(("Stuck", f"when neither can play ({reading}), both spit again; a player with no spit card left "
                          "does not spit, and the other spits alone onto one pile, the same for the rest of the round"))
    claim = ("the centre piles go to a slap race: the first hand down takes its pile, the other player the other"
             if spit.claim.value == "slap" else
             "the player who went out chooses a centre pile (after a jam, the one with fewer cards left in the row)")
    jam = ("both stuck with no spit card left" if spit.jam.value == "same-as-stuck" or spit.stuck.value != "lax"
           else "both stuck with no spit card left and no play left even after gap moves")
    rows.append(("Round end", f"a row cleared, or {jam}; {claim}; with one centre pile it goes to the player who did "
                              "not go out"))
    if spit.rounds is None:
        rows.append(("Winning", "a player left with no card once a round's piles are claimed (the row cleared, no "
                                "spit card, a single centre pile going to the other) wins the game outright"))
    else:
        who = "fewer cards" if spit.rounds_winner.value == "fewer-cards" else "more rounds won"
        rows.append(("Winning", f"{spit.rounds} rounds (or an outright win before): {who} wins, equal is a tie"))
    return rows


def rules_in_words(variant: Variant) -> list[tuple[str, str]]:
    """The variant's rules as ``(heading, text)`` pairs, in plain words."""
    v = variant
    if v.spit is not None:
        return _spit_rules_in_words(v)
    rows: list[tuple[str, str]] = []
    rows.append(("Players", f"{v.players}, playing at the same time with no turns"))

    packs = "one 52-card pack" if v.packs == 1 else f"{v.packs} 52-card packs shuffled together"
    jokers = "no jokers" if v.jokers == 0 else _count(v.jokers, "joker")
    rows.append(("Deck", f"{packs}, {jokers}: {v.deck_size} cards"))

    draws = v.draw_sizes
    if v.draw_size is None:
        draw_text = f"the rest of the deck split as evenly as possible into face-down draw stacks ({_sizes(draws)})"
    else:
        draw_text = f"a face-down draw stack of {v.draw_size}"
    if v.hand_size:
        deal_text = f"each player gets {_count(v.hand_size, 'card')} in hand and {draw_text}"
    else:
        deal_text = (f"each player gets no hand and {draw_text}, and draws up to {v.hand_limit} from it "
                     "before the first play")
    reserves = v.reserve_sizes
    deal_text += f"; the centre has {_count(v.piles, 'pile')}, each started by one face-down starter card"
    if len(set(reserves)) == 1:
        deal_text += f", with a face-down reserve of {reserves[0]} beside each"
    else:
        deal_text += f", with face-down reserves of {_and_list([str(n) for n in reserves])} beside them"
    deal_text += (f"; {v.deck_size} cards in all: {v.players * v.hand_size} in hands, {sum(draws)} in draw "
                  f"stacks, {v.piles} starters, {sum(reserves)} in reserves")
    rows.append(("Deal", deal_text))
    rows.append(("Start", "the starters are turned up together; then anyone may play on any centre pile"))

    if v.rank_order is RankOrder.CYCLIC:
        order = ("a card goes on a centre pile one rank above or below its top card; the ranks run in a circle, "
                 "so king, ace and two connect")
    else:
        order = ("a card goes on a centre pile one rank above or below its top card, ace high: 2 3 4 5 6 7 8 9 "
                 "10 J Q K A, with no wrap from ace to two")
    rows.append(("Ranks", f"{order}. For example {'; '.join(_fits_example(v, top) for top in (7, 13, 1, 2))}"))
    if v.same_rank:
        rows.append(("Doubles", "allowed: a card may also go on a card of its own rank (a 7 on a 7)"))
    else:
        rows.append(("Doubles", "not allowed: a card never goes on a card of its own rank"))
    if v.alternate_colours:
        rows.append(("Colours", "must alternate: a red card goes only on a black card and a black card only on a "
                                "red one (a joker has no colour)"))
    else:
        rows.append(("Colours", "do not matter: suits and colours are ignored"))

    limit = v.hand_limit
    if v.refill is Refill.ANY_TIME:
        refill = (f"draw one card at a time from your own draw stack whenever you hold fewer than {limit}; "
                  "you may play several cards before drawing again")
    elif v.refill is Refill.AFTER_EACH_PLAY:
        refill = ("after each card you play you must draw a replacement from your own draw stack before you play "
                  f"again (while it has cards); you may also draw whenever you hold fewer than {limit}")
    else:
        refill = (f"you may draw only when your hand is empty, and then you draw back up to {limit} (or what your "
                  "draw stack still has) before playing again")
    rows.append(("Hand", f"never more than {_count(limit, 'card')}; {refill}. With an empty draw stack you "
                         "play on with what you hold"))
    if v.runs:
        turn = ("and a run may turn back (8 9 8)" if v.runs_any_way
                else "going one way, up or down (8 9 10 on a 7, or 6 5 4)")
        rows.append(("Runs", "allowed: several cards may be laid on one pile at once, each fitting the card before "
                             f"it, {turn}"))
    else:
        rows.append(("Runs", "not allowed: one card at a time"))

    if v.jokers == 0:
        rows.append(("Jokers", "none in the deck"))
    else:
        stands = ("any rank the player announces" if v.joker_declare is JokerDeclare.ANY
                  else f"a rank that would itself fit the pile ({_fits_example(v, 7)}), announced by the player")
        text = (f"{_count(v.jokers, 'joker')}, wild: a joker played on a pile stands for {stands}, and the next card "
                "must fit that rank; a joker turned up as a starter or by a flip takes any card")
        text += "; a player may go out on a joker" if v.joker_may_go_out else "; a joker may not be your last card"
        if v.joker_prevents_flip:
            text += "; a held joker that could be played counts as a playable card, so it prevents a flip"
        else:
            text += "; a held joker does not count as a playable card, so the reserves may flip while one is held"
        if not v.jokers_wild:  # cannot happen in a checked variant: jokers in the deck must be wild
            text = f"{_count(v.jokers, 'joker')}, not wild"
        rows.append(("Jokers", text))

    rows.append(("Stuck", "when nobody can play or draw, every reserve turns its top card onto its own centre pile "
                          "at once; nobody may ask for a flip while they can still play or draw"))
    blocked = "when every reserve is empty and nobody can play or draw"
    if v.rebuild is Rebuild.KEEP_TOPS:
        rebuild = ("each centre pile keeps its top card; the cards beneath are gathered, shuffled and split as "
                   "evenly as possible into new reserves")
    elif v.rebuild is Rebuild.EACH_PILE:
        rebuild = "each centre pile is shuffled and becomes the reserve beside it; the centre is empty until the flip"
    else:
        rebuild = ("all the centre cards are gathered, shuffled and split as evenly as possible into new reserves; "
                   "the centre is empty until the flip")
    rows.append(("Rebuild", f"{blocked}, {rebuild}"))
    collisions = {
        Collisions.FIRST_LANDS: "the card that landed first stays; the later one must fit it",
        Collisions.LOWER_STAYS: "both are judged on the top they met; the lower stays, the other goes back to its hand",
        Collisions.RETURN_BOTH: "both go back to their owners and the top before them stays",
    }[v.collisions]
    rows.append(("Collisions", f"two cards landing on one pile at the same moment: {collisions}"))
    winning = "the first player with an empty hand and an empty draw stack wins the deal"
    if v.call is not Call.NONE:
        how = {"say": "call \"Speed!\"", "slap": "slap the table",
               "say-and-slap": "call \"Speed!\" and slap the table"}.get(v.call_how, "call")
        winning += f", once they {how} before anything else happens"
        if v.call is Call.PENALTY:
            winning += "; a player who misses it takes a centre pile as a new draw stack and plays on"
    if v.ties is Ties.REPLAY:
        winning += "; two players going out at the same moment tie the deal, which is replayed"
    rows.append(("Winning", winning))
    if v.scoring is Scoring.DEALS:
        rows.append(("Match", f"fresh deals until a player has won {v.target}; tied or void deals are replayed"))
    elif v.scoring is Scoring.MARGIN:
        rows.append(("Match", "each deal's winner scores a point per card every other player still holds (hand and "
                              f"draw stack); first to {v.target} points wins"))
    else:
        rows.append(("Match", "a single deal is the whole game"))
    return rows


def describe(variant: Variant) -> str:
    """The whole of ``speedrules show``: title, description, rules and sources."""
    lines = [f"{variant.title} ({variant.name})"]
    if variant.description:
        lines += textwrap.wrap(_one_line(variant.description), WIDTH)
    lines.append("")
    rows = rules_in_words(variant)
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
    shown = f"more than {count - 1} problems" if err.errors[-1][1] == MORE_PROBLEMS else _count(count, "problem")
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
    if variant.spit is not None:  # Spit: the first round's rows and spit piles
        spit_game = deal_spit(variant, args.seed)
        seed, layout = spit_game.seed, spit_game.layout.to_json()
        log = parse_log(spit_game.to_log_data(players=players))
        table = spit_layout_table(spit_game.layout)
    else:
        game = deal(variant, args.seed)
        seed, layout, table = game.seed, game.layout.to_json(), layout_table(game.layout)
        log = log_from_games([game], players=players)
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


def spit_layout_table(layout: SpitLayout) -> str:
    """A Spit round's layout as a readable table: each player's stock piles and spit pile."""
    rows: list[list[str]] = [["player", "stock piles (top first)", "spit pile"]]
    for seat, (row, spit) in enumerate(zip(layout.stock, layout.spit, strict=True)):
        piles = " | ".join(_cards(pile) for pile in row)
        rows.append([str(seat), piles, f"{_count(len(spit), 'card')}" + (f", top {spit[0]}" if spit else "")])
    return "\n".join(_table(rows))


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]


def layout_table(layout: Layout) -> str:
    """A dealt layout as two readable tables: the players, then the centre piles."""
    players: list[list[str]] = [["player", "hand", "draw stack"]]
    for seat, (hand, stack) in enumerate(zip(layout.hands, layout.draw, strict=True)):
        drawn = f"{_count(len(stack), 'card')}, top {stack[0]}" if stack else "empty"
        players.append([str(seat), _cards(hand), drawn])
    centre: list[list[str]] = [["pile", "starter", "reserve (top first)"]]
    for pile, (starter, reserve) in enumerate(zip(layout.starters, layout.reserves, strict=True)):
        centre.append([str(pile), str(starter), f"{_count(len(reserve), 'card')}: {_cards(reserve)}"
                       if reserve else "empty"])
    return "\n".join([*_table(players), "", *_table(centre)])


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
    if args.plot is not None and len({v.spit is None for v in variants}) > 1:
        report_errors([("--plot", "compares variants of one game: all of Speed or all of Spit")])
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
                f"{'games' if variants[0].spit is not None else 'deals'} each)")
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
        message = _one_line(str(err))
        print(f"{PROG}: internal error: {type(err).__name__}" + (f": {message}" if message else ""),
              file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
