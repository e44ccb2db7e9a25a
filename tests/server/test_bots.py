"""Server bots: a refused move is not retried for ever; what cannot succeed goes to a fallback bot."""

from __future__ import annotations

import asyncio

from sqlalchemy import select
from sqlalchemy.orm import sessionmaker

import realms.server.bot_turns as bot_turns
from realms.server.db import SeatRow, make_engine, migrate
from realms.server.live import Manager


class Stubborn:
    """A bot that always proposes a move the engine refuses."""

    calls = 0

    def act(self, game, state):
        Stubborn.calls += 1
        action = game.legal_actions(state)[0]
        return type(action).from_json({"type": "teleport"}) if hasattr(type(action), "from_json") else object()


def test_a_bot_whose_move_is_refused_hands_its_seat_to_a_fallback_and_says_so(tmp_path, monkeypatch):
    engine = make_engine(f"sqlite:///{tmp_path / 'bots.sqlite3'}")
    migrate(engine)
    m = Manager(sessionmaker(engine, expire_on_commit=False), bot_delay=0)
    real = bot_turns.make_agent
    monkeypatch.setattr(bot_turns, "make_agent",
                        lambda name, game, seed, **kw: Stubborn() if name == "stubborn" else real(name, game, seed,
                                                                                                   **kw))
    Stubborn.calls = 0
    live = m.create("kingdomino", {}, ["bot:random", "bot:greedy"])
    live.seats[0].agent = "stubborn"

    async def go():
        m.schedule_bots(live)
        for _ in range(2000):
            await asyncio.sleep(0.005)
            if live.finished:
                return

    asyncio.run(asyncio.wait_for(go(), 60))
    assert live.finished
    assert Stubborn.calls <= 3  # not retried for ever with the same seed
    assert live.seats[0].agent == "random"
    with m.sessions() as db:
        assert db.scalar(select(SeatRow.agent).where(SeatRow.game_id == live.id, SeatRow.seat == 0)) == "random"
    texts = [e["text"] for e in live.payload(None)["log"]] + [t.decode() for _, t in live.events]
    assert any("stubborn" in t and "random" in t for t in texts)
    m.writer.close()
    engine.dispose()
