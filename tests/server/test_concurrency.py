"""Concurrency through real server processes: readers hammering games while their seats act (SQLite and
PostgreSQL); two processes on one PostgreSQL racing for a seat, and pushing each other's actions."""

from __future__ import annotations

import asyncio
import json
import os
import random

import httpx
import orjson
import pytest
import websockets

import realms.games
from tests.support import BACKENDS, POSTGRES_URL, Server, free_port

EXEMPT = ["--exempt-client", "127.0.0.1"]  # the readers are one client: spare them the per-client limits


@pytest.fixture(params=BACKENDS)
def server(request, tmp_path):
    db = f"sqlite:///{tmp_path / 'concurrency.sqlite3'}" if request.param == "sqlite" else POSTGRES_URL
    s = Server(db, free_port(), EXEMPT)
    s.start()
    yield s
    s.stop()


def replayed(record: dict) -> tuple[dict[int, str], dict[int, dict]]:
    """Each version's state hash and spectator view, replayed from a finished game's record."""
    game = realms.games.get(record["game"])
    state = game.new(record["options"], record["seed"])
    hashes, views = {0: game.state_hash(state)}, {0: orjson.loads(orjson.dumps(game.view(state, None)))}
    for n, a in enumerate(record["actions"], 1):
        game.apply(state, game.action_from_json(a))
        hashes[n] = game.state_hash(state)
        views[n] = orjson.loads(orjson.dumps(game.view(state, None)))
    return hashes, views


def test_readers_hammering_games_while_their_seats_act_see_consistent_snapshots(server):
    base = server.base
    games = int(os.environ.get("REALMS_CONCURRENCY_GAMES", "3"))
    readers = int(os.environ.get("REALMS_CONCURRENCY_READERS", "10"))
    with httpx.Client(base_url=base, timeout=30) as http:
        made = [http.post("/api/games", json={"game": "kingdomino", "seats": ["creator", "creator"]}).json()
                for _ in range(games)]
        done_game = http.post("/api/games", json={"game": "kingdomino", "seats": ["bot:random", "bot:random"]}).json()
        for _ in range(600):  # the bots play it out: replays are read from it meanwhile
            if http.get(f"/api/games/{done_game['id']}").json()["finished"]:
                break
            asyncio.run(asyncio.sleep(0.05))
    sent: dict[str, list[dict]] = {g["id"]: [] for g in made}
    reads: list[tuple[str, str, int, dict]] = []  # (kind, game id, status, answer)
    playing = {"left": games}

    async def player(http: httpx.AsyncClient, g: dict) -> None:
        tokens = [s["token"] for s in g["seats"]]
        rng = random.Random(g["id"])
        seat = (await http.get(f"/api/games/{g['id']}")).json()["to_move"]
        try:
            while True:
                v = (await http.get(f"/api/games/{g['id']}", params={"token": tokens[seat]})).json()
                if v["finished"]:
                    return
                assert v["to_move"] == seat and v["legal_actions"], v
                action = rng.choice(v["legal_actions"])["action"]
                r = await http.post(f"/api/games/{g['id']}/actions",
                                    json={"token": tokens[seat], "version": v["version"], "action": action})
                assert r.status_code == 200, r.text
                assert r.json()["version"] == v["version"] + 1
                sent[g["id"]].append(action)
                seat = r.json()["to_move"] if r.json()["to_move"] is not None else seat
        finally:
            playing["left"] -= 1

    dropped: list[str] = []  # reads whose connection the server closed before answering (then read again)

    async def get(http: httpx.AsyncClient, url: str, **kw) -> httpx.Response:
        try:
            return await http.get(url, **kw)
        except httpx.ReadError as e:  # one read in each of two full-suite runs under load 8-12: cause unknown
            dropped.append(f"{url}: {e!r}")
            return await http.get(url, **kw)

    async def reader(http: httpx.AsyncClient, k: int) -> None:
        rng = random.Random(k)
        while playing["left"]:
            g = rng.choice(made)
            gid = g["id"]
            kind = rng.choice(["view", "seat view", "log", "lobby", "replay"])
            if kind == "view":
                r = await get(http, f"/api/games/{gid}")
            elif kind == "seat view":
                r = await get(http, f"/api/games/{gid}", params={"token": rng.choice(g["seats"])["token"]})
            elif kind == "log":
                params = {"limit": rng.randint(1, 60)}
                if rng.random() < 0.5:
                    params["before"] = rng.randint(0, 80)
                r = await get(http, f"/api/games/{gid}/log", params=params)
            elif kind == "lobby":
                r = await get(http, "/api/games")
            else:
                gid = done_game["id"]
                r = await get(http, f"/api/games/{gid}/replay", params={"step": rng.randint(0, 60)})
            reads.append((kind, gid, r.status_code, r.json() if r.status_code == 200 else {"text": r.text}))

    async def go() -> None:
        limits = httpx.Limits(max_connections=games + readers + 4)
        async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
            await asyncio.gather(*(player(http, g) for g in made), *(reader(http, k) for k in range(readers)))

    asyncio.run(asyncio.wait_for(go(), 240))

    assert len(dropped) <= 1, dropped  # a read whose connection closed, once, is read again; more is a defect
    bad = [(kind, status, answer) for kind, _, status, answer in reads if status != 200]
    assert not bad, bad[:5]
    assert len(reads) > 100
    records, hashes, views, logs = {}, {}, {}, {}
    with httpx.Client(base_url=base, timeout=30) as http:
        for gid in [*sent, done_game["id"]]:
            records[gid] = http.get(f"/api/games/{gid}/record").json()
            hashes[gid], views[gid] = replayed(records[gid])
            logs[gid] = http.get(f"/api/games/{gid}/log", params={"limit": 500}).json()["entries"]
    for gid, actions in sent.items():  # every action accepted once, in the order sent
        assert records[gid]["complete"] and records[gid]["actions"] == actions
    for kind, gid, _, answer in reads:
        if kind in ("view", "seat view"):  # a consistent snapshot: the state hash of its version
            assert answer["state_hash"] == hashes[gid][answer["version"]], (gid, answer["version"])
            if kind == "view":
                assert answer["view"] == views[gid][answer["version"]] | {"seat": None}
            assert all(e["version"] <= answer["version"] for e in answer["log"])
            assert answer["log"] == logs[gid][answer["log_start"]:answer["log_start"] + len(answer["log"])]
        elif kind == "log":  # a page of the log as it then stood: the final log's entries at those numbers
            assert answer["entries"] == logs[gid][answer["start"]:answer["start"] + len(answer["entries"])]
            assert answer["total"] <= len(logs[gid])
        elif kind == "lobby":
            for row in answer["games"]:
                if row["id"] in sent:
                    assert row["version"] <= len(records[row["id"]]["actions"])
        else:
            assert answer["view"] == views[gid][answer["step"]]


# --- two processes on one PostgreSQL ---------------------------------------------------------------------
@pytest.fixture
def two_servers():
    if not POSTGRES_URL:
        pytest.skip("needs REALMS_TEST_POSTGRES_URL (.ci/run starts a local cluster)")
    servers = [Server(POSTGRES_URL, free_port(), EXEMPT), Server(POSTGRES_URL, free_port(), EXEMPT)]
    try:
        for s in servers:
            s.start()
        yield servers
    finally:
        for s in servers:
            s.stop()


def test_many_concurrent_claims_of_one_seat_and_one_invitation_across_two_processes_have_one_winner(two_servers):
    a, b = two_servers
    trials = int(os.environ.get("REALMS_SEAT_TRIALS", "30"))
    racers = 6  # per seat, alternating between the processes

    async def go() -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            for _ in range(trials):
                made = (await http.post(a.base + "/api/games", json={"game": "kingdomino",
                                                                     "seats": ["creator", "open", "invite"]})).json()
                gid, code = made["id"], made["seats"][2]["invite"]
                await http.get(f"{b.base}/api/games/{gid}")  # both processes hold a copy
                servers = [a, b] * racers
                answers = await asyncio.gather(
                    *(http.post(f"{s.base}/api/games/{gid}/join", json={"seat": 1}) for s in servers[:racers]),
                    *(http.post(f"{s.base}/api/games/{gid}/join", json={"invite": code}) for s in servers[:racers]))
                for group in (answers[:racers], answers[racers:]):
                    assert sorted(r.status_code for r in group) == [200] + [409] * (racers - 1), \
                        [(r.status_code, r.text) for r in group]
                winners = [next(r for r in group if r.status_code == 200).json() for group in
                           (answers[:racers], answers[racers:])]
                assert [w["seat"] for w in winners] == [1, 2]
                for w in winners:  # each winner's fresh secret works on both processes
                    for s in (a, b):
                        mine = await http.get(f"{s.base}/api/games/{gid}", params={"token": w["token"]})
                        assert mine.status_code == 200 and mine.json()["seat"] == w["seat"]

    asyncio.run(asyncio.wait_for(go(), 300))


def test_a_socket_on_one_process_gets_the_actions_accepted_on_the_other(two_servers):
    a, b = two_servers

    async def go() -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            made = (await http.post(a.base + "/api/games", json={"game": "kingdomino",
                                                                 "seats": ["creator", "creator"]})).json()
            gid, tokens = made["id"], [s["token"] for s in made["seats"]]
            # B has never seen the game: the socket is its first load of it
            uri = b.base.replace("http", "ws") + f"/ws/games/{gid}?token={tokens[1]}"
            async with websockets.connect(uri) as ws:
                first = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert first["version"] == 0
                for n in range(1, 7):
                    views = [(await http.get(f"{a.base}/api/games/{gid}", params={"token": t})).json()
                             for t in tokens]
                    seat = next(i for i, v in enumerate(views) if v["legal_actions"])
                    r = await http.post(f"{a.base}/api/games/{gid}/actions",
                                        json={"token": tokens[seat], "version": n - 1,
                                              "action": views[seat]["legal_actions"][0]["action"]})
                    assert r.status_code == 200, r.text
                    # the push of version n reaches the socket on B (without anyone reading B)
                    while True:
                        pushed = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if pushed["version"] >= n:
                            break
                    assert pushed["version"] == n and pushed["state_hash"] == r.json()["state_hash"]
                # and an action sent on B's socket is accepted there, with A's actions applied first
                view = (await http.get(f"{b.base}/api/games/{gid}", params={"token": tokens[1]})).json()
                if view["legal_actions"]:
                    await ws.send(json.dumps({"type": "action", "version": view["version"],
                                              "action": view["legal_actions"][0]["action"]}))
                    pushed = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    assert pushed.get("type") == "update" and pushed["version"] == view["version"] + 1, pushed

    asyncio.run(asyncio.wait_for(go(), 120))
