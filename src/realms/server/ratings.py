"""What counts for a rating, and applying a finished game to the ratings.

A finished game moves ratings only when it was really played between people who mean it, as the ladders
players trust decide. It is rated when every rule below holds; else it is kept unrated with the first rule it
broke (``games.unrated``: ``{"reason", "detail"}``, in the API as each finished game's ``rating``):

- ``unrated-table``: the table was created ``"rated": false``;
- ``solitaire``: one seat ranks no one;
- ``no-player``: no seat was a person's;
- ``guest``: a seat a person took was not held by a signed-in player;
- ``same-account``: one account held two seats;
- ``weak-bot``: a bot seat is below the rated bots: a game's bots rate from its ``medium`` level up (the levels'
  names and the agents they play) and its usual bot (``default_agent``); ``random`` and ``easy`` never do;
- ``short``: a person's seat made fewer than ``MIN_DECISIONS`` decisions of its own that stand (a move taken
  back with undo counts for nothing; for a player who left, those made before a bot took the seat over): half of
  the shortest whole game (a two-player Kingdomino: 24 each);
- ``repeat``: the same two accounts already have ``REPEAT_LIMIT`` rated games of this game that ended in the
  last ``REPEAT_WINDOW``;
- ``repeat-address``: two seats were taken from one address (whatever the accounts), which already has
  ``REPEAT_LIMIT`` rated games of this game with two seats of its own in the last ``REPEAT_WINDOW``. The
  database keeps a keyed hash of the address a signed-in player took a seat from (``seats.client_hash``, an
  HMAC under the server's key), never the address.

A player who left a real-time table (or ran out of time) and whose seat a bot took over ranks last, behind every
seat whose player stayed, whatever the bot made of it: leaving is a loss. The rating itself is openskill's
Plackett-Luce model, one rating per game for each account and each bot name (a bot in two seats takes the mean
of its two updates), applied once (``games.rated_at``, set by a conditional UPDATE) whatever the process.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta
from itertools import combinations
from typing import Any, cast

from openskill.models import PlackettLuce
from sqlalchemy import CursorResult, func, select, update
from sqlalchemy.orm import Session, sessionmaker

from realms.core.game import Game
from realms.server.db import ActionRow, GameRow, NoteRow, RatingRow, SeatRow, now
from realms.server.livegame import LiveGame

MODEL = PlackettLuce()
#: decisions of its own every person's seat must have made for a game to be rated
MIN_DECISIONS = 12
#: rated games of one game between the same two accounts within REPEAT_WINDOW; later ones are not rated
REPEAT_LIMIT = 3
REPEAT_WINDOW = timedelta(hours=24)
#: the first level whose bots are rated (with every level above it)
FIRST_RATED_LEVEL = "medium"
#: rated games before a rating is settled: until then it is "provisional" (the pages show it as new, not as
#: the conservative estimate, which one lost first game puts well below a newcomer's 0)
PROVISIONAL_GAMES = 5


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: openskill's ordinal (mu - 3 sigma), one decimal."""
    return round(mu - 3 * sigma, 1)


def rated_bots(game: Game) -> set[str]:
    """The bot names whose games are rated in ``game``: its usual bot, and its levels from ``medium`` up (each
    level's name and the agent it plays)."""
    levels = list(game.levels)
    first = next((i for i, lv in enumerate(levels) if lv.name == FIRST_RATED_LEVEL), len(levels))
    return {game.default_agent} | {n for lv in levels[first:] for n in (lv.name, lv.agent)}


def left(seat: Any) -> bool:
    """Whether a bot took this seat over from its player (who left, or ran out of time)."""
    return bool(seat.kind == "bot" and seat.access != "bot")


def leavers_last(ranks: list[int], leavers: set[int]) -> list[int]:
    """``ranks`` with every leaver's seat behind all the others (leavers tie among themselves); the others keep
    their order among themselves (competition ranks)."""
    stayed = [r for i, r in enumerate(ranks) if i not in leavers]
    return [len(stayed) + 1 if i in leavers else 1 + sum(1 for o in stayed if o < r) for i, r in enumerate(ranks)]


def _own_decisions(db: Session, live: LiveGame, seat: int, takeover: dict[int, int]) -> int:
    """The decisions of ``seat`` that stand: its actions, less those it took back (each undo takes back one and
    is none itself), only those its player made before a bot took the seat over."""
    q = select(ActionRow.action).where(ActionRow.game_id == live.id, ActionRow.seat == seat)
    if seat in takeover:
        q = q.where(ActionRow.n <= takeover[seat])
    made = 0
    for action in db.scalars(q):
        made += -1 if isinstance(action, dict) and action.get("type") == "undo" else 1
    return made


def _takeovers(db: Session, gid: str) -> dict[int, int]:
    """Seat -> the version at which a bot took it over from its player (the log's ``bot-takeover`` notes)."""
    out: dict[int, int] = {}
    for version, event in db.execute(select(NoteRow.version, NoteRow.event).where(NoteRow.game_id == gid)):
        data = (event or {}).get("data") or {}
        if data.get("note") == "bot-takeover" and isinstance(data.get("seat"), int):
            out[data["seat"]] = min(out.get(data["seat"], version), version)
    return out


def _repeats(db: Session, live: LiveGame, a: int | None, b: int | None) -> int:
    """Rated games of this game between accounts ``a`` and ``b`` that ended within the window."""
    mine = select(SeatRow.game_id).where(SeatRow.user_id == a)
    theirs = select(SeatRow.game_id).where(SeatRow.user_id == b)
    return int(db.scalar(select(func.count()).select_from(GameRow).where(
        GameRow.game == live.game.id, GameRow.rated_at.is_not(None), GameRow.rated_at >= now() - REPEAT_WINDOW,
        GameRow.id != live.id, GameRow.id.in_(mine), GameRow.id.in_(theirs))) or 0)


def client_hash(key: bytes, address: str) -> str:
    """What the database keeps of the address a seat was taken from: an HMAC under the server's key."""
    return hmac.new(key, b"client|" + address.encode("utf-8", "replace"), hashlib.sha256).hexdigest()


def note_client(sessions: sessionmaker[Session], key: bytes, gid: str, seats: list[int], address: str) -> None:
    """Keep (hashed) the address a signed-in player took ``seats`` of game ``gid`` from."""
    if seats and address:
        with sessions.begin() as db:
            db.execute(update(SeatRow).where(SeatRow.game_id == gid, SeatRow.seat.in_(seats))
                       .values(client_hash=client_hash(key, address)))


def _address_repeats(db: Session, live: LiveGame, h: str) -> int:
    """Rated games of this game within the window with two seats or more taken from the address hashed ``h``."""
    seats = select(func.count()).select_from(SeatRow).where(SeatRow.game_id == GameRow.id,
                                                            SeatRow.client_hash == h).scalar_subquery()
    return int(db.scalar(select(func.count()).select_from(GameRow).where(
        GameRow.game == live.game.id, GameRow.rated_at.is_not(None), GameRow.rated_at >= now() - REPEAT_WINDOW,
        GameRow.id != live.id, seats >= 2)) or 0)


def _repeated(db: Session, live: LiveGame, people: list[Any]) -> tuple[str, str] | None:
    """The ``repeat`` and ``repeat-address`` rules."""
    hours = f"{REPEAT_WINDOW.total_seconds() / 3600:g}"
    for x, y in combinations(people, 2):
        if _repeats(db, live, x.user_id, y.user_id) >= REPEAT_LIMIT:
            return "repeat", (f"seats {x.seat + 1} and {y.seat + 1} already have {REPEAT_LIMIT} rated games of "
                              f"{live.game.id} together in the last {hours} hours")
    by_client: dict[str, list[int]] = {}
    for seat, h in db.execute(select(SeatRow.seat, SeatRow.client_hash).where(SeatRow.game_id == live.id)):
        if h is not None and seat in {s.seat for s in people}:
            by_client.setdefault(h, []).append(seat)
    for h, seats in by_client.items():
        if len(seats) >= 2 and _address_repeats(db, live, h) >= REPEAT_LIMIT:
            return "repeat-address", (f"seats {seats[0] + 1} and {seats[1] + 1} were taken from one address, which "
                                      f"already has {REPEAT_LIMIT} rated games of {live.game.id} in the last "
                                      f"{hours} hours")
    return None


def verdict(db: Session, live: LiveGame) -> tuple[str, str] | None:
    """Why this finished game is not rated, as (reason, detail); None when it is (the module docstring)."""
    seats = live.seats
    if not live.rated:
        return "unrated-table", "the table was created unrated"
    if len(seats) < 2:
        return "solitaire", "a game of one seat ranks no one"
    people = [s for s in seats if s.access != "bot"]
    if not people:
        return "no-player", "no seat was a person's"
    guest = next((s for s in people if s.user_id is None), None)
    if guest is not None:
        return "guest", f"seat {guest.seat + 1} was played without signing in"
    if len({s.user_id for s in people}) != len(people):
        return "same-account", "one account held two seats"
    allowed = rated_bots(live.game)
    weak = next((s for s in seats if s.access == "bot" and (s.agent or "") not in allowed), None)
    if weak is not None:
        return "weak-bot", (f"the {weak.agent} bot of seat {weak.seat + 1} is below the rated bots "
                            f"({', '.join(sorted(allowed))})")
    takeover = _takeovers(db, live.id)
    for s in people:
        made = _own_decisions(db, live, s.seat, takeover)
        if made < MIN_DECISIONS:
            return "short", f"seat {s.seat + 1} made {made} of the {MIN_DECISIONS} decisions a rated game needs"
    return _repeated(db, live, people)


def rate(db: Session, live: LiveGame) -> None:
    """Apply the finished game ``live`` to the ratings in ``db``'s transaction, once; or note why it is not
    rated (``games.unrated``)."""
    result = live.game.result(live.state)
    if result is None:
        return
    why = verdict(db, live)
    if why is not None:
        db.execute(update(GameRow).where(GameRow.id == live.id, GameRow.rated_at.is_(None))
                   .values(unrated={"reason": why[0], "detail": why[1]}))
        return
    mark = update(GameRow).where(GameRow.id == live.id, GameRow.rated_at.is_(None)).values(rated_at=now())
    if cast(CursorResult[Any], db.execute(mark)).rowcount != 1:
        return  # already rated (by this process or another)
    keys = [f"user:{s.user_id}" if s.access != "bot" else f"bot:{s.agent}" for s in live.seats]
    ranks = leavers_last(list(result.ranks), {s.seat for s in live.seats if left(s)})
    rows = {r.player: r for r in db.scalars(select(RatingRow).where(
        RatingRow.game == live.game.id, RatingRow.player.in_(set(keys))).with_for_update())}
    before = [MODEL.rating(mu=rows[k].mu, sigma=rows[k].sigma) if k in rows else MODEL.rating() for k in keys]
    after = MODEL.rate([[r] for r in before], ranks=[float(r) for r in ranks])
    new: dict[str, list[tuple[float, float]]] = {}
    for k, team in zip(keys, after, strict=True):
        new.setdefault(k, []).append((team[0].mu, team[0].sigma))
    stamp = now()
    for k, values in new.items():  # a bot in two seats: the mean of its two updates
        mu = sum(v[0] for v in values) / len(values)
        sigma = sum(v[1] for v in values) / len(values)
        if k in rows:
            rows[k].mu, rows[k].sigma, rows[k].played, rows[k].updated_at = mu, sigma, rows[k].played + 1, stamp
        else:
            db.add(RatingRow(game=live.game.id, player=k, mu=mu, sigma=sigma, played=1, updated_at=stamp,
                             user_id=int(k[5:]) if k.startswith("user:") else None))
    for s, k, b in zip(live.seats, keys, before, strict=True):
        mu = sum(v[0] for v in new[k]) / len(new[k])
        sigma = sum(v[1] for v in new[k]) / len(new[k])
        played = rows[k].played if k in rows else 1
        db.execute(update(SeatRow).where(SeatRow.game_id == live.id, SeatRow.seat == s.seat).values(
            rating_change={"before": ordinal(b.mu, b.sigma), "after": ordinal(mu, sigma),
                           "provisional": played < PROVISIONAL_GAMES}))


def rating_of(row: GameRow) -> dict[str, Any] | None:
    """A finished game's ``rating`` in the API: ``{"rated": true}``, or ``{"rated": false, "reason", "detail"}``;
    None for a game not over, or one that ended before these rules were kept."""
    if row.status != "finished":
        return None
    if row.rated_at is not None:
        return {"rated": True, "reason": None, "detail": None}
    if row.unrated:
        return {"rated": False, "reason": row.unrated.get("reason"), "detail": row.unrated.get("detail")}
    return None
