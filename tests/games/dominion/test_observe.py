"""Dominion's observation encoding: layout, what it shows, and that it hides what a seat cannot know."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import realms.games
from realms.core.rng import Rng
from realms.games.dominion.cards import HANDLERS, NAMES
from tests.rl.observe_checks import (
    FULL,
    can_compile,
    compiled_matches_reference,
    compiled_or_skip,
    hidden_information_check,
    layout_size,
    python_encoder_serves_without_a_compiler,
)

GAME = realms.games.get("dominion")
C = len(NAMES)


def _fields(vec, opts):
    out, off = {}, 0
    for name, shape in GAME.observation().fields(GAME.validate_options(opts)):
        n = int(np.prod(shape))
        out[name] = vec[off:off + n].reshape(shape)
        off += n
    assert off == len(vec)
    return out


def _counts(names):
    v = np.zeros(C, dtype=np.float32)
    for name, k in Counter(names).items():
        v[NAMES.index(name)] = k
    return v


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3, "edition": "second", "kingdom": "random"},
                                  {"players": 4, "colony_platinum": True}, {"players": 1}])
def test_fields_match_the_view(opts):
    s = GAME.new(opts, 11)
    rng = Rng(4)
    for step in range(120):
        if s.to_move is None:
            break
        if step % 7 == 0:
            for seat in range(s.players):
                v = GAME.observation().encode(s, seat)
                assert v.shape == (layout_size(GAME, opts),)
                f = _fields(v, opts)
                view = GAME.view(s, seat)
                me = view["seats"][seat]
                assert np.allclose(f["hand"] * 10, _counts(me["hand"]))
                assert np.allclose(f["discard"] * 10, _counts(me["discard"]))
                deck = [c for c, k in me["deck_contents"].items() for _ in range(k)]
                assert np.allclose(f["deck"] * 10, _counts(deck))
                for i in range(s.players):
                    q = view["seats"][(seat + i) % s.players]
                    assert np.allclose(f["play"][i] * 10, _counts(q["play"]))
                    assert np.allclose(f["hand_known"][i] * 10, _counts(q["hand_known"]))
                    assert np.isclose(f["sizes"][i, 0] * 10, q["hand_size"])
                    assert f["discard_top"][i].sum() == (q["discard_top"] is not None)
                for pile in view["supply"]:
                    assert np.isclose(f["supply"][NAMES.index(pile["card"])] * 10, pile["count"])
                assert np.isclose(f["turn"][5] * 10, view["coins"])
                _expansion_blocks_match_the_view(f, view, seat, s.players)
                # the turn block's whose-turn one-hot is intact, and the pending block names the frame
                assert f["turn"][12:].sum() == 1 and f["turn"][12 + (s.cur - seat) % s.players] == 1
                pend = f["pending"]
                if view["pending"] is None:
                    assert pend.sum() == 1 and pend[-1] == 1
                else:
                    frame = s.stack[-1]
                    assert pend.sum() == 2 and pend[frame[0] % len(HANDLERS)] == 1
                    assert pend[len(HANDLERS) + (view["pending"]["seat"] - seat) % s.players] == 1
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[rng.below(len(actions))])


def _expansion_blocks_match_the_view(f, view, seat, p):
    """The blocks of the expansions' zones, mats and tokens hold what ``view`` shows ``seat``."""
    me = view["seats"][seat]
    assert np.allclose(f["held"] * 10, _counts(me["held"]))
    assert np.allclose(f["native_village"] * 10, _counts(me["native_village"]))
    assert np.allclose(f["deck_bottom"] * 10, _counts(me["deck_bottom"]))
    for i in range(p):
        q = view["seats"][(seat + i) % p]
        assert np.allclose(f["durations"][i] * 10, _counts(q["durations"]))
        assert np.allclose(f["shown"][i] * 10, _counts(q["shown"]))
        assert np.allclose(f["island"][i] * 10, _counts(q["island"]))
        assert np.isclose(f["sizes"][i, 1] * 10, q["deck_size"])
        assert np.allclose(f["mats"][i, [0, 1, 2]] * 10, [q["held_size"], q["native_village_size"], q["pirate_coins"]])
        assert f["mats"][i, 4] == q["protected"]
    embargo = np.zeros(C, dtype=np.float32)
    for name, k in view["embargo"].items():
        embargo[NAMES.index(name)] = k
    assert np.allclose(f["embargo"] * 10, embargo)
    assert f["turn_flags"][0] == view["extra_turn"]
    assert np.isclose(f["turn_flags"][2] * 10, view["cost_reduction"])


#: kingdoms of the Seaside and Intrigue cards that use the new zones, mats and tokens (Pearl Diver, whose known deck
#: bottom is covered by surgery below, is left out of the random games for now: see the report of this change)
SEASIDE = {"players": 2, "kingdom": "Haven,Native Village,Smugglers,Embargo,Island,Lighthouse,Pirate Ship,Bridge,"
                                    "Coppersmith,Outpost"}
SEASIDE2 = {"players": 3, "edition": "second", "kingdom": "Haven,Native Village,Treasury,Island,Lighthouse,Blockade,"
                                                          "Monkey,Corsair,Conspirator,Outpost"}


@pytest.mark.parametrize("opts", [SEASIDE, SEASIDE2])
def test_the_expansion_blocks_match_the_view_in_play(opts):
    """Random games of kingdoms that use the new zones: at every seat of every other step the blocks are what the
    view shows, and every one of them is nonzero somewhere."""
    opts = GAME.validate_options(opts)
    seen = set()
    for seed in range(3):
        s = GAME.new(opts, seed)
        rng = Rng(seed)
        step = 0
        while s.to_move is not None:
            if step % 2 == 0:
                for seat in range(s.players):
                    f = _fields(GAME.observation().encode(s, seat), opts)
                    _expansion_blocks_match_the_view(f, GAME.view(s, seat), seat, s.players)
                    seen.update(name for name, block in f.items() if block.any())
            actions = GAME.legal_actions(s)
            GAME.apply(s, actions[rng.below(len(actions))])
            step += 1
    assert {"held", "native_village", "durations", "island", "mats", "turn_flags"} <= seen
    if "Embargo" in opts["kingdom"]:
        assert "embargo" in seen
    if "Blockade" in opts["kingdom"]:
        assert "shown" in seen


@pytest.mark.slow
@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3, "kingdom": "random"},
                                  {"players": 2, "edition": "second", "kingdom": "random"}, SEASIDE, SEASIDE2])
def test_no_hidden_information(opts):
    games = 40 if FULL else 3
    compared, flagged = hidden_information_check("dominion", opts, games=games, every=2 if FULL else 4)
    assert compared >= (3000 if FULL else 200)
    # determinize may still be wrong somewhere (it is being made exact): pairs it got wrong are skipped, not
    # counted as the encoder's; they must stay rare
    assert flagged <= compared // 20, (compared, flagged)


def test_the_check_catches_a_leak():
    """An encoder that shows another seat's hand fails the check."""
    enc = GAME.observation().encode

    def leaky(state, seat):
        v = enc(state, seat).copy()
        v[-1] = sum(state.hand[(seat + 1) % state.players])  # ids summed: differs when the hand does
        return v

    with pytest.raises(AssertionError, match="equal views, different observations"):
        hidden_information_check("dominion", {"players": 2}, games=2, every=1, encode=leaky)


# --- the expansions' zones, mats and tokens, by surgery --------------------------------------------------------
def _id(name):
    return NAMES.index(name)


def _surgery(seed=5):
    """A 3-player state with every new zone, mat, token and flag set by hand."""
    s = GAME.new({"players": 3}, seed)
    gold, silver, copper, estate, duchy = (_id(n) for n in ("Gold", "Silver", "Copper", "Estate", "Duchy"))
    haven, island = _id("Haven"), _id("Island")
    s.held = [[gold, silver], [_id("Province")], []]
    s.nvmat = [[copper, copper], [], [_id("Colony"), estate]]
    s.bottom = [[gold], [duchy, duchy], []]
    s.dur = [[], [haven, haven], [haven]]
    s.play[1] += [haven, haven]
    s.play[2] += [haven]
    s.shown = [[], [], [silver]]
    s.island = [[estate, island], [], [duchy]]
    s.pcoins = [0, 3, 1]
    s.monkey = [1, 0, 2]
    s.embargo = tuple(2 if c == _id("Province") else 1 if c == _id("Duchy") else 0 for c in range(C))
    s.shield = 0b010
    s.corsair = 0b100
    s.extra, s.outpost = True, True
    s.discount, s.copper_bonus, s.played = 2, 1, 3
    return s


def _python_and_compiled(s, seat):
    """The Python encoder's vector (a fresh one's and one that encoded the start state first) and, where it
    builds, the compiled one's: all the same."""
    from realms.games.dominion import observe

    fresh = observe.DominionObserver().encode(s, seat)
    memo = observe.DominionObserver()
    memo.encode(GAME.new({"players": s.players}, 1), seat)
    assert memo.encode(s, seat).tobytes() == fresh.tobytes()
    if observe.WHY_NOT_COMPILED is None:
        assert observe.CompiledDominionObserver().encode(s, seat).tobytes() == fresh.tobytes()
    return fresh


def test_the_expansion_blocks_are_filled_from_the_state():
    s = _surgery()
    opts = {"players": 3}
    f = _fields(_python_and_compiled(s, 0), opts)
    assert np.allclose(f["held"] * 10, _counts(["Gold", "Silver"]))
    assert np.allclose(f["native_village"] * 10, _counts(["Copper", "Copper"]))
    assert np.allclose(f["deck_bottom"] * 10, _counts(["Gold"]))
    # the deck's contents count the known bottom, as the view's deck_contents does; so does every deck size
    assert np.allclose(f["deck"] * 10, _counts([NAMES[c] for c in s.deck[0]] + ["Gold"]))
    assert np.allclose(f["sizes"][:, 1] * 10, [len(s.deck[0]) + 1, len(s.deck[1]) + 2, len(s.deck[2])])
    # per relative seat: 0 is seat 0, 1 is seat 1, 2 is seat 2
    assert np.allclose(f["durations"] * 10, [_counts([]), _counts(["Haven"] * 2), _counts(["Haven"])])
    assert np.allclose(f["play"][1] * 10, _counts([NAMES[c] for c in s.play[1]]))
    assert np.allclose(f["shown"] * 10, [_counts([]), _counts([]), _counts(["Silver"])])
    assert np.allclose(f["island"] * 10, [_counts(["Estate", "Island"]), _counts([]), _counts(["Duchy"])])
    # held size, Native Village mat size, Pirate Ship coins, Monkeys (/ 10); Lighthouse, Corsair
    assert np.allclose(f["mats"], [[0.2, 0.2, 0.0, 0.1, 0, 0], [0.1, 0.0, 0.3, 0.0, 1, 0], [0.0, 0.2, 0.1, 0.2, 0, 1]])
    embargo = np.zeros(C, dtype=np.float32)
    embargo[_id("Province")], embargo[_id("Duchy")] = 0.2, 0.1
    assert np.allclose(f["embargo"], embargo)
    assert np.allclose(f["turn_flags"], [1.0, 1.0, 0.2, 0.1, 0.3])
    _expansion_blocks_match_the_view(f, GAME.view(s, 0), 0, 3)
    # from seat 1 the seats turn: relative seat 0 is seat 1, its own zones are seat 1's
    f = _fields(_python_and_compiled(s, 1), opts)
    assert np.allclose(f["held"] * 10, _counts(["Province"]))
    assert not f["native_village"].any()
    assert np.allclose(f["deck_bottom"] * 10, _counts(["Duchy", "Duchy"]))
    assert np.allclose(f["mats"][:, 4], [1, 0, 0]) and np.allclose(f["mats"][:, 5], [0, 1, 0])
    assert np.allclose(f["durations"][2] * 10, _counts([]))
    _expansion_blocks_match_the_view(f, GAME.view(s, 1), 1, 3)
    # an empty state's blocks are zero
    f = _fields(_python_and_compiled(GAME.new(opts, 5), 0), opts)
    for name in ("held", "native_village", "deck_bottom", "durations", "shown", "island", "mats", "embargo",
                 "turn_flags"):
        assert not f[name].any(), name


def test_other_seats_face_down_cards_are_only_counted():
    """Another seat's cards set aside face down (Haven), its Native Village mat and the cards it knows at the bottom
    of its deck: other seats' observations show how many, never which."""
    s = _surgery()
    other = s.clone()
    other.held[1] = [_id("Curse")]  # was a Province: a card seat 0 sees nowhere else
    other.nvmat[2] = [_id("Platinum"), _id("Platinum")]  # was Colony, Estate: Platinum is not in this game
    other.bottom[1] = [_id("Copper"), _id("Gold")]  # was Duchy, Duchy
    assert GAME.view(s, 0) == GAME.view(other, 0)  # seat 0 sees none of the three
    assert _python_and_compiled(s, 0).tobytes() == _python_and_compiled(other, 0).tobytes()
    assert GAME.view(s, 1) != GAME.view(other, 1)  # the owners see the difference
    assert _python_and_compiled(s, 1).tobytes() != _python_and_compiled(other, 1).tobytes()
    assert _python_and_compiled(s, 2).tobytes() != _python_and_compiled(other, 2).tobytes()
    # and the Platinum on seat 2's mat appears nowhere in seat 0's or seat 1's observation
    for seat in (0, 1):
        f = _fields(_python_and_compiled(other, seat), {"players": 3})
        for name, block in f.items():
            if block.shape[-1] == C and name not in ("supply", "in_game"):
                assert not block[..., _id("Platinum")].any(), (seat, name)
    # but their sizes are seen: one more card on seat 1's mat changes seat 0's observation
    more = other.clone()
    more.nvmat[1] = [_id("Copper")]
    assert _python_and_compiled(more, 0).tobytes() != _python_and_compiled(other, 0).tobytes()


def test_the_memo_follows_the_expansion_zones_in_any_order():
    """One Python encoder fed surgery states in any order gives a fresh encoder's vector each time."""
    from realms.games.dominion import observe

    base = _surgery()
    states = [base, GAME.new({"players": 3}, 5)]
    s = base.clone()
    s.held[0].append(_id("Copper"))  # grown at the end
    s.nvmat[0] = []  # emptied
    s.bottom[0].insert(0, _id("Silver"))  # a new very bottom card
    s.dur[1].pop(0)
    s.island[0].remove(_id("Estate"))
    s.embargo = (0,) * C
    s.shield, s.corsair, s.pcoins, s.monkey = 0, 0b001, [2, 0, 0], [0, 0, 0]
    s.extra, s.discount, s.played = False, 0, 4
    states.append(s)
    shared = observe.DominionObserver()
    order = Rng(3)
    for _ in range(40):
        t = states[order.below(len(states))]
        seat = order.below(3)
        assert shared.encode(t, seat).tobytes() == observe.DominionObserver().encode(t, seat).tobytes()


# --- the compiled encoder (observe.c) -------------------------------------------------------------------------
def _compiled_or_skip():
    return compiled_or_skip("dominion")


def test_the_compiled_encoder_is_used_where_a_compiler_is_found():
    from realms.games.dominion import observe

    if not can_compile():
        pytest.skip("no C compiler or Python headers here")
    assert isinstance(GAME.observation(), observe.CompiledDominionObserver), observe.WHY_NOT_COMPILED


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 1}, {"players": 3, "kingdom": "random"},
                                  {"players": 4, "kingdom": "random", "edition": "second"},
                                  {"players": 2, "kingdom": "random", "colony_platinum": True}, SEASIDE, SEASIDE2])
def test_the_compiled_encoder_writes_the_python_encoders_vector(opts):
    """At every seat of every step, as the environments call it and as ``encode``: the same floats, bit for bit,
    as the Python encoder (the reference)."""
    observe = _compiled_or_skip()
    assert compiled_matches_reference(GAME, opts, 6 if FULL else 2, observe.OBSERVER, observe.DominionObserver) > 100


def test_the_compiled_encoder_rejects_bad_input_with_clear_errors():
    observe = _compiled_or_skip()
    enc = observe.OBSERVER.fresh()
    s = GAME.new({"players": 2}, 3)
    with pytest.raises(ValueError, match="seat 2 of a 2-player game"):
        enc.encode(s, 2)
    bad = s.clone()
    bad.hand[0] = [*bad.hand[0], observe.C]  # one past the last card id (C grows as card sets land)
    with pytest.raises(ValueError, match="card id out of range"):
        enc.encode(bad, 0)
    assert enc.encode(bad, 1).shape == (layout_size(GAME, {"players": 2}),)  # seat 1 sees only that hand's size
    bad = s.clone()
    bad.play[1] = "not a zone"
    with pytest.raises(ValueError, match="not a list or tuple"):
        enc.encode(bad, 0)
    bad = s.clone()
    bad.deck = bad.deck[:1]
    with pytest.raises(ValueError, match="one entry per seat"):
        enc.encode(bad, 0)
    from array import array

    with pytest.raises(ValueError, match="layout's size"):
        observe._MODULE.encode(s, 0, array("f", bytes(40)), 0.0)
    assert np.array_equal(enc.encode(s, 0), observe.DominionObserver().encode(s, 0))  # and still encodes


def test_without_a_compiler_the_python_encoder_serves(tmp_path):
    python_encoder_serves_without_a_compiler("dominion", tmp_path)


def test_runaway_counters_are_written_up_to_their_caps_within_the_bounds():
    """Turns (no turn limit), a turn's actions, buys, coins and modifiers, the mats' tokens and the own VP have no
    bound of the rules worth declaring: both encoders write them up to their caps, inside ``bounds``."""
    from realms.games.dominion import observe

    s = GAME.new({"players": 3}, 2)
    low, high = observe.bounds({"players": 3})
    s.turns[0] = 10**6
    s.actions = s.buys = s.coins = 10**5
    s.discount = s.copper_bonus = s.played = 10**4
    s.pcoins[1] = s.monkey[2] = 10**4
    for seat in range(3):
        v = _python_and_compiled(s, seat)
        assert ((low <= v) & (v <= high)).all()
    at = observe._layout(3).at
    v = _python_and_compiled(s, 0)
    assert v[at["sizes"] + 4] == observe.TURNS_CAP / 30
    assert (v[at["turn"] + 3:at["turn"] + 6] == np.float32(observe.CAP / 10)).all()
    assert (v[at["turn_flags"] + 2:at["turn_flags"] + 5] == np.float32(observe.CAP / 10)).all()
