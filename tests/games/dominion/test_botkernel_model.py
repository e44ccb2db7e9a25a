"""The bot kernel with an opponent model (a seat's buys by one of ``bots.MODELS``' strategies, ``fixed``) plays as
the Python path with the same model (``RolloutAutoBot.use_model``): every decision, the result."""

from __future__ import annotations

import pytest

import realms.games
from realms.core.agents import make_agent
from realms.core.rng import derive_seed

kernel = pytest.importorskip("realms.games.dominion.kernel")
if not kernel.AVAILABLE:
    pytest.skip("numba is not installed (the 'fast' extra)", allow_module_level=True)
from realms.games.dominion import botkernel  # noqa: E402  (with numba)
from realms.games.dominion.fast import play as fast_play  # noqa: E402

GAME = realms.games.get("dominion")
WITCH = "Cellar,Market,Merchant,Militia,Mine,Remodel,Smithy,Village,Witch,Workshop"


@pytest.mark.parametrize("model", [(None, "witch-big-money"), ("big-money", "smithy-big-money"),
                                   ("militia-big-money", "big-money-ultimate")])
def test_the_kernel_plays_a_model_as_the_python_path(model):
    n = differ = 0
    for g in range(3):
        s = GAME.new({"players": 2, "kingdom": WITCH}, g)
        seats = [make_agent("rollout", GAME, derive_seed(g, q)) for q in range(2)]
        step = 0
        while s.to_move is not None:
            if step % 9 == 0:
                bot = make_agent("rollout", GAME, 1)
                bot._prepare(s)
                bot.use_model(model)
                st, _, got = botkernel.play(s, botkernel.tables(bot), record=True, fixed=bot._fixed_array())
                ref = GAME.clone(s)
                want: list[int] = []
                fast_play(GAME, ref, [bot] * 2, want)
                assert got == want, (model, g, step)
                assert kernel.result_of(kernel.scores(st, 2), 2) == GAME.result(ref)
                plain = botkernel.play(s, botkernel.tables(bot), record=True)[2]
                differ += plain != got
                n += 1
            GAME.apply(s, seats[s.to_move].act(GAME, s))
            step += 1
    assert n > 20 and differ > n // 4  # (the model changes the playouts)
