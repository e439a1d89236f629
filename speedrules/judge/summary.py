"""Counts over many judged logs: what ``speedrules referee --summary`` prints.

A :class:`Summary` counts logs (valid, breaking a rule, unreadable), deals (finished, won by
each seat, with no winner) and the violations of each rule id.  Summaries add up (``+``), in
any order and any grouping, to the summary of all the logs together: each worker of
``--jobs`` (or each partition of a Dask bag, :mod:`speedrules.dask`) sums its own logs and
the parent adds the parts, so the result does not depend on how the work was cut.

>>> from speedrules import deal, referee
>>> game = deal("speed", seed=1)
>>> game.reveal()
>>> s = Summary.of([("a.json", referee(game.to_log()))])
>>> s.logs, s.valid, s.deals, s.finished
(1, 1, 1, 0)
>>> (s + s).to_json()["logs"]
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import attrs

from ..logs.log import LogError
from .referee import Verdict

EXIT_OK, EXIT_RULE_BROKEN, EXIT_BAD_INPUT = 0, 1, 2


def _seats(value: Mapping[int, int]) -> Counter[int]:
    return Counter(value)


def _rules(value: Mapping[str, int]) -> Counter[str]:
    return Counter(value)


@attrs.frozen(slots=True, unsafe_hash=False)  # its counters are mutable: equal, never hashed
class Summary:
    """Counts over judged logs.  ``logs`` counts every input judged or refused (``valid +
    invalid + unreadable``); ``deals`` the deals (rounds, for Spit) of the readable ones,
    ``finished`` those played to an end, ``winners`` the deals each seat won (seat index to
    count; a deal with no winner is in ``no_winner``), ``rules`` the violations of each rule
    id (with ``--all``, every violation, corrected or not)."""

    logs: int = 0
    valid: int = 0
    invalid: int = 0
    unreadable: int = 0
    deals: int = 0
    finished: int = 0
    winners: Counter[int] = attrs.field(factory=Counter, converter=_seats)
    no_winner: int = 0
    rules: Counter[str] = attrs.field(factory=Counter, converter=_rules)

    @classmethod
    def of(cls, judged: Iterable[tuple[str, Verdict | LogError]]) -> Summary:
        """The summary of ``(name, verdict or error)`` pairs, as ``referee_path`` yields them."""
        logs = valid = invalid = unreadable = deals = finished = no_winner = 0
        winners: Counter[int] = Counter()
        broken: Counter[str] = Counter()
        for _name, verdict in judged:
            logs += 1
            if isinstance(verdict, LogError):
                unreadable += 1
                continue
            ok = True
            for deal in verdict.deals:
                deals += 1
                finished += deal.finished
                if deal.winner is None:
                    no_winner += 1
                else:
                    winners[deal.winner] += 1
                for violation in deal.violations:
                    broken[violation.rule] += 1
                    ok = False
            if ok:
                valid += 1
            else:
                invalid += 1
        return cls(logs, valid, invalid, unreadable, deals, finished, winners, no_winner, broken)

    def __add__(self, other: Summary) -> Summary:
        if not isinstance(other, Summary):
            return NotImplemented
        return Summary(self.logs + other.logs, self.valid + other.valid, self.invalid + other.invalid,
                       self.unreadable + other.unreadable, self.deals + other.deals,
                       self.finished + other.finished, self.winners + other.winners,
                       self.no_winner + other.no_winner, self.rules + other.rules)

    @property
    def exit_code(self) -> int:
        """What ``speedrules referee`` exits with over these logs: 2 if any was unreadable, else
        1 if any broke a rule, else 0 (the same as without ``--summary``)."""
        return EXIT_BAD_INPUT if self.unreadable else EXIT_RULE_BROKEN if self.invalid else EXIT_OK

    def to_json(self) -> dict[str, object]:
        """The summary as one JSON object (``referee --summary --json``); seats are keys in
        seat order, rule ids in alphabetical order, so equal summaries print equal text."""
        return {
            "logs": self.logs, "valid": self.valid, "invalid": self.invalid, "unreadable": self.unreadable,
            "deals": self.deals, "finished": self.finished,
            "winners": {str(seat): self.winners[seat] for seat in sorted(self.winners)},
            "no_winner": self.no_winner,
            "rules": {rule: self.rules[rule] for rule in sorted(self.rules)},
        }

    def table(self) -> str:
        """The summary as the few lines ``referee --summary`` prints: the rules broken most
        often first.

        >>> print(Summary(3, 1, 1, 1, 2, 1, {0: 1}, 1, {"play.rank": 1}).table())
        logs        3: 1 valid, 1 breaks a rule, 1 unreadable
        deals       2: 1 finished
        winners     seat 0 1, no winner 1
        rule        violations
        play.rank   1
        """
        broken = "breaks a rule" if self.invalid == 1 else "break a rule"
        won = [f"seat {seat} {self.winners[seat]}" for seat in sorted(self.winners)]
        rows = [("logs", f"{self.logs}: {self.valid} valid, {self.invalid} {broken}, {self.unreadable} unreadable"),
                ("deals", f"{self.deals}: {self.finished} finished"),
                ("winners", ", ".join([*won, f"no winner {self.no_winner}"]))]
        ranked = sorted(self.rules.items(), key=lambda item: (-item[1], item[0]))
        rows.append(("rule", "violations") if ranked else ("rules", "none broken"))
        rows += [(rule, str(count)) for rule, count in ranked]
        width = max(12, *(len(head) + 2 for head, _ in rows))
        return "\n".join(f"{head:<{width}}{text}" for head, text in rows)

