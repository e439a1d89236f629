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

Every family's log is judged the same way (:mod:`speedrules.judge.judging`): each deal from its
layout, checked against what the deals before left; by default judging a deal stops at its
first violation, since later events may depend on it.  With ``all_violations`` the guide's
correction procedure is applied instead (the offending event is undone and judging goes on)
until restoring the position is impossible, which voids the deal.  Event indices are 0-based
positions in the deal's ``events`` list.  Deals add up to a match by the variant's family (Speed:
its scoring, see :class:`MatchResult`; Spit: the game).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..core.checks import seat_names
from ..core.collector import COLLECTOR_PAUSED
from ..core.documents import DocumentError, read_text
from ..core.errors import InvalidArgumentError, brief
from ..core.loading import as_variant
from ..core.variant import Variant
from ..family import family_of
from ..logs.log import Log, LogError, archive_lines, decoded_log, parse_log_text, read_document
from .judging import judge_log, logged, unlaid_verdict
from .judging import score_match as score_match
from .verdicts import DealVerdict as DealVerdict
from .verdicts import LoggedViolation as LoggedViolation
from .verdicts import MatchResult as MatchResult
from .verdicts import Verdict as Verdict
from .verdicts import render_verdict as render_verdict


def start_deal(variant: Variant, deal: Any, names: Sequence[str]) -> Any:
    """A coded deal's kernel before its first event, or the verdict on a layout that is not a deal
    of ``variant`` (the deal taken on its own, as the first of a log): a family's kernel
    (:meth:`speedrules.family.Family.kernel`) or a :class:`DealVerdict`."""
    family = family_of(variant)
    match = family.match(variant, tuple(names))
    problem = family.layout_problem(variant, deal, match.carried())
    if problem is not None:
        return unlaid_verdict(match.unlaid(deal), (logged(None, problem),))
    return family.kernel(variant, deal, tuple(names))


def referee(log: Log, *, variant: Variant | None = None, all_violations: bool = False) -> Verdict:
    """Replay every deal of ``log`` through the rules core and return the :class:`Verdict`.

    ``variant`` overrides the log's own variant (one of the same family); ``all_violations``
    applies the correction procedure and keeps judging (see :mod:`speedrules.judge.judging`).
    """
    if not isinstance(log, Log):
        raise InvalidArgumentError(f"not a Log: {brief(log)} (read_log or parse_log make one)")
    if variant is not None and variant is not log.variant:
        override = as_variant(variant)
        if override.family != log.variant.family:
            raise InvalidArgumentError(f"{override.name} is a variant of {family_of(override).title} and "
                                       f"{brief(log.name)} a log of {family_of(log.variant).title}: judge a "
                                       "log by a variant of its own game")
        log = attrs.evolve(log, variant=override)
    with COLLECTOR_PAUSED:  # as referee_text pauses it: judging makes no cycles for it to find
        # The events were coded when the log was read (Log.deals): judged as they are, not coded again.
        return judge_log(log.variant, log.deals, log.names, all_violations, log.name)


def referee_data(
    data: Any, name: str = "<log>", *, variant: Variant | None = None, all_violations: bool = False,
    variant_dir: str | Path | None = None,
) -> Verdict:
    """Check and judge a parsed log document in one pass: the same verdict as
    ``referee(parse_log(data, name, variant_dir=...))``, and the same :class:`LogError` for a
    document the schema refuses, each deal read (converted into the wire structs, coded) as it is
    judged, so that what judging keeps of a deal is its verdict.

    ``variant`` is a trusted variant to judge by; otherwise a variant file the log names must
    lie inside ``variant_dir`` (``None``: the log may name no file; see docs/log-format.md)."""
    v, players, deals = read_document(data, name, variant, variant_dir)
    names = seat_names(v.players, players)
    with COLLECTOR_PAUSED:
        return judge_log(v, deals, names, all_violations, name)


def referee_text(text: str, name: str = "<log>", *, variant: Variant | None = None,
                 all_violations: bool = False, variant_dir: str | Path | None = None) -> Verdict:
    """Parse a log's JSON (or YAML) text and judge it: the verdict of ``referee(log_from_text(text,
    name, ...))`` (see :func:`referee_data`).

    ``name`` only names the log in messages: it is never opened, and a variant file the
    log names is looked up only in ``variant_dir`` (``None``: nowhere).  The cyclic
    garbage collector is paused meanwhile: it has nothing to find in a log, and its passes
    over the document would make a long log cost more per event than a short one."""
    with COLLECTOR_PAUSED:
        log = decoded_log(text, name, variant, variant_dir) if text[:1] == "{" else None
        if log is not None:
            return judge_log(log.variant, log.deals, log.names, all_violations, name)
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


