"""benchmarks/strength.py's settings: each one's options deal a game its opponent can play."""

from __future__ import annotations

import pytest

import realms.games
from realms.games.dominion.cards import CARDS
from tests.support import load_script

STRENGTH = load_script("benchmarks/strength.py", "strength_benchmark")


@pytest.mark.parametrize("name", sorted(STRENGTH.SETTINGS))
def test_every_setting_deals_a_game_with_valid_options(name: str) -> None:
    game_id, opts, opponent, copies, paired = STRENGTH.setting(name)
    game = realms.games.get(game_id)
    state = game.new(game.validate_options(opts), 1)
    assert game.players(state) == copies + 1
    assert isinstance(paired, bool) and opponent


def _sets_dealt(name: str, deals: int) -> set[str]:
    game_id, opts, *_ = STRENGTH.setting(name)
    game = realms.games.get(game_id)
    out: set[str] = set()
    for seed in range(deals):
        view = game.view(game.new(game.validate_options(opts), seed), None)
        out |= {c.set for c in CARDS if c.name in view["kingdom"]}
    return out


def test_the_all_sets_random_kingdoms_draw_from_intrigue_and_seaside_too() -> None:
    assert _sets_dealt("dominion-random-best", 20) == {"base"}
    assert _sets_dealt("dominion-random-adapted-second", 20) == {"base"}
    assert {"base", "intrigue", "seaside"} <= _sets_dealt("dominion-random-best-all", 20)
    assert {"base", "intrigue", "seaside"} <= _sets_dealt("dominion-random-best-all-second", 20)


def test_a_verbose_run_names_each_random_kingdom_it_plays(capsys) -> None:
    row = STRENGTH.strength("dominion-random-best", "big-money", 2, 5, verbose=True)
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 2 and all(", kingdom " in line for line in lines)
    named = {line.split(", kingdom ")[1] for line in lines}
    assert len(named) == 1  # (a pair of games is dealt one kingdom, met from both seats)
    assert row["kingdoms"] == 1 and len(next(iter(named)).split(",")) == 10
