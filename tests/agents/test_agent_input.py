"""The information contract, enforced by the harness: whatever plays an agent (the simulator, the server's
bot task, the terminal's ``play``) hands it a determinized copy for its seat, never the true state.

A spy agent records every state it is handed; the test replays the true game from (options, seed, actions)
and compares: the seat's view is the same, the copy's random generator is not the real one, and what is
hidden from the seat (each game says what in ``hidden`` of its tests/games/<id>/tables.py: Kingdomino's draw
pile, Dominion's other hands and decks) differs from the truth at least once a game. Every registered game is
played (``realms.games.ids()``), at the tables its tables.py lists.
"""

from __future__ import annotations

import asyncio
import json

import pytest

import realms.core.agents as core_agents
import realms.games
from realms.core.agents import Agent, RandomAgent, choose
from realms.core.errors import IllegalAction
from realms.core.rng import Rng
from tests.games.per_game import declared

SPY = "spy-for-tests"


def tables_of(game_id):
    """The game's tests/games/<id>/tables.py."""
    return declared(game_id, "tables")


#: (game, options) played with spies at every seat, a few seeds each
TABLES = [(g, o) for g in realms.games.ids() for o in tables_of(g).SPY_TABLES]


class Spy(Agent):
    """Plays at random and keeps a copy of everything it was given: (seat, the state, the action)."""

    name = SPY
    log: list[tuple[int, object, object]] = []

    def act(self, game, state):
        actions = game.legal_actions(state)
        action = actions[self.rng.below(len(actions))]
        Spy.log.append((game.to_move(state), game.clone(state), action))
        return action


@pytest.fixture
def spy():
    core_agents.register("*", SPY, Spy)
    Spy.log = []
    yield Spy
    core_agents._EXTRA.pop(("*", SPY), None)
    Spy.log = []


def _hidden(game_id, state, seat):
    """What ``seat`` may not see of ``state`` (as a comparable value), as the game's tables.py says."""
    return tables_of(game_id).hidden(state, seat)


def check_log(game_id, truth, actions, log, seats=None):
    """Walk the true game through ``actions``; at each decision of a spy seat compare what it was given."""
    game = realms.games.get(game_id)
    entries = iter(log)
    calls = differed = 0
    for action in actions:
        seat = game.to_move(truth)
        if seats is None or seat in seats:
            given_seat, given, chosen = next(entries)
            assert (given_seat, chosen) == (seat, action)
            assert game.view(given, seat) == game.view(truth, seat)
            assert given.to_data()["rng"] != truth.to_data()["rng"], "the agent was handed the real random stream"
            # every move but undo (``realms play`` turns the option on): bots never take moves back
            assert game.legal_actions(given) == [a for a in game.legal_actions(truth) if a.kind != "undo"]
            calls += 1
            differed += _hidden(game_id, given, seat) != _hidden(game_id, truth, seat)
        game.apply(truth, action)
    assert next(entries, None) is None and calls
    assert differed, f"{game_id}: in {calls} decisions the agent was never handed a resampled hidden zone"
    return calls


@pytest.mark.parametrize("game_id,options", TABLES, ids=[f"{g}-{o['players']}p" for g, o in TABLES])
def test_the_simulator_hands_agents_only_what_their_seat_may_see(spy, game_id, options):
    from realms.core.rng import derive_seed
    from realms.sim.tournament import play_game

    game = realms.games.get(game_id)
    n = options["players"]
    for seed in (1, 2):
        spy.log = []
        out = play_game(game_id, options, seed, [SPY] * n)
        truth = game.new(game.validate_options(options), derive_seed(seed, 0))
        assert check_log(game_id, truth, [a for _, _, a in spy.log], spy.log) == out.actions


@pytest.mark.parametrize("game_id,options", [(g, tables_of(g).SPY_TABLES[0]) for g in realms.games.ids()],
                         ids=realms.games.ids())
def test_the_servers_bots_get_only_what_their_seat_may_see(spy, tmp_path, game_id, options):
    from sqlalchemy.orm import sessionmaker

    from realms.server.db import make_engine, migrate
    from realms.server.live import Manager

    engine = make_engine(f"sqlite:///{tmp_path / 'spy.sqlite3'}")
    migrate(engine)
    m = Manager(sessionmaker(engine, expire_on_commit=False), bot_delay=0)
    live = m.create(game_id, options, [f"bot:{SPY}"] * options["players"])

    async def go():
        m.schedule_bots(live)
        for _ in range(20000):
            await asyncio.sleep(0.001)
            if live.finished:
                return

    try:
        asyncio.run(asyncio.wait_for(go(), 120))
        assert live.finished
        game = live.game
        check_log(game_id, game.new(live.options, live.seed), [a for _, _, a in spy.log], spy.log)
    finally:
        m.writer.close()
        engine.dispose()


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_the_terminals_bots_get_only_what_their_seat_may_see(spy, tmp_path, game_id):
    from typer.testing import CliRunner

    from realms.cli import app

    bots, options = tables_of(game_id).TERMINAL
    path = tmp_path / "game.json"
    args = ["play", game_id, "--bots", ",".join([SPY] * bots), "--seed", "3", "--record", str(path)]
    for key, value in options.items():
        args += ["-o", f"{key}={value}"]
    r = CliRunner().invoke(app, args, input="1\n" * 3000)
    assert r.exit_code == 0, r.output
    record = json.loads(path.read_text())
    game = realms.games.get(game_id)
    actions = [game.action_from_json(a) for a in record["actions"]]
    assert record["result"] is not None  # played to the end
    truth = game.new(record["options"], record["seed"])
    check_log(game_id, truth, actions, spy.log, seats=set(range(1, bots + 1)))


# --- the one place ------------------------------------------------------------------------------------------

def test_choose_is_reproducible_from_the_seed_and_leaves_the_agents_own_stream_alone():
    game = realms.games.get("dominion")
    s = game.new({"players": 2}, 5)
    given = []

    class Keep(RandomAgent):
        reads = "copy"
        def act(self, game, state):
            given.append(state.to_data())
            return super().act(game, state)

    a, b = Keep(Rng(9)), Keep(Rng(9))
    plain = RandomAgent(Rng(9))
    for _ in range(30):
        x = choose(a, game, s)
        assert choose(b, game, s) == x == plain.act(game, s)  # the harness draws from a stream of its own
        assert given[-1] == given[-2] and given[-1]["rng"] != s.rng
        game.apply(s, x)
    assert len({g["rng"] for g in given}) == 30  # a fresh copy for every decision


def test_choose_refuses_an_action_the_real_game_does_not_allow():
    game = realms.games.get("kingdomino")
    s = game.new({"players": 2}, 1)
    illegal = next(a for a in game.actions if a not in game.legal_actions(s))

    class Cheat(Agent):
        name = "cheat"

        def act(self, game, state):
            return illegal

    with pytest.raises(IllegalAction, match="cheat"):
        choose(Cheat(Rng(0)), game, s)


def test_choose_with_a_given_rng_and_seat():
    game = realms.games.get("kingdomino")
    s = game.new({"players": 3}, 2)
    seen = []

    class Look(RandomAgent):
        reads = "copy"
        def act(self, game, state):
            seen.append(tuple(state.pile))
            return super().act(game, state)

    for k in range(2):
        choose(Look(Rng(0)), game, s, s.to_move, Rng(k))
    choose(Look(Rng(0)), game, s, s.to_move, Rng(0))
    assert seen[0] == seen[2] != seen[1]
    with pytest.raises(ValueError):
        choose(Look(Rng(0)), game, s, (s.to_move + 1) % 3)  # only the seat to move decides


# --- agents that declare they read only what their seat may see ------------------------------------------


def _declared(game):
    from realms.core.agents import agent_names, make_agent

    return [n for n in agent_names(game) if getattr(make_agent(n, game, 0), "reads", "copy") == "view"]


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_agents_that_read_only_the_view_choose_alike_on_any_determinized_copy(game_id):
    """``reads = "view"`` lets the harness hand an agent the true state; this is what makes that honest: the
    agent chooses the same on the truth as a twin (same seed) does on a fresh determinized copy, at every
    decision of whole games, and leaves the true state as it was."""
    from realms.core.agents import make_agent

    game = realms.games.get(game_id)
    names = _declared(game)
    assert "random" in names
    checked = 0
    for name in names:
        for t, options in enumerate(tables_of(game_id).VIEW_TABLES):
            seed = 50 + t
            s = game.new(game.validate_options(options), seed)
            n = game.players(s)
            real = [make_agent(name, game, 100 * seed + q) for q in range(n)]
            twin = [make_agent(name, game, 100 * seed + q) for q in range(n)]
            r = Rng(seed)
            while not game.is_over(s):
                q = game.to_move(s)
                before = game.state_hash(s)
                a = choose(real[q], game, s)
                assert game.state_hash(s) == before, f"{name} changed the state it was handed"
                b = twin[q].act(game, game.determinize(s, q, Rng(r.next64())))
                assert a == b, f"{game_id} agent {name!r} chose {a} on the truth but {b} on a determinized copy"
                assert real[q].rng.state == twin[q].rng.state
                game.apply(s, a)
                checked += 1
    assert checked
