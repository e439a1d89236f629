"""The referee's verdicts: frozen values that say what a log's deals and its match came to.

:func:`speedrules.judge.referee` and the CLI build them (the hot path through
:mod:`speedrules.judge.judging`); every one renders as JSON (``to_json``), and a :class:`Verdict`
reads as the CLI's report (``str``) and draws as HTML in a notebook.

>>> v = DealVerdict(True, 0, (0, 12), ())
>>> v.valid, v.to_json()["winner"]
(True, 0)
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core.errors import printable
from ..core.variant import DEFAULT_FAMILY, Scoring
from ..family import family_of

SINGLE_FORMAT = Scoring.SINGLE.value
"""A :class:`MatchResult`'s format when every deal is a game of its own (no match)."""

MAX_CORRECTIONS = 1000
"""The most violations the correction procedure (``referee --all``, ``all_violations``) corrects
in one log, of any family (docs/security.md, "The limits").  A correction costs tens of
microseconds and its violation is kept to be reported, so a log of millions of illegal events
would otherwise cost minutes and gigabytes; past the cap, the deal (round) with the next
violation is void there, and so is every later one at its first violation, which is what
judging without ``--all`` pays for a deal."""


def corrections_spent(what: str) -> str:
    """The correction of a violation past :data:`MAX_CORRECTIONS`, in a ``what`` (deal, round).

    >>> corrections_spent("deal")
    'the deal is void: this log has had 1000 violations corrected, the most --all corrects in one log'
    """
    return (f"the {what} is void: this log has had {MAX_CORRECTIONS} violations corrected, the most --all "
            "corrects in one log")


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
class DealVerdict:
    """The judgement of one deal."""

    finished: bool
    winner: int | None
    remaining: tuple[int, ...]
    violations: tuple[LoggedViolation, ...]
    dead_end: bool = False
    tied: tuple[int, ...] = ()
    void: bool = False
    collisions: tuple[Any, ...] = ()
    """The plays the family's timing rules found at one moment (Speed's
    :class:`~speedrules.speed.timing.Collision`, each with its ``to_json``)."""
    calls: tuple[int, ...] = ()
    events_judged: int = 0
    table: Any = attrs.field(default=None, eq=False, repr=False)
    """The table at the first violation, as the family's kernel shows it for the readable report
    (Speed: a :class:`TableView`), or ``None``."""

    @property
    def valid(self) -> bool:
        return not self.violations

    def _repr_html_(self) -> str:
        """The verdict as HTML, the table at the first violation drawn (for notebooks)."""
        from ..show.replay import deal_verdict_html

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
    source: str = attrs.field(default="log", eq=False)
    """The log's name (its file, ``FILE:LINE`` in an archive, or the name it was read under), which
    begins the readable report as the command line begins it; not part of equality or the JSON."""
    family: str = attrs.field(default=DEFAULT_FAMILY, eq=False, repr=False)
    """The name of the variant's family, whose words the readable report uses; not part of
    equality or the JSON."""

    @property
    def valid(self) -> bool:
        return all(d.valid for d in self.deals)

    @property
    def violations(self) -> list[LoggedViolation]:
        return [v for d in self.deals for v in d.violations]

    @property
    def is_match(self) -> bool:
        """Whether the log is a match: the variant scores deals (``match.scoring`` is not ``single``)."""
        return self.match.format != SINGLE_FORMAT

    def __str__(self) -> str:
        """The readable report ``speedrules referee`` prints (:func:`render_verdict`),
        named by :attr:`source`."""
        return render_verdict(self, self.source)

    def _repr_html_(self) -> str:
        """The report as HTML, each table at a violation drawn (for notebooks)."""
        from ..show.replay import verdict_html

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


def render_verdict(verdict: Verdict, source: str) -> str:
    """A readable report of a verdict: each deal's result and every violation with its correction
    (with more, as the verdict's family says: collisions, the table at the first violation), and
    the match."""
    family = family_of(verdict.family)
    names = verdict.names
    lines = [f"{source}: {verdict.variant}: {'valid' if verdict.valid else 'BREAKS A RULE'}"]
    for number, deal in enumerate(verdict.deals):
        lines.extend(family.deal_report(number, deal, names))
    lines.extend(family.match_report(verdict.match, names))
    return printable("\n".join(lines))
