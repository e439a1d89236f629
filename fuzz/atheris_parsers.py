"""Coverage-guided fuzzing of the log and variant readers with atheris (optional).

atheris is not a dependency of speedrules; install it beside the project and run:

    pip install atheris
    python fuzz/atheris_parsers.py -atheris_runs=200000 fuzz/corpus

Each input is fed, as text, to the variant reader and to the referee's one-pass reader.
Any exception that is not one of the library's documented errors (a ``SpeedrulesError``)
is a finding: atheris stops and writes the input that caused it.  ``fuzz/corpus`` (made
if missing) is seeded with the shipped examples and variants, so the fuzzer starts from
real documents and mutates them.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from speedrules.errors import SpeedrulesError
    from speedrules.loading import variant_from_document
    from speedrules.log import parse_log_text
    from speedrules.referee import referee_text

REPO = Path(__file__).resolve().parent.parent


def judge(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    with contextlib.suppress(SpeedrulesError):
        referee_text(text, "fuzzed.json")
    with contextlib.suppress(SpeedrulesError):
        variant_from_document(parse_log_text(text, "fuzzed.yaml"), name="fuzzed.yaml")


def seed_corpus(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for source in [*REPO.glob("examples/*.json"), *REPO.glob("variants/*.yaml"), *REPO.glob("tests/hostile/*/*")]:
        if source.is_file() and not source.is_symlink():
            (folder / source.name).write_bytes(source.read_bytes())


if __name__ == "__main__":
    corpus = next((Path(a) for a in sys.argv[1:] if not a.startswith("-")), None)
    if corpus is not None and not corpus.exists():
        seed_corpus(corpus)
    atheris.Setup(sys.argv, judge)
    atheris.Fuzz()
