"""One server process per SQLite file. A second `realms serve` on a file another process is serving kept a copy
of each game it had read that never learned of the first process's moves (its reads stayed at the version it
first loaded, its sockets were never told), and refused with 403 a seat secret the first process had issued
after it loaded the table. It now refuses to start, saying so (several processes share a PostgreSQL
database instead, docs/server.md); the file is free again once the first process stops or is killed."""

from __future__ import annotations

import httpx
import pytest

from tests.support import Server, free_port


def test_a_second_server_on_a_served_sqlite_file_refuses_to_start_saying_why(tmp_path):
    db = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    first, second = Server(db, free_port()), Server(db, free_port())
    first.start(timeout=90)
    try:
        made = httpx.post(first.base + "/api/games", json={"game": "kingdomino", "seats": ["creator", "open"]})
        assert made.status_code == 201
        with pytest.raises(RuntimeError) as refused:
            second.start(timeout=90)
        assert second.proc is not None and second.proc.wait(30) == 1
        said = str(refused.value)
        assert "another server process" in said and f"pid {first.proc.pid}" in said, said
        assert "PostgreSQL" in said, said
        # the first one serves on, unharmed
        assert httpx.get(f"{first.base}/api/games/{made.json()['id']}").status_code == 200
    finally:
        first.stop()
        second.stop()
    # stopped, or killed (the kernel lets go of a dead process's lock): the next one starts
    second.start(timeout=90)
    try:
        assert httpx.get(f"{second.base}/api/games/{made.json()['id']}").status_code == 200
        second.kill()
        first.start(timeout=90)
        assert httpx.get(f"{first.base}/api/games/{made.json()['id']}").status_code == 200
    finally:
        first.stop()
        second.stop()
