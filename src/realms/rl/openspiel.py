"""The Realms games as OpenSpiel Python games: importing this module registers every registered game as
``realms_<id>`` (``realms_kingdomino``, ``realms_dominion``, ``realms_burgundy``) with
``pyspiel.register_game``.

>>> import pyspiel
>>> import realms.rl.openspiel
>>> game = pyspiel.load_game("realms_kingdomino", {"players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 681)
>>> state = game.new_initial_state()
>>> state.current_player() in range(3), len(state.information_state_tensor(0)) == game.information_state_tensor_size()
(True, True)

Game type: sequential; *sampled stochastic* chance (the engines keep their generator in the state and
draw shuffles, rows and dice from it as they go, so OpenSpiel sees no chance nodes); *imperfect
information* for all three: Dominion's hands and decks are hidden, and in every game the state holds its
own generator, i.e. the future rows, draws and dice that no player knows. A search must therefore not
treat a state as what a player knows: ``resample_from_infostate`` (ISMCTS) uses the game's
``determinize``, which keeps what the seat knows and replaces the rest, the generator included. Rewards
are terminal: ``reward="win"`` (+1 sole winner, 0 shared first place, -1 others; zero-sum with two players,
general-sum otherwise) or ``"margin"`` (score minus the best other score; zero-sum with two players).

Parameters: ``players`` (int), ``options`` (the other game options as a JSON object, e.g.
``'{"kingdom": "random"}'``), ``reward`` (``win``/``margin``) and ``rng_seed`` (-1: new games draw fresh
seeds from the operating system; otherwise the i-th initial state of this game object is the same on every
run).

Observations: ``information_state_tensor`` and ``observation_tensor`` are both the game's fixed-shape
encoding (``Game.observation()``) for the player; ``information_state_string`` and
``observation_string`` are the canonical JSON of ``view(state, player)``, the structure that encoding
summarises. A seat's view holds everything it knows (its own past included), which is why one encoding
serves as both.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import realms.games
from realms.core.game import Game, canonical_json
from realms.core.rng import Rng, derive_seed
from realms.rl.core import rewards_of


def _game_type(game: Game, zero_sum: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"realms_{game.id}",
        long_name=f"Realms {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2, "options": "", "reward": "win", "rng_seed": -1},
    )


class RealmsSpielGame(pyspiel.Game):
    """One Realms game (``realms_<id>``) for OpenSpiel."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.realms = realms.games.get(game_id)
        extra = json.loads(params.get("options") or "{}")
        if not isinstance(extra, dict):
            raise ValueError(f"realms_{game_id}: 'options' must be a JSON object, got {params.get('options')!r}")
        players = int(params.get("players", 2))
        self.options = self.realms.validate_options({**extra, "players": players})
        self.reward = str(params.get("reward", "win"))
        if self.reward not in ("win", "margin"):
            raise ValueError(f"realms_{game_id}: reward must be 'win' or 'margin', got {self.reward!r}")
        seed = int(params.get("rng_seed", -1))
        self._seeds = random.Random(None if seed < 0 else seed)
        observer = self.realms.observation()
        assert observer is not None
        self.observer = observer
        self.fields = observer.fields(self.options)
        self.obs_size = sum(int(np.prod(shape)) for _, shape in self.fields)
        max_len, margin = self.realms.spiel_bounds  # generous: the most decisions in a game, the largest margin
        zero_sum = players == 2
        win = self.reward == "win"
        info = pyspiel.GameInfo(
            num_distinct_actions=self.realms.action_space_size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0 if win else -float(margin),
            max_utility=1.0 if win else float(margin),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_len,
        )
        super().__init__(_game_type(self.realms, zero_sum), info,
                         {"players": players, "options": params.get("options", ""), "reward": self.reward,
                          "rng_seed": seed})

    def new_initial_state(self) -> RealmsSpielState:
        state = self.realms.new(self.options, self._seeds.getrandbits(63))
        return RealmsSpielState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RealmsObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return RealmsObserver(self)

    def observation_tensor_shape(self) -> list[int]:
        return [self.obs_size]

    def information_state_tensor_shape(self) -> list[int]:
        return [self.obs_size]


class _Held:
    """What an OpenSpiel state holds: the game (shared) and the engine's state (copied with its own cheap
    ``clone``). pyspiel clones a Python state by deep-copying its attributes, so this is the one attribute."""

    __slots__ = ("game", "state")

    def __init__(self, game: RealmsSpielGame, state: Any) -> None:
        self.game = game
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game, self.game.realms.clone(self.state))


class RealmsSpielState(pyspiel.State):
    """A running game: the engine's state inside an OpenSpiel state."""

    def __init__(self, game: RealmsSpielGame, state: Any) -> None:
        super().__init__(game)
        self._h = _Held(game, state)

    @property
    def realms_state(self) -> Any:
        """The engine's full state (hidden information included)."""
        return self._h.state

    def current_player(self) -> int:
        seat = self._h.state.to_move
        return pyspiel.PlayerId.TERMINAL if seat is None else int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        s = self._h.state
        if s.to_move is None or player != s.to_move:
            return []
        return sorted(a.index for a in self._h.game.realms.legal_actions(s))

    def _apply_action(self, action: int) -> None:
        g = self._h.game.realms
        g.apply(self._h.state, g.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._h.game.realms.actions[action])

    def is_terminal(self) -> bool:
        return self._h.state.to_move is None

    def returns(self) -> list[float]:
        game = self._h.game
        res = game.realms.result(self._h.state)
        if res is None:
            return [0.0] * game.num_players()
        return rewards_of(res, game.reward)

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RealmsSpielState:
        """A state ``player_id`` cannot tell from this one (``determinize``), its future drawn afresh."""
        seed = int(probability_sampler() * 2**53) ^ derive_seed(self.move_number(), player_id)
        clone = self.clone()
        clone._h.state = self._h.game.realms.determinize(self._h.state, player_id, Rng(seed))
        return clone

    def __str__(self) -> str:
        return canonical_json(self._h.game.realms.view(self._h.state, None))


class RealmsObserver:
    """OpenSpiel's PyObserver for a Realms game: the encoding as ``tensor`` (``dict`` names its fields),
    the view as canonical JSON as the string."""

    def __init__(self, game: RealmsSpielGame) -> None:
        self._game = game
        self.tensor = np.zeros(game.obs_size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        off = 0
        for name, shape in game.fields:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[off:off + n].reshape(shape)
            off += n

    def set_from(self, state: RealmsSpielState, player: int) -> None:
        self.tensor[:] = self._game.observer.encode(state._h.state, player)

    def string_from(self, state: RealmsSpielState, player: int) -> str:
        return canonical_json(self._game.realms.view(state._h.state, player))


def _register(game_id: str) -> type[RealmsSpielGame]:
    game = realms.games.get(game_id)

    class _Game(RealmsSpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_id, params)

    _Game.__name__ = _Game.__qualname__ = f"Realms{game.name.replace(' ', '')}SpielGame"
    pyspiel.register_game(_game_type(game, zero_sum=True), _Game)
    return _Game


#: every registered game as ``realms_<id>`` (one needs an observation encoding, ``Game.observation``, to load)
GAME_NAMES = tuple(f"realms_{g}" for g in realms.games.ids())
_registered = set(pyspiel.registered_names())
for _name in GAME_NAMES:
    if _name not in _registered:
        _register(_name.removeprefix("realms_"))
