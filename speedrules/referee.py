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
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from . import rules
from .actions import CALL, DRAW, FLIP, PICKUP, PLAY, REBUILD
from .cards import JOKER_CODE, TEXT_OF
from .coding import decode_log
from .collector import COLLECTOR_PAUSED
from .dealing import check_layout_codes, seat_names
from .documents import DocumentError, read_text
from .errors import InvalidArgumentError, Violation, brief, printable
from .kernel import Collision, Kernel
from .loading import as_variant
from .log import (
    CompiledDeal,
    CompiledEvent,
    Log,
    LogError,
    MalformedEvent,
    archive_lines,
    coded_events,
    compile_head,
    layout_stacks,
    parse_log,
    parse_log_text,
    raw_layout,
    refuse,
    resolve_variant,
    top_is_valid,
)
from .spitlog import SpitRound, judge_rounds
from .variant import Collisions, Family, Scoring, Variant
from .wire import UNSET

# Enum members read on every deal, bound once: reading one off its class costs about
# 0.17 us on CPython 3.11, which adds up over thousands of short logs.
_FIRST_LANDS = Collisions.FIRST_LANDS
_SPEED = Family.SPEED
_SINGLE, _MARGIN, _SINGLE_FORMAT = Scoring.SINGLE, Scoring.MARGIN, Scoring.SINGLE.value


@attrs.frozen(slots=True)
class LoggedViolation:
    """A rule broken by a logged event: ``event`` is its 0-based index (``None`` for the layout
    or the match); ``correction`` says what ``--all`` did about it."""

    event: int | None
    rule: str
    player: int | None
    message: str
    correction: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.event, "rule": self.rule, "player": self.player, "message": self.message}
        if self.correction is not None:
            out["correction"] = self.correction
        return out


@attrs.frozen(slots=True)
class TableView:
    """The table when a violation happened, for the readable report."""

    piles: tuple[str, ...]
    reserves: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    draw: tuple[int, ...]


@attrs.frozen(slots=True)
class DealVerdict:
    """The judgement of one deal."""

    finished: bool
    winner: int | None
    remaining: tuple[int, ...]
    violations: tuple[LoggedViolation, ...]
    dead_end: bool = False
    tied: tuple[int, ...] = ()
    void: bool = False
    collisions: tuple[Collision, ...] = ()
    calls: tuple[int, ...] = ()
    events_judged: int = 0
    table: TableView | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def valid(self) -> bool:
        return not self.violations

    def _repr_html_(self) -> str:
        """The verdict as HTML, the table at the first violation drawn (for notebooks)."""
        from .replay import deal_verdict_html

        return deal_verdict_html(self)

    def to_json(self) -> dict[str, Any]:
        """``{"valid", "finished", "winner", "remaining", "violations"}``, plus ``"tied": [seats]``,
        ``"void": true`` and ``"collisions": [...]`` only when the deal has them."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "finished": self.finished,
            "winner": self.winner,
            "remaining": list(self.remaining),
            "violations": [v.to_json() for v in self.violations],
        }
        if self.tied:
            out["tied"] = list(self.tied)
        if self.void:
            out["void"] = True
        if self.collisions:
            out["collisions"] = [c.to_json() for c in self.collisions]
        return out


@attrs.frozen(slots=True)
class MatchResult:
    """How the deals add up, by the variant's ``match`` scoring.

    Tied, void and unfinished deals count for nobody (they are replayed).  With
    ``margin`` scoring the winner of a deal scores one point per card every other
    player still holds, hand and draw stack together.
    """

    format: str
    target: int
    scores: tuple[int, ...]
    after_each_deal: tuple[tuple[int, ...], ...]
    winner: int | None
    complete: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "target": self.target,
            "scores": list(self.scores),
            "after_each_deal": [list(s) for s in self.after_each_deal],
            "winner": self.winner,
            "complete": self.complete,
        }


@attrs.frozen(slots=True)
class Verdict:
    """The referee's judgement of a whole log: one :class:`DealVerdict` per deal, and the match."""

    variant: str
    deals: tuple[DealVerdict, ...]
    match: MatchResult
    names: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return all(d.valid for d in self.deals)

    @property
    def violations(self) -> list[LoggedViolation]:
        return [v for d in self.deals for v in d.violations]

    @property
    def is_match(self) -> bool:
        """Whether the log is a match: the variant scores deals (``match.scoring`` is not ``single``)."""
        return self.match.format != _SINGLE_FORMAT

    def __str__(self) -> str:
        """The readable report ``speedrules referee`` prints (:func:`render_verdict`)."""
        return render_verdict(self, "log")

    def _repr_html_(self) -> str:
        """The report as HTML, each table at a violation drawn (for notebooks)."""
        from .replay import verdict_html

        return verdict_html(self)

    def __repr__(self) -> str:
        deals = len(self.deals)
        return f"<Verdict {self.variant}: {deals} deal{'s' if deals != 1 else ''}, " + \
            ("valid>" if self.valid else f"{len(self.violations)} violation(s)>")

    def to_json(self) -> dict[str, Any]:
        """``{"valid", "variant", "deals": [...]}``, plus ``"match": {...}`` when :attr:`is_match`
        (see docs/log-format.md)."""
        out: dict[str, Any] = {"valid": self.valid, "variant": self.variant, "deals": [d.to_json() for d in self.deals]}
        if self.is_match:
            out["match"] = self.match.to_json()
        return out


def _table(kernel: Kernel) -> TableView:
    return TableView(
        piles=tuple(kernel.tops_text()),
        reserves=tuple(len(r) for r in kernel.reserves),
        hands=tuple(tuple(TEXT_OF[c] for c in h) for h in kernel.hands),
        draw=tuple(len(d) for d in kernel.draws),
    )


def _logged(index: int | None, v: Violation, correction: str | None = None) -> LoggedViolation:
    prefix = f"event {index}: " if index is not None else "layout: "
    return LoggedViolation(index, v.rule, v.player, f"{prefix}{v.message} (rule {v.rule})", correction)


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


Stacks = tuple[Any, Any, Any, Any]
"""A deal's layout coded: hands, draw stacks, starters, reserves (top first)."""


def _layout_verdict(variant: Variant, stacks: Stacks, problem: Violation) -> DealVerdict:
    """The verdict on a layout that is not a deal of ``variant``: ``problem``, and nothing judged."""
    hands, draw = stacks[0], stacks[1]
    remaining = tuple((len(hands[s]) if s < len(hands) else 0) + (len(draw[s]) if s < len(draw) else 0)
                      for s in range(variant.players))
    return DealVerdict(finished=False, winner=None, remaining=remaining, violations=(_logged(None, problem),))


def start_deal(
    variant: Variant, deal: CompiledDeal, names: tuple[str, ...]
) -> Kernel | DealVerdict:
    """The deal's kernel, or the verdict on a layout that is not a deal of ``variant``."""
    stacks = (deal.hands, deal.draw, deal.starters, deal.reserves)
    problem = check_layout_codes(variant, *stacks)
    if problem is not None:
        return _layout_verdict(variant, stacks, problem)
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
    restored and the deal is void.
    """
    if not all_violations:
        return _judge_coded(variant, (deal.hands, deal.draw, deal.starters, deal.reserves), deal.events, tuple(names))
    started = start_deal(variant, deal, tuple(names))
    if isinstance(started, DealVerdict):
        return started
    kernel = started
    check_event, apply_event = kernel.check_event, kernel.apply_event
    violations: list[LoggedViolation] = []
    table: TableView | None = None
    shadow: Kernel | None = None
    void = False
    for index, event in enumerate(deal.events):
        kind, player, pile, cards, declared, t = event
        problem = check_event(kind, player, pile, cards, declared, t)
        if problem is None:
            apply_event(kind, player, pile, cards, declared, t, index)
            if shadow is not None and shadow.event(kind, player, pile, cards, declared, t, index) is not None:
                shadow = None  # the corrected event no longer matters
            continue
        if table is None:
            table = _table(kernel)
        if shadow is not None and shadow.check_event(kind, player, pile, cards, declared, t) is None:
            void = True
            violations.append(_logged(index, problem, (
                "the deal is void: this event would stand had the corrected one stood, so the position "
                "cannot be restored accurately")))
            break
        if problem.rule == rules.CALL_MISSING:
            void = True
            violations.append(_logged(index, problem, "the deal is void: a missed call cannot be made up"))
            break
        if problem.rule == rules.TIME_ORDER and check_event(kind, player, pile, cards, declared, None) is None:
            apply_event(kind, player, pile, cards, declared, None, index)
            violations.append(_logged(index, problem, "the event's time was ignored"))
            continue
        violations.append(_logged(index, problem, _correction(kernel, event, problem)))
        shadow = _forced(kernel, event)
    return _verdict(kernel, violations, table, void, len(deal.events))


def _judge_coded(v: Variant, stacks: Stacks, events: Sequence[CompiledEvent], names: tuple[str, ...]) -> DealVerdict:
    """One deal, its layout and events coded, judged to the first violation."""
    problem = check_layout_codes(v, *stacks)  # the quick yes first; what is wrong only when no
    if problem is not None:
        return _layout_verdict(v, stacks, problem)
    kernel = Kernel(v, *stacks, names=names)
    return _judged_run(kernel, kernel.run(events), len(events))


def _judged_run(kernel: Kernel, stopped: tuple[int, Violation] | None, events: int) -> DealVerdict:
    """The verdict on a deal whose ``events`` the kernel ran, ``stopped`` where :meth:`Kernel.run` stopped."""
    if stopped is None:
        return _verdict(kernel, [], None, False, events)
    return _verdict(kernel, [_logged(*stopped)], _table(kernel), False, stopped[0])


def _verdict(kernel: Kernel, violations: list[LoggedViolation], table: TableView | None, void: bool,
             judged: int) -> DealVerdict:
    outcome = None if void else kernel.outcome()
    collisions, callers = kernel.collisions, kernel.callers
    # positional, in the order of DealVerdict's fields: the commonest verdict is built on every log
    return DealVerdict(
        outcome is not None,  # finished
        None if outcome is None else outcome.winner,
        kernel.remaining(),
        tuple(violations) if violations else (),
        outcome is not None and outcome.is_dead_end,
        () if outcome is None else outcome.tied,
        void,
        tuple(collisions) if collisions else (),
        tuple(sorted(callers)) if callers else (),
        judged,
        table,
    )


def score_match(variant: Variant, deals: Sequence[DealVerdict]) -> tuple[MatchResult, list[int]]:
    """Add the deals up by the variant's scoring; also return the indices of deals logged after
    the match was decided (rule ``match.after-end``)."""
    scores = [0] * variant.players
    after: list[tuple[int, ...]] = []
    winner: int | None = None
    late: list[int] = []
    scoring = variant.scoring
    fmt = _SINGLE_FORMAT if scoring is _SINGLE else scoring.value  # an Enum's value is a property
    single = scoring is _SINGLE  # every deal is a game of its own: no match to end
    margin = scoring is _MARGIN
    target = 1 if single else variant.target
    for number, deal in enumerate(deals):
        if winner is not None and not single:
            late.append(number)
            after.append(tuple(scores))
            continue
        if deal.winner is not None and not deal.void:
            seat = deal.winner
            if margin:
                scores[seat] += sum(n for s, n in enumerate(deal.remaining) if s != seat)
            else:
                scores[seat] += 1
            if scores[seat] >= target and (winner is None or not single):
                winner = seat if winner is None else winner
        after.append(tuple(scores))
    # positional, in the order of MatchResult's fields (format, target, scores, after_each_deal,
    # winner, complete): built on every log
    return MatchResult(fmt, target, tuple(scores), tuple(after), winner, winner is not None), late


def _judge_spit(v: Variant, rounds: Sequence[SpitRound], names: tuple[str, ...], all_violations: bool) -> Verdict:
    """The verdict on a Spit log (see :mod:`speedrules.spitlog`): one deal verdict per round, and
    the game as the match (format ``spit``)."""
    from .spitgame import game_outcome

    judged, results = judge_rounds(v, rounds, names, all_violations=all_violations)
    deals = []
    after: list[tuple[int, ...]] = []
    for kernel, found, events_judged, void in judged:
        violations = tuple(_logged(i, problem, correction) for i, problem, correction in found)
        if kernel is None:
            deals.append(DealVerdict(finished=False, winner=None, remaining=(0, 0), violations=violations))
            continue
        if void:
            held = tuple(kernel.held(p) for p in (0, 1))
            after.append(held)
            deals.append(DealVerdict(finished=False, winner=None, remaining=held, violations=violations,
                                     events_judged=events_judged, void=True))
            continue
        result = kernel.result()
        held = tuple(len(h) for h in result.holdings) if result is not None else tuple(
            kernel.held(p) for p in (0, 1))
        after.append(held)
        deals.append(DealVerdict(finished=result is not None, winner=kernel.out_seat, remaining=held,
                                 violations=violations, events_judged=events_judged))
    outcome = game_outcome(v, results)
    assert v.spit is not None
    match = MatchResult(format="spit", target=v.spit.rounds or 0, scores=after[-1] if after else (0, 0),
                        after_each_deal=tuple(after), winner=None if outcome is None else outcome.winner,
                        complete=outcome is not None)
    return Verdict(variant=v.name, deals=tuple(deals), match=match, names=names)


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
            return _judge_spit(v, log.rounds, names, all_violations)
        # The events were coded when the log was read (Log.compiled): judged as they are, not coded again.
        deals = [judge_deal(v, deal, names, all_violations=all_violations) for deal in log.compiled]
        return _finish(v, deals, names)


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
    try:
        v = resolve_variant(data["variant"], name, variant, variant_dir)
    except LogError:
        if compile_head(data) is None:
            raise refuse(data, name) from None  # a document the schema refuses says so first
        raise
    if all_violations or v.family is not _SPEED:
        return referee(parse_log(data, name, variant=v), all_violations=all_violations)
    names = seat_names(v.players, data.get("players"))
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
        deals.append(_judge_coded(v, stacks, events, names))
    return _finish(v, deals, names)


def _referee_wire(text: str, name: str, override: Variant | None, variant_dir: str | Path | None) -> Verdict | None:
    """:func:`referee_data`'s one pass on a log's JSON text decoded straight into the wire
    structs (:func:`~speedrules.coding.decode_log`), or ``None`` where the long way must read
    it: anything the decoding refuses, a variant that cannot be loaded or is of Spit.  The long
    way then gives the same verdict (``tests/test_wire_path.py``) or names the problem.  The
    variant is looked up only once the whole document has passed, as the long way looks it up."""
    decoded = decode_log(text)
    if decoded is None:
        return None
    doc, coded = decoded
    try:
        v = resolve_variant(doc.variant, name, override, variant_dir)
    except LogError:
        return None
    if v.family is not _SPEED:
        return None
    names = seat_names(v.players, None if doc.players is UNSET else doc.players)
    deals = []
    for stacks, events in coded:  # a loop, not a comprehension: no frame of its own on every log
        deals.append(_judge_coded(v, stacks, events, names))
    return _finish(v, deals, names)


def referee_text(text: str, name: str = "<log>", *, variant: Variant | None = None,
                 all_violations: bool = False, variant_dir: str | Path | None = None) -> Verdict:
    """Parse a log's JSON (or YAML) text and judge it (see :func:`referee_data`).

    ``name`` only names the log in messages: it is never opened, and a variant file the
    log names is looked up only in ``variant_dir`` (``None``: nowhere).  The cyclic
    garbage collector is paused meanwhile: it has nothing to find in a log, and its passes
    over the document would make a long log cost more per event than a short one."""
    with COLLECTOR_PAUSED:
        if not all_violations and text[:1] == "{":
            verdict = _referee_wire(text, name, variant, variant_dir)
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
    that byte range (see :func:`~speedrules.log.archive_lines`; ``--jobs`` cuts an
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


def _finish(v: Variant, deals: list[DealVerdict], names: tuple[str, ...]) -> Verdict:
    match, late = score_match(v, deals)
    for number in late:
        message = (f"deal {number}: the match was already decided "
                   f"({names[match.winner] if match.winner is not None else '?'} won it); this deal does not count "
                   f"(rule {rules.MATCH_AFTER_END})")
        deals[number] = attrs.evolve(deals[number], violations=(
            LoggedViolation(None, rules.MATCH_AFTER_END, None, message), *deals[number].violations))
    return Verdict(v.name, tuple(deals), match, names)  # variant, deals, match, names


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
