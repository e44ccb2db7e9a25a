"""The search agents mc, uct and ismcts: determinism, strength against random, options, information use."""

from __future__ import annotations

import pickle

import pytest

import realms.games
from realms.agents import make_agent
from realms.agents.search import SearchConfig, _Search, search_root
from realms.core.agents import AgentOptionsError, UnknownAgent, agent_help, choose, split_agent_list
from realms.core.rng import Rng, derive_seed
from realms.sim import run_tournament

KINDS = ("mc", "uct", "ismcts")
OPTS = {
    "kingdomino": {"players": 2},
    "dominion": {"players": 2},
    "burgundy": {"players": 2},
}


def _position(game_id: str, steps: int = 12, seed: int = 3):
    """A position a few actions in, where the seat to move has several choices."""
    game = realms.games.get(game_id)
    state = game.new(OPTS[game_id], seed)
    bot = make_agent("rollout", game, 1)
    while True:
        if steps <= 0 and len(game.legal_actions(state)) > 2:
            return game, state
        game.apply(state, bot.act(game, state))
        steps -= 1


@pytest.mark.parametrize("game_id", list(OPTS))
@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_move_and_the_state_is_untouched(game_id: str, kind: str) -> None:
    game, state = _position(game_id)
    before = game.state_hash(state)
    name = f"{kind}:iterations=40"
    moves = [make_agent(name, game, seed).act(game, state) for seed in (5, 5, 6, 7, 8, 9, 10, 11)]
    assert moves[0] == moves[1]
    assert all(m in game.legal_actions(state) for m in moves)
    assert game.state_hash(state) == before
    # the seed matters: the statistics (hence, often, the move) differ
    stats = []
    for seed in (5, 6):
        agent = make_agent(name, game, seed)
        agent.act(game, state)
        stats.append(agent.last_stats)
    assert stats[0] != stats[1]


@pytest.mark.parametrize("kind", KINDS)
def test_seed_option_overrides_the_seat_seed(kind: str) -> None:
    game, state = _position("kingdomino")
    a = make_agent(f"{kind}:iterations=30,seed=42", game, 1)
    b = make_agent(f"{kind}:iterations=30,seed=42", game, 2)
    a.act(game, state)
    b.act(game, state)
    assert a.last_stats == b.last_stats


def test_root_statistics_count_every_iteration() -> None:
    game, state = _position("kingdomino")
    for kind in KINDS:
        agent = make_agent(f"{kind}:iterations=50", game, 3)
        agent.act(game, state)
        assert sum(n for n, _ in agent.last_stats.values()) == 50
        legal = {a.index for a in game.legal_actions(state)}
        assert set(agent.last_stats) <= legal


@pytest.mark.parametrize("kind", KINDS)
def test_beats_random_at_kingdomino(kind: str) -> None:
    report = run_tournament("kingdomino", [f"{kind}:iterations=60", "random"], games=10, seed=11,
                            options={"players": 2})
    assert report.entrants[0].wins >= 8, report.to_json()


@pytest.mark.parametrize("kind", KINDS)
def test_beats_random_at_dominion(kind: str) -> None:
    report = run_tournament("dominion", [f"{kind}:iterations=20", "random"], games=4, seed=11,
                            options={"players": 2, "turn_limit": 12})
    assert report.entrants[0].wins == 4, report.to_json()


@pytest.mark.parametrize("kind", KINDS)
def test_beats_random_at_burgundy(kind: str) -> None:
    report = run_tournament("burgundy", [f"{kind}:iterations=30", "random"], games=2, seed=11,
                            options={"players": 2})
    assert report.entrants[0].wins == 2, report.to_json()
    assert report.entrants[0].mean_score > report.entrants[1].mean_score + 15


class _Recorder:
    """Wraps a game so that every determinize call is recorded (and every other call passes through)."""

    def __init__(self, game):
        self._game = game
        self.seats: list[int] = []

    def determinize(self, state, seat, rng):
        self.seats.append(seat)
        return self._game.determinize(state, seat, rng)

    def __getattr__(self, name):
        return getattr(self._game, name)


@pytest.mark.parametrize("game_id", list(OPTS))
def test_ismcts_determinizes_only_for_its_own_seat(game_id: str) -> None:
    game = realms.games.get(game_id)
    recorder = _Recorder(game)
    state = game.new(OPTS[game_id], 8)
    agents = [make_agent("ismcts:iterations=10", game, 1), make_agent("rollout", game, 2)]
    calls_by_seat: dict[int, int] = {0: 0}
    for _ in range(40):
        seat = state.to_move
        if seat is None:
            break
        if seat == 0:
            before = len(recorder.seats)
            action = agents[0].act(recorder, state)
            new = recorder.seats[before:]
            assert set(new) <= {0}
            calls_by_seat[0] += len(new)
        else:
            action = agents[1].act(game, state)
        game.apply(state, action)
    assert calls_by_seat[0] > 0


def test_workers_combine_in_a_fixed_order_and_match_the_single_process_searches() -> None:
    game, state = _position("kingdomino")
    agent = make_agent("ismcts:iterations=20,workers=2", game, 9)
    move = agent.act(game, state)
    again = make_agent("ismcts:iterations=20,workers=2", game, 9)
    assert again.act(game, state) == move
    assert again.last_stats == agent.last_stats
    # the same figures by hand: each worker searches from derive_seed(move seed, worker)
    move_seed = Rng(9).next64()
    cfg = agent.cfg
    assert isinstance(cfg, SearchConfig)
    total: dict[int, tuple[int, float]] = {}
    for w in range(2):
        for i, (n, v) in search_root(game, state, state.to_move, derive_seed(move_seed, w), cfg).items():
            n0, v0 = total.get(i, (0, 0.0))
            total[i] = (n0 + n, v0 + v)
    assert total == agent.last_stats
    assert sum(n for n, _ in total.values()) == 40


@pytest.mark.parametrize("game_id", list(OPTS))
def test_states_pickle_for_worker_processes(game_id: str) -> None:
    game, state = _position(game_id)
    copy = pickle.loads(pickle.dumps(state))
    assert game.state_hash(copy) == game.state_hash(state)
    assert game.legal_actions(copy) == game.legal_actions(state)


# --- options in the name ---------------------------------------------------------------------------
def test_options_in_the_name_are_parsed_and_typed() -> None:
    agent = make_agent("ismcts:seconds=2,policy=greedy,eval=margin,c=1.5,workers=3,depth=7", "kingdomino", 1)
    cfg = agent.cfg
    assert (cfg.kind, cfg.seconds, cfg.policy, cfg.eval, cfg.c, cfg.workers, cfg.depth) == (
        "ismcts", 2.0, "greedy", "margin", 1.5, 3, 7)
    default = make_agent("mc", "kingdomino", 1).cfg
    assert (default.seconds, default.iterations, default.workers, default.policy) == (1.0, 0, 1, None)


@pytest.mark.parametrize(("name", "message"), [
    ("ismcts:budget=3", "has no option 'budget'; its options are seconds=1, iterations=0, policy=…, eval=margin"),
    ("ismcts:seconds=fast", "option 'seconds' must be a number, got 'fast'"),
    ("ismcts:seconds=0", "option 'seconds' must be from 0.001 to 3600"),
    ("uct:iterations=1.5", "option 'iterations' must be an integer"),
    ("mc:policy=nobody", "option 'policy' must be one of (.*, )?full-greedy, greedy, greedy-playout, "),
    ("mc:policy=ismcts", "option 'policy' must be one of"),
    ("mc:eval=points", "option 'eval' must be one of win, margin"),
    ("mc:workers=0", "option 'workers' must be from 1 to 64"),
    ("mc:seconds", "options must look like mc:key=value"),
    ("mc:seconds=1,seconds=2", "option 'seconds' is given twice"),
    ("greedy:seconds=1", "agent 'greedy' takes no options"),
])
def test_bad_options_say_what_is_valid(name: str, message: str) -> None:
    pattern = message if "(.*, )?" in message else message.replace("(", r"\(").replace(".", r"\.")
    with pytest.raises(AgentOptionsError, match=pattern) as info:
        make_agent(name, "kingdomino", 0)
    if "policy=nobody" in name:
        assert "random" in str(info.value) and "rollout" in str(info.value) and "ismcts" not in str(info.value)


def test_option_errors_are_unknown_agent_errors() -> None:
    assert issubclass(AgentOptionsError, UnknownAgent)
    with pytest.raises(UnknownAgent, match="unknown agent 'nobody'"):
        make_agent("nobody:seconds=1", "kingdomino")


def test_agent_lists_keep_options_together() -> None:
    assert split_agent_list("ismcts:seconds=2,policy=greedy,full-greedy, random") == [
        "ismcts:seconds=2,policy=greedy", "full-greedy", "random"]
    assert split_agent_list("mc,uct:iterations=5,c=2,mc:seconds=1") == ["mc", "uct:iterations=5,c=2", "mc:seconds=1"]


def test_every_game_offers_the_search_agents_with_their_options() -> None:
    for game_id in realms.games.ids():
        help_ = agent_help(realms.games.get(game_id))
        for kind in KINDS:
            assert "seconds=1" in help_[kind] and "policy=…" in help_[kind]


def test_options_work_in_the_simulator() -> None:
    report = run_tournament("kingdomino", ["mc:iterations=5,policy=random", "random"], games=2, seed=1,
                            options={"players": 2})
    assert report.entrants[0].agent == "mc:iterations=5,policy=random"


@pytest.mark.parametrize("kind", KINDS)
def test_width_keeps_the_best_ranked_root_actions(kind: str) -> None:
    game = realms.games.get("kingdomino")
    state = game.new({"players": 2}, 4)
    bot = make_agent("rollout", game, 1)
    while not (game.current_domino(state) is not None and len(game.legal_actions(state)) > 8):  # a wide placement
        game.apply(state, bot.act(game, state))
    legal = game.legal_actions(state)
    scores = bot.rank(game, state, legal)
    agent = make_agent(f"{kind}:iterations=30,width=3,confidence=0", game, 2)
    agent.act(game, state)
    kept = set(agent.last_stats)
    assert len(kept) == 3
    worst_kept = min(scores[i] for i, a in enumerate(legal) if a.index in kept)
    assert all(scores[i] <= worst_kept for i, a in enumerate(legal) if a.index not in kept)
    wide = make_agent(f"{kind}:iterations=30,width=0", game, 2)
    wide.act(game, state)
    assert len(wide.last_stats) > 3


def test_the_strength_benchmark_runs(tmp_path) -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "strength.py"), "--agent", "mc:iterations=3",
                           "--games", "1", "--only", "kingdomino", "--playout-seconds", "0.05", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=root)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    row = out["strength"][0]
    assert row["games"] == 1 and row["moves"] > 0 and 0 <= row["win_rate"] <= 1
    assert row["playouts_per_move"] == 3
    # the playout table: every registered game by default
    assert {(p["game"], p["policy"]) for p in out["playouts"]} >= {(g, "rollout") for g in realms.games.ids()}


@pytest.mark.parametrize("kind", KINDS)
def test_search_keeps_the_policys_choice_unless_another_action_is_clearly_better(kind: str) -> None:
    game, state = _position("dominion", steps=20)
    seat = state.to_move
    # the agent's baseline, drawn as the agent draws it
    move_seed = Rng(4).next64()
    policy = make_agent("rollout", game, derive_seed(move_seed, 1 << 32))
    baseline = policy.act(game, game.determinize(state, seat, Rng(derive_seed(move_seed, 1 << 33))))
    stubborn = make_agent(f"{kind}:iterations=60,confidence=10,focus=false", game, 4)  # (a treasure decision)
    assert stubborn.act(game, state) == baseline
    assert baseline.index in stubborn.last_stats
    plain = make_agent(f"{kind}:iterations=60,confidence=0,focus=false", game, 4)
    move = plain.act(game, state)
    if kind == "mc":
        means = {i: w / n for i, (n, w) in plain.last_stats.items()}
        assert means[move.index] == max(means.values())
    else:
        visits = {i: n for i, (n, w) in plain.last_stats.items()}
        assert visits[move.index] == max(visits.values())


@pytest.mark.parametrize("kind", KINDS)
def test_focus_gives_routine_decisions_a_share_of_the_iterations(kind: str) -> None:
    from realms.games.dominion.bots import EFFORT_TREASURES

    game = realms.games.get("dominion")
    state = game.new(OPTS["dominion"], 5)
    bot = make_agent("rollout", game, 1)
    found: dict[str, object] = {}
    while len(found) < 2:
        kinds = {a.kind for a in game.legal_actions(state)}
        if "play_treasures" in kinds and len(kinds) > 1:
            found.setdefault("treasures", game.clone(state))
        elif "buy" in kinds and state.coins >= 3 and not state.bought:
            found.setdefault("buy", game.clone(state))
        game.apply(state, bot.act(game, state))
    for what, position in found.items():
        runs = []
        for name in (f"{kind}:iterations=200", f"{kind}:iterations=200", f"{kind}:iterations=200,focus=false"):
            agent = make_agent(name, game, 8)
            move = agent.act(game, position)
            runs.append((move, agent.last_stats, sum(n for n, _ in agent.last_stats.values())))
        assert runs[0] == runs[1]  # the same seed and budget: the same move and statistics
        share = EFFORT_TREASURES if what == "treasures" else 1.0
        assert runs[0][2] == round(200 * share), what
        assert runs[2][2] == 200


def test_focus_keeps_beating_random_at_dominion() -> None:
    report = run_tournament("dominion", ["mc:iterations=30,focus=true", "random"], games=2, seed=12,
                            options={"players": 2, "turn_limit": 12})
    assert report.entrants[0].wins == 2, report.to_json()


def test_mixed_eval_adds_the_policys_scale_for_a_win_and_half_of_it_for_a_shared_one() -> None:
    from realms.agents.search import _Search

    game = realms.games.get("dominion")
    state = game.new(OPTS["dominion"], 1)
    cfg = SearchConfig("mc", 1.0, 10, None, "mixed", 0.7, None, 1)
    search = _Search(game, state, 0, Rng(1), cfg)
    scale = search.scale
    assert search._reward([30, 28], [0]) == [2 + scale, -2]
    assert search._reward([30, 30], [0, 1]) == [scale / 2, scale / 2]
    assert search._reward([30, 29], None) == [1 + scale, -1]  # an estimate: the seat ahead counts as winning


def test_mixed_eval_is_deterministic_and_beats_random_at_dominion() -> None:
    game, state = _position("dominion", steps=20)
    a, b = make_agent("mc:iterations=40,eval=mixed", game, 5), make_agent("mc:iterations=40,eval=mixed", game, 5)
    assert a.act(game, state) == b.act(game, state) and a.last_stats == b.last_stats
    report = run_tournament("dominion", ["mc:iterations=20,eval=mixed", "random"], games=2, seed=13,
                            options={"players": 2, "turn_limit": 12})
    assert report.entrants[0].wins == 2, report.to_json()


def test_margin_eval_tells_a_tie_won_on_the_tie_break_from_a_shared_one_and_a_lost_one() -> None:
    from realms.agents.search import _Search

    game = realms.games.get("dominion")
    state = game.new(OPTS["dominion"], 1)
    search = _Search(game, state, 0, Rng(1), SearchConfig("mc", 1.0, 10, None, "margin", 0.7, None, 1))
    won, shared, lost = (search._reward([30, 30], w)[0] for w in ([0], [0, 1], [1]))
    assert won > shared > lost  # equal scores: the tie-break (Dominion: fewer turns) decides
    assert search._reward([31, 30], [0])[0] > won and search._reward([30, 31], [1])[0] < lost
    assert search._reward([30, 28], [0]) == [2, -2] and search._reward([30, 30], None) == [0, 0]


def test_a_strategy_file_is_a_playout_policy(tmp_path) -> None:
    from realms.games.dominion.bots import StrategyBot

    path = "docs/examples/dominionsim/smithy.toml"
    agent = make_agent(f"mc:iterations=40,policy={path},seed=3", "dominion", 1)
    assert agent.cfg.policy == path
    game = realms.games.get("dominion")
    state = game.new({"players": 2, "kingdom": "first-game"}, 5)
    seat = game.to_move(state)
    assert choose(agent, game, state, seat) in game.legal_actions(state)
    policy = _Search(game, state, seat, Rng(7), agent.cfg).policy
    assert isinstance(policy, StrategyBot) and policy.rules.name == "smithy"
    # a file that cannot be read, or a game without strategy files, is said when the agent is named
    with pytest.raises(UnknownAgent, match="no strategy files"):
        make_agent(f"mc:policy={path}", "kingdomino", 1)
    with pytest.raises(Exception, match="cannot read buy rules"):
        make_agent(f"mc:policy={tmp_path / 'missing.toml'}", "dominion", 1)
    # the simulator plays it beside a file (an agent with options is not a file's path, for its fast path either)
    report = run_tournament("dominion", [f"mc:iterations=5,policy={path}", path], games=2, seed=1,
                            options={"players": 2, "kingdom": "first-game"})
    assert [e.agent for e in report.entrants] == [f"mc:iterations=5,policy={path}", path]
    bad = tmp_path / "latin1.toml"
    bad.write_bytes("name = 'caf\xe9'".encode("latin-1"))
    with pytest.raises(Exception, match="not UTF-8 text"):
        make_agent(f"mc:policy={bad}", "dominion", 1)
    # where files may not be read (a server's bots), neither a file nor an option naming one is
    for name in (path, f"mc:policy={path}", f"mc:policy={path},c=1"):
        with pytest.raises(UnknownAgent, match="files cannot be loaded here"):
            make_agent(name, "dominion", 1, files=False)
