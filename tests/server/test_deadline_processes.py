"""Clocks and bot takeovers with several server processes on one database (real processes on PostgreSQL,
where REALMS_TEST_POSTGRES_URL is set; two copies in this process on SQLite and PostgreSQL): the database
decides who acts on an expiry (conditional updates), so two processes that both know a deadline act on it once
between them, a deadline whose process is gone is acted on by another, and a process whose copy is behind
never acts on a deadline another process's move has replaced."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import httpx
import pytest
from sqlalchemy import create_engine, select, update
from sqlalchemy.orm import sessionmaker

from realms.server.db import GameRow, NoteRow, SeatRow, make_engine, migrate
from realms.server.live import ApiError, Manager, stamp_of
from tests.support import BACKENDS, POSTGRES_URL, Server, free_port

GRACE = 2


ENV = {"REALMS_TAKEOVER_GRACE": str(GRACE), "REALMS_DEADLINE_TICK": "0.05", "REALMS_DEADLINE_SWEEP": "0.2",
       "REALMS_TAKEOVER_BOT": "random"}


@pytest.fixture(scope="module", params=BACKENDS)
def db(request, tmp_path_factory):
    """The database of this module's tests (its processes and managers read ENV)."""
    with pytest.MonkeyPatch.context() as mp:
        for k, v in ENV.items():
            mp.setenv(k, v)
        if request.param == "sqlite":
            yield f"sqlite:///{tmp_path_factory.mktemp('deadlines') / 'deadlines.sqlite3'}"
        else:
            yield POSTGRES_URL


@pytest.fixture(scope="module")
def pair(db):
    """Two server processes on ``db``, started together after a clocked table was made with none running (so
    both read its deadline as they start): (a, b, that table's id). The module's tests share them. PostgreSQL
    only: a SQLite file is served by one process (a second refuses to start: test_sqlite_one_process.py)."""
    if db.startswith("sqlite"):
        pytest.skip("SQLite: one server process per file (a second refuses to start)")
    gid, _ = clocked_table(db, seconds=6)
    with ExitStack() as stack, ThreadPoolExecutor(2) as pool:
        def start(_: int) -> Server:
            s = Server(db, free_port())
            stack.callback(s.stop)
            s.start(timeout=90)  # (two at once on a loaded machine)
            return s
        a, b = pool.map(start, range(2))
        yield a, b, gid


def clocked_table(s: Server | str, seconds: int = 1) -> tuple[str, list[str]]:
    """A turn-based Kingdomino table of two people, a clock per move: made by server process ``s``, or by no
    process at all (a Manager of this test's own on database ``s``, gone once it is made)."""
    body = {"game": "kingdomino", "seats": ["creator", "creator"], "pace": "turn",
            "clock": {"per": "move", "seconds": seconds}}
    if isinstance(s, str):
        engine = make_engine(s)
        migrate(engine)
        live = Manager(sessionmaker(engine, expire_on_commit=False)).create(
            body["game"], {}, body["seats"], pace=body["pace"], clock=body["clock"])
        engine.dispose()
        assert live.issued is not None
        return live.id, list(live.issued["tokens"].values())
    made = httpx.post(s.base + "/api/games", json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], [seat["token"] for seat in made.json()["seats"]]


def stored(db: str, gid: str) -> tuple[list[tuple[int, str]], list[str], bool]:
    """What the database holds: the game's pace notes as (seat, note), its seats' kinds, whether it is over."""
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            notes = [(r.event["data"].get("seat"), r.event["data"].get("note")) for r in conn.execute(
                select(NoteRow.event).where(NoteRow.game_id == gid).order_by(NoteRow.id))]
            kinds = list(conn.scalars(select(SeatRow.kind).where(SeatRow.game_id == gid).order_by(SeatRow.seat)))
            over = conn.scalar(select(GameRow.status).where(GameRow.id == gid)) == "finished"
    finally:
        engine.dispose()
    return notes, kinds, over


def wait_for(check, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("timed out")


# ---------------------------------------------------------------- step by step, in this process
# (before the processes below start: none of them acts on these tables meanwhile)
def managers(db: str, n: int) -> list[Manager]:
    engine = make_engine(db)
    migrate(engine)
    return [Manager(sessionmaker(engine, expire_on_commit=False), bot_delay=0) for _ in range(n)]


def test_of_two_copies_settling_one_expiry_one_wins_and_the_other_is_told(db):
    first, second = managers(db, 2)
    made = first.create("kingdomino", {}, ["creator", "creator"], pace="turn", clock={"per": "move", "seconds": 60})
    a, b = first.get(made.id), second.get(made.id)  # two processes' copies, each with the mover's deadline
    mover = a.game.to_move(a.state)
    due = a.turn_deadline + 1
    assert first._settle(a, due) == (True, False)  # the clock ran out: a warning, and the note
    assert second._settle(b, due) == (False, True)  # the database says it is done already: nothing written
    second._adopt(b)
    assert b.seats[mover].takeover_reason == "time" and b.turn_deadline is None
    # the takeover, tried by both again: one bot, one note
    late = due + first.grace + 1
    assert [first._settle(a, late), second._settle(b, late)] == [(True, False), (False, True)]
    notes, kinds, _ = stored(db, made.id)
    assert notes == [(mover, "out-of-time"), (mover, "bot-takeover")] and kinds[mover] == "bot"
    first.engine.dispose()


def test_a_copy_that_missed_a_takeover_cannot_move_for_the_seat_any_more(db):
    first, second = managers(db, 2)
    made = first.create("kingdomino", {}, ["creator", "creator"], pace="turn", clock={"per": "move", "seconds": 60})
    a, b = first.get(made.id), second.get(made.id)
    mover = a.game.to_move(a.state)
    first._settle(a, a.turn_deadline + 1)
    first._settle(a, a.seats[mover].takeover_at + 1)  # the first process hands the seat to a bot
    assert a.seats[mover].kind == "bot" and b.seats[mover].kind == "human"
    token = made.issued["tokens"][mover]
    with pytest.raises(ApiError) as refused:  # the second's copy still thinks a person plays it
        asyncio.run(second.submit(b, token, b.version, b.game.legal_actions(b.state)[0].to_json()))
    assert refused.value.status == 409 and b.seats[mover].kind == "bot"  # and now knows better
    assert stored(db, made.id)[0] == [(mover, "out-of-time"), (mover, "bot-takeover")]
    with sessionmaker(first.engine)() as s:
        assert s.scalar(select(GameRow.version).where(GameRow.id == made.id)) == 0
    first.engine.dispose()


def test_a_move_through_a_process_that_did_not_know_of_the_takeover_keeps_the_seat(db):
    first, second = managers(db, 2)
    made = first.create("kingdomino", {}, ["creator", "creator"], pace="turn", clock={"per": "move", "seconds": 60})
    a, b = first.get(made.id), second.get(made.id)
    mover = a.game.to_move(a.state)
    a.turn_deadline = time.time() - 0.05  # the clock has run out (as stored, too)
    with first.sessions.begin() as s:
        s.execute(update(GameRow).where(GameRow.id == made.id).values(turn_deadline=stamp_of(a.turn_deadline)))
    # (a server process of this module's, sweeping the same database, may get there first: either way one does)
    assert first._settle(a, time.time()) in ((True, False), (False, True))
    first._adopt(a)
    # the player moves in the grace period, through the second process (which never heard of the warning)
    token = made.issued["tokens"][mover]
    asyncio.run(second.submit(b, token, b.version, b.game.legal_actions(b.state)[0].to_json()))
    first._adopt(a)
    assert a.seats[mover].takeover_reason == "time"  # (still stored: the second did not know to clear it)
    assert first._settle(a, a.seats[mover].takeover_at + 1) == (False, True)
    notes, kinds, _ = stored(db, made.id)
    assert kinds[mover] == "human" and notes == [(mover, "out-of-time")]
    first._adopt(a)
    assert a.seats[mover].takeover_at is None  # and no takeover is pending for it any more
    first.engine.dispose()


# ---------------------------------------------------------------- real processes
def test_two_processes_that_both_know_an_expiry_act_on_it_once(db, pair):
    a, b, gid = pair
    mover = httpx.get(f"{a.base}/api/games/{gid}").json()["to_move"]
    httpx.get(f"{b.base}/api/games/{gid}")  # both hold a copy, with the mover's clock running
    # the mover runs out of time, is warned and taken over: each process ends up with the seat a bot's ...
    for s in (a, b):
        try:
            wait_for(lambda s=s: httpx.get(f"{s.base}/api/games/{gid}").json()["seats"][mover]["kind"] == "bot")
        except AssertionError:
            p = httpx.get(f"{s.base}/api/games/{gid}").json()
            raise AssertionError(f"process on {s.port}: version {p['version']}, seats {p['seats']}, table "
                                 f"{p['table']}; stored: {stored(db, gid)}") from None
    # ... and the database holds one warning and one takeover
    notes, kinds, _ = stored(db, gid)
    assert [n for seat, n in notes if seat == mover] == ["out-of-time", "bot-takeover"], notes
    assert kinds[mover] == "bot"


def test_a_deadline_no_running_process_set_is_acted_on(db, pair):
    a, b, _ = pair  # started before the table exists: neither read its deadline at start
    gid, _ = clocked_table(db)  # made by a process that is gone
    first = wait_for(lambda: next((n for n in stored(db, gid)[0] if n[1] == "bot-takeover"), None))
    notes, kinds, _ = stored(db, gid)
    assert notes[:2] == [(first[0], "out-of-time"), first] and kinds[first[0]] == "bot"


def test_a_process_behind_never_acts_on_a_deadline_a_move_elsewhere_replaced(db, pair):
    a, b, _ = pair
    gid, tokens = clocked_table(a, seconds=5)  # a knows this turn's deadline
    # the mover moves through b (until the turn passes): the next mover's clock starts there
    mover = httpx.get(f"{b.base}/api/games/{gid}").json()["to_move"]
    while (p := httpx.get(f"{b.base}/api/games/{gid}", params={"token": tokens[mover]}).json())["to_move"] == mover:
        r = httpx.post(f"{b.base}/api/games/{gid}/actions", json={
            "token": tokens[mover], "version": p["version"], "action": p["legal_actions"][0]["action"]})
        assert r.status_code == 200, r.text
    other = 1 - mover
    # the next mover runs out of time (acted on by either process); the one who moved in time never does
    wait_for(lambda: (other, "out-of-time") in stored(db, gid)[0], seconds=20)
    notes, kinds, _ = stored(db, gid)
    assert (mover, "out-of-time") not in notes and kinds[mover] == "human", notes
    assert notes.count((other, "out-of-time")) == 1
