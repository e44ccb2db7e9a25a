"""Game-agnostic players and the registry of agents by name.

Every agent is built per game and seat with its own seeded RNG, and chooses from
``game.legal_actions(state)``:

>>> import realms.games
>>> from realms.agents import make_agent
>>> game = realms.games.get("kingdomino")
>>> state = game.new({"players": 2}, seed=5)
>>> bot = make_agent("random", game, seed=1)
>>> bot.act(game, state) in game.legal_actions(state)
True
"""

import os
from typing import Any

from realms.agents.base import (
    Agent,
    AgentFactory,
    RandomAgent,
    UnknownAgent,
    agent_names,
    default_agent,
    make_agent,
    register,
)
from realms.core.agents import register_on_import


def _load_search() -> None:
    from realms.agents import search  # noqa: F401  (registers mc, uct and ismcts)


# mc, uct and ismcts for every game, registered by their module when a name is first looked for among them
register_on_import(_load_search)

if os.environ.get("REALMS_RL_POLICY"):
    # a trained policy (docs/rl.md) offered as the agent ``rl-policy`` of its game; needs the ``rl`` extra
    from realms.rl.policy import register_from_environment

    register_from_environment()

__all__ = ["Agent", "AgentFactory", "RandomAgent", "SearchAgent", "UnknownAgent", "agent_names", "default_agent",
           "make_agent", "register"]


def __getattr__(name: str) -> Any:
    if name == "SearchAgent":  # imported when first asked for, as the search agents are
        from realms.agents.search import SearchAgent

        return SearchAgent
    raise AttributeError(f"module 'realms.agents' has no attribute {name!r}")
