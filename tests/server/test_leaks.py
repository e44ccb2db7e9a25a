"""Hidden information through the API: full Dominion games, every message a seat receives checked."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from realms.server.app import create_app
from realms.server.limits import Settings

# vp: every gain and trashing is public, so what each seat owns, and its points, are known to all
PUBLIC_SEAT_KEYS = {"seat", "hand_size", "deck_size", "deck_top", "discard_size", "discard_top", "play", "aside",
                    "looking_at", "turns", "hand_known", "vp",
                    # the expansions' public zones; of the face-down ones (Haven, Native Village mat) only a count
                    "durations", "held_size", "shown", "native_village_size", "island", "pirate_coins", "protected",
                    "monkeys", "corsair"}


@pytest.fixture
def client(tmp_path):
    # the seats here play as fast as the test can send: the per-seat rate limit is not what this tests
    settings = Settings.from_env(seat_rate=1e6, seat_burst=10**6)
    app = create_app(f"sqlite:///{tmp_path / 'leaks.sqlite3'}", bot_delay=0, settings=settings)
    with TestClient(app) as c:
        yield c


def check_payload(payload: dict, live, seat: int | None) -> None:
    """A seat's message is its engine view and nothing else: others' hands, decks and looks stay hidden."""
    game, state = live.game, live.state
    assert payload["view"] == json.loads(json.dumps(game.view(state, seat)))
    for other in payload["view"]["seats"]:
        if other["seat"] != seat and not payload["finished"]:
            extra = set(other) - PUBLIC_SEAT_KEYS
            assert not extra, f"seat {seat} sees {extra} of seat {other['seat']}"
            assert other["vp"] == game.score(state, other["seat"])
            assert other["hand_size"] == len(state.hand[other["seat"]])
            # the cards everyone saw go into that hand (gained to it, revealed from it): exactly the public record
            known = other["hand_known"]
            assert known == json.loads(json.dumps(game.view(state, None)))["seats"][other["seat"]]["hand_known"]
            assert not Counter(known) - Counter(game.view(state, other["seat"])["seats"][other["seat"]]["hand"])
    if seat is None or payload["to_move"] != seat:
        assert payload["legal_actions"] == []
    for event in payload["log"]:  # draws are logged as counts, never as cards
        if " drew " in event["text"]:
            assert event["text"].split(" drew ")[1].split()[0].isdigit(), event["text"]


@pytest.mark.parametrize("seed", [1, 2])
def test_full_dominion_games_never_show_a_seat_another_seats_hand(client, seed):
    rng = random.Random(seed)
    made = client.post("/api/games", json={"game": "dominion", "options": {"kingdom": "random", "sets": "all"},
                                           "seats": ["human", "human", "human"]}).json()
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    live = client.app.state.manager.games[gid]
    sockets = [client.websocket_connect(f"/ws/games/{gid}?token={t}") for t in tokens]
    conns = [s.__enter__() for s in sockets]
    try:
        for seat, ws in enumerate(conns):
            check_payload(ws.receive_json(), live, seat)
        for _ in range(3000):
            if live.finished:
                break
            seat = live.game.to_move(live.state)
            payload = client.get(f"/api/games/{gid}", params={"token": tokens[seat]}).json()
            check_payload(payload, live, seat)
            choice = rng.choice(payload["legal_actions"])["action"]
            r = client.post(f"/api/games/{gid}/actions",
                            json={"token": tokens[seat], "version": payload["version"], "action": choice})
            assert r.status_code == 200, r.text
            check_payload(r.json(), live, seat)
            for s, ws in enumerate(conns):
                check_payload(ws.receive_json(), live, s)
            spectator = client.get(f"/api/games/{gid}").json()
            check_payload(spectator, live, None)
        assert live.finished
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
