"""What every judged log pays for, whatever its length: a coded deal run through the kernel and
turned into its :class:`~speedrules.judge.verdicts.DealVerdict`, the deals added up by the variant's
scoring, and the CLI's one pass from a log's JSON text to its :class:`~speedrules.judge.verdicts.Verdict`.

Here, apart from :mod:`speedrules.judge.referee`, so that the optional compiled build (mypyc,
docs/performance.md) compiles it with the kernel: this glue was about a sixth of a short log's
cost when interpreted.  No rule is judged here; the kernel judges, this module reports.

>>> import random
>>> from speedrules import load_variant
>>> from speedrules.speed.dealing import deal_codes
>>> speed = load_variant("speed")
>>> verdict = judge_coded(speed, deal_codes(speed, random.Random(3)), [(0, -1, -1, None, (), 0)], ("a", "b"))
>>> verdict.valid, verdict.finished, verdict.events_judged
(True, False, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from ..core import rules
from ..core.cards import TEXT_OF
from ..core.errors import Violation
from ..core.loading import bundled_variant
from ..core.variant import Family, Scoring, Variant
from ..logs.log import LogError, resolve_variant
from ..speed.coding import CompiledEvent, decode_log
from ..speed.dealing import layout_problem, seat_names
from ..speed.kernel import Kernel
from ..speed.wire import UNSET
from .verdicts import SINGLE_FORMAT, DealVerdict, LoggedViolation, MatchResult, TableView, Verdict

# Final aliases of the enum members and constants read on every log: the compiled build keeps a
# Final in a C static (an enum member read off its class costs about 0.17 us interpreted).
_SPEED: Final = Family.SPEED
_SINGLE: Final = Scoring.SINGLE
_MARGIN: Final = Scoring.MARGIN
_SINGLE_FORMAT: Final = SINGLE_FORMAT
_UNSET: Final = UNSET

_NEW: Final = object.__new__


def _field_names(cls: type) -> tuple[str, ...]:
    """The names of an attrs class's fields, in their order."""
    return tuple([field.name for field in attrs.fields(cls)])


_DEAL_FIELDS: Final = _field_names(DealVerdict)
_MATCH_FIELDS: Final = _field_names(MatchResult)
_VERDICT_FIELDS: Final = _field_names(Verdict)
"""The verdicts every log gets are made here by setting their fields with ``object.__setattr__``
(:func:`made_deal`, :func:`made_match`, :func:`made_verdict`), as the ``__init__`` attrs writes for
a frozen class does from interpreted code, a call a field (about a seventh of a short log's cost
when it was called).  The compiled build calls ``object.__setattr__`` as the C function it is (a
slot's ``__set__``, called as a method, built a tuple of its arguments each time: twice the cost).
Every field is given here, and the classes' ``__init__`` does nothing but set them
(``tests/test_fast_path.py`` holds that, and each made verdict equal to its class's own)."""


def _made(cls: type, names: tuple[str, ...], values: tuple[Any, ...]) -> Any:
    """An instance of ``cls`` whose fields ``names`` are set to ``values``, in order."""
    made: Any = _NEW(cls)
    for i in range(len(values)):
        object.__setattr__(made, names[i], values[i])
    return made


def made_deal(finished: bool, winner: int | None, remaining: tuple[int, ...], violations: tuple[LoggedViolation, ...],
              dead_end: bool, tied: tuple[int, ...], void: bool, collisions: tuple[Any, ...], calls: tuple[int, ...],
              events_judged: int, table: TableView | None) -> DealVerdict:
    """``DealVerdict(...)`` with every field given, made by setting its fields."""
    deal: DealVerdict = _made(DealVerdict, _DEAL_FIELDS, (finished, winner, remaining, violations, dead_end, tied, void,
                                                       collisions, calls, events_judged, table))
    return deal


def made_match(format: str, target: int, scores: tuple[int, ...], after_each_deal: tuple[tuple[int, ...], ...],
               winner: int | None, complete: bool) -> MatchResult:
    """``MatchResult(...)``, made by setting its fields."""
    match: MatchResult = _made(MatchResult, _MATCH_FIELDS, (format, target, scores, after_each_deal, winner, complete))
    return match


def made_verdict(variant: str, deals: tuple[DealVerdict, ...], match: MatchResult, names: tuple[str, ...],
                 source: str = "log") -> Verdict:
    """``Verdict(...)``, made by setting its fields."""
    verdict: Verdict = _made(Verdict, _VERDICT_FIELDS, (variant, deals, match, names, source))
    return verdict


Stacks = tuple[Any, Any, Any, Any]
"""A deal's layout coded: hands, draw stacks, starters, reserves (top first)."""

DealJudge = Callable[[Variant, Stacks, Sequence[CompiledEvent], tuple[str, ...]], DealVerdict]
"""Judges one coded deal, as :func:`judge_coded` does (``referee --all`` has its own, in
:mod:`speedrules.judge.referee`)."""


def table_view(kernel: Kernel) -> TableView:
    """The table now, for the readable report of a violation."""
    return TableView(
        piles=tuple(kernel.tops_text()),
        reserves=tuple([len(r) for r in kernel.reserves]),
        hands=tuple([tuple([TEXT_OF[c] for c in h]) for h in kernel.hands]),
        draw=tuple([len(d) for d in kernel.draws]),
    )


def logged(index: int | None, v: Violation, correction: str | None = None) -> LoggedViolation:
    """A kernel's violation as the verdict reports it, at event ``index`` (``None``: the layout)."""
    prefix = f"event {index}: " if index is not None else "layout: "
    return LoggedViolation(index, v.rule, v.player, f"{prefix}{v.message} (rule {v.rule})", correction)


def layout_verdict(variant: Variant, stacks: Stacks, problem: Violation) -> DealVerdict:
    """The verdict on a layout that is not a deal of ``variant``: ``problem``, and nothing judged."""
    hands, draw = stacks[0], stacks[1]
    remaining = tuple([(len(hands[s]) if s < len(hands) else 0) + (len(draw[s]) if s < len(draw) else 0)
                       for s in range(variant.players)])
    return made_deal(False, None, remaining, (logged(None, problem),), False, (), False, (), (), 0, None)


def judge_coded(v: Variant, stacks: Stacks, events: Sequence[CompiledEvent], names: tuple[str, ...]) -> DealVerdict:
    """One deal, its layout and events coded, judged to the first violation."""
    # Called with the stacks one by one, not ``*stacks``: the compiled build calls a native
    # function so directly, and a star call through the generic Python call.
    hands, draw, starters, reserves = stacks
    problem = layout_problem(v, hands, draw, starters, reserves)  # the one layout rule (speed.dealing)
    if problem is not None:
        return layout_verdict(v, stacks, problem)
    kernel = Kernel(v, hands, draw, starters, reserves, names=names)
    return judged_run(kernel, kernel.run(events), len(events))


def judged_run(kernel: Kernel, stopped: tuple[int, Violation] | None, events: int) -> DealVerdict:
    """The verdict on a deal whose ``events`` the kernel ran, ``stopped`` where :meth:`Kernel.run` stopped."""
    if stopped is None:
        return deal_verdict(kernel, [], None, False, events)
    return deal_verdict(kernel, [logged(*stopped)], table_view(kernel), False, stopped[0])


def deal_verdict(kernel: Kernel, violations: list[LoggedViolation], table: TableView | None, void: bool,
                 judged: int) -> DealVerdict:
    """The verdict on the deal ``kernel`` holds, ``judged`` events in, with its ``violations``."""
    outcome = None if void else kernel.outcome()
    collisions, callers = kernel.collisions, kernel.callers
    return made_deal(
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
    fmt: str = _SINGLE_FORMAT if scoring is _SINGLE else scoring.value  # an Enum's value is a property
    single = scoring is _SINGLE  # every deal is a game of its own: no match to end
    margin = scoring is _MARGIN
    target = 1 if single else variant.target
    for number, deal in enumerate(deals):
        if winner is not None and not single:
            late.append(number)
            after.append(tuple(scores))
            continue
        seat = deal.winner
        if seat is not None and not deal.void:
            if margin:
                remaining = deal.remaining
                scores[seat] += sum([remaining[s] for s in range(len(remaining)) if s != seat])
            else:
                scores[seat] += 1
            if scores[seat] >= target and (winner is None or not single):
                winner = seat if winner is None else winner
        after.append(tuple(scores))
    return made_match(fmt, target, tuple(scores), tuple(after), winner, winner is not None), late


def match_verdict(v: Variant, deals: list[DealVerdict], names: tuple[str, ...], source: str = "log") -> Verdict:
    """The verdict on a log whose deals are judged: the match scored, a deal logged after it was
    decided reported as such (rule ``match.after-end``)."""
    match, late = score_match(v, deals)
    for number in late:
        message = (f"deal {number}: the match was already decided "
                   f"({names[match.winner] if match.winner is not None else '?'} won it); this deal does not count "
                   f"(rule {rules.MATCH_AFTER_END})")
        deals[number] = attrs.evolve(deals[number], violations=(
            LoggedViolation(None, rules.MATCH_AFTER_END, None, message), *deals[number].violations))
    return made_verdict(v.label, tuple(deals), match, names, source)


_BUNDLED: Final[dict[str, Variant]] = {}
"""The bundled variants logs have named, by name: what :func:`~speedrules.logs.log.resolve_variant`
gives a bundled name (loaded once, never changed), without its two interpreted calls a log."""


def wire_verdict(text: str, name: str, override: Variant | None, variant_dir: str | Path | None,
                 judge: DealJudge | None = None) -> Verdict | None:
    """:func:`speedrules.judge.referee.referee_data`'s one pass on a log's JSON text decoded straight
    into the wire structs (:func:`~speedrules.speed.coding.decode_log`), or ``None`` where the long way
    must read it: anything the decoding refuses, a variant that cannot be loaded or is of Spit.
    The long way then gives the same verdict (``tests/test_wire_path.py``) or names the problem.
    The variant is looked up only once the whole document has passed, as the long way looks it up.
    Each deal is judged by ``judge`` (``None``: :func:`judge_coded`, to its first violation)."""
    decoded = decode_log(text)
    if decoded is None:
        return None
    doc, coded = decoded
    ref = doc.variant
    v = _BUNDLED.get(ref) if override is None and type(ref) is str else None
    if v is None:
        try:
            v = resolve_variant(ref, name, override, variant_dir)
        except LogError:
            return None
        if override is None and type(ref) is str and v is bundled_variant(ref):
            _BUNDLED[ref] = v
    if v.family is not _SPEED:
        return None
    players = doc.players
    names = seat_names(v.players, None if players is _UNSET else players)
    deals = []
    for stacks, events in coded:
        deals.append(judge_coded(v, stacks, events, names) if judge is None else judge(v, stacks, events, names))
    return match_verdict(v, deals, names, name)
