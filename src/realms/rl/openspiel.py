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

Game type: sequential; *deterministic* in OpenSpiel's sense, i.e. no chance nodes (the engines keep their
generator in the state, seeded when the state is made, and draw shuffles, rows and dice from it as they go:
a state's future follows from its seed and the actions; OpenSpiel's "sampled stochastic" would need a game-wide
generator, which Python games cannot hand to OpenSpiel's serialisation); *imperfect information* for all three:
Dominion's hands and decks are hidden, and in every game the state holds its own generator, i.e. the future
rows, draws and dice that no player knows. A search must therefore not
treat a state as what a player knows: ``resample_from_infostate`` (ISMCTS) uses the game's
``determinize``, which keeps what the seat knows and replaces the rest, the generator included. Rewards
are terminal: ``reward="win"`` (+1 sole winner, 0 shared first place, -1 others; zero-sum with two players,
general-sum otherwise) or ``"margin"`` (score minus the best other score; zero-sum with two players).

Parameters: ``players`` (int), ``options`` (the other game options as a JSON object, e.g.
``'{"kingdom": "random"}'``), ``reward`` (``win``/``margin``) and ``rng_seed`` (-1: new games draw fresh
seeds from the operating system; otherwise the i-th initial state of this game object is the same on every
run).

Serialisation: ``state.serialize()``, ``pyspiel.serialize_game_and_state`` and ``pickle`` write a state as its
history (OpenSpiel's own list of actions) and its seed, and rebuild it by replaying the actions from the seed:
(options, seed, actions) is the whole state. A state from ``resample_from_infostate`` holds other hidden
information than its history gives; it is written as the engine's state itself (pickled). A game is written as
its parameters: a game read back deals its initial states from the start of its ``rng_seed`` sequence again.

Observations: ``information_state_tensor`` and ``observation_tensor`` are both the game's fixed-shape
encoding (``Game.observation()``) for the player; ``information_state_string`` and
``observation_string`` are the canonical JSON of ``view(state, player)``, the structure that encoding
summarises. A seat's view holds everything it knows (its own past included), which is why one encoding
serves as both. The tensors are written by the game's encoder straight from the state (the state's own
``observation_tensor``, ``information_state_tensor`` and the game's ``*_tensor_size``): OpenSpiel's generic
path for Python games makes a whole new initial state at each call to learn the tensor's size, which costs
many times the encoding and draws a seed from the game.
"""

from __future__ import annotations

import base64
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
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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


#: how the game's string writes ``options`` whose JSON has a character OpenSpiel's game strings give a meaning
#: (``name(key=value,...)``): urlsafe base64 of the JSON, without its ``=`` padding, after this prefix
_B64 = "b64:"


def _read_options(game_id: str, raw: str) -> dict[str, Any]:
    text = raw
    if raw.startswith(_B64):
        body = raw.removeprefix(_B64)
        try:
            text = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True).decode()
        except (ValueError, UnicodeDecodeError):
            raise ValueError(f"realms_{game_id}: 'options' {raw!r} is not base64 of a JSON object") from None
    try:
        extra = json.loads(text or "{}")
    except json.JSONDecodeError:
        extra = None
    if not isinstance(extra, dict):
        raise ValueError(f"realms_{game_id}: 'options' must be a JSON object, got {raw!r}")
    return extra


def _write_options(extra: dict[str, Any]) -> str:
    """The options as the game's string holds them: compact JSON (keys sorted), or its base64 form where the JSON
    has a character that would cut the game's string (``,`` ``(`` ``)`` ``=``), so that OpenSpiel can load the
    game back from its string (``pyspiel.serialize_game_and_state``, ``pickle``)."""
    if not extra:
        return ""
    text = json.dumps(extra, sort_keys=True, separators=(",", ":"))
    if not any(c in text for c in ",()=\n"):
        return text
    return _B64 + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


class RealmsSpielGame(pyspiel.Game):
    """One Realms game (``realms_<id>``) for OpenSpiel."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.realms = realms.games.get(game_id)
        extra = _read_options(game_id, str(params.get("options") or ""))
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
                         {"players": players, "options": _write_options(extra), "reward": self.reward,
                          "rng_seed": seed})

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return pyspiel.load_game, (str(self),)

    def new_initial_state(self) -> RealmsSpielState:
        seed = self._seeds.getrandbits(63)
        return RealmsSpielState(self, self.realms.new(self.options, seed), seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RealmsObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return RealmsObserver(self)

    def observation_tensor_shape(self) -> list[int]:
        return [self.obs_size]

    def information_state_tensor_shape(self) -> list[int]:
        return [self.obs_size]

    def observation_tensor_size(self) -> int:
        return self.obs_size

    def information_state_tensor_size(self) -> int:
        return self.obs_size


class _Held:
    """What an OpenSpiel state holds: the game (shared), the engine's state (copied with its own cheap
    ``clone``) and the seed it was made from (None once ``determinize`` replaced its hidden part). pyspiel
    clones a Python state by deep-copying its attributes and serialises it by pickling them, so this is the
    one attribute: it pickles as ``_Saved``, the seed alone (the state then replays its history from it) or,
    without a seed, the engine's state."""

    __slots__ = ("game", "state", "seed")

    def __init__(self, game: RealmsSpielGame, state: Any, seed: int | None) -> None:
        self.game = game
        self.state = state
        self.seed = seed

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game, self.game.realms.clone(self.state), self.seed)

    def __reduce__(self) -> tuple[Any, tuple[int | None, Any]]:
        return _Saved, (self.seed, None if self.seed is not None else self.state)


class _Saved:
    """A state's engine part as pickled: its seed (its actions are the OpenSpiel history), or the engine's state
    itself. Setting it as a state's ``_h`` (what OpenSpiel's deserialisation does) rebuilds the state."""

    __slots__ = ("seed", "state")

    def __init__(self, seed: int | None, state: Any) -> None:
        self.seed = seed
        self.state = state


class RealmsSpielState(pyspiel.State):
    """A running game: the engine's state inside an OpenSpiel state."""

    def __init__(self, game: RealmsSpielGame, state: Any, seed: int | None) -> None:
        super().__init__(game)
        self._h = _Held(game, state, seed)

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, _Saved):  # OpenSpiel's deserialisation: the history is set already
            value = self._restore(value)
        super().__setattr__(name, value)

    def _restore(self, saved: _Saved) -> _Held:
        game = self._h.game
        if saved.seed is None:
            return _Held(game, saved.state, None)
        g = game.realms
        state = g.new(game.options, saved.seed)
        for action in self.history():
            g.apply(state, g.actions[action])
        return _Held(game, state, saved.seed)

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
        clone._h.seed = None  # its hidden part is no longer what the seed and the history give
        return clone

    def _tensor(self, player: int | None) -> list[float]:
        game = self._h.game
        seat = self.current_player() if player is None else int(player)
        if not 0 <= seat < game.num_players():
            raise ValueError(f"{game.get_type().short_name}: no tensor for player {seat} "
                             f"(players 0..{game.num_players() - 1})")
        vector = game.observer.encode(self._h.state, seat)
        # a list of floats, as OpenSpiel gives: most of an encoding is zeros, so the list is made of zeros and the
        # others written in (half the time of ``tolist``, which makes a float object per entry)
        out = [0.0] * len(vector)
        nonzero = np.flatnonzero(vector)
        for i, x in zip(nonzero.tolist(), vector[nonzero].tolist(), strict=True):
            out[i] = x
        return out

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The encoding for ``player`` (default: the player to move), from the game's encoder."""
        return self._tensor(player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The same encoding (a seat's view holds all it knows)."""
        return self._tensor(player)

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
