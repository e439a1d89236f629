"""The one judging procedure of every family: a log's coded deals judged in order on the family's
kernels (:class:`speedrules.family.Kernel`), each turned into its
:class:`~speedrules.judge.verdicts.DealVerdict`, and added up by the family's
:class:`~speedrules.family.Match` into the :class:`~speedrules.judge.verdicts.Verdict`.

A deal's layout is checked by the family's one layout rule, against what the deals before left
(Spit's rounds are laid from what each player took).  By default a deal is judged to its first
violation by the kernel's own loop (``kernel.run``: Speed's compiled loop).  With
``all_violations`` the guide's correction procedure is applied instead: each illegal event is
undone and judging goes on, a decreasing time is ignored, and where a later event is illegal
only because of a correction (it would stand had the illegal event stood, in the copy of the
deal the procedure keeps where that was physically possible) the position cannot be restored
and the deal is void; a log gets at most :data:`~speedrules.judge.verdicts.MAX_CORRECTIONS`
corrections.  No rule is judged here: the kernel judges, this module reports.

Here, apart from :mod:`speedrules.judge.referee`, so that the optional compiled build (mypyc,
docs/performance.md) compiles it with the Speed kernel: this glue was about a sixth of a short
log's cost when interpreted.

>>> from speedrules import deal
>>> game = deal("speed", seed=3)
>>> game.reveal()
>>> log = game.to_log()
>>> verdict = judge_log(log.variant, log.deals, log.names)
>>> verdict.valid, verdict.deals[0].finished, verdict.deals[0].events_judged
(True, False, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core import rules
from ..core.errors import Violation
from ..core.variant import Variant
from ..family import Kernel, family_of
from .verdicts import MAX_CORRECTIONS, DealVerdict, LoggedViolation, MatchResult, Verdict, corrections_spent


def unlaid_verdict(remaining: tuple[int, ...], violations: tuple[LoggedViolation, ...]) -> DealVerdict:
    """The verdict on a deal whose layout broke the layout rule: not laid, so nothing was judged."""
    return DealVerdict(False, None, remaining, violations)


def logged(index: int | None, v: Violation, correction: str | None = None) -> LoggedViolation:
    """A kernel's violation as the verdict reports it, at event ``index`` (``None``: the layout)."""
    prefix = f"event {index}: " if index is not None else "layout: "
    return LoggedViolation(index, v.rule, v.player, f"{prefix}{v.message} (rule {v.rule})", correction)


def deal_verdict(kernel: Kernel, violations: list[LoggedViolation], table: Any, void: bool,
                 judged: int) -> DealVerdict:
    """The verdict on the deal ``kernel`` holds, ``judged`` events in, with its ``violations``."""
    finished, winner, remaining, dead_end, tied, collisions, calls = kernel.deal_fields(void)
    return DealVerdict(finished, winner, remaining, tuple(violations), dead_end, tied, void, collisions, calls,
                       judged, table)


def _early(found: list[tuple[str, int | None, str]]) -> list[LoggedViolation]:
    """The violations a deal has before its events are judged (:meth:`~speedrules.family.Match.before`)."""
    return [LoggedViolation(None, rule, seat, message) for rule, seat, message in found] if found else []


def judged_run(kernel: Kernel, events: Sequence[Any], early: list[LoggedViolation]) -> tuple[DealVerdict, bool]:
    """A deal's ``events`` judged to the first violation by the kernel's own loop: its verdict, and
    whether judging stopped at a violation."""
    stopped = kernel.run(events)
    if stopped is None:
        return deal_verdict(kernel, early, None, False, len(events)), False
    index, problem = stopped
    early.append(logged(index, problem))
    return deal_verdict(kernel, early, kernel.table_view(), False, index), True


def corrected_run(kernel: Kernel, events: Sequence[Any], early: list[LoggedViolation], budget: int,
                  word: str) -> tuple[DealVerdict, int]:
    """A deal's ``events`` judged by the correction procedure, correcting at most ``budget``
    violations: its verdict, and the corrections made (``word`` names a deal: deal, round)."""
    violations = early
    table: Any = None
    shadow: Kernel | None = None  # the deal in which the last corrected event stood, where it could
    void = False
    used = 0
    for index in range(len(events)):
        event = events[index]
        problem = kernel.check(event)
        if problem is None:
            kernel.apply(event, index)
            if shadow is not None and shadow.run((kernel.shadowed(event),), index) is not None:
                shadow = None  # the corrected event no longer matters
            continue
        if table is None:
            table = kernel.table_view()
        reason = _void_reason(kernel, shadow, event, problem, used >= budget, word)
        if reason is not None:
            void = True
            violations.append(logged(index, problem, reason))
            break
        used += 1
        untimed = (*event[:-1], None)
        if problem.rule == rules.TIME_ORDER and kernel.check(untimed) is None:
            kernel.apply(untimed, index)
            violations.append(logged(index, problem, "the event's time was ignored"))
            continue
        violations.append(logged(index, problem, kernel.correction(event, problem)))
        shadow = None
        if kernel.could_stand(event):
            shadow = kernel.copy()
            shadow.apply(kernel.shadowed(event), -1)
    return deal_verdict(kernel, violations, table, void, len(events)), used


def _void_reason(kernel: Kernel, shadow: Kernel | None, event: Any, problem: Violation, spent: bool,
                 word: str) -> str | None:
    """Why an illegal event voids its deal, or ``None``: it would stand had the corrected one stood,
    or the kernel says so (Speed's missed call), or the log's corrections are spent."""
    if shadow is not None and shadow.check(kernel.shadowed(event)) is None:
        return (f"the {word} is void: this event would stand had the corrected one stood, so the position cannot "
                "be restored accurately")
    reason = kernel.void_reason(problem)
    return corrections_spent(word) if reason is None and spent else reason


def judge_log(variant: Variant, deals: Iterable[Any], names: tuple[str, ...], all_violations: bool = False,
              source: str = "log") -> Verdict:
    """The verdict on a log's ``deals`` (coded by the variant's family), judged in order: each
    deal's layout checked against what the deals before left, its events judged to the first
    violation or, with ``all_violations``, by the correction procedure (the log's deals share
    its :data:`~speedrules.judge.verdicts.MAX_CORRECTIONS`), and the deals added up.  ``deals``
    may be coded as they are asked for: nothing of a deal is kept but its verdict and what the
    family's match needs of it."""
    family = family_of(variant)
    match = family.match(variant, names)
    budget = MAX_CORRECTIONS
    verdicts = []
    for number, deal in enumerate(deals):
        early = _early(match.before(number))
        problem = family.layout_problem(variant, deal, match.carried())
        if problem is not None:
            early.append(logged(None, problem))
            verdict = unlaid_verdict(match.unlaid(deal), tuple(early))
            match.add(verdict, None, True)
        else:
            kernel = family.kernel(variant, deal, names)
            if all_violations:
                verdict, used = corrected_run(kernel, deal.events, early, budget, family.deal_word)
                budget -= used
                stopped = verdict.void
            else:
                verdict, stopped = judged_run(kernel, deal.events, early)
            match.add(verdict, kernel, stopped)
        verdicts.append(verdict)
    return Verdict(variant.label, tuple(verdicts), MatchResult(*match.result()), names, source, family.name)


def score_match(variant: Variant, deals: Sequence[DealVerdict]) -> tuple[MatchResult, list[int]]:
    """Add judged deals up by the variant's family's match, as :func:`judge_log` does (a deal's
    kernel aside, which a Speed match does not need); also return the indices of deals logged
    after the match was decided (rule ``match.after-end``)."""
    match = family_of(variant).match(variant, tuple(f"player {p}" for p in range(variant.players)))
    late = []
    for number, deal in enumerate(deals):
        if any(rule == rules.MATCH_AFTER_END for rule, _, _ in match.before(number)):
            late.append(number)
        match.add(deal, None, False)
    return MatchResult(*match.result()), late
