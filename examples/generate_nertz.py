"""Regenerate the Nertz example logs in this folder (run from the repository root).

    python examples/generate_nertz.py

``nertz-game.json`` is a simulated game of plain Nertz, played to a target of 30 (a variant
document embedded in the log) by the bundled greedy bots from a fixed seed;
``nertz-foreign-card.json`` is the same game with one event's card changed to the same face of
the other player's deck, so its verdict is known in advance (rule ``nertz.owner`` there).
The golden verdicts are ``speedrules referee NAME.json --json``, pretty-printed.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import speedrules
from speedrules.cli.main import main

HERE = Path(__file__).resolve().parent
CHANGED = 5
"""The event whose card changes owner in ``nertz-foreign-card.json``."""


def write(name: str, data: dict[str, object]) -> None:
    path = HERE / f"{name}.json"
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        main(["referee", f"examples/{name}.json", "--json"])
    (HERE / "verdicts" / f"{name}.verdict.json").write_text(json.dumps(json.loads(out.getvalue()), indent=2) + "\n",
                                                           encoding="utf-8")


def main_() -> None:
    document = {"extends": "nertz", "title": "Nertz to 30", "nertz": {"target": 30}}
    variant = speedrules.variant_from_document(document)
    [result] = speedrules.simulate(variant, 1, seed=7, bots="greedy", logs=True)
    assert result.log is not None
    data = json.loads(result.log.dumps())
    data["variant"] = document
    data["players"] = ["Ann", "Ben"]
    data.pop("meta", None)
    write("nertz-game", data)
    events = data["deals"][0]["events"]  # type: ignore[index]
    card = events[CHANGED]["card"]
    seat, face = card.split("#")
    events[CHANGED]["card"] = f"{1 - int(seat)}#{face}"
    write("nertz-foreign-card", data)


if __name__ == "__main__":
    main_()
