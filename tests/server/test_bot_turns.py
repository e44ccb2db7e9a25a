"""Bots share the server fairly with people: when many real-time tables are abandoned at once and every seat is
handed to a bot at the same moment, a bystander's actions are still answered between a few bot moves and
takeovers, never behind all of them. Asserted on the order things happen in, not on timings."""

from __future__ import annotations

import asyncio
import time
from collections import deque

import pytest
from sqlalchemy.orm import sessionmaker

from realms.server import bot_turns
from realms.server.db import make_engine, migrate
from realms.server.live import Manager

TABLES = 24


@pytest.fixture(params=[0.0, 0.05])
def manager(request, tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'fair.sqlite3'}")
    migrate(engine)
    m = Manager(sessionmaker(engine, expire_on_commit=False), bot_delay=request.param)
    m.grace, m.tick, m.sweep = 0.0, 0.01, 3600.0
    yield m
    m.writer.close()
    engine.dispose()


def watch(m: Manager) -> list[str]:
    """What the manager commits and hands over, in order: "bot", "person", "takeover" (and ``m.games_of`` says
    which game each entry was of)."""
    order: list[str] = []
    games: list[str] = []
    commit, expire = m._commit, m.expire

    async def committed(live, seat, action):
        kind = "bot" if live.seats[seat].kind == "bot" else "person"
        await commit(live, seat, action)
        order.append(kind)
        games.append(live.id)

    async def expired(live):
        bots = sum(s.kind == "bot" for s in live.seats)
        await expire(live)
        taken = sum(s.kind == "bot" for s in live.seats) - bots
        order.extend(["takeover"] * taken)
        games.extend([live.id] * taken)

    m._commit, m.expire = committed, expired  # type: ignore[method-assign]
    m.games_of = games  # type: ignore[attr-defined]
    return order


async def bystander(m: Manager, live, order: list[str], moves: int) -> list[int]:
    """A person playing both seats of a table: for each action, what the server did for others meanwhile."""
    between = []
    for _ in range(moves):
        seat = live.game.to_move(live.state)
        action = live.game.legal_actions(live.state)[0]
        before = len(order)
        await m.act(live, seat, live.version, action.to_json())
        between.append(len([o for o in order[before:] if o != "person"]))
    return between


def test_a_bystander_is_answered_between_a_few_bot_moves_when_many_tables_go_to_bots(manager):
    m = manager
    order = watch(m)
    tables = [m.create("kingdomino", {"players": 2}, ["bot:random", "bot:random"]) for _ in range(TABLES)]
    mine = m.create("kingdomino", {"players": 2}, ["creator", "creator"])

    async def go():
        for live in tables:  # every table's bots start at the same moment
            m.schedule_bots(live)
        while "bot" not in order:  # (after the configured delay)
            await asyncio.sleep(0.001)
        between = await bystander(m, mine, order, 8)
        for live in tables:
            live.bot_task.cancel()
        await asyncio.gather(*(live.bot_task for live in tables), return_exceptions=True)
        return between

    between = asyncio.run(go())
    assert order.count("bot") > 0  # the bots did play meanwhile
    assert max(between) <= bot_turns.BOT_LANES, between  # the moves in the slots, never every table's (24)


def test_a_bystander_is_answered_between_a_few_takeovers_when_many_tables_are_abandoned(manager):
    m = manager
    order = watch(m)
    tables = [m.create("kingdomino", {"players": 2}, ["creator", "creator"]) for _ in range(TABLES)]
    mine = m.create("kingdomino", {"players": 2}, ["creator", "creator"])

    async def go():
        for live in tables:  # everyone leaves at once: every seat is due to a bot at the same moment
            for seat in (0, 1):
                await m.seat_left(live, seat)
        ticker = asyncio.ensure_future(m.run_deadlines())
        while not any(at <= time.time() for at in m.deadlines.values()):
            await asyncio.sleep(0)
        await asyncio.sleep(m.tick)  # the ticker's next pass finds them all due
        between = await bystander(m, mine, order, 6)
        ticker.cancel()
        for live in tables:
            if live.bot_task is not None:
                live.bot_task.cancel()
        await asyncio.gather(ticker, *(live.bot_task for live in tables if live.bot_task), return_exceptions=True)
        return between

    between = asyncio.run(go())
    assert order.count("takeover") > 0
    # an action takes a few turns of the event loop (the group writer's among them), and each turn hands over one
    # table and lets the bot moves in the slots on: a few (a loaded machine's timers let a few more through),
    # never every seat of every table (48)
    assert max(between) <= 4 * (1 + bot_turns.BOT_LANES), (between, order[:60])


def test_a_persons_bot_opponent_answers_before_the_bots_of_tables_only_bots_play(manager, monkeypatch):
    m = manager
    order = watch(m)
    # ("ask" | "handed", whether a person plays at that table), in order; a slot is logged when it is handed out
    # (taken free on asking, or passed on by a release), not when its task next runs
    handed: list[tuple[str, bool]] = []
    acquire, release = bot_turns.Lanes.acquire, bot_turns.Lanes.release
    asking: list[bool] = []  # the urgency of the acquire now running, until it queues or takes a slot
    queued: dict[asyncio.Future, bool] = {}  # each queued slot's asker's urgency, whichever line it is in

    class Line(deque):
        def append(self, slot):
            queued[slot] = asking[-1]
            super().append(slot)

    async def logged(self, urgent):
        if not isinstance(self.waiting[0], Line):
            self.waiting = (Line(self.waiting[0]), Line(self.waiting[1]))
        handed.append(("ask", urgent))
        asking.append(urgent)
        waited = len(queued)
        try:
            await acquire(self, urgent)
        finally:
            asking.pop()
        if len(queued) == waited:  # it never queued: it took a free slot as it asked, with no await between
            handed.append(("handed", urgent))

    def passed_on(self):
        before = {slot for slot in queued if not slot.done()}
        release(self)
        handed.extend(("handed", queued[slot]) for slot in before if slot.done())

    monkeypatch.setattr(bot_turns.Lanes, "acquire", logged)
    monkeypatch.setattr(bot_turns.Lanes, "release", passed_on)
    tables = [m.create("kingdomino", {"players": 2}, ["bot:random", "bot:random"]) for _ in range(TABLES)]
    mine = m.create("kingdomino", {"players": 2}, ["creator", "bot:random"])

    async def go():
        for live in [*tables, mine]:
            m.schedule_bots(live)
        while "bot" not in order:
            await asyncio.sleep(0.001)
        for _ in range(6):  # the person moves until it is the bot's turn, and waits for its answer
            while mine.game.to_move(mine.state) == 0:
                await m.act(mine, 0, mine.version, mine.game.legal_actions(mine.state)[0].to_json())
            while mine.game.to_move(mine.state) == 1:
                await asyncio.sleep(0)
        for live in tables:
            live.bot_task.cancel()
        await asyncio.gather(*(live.bot_task for live in tables), return_exceptions=True)

    asyncio.run(go())
    # the slots other tables' bots were handed between the person's bot asking for one and being handed one
    ahead, asked = [], None
    for what, urgent in handed:
        if urgent and what == "ask":
            asked = 0
        elif urgent and what == "handed":
            ahead.append(asked)
            asked = None
        elif what == "handed" and asked is not None:
            asked += 1
    assert len(ahead) >= 6 and max(ahead) == 0, ahead
    assert max(what == "ask" and not urgent for what, urgent in handed)  # while the other tables' bots queued
