"""Invariants of seeded random Kingdomino games, for every player count and variant.

Scores are recounted here from ``game.kingdom_cells`` and from a shadow model of every kingdom
built from the actions alone, with a naive square-by-square flood fill (board.py is not used).
``REALMS_FULL=1`` runs thousands of games; by default a few hundred.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import realms.games
from realms.agents import make_agent
from realms.core.game import Action
from realms.core.record import GameRecord, iter_states, replay
from realms.core.rng import Rng, derive_seed
from realms.games.kingdomino.data import DOMINOES, LETTERS, NUM_DOMINOES

GAME = realms.games.get("kingdomino")
FULL = os.environ.get("REALMS_FULL") == "1"
GAMES = 4000 if FULL else 550
STEPS = {"E": (0, 1), "S": (1, 0), "W": (0, -1), "N": (-1, 0)}
EVERY = list(range(1, NUM_DOMINOES + 1))

VARIANTS = {
    "2p": {"players": 2},
    "3p-draw-four": {"players": 3},
    "3p-thirty-six": {"players": 3, "three_players": "thirty-six"},
    "4p": {"players": 4},
    "mighty-duel": {"players": 2, "mighty_duel": True},
    "harmony": {"players": 4, "harmony": True},
    "middle-kingdom": {"players": 3, "middle_kingdom": True},
    "dynasty": {"players": 2, "dynasty": True},
    "tiebreak-crowns": {"players": 4, "tiebreak": "crowns"},
    "tiebreak-largest-region": {"players": 4, "tiebreak": "largest-region"},
    "everything": {"players": 2, "mighty_duel": True, "harmony": True, "middle_kingdom": True, "dynasty": True,
                   "tiebreak": "largest-region"},
}
PER_VARIANT = max(6, GAMES // len(VARIANTS))


# --- an independent model ---------------------------------------------------------------------------------
def recount(cells: dict[tuple[int, int], tuple[str, int]], n: int, harmony: bool, middle: bool):
    """(score, largest region, crowns) of a kingdom given as {(row, col): (letter, crowns)}, castle at
    (0, 0) and not in ``cells``, by flood fill."""
    seen = set()
    points = largest = 0
    for start, (terrain, _) in cells.items():
        if start in seen:
            continue
        seen.add(start)
        stack, size, crowns = [start], 0, 0
        while stack:
            r, c = stack.pop()
            size += 1
            crowns += cells[(r, c)][1]
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb not in seen and nb in cells and cells[nb][0] == terrain:
                    seen.add(nb)
                    stack.append(nb)
        points += size * crowns
        largest = max(largest, size)
    rows = [r for r, _ in cells] + [0]
    cols = [c for _, c in cells] + [0]
    half = (n - 1) // 2
    if harmony and len(cells) + 1 == n * n:
        points += 5
    if middle and (min(rows), max(rows), min(cols), max(cols)) == (-half, half, -half, half):
        points += 10
    return points, largest, sum(k for _, k in cells.values())


def cells_of(s, p: int) -> dict[tuple[int, int], tuple[str, int]]:
    out = {}
    for r, c, letter, crowns in GAME.kingdom_cells(s, p):
        if (r, c) == (0, 0):
            assert (letter, crowns) == ("C", 0)
        else:
            out[(r, c)] = (letter, crowns)
    return out


def squares(action: Action, domino: int):
    d = DOMINOES[domino]
    dr, dc = STEPS[action["dir"]]
    r, c = action["row"], action["col"]
    return (((r, c), LETTERS[d.terrain1], d.crowns1), ((r + dr, c + dc), LETTERS[d.terrain2], d.crowns2))


def naive_placements(cells: dict, domino: int, n: int) -> set[frozenset]:
    d = DOMINOES[domino]
    t1, t2 = LETTERS[d.terrain1], LETTERS[d.terrain2]
    board = {pos: letter for pos, (letter, _) in cells.items()}
    board[(0, 0)] = "C"
    rows = [r for r, _ in board]
    cols = [c for _, c in board]
    out = set()
    for r in range(max(rows) - n + 1, min(rows) + n):
        for c in range(max(cols) - n + 1, min(cols) + n):
            if (r, c) in board:
                continue
            for dr, dc in STEPS.values():
                b = (r + dr, c + dc)
                if b in board:
                    continue
                if not (max(rows) - n < b[0] < min(rows) + n and max(cols) - n < b[1] < min(cols) + n):
                    continue
                if any(board.get((r + x, c + y)) in ("C", t1) for x, y in STEPS.values()) or any(
                    board.get((b[0] + x, b[1] + y)) in ("C", t2) for x, y in STEPS.values()
                ):
                    out.add(frozenset({((r, c), t1, d.crowns1), (b, t2, d.crowns2)}))
    return out


def check_conservation(s, final: bool = False) -> None:
    placed = [d for _, d in s.placed]
    pending = [d for d in s.cur if d not in placed and d not in s.discarded]
    assert sorted(placed + s.discarded + s.unused + s.pile + s.nxt + pending) == EVERY
    if final:
        assert s.pile == [] and s.nxt == [] and pending == []
        assert sorted(placed + s.discarded + s.unused + s.pile) == EVERY


def expected_ranks(keys: list[tuple]) -> list[int]:
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def agents_for(opts: dict, seed: int, greedy_seat: int | None = None):
    players = opts["players"]
    names = ["random"] * players
    if greedy_seat is not None:
        names[greedy_seat % players] = "full-greedy"
    return [make_agent(name, GAME, derive_seed(seed, i)) for i, name in enumerate(names)]


def play_checked(opts: dict, seed: int, legality: bool = True, greedy_seat: int | None = None):
    """Play one game (or Dynasty match) checking every invariant after every action."""
    s = GAME.new(opts, seed)
    n = s.n
    players = s.players
    harmony, middle = s.opts["harmony"], s.opts["middle_kingdom"]
    agents = agents_for(s.opts, seed, greedy_seat)
    shadow = [{} for _ in range(players)]
    shadow_placed = []
    per_game = []
    while s.to_move is not None:
        assert GAME.result(s) is None
        legal = GAME.legal_actions(s)
        assert legal, "no legal action while a seat is to move"
        assert len(set(legal)) == len(legal)
        for a in legal:
            assert GAME.action_from_json(a.to_json()) is a
            assert GAME.action_from_json(json.loads(json.dumps(a.to_json()))) is a
            assert GAME.action_from_index(a.index) is a
        p = s.to_move
        domino = GAME.current_domino(s)
        if legality and domino is not None:
            naive = naive_placements(shadow[p], domino, n)
            engine = {frozenset(squares(a, domino)) for a in legal if a.kind == "place"}
            assert engine == naive
            assert (legal == [GAME.action_from_json({"type": "discard"})]) == (not naive)
        a = agents[p].act(GAME, s)
        assert a in legal
        if a.kind == "place":
            for pos, letter, crowns in squares(a, domino):
                assert pos != (0, 0) and pos not in shadow[p]
                shadow[p][pos] = (letter, crowns)
            shadow_placed.append((p, domino))
        game_no = s.game_no
        GAME.apply(s, a)
        if s.to_move is None or s.game_no != game_no:
            if s.to_move is None:  # the final kingdoms stay in the state
                assert [cells_of(s, q) for q in range(players)] == shadow
            else:  # the next game of a Dynasty starts from lone castles
                assert all(cells_of(s, q) == {} for q in range(players))
            per_game.append([recount(shadow[q], n, harmony, middle) for q in range(players)])
            engine_game = s.history[-1]
            assert [[e["score"], e["largest_region"], e["crowns"]] for e in engine_game] == [
                list(x) for x in per_game[-1]]
            shadow = [{} for _ in range(players)]
            shadow_placed = []
        else:
            assert cells_of(s, p) == shadow[p]
            assert [tuple(x) for x in s.placed] == shadow_placed
        for q in range(players):
            rows = [r for r, _ in shadow[q]] + [0]
            cols = [c for _, c in shadow[q]] + [0]
            assert max(rows) - min(rows) < n and max(cols) - min(cols) < n
        check_conservation(s)
    check_conservation(s, final=True)
    result = GAME.result(s)
    assert result is not None and GAME.legal_actions(s) == []
    games = 3 if s.opts["dynasty"] else 1
    assert len(per_game) == games and len(s.history) == games
    totals = [sum(g[q][0] for g in per_game) for q in range(players)]
    largest = [sum(g[q][1] for g in per_game) for q in range(players)]
    crowns = [sum(g[q][2] for g in per_game) for q in range(players)]
    assert result.scores == totals
    if s.opts["tiebreak"] == "crowns":
        keys = [(totals[q], largest[q], crowns[q]) for q in range(players)]
    else:
        keys = [(totals[q], largest[q]) for q in range(players)]
    assert result.ranks == expected_ranks(keys)
    assert result.winners == [q for q in range(players) if result.ranks[q] == 1]
    rows = 6 if players == 2 and not s.opts["mighty_duel"] else 12
    kings_per_seat = s.kings // players
    assert GAME.turns(s) == [(rows + 1) * kings_per_seat * games] * players
    return s, per_game


# --- the big loop -----------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_games_keep_every_invariant(variant):
    opts = VARIANTS[variant]
    bonuses_seen = 0
    for i in range(PER_VARIANT):
        seed = derive_seed(1000 + i, len(variant))
        greedy = i if (opts.get("harmony") or opts.get("middle_kingdom")) and i % 2 else None
        s, _ = play_checked(opts, seed, legality=i % 3 == 0, greedy_seat=greedy)
        if opts.get("harmony") or opts.get("middle_kingdom"):
            bd = GAME.result(s).breakdown
            for b in bd:
                for one in b.get("games", [b]):
                    bonuses_seen += one["bonus"] > 0
    if opts.get("harmony") or opts.get("middle_kingdom"):
        assert bonuses_seen, "no game earned a bonus: the bonus checks were never exercised"


@settings(max_examples=200 if FULL else 25, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 2**64 - 1), variant=st.sampled_from(sorted(VARIANTS)))
def test_any_seed_plays_to_a_consistent_end(seed, variant):
    play_checked(VARIANTS[variant], seed, legality=False)


# --- records ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_replay_reproduces_the_state_hash_after_every_action(variant):
    opts = VARIANTS[variant]
    for i in range(10 if FULL else 2):
        seed = derive_seed(2000 + i, len(variant))
        rec = GameRecord.start(GAME, opts, seed, [f"bot{j}" for j in range(opts["players"])])
        agents = agents_for(rec.options, seed)
        hashes = [GAME.state_hash(rec.state)]
        while rec.state.to_move is not None:
            rec.play(agents[rec.state.to_move].act(GAME, rec.state))
            hashes.append(GAME.state_hash(rec.state))
        data = json.loads(json.dumps(rec.to_json()))
        replayed = [GAME.state_hash(state) for _, state, _ in iter_states(data)]
        assert replayed == hashes
        r = replay(data)
        assert r.actions_applied == len(hashes) - 1
        assert r.result == GAME.result(rec.state)


# --- information -----------------------------------------------------------------------------------------
def lists_in(data):
    if isinstance(data, list):
        yield data
        for x in data:
            yield from lists_in(x)
    elif isinstance(data, dict):
        for x in data.values():
            yield from lists_in(x)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_views_hide_the_order_of_the_draw_pile(variant):
    opts = VARIANTS[variant]
    seed = derive_seed(3000, len(variant))
    s = GAME.new(opts, seed)
    agents = agents_for(s.opts, seed)
    rng = Rng(seed)
    step = 0
    while s.to_move is not None:
        if step % 7 == 0:
            t = s.clone()
            rng.shuffle(t.pile)
            if t.unused and t.pile:
                i, j = rng.below(len(t.pile)), rng.below(len(t.unused))
                t.pile[i], t.unused[j] = t.unused[j], t.pile[i]
            for seat in [*range(s.players), None]:
                view = GAME.view(s, seat)
                assert GAME.view(t, seat) == view
                json.dumps(view)
                if len(s.pile) > 1 and s.pile != sorted(s.pile):
                    assert all(lst != s.pile for lst in lists_in(view))
                    assert json.dumps(s.pile) not in json.dumps(view)
        s_action = agents[s.to_move].act(GAME, s)
        GAME.apply(s, s_action)
        step += 1


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_determinize_keeps_public_information_and_stays_playable(variant):
    opts = VARIANTS[variant]
    seed = derive_seed(4000, len(variant))
    s = GAME.new(opts, seed)
    agents = agents_for(s.opts, seed)
    step = 0
    reordered = 0
    while s.to_move is not None:
        if step % 11 == 0:
            before = GAME.state_hash(s)
            seat = s.to_move
            dets = [GAME.determinize(s, seat, Rng(k)) for k in range(3)]
            assert GAME.state_hash(s) == before
            for d in dets:
                for viewer in [*range(s.players), None]:
                    assert GAME.view(d, viewer) == GAME.view(s, viewer)
                assert sorted(d.pile + d.unused) == sorted(s.pile + s.unused) and len(d.pile) == len(s.pile)
                assert (d.nxt, d.cur, d.discarded, d.placed) == (s.nxt, s.cur, s.discarded, s.placed)
                assert GAME.legal_actions(d) == GAME.legal_actions(s)
            reordered += len({tuple(d.pile) for d in dets}) > 1
            if step % 33 == 0:
                d = dets[0]
                bot = make_agent("random", GAME, step)
                while d.to_move is not None:
                    GAME.apply(d, bot.act(GAME, d))
                    check_conservation(d)
                check_conservation(d, final=True)
                assert GAME.result(d) is not None
        GAME.apply(s, agents[s.to_move].act(GAME, s))
        step += 1
    assert reordered


# --- state handling -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_clone_independence(variant):
    opts = VARIANTS[variant]
    seed = derive_seed(5000, len(variant))
    s = GAME.new(opts, seed)
    bot = make_agent("random", GAME, seed)
    for _ in range(30):
        GAME.apply(s, bot.act(GAME, s))
    original = GAME.state_hash(s)
    c = GAME.clone(s)
    assert GAME.state_hash(c) == original
    other = make_agent("random", GAME, seed + 1)
    while c.to_move is not None:
        GAME.apply(c, other.act(GAME, c))
    assert GAME.state_hash(s) == original  # playing the clone left the original alone
    c2 = s.clone()
    kept = GAME.state_hash(c2)
    while s.to_move is not None:
        GAME.apply(s, bot.act(GAME, s))
    assert GAME.state_hash(c2) == kept  # and the other way round


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_to_data_shares_nothing_with_the_state(variant):
    s = GAME.new(VARIANTS[variant], 77)
    bot = make_agent("random", GAME, 77)
    for _ in range(25):
        GAME.apply(s, bot.act(GAME, s))
    data = s.to_data()
    before = json.dumps(data, sort_keys=True)
    while s.to_move is not None:
        GAME.apply(s, bot.act(GAME, s))
    assert json.dumps(data, sort_keys=True) == before


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_to_data_from_data_round_trip(variant):
    opts = VARIANTS[variant]
    seed = derive_seed(6000, len(variant))
    s = GAME.new(opts, seed)
    bot = make_agent("random", GAME, seed)
    state_type = type(s)
    step = 0
    while s.to_move is not None:
        if step % 13 == 0:
            data = json.loads(json.dumps(s.to_data()))
            t = state_type.from_data(data)
            assert GAME.state_hash(t) == GAME.state_hash(s)
            assert t.to_data() == s.to_data()
            assert GAME.legal_actions(t) == GAME.legal_actions(s)
            a1, a2 = make_agent("random", GAME, step), make_agent("random", GAME, step)
            u = s.clone()
            while u.to_move is not None:
                x, y = a1.act(GAME, u), a2.act(GAME, t)
                assert x is y
                GAME.apply(u, x)
                GAME.apply(t, y)
                assert GAME.state_hash(t) == GAME.state_hash(u)
            assert GAME.result(t) == GAME.result(u)
        GAME.apply(s, bot.act(GAME, s))
        step += 1
    assert GAME.state_hash(state_type.from_data(json.loads(json.dumps(s.to_data())))) == GAME.state_hash(s)


def test_every_action_round_trips_through_json_and_index():
    assert GAME.action_space_size == len(GAME.actions)
    for i, a in enumerate(GAME.actions):
        assert a.index == i
        assert GAME.action_from_index(a.index) is a
        assert GAME.action_from_json(a.to_json()) is a
    assert len({json.dumps(a.to_json(), sort_keys=True) for a in GAME.actions}) == len(GAME.actions)


def test_action_mask_matches_legal_actions():
    s = GAME.new({"players": 4}, 7)
    bot = make_agent("random", GAME, 7)
    while s.to_move is not None:
        mask = GAME.action_mask(s)
        assert [GAME.actions[i] for i, m in enumerate(mask) if m] == sorted(GAME.legal_actions(s),
                                                                            key=lambda a: a.index)
        GAME.apply(s, bot.act(GAME, s))
