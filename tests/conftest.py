"""Test configuration: a deterministic Hypothesis profile for the whole suite.

``derandomize=True`` makes every run explore the same examples (a failure found
once is found again); ``print_blob=True`` prints the reproduction blob of a failure.
Set ``SPEEDRULES_HYPOTHESIS_PROFILE=thorough`` for a longer, still deterministic run, or
``no-shrink`` to see failures at once without minimising them.

The hostile-input fuzz tests (marker ``fuzz``) take their example budget from
``fuzzing.FUZZ_EXAMPLES``: a short run by default (CI), a long one with
``SPEEDRULES_FUZZ_EXAMPLES=20000 pytest -m fuzz`` (see docs/fuzzing.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

settings.register_profile(
    "speedrules",
    derandomize=True,
    max_examples=30,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("speedrules"), max_examples=1000)
settings.register_profile(  # for triage: report failures without minimising them
    "no-shrink", parent=settings.get_profile("speedrules"),
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
)
settings.load_profile(os.environ.get("SPEEDRULES_HYPOTHESIS_PROFILE", "speedrules"))
