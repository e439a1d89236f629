"""Reinforcement-learning environments for every family (``docs/rl.md``): a PettingZoo
``ParallelEnv`` (:func:`parallel_env`, and its AEC form :func:`env`) and an OpenSpiel game
(:func:`openspiel_game`), one adapter on the family contract for every variant of every family.

They need the ``rl`` extra (``pip install 'speedrules[rl]'``: pettingzoo, gymnasium, numpy,
open-spiel), imported only when an environment is made; without it they say so
(:func:`rl_missing`).

>>> rl_missing() is None or "pip install 'speedrules[rl]'" in rl_missing()
True
"""

from __future__ import annotations

import importlib.util
from typing import Any

from ..core.variant import Variant

__all__ = ["INSTALL_HINT", "env", "openspiel_game", "parallel_env", "rl_missing"]

INSTALL_HINT = "pip install 'speedrules[rl]'"
_NEEDED = {"pettingzoo": ("pettingzoo", "gymnasium", "numpy"), "openspiel": ("pyspiel", "numpy")}


def rl_missing(kind: str = "pettingzoo") -> str | None:
    """Why the environments of ``kind`` (``pettingzoo``, ``openspiel``) cannot be made (a module
    of the ``rl`` extra is not installed), or ``None``."""
    absent = [m for m in _NEEDED[kind] if importlib.util.find_spec(m) is None]
    if not absent:
        return None
    return f"the reinforcement-learning environments need {', '.join(absent)}, not installed: {INSTALL_HINT}"


def _require(kind: str) -> None:
    missing = rl_missing(kind)
    if missing is not None:
        raise ImportError(missing)


def parallel_env(variant: Variant | str = "speed", *, seed: int | None = None, render_mode: str | None = None,
                 **options: Any) -> Any:
    """A PettingZoo ``ParallelEnv`` of ``variant`` (a bundled name, a file, a
    :class:`~speedrules.core.variant.Variant` of any registered family), its games dealt from
    ``seed``; ``options``: ``step_ms`` (the time between moments), ``max_cycles`` (steps before
    truncation), ``max_rounds``, ``max_events``, ``shaping`` (a shaped reward per card a seat sheds
    in a step, added to the end's +1/-1; 0, off, by default).  An ``ImportError`` naming the extra
    without it."""
    _require("pettingzoo")
    from .parallel import env_class

    return env_class()(variant, seed=seed, render_mode=render_mode, **options)


def env(variant: Variant | str = "speed", **kwargs: Any) -> Any:
    """The AEC form of :func:`parallel_env` (PettingZoo's own ``parallel_to_aec``)."""
    _require("pettingzoo")
    from pettingzoo.utils.conversions import parallel_to_aec

    return parallel_to_aec(parallel_env(variant, **kwargs))


def openspiel_game(variant: Variant | str = "speed", **params: Any) -> Any:
    """An OpenSpiel game (``pyspiel.Game``, simultaneous moves) of ``variant``: see
    :mod:`speedrules.rl.spiel`.  An ``ImportError`` naming the extra without it."""
    _require("openspiel")
    from .spiel import game

    return game(variant, **params)
