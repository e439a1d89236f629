"""The referee: replay a logged game through the rules core and say which event broke which rule.

>>> import json
>>> from speedrules import deal, parse_log
>>> game = deal("speed", seed=1)
>>> game.reveal()
>>> document = json.loads(game.to_log(players=["Ann", "Ben"]).dumps())
>>> document["deals"][0]["events"].append({"type": "play", "player": 0, "card": "KS", "pile": 0})
>>> verdict = referee(parse_log(document))
>>> verdict.valid, verdict.deals[0].violations[0].rule
(False, 'play.not-in-hand')
>>> print(verdict.deals[0].violations[0].message)
event 1: Ann played KS, which is not in their hand (JC 10S QD 10H 3S) (rule play.not-in-hand)

Each deal is judged on its own, from its layout; by default judging a deal stops at
its first violation, since later events may depend on it.  With ``all_violations``
the guide's correction procedure is applied instead (the offending event is undone
and judging goes on) until restoring the position is impossible, which voids the deal.
Event indices are 0-based positions in the deal's ``events`` list.  Deals add up to a
match by the variant's scoring (see :class:`MatchResult`).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from ..core import rules
from ..core.cards import JOKER_CODE, TEXT_OF
from ..core.collector import COLLECTOR_PAUSED
from ..core.documents import DocumentError, read_text
from ..core.errors import InvalidArgumentError, Violation, brief, printable
from ..core.loading import as_variant
from ..core.variant import Family, Variant
from ..logs.log import (
    CompiledDeal,
    CompiledEvent,
    Log,
    LogError,
    MalformedEvent,
    archive_lines,
    coded_events,
    compile_head,
    layout_stacks,
    parse_log_text,
    raw_layout,
    refuse,
    refuse_odd_text,
    resolve_variant,
    spit_rounds,
    top_is_valid,
)
from ..speed.actions import CALL, DRAW, FLIP, PICKUP, PLAY, REBUILD, STUCK
from ..speed.dealing import layout_problem, seat_names
from ..speed.kernel import Kernel
from ..spit.reader import SpitRound, judge_rounds
from .judging import (
    DealJudge,
    Stacks,
    deal_verdict,
    judge_coded,
    layout_verdict,
    logged,
    made_deal,
    match_verdict,
    table_view,
    wire_verdict,
)
from .judging import score_match as score_match
from .verdicts import MAX_CORRECTIONS, corrections_spent
from .verdicts import DealVerdict as DealVerdict
from .verdicts import LoggedViolation as LoggedViolation
from .verdicts import MatchResult as MatchResult
from .verdicts import TableView as TableView
from .verdicts import Verdict as Verdict

if TYPE_CHECKING:
    from ..spit.game import SpitOutcome

# An enum member read on every log, bound once: reading one off its class costs about
# 0.17 us on CPython 3.11, which adds up over thousands of short logs.
_SPEED = Family.SPEED


def _correction(kernel: Kernel, event: CompiledEvent, problem: Violation) -> str:
    """What the guide's correction procedure does about an illegal event: it is undone."""
    kind, player, _, cards, _, _ = event
    valid_seat = 0 <= player < kernel.variant.players
    name = kernel.names[player] if valid_seat else f"seat {brief(player)}"
    if kind == PLAY:
        held = valid_seat and not Counter[int](cards) - Counter(kernel.hands[player])
        text = " ".join(TEXT_OF[c] for c in cards)
        return f"{text} went back to {name}'s hand" if held else "the play was ignored"
    if kind == DRAW and problem.rule == rules.DRAW_HAND_FULL:
        return f"the card drawn went back on top of {name}'s draw stack"
    if kind == FLIP:
        return "the flip was undone"
    if kind == REBUILD:
        return "the rebuild was undone"
    if kind == PICKUP:
        return "the pickup was undone"
    if kind == CALL:
        return "the call was ignored"
    if kind == STUCK:
        return "the declaration was ignored"
    return "the event was ignored"


def _forced(kernel: Kernel, event: CompiledEvent) -> Kernel | None:
    """A copy of the deal in which the illegal ``event`` stood anyway, where that is physically
    possible; ``None`` where it is not (a card not in hand, an empty stack...)."""
    kind, player, pile, cards, declared, t = event
    v = kernel.variant
    if not 0 <= player < v.players and kind in (PLAY, DRAW):
        return None
    if kind == PLAY:
        if not 0 <= pile < v.piles or Counter[int](cards) - Counter(kernel.hands[player]):
            return None
        if sum(1 for c in cards if c == JOKER_CODE) != len(declared) or not all(1 <= r <= 13 for r in declared):
            return None
    elif kind == DRAW:
        if not kernel.draws[player]:
            return None
    elif kind == FLIP:
        if not any(kernel.reserves):
            return None
    else:
        return None
    shadow = kernel.copy()
    shadow.apply_event(kind, player, pile, cards, declared, t)
    return shadow


def start_deal(
    variant: Variant, deal: CompiledDeal, names: tuple[str, ...]
) -> Kernel | DealVerdict:
    """The deal's kernel, or the verdict on a layout that is not a deal of ``variant``."""
    stacks = (deal.hands, deal.draw, deal.starters, deal.reserves)
    problem = layout_problem(variant, *stacks)
    if problem is not None:
        return layout_verdict(variant, stacks, problem)
    return Kernel(variant, *stacks, names=names)


def judge_deal(
    variant: Variant,
    deal: CompiledDeal,
    names: Sequence[str],
    *,
    all_violations: bool = False,
) -> DealVerdict:
    """Replay one compiled deal and judge it.

    By default judging stops at the first violation.  With ``all_violations`` each
    illegal event is undone (an illegal card goes back to its owner's hand, a card drawn
    over the limit goes back on the draw stack, a false flip is undone, a decreasing time
    is ignored) and judging goes on; when a later event is illegal only because of such a
    correction (it would stand had the illegal event stood), the position cannot be
    restored and the deal is void.  At most :data:`~speedrules.judge.verdicts.MAX_CORRECTIONS`
    violations are corrected: the deal is void at the one after.
    """
    if not all_violations:
        return judge_coded(variant, (deal.hands, deal.draw, deal.starters, deal.reserves), deal.events, tuple(names))
    return _judge_all(variant, deal, tuple(names), MAX_CORRECTIONS)[0]


def _judge_all(variant: Variant, deal: CompiledDeal, names: tuple[str, ...], budget: int) -> tuple[DealVerdict, int]:
    """One deal judged with the correction procedure (:func:`judge_deal`), correcting at most
    ``budget`` violations, and the corrections it made."""
    started = start_deal(variant, deal, names)
    if isinstance(started, DealVerdict):
        return started, 0
    kernel = started
    check_event, apply_event = kernel.check_event, kernel.apply_event
    violations: list[LoggedViolation] = []
    table: TableView | None = None
    shadow: Kernel | None = None
    void = False
    used = 0
    for index, event in enumerate(deal.events):
        kind, player, pile, cards, declared, t = event
        problem = check_event(kind, player, pile, cards, declared, t)
        if problem is None:
            apply_event(kind, player, pile, cards, declared, t, index)
            if shadow is not None and shadow.event(kind, player, pile, cards, declared, t, index) is not None:
                shadow = None  # the corrected event no longer matters
            continue
        if table is None:
            table = table_view(kernel)
        if shadow is not None and shadow.check_event(kind, player, pile, cards, declared, t) is None:
            void = True
            violations.append(logged(index, problem, (
                "the deal is void: this event would stand had the corrected one stood, so the position "
                "cannot be restored accurately")))
            break
        if problem.rule == rules.CALL_MISSING:
            void = True
            violations.append(logged(index, problem, "the deal is void: a missed call cannot be made up"))
            break
        if used >= budget:
            void = True
            violations.append(logged(index, problem, corrections_spent("deal")))
            break
        used += 1
        if problem.rule == rules.TIME_ORDER and check_event(kind, player, pile, cards, declared, None) is None:
            apply_event(kind, player, pile, cards, declared, None, index)
            violations.append(logged(index, problem, "the event's time was ignored"))
            continue
        violations.append(logged(index, problem, _correction(kernel, event, problem)))
        shadow = _forced(kernel, event)
    return deal_verdict(kernel, violations, table, void, len(deal.events)), used


def _corrector() -> DealJudge:
    """A judge of one coded deal with the correction procedure, for the deals of one log in
    order: together they correct at most :data:`~speedrules.judge.verdicts.MAX_CORRECTIONS` violations."""
    left = MAX_CORRECTIONS

    def judge(v: Variant, stacks: Stacks, events: Sequence[CompiledEvent], names: tuple[str, ...]) -> DealVerdict:
        nonlocal left
        verdict, used = _judge_all(v, CompiledDeal(*stacks, tuple(events)), names, left)
        left -= used
        return verdict

    return judge


def _judge_spit(v: Variant, rounds: Iterable[SpitRound], names: tuple[str, ...], all_violations: bool,
                source: str) -> Verdict:
    """The verdict on a Spit log (see :mod:`speedrules.spit.reader`): one deal verdict per round, and
    the game as the match (format ``spit``).  The rounds are judged one at a time as they come
    (coded as they are read, by the command line's path), and each round's kernel is let go
    once its verdict is made."""
    deals = []
    after: list[tuple[int, ...]] = []
    outcome: SpitOutcome | None = None
    for (kernel, found, events_judged, void), decided, laid in judge_rounds(v, rounds, names,
                                                                          all_violations=all_violations):
        outcome = decided
        violations = tuple([logged(i, problem, correction) for i, problem, correction in found])
        if kernel is None:  # the layout breaks a rule: the round was not laid, and the players hold
            # what they held after the round before (the first round: what its layout deals them)
            held = after[-1] if after else tuple(
                sum(map(len, row)) + len(spit) for row, spit in zip(laid.stock, laid.spit, strict=True))
            deals.append(made_deal(False, None, held, violations, False, (), False, (), (), 0, None))
            continue
        result = None if void else kernel.result()
        held = (len(result.holdings[0]), len(result.holdings[1])) if result is not None else (
            kernel.held(0), kernel.held(1))
        after.append(held)
        deals.append(made_deal(result is not None, None if void else kernel.out_seat, held, violations, False, (),
                               void, (), (), events_judged, None))
    assert v.spit is not None
    match = MatchResult(format="spit", target=v.spit.rounds or 0, scores=after[-1] if after else (0, 0),
                        after_each_deal=tuple(after), winner=None if outcome is None else outcome.winner,
                        complete=outcome is not None)
    return Verdict(variant=v.label, deals=tuple(deals), match=match, names=names, source=source)


def referee(log: Log, *, variant: Variant | None = None, all_violations: bool = False) -> Verdict:
    """Replay every deal of ``log`` through the rules core and return the :class:`Verdict`.

    ``variant`` overrides the log's own variant; ``all_violations`` applies the correction
    procedure and keeps judging (see :func:`judge_deal`).
    """
    if not isinstance(log, Log):
        raise InvalidArgumentError(f"not a Log: {brief(log)} (read_log or parse_log make one)")
    if variant is not None and variant is not log.variant:
        override = as_variant(variant)
        if override.family is not log.variant.family:
            raise InvalidArgumentError(f"{override.name} is a variant of {override.family.value.capitalize()} and "
                                       f"{brief(log.name)} a log of {log.variant.family.value.capitalize()}: judge a "
                                       "log by a variant of its own game")
        log = attrs.evolve(log, variant=override)
    names = log.names
    v = log.variant
    with COLLECTOR_PAUSED:  # as referee_text pauses it: judging makes no cycles for it to find
        if v.family is not _SPEED:
            return _judge_spit(v, log.rounds, names, all_violations, log.name)
        # The events were coded when the log was read (Log.compiled): judged as they are, not coded again.
        judge = _corrector() if all_violations else judge_coded
        deals = [judge(v, (deal.hands, deal.draw, deal.starters, deal.reserves), deal.events, names)
                 for deal in log.compiled]
        return match_verdict(v, deals, names, log.name)


def referee_data(
    data: Any, name: str = "<log>", *, variant: Variant | None = None, all_violations: bool = False,
    variant_dir: str | Path | None = None,
) -> Verdict:
    """Check and judge a parsed log document in one pass: the same verdict as
    ``referee(parse_log(data, name, variant_dir=...))``, and the same :class:`LogError` for a
    document the schema refuses, without first coding every event (the command line's path).

    ``variant`` is a trusted variant to judge by; otherwise a variant file the log names must
    lie inside ``variant_dir`` (``None``: the log may name no file; see docs/log-format.md)."""
    if not top_is_valid(data):
        raise refuse(data, name)
    refuse_odd_text(data, name)  # first, as parse_log does
    try:
        v = resolve_variant(data["variant"], name, variant, variant_dir)
    except LogError:
        if compile_head(data) is None:
            raise refuse(data, name) from None  # a document the schema refuses says so first
        raise
    names = seat_names(v.players, data.get("players"))
    if v.family is not _SPEED:  # each round coded as it is reached, and judged before the next is read
        with COLLECTOR_PAUSED:
            return _judge_spit(v, spit_rounds(data, name), names, all_violations, name)
    judge = _corrector() if all_violations else judge_coded
    deals = []
    # Each deal's head is checked as the deal is judged: a document whose head the schema refuses
    # anywhere is refused as a whole, judged deals or not.
    for raw in data["deals"]:
        layout = raw_layout(raw)
        stacks = None if layout is None else layout_stacks(layout)
        if stacks is None:
            raise refuse(data, name)
        try:  # every event is coded before any is judged: one the schema refuses makes the log unreadable
            events = coded_events(raw["events"])
        except MalformedEvent:
            raise refuse(data, name) from None
        deals.append(judge(v, stacks, events, names))
    return match_verdict(v, deals, names, name)


def referee_text(text: str, name: str = "<log>", *, variant: Variant | None = None,
                 all_violations: bool = False, variant_dir: str | Path | None = None) -> Verdict:
    """Parse a log's JSON (or YAML) text and judge it (see :func:`referee_data`).

    ``name`` only names the log in messages: it is never opened, and a variant file the
    log names is looked up only in ``variant_dir`` (``None``: nowhere).  The cyclic
    garbage collector is paused meanwhile: it has nothing to find in a log, and its passes
    over the document would make a long log cost more per event than a short one."""
    with COLLECTOR_PAUSED:
        if text[:1] == "{":
            verdict = wire_verdict(text, name, variant, variant_dir, _corrector() if all_violations else None)
            if verdict is not None:
                return verdict
        data = parse_log_text(text, name)
        return referee_data(data, name, variant=variant, all_violations=all_violations, variant_dir=variant_dir)


def referee_path(
    path: str | Path, *, variant: Variant | None = None, all_violations: bool = False,
    start: int = 0, end: int | None = None, lines_before: int = 0,
) -> Iterator[tuple[str, Verdict | LogError]]:
    """Judge a log file, or each line of a JSON Lines archive (``.jsonl``), lazily: yields
    ``(name, verdict or error)`` with ``name`` the file, or ``FILE:LINE`` for an archive.

    An archive is read one line at a time, so memory stays bounded by one log however
    large the archive is, and a line that cannot be read is reported without losing the
    others.  A variant file a log names is looked up only in the log's own folder.
    ``start``, ``end`` and ``lines_before`` judge only the archive's lines that begin in
    that byte range (see :func:`~speedrules.logs.log.archive_lines`; ``--jobs`` cuts an
    archive so); a file that is not an archive ignores them.
    """
    path = str(path)
    folder = Path(path).parent
    if path.endswith(".jsonl"):
        for where, line in archive_lines(path, start=start, end=end, lines_before=lines_before):
            if isinstance(line, LogError):
                yield where, line
            else:
                yield where, _judged(functools.partial(referee_text, line, where, variant=variant,
                                                       all_violations=all_violations, variant_dir=folder))
        return

    def judge() -> Verdict:
        text, name = read_text(path)
        return referee_text(text, name, variant=variant, all_violations=all_violations, variant_dir=folder)

    yield path, _judged(judge)


def _judged(judge: Callable[[], Verdict]) -> Verdict | LogError:
    try:
        return judge()
    except LogError as err:
        return err
    except DocumentError as err:
        return LogError(err.location, err.reason)


def render_verdict(verdict: Verdict, source: str) -> str:
    """A readable report of a verdict: each deal's result, collisions, every violation with its
    correction, the table at the first violation, and the match."""
    names = verdict.names
    lines = [f"{source}: {verdict.variant}: {'valid' if verdict.valid else 'BREAKS A RULE'}"]
    spit = verdict.match.format == "spit"
    for number, deal in enumerate(verdict.deals):
        if spit:
            result = (f"{names[deal.winner]} cleared the row first" if deal.winner is not None
                      else "settled" if deal.finished else "not finished")
            if any(v.event is None and v.rule in (rules.SPIT_LAYOUT_ROW, rules.SPIT_LAYOUT_CARDS)
                   for v in deal.violations):
                result = "not laid (its layout breaks a rule)"
            left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(deal.remaining))
            lines.append(f"  round {number}: {result}; cards held: {left}")
            for v in deal.violations:
                lines.append(f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else ""))
            continue
        if deal.void:
            result = "void (replay it)"
        elif deal.winner is not None:
            result = f"{names[deal.winner]} won"
        elif deal.tied:
            result = "tied by " + " and ".join(names[s] for s in deal.tied) + " (replay it)"
        elif deal.dead_end:
            result = "ended in a dead end (no winner)"
        else:
            result = "not finished"
        left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(deal.remaining))
        lines.append(f"  deal {number}: {result}; cards still held: {left}")
        for c in deal.collisions:
            kept = f"event {c.kept}'s card stayed" if c.kept is not None else "every card went back"
            plays = ", ".join(map(str, c.plays))
            lines.append(f"    collision on pile {c.pile} at t = {brief(c.t)}: events {plays}; {kept}")
        for i, v in enumerate(deal.violations):
            lines.append(f"    {v.message}" + (f"; corrected: {v.correction}" if v.correction else ""))
            if i == 0 and deal.table is not None and v.event is not None:
                lines.extend("    " + row for row in _render_table(deal.table, names, v.player))
    m = verdict.match
    if m.format == "spit":
        held = ", ".join(f"{names[s]} {n}" for s, n in enumerate(m.scores))
        state = f"{names[m.winner]} wins the game" if m.winner is not None else (
            "a tie" if m.complete else "not decided")
        lines.append(f"  game: cards held {held}; {state}")
    elif verdict.is_match:
        scores = ", ".join(f"{names[s]} {n}" for s, n in enumerate(m.scores))
        state = f"{names[m.winner]} wins the match" if m.winner is not None else "not decided"
        lines.append(f"  match ({m.format}, to {m.target}): {scores}; {state}")
    return printable("\n".join(lines))


def _render_table(table: TableView, names: Sequence[str], focus: int | None) -> list[str]:
    rows = ["  the table at that moment:"]
    rows.append("    piles:    " + "   ".join(
        f"[{i}] {top} (reserve {n})" for i, (top, n) in enumerate(zip(table.piles, table.reserves, strict=True))
    ))
    seats = [focus] if focus is not None and 0 <= focus < len(table.hands) else range(len(table.hands))
    for seat in seats:
        hand = " ".join(table.hands[seat]) or "(empty)"
        rows.append(f"    {names[seat]}'s hand: {hand}   (draw stack {table.draw[seat]})")
    return rows
