"""Replay every golden playthrough step by step: the number of legal actions and the lists of them at
each step, the action taken, the final state hash and scores must all be as recorded. A failure means the
rules changed; if that was on purpose, regenerate with ``python -m tests.golden.regenerate``."""

from __future__ import annotations

import pytest

from tests.golden.golden import DATA, load, path_of, replay
from tests.golden.variants import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_golden_playthrough_replays_exactly(variant):
    assert path_of(variant).exists(), f"no golden file for {variant.name}: run python -m tests.golden.regenerate"
    diffs = replay(variant, load(variant))
    assert not diffs, f"{variant.name}: " + "; ".join(diffs)


def test_every_golden_file_belongs_to_a_variant():
    names = {v.name for v in VARIANTS}
    assert {p.stem for p in DATA.glob("*.json")} == names


def test_every_game_and_variant_is_covered():
    games = {v.game for v in VARIANTS}
    assert games == {"kingdomino", "dominion", "burgundy"}
    opts = [(v.game, k, str(x)) for v in VARIANTS for k, x in v.options.items()]
    for need in [("kingdomino", "players", "2"), ("kingdomino", "players", "3"), ("kingdomino", "players", "4"),
                 ("kingdomino", "three_players", "thirty-six"), ("kingdomino", "mighty_duel", "True"),
                 ("kingdomino", "harmony", "True"), ("kingdomino", "middle_kingdom", "True"),
                 ("kingdomino", "dynasty", "True"), ("kingdomino", "tiebreak", "largest-region"),
                 ("dominion", "players", "2"), ("dominion", "players", "3"), ("dominion", "players", "4"),
                 ("dominion", "edition", "second"), ("dominion", "kingdom", "random"),
                 ("dominion", "colony_platinum", "True"), ("burgundy", "players", "2"), ("burgundy", "players", "3"),
                 ("burgundy", "players", "4"), ("burgundy", "scenario", "random"),
                 ("burgundy", "city_hall", "matching-colour"), ("burgundy", "tiebreak", "most-empty"),
                 ("burgundy", "black_depot_timing", "during-effects")]:
        assert need in opts, need
    assert any(v.game == "dominion" and "Witch" in str(v.options.get("kingdom", "")) for v in VARIANTS)


@pytest.mark.parametrize("change", ["count", "action", "scores", "hash", "truncate"])
def test_a_changed_record_is_caught(change):
    variant = VARIANTS[0]
    record = load(variant)
    steps = record["steps"]
    if change == "count":
        steps[5][0] += 1
    elif change == "action":
        # another legal action at the first step with a choice: the rest of the game no longer matches
        n = next(i for i, (count, _) in enumerate(steps) if count > 1)
        steps[n][1] = steps[n][1] + 1 if steps[n][1] + 1 < 4 else steps[n][1] - 1
    elif change == "scores":
        record["scores"][0] += 1
    elif change == "hash":
        record["final_hash"] = "0" * 64
    else:
        del steps[-1]
    assert replay(variant, record)
