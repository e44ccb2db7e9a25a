"""Bots that search think in the bot process pool, never on the event loop; position analysis."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import realms.games
from realms.agents import make_agent
from realms.core import agents as core_agents
from realms.core.agents import Agent, choose
from realms.server.app import create_app
from realms.server.bots import BOT_NICE, BotPool, bot_move
from realms.server.limits import Settings

#: the sleeper thinks until this file exists (or 60 s pass); set per test through the environment
FLAG = "REALMS_TEST_SLEEPER_FLAG"


class Sleeper(Agent):
    """A bot that thinks (in the pool: ``pool = True``) until the test lets it move."""

    name = "sleeper"
    pool = True

    def act(self, game, state):
        flag = Path(os.environ[FLAG])
        for _ in range(6000):
            if flag.exists():
                break
            time.sleep(0.01)
        return game.legal_actions(state)[0]


@pytest.fixture
def client(tmp_path, monkeypatch):
    # registered before the pool forks its workers, and taken away after: other tests list every agent
    monkeypatch.setitem(core_agents._EXTRA, ("kingdomino", "sleeper"), Sleeper)
    monkeypatch.setenv(FLAG, str(tmp_path / "go"))
    settings = Settings.from_env(bot_workers=1, analysis_burst=2, analysis_rate=0.001)
    app = create_app(f"sqlite:///{tmp_path / 'pool.sqlite3'}", bot_delay=0, settings=settings)
    with TestClient(app) as c:
        yield c


def new_game(client, seats, game="kingdomino", options=None):
    r = client.post("/api/games", json={"game": game, "options": options or {}, "seats": list(seats)})
    assert r.status_code == 201, r.text
    return r.json()


def payload(client, gid, token=None):
    r = client.get(f"/api/games/{gid}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def play_first(client, made):
    """One action of the seat to move (both seats held by the creator); returns the new version."""
    for s in made["seats"]:
        p = payload(client, made["id"], s["token"])
        if p["legal_actions"]:
            r = client.post(f"/api/games/{made['id']}/actions",
                            json={"token": s["token"], "version": p["version"],
                                  "action": p["legal_actions"][0]["action"]})
            assert r.status_code == 200, r.text
            return r.json()["version"]
    raise AssertionError("nobody to move")


def test_another_game_is_answered_while_a_bot_thinks_in_the_pool(client, tmp_path):
    slow = new_game(client, ["bot:sleeper", "bot:sleeper"])
    people = new_game(client, ["creator", "creator"])
    for _ in range(10):  # the bot is thinking all along: its game has not moved
        play_first(client, people)
        assert payload(client, slow["id"])["version"] == 0
        assert payload(client, people["id"])["version"] > 0  # reads of the bot's own game are answered too
    assert payload(client, people["id"])["version"] == 10
    (tmp_path / "go").touch()  # now the bot may finish
    for _ in range(3000):
        if payload(client, slow["id"])["version"] >= 1:
            break
        time.sleep(0.01)
    assert payload(client, slow["id"])["version"] >= 1


def test_a_move_thought_in_the_pool_is_the_move_thought_in_process():
    """Same seed, same move: a bot's move interrupted by a restart is thought again alike."""
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, seed=6)
    for _ in range(5):
        game.apply(state, game.legal_actions(state)[0])
    seat = game.to_move(state)
    name = "mc:iterations=40"
    here = choose(make_agent(name, game, 77), game, game.clone(state), seat).index
    pool = BotPool(1)
    try:
        there = asyncio.run(pool.run(bot_move, game.id, game.clone(state), seat, name, 77))
    finally:
        pool.shutdown()
    assert there == here
    assert pool.wants(make_agent("hard", game, 1)) and not pool.wants(make_agent("easy", game, 1))


def test_meta_lists_each_games_levels_first_with_a_line_each(client):
    games = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    for gid in realms.games.ids():
        levels = games[gid]["levels"]
        assert [lv["name"] for lv in levels] == ["easy", "medium", "hard"]
        assert all(lv["description"] and lv["agent"] for lv in levels)
        assert {"easy", "medium", "hard"} <= set(games[gid]["bots"])


def test_analysis_of_a_finished_game_and_who_may_ask_during_one(client, tmp_path):
    (tmp_path / "go").touch()
    done = new_game(client, ["bot:random", "bot:random"])
    for _ in range(3000):
        if payload(client, done["id"]).get("result"):
            break
        time.sleep(0.01)
    r = client.get(f"/api/games/{done['id']}/analysis", params={"step": 3, "iterations": 40, "agent": "mc"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["step"] == 3 and body["moves"]
    assert {"action", "text", "win_chance", "expected_score", "visits"} <= set(body["moves"][0])
    again = client.post(f"/api/games/{done['id']}/analysis", params={"step": 3, "iterations": 40, "agent": "mc"})
    assert again.status_code == 200 and again.json() == body  # iterations + seed: the same figures

    people = new_game(client, ["creator", "creator"])
    r = client.get(f"/api/games/{people['id']}/analysis", params={"iterations": 10})
    assert r.status_code == 403 and "between people" in r.json()["detail"]

    r = client.get(f"/api/games/{done['id']}/analysis", params={"iterations": 10})  # the burst (2) is spent
    assert r.status_code == 429


def test_analysis_of_a_game_against_a_bot_needs_the_seat_to_move(client, tmp_path):
    (tmp_path / "go").touch()
    made = new_game(client, ["creator", "bot:random"])
    token = made["seats"][0]["token"]
    for _ in range(3000):
        p = payload(client, made["id"], token)
        if p["legal_actions"]:
            break
        time.sleep(0.01)
    r = client.get(f"/api/games/{made['id']}/analysis", params={"iterations": 20})
    assert r.status_code == 403 and "token" in r.json()["detail"]
    r = client.get(f"/api/games/{made['id']}/analysis", params={"iterations": 20, "token": token})
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 0 and r.json()["moves"]


def _worker_niceness_and_sigterm() -> tuple[int, bool, int | None]:
    policy = os.sched_getscheduler(0) if hasattr(os, "sched_getscheduler") else None
    return os.nice(0), signal.getsignal(signal.SIGTERM) == signal.SIG_DFL, policy


def _think_until_killed(flag: str) -> None:
    Path(flag).write_text("thinking")
    time.sleep(300)


def test_bot_workers_think_below_the_server_and_take_sigterm_as_told():
    # the server's loop has its own SIGTERM handler when the pool forks (uvicorn's): a worker must not keep it
    before = signal.signal(signal.SIGTERM, lambda *_: None)
    bots = BotPool(1)
    try:
        nice, default_sigterm, policy = bots.pool().submit(_worker_niceness_and_sigterm).result(timeout=120)
    finally:
        signal.signal(signal.SIGTERM, before)
        bots.shutdown()
    assert nice == min(19, os.nice(0) + BOT_NICE)
    assert default_sigterm
    if hasattr(os, "SCHED_IDLE"):  # Linux: the workers take only the CPU time nothing else wants
        assert policy == os.SCHED_IDLE


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc")
def test_shutting_the_pool_down_ends_a_search_in_progress(tmp_path):
    bots = BotPool(1)
    flag = tmp_path / "thinking"
    bots.pool().submit(_think_until_killed, str(flag))
    for _ in range(12000):  # the worker has started the job
        if flag.exists():
            break
        time.sleep(0.01)
    workers = list(bots._pool._processes)  # type: ignore[union-attr]
    assert workers and flag.exists()
    bots.shutdown()
    # read from /proc, not through the Process objects: the pool's own thread joins its workers too, and a
    # join here that finds the worker reaped by that thread a moment before may still report it alive
    assert not _left_running(workers)


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"  # a zombie is dead, only not reaped yet
    except FileNotFoundError:
        return True


def _left_running(pids: list[int]) -> list[int]:
    """The processes of ``pids`` still running after up to 120 s (not a timing: the workers of these tests
    would sleep on for 300 s), killed so that none outlives the test."""
    for _ in range(1200):
        if all(_gone(pid) for pid in pids):
            break
        time.sleep(0.1)
    left = [pid for pid in pids if not _gone(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


def _workers_of_a_killed_server(setup: str) -> list[int]:
    """The pids of the two bot workers of a server process (``setup`` run first, with the module as ``b``) that
    was killed with SIGKILL right after submitting them 300 s of work, before it could shut its pool down."""
    script = ("import time\nimport realms.server.bots as b\n" + setup + "bots = b.BotPool(2)\n"
              "[bots.pool().submit(time.sleep, 300) for _ in range(2)]\n"
              "print(' '.join(map(str, bots._pool._processes)), flush=True)\ntime.sleep(300)\n")
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(pid) for pid in server.stdout.readline().split()]  # type: ignore[union-attr]
    finally:
        server.kill()
        server.wait()
    assert len(workers) == 2
    return workers


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc")
def test_bot_workers_end_when_their_server_is_killed():
    # a server killed with SIGKILL never shuts its pool down: its workers must not wait for work for ever
    assert not _left_running(_workers_of_a_killed_server(""))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc")
def test_bot_workers_end_when_their_server_is_killed_before_they_started_watching():
    # the server killed before its workers' start-up ran (here: held back 1 s): a worker must still know
    # which process was its server, not take the process it was handed to for it
    late = ("start = b._worker_start\n"
            "def late(*args):\n    time.sleep(1.0)\n    start(*args)\n"
            "b._worker_start = late\n")
    assert not _left_running(_workers_of_a_killed_server(late))


def _prepared_here() -> set:
    from realms.agents import search

    return set(search._PREPARED)


def test_the_warm_list_names_every_game_s_searching_levels_and_the_analysis():
    warm = set(BotPool(2, warm=True).warm)
    for gid in realms.games.ids():
        assert (gid, "hard") in warm and (gid, "ismcts") in warm  # every game's hard level searches
        assert (gid, "easy") not in warm  # a rule bot has nothing to load
    assert BotPool(0, warm=True).warm == [] and BotPool(2).warm == []


def test_a_warm_worker_has_loaded_its_searches_before_its_first_move():
    bots = BotPool(1, warm=True)
    bots.warm = [("kingdomino", "hard")]  # one search is enough to see it (every game's costs seconds)
    try:
        bots.start()
        loaded = bots.pool().submit(_prepared_here).result(timeout=300)
    finally:
        bots.shutdown()
    game = realms.games.get("kingdomino")
    hard = make_agent("hard", game, 0)
    assert (game.id, hard.cfg.kind, hard.cfg.policy or "rollout", hard.cfg.model) in loaded
