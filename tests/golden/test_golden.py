"""Replay every golden playthrough step by step: the seat to move, the number of legal actions and the lists of
them at each step, the action taken (by its text), what the seats see at the end and the result must all be as
recorded. A failure means the rules changed; if that was on purpose, regenerate with
``python -m tests.golden.regenerate``."""

from __future__ import annotations

from typing import Any

import pytest

import realms.games
from realms.core.game import Action, Game
from tests.golden.golden import DATA, FORMAT, load, parse_step, path_of, replay, step_line
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


@pytest.mark.parametrize("game_id", sorted({v.game for v in VARIANTS}))
def test_an_action_text_names_one_action(game_id):
    texts = [a.text for a in realms.games.get(game_id).actions]
    assert len(set(texts)) == len(texts)
    for n, text in enumerate(texts[:50] + texts[-50:]):
        assert parse_step(step_line(n, 1, text, 3)) == (n, 1, text, 3)


class Renumbered(Game):
    """A game's rules with its action space numbered backwards, as adding actions before existing ones would; a
    golden check that read an action index, a state array or the internal state hash would fail on it."""

    def __init__(self, game: Game) -> None:
        self.inner = game
        self.id = game.id
        n = len(game.actions)
        self.actions = tuple(Action(n - 1 - a.index, a.kind, dict(a.params), a.text) for a in reversed(game.actions))

    def outer(self, a: Action) -> Action:
        return self.actions[len(self.actions) - 1 - a.index]

    def new(self, options: Any, seed: int) -> Any:
        return self.inner.new(options, seed)

    def legal_actions(self, state: Any) -> list[Action]:
        return [self.outer(a) for a in self.inner.legal_actions(state)]

    def apply(self, state: Any, action: Action, log: bool = False) -> list[Any]:
        return self.inner.apply(state, self.inner.actions[len(self.actions) - 1 - action.index], log)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return self.inner.view(state, seat)

    def result(self, state: Any) -> Any:
        return self.inner.result(state)

    def players(self, state: Any) -> int:
        return self.inner.players(state)

    def state_hash(self, state: Any) -> str:
        raise AssertionError("a golden check reads no internal state hash")

    def action_from_index(self, index: int) -> Action:
        raise AssertionError("a golden check reads no action index")


@pytest.mark.parametrize("name", ["kingdomino-2p", "dominion-2p-first-game", "burgundy-2p"])
def test_a_golden_file_replays_whatever_the_action_numbering(name):
    variant = next(v for v in VARIANTS if v.name == name)
    game = realms.games.get(variant.game)
    renumbered = Renumbered(game)
    assert [a.index for a in renumbered.actions] == list(range(len(game.actions)))
    assert renumbered.actions[0].text == game.actions[-1].text
    assert replay(variant, load(variant), renumbered) == []


def test_a_golden_file_says_each_step_in_words():
    record = load(VARIANTS[0])
    assert record["format"] == FORMAT
    assert record["steps"][:2] == ["0   seat 1  pick slot 4  [legal 4]", "1   seat 2  pick slot 3  [legal 3]"]
    assert all(parse_step(line)[0] == n for n, line in enumerate(record["steps"]))


def _another_legal(variant, record) -> tuple[int, str]:
    """The first step with a choice, and the text of an action legal there other than the one taken."""
    game = realms.games.get(variant.game)
    state = game.new(variant.options, variant.seed)
    for n, line in enumerate(record["steps"]):
        _, _, text, count = parse_step(line)
        legal = game.legal_actions(state)
        if count > 1:
            return n, next(a.text for a in legal if a.text != text)
        game.apply(state, legal[0])
    raise AssertionError("no step with a choice")


@pytest.mark.parametrize("change", ["count", "seat", "action", "unknown", "scores", "breakdown", "views", "legal",
                                    "truncate", "longer"])
def test_a_changed_record_is_caught(change):
    variant = VARIANTS[0]
    record = load(variant)
    steps = record["steps"]

    def edit(n: int, **kw: Any) -> None:
        number, seat, text, count = parse_step(steps[n])
        parts = {"seat": seat, "text": text, "count": count, **kw}
        steps[n] = step_line(number, parts["seat"], parts["text"], parts["count"])

    if change == "count":
        edit(5, count=parse_step(steps[5])[3] + 1)
    elif change == "seat":
        edit(5, seat=(parse_step(steps[5])[1] + 1) % variant.options["players"])
    elif change == "action":
        # another legal action at the first step with a choice: the rest of the game no longer matches
        n, other = _another_legal(variant, record)
        edit(n, text=other)
    elif change == "unknown":
        edit(3, text="pick slot 9")
    elif change == "scores":
        record["scores"][0] += 1
    elif change == "breakdown":
        record["breakdown"][0]["score"] += 1
    elif change == "views":
        record["views_digest"] = "0" * 64
    elif change == "legal":
        record["legal_digest"] = "0" * 64
    elif change == "truncate":
        del steps[-1]
    else:
        steps.append(step_line(len(steps), 0, "pick slot 1", 1))
    assert replay(variant, record)
