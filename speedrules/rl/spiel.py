"""The OpenSpiel game of any variant of any family (``docs/rl.md``): a registered Python game,
``python_speedrules``, whose parameter ``variant`` names the variant, with simultaneous moves on
the family's simulated table (:class:`~speedrules.rl.episode.Episode`, the same moments as the
PettingZoo environment).

- The first node is a chance node, the deal: outcome ``k`` (of ``deals``, equally likely) deals
  the game from seed ``k`` (the same seed, the same table and the same landing orders).
- Then every node is simultaneous: each player's legal actions are
  :data:`~speedrules.rl.episode.WAIT` and the indices of its options (its mask in PettingZoo).
- A state is its history (the deal's outcome, then each moment's joint action): ``serialize``
  and ``deserialize`` (OpenSpiel's own, replaying the history) round-trip it, and a clone copies
  the history and replays it only when the clone is first read (a clone that is only applied
  to, as search does, replays once).
- Observation and information-state tensors: the seat's numbers
  (:meth:`~speedrules.family.Family.rl_observation`); strings: the family's text table as the
  seat sees it (the information state adds the seat's own past actions).

pyspiel is imported when a game is made, never when this module is.

>>> spit = game("spit")
>>> state = spit.new_initial_state()
>>> state.is_chance_node(), spit.num_players(), len(state.chance_outcomes())
(True, 2, 1000)
>>> state.apply_action(7)
>>> state.is_simultaneous_node(), state.legal_actions(0)[0]
(True, 0)
"""

from __future__ import annotations

import base64
import json
from typing import Any

from ..core.loading import as_variant, variant_from_document
from ..core.variant import Variant
from ..family import family_of
from ..logs.log import Log, variant_reference
from .episode import STEP_MS, WAIT, Episode

__all__ = ["DEALS", "MAX_CYCLES", "SHORT_NAME", "game"]

SHORT_NAME = "python_speedrules"
DEALS = 1000
"""The default count of the deal's chance outcomes (deal seeds)."""
MAX_CYCLES = 20_000
"""The default bound on a game's moments: the game ends there, unfinished (returns 0)."""
_PARAMS: dict[str, Any] = {"variant": "speed", "deals": DEALS, "step_ms": STEP_MS, "max_cycles": MAX_CYCLES}
_CLASSES: dict[str, type] = {}


class _Cache:
    """A state's episode, played up to ``built`` moments of its history: never copied (a copy of a
    state, however OpenSpiel makes it, starts empty and replays its history when first read)."""

    __slots__ = ("built", "episode")

    def __init__(self) -> None:
        self.episode: Episode | None = None
        self.built = 0

    def __deepcopy__(self, memo: Any) -> _Cache:
        return _Cache()

    def __reduce__(self) -> tuple[Any, ...]:
        return _Cache, ()


class StateCore:
    """A state's methods (OpenSpiel's Python-game API); its base ``pyspiel.State`` is added by
    :func:`_classes`."""

    def __init__(self, game: Any, history: list[tuple[int, ...]] | None = None) -> None:
        import pyspiel

        pyspiel.State.__init__(self, game)
        self.core: GameCore = game
        self.moments: list[tuple[int, ...]] = list(history or [])
        """The history: the deal's outcome, then each moment's joint action."""
        self.cache = _Cache()

    def episode_now(self) -> Episode | None:
        """The episode, replayed up to the history (lazily, after a clone)."""
        if not self.moments:
            return None
        cache = self.cache
        episode = cache.episode
        if episode is None:
            core = self.core
            episode = cache.episode = Episode(core.variant, self.moments[0][0], step_ms=core.step_ms)
            cache.built = 1
        for actions in self.moments[cache.built:]:
            episode.play(dict(enumerate(actions)))
        cache.built = len(self.moments)
        return episode

    def current_player(self) -> int:
        import pyspiel

        if not self.moments:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def is_terminal(self) -> bool:
        episode = self.episode_now()
        return episode is not None and (episode.done or len(self.moments) > self.core.max_cycles)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.core.deals
        return [(k, 1.0 / deals) for k in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        episode = self.episode_now()
        return [WAIT] if episode is None else episode.legal(player)

    def _apply_action(self, action: int) -> None:
        """The deal's outcome, or a moment's flat joint action (OpenSpiel's order: player 0's
        choice among its legal actions varies fastest)."""
        if not self.moments:
            self.moments.append((int(action),))
            return
        flat, joint = int(action), []
        for player in range(self.core.seats):
            legal = self._legal_actions(player)
            joint.append(legal[flat % len(legal)])
            flat //= len(legal)
        self.moments.append(tuple(joint))

    def _apply_actions(self, actions: list[int]) -> None:
        self.moments.append(tuple(int(a) for a in actions))

    def _action_to_string(self, player: int, action: int) -> str:
        if player < 0:
            return f"deal {action}"
        episode = self.episode_now()
        option = episode.options(player).get(action) if episode is not None else None
        return "wait" if option is None else f"{action}: {option}"

    def returns(self) -> list[float]:
        episode = self.episode_now()
        if episode is None or not self.is_terminal():
            return [0.0] * self.core.seats
        return [float(r) for r in episode.rewards()]

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        episode = self.episode_now()
        return "(not dealt)" if episode is None else episode.text()

    def __deepcopy__(self, memo: Any) -> Any:
        return type(self)(self.core, self.moments)

    def __reduce__(self) -> tuple[Any, ...]:
        return _state, (self.core, self.moments)

    def to_log(self) -> Log:
        """The game so far as a :class:`~speedrules.Log` the referee judges."""
        episode = self.episode_now()
        if episode is None:
            raise ValueError("the game is not dealt yet: no log")
        return episode.to_log()


class GameCore:
    """The game's methods; its base ``pyspiel.Game`` is added by :func:`_classes`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        import pyspiel

        params = {**_PARAMS, **(params or {})}
        self.params = params
        self.variant: Variant = _variant(params["variant"])
        self.family = family = family_of(self.variant)
        self.seats = self.variant.players
        self.deals, self.step_ms, self.max_cycles = int(params["deals"]), int(params["step_ms"]), \
            int(params["max_cycles"])
        info = pyspiel.GameInfo(num_distinct_actions=family.rl_actions(self.variant), max_chance_outcomes=self.deals,
                                num_players=self.seats, min_utility=-1.0, max_utility=1.0, utility_sum=None,
                                max_game_length=self.max_cycles + 1)
        pyspiel.Game.__init__(self, _game_type(), info, params)

    def new_initial_state(self) -> Any:
        return _classes()["state"](self)

    def __reduce__(self) -> tuple[Any, ...]:
        return _load, (self.params,)

    def __deepcopy__(self, memo: Any) -> Any:
        return self  # (a game does not change: a copied state shares it)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self, bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class Observer:
    """A seat's observation (OpenSpiel's ``PyObserver``): ``tensor`` its numbers, its string the
    text table it sees; ``recall``: the information state (its own past actions too)."""

    def __init__(self, game: GameCore, recall: bool) -> None:
        import numpy

        self.game, self.recall = game, recall
        self.tensor = numpy.zeros(game.family.rl_observation_size(game.variant), numpy.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: StateCore, player: int) -> None:
        episode = state.episode_now()
        self.tensor[:] = 0 if episode is None else episode.observation(player)

    def string_from(self, state: StateCore, player: int) -> str:
        episode = state.episode_now()
        if episode is None:
            return "(not dealt)"
        family = episode.family
        text = family.scene(family.table_game(episode.table), viewer=player).text()
        if not self.recall:
            return text
        own = " ".join(str(m[player]) for m in state.moments[1:])
        return f"deal {state.moments[0][0]}; my actions: {own}\n{text}"


_DOCUMENT = "document:"
"""How a ``variant`` parameter holding a variant's document begins (then its JSON text in URL-safe
base64 without padding: OpenSpiel writes a game's parameters as ``name(key=value,...)`` and
reads them back, so the text may hold no comma, bracket or equals sign)."""


def _variant(text: str) -> Variant:
    """The variant a game's ``variant`` parameter names: a bundled name, a file, or a variant's
    document (how :func:`game` passes a variant of its own)."""
    if text.startswith(_DOCUMENT):
        coded = text[len(_DOCUMENT):]
        document = json.loads(base64.urlsafe_b64decode(coded + "=" * (-len(coded) % 4)))
        return variant_from_document(document, name="<openspiel variant>")
    return as_variant(text)


def _load(params: dict[str, Any]) -> Any:
    """A game from its parameters (how a pickled game comes back)."""
    return _classes()["game"](params)


def _state(game: Any, moments: list[tuple[int, ...]]) -> Any:
    """A state from its game and history (how a pickled state comes back)."""
    return _classes()["state"](game, moments)


def _game_type() -> Any:
    import pyspiel

    kinds = pyspiel.GameType
    return kinds(short_name=SHORT_NAME, long_name="speedrules (any variant of any family)",
                 dynamics=kinds.Dynamics.SIMULTANEOUS, chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
                 information=kinds.Information.IMPERFECT_INFORMATION, utility=kinds.Utility.GENERAL_SUM,
                 reward_model=kinds.RewardModel.TERMINAL, max_num_players=8, min_num_players=2,
                 provides_information_state_string=True, provides_information_state_tensor=True,
                 provides_observation_string=True, provides_observation_tensor=True,
                 provides_factored_observation_string=False, parameter_specification=_PARAMS)


def _classes() -> dict[str, type]:
    """The game's and the state's classes, put together (and the game registered) once."""
    if not _CLASSES:
        import pyspiel

        _CLASSES["state"] = type("SpeedrulesState", (StateCore, pyspiel.State), {})
        _CLASSES["game"] = type("SpeedrulesGame", (GameCore, pyspiel.Game), {})
        globals().update(SpeedrulesState=_CLASSES["state"], SpeedrulesGame=_CLASSES["game"])  # (found by pickle)
        pyspiel.register_game(_game_type(), _CLASSES["game"])
    return _CLASSES


def game(variant: Variant | str = "speed", **params: Any) -> Any:
    """The OpenSpiel game of ``variant`` (``params``: ``deals``, ``step_ms``, ``max_cycles``): it
    is ``pyspiel.load_game("python_speedrules", {"variant": ..., ...})``, the variant given by its
    bundled name, a file's path, or (a variant of its own) its document, coded."""
    import pyspiel

    _classes()
    if not isinstance(variant, str):
        reference = variant_reference(variant)
        variant = reference if isinstance(reference, str) else _DOCUMENT + base64.urlsafe_b64encode(
            json.dumps(reference).encode()).decode().rstrip("=")
    return pyspiel.load_game(SHORT_NAME, {**params, "variant": variant})
