"""Logged games replayed as pictures: the table after every event of a deal (a Spit round), and
one self-contained HTML page that steps through them.

:func:`replay_deal` rebuilds a deal event by event through the public games
(:meth:`speedrules.Game.from_log`, :meth:`speedrules.SpitGame.from_log`) and draws the table
after each one with :mod:`speedrules.show.svg`; the referee's verdict says where the deal breaks a
rule (the last picture is the table just before that event, its card marked) and which plays
collided.  :func:`replay_page` puts the replays of one log or an archive in one HTML page:
next and previous buttons, a slider, the arrow keys, the event list beside the table, the
verdict at the top and a deal picker.  The page loads nothing (no network, no other file): its
style, script and pictures are inline, and every text from a log is escaped, in the HTML and
inside the script's data (which is JSON with ``<``, ``>`` and ``&`` written as ``\\u`` escapes,
so no text can close the script).  ``#deal=D&step=K`` in the page's address opens deal ``D``
at step ``K``, on loading and whenever the address changes (a link, the back button).

>>> from speedrules import deal
>>> game = deal("speed", seed=1, names=["Ann", "Ben"])
>>> game.reveal(); game.play(0, "JC", 1)
>>> replay = replay_deal(game.to_log(), 0)
>>> len(replay.frames), [e.text for e in replay.events]
(3, ['0: reveal', '1: Ann plays JC on pile 1'])
>>> replay_page([replay]).startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..core.errors import IllegalActionError, InvalidArgumentError, brief
from ..core.variant import DEFAULT_FAMILY
from ..family import Family, family_of
from ..judge.referee import referee, render_verdict
from .svg import Mark, draw, text
from .svg import table as table_svg

__all__ = [
    "MAX_FRAMES", "DealReplay", "EventLine", "deal_count", "deal_verdict_html", "event_count", "first_violation",
    "logged_action", "no_table", "replay_deal", "replay_deals", "replay_page", "table_game", "verdict_html",
]

if TYPE_CHECKING:
    from ..judge.verdicts import DealVerdict, LoggedViolation, Verdict
    from ..logs.log import Log

MAX_FRAMES = 5000
"""The most pictures one page holds (about 10 kB each); :func:`replay_page` refuses more."""

NAME_LIMIT = 40
"""Longest player's name written in full in the event list; a longer one is cut (a hostile log's
names may be huge, and each event repeats one)."""

_SEAT = re.compile(r"\bplayer (\d+)\b")


@attrs.frozen(slots=True)
class EventLine:
    """One logged event in the replay's list: its ``index``, its ``text``, its ``kind``
    (``ok``, ``violation``, ``collision``, or ``unjudged`` after the deal's first violation)
    and a ``note`` (the rule broken, the collision)."""

    index: int
    text: str
    kind: str = "ok"
    note: str = ""


@attrs.frozen(slots=True)
class DealReplay:
    """The replay of one deal (a Spit round): ``frames[k]`` is the SVG of the table after the
    first ``k`` events; ``events`` the logged events; ``title`` names the deal, ``summary`` is
    its verdict in a line, and ``violation`` the index of the event that breaks a rule (the
    last frame shows the table just before it, marked), if any."""

    title: str
    summary: str
    frames: tuple[str, ...]
    events: tuple[EventLine, ...]
    violation: int | None = None
    valid: bool = True


def _named(words: str, names: Sequence[str]) -> str:
    """An action's words with seat numbers replaced by the players' names."""
    return _SEAT.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), words)


def _timed(index: int, words: str, t: float | int | None) -> str:
    return f"{index}: {words}" + ("" if t is None else f" (t = {brief(t)} ms)")


def _deal_summary(deal: DealVerdict, names: Sequence[str], family: Family) -> str:
    """A judged deal in a line: its first violation, else how it ended, in its family's words."""
    return deal.violations[0].message if deal.violations else family.result_words(deal, names)


def _deals(log: Log) -> Sequence[Any]:
    """The log's coded deals, whatever its family."""
    return log.deals


def deal_count(log: Log) -> int:
    """How many deals (Spit: rounds) a log holds."""
    return len(_deals(log))


def event_count(log: Log, deal: int) -> int:
    """How many events deal (Spit: round) ``deal`` of ``log`` holds, counted without decoding them
    (a replay of it has one table more)."""
    return len(_deals(log)[deal].events)


def first_violation(judged: DealVerdict) -> LoggedViolation | None:
    """The first violation of a deal that an event commits (not its layout's, nor one judged at its end)."""
    return next((v for v in judged.violations if v.event is not None), None)


def table_game(log: Log, deal: int = 0, upto: int | None = None, verdict: Verdict | None = None) -> Any | None:
    """The game of deal (Spit: round) ``deal`` of ``log`` after its first ``upto`` events (by
    default up to its first violation, else all), for drawing that one table; ``None`` when the
    deal has no table (see :func:`replay_deal`).  ``verdict`` is the referee's (judged here
    when not given); ``upto`` past the first violation is refused, the table after it is not known.

    The table is the one the family's ``from_log`` gives (:meth:`speedrules.Game.from_log`,
    :meth:`speedrules.SpitGame.from_log`), without their cost per event (an action value and a
    record for each): the family runs the deal's coded events through its rules kernel, applied
    as the referee judged them, and makes the game from the position reached
    (:meth:`~speedrules.family.Family.logged_game`), so drawing one table of a long log costs
    less than judging it.  The game's history is empty.

    >>> from speedrules import Game, deal
    >>> game = deal("speed", seed=1)
    >>> game.reveal(); game.play(0, "JC", 1)
    >>> log = game.to_log()
    >>> table_game(log, 0, upto=1).position() == Game.from_log(log, 0, upto=1).position()
    True
    """
    verdict = verdict if verdict is not None else referee(log)
    first = first_violation(verdict.deals[deal])
    known = event_count(log, deal) if first is None or first.event is None else first.event
    upto = known if upto is None else upto
    if not 0 <= upto <= known:
        raise InvalidArgumentError(f"the table of deal {deal} is known after 0 to {known} events, not {brief(upto)}")
    return family_of(log.variant).logged_game(log, deal, upto, verdict)


def logged_action(log: Log, deal: int, index: int) -> Any:
    """Event ``index`` of deal (Spit: round) ``deal`` as a library action, decoded alone."""
    return family_of(log.variant).logged_actions(log, deal, index, index + 1)[0][0]


def no_table(verdict: Verdict, deal: int, word: str = "deal") -> str:
    """Why deal ``deal`` has no table (:func:`table_game` gave ``None``): the violation of its
    layout, or of the deal before it (``word``: what a deal is called, Spit's ``round``) that
    breaks a rule."""
    own = next((v for v in verdict.deals[deal].violations if v.event is None), None)
    if own is not None:
        return own.message
    earlier = next((r for r in range(deal) if verdict.deals[r].violations), None)
    if earlier is not None:
        return f"{word} {earlier} breaks a rule: {verdict.deals[earlier].violations[0].message}"
    return "it cannot be laid"


def replay_deal(log: Log, deal: int = 0, verdict: Verdict | None = None, *, source: str | None = None) -> DealReplay:
    """The replay of deal (Spit: round) ``deal`` of ``log``; ``verdict`` is the referee's
    verdict on the log (judged here when not given).  A deal whose layout breaks a rule, or a
    Spit round that cannot be reached because an earlier round breaks one, has no frames.  A
    deal of more than :data:`MAX_FRAMES` tables is refused (an
    :class:`~speedrules.core.errors.InvalidArgumentError`) before anything is drawn."""
    verdict = verdict if verdict is not None else referee(log)
    return replay_deals(log, [deal], verdict, source=source)[0]


def replay_deals(log: Log, deals: Sequence[int], verdict: Verdict, *, source: str | None = None) -> list[DealReplay]:
    """The replays of several deals (Spit: rounds) of ``log`` (see :func:`replay_deal`), each
    laid from its own logged layout (the rounds before it are not replayed)."""
    word = family_of(log.variant).deal_word
    for deal in deals:
        tables = event_count(log, deal) + 1
        if tables > MAX_FRAMES:
            raise InvalidArgumentError(f"{word} {deal} of {brief(source or log.name)} has {tables} tables, too many "
                                       f"for one page (at most {MAX_FRAMES})")
    return [_replay(log, deal, verdict, source) for deal in deals]


def _event_lines(actions: Sequence[tuple[Any, float | int | None]], judged: DealVerdict, names: Sequence[str],
                 ) -> list[EventLine]:
    """The event list of a deal: each event's words, and whether it broke a rule, collided, or
    came after the first violation (not judged)."""
    first = first_violation(judged)
    stop = first.event if first is not None else None
    collided: dict[int, str] = {}
    for c in judged.collisions:
        for i in c.plays:
            kept = "its card stayed" if c.kept == i else "its card went back"
            events = ", ".join(map(str, c.plays))
            collided[i] = f"collision on pile {c.pile} at t = {brief(c.t)} (events {events}): {kept}"
    lines = []
    for i, (action, t) in enumerate(actions):
        kind, note = "ok", ""
        if stop is not None and i > stop:
            kind = "unjudged"
        elif first is not None and i == stop:
            kind, note = "violation", first.message
        elif i in collided:
            kind, note = "collision", collided[i]
        lines.append(EventLine(i, _timed(i, _named(action.describe(), names), t), kind, note))
    return lines


def _frames(game: Any, actions: Sequence[tuple[Any, float | int | None]], judged: DealVerdict,
            lines: Sequence[EventLine]) -> tuple[list[str], int | None]:
    """The tables of a deal laid as ``game``: the layout, then the table after each event up to
    the first violation, the last one marked; and the index of the event that breaks a rule."""
    first = first_violation(judged)
    stop = first.event if first is not None else None
    late = [v for v in judged.violations if v.event is None]
    mark = Mark.of(late[0]) if late and first is None else None
    frames = [table_svg(game, caption="the layout, before the first event", mark=mark)]
    for i, (action, t) in enumerate(actions):
        if stop is not None and i >= stop:
            break
        try:
            game.apply(action, t)
        except IllegalActionError as err:  # the referee stops here too; this is a guard, not a second judge
            first_mark = Mark.of_parts(err.violation.rule, f"event {i}: {err}", i, action, err.violation.player)
            frames[-1] = table_svg(game, mark=first_mark, caption=f"event {lines[i].text} breaks a rule")
            return frames, i
        frames.append(table_svg(game, caption=f"after event {lines[i].text}", mark=mark))
    if first is not None and stop is not None and stop < len(actions):
        frames[-1] = table_svg(game, mark=Mark.of(first, actions[stop][0]),
                               caption=f"the table before event {stop}, which breaks a rule")
    return frames, stop


def _replay(log: Log, deal: int, verdict: Verdict, source: str | None) -> DealReplay:
    """The replay of one deal (see :func:`replay_deal`)."""
    family = family_of(log.variant)
    names = tuple(n if len(n) <= NAME_LIMIT else n[: NAME_LIMIT - 1] + "…" for n in log.names)
    judged = verdict.deals[deal]
    actions = family.logged_actions(log, deal)
    title = f"{source or log.name}: {family.deal_word} {deal}"
    lines = _event_lines(actions, judged, names)
    summary = _deal_summary(judged, names, family)
    first = first_violation(judged)
    stop = first.event if first is not None else None
    game = family.logged_game(log, deal, 0, verdict)
    if game is None:
        return DealReplay(title, summary, (), tuple(lines), stop, judged.valid)
    frames, stop = _frames(game, actions, judged, lines)
    return DealReplay(title, summary, tuple(frames), tuple(lines), stop, judged.valid)


def _script_json(value: Any) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` (they are
    written as ``\\u`` escapes), nor the line separators JavaScript once refused."""
    dumped = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (dumped.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


_STYLE = """
body { font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 0; background: #f4f1ea; color: #1b1b1b; }
header { padding: 10px 16px; background: #1e3a2a; color: #fff; }
header h1 { font-size: 18px; margin: 0 0 6px 0; }
header pre { margin: 0; white-space: pre-wrap; font-size: 12px; max-height: 9em; overflow: auto; }
header.invalid { background: #5a1616; }
#controls { padding: 8px 16px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
#controls input[type=range] { flex: 1; min-width: 200px; }
#main { display: flex; gap: 16px; padding: 0 16px 16px 16px; align-items: flex-start; }
#table svg { max-width: 100%; height: auto; }
#events { position: relative; list-style: none; margin: 0; padding: 0; max-height: 80vh; overflow: auto;
  min-width: 320px; font-size: 13px; border: 1px solid #ccc; background: #fff; }
#events li { padding: 2px 8px; cursor: pointer; border-bottom: 1px solid #eee; }
#events li.done { color: #1b1b1b; }
#events li.todo { color: #888; }
#events li.current { background: #fff3c4; font-weight: bold; }
#events li.violation { background: #ffd6d6; color: #8b0000; }
#events li.collision { background: #ffe9c7; }
#events li.unjudged { color: #aaa; font-style: italic; }
#events li .note { display: block; font-size: 11px; font-weight: normal; }
#status { font-size: 13px; }
"""

_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var deal = 0, step = 0;
  var table = document.getElementById("table"), list = document.getElementById("events");
  var slider = document.getElementById("slider"), status = document.getElementById("status");
  var picker = document.getElementById("deal"), summary = document.getElementById("summary");
  function show(d, s, keepHash) {
    var r = data.deals[d];
    if (d !== deal || list.childElementCount !== r.events.length) { build(r); }
    deal = d;
    step = Math.max(0, Math.min(s, r.frames.length - 1));
    table.innerHTML = r.frames.length ? r.frames[step] : "";
    slider.max = String(Math.max(r.frames.length - 1, 0));
    slider.value = String(step);
    picker.value = String(d);
    summary.textContent = r.title + ": " + r.summary;
    var items = list.children;
    for (var i = 0; i < items.length; i++) {
      var li = items[i];
      li.classList.toggle("done", i < step);
      li.classList.toggle("todo", i >= step);
      var current = i === step - 1 || (r.violation === i && step === r.frames.length - 1);
      li.classList.toggle("current", current);
      if (current) {  // scroll the list only, never the page
        if (li.offsetTop < list.scrollTop) { list.scrollTop = li.offsetTop; }
        else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
        }
      }
    }
    var at = step === 0 ? " (the layout)" : " (after event " + (step - 1) + ")";
    if (r.violation !== null && step === r.frames.length - 1) {
      at = " (before event " + r.violation + ", which breaks a rule)";
    }
    status.textContent = r.frames.length ? "step " + step + " of " + (r.frames.length - 1) + at
      : "no table: " + r.summary;
    table.setAttribute("data-step", String(step));
    table.setAttribute("data-deal", String(d));
    if (!keepHash && window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#deal=" + d + "&step=" + step);
    }
  }
  function build(r) {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    r.events.forEach(function (e, i) {
      var li = document.createElement("li");
      li.textContent = e.text;
      li.className = e.kind;
      li.setAttribute("data-event", String(i));
      if (e.note) {
        var n = document.createElement("span");
        n.className = "note";
        n.textContent = e.note;
        li.appendChild(n);
      }
      li.addEventListener("click", function () { show(deal, i + 1); });
      list.appendChild(li);
    });
  }
  document.getElementById("prev").addEventListener("click", function () { show(deal, step - 1); });
  document.getElementById("next").addEventListener("click", function () { show(deal, step + 1); });
  document.getElementById("first").addEventListener("click", function () { show(deal, 0); });
  document.getElementById("last").addEventListener("click", function () { show(deal, 1e9); });
  slider.addEventListener("input", function () { show(deal, parseInt(slider.value, 10)); });
  picker.addEventListener("change", function () { show(parseInt(picker.value, 10), 0); });
  document.addEventListener("keydown", function (ev) {
    if (ev.target === picker) { return; }
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") { show(deal, step + 1); ev.preventDefault(); }
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") { show(deal, step - 1); ev.preventDefault(); }
    else if (ev.key === "Home") { show(deal, 0); ev.preventDefault(); }
    else if (ev.key === "End") { show(deal, 1e9); ev.preventDefault(); }
  });
  function fromAddress(loading) {  // #deal=D&step=K: on loading, and whenever the address changes
    var m = /deal=(\\d+)/.exec(location.hash), k = /step=(\\d+)/.exec(location.hash);
    if (!loading && !m && !k) { return; }
    var d = m ? Math.min(parseInt(m[1], 10), data.deals.length - 1) : (loading ? 0 : deal);
    show(d, k ? parseInt(k[1], 10) : 0, loading);
  }
  window.addEventListener("hashchange", function () { fromAddress(false); });
  fromAddress(true);
})();
"""


_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
"""The page's content security policy: it may load nothing, from anywhere."""


def replay_page(replays: Sequence[DealReplay], title: str = "speedrules replay", verdict_text: str = "") -> str:
    """One self-contained HTML page replaying ``replays`` (see the module's docstring);
    ``verdict_text`` (the referee's report) is shown at the top.  Raises
    :class:`~speedrules.core.errors.InvalidArgumentError` for no replay, or more than
    :data:`MAX_FRAMES` pictures in all."""
    if not replays:
        raise InvalidArgumentError("nothing to replay: the log has no deal")
    frames = sum(len(r.frames) for r in replays)
    if frames > MAX_FRAMES:
        raise InvalidArgumentError(f"{frames} tables are too many for one page (at most {MAX_FRAMES}): "
                                   "pick deals with --deal")
    data = {"deals": [{"title": r.title, "summary": r.summary, "frames": list(r.frames),
                       "violation": r.violation,
                       "events": [{"text": e.text, "kind": e.kind, "note": e.note} for e in r.events]}
                      for r in replays]}
    valid = all(r.valid for r in replays)
    options = "\n".join(f'<option value="{i}">{text(r.title, 100)}</option>' for i, r in enumerate(replays))
    hidden = "" if len(replays) > 1 else ' style="display:none"'
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{text(title, 100)}</title>
<style>{_STYLE}</style>
</head>
<body>
<header class="{'valid' if valid else 'invalid'}" id="verdict" data-valid="{str(valid).lower()}">
<h1>{text(title, 100)}: {'valid' if valid else 'BREAKS A RULE'}</h1>
<pre>{html.escape(verdict_text)}</pre>
</header>
<div id="controls">
<select id="deal" aria-label="deal"{hidden}>
{options}
</select>
<button id="first" type="button" title="the layout (Home)">first</button>
<button id="prev" type="button" title="previous event (left arrow)">&#x25C0; previous</button>
<button id="next" type="button" title="next event (right arrow)">next &#x25B6;</button>
<button id="last" type="button" title="the last table (End)">last</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="status"></span>
</div>
<div id="main">
<div id="tablebox"><p id="summary"></p><div id="table"></div></div>
<ol id="events"></ol>
</div>
<script type="application/json" id="replay-data">{_script_json(data)}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""


# ------------------------------------------------------------------------------------- verdicts in notebooks


def _family_of(verdict: Verdict | DealVerdict) -> Family:
    """The family of a judged log (:attr:`Verdict.family`) or deal (a deal verdict does not name
    its family: the default family's, unless the caller names it)."""
    return family_of(getattr(verdict, "family", DEFAULT_FAMILY))


def deal_verdict_html(deal: DealVerdict, names: Sequence[str] | None = None, number: int | None = None,
                      family: Family | None = None) -> str:
    """A deal's verdict as HTML (what a notebook shows for a :class:`~speedrules.judge.referee.DealVerdict`):
    its result, each violation with its rule, and the table at the first violation as SVG (the
    family's ``verdict_scene``)."""
    family = family if family is not None else _family_of(deal)
    shown = list(names) if names is not None else [f"player {s}" for s in range(len(deal.remaining))]
    head = f"{family.deal_word} {number}: " if number is not None else ""
    rows = [f'<div class="speedrules-deal" data-valid="{str(deal.valid).lower()}">',
            f"<p><b>{text(head)}{text(_deal_summary(deal, shown, family), 200)}</b>; cards held: "
            + text(", ".join(f"{shown[s] if s < len(shown) else s} {n}" for s, n in enumerate(deal.remaining)), 300)
            + "</p>"]
    if deal.violations:
        rows.append("<ul>" + "".join(f'<li data-rule="{text(v.rule)}">{text(v.message, 300)}'
                                     + (f"; corrected: {text(v.correction)}" if v.correction else "") + "</li>"
                                     for v in deal.violations) + "</ul>")
        mark = Mark.of(deal.violations[0])
        scene = family.verdict_scene(deal.table, shown, "the table at the violation", mark) \
            if deal.table is not None else None
        if scene is not None:
            rows.append(draw(scene, mark=mark))
    rows.append("</div>")
    return "\n".join(rows)


def verdict_html(verdict: Verdict) -> str:
    """A whole verdict as HTML (what a notebook shows for a :class:`~speedrules.judge.referee.Verdict`)."""
    family = _family_of(verdict)
    state = "valid" if verdict.valid else "BREAKS A RULE"
    parts = [f'<div class="speedrules-verdict" data-valid="{str(verdict.valid).lower()}">',
             f"<p><b>{text(verdict.variant)}: {state}</b></p>",
             f"<pre>{html.escape(render_verdict(verdict, verdict.source))}</pre>"]
    parts += [deal_verdict_html(d, verdict.names, i, family) for i, d in enumerate(verdict.deals)
              if d.table is not None]
    parts.append("</div>")
    return "\n".join(parts)
