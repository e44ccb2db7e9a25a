"""Kingdomino rules, one test per rule of the rules texts (tr, ru, fr) and of our rulings (docs/kingdomino.md).

Positions are reached by play where practical. Where a position is hard to reach by play, a seat's
kingdom is written as a small grid and loaded into the state's mask fields (``set_kingdom``); to
score such a kingdom at the end of a game it is loaded at the start of the last round and closed so
that every remaining domino must be discarded (``finish_with``).

Grid tokens: ``C`` the castle, ``.`` an empty square, a terrain letter (W F L G S M) followed by an
optional crown count, e.g. ``M2``. The castle is square (0, 0); rows grow downwards.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter, defaultdict

import pytest

import realms.games
from realms.agents import make_agent
from realms.core.errors import IllegalAction, OptionsError
from realms.core.game import Action
from realms.games.kingdomino import board as B
from realms.games.kingdomino.data import DOMINOES, LETTERS, NUM_DOMINOES

GAME = realms.games.get("kingdomino")
TERRAIN = {letter: i for i, letter in enumerate(LETTERS)}
STEPS = {"E": (0, 1), "S": (1, 0), "W": (0, -1), "N": (-1, 0)}
ALL = set(range(1, NUM_DOMINOES + 1))


# --- helpers --------------------------------------------------------------------------------------
def parse_grid(text: str) -> dict[tuple[int, int], tuple[str, int]]:
    rows = [line.split() for line in text.strip().splitlines()]
    castle = [(r, c) for r, row in enumerate(rows) for c, tok in enumerate(row) if tok == "C"]
    assert len(castle) == 1, "a grid needs exactly one castle"
    r0, c0 = castle[0]
    cells = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok in ("C", "."):
                continue
            assert tok[0] in TERRAIN, tok
            cells[(r - r0, c - c0)] = (tok[0], int(tok[1:] or 0))
    return cells


def set_kingdom(state, p: int, text: str) -> None:
    """Replace seat p's kingdom by the grid ``text``."""
    occ = B.CASTLE_BIT
    terr = [0] * 6
    crown = [0] * 3
    rows, cols = [0], [0]
    for (dr, dc), (letter, crowns) in parse_grid(text).items():
        bit = 1 << B.bit_of(B.CENTRE + dr, B.CENTRE + dc)
        occ |= bit
        terr[TERRAIN[letter]] |= bit
        if crowns:
            crown[crowns - 1] |= bit
        rows.append(dr)
        cols.append(dc)
    state.occ[p] = occ
    state.terr[p * 6:p * 6 + 6] = terr
    state.crown[p * 3:p * 3 + 3] = crown
    state.box[p * 4:p * 4 + 4] = [B.CENTRE + min(rows), B.CENTRE + max(rows), B.CENTRE + min(cols),
                                  B.CENTRE + max(cols)]
    state.cache = None


def cells_of(state, p: int) -> dict[tuple[int, int], tuple[str, int]]:
    return {(r, c): (letter, crowns) for r, c, letter, crowns in GAME.kingdom_cells(state, p)}


def place(row: int, col: int, d: str):
    return GAME.action_from_json({"type": "place", "row": row, "col": col, "dir": d})


def pick(slot: int):
    return GAME.action_from_json({"type": "pick", "slot": slot})


DISCARD = GAME.action_from_json({"type": "discard"})


def first_placement(opts=None, seed: int = 0):
    """The state at the first placement of the game (round 2), reached by picking slot after slot."""
    s = GAME.new(opts or {"players": 4}, seed)
    while GAME.current_domino(s) is None:
        GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def force_domino(s, number: int) -> None:
    """Make ``number`` the domino the acting king must place, swapping it with the current one."""
    i = s.cur_king.index(s.order[s.oi])
    old = s.cur[i]
    if old == number:
        return
    for lst in (s.pile, s.unused, s.nxt, s.cur):
        if number in lst:
            lst[lst.index(number)] = old
            break
    else:
        raise AssertionError(f"domino {number} is not available")
    s.cur[i] = number
    s.nxt.sort()
    s.cache = None


def halves(action, domino: int) -> frozenset:
    """The physical placement of ``action``: both squares with their terrain and crowns."""
    d = DOMINOES[domino]
    dr, dc = STEPS[action["dir"]]
    r, c = action["row"], action["col"]
    return frozenset({((r, c), LETTERS[d.terrain1], d.crowns1), ((r + dr, c + dc), LETTERS[d.terrain2], d.crowns2)})


def naive_placements(cells: dict, domino: int, n: int) -> set[frozenset]:
    """Every legal placement by the texts' rules, computed square by square."""
    d = DOMINOES[domino]
    t1, t2 = LETTERS[d.terrain1], LETTERS[d.terrain2]
    board = {pos: letter for pos, (letter, _) in cells.items()}
    board[(0, 0)] = "C"
    rows = [r for r, _ in board]
    cols = [c for _, c in board]
    out = set()

    def touches(pos, terrain):
        r, c = pos
        return any(board.get((r + a, c + b)) in ("C", terrain) for a, b in STEPS.values())

    for r in range(min(rows) - 2, max(rows) + 3):
        for c in range(min(cols) - 2, max(cols) + 3):
            for dr, dc in STEPS.values():
                a, b = (r, c), (r + dr, c + dc)
                if a in board or b in board:
                    continue
                rr, cc = rows + [a[0], b[0]], cols + [a[1], b[1]]
                if max(rr) - min(rr) >= n or max(cc) - min(cc) >= n:
                    continue
                if touches(a, t1) or touches(b, t2):
                    out.add(frozenset({(a, t1, d.crowns1), (b, t2, d.crowns2)}))
    return out


def engine_placements(s) -> set[frozenset]:
    domino = GAME.current_domino(s)
    return {halves(a, domino) for a in GAME.legal_actions(s) if a.kind == "place"}


def domino_with(t1: str, t2: str, crowns: int = 0) -> int:
    for d in DOMINOES[1:]:
        if LETTERS[d.terrain1] == t1 and LETTERS[d.terrain2] == t2 and d.crowns1 + d.crowns2 == crowns:
            return d.number
    raise AssertionError(f"no domino {t1}|{t2} with {crowns} crowns")


def at_last_round(s) -> bool:
    return s.to_move is not None and s.step == 0 and not s.nxt and s.oi == 0 and bool(s.cur)


def finish_with(opts: dict, games: list[list[str]], seed: int = 1):
    """Play a game (or Dynasty match) at random; at the start of each game's last round load the
    given closed kingdoms, which leave no legal placement, and discard the last dominoes."""
    s = GAME.new(opts, seed)
    agent = make_agent("random", GAME, seed)
    for grids in games:
        while not at_last_round(s):
            GAME.apply(s, agent.act(GAME, s))
        for p, grid in enumerate(grids):
            set_kingdom(s, p, grid)
        start = s.game_no
        while s.to_move is not None and s.game_no == start:
            assert GAME.legal_actions(s) == [DISCARD], "finish_with needs kingdoms closed to every domino"
            GAME.apply(s, DISCARD)
    assert s.to_move is None
    return s


def play_logged(opts: dict, seed: int, agent: str = "random"):
    """Play a whole game; return the final state and (round, seat, king, action, domino, events)."""
    s = GAME.new(opts, seed)
    bot = make_agent(agent, GAME, seed)
    steps = []
    while s.to_move is not None:
        a = bot.act(GAME, s)
        king = s.acting_king
        domino = s.nxt[a["slot"]] if a.kind == "pick" else GAME.current_domino(s)
        rnd, seat, game_no = s.round, s.to_move, s.game_no
        events = GAME.apply(s, a, log=True)
        steps.append({"game": game_no, "round": rnd, "seat": seat, "king": king, "action": a, "domino": domino,
                      "events": events})
    return s, steps


def illegal(s, action, match: str) -> None:
    """``action`` must raise IllegalAction matching ``match`` and leave the state exactly as it was."""
    before = GAME.state_hash(s)
    legal_before = GAME.legal_actions(s)
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(s, action)
    assert GAME.state_hash(s) == before
    assert GAME.legal_actions(s) == legal_before


# Closed 5x5 kingdoms (no room for any domino), castle in the centre unless the name says otherwise.
# score 10, largest region 10, 1 crown
K10_L10_C1 = """
W1 W  W  W  W
W  W  W  W  W
S  S  C  L  L
G  G  G  G  G
F  F  F  F  F
"""
# score 10 (forest 5 squares x 2 crowns), largest region 10, 2 crowns
K10_L10_C2 = """
W  W  W  W  W
W  W  W  W  W
F2 F  C  L  L
F  F  G  G  G
F  G  G  G  G
"""
# score 10 (grassland 10 squares x 1 crown), largest region 12 (wheat, no crown), 1 crown
K10_L12_C1 = """
W  W  W  W  W
W  W  W  W  W
W  W  C  L  L
G1 G  G  G  G
G  G  G  G  G
"""
# score 0, largest region 10, no crown
K0_L10 = K10_L10_C1.replace("W1", "W ")
# score 0, largest region 12, no crown
K0_L12 = K10_L12_C1.replace("G1", "G ")
# score 10, castle in a corner, full 5x5
K10_CORNER = """
C  W1 W  W  W
W  W  W  W  W
W  S  S  L  L
G  G  G  G  G
F  F  F  F  F
"""
# score 10, castle centred, 5x5 bounding box with single-square holes nothing can fill
K10_HOLES = """
W1 W  W  W  W
W  W  W  W  W
S  S  C  L  L
G  .  G  .  G
F  F  F  F  F
"""


# --- setup and flow ---------------------------------------------------------------------------------
def test_each_kingdom_starts_as_a_lone_castle():
    s = GAME.new({"players": 4}, 1)
    for p in range(4):
        assert GAME.kingdom_cells(s, p) == [[0, 0, "C", 0]]


def test_four_players_all_48_rows_of_four_one_king_each():
    s, steps = play_logged({"players": 4}, 3)
    assert s.unused == []
    assert {st["domino"] for st in steps} == ALL  # every domino was drawn, picked and placed or discarded
    kings = Counter(st["king"] for st in steps)
    assert sorted(kings) == [0, 1, 2, 3]
    assert {k: k % 4 for k in kings} == {st["king"]: st["seat"] for st in steps}


def test_two_players_24_removed_two_kings_each():
    removed = []
    for seed in range(5):
        s = GAME.new({"players": 2}, seed)
        assert len(s.unused) == 24 and len(s.pile) + len(s.nxt) == 24
        removed.append(frozenset(s.unused))
        hidden = set(s.unused)
        s, steps = play_logged({"players": 2}, seed)
        seen = {st["domino"] for st in steps}
        assert len(seen) == 24 and not seen & hidden  # the removed dominoes never come into play
        owners = defaultdict(set)
        for st in steps:
            owners[st["seat"]].add(st["king"])
        assert [len(owners[0]), len(owners[1])] == [2, 2]
        for rnd in {st["round"] for st in steps}:
            seats = Counter(st["seat"] for st in steps if st["round"] == rnd and st["action"].kind != "pick")
            assert set(seats.values()) <= {2}  # each seat places twice a round: once per king
    assert len(set(removed)) == 5  # removed at random


def test_three_players_draw_four_leftover_discarded():
    s, steps = play_logged({"players": 3}, 5)
    assert s.unused == []  # all 48 dominoes
    leftovers = [e.data["domino"] for st in steps for e in st["events"] if e.kind == "leftover"]
    assert len(leftovers) == 12  # one left over per row of four
    picked = {st["domino"] for st in steps if st["action"].kind == "pick"}
    assert len(picked) == 36 and not picked & set(leftovers)
    assert set(leftovers) | picked == ALL
    assert set(leftovers) <= set(s.discarded)
    assert len(s.placed) + len(s.discarded) - 12 == 36  # 36 dominoes reached a kingdom or were forced out
    rows = GAME.new({"players": 3}, 5)
    assert len(rows.nxt) == 4


def test_three_players_thirty_six_rows_of_three():
    opts = {"players": 3, "three_players": "thirty-six"}
    s = GAME.new(opts, 6)
    assert len(s.unused) == 12 and len(s.nxt) == 3
    s, steps = play_logged(opts, 6)
    assert not any(e.kind == "leftover" for st in steps for e in st["events"])
    assert len({st["domino"] for st in steps}) == 36
    assert len(s.placed) + len(s.discarded) == 36
    with pytest.raises(IllegalAction, match="slot 4 does not exist"):
        GAME.apply(GAME.new(opts, 6), pick(3))


def test_mighty_duel_7x7_all_48():
    s, steps = play_logged({"players": 2, "mighty_duel": True}, 7)
    assert s.n == 7 and s.unused == []
    assert {st["domino"] for st in steps} == ALL
    per_seat = Counter(st["seat"] for st in steps if st["action"].kind != "pick")
    assert per_seat == {0: 24, 1: 24}
    wide = 0
    for seed in range(10):
        s, _ = play_logged({"players": 2, "mighty_duel": True}, seed)
        for p in range(2):
            rows = [r for r, *_ in GAME.kingdom_cells(s, p)]
            cols = [c for _, c, *_ in GAME.kingdom_cells(s, p)]
            assert max(rows) - min(rows) < 7 and max(cols) - min(cols) < 7
            wide += max(rows) - min(rows) >= 5 or max(cols) - min(cols) >= 5
    assert wide  # kingdoms really grow beyond 5x5


@pytest.mark.parametrize(
    ("opts", "rounds", "per_king"),
    [
        ({"players": 4}, 12, 12),
        ({"players": 3}, 12, 12),
        ({"players": 3, "three_players": "thirty-six"}, 12, 12),
        ({"players": 2}, 6, 6),
        ({"players": 2, "mighty_duel": True}, 12, 12),
    ],
    ids=["4p", "3p-draw-four", "3p-thirty-six", "2p", "mighty-duel"],
)
def test_twelve_rounds_six_with_two_players(opts, rounds, per_king):
    """4 and 3 players (both methods) and the Mighty Duel: 12 rows and 12 dominoes per king; 2 players: 6."""
    s, steps = play_logged(opts, 8)
    pick_rounds = {st["round"] for st in steps if st["action"].kind == "pick"}
    place_rounds = {st["round"] for st in steps if st["action"].kind != "pick"}
    assert len(pick_rounds) == rounds and len(place_rounds) == rounds
    per = Counter(st["king"] for st in steps if st["action"].kind != "pick")
    assert set(per.values()) == {per_king}


def test_first_round_random_king_order():
    firsts = Counter()
    orders = set()
    for seed in range(240):
        s = GAME.new({"players": 4}, seed)
        kings = []
        while s.round == 0:
            assert s.step == 1 and s.to_move == s.acting_king % 4
            kings.append(s.acting_king)
            GAME.apply(s, GAME.legal_actions(s)[0])
        assert sorted(kings) == [0, 1, 2, 3]
        orders.add(tuple(kings))
        firsts[kings[0]] += 1
    assert len(orders) == 24  # every permutation of the kings occurs
    assert min(firsts.values()) >= 30  # about 60 each
    # two players: a random permutation of all four kings, so a seat may pick twice in a row
    seats = set()
    for seed in range(40):
        s = GAME.new({"players": 2}, seed)
        seq = []
        while s.round == 0:
            seq.append(s.to_move)
            GAME.apply(s, GAME.legal_actions(s)[0])
        assert sorted(seq) == [0, 0, 1, 1]
        seats.add(tuple(seq))
    assert len(seats) == 6


def test_rows_sorted_by_number():
    for opts in ({"players": 4}, {"players": 3, "three_players": "thirty-six"}, {"players": 2}):
        s = GAME.new(opts, 9)
        agent = make_agent("random", GAME, 9)
        while s.to_move is not None:
            assert s.nxt == sorted(s.nxt)
            assert s.cur == sorted(s.cur)
            view = GAME.view(s, 0)
            numbers = [d["domino"] for d in view["next_row"]]
            assert numbers == sorted(numbers)
            GAME.apply(s, agent.act(GAME, s))


def test_turn_order_follows_row_position():
    """The king on the lowest-numbered domino of the row plays first, and so on."""
    for opts in ({"players": 4}, {"players": 3}, {"players": 2}, {"players": 2, "mighty_duel": True}):
        _, steps = play_logged(opts, 10)
        picks = defaultdict(list)
        places = defaultdict(list)
        for st in steps:
            (picks if st["action"].kind == "pick" else places)[st["round"]].append((st["domino"], st["king"]))
        for rnd, placed in places.items():
            expected = sorted(picks[rnd - 1])  # (domino, king) picked in the round before, by number
            assert [k for _, k in placed] == [k for _, k in expected]
            assert placed == expected  # each king places exactly the domino it picked


def test_place_then_pick():
    _, steps = play_logged({"players": 4}, 11)
    rounds = defaultdict(list)
    for st in steps:
        rounds[st["round"]].append(st)
    middle = [r for r in rounds if r != min(rounds) and r != max(rounds)]
    assert len(middle) == 11
    for r in middle:
        kinds = [st["action"].kind for st in rounds[r]]
        assert len(kinds) == 8
        for i in range(0, 8, 2):
            assert kinds[i] in ("place", "discard") and kinds[i + 1] == "pick"
            assert rounds[r][i]["king"] == rounds[r][i + 1]["king"]


def test_placement_step_offers_no_pick_and_pick_step_no_placement():
    s = first_placement()
    assert {a.kind for a in GAME.legal_actions(s)} <= {"place", "discard"}
    GAME.apply(s, GAME.legal_actions(s)[0])
    assert {a.kind for a in GAME.legal_actions(s)} == {"pick"}


def test_first_round_is_pick_only():
    _, steps = play_logged({"players": 4}, 12)
    first = [st for st in steps if st["round"] == min(st["round"] for st in steps)]
    assert [st["action"].kind for st in first] == ["pick"] * 4


def test_last_round_place_only():
    for opts in ({"players": 4}, {"players": 2}, {"players": 3}):
        s = GAME.new(opts, 13)
        agent = make_agent("random", GAME, 13)
        while not at_last_round(s):
            GAME.apply(s, agent.act(GAME, s))
        assert s.pile == [] and s.nxt == []
        seen = []
        while s.to_move is not None:
            legal = GAME.legal_actions(s)
            assert {a.kind for a in legal} <= {"place", "discard"}
            seen.append(s.acting_king)
            GAME.apply(s, agent.act(GAME, s))
        assert len(seen) == s.kings


def test_game_ends_when_the_dominoes_run_out():
    s = GAME.new({"players": 4}, 14)
    agent = make_agent("random", GAME, 14)
    while s.to_move is not None:
        assert GAME.result(s) is None and not GAME.is_over(s)
        GAME.apply(s, agent.act(GAME, s))
    assert GAME.is_over(s) and GAME.legal_actions(s) == []
    assert s.pile == [] and s.nxt == []
    assert GAME.result(s) is not None
    illegal(s, pick(0), "game is over")


def test_cannot_pick_a_taken_domino():
    s = GAME.new({"players": 4}, 15)
    GAME.apply(s, pick(2))
    assert pick(2) not in GAME.legal_actions(s)
    illegal(s, pick(2), "already taken")


# --- placement: connection --------------------------------------------------------------------------------
def test_connection_through_castle():
    """The castle is a joker: any terrain may touch it; nothing else is there to touch."""
    for number in (1, 7, 17, 29, 46, 48):
        s = first_placement()
        force_domino(s, number)
        placements = engine_placements(s)
        assert placements == naive_placements({}, number, 5)
        for pl in placements:
            assert any(abs(r) + abs(c) == 1 for (r, c), _, _ in pl)
        assert len(placements) == (12 if DOMINOES[number].symmetric else 24)


def test_connection_needs_matching_terrain():
    s = first_placement()
    set_kingdom(s, s.to_move, "C F F")
    p = s.to_move
    force_domino(s, 7)  # L|L
    illegal(s, place(0, 3, "E"), "touches neither the castle nor a square of the same terrain")
    force_domino(s, 3)  # F|F
    GAME.apply(s, place(0, 3, "E"))
    assert cells_of(s, p)[(0, 3)] == cells_of(s, p)[(0, 4)] == ("F", 0)


def test_connection_by_either_half():
    """Either half may make the connection, but only to its own terrain."""
    s = first_placement()
    p = s.to_move
    number = domino_with("F", "L")  # F|L
    force_domino(s, number)
    set_kingdom(s, p, "C F F")
    # F at (0,3) next to the forest at (0,2), L at (0,4): the first half connects
    assert place(0, 3, "E") in GAME.legal_actions(s)
    # F at (0,4) touches nothing, L at (0,3) touches forest only
    illegal(s, place(0, 4, "W"), "touches neither")
    set_kingdom(s, p, "C L L")
    # F at (0,4), L at (0,3) next to the lake at (0,2): the second half connects
    assert place(0, 4, "W") in GAME.legal_actions(s)
    illegal(s, place(0, 3, "E"), "touches neither")
    assert engine_placements(s) == naive_placements(cells_of(s, p), number, 5)


def test_connection_matches_any_square_of_the_terrain():
    s = first_placement()
    set_kingdom(s, s.to_move, """
        F . .
        F C W
        L . .
    """)
    number = domino_with("L", "L")
    force_domino(s, number)
    assert engine_placements(s) == naive_placements(cells_of(s, s.to_move), number, 5)
    # right below the lake square (1,-1), away from the castle
    assert halves(place(2, -2, "E"), number) in engine_placements(s)
    assert halves(place(-2, -1, "E"), number) not in engine_placements(s)  # next to forest only


def test_diagonal_contact_does_not_connect():
    s = first_placement()
    set_kingdom(s, s.to_move, "C F F")
    force_domino(s, 3)  # F|F
    illegal(s, place(1, 3, "E"), "touches neither")  # (1,3) only touches forest (0,2) diagonally
    illegal(s, place(-1, 3, "E"), "touches neither")
    assert halves(place(1, 2, "E"), 3) in engine_placements(s)  # (1,2) is right below forest (0,2)


def test_halves_must_cover_empty_squares():
    s = first_placement()
    set_kingdom(s, s.to_move, "C F F")
    force_domino(s, 3)
    illegal(s, place(0, 0, "S"), "covers an occupied square")
    illegal(s, place(0, 2, "E"), "covers an occupied square")
    illegal(s, place(1, 1, "N"), "covers an occupied square")


def test_domino_may_be_turned_every_way():
    s = first_placement()
    number = domino_with("F", "L")
    force_domino(s, number)
    dirs = {a["dir"] for a in GAME.legal_actions(s)}
    assert dirs == {"E", "S", "W", "N"}
    # both ends of an asymmetric domino may face the castle
    assert halves(place(0, 1, "E"), number) in engine_placements(s)
    assert halves(place(0, 2, "W"), number) in engine_placements(s)


def test_symmetric_domino_reversed_placement_not_refused_for_a_false_reason():
    """W|W at (0,2) with its second half west is the same placement as (0,1) east, which touches the
    castle. The engine may keep one name per placement, but must not claim it touches nothing."""
    s = first_placement()
    p = s.to_move
    force_domino(s, 1)  # W|W
    assert place(0, 1, "E") in GAME.legal_actions(s)
    before = GAME.state_hash(s)
    try:
        GAME.apply(s, place(0, 2, "W"))
    except IllegalAction as e:
        assert GAME.state_hash(s) == before
        assert "touches neither" not in str(e), f"a placement next to the castle refused as unconnected: {e}"
    else:
        assert cells_of(s, p)[(0, 1)] == cells_of(s, p)[(0, 2)] == ("W", 0)


# --- placement: the bound ------------------------------------------------------------------------------
@pytest.mark.parametrize("direction", ["E", "S", "W", "N"])
def test_bound_5x5_includes_castle_at_edge(direction):
    """A line of four squares from the castle is five long with the castle: nothing may go further,
    although the terrain squares alone would still fit in five."""
    dr, dc = STEPS[direction]
    side = (dc, dr)  # perpendicular to the line
    side_name = next(k for k, v in STEPS.items() if v == side)
    s = first_placement()
    p = s.to_move
    line = {"E": "C W W W W", "W": "W W W W C", "S": "C\nW\nW\nW\nW", "N": "W\nW\nW\nW\nC"}[direction]
    set_kingdom(s, p, line)
    number = domino_with("W", "F")  # W|F: its wheat half makes the connection
    force_domino(s, number)
    end = (4 * dr, 4 * dc)
    # beside the last square and one past it: wheat touches wheat, but the kingdom would be six long
    r, c = end[0] + side[0], end[1] + side[1]
    illegal(s, place(r, c, direction), r"larger than 5x5 \(castle included\)")
    # beside the line, within the five: legal
    assert place(r - dr, c - dc, direction) in GAME.legal_actions(s)
    # behind the castle: touches the castle, but six long
    illegal(s, place(-dr, -dc, side_name), "larger than 5x5")
    for pl in engine_placements(s):
        cells = {pos for pos, *_ in pl} | {(0, 0), end}
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        assert max(rows) - min(rows) < 5 and max(cols) - min(cols) < 5
    assert engine_placements(s) == naive_placements(cells_of(s, p), number, 5)


def test_bound_allows_castle_in_a_corner():
    s = first_placement()
    set_kingdom(s, s.to_move, """
        C W W W W
        W W W W W
        W W W W W
        W W W W W
    """)
    force_domino(s, 1)
    legal = GAME.legal_actions(s)
    assert place(4, 0, "E") in legal and place(4, 3, "E") in legal
    illegal(s, place(4, 4, "E"), "larger than 5x5")
    illegal(s, place(1, -1, "S"), "larger than 5x5")
    assert engine_placements(s) == naive_placements(cells_of(s, s.to_move), 1, 5)


def test_bound_7x7_in_mighty_duel():
    s = first_placement({"players": 2, "mighty_duel": True})
    p = s.to_move
    set_kingdom(s, p, "C W W W W W W")
    force_domino(s, 1)
    assert place(1, 5, "E") in GAME.legal_actions(s)
    illegal(s, place(0, -1, "S"), "larger than 7x7")
    illegal(s, place(-1, -1, "E"), "larger than 7x7")
    assert engine_placements(s) == naive_placements(cells_of(s, p), 1, 7)


def test_gaps_allowed_within_the_bound():
    s = first_placement()
    p = s.to_move
    set_kingdom(s, p, "C W W W W")
    force_domino(s, 1)
    GAME.apply(s, place(1, 1, "S"))
    cells = cells_of(s, p)
    assert (1, 1) in cells and (2, 1) in cells and (1, 0) not in cells  # a gap below the castle


# --- discarding ------------------------------------------------------------------------------------------
def test_forced_discard_when_no_legal_placement():
    # no room: a full 5x5 kingdom
    s = first_placement()
    p, king = s.to_move, s.acting_king
    set_kingdom(s, p, K10_L10_C1)
    number = GAME.current_domino(s)
    assert GAME.legal_actions(s) == [DISCARD]
    GAME.apply(s, DISCARD)
    assert s.discarded[-1] == number
    assert cells_of(s, p) == {(0, 0): ("C", 0), **parse_grid(K10_L10_C1)}
    assert s.step == 1 and s.acting_king == king  # the king still picks from the next row
    # no match: the castle is walled in and the kingdom has no lake
    s = first_placement(seed=1)
    set_kingdom(s, s.to_move, "F F F\nF C F\nF F F")
    force_domino(s, 7)  # L|L
    assert GAME.legal_actions(s) == [DISCARD]
    GAME.apply(s, DISCARD)
    assert s.discarded[-1] == 7


def test_forced_discard_in_play():
    found = 0
    for seed in range(20):
        s = GAME.new({"players": 4}, seed)
        agent = make_agent("random", GAME, seed)
        while s.to_move is not None:
            legal = GAME.legal_actions(s)
            domino = GAME.current_domino(s)
            if domino is not None:
                naive = naive_placements(cells_of(s, s.to_move), domino, 5)
                assert (legal == [DISCARD]) == (not naive)
                if legal == [DISCARD]:
                    found += 1
                    GAME.apply(s, DISCARD)
                    assert s.discarded[-1] == domino
                    continue
            GAME.apply(s, agent.act(GAME, s))
    assert found


def test_no_voluntary_discard():
    s = first_placement()
    assert DISCARD not in GAME.legal_actions(s)
    illegal(s, DISCARD, "can be placed, so it may not be discarded")


def test_discarded_domino_scores_nothing():
    s = finish_with({"players": 2}, [[K10_L10_C1, K0_L10]])
    assert GAME.result(s).scores == [10, 0]
    assert len(s.discarded) >= 4  # the last round's dominoes were all discarded


def test_placed_domino_cannot_move():
    s = GAME.new({"players": 4}, 16)
    agent = make_agent("random", GAME, 16)
    before = [cells_of(s, p) for p in range(4)]
    while s.to_move is not None:
        GAME.apply(s, agent.act(GAME, s))
        for p in range(4):
            now = cells_of(s, p)
            assert all(now.get(pos) == val for pos, val in before[p].items())  # nothing moves or changes
            before[p] = now
    assert {a.kind for a in GAME.actions} == {"place", "discard", "pick"}  # no action moves a domino
    s = first_placement()
    p = s.to_move
    force_domino(s, 3)
    GAME.apply(s, place(0, 1, "E"))
    GAME.apply(s, GAME.legal_actions(s)[0])
    while s.to_move != p or GAME.current_domino(s) is None:
        GAME.apply(s, GAME.legal_actions(s)[0])
    illegal(s, place(0, 1, "E"), "covers an occupied square")
    illegal(s, place(0, 2, "W"), "covers an occupied square")


# --- illegal actions -----------------------------------------------------------------------------------
def test_illegal_action_leaves_state_unchanged():
    s = first_placement()
    force_domino(s, 17)
    illegal(s, place(0, 0, "E"), "covers an occupied square")
    illegal(s, place(3, 3, "E"), "touches neither")
    illegal(s, place(4, 0, "E"), "touches neither|larger than")
    illegal(s, DISCARD, "may not be discarded")
    illegal(s, pick(0), "must place")
    illegal(s, "place", "not an action of this game")
    illegal(s, Action(10_000, "pick", {"slot": 0}), "not an action of this game")
    GAME.apply(s, place(0, 1, "E"))
    illegal(s, place(1, 0, "E"), "must pick a domino of the next row")
    illegal(s, DISCARD, "must pick")
    s = GAME.new({"players": 3, "three_players": "thirty-six"}, 2)
    illegal(s, pick(3), "slot 4 does not exist")
    GAME.apply(s, pick(0))
    illegal(s, pick(0), "slot 1 .* is already taken by seat")


def test_action_from_json_rejects_unknown_actions():
    for bad in ({"type": "place", "row": 9, "col": 0, "dir": "E"}, {"type": "pick", "slot": 4},
                {"type": "move"}, {"type": "place", "row": 0, "col": 1, "dir": "X"}, ["pick"], "pick"):
        with pytest.raises(IllegalAction):
            GAME.action_from_json(bad)


# --- scoring, bonuses and variants ----------------------------------------------------------------------
def test_score_is_squares_times_crowns_per_region():
    s = first_placement()
    set_kingdom(s, 0, """
        F1 F  F1 F
        F  F  F1 C
        L  L  L  L
        L  L  L  L
        L  W  W  W
    """)
    set_kingdom(s, 1, "G2 G G C W W W W\n. . . . W W . .")
    assert GAME.score(s, 0).total == 21  # forest 7 x 3; lake 9 x 0; wheat 3 x 0
    assert GAME.score(s, 1).total == 6  # grassland 3 x 2; wheat 6 x 0


def test_castle_belongs_to_no_region():
    s = first_placement()
    set_kingdom(s, 0, "F1 C F1")
    score = GAME.score(s, 0)
    assert score.total == 2 and [r.squares for r in score.regions] == [1, 1]


def test_harmony_bonus():
    s = finish_with({"players": 2, "harmony": True}, [[K10_L10_C1, K10_HOLES]])
    assert GAME.result(s).scores == [15, 10]
    assert GAME.result(s).breakdown[0]["harmony"] == 5 and GAME.result(s).breakdown[1]["harmony"] == 0
    s = finish_with({"players": 2}, [[K10_L10_C1, K10_HOLES]])
    assert GAME.result(s).scores == [10, 10]  # only with the variant


def test_harmony_counts_the_whole_grid_castle_included():
    s = finish_with({"players": 2, "harmony": True}, [[K10_CORNER, K10_L10_C1]])
    assert GAME.result(s).scores == [15, 15]  # wherever the castle is
    s = first_placement({"players": 2, "harmony": True})
    set_kingdom(s, 0, "C W W W W\nW W W W W\nW W W W W\nW W W W W")  # 20 squares: not full
    assert GAME.score(s, 0).harmony == 0


def test_middle_kingdom_bonus():
    s = finish_with({"players": 2, "middle_kingdom": True}, [[K10_L10_C1, K10_CORNER]])
    assert GAME.result(s).scores == [20, 10]
    assert GAME.result(s).breakdown[0]["middle_kingdom"] == 10
    s = finish_with({"players": 2}, [[K10_L10_C1, K10_CORNER]])
    assert GAME.result(s).scores == [10, 10]


def test_the_result_names_only_the_bonuses_in_play():
    """A bonus the game was not played with is not listed at 0 beside the others (the browser's final table reads
    every number of the breakdown); one in play is listed even when it is 0."""
    off = GAME.result(finish_with({"players": 2}, [[K10_L10_C1, K10_CORNER]])).breakdown
    assert all("harmony" not in b and "middle_kingdom" not in b for b in off), off
    on = GAME.result(finish_with({"players": 2, "harmony": True}, [[K10_L10_C1, K10_CORNER]])).breakdown
    assert [("harmony" in b, "middle_kingdom" in b) for b in on] == [(True, False), (True, False)]
    both = GAME.result(finish_with({"players": 2, "harmony": True, "middle_kingdom": True},
                                   [[K10_L10_C1, K10_CORNER]])).breakdown
    assert all(b["middle_kingdom"] in (0, 10) and "harmony" in b for b in both)


def test_middle_kingdom_allows_gaps():
    s = finish_with({"players": 2, "middle_kingdom": True}, [[K10_HOLES, K10_CORNER]])
    assert GAME.result(s).scores == [20, 10]


def test_middle_kingdom_needs_the_full_grid_around_the_castle():
    s = first_placement({"players": 2, "middle_kingdom": True})
    set_kingdom(s, 0, "W W W\nW C W\nW W W")  # centred, but only 3x3
    assert GAME.score(s, 0).middle_kingdom == 0
    set_kingdom(s, 0, "W . . . .\n. . . . .\n. . C . .\n. . . . .\n. . . . W")  # 5x5 box, centred
    assert GAME.score(s, 0).middle_kingdom == 10
    set_kingdom(s, 0, "W . . . .\n. . . . .\n. C . . .\n. . . . .\n. . . . W")  # 5x5 box, off centre
    assert GAME.score(s, 0).middle_kingdom == 0


def test_mighty_duel_bonuses_use_the_7x7_grid():
    s = first_placement({"players": 2, "mighty_duel": True, "middle_kingdom": True, "harmony": True})
    set_kingdom(s, 0, K10_L10_C1)  # full 5x5: neither bonus in a 7x7 game
    assert GAME.score(s, 0).total == 10
    full7 = "\n".join(" ".join("C" if (r, c) == (3, 3) else "W" for c in range(7)) for r in range(7))
    set_kingdom(s, 0, full7)
    assert GAME.score(s, 0).harmony == 5 and GAME.score(s, 0).middle_kingdom == 10


def test_variants_combine():
    s = finish_with({"players": 2, "harmony": True, "middle_kingdom": True}, [[K10_L10_C1, K10_HOLES]])
    assert GAME.result(s).scores == [25, 20]
    opts = {"players": 2, "mighty_duel": True, "harmony": True, "middle_kingdom": True, "dynasty": True,
            "tiebreak": "largest-region"}
    s, steps = play_logged(opts, 17, agent="full-greedy")
    assert len(s.history) == 3 and GAME.result(s) is not None
    assert s.n == 7


def test_dynasty_three_games_totals():
    s = finish_with({"players": 2, "dynasty": True},
                    [[K10_L10_C1, K0_L10], [K0_L10, K10_L12_C1], [K10_L10_C2, K0_L12]])
    result = GAME.result(s)
    assert [[g[p]["score"] for p in range(2)] for g in s.history] == [[10, 0], [0, 10], [10, 0]]
    assert result.scores == [20, 10] and result.winners == [0]
    assert [len(b["games"]) for b in result.breakdown] == [3, 3]


def test_dynasty_each_game_starts_afresh():
    s = GAME.new({"players": 4, "dynasty": True}, 18)
    agent = make_agent("random", GAME, 18)
    starts = 0
    game_no = 0
    while s.to_move is not None:
        GAME.apply(s, agent.act(GAME, s))
        if s.game_no != game_no:
            game_no = s.game_no
            starts += 1
            assert s.round == 0 and s.placed == [] and s.cur == []
            assert all(GAME.kingdom_cells(s, p) == [[0, 0, "C", 0]] for p in range(4))
            assert len(s.pile) + len(s.nxt) == 48
            assert len(s.history) == game_no
    assert starts == 2 and len(s.history) == 3


def test_dynasty_tiebreak_on_totals():
    # totals tie at 10; largest regions summed over the games: 30 against 32
    s = finish_with({"players": 2, "dynasty": True},
                    [[K10_L10_C1, K0_L12], [K0_L10, K10_L10_C1], [K0_L10, K0_L10]])
    assert GAME.result(s).scores == [10, 10] and GAME.result(s).winners == [1]
    # totals and largest regions tie; crowns summed: 5 against 4
    games = [[K10_L10_C1, K10_L10_C2], [K10_L10_C2, K10_L10_C1], [K10_L10_C2, K10_L10_C1]]
    s = finish_with({"players": 2, "dynasty": True}, games)
    assert GAME.result(s).scores == [30, 30] and GAME.result(s).winners == [0]
    s = finish_with({"players": 2, "dynasty": True, "tiebreak": "largest-region"}, games)
    assert GAME.result(s).winners == [0, 1]


def test_tiebreak_largest_region_then_crowns():
    s = finish_with({"players": 2}, [[K10_L10_C1, K10_L10_C2]])
    result = GAME.result(s)
    assert result.scores == [10, 10] and result.winners == [1] and result.ranks == [2, 1]


def test_tiebreak_largest_region_counts_squares_regardless_of_crowns():
    for tiebreak in ("crowns", "largest-region"):
        s = finish_with({"players": 2, "tiebreak": tiebreak}, [[K10_L10_C2, K10_L12_C1]])
        result = GAME.result(s)
        assert result.scores == [10, 10] and result.winners == [1]  # the crownless wheat region of 12
        assert result.breakdown[1]["largest_region"] == 12


def test_tiebreak_largest_region_then_shared():
    """Second edition (option tiebreak=largest-region): crowns do not count."""
    s = finish_with({"players": 2, "tiebreak": "largest-region"}, [[K10_L10_C1, K10_L10_C2]])
    result = GAME.result(s)
    assert result.winners == [0, 1] and result.ranks == [1, 1] and result.shared


def test_tiebreak_shared_win():
    s = finish_with({"players": 3}, [[K10_L10_C1, K10_L10_C1, K0_L12]])
    result = GAME.result(s)
    assert result.scores == [10, 10, 0] and result.winners == [0, 1] and result.ranks == [1, 1, 3]


def test_tiebreak_only_among_tied_scores():
    s = finish_with({"players": 3}, [[K0_L12, K10_L10_C1, K10_L10_C2]])
    result = GAME.result(s)
    assert result.ranks == [3, 2, 1]  # the largest region does not lift a lower score


# --- information ---------------------------------------------------------------------------------------
def test_view_hides_the_order_of_the_draw_pile():
    s = GAME.new({"players": 2}, 19)
    t = s.clone()
    t.pile.reverse()
    t.pile[0], t.unused[0] = t.unused[0], t.pile[0]
    assert GAME.state_hash(s) != GAME.state_hash(t)
    for seat in (0, 1, None):
        assert GAME.view(s, seat) == GAME.view(t, seat)
    text = json.dumps(GAME.view(s, 0))
    assert json.dumps(s.pile) not in text


def test_row_faces_are_public():
    s = first_placement()
    view = GAME.view(s, 0)
    for key, row in (("current_row", s.cur), ("next_row", s.nxt)):
        assert [d["domino"] for d in view[key]] == row
        for d in view[key]:
            dom = DOMINOES[d["domino"]]
            assert d["halves"] == [[LETTERS[dom.terrain1], dom.crowns1], [LETTERS[dom.terrain2], dom.crowns2]]


# --- options ----------------------------------------------------------------------------------------------
def test_options_defaults():
    opts = GAME.validate_options({})
    assert opts == {"players": 4, "three_players": "draw-four", "mighty_duel": False, "harmony": False,
                    "middle_kingdom": False, "dynasty": False, "tiebreak": "crowns"}
    assert GAME.validate_options({"players": "3", "harmony": "true", "dynasty": "False"}) == {
        **opts, "players": 3, "harmony": True}


@pytest.mark.parametrize(
    ("raw", "match"),
    [
        ({"player": 3}, r"unknown option 'player' \(did you mean players\?\); valid options are players, "),
        ({"harmony": "yes"}, r"option 'harmony' must be true or false"),
        ({"mighty_duel": 1}, r"option 'mighty_duel' must be true or false"),
        ({"players": "four"}, r"option 'players' must be an integer"),
        ({"players": True}, r"option 'players' must be an integer"),
        ({"players": 1}, r"option 'players' must be between 2 and 4, got 1"),
        ({"players": 5}, r"must be between 2 and 4, got 5"),
        ({"tiebreak": "coin"}, r"option 'tiebreak' must be one of crowns, largest-region"),
        ({"players": 3, "three_players": "thirty"}, r"must be one of draw-four, thirty-six"),
        ({"players": 4, "mighty_duel": True}, r"Mighty Duel is for 2 players, not 4"),
        ({"players": 3, "mighty_duel": True}, r"Mighty Duel is for 2 players, not 3"),
        ({"players": 4, "three_players": "thirty-six"}, r"applies only to 3 players"),
        ([("players", 2)], r"options must be an object"),
    ],
)
def test_options_validation_errors(raw, match):
    with pytest.raises(OptionsError, match=match):
        GAME.validate_options(raw)
    with pytest.raises(OptionsError, match=match):
        GAME.new(raw, 1)


def test_seed_must_be_an_integer():
    for seed in ("1", 1.5, True, None, -1, 2**64):
        with pytest.raises(OptionsError, match="seed must be an integer"):
            GAME.new({"players": 2}, seed)


def test_same_seed_same_deal_other_seed_other_deal():
    a, b, c = (GAME.new({"players": 4}, seed) for seed in (20, 20, 21))
    assert GAME.state_hash(a) == GAME.state_hash(b) != GAME.state_hash(c)


def test_every_variant_combination_is_playable():
    combos = itertools.product((2, 3, 4), (False, True), (False, True), ("crowns", "largest-region"))
    for players, harmony, middle, tiebreak in combos:
        opts = {"players": players, "harmony": harmony, "middle_kingdom": middle, "tiebreak": tiebreak}
        s, _ = play_logged(opts, players * 7 + harmony * 2 + middle)
        assert GAME.result(s) is not None


def test_round_counter_matches_the_rules_twelve_rounds_after_the_opening():
    """The opening picks are round 0; then 12 rounds (6 with 2 players), the last one place-only."""
    for players, rounds in ((4, 12), (3, 12), (2, 6)):
        s = GAME.new({"players": players}, 3)
        assert s.round == 0
        seen = set()
        while s.to_move is not None:
            seen.add(s.round)
            GAME.apply(s, GAME.legal_actions(s)[0])
        assert seen == set(range(rounds + 1))
