"""A card added the documented way (a module of ``@register`` classes named in ``REALMS_DOMINION_CARDS``) plays
everywhere: the reference engine, the rule bots and the search play it; the compiled kernel and the compiled bot
policy say whether they cover it (a card that is its data alone: yes; a card that asks: no) and leave what they do
not cover to the reference, visibly; the observation encoder takes the larger card table.

The cards are ``tests/games/dominion/synthetic_cards.py``; each check runs in a process of its own, so the shipped
card list of every other test stays as it is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import realms

ROOT = Path(__file__).resolve().parents[3]
MODULE = "tests.games.dominion.synthetic_cards"
#: this checkout's package first, then the tests' (the same code as the test process, from any copy of the tree)
PYTHONPATH = os.pathsep.join([str(Path(realms.__file__).resolve().parents[1]), str(ROOT)])
KINGDOM = "Synthetic Scribe,Synthetic Stall,Village,Smithy,Market,Militia,Moat,Cellar,Workshop,Remodel"


def run_with_cards(script: str, timeout: float = 300) -> dict:
    """Run ``script`` (Python that prints one JSON object last) with the synthetic cards loaded."""
    env = {**os.environ, "REALMS_DOMINION_CARDS": MODULE, "PYTHONPATH": PYTHONPATH}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_kernels_declare_which_new_cards_they_cover():
    out = run_with_cards(f"""
import json
import realms.games
from realms.games.dominion import botkernel, kernel
from realms.games.dominion.cards import BY_NAME
game = realms.games.get("dominion")
opts = game.validate_options({{"players": 2, "kingdom": "{KINGDOM}"}})
plain = game.validate_options({{"players": 2, "kingdom": "Village,Smithy,Market,Militia,Moat,Cellar,Workshop,"
                                  "Remodel,Witch,Festival"}})
print(json.dumps({{
    "uncovered": kernel.uncovered(opts),
    "scribe": BY_NAME["Synthetic Scribe"] in kernel.SUPPORTED,
    "stall": BY_NAME["Synthetic Stall"] in kernel.SUPPORTED,
    "stall_bot": BY_NAME["Synthetic Stall"] in botkernel.PORTED,
    "scribe_bot": BY_NAME["Synthetic Scribe"] in botkernel.PORTED,
    "supports": kernel.supports(opts, ["random", "random"]),
    "path": game.play_path(opts, ["random", "random"]),
    "plain_uncovered": kernel.uncovered(plain),
    "random_uncovered": kernel.uncovered(game.validate_options({{"players": 2, "kingdom": "random"}})),
}}))
""")
    assert out["uncovered"] == ["Synthetic Scribe"]
    assert not out["scribe"] and out["stall"]  # the question needs a branch; the data alone does not
    assert out["stall_bot"] and not out["scribe_bot"]
    assert not out["supports"]
    assert out["plain_uncovered"] == []
    assert "Synthetic Scribe" in out["random_uncovered"]  # the randomizer deck holds it
    if out["path"] != "the reference engine (numba, the 'fast' extra, is not installed)":
        assert out["path"] == "the reference engine (the compiled kernel does not cover Synthetic Scribe)"


def test_a_kingdom_with_an_uncovered_card_simulates_as_the_reference():
    out = run_with_cards(f"""
import json
from realms.sim import run_tournament
opts = {{"kingdom": "{KINGDOM}"}}
def report(reference):
    rep = run_tournament("dominion", ["random", "random"], games=6, seed=3, options=opts, reference=reference)
    data = rep.to_json()
    data.pop("seconds")
    return data
print(json.dumps({{"fast": report(False), "reference": report(True)}}))
""")
    assert out["fast"] == out["reference"]
    assert out["fast"]["games"] == 6


def test_rule_bots_and_search_play_a_new_card():
    out = run_with_cards(f"""
import json
import realms.games
from realms.agents import make_agent
from realms.core.agents import choose
game = realms.games.get("dominion")
state = game.new(game.validate_options({{"players": 2, "kingdom": "{KINGDOM}"}}), 11)
bots = [make_agent("bmu-plus:card=synthetic-scribe", game, 1), make_agent("bmu-plus:card=synthetic-stall", game, 2)]
texts, asked, answers = [], None, {{}}
while state.to_move is not None:
    legal = game.legal_actions(state)
    if asked is None and texts and texts[-1] == "play Synthetic Scribe":  # the card's question comes next
        asked = state.clone()
    action = choose(bots[state.to_move], game, state)
    texts.append(str(action))
    game.apply(state, action)
assert asked is not None, "no Synthetic Scribe question in the game"
for name in ("mc:iterations=6", "ismcts:iterations=6", "rollout-auto", "random"):
    a = choose(make_agent(name, game, 5), game, asked)
    answers[name] = str(a)
    assert a in game.legal_actions(asked)
print(json.dumps({{"texts": texts, "answers": answers, "result": list(game.result(state).scores)}}))
""")
    texts = out["texts"]
    for card in ("Synthetic Scribe", "Synthetic Stall"):
        assert any(t.startswith("buy " + card) for t in texts), card
        assert any(t.startswith("play " + card) for t in texts), card
    assert all(t.startswith("choose ") for t in out["answers"].values())


def test_the_observation_encoder_takes_the_larger_card_table():
    out = run_with_cards(f"""
import json
import realms.games
from realms.games.dominion import observe
from realms.games.dominion.cards import NCARDS
game = realms.games.get("dominion")
state = game.new(game.validate_options({{"players": 2, "kingdom": "{KINGDOM}"}}), 4)
ref = observe.DominionObserver()
vec = ref.encode(state, 0)
used = game.observation()
print(json.dumps({{"cards": NCARDS, "C": observe.C, "ref": list(map(float, vec)),
                   "used": list(map(float, used.encode(state, 0))), "compiled": observe.WHY_NOT_COMPILED is None,
                   "why": observe.WHY_NOT_COMPILED}}))
""")
    from realms.games.dominion.cards import NCARDS

    assert out["C"] == out["cards"] == NCARDS + 2  # the shipped cards and the two of the test
    assert out["used"] == out["ref"]
    if os.environ.get("REALMS_PYTHON_OBSERVE") != "1":
        from tests.rl.observe_checks import can_compile

        if can_compile():
            assert out["compiled"], out["why"]


@pytest.mark.parametrize("name", ["Synthetic Scribe", "Synthetic Stall"])
def test_a_new_card_is_not_in_the_shipped_card_list(name):
    from realms.games.dominion.cards import BY_NAME

    assert name not in BY_NAME


def test_sim_says_an_uncovered_card_is_played_by_the_reference():
    """``realms sim`` with the card in the kingdom: the same table as ``--reference``, and a line saying which
    implementation played and why."""
    env = {**os.environ, "REALMS_DOMINION_CARDS": MODULE, "PYTHONPATH": PYTHONPATH, "COLUMNS": "200"}
    args = [sys.executable, "-c", "from realms.cli import main; main()", "sim", "dominion", "--players",
            "random,random", "--games", "6", "-o", f"kingdom={KINGDOM}"]
    runs = [subprocess.run(a, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
            for a in (args, [*args, "--reference"])]
    for r in runs:
        assert r.returncode == 0, r.stderr[-2000:]
    fast, ref = (r.stdout.strip().splitlines() for r in runs)
    assert fast[:-2] == ref[:-2]  # the table; then the time, and the path
    from realms.games.dominion import kernel

    if kernel.AVAILABLE:
        assert fast[-1].endswith("on the reference engine (the compiled kernel does not cover Synthetic Scribe)")
    assert ref[-1].endswith("on the reference engine (as asked)")
