"""The PettingZoo environment of any variant of any family (``docs/rl.md``): a ``ParallelEnv``
whose agents ``player_0`` ... act at once, moment by moment, on the family's simulated table
(:class:`~speedrules.rl.episode.Episode`).

pettingzoo, gymnasium and numpy are imported when an environment is made, never when this
module is: the class is put together then (:func:`env_class`) from :class:`ParallelCore`.

>>> env = env_class()("spit", seed=2)
>>> obs, infos = env.reset()
>>> sorted(obs["player_0"]), env.action_space("player_0"), obs["player_0"]["action_mask"][0]
(['action_mask', 'observation'], Discrete(256), np.int8(1))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.loading import as_variant
from ..core.variant import Variant
from ..family import family_of
from ..logs.log import Log
from ..sim.stats import MAX_EVENTS, MAX_ROUNDS
from ..table import Menu
from .episode import STEP_MS, WAIT, Episode

__all__ = ["MAX_CYCLES", "ParallelCore", "env_class"]

MAX_CYCLES = 20_000
"""The default bound on an episode's steps (moments): the episode is truncated at it."""


class ParallelCore:
    """The environment's methods (PettingZoo's ``ParallelEnv`` API), on plain Python and numpy.

    Each agent's observation is a dict: ``observation``, the numbers the family shows its seat
    (:meth:`~speedrules.family.Family.rl_observation`, as ``float32``), and ``action_mask``
    (``int8``): 1 for :data:`~speedrules.rl.episode.WAIT` and for each of its options now.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "speedrules_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, variant: Variant | str = "speed", *, seed: int | None = None, render_mode: str | None = None,
                 step_ms: int = STEP_MS, max_cycles: int = MAX_CYCLES, max_rounds: int = MAX_ROUNDS,
                 max_events: int = MAX_EVENTS, shaping: float = 0.0) -> None:
        import gymnasium
        import numpy

        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: the speedrules environments render 'ansi' only")
        self.variant = v = as_variant(variant)
        self.family = family = family_of(v)
        self.np: Any = numpy
        self.render_mode = render_mode
        self.step_ms, self.max_cycles, self.max_rounds, self.max_events = step_ms, max_cycles, max_rounds, max_events
        self.shaping = float(shaping)
        """The shaped reward per card a seat sheds in a step (0: off, the default)."""
        self.held: tuple[int, ...] = ()
        self.possible_agents = [f"player_{i}" for i in range(v.players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self.rng = random.Random(seed)
        size, width = family.rl_observation_size(v), family.rl_actions(v)
        spaces = gymnasium.spaces
        box = spaces.Box(0.0, numpy.inf, (size,), numpy.float32)
        self.state_space = spaces.Box(0.0, numpy.inf, (family.rl_observation_size(v, whole=True),), numpy.float32)
        observation = spaces.Dict({"observation": box, "action_mask": spaces.Box(0, 1, (width,), numpy.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(width) for a in self.possible_agents}
        self.width, self.size = width, size
        self.cycles = 0
        self.episode: Episode | None = None
        self.seen: Any = None
        """Every seat's observation (a row each), as last worked out (whole numbers)."""
        self.masks = b""
        """Every seat's action mask, a row of ``width`` bytes each, as last worked out."""
        self.built_at: tuple[int, int, bool] | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the API

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any],
                                                                                              dict[str, Any]]:
        """A new game: dealt from ``seed``, else from the environment's own random source (seeded
        by the last seed given, so a seeded environment's games are the same every run)."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.episode = Episode(self.variant, self.rng.getrandbits(63), names=tuple(self.possible_agents),
                               step_ms=self.step_ms, max_rounds=self.max_rounds, max_events=self.max_events)
        self.cycles = 0
        self.built_at = None
        self.held = self.episode.table.remaining()
        self.agents = list(self.possible_agents) if not self.episode.done else []
        return self._observations(self.possible_agents), {a: {} for a in self.possible_agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                    dict[str, bool], dict[str, Any]]:
        """One moment: each agent's action index (see :class:`~speedrules.rl.episode.Episode`); an
        action that is not an index (a numpy integer, an int) waits."""
        episode = self._episode()
        live = list(self.agents)
        seat_of = self.seat_of
        chosen = {seat_of[agent]: _index(action) for agent, action in actions.items() if agent in live}
        over = episode.play(chosen)
        self.cycles += 1
        truncated = not over and self.cycles >= self.max_cycles
        if truncated:
            episode.truncate()
        rewards = list(map(float, episode.rewards()))
        if self.shaping:
            held, self.held = self.held, episode.table.remaining()
            shed = [before - now for before, now in zip(held, self.held, strict=True)]
            rewards = [r + self.shaping * n for r, n in zip(rewards, shed, strict=True)]
        out: tuple[Any, ...] = (self._observations(live), self._by_agent(live, rewards), dict.fromkeys(live, over),
                                dict.fromkeys(live, truncated), {agent: {} for agent in live})
        if over or truncated:
            self.agents = []
        if self.render_mode == "ansi":
            print(self.render())
        return out

    def _by_agent(self, agents: list[str], values: list[Any]) -> dict[str, Any]:
        """Each of ``agents``' entry of ``values`` (one per seat)."""
        if agents == self.possible_agents:
            return dict(zip(agents, values, strict=True))
        seat_of = self.seat_of
        return {agent: values[seat_of[agent]] for agent in agents}

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self.episode

    def _observations(self, agents: list[str]) -> dict[str, Any]:
        """Each of ``agents``' observation dict: every seat's numbers and mask, worked out once the
        table changed (:meth:`~speedrules.family.Family.rl_observations`, the episode's menus) and
        kept; each call hands out rows of new arrays made from them (an agent may change its
        arrays: the next step's are its own)."""
        episode = self._episode()
        np = self.np
        key = episode.looked_at
        if key != self.built_at:
            self.built_at = key
            self.seen = _whole_numbers(np, self.family.rl_observations(self.variant, episode.table), self.size)
            width = self.width
            allowed = bytearray(len(self.possible_agents) * width)
            at = 0
            for menu in episode.menus:
                allowed[at + WAIT] = 1
                for index in menu:
                    allowed[at + index] = 1
                at += width
            self.masks = bytes(allowed)
        seen = self.seen.astype(np.float32)
        masks = np.ndarray((len(self.possible_agents), self.width), np.int8, bytearray(self.masks))
        out: dict[str, Any] = {}
        if agents == self.possible_agents:  # (rows in seat order, as iterating the arrays gives them)
            for agent, numbers, mask in zip(agents, seen, masks, strict=True):
                out[agent] = {"observation": numbers, "action_mask": mask}
        else:
            for agent in agents:
                seat = self.seat_of[agent]
                out[agent] = {"observation": seen[seat], "action_mask": masks[seat]}
        return out

    def menu(self, agent: str) -> Menu | None:
        """The table's menu of ``agent``'s seat now (its options in roles, as the simulator's bots
        choose from them), or ``None``: for a scripted policy, such as a bundled bot's chooser."""
        episode = self._episode()
        return None if episode.done else episode.table.menu(self.seat_of[agent])

    def index_of(self, agent: str, option: Any) -> int:
        """The action index of one of ``agent``'s options now (``None``, or an option it does
        not have: :data:`~speedrules.rl.episode.WAIT`)."""
        found = [i for i, o in self._episode().options(self.seat_of[agent]).items() if o == option]
        return found[0] if found else WAIT

    def state(self) -> Any:
        """The whole table (every card face up), as the seats' observations number it."""
        return self.np.asarray(self._episode().observation(None), self.np.float32)

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), every card face up."""
        return self._episode().text() if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass

    def to_log(self) -> Log:
        """The current (or last) game as a :class:`~speedrules.Log` the referee judges."""
        return self._episode().to_log()


def _whole_numbers(np: Any, rows: Sequence[Sequence[int]], size: int) -> Any:
    """``rows`` of whole numbers as an array of ``size`` columns (``uint8`` where every number fits
    a byte).  Rows of bytes (:meth:`~speedrules.family.Family.rl_observations`) are joined as they
    are; lists of numbers from 0 to 255 go through ``bytes``, a third of the instructions of
    numpy's conversion of lists; any other through numpy's."""
    try:
        data = b"".join(rows)  # type: ignore[arg-type]
    except TypeError:  # (rows of lists)
        flat: list[int] = []
        for row in rows:
            flat += row
        try:
            data = bytes(flat)
        except (ValueError, TypeError):
            return np.array(flat).reshape(len(rows), size)
    return np.ndarray((len(rows), size), np.uint8, data)


def _index(action: Any) -> int:
    """An action as an index (a numpy integer, an int); anything else waits."""
    try:
        return int(action)
    except (TypeError, ValueError, OverflowError):
        return WAIT


def env_class() -> type:
    """The environment's class: :class:`ParallelCore` with PettingZoo's ``ParallelEnv``."""
    from pettingzoo import ParallelEnv

    global _CLASS
    if _CLASS is None:
        _CLASS = type("SpeedrulesParallelEnv", (ParallelCore, ParallelEnv), {"__doc__": ParallelCore.__doc__})
    return _CLASS


_CLASS: type | None = None
