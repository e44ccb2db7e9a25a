"""What each seat knows is data: determinize keeps exactly that, and questions give nothing else away."""

from __future__ import annotations

import json
import os

import pytest

from realms.agents.base import RandomAgent
from realms.core.rng import Rng
from tests.games.dominion.util import G, choose, names, new, play, start_turn, yes

FULL = os.environ.get("REALMS_FULL") == "1"
K = 40  # determinizations per check


def _samples(s, seat, k=K):
    return [G.determinize(s, seat, Rng(i)) for i in range(k)]


# --- public knowledge is kept ------------------------------------------------------------------------

def test_a_card_gained_to_hand_stays_in_that_hand():
    s = start_turn(new("Mine"), p=1, hand=["Mine", "Copper", "Estate"], deck=["Estate"] * 5)
    play(s, "Mine")
    choose(s, "Copper")  # its only Treasure: one answer, still asked
    choose(s, "Silver")  # gained to hand, face up
    for d in _samples(s, 0):
        assert "Silver" in names(d.hand[1])


def test_a_hand_revealed_to_bureaucrat_is_kept():
    s = start_turn(new("Bureaucrat"), hand=["Bureaucrat"], deck=["Copper"], hand1=["Copper", "Silver", "Gold"],
                   deck1=["Estate"] * 5)
    play(s, "Bureaucrat")
    for d in _samples(s, 0):
        assert sorted(names(d.hand[1])) == ["Copper", "Gold", "Silver"]


def test_a_moat_revealed_earlier_stays_in_hand():
    s = start_turn(new("Militia", "Moat"), hand=["Militia"], deck=["Copper"],
                   hand1=["Moat", "Copper", "Copper", "Estate", "Estate"], deck1=["Gold"] * 5)
    play(s, "Militia")
    yes(s)
    assert not s.stack
    for d in _samples(s, 0):
        assert "Moat" in names(d.hand[1])


def test_a_card_harbinger_put_on_top_is_seen_by_all():
    s = start_turn(new("Harbinger", edition="second"), p=1, hand=["Harbinger"], deck=["Copper"] * 4,
                   discard=["Gold", "Estate", "Estate"])
    play(s, "Harbinger")
    choose(s, "Gold")
    for d in _samples(s, 0):
        assert d.deck[1][-1] == s.deck[1][-1] and names([d.deck[1][-1]]) == ["Gold"]
    assert G.view(s, 0)["seats"][1]["deck_top"] == ["Gold"]


# --- private knowledge of others is resampled -----------------------------------------------------------

def test_another_seats_sentry_look_is_resampled():
    s = start_turn(new("Sentry", edition="second"), p=1, hand=["Sentry", "Copper"],
                   deck=["Copper", "Gold", "Province", "Estate", "Silver", "Duchy"])
    play(s, "Sentry")
    assert s.to_move == 1 and len(s.look[1]) == 2
    looks = {tuple(sorted(d.look[1])) for d in _samples(s, 0)}
    assert len(looks) > 1
    for d in _samples(s, 1, 5):
        assert d.look[1] == s.look[1]  # its own look it keeps


def test_discards_nobody_saw_are_resampled_the_face_up_ones_kept():
    s = start_turn(new("Smithy"), hand=["Estate", "Duchy", "Copper", "Copper", "Copper"],
                   deck=["Gold", "Silver", "Province", "Curse", "Estate"] * 2)
    G.apply(s, G.action_from_json({"type": "play_treasures"}))
    G.apply(s, G.action_from_json({"type": "end_buys"}))  # Clean-up: Estate, Duchy unseen, Coppers on top
    assert names(s.disc[0]) == ["Estate", "Duchy", "Copper", "Copper", "Copper"]
    seen = set()
    for d in _samples(s, 1):
        assert names(d.disc[0][2:]) == ["Copper"] * 3  # played, face up
        seen.add(tuple(d.disc[0][:2]))
    assert len(seen) > 1
    for d in _samples(s, 0, 5):
        assert d.disc[0] == s.disc[0]  # the owner knows its own pile


def test_the_copy_rolls_its_own_future():
    s = G.new({"players": 3}, 4)
    for _ in range(20):
        G.apply(s, G.legal_actions(s)[0])
    rngs = {d.rng for d in _samples(s, 0, 10)}
    assert s.rng not in rngs and len(rngs) == 10


# --- several cards discarded at once ----------------------------------------------------------------------

@pytest.mark.parametrize("card", ["Militia", "Cellar"])
def test_several_discards_show_others_only_the_top_and_the_count(card):
    if card == "Militia":
        s = start_turn(new("Militia"), hand=["Militia"], deck=[], discard1=["Province"],
                       hand1=["Copper", "Estate", "Gold", "Silver", "Duchy"])
        victim, watcher = 1, 0
    else:
        s = start_turn(new("Cellar"), hand=["Cellar", "Gold", "Estate", "Duchy"], deck=["Copper"] * 3,
                       discard=["Province"])
        victim, watcher = 0, 1
    play(s, card)
    choose(s, "Gold")
    assert G.view(s, watcher)["seats"][victim]["discard_top"] == "Province"  # nothing shown yet
    assert "Gold" not in json.dumps(G.view(s, watcher)["seats"])
    events = G.apply(s, G.action_from_json({"type": "choose", "card": "Estate"}), log=True)
    if card == "Cellar":
        events = G.apply(s, G.action_from_json({"type": "done"}), log=True)
    assert not s.stack
    assert f"Seat {victim + 1} discarded 2 cards, Estate on top" in [e.text for e in events]
    v = G.view(s, watcher)["seats"][victim]
    assert v["discard_top"] == "Estate" and v["discard_size"] == 3
    for d in _samples(s, watcher):
        assert names(d.disc[victim])[0] == "Province" and names(d.disc[victim])[-1] == "Estate"


# --- questions give nothing away ----------------------------------------------------------------------------

def _others_see(s, seat):
    v = G.view(s, seat)
    return {k: v[k] for k in ("to_move", "pending", "phase")}


def test_a_moat_question_comes_whether_or_not_the_moat_is_in_hand():
    views = []
    for hand1, deck1 in ((["Moat", "Copper", "Copper", "Estate", "Estate"], ["Gold"]),
                         (["Gold", "Copper", "Copper", "Estate", "Estate"], ["Moat"])):
        s = start_turn(new("Militia", "Moat"), hand=["Militia"], deck=["Copper"], hand1=hand1, deck1=deck1)
        play(s, "Militia")
        views.append(_others_see(s, 0))
        assert "Moat" not in json.dumps(views[-1]["pending"])  # neither the prompt nor its message arguments
    assert views[0] == views[1] and views[0]["to_move"] == 1


def test_a_bureaucrat_victim_is_asked_with_one_kind_of_victory_card_as_with_two():
    views = []
    for hand1 in (["Estate", "Duchy", "Copper"], ["Estate", "Estate", "Copper"]):
        s = start_turn(new("Bureaucrat"), hand=["Bureaucrat"], deck=["Copper"], hand1=hand1, deck1=["Gold"])
        play(s, "Bureaucrat")
        views.append(_others_see(s, 0))
    assert views[0] == views[1] and views[0]["to_move"] == 1


def test_library_pauses_alike_for_an_action_and_a_treasure():
    views = []
    for first in ("Village", "Silver"):
        s = start_turn(new("Library", "Village"), hand=["Library", "Copper"], deck=[first] + ["Copper"] * 8)
        play(s, "Library")
        views.append(_others_see(s, 1))
        assert "Action" not in json.dumps(views[-1])
    assert views[0] == views[1] and views[0]["to_move"] == 0


# --- properties over random games -----------------------------------------------------------------------------

GAMES = 300 if FULL else 40


def _hidden_slots(s, q):
    """What other seats cannot place of ``q``'s cards, as a sorted multiset (it must not change)."""
    known = list(s.hpub[q])
    out = []
    for c in s.hand[q]:
        if c in known:
            known.remove(c)
        else:
            out.append(c)
    free = len(s.deck[q]) - len(s.top[q])
    out += s.deck[q][:free] + [s.deck[q][free + i] for i, f in enumerate(s.top[q]) if not f]
    disc = s.disc[q]
    mask = s.dpub[q] | (1 << (len(disc) - 1) if disc else 0)
    out += [c for i, c in enumerate(disc) if not mask >> i & 1]
    return sorted(out + s.look[q])


def _assignment(s, q):
    return (tuple(sorted(s.hand[q])), tuple(sorted(s.deck[q])), tuple(s.disc[q]), tuple(s.look[q]))


@pytest.mark.parametrize("chunk", range(4))
def test_determinize_keeps_what_a_seat_knows_and_varies_the_rest(chunk):
    varied = checked = 0
    for g in range(GAMES // 4):
        seed = 1000 + chunk * GAMES + g
        opts = {"players": 2 + seed % 3, "kingdom": "random", "edition": ("first", "second")[seed % 2],
                "turn_limit": 40}
        s = G.new(opts, seed)
        agents = [RandomAgent(Rng(seed * 5 + i)) for i in range(s.players)]
        steps = 0
        while s.to_move is not None:
            G.apply(s, agents[s.to_move].act(G, s))
            steps += 1
            if steps % (11 + g % 7) or s.to_move is None:
                continue
            for seat in range(s.players):
                want = G.view(s, seat)
                ds = _samples(s, seat, 6)
                for d in ds:
                    assert G.view(d, seat) == want
                    assert d.rng != s.rng
                    assert d.hpub == s.hpub and d.dpub == s.dpub and d.top == s.top
                    assert d.owned == s.owned and d.play == s.play and d.aside == s.aside
                    for q in range(s.players):
                        assert [len(z[q]) for z in (d.hand, d.deck, d.disc, d.look)] == \
                            [len(z[q]) for z in (s.hand, s.deck, s.disc, s.look)]
                        if q == seat:
                            assert _assignment(d, q) == _assignment(s, q)
                        assert _hidden_slots(d, q) == _hidden_slots(s, q)
                for q in range(s.players):
                    if q == seat or len(set(_hidden_slots(s, q))) < 2:
                        continue
                    checked += 1
                    varied += len({_assignment(d, q) for d in ds}) > 1
    assert checked and varied >= 0.9 * checked


def test_deciding_on_a_determinized_copy_is_legal_in_the_real_game():
    """A seat's legal actions depend only on what it knows, so a choice made on its copy is legal."""
    for seed in range(30):
        s = G.new({"players": 3, "kingdom": "random", "edition": ("first", "second")[seed % 2],
                   "turn_limit": 30}, seed)
        r = Rng(seed)
        while s.to_move is not None:
            d = G.determinize(s, s.to_move, Rng(r.next64()))
            assert G.legal_actions(d) == G.legal_actions(s)
            acts = G.legal_actions(s)
            G.apply(s, acts[r.below(len(acts))])


def test_views_stay_json_with_knowledge():
    s = start_turn(new("Mine"), p=1, hand=["Mine", "Copper"], deck=["Estate"] * 5)
    play(s, "Mine")
    choose(s, "Copper")  # its only Treasure: one answer, still asked
    choose(s, "Silver")
    assert G.view(s, 0)["seats"][1]["hand_known"] == ["Silver"]
    json.dumps(G.view(s, None))
