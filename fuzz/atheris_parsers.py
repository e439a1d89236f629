"""Coverage-guided fuzzing of the readers with atheris (optional).

atheris is not a dependency of speedrules; install it beside the project and run:

    pip install atheris
    python fuzz/atheris_parsers.py -atheris_runs=200000 fuzz/corpus

Each input is fed, as text, to every reader of hostile text: the referee's one-pass reader
(a Speed or a Spit log), the variant reader, the position notation of Speed and of Spit
(``Game.from_position``, ``SpitGame.from_position``) and the action notation
(``parse_action``, ``parse_spit_action``); a log that reads is also drawn, as the ``render``
and ``view`` pages draw it.  Any exception that is not one of the library's documented
errors (a ``SpeedrulesError``) is a finding: atheris stops and writes the input that caused
it.  ``fuzz/corpus`` (made if missing) is seeded with the shipped examples (Speed and Spit
logs), variants and hostile inputs, and the positions of the example games, so the fuzzer
starts from real documents and mutates them.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from speedrules import Game, SpitGame, parse_action, parse_spit_action
    from speedrules.core.errors import SpeedrulesError
    from speedrules.core.loading import variant_from_document
    from speedrules.judge.referee import referee, referee_text
    from speedrules.logs.log import log_from_text, parse_log_text
    from speedrules.show.replay import replay_deal

REPO = Path(__file__).resolve().parent.parent


def judge(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    with contextlib.suppress(SpeedrulesError):
        referee_text(text, "fuzzed.json")
    with contextlib.suppress(SpeedrulesError):
        variant_from_document(parse_log_text(text, "fuzzed.yaml"), name="fuzzed.yaml")
    for read in (lambda: Game.from_position("speed", text), lambda: SpitGame.from_position("spit", text),
                 lambda: parse_action(text), lambda: parse_spit_action(text)):
        with contextlib.suppress(SpeedrulesError):
            read()
    with contextlib.suppress(SpeedrulesError):
        log = log_from_text(text, "fuzzed.json")
        verdict = referee(log)
        if verdict.deals:
            replay_deal(log, 0, verdict, source="fuzzed.json")  # the page's frames of the first deal


def seed_corpus(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for source in [*REPO.glob("examples/*.json"), *REPO.glob("variants/*.yaml"), *REPO.glob("tests/hostile/*/*")]:
        if source.is_file() and not source.is_symlink():
            (folder / source.name).write_bytes(source.read_bytes())
    for source in REPO.glob("examples/*.json"):  # each example game's position after its first deal
        with contextlib.suppress(SpeedrulesError):
            log = log_from_text(source.read_text(encoding="utf-8"), source.name)
            game = SpitGame.from_log(log) if log.variant.spit is not None else Game.from_log(log)
            (folder / f"{source.stem}.position").write_text(game.position(), encoding="utf-8")


if __name__ == "__main__":
    corpus = next((Path(a) for a in sys.argv[1:] if not a.startswith("-")), None)
    if corpus is not None and not corpus.exists():
        seed_corpus(corpus)
    atheris.Setup(sys.argv, judge)
    atheris.Fuzz()
