"""Replay every golden playthrough step by step: the seat to move, the number of legal actions and the lists of
them at each step, the action taken (by its text), what the seats see at the end and the result must all be as
recorded. A failure means the rules changed; if that was on purpose, regenerate with
``python -m tests.golden.regenerate``."""

from __future__ import annotations

from typing import Any

import pytest

import realms.games
from realms.core.game import Action, Game
from tests.games.per_game import declared
from tests.golden.golden import DATA, FORMAT, load, parse_step, path_of, replay, step_line
from tests.golden.variants import BY_GAME, BY_NAME, UNDECLARED, VARIANTS


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_golden_playthrough_replays_exactly(variant):
    assert path_of(variant).exists(), f"no golden file for {variant.name}: run python -m tests.golden.regenerate"
    diffs = replay(variant, load(variant))
    assert not diffs, f"{variant.name}: " + "; ".join(diffs)


def test_every_golden_file_belongs_to_a_variant():
    names = {v.name for v in VARIANTS}
    assert {p.stem for p in DATA.glob("*.json")} == names


@pytest.mark.parametrize("game_id", realms.games.ids())
def test_every_game_plays_its_variants(game_id):
    """Every registered game has golden playthroughs (tests/games/<id>/golden.py), each of that game, and they play
    every option the game says they must (``MUST_PLAY``)."""
    assert game_id not in UNDECLARED, f"{game_id}: no golden variants (tests/games/{game_id}/golden.py)"
    variants = BY_GAME[game_id]
    assert variants and all(v.game == game_id for v in variants)
    played = [(k, str(x)) for v in variants for k, x in v.options.items()]
    for need in declared(game_id, "golden").MUST_PLAY:
        assert need in played, (game_id, need)


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


@pytest.mark.parametrize("variant", [variants[0] for variants in BY_GAME.values()], ids=lambda v: v.name)
def test_a_golden_file_replays_whatever_the_action_numbering(variant):
    game = realms.games.get(variant.game)
    renumbered = Renumbered(game)
    assert [a.index for a in renumbered.actions] == list(range(len(game.actions)))
    assert renumbered.actions[0].text == game.actions[-1].text
    assert replay(variant, load(variant), renumbered) == []


def test_a_golden_file_says_each_step_in_words():
    record = load(BY_NAME["kingdomino-2p"])
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
    variant = BY_NAME["kingdomino-2p"]  # a Kingdomino game: the edits below are its actions
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
